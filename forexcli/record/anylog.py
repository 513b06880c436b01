"""Read, check and replay the log of any game through its rules module (``games.base.Game``).

The layers are For-Ex's (``gamelog``): the file, YAML with places, the game's
published schema, the files the header names (read relative to the log and
checked against their SHA-256), then replay, which stops at the first illegal
entry.  Every problem has file:line:col, the move number where there is one,
a stable code and a hint.  Nothing here knows a game's rules: the schema,
set-up, notation, legal decisions, apply and views all come from the game.

For-Ex logs keep their own reader (``gamelog``), which words many more header
problems; ``read_log`` picks the reader by the header's ``game:``.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from functools import cache
from typing import Any

from msgspec import Struct, field

from ..games import Game, Resource
from ..games.base import LoadsResources, state_digest
from . import yamlread
from .hints import did_you_mean
from .problems import LogError, Problem, quoted

MAX_SCHEMA_PROBLEMS = 50
"""At most this many schema problems are listed for one file."""

ENTRY_FIELDS = ("note", "digest", "sig")
"""The keys an entry may have beside its decider."""

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


class RecordEntry(Struct, frozen=True):
    """One entry as written: its number, who decides (the key), the notation and the note."""

    number: int
    key: str
    text: str
    decisions: tuple[Any, ...]
    note: str | None = None
    digest: str | None = None
    sig: dict[str, str] | None = None

    @property
    def player(self) -> str:
        """Who decided (the key), as ``record.signing`` reads an entry of any game."""
        return self.key

    @property
    def written(self) -> None:
        """No For-Ex notation (so no spot partner who could countersign)."""
        return None


class GameRecord(Struct):
    """A log of ``game`` read and checked against its schema and resources (not yet replayed)."""

    game: Game[Any, Any]
    filename: str
    text: str
    document: yamlread.Document
    entries: tuple[RecordEntry, ...]
    resources: dict[str, Any] = field(default_factory=dict)

    @property
    def header(self) -> dict[str, Any]:
        """The log's top-level fields other than the moves."""
        data: dict[str, Any] = self.document.data
        return {key: value for key, value in data.items() if key != "moves"}

    @property
    def title(self) -> str | None:
        """The game's title, if the log gives one."""
        title = self.document.data.get("title")
        return title if isinstance(title, str) else None

    @property
    def players(self) -> tuple[str, ...]:
        """The players, in seat order."""
        return tuple(str(p) for p in self.document.data.get("players", ()))

    def place(self, path: tuple[Any, ...], *, key: bool = False) -> tuple[int, int] | None:
        """Line and column of a value (or key) in the file."""
        return self.document.place(path, key=key)


class GameReplay(Struct):
    """A record replayed as far as it is legal: the state at the start and after each entry."""

    record: GameRecord
    initial: Any
    states: list[Any] = field(default_factory=list)
    problem: Problem | None = None

    @property
    def log(self) -> GameRecord:
        """The record, under the name ``record.signing`` reads a replay's log by."""
        return self.record

    @property
    def moves(self) -> int:
        """How many entries replayed legally."""
        return len(self.states)

    @property
    def final(self) -> Any:
        """The state after the last legal entry."""
        return self.states[-1] if self.states else self.initial

    def state_after(self, number: int) -> Any:
        """The state after entry ``number`` (0: the start)."""
        return self.initial if number == 0 else self.states[number - 1]


def _problem(
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

    from ..games import get

    return Draft202012Validator(dict(get(name).schemas()["log"]))


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
                hints.extend(did_you_mean(str(unknown[0]), allowed))
        found.append(
            _problem(
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


def read_entries(game: Game[Any, Any], doc: yamlread.Document, filename: str) -> list[RecordEntry]:
    """The entries of a log's ``moves``: each names one known decider and a decision in the
    game's notation (else ``LogError`` with every problem found)."""
    header = {k: v for k, v in doc.data.items() if k != "moves"}
    keys = game.log_keys(header)
    problems: list[Problem] = []
    entries: list[RecordEntry] = []
    for index, raw in enumerate(doc.data.get("moves") or ()):
        number = index + 1
        deciders = [k for k in raw if k not in ENTRY_FIELDS]
        if len(deciders) != 1:
            problems.append(
                _problem(
                    "bad_entry",
                    f"move {number}: an entry names exactly one decider (a player or"
                    f" {', '.join(k for k in keys if k not in header['players'])}),"
                    f" not {len(deciders)}",
                    "schema",
                    doc,
                    filename,
                    ("moves", index),
                    entry=number,
                )
            )
            continue
        (key,) = deciders
        if key not in keys:
            problems.append(
                _problem(
                    "unknown_player",
                    f"move {number}: {quoted(key)} is not a player of this game"
                    f" ({keys_text(keys, header['players'])})",
                    "header",
                    doc,
                    filename,
                    ("moves", index, key),
                    key=True,
                    entry=number,
                    hints=did_you_mean(str(key), keys),
                )
            )
            continue
        text = str(raw[key])
        try:
            decisions = game.parse(key, text)
        except game.notation_error as error:
            problems.append(
                _problem(
                    getattr(error, "code", "bad_notation"),
                    f"move {number}: {key}: {text}: {getattr(error, 'reason', error)}",
                    "schema",
                    doc,
                    filename,
                    ("moves", index, key),
                    entry=number,
                )
            )
            continue
        entries.append(
            RecordEntry(
                number, key, text, decisions, raw.get("note"), raw.get("digest"), raw.get("sig")
            )
        )
    if problems:
        raise LogError(problems)
    return entries


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


def load_resources(game: Game[Any, Any], doc: yamlread.Document, filename: str) -> dict[str, Any]:
    """The decoded files the header names (relative to the log's folder), each checked.

    A problem is placed at the header key that names the file (its ``sha256`` for a
    digest that differs), with the loader's stable code.
    """
    header = {k: v for k, v in doc.data.items() if k != "moves"}
    folder = os.path.dirname(filename) if filename != "<log>" else ""
    loaded: dict[str, Any] = {}
    for resource in game.resources(header):
        if not isinstance(game, LoadsResources):
            loaded[resource.role] = resource.embedded
            continue
        try:
            loaded[resource.role] = game.load_resource(resource, folder)
        except Exception as error:
            code = getattr(error, "code", None)
            if not isinstance(code, str):
                raise
            path: tuple[Any, ...] = (resource.role, "sha256" if "digest" in code else "file")
            raise LogError(
                [
                    _problem(
                        code,
                        f"{resource.role}: {getattr(error, 'reason', error)}",
                        "header",
                        doc,
                        filename,
                        path,
                        hints=_resource_hints(code, resource),
                    )
                ]
            ) from None
    return loaded


def _resource_hints(code: str, resource: Resource) -> tuple[str, ...]:
    if "digest" in code:
        return (
            f"the {resource.role} file is not the one the log was written with: use that"
            " file, or if the players agree on the new one, write its SHA-256"
            " (sha256sum FILE) in the header",
        )
    if "unreadable" in code:
        return (f"the path of the {resource.role} file is relative to the log's folder",)
    return (f"fix the {resource.role} file, or name the right one in the header",)


def parse_record(
    game: Game[Any, Any], doc: yamlread.Document, text: str, filename: str
) -> GameRecord:
    """Check a log already read as YAML: schema, then entries and resources; raises LogError."""
    problems = schema_problems(game, doc, filename)
    if problems:
        raise LogError(problems)
    entries = read_entries(game, doc, filename)
    resources = load_resources(game, doc, filename)
    return GameRecord(game, filename, text, doc, tuple(entries), resources)


def replay(record: GameRecord) -> GameReplay:
    """Replay every entry; stops at the first illegal one (see ``GameReplay.problem``)."""
    game = record.game
    try:
        initial = game.setup(record.header, record.resources)
    except game.rules_error as error:
        raise LogError(
            [
                _problem(
                    getattr(error, "code", "bad_setup"),
                    str(getattr(error, "reason", error)),
                    "header",
                    record.document,
                    record.filename,
                    ("setup",) if "setup" in record.header else ("players",),
                    hints=(
                        *error_hints(error),
                        f"the header's keys: forex schema --game {game.name}",
                    ),
                )
            ]
        ) from None
    result = GameReplay(record, initial)
    state = initial
    for entry in record.entries:
        try:
            for decision in entry.decisions:
                state = game.apply(state, decision)
        except game.rules_error as error:
            result.problem = rules_problem(record, result.final, entry, error)
            return result
        result.states.append(state)
    return result


def rules_problem(record: GameRecord, before: Any, entry: RecordEntry, error: Exception) -> Problem:
    """The problem of an entry the rules refuse, with who decides now and what is left unchecked."""
    game = record.game
    pending = game.pending(before)
    hints: list[str] = error_hints(error)
    if pending.over:
        hints.append("the game is over: no entry may follow")
    else:
        hints.append(
            f"{' or '.join(pending.deciders)} decides now ({pending.kind});"
            f" forex moves {os.path.basename(record.filename)} lists what is legal"
        )
    following = len(record.entries) - entry.number
    if following > 0:
        hints.append(f"{following} later entr{'y' if following == 1 else 'ies'} not checked")
    return _problem(
        getattr(error, "code", "illegal_decision"),
        f"move {entry.number}: {entry.key}: {entry.text}: {getattr(error, 'reason', error)}",
        "rules",
        record.document,
        record.filename,
        ("moves", entry.number - 1, entry.key),
        entry=entry.number,
        hints=hints,
    )


def check_digests(played: GameReplay) -> Problem | None:
    """The first replayed entry whose recorded ``digest:`` differs from the state after it."""
    for entry, state in zip(played.record.entries, played.states, strict=False):
        if entry.digest is None:
            continue
        found = state_digest(played.record.game, state)
        if found != entry.digest:
            return _problem(
                "digest_mismatch",
                f"move {entry.number}: the recorded digest {entry.digest} is not the digest"
                f" of the state after it ({found}): an earlier entry or the set-up was"
                " edited after it was written",
                "rules",
                played.record.document,
                played.record.filename,
                ("moves", entry.number - 1, "digest"),
                entry=entry.number,
                hints=("compare with the copy the other players have (forex diff A B)",),
            )
    return None


def pending_line(game: Game[Any, Any], state: Any) -> str:
    """Who decides next, or that the game is over, as one short line."""
    pending = game.pending(state)
    if pending.over:
        result = game.result(state) or {}
        winners = result.get("winners") or []
        return f"game over: {' and '.join(winners)} won" if winners else "game over"
    what = f"{pending.kind} of {pending.count}" if pending.count else pending.kind
    return f"{' or '.join(pending.deciders)} to decide ({what})"


def parse_any(data: bytes | str, filename: str = "<log>") -> Any:
    """A For-Ex ``GameLog`` or, for a log whose header names another game, a ``GameRecord``."""
    from .gamelog import OtherGame, parse_log

    try:
        return parse_log(data, filename)
    except OtherGame as other:
        return parse_record(other.game, other.document, other.document.text, filename)


def load_any(path: str | os.PathLike[str], display_name: str | None = None) -> Any:
    """``parse_any`` of a file; raises ``LogError``."""
    from .gamelog import read_bytes

    name = display_name or os.fspath(path)
    try:
        data = read_bytes(path)
    except LogError as error:
        raise LogError([p.in_file(name) for p in error.problems]) from None
    return parse_any(data, name)


def load_record(path: str | os.PathLike[str], display_name: str | None = None) -> GameRecord:
    """A log of a game other than For-Ex, read and checked; raises ``LogError`` for a For-Ex log."""
    found = load_any(path, display_name)
    if not isinstance(found, GameRecord):
        raise TypeError("a For-Ex log: read it with gamelog.load")
    return found


def load_and_replay(
    path: str | os.PathLike[str], display_name: str | None = None
) -> tuple[list[Problem], Any]:
    """``gamelog.load_and_replay`` for a log of any game: not its digests nor signatures.

    The replay is ``gamelog.Replay`` for For-Ex and ``GameReplay`` for another game.
    """
    from .gamelog import replay_final

    try:
        found = load_any(path, display_name)
        played = replay(found) if isinstance(found, GameRecord) else replay_final(found)
    except LogError as error:
        return error.problems, None
    return ([played.problem] if played.problem else []), played


def check(
    path: str | os.PathLike[str],
    display_name: str | None = None,
    *,
    require_signatures: bool = False,
) -> tuple[list[Problem], Any]:
    """``gamelog.check`` for a log of any game: every problem ``forex validate`` finds in it.

    The replay is ``gamelog.Replay`` for For-Ex and ``GameReplay`` for another game.
    """
    problems, played = load_and_replay(path, display_name)
    if played is not None and not problems:
        from .validation import integrity_problems

        problems = integrity_problems(played, require_signatures)[0]
    return problems, played
