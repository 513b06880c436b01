"""Decisions: every choice a player makes, as a plain immutable value.

Currencies are currency codes (``"USD"``), players are names, and amounts are
integer half-bucks (``4`` is 2 bucks, ``3`` is 1.5 bucks).
"""

from __future__ import annotations

from typing import Union

from msgspec import Struct


class Spot(Struct, frozen=True):
    """A spot transaction: ``player`` gives ``give`` to ``partner`` and gets ``get``."""

    player: str
    partner: str
    give_currency: str
    give: int
    get_currency: str
    get: int


class MakeContract(Struct, frozen=True):
    """A contract with the bank: pay ``pay`` of one currency, receive the other."""

    player: str
    pay_currency: str
    pay: int
    receive_currency: str
    receive: int


class Invest(Struct, frozen=True):
    """Buy one or two certificates of different currencies, in the order given."""

    player: str
    currencies: tuple[str, ...]


class Divest(Struct, frozen=True):
    """Sell ``count`` certificates of ``currency`` as the turn action."""

    player: str
    currency: str
    count: int


class Resolve(Struct, frozen=True):
    """Resolve the front item of the contract queue."""

    player: str


class DivestResponse(Struct, frozen=True):
    """Another holder's answer to a divest: sell ``count`` (0 declines)."""

    player: str
    currency: str
    count: int


class ChooseStrengthen(Struct, frozen=True):
    """After a dividend with a tie for most certificates: the currency strengthened."""

    player: str
    currency: str


class ChooseStrongest(Struct, frozen=True):
    """At the end with a tie for strongest currency: the scoring currency."""

    player: str
    currency: str


TurnAction = Union[MakeContract, Invest, Divest, Resolve]
Decision = Union[
    Spot, MakeContract, Invest, Divest, Resolve, DivestResponse, ChooseStrengthen, ChooseStrongest
]
