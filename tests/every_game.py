"""What the capability tests run over: every registered game, and the Counting toy
(``forexcli/games/counting``, registered for the length of a test), each with its example
logs.  A test over them skips a game that refuses the capability with ``not_for_game``
(``offered``), never by the game's name."""

from __future__ import annotations

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

EXAMPLES = {
    "for-ex": ROOT / "examples" / "annotated-pbem.yaml",
    "world-exchangers": ROOT / "examples" / "world-exchangers" / "three-players.yaml",
}
"""An example log of each registered game (a test fails for a game without one)."""

EXAMPLE_LOGS = {
    "for-ex": sorted((ROOT / "examples").glob("*.yaml")),
    "world-exchangers": sorted((ROOT / "examples" / "world-exchangers").glob("*.yaml")),
}
"""Every example log of each registered game."""

TOY = "counting"
TOY_SOURCE = "forexcli.games.counting:COUNTING"
"""The toy's registry line: ``register(TOY, TOY_SOURCE)``."""
TOY_LOG = (
    "game: counting\ntitle: To five\nplayers: [ann, bob]\ntarget: 5\nmoves:\n"
    "  - ann: add 2\n  - bob: add 1\n  - ann: add 2\n"
)
"""The toy's example: ann brings the total to 5 and wins."""

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
    """The example log of game ``name`` in ``folder`` (registered already)."""
    if name == TOY:
        path = folder / "count.yaml"
        text = TOY_LOG
        if moves is not None:
            lines = text.splitlines(keepends=True)
            text = "".join(lines[: lines.index("moves:\n") + 1 + moves])
        path.write_text(text, encoding="utf-8")
        return path
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
