"""Change a log safely: append a move, set a note, remove the last move.

Every change is made as text, so every byte outside the edit stays as it was
(comments, blank lines, quoting, key order).  The new text is checked in full
(YAML, schema, replay) before it is written, and it replaces the file
atomically: a temporary file in the same folder is written, flushed and
synced, and renamed over the original while an exclusive lock is held and
after checking that the file still holds what was read.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import stat
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from . import gamelog, yamlread
from .engine import Event, ForexError, GameState, apply_with_events
from .notation import NotationError, Written, parse, write_entry
from .problems import LogError, Problem

LOCK_TIMEOUT_SECONDS = 10.0

before_replace: Callable[[str], None] | None = None
"""Test hook: called with the temporary file's path just before the rename."""


@dataclass(frozen=True)
class Change:
    """A change made (or, with ``dry_run``, that would be made) to a log."""

    path: str
    old_text: str
    new_text: str
    replay: gamelog.Replay
    events: tuple[Event, ...] = ()
    written: bool = False

    @property
    def state(self) -> GameState:
        """The state after the change."""
        return self.replay.final


# --------------------------------------------------------------------------- text


_PLAIN = re.compile(r"[A-Za-z0-9_(][A-Za-z0-9_ .,;()/+'=?!-]*\Z")


def quote(text: str) -> str:
    """``text`` as a YAML scalar: plain when that reads back the same, else double-quoted."""
    if (
        _PLAIN.match(text)
        and not text.endswith(" ")
        and yamlread.plain_value(text) == text
        and " #" not in text
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
        elif ord(ch) <= 0xFFFF:
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(f"\\U{ord(ch):08x}")
    out.append('"')
    return "".join(out)


def _newline(text: str) -> str:
    return "\r\n" if "\r\n" in text else "\n"


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
    """Offset of the end of the last scalar inside the value at ``path``."""
    size = len(path)
    return max(end for p, (_, end) in doc.spans.items() if p[:size] == path and len(p) > size)


def _offset(text: str, line: int, column: int) -> int:
    offset = 0
    for _ in range(line - 1):
        offset = text.index("\n", offset) + 1
    return offset + column - 1


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


def _entry_lines(
    player: str, decision: str, note: str | None, digest: str | None, indent: str, nl: str
) -> str:
    lines = [f"{indent}- {quote(player)}: {quote(decision)}"]
    if note is not None:
        lines.append(f"{indent}  note: {quote(note)}")
    if digest is not None:
        lines.append(f"{indent}  digest: {quote(digest)}")
    return nl.join(lines) + nl


def _flow_entry(player: str, decision: str, note: str | None, digest: str | None) -> str:
    parts = [f"{quote(player)}: {quote(decision)}"]
    if note is not None:
        parts.append(f"note: {quote(note)}")
    if digest is not None:
        parts.append(f"digest: {quote(digest)}")
    return "{" + ", ".join(parts) + "}"


def appended_text(
    log: gamelog.GameLog, player: str, decision: str, note: str | None, digest: str | None = None
) -> str:
    """The log's text with one entry added after the last."""
    text = log.text
    doc = log.document
    nl = _newline(text)
    moves = doc.data.get("moves")
    if "moves" not in doc.data:
        prefix = text if not text or text.endswith("\n") else text + nl
        return prefix + "moves:" + nl + _entry_lines(player, decision, note, digest, "  ", nl)
    start, end = doc.spans.get(("moves",), (None, None))
    if moves is None or start is None or end is None:
        # `moves:` with nothing after it.
        line, column = doc.keys[("moves",)]
        key_end = _line_end(text, _offset(text, line, column))
        if not text[:key_end].endswith("\n"):
            text = text + nl
            key_end = len(text)
        indent = " " * (column - 1 + 2)
        return (
            text[:key_end]
            + _entry_lines(player, decision, note, digest, indent, nl)
            + text[key_end:]
        )
    if ("moves",) in doc.flow:
        if not moves:
            # `moves: []` becomes a block list under the key.
            line, column = doc.keys[("moves",)]
            key_indent = " " * (column - 1 + 2)
            before = text[:start].rstrip(" ")
            after = text[end:]
            line_end = _line_end(after, 0)
            rest_of_line = after[:line_end]
            if not rest_of_line.endswith("\n"):
                rest_of_line += nl
            return (
                before
                + rest_of_line
                + _entry_lines(player, decision, note, digest, key_indent, nl)
                + after[line_end:]
            )
        close = text.rindex("]", start, end)
        return text[:close] + ", " + _flow_entry(player, decision, note, digest) + text[close:]
    last = len(moves) - 1
    dash_column = start - _line_start(text, start)
    indent = " " * dash_column
    insert_at = _after_content(text, _content_end(doc, ("moves", last)))
    top_keys = list(doc.data)
    if top_keys[-1] == "moves":
        insert_at = _after_comments(text, insert_at, dash_column)
    if insert_at == len(text) and text and not text.endswith("\n"):
        text += nl
        insert_at = len(text)
    return (
        text[:insert_at]
        + _entry_lines(player, decision, note, digest, indent, nl)
        + text[insert_at:]
    )


def noted_text(log: gamelog.GameLog, number: int, note: str | None) -> str:
    """The log's text with the note of entry ``number`` set (or removed when None)."""
    text = log.text
    doc = log.document
    nl = _newline(text)
    entries = doc.data.get("moves") or []
    if not 1 <= number <= len(entries):
        raise LogError(
            [
                Problem(
                    "no_such_entry",
                    f"there is no move {number}; the log has {len(entries)}",
                    "edit",
                    log.filename,
                )
            ]
        )
    index = number - 1
    entry = entries[index]
    path = ("moves", index)
    if path in doc.flow:
        start, end = doc.spans[path]
        player = next(k for k in entry if k not in ("note", "digest"))
        flow = _flow_entry(player, entry[player], note, entry.get("digest"))
        return text[:start] + flow + text[end:]
    if "note" in entry:
        n_start, n_end = doc.spans[(*path, "note")]
        if note is not None:
            keep_break = text[n_start:n_end].endswith("\n")
            return text[:n_start] + quote(note) + (nl if keep_break else "") + text[n_end:]
        key_line, key_column = doc.keys[(*path, "note")]
        key_offset = _offset(text, key_line, key_column)
        line_start = _line_start(text, key_offset)
        if text[line_start:key_offset].strip(" -"):
            # `- note: ...` first in the entry, or on a shared line: rebuild the note only.
            raise LogError(
                [
                    Problem(
                        "cannot_edit",
                        f"move {number}: the note is not on a line of its own; edit it by hand",
                        "edit",
                        log.filename,
                        key_line,
                        key_column,
                    )
                ]
            )
        return text[:line_start] + text[_after_content(text, n_end) :]
    if note is None:
        return text
    column = doc.values[path][1]
    key_indent = " " * (column - 1)
    insert_at = _after_content(text, _content_end(doc, path))
    if insert_at == len(text) and not text.endswith("\n"):
        text += nl
        insert_at = len(text)
    return text[:insert_at] + f"{key_indent}note: {quote(note)}{nl}" + text[insert_at:]


def without_last_text(log: gamelog.GameLog) -> str:
    """The log's text with its last entry removed."""
    text = log.text
    doc = log.document
    entries = doc.data.get("moves") or []
    if not entries:
        raise LogError(
            [Problem("no_moves", "the log has no moves to remove", "edit", log.filename)]
        )
    last = len(entries) - 1
    path = ("moves", last)
    if ("moves",) in doc.flow:
        seq_start, seq_end = doc.spans[("moves",)]
        end = doc.spans[path][1]
        if last == 0:
            return text[:seq_start] + "[]" + text[seq_end:]
        previous_end = doc.spans[("moves", last - 1)][1]
        return text[:previous_end] + text[end:]
    line, column = doc.values[path]
    item_offset = _offset(text, line, column)
    dash = text.rindex("-", 0, item_offset)
    line_start = _line_start(text, dash)
    stop = _after_content(text, _content_end(doc, path))
    new_text = text[:line_start] + text[stop:]
    if last == 0:
        key_line, key_column = doc.keys[("moves",)]
        key_offset = _offset(new_text, key_line, key_column)
        colon = new_text.index(":", key_offset)
        new_text = new_text[: colon + 1] + " []" + new_text[colon + 1 :]
    return new_text


# --------------------------------------------------------------------------- checks


def _fail(
    log: gamelog.GameLog,
    code: str,
    message: str,
    entry: int | None = None,
    hints: tuple[str, ...] = (),
) -> LogError:
    return LogError([Problem(code, message, "rules", log.filename, None, None, entry, hints)])


def _valid_replay(text: str, filename: str) -> gamelog.Replay:
    log = gamelog.parse_log(text, filename)
    played = gamelog.replay(log)
    if played.problem:
        raise LogError([played.problem])
    return played


def load_valid(path: str) -> tuple[bytes, gamelog.GameLog, gamelog.Replay]:
    """Read a log that must validate in full before it is changed."""
    data = gamelog.read_bytes(path)
    log = gamelog.parse_log(data, path)
    played = gamelog.replay(log)
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


def append(
    path: str,
    player: str,
    decision: str,
    *,
    note: str | None = None,
    after: int | None = None,
    dry_run: bool = False,
    digest: bool = False,
) -> Change:
    """Check one decision against the replayed log and append it.

    ``after`` refuses the append unless the log has exactly that many moves
    (the player's guard against answering an old position).  With
    ``digest`` the entry records the digest of the state after it.
    """
    data, log, played = load_valid(path)
    count = len(log.entries)
    if after is not None and after != count:
        raise _fail(
            log,
            "log_moved_on",
            f"the log has {count} moves, not {after}: someone has moved since you looked"
            " (see `forex show --since`)",
        )
    state = played.final
    try:
        written: Written = parse(player, decision)
    except NotationError as error:
        raise _fail(log, error.code, error.reason, count + 1) from None
    events: list[Event] = []
    try:
        for step in written.decisions():
            state, caused = apply_with_events(state, step)
            events.extend(caused)
    except ForexError as error:
        from .moves import legal_summary

        raise _fail(
            log,
            error.code,
            f"move {count + 1}: {player}: {decision}: {error.reason}",
            count + 1,
            tuple(legal_summary(played.final)),
        ) from None
    stamp = None
    if digest:
        from .snapshot import state_digest

        stamp = state_digest(state)
    new_text = appended_text(log, player, write_entry(written), note, stamp)
    new_played = _valid_replay(new_text, path)
    if len(new_played.states) != count + 1 or new_played.final != state:
        raise AssertionError("the appended text does not replay to the checked state")
    change = Change(path, log.text, new_text, new_played, tuple(events))
    if dry_run:
        return change
    replace_file(path, data, new_text)
    return Change(path, log.text, new_text, new_played, tuple(events), written=True)


def set_note(path: str, number: int, note: str | None, *, dry_run: bool = False) -> Change:
    """Set (or with None remove) the note of move ``number``."""
    data = gamelog.read_bytes(path)
    log = gamelog.parse_log(data, path)
    new_text = noted_text(log, number, note)
    played = _valid_replay(new_text, path)
    if dry_run:
        return Change(path, log.text, new_text, played)
    replace_file(path, data, new_text)
    return Change(path, log.text, new_text, played, written=True)


def remove_last(path: str, *, dry_run: bool = False) -> Change:
    """Remove the last move (for the sender, before the mail goes out)."""
    data = gamelog.read_bytes(path)
    log = gamelog.parse_log(data, path)
    new_text = without_last_text(log)
    played = _valid_replay(new_text, path)
    if dry_run:
        return Change(path, log.text, new_text, played)
    replace_file(path, data, new_text)
    return Change(path, log.text, new_text, played, written=True)


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
                    path, "locked", f"{path} is locked by another forex process"
                ) from None
            time.sleep(0.02)


def replace_file(path: str, expected: bytes, new_text: str) -> None:
    """Atomically replace ``path`` with ``new_text`` if it still holds ``expected``."""
    real = os.path.realpath(path)
    folder = os.path.dirname(real) or "."
    try:
        info = os.stat(real)
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
        with open(real, "rb") as handle:
            current = handle.read()
        if current != expected:
            raise _io_error(
                path,
                "changed_on_disk",
                f"{path} changed while this command ran (another move was added?); nothing was"
                " written: run the command again",
            )
        payload = new_text.encode("utf-8")
        try:
            tmp_fd, tmp_path = tempfile.mkstemp(
                dir=folder, prefix=f".{os.path.basename(real)}.", suffix=".tmp"
            )
        except OSError as error:
            raise _io_error(
                path,
                "write_failed",
                f"cannot write in {folder}: {error.strerror}; nothing was written",
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
            with contextlib.suppress(FileNotFoundError):
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
