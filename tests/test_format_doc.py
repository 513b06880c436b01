"""The format document names every problem code the tool can report."""

from __future__ import annotations

import inspect
from pathlib import Path

from forexcli import games
from forexcli.games.forex.rules import errors
from forexcli.record.problems import codes
from tests.every_game import SHIPPED, TOY, own_readme, registered

DOC = Path(__file__).parent.parent / "docs" / "format.md"


def test_every_problem_code_is_documented() -> None:
    """In docs/format.md: the frame's and the shipped games' codes; a game the project does
    not ship lists its own in its folder's README.md (``tests.every_game.SHIPPED``)."""
    text = DOC.read_text(encoding="utf-8")
    missing = sorted(
        {code for codes in codes().values() for code in codes if f"`{code}`" not in text}
        - {
            code
            for name in games.names()
            if name not in SHIPPED
            for listed in games.get(name).codes().values()
            for code in listed
            if f"`{code}`" in own_readme(name)
        }
    )
    assert missing == []


def test_a_game_the_project_does_not_ship_documents_its_codes_itself() -> None:
    """The toy's codes are in its folder's README.md, not in docs/format.md."""
    with registered(TOY):
        assert "`over_target`" not in DOC.read_text(encoding="utf-8")
        test_every_problem_code_is_documented()


def test_every_engine_error_code_is_a_listed_rules_code() -> None:
    engine_codes = {
        cls.code
        for _, cls in inspect.getmembers(errors, inspect.isclass)
        if issubclass(cls, errors.ForexError) and cls not in (errors.ForexError,)
    }
    listed = set(codes()["rules"]) | set(codes()["header"])
    assert engine_codes - listed == set()
