"""Two copies of one game merged as text: no note and no comment of either is lost.

``merge(base, other, common)`` keeps the text of ``base`` (the copy whose moves go
furthest) and brings into it what ``other`` holds on the ``common`` moves both
share and ``base`` lacks:

- a note ``base`` lacks is set; when both copies hold different notes on one move,
  the note that already holds the other's text wins, else both are kept, the
  reader's first, a blank line between (``both_notes``); two notes that would be
  too long together are refused with both texts shown (``note_conflict``);
- a comment (``# ...``) ``base`` lacks (counted by its text) is written on a line
  of its own before the entry (or header key) it stood before or on in ``other``,
  or at the end of the file when that place cannot take it.

Notes and comments are outside what a signature or a digest covers, so the
moves, digests and signatures of ``base`` stay exactly as they were; the merged
text is read again and must hold the same data but the notes, and every comment
of both copies.
"""

from __future__ import annotations

import bisect
from collections import Counter
from typing import Any

from msgspec import Struct

from . import yamlread
from .problems import LogError, Problem

NOTE_SEPARATOR = "\n\n"
"""Between the two notes of a move that both copies changed."""


class Comment(Struct, frozen=True):
    """A YAML comment: its text (from ``#``, trailing spaces cut), where it starts, and the
    entry index or header key it belongs to (None: after everything)."""

    text: str
    offset: int
    anchor: tuple[Any, ...] | None


class Merged(Struct, frozen=True):
    """The merged text; what became of every note the two copies hold differently and of
    the comments brought in, in words (one item a line); ``changed``: the text is not the
    base's."""

    text: str
    said: tuple[str, ...]
    changed: bool = False


def note_said(number: int, mine: str | None, theirs: str | None, note: str | None) -> str | None:
    """What became of move ``number``'s note when the reader's copy holds ``mine``, the
    mail's ``theirs``, and ``note`` stays (``merged_note``); None when the two agree."""
    if mine == theirs:
        return None
    if note == theirs:
        why = "" if mine is None else " (it holds yours)"
        return f"took the note of move {number} from the mail{why}"
    if note == mine:
        why = " (the mail's copy has none)" if theirs is None else " (it holds the mail's)"
        return f"kept your note of move {number}{why}"
    return f"kept both notes of move {number} (yours first, then the mail's)"


def merged_note(mine: str | None, theirs: str | None) -> str | None:
    """The note a move keeps when the reader's copy has ``mine`` and the other ``theirs``."""
    if theirs is None or theirs == mine:
        return mine
    if mine is None:
        return theirs
    a, b = mine.rstrip("\n"), theirs.rstrip("\n")
    if a in b:
        return theirs
    if b in mine:
        return mine
    return a + NOTE_SEPARATOR + theirs


def comments(text: str, doc: yamlread.Document) -> list[Comment]:
    """Every comment of a log's text, each with the place it belongs to."""
    covered: list[tuple[int, int]] = []
    parents = {path[:-1] for path in doc.spans if path}
    nodes: list[tuple[int, tuple[Any, ...]]] = []
    for path, (start, end) in doc.spans.items():
        if path not in parents and path not in doc.flow:
            covered.append((start, end))
        if path:
            nodes.append((start, path))
    for path, (start, end) in doc.key_spans.items():
        covered.append((start, end))
        nodes.append((start, path))
    covered.sort()
    starts = [start for start, _end in covered]
    nodes.sort(key=lambda item: item[0])
    node_starts = [start for start, _path in nodes]
    found: list[Comment] = []
    position = 0
    while True:
        hash_at = text.find("#", position)
        if hash_at < 0:
            break
        last = bisect.bisect_right(starts, hash_at) - 1
        inside = last >= 0 and covered[last][0] <= hash_at < covered[last][1]
        before = text[hash_at - 1] if hash_at else "\n"
        if inside or before not in " \t\n":
            position = hash_at + 1
            continue
        end = text.find("\n", hash_at)
        end = len(text) if end < 0 else end
        line_start = text.rfind("\n", 0, hash_at) + 1
        trailing = bool(text[line_start:hash_at].strip())
        at = bisect.bisect_left(node_starts, hash_at)
        if trailing:
            near = nodes[at - 1][1] if at > 0 else None
        else:
            near = nodes[at][1] if at < len(nodes) else None
        found.append(Comment(text[hash_at:end].rstrip(" \t\r"), hash_at, _anchor(near)))
        position = end
    return found


def _anchor(path: tuple[Any, ...] | None) -> tuple[Any, ...] | None:
    if path is None:
        return None
    if path[0] == "moves" and len(path) >= 2 and isinstance(path[1], int):
        return ("moves", path[1])
    return (path[0],)


def _missing(base: list[Comment], other: list[Comment]) -> list[Comment]:
    """The comments of ``other`` that ``base`` lacks (by text, counting repeats)."""
    have = Counter(c.text for c in base)
    missing = []
    for comment in other:
        if have[comment.text] > 0:
            have[comment.text] -= 1
        else:
            missing.append(comment)
    return missing


def _line_start(text: str, offset: int) -> int:
    return text.rfind("\n", 0, offset) + 1


def _insertion(
    log: Any, anchor: tuple[Any, ...] | None, other_moves: int
) -> tuple[int, str] | None:
    """(offset, indentation) of the line a comment anchored at ``anchor`` goes before, in
    ``log``'s text (None: at the end)."""
    doc = log.document
    moves = log.document.data.get("moves") or []
    if anchor is None:
        anchor = ("moves", other_moves)
    if anchor[0] == "moves" and len(anchor) == 2:
        if ("moves",) in doc.flow or anchor[1] >= len(moves):
            return None
        start = doc.spans[anchor][0]
        line = _line_start(log.text, start)
        dash = log.text.rfind("-", line, start)
        column = (dash if dash >= 0 else start) - line
        return line, " " * column
    key = anchor
    if key not in doc.key_spans:
        key = ("moves",)
    if key not in doc.key_spans or () in doc.flow:
        return None
    start = doc.key_spans[key][0]
    line = _line_start(log.text, start)
    return line, log.text[line:start] if not log.text[line:start].strip() else ""


def _with_comments(log: Any, missing: list[Comment], other_moves: int, *, at_end: bool) -> str:
    text: str = log.text
    nl = "\r\n" if "\r\n" in text else "\n"
    inserts: dict[int, list[str]] = {}
    tail: list[str] = []
    for comment in missing:
        where = None if at_end else _insertion(log, comment.anchor, other_moves)
        if where is None:
            tail.append(comment.text + nl)
        else:
            inserts.setdefault(where[0], []).append(where[1] + comment.text + nl)
    for offset in sorted(inserts, reverse=True):
        text = text[:offset] + "".join(inserts[offset]) + text[offset:]
    if tail:
        text = yamlread.with_final_break(text, nl) + "".join(tail)
    return text


def _conflict(filename: str, number: int, mine: str, theirs: str) -> LogError:
    return LogError(
        [
            Problem(
                "note_conflict",
                f"move {number} has a note in both copies, too long to keep together:"
                f" yours: {mine!r}; the mail's: {theirs!r}",
                "mail",
                filename,
                entry=number,
                hints=(
                    "nothing was changed; shorten your note (forex annotate FILE N TEXT) and"
                    " read the mail again",
                ),
            )
        ]
    )


def merge(
    base: Any,
    other: Any,
    common: int,
    *,
    parse: Any,
    base_is_own: bool,
    filename: str,
) -> Merged:
    """``base``'s text with the notes and comments of ``other``'s first ``common`` moves (and
    of its header) that ``base`` lacks; ``parse(text)`` reads a text as a log of that game.

    ``base_is_own`` says which copy is the reader's (their notes come first when both
    are kept, and the words say "yours" and "the mail's" the right way round).
    Raises ``LogError`` (nothing is to be changed then) for two notes too long to keep
    together, or a merge that would change anything but notes and comments.
    """
    from .edit import MAX_NOTE_LENGTH, cross_check
    from .entrytext import noted_text

    said: list[str] = []
    current = base
    expected = [dict(e) for e in (base.document.data.get("moves") or [])]
    for index in range(common):
        b, o = base.entries[index], other.entries[index]
        mine, theirs = (b.note, o.note) if base_is_own else (o.note, b.note)
        note = merged_note(mine, theirs)
        number = index + 1
        words = note_said(number, mine, theirs, note)
        if words is not None:
            said.append(words)
        if note == b.note:
            continue
        if note is not None and len(note) > MAX_NOTE_LENGTH:
            assert mine is not None and theirs is not None
            raise _conflict(filename, number, mine, theirs)
        current = parse(noted_text(current, number, note))
        expected[index]["note"] = note
    missing = _missing(
        comments(current.text, current.document), comments(other.text, other.document)
    )
    text = current.text
    if missing:
        for at_end in (False, True):
            text = _with_comments(current, missing, len(other.entries), at_end=at_end)
            if _holds(parse, text, current, missing):
                break
        else:
            raise LogError(
                [
                    Problem(
                        "cannot_merge",
                        "the comments of the two copies cannot be merged into one text;"
                        " nothing was changed",
                        "mail",
                        filename,
                        hints=("compare the copies: forex diff FILE MAIL-LOG",),
                    )
                ]
            )
        count = f"{len(missing)} comment{'s' if len(missing) > 1 else ''}"
        if base_is_own:
            said.append(f"took {count} from the mail")
        else:
            said.append(f"kept {count} of yours that the mail's copy lacks")
    if text == base.text:
        return Merged(text, tuple(said))
    merged = parse(text)
    data = dict(base.document.data)
    if "moves" in data:
        data["moves"] = [{k: v for k, v in e.items() if v is not None} for e in expected]
    if merged.document.data != data:
        raise LogError(
            [
                Problem(
                    "cannot_merge",
                    "merging the notes would change other parts of the log (its layout is one"
                    " this tool cannot edit safely); nothing was changed",
                    "mail",
                    filename,
                    hints=("compare the copies: forex diff FILE MAIL-LOG",),
                )
            ]
        )
    cross_check(base, text, merged.document.data)
    return Merged(text, tuple(said), changed=True)


def _holds(parse: Any, text: str, current: Any, missing: list[Comment]) -> bool:
    """True when ``text`` reads as ``current``'s data and holds its comments and ``missing``."""
    try:
        merged = parse(text)
    except LogError:
        return False
    if merged.document.data != current.document.data:
        return False
    want = Counter(c.text for c in comments(current.text, current.document))
    want.update(c.text for c in missing)
    have = Counter(c.text for c in comments(merged.text, merged.document))
    return all(have[t] >= n for t, n in want.items())
