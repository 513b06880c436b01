"""A command's ``--help`` imports no game's rules (issue 44): the games' parts of the help
(``Game.help_texts``) and their ``forex new`` options (``Game.new_options``) are read from the
modules their registry lines name (``games.register(..., help_texts=, new_options=)``), not
from their ``Game`` objects, so that ``forex show --help`` costs what it did before the help
took the games' words from the games."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from forexcli import games
from forexcli.cli import COMMANDS, forex, with_game_texts
from forexcli.games.counting import COUNTING

ROOT = Path(__file__).resolve().parents[2]

MAY_IMPORT_A_GAME = {"moves"}
"""``moves --help`` lists ``--kind``'s choices, which it asks the games' objects for
(``cli.MoveKindChoice``; it did before issue 44 too)."""

PROBE = """
import contextlib, io, json, sys
from forexcli.cli import main
found = {}
for command in sys.argv[1:]:
    before = set(sys.modules)
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        try:
            main([command, "--help"])
        except SystemExit:
            pass
    found[command] = {"out": out.getvalue(), "modules": sorted(set(sys.modules) - before)}
print(json.dumps(found))
"""


def _helps_in_a_fresh_interpreter(*commands: str) -> dict[str, dict[str, object]]:
    """Each command's ``--help`` (run one after the other in one interpreter): what it
    printed and the modules it imported that the commands before it had not."""
    done = subprocess.run(
        [sys.executable, "-c", PROBE, *commands],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
        env={**os.environ, "COLUMNS": "82"},
    )
    found: dict[str, dict[str, object]] = json.loads(done.stdout)
    return found


def _a_games_rules(module: str) -> bool:
    """Whether ``module`` is a registered game's ``Game`` module or of its rules core."""
    for name in games.names():
        game_module = type(games.get(name)).__module__
        rules = game_module.rpartition(".")[0] + ".rules"
        if module in (game_module, rules) or module.startswith(rules + "."):
            return True
    return False


def test_no_help_imports_a_games_rules() -> None:
    commands = ("show", "new", "selfplay", *sorted(set(COMMANDS) - {"show", "new", "selfplay"}))
    found = _helps_in_a_fresh_interpreter(*commands)
    for command in commands:
        printed = found[command]["out"]
        assert isinstance(printed, str) and "--help" in printed, (command, printed)
        if command in MAY_IMPORT_A_GAME:
            continue
        modules = found[command]["modules"]
        assert isinstance(modules, list)
        imported = [module for module in modules if _a_games_rules(module)]
        assert imported == [], f"forex {command} --help imported {imported}"


@pytest.mark.parametrize("command", ["show", "new", "selfplay"])
def test_the_light_help_is_the_one_the_game_objects_give(
    command: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    printed = _helps_in_a_fresh_interpreter(command)[command]["out"]
    for name in games.names():
        game = games.get(name)
        monkeypatch.setitem(games._REGISTRY, name, lambda game=game: game)
        monkeypatch.setitem(games._HELP_SOURCES, name, {})
    from_the_games = CliRunner().invoke(forex, [command, "--help"], terminal_width=80)
    assert from_the_games.exit_code == 0, from_the_games.output
    assert printed == from_the_games.output


@pytest.mark.parametrize("name", games.names())
def test_a_registry_line_names_what_the_game_gives(name: str) -> None:
    game = games.get(name)
    assert games.help_texts(name) == game.help_texts()
    assert tuple(games.new_options(name)) == tuple(game.new_options())


def test_a_game_that_names_no_help_parts_gives_its_games(monkeypatch: pytest.MonkeyPatch) -> None:
    games.register("counting", "forexcli.games.counting:COUNTING")
    try:
        assert games.help_texts("counting") == COUNTING.help_texts() == {}
        assert games.new_options("counting") == COUNTING.new_options()
        shown = CliRunner().invoke(forex, ["new", "--help"], terminal_width=100)
        assert shown.exit_code == 0 and "Counting: the total that wins" in shown.output
        monkeypatch.setattr(COUNTING, "help_texts", lambda: {"chart": "COUNTING'S CHART PART"})
        assert "COUNTING'S CHART PART" in (with_game_texts("{games:chart}") or "")
    finally:
        games.unregister("counting")
    assert "counting" not in games._HELP_SOURCES


def test_registering_again_forgets_the_help_parts(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(games, "_REGISTRY", dict(games._REGISTRY))
    monkeypatch.setattr(games, "_HELP_SOURCES", dict(games._HELP_SOURCES))
    game = games.get("world-exchangers")
    monkeypatch.setattr(type(game), "help_texts", lambda self: {"chart": "FROM THE GAME"})
    assert games.help_texts("world-exchangers") != {"chart": "FROM THE GAME"}
    games.register("world-exchangers", lambda: game)
    assert games.help_texts("world-exchangers") == {"chart": "FROM THE GAME"}
