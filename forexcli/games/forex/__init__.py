"""For-Ex, the currency-trading game, as a rules module of the frame.

Layout: ``rules/`` is the pure rules core; ``notation`` reads and writes log
entries; ``schema_source`` generates the published log schema; ``snapshot``
(the state as JSON, whose digest ``forex play`` records), ``standings``,
``catchup`` (plain sentences), ``moves`` (legal decisions grouped), ``views``
(its words for the reports), ``svg`` and ``message`` are its views; ``search/``
and ``advisor`` its engine player.  ``FOREX`` (in ``game``) is the object the
frame uses; it is loaded only when asked for, so importing the engine stays light.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .game import FOREX, ForexGame


def __getattr__(name: str) -> Any:
    """``FOREX`` and ``ForexGame``, imported from ``game`` on first use."""
    if name in ("FOREX", "ForexGame"):
        from . import game

        return getattr(game, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["FOREX", "ForexGame"]
