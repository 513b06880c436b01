"""World Exchangers' hooks for the game-independent search, and its baseline players.

``WORLDEX_SEARCH`` offers ``games.base.Searchable`` over the rules core.
What a player has not seen is the order of the deck: ``determinize`` sorts
the deck's cards by name (so the order the state holds, which a seeded deal
knows, is forgotten) and shuffles them with the search's own generator, then
lets the deck reveal by itself (``automatic``).  Nothing else is hidden: the
sale area, every player's cities, cash, media and board, and both trend cards
are face up.  The evaluation is ``final_scores`` (the scoring board as if the
game ended now), turned into chances of winning by a softmax over the totals
(``SCALE`` coins apart is a factor e).

A player is a function from a state where a player decides to the next log
entry (one decision, or two for a two-city turn); each is checked by the
rules core's ``apply``.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import Any, Optional

from msgspec.structs import replace

from .notation import who, write
from .rules import (
    Buy,
    Decision,
    Pass,
    Phase,
    Sell,
    State,
    apply,
    final_scores,
    legal_decisions,
)

SCALE = 250.0
"""Coins of lead that multiply a player's odds of winning by e (the evaluation's softmax)."""

Entry = tuple[Decision, ...]
Player = Callable[[State], Entry]
"""A player: the next entry for whoever decides in the state (not over, not the deck)."""


def evaluate(state: State) -> tuple[float, ...]:
    """Each seat's chance of winning: exact when over (a tie shares it), else estimated."""
    result = state.result if state.result is not None else final_scores(state)
    if state.result is not None:
        winners = result.winners()
        return tuple(
            1 / len(winners) if seat in winners else 0.0 for seat in range(len(result.ranks))
        )
    totals = [score.total for score in result.scores]
    top = max(totals)
    weights = [math.exp((total - top) / SCALE) for total in totals]
    whole = sum(weights)
    return tuple(weight / whole for weight in weights)


def final_totals(state: State) -> tuple[float, ...]:
    """Each seat's total score: the result's when over, else as if the game ended now (the
    totals ``evaluate`` weighs); the figures ``forex analyse``'s why averages."""
    result = state.result if state.result is not None else final_scores(state)
    return tuple(float(score.total) for score in result.scores)


def determinize(state: State, seat: int, rng: random.Random) -> State:
    """``state`` with the deck in an order drawn by ``rng`` (the same for any order it had)."""
    deck = sorted(state.deck)
    rng.shuffle(deck)
    return replace(state, deck=tuple(deck), order_known=True, automatic=True)


def entries(decisions: Sequence[Decision]) -> list[Entry]:
    """Decisions grouped as log entries: a two-city turn's second card goes with the first."""
    out: list[list[Decision]] = []
    for decision in decisions:
        last = out[-1] if out else None
        if (
            last is not None
            and len(last) == 1
            and isinstance(last[0], (Buy, Sell))
            and last[0].extra is not None
            and type(decision) is type(last[0])
            and decision.player == last[0].player
        ):
            last.append(decision)
        else:
            out.append([decision])
    return [tuple(group) for group in out]


def kind_first(state: State, legal: Sequence[Decision], rng: random.Random) -> Decision:
    """A playout policy: a kind of decision at random (buy, sell, ...), then one of that kind."""
    kinds: dict[type, list[Decision]] = {}
    for decision in legal:
        kinds.setdefault(type(decision), []).append(decision)
    if len(kinds) == 1:
        return legal[rng.randrange(len(legal))]
    choices = kinds[sorted(kinds, key=lambda k: k.__name__)[rng.randrange(len(kinds))]]
    return choices[rng.randrange(len(choices))]


def quick_decision(state: State, rng: random.Random) -> Decision:
    """The engine's playout policy: buy or sell at random (as ``kind_first``), then a card,
    without the options (box, rue, ring, cash, refresh); the second card of a turn, or a
    pass, from ``legal_decisions``.  Always one of ``legal_decisions`` (a test checks it),
    and cheaper to draw."""
    pending = state.pending
    if pending.phase is not Phase.TURN:
        legal = legal_decisions(state)
        return legal[rng.randrange(len(legal))]
    assert pending.seat is not None
    player = state.players[pending.seat]
    cash = player.cash
    city = state.components.city
    buyable = [card for card in state.area if city(card).base <= cash]
    if not buyable and not player.cities:
        return Pass(player.name)
    if player.cities and (not buyable or rng.randrange(2)):
        return Sell(player.name, player.cities[rng.randrange(len(player.cities))])
    return Buy(player.name, buyable[rng.randrange(len(buyable))])


class WorldexSearch:
    """World Exchangers for ``forexcli.search`` (see ``games.base.Searchable``)."""

    def seats(self, state: State) -> int:
        """How many players."""
        return len(state.players)

    def names(self, state: State) -> tuple[str, ...]:
        """The players' names by seat."""
        return tuple(player.name for player in state.players)

    def mover(self, state: State) -> Optional[int]:
        """The seat on turn (first or second card), None for the deck or when over."""
        if state.pending.phase in (Phase.TURN, Phase.SECOND):
            return state.pending.seat
        return None

    def is_over(self, state: State) -> bool:
        """True after month 12."""
        return state.is_over

    def legal(self, state: State) -> Sequence[Decision]:
        """``legal_decisions``."""
        return legal_decisions(state)

    def apply(self, state: State, decision: Decision) -> State:
        """``apply``."""
        return apply(state, decision)

    def chance(self, state: State, rng: Any) -> Decision:
        """The reveal the determinized deck gives (its first cards)."""
        return legal_decisions(state)[0]

    def evaluate(self, state: State) -> tuple[float, ...]:
        """``evaluate``."""
        return evaluate(state)

    def determinize(self, state: State, seat: int, rng: Any) -> State:
        """``determinize``."""
        return determinize(state, seat, rng)

    def revealed(self, before: State, after: State) -> bool:
        """Whether cards were turned up from the deck."""
        return len(after.deck) != len(before.deck)

    def entries(self, decisions: Sequence[Decision]) -> list[Entry]:
        """``entries``."""
        return entries(decisions)

    def write(self, decisions: Sequence[Decision]) -> str:
        """The notation of one entry."""
        return write(decisions)

    def key(self, decisions: Sequence[Decision]) -> str:
        """The player, or ``deck``."""
        return who(decisions)


WORLDEX_SEARCH = WorldexSearch()


# --------------------------------------------------------------------------- baseline players


def _mover(state: State) -> int:
    seat = WORLDEX_SEARCH.mover(state)
    if seat is None:
        raise ValueError("no player decides now")
    return seat


def _entry(state: State, choose: Callable[[State], Decision]) -> Entry:
    """``choose``'s decision, and its second card when the turn goes on without a reveal."""
    seat = _mover(state)
    first = choose(state)
    after = apply(state, first)
    if (
        after.pending.phase is Phase.SECOND
        and after.pending.seat == seat
        and not (WORLDEX_SEARCH.revealed(state, after))
    ):
        return (first, choose(after))
    return (first,)


def score_gain(state: State, decision: Decision) -> int:
    """How much the mover's final-score estimate (``final_scores``) changes by ``decision``."""
    seat = _mover(state)
    before = final_scores(state).scores[seat].total
    return final_scores(apply(state, decision)).scores[seat].total - before


def greedy_decision(state: State, rng: Optional[random.Random] = None) -> Decision:
    """The decision with the best immediate score gain (ties by ``rng``, else the first)."""
    best: list[Decision] = []
    best_gain = -math.inf
    for decision in legal_decisions(state):
        gain = score_gain(state, decision)
        if gain > best_gain:
            best, best_gain = [decision], gain
        elif gain == best_gain:
            best.append(decision)
    return rng.choice(best) if rng is not None else best[0]


def greedy_player(seed: int = 0) -> Player:
    """The greedy baseline: one ply, the best immediate score gain (ties by seed)."""
    rng = random.Random(seed)
    return lambda state: _entry(state, lambda s: greedy_decision(s, rng))


def random_player(seed: int = 0) -> Player:
    """A random player: a kind of decision at random, then one decision of that kind."""
    rng = random.Random(seed)
    return lambda state: _entry(state, lambda s: kind_first(s, legal_decisions(s), rng))
