"""Load, check and replay a game log: YAML, then the schema, then the rules.

Each layer reports every problem it finds with file, line, column, the entry
(move) number and a stable code.  Replay stops at the first illegal decision,
since what follows cannot be judged.  ``check`` is the whole check of a file, the
one ``forex validate`` makes: these layers, then the recorded digests and signatures.
"""

from __future__ import annotations

import os
import re
import stat
from typing import Any

from msgspec import Struct

from ..games.forex import logcheck
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
from ..games.forex.schema_source import GAME_NAME
from . import fastpath, yamlread
from .entry import Entry
from .hints import did_you_mean, quoted_in_a_mail
from .problems import LogError, Problem

MAX_LOG_BYTES = 8 * 1024 * 1024
"""Larger files are refused before they are parsed."""


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
    surely = fastpath.accepted(text, logcheck.FAST_VALIDATOR)
    if surely is not None:  # surely valid YAML and schema, read as yamlread reads it
        doc = yamlread.Document(surely, text, None, filename)
        return _build(doc, text, filename, logcheck.entries(doc, filename))
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
                    f" {logcheck.shown(doc.data)}",
                    "yaml",
                    filename,
                    line,
                    column,
                    hints=hints,
                )
            ]
        )
    _named_game(doc, filename)
    return _build(doc, text, filename, logcheck.check(doc, filename))


def _build(doc: yamlread.Document, text: str, filename: str, entries: tuple[Entry, ...]) -> GameLog:
    """The log of data the schema and the header checks accept."""
    data = doc.data
    players = tuple(data["players"])
    seed: str | None = None
    if "seed" in data:
        seed = str(data["seed"])
        removed = draw_removed(seed)
    else:
        counts = data["removed"]
        removed = tuple(int(counts.get(code, 0)) for code in CURRENCIES)
    return GameLog(
        filename, text, doc, players, data.get("first", players[0]), removed, seed, entries
    )


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
            for decision in entry.decisions:
                state, caused = apply_with_events(state, decision)
                events.extend(caused)
        except ForexError as error:
            from ..games.forex.moves import legal_summary

            before = result.final
            place = log.place(("moves", entry.number - 1, entry.player))
            line, column = place if place else (None, None)
            following = len(log.entries) - entry.number
            hints = list(logcheck.unknown_name_hints(error, entry.written, log.players))
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


def replay_final(log: GameLog) -> Replay:
    """Like ``replay``, faster, keeping only the final state (the rest is worked out on demand).

    A log with an illegal entry is replayed by ``replay``, which finds and words the problem.
    """
    try:
        initial = log.new_game()
        final = apply_all(initial, [d for entry in log.entries for d in entry.decisions])
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
