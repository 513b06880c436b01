"""Whole games between players, from a set-up to the end (pure: no I/O)."""

from __future__ import annotations

from collections.abc import Sequence

from msgspec import Struct

from ..engine import GameState, apply
from .players import Entry, Player

MAX_ENTRIES = 2000
"""A game that has not ended after this many entries is stopped (none has come near)."""


class PlayedGame(Struct, frozen=True):
    """The entries of a game in order, with who made each, and the final state."""

    entries: tuple[tuple[str, Entry], ...]
    final: GameState


def play_game(start: GameState, players: Sequence[Player]) -> PlayedGame:
    """Play from ``start`` to the end; ``players[seat]`` decides for each seat."""
    if len(players) != len(start.players):
        raise ValueError(f"{len(start.players)} players needed, {len(players)} given")
    state = start
    entries: list[tuple[str, Entry]] = []
    while not state.is_over:
        if len(entries) >= MAX_ENTRIES:
            raise RuntimeError(f"the game has not ended after {MAX_ENTRIES} entries")
        seat = state.pending.player
        assert seat is not None
        entry = players[seat](state)
        for step in entry:
            state = apply(state, step)
        entries.append((start.players[seat], entry))
    return PlayedGame(tuple(entries), state)
