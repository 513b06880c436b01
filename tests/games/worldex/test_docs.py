"""docs/worldex-rules.md: its example log is valid against the draft schema and replays."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import yaml
from jsonschema import Draft202012Validator

from forexcli.games.worldex import WORLDEX
from forexcli.games.worldex.load import CODES as LOADER_CODES
from forexcli.games.worldex.load import read_components
from forexcli.games.worldex.rules import CODES
from forexcli.games.worldex.schema_source import log_schema

ROOT = Path(__file__).resolve().parents[3]
DOC = ROOT / "docs" / "worldex-rules.md"


def example_log() -> dict[str, Any]:
    text = DOC.read_text(encoding="utf-8")
    match = re.search(r"```yaml\n(game: world-exchangers.*?)```", text, re.S)
    assert match is not None
    data: dict[str, Any] = yaml.safe_load(match.group(1))
    return data


def test_the_documented_log_is_valid_and_replays() -> None:
    log = example_log()
    assert not list(Draft202012Validator(log_schema()).iter_errors(log))
    components = log["components"]
    loaded = read_components(ROOT / "docs" / components["file"], components["sha256"])
    header = {key: value for key, value in log.items() if key != "moves"}
    state = WORLDEX.setup(header, {"components": loaded.components})
    for entry in log["moves"]:
        ((key, text),) = entry.items()
        decisions = WORLDEX.parse(key, text)
        assert WORLDEX.write(decisions) == text
        for decision in decisions:
            state = WORLDEX.apply(state, decision)
    ai, louis = state.players
    assert ai.line == (300, 200, 400, 900, 400)
    assert louis.line == (700, 500, 400, 0, 500)
    assert louis.sold_two and {"Oslo", "Lima", "Doha"} <= set(state.area)


def test_every_code_is_documented() -> None:
    text = DOC.read_text(encoding="utf-8")
    for code in (*CODES, *LOADER_CODES, "bad_notation"):
        assert f"`{code}`" in text, code
