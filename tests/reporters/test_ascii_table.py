"""The tables written without tabulate are exactly tabulate's, or are left to it."""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from tabulate import tabulate

from forexcli.reporters import table
from forexcli.reporters.ascii_table import ascii_table, one_column

ASCII = st.text(alphabet=st.characters(min_codepoint=0x20, max_codepoint=0x7E), max_size=12)
LATIN = st.text(alphabet=st.characters(min_codepoint=0x20, max_codepoint=0xFF), max_size=12)
ANY_TEXT = st.text(max_size=8)
ALIGNS = st.sampled_from(["left", "right", "center"])


def by_tabulate(
    rows: list[list[str]],
    headers: list[str],
    markdown: bool,
    align: list[str] | None,
    limits: list[int | None] | None = None,
) -> str:
    return tabulate(
        rows,
        headers=headers,
        tablefmt="pipe" if markdown else "simple",
        disable_numparse=True,
        colalign=align,
        maxcolwidths=limits,
    )


@st.composite
def tables(draw: st.DrawFn, cell: st.SearchStrategy[str] = ASCII) -> tuple[object, ...]:
    columns = draw(st.integers(1, 6))
    headers = draw(st.lists(cell, min_size=columns, max_size=columns))
    rows = draw(st.lists(st.lists(cell, min_size=columns, max_size=columns), max_size=6))
    align = draw(st.none() | st.lists(ALIGNS, min_size=columns, max_size=columns))
    return rows, headers, draw(st.booleans()), align


@pytest.mark.slow
@settings(max_examples=400, deadline=None)
@given(tables(ASCII | LATIN))
def test_one_column_tables_are_tabulates(example: tuple[object, ...]) -> None:
    """A table of one-column text (ASCII and Latin-1) is drawn exactly as tabulate draws it, and
    only such a table is drawn without tabulate."""
    rows, headers, markdown, align = example
    assert isinstance(rows, list) and isinstance(headers, list) and isinstance(markdown, bool)
    assert align is None or isinstance(align, list)
    written = ascii_table(rows, headers, markdown=markdown, align=align)
    texts = [*headers, *(cell for row in rows for cell in row)]
    assert (written is not None) == all(map(one_column, texts))
    if written is not None:
        assert written == by_tabulate(rows, headers, markdown, align)


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(tables(ANY_TEXT | ASCII))
def test_any_text_is_tabulates_or_left_to_it(example: tuple[object, ...]) -> None:
    """Line breaks, tabs, escape codes, wide and combining characters go to tabulate."""
    rows, headers, markdown, align = example
    assert isinstance(rows, list) and isinstance(headers, list) and isinstance(markdown, bool)
    assert align is None or isinstance(align, list)
    written = ascii_table(rows, headers, markdown=markdown, align=align)
    if written is not None:
        assert written == by_tabulate(rows, headers, markdown, align)
    # and the reporters' table() is tabulate's either way
    assert table(rows, headers, markdown=markdown, align=align) == by_tabulate(
        rows, headers, markdown, align
    )


def test_what_is_left_to_tabulate() -> None:
    assert ascii_table([["a\nb"]], ["x"]) is None
    assert ascii_table([["\x1b[1mbold\x1b[0m"]], ["x"]) is None
    assert ascii_table([["\u00ad"]], ["x"]) is None  # a soft hyphen
    assert ascii_table([["e\u0301"]], ["x"]) is None  # a combining accent
    assert ascii_table([["\u4e2d"]], ["x"]) is None  # a wide character
    assert ascii_table([["a", "b"]], ["x"]) is None  # a row longer than the headers
    assert ascii_table([["a"]], ["x"], align=["decimal"]) is None
    assert ascii_table([], []) is None


def test_a_known_table() -> None:
    rows = [["ann", "12"], ["bo", "3"]]
    written = ascii_table(rows, ["player", "money"], align=["left", "right"])
    assert written == "player      money\n--------  -------\nann            12\nbo              3"


@example("\x00\xa0")  # NUL: wcwidth's 0, a character here
@given(st.text(max_size=30) | LATIN)
def test_text_width_of_one_column_text_needs_no_wcwidth(text: str) -> None:
    """``text_width`` is the widest line's width as wcwidth counts it (combining marks
    none), a line with a control character its length."""
    from wcwidth import wcswidth

    from forexcli.reporters import text_width

    def columns(line: str) -> int:
        controls = any(ord(char) < 0x20 or 0x7F <= ord(char) < 0xA0 for char in line)
        return len(line) if controls else wcswidth(line)

    assert text_width(text) == max(map(columns, text.split("\n")))


WORDY = st.lists(
    st.sampled_from(["a", "bb", "ccc", "dddd", "e-f", "-", " ", "  ", "gg-hh", "·", "12", "True"]),
    max_size=8,
).map("".join)


@pytest.mark.slow
@settings(max_examples=500, deadline=None)
@given(tables(WORDY | ASCII), st.data())
def test_wrapped_tables_are_tabulates(example: tuple[object, ...], data: st.DataObject) -> None:
    """With column limits, a table wrapped without tabulate is tabulate's; a table is left to
    tabulate only for a word longer than its limit or a wrapped False."""
    rows, headers, _, align = example
    assert isinstance(rows, list) and isinstance(headers, list)
    assert align is None or isinstance(align, list)
    limits = data.draw(
        st.lists(st.none() | st.integers(1, 12), min_size=len(headers), max_size=len(headers))
    )
    written = ascii_table(rows, headers, align=align, limits=limits)
    if written is not None:
        assert written == by_tabulate(rows, headers, False, align, limits)
    else:  # only a word longer than its column's limit, or a wrapped False, goes to tabulate
        assert any(
            limit is not None
            and (row[i] == "False" or any(len(word) > limit for word in row[i].split()))
            for row in [*rows, headers]
            for i, limit in enumerate(limits)
        )


def test_wrapped_known_table() -> None:
    rows = [["1", "ann pays 3 USD"], ["2", ""], ["3", "x"]]
    written = ascii_table(rows, ["#", "terms"], limits=[None, 8])
    assert written == by_tabulate(rows, ["#", "terms"], False, None, [None, 8])
    assert written == "#    terms\n---  --------\n1    ann pays\n     3 USD\n2\n3    x"
