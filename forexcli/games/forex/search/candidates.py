"""The few sensible decisions of a position, for the search to spend its time on.

Outside a turn every legal action is kept (a divest answer, a tie choice:
at most a handful).  On a turn, of the up to ~560 legal decisions:

- ``resolve``;
- every single investment, and the pairs of the four currencies worth most
  to the player (by the money of that currency the player holds, at the
  projected rates), in that order;
- every divest of one certificate, and of all the certificates of a currency;
- the contracts of the ``CONTRACT_DIRECTIONS`` best directions (receive a
  currency expected to gain against the one paid, at the projected rates of
  the evaluation), each at the largest amount the player can pay from what
  they hold, and at half of it: a contract the player cannot pay is a loan
  with a penalty, so larger ones are left out;
- before the action, the ``SPOTS`` spot transactions that gain most at the
  projected rates, and for each of the (at most ``RESCUES``) currencies the
  player's queued debts lack most, the best spot that brings some of it.

Every action is legal by construction; the tests check each against
``legal_decisions``.
"""

from __future__ import annotations

from ..rules import Contract, GameState, Loan, Phase
from ..rules.board import NUM_CURRENCIES, Board, PairPosition
from ..rules.state import MAX_STRONG_AMOUNT
from .encoding import (
    CONTRACT,
    DIVEST,
    INVEST,
    RESOLVE_ACTION,
    SPOT,
    Action,
    can_invest,
    contract_amounts,
    legal_actions,
    spot_terms,
)
from .evaluate import projected_rates, strongest, units

CONTRACT_DIRECTIONS = 3
SPOTS = 2
RESCUES = 2
INVEST_PAIRS_OF = 4
_N = NUM_CURRENCIES


def _projected_units(state: GameState) -> list[float]:
    """The worth of a buck of each currency at the evaluation's projected rates."""
    return projected_rates(state)[0]


_UNITS_SEEN: dict[tuple[PairPosition, ...], list[float]] = {}
"""``_current_units`` of the positions of the pairs seen, a bounded memo."""


def _current_units(pairs: tuple[PairPosition, ...]) -> list[float]:
    """The worth of a buck of each currency at the current rates (memoized: do not change it)."""
    known = _UNITS_SEEN.get(pairs)
    if known is None:
        if len(_UNITS_SEEN) >= 100_000:
            _UNITS_SEEN.clear()
        known = _UNITS_SEEN[pairs] = units(pairs, strongest(pairs, [0] * _N))
    return known


def _committed(state: GameState, seat: int) -> list[int]:
    """Half-bucks of each currency the player's queued contracts and loans will take."""
    owed = [0] * _N
    for item in state.queue:
        if isinstance(item, Contract) and item.owner == seat:
            owed[item.pay_currency] += item.pay
            owed[item.receive_currency] -= item.receive
        elif isinstance(item, Loan) and item.owner == seat:
            for c, amount in enumerate(item.owes):
                owed[c] += amount
    return owed


def candidates(state: GameState) -> list[Action]:
    """The actions worth searching for the pending player (never empty before the end)."""
    pending = state.pending
    seat = pending.player
    if pending.phase is not Phase.TURN or seat is None:
        return legal_actions(state)
    unit = _projected_units(state)
    mine = state.money[seat]
    free = [mine[c] - max(0, owed) for c, owed in enumerate(_committed(state, seat))]
    actions: list[Action] = []
    if not state.spot_done:
        actions.extend(_spots(state, seat, unit, free))
    actions.append(RESOLVE_ACTION)
    able = [c for c in range(_N) if can_invest(state, seat, c)]
    actions.extend((INVEST, c, -1, 0) for c in able)
    best = sorted(able, key=lambda c: -(mine[c] - 4) * unit[c])[:INVEST_PAIRS_OF]
    actions.extend((INVEST, a, b, 0) for i, a in enumerate(best) for b in best[i + 1 :])
    held = state.certs[seat]
    for c in range(_N):
        if held[c]:
            actions.append((DIVEST, c, 1, 0))
            if held[c] > 1:
                actions.append((DIVEST, c, held[c], 0))
    if state.free_letter() is not None:
        actions.extend(_contracts(state, unit, free))
    return actions


_Directions = tuple[list[tuple[int, int, int, int, float, bool]], list[tuple[float, int, int, int]]]
_DIRECTIONS_SEEN: dict[tuple[Board, tuple[float, ...]], _Directions] = {}
"""``_directions`` of the boards seen with the projected units, a bounded memo."""


def _directions(state: GameState, unit: list[float]) -> _Directions:
    """Each spot direction's terms and gain, and the contract directions that gain, at the
    board's rates and the projected ``unit`` (memoized: do not change them).

    A spot direction is ``(give_c, get_c, give, get, gain, gaining)``; a contract one
    ``(gain per stronger buck, pay_c, recv_c, pay per stronger buck)``, only those gaining.
    """
    key = (state.board, tuple(unit))
    known = _DIRECTIONS_SEEN.get(key)
    if known is not None:
        return known
    if len(_DIRECTIONS_SEEN) >= 100_000:
        _DIRECTIONS_SEEN.clear()
    spots = []
    for give_c in range(_N):
        for get_c in range(_N):
            if give_c == get_c:
                continue
            give, get = spot_terms(state, give_c, get_c)
            gain = get * unit[get_c] - give * unit[give_c]
            spots.append((give_c, get_c, give, get, gain, gain > 1e-9))
    now = _current_units(state.board.pairs)
    contracts = []
    for pay_c in range(_N):
        for recv_c in range(_N):
            if recv_c == pay_c:
                continue
            pay1, receive1 = contract_amounts(state, pay_c, recv_c, 1)
            gain = receive1 * unit[recv_c] - pay1 * unit[pay_c]
            gain += 0.5 * (receive1 * now[recv_c] - pay1 * now[pay_c])
            if gain > 0:
                contracts.append((gain, pay_c, recv_c, pay1))
    known = _DIRECTIONS_SEEN[key] = (spots, contracts)
    return known


def _contracts(state: GameState, unit: list[float], free: list[int]) -> list[Action]:
    scored: list[tuple[float, int, int, int]] = []
    for gain, pay_c, recv_c, pay1 in _directions(state, unit)[1]:
        if free[pay_c] <= 0:
            continue
        strong = min(MAX_STRONG_AMOUNT, free[pay_c] // pay1)
        if strong >= 1:
            scored.append((gain * strong, pay_c, recv_c, strong))
    scored.sort(key=lambda item: (-item[0], item[1], item[2]))
    actions: list[Action] = []
    for _gain, pay_c, recv_c, strong in scored[:CONTRACT_DIRECTIONS]:
        actions.append((CONTRACT, pay_c, recv_c, strong))
        if strong > 1:
            actions.append((CONTRACT, pay_c, recv_c, (strong + 1) // 2))
    return actions


def _spots(state: GameState, seat: int, unit: list[float], free: list[int]) -> list[Action]:
    mine = state.money[seat]
    # The directions (give, get) worth a look that ``seat`` can pay: the same with every partner.
    directions: list[tuple[int, int, int, float, bool, bool]] = []
    for give_c, get_c, give, get, gain, gaining in _directions(state, unit)[0]:
        if mine[give_c] < give:
            continue
        rescue = free[get_c] < 0 and free[give_c] >= give
        if gaining or rescue:
            directions.append((give_c, get_c, get, gain, gaining, rescue))
    scored: list[tuple[float, Action]] = []
    rescues: dict[int, tuple[float, Action]] = {}
    for partner in range(len(state.players)):
        if partner == seat:
            continue
        theirs = state.money[partner]
        for give_c, get_c, get, gain, gaining, rescue in directions:
            if theirs[get_c] < get:
                continue
            action: Action = (SPOT, partner, give_c, get_c)
            if gaining:
                scored.append((gain, action))
            if rescue:
                known = rescues.get(get_c)
                if known is None or gain > known[0]:
                    rescues[get_c] = (gain, action)
    scored.sort(key=lambda item: -item[0])
    actions = [action for _gain, action in scored[:SPOTS]]
    for c in sorted(rescues, key=lambda c: (free[c], c))[:RESCUES]:
        if rescues[c][1] not in actions:
            actions.append(rescues[c][1])
    return actions
