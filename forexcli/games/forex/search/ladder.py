"""A ladder of opponents for the engine, each a plain ``Player`` with a style of its own.

Beside the greedy, random and one-ply players of ``players``:

- ``investor``: buys certificates and values them by their dividends to come;
- ``trader``: trades through contracts with the bank toward the currencies it
  expects to strengthen;
- ``cautious``: never queues a debt it could not pay from the money it holds;
- ``engine/10`` and ``engine/4``: the engine at a tenth and a quarter of a budget.

The three styled players look one entry ahead: each legal decision (from
``legal_decisions``, applied with ``apply``) is valued with the player's own
*outlook*, a forecast of the final scores, and the best is taken.  A turn's
optional spot transaction is found by valuing the best spot on its own and
then the best action after it, against the best action without a spot.
Everything here is pure (no I/O) and deterministic for a seed.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Sequence

from msgspec import Struct

from ..rules import (
    Board,
    Contract,
    Decision,
    DividendStack,
    GameState,
    Loan,
    Phase,
    Resolve,
    Spot,
    apply,
    strongest_candidates,
)
from ..rules.board import NUM_CURRENCIES
from ..rules.state import DIVIDENDS_HALVES, LOAN_PENALTY_HALVES
from .consent import shortfall
from .mcts import Budget
from .players import (
    NO_SPOTS,
    Answer,
    Entry,
    Player,
    engine_answer,
    engine_player,
    evaluation_answer,
    greedy_player,
    heuristic_player,
    offers,
    random_player,
)

_N = NUM_CURRENCIES

WIN = 1000.0
"""The value of a finished game won alone (half of it for a shared first place)."""

BANKRUPT = -2000.0
"""The worth of a player a forecast sees going bankrupt (a bankrupt player ranks last)."""


class Style(Struct, frozen=True):
    """How a styled player forecasts the end of the game."""

    trend: int
    """How many of the dividends still to come are assumed to strengthen the currency most
    held in certificates (0: the board stays as it is)."""
    cert_weight: float
    """The share of the dividends after the next one that a certificate is worth."""
    contract_weight: float
    """How much the player believes its queued contracts' forecast gain (1: at face value)."""
    shortfall_weight: float
    """Bucks lost per buck that a queued debt is short of (while there are turns to find it)."""
    rival_weight: float = 1.0
    """How much the best rival's forecast counts against the player's own (0: not at all)."""


INVESTOR = Style(trend=2, cert_weight=0.85, contract_weight=1.0, shortfall_weight=4.0)
TRADER = Style(trend=5, cert_weight=0.6, contract_weight=1.4, shortfall_weight=1.5)
CAUTIOUS = Style(trend=0, cert_weight=0.8, contract_weight=1.0, shortfall_weight=4.0)


class Outlook(Struct, frozen=True):
    """A forecast board: the currency expected to score and each currency's worth in it."""

    board: Board
    scoring: int
    unit: tuple[float, ...]
    """Bucks of the scoring currency for one half-buck of each currency."""


def outlook(state: GameState, trend: int) -> Outlook:
    """The board after ``trend`` (at most the dividends left) strengthenings of the currency most
    held in certificates, with the currency that would score on it."""
    board = state.board
    in_hands = state.certs_in_hands()
    most = max(in_hands)
    steps = min(trend, state.dividends_left)
    if steps and in_hands.count(most) == 1:
        leader = in_hands.index(most)
        for _ in range(steps):
            board = board.strengthen(leader)
    tied, _ = strongest_candidates(board, state.certs)
    scoring = tied[0]
    unit = []
    for c in range(_N):
        if c == scoring:
            unit.append(0.5)
            continue
        rate = board.rate_halves(c, scoring) / 2
        unit.append(rate / 2 if board.is_stronger(c, scoring) else 0.5 / rate)
    return Outlook(board, scoring, tuple(unit))


def _next_dividend(state: GameState) -> int:
    """Half-bucks per certificate of the next dividend (0 when none is left)."""
    left = state.dividends_left
    return DIVIDENDS_HALVES[len(DIVIDENDS_HALVES) - left] if left else 0


def _later_dividends(state: GameState) -> int:
    """Half-bucks per certificate of the dividends after the next one."""
    left = state.dividends_left
    return sum(DIVIDENDS_HALVES[len(DIVIDENDS_HALVES) - left + 1 :]) if left > 1 else 0


def _turns_before(state: GameState, seat: int) -> int:
    """How many other players decide before ``seat`` next does (each may resolve the front)."""
    pending = state.pending.player
    if pending is None or pending == seat:
        return 0
    return (seat - pending) % len(state.players)


def takeable(state: GameState, seat: int, currency: int) -> int:
    """The most half-bucks of ``currency`` a rival's one spot transaction can take from ``seat``.

    A spot gives the partner 1 buck of the pair's stronger currency or the
    rate in the weaker one, and only what the partner holds.
    """
    board = state.board
    held = state.money[seat][currency]
    most = 0
    for other in range(_N):
        if other == currency:
            continue
        rate = board.rate_halves(currency, other)
        stronger = board.is_stronger(currency, other)
        take, give = (2, rate) if stronger else (rate, 2)
        if (
            take <= held
            and take > most
            and any(row[other] >= give for s, row in enumerate(state.money) if s != seat)
        ):
            most = take
    return most


def forecast(state: GameState, seat: int, style: Style, view: Outlook) -> float:
    """``seat``'s forecast final worth, in bucks of the scoring currency of ``view``.

    Its money and its queued contracts and loans are taken through the queue
    in order (the next dividend paid on the way), each debt paid from what it
    holds then; the certificates add the later dividends at ``cert_weight``.
    A debt it cannot pay costs the penalty and ``shortfall_weight`` times the
    shortfall, or bankruptcy when no turn of its own is left before the debt
    falls due: after the last dividend, or when a loan is near enough the
    front for the rivals who decide first to take money from it with a spot
    transaction and resolve it.
    """
    unit = view.unit
    row = list(state.money[seat])
    hand = state.certs[seat]
    worth = 0.0
    last_turns = state.dividends_left == 1  # once the last dividend is paid, no more turns
    sweep = False
    exposed = _turns_before(state, seat)
    defaulted = [0] * _N
    paying = state.board.non_paying()
    next_dividend = _next_dividend(state)
    for place, item in enumerate(state.queue):
        if isinstance(item, DividendStack):
            for c in range(_N):
                if hand[c] and c not in paying:
                    row[c] += hand[c] * next_dividend
            sweep = last_turns
            continue
        if item.owner != seat:
            continue
        if isinstance(item, Contract):
            gain = item.receive * unit[item.receive_currency] - item.pay * unit[item.pay_currency]
            worth += (style.contract_weight - 1.0) * gain
            row[item.receive_currency] += item.receive
            if row[item.pay_currency] >= item.pay:
                row[item.pay_currency] -= item.pay
            else:
                defaulted[item.pay_currency] += item.pay + LOAN_PENALTY_HALVES
        elif isinstance(item, Loan):
            at_risk = place < exposed
            for c, owed in enumerate(item.owes):
                if not owed:
                    continue
                margin = takeable(state, seat, c) if at_risk else 0
                if row[c] - margin >= owed:
                    row[c] -= owed
                elif sweep or at_risk:
                    return BANKRUPT
                else:
                    worth -= style.shortfall_weight * (owed - row[c]) * unit[c]
                    row[c] = 0
    sweep = sweep or last_turns
    for c, owed in enumerate(defaulted):
        if not owed:
            continue
        if row[c] >= owed:
            row[c] -= owed
        elif sweep:
            return BANKRUPT
        else:
            worth -= style.shortfall_weight * (owed - row[c]) * unit[c]
            row[c] = 0
    worth += sum(row[c] * unit[c] for c in range(_N))
    later = _later_dividends(state) * style.cert_weight
    if later:
        view_paying = view.board.non_paying()
        worth += sum(hand[c] * later * unit[c] for c in range(_N) if c not in view_paying)
    return worth


def value(state: GameState, seat: int, style: Style) -> float:
    """What ``state`` is worth to ``seat``: its forecast less its best rival's.

    A finished game is valued exactly: ``WIN`` for first place alone (half for
    a shared one) plus the margin in the final totals.
    """
    result = state.result
    if result is not None:
        totals = [
            BANKRUPT if s == result.bankrupt else float(t) for s, t in enumerate(result.totals)
        ]
        rival = max(t for s, t in enumerate(totals) if s != seat)
        firsts = result.winners()
        won = WIN / len(firsts) if seat in firsts else 0.0
        return won + totals[seat] - rival
    view = outlook(state, style.trend)
    mine = forecast(state, seat, style, view)
    if style.rival_weight == 0:
        return mine
    rival = max(forecast(state, s, style, view) for s in range(len(state.players)) if s != seat)
    worth = mine - style.rival_weight * rival
    ending = _rival_can_end(state, seat)
    if ending is not None:
        worth = min(worth, value(ending, seat, style))
    return worth


def _rival_can_end(state: GameState, seat: int) -> GameState | None:
    """The finished game, when the rival on turn can end it at once by resolving the last
    dividend at the front of the queue (a rival ahead will), else None."""
    pending = state.pending
    if (
        pending.phase is not Phase.TURN
        or pending.player is None
        or pending.player == seat
        or state.dividends_left != 1
        or not isinstance(state.queue[0], DividendStack)
    ):
        return None
    return apply(state, Resolve(state.players[pending.player]))


Judge = Callable[[GameState, int], float]
"""A player's valuation of a position for a seat."""

Allowed = Callable[[GameState, GameState, int], bool]
"""Whether a player lets itself make the move from one position to the next."""


def _best(
    state: GameState,
    choices: Sequence[Decision],
    judge: Judge,
    rng: random.Random,
    allowed: Allowed | None = None,
) -> tuple[Decision, float]:
    """The choice whose position ``judge`` values most for the mover (ties at random).

    With ``allowed``, choices it refuses are taken only when it refuses all.
    """
    seat = state.pending.player
    assert seat is not None and choices
    best: list[Decision] = []
    best_value = -float("inf")
    refused: list[tuple[float, Decision]] = []
    for choice in choices:
        after = apply(state, choice)
        worth = round(judge(after, seat), 6)
        if allowed is not None and not allowed(state, after, seat):
            refused.append((worth, choice))
            continue
        if worth > best_value:
            best, best_value = [choice], worth
        elif worth == best_value:
            best.append(choice)
    if not best:
        top = max(worth for worth, _ in refused)
        best, best_value = [c for worth, c in refused if worth == top], top
    return rng.choice(best), best_value


def styled_player(
    judge: Judge,
    seed: int,
    allowed: Allowed | None = None,
    keep: Callable[[Decision], bool] | None = None,
) -> Player:
    """A player that takes, one entry ahead, the decision ``judge`` values most.

    ``allowed`` vetoes moves (see ``_best``); ``keep`` narrows the decisions
    considered (those it drops are taken only when nothing else is legal).
    """
    rng = random.Random(seed)

    def legal(state: GameState, excluded: Collection[Spot] = NO_SPOTS) -> list[Decision]:
        choices = offers(state, excluded)
        if keep is None:
            return choices
        kept = [c for c in choices if keep(c)]
        return kept or choices

    def play(state: GameState, excluded: Collection[Spot] = NO_SPOTS) -> Entry:
        choices = legal(state, excluded)
        if state.pending.phase is not Phase.TURN:
            return (_best(state, choices, judge, rng, allowed)[0],)
        spots = [c for c in choices if isinstance(c, Spot)]
        actions = [c for c in choices if not isinstance(c, Spot)]
        action, worth = _best(state, actions, judge, rng, allowed)
        if not spots:
            return (action,)
        spot, _ = _best(state, spots, judge, rng, allowed)
        after = apply(state, spot)
        if allowed is not None and not allowed(state, after, state.pending.player or 0):
            return (action,)
        then, then_worth = _best(after, legal(after), judge, rng, allowed)
        return (spot, then) if then_worth > worth else (action,)

    return play


def _pays_its_way(before: GameState, after: GameState, seat: int) -> bool:
    """A move is allowed when the queue can still be paid in order, or is no more short of it."""
    short = shortfall(after, seat)
    return short == 0 or short <= shortfall(before, seat)


def investor_player(seed: int = 0) -> Player:
    """The dividend investor: buys certificates, valuing each by the dividends still to come at
    the rates it projects, and keeps its queued contracts payable."""
    return styled_player(lambda state, seat: value(state, seat, INVESTOR), seed, _pays_its_way)


def trader_player(seed: int = 0) -> Player:
    """The contract trader: takes contracts with the bank toward the currencies it expects the
    dividends to strengthen, and trusts those forecasts more than the investor does."""
    return styled_player(lambda state, seat: value(state, seat, TRADER), seed, _pays_its_way)


def commitments(state: GameState, seat: int) -> list[int]:
    """Half-bucks of each currency that ``seat``'s queued contracts and loans will take."""
    owed = [0] * _N
    for item in state.queue:
        if isinstance(item, Contract) and item.owner == seat:
            owed[item.pay_currency] += item.pay
        elif isinstance(item, Loan) and item.owner == seat:
            for c, amount in enumerate(item.owes):
                owed[c] += amount
    return owed


def covered(state: GameState, seat: int) -> bool:
    """Whether ``seat`` holds, in every currency, all its queued contracts and loans will take."""
    money = state.money[seat]
    return all(owed <= money[c] for c, owed in enumerate(commitments(state, seat)))


def _stays_covered(before: GameState, after: GameState, seat: int) -> bool:
    """A move is allowed when it leaves the debts covered, or at least covers no less."""
    if covered(after, seat):
        return True
    return _uncovered(after, seat) <= _uncovered(before, seat)


def _uncovered(state: GameState, seat: int) -> int:
    money = state.money[seat]
    return sum(max(0, owed - money[c]) for c, owed in enumerate(commitments(state, seat)))


def cautious_player(seed: int = 0) -> Player:
    """The cautious player: never lets its queued contracts or loans exceed the money it holds,
    and values the board as it stands, forecasting no trend."""
    return styled_player(lambda state, seat: value(state, seat, CAUTIOUS), seed, _stays_covered)


def engine_fraction_player(budget: Budget, divisor: int, seed: int = 0) -> Player:
    """The engine at ``1 / divisor`` of ``budget`` (simulations and seconds both divided)."""
    return engine_player(fraction(budget, divisor), seed)


def fraction(budget: Budget, divisor: int) -> Budget:
    """``budget`` divided by ``divisor`` (at least one simulation)."""
    simulations = None if budget.simulations is None else max(1, budget.simulations // divisor)
    seconds = None if budget.seconds is None else budget.seconds / divisor
    return Budget(simulations=simulations, seconds=seconds)


def style_answer(style: Style) -> Answer:
    """A styled player's answer to a spot offer: refuse one that leaves its queued debts
    shorter of money (``shortfall``), else accept when its own ``value`` of the position after
    the spot is not below the one before it.

    (The forecast alone cannot tell: it already counts a rival's spot against a debt near
    the front, so the draining spot looks no worse than the threat of it.)
    """

    def answer(state: GameState, spot: Spot, partner: int) -> bool:
        after = apply(state, spot)
        if shortfall(after, partner) > shortfall(state, partner):
            return False
        return value(after, partner, style) >= value(state, partner, style)

    return answer


LADDER: tuple[str, ...] = (
    "random",
    "greedy",
    "oneply",
    "cautious",
    "trader",
    "investor",
    "engine/10",
    "engine/4",
)
"""The ladder's players by name, roughly weakest first."""

_STYLED: dict[str, Callable[[int], Player]] = {
    "random": random_player,
    "greedy": greedy_player,
    "oneply": lambda seed: heuristic_player,
    "cautious": cautious_player,
    "trader": trader_player,
    "investor": investor_player,
}


_ANSWERS: dict[str, Answer] = {
    "cautious": style_answer(CAUTIOUS),
    "trader": style_answer(TRADER),
    "investor": style_answer(INVESTOR),
}


def ladder_answer(name: str) -> Answer:
    """The answer to spot offers of the ladder player ``name``: a styled player's by its own
    forecast, the engine's (``engine`` and ``engine/K``) the one its search expects
    (``engine_answer``), every other's by the evaluation (``evaluation_answer``)."""
    if name == "engine" or name.startswith("engine/"):
        return engine_answer
    return _ANSWERS.get(name, evaluation_answer)


def ladder_player(name: str, budget: Budget, seed: int = 0) -> Player:
    """The player called ``name``: one of ``LADDER``, ``engine`` (at ``budget``) or
    ``engine/K`` (at a K-th of it); raises ``ValueError`` for any other name."""
    if name in _STYLED:
        return _STYLED[name](seed)
    if name == "engine":
        return engine_player(budget, seed)
    kind, _, divisor = name.partition("/")
    if kind == "engine" and divisor.isdigit() and int(divisor) >= 1:
        return engine_fraction_player(budget, int(divisor), seed)
    raise ValueError(f"{name!r} is not a ladder player: one of {', '.join(LADDER)} or engine")
