"""Problems: every error a user can cause, as data with a place and a stable code."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any


@dataclass(frozen=True, slots=True)
class Problem:
    """One problem found in a file: what, where (1-based line and column), why.

    ``layer`` names the check that found it: ``io``, ``yaml``, ``schema``,
    ``header`` or ``rules``.  ``entry`` is the 1-based move number, if any.
    """

    code: str
    message: str
    layer: str
    file: str = "<log>"
    line: int | None = None
    column: int | None = None
    entry: int | None = None
    hints: tuple[str, ...] = field(default=())

    def where(self) -> str:
        """``file:line:column`` (as much of it as is known)."""
        if self.line is None:
            return self.file
        return f"{self.file}:{self.line}:{self.column or 1}"

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
