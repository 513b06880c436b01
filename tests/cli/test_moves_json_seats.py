"""``forex moves --format json`` says what its text says below the list (qa27): the engine
seats, and the engine's open offer that waits for its partner's answer before any decision
(it listed the offering seat's decisions, with no word of the offer)."""

from __future__ import annotations

import json
from pathlib import Path

from tests.cli.test_commands import ROOT, run

HOPE = ROOT / "tests" / "logs" / "valid" / "engine-hope-offer.yaml"


def test_moves_json_holds_the_open_offer_and_the_engine_seats(tmp_path: Path) -> None:
    log = tmp_path / "hope.yaml"
    log.write_bytes(HOPE.read_bytes())
    assert run(["play", str(log), "computer", "--engine"]).exit_code == 0
    result = run(["moves", str(log), "--format", "json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["offer"]["player"] == "computer" and data["offer"]["partner"] == "you"
    assert data["offer"]["answer"] == f"you answer: forex play {log} you accept (or decline)"
    assert data["engines"]["computer"]["simulations"] == 40
    earlier = json.loads(run(["moves", str(log), "--format", "json", "--at", "3"]).stdout)
    assert "offer" not in earlier and "engines" not in earlier  # only as the log stands
