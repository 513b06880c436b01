"""The source of ``schemas/forex-log.schema.json``.

The decision patterns come from ``notation`` so that the schema and the
parser cannot drift; ``python -m forexcli.games.forex.schema_source`` prints the schema
and a test checks that the committed file is exactly that output.

Every ``pattern`` is written in the common part of Python's ``re`` and of
ECMA-262 regular expressions in Unicode mode (the dialect JSON Schema names,
used by check-jsonschema and by editors), and means the same in both: no
``\\s`` (the two dialects' white space differs), no escapes ECMA-262 refuses
(``\\'``, ``\\"``), and every pattern ends with ``END`` rather than a bare
``$``, which in Python also matches before a final line break.
"""

from __future__ import annotations

import json
from typing import Any

from ...record.schemaparts import (
    contact_addresses,
    engine_seats,
    game_id,
    signatures,
    signatures_setting,
    signing_keys,
)
from .notation import END, KINDS, SCHEMA_PATTERNS
from .rules import CURRENCIES, HouseRules

SCHEMA_ID_PREFIX = "urn:forexcli:schema:"
"""The schemas' ``$id`` is a name, not an address (the project has no public home to fetch
them from yet): ``urn:forexcli:schema:NAME:VERSION``, as World Exchangers' schemas are named."""

LOG_SCHEMA_ID = SCHEMA_ID_PREFIX + "forex-log:1"
"""The log schema's ``$id``."""
FORMAT_VERSION = 1
GAME_NAME = "for-ex"
"""The header's ``game:`` value of a For-Ex log (and the name of a log without one)."""
RESERVED_ENTRY_KEYS = ("note", "digest", "sig")

HOUSE_RULE_DESCRIPTIONS = {
    "rounding": (
        "How the final money is converted into the scoring currency: `each` (default)"
        " converts each currency separately and rounds each down; `total` adds the exact"
        " converted amounts and rounds the total down once."
    ),
    "merged_loan": (
        "Where a loan that absorbs a new debt goes: `keep` (default) leaves it in its place"
        " in the queue; `back` moves it to the back."
    ),
}

CONTROL_CHARACTERS = "\\x00-\\x1f\\x7f"
"""The control characters no name holds: U+0000 to U+001F and U+007F, as a class range."""

NAME_FORBIDDEN = ";:#,"
"""Characters no name holds: they separate the parts of the notation and of YAML."""

NAME_SPACES = " \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000"
"""The white space a name neither starts nor ends with, besides control characters: what
Python calls white space (``str.isspace``), written out because ECMA-262's ``\\s`` differs."""

NAME_BAD_STARTS = "[]{}&*!|>'\"%@`"
"""Characters a name does not start with: each means something else at the start of a YAML
value."""

_NAME_BAD_STARTS_CLASS = NAME_BAD_STARTS.replace("[", "\\[").replace("]", "\\]")

PLAYER_NAME_PATTERN = (
    f"^[^{NAME_SPACES}{CONTROL_CHARACTERS}{NAME_FORBIDDEN}{_NAME_BAD_STARTS_CLASS}]"
    f"([^{CONTROL_CHARACTERS}{NAME_FORBIDDEN}]{{0,30}}"
    f"[^{NAME_SPACES}{CONTROL_CHARACTERS}{NAME_FORBIDDEN}])?{END}"
)
"""A player's name: 1 to 32 characters, none a control character or one of ``; : # ,``, not
starting or ending with white space, not starting with one of ``NAME_BAD_STARTS``."""

NAME_RULE = (
    "a player's name has 1 to 32 characters, no control characters and none of ; : # , ;"
    " it does not start or end with a space, does not start with any of "
    + " ".join(NAME_BAD_STARTS)
    + " (they mean something else in YAML), is not `note`, `digest` or `sig`, and differs from"
    " the other players' names by more than letter case, spaces or Unicode forms"
)
"""The whole rule for player names, as messages, the README and docs/format.md state it."""


def _decision() -> dict[str, Any]:
    kinds = "|".join(KINDS)
    conditions = [
        {
            "if": {"pattern": f"^{kind}( |{END})"},
            "then": {"pattern": SCHEMA_PATTERNS[kind], "description": f"a `{kind}` decision"},
        }
        for kind in KINDS
    ]
    return {
        "description": (
            "One decision in the log's notation: `invest USD JPY`, `contract 6 USD for 12 JPY`"
            " (pay 6 USD, receive 12 JPY), `divest 2 USD`, `resolve`, `spot 1 USD to bob for"
            " 2 JPY; ACTION`, `sell 1 USD` (answer to a divest; `sell 0 USD` declines),"
            " `strengthen EUR` (dividend tie), `strongest GBP` (final tie)."
        ),
        "type": "string",
        "pattern": f"^({kinds})( |{END})",
        "allOf": conditions,
    }


def _entry() -> dict[str, Any]:
    return {
        "description": (
            "One entry: the deciding player's name as the key and the decision as its value,"
            " with an optional note, digest and signatures."
        ),
        "type": "object",
        "properties": {
            "note": {
                "description": "A comment on this decision, for annotators; any text.",
                "type": "string",
                "maxLength": 20000,
            },
            "digest": {
                "description": (
                    "Written by `forex play`: the first 16 hex digits of the SHA-256 of the"
                    " game state after this entry. Checked when present; never needed."
                ),
                "type": "string",
                "pattern": f"^[0-9a-f]{{16}}{END}",
            },
            "sig": signatures(PLAYER_NAME_PATTERN, SIGNERS),
        },
        "propertyNames": {
            "description": "A player's name, or `note`, `digest` or `sig`.",
            "pattern": PLAYER_NAME_PATTERN,
        },
        "additionalProperties": {"$ref": "#/$defs/decision"},
        "minProperties": 1,
        "allOf": _one_player(),
    }


def _one_player() -> list[dict[str, Any]]:
    """An entry holds one player's key beside its optional reserved keys.

    A tree of ``if``/``then``/``else``, one level a reserved key, whose leaves
    give the entry's size for each set of them present: a validator looks up
    three keys for an entry (eight conditions of two or three keys each cost
    several times as much, and the errors are the same).
    """
    return [_entry_size(RESERVED_ENTRY_KEYS, 1)]


def _entry_size(reserved: tuple[str, ...], size: int) -> dict[str, Any]:
    """The size rule for an entry with ``size - 1`` of the reserved keys before ``reserved``."""
    if not reserved:
        # (With no reserved key, the entry's minProperties says the rest.)
        return {"maxProperties": size, "minProperties": size} if size > 1 else {"maxProperties": 1}
    key, rest = reserved[0], reserved[1:]
    return {
        "if": {"required": [key]},
        "then": _entry_size(rest, size + 1),
        "else": _entry_size(rest, size),
    }


SIGNERS = "the deciding player, and a spot transaction's partner who countersigns"
"""Who signs a For-Ex entry (``sig:``)."""

SIGNATURES_REQUIRED = (
    "`required`: every move is signed and every spot deal countersigned by its partner (the"
    " agreement) before another move follows it; `forex validate` then reports an unsigned"
    " move or an unagreed deal as an error, and `forex play` and `forex read` refuse to go on"
    " past one."
)
"""What ``signatures: required`` asks of a For-Ex log."""

ENGINE_ANSWERS = "the engine answers the spot transactions offered to its seats"
"""What the engine does for its seats besides their turns."""


def open_offer() -> dict[str, Any]:
    """The header's ``offer:``: a spot the engine offered a person, not agreed yet."""
    return {
        "description": (
            "A spot transaction an engine seat offered a person, with the action after it,"
            " which the person has not answered yet (`forex play FILE NAME accept` appends it"
            " as a move; `decline` drops it and the engine chooses again). Not a move: the"
            " moves replay to the position before it."
        ),
        "type": "object",
        "additionalProperties": False,
        "required": ["player", "decision"],
        "properties": {
            "player": {"description": "The engine seat that decides.", "$ref": "#/$defs/player"},
            "decision": {
                "description": "The whole entry offered, as `forex play` takes it.",
                "type": "string",
                "maxLength": 500,
            },
            "declined": {
                "description": "The entries the person declined this turn, not offered again.",
                "type": "array",
                "items": {"type": "string", "maxLength": 500},
            },
        },
    }


def signed_declines() -> dict[str, Any]:
    """The header's ``declined:``: in a signed game, the engine seat's offers a person
    declined at its decision, not offered again."""
    return {
        "description": (
            "In a signed game, the spot deals an engine seat offered a person (each its signed"
            " move, awaiting the person's countersignature) that the person declined"
            " (`forex play FILE NAME decline`: the move is taken out), at the seat's decision"
            " after move `after`; the seat does not offer them again there."
        ),
        "type": "object",
        "additionalProperties": False,
        "required": ["player", "after", "entries"],
        "properties": {
            "player": {"description": "The engine seat that offered.", "$ref": "#/$defs/player"},
            "after": {
                "description": "The move after which the seat decides.",
                "type": "integer",
                "minimum": 0,
            },
            "entries": {
                "description": "The entries the person declined, not offered again.",
                "type": "array",
                "items": {"type": "string", "maxLength": 500},
            },
            "sig": {
                "description": (
                    "The person's signature on the decline, by name (`forex play FILE NAME"
                    " decline --sign --key FILE`): the host of a game by mail takes a decline"
                    " its person signed."
                ),
                "type": "object",
                "minProperties": 1,
                "maxProperties": 1,
                "additionalProperties": {"type": "string", "maxLength": 200},
            },
        },
    }


def log_schema() -> dict[str, Any]:
    """The JSON Schema (Draft 2020-12) of a game log."""
    removed_props = {
        code: {
            "description": f"How many {code} certificates were removed at set-up.",
            "type": "integer",
            "minimum": 0,
            "maximum": 6,
        }
        for code in CURRENCIES
    }
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": LOG_SCHEMA_ID,
        "title": "For-Ex game log (forexcli format 1)",
        "description": (
            "A game of For-Ex: who plays, how it was set up, and every decision in order."
            " Everything else (money, board, queue, scores) is derived by replaying it."
        ),
        "type": "object",
        "required": ["forex", "players"],
        "additionalProperties": False,
        "anyOf": [{"required": ["removed"]}, {"required": ["seed"]}],
        "dependentSchemas": {"removed": {"not": {"required": ["seed"]}}},
        "properties": {
            "game": {
                "description": (
                    "The game this log holds; optional, since a log without it is For-Ex."
                ),
                "const": GAME_NAME,
            },
            "forex": {
                "description": "The version of this log format; always 1.",
                "const": FORMAT_VERSION,
            },
            "id": game_id(),
            "title": {
                "description": (
                    "A name for the game, used in messages and reports (`forex import`"
                    " writes `Board Game Arena table N` unless given `--title`)."
                ),
                "type": "string",
                "maxLength": 200,
            },
            "site": {
                "description": (
                    "Where the game is played: a club, a forum thread, a mailing list"
                    " (`forex import` writes `Board Game Arena, table N`)."
                ),
                "type": "string",
                "maxLength": 500,
            },
            "started": {
                "description": (
                    "When the game started, as written (for example 2026-11-30; `forex"
                    " import` writes the time of the table log's first packet, in UTC:"
                    " 2025-11-25 16:17:44 UTC)."
                ),
                "type": "string",
                "maxLength": 100,
            },
            "finished": {
                "description": "When the game finished, as written.",
                "type": "string",
                "maxLength": 100,
            },
            "contacts": contact_addresses(PLAYER_NAME_PATTERN),
            "players": {
                "description": "The players' names in seat order (play passes to the next seat).",
                "type": "array",
                "minItems": 2,
                "maxItems": 6,
                "uniqueItems": True,
                "items": {"$ref": "#/$defs/player"},
            },
            "first": {
                "description": "Who takes the first turn; the first player listed if absent.",
                "$ref": "#/$defs/player",
            },
            "removed": {
                "description": (
                    "The 6 certificates removed at set-up, as a count per currency"
                    " (currencies left out count 0), or `unknown` for a game recorded"
                    " without them (the replay then lets the supply hold all 8 of each"
                    " currency). Give this or `seed`."
                ),
                "anyOf": [
                    {
                        "type": "object",
                        "additionalProperties": False,
                        "properties": removed_props,
                    },
                    {"const": "unknown"},
                ],
            },
            "seed": {
                "description": (
                    "Draw the 6 removed certificates from this seed (forexcli's documented,"
                    " deterministic draw). Give this or `removed`."
                ),
                "type": ["string", "integer"],
                "maxLength": 200,
            },
            "house_rules": {
                "description": (
                    "Table rules where the rule texts are ambiguous; see docs/rules.md."
                    " Rules left out take their defaults."
                ),
                "type": "object",
                "additionalProperties": False,
                "properties": {
                    option: {
                        "description": HOUSE_RULE_DESCRIPTIONS[option],
                        "enum": list(choices),
                    }
                    for option, choices in HouseRules.OPTIONS.items()
                },
            },
            "keys": signing_keys(PLAYER_NAME_PATTERN),
            "signatures": signatures_setting(SIGNATURES_REQUIRED),
            "engines": engine_seats(PLAYER_NAME_PATTERN, ENGINE_ANSWERS),
            "offer": open_offer(),
            "declined": signed_declines(),
            "moves": {
                "description": (
                    "The decisions in the order they were taken; left out, empty or `[]`"
                    " before the first."
                ),
                "type": ["array", "null"],
                "items": {"$ref": "#/$defs/entry"},
            },
        },
        "$defs": {
            "player": {
                "description": (
                    "A player's name: 1 to 32 characters, no control characters and none of"
                    " ; : # , ; not starting or ending with a space, not starting with any of "
                    + " ".join(NAME_BAD_STARTS)
                    + " ; not `note`, `digest` or `sig`."
                ),
                "type": "string",
                "pattern": PLAYER_NAME_PATTERN,
                "not": {"enum": list(RESERVED_ENTRY_KEYS)},
            },
            "entry": _entry(),
            "decision": _decision(),
        },
    }


def render() -> str:
    """The schema as the committed file holds it."""
    return json.dumps(log_schema(), indent=2, ensure_ascii=False) + "\n"


if __name__ == "__main__":
    print(render(), end="")
