"""Property test: random complete games, choosing only among ``legal_decisions``.

A uniform choice among all legal decisions would pick contracts and spots
almost every time (there are hundreds of them), so a game would take very
long to end. The player first picks a kind of decision uniformly, then one
decision of that kind. A "prudent" player only makes contracts it could pay
today, so that games also reach the last dividend instead of ending early in
a bankruptcy.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Optional

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from forexcli.games.forex.rules import (
    PAIRS,
    Decision,
    DividendStack,
    GameState,
    Loan,
    MakeContract,
    Phase,
    apply,
    apply_with_events,
    legal_decisions,
    new_game,
)

MAX_DECISIONS = 3000
CHECK_ALL_EVERY = 5
"""Every this many decisions (and at every non-turn decision) every legal decision is applied."""

SAMPLE_PER_STEP = 6
"""Otherwise this many legal decisions, chosen at random, are applied as a check."""

CODES = ("GBP", "EUR", "USD", "CHF", "JPY", "CAD", "CNY")


def check_invariants(state: GameState, removed: tuple[int, ...]) -> None:
    """Everything that must hold in every state of every game."""
    n = len(state.players)
    assert state.removed == removed
    # 56 certificates accounted for: supply + hands + removed + sold == 8 per currency.
    for c in range(7):
        in_hands = sum(hand[c] for hand in state.certs)
        assert state.supply[c] + in_hands + state.removed[c] + state.sold[c] == 8, CODES[c]
        assert state.supply[c] >= 0
        assert state.sold[c] >= 0
    assert len(state.certs) == len(state.money) == n
    for seat in range(n):
        assert all(0 <= count <= 4 for count in state.certs[seat])
        assert all(isinstance(h, int) and h >= 0 for h in state.money[seat])
    # Every pair on the track, with one of its two currencies stronger.
    assert len(state.board.pairs) == 21
    for (a, b), pos in zip(PAIRS, state.board.pairs, strict=True):
        assert pos.stronger in (a, b)
        assert 0 <= pos.space <= 9
    # The queue: at most 6 letters (all different), at most 7 items, one loan per player,
    # and the dividend stack iff dividends are left.
    letters = [item.letter for item in state.queue if not isinstance(item, DividendStack)]
    assert len(letters) == len(set(letters)) <= 6
    assert set(letters) <= set("ABCDEF")
    assert len(state.queue) <= 7
    owners = [item.owner for item in state.queue if isinstance(item, Loan)]
    assert len(owners) == len(set(owners))
    for item in state.queue:
        if isinstance(item, Loan):
            assert all(amount >= 0 for amount in item.owes) and any(item.owes)
    stacks = [item for item in state.queue if isinstance(item, DividendStack)]
    assert 0 <= state.dividends_left <= 5
    assert stacks == ([DividendStack(state.dividends_left)] if state.dividends_left else [])
    # Exactly one pending decider until the game ends.
    assert (state.pending.player is None) == state.is_over
    legal = legal_decisions(state)
    if state.is_over:
        assert legal == []
        result = state.result
        assert result is not None
        assert state.ending in ("bankruptcy", "last_dividend", "last_dividend_then_bankruptcy")
        assert result.ending == state.ending
        assert len(result.ranks) == len(result.totals) == n
        assert min(result.ranks) == 1
        assert all(total >= 0 for total in result.totals)
        if state.bankrupt is not None:
            assert result.ranks[state.bankrupt] == n
            assert state.ending != "last_dividend"
        else:
            assert state.ending == "last_dividend"
            assert state.queue == ()
    else:
        assert state.result is None
        assert legal, "a pending player must have a legal decision"
        assert {d.player for d in legal} == {state.pending_player}
        assert len(set(legal)) == len(legal)


def check_legal_ones_apply(
    state: GameState, legal: list[Decision], rng: random.Random, step: int
) -> None:
    """Legal decisions apply without error (all of them, or a sample)."""
    if state.pending.phase is not Phase.TURN or step % CHECK_ALL_EVERY == 0:
        sample = legal
    else:
        sample = rng.sample(legal, min(SAMPLE_PER_STEP, len(legal)))
    for decision in sample:
        apply(state, decision)


def choose(state: GameState, legal: list[Decision], rng: random.Random, prudent: bool) -> Decision:
    """A kind of decision uniformly, then a decision of that kind."""
    groups: dict[str, list[Decision]] = {}
    for decision in legal:
        if prudent and isinstance(decision, MakeContract):
            seat = state.seat(decision.player)
            if state.money[seat][CODES.index(decision.pay_currency)] < decision.pay:
                continue
        groups.setdefault(type(decision).__name__, []).append(decision)
    kind = rng.choice(sorted(groups))
    return rng.choice(groups[kind])


def play(
    players: int, removed: tuple[int, ...], first: int, seed: int, prudent: bool
) -> tuple[GameState, Counter[str]]:
    """Play one random game to its end, checking every state; returns it and its events."""
    rng = random.Random(seed)
    names = [f"p{i}" for i in range(players)]
    state = new_game(names, removed, names[first])
    events: Counter[str] = Counter()
    check_invariants(state, removed)
    for step in range(MAX_DECISIONS):
        if state.is_over:
            return state, events
        legal = legal_decisions(state)
        check_legal_ones_apply(state, legal, rng, step)
        decision = choose(state, legal, rng, prudent)
        state, happened = apply_with_events(state, decision)
        events.update(event.kind for event in happened)
        events[f"phase:{state.pending.phase.value}"] += 1
        check_invariants(state, removed)
    pytest.fail(f"the game did not end within {MAX_DECISIONS} decisions")


@st.composite
def removed_certificates(draw: st.DrawFn) -> tuple[int, ...]:
    """6 certificates removed, any currencies (at most 6 of one)."""
    picks = draw(st.lists(st.integers(0, 6), min_size=6, max_size=6))
    return tuple(picks.count(c) for c in range(7))


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@settings(
    max_examples=50,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(
    removed=removed_certificates(),
    first=st.integers(0, 5),
    seed=st.integers(0, 2**32 - 1),
    prudent=st.booleans(),
)
def test_random_games(
    players: int, removed: tuple[int, ...], first: int, seed: int, prudent: bool
) -> None:
    """A game of random legal decisions, from any set-up, keeps every invariant after every
    decision (``play``) and ends."""
    state, _ = play(players, removed, first % players, seed, prudent)
    assert state.is_over


@pytest.mark.slow
def test_random_games_reach_every_kind_of_ending_and_decision() -> None:
    """A fixed set of random games exercises what the property test relies on."""
    endings: Counter[Optional[str]] = Counter()
    events: Counter[str] = Counter()
    for seed in range(40):
        players = 2 + seed % 5
        removed = tuple(1 if c != seed % 7 else 0 for c in range(7))
        state, happened = play(players, removed, seed % players, seed, prudent=seed % 2 == 0)
        endings[state.ending] += 1
        events.update(happened)
    assert set(endings) == {"bankruptcy", "last_dividend", "last_dividend_then_bankruptcy"}
    for kind in (
        "spot",
        "contract",
        "invest",
        "divest",
        "contract_paid",
        "loan_made",
        "loan_merged",
        "loan_paid",
        "bankrupt",
        "settlement",
        "phase:divest_response",
        "phase:dividend_tie",
    ):
        assert events[kind] > 0, kind
