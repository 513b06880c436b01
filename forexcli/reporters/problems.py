"""Problems as text (``file:line:col: code: message``), JSON and GitHub annotations."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from msgspec import Struct, field

from ..record.problems import ARGUMENT_CODES, FileReport, Problem
from ..streams import width
from . import PLAIN, Style, clean, plural
from .tables import fitted, fitted_commands

VALIDATE_FORMAT = "forex-validate"
VALIDATE_VERSION = 1


def _mentions_move(message: str, entry: int) -> bool:
    return re.search(rf"\bmove {entry}\b", message) is not None


def problem_text(
    problem: Problem, style: Style = PLAIN, *, terminal: bool = False, warning: bool = False
) -> str:
    """One problem: ``file:line:col: code: message (move N)`` and its hints below; a
    ``warning`` starts with ``warning: ``.

    The first line stays whole where a tool may read it (a pipe, a file: editors and CI
    read ``file:line:col: code: message`` from one line); on a ``terminal``, where a person
    reads it, the message is wrapped to the width as the hints are, after the whole
    ``file:line:col: code:``."""
    message = problem.message
    if problem.entry is not None and not _mentions_move(message, problem.entry):
        message += f" (move {problem.entry})"
    label = "warning: " if warning else ""
    where, code = clean(problem.where()), clean(problem.code)
    kept = f"{label}{where}: {code}:"
    head = f"{kept} {clean(message)}"
    if terminal:
        head = fitted(kept.replace(" ", "\x00") + head[len(kept) :], width()).replace("\x00", " ")
    styled = f"{style.warning(label) if label else ''}{where}: {style.error(code)}:"
    head = styled + head[len(kept) :]
    lines = [head]
    for hint in problem.hints:  # wrapped to the width, under the hint's first word
        lines.append(f"  {style.dim('hint:')}{hint_text(clean(hint))[len('  hint:') :]}")
    return "\n".join(lines)


def hint_text(hint: str) -> str:
    """``  hint: ...`` wrapped to the output's width, its further lines under the hint's
    first word; a command it prints (``forex ...`` up to a comma, semicolon or bracket)
    is never broken, so that it can be copied as printed (a longer one than the width
    goes over it)."""
    said = fitted_commands("  hint: " + hint, width(), "      ").split("\n")
    if len(said) > 1 and said[0] == "  hint:":  # a command longer than the room goes over it
        said[:2] = ["  hint: " + said[1].lstrip()]
    return "\n".join(said)


def problems_text(
    problems: Sequence[Problem], style: Style = PLAIN, *, terminal: bool = False
) -> str:
    """Every problem, one after the other (``terminal``: see ``problem_text``)."""
    return "\n".join(problem_text(p, style, terminal=terminal) for p in problems)


def exit_code(problems: Sequence[Problem]) -> int:
    """2 when a file cannot be read (a path problem) or an argument names what the log lacks
    (``ARGUMENT_CODES``), else 1; 0 without problems."""
    if not problems:
        return 0
    return 2 if any(p.layer == "io" or p.code in ARGUMENT_CODES for p in problems) else 1


# --------------------------------------------------------------------------- github


def _gh_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _gh_property(text: str) -> str:
    return _gh_data(text).replace(":", "%3A").replace(",", "%2C")


def github_annotation(problem: Problem, level: str = "error") -> str:
    """A GitHub Actions workflow command: ``::error file=F,line=L,col=C,title=CODE::MESSAGE``
    (``level`` ``warning`` for a warning)."""
    props = [f"file={_gh_property(clean(problem.file))}"]
    if problem.line is not None:
        props.append(f"line={problem.line}")
        props.append(f"col={problem.column or 1}")
    props.append(f"title={_gh_property(clean(problem.code))}")
    message = problem.message
    if problem.entry is not None and not _mentions_move(message, problem.entry):
        message += f" (move {problem.entry})"
    body = "\n".join([clean(message), *(clean(h) for h in problem.hints)])
    return f"::{level} {','.join(props)}::{_gh_data(body)}"


# --------------------------------------------------------------------------- validate


class ValidateReport(Struct):
    """The result of ``forex validate``: every file and every problem."""

    files: list[FileReport] = field(default_factory=list)
    usage: list[Problem] = field(default_factory=list)
    """Problems with the paths given (missing, unreadable) that are not files."""
    usage_before: list[int] = field(default_factory=list)
    """For each of ``usage``, how many of ``files`` come before it (the order named); none
    for a problem that comes first."""
    skipped: list[str] = field(default_factory=list)

    def in_order(self) -> list[FileReport | Problem]:
        """Every file and every path problem, in the order the paths were named."""
        told: list[FileReport | Problem] = []
        places = [*self.usage_before, *[0] * (len(self.usage) - len(self.usage_before))]
        waiting = list(zip(places, self.usage, strict=True))
        for number, item in enumerate(self.files):
            while waiting and waiting[0][0] <= number:
                told.append(waiting.pop(0)[1])
            told.append(item)
        told.extend(problem for _, problem in waiting)
        return told

    @property
    def checked(self) -> list[FileReport]:
        return self.files

    def counts(self) -> dict[str, int]:
        """``checked`` is ``valid`` + ``invalid`` + ``unreadable``: every file checked and
        every path named or found that could not be (no such file or folder, a folder that
        cannot be read), once each; the ``skipped`` files (not logs) are apart."""
        valid = sum(1 for f in self.files if f.valid)
        unreadable = sum(1 for f in self.files if f.unreadable)
        return {
            "checked": len(self.files) + len(self.usage),
            "valid": valid,
            "invalid": len(self.files) - valid - unreadable,
            "unreadable": unreadable + len(self.usage),
            "skipped": len(self.skipped),
        }

    @property
    def exit_code(self) -> int:
        counts = self.counts()
        if counts["unreadable"]:
            return 2
        return 1 if counts["invalid"] else 0

    def summary(self) -> str:
        counts = self.counts()
        parts = [f"{counts['valid']} valid", f"{counts['invalid']} invalid"]
        if counts["unreadable"]:
            parts.append(f"{counts['unreadable']} unreadable")
        if counts["skipped"]:
            parts.append(f"{counts['skipped']} skipped (not game logs)")
        return f"{plural(counts['checked'], 'file')} checked: " + ", ".join(parts)

    def as_dict(self) -> dict[str, Any]:
        return {
            "format": VALIDATE_FORMAT,
            "version": VALIDATE_VERSION,
            "ok": self.exit_code == 0,
            "summary": self.counts(),
            "files": [f.as_dict() for f in self.files],
            "errors": [p.as_dict() for p in self.usage],
            "skipped": list(self.skipped),
        }


def validate_text(
    report: ValidateReport,
    style: Style = PLAIN,
    *,
    quiet: bool = False,
    verbose: bool = False,
    terminal: bool = False,
) -> str:
    """The output of ``validate --format text``.

    Problems go to stdout (they are the command's output); with ``quiet``
    only problems are printed, with ``verbose`` every valid file too; ``terminal``: see
    ``problem_text``.
    """
    out: list[str] = []
    for item in report.in_order():
        if isinstance(item, Problem):
            out.append(problem_text(item, style, terminal=terminal))
            continue
        if item.problems:
            out.append(problems_text(item.problems, style, terminal=terminal))
        out.extend(problem_text(w, style, terminal=terminal, warning=True) for w in item.warnings)
        if not item.problems and verbose:
            moves = plural(item.moves or 0, "move")
            said = fitted(f"{clean(item.file)}: ok: {moves}; {clean(item.status)}", width())
            head = f"{clean(item.file)}: ok:"
            out.append(said.replace(head, f"{clean(item.file)}: {style.good('ok')}:", 1))
    if verbose:
        out.extend(f"{clean(name)}: skipped: not a game log" for name in report.skipped)
    if not quiet:
        summary = report.summary()
        out.append(style.good(summary) if report.exit_code == 0 else style.heading(summary))
    return "\n".join(out)


def validate_github(report: ValidateReport, *, quiet: bool = False) -> str:
    """``validate --format github``: one annotation per problem, then the summary."""
    lines: list[str] = []
    for item in report.in_order():
        if isinstance(item, Problem):
            lines.append(github_annotation(item))
            continue
        lines.extend(github_annotation(p) for p in item.problems)
        lines.extend(github_annotation(p, "warning") for p in item.warnings)
    if not quiet:
        lines.append(report.summary())
    return "\n".join(lines)
