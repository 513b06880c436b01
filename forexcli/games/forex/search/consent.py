"""A partner's answer to a spot offer, as players and the search expect it.

A spot transaction needs its partner's consent (the rulebook: no player has
to accept a transaction proposed by the acting player).
"""

from __future__ import annotations

from ..engine import Contract, DividendStack, GameState


def shortfall(state: GameState, seat: int) -> int:
    """Half-bucks ``seat`` would be short of, paying its queued contracts and loans in queue
    order from the money it holds and what its earlier contracts bring."""
    row = list(state.money[seat])
    short = 0
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
            short += owed - paid
    return short
