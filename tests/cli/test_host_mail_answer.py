"""A person answers the host's engine's offer by mail in one command (qa27): ``forex play
FILE NAME accept --eml OUT.eml`` (or ``decline``) mails the answer To: the offering seat's
host; ``--eml`` was refused with an answer, and ``forex message --eml`` after it went To: the
person themselves. The host's ``read --reply`` takes the accepted entry, and tells a decline
as a decline."""

from __future__ import annotations

from pathlib import Path

from tests.cli.test_commands import run
from tests.cli.test_host_mail import _mail, _moves, _ok
from tests.cli.test_host_mail_declined import _body, _said
from tests.cli.test_host_mail_offer_to import _hosted


def _offered(tmp_path: Path) -> tuple[Path, Path]:
    """The host's log holding its engine's offer to you, and your copy read from its mail."""
    host = _hosted(tmp_path)
    _ok("play", str(host), "computer", "--engine")
    sent = tmp_path / "to-you.eml"
    _ok("message", str(host), "--eml", str(sent))
    mine = tmp_path / "mine.yaml"
    _ok("read", str(sent), "--into", str(mine))
    return host, mine


def test_an_accepted_offer_is_mailed_to_the_host_and_taken(tmp_path: Path) -> None:
    host, mine = _offered(tmp_path)
    offered = _moves(host)
    answer = tmp_path / "accept.eml"
    said = run(["play", str(mine), "you", "accept", "--eml", str(answer)])
    assert said.exit_code == 0, said.output
    assert "you accepted the offer." in said.output
    mail = _mail(answer)
    assert mail["To"] == "host@x.org" and mail["From"] == "you@x.org" and mail["Cc"] is None
    result = run(["read", str(answer), "--into", str(host), "--reply"])
    assert result.exit_code == 0, result.output
    assert "engine_seat_move" not in result.stderr
    assert len(_moves(host)) == len(offered) + 1 and host.read_text() == mine.read_text()


def test_a_declined_offer_is_mailed_to_the_host_and_told_as_a_decline(tmp_path: Path) -> None:
    host, mine = _offered(tmp_path)
    answer = tmp_path / "decline.eml"
    said = run(["play", str(mine), "you", "decline", "--eml", str(answer)])
    assert said.exit_code == 0, said.output
    mail = _mail(answer)
    assert mail["To"] == "host@x.org" and mail["From"] == "you@x.org"
    outbox = tmp_path / "outbox"
    result = run(["read", str(answer), "--into", str(host), "--reply", "--eml-dir", str(outbox)])
    assert result.exit_code == 0, result.output
    assert "the open offer of computer was not accepted: it is declined" in _said(result.stderr)
    assert "the reply mail tells its sender that computer's offer is declined" in _said(
        result.stderr
    )
    (reply,) = outbox.iterdir()
    assert str(_mail(reply)["Subject"]).startswith("computer's offer declined: ")
    assert _said(_body(reply)).startswith(
        "Your mail did not accept the open offer of computer: it is declined, and computer"
        " chose again"
    )


def test_an_answer_with_eml_keeps_the_usage_rules(tmp_path: Path) -> None:
    _, mine = _offered(tmp_path)
    before = mine.read_bytes()
    taken = tmp_path / "taken.eml"
    taken.write_text("")
    for args, words in (
        (["--eml", str(taken)], "already exists"),
        (["--eml", "-"], "name a file for the mail"),
        (["--eml", str(tmp_path / "x.eml"), "--format", "json"], "--format json with --eml"),
        (["--dry-run"], "leave out --dry-run"),
    ):
        result = run(["play", str(mine), "you", "accept", *args])
        assert result.exit_code == 2, result.output
        assert words in result.output
    assert mine.read_bytes() == before


def test_reading_the_offer_says_it_waits_for_you(tmp_path: Path) -> None:
    """The person who reads the host's mail of an offer is told it waits for their answer
    (the catch-up said "Next: computer to play.")."""
    host = _hosted(tmp_path)
    _ok("play", str(host), "computer", "--engine")
    sent = tmp_path / "to-you.eml"
    _ok("message", str(host), "--eml", str(sent))
    said = _said(_ok("read", str(sent), "--into", str(tmp_path / "mine.yaml")))
    assert "Next: you to answer computer's offer (spot " in said
    assert "): accept or decline." in said and "Next: computer to play" not in said


def test_a_decline_whose_engine_offers_again_is_taken_by_the_host(tmp_path: Path) -> None:
    """A person declines, and the engine of their copy, choosing again, makes another offer:
    the mail holds no new move, only that offer (its ``declined`` naming the host's). The
    host takes the decline, its engine chooses again, and the person's copy, reading the
    host's next mail, agrees with the host's (the host kept its old offer: the decline was
    lost)."""
    host, mine = _offered(tmp_path)
    first = "  decision: spot 1 GBP to you for 1.5 EUR; invest GBP\n"
    again = (
        "  decision: spot 1 GBP to you for 2 USD; invest GBP\n"
        "  declined: [spot 1 GBP to you for 1.5 EUR; invest GBP]\n"
    )
    assert first in mine.read_text() and first in host.read_text()
    mine.write_text(mine.read_text().replace(first, again))  # as its engine's new offer left it
    answer = tmp_path / "decline.eml"
    _ok("message", str(mine), "--eml", str(answer))
    offered = len(_moves(host))
    outbox = tmp_path / "outbox"
    result = run(["read", str(answer), "--into", str(host), "--reply", "--eml-dir", str(outbox)])
    assert result.exit_code == 0, result.output
    assert "the open offer of computer was not accepted: it is declined" in _said(result.stderr)
    assert first not in host.read_text()
    assert len(_moves(host)) == offered + 1 or "offer:" in host.read_text()
    (reply,) = outbox.iterdir()
    assert str(_mail(reply)["Subject"]).startswith("computer's offer declined: ")
    assert "The offer in the mail (computer: spot 1 GBP to you for 2 USD; invest GBP)" in (
        _said(_body(reply))
    )
    _ok("read", str(reply), "--into", str(mine))
    assert mine.read_text() == host.read_text()


def test_a_decline_without_a_move_does_not_say_the_host_log_is_unchanged(tmp_path: Path) -> None:
    """The host takes a mail that only declines its engine's offer, then its engine chooses
    again and saves its move: the catch-up does not first say that the log is unchanged."""
    host, mine = _offered(tmp_path)
    first = "  decision: spot 1 GBP to you for 1.5 EUR; invest GBP\n"
    again = (
        "  decision: spot 1 GBP to you for 2 USD; invest GBP\n"
        "  declined: [spot 1 GBP to you for 1.5 EUR; invest GBP]\n"
    )
    mine.write_text(mine.read_text().replace(first, again))
    answer = tmp_path / "decline.eml"
    _ok("message", str(mine), "--eml", str(answer))
    before = host.read_bytes()
    result = run(["read", str(answer), "--into", str(host), "--reply"])
    assert result.exit_code == 0, result.output
    assert host.read_bytes() != before
    assert result.stdout.startswith(f"{answer}: no new move taken.\n")
    assert "unchanged" not in result.stdout
