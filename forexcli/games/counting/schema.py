"""Counting's log schema: the game's header and entries, with the parts every game's log
shares (``record.schemaparts``: the header's ``id:``, ``contacts:``, ``keys:``,
``signatures:`` and ``engines:``, an entry's ``sig:``), so that ``forex new`` (its game id),
``forex seat``, ``new --engine``, ``--contact``, ``--key-for``, ``key`` and ``sign`` work on
it as on any game's."""

from __future__ import annotations

from typing import Any

from ...record.schemaparts import (
    contact_addresses,
    engine_seats,
    game_id,
    signatures,
    signatures_setting,
    signing_keys,
)

NAME_PATTERN = "^[a-z][a-z0-9_-]{0,19}$"
"""A player's name."""


def log_schema() -> dict[str, Any]:
    """The JSON Schema of a Counting log."""
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "urn:forexcli:schema:counting-log:1",
        "type": "object",
        "required": ["game", "players"],
        "additionalProperties": False,
        "properties": {
            "game": {"const": "counting"},
            "id": game_id(),
            "title": {"type": "string", "maxLength": 200},
            "players": {
                "type": "array",
                "items": {"type": "string", "pattern": NAME_PATTERN},
                "minItems": 2,
                "uniqueItems": True,
            },
            "target": {"type": "integer", "minimum": 1, "maximum": 1000},
            "contacts": contact_addresses(NAME_PATTERN),
            "keys": signing_keys(NAME_PATTERN),
            "signatures": signatures_setting(),
            "engines": engine_seats(NAME_PATTERN),
            "moves": {
                "type": ["array", "null"],
                "items": {
                    "type": "object",
                    "properties": {
                        "note": {"type": "string"},
                        "digest": {"type": "string", "pattern": "^[0-9a-f]{16}$"},
                        "sig": signatures(NAME_PATTERN),
                    },
                    "additionalProperties": {"type": "string"},
                    "minProperties": 1,
                    "maxProperties": 4,
                },
            },
        },
    }
