"""The JSON Schema of ``forex play --format json`` for World Exchangers.

``python -m forexcli.games.worldex.play_schema`` prints it; the committed
``schemas/worldex-play.schema.json`` is exactly that output (a test checks it),
and the tests validate real ``play`` outputs against it.  The document is the
frame's (``reporters.record.play_data``, ``reporters.play_schema``); its
``state`` is the game's public view (``WorldexGame.view``, the one its digests
hash), described here with the show schema's parts.
"""

from __future__ import annotations

import json
from typing import Any

from ...reporters.play_schema import frame_move_document, play_schema
from .rules.components import MONTHS
from .show_schema import _month_mark, _object, _scores, _symbols

PLAY_SCHEMA_ID = "urn:forexcli:schema:worldex-play:1"

_INT: dict[str, Any] = {"type": "integer"}
_COUNT: dict[str, Any] = {"type": "integer", "minimum": 0}
_NAME: dict[str, Any] = {"type": "string", "minLength": 1}
_NAMES: dict[str, Any] = {"type": "array", "items": _NAME}
_SIDE: dict[str, Any] = {"enum": ["A", "B"]}


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
            "board": _SIDE,
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
            "roles_side": _SIDE,
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
            "turn": {
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
            },
            "result": {
                "description": "The final scores (null while the game goes on).",
                "oneOf": [{"type": "null"}, _object({"players": _scores(), "winners": _NAMES})],
            },
        },
        "The public state after the move, as its digest hashes it.",
    )


def play_schema_for_worldex() -> dict[str, Any]:
    """The JSON Schema (Draft 2020-12) of ``forex play --format json`` for World Exchangers."""
    return play_schema(
        PLAY_SCHEMA_ID,
        "World Exchangers: `forex play --format json` (version 1)",
        "What `forex play` did to a World Exchangers log: a decision added (or, with"
        " --dry-run, checked), who decides next and the public state after it, with the"
        " engine seats' replies.",
        [frame_move_document({"$ref": "#/$defs/view"}, {"const": "world-exchangers"})],
        {"view": view_schema()},
    )


def render() -> str:
    """The schema as the committed file holds it."""
    return json.dumps(play_schema_for_worldex(), indent=2, ensure_ascii=False) + "\n"


if __name__ == "__main__":
    print(render(), end="")
