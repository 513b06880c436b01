"""The game-independent search as an advisor's search: ``Engine`` over any ``Searchable``.

``Engine`` is a game searched by ``ismcts`` with its playouts, behind
``games.base.Searches``: the root's lines as log entries with their values,
and a recorded entry weighed; ``search.advisor`` makes hints, verdicts and
self-play games of them.  A value is the search's mean for a seat (for World
Exchangers: its chance of winning), from 0 to 1.

A suggested entry is the root decision, with the second decision of the same
entry when the game groups them (a two-city turn) and nothing hidden is shown
in between; its expected line stops before the next hidden card would be
turned up, so that a hint never names a card the player has not seen.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Optional

from msgspec import Struct

from ..games.base import (
    Advice,
    AdvisorDefaults,
    Budget,
    Judged,
    Searchable,
    Searched,
    Weighed,
    judged_as_chances,
)
from .advisor import engine_entry
from .ismcts import (
    EXPLORATION,
    PLAYOUT,
    Line,
    Measure,
    Policy,
    Progress,
    SearchResult,
    search,
)

SECOND_SHARE = 8
"""A second decision of an entry not in the tree is searched with 1/8 of the budget."""


class Engine(Struct, frozen=True):
    """A game searched by ``ismcts``: its ``policy``, ``playout`` plies and UCB1's
    ``exploration``; the search behind ``games.base.Searches``."""

    game: Any
    """A ``games.base.Searchable``."""
    policy: Policy = None
    playout: int = PLAYOUT
    exploration: float = EXPLORATION
    measure: Measure = None
    """The figures by seat of a simulation's last state (a game's, beside its evaluation: the
    totals it scores by), whose means over each line's simulations ``analyse`` says as its
    why (``Advisor.figures_words``); None: none."""

    def search(
        self,
        state: Any,
        budget: Budget,
        *,
        seed: int = 0,
        forced: Any = None,
        forced_visits: int = 0,
        progress: Optional[Progress] = None,
        measured: bool = False,
    ) -> SearchResult:
        """``ismcts.search`` with this engine's game, playouts and exploration; ``measured``:
        with the lines' mean figures (``measure``; none without it)."""
        return search(
            self.game,
            state,
            budget,
            seed=seed,
            policy=self.policy,
            playout=self.playout,
            exploration=self.exploration,
            forced=forced,
            forced_visits=forced_visits,
            progress=progress,
            measure=self.measure if measured else None,
        )

    def names(self, state: Any) -> tuple[str, ...]:
        """The game's ``names``."""
        names: tuple[str, ...] = self.game.names(state)
        return names

    def mover(self, state: Any) -> Optional[int]:
        """The game's ``mover``."""
        mover: Optional[int] = self.game.mover(state)
        return mover

    def write(self, decisions: Sequence[Any]) -> str:
        """The game's ``write``."""
        text: str = self.game.write(decisions)
        return text

    def key(self, decisions: Sequence[Any]) -> str:
        """The game's ``key``."""
        key: str = self.game.key(decisions)
        return key

    def advise(
        self,
        state: Any,
        budget: Budget,
        *,
        seed: int = 0,
        progress: Optional[Progress] = None,
        decided: bool = False,
    ) -> Searched:
        """The root's lines as entries, most visited first (``decided`` changes nothing: the
        search has no early stop)."""
        result = self.search(state, budget, seed=seed, progress=progress)
        lines = (_advice(self, state, line, budget, seed) for line in result.lines)
        return Searched(lines, result.simulations, result.seconds)

    def weigh(
        self,
        state: Any,
        played: Sequence[Any],
        budget: Budget,
        *,
        seed: int = 0,
        visits: int = 8,
        measured: bool = False,
    ) -> Judged:
        """The search with the first decision of ``played`` visited ``visits`` times; the
        engine's choice is the played entry when it starts with the same decision; the
        played decision's visits and the most visited other decision (``analyse`` tells the
        engine's own choice from one first by its forced visits alone); ``measured``: with
        the mean figures of each (``search``)."""
        result = self.search(
            state, budget, seed=seed, forced=played[0], forced_visits=visits, measured=measured
        )
        assert result.forced is not None
        best = _advice(self, state, result.best, budget, seed)
        first = result.best.decisions[0]
        other = next((line for line in result.lines[1:] if line.decisions[0] != first), None)
        runner_up = None if other is None else _advice(self, state, other, budget, seed)
        return Judged(
            result.forced.values,
            best,
            first == played[0],
            result.forced.visits,
            runner_up,
            result.forced.figures,
        )


class EngineAdvisor(AdvisorDefaults):
    """The part of a game's ``games.base.Advisor`` that is ``Engine``'s: the seats, the
    entries' words, ``advise`` and ``weigh`` of the engine, and values that are the player's
    chance of winning (a win shared on a tie, ``Searchable.evaluate``).  A game's advisor
    subclasses it and adds its self-play seats and games (``seat_kinds`` ... ``outcome``)."""

    value_meaning = "the player's chance of winning (a tie shared), as the search estimates it"
    value_note = (
        "value = the player's chance of winning (a tie shared) as the search estimates it, in"
        " percent"
    )
    value_unit = "value"

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def names(self, state: Any) -> tuple[str, ...]:
        """The players by seat."""
        return self.engine.names(state)

    def mover(self, state: Any) -> Optional[int]:
        """The seat on turn; None by chance or when the game is over."""
        return self.engine.mover(state)

    def write(self, decisions: Sequence[Any]) -> str:
        """The notation of one entry."""
        return self.engine.write(decisions)

    def key(self, decisions: Sequence[Any]) -> str:
        """Who decides the entry."""
        return self.engine.key(decisions)

    def advise(
        self,
        state: Any,
        budget: Budget,
        *,
        seed: int = 0,
        progress: Optional[Progress] = None,
        decided: bool = False,
    ) -> Searched:
        """``Engine.advise``."""
        return self.engine.advise(state, budget, seed=seed, progress=progress, decided=decided)

    def weigh(
        self, state: Any, played: Sequence[Any], budget: Budget, *, seed: int = 0, visits: int = 8
    ) -> Judged:
        """``Engine.weigh``."""
        return self.engine.weigh(state, played, budget, seed=seed, visits=visits)

    def weigh_chances(
        self, state: Any, played: Sequence[Any], budget: Any, *, seed: int, visits: int
    ) -> Weighed:
        """``Engine.weigh`` with the mean figures of the lines compared (``Engine.measure``:
        the why of ``forex analyse``), its values taken as chances of finishing first."""
        judged = self.engine.weigh(state, played, budget, seed=seed, visits=visits, measured=True)
        return judged_as_chances(judged, played, visits)


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
) -> tuple[tuple[Any, ...], ...]:
    """The entries of the line after ``entry``, up to the next reveal."""
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
    return tuple(game.entries(shown))


def _advice(engine: Engine, state: Any, line: Line, budget: Budget, seed: int) -> Advice:
    game: Searchable[Any, Any] = engine.game
    entry = _complete(engine, state, line.decisions, budget, seed)
    check = state
    for step in entry:
        if step not in game.legal(check):
            raise AssertionError(f"the search proposed {step}, which is not legal")
        check = game.apply(check, step)  # the rules core stays the judge
    rest = _expected(engine, state, entry, line.decisions, seed)
    return Advice(entry, rest, line.values, line.visits, figures=line.figures)


def engine_player(
    engine: Engine, budget: Budget, seed: int = 0
) -> Callable[[Any], tuple[Any, ...]]:
    """The engine as a player with a fixed budget per entry."""
    return lambda state: engine_entry(engine, state, budget, seed)


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
