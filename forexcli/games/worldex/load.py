"""Reading a World Exchangers components file (I/O and schema checking, outside the core).

``read_components`` reads the JSON file, checks its SHA-256 when one is
given (a log names the file and its digest), checks it against the JSON
Schema (``schema_source.components_schema``), then builds ``Components``
with the core's own checks.  Every problem is a ``ComponentsFileError`` with
a stable code and a reason.
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
from functools import lru_cache
from pathlib import Path
from typing import Any, Optional

from msgspec import Struct

from ...record.fastpath import END, Validator
from .rules import Components, ComponentsError, components_from_data
from .schema_source import components_schema, published

EXAMPLE_COMPONENTS = Path(__file__).parent / "data" / "invented-components.json"
"""The invented example components shipped for examples and tests (not the published cards)."""
SHIPPED_NAME = EXAMPLE_COMPONENTS.name
"""The components file a log made by ``forex new`` without ``--components`` names: no path of
the machine that made it (a file of that name beside the log is read; where none is, the
log's SHA-256 of the shipped components reads those: ``read_components``)."""
MAX_COMPONENTS_BYTES = 1024 * 1024

CODES = (
    "components_unreadable",
    "components_json",
    "components_schema",
    "components_digest",
    "bad_components",
)
"""Every code ``read_components`` and ``check_components`` can raise."""


class ComponentsFileError(Exception):
    """A components file that cannot be used: ``code`` is stable, ``reason`` says why,
    ``hints`` what to do (for a schema problem, worded as a log's)."""

    def __init__(self, code: str, reason: str, hints: tuple[str, ...] = ()) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason
        self.hints = hints


class LoadedComponents(Struct, frozen=True):
    """A components file read and checked: its data, its components and its SHA-256."""

    data: dict[str, Any]
    components: Components
    sha256: str


@lru_cache(maxsize=1)
def _validator() -> Any:
    from jsonschema import Draft202012Validator

    return Draft202012Validator(components_schema())


_FAST_CHECK = Validator(lambda: published("worldex-components.schema.json"), END)
"""The compiled check of the components schema (``record.fastpath``): it only ever accepts,
and jsonschema (slower to import and to run) words the problems of data it does not accept."""


def check_components(data: Any) -> Components:
    """Schema-check decoded components data and build ``Components``."""
    errors = [] if _FAST_CHECK.surely_valid(data) else _schema_errors(data)
    if errors:
        from ...record.schemawords import describe, worded

        first = errors[0]
        path = tuple(first.absolute_path)
        reason, hints = worded(first, describe(path) if path else "the components file")
        hints = hints or (
            "forex schema components --game world-exchangers prints the components file's"
            " JSON Schema; docs/worldex-rules.md tells what each key holds",
        )
        raise ComponentsFileError("components_schema", reason, hints)
    try:
        return components_from_data(data)
    except ComponentsError as error:
        raise ComponentsFileError(error.code, error.reason) from None


def _schema_errors(data: Any) -> list[Any]:
    """jsonschema's errors of ``data`` under the components schema, in the order of their
    places."""
    return sorted(_validator().iter_errors(data), key=lambda e: list(e.absolute_path))


def digest(content: bytes) -> str:
    """The SHA-256 (hex) a log gives for a components file."""
    return hashlib.sha256(content).hexdigest()


def read_components(path: str | os.PathLike[str], sha256: Optional[str] = None) -> LoadedComponents:
    """Read, digest-check, schema-check and build a components file; a path that reaches
    no file, given the SHA-256 of the shipped invented components, reads those.

    A file is read and checked once per process: again only when its path, size,
    modification time or inode differ (``_read_checked``); the same content at another
    path is checked once too (``_checked``, by its SHA-256).
    """
    name = os.fspath(path)
    try:
        status = os.stat(path)
    except OSError as error:
        if sha256 is not None and sha256.lower() == _example_digest():
            # The shipped invented components, named at a path that does not reach them
            # here (a copy saved from a mail in another folder): the digest says they are.
            return read_components(EXAMPLE_COMPONENTS, sha256)
        raise ComponentsFileError(
            "components_unreadable", f"{name}: {error.strerror or error}"
        ) from None
    if not stat.S_ISREG(status.st_mode):
        raise ComponentsFileError("components_unreadable", _NOT_A_FILE.format(name))
    loaded = _read_checked(name, status.st_size, status.st_mtime_ns, status.st_ino, status.st_dev)
    if sha256 is not None and loaded.sha256 != sha256.lower():
        raise ComponentsFileError(
            "components_digest",
            f"{name}: its SHA-256 is {loaded.sha256}, the log expects {sha256}",
        )
    return loaded


@lru_cache(maxsize=1)
def _example_digest() -> str:
    """The SHA-256 of the shipped invented components (``EXAMPLE_COMPONENTS``)."""
    return digest(EXAMPLE_COMPONENTS.read_bytes())


_NOT_A_FILE = "{} is not a regular file (a pipe, socket or device)"
"""A components path that reaches no file to read (a FIFO or ``/dev/tty`` would wait for a
writer, ``/dev/zero`` never ends): refused before it is opened, and again once opened."""


def _open_nonblocking(path: str, flags: int) -> int:
    """``os.open`` that does not wait for a writer when ``path`` is a pipe."""
    return os.open(path, flags | os.O_NONBLOCK)


@lru_cache(maxsize=64)
def _read_checked(path: str, size: int, mtime_ns: int, inode: int, device: int) -> LoadedComponents:
    """The components file at ``path`` (as it is at that size, time, inode and device),
    checked.

    A refused file raises each time it is asked for (exceptions are not cached).
    """
    try:
        # Without blocking: a pipe that took the file's place since the stat must not make
        # the command wait for a writer; what was opened is checked again.
        with open(path, "rb", opener=_open_nonblocking) as handle:
            if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
                raise ComponentsFileError("components_unreadable", _NOT_A_FILE.format(path))
            content = handle.read(MAX_COMPONENTS_BYTES + 1)
    except OSError as error:
        raise ComponentsFileError(
            "components_unreadable", f"{path}: {error.strerror or error}"
        ) from None
    if len(content) > MAX_COMPONENTS_BYTES:
        raise ComponentsFileError("components_unreadable", f"{path}: larger than 1 MiB")
    return _checked(content, digest(content), path)


_BY_DIGEST: dict[str, LoadedComponents] = {}
"""Every components file checked in this process, by its SHA-256."""


def _checked(content: bytes, found: str, name: str) -> LoadedComponents:
    """``content`` decoded and checked (once per SHA-256)."""
    known = _BY_DIGEST.get(found)
    if known is not None:
        return known
    try:
        data = json.loads(content.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise ComponentsFileError("components_json", f"{name}: not JSON: {error}") from None
    loaded = LoadedComponents(data, check_components(data), found)
    _BY_DIGEST[found] = loaded
    return loaded
