"""Hints for the mistakes of people who write logs by hand.

``yaml_syntax_hints`` names the fix for the common YAML slips (an unquoted
colon in a note, a note indented under the wrong entry, an entry's ``- ``
indented unlike the one above it, a log quoted in a mail with ``> ``);
``same_name_key`` tells which player names would be confused.  Nothing here
reads files or prints: it only words hints.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence

ENTRY_KEYS = ("note", "digest")


_LOOKALIKES = str.maketrans(
    "\u0430\u03b1\u0441\u0501\u0435\u03b5\u04bb\u0456\u03b9\u04cf"
    "\u0458\u03ba\u043e\u03bf\u0585\u0440\u03c1\u051b\u0455\u03c4"
    "\u03c5\u057d\u03bd\u0475\u051d\u0445\u03c7\u0443\u03b3",
    "aacdeehiiijkoooppqstuuvvwxxyy",
)
"""Lower-case Cyrillic, Greek and Armenian letters that look like a Latin one, to it."""


def same_name_key(name: str) -> str:
    """What two names share when a reader would take them for one player.

    Names that differ only in letter case, in Unicode compatibility forms (NFKC:
    ``ﬁ`` and ``fi``, full-width letters), in spaces inside them, in characters that show
    nothing (zero-width spaces and joiners, direction marks: Unicode's format characters) or
    in letters of another script that look alike (Cyrillic ``\u0441`` for ``c``) have the same key.
    """
    folded = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())
    shown = "".join(c for c in folded if unicodedata.category(c) != "Cf")
    return "".join(shown.translate(_LOOKALIKES).split())


def confusable_pairs(names: Sequence[str]) -> list[tuple[str, str]]:
    """Each pair of distinct names (first seen, later one) that would be confused."""
    seen: dict[str, str] = {}
    pairs = []
    for name in names:
        key = same_name_key(name)
        if key in seen and seen[key] != name:
            pairs.append((seen[key], name))
        seen.setdefault(key, name)
    return pairs


def _double_quoted(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


_KEY_LINE = r"(?P<lead>[ ]*(?:-[ ]+)?)(?P<key>[^\s:#'\"][^:#]*?):[ \t]+(?P<value>.*)"
"""A ``key: value`` line (a pattern: ``re`` compiles it when a hint first needs it)."""


def _lines(text: str) -> list[str]:
    return text.splitlines()


def _entry_key_column(lines: list[str], before: int) -> int | None:
    """The column (1-based) of the player's name in the last entry (``- name: ...``) above."""
    for index in range(before - 1, -1, -1):
        match = re.match(r"([ ]*-[ ]+)[^\s#]", lines[index])
        if match:
            return len(match.group(1)) + 1
    return None


def _entry_dash_column(lines: list[str], before: int) -> int | None:
    """The column (1-based) of the ``-`` of the last entry (``- name: ...``) above."""
    for index in range(before - 1, -1, -1):
        match = re.match(r"([ ]*)-[ ]+[^\s#]", lines[index])
        if match:
            return len(match.group(1)) + 1
    return None


def quoted_in_a_mail(text: str) -> bool:
    """True when most lines start with ``>``, as a log quoted in a mail reply does."""
    lines = [line for line in _lines(text) if line.strip()]
    quoted = sum(1 for line in lines if line.lstrip().startswith(">"))
    return len(lines) >= 2 and quoted * 2 > len(lines)


def yaml_syntax_hints(text: str, line: int | None, column: int | None) -> tuple[str, ...]:
    """What to do about a YAML syntax error at ``line``:``column`` (1-based) of ``text``."""
    if quoted_in_a_mail(text):
        return (
            "the log is quoted as in a mail reply (its lines start with '>'): remove the"
            " '> ' from the start of every line, or save the log attached to the mail",
        )
    lines = _lines(text)
    if line is None or not 1 <= line <= len(lines):
        return ()
    here = lines[line - 1]
    match = re.fullmatch(_KEY_LINE, here.rstrip())
    if match is None:
        return ()
    key, value = match.group("key").strip(), match.group("value").strip()
    key_column = len(match.group("lead")) + 1
    colon_column = match.end("key") + 1
    hints: list[str] = []
    if key in ENTRY_KEYS:
        wanted = _entry_key_column(lines, line - 1)
        if wanted is not None and wanted != key_column:
            hints.append(
                f"`{key}:` belongs to the entry above it: indent it to column {wanted}, level"
                " with the player's name (a new `- ` would start a new entry)"
            )
    lead = match.group("lead")
    if "-" in lead:
        dash = lead.index("-") + 1
        wanted = _entry_dash_column(lines, line - 1)
        if wanted is not None and wanted != dash:
            deeper = "deeper" if dash > wanted else "less deep"
            hints.append(
                f"this entry's `- ` is indented {deeper} than the entry above it: every entry"
                f" of `moves` starts with `- ` at the same column; move it to column {wanted}"
            )
    if column is not None and column > colon_column and ": " in value:
        what = "note" if key == "note" else "value"
        hints.append(
            f"a colon and a space inside a value end it in YAML: quote the {what}:"
            f" {key}: {_double_quoted(value)}"
        )
    return tuple(hints)
