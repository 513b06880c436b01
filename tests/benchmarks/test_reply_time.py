"""``benchmarks/reply_time``: each engine reply of a real ``forex play`` timed on its own,
by wrapping what ``forexcli.replies`` calls (the product unchanged)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from benchmarks import reply_time
from forexcli.record import files, gamelog
from tests.cli.test_commands import run


def test_each_reply_of_a_play_command_is_timed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import forexcli.replies as replies

    for name in ("edit", "engine_entry", "_record"):  # undone after the test
        monkeypatch.setattr(replies, name, getattr(replies, name))
    log = tmp_path / "t.yaml"
    made = run(["new", str(log), "--players", "a,b,c", "--seed", "7", "--engine", "b:20",
                "--engine", "c:20"])  # fmt: skip
    assert made.exit_code == 0, made.output
    out = tmp_path / "replies.json"
    reply_time.timed_command(str(out), ["play", str(log), "a", "invest GBP"])
    timed = json.loads(out.read_text())
    entries = gamelog.replay(gamelog.read_log(files.read_bytes(str(log)), str(log))).log.entries
    assert [(r["player"], r["decision"]) for r in timed] == [
        (e.player, e.text) for e in entries[1:]
    ]
    assert [r["player"] for r in timed] == ["b", "c"]
    for reply in timed:
        assert reply["budget"] == "20 simulations"
        assert 0 < reply["decision_wall"] <= reply["wall"]
        assert 0 <= reply["decision_cpu"] <= reply["cpu"]


def test_summary_gives_max_p95_and_median() -> None:
    replies = [{"wall": float(n)} for n in range(1, 21)]
    assert reply_time.summary(replies, "wall") == (20.0, 19.0, 10.5)
    assert reply_time.summary([{"wall": 0.5}], "wall") == (0.5, 0.5, 0.5)
