"""``forex play FILE you accept`` tells what the accepted offer did (qavscomputer): the spot's
payments, what the entry's action bought and the rates that moved, as every other move and
every engine reply is told; it printed the entry's line alone, so a person learnt what they
had agreed to only from the board below it."""

from __future__ import annotations

from pathlib import Path

from tests.cli.test_commands import ROOT, run

HOPE = ROOT / "tests" / "logs" / "valid" / "engine-hope-offer.yaml"


def test_an_accepted_offer_is_told_as_a_move(tmp_path: Path) -> None:
    log = tmp_path / "hope.yaml"
    log.write_bytes(HOPE.read_bytes())
    assert run(["play", str(log), "computer", "--engine"]).exit_code == 0
    result = run(["play", str(log), "you", "accept"], COLUMNS="200")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    head = lines.index(
        "move 52: computer: spot 1 GBP to you for 1.5 EUR; invest GBP (agreed by you)"
    )
    assert lines[head + 1 : head + 6] == [
        "  spot: computer gives 1 GBP to you for 1.5 EUR",
        "  computer buys a GBP certificate for 2",
        "  GBP strengthened",
        "  money: computer -3 GBP +1.5 EUR",
        "  money: you +1 GBP -1.5 EUR",
    ]
