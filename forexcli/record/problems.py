"""Problems: every error a user can cause, as data with a place and a stable code."""

from __future__ import annotations

import re
from functools import partial
from typing import Any

from msgspec import Struct, field
from msgspec.structs import replace

from ..words import moves_held, quoted

FRAME_CODES: dict[str, tuple[str, ...]] = {
    "io": (
        "not_found",
        "unreadable",
        "is_a_directory",
        "not_a_file",
        "too_large",
        "read_only",
        "write_failed",
        "changed_on_disk",
        "locked",
        "exists",
        "no_folder",
        "no_png",
        "written_unreported",
    ),
    "yaml": (
        "invalid_utf8",
        "yaml_syntax",
        "duplicate_key",
        "anchor",
        "alias",
        "tag",
        "complex_key",
        "too_deep",
        "too_large",
        "too_many_problems",
        "multiple_documents",
        "empty",
        "not_a_mapping",
        "not_a_log",
    ),
    "schema": (
        "schema_type",
        "schema_required",
        "schema_unknown_key",
        "schema_const",
        "schema_enum",
        "schema_pattern",
        "schema_minItems",
        "schema_maxItems",
        "schema_uniqueItems",
        "schema_maximum",
        "schema_minimum",
        "schema_maxLength",
        "schema_minLength",
        "schema_oneOf",
        "bad_notation",
        "bad_player_name",
        "bad_entry",
        "too_many_problems",
    ),
    "header": (
        "unknown_player",
        "bad_setup",
        "confusable_names",
        "unknown_game",
        "bad_engine_seat",
        "bad_declined",
    ),
    "rules": (
        "not_your_turn",
        "wrong_decision_kind",
        "game_over",
        "unknown_name",
        "illegal_decision",
        "bad_notation",
        "digest_mismatch",
        "log_moved_on",
        "offer_declined",
        "bad_offer",
        "open_offer",
        "no_offer",
    ),
    "edit": (
        "no_such_entry",
        "no_moves",
        "cannot_edit",
        "bad_note",
        "parser_disagreement",
        "not_your_move",
        "not_a_fork",
    ),
    "signature": (
        "bad_signature",
        "wrong_key",
        "moved_entry",
        "unsigned_move",
        "unagreed_deal",
        "edited_move",
        "signatures_after_edit",
        "stray_signature",
        "unknown_signer",
        "bad_key",
        "no_key",
        "bad_passphrase",
        "already_signed",
    ),
    "mail": (
        "no_log",
        "two_logs",
        "other_game",
        "fork",
        "rewritten",
        "forged",
        "unsigned_in_mail",
        "key_changed",
        "dropped_signature",
        "not_a_mail",
        "note_conflict",
        "cannot_merge",
        "log_damaged",
        "engine_seat_move",
    ),
    "usage": ("usage_error", "not_for_game"),
    "import": (
        "bad_json",
        "too_large",
        "not_a_table_log",
        "bad_table_log",
        "unknown_player",
        "bad_player_name",
        "confusable_names",
    ),
}
"""The frame's stable codes, by layer (docs/format.md's first table): the problems of any
game's log.  A game adds the codes of its own rules and set-up (``Game.codes``)."""


def codes() -> dict[str, tuple[str, ...]]:
    """Every stable code by layer: the frame's (``FRAME_CODES``), then each registered game's
    (``Game.codes``), each once."""
    from .. import games

    merged = {layer: list(listed) for layer, listed in FRAME_CODES.items()}
    for name in games.names():
        for layer, listed in games.get(name).codes().items():
            known = merged.setdefault(layer, [])
            known.extend(code for code in listed if code not in known)
    return {layer: tuple(listed) for layer, listed in merged.items()}


LAYER_HINTS: dict[str, str] = {
    "io": "check the path: a file that exists and that you may read (or - for standard input)",
    "yaml": "fix the YAML at this place (docs/format.md shows the layout of a log)",
    "schema": "docs/format.md lists a log's keys and values; forex schema prints its JSON Schema",
    "header": "fix the set-up in the log's header (forex schema --game NAME prints the keys"
    " a log of that game takes)",
    "rules": "forex moves FILE --at N lists the decisions legal after move N, as a log takes them",
    "edit": "forex history FILE lists the moves with their numbers; nothing was changed",
    "signature": "forex validate FILE checks every digest and signature of a log",
    "mail": "nothing was changed; forex diff LOG MAIL compares your copy with the mail's",
    "usage": "forex COMMAND --help lists what a command takes",
    "import": "forex import takes the JSON log of a Board Game Arena table (forex import --help)",
}
"""The hint of a problem raised without one, by layer (``CODE_HINTS`` first): every problem
tells what to do next."""

CODE_HINTS: dict[str, str] = {
    "not_found": "check the file's name and folder",
    "unreadable": "check the file's permissions",
    "is_a_directory": "name a file in that folder (forex validate takes folders)",
    "not_a_file": "name a regular file, or give - and pipe the data to standard input",
    "too_large": "a game log is far smaller: is this the file you meant?",
    "read_only": "write into a folder you may write to, or make the file writable",
    "write_failed": "check the free space and the permissions of the folder; nothing was changed",
    "changed_on_disk": "another program changed the file meanwhile: run the command again",
    "locked": "another forex command is writing the file: run this one when it is done",
    "exists": "name a new file, or move the old one away first",
    "no_folder": "create the folder first, or name a file in one that exists",
    "no_png": "write an SVG picture instead (forex show --svg)",
    "written_unreported": "the change stands: look at the file",
    "invalid_utf8": "save the file as UTF-8 text",
    "duplicate_key": "keep one of the two: a key is given once in a mapping",
    "anchor": "a log is plain YAML: write the value out where it is used",
    "alias": "a log is plain YAML: write the value out where it is used",
    "tag": "a log is plain YAML: remove the !tag",
    "complex_key": "a key is a plain word or name",
    "too_deep": "a game log needs no deep nesting: is this the file you meant?",
    "too_many_problems": "fix the problems listed first, then check again",
    "multiple_documents": "a log is one YAML document: remove the `---` line and what follows",
    "empty": "forex new FILE writes a new log",
    "not_a_mapping": "a log starts with `forex: 1` and `players:` (forex new FILE writes one)",
    "usage_error": "forex COMMAND --help lists what a command takes",
    "no_moves": "the log has no moves yet: forex play FILE PLAYER DECISION adds one",
}
"""The hint of a problem raised without one, for the codes that say more than their layer's."""


def header_hint(game: str) -> str:
    """The header layer's hint (``LAYER_HINTS``) for a log of the game registered as
    ``game``: ``forex schema --game GAME`` with the game named, not the placeholder."""
    return LAYER_HINTS["header"].replace("--game NAME", f"--game {game}")


NAMING_THE_LOG = ("rules", "edit", "signature", "no_moves", "")
"""The layers and codes whose fallback hint is a command on the problem's log (its ``FILE``
is the log's path; ``""``: the default hint): ``empty`` and ``not_a_mapping`` name
``forex new FILE``, a new file."""


def fallback_hint(code: str, layer: str, file: str | None = None) -> str:
    """The hint a problem gets when it is raised without one (``CODE_HINTS``, else
    ``LAYER_HINTS``; else ``forex validate``'s), its command on ``file`` (the log the
    problem is in) instead of the placeholder ``FILE`` where the command is on that log
    and ``file`` is a path (not standard input's ``<stdin>``, nor ``-``)."""
    hint = CODE_HINTS.get(code) or LAYER_HINTS.get(layer)
    default = hint is None
    hint = hint or "forex validate FILE checks a log"
    on_log = (
        default or code in NAMING_THE_LOG or (code not in CODE_HINTS and layer in NAMING_THE_LOG)
    )
    if file is None or not on_log or file in ("", "-") or file.startswith("<"):
        return hint
    return re.sub(r"\bFILE\b", lambda _: file, hint)


_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _escape(ch: str) -> str:
    if ch in _NAMED:
        return _NAMED[ch]
    code = ord(ch)
    if code <= 0xFF:
        return f"\\x{code:02x}"
    if code <= 0xFFFF:
        return f"\\u{code:04x}"
    return f"\\U{code:08x}"


def printable(text: str) -> str:
    """``text`` on one line with no character that could act on a terminal.

    Every character Python does not call printable (C0 and C1 controls such
    as ESC and the line break, DEL, bidirectional overrides, zero-width and
    line/paragraph separators, lone surrogates) is written as an escape
    (``\\x1b``, ``\\n``, ``\\u202e``).  Everything else, backslashes included, is kept.
    """
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() else _escape(ch) for ch in text)


_SPECIAL_IN_DOUBLE_QUOTES = frozenset('"$`\\!')
"""What a POSIX shell (or bash's history) reads inside double quotes."""


def command_word(text: str) -> str:
    """``text`` as one word of a command that a message prints for the user to paste into a
    POSIX shell: as the terminal shows it (``printable``), quoted where a shell would read it
    otherwise, as ``shlex.quote`` does (``'my games/wx é.yaml'``; in double quotes when an
    apostrophe is all that asks for them: ``"O'Brien"``).  A plain word is as it is.

    The quotes hold in whatever encoding the word is written: a character that an ASCII or
    latin-1 stream writes as its plain fallback (``forexcli.streams.fallback_of``) is quoted
    so that its fallback reads the same too (a right single quotation mark, whose fallback is
    an apostrophe, is double-quoted inside single quotes, as an apostrophe is), so one text
    does for every terminal and for JSON."""
    import shlex

    from ..streams import fallback_of

    word = printable(text)
    if shlex.quote(word) == word:
        return word
    shown = [(ch, ch if ch.isascii() else ch + fallback_of(ch)) for ch in word]
    apostrophe = any("'" in forms for _, forms in shown)
    if apostrophe and not any(_SPECIAL_IN_DOUBLE_QUOTES.intersection(f) for _, f in shown):
        return f'"{word}"'
    return "'" + "".join(f"'\"{ch}\"'" if "'" in forms else ch for ch, forms in shown) + "'"


def command_path(path: str) -> str:
    """The path ``path`` as one word of a printed command (``command_word``), with ``./``
    before a path that starts with ``-`` (``./-x.yaml``), which the command would otherwise
    read as an option; ``-`` alone (standard input) is as it is."""
    if path.startswith("-") and path != "-":
        path = "./" + path
    return command_word(path)


def player_command(program: str, file_word: str, player: str, rest: str = "") -> str:
    """``PROGRAM FILE PLAYER REST``: a printed command whose argument after the file (written
    as the command takes it, ``command_path``) is ``player``'s name (``command_word``). A
    name that starts with ``-`` goes after ``--``, which a shell passes on and after which
    the command reads no option (docs/format.md): the options of ``rest`` (from its first
    word that starts with ``--``) then go before the file, where they are still options."""
    who = command_word(player)
    if not player.startswith("-"):
        return " ".join(word for word in (program, file_word, who, rest) if word)
    words = rest.split(" ") if rest else []
    cut = next((i for i, word in enumerate(words) if word.startswith("--")), len(words))
    arguments, options = " ".join(words[:cut]), " ".join(words[cut:])
    return " ".join(word for word in (program, options, file_word, "--", who, arguments) if word)


def command_words(text: str) -> str:
    """``text`` as several words of a command that joins them with spaces (the DECISION...
    of ``forex play FILE NAME DECISION...``): each word as ``command_word`` writes it."""
    return " ".join(command_word(word) for word in text.split())


def shown(value: Any) -> str:
    """A value of the log as a problem names it (``the number 3``, ``a list``, ``'text'``)."""
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


def moves_text(first: int, last: int) -> str:
    """``move 4`` or ``moves 4 to 6``: a stretch of moves, as a person says it."""
    return f"move {first}" if first == last else f"moves {first} to {last}"


class Problem(Struct, frozen=True):
    """One problem found in a file: what, where (1-based line and column), why.

    ``layer`` names the check that found it: ``io``, ``yaml``, ``schema``,
    ``header``, ``rules`` or ``edit``.  ``entry`` is the 1-based move number,
    if any.  A problem made without hints gets ``fallback_hint``'s: every problem
    says what to do next.  The message and hints are always one line each, with every
    control character escaped (see ``printable``): text quoted from a log
    can never act on the terminal that shows it.
    """

    code: str
    message: str
    layer: str
    file: str = "<log>"
    line: int | None = None
    column: int | None = None
    entry: int | None = None
    hints: tuple[str, ...] = ()
    details: tuple[Problem, ...] = ()
    """The problems this one stands for (``edited_move``: the signature and digest an edit
    broke), kept for tools: ``--format json`` lists them."""

    def __post_init__(self) -> None:
        # A frozen Struct refuses setattr; its fields' slot descriptors still set them.
        fields = vars(Problem)
        fields["message"].__set__(self, printable(self.message))
        hints = self.hints or (fallback_hint(self.code, self.layer, self.file),)
        fields["hints"].__set__(self, tuple(printable(hint) for hint in hints))

    def where(self) -> str:
        """``file:line:column`` (as much of it as is known), control characters escaped."""
        name = printable(self.file)
        if self.line is None:
            return name
        return f"{name}:{self.line}:{self.column or 1}"

    def in_file(self, name: str) -> Problem:
        """The same problem, reported against file ``name``."""
        return replace(self, file=name)

    def as_dict(self) -> dict[str, Any]:
        """A JSON-ready form, with the same keys in every report."""
        return {
            "file": self.file,
            "line": self.line,
            "column": self.column,
            "entry": self.entry,
            "layer": self.layer,
            "code": self.code,
            "message": self.message,
            "hints": list(self.hints),
        } | ({"details": [d.as_dict() for d in self.details]} if self.details else {})


class LogError(Exception):
    """A log that cannot be read, checked or written; carries its problems."""

    def __init__(self, problems: list[Problem], *, usage: bool = False) -> None:
        problems = list(dict.fromkeys(problems))  # the same problem found twice is told once
        super().__init__("; ".join(f"{p.where()}: {p.message}" for p in problems))
        self.problems = problems
        self.usage = usage
        """True: an option of the command fixes them (exit status 2, as a usage error)."""

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its problems (a worker process of ``forex selfplay`` may raise it)."""
        return (partial(LogError, usage=self.usage), (self.problems,))


ARGUMENT_CODES = frozenset({"no_such_entry"})
"""The codes of problems with a command's arguments rather than with the log (a move number
the log does not have): exit status 2, as every usage error."""


def check_move_number(number: int, count: int, filename: str) -> None:
    """Raise ``no_such_entry`` unless ``number`` names one of a log's ``count`` moves."""
    if not 1 <= number <= count:
        problem = Problem(
            "no_such_entry",
            f"there is no move {number}: the log has {moves_held(count)}",
            "edit",
            filename,
        )
        raise LogError([problem], usage=True)


class FileReport(Struct):
    """What ``validate`` found in one file."""

    file: str
    problems: list[Problem] = field(default_factory=list)
    moves: int | None = None
    status: str | None = None
    """For a valid log: who is to decide next, or the result."""
    skipped: bool = False
    warnings: list[Problem] = field(default_factory=list)
    """Problems that do not make the log invalid (an unsigned move by a player with a key)."""

    @property
    def valid(self) -> bool:
        return not self.problems

    @property
    def unreadable(self) -> bool:
        return any(p.layer == "io" for p in self.problems)

    def as_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "file": self.file,
            "valid": self.valid,
            "moves": self.moves,
            "status": self.status,
            "problems": [p.as_dict() for p in self.problems],
        }
        if self.warnings:  # only then, so that the output of logs without keys is unchanged
            data["warnings"] = [p.as_dict() for p in self.warnings]
        return data
