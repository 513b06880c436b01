"""The engine beside a World Exchangers game: hints, analysis, engine entries, self-play.

The library behind ``forex hint``, ``analyse``, ``play --engine`` and
``selfplay`` for World Exchangers logs: the game-independent search
(``forexcli.search``) over ``search.WORLDEX_SEARCH``.  A value is the
player's chance of winning as the search estimates it.  Pure: the log text
of a self-play game is made here, its files are read and written by the
command.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Optional

from msgspec import Struct

from ...search.advice import (
    BLUNDER,
    DUBIOUS,
    MISTAKE,
    Engine,
    Hint,
    Verdict,
    analyse,
    engine_player,
    hint,
    play_game,
)
from ...search.ismcts import Budget, Progress
from .engine import Components, FirstPlayerNeeded, Setup, State, new_game
from .search import WORLDEX_SEARCH, greedy_player, quick_decision, random_player

PLAYOUT = 6
"""Plies of random play (``quick_decision``) after a new node, then the evaluation: stronger
than none at the same simulations (benchmarks/RESULTS.md)."""

ENGINE = Engine(WORLDEX_SEARCH, policy=quick_decision, playout=PLAYOUT)

VALUE_MEANING = "the player's chance of winning, as the search estimates it"
VALUE_NOTE = "value = the player's chance of winning as the search estimates it, in percent"

THRESHOLD_NOTE = (
    f"dubious: loses {100 * DUBIOUS:g} points of value or more against the engine's choice;"
    f" mistake: {100 * MISTAKE:g}; blunder: {100 * BLUNDER:g}"
)
"""The verdicts' thresholds (``search.advice``), in words."""

SEAT_KINDS = ("engine", "greedy", "random")


def worldex_hint(
    state: State,
    budget: Budget,
    *,
    top: int = 3,
    seed: int = 0,
    progress: Optional[Progress] = None,
) -> Hint:
    """The ``top`` best entries for the player on turn."""
    return hint(ENGINE, state, budget, top=top, seed=seed, progress=progress)


def engine_entry_text(
    state: State, budget: Budget, seed: int = 0, progress: Optional[Progress] = None
) -> str:
    """The engine's entry for the player on turn, written as ``forex play`` takes it."""
    found = hint(ENGINE, state, budget, top=1, seed=seed, progress=progress)
    return found.suggestions[0].text


def worldex_analyse(
    played: Any,
    budget: Budget,
    first: int,
    last: int,
    *,
    seed: int = 0,
    progress: Optional[Progress] = None,
) -> list[Verdict]:
    """Judge entries ``first`` to ``last`` (1-based) of a replayed log (``gamelog.Replay``,
    every entry legal); the deck's reveals are not judged."""
    positions = [
        (number, played.state_after(number - 1), played.log.entries[number - 1].decisions)
        for number in range(first, last + 1)
    ]
    return analyse(ENGINE, positions, budget, seed=seed, progress=progress)


# --------------------------------------------------------------------------- self-play


class Seat(Struct, frozen=True):
    """Who plays a seat: ``engine`` with its budget, ``greedy`` or ``random``."""

    kind: str
    plan: Optional[Budget] = None

    def label(self) -> str:
        """``engine (200 simulations)``, ``greedy``."""
        return f"{self.kind} ({self.plan.describe()})" if self.plan else self.kind


def parse_seat(text: str, default: Budget) -> Seat:
    """``engine``, ``engine:500`` (simulations), ``engine:0.5s`` (seconds), ``engine/10`` (a
    tenth of the budget), ``greedy`` or ``random``; raises ``ValueError`` with a reason."""
    spec, slash, divisor = text.strip().partition("/")
    kind, sep, amount = spec.partition(":")
    if kind not in SEAT_KINDS:
        raise ValueError(
            f"{text!r}: a World Exchangers seat is one of {', '.join(SEAT_KINDS)}"
            " (engine:500, engine:1s, engine/10)"
        )
    if kind != "engine":
        if sep or slash:
            raise ValueError(f"{text!r}: only an engine seat takes a budget")
        return Seat(kind)
    plan = default
    try:
        if sep and amount.endswith("s"):
            plan = Budget(seconds=float(amount[:-1]))
        elif sep:
            plan = Budget(simulations=int(amount))
    except ValueError as error:
        if "must" in str(error):
            raise ValueError(f"{text!r}: {error}") from None
        raise ValueError(f"{text!r}: write engine:SIMULATIONS or engine:SECONDSs") from None
    if not slash:
        return Seat(kind, plan)
    if not divisor.isdigit() or not 1 <= int(divisor) <= 1000:
        raise ValueError(f"{text!r}: write engine/K with K a whole number from 1 to 1000")
    return Seat(kind, plan.share(int(divisor)))


def seat_player(seat: Seat, seed: int) -> Any:
    """The player of a seat (deterministic for a seed with a simulations budget)."""
    if seat.kind == "greedy":
        return greedy_player(seed)
    if seat.kind == "random":
        return random_player(seed)
    assert seat.plan is not None
    return engine_player(ENGINE, seat.plan, seed)


def seeded_start(components: Components, names: Sequence[str], seed: str) -> State:
    """The game the seed deals to ``names`` (the first seat starts when nobody holds red)."""
    setup = Setup(players=tuple(names), deal="seed", seed=seed)
    try:
        return new_game(components, setup)
    except FirstPlayerNeeded:
        return new_game(components, Setup(players=tuple(names), deal="seed", seed=seed,
                                          first=names[0]))  # fmt: skip


class SelfPlayGame(Struct, frozen=True):
    """A finished self-play game: its log text and its result."""

    index: int
    text: str
    players: tuple[str, ...]
    labels: tuple[str, ...]
    ranks: tuple[int, ...]
    totals: tuple[int, ...]
    ending: str
    moves: int


def selfplay_game(
    seats: Sequence[Seat],
    seed: str,
    index: int,
    started: str,
    components: Components,
    components_file: str,
    sha256: str,
) -> SelfPlayGame:
    """Play one game between ``seats`` (in seat order) dealt from ``seed``, as log text.

    The header is ``forex new``'s (``deal: seed``, the components file named
    relative to the log's folder as ``components_file``); the entries are
    written as ``forex play`` writes them, with digests.
    """
    from ...record.entrytext import entry_lines
    from ..base import state_digest
    from . import WORLDEX
    from .newlog import new_log_text

    names = tuple(f"{seat.kind}{number + 1}" for number, seat in enumerate(seats))
    labels = tuple(seat.label() for seat in seats)
    start = seeded_start(components, names, seed)
    number_seed = sum(ord(ch) for ch in seed) * 1000 + index
    players = [seat_player(seat, number_seed + n) for n, seat in enumerate(seats)]
    final, entries = play_game(WORLDEX_SEARCH, start, players, seed=number_seed)
    title = f"selfplay {index}: " + ", ".join(
        f"{n} = {lab}" for n, lab in zip(names, labels, strict=True)
    )
    first = names[start.first]
    header = new_log_text(names, components_file, sha256, seed, first=first, title=title[:200],
                          started=started)  # fmt: skip
    lines = []
    state = start
    for entry in entries:
        for step in entry:
            state = WORLDEX.apply(state, step)
        lines.append(
            entry_lines(
                WORLDEX.key(entry),
                WORLDEX.write(entry),
                None,
                state_digest(WORLDEX, state),
                "  ",
                "\n",
            )
        )
    text = header.replace("moves: []\n", "moves:\n" + "".join(lines)) if lines else header
    result = final.result
    assert result is not None
    totals = tuple(score.total for score in result.scores)
    return SelfPlayGame(index, text, names, labels, result.ranks, totals, "month 12",
                        len(entries))  # fmt: skip
