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
from functools import lru_cache
from pathlib import Path
from typing import Any, Optional

from msgspec import Struct

from .engine import Components, ComponentsError, components_from_data
from .schema_source import components_schema

EXAMPLE_COMPONENTS = Path(__file__).parent / "data" / "invented-components.json"
"""The invented example components shipped for examples and tests (not the published cards)."""
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
    """A components file that cannot be used: ``code`` is stable, ``reason`` says why."""

    def __init__(self, code: str, reason: str) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason


class LoadedComponents(Struct, frozen=True):
    """A components file read and checked: its data, its components and its SHA-256."""

    data: dict[str, Any]
    components: Components
    sha256: str


@lru_cache(maxsize=1)
def _validator() -> Any:
    from jsonschema import Draft202012Validator

    return Draft202012Validator(components_schema())


def check_components(data: Any) -> Components:
    """Schema-check decoded components data and build ``Components``."""
    errors = sorted(_validator().iter_errors(data), key=lambda e: list(e.absolute_path))
    if errors:
        first = errors[0]
        where = "/".join(str(part) for part in first.absolute_path) or "(top)"
        raise ComponentsFileError("components_schema", f"{where}: {first.message}")
    try:
        return components_from_data(data)
    except ComponentsError as error:
        raise ComponentsFileError(error.code, error.reason) from None


def digest(content: bytes) -> str:
    """The SHA-256 (hex) a log gives for a components file."""
    return hashlib.sha256(content).hexdigest()


def read_components(path: str | os.PathLike[str], sha256: Optional[str] = None) -> LoadedComponents:
    """Read, digest-check, schema-check and build a components file."""
    name = os.fspath(path)
    try:
        with open(path, "rb") as handle:
            content = handle.read(MAX_COMPONENTS_BYTES + 1)
    except OSError as error:
        raise ComponentsFileError(
            "components_unreadable", f"{name}: {error.strerror or error}"
        ) from None
    if len(content) > MAX_COMPONENTS_BYTES:
        raise ComponentsFileError("components_unreadable", f"{name}: larger than 1 MiB")
    found = digest(content)
    if sha256 is not None and found != sha256.lower():
        raise ComponentsFileError(
            "components_digest", f"{name}: its SHA-256 is {found}, the log expects {sha256}"
        )
    try:
        data = json.loads(content.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise ComponentsFileError("components_json", f"{name}: not JSON: {error}") from None
    return LoadedComponents(data, check_components(data), found)
