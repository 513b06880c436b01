"""The engine's bankruptcy in a game against itself (issue 23), replayed from its entries.

``tests/data/selfplay-bankruptcy.json`` is game 1 of the session 14 journal: the engine at
1 s (p0) against itself at 4 s (p1). At entry ``before`` p0 held the 2 CAD its two queued
contracts needed, invested them in a certificate, and the contract at the front of the queue,
resolved at once by p1, became a loan of 2 CAD that p0 could not pay when it fell due.
"""

from __future__ import annotations

import pytest

from forexcli.games.forex.rules import Contract, GameState, Loan, apply
from forexcli.games.forex.rules.board import CURRENCIES
from forexcli.games.forex.search.mcts import Budget
from forexcli.games.forex.search.players import engine_choice

from .cases import case_states, load_case

CASE = load_case("selfplay-bankruptcy.json")
CAD = CURRENCIES.index("CAD")


def _states() -> list[GameState]:
    return case_states(CASE)


def _short(state: GameState, seat: int) -> dict[int, int]:
    """Per currency, what the seat's queued contracts and loans owe beyond the money it holds
    (half-bucks; what its contracts bring is left out)."""
    owed = [0] * len(state.money[seat])
    for item in state.queue:
        if isinstance(item, Contract) and item.owner == seat:
            owed[item.pay_currency] += item.pay
        elif isinstance(item, Loan) and item.owner == seat:
            owed = [o + due for o, due in zip(owed, item.owes, strict=True)]
    return {c: o - h for c, (o, h) in enumerate(zip(owed, state.money[seat], strict=True)) if o > h}


def test_the_recorded_game_ends_in_p0s_bankruptcy_for_a_loan_of_2_cad() -> None:
    states = _states()
    seat = CASE["players"].index(CASE["engine"])
    final = states[-1]
    assert final.result is not None
    assert final.result.ending == "bankruptcy" and final.result.bankrupt == seat
    front = states[-2].queue[0]
    assert isinstance(front, Loan) and front.owner == seat
    assert front.owes[CAD] == 4 and states[-2].money[seat][CAD] == 2  # owes 2 CAD, holds 1


def test_the_recorded_entry_spent_the_cad_its_queued_contracts_needed() -> None:
    states = _states()
    seat = CASE["players"].index(CASE["engine"])
    before, after = states[CASE["before"]], states[CASE["before"] + 1]
    assert before.pending.player == seat
    assert _short(before, seat) == {}
    assert CASE["moves"][CASE["before"]] == ["p0", "invest GBP CAD"]
    assert _short(after, seat) == {CAD: 4}
    loan = states[CASE["before"] + 2].queue[-1]  # p1 resolved the front contract at once
    assert isinstance(loan, Loan) and loan.owner == seat and loan.owes[CAD] == 4


@pytest.mark.parametrize("seed", [0, 1])
def test_the_engine_keeps_the_money_its_queued_contracts_need(seed: int) -> None:
    state = _states()[CASE["before"]]
    seat = CASE["players"].index(CASE["engine"])
    entry = engine_choice(state, Budget(simulations=2000), seed=seed).entry
    after = state
    for step in entry:
        after = apply(after, step)
    assert _short(after, seat) == {}, entry
