"""End of the game: the strongest currency, conversion, ranking."""

from __future__ import annotations

import pytest

from forexcli.games.forex.rules import (
    Board,
    ChoiceRefused,
    ChooseStrengthen,
    ChooseStrongest,
    DividendStack,
    GameState,
    NotYourDecision,
    Pending,
    Phase,
    Resolve,
    WrongDecisionKind,
    apply,
    legal_decisions,
)
from tests.games.forex.test_rules import (
    ALICE,
    BOB,
    CAROL,
    DAVE,
    cx,
    game,
    loan,
    on_turn,
    set_pairs,
    with_board,
    with_certs,
    with_money,
    with_queue,
)

# GBP beats all but EUR, EUR all but USD, USD all but GBP: each wins 5 pairs.
ROCK_PAPER_SCISSORS = (("EUR", "GBP", "1"), ("USD", "EUR", "1"))

GBP, EUR, USD = cx("GBP"), cx("EUR"), cx("USD")


def ended_by_bankruptcy(state: GameState, bankrupt: int, resolver: int) -> GameState:
    """``resolver`` resolves a loan ``bankrupt`` cannot pay: the game ends."""
    state = with_queue(state, loan("A", bankrupt, USD=50), DividendStack(4))
    return apply(on_turn(state, resolver), Resolve(state.players[resolver]))


def test_rock_paper_scissors_board() -> None:
    board = set_pairs(Board.starting(), *ROCK_PAPER_SCISSORS)
    assert board.pairs_won() == (5, 5, 5, 3, 2, 1, 0)


# --------------------------------------------------------------------------- strongest


def test_strongest_by_most_pairs() -> None:
    state = ended_by_bankruptcy(game("alice", "bob", "carol"), CAROL, BOB)
    result = state.result
    assert result is not None
    assert result.strongest == GBP
    assert result.decided_by == "pairs"


def test_strongest_tie_broken_by_certificates_in_hands() -> None:
    state = with_board(game("alice", "bob", "carol"), *ROCK_PAPER_SCISSORS)
    state = with_certs(state, ALICE, EUR=2)
    state = with_certs(state, BOB, USD=1, EUR=1)
    # Carol holds the most certificates of all, in CNY, which is not among the tied.
    state = with_certs(state, CAROL, CNY=4, USD=1)
    state = ended_by_bankruptcy(state, CAROL, BOB)
    result = state.result
    assert result is not None
    assert result.strongest == EUR  # 3 in hands against USD's 2 and GBP's 0
    assert result.decided_by == "certificates"


def test_strongest_still_tied_is_chosen_by_the_last_player_among_the_tied() -> None:
    state = with_board(game("alice", "bob", "carol"), *ROCK_PAPER_SCISSORS)
    state = with_certs(state, ALICE, EUR=1)
    state = with_certs(state, CAROL, USD=1)
    state = ended_by_bankruptcy(state, CAROL, BOB)
    # EUR and USD tie on pairs and certificates; GBP (no certificates) is out.
    assert not state.is_over
    assert state.result is None
    assert state.ending == "bankruptcy"
    assert state.pending == Pending(Phase.STRONGEST_TIE, BOB, candidates=(EUR, USD))
    assert legal_decisions(state) == [ChooseStrongest("bob", "EUR"), ChooseStrongest("bob", "USD")]
    with pytest.raises(ChoiceRefused) as info:
        apply(state, ChooseStrongest("bob", "GBP"))
    assert info.value.reason == (
        "GBP is not tied; choose one of EUR, USD to be the strongest currency"
    )
    with pytest.raises(NotYourDecision):
        apply(state, ChooseStrongest("alice", "EUR"))
    with pytest.raises(WrongDecisionKind):
        apply(state, Resolve("bob"))
    with pytest.raises(WrongDecisionKind):
        apply(state, ChooseStrengthen("bob", "EUR"))
    after = apply(state, ChooseStrongest("bob", "USD"))
    assert after.is_over
    result = after.result
    assert result is not None
    assert result.strongest == USD
    assert result.decided_by == "choice"


def test_strongest_choice_after_the_settlement_is_the_last_resolvers() -> None:
    state = with_board(game(), *ROCK_PAPER_SCISSORS)
    state = on_turn(with_queue(state, DividendStack(1)), BOB)
    state = apply(state, Resolve("bob"))
    # No certificates: a dividend tie among all seven, chosen by bob.
    assert state.pending.phase is Phase.DIVIDEND_TIE
    # Strengthening CNY moves no pair across 1:1, so GBP, EUR and USD still tie.
    state = apply(state, ChooseStrengthen("bob", "CNY"))
    assert state.pending == Pending(Phase.STRONGEST_TIE, BOB, candidates=(GBP, EUR, USD))
    assert state.ending == "last_dividend"
    after = apply(state, ChooseStrongest("bob", "GBP"))
    assert after.result is not None
    assert after.result.strongest == GBP


# --------------------------------------------------------------------------- conversion


def test_conversion_of_each_currency_rounded_down_separately() -> None:
    # The starting board: GBP is strongest; 1 GBP = 1.5 EUR, 1 USD, 1.5 CHF, 1.5 JPY,
    # 2 CAD, 4 CNY.
    state = game("alice", "bob", "carol", "dave")
    state = with_money(state, ALICE, GBP="4.5", EUR="4.5", USD="0.5", CHF="2.5", JPY=0)
    state = with_money(state, ALICE, CAD="3.5", CNY="7.5")
    for seat in (BOB, CAROL):
        state = with_money(state, seat, GBP=10, EUR=0, USD=0, CHF=0, JPY=0, CAD=0, CNY=0)
    state = with_money(state, DAVE, GBP=100)
    state = with_certs(state, BOB, GBP=1)
    state = with_certs(state, CAROL, USD=3)  # worth nothing, and not the strongest currency
    result = ended_by_bankruptcy(state, DAVE, ALICE).result
    assert result is not None
    assert result.strongest == GBP
    # GBP 4.5 -> 4 (the half is dropped); EUR 4.5 / 1.5 = 3; USD 0.5 -> 0; CHF 2.5 / 1.5 ->
    # 1; CAD 3.5 / 2 -> 1; CNY 7.5 / 4 -> 1. Rounding the sum instead would give 13.
    assert result.converted[ALICE] == (4, 3, 0, 1, 0, 1, 1)
    assert result.totals[:3] == (10, 10, 10)
    # Tie on money: bob holds a GBP certificate; alice and carol share second place;
    # dave is bankrupt and last.
    assert result.ranks == (2, 1, 2, 4)
    assert result.winners() == (BOB,)


def test_shared_first_place() -> None:
    state = game("alice", "bob", "carol", "dave")
    for seat in (ALICE, BOB, CAROL):
        state = with_money(state, seat, GBP=10, EUR=0, USD=0, CHF=0, JPY=0, CAD=0, CNY=0)
    state = with_certs(state, ALICE, USD=2)
    result = ended_by_bankruptcy(state, DAVE, ALICE).result
    assert result is not None
    assert result.ranks == (1, 1, 1, 4)
    assert result.winners() == (ALICE, BOB, CAROL)


def test_competition_ranking_after_a_shared_place() -> None:
    state = game("alice", "bob", "carol", "dave")
    state = with_money(state, ALICE, GBP=20)
    state = with_money(state, BOB, GBP=20)
    state = with_money(state, CAROL, GBP=3)
    result = ended_by_bankruptcy(state, DAVE, CAROL).result
    assert result is not None
    assert result.ranks == (1, 1, 3, 4)


def test_conversion_from_a_stronger_currency_multiplies() -> None:
    # USD is chosen strongest although GBP is stronger than USD (1 GBP = 1.5 USD).
    state = game("alice", "bob", "carol")
    state = with_board(state, *ROCK_PAPER_SCISSORS, ("GBP", "USD", "1.5"))
    state = with_money(state, ALICE, GBP="2.5", EUR="1.5", USD="2.5", CHF="1.5", CAD=0)
    state = with_money(state, ALICE, CNY="3.5")
    state = ended_by_bankruptcy(state, CAROL, BOB)
    state = apply(state, ChooseStrongest("bob", "USD"))
    result = state.result
    assert result is not None
    # Alice: GBP 2.5 x 1.5 = 3.75 -> 3; EUR 1.5 / 1 -> 1; USD 2.5 -> 2; CHF 1.5 / 1 -> 1;
    # JPY 2 / 1.5 -> 1; CAD 0; CNY 3.5 / 3.5 = 1.
    assert result.converted[ALICE] == (3, 1, 2, 1, 1, 0, 1)
    # Bob: GBP 2 x 1.5 = 3; EUR 2; USD 2; CHF 2; JPY 2 / 1.5 -> 1; CAD 2 / 1.5 -> 1; CNY 0.
    assert result.converted[BOB] == (3, 2, 2, 2, 1, 1, 0)
    assert result.totals[:2] == (9, 11)
    assert result.ranks == (2, 1, 3)


@pytest.mark.parametrize(
    ("amount_halves", "source", "target", "expected"),
    [
        (9, "GBP", "GBP", 4),  # 4.5 GBP -> 4
        (9, "EUR", "GBP", 3),  # 4.5 EUR / 1.5
        (8, "EUR", "GBP", 2),  # 4 EUR / 1.5 = 2.67
        (3, "GBP", "EUR", 2),  # 1.5 GBP x 1.5 = 2.25
        (15, "CNY", "GBP", 1),  # 7.5 CNY / 4
        (5, "GBP", "CNY", 10),  # 2.5 GBP x 4
        (1, "USD", "GBP", 0),  # 0.5 USD / 1
        (0, "JPY", "GBP", 0),
    ],
)
def test_convert_floor(amount_halves: int, source: str, target: str, expected: int) -> None:
    board = Board.starting()
    assert board.convert_floor(amount_halves, cx(source), cx(target)) == expected
