"""The engine seat against players that offer it spots freely, as ``forex play`` answers them
(issue 43, "Targets").

Game ``g`` against a ladder player: 2 players, set-up ``g // 2`` of the ``ladder`` series
(``benchmarks.setups``: ``ladder-(g // 2)`` unless its draw repeats an earlier one's), the engine
in seat ``g % 2`` (named ``computer``, the other seat by the ladder player's name), so games ``2k``
and ``2k + 1`` are a pair with the seats swapped.  Each decision goes through the code
``forex play`` runs against an engine seat, called in process (no log is written: a test
plays one game through the CLI and checks that its log holds the same entries):

- the ladder player decides as it likes, spots to the engine included; an entry that opens
  with a spot to the engine is put to the engine's consent, ``Game.offer_refusal`` (what
  ``replies.declined_problem`` asks before ``forex play`` writes a move: the one rule,
  ``players.refusal`` over ``consent.accepts``); a refused offer is left out and the player
  chooses again (its next preferred entry), as a person would after ``spot_declined``;
- the engine decides by ``replies.engine_entry`` (what ``forex play``'s replies and
  ``--engine`` call), at a fixed number of simulations a decision and seed 0 (``forex
  play``'s default ``--seed``); its offer to the ladder player is answered by that player's
  ``ladder_answer`` (``forex play FILE NAME accept`` or ``decline``), and after a refusal
  the engine chooses again without it (``replies.answer_offer``).

Counted per opponent: the engine's score (a shared first place counts half), Wilson's 95%
interval, its bankruptcies, and those *through an accepted spot*: the engine went bankrupt
and a spot it accepted in that game took from it a currency its failing payment (the loan
left at the front of the queue) was short of.  That criterion over-counts (the spot may
not have made the difference); a count of 0 is the claim.  Also the offers made to the
engine, accepted and refused, and the engine's offers to its rival, accepted and refused.

``ONE_SECOND`` is the number of simulations the engine searches in a second on this machine
(measured by ``--calibrate``: a 1 s search of a few positions, on one quiet core);
``--simulations`` defaults to it, ``--budget-divisor D`` divides it.  ``--journal FILE``
appends each game as it ends (JSON lines) and skips the games FILE holds already (same
opponent, index, simulations and ``--end-spread``), so a stopped run goes on;
``--journal-only`` prints the table of FILE's games.

``--end-spread B`` plays the engine with ``evaluate.TWO_PLAYER_END_SPREAD`` set to B (its
search and its answers to offers alike), the default's (2 since issue 43's one-ply losses)
otherwise; ``--end-spread 0`` is the engine before, the exact 2-player ending.  Each value's
games are kept apart in the journal (the key names B unless 0), so runs share one journal.

    python -m benchmarks.spot_offers --calibrate
    nice -n 10 python -m benchmarks.spot_offers --games 200 --processes 2 \
        --journal spot-offers.jsonl
    python -m benchmarks.spot_offers --against trader --games 40 --budget-divisor 10
    python -m benchmarks.spot_offers --against oneply --end-spread 0 --games 200
"""

from __future__ import annotations

import argparse
import json
import os
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from typing import Any

from benchmarks import setups
from benchmarks.stats import wilson
from benchmarks.strength import _code_tree, _commit, _end_torn_line, _journal_records, _written
from forexcli.games.base import Budget
from forexcli.games.forex.game import FOREX
from forexcli.games.forex.rules import GameState, Loan, Spot, apply, draw_removed, new_game
from forexcli.games.forex.rules.board import CURRENCIES
from forexcli.games.forex.search import evaluate, ladder
from forexcli.games.forex.search.ladder import LADDER, Style, ladder_answer, ladder_player
from forexcli.games.forex.search.players import Entry
from forexcli.replies import engine_entry

OPPONENTS = tuple(name for name in LADDER if not name.startswith("engine"))
"""The non-engine ladder players, each of which plays the engine seat."""

SERIES = "ladder"
"""The series of set-ups (``benchmarks.setups``) the games start from."""

ENGINE = "computer"
"""The engine seat's name."""

ONE_SECOND = 1000
"""Simulations a second of the engine's search on this machine, one quiet core (``--calibrate``:
see ``benchmarks/RESULTS.md``, "Spot offers to an engine seat")."""

SEED = 0
"""The engine's search seed (``forex play``'s default ``--seed``)."""


@dataclass
class Offered:
    """One game against an offerer: its outcome and what was offered."""

    opponent: str
    index: int
    seat: int
    """The engine's seat."""
    score: float
    ending: str
    bankrupt: str | None
    """``engine`` or ``opponent`` when that player went bankrupt, else None."""
    through_spot: bool
    """The engine went bankrupt short of a currency that a spot it accepted took from it."""
    short: list[str]
    """The currencies the engine's failing payment lacked (when it went bankrupt)."""
    offers: int
    """Offers the opponent put to the engine."""
    accepted: list[tuple[int, str]] = field(default_factory=list)
    """The offers the engine accepted: (entry number, the entry)."""
    refused: list[tuple[int, str]] = field(default_factory=list)
    """The offers the engine refused: (entry number it would have been, the entry)."""
    engine_offers: int = 0
    engine_offers_taken: int = 0
    entries: int = 0
    engine_decisions: int = 0
    engine_seconds: float = 0.0
    seconds: float = 0.0
    moves: list[tuple[str, str]] = field(default_factory=list)
    """The game's entries (the player, the entry as ``forex play`` writes it)."""
    end_spread: float = 0.0
    """The engine's ``evaluate.TWO_PLAYER_END_SPREAD`` (0 in the journals' games played before
    the setting, the default then; 2 is the default since)."""
    setup: str = ""
    """The set-up's label (``setups.label``); empty in the journals' games played before set-ups
    were drawn without repeats, whose label was ``ladder-(index // 2)``."""


def start_of(opponent: str, index: int) -> tuple[GameState, int]:
    """Game ``index``'s start (set-up ``index // 2`` of the ``ladder`` series) and the engine's
    seat."""
    seat = index % 2
    names = [opponent, ENGINE] if seat else [ENGINE, opponent]
    return new_game(names, setups.removed(SERIES, index // 2)), seat


def _partner_seat(state: GameState, entry: Entry) -> int | None:
    """The seat an entry's opening spot goes to, else None."""
    partner = FOREX.offer_partner(entry)
    return None if partner is None else state.players.index(partner)


def engine_turn(state: GameState, budget: Budget, answer: Any, game: Offered) -> Entry:
    """The engine's entry, as ``forex play`` makes it: ``replies.engine_entry``; an offer to
    the rival is put to the rival's ``answer`` and, refused, left out of the next choice."""
    declined: list[Spot] = []
    while True:
        began = time.perf_counter()
        entry, _ = engine_entry(
            FOREX, state, budget, seed=SEED, engines=(ENGINE,), declined=tuple(declined)
        )
        game.engine_seconds += time.perf_counter() - began
        game.engine_decisions += 1
        partner = _partner_seat(state, entry)
        if partner is None:
            return entry
        spot = entry[0]
        assert isinstance(spot, Spot)
        game.engine_offers += 1
        if answer(state, spot, partner):
            game.engine_offers_taken += 1
            return entry
        declined.append(spot)


_VALUES: dict[tuple[GameState, int, Style], float] = {}
"""``ladder.value`` of the positions valued in the turn being chosen (see ``remembered``)."""


@contextmanager
def remembered() -> Iterator[None]:
    """``ladder.value`` remembered for the positions of one turn, while a styled player chooses
    again after a refusal (it values the same positions again: pure, the same values, each
    found once; ``offerer_turn`` forgets them at each turn)."""
    original = ladder.value

    def value(state: GameState, seat: int, style: Style) -> float:
        key = (state, seat, style)
        found = _VALUES.get(key)
        if found is None:
            found = _VALUES[key] = original(state, seat, style)
        return found

    ladder.value = value
    try:
        yield
    finally:
        ladder.value = original
        _VALUES.clear()


def offerer_turn(state: GameState, player: Any, game: Offered) -> Entry:
    """The ladder player's entry: its first choice, and while that opens with a spot the
    engine refuses (``Game.offer_refusal``, as ``forex play`` asks), its next without it."""
    refused: set[Spot] = set()
    _VALUES.clear()
    number = len(game.moves) + 1
    while True:
        entry: Entry = player(state, frozenset(refused))
        if _partner_seat(state, entry) is None:
            return entry
        game.offers += 1
        spot = entry[0]
        assert isinstance(spot, Spot)
        if FOREX.offer_refusal(state, entry) is None:
            game.accepted.append((number, _written(entry)))
            return entry
        game.refused.append((number, _written(entry)))
        refused.add(spot)


def failing_short(final: GameState, seat: int) -> list[int]:
    """The currencies ``seat``'s failing loan (left at the front of the queue) lacked."""
    if not final.queue:
        return []
    loan = final.queue[0]
    if not isinstance(loan, Loan) or loan.owner != seat:
        return []
    return [c for c, owed in enumerate(loan.owes) if owed > final.money[seat][c]]


@contextmanager
def end_spread(bucks: float) -> Iterator[None]:
    """``evaluate.TWO_PLAYER_END_SPREAD`` set to ``bucks`` inside the block."""
    original = evaluate.TWO_PLAYER_END_SPREAD
    evaluate.TWO_PLAYER_END_SPREAD = bucks
    try:
        yield
    finally:
        evaluate.TWO_PLAYER_END_SPREAD = original


def play_offered(
    opponent: str, index: int, simulations: int, spread: float | None = None
) -> Offered:
    """Game ``index`` of the engine (``simulations`` a decision, ``TWO_PLAYER_END_SPREAD``
    ``spread``, None: the default's) against ``opponent``."""
    if spread is None:
        spread = evaluate.TWO_PLAYER_END_SPREAD
    with end_spread(spread):
        game = _play_offered(opponent, index, simulations)
    game.end_spread = spread
    return game


def _play_offered(opponent: str, index: int, simulations: int) -> Offered:
    state, seat = start_of(opponent, index)
    player = ladder_player(opponent, Budget(simulations=1), seed=2 * index + 2)
    answer = ladder_answer(opponent)
    budget = Budget(simulations=simulations)
    game = Offered(opponent, index, seat, 0.0, "", None, False, [], 0)
    game.setup = setups.label(SERIES, index // 2)
    began = time.perf_counter()
    taken: list[Spot] = []
    with remembered():
        while not state.is_over:
            mover = state.pending.player
            if mover == seat:
                entry = engine_turn(state, budget, answer, game)
            else:
                entry = offerer_turn(state, player, game)
                if _partner_seat(state, entry) == seat:
                    assert isinstance(entry[0], Spot)
                    taken.append(entry[0])
            game.moves.append((state.players[mover or 0], FOREX.write(entry)))
            for step in entry:
                state = apply(state, step)
    result = state.result
    assert result is not None
    firsts = result.winners()
    game.score = (1.0 / len(firsts)) if seat in firsts else 0.0
    game.ending = result.ending
    game.entries = len(game.moves)
    if result.bankrupt is not None:
        game.bankrupt = "engine" if result.bankrupt == seat else "opponent"
    if result.bankrupt == seat:
        short = failing_short(state, seat)
        game.short = [CURRENCIES[c] for c in short]
        game.through_spot = any(s.get_currency in game.short for s in taken)
    game.seconds = time.perf_counter() - began
    return game


# --------------------------------------------------------------------------- the table


def table(rows: Sequence[tuple[str, Sequence[Offered]]]) -> list[str]:
    """One line per opponent: score, win rate, Wilson interval, bankruptcies (through an
    accepted spot), offers to the engine (accepted / refused), the engine's own offers
    (taken of made), seconds a game and a engine decision."""
    lines = [
        "| opponent | games | score | win rate | 95% interval | engine bankrupt"
        " | through an accepted spot | opponent bankrupt | offers to the engine | accepted"
        " | refused | engine's offers taken | s/game | s/engine decision |",
        "|---|--:|--:|--:|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|",
    ]
    for name, games in rows:
        count = len(games)
        score = sum(g.score for g in games)
        low, high = wilson(score, count)
        decisions = sum(g.engine_decisions for g in games)
        per_decision = sum(g.engine_seconds for g in games) / max(decisions, 1)
        lines.append(
            f"| {name} | {count} | {score:g} | {score / max(count, 1):.1%} |"
            f" {low:.1%}..{high:.1%} | {sum(g.bankrupt == 'engine' for g in games)} |"
            f" {sum(g.through_spot for g in games)} |"
            f" {sum(g.bankrupt == 'opponent' for g in games)} | {sum(g.offers for g in games)} |"
            f" {sum(len(g.accepted) for g in games)} | {sum(len(g.refused) for g in games)} |"
            f" {sum(g.engine_offers_taken for g in games)} of"
            f" {sum(g.engine_offers for g in games)} |"
            f" {sum(g.seconds for g in games) / max(count, 1):.1f} | {per_decision:.3f} |"
        )
    return lines


# --------------------------------------------------------------------------- the journal


def _key(opponent: str, index: int, simulations: int, spread: float = 0.0, setup: str = "") -> str:
    """A game's journal key; the exact ending's (``spread`` 0) as before the setting, and a
    set-up's label only where it is not ``ladder-(index // 2)`` (a repeated draw replaced)."""
    own = not setup or setup == f"{SERIES}-{index // 2}"
    return json.dumps([opponent, index, simulations, *([spread] if spread else []),
                       *([] if own else [setup])])  # fmt: skip


def _key_of(opponent: str, index: int, simulations: int, spread: float = 0.0) -> str:
    """The journal key of the game ``play_offered`` plays now (its set-up's label)."""
    return _key(opponent, index, simulations, spread, setups.label(SERIES, index // 2))


def read_journal(path: str) -> dict[str, Offered]:
    """The games of a journal by key (opponent, index, simulations, end spread); the last of
    a key wins."""
    found: dict[str, Offered] = {}
    for record in _journal_records(path):
        simulations = record.pop("simulations")
        for name in ("commit", "code", "load"):
            record.pop(name, None)
        for name in ("accepted", "refused", "moves"):
            record[name] = [(a, b) for a, b in record.get(name, [])]
        game = Offered(**record)
        key = _key(game.opponent, game.index, simulations, game.end_spread, game.setup)
        found[key] = game
    return found


def run(
    opponents: Sequence[str],
    games: int,
    simulations: int,
    processes: int = 1,
    journal: str | None = None,
    start: int = 0,
    play: bool = True,
    spread: float | None = None,
) -> list[tuple[str, list[Offered]]]:
    """Play (or read from ``journal``) games ``start`` to ``start + games - 1`` against each
    opponent, interleaved so that a stopped run has played a share of every opponent's; the
    engine's ``TWO_PLAYER_END_SPREAD`` is ``spread`` (None: the default's)."""
    if spread is None:
        spread = evaluate.TWO_PLAYER_END_SPREAD
    done = read_journal(journal) if journal else {}
    if journal:
        _end_torn_line(journal)
    jobs = [(name, index) for index in range(start, start + games) for name in opponents]
    stamp = {"simulations": simulations, "commit": _commit(), "code": _code_tree()}
    with ProcessPoolExecutor(max_workers=max(1, processes)) as pool:
        futures: dict[Future[Offered], str] = {
            pool.submit(play_offered, name, index, simulations, spread): key
            for name, index in jobs
            if play and (key := _key_of(name, index, simulations, spread)) not in done
        }
        for future in as_completed(futures):
            game = future.result()
            done[futures[future]] = game
            if journal:
                record = {**asdict(game), **stamp, "load": round(os.getloadavg()[0], 2)}
                with open(journal, "a", encoding="utf-8") as handle:
                    handle.write(json.dumps(record) + "\n")
            if game.bankrupt == "engine":
                print(
                    f"{game.opponent} game {game.index}: engine bankrupt ({game.ending}),"
                    f" short of {', '.join(game.short) or '?'}; accepted"
                    f" {len(game.accepted)} spots; through one: {game.through_spot}",
                    flush=True,
                )
    rows = []
    for name in opponents:
        keys = [_key_of(name, index, simulations, spread) for index in range(start, start + games)]
        rows.append((name, [done[key] for key in keys if key in done]))
    return rows


# --------------------------------------------------------------------------- calibration


def calibrate(simulations: int = 4000, positions: int = 6) -> float:
    """Simulations a second of the engine's search on one core: ``positions`` positions of
    an investor against a trader (set-up ``calibrate-0``, every 8th entry from the 8th), each
    searched for ``simulations`` and timed by the process's CPU time (so that other
    processes on the machine change it little); prints each and returns the mean rate."""
    from forexcli.games.forex.search.mcts import Budget as SearchBudget
    from forexcli.games.forex.search.mcts import search

    names = ["investor", "trader"]
    state = new_game(names, draw_removed("calibrate-0"))
    players = [ladder_player(n, SearchBudget(simulations=1), seed=k) for k, n in enumerate(names)]
    rates: list[float] = []
    number = 0
    while not state.is_over and len(rates) < positions:
        number += 1
        if number % 8 == 0:
            began, wall = time.process_time(), time.perf_counter()
            result = search(state, SearchBudget(simulations=simulations), seed=SEED)
            cpu, wall = time.process_time() - began, time.perf_counter() - wall
            rates.append(result.simulations / cpu)
            print(f"entry {number}: {result.simulations} simulations in {cpu:.2f} s of CPU"
                  f" ({wall:.2f} s wall) = {rates[-1]:.0f}/s; load {os.getloadavg()[0]:.2f}",
                  flush=True)  # fmt: skip
        mover = state.pending.player
        assert mover is not None
        for step in players[mover](state):
            state = apply(state, step)
    mean = sum(rates) / len(rates)
    print(f"mean {mean:.0f} simulations a CPU second over {len(rates)} positions")
    return mean


def main(argv: list[str] | None = None) -> None:
    """Play the games (or calibrate) and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", action="append", choices=OPPONENTS, metavar="NAME",
                        help=f"a ladder player [all: {', '.join(OPPONENTS)}]")  # fmt: skip
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--simulations", type=int, default=ONE_SECOND,
                        help="the engine's simulations a decision [about 1 s]")  # fmt: skip
    parser.add_argument("--budget-divisor", type=int, default=1, metavar="D",
                        help="search a D-th of --simulations")  # fmt: skip
    parser.add_argument(
        "--end-spread", type=float, default=evaluate.TWO_PLAYER_END_SPREAD, metavar="B",
        help="the engine's TWO_PLAYER_END_SPREAD [the default's]",
    )  # fmt: skip
    parser.add_argument("--processes", type=int, default=1)
    parser.add_argument("--journal", metavar="FILE")
    parser.add_argument("--journal-only", action="store_true", help="play no game")
    parser.add_argument("--calibrate", action="store_true", help="measure simulations a second")
    args = parser.parse_args(argv)
    if args.calibrate:
        calibrate()
        return
    simulations = max(1, args.simulations // args.budget_divisor)
    opponents = args.against or list(OPPONENTS)
    spread = f"; end spread {args.end_spread:g}"
    print(f"commit {_commit()}; engine at {simulations} simulations a decision{spread};"
          f" load {os.getloadavg()[0]:.2f}", flush=True)  # fmt: skip
    rows = run(opponents, args.games, simulations, args.processes, args.journal, args.start,
               play=not args.journal_only, spread=args.end_spread)  # fmt: skip
    print("\n".join(table(rows)))
    print(f"load {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
