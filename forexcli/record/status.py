"""A state of any game in one short line, from the interface alone (``games.base.Game``):
who decides next, or how the game ended.  ``validate``, ``undo``, ``read`` and the frame's
reports say it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..games import Game


def pending_line(game: Game[Any, Any], state: Any) -> str:
    """Who decides next, or that the game is over, as one short line."""
    pending = game.pending(state)
    if pending.over:
        result = game.result(state) or {}
        winners = result.get("winners") or []
        return f"game over: {' and '.join(winners)} won" if winners else "game over"
    what = f"{pending.kind} of {pending.count}" if pending.count else pending.kind
    return f"{' or '.join(pending.deciders)} to decide ({what})"


def status_line(game: Game[Any, Any], state: Any) -> str:
    """The line ``validate`` says of a valid log: the game's own (``games.base.StatusLine``),
    else ``pending_line``."""
    status = getattr(game, "status", None)
    return str(status(state)) if status is not None else pending_line(game, state)
