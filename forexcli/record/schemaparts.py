"""The parts of a log's JSON Schema that are the frame's, the same for every game: the
header's ``id:`` (the game's own random id, written by ``forex new``), ``contacts:`` (how to
reach each player: mails are addressed from it), ``keys:`` (players' public keys),
``signatures:`` (how strict the table is about them) and ``engines:`` (the seats the engine
plays), and an entry's ``sig:``.  The frame signs
and checks entries (``record.signing``) and plays the engine seats (``record.seats``) alike
for every game; a game's log schema takes these parts with its own player-name pattern, and
its own words where a sentence is its (a deal its partner countersigns).

Patterns end with ``END``, which means "the end of the text" to Python and ECMA-262 alike (a
bare ``$`` also matches before a final line break in Python).
"""

from __future__ import annotations

from typing import Any

END = "$(?!\\n)"
"""The end of the text to Python and ECMA-262 alike."""

SIGNATURE_PATTERN = f"^[A-Za-z0-9+/=]{{1,200}}( [A-Za-z0-9+/=]{{1,200}})*{END}"
"""Base64, in pieces with a space between (``signing.in_pieces``), or in one piece."""
KEY_LINE_PATTERN = f"^ssh-ed25519 [A-Za-z0-9+/=]+( [^\\x00-\\x1f\\x7f]*)?{END}"
"""An OpenSSH public-key line of an Ed25519 key, with an optional comment."""
BUDGET_PATTERN = f"^[0-9]+(\\.[0-9]+)?s{END}"
"""An engine seat's budget in seconds (``2s``, ``0.5s``); a whole number is simulations."""
GAME_ID_FIELD = "id"
"""The header's key of the game's id (``game_id``)."""
GAME_ID_PATTERN = f"^[0-9a-f]{{32}}{END}"
"""A game's id: 128 random bits as 32 lowercase hex digits (``record.newheader.new_game_id``)."""

SIGNERS = "the deciding player"
"""Who signs an entry, where no other player's agreement is needed."""

REQUIRED = (
    "`required`: every move is signed before another move follows it; `forex validate` then"
    " reports an unsigned move as an error, and `forex play` and `forex read` refuse to go on"
    " past one."
)
"""What ``signatures: required`` asks, where no other player's agreement is needed."""


def game_id() -> dict[str, Any]:
    """The header's ``id:``: the random id ``forex new`` gives every game, so that two games
    set up alike are still two games to their signatures (``record.signing.game_identity``
    covers it)."""
    return {
        "description": (
            "The game's own id: 128 random bits as 32 hex digits, written by `forex new`."
            " Every signature covers it, so a signed move of one game never verifies in"
            " another set up alike. Never edit it: a copy of the log is the same game and"
            " keeps it. Left out (a log made before ids, or by `forex import`), the game is"
            " told apart by its header alone."
        ),
        "type": "string",
        "pattern": GAME_ID_PATTERN,
    }


def contact_addresses(player_pattern: str) -> dict[str, Any]:
    """The header's ``contacts:``: how to reach each player (names by ``player_pattern``);
    ``forex play --eml`` and ``message --eml`` address the mail from it."""
    return {
        "description": "How to reach each player: e-mail address or forum handle.",
        "type": "object",
        "propertyNames": {
            "description": "A player's name, as in `players`.",
            "pattern": player_pattern,
        },
        "additionalProperties": {
            "description": "An e-mail address or forum handle.",
            "type": "string",
            "maxLength": 200,
        },
    }


def signing_keys(player_pattern: str) -> dict[str, Any]:
    """The header's ``keys:``: each player's Ed25519 public key (names by
    ``player_pattern``)."""
    line = {
        "description": "An OpenSSH public-key line: `ssh-ed25519 AAAA... comment`.",
        "type": "string",
        "pattern": KEY_LINE_PATTERN,
        "maxLength": 500,
    }
    return {
        "description": (
            "Each player's Ed25519 public key, to check their signed moves: the OpenSSH line,"
            " given at set-up, or `{key: LINE, since: N}` when the player's own signed move N"
            " added it (trust on first use)."
        ),
        "type": "object",
        "propertyNames": {"description": "A player's name.", "pattern": player_pattern},
        "additionalProperties": {
            "oneOf": [
                line,
                {
                    "type": "object",
                    "required": ["key", "since"],
                    "additionalProperties": False,
                    "properties": {
                        "key": line,
                        "since": {
                            "description": "The move whose signature first used the key.",
                            "type": "integer",
                            "minimum": 1,
                        },
                    },
                },
            ]
        },
    }


def signatures_setting(required: str = REQUIRED) -> dict[str, Any]:
    """The header's ``signatures:`` (``required`` or ``warn``); ``required``: what the first
    setting asks, in the game's words."""
    return {
        "description": (
            "How strict the table is about signatures (left out: a move in the name"
            " of a player whose key the log holds must carry their signature). "
            + required
            + " `warn`: a house setting for groups that want warnings only: an"
            " unsigned move by a player with a key is a warning of `forex validate`,"
            " and `forex play` and `forex read` take it. Part of the game's"
            " identity: it is written before the first signed move."
        ),
        "enum": ["required", "warn"],
    }


def signatures(player_pattern: str, signers: str = SIGNERS) -> dict[str, Any]:
    """An entry's ``sig:``: its Ed25519 signatures by signer (``signers``: who signs, in the
    game's words)."""
    return {
        "description": (
            f"Ed25519 signatures of this entry, by signer: {signers} (base64 of 64 bytes,"
            " written in pieces of 44 characters with a space between, which are not part of"
            " it). Each covers the game's header, the move number, the state before it and the"
            " decision's text."
        ),
        "type": "object",
        "minProperties": 1,
        "maxProperties": 2,
        "propertyNames": {"description": "The signer's name.", "pattern": player_pattern},
        "additionalProperties": {
            "type": "string",
            "pattern": SIGNATURE_PATTERN,
            "maxLength": 200,
        },
    }


def engine_seats(player_pattern: str, also: str = "") -> dict[str, Any]:
    """The header's ``engines:``: the seats the engine plays, with its budget a decision
    (``also``: what else the engine does for its seats, in the game's words)."""
    return {
        "description": (
            "The seats the engine plays (`forex new --engine`, `forex seat`), each with its"
            " budget a decision: `2s` (seconds) or a whole number of simulations (deterministic)."
            " After a person's decision, `forex play` lets every engine seat that decides next"
            " play" + (f", and {also}." if also else ".")
        ),
        "type": "object",
        "propertyNames": {
            "description": "A player's name, as in `players`.",
            "pattern": player_pattern,
        },
        "additionalProperties": {
            "description": "The budget a decision: `1s`, `0.5s` or simulations (500).",
            "type": ["integer", "string"],
            "minimum": 1,
            "maximum": 10000000,
            "pattern": BUDGET_PATTERN,
        },
    }
