"""A PUCT tree search guided by the heuristic evaluation, for 2 to 6 players.

No random playouts (they are useless here: random players go bankrupt).  A
node is expanded by applying each of its candidate actions with the
engine's ``apply`` and evaluating each child; the children's evaluations
give the priors (a softmax of the mover's value, temperature ``TAU``) and
the first estimate of their value.  The value backed up from a new leaf is
its best child's evaluation for the leaf's mover (one ply of max-n).  Every
node keeps the sum of the value *vectors* backed up through it (one value
per seat, each seat's expected score share), and a node's mover picks the
child that is best for that mover: max-n over averages, the multi-player
form of PUCT.

The budget is a number of simulations (deterministic: the same position,
budget and seed give the same result on any machine) or a time limit, or
both (whichever ends first).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Collection, Sequence

from msgspec import Struct
from msgspec.structs import replace

from ....games.base import MAX_SIMULATIONS
from ....games.base import Budget as Budget  # the one budget, as For-Ex's search takes it
from ....search.ismcts import deadline as search_deadline
from ..rules import Decision, GameState, Phase, Spot, apply
from .candidates import candidates
from .consent import accepts, rescues, shortfall
from .encoding import CONTRACT, SPOT, Action, decision
from .endgame import Memo, endangered, ending, in_endgame, turns_before_end
from .evaluate import DEFAULT_WEIGHTS, Values, Weights, ending_values, evaluate, weights_for
from .reasons import OFFER, SPENDS, UNSAFE, moved, offered

C_PUCT = 0.05
"""Exploration weight (values are score shares, so their differences are small)."""

TAU = 0.02
"""Temperature of the priors' softmax over the children's evaluations."""

SAFE_FIRST = True
"""Rank the root's lines that let the others bankrupt the mover last, and after the others
those that give away (by a spot, an investment or a resolve) money the mover's queued debts
need (off only to measure)."""

CONSENT = True
"""Expect a partner to refuse a spot that is bad for it (``consent.accepts``; off to measure)."""

LAZY = 0
"""From this depth on (1: below the root's children; 0: off), apply and evaluate a child
only when it is first chosen, and give a leaf its children on its second visit (``_lazy``):
an expansion costs one evaluation instead of one a child, the priors are uniform and an
unvisited child is taken to be worth its parent's evaluation.  Off: measured weaker at
equal time (RESULTS.md)."""

DEFER = 0
"""Expand a leaf (all its children applied and evaluated) only from its ``DEFER + 1``-th
visit; before, back up its own evaluation.  0: on its first visit (the default; 1 was
measured weaker, RESULTS.md)."""


class Valuer:
    """A position's value for the search, and its expansion, through transposition tables.

    Endgame positions (the last dividend within a round of the front) are
    valued by their ``ending``, through ``table`` (the playouts of sibling
    positions run into each other): exactly, or with the win softened by
    ``end_spread`` a turn other players have before the end
    (``ending_values``); the others by the heuristic
    ``evaluate``, remembered in ``values`` (in two-player games a third of
    the positions a search evaluates are reached again by another path).
    ``children`` remembers each expanded position's candidate actions with
    the positions they lead to and their values, so that a position reached
    again is expanded without generating, applying or evaluating anything.
    """

    __slots__ = ("children", "table", "values", "weights")

    def __init__(self, weights: Weights = DEFAULT_WEIGHTS) -> None:
        self.table: dict[GameState, GameState] = {}
        self.values: dict[GameState, Values] = {}
        self.children: dict[GameState, list[tuple[Action, GameState, Values]]] = {}
        self.weights = weights

    def __call__(self, state: GameState) -> Values:
        """The value of ``state``: exact in the endgame, else the heuristic's."""
        known = self.values.get(state)
        if known is None:
            if in_endgame(state):
                final = ending(state, self.table, self.weights)
                known = ending_values(final, turns_before_end(state), self.weights)
            else:
                known = evaluate(state, self.weights)
            self.values[state] = known
        return known

    def expand(self, state: GameState) -> list[tuple[Action, GameState, Values]]:
        """``state``'s candidate actions, each with the position after it and its value."""
        known = self.children.get(state)
        if known is None:
            known = [
                (action, child := apply(state, decision(state, action)), self(child))
                for action in candidates(state)
            ]
            self.children[state] = known
        return known


class Node:
    """A position in the search tree."""

    __slots__ = (
        "action", "children", "lazy", "mover", "prior", "state", "static", "sums", "visits",
    )  # fmt: skip

    def __init__(self, state: GameState, action: Action | None, static: Values) -> None:
        self.state = state
        self.action = action
        self.static = static
        self.mover = state.pending.player
        self.prior = 1.0
        self.lazy = False
        self.children: list[Node] | None = None
        self.visits = 0
        self.sums = [0.0] * len(static)

    def value(self) -> Values:
        """The mean value vector backed up through this node (its evaluation before any)."""
        if not self.visits:
            return self.static
        return tuple(s / self.visits for s in self.sums)

    def q(self, seat: int) -> float:
        """The mean value for ``seat``."""
        return self.sums[seat] / self.visits if self.visits else self.static[seat]


class Line(Struct, frozen=True):
    """A decision at the root with its evaluation and the line the search expects after it."""

    decisions: tuple[Decision, ...]
    """The decision, then the principal line (engine decisions, checked by ``apply``)."""
    values: Values
    visits: int
    rule: str | None = None
    """Why the line is ranked out of the order of visits: ``reasons.UNSAFE`` (after the lines
    that do not let the others bankrupt the mover), ``reasons.SPENDS`` (after those that
    keep what its queued debts need) or ``reasons.OFFER`` (a spot expected to be refused,
    offered first); None: in the order of visits."""
    reason: str | None = None
    """The ``rule`` in words, addressed to the mover (``ranked last: leaves your loan B 3 CHF
    short``)."""


class SearchResult(Struct, frozen=True):
    """What a search found: the root's children, best first."""

    lines: tuple[Line, ...]
    simulations: int
    seconds: float
    root_value: Values
    forced_values: tuple[Values, ...] = ()
    """The value of the last node of each forced path, in the order given."""

    @property
    def best(self) -> Line:
        """The decision the search chooses."""
        return self.lines[0]


def _expand(node: Node, seed_noise: random.Random | None, value: Valuer) -> list[Node]:
    """Give ``node`` its children; return the spots left out as refused by their partners."""
    state = node.state
    children = [Node(child, action, static) for action, child, static in value.expand(state)]
    refused: list[Node] = []
    if CONSENT and not state.spot_done:
        refused = [child for child in children if _refused(node, child)]
        children = [child for child in children if child not in refused]
    mover = node.mover
    assert mover is not None and children
    top = max(child.static[mover] for child in children)
    weights = [math.exp((child.static[mover] - top) / TAU) for child in children]
    if seed_noise is not None:
        weights = [w * (1.0 + 1e-6 * seed_noise.random()) for w in weights]
    total = sum(weights)
    for child, weight in zip(children, weights, strict=True):
        child.prior = weight / total
    node.children = children
    return refused


def _lazy(node: Node, seed_noise: random.Random | None) -> list[Node]:
    """Give ``node`` its children unapplied (``LAZY``): uniform priors, the parent's value."""
    state = node.state
    actions = candidates(state)
    assert actions
    children = []
    for action in actions:
        child = Node(state, action, node.static)  # ``_materialise`` gives it its own
        child.lazy = True
        children.append(child)
    weights = [1.0] * len(children)
    if seed_noise is not None:
        weights = [w * (1.0 + 1e-6 * seed_noise.random()) for w in weights]
    total = sum(weights)
    for child, weight in zip(children, weights, strict=True):
        child.prior = weight / total
    node.children = children
    return children


def _materialise(parent: Node, child: Node, value: Valuer, consent: bool = True) -> bool:
    """Apply and evaluate a lazy ``child`` of ``parent``; False (and dropped) when refused."""
    assert child.action is not None
    state = apply(parent.state, decision(parent.state, child.action))
    child.state, child.static, child.mover, child.lazy = (
        state,
        value(state),
        state.pending.player,
        False,
    )
    if CONSENT and consent and not parent.state.spot_done and _refused(parent, child):
        assert parent.children is not None
        if len(parent.children) > 1:
            parent.children.remove(child)
            return False
    return True


def _refused(node: Node, child: Node) -> bool:
    """Whether ``child`` is a spot that its partner is expected to refuse."""
    action = child.action
    if action is None or action[0] != SPOT:
        return False
    return not accepts(node.state, child.state, node.static, child.static, action[1])


def _select(node: Node) -> Node:
    assert node.children is not None and node.mover is not None
    mover = node.mover
    root = math.sqrt(node.visits + 1)
    best = node.children[0]
    best_score = -math.inf
    scale = C_PUCT * root
    for child in node.children:
        visits = child.visits
        q = child.sums[mover] / visits if visits else child.static[mover]
        score = q + scale * child.prior / (1 + visits)
        if score > best_score:
            best, best_score = child, score
    return best


def _simulate(
    root: Node, noise: random.Random | None, value_of: Valuer, forced: Sequence[Action] = ()
) -> None:
    path = [root]
    node = root
    depth = 0
    lazy = LAZY or 1 << 30  # the depth from which leaves are lazy
    while True:
        children = node.children
        if children is None:
            # lazily, a leaf is evaluated on its first visit and given children on its second
            if not (depth >= lazy and node.visits and node.mover is not None):
                break
            children = _lazy(node, noise)
        parent = node
        if depth < len(forced):
            node = next(c for c in children if c.action == forced[depth])
        else:
            node = _select(node)
        if node.lazy and not _materialise(parent, node, value_of):
            node = parent  # a refused spot: choose again
            continue
        depth += 1
        path.append(node)
    if node.mover is None or depth >= lazy or node.visits < DEFER:
        value = node.static  # (lazily, or deferred: its children wait for a later visit)
    else:
        _expand(node, noise, value_of)
        assert node.children is not None
        mover = node.mover
        value = max(node.children, key=lambda c: c.static[mover]).static
    for visited in path:
        visited.visits += 1
        sums = visited.sums
        for seat, v in enumerate(value):
            sums[seat] += v


def _principal(node: Node, limit: int = 8) -> list[Node]:
    line: list[Node] = []
    while node.children and len(line) < limit:
        visited = [c for c in node.children if c.visits]
        if not visited:
            break
        node = max(visited, key=lambda c: (c.visits, c.q(node.mover or 0)))
        line.append(node)
    return line


def _decisions(start: GameState, nodes: Sequence[Node]) -> tuple[Decision, ...]:
    """The decisions of a path, each checked by the reference ``apply``."""
    out = []
    state = start
    for node in nodes:
        assert node.action is not None
        choice = decision(state, node.action)
        state = apply(state, choice)  # the reference engine stays the judge
        out.append(choice)
    return tuple(out)


def search(
    state: GameState,
    budget: Budget,
    *,
    seed: int = 0,
    forced: Sequence[Sequence[Action]] = (),
    forced_visits: int = 0,
    progress: Callable[[int], None] | None = None,
    stop_when_decided: bool = False,
    weights: Weights | None = None,
    excluded: Collection[Spot] = (),
) -> SearchResult:
    """Search ``state`` (not over) within ``budget``; the root's children, best first.

    ``forced`` paths of actions (from the root) are added to the tree and
    searched for at least ``forced_visits`` simulations each after the
    budget, so that a recorded decision gets a value of its own.
    ``progress`` is called with the simulations done so far, now and then.
    ``stop_when_decided`` ends the search as soon as the most visited child
    can no longer be overtaken within the budget left (always, when the
    root has one child): the chosen decision is the one the whole budget
    would choose, in less time.  Players use it; hints and analyses, which
    show every line's figures, do not.  ``weights`` are the evaluation's
    constants (None: ``weights_for`` the game's number of players).
    ``excluded`` spots (offers a partner refused) are left out of the
    root's children.
    """
    if state.pending.phase.value == "over":
        raise ValueError("the game is over: there is nothing to search")
    started = time.perf_counter()
    noise = random.Random(seed) if seed else None
    value_of = Valuer(weights_for(len(state.players)) if weights is None else weights)
    root = Node(state, None, value_of(state))
    hopes = _expand(root, noise, value_of)
    if excluded:
        _exclude(root, excluded)
        hopes = [h for h in hopes if not _made(root.state, h, excluded)]
    _add_forced(root, forced, noise, value_of)
    deadline = search_deadline(budget, started)
    limit = budget.simulations if budget.simulations is not None else MAX_SIMULATIONS
    done = 0
    while done < limit:
        if stop_when_decided and _decided(root, limit - done, done, started, deadline):
            break
        _simulate(root, noise, value_of)
        done += 1
        if done % 8 == 0:  # (an endgame simulation, played out exactly, takes longer)
            if deadline is not None and time.perf_counter() >= deadline:
                break
            if progress is not None and done % 32 == 0:
                progress(done)
    for path in forced:
        while _node_at(root, path).visits < forced_visits:
            _simulate(root, noise, value_of, path)
            done += 1
    result = _result(root, state, done, time.perf_counter() - started, hopes)
    if not forced:
        return result
    values = tuple(_node_at(root, path).value() for path in forced)
    return SearchResult(result.lines, result.simulations, result.seconds, result.root_value, values)


def _exclude(root: Node, excluded: Collection[Spot]) -> None:
    """Drop the root's children that make an ``excluded`` spot; the priors are renormalised."""
    assert root.children is not None
    kept = [child for child in root.children if not _made(root.state, child, excluded)]
    total = sum(child.prior for child in kept)
    for child in kept:
        child.prior /= total
    root.children = kept


def _made(state: GameState, child: Node, spots: Collection[Spot]) -> bool:
    """Whether ``child`` makes one of the ``spots``."""
    action = child.action
    return action is not None and action[0] == SPOT and decision(state, action) in spots


def _decided(root: Node, left: int, done: int, started: float, deadline: float | None) -> bool:
    """Whether no child can overtake the most visited one in the ``left`` simulations."""
    children = root.children
    assert children is not None
    if len(children) == 1:
        return True
    if done % 8:
        return False
    if deadline is not None and done:
        now = time.perf_counter()
        rate = done / max(now - started, 1e-9)
        left = min(left, math.ceil(rate * max(deadline - now, 0.0)) + 1)
    first, second = sorted((c.visits for c in children), reverse=True)[:2]
    return first > second + left


def _add_forced(
    root: Node, forced: Sequence[Sequence[Action]], noise: random.Random | None, value: Valuer
) -> None:
    for path in forced:
        node = root
        for action in path:
            if node.children is None:
                _expand(node, noise, value)
            children = node.children
            assert children is not None
            match = [c for c in children if c.action == action]
            if match:
                if match[0].lazy:
                    _materialise(node, match[0], value, consent=False)
                node = match[0]
                continue
            child_state = apply(node.state, decision(node.state, action))
            child = Node(child_state, action, value(child_state))
            child.prior = min(c.prior for c in children)
            children.append(child)
            node = child


def _node_at(root: Node, path: Sequence[Action]) -> Node:
    node = root
    for action in path:
        assert node.children is not None
        node = next(c for c in node.children if c.action == action)
    return node


def _result(
    root: Node, state: GameState, done: int, seconds: float, hopes: Sequence[Node] = ()
) -> SearchResult:
    """The root's children as lines: safe ones first (``_endangering``), then those that keep
    what the mover's queued debts need (``_spent``), then by visits and value; a line ranked
    after the first one's kind says why (``Line.rule``, ``Line.reason``).

    The best of the ``hopes`` (spots expected to be refused) comes first
    when every line lets the others bankrupt the mover and it does not, or
    when it is a rescue (``consent.rescues``) valued above the first line:
    an offer costs nothing when refused (the mover chooses again).
    """
    assert root.children is not None and root.mover is not None
    mover = root.mover
    memo: Memo = {}
    lines = []
    for child in root.children:
        nodes = [child, *_principal(child)]
        line = Line(_decisions(state, nodes), child.value(), child.visits)
        danger = SAFE_FIRST and _endangering(state, child, nodes, mover, memo)
        spent = _spent(state, nodes, mover) if SAFE_FIRST else None
        lines.append(((danger, spent is not None), child, line, nodes, spent))
    lines.sort(key=lambda item: (item[0], -item[1].visits, -item[1].q(mover),
                                 item[1].action or (0, 0, 0, 0)))  # fmt: skip
    first, last = lines[0][0], lines[-1][0]
    ranked_lines = []
    for risks, _child, line, nodes, spent in lines:
        if risks != first:
            line = _explained(state, line, nodes, spent, mover, (first, risks), risks == last)
        ranked_lines.append(line)
    hope = _hope(state, hopes, mover, first[0], ranked_lines[0].values[mover], memo)
    if hope is not None:
        why = offered(rescue=not (SAFE_FIRST and first[0]))
        ranked_lines.insert(0, Line(_decisions(state, [hope]), hope.static, 0, OFFER, why))
    return SearchResult(tuple(ranked_lines), done, seconds, root.value())


def _explained(
    state: GameState,
    line: Line,
    nodes: Sequence[Node],
    spent: GameState | None,
    mover: int,
    kinds: tuple[tuple[bool, bool], tuple[bool, bool]],
    last: bool,
) -> Line:
    """``line`` with the reason it is ranked after the first line: ``kinds`` are the first
    line's and this one's (whether it endangers the mover, whether it spends), ``spent`` the
    position its spending leaves (``_spent``); ``last`` when no other kind comes after it."""
    first, own = kinds
    unsafe = None
    if own[0] and not first[0]:
        spot = nodes[0].action is not None and nodes[0].action[0] == SPOT and len(nodes) > 1
        unsafe = (nodes[1] if spot else nodes[0]).state
    spending = spent if own[1] and not first[1] else None
    reason = moved(state, mover, last, unsafe, spending)
    return replace(line, rule=SPENDS if unsafe is None else UNSAFE, reason=reason)


def _hope(
    state: GameState, hopes: Sequence[Node], mover: int, danger: bool, best: float, memo: Memo
) -> Node | None:
    """The refused spot worth offering before the first line (see ``_result``), if any."""
    for hope in sorted(hopes, key=lambda h: (-h.static[mover], h.action or (0, 0, 0, 0))):
        if danger and SAFE_FIRST:
            if not _endangering(state, hope, [hope], mover, memo):
                return hope
        elif hope.static[mover] > best and rescues(state, hope.state, mover):
            return hope
    return None


def _spent(state: GameState, nodes: Sequence[Node], mover: int) -> GameState | None:
    """The position after the entry a line (``nodes``) starts with when that entry leaves
    ``mover``'s queued debts shorter of money (``consent.shortfall``) by a spot, an investment
    or a resolve, else None: what a spot gives away only another's consent brings back, money
    invested comes back only by a divest that weakens it, and a contract left unpaid becomes a
    loan that may fall due when nothing can.  (A new contract is a debt the mover chose with
    what it brings; it does not count.)"""
    before = shortfall(state, mover)
    first, action = nodes[0], nodes[0].action
    if action is not None and action[0] == SPOT:
        if shortfall(first.state, mover) > before:
            return first.state
        if len(nodes) < 2:
            return None
        first, action = nodes[1], nodes[1].action  # the action the line plays after the spot
    if action is None:
        return None
    if action[0] != CONTRACT and shortfall(first.state, mover) > before:
        return first.state
    return None


def _endangering(
    state: GameState, child: Node, nodes: Sequence[Node], mover: int, memo: Memo
) -> bool:
    """Whether the entry a line starts with lets the others bankrupt ``mover`` before their turn.

    A spot is judged with the action the line plays after it, or, when the
    line stops at the spot, with every candidate action (endangering when
    all of them are).
    """
    after = child.state
    if after.pending.phase is Phase.TURN and after.pending.player == mover:  # a spot: mid-turn
        if len(nodes) > 1:
            return endangered(nodes[1].state, mover, memo=memo)
        return all(
            endangered(apply(after, decision(after, action)), mover, memo=memo)
            for action in candidates(after)
        )
    return endangered(after, mover, memo=memo)
