"""The host's engine seats are played by the host's engine alone (issue 43, item 6): under
``forex read MAIL --into LOG --reply`` a player's mail can neither carry a move in an engine
seat's name (``engine_seat_move``: not taken, nor the moves after it; the engine plays its
own) nor make, change or withdraw the engine's open offer; a player answers the host's
offer by accepting it (its entry, unchanged) or by anything else (declined: the host's
engine chooses again). Unsigned games (a signed game's engine moves carry the host's key),
real mail files."""

from __future__ import annotations

from pathlib import Path

from forexcli.record.seats import OFFER_FIELD, Offer, open_offer, with_header_key
from tests.cli.test_commands import run
from tests.cli.test_host_mail import (
    _attached_log,
    _mail,
    _moves,
    _ok,
    _replayed,
    _signed_game,
    _unsigned_game,
)
from tests.cli.test_host_mail_declined import _body, _said


def _computer_to_move(tmp_path: Path) -> tuple[Path, Path]:
    """The host's log after ``you``'s first move, the engine seat ``computer`` to decide (the
    host's engine not yet asked), and the person's copy of it."""
    host, mine = _unsigned_game(tmp_path)
    _ok("play", str(host), "you", "invest EUR", "--no-reply")
    mine.write_bytes(host.read_bytes())
    return host, mine


def _offers_to_you(log: Path) -> list[str]:
    """Entries opening with a spot from ``computer`` to ``you`` legal in ``log``'s position."""
    from forexcli.games.forex.rules import Spot, apply, legal_decisions

    played = _replayed(log)
    state, game = played.final, played.log.game
    found = []
    for spot in legal_decisions(state):
        if isinstance(spot, Spot) and spot.partner == "you":
            action = next(iter(legal_decisions(apply(state, spot))))
            found.append(game.write([spot, action]))
    assert len(found) >= 2, found
    return found


def _with_offer(log: Path, decision: str) -> None:
    """``log`` holding ``computer``'s open offer ``decision`` to ``you``."""
    offer = {"player": "computer", "decision": decision}
    text = with_header_key(log.read_text(), OFFER_FIELD, offer)
    log.write_text(text)
    assert open_offer(_replayed(log).log.header) == Offer("computer", decision)


def _read(sent: Path, host: Path, outbox: Path) -> tuple[str, str]:
    result = run(["read", str(sent), "--into", str(host), "--reply", "--eml-dir", str(outbox)])
    assert result.exit_code == 0, result.output
    assert run(["validate", str(host)]).exit_code == 0
    return result.output, _said(result.stderr)


def test_a_move_in_the_engine_seats_name_is_not_taken(tmp_path: Path) -> None:
    host, mine = _unsigned_game(tmp_path)
    _ok("seat", str(mine), "computer", "--person")  # the sender took the seat in their copy
    _ok("play", str(mine), "you", "invest EUR", "--no-reply")
    _ok("play", str(mine), "computer", "invest CHF", "--no-reply")  # a move in its name
    _ok("play", str(mine), "bob", "invest GBP", "--no-reply")
    sent = tmp_path / "to-host.eml"
    _ok("message", str(mine), "--eml", str(sent))
    out, said = _read(sent, host, tmp_path / "outbox")
    assert "engine_seat_move: move 2: computer: invest CHF: computer is this host's engine" in said
    assert "it is not taken, nor the moves after it" in said
    assert "as it stood after move 1" in said
    assert "forex undo" in said
    moves = _moves(host)
    assert [(p, d) for p, d, _ in moves[:1]] == [("you", "invest EUR")]
    assert [p for p, _, _ in moves] == ["you", "computer"]  # the host's engine played move 2
    assert "engines: {computer: 20}" in host.read_text()
    assert "computer: " in out
    (answer,) = (tmp_path / "outbox").iterdir()
    mail = _mail(answer)
    assert mail["To"] == "bob@example.org" and "you@example.org" in str(mail["Cc"])
    assert str(mail["Subject"]).startswith("move 2 of computer in the mail not taken: ")
    body = _said(_body(answer))
    assert body.startswith(
        "Move 2 in the mail (computer: invest CHF) was not taken, nor the moves after it:"
        " computer is the host's engine seat, and the host's engine did not make that move."
    )
    assert "forex undo FILE --to 1" in body
    assert "was not taken" in _body(answer, "markdown")
    assert _attached_log(mail) == host.read_text()


def test_a_copy_whose_own_engine_replied_gives_the_host_the_person_move(tmp_path: Path) -> None:
    """The person played without --eml, so their copy's engine answered for computer: the
    host takes the person's move and lets its own engine play the seat."""
    host, mine = _unsigned_game(tmp_path)
    _ok("play", str(mine), "you", "invest EUR")  # the copy's engine replies as computer
    assert [p for p, _, _ in _moves(mine)] == ["you", "computer"]
    sent = tmp_path / "to-host.eml"
    _ok("message", str(mine), "--eml", str(sent))
    _, said = _read(sent, host, tmp_path / "outbox")
    assert "engine_seat_move: move 2: computer:" in said
    assert [p for p, _, _ in _moves(host)] == ["you", "computer"]


def test_a_mail_makes_no_offer_in_the_engines_name(tmp_path: Path) -> None:
    host, mine = _computer_to_move(tmp_path)
    forged = _offers_to_you(mine)[0]
    _with_offer(mine, forged)
    sent = tmp_path / "to-host.eml"
    _ok("message", str(mine), "--eml", str(sent))
    _read(sent, host, tmp_path / "outbox")
    offer = open_offer(_replayed(host).log.header)
    assert offer is None or offer.decision != forged
    assert [p for p, _, _ in _moves(host)][:1] == ["you"]
    assert _moves(host)[1:2] != [("computer", forged, False)]


def test_accepting_a_forged_offer_is_a_move_in_the_engines_name(tmp_path: Path) -> None:
    host, mine = _computer_to_move(tmp_path)
    forged = _offers_to_you(mine)[0]
    _with_offer(mine, forged)
    _ok("play", str(mine), "you", "accept", "--no-reply")
    assert _moves(mine)[1] == ("computer", forged, False)
    sent = tmp_path / "to-host.eml"
    _ok("message", str(mine), "--eml", str(sent))
    _, said = _read(sent, host, tmp_path / "outbox")
    assert f"engine_seat_move: move 2: computer: {forged}" in said
    assert _moves(host)[1:2] != [("computer", forged, False)]


def test_the_hosts_offer_accepted_by_mail_is_taken(tmp_path: Path) -> None:
    host, mine = _computer_to_move(tmp_path)
    offered = _offers_to_you(host)[0]
    _with_offer(host, offered)  # as the host's engine would have offered it
    mine.write_bytes(host.read_bytes())
    _ok("play", str(mine), "you", "accept", "--no-reply")
    sent = tmp_path / "to-host.eml"
    _ok("message", str(mine), "--eml", str(sent))
    _, said = _read(sent, host, tmp_path / "outbox")
    assert "engine_seat_move" not in said
    assert _moves(host)[1] == ("computer", offered, False)
    assert open_offer(_replayed(host).log.header) is None


def test_a_mail_that_does_not_accept_the_hosts_offer_declines_it(tmp_path: Path) -> None:
    host, mine = _computer_to_move(tmp_path)
    offered, other = _offers_to_you(host)[:2]
    _with_offer(host, offered)
    mine.write_bytes(host.read_bytes())
    _ok("seat", str(mine), "computer", "--person")
    _ok("undo", str(mine))  # the offer withdrawn in the copy
    _ok("play", str(mine), "computer", other, "--no-reply")  # another move in its name
    sent = tmp_path / "to-host.eml"
    _ok("message", str(mine), "--eml", str(sent))
    out, said = _read(sent, host, tmp_path / "outbox")
    assert f"engine_seat_move: move 2: computer: {other}" in said
    assert "the open offer of computer was not accepted: it is declined" in said
    header = _replayed(host).log.header
    assert "engines: {computer: 20}" in host.read_text()
    offer = open_offer(header)
    moves = _moves(host)
    if offer is None:  # the engine chose a move of its own
        assert len(moves) >= 2 and moves[1][1] != offered
    else:  # or another offer, the declined one remembered
        assert offer.decision != offered and offered in offer.declined
    assert "computer" in out
    (answer,) = (tmp_path / "outbox").iterdir()
    assert _mail(answer)["To"] in ("you@example.org", "bob@example.org")


def test_a_mail_keeps_the_hosts_open_offer(tmp_path: Path) -> None:
    """A copy that withdrew the host's offer (forex undo) and brings no move: the host's
    offer stands, its log unchanged."""
    host, mine = _computer_to_move(tmp_path)
    offered = _offers_to_you(host)[0]
    _with_offer(host, offered)
    mine.write_bytes(host.read_bytes())
    _ok("undo", str(mine))
    assert open_offer(_replayed(mine).log.header) is None
    before = host.read_bytes()
    sent = tmp_path / "to-host.eml"
    _ok("message", str(mine), "--eml", str(sent))
    _read(sent, host, tmp_path / "outbox")
    assert host.read_bytes() == before


def test_the_seats_own_signed_move_in_a_mail_is_the_hosts(tmp_path: Path) -> None:
    """In a signed game the seat's moves carry the key the host's log holds for it: the
    host whose log lost them (a backup put back) takes them from a mail again."""
    host, mine, you, computer = _signed_game(tmp_path)
    backup = host.read_bytes()
    sent = tmp_path / "to-host.eml"
    _ok("play", str(mine), "you", "invest EUR", "--sign", "--key", str(you), "--eml", str(sent))
    outbox = tmp_path / "outbox"
    keyed = ("--key-for-seat", f"computer={computer}")
    _ok("read", str(sent), "--into", str(host), "--reply", "--eml-dir", str(outbox), *keyed)
    (answer,) = outbox.iterdir()
    _ok("read", str(answer), "--into", str(mine))
    host.write_bytes(backup)  # the host's log as it was before
    again = tmp_path / "again.eml"
    _ok("play", str(mine), "you", "invest CHF", "--sign", "--key", str(you), "--eml", str(again))
    result = run(["read", str(again), "--into", str(host), "--reply", "--eml-dir",
                  str(outbox), *keyed])  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "engine_seat_move" not in result.stderr
    assert [(p, s) for p, _, s in _moves(host)] == [("you", True), ("computer", True)] * 2
