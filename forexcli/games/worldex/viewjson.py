"""The canonical JSON of ``WORLDEX.view(state)``, written a part at a time (for digests).

Consecutive states share most of their parts: a move changes one player, and the months of
that player's line before it are the same ``Mark`` objects.  Each player is written once
(``games.canonical.canonical_json``) and kept by the object's identity, and so is each line
of months, by its last mark, written from the line one month shorter (with the cash of each
month and the symbols gained, the player's ``line`` and ``gained``); a state is then its
own few fields around the parts already written (``canonical_json_filled``), byte for byte
what ``canonical_json`` writes of the whole view (``tests/games/worldex/test_viewjson.py``
replays every example and test log, and random games, to show it).  A state's and a
player's own fields are given to msgspec as a ``Struct`` of the view's keys, a month as its
``Mark``: fewer objects to make than the view's dicts, the same text.
"""

from __future__ import annotations

from hashlib import sha256
from typing import Any, NamedTuple, Optional

from msgspec import Struct

from ..canonical import canonical_json, canonical_json_filled, hole
from .rules import Mark, Player, State
from .rules.components import NO_SYMBOLS, Symbols

MAX_KEPT = 20_000
"""The most parts kept; all are forgotten when there are more (a replay needs a few
hundred)."""

_HOLE = hole()
"""Where the parts already written go (``canonical_json_filled``)."""

_WRITTEN: dict[int, tuple[Any, Any]] = {}
"""The canonical JSON of each player written, and each line of months (``_Line``) by its
last mark, by ``id`` of the object, with the object (kept alive, so that its ``id`` is not
another's while it is here)."""


def mark_view(mark: Mark) -> dict[str, Any]:
    """One month of a player's line in ``WORLDEX.view``."""
    return {
        "month": mark.month,
        "cash": mark.cash,
        "action": mark.action,
        "cards": list(mark.cards),
        "gained": mark.gained.as_dict(),
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
        "gained": player.gained.as_dict(),
        "bought_two": player.bought_two,
        "sold_two": player.sold_two,
        "months": [mark_view(mark) for mark in player.marks] if months is None else months,
    }


def canonical_view(state: State, game: Any) -> bytes:
    """``canonical_json(game.view(state))`` (``game``: ``WORLDEX``), its fields and each
    player's in a ``Struct`` of the view's keys (``_StateView``, ``_PlayerView``): msgspec
    writes them as it writes the view's dicts, sorted, with fewer objects to make."""
    players = []
    for player in state.players:  # ``_player``, its usual case (a player kept) written out
        known = _WRITTEN.get(id(player))
        players.append(known[1] if known is not None and known[0] is player else _player(player))
    turn = state.turn
    result = state.result
    view = _StateView(
        state.area,
        len(state.deck),
        state.players[state.first].name,
        game.name,
        state.trend_media,
        game.pending(state),  # ``deciders``, ``kind``, ``count``: the view's keys
        _HOLE,
        state.removed,
        None if result is None else game.result(state),
        state.role_side,
        state.round,
        _Trends(state.end_trend, state.mid_trend),
        None if turn is None else _Turn(turn.action, turn.cards, turn.cash),
    )
    return canonical_json_filled(view, "players", players)


def digest(state: State, game: Any) -> str:
    """16 hex digits of the SHA-256 of ``canonical_view(state, game)``."""
    return sha256(canonical_view(state, game)).hexdigest()[:16]


class _Trends(Struct):
    """The view's ``trends``."""

    end: str
    mid: str


class _Turn(Struct):
    """The view's ``turn``."""

    action: str
    cards: tuple[str, ...]
    cash: int


class _StateView(Struct):
    """The fields of ``WorldexGame._view``, their names sorted (msgspec sorts them as it
    sorts a dict's keys, which costs less when they are); tuples where the view has lists
    (both are JSON arrays)."""

    area: tuple[str, ...]
    deck_size: int
    first: str
    game: str
    mid_trend_media: tuple[str, ...]
    pending: Any
    players: Any
    removed: tuple[str, ...]
    result: Optional[dict[str, Any]]
    roles_side: str
    round: int
    trends: _Trends
    turn: Optional[_Turn]


class _PlayerView(Struct):
    """The fields of ``player_view``, their names sorted."""

    board: str
    bought_two: bool
    cash: int
    cities: tuple[str, ...]
    gained: Symbols
    """Written as its ``as_dict`` (``Symbols`` omits zeros)."""
    line: tuple[int, ...]
    media: int
    months: Any
    name: str
    role: str
    sold_two: bool


def _player(player: Player) -> bytes:
    known = _WRITTEN.get(id(player))
    if known is not None and known[0] is player:
        kept: bytes = known[1]
        return kept
    line = _line(player.marks)
    cash = line.cash
    view = _PlayerView(
        player.board,
        player.bought_two,
        cash[-1] if cash else player.start_cash,  # ``Player.cash``
        player.cities,
        line.gained,
        (player.start_cash, *cash),
        player.media,
        _HOLE,
        player.name,
        player.role,
        player.sold_two,
    )
    written = canonical_json_filled(view, "months", line.months)
    _keep(player, written)
    return written


class _Line(NamedTuple):
    """A player's months as written: the marks, their canonical JSON, the cash of each and
    every symbol gained (``Player.gained``) over them."""

    marks: tuple[Mark, ...]
    months: tuple[bytes, ...]
    cash: tuple[int, ...]
    gained: Symbols


_NO_LINE = _Line((), (), (), NO_SYMBOLS)
_new_line = tuple.__new__
"""Makes a ``_Line`` from a tuple of its fields in C (its class's ``__new__`` is Python's)."""


def _line(marks: tuple[Mark, ...]) -> _Line:
    """The months ``marks`` make, kept by the identity of the last mark, and written from the
    line one month shorter when it is known (a move adds one month to one player's line)."""
    if not marks:
        return _NO_LINE
    last = marks[-1]
    known = _WRITTEN.get(id(last))
    if known is not None and known[0] is last and known[1].marks == marks:
        line: _Line = known[1]
        return line
    shorter = _line(marks[:-1])
    line = _new_line(
        _Line,
        (
            marks,
            (*shorter.months, canonical_json(last)),  # ``mark_view``'s keys are its fields
            (*shorter.cash, last.cash),
            shorter.gained + last.gained,
        ),
    )
    _keep(last, line)
    return line


def _keep(part: Any, written: Any) -> None:
    if len(_WRITTEN) >= MAX_KEPT:
        _WRITTEN.clear()
    _WRITTEN[id(part)] = (part, written)
