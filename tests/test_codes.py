"""Every stable code the source can emit is listed (the frame's ``FRAME_CODES`` or a
registered game's ``Game.codes``) and in docs/format.md's tables: the frame's, then one a game.

The codes are found in the source itself, not copied: every string given as the
code of a ``Problem`` (directly, through a helper that takes a ``code``
parameter, or assigned to ``code``), every engine error's ``code``, and the
``schema_KEYWORD`` codes that the schema layer forms from the keywords of the
published schema.
"""

from __future__ import annotations

import ast
import inspect
import re
from pathlib import Path
from typing import Any

from forexcli import games
from forexcli.games.forex.logcheck import log_schema
from forexcli.games.forex.rules import errors
from forexcli.games.worldex.load import CODES as LOADER_CODES
from forexcli.games.worldex.rules import errors as worldex_errors
from forexcli.games.worldex.schema_source import log_schema as worldex_log_schema
from forexcli.record.problems import FRAME_CODES, codes
from forexcli.record.schemawords import RECODED_KEYWORDS as RECODED_BY_ANY_GAME

ROOT = Path(__file__).parent.parent
SOURCE = ROOT / "forexcli"
DOC = ROOT / "docs" / "format.md"

RECODED_KEYWORDS = {
    "additionalProperties": "schema_unknown_key (a mapping's unknown keys, one problem each)",
    "propertyNames": "bad_player_name (an entry's or contact's key)",
    "not": "bad_player_name (players, first) or schema_removed_and_seed (the log)",
    "anyOf": "schema_required (neither removed nor seed)",
    "minProperties": "bad_entry (an entry with no player)",
    "maxProperties": "bad_entry (an entry with two players)",
    "const": "unsupported_version (forex:)",
}
"""Keywords of the published schema whose errors get a code of their own (see schemawords)."""

APPLICATORS = {
    "$schema",
    "$id",
    "$ref",
    "$defs",
    "title",
    "description",
    "properties",
    "items",
    "allOf",
    "if",
    "then",
    "else",
    "dependentSchemas",
}
"""Keywords that only hold other schemas or words: their errors are those of the keywords inside."""


def _name(func: ast.expr) -> str | None:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return None


def _literal(node: ast.expr | None) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    return None


def source_codes() -> dict[str, set[str]]:
    """Each code found in the source, with the files that emit it."""
    found: dict[str, set[str]] = {}
    trees = {path: ast.parse(path.read_text(encoding="utf-8")) for path in SOURCE.rglob("*.py")}
    for path, tree in trees.items():
        where = str(path.relative_to(ROOT))
        # This module's helpers that take a `code` parameter: name -> position of `code`.
        helpers: dict[str, int] = {"Problem": 0}
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef):
                names = [a.arg for a in node.args.args]
                if "code" in names:
                    helpers[node.name] = names.index("code")
        for node in ast.walk(tree):
            codes: list[str | None] = []
            if isinstance(node, ast.Call) and _name(node.func) in helpers:
                index = helpers[_name(node.func) or ""]
                if len(node.args) > index:
                    codes.append(_literal(node.args[index]))
                codes.extend(_literal(k.value) for k in node.keywords if k.arg == "code")
            elif (
                isinstance(node, ast.Assign) and any(_name(t) == "code" for t in node.targets)
            ) or (isinstance(node, ast.keyword) and node.arg == "code"):
                codes.append(_literal(node.value))
            for code in codes:
                if code is not None and re.fullmatch(r"[a-z][a-z_]*[a-z]|[a-z]+_[A-Za-z]+", code):
                    found.setdefault(code, set()).add(where)
    for _, cls in inspect.getmembers(errors, inspect.isclass):
        if issubclass(cls, errors.ForexError) and cls is not errors.ForexError:
            found.setdefault(cls.code, set()).add("forexcli/games/forex/rules/errors.py")
    for _, cls in inspect.getmembers(worldex_errors, inspect.isclass):
        if issubclass(cls, worldex_errors.WorldexError):
            found.setdefault(cls.code, set()).add("forexcli/games/worldex/rules/errors.py")
    for code in LOADER_CODES:  # placed by record.gamelog at the header's components key
        found.setdefault(code, set()).add("forexcli/games/worldex/load.py")
    found.pop("forex_error", None)  # the base classes, never raised themselves
    found.pop("worldex_error", None)
    for keyword in schema_keywords(log_schema()) - APPLICATORS - set(RECODED_KEYWORDS):
        where = "forexcli/record/gamelog.py (schema_{validator})"
        found.setdefault(f"schema_{keyword}", set()).add(where)
    worldex = schema_keywords(worldex_log_schema()) - APPLICATORS - set(RECODED_BY_ANY_GAME)
    for keyword in worldex:
        found.setdefault(f"schema_{keyword}", set()).add("forexcli/record/gamelog.py")
    return found


def schema_keywords(schema: Any) -> set[str]:
    """Every keyword used anywhere in a schema (property names are not keywords)."""
    keywords: set[str] = set()
    stack = [schema]
    while stack:
        node = stack.pop()
        if isinstance(node, list):
            stack.extend(node)
        if not isinstance(node, dict):
            continue
        for key, value in node.items():
            keywords.add(key)
            if key in ("properties", "$defs", "dependentSchemas"):
                stack.extend(value.values())
            elif key not in ("enum", "const", "required"):
                stack.append(value)
    return keywords


def code_table(marker: str, doc: Path = DOC) -> dict[str, list[str]]:
    """The codes by layer of the table after ``marker`` in ``doc`` (docs/format.md)."""
    text = doc.read_text(encoding="utf-8")
    start = text.index("| layer | codes |", text.index(marker))
    rows = text[start:].split("\n\n")[0].splitlines()[2:]
    return {row.split("|")[1].strip(): re.findall(r"`([^`]+)`", row) for row in rows}


FRAME_TABLE = "Every problem has a stable code"
"""What stands above the frame's table; a game's is under ``Codes of TITLE:``."""


def game_table(name: str) -> dict[str, list[str]]:
    """The codes by layer of game ``name``'s table, ``Codes of TITLE:``: in docs/format.md for
    the games the project ships, else in the ``README.md`` of the game's own folder."""
    game = games.get(name)
    marker = f"Codes of {game.title}:"
    own = Path(inspect.getfile(type(game))).parent / "README.md"
    for doc in (DOC, own):
        if doc.is_file() and marker in doc.read_text(encoding="utf-8"):
            return code_table(marker, doc)
    raise AssertionError(f"no {marker!r} table in {DOC} or {own}")


def documented_codes() -> set[str]:
    """The codes in the tables of docs/format.md, the frame's, and each game's."""
    tables = [code_table(FRAME_TABLE), *(game_table(name) for name in games.names())]
    return {code for table in tables for listed in table.values() for code in listed}


def test_the_source_emits_codes_we_can_find() -> None:
    found = source_codes()
    # A few that surely exist, so that a broken search cannot pass by finding nothing.
    for code in ("not_found", "exists", "no_folder", "yaml_syntax", "illegal_spot", "bad_note"):
        assert code in found, code


def test_every_emitted_code_is_in_codes_and_the_table() -> None:
    found = source_codes()
    listed = {code for listed in codes().values() for code in listed}
    assert {c: sorted(w) for c, w in found.items() if c not in listed} == {}
    documented = documented_codes()
    assert {c: sorted(w) for c, w in found.items() if c not in documented} == {}


def test_the_tables_list_codes_by_layer_as_the_frame_and_each_game_do() -> None:
    assert code_table(FRAME_TABLE) == {layer: list(c) for layer, c in FRAME_CODES.items()}
    for name in games.names():
        game = games.get(name)
        table = game_table(name)
        assert table == {layer: list(c) for layer, c in game.codes().items()}, name


def test_a_game_outside_the_shipped_ones_lists_its_codes_in_its_folder() -> None:
    """The toy, as a new game, documents its codes in its folder's README.md, not in
    docs/format.md: adding a game touches no file outside its folder."""
    games.register("counting", "forexcli.games.counting:COUNTING")
    try:
        game = games.get("counting")
        assert "Codes of Counting:" not in DOC.read_text(encoding="utf-8")
        assert game_table("counting") == {layer: list(c) for layer, c in game.codes().items()}
    finally:
        games.unregister("counting")


def test_a_game_adds_codes_the_frame_lacks_in_the_frames_layers() -> None:
    """A game's codes are its own (none is the frame's in the same layer), in layers the frame
    has a hint for; ``codes()`` holds them all, the frame's first."""
    merged = codes()
    for name in games.names():
        for layer, listed in games.get(name).codes().items():
            assert layer in FRAME_CODES, (name, layer)
            assert set(listed).isdisjoint(FRAME_CODES[layer]), (name, layer)
            assert set(listed) <= set(merged[layer])
    for layer, listed in FRAME_CODES.items():
        assert merged[layer][: len(listed)] == listed


def test_writing_onto_a_folder_is_refused_with_the_listed_code(tmp_path: Path) -> None:
    import pytest

    from forexcli.record.files import write_output
    from forexcli.record.problems import LogError

    with pytest.raises(LogError) as info:
        write_output(str(tmp_path), "text", force=True, refusal="")
    assert [p.code for p in info.value.problems] == ["is_a_directory"]


def test_the_codes_of_a_deal_are_the_games_own_or_the_frames() -> None:
    """The engine's refusal of an offer and a deal not countersigned have the game's codes
    (``AgreementWords``: For-Ex's ``spot_declined``, ``unagreed_spot``), else the frame's."""
    from forexcli.games.defaults import BaseGame

    plain = BaseGame[object, object]().agreement_words()
    assert plain.declined in FRAME_CODES["rules"] and plain.unagreed in FRAME_CODES["signature"]
    merged = codes()
    for name in games.names():
        words = games.get(name).agreement_words()
        assert words.declined in merged["rules"] and words.unagreed in merged["signature"], name
    forex = games.get("for-ex")
    assert (forex.agreement_words().declined, forex.agreement_words().unagreed) == (
        "spot_declined",
        "unagreed_spot",
    )
    assert "spot_declined" in forex.codes()["rules"] and forex.codes()["signature"] == (
        "unagreed_spot",
    )
