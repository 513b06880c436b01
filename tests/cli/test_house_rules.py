"""House rules through the CLI: ``new --house-rule`` writes them, ``show`` reports them,
and the final scores follow the ``rounding`` rule (checked from ``show``'s JSON alone)."""

from __future__ import annotations

import json
import math
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from forexcli.games.forex.rules import CURRENCIES, HouseRules
from forexcli.record import gamelog
from tests.cli.test_commands import EXAMPLES, ROOT, TWO, run

SHOW_SCHEMA = json.loads((ROOT / "schemas" / "forex-show.schema.json").read_text())


def _new(path: Path, *extra: str) -> Any:
    return run(["new", str(path), "--players", "alice,bob,carol", "--seed", "7", *extra])


# --------------------------------------------------------------------------- forex new


def test_new_writes_the_house_rules_block(tmp_path: Path) -> None:
    path = tmp_path / "game.yaml"
    result = _new(path, "--house-rule", "rounding=total", "--house-rule", "merged_loan=back")
    assert result.exit_code == 0, result.output
    text = path.read_text(encoding="utf-8")
    assert "house_rules:\n  rounding: total\n  merged_loan: back\nmoves: []\n" in text
    assert gamelog.load(path).new_game().house == HouseRules(rounding="total", merged_loan="back")
    checked = run(["validate", str(path)])
    assert checked.exit_code == 0, checked.output


def test_new_with_one_house_rule_keeps_the_other_default(tmp_path: Path) -> None:
    path = tmp_path / "game.yaml"
    result = _new(path, "--house-rule", "merged_loan=back")
    assert result.exit_code == 0, result.output
    assert "house_rules:\n  merged_loan: back\n" in path.read_text(encoding="utf-8")
    assert gamelog.load(path).new_game().house == HouseRules(merged_loan="back")
    assert run(["validate", str(path)]).exit_code == 0


def test_new_without_house_rules_writes_no_block(tmp_path: Path) -> None:
    path = tmp_path / "game.yaml"
    assert _new(path).exit_code == 0
    assert "house_rules" not in path.read_text(encoding="utf-8")


def test_new_dry_run_prints_the_block(tmp_path: Path) -> None:
    path = tmp_path / "game.yaml"
    result = _new(path, "--house-rule", "rounding=total", "--dry-run")
    assert result.exit_code == 0, result.output
    assert "house_rules:\n  rounding: total\n" in result.stdout
    assert not path.exists()


@pytest.mark.parametrize(
    "rule",
    [
        "rounding=half",  # a value the rule does not have
        "rounding=",  # no value
        "rounding",  # no =
        "=total",  # no name
        "colour=red",  # not a house rule
        "Rounding=total",  # names are exact
        "merged_loan=total",  # a value of another rule
    ],
)
def test_new_refuses_a_bad_house_rule(tmp_path: Path, rule: str) -> None:
    path = tmp_path / "game.yaml"
    result = _new(path, "--house-rule", rule)
    assert result.exit_code == 2, result.output
    assert "--house-rule" in result.output
    assert not path.exists()
    assert list(tmp_path.iterdir()) == []


def test_new_refuses_two_values_for_one_rule(tmp_path: Path) -> None:
    path = tmp_path / "game.yaml"
    result = _new(path, "--house-rule", "rounding=each", "--house-rule", "rounding=total")
    assert result.exit_code == 2, result.output
    assert not path.exists()
    # The same value twice is harmless.
    again = _new(path, "--house-rule", "rounding=total", "--house-rule", "rounding=total")
    assert again.exit_code == 0, again.output


# --------------------------------------------------------------------------- forex show


def _with_house_rules(source: Path, target: Path, block: str) -> Path:
    """A copy of ``source`` with ``house_rules: BLOCK`` inserted before ``moves:``."""
    text = source.read_text(encoding="utf-8")
    assert "house_rules" not in text
    head, sep, tail = text.partition("\nmoves:")
    assert sep, source
    target.write_text(f"{head}\nhouse_rules: {block}{sep}{tail}", encoding="utf-8")
    return target


def test_show_names_house_rules_only_when_not_the_defaults(tmp_path: Path) -> None:
    both = _with_house_rules(TWO, tmp_path / "both.yaml", "{rounding: total, merged_loan: back}")
    back = _with_house_rules(TWO, tmp_path / "back.yaml", "{merged_loan: back}")
    defaults = _with_house_rules(TWO, tmp_path / "defaults.yaml", "{rounding: each}")
    line = "House rules: final rounding of the total only; a merged loan goes to the back"
    for fmt in ("text", "markdown"):
        shown = run(["show", str(both), "--at", "3", "--format", fmt])
        assert shown.exit_code == 0, shown.output
        assert line in shown.stdout
        shown = run(["show", str(back), "--at", "3", "--format", fmt])
        assert "House rules: a merged loan goes to the back\n" in shown.stdout
        for plain in (defaults, TWO):
            shown = run(["show", str(plain), "--at", "3", "--format", fmt])
            assert shown.exit_code == 0, shown.output
            assert "House rules" not in shown.stdout
    validator = Draft202012Validator(SHOW_SCHEMA)
    for path, expected in (
        (both, {"rounding": "total", "merged_loan": "back"}),
        (back, {"rounding": "each", "merged_loan": "back"}),
        (defaults, {"rounding": "each", "merged_loan": "keep"}),
        (TWO, {"rounding": "each", "merged_loan": "keep"}),
    ):
        shown = run(["show", str(path), "--at", "3", "--format", "json"])
        data = json.loads(shown.stdout)
        assert data["house_rules"] == expected
        assert not [e.message for e in validator.iter_errors(data)]


def _exact_conversions(data: dict[str, Any]) -> list[tuple[str, bool, list[Fraction]]]:
    """For each player: name, bankrupt?, the exact value of each currency held in the
    strongest currency -- from the JSON's money and pairs alone."""
    state = data["state"]
    strongest = state["result"]["strongest"]
    # rate_to[c]: how to turn an amount of c into the strongest currency.
    factor: dict[str, Fraction] = {strongest: Fraction(1)}
    for pair in state["pairs"]:
        rate = Fraction(pair["rate"])
        if pair["stronger"] == strongest:
            factor[pair["weaker"]] = 1 / rate  # from a weaker currency: amount / rate
        elif pair["weaker"] == strongest:
            factor[pair["stronger"]] = rate  # from a stronger currency: amount * rate
    assert set(factor) == set(CURRENCIES)
    bankrupt = {p["name"] for p in state["result"]["players"] if p["bankrupt"]}
    if state["bankrupt"] is not None:
        bankrupt.add(state["bankrupt"])
    return [
        (
            player["name"],
            player["name"] in bankrupt,
            [Fraction(str(player["money"][c])) * factor[c] for c in CURRENCIES],
        )
        for player in state["players"]
    ]


def _show_json(path: Path) -> dict[str, Any]:
    shown = run(["show", str(path), "--format", "json"])
    assert shown.exit_code == 0, shown.output
    data: dict[str, Any] = json.loads(shown.stdout)
    return data


def _check_totals(data: dict[str, Any], rounding: str) -> dict[str, int]:
    """Check each solvent player's total against the rule; return the independent totals."""
    assert data["house_rules"]["rounding"] == rounding
    totals = {p["name"]: p["total"] for p in data["state"]["result"]["players"]}
    converted = {p["name"]: p["converted"] for p in data["state"]["result"]["players"]}
    expected: dict[str, int] = {}
    for name, bankrupt, exact in _exact_conversions(data):
        if bankrupt:
            continue
        assert converted[name] == {
            c: math.floor(v) for c, v in zip(CURRENCIES, exact, strict=True)
        }, name
        if rounding == "each":
            expected[name] = sum(math.floor(v) for v in exact)
        else:
            expected[name] = math.floor(sum(exact))
        assert totals[name] == expected[name], (name, rounding, totals[name], expected[name])
    return expected


def test_final_totals_follow_the_rounding_rule(tmp_path: Path) -> None:
    ended = 0
    predicted_differences = 0
    shown_differences = 0
    for example in sorted(EXAMPLES.glob("*.yaml")):
        each = _with_house_rules(
            example, tmp_path / f"each-{example.name}", "{rounding: each, merged_loan: keep}"
        )
        total = _with_house_rules(example, tmp_path / f"total-{example.name}", "{rounding: total}")
        each_data = _show_json(each)
        total_data = _show_json(total)
        if each_data["state"]["result"] is None:
            assert total_data["state"]["result"] is None
            continue
        ended += 1
        # Rounding changes the scores only: the money and the board are the same.
        assert each_data["state"]["players"] == total_data["state"]["players"]
        assert each_data["state"]["pairs"] == total_data["state"]["pairs"]
        by_each = _check_totals(each_data, "each")
        by_total = _check_totals(total_data, "total")
        assert set(by_each) == set(by_total)
        predicted_differences += sum(by_each[n] != by_total[n] for n in by_each)
        each_totals = {p["name"]: p["total"] for p in each_data["state"]["result"]["players"]}
        total_totals = {p["name"]: p["total"] for p in total_data["state"]["result"]["players"]}
        shown_differences += sum(each_totals[n] != total_totals[n] for n in by_each)
        # Rounding once never gives less than rounding each part.
        assert all(by_total[n] >= by_each[n] for n in by_each)
    assert ended >= 1
    assert shown_differences == predicted_differences
    if predicted_differences:
        assert shown_differences >= 1
