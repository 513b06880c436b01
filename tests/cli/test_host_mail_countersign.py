"""Under ``signatures: required`` a deal between two persons goes no further until its
cosigner countersigns it (qa27): the host's engine seat played on after such a deal (its
log then failed ``validate --require-signatures`` and every copy refused its mail), and the
mail of the deal went To: the next decider instead of the cosigner."""

from __future__ import annotations

from pathlib import Path

from tests.cli.test_commands import run
from tests.cli.test_host_mail import _mail, _moves, _ok, _replayed
from tests.record.test_signing import make_key


def _spot_to_bob(log: Path) -> str:
    """An entry of ``you`` opening with a spot to ``bob``, legal in ``log``'s position."""
    from forexcli.games.forex.rules import Spot, apply, legal_decisions

    played = _replayed(log)
    state, game = played.final, played.log.game
    for spot in legal_decisions(state):
        if isinstance(spot, Spot) and spot.partner == "bob":
            return str(game.write([spot, next(iter(legal_decisions(apply(state, spot))))]))
    raise AssertionError("no spot to bob")


def test_the_host_waits_for_a_persons_countersignature(tmp_path: Path) -> None:
    keys = {name: make_key(tmp_path, name) for name in ("you", "computer", "bob")}
    host = tmp_path / "host.yaml"
    _ok("new", str(host), "--players", "you,computer,bob", "--seed", "3",
        "--engine", "computer:20", "--require-signatures",
        *(f"--contact={n}={n}@x.org" for n in keys),
        *(f"--key-for={n}={k}.pub" for n, k in keys.items()))  # fmt: skip
    mine, bobs = tmp_path / "mine.yaml", tmp_path / "bob.yaml"
    mine.write_bytes(host.read_bytes())
    bobs.write_bytes(host.read_bytes())
    sent = tmp_path / "deal.eml"
    _ok("play", str(mine), "you", _spot_to_bob(mine), "--sign", "--key", str(keys["you"]),
        "--eml", str(sent))  # fmt: skip
    mail = _mail(sent)
    assert mail["To"] == "bob@x.org"
    assert str(mail["Subject"]).startswith("a deal awaits bob's countersignature: ")
    seat = ("--key-for-seat", f"computer={keys['computer']}")
    said = _ok("read", str(sent), "--into", str(host), "--reply", *seat)
    assert "No engine decision, next: bob to countersign move 1 (signatures: required)" in said
    assert [p for p, _, _ in _moves(host)] == ["you"]
    _ok("read", str(sent), "--into", str(bobs))
    _ok("sign", str(bobs), "1", "--key", str(keys["bob"]))
    signed = tmp_path / "signed.eml"
    _ok("message", str(bobs), "--eml", str(signed))
    assert _mail(signed)["To"] == "computer@x.org"
    said = _ok("read", str(signed), "--into", str(host), "--reply", *seat)
    assert "move 2: computer: " in said
    assert run(["validate", str(host), "--require-signatures"]).exit_code == 0
