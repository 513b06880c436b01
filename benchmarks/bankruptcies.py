"""The engine's bankruptcies in seat-balanced games, each replayed to say whether a line
avoided it (issue 23, "no avoidable bankruptcy").

Game ``g`` against an opponent: set-up ``g // 2`` of the ``ladder`` series
(``benchmarks.setups``), the engine in seat ``g % 2``, spots made only with the partner's
consent (``ladder_answer``), as in ``strength.play_match``; against ``a,b,c`` (4 players),
set-up ``g // 4``, the
engine in seat ``g % 4`` and the others in their order around it.  When the engine goes
bankrupt, every engine decision of the game from the last one back is tried again with
each of its other candidate entries, the rest of the game played by the same players; the
bankruptcy was *avoidable* when one of those games ends without it.  ``--write FILE`` keeps
every game (JSON lines) for a later look.

``--journal FILE`` plays no new game: it takes the engine's bankruptcies from a journal of
``benchmarks.strength`` (the games it keeps the entries of) and tries each the same way, at
``--simulations`` (a search by time does not replay, so a fixed budget stands in for it);
in a game of the engine against itself (``engine:1s``) a bankruptcy of either side counts,
both replayed as ``engine``.  ``--tries N`` goes ``N`` engine decisions back instead of 6.

    nice -n 10 python -m benchmarks.bankruptcies --against investor --against trader \
        --games 20 --simulations 200
    python -m benchmarks.bankruptcies --journal benchmarks/journals/ladder-1s.jsonl
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import time
from collections.abc import Callable, Sequence

from benchmarks.setups import label as setup_label
from benchmarks.strength import Match, read_journal
from forexcli.games.forex import notation
from forexcli.games.forex.rules import Decision, GameState, Spot, apply, draw_removed, new_game
from forexcli.games.forex.search.candidates import candidates
from forexcli.games.forex.search.encoding import SPOT, decision
from forexcli.games.forex.search.game import play_game
from forexcli.games.forex.search.ladder import ladder_answer, ladder_player
from forexcli.games.forex.search.mcts import Budget
from forexcli.games.forex.search.players import Entry, Player, engine_player

TRIES = 6
"""Engine decisions tried again, from the last one back, when looking for an avoiding line."""


def _names(opponent: str, seat: int) -> list[str]:
    """The players by seat: the engine in ``seat``, the opponents (``a,b,c``) around it."""
    others = opponent.split(",")
    return [*others[:seat], "engine", *others[seat:]]


def _players(opponent: str, seat: int, budget: Budget, index: int) -> list[Player]:
    """The players of game ``index``, seeded as ``strength.play_match`` seeds them."""
    others = opponent.split(",")
    count = 1 + len(others)
    mine = engine_player(budget, seed=count * index + 1)
    theirs = [
        ladder_player(name, budget, seed=count * index + 2 + k) for k, name in enumerate(others)
    ]
    return [*theirs[:seat], mine, *theirs[seat:]]


def _entries_of(state: GameState) -> list[Entry]:
    """The mover's candidate entries (a spot with the best-looking action after it)."""
    out: list[Entry] = []
    for action in candidates(state):
        first: Decision = decision(state, action)
        if isinstance(first, Spot):
            after = apply(state, first)
            out.extend((first, decision(after, a)) for a in candidates(after) if a[0] != SPOT)
        else:
            out.append((first,))
    return out


def avoidable(
    start: GameState,
    entries: Sequence[tuple[str, Entry]],
    opponent: str,
    seat: int,
    budget: Budget,
    index: int,
    tries: int = TRIES,
) -> int | None:
    """The entry number at which another engine entry avoided the bankruptcy (None: not found
    in the last ``tries`` engine decisions)."""
    return changed_at(
        start, entries, opponent, seat, budget, index, tries, lambda final: final.bankrupt != seat
    )


def changed_at(
    start: GameState,
    entries: Sequence[tuple[str, Entry]],
    opponent: str,
    seat: int,
    budget: Budget,
    index: int,
    tries: int,
    wanted: Callable[[GameState], bool],
) -> int | None:
    """The last entry number at which another entry of the engine in ``seat`` led to a final
    position that is ``wanted`` (the rest of the game played by the same players, at
    ``budget``), trying the engine's last ``tries`` decisions from the last one back; None:
    no such entry found."""
    answers = [ladder_answer(name) for name in _names(opponent, seat)]
    states = [start]
    for _, entry in entries:
        state = states[-1]
        for step in entry:
            state = apply(state, step)
        states.append(state)
    mine = [i for i, (who, _) in enumerate(entries) if who == start.players[seat]]
    for number in reversed(mine[-tries:]):
        state = states[number]
        for entry in _entries_of(state):
            if entry == entries[number][1]:
                continue
            try:
                after = state
                for step in entry:
                    after = apply(after, step)
            except Exception:  # an entry the rules refuse is no line
                continue
            if isinstance(entry[0], Spot):
                partner = state.players.index(entry[0].partner)
                if not answers[partner](state, entry[0], partner):
                    continue
            players = _players(opponent, seat, budget, index)
            final = after if after.is_over else play_game(after, players, answers).final
            if wanted(final):
                return number
    return None


def replayed(match: Match, setups: str = "ladder") -> tuple[GameState, list[tuple[str, Entry]]]:
    """The start of a journal's game (its set-up's label, or ``SETUPS-(index // players)`` for
    a game journaled before set-ups were drawn without repeats) and its entries
    (``match.moves``, read back)."""
    if match.moves is None:
        raise ValueError(
            f"game {match.index} kept no entries: only a bankruptcy's or a game's not won are kept"
        )
    count = 1 + len(match.second.split(","))
    players = [f"p{i}" for i in range(count)]
    start = new_game(players, draw_removed(match.setup or f"{setups}-{match.index // count}"))
    entries = []
    for who, text in match.moves:
        entries.append((who, notation.parse(who, text).decisions()))
    return start, entries


def _bankrupt_engine(match: Match) -> tuple[int, str] | None:
    """The seat of the engine that went bankrupt in ``match`` and the players around it (as
    ``_names`` reads them), or None: the first side is always an engine; the second is one
    in a game of the engine against itself (``engine:1s``), replayed as ``engine``."""
    if match.bankrupt == "first":
        return match.seat, match.second
    if match.bankrupt == "second" and match.second.partition(":")[0] == "engine":
        return 1 - match.seat, "engine"
    return None


def _from_journal(path: str, budget: Budget, tries: int) -> None:
    """Try again each engine bankruptcy of a journal's games; one line each."""
    found = [m for m in read_journal(path).values() if _bankrupt_engine(m) is not None]
    print(f"{len(found)} engine bankruptcies in {path}")
    for match in found:
        bankrupt = _bankrupt_engine(match)
        assert bankrupt is not None
        seat, opponent = bankrupt
        side = "engine" if match.bankrupt == "first" else match.second
        name = f"{match.second} game {match.index} ({side} in seat {seat})"
        if match.moves is None:
            print(f"{name}: its entries were not kept; it cannot be replayed")
            continue
        start, entries = replayed(match)
        at = avoidable(start, entries, opponent, seat, budget, match.index, tries)
        found_at = "no avoiding line found" if at is None else f"avoidable at entry {at}"
        print(f"{name}: {match.ending}; {found_at}", flush=True)


def main(argv: list[str] | None = None) -> None:
    """Play the games, print one line per engine bankruptcy and a table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", action="append", default=[], metavar="NAME",
                        help="a ladder player, or a,b,c for a 4-player game")  # fmt: skip
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--simulations", type=int, default=200)
    parser.add_argument("--tries", type=int, default=TRIES,
                        help="engine decisions tried again, from the last one back")  # fmt: skip
    parser.add_argument("--write", metavar="FILE")
    parser.add_argument("--journal", metavar="FILE", help="a strength journal's bankruptcies")
    args = parser.parse_args(argv)
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True,
                            text=True, check=False).stdout.strip()  # fmt: skip
    print(f"commit {commit}; {args.simulations} simulations; load {os.getloadavg()[0]:.2f}")
    budget = Budget(simulations=args.simulations)
    if args.journal:
        _from_journal(args.journal, budget, args.tries)
        return
    rows = []
    for opponent in args.against or ["investor"]:
        score = 0.0
        bankrupt: list[tuple[int, int | None]] = []
        theirs = 0
        began = time.perf_counter()
        count = 2 + opponent.count(",")
        for index in range(args.games):
            seat = index % count
            players = [f"p{i}" for i in range(count)]
            start = new_game(players, draw_removed(setup_label("ladder", index // count)))
            answers = [ladder_answer(name) for name in _names(opponent, seat)]
            game = play_game(start, _players(opponent, seat, budget, index), answers)
            result = game.final.result
            assert result is not None
            firsts = result.winners()
            score += (1.0 / len(firsts)) if seat in firsts else 0.0
            if args.write:
                with open(args.write, "a", encoding="utf-8") as out:
                    out.write(json.dumps({"opponent": opponent, "game": index, "seat": seat,
                                          "ending": result.ending, "bankrupt": result.bankrupt,
                                          "entries": len(game.entries)}) + "\n")  # fmt: skip
            if result.bankrupt == seat:
                at = avoidable(start, game.entries, opponent, seat, budget, index, args.tries)
                bankrupt.append((index, at))
                found = "no avoiding line found" if at is None else f"avoidable at entry {at}"
                print(f"{opponent} game {index}: engine bankrupt ({result.ending}); {found}",
                      flush=True)  # fmt: skip
            elif result.bankrupt is not None:
                theirs += 1
        rows.append((opponent, args.games, score, bankrupt, theirs,
                     (time.perf_counter() - began) / args.games))  # fmt: skip
    print(
        "| opponent | games | engine's score | engine bankrupt | of them avoidable"
        " | opponent bankrupt | s/game |"
    )
    print("|---|--:|--:|--:|--:|--:|--:|")
    for opponent, games, score, bankrupt, theirs, per in rows:
        avoid = sum(at is not None for _, at in bankrupt)
        print(
            f"| {opponent} | {games} | {score:g} | {len(bankrupt)} | {avoid} | {theirs}"
            f" | {per:.1f} |"
        )
    print(f"load {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
