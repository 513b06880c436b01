"""World Exchangers' legal decisions grouped for a person, with notation that can be pasted."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from forexcli.games.worldex.moves import entries, listed, options, table, written
from forexcli.games.worldex.notation import parse, write
from forexcli.games.worldex.rules import (
    Buy,
    Decision,
    Pass,
    Phase,
    Refresh,
    Sell,
    State,
    apply,
    apply_all,
    legal_decisions,
)
from tests.games.worldex.helpers import ai_and_louis, at_turn, placed
from tests.games.worldex.test_views import random_game


def rows_by_notation(state: State) -> dict[str, tuple[object, ...]]:
    return {str(row[-1]): row for row in table(state).rows}


def test_the_first_turn_lists_buys_sales_and_the_box_pairs() -> None:
    rows = rows_by_notation(ai_and_louis())
    # The rulebook's Vienna: base value 100, Ai's 300 -> 200.
    assert rows["buy Vienna"] == ("buy", "Vienna", "100", "200", "", "buy Vienna")
    assert rows["sell Taipei"][:4] == ("sell", "Taipei", "400", "700")
    assert rows["buy Vienna, Roma +box"][2:5] == ("300", "0", "box")
    # Two cards in either order are one turn: listed once.
    assert "buy Roma, Vienna +box" not in rows
    assert len([n for n in rows if n.startswith("sell ") and n.endswith("+box")]) == 3
    # Dubai (500) and the others cost more than Ai's 300.
    assert "buy Dubai" not in rows
    assert table(ai_and_louis()).title == "Legal decisions for ai"


def test_a_sale_shows_this_months_price_bonus_and_red_month() -> None:
    state = apply_all(ai_and_louis(), [Buy("ai", "Vienna"), Buy("louis", "Roma")])
    rows = rows_by_notation(state)
    assert rows["sell Vienna"][:5] == ("sell", "Vienna", "200", "400", "bonus")
    dubai = at_turn(placed(ai_and_louis(), 0, [300, 200, 100, 0], ["Dubai", "Cairo"]), 5, 0)
    assert rows_by_notation(dubai)["sell Dubai"][2:5] == ("700", "700", "bonus, red month: ring")
    capped = at_turn(placed(ai_and_louis(), 0, [300, 200, 100, 900], ["Dubai", "Cairo"]), 4, 0)
    assert rows_by_notation(capped)["sell Dubai"][2:5] == ("400", "1,000", "300 lost")


def test_a_player_who_can_do_nothing_may_only_pass() -> None:
    state = at_turn(placed(ai_and_louis(), 0, [300, 200, 100, 0], []), 5, 0)
    moves = options(state)
    assert [option.notation for option in moves.options] == ["pass"]
    assert legal_decisions(state) == [Pass("ai")]


def test_the_deck_and_the_end() -> None:
    state = apply_all(
        ai_and_louis(),
        [
            Buy("ai", "Vienna"),
            Buy("louis", "Roma"),
            Sell("ai", "Vienna"),
            Buy("louis", "Vienna"),
            Sell("ai", "Dallas"),
            Buy("louis", "Lisbon"),
            Buy("ai", "Dubai"),
        ],
    )
    assert state.pending.phase is Phase.REVEAL
    moves = options(state)
    assert moves.decider == "deck" and moves.kind == "reveal"
    assert moves.options[0].notation == "reveal CITY, CITY, CITY"
    assert entries(state) == []  # a recorded reveal is what the table shows, not a choice
    over = random_game(2, 2, recorded=False, side="A")[-1]
    assert options(over).options == () and table(over).rows == ()


def test_side_b_abilities_are_listed_as_extras() -> None:
    state = ai_and_louis(role_side="B", roles=("Felix", "Estelle"))
    state = at_turn(placed(state, 1, [700], ["Osaka", "Bogota"], media=1), 1, 1)
    extras = options(state).extras
    assert any(extra.startswith("refresh CITY, ...") for extra in extras)
    assert "refresh" in rows_by_notation(state)
    felix = ai_and_louis(role_side="B")
    felix = placed(felix, 0, [], ["Dallas", "Cairo", "Taipei"], media=1)
    assert any(extra.startswith("+ring") for extra in options(felix).extras)


def check_options(state: State) -> None:
    moves = options(state)
    legal = legal_decisions(state)
    if state.is_over:
        assert moves.options == ()
        return
    firsts = set()
    for key, text in entries(state):
        decisions = parse(key, text)
        assert decisions[0] in legal, text
        firsts.add(decisions[0])
        after = state
        for decision in decisions:
            after = apply(after, decision)
    if state.pending.phase is Phase.REVEAL:
        return
    # Every bare legal decision starts some listed entry; the rest are extras.
    for decision in legal:
        if isinstance(decision, Refresh):
            assert any(extra.startswith("refresh") for extra in moves.extras)
        elif isinstance(decision, (Buy, Sell)) and (
            decision.ring or (isinstance(decision, Sell) and decision.media_cash)
        ):
            assert moves.extras
        elif isinstance(decision, (Buy, Sell)) and decision.extra is not None:
            # A pair listed once may start with the other card.
            assert any(
                isinstance(first, type(decision)) and first.extra == decision.extra
                for first in firsts
            )
        else:
            assert decision in firsts, decision


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10_000),
    players=st.integers(2, 4),
    side=st.sampled_from("AB"),
    picks=st.lists(st.integers(0, 10_000), min_size=4, max_size=4),
)
def test_every_listed_entry_parses_back_and_applies(
    seed: int, players: int, side: str, picks: list[int]
) -> None:
    """In random states every entry ``moves`` lists parses back to legal decisions that apply,
    and every legal decision (but a reveal) starts a listed entry or is among the extras
    (``check_options``)."""
    states = random_game(seed, players, recorded=seed % 2 == 1, side=side)
    for pick in (0, *picks):
        check_options(states[pick % len(states)])


def _two_city_turns(state: State) -> list[tuple[Decision, Decision]]:
    """Every legal two-city turn (a box or Rue's ability) of ``state``, in either order, whose
    second card is chosen among the cards in sight (no refill comes between: its second card
    is chosen after the reveal, ``test_moves_never_names_a_card_not_turned_up``)."""
    turns: list[tuple[Decision, Decision]] = []
    for first in legal_decisions(state):
        if isinstance(first, (Buy, Sell)) and first.extra is not None:
            after = apply(state, first)
            if after.pending.phase is Phase.SECOND and after.deck == state.deck:
                turns.extend((first, second) for second in legal_decisions(after))
    return turns


def test_moves_never_names_a_card_not_turned_up() -> None:
    """In a seeded deal the core turns up a refill at once, so ``moves`` listed the two-city
    turns across it with the deck's next cards (``buy Helsinki, Warsaw +box`` with Warsaw
    still in the deck): a person saw cards nobody had turned up, which the engine never
    reads. Now such a turn is its first card alone, as in a recorded deal, and every card
    an entry names is in the sale area or the decider's hand."""
    across = 0
    for seed, players, side in ((1, 2, "A"), (2, 3, "B"), (3, 4, "A"), (4, 2, "B")):
        for state in random_game(seed, players, recorded=False, side=side):
            if state.pending.phase is not Phase.TURN or state.pending.seat is None:
                continue
            seen = set(state.area) | set(state.players[state.pending.seat].cities)
            for option in options(state).options:
                assert set(option.cards) <= seen, (option.notation, state.area)
                if option.cash is None:
                    across += 1
                    assert "after the deck reveals" in option.notes
    assert across


def _bare(decision: Buy | Sell) -> bool:
    return not decision.ring and not (isinstance(decision, Sell) and decision.media_cash)


def test_a_two_city_turn_is_written_as_moves_lists_it_in_either_order() -> None:
    """``written`` (what ``forex hint`` names) writes a bare two-city turn in either order as
    the one entry ``forex moves`` lists for it (World Exchangers' hint once offered ``sell
    Quito, Perth +box`` where moves lists ``sell Perth, Quito +box``)."""
    turns = reversed_seen = 0
    for seed, players, side in ((1, 2, "A"), (2, 3, "B"), (3, 4, "A"), (4, 2, "B")):
        for state in random_game(seed, players, recorded=False, side=side)[::2]:
            if state.pending.phase is not Phase.TURN:
                continue
            listed_texts = {text for _, text in entries(state)}
            for first, second in _two_city_turns(state):
                assert isinstance(first, (Buy, Sell)) and isinstance(second, (Buy, Sell))
                text = written(state, (first, second))
                if _bare(first) and _bare(second):
                    turns += 1
                    assert text in listed_texts, text
                if text != write((first, second)):
                    reversed_seen += 1
                    swapped = listed(state, (first, second))[0]
                    assert isinstance(swapped, (Buy, Sell)) and swapped.card == second.card
    assert turns and reversed_seen
