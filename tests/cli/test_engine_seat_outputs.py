"""Engine seats (issue 43) in every output: the JSON of show, history and play, play's
replies with --format json, --message and --eml, and sentences for a player named you."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from forexcli.record import gamelog
from forexcli.record.seats import open_offer
from tests.cli.test_commands import run
from tests.cli.test_engine_seats import COMPONENTS, _new, _offer_log

ROOT = Path(__file__).parent.parent.parent
FOREX_SHOW = json.loads((ROOT / "schemas" / "forex-show.schema.json").read_text("utf-8"))
WORLDEX_SHOW = json.loads((ROOT / "schemas" / "worldex-show.schema.json").read_text("utf-8"))


def _json(*args: str) -> Any:
    result = run([*args, "--format", "json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def _worldex(tmp_path: Path, engine: str = "bot:20") -> Path:
    log = tmp_path / "wx.yaml"
    result = run(
        ["new", str(log), "--game", "world-exchangers", "--players", "ann,bot", "--seed", "4",
         "--first", "ann", "--components", str(COMPONENTS), "--engine", engine]
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    return log


# --------------------------------------------------------------------------- 1: JSON


SECOND = {"budget": "1s", "seconds": 1.0, "simulations": None, "text": "1 s a decision"}


def test_show_and_history_json_carry_the_engine_seats(tmp_path: Path) -> None:
    log = _new(tmp_path / "t.yaml", "--engine", "computer", "--engine", "bot:300",
               players="you,computer,bot")  # fmt: skip
    shown = _json("show", str(log))
    jsonschema.validate(shown, FOREX_SHOW)
    hundreds = {"budget": 300, "seconds": None, "simulations": 300}
    assert shown["engines"] == {
        "computer": SECOND,
        "bot": {**hundreds, "text": "300 simulations a decision"},
    }
    assert "offer" not in shown
    history = _json("history", str(log))
    assert history["engines"] == shown["engines"] and "offer" not in history
    plain = _new(tmp_path / "plain.yaml")
    assert "engines" not in _json("show", str(plain))  # a log without seats: as before
    assert "engines" not in _json("history", str(plain))


def test_world_exchangers_json_carries_the_engine_seats(tmp_path: Path) -> None:
    log = _worldex(tmp_path, "bot:2s")
    shown = _json("show", str(log))
    jsonschema.validate(shown, WORLDEX_SHOW)
    two = {"budget": "2s", "seconds": 2.0, "simulations": None, "text": "2 s a decision"}
    assert shown["engines"] == {"bot": two}
    assert _json("history", str(log))["engines"] == {"bot": two}


def test_show_and_history_json_carry_the_open_offer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    log, _ = _offer_log(tmp_path, monkeypatch)
    offer = open_offer(gamelog.read_log(log.read_text(), str(log)).header)
    assert offer is not None
    shown = _json("show", str(log))
    jsonschema.validate(shown, FOREX_SHOW)
    assert shown["offer"] == {
        "player": "computer",
        "partner": "you",
        "decision": offer.decision,
        "spot": offer.decision.split(";")[0],
        "declined": [],
        "answer": f"you answers: forex play {log} you accept (or decline)",
    }
    assert shown["engines"]["computer"]["simulations"] == 20
    assert _json("history", str(log))["offer"] == shown["offer"]
    run(["play", str(log), "you", "decline"])
    again = _json("show", str(log))
    if "offer" in again:  # the engine chose another offer: it lists the declined one
        assert again["offer"]["declined"] == [offer.decision]
