"""House rules in the engine: both readings of both ambiguous rules, in positions where they differ.

``rounding``: at the end, ``each`` converts every currency to the strongest
and rounds each down (a half of the strongest itself is dropped too);
``total`` adds the exact amounts and rounds the total down once.
``merged_loan``: a contract that cannot be paid by a player who already has a
loan adds to that loan, which ``keep``s its place in the queue or goes to the
``back``.
"""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from forexcli.games.forex.rules import (
    ChooseStrengthen,
    Contract,
    DividendStack,
    GameState,
    HouseRules,
    Loan,
    Phase,
    Resolve,
    SetupError,
    apply,
    apply_with_events,
    new_game,
)
from tests.games.forex.test_rules import (
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

GBP, EUR, USD, CHF, JPY, CAD, CNY = range(7)


def house_game(house: HouseRules, *names: str) -> GameState:
    return new_game(names or ("alice", "bob"), DEFAULT_REMOVED, None, house)


def _game(**house: str) -> GameState:
    return house_game(HouseRules(**house))


def test_defaults_are_forexcli_readings() -> None:
    assert HouseRules() == HouseRules(rounding="each", merged_loan="keep")
    assert new_game(["alice", "bob"], DEFAULT_REMOVED).house == HouseRules()
    assert _game().house == HouseRules()
    assert HouseRules.OPTIONS == {"rounding": ("each", "total"), "merged_loan": ("keep", "back")}


@pytest.mark.parametrize(
    ("option", "value", "words"),
    [
        ("rounding", "half", "house rule rounding must be one of each, total"),
        ("rounding", "nearest", "house rule rounding must be one of each, total"),
        ("merged_loan", "front", "house rule merged_loan must be one of keep, back"),
    ],
)
def test_unknown_house_rule_refused(option: str, value: str, words: str) -> None:
    with pytest.raises(SetupError, match=option) as info:
        _game(**{option: value})
    assert words in info.value.reason


def test_house_rules_survive_every_decision() -> None:
    house = HouseRules(rounding="total", merged_loan="back")
    state = house_game(house)
    state = apply(state, Resolve("alice"))
    assert state.house == house
    assert _merge(house).house == house


# --------------------------------------------------------------------------- rounding


def _last_dividend(rounding: str) -> GameState:
    """alice to resolve the fifth dividend; the game ends with it.

    alice holds the only certificate (GBP), so the dividend pays her 3 GBP and
    strengthens GBP: GBP/EUR, GBP/CHF and GBP/JPY go from 1.5 to 2, and GBP
    is the strongest currency (stronger in all six pairs).  Besides, alice
    holds 0.5 GBP and 1 EUR, 1 CHF, 1 JPY: each worth 0.5 GBP.  bob holds 4 GBP.
    """
    state = _game(rounding=rounding)
    return replace(
        state,
        queue=(DividendStack(1),),
        dividends_left=1,
        certs=((1, 0, 0, 0, 0, 0, 0), (0,) * 7),
        supply=(state.supply[GBP] - 1, *state.supply[1:]),
        money=((1, 2, 0, 2, 2, 0, 0), (8, 0, 0, 0, 0, 0, 0)),
    )


def test_rounding_each_currency() -> None:
    after, events = apply_with_events(_last_dividend("each"), Resolve("alice"))
    result = after.result
    assert after.is_over and result is not None
    assert result.strongest == GBP and result.decided_by == "pairs"
    assert [after.board.rate_halves(GBP, c) for c in (EUR, CHF, JPY)] == [4, 4, 4]
    # alice: 3.5 GBP -> 3; 1 EUR, 1 CHF, 1 JPY at 2 -> 0 each.  bob: 4.
    assert result.converted == ((3, 0, 0, 0, 0, 0, 0), (4, 0, 0, 0, 0, 0, 0))
    assert result.totals == (3, 4)
    assert result.ranks == (2, 1)
    assert result.winners() == (1,)
    assert events[-1].kind == "game_over"


def test_rounding_the_total() -> None:
    after, _ = apply_with_events(_last_dividend("total"), Resolve("alice"))
    result = after.result
    assert after.is_over and result is not None
    assert result.strongest == GBP
    # alice: 3.5 + 0.5 + 0.5 + 0.5 = 5 exactly.  bob: 4.
    assert result.totals == (5, 4)
    assert result.ranks == (1, 2)
    assert result.winners() == (0,)
    # The per-currency conversions shown are the same in both readings.
    assert result.converted == ((3, 0, 0, 0, 0, 0, 0), (4, 0, 0, 0, 0, 0, 0))


@pytest.mark.parametrize("rounding", ["each", "total"])
def test_rounding_agrees_on_whole_amounts(rounding: str) -> None:
    state = replace(_last_dividend(rounding), money=((0, 8, 0, 0, 0, 0, 0), (8, 0, 0, 0, 0, 0, 0)))
    after, _ = apply_with_events(state, Resolve("alice"))
    assert after.result is not None
    # alice: 3 GBP dividend + 4 EUR at 2 = 2 GBP, exactly, in both readings.
    assert after.result.totals == (5, 4)


def test_rounding_total_can_tie_where_each_does_not() -> None:
    """A tie on money under ``total`` is broken by certificates of the strongest currency."""
    money = ((1, 2, 0, 2, 0, 0, 0), (9, 0, 0, 0, 0, 0, 0))  # alice 0.5 + 0.5 + 0.5 GBP
    each, _ = apply_with_events(replace(_last_dividend("each"), money=money), Resolve("alice"))
    total, _ = apply_with_events(replace(_last_dividend("total"), money=money), Resolve("alice"))
    assert each.result is not None and total.result is not None
    assert each.result.totals == (3, 4) and each.result.ranks == (2, 1)
    # total: alice 3 + 1.5 = 4.5 -> 4; bob 4.5 -> 4: tied, alice holds the GBP certificate.
    assert total.result.totals == (4, 4) and total.result.ranks == (1, 2)


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


# --------------------------------------------------------------------------- merged loans


def _merge_position(merged_loan: str) -> GameState:
    """alice to resolve bob's contract B, which he cannot pay; he already owes loan A.

    Queue, front first: B (bob pays 10 EUR, receives 10 CHF), C (alice pays 1
    GBP, receives 1.5 EUR), loan A (bob owes 1 GBP), the dividend stack (3 left).
    """
    state = _game(merged_loan=merged_loan)
    return replace(
        state,
        queue=(
            Contract("B", 1, EUR, 20, CHF, 20),
            Contract("C", 0, GBP, 2, EUR, 3),
            Loan("A", 1, (2, 0, 0, 0, 0, 0, 0)),
            DividendStack(3),
        ),
        dividends_left=3,
    )


def test_merged_loan_keeps_its_place() -> None:
    after, events = apply_with_events(_merge_position("keep"), Resolve("alice"))
    merged = Loan("A", 1, (2, 22, 0, 0, 0, 0, 0))
    assert after.queue == (Contract("C", 0, GBP, 2, EUR, 3), merged, DividendStack(3))
    assert events[-1].kind == "loan_merged"
    assert (
        events[-1].text == "11 EUR added to bob's loan A, which keeps its place; letter B is free"
    )
    assert after.money[1][CHF] == 4 + 20 and after.money[1][EUR] == 4
    # bob resolves alice's contract C; then alice reaches the loan: bob cannot pay 11 EUR.
    after, _ = apply_with_events(after, Resolve("bob"))
    after, events = apply_with_events(after, Resolve("alice"))
    assert after.is_over and after.bankrupt == 1
    assert after.result is not None and after.result.ending == "bankruptcy"
    assert events[1].kind == "bankrupt"
    assert after.queue[0] == merged


def test_merged_loan_goes_to_the_back() -> None:
    after, events = apply_with_events(_merge_position("back"), Resolve("alice"))
    merged = Loan("A", 1, (2, 22, 0, 0, 0, 0, 0))
    assert after.queue == (Contract("C", 0, GBP, 2, EUR, 3), DividendStack(3), merged)
    assert events[-1].text == (
        "11 EUR added to bob's loan A, which goes to the back; letter B is free"
    )
    # bob resolves alice's contract C; then alice reaches the dividend, not the loan.
    after, _ = apply_with_events(after, Resolve("bob"))
    after, events = apply_with_events(after, Resolve("alice"))
    assert not after.is_over and after.bankrupt is None
    assert [e.kind for e in events] == ["resolve", "dividend"]
    assert events[1].text == "dividend 3 of 5 pays 2 per certificate"
    # Nobody holds a certificate: all seven tie, and alice chooses.
    assert after.pending.phase is Phase.DIVIDEND_TIE and after.pending.player == 0
    after, _ = apply_with_events(after, ChooseStrengthen("alice", "EUR"))
    assert after.queue == (merged, DividendStack(2))
    assert after.pending.phase is Phase.TURN and after.pending.player == 1


@pytest.mark.parametrize("merged_loan", ["keep", "back"])
def test_a_first_loan_goes_to_the_back_in_both_readings(merged_loan: str) -> None:
    state = replace(
        _merge_position(merged_loan),
        queue=(
            Contract("B", 1, EUR, 20, CHF, 20),
            Contract("C", 0, GBP, 2, EUR, 3),
            DividendStack(3),
        ),
    )
    after, events = apply_with_events(state, Resolve("alice"))
    assert after.queue == (
        Contract("C", 0, GBP, 2, EUR, 3),
        DividendStack(3),
        Loan("B", 1, (0, 22, 0, 0, 0, 0, 0)),
    )
    assert events[-1].kind == "loan_made"


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
