"""The format document names every problem code the tool can report."""

from __future__ import annotations

import inspect
from pathlib import Path

from forexcli.games.forex.rules import errors
from forexcli.record.problems import codes

DOC = Path(__file__).parent.parent / "docs" / "format.md"


def test_every_problem_code_is_documented() -> None:
    text = DOC.read_text(encoding="utf-8")
    missing = sorted(
        {code for codes in codes().values() for code in codes if f"`{code}`" not in text}
    )
    assert missing == []


def test_every_engine_error_code_is_a_listed_rules_code() -> None:
    engine_codes = {
        cls.code
        for _, cls in inspect.getmembers(errors, inspect.isclass)
        if issubclass(cls, errors.ForexError) and cls not in (errors.ForexError,)
    }
    listed = set(codes()["rules"]) | set(codes()["header"])
    assert engine_codes - listed == set()
