"""World Exchangers behind the ``Game`` interface (``forexcli.games.base``).

Layout: ``rules/`` is the pure rules core (components as data, state,
decisions, errors, rules, seeded deal); ``notation`` reads and writes log
entries; ``schema_source`` holds the JSON Schemas; ``load`` reads a
components file (the only I/O).  ``WORLDEX`` (in ``game``) is the object the frame uses:
``setup`` takes the header (plain data) and the decoded components file.  Beside the
interface it tells what a decision did (``describe``), reads its components file
(``load_resource``), and words its messages, board and ``play`` report (``message``,
``picture``, ``play_text``, from ``views.layout``) over ``games.base.BaseGame``'s defaults.
It is loaded only when asked for, so that importing the package (its help texts) stays light.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .game import CODES, GAME_NAME, WORLDEX, WorldexGame, setup_from_header

_FROM_GAME = ("CODES", "GAME_NAME", "WORLDEX", "WorldexGame", "setup_from_header")


def __getattr__(name: str) -> Any:
    """The names of ``game``, imported from it on first use."""
    if name in _FROM_GAME:
        from . import game

        return getattr(game, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["CODES", "GAME_NAME", "WORLDEX", "WorldexGame", "setup_from_header"]
