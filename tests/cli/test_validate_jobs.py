"""``forex validate -j N``: the same reports, in the same order, from a pool of processes."""

from __future__ import annotations

import concurrent.futures
import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from forexcli.cli import forex
from forexcli.record import validation

ROOT = Path(__file__).resolve().parents[2]
LOGS = ROOT / "tests" / "logs"


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """Valid and invalid logs, and a YAML file that is not a log, over two folders."""
    shutil.copytree(LOGS, tmp_path / "logs")
    (tmp_path / "logs" / "other.yaml").write_text("name: not a game\n", encoding="utf-8")
    return tmp_path / "logs"


def _run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(forex, ["validate", *args])
    return result.exit_code, result.output


@pytest.mark.parametrize("fmt", ["text", "json", "github"])
def test_two_processes_report_what_one_does(folder: Path, fmt: str) -> None:
    one = _run("-j", "1", "--format", fmt, "-v", str(folder))
    two = _run("-j", "2", "--format", fmt, "-v", str(folder))
    assert two == one
    assert one[0] == 1  # the folder holds invalid logs


def test_only_logs_skips_alike_in_processes(folder: Path) -> None:
    one = _run("-j", "1", "--only-logs", "--format", "json", str(folder))
    three = _run("-j", "3", "--only-logs", "--format", "json", str(folder))
    assert three == one
    assert str(folder / "other.yaml") in json.loads(one[1])["skipped"]


def test_standard_input_keeps_its_place(folder: Path) -> None:
    valid = sorted((folder / "valid").glob("*.yaml"))
    text = valid[0].read_text(encoding="utf-8")
    args = ["validate", "-j", "2", "--format", "json", str(valid[1]), "-", str(valid[2])]
    result = CliRunner().invoke(forex, args, input=text)
    assert result.exit_code == 0, result.output
    order = [result.output.index(name) for name in (valid[1].name, "<stdin>", valid[2].name)]
    assert order == sorted(order)


def test_check_files_keeps_the_order_of_the_names(folder: Path) -> None:
    names = [str(p) for p in sorted(folder.rglob("*.yaml"))] * 3
    alone = list(validation.check_files(names, jobs=1))
    pooled = list(validation.check_files(names, jobs=2))
    assert pooled == alone
    assert [r.file for r in pooled if r is not None] == [
        n for n, r in zip(names, alone, strict=True) if r is not None
    ]


def test_no_processes_to_be_had_falls_back_to_one(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse(*args: object, **kwargs: object) -> None:
        raise OSError(38, "Function not implemented")

    names = [str(p) for p in sorted(folder.rglob("*.yaml"))]
    alone = list(validation.check_files(names, jobs=1))
    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", refuse)
    assert list(validation.check_files(names, jobs=2)) == alone


def test_the_default_uses_processes_only_for_many_files(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(validation, "_cores", lambda: 2)
    assert validation.default_jobs(1) == 1
    assert validation.default_jobs(validation.PARALLEL_MIN_FILES - 1) == 1
    assert validation.default_jobs(validation.PARALLEL_MIN_FILES) == 2
    assert validation.default_jobs(1000) == 2
    monkeypatch.setattr(validation, "_cores", lambda: 64)
    assert validation.default_jobs(100_000) == validation.MAX_DEFAULT_JOBS
    monkeypatch.setattr(validation, "_cores", lambda: 1)
    assert validation.default_jobs(1000) == 1


def test_jobs_must_be_positive() -> None:
    code, output = _run("-j", "0", str(LOGS))
    assert code == 2
    assert "-j" in output or "--jobs" in output


def _python(code: str, args: list[str]) -> str:
    """What ``code`` prints, run with ``args`` in a fresh interpreter (which must succeed)."""
    done = subprocess.run(
        [sys.executable, "-c", code, *args], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_this_process_checks_the_first_file_then_shares_the_rest(folder: Path) -> None:
    """With 2 jobs, this process checks the first file (loading the readers once) before it
    starts 1 more, forked with them loaded, and checks files beside it."""
    code = (
        "import multiprocessing, os, sys\n"
        "from forexcli.record import validation\n"
        "check = validation.check_file\n"
        "def watched(name, *args):\n"
        "    loaded = 'forexcli.record.gamelog' in sys.modules\n"
        "    with open(sys.argv[1], 'a') as out:\n"
        "        out.write(f'{os.getpid()} {loaded} {name}\\n')\n"
        "    return check(name, *args)\n"
        "validation.check_file = watched\n"
        "checked = validation.check_files(sys.argv[2:], jobs=2)\n"
        "print(len(multiprocessing.active_children()))\n"
        "print(sum(report is not None for report in checked), os.getpid())\n"
    )
    names = [str(p) for p in sorted(folder.rglob("*.yaml"))] * 8
    record = folder / "checked.txt"
    started, reported, here = _python(code, [str(record), *names]).split()
    lines = [line.split(" ", 2) for line in record.read_text(encoding="utf-8").splitlines()]
    assert started == "0"  # nothing started before the first file
    assert reported == str(len(names))
    assert lines[0] == [here, "False", names[0]]  # the first file, here, nothing loaded yet
    others = {pid for pid, _, _ in lines[1:] if pid != here}
    assert len(others) == 1  # one more process
    assert all(loaded == "True" for _, loaded, _ in lines[1:])  # started with all loaded
    assert sum(pid == here for pid, _, _ in lines) > 1  # this one checks more than the first
    assert sorted(name for _, _, name in lines) == sorted(names)


def test_validate_asks_for_the_files_before_it_imports_the_records(folder: Path) -> None:
    """What ``forex validate`` has imported when it asks for the files to be checked: none
    of the records, msgspec or the readers (the first file loads what it needs)."""
    code = (
        "import sys\n"
        "from forexcli.record import validation\n"
        "def stop(*args, **kwargs):\n"
        "    wanted = ('forexcli.record', 'msgspec')\n"
        "    print(sorted(m for m in sys.modules if m.startswith(wanted)))\n"
        "    sys.exit(0)\n"
        "validation.check_files = stop\n"
        "from forexcli.cli import main\n"
        "main(['validate', *sys.argv[1:]])\n"
    )
    names = [str(p) for p in sorted(folder.rglob("*.yaml"))]
    assert _python(code, names).strip() == "['forexcli.record', 'forexcli.record.validation']"


def test_the_collector_is_paused_only_while_a_file_is_checked(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``check_files`` pauses the cyclic garbage collector while it checks a file (a few per
    cent of the time) and hands every report over with it on; one the caller has turned
    off stays off."""
    import gc

    seen: list[bool] = []
    check = validation.check_file

    def watched(*args: Any, **kwargs: Any) -> Any:
        seen.append(gc.isenabled())
        return check(*args, **kwargs)

    monkeypatch.setattr(validation, "check_file", watched)
    names = [str(p) for p in sorted(folder.rglob("*.yaml"))]
    for report in validation.check_files(names, jobs=1):
        assert gc.isenabled()
        assert report is None or report.file in names
    assert seen[0] and not any(seen[1:])  # on for the first file only
    gc.disable()
    try:
        assert len(list(validation.check_files(names, jobs=1))) == len(names)
        assert not gc.isenabled()
    finally:
        gc.enable()
