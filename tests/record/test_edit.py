"""Text edits of a log: append, set a note, remove the last move, byte for byte."""

from __future__ import annotations

import codecs
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import example, given, settings
from hypothesis import strategies as st

from forexcli.games.forex.notation import write
from forexcli.games.forex.rules import Spot, legal_decisions
from forexcli.record import edit, entrytext, gamelog, yamlread
from forexcli.record.problems import LogError
from tests.conftest import examples

ROOT = Path(__file__).resolve().parents[2]
LOGS = Path(__file__).resolve().parents[1] / "logs"
SAMPLES = sorted((LOGS / "valid").glob("*.yaml")) + sorted((ROOT / "examples").glob("*.yaml"))

HEAD = "forex: 1\nplayers: [alice, bob]\nremoved: {GBP: 1, EUR: 1, USD: 3, JPY: 1}\n"
M1 = "alice: contract 2 EUR for 2 CHF"
M2 = "bob: contract 2 EUR for 7 CNY"
M1_DIGEST = "36d98e1e8facfd9a"
"""The digest of the state after M1 (checked below: a log whose digest does not match is
refused by append)."""
NEXT = [
    ("alice", "contract 2 EUR for 2 CHF"),
    ("bob", "contract 2 EUR for 7 CNY"),
    ("alice", "invest CAD"),
]

LAYOUTS: dict[str, str] = {
    "no moves": HEAD,
    "no moves, comment at the end": HEAD + "# the end\n",
    "empty list": HEAD + "moves: []\n",
    "empty list with a comment": HEAD + "moves: []  # none yet\n",
    "empty list, not last": HEAD + "moves: []\ntitle: x\n",
    "null list": HEAD + "moves: ~\n",
    "empty key": HEAD + "moves:\n",
    "empty key with a comment": HEAD + "moves:   # none yet\n",
    "empty key, not last": HEAD + "moves:\ntitle: x\n",
    "empty key, then a comment": HEAD + "moves:\n# a comment\n",
    "block": HEAD + f"moves:\n  - {M1}\n  - {M2}\n",
    "block with comments": HEAD
    + f"# top\nmoves:  # the moves\n  # before\n  - {M1}   # inside\n    # inside the entry\n"
    + f"    note: hi\n  # between\n\n  - {M2}  # trailing\n  # after\n\n# at the end\n",
    "block, comment under the last entry": HEAD + f"moves:\n  - {M1}\n    # about it\n",
    "block at column 1": HEAD + f"moves:\n- {M1}\n- {M2}\n",
    "block indented by 4": HEAD + f"moves:\n    - {M1}\n    - {M2}\n",
    "literal note last": HEAD + f"moves:\n  - {M1}\n    note: |\n      line one\n      line two\n",
    "literal note keeping blank lines": HEAD + f"moves:\n  - {M1}\n    note: |+\n      one\n\n\n",
    "literal note, then a comment": HEAD + f"moves:\n  - {M1}\n    note: |\n      one\n  # c\n",
    "folded note": HEAD + f"moves:\n  - {M1}\n    note: >-\n      line one\n      line two\n",
    "plain note on two lines": HEAD + f"moves:\n  - {M1}\n    note: line one\n      line two\n",
    "quoted note on two lines": HEAD + f'moves:\n  - {M1}\n    note: "line one\n      two"\n',
    "note first": HEAD + f"moves:\n  - note: hi\n    {M1}\n",
    "note and digest": HEAD + f"moves:\n  - {M1}\n    note: hi\n    digest: " + M1_DIGEST + "\n",
    "quoted entry": HEAD + "moves:\n  - \"alice\": 'contract 2 EUR for 2 CHF'\n",
    "flow entries": HEAD + f"moves:\n  - {{{M1}}}\n  - {{{M2}, note: x}}\n",
    "flow entry on two lines": HEAD + f"moves:\n  - {{{M1},\n     note: x}}\n",
    "flow entry, note first": HEAD + f"moves:\n  - {{note: x, {M1}}}\n",
    "flow list": HEAD + f"moves: [{{{M1}}}, {{{M2}}}]\n",
    "flow list on lines": HEAD + f"moves: [\n  {{{M1}}},\n  {{{M2}}}\n]\n",
    "flow list, trailing comma": HEAD + f"moves: [\n  {{{M1}}},\n  {{{M2}}},\n]\n",
    "flow list, not last": HEAD + f"moves: [{{{M1}}}]\ntitle: x\n",
    "moves not last": HEAD + f"moves:\n  - {M1}\ntitle: x\n",
    "moves not last, comments": HEAD
    + f"moves:\n  - {M1}\n  # about 1\n# about the title\ntitle: x\n",
    "moves first": f"moves:\n  - {M1}\n" + HEAD,
    "document markers": "%YAML 1.2\n---\n" + HEAD + f"moves:\n  - {M1}\n...\n",
    "document markers, no moves": "---\n" + HEAD + "...\n",
    "flow root": "{forex: 1, players: [alice, bob], removed: {GBP: 1, EUR: 1, USD: 3, JPY: 1},"
    f" moves: [{{{M1}}}]}}\n",
    "flow root, no moves": "{forex: 1, players: [alice, bob],"
    " removed: {GBP: 1, EUR: 1, USD: 3, JPY: 1}}\n",
    "blank lines at the end": HEAD + f"moves:\n  - {M1}\n\n\n",
    "trailing spaces": HEAD + f"moves:\n  - {M1}   \n   \n",
    "comment at column 1 inside the list": HEAD + f"moves:\n  - {M1}\n# c\n  - {M2}\n",
    "comment at column 1 after the list": HEAD + f"moves:\n  - {M1}\n# c\n",
}

REMOVED_ON_APPEND = {
    "empty list": " []",
    "empty list with a comment": "[] ",
    "empty list, not last": " []",
    "null list": " ~",
}
"""An empty flow list (or null) becomes a block list: these characters go, nothing else."""


STRIPPED_AT_THE_END = {
    "literal note last": ("note: |", "note: |-"),
    "literal note keeping blank lines": ("note: |+", "note: |-"),
}
"""A block-scalar note that ends a file without a final line break: the line break added after
it would become part of its value, so its header gets the strip indicator (the same value)."""


EMPTIED: dict[str, str] = {
    "no moves": HEAD + "moves: []\n",
    "no moves, comment at the end": HEAD + "moves: []\n# the end\n",
    "null list": HEAD + "moves: []\n",
    "empty key": HEAD + "moves: []\n",
    "empty key with a comment": HEAD + "moves: []   # none yet\n",
    "empty key, not last": HEAD + "moves: []\ntitle: x\n",
    "empty key, then a comment": HEAD + "moves: []\n# a comment\n",
    "document markers, no moves": "---\n" + HEAD + "moves: []\n...\n",
    "flow root, no moves": "{forex: 1, players: [alice, bob],"
    " removed: {GBP: 1, EUR: 1, USD: 3, JPY: 1}, moves: []}\n",
}
"""A log without moves whose one entry is removed again: the moves are then written ``[]``
(the layouts with ``moves: []`` already come back as they were)."""


def variants(text: str) -> Iterator[tuple[str, bytes]]:
    yield "lf", text.encode()
    yield "crlf", text.replace("\n", "\r\n").encode()
    yield "no final newline", text.rstrip("\n").encode()
    yield "crlf, no final newline", text.rstrip("\n").replace("\n", "\r\n").encode()
    yield "bom", codecs.BOM_UTF8 + text.encode()


CASES = [
    pytest.param(name, variant, data, id=f"{name} ({variant})")
    for name, text in LAYOUTS.items()
    for variant, data in variants(text)
]


def inserted(old: bytes, new: bytes) -> bytes | None:
    """What was inserted, if ``new`` is ``old`` with one run of bytes inserted."""
    if len(new) < len(old):
        return None
    prefix = 0
    while prefix < len(old) and old[prefix] == new[prefix]:
        prefix += 1
    suffix = 0
    while suffix < len(old) - prefix and old[len(old) - 1 - suffix] == new[len(new) - 1 - suffix]:
        suffix += 1
    if prefix + suffix < len(old):
        return None
    return new[prefix : len(new) - suffix]


def deleted(old: bytes, new: bytes) -> bytes | None:
    """What was removed, if ``new`` is ``old`` with one run of bytes removed."""
    return inserted(new, old)


def changed_window(old: bytes, new: bytes) -> tuple[int, int]:
    """The offsets in ``old`` of the one region that differs from ``new``."""
    prefix = 0
    while prefix < min(len(old), len(new)) and old[prefix] == new[prefix]:
        prefix += 1
    suffix = 0
    while (
        suffix < min(len(old), len(new)) - prefix
        and old[len(old) - 1 - suffix] == new[len(new) - 1 - suffix]
    ):
        suffix += 1
    return prefix, len(old) - suffix


def line_breaks_kept(old: bytes, new: bytes) -> bool:
    if b"\r\n" not in old:
        return b"\r" not in new
    return new.count(b"\n") == new.count(b"\r\n")


def entries(log: gamelog.GameLog) -> list[tuple[str, str, str | None, str | None]]:
    return [(e.player, e.text, e.note, e.digest) for e in log.entries]


def write_file(tmp_path: Path, data: bytes) -> Path:
    path = tmp_path / "game.yaml"
    path.write_bytes(data)
    return path


def folder_names(tmp_path: Path) -> list[str]:
    return sorted(p.name for p in tmp_path.iterdir())


# --------------------------------------------------------------------------- append


@pytest.mark.slow
@pytest.mark.parametrize(("name", "variant", "data"), CASES)
def test_append_inserts_text_and_changes_nothing_else(
    tmp_path: Path, name: str, variant: str, data: bytes
) -> None:
    path = write_file(tmp_path, data)
    before = gamelog.load(path)
    count = len(before.entries)
    player, decision = NEXT[count]
    change = edit.append(str(path), player, decision, note="new, with a comma: and # hash")
    assert change.written
    new = path.read_bytes()
    old = data
    removed = REMOVED_ON_APPEND.get(name)
    if removed is not None:
        assert deleted(old, old.replace(removed.encode(), b"", 1)) is not None
        old = old.replace(removed.encode(), b"", 1)
    if not data.endswith(b"\n") and name in STRIPPED_AT_THE_END:
        header, stripped = STRIPPED_AT_THE_END[name]
        old = old.replace(header.encode(), stripped.encode(), 1)
    added = inserted(old, new)
    assert added is not None, new.decode()
    assert line_breaks_kept(data, new)
    assert new.startswith(codecs.BOM_UTF8) == data.startswith(codecs.BOM_UTF8)
    after = gamelog.load(path)
    assert after.header == before.header
    assert entries(after)[:-1] == entries(before)
    assert entries(after)[-1] == (player, decision, "new, with a comma: and # hash", None)
    assert gamelog.replay(after).problem is None
    assert folder_names(tmp_path) == ["game.yaml"]


@pytest.mark.slow
@pytest.mark.parametrize(("name", "variant", "data"), CASES)
def test_notes_change_only_their_entry(
    tmp_path: Path, name: str, variant: str, data: bytes
) -> None:
    path = write_file(tmp_path, data)
    count = len(gamelog.load(path).entries)
    player, decision = NEXT[count]
    edit.append(str(path), player, decision)
    reference = entries(gamelog.load(path))
    for number in range(1, len(reference) + 1):
        for note in ["changed", "two\nlines", None, "a: b, c # d", None, "back"]:
            old = path.read_bytes()
            old_log = gamelog.load(path)
            edit.set_note(str(path), number, note)
            new = path.read_bytes()
            log = gamelog.load(path)
            got = entries(log)
            assert got[number - 1][2] == note
            expected = list(reference)
            expected[number - 1] = got[number - 1]
            assert [e[:2] + e[3:] for e in got] == [e[:2] + e[3:] for e in reference]
            assert log.header == old_log.header
            assert line_breaks_kept(data, new)
            assert new.startswith(codecs.BOM_UTF8) == data.startswith(codecs.BOM_UTF8)
            # Only the entry's own text changed.
            start, end = changed_window(old, new)
            text = old_log.text
            offset = len(codecs.BOM_UTF8) if old.startswith(codecs.BOM_UTF8) else 0
            entry_start = old_log.document.spans[("moves", number - 1)][0]
            following = old_log.document.spans.get(("moves", number))
            entry_end = following[0] if following else len(text)
            lo = len(text[:entry_start].encode()) + offset
            hi = len(text[:entry_end].encode()) + offset
            assert lo <= start and end <= hi, (start, end, lo, hi)
    assert folder_names(tmp_path) == ["game.yaml"]


@pytest.mark.slow
@pytest.mark.parametrize(("name", "variant", "data"), CASES)
def test_remove_last_removes_only_the_last_entry(
    tmp_path: Path, name: str, variant: str, data: bytes
) -> None:
    path = write_file(tmp_path, data)
    count = len(gamelog.load(path).entries)
    player, decision = NEXT[count]
    edit.append(str(path), player, decision)
    while True:
        old = path.read_bytes()
        before = gamelog.load(path)
        if not before.entries:
            with pytest.raises(LogError) as error:
                edit.remove_last(str(path))
            assert error.value.problems[0].code == "no_moves"
            assert path.read_bytes() == old
            break
        edit.remove_last(str(path))
        new = path.read_bytes()
        after = gamelog.load(path)
        assert entries(after) == entries(before)[:-1]
        assert after.header == before.header
        assert line_breaks_kept(data, new)
        if after.entries or ("moves",) in before.document.flow:
            assert deleted(old, new) is not None
        else:
            # The last block entry goes and the list is written `[]`.
            assert b"[]" in new
            assert deleted(old, new.replace(b" []", b"", 1)) is not None
    assert folder_names(tmp_path) == ["game.yaml"]


@pytest.mark.slow
@pytest.mark.parametrize(("name", "variant", "data"), CASES)
def test_append_then_remove_gives_the_file_back(
    tmp_path: Path, name: str, variant: str, data: bytes
) -> None:
    path = write_file(tmp_path, data)
    original = gamelog.load(path).entries
    player, decision = NEXT[len(original)]
    edit.append(str(path), player, decision, note="undo me")
    edit.remove_last(str(path))
    back = path.read_bytes()
    expected = dict(variants(EMPTIED.get(name, LAYOUTS[name])))[variant]
    if data.endswith(b"\n"):
        assert back == expected
    else:  # the entry came with a line break, which stays where it ended the file
        if name in STRIPPED_AT_THE_END:  # with the strip indicator that kept the note's value
            header, stripped = STRIPPED_AT_THE_END[name]
            expected = expected.replace(header.encode(), stripped.encode(), 1)
        assert back in (expected, expected + (b"\r\n" if b"\r\n" in data else b"\n"))
    assert gamelog.load(path).entries == original


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_append_to_golden_logs_byte_for_byte(tmp_path: Path, sample: Path) -> None:
    data = sample.read_bytes()
    path = write_file(tmp_path, data)
    played = gamelog.replay(gamelog.load(path))
    state = played.final
    if state.is_over:
        with pytest.raises(LogError) as error:
            edit.append(str(path), played.log.players[0], "resolve")
        assert error.value.problems[0].code == "game_over"
        assert path.read_bytes() == data
        return
    decision = next(d for d in legal_decisions(state) if not isinstance(d, Spot))
    change = edit.append(str(path), decision.player, write(decision), note="a note", digest=True)
    new = path.read_bytes()
    added = inserted(data, new)
    if added is None:  # only an empty flow list may go
        start, end = changed_window(data, new)
        assert data[start:end].strip() in (b"[]", b"~"), data[start:end]
    assert new.decode().count("note: a note") == data.decode().count("note: a note") + 1
    log = gamelog.load(path)
    assert log.entries[-1].digest == change.replay.log.entries[-1].digest
    assert entries(log)[:-1] == entries(played.log)
    # ... and removing it gives the file back.
    edit.remove_last(str(path))
    if played.log.entries:
        assert path.read_bytes() == data


@pytest.mark.slow
@pytest.mark.parametrize("sample", SAMPLES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_notes_on_golden_logs(tmp_path: Path, sample: Path) -> None:
    data = sample.read_bytes()
    path = write_file(tmp_path, data)
    log = gamelog.load(path)
    for number in range(1, len(log.entries) + 1, 7):
        original = log.entries[number - 1].note
        edit.set_note(str(path), number, "annotated: with a colon")
        assert gamelog.load(path).entries[number - 1].note == "annotated: with a colon"
        edit.set_note(str(path), number, original)
        assert entries(gamelog.load(path)) == entries(log)
    assert gamelog.replay(gamelog.load(path)).problem is None


# --------------------------------------------------------------------------- refusals


def test_illegal_move_is_refused_and_nothing_written(tmp_path: Path) -> None:
    path = write_file(tmp_path, (HEAD + f"moves:\n  - {M1}\n").encode())
    before = path.read_bytes()
    with pytest.raises(LogError) as error:
        edit.append(str(path), "alice", "invest CAD")
    (problem,) = error.value.problems
    assert (problem.code, problem.entry, problem.layer) == ("not_your_turn", 2, "rules")
    assert problem.hints and problem.hints[0].startswith("legal now for bob: ")
    with pytest.raises(LogError) as error:
        edit.append(str(path), "bob", "contract 2 EUR for X")
    assert error.value.problems[0].code == "bad_notation"
    assert path.read_bytes() == before
    assert folder_names(tmp_path) == ["game.yaml"]


def test_a_log_with_an_illegal_move_takes_no_more(tmp_path: Path) -> None:
    path = tmp_path / "game.yaml"
    path.write_bytes((LOGS / "invalid" / "illegal-move.yaml").read_bytes())
    before = path.read_bytes()
    with pytest.raises(LogError) as error:
        edit.append(str(path), "alice", "resolve")
    assert error.value.problems[0].message.endswith("(fix or undo it before adding moves)")
    with pytest.raises(LogError):
        edit.set_note(str(path), 1, "a note")
    # Removing a later move would still leave an invalid log: refused too.
    with pytest.raises(LogError) as error:
        edit.remove_last(str(path))
    assert error.value.problems[0].code == "not_your_turn"
    assert path.read_bytes() == before
    # When the illegal move is the last one, undoing it is how to fix the log.
    path.write_bytes((LOGS / "invalid" / "illegal-amount.yaml").read_bytes())
    edit.remove_last(str(path))
    assert gamelog.replay(gamelog.load(path)).problem is None


def test_after_guards_against_an_old_position(tmp_path: Path) -> None:
    path = write_file(tmp_path, (HEAD + f"moves:\n  - {M1}\n").encode())
    with pytest.raises(LogError) as error:
        edit.append(str(path), "bob", "contract 2 EUR for 7 CNY", after=0)
    assert error.value.problems[0].code == "log_moved_on"
    edit.append(str(path), "bob", "contract 2 EUR for 7 CNY", after=1)


def test_dry_run_writes_nothing(tmp_path: Path) -> None:
    path = write_file(tmp_path, (HEAD + "moves: []\n").encode())
    before = path.read_bytes()
    change = edit.append(str(path), "alice", "contract 2 EUR for 2 CHF", dry_run=True)
    assert not change.written
    assert change.new_text != change.old_text
    assert len(change.replay.states) == 1
    assert path.read_bytes() == before
    edit.append(str(path), "alice", "contract 2 EUR for 2 CHF")
    before = path.read_bytes()
    noted = edit.set_note(str(path), 1, "x", dry_run=True)
    removed = edit.remove_last(str(path), dry_run=True)
    assert not noted.written and not removed.written
    assert "note: x" in noted.new_text
    assert removed.replay.log.entries == ()
    assert path.read_bytes() == before
    assert folder_names(tmp_path) == ["game.yaml"]


def test_bad_notes_are_refused(tmp_path: Path) -> None:
    path = write_file(tmp_path, (HEAD + f"moves:\n  - {M1}\n").encode())
    before = path.read_bytes()
    for note, words in [
        ("caf\udce9", "lone surrogate"),
        ("x" * (edit.MAX_NOTE_LENGTH + 1), "at most 20,000"),
    ]:
        with pytest.raises(LogError) as error:
            edit.set_note(str(path), 1, note)
        assert error.value.problems[0].code == "bad_note"
        assert words in error.value.problems[0].message
        (hint,) = error.value.problems[0].hints  # what to do about the note, not a move number
        assert ("UTF-8" if "surrogate" in words else "shorten the note") in hint
        with pytest.raises(LogError) as error:
            edit.append(str(path), "bob", "contract 2 EUR for 7 CNY", note=note)
        assert error.value.problems[0].code == "bad_note"
    assert path.read_bytes() == before


def test_notes_with_any_text_read_back(tmp_path: Path) -> None:
    path = write_file(tmp_path, (HEAD + f"moves:\n  - {M1}\n").encode())
    for note in ["\x1b[2J", "tab\there", "yes", "2026-11-30", "1e3", "- dash", '"q"', "", " "]:
        edit.set_note(str(path), 1, note)
        assert gamelog.load(path).entries[0].note == note


def test_no_such_entry(tmp_path: Path) -> None:
    path = write_file(tmp_path, (HEAD + f"moves:\n  - {M1}\n").encode())
    for number in (0, 2, -1):
        with pytest.raises(LogError) as error:
            edit.set_note(str(path), number, "x")
        assert error.value.problems[0].code == "no_such_entry"


def test_removing_a_missing_note_writes_nothing(tmp_path: Path) -> None:
    path = write_file(tmp_path, (HEAD + f"moves:\n  - {M1}\n").encode())
    change = edit.set_note(str(path), 1, None)
    assert not change.written
    assert change.new_text == change.old_text


def test_lone_carriage_returns_are_refused(tmp_path: Path) -> None:
    data = (HEAD + f"moves:\n  - {M1}\n").replace("\n", "\r").encode()
    path = write_file(tmp_path, data)
    assert gamelog.load(path).entries  # readable ...
    with pytest.raises(LogError) as error:  # ... but not edited
        edit.append(str(path), "bob", "contract 2 EUR for 7 CNY")
    assert error.value.problems[0].code == "cannot_edit"
    assert path.read_bytes() == data


def test_an_edit_that_would_change_more_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = write_file(tmp_path, (HEAD + f"moves:\n  - {M1}\n").encode())
    before = path.read_bytes()
    real = entrytext.appended_text

    def sloppy(log: gamelog.GameLog, *args: Any) -> str:
        return real(log, *args).replace("forex: 1\n", "forex: 1\ntitle: oops\n")

    monkeypatch.setattr(edit, "appended_text", sloppy)
    with pytest.raises(LogError) as error:
        edit.append(str(path), "bob", "contract 2 EUR for 7 CNY")
    assert error.value.problems[0].code == "cannot_edit"
    assert path.read_bytes() == before


def test_the_changed_text_is_checked_before_it_is_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = write_file(tmp_path, (HEAD + f"moves:\n  - {M1}\n").encode())
    before = path.read_bytes()
    monkeypatch.setattr(edit, "without_moves_after_text", lambda log, keep: log.text + "  bad: [\n")
    with pytest.raises(LogError) as error:
        edit.remove_last(str(path))
    problem = error.value.problems[0]
    assert problem.message.startswith("nothing was written: the changed log would not be valid")
    assert path.read_bytes() == before


# --------------------------------------------------------------------------- quoting


def _yaml11(text: str) -> Any:
    return yaml.load(text, Loader=yaml.SafeLoader)  # PyYAML reads YAML 1.1


def _ruamel(text: str) -> Any:
    from ruamel.yaml import YAML

    return edit._plain(YAML(typ="rt").load(text))  # ruamel.yaml reads YAML 1.2


@pytest.mark.slow
@settings(max_examples=examples(400), deadline=None)
@given(st.text(alphabet=st.characters(exclude_categories=["Cs"]), max_size=40))
@example("0?")  # PyYAML ends a plain scalar at "?" in a flow mapping
def test_quote_reads_back_in_block_and_flow(text: str) -> None:
    """Whatever the text, ``quote`` gives a scalar that forexcli's reader, PyYAML (YAML 1.1)
    and ruamel.yaml (YAML 1.2) all read back as that text, in a block mapping and inside a
    flow mapping before a comma, and that stays on one line."""
    block = f"key: {entrytext.quote(text)}\n"
    flow = f"{{a: {entrytext.quote(text, flow=True)}, b: 1}}\n"
    for read in (lambda t: yamlread.read(t).data, _yaml11, _ruamel):
        assert read(block) == {"key": text}
        assert read(flow) == {"a": text, "b": 1}
    assert "\n" not in entrytext.quote(text) and "\r" not in entrytext.quote(text)


def test_quote_keeps_ordinary_text_plain() -> None:
    for text in ["alice", "contract 6 USD for 12 JPY", "spot 1 USD to bob for 2 JPY; resolve"]:
        assert entrytext.quote(text) == text
    assert entrytext.quote("0123456789abcdef") == "0123456789abcdef"  # a digest
    assert entrytext.quote("1234567890123456") == '"1234567890123456"'
    for text in ["yes", "No", "on", "null", "2026-11-30", "1_000", "0x1F", "1.5", "a # b", "x: y"]:
        assert entrytext.quote(text).startswith('"'), text
    assert entrytext.quote("a, b") == "a, b"
    assert entrytext.quote("a, b", flow=True) == '"a, b"'


def test_the_digest_of_the_layouts_is_that_of_the_state_after_m1(tmp_path: Path) -> None:
    from forexcli.games.forex.snapshot import state_digest
    from forexcli.record import gamelog

    path = write_file(tmp_path, (HEAD + f"moves:\n  - {M1}\n").encode())
    assert state_digest(gamelog.replay(gamelog.load(path)).final) == M1_DIGEST
