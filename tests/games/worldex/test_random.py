"""World Exchangers: random play over the example components keeps every invariant."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from forexcli.games.worldex import WORLDEX
from forexcli.games.worldex.notation import parse, write
from forexcli.games.worldex.rules import (
    Decision,
    HouseRules,
    Phase,
    Reveal,
    Setup,
    State,
    apply,
    check_reason,
    legal_decisions,
    new_game,
    seeded_deal,
)
from tests.games.worldex.helpers import COMPONENTS, first_unless_red, places

EVERY_CARD = sorted(c.name for c in (*COMPONENTS.starting_cities, *COMPONENTS.cities))
MAX_DECISIONS = 400
"""12 rounds x 4 players x (at most 2 cards + a reveal + Estelle's refreshes) stays below."""


def check(state: State) -> None:
    assert sorted(places(state)) == EVERY_CARD
    assert 1 <= state.round <= 12
    for player in state.players:
        assert all(0 <= cash <= 1000 for cash in player.line)
        assert len(player.marks) <= state.round
        assert [m.month for m in player.marks] == list(range(1, len(player.marks) + 1))
        if state.house.media_floor == "zero":
            assert player.media >= 0
        assert COMPONENTS.media_max is None or player.media <= COMPONENTS.media_max
    if state.pending.phase is Phase.TURN:
        # Sales may grow the area past 5; purchases never leave it below 3 while the deck lasts.
        assert len(state.area) >= 3 or not state.deck


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_random_games_end_after_12_rounds_with_every_invariant(data: st.DataObject) -> None:
    """Random games under any house rules and set-up keep every invariant, write every decision
    as notation that parses back, and end after 12 rounds, ranked by their scores."""
    n = data.draw(st.integers(2, 4), label="players")
    names = tuple(f"p{i}" for i in range(n))
    seed = data.draw(st.text("abcdef0123", min_size=1, max_size=6), label="seed")
    recorded = data.draw(st.booleans(), label="recorded")
    house = HouseRules(
        trend_ties=data.draw(st.sampled_from(("all", "none"))),
        media_floor=data.draw(st.sampled_from(("zero", "none"))),
        pass_symbols=data.draw(st.sampled_from(("gain", "none"))),
        mid_year_refill=data.draw(st.sampled_from(("refill", "skip"))),
    )
    boards = tuple(data.draw(st.sampled_from("AB")) for _ in names)
    side = data.draw(st.sampled_from("AB"), label="roles side")
    deal = seeded_deal(COMPONENTS, seed, n)
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
        setup = Setup(names, boards, side, first=first, deal="seed", seed=seed)
    state = new_game(COMPONENTS, setup, house)
    for _ in range(MAX_DECISIONS):
        check(state)
        if state.is_over:
            break
        legal = legal_decisions(state)
        assert len(legal) > 0
        if isinstance(legal[0], Reveal) and not state.order_known:
            count = state.pending.count
            cards = tuple(data.draw(st.permutations(state.deck))[:count])
            decision: Decision = Reveal(cards)
            assert decision in legal
        else:
            decision = legal[data.draw(st.integers(0, len(legal) - 1), label="choice")]
        key = WORLDEX.key((decision,))
        assert parse(key, write((decision,))) == (decision,)
        assert check_reason(state, decision) is None
        state = apply(state, decision)
    assert state.is_over and state.result is not None
    assert all(len(p.marks) == 12 for p in state.players)
    ranks = state.result.ranks
    assert 1 in ranks and all(1 <= r <= n for r in ranks)
    keys = [
        (score.total, len(player.cities), player.cash)
        for score, player in zip(state.result.scores, state.players, strict=True)
    ]
    for seat, rank in enumerate(ranks):
        assert rank == 1 + sum(1 for other in keys if other > keys[seat])
