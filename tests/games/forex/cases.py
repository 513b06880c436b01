"""Games kept in ``tests/data`` as JSON cases (a set-up, the players, the entries in notation)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from forexcli.games.forex import notation
from forexcli.games.forex.rules import GameState, apply, draw_removed, new_game


def load_case(name: str) -> dict[str, Any]:
    """The case ``tests/data/NAME``."""
    path = Path(__file__).parents[2] / "data" / name
    case: dict[str, Any] = json.loads(path.read_text("utf-8"))
    return case


def case_states(case: dict[str, Any]) -> list[GameState]:
    """The position before each of the case's entries, and the last after them."""
    state = new_game(case["players"], draw_removed(case["setup"]))
    states = [state]
    for who, text in case["moves"]:
        for step in notation.parse(who, text).decisions():
            state = apply(state, step)
        states.append(state)
    return states
