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

import math
from collections.abc import Mapping, Sequence
from operator import mul
from typing import NamedTuple

from ..rules import (
    TRACK_HALVES,
    Contract,
    DividendStack,
    GameState,
    Loan,
    Phase,
)
from ..rules.board import (
    LAST_SPACE,
    NUM_CURRENCIES,
    PAIRS,
    Board,
    PairPosition,
    move_pairs,
)
from ..rules.board import PAIR_AT as _PAIR_AT
from ..rules.state import DIVIDENDS_HALVES, LOAN_PENALTY_HALVES

Values = tuple[float, ...]


class Weights(NamedTuple):
    """The evaluation's constants (``benchmarks/tune.py`` tunes them by self-play)."""

    cert: float = 0.9
    """How much of the dividends still to come a certificate is worth (they may be lost)."""
    non_paying: float = 0.5
    """The share of its dividends still counted for a currency that now pays nothing."""
    slack: float = 1.5
    """Bucks a player can raise, for each queue item ahead of a debt, before it falls due."""
    own_turns: float = 0.0
    """1 counts ``slack`` per turn of the debt's owner before it falls due, if every player
    resolves (a loan third in the queue of a 4-player game is due before its owner moves
    again); 0 per queue item ahead of it."""
    scarce: float = 0.9
    """The least risk of a debt short in a currency the other players do not hold enough of
    (nobody can sell it to the owner: it may never be found)."""
    win: float = 0.5
    """The weight of the chance of finishing first against the score share (0 to 1)."""
    spread: float = 4.0
    """Bucks of doubt about a final total, per dividend still to come (the chance's softness)."""
    end_spread: float = 0.0
    """Bucks of doubt about an exact ending's final totals, per turn of another player before
    the end (a player need not resolve: it may trade, invest or take a contract first); 0:
    the ending's winner wins."""


DEFAULT_WEIGHTS = Weights()
"""The constants with the exact ending (``end_spread`` 0); 2-player games take them with
``TWO_PLAYER_END_SPREAD`` (``weights_for``)."""

MANY_WEIGHTS = DEFAULT_WEIGHTS._replace(end_spread=2.0)
"""The constants of games of 3 to 6 players: an exact ending's winner is not taken to win
when other players move before the end (at 4 players the engine lost close games it was
sure of in its last round: benchmarks/RESULTS.md, session 20)."""


TWO_PLAYER_END_SPREAD = 2.0
"""``end_spread`` of 2-player games (``weights_for(2)``), as of 3 to 6 players: in the last
round a player need not resolve (the one-ply player divests and takes contracts for many
turns), so the ending "every player resolves now" that values the search's endgame leaves is
not the ending the game reaches, and a one-point lead in it is no sure win.  0, the exact
ending, was the default until issue 43's measurements (benchmarks/RESULTS.md, "The softened
2-player ending"); a setting so that it can be measured again."""


def weights_for(players: int) -> Weights:
    """The evaluation's constants for a game of ``players`` players."""
    if players > 2:
        return MANY_WEIGHTS
    return DEFAULT_WEIGHTS._replace(end_spread=TWO_PLAYER_END_SPREAD)


def weights_of(values: Mapping[str, object]) -> Weights:
    """The ``Weights`` named in ``values`` (every field, each a finite number, ``win`` 0 to 1,
    ``spread`` above 0, none negative); raises ``ValueError``."""
    names = set(Weights._fields)
    if set(values) != names:
        raise ValueError(
            f"weights must name exactly {', '.join(Weights._fields)}; got {', '.join(values)}"
        )
    numbers: dict[str, float] = {}
    for name in Weights._fields:
        value = values[name]
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise ValueError(f"weight {name} is not a number: {value!r}")
        if not math.isfinite(value) or value < 0:
            raise ValueError(f"weight {name} must be finite and not negative: {value!r}")
        numbers[name] = float(value)
    if numbers["win"] > 1 or numbers["spread"] <= 0:
        raise ValueError("weight win must be 0 to 1 and spread above 0")
    return Weights(**numbers)


def weights_from_json(text: str) -> Weights:
    """The weights of a data file's text (its ``weights`` object); raises ``ValueError``."""
    import json

    data = json.loads(text)
    if not isinstance(data, dict) or not isinstance(data.get("weights"), dict):
        raise ValueError("a weights file is an object with a 'weights' object")
    return weights_of(data["weights"])


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


def final_values(state: GameState, weights: Weights = DEFAULT_WEIGHTS) -> Values:
    """The exact values of a finished game: the score share (a bankrupt player scores 0),
    mixed with the win (1, shared among those ranked first alone or together) by ``weights.win``.
    """
    result = state.result
    assert result is not None
    scores = [
        0.0 if seat == result.bankrupt else float(max(total, 0))
        for seat, total in enumerate(result.totals)
    ]
    shares = _shares(scores)
    win = weights.win
    if not win:
        return shares
    firsts = [seat for seat, rank in enumerate(result.ranks) if rank == 1]
    won = 1.0 / len(firsts)
    return tuple(
        (1.0 - win) * share + (win * won if seat in firsts else 0.0)
        for seat, share in enumerate(shares)
    )


def ending_values(state: GameState, turns: int, weights: Weights = DEFAULT_WEIGHTS) -> Values:
    """The values of a finished game reached after ``turns`` turns of other players, who need
    not have played as they did: the win softened as in ``evaluate``, by ``weights.end_spread``
    a turn (exact, ``final_values``, when either is 0)."""
    softness = weights.end_spread * turns
    if softness <= 0 or not weights.win:
        return final_values(state, weights)
    result = state.result
    assert result is not None
    scores = [
        0.0 if seat == result.bankrupt else float(max(total, 0))
        for seat, total in enumerate(result.totals)
    ]
    shares = _shares(scores)
    top = max(scores)
    chances = [math.exp((s - top) / softness) for s in scores]
    total = sum(chances)
    keep = 1.0 - weights.win
    return tuple(
        keep * share + weights.win * chance / total
        for share, chance in zip(shares, chances, strict=True)
    )


def _shares(scores: list[float]) -> Values:
    total = sum(scores)
    if total <= 0:
        return tuple(1.0 / len(scores) for _ in scores)
    return tuple(s / total for s in scores)


_Rates = tuple[list[float], list[float], list[float]]
_Holdings = dict[tuple[tuple[int, ...], tuple[int, ...]], float]
_RATES_SEEN: dict[tuple[Board, tuple[int, ...], int, Weights], tuple[_Rates, _Holdings]] = {}
"""``_rates`` of the boards seen, with the certificates in hands, a bounded memo; with each,
the worths of the money and certificates of a player seen at those rates (``_holdings``)."""
_RATES_SEEN_MAX = 100_000
_HOLDINGS_MAX = 10_000


def _after_dividend(
    board_pairs: Sequence[PairPosition], in_hands: Sequence[int], left: int
) -> Sequence[PairPosition]:
    """The pairs as the next dividend would leave them (its currency, the one most held,
    strengthened), while one is left and one currency is held most."""
    if left:
        most = max(in_hands)
        if in_hands.count(most) == 1:
            moved = list(board_pairs)
            move_pairs(moved, in_hands.index(most), True)
            return moved
    return board_pairs


def scoring_currency(state: GameState) -> int:
    """The currency the evaluation's worths are counted in (``worths``): the one that would
    score at the projected rates."""
    in_hands = tuple(map(sum, zip(*state.certs, strict=True)))
    pairs = _after_dividend(state.board.pairs, in_hands, state.dividends_left)
    return strongest(pairs, in_hands)


def _rates(
    board_pairs: Sequence[PairPosition], in_hands: Sequence[int], left: int, weights: Weights
) -> _Rates:
    """(unit, half-buck unit, certificate unit) of each currency at the projected rates."""
    pairs = _after_dividend(board_pairs, in_hands, left)
    unit = units(pairs, strongest(pairs, in_hands))
    per_cert = _DIVIDENDS_AFTER[left] * weights.cert
    cert_unit = [u * per_cert for u in unit]
    for (a, b), pos in zip(PAIRS, board_pairs, strict=True):
        if pos.space == LAST_SPACE:
            weak = b if pos.stronger == a else a
            cert_unit[weak] = unit[weak] * per_cert * weights.non_paying
    return unit, [u / 2 for u in unit], cert_unit


def projected_rates(state: GameState, weights: Weights = DEFAULT_WEIGHTS) -> _Rates:
    """(unit, half-buck unit, certificate unit) per currency at the projected rates, memoized.

    The memo is keyed by the board (its hash is kept), the certificates in hands and the
    dividends left: a search meets the same few boards again and again, on every path.
    """
    return _projected(state, weights)[0]


def _projected(state: GameState, weights: Weights) -> tuple[_Rates, _Holdings]:
    """``projected_rates`` with the memo of holdings' worths at those rates."""
    board = state.board
    key = (board, tuple(map(sum, zip(*state.certs, strict=True))), state.dividends_left, weights)
    known = _RATES_SEEN.get(key)
    if known is None:
        if len(_RATES_SEEN) >= _RATES_SEEN_MAX:
            _RATES_SEEN.clear()
        known = _RATES_SEEN[key] = (_rates(board.pairs, *key[1:]), {})
    return known


def worths(state: GameState, weights: Weights = DEFAULT_WEIGHTS) -> tuple[list[float], list[float]]:
    """Each player's estimated final worth (in scoring-currency bucks) and bankruptcy risk."""
    money = state.money
    queue = state.queue
    (unit, half_unit, cert_unit), holdings = _projected(state, weights)
    worth = []
    for holding in zip(money, state.certs, strict=True):  # (money, certificates) of a player
        known = holdings.get(holding)
        if known is None:
            if len(holdings) >= _HOLDINGS_MAX:
                holdings.clear()
            cash, hand = holding
            known = holdings[holding] = sum(map(mul, cash, half_unit)) + sum(
                map(mul, hand, cert_unit)
            )
        worth.append(known)
    n = len(money)
    if len(queue) == 1:
        return worth, [0.0] * n  # only the dividend stack: no debts
    held = [list(row) for row in money]
    risk = [0.0] * n
    # After the last dividend the queue is settled with no turns between: no more slack.
    last = len(queue)
    if state.dividends_left == 1:
        last = next(i for i, it in enumerate(queue) if type(it) is DividendStack)
    turns = weights.own_turns
    mover = state.turn_player if state.pending.phase is Phase.TURN else state.turn_player + 1
    slack, scarce_risk = weights.slack, weights.scarce
    column: list[int] | None = None  # each currency's money over all the players, when needed
    for ahead, item in enumerate(queue):
        if isinstance(item, DividendStack):
            continue
        seat = item.owner
        items = 0.0
        if turns:
            until = min(ahead if isinstance(item, Loan) else len(queue), last)
            items = (1 - turns) * until + turns * _own_turns(until, (seat - mover) % n, n)
        row = held[seat]
        if isinstance(item, Contract):
            pay_c, pay = item.pay_currency, item.pay
            row[item.receive_currency] += item.receive
            worth[seat] += (item.receive * unit[item.receive_currency] - pay * unit[pay_c]) / 2
            short = pay - row[pay_c]
            if short <= 0:
                row[pay_c] -= pay
                continue
            worth[seat] -= LOAN_PENALTY_HALVES * unit[pay_c] / 2
            shortfall = (short + LOAN_PENALTY_HALVES) * unit[pay_c] / 2
            due: float = items if turns else min(len(queue), last)
            chance = shortfall / (shortfall + 0.5 + slack * due)  # ``_risk``
            if scarce_risk:
                if column is None:
                    column = [sum(col) for col in zip(*money, strict=True)]
                if column[pay_c] - money[seat][pay_c] < short and scarce_risk > chance:
                    chance = scarce_risk
        else:  # a loan
            shortfall = 0.0
            scarce = False
            for c, owed in enumerate(item.owes):
                if not owed:
                    continue
                worth[seat] -= owed * unit[c] / 2
                if row[c] >= owed:
                    row[c] -= owed
                    continue
                shortfall += (owed - row[c]) * unit[c] / 2
                if scarce_risk > 0 and not scarce:
                    if column is None:
                        column = [sum(col) for col in zip(*money, strict=True)]
                    scarce = column[c] - money[seat][c] < owed - row[c]
                row[c] = 0
            if not shortfall:
                continue
            due = items if turns else min(ahead, last)
            chance = shortfall / (shortfall + 0.5 + slack * due)  # ``_risk``
            if scarce and scarce_risk > chance:
                chance = scarce_risk
        if chance > risk[seat]:
            risk[seat] = chance
    return worth, risk


def _own_turns(items: int, wait: int, players: int) -> int:
    """The owner's turns among the next ``items`` turns, the first of them ``wait`` turns away."""
    return 0 if items <= wait else (items - 1 - wait) // players + 1


def evaluate(state: GameState, weights: Weights = DEFAULT_WEIGHTS) -> Values:
    """Each player's expected share of the final scores (exact when the game is over),
    mixed with their chance of finishing first by ``weights.win``."""
    if state.pending.phase is Phase.OVER:
        return final_values(state, weights)
    worth, risk = worths(state, weights)
    scores = [(w if w >= 0.0 else 0.0) * (1.0 - r) for w, r in zip(worth, risk, strict=True)]
    total = sum(scores)
    shares = [s / total for s in scores] if total > 0 else [1.0 / len(scores)] * len(scores)
    win = weights.win
    if not win:
        return tuple(shares)
    # ``_chances``, written out: a softmax of the scores
    softness = weights.spread * (1 + state.dividends_left)
    top = max(scores)
    exp = math.exp
    chances = [exp((s - top) / softness) for s in scores]
    total = sum(chances)
    keep = 1.0 - win
    return tuple(
        [
            keep * share + win * (chance / total)
            for share, chance in zip(shares, chances, strict=True)
        ]
    )


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
