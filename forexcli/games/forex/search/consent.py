"""A partner's answer to a spot offer, as players and the search expect it.

A spot transaction needs its partner's consent (the rulebook: no player has
to accept a transaction proposed by the acting player).  The search expects
a partner to accept only an offer that is not bad for it: one after which
its value does not drop and its queued debts are not left shorter of money
(``accepts``).  In a 2-player game, where the values are shares of one
whole, that leaves almost no spot the mover wants: the search no longer
counts on a rival selling it the currency that saves it.
"""

from __future__ import annotations

from msgspec import Struct

from ....words import possessive
from ..rules import CURRENCIES, Contract, DividendStack, GameState, format_halves
from .evaluate import Values


def shortfall(state: GameState, seat: int) -> int:
    """Half-bucks ``seat`` would be short of, paying its queued contracts and loans in queue
    order from the money it holds and what its earlier contracts bring."""
    return sum(shortfalls(state, seat))


def shortfalls(state: GameState, seat: int) -> tuple[int, ...]:
    """``shortfall`` by currency (half-bucks)."""
    row = list(state.money[seat])
    short = [0] * len(row)
    for item in state.queue:
        if isinstance(item, DividendStack) or item.owner != seat:
            continue
        if isinstance(item, Contract):
            row[item.receive_currency] += item.receive
            owes: tuple[tuple[int, int], ...] = ((item.pay_currency, item.pay),)
        else:
            owes = tuple((c, owed) for c, owed in enumerate(item.owes) if owed)
        for c, owed in owes:
            paid = min(owed, row[c])
            row[c] -= paid
            short[c] += owed - paid
    return tuple(short)


def accepts(
    before: GameState, after: GameState, before_values: Values, after_values: Values, partner: int
) -> bool:
    """Whether ``partner`` accepts the spot that leads from ``before`` to ``after``: its value
    (the vectors given, one value per seat) does not drop, nor does its ``shortfall`` grow."""
    if after_values[partner] < before_values[partner]:
        return False
    return shortfall(after, partner) <= shortfall(before, partner)


def rescues(before: GameState, after: GameState, mover: int) -> bool:
    """Whether the spot from ``before`` to ``after`` leaves ``mover``'s queued debts less short
    of money (worth offering even to a partner expected to refuse: a refusal costs nothing)."""
    return shortfall(after, mover) < shortfall(before, mover)


class Refusal(Struct, frozen=True):
    """Why the engine refuses a spot offered to it: its value before and after (0 to 1),
    and its queued debts' shortfall by currency (half-bucks) before and after."""

    partner: str
    value_before: float
    value_after: float
    short_before: tuple[int, ...]
    short_after: tuple[int, ...]

    def reason(self) -> str:
        """``computer would be left 2 USD short of its queued contracts and loans (0 before)``,
        or ``computer's value would drop from 52.3% to 47.1%``."""
        if sum(self.short_after) > sum(self.short_before):
            pairs = zip(self.short_before, self.short_after, strict=True)
            worse = [
                (CURRENCIES[c], after, before)
                for c, (before, after) in enumerate(pairs)
                if after > before
            ]
            said = ", ".join(
                f"{format_halves(after)} {code} short (it was {format_halves(before)})"
                for code, after, before in worse
            )
            return f"{self.partner} would be left {said} for the contracts and loans it has queued"
        return (
            f"{possessive(self.partner)} value would drop from {100 * self.value_before:.1f}% to"
            f" {100 * self.value_after:.1f}% (half its expected share of the final scores,"
            " half its chance of finishing first)"
        )
