"""Exact endings and bankruptcy checks, by playing the queue out with the reference rules.

Once the last dividend is in the queue nothing is left to chance: the game
ends when the queue reaches it, and everything after it is settled in order.
When it is near the front, the players can end the game within a round.
``settled`` plays a position out with every player resolving the front of
the queue (the fastest way to the end, the one a player ahead can force),
a tie choice going to the option best for its chooser, and returns the
exact final score shares (``ending``: the finished game).  The search values
its endgame leaves with it instead of the heuristic, so that a line ending in
a bankruptcy is seen for what it is.  The others need not resolve, though:
before the end they may trade, invest or take contracts, so the search
softens the ending's win by the turns they have before it
(``evaluate.ending_values``, ``Weights.end_spread``: 2 bucks a turn, 2-player games too).

``endangered`` says whether a player can be made bankrupt before their next
turn: the others resolve the front of the queue, each turn, until the
player is to move again, a tie choice of theirs going the worst way for the
player.  No one can take from the player by a spot the money its debts need:
a spot needs its partner's consent, and a partner refuses one that leaves its
queued debts shorter of money (``consent.accepts``, the engine's own answer).
When the player is then short of money for its queued debts, it must have a
decision other than a spot (its partner may refuse a spot) that keeps it
safe until the turn after; once the last dividend is in the queue, a line of
such decisions that keeps it safe to the end (every debt settled in order
after the dividend, a contract it cannot pay made a loan then and due at
once).  A decision after which that fails makes an avoidable loan unpayable;
the engine does not choose one while another decision is safe.
"""

from __future__ import annotations

from ..rules import DividendStack, GameState, Phase, Resolve, apply
from .candidates import candidates
from .consent import shortfall
from .encoding import DIVEST, RESOLVE, SPOT, legal_actions
from .encoding import decision as decode
from .evaluate import DEFAULT_WEIGHTS, Values, Weights, final_values

ENDGAME_DIVIDENDS = 1
"""Positions with at most this many dividends left may be valued exactly by ``settled``."""

_MAX_STEPS = 64

FINAL_LIMIT = 500
"""Answers an ``endangered`` memo holds before the walks to the end stop (answering safe, as
beyond the two turns otherwise looked at): a bound on a search's checks, in positions."""
"""More resolves than a queue can ever need (6 letters, each at most a contract and a loan)."""


def in_endgame(state: GameState) -> bool:
    """True when the search values ``state`` exactly: the last dividend is in the queue, close
    enough to the front that the players can reach it before the one to move moves again.

    (Further back, playing out by resolving would miss the turns still to come.)
    """
    if state.dividends_left > ENDGAME_DIVIDENDS:
        return False
    for index, item in enumerate(state.queue):
        if isinstance(item, DividendStack):
            return index < len(state.players)
    return False


def settled(
    state: GameState,
    table: dict[GameState, GameState] | None = None,
    weights: Weights = DEFAULT_WEIGHTS,
) -> Values:
    """The exact values after every player resolves until the end (ties: the chooser's best):
    ``final_values`` of ``ending``."""
    return final_values(ending(state, table, weights), weights)


def ending(
    state: GameState,
    table: dict[GameState, GameState] | None = None,
    weights: Weights = DEFAULT_WEIGHTS,
) -> GameState:
    """The finished game after every player resolves until the end (ties: the chooser's best
    by ``final_values``).

    A pending divest answer sells nothing.  ``table`` (a transposition
    table) gives the ends of positions already played out and receives
    those of every position on the way.
    """
    memo: dict[GameState, GameState] = {} if table is None else table
    path: list[GameState] = []
    for _ in range(_MAX_STEPS):
        known = memo.get(state)
        if known is not None:
            end = known
            break
        path.append(state)
        pending = state.pending
        phase = pending.phase
        if phase is Phase.OVER:
            end = state
            break
        seat = pending.player
        assert seat is not None
        if phase is Phase.TURN:
            state = apply(state, Resolve(state.players[seat]))
        elif phase is Phase.DIVEST_RESPONSE:
            state = apply(state, decode(state, legal_actions(state)[0]))
        else:  # a tie choice: the chooser's best way to the end
            options = [
                ending(apply(state, decode(state, a)), memo, weights) for a in legal_actions(state)
            ]
            end = max(options, key=lambda final: final_values(final, weights)[seat])
            break
    else:  # pragma: no cover
        raise AssertionError("the queue did not empty")
    for visited in path:
        memo[visited] = end
    return end


def turns_before_end(state: GameState) -> int:
    """The turns of players other than the one to move before the last dividend is resolved,
    if every player resolves (the last dividend's place in the queue)."""
    for index, item in enumerate(state.queue):
        if isinstance(item, DividendStack):
            return index
    return 0


Memo = dict[tuple[GameState, int, int], bool]
"""``endangered``'s answers by (state, seat, turns), shared by the checks of a search."""


def endangered(
    state: GameState,
    seat: int,
    *,
    turns: int = 1,
    memo: Memo | None = None,
) -> bool:
    """Whether the others can bankrupt ``seat`` before ``seat``'s next turn (see above), or, when
    ``seat`` is short of money for its queued debts then (``consent.shortfall``), before the
    turn after that whatever ``seat`` does then without a spot (a partner may refuse it),
    looking ``turns`` of ``seat``'s turns ahead (to the end once the last dividend is queued).

    ``memo`` keeps the answers of the positions where the check branches (it gives the same
    answers, faster).
    """
    if not _owes(state, seat):  # only its own contracts make its loans: nothing can fall due
        return False
    table: Memo = {} if memo is None else memo
    for _ in range(_MAX_STEPS):
        pending = state.pending
        phase = pending.phase
        if phase is Phase.OVER or phase is Phase.STRONGEST_TIE:  # (bankruptcy is known then)
            return state.bankrupt == seat
        mover = pending.player
        assert mover is not None
        if phase is Phase.TURN:
            if mover == seat:
                if not shortfall(state, seat):
                    return False
                if turns:
                    return _branch(state, seat, turns - 1, table, every=True, spots=False)
                if state.dividends_left != 1 or len(table) >= FINAL_LIMIT:
                    return False
                # The last dividend is queued: to the end, by the decisions that bring money.
                return _branch(state, seat, 0, table, every=True, spots=False, final=True)
            state = apply(state, Resolve(state.players[mover]))
        elif mover == seat:  # an answer or a tie choice of ``seat``'s own: any safe one will do
            return _branch(state, seat, turns, table, every=True)
        elif phase is Phase.DIVEST_RESPONSE:  # another's answer takes no money from ``seat``
            state = apply(state, decode(state, legal_actions(state)[0]))
        else:  # another's tie choice: the worst for ``seat``
            return _branch(state, seat, turns, table, every=False)
    raise AssertionError("the queue did not empty")  # pragma: no cover


def _branch(
    state: GameState,
    seat: int,
    turns: int,
    memo: Memo,
    *,
    every: bool,
    spots: bool = True,
    final: bool = False,
) -> bool:
    """``endangered`` after each choice of the pending player: after ``every`` one (``seat``'s
    own choices, by the ``candidates`` at a turn, with no spot unless ``spots``, only resolving
    and divesting if ``final``: any safe one saves it), or after any one (another's tie choice,
    the worst for ``seat``)."""
    key = (state, seat, turns)
    known = memo.get(key)
    if known is not None:
        return known
    if final:
        actions = [a for a in candidates(state) if a[0] in (RESOLVE, DIVEST)]
    elif state.pending.phase is Phase.TURN:
        actions = [a for a in candidates(state) if spots or a[0] != SPOT]
    else:
        actions = legal_actions(state)
    outcomes = (
        endangered(apply(state, decode(state, a)), seat, turns=turns, memo=memo) for a in actions
    )
    answer = all(outcomes) if every else any(outcomes)
    memo[key] = answer
    return answer


def _owes(state: GameState, seat: int) -> bool:
    """Whether ``seat`` has a contract or a loan in the queue."""
    return any(not isinstance(item, DividendStack) and item.owner == seat for item in state.queue)
