"""For-Ex's part of ``forex analyse``: a recorded entry weighed by the chance of finishing
first, and the words for what decides a line.

The search is ``mcts.search`` with the evaluation's ``win`` weight at 1 (every value is
a chance of finishing first, no score share mixed in); the engine's own play keeps its
weights.  Pure: no I/O.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

from ..base import Advice, Weighed
from .rules import CURRENCIES, Decision, GameState, apply, apply_with_events
from .search.encoding import encode
from .search.evaluate import Weights, scoring_currency, weights_for, worths
from .search.mcts import Budget, Line, search

LINE_SIMULATIONS = 32
"""The search that finds the line after a recorded entry the tree did not follow."""


def chance_weights(players: int) -> Weights:
    """The evaluation's constants for ``players`` players, valuing the win alone."""
    return weights_for(players)._replace(win=1.0)


Advised = Callable[[GameState, Sequence[Line]], Iterator[Advice]]
"""The advisor's lines as entries (``advisor._advised``), passed in: the advisor imports
this module."""


def weigh_chances(
    state: GameState,
    played: Sequence[Decision],
    budget: Budget,
    advised: Advised,
    *,
    seed: int = 0,
    visits: int = 8,
) -> Weighed:
    """The search of chances with the path of ``played`` forced ``visits`` times."""
    path = []
    position = state
    for step in played:
        path.append(encode(position, step))
        position = apply(position, step)
    weights = chance_weights(len(state.players))
    result = search(state, budget, seed=seed, forced=[path], forced_visits=visits, weights=weights)
    lines: list[Advice] = list(advised(state, result.lines))
    best = lines[0]
    entry = tuple(played)
    mine = next((a for a in lines if a.entry == entry), None)
    if mine is not None:
        line, seen = mine.line, max(visits, mine.visits)
    else:
        line, seen = _line_after(state, entry, seed, weights, advised), visits
    runner_up = next((a for a in lines[1:] if a.entry[:1] != best.entry[:1]), None)
    return Weighed(result.forced_values[0], seen, line, best, runner_up, best.entry == entry)


def _line_after(
    state: GameState, entry: tuple[Decision, ...], seed: int, weights: Weights, advised: Advised
) -> tuple[tuple[Decision, ...], ...]:
    """The entries a short search expects after ``entry`` (none when the game is over)."""
    after = state
    for step in entry:
        after = apply(after, step)
    if after.is_over:
        return ()
    found = search(after, Budget(simulations=LINE_SIMULATIONS), seed=seed, weights=weights)
    first = next(advised(after, found.lines[:1]), None)
    return () if first is None else (first.entry, *first.line)


def decisive(state: GameState, entries: Sequence[Sequence[Decision]]) -> tuple[str, ...]:
    """What decides the line: a contract that cannot be paid, a bankruptcy, the game's end
    with the scoring currency and who finishes first; or, when nothing of these happens
    before the line stops, the scores the evaluation expects there (``expected_scores``)."""
    mover = state.pending.player
    words: list[str] = []
    position = state
    for entry in entries:
        for step in entry:
            position, events = apply_with_events(position, step)
            for event in events:
                if event.kind == "contract_unpaid":
                    words.append(event.text.split(";")[0])
                elif event.kind == "bankrupt":
                    words.append(event.text.split("; ")[-1])
        if position.is_over:
            break
    result = position.result
    if result is not None:
        first = " and ".join(position.players[seat] for seat in result.winners())
        words.append(
            f"the game ends: {CURRENCIES[result.strongest]} scores"
            f" (by {result.decided_by}), {first} first"
        )
    elif mover is not None and not words:  # nothing else decides it: where it leads
        words.append(expected_scores(position, mover))
    return tuple(words)


def expected_scores(state: GameState, mover: int) -> str:
    """The final scores the evaluation expects from ``state`` (each player's money and
    certificates at the rates the next dividend brings, less what their queued debts risk),
    ``mover``'s and the best other player's: ``expected scores: noor 31 JPY, ada 18 JPY``."""
    worth, risk = worths(state, chance_weights(len(state.players)))
    scores = [max(w, 0.0) * (1.0 - r) for w, r in zip(worth, risk, strict=True)]
    rival = max((seat for seat in range(len(scores)) if seat != mover), key=scores.__getitem__)
    currency = CURRENCIES[scoring_currency(state)]
    shown = ", ".join(
        f"{state.players[seat]} {scores[seat]:.0f} {currency}" for seat in (mover, rival)
    )
    return f"expected scores: {shown}"


def plan(budget: Budget) -> Budget:
    """For-Ex's search budget of the advisor's."""
    return Budget(simulations=budget.simulations, seconds=budget.seconds, since=budget.since)
