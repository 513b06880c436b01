"""The JSON Schema of ``forex play --format json`` for For-Ex.

``python -m forexcli.games.forex.views.play_schema`` prints it; the committed
``schemas/forex-play.schema.json`` is exactly that output (a test checks it),
and the tests validate real ``play`` outputs of every shape against it.  The
state and the pending decision are the show schema's (``views.schema``); the
engine seats' parts are the frame's (``reporters.play_schema``).
"""

from __future__ import annotations

import json
from typing import Any

from ....reporters.play_schema import (
    PLAY_FORMAT,
    after_move_properties,
    answer_document,
    fixed_object,
    offer_document,
    play_schema,
)
from ..schema_source import SCHEMA_ID_PREFIX
from .schema import GAME_PROPERTY, show_schema

PLAY_SCHEMA_ID = SCHEMA_ID_PREFIX + "forex-play:1"

_TEXT: dict[str, Any] = {"type": "string"}
_NULLABLE_TEXT: dict[str, Any] = {"type": ["string", "null"]}


def _move() -> dict[str, Any]:
    return fixed_object(
        {
            "number": {
                "description": "The move number (1 is the first).",
                "type": "integer",
                "minimum": 1,
            },
            "player": {"description": "Who decided.", **_TEXT},
            "decision": {"description": "The decision in the log's notation.", **_TEXT},
            "note": {"description": "The note of the move, if any.", **_NULLABLE_TEXT},
            "digest": {
                "description": "The digest recorded with the move (null with --no-digest).",
                **_NULLABLE_TEXT,
            },
        },
        "The move added (or, with --dry-run, that would be).",
    )


def _move_document(pending: dict[str, Any]) -> dict[str, Any]:
    """``views.play.play_data``, with ``play``'s optional keys."""
    rows = {
        "events": fixed_object(
            {
                "kind": {"description": "What kind of event: `pay`, `loan`, ...", **_TEXT},
                "text": {"description": "The event in a sentence.", **_TEXT},
            },
            "One thing the move caused, in order.",
        ),
        "rates": fixed_object(
            {
                "pair": {"description": "The pair, as `USD/JPY`.", **_TEXT},
                "before": {"description": "As `1 USD = 2 JPY`.", **_TEXT},
                "after": {"description": "As `1 USD = 2.5 JPY`.", **_TEXT},
            },
            "A pair that moved.",
        ),
        "holdings": fixed_object(
            {
                "player": _TEXT,
                "money": {"description": "As `-6 USD, +12 JPY` (empty: unchanged).", **_TEXT},
                "certificates": {"description": "As `+1 GBP` (empty: unchanged).", **_TEXT},
            },
            "A player whose money or certificates changed.",
        ),
    }
    extra = after_move_properties()
    return fixed_object(
        {
            "format": {"const": PLAY_FORMAT},
            "version": {"description": "The version of this output; 1.", "const": 1},
            "game": GAME_PROPERTY,
            "file": {"description": "The log file as named on the command line.", **_TEXT},
            "written": {
                "description": "False for --dry-run: nothing was written.",
                "type": "boolean",
            },
            "move": _move(),
            **{name: {"type": "array", "items": row} for name, row in rows.items()},
            "pending": pending,
            "state": {"$ref": "#/$defs/state"},
            **extra,
        },
        "A decision checked and added (or, with --dry-run, that would be): what it caused,"
        " the rates and holdings that moved, who decides next and the state after it.",
        optional=("game", *extra),
    )


def play_schema_for_forex() -> dict[str, Any]:
    """The JSON Schema (Draft 2020-12) of ``forex play --format json`` for For-Ex."""
    show = show_schema()
    defs = {name: show["$defs"][name] for name in ("state", "queue_item")}
    return play_schema(
        PLAY_SCHEMA_ID,
        "forex play --format json (version 1)",
        "What `forex play` did to a For-Ex log: a decision added (or, with --dry-run, checked),"
        " with the engine seats' replies after it; the engine's offer to a person, written"
        " as the open offer instead of a move; or the person's answer to it (accept or"
        " decline).",
        [
            _move_document(show["properties"]["pending"]),
            offer_document({"const": "for-ex"}),
            answer_document({"const": "for-ex"}),
        ],
        defs,
    )


def render() -> str:
    """The schema as the committed file holds it."""
    return json.dumps(play_schema_for_forex(), indent=2, ensure_ascii=False) + "\n"


if __name__ == "__main__":
    print(render(), end="")
