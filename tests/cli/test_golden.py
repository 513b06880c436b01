"""Golden files: the exact output of the commands on the examples.

A change in the output (layout, wording, a rule) shows up here as a diff.
When the change is intended, regenerate the files and review the diff:

    FOREX_REGEN=1 python -m pytest tests/cli/test_golden.py
    git diff tests/golden/
"""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

import pytest

from tests.cli.test_commands import ROOT, run

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
REGEN = os.environ.get("FOREX_REGEN") == "1"

CASES: dict[str, tuple[list[str], int]] = {
    "show-two-at-10.txt": (["show", "examples/two-players.yaml", "--at", "10"], 0),
    "show-two-at-10.json": (
        ["show", "examples/two-players.yaml", "--at", "10", "--format", "json"],
        0,
    ),
    "show-bankruptcy.md": (
        ["show", "examples/four-players-bankruptcy.yaml", "--format", "markdown"],
        0,
    ),
    "show-six-end.txt": (["show", "examples/six-players.yaml"], 0),
    "show-four-at-44-standings.txt": (
        ["show", "examples/four-players-bankruptcy.yaml", "--at", "44"],
        0,
    ),
    "show-annotated-since.txt": (
        ["show", "examples/annotated-pbem.yaml", "--at", "12", "--since", "8"],
        0,
    ),
    "show-worldex-at-8.txt": (
        ["show", "examples/world-exchangers/three-players.yaml", "--at", "8"],
        0,
    ),
    "show-worldex-end.md": (
        ["show", "examples/world-exchangers/three-players.yaml", "--format", "markdown"],
        0,
    ),
    "moves-two-at-10.txt": (["moves", "examples/two-players.yaml", "--at", "10"], 0),
    "moves-two-at-10.md": (
        ["moves", "examples/two-players.yaml", "--at", "10", "--format", "markdown"],
        0,
    ),
    "moves-six-divest-answer.txt": (["moves", "examples/six-players.yaml", "--at", "7"], 0),
    "moves-six-no-letter.txt": (["moves", "examples/six-players.yaml", "--at", "25"], 0),
    "history-annotated.txt": (["history", "examples/annotated-pbem.yaml"], 0),
    "history-annotated-events.md": (
        ["history", "examples/annotated-pbem.yaml", "--events", "--format", "markdown"],
        0,
    ),
    "validate-invalid.txt": (["validate", "examples/invalid"], 1),
    "validate-invalid.json": (["validate", "--format", "json", "examples/invalid"], 1),
    "validate-invalid.github": (["validate", "--format", "github", "examples/invalid"], 1),
    "validate-examples-verbose.txt": (
        [
            "validate",
            "-v",
            "examples/two-players.yaml",
            "examples/four-players-bankruptcy.yaml",
            "examples/six-players.yaml",
            "examples/annotated-pbem.yaml",
        ],
        0,
    ),
    "new-dry-run.yaml": (
        [
            "new",
            "game.yaml",
            "--players",
            "alice,bob,carol",
            "--first",
            "bob",
            "--seed",
            "friday",
            "--title",
            "Friday club",
            "--started",
            "2026-11-30",
            "--contact",
            "alice=alice@example.org",
            "--dry-run",
        ],
        0,
    ),
}


def check_golden(name: str, text: str) -> None:
    """Compare ``text`` with ``tests/golden/NAME``; with FOREX_REGEN=1 rewrite it."""
    path = GOLDEN / name
    if REGEN:
        GOLDEN.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
        return
    assert path.exists(), f"no golden file {name}: run FOREX_REGEN=1 python -m pytest {__file__}"
    expected = path.read_text(encoding="utf-8")
    assert text == expected, (
        f"the output differs from tests/golden/{name}; if the change is intended, run"
        " FOREX_REGEN=1 python -m pytest tests/cli/test_golden.py and review the diff"
    )


GAME_ID_LINE = re.compile(r"^id: [0-9a-f]{32}$", re.M)
"""The random game id ``forex new`` writes: 32 hex digits, different every time."""
MASKED_ID = "id: (32 random hex digits)"


def masked_id(text: str) -> str:
    """``text`` (a new log) with its one game id line masked: the golden file stays the
    same while every run draws another id."""
    assert len(GAME_ID_LINE.findall(text)) == 1, text
    return GAME_ID_LINE.sub(MASKED_ID, text)


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    args, status = CASES[name]
    monkeypatch.chdir(ROOT)
    result = run(args)
    assert result.exit_code == status, result.output
    check_golden(name, masked_id(result.stdout) if name.startswith("new-") else result.stdout)


@pytest.mark.slow
def test_golden_play_report(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The report of a move with a spot, an investment and moved rates; and of the last move."""
    from tests.cli.test_commands import truncated

    truncated(ROOT / "examples/annotated-pbem.yaml", 26, tmp_path / "game.yaml")
    monkeypatch.chdir(tmp_path)
    result = run(["play", "game.yaml", "otto", "spot 1 EUR to noor for 1.5 CAD; invest EUR"])
    assert result.exit_code == 0, result.output
    report = result.stdout
    result = run(["play", "game.yaml", "mira", "resolve", "--dry-run", "--format", "markdown"])
    assert result.exit_code == 0, result.output
    report += "\n" + result.stdout
    truncated(ROOT / "examples/two-players.yaml", 64, tmp_path / "end.yaml")
    result = run(["play", "end.yaml", "ben", "strengthen", "EUR", "--dry-run"])
    assert result.exit_code == 0, result.output
    report += "\n" + result.stdout
    check_golden("play-report.txt", report)


def test_golden_errors(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """What the user sees on stderr for the common mistakes."""
    shutil.copyfile(ROOT / "examples/two-players.yaml", tmp_path / "done.yaml")
    (tmp_path / "game.yaml").write_text(
        "forex: 1\nplayers: [alice, bob]\nremoved: {GBP: 1, USD: 2, CNY: 3}\nmoves: []\n"
    )
    monkeypatch.chdir(tmp_path)
    lines = []
    for args in (
        ["play", "game.yaml", "bob", "resolve"],
        ["play", "game.yaml", "alice", "contract", "1", "GBP", "for", "2", "EUR"],
        ["play", "game.yaml", "alice", "invest", "five"],
        ["play", "done.yaml", "ada", "resolve"],
        ["play", "game.yaml", "alice", "resolve", "--after", "3"],
        ["show", "missing.yaml"],
        ["annotate", "game.yaml", "4", "x"],
        ["undo", "game.yaml"],
        ["new", "game.yaml", "--players", "x,y", "--seed", "s"],
    ):
        result = run(args)
        lines.append(f"$ forex {' '.join(args)}  # exit {result.exit_code}\n{result.stderr}")
    check_golden("errors.txt", "".join(lines))


@pytest.mark.slow
def test_golden_messages(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The ready-to-send message in each format: after move 12 of the PBEM game, since move 8."""
    from tests.cli.test_commands import truncated

    truncated(ROOT / "examples/annotated-pbem.yaml", 12, tmp_path / "game.yaml")
    monkeypatch.chdir(tmp_path)
    for fmt, name in (("text", "txt"), ("markdown", "md"), ("bbcode", "bbcode")):
        result = run(["message", "game.yaml", "--since", "8", "--format", fmt])
        assert result.exit_code == 0, result.output
        check_golden(f"message-since-8.{name}", result.stdout)
    result = run(["play", "game.yaml", "noor", "resolve", "--dry-run", "--message", "bbcode"])
    assert result.exit_code == 0, result.output
    check_golden("play-message.bbcode", result.stdout)


def test_golden_worldex_messages(monkeypatch: pytest.MonkeyPatch) -> None:
    """World Exchangers' message in each format: after move 20 (the mid-year trend, the
    cleared sale area and its refill), what louis has not seen."""
    monkeypatch.chdir(ROOT)
    for fmt, name in (("text", "txt"), ("markdown", "md"), ("bbcode", "bbcode")):
        args = ["message", "examples/world-exchangers/three-players.yaml", "--at", "20"]
        result = run([*args, "--format", fmt])
        assert result.exit_code == 0, result.output
        check_golden(f"message-worldex-at-20.{name}", result.stdout)


@pytest.mark.slow
def test_golden_diff(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """forex diff of two copies that part at move 13, and of a copy that only goes further."""
    from tests.cli.test_commands import truncated

    truncated(ROOT / "examples/annotated-pbem.yaml", 12, tmp_path / "mine.yaml")
    monkeypatch.chdir(tmp_path)
    shutil.copyfile("mine.yaml", "theirs.yaml")
    shutil.copyfile("mine.yaml", "old.yaml")
    assert run(["play", "mine.yaml", "noor", "resolve", "--after", "12"]).exit_code == 0
    assert run(["play", "theirs.yaml", "noor", "invest", "GBP", "--after", "12"]).exit_code == 0
    report = ""
    for args in (["mine.yaml", "theirs.yaml"], ["old.yaml", "mine.yaml"]):
        result = run(["diff", *args])
        assert result.exit_code == 1, result.output
        report += f"$ forex diff {' '.join(args)}\n{result.stdout}\n"
    check_golden("diff.txt", report)
    result = run(["diff", "mine.yaml", "theirs.yaml", "--format", "json"])
    assert result.exit_code == 1
    check_golden("diff-fork.json", result.stdout)
