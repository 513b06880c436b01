"""Parity of the commands that show a game, across their move to one path: ``show`` (every
format, ``--at``, ``--since``, pictures, the page), ``moves``, ``chart``, ``html``, ``new``,
``schema`` and their help give, byte for byte, what they gave when For-Ex and World
Exchangers each had a branch of their own.

``tests/data/parity-views.json.gz`` was written by the two-branch commands
(``python -m tests.cli.test_view_parity``): for each case the exit status and the SHA-256 of
standard output, standard error and any file written.  The logs are those of the repository
(``tests.record.test_parity.repository_logs``) and a few made here: a World Exchangers log
with an illegal entry, both games read from standard input.

One change was made knowingly: ``moves`` of a World Exchangers log with an illegal entry at
or before the move asked for now gives the hint For-Ex's gave (``forex show FILE --at N``,
the game before it); the four ``moves`` cases of ``made/illegal.yaml`` were rewritten.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import os
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.record.test_parity import ROOT, repository_logs

FIXTURE = ROOT / "tests" / "data" / "parity-views.json.gz"
# The entries of tests/golden/analyse-write.yaml were recorded again by the one path when
# that golden changed (a better engine: sessions 11 and 13): the old paths were gone by then.
COMPONENTS = ROOT / "forexcli" / "games" / "worldex" / "data" / "invented-components.json"
WORLDEX = ROOT / "examples" / "world-exchangers" / "three-players.yaml"

LOG_COMMANDS: tuple[tuple[str, ...], ...] = (
    ("show", "--format", "json"),
    ("show", "--format", "markdown"),
    ("show", "--at", "0"),
    ("show", "--at", "-1"),
    ("show", "--at", "3", "--since", "1"),
    ("show", "--since", "0", "--format", "json"),
    ("show", "--since-player", "PLAYER"),
    ("show", "--since-player", "nobody"),
    ("show", "--since", "999"),
    ("show", "--svg", "-"),
    ("show", "--svg", "-", "--at", "1"),
    ("show", "--svg", "-", "--seat", "PLAYER"),
    ("show", "--svg", "-", "--seat", "all"),
    ("show", "--html", "-"),
    ("moves", "--format", "json"),
    ("moves", "--format", "markdown"),
    ("moves", "--all"),
    ("moves", "--kind", "invest"),
    ("moves", "--at", "0"),
    ("moves", "--at", "999"),
    ("chart",),
    ("chart", "--title", "T"),
    ("html", "-o", "-"),
    ("html", "-o", "-", "--at", "2", "--title", "Page"),
)
"""The commands run on every log (``PLAYER``: the log's first player)."""

OTHER_COMMANDS: tuple[tuple[str, ...], ...] = (
    ("new", "f.yaml", "--players", "ann,bob", "--seed", "s", "--started", "2024-01-02"),
    (
        "new",
        "f.yaml",
        "--players",
        "ann,bob",
        "--seed",
        "s",
        "--started",
        "2024-01-02",
        "--dry-run",
    ),
    (
        "new",
        "f.yaml",
        "--player",
        "ann",
        "--player",
        "bob",
        "--first",
        "bob",
        "--removed",
        "GBP=1,USD=2,CNY=3",
        "--title",
        "T",
        "--site",
        "S",
        "--contact",
        "ann=a@b.c",
        "--house-rule",
        "rounding=total",
        "--schema-ref",
        "x.json",
        "--require-signatures",
        "--started",
        "",
        "--dry-run",
    ),
    ("new", "f.yaml", "--players", "ann,bob", "--seed", "s", "--removed", "GBP=6"),
    ("new", "f.yaml", "--players", "ann,bob", "--first", "carl"),
    ("new", "f.yaml", "--players", "ann,Ann"),
    ("new", "f.yaml"),
    ("new", "f.yaml", "--players", "ann,bob", "--components", "c.json"),
    (
        "new",
        "w.yaml",
        "--game",
        "world-exchangers",
        "--players",
        "ben,ann,cy",
        "--components",
        "c.json",
        "--seed",
        "s",
        "--started",
        "2024-01-02",
    ),
    (
        "new",
        "w.yaml",
        "--game",
        "world-exchangers",
        "--players",
        "ben,ann,cy",
        "--components",
        "c.json",
        "--seed",
        "s2",
        "--started",
        "2024-01-02",
        "--board",
        "ann=B",
        "--roles-side",
        "B",
        "--house-rule",
        "trend_ties=none",
        "--title",
        "W",
        "--site",
        "here",
        "--dry-run",
    ),
    (
        "new",
        "w.yaml",
        "--game",
        "world-exchangers",
        "--players",
        "ben,ann,cy",
        "--components",
        "c.json",
        "--seed",
        "s2",
        "--first",
        "cy",
        "--started",
        "",
        "--board",
        "ann=B",
        "--roles-side",
        "B",
        "--house-rule",
        "trend_ties=none",
        "--title",
        "W",
        "--site",
        "here",
    ),
    ("new", "w.yaml", "--game", "world-exchangers", "--players", "ben,ann"),
    ("new", "w.yaml", "--game", "world-exchangers", "--players", "ben,ann", "--removed", "GBP=6"),
    (
        "new",
        "w.yaml",
        "--game",
        "world-exchangers",
        "--players",
        "ben,ann",
        "--components",
        "missing.json",
    ),
    (
        "new",
        "w.yaml",
        "--game",
        "world-exchangers",
        "--players",
        "ben,ann",
        "--components",
        "c.json",
        "--first",
        "zed",
    ),
    (
        "new",
        "w.yaml",
        "--game",
        "world-exchangers",
        "--players",
        "ben,ann",
        "--components",
        "c.json",
        "--seed",
        "s",
        "--board",
        "ann=C",
    ),
    ("new", "w.yaml", "--game", "nope", "--players", "ben,ann"),
    ("schema",),
    ("schema", "log"),
    ("schema", "show"),
    ("schema", "components"),
    ("schema", "--game", "world-exchangers"),
    ("schema", "show", "--game", "world-exchangers"),
    ("schema", "components", "--game", "world-exchangers"),
    ("schema", "--list"),
    ("schema", "--game", "nope"),
    ("new", "--help"),
    ("schema", "--help"),
    ("show", "--help"),
    ("moves", "--help"),
    ("chart", "--help"),
    ("html", "--help"),
    ("--help",),
)
"""The commands run once, in a fresh folder holding the components file as ``c.json``."""


def _hash(data: str | bytes) -> str:
    raw = data.encode("utf-8", "surrogateescape") if isinstance(data, str) else data
    return hashlib.sha256(raw).hexdigest()[:16]


def _invoke(args: list[str], stdin: bytes | None = None) -> list[Any]:
    from click.testing import CliRunner

    from forexcli.cli import forex

    runner = CliRunner(env={"NO_COLOR": None, "COLUMNS": "100"})
    done = runner.invoke(forex, args, input=stdin, catch_exceptions=False)
    # The bundled components file is named by its absolute path (``new`` without
    # ``--components``): the checkout's folder is not part of what is compared.
    here = str(ROOT).encode()
    return [
        done.exit_code,
        _hash(done.stdout_bytes.replace(here, b"<ROOT>")),
        _hash(done.stderr_bytes.replace(here, b"<ROOT>")),
    ]


def _first_player(path: Path) -> str:
    for line in path.read_text("utf-8", errors="replace").splitlines():
        if line.startswith("players:"):
            names = line.partition(":")[2].strip(" []")
            return names.split(",")[0].strip() or "nobody"
    return "nobody"


def made_logs(folder: Path) -> Iterator[Path]:
    """World Exchangers logs made for the cases: one with an illegal entry (its header's
    components path kept, beside a copy of the components)."""
    data = folder / "forexcli" / "games" / "worldex" / "data"
    data.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(COMPONENTS, data / COMPONENTS.name)
    target = folder / "examples" / "world-exchangers"
    target.mkdir(parents=True, exist_ok=True)
    lines = WORLDEX.read_text("utf-8").splitlines(keepends=True)
    start = lines.index("moves:\n") + 1
    kept, count = [], 0
    for line in lines[start:]:
        if line.startswith("  - "):
            count += 1
        if count > 6:
            break
        kept.append(line)
    bad = target / "illegal.yaml"
    bad.write_text("".join(lines[:start] + kept) + "  - ai: buy Nowhere\n", encoding="utf-8")
    yield bad
    short = target / "short.yaml"
    short.write_text("".join(lines[:start] + kept), encoding="utf-8")
    yield short


def log_results(path: str, player: str) -> dict[str, Any]:
    """Every case of ``LOG_COMMANDS`` on the log at ``path`` (relative to the working folder)."""
    found = {}
    for command in LOG_COMMANDS:
        args = [player if word == "PLAYER" else word for word in command]
        found[" ".join(command)] = _invoke([args[0], path, *args[1:]])
    return found


def all_results(folder: Path) -> dict[str, Any]:
    """The results of every case, by log (relative to the repository) and command."""
    here = os.getcwd()
    found: dict[str, Any] = {}
    try:
        os.chdir(ROOT)
        for path in repository_logs():
            found[str(path.relative_to(ROOT))] = log_results(
                str(path.relative_to(ROOT)), _first_player(path)
            )
        logs = folder / "logs"
        made = list(made_logs(logs))
        os.chdir(logs)
        for path in made:
            found[f"made/{path.name}"] = log_results(str(path.relative_to(logs)), "ai")
        stdin = {
            "show": ("show", "-"),
            "moves": ("moves", "-"),
            "json": ("show", "-", "--format", "json"),
            "since": ("show", "-", "--since", "1"),
            "html": ("html", "-"),
        }
        for name, source in (
            ("forex", ROOT / "examples" / "two-players.yaml"),
            ("worldex", made[1]),  # its components not found from here
            ("worldex-beside", made[1]),
        ):
            os.chdir(made[1].parent if name == "worldex-beside" else logs)
            for case, args in stdin.items():
                found[f"stdin/{name}/{case}"] = _invoke(list(args), source.read_bytes())
        for number, command in enumerate(OTHER_COMMANDS):
            fresh = folder / f"run-{number}"
            fresh.mkdir()
            shutil.copyfile(COMPONENTS, fresh / "c.json")
            os.chdir(fresh)
            result = _invoke(list(command))
            written = sorted(p.name for p in fresh.iterdir() if p.name != "c.json")
            result.append({name: _hash((fresh / name).read_bytes()) for name in written})
            found[" ".join(command)] = result
    finally:
        os.chdir(here)
    return found


@pytest.mark.slow
def test_the_commands_that_show_a_game_print_as_before(tmp_path: Path) -> None:
    expected = json.loads(gzip.decompress(FIXTURE.read_bytes()))
    found = all_results(tmp_path)
    assert sorted(found) == sorted(expected)
    differ = {
        f"{name}: {case}"
        for name, cases in expected.items()
        for case in (cases if isinstance(cases, dict) else [None])
        if (found[name] if case is None else found[name].get(case))
        != (cases if case is None else cases[case])
    }
    assert sorted(differ) == []


if __name__ == "__main__":
    folder = Path(sys.argv[1])
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    FIXTURE.write_bytes(gzip.compress(json.dumps(all_results(folder), indent=0).encode()))
