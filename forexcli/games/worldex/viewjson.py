"""The canonical JSON of ``WORLDEX.view(state)``, written a part at a time (for digests).

Consecutive states share most of their parts: a move changes one player, and the months of
that player's line before it are the same ``Mark`` objects.  Each player and each month is
written once (``games.canonical.canonical_json``) and kept by the object's identity; a
state is then its own few fields around the parts already written
(``canonical_json_around``), byte for byte what ``canonical_json`` writes of the whole
view (``tests/games/worldex/test_viewjson.py`` replays every example and test log to show
it).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Optional

from ..canonical import canonical_json, canonical_json_around
from .rules import Mark, Player, State

MAX_KEPT = 20_000
"""The most parts kept; all are forgotten when there are more (a replay needs a few
hundred)."""

_WRITTEN: dict[int, tuple[Any, bytes]] = {}
"""The canonical JSON of each player and month written, by ``id`` of the object, with the
object (kept alive, so that its ``id`` is not another's while it is here)."""


def _symbols(symbols: Any) -> dict[str, int]:
    shown: dict[str, int] = symbols.as_dict()
    return shown


def mark_view(mark: Mark) -> dict[str, Any]:
    """One month of a player's line in ``WORLDEX.view``."""
    return {
        "month": mark.month,
        "cash": mark.cash,
        "action": mark.action,
        "cards": list(mark.cards),
        "gained": _symbols(mark.gained),
        "ring": mark.ring,
        "extra_cash": mark.extra_cash,
        "lost": mark.lost,
    }


def player_view(player: Player, months: Optional[list[Any]] = None) -> dict[str, Any]:
    """One player in ``WORLDEX.view``; ``months`` for its months' part (by default the
    views of its months)."""
    return {
        "name": player.name,
        "role": player.role,
        "board": player.board,
        "cash": player.cash,
        "line": list(player.line),
        "cities": list(player.cities),
        "media": player.media,
        "gained": _symbols(player.gained),
        "bought_two": player.bought_two,
        "sold_two": player.sold_two,
        "months": [mark_view(mark) for mark in player.marks] if months is None else months,
    }


def canonical_view(state: State, around: Callable[[State, list[Any]], dict[str, Any]]) -> bytes:
    """``canonical_json(WORLDEX.view(state))``, where ``around(state, players)`` is the view
    with ``players`` for its players' part (``WorldexGame._view``)."""
    return canonical_json_around(around(state, []), "players", [_player(p) for p in state.players])


def _player(player: Player) -> bytes:
    known = _WRITTEN.get(id(player))
    if known is not None and known[0] is player:
        return known[1]
    months = [_month(mark) for mark in player.marks]
    return _keep(player, canonical_json_around(player_view(player, []), "months", months))


def _month(mark: Mark) -> bytes:
    known = _WRITTEN.get(id(mark))
    if known is not None and known[0] is mark:
        return known[1]
    return _keep(mark, canonical_json(mark_view(mark)))


def _keep(part: Any, written: bytes) -> bytes:
    if len(_WRITTEN) >= MAX_KEPT:
        _WRITTEN.clear()
    _WRITTEN[id(part)] = (part, written)
    return written
