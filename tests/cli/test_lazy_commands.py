"""The ``forex`` group loads a command's module only when that command is looked up.

``forexcli.cli.COMMANDS`` names each command's module and attribute and keeps its short
help, so that ``forex --help`` and shell completion import no command module and a command
imports only its own (and ``commands.common``): start-up is a target (issue 12).
"""

from __future__ import annotations

import importlib
import json
import os
import pkgutil
import subprocess
import sys
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from forexcli import cli
from forexcli.cli import COMMANDS, ForexGroup, LazyCommands, forex

ROOT = Path(__file__).resolve().parents[2]
TWO = ROOT / "examples" / "two-players.yaml"

PROBE = """
import contextlib, io, json, os, sys
from forexcli.cli import main
out, err = (io.TextIOWrapper(io.BytesIO()) for _ in "12")  # completion writes bytes
with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
    try:
        main(sys.argv[1:])
    except SystemExit as stop:
        status = stop.code
print(json.dumps({"status": status, "modules": sorted(sys.modules)}))
"""


def _command_modules(*args: str, env: dict[str, str] | None = None) -> tuple[object, list[str]]:
    """The exit status of ``forex ARGS`` in a fresh interpreter and the modules of
    ``forexcli.cli`` it imported (the package itself left out)."""
    done = subprocess.run(
        [sys.executable, "-c", PROBE, *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        check=True,
    )
    found = json.loads(done.stdout)
    modules = [
        name.removeprefix("forexcli.cli.")
        for name in found["modules"]
        if name.startswith("forexcli.cli.")
    ]
    return found["status"], modules


def _defined_commands() -> dict[str, str]:
    """Every command defined in a ``forexcli.cli`` module but a nested group's
    subcommands (``key new``), by name: ``module:attribute``."""
    defined: list[tuple[click.Command, str]] = []
    for info in pkgutil.iter_modules(cli.__path__):
        if info.name == "__main__":
            continue
        module = importlib.import_module(f"forexcli.cli.{info.name}")
        for attribute, value in vars(module).items():
            callback = getattr(value, "callback", None)
            # a command defined there (not one imported from elsewhere)
            if (
                isinstance(value, click.Command)
                and getattr(callback, "__module__", "") == module.__name__
            ):
                defined.append((value, f"{module.__name__}:{attribute}"))
    nested = {
        id(sub)
        for command, _ in defined
        if isinstance(command, click.Group)
        for sub in command.commands.values()
    }
    found: dict[str, str] = {}
    for command, where in defined:
        if id(command) not in nested:
            assert command.name is not None and command.name not in found, where
            found[command.name] = where
    return found


def test_the_table_lists_exactly_the_commands_and_where_they_are() -> None:
    assert {name: where for name, (where, _) in COMMANDS.items()} == _defined_commands()
    assert list(COMMANDS) == sorted(COMMANDS)
    assert "key" in COMMANDS and "new" in COMMANDS  # the group, not its subcommand "new"


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_the_table_keeps_each_commands_own_short_help(name: str) -> None:
    command = forex.commands[name]
    assert command.name == name
    assert not command.hidden and not command.deprecated and command.short_help is None
    assert COMMANDS[name][1] == command.get_short_help_str(10**6)  # its first sentence
    assert isinstance(forex, ForexGroup)
    for limit in (10, 30, 45, 60, 72, 200):  # as click shortens it, for any width
        assert forex.command_short_help(name, limit) == command.get_short_help_str(limit)


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_every_command_loads_alone(name: str) -> None:
    """``forex NAME --help`` in a fresh interpreter imports NAME's module (and common) only."""
    where = COMMANDS[name][0].split(":")[0].removeprefix("forexcli.cli.")
    status, modules = _command_modules(name, "--help")
    assert status == 0
    assert where in modules and set(modules) <= {"common", where}


@pytest.mark.slow
@pytest.mark.parametrize(
    ("args", "module"),
    [
        (["show", str(TWO)], "show"),
        (["validate", "-j", "1", str(TWO)], "validate"),
        (["history", str(TWO)], "history"),
        (["hint", str(TWO)], "engine"),  # a finished game: game_over, exit 1
    ],
)
def test_a_command_imports_no_other_commands_module(args: list[str], module: str) -> None:
    status, modules = _command_modules(*args)
    assert status in (0, 1)
    assert modules == ["common", module]


def test_help_an_unknown_command_and_completion_import_no_command_module() -> None:
    assert _command_modules("--help") == (0, [])
    assert _command_modules("--version") == (0, [])
    assert _command_modules("shw") == (2, [])  # "Did you mean 'show'?" from the names alone
    completion = {
        **os.environ,
        "_FOREX_COMPLETE": "bash_complete",
        "COMP_WORDS": "forex ",
        "COMP_CWORD": "1",
    }
    assert _command_modules(env=completion) == (0, [])


def test_an_unknown_command_is_still_a_usage_error_with_a_suggestion() -> None:
    result = CliRunner().invoke(forex, ["shw"], prog_name="forex")
    assert result.exit_code == 2
    assert "No such command 'shw'. Did you mean 'show'?" in result.stderr


def test_completion_lists_the_commands_with_their_short_help() -> None:
    runner = CliRunner(
        env={"_FOREX_COMPLETE": "zsh_complete", "COMP_WORDS": "forex s", "COMP_CWORD": "1"}
    )
    lines = runner.invoke(forex, [], prog_name="forex").stdout.splitlines()
    names = [name for name in sorted(COMMANDS) if name.startswith("s")]
    assert lines == [
        line for name in names for line in ("plain", name, forex.command_short_help(name))
    ]


def test_lazy_commands_is_a_mapping_that_imports_on_lookup() -> None:
    table = {"show": ("forexcli.cli.show:show_command", "Show the game.")}
    lazy = LazyCommands(table)
    assert list(lazy) == ["show"] and len(lazy) == 1 and "show" in lazy
    assert "other" not in lazy and lazy.get("other") is None
    assert lazy.loaded == {}
    assert lazy["show"] is importlib.import_module("forexcli.cli.show").show_command
    extra = click.Command("extra")
    lazy["extra"] = extra
    assert list(lazy) == ["show", "extra"] and len(lazy) == 2 and lazy["extra"] is extra
    del lazy["show"]
    assert list(lazy) == ["extra"]
    with pytest.raises(KeyError):
        del lazy["show"]
    assert table == {"show": ("forexcli.cli.show:show_command", "Show the game.")}


def test_a_group_lists_an_added_command_unless_it_is_hidden() -> None:
    group = ForexGroup("g", command_table={})
    group.add_command(click.Command("seen", help="Seen here. More."))
    group.add_command(click.Command("unseen", help="Not listed.", hidden=True))
    ctx = click.Context(group, info_name="g")
    assert group.listed_commands(ctx) == ["seen"]
    assert "seen  Seen here." in group.get_help(ctx) and "unseen" not in group.get_help(ctx)


def test_a_command_is_found_where_it_lives_and_not_in_cli() -> None:
    from forexcli.cli import show

    assert cli.forex.commands["show"] is show.show_command
    for name in ("show_command", "_Progress", "no_such_name"):
        assert not hasattr(cli, name), name
