"""The safe YAML reader: data, places, typing and refusals."""

from __future__ import annotations

import datetime
import math
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from forexcli.record import yamlread
from forexcli.record.problems import LogError, Problem
from tests.conftest import examples

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = sorted((ROOT / "tests" / "logs" / "valid").glob("*.yaml")) + sorted(
    (ROOT / "examples").glob("*.yaml")
)


def problems(text: str) -> list[Problem]:
    with pytest.raises(LogError) as error:
        yamlread.read(text, "f.yaml")
    return error.value.problems


def codes_and_places(text: str) -> list[tuple[str, int | None, int | None]]:
    return [(p.code, p.line, p.column) for p in problems(text)]


# --------------------------------------------------------------------------- data


@pytest.mark.parametrize(
    ("plain", "value"),
    [
        ("1", 1),
        ("-7", -7),
        ("+3", 3),
        ("0o17", 15),
        ("0x1F", 31),
        ("1.5", 1.5),
        ("1e3", 1000.0),
        ("-.inf", -math.inf),
        (".Inf", math.inf),
        ("~", None),
        ("null", None),
        ("", None),
        ("true", True),
        ("False", False),
        # YAML 1.1 words and forms that the 1.2 core schema reads as text:
        ("yes", "yes"),
        ("no", "no"),
        ("on", "on"),
        ("y", "y"),
        ("2026-11-30", "2026-11-30"),
        ("12:30", "12:30"),
        ("1_000", "1_000"),
        ("0b101", "0b101"),
        ("017", 17),
        ("nan", "nan"),
        ("inf", "inf"),
        ("1" * 1000, int("1" * 1000)),
        ("1" * 1001, math.inf),
        ("-" + "1" * 1001, -math.inf),
    ],
)
def test_plain_scalars_follow_the_yaml_1_2_core_schema(plain: str, value: Any) -> None:
    assert yamlread.plain_value(plain) == value if plain else yamlread.read("k:").data["k"] is None
    if plain:
        got = yamlread.read(f"k: {plain}\n").data["k"]
        assert got == value and type(got) is type(value)


def test_nan_is_a_float() -> None:
    value = yamlread.read("k: .nan\n").data["k"]
    assert isinstance(value, float) and math.isnan(value)


def test_quoted_scalars_and_keys_stay_text() -> None:
    data = yamlread.read("'1': \"2\"\n3: '4'\ntrue: yes\n~: x\n").data
    assert data == {"1": "2", "3": "4", "true": "yes", "~": "x"}


def test_block_scalars() -> None:
    text = "a: |\n  one\n  two\nb: >-\n  three\n  four\nc: |+\n  five\n\nd: x\n"
    assert yamlread.read(text).data == {
        "a": "one\ntwo\n",
        "b": "three four",
        "c": "five\n\n",
        "d": "x",
    }


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_reads_what_ruamel_reads(path: Path) -> None:
    from ruamel.yaml import YAML

    def undate(value: Any) -> Any:
        if isinstance(value, dict):
            return {str(k): undate(v) for k, v in value.items()}
        if isinstance(value, list):
            return [undate(v) for v in value]
        return value.isoformat() if isinstance(value, datetime.date) else value

    text = path.read_text(encoding="utf-8-sig")
    expected = undate(YAML(typ="safe", pure=True).load(text))
    assert yamlread.read(text).data == expected


# --------------------------------------------------------------------------- places


def test_places_of_values_and_keys_are_one_based() -> None:
    text = "forex: 1\nplayers: [alice, bob]\nmoves:\n  - alice: resolve\n    note: hi\n"
    doc = yamlread.read(text)
    assert doc.values[("forex",)] == (1, 8)
    assert doc.keys[("forex",)] == (1, 1)
    assert doc.values[("players", 1)] == (2, 18)
    assert doc.values[("moves", 0)] == (4, 5)
    assert doc.keys[("moves", 0, "note")] == (5, 5)
    assert doc.values[("moves", 0, "note")] == (5, 11)
    assert doc.place(("moves", 0, "alice")) == (4, 12)
    assert doc.place(("moves", 0, "alice"), key=True) == (4, 5)
    assert doc.place(("moves", 5, "x")) == (4, 3)  # the nearest parent that exists
    assert doc.place(()) == (1, 1)


def test_spans_are_character_offsets() -> None:
    text = 'é: "😀x"\nlist: [a, {b: c}]\nkey: value\n'
    doc = yamlread.read(text)
    for path, (start, end) in doc.spans.items():
        if path == ():
            continue
        written = text[start:end]
        value: Any = doc.data
        for part in path:
            value = value[part]
        if isinstance(value, str):
            assert value in written or written.strip("'\"") == value
    assert text[slice(*doc.spans[("list",)])] == "[a, {b: c}]"
    assert text[slice(*doc.key_spans[("key",)])] == "key"
    assert text[slice(*doc.key_spans[("é",)])] == "é"
    assert doc.flow == {("list",), ("list", 1)}


def test_places_count_crlf_as_one_line_break() -> None:
    text = "a: 1\r\nb:\r\n  - c\r\n"
    doc = yamlread.read(text)
    assert doc.values[("b", 0)] == (3, 5)
    assert yamlread.place_of_offset(text, text.index("c")) == (3, 5)
    assert yamlread.place_of_offset("x\u2028y", 2) == (2, 1)


# --------------------------------------------------------------------------- refusals


def test_duplicate_keys_name_both_places() -> None:
    (problem,) = problems("a: 1\nb:\n  c: 1\n  c: 2\n")
    assert (problem.code, problem.line, problem.column) == ("duplicate_key", 4, 3)
    assert problem.message == "duplicate key 'c': first at line 3 column 3"


def test_a_duplicate_keys_value_is_dropped_quietly() -> None:
    found = codes_and_places("a: 1\na:\n  b: [1, 2]\n  c: {d: 1}\nz: 2\n")
    assert found == [("duplicate_key", 2, 1)]


def test_tags_anchors_aliases_complex_keys() -> None:
    assert codes_and_places("a: !!str 1\nb: &x 2\nc: *x\n? [k]\n: v\nd: !t {x: 1}\n") == [
        ("tag", 1, 4),
        ("anchor", 2, 4),
        ("alias", 3, 4),
        ("complex_key", 4, 3),
        ("tag", 6, 4),
    ]
    assert problems("a: !!python/object:os.system {}\n")[0].message == (
        "tags ('!!python/object:os.system') are not allowed in a game log"
    )


def test_the_non_specific_tag_is_allowed() -> None:
    assert yamlread.read("a: ! 12\n").data == {"a": "12"}


def test_more_than_one_document() -> None:
    assert codes_and_places("a: 1\n---\nb: 2\n") == [("multiple_documents", 2, 1)]
    assert codes_and_places("--- 1\n--- 2\n--- 3\n") == [("multiple_documents", 2, 1)]
    assert yamlread.read("---\na: 1\n...\n").data == {"a": 1}


@pytest.mark.parametrize(
    "text",
    [
        "[" * 10_000 + "]" * 10_000,
        "{a: " * 10_000 + "1" + "}" * 10_000,
        "- " * 10_000 + "x\n",
        "".join(" " * i + "k:\n" for i in range(200)) + " " * 200 + "v\n",
        "[" * 2_000_000,
    ],
    ids=["flow lists", "flow mappings", "block lists", "block mappings", "unclosed"],
)
def test_deep_nesting_is_refused_without_recursion(text: str) -> None:
    (problem,) = problems(text)
    assert problem.code == "too_deep"
    assert problem.message == f"nesting deeper than {yamlread.MAX_DEPTH} levels"
    assert problem.line is not None


def test_nesting_up_to_the_limit_is_read() -> None:
    depth = yamlread.MAX_DEPTH
    data = yamlread.read("[" * depth + "]" * depth).data
    for _ in range(depth - 1):
        data = data[0]
    assert data == []


def test_raw_control_characters_are_placed() -> None:
    (problem,) = problems("a: 1\nb: é\x1b[2J\n")
    assert (problem.code, problem.line, problem.column) == ("yaml_syntax", 2, 5)
    assert "U+001B" in problem.message and "\x1b" not in problem.message
    (problem,) = problems("a: 1\n\x00")
    assert (problem.line, problem.column) == (2, 1)
    assert "NUL" in problem.message


def test_lone_surrogates_are_refused() -> None:
    (problem,) = problems("a: caf\udce9\n")
    assert (problem.code, problem.line, problem.column) == ("invalid_utf8", 1, 7)


def test_decode() -> None:
    assert yamlread.decode(b"\xef\xbb\xbfa: 1", "f") == "a: 1"
    with pytest.raises(LogError) as error:
        yamlread.decode(b"a: 1\nb: \xc3\x28\n", "f")
    (problem,) = error.value.problems
    assert (problem.code, problem.line, problem.column) == ("invalid_utf8", 2, 4)
    assert problem.message == (
        "the file is not UTF-8 text: byte 0xc3 at offset 8 cannot be decoded"
    )


def test_bad_utf8_is_placed_in_characters_as_every_problem() -> None:
    """The column counts the characters before the bad byte, not their bytes (an editor's
    column), and a byte-order mark is not one of them."""
    for data, line, column in [
        ("title: Défi à Zürich — ".encode() + b"\xe9\n", 1, 24),
        (b"\xef\xbb\xbfab\xff", 1, 3),
        (b"a: 1\n  \xc3\xa9\xc3\xa9 \xff", 2, 6),
    ]:
        with pytest.raises(LogError) as error:
            yamlread.decode(data, "f")
        (problem,) = error.value.problems
        assert (problem.line, problem.column) == (line, column)


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be"])
def test_a_utf16_file_is_told_so(encoding: str) -> None:
    data = "forex: 1\n".encode(encoding)
    if encoding != "utf-16":  # with its byte-order mark, as Windows tools write it
        data = "\ufeff".encode(encoding) + data
    with pytest.raises(LogError) as error:
        yamlread.decode(data, "f")
    (problem,) = error.value.problems
    assert (problem.code, problem.line, problem.column) == ("invalid_utf8", 1, 1)
    assert problem.message.startswith("the file is UTF-16 text")
    assert "iconv -f UTF-16 -t UTF-8" in problem.hints[0]


def test_problems_are_capped() -> None:
    found = problems("a: 1\n" * 1000)
    assert len(found) == yamlread.MAX_PROBLEMS + 1
    assert found[-1].code == "too_many_problems"


@pytest.mark.slow
def test_values_are_capped() -> None:
    found = problems("a: [" + "1, " * yamlread.MAX_VALUES + "1]\n")
    assert [p.code for p in found] == ["too_large"]


def test_syntax_errors_say_where_the_construct_starts() -> None:
    (problem,) = problems('a: 1\nb: "open\n')
    # Placed at the quote that is never closed, not at the end of the text where YAML noticed.
    assert (problem.line, problem.column) == (2, 4)
    assert problem.message == (
        "YAML syntax error: found unexpected end of stream"
        " (while scanning a quoted scalar that starts at line 2 column 4)"
    )
    assert "never closed" in problem.hints[0]
    (problem,) = problems("a:\n\t- b\n")
    assert (
        problem.message
        == "YAML syntax error: a tab cannot indent YAML or start a value; use spaces"
    )


@settings(max_examples=examples(300), deadline=None)
@given(st.text(max_size=200))
def test_any_text_is_read_or_refused_cleanly(text: str) -> None:
    """Any text is read, keeping the text, or refused with printable problems, never with
    another exception."""
    try:
        doc = yamlread.read(text, "f")
    except LogError as error:
        assert error.problems
        assert all(p.message.isprintable() for p in error.problems)
        return
    assert doc.text == text
