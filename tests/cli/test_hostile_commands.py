"""Every command that reads a log answers each hostile file cleanly.

The corpus is the one of ``test_hostile`` (made at test time).  For each file
and each command: an exit status of 1 or 2, a message (on stderr; `validate` reports on stdout), no
traceback, nothing that could act on a terminal, and the file unchanged.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from forexcli.cli import forex
from forexcli.record import validation
from tests.record.test_hostile import HOSTILE

COMMANDS: dict[str, list[str]] = {
    "show": ["show", "{f}"],
    "show json": ["show", "--format", "json", "{f}"],
    "moves": ["moves", "{f}"],
    "history": ["history", "{f}"],
    "validate": ["validate", "{f}"],
    "play": ["play", "{f}", "alice", "resolve"],
    "annotate": ["annotate", "{f}", "1", "a note"],
    "undo": ["undo", "{f}"],
    "message": ["message", "{f}"],
    "chart": ["chart", "{f}"],
    "diff": ["diff", "{f}", "{f}"],
}


def _terminal_safe(text: str) -> bool:
    return all(ch.isprintable() or ch == "\n" for ch in text)


def _run(args: list[str], path: Path) -> tuple[int, str, str, BaseException | None]:
    runner = CliRunner(env={"NO_COLOR": "1"})
    result = runner.invoke(forex, [a.replace("{f}", str(path)) for a in args])
    exception = result.exception if not isinstance(result.exception, SystemExit) else None
    return result.exit_code, result.stdout, result.stderr, exception


@pytest.mark.slow
@pytest.mark.parametrize("name", list(HOSTILE))
def test_every_command_answers_a_hostile_file_cleanly(tmp_path: Path, name: str) -> None:
    content = HOSTILE[name][0]
    path = tmp_path / "game.yaml"
    path.write_bytes(content)
    for command, args in COMMANDS.items():
        code, out, err, exception = _run(args, path)
        label = f"{name}: forex {command}"
        assert exception is None, f"{label}: {exception!r}"
        if command == "undo" and code == 0:
            # Removing an illegal last move is what undo is for: the log left is valid.
            assert validation.check(path)[0] == [], label
            path.write_bytes(content)
            continue
        if command == "diff" and code == 0:
            # A file compared with itself has the same moves; diff compares, validate judges.
            assert {p.layer for p in validation.check(path)[0]} == {"rules"}, label
            continue
        assert code in (1, 2), f"{label}: exit {code}"
        assert (out + err).strip(), f"{label}: no message"
        assert "Traceback" not in out + err, label
        assert _terminal_safe(out) and _terminal_safe(err), f"{label}: {err!r}"
        assert path.read_bytes() == content, f"{label}: the file changed"
        assert sorted(p.name for p in tmp_path.iterdir()) == ["game.yaml"], label


@pytest.mark.parametrize("kind", ["missing", "folder", "fifo"])
def test_every_command_answers_a_path_that_is_not_a_log(tmp_path: Path, kind: str) -> None:
    import os

    path = tmp_path / "game.yaml"
    if kind == "folder":
        path.mkdir()
    elif kind == "fifo":
        os.mkfifo(path)
    for command, args in COMMANDS.items():
        if kind == "folder" and command == "validate":
            continue  # a folder is what validate searches (an empty one holds no log)
        code, out, err, exception = _run(args, path)
        label = f"{kind}: forex {command}"
        assert exception is None, f"{label}: {exception!r}"
        assert code in (1, 2), f"{label}: exit {code}"
        assert (out + err).strip() and "Traceback" not in out + err, label
