"""One edit, one finding: a move changed after it was signed is reported once (what was
signed and what is there), then one line says that every later signature fails because of
it; nothing invites anyone to sign that log; ``--format json`` keeps every detail."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from tests.cli.test_commands import run
from tests.signed import post_of, signed_game

MOVES = 18
PROBLEM_LINE = re.compile(r"^\S+:\d+:\d+: ([a-z_]+): ", re.M)


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A signed game of 18 moves whose move 2 (bob's spot deal with carol) carol has not
    countersigned, and a copy in which alice's move 1 was changed from ``invest USD JPY`` to
    ``invest USD`` (every move still legal)."""
    folder = tmp_path_factory.mktemp("edit")
    game, _keys = signed_game(folder, MOVES, countersign=False)
    text = game.read_text()
    old = "  - alice: invest USD JPY\n"
    assert text.count(old) == 1
    (folder / "edited.yaml").write_text(text.replace(old, "  - alice: invest USD\n"))
    return folder


@pytest.fixture
def edited(made: Path, tmp_path: Path) -> Path:
    shutil.copytree(made, tmp_path / "t")
    return tmp_path / "t" / "edited.yaml"


def later_signatures(path: Path) -> int:
    """How many signatures the moves after move 1 carry."""
    return len(re.findall(r"^      (alice|bob|carol): ", path.read_text(), re.M)) - 1


def test_validate_reports_one_edited_move_once(edited: Path) -> None:
    result = run(["validate", str(edited)])
    assert result.exit_code == 1, result.output
    out = result.stdout
    codes = PROBLEM_LINE.findall(out)
    assert len(codes) == 2, out
    first, second = [line for line in out.splitlines() if PROBLEM_LINE.match(line)]
    assert "move 1: alice: invest USD:" in first
    assert "invest USD JPY" in first  # what alice signed
    count = later_signatures(edited)
    assert f"{count} signatures" in second and f"moves 2 to {MOVES}" in second
    assert "move 1" in second
    assert "forex sign" not in out
    assert "unagreed_spot" not in out


def test_validate_json_keeps_every_detail(edited: Path) -> None:
    result = run(["validate", str(edited), "--format", "json"])
    data = json.loads(result.stdout)
    problems = data["files"][0]["problems"]
    assert len(problems) == 2
    details = [d for p in problems for d in p.get("details", [])]
    codes = [d["code"] for d in details]
    assert codes.count("digest_mismatch") == 1
    assert codes.count("bad_signature") == later_signatures(edited) + 1
    assert all(d["line"] for d in details)
    assert "forex sign" not in result.stdout


def test_read_refuses_it_in_two_lines(edited: Path) -> None:
    post = edited.parent / "post.txt"
    assert run(["message", str(edited), "--with-log"]).exit_code == 1  # posts no forgery
    post.write_text(post_of(edited))
    fresh = edited.parent / "fresh.yaml"
    result = run(["read", str(post), "--into", str(fresh)])
    assert result.exit_code == 1, result.output
    assert result.stderr.count("forged") == 2, result.stderr
    assert "invest USD JPY" in result.stderr
    assert "forex sign" not in result.stderr
    assert not fresh.exists()


def test_message_gives_no_advice_to_sign_an_edited_log(edited: Path) -> None:
    """Issue 41: no advice to sign anything in a tampered log; the same game unedited is told
    that carol's countersignature is awaited, with the command."""
    intact = run(["message", str(edited.parent / "game.yaml")])
    assert intact.exit_code == 0, intact.output
    assert "awaits carol's signature" in intact.stdout
    assert "forex sign" in " ".join(intact.stdout.split())
    result = run(["message", str(edited)])
    assert result.exit_code == 0, result.output
    said = " ".join((result.stdout + result.stderr).split())
    assert "forex sign" not in said
    assert "awaits carol's signature" not in said
    assert "changed after it was signed" in said  # the warning says why
