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
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

FORMATS = ("text", "markdown", "json")
"""Output formats of the reporting commands."""


def clean(text: object, *, newlines: bool = False) -> str:
    """``text`` safe to print on a terminal: control characters are escaped.

    The escaping is the library's (``forexcli.problems.printable``), so that
    messages, names and notes read the same everywhere: every character that
    is not printable (C0 and C1 controls such as ESC, bidirectional
    overrides, zero-width and line/paragraph separators) is written as an
    escape (``\\x1b``, ``\\u202e``).  With ``newlines`` a line feed (or CR LF)
    is kept, for multi-line notes in tables.
    """
    from ..problems import printable

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


@dataclass(frozen=True)
class Style:
    """Optional ANSI colour; every method returns its text unchanged when off."""

    colour: bool = False

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


def table(
    rows: Sequence[Sequence[object]],
    headers: Sequence[str],
    *,
    markdown: bool = False,
    align: Sequence[str] | None = None,
) -> str:
    """A text table (``simple`` layout) or a markdown pipe table.

    Cells are shown as given (no number parsing, so ``1.5`` and ``1`` stay
    as written); ``align`` gives ``left``/``right``/``center`` per column.
    """
    from tabulate import tabulate

    # Pipe tables need a header row; markdown cells are already escaped.
    return tabulate(
        [[str(c) for c in row] for row in rows],
        headers=list(headers),
        tablefmt="pipe" if markdown else "simple",
        disable_numparse=True,
        colalign=list(align) if align else None,
    )


def plural(count: int, word: str, many: str | None = None) -> str:
    """``1 move``, ``2 moves``."""
    return f"{count} {word if count == 1 else (many or word + 's')}"
