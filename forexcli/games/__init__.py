"""Games behind one interface (``base.Game``), found by the name a log's header gives.

The registry is the one place a game is named: each game is one ``register`` line below
(a plug-in calls ``register`` the same way).  A log without ``game:`` is For-Ex.  Game
modules are imported only when asked for, so listing names stays cheap.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Union

if TYPE_CHECKING:
    from .base import OVER, Game, Pending, Resource
    from .defaults import BaseGame, NotOffered

_FROM_BASE = ("OVER", "Game", "Pending", "Resource")
_FROM_DEFAULTS = ("BaseGame", "NotOffered")


def __getattr__(name: str) -> Any:
    """The interface's names, imported from ``base`` when first asked for.

    Importing For-Ex's engine (``forexcli.games.forex.rules``) imports this
    package first: it must not cost ``forex show`` the interface's import.
    """
    if name in _FROM_BASE:
        from . import base

        return getattr(base, name)
    if name in _FROM_DEFAULTS:
        from . import defaults

        return getattr(defaults, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


DEFAULT_GAME = "for-ex"
"""The game of a log whose header names none."""

GameSource = Union[str, Callable[[], "Game[Any, Any]"]]
"""Where a registered game comes from: ``"module:attribute"`` of its ``Game`` object (the
module imported when the game is first asked for), or a function that returns it."""

_REGISTRY: dict[str, GameSource] = {}
"""Game name -> where its ``Game`` object comes from, in the order registered."""


def register(name: str, source: GameSource) -> None:
    """Register the game whose logs' headers say ``game: NAME``; ``source`` is
    ``"module:attribute"`` of its ``Game`` object, or a function returning it.

    Nothing is imported until a log (or ``forex new --game``) names the game.  Registering
    a name again replaces it.
    """
    _REGISTRY[name] = source


def unregister(name: str) -> None:
    """Forget the game called ``name`` (registered by ``register``); raises ``UnknownGame``."""
    if name not in _REGISTRY:
        raise UnknownGame(name)
    del _REGISTRY[name]


register("for-ex", "forexcli.games.forex.game:FOREX")
register("world-exchangers", "forexcli.games.worldex.game:WORLDEX")


class UnknownGame(LookupError):
    """A header names a game that is not registered."""

    code = "unknown_game"

    def __init__(self, name: str) -> None:
        self.reason = f"{name!r} is not a game forexcli knows ({', '.join(names())})"
        super().__init__(self.reason)


class ViewRefused(ValueError):
    """What a game's view (``base.Game.show_text`` ...) cannot give for what was asked: ``reason``
    a sentence, ``option`` the command-line option it concerns (``--seat``), or None when it
    is the request as a whole.  The command prints it as a usage error of that option."""

    def __init__(self, reason: str, option: str | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.option = option


def names() -> tuple[str, ...]:
    """The registered game names, default first."""
    return tuple(_REGISTRY)


def get(name: str | None = None) -> Game[Any, Any]:
    """The ``Game`` called ``name`` (For-Ex when None); raises ``UnknownGame``."""
    key = DEFAULT_GAME if name is None else name
    if key not in _REGISTRY:
        raise UnknownGame(key)
    source = _REGISTRY[key]
    if callable(source):
        return source()
    module, _, attribute = source.partition(":")
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
    "BaseGame",
    "Game",
    "NotOffered",
    "Pending",
    "Resource",
    "UnknownGame",
    "ViewRefused",
    "for_header",
    "get",
    "names",
    "register",
    "unregister",
]
