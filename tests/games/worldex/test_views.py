"""World Exchangers' show view: the JSON shape and its schema, the tables and the text."""

from __future__ import annotations

import json
import random
from functools import lru_cache
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator
from msgspec.structs import replace

from forexcli.games.worldex import WORLDEX
from forexcli.games.worldex.rules import (
    Buy,
    Decision,
    HouseRules,
    Sell,
    Setup,
    State,
    Symbols,
    apply,
    apply_all,
    legal_decisions,
    new_game,
    seeded_deal,
)
from forexcli.games.worldex.show_schema import show_schema
from forexcli.games.worldex.views import (
    PROJECTION_LABEL,
    SCORE_PARTS,
    board_table,
    media_table,
    render_text,
    sale_area_table,
    scores_table,
    show_view,
    starting_cities,
    symbols_text,
    tables,
)
from tests.games.worldex.helpers import COMPONENTS, ai_and_louis, at_turn, first_unless_red, placed

ROOT = Path(__file__).resolve().parents[3]
EVERY_CARD = sorted(c.name for c in (*COMPONENTS.starting_cities, *COMPONENTS.cities))


@lru_cache(maxsize=1)
def validator() -> Draft202012Validator:
    schema = json.loads((ROOT / "schemas" / "worldex-show.schema.json").read_text("utf-8"))
    assert schema == show_schema()
    return Draft202012Validator(schema)


def random_game(seed: int, players: int, recorded: bool, side: str) -> list[State]:
    """Every state of one game played by random legal decisions (deterministic in ``seed``)."""
    return random_play(seed, players, recorded, side)[0]


def random_play(
    seed: int, players: int, recorded: bool, side: str
) -> tuple[list[State], list[Decision]]:
    """Every state of one random game, and the decision between each two."""
    rng = random.Random(seed)
    names = tuple(f"p{i}" for i in range(players))
    boards = tuple(rng.choice("AB") for _ in names)
    house = HouseRules(
        trend_ties=rng.choice(("all", "none")),
        media_floor=rng.choice(("zero", "none")),
        pass_symbols=rng.choice(("gain", "none")),
        mid_year_refill=rng.choice(("refill", "skip")),
    )
    deal = seeded_deal(COMPONENTS, str(seed), players)
    first = first_unless_red(names, deal.roles)
    if recorded:
        setup = Setup(
            names,
            boards,
            side,
            deal.roles,
            deal.starting,
            deal.mid_trend,
            deal.end_trend,
            deal.area,
            first,
        )
    else:
        setup = Setup(names, boards, side, first=first, deal="seed", seed=str(seed))
    state = new_game(COMPONENTS, setup, house)
    states = [state]
    decisions: list[Decision] = []
    while not state.is_over:
        legal = legal_decisions(state)
        decisions.append(legal[rng.randrange(len(legal))])
        state = apply(state, decisions[-1])
        states.append(state)
    return states, decisions


def rulebook_state() -> State:
    """Ai buys Vienna (300 -> 200), Louis buys Roma, Ai sells Vienna in month 2 (-> 400)."""
    return apply_all(
        ai_and_louis(), [Buy("ai", "Vienna"), Buy("louis", "Roma"), Sell("ai", "Vienna")]
    )


def test_vienna_bought_and_sold_on_ais_board() -> None:
    state = rulebook_state()
    table = board_table(state, 0)
    assert table.headers[:2] == ("month", "cash")
    assert len(table.rows) == 13  # months 0..12
    assert table.rows[0][:2] == (0, "300")
    assert table.rows[0][3] == "start: Dallas, Cairo, Taipei"
    assert table.rows[1][:4] == (1, "200", "-100", "buy Vienna")
    assert table.rows[2][:4] == (2, "400", "+200", "sell Vienna")
    assert table.rows[3][1:] == ("", "", "", "", "")
    view = show_view(state)
    ai = view["players"][0]
    assert [m["cash"] for m in ai["line"]] == [300, 200, 400]
    assert ai["cash"] == 400 and ai["line"][0]["cards"] == ["Dallas", "Cairo", "Taipei"]
    assert view["month"] == 2 and view["to_play"]["decider"] == "louis"
    # Vienna is back in the sale area at its month-2 bonus price of 200.
    vienna = next(card for card in view["sale_area"] if card["name"] == "Vienna")
    assert (vienna["base"], vienna["price"], vienna["bonus"]) == (100, 200, True)
    row = next(r for r in sale_area_table(state).rows if r[0] == "Vienna")
    assert row[2:5] == (100, 200, "bonus")


def test_dubai_sale_shows_its_ring_and_the_symbols() -> None:
    state = placed(ai_and_louis(), 0, [300, 200, 100, 0], ["Dubai", "Cairo"])
    state = at_turn(state, 5, 0)
    row = next(r for r in sale_area_table(state).rows if r[0] != "Dubai")
    assert row  # the area is shown without Dubai, which Ai holds
    state = apply(state, Sell("ai", "Dubai"))
    fifth = board_table(state, 0).rows[5]
    assert fifth[:4] == (5, "700", "+700", "sell Dubai")
    assert fifth[4] == "1 green, 1 blue, +2 media" and fifth[5] == "ring"
    mark = show_view(state)["players"][0]["line"][5]
    assert mark["ring"] and mark["gained"] == {"green": 1, "blue": 1, "media": 2}
    dubai = next(card for card in show_view(state)["sale_area"] if card["name"] == "Dubai")
    assert dubai["red"] and dubai["red_month"] == 5


def rue_at_the_end() -> State:
    """The rulebook's final scoring example (see test_worldex_examples)."""
    state = ai_and_louis(players=("rue", "ai"), roles=("Rue", "Wigstan"), first="rue")
    rue_cards = ["Melbourne", "Vienna", "Lisbon", "Roma", "San Juan"]
    line = [1000, 0, 300, 500, 800, 600, 400, 200, 600, 900, 1000, 700]
    state = placed(state, 0, line, rue_cards, media=3)
    marks = list(state.players[0].marks)
    gains = [Symbols(orange=3, green=2, star=1), Symbols(green=2, blue=1, star=1)]
    gains.append(Symbols(blue=2, star=1))
    for month, gained in zip((3, 7, 9), gains, strict=True):
        marks[month - 1] = replace(marks[month - 1], gained=gained)
    state = replace(
        state, players=(replace(state.players[0], marks=tuple(marks)), state.players[1])
    )
    return placed(state, 1, [600] * 12, ["Paris"], media=1)


def test_rues_6300_part_by_part_in_the_scores_table() -> None:
    state = rue_at_the_end()
    table = scores_table(state)
    assert table.title == f"Scores {PROJECTION_LABEL}"  # the state was placed, not played out
    assert table.headers == ("", "rue", "ai")
    rue = {row[0]: row[1] for row in table.rows}
    assert [row[0] for row in table.rows] == list(SCORE_PARTS)
    assert rue["City cards"] == "1,400"
    assert rue["Cash"] == "700"
    assert rue["Settlement points"] == "1,400 (4 pt)"
    assert (rue["Investments: green"], rue["Investments: orange"]) == ("1,200", "0")
    assert rue["Investments: blue"] == "500"
    assert rue["Year-end trend card"] == "600"
    assert rue["Media influence"] == "500 (3)"
    assert rue["Total"] == "6,300" and rue["Rank"] == 1
    projection = show_view(state)["projection"]
    assert projection["label"] == "if the game ended now"
    assert projection["players"][0]["total"] == 6300
    assert show_view(state)["scores"] is None


def test_media_track_ranks_and_rewards() -> None:
    state = rue_at_the_end()
    table = media_table(state)
    assert table.rows[0][:2] == (1, "rue") and table.rows[0][-1] == "500"
    assert table.rows[1][:2] == (2, "ai") and table.rows[1][-1] == "0"
    track = show_view(state)["media_track"]
    assert track["max"] == COMPONENTS.media_max
    assert [p["value"] for p in track["players"]] == [3, 1]


def test_a_finished_game_shows_final_scores_not_a_projection() -> None:
    final = random_game(5, 2, recorded=False, side="A")[-1]
    view = show_view(final)
    assert view["over"] and view["projection"] is None
    assert view["scores"] == {
        "players": WORLDEX.result(final)["players"],  # type: ignore[index]
        "winners": WORLDEX.result(final)["winners"],  # type: ignore[index]
    }
    assert scores_table(final).title == "Final scores"
    assert view["trends"]["mid"]["resolved"] and view["trends"]["end"]["resolved"]
    assert "Over after month 12" in render_text(final)


def test_symbols_in_words() -> None:
    assert symbols_text(Symbols()) == "-"
    assert symbols_text(Symbols(blue=2, media=1)) == "2 blue, +1 media"
    assert symbols_text(Symbols(green=-1, media=-1, star=1)) == "-1 green, -1 media, 1 star"
    # the view's JSON, as the page has it
    assert symbols_text({"green": 0, "orange": 0, "blue": 2, "media": 1, "star": 1}) == (
        "2 blue, +1 media, 1 star"
    )
    assert symbols_text({"media": -1}) == "-1 media"
    assert symbols_text({}, "nothing") == "nothing"


def test_the_digest_view_is_unchanged() -> None:
    """``WORLDEX.view`` feeds the state digest; the show view is a separate one."""
    state = rulebook_state()
    assert WORLDEX.view(state)["players"][0]["line"] == [300, 200, 400]
    assert "sale_area" not in WORLDEX.view(state)


def test_render_text_fits_a_width_where_it_can() -> None:
    state = rulebook_state()
    wide = render_text(state, 120)
    narrow = render_text(state, 64)
    assert "Players (sale prices of month 2" in wide
    assert max(len(line) for line in wide.splitlines()) > 64
    blocks = narrow.split("\n\n")
    for block in blocks:
        if not block.startswith("Sale area"):  # its headers alone are wider than 64
            assert max(len(line) for line in block.splitlines()) <= 64, block


def check_view(state: State) -> None:
    view = show_view(state)
    errors = list(validator().iter_errors(view))
    assert not errors, errors[0]
    json.dumps(view)
    assert view == show_view(state)  # deterministic
    for seat, (shown, player) in enumerate(zip(view["players"], state.players, strict=True)):
        assert shown["cash"] == player.cash == shown["line"][-1]["cash"]
        assert [m["cash"] for m in shown["line"]] == list(player.line)
        table = board_table(state, seat)
        assert [row[1] for row in table.rows if row[1] != ""] == [
            f"{cash:,}" for cash in player.line
        ]
        assert len(table.rows) == 13
        # The starting cities (month 0) plus what was bought less what was sold are held.
        held = list(starting_cities(player))
        for mark in player.marks:
            if mark.action == "buy":
                held.extend(mark.cards)
            elif mark.action == "sell":
                held = [c for c in held if c not in mark.cards]
        assert held == list(player.cities)
    cards = [c["name"] for p in view["players"] for c in p["cities"]]
    cards += [c["name"] for c in view["sale_area"]] + view["removed"]
    if view["turn"] is not None and view["turn"]["action"] == "buy":
        cards += view["turn"]["cards"]
    assert len(cards) == len(set(cards))
    assert len(cards) + view["deck_size"] + len(state.boxed) == len(EVERY_CARD)
    assert sum(p["cash"] for p in view["players"]) == sum(p.cash for p in state.players)
    text = render_text(state, 100)
    assert all(player.name in text for player in state.players)
    assert len(tables(state)) == len(state.players) + 4


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10_000),
    players=st.integers(2, 4),
    recorded=st.booleans(),
    side=st.sampled_from("AB"),
    picks=st.lists(st.integers(0, 10_000), min_size=3, max_size=3),
)
def test_views_of_random_states_agree_with_the_state(
    seed: int, players: int, recorded: bool, side: str, picks: list[int]
) -> None:
    """The show view of random states is schema-valid, the same each time, and agrees with the
    state (``check_view``)."""
    states = random_game(seed, players, recorded, side)
    for pick in (0, len(states) - 1, *picks):
        check_view(states[pick % len(states)])


def schema_of(view: dict[str, Any]) -> list[str]:
    return [error.message for error in validator().iter_errors(view)]


def test_the_schema_refuses_a_changed_view() -> None:
    view = show_view(rulebook_state())
    assert not schema_of(view)
    assert schema_of({**view, "extra": 1})
    broken = json.loads(json.dumps(view))
    broken["players"][0]["cash"] = 1100
    assert schema_of(broken)


def test_render_text_escapes_control_characters() -> None:
    state = ai_and_louis(players=("ai", "lo\x1b[2Juis"))
    text = render_text(state)
    assert "\x1b" not in text and "lo\\x1b[2Juis" in text
    assert show_view(state)["players"][1]["name"] == "lo\x1b[2Juis"


def test_month_0_lists_the_starting_cities_in_the_order_dealt() -> None:
    state = apply(ai_and_louis(), Sell("ai", "Cairo"))
    assert state.players[0].cities == ("Dallas", "Taipei")
    assert starting_cities(state.players[0]) == ("Dallas", "Cairo", "Taipei")
    assert board_table(state, 0).rows[0][3] == "start: Dallas, Cairo, Taipei"
    assert show_view(state)["players"][0]["line"][0]["cards"] == ["Dallas", "Cairo", "Taipei"]


def test_side_b_boards_name_the_ability() -> None:
    state = ai_and_louis(role_side="B")
    assert "[side B: 1 media: a celebration ring (+ring)]" in board_table(state, 0).title
    assert "[side B: 2 media: a second card (+rue)]" in board_table(state, 1).title
    assert show_view(state)["players"][1]["ability"] == "extra_card"
