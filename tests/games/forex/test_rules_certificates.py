"""Invest and divest."""

from __future__ import annotations

import pytest

from forexcli.games.forex.rules import (
    Divest,
    DivestRefused,
    DivestResponse,
    GameState,
    InsufficientFunds,
    Invest,
    InvestRefused,
    NotYourDecision,
    Pending,
    Phase,
    Resolve,
    WrongDecisionKind,
    apply,
    apply_with_events,
    legal_decisions,
    new_game,
)
from tests.games.forex.test_rules import (
    ALICE,
    BOB,
    CAROL,
    DAVE,
    bucks,
    cx,
    game,
    moved,
    names_of,
    on_turn,
    pair,
    wallet,
    with_board,
    with_certs,
    with_money,
)

USD = cx("USD")
JPY = cx("JPY")

# --------------------------------------------------------------------------- invest


def test_invest_one_certificate() -> None:
    state = game()  # 1 USD certificate was removed: 7 in the supply
    after = apply(state, Invest("alice", ("USD",)))
    assert wallet(after, ALICE) == bucks(2, 2, 0, 2, 2, 2, 2)
    assert after.certs[ALICE] == (0, 0, 1, 0, 0, 0, 0)
    assert after.supply == (7, 7, 6, 7, 7, 7, 8)
    assert moved(state.board, after.board) == {
        "GBP/USD": ("USD", "1"),
        "EUR/USD": ("USD", "1"),
        "USD/CHF": ("USD", "1.5"),
        "USD/JPY": ("USD", "2"),
        "USD/CAD": ("USD", "2"),
        "USD/CNY": ("USD", "4"),
    }
    assert after.pending_player == "bob"


def test_invest_two_different_currencies() -> None:
    state = with_money(game(), ALICE, USD=5, CNY="2.5")
    after = apply(state, Invest("alice", ("USD", "CNY")))
    assert wallet(after, ALICE) == bucks(2, 2, 3, 2, 2, 2, "0.5")
    assert after.certs[ALICE] == (0, 0, 1, 0, 0, 0, 1)
    assert after.supply == (7, 7, 6, 7, 7, 7, 7)
    # USD strengthened, then CNY: USD/CNY goes 3.5 -> 4 -> 3.5.
    assert pair(after.board, "USD", "CNY") == ("USD", "3.5")
    assert pair(after.board, "USD", "JPY") == ("USD", "2")
    assert pair(after.board, "JPY", "CNY") == ("JPY", "2.5")


def test_invest_events_strengthen_after_each_purchase() -> None:
    _, events = apply_with_events(game(), Invest("alice", ("JPY", "GBP")))
    assert [e.kind for e in events] == ["invest", "strengthen", "invest", "strengthen"]
    assert events[1].text == "JPY strengthened"
    assert events[3].text == "GBP strengthened"


def test_invest_same_currency_twice_refused() -> None:
    state = with_money(game(), ALICE, USD=4)
    with pytest.raises(InvestRefused) as info:
        apply(state, Invest("alice", ("USD", "USD")))
    assert (
        info.value.reason == "the two certificates must be of different currencies, not USD twice"
    )


@pytest.mark.parametrize("codes", [(), ("USD", "JPY", "GBP")])
def test_invest_one_or_two_only(codes: tuple[str, ...]) -> None:
    with pytest.raises(InvestRefused):
        apply(game(), Invest("alice", codes))


def test_invest_needs_two_of_the_currency() -> None:
    state = with_money(game(), ALICE, USD="1.5")
    with pytest.raises(InsufficientFunds) as info:
        apply(state, Invest("alice", ("USD",)))
    assert info.value.reason == "alice holds 1.5 USD; investing needs 2 USD"
    assert Invest("alice", ("USD",)) not in legal_decisions(state)


def test_invest_refused_when_the_second_fails_changes_nothing() -> None:
    state = with_money(game(), ALICE, JPY=1)
    with pytest.raises(InsufficientFunds) as info:
        apply(state, Invest("alice", ("USD", "JPY")))
    assert info.value.reason == "alice holds 1 JPY; investing needs 2 JPY"


def test_invest_at_most_four_of_a_currency() -> None:
    state = with_certs(game(), ALICE, USD=4)
    with pytest.raises(InvestRefused) as info:
        apply(state, Invest("alice", ("USD",)))
    assert info.value.reason == "alice already holds 4 USD certificates, the most allowed"
    # Three held: a fourth is fine.
    after = apply(with_certs(game(), ALICE, USD=3), Invest("alice", ("USD",)))
    assert after.certs[ALICE][USD] == 4


def test_invest_supply_empty_refused() -> None:
    # 6 CNY certificates removed at set-up; bob holds the other 2.
    state = with_certs(game(removed=(0, 0, 0, 0, 0, 0, 6)), BOB, CNY=2)
    assert state.supply[cx("CNY")] == 0
    with pytest.raises(InvestRefused) as info:
        apply(state, Invest("alice", ("CNY",)))
    assert info.value.reason == "no CNY certificates are left in the supply"
    invests = [d for d in legal_decisions(state) if isinstance(d, Invest)]
    assert all("CNY" not in d.currencies for d in invests)
    assert len(invests) == 6 + 30


def test_legal_invests_follow_the_limits() -> None:
    state = with_money(game(), ALICE, GBP=1, EUR=1, USD=1, CHF=1)
    state = with_certs(state, ALICE, JPY=4)
    invests = {d.currencies for d in legal_decisions(state) if isinstance(d, Invest)}
    assert invests == {("CAD",), ("CNY",), ("CAD", "CNY"), ("CNY", "CAD")}


# --------------------------------------------------------------------------- divest


def test_divest_several_weakens_once_per_certificate() -> None:
    state = with_certs(game(), ALICE, USD=3)
    after = apply(state, Divest("alice", "USD", 3))
    assert wallet(after, ALICE) == bucks(2, 2, 8, 2, 2, 2, 2)
    assert after.certs[ALICE] == (0,) * 7
    # Sold certificates leave the game: the supply does not get them back.
    assert after.supply == state.supply
    assert after.sold == (0, 0, 3, 0, 0, 0, 0)
    assert moved(state.board, after.board) == {
        "GBP/USD": ("GBP", "2.5"),
        "EUR/USD": ("EUR", "2.5"),
        "USD/CHF": ("CHF", "2"),  # 1 -> flip -> 1.5 -> 2
        "USD/JPY": ("JPY", "1.5"),  # 1.5 -> 1 -> flip -> 1.5
        "USD/CAD": ("CAD", "1.5"),
        "USD/CNY": ("USD", "2"),  # 3.5 -> 3 -> 2.5 -> 2
    }
    assert after.pending_player == "bob"  # nobody else holds USD


def test_divest_part_of_the_holding() -> None:
    state = with_certs(game(), ALICE, USD=3)
    after = apply(state, Divest("alice", "USD", 1))
    assert after.certs[ALICE][USD] == 2
    assert after.money[ALICE][USD] == 8  # 2 + 2 bucks
    assert pair(after.board, "USD", "JPY") == ("USD", "1")


def four_holders() -> GameState:
    """Carol divests USD; dave and alice hold USD too, bob does not."""
    state = game("alice", "bob", "carol", "dave")
    state = with_certs(state, ALICE, USD=2)
    state = with_certs(state, CAROL, USD=1)
    state = with_certs(state, DAVE, USD=1, JPY=3)
    return on_turn(state, CAROL)


def test_divest_responses_clockwise_from_the_divester_holders_only() -> None:
    state = apply(four_holders(), Divest("carol", "USD", 1))
    # Clockwise from carol: dave, alice, bob; bob holds no USD and is skipped.
    assert state.pending == Pending(Phase.DIVEST_RESPONSE, DAVE, currency=USD, responders=(ALICE,))
    assert legal_decisions(state) == [
        DivestResponse("dave", "USD", 0),
        DivestResponse("dave", "USD", 1),
    ]
    state = apply(state, DivestResponse("dave", "USD", 0))  # declining is allowed
    assert state.pending.phase is Phase.DIVEST_RESPONSE
    assert state.pending_player == "alice"
    assert len(legal_decisions(state)) == 3
    state = apply(state, DivestResponse("alice", "USD", 2))
    # The turn passes on from carol.
    assert state.pending == Pending(Phase.TURN, DAVE)
    assert state.turn_player == DAVE
    assert state.certs[ALICE][USD] == 0
    assert state.certs[CAROL][USD] == 0
    assert state.certs[DAVE][USD] == 1
    assert state.sold[USD] == 3
    assert wallet(state, ALICE) == bucks(2, 2, 6, 2, 2, 2, 2)
    assert wallet(state, CAROL) == bucks(2, 2, 4, 2, 2, 2, 2)
    assert wallet(state, DAVE) == bucks(2, 2, 2, 2, 2, 2, 2)
    # Weakened three times in all: USD/JPY 1.5 -> 1 -> JPY 1 -> JPY 1.5.
    assert pair(state.board, "USD", "JPY") == ("JPY", "1.5")


def test_divest_response_weakens_as_each_seller_sells() -> None:
    state = apply(four_holders(), Divest("carol", "USD", 1))
    assert pair(state.board, "USD", "JPY") == ("USD", "1")
    state = apply(state, DivestResponse("dave", "USD", 1))
    assert pair(state.board, "USD", "JPY") == ("JPY", "1")


def test_divest_response_rules() -> None:
    state = apply(four_holders(), Divest("carol", "USD", 1))
    with pytest.raises(DivestRefused) as info:
        apply(state, DivestResponse("dave", "JPY", 1))
    assert info.value.reason == "the divest is in USD; dave can sell only USD, not JPY"
    with pytest.raises(DivestRefused) as info:
        apply(state, DivestResponse("dave", "USD", 2))
    assert info.value.reason == "dave holds 1 USD certificate; can sell 0 to 1, not 2"
    with pytest.raises(DivestRefused):
        apply(state, DivestResponse("dave", "USD", -1))
    with pytest.raises(NotYourDecision):
        apply(state, DivestResponse("alice", "USD", 1))
    with pytest.raises(NotYourDecision):
        apply(state, DivestResponse("bob", "USD", 0))
    with pytest.raises(WrongDecisionKind):
        apply(state, Divest("dave", "USD", 1))
    with pytest.raises(WrongDecisionKind):
        apply(state, Resolve("dave"))


def test_divest_responder_order_wraps_from_the_last_seat() -> None:
    state = game("alice", "bob", "carol", "dave")
    for seat in (ALICE, BOB, CAROL, DAVE):
        state = with_certs(state, seat, EUR=1)
    state = apply(on_turn(state, DAVE), Divest("dave", "EUR", 1))
    order = []
    while state.pending.phase is Phase.DIVEST_RESPONSE:
        assert state.pending_player is not None
        order.append(state.pending_player)
        state = apply(state, DivestResponse(state.pending_player, "EUR", 0))
    assert order == ["alice", "bob", "carol"]
    assert state.pending_player == "alice"


def test_divest_of_zero_refused() -> None:
    state = with_certs(game(), ALICE, USD=1)
    with pytest.raises(DivestRefused) as info:
        apply(state, Divest("alice", "USD", 0))
    assert info.value.reason == "a divest sells at least 1 certificate"


def test_divest_more_than_held_refused() -> None:
    state = with_certs(game(), ALICE, USD=1)
    with pytest.raises(DivestRefused) as info:
        apply(state, Divest("alice", "USD", 2))
    assert info.value.reason == "alice holds 1 USD certificate; cannot sell 2"
    with pytest.raises(DivestRefused) as info:
        apply(state, Divest("alice", "JPY", 1))
    assert info.value.reason == "alice holds 0 JPY certificates; cannot sell 1"


def test_legal_divests() -> None:
    state = with_certs(game(), ALICE, USD=2, CNY=1)
    divests = [d for d in legal_decisions(state) if isinstance(d, Divest)]
    assert divests == [
        Divest("alice", "USD", 1),
        Divest("alice", "USD", 2),
        Divest("alice", "CNY", 1),
    ]
    assert "Divest" not in names_of(legal_decisions(game()))


def test_divest_at_the_cap_does_not_change_the_money() -> None:
    # Certificates always sell for 2 of their currency, whatever the rate.
    state = with_board(game(), ("USD", "JPY", "8"))
    state = with_certs(state, ALICE, JPY=1)
    after = apply(state, Divest("alice", "JPY", 1))
    assert after.money[ALICE][JPY] == 8


def test_removed_not_known_puts_all_eight_of_each_in_the_supply() -> None:
    """``new_game(players, None)``: a game recorded without its removed certificates refuses
    no purchase that all 8 of a currency allow; a known set-up says it is known."""
    state = new_game(("alice", "bob"), None)
    assert not state.removed_known
    assert state.removed == (0,) * 7 and state.supply == (8,) * 7
    assert game().removed_known
    # Bob holds 4 CNY: a game with more than 2 CNY removed would have none left for alice.
    after = apply(with_certs(state, BOB, CNY=4), Invest("alice", ("CNY",)))
    assert after.supply[cx("CNY")] == 3
    with pytest.raises(InvestRefused):
        apply(
            with_certs(game(removed=(0, 0, 0, 0, 0, 0, 6)), BOB, CNY=2), Invest("alice", ("CNY",))
        )
