"""Problems: every error a user can cause, as data with a place and a stable code."""

from __future__ import annotations

from typing import Any

from msgspec import Struct
from msgspec.structs import replace

CODES: dict[str, tuple[str, ...]] = {
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
        "schema_removed_and_seed",
        "unsupported_version",
        "bad_notation",
        "bad_player_name",
        "bad_entry",
        "too_many_problems",
    ),
    "header": (
        "unknown_player",
        "bad_removed",
        "bad_setup",
        "first_needed",
        "confusable_names",
        "unknown_game",
        "components_unreadable",
        "components_json",
        "components_schema",
        "components_digest",
        "bad_components",
        "bad_engine_seat",
    ),
    "rules": (
        "not_your_turn",
        "wrong_decision_kind",
        "game_over",
        "unknown_name",
        "insufficient_funds",
        "illegal_spot",
        "illegal_contract",
        "illegal_invest",
        "illegal_divest",
        "illegal_choice",
        "illegal_decision",
        "bad_notation",
        "digest_mismatch",
        "log_moved_on",
        "card_unavailable",
        "box_used",
        "ability_refused",
        "ring_already_drawn",
        "pass_refused",
        "bad_reveal",
        "deal_mismatch",
        "spot_declined",
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
    ),
    "signature": (
        "bad_signature",
        "wrong_key",
        "moved_entry",
        "unsigned_move",
        "unagreed_spot",
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
        "key_changed",
        "dropped_signature",
        "not_a_mail",
        "note_conflict",
        "cannot_merge",
        "log_damaged",
    ),
    "usage": ("usage_error", "not_yet_for_game", "not_for_game"),
    "import": (
        "bad_json",
        "too_large",
        "not_a_table_log",
        "bad_table_log",
        "not_for_ex",
        "table_mismatch",
        "removed_unknown",
        "seat_order_unknown",
        "unknown_player",
        "bad_player_name",
        "confusable_names",
    ),
}
"""The stable codes of the problems the log layer reports, by layer (see docs/format.md)."""

MAX_QUOTED = 60
"""Longest user text quoted whole in a message; longer text is cut with an ellipsis."""


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


def quoted(value: object, limit: int = MAX_QUOTED) -> str:
    """``repr(value)`` cut to about ``limit`` characters, for quoting user text in a message."""
    if isinstance(value, str) and len(value) > limit:
        return repr(value[:limit]) + f"... ({len(value):,} characters)"
    shown = repr(value)
    if len(shown) > limit + 2:
        return shown[:limit] + "..."
    return shown


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
    if any.  The message and hints are always one line each, with every
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

    def __post_init__(self) -> None:
        # A frozen Struct refuses setattr; its fields' slot descriptors still set them.
        fields = vars(Problem)
        fields["message"].__set__(self, printable(self.message))
        fields["hints"].__set__(self, tuple(printable(hint) for hint in self.hints))

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
        }


class LogError(Exception):
    """A log that cannot be read, checked or written; carries its problems."""

    def __init__(self, problems: list[Problem]) -> None:
        super().__init__("; ".join(f"{p.where()}: {p.message}" for p in problems))
        self.problems = problems


def check_move_number(number: int, count: int, filename: str) -> None:
    """Raise ``no_such_entry`` unless ``number`` names one of a log's ``count`` moves."""
    if not 1 <= number <= count:
        problem = Problem(
            "no_such_entry",
            f"there is no move {number}; the log has {count} move{'' if count == 1 else 's'}",
            "edit",
            filename,
        )
        raise LogError([problem])
