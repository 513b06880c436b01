"""What the frame writes into the header a game's ``new_log`` gives (``forex new``), the same
for every game (``record.schemaparts``): the game's ``id:`` (``new_game_id``) before its
``players:``, and the players' ``contacts:`` (``--contact``), ``signatures: required``
(``--require-signatures``) and their public ``keys:`` (``--key-for``), in that order just
before the header's ``moves:``."""

from __future__ import annotations

import re
import secrets
from collections.abc import Mapping

from .entrytext import quote
from .schemaparts import GAME_ID_FIELD
from .signedtext import key_lines

GAME_ID_BYTES = 16
"""A game id's random bytes: 128 bits, written as 32 hex digits."""


def new_game_id() -> str:
    """A fresh game id: 128 random bits from ``secrets``, as 32 lowercase hex digits, so
    that no two games ``forex new`` makes share one (nor their signatures)."""
    return secrets.token_hex(GAME_ID_BYTES)


def with_set_up(
    text: str,
    *,
    game_id: str | None,
    contacts: Mapping[str, str],
    keys: Mapping[str, str],
    required: bool,
) -> str:
    """A new log's ``text`` with ``id: GAME_ID`` before its ``players:`` (before the blocks
    when it has none; none when ``game_id`` is None), and ``contacts``, ``signatures:
    required`` (when ``required``) and ``keys`` in blocks before its ``moves:`` (at the end
    when it has none)."""
    nl = "\r\n" if "\r\n" in text else "\n"
    id_line = "" if game_id is None else f"{GAME_ID_FIELD}: {quote(game_id)}{nl}"
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
    players = re.search(r"^players[ \t]*:", text, re.M)
    if players is not None:
        text = text[: players.start()] + id_line + text[players.start() :]
    else:
        block = id_line + block
    moves = re.search(r"^moves[ \t]*:", text, re.M)
    if moves is None:
        return text + ("" if not text or text.endswith("\n") else nl) + block
    return text[: moves.start()] + block + text[moves.start() :]
