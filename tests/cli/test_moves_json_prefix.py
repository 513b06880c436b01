"""``forex moves --format json`` says which entries are spot prefixes (``"prefix": true``):
optional transactions written before an action, never decisions on their own."""

from __future__ import annotations

import json
from pathlib import Path

from tests.cli.test_commands import new_game, run

ROOT = Path(__file__).resolve().parents[2]


def test_spot_prefixes_are_marked_and_play_only_before_an_action(tmp_path: Path) -> None:
    log = new_game(tmp_path / "g.yaml")
    data = json.loads(run(["moves", str(log), "--format", "json"]).stdout)
    prefixes = {g["kind"]: g["prefix"] for g in data["groups"]}
    assert prefixes["spot"] is True
    assert not any(prefix for kind, prefix in prefixes.items() if kind != "spot")
    spot = next(g for g in data["groups"] if g["prefix"])["moves"][0]
    action = next(g for g in data["groups"] if g["kind"] == "resolve")["moves"][0]
    alone = run(["play", str(log), "alice", spot, "--dry-run"])
    assert alone.exit_code != 0, alone.output
    before = run(["play", str(log), "alice", f"{spot}; {action}", "--dry-run"])
    assert before.exit_code == 0, before.output
    for group in data["groups"]:
        if not group["prefix"]:
            decision = group["moves"][0]
            result = run(["play", str(log), "alice", decision, "--dry-run"])
            assert result.exit_code == 0, (decision, result.output)


def test_a_spot_action_group_is_whole_entries() -> None:
    """Where an action needs a spot first, its group (``spot_action``) lists whole entries."""
    two = ROOT / "examples" / "two-players.yaml"
    data = json.loads(run(["moves", str(two), "--at", "40", "--format", "json"]).stdout)
    groups = [g for g in data["groups"] if g["kind"] == "spot_action"]
    assert groups
    for group in groups:
        assert group["prefix"] is False
        assert all(";" in entry for entry in group["moves"])
