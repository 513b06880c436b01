"""The interactive game's ``moves``, ``show`` and ``hint`` take their commands' options
(qavscomputer): ``moves --kind spot``, which ``moves`` itself suggests, was read as a
decision and refused (``bad_notation: cannot read 'moves --kind spot'``)."""

from __future__ import annotations

from pathlib import Path

from tests.cli.test_interactive import Loop, _moves, _new, _plain


def test_the_loops_commands_take_their_options(tmp_path: Path) -> None:
    log = _new(tmp_path / "duel.yaml", "--engine", "computer:20")
    loop = Loop(tmp_path, "duel.yaml", "you", "--simulations", "20")
    loop.prompt()
    said = _plain(loop.enter("moves --kind invest"))
    assert "bad_notation" not in said
    lines = said.splitlines()
    assert "invest GBP" in lines and "invest CNY CAD" in lines
    assert not any(line.startswith(("resolve", "contract", "spot")) for line in lines)
    said = _plain(loop.enter("show --at 0"))
    assert "at the start (0 moves)" in said
    said = _plain(loop.enter("hint --top 1"))
    rows = [line for line in said.splitlines() if line.startswith(("  1  ", "  2  "))]
    assert "20 simulations" in said and [row[:5] for row in rows] == ["  1  "]
    said = _plain(loop.enter("moves --kind nothing"))
    assert "Invalid value for '--kind'" in said  # the command's own usage error
    loop.child.send("quit\r")
    status, _ = loop.end()
    assert status == 0 and _moves(log) == []
