"""Hints, engine entries, judged decisions and whole games over any ``Searchable`` game.

The library behind ``forex hint``, ``analyse``, ``play --engine`` and
``selfplay`` for a game searched by ``ismcts``.  A value is the search's mean
for a seat (for World Exchangers: its chance of winning), from 0 to 1.

A suggested entry is the root decision, with the second decision of the same
entry when the game groups them (a two-city turn) and nothing hidden is shown
in between; its expected line stops before the next hidden card would be
turned up, so that a hint never names a card the player has not seen.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence
from typing import Any, Optional

from msgspec import Struct

from ..games.base import Searchable
from .ismcts import PLAYOUT, Budget, Line, Policy, Progress, SearchResult, search

DUBIOUS = 0.02
MISTAKE = 0.05
BLUNDER = 0.10
"""Verdict thresholds: the value a decision loses against the engine's choice."""

THRESHOLDS = (("blunder", BLUNDER), ("mistake", MISTAKE), ("dubious", DUBIOUS))

FORCED_VISITS_SHARE = 10
"""A judged decision is searched at least 1/10 of the budget's simulations (min 8)."""

SECOND_SHARE = 8
"""A second decision of an entry not in the tree is searched with 1/8 of the budget."""


class Engine(Struct, frozen=True):
    """A game and how its search plays out: the ``policy`` and ``playout`` plies."""

    game: Any
    """A ``games.base.Searchable``."""
    policy: Policy = None
    playout: int = PLAYOUT

    def search(
        self,
        state: Any,
        budget: Budget,
        *,
        seed: int = 0,
        forced: Any = None,
        forced_visits: int = 0,
        progress: Optional[Progress] = None,
    ) -> SearchResult:
        """``ismcts.search`` with this engine's game and playouts."""
        return search(
            self.game,
            state,
            budget,
            seed=seed,
            policy=self.policy,
            playout=self.playout,
            forced=forced,
            forced_visits=forced_visits,
            progress=progress,
        )


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


class Hint(Struct, frozen=True):
    """The best entries found for whoever decides next."""

    player: str
    suggestions: tuple[Suggestion, ...]
    simulations: int
    seconds: float
    players: tuple[str, ...]


def _complete(
    engine: Engine, state: Any, line: Sequence[Any], budget: Budget, seed: int
) -> tuple[Any, ...]:
    """The entry of ``line``'s first decision: with the same entry's second decision when
    the mover goes on without anything revealed (from the line, or a short search)."""
    game: Searchable[Any, Any] = engine.game
    first = line[0]
    mover = game.mover(state)
    after = game.apply(state, first)
    if game.mover(after) != mover or game.revealed(state, after):
        return (first,)
    legal = game.legal(after)
    if not legal:
        return (first,)
    if len(line) > 1 and line[1] in legal:
        second = line[1]
    else:
        second = engine.search(after, budget.share(SECOND_SHARE), seed=seed).best.decisions[0]
    if len(game.entries([first, second])) != 1:
        return (first,)
    return (first, second)


def _expected(
    engine: Engine, state: Any, entry: Sequence[Any], line: Sequence[Any], seed: int
) -> tuple[tuple[str, str], ...]:
    """The line after ``entry`` as (key, text) entries, up to the next reveal."""
    game: Searchable[Any, Any] = engine.game
    mover = game.mover(state)
    assert mover is not None
    position = game.determinize(state, mover, random.Random(seed))
    for step in entry:
        after = game.apply(position, step)
        if game.revealed(position, after):
            return ()
        position = after
    shown: list[Any] = []
    for step in line[len(entry) :]:
        while game.mover(position) is None and not game.is_over(position):
            position = game.apply(position, game.chance(position, None))
        if game.is_over(position) or step not in game.legal(position):
            break
        after = game.apply(position, step)
        shown.append(step)
        if game.revealed(position, after):
            break
        position = after
    groups = game.entries(shown)
    return tuple((game.key(group), game.write(group)) for group in groups)


def _suggestion(engine: Engine, state: Any, line: Line, budget: Budget, seed: int) -> Suggestion:
    game: Searchable[Any, Any] = engine.game
    mover = game.mover(state)
    assert mover is not None
    entry = _complete(engine, state, line.decisions, budget, seed)
    check = state
    for step in entry:
        if step not in game.legal(check):
            raise AssertionError(f"the search proposed {step}, which is not legal")
        check = game.apply(check, step)  # the rules core stays the judge
    rest = _expected(engine, state, entry, line.decisions, seed)
    return Suggestion(entry, game.write(entry), line.values[mover], line.values, line.visits, rest)


def hint(
    engine: Engine,
    state: Any,
    budget: Budget,
    *,
    top: int = 3,
    seed: int = 0,
    progress: Optional[Progress] = None,
) -> Hint:
    """The ``top`` best entries for the player who decides in ``state``."""
    game: Searchable[Any, Any] = engine.game
    mover = game.mover(state)
    if mover is None:
        raise ValueError("no player decides now")
    result = engine.search(state, budget, seed=seed, progress=progress)
    suggestions: list[Suggestion] = []
    seen: set[str] = set()
    for line in result.lines:
        found = _suggestion(engine, state, line, budget, seed)
        if found.text in seen:
            continue
        seen.add(found.text)
        suggestions.append(found)
        if len(suggestions) >= top:
            break
    names = game.names(state)
    return Hint(names[mover], tuple(suggestions), result.simulations, result.seconds, names)


def engine_entry(engine: Engine, state: Any, budget: Budget, seed: int = 0) -> tuple[Any, ...]:
    """The engine's next entry for the player who decides in ``state``."""
    return hint(engine, state, budget, top=1, seed=seed).suggestions[0].decisions


def engine_player(
    engine: Engine, budget: Budget, seed: int = 0
) -> Callable[[Any], tuple[Any, ...]]:
    """The engine as a player with a fixed budget per entry."""
    return lambda state: engine_entry(engine, state, budget, seed)


# --------------------------------------------------------------------------- analysis


class Verdict(Struct, frozen=True):
    """One recorded entry judged against the engine's choice."""

    number: int
    player: str
    played: str
    played_value: float
    best: str
    best_value: float
    label: Optional[str]
    """``dubious``, ``mistake``, ``blunder``, or None (a good decision)."""

    @property
    def loss(self) -> float:
        """The value lost against the engine's choice (0 when none)."""
        return max(0.0, self.best_value - self.played_value)

    def note(self) -> str:
        """The verdict as a note: ``[engine: mistake, -6.2 points; better: buy Oslo]``."""
        if self.label is None:
            return f"[engine: good; {100 * self.played_value:.1f}%]"
        return (
            f"[engine: {self.label}, -{100 * self.loss:.1f} points; better: {self.best}"
            f" ({100 * self.best_value:.1f}%)]"
        )


def label_for(loss: float) -> Optional[str]:
    """The verdict of a decision that loses ``loss`` (see the thresholds)."""
    for name, threshold in THRESHOLDS:
        if loss >= threshold:
            return name
    return None


def judge(
    engine: Engine,
    state: Any,
    number: int,
    played: Sequence[Any],
    budget: Budget,
    *,
    seed: int = 0,
) -> Verdict:
    """Judge entry ``number`` (its decisions ``played``), made in ``state``, by its first
    decision's value against the engine's choice."""
    game: Searchable[Any, Any] = engine.game
    mover = game.mover(state)
    assert mover is not None
    visits = max(8, (budget.simulations or 1000) // FORCED_VISITS_SHARE)
    result = engine.search(state, budget, seed=seed, forced=played[0], forced_visits=visits)
    assert result.forced is not None
    played_value = result.forced.values[mover]
    best = _suggestion(engine, state, result.best, budget, seed)
    played_text = game.write(played)
    player = game.names(state)[mover]
    if (
        best.text == played_text
        or result.best.decisions[0] == played[0]
        or (played_value >= best.value)
    ):
        value = max(best.value, played_value)
        return Verdict(number, player, played_text, played_value, best.text, value, None)
    loss = best.value - played_value
    return Verdict(
        number, player, played_text, played_value, best.text, best.value, label_for(loss)
    )


def analyse(
    engine: Engine,
    positions: Sequence[tuple[int, Any, Sequence[Any]]],
    budget: Budget,
    *,
    seed: int = 0,
    progress: Optional[Callable[[int], None]] = None,
) -> list[Verdict]:
    """Judge each ``(number, state before, decisions)``; a position nobody decides (a
    pseudo-decider's entry) is skipped.  ``progress`` is called with 1 after each."""
    game: Searchable[Any, Any] = engine.game
    verdicts = []
    for number, state, decisions in positions:
        if game.mover(state) is not None:
            verdicts.append(judge(engine, state, number, decisions, budget, seed=seed))
        if progress is not None:
            progress(1)
    return verdicts


# --------------------------------------------------------------------------- whole games


def play_game(
    game: Searchable[Any, Any],
    start: Any,
    players: Sequence[Callable[[Any], tuple[Any, ...]]],
    *,
    seed: int = 0,
) -> tuple[Any, list[tuple[Any, ...]]]:
    """Play ``start`` to its end, seat by seat; chance by ``game.chance``.

    Returns the final state and every entry, each checked by the game's ``apply``.
    """
    rng = random.Random(seed)
    state = start
    entries: list[tuple[Any, ...]] = []
    while not game.is_over(state):
        seat = game.mover(state)
        entry = (game.chance(state, rng),) if seat is None else players[seat](state)
        for step in entry:
            state = game.apply(state, step)
        entries.append(tuple(entry))
    return state, entries


_OLD_VERDICT = re.compile(r"\s*\[engine: [^\]]*\]\Z")


def noted(old: Optional[str], verdict: Verdict) -> str:
    """The note of a judged entry: the note already there (an older verdict replaced) and this."""
    kept = _OLD_VERDICT.sub("", old or "")
    return f"{kept} {verdict.note()}" if kept else verdict.note()
