"""A plain ``forex read MAIL --into LOG`` (without --reply) cannot tell the host of the engine
seats from a person, so it takes the mail's copy as it is, ``engines:`` included: when that
copy names other engine seats than LOG, a note on standard error says what was taken and how
the host puts its seats back and reads the mail with --reply (issue 43, item 6). Real mail
files, unsigned games."""

from __future__ import annotations

from pathlib import Path

from tests.cli.test_commands import run
from tests.cli.test_host_mail import _mail, _moves, _ok, _unsigned_game


def _said(text: str) -> str:
    return " ".join(text.split())


def _hijacked_mail(tmp_path: Path, mine: Path) -> Path:
    """A player's mail whose copy took the engine seat ``computer`` and moved for it."""
    _ok("seat", str(mine), "computer", "--person")
    _ok("play", str(mine), "you", "invest EUR", "--no-reply")
    _ok("play", str(mine), "computer", "invest CHF", "--no-reply")
    sent = tmp_path / "to-host.eml"
    _ok("message", str(mine), "--eml", str(sent))
    return sent


def test_a_plain_read_that_takes_other_engine_seats_says_how_to_undo_it(tmp_path: Path) -> None:
    host, mine = _unsigned_game(tmp_path)
    before = host.read_bytes()
    sent = _hijacked_mail(tmp_path, mine)
    result = run(["read", str(sent), "--into", str(host)])
    assert result.exit_code == 0, result.output
    said = _said(result.stderr)
    assert said.startswith(
        f"note: {host} seated computer: the engine, 20 simulations a decision; the mail's"
        " copy says no engine seat, and this read took the mail's."
    )
    undo = f"forex undo {host} --to 0 --force"
    seat = f"forex seat {host} computer --engine 20"
    again = f"forex read {sent} --into {host} --reply"
    assert f"({undo}; {seat})" in said and f"({again})" in said
    assert [p for p, _, _ in _moves(host)] == ["you", "computer"]  # taken, as the note says
    # the note's commands, followed, give the host its log back, and --reply refuses the move
    for command in (undo, seat):
        _ok(*command.split()[1:])
    assert host.read_bytes() == before
    outbox = tmp_path / "outbox"
    reply = run([*again.split()[1:], "--eml-dir", str(outbox)])
    assert reply.exit_code == 0, reply.output
    assert "engine_seat_move: move 2: computer: invest CHF" in _said(reply.stderr)
    moves = _moves(host)
    assert [p for p, _, _ in moves] == ["you", "computer"] and moves[0][1] == "invest EUR"
    assert "engines: {computer: 20}" in host.read_text()
    (answer,) = outbox.iterdir()
    assert _mail(answer)["To"] == "bob@example.org"


def test_a_dry_run_says_it_would_take_them_and_writes_nothing(tmp_path: Path) -> None:
    host, mine = _unsigned_game(tmp_path)
    before = host.read_bytes()
    sent = _hijacked_mail(tmp_path, mine)
    result = run(["read", str(sent), "--into", str(host), "--dry-run"])
    assert result.exit_code == 0, result.output
    assert "and this read would take the mail's" in _said(result.stderr)
    assert host.read_bytes() == before


def test_a_mail_with_the_same_engine_seats_gives_no_note(tmp_path: Path) -> None:
    """A person reads the host's mail: the engine's moves are taken, without a note."""
    host, mine = _unsigned_game(tmp_path)
    sent = tmp_path / "to-host.eml"
    _ok("play", str(mine), "you", "invest EUR", "--eml", str(sent))
    outbox = tmp_path / "outbox"
    _ok("read", str(sent), "--into", str(host), "--reply", "--eml-dir", str(outbox))
    (answer,) = outbox.iterdir()
    result = run(["read", str(answer), "--into", str(mine)])
    assert result.exit_code == 0, result.output
    assert "note:" not in result.stderr
    assert _moves(mine) == _moves(host)


def test_a_changed_budget_is_noted_and_given_back(tmp_path: Path) -> None:
    """The mail's copy plays the engine seat at another budget: the note gives the reader's."""
    host, mine = _unsigned_game(tmp_path)
    _ok("seat", str(mine), "computer", "--engine", "5")
    _ok("play", str(mine), "you", "invest EUR", "--no-reply")
    sent = tmp_path / "to-host.eml"
    _ok("message", str(mine), "--eml", str(sent))
    result = run(["read", str(sent), "--into", str(host)])
    assert result.exit_code == 0, result.output
    said = _said(result.stderr)
    assert "the mail's copy says computer: the engine, 5 simulations a decision" in said
    assert f"forex seat {host} computer --engine 20)" in said
