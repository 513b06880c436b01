"""Whole games between players, from a set-up to the end (pure: no I/O)."""

from __future__ import annotations

from collections.abc import Sequence

from msgspec import Struct

from ..rules import GameState, Spot, apply
from .players import Answer, Entry, Player, evaluation_answer

MAX_ENTRIES = 2000
"""A game that has not ended after this many entries is stopped (none has come near)."""


class PlayedGame(Struct, frozen=True):
    """The entries of a game in order, with who made each, and the final state."""

    entries: tuple[tuple[str, Entry], ...]
    final: GameState


def play_game(
    start: GameState, players: Sequence[Player], answers: Sequence[Answer] | None = None
) -> PlayedGame:
    """Play from ``start`` to the end; ``players[seat]`` decides for each seat.

    A spot is made only when its partner accepts it: ``answers[seat]`` replies
    for each seat (by default ``evaluation_answer`` for all; ``accept_all``
    for every seat plays without consent).  A refused offer is not recorded:
    the mover chooses again from the same state without it.
    """
    if len(players) != len(start.players):
        raise ValueError(f"{len(start.players)} players needed, {len(players)} given")
    replies = list(answers) if answers is not None else [evaluation_answer] * len(players)
    if len(replies) != len(players):
        raise ValueError(f"{len(players)} answers needed, {len(replies)} given")
    state = start
    entries: list[tuple[str, Entry]] = []
    while not state.is_over:
        if len(entries) >= MAX_ENTRIES:
            raise RuntimeError(f"the game has not ended after {MAX_ENTRIES} entries")
        seat = state.pending.player
        assert seat is not None
        refused: set[Spot] = set()
        entry = players[seat](state)
        while isinstance(entry[0], Spot):
            spot = entry[0]
            partner = state.players.index(spot.partner)
            if replies[partner](state, spot, partner):
                break
            refused.add(spot)
            entry = players[seat](state, frozenset(refused))
        for step in entry:
            state = apply(state, step)
        entries.append((start.players[seat], entry))
    return PlayedGame(tuple(entries), state)
