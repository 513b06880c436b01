"""What the capability tests run over: every registered game, and the Counting toy
(``forexcli/games/counting``, registered for the length of a test), each with its example
logs.  A test over them skips a game that refuses the capability with ``not_for_game``
(``offered``), never by the game's name."""

from __future__ import annotations

import inspect
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
import yaml
from click.testing import Result

from forexcli import games
from forexcli.record import gamelog

ROOT = Path(__file__).resolve().parent.parent

SHIPPED = ("for-ex", "world-exchangers")
"""The games the project ships: docs/ and man/forex.1 document them, their example logs are
under ``examples/``.  Any other registered game (the toy, a game being tried) documents
itself in its folder's ``README.md`` (its codes, its ``forex new`` options) and keeps its
examples there, so that adding it changes nothing outside its folder but the registry."""


@contextmanager
def shipped_only() -> Iterator[None]:
    """The registry with the shipped games alone while in the block (what docs/cli.md shows)."""
    with pytest.MonkeyPatch.context() as patch:
        kept = {name: source for name, source in games._REGISTRY.items() if name in SHIPPED}
        patch.setattr(games, "_REGISTRY", kept)
        yield


def own_readme(name: str) -> str:
    """The ``README.md`` of the registered game ``name``'s folder ("" when it has none)."""
    readme = game_folder(name) / "README.md"
    return readme.read_text(encoding="utf-8") if readme.is_file() else ""


SHIPPED_EXAMPLES = {
    "for-ex": sorted((ROOT / "examples").glob("*.yaml")),
    "world-exchangers": sorted((ROOT / "examples" / "world-exchangers").glob("*.yaml")),
}
"""The example logs the project ships for its games, under ``examples/``."""

SHIPPED_EXAMPLE = {
    "for-ex": ROOT / "examples" / "annotated-pbem.yaml",
    "world-exchangers": ROOT / "examples" / "world-exchangers" / "three-players.yaml",
}
"""The one of them the capability tests copy."""


TOY = "counting"
TOY_SOURCE = "forexcli.games.counting:COUNTING"
"""The toy's registry line: ``register(TOY, TOY_SOURCE)``."""

GAMES = (*games.names(), TOY)
"""Every game a capability test runs over."""


@contextmanager
def registered(name: str) -> Iterator[None]:
    """The game ``name`` registered while in the block (the toy only then)."""
    if name != TOY:
        yield
        return
    games.register(TOY, TOY_SOURCE)
    try:
        yield
    finally:
        games.unregister(TOY)


def game_folder(name: str) -> Path:
    """The folder of the game ``name`` (the toy registered for it if it is not): where its
    ``Game`` object's class is."""
    if name in games.names():
        return Path(inspect.getfile(type(games.get(name)))).parent
    with registered(name):
        return game_folder(name)


def folder_examples(name: str) -> list[Path]:
    """The example logs in the game's own folder (``examples/*.yaml``): what a new game
    gives the capability tests without a change outside its folder."""
    return sorted((game_folder(name) / "examples").glob("*.yaml"))


EXAMPLE_LOGS = {name: SHIPPED_EXAMPLES.get(name) or folder_examples(name) for name in GAMES}
"""Every example log of each game (a test fails for a game without one): the toy's, as a new
game's, in its folder (``forexcli/games/counting/examples/count.yaml``: ann brings the
total to 5 and wins)."""

EXAMPLES = {name: SHIPPED_EXAMPLE.get(name, logs[0]) for name, logs in EXAMPLE_LOGS.items() if logs}
"""An example log of each registered game: the one the capability tests copy."""


def copy_example(source: Path, folder: Path, moves: int | None = None) -> Path:
    """A copy of the example log ``source`` in ``folder`` (at its place under the project,
    with the files its header names at theirs), cut after ``moves`` entries when given."""
    target = folder / source.relative_to(ROOT)
    target.parent.mkdir(parents=True, exist_ok=True)
    text = source.read_text(encoding="utf-8")
    if moves is not None:
        head, _, body = text.partition("\nmoves:")
        entries = body.split("\n  - ")
        text = head + "\nmoves:" + "\n  - ".join(entries[: moves + 1]).rstrip("\n") + "\n"
    target.write_text(text, encoding="utf-8")
    header = yaml.safe_load(text)
    for resource in games.for_header(header).resources(header):
        if resource.path is not None:
            found = (source.parent / resource.path).resolve()
            copied = folder / found.relative_to(ROOT)
            copied.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(found, copied)
    return target


def example_in(name: str, folder: Path, moves: int | None = None) -> Path:
    """The example log of game ``name`` in ``folder``."""
    return copy_example(EXAMPLES[name], folder, moves)


def replayed(path: Path) -> gamelog.Replay:
    """The log at ``path`` replayed, legal to its end."""
    played = gamelog.replay(gamelog.load(path))
    assert played.problem is None, played.problem
    return played


def offered(result: Result) -> None:
    """Skip the test when the command was refused as not offered for the game."""
    if result.exit_code == 2 and "not_for_game" in result.stderr:
        pytest.skip(result.stderr.strip())
