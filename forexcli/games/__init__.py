"""Games behind one interface (``base.Game``), found by the name a log's header gives.

A log without ``game:`` is For-Ex.  Game modules are imported only when asked
for, so listing names stays cheap.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .base import OVER, Game, Narrated, Pending, Resource

_FROM_BASE = ("OVER", "Game", "Narrated", "Pending", "Resource")


def __getattr__(name: str) -> Any:
    """The interface's names, imported from ``base`` when first asked for.

    Importing For-Ex's engine (``forexcli.games.forex.engine``) imports this
    package first: it must not cost ``forex show`` the interface's import.
    """
    if name in _FROM_BASE:
        from . import base

        return getattr(base, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


DEFAULT_GAME = "for-ex"
"""The game of a log whose header names none."""

_REGISTRY: dict[str, tuple[str, str]] = {
    "for-ex": ("forexcli.games.forex.game", "FOREX"),
    "world-exchangers": ("forexcli.games.worldex", "WORLDEX"),
}
"""Game name -> (module, attribute) of its ``Game`` object."""


class UnknownGame(LookupError):
    """A header names a game that is not registered."""

    code = "unknown_game"

    def __init__(self, name: str) -> None:
        self.reason = f"{name!r} is not a game forexcli knows ({', '.join(names())})"
        super().__init__(self.reason)


def names() -> tuple[str, ...]:
    """The registered game names, default first."""
    return tuple(_REGISTRY)


def get(name: str | None = None) -> Game[Any, Any]:
    """The ``Game`` called ``name`` (For-Ex when None); raises ``UnknownGame``."""
    key = DEFAULT_GAME if name is None else name
    if key not in _REGISTRY:
        raise UnknownGame(key)
    module, attribute = _REGISTRY[key]
    game: Game[Any, Any] = getattr(importlib.import_module(module), attribute)
    return game


def for_header(header: dict[str, Any]) -> Game[Any, Any]:
    """The game a log's header names (``game:``), For-Ex when it names none."""
    if "game" not in header:
        return get(None)
    name = header["game"]
    if not isinstance(name, str):
        raise UnknownGame(repr(name))
    return get(name)


__all__ = [
    "DEFAULT_GAME",
    "OVER",
    "Game",
    "Narrated",
    "Pending",
    "Resource",
    "UnknownGame",
    "for_header",
    "get",
    "names",
]
