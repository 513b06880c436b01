"""A lean integer encoding of decisions, for search.

``legal_decisions`` builds a ``Decision`` object for each of up to ~560
choices (every contract amount); a search only looks at a few of them.  Here
an action is a plain tuple of small integers, listed without building any
object, and turned into the engine's ``Decision`` only when it is used:

=====================================  ============================================
action                                 meaning
=====================================  ============================================
``(SPOT, partner, give_c, get_c)``     give the spot amount of ``give_c`` to ``partner``
``(CONTRACT, pay_c, recv_c, strong)``  a contract whose stronger amount is ``strong`` bucks
``(INVEST, a, -1, 0)`` / ``(INVEST, a, b, 0)``  one certificate, or two in that order
``(DIVEST, c, count, 0)``              sell ``count`` certificates of ``c``
``(RESOLVE, 0, 0, 0)``                 resolve the front of the queue
``(SELL, c, count, 0)``                answer a divest
``(STRENGTHEN, c, 0, 0)``              dividend tie choice
``(STRONGEST, c, 0, 0)``               final tie choice
=====================================  ============================================

``legal_actions`` lists them in the same order as ``legal_decisions`` and
``decision`` decodes one; the tests check both against the engine.  Applying
stays with the engine's ``apply`` (cheap: about 120,000 a second).
"""

from __future__ import annotations

from ..rules import (
    CURRENCIES,
    PAIRS,
    TRACK_HALVES,
    ChooseStrengthen,
    ChooseStrongest,
    Decision,
    Divest,
    DivestResponse,
    GameState,
    Invest,
    MakeContract,
    Phase,
    Resolve,
    Spot,
)
from ..rules.board import PAIR_AT as _PAIR_AT
from ..rules.state import INVEST_PRICE_HALVES, MAX_CERTS_PER_CURRENCY, MAX_STRONG_AMOUNT

Action = tuple[int, int, int, int]

SPOT, CONTRACT, INVEST, DIVEST, RESOLVE, SELL, STRENGTHEN, STRONGEST = range(8)
KIND_NAMES = ("spot", "contract", "invest", "divest", "resolve", "sell", "strengthen", "strongest")

RESOLVE_ACTION: Action = (RESOLVE, 0, 0, 0)
_N = len(CURRENCIES)
_DIRECTIONS = tuple((a, b) for a in range(_N) for b in range(_N) if a != b)
_SPOT_DIRECTIONS = tuple(d for a, b in PAIRS for d in ((a, b), (b, a)))


def spot_terms(state: GameState, give_c: int, get_c: int) -> tuple[int, int]:
    """(give, get) half-bucks of a spot giving ``give_c`` for ``get_c`` at the current rate."""
    pos = state.board.pairs[_PAIR_AT[give_c][get_c]]
    if pos.stronger == give_c:
        return 2, TRACK_HALVES[pos.space]
    return TRACK_HALVES[pos.space], 2


def contract_amounts(state: GameState, pay_c: int, recv_c: int, strong: int) -> tuple[int, int]:
    """(pay, receive) half-bucks of a contract whose stronger amount is ``strong`` bucks."""
    pos = state.board.pairs[_PAIR_AT[pay_c][recv_c]]
    rate = TRACK_HALVES[pos.space]
    if pos.stronger == pay_c:
        return 2 * strong, strong * rate
    return strong * rate, 2 * strong


def can_invest(state: GameState, seat: int, currency: int) -> bool:
    """True when ``seat`` may buy a certificate of ``currency`` now."""
    return (
        state.money[seat][currency] >= INVEST_PRICE_HALVES
        and state.certs[seat][currency] < MAX_CERTS_PER_CURRENCY
        and state.supply[currency] > 0
    )


def legal_actions(state: GameState, *, contracts: bool = True) -> list[Action]:
    """Every legal action of the pending player, in ``legal_decisions`` order.

    ``contracts=False`` leaves out the contracts (420 of them when a letter
    is free), which a search generates itself, pruned.
    """
    pending = state.pending
    seat = pending.player
    phase = pending.phase
    if phase is Phase.OVER or seat is None:
        return []
    if phase is Phase.DIVEST_RESPONSE:
        assert pending.currency is not None
        c = pending.currency
        return [(SELL, c, count, 0) for count in range(state.certs[seat][c] + 1)]
    if phase is Phase.DIVIDEND_TIE:
        return [(STRENGTHEN, c, 0, 0) for c in pending.candidates]
    if phase is Phase.STRONGEST_TIE:
        return [(STRONGEST, c, 0, 0) for c in pending.candidates]
    actions: list[Action] = []
    money = state.money
    mine = money[seat]
    if not state.spot_done:
        for partner in range(len(state.players)):
            if partner == seat:
                continue
            theirs = money[partner]
            for give_c, get_c in _SPOT_DIRECTIONS:
                give, get = spot_terms(state, give_c, get_c)
                if mine[give_c] >= give and theirs[get_c] >= get:
                    actions.append((SPOT, partner, give_c, get_c))
    if contracts and state.free_letter() is not None:
        actions.extend(
            (CONTRACT, a, b, strong)
            for a, b in _DIRECTIONS
            for strong in range(1, MAX_STRONG_AMOUNT + 1)
        )
    able = [c for c in range(_N) if can_invest(state, seat, c)]
    actions.extend((INVEST, c, -1, 0) for c in able)
    actions.extend((INVEST, a, b, 0) for a in able for b in able if a != b)
    held = state.certs[seat]
    actions.extend((DIVEST, c, count, 0) for c in range(_N) for count in range(1, held[c] + 1))
    actions.append(RESOLVE_ACTION)
    return actions


def decision(state: GameState, action: Action) -> Decision:
    """The engine's decision for ``action`` by the pending player of ``state``."""
    seat = state.pending.player
    assert seat is not None
    name = state.players[seat]
    kind, a, b, c = action
    if kind == SPOT:
        give, get = spot_terms(state, b, c)
        return Spot(name, state.players[a], CURRENCIES[b], give, CURRENCIES[c], get)
    if kind == CONTRACT:
        pay, receive = contract_amounts(state, a, b, c)
        return MakeContract(name, CURRENCIES[a], pay, CURRENCIES[b], receive)
    if kind == INVEST:
        codes = (CURRENCIES[a],) if b < 0 else (CURRENCIES[a], CURRENCIES[b])
        return Invest(name, codes)
    if kind == DIVEST:
        return Divest(name, CURRENCIES[a], b)
    if kind == RESOLVE:
        return Resolve(name)
    if kind == SELL:
        return DivestResponse(name, CURRENCIES[a], b)
    if kind == STRENGTHEN:
        return ChooseStrengthen(name, CURRENCIES[a])
    return ChooseStrongest(name, CURRENCIES[a])


def encode(state: GameState, choice: Decision) -> Action:
    """The action of an engine decision (the inverse of ``decision``; not checked for legality)."""
    index = CURRENCIES.index
    if isinstance(choice, Spot):
        return (SPOT, state.players.index(choice.partner), index(choice.give_currency),
                index(choice.get_currency))  # fmt: skip
    if isinstance(choice, MakeContract):
        pay_c, recv_c = index(choice.pay_currency), index(choice.receive_currency)
        pos = state.board.pairs[_PAIR_AT[pay_c][recv_c]]
        strong = choice.pay if pos.stronger == pay_c else choice.receive
        return (CONTRACT, pay_c, recv_c, strong // 2)
    if isinstance(choice, Invest):
        codes = choice.currencies
        return (INVEST, index(codes[0]), index(codes[1]) if len(codes) > 1 else -1, 0)
    if isinstance(choice, Divest):
        return (DIVEST, index(choice.currency), choice.count, 0)
    if isinstance(choice, Resolve):
        return RESOLVE_ACTION
    if isinstance(choice, DivestResponse):
        return (SELL, index(choice.currency), choice.count, 0)
    if isinstance(choice, ChooseStrengthen):
        return (STRENGTHEN, index(choice.currency), 0, 0)
    return (STRONGEST, index(choice.currency), 0, 0)
