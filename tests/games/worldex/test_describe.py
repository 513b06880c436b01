"""World Exchangers' sentences: what a decision did, and the summary at the top of a message."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from forexcli.games.worldex.describe import NARRATOR, describe, describe_entry, summary
from forexcli.games.worldex.rules import (
    Buy,
    Decision,
    Phase,
    Reveal,
    Sell,
    State,
    apply,
)
from tests.games.worldex.helpers import ai_and_louis, at_turn, placed
from tests.games.worldex.test_views import random_play


def told(state: State, *decisions: Decision) -> tuple[State, list[tuple[str, ...]]]:
    out = []
    for decision in decisions:
        after = apply(state, decision)
        out.append(describe(state, decision, after))
        state = after
    return state, out


def test_vienna_bought_for_100_and_sold_in_month_2_with_its_bonus() -> None:
    _, (bought, _roma, sold) = told(
        ai_and_louis(), Buy("ai", "Vienna"), Buy("louis", "Roma"), Sell("ai", "Vienna")
    )
    assert bought == (
        "ai buys Vienna for 100: cash 300 -> 200 in month 1.",
        "The month-1 line gains no symbol.",
    )
    # Vienna sells for 100, 200 in its bonus month 2: 200 + 200 = 400.
    assert sold[0] == "ai sells Vienna for 100 + 100 bonus in month 2: cash 200 -> 400."


def test_louis_month_3_line_passes_two_blue_and_a_media() -> None:
    _, said = told(
        ai_and_louis(),
        Buy("ai", "Vienna"),
        Buy("louis", "Roma"),
        Sell("ai", "Vienna"),
        Buy("louis", "Vienna"),
        Sell("ai", "Dallas"),
        Buy("louis", "Lisbon"),
    )
    assert said[-1] == (
        "louis buys Lisbon for 400: cash 400 -> 0 in month 3.",
        "The month-3 line passes through 2 blue, +1 media.",
        "louis's media influence 0 -> 1.",
        "Month 4 begins.",
    )


def test_the_dubai_sale_and_its_celebration_ring() -> None:
    state = at_turn(placed(ai_and_louis(), 0, [300, 200, 100, 0], ["Dubai", "Cairo"]), 5, 0)
    _, (said,) = told(state, Sell("ai", "Dubai"))
    assert said[0] == "ai sells Dubai for 400 + 300 bonus in month 5: cash 0 -> 700."
    assert "draws a celebration ring (a red-marked month) that adds 1 green" in said[1]
    assert said[2] == "ai's media influence 0 -> 2."


def test_two_red_month_sales_draw_one_ring() -> None:
    # Mumbai and Sydney in their red month 3, 0 -> 1,000 on board B: one ring, not two.
    state = ai_and_louis(boards=("B", "A"))
    state = at_turn(placed(state, 0, [0, 0], ["Mumbai", "Sydney"]), 3, 0)
    state, _ = told(state, Sell("ai", "Mumbai", "box"))
    _, (said,) = told(state, Sell("ai", "Sydney"))
    assert (
        "passes through 2 green, +1 media, draws a celebration ring (a red-marked month)"
        " that adds 1 orange, -1 media."
    ) in said[1], said


def test_felix_paid_ring_is_told() -> None:
    state = ai_and_louis(role_side="B")
    state = at_turn(placed(state, 0, [300, 200, 100, 0], ["Roma", "Cairo"], media=1), 5, 0)
    _, (said,) = told(state, Sell("ai", "Roma", ring=True))
    assert "draws a celebration ring (1 media) that adds 1 orange" in said[1], said


def test_the_refill_before_the_mid_year_clearing_is_told() -> None:
    from msgspec.structs import replace

    state = placed(ai_and_louis(), 0, [300] * 6, ["Cairo"])
    state = placed(state, 1, [700] * 5, ["Osaka"])
    state = replace(state, area=("Vienna", "Roma", "Lisbon"), removed=("Dubai", "Melbourne"))
    state, (bought,) = told(at_turn(state, 6, 1), Buy("louis", "Vienna"))
    assert bought[-1] == (
        "The sale area holds 2 cards: the deck is to reveal 3 for a refill (before the"
        " mid-year trend card and the clearing)."
    )
    cards = state.deck[:3]
    _, (revealed,) = told(state, Reveal(cards))
    assert revealed[0].startswith(f"The deck reveals {', '.join(cards)}: the sale area holds 5")
    assert revealed[2] == (
        f"The sale area is cleared: Roma, Lisbon, {', '.join(cards)} leave the game."
    )
    assert "the deck is to reveal 5 for the month-7 sale area" in revealed[3]


def test_a_sale_capped_at_1000_says_what_was_lost() -> None:
    state = at_turn(placed(ai_and_louis(), 0, [300, 200, 100, 900], ["Dubai", "Cairo"]), 4, 0)
    _, (said,) = told(state, Sell("ai", "Dubai"))
    assert said[0] == (
        "ai sells Dubai for 400 in month 4: cash 900 -> 1,000, capped at 1,000: 300 lost."
    )


def test_a_refill_is_announced_then_revealed() -> None:
    state, said = told(
        ai_and_louis(),
        Buy("ai", "Vienna"),
        Buy("louis", "Roma"),
        Sell("ai", "Vienna"),
        Buy("louis", "Vienna"),
        Sell("ai", "Dallas"),
        Buy("louis", "Lisbon"),
        Buy("ai", "Dubai"),
    )
    assert said[-1][-1] == "The sale area holds 2 cards: the deck is to reveal 3 for a refill."
    assert "To play: the deck: reveal 3 cards." in summary(state)
    _, (revealed,) = told(state, Reveal(("Oslo", "Lima", "Doha")))
    assert revealed == (
        "The deck reveals Oslo, Lima, Doha: the sale area holds 5 cards (37 left in the deck).",
    )


def test_the_box_turn_is_told_in_two_steps() -> None:
    state = ai_and_louis()
    _, (first, second) = told(state, Buy("ai", "Vienna", "box"), Buy("ai", "Roma"))
    assert first == (
        "ai crosses the two-city box to buy two cities: first Vienna for 100;"
        " the second card follows.",
    )
    assert second[0] == (
        "ai buys Vienna for 100 and Roma for 200 (300 in all): cash 300 -> 0 in month 1."
    )


def test_a_two_card_entry_is_told_once() -> None:
    state = ai_and_louis()
    first, second = Buy("ai", "Vienna", "box"), Buy("ai", "Roma")
    _, (_, settled) = told(state, first, second)
    assert describe_entry(state, (first, second)) == (
        "ai crosses the two-city box and buys Vienna for 100 and Roma for 200 (300 in all):"
        " cash 300 -> 0 in month 1.",
        *settled[1:],
    )
    assert describe_entry(state, (first,)) is None  # one step: its describe tells it
    with_you = apply(ai_and_louis(players=("ai", "you")), Buy("ai", "Vienna"))
    told_you = describe_entry(with_you, (Sell("you", "Osaka", "box"), Sell("you", "Bogota")))
    assert told_you is not None
    assert told_you[0].startswith("you cross the two-city box and sell Osaka for ")


def test_mid_year_clearing_and_final_scores_over_a_whole_game() -> None:
    states, decisions = random_play(11, 3, recorded=True, side="B")
    mid = next(i for i, s in enumerate(states) if s.round == 7)
    before, after, decision = states[mid - 1], states[mid], decisions[mid - 1]
    said = " ".join(describe(before, decision, after))
    assert "End of month 6: the mid-year trend card" in said
    assert "The sale area is cleared: " in said and "leave the game" in said
    assert after.pending.phase is Phase.REVEAL
    assert "the deck is to reveal 5 for the month-7 sale area" in said
    last, end, decision = states[-2], states[-1], decisions[-1]
    *_, year_end, final = describe(last, decision, end)
    assert final.startswith("The game is over after month 12. Final scores: ")
    assert end.result is not None
    assert year_end.startswith("End of month 12: the year-end trend card (")
    gains = ", ".join(
        f"{player.name} {score.trend:+,}"
        for player, score in zip(end.players, end.result.scores, strict=True)
    )
    assert year_end.endswith(f") scores {gains}.")
    for player, score in zip(end.players, end.result.scores, strict=True):
        assert f"{player.name} {score.total:,}" in final
    assert summary(end).startswith("World Exchangers is over after month 12: ")


def test_the_narrator_tells_what_a_decision_did() -> None:
    state = ai_and_louis()
    after = apply(state, Buy("ai", "Vienna"))
    assert NARRATOR.describe(state, Buy("ai", "Vienna"), after) == describe(
        state, Buy("ai", "Vienna"), after
    )
    assert NARRATOR.summary(state) == summary(state)
    assert summary(state).startswith("World Exchangers, month 1 of 12. To play: ai: buy or sell.")


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), players=st.integers(2, 4), side=st.sampled_from("AB"))
def test_every_decision_of_random_games_is_told(seed: int, players: int, side: str) -> None:
    """Every decision of random games is told in sentences, a mark's cash change among them,
    and every state has a summary."""
    states, decisions = random_play(seed, players, recorded=seed % 2 == 0, side=side)
    for before, decision, after in zip(states[:-1], decisions, states[1:], strict=True):
        said = describe(before, decision, after)
        assert said and all(s.endswith(".") for s in said)
        for old, new in zip(before.players, after.players, strict=True):
            if len(new.marks) > len(old.marks):
                assert f"{old.cash:,} -> {new.cash:,}" in " ".join(said) or "passes" in said[0]
        assert summary(after)


def test_the_module_name_does_not_shadow_the_games_describe() -> None:
    """Importing ``worldex.describe`` (this file does) leaves ``WORLDEX.describe`` working."""
    from forexcli.games.worldex import WORLDEX

    state = ai_and_louis()
    after = apply(state, Buy("ai", "Vienna"))
    assert WORLDEX.describe(state, Buy("ai", "Vienna"), after)


def test_a_reveal_that_leaves_no_second_card_settles_the_turn_after_it() -> None:
    from msgspec.structs import replace

    from tests.games.worldex.helpers import COMPONENTS

    state = ai_and_louis()
    state = replace(state, area=("Vienna", "Dubai", "Melbourne"), deck=state.deck + state.area[3:])
    state = apply(state, Buy("ai", "Vienna", "box"))  # 300 -> 200; 2 cards left: a refill
    assert state.pending.phase is Phase.REVEAL and state.pending.count == 3
    dear = tuple(c for c in state.deck if COMPONENTS.city(c).base > 200)[:3]
    after = apply(state, Reveal(dear))
    said = describe(state, Reveal(dear), after)
    assert said[0].startswith(f"The deck reveals {', '.join(dear)}: the sale area holds 5 cards")
    assert said[1] == "ai buys Vienna for 100: cash 300 -> 200 in month 1."
    assert after.pending.seat == 1 and after.players[0].bought_two


def test_the_box_and_estelles_refresh_read_right_for_you() -> None:
    """Sentences for any name (issue 43, item 8): "you cross", "you spend", not "you
    crosses", "you (Estelle) spends"."""
    from forexcli.games.worldex.rules import Refresh

    state = ai_and_louis(players=("you", "louis"))
    _, ((first,),) = told(state, Buy("you", "Vienna", "box"))
    assert first.startswith("you cross the two-city box to buy two cities: first Vienna")
    state = ai_and_louis(players=("ai", "you"), role_side="B", roles=("Felix", "Estelle"))
    state = at_turn(placed(state, 1, [700], ["Osaka"], media=1), 2, 1)
    _, ((refreshed, *_),) = told(state, Refresh("you", ("Vienna", "Dubai")))
    assert refreshed.startswith("you (Estelle) spend 1 media (1 -> 0) and discard Vienna, Dubai")


def test_a_refresh_that_leaves_five_cards_or_more_says_none_is_turned_up() -> None:
    """A refresh of a sale area of 8 that discards one card leaves 7: nothing is refilled,
    and the sentence said "to refill it to 5" all the same."""
    from msgspec.structs import replace

    from forexcli.games.worldex.rules import Refresh

    state = ai_and_louis(players=("ai", "you"), role_side="B", roles=("Felix", "Estelle"))
    state = at_turn(placed(state, 1, [700], ["Osaka"], media=1), 2, 1)
    big = state.area + tuple(c for c in state.deck if c not in state.area)[:3]
    state = replace(state, area=big, deck=tuple(c for c in state.deck if c not in big))
    assert len(state.area) == 8
    _, ((refreshed, *_),) = told(state, Refresh("you", (state.area[0],)))
    assert refreshed.endswith("from the sale area, which keeps 7: no card is turned up.")
    _, ((refilled, *_),) = told(state, Refresh("you", state.area[:4]))
    assert refilled.endswith("from the sale area, to refill it to 5.")
