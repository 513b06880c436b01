"""Pieces every text or markdown report is laid out with: cells, wrapped lines, headings."""

from __future__ import annotations

import re

from . import Style, clean, md


def cell(text: object, markdown: bool) -> str:
    """``text`` for a table cell or a sentence: escaped for markdown, else cleaned."""
    return md(text) if markdown else clean(text)


def wrapped(text: str, width: int | None) -> str:
    """``text`` wrapped at spaces to ``width`` columns (as it is when ``width`` is None)."""
    from . import text_width, wrap_line

    if width is None or text_width(text) <= width:
        return text
    return "\n".join(wrap_line(text, width))


def note_lines(note: str, *, markdown: bool = False, width: int | None = None) -> list[str]:
    """A move's note under the line of the move (``show``): ``Note:`` and its first line,
    each further line indented to follow it, each wrapped at spaces to ``width``; in
    markdown one paragraph whose lines are kept by hard line breaks."""
    from . import text_width, wrap_line

    lines = note.replace("\r\n", "\n").split("\n")
    if markdown:
        return ["*Note:* " + "  \n".join(md(line) for line in lines)]
    out = []
    for number, line in enumerate(lines):
        lead = "Note: " if number == 0 else " " * len("Note: ")
        text = lead + clean(line)
        if width is not None and text_width(text) > width:
            text = "\n".join(
                wrap_line(
                    clean(line), width, initial_indent=lead, subsequent_indent=" " * len(lead)
                )
            )
        out.append(text.rstrip())
    return out


def section_heading(text: str, markdown: bool, style: Style) -> str:
    """The heading of a section: ``### text`` in markdown, else ``text`` in the heading style."""
    return f"### {text}" if markdown else style.heading(text)


def subject_line(subject: str) -> str:
    """``Subject: ...`` as a mail header is folded: at spaces within 78 columns, each further
    line starting with a space (RFC 5322), so that a pasted message fits 80 columns."""
    return fitted(f"Subject: {subject}", 78, " ")


def pasted(subject: str, body: str) -> str:
    """A message ready to paste: its ``Subject:`` line folded (``subject_line``), a blank
    line, and the body."""
    return f"{subject_line(subject)}\n\n{body}"


COMMAND = re.compile(r"""forex (?:[^,;()'"]|'[^']*'|"[^"]*")*""")
"""A command a sentence prints: ``forex ...`` up to a comma, semicolon or bracket outside
its quoted words (``command_word``: ``forex show 'games; old (2).yaml'``)."""


def fitted_commands(text: str, width: int | None, indent: str = "  ") -> str:
    """``fitted``, but a command the text prints (``COMMAND``) is never broken, so that it
    can be copied as printed (a longer one than the width goes over it)."""

    def kept(match: re.Match[str]) -> str:
        command = match.group(0).rstrip()
        tail = match.group(0)[len(command) :]
        return command.replace(" ", "\x00") + tail

    return fitted(COMMAND.sub(kept, text), width, indent).replace("\x00", " ")


def fitted(text: str, width: int | None, indent: str = "  ") -> str:
    """Each line of ``text`` wrapped at spaces to ``width`` columns, its further lines
    indented by ``indent`` (a line as it is when ``width`` is None or it fits)."""
    if width is None:
        return text
    from . import text_width, wrap_line

    lines = []
    for line in text.split("\n"):
        if text_width(line) <= width:
            lines.append(line)
            continue
        lead = line[: len(line) - len(line.lstrip(" "))]
        lines.extend(
            wrap_line(line.lstrip(" "), width, initial_indent=lead, subsequent_indent=lead + indent)
            or [line]
        )
    return "\n".join(lines)
