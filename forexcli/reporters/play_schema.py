"""The frame's parts of the JSON Schemas of ``forex play --format json``.

Every game's play schema (``games/*/views/play_schema.py`` or
``games/*/play_schema.py``) is made of its own move document and these parts:
the ``message`` of ``--message``, the header's ``engines`` and the engine seats'
``replies`` (``replies.Replies.data``), the engine's open offer written instead
of a move (``cli.replies.offered_instead``), and the document of the frame's
``record.play_data`` around a game's ``state``.
"""

from __future__ import annotations

from typing import Any

from ..record.seats import ENGINES_FIELD, OFFER_FIELD, seats_schema

PLAY_FORMAT = "forex-play"
"""The ``format`` of every ``play --format json`` document, whatever the game."""

_TEXT: dict[str, Any] = {"type": "string"}
_NULLABLE_TEXT: dict[str, Any] = {"type": ["string", "null"]}
_MOVE_NUMBER: dict[str, Any] = {"type": "integer", "minimum": 1}


def fixed_object(
    properties: dict[str, Any], description: str, optional: tuple[str, ...] = ()
) -> dict[str, Any]:
    """An object with exactly ``properties``: all required but ``optional``, no others."""
    return {
        "description": description,
        "type": "object",
        "properties": properties,
        "required": [name for name in properties if name not in optional],
        "additionalProperties": False,
    }


def message_schema() -> dict[str, Any]:
    """``message``: the ready-to-send message of ``play --message`` (with --format json)."""
    return fixed_object(
        {
            "format": {"enum": ["text", "markdown", "bbcode"]},
            "subject": _TEXT,
            "body": _TEXT,
        },
        "With --message: the message to send, in the format asked for.",
    )


def reply_schema() -> dict[str, Any]:
    """One engine decision of ``replies.moves`` (``replies.Reply.data``)."""
    return fixed_object(
        {
            "number": {
                "description": "The move written; null for an offer to a person, which waits"
                " in the header.",
                "anyOf": [_MOVE_NUMBER, {"type": "null"}],
            },
            "player": {"description": "The engine seat that decided.", **_TEXT},
            "decision": {"description": "Its decision in the log's notation.", **_TEXT},
            "engine": {"description": "Its budget in words: `1 s`, `20 simulations`.", **_TEXT},
            "offered_to": {
                "description": "The person an offer waits for; null for a move.",
                **_NULLABLE_TEXT,
            },
            "refused": {
                "description": "The engine's first choices whose offers an engine seat declined.",
                "type": "array",
                "items": _TEXT,
            },
            "signed": {
                "description": "The move is signed with the seat's key (--key-for-seat).",
                "type": "boolean",
            },
            "sentences": {
                "description": "What the move did, a sentence each, as the text output tells"
                " it under the move (none for an offer).",
                "type": "array",
                "items": _TEXT,
            },
        },
        "One decision an engine seat made.",
    )


def replies_schema() -> dict[str, Any]:
    """``replies``: what the engine seats did after the move (``replies.Replies.data``)."""
    return fixed_object(
        {
            "moves": {
                "description": "The engine seats' decisions, in order (none when a person"
                " decides next).",
                "type": "array",
                "items": {"$ref": "#/$defs/reply"},
            },
            "countersigned": {
                "description": "The deals offered to engine seats that the seats countersigned"
                " with their keys (--key-for-seat) before they played.",
                "type": "array",
                "items": fixed_object(
                    {
                        "number": {"description": "The move of the deal.", **_MOVE_NUMBER},
                        "player": {"description": "The engine seat that countersigned.", **_TEXT},
                    },
                    "A deal an engine seat countersigned.",
                ),
            },
            "awaiting": {
                "description": "In a signed game, the engine seats' deals with a person that"
                " await the person's countersignature (the engine's offer, written as its"
                " signed move): move, player and partner as `forex moves --format json`"
                " lists them, with the decision and the answer that accepts it.",
                "type": "array",
                "items": fixed_object(
                    {
                        "move": {"description": "The move of the deal.", **_MOVE_NUMBER},
                        "player": {"description": "The engine seat that offers.", **_TEXT},
                        "partner": {
                            "description": "The person whose countersignature it awaits.",
                            **_TEXT,
                        },
                        "decision": {"description": "The whole entry offered.", **_TEXT},
                        "answer": {
                            "description": "The person's command that accepts it"
                            " (countersigns it).",
                            **_TEXT,
                        },
                    },
                    "An engine seat's deal that awaits a person's countersignature.",
                ),
            },
            "stopped": {"description": "Why they stopped, in words.", **_TEXT},
            "next": {"description": "Who decides now, in words.", **_TEXT},
            OFFER_FIELD: seats_schema()[OFFER_FIELD],
        },
        "After a move in a log with engine seats (not with --dry-run or --no-reply): the"
        " engine seats' replies, until a person decides, the game ends or an offer waits.",
        optional=(OFFER_FIELD,),
    )


def after_move_properties() -> dict[str, Any]:
    """The optional keys ``play`` adds to a game's move document: ``message``, the header's
    ``engines`` and the ``replies`` (``cli.replies.replied_move``)."""
    return {
        "message": message_schema(),
        ENGINES_FIELD: seats_schema()[ENGINES_FIELD],
        "replies": {"$ref": "#/$defs/replies"},
    }


def frame_move_document(state: dict[str, Any], game: dict[str, Any]) -> dict[str, Any]:
    """The document of ``reporters.record.play_data`` (a game that keeps the frame's play
    report), its ``state`` the game's view ``state``, with ``play``'s optional keys."""
    return fixed_object(
        {
            "format": {"const": PLAY_FORMAT},
            "version": {"description": "The version of this output; 1.", "const": 1},
            "game": game,
            "file": {"description": "The log file as named on the command line.", **_TEXT},
            "written": {
                "description": "False for --dry-run: nothing was written.",
                "type": "boolean",
            },
            "move": {"description": "The number of the move added.", **_MOVE_NUMBER},
            "by": {"description": "Who decided.", **_TEXT},
            "decision": {"description": "The decision in the log's notation.", **_TEXT},
            "note": {"description": "The note of the move, if any.", **_NULLABLE_TEXT},
            "digest": {"description": "The digest recorded with the move.", **_NULLABLE_TEXT},
            "signed": {
                "description": "Who signed the move.",
                "type": "array",
                "items": _TEXT,
            },
            "next": {"description": "Who decides next, in words.", **_TEXT},
            "state": state,
            **after_move_properties(),
        },
        "A decision checked and added (or, with --dry-run, that would be).",
        optional=tuple(after_move_properties()),
    )


def offer_document(game: dict[str, Any]) -> dict[str, Any]:
    """The document of ``play NAME --engine`` when the engine's decision opens with an offer
    to a person in an unsigned game: no move, the offer open (``cli.replies.offered_instead``)."""
    return fixed_object(
        {
            "format": {"const": PLAY_FORMAT},
            "version": {"description": "The version of this output; 1.", "const": 1},
            "game": game,
            "file": {"description": "The log file as named on the command line.", **_TEXT},
            "written": {"description": "The offer was written into the header.", "const": True},
            "move": {"description": "No move was added: the offer waits.", "type": "null"},
            "by": {"description": "The engine seat that offers.", **_TEXT},
            "decision": {"description": "The whole entry offered.", **_TEXT},
            ENGINES_FIELD: seats_schema()[ENGINES_FIELD],
            "replies": {"$ref": "#/$defs/replies"},
        },
        "The engine's decision for --engine opens with an offer to a person: written as the"
        " header's open offer (`replies.offer`), which the person answers with accept or"
        " decline.",
        optional=(ENGINES_FIELD,),
    )


def answer_document(game: dict[str, Any]) -> dict[str, Any]:
    """The document of ``play NAME accept|decline --format json``: the person's answer to
    the engine's open offer, then the engine seats' decisions (``cli.replies._answer_data``)."""
    return fixed_object(
        {
            "format": {"const": PLAY_FORMAT},
            "version": {"description": "The version of this output; 1.", "const": 1},
            "game": game,
            "file": {"description": "The log file as named on the command line.", **_TEXT},
            "written": {"const": True},
            "answer": fixed_object(
                {
                    "player": {"description": "The person who answered.", **_TEXT},
                    "accepted": {"description": "Accepted (else declined).", "type": "boolean"},
                    "by": {"description": "The engine seat that offered.", **_TEXT},
                    "decision": {"description": "The whole entry offered.", **_TEXT},
                    "countersigned": {
                        "description": "With --sign: the accepted deal is countersigned.",
                        "type": "boolean",
                    },
                },
                "The answer to the engine's open offer.",
            ),
            "move": {
                "description": "The move the accepted offer became; null for a decline.",
                "anyOf": [_MOVE_NUMBER, {"type": "null"}],
            },
            ENGINES_FIELD: seats_schema()[ENGINES_FIELD],
            "replies": {"$ref": "#/$defs/replies"},
        },
        "An answer to the engine's open offer (accept or decline): after a decline the"
        " engine's new choice is the first of `replies.moves`.",
        optional=(ENGINES_FIELD,),
    )


def play_schema(
    schema_id: str,
    title: str,
    description: str,
    documents: list[dict[str, Any]],
    defs: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The whole schema (Draft 2020-12): one of ``documents``, with the game's ``defs`` and
    the frame's (``reply``, ``replies``)."""
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": schema_id,
        "title": title,
        "description": description,
        "oneOf": documents,
        "$defs": {**(defs or {}), "reply": reply_schema(), "replies": replies_schema()},
    }
