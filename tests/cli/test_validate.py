"""``forex validate``: files and folders, exit statuses, text/json/github formats."""

from __future__ import annotations

import json
import os
import re
import shutil
from pathlib import Path

import pytest

from forexcli.record import gamelog, validation
from tests.cli.test_commands import ANNOTATED, EXAMPLES, INVALID, TWO, run

INVALID_FILES = sorted(INVALID.glob("*.yaml"))


def expected_code(path: Path) -> str:
    """The code named by the ``# expect: CODE`` comment of an invalid example."""
    match = re.search(r"^# expect: (\w+)", path.read_text(encoding="utf-8"), re.M)
    assert match, f"{path.name} has no `# expect:` comment"
    return match.group(1)


def test_the_examples_are_valid() -> None:
    result = run(["validate", *map(str, sorted(EXAMPLES.glob("*.yaml")))])
    assert result.exit_code == 0, result.output
    assert result.stdout == "4 files checked: 4 valid, 0 invalid\n"


def test_the_examples_are_the_games_the_readme_promises() -> None:
    from forexcli.record import gamelog

    def final(name: str) -> gamelog.Replay:
        played = gamelog.replay(gamelog.load(EXAMPLES / name))
        assert played.problem is None
        return played

    two = final("two-players.yaml")
    assert len(two.log.players) == 2 and two.final.ending == "last_dividend"
    four = final("four-players-bankruptcy.yaml")
    assert len(four.log.players) == 4 and four.final.ending == "bankruptcy"
    six = final("six-players.yaml")
    texts = [e.text for e in six.log.entries]
    assert len(six.log.players) == 6
    assert any(t.startswith("sell 0 ") for t in texts)
    assert any(t.startswith("sell ") and not t.startswith("sell 0 ") for t in texts)
    assert any(t.startswith("strengthen ") for t in texts)
    assert any(t.startswith("strongest ") for t in texts)
    annotated = final("annotated-pbem.yaml")
    assert sum(1 for e in annotated.log.entries if e.note) >= 5
    assert annotated.log.text.count("\n  # ---") >= 3
    assert annotated.final.is_over


@pytest.mark.parametrize("path", INVALID_FILES, ids=lambda p: p.name)
def test_each_invalid_example_is_reported_with_its_place(path: Path) -> None:
    result = run(["validate", str(path)])
    assert result.exit_code == 1, result.output
    first = result.stdout.splitlines()[0]
    code = expected_code(path)
    if code == "yaml":
        assert re.match(rf"{re.escape(str(path))}:\d+:\d+: yaml_\w+: ", first), first
    else:
        assert re.match(rf"{re.escape(str(path))}:\d+:\d+: {code}: ", first), first
    assert result.stdout.endswith("1 file checked: 0 valid, 1 invalid\n")
    assert "Traceback" not in result.output


def test_a_folder_of_invalid_logs() -> None:
    result = run(["validate", str(INVALID)])
    assert result.exit_code == 1
    n = len(INVALID_FILES)
    assert result.stdout.endswith(f"{n} files checked: 0 valid, {n} invalid\n")


def test_mixed_paths_and_missing_ones(tmp_path: Path) -> None:
    mixed = run(["validate", str(TWO), str(INVALID / "bad-removed.yaml")])
    assert mixed.exit_code == 1
    assert "2 files checked: 1 valid, 1 invalid" in mixed.stdout
    missing = run(["validate", str(TWO), str(tmp_path / "nope.yaml")])
    assert missing.exit_code == 2
    assert f"{tmp_path / 'nope.yaml'}: not_found: no such file or folder" in missing.stdout
    assert "1 unreadable" in missing.stdout
    both = run(["validate", str(INVALID / "bad-removed.yaml"), str(tmp_path / "nope")])
    assert both.exit_code == 2


def test_no_paths_is_a_usage_error() -> None:
    result = run(["validate"])
    assert result.exit_code == 2
    assert "Missing argument" in result.stderr


def test_a_file_that_is_not_a_regular_file(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    result = run(["validate", str(fifo)])
    assert result.exit_code == 2
    assert "not_a_file" in result.stdout


def test_folders_are_searched_recursively(tmp_path: Path) -> None:
    (tmp_path / "a" / "b").mkdir(parents=True)
    (tmp_path / ".hidden").mkdir()
    shutil.copyfile(TWO, tmp_path / "a" / "one.yaml")
    shutil.copyfile(ANNOTATED, tmp_path / "a" / "b" / "two.yml")
    shutil.copyfile(INVALID / "bad-yaml.yaml", tmp_path / ".hidden" / "skipped.yaml")
    shutil.copyfile(INVALID / "bad-yaml.yaml", tmp_path / "a" / ".skipped.yaml")
    (tmp_path / "a" / "notes.txt").write_text("not a log")
    result = run(["validate", "-v", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert (
        " ".join(result.stdout.split())  # (each file's line is wrapped to the width)
        == f"{tmp_path}/a/one.yaml: ok: 65 moves; game over after the last dividend: GBP is the"
        " strongest currency; won by ben"
        f" {tmp_path}/a/b/two.yml: ok: 68 moves; game over after the last dividend: JPY is the"
        " strongest currency; won by otto"
        " 2 files checked: 2 valid, 0 invalid"
        or result.stdout.count(": ok: ") == 2
    )


def test_a_file_named_twice_is_checked_once_in_the_order_given(tmp_path: Path) -> None:
    (tmp_path / "games").mkdir()
    one, two = tmp_path / "games" / "one.yaml", tmp_path / "two.yaml"
    shutil.copyfile(INVALID / "bad-removed.yaml", one)
    shutil.copyfile(TWO, two)
    os.symlink(two, tmp_path / "link.yaml")
    paths = [two, tmp_path / "games", one, tmp_path / "games" / ".." / "two.yaml"]
    result = run(["validate", "--format", "json", *map(str, [*paths, tmp_path / "link.yaml"])])
    assert result.exit_code == 1
    report = json.loads(result.stdout)
    assert [f["file"] for f in report["files"]] == [str(two), str(one)]
    assert report["summary"]["checked"] == 2
    text = run(["validate", str(one), str(one)]).stdout
    assert text.count("bad_removed") == 1
    assert text.endswith("1 file checked: 0 valid, 1 invalid\n")


def test_an_empty_folder(tmp_path: Path) -> None:
    result = run(["validate", str(tmp_path)])
    assert result.exit_code == 0
    assert result.stdout == "0 files checked: 0 valid, 0 invalid\n"


def test_only_logs_skips_other_yaml(tmp_path: Path) -> None:
    (tmp_path / "workflow.yaml").write_text("on: push\njobs: {}\n")
    shutil.copyfile(TWO, tmp_path / "game.yaml")
    shutil.copyfile(INVALID / "bad-removed.yaml", tmp_path / "bad.yaml")
    plain = run(["validate", str(tmp_path)])
    assert plain.exit_code == 1
    assert "workflow.yaml" in plain.stdout
    only = run(["validate", "--only-logs", "-v", str(tmp_path)])
    assert only.exit_code == 1
    assert f"{tmp_path}/workflow.yaml: skipped: not a game log" in only.stdout
    assert "2 files checked: 1 valid, 1 invalid, 1 skipped (not game logs)" in only.stdout


def test_quiet_and_verbose() -> None:
    quiet_ok = run(["validate", "-q", str(TWO)])
    assert quiet_ok.exit_code == 0 and quiet_ok.stdout == ""
    quiet_bad = run(["validate", "--quiet", str(INVALID / "bad-removed.yaml")])
    assert quiet_bad.exit_code == 1
    assert quiet_bad.stdout.startswith(str(INVALID / "bad-removed.yaml"))
    assert "checked" not in quiet_bad.stdout
    verbose = run(["validate", "--verbose", str(TWO)])
    assert verbose.stdout.startswith(f"{TWO}: ok: 65 moves; game over")
    assert run(["validate", "-q", "-v", str(TWO)]).exit_code == 2


def test_json_format() -> None:
    result = run(["validate", "--format", "json", str(TWO), str(INVALID / "unknown-player.yaml")])
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    assert data["format"] == "forex-validate" and data["version"] == 1
    assert data["ok"] is False
    assert data["summary"] == {
        "checked": 2,
        "valid": 1,
        "invalid": 1,
        "unreadable": 0,
        "skipped": 0,
    }
    good, bad = data["files"]
    assert good == {
        "file": str(TWO),
        "valid": True,
        "moves": 65,
        "status": good["status"],
        "problems": [],
    }
    assert bad["valid"] is False
    problem = bad["problems"][0]
    assert set(problem) == {"file", "line", "column", "entry", "layer", "code", "message", "hints"}
    assert problem["code"] == "unknown_player" and problem["line"] == 8 and problem["entry"] == 2
    missing = json.loads(run(["validate", "--format", "json", "nope.yaml"]).stdout)
    assert missing["errors"][0]["code"] == "not_found"
    assert missing["summary"]["unreadable"] == 1


def test_github_format() -> None:
    bad = INVALID / "insufficient-funds.yaml"
    result = run(["validate", "--format", "github", str(bad), str(TWO)])
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert lines[0].startswith(
        f"::error file={bad},line=9,col=12,title=insufficient_funds::move 3: alice: invest USD:"
    )
    assert "%0A" in lines[0]  # the hints, on lines of their own
    assert lines[-1] == "2 files checked: 1 valid, 1 invalid"
    quiet = run(["validate", "--format", "github", "-q", str(TWO)])
    assert quiet.stdout == ""


def test_github_escapes_properties_and_data() -> None:
    from forexcli.record.problems import Problem
    from forexcli.reporters.problems import github_annotation

    problem = Problem("code", "100% sure, 50:50", "rules", "a,b:c.yaml", 3, None, None, ("h",))
    assert github_annotation(problem) == (
        "::error file=a%2Cb%3Ac.yaml,line=3,col=1,title=code::100%25 sure, 50:50%0Ah"
    )


def test_standard_input() -> None:
    ok = run(["validate", "-"], input=TWO.read_bytes())
    assert ok.exit_code == 0
    assert ok.stdout == "1 file checked: 1 valid, 0 invalid\n"
    bad = run(["validate", "-"], input=(INVALID / "bad-removed.yaml").read_bytes())
    assert bad.exit_code == 1
    assert bad.stdout.startswith("<stdin>:5:10: bad_removed:")
    empty = run(["validate", "-"], input=b"")
    assert empty.exit_code == 1
    assert empty.stdout.startswith("<stdin>:1:1: empty:")


def test_digest_mismatch_is_invalid() -> None:
    result = run(["validate", str(INVALID / "digest-mismatch.yaml")])
    assert result.exit_code == 1
    assert "digest_mismatch: move 2: bob: invest CHF" in result.stdout


def test_validate_does_not_change_files(tmp_path: Path) -> None:
    target = tmp_path / "g.yaml"
    shutil.copyfile(INVALID / "terminal-escape.yaml", target)
    before = target.read_bytes()
    run(["validate", str(target)])
    assert target.read_bytes() == before


@pytest.mark.parametrize(
    "text",
    [
        '"forex": 1\nplayers: [ann, bob]\nseed: x\n',
        "'forex': 1\nplayers: [ann, bob]\nseed: x\n",
        "{forex: 1, players: [ann, bob], seed: x}\n",
        "{players: [ann, bob], seed: x, forex: 1}\n",
        "--- {forex: 1, players: [ann, bob], seed: x}\n",
        "# a game\n---\nforex: 1\nplayers: [ann, bob]\nseed: x\n",
        "? forex\n: 1\nplayers: [ann, bob]\nseed: x\n",
        "players: [ann, bob]\nseed: x\nforex: 1\n",
    ],
)
def test_only_logs_checks_every_way_of_writing_a_log(tmp_path: Path, text: str) -> None:
    path = tmp_path / "game.yaml"
    path.write_text(text, encoding="utf-8")
    assert run(["validate", str(path)]).exit_code == 0  # validate accepts it as a log ...
    only = run(["validate", "--only-logs", "-v", str(path)])
    assert only.exit_code == 0, only.output
    assert "skipped" not in only.stdout  # ... and so does --only-logs
    assert only.stdout.endswith("1 file checked: 1 valid, 0 invalid\n"), only.stdout


@pytest.mark.parametrize(
    ("text", "is_log"),
    [
        ("on: push\njobs: {}\n", False),
        ("forex_rates: [1, 2]\n", False),
        ("notes:\n  forex: 1\n", False),  # not at the top level
        ("- forex: 1\n", False),
        ("anchors: &a {x: 1}\nuse: *a\n", False),  # YAML the log reader refuses, no forex key
        ("forex: 1\nplayers: [ann, bob\n", True),  # a broken log is still checked
        ('{"forex": 1, "players": ["ann", \n', True),
        ("\tforex: 1\n", True),  # a log indented with a tab: reported, not skipped
    ],
)
def test_what_only_logs_takes_for_a_log(text: str, is_log: bool) -> None:
    assert gamelog.is_log(text.encode()) is is_log


ALL_LOGS = sorted(
    path
    for folder in (EXAMPLES, EXAMPLES.parent / "tests" / "logs")
    for path in folder.rglob("*.yaml")
)


@pytest.mark.parametrize("require", [False, True], ids=["", "require-signatures"])
def test_validate_and_the_library_check_agree_on_every_log(require: bool) -> None:
    """One meaning of valid: for every log the repository holds (valid, invalid, signed,
    with digests, of either game), ``forex validate`` reports exactly the problems that
    ``validation.check`` finds."""
    from forexcli.record import gamelog

    flags = ["--require-signatures"] if require else []
    result = run(["validate", "--format", "json", *flags, *map(str, ALL_LOGS)])
    reported = {item["file"]: item["problems"] for item in json.loads(result.stdout)["files"]}
    assert sorted(reported) == sorted(map(str, ALL_LOGS))
    integrity = 0
    for path in ALL_LOGS:
        problems, played = validation.check(path, require_signatures=require)
        assert reported[str(path)] == [p.as_dict() for p in problems], path
        if isinstance(played, gamelog.Replay):
            assert validation.check(path, require_signatures=require)[0] == problems, path
        if played is not None and played.problem is None and problems:
            integrity += 1  # the moves replay, the digests or signatures do not check
    assert integrity >= 1
