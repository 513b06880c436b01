"""Writing an output file (an SVG picture) atomically, never replacing one unasked.

``write_output(path, text, force=False)`` writes ``text`` to a temporary file
in the folder of ``path``, syncs it, and then either hard-links it to
``path`` (which fails if the name exists, like ``O_EXCL``) or, with
``force``, renames it over ``path``.  A reader sees no file, the old file or
the new one, never a part of one; on any failure the temporary file is
removed and ``path`` is untouched.  Problems are raised as ``LogError`` with
layer ``io`` (exit status 2).
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import tempfile

from ..record.problems import LogError, Problem


def _fail(path: str, code: str, message: str) -> LogError:
    return LogError([Problem(code, message, "io", path)])


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
    if os.path.isdir(path):
        raise _fail(path, "is_a_directory", f"{path} is a folder; name a file to write")
    exists = os.path.lexists(path)
    if exists and not force:
        raise _fail(path, "exists", f"{path} already exists; {refusal}")
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise _fail(path, "no_folder", f"cannot write {path}: the folder {folder} does not exist")
    explicit = mode is not None
    mode = mode if mode is not None else 0o666 & ~_umask()
    if exists and not explicit:
        with contextlib.suppress(OSError):
            mode = stat.S_IMODE(os.stat(path).st_mode)
    try:
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=".forex-out.", suffix=".tmp")
    except OSError as error:
        reason = "the disk is full" if error.errno == errno.ENOSPC else error.strerror
        raise _fail(path, "write_failed", f"cannot write in {folder}: {reason}") from None
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
                raise _fail(
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
        raise _fail(path, "exists", f"{path} already exists; {refusal}") from None
    except OSError as error:
        reason = "the disk is full" if error.errno == errno.ENOSPC else error.strerror
        raise _fail(path, "write_failed", f"cannot write {path}: {reason}") from None
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
