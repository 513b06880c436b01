"""Faults while writing: crashes, a full disk, read-only files, and concurrent writers."""

from __future__ import annotations

import errno
import fcntl
import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from forexcli.record import edit, entrytext, files, gamelog
from forexcli.record.problems import LogError

ROOT = Path(__file__).resolve().parents[2]
HEAD = "forex: 1\nplayers: [alice, bob]\nremoved: {GBP: 1, EUR: 1, USD: 3, JPY: 1}\n"
START = HEAD + "# a comment that must survive\nmoves:\n  - alice: contract 2 EUR for 2 CHF\n"
ROUNDS = [
    ("bob", "contract 2 EUR for 7 CNY"),
    ("alice", "invest CAD"),
    ("bob", "resolve"),
]
"""The moves after START, in order: each is legal once, and illegal right after itself."""


@pytest.fixture
def log_file(tmp_path: Path) -> Path:
    path = tmp_path / "game.yaml"
    path.write_text(START)
    return path


def names(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


def append_next(path: Path) -> edit.Change:
    return edit.append(str(path), *ROUNDS[0], note="the next move")


# --------------------------------------------------------------------------- crashes


@pytest.mark.parametrize("crash", [RuntimeError("crash"), KeyboardInterrupt()])
def test_crash_between_writing_and_renaming_keeps_the_original(
    log_file: Path, monkeypatch: pytest.MonkeyPatch, crash: BaseException
) -> None:
    seen: list[str] = []

    def hook(temp: str) -> None:
        seen.append(temp)
        assert Path(temp).read_text().endswith("    note: the next move\n")  # fully written
        raise crash

    monkeypatch.setattr(files, "before_replace", hook)
    with pytest.raises(type(crash)):
        append_next(log_file)
    assert seen and Path(seen[0]).parent == log_file.parent
    assert log_file.read_text() == START
    assert names(log_file.parent) == ["game.yaml"]


class _FailingWriter:
    """A file whose ``write`` stores half of the data, then fails like a full disk."""

    def __init__(self, real: Any) -> None:
        self.real = real

    def write(self, data: bytes) -> int:
        self.real.write(data[: len(data) // 2])
        self.real.flush()
        raise OSError(errno.ENOSPC, "No space left on device")

    def __getattr__(self, name: str) -> Any:
        return getattr(self.real, name)

    def __enter__(self) -> _FailingWriter:
        return self

    def __exit__(self, *args: object) -> None:
        self.real.close()


def test_full_disk_mid_write_keeps_the_original(
    log_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real_fdopen = os.fdopen
    monkeypatch.setattr(os, "fdopen", lambda fd, *a, **k: _FailingWriter(real_fdopen(fd, *a, **k)))
    with pytest.raises(LogError) as error:
        append_next(log_file)
    (problem,) = error.value.problems
    assert (problem.layer, problem.code) == ("io", "write_failed")
    assert problem.message == f"cannot write {log_file}: the disk is full; the file is unchanged"
    assert log_file.read_text() == START
    assert names(log_file.parent) == ["game.yaml"]


def test_full_disk_at_sync_keeps_the_original(
    log_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_space(fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", no_space)
    with pytest.raises(LogError) as error:
        append_next(log_file)
    assert "the disk is full" in error.value.problems[0].message
    assert log_file.read_text() == START
    assert names(log_file.parent) == ["game.yaml"]


@pytest.mark.parametrize(
    ("errno_", "words"),
    [(errno.ENOSPC, "the disk is full"), (errno.EACCES, "Permission denied")],
)
def test_no_room_for_the_temporary_file(
    log_file: Path, monkeypatch: pytest.MonkeyPatch, errno_: int, words: str
) -> None:
    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise OSError(errno_, os.strerror(errno_))

    monkeypatch.setattr(tempfile, "mkstemp", refuse)
    with pytest.raises(LogError) as error:
        append_next(log_file)
    (problem,) = error.value.problems
    assert problem.code == "write_failed"
    assert problem.message == (f"cannot write in {log_file.parent}: {words}; nothing was written")
    assert log_file.read_text() == START


def test_failed_rename_keeps_the_original(log_file: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(src: str, dst: str) -> None:
        raise OSError(errno.EIO, "Input/output error")

    monkeypatch.setattr(os, "replace", refuse)
    with pytest.raises(LogError) as error:
        append_next(log_file)
    assert error.value.problems[0].code == "write_failed"
    assert log_file.read_text() == START
    assert names(log_file.parent) == ["game.yaml"]


def test_a_killed_writer_leaves_the_original_and_its_litter_is_swept(log_file: Path) -> None:
    """A process killed between writing the temporary file and the rename."""
    code = (
        "import os, sys\n"
        "from forexcli.record import edit, files\n"
        "files.before_replace = lambda temp: os._exit(3)\n"
        f"edit.append(sys.argv[1], {ROUNDS[0][0]!r}, {ROUNDS[0][1]!r})\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, str(log_file)], cwd=ROOT, capture_output=True, timeout=60
    )
    assert done.returncode == 3
    assert log_file.read_text() == START
    litter = [n for n in names(log_file.parent) if n != "game.yaml"]
    assert len(litter) == 1 and litter[0].startswith(".game.yaml.") and litter[0].endswith(".tmp")
    # The next writer, holding the lock, removes what the dead one left.
    append_next(log_file)
    assert names(log_file.parent) == ["game.yaml"]
    assert gamelog.load(log_file).entries[-1].text == ROUNDS[0][1]


# --------------------------------------------------------------------------- refusals


def test_read_only_file_is_refused(log_file: Path) -> None:
    log_file.chmod(0o444)
    try:
        actions: list[Callable[[], object]] = [
            lambda: append_next(log_file),
            lambda: edit.set_note(str(log_file), 1, "x"),
            lambda: edit.remove_last(str(log_file)),
        ]
        for action in actions:
            with pytest.raises(LogError) as error:
                action()
            (problem,) = error.value.problems
            assert (problem.layer, problem.code) == ("io", "read_only")
            assert problem.message == f"{log_file} is read-only; nothing was written"
    finally:
        log_file.chmod(0o644)
    assert log_file.read_text() == START
    assert names(log_file.parent) == ["game.yaml"]


def test_the_file_mode_is_kept(log_file: Path) -> None:
    log_file.chmod(0o640)
    append_next(log_file)
    assert log_file.stat().st_mode & 0o777 == 0o640


def test_edits_go_through_a_symbolic_link(log_file: Path) -> None:
    link = log_file.parent / "link.yaml"
    link.symlink_to(log_file.name)
    edit.append(str(link), *ROUNDS[0])
    assert link.is_symlink()
    assert gamelog.load(log_file).entries[-1].text == ROUNDS[0][1]


def test_a_file_changed_since_it_was_read_is_not_overwritten(
    log_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    other = START + "  - bob: resolve\n"  # another writer got there first
    real = entrytext.appended_text

    def meanwhile(*args: Any) -> str:
        log_file.write_text(other)
        return real(*args)

    monkeypatch.setattr(edit, "appended_text", meanwhile)
    with pytest.raises(LogError) as error:
        append_next(log_file)
    (problem,) = error.value.problems
    assert (problem.layer, problem.code) == ("io", "changed_on_disk")
    assert "run the command again" in problem.message
    assert log_file.read_text() == other
    assert names(log_file.parent) == ["game.yaml"]


def test_a_file_replaced_while_waiting_for_the_lock_is_not_overwritten(
    log_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real_lock = files._lock

    def lock_then_replaced(fd: int, path: str) -> None:
        real_lock(fd, path)
        # Another writer renamed its file into place (the same bytes, a new inode).
        temp = log_file.parent / "other.tmp"
        temp.write_text(START)
        os.replace(temp, log_file)

    monkeypatch.setattr(files, "_lock", lock_then_replaced)
    with pytest.raises(LogError) as error:
        append_next(log_file)
    assert error.value.problems[0].code == "changed_on_disk"
    assert log_file.read_text() == START


def test_a_file_removed_before_writing(log_file: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    real = entrytext.appended_text

    def meanwhile(*args: Any) -> str:
        log_file.unlink()
        return real(*args)

    monkeypatch.setattr(edit, "appended_text", meanwhile)
    with pytest.raises(LogError) as error:
        append_next(log_file)
    assert error.value.problems[0].code == "changed_on_disk"
    assert names(log_file.parent) == []


def test_a_lock_held_too_long(log_file: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(files, "LOCK_TIMEOUT_SECONDS", 0.2)
    with open(log_file, "rb") as holder:
        fcntl.flock(holder.fileno(), fcntl.LOCK_EX)
        started = time.monotonic()
        with pytest.raises(LogError) as error:
            append_next(log_file)
        assert time.monotonic() - started < 5
    (problem,) = error.value.problems
    assert (problem.code, problem.message) == (
        "locked",
        f"{log_file} is locked by another forex process; nothing was written",
    )
    assert log_file.read_text() == START


# --------------------------------------------------------------------------- concurrency

_CHILD = """
import json, os, sys, time
from forexcli.record import edit, files
from forexcli.record.problems import LogError
path, go, player, decision, pause = sys.argv[1:6]
if float(pause):
    files.before_replace = lambda temp: time.sleep(float(pause))
while not os.path.exists(go):
    time.sleep(0.001)
try:
    edit.append(path, player, decision)
    print(json.dumps({"ok": True}))
except LogError as error:
    print(json.dumps({"ok": False, "problems": [p.as_dict() for p in error.problems]}))
"""


def _race(path: Path, move: tuple[str, str], writers: int, pause: float) -> list[dict[str, Any]]:
    """``writers`` processes append ``move`` to ``path`` at the same moment."""
    go = path.parent / "go"
    children = [
        subprocess.Popen(
            [sys.executable, "-c", _CHILD, str(path), str(go), *move, str(pause)],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(writers)
    ]
    time.sleep(0.5)  # let them import and wait
    go.touch()
    results = []
    for child in children:
        out, err = child.communicate(timeout=120)
        assert "Traceback" not in err, err
        assert child.returncode == 0, err
        results.append(json.loads(out))
    go.unlink()
    return results


@pytest.mark.slow
@pytest.mark.parametrize(("writers", "pause"), [(2, 0.3), (6, 0.0)])
def test_concurrent_appends_one_wins_and_no_move_is_lost(
    log_file: Path, writers: int, pause: float
) -> None:
    expected = [e.text for e in gamelog.load(log_file).entries]
    for move in ROUNDS:
        results = _race(log_file, move, writers, pause)
        winners = [r for r in results if r["ok"]]
        assert len(winners) == 1, results
        for loser in (r for r in results if not r["ok"]):
            (problem,) = loser["problems"]
            # Refused under the lock, or (if it read the file late) refused by the rules.
            assert problem["code"] in ("changed_on_disk", "not_your_turn", "wrong_decision_kind")
        expected.append(move[1])
        log = gamelog.load(log_file)
        assert [e.text for e in log.entries] == expected
        assert gamelog.replay(log).problem is None
    assert log_file.read_text().startswith(START)
    assert names(log_file.parent) == ["game.yaml"]


@pytest.mark.slow
def test_concurrent_appends_through_the_command(log_file: Path) -> None:
    """Real `forex play` processes (python -m forexcli.cli) racing on one file."""
    if not (ROOT / "forexcli" / "cli.py").exists():
        pytest.skip("no forexcli/cli.py yet")
    go = log_file.parent / "go"
    code = (
        "import os, runpy, sys, time\n"
        "go = sys.argv.pop(1)\n"
        "while not os.path.exists(go):\n"
        "    time.sleep(0.001)\n"
        "sys.argv[0] = 'forex'\n"
        "runpy.run_module('forexcli.cli', run_name='__main__')\n"
    )
    player, decision = ROUNDS[0]
    children = [
        subprocess.Popen(
            [sys.executable, "-c", code, str(go), "play", str(log_file), player, decision],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env={**os.environ, "NO_COLOR": "1"},
        )
        for _ in range(4)
    ]
    time.sleep(0.5)
    go.touch()
    outcomes = []
    for child in children:
        out, err = child.communicate(timeout=120)
        assert "Traceback" not in out + err, err
        outcomes.append((child.returncode, out, err))
    statuses = sorted(status for status, _, _ in outcomes)
    assert statuses[0] == 0 and all(s in (1, 2) for s in statuses[1:]), outcomes
    for status, _, err in outcomes:
        if status:
            assert "changed_on_disk" in err or "not_your_turn" in err, err
    go.unlink()
    texts = [e.text for e in gamelog.load(log_file).entries]
    assert texts == ["contract 2 EUR for 2 CHF", decision]
    assert names(log_file.parent) == ["game.yaml"]
