"""The host's engine seats are the host's (issue 43, item 6): a player's mail whose copy
names other engine seats (none, another budget, one more seat) does not change the
host's ``engines:`` under ``forex read --reply``; the host keeps its own, says so on
standard error, and its engine still replies. Real mail files, real keys."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from forexcli.games.base import Budget
from forexcli.record.seats import engine_seats
from tests.cli.test_commands import run
from tests.cli.test_engine_seats import COMPONENTS
from tests.cli.test_host_mail import _mail, _moves, _ok, _replayed, _signed_game, _unsigned_game

SEAT_CHANGES = {
    "dropped": ("computer", "--person"),
    "budget": ("computer", "--engine", "500"),
    "added": ("bob", "--engine", "20"),
}
"""What a player's copy did to the engine seats (``forex seat`` in their copy)."""

MAIL_SAYS = {
    "dropped": "says no engine seat",
    "budget": "says computer: the engine, 500 simulations a decision",
    "added": "says computer: the engine, 20 simulations a decision; bob: the engine, 20",
}


def _said(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("change", sorted(SEAT_CHANGES))
def test_a_mail_that_changes_the_engine_seats_leaves_the_hosts(tmp_path: Path, change: str) -> None:
    host, mine = _unsigned_game(tmp_path)
    _ok("seat", str(mine), *SEAT_CHANGES[change])
    sent = tmp_path / "to-host.eml"
    _ok("play", str(mine), "you", "invest EUR", "--no-reply", "--eml", str(sent))
    outbox = tmp_path / "outbox"
    result = run(["read", str(sent), "--into", str(host), "--reply", "--eml-dir", str(outbox)])
    assert result.exit_code == 0, result.output
    said = _said(result.stderr)
    assert f"note: the mail's copy of the game {MAIL_SAYS[change]}" in said
    assert f"{host} keeps its own engine seats" in said
    assert engine_seats(_replayed(host).log.header) == {"computer": Budget(simulations=20)}
    assert "engines: {computer: 20}" in host.read_text()
    # the engine still replies for its seat, and only for it
    assert [p for p, _, _ in _moves(host)] == ["you", "computer"]
    assert "Next: bob to decide (turn)" in result.stdout
    (answer,) = outbox.iterdir()
    assert _mail(answer)["To"] == "bob@example.org"
    assert run(["validate", str(host)]).exit_code == 0


def test_a_signed_mail_without_the_engine_seat_leaves_the_hosts(tmp_path: Path) -> None:
    """engines: is outside what a signature covers: the host's stays and every signature
    still verifies; the seat signs its reply with its key."""
    host, mine, you, computer = _signed_game(tmp_path)
    _ok("seat", str(mine), "computer", "--person")
    sent = tmp_path / "to-host.eml"
    _ok("play", str(mine), "you", "invest EUR", "--sign", "--key", str(you), "--eml", str(sent))
    result = run(["read", str(sent), "--into", str(host), "--reply", "--eml-dir",
                  str(tmp_path / "outbox"), "--key-for-seat", f"computer={computer}"])  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "says no engine seat" in _said(result.stderr)
    assert engine_seats(_replayed(host).log.header) == {"computer": Budget(simulations=20)}
    assert [(p, signed) for p, _, signed in _moves(host)] == [("you", True), ("computer", True)]
    assert run(["validate", str(host), "--require-signatures"]).exit_code == 0


def test_a_mail_with_no_new_move_changes_nothing_of_the_hosts(tmp_path: Path) -> None:
    host, mine = _unsigned_game(tmp_path)
    _ok("seat", str(mine), "computer", "--person")
    sent = tmp_path / "again.eml"
    _ok("message", str(mine), "--eml", str(sent))
    before = host.read_bytes()
    result = run(["read", str(sent), "--into", str(host), "--reply"])
    assert result.exit_code == 0, result.output
    assert "says no engine seat" in _said(result.stderr)
    assert host.read_bytes() == before


def test_a_person_takes_the_hosts_new_engine_seat(tmp_path: Path) -> None:
    """Without --reply the reader is not the host: the host's mail hands a seat to the
    engine (bob left) and the person's copy takes it, with no note."""
    host, mine = _unsigned_game(tmp_path)
    _ok("seat", str(host), "bob", "--engine", "20")
    _ok("play", str(host), "you", "invest EUR")  # the host's engines reply: computer, bob
    sent = tmp_path / "to-you.eml"
    _ok("message", str(host), "--eml", str(sent))
    result = run(["read", str(sent), "--into", str(mine)])
    assert result.exit_code == 0, result.output
    assert "note:" not in result.stderr
    assert set(engine_seats(_replayed(mine).log.header)) == {"computer", "bob"}
    assert mine.read_text() == host.read_text()


def test_world_exchangers_hosts_keep_their_engine_seats(tmp_path: Path) -> None:
    """World Exchangers compares whole headers: engines: is no part of its set-up, so a
    person's copy with other seats is the same game, and the host keeps its own."""
    host = tmp_path / "wx.yaml"
    _ok("new", str(host), "--game", "world-exchangers", "--players", "ann,bot,cy", "--seed",
        "4", "--first", "bot", "--components", str(COMPONENTS), "--engine", "bot:20")  # fmt: skip
    _ok("play", str(host), "bot", "--engine")
    mine = tmp_path / "mine.yaml"
    mine.write_bytes(host.read_bytes())
    _ok("seat", str(mine), "bot", "--engine", "500")
    (cy,) = _replayed(mine).log.game.pending(_replayed(mine).final).deciders
    assert cy == "cy"
    moves = run(["moves", str(mine), "--format", "json"]).output
    decision = json.loads(moves)["groups"][0]["entries"][0]
    sent = tmp_path / "to-host.eml"
    _ok("play", str(mine), "cy", decision, "--no-reply")
    _ok("message", str(mine), "--eml", str(sent))
    result = run(["read", str(sent), "--into", str(host), "--reply"])
    assert result.exit_code == 0, result.output
    assert "says bot: the engine, 500 simulations a decision" in _said(result.stderr)
    assert engine_seats(_replayed(host).log.header) == {"bot": Budget(simulations=20)}
    assert [p for p, _, _ in _moves(host)] == ["bot", "cy"]
