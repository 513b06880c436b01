"""No ``--help`` imports a game's rules (issue 44): the games' parts of the help
(``Game.help_texts``), their ``forex new`` options (``Game.new_options``) and ``moves --kind``'s
choices (``Game.move_kinds``) are read from the modules their registry lines name
(``games.register(..., help_texts=, new_options=, move_kinds=)``), not from their ``Game``
objects, so that ``forex show --help`` costs what it did before the help took the games' words
from the games."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from forexcli import games
from forexcli.cli import COMMANDS, forex, with_game_texts
from forexcli.games.counting import COUNTING

from .alone import alone

ROOT = Path(__file__).resolve().parents[2]

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


SHIPPED_KINDS = [
    "resolve",
    "invest",
    "contract",
    "divest",
    "sell",
    "strengthen",
    "strongest",
    "spot",
]
"""``moves --kind``'s choices of the shipped games (For-Ex's; World Exchangers lists none),
first in the help, before any other registered game's."""


def kinds_shown(help_text: str) -> list[str]:
    """The kinds ``forex moves --help`` offers: beside ``--kind`` (``[a|b]``), or, too many to
    fit there, named in its text (``KIND: one of a, b.``)."""
    said = " ".join(help_text.split())
    listed = re.search(r"--kind \[([a-z0-9_|-]+)\]", said)
    if listed is not None:
        return listed.group(1).split("|")
    named = re.search(r"--kind KIND .*KIND: one of ([a-z0-9_, -]+)\.", said)
    assert named is not None, said
    return named.group(1).split(", ")


def _every_help() -> list[tuple[str, ...]]:
    """``forex --help``'s command line (no command), each command's and each subcommand's."""
    found: list[tuple[str, ...]] = [()]
    for name in COMMANDS:
        found.append((name,))
        command = forex.commands[name]
        if isinstance(command, click.Group):
            found.extend((name, sub) for sub in command.commands)
    return found


def _a_games_rules(module: str) -> bool:
    """Whether ``module`` is a registered game's ``Game`` module, of its rules core or of its
    search, or of the frame's search (``forexcli.search``)."""
    heavy = ["forexcli.search"]
    for name in games.names():
        game_module = type(games.get(name)).__module__
        package = game_module.rpartition(".")[0]
        heavy.extend((game_module, package + ".rules", package + ".search"))
    return any(module == each or module.startswith(each + ".") for each in heavy)


def test_the_reader_of_a_games_rules_knows_them() -> None:
    assert _a_games_rules("forexcli.games.forex.rules.board")
    assert _a_games_rules("forexcli.games.worldex.rules")
    assert _a_games_rules("forexcli.games.forex.game")
    assert _a_games_rules("forexcli.games.worldex.search")
    assert _a_games_rules("forexcli.search.budget")
    assert not _a_games_rules("forexcli.games.forex.presenter")
    assert not _a_games_rules("forexcli.games.forex.rulesbook")
    assert not _a_games_rules("forexcli.searching")


def test_every_help_is_checked() -> None:
    helps = _every_help()
    assert () in helps and ("moves",) in helps and ("key", "new") in helps
    assert len(helps) == 1 + len(COMMANDS) + sum(
        len(command.commands)
        for command in forex.commands.values()
        if isinstance(command, click.Group)
    )


def test_no_help_imports_a_games_rules() -> None:
    """Each ``forex [COMMAND [SUBCOMMAND]] --help`` in an interpreter of its own, so that no
    help is excused by the modules another imported before it."""
    helps = _every_help()
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        found = dict(
            zip(helps, pool.map(lambda args: alone([*args, "--help"]), helps), strict=True)
        )
    for args, result in found.items():
        shown = " ".join(("forex", *args, "--help"))
        assert result["status"] in (0, None) and "--help" in result["out"], (shown, result["out"])
        imported = [module for module in result["modules"] if _a_games_rules(module)]
        assert imported == [], f"{shown} imported {imported}"


def test_moves_help_lists_the_kinds_without_the_games() -> None:
    """The kinds come from the modules the registry lines name (the games' help texts), which
    import nothing: not even the games' views (``presenter``, with ``forex new``'s options)."""
    result = alone(["moves", "--help"])
    assert kinds_shown(result["out"])[: len(SHIPPED_KINDS)] == SHIPPED_KINDS
    assert not [module for module in result["modules"] if _a_games_rules(module)]
    assert not [module for module in result["modules"] if module.endswith(".presenter")]


S_KINDS = ("stack", "add", "swap")
"""Kinds of a third game (Counting's, as its registry line names them for a test), two of
them starting with ``s`` as For-Ex's ``sell`` and ``spot`` do."""


@pytest.mark.parametrize("third_kinds", [(), S_KINDS], ids=["registry", "third game"])
def test_completing_a_kind_offers_the_kinds_without_the_games(third_kinds: tuple[str, ...]) -> None:
    """Completing ``--kind s`` offers every registered game's kinds that start with ``s``,
    in the registry's order (``MoveKindChoice``): what is expected is read from the registry,
    so that the test holds for whatever games are registered (a third game's kinds too,
    named by its registry line), and the completion imports no game's rules."""
    probe = (
        "import json, sys\n"
        "from forexcli import games\n"
        "KINDS = tuple(sys.argv[1:])\n"
        "if KINDS:\n"
        "    games.register('counting', 'forexcli.games.counting:COUNTING',"
        " move_kinds='__main__:KINDS')\n"
        "from forexcli.cli import main\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    env = {"_FOREX_COMPLETE": "bash_complete", "COMP_WORDS": "forex moves g.yaml --kind s"}
    done = subprocess.run(
        [sys.executable, "-c", probe, *third_kinds],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, **env, "COMP_CWORD": "4"},
        check=True,
    )
    *offered, modules = done.stdout.splitlines()
    if third_kinds:
        games.register(
            "counting", "forexcli.games.counting:COUNTING", move_kinds=f"{__name__}:S_KINDS"
        )
    try:
        kinds = [kind for name in games.names() for kind in games.move_kinds(name)]
        expected = [f"plain,{kind}" for kind in dict.fromkeys(kinds) if kind.startswith("s")]
        assert expected and offered == expected, kinds
        assert not [module for module in json.loads(modules) if _a_games_rules(module)]
    finally:
        if third_kinds:
            games.unregister("counting")
    assert {"plain,stack", "plain,swap"} <= set(offered) or not third_kinds


@pytest.mark.parametrize("command", ["show", "new", "selfplay", "moves"])
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
    assert games.title(name) == game.title  # forex --help names the game by it
    assert tuple(games.new_options(name)) == tuple(game.new_options())
    assert games.move_kinds(name) == game.move_kinds()


def test_a_game_that_names_no_help_parts_gives_its_games(monkeypatch: pytest.MonkeyPatch) -> None:
    games.register("counting", "forexcli.games.counting:COUNTING")
    try:
        assert games.help_texts("counting") == COUNTING.help_texts() == {}
        assert games.new_options("counting") == COUNTING.new_options()
        shown = CliRunner().invoke(forex, ["new", "--help"], terminal_width=100)
        assert shown.exit_code == 0 and "Counting: the total that wins" in shown.output
        monkeypatch.setattr(COUNTING, "help_texts", lambda: {"chart": "COUNTING'S CHART PART"})
        assert "COUNTING'S CHART PART" in (with_game_texts("{games:chart}") or "")
        assert games.move_kinds("counting") == COUNTING.move_kinds() == ()
        monkeypatch.setattr(COUNTING, "move_kinds", lambda: ("add", "spot"))
        assert games.move_kinds("counting") == ("add", "spot")
        listed = CliRunner().invoke(forex, ["moves", "--help"], terminal_width=100)
        kinds = kinds_shown(listed.output)
        assert kinds[: len(SHIPPED_KINDS)] == SHIPPED_KINDS and kinds[-1] == "add"
    finally:
        games.unregister("counting")
    assert "counting" not in games._HELP_SOURCES


NO_TITLE = {"chart": "A part of the help, and no title."}
"""Help texts a registry line may name that give no ``title``."""


def test_a_games_title_is_read_as_its_help_is(monkeypatch: pytest.MonkeyPatch) -> None:
    """``games.title`` (``forex --help`` names the games by it): the ``title`` part of the help
    texts a registry line names, else (no help texts named) the ``Game``'s title, else the
    registry name; ``UnknownGame`` for a name not registered."""
    monkeypatch.setattr(games, "_REGISTRY", dict(games._REGISTRY))
    monkeypatch.setattr(games, "_HELP_SOURCES", dict(games._HELP_SOURCES))
    assert games.title("world-exchangers") == "World Exchangers"
    games.register("counting", "forexcli.games.counting:COUNTING")
    assert games.title("counting") == "Counting"
    games.register("counting", lambda: COUNTING, help_texts=f"{__name__}:NO_TITLE")
    assert games.title("counting") == "counting"
    with pytest.raises(games.UnknownGame):
        games.title("nim")


def test_registering_again_forgets_the_help_parts(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(games, "_REGISTRY", dict(games._REGISTRY))
    monkeypatch.setattr(games, "_HELP_SOURCES", dict(games._HELP_SOURCES))
    game = games.get("world-exchangers")
    monkeypatch.setattr(type(game), "help_texts", lambda self: {"chart": "FROM THE GAME"})
    assert games.help_texts("world-exchangers") != {"chart": "FROM THE GAME"}
    games.register("world-exchangers", lambda: game)
    assert games.help_texts("world-exchangers") == {"chart": "FROM THE GAME"}
