"""Change a log safely: append a move, set a note, remove the last move.

Every change is made as text, so every byte outside the edit stays as it was
(comments, blank lines, quoting, key order).  The new text is checked in full
(YAML, schema, replay) before it is written, and it replaces the file
atomically: a temporary file in the same folder is written, flushed and
synced, and renamed over the original while an exclusive lock is held and
after checking that the file still holds what was read.
"""

from __future__ import annotations

import codecs
import contextlib
import errno
import os
import re
import stat
import tempfile
from collections.abc import Callable, Mapping
from typing import Any

from msgspec import Struct
from msgspec.structs import replace

from ..games.base import state_digest
from . import gamelog, yamlread
from .entry import Entry
from .problems import LogError, Problem, check_move_number

LOCK_TIMEOUT_SECONDS = 10.0

before_replace: Callable[[str], None] | None = None
"""Test hook: called with the temporary file's path just before the rename."""


class Change(Struct, frozen=True):
    """A change made (or, with ``dry_run``, that would be made) to a log."""

    path: str
    old_text: str
    new_text: str
    replay: gamelog.Replay
    events: tuple[Any, ...] = ()
    written: bool = False
    removed: Entry | None = None
    """With ``remove_last``: the move removed (with ``remove_after``: the last one removed)."""
    expected: bytes = b""
    """The file's bytes as read: ``commit`` writes only if the file still holds them."""
    removed_entries: tuple[Entry, ...] = ()
    """With ``remove_last`` and ``remove_after``: every move removed, in order."""

    @property
    def state(self) -> Any:
        """The state after the change."""
        return self.replay.final


# --------------------------------------------------------------------------- text


_PLAIN = re.compile(r"[A-Za-z0-9_(][A-Za-z0-9_ .,;()/+'=?!-]*\Z")
_YAML11 = re.compile(
    r"(?i:y|n|yes|no|on|off|true|false|null)\Z"
    r"|[-+]?(?:0b[01_]+|0x[0-9a-fA-F_]+|[0-9][0-9_]*(?:\.[0-9_]*)?(?:[eE][-+]?[0-9]+)?)\Z"
    r"|[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}"
)
"""What YAML 1.1 readers (PyYAML's default) would read as a boolean, null, number or date."""


def quote(text: str, *, flow: bool = False) -> str:
    """``text`` as a YAML scalar: plain when every YAML reader reads it back the same.

    Text is left plain only if YAML 1.2 reads it as that text and YAML 1.1
    readers would not see a boolean, null, number or date in it; everything
    else is double-quoted with escapes for every character that is not
    printable.  With ``flow`` the scalar is to go inside ``{...}`` or
    ``[...]``, where a comma ends it, and so does a ``?`` for YAML 1.1 readers.
    """
    if (
        _PLAIN.match(text)
        and not text.endswith(" ")
        and " #" not in text
        and not (flow and ("," in text or "?" in text))
        and not _YAML11.match(text)
        and yamlread.plain_value(text) == text
    ):
        return text
    out = ['"']
    for ch in text:
        if ch in '"\\':
            out.append("\\" + ch)
        elif ch == "\n":
            out.append("\\n")
        elif ch == "\t":
            out.append("\\t")
        elif ch.isprintable():
            out.append(ch)
        elif ord(ch) <= 0xFF:
            out.append(f"\\x{ord(ch):02x}")
        elif ord(ch) <= 0xFFFF:
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(f"\\U{ord(ch):08x}")
    out.append('"')
    return "".join(out)


def _newline(text: str) -> str:
    """The file's line break: that of its first line (``\\n`` if it has none)."""
    end = text.find("\n")
    return "\r\n" if end > 0 and text[end - 1] == "\r" else "\n"


def _line_start(text: str, offset: int) -> int:
    return text.rfind("\n", 0, offset) + 1


def _after_content(text: str, offset: int) -> int:
    """Start of the line after content ending at ``offset`` (a block scalar ends with its break)."""
    if offset > 0 and text[offset - 1] == "\n":
        return offset
    return _line_end(text, offset)


def _line_end(text: str, offset: int) -> int:
    """Offset just after the line break of the line holding ``offset``."""
    end = text.find("\n", offset)
    return len(text) if end < 0 else end + 1


def _content_end(doc: yamlread.Document, path: tuple[Any, ...]) -> int:
    """Offset of the end of the last value inside the value at ``path``.

    A block collection's own span ends where the next token starts (the next entry's
    dash, the next key), so only scalars and flow collections count.
    """
    size = len(path)
    inside = [p for p in doc.spans if p[:size] == path and len(p) > size]
    parents = {p[:-1] for p in inside}
    return max(doc.spans[p][1] for p in inside if p in doc.flow or p not in parents)


def content_end(doc: yamlread.Document, path: tuple[Any, ...]) -> int:
    """``_content_end`` for the other record modules."""
    return _content_end(doc, path)


def _after_comments(text: str, offset: int, indent: int) -> int:
    """Move past full-line comments (indented at least ``indent``) and blank lines among them."""
    best = offset
    position = offset
    while position < len(text):
        end = _line_end(text, position)
        line = text[position:end]
        stripped = line.strip()
        if stripped.startswith("#") and len(line) - len(line.lstrip(" ")) >= indent:
            best = end
        elif stripped:
            break
        position = end
    return best


def _ending_line(text: str, offset: int, nl: str) -> tuple[str, int]:
    """``text`` ending with a line break if ``offset`` is its end (and the offset to use)."""
    if offset == len(text) and text and not text.endswith("\n"):
        return text + nl, len(text) + len(nl)
    return text, offset


LINE_WIDTH = 72
"""The width new text is folded to: with a quote marker or three (``> > > ``) a line still
fits the 78 columns of a mail line (RFC 5322), so that no mail program re-wraps it."""

_CONTINUES = re.compile(r"[A-Za-z0-9(+/=_.]")
"""What a plain scalar's continuation line may start with: no YAML indicator, no comment."""


def _cuttable(scalar: str, at: int, plain: bool) -> bool:
    """True when the single space at ``at`` may become a line break that YAML folds back."""
    before, after = scalar[at - 1], scalar[at + 1]
    if before in " \\" or after == " ":
        return False
    return not plain or (before != ":" and bool(_CONTINUES.match(after)))


def folded(scalar: str, column: int, indent: str, nl: str, width: int = LINE_WIDTH) -> str:
    """``scalar`` (plain or double-quoted, as ``quote`` writes it), starting at ``column``,
    broken at single spaces onto lines that start with ``indent`` so that none goes past
    ``width`` where a space allows it: YAML folds each break back into that one space, so
    the value read is the same."""
    if column + len(scalar) <= width:
        return scalar
    plain = not scalar.startswith('"')
    cuts = [
        i for i in range(1, len(scalar) - 1) if scalar[i] == " " and _cuttable(scalar, i, plain)
    ]
    lines: list[str] = []
    start, used = 0, column
    for index, cut in enumerate(cuts):
        following = cuts[index + 1] if index + 1 < len(cuts) else len(scalar)
        if used + (following - start) > width and cut > start:
            lines.append(scalar[start:cut])
            start, used = cut + 1, len(indent)
    lines.append(scalar[start:])
    return (nl + indent).join(lines)


def sig_lines(sig: dict[str, str], indent: str, nl: str) -> str:
    """``sig:`` as a block mapping at ``indent``, each signature folded under its signer."""
    out = [f"{indent}sig:"]
    for signer, value in sig.items():
        out.append(signer_line(signer, value, indent + "  ", nl))
    return nl.join(out) + nl


def signer_line(signer: str, value: str, indent: str, nl: str) -> str:
    """``alice: PIECE`` and the signature's other pieces below it (without a final break); a
    long name puts the whole signature on the lines below."""
    key = f"{indent}{quote(signer)}:"
    scalar = quote(value)
    below = indent + "  "
    if len(key) + 1 + scalar.find(" ") > LINE_WIDTH and " " in scalar:
        return key + nl + below + folded(scalar, len(below), below, nl, 0)
    return f"{key} " + folded(scalar, len(key) + 1, below, nl)


def _sig_flow(sig: dict[str, str]) -> str:
    """``{alice: BASE64}``: an entry's signatures as one flow mapping."""
    pairs = (f"{quote(k, flow=True)}: {quote(v, flow=True)}" for k, v in sig.items())
    return "{" + ", ".join(pairs) + "}"


def entry_lines(
    player: str,
    decision: str,
    note: str | None,
    digest: str | None,
    indent: str,
    nl: str,
    sig: dict[str, str] | None = None,
) -> str:
    """One entry's YAML lines (decision, note, digest, signatures), indented by ``indent``,
    each ending in ``nl``."""
    head = f"{indent}- {quote(player)}: "
    deeper = indent + "    "
    lines = [head + folded(quote(decision), len(head), deeper, nl)]
    if note is not None:
        lines.append(f"{indent}  note: " + folded(quote(note), len(indent) + 8, deeper, nl))
    if digest is not None:
        lines.append(f"{indent}  digest: {quote(digest)}")
    text = nl.join(lines) + nl
    if sig:
        text += sig_lines(sig, indent + "  ", nl)
    return text


def _flow_entry(
    player: str,
    decision: str,
    note: str | None,
    digest: str | None,
    sig: dict[str, str] | None = None,
) -> str:
    parts = [f"{quote(player, flow=True)}: {quote(decision, flow=True)}"]
    if note is not None:
        parts.append(f"note: {quote(note, flow=True)}")
    if digest is not None:
        parts.append(f"digest: {quote(digest, flow=True)}")
    if sig:
        parts.append(f"sig: {_sig_flow(sig)}")
    return "{" + ", ".join(parts) + "}"


def _cannot_edit(
    log: gamelog.GameLog, message: str, place: tuple[int, int] | None = None
) -> LogError:
    line, column = place if place else (None, None)
    return LogError([Problem("cannot_edit", message, "edit", log.filename, line, column)])


def _check_layout(log: gamelog.GameLog) -> None:
    """Refuse text whose line breaks the text edits cannot follow (a lone CR)."""
    text = log.text
    if re.search(r"\r(?!\n)", text):
        raise _cannot_edit(
            log,
            "the file breaks lines with a lone carriage return (CR); save it with LF or CRLF"
            " line breaks first",
        )


def _block_indent(text: str, doc: yamlread.Document, path: tuple[Any, ...]) -> int:
    """The column (0-based) at which the block collection at ``path`` starts its lines."""
    start = doc.spans[path][0]
    return start - _line_start(text, start)


def _without_scalar(text: str, start: int, end: int) -> str:
    """``text`` with the scalar or ``[]`` at ``start:end`` and the spaces before it removed."""
    cut = start
    while cut > 0 and text[cut - 1] == " ":
        cut -= 1
    return text[:cut] + text[end:]


def appended_text(
    log: gamelog.GameLog,
    player: str,
    decision: str,
    note: str | None,
    digest: str | None = None,
    sig: dict[str, str] | None = None,
) -> str:
    """The log's text with one entry added after the last.

    Only new text is inserted, with one exception: an empty ``moves: []``
    (or ``moves: ~``) loses its ``[]`` (``~``) to become a block list.  A
    file without a final line break gets one before the new lines.
    """
    _check_layout(log)
    text = log.text
    doc = log.document
    data = doc.data
    nl = _newline(text)
    if "moves" not in data:
        if () in doc.flow:
            # `{forex: 1, ...}`: add `, moves: [...]` after the last value.
            at = _content_end(doc, ())
            entry = _flow_entry(player, decision, note, digest, sig)
            return text[:at] + f", moves: [{entry}]" + text[at:]
        at = _after_comments(text, _after_content(text, _content_end(doc, ())), 1)
        text, at = _ending_line(text, at, nl)
        lines = "moves:" + nl + entry_lines(player, decision, note, digest, "  ", nl, sig)
        return text[:at] + lines + text[at:]
    moves = data["moves"]
    key_start, key_end = doc.key_spans[("moves",)]
    key_column = key_start - _line_start(text, key_start)
    if not moves:
        # `moves:`, `moves: ~` or `moves: []`: a block list under the key.
        start, end = doc.spans.get(("moves",), (key_end, key_end))
        if ("moves",) in doc.flow or end > start:
            text = _without_scalar(text, start, end)
        at = _line_end(text, key_end)
        text, at = _ending_line(text, at, nl)
        indent = " " * (key_column + 2)
        return text[:at] + entry_lines(player, decision, note, digest, indent, nl, sig) + text[at:]
    last = len(moves) - 1
    if ("moves",) in doc.flow:
        entry = _flow_entry(player, decision, note, digest, sig)
        item_start, item_end = doc.spans[("moves", last)]
        seq_end = doc.spans[("moves",)][1]
        between = text[item_end : seq_end - 1]
        comma = between.find(",")
        if comma < 0 or "#" in between[:comma]:
            return text[:item_end] + ", " + entry + text[item_end:]
        # A trailing comma: the new item goes after it, on its own line if the last one is.
        after_comma = item_end + comma + 1
        if "\n" in text[after_comma : seq_end - 1]:
            at = _line_end(text, after_comma)
            indent = " " * (item_start - _line_start(text, item_start))
            return text[:at] + indent + entry + "," + nl + text[at:]
        return text[:after_comma] + " " + entry + "," + text[after_comma:]
    dash_column = _block_indent(text, doc, ("moves",))
    at = _after_content(text, _content_end(doc, ("moves", last)))
    top_keys = list(data)
    after_moves = top_keys[-1] == "moves"
    at = _after_comments(text, at, dash_column if after_moves else max(dash_column, 1))
    text, at = _ending_line(text, at, nl)
    indent = " " * dash_column
    return text[:at] + entry_lines(player, decision, note, digest, indent, nl, sig) + text[at:]


def _entry_keys(doc: yamlread.Document, path: tuple[Any, ...]) -> list[Any]:
    """The keys of the entry at ``path``, in the order written."""
    keys = [p[-1] for p in doc.key_spans if len(p) == len(path) + 1 and p[:-1] == path]
    return sorted(keys, key=lambda k: doc.key_spans[(*path, k)][0])


def noted_text(log: gamelog.GameLog, number: int, note: str | None) -> str:
    """The log's text with the note of entry ``number`` set (or removed when None).

    Only the note changes: its value is replaced, or its key and value are
    removed, or a ``note:`` is added after the entry's last value.
    """
    _check_layout(log)
    text = log.text
    doc = log.document
    nl = _newline(text)
    entries = doc.data.get("moves") or []
    check_move_number(number, len(entries), log.filename)
    index = number - 1
    entry = entries[index]
    path = ("moves", index)
    flow = path in doc.flow
    keys = _entry_keys(doc, path)
    if "note" in entry:
        n_start, n_end = doc.spans[(*path, "note")]
        if note is not None:
            keep_break = text[n_start:n_end].endswith("\n") and not flow
            value = quote(note, flow=flow)
            if not flow:
                key_column = doc.key_spans[(*path, "note")][0] - _line_start(text, n_start)
                column = n_start - _line_start(text, n_start)
                value = folded(value, column, " " * (key_column + 2), nl)
            return text[:n_start] + value + (nl if keep_break else "") + text[n_end:]
        position = keys.index("note")
        key_start = doc.key_spans[(*path, "note")][0]
        if flow:
            if position > 0:
                previous_end = doc.spans[(*path, keys[position - 1])][1]
                return text[:previous_end] + text[n_end:]
            next_start = doc.key_spans[(*path, keys[1])][0]
            return text[:key_start] + text[next_start:]
        if position == 0:
            # `- note: ...` opens the entry: the next key takes its place after the dash.
            next_start = doc.key_spans[(*path, keys[1])][0]
            return text[:key_start] + text[next_start:]
        line_start = _line_start(text, key_start)
        if text[line_start:key_start].strip(" "):
            raise _cannot_edit(
                log,
                f"move {number}: the note does not start a line of its own; edit it by hand",
                doc.keys[(*path, "note")],
            )
        return text[:line_start] + text[_after_content(text, n_end) :]
    if note is None:
        return text
    last_end = _content_end(doc, path)
    if flow:
        return text[:last_end] + f", note: {quote(note, flow=True)}" + text[last_end:]
    column = doc.key_spans[(*path, keys[0])][0] - _line_start(
        text, doc.key_spans[(*path, keys[0])][0]
    )
    at = _after_content(text, last_end)
    text, at = _ending_line(text, at, nl)
    value = folded(quote(note), column + 6, " " * (column + 2), nl)
    return text[:at] + f"{' ' * column}note: {value}{nl}" + text[at:]


def without_last_text(log: gamelog.GameLog) -> str:
    """The log's text with its last entry removed (an emptied list becomes ``moves: []``)."""
    entries = log.document.data.get("moves") or []
    return without_moves_after_text(log, len(entries) - 1)


def without_moves_after_text(log: gamelog.GameLog, keep: int) -> str:
    """The log's text with every entry after the first ``keep`` removed (an emptied list
    becomes ``moves: []``); comments among the removed entries go with them."""
    _check_layout(log)
    text = log.text
    doc = log.document
    entries = doc.data.get("moves") or []
    if not entries:
        raise LogError(
            [Problem("no_moves", "the log has no moves to remove", "edit", log.filename)]
        )
    if not 0 <= keep < len(entries):
        raise LogError(
            [
                Problem(
                    "no_such_entry",
                    f"the log has {len(entries)} move{'s' if len(entries) != 1 else ''}:"
                    f" there is nothing after move {keep} to remove",
                    "edit",
                    log.filename,
                )
            ]
        )
    last = len(entries) - 1
    path = ("moves", last)
    if ("moves",) in doc.flow:
        seq_start, seq_end = doc.spans[("moves",)]
        end = doc.spans[path][1]
        if keep == 0:
            return text[:seq_start] + "[]" + text[seq_end:]
        previous_end = doc.spans[("moves", keep - 1)][1]
        return text[:previous_end] + text[end:]
    item_start = doc.spans[("moves", keep)][0]
    dash = text.rindex("-", 0, item_start)
    line_start = _line_start(text, dash)
    stop = _after_content(text, _content_end(doc, path))
    new_text = text[:line_start] + text[stop:]
    if keep == 0:
        key_end = doc.key_spans[("moves",)][1]
        colon = new_text.index(":", key_end)
        new_text = new_text[: colon + 1] + " []" + new_text[colon + 1 :]
    return new_text


# --------------------------------------------------------------------------- checks


MAX_NOTE_LENGTH = 20000
"""The longest note the schema allows."""


def _fail(
    log: gamelog.GameLog,
    code: str,
    message: str,
    entry: int | None = None,
    hints: tuple[str, ...] = (),
) -> LogError:
    return LogError([Problem(code, message, "rules", log.filename, None, None, entry, hints)])


def check_note(log: gamelog.GameLog, note: str | None, number: int) -> None:
    """Refuse a note for move ``number`` that is not valid text or is too long."""
    if note is None:
        return
    problem = ""
    try:
        note.encode("utf-8")
    except UnicodeEncodeError as error:
        problem = (
            f"the note is not valid text: character {error.start + 1} is a lone surrogate"
            " (an undecodable byte in the command line?)"
        )
    if len(note) > MAX_NOTE_LENGTH:
        problem = f"the note has {len(note):,} characters; a note has at most {MAX_NOTE_LENGTH:,}"
    if problem:
        raise LogError(
            [Problem("bad_note", f"move {number}: {problem}", "edit", log.filename, entry=number)]
        )


def checked_edit(log: gamelog.GameLog, new_text: str) -> tuple[gamelog.GameLog, gamelog.Replay]:
    """The changed text read and replayed; any problem means nothing is written."""
    try:
        new_log = gamelog.parse_log(new_text, log.filename)
        played = gamelog.replay(new_log)
        if played.problem:
            raise LogError([played.problem])
    except LogError as error:
        raise LogError(
            [
                Problem(
                    p.code,
                    f"nothing was written: the changed log would not be valid:"
                    f" {'line ' + str(p.line) + ': ' if p.line else ''}{p.message}",
                    p.layer,
                    log.filename,
                    None,
                    None,
                    p.entry,
                    p.hints,
                )
                for p in error.problems
            ]
        ) from None
    cross_check(log, new_text, new_log.document.data)
    return new_log, played


def _moves(log: gamelog.GameLog) -> list[Any]:
    moves = log.document.data.get("moves")
    return list(moves) if isinstance(moves, list) else []


def _comparable(entry: Any) -> Any:
    """An entry as compared before and after an edit.

    A note's final line breaks are left out: when a file without a final
    line break ends with a block-scalar note (``note: |``), the line break
    added before the new lines becomes part of that note.
    """
    if isinstance(entry, dict) and isinstance(entry.get("note"), str):
        return dict(entry, note=entry["note"].rstrip("\n"))
    return entry


def ensure_only(
    old: gamelog.GameLog,
    new: gamelog.GameLog,
    expected: list[Any],
    what: str,
    header: dict[str, Any] | None = None,
) -> None:
    """Refuse an edit that would change anything but the entry it means to change
    (and the header, when ``header`` says what it becomes)."""
    same_header = (old.header if header is None else header) == new.header
    same_moves = [_comparable(e) for e in _moves(new)] == [_comparable(e) for e in expected]
    if not (same_header and same_moves):
        raise _cannot_edit(
            old,
            f"nothing was written: {what} would also change other parts of the log (the file's"
            " layout is one this tool cannot edit safely); make the change by hand",
        )


def _plain(value: Any) -> Any:
    """ruamel.yaml's round-trip data as plain data; dates as the text they were written as."""
    import datetime

    if isinstance(value, dict):
        return {str(key): _plain(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_plain(item) for item in value]
    if isinstance(value, (datetime.date, datetime.datetime)):
        return value.isoformat()
    if isinstance(value, str):
        return str(value)
    return value


def _ruamel_reading(text: str) -> Any:
    """What ruamel.yaml's round-trip reader makes of ``text`` (its error, if it fails)."""
    from ruamel.yaml import YAML
    from ruamel.yaml.error import YAMLError

    try:
        return _plain(YAML(typ="rt").load(text))
    except YAMLError as error:
        return error


def cross_check(log: gamelog.GameLog, new_text: str, new_data: Any) -> None:
    """Refuse an edit that makes ruamel.yaml's round-trip reader (YAML 1.2) read differently.

    The text about to be written was made by splicing; a second, independent YAML
    reader must see exactly the data that forexcli's own reader saw.  Where that
    reader already read the old text differently (ruamel.yaml refuses a tab after
    `key:`, which YAML 1.2 and libyaml allow), the edit is not to blame and passes.
    """
    if _ruamel_reading(new_text) == _plain(new_data):
        return
    if _ruamel_reading(log.text) != _plain(log.document.data):
        return
    raise LogError(
        [
            Problem(
                "parser_disagreement",
                "the edited log would read differently in another YAML reader"
                " (ruamel.yaml); nothing was written",
                "edit",
                log.filename,
            )
        ]
    )


def load_valid(path: str) -> tuple[bytes, gamelog.GameLog, gamelog.Replay]:
    """Read a log whose every move must replay before it is changed.

    Not the whole check (``gamelog.check``): ``append`` checks the digests after this, and a
    signed append the signatures; a note or an undo may be made in a log whose digests or
    signatures are wrong (they do not cover notes, and undo is how a forged move goes).
    """
    data = gamelog.read_bytes(path)
    log = gamelog.parse_log(data, path)
    played = gamelog.replay_final(log)
    if played.problem:
        problem = played.problem
        raise LogError(
            [
                Problem(
                    problem.code,
                    problem.message + " (fix or undo it before adding moves)",
                    problem.layer,
                    problem.file,
                    problem.line,
                    problem.column,
                    problem.entry,
                    problem.hints,
                )
            ]
        )
    return data, log, played


def _check_digests(played: gamelog.Replay) -> None:
    """Refuse to add to a log whose recorded digests no longer match its moves."""
    from .digests import check_digests

    mismatch = check_digests(played)
    if mismatch is None:
        return
    name = mismatch.file
    hints = (
        *mismatch.hints,
        f"compare it with the copy you sent or received: forex diff {name} OTHER.yaml",
        "nothing was written; to add the move all the same: forex play --ignore-digests ...",
    )
    raise LogError(
        [
            replace(
                mismatch,
                message=f"{mismatch.message}; this log was changed after its digests were written",
                hints=hints,
            )
        ]
    )


def append(
    path: str,
    player: str,
    decision: str,
    *,
    note: str | None = None,
    after: int | None = None,
    dry_run: bool = False,
    digest: bool = False,
    signer: Any = None,
    ignore_digests: bool = False,
) -> Change:
    """Check one decision against the replayed log and append it.

    ``after`` refuses the append unless the log has exactly that many moves
    (the player's guard against answering an old position).  With
    ``digest`` the entry records the digest of the state after it.  With a
    ``signing.Signer`` (who must be ``player``) the entry is signed, and a key
    the header does not hold yet is added to it (trust on first use).  A log
    whose recorded digests no longer match (an edit since they were written)
    is refused with ``digest_mismatch`` unless ``ignore_digests``.
    """
    data, log, played = load_valid(path)
    count = len(log.entries)
    if not ignore_digests:
        _check_digests(played)
    if after is not None and after != count:
        raise moved_on(log.filename, count, after, "nothing was written")
    check_note(log, note, count + 1)
    state = played.final
    game = log.game
    try:
        decisions = game.parse(player, decision)
    except game.notation_error as error:
        code = getattr(error, "code", "bad_notation")
        reason = getattr(error, "reason", str(error))
        raise _fail(log, code, reason, count + 1, tuple(getattr(error, "hints", ()))) from None
    events: list[Any] = []
    with_events = getattr(game, "apply_with_events", None)  # ``ReplaysWithEvents``
    try:
        for step in decisions:
            if with_events is None:
                state = game.apply(state, step)
            else:
                state, caused = with_events(state, step)
                events.extend(caused)
    except game.rules_error as error:
        refused = Entry(count + 1, player, decision, decisions)
        problem = gamelog.rules_problem(log, played.final, refused, error)
        raise LogError([replace(problem, line=None, column=None)]) from None
    stamp = state_digest(game, state) if digest else None
    text = game.write(decisions)
    base, header, sig = log, log.header, None
    if signer is not None:
        from . import signing

        signing.refuse_forged(played, "written")
        sig = {player: signing.sign(signer.key, log, count + 1, played.final, player, player, text)}
        if signer.header_key(log) is None:
            value = signing.key_value(signer.public, count + 1)
            base = gamelog.parse_log(signing.keyed_text(log, player, value), log.filename)
            header = dict(log.header)
            known = log.header.get(signing.KEYS_FIELD) or {}
            header[signing.KEYS_FIELD] = {**known, player: value}
    new_text = appended_text(base, player, text, note, stamp, sig)
    new_log, new_played = checked_edit(log, new_text)
    entry: dict[str, Any] = {player: text}
    if note is not None:
        entry["note"] = note
    if stamp is not None:
        entry["digest"] = stamp
    if sig is not None:
        entry["sig"] = sig
    ensure_only(log, new_log, [*_moves(log), entry], "adding the move", header)
    if new_played.moves != count + 1 or new_played.final != state:
        raise _cannot_edit(log, "nothing was written: the new text does not replay as checked")
    change = Change(path, log.text, new_text, new_played, tuple(events), expected=data)
    return change if dry_run else commit(change)


def moved_on(path: str, count: int, after: int, nothing: str) -> LogError:
    """``log_moved_on``: the log at ``path`` has ``count`` moves where ``--after`` expected
    ``after``, with the advice that fits: a copy behind the mail you answer is brought up to
    date with ``forex read``; a copy that went on is caught up with ``show --since``."""
    moves = f"{count} move{'s' if count != 1 else ''}"
    hints: tuple[str, ...]
    if count < after:
        message = (
            f"the log has {moves}, not {after}: this copy is older than the game you answer"
            f" (someone has moved since it was saved); {nothing}"
        )
        hints = (
            f"read the latest mail into it first: forex read MAIL --into {path}",
            f"then see what happened: forex show {path} --since {count}",
        )
    else:
        message = f"the log has {moves}, not {after}: someone has moved since you looked; {nothing}"
        hints = (f"see what happened since: forex show {path} --since {after}",)
    return LogError([Problem("log_moved_on", message, "rules", path, hints=hints)])


def set_note(path: str, number: int, note: str | None, *, dry_run: bool = False) -> Change:
    """Set (or with None remove) the note of move ``number``.

    The log must be valid after the change (so a log with an illegal move
    is not annotated until that move is fixed or undone).  When nothing
    changes (removing a note that is not there) the file is not rewritten.
    """
    data = gamelog.read_bytes(path)
    log = gamelog.parse_log(data, path)
    check_note(log, note, number)
    new_text = noted_text(log, number, note)
    new_log, played = checked_edit(log, new_text)
    expected = _moves(log)
    changed = dict(expected[number - 1])
    changed.pop("note", None)
    if note is not None:
        changed["note"] = note
    expected[number - 1] = changed
    ensure_only(log, new_log, expected, "changing the note")
    if new_log.document.data["moves"][number - 1].get("note") != note:
        raise _cannot_edit(log, "nothing was written: the note would not read back as given")
    change = Change(path, log.text, new_text, played, expected=data)
    return change if dry_run else commit(change)


def commit(change: Change) -> Change:
    """Write a change made with ``dry_run=True``, if the file still holds what was read.

    A command composes everything it will print before it calls this, so that
    nothing can fail after the file is replaced.  A change that changes
    nothing writes nothing.
    """
    if change.written or change.new_text == change.old_text:
        return change
    replace_file(change.path, change.expected, change.new_text)
    return replace(change, written=True)


def set_notes(path: str, notes: Mapping[int, str], *, dry_run: bool = False) -> Change:
    """Set the notes of several moves in one change (``forex analyse --write``).

    Each note is set as ``set_note`` would, one after the other on the text,
    then the whole new text is checked once and written once, atomically: a
    failure, or an interruption, leaves the file as it was.
    """
    data = gamelog.read_bytes(path)
    log = gamelog.parse_log(data, path)
    current = log
    expected = _moves(log)
    for number, note in sorted(notes.items()):
        check_note(log, note, number)
        current = gamelog.parse_log(noted_text(current, number, note), path)
        changed = dict(expected[number - 1])
        changed["note"] = note
        expected[number - 1] = changed
    new_text = current.text
    new_log, played = checked_edit(log, new_text)
    ensure_only(log, new_log, expected, "changing the notes")
    if dry_run or new_text == log.text:
        return Change(path, log.text, new_text, played, expected=data)
    replace_file(path, data, new_text)
    return Change(path, log.text, new_text, played, written=True)


def remove_last(path: str, *, dry_run: bool = False, after: int | None = None) -> Change:
    """Remove the last move (for the sender, before the mail goes out).

    ``after`` refuses unless the log read here has exactly that many moves, so
    that only the move the sender made can go, never one added meanwhile.
    """
    data = gamelog.read_bytes(path)
    log = gamelog.parse_log(data, path)
    count = len(log.entries)
    if after is not None and after != count:
        raise moved_on(path, count, after, "nothing was removed")
    return remove_after(path, max(count - 1, 0), dry_run=dry_run, _read=(data, log))


def remove_after(
    path: str,
    keep: int,
    *,
    dry_run: bool = False,
    _read: tuple[bytes, gamelog.GameLog] | None = None,
) -> Change:
    """Remove every move after move ``keep`` (to settle a fork: keep the common moves).

    The log that is left must be valid (its moves are replayed); comments
    among the removed moves go with them.
    """
    if _read is None:
        data = gamelog.read_bytes(path)
        log = gamelog.parse_log(data, path)
    else:
        data, log = _read
    removed = tuple(log.entries[keep:])
    new_text = without_moves_after_text(log, keep)
    new_log, played = checked_edit(log, new_text)
    ensure_only(log, new_log, _moves(log)[:keep], "removing the moves")
    change = Change(
        path,
        log.text,
        new_text,
        played,
        removed=removed[-1] if removed else None,
        expected=data,
        removed_entries=removed,
    )
    return change if dry_run else commit(change)


# --------------------------------------------------------------------------- whose moves go


def whose_move(entry: Any) -> str:
    """``carol's move 31, signed by carol`` (or ``not signed``) for an entry of any game."""
    signers = list(entry.sig or {})
    signed = "signed by " + " and ".join(signers) if signers else "not signed"
    return f"{entry.player}'s move {entry.number}, {signed}"


def signed_game(log: Any) -> bool:
    """True when the log holds a player's key or a signed move."""
    return bool(log.header.get("keys")) or any(entry.sig for entry in log.entries)


def others_moves(log: Any, removed: tuple[Any, ...], undoer: str | None) -> list[Any]:
    """The removed entries that are not ``undoer``'s alone to take back: signed by someone
    else, or decided by someone else when the undoer is known or the game is signed (so in a
    signed game every one, when the undoer is not known)."""
    guarded = undoer is not None or signed_game(log)
    found = []
    for entry in removed:
        by_others = any(signer != undoer for signer in entry.sig or {})
        if by_others or (guarded and entry.player != undoer):
            found.append(entry)
    return found


def undo_refusal(log: Any, removed: tuple[Any, ...], undoer: str | None) -> LogError | None:
    """``not_your_move`` when ``undoer`` (None: not said) would remove another player's or a
    signed move without ``--force``; None when the moves are theirs to remove."""
    others = others_moves(log, removed, undoer)
    if not others:
        return None
    what = "; ".join(whose_move(entry) for entry in others)
    if undoer is None:
        why = "this is a signed game, and who is undoing is not said"
        hints = (
            "say who you are: forex undo FILE --as NAME, or --key FILE (FOREX_KEY)",
            "to remove it all the same: forex undo FILE --force",
        )
    else:
        why = f"it is not {undoer}'s own move alone"
        hints = (
            "ask its player to undo it, or settle a fork with forex undo FILE --to N",
            "to remove it all the same: forex undo FILE --force",
        )
    first = others[0]
    where = log.place(("moves", first.number - 1, first.player))
    line, column = where if where else (None, None)
    return LogError(
        [
            Problem(
                "not_your_move",
                f"undo would remove {what}: {why}; nothing was removed",
                "edit",
                log.filename,
                line,
                column,
                first.number,
                hints,
            )
        ]
    )


# --------------------------------------------------------------------------- writing


def _io_error(path: str, code: str, message: str) -> LogError:
    return LogError([Problem(code, message, "io", path)])


def _lock(fd: int, path: str) -> None:
    import fcntl
    import time

    deadline = time.monotonic() + LOCK_TIMEOUT_SECONDS
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return
        except BlockingIOError:
            if time.monotonic() > deadline:
                raise _io_error(
                    path,
                    "locked",
                    f"{path} is locked by another forex process; nothing was written",
                ) from None
            time.sleep(0.02)


def _temp_prefix(real: str) -> str:
    return f".{os.path.basename(real)}."


def _remove_stale_temps(folder: str, real: str) -> None:
    """Remove temporary files left by a writer that crashed (only called under the lock)."""
    prefix = _temp_prefix(real)
    try:
        names = os.listdir(folder)
    except OSError:
        return
    for name in names:
        if name.startswith(prefix) and name.endswith(".tmp"):
            with contextlib.suppress(OSError):
                os.unlink(os.path.join(folder, name))


def _changed(path: str) -> LogError:
    return _io_error(
        path,
        "changed_on_disk",
        f"{path} changed while this command ran (another move was added?); nothing was"
        " written: run the command again",
    )


def replace_file(path: str, expected: bytes, new_text: str) -> None:
    """Atomically replace ``path`` with ``new_text`` if it still holds ``expected``.

    The file is locked (``flock``) for the whole exchange, and it must still
    be the same file (inode) holding the same bytes as when it was read.  A
    temporary file in the same folder receives the new text, is synced and
    renamed over the original, so a reader sees the old file or the new one,
    never a mix; on any failure the temporary file is removed and the
    original is untouched.  A byte-order mark the file began with is kept.
    """
    real = os.path.realpath(path)
    folder = os.path.dirname(real) or "."
    try:
        info = os.stat(real)
    except FileNotFoundError:
        raise _changed(path) from None
    except OSError as error:
        raise _io_error(path, "unreadable", f"cannot read {path}: {error.strerror}") from None
    if not info.st_mode & stat.S_IWUSR:
        raise _io_error(path, "read_only", f"{path} is read-only; nothing was written")
    try:
        fd = os.open(real, os.O_RDONLY)
    except OSError as error:
        raise _io_error(path, "unreadable", f"cannot open {path}: {error.strerror}") from None
    try:
        _lock(fd, path)
        locked = os.fstat(fd)
        try:
            now = os.stat(real)
        except FileNotFoundError:
            raise _changed(path) from None
        if (locked.st_dev, locked.st_ino) != (now.st_dev, now.st_ino):
            raise _changed(path)  # replaced by another writer while we waited for the lock
        chunks = []
        while True:
            chunk = os.read(fd, 1 << 20)
            if not chunk:
                break
            chunks.append(chunk)
        if b"".join(chunks) != expected:
            raise _changed(path)
        _remove_stale_temps(folder, real)
        payload = new_text.encode("utf-8")
        if expected.startswith(codecs.BOM_UTF8):
            payload = codecs.BOM_UTF8 + payload  # keep the byte-order mark the file had
        try:
            tmp_fd, tmp_path = tempfile.mkstemp(
                dir=folder, prefix=_temp_prefix(real), suffix=".tmp"
            )
        except OSError as error:
            reason = "the disk is full" if error.errno == errno.ENOSPC else error.strerror
            raise _io_error(
                path,
                "write_failed",
                f"cannot write in {folder}: {reason}; nothing was written",
            ) from None
        try:
            with os.fdopen(tmp_fd, "wb") as out:
                out.write(payload)
                out.flush()
                os.fsync(out.fileno())
            os.chmod(tmp_path, stat.S_IMODE(info.st_mode))
            if before_replace is not None:
                before_replace(tmp_path)
            os.replace(tmp_path, real)
        except BaseException as error:
            with contextlib.suppress(OSError):
                os.unlink(tmp_path)
            if isinstance(error, OSError):
                reason = "the disk is full" if error.errno == errno.ENOSPC else error.strerror
                raise _io_error(
                    path, "write_failed", f"cannot write {path}: {reason}; the file is unchanged"
                ) from None
            raise
        try:
            dir_fd = os.open(folder, os.O_RDONLY)
            try:
                os.fsync(dir_fd)
            finally:
                os.close(dir_fd)
        except OSError:
            pass
    finally:
        os.close(fd)
