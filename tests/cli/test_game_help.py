"""The commands' help takes what it says of a game from the game (``Game.help_texts``): a help
text writes ``{games:TOPIC}`` and each registered game's part for TOPIC stands there
(``cli.with_game_texts``), so that the frame's help names no game (issue 44)."""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import click
import pytest
from click.testing import CliRunner

from forexcli import games
from forexcli.cli import COMMANDS, forex, with_game_texts
from forexcli.games.defaults import BaseGame
from tests.every_game import shipped_only

ROOT = Path(__file__).resolve().parents[2]


class Nim(BaseGame[Any, Any]):
    """A game that only adds to the help."""

    name = "nim-help"
    title = "Nim"
    parts: Mapping[str, str] = {}

    def help_texts(self) -> Mapping[str, str]:
        return self.parts


NIM = Nim()


@pytest.fixture
def nim() -> Iterator[Nim]:
    """Nim registered right after the shipped games (another registered game's parts would
    stand between) with no part of the help, for one test."""
    NIM.parts = {}
    with shipped_only():
        games.register(NIM.name, lambda: NIM)
        yield NIM
        games.unregister(NIM.name)


def _every_command() -> Iterator[tuple[str, ...]]:
    for name in COMMANDS:
        command = forex.commands[name]
        yield (name,)
        if isinstance(command, click.Group):
            yield from ((name, sub) for sub in command.commands)


def _topics_in_the_frame() -> set[str]:
    """Every ``{games:TOPIC}`` the frame's help texts write."""
    text = "".join(path.read_text("utf-8") for path in (ROOT / "forexcli" / "cli").glob("*.py"))
    return set(re.findall(r"\{games:([^}]+)\}", text))


@pytest.mark.parametrize("args", list(_every_command()), ids=" ".join)
def test_no_help_shows_a_topic_mark(args: tuple[str, ...]) -> None:
    shown = CliRunner().invoke(forex, [*args, "--help"], terminal_width=80)
    assert shown.exit_code == 0, shown.output
    assert "{games:" not in shown.output


def test_every_topic_a_game_writes_is_one_the_help_names() -> None:
    topics = _topics_in_the_frame()
    assert {"chart", "moves --kind", "show --seat", "new"} <= topics  # the sources were read
    for name in games.names():
        assert set(games.get(name).help_texts()) <= topics, name


def test_the_shipped_games_parts_stand_where_their_topics_are() -> None:
    chart = CliRunner().invoke(forex, ["chart", "--help"], terminal_width=80).output
    for_ex, wx = chart.index("For-Ex: one line"), chart.index("World Exchangers: one line")
    assert for_ex < wx < chart.index("With --eval")  # the registry's order, then the frame's
    kinds = CliRunner().invoke(forex, ["moves", "--help"]).output
    said = " ".join(kinds.split()).replace("For- Ex", "For-Ex")  # a line may end at its hyphen
    assert "as forex play takes it (For-Ex's spot: an offer with the actions only" in said


def test_a_paragraph_of_each_game_in_the_registrys_order(nim: Nim) -> None:
    nim.parts = {"chart": "\n    Nim: one line\n    per heap."}
    text = with_game_texts("    Draw it.\n\n    {games:chart}\n\n    Then more.")
    assert text is not None and text.startswith("Draw it.\n\nFor-Ex: one line per currency")
    assert text.endswith("mid-year trend card.\n\nNim: one line\nper heap.\n\nThen more.")


def test_a_part_within_a_sentence_runs_into_it(nim: Nim) -> None:
    nim.parts = {"seat": " (and Nim's)"}
    shown = with_game_texts("after a person's decision{games:seat}.")
    for_ex = ", and answers the offers made to them (For-Ex's spot deals)"
    assert shown == f"after a person's decision{for_ex} (and Nim's)."


def test_forex_help_names_each_game_with_its_parts(nim: Nim) -> None:
    """``forex --help`` lists the registered games by their ``title`` parts and puts each
    one's ``examples`` lines after the games' before it, in the registry's order."""
    nim.parts = {
        "title": "Nim",
        "examples": "\n    Take a heap:         forex play nim.yaml ann take 3",
    }
    shown = CliRunner().invoke(forex, ["--help"], terminal_width=80)
    assert shown.exit_code == 0, shown.output
    said = " ".join(shown.output.split())
    assert "games of For-Ex, of World Exchangers and of Nim as YAML logs." in said
    assert (
        "then forex moves wx.yaml, forex play wx.yaml ben buy Vienna\n"
        "  Take a heap:         forex play nim.yaml ann take 3\n\n"
    ) in shown.output


def test_forex_help_of_one_game(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(games, "_REGISTRY", {"for-ex": games._REGISTRY["for-ex"]})
    shown = CliRunner().invoke(forex, ["--help"], terminal_width=80).output
    assert "Record, check, show and play games of For-Ex as YAML logs." in " ".join(shown.split())
    assert "World Exchangers" not in shown and "Check logs in CI:" in shown


def test_a_topic_no_game_writes_leaves_nothing() -> None:
    assert with_game_texts("First.\n\n{games:nothing}\n\nLast.") == "First.\n\nLast."
    assert with_game_texts("{games:nothing}\n\nLast.") == "Last."
    assert with_game_texts("Which game{games:nothing}.") == "Which game."
    assert with_game_texts("No mark.") == "No mark." and with_game_texts(None) is None


def test_a_registered_games_part_is_in_the_help(nim: Nim) -> None:
    nim.parts = {"show --seat": "Nim: the heap to draw.", "hint": "For Nim the engine is exact."}
    seat = CliRunner().invoke(forex, ["show", "--help"]).output
    assert "nobody is to play]. Nim: the heap to draw. --format" in " ".join(seat.split())
    hint = CliRunner().invoke(forex, ["hint", "--help"], terminal_width=80).output
    assert "\n\n  For Nim the engine is exact.\n" in hint  # a paragraph of its own
    assert "the cards turned up). For Nim the engine is exact." in " ".join(hint.split())


def test_completing_an_option_imports_no_game() -> None:
    """Shell completion lists the options without the games' parts of their help (it stays as
    fast as it was); ``--help`` has them."""
    import json
    import os
    import subprocess
    import sys

    probe = (
        "import json, sys\n"
        "from forexcli.cli import main\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    env = dict(os.environ, _FOREX_COMPLETE="zsh_complete", COMP_WORDS="forex show --")
    env["COMP_CWORD"] = "2"
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, cwd=ROOT, env=env, check=True
    )
    listed, _, modules = done.stdout.rpartition("\n[")
    assert "--seat\n" in listed and "--format\n" in listed
    assert "World Exchangers" not in listed and "{games:" not in listed
    assert not [m for m in json.loads("[" + modules) if m.startswith("forexcli.games.")]
