"""Errors that help in CI too (issue 41): every problem says what to do next, a YAML file
that is not a log is told once, and a YAML syntax error points at the line of the mistake."""

from __future__ import annotations

from pathlib import Path

import pytest

from forexcli.record import validation
from forexcli.record.problems import Problem, codes
from tests.cli.test_commands import run

ROOT = Path(__file__).parent.parent
INVALID = sorted((ROOT / "examples" / "invalid").glob("*.yaml")) + sorted(
    (ROOT / "tests" / "logs" / "invalid").glob("*.yaml")
)

EVERY_CODE = [(layer, code) for layer, codes in codes().items() for code in codes]


@pytest.mark.parametrize(("layer", "code"), EVERY_CODE, ids=[".".join(lc) for lc in EVERY_CODE])
def test_every_code_gets_a_hint_where_it_is_raised(layer: str, code: str) -> None:
    """A problem raised without a hint gets its code's or its layer's."""
    from forexcli.record.problems import LAYER_HINTS

    problem = Problem(code, "something is wrong", layer, "g.yaml")
    assert problem.hints and all(hint.strip() for hint in problem.hints)
    assert layer in LAYER_HINTS
    given = Problem(code, "something is wrong", layer, "g.yaml", hints=("do this",))
    assert given.hints == ("do this",)


def test_the_code_hints_are_for_known_codes() -> None:
    from forexcli.record.problems import CODE_HINTS

    known = {code for _layer, code in EVERY_CODE}
    assert set(CODE_HINTS) <= known


@pytest.mark.parametrize("path", INVALID, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_problem_of_the_invalid_examples_has_a_hint(path: Path) -> None:
    problems, _played = validation.check(path, path.name)
    assert problems
    for problem in problems:
        assert problem.hints, problem


SPECIFIC = {
    "bad-yaml.yaml": ("yaml_syntax", "is never closed: end it with `]`"),
    "bad-notation.yaml": ("bad_notation", "docs/format.md's Moves section"),
    "bad-removed.yaml": ("bad_removed", "adds up to 6"),
    "unknown-player.yaml": ("unknown_player", "add 'dave' to `players:`"),
}
"""The examples of issue 41 whose codes had no hint: each gets one of its own, not its
layer's."""


@pytest.mark.parametrize("name", sorted(SPECIFIC))
def test_the_codes_that_had_no_hint_get_their_own(name: str) -> None:
    code, words = SPECIFIC[name]
    result = run(["validate", "-q", str(ROOT / "examples" / "invalid" / name)])
    assert result.exit_code == 1
    assert f": {code}: " in result.stdout
    assert "  hint: " in result.stdout and words in result.stdout, result.stdout
    github = run(["validate", "-q", "--format", "github", str(ROOT / "examples/invalid" / name)])
    assert "%0A" in github.stdout and words in github.stdout


def test_an_unknown_key_without_a_close_match_gets_a_hint(tmp_path: Path) -> None:
    log = tmp_path / "g.yaml"
    log.write_text("forex: 1\nplayers: [ann, ben]\nseed: s\nzzqqxx: 1\n")
    result = run(["validate", "-q", str(log)])
    assert ":4:1: schema_unknown_key: the log: unknown key 'zzqqxx'" in result.stdout
    assert "hint: remove 'zzqqxx', or keep it as a comment" in result.stdout


def test_a_yaml_file_that_is_not_a_log_is_reported_once(tmp_path: Path) -> None:
    workflow = tmp_path / "ci.yaml"
    workflow.write_text("name: build\nsteps:\n  - run: make\n")
    result = run(["validate", "-q", str(workflow)])
    assert result.exit_code == 1
    lines = [line for line in result.stdout.splitlines() if not line.startswith("  ")]
    assert len(lines) == 1, result.stdout
    assert lines[0].startswith(f"{workflow}:1:1: not_a_log: this YAML file is not a game log")
    assert "did you mean" not in result.stdout and "schema_required" not in result.stdout
    assert "--only-logs" in result.stdout


def test_the_same_problem_is_told_once(tmp_path: Path) -> None:
    log = tmp_path / "g.yaml"
    log.write_text("moves: []\n")
    result = run(["validate", "-q", str(log)])
    assert result.stdout.count("the log has no `forex: 1`") == 1, result.stdout


@pytest.mark.parametrize(
    ("text", "line", "column"),
    [
        ("forex: 1\nplayers: [alice, bob\nseed: s\nmoves: []\n", 2, 21),
        ("forex: 1\nplayers: [alice,\n  bob  # the second\nseed: s\n", 3, 6),
        ("forex: 1\nplayers: [alice, bob]\nremoved: {GBP: 1, USD: 2, CNY: 3\nmoves: []\n", 3, 33),
        ('forex: 1\ntitle: "Friday club\nplayers: [alice, bob]\nseed: s\n', 2, 8),
    ],
)
def test_a_yaml_syntax_error_points_at_the_line_of_the_mistake(
    tmp_path: Path, text: str, line: int, column: int
) -> None:
    log = tmp_path / "g.yaml"
    log.write_text(text)
    result = run(["validate", "-q", str(log)])
    assert result.stdout.startswith(f"{log}:{line}:{column}: yaml_syntax: "), result.stdout
    assert "never closed" in result.stdout


def test_a_fallback_hint_names_the_log_instead_of_file(tmp_path: Path) -> None:
    """forex undo h2.yaml --to 4 on a 4-move log hinted 'forex history FILE lists the moves
    ...', a placeholder; the hint now names the log (where its command is on the log)."""
    log = tmp_path / "h2.yaml"
    log.write_bytes(
        (Path(__file__).parent / "logs" / "valid" / "complete-two-players.yaml").read_bytes()
    )
    count = str(run(["history", str(log), "--format", "json"]).stdout.count('"number"'))
    result = run(["undo", str(log), "--to", count])
    assert result.exit_code == 2, result.output  # a move number the log lacks: a usage error
    said = " ".join(result.output.split())
    assert f"no_such_entry: there is nothing after move {count} to remove" in said
    assert f"hint: forex history {log} lists the moves with their numbers" in said
    assert "FILE" not in said
    # a hint whose FILE is a new file keeps the placeholder; standard input has no path
    assert Problem("empty", "empty", "yaml", str(log)).hints == ("forex new FILE writes a new log",)
    assert "FILE" in Problem("no_such_entry", "x", "edit", "<stdin>").hints[0]
    assert Problem("x", "x", "nowhere", str(log)).hints == (f"forex validate {log} checks a log",)


def test_every_refused_view_is_raised_with_a_hint() -> None:
    """Each ``raise ViewRefused(...)`` of the package gives ``hints``: a refused view says what
    to do instead, as every other problem does."""
    import ast

    found = []
    for path in sorted((ROOT / "forexcli").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call):
                called = node.exc.func
                if isinstance(called, ast.Name) and called.id == "ViewRefused":
                    hinted = any(k.arg == "hints" for k in node.exc.keywords)
                    found.append((path.relative_to(ROOT).as_posix(), node.lineno, hinted))
    assert len(found) >= 20
    assert [(where, line) for where, line, hinted in found if not hinted] == []


def test_a_refused_view_prints_its_hint_as_every_problem_does(tmp_path: Path) -> None:
    """``forex new --players ann,bob --first zed``: the usage error, then its hint as
    ``  hint: ...`` under it; with ``--format json`` (``show``) the hint is in ``hints``
    before the frame's own."""
    import json

    game = tmp_path / "game.yaml"
    refused = run(["new", str(game), "--players", "ann,bob", "--first", "zed"])
    assert refused.exit_code == 2 and not game.exists()
    lines = refused.stderr.splitlines()
    error = next(i for i, line in enumerate(lines) if line.startswith("Error: "))
    assert "'zed' is not one of the players" in lines[error]
    assert lines[error + 1] == "  hint: name one of the players with --first: ann, bob"
    taken = run(["new", str(game), "--players", "ann,bob", "--first", "bob"])
    assert taken.exit_code == 0, taken.output  # the hint's advice, followed, is taken
    example = ROOT / "examples" / "world-exchangers" / "three-players.yaml"
    shown = run(["show", str(example), "--since", "3", "--format", "json"])
    assert shown.exit_code == 2
    hints = json.loads(shown.stdout)["problems"][0]["hints"]
    assert len(hints) == 2 and hints[0].startswith("the moves since then: forex history")
    assert hints[1] == "forex show --help lists what it takes"
    assert "  hint: the moves since then: forex history" in shown.stderr
