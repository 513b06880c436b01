"""The search's progress bar on a terminal ends at 100% when the search stops on time (a
budget counted from the command's start stops it before the time is all gone): in a real
pseudo-terminal (``forex hint``), and ``_Progress.finish`` itself."""

from __future__ import annotations

import io
import os
import re
import sys
from pathlib import Path

import pexpect
import pytest

from forexcli.games.base import Budget
from tests.cli.test_commands import ROOT, run

PERCENT = re.compile(r"(\d+)%")


class _Terminal(io.StringIO):
    """Standard error that says it is a terminal."""

    def isatty(self) -> bool:
        return True


def test_finish_shows_the_bar_full_and_close_leaves_it(monkeypatch: pytest.MonkeyPatch) -> None:
    from forexcli.cli.engine import _search_progress

    for done in (True, False):
        err = _Terminal()
        monkeypatch.setattr(sys, "stderr", err)
        bar, update = _search_progress(Budget(simulations=4000), "thinking")
        assert bar is not None and update is not None
        update(1000)
        if done:
            bar.finish()
        else:
            bar.close()  # interrupted: where it was
        shown = PERCENT.findall(err.getvalue())
        assert shown and shown[-1] == ("100" if done else "25"), err.getvalue()


def test_hint_in_a_terminal_ends_its_bar_at_100_percent(tmp_path: Path) -> None:
    log = tmp_path / "duel.yaml"
    assert run(["new", str(log), "--players", "ann,bob", "--seed", "7"]).exit_code == 0
    env = {**os.environ, "PYTHONPATH": str(ROOT), "NO_COLOR": "1", "TERM": "xterm"}
    child = pexpect.spawn(
        sys.executable,
        ["-m", "forexcli.cli", "hint", str(log), "--seconds", "1"],
        env=env,
        encoding="utf-8",
        timeout=60,
        dimensions=(24, 80),
    )
    child.expect(pexpect.EOF)
    child.close()
    said = child.before or ""
    assert child.exitstatus == 0, said
    bar = said.split("ann to play")[0]  # the bar comes before the report
    shown = PERCENT.findall(bar)
    assert shown and shown[-1] == "100", bar
