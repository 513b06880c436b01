"""Counting for the game-independent search: its hooks (``games.base.Searchable``) and its
engine (``games.base.Advisor``: ``forex hint``, ``analyse``, ``play --engine``,
``selfplay --game counting``), the search itself being ``forexcli.search``'s.

Counting hides nothing and deals nothing: ``determinize`` is the state itself, no decision
is chance's, and a position's value is even until the game is over.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Optional

from ...search.advice import Engine, EngineAdvisor, engine_player, play_game
from ..base import Advisor
from .rules import RULES as COUNTING
from .rules import Add, State


class CountingSearch:
    """Counting's ``Searchable``: the rules are the game's (``COUNTING``), the rest is here."""

    def seats(self, state: State) -> int:
        """How many players."""
        return len(state.players)

    def names(self, state: State) -> tuple[str, ...]:
        """The players in turn order."""
        return state.players

    def mover(self, state: State) -> Optional[int]:
        """The seat on turn; None when over."""
        return None if state.over else state.seat

    def is_over(self, state: State) -> bool:
        """Once the target is reached."""
        return state.over

    def legal(self, state: State) -> Sequence[Add]:
        """``COUNTING.legal``."""
        return COUNTING.legal(state)

    def apply(self, state: State, decision: Add) -> State:
        """``COUNTING.apply``."""
        return COUNTING.apply(state, decision)

    def chance(self, state: State, rng: Any) -> Add:
        """Never asked: no decision is chance's."""
        raise AssertionError("Counting has no chance decision")

    def evaluate(self, state: State) -> tuple[float, ...]:
        """1 for the winner once over; else even."""
        seats = len(state.players)
        if not state.over:
            return tuple(1 / seats for _ in range(seats))
        winner = (state.seat - 1) % seats
        return tuple(1.0 if seat == winner else 0.0 for seat in range(seats))

    def determinize(self, state: State, seat: int, rng: Any) -> State:
        """The state itself: nothing is hidden."""
        return state

    def revealed(self, before: State, after: State) -> bool:
        """Nothing is ever revealed."""
        return False

    def entries(self, decisions: Sequence[Add]) -> list[tuple[Add, ...]]:
        """One decision an entry."""
        return [(decision,) for decision in decisions]

    def write(self, decisions: Sequence[Add]) -> str:
        """``COUNTING.write``."""
        return COUNTING.write(decisions)

    def key(self, decisions: Sequence[Add]) -> str:
        """``COUNTING.key``."""
        return COUNTING.key(decisions)


SEARCH = CountingSearch()
ENGINE = Engine(SEARCH)


def random_player(seed: int) -> Any:
    """A player adding 1 or 2 at random among the legal additions."""
    rng = random.Random(seed)
    return lambda state: (rng.choice(list(COUNTING.legal(state))),)


class CountingAdvisor(EngineAdvisor):
    """Counting behind ``games.base.Advisor`` (the search: ``engine``)."""

    seat_kinds: tuple[str, ...] = ("engine", "random")
    seat_counts = (2, 4)

    def __init__(self, engine: Engine = ENGINE) -> None:
        super().__init__(engine)

    def selfplay_resources(self, path: Optional[str], folder: str) -> None:
        """Counting deals from no file."""
        if path is not None:
            raise ValueError("a Counting game takes no components file")

    def start(self, names: Sequence[str], seed: str, resources: None) -> State:
        """Total 0 of 10, the first seat on turn."""
        return COUNTING.setup({"players": list(names)}, {})

    def play(
        self, start: State, seats: Sequence[tuple[str, Any]], seed: int
    ) -> list[tuple[Add, ...]]:
        """The game played by engine and random seats."""
        players = [
            random_player(seed + number)
            if kind == "random"
            else engine_player(self.engine, plan, seed + number)
            for number, (kind, plan) in enumerate(seats)
        ]
        _, entries = play_game(SEARCH, start, players, seed=seed)
        return entries

    def header(
        self, start: State, names: Sequence[str], seed: str, title: str, started: str,
        resources: None,
    ) -> str:  # fmt: skip
        """``COUNTING.new_log``'s header with the title."""
        return COUNTING.new_log(names, {"title": title, "started": started}, "")

    def outcome(self, final: State) -> tuple[tuple[int, ...], tuple[int, ...], str]:
        """The winner first, the others second; the total each reached is the game's."""
        winner = (final.seat - 1) % len(final.players)
        ranks = tuple(1 if seat == winner else 2 for seat in range(len(final.players)))
        return ranks, tuple(final.total for _ in final.players), f"total {final.total}"


ADVISOR: Advisor = CountingAdvisor()
