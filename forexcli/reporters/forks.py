"""The report of ``forex diff``: where two copies of a game part, as text or JSON.

The library's ``forks.compare`` does the work; this module lays its
``ForkReport`` out: the sentence (already escaped for a terminal) wrapped to
the width of a terminal, then a small table of the two sides.
"""

from __future__ import annotations

from typing import Any

from ..record.forks import ForkReport, Side
from . import clean, table, wrap_line

DIFF_FORMAT = "forex-diff"
DIFF_VERSION = 1

WIDTH = 79


def _digests(side: Side) -> str:
    if side.digest_problem is not None:
        return f"stop matching at move {side.digest_problem.entry}"
    if side.replay is None:
        return "not checked"
    recorded = sum(1 for e in side.replay.log.entries[: side.legal_moves] if e.digest is not None)
    return "all match" if recorded else "none recorded"


def _signatures(side: Side) -> str:
    problem = side.signature_problem
    if problem is not None:
        where = f" at move {problem.entry}" if problem.entry is not None else ""
        return f"fail{where}: {problem.code}"
    return "all verify" if side.signed else "not signed"


def _moves(side: Side) -> str:
    if side.legal:
        return str(side.moves)
    return f"{side.moves} ({side.legal_moves} legal)"


def _legal(side: Side) -> str:
    if side.legal or side.problem is None:
        return "yes"
    where = f" at move {side.problem.entry}" if side.problem.entry is not None else ""
    return f"no: {side.problem.code}{where}"


def _next(side: Side) -> str:
    entry = side.next_entry
    if entry is None:
        return "(none)"
    return f"{entry.player}: {entry.text}"


def diff_rows(report: ForkReport) -> list[list[str]]:
    """The rows of the table of the two sides (first column: what the row says)."""
    a, b = report.a, report.b
    rows = [list(values) for values in report.setup_values]
    rows.append(["moves", _moves(a), _moves(b)])
    if report.kind in ("prefix", "fork"):
        rows.append([f"move {report.common + 1}", _next(a), _next(b)])
        rows.append(
            ["continue from it", "yes" if a.answers else "no", "yes" if b.answers else "no"]
        )
    rows.append(["all moves legal", _legal(a), _legal(b)])
    rows.append(["digests", _digests(a), _digests(b)])
    if a.signed or b.signed:
        rows.append(["signatures", _signatures(a), _signatures(b)])
    return [[clean(cell) for cell in row] for row in rows]


def diff_text(report: ForkReport, width: int = WIDTH + 1) -> str:
    """The sentence, wrapped, then the table of the two sides (its sides' columns wrapped
    to fit ``width``)."""
    sentence = "\n".join(wrap_line(report.sentence, min(WIDTH, width)))
    grid = table(diff_rows(report), ["", report.a.label, report.b.label], width=width, wrap=[1, 2])
    return f"{sentence}\n\n{grid}\n"


def _side_data(side: Side) -> dict[str, Any]:
    entry = side.next_entry
    return {
        "file": side.filename,
        "moves": side.moves,
        "legal_moves": side.legal_moves,
        "legal": side.legal,
        "next": None
        if entry is None
        else {"number": entry.number, "player": entry.player, "decision": entry.text},
        "continues": side.answers,
        "problem": None if side.problem is None else side.problem.as_dict(),
        "digest_problem": None if side.digest_problem is None else side.digest_problem.as_dict(),
        "signed": side.signed,
        "signature_problem": None
        if side.signature_problem is None
        else side.signature_problem.as_dict(),
    }


def diff_data(report: ForkReport) -> dict[str, Any]:
    """``diff --format json``: the comparison as data."""
    return {
        "format": DIFF_FORMAT,
        "version": DIFF_VERSION,
        "kind": report.kind,
        "common": report.common,
        "parted_at": report.parted_at,
        "continue_from": list(report.continue_from),
        "to_decide": report.to_decide,
        "sentence": report.sentence,
        "setup_differences": list(report.setup_differences),
        "header_differences": list(report.header_differences),
        "note_differences": list(report.note_differences),
        "a": _side_data(report.a),
        "b": _side_data(report.b),
    }
