"""The game registry and the ``Game`` interface: both games fit it; For-Ex through it is
exactly For-Ex (every example log replays to the same states and digests)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from forexcli import games
from forexcli.games.base import BaseGame, Game
from forexcli.games.base import state_digest as frame_digest
from forexcli.games.forex import FOREX
from forexcli.games.forex.rules import Decision as ForexDecision
from forexcli.games.forex.rules import GameState
from forexcli.games.forex.snapshot import state_digest
from forexcli.games.worldex import WORLDEX
from forexcli.games.worldex.load import EXAMPLE_COMPONENTS, read_components
from forexcli.games.worldex.rules import Decision, State, commitment
from forexcli.record import gamelog
from tests.every_game import SHIPPED

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted((ROOT / "examples").glob("*.yaml"))


def test_both_games_satisfy_the_protocol() -> None:
    forex: Game[GameState, ForexDecision] = FOREX
    worldex: Game[State, Decision] = WORLDEX
    assert isinstance(forex, Game) and isinstance(worldex, Game)


def test_the_registry_finds_games_by_the_headers_name() -> None:
    assert games.names()[: len(SHIPPED)] == SHIPPED == ("for-ex", "world-exchangers")
    assert games.get() is FOREX and games.for_header({"players": ["a", "b"]}) is FOREX
    assert games.for_header({"game": "world-exchangers"}) is WORLDEX
    for header in ({"game": "chess"}, {"game": 3}):
        with pytest.raises(games.UnknownGame) as caught:
            games.for_header(header)
        assert caught.value.code == "unknown_game" and "for-ex" in caught.value.reason


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_forex_through_the_interface_is_forex(path: Path) -> None:
    log = gamelog.load(path)
    played = gamelog.replay(log)
    header: dict[str, Any] = dict(log.header)
    state = FOREX.setup(header, {})
    assert state == played.initial
    for entry, expected in zip(log.entries, played.states, strict=False):
        decisions = FOREX.parse(entry.player, entry.text)
        assert FOREX.write(decisions) == entry.text
        assert FOREX.key(decisions) == entry.player
        for decision in decisions:
            assert FOREX.pending(state).deciders == (decision.player,)
            assert decision in FOREX.legal(state) or decision.__class__.__name__ == "Spot"
            state = FOREX.apply(state, decision)
        assert state == expected
        assert frame_digest(FOREX, state) == state_digest(state)
        if entry.digest is not None:
            assert state_digest(state) == entry.digest
    assert FOREX.log_keys(header) == log.players
    assert FOREX.pending(state).over == state.is_over
    if state.is_over:
        assert FOREX.result(state) == FOREX.view(state)["result"]


def worldex_header(**changes: Any) -> dict[str, Any]:
    header: dict[str, Any] = {
        "game": "world-exchangers",
        "worldex": 1,
        "players": ["ai", "louis"],
        "components": {"file": "invented-components.json", "sha256": "0" * 64},
        "setup": {
            "roles": {"ai": "Felix", "louis": "Rue"},
            "starting": {
                "ai": ["Dallas", "Cairo", "Taipei"],
                "louis": ["Osaka", "Bogota", "Accra"],
            },
            "trends": {"mid": "mid-most-cities", "end": "end-1000-0"},
            "area": ["Vienna", "Dubai", "Melbourne", "Lisbon", "Roma"],
        },
    }
    header.update(changes)
    return header


def test_worldex_through_the_interface() -> None:
    from jsonschema import Draft202012Validator

    data = read_components(EXAMPLE_COMPONENTS).data
    header = worldex_header()
    log_schema = WORLDEX.schemas()["log"]
    assert not list(Draft202012Validator(log_schema).iter_errors({**header, "moves": []}))
    assert WORLDEX.log_keys(header) == ("ai", "louis", "deck")
    (resource,) = WORLDEX.resources(header)
    assert (resource.role, resource.path) == ("components", "invented-components.json")
    state = WORLDEX.setup(header, {"components": data})
    assert WORLDEX.pending(state).deciders == ("ai",)
    entries = [("ai", "buy Vienna"), ("louis", "buy Roma"), ("ai", "sell Vienna")]
    for key, text in entries:
        (decision,) = WORLDEX.parse(key, text)
        assert decision in WORLDEX.legal(state)
        state = WORLDEX.apply(state, decision)
        assert WORLDEX.write((decision,)) == text
    assert type(WORLDEX).describe is not BaseGame.describe  # it tells what happened
    before = WORLDEX.setup(header, {"components": data})
    (first,) = WORLDEX.parse("ai", "buy Vienna")
    told = WORLDEX.describe(before, first, WORLDEX.apply(before, first))
    # the rulebook's Vienna: base value 100, cash 300 -> 200
    assert told == (
        "ai buys Vienna for 100: cash 300 -> 200 in month 1.",
        "The month-1 line gains no symbol.",
    )
    view = WORLDEX.view(state)
    assert view["players"][0]["line"] == [300, 200, 400]
    assert "deck" not in view and view["deck_size"] == 40
    assert WORLDEX.result(state) is None
    moves = [{key: text} for key, text in entries]
    assert not list(Draft202012Validator(log_schema).iter_errors({**header, "moves": moves}))


def test_worldex_seeded_header_with_commitment() -> None:
    data = read_components(EXAMPLE_COMPONENTS).data
    header = worldex_header(deal="seed", seed="s3cret", seed_sha256=commitment("s3cret"))
    del header["setup"]
    header["first"] = "louis"  # the seed deals Wigstan and Rue: nobody holds the red marker
    state = WORLDEX.setup(header, {"components": data})
    while not WORLDEX.pending(state).over:
        state = WORLDEX.apply(state, WORLDEX.legal(state)[0])
    result = WORLDEX.result(state)
    assert result is not None and len(result["winners"]) >= 1
    assert all(
        p["total"]
        == sum(
            [
                p["cities"],
                p["cash"],
                p["settlement"],
                *p["investments"].values(),
                p["trend"],
                p["media"],
            ]
        )
        for p in result["players"]
    )
