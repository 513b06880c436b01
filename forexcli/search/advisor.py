"""The engine beside any game: hints, engine entries, judged decisions, self-play games.

The library behind ``forex hint``, ``analyse``, ``play --engine`` and
``selfplay``, written once for every game: a game supplies its search and
its words through ``games.base.Advisor`` (``Searches`` for the search
alone).  A value is a seat's mean from 0 to 1, in the game's own meaning
(``Advisor.value_meaning``).  Every entry the engine suggests is checked
against the game's ``legal`` and ``apply`` here.  Pure: the log text of a
self-play game is made here, its files are read and written by the command.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any, Optional

from msgspec import Struct

from ..games.base import Advice, Advisor, Budget, Game, Searches, state_digest

FORCED_VISITS_SHARE = 10
"""A judged entry is searched at least 1/10 of the budget's simulations (min 8)."""

Progress = Callable[[int], None]


def budget(seconds: Optional[float], simulations: Optional[int], default: float = 1.0) -> Budget:
    """The search budget of the options (``default`` seconds when neither is given); raises
    ``ValueError``."""
    if seconds is None and simulations is None:
        seconds = default
    return Budget(simulations=simulations, seconds=seconds)


# --------------------------------------------------------------------------- hints


class Suggestion(Struct, frozen=True):
    """One entry the engine suggests, with its value and the line it expects."""

    decisions: tuple[Any, ...]
    text: str
    value: float
    """The mover's value after it (0 to 1)."""
    values: tuple[float, ...]
    visits: int
    line: tuple[tuple[str, str], ...]
    """The line expected after it: (log key, entry text), as ``forex play`` takes them."""
    rule: Optional[str] = None
    """Why the search ranks it out of the order of visits (``games.base.Advice.rule``)."""
    reason: Optional[str] = None
    """The ``rule`` in words (``ranked last: leaves your loan B 3 CHF short``)."""


class Hint(Struct, frozen=True):
    """The best entries found for whoever decides next."""

    player: str
    suggestions: tuple[Suggestion, ...]
    simulations: int
    seconds: float
    players: tuple[str, ...]


def checked(game: Game[Any, Any], state: Any, decisions: Sequence[Any]) -> Any:
    """The state after ``decisions``, each one of the game's ``legal`` ones and applied by
    its ``apply`` (the rules stay the judge of what the search proposes)."""
    for step in decisions:
        if step not in game.legal(state):
            raise AssertionError(f"the search proposed {step}, which is not legal")
        state = game.apply(state, step)
    return state


def _suggestion(searcher: Searches, found: Advice, mover: int) -> Suggestion:
    """``found`` as a suggestion, each entry written as ``forex moves`` lists it."""
    texts = found.texts or tuple(map(searcher.write, (found.entry, *found.line)))
    line = tuple(
        (searcher.key(entry), text) for entry, text in zip(found.line, texts[1:], strict=True)
    )
    return Suggestion(
        found.entry, texts[0], found.values[mover], found.values, found.visits, line,
        found.rule, found.reason,
    )  # fmt: skip


def hint(
    searcher: Searches,
    state: Any,
    plan: Budget,
    *,
    top: int = 3,
    seed: int = 0,
    progress: Optional[Progress] = None,
    decided: bool = False,
    skip: Optional[Callable[[tuple[Any, ...]], bool]] = None,
) -> Hint:
    """The ``top`` best entries (distinct) for the player who decides in ``state``.

    ``decided`` (one entry wanted, not the figures of the others) lets the search stop
    once its choice can no longer change; the entries ``skip`` says yes to (offers an
    engine seat declines) are left out.
    """
    mover = searcher.mover(state)
    if mover is None:
        raise ValueError("no player decides now")
    searched = searcher.advise(state, plan, seed=seed, progress=progress, decided=decided)
    suggestions: list[Suggestion] = []
    seen: set[str] = set()
    for found in searched.advice:
        if skip is not None and skip(tuple(found.entry)):
            continue
        suggestion = _suggestion(searcher, found, mover)
        if suggestion.text in seen:
            continue
        seen.add(suggestion.text)
        suggestions.append(suggestion)
        if len(suggestions) >= top:
            break
    names = searcher.names(state)
    return Hint(names[mover], tuple(suggestions), searched.simulations, searched.seconds, names)


def engine_entry(
    searcher: Searches,
    state: Any,
    plan: Budget,
    seed: int = 0,
    progress: Optional[Progress] = None,
) -> tuple[Any, ...]:
    """The engine's entry for the player who decides in ``state``."""
    found = hint(searcher, state, plan, top=1, seed=seed, progress=progress, decided=True)
    return found.suggestions[0].decisions


def engine_decision(game: Game[Any, Any], state: Any, plan: Budget, seed: int = 0,
                    progress: Optional[Progress] = None) -> str:  # fmt: skip
    """The engine's entry for the player who decides in ``state`` of ``game`` (a
    ``Game`` the engine plays), checked by the rules and written as ``forex play`` takes it."""
    advisor = game.advisor()
    entry = engine_entry(advisor, state, plan, seed, progress)
    checked(game, state, entry)
    return advisor.write(entry)


# --------------------------------------------------------------------------- analysis


_OLD_VERDICT = re.compile(r"\s*\[engine: (?:(?!\[engine: ).)*\]\Z", re.DOTALL)
"""The verdict an earlier analysis ended a note with: from the last ``[engine: `` (a player's
name may hold a ``]``, never a ``:``) to the ``]`` that ends the note."""


def noted(old: Optional[str], verdict: Any) -> str:
    """The note of a judged entry: the note already there (an older verdict replaced) and
    ``verdict.note()`` (a ``search.verdicts.Graded``)."""
    kept = _OLD_VERDICT.sub("", old or "").rstrip()  # a block scalar's note ends with a newline
    return f"{kept} {verdict.note()}" if kept else verdict.note()


def unnoted(old: str) -> Optional[str]:
    """A note without the verdict an earlier analysis ended it with (None: nothing else),
    for an entry the analysis now finds good."""
    return _OLD_VERDICT.sub("", old) or None


# --------------------------------------------------------------------------- self-play


class Seat(Struct, frozen=True):
    """Who plays a seat in self-play: ``engine`` with its budget, or a player without search."""

    kind: str
    plan: Optional[Budget] = None

    def label(self) -> str:
        """``engine (200 simulations)``, ``greedy``."""
        return f"{self.kind} ({self.plan.describe()})" if self.plan else self.kind


def parse_seat(text: str, default: Budget, kinds: Sequence[str]) -> Seat:
    """``engine``, ``engine:500`` (simulations), ``engine:0.5s`` (seconds), ``engine/10`` (a
    tenth of the budget; ``engine:2000/4`` a quarter of 2000), or another of ``kinds``.

    Raises ``ValueError`` with a readable reason.
    """
    spec, slash, divisor = text.strip().partition("/")
    kind, sep, amount = spec.partition(":")
    if kind not in kinds:
        raise ValueError(
            f"{text!r}: a seat is one of {', '.join(kinds)} (engine:500, engine:1s, engine/10)"
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
    game: Game[Any, Any], seats: Sequence[Seat], seed: str, index: int, started: str, resources: Any
) -> SelfPlayGame:
    """Play one game of ``game`` (a ``Game`` the engine plays) between ``seats`` (in seat order)
    from the set-up the seed deals, as log text.

    The header is ``forex new``'s; the entries are written as ``forex play``
    writes them, with digests, each applied by the rules.
    """
    advisor: Advisor = game.advisor()
    names = tuple(f"{seat.kind}{number + 1}" for number, seat in enumerate(seats))
    labels = tuple(seat.label() for seat in seats)
    start = advisor.start(names, seed, resources)
    number_seed = sum(ord(ch) for ch in seed) * 1000 + index
    entries = advisor.play(start, [(seat.kind, seat.plan) for seat in seats], number_seed)
    title = f"selfplay {index}: " + ", ".join(
        f"{n} = {lab}" for n, lab in zip(names, labels, strict=True)
    )
    header = advisor.header(start, names, seed, title[:200], started, resources)
    from ..record.entrytext import entry_lines

    lines = []
    state = start
    for entry in entries:
        for step in entry:
            state = game.apply(state, step)
        text = game.write(entry)
        lines.append(
            entry_lines(game.key(entry), text, None, state_digest(game, state), "  ", "\n")
        )
    text = header.replace("moves: []\n", "moves:\n" + "".join(lines)) if lines else header
    ranks, totals, ending = advisor.outcome(state)
    return SelfPlayGame(index, text, names, labels, ranks, totals, ending, len(entries))
