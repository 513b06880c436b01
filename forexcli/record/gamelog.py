"""Load, check and replay a game log: YAML, then the schema, then the rules.

Each layer reports every problem it finds with file, line, column, the entry
(move) number and a stable code.  Replay stops at the first illegal decision,
since what follows cannot be judged.  The whole check of a file, the one ``forex
validate`` makes (these layers, then the recorded digests and signatures), is
``validation.check``.
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from msgspec import Struct, field

from .. import games
from ..words import did_you_mean, quoted, says
from . import fastpath, files, schemawords, yamlread
from .entry import Entry
from .hints import confusable_pairs, quoted_in_a_mail
from .problems import LogError, Problem, header_hint, shown

if TYPE_CHECKING:
    from ..games.base import Game, Resource


class GameLog(Struct):
    """A log of ``game`` read and checked against its schema and header (not yet replayed).

    ``resources`` are the decoded files the header names (a components file, ...).
    """

    game: Game[Any, Any]
    filename: str
    text: str
    document: yamlread.Document
    entries: tuple[Entry, ...]
    resources: dict[str, Any] = field(default_factory=dict)

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

    @property
    def players(self) -> tuple[str, ...]:
        """The players, in seat order."""
        return tuple(str(p) for p in self.document.data.get("players", ()))

    @property
    def first(self) -> str:
        """Who plays first: the header's ``first``, else the first player."""
        first = self.document.data.get("first")
        return str(first) if first is not None else self.players[0]

    @property
    def seed(self) -> str | None:
        """The header's ``seed``, if it gives one."""
        seed = self.document.data.get("seed")
        return None if seed is None else str(seed)

    def place(self, path: tuple[Any, ...], *, key: bool = False) -> tuple[int, int] | None:
        """Line and column of a value (or key) in the file."""
        return self.document.place(path, key=key)

    def new_game(self) -> Any:
        """The state at the start of this game (``Game.setup``)."""
        return self.game.setup(self.header, self.resources)


class Replay:
    """A log replayed as far as it is legal: the state after each entry.

    ``replay_final`` keeps only the final state (a game with ``Game.apply_all`` checks
    every decision at once, without building the states in between); the states and
    events after each entry are then worked out when first asked for.
    """

    def __init__(self, log: GameLog, initial: Any, final: Any = None) -> None:
        self.log = log
        self.initial = initial
        self.problem: Problem | None = None
        self._final = final
        self._states: list[Any] | None = None if final is not None else []
        self._events: list[tuple[Any, ...]] | None = None if final is not None else []

    def _fill(self) -> None:
        full = replay(self.log)
        self._states, self._events = full.states, full.events

    @property
    def states(self) -> list[Any]:
        """The state after each legal entry."""
        if self._states is None:
            self._fill()
        assert self._states is not None
        return self._states

    @property
    def events(self) -> list[tuple[Any, ...]]:
        """What each legal entry caused, in order (nothing for a game without events)."""
        if self._events is None:
            self._fill()
        assert self._events is not None
        return self._events

    @property
    def moves(self) -> int:
        """How many entries replayed legally."""
        return len(self.log.entries) if self._states is None else len(self._states)

    @property
    def final(self) -> Any:
        """The state after the last legal entry."""
        if self._states is None and self._final is not None:
            return self._final
        return self.states[-1] if self.states else self.initial

    def state_after(self, number: int) -> Any:
        """The state after entry ``number`` (0 for the start)."""
        if not 0 <= number <= len(self.states):
            raise IndexError(number)
        return self.initial if number == 0 else self.states[number - 1]


# --------------------------------------------------------------------------- reading


def _key_pattern(*names: str) -> re.Pattern[bytes]:
    spelt = "|".join(f"{name}|\"{name}\"|'{name}'" for name in names)
    return re.compile(
        rb"(?:^|[{,]|^---)[ \t]*(?:\?[ \t]*)?(?:" + spelt.encode() + rb")[ \t]*:", re.M
    )


_LOG_KEY = _key_pattern("forex", "game")
"""A ``forex`` (or ``game``) key however YAML writes it, for text that is not well-formed YAML."""
_PLAYERS_KEY = _key_pattern("players")
_MOVES_KEY = _key_pattern("moves")


def is_log(data: bytes) -> bool:
    """True when ``data`` is meant as a game log: its top-level mapping has ``forex`` or
    ``game``, or both ``players`` and ``moves`` (a log that lost its first line is still one;
    a list of players alone is not).

    Well-formed YAML is read, so every way of writing the key counts (quoted, flow style,
    a ``---`` line, an explicit ``?`` key); text that does not read as YAML counts when a
    line looks like such a key, so that a broken log is still checked and reported.  A log
    saved as UTF-16 (as Windows tools write) is one too, reported as such when checked.
    """
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        try:
            data = data.decode("utf-16").encode("utf-8")
        except UnicodeError:
            return False
    try:
        document = yamlread.read(yamlread.decode(data, "<log>"))
    except LogError:
        return _LOG_KEY.search(data) is not None or (
            _PLAYERS_KEY.search(data) is not None and _MOVES_KEY.search(data) is not None
        )
    keys = document.data if isinstance(document.data, dict) else {}
    return "forex" in keys or "game" in keys or ("players" in keys and "moves" in keys)


def read_log(
    data: bytes | str, filename: str = "<log>", *, resources_at: str | None = None
) -> GameLog:
    """Read and check a log of any game: its YAML, the game its header names, the game's
    schema and header checks, the files it names; raises ``LogError`` (``ResourceError``
    for a file the header names).

    With ``resources_at`` a log of a game whose header names files (``Game.resources``) is
    read as the log at that path: its files are found beside it, its problems name it.
    """
    return _read(data, filename, resources_at=resources_at)


class ResourceError(LogError):
    """A file a log's header names cannot be read, or is not the one it names."""


def _read(data: bytes | str, filename: str, *, resources_at: str | None = None) -> GameLog:
    if len(data) > files.MAX_LOG_BYTES:
        raise LogError(
            [
                Problem(
                    "too_large",
                    f"{filename} is larger than {files.MAX_LOG_BYTES:,} bytes;"
                    " a game log is far smaller",
                    "io",
                    filename,
                )
            ]
        )
    if isinstance(data, bytes):
        blank_or_utf16 = yamlread.unreadable(data, filename)
        if blank_or_utf16 is not None:
            raise LogError([blank_or_utf16])
    text = yamlread.decode(data, filename) if isinstance(data, bytes) else data
    surely = fastpath.parsed(text)
    if surely is not None:  # surely valid YAML, read as yamlread reads it
        game = _game_if_known(surely)
        if game is not None and _fast_validator(game).surely_valid(surely):
            doc = yamlread.Document(surely, text, None, filename)
            if resources_at is not None and game.resources(surely):
                filename = resources_at
            return read_document(game, doc, text, filename, schema_checked=True)
    doc = yamlread.read(text, filename)
    if doc.data is None:
        raise LogError([yamlread.empty_problem(filename)])
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
                    f" {shown(doc.data)}",
                    "yaml",
                    filename,
                    line,
                    column,
                    hints=hints,
                )
            ]
        )
    if not LOG_KEYS & set(doc.data):
        raise LogError([_not_a_log(doc, filename)])
    if "game" not in doc.data and "forex" not in doc.data:
        unnamed = _unnamed_game(doc, filename)
        if unnamed is not None:
            raise LogError([unnamed])
    game = named_game(doc, filename)
    if resources_at is not None and game.resources(doc.data):
        filename = resources_at
    return read_document(game, doc, text, filename)


def _game_if_known(data: dict[str, Any]) -> Game[Any, Any] | None:
    """The registered game ``data``'s header names, or None (the full reader words why)."""
    try:
        return games.for_header(data)
    except games.UnknownGame:
        return None


_FAST_VALIDATORS: dict[str, tuple[Game[Any, Any], fastpath.Validator]] = {}
"""Each game's fast-path validator, made when its first log is read (by name, with the game
it was made for: a name registered again gets a new one)."""


def _fast_validator(game: Game[Any, Any]) -> fastpath.Validator:
    """What the fast path checks a log of ``game`` against: the game's own (``ChecksLog``),
    else its published log schema, compiled when first used."""
    known = _FAST_VALIDATORS.get(game.name)
    if known is not None and known[0] is game:
        return known[1]
    validator: fastpath.Validator | None = game.fast_validator
    if validator is None:
        validator = fastpath.Validator(lambda: dict(game.schemas()["log"]), fastpath.END)
    _FAST_VALIDATORS[game.name] = (game, validator)
    return validator


LOG_KEYS = frozenset(("forex", "game", "players", "moves"))
"""A YAML mapping with none of these keys is no game log at all (one problem says so)."""


def _not_a_log(doc: yamlread.Document, filename: str) -> Problem:
    keys = ", ".join(quoted(str(k), 30) for k in list(doc.data)[:6])
    place = doc.place((next(iter(doc.data)),), key=True) if doc.data else None
    line, column = place or (1, 1)
    why = f"none of its keys ({keys}) is" if keys else "it has no key, not even"
    default = games.get(None).title
    return Problem(
        "not_a_log",
        f"this YAML file is not a game log: {why} one of a log's (forex:, game:, players:, moves:)",
        "yaml",
        filename,
        line,
        column,
        hints=(
            f"a {default} log starts with `forex: 1` and `players:` (forex new FILE writes one);"
            " forex validate --only-logs skips YAML files that are not game logs",
        ),
    )


def read_document(
    game: Game[Any, Any],
    doc: yamlread.Document,
    text: str,
    filename: str,
    *,
    schema_checked: bool = False,
) -> GameLog:
    """A log of ``game`` already read as YAML, checked: the schema (unless
    ``schema_checked`` says it accepted the data already), the header, the entries, the
    files it names; raises ``LogError`` with every problem of the first layer that has
    some."""
    entries = game.check_log(doc, filename, schema_checked=schema_checked)
    if entries is None:
        if not schema_checked:
            problems = schemawords.schema_problems(game, doc, filename)
            if problems:
                raise LogError(problems)
        entries = read_entries(game, doc, filename)
    confused = _confusable_players(doc, filename)
    if confused:
        raise LogError(confused)
    resources = load_resources(game, doc, filename)
    return GameLog(game, filename, text, doc, tuple(entries), resources)


def _confusable_players(doc: yamlread.Document, filename: str) -> list[Problem]:
    """``confusable_names`` at each player whose name a reader would take for an earlier
    player's (``hints.same_name_key``), in a log of any game (a game may tell them first,
    in its own check)."""
    players = doc.data.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        return []
    problems = []
    for a, b in confusable_pairs(players):
        line, column = doc.place(("players", players.index(b))) or (None, None)
        problems.append(
            Problem(
                "confusable_names",
                f"players: {quoted(a)} and {quoted(b)} would be taken for one player: names"
                " must differ by more than letter case, spaces or Unicode forms",
                "header",
                filename,
                line,
                column,
                hints=(f"rename one of them, e.g. {quoted(b + '2')}",),
            )
        )
    return problems


def _unnamed_game(doc: yamlread.Document, filename: str) -> Problem | None:
    """The one problem of a log that names no game (no ``game:``, no ``forex:``) and that
    another game's schema accepts once ``game:`` names it: rather than every problem of
    reading it as the default game's."""
    for name in games.names():
        if name == games.DEFAULT_GAME:
            continue
        if schemawords.accepts(name, {"game": name, **doc.data}):
            title = games.get(name).title
            line, column = doc.place((next(iter(doc.data)),), key=True) or (1, 1)
            return Problem(
                "schema_required",
                f"the log names no game (no `game:`, no `forex: 1`); it reads as a {title} log",
                "schema",
                filename,
                line,
                column,
                hints=(
                    f"add `game: {name}` at the top of the header"
                    f" (or `forex: 1` if it is a {games.get().title} log)",
                ),
            )
    return None


def named_game(doc: yamlread.Document, filename: str) -> Game[Any, Any]:
    """The game the header names (the default when none); an ``unknown_game`` problem for a
    name that is not registered."""
    name = doc.data.get("game", games.DEFAULT_GAME)
    try:
        return games.for_header(doc.data)
    except games.UnknownGame as error:
        line, column = doc.place(("game",)) or (None, None)
        hints = did_you_mean(str(name), games.names()) if isinstance(name, str) else ()
        default = games.get()
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
                    or (
                        f"leave game: out for {default.title}, or name one of"
                        f" {', '.join(games.names())}",
                    ),
                )
            ]
        ) from None


ENTRY_FIELDS = ("note", "digest", "sig")
"""The keys an entry may have beside its decider."""


def read_entries(game: Game[Any, Any], doc: yamlread.Document, filename: str) -> list[Entry]:
    """The entries of a log's ``moves``: each names one known decider and a decision in the
    game's notation (else ``LogError`` with every problem found)."""
    header = {k: v for k, v in doc.data.items() if k != "moves"}
    keys = game.log_keys(header)
    problems: list[Problem] = []
    entries: list[Entry] = []
    for index, raw in enumerate(doc.data.get("moves") or ()):
        number = index + 1
        deciders = [k for k in raw if k not in ENTRY_FIELDS]
        if len(deciders) != 1:
            problems.append(
                schemawords.placed_problem(
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
                schemawords.placed_problem(
                    "unknown_player",
                    f"move {number}: {quoted(key)} is not a player of this game"
                    f" ({schemawords.keys_text(keys, header['players'])})",
                    "header",
                    doc,
                    filename,
                    ("moves", index, key),
                    key=True,
                    entry=number,
                    hints=did_you_mean(str(key), keys) or (header_hint(game.name),),
                )
            )
            continue
        text = str(raw[key])
        try:
            decisions = game.parse(key, text)
        except game.notation_error as error:
            problems.append(schemawords.notation_problem(error, doc, filename, index, key, text))
            continue
        entries.append(
            Entry(number, key, text, decisions, raw.get("note"), raw.get("digest"), raw.get("sig"))
        )
    if problems:
        raise LogError(problems)
    return entries


def load_resources(game: Game[Any, Any], doc: yamlread.Document, filename: str) -> dict[str, Any]:
    """The decoded files the header names (relative to the log's folder, the folder of the
    log a link leads to for a link), each checked.

    A problem is placed at the header key that names the file (its ``sha256`` for a
    digest that differs), with the loader's stable code.
    """
    header = {k: v for k, v in doc.data.items() if k != "moves"}
    folder = os.path.dirname(filename) if filename != "<log>" else ""
    if os.path.islink(filename):  # a link to a log: its files are beside the log itself
        folder = os.path.dirname(os.path.realpath(filename))
    loaded: dict[str, Any] = {}
    for resource in game.resources(header):
        try:
            loaded[resource.role] = game.load_resource(resource, folder)
        except Exception as error:
            code = getattr(error, "code", None)
            if not isinstance(code, str):
                raise
            path: tuple[Any, ...] = (resource.role, "sha256" if "digest" in code else "file")
            raise ResourceError(
                [
                    schemawords.placed_problem(
                        code,
                        f"{resource.role}: {getattr(error, 'reason', error)}",
                        "header",
                        doc,
                        filename,
                        path,
                        hints=tuple(getattr(error, "hints", ()))
                        + _resource_hints(code, resource, on_disk=not filename.startswith("<")),
                    )
                ]
            ) from None
    return loaded


def _resource_hints(code: str, resource: Resource, *, on_disk: bool = True) -> tuple[str, ...]:
    """What to do about a file the header names; ``on_disk`` False for a log with no folder
    of its own (standard input), whose files are found from the current folder."""
    if "digest" in code:
        return (
            f"the {resource.role} file is not the one the log was written with: use that"
            " file, or if the players agree on the new one, write its SHA-256"
            " (sha256sum FILE) in the header",
        )
    if "unreadable" in code and os.sep == "/" and "\\" in (resource.path or ""):
        mended = (resource.path or "").replace("\\", "/")
        return (f"folders are separated by / in a log's paths, on every system: write {mended}",)
    if "unreadable" in code and not on_disk:
        return (
            f"a log read from standard input finds its {resource.role} file from the current"
            " folder: run the command in the log's folder, or give the log's path instead of -",
        )
    if "unreadable" in code:
        return (f"the path of the {resource.role} file is relative to the log's folder",)
    return (f"fix the {resource.role} file, or name the right one in the header",)


def load(path: str | os.PathLike[str], display_name: str | None = None) -> GameLog:
    """Read and check a log file of any game (``read_log``); raises ``LogError``."""
    return read_log(_file_bytes(path, display_name), display_name or os.fspath(path))


def _file_bytes(path: str | os.PathLike[str], display_name: str | None) -> bytes:
    name = display_name or os.fspath(path)
    try:
        return files.read_bytes(path)
    except LogError as error:
        raise LogError([p.in_file(name) for p in error.problems]) from None


# --------------------------------------------------------------------------- replay


def initial_state(log: GameLog) -> Any:
    """The state at the start (``Game.setup``); a refused set-up as ``LogError``."""
    game = log.game
    try:
        return game.setup(log.header, log.resources)
    except game.rules_error as error:
        hints = game.setup_hints(error)
        if hints is None:
            hints = (
                *schemawords.error_hints(error),
                f"the header's keys: forex schema --game {game.name}",
            )
        raise LogError(
            [
                schemawords.placed_problem(
                    getattr(error, "code", "bad_setup"),
                    str(getattr(error, "reason", error)),
                    "header",
                    log.document,
                    log.filename,
                    # The header key the game names (``header_path``), else its set-up.
                    getattr(error, "header_path", None)
                    or (("setup",) if "setup" in log.header else ("players",)),
                    hints=hints,
                )
            ]
        ) from None


def replay(log: GameLog, initial: Any = None) -> Replay:
    """Replay every entry (from ``initial``, the set-up's state when given); stops at the
    first illegal one (see ``Replay.problem``)."""
    game = log.game
    initial = initial_state(log) if initial is None else initial
    result = Replay(log, initial)
    states = result.states
    all_events = result.events
    state = initial
    with_events = game.apply_with_events
    rules_error = game.rules_error
    for entry in log.entries:
        events: list[Any] = []
        try:
            for decision in entry.decisions:
                state, caused = with_events(state, decision)
                events.extend(caused)
        except rules_error as error:
            result.problem = rules_problem(log, result.final, entry, error)
            return result
        states.append(state)
        all_events.append(tuple(events))
    return result


def told_entry(game: Game[Any, Any], before: Any, decisions: Sequence[Any]) -> list[str]:
    """What one entry's ``decisions`` did from state ``before``, in the game's sentences:
    its ``describe_entry``, else each decision's ``describe`` in turn."""
    together = game.describe_entry(before, decisions)
    if together is not None:
        return list(together)
    sentences: list[str] = []
    state = before
    for decision in decisions:
        after = game.apply(state, decision)
        sentences.extend(game.describe(state, decision, after))
        state = after
    return sentences


def rules_problem(log: GameLog, before: Any, entry: Entry, error: Exception) -> Problem:
    """The problem of an entry the rules refuse: what is legal or who decides now, and how
    many later entries are left unchecked."""
    game = log.game
    explained = game.refusal_hints(before, entry, error, log.players)
    if explained is not None:
        hints = list(explained)
    else:
        hints = schemawords.error_hints(error)
        pending = game.pending(before)
        if pending.over:
            hints.append("the game is over: no entry may follow")
        else:
            hints.append(
                f"{says(' or '.join(pending.deciders), 'decides')} now ({pending.kind});"
                f" forex moves {schemawords.file_argument(log.filename)} lists what is legal"
            )
    following = len(log.entries) - entry.number
    if following > 0:
        hints.append(f"{following} later entr{'y' if following == 1 else 'ies'} not checked")
    return schemawords.placed_problem(
        getattr(error, "code", "illegal_decision"),
        f"move {entry.number}: {entry.player}: {entry.text}: {getattr(error, 'reason', error)}",
        "rules",
        log.document,
        log.filename,
        ("moves", entry.number - 1, entry.player),
        entry=entry.number,
        hints=hints,
    )


def replay_final(log: GameLog) -> Replay:
    """Like ``replay``, faster for a game with ``Game.apply_all``, keeping only the final
    state (the rest is worked out on demand).

    A log with an illegal entry is replayed by ``replay``, which finds and words the problem.
    """
    game = log.game
    try:
        initial = game.setup(log.header, log.resources)
        final = game.apply_all(initial, [d for entry in log.entries for d in entry.decisions])
    except game.rules_error:
        return replay(log)
    return replay(log, initial) if final is None else Replay(log, initial, final)


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
