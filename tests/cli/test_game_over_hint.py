"""``forex hint`` and ``play --engine`` on a finished game name the file in the command they
suggest (qavscomputer): the hint read ``forex analyse FILE judges ...``, a placeholder where
every other hint of theirs names the log."""

from __future__ import annotations

import shutil
from pathlib import Path

from tests.cli.test_commands import EXAMPLES, run


def test_the_game_over_hint_names_the_log(tmp_path: Path) -> None:
    done = tmp_path / "done.yaml"
    shutil.copyfile(EXAMPLES / "two-players.yaml", done)
    for args in (["hint", str(done)], ["play", str(done), "ada", "--engine"]):
        result = run([*args, "--simulations", "5"], COLUMNS="300")
        assert result.exit_code == 1, result.output
        assert f"hint: forex analyse {done} judges the decisions of a finished game" in (
            result.stderr
        )
