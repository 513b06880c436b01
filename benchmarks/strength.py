"""How strong the engine is: tournaments with win rates and 95% confidence intervals.

The three pairings of issue 9, each over many games with the seats rotated
(game ``g`` puts the engine in seat ``g mod n``) and set-ups drawn from
seeds (``strength-<pairing>-<g // n>``, so every set-up is played from
every seat):

- ``greedy2``: the engine against the greedy player, 2 players;
- ``greedy4``: the engine against three greedy players, 4 players;
- ``self2``: the engine at a budget against itself at a tenth of it, 2 players;
- ``random2``: against the uniform random player (a kind, then one of that kind);
- ``oneply2``: against its own evaluation played one ply deep, without search
  (what the search adds; no target in the issue, 50% would be par).

A game counts as a win for the engine when it ranks first alone (a shared
first place counts half).  The interval is Wilson's score interval at 95%.
Budgets are simulations a decision (deterministic; ``--seconds`` searches
by time instead).  Games run on a process pool, or with ``--scheduler
tcp://HOST:PORT`` on the workers of a Dask cluster.

Beside those pairings, the tournaments of issue 23, all 2-player and
seat-balanced (games ``2k`` and ``2k + 1`` share a set-up, the seats swapped):

- ``--against NAME``: the engine against a ladder player (``investor``,
  ``trader``, ``cautious``, ``greedy``, ``random``, ``oneply``, ``engine/10``,
  ``engine/4``), with Wilson intervals and the engine's bankruptcies;
  ``--against investor,trader,cautious`` seats the engine with all three (4 players,
  every set-up played from each of the 4 seats: par is 25%);
  ``--paired OLD`` also plays (or reads from the journal) ``OLD``'s games on the same
  set-ups and seats and sets them beside ``--engine``'s, game by game (a change measured
  against the engine of before without an SPRT's pairs, at any number of players);
- ``--ladder``: a round robin of ``--player`` specs (the whole ladder and the
  engine by default), rated by Bradley-Terry in Elo with 95% intervals;
  ``--results`` writes the table into ``benchmarks/RESULTS.md``;
- ``--sprt NEW OLD``: a sequential probability ratio test of ``elo0`` against
  ``elo1`` on game pairs (pentanomial, or ``--trinomial``), stopping when it
  accepts or rejects the change;
- ``--time-curve``: the engine against the investor at 0.25, 0.5, 1, 2 and 4 s
  a move (``--curve-seconds``), as a table and an SVG plot (``--svg``).

``--journal FILE`` appends every game to FILE as it ends (JSON lines, with the commit and
the git tree of ``forexcli/``) and skips the games FILE already holds that the same code
played (this tree of ``forexcli/``, or one that differs from it only in files no game can
import: ``benchmarks/codekey.py``), so a long run that was stopped goes on where it was, and
runs of the same code add up; ``--journal-only`` prints the ``--against`` or
``--time-curve`` tables (and plot) of those games and plays none.

A player spec is a ladder name, ``engine``, ``engine:N`` (N simulations),
``engine:Ss`` (S seconds), ``engine/K`` (a K-th of the budget), or
``py:MODULE:FACTORY`` (``FACTORY(budget, seed)`` returns a player: an engine
change tested against a copy of the old one); an engine spec may end in ``@WEIGHTS``
(``engine@learned``: the package's learned weights; ``engine:200@FILE.json``; ``@win=0.4``).
Those weights are used at every number of players: ``@win=0.4`` is over the 2-player
defaults (``end_spread`` 0), so at 3 to 6 players add ``end_spread=2`` to keep the rest of
the engine's defaults there (``evaluate.MANY_WEIGHTS``); plain ``engine`` takes each game's.

    python -m benchmarks.strength --games 40 --simulations 1000 --processes 2
    python -m benchmarks.strength --ladder --games 4 --simulations 100 --results
    python -m benchmarks.strength --sprt engine engine/2 --elo0 0 --elo1 50
    python -m benchmarks.strength --sprt engine@learned engine --simulations 200
"""

from __future__ import annotations

import argparse
import importlib
import json
import math
import os
import subprocess
import time
from collections.abc import Callable, Collection, Sequence
from concurrent.futures import Executor, as_completed
from dataclasses import asdict, dataclass
from typing import Any

from benchmarks.codekey import same_code_trees
from benchmarks.match import parse_weights
from benchmarks.setups import label as setup_label
from benchmarks.stats import (
    Rating,
    bradley_terry,
    pentanomial,
    sprt,
    trinomial,
)
from benchmarks.stats import wilson as wilson  # where issue 9's tests import it from
from forexcli.cluster import pool
from forexcli.games.forex import notation
from forexcli.games.forex.rules import GameState, Spot, draw_removed, new_game
from forexcli.games.forex.search.evaluate import Weights
from forexcli.games.forex.search.game import play_game
from forexcli.games.forex.search.ladder import LADDER, ladder_answer, ladder_player
from forexcli.games.forex.search.mcts import Budget
from forexcli.games.forex.search.players import (
    NO_SPOTS,
    Answer,
    Entry,
    Player,
    accept_all,
    engine_answer,
    engine_choice,
    engine_player,
    greedy_player,
    heuristic_player,
    random_player,
)

PAIRINGS = ("greedy2", "greedy4", "self2", "random2", "oneply2")
TARGETS = {"greedy2": 0.85, "greedy4": 0.45, "self2": 0.65, "random2": 0.95, "oneply2": 0.5}


@dataclass(frozen=True)
class Outcome:
    """One game: the engine's score (1 win, 0.5 shared first, 0), its seat, the game's length."""

    score: float
    seat: int
    entries: int
    ending: str
    seconds: float


def _budget(simulations: int | None, seconds: float | None, factor: float = 1.0) -> Budget:
    if seconds is not None:
        return Budget(seconds=seconds * factor)
    assert simulations is not None
    return Budget(simulations=max(1, round(simulations * factor)))


def play_one(pairing: str, index: int, simulations: int | None, seconds: float | None) -> Outcome:
    """Play game ``index`` of ``pairing``; the engine (the stronger one in ``self2``) is scored."""
    players = 4 if pairing == "greedy4" else 2
    seat = index % players
    label = setup_label(f"strength-{pairing}", index // players)
    start = new_game([f"p{i}" for i in range(players)], draw_removed(label))
    engine = engine_player(_budget(simulations, seconds), seed=index)
    seats: list[Player] = []
    for other in range(players):
        if other == seat:
            seats.append(engine)
        elif pairing == "self2":
            seats.append(engine_player(_budget(simulations, seconds, 0.1), seed=index))
        elif pairing == "oneply2":
            seats.append(heuristic_player)
        elif pairing == "random2":
            seats.append(random_player(1000 * index + other))
        else:
            seats.append(greedy_player(1000 * index + other))
    began = time.perf_counter()
    game = play_game(start, seats)
    result = game.final.result
    assert result is not None
    firsts = [s for s, rank in enumerate(result.ranks) if rank == 1]
    score = (1.0 / len(firsts)) if seat in firsts else 0.0
    return Outcome(score, seat, len(game.entries), result.ending, time.perf_counter() - began)


def _commit() -> str:
    try:
        out = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=True
        )
        return out.stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


# --------------------------------------------------------------------------- ladder matches


Tally = list[tuple[int, float]]
"""The simulations and seconds of each search an engine player made."""


def _engine(budget: Budget, seed: int, weights: Weights | None, tally: Tally | None) -> Player:
    """``engine_player`` (``weights`` None: the defaults for the game's number of players),
    noting each search's simulations and seconds in ``tally``."""
    if tally is None:
        return engine_player(budget, seed, weights)

    def play(state: GameState, excluded: Collection[Spot] = NO_SPOTS) -> Entry:
        choice = engine_choice(state, budget, seed, weights, excluded)
        tally.append((choice.result.simulations, choice.result.seconds))
        return choice.entry

    return play


def player_of(spec: str, budget: Budget, seed: int, tally: Tally | None = None) -> Player:
    """The player of a spec (see the module's docstring); raises ``ValueError``.  An engine
    spec's searches are noted in ``tally`` when one is given."""
    if spec == "engine":
        return _engine(budget, seed, None, tally)
    if spec.startswith("py:"):
        module, _, factory = spec[3:].partition(":")
        made: Callable[[Budget, int], Player] = getattr(importlib.import_module(module), factory)
        return made(budget, seed)
    spec, at, source = spec.partition("@")
    weights: Weights | None = None
    if at:
        weights = parse_weights(source)
        if spec == "engine":
            return _engine(budget, seed, weights, tally)
    name, sep, amount = spec.partition(":")
    if sep and name == "engine":
        if amount.endswith("s"):
            return _engine(Budget(seconds=float(amount[:-1])), seed, weights, tally)
        return _engine(Budget(simulations=int(amount)), seed, weights, tally)
    if at:
        raise ValueError(f"only the engine takes weights: {spec}@{source}")
    return ladder_player(spec, budget, seed)


def answer_of(spec: str) -> Answer:
    """The answer to spot offers of a spec's player: ``ladder_answer``'s, the engine's for a
    ``py:`` spec and ``engine:...`` (a copy or a variant of the engine)."""
    if spec.startswith(("py:", "engine:")):
        return engine_answer
    return ladder_answer(spec)


@dataclass(frozen=True)
class Match:
    """One 2-player game between two specs: the first's score, seat and fate."""

    first: str
    second: str
    index: int
    score: float
    seat: int
    entries: int
    ending: str
    bankrupt: str | None
    """``first`` or ``second`` when that player went bankrupt, else None."""
    seconds: float
    searches: int = 0
    """The searches of ``first`` when it is an engine (one a decision it searched)."""
    simulations: int = 0
    """Their simulations in all."""
    search_seconds: float = 0.0
    """Their seconds in all."""
    moves: list[tuple[str, str]] | None = None
    """The game's entries (a player's name, the entry in notation, ``notation.parse`` reads
    it) when it ended by a bankruptcy or ``first`` did not win it alone: a search by time does
    not play the same game twice."""
    setup: str = ""
    """The set-up's label (``benchmarks.setups``); empty in games journaled before set-ups were
    drawn without repeats, whose label was ``SETUPS-(index // players)``."""


def play_match(
    first: str,
    second: str,
    index: int,
    simulations: int | None,
    seconds: float | None,
    setups: str = "ladder",
    consent: bool = True,
) -> Match:
    """Game ``index`` of ``first`` against ``second``: set-up ``index // 2`` of the series
    ``SETUPS`` (``benchmarks.setups``: ``SETUPS-(index // 2)`` unless its draw repeats), ``first``
    in seat ``index % 2`` (so games ``2k`` and ``2k + 1`` are a pair with the seats swapped).
    A spot is made only when its partner accepts it (``ladder_answer``), unless not ``consent``.

    ``second`` may name several players, ``a,b,c``: a game of ``n`` = 1 + their number
    players, set-up ``index // n``, ``first`` in seat ``index % n`` and the others
    in their order around it; ``bankrupt`` is ``second`` when any of them went bankrupt.
    """
    others = second.split(",")
    count = 1 + len(others)
    seat = index % count
    label = setup_label(setups, index // count)
    start = new_game([f"p{i}" for i in range(count)], draw_removed(label))
    budget = _budget(simulations, seconds)
    tally: Tally = []
    mine = player_of(first, budget, seed=count * index + 1, tally=tally)
    theirs = [player_of(o, budget, seed=count * index + 2 + k) for k, o in enumerate(others)]
    began = time.perf_counter()
    names = [*others[:seat], first, *others[seat:]]
    players = [*theirs[:seat], mine, *theirs[seat:]]
    answers = [answer_of(name.partition("@")[0]) if consent else accept_all for name in names]
    game = play_game(start, players, answers)
    result = game.final.result
    assert result is not None
    firsts = result.winners()
    score = (1.0 / len(firsts)) if seat in firsts else 0.0
    fate = None if result.bankrupt is None else ("first" if result.bankrupt == seat else "second")
    moves = None
    if fate is not None or score < 1.0:  # a bankruptcy or a game not won: kept to study
        moves = [(who, _written(entry)) for who, entry in game.entries]
    return Match(first, second, index, score, seat, len(game.entries), result.ending, fate,
                 time.perf_counter() - began, len(tally), sum(n for n, _ in tally),
                 sum(s for _, s in tally), moves, label)  # fmt: skip


def _written(entry: Entry) -> str:
    """An entry in notation: a spot and its action, or one decision."""
    if isinstance(entry[0], Spot):
        return notation.write_entry(notation.Written(entry[0], entry[1]))
    return notation.write(entry[0])


def _budget_text(simulations: int | None, seconds: float | None) -> str:
    return f"{seconds:g} s" if seconds is not None else f"{simulations} simulations"


def _journal_key(
    first: str, second: str, index: int, budget: str, setups: str, setup: str = ""
) -> str:
    """A game's journal key: its set-up's label only where it is not ``SETUPS-(index // n)``
    (a repeated draw replaced), so that the other games keep their keys."""
    own = not setup or setup == f"{setups}-{index // (1 + len(second.split(',')))}"
    return json.dumps([first, second, index, budget, setups, *([] if own else [setup])])


def _key_now(first: str, second: str, index: int, budget: str, setups: str) -> str:
    """The journal key of the game ``play_match`` plays now (its set-up's label)."""
    label = setup_label(setups, index // (1 + len(second.split(","))))
    return _journal_key(first, second, index, budget, setups, label)


def _journal_records(path: str) -> list[dict[str, Any]]:
    """A journal's records (a missing file holds none; a torn last line is skipped, as a run
    stopped while writing leaves it)."""
    try:
        with open(path, encoding="utf-8") as handle:
            lines = handle.read().splitlines()
    except FileNotFoundError:
        return []
    records = []
    for line in lines:
        try:
            records.append(json.loads(line))
        except json.JSONDecodeError:
            continue
    return records


def read_journal(path: str, codes: Collection[str] | None = None) -> dict[str, Match]:
    """The games a journal holds, by job; with ``codes``, only the games played by those
    trees of ``forexcli/`` (another code's games are another engine's)."""
    found: dict[str, Match] = {}
    for record in _journal_records(path):
        budget, setups = record.pop("budget"), record.pop("setups")
        record.pop("commit", None)
        code = record.pop("code", None)
        if codes is not None and code not in codes:
            continue
        if record.get("moves") is not None:
            record["moves"] = [(who, text) for who, text in record["moves"]]
        match = Match(**record)
        key = _journal_key(match.first, match.second, match.index, budget, setups, match.setup)
        found[key] = match
    return found


def _end_torn_line(path: str) -> None:
    """End the last line of ``path`` (a run stopped while writing it) before appending."""
    try:
        with open(path, "rb") as handle:
            handle.seek(0, os.SEEK_END)
            if handle.tell() == 0:
                return
            handle.seek(-1, os.SEEK_END)
            torn = handle.read(1) != b"\n"
    except FileNotFoundError:
        return
    if torn:
        with open(path, "a", encoding="utf-8") as handle:
            handle.write("\n")


def _code_tree() -> str:
    """The git tree of ``forexcli/`` at HEAD, ``+changed`` after it when the work tree's
    ``forexcli/`` differs from it: runs of the same search code share it."""
    try:
        out = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD:forexcli"],
            capture_output=True, text=True, check=True,
        )  # fmt: skip
        changed = subprocess.run(["git", "diff", "--quiet", "HEAD", "--", "forexcli"], check=False)
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return out.stdout.strip() + ("+changed" if changed.returncode else "")


def same_code(journal: str, code: str) -> set[str]:
    """``code`` and the trees of ``forexcli/`` in ``journal`` that hold the same code as the
    work tree in every file a game can run (``codekey``): their games count as this tree's."""
    trees = {str(record.get("code")) for record in _journal_records(journal)} - {code}
    return {code} | same_code_trees(trees)


def run_matches(
    executor: Executor,
    jobs: Sequence[tuple[str, str, int]],
    simulations: int | None,
    seconds: float | None,
    setups: str = "ladder",
    journal: str | None = None,
    play: bool = True,
) -> list[Match]:
    """Play ``(first, second, index)`` games on ``executor``; the results in the order given.

    With a ``journal`` (a JSON-lines file), each game is appended to it as it ends, and a
    game the journal already holds (same players, index, budget and set-ups, played by the
    same code: this tree of ``forexcli/`` or one that differs only in files no game can
    run, see ``same_code``) is not played again: a run that was stopped goes on where it
    was.  Unless ``play``, no game is played:
    the results are those of the journal's games only.
    """
    budget = _budget_text(simulations, seconds)
    keys = [_key_now(a, b, index, budget, setups) for a, b, index in jobs]
    code = _code_tree()
    done = read_journal(journal, same_code(journal, code)) if journal else {}
    if journal:
        _end_torn_line(journal)
    futures = {
        executor.submit(play_match, a, b, index, simulations, seconds, setups): key
        for (a, b, index), key in zip(jobs, keys, strict=True)
        if key not in done and play
    }
    stamp = {"budget": budget, "setups": setups, "commit": _commit(), "code": code}
    for future in as_completed(futures):
        match = future.result()
        done[futures[future]] = match
        if journal:
            with open(journal, "a", encoding="utf-8") as handle:
                handle.write(json.dumps({**asdict(match), **stamp}) + "\n")
                handle.flush()
                os.fsync(handle.fileno())
    return [done[key] for key in keys if key in done]


def pair_points(matches: Sequence[Match]) -> list[float]:
    """The first player's points in each complete pair of games (same set-up, seats swapped)."""
    by_pair: dict[tuple[str, str, int], list[float]] = {}
    for m in matches:
        by_pair.setdefault((m.first, m.second, m.index // 2), []).append(m.score)
    return [sum(scores) for scores in by_pair.values() if len(scores) == 2]


def against_table(
    rows: Sequence[tuple[str, Sequence[Match]]], label: str = "opponent"
) -> list[str]:
    """One line per row (an opponent, or another ``label``): the engine's score, win rate,
    Wilson interval, bankruptcies, seconds a game, and the engine's simulations a search and
    a second of search."""
    lines = [
        f"| {label:10} | games | score | win rate | 95% interval | engine bankrupt"
        " | opponent bankrupt | s/game | simulations a search | simulations/s |",
        "|---|---:|---:|---:|---|---:|---:|---:|---:|---:|",
    ]
    for name, matches in rows:
        games = len(matches)
        score = sum(m.score for m in matches)
        low, high = wilson(score, games)
        mine = sum(m.bankrupt == "first" for m in matches)
        theirs = sum(m.bankrupt == "second" for m in matches)
        per_game = sum(m.seconds for m in matches) / max(games, 1)
        searches = sum(m.searches for m in matches)
        simulations = sum(m.simulations for m in matches)
        search_seconds = sum(m.search_seconds for m in matches)
        per_search = f"{simulations / searches:.0f}" if searches else "-"
        rate = f"{simulations / search_seconds:.0f}" if search_seconds else "-"
        lines.append(
            f"| {name:10} | {games} | {score:g} | {score / max(games, 1):.0%} |"
            f" {low:.0%}..{high:.0%} | {mine} | {theirs} | {per_game:.1f} | {per_search} |"
            f" {rate} |"
        )
    return lines


def paired_line(name: str, new: Sequence[Match], old: Sequence[Match]) -> str:
    """How ``new``'s games compare with ``old``'s on the same set-ups and seats (by index):
    the games both played, each side's points, how many came out the same, better or worse
    for ``new``, and the mean difference a game with its standard error."""
    before = {m.index: m.score for m in old}
    diffs = [m.score - before[m.index] for m in new if m.index in before]
    games = len(diffs)
    if not games:
        return f"{name}: no game played by both"
    points = sum(m.score for m in new if m.index in before)
    mean = sum(diffs) / games
    spread = sum((d - mean) ** 2 for d in diffs) / (games - 1) if games > 1 else 0.0
    better = sum(d > 0 for d in diffs)
    worse = sum(d < 0 for d in diffs)
    return (
        f"{name}: {games} games both played; {points:g} against {points - sum(diffs):g};"
        f" {games - better - worse} the same, {better} better, {worse} worse;"
        f" mean {mean:+.3f} a game, standard error {math.sqrt(spread / games):.3f}"
    )


def round_robin_jobs(
    specs: Sequence[str], games: int, start: int = 0
) -> list[tuple[str, str, int]]:
    """Every pair of ``specs`` over ``games`` games (rounded up to whole seat-swapped pairs)."""
    pairs = (games + 1) // 2
    return [
        (a, b, index)
        for i, a in enumerate(specs)
        for b in specs[i + 1 :]
        for index in range(2 * start, 2 * (start + pairs))
    ]


def ratings_of(specs: Sequence[str], matches: Sequence[Match]) -> list[Rating]:
    """Bradley-Terry ratings of a round robin (one virtual draw per pair that met), best first."""
    where = {spec: i for i, spec in enumerate(specs)}
    games = [(where[m.first], where[m.second], m.score) for m in matches]
    ratings = bradley_terry(specs, games, prior=1.0)
    return sorted(ratings, key=lambda r: -r.elo)


def ratings_table(ratings: Sequence[Rating]) -> list[str]:
    """The ratings as a Markdown table: Elo with its 95% interval, games and score."""
    lines = [
        "| player | Elo | 95% interval | games | score |",
        "|---|---:|---|---:|---:|",
    ]
    for r in ratings:
        low, high = r.interval()
        lines.append(
            f"| {r.name} | {r.elo:+.0f} | {low:+.0f}..{high:+.0f} | {r.games} |"
            f" {r.score:g} ({r.score / max(r.games, 1):.0%}) |"
        )
    return lines


def crosstable(specs: Sequence[str], matches: Sequence[Match]) -> list[str]:
    """Each row player's points against each column player (of the games they met in)."""
    points: dict[tuple[str, str], list[float]] = {}
    for m in matches:
        points.setdefault((m.first, m.second), []).append(m.score)
        points.setdefault((m.second, m.first), []).append(1.0 - m.score)
    lines = ["| | " + " | ".join(specs) + " |", "|---|" + "---:|" * len(specs)]
    for a in specs:
        cells = []
        for b in specs:
            got = points.get((a, b))
            cells.append("" if a == b or not got else f"{sum(got):g}/{len(got)}")
        lines.append(f"| {a} | " + " | ".join(cells) + " |")
    return lines


BEGIN = "<!-- strength:{name}:begin -->"
END = "<!-- strength:{name}:end -->"


def with_section(document: str, name: str, body: str) -> str:
    """``document`` with the section ``name`` (between its markers) replaced by ``body``, or
    ``body`` in new markers at the end when the document has none."""
    begin, end = BEGIN.format(name=name), END.format(name=name)
    block = f"{begin}\n{body.rstrip()}\n{end}"
    if begin in document and end in document:
        head, rest = document.split(begin, 1)
        _, tail = rest.split(end, 1)
        return head + block + tail
    return document.rstrip() + "\n\n" + block + "\n"


def write_section(path: str, name: str, body: str) -> None:
    """Write the section into the file at ``path`` (atomically)."""
    from forexcli.record.files import write_output

    old = ""
    if os.path.exists(path):
        with open(path, encoding="utf-8") as handle:
            old = handle.read()
    write_output(path, with_section(old, name, body), force=True)


# --------------------------------------------------------------------------- SPRT


def run_sprt(
    executor: Executor,
    new: str,
    old: str,
    args: argparse.Namespace,
    batch: int,
) -> tuple[str, list[Match]]:
    """Play pairs of games between ``new`` and ``old`` in batches until the SPRT decides."""
    matches: list[Match] = []
    index = 2 * args.start
    verdict = "continue"
    while verdict == "continue" and len(matches) < 2 * args.max_pairs:
        jobs = [(new, old, index + k) for k in range(2 * batch)]
        index += 2 * batch
        matches.extend(run_matches(executor, jobs, args.simulations, args.seconds, "sprt"))
        if args.trinomial:
            counts = trinomial([m.score for m in matches])
        else:
            counts = pentanomial(pair_points(matches))
        test = sprt(counts, args.elo0, args.elo1, args.alpha, args.beta)
        verdict = test.verdict
        print(f"games {len(matches):5d}; counts {counts}; LLR {test.llr:+.2f}"
              f" ({test.lower:+.2f}, {test.upper:+.2f}): {verdict}", flush=True)  # fmt: skip
    if verdict == "continue":
        verdict = "inconclusive"
    return verdict, matches


# --------------------------------------------------------------------------- time curve


def curve_svg(points: Sequence[tuple[float, float, float, float, int]], title: str) -> str:
    """A plot of win rate against seconds a move (log scale), with the Wilson intervals.

    ``points``: (seconds, win rate, low, high, games), rates 0..1.
    """
    from forexcli.games.forex.svg import FONT, xml_escape

    width, height, left, right, top, bottom = 560, 340, 60, 20, 40, 50
    inner_w, inner_h = width - left - right, height - top - bottom
    xs = [math.log2(p[0]) for p in points]
    lo_x, hi_x = (min(xs), max(xs)) if xs else (0.0, 1.0)
    span = (hi_x - lo_x) or 1.0

    def x_at(seconds: float) -> float:
        return left + inner_w * (math.log2(seconds) - lo_x) / span

    def y_at(rate: float) -> float:
        return top + inner_h * (1.0 - rate)

    out = [
        '<?xml version="1.0" encoding="UTF-8" standalone="no"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{width}"'
        f' height="{height}" viewBox="0 0 {width} {height}" font-family="{FONT}">',
        f"<title>{xml_escape(title)}</title>",
        "<desc>"
        + xml_escape(
            "; ".join(
                f"{p[0]:g} s: {p[1]:.0%} ({p[2]:.0%} to {p[3]:.0%}, {p[4]} games)" for p in points
            )
        )
        + "</desc>",
        f'<rect x="0" y="0" width="{width}" height="{height}" fill="#ffffff"/>',
        f'<text x="{width / 2:.1f}" y="22" font-size="14" text-anchor="middle">'
        f"{xml_escape(title)}</text>",
    ]
    for rate in (0.0, 0.25, 0.5, 0.75, 1.0):
        y = y_at(rate)
        out.append(f'<line x1="{left}" y1="{y:.1f}" x2="{width - right}" y2="{y:.1f}"'
                   f' stroke="#dddddd"/>')  # fmt: skip
        out.append(f'<text x="{left - 6}" y="{y + 4:.1f}" font-size="11" text-anchor="end">'
                   f"{rate:.0%}</text>")  # fmt: skip
    for p in points:
        x = x_at(p[0])
        out.append(f'<text x="{x:.1f}" y="{height - bottom + 18}" font-size="11"'
                   f' text-anchor="middle">{p[0]:g} s</text>')  # fmt: skip
        out.append(f'<line x1="{x:.1f}" y1="{y_at(p[2]):.1f}" x2="{x:.1f}" y2="{y_at(p[3]):.1f}"'
                   ' stroke="#1f77b4" stroke-width="1.5"/>')  # fmt: skip
    if points:
        path = " ".join(f"{x_at(p[0]):.1f},{y_at(p[1]):.1f}" for p in points)
        out.append(f'<polyline points="{path}" fill="none" stroke="#1f77b4" stroke-width="2"/>')
        out.extend(f'<circle cx="{x_at(p[0]):.1f}" cy="{y_at(p[1]):.1f}" r="3.5"'
                   ' fill="#1f77b4"/>' for p in points)  # fmt: skip
    out.append(f'<text x="{width / 2:.1f}" y="{height - 12}" font-size="12"'
               ' text-anchor="middle">seconds a move (log scale)</text>')  # fmt: skip
    out.append("</svg>")
    return "\n".join(out) + "\n"


# --------------------------------------------------------------------------- main


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairing", action="append", choices=PAIRINGS, help="[all but random2]")
    parser.add_argument("--games", type=int, default=20, help="games per pairing [20]")
    parser.add_argument(
        "--start", type=int, default=0, help="the first game's index (to extend a run) [0]"
    )
    parser.add_argument("--simulations", type=int, default=1000, help="per decision [1000]")
    parser.add_argument("--seconds", type=float, help="per decision, instead of simulations")
    parser.add_argument("--processes", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--scheduler", metavar="tcp://HOST:PORT", help="a Dask scheduler")
    parser.add_argument("--against", action="append", metavar="SPEC",
                        help="the engine against this player, seat-balanced")  # fmt: skip
    parser.add_argument("--engine", default="engine", metavar="SPEC",
                        help="the engine of --against, e.g. engine@learned [engine]")  # fmt: skip
    parser.add_argument("--paired", metavar="SPEC",
                        help="with --against: --engine's games set beside this spec's, game"
                        " by game (same set-ups and seats; played unless journalled)")  # fmt: skip
    parser.add_argument("--ladder", action="store_true", help="a round robin of --player specs")
    parser.add_argument("--player", action="append", metavar="SPEC",
                        help="a player of the round robin [the ladder and the engine]")  # fmt: skip
    parser.add_argument("--results", nargs="?", const="benchmarks/RESULTS.md", metavar="FILE",
                        help="write the tables into FILE [benchmarks/RESULTS.md]")  # fmt: skip
    parser.add_argument("--journal", metavar="FILE",
                        help="append each game to FILE (JSON lines) and skip the games it"
                        " holds, so a stopped run goes on")  # fmt: skip
    parser.add_argument("--journal-only", action="store_true",
                        help="play no game: --against's or --time-curve's tables of the"
                        " journal's games")  # fmt: skip
    parser.add_argument("--sprt", nargs=2, metavar=("NEW", "OLD"), help="an SPRT of NEW vs OLD")
    parser.add_argument("--elo0", type=float, default=0.0, help="H0's Elo gain [0]")
    parser.add_argument("--elo1", type=float, default=50.0, help="H1's Elo gain [50]")
    parser.add_argument("--alpha", type=float, default=0.05, help="false acceptance [0.05]")
    parser.add_argument("--beta", type=float, default=0.05, help="false rejection [0.05]")
    parser.add_argument("--max-pairs", type=int, default=500, help="then stop undecided [500]")
    parser.add_argument("--trinomial", action="store_true", help="count games, not pairs")
    parser.add_argument("--time-curve", action="store_true", help="win rate against time")
    parser.add_argument("--curve-seconds", default="0.25,0.5,1,2,4", metavar="S,S,...")
    parser.add_argument("--curve-opponent", default="investor", metavar="SPEC")
    parser.add_argument("--svg", default="benchmarks/strength-time.svg", metavar="FILE")
    return parser


def main(argv: list[str] | None = None) -> None:
    """Run the tournaments asked for and print their tables."""
    args = _parser().parse_args(argv)
    budget = f"{args.seconds:g} s" if args.seconds else f"{args.simulations} simulations"
    load = os.getloadavg()[0]
    print(f"commit {_commit()}; budget {budget} a decision; {args.processes} processes;"
          f" load average at start {load:.2f}")  # fmt: skip
    with pool(args.scheduler, args.processes) as executor:
        if args.sprt:
            new, old = args.sprt
            verdict, matches = run_sprt(executor, new, old, args, max(1, args.processes))
            print(f"SPRT {new} against {old}: {verdict} after {len(matches)} games")
        elif args.time_curve:
            _time_curve(executor, args)
        elif args.ladder:
            _ladder(executor, args)
        elif args.against:
            _against(executor, args)
        else:
            _pairings(executor, args)
    print(f"load average at end {os.getloadavg()[0]:.2f}")


def _against(executor: Executor, args: argparse.Namespace) -> None:
    rows = []
    pairs: list[str] = []
    for name in args.against:
        count = 2 + name.count(",")  # every set-up from every seat
        sets = -(-args.games // count)
        jobs = [
            (args.engine, name, i) for i in range(count * args.start, count * (args.start + sets))
        ]
        matches = run_matches(
            executor,
            jobs,
            args.simulations,
            args.seconds,
            journal=args.journal,
            play=not args.journal_only,
        )
        rows.append((name, matches))
        print(against_table(rows)[-1], flush=True)
        if args.paired:
            old_jobs = [(args.paired, opponent, index) for _, opponent, index in jobs]
            old = run_matches(executor, old_jobs, args.simulations, args.seconds,
                              journal=args.journal, play=not args.journal_only)  # fmt: skip
            pairs.append(paired_line(f"{args.engine} against {args.paired}, {name}", matches, old))
    table = "\n".join(against_table(rows))
    print(table)
    for line in pairs:
        print(line)
    if args.results:
        budget = f"{args.seconds:g} s" if args.seconds else f"{args.simulations} simulations"
        write_section(args.results, "against", f"The engine at {budget} a decision, commit"
                      f" {_commit()}:\n\n{table}\n")  # fmt: skip


def _ladder(executor: Executor, args: argparse.Namespace) -> None:
    specs = args.player or [*LADDER, "engine"]
    matches = run_matches(executor, round_robin_jobs(specs, args.games, args.start),
                          args.simulations, args.seconds, journal=args.journal)  # fmt: skip
    ratings = "\n".join(ratings_table(ratings_of(specs, matches)))
    cross = "\n".join(crosstable(specs, matches))
    bankrupt = sum(m.bankrupt is not None for m in matches)
    print(ratings)
    print()
    print(cross)
    print(f"{len(matches)} games, {bankrupt} ended by a bankruptcy")
    if args.results:
        budget = f"{args.seconds:g} s" if args.seconds else f"{args.simulations} simulations"
        body = (f"Round robin at commit {_commit()}, engines at {budget} a decision,"
                f" {len(matches)} games ({bankrupt} ended by a bankruptcy):\n\n{ratings}\n\n"
                f"Points of the row player against the column player:\n\n{cross}\n")  # fmt: skip
        write_section(args.results, "ladder", body)


def _time_curve(executor: Executor, args: argparse.Namespace) -> None:
    from forexcli.record.files import write_output

    points = []
    rows: list[tuple[str, Sequence[Match]]] = []
    pairs = (args.games + 1) // 2
    for text in args.curve_seconds.split(","):
        seconds = float(text)
        jobs = [(f"engine:{seconds:g}s", args.curve_opponent, i)
                for i in range(2 * args.start, 2 * (args.start + pairs))]  # fmt: skip
        matches = run_matches(executor, jobs, args.simulations, None, "curve", args.journal,
                              play=not args.journal_only)  # fmt: skip
        if not matches:  # --journal-only, and the journal holds no game of this budget
            continue
        score = sum(m.score for m in matches)
        low, high = wilson(score, len(matches))
        points.append((seconds, score / len(matches), low, high, len(matches)))
        rows.append((f"{seconds:g}", matches))
        print(against_table(rows, "seconds a move")[-1], flush=True)
    title = f"The engine against the {args.curve_opponent}: win rate by time a move"
    write_output(args.svg, curve_svg(points, title), force=True)
    table = "\n".join(against_table(rows, "seconds a move"))
    print(table)
    if args.results:
        head = f"Commit {_commit()}, 2 players, seat-balanced, against the {args.curve_opponent}"
        write_section(args.results, "time", f"{head} (plot: `{args.svg}`):\n\n{table}\n")


def _pairings(executor: Executor, args: argparse.Namespace) -> None:
    pairings = args.pairing or ["greedy2", "greedy4", "self2"]
    print(f"games {args.start} to {args.start + args.games - 1} of each pairing")
    print(f"{'pairing':10} {'games':>5} {'score':>7} {'win rate':>9} {'95% CI':>15}"
          f" {'target':>7} {'met':>4} {'entries':>8} {'s/game':>7}")  # fmt: skip
    for pairing in pairings:
        began = time.perf_counter()
        futures = [
            executor.submit(play_one, pairing, index, args.simulations, args.seconds)
            for index in range(args.start, args.start + args.games)
        ]
        outcomes = [future.result() for future in futures]
        score = sum(o.score for o in outcomes)
        low, high = wilson(score, len(outcomes))
        target = TARGETS[pairing]
        met = "yes" if low >= target else ("no" if high < target else "?")
        entries = sum(o.entries for o in outcomes) / len(outcomes)
        per_game = sum(o.seconds for o in outcomes) / len(outcomes)
        print(
            f"{pairing:10} {len(outcomes):5d} {score:7.1f} {score / len(outcomes):9.1%}"
            f" {f'{low:.1%}..{high:.1%}':>15} {target:7.0%} {met:>4} {entries:8.1f}"
            f" {per_game:7.1f}"
        )
        endings: dict[str, int] = {}
        for o in outcomes:
            endings[o.ending] = endings.get(o.ending, 0) + 1
        print(f"{'':10} endings: {endings}; wall {time.perf_counter() - began:.0f} s",
              flush=True)  # fmt: skip
    print("met: yes = the whole 95% interval is at or above the target; no = below it;"
          " ? = the interval straddles it")  # fmt: skip


if __name__ == "__main__":
    main()
