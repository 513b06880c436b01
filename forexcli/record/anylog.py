"""What the commands say about a log of a game other than For-Ex beside the one reader
(``record.gamelog``): its digests checked in the frame's words and who decides next."""

from __future__ import annotations

from typing import Any

from ..games import Game
from ..games.base import state_digest
from .gamelog import Replay, placed_problem
from .problems import Problem


def check_digests(played: Replay) -> Problem | None:
    """The first replayed entry whose recorded ``digest:`` differs from the state after it."""
    for entry, state in zip(played.log.entries, played.states, strict=False):
        if entry.digest is None:
            continue
        found = state_digest(played.log.game, state)
        if found != entry.digest:
            return placed_problem(
                "digest_mismatch",
                f"move {entry.number}: the recorded digest {entry.digest} is not the digest"
                f" of the state after it ({found}): an earlier entry or the set-up was"
                " edited after it was written",
                "rules",
                played.log.document,
                played.log.filename,
                ("moves", entry.number - 1, "digest"),
                entry=entry.number,
                hints=("compare with the copy the other players have (forex diff A B)",),
            )
    return None


def pending_line(game: Game[Any, Any], state: Any) -> str:
    """Who decides next, or that the game is over, as one short line."""
    pending = game.pending(state)
    if pending.over:
        result = game.result(state) or {}
        winners = result.get("winners") or []
        return f"game over: {' and '.join(winners)} won" if winners else "game over"
    what = f"{pending.kind} of {pending.count}" if pending.count else pending.kind
    return f"{' or '.join(pending.deciders)} to decide ({what})"
