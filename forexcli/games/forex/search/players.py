"""Players for benchmarks, tests and self-play: the engine, a greedy one and a random one.

A player is a function from a state (not over) to the next log entry: a
tuple of one decision, or of a spot transaction and the turn's action.
Each entry is checked by the engine's ``apply`` before it is returned.
A player also takes the spot offers it must not make (offers a partner
has refused this turn): they are filtered out of ``legal_decisions``.
An *answer* is a partner's reply to a spot offer (see ``evaluation_answer``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection
from typing import Protocol

from msgspec import Struct

from ..rules import (
    Decision,
    GameState,
    MakeContract,
    Spot,
    apply,
    legal_decisions,
)
from .candidates import candidates
from .consent import Refusal, accepts, shortfalls
from .encoding import decision
from .evaluate import Weights, evaluate, money_worth, weights_for
from .mcts import Budget, SearchResult, Valuer, search

Entry = tuple[Decision, ...]

NO_SPOTS: frozenset[Spot] = frozenset()


class Player(Protocol):
    """The next entry for the pending player, making none of the ``excluded`` spot offers."""

    def __call__(self, state: GameState, /, excluded: Collection[Spot] = NO_SPOTS) -> Entry: ...


Answer = Callable[[GameState, Spot, int], bool]
"""A partner's reply to a spot offer: ``(state before it, the spot, partner's seat)``."""


def evaluation_answer(state: GameState, spot: Spot, partner: int) -> bool:
    """Accept when the partner's evaluation after the spot is not below the one before it."""
    return evaluate(apply(state, spot))[partner] >= evaluate(state)[partner]


def engine_answer(state: GameState, spot: Spot, partner: int) -> bool:
    """The engine's answer, the one its search expects of every partner (``consent.accepts``):
    accept when the partner's value (exact in the endgame) does not drop and its queued debts
    are not left shorter of money."""
    assert state.players.index(spot.partner) == partner
    return refusal(state, spot) is None


def refusal(state: GameState, spot: Spot) -> Refusal | None:
    """The engine's answer to ``spot`` offered in ``state`` to its partner, the one its
    search expects of every partner (``consent.accepts``, valued as the search values, exactly in
    the endgame): None when it accepts, else why it refuses.  The one consent rule of
    ``forex play``, ``moves``, ``hint``, self-play and the ladder's games."""
    partner = state.players.index(spot.partner)
    value = Valuer(weights_for(len(state.players)))
    after = apply(state, spot)
    before_values, after_values = value(state), value(after)
    if accepts(state, after, before_values, after_values, partner):
        return None
    return Refusal(
        spot.partner,
        before_values[partner],
        after_values[partner],
        shortfalls(state, partner),
        shortfalls(after, partner),
    )


def accept_all(state: GameState, spot: Spot, partner: int) -> bool:
    """Accept every offer (self-play without consent)."""
    return True


def offers(state: GameState, excluded: Collection[Spot] = NO_SPOTS) -> list[Decision]:
    """``legal_decisions`` less the ``excluded`` spot offers."""
    choices = legal_decisions(state)
    if not excluded:
        return choices
    return [c for c in choices if not (isinstance(c, Spot) and c in excluded)]


def complete_entry(
    state: GameState, first: Decision, then: Callable[[GameState], Decision]
) -> Entry:
    """``first``, and when it is a spot, the action chosen after it."""
    if isinstance(first, Spot):
        after = apply(state, first)
        return (first, then(after))
    apply(state, first)
    return (first,)


def greedy_decision(
    state: GameState,
    rng: random.Random | None = None,
    *,
    spots: bool = True,
    excluded: Collection[Spot] = NO_SPOTS,
) -> Decision:
    """The decision that leaves the most money converted at the current rates (one ply).

    The measure is ``money_worth``: the mover's money converted, at the
    rates after the decision, into the currency that would score then.
    Contracts change no money now and are left out (unless nothing else is
    legal).  Ties are broken by ``rng`` (uniformly), or without one by
    ``legal_decisions`` order.  ``excluded`` spots are not considered.
    """
    seat = state.pending.player
    assert seat is not None
    best: list[Decision] = []
    best_worth = -1.0
    fallback: Decision | None = None
    for choice in offers(state, excluded):
        if isinstance(choice, MakeContract) or (isinstance(choice, Spot) and not spots):
            fallback = fallback or choice
            continue
        worth = round(money_worth(apply(state, choice), seat), 9)
        if worth > best_worth:
            best, best_worth = [choice], worth
        elif worth == best_worth:
            best.append(choice)
    if not best:
        assert fallback is not None
        return fallback
    return rng.choice(best) if rng is not None else best[0]


def greedy_player(seed: int = 0) -> Player:
    """The greedy baseline: one ply, the most money converted at current rates (ties by seed)."""
    rng = random.Random(seed)

    def play(state: GameState, excluded: Collection[Spot] = NO_SPOTS) -> Entry:
        first = greedy_decision(state, rng, excluded=excluded)
        return complete_entry(state, first, lambda after: greedy_decision(after, rng, spots=False))

    return play


def random_player(seed: int) -> Player:
    """A uniform random player: a kind of decision at random, then one decision of that kind."""
    rng = random.Random(seed)

    def choose(state: GameState, excluded: Collection[Spot] = NO_SPOTS) -> Decision:
        by_kind: dict[str, list[Decision]] = {}
        for choice in offers(state, excluded):
            by_kind.setdefault(type(choice).__name__, []).append(choice)
        kind = rng.choice(sorted(by_kind))
        return rng.choice(by_kind[kind])

    def play(state: GameState, excluded: Collection[Spot] = NO_SPOTS) -> Entry:
        return complete_entry(state, choose(state, excluded), choose)

    return play


def heuristic_decision(state: GameState, excluded: Collection[Spot] = NO_SPOTS) -> Decision:
    """The candidate whose position the evaluation likes best for the mover (one ply),
    leaving out the ``excluded`` spots."""
    seat = state.pending.player
    assert seat is not None
    choices = [decision(state, action) for action in candidates(state)]
    best = max(
        (c for c in choices if not (isinstance(c, Spot) and c in excluded)),
        key=lambda choice: evaluate(apply(state, choice))[seat],
    )
    return best


def heuristic_player(state: GameState, excluded: Collection[Spot] = NO_SPOTS) -> Entry:
    """The evaluation alone, one ply, no search: what the search adds is measured against it."""
    return complete_entry(state, heuristic_decision(state, excluded), heuristic_decision)


class EngineChoice(Struct, frozen=True):
    """The engine's entry and the search behind it."""

    entry: Entry
    result: SearchResult


def engine_choice(
    state: GameState,
    budget: Budget,
    seed: int = 0,
    weights: Weights | None = None,
    excluded: Collection[Spot] = NO_SPOTS,
) -> EngineChoice:
    """The engine's next entry: the best line's decision, with its spot's action if a spot
    (the ``excluded`` spots are left out of the search's root)."""
    result = search(
        state, budget, seed=seed, stop_when_decided=True, weights=weights, excluded=excluded
    )
    line = result.best.decisions
    entry: Entry = line[:2] if isinstance(line[0], Spot) else line[:1]
    if isinstance(line[0], Spot) and len(line) < 2:
        entry = complete_entry(
            state, line[0], lambda after: engine_choice(after, budget, seed, weights).entry[0]
        )
    check = state
    for step in entry:
        check = apply(check, step)  # the reference engine stays the judge
    return EngineChoice(entry, result)


def engine_player(budget: Budget, seed: int = 0, weights: Weights | None = None) -> Player:
    """The engine as a player with a fixed budget per decision (and evaluation ``weights``;
    None: ``weights_for`` the game's number of players)."""

    def play(state: GameState, excluded: Collection[Spot] = NO_SPOTS) -> Entry:
        return engine_choice(state, budget, seed, weights, excluded).entry

    return play
