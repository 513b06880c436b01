"""``forex show`` of a log the fast path accepts imports none of the modules made lazy.

Start-up is a target of its own (issue 12: at most twice ``import click``); a module
imported at the top of one of the modules ``show`` needs would silently bring its cost
back, so the modules that only some logs or some output need are checked here.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from benchmarks import corpus
from forexcli.games.forex.logcheck import FAST_VALIDATOR
from forexcli.record import fastpath

ROOT = Path(__file__).resolve().parents[2]

LAZY = (
    # tables of one-column characters are written without tabulate (reporters.ascii_table)
    "tabulate",
    "wcwidth",
    "importlib.metadata",
    # the full readers and validator: only for a log the fast path does not accept
    "ruamel",
    "ruamel.yaml",
    "jsonschema",
    "yaml",
    # only for logs with digests or signatures, a seed, an illegal entry, a house rule
    "forexcli.record.digests",
    "forexcli.games.forex.snapshot",
    "forexcli.record.signing",
    "forexcli.games.forex.moves",
    "forexcli.games.base",
    "forexcli.reporters.problems",
    "fractions",
    "difflib",
    # the records are msgspec Structs: making a dataclass costs ~4 M instructions each
    "dataclasses",
    # the interactive game's prompt: only for forex play FILE NAME on a terminal
    "prompt_toolkit",
    "forexcli.cli.interactive",
)

HELP_LAZY = (
    *LAZY,
    # --help needs click, the command table and the games' names and examples (the registry
    # and the help texts its lines name: tests/cli/test_help_imports.py) only: no record, no
    # engine, not the games' interface
    "msgspec",
    "forexcli.games.base",
    "forexcli.games.defaults",
    "forexcli.games.forex.game",
    "forexcli.games.worldex.game",
    "forexcli.record.problems",
    "jsonschema_rs",
    "yaml_rs",
    # the help's width is worked out as click would, without click's import of shutil
    "shutil",
)

PROBE = """
import contextlib, io, json, sys
from forexcli.cli import main
sys.argv = ["forex", *sys.argv[1:]]
out = io.StringIO()
code = 0
with contextlib.redirect_stdout(out):
    try:
        main()
    except SystemExit as stop:
        code = stop.code or 0
compiled = []  # the patterns compiled only when first needed
if "forexcli.record.fastpath" in sys.modules:
    from forexcli.games.forex import notation
    from forexcli.record import fastpath
    for name, made in [
        ("notation._kind_regexes", notation._kind_regexes),
        ("notation._spot_regex", notation._spot_regex),
        ("fastpath._suspect_in_any_text", fastpath._suspect_in_any_text),
    ]:
        if made.cache_info().currsize:
            compiled.append(name)
modules = sorted(sys.modules)
print(json.dumps({"modules": modules, "shown": out.getvalue(), "compiled": compiled, "code": code}))
"""


@pytest.fixture(scope="module")
def logs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """A generated log with ``removed:`` and one with ``seed:``, both taken by the fast path."""
    folder = tmp_path_factory.mktemp("games")
    found: dict[str, Path] = {}
    for path, _ in corpus.generate(folder, games=12, seed=5):
        text = path.read_text(encoding="utf-8")
        assert fastpath.accepted(text, FAST_VALIDATOR) is not None, path
        found.setdefault("seed" if "\nseed:" in text else "removed", path)
    assert set(found) == {"seed", "removed"}
    return found


def _probe(*args: str) -> dict[str, Any]:
    """What ``forex ARGS`` imported (in a fresh interpreter), printed, compiled lazily, and
    its exit code."""
    done = subprocess.run(
        [sys.executable, "-c", PROBE, *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    )
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def _run(*args: str) -> tuple[set[str], str]:
    """The modules ``forex ARGS`` imported (in a fresh interpreter) and what it printed."""
    result = _probe(*args)
    assert result["code"] == 0, result["shown"]
    return set(result["modules"]), result["shown"]


def _show(path: Path) -> tuple[set[str], str]:
    return _run("show", str(path))


@pytest.mark.parametrize("kind", ["removed", "seed"])
def test_show_of_an_accepted_log_imports_no_lazy_module(kind: str, logs: dict[str, Path]) -> None:
    modules, shown = _show(logs[kind])
    assert "Money" in shown and "Contract queue" in shown  # tables were printed
    assert "yaml_rs" in modules  # read by the fast path
    assert sorted(modules.intersection(LAZY)) == []
    if kind == "removed":
        assert "hashlib" not in modules  # no draw of the removed certificates


def test_show_of_an_accepted_log_compiles_no_lazy_pattern(logs: dict[str, Path]) -> None:
    assert _probe("show", str(logs["seed"]))["compiled"] == []


def test_lazy_patterns_are_compiled_when_needed(logs: dict[str, Path], tmp_path: Path) -> None:
    """A name with an accent, and a move the notation cannot read (its error is worded by the
    full parser)."""
    text = logs["removed"].read_text(encoding="utf-8")
    player = text.split("players: [", 1)[1].split(",", 1)[0]
    accented = tmp_path / "accented.yaml"
    accented.write_text(text.replace(player, player + "é"), "utf-8")
    shown = _probe("show", str(accented))
    assert shown["code"] == 0 and "Money" in shown["shown"]
    assert shown["compiled"] == ["fastpath._suspect_in_any_text"]
    misspelt = tmp_path / "misspelt.yaml"
    misspelt.write_text(text.replace(": invest ", ": invest  ", 1), "utf-8")
    checked = _probe("validate", "-j", "1", str(misspelt))
    assert checked["code"] == 1 and "bad_notation" in checked["shown"], checked["shown"]
    assert "notation._kind_regexes" in checked["compiled"]


def test_lazy_modules_are_there_when_needed(logs: dict[str, Path], tmp_path: Path) -> None:
    """The same command on a log the fast path declines reads it with the full reader."""
    text = logs["removed"].read_text(encoding="utf-8")
    declined = tmp_path / "declined.yaml"
    declined.write_text("# a tab:\t(the fast path declines tabs)\n" + text, "utf-8")
    assert fastpath.accepted(declined.read_text(encoding="utf-8"), FAST_VALIDATOR) is None
    modules, shown = _show(declined)
    assert "Money" in shown
    assert "yaml" in modules or "ruamel" in modules  # the full reader


def test_validate_of_accepted_logs_imports_no_lazy_module(logs: dict[str, Path]) -> None:
    modules, shown = _run("validate", "-j", "1", str(logs["removed"]), str(logs["seed"]))
    assert "2 valid, 0 invalid" in shown, shown
    unused = {"dataclasses", "ruamel", "ruamel.yaml", "jsonschema", "yaml", "tabulate"}
    assert sorted(modules.intersection(unused)) == []


def test_help_imports_neither_records_nor_the_engine() -> None:
    modules, shown = _run("--help")
    assert "Usage: forex" in shown and "show" in shown
    assert sorted(modules.intersection(HELP_LAZY)) == []


@pytest.mark.parametrize(("columns", "widest"), [("60", 58), ("200", 98), ("", 78)])
def test_help_fits_the_width_click_would_give_it(columns: str, widest: int) -> None:
    """COLUMNS (else 80 off a terminal), at most 100, less click's margin of 2; never below 50."""
    import os

    env = {key: value for key, value in os.environ.items() if key != "COLUMNS"}
    if columns:
        env["COLUMNS"] = columns
    shown = subprocess.run(
        [sys.executable, "-c", "from forexcli.cli import main; main()", "show", "--help"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    options = shown.split("Exit status:")[0]  # the epilog is kept as written (click's \b)
    lengths = [len(line) for line in options.splitlines()]
    assert max(lengths) <= widest
    assert max(lengths) >= widest - 12  # the long option lines fill the width
