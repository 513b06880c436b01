"""Decisions of World Exchangers: every choice made during play, as a plain immutable value.

A turn is one ``Buy``, ``Sell`` or ``Pass`` decision, or two ``Buy`` or two
``Sell`` decisions when the first declares a second card (``extra`` is
``"box"`` for the once-per-game box, ``"rue"`` for Rue's side B ability).
Side B abilities ride on the first decision of the action (``ring`` for
Felix, ``media_cash`` for Wigstan) or are decisions of their own before the
action (``Refresh`` for Estelle).  ``Reveal`` records cards turned up from
the deck; it is made by the dealer, not a player.
"""

from __future__ import annotations

from typing import Optional, Union

from msgspec import Struct

DEALER = "deck"
"""Who makes ``Reveal`` decisions in the log; no player may have this name."""


class Buy(Struct, frozen=True):
    """Buy ``card`` from the sale area, paying its base value."""

    player: str
    card: str
    extra: Optional[str] = None
    ring: bool = False


class Sell(Struct, frozen=True):
    """Sell ``card`` back to the sale area at its price for the month.

    ``media_cash`` is the media Wigstan (side B) spends for 100 coins each.
    """

    player: str
    card: str
    extra: Optional[str] = None
    ring: bool = False
    media_cash: int = 0


class Pass(Struct, frozen=True):
    """Neither buy nor sell: allowed only when the player can do neither."""

    player: str


class Refresh(Struct, frozen=True):
    """Estelle (side B) spends 1 media, discards ``discard`` from the sale area and refills it."""

    player: str
    discard: tuple[str, ...]


class Reveal(Struct, frozen=True):
    """Cards turned up from the deck into the sale area, in the order laid out."""

    cards: tuple[str, ...]


Action = Union[Buy, Sell, Pass]
Decision = Union[Buy, Sell, Pass, Refresh, Reveal]
EXTRAS = ("box", "rue")


def decider(decision: Decision) -> str:
    """Who makes ``decision``: a player's name, or ``DEALER``."""
    return DEALER if isinstance(decision, Reveal) else decision.player
