"""`remove_last(after=N)` checks the move count on the copy it edits."""

from __future__ import annotations

from pathlib import Path

import pytest

from forexcli.record import edit
from forexcli.record.problems import LogError

LOG = """\
forex: 1
players: [alice, bob]
removed: {GBP: 1, USD: 2, CNY: 3}
moves:
  - alice: resolve
"""


def test_a_move_added_meanwhile_is_never_removed(tmp_path: Path) -> None:
    path = tmp_path / "game.yaml"
    path.write_text(LOG, encoding="utf-8")
    # The sender saw 1 move; bob's move arrives before the undo runs.
    edit.append(str(path), "alice", "strengthen EUR")
    before = path.read_bytes()
    with pytest.raises(LogError) as caught:
        edit.remove_last(str(path), after=1)
    assert [p.code for p in caught.value.problems] == ["log_moved_on"]
    assert "has 2 moves, not 1" in caught.value.problems[0].message
    assert path.read_bytes() == before


def test_the_count_seen_removes_the_last_move(tmp_path: Path) -> None:
    path = tmp_path / "game.yaml"
    path.write_text(LOG, encoding="utf-8")
    edit.append(str(path), "alice", "strengthen EUR")
    change = edit.remove_last(str(path), after=2)
    assert change.removed is not None
    assert (change.removed.number, change.removed.player, change.removed.text) == (
        2,
        "alice",
        "strengthen EUR",
    )
    assert path.read_text(encoding="utf-8") == LOG
