"""Left for ``cli/engine.py`` (``analyse --write`` of another game's log) until it calls
``edit.set_notes``, which changes the log of any game: nothing else is here."""

from __future__ import annotations

from .edit import set_notes

__all__ = ["set_notes"]
