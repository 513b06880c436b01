"""``forex new`` imports only the game it makes a log of: its options are composed from that
game alone when the command line names it (issue 44), while ``forex new --help`` and a refusal
of another game's option still read every game's."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from forexcli import games
from forexcli.cli import forex
from forexcli.cli.new import new_command
from tests.every_game import EXAMPLES, SHIPPED

from .alone import alone

ROOT = Path(__file__).resolve().parents[2]
COMPONENTS = ROOT / "forexcli" / "games" / "worldex" / "data" / "invented-components.json"


SHIPPED_MADE_BY = {
    "for-ex": ["--players", "alice,bob,carol", "--seed", "s1"],
    "world-exchangers": [
        *("--players", "ben,ann", "--seed", "mid-year"),
        *("--components", str(COMPONENTS)),
    ],
}
"""A command line of ``forex new`` for each shipped game (the options after ``FILE``)."""


def _players_of_its_example(name: str) -> list[str]:
    """``--players`` as the game's example log has them: the command line of another
    registered game, which keeps its example in its folder (``tests.every_game``)."""
    header = yaml.safe_load(EXAMPLES[name].read_text(encoding="utf-8"))
    return ["--players", ",".join(str(player) for player in header["players"])]


MADE_BY = {
    name: SHIPPED_MADE_BY.get(name) or _players_of_its_example(name) for name in games.names()
}
"""A command line of ``forex new`` for each registered game."""


def _package(name: str) -> str:
    """The package of the registered game ``name`` (``forexcli.games.forex``)."""
    return ".".join(type(games.get(name)).__module__.split(".")[:3])


def _new_in_a_fresh_interpreter(*args: str) -> tuple[object, str, set[str]]:
    found = alone(["new", *args])
    return found["status"], found["out"], set(found["modules"])


def test_every_shipped_game_has_a_command_line_here() -> None:
    assert set(SHIPPED_MADE_BY) == set(SHIPPED) <= set(games.names())


@pytest.mark.parametrize("name", sorted(MADE_BY))
@pytest.mark.parametrize("named", [True, False])
def test_new_imports_no_other_games_package(name: str, named: bool, tmp_path: Path) -> None:
    if not named and name != games.DEFAULT_GAME:
        pytest.skip("only the default game is made without --game")
    given = ["--game", name] if named else []
    status, out, modules = _new_in_a_fresh_interpreter(
        str(tmp_path / "new.yaml"), *given, *MADE_BY[name], "--dry-run"
    )
    assert status in (0, None) and "moves: []" in out, out
    assert _package(name) in modules
    for other in set(games.names()) - {name}:
        imported = sorted(m for m in modules if m.split(".")[:3] == _package(other).split("."))
        assert imported == [], f"forex new --game {name} imported {other}"


def test_help_lists_every_games_options() -> None:
    shown = CliRunner().invoke(forex, ["new", "--help"], terminal_width=100)
    assert shown.exit_code == 0, shown.output
    for name in games.names():
        for option in games.get(name).new_options():
            assert f"{option.flag_name} " in shown.output, (name, option.flag_name)


def test_another_games_option_is_refused_in_words(tmp_path: Path) -> None:
    path = tmp_path / "new.yaml"
    given = [*MADE_BY["for-ex"], "--components", str(COMPONENTS)]
    refused = CliRunner().invoke(forex, ["new", str(path), *given])
    assert refused.exit_code == 2 and not path.exists()
    assert "takes no --components: it is World Exchangers' only" in refused.stderr
    made = CliRunner().invoke(forex, ["new", str(path), *MADE_BY["for-ex"], "--dry-run"])
    assert made.exit_code == 0 and "moves: []" in made.stdout, made.output


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (["f.yaml", "--players", "a,b"], "for-ex"),
        (["f.yaml", "--game", "world-exchangers", "--components", "c.json"], "world-exchangers"),
        (["f.yaml", "--game=world-exchangers", "--board=ann=B"], "world-exchangers"),
        (["f.yaml", "--game", "for-ex", "--game", "world-exchangers"], "world-exchangers"),
        (["f.yaml", "--", "--components"], "for-ex"),
        (["f.yaml", "--components", "c.json"], None),  # another game's option: every game's
        (["f.yaml", "--game", "world-exchangers", "--help"], None),
        (["f.yaml", "-h"], None),
        (["f.yaml", "--game", "nim"], None),
        (["f.yaml", "--game"], None),
    ],
)
def test_the_game_a_command_line_names(args: list[str], named: str | None) -> None:
    assert new_command.named_game(args) == named
