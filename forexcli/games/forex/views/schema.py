"""The JSON Schema of ``forex show --format json``.

``python -m forexcli.games.forex.views.schema`` prints it; the committed
``schemas/forex-show.schema.json`` is exactly that output (a test checks it),
and the tests validate the output of ``show`` for every example game against it.
"""

from __future__ import annotations

import json
from typing import Any

from ....record.seats import seats_schema
from ..notation import END
from ..rules import CURRENCIES, HouseRules
from ..schema_source import GAME_NAME, SCHEMA_ID_PREFIX

SHOW_SCHEMA_ID = SCHEMA_ID_PREFIX + "forex-show:1"

_RATE = {
    "description": "A rate as printed on the track: 1, 1.5, 2, 2.5, 3, 3.5, 4, 5, 6 or 8.",
    "type": "string",
    "enum": ["1", "1.5", "2", "2.5", "3", "3.5", "4", "5", "6", "8"],
}
_CURRENCY = {"description": "A currency code.", "enum": list(CURRENCIES)}
_AMOUNT = {
    "description": "An amount of money: a whole number or a half (4.5).",
    "type": "number",
    "multipleOf": 0.5,
}
_MONEY_TEXT = {
    "description": "An amount and its currency, as `4.5 USD`.",
    "type": "string",
    "pattern": "^[0-9]+(\\.5)? (" + "|".join(CURRENCIES) + ")" + END,
}


def _per_currency(value: dict[str, Any], description: str) -> dict[str, Any]:
    return {
        "description": description,
        "type": "object",
        "properties": {code: value for code in CURRENCIES},
        "required": list(CURRENCIES),
        "additionalProperties": False,
    }


def _object(properties: dict[str, Any], description: str) -> dict[str, Any]:
    return {
        "description": description,
        "type": "object",
        "properties": properties,
        "required": list(properties),
        "additionalProperties": False,
    }


_COUNT = {"type": "integer", "minimum": 0}
_HOUSE_RULE_DESCRIPTIONS = (
    "`each` (default): each currency's conversion is rounded down at the end;"
    " `total`: the exact converted amounts are added and only the total is rounded down.",
    "`keep` (default): a loan that absorbs a new debt keeps its place in the queue;"
    " `back`: it goes to the back.",
)
_NULLABLE_TEXT = {"type": ["string", "null"]}
GAME_PROPERTY = {
    "description": "The game; given by forexcli since its JSON documents all name their game,"
    " optional as older documents have none.",
    "const": GAME_NAME,
}


def _entry() -> dict[str, Any]:
    return _object(
        {
            "number": {
                "description": "The move number (1 is the first).",
                "type": "integer",
                "minimum": 1,
            },
            "player": {"description": "Who decided.", "type": "string"},
            "decision": {"description": "The decision in the log's notation.", "type": "string"},
            "note": {"description": "The note of the move, if any.", **_NULLABLE_TEXT},
        },
        "One move of the log.",
    )


def _catch_up() -> dict[str, Any]:
    entry = _entry()
    lines = {"type": "array", "items": {"type": "string"}}
    for key, description in (
        ("events", "What the move caused, in order, in sentences."),
        ("money", "One line per player whose money changed: `bob -6 USD +12 JPY`."),
        (
            "rates",
            "One line per pair that moved, saying which way its stronger currency went:"
            " `USD/JPY: 2 -> 2.5 (USD strengthened)`, `EUR/USD: 1.5 -> 1 (EUR weakened)`.",
        ),
        ("result", "The final scores, when the game ended with this move."),
    ):
        entry["properties"][key] = {"description": description, **lines}
        entry["required"].append(key)
    entry["description"] = "One move after --since N, with what it did."
    return entry


def _pending() -> dict[str, Any]:
    return _object(
        {
            "decision": {
                "description": "The kind of decision awaited.",
                "enum": ["turn", "divest_response", "dividend_tie", "strongest_tie", "over"],
            },
            "player": {"description": "Who decides; null when the game is over.", **_NULLABLE_TEXT},
            "currency": {
                "description": "During divest answers: the divested currency.",
                "anyOf": [_CURRENCY, {"type": "null"}],
            },
            "candidates": {
                "description": "For a tie choice: the tied currencies.",
                "type": "array",
                "items": _CURRENCY,
            },
        },
        "The decision the game awaits.",
    )


def _queue_item() -> dict[str, Any]:
    return {
        "description": "One item of the contract queue.",
        "oneOf": [
            _object(
                {
                    "item": {"const": "contract"},
                    "letter": {"enum": list("ABCDEF")},
                    "owner": {"type": "string"},
                    "pay": _MONEY_TEXT,
                    "receive": _MONEY_TEXT,
                },
                "A contract: its owner pays `pay` and receives `receive` when it is resolved.",
            ),
            _object(
                {
                    "item": {"const": "loan"},
                    "letter": {"enum": list("ABCDEF")},
                    "owner": {"type": "string"},
                    "owes": {"type": "array", "items": _MONEY_TEXT, "minItems": 1},
                },
                "A loan: its owner must pay everything it owes at once, or is bankrupt.",
            ),
            _object(
                {
                    "item": {"const": "dividends"},
                    "left": {"type": "integer", "minimum": 1, "maximum": 5},
                },
                "The dividend stack with the dividends left in it.",
            ),
        ],
    }


def _state() -> dict[str, Any]:
    pair = _object(
        {
            "pair": {"description": "The pair in board order, as `GBP/EUR`.", "type": "string"},
            "stronger": _CURRENCY,
            "weaker": _CURRENCY,
            "space": {
                "description": "The track space, 1 to 10.",
                "type": "integer",
                "minimum": 1,
                "maximum": 10,
            },
            "rate": _RATE,
        },
        "One pair: units of the weaker currency for 1 of the stronger.",
    )
    player = _object(
        {
            "name": {"type": "string"},
            "seat": {"type": "integer", "minimum": 1, "maximum": 6},
            "money": _per_currency(_AMOUNT, "Money held per currency."),
            "certificates": _per_currency(
                {"type": "integer", "minimum": 0, "maximum": 4}, "Certificates held."
            ),
        },
        "One player, in seat order.",
    )
    result_player = _object(
        {
            "name": {"type": "string"},
            "total": {
                "description": "Money converted to the strongest currency.",
                "type": "integer",
            },
            "rank": {"type": "integer", "minimum": 1},
            "bankrupt": {"type": "boolean"},
            "converted": _per_currency(
                {"type": "integer", "minimum": 0},
                "What each currency held converted to, rounded down.",
            ),
            "certificates_of_strongest": _COUNT,
        },
        "One player's score.",
    )
    result = _object(
        {
            "ending": {"enum": ["last_dividend", "bankruptcy", "last_dividend_then_bankruptcy"]},
            "strongest": _CURRENCY,
            "decided_by": {
                "description": "How the strongest currency was found.",
                "enum": ["pairs", "certificates", "choice"],
            },
            "players": {"type": "array", "items": result_player},
            "winners": {"type": "array", "items": {"type": "string"}, "minItems": 1},
        },
        "The end of the game.",
    )
    state_pending = _pending()
    return _object(
        {
            "turn": {
                "description": "The turn number (1 is the first).",
                "type": "integer",
                "minimum": 1,
            },
            "turn_player": {
                "description": "Whose turn it is (or was, at the end).",
                "type": "string",
            },
            "spot_done": {
                "description": "A spot transaction was made this turn.",
                "type": "boolean",
            },
            "pending": state_pending,
            "pairs": {"type": "array", "items": pair, "minItems": 21, "maxItems": 21},
            "players": {"type": "array", "items": player, "minItems": 2, "maxItems": 6},
            "supply": _per_currency(
                _COUNT,
                "Certificates left in the supply (at most, when the removed ones are unknown).",
            ),
            "removed": {
                "anyOf": [
                    _per_currency(_COUNT, "Certificates removed at set-up."),
                    {"type": "null"},
                ],
                "description": "Certificates removed at set-up; null when the log says"
                " `removed: unknown`.",
            },
            "sold": _per_currency(_COUNT, "Certificates sold back (out of the game)."),
            "queue": {
                "description": "The contract queue, front first.",
                "type": "array",
                "items": {"$ref": "#/$defs/queue_item"},
            },
            "free_letters": {"type": "array", "items": {"enum": list("ABCDEF")}},
            "dividends_left": {"type": "integer", "minimum": 0, "maximum": 5},
            "bankrupt": {"description": "The bankrupt player, if any.", **_NULLABLE_TEXT},
            "result": {"anyOf": [result, {"type": "null"}]},
        },
        "Everything about the game at this point: the board, the players, the supply, the queue"
        " and the result.",
    )


def _standings() -> dict[str, Any]:
    amounts = {"type": "number", "multipleOf": 0.5, "minimum": 0}
    some_currencies = {
        "type": "object",
        "properties": {code: amounts for code in CURRENCIES},
        "additionalProperties": False,
    }
    score_player = _object(
        {
            "name": {"type": "string"},
            "total": {
                "description": "Money converted to this currency, as the final scoring would.",
                "type": "integer",
            },
            "rank": {"type": "integer", "minimum": 1},
            "bankrupt": {"type": "boolean"},
            "converted": _per_currency(
                {"type": "integer", "minimum": 0},
                "What each currency held would convert to, rounded down.",
            ),
            "certificates_of_strongest": _COUNT,
        },
        "One player's projected score, in seat order.",
    )
    projection = _object(
        {
            "basis": {
                "description": "What is scored: the money as held now, the queue not settled.",
                "type": "string",
            },
            "candidates": {
                "description": "The strongest currency, or the currencies still tied.",
                "type": "array",
                "items": _CURRENCY,
                "minItems": 1,
            },
            "strongest": {
                "description": "The strongest currency; null when `candidates` tie.",
                "anyOf": [_CURRENCY, {"type": "null"}],
            },
            "decided_by": {
                "description": "What found it: `pairs`, `certificates`, or `tie` (the player"
                " of the last turn would choose among `candidates`).",
                "enum": ["pairs", "certificates", "tie"],
            },
            "rounding": {
                "description": "The house rule `rounding` the totals follow.",
                "enum": list(HouseRules.OPTIONS["rounding"]),
            },
            "scores": {
                "description": "The projected scores, one entry per candidate, in its order.",
                "type": "array",
                "minItems": 1,
                "items": _object(
                    {
                        "strongest": _CURRENCY,
                        "players": {"type": "array", "items": score_player},
                        "leaders": {
                            "description": "Who would rank first.",
                            "type": "array",
                            "items": {"type": "string"},
                            "minItems": 1,
                        },
                    },
                    "The scores if this candidate is the strongest currency.",
                ),
            },
        },
        "If the game ended now: the final scoring applied to the position as it stands"
        " (at the end of the game, the result itself).",
    )
    risk = _object(
        {
            "position": {
                "description": "Its place in the queue (1 is the front).",
                "type": "integer",
                "minimum": 1,
            },
            "item": {"enum": ["contract", "loan", "dividends"]},
            "letter": {"anyOf": [{"enum": list("ABCDEF")}, {"type": "null"}]},
            "owner": {"description": "Who owns it; null for the dividends.", **_NULLABLE_TEXT},
            "can_pay": {
                "description": "The owner holds everything it asks for now (true for the"
                " dividends).",
                "type": "boolean",
            },
            "short": {
                "description": "What the owner lacks to pay it now, per currency short.",
                **some_currencies,
            },
            "outcome": {
                "description": "What resolving it now would do: `paid`, a new `loan` (the"
                " amount + 1), `merged` into the owner's loan, `bankruptcy` (the game ends), or"
                " a `dividend`.",
                "enum": ["paid", "loan", "merged", "bankruptcy", "dividend"],
            },
            "loan": {
                "description": "For `loan` and `merged`: the owner's loan as it would then be.",
                "anyOf": [
                    _object(
                        {
                            "letter": {"enum": list("ABCDEF")},
                            "owes": {"type": "array", "items": _MONEY_TEXT, "minItems": 1},
                            "position": {
                                "description": "Its place in the queue then.",
                                "type": "integer",
                                "minimum": 1,
                            },
                        },
                        "The loan after the resolve.",
                    ),
                    {"type": "null"},
                ],
            },
            "text": {"description": "The same in a phrase.", "type": "string"},
        },
        "One queue item, resolved now with the money as held (a what-if: only the front item"
        " can be resolved).",
    )
    exposure = _object(
        {
            "name": {"type": "string"},
            "owes": _per_currency(amounts, "Owed by their contracts and loan in the queue."),
            "holds": _per_currency(amounts, "Money held."),
            "short": _per_currency(amounts, "How much more is owed than held (0 if covered)."),
        },
        "One player's exposure, in seat order.",
    )
    return _object(
        {
            "projection": projection,
            "queue": {
                "description": "The queue front first, each item if it were resolved now; empty"
                " once the game has ended.",
                "type": "array",
                "items": risk,
            },
            "exposure": {
                "description": "Per player: owed in the queue against held; empty once the"
                " game has ended.",
                "type": "array",
                "items": exposure,
            },
        },
        "Standings and risks, derived from the state by the engine's own rules: a projection,"
        " not a result.",
    )


def show_schema() -> dict[str, Any]:
    """The JSON Schema (Draft 2020-12) of ``forex show --format json``."""
    pending = _pending()
    pending["properties"]["text"] = {
        "description": "The same in a sentence: `alice to play, turn 3: ...`.",
        "type": "string",
    }
    pending["required"] = [*pending["required"], "text"]
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": SHOW_SCHEMA_ID,
        "title": "forex show --format json (version 1)",
        "description": (
            "A game of For-Ex at one point: the log's set-up, the move shown, the board, every"
            " player's money and certificates, the queue, the pending decision and the result."
        ),
        "type": "object",
        "properties": {
            "format": {"const": "forex-show"},
            "version": {"description": "The version of this output; 1.", "const": 1},
            "game": GAME_PROPERTY,
            "file": {"description": "The log file as named on the command line.", "type": "string"},
            "title": {"description": "The game's title, if the log gives one.", **_NULLABLE_TEXT},
            "players": {
                "description": "The players in seat order.",
                "type": "array",
                "items": {"type": "string"},
                "minItems": 2,
                "maxItems": 6,
            },
            "first": {"description": "Who took the first turn.", "type": "string"},
            "seed": {
                "description": "The seed of the draw, when the log gives one.",
                **_NULLABLE_TEXT,
            },
            "house_rules": _object(
                {
                    option: {"description": description, "enum": list(choices)}
                    for (option, choices), description in zip(
                        HouseRules.OPTIONS.items(), _HOUSE_RULE_DESCRIPTIONS, strict=True
                    )
                },
                "The house rules in force (the log's, with the defaults for those it leaves out).",
            ),
            "moves": {"description": "How many moves the log holds.", **_COUNT},
            "at": {
                "description": "The move after which the game is shown (0 = the start).",
                **_COUNT,
            },
            "last_move": {
                "description": "The move shown last (move `at`); null at the start.",
                "anyOf": [{"$ref": "#/$defs/entry"}, {"type": "null"}],
            },
            "pending": pending,
            "board": _object(
                {
                    "grid": {
                        "description": (
                            "The 7x7 board: grid[A][B] is the rate (B for 1 A) when A is the"
                            " stronger of the pair, null when A is the weaker."
                        ),
                        "type": "object",
                        "required": list(CURRENCIES),
                        "additionalProperties": False,
                        "properties": {
                            code: {
                                "type": "object",
                                "additionalProperties": False,
                                "required": [c for c in CURRENCIES if c != code],
                                "properties": {
                                    c: {"anyOf": [_RATE, {"type": "null"}]}
                                    for c in CURRENCIES
                                    if c != code
                                },
                            }
                            for code in CURRENCIES
                        },
                    },
                    "pairs_won": _per_currency(
                        {"type": "integer", "minimum": 0, "maximum": 6},
                        "How many pairs each currency is the stronger side of.",
                    ),
                    "non_paying": {
                        "description": "Currencies at the 8 space as the weaker side: they pay"
                        " no dividends.",
                        "type": "array",
                        "items": _CURRENCY,
                    },
                },
                "The currency board.",
            ),
            "next_dividend": {
                "description": "The next dividend in words, or `no dividends left`.",
                "type": "string",
            },
            "state": {"$ref": "#/$defs/state"},
            "standings": {"$ref": "#/$defs/standings"},
            "since": {
                "description": "With --since N: the moves after N up to `at`, with their events.",
                "type": "array",
                "items": {"$ref": "#/$defs/catch_up"},
            },
            "signatures": _signatures(),
            **seats_schema(),
        },
        "required": [
            "format",
            "version",
            "file",
            "title",
            "players",
            "first",
            "seed",
            "house_rules",
            "moves",
            "at",
            "last_move",
            "pending",
            "board",
            "next_dividend",
            "state",
            "standings",
        ],
        "additionalProperties": False,
        "$defs": {
            "entry": _entry(),
            "catch_up": _catch_up(),
            "queue_item": _queue_item(),
            "state": _state(),
            "standings": _standings(),
        },
    }


def _signatures() -> dict[str, Any]:
    key = {
        "type": "object",
        "additionalProperties": False,
        "required": ["key", "fingerprint", "since"],
        "properties": {
            "key": {"description": "The OpenSSH public-key line.", "type": "string"},
            "fingerprint": {
                "description": "`SHA256:...`, as ssh-keygen -l shows it.",
                "type": ["string", "null"],
            },
            "since": {
                "description": "The move whose signature added the key (trust on first use);"
                " null for a key given at set-up.",
                "anyOf": [{"type": "integer", "minimum": 1}, {"type": "null"}],
            },
        },
    }
    return {
        "description": "Only for a signed game (a log with keys, signatures or"
        " `signatures: required`): each player's key, the signers whose signatures verify,"
        " by move, and the spot deals that await their partner's countersignature (the"
        " agreement).",
        "type": "object",
        "additionalProperties": False,
        "required": ["keys", "signed", "awaiting"],
        "properties": {
            "keys": {"type": "object", "additionalProperties": key},
            "signed": {
                "type": "array",
                "items": {
                    "type": "object",
                    "additionalProperties": False,
                    "required": ["move", "by"],
                    "properties": {
                        "move": {"type": "integer", "minimum": 1},
                        "by": {"type": "array", "items": {"type": "string"}, "minItems": 1},
                    },
                },
            },
            "awaiting": {
                "description": "The spot deals up to this point whose partner has not"
                " countersigned them, by move.",
                "type": "array",
                "items": {
                    "type": "object",
                    "additionalProperties": False,
                    "required": ["move", "player", "partner"],
                    "properties": {
                        "move": {"type": "integer", "minimum": 1},
                        "player": {"description": "Who made the deal.", "type": "string"},
                        "partner": {
                            "description": "Whose signature it awaits.",
                            "type": "string",
                        },
                    },
                },
            },
        },
    }


def render() -> str:
    """The schema as the committed file holds it."""
    return json.dumps(show_schema(), indent=2, ensure_ascii=False) + "\n"


if __name__ == "__main__":
    print(render(), end="")
