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
    """``json.dumps(value, sort_keys=True, separators=(",", ":"))`` as UTF-8 bytes, a
    msgspec ``Struct`` in ``value`` written as ``msgspec.to_builtins`` gives it (its fields
    as a dict's keys, those at their default left out where it says ``omit_defaults``).

    msgspec writes it several times faster; its text is taken only where it is surely the
    same (``_MARKS``: ASCII with no escape, no float: no digit before ``.`` or ``e``,
    for the two write some floats apart, ``1e20`` against ``1e+20``, ``0.00006`` against
    ``6e-05``), and keys that are all text (others make msgspec refuse); json writes
    anything else (a view's numbers are whole: the rules' arithmetic is exact).
    """
    encode, _ = _msgspec()
    try:
        fast: bytes | None = encode(value)
    except (TypeError, ValueError, OverflowError):
        fast = None
    if fast is not None:
        marked = fast.translate(_MARKS)  # surely the same (``_MARKS``)
        if marked.find(b"0e") < 0 and marked.find(b"\0") < 0:
            return fast
    return _dumped(value)


def _dumped(value: Any) -> bytes:
    """``canonical_json`` written by ``json.dumps``."""
    import json

    from msgspec import to_builtins

    text = json.dumps(value, sort_keys=True, separators=(",", ":"), default=to_builtins)
    return text.encode("utf-8")


def hole() -> Any:
    """What stands in a value given to ``canonical_json_filled`` where its written items go."""
    return _msgspec()[1]


def canonical_json_around(value: dict[str, Any], key: str, items: Sequence[bytes]) -> bytes:
    """``canonical_json`` of ``value`` with ``value[key]`` a list whose items' canonical JSON
    are ``items``, already written: so that a part shared by many values (a player of many
    states) is written once.  ``value``'s keys are text (``key`` not among them)."""
    whole = dict(value)
    whole[key] = hole()
    return canonical_json_filled(whole, key, items)


def canonical_json_filled(value: Any, key: str, items: Sequence[bytes]) -> bytes:
    """``canonical_json_around`` of ``value`` made with ``value[key]`` already ``hole()``
    (no copy of ``value``); ``value``'s keys are text.  ``value`` may be a msgspec
    ``Struct`` instead of a dict, its fields for the keys (as ``canonical_json`` writes it)."""
    encode, _ = _msgspec()
    try:
        fast: bytes | None = encode(value)
    except (TypeError, ValueError, OverflowError):
        fast = None
    # Only the text written here is checked: the items were when they were written.  Four
    # quotes in a row are in no JSON without a backslash: they are where the items go.
    if fast is not None:
        marked = fast.translate(_MARKS)  # surely the same (``_MARKS``)
        if marked.find(b"0e") < 0 and marked.find(b"\0") < 0:
            return fast.replace(_HOLE_JSON, b"[" + b",".join(items) + b"]", 1)
    if not isinstance(value, dict):
        from msgspec.structs import asdict

        value = asdict(value)
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


_HOLE_JSON = b'""""'
"""What ``canonical_json_around`` has msgspec write first where its items go."""
_UNSURE = bytes(range(0x80, 0x100)) + b"\\\x7f"
"""Bytes that are not ASCII, a backslash (an escape) and DEL."""
_MARKS = bytes.maketrans(b"123456789.E" + _UNSURE, b"000000000ee" + bytes(len(_UNSURE)))
"""Every digit as ``0``, ``.`` and ``E`` as ``e`` (a digit before ``.``, ``e`` or ``E`` is
then ``0e``), and NUL for every byte that is not ASCII, a backslash (an escape) or DEL:
msgspec writes no NUL of its own (it escapes every control character).

msgspec's text is surely json.dumps's when its translation by ``_MARKS``
has neither ``0e`` nor NUL: ASCII with neither an escape nor DEL (msgspec escapes every other
control character, json.dumps DEL too), and no digit before ``.``, ``e`` or ``E`` (no float).
Written out where it is used (``find``, not ``in``: ``in`` tries the needle as a number first,
an exception each time)."""


@cache
def _msgspec() -> tuple[Any, Any]:
    """msgspec's encoder (keys sorted) and ``_HOLE_JSON`` as its raw text (imported when
    first used: not every game's commands need msgspec)."""
    import msgspec

    return msgspec.json.Encoder(order="sorted").encode, msgspec.Raw(_HOLE_JSON)
