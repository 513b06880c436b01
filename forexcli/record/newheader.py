"""What the frame writes into the header a game's ``new_log`` gives (``forex new``), the same
for every game (``record.schemaparts``): the players' ``contacts:`` (``--contact``),
``signatures: required`` (``--require-signatures``) and their public ``keys:``
(``--key-for``), in that order just before the header's ``moves:``."""

from __future__ import annotations

import re
from collections.abc import Mapping

from .entrytext import quote
from .signedtext import key_lines


def with_set_up(
    text: str, *, contacts: Mapping[str, str], keys: Mapping[str, str], required: bool
) -> str:
    """A new log's ``text`` with ``contacts``, ``signatures: required`` (when ``required``)
    and ``keys`` in blocks before its ``moves:`` (at the end when it has none)."""
    nl = "\r\n" if "\r\n" in text else "\n"
    block = ""
    if contacts:
        block += "contacts:" + nl
        block += "".join(f"  {quote(name)}: {quote(value)}{nl}" for name, value in contacts.items())
    if required:
        block += "signatures: required" + nl
    if keys:
        block += (
            "keys:" + nl + "".join(key_lines(name, line, "  ", nl) for name, line in keys.items())
        )
    if not block:
        return text
    moves = re.search(r"^moves[ \t]*:", text, re.M)
    if moves is None:
        return text + ("" if not text or text.endswith("\n") else nl) + block
    return text[: moves.start()] + block + text[moves.start() :]
