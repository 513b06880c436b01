"""A one-ply investing player: a measuring stick for the engine, independent of its evaluation.

It values its own position (not shares, not the others') as money at the
rates the next dividend would give, plus each certificate's dividends
still to come at those rates (a currency that pays nothing now counts
nothing), plus its queued contracts and loans taken in queue order against
the money it will hold, an unpayable one costing its loan and a heavy
bankruptcy charge; it plays the legal decision that values highest.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence

from ..engine import (
    Contract,
    Decision,
    DividendStack,
    GameState,
    Loan,
    Phase,
    Spot,
    apply,
)
from ..engine.board import LAST_SPACE, NUM_CURRENCIES, PAIRS, PairPosition, move_pairs
from ..engine.state import DIVIDENDS_HALVES, LOAN_PENALTY_HALVES
from .evaluate import strongest, units
from .players import NO_SPOTS, Entry, Player, complete_entry, offers

BANKRUPTCY_CHARGE = 500.0
"""Bucks charged for a debt the player cannot meet from what it will hold."""

MARGIN_HALVES = 2
"""Half-bucks kept beyond each debt, against the spots of others taking what it holds."""

_N = NUM_CURRENCIES
_LEFT_HALVES = tuple(sum(DIVIDENDS_HALVES[len(DIVIDENDS_HALVES) - k :]) for k in range(6))


def own_worth(state: GameState, seat: int) -> float:
    """``seat``'s worth in bucks of the projected scoring currency (exact when the game is over)."""
    if state.pending.phase is Phase.OVER:
        result = state.result
        assert result is not None
        if result.bankrupt == seat:
            return -BANKRUPTCY_CHARGE
        return float(result.totals[seat])
    in_hands = state.certs_in_hands()
    pairs: Sequence[PairPosition] = state.board.pairs
    if state.dividends_left:
        most = max(in_hands)
        if in_hands.count(most) == 1:
            moved = list(pairs)
            move_pairs(moved, in_hands.index(most), True)
            pairs = moved
    unit = units(pairs, strongest(pairs, in_hands))
    held = list(state.money[seat])
    worth = sum(h * u for h, u in zip(held, unit, strict=True)) / 2
    paying = [True] * _N
    for (a, b), pos in zip(PAIRS, state.board.pairs, strict=True):
        if pos.space == LAST_SPACE:
            paying[b if pos.stronger == a else a] = False
    left = _LEFT_HALVES[state.dividends_left]
    hand = [count if paying[c] else 0 for c, count in enumerate(state.certs[seat])]
    worth += sum(count * left * u for count, u in zip(hand, unit, strict=True)) / 2
    for item in state.queue:
        if isinstance(item, DividendStack):
            per_cert = DIVIDENDS_HALVES[len(DIVIDENDS_HALVES) - item.left]
            for c, count in enumerate(hand):
                held[c] += count * per_cert
            continue
        if item.owner != seat:
            continue
        if isinstance(item, Contract):
            held[item.receive_currency] += item.receive
            worth += item.receive * unit[item.receive_currency] / 2
            if held[item.pay_currency] >= item.pay + MARGIN_HALVES:
                held[item.pay_currency] -= item.pay
                worth -= item.pay * unit[item.pay_currency] / 2
            else:
                worth -= (item.pay + LOAN_PENALTY_HALVES) * unit[item.pay_currency] / 2
                worth -= BANKRUPTCY_CHARGE
        elif isinstance(item, Loan):
            for c, owed in enumerate(item.owes):
                worth -= owed * unit[c] / 2
                if held[c] >= owed + MARGIN_HALVES or not owed:
                    held[c] -= owed
                else:
                    worth -= BANKRUPTCY_CHARGE
    return worth


def investor_decision(
    state: GameState,
    rng: random.Random,
    *,
    spots: bool = True,
    excluded: Collection[Spot] = NO_SPOTS,
) -> Decision:
    """The legal decision after which ``own_worth`` is highest (ties at random by ``rng``),
    leaving out the ``excluded`` spots."""
    seat = state.pending.player
    assert seat is not None
    best: list[Decision] = []
    best_worth = -float("inf")
    for choice in offers(state, excluded):
        if not spots and isinstance(choice, Spot):
            continue
        worth = round(own_worth(apply(state, choice), seat), 6)
        if worth > best_worth:
            best, best_worth = [choice], worth
        elif worth == best_worth:
            best.append(choice)
    return rng.choice(best)


def investor_player(seed: int = 0) -> Player:
    """The dividend investor: one ply, its own worth with certificates and queue counted."""
    rng = random.Random(seed)

    def play(state: GameState, excluded: Collection[Spot] = NO_SPOTS) -> Entry:
        first = investor_decision(state, rng, excluded=excluded)
        return complete_entry(
            state, first, lambda after: investor_decision(after, rng, spots=False)
        )

    return play
