"""Parity of the record layer across its rewrite: every log in the repository gives what the
old two-path reader gave (For-Ex through ``record.gamelog``, other games through
``record.anylog``).

``tests/data/parity.json.gz`` was written by the old path (``python -m tests.record.test_parity``
at the commit before the one reader): for each log its problems (code, place, message,
hints), the digest of the state after every entry, the events, the final view, and the
output and exit status of ``forex validate``, ``forex show`` and ``forex moves``.  The one
reader must give the same, byte for byte.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import os
import shutil
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import msgspec
import pytest

ROOT = Path(__file__).resolve().parents[2]
FIXTURE = Path(__file__).parents[1] / "data" / "parity.json.gz"
COMMANDS = (("validate",), ("show",), ("moves",))


def repository_logs() -> Iterator[Path]:
    """Every log file of the repository: examples, test logs, the goldens' YAML."""
    for folder in ("examples", "tests/logs", "tests/golden", "tests/data"):
        yield from sorted((ROOT / folder).rglob("*.y*ml"))


def conformance_logs(folder: Path) -> Iterator[Path]:
    """The 60 conformance games as For-Ex logs (imported from their table logs)."""
    from forexcli.games.forex.bga_log import import_table
    from tests import bga

    for table in bga.all_table_logs():
        game = bga.game_of(table)
        imported = import_table(bga.table_log(table), table.name, removed=game.removed)
        path = folder / table.name.replace(".json.gz", ".yaml")
        path.write_text(imported.text, encoding="utf-8")
        yield path


def _hash(data: Any) -> str:
    return hashlib.sha256(msgspec.json.encode(data)).hexdigest()[:16]


def results(path: str, check: Callable[[str], tuple[list[Any], Any]]) -> dict[str, Any]:
    """What the record layer and the commands make of the log at ``path`` (relative to the
    working folder, so that the problems' file names are the same in every run)."""
    from click.testing import CliRunner

    from forexcli import games
    from forexcli.cli import forex
    from forexcli.games.base import state_digest

    problems, played = check(path)
    found: dict[str, Any] = {"problems": [p.as_dict() for p in problems]}
    if played is not None:
        game = games.for_header(played.log.header)
        found["digests"] = [state_digest(game, s) for s in played.states]
        found["final"] = _hash(game.view(played.final))
        if game.name == games.DEFAULT_GAME:
            found["events"] = _hash(played.events)
    runner = CliRunner(env={"NO_COLOR": None})
    for command in COMMANDS:
        done = runner.invoke(forex, [*command, path], catch_exceptions=False)
        found[" ".join(command)] = [done.exit_code, _hash(done.stdout), _hash(done.stderr)]
    return found


def all_results(check: Callable[[str], tuple[list[Any], Any]], folder: Path) -> dict[str, Any]:
    """``results`` of every log, by its path relative to the repository (the conformance
    games by their table's name)."""
    here = os.getcwd()
    try:
        os.chdir(ROOT)
        found = {
            str(p.relative_to(ROOT)): results(str(p.relative_to(ROOT)), check)
            for p in repository_logs()
        }
        paths = list(conformance_logs(folder))
        os.chdir(folder)
        for path in paths:
            found[f"conformance/{path.name}"] = results(path.name, check)
    finally:
        os.chdir(here)
    return found


@pytest.mark.slow
def test_every_log_reads_replays_and_reports_as_before(tmp_path: Path) -> None:
    expected = json.loads(gzip.decompress(FIXTURE.read_bytes()))
    found = all_results(_check, tmp_path)
    assert sorted(found) == sorted(expected)
    for name in expected:
        assert found[name] == expected[name], name


def _check(path: str) -> tuple[list[Any], Any]:
    """The check ``validate`` makes (``validation.check``): the one reader."""
    from forexcli.record.validation import check

    return check(path)


if __name__ == "__main__":
    folder = Path(sys.argv[1])
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    FIXTURE.write_bytes(gzip.compress(json.dumps(all_results(_check, folder)).encode()))
