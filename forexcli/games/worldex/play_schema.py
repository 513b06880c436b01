"""The JSON Schema of ``forex play --format json`` for World Exchangers.

``python -m forexcli.games.worldex.play_schema`` prints it; the committed
``schemas/worldex-play.schema.json`` is exactly that output (a test checks it),
and the tests validate real ``play`` outputs against it.  The document is the
frame's (``reporters.record.play_data``, ``reporters.play_schema``); its
``state`` is the game's public view (``WorldexGame.view``, the one its digests
hash), whose schema ``show_schema.view_schema`` makes of the show schema's parts.
"""

from __future__ import annotations

import json
from typing import Any

from ...reporters.play_schema import frame_move_document, play_schema
from .show_schema import view_schema

PLAY_SCHEMA_ID = "urn:forexcli:schema:worldex-play:1"


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
