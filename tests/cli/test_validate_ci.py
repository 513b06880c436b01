"""What a CI over an archive of both games' logs meets: folders, odd files, the read-only
commands on broken logs, and the hints' commands run where the check ran (CliRunner)."""

from __future__ import annotations

import hashlib
import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest

from tests.cli.test_commands import TWO, run
from tests.cli.test_worldex_commands import copy_example


def test_a_refused_world_exchangers_move_hints_forex_moves_on_the_path_given(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = copy_example(tmp_path, 4)
    path.write_text(
        path.read_text("utf-8").replace("louis: sell Riga", "mei: sell Riga", 1), "utf-8"
    )
    monkeypatch.chdir(tmp_path)
    given = "examples/world-exchangers/game.yaml"
    result = run(["validate", given])
    assert result.exit_code == 1
    assert "not_your_turn" in result.output
    # The command the hint prints runs from here (the file's name alone is in another folder).
    assert f"forex moves {given} lists what is legal" in " ".join(result.output.split())
    # A log from standard input has no name to give.
    monkeypatch.chdir(path.parent)
    piped = run(["validate", "-"], input=path.read_bytes())
    assert "forex moves FILE lists what is legal" in " ".join(piped.output.split())


@pytest.mark.parametrize(
    "command",
    [["show"], ["show", "--format", "json"], ["moves"], ["history"], ["message"], ["hint"]],
)
def test_a_folder_named_like_a_log_is_one_coded_problem(tmp_path: Path, command: list[str]) -> None:
    folder = tmp_path / "game.yaml"
    folder.mkdir()
    result = run([*command, str(folder)])
    assert result.exit_code == 2
    if "json" in command:
        error = json.loads(result.stdout)
        assert [p["code"] for p in error["problems"]] == ["is_a_directory"]
        assert error["problems"][0]["file"] == str(folder)
    else:
        assert result.stderr.startswith(f"{folder}: is_a_directory: ")
        assert "Usage:" not in result.stderr


def test_a_folder_given_as_a_picture_to_write_is_refused_with_its_own_hint(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "board.svg"
    folder.mkdir()
    result = run(["show", str(TWO), "--svg", str(folder)])
    assert result.exit_code == 2
    assert result.stderr.startswith(f"{folder}: is_a_directory: ")
    assert "forex validate takes folders" not in result.stderr
    assert list(folder.iterdir()) == []


def test_a_folder_that_cannot_be_read_is_reported_not_passed_over(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import os

    shutil.copyfile(TWO, tmp_path / "a.yaml")
    locked = tmp_path / "locked"
    locked.mkdir()
    shutil.copyfile(TWO, locked / "b.yaml")
    real_scandir = os.scandir

    def refuse(path: Any = ".") -> Any:  # what a folder without read permission does
        if os.fspath(path) == str(locked):
            raise PermissionError(13, "Permission denied", str(locked))
        return real_scandir(path)

    monkeypatch.setattr(os, "scandir", refuse)
    result = run(["validate", str(tmp_path)])
    assert result.exit_code == 2
    assert result.stdout.startswith(f"{locked}: unreadable: cannot read the folder {locked}: ")
    assert "2 files checked: 1 valid, 0 invalid, 1 unreadable" in result.stdout
    report = json.loads(run(["validate", "--format", "json", str(tmp_path)]).stdout)
    assert [(p["file"], p["code"]) for p in report["errors"]] == [(str(locked), "unreadable")]
    assert report["ok"] is False
    github = run(["validate", "--format", "github", str(tmp_path)])
    assert github.exit_code == 2
    assert github.stdout.startswith(f"::error file={locked},title=unreadable::")


def test_only_logs_keeps_world_exchangers_logs_as_its_help_and_docs_say(tmp_path: Path) -> None:
    from forexcli.record import gamelog
    from tests.cli.test_commands import ROOT

    path = copy_example(tmp_path)
    (tmp_path / "workflow.yaml").write_text("on: push\njobs: {}\n", "utf-8")
    assert "forex:" not in path.read_text("utf-8")  # a World Exchangers log has game: only
    assert gamelog.is_log(path.read_bytes())
    result = run(["validate", "--only-logs", "-v", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert result.stdout.endswith("1 file checked: 1 valid, 0 invalid, 1 skipped (not game logs)\n")
    said = {
        "--help": " ".join(run(["validate", "--help"]).stdout.split()),
        "README.md": " ".join((ROOT / "README.md").read_text("utf-8").split()),
        "man/forex.1": " ".join((ROOT / "man" / "forex.1").read_text("utf-8").split()),
        ".pre-commit-hooks.yaml": " ".join(
            (ROOT / ".pre-commit-hooks.yaml").read_text("utf-8").replace("#", "").split()
        ),
    }
    both = "a top-level `forex:` or `game:` key, or `players:` with `moves:`"
    assert f"without {both}" in said["--help"]
    assert f"have {both}" in said["README.md"]
    assert f"has {both}" in said[".pre-commit-hooks.yaml"]
    man = "no top\\-level .B forex: or .B game: key, nor both .B players: and .BR moves :"
    assert man in said["man/forex.1"]


def test_components_not_found_from_standard_input_say_where_they_were_looked_for(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = copy_example(tmp_path)
    own = tmp_path / "forexcli" / "games" / "worldex" / "data" / "invented-components.json"
    changed = own.read_bytes().replace(b'"title": "', b'"title": "Our own ', 1)
    own.write_bytes(changed)  # not the shipped components, which are found by their SHA-256
    sha = path.read_text("utf-8").split("sha256: ")[1].split()[0]
    path.write_text(
        path.read_text("utf-8").replace(sha, hashlib.sha256(changed).hexdigest()), "utf-8"
    )
    monkeypatch.chdir(tmp_path)  # the header's ../../forexcli/... does not reach from here
    piped = run(["validate", "-"], input=path.read_bytes())
    assert piped.exit_code == 1
    said = " ".join(piped.stdout.split())
    assert said.startswith("<stdin>:9:9: components_unreadable: ")
    assert "from the current folder" in said and "relative to the log's folder" not in said
    # The same log named by its path finds them beside it; moved away, its hint is the folder's.
    assert run(["validate", str(path)]).exit_code == 0
    moved = tmp_path / "moved.yaml"
    path.rename(moved)
    named = " ".join(run(["validate", "moved.yaml"]).stdout.split())
    assert named.startswith("moved.yaml:9:9: components_unreadable: ")
    assert "relative to the log's folder" in named


def test_a_link_to_a_folder_is_searched_once_and_never_loops(tmp_path: Path) -> None:
    top, outside = tmp_path / "archive", tmp_path / "elsewhere"
    (top / "2025").mkdir(parents=True)
    (outside / "old").mkdir(parents=True)
    shutil.copyfile(TWO, top / "2025" / "a.yaml")
    shutil.copyfile(TWO, outside / "b.yaml")
    (outside / "old" / "c.yaml").write_text("players: [ann\n", "utf-8")
    (top / "2024").symlink_to(outside)  # the archive's older games, kept elsewhere
    (top / "again").symlink_to(outside)  # the same folder a second time
    (top / "latest").symlink_to(top / "2025")  # a folder of the archive itself
    (top / "2025" / "up").symlink_to(top)  # a loop
    (outside / "old" / "up").symlink_to(outside)  # a loop in the linked folder
    result = run(["validate", "--format", "json", str(top)])
    assert result.exit_code == 1
    report = json.loads(result.stdout)
    assert [f["file"] for f in report["files"]] == [
        str(top / "2024" / "b.yaml"),
        str(top / "2024" / "old" / "c.yaml"),
        str(top / "2025" / "a.yaml"),
    ]
    assert report["summary"]["invalid"] == 1


def test_the_readme_names_the_keys_of_a_problem_in_validate_json() -> None:
    from tests.cli.test_commands import INVALID, ROOT

    readme = " ".join((ROOT / "README.md").read_text("utf-8").split())
    said = readme.split("`--format json` gives every problem's ", 1)[1].split(".", 1)[0]
    named = re.findall(r"`(\w+)`", said)
    report = json.loads(run(["validate", "--format", "json", str(INVALID)]).stdout)
    keys = {key for f in report["files"] for p in f["problems"] for key in p}
    assert named == list(report["files"][0]["problems"][0]) and set(named) == keys


def test_the_default_number_of_processes_is_the_one_the_docs_give(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from forexcli.record import validation
    from tests.cli.test_commands import ROOT

    monkeypatch.setattr(validation, "_cores", lambda: 16)
    # for 64 files or more one per core, at most 8 and one per 32 files; else 1
    assert [validation.default_jobs(n) for n in (63, 64, 95, 96, 255, 256, 10_000)] == [
        1,
        2,
        2,
        3,
        7,
        8,
        8,
    ]
    monkeypatch.setattr(validation, "_cores", lambda: 2)
    assert validation.default_jobs(10_000) == 2
    said = " ".join(run(["validate", "--help"]).stdout.split())
    assert "[for 64 files or more one per core, at most 8 and one per 32 files; else 1]" in said
    assert "N processes, at most 4 per core [" in said
    man = " ".join((ROOT / "man" / "forex.1").read_text("utf-8").split())
    assert "at most 8 and at most one for each 32 files (two for 64 to 95 files); else one" in man


@pytest.mark.parametrize(
    ("edit", "placed", "code"),
    [
        (("seed_sha256: 5440", "seed_sha256: 6440"), "seed_sha256: ", "deal_mismatch"),
        (("seed: a610", "seed: b610"), "seed_sha256: ", "deal_mismatch"),
        (("{ai: Rue, louis: Felix,", "{ai: Felix, louis: Rue,"), "  roles: ", "deal_mismatch"),
        (("mid: mid-least-cash", "mid: end-distinct"), "mid: ", "deal_mismatch"),
        (
            ("players: [ai, louis, mei]", "players: [ai, louis, mei]\nfirst: ai"),
            "first: ",
            "bad_setup",
        ),
    ],
)
def test_a_refused_world_exchangers_set_up_is_placed_at_the_key_that_gives_it(
    tmp_path: Path, edit: tuple[str, str], placed: str, code: str
) -> None:
    path = copy_example(tmp_path)
    text = path.read_text("utf-8")
    assert edit[0] in text
    text = text.replace(edit[0], edit[1], 1)
    path.write_text(text, "utf-8")
    line = next(n for n, said in enumerate(text.splitlines(), 1) if placed in said)
    column = text.splitlines()[line - 1].index(placed) + len(placed) + 1
    report = json.loads(run(["validate", "--format", "json", str(path)]).stdout)
    (problem,) = report["files"][0]["problems"]
    assert (problem["code"], problem["line"], problem["column"]) == (code, line, column)
    if "seed" in edit[0]:
        assert "the seed or seed_sha256 was changed" in problem["hints"][0]


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("fly Riga", "an entry starts with one of buy, sell, pass, refresh, reveal"),
        ("sell", "write it as `sell CITY"),
    ],
)
def test_a_world_exchangers_entry_the_schema_refuses_says_why_as_the_notation_does(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str, reason: str
) -> None:
    path = copy_example(tmp_path, 4)
    path.write_text(
        path.read_text("utf-8").replace("louis: sell Riga", f"louis: {text}", 1), "utf-8"
    )
    monkeypatch.chdir(tmp_path)
    given = "examples/world-exchangers/game.yaml"
    result = run(["validate", "--format", "json", given])
    assert result.exit_code == 1
    (problem,) = json.loads(result.stdout)["files"][0]["problems"]
    assert problem["code"] == "bad_notation" and problem["entry"] == 4
    assert problem["message"].startswith(f"move 4: louis: {text}: cannot read '{text}': ")
    assert reason in problem["message"]
    assert "not valid under any of the given schemas" not in problem["message"]
    assert problem["hints"] == [
        f"forex moves {given} --at 3 lists the decisions legal there, as a log writes them"
    ]
    monkeypatch.chdir(path.parent)
    piped = json.loads(run(["validate", "--format", "json", "-"], input=path.read_bytes()).stdout)
    assert piped["files"][0]["problems"][0]["hints"][0].startswith("forex moves FILE --at 3 ")


def test_the_readme_table_and_the_man_synopsis_name_every_validate_option() -> None:
    from forexcli.cli.validate import validate_command
    from tests.cli.test_commands import ROOT

    row = next(
        line
        for line in (ROOT / "README.md").read_text("utf-8").splitlines()
        if line.startswith("| `forex validate")
    )
    man = (ROOT / "man" / "forex.1").read_text("utf-8")
    synopsis = man[man.index(".B forex validate\n") : man.index(".B forex schema\n")]
    synopsis = synopsis.replace("\\-", "-")
    for option in validate_command.params:
        if option.name in ("paths",):
            continue
        names = [name for name in option.opts if name != "--help"]
        assert any(f"`{name}" in row for name in names), names
        assert any(name in synopsis for name in names), names


def test_standard_input_given_twice_is_a_usage_error() -> None:
    from tests.cli.test_commands import TWO

    result = run(["validate", "-", str(TWO), "-"], input=TWO.read_bytes())
    assert result.exit_code == 2
    assert "- (standard input, one log) can be given only once" in result.stderr
    assert result.stdout == ""  # no report in which the second - is an empty log
    report = json.loads(run(["validate", "--format", "json", "-", "-"], input=b"").stdout)
    assert report["format"] == "forex-error"
    assert [p["code"] for p in report["problems"]] == ["usage_error"]


@pytest.mark.parametrize("command", ["show", "moves", "history"])
def test_a_file_named_as_a_folder_is_not_found_not_a_permission_problem(
    tmp_path: Path, command: str
) -> None:
    from tests.cli.test_commands import TWO

    log = tmp_path / "game.yaml"
    shutil.copyfile(TWO, log)
    for given in (f"{log}/", f"{log}/other.yaml"):
        result = run([command, given])
        assert result.exit_code == 2
        assert result.stderr.startswith(f"{given}: not_found: no such file: {given} ")
        assert "permissions" not in result.stderr


def test_only_logs_checks_a_log_that_lost_its_first_line(tmp_path: Path) -> None:
    from tests.cli.test_commands import TWO

    text = TWO.read_text("utf-8")
    (tmp_path / "damaged.yaml").write_text(text.replace("forex: 1\n", "", 1), "utf-8")
    (tmp_path / "broken.yaml").write_text(
        text.replace("forex: 1\n", "", 1).replace("players: [", "players: [[", 1), "utf-8"
    )
    worldex = copy_example(tmp_path / "wx")
    worldex.write_text(worldex.read_text("utf-8").replace("game: world-exchangers\n", ""), "utf-8")
    (tmp_path / "roster.yaml").write_text("players: [ann, bob]\n", "utf-8")
    (tmp_path / "ci.yml").write_text("on: push\njobs: {moves: 1}\n", "utf-8")
    result = run(["validate", "--only-logs", "--format", "json", str(tmp_path)])
    assert result.exit_code == 1
    report = json.loads(result.stdout)
    assert sorted(Path(f["file"]).name for f in report["files"]) == [
        "broken.yaml",
        "damaged.yaml",
        "game.yaml",
    ]
    assert all(not f["valid"] for f in report["files"])
    assert sorted(Path(name).name for name in report["skipped"]) == ["ci.yml", "roster.yaml"]


def test_a_world_exchangers_log_without_its_game_line_is_one_problem(tmp_path: Path) -> None:
    from tests.cli.test_commands import TWO

    path = copy_example(tmp_path)
    text = path.read_text("utf-8")
    path.write_text(text.replace("game: world-exchangers\n", "", 1), "utf-8")
    first = next(
        n
        for n, line in enumerate(text.replace("game: world-exchangers\n", "").splitlines(), 1)
        if line and not line.startswith("#")
    )
    report = json.loads(run(["validate", "--format", "json", str(path)]).stdout)
    (problem,) = report["files"][0]["problems"]  # not one per For-Ex key and entry it lacks
    assert (problem["code"], problem["line"], problem["column"]) == ("schema_required", first, 1)
    assert "it reads as a World Exchangers log" in problem["message"]
    assert problem["hints"][0].startswith("add `game: world-exchangers` at the top")
    # A For-Ex log without its forex: 1 is still told as a For-Ex log.
    forex = tmp_path / "forex.yaml"
    forex.write_text(TWO.read_text("utf-8").replace("forex: 1\n", "", 1), "utf-8")
    (problem,) = json.loads(run(["validate", "--format", "json", str(forex)]).stdout)["files"][0][
        "problems"
    ]
    assert problem["message"] == "the log has no `forex: 1` (the version of the log format)"


def test_a_link_to_a_world_exchangers_log_finds_the_components_beside_the_log(
    tmp_path: Path,
) -> None:
    path = copy_example(tmp_path)
    latest = tmp_path / "latest.yaml"  # the archive's newest game, by a link
    latest.symlink_to(path)
    for command in (["validate"], ["show"], ["moves"], ["history"]):
        result = run([*command, str(latest)])
        assert result.exit_code == 0, result.output
    (tmp_path / "links").mkdir()
    (tmp_path / "links" / "game.yaml").symlink_to(Path("..") / path.relative_to(tmp_path))
    report = json.loads(run(["validate", "--format", "json", str(tmp_path / "links")]).stdout)
    assert report["ok"] is True and report["summary"]["valid"] == 1


def test_a_huge_jobs_starts_at_most_four_processes_per_core(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from forexcli.record import validation
    from tests.cli.test_commands import TWO

    names = []
    for number in range(40):
        names.append(str(tmp_path / f"game-{number:02}.yaml"))
        shutil.copyfile(TWO, names[-1])
    started: list[int] = []
    monkeypatch.setattr(validation, "_cores", lambda: 2)
    monkeypatch.setattr(
        validation, "_start_pool", lambda names, jobs, *rest: started.append(jobs)
    )  # no processes: this one checks the rest, as where none can be had
    result = run(["validate", "-j", "1000000", "--format", "json", str(tmp_path)])
    assert result.exit_code == 0
    assert json.loads(result.stdout)["summary"]["valid"] == 40
    assert started == [4 * 2 - 1]  # 8 in all: this one and 7 more


def test_only_logs_skips_yaml_too_large_to_be_a_log_unless_it_starts_as_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from forexcli.record import files
    from tests.cli.test_commands import TWO

    monkeypatch.setattr(files, "MAX_LOG_BYTES", 1000)  # (8 MB in earnest)
    rows = "".join(f"  - {{id: {n}, game: {n % 3}}}\n" for n in range(200))
    (tmp_path / "dump.yaml").write_text(f"# data\nrows:\n{rows}", "utf-8")
    shutil.copyfile(TWO, tmp_path / "log.yaml")
    assert (tmp_path / "log.yaml").stat().st_size > 1000
    result = run(["validate", "--only-logs", "--format", "json", str(tmp_path)])
    report = json.loads(result.stdout)
    assert report["skipped"] == [str(tmp_path / "dump.yaml")]
    ((problem,),) = [f["problems"] for f in report["files"]]
    assert problem["code"] == "too_large" and problem["file"] == str(tmp_path / "log.yaml")
    assert result.exit_code == 2
    # Without --only-logs every file is checked: both are too large.
    assert (
        json.loads(run(["validate", "--format", "json", str(tmp_path)]).stdout)["summary"][
            "unreadable"
        ]
        == 2
    )


def test_a_link_to_a_log_that_moved_says_so(tmp_path: Path) -> None:
    (tmp_path / "latest.yaml").symlink_to("2025/game.yaml")  # the log was moved away
    result = run(["validate", str(tmp_path)])
    assert result.exit_code == 2
    link = tmp_path / "latest.yaml"
    assert result.stdout.startswith(
        f"{link}: not_found: {link} is a link to 2025/game.yaml, which does not exist\n"
        "  hint: point the link at the log where it is now, or remove the link\n"
    )
    shown = run(["show", str(link)])
    assert shown.exit_code == 2 and "is a link to 2025/game.yaml" in shown.stderr
