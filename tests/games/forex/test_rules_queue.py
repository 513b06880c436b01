"""Resolve: contracts, loans, bankruptcy, dividends and the settlement after the fifth."""

from __future__ import annotations

import pytest

from forexcli.games.forex.rules import (
    ChoiceRefused,
    ChooseStrengthen,
    DividendStack,
    GameState,
    MakeContract,
    NotYourDecision,
    Pending,
    Phase,
    Resolve,
    WrongDecisionKind,
    apply,
    apply_with_events,
    legal_decisions,
)
from tests.games.forex.test_rules import (
    ALICE,
    BOB,
    CAROL,
    CODES,
    bucks,
    contract,
    cx,
    game,
    loan,
    moved,
    on_turn,
    pair,
    wallet,
    with_board,
    with_certs,
    with_money,
    with_queue,
)

USD = cx("USD")


def kinds(state: GameState, decision: Resolve) -> tuple[GameState, list[str]]:
    after, events = apply_with_events(state, decision)
    return after, [e.kind for e in events]


# --------------------------------------------------------------------------- contracts


def test_contract_paid_whoever_resolves() -> None:
    state = with_money(game(), ALICE, USD=6)
    state = with_queue(state, contract("A", ALICE, ("USD", 6), ("JPY", 12)), DividendStack(4))
    after, events = kinds(on_turn(state, BOB), Resolve("bob"))
    assert events == ["resolve", "contract_paid"]
    assert wallet(after, ALICE) == bucks(2, 2, 0, 2, 14, 2, 2)
    assert wallet(after, BOB) == bucks(2, 2, 2, 2, 2, 2, 2)
    assert after.queue == (DividendStack(4),)
    assert after.free_letter() == "A"
    assert after.pending == Pending(Phase.TURN, ALICE)


def test_contract_unpaid_becomes_a_loan_at_the_back() -> None:
    state = with_queue(
        game(),
        contract("A", ALICE, ("USD", 6), ("JPY", 12)),
        DividendStack(4),
        contract("B", BOB, ("GBP", 1), ("CAD", 2)),
    )
    after, events = kinds(state, Resolve("alice"))
    assert events == ["resolve", "contract_unpaid", "loan_made"]
    # Nothing is paid; the owner still receives; the loan owes 6 + 1 USD and keeps letter A.
    assert wallet(after, ALICE) == bucks(2, 2, 2, 2, 14, 2, 2)
    assert after.queue == (
        DividendStack(4),
        contract("B", BOB, ("GBP", 1), ("CAD", 2)),
        loan("A", ALICE, USD=7),
    )
    assert after.free_letter() == "C"


def test_unpaid_half_amount_loan() -> None:
    state = with_queue(game(), contract("A", ALICE, ("JPY", "4.5"), ("USD", 3)), DividendStack(4))
    after = apply(state, Resolve("alice"))
    assert after.queue == (DividendStack(4), loan("A", ALICE, JPY="5.5"))
    assert wallet(after, ALICE) == bucks(2, 2, 5, 2, 2, 2, 2)


def test_contract_short_by_a_half_is_unpaid() -> None:
    state = with_money(game(), ALICE, USD="5.5")
    state = with_queue(state, contract("A", ALICE, ("USD", 6), ("JPY", 12)), DividendStack(4))
    after = apply(state, Resolve("alice"))
    assert after.queue[-1] == loan("A", ALICE, USD=7)
    assert wallet(after, ALICE)[USD] == 5.5


def test_unpaid_contract_still_receives() -> None:
    state = with_money(game(), ALICE, USD=0)
    state = with_queue(state, contract("A", ALICE, ("USD", 1), ("EUR", 1)), DividendStack(4))
    after = apply(state, Resolve("alice"))
    assert after.queue[-1] == loan("A", ALICE, USD=2)
    assert wallet(after, ALICE) == bucks(2, 3, 0, 2, 2, 2, 2)


def test_unpaid_contract_merges_into_the_existing_loan() -> None:
    state = with_queue(
        game(),
        contract("C", ALICE, ("JPY", 3), ("USD", 2)),
        DividendStack(4),
        loan("A", ALICE, USD=7),
        contract("B", BOB, ("GBP", 1), ("CAD", 2)),
    )
    after, events = kinds(state, Resolve("alice"))
    assert events == ["resolve", "contract_unpaid", "loan_merged"]
    # The older loan keeps its place and now owes both currencies; letter C is free.
    assert after.queue == (
        DividendStack(4),
        loan("A", ALICE, USD=7, JPY=4),
        contract("B", BOB, ("GBP", 1), ("CAD", 2)),
    )
    assert after.free_letter() == "C"
    assert wallet(after, ALICE) == bucks(2, 2, 4, 2, 2, 2, 2)
    # The next contract takes the freed letter.
    after = apply(after, MakeContract("bob", "USD", 2, "JPY", 3))
    assert after.queue[-1] == contract("C", BOB, ("USD", 1), ("JPY", "1.5"))


def test_merged_amounts_in_the_same_currency_add_up() -> None:
    state = with_queue(
        game(),
        contract("B", ALICE, ("USD", 3), ("JPY", "4.5")),
        loan("A", ALICE, USD=7),
        DividendStack(4),
    )
    after = apply(state, Resolve("alice"))
    assert after.queue == (loan("A", ALICE, USD=11), DividendStack(4))


def test_another_players_loan_is_not_merged() -> None:
    state = with_queue(
        game(),
        contract("B", ALICE, ("USD", 6), ("JPY", 12)),
        loan("A", BOB, USD=7),
        DividendStack(4),
    )
    after = apply(state, Resolve("alice"))
    assert after.queue == (
        loan("A", BOB, USD=7),
        DividendStack(4),
        loan("B", ALICE, USD=7),
    )


# --------------------------------------------------------------------------- loans


def test_loan_owing_several_currencies_paid_frees_its_letter() -> None:
    state = with_money(game(), ALICE, USD=7, JPY=5)
    state = with_queue(state, loan("A", ALICE, USD=7, JPY=4), DividendStack(4))
    after, events = kinds(on_turn(state, BOB), Resolve("bob"))
    assert events == ["resolve", "loan_paid"]
    assert wallet(after, ALICE) == bucks(2, 2, 0, 2, 1, 2, 2)
    assert after.queue == (DividendStack(4),)
    assert after.free_letter() == "A"
    assert after.pending == Pending(Phase.TURN, ALICE)


def seven_currency_loan() -> GameState:
    """Alice's loan A owes six currencies; her unpaid contract B adds the seventh."""
    state = with_queue(
        game(),
        contract("B", ALICE, ("CNY", 10), ("CAD", 4)),
        loan("A", ALICE, GBP=1, EUR=1, USD=1, CHF=1, JPY=1, CAD=1),
        DividendStack(4),
    )
    state = apply(state, Resolve("alice"))
    assert state.queue == (
        loan("A", ALICE, GBP=1, EUR=1, USD=1, CHF=1, JPY=1, CAD=1, CNY=11),
        DividendStack(4),
    )
    assert wallet(state, ALICE) == bucks(2, 2, 2, 2, 2, 6, 2)
    return state


def test_loan_owing_all_seven_currencies_paid() -> None:
    state = with_money(seven_currency_loan(), ALICE, CNY=11)
    after, events = kinds(state, Resolve("bob"))
    assert events == ["resolve", "loan_paid"]
    assert wallet(after, ALICE) == bucks(1, 1, 1, 1, 1, 5, 0)
    assert after.queue == (DividendStack(4),)
    assert after.letters_in_use() == frozenset()


def test_loan_owing_all_seven_currencies_unpaid() -> None:
    after, events = kinds(seven_currency_loan(), Resolve("bob"))
    assert events == ["resolve", "bankrupt", "game_over"]
    assert after.is_over
    assert after.bankrupt == ALICE
    assert wallet(after, ALICE) == bucks(2, 2, 2, 2, 2, 6, 2)


def bankrupt_game() -> GameState:
    """Alice owes 7 USD, holds 6.5 USD (and a fortune in GBP); bob resolves."""
    state = game("alice", "bob", "carol")
    state = with_money(state, ALICE, USD="6.5", GBP=50)
    state = with_queue(state, loan("A", ALICE, USD=7), DividendStack(4))
    return on_turn(state, BOB)


def test_unpaid_loan_is_bankruptcy_and_ends_the_game() -> None:
    after, events = apply_with_events(bankrupt_game(), Resolve("bob"))
    assert [e.kind for e in events] == ["resolve", "bankrupt", "game_over"]
    assert events[1].text == "loan A: alice owes 7 USD but holds 6.5 USD; alice is bankrupt"
    assert after.is_over
    assert after.pending == Pending(Phase.OVER, None)
    assert after.pending_player is None
    assert legal_decisions(after) == []
    assert after.ending == "bankruptcy"
    assert after.bankrupt == ALICE
    # Nothing is paid, and the unpaid loan stays where it stood.
    assert wallet(after, ALICE) == bucks(50, 2, "6.5", 2, 2, 2, 2)
    assert after.queue == (loan("A", ALICE, USD=7), DividendStack(4))
    assert after.dividends_left == 4
    result = after.result
    assert result is not None
    assert result.ending == "bankruptcy"
    assert result.bankrupt == ALICE
    # GBP strongest (6 pairs). Bob and carol: 2 + 1 + 2 + 1 + 1 + 1 + 0 = 8 GBP each.
    # Alice would have far more, but a bankrupt player ranks last.
    assert result.totals[BOB] == result.totals[CAROL] == 8
    assert result.totals[ALICE] > 8
    assert result.ranks == (3, 1, 1)
    assert result.winners() == (BOB, CAROL)


def test_loan_with_one_currency_short_pays_nothing() -> None:
    state = with_money(game(), ALICE, USD=3, JPY=4)
    state = with_queue(state, loan("A", ALICE, USD=2, JPY=5), DividendStack(4))
    after = apply(state, Resolve("alice"))
    assert after.bankrupt == ALICE
    assert wallet(after, ALICE) == bucks(2, 2, 3, 2, 4, 2, 2)


def test_owner_may_resolve_their_own_loan() -> None:
    state = with_money(game(), ALICE, USD=7)
    state = with_queue(state, loan("A", ALICE, USD=7), DividendStack(4))
    after = apply(state, Resolve("alice"))
    assert wallet(after, ALICE)[USD] == 0
    assert after.pending_player == "bob"


# --------------------------------------------------------------------------- dividends


def test_dividend_sequence_is_0_2_2_2_3() -> None:
    state = with_certs(game(), ALICE, GBP=1)
    gbp_after = []
    for turn in range(5):
        resolver = state.pending_player
        assert resolver == ("alice", "bob")[turn % 2]
        state = apply(state, Resolve(resolver))
        gbp_after.append(wallet(state, ALICE)[cx("GBP")])
        assert wallet(state, BOB) == bucks(2, 2, 2, 2, 2, 2, 2)
        assert state.dividends_left == 4 - turn
        if turn < 4:
            assert state.queue == (DividendStack(4 - turn),)
    assert gbp_after == [2, 4, 6, 8, 11]
    assert state.is_over
    assert state.queue == ()
    assert state.ending == "last_dividend"
    result = state.result
    assert result is not None
    # GBP was strengthened after each dividend (most certificates): GBP/EUR 1.5 -> 4,
    # GBP/USD 1 -> 3.5, GBP/CAD 2 -> 5, GBP/CNY 4 -> 8 (cap). Every other currency is
    # worth less than 1 GBP per 2 held.
    assert pair(state.board, "GBP", "CNY") == ("GBP", "8")
    assert pair(state.board, "GBP", "USD") == ("GBP", "3.5")
    assert result.totals == (11, 2)
    assert result.ranks == (1, 2)


def test_dividend_pays_per_certificate_and_strengthens_most_held() -> None:
    state = with_certs(game(), ALICE, GBP=2, USD=1)
    state = with_certs(state, BOB, GBP=1, JPY=2)
    state = with_queue(state, DividendStack(4))  # the second dividend: 2 per certificate
    after = apply(state, Resolve("alice"))
    assert wallet(after, ALICE) == bucks(6, 2, 4, 2, 2, 2, 2)
    assert wallet(after, BOB) == bucks(4, 2, 2, 2, 6, 2, 2)
    # GBP: 3 certificates in hands (2 + 1) beats JPY's 2, though nobody holds 3.
    assert moved(state.board, after.board) == {
        "GBP/EUR": ("GBP", "2"),
        "GBP/USD": ("GBP", "1.5"),
        "GBP/CHF": ("GBP", "2"),
        "GBP/JPY": ("GBP", "2"),
        "GBP/CAD": ("GBP", "2.5"),
        "GBP/CNY": ("GBP", "5"),
    }
    # The rest of the stack goes to the back of the queue; the turn passes.
    assert after.queue == (DividendStack(3),)
    assert after.pending == Pending(Phase.TURN, BOB)


def test_dividend_stack_goes_behind_the_other_items() -> None:
    state = with_certs(game(), ALICE, GBP=1)
    state = with_queue(
        state,
        DividendStack(4),
        contract("A", BOB, ("USD", 1), ("JPY", "1.5")),
        loan("B", ALICE, EUR=3),
    )
    after = apply(state, Resolve("alice"))
    assert after.queue == (
        contract("A", BOB, ("USD", 1), ("JPY", "1.5")),
        loan("B", ALICE, EUR=3),
        DividendStack(3),
    )


def test_currency_weaker_at_the_eight_space_pays_nothing() -> None:
    state = with_board(game(), ("USD", "JPY", "8"))
    state = with_certs(state, ALICE, USD=2, JPY=1)
    state = with_queue(state, DividendStack(4))
    after, events = apply_with_events(state, Resolve("alice"))
    # USD (the stronger side at 8) pays; JPY (the weaker side at 8) pays nothing.
    assert wallet(after, ALICE) == bucks(2, 2, 6, 2, 2, 2, 2)
    assert events[1].text == (
        "dividend 2 of 5 pays 2 per certificate; JPY at the 8 space pay nothing"
    )
    # USD has the most certificates and is strengthened; USD/JPY stays capped.
    assert pair(after.board, "USD", "JPY") == ("USD", "8")
    assert pair(after.board, "USD", "CHF") == ("USD", "1.5")


def test_non_paying_currency_still_counts_for_most_certificates() -> None:
    state = with_board(game(), ("USD", "JPY", "8"))
    state = with_certs(state, ALICE, USD=1, JPY=3)
    state = with_queue(state, DividendStack(1))  # the last dividend: 3 per certificate
    after = apply(state, Resolve("alice"))
    assert wallet(after, ALICE) == bucks(2, 2, 5, 2, 2, 2, 2)
    assert pair(after.board, "USD", "JPY") == ("USD", "6")  # JPY strengthened


def test_first_dividend_all_zero_is_a_tie_among_all_seven() -> None:
    state = apply(game(), Resolve("alice"))
    assert state.pending == Pending(Phase.DIVIDEND_TIE, ALICE, candidates=tuple(range(7)))
    assert legal_decisions(state) == [ChooseStrengthen("alice", code) for code in CODES]
    assert state.queue == (DividendStack(4),)
    after = apply(state, ChooseStrengthen("alice", "CNY"))
    assert moved(state.board, after.board) == {
        "GBP/CNY": ("GBP", "3.5"),
        "EUR/CNY": ("EUR", "3"),
        "USD/CNY": ("USD", "3"),
        "CHF/CNY": ("CHF", "3"),
        "JPY/CNY": ("JPY", "2.5"),
        "CAD/CNY": ("CAD", "2"),
    }
    assert after.pending == Pending(Phase.TURN, BOB)
    assert wallet(after, ALICE) == wallet(game(), ALICE)


def test_tie_choice_among_the_tied_only() -> None:
    state = with_certs(game(), ALICE, USD=1)
    state = with_certs(state, BOB, JPY=1)
    state = with_queue(state, DividendStack(4))
    state = apply(state, Resolve("alice"))
    # Paid before the choice.
    assert wallet(state, ALICE) == bucks(2, 2, 4, 2, 2, 2, 2)
    assert wallet(state, BOB) == bucks(2, 2, 2, 2, 4, 2, 2)
    assert state.pending == Pending(Phase.DIVIDEND_TIE, ALICE, candidates=(USD, cx("JPY")))
    with pytest.raises(ChoiceRefused) as info:
        apply(state, ChooseStrengthen("alice", "GBP"))
    assert info.value.code == "illegal_choice"
    assert info.value.reason == "GBP is not tied; choose one of USD, JPY to strengthen"
    with pytest.raises(NotYourDecision):
        apply(state, ChooseStrengthen("bob", "JPY"))
    after = apply(state, ChooseStrengthen("alice", "JPY"))
    assert pair(after.board, "USD", "JPY") == ("USD", "1")
    assert pair(after.board, "JPY", "CAD") == ("JPY", "2")
    assert after.pending == Pending(Phase.TURN, BOB)


def test_no_tie_no_choice() -> None:
    state = with_certs(game(), ALICE, USD=1)
    after = apply(state, Resolve("alice"))
    assert after.pending == Pending(Phase.TURN, BOB)
    assert pair(after.board, "USD", "JPY") == ("USD", "2")
    with pytest.raises(WrongDecisionKind) as info:
        apply(after, ChooseStrengthen("bob", "USD"))
    assert info.value.code == "wrong_decision_kind"


# --------------------------------------------------------------------------- settlement


def test_settlement_unpaid_contract_becomes_a_loan_reached_in_the_same_sweep() -> None:
    state = with_certs(game(), ALICE, GBP=1)
    state = with_queue(
        state,
        DividendStack(1),
        contract("A", ALICE, ("JPY", 6), ("USD", 4)),
        contract("B", ALICE, ("USD", 4), ("JPY", 6)),
    )
    after, events = kinds(state, Resolve("alice"))
    # Dividend 5 (+3 GBP), GBP strengthened, then: A unpaid (+4 USD, loan A of 7 JPY at the
    # back), B paid (-4 USD, +6 JPY), loan A paid (-7 JPY).
    assert events == [
        "resolve",
        "dividend",
        "strengthen",
        "settlement",
        "contract_unpaid",
        "loan_made",
        "contract_paid",
        "loan_paid",
        "game_over",
    ]
    assert wallet(after, ALICE) == bucks(5, 2, 2, 2, 1, 2, 2)
    assert after.queue == ()
    assert after.is_over
    assert after.ending == "last_dividend"
    result = after.result
    assert result is not None
    assert result.ending == "last_dividend"
    assert result.bankrupt is None
    # GBP strongest. After the strengthening GBP/EUR 2, GBP/USD 1.5, GBP/CHF 2, GBP/JPY 2,
    # GBP/CAD 2.5, GBP/CNY 5. Alice: 5 + 1 + 1 + 1 + 0 + 0 + 0; bob: 2 + 1 + 1 + 1 + 1.
    assert result.strongest == cx("GBP")
    assert result.converted == ((5, 1, 1, 1, 0, 0, 0), (2, 1, 1, 1, 1, 0, 0))
    assert result.totals == (8, 6)
    assert result.ranks == (1, 2)


def test_settlement_stops_at_a_bankruptcy() -> None:
    state = with_certs(game(), ALICE, GBP=1)
    state = with_queue(
        state,
        DividendStack(1),
        contract("A", BOB, ("USD", 1), ("JPY", "1.5")),
        loan("B", ALICE, JPY=10),
        contract("C", BOB, ("CHF", 1), ("JPY", "1.5")),
    )
    state = on_turn(state, BOB)
    after, events = kinds(state, Resolve("bob"))
    assert events[-3:] == ["contract_paid", "bankrupt", "game_over"]
    assert after.is_over
    assert after.ending == "last_dividend_then_bankruptcy"
    assert after.bankrupt == ALICE
    # Contract A was paid; contract C was never resolved.
    assert wallet(after, BOB) == bucks(2, 2, 1, 2, "3.5", 2, 2)
    assert after.queue == (
        loan("B", ALICE, JPY=10),
        contract("C", BOB, ("CHF", 1), ("JPY", "1.5")),
    )
    assert after.turn_player == BOB
    result = after.result
    assert result is not None
    assert result.ending == "last_dividend_then_bankruptcy"
    assert result.ranks == (2, 1)


def test_last_dividend_tie_is_chosen_before_the_settlement() -> None:
    state = with_queue(game(), DividendStack(1), contract("A", ALICE, ("USD", 1), ("JPY", "1.5")))
    state = apply(state, Resolve("alice"))
    assert state.pending.phase is Phase.DIVIDEND_TIE
    assert state.queue == (contract("A", ALICE, ("USD", 1), ("JPY", "1.5")),)
    after = apply(state, ChooseStrengthen("alice", "USD"))
    assert after.is_over
    assert after.ending == "last_dividend"
    assert wallet(after, ALICE) == bucks(2, 2, 1, 2, "3.5", 2, 2)
    result = after.result
    assert result is not None
    # USD strengthened flips GBP/USD and EUR/USD: USD wins all six pairs. In USD: GBP 2/1,
    # EUR 2/1, USD, CHF 2/1.5, JPY /2, CAD 2/2, CNY 2/4.
    assert result.strongest == USD
    assert result.decided_by == "pairs"
    assert result.converted == ((2, 2, 1, 1, 1, 1, 0), (2, 2, 2, 1, 1, 1, 0))
    assert result.totals == (8, 9)
    assert result.ranks == (2, 1)
