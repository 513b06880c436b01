"""The learned evaluation: the shipped weights file loads, and ``benchmarks/fit.py`` makes the
same file from the same seed (on a tiny configuration, against a golden)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from benchmarks import fit
from benchmarks.match import parse_weights
from benchmarks.strength import player_of
from benchmarks.tune import HIGH, LOW
from forexcli.games.forex import learned
from forexcli.games.forex.learned import learned_weights
from forexcli.games.forex.search import evaluate
from forexcli.games.forex.search.evaluate import (
    DEFAULT_WEIGHTS,
    Weights,
    weights_from_json,
    weights_of,
)
from forexcli.games.forex.search.mcts import Budget

GOLDEN = Path(__file__).parent.parent / "golden" / "fit-tiny.json"
SHIPPED = Path(evaluate.__file__).parent / learned.WEIGHTS_FILE
TINY = {"seed": 5, "games": 2, "simulations": 2, "every": 6, "evaluations": 12, "processes": 1}


def test_the_shipped_file_loads_into_weights_within_the_fit_bounds() -> None:
    weights = learned_weights()
    assert isinstance(weights, Weights)
    assert weights == weights_from_json(SHIPPED.read_text(encoding="utf-8"))
    for name in fit.FITTED:
        assert getattr(LOW, name) <= getattr(weights, name) <= getattr(HIGH, name)
    assert weights.win == DEFAULT_WEIGHTS.win  # not fitted
    made = json.loads(SHIPPED.read_text(encoding="utf-8"))["made_by"]
    assert made["loss_fitted"] <= made["loss_defaults"]


def test_the_benchmarks_take_the_learned_weights() -> None:
    assert parse_weights("learned") == learned_weights()
    assert parse_weights(str(SHIPPED)) == learned_weights()
    assert parse_weights("win=0.25").win == 0.25
    assert callable(player_of("engine:3@learned", Budget(simulations=1), 0))
    with pytest.raises(ValueError, match="only the engine"):
        player_of("investor@learned", Budget(simulations=1), 0)


@pytest.mark.parametrize(
    ("values", "reason"),
    [
        ({**DEFAULT_WEIGHTS._asdict(), "extra": 1.0}, "exactly"),
        ({k: v for k, v in DEFAULT_WEIGHTS._asdict().items() if k != "cert"}, "exactly"),
        ({**DEFAULT_WEIGHTS._asdict(), "cert": "0.9"}, "not a number"),
        ({**DEFAULT_WEIGHTS._asdict(), "cert": True}, "not a number"),
        ({**DEFAULT_WEIGHTS._asdict(), "slack": float("nan")}, "finite"),
        ({**DEFAULT_WEIGHTS._asdict(), "slack": -1.0}, "not negative"),
        ({**DEFAULT_WEIGHTS._asdict(), "win": 1.5}, "win must be"),
        ({**DEFAULT_WEIGHTS._asdict(), "spread": 0}, "spread above 0"),
    ],
)
def test_bad_weights_are_refused(values: dict[str, object], reason: str) -> None:
    with pytest.raises(ValueError, match=reason):
        weights_of(values)


def test_a_weights_file_is_an_object_with_weights() -> None:
    assert weights_from_json(json.dumps({"weights": DEFAULT_WEIGHTS._asdict()})) == DEFAULT_WEIGHTS
    with pytest.raises(ValueError, match="'weights' object"):
        weights_from_json("[1, 2]")


def test_nelder_mead_finds_the_bottom_of_a_bowl() -> None:
    point, value = fit.nelder_mead(lambda p: (p[0] - 3) ** 2 + (p[1] + 1) ** 2, [0.0, 0.0], 200)
    assert point == pytest.approx([3, -1], abs=1e-3)
    assert value < 1e-6


@pytest.mark.slow
def test_the_fit_reproduces_its_file_from_the_seed() -> None:
    """Regenerate with FOREX_REGEN=1 (and review the diff)."""
    text = fit.dumps(fit.fit(**TINY))
    if os.environ.get("FOREX_REGEN") == "1":
        GOLDEN.write_text(text, encoding="utf-8")
    assert text == GOLDEN.read_text(encoding="utf-8")
    made = json.loads(text)["made_by"]
    assert made["positions"] > 0
    assert made["loss_fitted"] <= made["loss_defaults"]
