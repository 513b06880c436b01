"""Replay Board Game Arena's games through our engine and compare every state."""

from __future__ import annotations

from pathlib import Path

import pytest

from forexcli.games.forex.rules import CURRENCIES, apply, legal_decisions, new_game
from tests import bga


def test_all_sixty_games_are_present() -> None:
    assert len(bga.all_games()) == 60


@pytest.mark.parametrize("path", bga.all_games(), ids=lambda p: p.name.split(".")[0])
def test_game_matches_bga(path: Path) -> None:
    game = bga.load(path)
    raw = game.raw
    state = new_game(game.players, game.removed, game.first_player)
    assert bga.our_state(game, state) == bga.normalise_bga_state(raw["initial_state"])
    for event, decision in game.steps():
        if decision is None:
            continue
        assert decision in legal_decisions(state), f"event {event['i']}: {decision} not listed"
        state = apply(state, decision)
        label = f"event {event['i']} ({event['kind']})"
        nxt = event["next"]
        if nxt["state"] != "gameEnd":
            assert bga.our_state(game, state) == bga.normalise_bga_state(event["state"]), label
            phase, who = bga.expected_pending(game, nxt)
            assert (state.pending.phase, state.pending_player) == (phase, who), label
    end = raw["end"]
    assert state.is_over
    assert bga.our_state(game, state) == bga.normalise_bga_state(end["state_before_scoring"])
    result = state.result
    assert result is not None
    assert CURRENCIES[result.strongest] == end["scoring_currency"]
    assert result.decided_by == end["scoring_currency_decided_by"]
    assert result.ending == end["ending"]
    ids = {name: pid for pid, name in game.names.items()}
    scores = [end["scores"][str(ids[name])] for name in state.players]
    # BGA keeps a half in the scoring currency; our rules round the total down, and the
    # ranking follows from those totals, then certificates of the scoring currency (aux).
    keys = [(s["bankrupt"], -int(s["score"]), -s["aux"]) for s in scores]
    for seat, expected in enumerate(scores):
        name = state.players[seat]
        assert (seat == result.bankrupt) == expected["bankrupt"], name
        if not expected["bankrupt"]:
            assert result.totals[seat] == int(expected["score"]), name
            assert state.certs[seat][result.strongest] == expected["aux"], name
        assert result.ranks[seat] == 1 + sum(k < keys[seat] for k in keys), name
