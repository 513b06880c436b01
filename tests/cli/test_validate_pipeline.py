"""What a CI pipeline meets running ``forex validate`` over folders of both games' logs:
the order of a log's many problems, standard input it cannot read, logs in other encodings
(CliRunner)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.cli.test_commands import run
from tests.cli.test_worldex_commands import copy_example


def test_many_schema_problems_of_a_world_exchangers_log_come_in_the_order_of_the_file(
    tmp_path: Path,
) -> None:
    path = copy_example(tmp_path)
    lines = path.read_text("utf-8").splitlines(keepends=True)
    # Every entry of the first 14 misspelt as `bye`: moves 1 to 14, lines in file order.
    bad, count = [], 0
    for number, line in enumerate(lines, 1):
        if line.startswith("  - ") and count < 14:
            count += 1
            key, _, text = line.partition(": ")
            lines[number - 1] = f"{key}: bye {text.split(' ', 1)[1]}"
            bad.append(number)
    path.write_text("".join(lines), "utf-8")
    report = json.loads(run(["validate", "--format", "json", str(path)]).stdout)
    problems = report["files"][0]["problems"]
    assert [p["entry"] for p in problems] == list(range(1, 15))
    assert [p["line"] for p in problems] == bad
    text = run(["validate", "-q", str(path)]).stdout
    assert [int(n) for n in re.findall(r"^\S+?:(\d+):\d+: ", text, re.M)] == bad


def _closed_stdin() -> None:
    import os

    os.close(0)


@pytest.mark.parametrize(
    "command",
    [
        ["validate", "-"],
        ["show", "-"],
        ["read", "-", "--into", "game.yaml"],
        ["diff", "-", "game.yaml"],
        ["annotate", "game.yaml", "1", "-"],
        ["play", "new.yaml", "alice"],  # (would play on a terminal: is it one?)
    ],
)
def test_a_closed_standard_input_is_a_problem_not_a_traceback(
    tmp_path: Path, command: list[str]
) -> None:
    import shutil
    import subprocess
    import sys

    from tests.cli.test_commands import TWO, new_game
    from tests.cli.test_terminal import _env

    shutil.copyfile(TWO, tmp_path / "game.yaml")
    new_game(tmp_path / "new.yaml")
    done = subprocess.run(
        [sys.executable, "-m", "forexcli.cli", *command],
        capture_output=True,
        cwd=tmp_path,
        env=_env(),
        preexec_fn=_closed_stdin,  # as `forex ... <&-` in a shell, or a CI step without one
        timeout=120,
    )
    output = (done.stdout + done.stderr).decode("utf-8")
    assert "Traceback" not in output
    assert done.returncode == 2
    if command[0] == "play":
        assert "give the DECISION to play" in output
        return
    assert "<stdin>: unreadable: cannot read standard input: it is closed" in output
    assert (tmp_path / "game.yaml").read_bytes() == TWO.read_bytes()


def test_only_logs_reports_a_log_saved_as_utf16_and_skips_other_yaml_so_saved(
    tmp_path: Path,
) -> None:
    from tests.cli.test_commands import TWO

    text = TWO.read_text("utf-8")
    (tmp_path / "windows.yaml").write_bytes(text.encode("utf-16"))  # as PowerShell 5 writes
    (tmp_path / "big-endian.yaml").write_bytes(b"\xfe\xff" + text.encode("utf-16-be"))
    (tmp_path / "settings.yaml").write_bytes("name: ci\non: [push]\n".encode("utf-16"))
    result = run(["validate", "--only-logs", "--format", "json", str(tmp_path)])
    report = json.loads(result.stdout)
    assert report["skipped"] == [str(tmp_path / "settings.yaml")]
    assert [
        (Path(f["file"]).name, [p["code"] for p in f["problems"]]) for f in report["files"]
    ] == [
        ("big-endian.yaml", ["invalid_utf8"]),
        ("windows.yaml", ["invalid_utf8"]),
    ]
    assert result.exit_code == 1


@pytest.mark.parametrize("quote", ['"', "'"])
def test_a_quote_left_open_is_reported_where_it_opens_not_where_the_next_quote_ends_it(
    tmp_path: Path, quote: str
) -> None:
    from tests.cli.test_commands import TWO

    lines = TWO.read_text("utf-8").splitlines(keepends=True)
    first = next(n for n, line in enumerate(lines) if line == "  - ben: resolve\n")
    later = next(n for n, line in enumerate(lines) if line == "  - ada: invest CAD\n")
    lines[first] = "  - ben: resolve\n    note: " + quote + "risky, as ever\n"  # not closed
    lines[later] = "  - ada: invest CAD\n    note: " + quote + "a fine move" + quote + "\n"
    path = tmp_path / "game.yaml"
    path.write_text("".join(lines), "utf-8")
    opened = (first + 2, len("    note: ") + 1)  # the line after the entry's, at the quote
    result = run(["validate", str(path)])
    assert result.exit_code == 1
    assert result.stdout.startswith(f"{path}:{opened[0]}:{opened[1]}: yaml_syntax: ")
    hint = " ".join(result.stdout.split("hint:", 1)[1].split())
    assert hint.startswith("the quote that starts this text is never closed on its line")
    assert f"end the text with the same quote on line {opened[0]}" in hint
    (problem,) = json.loads(run(["validate", "--format", "json", str(path)]).stdout)["files"][0][
        "problems"
    ]
    assert (problem["line"], problem["column"]) == opened


def test_a_quoted_note_over_several_lines_before_a_mistake_keeps_the_mistake_s_place(
    tmp_path: Path,
) -> None:
    from tests.cli.test_commands import TWO

    text = TWO.read_text("utf-8").replace(
        "  - ben: resolve\n",
        '  - ben: resolve\n    note: "a long note\n      over two lines" x\n',
        1,
    )
    path = tmp_path / "game.yaml"
    path.write_text(text, "utf-8")
    line = text.splitlines().index('      over two lines" x') + 1
    result = run(["validate", str(path)])
    assert result.stdout.startswith(f"{path}:{line}:")


def test_a_value_of_the_wrong_form_is_told_in_words_not_as_the_schema_s_pattern(
    tmp_path: Path,
) -> None:
    path = copy_example(tmp_path, 2)
    text = path.read_text("utf-8")
    sha = re.search(r"sha256: ([0-9a-f]{64})", text)
    assert sha is not None
    text = text.replace(sha.group(1), sha.group(1).upper(), 1)  # as some tools print it
    text = text.replace("moves:\n", "engines: {mei: 1.5x}\nmoves:\n", 1)
    text = text.replace("louis: buy Warsaw", "louis: buy Warsaw\n    digest: 12ab", 1)
    text = re.sub(r"(mei: buy Paris.*\n)", r"\1    sig: {mei: 'ab!c'}\n", text, count=1)
    path.write_text(text, "utf-8")
    report = json.loads(run(["validate", "--format", "json", str(path)]).stdout)
    said = {p["message"].split(": ", 1)[0]: p["message"] for p in report["files"][0]["problems"]}
    assert said["components.sha256"].startswith(f"components.sha256: '{sha.group(1).upper()[:20]}")
    assert said["components.sha256"].endswith(
        " is not a SHA-256 (64 hex digits 0-9 a-f, as `sha256sum FILE` prints it)"
    )
    assert said["engines.mei"] == (
        "engines.mei: '1.5x' is not a budget: seconds such as `2s` or `0.5s`,"
        " or a whole number of simulations such as 500"
    )
    assert said["moves[1].digest"] == (
        "moves[1].digest: '12ab' is not a digest (16 hex digits 0-9 a-f, as `forex play` writes"
        " them)"
    )
    assert said["moves[2].sig.mei"] == (
        "moves[2].sig.mei: 'ab!c' is not a signature: base64, as `forex play --sign` writes it"
    )
    assert len(said) == 4


def test_a_windows_path_or_a_pattern_the_shell_left_says_what_to_give_instead(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import shutil

    from tests.cli.test_commands import TWO

    (tmp_path / "games").mkdir()
    shutil.copyfile(TWO, tmp_path / "games" / "friday.yaml")
    monkeypatch.chdir(tmp_path)
    report = json.loads(
        run(
            [
                "validate",
                "--format",
                "json",
                "games\\friday.yaml",  # as a Windows user writes it
                "C:\\games\\x.yaml",
                "games/*.yaml",  # quoted in a CI step: the shell left it
                "games/friday.yml",
            ]
        ).stdout
    )
    hints = [problem["hints"] for problem in report["errors"]]
    assert hints == [
        ["folders are separated by / here: games/friday.yaml"],
        ["folders are separated by / here, not \\ as on Windows"],
        [
            "the shell did not expand the pattern (it was quoted, or no file matches it);"
            " give the folder: forex validate games checks every log under it"
        ],
        ["check the file's name and folder"],
    ]
    shown = run(["show", "games\\friday.yaml"])
    assert shown.exit_code == 2
    assert "hint: folders are separated by / here: games/friday.yaml" in shown.stderr


def test_a_signature_cut_short_says_how_many_characters_it_has_and_should_have(
    tmp_path: Path,
) -> None:
    from tests.signed import signed_game

    path, _ = signed_game(tmp_path)
    text = path.read_text("utf-8")
    # A signature starting with "/" is written in double quotes: the quotes are no part of it.
    first = re.search(r'      alice: ("?)(\S+?)\n        (\S+?)\1\n', text)
    assert first is not None and len(first.group(2) + first.group(3)) == 88
    path.write_text(text.replace(first.group(2), first.group(2)[:11], 1), "utf-8")  # 55 left
    result = run(["validate", "--format", "json", str(path)])
    (problem,) = json.loads(result.stdout)["files"][0]["problems"]
    assert problem["code"] == "bad_signature"
    assert problem["message"].endswith(
        "alice's signature is damaged or cut short: 55 characters of base64 where an Ed25519"
        " signature has 88"
    )


def test_the_man_page_names_every_key_of_validate_json(tmp_path: Path) -> None:
    import shutil

    from tests.cli.test_commands import TWO

    shutil.copyfile(TWO, tmp_path / "valid.yaml")
    (tmp_path / "invalid.yaml").write_text("forex: 1\n", "utf-8")
    (tmp_path / "workflow.yaml").write_text("name: ci\n", "utf-8")
    report = json.loads(
        run(
            ["validate", "--only-logs", "--format", "json", str(tmp_path), str(tmp_path / "x")]
        ).stdout
    )
    assert report["errors"] and report["skipped"] and len(report["files"]) == 2
    keys = set(report) | set(report["summary"])
    for item in report["files"]:
        keys |= set(item)
        for problem in [*item["problems"], *report["errors"]]:
            keys |= set(problem)
    root = Path(__file__).resolve().parents[2]
    man = (root / "man" / "forex.1").read_text("utf-8")
    section = man.split('.SS "forex validate PATH..."', 1)[1].split(".SS ", 1)[0]
    bold = [line for line in section.splitlines() if line.startswith((".B ", ".BR "))]
    named = set(re.findall(r"[a-z_]+", " ".join(bold)))  # the words set in bold, as keys are
    assert sorted(keys - named) == []


def test_a_loop_of_links_is_told_as_one_not_as_a_permission_problem(tmp_path: Path) -> None:
    (tmp_path / "a.yaml").symlink_to("b.yaml")
    (tmp_path / "b.yaml").symlink_to("a.yaml")
    result = run(["validate", "--format", "json", str(tmp_path)])
    assert result.exit_code == 2
    told = [
        (p["code"], p["message"], p["hints"])
        for f in json.loads(result.stdout)["files"]
        for p in f["problems"]
    ]
    assert told == [
        (
            "unreadable",
            f"{tmp_path / name} is a link in a loop of links: it never leads to a file",
            ["point the link at the log, or remove the link"],
        )
        for name in ("a.yaml", "b.yaml")
    ]


def test_a_merge_key_says_to_write_its_keys_out_not_to_remove_it(tmp_path: Path) -> None:
    from tests.cli.test_commands import TWO

    path = tmp_path / "game.yaml"
    text = TWO.read_text("utf-8")
    path.write_text(text.replace("seed: lunch-2026\n", "<<: {seed: lunch-2026}\n", 1), "utf-8")
    problems = json.loads(run(["validate", "--format", "json", str(path)]).stdout)["files"][0][
        "problems"
    ]
    (merge,) = [p for p in problems if p["code"] == "schema_unknown_key"]
    assert merge["hints"] == [
        "`<<` (a merge key) is not read in a game log: write the keys it would bring here,"
        " each on its own line"
    ]
    assert "merge keys (`<<`)" in " ".join(
        (Path(__file__).resolve().parents[2] / "docs" / "format.md").read_text("utf-8").split()
    )


def test_a_components_path_written_with_backslashes_says_to_write_slashes(
    tmp_path: Path,
) -> None:
    path = copy_example(tmp_path, 2)
    text = path.read_text("utf-8")
    written = "../../forexcli/games/worldex/data/invented-components.json"
    assert written in text
    windows = written.replace("/", "\\\\")  # (escaped in the quoted YAML below)
    text = text.replace(f"file: {written}", f'file: "{windows}"', 1)
    sha = re.search(r"sha256: ([0-9a-f]{64})", text)
    assert sha is not None  # another file than the shipped one, which its SHA-256 would find
    path.write_text(text.replace(sha.group(1), "ab" * 32, 1), "utf-8")
    (problem,) = json.loads(run(["validate", "--format", "json", str(path)]).stdout)["files"][0][
        "problems"
    ]
    assert problem["code"] == "components_unreadable"
    assert problem["hints"] == [
        f"folders are separated by / in a log's paths, on every system: write {written}"
    ]


@pytest.mark.parametrize(
    ("text", "missing"),
    [
        ("title: Friday\nmoves: []\n", ["`forex: 1`", "`players:`"]),
        ("game: world-exchangers\n", ["`worldex:`", "`players:`", "`components:`"]),
        (
            "game: world-exchangers\nworldex: 1\nplayers: [ann, ben]\ncomponents: {}\n",
            ["`file:`", "`sha256:`"],
        ),
    ],
)
def test_every_key_missing_is_reported_not_only_the_first(
    tmp_path: Path, text: str, missing: list[str]
) -> None:
    path = tmp_path / "game.yaml"
    path.write_text(text, "utf-8")
    problems = json.loads(run(["validate", "--format", "json", str(path)]).stdout)["files"][0][
        "problems"
    ]
    told = [p["message"] for p in problems if p["code"] == "schema_required"]
    assert [next(key for key in missing if key in message) for message in told[: len(missing)]] == (
        missing
    )


def test_a_usage_error_in_json_names_the_command_s_own_help() -> None:
    result = run(["validate", "--format", "json", "-j", "0", "games"])
    assert result.exit_code == 2
    (problem,) = json.loads(result.stdout)["problems"]
    assert problem["code"] == "usage_error"
    assert problem["hints"] == ["forex validate --help lists what it takes"]


def _closed_stdout() -> None:
    import os

    os.close(1)


@pytest.mark.parametrize(
    ("command", "status"),
    [
        (["validate", "game.yaml"], 2),
        (["validate", "--format", "json", "game.yaml"], 2),
        (["show", "game.yaml", "--png", "-"], 2),
        (["play", "new.yaml", "alice", "resolve"], 3),  # written, not reported
    ],
)
def test_a_closed_standard_output_is_an_output_that_cannot_be_written(
    tmp_path: Path, command: list[str], status: int
) -> None:
    import shutil
    import subprocess
    import sys

    from tests.cli.test_commands import TWO, new_game
    from tests.cli.test_terminal import _env

    shutil.copyfile(TWO, tmp_path / "game.yaml")
    new_game(tmp_path / "new.yaml")
    done = subprocess.run(
        [sys.executable, "-m", "forexcli.cli", *command],
        stderr=subprocess.PIPE,
        cwd=tmp_path,
        env=_env(),
        preexec_fn=_closed_stdout,  # as `forex ... >&-` in a shell
        timeout=120,
    )
    said = done.stderr.decode("utf-8")
    assert "Traceback" not in said
    assert done.returncode == status
    assert "cannot write to standard output: it is closed" in said


def test_a_countersignature_that_fails_is_one_problem_not_also_a_deal_awaiting_it(
    tmp_path: Path,
) -> None:
    from tests.signed import signed_game

    path, _ = signed_game(tmp_path, 3)  # carol countersigned bob's spot deal of move 2
    text = path.read_text("utf-8")
    carol = re.search(r"      carol: (\S+)\n", text)
    assert carol is not None
    broken = carol.group(1)[:10] + ("A" if carol.group(1)[10] != "A" else "B") + carol.group(1)[11:]
    path.write_text(text.replace(carol.group(1), broken, 1), "utf-8")
    for require in ([], ["--require-signatures"]):
        report = json.loads(run(["validate", "--format", "json", *require, str(path)]).stdout)
        (item,) = report["files"]
        told = [(p["code"], p["entry"]) for p in [*item["problems"], *item.get("warnings", [])]]
        assert told == [("bad_signature", 2)]  # (move 3's signature verifies: no edit)


def test_a_damaged_countersignature_of_the_last_move_is_not_told_as_an_edited_move(
    tmp_path: Path,
) -> None:
    from tests.signed import signed_game

    path, _ = signed_game(tmp_path)  # the last move, bob's deal, countersigned by carol
    text = path.read_text("utf-8")
    carol = re.search(r"      carol: (\S+)\n", text)
    assert carol is not None
    broken = carol.group(1)[:10] + ("A" if carol.group(1)[10] != "A" else "B") + carol.group(1)[11:]
    path.write_text(text.replace(carol.group(1), broken, 1), "utf-8")
    line = text[: carol.start()].count("\n") + 1
    result = run(["validate", str(path)])
    assert result.exit_code == 1
    # bob's signature of the move still verifies: its text is as signed, carol's is damaged.
    assert result.stdout.startswith(f"{path}:{line}:14: bad_signature: move 2: ")
    assert "carol's signature does not verify" in result.stdout
    assert "edited_move" not in result.stdout


def test_a_world_exchangers_player_name_refused_says_what_in_it_a_name_may_not_hold(
    tmp_path: Path,
) -> None:
    path = copy_example(tmp_path, 2)
    text = path.read_text("utf-8")
    text = text.replace("players: [ai, louis, mei]", 'players: [" ai", "lou+is", mei]', 1)
    text = text.replace("moves:\n", "contacts: {'m:ei': mei@example.org}\nmoves:\n", 1)
    path.write_text(text, "utf-8")
    report = json.loads(run(["validate", "--format", "json", str(path)]).stdout)
    told = [(p["code"], p["message"]) for p in report["files"][0]["problems"]][:3]
    assert told == [
        (
            "bad_player_name",
            "players[1]: ' ai' is not a valid player name: a name does not start or end with"
            " a space",
        ),
        (
            "bad_player_name",
            "players[2]: 'lou+is' is not a valid player name: a name may not hold '+'",
        ),
        ("bad_player_name", "contacts: 'm:ei' is not a valid player name: a name may not hold ':'"),
    ]


def test_an_unknown_key_in_the_components_file_is_told_as_a_log_s_is(tmp_path: Path) -> None:
    import hashlib

    path = copy_example(tmp_path, 2)
    components = tmp_path / "forexcli" / "games" / "worldex" / "data" / "invented-components.json"
    data = json.loads(components.read_text("utf-8"))
    data["cities"][0]["colours"] = ["green"]  # (a key the format does not have)
    content = json.dumps(data).encode("utf-8")
    components.write_bytes(content)
    text = path.read_text("utf-8")
    sha = re.search(r"sha256: ([0-9a-f]{64})", text)
    assert sha is not None
    path.write_text(text.replace(sha.group(1), hashlib.sha256(content).hexdigest(), 1), "utf-8")
    (problem,) = json.loads(run(["validate", "--format", "json", str(path)]).stdout)["files"][0][
        "problems"
    ]
    assert problem["code"] == "components_schema"
    assert problem["message"].startswith(
        "components: cities[1]: unknown key 'colours'; the keys are"
    )
    assert problem["hints"][0] == "did you mean colour?"


def test_the_summary_counts_add_up_with_paths_that_cannot_be_read(tmp_path: Path) -> None:
    import os
    import shutil

    from tests.cli.test_commands import INVALID, TWO

    shutil.copyfile(TWO, tmp_path / "good.yaml")
    shutil.copyfile(INVALID / "unknown-player.yaml", tmp_path / "bad.yaml")
    os.symlink(tmp_path / "gone.yaml", tmp_path / "dangling.yaml")
    names = ["dangling.yaml", "nope.yaml", "good.yaml", "bad.yaml"]
    paths = [str(tmp_path / name) for name in names]
    report = json.loads(run(["validate", "--format", "json", *paths]).stdout)
    counts = report["summary"]
    assert counts == {"checked": 4, "valid": 1, "invalid": 1, "unreadable": 2, "skipped": 0}
    assert counts["checked"] == counts["valid"] + counts["invalid"] + counts["unreadable"]
    text = run(["validate", *paths]).stdout
    assert text.endswith("\n4 files checked: 1 valid, 1 invalid, 2 unreadable\n")
    missing = json.loads(run(["validate", "--format", "json", paths[1], paths[0]]).stdout)
    assert missing["summary"]["checked"] == missing["summary"]["unreadable"] == 2


@pytest.mark.parametrize("jobs", [[], ["-j", "2"]])
def test_paths_that_cannot_be_read_are_told_in_the_order_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, jobs: list[str]
) -> None:
    import os
    import shutil

    from tests.cli.test_commands import INVALID, TWO

    bad = INVALID / "unknown-player.yaml"
    games, locked = tmp_path / "games", tmp_path / "games" / "locked"
    locked.mkdir(parents=True)
    for path in [tmp_path / "first.yaml", games / "inside.yaml", tmp_path / "last.yaml"]:
        shutil.copyfile(bad, path)
    shutil.copyfile(TWO, tmp_path / "good.yaml")
    os.symlink(tmp_path / "gone.yaml", tmp_path / "dangling.yaml")
    real_scandir = os.scandir

    def refuse(path: object = ".") -> object:  # what a folder without read permission does
        if os.fspath(path) == str(locked):  # type: ignore[call-overload]
            raise PermissionError(13, "Permission denied", str(locked))
        return real_scandir(path)  # type: ignore[call-overload]

    monkeypatch.setattr(os, "scandir", refuse)
    names = ["first.yaml", "dangling.yaml", "games", "nope.yaml", "good.yaml", "last.yaml"]
    paths = [str(tmp_path / name) for name in names]
    told = [games / "inside.yaml", locked, *(tmp_path / n for n in ["nope.yaml", "last.yaml"])]
    expected = [str(tmp_path / "first.yaml"), str(tmp_path / "dangling.yaml"), *map(str, told)]
    text = run(["validate", *jobs, *paths]).stdout
    said = [line.split(":")[0] for line in text.splitlines() if line.startswith(str(tmp_path))]
    assert list(dict.fromkeys(said)) == expected
    github = run(["validate", "--format", "github", *jobs, *paths]).stdout
    annotated = re.findall(r"^::error file=([^,:]+)", github, re.M)
    assert list(dict.fromkeys(annotated)) == expected


def two_player_log(game: str, tmp_path: Path) -> tuple[Path, list[str], str]:
    """A valid log of ``game`` (``forex``: tests' two-player game, ``worldex``: the three-player
    example copied): where to write it, its players and its text."""
    from tests.cli.test_commands import TWO

    if game == "forex":
        return tmp_path / "game.yaml", ["ada", "ben"], TWO.read_text("utf-8")
    path = copy_example(tmp_path)
    return path, ["ai", "louis", "mei"], path.read_text("utf-8")


@pytest.mark.parametrize("game", ["forex", "worldex"])
def test_a_bad_player_name_is_told_once_at_players_with_the_name_rule(
    tmp_path: Path, game: str
) -> None:
    path, players, text = two_player_log(game, tmp_path)
    name = players[0]
    bad = f"{name[0]}:{name[1:]}"
    text = re.sub(rf"\b{name}\b", bad, text)
    assert text.count(f"  - {bad}: ") > 5
    path.write_text(text, "utf-8")
    players_line = next(n for n, line in enumerate(text.splitlines(), 1) if "players:" in line)
    report = json.loads(run(["validate", "--format", "json", str(path)]).stdout)
    named = [p for p in report["files"][0]["problems"] if p["code"] == "bad_player_name"]
    assert [(p["line"], p["entry"]) for p in named] == [(players_line, None)]
    assert any(h.startswith("a player's name has ") for h in named[0]["hints"])
    # A bad name that is not among the players is still told where it is.
    path.write_text(text.replace(f"  - {bad}: ", "  - x:y: ", 1), "utf-8")
    report = json.loads(run(["validate", "--format", "json", str(path)]).stdout)
    named = [p for p in report["files"][0]["problems"] if p["code"] == "bad_player_name"]
    assert [(p["line"] == players_line, p["entry"] is None) for p in named] == [
        (True, True),
        (False, False),
    ]
    assert "'x:y' is not a valid player name" in named[1]["message"]


@pytest.mark.parametrize("game", ["forex", "worldex"])
def test_a_first_player_who_is_no_player_is_told_alike_in_both_games(
    tmp_path: Path, game: str
) -> None:
    path, names, text = two_player_log(game, tmp_path)
    players = ", ".join(names)
    line = f"players: [{players}]\n"
    assert line in text and "\nfirst:" not in text
    told = []
    for first in ["nobody", players.split(", ")[1] + "x"]:
        path.write_text(text.replace(line, f"{line}first: {first}\n", 1), "utf-8")
        (problem,) = json.loads(run(["validate", "--format", "json", str(path)]).stdout)["files"][
            0
        ]["problems"]
        told.append((problem["code"], problem["message"], problem["hints"]))
    second = players.split(", ")[1]
    assert told == [
        (
            "unknown_player",
            f"first: 'nobody' is not a player of this game ({players})",
            ["name one of the players, or add 'nobody' to `players:` at set-up"],
        ),
        (
            "unknown_player",
            f"first: '{second}x' is not a player of this game ({players})",
            [f"did you mean {second}?"],
        ),
    ]


@pytest.mark.parametrize("game", ["forex", "worldex"])
def test_too_many_schema_problems_are_told_in_the_same_words_in_both_games(
    tmp_path: Path, game: str
) -> None:
    path, players, text = two_player_log(game, tmp_path)
    player = players[0]
    # Every entry misspelt (`bye`), and 20 more: more than 50 schema problems.
    text = re.sub(r"^(  - [^:]+: )", r"\1bye ", text, flags=re.M)
    text += f"  - {player}: bye pass\n" * 20
    assert text.count(": bye ") > 55
    path.write_text(text, "utf-8")
    problems = json.loads(run(["validate", "--format", "json", str(path)]).stdout)["files"][0][
        "problems"
    ]
    assert len(problems) == 51
    last, cut = problems[-2], problems[-1]
    assert (cut["code"], cut["message"], cut["line"]) == (
        "too_many_problems",
        "more than 50 schema problems: only the first 50 are listed",
        last["line"],
    )
    assert cut["hints"] == ["fix the problems listed first, then check again"]
