"""How a log's problems are worded and placed, for every game.

``placed_problem`` puts a problem at the line and column of a place in the YAML;
``schema_problems`` words each break of a game's published log schema in the log's terms
(``move 3.note``, an unknown key with "did you mean"), its code from ``RECODED_KEYWORDS``
or ``schema_KEYWORD``; ``error_hints`` gives a game error's hints and ``keys_text`` lists
the keys an entry may name.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import TYPE_CHECKING, Any

from .. import games
from .hints import did_you_mean
from .problems import Problem, quoted

if TYPE_CHECKING:
    from ..games.base import Game
    from . import yamlread

MAX_SCHEMA_PROBLEMS = 50
"""At most this many schema problems are listed for one file (for a game that does not
check its log itself)."""


RECODED_KEYWORDS = {
    "additionalProperties": "schema_unknown_key",
    "anyOf": "bad_notation",
    "propertyNames": "bad_player_name",
    "not": "bad_player_name",
    "minProperties": "bad_entry",
    "maxProperties": "bad_entry",
}
"""Schema keywords whose errors get a code of their own (the others: ``schema_KEYWORD``).

In the games' log schemas ``anyOf`` lists the notation's patterns, ``propertyNames`` and
``not`` the player-name rule, ``minProperties``/``maxProperties`` an entry's one decider."""


def placed_problem(
    code: str,
    message: str,
    layer: str,
    doc: yamlread.Document,
    filename: str,
    path: tuple[Any, ...],
    *,
    key: bool = False,
    entry: int | None = None,
    hints: Sequence[str] = (),
) -> Problem:
    place = doc.place(path, key=key)
    line, column = place if place else (None, None)
    return Problem(code, message, layer, filename, line, column, entry, tuple(hints))


@cache
def _validator(name: str) -> Any:
    from jsonschema import Draft202012Validator

    return Draft202012Validator(dict(games.get(name).schemas()["log"]))


def _describe(path: tuple[Any, ...]) -> str:
    if not path:
        return "the log"
    if path[0] == "moves" and len(path) > 1 and isinstance(path[1], int):
        rest = "".join(f".{part}" for part in path[2:])
        return f"move {path[1] + 1}{rest}"
    return ".".join(str(part) for part in path)


def schema_problems(game: Game[Any, Any], doc: yamlread.Document, filename: str) -> list[Problem]:
    """Every place where the log breaks its game's published schema."""
    found: list[Problem] = []
    errors = sorted(
        _validator(game.name).iter_errors(doc.data), key=lambda e: [str(p) for p in e.path]
    )
    for error in errors[:MAX_SCHEMA_PROBLEMS]:
        path = tuple(error.absolute_path)
        entry = path[1] + 1 if path[:1] == ("moves",) and len(path) > 1 else None
        code = RECODED_KEYWORDS.get(str(error.validator), f"schema_{error.validator}")
        message = f"{_describe(path)}: {error.message}"
        hints: list[str] = []
        key = False
        if error.validator == "additionalProperties" and isinstance(error.instance, dict):
            allowed = list(error.schema.get("properties", {}))
            unknown = [k for k in error.instance if k not in allowed]
            if unknown:
                path = (*path, unknown[0])
                key = True
                message = f"{_describe(path[:-1])}: unknown key {quoted(unknown[0])}"
                hints.extend(
                    did_you_mean(str(unknown[0]), allowed)
                    or (f"remove {quoted(unknown[0])}, or keep it as a comment (# ...)",)
                )
        found.append(
            placed_problem(
                code, message, "schema", doc, filename, path, key=key, entry=entry, hints=hints
            )
        )
    if len(errors) > MAX_SCHEMA_PROBLEMS:
        found.append(
            Problem(
                "too_many_problems",
                f"{len(errors) - MAX_SCHEMA_PROBLEMS} more schema problems not listed",
                "schema",
                filename,
            )
        )
    return found


def keys_text(keys: Sequence[str], players: Sequence[str]) -> str:
    """``ben, ann; other entry keys: deck``: the players, then the keys that are not players."""
    others = [k for k in keys if k not in players]
    listed = ", ".join(str(p) for p in players)
    return listed + (f"; other entry keys: {', '.join(others)}" if others else "")


def error_hints(error: Exception) -> list[str]:
    """The hints a game's error carries, and "did you mean" for a name it does not know."""
    hints = [str(h) for h in getattr(error, "hints", ()) or ()]
    unknown = getattr(error, "unknown", None)
    if unknown is not None:
        word, choices = unknown
        hints[:0] = did_you_mean(str(word), [str(c) for c in choices])
    return hints
