"""The search's bankruptcy check (``endgame.endangered``) against a plain reference, on
positions from played games (issue 23: no avoidable bankruptcy)."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from forexcli.games.forex.engine import GameState, Phase, Resolve, apply, draw_removed, new_game
from forexcli.games.forex.search.candidates import candidates
from forexcli.games.forex.search.consent import shortfall
from forexcli.games.forex.search.encoding import SPOT, legal_actions
from forexcli.games.forex.search.encoding import decision as decode
from forexcli.games.forex.search.endgame import Memo, _draining_spot, endangered
from forexcli.games.forex.search.mcts import Budget
from forexcli.games.forex.search.players import engine_player, heuristic_player


def reference(state: GameState, seat: int, drained: bool = False, turns: int = 1) -> bool:
    """``endangered`` written plainly: no memo, no short cuts, every branch walked."""
    while True:
        phase = state.pending.phase
        if phase is Phase.OVER:
            return state.bankrupt == seat
        mover = state.pending.player
        assert mover is not None
        if phase is Phase.TURN and mover == seat:
            if not turns or not shortfall(state, seat):
                return False
            return all(
                reference(apply(state, decode(state, a)), seat, drained, turns - 1)
                for a in candidates(state)
                if a[0] != SPOT
            )
        if phase is Phase.TURN:
            if not drained and not state.spot_done:
                drained = True
                drain = _draining_spot(state, mover, seat)
                if drain is not None:
                    state = apply(state, decode(state, drain))
            state = apply(state, Resolve(state.players[mover]))
        elif mover == seat:
            return all(
                reference(apply(state, decode(state, a)), seat, drained, turns)
                for a in legal_actions(state)
            )
        elif phase is Phase.DIVEST_RESPONSE:
            state = apply(state, decode(state, legal_actions(state)[0]))
        else:
            return any(
                reference(apply(state, decode(state, a)), seat, drained, turns)
                for a in legal_actions(state)
            )


def played(seed: int, players: int, limit: int = 300) -> list[GameState]:
    """The positions of a quick game: the engine (4 simulations) half the time, else one ply."""
    rng = random.Random(seed)
    state = new_game([f"p{i}" for i in range(players)], draw_removed(f"safety-{seed}"))
    seen: list[GameState] = []
    while not state.is_over and len(seen) < limit:
        seen.append(state)
        if rng.random() < 0.5:
            entry = engine_player(Budget(simulations=4), seed)(state)
        else:
            entry = heuristic_player(state)
        for step in entry:
            state = apply(state, step)
    return seen


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6), st.sampled_from([2, 3, 4]))
def test_endangered_answers_as_the_plain_reference(seed: int, players: int) -> None:
    """After each candidate of a turn, with one memo shared by all the checks of a game."""
    memo: Memo = {}
    checked = 0
    for state in played(seed, players)[::3]:
        if state.pending.phase is not Phase.TURN:
            continue
        seat = state.pending.player
        assert seat is not None
        for action in candidates(state):
            if action[0] == SPOT:
                continue
            after = apply(state, decode(state, action))
            assert endangered(after, seat, memo=memo) == reference(after, seat), action
            checked += 1
    assert checked
