"""Decisions: every choice a player makes, as a plain immutable value.

Currencies are currency codes (``"USD"``), players are names, and amounts are
integer half-bucks (``4`` is 2 bucks, ``3`` is 1.5 bucks).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Union


@dataclass(frozen=True, slots=True)
class Spot:
    """A spot transaction: ``player`` gives ``give`` to ``partner`` and gets ``get``."""

    player: str
    partner: str
    give_currency: str
    give: int
    get_currency: str
    get: int


@dataclass(frozen=True, slots=True)
class MakeContract:
    """A contract with the bank: pay ``pay`` of one currency, receive the other."""

    player: str
    pay_currency: str
    pay: int
    receive_currency: str
    receive: int


@dataclass(frozen=True, slots=True)
class Invest:
    """Buy one or two certificates of different currencies, in the order given."""

    player: str
    currencies: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Divest:
    """Sell ``count`` certificates of ``currency`` as the turn action."""

    player: str
    currency: str
    count: int


@dataclass(frozen=True, slots=True)
class Resolve:
    """Resolve the front item of the contract queue."""

    player: str


@dataclass(frozen=True, slots=True)
class DivestResponse:
    """Another holder's answer to a divest: sell ``count`` (0 declines)."""

    player: str
    currency: str
    count: int


@dataclass(frozen=True, slots=True)
class ChooseStrengthen:
    """After a dividend with a tie for most certificates: the currency strengthened."""

    player: str
    currency: str


@dataclass(frozen=True, slots=True)
class ChooseStrongest:
    """At the end with a tie for strongest currency: the scoring currency."""

    player: str
    currency: str


TurnAction = Union[MakeContract, Invest, Divest, Resolve]
Decision = Union[
    Spot, MakeContract, Invest, Divest, Resolve, DivestResponse, ChooseStrengthen, ChooseStrongest
]
