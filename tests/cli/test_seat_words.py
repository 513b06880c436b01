"""``forex seat FILE NAME --person`` says how the seat is played now and which engine seats
are left (qa27: it said "forex play lets the engine seats play after a person", with none
left)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.test_commands import run


def test_a_seat_handed_back_says_how_it_is_played(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    log = Path("duel.yaml")
    made = run(["new", str(log), "--players", "ann,computer,bob", "--seed", "1",
                "--engine", "computer:5", "--engine", "bob:5"])  # fmt: skip
    assert made.exit_code == 0, made.output
    said = run(["seat", str(log), "computer", "--person"], COLUMNS="200")
    assert said.exit_code == 0, said.output
    assert said.output == (
        f"computer: a person from now on (in {log}): forex play {log} computer DECISION plays"
        " it; engine seats left: bob\n"
    )
    said = run(["seat", str(log), "bob", "--person"], COLUMNS="200")
    assert said.output.endswith("plays it; engine seats left: none\n")
    assert "engines:" not in log.read_text()
