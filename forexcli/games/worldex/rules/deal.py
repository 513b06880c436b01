"""A deterministic deal of World Exchangers from a seed, and the seed's commitment.

The deal does not use ``random`` (its algorithms may change between Python
versions).  Each shuffle is a Fisher-Yates shuffle fed by a SHA-256 stream:
block ``k`` of the stream for ``label`` is ``sha256(b"worldex-deal-v1\\0" +
label + b"\\0" + seed + b"\\0" + str(k))``, read as 8-byte big-endian
numbers, each used only when below the largest multiple of the range
(rejection sampling: ``forexcli.games.seeded``).  The labels are ``starting``,
``cities``, ``mid``, ``end`` and ``roles``; each list is shuffled in components order.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import TypeVar

from msgspec import Struct

from ... import seeded
from .components import MID_YEAR, SALE_AREA, STARTING_PER_PLAYER, YEAR_END, Components

DEAL_VERSION = "worldex-deal-v1"
T = TypeVar("T")


def commitment(seed: str) -> str:
    """The SHA-256 of the seed (hex), which a host publishes before the game."""
    return hashlib.sha256(seed.encode("utf-8")).hexdigest()


def shuffled(items: Sequence[T], seed: str, label: str) -> tuple[T, ...]:
    """``items`` in the order the seed's stream for ``label`` shuffles them."""
    return tuple(seeded.shuffled(items, DEAL_VERSION, label, seed))


def first_shuffled(items: Sequence[T], count: int, seed: str, label: str) -> tuple[T, ...]:
    """The first ``count`` of ``shuffled(items, seed, label)``, drawing no more than they
    need."""
    return tuple(seeded.first_shuffled(items, count, DEAL_VERSION, label, seed))


class SeededDeal(Struct, frozen=True):
    """Everything the seed deals: set-up and the order of the deck."""

    starting: tuple[tuple[str, ...], ...]
    boxed: tuple[str, ...]
    roles: tuple[str, ...]
    mid_trend: str
    end_trend: str
    area: tuple[str, ...]
    deck: tuple[str, ...]


def seeded_deal(
    components: Components, seed: str, players: int, atom_trends: bool = False
) -> SeededDeal:
    """The deal of ``seed`` for ``players`` players (``atom_trends``: first-game trend cards)."""
    starting = shuffled([c.name for c in components.starting_cities], seed, "starting")
    hands = tuple(
        starting[STARTING_PER_PLAYER * seat : STARTING_PER_PLAYER * (seat + 1)]
        for seat in range(players)
    )
    cities = shuffled([c.name for c in components.cities], seed, "cities")
    mids = components.trends_for(MID_YEAR, atom_trends) or components.trends_for(MID_YEAR)
    ends = components.trends_for(YEAR_END, atom_trends) or components.trends_for(YEAR_END)
    roles = first_shuffled([r.name for r in components.roles], players, seed, "roles")
    return SeededDeal(
        starting=hands,
        boxed=starting[STARTING_PER_PLAYER * players :],
        roles=roles[:players],
        mid_trend=first_shuffled([t.id for t in mids], 1, seed, "mid")[0],
        end_trend=first_shuffled([t.id for t in ends], 1, seed, "end")[0],
        area=cities[:SALE_AREA],
        deck=cities[SALE_AREA:],
    )
