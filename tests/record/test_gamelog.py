"""Loading, checking and replaying logs: golden files, I/O problems, replay reports."""

from __future__ import annotations

import datetime
import json
import os
import stat
from pathlib import Path
from typing import Any

import pytest

from forexcli.games.forex import logcheck
from forexcli.games.forex.rules import HouseRules
from forexcli.record import files, gamelog, validation
from forexcli.record.problems import LogError, Problem

ROOT = Path(__file__).resolve().parents[2]
LOGS = Path(__file__).resolve().parents[1] / "logs"
VALID = sorted((LOGS / "valid").glob("*.yaml"))
INVALID = sorted((LOGS / "invalid").glob("*.yaml"))
EXAMPLES = sorted((ROOT / "examples").glob("*.yaml"))
SCHEMA_FILE = ROOT / "schemas" / "forex-log.schema.json"
UPDATE = os.environ.get("FOREX_UPDATE_GOLDEN") == "1"


def golden_lines(problems: list[Problem]) -> list[str]:
    """Problems in the golden-file form (see tests/logs/README.md)."""
    lines = []
    for p in problems:
        place = f"{p.line}:{p.column}" if p.line is not None else "-:-"
        entry = f" [move {p.entry}]" if p.entry is not None else ""
        lines.append(f"{place}: {p.code}: {p.message}{entry}")
        lines.extend(f"  {hint}" for hint in p.hints)
    return lines


def plain_load(path: Path) -> Any:
    """The log read by ruamel.yaml alone (YAML 1.2), dates given back as the text they were."""
    from ruamel.yaml import YAML

    def undate(value: Any) -> Any:
        if isinstance(value, dict):
            return {str(k): undate(v) for k, v in value.items()}
        if isinstance(value, list):
            return [undate(v) for v in value]
        if isinstance(value, (datetime.date, datetime.datetime)):
            return value.isoformat()
        return value

    return undate(YAML(typ="safe", pure=True).load(path.read_bytes()))


# --------------------------------------------------------------------------- golden


def test_there_are_golden_files() -> None:
    assert len(VALID) >= 5
    assert len(INVALID) >= 20


@pytest.mark.parametrize("path", VALID + EXAMPLES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_valid_log_has_no_problem(path: Path) -> None:
    problems, played = validation.check(path)
    assert problems == []
    assert played is not None
    assert len(played.states) == len(played.log.entries)


@pytest.mark.parametrize("path", VALID + EXAMPLES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_valid_log_passes_plain_jsonschema(path: Path) -> None:
    """The schema file alone, applied by jsonschema to what ruamel.yaml reads, accepts it."""
    from jsonschema import Draft202012Validator

    schema = json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))
    data = plain_load(path)
    errors = [e.message for e in Draft202012Validator(schema).iter_errors(data)]
    assert errors == []
    # ... and our own reader reads the same data.
    assert gamelog.load(path).document.data == data


@pytest.mark.parametrize("path", INVALID, ids=lambda p: p.name)
def test_invalid_log_gives_the_expected_problems(path: Path) -> None:
    problems, played = validation.check(path, path.name)
    if played is not None and played.problem is None:
        pytest.fail(f"{path.name} is valid")
    got = golden_lines(problems)
    expected_file = path.with_suffix(".expected")
    if UPDATE:
        expected_file.write_text("\n".join(got) + "\n", encoding="utf-8")
    assert expected_file.exists(), f"no {expected_file.name}: run with FOREX_UPDATE_GOLDEN=1"
    expected = expected_file.read_text(encoding="utf-8").splitlines()
    assert got == expected


@pytest.mark.parametrize("path", INVALID, ids=lambda p: p.name)
def test_every_problem_is_placed_and_printable(path: Path) -> None:
    problems, _ = validation.check(path, path.name)
    assert problems
    for p in problems:
        assert p.file == path.name
        assert p.message and p.message.isprintable()
        assert all(h.isprintable() for h in p.hints)
        assert "\n" not in p.message
        assert p.layer in ("io", "yaml", "schema", "header", "rules")
        if p.code not in ("empty", "too_many_problems"):
            assert p.line is not None and p.column is not None, p
            assert 1 <= p.line <= max(1, path.read_bytes().count(b"\n") + 1)


def test_every_expected_file_has_its_log() -> None:
    for expected in (LOGS / "invalid").glob("*.expected"):
        assert expected.with_suffix(".yaml").exists(), expected.name


# --------------------------------------------------------------------------- layers


def _problems(text: str | bytes) -> list[Problem]:
    try:
        log = gamelog.read_log(text, "t.yaml")
    except LogError as error:
        return error.problems
    played = gamelog.replay(log)
    return [played.problem] if played.problem else []


def test_each_layer_reports_every_problem_it_finds() -> None:
    text = (
        "forex: 1\nplayers: [alice, bob]\nseed: x\nmoves:\n"
        "  - alice: 5\n  - bob: invest XYZ\n  - carol: resolve\n  - alice: resolve\n"
        "    note: 7\n"
    )
    problems = _problems(text)
    # The header's check of the players is independent of the schema: carol is reported too.
    assert [(p.line, p.code, p.entry) for p in problems] == [
        (5, "schema_type", 1),
        (6, "bad_notation", 2),
        (7, "unknown_player", 3),
        (9, "schema_type", 4),
    ]


def test_header_problems_come_after_a_clean_schema() -> None:
    text = "forex: 1\nplayers: [alice, bob]\nseed: x\nfirst: carol\nmoves:\n  - carol: resolve\n"
    problems = _problems(text)
    assert [(p.layer, p.code, p.line, p.column) for p in problems] == [
        ("header", "unknown_player", 4, 8),
        ("header", "unknown_player", 6, 5),
    ]


def test_replay_stops_at_the_first_illegal_move() -> None:
    path = LOGS / "invalid" / "illegal-move.yaml"
    log = gamelog.load(path)
    played = gamelog.replay(log)
    problem = played.problem
    assert problem is not None
    assert (problem.code, problem.entry, problem.line, problem.column) == (
        "not_your_turn",
        3,
        9,
        10,
    )
    assert len(played.states) == 2
    assert played.final == played.state_after(2)
    assert problem.hints[0].startswith("legal now for alice: ")
    assert problem.hints[-1] == "2 later entries not checked"
    with pytest.raises(IndexError):
        played.state_after(3)


def test_last_illegal_move_has_no_unchecked_entries_hint() -> None:
    played = gamelog.replay(gamelog.load(LOGS / "invalid" / "illegal-amount.yaml"))
    assert played.problem is not None
    assert played.problem.entry == 2
    assert not any("not checked" in h for h in played.problem.hints)


def test_game_over_says_so() -> None:
    played = gamelog.replay(gamelog.load(LOGS / "invalid" / "game-over.yaml"))
    assert played.problem is not None
    assert played.problem.code == "game_over"
    assert played.problem.hints == (
        "the game is over: no decision is legal",
        "1 later entry not checked",
    )


def test_bytes_and_text_and_line_ends_read_alike() -> None:
    raw = (LOGS / "valid" / "annotated.yaml").read_bytes()
    reference = gamelog.read_log(raw, "a")
    for variant in (
        raw.decode("utf-8"),
        b"\xef\xbb\xbf" + raw,
        raw.replace(b"\n", b"\r\n"),
        raw.rstrip(b"\n"),
    ):
        log = gamelog.read_log(variant, "a")
        assert log.document.data == reference.document.data
        assert log.entries == reference.entries
    crlf = gamelog.read_log(raw.replace(b"\n", b"\r\n"), "a")
    for path, place in reference.document.values.items():
        assert crlf.document.values[path] == place


def test_house_rules_reach_the_engine() -> None:
    log = gamelog.load(LOGS / "valid" / "moves-empty.yaml")
    assert log.new_game().house == HouseRules(rounding="total", merged_loan="back")
    plain = gamelog.load(LOGS / "valid" / "new-game-seed.yaml")
    assert plain.new_game().house == HouseRules()


def test_header_and_title() -> None:
    log = gamelog.load(LOGS / "valid" / "annotated.yaml")
    assert log.title == "Annotated: comments everywhere"
    assert "moves" not in log.header
    assert log.header["started"] == "2026-08-01"
    assert log.players == ("Zoë", "Anna Lee", "o'brien")
    assert log.place(("players", 1)) == (8, 18)
    assert log.place(("contacts", "Anna Lee"), key=True) == (13, 3)


def test_entries_carry_player_text_note_and_digest() -> None:
    log = gamelog.load(LOGS / "valid" / "annotated.yaml")
    first, second, third = log.entries[:3]
    assert (first.number, first.player, first.text, first.note) == (
        1,
        "Zoë",
        "contract 1.5 CAD for 1 USD",
        "A cautious start.",
    )
    assert second.note == "The first dividend pays nothing.\nResolving it is free.\n"
    assert third.note == "All seven currencies tie at zero certificates, so Anna Lee chooses."
    escaped = log.entries[6]
    assert escaped.note == "Escaped control characters are data: \x1b[2J and a bell \x07."


def test_messages_quoting_user_text_hold_no_control_characters() -> None:
    text = (
        'forex: 1\nplayers: [alice, bob]\nseed: x\ntitle: "\\u001b]0;pwned\\u0007"\n'
        'moves:\n  - alice: "spot 1 USD to \\u009b2J for 1 JPY; resolve"\n'
        '  - "\\u001b[31mbob": resolve\n  - alice: "invest \\u202eUSD"\n'
    )
    problems = _problems(text)
    assert problems
    for p in problems:
        assert p.message.isprintable(), p.message
        assert "\x1b" not in p.message and "\u202e" not in p.message
    assert any("\\x1b[31mbob" in p.message for p in problems)


def test_problem_escapes_whatever_it_is_given() -> None:
    p = Problem("x", "a\x1b[2Jb\nc\u202ed\x00", "rules", "f\x1b.yaml", 1, 2, None, ("h\x07",))
    assert p.message == "a\\x1b[2Jb\\nc\\u202ed\\x00"
    assert p.hints == ("h\\x07",)
    assert p.where() == "f\\x1b.yaml:1:2"
    assert p.file == "f\x1b.yaml"
    assert p.in_file("g").message == p.message
    assert str(LogError([p])) == "f\\x1b.yaml:1:2: a\\x1b[2Jb\\nc\\u202ed\\x00"


def test_long_values_are_cut_in_messages() -> None:
    text = "forex: 1\nplayers: [alice, bob]\nseed: x\ntitle: " + "x" * 100_000 + "\n"
    (problem,) = _problems(text)
    assert problem.message == "title: 100,000 characters, at most 200 allowed"
    text = "forex: 1\nplayers: [alice, bob]\nseed: x\nmoves:\n  - alice: invest " + "Y" * 5000
    (problem,) = _problems(text)
    assert len(problem.message) < 300


def test_unknown_keys_are_each_reported_at_their_key() -> None:
    text = "forex: 1\nplayers: [alice, bob]\nseed: x\ncolour: red\nsize: 3\n"
    problems = _problems(text)
    assert [(p.code, p.line, p.column) for p in problems] == [
        ("schema_unknown_key", 4, 1),
        ("schema_unknown_key", 5, 1),
    ]
    assert problems[0].message.startswith("the log: unknown key 'colour'; the keys are ")


def test_schema_problems_are_capped() -> None:
    text = "forex: 1\nplayers: [alice, bob]\nseed: x\nmoves:\n" + "  - alice: 5\n" * 500
    problems = _problems(text)
    assert len(problems) == logcheck.MAX_SCHEMA_PROBLEMS + 1
    assert problems[-1].code == "too_many_problems"
    assert [p.entry for p in problems[:-1]] == list(range(1, logcheck.MAX_SCHEMA_PROBLEMS + 1))


def test_one_bad_entry_in_a_long_log_is_found_quickly() -> None:
    """Finding the one bad entry costs about what parsing the file does (about 1x a
    CSafeLoader parse), not an effort that grows with the square of the log; the bound is
    relative, so a loaded machine does not fail it."""
    import time

    import yaml

    text = "forex: 1\nplayers: [alice, bob]\nseed: x\nmoves:\n" + "  - alice: resolve\n" * 20000
    text += "  - alice: 5\n"
    start = time.perf_counter()
    yaml.load(text, Loader=yaml.CSafeLoader)
    parse = time.perf_counter() - start
    start = time.perf_counter()
    (problem,) = _problems(text)
    assert time.perf_counter() - start < 10 * parse
    assert (problem.code, problem.entry, problem.line) == ("schema_type", 20001, 20005)


def test_name_problem_says_why() -> None:
    assert logcheck.name_problem("alice") == ""
    assert logcheck.name_problem("note") == "note is a key of an entry, not a player's name"
    assert logcheck.name_problem("") == "a name has 1 to 32 characters, not none"
    assert "not 33" in logcheck.name_problem("x" * 33)
    assert logcheck.name_problem("a\x1bb") == "a name has no control characters (\\x1b)"
    assert logcheck.name_problem("a;b") == "a name has none of ; : # , (found ;)"
    assert logcheck.name_problem("a ") == "a name does not start or end with a space"
    assert logcheck.name_problem("*a").startswith("a name does not start with *")


# --------------------------------------------------------------------------- files


def test_missing_file(tmp_path: Path) -> None:
    problems, played = validation.check(tmp_path / "nothing.yaml")
    assert played is None
    assert [(p.layer, p.code) for p in problems] == [("io", "not_found")]


def test_folder(tmp_path: Path) -> None:
    problems, _ = validation.check(tmp_path)
    assert [(p.layer, p.code) for p in problems] == [("io", "is_a_directory")]
    assert problems[0].message == f"{tmp_path} is a folder, not a game log"


def test_fifo_is_refused_without_blocking(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    problems, _ = validation.check(fifo)
    assert [(p.layer, p.code) for p in problems] == [("io", "not_a_file")]


def test_too_large_file_is_refused_before_reading(tmp_path: Path) -> None:
    big = tmp_path / "big.yaml"
    with open(big, "wb") as handle:
        handle.truncate(files.MAX_LOG_BYTES + 1)  # sparse: nothing to read
    problems, _ = validation.check(big)
    assert [(p.layer, p.code) for p in problems] == [("io", "too_large")]
    with pytest.raises(LogError) as error:
        gamelog.read_log(b" " * (files.MAX_LOG_BYTES + 1), "stdin")
    assert error.value.problems[0].code == "too_large"


def test_unreadable_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "secret.yaml"
    path.write_text("forex: 1\n")
    if os.geteuid() != 0:  # root reads anything: simulate the refusal instead
        path.chmod(0)
        problems, _ = validation.check(path)
        assert [(p.code, p.message) for p in problems] == [
            ("unreadable", f"permission denied: {path}")
        ]
        path.chmod(stat.S_IRUSR | stat.S_IWUSR)

    real_open = open

    def refuse(file: Any, *args: Any, **kwargs: Any) -> Any:
        if str(file) == str(path):
            raise PermissionError(13, "Permission denied")
        return real_open(file, *args, **kwargs)

    monkeypatch.setattr("builtins.open", refuse)
    problems, _ = validation.check(path)
    assert [(p.layer, p.code, p.message) for p in problems] == [
        ("io", "unreadable", f"permission denied: {path}")
    ]


def test_display_name_is_used_in_every_problem(tmp_path: Path) -> None:
    problems, _ = validation.check(tmp_path / "x.yaml", "shown.yaml")
    assert problems[0].file == "shown.yaml"
    path = LOGS / "invalid" / "wrong-types.yaml"
    problems, _ = validation.check(path, "shown.yaml")
    assert {p.file for p in problems} == {"shown.yaml"}


def test_a_pipe_put_in_the_files_place_does_not_block(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A FIFO swapped in between the check and the opening is refused, not waited on."""
    path = tmp_path / "swapped.yaml"
    path.write_text("forex: 1\n")
    real_stat = os.stat

    def swap(name: Any, *args: Any, **kwargs: Any) -> os.stat_result:
        info = real_stat(name, *args, **kwargs)
        if str(name) == str(path) and not stat.S_ISFIFO(info.st_mode):
            path.unlink()
            os.mkfifo(path)
        return info

    monkeypatch.setattr(os, "stat", swap)
    with pytest.raises(LogError) as error:
        files.read_bytes(path)
    assert [(p.layer, p.code) for p in error.value.problems] == [("io", "not_a_file")]


def test_every_golden_problem_has_a_registered_code() -> None:
    from forexcli.record.problems import codes

    for path in INVALID:
        problems, played = validation.check(path)
        if played is not None and played.problem is not None:
            problems = [played.problem]
        for p in problems:
            assert p.code in codes()[p.layer], (path.name, p.layer, p.code)


WORLDEX_EXAMPLES = sorted((ROOT / "examples" / "world-exchangers").glob("*.yaml"))


@pytest.mark.parametrize("path", WORLDEX_EXAMPLES, ids=lambda p: p.name)
def test_a_world_exchangers_log_takes_the_fast_path(
    path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The fast path serves any game's log schema: a World Exchangers example reads to the
    same entries and components without the full YAML reader, as with it."""
    from forexcli.record import fastpath, yamlread

    full = gamelog.load(path)
    text = path.read_text(encoding="utf-8")
    if fastpath.parsed(text) is None:
        pytest.skip("the compiled parser is missing, or this text is one it declines")

    def refused(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("the full reader was used")

    monkeypatch.setattr(yamlread, "read", refused)
    fast = gamelog.load(path)
    assert fast.game.name == full.game.name == "world-exchangers"
    assert fast.entries == full.entries
    assert fast.resources.keys() == full.resources.keys() == {"components"}
    assert fast.resources["components"] == full.resources["components"]
