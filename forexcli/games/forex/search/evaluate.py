"""A heuristic evaluation of For-Ex positions: each player's expected score share.

The value of a position is a tuple with one number per seat: that player's
**expected share of the players' final scores** (0 to 1; the shares add up
to 1).  A finished game is valued exactly: each player's final total over
the sum of the totals, a bankrupt player 0.  An unfinished one is valued by
an estimate of each player's final worth, in units of the scoring currency:

- money, converted at the rates of a *projected* board: the current board
  with the currency most held in certificates strengthened once, as the next
  dividend will do (the rates' trend);
- certificates: the dividends still to come (those of currencies that now
  pay nothing counted at half), at the same rates;
- the player's contracts and loans in the queue, taken in queue order
  against the money the player will hold: what each receives less what it
  pays; a contract that cannot be paid costs its penalty and a risk of
  bankruptcy, and so does a loan the player cannot pay;
- the risk of bankruptcy (a bankrupt player ranks last) scales the worth
  down: ``worth * (1 - risk)``, where the risk grows with the shortfall and
  shrinks with the queue items still ahead of the debt (turns to find the
  money).

Everything is plain float arithmetic on the engine's state: no I/O.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import mul

from ..engine import (
    TRACK_HALVES,
    Contract,
    DividendStack,
    GameState,
    Loan,
    Phase,
)
from ..engine.board import (
    LAST_SPACE,
    NUM_CURRENCIES,
    PAIRS,
    PairPosition,
    move_pairs,
)
from ..engine.board import PAIR_AT as _PAIR_AT
from ..engine.state import DIVIDENDS_HALVES, LOAN_PENALTY_HALVES

Values = tuple[float, ...]

CERT_WEIGHT = 0.9
"""How much of the dividends still to come a certificate is worth (they may be lost)."""

NON_PAYING_WEIGHT = 0.5
"""The share of its dividends still counted for a currency that now pays nothing."""

SLACK_PER_ITEM = 1.5
"""Bucks a player can raise, for each queue item ahead of a debt, before it falls due."""

_N = NUM_CURRENCIES
_RATES = tuple(h / 2 for h in TRACK_HALVES)
_DIVIDENDS_AFTER = tuple(sum(DIVIDENDS_HALVES[len(DIVIDENDS_HALVES) - k :]) / 2 for k in range(6))
"""Bucks per certificate of the last ``k`` dividends (``k`` = dividends left)."""


def strongest(pairs: Sequence[PairPosition], certs_in_hands: Sequence[int]) -> int:
    """The currency that would score now: most pairs won, then most certificates in hands."""
    won = [0] * _N
    for pos in pairs:
        won[pos.stronger] += 1
    best = max(won)
    if won.count(best) == 1:
        return won.index(best)
    return max(range(_N), key=lambda c: (won[c], certs_in_hands[c], -c))


def units(pairs: Sequence[PairPosition], target: int) -> list[float]:
    """The worth of one buck of each currency in ``target`` at the rates of ``pairs``."""
    worth = [1.0] * _N
    for c in range(_N):
        if c == target:
            continue
        pos = pairs[_PAIR_AT[c][target]]
        rate = _RATES[pos.space]
        worth[c] = rate if pos.stronger == c else 1.0 / rate
    return worth


def final_values(state: GameState) -> Values:
    """The exact score shares of a finished game (a bankrupt player scores 0)."""
    result = state.result
    assert result is not None
    scores = [
        0.0 if seat == result.bankrupt else float(max(total, 0))
        for seat, total in enumerate(result.totals)
    ]
    return _shares(scores)


def _shares(scores: list[float]) -> Values:
    total = sum(scores)
    if total <= 0:
        return tuple(1.0 / len(scores) for _ in scores)
    return tuple(s / total for s in scores)


def worths(state: GameState) -> tuple[list[float], list[float]]:
    """Each player's estimated final worth (in scoring-currency bucks) and bankruptcy risk."""
    n = len(state.players)
    certs = state.certs
    in_hands = [sum(column) for column in zip(*certs, strict=True)]
    board_pairs = state.board.pairs
    pairs: Sequence[PairPosition] = board_pairs
    if state.dividends_left:
        most = max(in_hands)
        if in_hands.count(most) == 1:
            moved = list(board_pairs)
            move_pairs(moved, in_hands.index(most), True)
            pairs = moved
    unit = units(pairs, strongest(pairs, in_hands))
    per_cert = _DIVIDENDS_AFTER[state.dividends_left] * CERT_WEIGHT
    cert_unit = [u * per_cert for u in unit]
    for (a, b), pos in zip(PAIRS, board_pairs, strict=True):
        if pos.space == LAST_SPACE:
            weak = b if pos.stronger == a else a
            cert_unit[weak] = unit[weak] * per_cert * NON_PAYING_WEIGHT
    half_unit = [u / 2 for u in unit]
    worth = [
        sum(map(mul, row, half_unit)) + sum(map(mul, hand, cert_unit))
        for row, hand in zip(state.money, certs, strict=True)
    ]
    if len(state.queue) == 1:
        return worth, [0.0] * n  # only the dividend stack: no debts
    held = [list(row) for row in state.money]
    risk = [0.0] * n
    # After the last dividend the queue is settled with no turns between: no more slack.
    last = len(state.queue)
    if state.dividends_left == 1:
        last = next(i for i, it in enumerate(state.queue) if isinstance(it, DividendStack))
    for ahead, item in enumerate(state.queue):
        if isinstance(item, DividendStack):
            continue
        seat = item.owner
        row = held[seat]
        if isinstance(item, Contract):
            row[item.receive_currency] += item.receive
            value = item.receive * unit[item.receive_currency] - item.pay * unit[item.pay_currency]
            worth[seat] += value / 2
            short = item.pay - row[item.pay_currency]
            if short <= 0:
                row[item.pay_currency] -= item.pay
            else:
                worth[seat] -= LOAN_PENALTY_HALVES * unit[item.pay_currency] / 2
                shortfall = (short + LOAN_PENALTY_HALVES) * unit[item.pay_currency] / 2
                risk[seat] = max(risk[seat], _risk(shortfall, min(len(state.queue), last)))
        elif isinstance(item, Loan):
            shortfall = 0.0
            for c, owed in enumerate(item.owes):
                if not owed:
                    continue
                worth[seat] -= owed * unit[c] / 2
                if row[c] >= owed:
                    row[c] -= owed
                else:
                    shortfall += (owed - row[c]) * unit[c] / 2
                    row[c] = 0
            if shortfall:
                risk[seat] = max(risk[seat], _risk(shortfall, min(ahead, last)))
    return worth, risk


def _risk(shortfall: float, ahead: int) -> float:
    """The chance that a debt short by ``shortfall`` bucks bankrupts its owner."""
    slack = SLACK_PER_ITEM * ahead
    return shortfall / (shortfall + 0.5 + slack)


def evaluate(state: GameState) -> Values:
    """Each player's expected share of the final scores (exact when the game is over)."""
    if state.pending.phase is Phase.OVER:
        return final_values(state)
    worth, risk = worths(state)
    return _shares([max(w, 0.0) * (1.0 - r) for w, r in zip(worth, risk, strict=True)])


def money_worth(state: GameState, seat: int) -> float:
    """``seat``'s money converted at the current rates into the currency that would score now.

    The greedy player's measure (exact rates, no rounding; certificates and
    the queue count nothing).
    """
    in_hands = [sum(hand[c] for hand in state.certs) for c in range(_N)]
    pairs = state.board.pairs
    unit = units(pairs, strongest(pairs, in_hands))
    row = state.money[seat]
    return sum(row[c] * unit[c] for c in range(_N)) / 2
