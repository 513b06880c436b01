"""Games behind one interface (``base.Game``), found by the name a log's header gives.

The registry is the one place a game is named: each game is one ``register`` line below
(a plug-in calls ``register`` the same way).  A log without ``game:`` is For-Ex.  Game
modules are imported only when asked for, so listing names stays cheap.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Union

if TYPE_CHECKING:
    from .base import OVER, Game, Pending, Resource
    from .defaults import BaseGame, NotOffered
    from .newoptions import NewOption

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

_HELP_SOURCES: dict[str, dict[str, str]] = {}
"""Game name -> what its help gives without the game (``help_texts``, ``new_options``,
``move_kinds``) -> ``"module:attribute"`` of it."""


def register(
    name: str,
    source: GameSource,
    *,
    help_texts: str | None = None,
    new_options: str | None = None,
    move_kinds: str | None = None,
) -> None:
    """Register the game whose logs' headers say ``game: NAME``; ``source`` is
    ``"module:attribute"`` of its ``Game`` object, or a function returning it.

    ``help_texts``, ``new_options`` and ``move_kinds``, ``"module:attribute"`` of what the
    game's ``Game.help_texts()``, ``Game.new_options()`` and ``Game.move_kinds()`` return, let
    the commands' help (and ``moves --kind``'s choices) read them without importing the game
    (``help_texts``, ``new_options``, ``move_kinds`` below); without them the help asks the
    ``Game`` object.  Nothing is imported until a log (or ``forex new --game``) names the
    game.  Registering a name again replaces it.
    """
    _REGISTRY[name] = source
    given = {"help_texts": help_texts, "new_options": new_options, "move_kinds": move_kinds}
    _HELP_SOURCES[name] = {part: where for part, where in given.items() if where is not None}


def unregister(name: str) -> None:
    """Forget the game called ``name`` (registered by ``register``); raises ``UnknownGame``."""
    if name not in _REGISTRY:
        raise UnknownGame(name)
    del _REGISTRY[name]
    _HELP_SOURCES.pop(name, None)


register(
    "for-ex",
    "forexcli.games.forex.game:FOREX",
    help_texts="forexcli.games.forex.helptext:HELP_TEXTS",
    new_options="forexcli.games.forex.presenter:NEW_OPTIONS",
    move_kinds="forexcli.games.forex.helptext:MOVE_KINDS",
)
register(
    "world-exchangers",
    "forexcli.games.worldex.game:WORLDEX",
    help_texts="forexcli.games.worldex.helptext:HELP_TEXTS",
    new_options="forexcli.games.worldex.presenter:NEW_OPTIONS",
    move_kinds="forexcli.games.worldex.helptext:MOVE_KINDS",
)


class UnknownGame(LookupError):
    """A header names a game that is not registered."""

    code = "unknown_game"

    def __init__(self, name: str) -> None:
        self.reason = f"{name!r} is not a game forexcli knows ({', '.join(names())})"
        super().__init__(self.reason)


class ViewRefused(ValueError):
    """What a game's view (``base.Game.show_text`` ...) cannot give for what was asked: ``reason``
    a sentence, ``option`` the command-line option it concerns (``--seat``), or None when it
    is the request as a whole, and ``hints``, what to do instead (as every problem's).  The
    command prints it as a usage error of that option, its hints under it."""

    def __init__(
        self, reason: str, option: str | None = None, *, hints: Sequence[str] = ()
    ) -> None:
        super().__init__(reason)
        self.reason = reason
        self.option = option
        self.hints = tuple(hints)


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
    game: Game[Any, Any] = _imported(source)
    return game


def help_texts(name: str) -> Mapping[str, str]:
    """``Game.help_texts()`` of the game called ``name``, from where its registry line names
    them (only that module imported), else from its ``Game``; raises ``UnknownGame``."""
    where = _HELP_SOURCES.get(name, {}).get("help_texts")
    if where is None:
        return get(name).help_texts()
    texts: Mapping[str, str] = _imported(where)
    return texts


def new_options(name: str) -> Sequence[NewOption]:
    """``Game.new_options()`` of the game called ``name``, from where its registry line names
    them (only that module imported), else from its ``Game``; raises ``UnknownGame``."""
    where = _HELP_SOURCES.get(name, {}).get("new_options")
    if where is None:
        return get(name).new_options()
    options: Sequence[NewOption] = _imported(where)
    return options


def title(name: str) -> str:
    """``Game.title`` of the game called ``name`` (``forex --help`` names the games by it):
    the ``title`` part of the help texts its registry line names (only that module imported;
    the registry name when they give none), else its ``Game``'s; raises ``UnknownGame``."""
    if name not in _REGISTRY:
        raise UnknownGame(name)
    if _HELP_SOURCES.get(name, {}).get("help_texts") is None:
        return get(name).title
    return help_texts(name).get("title") or name


def move_kinds(name: str) -> tuple[str, ...]:
    """``Game.move_kinds()`` of the game called ``name``, from where its registry line names
    them (only that module imported), else from its ``Game``; raises ``UnknownGame``."""
    where = _HELP_SOURCES.get(name, {}).get("move_kinds")
    if where is None:
        return get(name).move_kinds()
    kinds: tuple[str, ...] = _imported(where)
    return kinds


def _imported(source: str) -> Any:
    """The attribute ``"module:attribute"`` names, its module imported."""
    module, _, attribute = source.partition(":")
    return getattr(importlib.import_module(module), attribute)


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
    "help_texts",
    "move_kinds",
    "names",
    "new_options",
    "register",
    "title",
    "unregister",
]
