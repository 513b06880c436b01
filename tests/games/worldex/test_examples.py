"""World Exchangers: the rulebook's own examples, over the invented example components.

The example components were built so that the rulebook's examples hold: the
cards it names carry the values it gives, and board side A has the spaces its
cash-flow examples pass through (docs/worldex-rules.md, "The components file").
"""

from __future__ import annotations

from msgspec.structs import replace

from forexcli.games.worldex.rules import (
    Buy,
    Mark,
    Phase,
    Reveal,
    Sell,
    Symbols,
    apply,
    apply_all,
    final_scores,
    line_gains,
)
from tests.games.worldex.helpers import COMPONENTS, ai_and_louis, at_turn, placed


def test_ais_starting_cash_is_1300_minus_her_three_starting_cities() -> None:
    state = ai_and_louis()
    ai = state.players[0]
    assert [COMPONENTS.city(c).base for c in ai.cities] == [300, 300, 400]
    assert ai.cash == 1300 - 300 - 300 - 400 == 300
    assert ai.line == (300,)
    # Felix holds the red marker, so Ai starts.
    assert state.pending.seat == 0


def test_buying_vienna_then_selling_it_in_month_2() -> None:
    state = apply(ai_and_louis(), Buy("ai", "Vienna"))
    ai = state.players[0]
    assert COMPONENTS.city("Vienna").base == 100
    assert ai.line == (300, 200)  # 300 - 100, marked at month 1
    assert "Vienna" in ai.cities and "Vienna" not in state.area
    state = apply(state, Buy("louis", "Roma"))
    state = apply(state, Sell("ai", "Vienna"))
    ai = state.players[0]
    assert COMPONENTS.city("Vienna").price(2) == 200  # its month-2 bonus sale price
    assert ai.line == (300, 200, 400)  # 200 + 200, marked at month 2
    assert "Vienna" in state.area and "Vienna" not in ai.cities


def test_louis_month_3_passes_two_blue_and_one_media() -> None:
    state = apply_all(
        ai_and_louis(),
        [
            Buy("ai", "Vienna"),
            Buy("louis", "Roma"),  # 700 -> 500
            Sell("ai", "Vienna"),
            Buy("louis", "Vienna"),  # 500 -> 400
            Sell("ai", "Dallas"),
        ],
    )
    assert state.players[1].line == (700, 500, 400)
    media_before = state.players[1].media
    state = apply(state, Buy("louis", "Lisbon"))  # month 3: 400 -> 0
    louis = state.players[1]
    assert louis.line[-1] == 0
    assert louis.marks[-1].gained == Symbols(blue=2, media=1)
    # The media marker moves at once; the investment symbols count only at the end.
    assert louis.media == media_before + 1


def test_dubai_sale_in_its_red_month_draws_a_celebration_ring() -> None:
    dubai = COMPONENTS.city("Dubai")
    assert dubai.red_month == 5 and dubai.price(5) == 700
    state = placed(ai_and_louis(), 0, [300, 200, 100, 0], ["Dubai", "Cairo"])
    state = at_turn(state, 5, 0)
    state = apply(state, Sell("ai", "Dubai"))
    mark = state.players[0].marks[-1]
    assert (mark.month, mark.cash, mark.ring) == (5, 700, True)  # 0 + 700
    assert mark.gained == Symbols(blue=1, media=2, green=1)
    assert state.players[0].media == 2
    # Without the ring the same line gains 1 blue and 2 media only: the green is the ring's.
    board = COMPONENTS.boards["A"]
    assert line_gains(board, 5, 0, 700, ring=False) == Symbols(blue=1, media=2)


def test_louis_month_7_stops_on_a_settlement_point_in_case_a_only() -> None:
    base = placed(ai_and_louis(), 1, [700, 600, 500, 400, 300, 300], ["Roma", "Dubai"])
    base = at_turn(replace(base, trend_media=()), 7, 1)
    # Case (A): 300 + 200 (Roma in month 7) = 500 stops on the star of month 7.
    case_a = apply(base, Sell("louis", "Roma"))
    assert case_a.players[1].marks[-1].cash == 500
    assert case_a.players[1].marks[-1].gained.star == 1
    # Case (B): 300 + 400 (Dubai) = 700 passes the star's level but does not stop on it.
    case_b = apply(base, Sell("louis", "Dubai"))
    assert case_b.players[1].marks[-1].cash == 700
    assert case_b.players[1].marks[-1].gained.star == 0


def test_ai_with_the_most_cities_gains_the_mid_year_media() -> None:
    state = ai_and_louis(players=("ai", "felix"), roles=("Felix", "Estelle"))
    state = placed(state, 0, [300, 300, 300, 300, 300, 300], ["Dallas", "Cairo", "Taipei"])
    state = placed(state, 1, [700, 700, 700, 700, 700], ["Osaka", "Bogota"], media=1)
    state = at_turn(state, 6, 1)
    before = state.area
    state = apply(state, Sell("felix", "Osaka"))  # felix now holds 1; ai holds 3
    assert state.players[0].media == 1 and state.trend_media == ("ai",)
    assert state.players[1].media == 1
    # The sale area is cleared (Osaka with it) and 5 cards are revealed for round 7.
    assert set(before) | {"Osaka"} <= set(state.removed)
    assert state.area == () and state.pending.phase is Phase.REVEAL and state.pending.count == 5
    state = apply(state, Reveal(state.deck[:5]))
    assert len(state.area) == 5 and state.round == 7 and state.pending.seat == 0


def test_rues_final_score_is_6300() -> None:
    state = ai_and_louis(players=("rue", "ai"), roles=("Rue", "Wigstan"), first="rue")
    rue_cards = ["Melbourne", "Vienna", "Lisbon", "Roma", "San Juan"]
    line = [1000, 0, 300, 500, 800, 600, 400, 200, 600, 900, 1000, 700]
    state = placed(state, 0, line, rue_cards, media=3)
    board_symbols = [
        Symbols(orange=3, green=2, star=1),
        Symbols(green=2, blue=1, star=1),
        Symbols(blue=2, star=1),
    ]
    marks = list(state.players[0].marks)
    for month, gained in zip((3, 7, 9), board_symbols, strict=True):
        marks[month - 1] = replace(marks[month - 1], gained=gained)
    state = replace(
        state, players=(replace(state.players[0], marks=tuple(marks)), state.players[1])
    )
    state = placed(state, 1, [600] * 12, ["Paris"], media=1)
    score = final_scores(state).scores[0]
    colours = {name: COMPONENTS.city(name).colour for name in rue_cards}
    assert sorted(colours.values()) == ["blue", "green", "green", "green", "purple"]
    assert score.cities == 500 + 100 + 400 + 200 + 200 == 1400
    # 0 yellow x 3 orange; 3 green x 4 green; 1 blue x (board 3 + role 1 + Lisbon 1).
    assert score.investments == (3 * 4 * 100, 0 * 3 * 100, 1 * 5 * 100) == (1200, 0, 500)
    assert score.cash == 700
    assert score.settlement_points == 3 + 1  # board 3, Melbourne 1
    assert score.settlement == 1400
    assert score.trend == 600  # stopped on 1000 and on 0: 300 each
    assert score.media_value == 3 and score.media == 500  # first of two players
    assert score.total == 1400 + 1700 + 700 + 1400 + 600 + 500 == 6300


def test_marks_are_the_months_of_the_line() -> None:
    state = placed(ai_and_louis(), 0, [200, 400], ["Cairo"])
    assert state.players[0].marks[1] == Mark(2, 400, "buy", (), Symbols())
