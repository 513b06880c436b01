"""A spot the host's engine seat declines, in a game by mail (issue 43, item 6): ``forex
read MAIL --into LOG --reply --eml-dir DIR`` takes the move out, leaves the host's log as it
stood before it, tells the refusal on standard error and exits 0 (a mail filter's delivery
goes through), and mails the person who offered it the refusal in words with the log to play
again from. Unsigned and signed games, with real mail files and real keys."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.cli.test_commands import run
from tests.cli.test_host_mail import (
    ROOT,
    _attached_log,
    _mail,
    _moves,
    _ok,
    _replayed,
    _signed_game,
    _spots_to_computer,
    _unsigned_game,
)


def _said(text: str) -> str:
    return " ".join(text.split())


def _body(path: Path, subtype: str = "plain") -> str:
    part = _mail(path).get_body((subtype,))
    assert part is not None
    return str(part.get_content())


def _offer_declined(mine: Path, sent: Path, *sign: str) -> str:
    """The person's copy offers the engine seat a spot it declines (the person took the seat
    in their copy, as an old copy or another program might) and mails it to the host."""
    _, declined = _spots_to_computer(mine)
    _ok("seat", str(mine), "computer", "--person")
    _ok("play", str(mine), "you", declined, *sign, "--eml", str(sent))
    return declined


def _check_refusal(result_stderr: str, answer: Path, host: Path, declined: str) -> None:
    said = _said(result_stderr)
    assert f"spot_declined: move 1: you: {declined}: computer (the engine) declines" in said
    assert "computer's value would drop from" in said
    assert f"the move is not taken: {host} holds the game as it stood at the start" in said
    mail = _mail(answer)
    assert mail["To"] == "you@example.org"
    assert str(mail["Subject"]).startswith("computer declines the spot of move 1: ")
    body = _said(_body(answer))
    assert body.startswith(
        f"computer (the engine) declines the spot of move 1 (you: {declined}): computer's"
        " value would drop from"
    )
    assert "The move is not taken: the log attached holds the game as it stood at the start" in body
    assert "forex undo FILE --to 0 --as you" in body
    assert "forex moves FILE lists the offers computer accepts" in body
    assert "declines the spot of move 1" in _body(answer, "markdown")
    assert _attached_log(mail) == host.read_text()


def test_an_unsigned_spot_the_seat_declines_is_mailed_back(tmp_path: Path) -> None:
    host, mine = _unsigned_game(tmp_path)
    sent = tmp_path / "to-host.eml"
    declined = _offer_declined(mine, sent)
    before = host.read_bytes()
    outbox = tmp_path / "outbox"
    result = run(["read", str(sent), "--into", str(host), "--reply", "--eml-dir", str(outbox)])
    assert result.exit_code == 0, result.output
    assert host.read_bytes() == before  # the declined move is not taken; nothing else came
    (answer,) = outbox.iterdir()
    _check_refusal(result.stderr, answer, host, declined)
    assert "No engine decision, next: you to decide (turn)" in result.stdout
    # the person plays again from the reply: takes the move back, offers what is accepted
    assert "older copy" in _said(_ok("read", str(answer), "--into", str(mine)))
    _ok("undo", str(mine), "--to", "0", "--as", "you")
    _ok("seat", str(mine), "computer", "--engine", "20")
    accepted, _ = _spots_to_computer(mine)
    again = tmp_path / "again.eml"
    _ok("play", str(mine), "you", accepted, "--no-reply", "--eml", str(again))
    said = _ok("read", str(again), "--into", str(host), "--reply", "--eml-dir", str(outbox))
    assert "move 2: computer: " in said
    assert [p for p, _, _ in _moves(host)] == ["you", "computer"]
    assert run(["validate", str(host)]).exit_code == 0


def test_a_signed_spot_the_seat_declines_is_mailed_back(tmp_path: Path) -> None:
    host, mine, you, computer = _signed_game(tmp_path)
    sent = tmp_path / "to-host.eml"
    declined = _offer_declined(mine, sent, "--sign", "--key", str(you))
    before = host.read_bytes()
    outbox = tmp_path / "outbox"
    result = run(["read", str(sent), "--into", str(host), "--reply", "--eml-dir", str(outbox),
                  "--key-for-seat", f"computer={computer}"])  # fmt: skip
    assert result.exit_code == 0, result.output
    assert host.read_bytes() == before
    (answer,) = outbox.iterdir()
    _check_refusal(result.stderr, answer, host, declined)
    # the person's copy goes on from the reply; the next offer is accepted and countersigned
    _ok("undo", str(mine), "--to", "0", "--as", "you")
    _ok("seat", str(mine), "computer", "--engine", "20")
    accepted, _ = _spots_to_computer(mine)
    again = tmp_path / "again.eml"
    _ok("play", str(mine), "you", accepted, "--sign", "--key", str(you), "--eml", str(again))
    said = _ok("read", str(again), "--into", str(host), "--reply", "--eml-dir", str(outbox),
               "--key-for-seat", f"computer={computer}")  # fmt: skip
    assert "computer (the engine) countersigned move 1: the deal is agreed" in said
    assert set(_replayed(host).log.entries[0].sig or {}) == {"you", "computer"}
    assert run(["validate", str(host), "--require-signatures"]).exit_code == 0


def test_the_moves_before_a_declined_spot_are_taken(tmp_path: Path) -> None:
    """A copy that goes on from the host's by good moves, then a spot the seat declines: the
    good moves are saved, the declined one and the host's log stands after them."""
    host, _ = _unsigned_game(tmp_path)
    _ok("play", str(host), "you", "invest EUR")  # the engine replies: computer, move 2
    bobs = tmp_path / "bob.yaml"
    bobs.write_bytes(host.read_bytes())
    _ok("play", str(bobs), "bob", "invest CHF", "--no-reply")  # move 3, a good one
    _, declined = _spots_to_computer(bobs)
    _ok("seat", str(bobs), "computer", "--person")
    sent = tmp_path / "to-host.eml"
    _ok("play", str(bobs), "you", declined, "--eml", str(sent))  # move 4, in bob's copy
    outbox = tmp_path / "outbox"
    result = run(["read", str(sent), "--into", str(host), "--reply", "--eml-dir", str(outbox)])
    assert result.exit_code == 0, result.output
    assert [p for p, _, _ in _moves(host)] == ["you", "computer", "bob"]
    assert "engines: {computer: 20}" in host.read_text()
    said = _said(result.stderr)
    assert f"spot_declined: move 4: you: {declined}" in said
    assert "as it stood after move 3" in said
    (answer,) = outbox.iterdir()
    assert answer.name == "host-3.eml"
    assert _mail(answer)["To"] == "you@example.org"
    assert _attached_log(_mail(answer)) == host.read_text()
    assert run(["validate", str(host)]).exit_code == 0


def test_a_mail_filter_sees_a_decline_as_a_delivery(tmp_path: Path) -> None:
    """In a process of its own, the mail on standard input as procmail pipes it: exit
    status 0 (procmail would take a non-zero one for a failed delivery), the refusal on
    standard error, the reply in the outbox."""
    host, mine = _unsigned_game(tmp_path)
    sent = tmp_path / "to-host.eml"
    declined = _offer_declined(mine, sent)
    before = host.read_bytes()
    outbox = tmp_path / "outbox"
    env = {**os.environ, "PYTHONPATH": str(ROOT), "NO_COLOR": "1"}
    command = [sys.executable, "-m", "forexcli.cli", "read", "-", "--into", str(host), "--reply",
               "--eml-dir", str(outbox)]  # fmt: skip
    with sent.open("rb") as mail:
        done = subprocess.run(command, stdin=mail, capture_output=True, env=env, timeout=120)
    assert done.returncode == 0, done.stdout.decode() + done.stderr.decode()
    assert host.read_bytes() == before
    (answer,) = outbox.iterdir()
    _check_refusal(done.stderr.decode(), answer, host, declined)
