"""The engine's open offer by mail goes to the person who answers it (qa27): ``forex message
--eml`` and the mail ``forex read --reply`` writes after the host's engine offered were
addressed to the engine seat itself (its host), the person only copied, under a subject that
said the engine was to play; ``read --reply`` said the engine seat decided next."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.test_commands import ROOT, run
from tests.cli.test_host_mail import _mail, _ok

HOPE = ROOT / "tests" / "logs" / "valid" / "engine-hope-offer.yaml"


def _hosted(tmp_path: Path) -> Path:
    """The engine's offer log (at 40 simulations computer offers you a spot after move 51),
    with mail addresses: computer's is its host's."""
    host = tmp_path / "host.yaml"
    contacts = 'contacts:\n  computer: "host@x.org"\n  you: "you@x.org"\nengines:'
    host.write_text(HOPE.read_text().replace("engines:", contacts, 1))
    return host


def _check_offer_mail(path: Path) -> None:
    mail = _mail(path)
    assert mail["To"] == "you@x.org"
    assert mail["From"] == "host@x.org"
    assert mail["Cc"] is None
    assert str(mail["Subject"]).startswith("computer's offer waits for you: [For-Ex] ")


def test_a_message_about_an_open_offer_goes_to_its_partner(tmp_path: Path) -> None:
    host = _hosted(tmp_path)
    said = _ok("play", str(host), "computer", "--engine")
    assert "computer offers you: " in said
    sent = tmp_path / "to-you.eml"
    _ok("message", str(host), "--eml", str(sent))
    _check_offer_mail(sent)


def test_the_hosts_mail_after_its_engine_offers_goes_to_the_partner(tmp_path: Path) -> None:
    host = _hosted(tmp_path)
    sent = tmp_path / "to-host.eml"
    _ok("message", str(host), "--eml", str(sent))  # the host's own copy, computer to play
    outbox = tmp_path / "outbox"
    said = _ok("read", str(sent), "--into", str(host), "--reply", "--eml-dir", str(outbox))
    assert "computer offers you: " in said
    assert "Next: you to answer computer's offer (accept or decline)" in said
    assert "(To: you@x.org)" in said
    (answer,) = outbox.iterdir()
    _check_offer_mail(answer)


def test_the_hosts_replies_fit_80_columns(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``read --reply``'s line for the engine's offer (a long spot, then the command that
    answers it) wraps at 80 columns as ``forex play``'s replies do (qa27: one line of 150)."""
    monkeypatch.chdir(tmp_path)
    _hosted(tmp_path)
    _ok("message", "host.yaml", "--eml", "to-host.eml")
    result = run(["read", "to-host.eml", "--into", "host.yaml", "--reply"], COLUMNS="80")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert any(line.startswith("computer offers you: spot ") for line in lines)
    wide = [line for line in lines if len(line) > 80]
    assert not wide, "\n".join(wide)


def test_show_and_message_name_who_answers_the_open_offer(tmp_path: Path) -> None:
    """While the engine's offer waits, ``show`` and ``message`` say who answers it next (they
    said "Next: computer to play." above the "Open offer" line); at an earlier move the
    offer does not wait, and the move's own next decider is named."""
    host = _hosted(tmp_path)
    _ok("play", str(host), "computer", "--engine")
    awaited = "Next: you to answer computer's offer (accept or decline)"
    for command in ("show", "message"):
        said = _ok(command, str(host))
        assert awaited in said and "Next: computer to play" not in said
    assert awaited not in _ok("show", str(host), "--at", "50")
    told = " ".join(_ok("message", str(host)).split())  # the subject line wraps
    assert "move 51, you to answer computer's offer" in told and "computer to play" not in told
