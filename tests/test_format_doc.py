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


def test_the_moves_json_section_names_every_key_of_both_games_documents(tmp_path: Path) -> None:
    """``forex moves --format json``: every key of each game's document and of its groups is
    named in docs/format.md's section (World Exchangers' were not: ``over``, ``deciders``,
    ``by``, ``count``); the shared key that differs in name is said to."""
    import json

    from tests.cli.test_commands import run

    section = DOC.read_text(encoding="utf-8").split("## `forex moves --format json`")[1]
    section = " ".join(section.split("\n## ")[0].split())
    examples = Path(__file__).parent.parent / "examples"
    for log in (
        examples / "six-players.yaml",
        examples / "world-exchangers" / "three-players.yaml",
    ):
        result = run(["moves", str(log), "--at", "5", "--format", "json"])
        assert result.exit_code == 0, result.output
        data = json.loads(result.stdout)
        keys = set(data) | {key for group in data["groups"] for key in group}
        assert (
            data["groups"]
            and sorted(k for k in keys if f"`{k}`" not in section and f'`"{k}":' not in section)
            == []
        )
    assert "a group's `entries` are For-Ex's `moves`" in section


def _keys(value: object) -> set[str]:
    """Every key of every mapping in ``value``, however deep."""
    if isinstance(value, dict):
        return set(value) | {k for item in value.values() for k in _keys(item)}
    if isinstance(value, list):
        return {k for item in value for k in _keys(item)}
    return set()


def test_the_hint_and_analyse_json_section_names_every_key_and_their_format(
    tmp_path: Path,
) -> None:
    """``forex hint`` and ``forex analyse --format json`` say which document they are
    (``format`` and ``version``, as every other JSON document of the tool does) and
    docs/format.md names every key of both, however deep (player names aside)."""
    import json

    from tests.cli.test_commands import run

    section = DOC.read_text(encoding="utf-8").split("## `forex hint --format json` and")[1]
    section = " ".join(section.split("\n## ")[0].split())
    fresh = str(tmp_path / "fresh.yaml")
    assert run(["new", fresh, "--players", "ann,ben", "--seed", "s"]).exit_code == 0
    finished = str(Path(__file__).parent.parent / "examples" / "six-players.yaml")
    hint = run(["hint", fresh, "--simulations", "20", "--format", "json"])
    analysis = run(["analyse", finished, "--simulations", "20", "--to", "3", "--format", "json"])
    players = {"ann", "ben", "gus", "hana", "ivo", "jules", "kai", "lena"}
    for result, name in ((hint, "forex-hint"), (analysis, "forex-analyse")):
        assert result.exit_code == 0, result.output
        data = json.loads(result.stdout)
        assert (data["format"], data["version"]) == (name, 1)
        assert f'`"format": "{name}"`' in section
        named = [k for k in _keys(data) - players if f"`{k}`" in section or f'`"{k}":' in section]
        assert sorted(_keys(data) - players - set(named)) == []
