"""The JSON Schemas of World Exchangers (Draft 2020-12): the components file, the log (which
``forex validate`` checks every World Exchangers log against) and the show view.  ``render``
writes them as ``schemas/worldex-*.schema.json`` hold them (a test keeps the committed files
equal to these).  Patterns are ECMA-262 compatible (no named groups).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any, cast

from ...record.schemaparts import (
    contact_addresses,
    engine_seats,
    game_id,
    signatures,
    signatures_setting,
    signing_keys,
)
from .notation import NAME_RE, SCHEMA_PATTERNS
from .rules.components import (
    ABILITIES,
    CITY_CARDS,
    COLOURS,
    END_CONDITIONS,
    MID_CONDITIONS,
    MONTHS,
    SALE_AREA,
    STARTING_CITIES,
    STARTING_PER_PLAYER,
    SYMBOL_KEYS,
)
from .rules.decisions import DEALER
from .rules.state import HouseRules
from .show_schema import show_schema as show_schema

END = "$(?!\\n)"
"""The end of the text to Python and ECMA-262 alike (a bare ``$`` also matches before "\n")."""

COMPONENTS_SCHEMA_ID = "urn:forexcli:schema:worldex-components:1"
LOG_SCHEMA_ID = "urn:forexcli:schema:worldex-log:1"
COMPONENTS_FORMAT = "world-exchangers-components"
GAME_NAME = "world-exchangers"
PLAYER_NAME_PATTERN = r"^[^\x00-\x20\x7f:#,;+](?:[^\x00-\x1f\x7f:#,;+]*[^\x00-\x20\x7f:#,;+])?$"
SHA256_PATTERN = "^[0-9a-f]{64}$"


def _cash(step: int = 100, low: int = 0) -> dict[str, Any]:
    return {"type": "integer", "minimum": low, "maximum": 1000, "multipleOf": step}


_MONTH = {"type": "integer", "minimum": 1, "maximum": MONTHS}


def _symbols(description: str) -> dict[str, Any]:
    return {
        "description": description,
        "type": "object",
        "additionalProperties": False,
        "properties": {
            key: {"type": "integer", "minimum": 0 if key == "star" else -9, "maximum": 9}
            for key in SYMBOL_KEYS
        },
    }


def _city(starting: bool) -> dict[str, Any]:
    return {
        "description": ("A starting city card ([S])." if starting else "A city card of the deck."),
        "type": "object",
        "required": ["name", "base", "colour"],
        "additionalProperties": False,
        "oneOf": [{"required": ["sale"]}, {"required": ["prices"]}],
        "properties": {
            "name": {"type": "string", "pattern": f"^{NAME_RE}$", "maxLength": 40},
            "base": {"description": "The base value (the large number).", **_cash(low=100)},
            "colour": {"enum": list(COLOURS)},
            "sale": {"description": "The sale price outside the bonus months.", **_cash()},
            "bonus": {"description": "The bonus sale price (with the up arrow).", **_cash()},
            "prices": {
                "description": "Instead of sale and bonus: the sale price of each month 1..12.",
                "type": "array",
                "items": _cash(),
                "minItems": MONTHS,
                "maxItems": MONTHS,
            },
            "bonus_months": {
                "description": "The months in which the bonus sale price is paid.",
                "type": "array",
                "items": _MONTH,
                "uniqueItems": True,
            },
            "red_month": {
                "description": "The red-marked month (a bonus month): a celebration ring.",
                **_MONTH,
            },
            "symbols": _symbols(
                "Symbols on the card, counted at the end: investment symbols (may be negative),"
                " media + or -, settlement points (purple cards)."
            ),
        },
    }


def _board() -> dict[str, Any]:
    return {
        "description": "One side of the player board.",
        "type": "object",
        "required": ["side", "stops", "between"],
        "additionalProperties": False,
        "properties": {
            "side": {"enum": ["A", "B"]},
            "stops": {
                "description": "Spaces on a month and cash level, gained by stopping on them.",
                "type": "array",
                "items": {
                    "type": "object",
                    "required": ["month", "cash", "symbols"],
                    "additionalProperties": False,
                    "properties": {
                        "month": _MONTH,
                        "cash": _cash(),
                        "symbols": _symbols("The symbols on the space."),
                    },
                },
            },
            "between": {
                "description": (
                    "Spaces between month `after` and the next, gained by a line passing through"
                    " them (or by a celebration ring)."
                ),
                "type": "array",
                "items": {
                    "type": "object",
                    "required": ["after", "cash", "symbols"],
                    "additionalProperties": False,
                    "properties": {
                        "after": {"type": "integer", "minimum": 0, "maximum": MONTHS - 1},
                        "cash": _cash(step=50),
                        "symbols": _symbols("The symbols on the space (no settlement points)."),
                        "crossed_by": {
                            "description": (
                                "Only these lines [cash before, cash after] pass through the"
                                " space; without it, every line whose two ends lie on either"
                                " side of its cash level or on it."
                            ),
                            "type": "array",
                            "items": {
                                "type": "array",
                                "prefixItems": [_cash(), _cash()],
                                "minItems": 2,
                                "maxItems": 2,
                            },
                        },
                    },
                },
            },
        },
    }


def _trend() -> dict[str, Any]:
    return {
        "type": "object",
        "required": ["id", "round", "condition"],
        "additionalProperties": False,
        "properties": {
            "id": {"type": "string", "pattern": "^[a-z0-9][a-z0-9-]*$", "maxLength": 40},
            "round": {"enum": [6, 12]},
            "condition": {"enum": [*MID_CONDITIONS, *END_CONDITIONS]},
            "atom": {"description": "Marked with the atom (first game).", "type": "boolean"},
            "media": {"description": "Mid-year: the media gained.", "type": "integer"},
            "amounts": {"type": "array", "items": _cash(), "minItems": 1, "uniqueItems": True},
            "each": {
                "description": "stopped_on: coins for each amount stopped on.",
                "type": "integer",
            },
            "tiers": {
                "description": "[count, coins] by rising count; the highest reached pays.",
                "type": "array",
                "minItems": 1,
                "items": {
                    "type": "array",
                    "prefixItems": [{"type": "integer", "minimum": 1}, {"type": "integer"}],
                    "minItems": 2,
                    "maxItems": 2,
                },
            },
            "text": {"type": "string", "maxLength": 200},
        },
        "if": {"properties": {"round": {"const": 6}}},
        "then": {"properties": {"condition": {"enum": list(MID_CONDITIONS)}}},
        "else": {
            "properties": {"condition": {"enum": list(END_CONDITIONS)}},
            "if": {"properties": {"condition": {"const": "stopped_on"}}},
            "then": {"required": ["amounts", "each"]},
            "else": {"required": ["tiers"]},
        },
    }


def _components_schema() -> dict[str, Any]:
    """The JSON Schema of a World Exchangers components file."""
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": COMPONENTS_SCHEMA_ID,
        "title": "World Exchangers components (forexcli format 1)",
        "description": (
            "The cards and player boards of one copy of World Exchangers, which the rulebook"
            " does not print: owners fill it in from their copy. See docs/worldex-rules.md."
        ),
        "type": "object",
        "required": ["format", "version", "starting_cities", "cities", "boards", "trends", "roles"],
        "additionalProperties": False,
        "properties": {
            "format": {"const": COMPONENTS_FORMAT},
            "version": {"const": 1},
            "title": {"type": "string", "maxLength": 200},
            "invented": {
                "description": "True for made-up components (examples, tests).",
                "type": "boolean",
            },
            "notice": {"type": "string", "maxLength": 2000},
            "media_max": {
                "description": "The last space of the media influence track (no limit if absent).",
                "type": "integer",
                "minimum": 1,
            },
            "starting_cities": {
                "type": "array",
                "items": _city(True),
                "minItems": STARTING_CITIES,
                "maxItems": STARTING_CITIES,
            },
            "cities": {
                "type": "array",
                "items": _city(False),
                "minItems": CITY_CARDS,
                "maxItems": CITY_CARDS,
            },
            "boards": {"type": "array", "items": _board(), "minItems": 2, "maxItems": 2},
            "trends": {"type": "array", "items": _trend(), "minItems": 2},
            "roles": {
                "type": "array",
                "minItems": 2,
                "items": {
                    "type": "object",
                    "required": ["name", "colour", "side_a", "side_b"],
                    "additionalProperties": False,
                    "properties": {
                        "name": {"type": "string", "pattern": "^[A-Za-z][A-Za-z -]*$"},
                        "colour": {"description": "The media marker's colour.", "type": "string"},
                        "side_a": _symbols("Side A: symbols at the end, or media at set-up."),
                        "side_b": {"enum": list(ABILITIES)},
                    },
                },
            },
        },
    }


def _per_player(value: dict[str, Any], description: str) -> dict[str, Any]:
    return {
        "description": description,
        "type": "object",
        "propertyNames": {"pattern": PLAYER_NAME_PATTERN},
        "additionalProperties": value,
    }


def _log_schema() -> dict[str, Any]:
    """The JSON Schema of a ``game: world-exchangers`` log, its ``$`` as Python reads it."""
    city = {"type": "string", "pattern": f"^{NAME_RE}$"}
    decision = {
        "description": "One entry's decision, in the notation of docs/worldex-rules.md.",
        "type": "string",
        "anyOf": [{"pattern": pattern} for pattern in SCHEMA_PATTERNS.values()],
    }
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": LOG_SCHEMA_ID,
        "title": "World Exchangers game log (forexcli format 1, draft)",
        "description": (
            "A game of World Exchangers: who plays, the components, the set-up, and every"
            " decision and reveal in order. Everything else is derived by replaying it."
        ),
        "type": "object",
        "required": ["game", "worldex", "players", "components"],
        "additionalProperties": False,
        "properties": {
            "game": {"const": GAME_NAME},
            "worldex": {"description": "The version of this log format; always 1.", "const": 1},
            "id": game_id(),
            "title": {"type": "string", "maxLength": 200},
            "site": {"type": "string", "maxLength": 200},
            "started": {"type": "string", "maxLength": 40},
            "players": {
                "type": "array",
                "items": {
                    "type": "string",
                    "pattern": PLAYER_NAME_PATTERN,
                    "not": {"const": DEALER},
                },
                "minItems": 2,
                "maxItems": 4,
                "uniqueItems": True,
            },
            "first": {
                "description": (
                    "The starting player when no role card has the red marker (then required)."
                ),
                "type": "string",
            },
            "boards": _per_player({"enum": ["A", "B"]}, "Each player's board side (default A)."),
            "roles_side": {"description": "The side of all role cards.", "enum": ["A", "B"]},
            "components": {
                "description": "The components file (path relative to the log) and its SHA-256.",
                "type": "object",
                "additionalProperties": False,
                "required": ["file", "sha256"],
                "properties": {
                    "file": {"type": "string", "minLength": 1, "maxLength": 400},
                    "sha256": {"type": "string", "pattern": SHA256_PATTERN},
                },
            },
            "deal": {
                "description": (
                    "`recorded` (default): the set-up is given and every reveal is a `deck:`"
                    " entry. `seed`: the seed deals everything."
                ),
                "enum": ["recorded", "seed"],
            },
            "seed": {"type": "string", "minLength": 1, "maxLength": 200},
            "seed_sha256": {
                "description": "The host's commitment to a secret seed, revealed at the end.",
                "type": "string",
                "pattern": SHA256_PATTERN,
            },
            "atom_trends": {"description": "Seeded deals use atom trend cards.", "type": "boolean"},
            "setup": {
                "description": "The recorded set-up (cards as they were dealt).",
                "type": "object",
                "additionalProperties": False,
                "properties": {
                    "roles": _per_player({"type": "string"}, "Each player's role card."),
                    "starting": _per_player(
                        {
                            "type": "array",
                            "items": city,
                            "minItems": STARTING_PER_PLAYER,
                            "maxItems": STARTING_PER_PLAYER,
                        },
                        "Each player's 3 starting cities.",
                    ),
                    "trends": {
                        "type": "object",
                        "additionalProperties": False,
                        "required": ["mid", "end"],
                        "properties": {"mid": {"type": "string"}, "end": {"type": "string"}},
                    },
                    "area": {
                        "type": "array",
                        "items": city,
                        "minItems": SALE_AREA,
                        "maxItems": SALE_AREA,
                    },
                },
            },
            "contacts": contact_addresses(PLAYER_NAME_PATTERN),
            "keys": signing_keys(PLAYER_NAME_PATTERN),
            "signatures": signatures_setting(),
            "engines": engine_seats(PLAYER_NAME_PATTERN),
            "house_rules": {
                "type": "object",
                "additionalProperties": False,
                "properties": {
                    name: {"enum": list(values)} for name, values in HouseRules.OPTIONS.items()
                },
            },
            "moves": {
                "type": ["array", "null"],
                "items": {
                    "type": "object",
                    "propertyNames": {
                        "anyOf": [
                            {"pattern": PLAYER_NAME_PATTERN},
                            {"enum": ["note", "digest", "sig"]},
                        ]
                    },
                    "properties": {
                        "note": {"type": "string", "maxLength": 20000},
                        "digest": {"type": "string", "pattern": "^[0-9a-f]{16}$"},
                        "sig": signatures(PLAYER_NAME_PATTERN),
                    },
                    "additionalProperties": decision,
                    "minProperties": 1,
                    "maxProperties": 4,
                },
            },
        },
    }


def _strict_ends(node: Any) -> Any:
    """``node`` with every pattern's final ``$`` written as ``END``.

    Python's ``$`` also matches before a final line break and ECMA-262's does not;
    ``END`` means "the end of the text" to both.
    """
    if isinstance(node, dict):
        fixed = {key: _strict_ends(value) for key, value in node.items()}
        pattern = fixed.get("pattern")
        if isinstance(pattern, str) and pattern.endswith("$") and not pattern.endswith("\\$"):
            fixed["pattern"] = pattern[:-1] + END
        return fixed
    if isinstance(node, list):
        return [_strict_ends(value) for value in node]
    return node


def components_schema() -> dict[str, Any]:
    """The JSON Schema of a components file."""
    return cast("dict[str, Any]", _strict_ends(_components_schema()))


def log_schema() -> dict[str, Any]:
    """The JSON Schema of a World Exchangers log (``schemas/worldex-log.schema.json``)."""
    return cast("dict[str, Any]", _strict_ends(_log_schema()))


SCHEMAS = {
    "worldex-components.schema.json": components_schema,
    "worldex-log.schema.json": log_schema,
    "worldex-show.schema.json": show_schema,
}


SCHEMA_FOLDER = Path(__file__).parent.parent.parent / "schemas"
"""Where the committed schemas are (``forexcli/schemas``)."""


@cache
def published(filename: str) -> dict[str, Any]:
    """The committed schema ``filename`` as read from ``schemas/`` (a test keeps it equal to
    ``SCHEMAS[filename]()``): what the fast path compiles, without building it in Python."""
    import msgspec  # the rules' (json's import is not needed to read a file)

    loaded: dict[str, Any] = msgspec.json.decode((SCHEMA_FOLDER / filename).read_bytes())
    return loaded


def render(filename: str) -> str:
    """One schema as the committed file under ``schemas/`` holds it."""
    import json

    return json.dumps(SCHEMAS[filename](), indent=2, ensure_ascii=False) + "\n"
