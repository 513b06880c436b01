"""benchmarks/worldex_why.py's count: the why agrees when the better decision's margin (the
player's expected total less the best other's) is the larger, on analyse's own JSON."""

from __future__ import annotations

import json
from pathlib import Path

from benchmarks.worldex_why import tally
from tests.cli.test_commands import run

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "world-exchangers"


def _move(verdict: str | None, played: str, better: str) -> dict[str, object]:
    return {
        "player": "ann",
        "graded": True,
        "verdict": verdict,
        "expected": {"decisive": [f"expected final totals: ann {played}"]},
        "better": {"decisive": [f"expected final totals: ann {better}"]},
    }


def test_the_margins_decide_and_ungraded_or_same_decisions_are_left_out() -> None:
    moves = [
        _move("blunder", "2,000, bob 2,100", "2,050, cy 1,900"),  # -100 against +150: agrees
        _move("dubious", "1,000, bob 900", "1,500, bob 1,450"),  # +100 against +50: not
        _move(None, "1,000, bob 1,000", "1,000, bob 1,000"),  # a tie is no agreement
        {"graded": False, "better": {}},
        {"graded": True, "better": None},
    ]
    assert tally([{"moves": moves}]) == {"explained": [1, 2], "better": [1, 3]}


def test_it_reads_what_analyse_writes() -> None:
    args = ["analyse", str(EXAMPLE / "three-players.yaml"), "--simulations", "100", "--to", "8"]
    data = json.loads(run([*args, "--format", "json"]).stdout)
    counts = tally([data])
    assert counts["explained"][1] == sum(1 for m in data["moves"] if m["verdict"] and m["graded"]
                                         and m["better"] is not None)  # fmt: skip
    assert counts["explained"][1] > 0
