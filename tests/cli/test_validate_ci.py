"""What a CI over an archive of both games' logs meets: folders, odd files, the read-only
commands on broken logs, and the hints' commands run where the check ran (CliRunner)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.test_commands import run
from tests.cli.test_worldex_commands import copy_example


def test_a_refused_world_exchangers_move_hints_forex_moves_on_the_path_given(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = copy_example(tmp_path, 4)
    path.write_text(
        path.read_text("utf-8").replace("louis: sell Riga", "mei: sell Riga", 1), "utf-8"
    )
    monkeypatch.chdir(tmp_path)
    given = "examples/world-exchangers/game.yaml"
    result = run(["validate", given])
    assert result.exit_code == 1
    assert "not_your_turn" in result.output
    # The command the hint prints runs from here (the file's name alone is in another folder).
    assert f"forex moves {given} lists what is legal" in " ".join(result.output.split())
    # A log from standard input has no name to give.
    monkeypatch.chdir(path.parent)
    piped = run(["validate", "-"], input=path.read_bytes())
    assert "forex moves FILE lists what is legal" in " ".join(piped.output.split())
