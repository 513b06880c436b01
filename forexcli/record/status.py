"""A state of any game in one short line, from the interface alone (``games.base.Game``):
who decides next, or how the game ended.  ``validate``, ``undo``, ``read`` and the frame's
reports say it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..games import Game


def pending_line(game: Game[Any, Any], state: Any) -> str:
    """Who decides next, or that the game is over: who won, or a draw when the result names
    its winners and there are none (``Game.result``'s ``winners: []``), as one short line."""
    pending = game.pending(state)
    if pending.over:
        result = game.result(state) or {}
        winners = result.get("winners")
        if winners == []:
            return "game over: a draw, nobody won"
        return f"game over: {' and '.join(winners)} won" if winners else "game over"
    what = f"{pending.kind} of {pending.count}" if pending.count else pending.kind
    return f"{' or '.join(pending.deciders)} to decide ({what})"


def status_line(game: Game[Any, Any], state: Any) -> str:
    """The line ``validate`` says of a valid log: the game's own (``Game.status``), else
    ``pending_line``."""
    return game.status(state) or pending_line(game, state)
