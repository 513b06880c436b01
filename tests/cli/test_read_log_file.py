"""``forex read FILE --into LOG`` takes a log file itself (a saved attachment), as ``forex
diff`` and ``undo --settle`` do: read as a mail, its lines were taken for header fields and it
was refused as holding no log (qa27)."""

from __future__ import annotations

from pathlib import Path

import pytest

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


UTF16_LOG = "game: forex\nplayers: [ann, ben]\n".encode("utf-16")


@pytest.mark.parametrize(
    ("content", "code"),
    [(b"", "empty"), (b"\n  \n", "empty"), (UTF16_LOG, "invalid_utf8")],
    ids=["empty", "blank", "utf16"],
)
def test_diff_and_read_tell_an_empty_or_utf16_file_as_validate_does(
    tmp_path: Path, content: bytes, code: str
) -> None:
    mine, odd = tmp_path / "mine.yaml", tmp_path / "odd.yaml"
    _ok("new", str(mine), "--players", "ann,ben", "--seed", "1")
    before = mine.read_bytes()
    odd.write_bytes(content)
    told = run(["validate", str(odd)]).stdout.splitlines()[0]
    assert told.startswith(f"{odd}:1:1: {code}: "), told
    message = told.split(f": {code}: ", 1)[1]
    for args, status, name in (
        (["diff", str(mine), str(odd)], 2, str(odd)),
        (["diff", str(odd), str(mine)], 2, str(odd)),
        (["read", str(odd), "--into", str(mine)], 1, str(odd)),
        (["read", "-", "--into", str(mine)], 1, "<stdin>"),
    ):
        result = run(args, input=content)
        assert result.exit_code == status, result.output
        assert f"{name}:1:1: {code}: {message}" in result.output, (args, result.output)
        assert "no_log" not in result.output
        assert mine.read_bytes() == before
