"""Exact endings and the bankruptcy checks of the search (issue 23), on constructed positions."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from msgspec.structs import replace

from forexcli.games.forex.rules import (
    Contract,
    Decision,
    DividendStack,
    GameState,
    Invest,
    Loan,
    Pending,
    Phase,
    Resolve,
    Spot,
    apply,
    draw_removed,
    legal_decisions,
    new_game,
)
from forexcli.games.forex.rules.board import Board, PairPosition, make_board
from forexcli.games.forex.search.endgame import (
    endangered,
    ending,
    in_endgame,
    settled,
    turns_before_end,
)
from forexcli.games.forex.search.evaluate import (
    Weights,
    ending_values,
    evaluate,
    final_values,
    projected_rates,
    worths,
)
from forexcli.games.forex.search.game import play_game
from forexcli.games.forex.search.mcts import Budget, search
from forexcli.games.forex.search.players import (
    accept_all,
    engine_choice,
    engine_player,
    evaluation_answer,
    greedy_player,
    heuristic_player,
)

GBP, EUR, USD, CHF, JPY, CAD, CNY = range(7)
NONE = (0,) * 7


def position(
    money: tuple[tuple[int, ...], ...],
    queue: tuple[object, ...],
    dividends_left: int,
    certs: tuple[tuple[int, ...], ...],
) -> GameState:
    """A position at the starting board, ``p0`` to move, one player per row of ``money``."""
    start = new_game([f"p{i}" for i in range(len(money))], draw_removed("endgame"))
    return replace(start, money=money, certs=certs, queue=queue, dividends_left=dividends_left)


def money(**amounts: int) -> tuple[int, ...]:
    """Half-bucks per currency, by code (``gbp=4``)."""
    codes = ("gbp", "eur", "usd", "chf", "jpy", "cad", "cny")
    return tuple(amounts.get(code, 0) for code in codes)


# 4 players: p0 owes 2 GBP on a loan third in the queue and holds 3.  Investing 2 of them
# looks good to a heuristic that gives p0 time to find the money, but the three others resolve
# the two contracts and then the loan before p0 moves again: bankrupt.
LOAN_DUE = position(
    (money(gbp=6), money(eur=8), money(eur=8), money(eur=8)),
    (
        Contract("A", 1, EUR, 2, USD, 2),
        Contract("B", 2, EUR, 2, USD, 2),
        Loan("C", 0, money(gbp=4)),
        DividendStack(3),
    ),
    3,
    (NONE, NONE, NONE, (0, 0, 0, 0, 0, 0, 1)),  # (no tie for the dividend's strengthening)
)

# The last dividend is at the front; behind it p0's contract to pay 1 GBP, which p0 cannot
# pay (it holds none) although it leads by far: resolving now ends the game in p0's
# bankruptcy.  A spot (1 GBP from p1 for 1.5 EUR) saves it.
UNPAID_AT_THE_END = position(
    (money(eur=40, usd=40), money(gbp=8, eur=2)),
    (DividendStack(1), Contract("A", 0, GBP, 2, EUR, 3)),
    1,
    (NONE, (0, 0, 0, 0, 0, 0, 1)),
)


def test_a_decision_that_spends_a_loans_money_is_endangering() -> None:
    """Investing the 2 GBP the loan needs lets the others bankrupt p0; resolving is safe."""
    invested = apply(LOAN_DUE, Invest("p0", ("GBP",)))
    assert endangered(invested, 0)
    bankrupt = invested
    for seat in (1, 2, 3):
        bankrupt = apply(bankrupt, Resolve(f"p{seat}"))
    assert bankrupt.bankrupt == 0
    assert not endangered(apply(LOAN_DUE, Resolve("p0")), 0)


def test_the_search_never_ranks_an_endangering_line_first() -> None:
    """At any budget, one simulation (no look-ahead at all) included, the chosen line is safe."""
    for simulations in (1, 2, 10, 200):
        result = search(LOAN_DUE, Budget(simulations=simulations))
        first = result.best.decisions[0]
        assert not endangered(apply(LOAN_DUE, first), 0), (simulations, first)
        assert endangered(apply(LOAN_DUE, Invest("p0", ("GBP",))), 0)


def test_settled_plays_the_queue_out_exactly() -> None:
    """Resolving now: the dividend, then the unpaid contract's loan bankrupts p0 (scores 0)."""
    assert in_endgame(UNPAID_AT_THE_END)
    end = apply(UNPAID_AT_THE_END, Resolve("p0"))
    assert end.is_over and end.bankrupt == 0
    assert settled(UNPAID_AT_THE_END) == final_values(end)
    assert settled(UNPAID_AT_THE_END)[0] == 0.0
    table: dict[GameState, GameState] = {}
    assert settled(UNPAID_AT_THE_END, table) == final_values(end)
    assert table[UNPAID_AT_THE_END] == end == ending(UNPAID_AT_THE_END)
    assert turns_before_end(UNPAID_AT_THE_END) == 0  # p0 resolves the last dividend now


def test_an_ending_after_others_turns_softens_the_win_by_the_margin() -> None:
    """With ``end_spread`` the leader of an ending reached after other players' turns is not
    sure to win: the closer the totals, the nearer the chances; exact after no such turn."""
    end = apply(UNPAID_AT_THE_END, Resolve("p0"))
    soft = Weights(end_spread=2.0)
    assert ending_values(end, 0, soft) == final_values(end, soft)
    assert ending_values(end, 3, Weights()) == final_values(end)
    assert end.result is not None and end.result.ranks == (2, 1)  # p0 bankrupt: p1 wins
    for turns in (1, 2, 3):
        values = ending_values(end, turns, soft)
        assert abs(sum(values) - 1.0) < 1e-9
        assert final_values(end, soft)[1] > values[1] > values[0] >= 0.0
    assert ending_values(end, 1, soft)[1] > ending_values(end, 3, soft)[1]


def test_the_win_weight_mixes_the_win_into_the_final_values() -> None:
    """With ``win=1`` a finished game is worth 1 to its winner and 0 to the others."""
    end = apply(UNPAID_AT_THE_END, Resolve("p0"))
    assert final_values(end, Weights(win=1.0)) == (0.0, 1.0)
    shares = final_values(end)
    half = final_values(end, Weights(win=0.5))
    assert half == (0.5 * shares[0], 0.5 * shares[1] + 0.5)


def test_the_engine_does_not_go_bankrupt_at_the_end_when_a_spot_saves_it() -> None:
    """p0 leads 40 to 5 but owes 1 GBP it does not hold: the engine finds the spot, and wins
    when p1 accepts every offer.  p1 answering for itself refuses the spot that saves p0."""
    for simulations in (1, 50):
        game = play_game(
            UNPAID_AT_THE_END,
            [engine_player(Budget(simulations=simulations)), greedy_player(1)],
            [accept_all, accept_all],
        )
        result = game.final.result
        assert result is not None
        assert result.bankrupt is None, simulations
        assert result.ranks[0] == 1
    saving = Spot("p0", "p1", "EUR", 3, "GBP", 2)
    assert saving in legal_decisions(UNPAID_AT_THE_END)
    assert not evaluation_answer(UNPAID_AT_THE_END, saving, 1)


def _played_positions(seed: int) -> list[GameState]:
    """The positions of a quick game between the engine and the one-ply player (it invests)."""
    rng = random.Random(seed)
    start = new_game(["p0", "p1"], draw_removed(f"endangered-{seed}"))
    seen: list[GameState] = []
    state = start
    while not state.is_over and len(seen) < 400:
        seen.append(state)
        seat = state.pending.player
        assert seat is not None
        if seat == 0 and rng.random() < 0.5:
            entry = engine_player(Budget(simulations=4), seed)(state)
        else:
            entry = heuristic_player(state)
        for step in entry:
            state = apply(state, step)
    return seen


def _entry_endangers(state: GameState, decisions: tuple[Decision, ...], seat: int) -> bool | None:
    """Whether a line's entry (a spot with its action) endangers ``seat``; None if unknown."""
    after = apply(state, decisions[0])
    if isinstance(decisions[0], Spot):
        if len(decisions) < 2:
            return None
        after = apply(after, decisions[1])
    return endangered(after, seat)


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6))
def test_the_chosen_line_is_safe_whenever_a_safe_line_exists(seed: int) -> None:
    """In positions of played games: when the first line endangers the mover, all lines do."""
    for state in _played_positions(seed)[::5]:
        seat = state.pending.player
        assert seat is not None
        result = search(state, Budget(simulations=3))
        first = _entry_endangers(state, result.best.decisions, seat)
        if first:
            others = [_entry_endangers(state, line.decisions, seat) for line in result.lines]
            assert all(danger is not False for danger in others)


def test_a_debt_due_before_its_owner_moves_again_is_counted_as_due_now() -> None:
    """With ``own_turns`` the loan third in a 4-player queue has no slack: p0 moves after it."""
    poorer = replace(LOAN_DUE, money=(money(gbp=4), *LOAN_DUE.money[1:]))
    invested = apply(poorer, Invest("p0", ("GBP",)))  # no GBP left for the loan
    per_item = worths(invested, Weights(own_turns=0.0, scarce=0.0))[1][0]
    per_turn = worths(invested, Weights(own_turns=1.0, scarce=0.0))[1][0]
    # nobody else holds GBP: with ``scarce`` the risk is at least that
    assert worths(invested, Weights(own_turns=0.0, scarce=0.9))[1][0] == max(0.9, per_item)
    assert 0.0 < per_item < per_turn
    # the shortfall is 2 GBP: with no slack the risk is 2 / (2 + 0.5)
    assert (
        abs(per_turn - 2.0 * units_of(invested)[GBP] / (2.0 * units_of(invested)[GBP] + 0.5)) < 1e-9
    )


def units_of(state: GameState) -> list[float]:
    """The evaluation's projected worth of a buck of each currency."""
    return projected_rates(state)[0]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.integers(0, 10**6),
    st.floats(0.0, 1.0),
    st.floats(0.5, 20.0),
    st.floats(0.0, 1.0),
)
def test_values_are_shares_for_any_weights(
    seed: int, win: float, spread: float, own_turns: float
) -> None:
    """Whatever the weights, a position's values are one per seat, 0 to 1, adding up to 1."""
    weights = Weights(win=win, spread=spread, own_turns=own_turns)
    for state in _played_positions(seed)[::25]:
        values = evaluate(state, weights)
        assert len(values) == len(state.players)
        assert all(-1e-9 <= v <= 1 + 1e-9 for v in values)
        assert abs(sum(values) - 1.0) < 1e-9


def _pairs(*positions: tuple[int, int]) -> Board:
    return make_board(tuple(PairPosition(stronger, space) for stronger, space in positions))


# Found in a game (benchmarks/match.py, game 3 against the engine of before issue 23, 100
# simulations): p1 resolved its contract C (pay 3 JPY) holding 2 JPY; the loan of 4 JPY it
# became could never be paid (p0 held no JPY) and p1 went bankrupt 12 moves later.  A spot
# for 1 JPY (p0 still had 1) pays the contract.
BOARD_OF_GAME_3 = (
    *((0, 1), (2, 3), (3, 1), (0, 2), (0, 3), (0, 7), (2, 3), (3, 2), (1, 2), (1, 2), (1, 5)),
    *((2, 1), (2, 6), (2, 6), (2, 8), (3, 5), (3, 5), (3, 9), (4, 1), (4, 4), (5, 3)),
)
"""(stronger currency, track space) of the 21 pairs, in board order."""

SCARCE_JPY = replace(
    new_game(["p0", "p1"], draw_removed("endgame")),
    board=_pairs(*BOARD_OF_GAME_3),
    money=((10, 3, 14, 11, 2, 12, 3), (6, 11, 6, 1, 4, 2, 28)),
    certs=((1, 0, 0, 4, 0, 0, 0), (0, 0, 3, 0, 0, 0, 0)),
    supply=(0,) * 7,
    removed=(1, 0, 3, 0, 0, 1, 1),
    sold=(6, 8, 2, 4, 8, 7, 7),
    queue=(
        Contract("C", 1, JPY, 6, CNY, 18),
        Contract("D", 0, GBP, 2, CNY, 16),
        Contract("E", 1, GBP, 2, CNY, 16),
        Contract("F", 0, CHF, 2, CNY, 12),
        DividendStack(2),
        Loan("A", 0, money(cny=14)),
        Contract("B", 0, USD, 14, CHF, 21),
    ),
    dividends_left=2,
    turn_player=1,
    turn_number=100,
    pending=Pending(Phase.TURN, 1),
)


def test_the_engine_pays_a_contract_in_a_currency_nobody_could_lend_later() -> None:
    """The engine gets the missing JPY by a spot before resolving its contract (it did not)."""
    for simulations in (100, 300):
        entry = engine_choice(SCARCE_JPY, Budget(simulations=simulations)).entry
        after = SCARCE_JPY
        for step in entry:
            after = apply(after, step)
        assert not any(isinstance(item, Loan) and item.owner == 1 for item in after.queue), entry
