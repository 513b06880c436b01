"""Tables of one-column characters written as tabulate writes them, without importing it.

tabulate (with wcwidth and ``importlib.metadata``, which it imports) costs
more to import than click, and ``forex show`` prints its tables once.  Most
tables hold nothing but printable ASCII and Latin-1, one line per cell: for those,
``ascii_table`` writes exactly the text that ``tabulate(..., tablefmt="simple"
or "pipe", disable_numparse=True, colalign=...)`` writes (a property test in
``tests/reporters/test_ascii_table.py`` compares the two); for anything else it gives
None and the caller asks tabulate.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

_ONE_COLUMN = re.compile("[ -~\u00a1-\u00ac\u00ae-\u00ff]*")
"""Printable ASCII and Latin-1 (such as ``·`` and ``ë``; not the soft hyphen): characters of
one column each, whatever wcwidth's version, and no line breaks or escape codes."""


def one_column(text: str) -> bool:
    """True if every character of ``text`` is one printable column (as ``_ONE_COLUMN``)."""
    return _ONE_COLUMN.fullmatch(text) is not None


MIN_PADDING = 2
"""tabulate's ``MIN_PADDING``: a column is at least two wider than its header."""


def _pad(text: str, width: int, align: str) -> str:
    if align == "right":
        return text.rjust(width)
    if align == "center":
        return f"{text:^{width}}"
    return text.ljust(width)


def _colons(width: int, align: str) -> str:
    """A segment of a pipe table's line below the header (tabulate's alignment colons)."""
    if align == "right":
        return "-" * (width - 1) + ":"
    if align == "center":
        return ":" + "-" * (width - 2) + ":"
    return ":" + "-" * (width - 1)


def _wrapped(cell: str, limit: int) -> list[str] | None:
    """The lines of ``cell`` wrapped to ``limit`` columns as tabulate wraps them (its copy of
    ``textwrap`` is the standard one when no word is longer than the limit); None when a
    word is longer, or for ``False``, which tabulate's wrapping turns into ``True``."""
    if cell == "False" or any(len(word) > limit for word in cell.split()):
        return None
    if not cell.strip():
        return []
    import textwrap

    return textwrap.wrap(cell, limit, break_long_words=True, break_on_hyphens=True)


def ascii_table(
    rows: Sequence[Sequence[str]],
    headers: Sequence[str],
    *,
    markdown: bool = False,
    align: Sequence[str] | None = None,
    limits: Sequence[int | None] | None = None,
) -> str | None:
    """tabulate's ``simple`` (or, with ``markdown``, ``pipe``) table of ``rows`` under
    ``headers``, the columns with a limit in ``limits`` wrapped to it (tabulate's
    ``maxcolwidths``); None unless every header and cell is one line of ``one_column``,
    every row has one cell per header and every alignment is left, right or center."""
    count = len(headers)
    if count == 0:
        return None
    aligns = list(align) if align is not None else ["left"] * count
    if len(aligns) != count or any(a not in ("left", "right", "center") for a in aligns):
        return None
    if limits is not None and (
        len(limits) != count or any(n is not None and n < 1 for n in limits)
    ):
        return None
    if not all(map(one_column, headers)):
        return None
    for row in rows:
        if len(row) != count or not all(type(cell) is str and one_column(cell) for cell in row):
            return None
    if not rows:  # tabulate then aligns the headers left, and its pipe line has no colons
        aligns = ["left"] * count
    # The lines of each cell, by column; tabulate strips a cell (not a header) before it
    # aligns it, and wraps a cell to its column's limit before that.
    columns: list[list[list[str]]] = []
    for i in range(count):
        limit = limits[i] if limits is not None else None
        column = []
        for row in rows:
            if limit is None:
                column.append([row[i].strip()])
                continue
            wrapped = _wrapped(row[i], limit)
            if wrapped is None:
                return None
            column.append("\n".join(wrapped).strip().split("\n"))
        columns.append(column)
    widths = [
        max([len(headers[i]) + MIN_PADDING, *(len(text) for cell in columns[i] for text in cell)])
        for i in range(count)
    ]
    if markdown:
        begin, separator, end = "| ", " | ", " |"
    else:
        begin, separator, end = "", "  ", ""

    def line(cells: Sequence[str]) -> str:
        padded = (_pad(cell, widths[i], aligns[i]) for i, cell in enumerate(cells))
        return (begin + separator.join(padded) + end).rstrip()

    lines = [line(headers)]
    if markdown:
        segments = (
            _colons(w + 2, a) if rows else "-" * (w + 2)
            for w, a in zip(widths, aligns, strict=True)
        )
        lines.append("|" + "|".join(segments) + "|")
    else:
        lines.append("  ".join("-" * w for w in widths).rstrip())
    # With a wrapped cell anywhere, tabulate lays out every row line by line, and an empty
    # cell has no line (a row of empty cells none at all).
    multiline = any(len(cell) > 1 for column in columns for cell in column)
    for r in range(len(rows)):
        cells = [column[r] for column in columns]
        if multiline:
            cells = [[] if cell == [""] else cell for cell in cells]
        for at in range(max(len(cell) for cell in cells)):  # the row's lines, top aligned
            lines.append(line([cell[at] if at < len(cell) else "" for cell in cells]))
    return "\n".join(lines)
