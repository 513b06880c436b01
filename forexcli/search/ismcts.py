"""Single-observer information-set MCTS over ``games.base.Searchable``.

One tree for the observer (the seat deciding at the root).  Each simulation
draws a determinization of the root (``determinize``: the hidden part redrawn
from what the observer has seen), then walks the tree with it: a node's
children are keyed by decision, and only those legal in this determinization
are candidates.  Selection is UCB1 on the mover's mean value with the count of
times a child was *available* in place of the parent's visits (Cowling,
Powley and Whitehouse's ISMCTS), so that children legal only in some
determinizations are not starved.  One new child is added per simulation; its
value is a playout of ``playout`` plies by ``policy`` (by default any legal
decision, uniformly) from it, scored by ``evaluate`` (exact when the game ends in the
playout).  Every node keeps the sum of the value vectors (one value per seat)
backed up through it: max-n over averages, so any number of players.

Chance (a pseudo-decider) is never a tree node: a determinized state's chance
decision is the one ``chance`` gives.  The budget is simulations
(deterministic: the same state, budget and seed give the same tree on any
machine) or seconds, or both (whichever ends first).

Asked with ``measure`` (a game's figures beside its evaluation, ``advice.Engine.measure``),
the search also sums, for each root decision, the figures of the last state of every
simulation through it (the state ``evaluate`` scored), so that a line's mean figures come
from the very simulations its values do; unasked, it does nothing more (the same seed gives
the same tree).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Hashable, Sequence
from typing import Any, Optional

from msgspec import Struct

from ..games.base import MAX_SIMULATIONS, Budget, Searchable

EXPLORATION = 0.7
"""UCB1's exploration weight (values are from 0 to 1)."""

PLAYOUT = 1000
"""Playout plies after a new node by default: to the end of the game."""


Policy = Optional[Callable[[Any, random.Random], Any]]
"""A playout policy: ``(state, rng) -> a legal decision``; None: any legal one, uniformly."""
Progress = Callable[[int], None]
Measure = Optional[Callable[[Any], Sequence[float]]]
"""The figures by seat of a simulation's last state (``advice.Engine.measure``)."""


AFTER = 0.75
"""With ``Budget.since``: the work after the search is expected to take this many times the
time from ``since`` to the search's start (loading the log before it, writing it after)."""

LEAST = 0.1
"""With ``Budget.since``: the share of ``seconds`` the search has at least, however late."""


def deadline(budget: Any, started: float) -> Optional[float]:
    """The ``time.perf_counter()`` reading at which a search started at ``started`` stops
    (None: no time limit): ``seconds`` after ``started``, or with ``since`` after ``since``
    less the expected work after the search, but never less than ``LEAST`` of the seconds."""
    if budget.seconds is None:
        return None
    if budget.since is None:
        return float(started + budget.seconds)
    before = max(started - budget.since, 0.0)
    end = budget.since + budget.seconds - AFTER * before
    return float(max(end, started + LEAST * budget.seconds))


class Node:
    """A decision in the tree: who made it, and what was backed up through it."""

    __slots__ = ("available", "children", "decision", "mover", "sums", "visits")

    def __init__(self, decision: Any, mover: int, seats: int) -> None:
        self.decision = decision
        self.mover = mover
        self.children: dict[Hashable, Node] = {}
        self.visits = 0
        self.available = 0
        self.sums = [0.0] * seats

    def mean(self) -> tuple[float, ...]:
        """The mean value vector (zeros before any visit)."""
        if not self.visits:
            return tuple(self.sums)
        return tuple(s / self.visits for s in self.sums)

    def best_child(self) -> Optional[Node]:
        """The most visited child (ties: the first added), or None."""
        best: Optional[Node] = None
        for child in self.children.values():
            if best is None or child.visits > best.visits:
                best = child
        return best


class Line(Struct, frozen=True):
    """A root decision and the most visited line after it, with its mean values and visits."""

    decisions: tuple[Any, ...]
    values: tuple[float, ...]
    visits: int
    figures: tuple[float, ...] = ()
    """The mean figures of the simulations through the root decision (with ``measure``)."""


class SearchResult(Struct, frozen=True):
    """The root's decisions, most visited first, and what the search cost."""

    lines: tuple[Line, ...]
    simulations: int
    seconds: float
    forced: Optional[Line] = None
    """The line of the ``forced`` decision, when one was given."""

    @property
    def best(self) -> Line:
        """The most visited line."""
        return self.lines[0]


def search(
    game: Searchable[Any, Any],
    state: Any,
    budget: Budget,
    *,
    seed: int = 0,
    policy: Policy = None,
    playout: int = PLAYOUT,
    exploration: float = EXPLORATION,
    forced: Any = None,
    forced_visits: int = 0,
    progress: Optional[Progress] = None,
    measure: Measure = None,
) -> SearchResult:
    """Search ``state`` (a seat decides in it) for its mover within ``budget``.

    ``forced`` (a root decision) is visited at least ``forced_visits`` times,
    so that its value is measured (``analyse`` judges a recorded decision).
    ``progress`` is called with the simulations done, now and then.  With
    ``measure``, every line has the mean figures of its simulations' last states.
    """
    observer = game.mover(state)
    if observer is None:
        raise ValueError("the search needs a position where a player decides")
    seats = game.seats(state)
    rng = random.Random(seed)
    root = Node(None, observer, seats)
    start = time.perf_counter()
    stop = deadline(budget, start)
    limit = budget.simulations if budget.simulations is not None else MAX_SIMULATIONS
    done = 0
    measured: Optional[dict[Hashable, list[float]]] = None if measure is None else {}
    while done < limit:
        if stop is not None and done and done % 8 == 0 and time.perf_counter() >= stop:
            break
        force = forced if forced is not None and done % 2 == 0 else None
        if force is not None and _visits(root, force) >= forced_visits:
            force = None
        world = game.determinize(state, observer, rng)
        _simulate(game, root, world, rng, policy, playout, exploration, force, measure, measured)
        done += 1
        if progress is not None and done % 64 == 0:
            progress(done)
    if progress is not None:
        progress(done)
    lines = tuple(_line(child, measured) for child in _ranked(root))
    forced_line = None
    if forced is not None and forced in root.children:
        forced_line = _line(root.children[forced], measured)
    return SearchResult(lines, done, time.perf_counter() - start, forced_line)


def _visits(root: Node, decision: Any) -> int:
    child = root.children.get(decision)
    return 0 if child is None else child.visits


def _ranked(root: Node) -> list[Node]:
    """The root's children by visits, then mean value for the observer (stable)."""
    seat = root.mover
    return sorted(root.children.values(), key=lambda c: (-c.visits, -c.mean()[seat]))


def _add(
    measured: dict[Hashable, list[float]], decision: Hashable, figures: Sequence[float]
) -> None:
    """Add a simulation's ``figures`` to the sums of the root decision it went through."""
    sums = measured.get(decision)
    if sums is None:
        measured[decision] = list(figures)
    else:
        for seat, figure in enumerate(figures):
            sums[seat] += figure


def _line(child: Node, measured: Optional[dict[Hashable, list[float]]] = None) -> Line:
    decisions = [child.decision]
    node = child.best_child()
    while node is not None and node.visits > 1:
        decisions.append(node.decision)
        node = node.best_child()
    figures: tuple[float, ...] = ()
    if measured is not None and child.visits:
        figures = tuple(total / child.visits for total in measured.get(child.decision, ()))
    return Line(tuple(decisions), child.mean(), child.visits, figures)


def _simulate(
    game: Searchable[Any, Any],
    root: Node,
    state: Any,
    rng: random.Random,
    policy: Policy,
    playout: int,
    exploration: float,
    force: Any,
    measure: Measure = None,
    measured: Optional[dict[Hashable, list[float]]] = None,
) -> None:
    """One simulation: select and expand in this determinization, play out, back up; with
    ``measure``, its last state's figures added to ``measured`` under its root decision."""
    path = [root]
    node = root
    expanded = False
    while not expanded:
        mover = game.mover(state)
        if mover is None:
            if game.is_over(state):
                break
            state = game.apply(state, game.chance(state, rng))
            continue
        legal = game.legal(state)
        if force is not None and node is root:
            choice = force
        else:
            choice = _select(node, legal, mover, rng, exploration)
        child = node.children.get(choice)
        if child is None:
            child = Node(choice, mover, len(root.sums))
            child.available = 1
            node.children[choice] = child
            expanded = True
        state = game.apply(state, choice)
        node = child
        path.append(node)
    last = _playout(game, state, rng, policy, playout)
    values = game.evaluate(last)
    for step in path:
        step.visits += 1
        sums = step.sums
        for seat, value in enumerate(values):
            sums[seat] += value
    if measure is not None and measured is not None and len(path) > 1:
        _add(measured, path[1].decision, measure(last))


def _select(
    node: Node, legal: Sequence[Any], mover: int, rng: random.Random, exploration: float
) -> Any:
    """An untried legal decision (at random), else UCB1 over the available children."""
    children = node.children
    untried = [d for d in legal if d not in children]
    if untried:
        return untried[rng.randrange(len(untried))]
    best = None
    best_score = -math.inf
    for decision in legal:
        child = children[decision]
        child.available += 1
        score = child.sums[mover] / child.visits + exploration * math.sqrt(
            math.log(child.available) / child.visits
        )
        if score > best_score:
            best, best_score = decision, score
    return best


def _playout(
    game: Searchable[Any, Any], state: Any, rng: random.Random, policy: Policy, plies: int
) -> Any:
    """The state ``plies`` decisions of ``policy`` after ``state`` (or the game's end)."""
    for _ in range(plies):
        mover = game.mover(state)
        if mover is None:
            if game.is_over(state):
                break
            state = game.apply(state, game.chance(state, rng))
            continue
        if policy is None:
            legal = game.legal(state)
            state = game.apply(state, legal[rng.randrange(len(legal))])
        else:
            state = game.apply(state, policy(state, rng))
    return state
