"""Standard output and error as a careful Unix tool uses them (standard library only).

- Characters a stream's encoding cannot carry (an ASCII, latin-1 or cp437
  console) get a plain fallback: ``→`` becomes ``->``, ``—`` ``-``, ``…``
  ``...``, the board's ``·`` ``.``, an accented letter its base letter, and
  anything else ``?``; never a ``UnicodeEncodeError``.
- A write that fails (a full disk, ``/dev/full``) is an ``OutputFailed``; the
  command ends with one line on stderr and exit status 2.  A closed pipe
  (``forex history game.yaml | head -3``) ends the command quietly, as
  ``cat`` does (exit status 141, that of a process ended by SIGPIPE).
- The width that text output fits: ``COLUMNS`` when set, the terminal's width
  on a terminal, else 80 columns.

``cli.py`` imports this at start-up, so it imports only the standard library.
"""

from __future__ import annotations

import codecs
import contextlib
import errno
import io
import os
import sys
import unicodedata
from typing import Any

ERRORS = "forexcli-fallback"
"""The name of the codec error handler that writes plain fallbacks."""

FALLBACKS: dict[str, str] = {
    "\u2192": "->",
    "\u2190": "<-",
    "\u2194": "<->",
    "\u21d2": "=>",
    "\u2014": "-",
    "\u2013": "-",
    "\u2212": "-",
    "\u2010": "-",
    "\u2011": "-",
    "\u2026": "...",
    "\u00b7": ".",
    "\u2022": "*",
    "\u00d7": "x",
    "\u2018": "'",
    "\u2019": "'",
    "\u201c": '"',
    "\u201d": '"',
    "\u00ab": '"',
    "\u00bb": '"',
    "\u00a0": " ",
    "\u2009": " ",
    "\u202f": " ",
    "\u2264": "<=",
    "\u2265": ">=",
    "\u2260": "!=",
    "\u00bd": "1/2",
    # BBCode writes square brackets from a log as full-width ones so that no tag opens;
    # their fallback must not give the tags back.
    "\uff3b": "(",
    "\uff3d": ")",
}
"""Plain ASCII for the characters forexcli writes itself, and common punctuation in notes."""

EXIT_OUTPUT_FAILED = 2
"""Exit status when standard output or standard error cannot be written."""

EXIT_BROKEN_PIPE = 141
"""Exit status when the reader of standard output went away (128 + SIGPIPE), as ``cat``."""

DEFAULT_WIDTH = 80
"""The width text output fits when ``COLUMNS`` is unset and the output is not a terminal."""


def fallback_of(ch: str) -> str:
    """A plain form of one character: the table above, else its base letters, else ``?``."""
    if ch in FALLBACKS:
        return FALLBACKS[ch]
    decomposed = unicodedata.normalize("NFKD", ch)
    base = "".join(c for c in decomposed if not unicodedata.combining(c))
    if base and base.isascii() and base.isalnum():
        return base
    return "?"


def _cells(ch: str) -> int:
    """The columns a character takes on a terminal: 2 for a wide one (CJK), 0 for a mark
    that combines with the one before, else 1."""
    if unicodedata.combining(ch) or unicodedata.category(ch) in ("Mn", "Me"):
        return 0
    return 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1


def fallback_errors(error: UnicodeError) -> tuple[str, int]:
    """A codec error handler: plain fallbacks (see ``FALLBACKS``) for what cannot be encoded.

    A fallback that the encoding cannot carry either (never the case for an
    ASCII-compatible one) is ``?``.  A ``?`` takes the columns of what it stands for (``??``
    for a wide character, nothing for a combining mark), so that a table laid out for the
    text keeps its columns.
    """
    if not isinstance(error, UnicodeEncodeError):
        raise error
    encoding = error.encoding
    out = []
    for ch in error.object[error.start : error.end]:
        plain = fallback_of(ch)
        try:
            plain.encode(encoding)
        except (UnicodeEncodeError, LookupError):
            plain = "?"
        if plain == "?":
            plain = "?" * _cells(ch)
        out.append(plain)
    return "".join(out), error.end


codecs.register_error(ERRORS, fallback_errors)


def use_fallbacks(stream: Any) -> None:
    """Make a text stream write plain fallbacks instead of failing on unencodable text."""
    if isinstance(stream, io.TextIOWrapper) and stream.errors == "strict":
        with contextlib.suppress(ValueError, OSError, AttributeError):
            stream.reconfigure(errors=ERRORS)


def can_encode(text: str, stream: Any) -> bool:
    """Whether ``stream`` (a text stream) carries every character of ``text`` as it is."""
    encoding = getattr(stream, "encoding", None) or "utf-8"
    try:
        text.encode(encoding)
    except UnicodeEncodeError:
        return False
    except LookupError:
        return True
    return True


def plain(text: str, stream: Any) -> str:
    """``text`` as ``stream`` will show it: every character it cannot carry as its fallback."""
    encoding = getattr(stream, "encoding", None) or "utf-8"
    try:
        return text.encode(encoding, errors=ERRORS).decode(encoding)
    except LookupError:
        return text


class OutputFailed(Exception):
    """Writing to standard output (or error) failed: a full disk, a closed pipe."""

    def __init__(self, error: OSError, stream: str = "standard output") -> None:
        super().__init__(f"cannot write to {stream}: {reason(error)}")
        self.error = error
        self.stream = stream

    @property
    def broken_pipe(self) -> bool:
        """The reader went away (``| head``): to end quietly."""
        return is_broken_pipe(self.error)


def is_broken_pipe(error: BaseException) -> bool:
    """Whether ``error`` says the reader of a pipe went away."""
    return isinstance(error, BrokenPipeError) or (
        isinstance(error, OSError) and error.errno == errno.EPIPE
    )


def reason(error: OSError) -> str:
    """A short reason for a failed write: ``the disk is full``, ``broken pipe``."""
    if error.errno == errno.ENOSPC:
        return "the disk is full (no space left on device)"
    if is_broken_pipe(error):
        return "the reader has gone away (broken pipe)"
    return error.strerror or str(error)


def closed() -> OutputFailed:
    """The failure of a write to standard output when it is closed (``>&-``: Python then has
    no ``sys.stdout``)."""
    return OutputFailed(OSError(errno.EBADF, "it is closed"))


def write(text: str, *, err: bool = False) -> None:
    """Write ``text`` to standard output (or error) and flush it; failures are ``OutputFailed``
    (a closed standard error is passed over: nowhere to tell it)."""
    stream = sys.stderr if err else sys.stdout
    if stream is None:
        if err:
            return
        raise closed()
    try:
        stream.write(text)
        stream.flush()
    except OSError as error:
        raise OutputFailed(error, "standard error" if err else "standard output") from None


def write_bytes(data: bytes) -> None:
    """Write ``data`` (a picture, a mail) to standard output as it is, flushed; failures are
    ``OutputFailed``."""
    if sys.stdout is None:
        raise closed()
    try:
        sys.stdout.flush()
        sys.stdout.buffer.write(data)
        sys.stdout.buffer.flush()
    except OSError as error:
        raise OutputFailed(error) from None


def silence_stdout() -> None:
    """Point standard output at the null device, so that nothing left in its buffer fails
    again when the interpreter exits (no ``Exception ignored ... BrokenPipeError``)."""
    try:
        fd = sys.stdout.fileno()
    except (AttributeError, ValueError, OSError, io.UnsupportedOperation):
        return
    with contextlib.suppress(OSError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, fd)
        os.close(devnull)


def flush_stdout() -> OutputFailed | None:
    """Flush standard output; the failure, if any."""
    try:
        sys.stdout.flush()
    except OSError as error:
        return OutputFailed(error)
    except ValueError:  # closed
        return None
    return None


def is_terminal(stream: Any) -> bool:
    """Whether ``stream`` is a terminal (a person reads it), not a pipe or a file."""
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError, OSError):
        return False


def width(stream: Any = None) -> int:
    """The columns text output should fit: ``COLUMNS``, else a terminal's width, else 80."""
    value = os.environ.get("COLUMNS", "").strip()
    if value.isdigit() and int(value) > 0:
        return int(value)
    stream = sys.stdout if stream is None else stream
    try:
        if stream.isatty():
            columns = os.get_terminal_size(stream.fileno()).columns
            if columns > 0:
                return columns
    except (AttributeError, ValueError, OSError, io.UnsupportedOperation):
        pass
    return DEFAULT_WIDTH
