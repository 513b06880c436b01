"""A state's digest: the canonical JSON of its view (``json.dumps`` with sorted keys and no
spaces, written by msgspec where surely the same) and the first 16 hex digits of its SHA-256.

Imports nothing of the package (``games.defaults`` gives every game ``digest`` from here).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any


def view_digest(view: Any) -> str:
    """16 hex digits of the SHA-256 of ``canonical_json(view)``: a state's digest."""
    import hashlib

    return hashlib.sha256(canonical_json(view)).hexdigest()[:16]


def canonical_json(value: Any) -> bytes:
    """``json.dumps(value, sort_keys=True, separators=(",", ":"))`` as UTF-8 bytes.

    msgspec writes it several times faster; its text is taken only where it is surely the
    same (``_surely_same``: printable ASCII with no escape, no float: no digit before ``.``
    or ``e``, for the two write some floats apart, ``1e20`` against ``1e+20``, ``0.00006``
    against ``6e-05``), and keys that are all text (others make msgspec refuse); json writes
    anything else (a view's numbers are whole: the rules' arithmetic is exact).
    """
    encode, surely_same = _fast_json()
    try:
        fast: bytes | None = encode(value)
    except (TypeError, ValueError, OverflowError):
        fast = None
    if fast is not None and surely_same(fast):
        return fast
    import json

    return json.dumps(value, sort_keys=True, separators=(",", ":")).encode("utf-8")


def canonical_json_around(value: dict[str, Any], key: str, items: Sequence[bytes]) -> bytes:
    """``canonical_json`` of ``value`` with ``value[key]`` a list whose items' canonical JSON
    are ``items``, already written: so that a part shared by many values (a player of many
    states) is written once.  ``value``'s keys are text (``key`` not among them)."""
    before: dict[str, Any] = {}
    after: dict[str, Any] = {}
    for name, item in value.items():
        if name < key:
            before[name] = item
        elif name != key:
            after[name] = item
    head = canonical_json(before)[:-1] if before else b"{"
    tail = canonical_json(after)[1:] if after else b"}"
    return b"".join(
        (
            head,
            b"," if before else b"",
            _key_json(key),
            b":[",
            b",".join(items),
            b"]",
            b"," if after else b"",
            tail,
        )
    )


@cache
def _key_json(key: str) -> bytes:
    return canonical_json(key)


_PRINTABLE = bytes(b for b in range(0x20, 0x7F) if b != 0x5C)
"""Printable ASCII without the backslash: the bytes msgspec and json.dumps write alike."""
_FLOAT_MARKS = bytes.maketrans(b"123456789.E", b"000000000ee")
"""Every digit as ``0``, ``.`` and ``E`` as ``e``: a digit before ``.``, ``e`` or ``E`` is
then ``0e``."""


def _surely_same(fast: bytes) -> bool:
    """True if json.dumps writes what msgspec wrote as ``fast``: printable ASCII without a
    backslash, and no digit before ``.``, ``e`` or ``E`` (no float)."""
    if fast.translate(None, _PRINTABLE):
        return False
    return b"0e" not in fast.translate(_FLOAT_MARKS)


@cache
def _fast_json() -> tuple[Any, Any]:
    """msgspec's sorted encoder and ``_surely_same``."""
    import msgspec

    return msgspec.json.Encoder(order="sorted").encode, _surely_same
