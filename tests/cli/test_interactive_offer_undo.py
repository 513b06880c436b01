"""``undo`` in the interactive game while the engine's offer waits (qa27): it takes back the
offer, then the person's last decision and the engine's replies, in a real pseudo-terminal;
it printed ``forex undo``'s "no move was removed" and "run undo again" first, then removed the
moves."""

from __future__ import annotations

from pathlib import Path

from tests.cli.test_commands import ROOT
from tests.cli.test_interactive import Loop, _moves

HOPE = ROOT / "tests" / "logs" / "valid" / "engine-hope-offer.yaml"


def test_undo_with_an_open_offer_in_the_loop(tmp_path: Path) -> None:
    log = tmp_path / "hope.yaml"
    log.write_bytes(HOPE.read_bytes())
    moves = len(_moves(log))  # computer decides next: the loop lets it, and it offers
    loop = Loop(tmp_path, "hope.yaml", "you", "--simulations", "20")
    said = loop.prompt()
    assert "accept or decline?" in loop.prompt_text
    assert "computer offers you: " in said
    said = " ".join(loop.enter("undo").split())
    assert "took back computer's open offer (spot " in said
    assert "no move was removed" not in said and "again" not in said
    assert "offer:" not in log.read_text()
    assert len(_moves(log)) == moves - 2  # your last decision and the engine's reply
    loop.child.send("quit\r")
    assert loop.end()[0] == 0
