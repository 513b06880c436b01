"""The World Exchangers example game: valid, replays to the end, and its views at a few positions.

Golden files under ``tests/golden/worldex/`` hold the text and the SVG of the
example at a few positions; ``FOREX_REGEN=1 python -m pytest
tests/games/worldex/test_example_game.py`` rewrites them (review the diff).
"""

from __future__ import annotations

import importlib.util
import io
import os
import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from jsonschema import Draft202012Validator
from ruamel.yaml import YAML
from tabulate import tabulate

from forexcli.games.worldex import WORLDEX
from forexcli.games.worldex.describe import summary
from forexcli.games.worldex.load import read_components
from forexcli.games.worldex.moves import table
from forexcli.games.worldex.picture import board_svg
from forexcli.games.worldex.rules import State
from forexcli.games.worldex.schema_source import log_schema
from forexcli.games.worldex.views import render_text, show_view
from forexcli.record.gamelog import told_entry

ROOT = Path(__file__).resolve().parents[3]
FOLDER = ROOT / "examples" / "world-exchangers"
LOG = FOLDER / "three-players.yaml"
GOLDEN = ROOT / "tests" / "golden" / "worldex"
REGEN = os.environ.get("FOREX_REGEN") == "1"


def log() -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load(LOG.read_text(encoding="utf-8"))
    return data


def replay() -> list[State]:
    """The state at the start and after every entry."""
    data = log()
    components = data["components"]
    loaded = read_components(FOLDER / components["file"], components["sha256"])
    header = {key: value for key, value in data.items() if key != "moves"}
    state = WORLDEX.setup(header, {"components": loaded.components})
    states = [state]
    for entry in data["moves"]:
        ((key, text),) = entry.items()
        decisions = WORLDEX.parse(key, text)
        assert WORLDEX.write(decisions) == text
        assert WORLDEX.key(decisions) == key
        for decision in decisions:
            assert decision in WORLDEX.legal(state)
            state = WORLDEX.apply(state, decision)
        states.append(state)
    return states


def test_the_example_is_a_valid_log_of_a_whole_game() -> None:
    data = log()
    assert not list(Draft202012Validator(log_schema()).iter_errors(data))
    rt = YAML(typ="rt").load(io.StringIO(LOG.read_text(encoding="utf-8")))
    assert rt == data
    assert data["game"] == "world-exchangers" and len(data["players"]) == 3
    assert "invented-components.json" in data["components"]["file"]
    states = replay()
    end = states[-1]
    assert end.is_over and end.result is not None
    assert all(len(p.marks) == 12 for p in end.players)
    # The closing comment gives the final scores; they are the replay's.
    said = re.search(r"# Final scores: (.*)\.\n\Z", LOG.read_text(encoding="utf-8"))
    assert said is not None
    scores = {p.name: f"{s.total:,}" for p, s in zip(end.players, end.result.scores, strict=True)}
    assert said.group(1) == ", ".join(f"{name} {total}" for name, total in scores.items())
    # The seed is revealed, so every reveal was checked against its deal.
    assert end.order_known and data["seed_sha256"]


def test_the_script_writes_the_example_unchanged() -> None:
    spec = importlib.util.spec_from_file_location("make_example", FOLDER / "make_example.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.render() == LOG.read_text(encoding="utf-8")


def test_the_readme_says_the_components_are_invented() -> None:
    text = (FOLDER / "README.md").read_text(encoding="utf-8")
    assert "**The components are invented.**" in text and "**not** the published" in text


def golden(name: str, text: str) -> None:
    path = GOLDEN / name
    if REGEN:
        GOLDEN.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        return
    assert path.exists(), f"no golden file {name}: run FOREX_REGEN=1 python -m pytest {__file__}"
    assert text == path.read_text(encoding="utf-8"), (
        f"the output differs from tests/golden/worldex/{name}; if the change is intended, run"
        f" FOREX_REGEN=1 python -m pytest {__file__} and review the diff"
    )


POSITIONS = {"start": 0, "month-7": 20, "end": -1}
"""Entries played: at the start, after the month-7 reveal, at the end."""


@pytest.mark.parametrize("position", sorted(POSITIONS))
def test_golden_text_and_picture(position: str) -> None:
    states = replay()
    state = states[POSITIONS[position]]
    golden(f"show-{position}.txt", render_text(state, 100))
    golden(f"board-louis-{position}.svg", board_svg(state, 1, title="Example"))
    moves = table(state)
    golden(
        f"moves-{position}.txt",
        moves.title + "\n" + tabulate(moves.rows, moves.headers, disable_numparse=True) + "\n",
    )
    view = show_view(state)
    assert view["over"] == (position == "end")


def test_golden_catch_up_of_the_example() -> None:
    data = log()
    states = replay()
    lines = []
    for index, (entry, before, after) in enumerate(
        zip(data["moves"], states[:-1], states[1:], strict=True)
    ):
        ((key, text),) = entry.items()
        decisions = WORLDEX.parse(key, text)
        state = before
        for decision in decisions:
            state = WORLDEX.apply(state, decision)
        assert state == after
        said = told_entry(WORLDEX, before, decisions)
        lines.append(f"{index + 1}. {key}: {text}\n   " + "\n   ".join(said))
    lines.append(summary(states[-1]))
    golden("catch-up.txt", "\n".join(lines) + "\n")
