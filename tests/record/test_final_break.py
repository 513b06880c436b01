"""A log that ends in a block-scalar note without a final line break keeps that note's text
exactly through every edit that adds a line break after it (play, sign, a post's copy of the
log, a merge): the added break would otherwise become part of the note."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from ruamel.yaml import YAML

from forexcli.record import edit, gamelog, mail, merge, yamlread
from tests.cli.test_commands import new_game, run
from tests.record.test_signing import make_key

HEADERS = ["|", "|+", "|-", "|2", "|+2", "|2+", ">", ">+", ">-", "| # c", "|+ # c"]
"""Block scalar headers: every chomping indicator, with indentation indicators and comments."""


def _ruamel(text: str) -> object:
    return YAML(typ="safe", pure=True).load(text)


lines = st.lists(
    st.text(alphabet="ab #:-'\"é", min_size=0, max_size=8).map(str.strip), min_size=1, max_size=4
).filter(lambda found: bool(found[-1].strip()))


@settings(max_examples=200, deadline=None)
@given(header=st.sampled_from(HEADERS), body=lines, nested=st.booleans())
def test_a_final_line_break_never_changes_what_is_read(
    header: str, body: list[str], nested: bool
) -> None:
    indent = "      " if nested else "  "  # as the indicator 2 names it, too
    prefix = "moves:\n  - a: b\n    note: " if nested else "note: "
    text = prefix + header + "\n" + "\n".join(indent + line if line else "" for line in body)
    ended = yamlread.with_final_break(text)
    assert ended.endswith("\n") and not text.endswith("\n")
    assert yamlread.read(ended).data == yamlread.read(text).data
    assert _ruamel(ended) == _ruamel(text)
    assert yamlread.with_final_break(ended) == ended


def test_only_a_header_and_the_break_change() -> None:
    assert yamlread.with_final_break("a: |\n  one\n  two") == "a: |-\n  one\n  two\n"
    assert yamlread.with_final_break("a: |+2 # c\n   one") == "a: |-2 # c\n   one\n"
    assert yamlread.with_final_break("a: >-\n  one", "\r\n") == "a: >-\n  one\r\n"
    assert yamlread.with_final_break("a: |\n  one\n  ") == "a: |\n  one\n  \n"  # a blank end
    assert yamlread.with_final_break("a: one") == "a: one\n"
    assert yamlread.with_final_break("a: [") == "a: [\n"  # unreadable: just the break
    assert yamlread.with_final_break("") == ""


def _ending_in_a_block_note(tmp_path: Path, header: str) -> Path:
    """A game of one move whose note, written ``note: HEADER``, ends the file without a line
    break."""
    log = new_game(tmp_path / "game.yaml")
    played = run(["play", str(log), "alice", "spot 1 GBP to bob for 1 USD; invest USD"])
    assert played.exit_code == 0, played.output
    text = log.read_text(encoding="utf-8").rstrip("\n")
    text = "\n".join(line for line in text.splitlines() if "digest:" not in line)
    log.write_text(f"{text}\n    note: {header}\n      one\n      two", encoding="utf-8")
    assert gamelog.load(log).entries[-1].note == ("one two" if ">" in header else "one\ntwo")
    return log


@pytest.mark.parametrize("header", ["|", "|+", ">", ">+", "|2"])
def test_playing_a_move_keeps_the_note_that_ended_the_file(tmp_path: Path, header: str) -> None:
    log = _ending_in_a_block_note(tmp_path, header)
    result = run(["play", str(log), "bob", "invest JPY"])
    assert result.exit_code == 0, result.output
    entries = gamelog.load(log).entries
    assert entries[0].note == ("one two" if header.startswith(">") else "one\ntwo")
    assert [e.text for e in entries] == ["spot 1 GBP to bob for 1 USD; invest USD", "invest JPY"]


def test_a_note_set_on_the_last_move_and_an_undo_keep_it_too(tmp_path: Path) -> None:
    log = _ending_in_a_block_note(tmp_path, "|")
    edit.append(str(log), "bob", "invest JPY", note="next")
    edit.set_note(str(log), 2, "changed")
    edit.remove_last(str(log))
    assert gamelog.load(log).entries[0].note == "one\ntwo"


def test_countersigning_keeps_the_note_that_ended_the_file(tmp_path: Path) -> None:
    log = _ending_in_a_block_note(tmp_path, "|+")
    key = make_key(tmp_path, "bob")
    signed = run(["sign", str(log), "1", "--as", "bob", "--key", str(key)])
    assert signed.exit_code == 0, signed.output
    entry = gamelog.load(log).entries[0]
    assert entry.note == "one\ntwo" and entry.sig is not None and list(entry.sig) == ["bob"]


@pytest.mark.parametrize("fmt", ["plain", "markdown", "bbcode"])
def test_a_post_carries_the_note_as_written(tmp_path: Path, fmt: str) -> None:
    log = _ending_in_a_block_note(tmp_path, "|")
    text = log.read_text(encoding="utf-8")
    post = mail.with_log("My move.", text, fmt)
    embedded = post[post.index("forex: 1") :]
    embedded = embedded[: embedded.index("      two\n") + len("      two\n")]
    assert gamelog.read_log(embedded, "post").entries[0].note == "one\ntwo"


def test_a_merge_that_adds_comments_at_the_end_keeps_the_note(tmp_path: Path) -> None:
    log = _ending_in_a_block_note(tmp_path, "|")
    base = gamelog.load(log)
    theirs = base.text.replace("note: |", "note: |-").replace("      two", "      two\n# theirs")
    other = gamelog.read_log(theirs, "other")
    merged = merge.merge(
        base, other, 1, parse=lambda t: gamelog.read_log(t, "m"), base_is_own=True, filename="m"
    )
    result = gamelog.read_log(merged.text, "m")
    assert result.entries[0].note == "one\ntwo" and "# theirs" in merged.text
