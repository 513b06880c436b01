"""Spot transactions and making contracts."""

from __future__ import annotations

import pytest

from forexcli.games.forex.rules import (
    ContractRefused,
    DividendStack,
    GameState,
    InsufficientFunds,
    Invest,
    MakeContract,
    Phase,
    Resolve,
    Spot,
    SpotRefused,
    apply,
    legal_decisions,
)
from tests.games.forex.test_rules import (
    ALICE,
    BOB,
    CAROL,
    bucks,
    contract,
    cx,
    game,
    loan,
    names_of,
    on_turn,
    pair,
    wallet,
    with_board,
    with_money,
    with_queue,
)


def usd_two_jpy(*names: str) -> GameState:
    """A game where 1 USD = 2 JPY."""
    return with_board(game(*names), ("USD", "JPY", "2"))


# --------------------------------------------------------------------------- spot


def test_spot_give_one_usd_get_two_jpy() -> None:
    state = apply(usd_two_jpy(), Spot("alice", "bob", "USD", 2, "JPY", 4))
    assert wallet(state, ALICE) == bucks(2, 2, 1, 2, 4, 2, 2)
    assert wallet(state, BOB) == bucks(2, 2, 3, 2, 0, 2, 2)
    # The spot comes before the action: it is still alice's turn.
    assert state.pending.phase is Phase.TURN
    assert state.pending_player == "alice"
    assert state.spot_done


def test_spot_give_two_jpy_get_one_usd() -> None:
    state = apply(usd_two_jpy(), Spot("alice", "bob", "JPY", 4, "USD", 2))
    assert wallet(state, ALICE) == bucks(2, 2, 3, 2, 0, 2, 2)
    assert wallet(state, BOB) == bucks(2, 2, 1, 2, 4, 2, 2)


@pytest.mark.parametrize(
    ("give", "get"),
    [
        (("USD", 4), ("JPY", 8)),  # "You cannot exchange 2 USD for 4 JPY"
        (("JPY", 2), ("USD", 1)),  # "Neither can you trade 1 JPY for 0.50 USD"
        (("USD", 2), ("JPY", 3)),  # the wrong rate
        (("JPY", 2), ("USD", 2)),  # 1 JPY for 1 USD
    ],
)
def test_spot_other_amounts_refused(give: tuple[str, int], get: tuple[str, int]) -> None:
    state = usd_two_jpy()
    with pytest.raises(SpotRefused) as info:
        apply(state, Spot("alice", "bob", give[0], give[1], get[0], get[1]))
    assert info.value.code == "illegal_spot"


def test_spot_refusal_names_the_terms() -> None:
    with pytest.raises(SpotRefused) as info:
        apply(usd_two_jpy(), Spot("alice", "bob", "USD", 4, "JPY", 8))
    assert info.value.reason == (
        "a spot trades exactly 1 USD (the stronger currency) for its rate: at the current"
        " rate 1 USD for 2 JPY, not 2 USD for 4 JPY"
    )


def test_a_spot_at_the_rate_but_of_more_than_one_says_that_only_one_is_traded() -> None:
    """2 JPY for 1 USD doubled is at the rate too: the refusal says a spot is exactly 1 of
    the stronger currency, not that the rate is another."""
    with pytest.raises(SpotRefused) as info:
        apply(usd_two_jpy(), Spot("alice", "bob", "JPY", 8, "USD", 4))  # halves
    assert info.value.reason.startswith("a spot trades exactly 1 USD (the stronger currency)")
    assert info.value.reason.endswith("rate 2 JPY for 1 USD, not 4 JPY for 2 USD")


def test_spot_at_a_half_rate() -> None:
    # At the start 1 USD = 1.5 JPY.
    state = apply(game(), Spot("alice", "bob", "USD", 2, "JPY", 3))
    assert wallet(state, ALICE) == bucks(2, 2, 1, 2, "3.5", 2, 2)
    assert wallet(state, BOB) == bucks(2, 2, 3, 2, "0.5", 2, 2)


def test_spot_needs_the_partner_to_hold_the_amount() -> None:
    state = with_money(usd_two_jpy(), BOB, JPY="1.5")
    with pytest.raises(InsufficientFunds) as info:
        apply(state, Spot("alice", "bob", "USD", 2, "JPY", 4))
    assert info.value.reason == "bob holds 1.5 JPY; this spot transaction needs 2 JPY"


def test_spot_needs_the_mover_to_hold_the_amount() -> None:
    state = with_money(usd_two_jpy(), ALICE, USD="0.5")
    with pytest.raises(InsufficientFunds) as info:
        apply(state, Spot("alice", "bob", "USD", 2, "JPY", 4))
    assert info.value.reason == "alice holds 0.5 USD; this spot transaction needs 1 USD"


def test_spot_with_exactly_the_amount_held() -> None:
    state = with_money(usd_two_jpy(), BOB, JPY=2)
    state = with_money(state, ALICE, USD=1)
    after = apply(state, Spot("alice", "bob", "USD", 2, "JPY", 4))
    assert after.money[ALICE][cx("USD")] == 0
    assert after.money[BOB][cx("JPY")] == 0


def test_only_one_spot_per_turn() -> None:
    state = usd_two_jpy("alice", "bob", "carol")
    state = apply(state, Spot("alice", "bob", "USD", 2, "JPY", 4))
    with pytest.raises(SpotRefused) as info:
        apply(state, Spot("alice", "carol", "USD", 2, "JPY", 4))
    assert "already made a spot transaction this turn" in info.value.reason
    assert "Spot" not in names_of(legal_decisions(state))
    # After the action the next player may spot again.
    state = apply(state, Invest("alice", ("GBP",)))
    assert state.pending_player == "bob"
    assert not state.spot_done
    assert "Spot" in names_of(legal_decisions(state))


def test_spot_not_with_yourself() -> None:
    with pytest.raises(SpotRefused) as info:
        apply(usd_two_jpy(), Spot("alice", "alice", "USD", 2, "JPY", 4))
    assert info.value.reason == "a spot transaction is made with another player"


def test_spot_in_one_currency_refused() -> None:
    with pytest.raises(SpotRefused):
        apply(game(), Spot("alice", "bob", "USD", 2, "USD", 2))


def test_spot_with_any_other_player() -> None:
    state = apply(usd_two_jpy("alice", "bob", "carol"), Spot("alice", "carol", "JPY", 4, "USD", 2))
    assert wallet(state, CAROL) == bucks(2, 2, 1, 2, 4, 2, 2)
    assert wallet(state, BOB) == bucks(2, 2, 2, 2, 2, 2, 2)


def test_legal_spots_at_the_start() -> None:
    # Everyone holds 2 of each currency. A spot is possible both ways in every pair whose
    # rate is at most 2: 15 pairs. The six CNY pairs (rates 2.5 to 4) need more than 2 CNY.
    spots = [d for d in legal_decisions(game()) if isinstance(d, Spot)]
    assert len(spots) == 30
    assert {d.partner for d in spots} == {"bob"}
    assert not any("CNY" in (d.give_currency, d.get_currency) for d in spots)
    assert Spot("alice", "bob", "GBP", 2, "CAD", 4) in spots
    assert Spot("alice", "bob", "CAD", 4, "GBP", 2) in spots
    assert Spot("alice", "bob", "USD", 2, "JPY", 3) in spots


def test_legal_decisions_at_the_start() -> None:
    # 30 spots, 42 ordered pairs x 10 contract sizes, 7 + 42 investments, 1 resolve.
    legal = legal_decisions(game())
    assert len(legal) == 30 + 420 + 49 + 1
    assert len(set(legal)) == len(legal)
    assert all(d.player == "alice" for d in legal)


# --------------------------------------------------------------------------- contract


def test_contract_example_pay_six_usd_receive_twelve_jpy() -> None:
    state = apply(usd_two_jpy(), MakeContract("alice", "USD", 12, "JPY", 24))
    assert state.queue == (DividendStack(5), contract("A", ALICE, ("USD", 6), ("JPY", 12)))
    # Nothing is paid now.
    assert wallet(state, ALICE) == bucks(2, 2, 2, 2, 2, 2, 2)
    assert state.pending_player == "bob"
    assert state.pending.phase is Phase.TURN


def test_contract_paying_the_weaker_currency() -> None:
    state = apply(usd_two_jpy(), MakeContract("alice", "JPY", 24, "USD", 12))
    assert state.queue[-1] == contract("A", ALICE, ("JPY", 12), ("USD", 6))


def test_contract_with_a_half_amount() -> None:
    # At 1 USD = 1.5 JPY, 3 USD are 4.5 JPY.
    state = apply(game(), MakeContract("alice", "USD", 6, "JPY", 9))
    assert state.queue[-1] == contract("A", ALICE, ("USD", 3), ("JPY", "4.5"))


def test_contract_at_one_to_one_uses_the_stronger_side() -> None:
    # EUR is stronger than USD at 1:1: the EUR amount must be whole.
    state = apply(game(), MakeContract("alice", "USD", 2, "EUR", 2))
    assert state.queue[-1] == contract("A", ALICE, ("USD", 1), ("EUR", 1))


@pytest.mark.parametrize("strong", [1, 10])
def test_contract_stronger_amount_bounds_accepted(strong: int) -> None:
    state = apply(usd_two_jpy(), MakeContract("alice", "USD", 2 * strong, "JPY", 4 * strong))
    assert state.queue[-1] == contract("A", ALICE, ("USD", strong), ("JPY", 2 * strong))


@pytest.mark.parametrize(
    ("pay", "receive", "words"),
    [
        (("USD", 22), ("JPY", 44), "must be a whole 1 to 10, not 11"),
        (("USD", 0), ("JPY", 0), "must be a whole 1 to 10, not 0"),
        (("USD", 3), ("JPY", 6), "must be a whole 1 to 10, not 1.5"),
        (("JPY", 4), ("USD", 1), "must be a whole 1 to 10, not 0.5"),
        (("USD", 12), ("JPY", 22), "paying 6 USD receives 12 JPY, not 11 JPY"),
        (("JPY", 22), ("USD", 12), "receiving 6 USD pays 12 JPY, not 11 JPY"),
        (("USD", -2), ("JPY", -4), "not -1"),
    ],
)
def test_contract_amounts_refused(
    pay: tuple[str, int], receive: tuple[str, int], words: str
) -> None:
    with pytest.raises(ContractRefused) as info:
        apply(usd_two_jpy(), MakeContract("alice", pay[0], pay[1], receive[0], receive[1]))
    assert info.value.code == "illegal_contract"
    assert words in info.value.reason


def test_dont_be_obnoxious() -> None:
    # At 1 USD = 1.5 JPY you cannot trade 1 JPY for two-thirds of 1 USD: no whole USD
    # amount matches 1 JPY, whatever USD amount is asked.
    state = game()
    for usd_halves in range(0, 5):
        with pytest.raises(ContractRefused):
            apply(state, MakeContract("alice", "JPY", 2, "USD", usd_halves))
    with pytest.raises(ContractRefused) as info:
        apply(state, MakeContract("alice", "JPY", 2, "USD", 2))
    assert info.value.reason == (
        "at the current rate 1 USD = 1.5 JPY, receiving 1 USD pays 1.5 JPY, not 1 JPY"
    )
    # 1.5 JPY for 1 USD is fine.
    after = apply(state, MakeContract("alice", "JPY", 3, "USD", 2))
    assert after.queue[-1] == contract("A", ALICE, ("JPY", "1.5"), ("USD", 1))


def test_contract_in_one_currency_refused() -> None:
    with pytest.raises(ContractRefused):
        apply(game(), MakeContract("alice", "USD", 2, "USD", 2))


def test_contract_takes_the_lowest_free_letter() -> None:
    state = with_queue(
        game(),
        contract("A", BOB, ("USD", 1), ("JPY", "1.5")),
        DividendStack(4),
        contract("C", BOB, ("USD", 1), ("JPY", "1.5")),
    )
    after = apply(state, MakeContract("alice", "USD", 2, "JPY", 3))
    assert [item.letter for item in after.queue if not isinstance(item, DividendStack)] == [
        "A",
        "C",
        "B",
    ]
    assert after.queue[-1] == contract("B", ALICE, ("USD", 1), ("JPY", "1.5"))
    # Then D.
    after = apply(after, MakeContract("bob", "USD", 2, "JPY", 3))
    assert after.queue[-1] == contract("D", BOB, ("USD", 1), ("JPY", "1.5"))


def test_a_loan_keeps_its_letter_in_use() -> None:
    state = with_queue(game(), DividendStack(4), loan("A", BOB, USD=3))
    after = apply(state, MakeContract("alice", "USD", 2, "JPY", 3))
    assert after.queue[-1] == contract("B", ALICE, ("USD", 1), ("JPY", "1.5"))


def test_no_contract_when_all_six_letters_are_in_use() -> None:
    items = [contract(letter, BOB, ("USD", 1), ("JPY", "1.5")) for letter in "ABCDE"]
    state = with_queue(game(), DividendStack(4), *items, loan("F", ALICE, GBP=3))
    assert state.free_letter() is None
    with pytest.raises(ContractRefused) as info:
        apply(state, MakeContract("alice", "USD", 2, "JPY", 3))
    assert info.value.reason == "all six contract letters A-F are in use"
    assert "MakeContract" not in names_of(legal_decisions(state))


def test_contract_rate_is_fixed_when_the_board_moves() -> None:
    state = with_money(usd_two_jpy(), ALICE, USD=6)
    state = apply(state, MakeContract("alice", "USD", 12, "JPY", 24))
    # Bob invests in USD: USD strengthens to 1 USD = 2.5 JPY.
    state = apply(state, Invest("bob", ("USD",)))
    assert pair(state.board, "USD", "JPY") == ("USD", "2.5")
    # The contract is resolved at its own terms. (The dividend is resolved first.)
    state = with_queue(state, contract("A", ALICE, ("USD", 6), ("JPY", 12)), DividendStack(4))
    state = on_turn(state, ALICE)
    state = apply(state, Resolve("alice"))
    assert wallet(state, ALICE) == bucks(2, 2, 0, 2, 14, 2, 2)


def test_contract_queue_entry_is_unchanged_by_the_board() -> None:
    state = apply(usd_two_jpy(), MakeContract("alice", "USD", 12, "JPY", 24))
    state = apply(state, Invest("bob", ("JPY",)))
    assert state.queue[-1] == contract("A", ALICE, ("USD", 6), ("JPY", 12))


def test_contract_need_not_hold_the_money() -> None:
    state = with_money(usd_two_jpy(), ALICE, USD=0)
    after = apply(state, MakeContract("alice", "USD", 20, "JPY", 40))
    assert after.queue[-1] == contract("A", ALICE, ("USD", 10), ("JPY", 20))
    assert wallet(after, ALICE) == bucks(2, 2, 0, 2, 2, 2, 2)


def test_a_player_may_own_several_contracts() -> None:
    state = apply(game(), MakeContract("alice", "USD", 2, "JPY", 3))
    state = apply(state, MakeContract("bob", "GBP", 2, "CAD", 4))
    state = apply(state, MakeContract("alice", "CNY", 7, "USD", 2))
    assert state.queue[1:] == (
        contract("A", ALICE, ("USD", 1), ("JPY", "1.5")),
        contract("B", BOB, ("GBP", 1), ("CAD", 2)),
        contract("C", ALICE, ("CNY", "3.5"), ("USD", 1)),
    )


def test_contract_after_a_spot() -> None:
    state = apply(usd_two_jpy(), Spot("alice", "bob", "USD", 2, "JPY", 4))
    state = apply(state, MakeContract("alice", "USD", 2, "JPY", 4))
    assert state.pending_player == "bob"
    assert wallet(state, ALICE) == bucks(2, 2, 1, 2, 4, 2, 2)
