"""What ``forex read MAIL --into LOG --reply`` tells on standard output when it does not take
every move a mail brought (an offer its engine seat declines, a move in the engine seat's
name): the catch-up tells the moves saved, not those left out (qa27)."""

from __future__ import annotations

from pathlib import Path

from tests.cli.test_commands import run
from tests.cli.test_host_mail import _moves, _ok, _unsigned_game
from tests.cli.test_host_mail_declined import _offer_declined


def _catch_up(output: str) -> str:
    """The catch-up part of ``read``'s standard output (up to ``saved``/the engine's lines)."""
    return output.split("\nNo engine decision")[0].split("\nmove ")[0]


def test_a_declined_first_move_is_not_told_as_arrived(tmp_path: Path) -> None:
    host, mine = _unsigned_game(tmp_path)
    sent = tmp_path / "to-host.eml"
    declined = _offer_declined(mine, sent)
    result = run(["read", str(sent), "--into", str(host), "--reply"])
    assert result.exit_code == 0, result.output
    told = _catch_up(result.stdout)
    assert told == f"{sent}: no new move taken."
    assert declined not in result.stdout
    assert "No engine decision, next: you to decide (turn)" in result.stdout


def test_the_moves_after_an_engine_seats_move_are_not_told_as_arrived(tmp_path: Path) -> None:
    host, mine = _unsigned_game(tmp_path)
    _ok("seat", str(mine), "computer", "--person")
    _ok("play", str(mine), "you", "invest EUR", "--no-reply")
    _ok("play", str(mine), "computer", "invest CHF", "--no-reply")  # not the host's engine's
    _ok("play", str(mine), "bob", "invest GBP", "--no-reply")
    sent = tmp_path / "to-host.eml"
    _ok("message", str(mine), "--eml", str(sent))
    result = run(["read", str(sent), "--into", str(host), "--reply"])
    assert result.exit_code == 0, result.output
    told = _catch_up(result.stdout)
    assert told.startswith(f"{sent}: 1 new move (move 1).\nMove 1, you: invest EUR\n")
    assert "Move 2" not in told and "Move 3" not in told and "invest GBP" not in told
    assert "Next: computer to play." in told
    assert f"saved {host}" in told
    assert [p for p, _, _ in _moves(host)] == ["you", "computer"]


def test_a_mail_whose_only_move_is_the_engine_seats_is_not_told_as_arrived(
    tmp_path: Path,
) -> None:
    host, mine = _unsigned_game(tmp_path)
    _ok("play", str(host), "you", "invest EUR", "--no-reply")  # computer to decide
    mine.write_bytes(host.read_bytes())
    _ok("play", str(mine), "computer", "invest CHF", "--no-reply")
    sent = tmp_path / "to-host.eml"
    _ok("message", str(mine), "--eml", str(sent))
    result = run(["read", str(sent), "--into", str(host), "--reply"])
    assert result.exit_code == 0, result.output
    assert _catch_up(result.stdout) == f"{sent}: no new move taken."
    assert "engine_seat_move: move 2: computer: invest CHF" in result.stderr
    assert [p for p, _, _ in _moves(host)] == ["you", "computer"]


def test_a_mail_whose_only_news_is_an_offer_is_not_told_as_adding_it(tmp_path: Path) -> None:
    """A copy that brings the engine's offer the host's log lacks (the host's engine did not
    make it there): the offer is not taken, and ``read`` does not say the mail added it."""
    from tests.cli.test_host_mail_foreign import _computer_to_move, _offers_to_you, _with_offer

    host, mine = _computer_to_move(tmp_path)
    _with_offer(mine, _offers_to_you(mine)[0])
    sent = tmp_path / "to-host.eml"
    _ok("message", str(mine), "--eml", str(sent))
    before = host.read_bytes()
    result = run(["read", str(sent), "--into", str(host), "--reply"])
    assert result.exit_code == 0, result.output
    told = _catch_up(result.stdout)
    assert "adds" not in told
    assert told == (
        f"{sent} brings no new move, and its offer: is not this host's engine's (not taken)."
    )
    assert "move 2: computer: " in result.stdout or "computer offers you" in result.stdout
    assert host.read_bytes() != before  # the host's engine played its own
