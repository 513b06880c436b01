"""The JSON Schema of ``views.show_view`` (``show --format json`` of a World Exchangers log).

Generated from Python like the log schema; ``schemas/worldex-show.schema.json``
holds it (a test keeps the committed file equal to this, and checks random
states' views against it).
"""

from __future__ import annotations

from typing import Any

from .rules.components import ABILITIES, COLOURS, INVESTMENT_COLOURS, MONTHS, SYMBOL_KEYS

SHOW_SCHEMA_ID = "urn:forexcli:schema:worldex-show:1"

_INT: dict[str, Any] = {"type": "integer"}
_COUNT: dict[str, Any] = {"type": "integer", "minimum": 0}
_CASH: dict[str, Any] = {"type": "integer", "minimum": 0, "maximum": 1000}
_MONTH: dict[str, Any] = {"type": "integer", "minimum": 1, "maximum": MONTHS}
_NAME: dict[str, Any] = {"type": "string", "minLength": 1}
_NAMES: dict[str, Any] = {"type": "array", "items": _NAME}


def _object(properties: dict[str, Any], description: str = "") -> dict[str, Any]:
    node: dict[str, Any] = {
        "type": "object",
        "additionalProperties": False,
        "required": sorted(properties),
        "properties": properties,
    }
    if description:
        node = {"description": description, **node}
    return node


_TURN: dict[str, Any] = {
    "oneOf": [
        {"type": "null"},
        _object(
            {
                "action": {"enum": ["buy", "sell", "pass"]},
                "cards": _NAMES,
                "cash": _INT,
            },
            "A two-card turn under way (its first card taken).",
        ),
    ]
}
"""A two-card turn under way, or null (the show view and the play view)."""


def _symbols(description: str) -> dict[str, Any]:
    return {
        "description": description,
        "type": "object",
        "additionalProperties": False,
        "properties": {key: _INT for key in SYMBOL_KEYS},
    }


def _card() -> dict[str, Any]:
    return _object(
        {
            "name": _NAME,
            "base": _CASH,
            "colour": {"enum": list(COLOURS)},
            "price": {**_CASH, "description": "The sale price in this month."},
            "bonus": {"type": "boolean", "description": "This month is a bonus month."},
            "red": {"type": "boolean", "description": "This month is the red-marked month."},
            "bonus_months": {"type": "array", "items": _MONTH},
            "red_month": {"oneOf": [_MONTH, {"type": "null"}]},
            "symbols": _symbols("The symbols printed on the card."),
        },
        "A city card, with its sale price in the month being played.",
    )


def _month_mark() -> dict[str, Any]:
    return _object(
        {
            "month": {"type": "integer", "minimum": 0, "maximum": MONTHS},
            "cash": _CASH,
            "action": {"enum": ["start", "buy", "sell", "pass"]},
            "cards": _NAMES,
            "gained": _symbols("Symbols the line passed through or stopped on, and the ring's."),
            "ring": {"type": "boolean"},
            "extra_cash": _COUNT,
            "lost": _COUNT,
        },
        "One month of the cash-flow line (month 0: the start, with the starting cities).",
    )


def _scores() -> dict[str, Any]:
    return {
        "type": "array",
        "items": _object(
            {
                "name": _NAME,
                "cities": _COUNT,
                "cash": _CASH,
                "settlement_points": _COUNT,
                "settlement": _COUNT,
                "investments": _object({colour: _INT for colour in INVESTMENT_COLOURS}),
                "trend": _INT,
                "media_value": _INT,
                "media": _COUNT,
                "total": _INT,
                "rank": {"type": "integer", "minimum": 1},
            },
            "One player's score, part by part, and rank.",
        ),
    }


def _trend(resolved: str) -> dict[str, Any]:
    properties: dict[str, Any] = {
        "id": _NAME,
        "round": {"enum": [6, 12]},
        "text": {"type": "string"},
        "atom": {"type": "boolean"},
        "resolved": {"type": "boolean", "description": resolved},
    }
    return properties


def show_schema() -> dict[str, Any]:
    """The JSON Schema of ``views.show_view``."""
    player = _object(
        {
            "name": _NAME,
            "seat": _COUNT,
            "role": _NAME,
            "role_colour": _NAME,
            "role_side": {"enum": ["A", "B"]},
            "role_symbols": _symbols("Side A's symbols (empty on side B)."),
            "ability": {"oneOf": [{"enum": list(ABILITIES)}, {"type": "null"}]},
            "board": {"enum": ["A", "B"]},
            "cash": _CASH,
            "media": _INT,
            "cities": {"type": "array", "items": _card()},
            "line": {"type": "array", "items": _month_mark(), "minItems": 1},
            "gained": _symbols("Every symbol gained on the board so far."),
            "boxes": _object({"buy_two": {"type": "boolean"}, "sell_two": {"type": "boolean"}}),
        },
        "One player: role, board, cash, media, cities and the cash-flow line.",
    )
    mid = _trend("Resolved at the end of month 6.")
    mid["gained_media"] = _NAMES
    from ...record.seats import seats_schema

    shown = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": SHOW_SCHEMA_ID,
        "title": "World Exchangers: the state as `forex show --format json` prints it",
        "description": (
            "Derived by replaying the log; never authoritative. `scores` is the final result"
            " (null while the game goes on); `projection` scores the state as if the game ended"
            " now (null once it is over)."
        ),
        **_object(
            {
                "game": {"const": "world-exchangers"},
                "components": _object(
                    {"title": {"type": "string"}, "invented": {"type": "boolean"}}
                ),
                "round": _MONTH,
                "month": _MONTH,
                "months": {"const": MONTHS},
                "over": {"type": "boolean"},
                "first": _NAME,
                "roles_side": {"enum": ["A", "B"]},
                "to_play": _object(
                    {
                        "kind": {"enum": ["turn", "second", "reveal", "over"]},
                        "decider": {"oneOf": [_NAME, {"type": "null"}]},
                        "count": _COUNT,
                        "text": {"type": "string"},
                    }
                ),
                "players": {"type": "array", "items": player, "minItems": 2, "maxItems": 4},
                "sale_area": {"type": "array", "items": _card()},
                "deck_size": _COUNT,
                "removed": _NAMES,
                "trends": _object(
                    {
                        "mid": _object(mid, "The mid-year trend card (face up from the start)."),
                        "end": _object(
                            _trend("Resolved at the end of month 12."),
                            "The year-end trend card (face up from the start).",
                        ),
                    }
                ),
                "media_track": _object(
                    {
                        "max": {"oneOf": [{"type": "integer", "minimum": 1}, {"type": "null"}]},
                        "players": {
                            "type": "array",
                            "items": _object(
                                {
                                    "name": _NAME,
                                    "marker": _INT,
                                    "on_cities": _INT,
                                    "value": _INT,
                                    "rank": {"type": "integer", "minimum": 1},
                                    "reward": _COUNT,
                                }
                            ),
                        },
                    }
                ),
                "turn": _TURN,
                "scores": {
                    "oneOf": [
                        {"type": "null"},
                        _object({"players": _scores(), "winners": _NAMES}),
                    ]
                },
                "projection": {
                    "oneOf": [
                        {"type": "null"},
                        _object(
                            {
                                "label": {"const": "if the game ended now"},
                                "players": _scores(),
                                "leaders": _NAMES,
                            }
                        ),
                    ]
                },
            }
        ),
    }
    shown["properties"] = {  # optional (not required): show_view alone has neither
        **shown["properties"],
        **_position_schema(),
        **seats_schema(),
    }
    return shown


def _position_schema() -> dict[str, Any]:
    """The properties ``forex show`` adds to ``views.show_view``: which document it is, the
    moves, the move the state is after and that move with its note."""
    nullable_text = {"type": ["string", "null"]}
    return {
        "format": {"description": "Which document this is.", "const": "forex-show"},
        "version": {"description": "The version of its format.", "const": 1},
        "moves": {"description": "The number of moves (entries) in the log.", **_COUNT},
        "at": {"description": "The move after which the game is shown (0 = the start).", **_COUNT},
        "last_move": {
            "description": "The move shown last (move `at`) and its note; null at the start.",
            "oneOf": [
                {"type": "null"},
                _object(
                    {
                        "number": {"type": "integer", "minimum": 1},
                        "player": {
                            "description": "Who decided it (`deck` for the deck's reveal).",
                            **_NAME,
                        },
                        "decision": {"type": "string"},
                        "note": nullable_text,
                    }
                ),
            ],
        },
    }


_BOARD_SIDE: dict[str, Any] = {"enum": ["A", "B"]}


def view_schema() -> dict[str, Any]:
    """The JSON Schema of ``WorldexGame.view``: the public state (the deck's order never
    shown, only its size)."""
    month = _month_mark()
    month["properties"]["month"] = {"type": "integer", "minimum": 1, "maximum": MONTHS}
    month["description"] = "One month of the cash-flow line: where it stopped, what it gained."
    player = _object(
        {
            "name": _NAME,
            "role": _NAME,
            "board": _BOARD_SIDE,
            "cash": _COUNT,
            "line": {
                "description": "The cash where the line stood: the start, then each month.",
                "type": "array",
                "items": _COUNT,
                "minItems": 1,
            },
            "cities": _NAMES,
            "media": _INT,
            "gained": _symbols("Every symbol gained on the board so far."),
            "bought_two": {"type": "boolean", "description": "The buy-two box is used."},
            "sold_two": {"type": "boolean", "description": "The sell-two box is used."},
            "months": {"type": "array", "items": month},
        },
        "One player: role, board, cash, cities, media and the months of the line.",
    )
    return _object(
        {
            "game": {"const": "world-exchangers"},
            "round": {"type": "integer", "minimum": 1, "maximum": MONTHS},
            "first": _NAME,
            "roles_side": _BOARD_SIDE,
            "pending": _object(
                {
                    "deciders": _NAMES,
                    "kind": {"enum": ["turn", "second", "reveal", "over"]},
                    "count": _COUNT,
                },
                "Who decides next (`deck`: the cards to reveal) and what kind of decision.",
            ),
            "players": {"type": "array", "items": player, "minItems": 2, "maxItems": 4},
            "area": {"description": "The cities in the sale area.", **_NAMES},
            "deck_size": _COUNT,
            "removed": _NAMES,
            "trends": _object(
                {"mid": _NAME, "end": _NAME}, "The trend cards (month 6 and month 12), by id."
            ),
            "mid_trend_media": {
                "description": "Who gained media from the mid-year trend.",
                **_NAMES,
            },
            "turn": _TURN,
            "result": {
                "description": "The final scores (null while the game goes on).",
                "oneOf": [{"type": "null"}, _object({"players": _scores(), "winners": _NAMES})],
            },
        },
        "The public state after the move, as its digest hashes it.",
    )
