"""The currency board: starting position, strengthen and weaken, flips and caps."""

from __future__ import annotations

from forexcli.games.forex.rules import Board, Divest, Invest, apply
from forexcli.games.forex.rules.board import LAST_SPACE, PAIRS, PairPosition, move_pairs
from tests.games.forex.test_rules import (
    ALICE,
    cx,
    game,
    layout,
    moved,
    pair,
    set_pairs,
    with_board,
    with_certs,
    with_money,
)

# The starting position, copied by hand from the table in rules-reference.md.
START = {
    "GBP/EUR": ("GBP", "1.5"),
    "GBP/USD": ("GBP", "1"),
    "GBP/CHF": ("GBP", "1.5"),
    "GBP/JPY": ("GBP", "1.5"),
    "GBP/CAD": ("GBP", "2"),
    "GBP/CNY": ("GBP", "4"),
    "EUR/USD": ("EUR", "1"),
    "EUR/CHF": ("EUR", "1"),
    "EUR/JPY": ("EUR", "1.5"),
    "EUR/CAD": ("EUR", "1.5"),
    "EUR/CNY": ("EUR", "3.5"),
    "USD/CHF": ("USD", "1"),
    "USD/JPY": ("USD", "1.5"),
    "USD/CAD": ("USD", "1.5"),
    "USD/CNY": ("USD", "3.5"),
    "CHF/JPY": ("CHF", "1.5"),
    "CHF/CAD": ("CHF", "1.5"),
    "CHF/CNY": ("CHF", "3.5"),
    "JPY/CAD": ("JPY", "1.5"),
    "JPY/CNY": ("JPY", "3"),
    "CAD/CNY": ("CAD", "2.5"),
}

USD = cx("USD")
JPY = cx("JPY")


def test_starting_position() -> None:
    assert layout(Board.starting()) == START
    assert game().board == Board.starting()


def test_starting_pairs_won() -> None:
    # GBP is stronger than all six others, EUR than five, ..., CNY than none.
    assert Board.starting().pairs_won() == (6, 5, 4, 3, 2, 1, 0)


def test_rates_in_half_bucks() -> None:
    board = Board.starting()
    assert board.rate_halves(USD, JPY) == 3  # 1 USD = 1.5 JPY
    assert board.rate_halves(JPY, USD) == 3
    assert board.rate_halves(cx("GBP"), cx("CNY")) == 8  # 1 GBP = 4 CNY
    assert board.is_stronger(USD, JPY)
    assert not board.is_stronger(JPY, USD)


# --------------------------------------------------------------------------- rulebook examples


def test_rulebook_example_usd_strengthened() -> None:
    # "The USD is the weaker part of the USD-EUR currency pair, so its counter is moved to
    # the left. The JPY is the weaker part of the USD-JPY currency pair, so its counter is
    # moved to the right ... the JPY counter for the JPY-EUR pair is not moved at all."
    before = set_pairs(Board.starting(), ("EUR", "USD", "2"))
    after = before.strengthen(USD)
    assert pair(after, "EUR", "USD") == ("EUR", "1.5")
    assert pair(after, "USD", "JPY") == ("USD", "2")
    assert pair(after, "EUR", "JPY") == ("EUR", "1.5")
    # Every one of USD's six pairs moves one space in its favour; nothing else moves.
    assert moved(before, after) == {
        "GBP/USD": ("USD", "1"),  # USD was weaker at 1:1: it flips
        "EUR/USD": ("EUR", "1.5"),
        "USD/CHF": ("USD", "1.5"),
        "USD/JPY": ("USD", "2"),
        "USD/CAD": ("USD", "2"),
        "USD/CNY": ("USD", "4"),
    }


def test_rulebook_example_usd_weakened() -> None:
    # "The USD is the weaker part of the USD-EUR currency pair; its counter is moved to the
    # right. The USD is the stronger part of the USD-JPY currency pair; the weakening of the
    # USD is implemented by strengthening that specific JPY counter."
    before = set_pairs(Board.starting(), ("EUR", "USD", "2"))
    after = before.weaken(USD)
    assert pair(after, "EUR", "USD") == ("EUR", "2.5")
    assert pair(after, "USD", "JPY") == ("USD", "1")
    assert pair(after, "EUR", "JPY") == ("EUR", "1.5")
    assert moved(before, after) == {
        "GBP/USD": ("GBP", "1.5"),
        "EUR/USD": ("EUR", "2.5"),
        "USD/CHF": ("CHF", "1"),  # USD was stronger at 1:1: CHF becomes the stronger
        "USD/JPY": ("USD", "1"),
        "USD/CAD": ("USD", "1"),
        "USD/CNY": ("USD", "3"),
    }


def test_rulebook_example_usd_strengthened_at_one_to_one_with_eur_flips() -> None:
    # At the start EUR is stronger than USD at 1:1.
    before = Board.starting()
    assert pair(before, "EUR", "USD") == ("EUR", "1")
    after = before.strengthen(USD)
    assert pair(after, "EUR", "USD") == ("USD", "1")
    assert moved(before, after) == {
        "GBP/USD": ("USD", "1"),
        "EUR/USD": ("USD", "1"),
        "USD/CHF": ("USD", "1.5"),
        "USD/JPY": ("USD", "2"),
        "USD/CAD": ("USD", "2"),
        "USD/CNY": ("USD", "4"),
    }


def test_rulebook_example_jpy_strengthened_on_the_one_space_of_the_usd_row() -> None:
    # "if the JPY is Strengthened and it was previously on the "1" space of the USD row, the
    # counter is flipped to its USD side and placed on the "1" space of the JPY row."
    before = set_pairs(Board.starting(), ("USD", "JPY", "1"))
    after = before.strengthen(JPY)
    assert pair(after, "USD", "JPY") == ("JPY", "1")


def test_weaken_at_one_to_one_flips() -> None:
    # EUR is stronger than USD and CHF at 1:1 at the start; weakening EUR flips both.
    before = Board.starting()
    after = before.weaken(cx("EUR"))
    assert moved(before, after) == {
        "GBP/EUR": ("GBP", "2"),
        "EUR/USD": ("USD", "1"),
        "EUR/CHF": ("CHF", "1"),
        "EUR/JPY": ("EUR", "1"),
        "EUR/CAD": ("EUR", "1"),
        "EUR/CNY": ("EUR", "3"),
    }


def test_strengthen_then_weaken_across_a_flip_returns() -> None:
    before = Board.starting()
    assert before.strengthen(USD).weaken(USD) == before
    assert before.weaken(USD).strengthen(USD) == before


def test_track_steps_through_every_space() -> None:
    # Strengthening USD nine times walks USD/JPY along the printed track from 1 to 8.
    board = set_pairs(Board.starting(), ("USD", "JPY", "1"))
    seen = [pair(board, "USD", "JPY")[1]]
    for _ in range(9):
        board = board.strengthen(USD)
        seen.append(pair(board, "USD", "JPY")[1])
    assert seen == ["1", "1.5", "2", "2.5", "3", "3.5", "4", "5", "6", "8"]


# --------------------------------------------------------------------------- caps


def test_strengthen_cap_stronger_side_at_eight_does_not_move() -> None:
    before = set_pairs(Board.starting(), ("USD", "JPY", "8"))
    after = before.strengthen(USD)
    assert pair(after, "USD", "JPY") == ("USD", "8")
    # USD's other pairs still move.
    assert pair(after, "USD", "CHF") == ("USD", "1.5")
    assert "USD/JPY" not in moved(before, after)
    assert len(moved(before, after)) == 5


def test_weaken_cap_weaker_side_at_eight_does_not_move() -> None:
    before = set_pairs(Board.starting(), ("USD", "JPY", "8"))
    after = before.weaken(JPY)
    assert pair(after, "USD", "JPY") == ("USD", "8")
    assert pair(after, "JPY", "CAD") == ("JPY", "1")
    assert len(moved(before, after)) == 5


def test_away_from_the_cap_moves_normally() -> None:
    before = set_pairs(Board.starting(), ("USD", "JPY", "8"))
    assert pair(before.weaken(USD), "USD", "JPY") == ("USD", "6")
    assert pair(before.strengthen(JPY), "USD", "JPY") == ("USD", "6")


def test_steps_do_not_commute_at_a_cap() -> None:
    before = set_pairs(Board.starting(), ("USD", "JPY", "8"))
    assert pair(before.strengthen(USD).strengthen(JPY), "USD", "JPY") == ("USD", "6")
    assert pair(before.strengthen(JPY).strengthen(USD), "USD", "JPY") == ("USD", "8")


def test_invest_order_matters_at_a_cap() -> None:
    # Alice invests in USD and JPY while USD/JPY is at the 8 space. Each purchase
    # strengthens its currency at once, in the order she lists them.
    state = with_board(game(), ("USD", "JPY", "8"))
    usd_first = apply(state, Invest("alice", ("USD", "JPY")))
    jpy_first = apply(state, Invest("alice", ("JPY", "USD")))
    # USD first: USD/JPY stays at 8 (cap), then JPY pulls it back to 6.
    assert pair(usd_first.board, "USD", "JPY") == ("USD", "6")
    # JPY first: 8 -> 6, then USD pushes it back to 8.
    assert pair(jpy_first.board, "USD", "JPY") == ("USD", "8")
    # Every other pair ends the same either way.
    assert moved(usd_first.board, jpy_first.board) == {"USD/JPY": ("USD", "8")}
    assert usd_first.money == jpy_first.money
    assert usd_first.certs == jpy_first.certs


def test_divest_weakens_into_the_cap() -> None:
    # JPY weaker at 8 against USD: selling JPY weakens it, but it cannot go further.
    state = with_board(game(), ("USD", "JPY", "8"))
    state = with_certs(state, ALICE, JPY=2)
    after = apply(state, Divest("alice", "JPY", 2))
    assert pair(after.board, "USD", "JPY") == ("USD", "8")
    assert pair(after.board, "JPY", "CAD") == ("CAD", "1")  # 1.5 -> 1 -> flip
    assert pair(after.board, "CHF", "JPY") == ("CHF", "2.5")  # 1.5 -> 2 -> 2.5


def test_every_pair_always_has_a_stronger_side() -> None:
    board = Board.starting()
    for step in range(40):
        board = board.strengthen(step % 7) if step % 3 else board.weaken((step * 5) % 7)
        for key, (stronger, _) in layout(board).items():
            assert stronger in key.split("/")
        assert sum(board.pairs_won()) == 21


def test_non_paying_is_the_weaker_side_at_eight() -> None:
    board = set_pairs(Board.starting(), ("USD", "JPY", "8"), ("GBP", "CNY", "8"))
    assert board.non_paying() == {JPY, cx("CNY")}
    assert Board.starting().non_paying() == frozenset()
    # A stronger side at 8 still pays; the 6 space is not the cap.
    assert set_pairs(Board.starting(), ("USD", "JPY", "6")).non_paying() == frozenset()


def test_invest_costs_two_whatever_the_rate() -> None:
    # Investing costs 2 of the currency whatever the board says.
    state = with_board(game(), ("GBP", "USD", "8"))
    state = with_money(state, ALICE, USD=2)
    after = apply(state, Invest("alice", ("USD",)))
    assert after.money[ALICE][USD] == 0
    assert pair(after.board, "GBP", "USD") == ("GBP", "6")


def _moved_as_the_rules_say(pos: PairPosition, gaining: int) -> PairPosition:
    """One space in favour of ``gaining``, written out as the rules say it."""
    if pos.stronger == gaining:
        return PairPosition(gaining, min(pos.space + 1, LAST_SPACE))
    if pos.space == 0:
        return PairPosition(gaining, 0)  # the flip at 1:1
    return PairPosition(pos.stronger, pos.space - 1)


def test_move_pairs_moves_every_position_as_the_rules_say() -> None:
    """``move_pairs`` looks the move up in a table: every position of every pair, both ways."""
    for index, (a, b) in enumerate(PAIRS):
        for stronger in (a, b):
            for space in range(LAST_SPACE + 1):
                for currency, other in ((a, b), (b, a)):
                    for strengthen in (True, False):
                        pairs = [PairPosition(0, 0)] * len(PAIRS)
                        pairs[index] = PairPosition(stronger, space)
                        move_pairs(pairs, currency, strengthen)
                        gaining = currency if strengthen else other
                        expected = _moved_as_the_rules_say(PairPosition(stronger, space), gaining)
                        assert pairs[index] == expected, (a, b, stronger, space, currency)
