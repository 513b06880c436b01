"""Shared set-ups for the World Exchangers tests, over the invented example components."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from msgspec.structs import replace

from forexcli.games.worldex.load import EXAMPLE_COMPONENTS, read_components
from forexcli.games.worldex.rules import (
    Components,
    HouseRules,
    Mark,
    Pending,
    Phase,
    Setup,
    State,
    Symbols,
    new_game,
)

COMPONENTS: Components = read_components(EXAMPLE_COMPONENTS).components

AI_START = ("Dallas", "Cairo", "Taipei")
LOUIS_START = ("Osaka", "Bogota", "Accra")
AREA = ("Vienna", "Dubai", "Melbourne", "Lisbon", "Roma")


DEFAULT_HOUSE = HouseRules()
NONE = Symbols()


def ai_and_louis(house: HouseRules = DEFAULT_HOUSE, **changes: Any) -> State:
    """Ai (Felix, the red marker: she starts) and Louis (Rue), side A, the rulebook's cards."""
    fields: dict[str, Any] = {
        "players": ("ai", "louis"),
        "roles": ("Felix", "Rue"),
        "starting": (AI_START, LOUIS_START),
        "mid_trend": "mid-most-cities",
        "end_trend": "end-1000-0",
        "area": AREA,
    }
    fields.update(changes)
    return new_game(COMPONENTS, Setup(**fields), house)


def first_unless_red(names: Sequence[str], roles: Sequence[str]) -> str | None:
    """The ``first`` a set-up must name: the first seat when no role card has the red marker."""
    red = any(COMPONENTS.role(role).colour == "red" for role in roles)
    return None if red else names[0]


def placed(
    state: State,
    seat: int,
    line: Sequence[int],
    cities: Sequence[str],
    media: int = 0,
    gained: Symbols = NONE,
) -> State:
    """``state`` with one player's line (months 1..) and cities set, cards moved to match.

    Cards given to the player leave wherever they were (area, deck, box, another
    player); the player's former cities go to the removed pile, so every card
    stays in exactly one place.
    """
    player = state.players[seat]
    wanted = set(cities)
    marks = tuple(
        Mark(month, cash, "buy", (), gained if month == len(line) else Symbols())
        for month, cash in enumerate(line, start=1)
    )
    freed = tuple(c for c in player.cities if c not in wanted)
    others = tuple(
        replace(p, cities=tuple(c for c in p.cities if c not in wanted)) if i != seat else p
        for i, p in enumerate(state.players)
    )
    players = tuple(
        replace(p, cities=tuple(cities), marks=marks, media=media) if i == seat else p
        for i, p in enumerate(others)
    )
    return replace(
        state,
        players=players,
        area=tuple(c for c in state.area if c not in wanted),
        deck=tuple(c for c in state.deck if c not in wanted),
        boxed=tuple(c for c in state.boxed if c not in wanted),
        removed=tuple(c for c in state.removed if c not in wanted) + freed,
    )


def at_turn(state: State, round_: int, seat: int) -> State:
    """``state`` with ``seat`` on turn in ``round_``."""
    return replace(state, round=round_, seat=seat, pending=Pending(Phase.TURN, seat))


def places(state: State) -> list[str]:
    """Every card in every place, repeats kept."""
    held = [card for player in state.players for card in player.cities]
    turn = list(state.turn.cards) if state.turn is not None and state.turn.action == "buy" else []
    piles = list(state.area) + list(state.deck) + list(state.removed) + list(state.boxed)
    return held + piles + turn
