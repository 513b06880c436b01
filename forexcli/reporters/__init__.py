"""Rendering for the ``forex`` command: text, markdown and JSON reports.

Nothing here reads or writes files; every function takes library values
(states, replays, problems) and returns a string or JSON-ready data.  The
heavy table library (tabulate) is imported inside the functions that use it,
so that ``forex --help`` starts fast.

Everything that comes from a log (names, notes, titles, decisions, messages
quoting them) goes through :func:`clean` before it is printed, so that a log
cannot move the reader's cursor, change colours or rewrite the terminal.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from typing import Any, TypedDict

from .ascii_table import one_column

FORMATS = ("text", "markdown", "json")
"""Output formats of the reporting commands."""


def clean(text: object, *, newlines: bool = False) -> str:
    """``text`` safe to print on a terminal: control characters are escaped.

    The escaping is the library's (``forexcli.record.problems.printable``), so that
    messages, names and notes read the same everywhere: every character that
    is not printable (C0 and C1 controls such as ESC, bidirectional
    overrides, zero-width and line/paragraph separators) is written as an
    escape (``\\x1b``, ``\\u202e``).  With ``newlines`` a line feed (or CR LF)
    is kept, for multi-line notes in tables.
    """
    from ..record.problems import printable

    value = str(text)
    if not newlines:
        return printable(value)
    return "\n".join(printable(line) for line in value.replace("\r\n", "\n").split("\n"))


_MARKDOWN_SPECIAL = set("\\`*_{}[]<>|#")


def md(text: object) -> str:
    """``text`` for a markdown table cell or paragraph: cleaned, specials escaped."""
    value = clean(text, newlines=True)
    out = []
    for ch in value:
        if ch == "\n":
            out.append("<br>")
        elif ch in _MARKDOWN_SPECIAL:
            out.append("\\" + ch)
        else:
            out.append(ch)
    return "".join(out)


def use_colour(stream: Any, choice: str = "auto") -> bool:
    """Whether to colour output on ``stream``.

    Never when ``NO_COLOR`` is set to anything (https://no-color.org) or with
    ``never``; with ``auto`` only when ``stream`` is a terminal.
    """
    if os.environ.get("NO_COLOR"):
        return False
    if choice == "never":
        return False
    if choice == "always":
        return True
    isatty = getattr(stream, "isatty", None)
    try:
        return bool(isatty and isatty())
    except (ValueError, OSError):
        return False


_SGR = {
    "bold": "1",
    "dim": "2",
    "red": "31",
    "green": "32",
    "yellow": "33",
    "blue": "34",
    "magenta": "35",
    "cyan": "36",
}


class Style:
    """Optional ANSI colour; every method returns its text unchanged when off.

    Immutable, compared and hashed by ``colour``.  A plain class, not a ``Struct``
    as the other records are: ``forex --help`` imports this module, and importing
    msgspec would cost it about a seventh of ``import click``.
    """

    __slots__ = ("colour",)
    __match_args__ = ("colour",)

    colour: bool

    def __init__(self, colour: bool = False) -> None:
        object.__setattr__(self, "colour", colour)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"Style is immutable: cannot set {name!r}")

    def __eq__(self, other: object) -> bool:
        if type(other) is not Style:
            return NotImplemented
        return self.colour == other.colour

    def __hash__(self) -> int:
        return hash((self.colour,))

    def __repr__(self) -> str:
        return f"Style(colour={self.colour!r})"

    def __reduce__(self) -> tuple[type[Style], tuple[bool]]:
        return Style, (self.colour,)

    def paint(self, text: str, *names: str) -> str:
        """``text`` wrapped in the SGR codes of ``names`` (bold, red, ...)."""
        if not self.colour or not names or not text:
            return text
        codes = ";".join(_SGR[name] for name in names)
        return f"\x1b[{codes}m{text}\x1b[0m"

    def heading(self, text: str) -> str:
        return self.paint(text, "bold")

    def error(self, text: str) -> str:
        return self.paint(text, "bold", "red")

    def warning(self, text: str) -> str:
        return self.paint(text, "bold", "yellow")

    def good(self, text: str) -> str:
        return self.paint(text, "green")

    def player(self, text: str) -> str:
        return self.paint(text, "cyan")

    def code(self, text: str) -> str:
        return self.paint(text, "magenta")

    def dim(self, text: str) -> str:
        return self.paint(text, "dim")


PLAIN = Style(False)


def text_width(text: str) -> int:
    """The columns ``text`` takes on a terminal (wide characters count two, combining marks
    none), its widest line; a line wcwidth cannot measure (a control character, NUL
    included) counts its characters."""
    lines = text.split("\n")
    if text.isascii() or all(map(one_column, lines)):  # one column each: no need of wcwidth
        return max(len(line) for line in lines)
    from wcwidth import wcswidth

    def columns(line: str) -> int:
        width = wcswidth(line)
        # wcwidth gives -1 for a control character but 0 for NUL: both count as characters,
        # as the ASCII path above counts them
        return width if width >= 0 and "\x00" not in line else len(line)

    return max(map(columns, lines), default=0)


class TextwrapDefaults(TypedDict):
    """``wrap_line``'s options as ``textwrap``'s own defaults set them."""

    break_long_words: bool
    break_on_hyphens: bool


TEXTWRAP = TextwrapDefaults(break_long_words=True, break_on_hyphens=True)
"""``textwrap``'s defaults (a word longer than the line is broken, a line breaks after a
hyphen), for a wrapper that keeps them."""


def wrap_line(
    line: str,
    width: int,
    *,
    initial_indent: str = "",
    subsequent_indent: str = "",
    break_long_words: bool = False,
    break_on_hyphens: bool = False,
) -> list[str]:
    """``textwrap.wrap``, measuring in terminal columns (``text_width``: a CJK character
    takes two, a combining accent none): every wrapper of the reports uses it, so that a
    line of wide characters fits ``width`` as one of ASCII does. A word longer than the
    room is broken only with ``break_long_words``."""
    import textwrap

    if text_width(initial_indent + line + subsequent_indent) == len(
        initial_indent + line + subsequent_indent
    ):
        return textwrap.wrap(
            line,
            width,
            initial_indent=initial_indent,
            subsequent_indent=subsequent_indent,
            break_long_words=break_long_words,
            break_on_hyphens=break_on_hyphens,
        )
    lines: list[str] = []
    current, used, empty = initial_indent, text_width(initial_indent), True
    for word in line.split():
        size = text_width(word)
        if not empty and used + 1 + size > width:
            lines.append(current)
            current, used, empty = subsequent_indent, text_width(subsequent_indent), True
        while break_long_words and used + (0 if empty else 1) + size > width and len(word) > 1:
            room = width - used - (0 if empty else 1)
            cut = 1
            while cut < len(word) and text_width(word[: cut + 1]) <= room:
                cut += 1
            if text_width(word[:cut]) > room and not empty:
                lines.append(current)
                current, used, empty = subsequent_indent, text_width(subsequent_indent), True
                continue
            lines.append(current + ("" if empty else " ") + word[:cut])
            current, used, empty = subsequent_indent, text_width(subsequent_indent), True
            word = word[cut:]
            size = text_width(word)
        current += ("" if empty else " ") + word
        used += size + (0 if empty else 1)
        empty = False
    if not empty:
        lines.append(current)
    return lines


MIN_WRAP = 8
"""The narrowest a wrapped table column is made while the table fits with it; a table
that does not is narrowed further, down to each column's longest word."""


def fitted_widths(
    cells: Sequence[Sequence[str]], wrap: Sequence[int], width: int
) -> list[int | None] | None:
    """Widths for the columns in ``wrap`` so that a ``simple`` table fits ``width`` columns
    (None when it fits as it is, or cannot fit); ``cells[0]`` is the header row."""
    count = len(cells[0])
    # tabulate pads a header by two columns at least (its MIN_PADDING)
    natural = [
        max(text_width(cells[0][i]) + 2, *(text_width(row[i]) for row in cells[1:]))
        for i in range(count)
    ]
    total = sum(natural) + 2 * (count - 1)
    if total <= width or not wrap:
        return None
    fixed = sum(n for i, n in enumerate(natural) if i not in wrap) + 2 * (count - 1)
    room = width - fixed
    # MIN_WRAP columns where they fit; else as narrow as their longest word. A column is
    # never narrower than its header (tabulate does not wrap headers) nor its longest word
    # (a word is not broken).
    # A word wider than all the room (a URL in a note) cannot fit however the columns are
    # shared: in the last column it is left to run past the width on its own line
    # (``_overlong_kept``), and the column is wrapped as if it were not there.
    narrowest = MIN_WRAP if room >= MIN_WRAP * len(wrap) else 1
    floor = {
        i: min(
            natural[i],
            max(
                narrowest,
                text_width(cells[0][i]) + 2,
                *(
                    size
                    for row in cells[1:]
                    for size in map(text_width, row[i].split())
                    if size <= room or i != count - 1
                ),
            ),
        )
        for i in wrap
    }

    if sum(floor.values()) > room:  # it cannot fit (a header too wide): left whole
        return None

    def widths(level: int) -> dict[int, int]:
        return {i: max(floor[i], min(natural[i], level)) for i in wrap}

    level = max(natural[i] for i in wrap)
    while level > 0 and sum(widths(level).values()) > room:
        level -= 1
    # tabulate's wrapping may overshoot by one: a wrapped column is asked one narrower
    limits = {
        i: limit if limit >= natural[i] else max(floor[i], limit - 1)
        for i, limit in widths(level).items()
    }
    return [limits.get(i) for i in range(count)]


def _kept_paragraphs(
    cells: list[list[str]], limits: list[int | None]
) -> tuple[list[list[str]], list[int | None]]:
    """``cells`` whose wrapped columns that hold a cell of several lines (a note of two
    paragraphs) are wrapped here, line by line, a blank line kept (tabulate's wrapping drops
    it), and those columns' limits dropped; the other columns as they are."""
    limits = list(limits)
    for i, limit in enumerate(limits):
        if limit is None or not any("\n" in row[i] for row in cells):
            continue
        for row in cells:
            row[i] = "\n".join(
                part
                for line in row[i].split("\n")
                for part in wrap_line(line, limit, **TEXTWRAP) or [""]
            )
        limits[i] = None
    return cells, limits


def table(
    rows: Sequence[Sequence[object]],
    headers: Sequence[str],
    *,
    markdown: bool = False,
    align: Sequence[str] | None = None,
    width: int | None = None,
    wrap: Sequence[int] = (),
    stack: bool = False,
    keep: int = 1,
) -> str:
    """A text table (``simple`` layout) or a markdown pipe table.

    Cells are shown as given (no number parsing, so ``1.5`` and ``1`` stay
    as written); ``align`` gives ``left``/``right``/``center`` per column.
    Wide characters (CJK, emoji) are measured as two columns (tabulate with
    ``wcwidth``).  A text table wider than ``width`` has its ``wrap`` columns
    wrapped (at spaces) to fit; with ``stack``, one still wider is stacked: cut into tables
    of consecutive columns, as many as fit, each led by the first ``keep`` columns again
    (``stacked``).  Markdown tables are never wrapped.  Tables of one-column
    characters are written by ``ascii_table`` (tabulate's text, without importing it).
    """
    written = _table(rows, headers, markdown=markdown, align=align, width=width, wrap=wrap)
    if not stack or width is None or markdown or not rows or len(headers) <= keep + 1:
        return written
    if max(text_width(line) for line in written.split("\n")) <= width:
        return written

    def render(columns: list[int]) -> str:
        return _table(
            [[row[i] for i in columns] for row in rows],
            [headers[i] for i in columns],
            markdown=False,
            align=None if align is None else [align[i] for i in columns],
            width=width,
            wrap=[place for place, i in enumerate(columns) if i in wrap],
        )

    return stacked(len(headers), keep, width, render)


def stacked(count: int, keep: int, width: int, render: Callable[[list[int]], str]) -> str:
    """A text table of ``count`` columns too wide for ``width`` as tables one under another,
    a blank line between: each holds the first ``keep`` columns (what names a row) and the
    next columns in order, as few tables as fit (each at least one column more), their
    columns shared out evenly where that fits too (not seven and one).  ``render`` writes
    the table of the columns it is given (indices, in order), fitted to ``width`` as it
    can."""

    def fits(part: str) -> bool:
        return max(text_width(line) for line in part.split("\n")) <= width

    def part(start: int, end: int) -> str:
        return render([*range(keep), *range(start, end)])

    parts = []
    start = keep
    while start < count:  # as many columns as fit in each, in turn
        end = start + 1
        written = part(start, end)
        while end < count:
            wider = part(start, end + 1)
            if not fits(wider):
                break
            written, end = wider, end + 1
        parts.append(written)
        start = end
    tables, columns = len(parts), count - keep
    even, start = [], keep
    for index in range(tables):  # the same number of tables, the columns shared out
        end = start + columns // tables + (1 if index < columns % tables else 0)
        even.append(part(start, end))
        start = end
    return "\n\n".join(even if all(fits(written) for written in even) else parts)


def _table(
    rows: Sequence[Sequence[object]],
    headers: Sequence[str],
    *,
    markdown: bool,
    align: Sequence[str] | None,
    width: int | None,
    wrap: Sequence[int],
) -> str:
    """``table`` without stacking: its ``wrap`` columns wrapped to fit ``width``."""
    cells = [[str(c) for c in row] for row in rows]
    limits = None
    if width is not None and not markdown and cells:
        limits = fitted_widths([list(headers), *cells], wrap, width)
    rule_width = None
    if limits is not None:
        cells, limits = _kept_paragraphs(cells, limits)
        cells, limits, rule_width = _overlong_kept(cells, headers, limits)
    written = _table_text(cells, headers, markdown, align, limits)
    if rule_width is None:
        return written
    # The rule under the headers spans the last column as wide as its lines that fit.
    head, rule, *body = written.split("\n")
    start = rule.rstrip().rfind(" ") + 1
    return "\n".join([head, rule[:start] + "-" * rule_width, *body])


def _overlong_kept(
    cells: list[list[str]], headers: Sequence[str], limits: list[int | None]
) -> tuple[list[list[str]], list[int | None], int | None]:
    """``cells`` whose wrapped last column holds a word wider than its limit (a URL, which a
    break would make useless) wrapped here at spaces, that word whole on a line of its own
    that runs past the table's width, and the column's limit dropped; with the width of the
    column's lines that fit (for its rule). Else as they are, and None."""
    last = len(limits) - 1
    limit = limits[last] if limits else None
    if limit is None or all(
        text_width(word) <= limit for row in cells for word in row[last].split()
    ):
        return cells, limits, None
    for row in cells:
        row[last] = "\n".join(
            part for line in row[last].split("\n") for part in wrap_line(line, limit) or [""]
        )
    fitting = [text_width(line) for row in cells for line in row[last].split("\n") if line.strip()]
    rule_width = max(text_width(headers[last]) + 2, *(size for size in fitting if size <= limit))
    return cells, [*limits[:last], None], rule_width


def _table_text(
    cells: list[list[str]],
    headers: Sequence[str],
    markdown: bool,
    align: Sequence[str] | None,
    limits: list[int | None] | None,
) -> str:
    """``table``'s text of ``cells`` as they are, each column with a limit wrapped to it."""
    from .ascii_table import ascii_table

    written = ascii_table(cells, headers, markdown=markdown, align=align, limits=limits)
    if written is not None:  # what tabulate would write, without importing it
        return written
    from tabulate import tabulate

    # Pipe tables need a header row; markdown cells are already escaped.
    return tabulate(
        cells,
        headers=list(headers),
        tablefmt="pipe" if markdown else "simple",
        disable_numparse=True,
        colalign=list(align) if align else None,
        maxcolwidths=limits,
    )


def detail_lines(
    detail: str, indent: str, escape: Callable[[str], str], width: int | None = None
) -> list[str]:
    """A catch-up sentence as lines: a multi-line note goes on under its first line, each
    line escaped with ``escape`` and indented to follow ``note: ``; with ``width``, a line
    longer than that is wrapped at its spaces, its further lines indented alike."""
    first, *rest = detail.replace("\r\n", "\n").split("\n")
    hang = indent + " " * (len("note: ") if detail.startswith("note: ") else 2)
    lines = [indent + escape(first), *((hang + escape(line)).rstrip() for line in rest)]
    if width is None or all(text_width(line) <= width for line in lines):
        return lines
    out = []
    for line in lines:
        if text_width(line) <= width:
            out.append(line)
            continue
        words = line.lstrip(" ")
        lead = line[: len(line) - len(words)]
        out.extend(wrap_line(words, width, initial_indent=lead, subsequent_indent=hang))
    return out


def plural(count: int, word: str, many: str | None = None) -> str:
    """``1 move``, ``2 moves``."""
    return f"{count} {word if count == 1 else (many or word + 's')}"
