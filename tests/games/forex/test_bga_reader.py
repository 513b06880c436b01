"""The conformance reader itself (tests/bga.py), on constructed events.

The 60 conformance games hold no final tie, so the path of Board Game Arena's
final strongest-currency choice is checked here with events made to the
format of ``shared/conformance/README.md``: BGA names that state
``strongestCurrency`` (its transition into it is ``chooseStrongest``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from forexcli.games.forex.rules import ChooseStrongest, Phase, Resolve, apply
from tests import bga
from tests.games.forex.test_rules import ALICE, BOB, CAROL, game, with_board, with_certs
from tests.games.forex.test_rules_scoring import ROCK_PAPER_SCISSORS, ended_by_bankruptcy

IDS = {"alice": 11, "bob": 12, "carol": 13}


def _game(events: list[dict[str, Any]]) -> bga.BgaGame:
    raw = {
        "players": [
            {"id": pid, "seat": seat, "name": name}
            for seat, (name, pid) in enumerate(IDS.items(), 1)
        ],
        "first_player": IDS["alice"],
        "events": events,
    }
    return bga.BgaGame(Path("constructed.json.gz"), raw, {v: k for k, v in IDS.items()})


def test_final_strongest_choice_is_read_as_bga_writes_it() -> None:
    state = with_board(game("alice", "bob", "carol"), *ROCK_PAPER_SCISSORS)
    state = with_certs(state, ALICE, EUR=1)
    state = with_certs(state, CAROL, USD=1)
    tied = ended_by_bankruptcy(state, CAROL, BOB)
    assert tied.pending.phase is Phase.STRONGEST_TIE
    events = [
        {
            "i": 1,
            "player": IDS["bob"],
            "kind": "choose_strongest",
            "candidates": ["EUR", "USD"],
            "currency": "USD",
            "next": {"state": "gameEnd"},
        },
    ]
    constructed = _game(events)
    # The state before the choice, as BGA announces it after the resolve that ended play.
    announced = {"state": "strongestCurrency", "active": IDS["bob"]}
    assert bga.expected_pending(constructed, announced) == (Phase.STRONGEST_TIE, "bob")
    assert (tied.pending.phase, tied.pending_player) == bga.expected_pending(constructed, announced)
    ((event, decision),) = constructed.steps()
    assert decision == ChooseStrongest("bob", "USD")
    after = apply(tied, decision)
    assert after.is_over
    assert bga.expected_pending(constructed, event["next"]) == (Phase.OVER, None)


def test_other_states_are_read() -> None:
    constructed = _game([])
    assert bga.expected_pending(constructed, {"state": "playerAction", "active": 12}) == (
        Phase.TURN,
        "bob",
    )
    assert bga.expected_pending(constructed, {"state": "nextDivest", "active": 13}) == (
        Phase.DIVEST_RESPONSE,
        "carol",
    )
    assert bga.expected_pending(constructed, {"state": "strengthenCurrency", "active": 11}) == (
        Phase.DIVIDEND_TIE,
        "alice",
    )
    assert constructed.decision({"player": 11, "kind": "resolve"}) == Resolve("alice")
