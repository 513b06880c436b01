"""An engine seat in a game by mail (issue 43, item 6): ``forex read MAIL --into LOG --reply
--eml-dir DIR --key-for-seat SEAT=FILE``, end to end with real mail files, as a mail filter
runs it (also from standard input in a process of its own)."""

from __future__ import annotations

import email
import email.policy
import os
import subprocess
import sys
from email.message import EmailMessage
from pathlib import Path

from forexcli.record import files, gamelog
from tests.cli.test_commands import run
from tests.record.test_signing import make_key, problems_of

ROOT = Path(__file__).resolve().parents[2]


def _replayed(path: Path) -> gamelog.Replay:
    return gamelog.replay(gamelog.read_log(files.read_bytes(str(path)), str(path)))


def _moves(path: Path) -> list[tuple[str, str, bool]]:
    """(player, decision, signed) of each move."""
    log = _replayed(path).log
    return [(entry.player, entry.text, bool(entry.sig)) for entry in log.entries]


def _mail(path: Path) -> EmailMessage:
    message = email.message_from_bytes(path.read_bytes(), policy=email.policy.default)
    assert isinstance(message, EmailMessage)
    return message


def _attached_log(message: EmailMessage) -> str:
    for part in message.iter_attachments():
        if str(part.get_filename() or "").endswith(".yaml"):
            content = part.get_content()
            return content.decode() if isinstance(content, bytes) else str(content)
    raise AssertionError("no log attached")


def _ok(*args: str) -> str:
    result = run(list(args))
    assert result.exit_code == 0, result.output
    return result.output


def _signed_game(tmp_path: Path) -> tuple[Path, Path, Path, Path]:
    """The host's log and the person's copy of a signed 2-player game (signatures required)
    against the engine seat ``computer``, and the keys of both seats."""
    you, computer = make_key(tmp_path, "you"), make_key(tmp_path, "computer")
    host = tmp_path / "host" / "duel.yaml"
    host.parent.mkdir()
    _ok("new", str(host), "--players", "you,computer", "--seed", "7",
        "--engine", "computer:20", "--contact", "you=you@example.org",
        "--contact", "computer=host@example.org", "--key-for", f"you={you}.pub",
        "--key-for", f"computer={computer}.pub", "--require-signatures")  # fmt: skip
    mine = tmp_path / "mine.yaml"
    mine.write_bytes(host.read_bytes())
    return host, mine, you, computer


def test_the_host_seats_the_engine_in_a_signed_game_by_mail(tmp_path: Path) -> None:
    host, mine, you, computer = _signed_game(tmp_path)
    outbox = tmp_path / "outbox"
    for turn, decision in enumerate(("invest EUR", "invest CHF"), start=1):
        sent = tmp_path / f"to-host-{turn}.eml"
        _ok("play", str(mine), "you", decision, "--sign", "--key", str(you), "--eml", str(sent))
        assert _mail(sent)["To"] == "host@example.org"
        said = _ok("read", str(sent), "--into", str(host), "--reply", "--eml-dir", str(outbox),
                   "--key-for-seat", f"computer={computer}")  # fmt: skip
        number = 2 * turn
        assert f"move {number}: computer: " in said
        assert "Next: you to decide (turn)" in said
        answer = outbox / f"duel-{number}.eml"
        assert f"wrote the mail to {answer}" in said and "(To: you@example.org)" in said
        mail = _mail(answer)
        assert mail["To"] == "you@example.org"
        assert _attached_log(mail) == host.read_text()
        # the engine's move is signed with the seat's key; the game stays valid under
        # signatures: required
        player, _, signed = _moves(host)[-1]
        assert player == "computer" and signed
        assert problems_of(host, "--require-signatures") == []
        # the person takes the answer into their copy, as any mail
        taken = _ok("read", str(answer), "--into", str(mine))
        assert "saved" in taken
        assert mine.read_text() == host.read_text()
    assert [(p, s) for p, _, s in _moves(mine)] == [("you", True), ("computer", True)] * 2
    assert sorted(path.name for path in outbox.iterdir()) == ["duel-2.eml", "duel-4.eml"]


def test_without_the_seats_key_nothing_is_saved_or_played(tmp_path: Path) -> None:
    host, mine, you, _ = _signed_game(tmp_path)
    sent = tmp_path / "to-host.eml"
    _ok("play", str(mine), "you", "invest EUR", "--sign", "--key", str(you), "--eml", str(sent))
    before = host.read_bytes()
    result = run(["read", str(sent), "--into", str(host), "--reply", "--eml-dir",
                  str(tmp_path / "outbox")])  # fmt: skip
    assert result.exit_code == 1
    assert "no_key" in result.output and "--key-for-seat computer=FILE" in result.output
    assert host.read_bytes() == before
    assert not (tmp_path / "outbox").exists()


def test_a_wrong_key_for_the_seat_is_refused(tmp_path: Path) -> None:
    host, mine, you, _ = _signed_game(tmp_path)
    sent = tmp_path / "to-host.eml"
    _ok("play", str(mine), "you", "invest EUR", "--sign", "--key", str(you), "--eml", str(sent))
    result = run(["read", str(sent), "--into", str(host), "--reply",
                  "--key-for-seat", f"computer={you}"])  # fmt: skip
    assert result.exit_code == 1
    assert "wrong_key" in result.output
    assert [p for p, _, _ in _moves(host)] == ["you"]  # the mail is saved, no forged move


def _unsigned_game(tmp_path: Path) -> tuple[Path, Path]:
    host = tmp_path / "host.yaml"
    _ok("new", str(host), "--players", "you,computer,bob", "--seed", "3",
        "--engine", "computer:20", "--contact", "you=you@example.org",
        "--contact", "computer=host@example.org", "--contact", "bob=bob@example.org")  # fmt: skip
    mine = tmp_path / "mine.yaml"
    mine.write_bytes(host.read_bytes())
    return host, mine


def test_an_unsigned_game_by_mail_through_a_filter_on_standard_input(tmp_path: Path) -> None:
    host, mine = _unsigned_game(tmp_path)
    sent = tmp_path / "to-host.eml"
    _ok("play", str(mine), "you", "invest EUR", "--eml", str(sent))
    outbox = tmp_path / "outbox"
    env = {**os.environ, "PYTHONPATH": str(ROOT), "NO_COLOR": "1"}
    command = [sys.executable, "-m", "forexcli.cli", "read", "-", "--into", str(host), "--reply",
               "--eml-dir", str(outbox)]  # fmt: skip
    with sent.open("rb") as mail:  # as procmail or fetchmail --mda pipes it
        done = subprocess.run(
            command,
            stdin=mail,
            capture_output=True,
            env=env,
            timeout=120,
        )
    said = done.stdout.decode()
    assert done.returncode == 0, said + done.stderr.decode()
    assert [p for p, _, _ in _moves(host)] == ["you", "computer"]
    assert not any(signed for _, _, signed in _moves(host))
    assert "Next: bob to decide (turn)" in said
    (answer,) = outbox.iterdir()
    assert answer.name == "host-2.eml"
    assert _mail(answer)["To"] == "bob@example.org"
    bobs = tmp_path / "bob.yaml"
    _ok("read", str(answer), "--into", str(bobs))
    assert bobs.read_text() == host.read_text()
    assert run(["validate", str(bobs)]).exit_code == 0


def test_a_mail_when_no_engine_seat_decides_writes_no_mail(tmp_path: Path) -> None:
    host, _ = _unsigned_game(tmp_path)
    _ok("play", str(host), "you", "invest EUR")  # the host's own replies: computer played
    sent = tmp_path / "again.eml"
    _ok("message", str(host), "--eml", str(sent))
    result = run(["read", str(sent), "--into", str(host), "--reply", "--eml-dir",
                  str(tmp_path / "outbox")])  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "No engine decision, next: bob to decide (turn)" in result.output
    assert not (tmp_path / "outbox").exists()


def test_the_reply_options_go_together(tmp_path: Path) -> None:
    host, _ = _unsigned_game(tmp_path)
    sent = tmp_path / "m.eml"
    _ok("message", str(host), "--eml", str(sent))
    for args, words in (
        (["--eml-dir", "out"], "go with --reply"),
        (["--key-for-seat", "computer=k"], "go with --reply"),
        (["--reply", "--dry-run"], "leave out --dry-run"),
        (["--reply", "--key-for-seat", "computer"], "give SEAT=FILE"),
    ):
        result = run(["read", str(sent), "--into", str(host), *args])
        assert result.exit_code == 2, result.output
        assert words in result.output
    key = make_key(tmp_path, "bob")
    result = run(["read", str(sent), "--into", str(host), "--reply",
                  "--key-for-seat", f"bob={key}"])  # fmt: skip
    assert result.exit_code == 2 and "bob: not an engine seat" in result.output


def _spots_to_computer(log: Path) -> tuple[str, str]:
    """An entry opening with a spot to ``computer`` that the engine accepts, and one it
    declines, in the position of ``log`` (its person's turn)."""
    from forexcli.games.forex.rules import Spot, apply, legal_decisions
    from forexcli.replies import declines

    played = _replayed(log)
    state, game = played.final, played.log.game
    found: dict[bool, str] = {}
    for spot in legal_decisions(state):
        if not isinstance(spot, Spot) or spot.partner != "computer":
            continue
        for action in legal_decisions(apply(state, spot)):
            declined = declines(played.log, state, (spot, action)) is not None
            found.setdefault(declined, game.write([spot, action]))
        if len(found) == 2:
            return found[False], found[True]
    raise AssertionError(f"no accepted and declined spot to computer: {found}")


def test_a_spot_to_the_hosted_seat_is_countersigned_with_its_key(tmp_path: Path) -> None:
    """In a signed game the countersignature is the agreement: the host's engine seat that
    accepts a spot signs it, so the game goes on (under signatures: required the person's
    copy refused the host's mail before)."""
    host, mine, you, computer = _signed_game(tmp_path)
    accepted, _ = _spots_to_computer(mine)
    sent = tmp_path / "to-host.eml"
    _ok("play", str(mine), "you", accepted, "--sign", "--key", str(you), "--eml", str(sent))
    outbox = tmp_path / "outbox"
    said = _ok("read", str(sent), "--into", str(host), "--reply", "--eml-dir", str(outbox),
               "--key-for-seat", f"computer={computer}")  # fmt: skip
    assert "computer (the engine) countersigned move 1: the deal is agreed" in said
    assert "move 2: computer: " in said
    sig = _replayed(host).log.entries[0].sig or {}
    assert set(sig) == {"you", "computer"}
    assert run(["validate", str(host), "--require-signatures"]).exit_code == 0
    (answer,) = outbox.iterdir()
    _ok("read", str(answer), "--into", str(mine))
    assert [p for p, _, _ in _moves(mine)] == ["you", "computer"]
    assert run(["validate", str(mine), "--require-signatures"]).exit_code == 0


def test_a_spot_the_hosted_seat_declines_is_not_countersigned_nor_played_after(
    tmp_path: Path,
) -> None:
    """A spot the engine declines that the host's log already holds (read without --reply:
    made where the seat was a person's): under --reply the seat neither countersigns it nor
    plays after it; it is taken out of the host's log and mailed back to its player, as one
    that arrives with --reply is (tests/cli/test_host_mail_declined.py); exit 0."""
    host, mine, you, computer = _signed_game(tmp_path)
    _, declined = _spots_to_computer(mine)
    _ok("seat", str(mine), "computer", "--person")
    _ok("play", str(mine), "you", declined, "--sign", "--key", str(you))
    _ok("seat", str(mine), "computer", "--engine", "20")
    sent = tmp_path / "to-host.eml"
    _ok("message", str(mine), "--eml", str(sent))
    _ok("read", str(sent), "--into", str(host))
    assert [(p, signed) for p, _, signed in _moves(host)] == [("you", True)]
    outbox = tmp_path / "outbox"
    result = run(["read", str(sent), "--into", str(host), "--reply", "--eml-dir", str(outbox),
                  "--key-for-seat", f"computer={computer}"])  # fmt: skip
    assert result.exit_code == 0, result.output
    said = " ".join(result.stderr.split())
    assert f"spot_declined: move 1: you: {declined}: computer (the engine) declines" in said
    assert f"the move is not taken: {host} holds the game as it stood at the start" in said
    assert _moves(host) == []
    (answer,) = outbox.iterdir()
    mail = _mail(answer)
    assert mail["To"] == "you@example.org"
    assert str(mail["Subject"]).startswith("computer declines the spot of move 1: ")
    assert _attached_log(mail) == host.read_text()
    assert run(["validate", str(host)]).exit_code == 0


def test_a_person_ahead_of_the_host_is_told_to_wait_for_its_mail(tmp_path: Path) -> None:
    """In the person's copy the engine seat is its host's: not_your_turn hints the host's
    mail, not a forex play --engine the person has no key for."""
    _, mine, you, _ = _signed_game(tmp_path)
    _ok("play", str(mine), "you", "invest EUR", "--sign", "--key", str(you), "--eml",
        str(tmp_path / "to-host.eml"))  # fmt: skip
    before = mine.read_bytes()
    result = run(["play", str(mine), "you", "invest CHF", "--sign", "--key", str(you)])
    assert result.exit_code == 1 and "not_your_turn" in result.output
    said = " ".join(result.output.split())
    assert (
        "computer is an engine seat its host plays: wait for the mail from host@example.org" in said
    )
    assert "--engine" not in said
    assert mine.read_bytes() == before


def test_a_key_for_a_seat_that_is_no_engine_seat_saves_nothing(tmp_path: Path) -> None:
    """A usage error changes no file: the mail that goes further is not saved either."""
    host, mine = _unsigned_game(tmp_path)
    sent = tmp_path / "to-host.eml"
    _ok("play", str(mine), "you", "invest EUR", "--eml", str(sent))
    before = host.read_bytes()
    key = make_key(tmp_path, "bob")
    result = run(["read", str(sent), "--into", str(host), "--reply",
                  "--key-for-seat", f"bob={key}"])  # fmt: skip
    assert result.exit_code == 2 and "bob: not an engine seat" in result.output
    assert f"{host} is unchanged" in " ".join(result.output.split())
    assert host.read_bytes() == before


def test_a_deal_the_seat_played_after_is_not_the_engines_to_countersign(tmp_path: Path) -> None:
    """A seat handed to the engine later: the deal offered to it before its own last move
    (made while a person played it) is left as it is; a new one is countersigned."""
    from forexcli.cli.common import signer_for
    from forexcli.hosting import countersign_deals

    you, computer = make_key(tmp_path, "you"), make_key(tmp_path, "computer")
    log = tmp_path / "duel.yaml"
    _ok("new", str(log), "--players", "you,computer", "--seed", "7", "--engine", "computer:20",
        "--key-for", f"you={you}.pub")  # fmt: skip
    accepted, _ = _spots_to_computer(log)
    _ok("seat", str(log), "computer", "--person")
    _ok("play", str(log), "you", accepted, "--sign", "--key", str(you))
    _ok("play", str(log), "computer", "resolve")  # a person's seat then, without a key
    _ok("seat", str(log), "computer", "--engine", "20")
    done = countersign_deals(str(log), {"computer": signer_for("computer", str(computer))})
    assert done.lines == () and done.declined is None
    assert set(_replayed(log).log.entries[0].sig or {}) == {"you"}
