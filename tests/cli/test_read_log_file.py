"""``forex read FILE --into LOG`` takes a log file itself (a saved attachment), as ``forex
diff`` and ``undo --settle`` do: read as a mail, its lines were taken for header fields and it
was refused as holding no log (qa27)."""

from __future__ import annotations

from pathlib import Path

from tests.cli.test_commands import run


def _ok(*args: str) -> str:
    result = run(list(args))
    assert result.exit_code == 0, result.output
    return result.output


def test_a_log_file_is_read_as_the_log(tmp_path: Path) -> None:
    mine, theirs = tmp_path / "mine.yaml", tmp_path / "theirs.yaml"
    _ok("new", str(mine), "--players", "ann,ben", "--seed", "1")
    theirs.write_bytes(mine.read_bytes())
    _ok("play", str(theirs), "ann", "invest EUR")
    said = _ok("read", str(theirs), "--into", str(mine))
    assert f"{theirs}: 1 new move (move 1)." in said
    assert "saved" in said and "(from the log file)" in said
    assert mine.read_bytes() == theirs.read_bytes()
    fresh = tmp_path / "fresh.yaml"
    result = run(["read", "-", "--into", str(fresh)], input=theirs.read_bytes())
    assert result.exit_code == 0, result.output
    assert fresh.read_bytes() == theirs.read_bytes()


def test_a_log_file_that_forks_is_refused_as_a_fork(tmp_path: Path) -> None:
    mine, theirs = tmp_path / "mine.yaml", tmp_path / "theirs.yaml"
    _ok("new", str(mine), "--players", "ann,ben", "--seed", "1")
    theirs.write_bytes(mine.read_bytes())
    _ok("play", str(mine), "ann", "invest EUR")
    _ok("play", str(theirs), "ann", "invest CHF")
    before = mine.read_bytes()
    result = run(["read", str(theirs), "--into", str(mine)])
    assert result.exit_code == 1
    assert "fork" in result.output and "no_log" not in result.output
    assert mine.read_bytes() == before
