"""House rules: the other reading of final rounding and of a merged loan's place."""

from __future__ import annotations

import pytest

from forexcli.games.forex.engine import (
    DividendStack,
    GameState,
    HouseRules,
    Resolve,
    SetupError,
    apply,
    new_game,
)
from tests.test_rules import (
    ALICE,
    BOB,
    CAROL,
    DAVE,
    DEFAULT_REMOVED,
    contract,
    loan,
    on_turn,
    with_money,
    with_queue,
)


def house_game(house: HouseRules, *names: str) -> GameState:
    return new_game(names or ("alice", "bob"), DEFAULT_REMOVED, None, house)


def test_defaults_are_forexcli_readings() -> None:
    assert HouseRules() == HouseRules(rounding="each", merged_loan="keep")
    assert new_game(["alice", "bob"], DEFAULT_REMOVED).house == HouseRules()


@pytest.mark.parametrize(
    ("house", "words"),
    [
        (HouseRules(rounding="nearest"), "house rule rounding must be one of each, total"),
        (HouseRules(merged_loan="front"), "house rule merged_loan must be one of keep, back"),
    ],
)
def test_unknown_house_rule_refused(house: HouseRules, words: str) -> None:
    with pytest.raises(SetupError) as info:
        house_game(house)
    assert words in info.value.reason


def _merge(house: HouseRules) -> GameState:
    state = with_queue(
        house_game(house),
        contract("C", ALICE, ("JPY", 3), ("USD", 2)),
        DividendStack(4),
        loan("A", ALICE, USD=7),
        contract("B", BOB, ("GBP", 1), ("CAD", 2)),
    )
    return apply(state, Resolve("alice"))


def test_merged_loan_keeps_its_place_by_default() -> None:
    assert _merge(HouseRules()).queue == (
        DividendStack(4),
        loan("A", ALICE, USD=7, JPY=4),
        contract("B", BOB, ("GBP", 1), ("CAD", 2)),
    )


def test_merged_loan_goes_to_the_back_by_house_rule() -> None:
    after = _merge(HouseRules(merged_loan="back"))
    assert after.queue == (
        DividendStack(4),
        contract("B", BOB, ("GBP", 1), ("CAD", 2)),
        loan("A", ALICE, USD=7, JPY=4),
    )
    # Either way the new contract's letter is freed.
    assert after.free_letter() == "C"


def _scored(house: HouseRules) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    # GBP strongest at the start: 1 GBP = 1.5 EUR, 1 USD, 1.5 CHF, 1.5 JPY, 2 CAD, 4 CNY.
    state = house_game(house, "alice", "bob", "carol", "dave")
    state = with_money(state, ALICE, GBP="4.5", EUR="4.5", USD="0.5", CHF="2.5", JPY=0)
    state = with_money(state, ALICE, CAD="3.5", CNY="7.5")
    state = with_money(state, BOB, GBP=12, EUR=0, USD=0, CHF=0, JPY=0, CAD=0, CNY=0)
    state = with_queue(state, loan("A", DAVE, USD=50), DividendStack(4))
    state = apply(on_turn(state, CAROL), Resolve("carol"))
    result = state.result
    assert result is not None
    return result.converted[ALICE], result.totals, result.ranks


def test_rounding_each_currency_by_default() -> None:
    converted, totals, ranks = _scored(HouseRules())
    assert converted == (4, 3, 0, 1, 0, 1, 1)
    # Carol: 2 + 1 + 2 + 1 + 1 + 1 + 0.
    assert totals[:3] == (10, 12, 8)
    assert ranks == (2, 1, 3, 4)


def test_rounding_the_total_by_house_rule() -> None:
    converted, totals, ranks = _scored(HouseRules(rounding="total"))
    # The per-currency lines are still shown rounded down; the total is
    # 4.5 + 3 + 0.5 + 5/3 + 0 + 1.75 + 1.875 = 13.29 -> 13, which now beats bob's 12.
    assert converted == (4, 3, 0, 1, 0, 1, 1)
    # Carol: 2 + 4/3 + 2 + 4/3 + 4/3 + 1 + 0.5 = 9.5 -> 9.
    assert totals[:3] == (13, 12, 9)
    assert ranks == (1, 2, 3, 4)


def test_house_rules_survive_every_decision() -> None:
    house = HouseRules(rounding="total", merged_loan="back")
    state = house_game(house)
    state = apply(state, Resolve("alice"))
    assert state.house == house
    assert _merge(house).house == house
