"""Load, check and replay a game log: YAML, then the schema, then the rules.

Each layer reports every problem it finds with file, line, column, the entry
(move) number and a stable code.  Replay stops at the first illegal decision,
since what follows cannot be judged.  ``check`` is the whole check of a file, the
one ``forex validate`` makes: these layers, then the recorded digests and signatures.
"""

from __future__ import annotations

import json
import os
import re
import stat
from collections.abc import Sequence
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from msgspec import Struct
from msgspec.structs import replace

from ..games.forex.engine import (
    CURRENCIES,
    Event,
    ForexError,
    GameState,
    HouseRules,
    apply_all,
    apply_with_events,
    draw_removed,
    new_game,
)
from ..games.forex.notation import END, NotationError, Written, parse
from ..games.forex.schema_source import (
    GAME_NAME,
    NAME_BAD_STARTS,
    NAME_RULE,
    PLAYER_NAME_PATTERN,
    RESERVED_ENTRY_KEYS,
)
from . import fastpath, yamlread
from .hints import close_match, confusable_pairs, did_you_mean, quoted_in_a_mail
from .problems import LogError, Problem, printable, quoted

MAX_LOG_BYTES = 8 * 1024 * 1024
"""Larger files are refused before they are parsed."""

SCHEMA_FILE = Path(__file__).parent.parent / "schemas" / "forex-log.schema.json"


class Entry(Struct, frozen=True):
    """One move of the log as written: who, what, and the note."""

    number: int
    player: str
    text: str
    written: Written
    note: str | None = None
    digest: str | None = None
    sig: dict[str, str] | None = None
    """Signatures (signer's name to base64), see ``forexcli.record.signing``."""


class GameLog(Struct):
    """A log read and checked against the schema (not yet replayed)."""

    filename: str
    text: str
    document: yamlread.Document
    players: tuple[str, ...]
    first: str
    removed: tuple[int, ...]
    seed: str | None
    entries: tuple[Entry, ...]

    @property
    def header(self) -> dict[str, Any]:
        """The log's top-level fields other than the moves."""
        data = self.document.data
        return {key: value for key, value in data.items() if key != "moves"}

    @property
    def title(self) -> str | None:
        """The game's title, if the log gives one."""
        title = self.document.data.get("title")
        return title if isinstance(title, str) else None

    def place(self, path: tuple[Any, ...], *, key: bool = False) -> tuple[int, int] | None:
        """Line and column of a value (or key) in the file."""
        return self.document.place(path, key=key)

    @property
    def house_rules(self) -> HouseRules:
        """The table's house rules (the defaults for rules the log leaves out)."""
        given = self.document.data.get("house_rules") or {}
        return HouseRules(**{k: v for k, v in given.items() if k in HouseRules.OPTIONS})

    def new_game(self) -> GameState:
        """The state at the start of this game."""
        return new_game(self.players, self.removed, self.first, self.house_rules)


class Replay:
    """A log replayed as far as it is legal: the state after each entry.

    ``replay_final`` keeps only the final state (``apply_all`` checks every decision
    without building the states in between); the states and events after
    each entry are then worked out when first asked for.
    """

    def __init__(self, log: GameLog, initial: GameState, final: GameState | None = None) -> None:
        self.log = log
        self.initial = initial
        self.problem: Problem | None = None
        self._final = final
        self._states: list[GameState] | None = None if final is not None else []
        self._events: list[tuple[Event, ...]] | None = None if final is not None else []

    def _fill(self) -> None:
        full = replay(self.log)
        self._states, self._events = full.states, full.events

    @property
    def states(self) -> list[GameState]:
        """The state after each legal entry."""
        if self._states is None:
            self._fill()
        assert self._states is not None
        return self._states

    @property
    def events(self) -> list[tuple[Event, ...]]:
        """What each legal entry caused, in order."""
        if self._events is None:
            self._fill()
        assert self._events is not None
        return self._events

    @property
    def moves(self) -> int:
        """How many entries replayed legally."""
        return len(self.log.entries) if self._states is None else len(self._states)

    @property
    def final(self) -> GameState:
        """The state after the last legal entry."""
        if self._states is None and self._final is not None:
            return self._final
        return self.states[-1] if self.states else self.initial

    def state_after(self, number: int) -> GameState:
        """The state after entry ``number`` (0 for the start)."""
        if not 0 <= number <= len(self.states):
            raise IndexError(number)
        return self.initial if number == 0 else self.states[number - 1]


# --------------------------------------------------------------------------- reading


def _open_nonblocking(path: str, flags: int) -> int:
    return os.open(path, flags | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0))


def read_bytes(path: str | os.PathLike[str]) -> bytes:
    """The bytes of a log file; problems (missing, a folder, a FIFO, too large) as LogError."""
    name = os.fspath(path)

    def fail(code: str, message: str) -> LogError:
        return LogError([Problem(code, message, "io", name)])

    try:
        info = os.stat(name)
    except FileNotFoundError:
        raise fail("not_found", f"no such file: {name}") from None
    except PermissionError:
        raise fail("unreadable", f"permission denied: {name}") from None
    except OSError as error:
        raise fail("unreadable", f"cannot read {name}: {error.strerror}") from None
    if stat.S_ISDIR(info.st_mode):
        raise fail("is_a_directory", f"{name} is a folder, not a game log")
    if not stat.S_ISREG(info.st_mode):
        raise fail("not_a_file", f"{name} is not a regular file (a pipe, socket or device)")
    if info.st_size > MAX_LOG_BYTES:
        raise fail(
            "too_large",
            f"{name} is {info.st_size:,} bytes; a game log is at most {MAX_LOG_BYTES:,}",
        )
    try:
        # Without blocking: if a pipe took the file's place since the stat, opening it must
        # not wait for a writer; what was opened is checked again.
        with open(name, "rb", opener=_open_nonblocking) as handle:
            opened = os.fstat(handle.fileno())
            if not stat.S_ISREG(opened.st_mode):
                raise fail("not_a_file", f"{name} is not a regular file (a pipe, socket or device)")
            # Ask for the size the file has (asking for the limit allocates 8 MB each time),
            # and read on, up to the limit, if it grew since.
            data = handle.read(min(opened.st_size, MAX_LOG_BYTES) + 1)
            if len(data) > opened.st_size:
                data += handle.read(MAX_LOG_BYTES + 1 - len(data))
    except LogError:
        raise
    except PermissionError:
        raise fail("unreadable", f"permission denied: {name}") from None
    except OSError as error:
        raise fail("unreadable", f"cannot read {name}: {error.strerror}") from None
    if len(data) > MAX_LOG_BYTES:
        raise fail("too_large", f"{name} is larger than {MAX_LOG_BYTES:,} bytes")
    return data


_LOG_KEY = re.compile(
    rb"""(?:^|[{,]|^---)[ \t]*(?:\?[ \t]*)?(?:forex|"forex"|'forex'|game|"game"|'game')[ \t]*:""",
    re.M,
)
"""A ``forex`` (or ``game``) key however YAML writes it, for text that is not well-formed YAML."""


def is_log(data: bytes) -> bool:
    """True when ``data`` is meant as a game log: its top-level mapping has ``forex`` or ``game``.

    Well-formed YAML is read, so every way of writing the key counts (quoted, flow style,
    a ``---`` line, an explicit ``?`` key); text that does not read as YAML counts when a
    line looks like such a key, so that a broken log is still checked and reported.
    """
    try:
        document = yamlread.read(yamlread.decode(data, "<log>"))
    except LogError:
        return _LOG_KEY.search(data) is not None
    return isinstance(document.data, dict) and ("forex" in document.data or "game" in document.data)


@cache
def log_schema() -> dict[str, Any]:
    """The published log schema, as the tool uses it."""
    loaded: dict[str, Any] = json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))
    return loaded


FAST_VALIDATOR = fastpath.Validator(log_schema, END)
"""The published log schema as the fast path checks it (compiled when first used)."""


@cache
def _validator() -> Any:
    from jsonschema import Draft202012Validator

    return Draft202012Validator(log_schema())


@cache
def _entry_validator() -> Any:
    """A validator of one entry of ``moves`` (its errors' paths start inside the entry)."""
    from jsonschema import Draft202012Validator

    schema = log_schema()
    return Draft202012Validator(
        {"$schema": schema["$schema"], "$defs": schema["$defs"], "$ref": "#/$defs/entry"}
    )


MAX_SCHEMA_PROBLEMS = 50
"""The schema check stops after this many problems (and says so)."""


def schema_problems(doc: yamlread.Document, filename: str) -> list[Problem]:
    """Every schema violation, each at its own place (at most ``MAX_SCHEMA_PROBLEMS``).

    What the compiled validator (``FAST_VALIDATOR.surely_valid``) accepts is not
    given to jsonschema: the header is checked with the moves left out, then
    each entry the compiled validator doubts is checked on its own, so that
    one bad entry in a long log costs one entry's check.  The problems are
    the ones jsonschema finds in the whole document.
    """
    surely_valid = FAST_VALIDATOR.surely_valid
    data = doc.data
    if surely_valid(data):
        return []
    problems: list[Problem] = []
    moves = data.get("moves") if isinstance(data, dict) else None
    header = data
    if isinstance(moves, list):
        header = dict(data, moves=[])
    if not surely_valid(header):
        for error in _validator().iter_errors(header):
            problems.extend(_schema_problem(error, doc, filename))
            if len(problems) > MAX_SCHEMA_PROBLEMS:
                break
    if isinstance(moves, list):
        validator = _entry_validator()
        for index, entry in enumerate(moves):
            if len(problems) > MAX_SCHEMA_PROBLEMS:
                break
            if surely_valid(entry, "entry"):
                continue
            for error in validator.iter_errors(entry):
                problems.extend(_schema_problem(error, doc, filename, ("moves", index)))
    problems.sort(key=lambda p: (p.line or 0, p.column or 0))
    problems = _rule_stated_once(problems)
    if len(problems) > MAX_SCHEMA_PROBLEMS:
        last = problems[MAX_SCHEMA_PROBLEMS - 1]
        problems = problems[:MAX_SCHEMA_PROBLEMS]
        problems.append(
            Problem(
                "too_many_problems",
                f"stopped checking after {MAX_SCHEMA_PROBLEMS} problems",
                "schema",
                filename,
                last.line,
                last.column,
            )
        )
    return problems


def _rule_stated_once(problems: list[Problem]) -> list[Problem]:
    """The problems, with the whole player-name rule as a hint of the first bad name only."""
    stated = False
    kept = []
    for problem in problems:
        if NAME_RULE in problem.hints:
            if stated:
                problem = replace(problem, hints=tuple(h for h in problem.hints if h != NAME_RULE))
            stated = True
        kept.append(problem)
    return kept


def _entry_number(path: tuple[Any, ...]) -> int | None:
    if len(path) >= 2 and path[0] == "moves" and isinstance(path[1], int):
        return path[1] + 1
    return None


def _describe(path: tuple[Any, ...]) -> str:
    if not path:
        return "the log"
    parts = []
    for part in path:
        if isinstance(part, int):
            parts.append(f"[{part + 1}]")
        elif _PLAIN_KEY.match(part):
            parts.append(f".{part}")
        else:
            parts.append(f"[{quoted(part, 30)}]")
    return "".join(parts).lstrip(".")


_PLAIN_KEY = re.compile(r"[A-Za-z_][A-Za-z0-9_-]*\Z")

_REQUIRED = {
    "forex": "the log has no `forex: 1` (the version of the log format)",
    "players": "the log has no `players:` (2 to 6 names in seat order)",
}


def name_problem(name: str) -> str:
    """Why ``name`` is not a valid player name (empty if it is one)."""
    if name in RESERVED_ENTRY_KEYS:
        return f"{name} is a key of an entry, not a player's name"
    if not name:
        return "a name has 1 to 32 characters, not none"
    if len(name) > 32:
        return f"a name has 1 to 32 characters, not {len(name)}"
    bad = sorted({ch for ch in name if ord(ch) < 0x20 or ord(ch) == 0x7F})
    if bad:
        return f"a name has no control characters ({printable(''.join(bad))})"
    bad = sorted({ch for ch in name if ch in ";:#,"})
    if bad:
        return f"a name has none of ; : # , (found {' '.join(bad)})"
    if name[0].isspace() or name[-1].isspace():
        return "a name does not start or end with a space"
    if name[0] in NAME_BAD_STARTS:
        return f"a name does not start with {name[0]} (it means something else in YAML)"
    return "" if re.match(PLAYER_NAME_PATTERN, name) else NAME_RULE


def _schema_problem(
    error: Any, doc: yamlread.Document, filename: str, prefix: tuple[Any, ...] = ()
) -> list[Problem]:
    """The problems one jsonschema error stands for (one per unknown key), placed."""
    path = (*prefix, *error.absolute_path)
    validator = error.validator
    instance = error.instance
    where = _describe(path)
    key_place = False
    code = f"schema_{validator}"
    message = f"{where}: {_cut(error.message)}"
    hints: tuple[str, ...] = ()
    if validator == "additionalProperties" and isinstance(instance, dict):
        allowed = set(error.schema.get("properties", {}))
        extra = [k for k in instance if k not in allowed]
        # The header's optional `game:` (For-Ex by default) is left out of the keys listed,
        # so that a For-Ex log's problems read as they did before there were other games.
        known = ", ".join(sorted(allowed - ({"game"} if not path else set())))
        found = []
        for key in extra[:MAX_SCHEMA_PROBLEMS]:
            place = doc.place((*path, key), key=True)
            line, column = place if place else (None, None)
            key_hints = did_you_mean(str(key), allowed)
            if not path and key in RESERVED_ENTRY_KEYS:
                key_hints += (
                    f"`{key}:` belongs to an entry of `moves`: indent it under that entry,"
                    " level with the player's name",
                )
            found.append(
                Problem(
                    "schema_unknown_key",
                    f"{where}: unknown key {quoted(key)}; the keys are {known}",
                    "schema",
                    filename,
                    line,
                    column,
                    _entry_number(path),
                    key_hints,
                )
            )
        if found:
            return found
    elif validator == "pattern" and len(path) == 4 and path[0] == "moves" and path[2] == "sig":
        message = (
            f"move {path[1] + 1}: {path[3]}'s signature is not base64 (as `forex play --sign`"
            " writes it)"
        )
        code = "bad_signature"
    elif validator == "pattern" and len(path) == 3 and path[0] == "moves":
        if path[2] == "digest":
            message = (
                f"move {path[1] + 1}: digest {quoted(instance)} is not a digest (16 hex digits"
                " 0-9 a-f, as `forex play` writes them)"
            )
            code = "schema_pattern"
        else:
            key = str(path[2])
            meant = close_match(key, RESERVED_ENTRY_KEYS)
            if meant is not None and key not in _player_names(doc.data):
                message = (
                    f"move {path[1] + 1}: {quoted(key)} is read as a player's name, so"
                    f" {quoted(instance)} is read as a decision"
                )
                hints = (f"did you mean {meant}?",)
            else:
                try:
                    parse(key, instance)
                    message = f"move {path[1] + 1}: {quoted(instance)} is not a decision"
                except NotationError as problem:
                    message = f"move {path[1] + 1}: {problem.reason}"
                    hints = problem.hints
            code = "bad_notation"
    elif (
        validator == "pattern"
        and path
        and path[0] == "moves"
        and "propertyNames" not in (error.schema_path)
    ):
        message = f"{where}: decisions start with spot, contract, invest, divest, resolve, sell,"
        message += " strengthen or strongest"
        code = "bad_notation"
    elif validator == "propertyNames" or (
        validator == "pattern" and "propertyNames" in error.schema_path
    ):
        name = instance if isinstance(instance, str) else str(instance)
        message = f"{where}: {quoted(name)} is not a valid player name: {name_problem(name)}"
        code = "bad_player_name"
        hints = (NAME_RULE,)
        path = (*path, name)
        key_place = True
    elif validator == "pattern" and (
        (len(path) == 2 and path[0] == "players") or path == ("first",)
    ):
        name = str(instance)
        message = f"{where}: {quoted(name)} is not a valid player name: {name_problem(name)}"
        code = "bad_player_name"
        hints = (NAME_RULE,)
    elif (
        validator == "not"
        and isinstance(instance, str)
        and path
        and path[0]
        in (
            "players",
            "first",
        )
    ):
        message = f"{where}: {quoted(instance)} cannot be a player's name: {name_problem(instance)}"
        code = "bad_player_name"
        hints = (NAME_RULE,)
    elif validator in ("maxProperties", "minProperties") and len(path) == 2 and _entry_number(path):
        players = [k for k in instance if k not in RESERVED_ENTRY_KEYS]
        if not players:
            message = f"move {path[1] + 1}: the entry names no player (write `NAME: DECISION`)"
            hints = (
                "a note or digest belongs to the entry it is about: write it without a dash,"
                " under that entry, level with the player's name",
            )
        else:
            names = ", ".join(quoted(p, 30) for p in players[:6])
            message = f"move {path[1] + 1}: one entry holds one player's decision; found {names}"
            seated = _player_names(doc.data)
            hints = tuple(
                f"{quoted(key)} is not a player{' of this game' if seated else ''}:"
                f" did you mean {match}?"
                for key in players
                if key not in seated
                and (match := close_match(str(key), [*RESERVED_ENTRY_KEYS, *seated])) is not None
            )
        code = "bad_entry"
    elif validator in ("minItems", "maxItems") and path == ("players",):
        message = f"players: For-Ex takes 2 to 6 players, not {len(instance)}"
    elif validator == "uniqueItems" and path == ("players",):
        twice = [p for i, p in enumerate(instance) if p in instance[:i]]
        message = f"players: {quoted(twice[0] if twice else instance)} is listed twice"
    elif validator == "required" and not path:
        missing = [k for k in error.validator_value if k not in instance]
        name = missing[0] if missing else ""
        message = _REQUIRED.get(name, f"the log has no `{name}:`")
    elif validator == "anyOf" and not path:
        message = "the log needs `removed:` (the 6 certificates removed at set-up) or `seed:`"
        code = "schema_required"
    elif validator == "not" and not path:
        message = "give either `removed:` or `seed:`, not both"
        code = "schema_removed_and_seed"
    elif validator == "const" and path == ("forex",):
        if instance == "1":
            message = "forex: the version is the number 1, not the text '1' (leave out the quotes)"
        else:
            message = f"forex: this tool reads format version 1, not {_shown(instance)}"
        code = "unsupported_version"
    elif validator == "enum":
        choices = ", ".join(str(c) for c in error.validator_value)
        message = f"{where}: expected one of {choices}, found {_shown(instance)}"
        if isinstance(instance, str):
            hints = did_you_mean(instance, [str(c) for c in error.validator_value])
    elif validator == "type":
        expected = error.validator_value
        message = f"{where}: expected {_type_words(expected)}, found {_shown(instance)}"
        wants_text = expected == "string" or (isinstance(expected, list) and "string" in expected)
        if wants_text and isinstance(instance, (bool, int, float)):
            message += " (quote it to make it text)"
    elif validator in ("maxLength", "minLength") and isinstance(instance, str):
        bound = error.validator_value
        more = "at most" if validator == "maxLength" else "at least"
        message = f"{where}: {len(instance):,} characters, {more} {bound:,} allowed"
    elif validator in ("minimum", "maximum"):
        more = "at least" if validator == "minimum" else "at most"
        message = f"{where}: {_shown(instance)}; it must be {more} {error.validator_value}"
    place = doc.place(path, key=key_place)
    line, column = place if place else (None, None)
    return [Problem(code, message, "schema", filename, line, column, _entry_number(path), hints)]


def _player_names(data: Any) -> list[str]:
    """The names listed in ``players``, as far as they are names (for hints)."""
    players = data.get("players") if isinstance(data, dict) else None
    return [p for p in players if isinstance(p, str)] if isinstance(players, list) else []


def _cut(text: str, limit: int = 200) -> str:
    return text if len(text) <= limit else text[:limit] + "..."


def _type_words(expected: Any) -> str:
    words = {
        "string": "text",
        "integer": "a whole number",
        "object": "a mapping (key: value)",
        "array": "a list",
        "number": "a number",
        "boolean": "true or false",
    }
    if isinstance(expected, list):
        return " or ".join(words.get(str(e), str(e)) for e in expected)
    return words.get(expected, str(expected))


def _shown(value: Any) -> str:
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, (int, float)):
        text = repr(value)
        return f"the number {text if len(text) <= 30 else text[:30] + '...'}"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    return quoted(value)


def parse_log(data: bytes | str, filename: str = "<log>") -> GameLog:
    """Read and check a log's YAML and schema, and its header's consistency.

    Schema and header problems are independent layers and are reported together; so are
    the notation and player of every entry that the schema does not already refuse.
    """
    if len(data) > MAX_LOG_BYTES:
        raise LogError(
            [
                Problem(
                    "too_large",
                    f"{filename} is larger than {MAX_LOG_BYTES:,} bytes; a game log is far smaller",
                    "io",
                    filename,
                )
            ]
        )
    text = yamlread.decode(data, filename) if isinstance(data, bytes) else data
    surely = fastpath.accepted(text, FAST_VALIDATOR)
    if surely is not None:  # surely valid YAML and schema, read as yamlread reads it
        return _build(yamlread.Document(surely, text, None, filename), text, filename)
    doc = yamlread.read(text, filename)
    if doc.data is None:
        raise LogError([Problem("empty", "the file is empty: no game log in it", "yaml", filename)])
    if not isinstance(doc.data, dict):
        line, column = doc.values.get((), (1, 1))
        hints: tuple[str, ...] = ()
        if quoted_in_a_mail(text):
            hints = (
                "the log is quoted as in a mail reply (its lines start with '>'): remove the"
                " '> ' from the start of every line, or save the log attached to the mail",
            )
        raise LogError(
            [
                Problem(
                    "not_a_mapping",
                    "a game log is a mapping (forex:, players:, moves: ...), not"
                    f" {_shown(doc.data)}",
                    "yaml",
                    filename,
                    line,
                    column,
                    hints=hints,
                )
            ]
        )
    _named_game(doc, filename)
    problems = schema_problems(doc, filename)
    if problems:
        found = _header_problems(doc, filename, {p.entry for p in problems if p.entry})
        taken = {(p.line, p.column) for p in problems}
        problems.extend(p for p in found if (p.line, p.column) not in taken)
        problems.sort(key=lambda p: (p.line or 0, p.column or 0))
        raise LogError(problems)
    return _build(doc, text, filename)


class OtherGame(LogError):
    """A log whose header names a game other than For-Ex (``game:``).

    Its one problem (``not_yet_for_game``) is what a command that reads only For-Ex
    reports; ``anylog.parse_any`` catches it and reads the log with ``game``'s own
    rules module, from ``document`` (the YAML already read).
    """

    def __init__(self, game: Any, document: yamlread.Document, problem: Problem) -> None:
        super().__init__([problem])
        self.game = game
        self.document = document


def _named_game(doc: yamlread.Document, filename: str) -> None:
    """Nothing for a For-Ex log; ``OtherGame`` or an ``unknown_game`` problem otherwise."""
    name = doc.data.get("game", GAME_NAME)
    if name == GAME_NAME:
        return
    from .. import games

    line, column = doc.place(("game",)) or (None, None)
    try:
        game = games.for_header(doc.data)
    except games.UnknownGame as error:
        hints = did_you_mean(str(name), games.names()) if isinstance(name, str) else ()
        raise LogError(
            [
                Problem(
                    "unknown_game",
                    f"game: {error.reason}",
                    "header",
                    filename,
                    line,
                    column,
                    hints=hints
                    or (f"leave game: out for For-Ex, or name one of {', '.join(games.names())}",),
                )
            ]
        ) from None
    raise OtherGame(
        game,
        doc,
        Problem(
            "not_yet_for_game",
            f"this command does not read {game.title} logs yet (game: {name})",
            "usage",
            filename,
            line,
            column,
            hints=(
                f"commands for {game.title} logs: validate, new, show, message, moves, play,"
                " undo, history, diff, annotate, sign, read, schema",
            ),
        ),
    )


_parse = lru_cache(maxsize=1 << 15)(parse)
"""``notation.parse``, remembered: games repeat ``resolve``, ``sell 0 USD``, ``invest USD``
(a parsed decision is immutable, so one object can serve every entry that writes it)."""


def _problem_at(
    doc: yamlread.Document,
    filename: str,
    code: str,
    message: str,
    path: tuple[Any, ...],
    *,
    key: bool = False,
    hints: tuple[str, ...] = (),
) -> Problem:
    place = doc.place(path, key=key)
    line, column = place if place else (None, None)
    return Problem(code, message, "header", filename, line, column, _entry_number(path), hints)


def _unknown_player(
    doc: yamlread.Document,
    filename: str,
    what: str,
    name: str,
    players: tuple[str, ...],
    path: tuple[Any, ...],
    *,
    key: bool = False,
) -> Problem:
    return _problem_at(
        doc,
        filename,
        "unknown_player",
        f"{what}: {quoted(name)} is not a player of this game ({', '.join(players)})",
        path,
        key=key,
        hints=did_you_mean(name, players),
    )


def _confusable(doc: yamlread.Document, filename: str, players: Sequence[str]) -> list[Problem]:
    return [
        _problem_at(
            doc,
            filename,
            "confusable_names",
            f"players: {quoted(a)} and {quoted(b)} would be taken for one player: names must"
            " differ by more than letter case, spaces or Unicode forms",
            ("players", doc.data["players"].index(b)),
            hints=(f"rename one of them, e.g. {quoted(b + '2')}",),
        )
        for a, b in confusable_pairs(players)
    ]


def _removed_problem(doc: yamlread.Document, filename: str, total: int) -> Problem:
    return _problem_at(
        doc,
        filename,
        "bad_removed",
        f"removed: exactly 6 certificates are removed at set-up; these add up to {total}",
        ("removed",),
    )


def _header_problems(
    doc: yamlread.Document, filename: str, refused_entries: set[int]
) -> list[Problem]:
    """The header checks of a log that the schema refuses, as far as its data allows.

    Only values of the right type are judged; the entries in ``refused_entries`` (move
    numbers) get only their player checked, since the schema has refused their notation.
    """
    data = doc.data
    problems: list[Problem] = []
    players = tuple(_player_names(data))
    names_ok = [p for p in players if not name_problem(p)]
    problems.extend(_confusable(doc, filename, names_ok))
    first = data.get("first")
    if players and isinstance(first, str) and first not in players and not name_problem(first):
        problems.append(_unknown_player(doc, filename, "first", first, players, ("first",)))
    contacts = data.get("contacts")
    if players and isinstance(contacts, dict):
        for name in contacts:
            if name not in players and not name_problem(name):
                problems.append(
                    _unknown_player(
                        doc, filename, "contacts", name, players, ("contacts", name), key=True
                    )
                )
    removed = data.get("removed")
    if isinstance(removed, dict) and "seed" not in data:
        counts = list(removed.values())
        if all(type(n) is int and 0 <= n <= 6 for n in counts) and sum(counts) != 6:
            problems.append(_removed_problem(doc, filename, sum(counts)))
    moves = data.get("moves")
    for index, raw in enumerate(moves if isinstance(moves, list) else []):
        if not isinstance(raw, dict):
            continue
        keys = [k for k in raw if k not in RESERVED_ENTRY_KEYS]
        if len(keys) != 1:
            continue
        (player,) = keys
        if players and player not in players and not name_problem(player):
            problems.append(_unknown_mover(doc, filename, index, player, players))
        value = raw[player]
        if index + 1 not in refused_entries and isinstance(value, str):
            try:
                _parse(player, value)
            except NotationError as error:
                problems.append(_bad_notation(doc, filename, index, player, error))
    return problems


def _unknown_mover(
    doc: yamlread.Document, filename: str, index: int, player: str, players: tuple[str, ...]
) -> Problem:
    """The problem of entry ``index`` (0-based) whose key names someone who does not play."""
    return _unknown_player(
        doc, filename, f"move {index + 1}", player, players, ("moves", index, player), key=True
    )


def _bad_notation(
    doc: yamlread.Document, filename: str, index: int, player: str, error: NotationError
) -> Problem:
    """The problem of entry ``index`` (0-based) whose move the notation cannot read."""
    return _problem_at(
        doc,
        filename,
        "bad_notation",
        f"move {index + 1}: {error.reason}",
        ("moves", index, player),
        hints=error.hints,
    )


def _build(doc: yamlread.Document, text: str, filename: str) -> GameLog:
    """The log of data the schema accepts; raises ``LogError`` with every header problem."""
    data = doc.data
    players = tuple(data["players"])
    problems: list[Problem] = _confusable(doc, filename, players)
    first = data.get("first", players[0])
    if first not in players:
        problems.append(_unknown_player(doc, filename, "first", first, players, ("first",)))
    for name in data.get("contacts", {}):
        if name not in players:
            problems.append(
                _unknown_player(
                    doc, filename, "contacts", name, players, ("contacts", name), key=True
                )
            )
    seed: str | None = None
    if "seed" in data:
        seed = str(data["seed"])
        removed = draw_removed(seed)
    else:
        counts = data["removed"]
        removed = tuple(int(counts.get(code, 0)) for code in CURRENCIES)
        if sum(removed) != 6:
            problems.append(_removed_problem(doc, filename, sum(removed)))
    entries = []
    known = frozenset(players)
    for index, raw in enumerate(data.get("moves") or []):
        if len(raw) == 1:  # the schema allows only the player's key alone
            ((player, text_of_move),) = raw.items()
            note = digest = sig = None
        else:
            player = next(key for key in raw if key not in RESERVED_ENTRY_KEYS)
            text_of_move, note, digest = raw[player], raw.get("note"), raw.get("digest")
            sig = raw.get("sig")
        if player not in known:
            problems.append(_unknown_mover(doc, filename, index, player, players))
            continue
        try:
            written = _parse(player, text_of_move)
        except NotationError as error:
            problems.append(_bad_notation(doc, filename, index, player, error))
            continue
        entries.append(Entry(index + 1, player, text_of_move, written, note, digest, sig))
    if problems:
        problems.sort(key=lambda p: (p.line or 0, p.column or 0))
        raise LogError(problems)
    return GameLog(filename, text, doc, players, first, removed, seed, tuple(entries))


def load(path: str | os.PathLike[str], display_name: str | None = None) -> GameLog:
    """Read and check a log file (YAML, schema, header); raises ``LogError``."""
    name = display_name or os.fspath(path)
    try:
        data = read_bytes(path)
    except LogError as error:
        raise LogError([p.in_file(name) for p in error.problems]) from None
    return parse_log(data, name)


# --------------------------------------------------------------------------- replay


def replay(log: GameLog) -> Replay:
    """Replay every entry; stops at the first illegal one (see ``Replay.problem``)."""
    try:
        initial = log.new_game()
    except ForexError as error:
        place = log.place(("players",))
        line, column = place if place else (None, None)
        problem = Problem(error.code, error.reason, "header", log.filename, line, column)
        raise LogError([problem]) from None
    result = Replay(log, initial)
    states = result.states
    all_events = result.events
    state = initial
    for entry in log.entries:
        events: list[Event] = []
        try:
            for decision in entry.written.decisions():
                state, caused = apply_with_events(state, decision)
                events.extend(caused)
        except ForexError as error:
            from ..games.forex.moves import legal_summary

            before = result.final
            place = log.place(("moves", entry.number - 1, entry.player))
            line, column = place if place else (None, None)
            following = len(log.entries) - entry.number
            hints = list(unknown_name_hints(error, entry.written, log.players))
            hints.extend(legal_summary(before))
            if following:
                hints.append(
                    f"{following} later entr{'y' if following == 1 else 'ies'} not checked"
                )
            result.problem = Problem(
                error.code,
                f"move {entry.number}: {entry.player}: {entry.text}: {error.reason}",
                "rules",
                log.filename,
                line,
                column,
                entry.number,
                tuple(hints),
            )
            return result
        states.append(state)
        all_events.append(tuple(events))
    return result


def unknown_name_hints(
    error: ForexError, written: Written, players: Sequence[str]
) -> tuple[str, ...]:
    """``did you mean ann?`` for a decision that names someone who does not play."""
    if error.code != "unknown_name":
        return ()
    named = [written.decision.player]
    if written.spot is not None:
        named = [written.spot.player, written.spot.partner]
    for name in named:
        if name not in players:
            return did_you_mean(name, players)
    return ()


def replay_final(log: GameLog) -> Replay:
    """Like ``replay``, faster, keeping only the final state (the rest is worked out on demand).

    A log with an illegal entry is replayed by ``replay``, which finds and words the problem.
    """
    try:
        initial = log.new_game()
        final = apply_all(initial, [d for entry in log.entries for d in entry.written.decisions()])
    except ForexError:
        return replay(log)
    return Replay(log, initial, final)


def load_and_replay(
    path: str | os.PathLike[str], display_name: str | None = None
) -> tuple[list[Problem], Replay | None]:
    """The problems of reading a log file and replaying its moves, and the replay when it
    could be made.

    Not the whole check: the recorded digests and signatures are not looked at (``check``
    looks at them too, as ``forex validate`` does).
    """
    try:
        log = load(path, display_name)
        played = replay_final(log)
    except LogError as error:
        return error.problems, None
    problems = [played.problem] if played.problem else []
    return problems, played


def check(
    path: str | os.PathLike[str],
    display_name: str | None = None,
    *,
    require_signatures: bool = False,
) -> tuple[list[Problem], Replay | None]:
    """Every problem ``forex validate`` finds in a log file, and its replay when it could be made.

    The file, its YAML, the schema, the set-up, every move by the rules, then the recorded
    digests and the signatures (``validation.integrity_problems``); the replay is given even
    when a digest or a signature is wrong.  With ``require_signatures`` an unsigned move by a
    player whose key the log holds is a problem (else only ``validate``'s warning).
    """
    problems, played = load_and_replay(path, display_name)
    if played is not None and not problems:
        from .validation import integrity_problems

        problems = integrity_problems(played, require_signatures)[0]
    return problems, played
