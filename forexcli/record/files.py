"""Reading a file within bounds, replacing one atomically, and writing a new one.

``read_bytes`` reads a log file of at most ``MAX_LOG_BYTES`` (never blocking on a pipe put
in its place); ``replace_file`` replaces a file's text under a lock, if it still holds what
was read, through a synced temporary file renamed over it.  ``write_output(path, text,
force=False)`` writes an output file (a picture, a page, a new log, a key) to a synced
temporary file in the folder of ``path`` and then either hard-links it to ``path`` (which
fails if the name exists, like ``O_EXCL``) or, with ``force``, renames it over ``path``: a
reader sees no file, the old file or the new one, never a part of one, and on any failure
the temporary file is removed and ``path`` is untouched.  Problems are ``LogError`` with
layer ``io`` (exit status 2).
"""

from __future__ import annotations

import codecs
import contextlib
import errno
import os
import stat
from collections.abc import Callable

from .problems import LogError, Problem

MAX_LOG_BYTES = 8 * 1024 * 1024
"""Larger files are refused before they are parsed."""

LOCK_TIMEOUT_SECONDS = 10.0

before_replace: Callable[[str], None] | None = None
"""Test hook: called with the temporary file's path just before the rename."""


# --------------------------------------------------------------------------- reading


def _open_nonblocking(path: str, flags: int) -> int:
    return os.open(path, flags | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0))


def missing_hints(name: str, *, folders: bool = False) -> tuple[str, ...]:
    """What to do about a path ``name`` that reaches nothing, when its text shows why: the
    backslashes of a Windows path (where folders are separated by /), or a wildcard the
    shell did not expand (with ``folders``, for a command that takes folders, the folder to
    give instead); none otherwise."""
    from .problems import command_path

    if os.sep == "/" and "\\" in name:
        mended = name.replace("\\", "/")
        if os.path.exists(mended):
            return (f"folders are separated by / here: {command_path(mended)}",)
        return ("folders are separated by / here, not \\ as on Windows",)
    if not any(ch in name for ch in "*?["):
        return ()
    hint = "the shell did not expand the pattern (it was quoted, or no file matches it)"
    parts = name.split("/")
    kept = parts[: next(n for n, part in enumerate(parts) if any(c in part for c in "*?["))]
    folder = "/".join(kept) or ("/" if kept else ".")
    if folders and os.path.isdir(folder):
        hint += (
            f"; give the folder: forex validate {command_path(folder)} checks every log under it"
        )
    return (hint,)


def read_bytes(path: str | os.PathLike[str]) -> bytes:
    """The bytes of a log file; problems (missing, a folder, a FIFO, too large) as LogError."""
    name = os.fspath(path)

    def fail(code: str, message: str) -> LogError:
        return LogError([Problem(code, message, "io", name)])

    try:
        info = os.stat(name)
    except FileNotFoundError:
        if os.path.islink(name):  # a link whose file was moved or removed
            message = f"{name} is a link to {os.readlink(name)}, which does not exist"
            hint = "point the link at the log where it is now, or remove the link"
            raise LogError([Problem("not_found", message, "io", name, hints=(hint,))]) from None
        hints = missing_hints(name)
        raise LogError(
            [Problem("not_found", f"no such file: {name}", "io", name, hints=hints)]
        ) from None
    except NotADirectoryError:  # ``game.yaml/``, ``game.yaml/x``: a file where a folder goes
        raise fail(
            "not_found", f"no such file: {name} (a part of it is a file, not a folder)"
        ) from None
    except PermissionError:
        raise fail("unreadable", f"permission denied: {name}") from None
    except OSError as error:
        if error.errno == errno.ELOOP:  # a link to a link ... back to the first
            message = f"{name} is a link in a loop of links: it never leads to a file"
            hint = "point the link at the log, or remove the link"
            raise LogError([Problem("unreadable", message, "io", name, hints=(hint,))]) from None
        raise fail("unreadable", f"cannot read {name}: {error.strerror}") from None
    if stat.S_ISDIR(info.st_mode):
        raise fail("is_a_directory", f"{name} is a folder, not a game log")
    if not stat.S_ISREG(info.st_mode):
        raise fail("not_a_file", f"{name} is not a regular file (a pipe, socket or device)")
    if info.st_size > MAX_LOG_BYTES:
        raise fail(
            "too_large",
            f"{name} is {info.st_size:,} bytes; a game log is at most {MAX_LOG_BYTES:,}",
        )
    try:
        # Without blocking: if a pipe took the file's place since the stat, opening it must
        # not wait for a writer; what was opened is checked again.
        with open(name, "rb", opener=_open_nonblocking) as handle:
            opened = os.fstat(handle.fileno())
            if not stat.S_ISREG(opened.st_mode):
                raise fail("not_a_file", f"{name} is not a regular file (a pipe, socket or device)")
            # Ask for the size the file has (asking for the limit allocates 8 MB each time),
            # and read on, up to the limit, if it grew since.
            data = handle.read(min(opened.st_size, MAX_LOG_BYTES) + 1)
            if len(data) > opened.st_size:
                data += handle.read(MAX_LOG_BYTES + 1 - len(data))
    except LogError:
        raise
    except PermissionError:
        raise fail("unreadable", f"permission denied: {name}") from None
    except OSError as error:
        raise fail("unreadable", f"cannot read {name}: {error.strerror}") from None
    if len(data) > MAX_LOG_BYTES:
        raise fail("too_large", f"{name} is larger than {MAX_LOG_BYTES:,} bytes")
    return data


# --------------------------------------------------------------------------- writing


def _io_error(path: str, code: str, message: str, *hints: str) -> LogError:
    return LogError([Problem(code, message, "io", path, hints=hints)])


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
        import tempfile

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


# --------------------------------------------------------------------------- new files


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def write_output(
    path: str,
    text: str | bytes,
    *,
    force: bool = False,
    refusal: str = "nothing was written (--force replaces it)",
    mode: int | None = None,
) -> None:
    """Write ``text`` (UTF-8, or bytes as they are) to ``path`` atomically; an existing file is
    replaced only with ``force``, else refused with ``refusal`` after ``PATH already exists;``.
    ``mode`` sets the new file's permissions (a private key's 0600) [0666 less the umask]."""
    import tempfile

    if os.path.isdir(path):
        raise _io_error(
            path,
            "is_a_directory",
            f"{path} is a folder; name a file to write",
            "give the path of a new file (a folder is never replaced), in that folder or another",
        )
    exists = os.path.lexists(path)
    if exists and not force:
        raise _io_error(path, "exists", f"{path} already exists; {refusal}")
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise _io_error(
            path, "no_folder", f"cannot write {path}: the folder {folder} does not exist"
        )
    explicit = mode is not None
    mode = mode if mode is not None else 0o666 & ~_umask()
    if exists and not explicit:
        with contextlib.suppress(OSError):
            mode = stat.S_IMODE(os.stat(path).st_mode)
    try:
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=".forex-out.", suffix=".tmp")
    except OSError as error:
        reason = "the disk is full" if error.errno == errno.ENOSPC else error.strerror
        raise _io_error(path, "write_failed", f"cannot write in {folder}: {reason}") from None
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(text if isinstance(text, bytes) else text.encode("utf-8"))
            out.flush()
            os.fsync(out.fileno())
        os.chmod(tmp, mode)
        if force:
            os.replace(tmp, path)
        else:
            try:
                os.link(tmp, path)
            except FileExistsError:
                raise _io_error(
                    path,
                    "exists",
                    f"{path} already exists; {refusal}",
                ) from None
            except OSError as error:
                if error.errno not in (errno.EPERM, errno.ENOTSUP, errno.EXDEV, errno.EMLINK):
                    raise
                # No hard links here: create the name exclusively, then rename over it.
                exclusive = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode)
                os.close(exclusive)
                os.replace(tmp, path)
    except FileExistsError:
        raise _io_error(path, "exists", f"{path} already exists; {refusal}") from None
    except OSError as error:
        reason = "the disk is full" if error.errno == errno.ENOSPC else error.strerror
        raise _io_error(path, "write_failed", f"cannot write {path}: {reason}") from None
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
