"""Spot deals need the partner: in a signed game the partner's countersignature is the
agreement, and ``signatures: required`` stops the game at a deal not agreed yet.

``show``, ``message``, ``moves`` and ``history`` name a deal that awaits its partner;
``validate`` warns of it (``unagreed_spot``), and fails on it with
``--require-signatures`` or the header's ``signatures: required``, under which ``play``
and ``read`` refuse a move that follows it.  ``play`` says that a deal awaits the partner.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from forexcli.record import gamelog
from tests.cli.test_commands import new_game, run
from tests.record.test_mail import _log_mail
from tests.record.test_signing import line_of, make_key, play, problems_of, validate_json

SPOT = "spot 1 GBP to bob for 1 USD; invest USD"


@pytest.fixture
def keys(tmp_path: Path) -> dict[str, Path]:
    return {name: make_key(tmp_path, name) for name in ("alice", "bob", "carol")}


def _key_args(keys: dict[str, Path]) -> list[str]:
    return [arg for name, key in keys.items() for arg in ("--key-for", f"{name}={key}.pub")]


def _sign(log: Path, number: int, who: str, key: Path) -> None:
    result = run(["sign", str(log), str(number), "--as", who, "--key", str(key)])
    assert result.exit_code == 0, result.output


@pytest.fixture
def dealt(tmp_path: Path, keys: dict[str, Path]) -> Path:
    """A signed game whose move 1 is alice's signed spot deal with bob, bob not agreed."""
    log = new_game(tmp_path / "game.yaml", *_key_args(keys))
    play(log, "alice", SPOT, "--sign", "--key", str(keys["alice"]))
    return log


def test_validate_warns_of_a_deal_and_fails_on_it_when_signatures_are_required(
    dealt: Path, keys: dict[str, Path]
) -> None:
    line = line_of(dealt, f"- alice: {SPOT}")
    data = validate_json(dealt)
    assert data["ok"] is True
    warnings = data["files"][0]["warnings"]  # type: ignore[index]
    assert [(w["code"], w["line"], w["entry"]) for w in warnings] == [("unagreed_spot", line, 1)]
    assert "bob's signature" in warnings[0]["message"]
    assert f"forex sign {dealt} 1 --as bob" in warnings[0]["hints"][0]
    strict = problems_of(dealt, "--require-signatures")
    column = len("  - alice: ") + 1  # at the decision
    assert [(p["code"], p["line"], p["column"]) for p in strict] == [
        ("unagreed_spot", line, column)
    ]
    assert run(["validate", str(dealt), "--require-signatures"]).exit_code == 1
    _sign(dealt, 1, "bob", keys["bob"])
    assert validate_json(dealt, "--require-signatures")["ok"] is True
    assert "unagreed_spot" not in json.dumps(validate_json(dealt))


def test_a_deal_in_an_unsigned_game_awaits_nobody(tmp_path: Path) -> None:
    log = new_game(tmp_path / "g.yaml")
    result = run(["play", str(log), "alice", SPOT])
    assert result.exit_code == 0 and "awaits" not in result.output
    checked = run(["validate", str(log), "--require-signatures", "--format", "json"])
    assert checked.exit_code == 0 and "unagreed_spot" not in checked.stdout
    for command in (["show"], ["moves"], ["message", "--since", "0"], ["history"]):
        out = run([command[0], str(log), *command[1:]]).stdout
        assert "awaits" not in out and "signed by" not in out, command
        assert "Signatures" not in out and " signed " not in out, command


def test_show_message_moves_and_history_name_the_deal(dealt: Path, keys: dict[str, Path]) -> None:
    awaits = "move 1: alice's spot deal with bob awaits bob's signature"
    shown = " ".join(run(["show", str(dealt)]).stdout.split())
    assert "(signed by alice; the spot deal awaits bob's signature)" in shown
    assert awaits in shown
    at_start = " ".join(run(["show", str(dealt), "--at", "0"]).stdout.split())
    assert "Signatures:" in at_start and "awaits" not in at_start  # not yet made
    message = " ".join(run(["message", str(dealt), "--since", "0"]).stdout.split())
    assert "signed by alice; the spot deal awaits bob's signature" in message
    assert "Move 1: alice's spot deal with bob awaits bob's signature; bob agrees" in message
    assert f"forex sign {dealt} 1 --as bob --key FILE" in message
    table = " ".join(run(["moves", str(dealt)]).stdout.split())
    assert awaits in table
    listed = run(["moves", str(dealt), "--kind", "resolve"]).stdout.splitlines()
    assert listed == ["resolve"]  # plain entries only; the grouped view says what awaits
    moves = json.loads(run(["moves", str(dealt), "--format", "json"]).stdout)
    assert moves["awaiting"] == [{"move": 1, "player": "alice", "partner": "bob"}]
    history = run(["history", str(dealt)]).stdout.splitlines()
    assert "signed" in history[3].split()
    assert "alice; awaits bob" in history[5]
    data = json.loads(run(["history", str(dealt), "--format", "json"]).stdout)
    assert data["entries"][0]["signed"] == ["alice"] and data["entries"][0]["awaits"] == "bob"
    _sign(dealt, 1, "bob", keys["bob"])
    assert "awaits" not in run(["show", str(dealt)]).stdout
    assert "awaits" not in run(["moves", str(dealt)]).stdout
    assert json.loads(run(["moves", str(dealt), "--format", "json"]).stdout)["awaiting"] == []
    history = run(["history", str(dealt)]).stdout.splitlines()
    assert "alice, bob" in history[5] and "awaits" not in history[5]
    data = json.loads(run(["history", str(dealt), "--format", "json"]).stdout)
    assert data["entries"][0]["signed"] == ["alice", "bob"] and data["entries"][0]["awaits"] is None


def test_play_says_that_a_deal_awaits_the_partner(tmp_path: Path, keys: dict[str, Path]) -> None:
    log = new_game(tmp_path / "g.yaml", *_key_args(keys))
    result = run(["play", str(log), "alice", SPOT, "--sign", "--key", str(keys["alice"])])
    assert result.exit_code == 0
    assert (
        "The spot deal with bob awaits bob's signature; bob agrees by countersigning it in"
        " their copy: forex sign g.yaml 1 --as bob --key FILE" in " ".join(result.stdout.split())
    )  # the file as the mail attaches it, not the sender's path
    # With --message or JSON the report keeps stdout; the notice goes to stderr.
    again = new_game(tmp_path / "h.yaml", *_key_args(keys))
    as_json = run(
        [
            "play",
            str(again),
            "alice",
            SPOT,
            "--sign",
            "--key",
            str(keys["alice"]),
            "--format",
            "json",
        ]
    )
    assert as_json.exit_code == 0
    json.loads(as_json.stdout)
    assert "awaits bob's signature" in as_json.stderr


def test_play_engine_says_its_deal_awaits_the_partner(
    tmp_path: Path, keys: dict[str, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    from forexcli.cli import engine

    monkeypatch.setattr(engine, "engine_decision", lambda *args: SPOT)
    signed = new_game(tmp_path / "s.yaml", *_key_args(keys))
    result = run(["play", str(signed), "alice", "--engine", "--sign", "--key", str(keys["alice"])])
    assert result.exit_code == 0, result.output
    assert "awaits bob's signature" in result.stdout
    unsigned = new_game(tmp_path / "u.yaml")
    result = run(["play", str(unsigned), "alice", "--engine"])
    assert result.exit_code == 0, result.output
    said = " ".join(result.stdout.split())
    # In an unsigned game nothing is agreed for bob: the deal waits as an open offer.
    assert f"alice offers bob: {SPOT} (the engine, 1 s);" in said
    assert f"bob answers: forex play {unsigned} bob accept (or decline)" in said
    assert gamelog.read_log(unsigned.read_text(), str(unsigned)).entries == ()


def _required(tmp_path: Path, keys: dict[str, Path], name: str = "r.yaml") -> Path:
    result = run(
        [
            "new",
            str(tmp_path / name),
            "--players",
            "alice,bob,carol",
            "--removed",
            "GBP=1,USD=2,CNY=3",
            "--started",
            "2026-11-30",
            "--require-signatures",
            *_key_args(keys),
        ]
    )
    assert result.exit_code == 0, result.output
    return tmp_path / name


def test_required_signatures_stop_play_at_an_unagreed_deal(
    tmp_path: Path, keys: dict[str, Path]
) -> None:
    log = _required(tmp_path, keys)
    assert gamelog.load(log).header["signatures"] == "required"
    play(log, "alice", SPOT, "--sign", "--key", str(keys["alice"]))
    assert validate_json(log)["ok"] is False  # the header requires the agreement
    before = log.read_bytes()
    refused = run(["play", str(log), "bob", "invest JPY", "--sign", "--key", str(keys["bob"])])
    assert refused.exit_code == 1
    assert "unagreed_spot: move 1: alice's spot deal with bob awaits bob's signature" in (
        refused.stderr
    )
    assert "no move may follow it until bob countersigns it; nothing was written" in refused.stderr
    hint = " ".join(refused.stderr.split())  # (a hint is wrapped to the width)
    assert f"hint: bob agrees by countersigning it: forex sign {log} 1" in hint
    assert "Traceback" not in refused.output and log.read_bytes() == before
    # An unsigned move is refused too.
    _sign(log, 1, "bob", keys["bob"])
    unsigned = run(["play", str(log), "bob", "invest JPY"])
    assert unsigned.exit_code == 1 and "unsigned_move" in unsigned.stderr
    assert f"forex play {log} bob 'invest JPY' --sign" in " ".join(unsigned.stderr.split())
    play(log, "bob", "invest JPY", "--sign", "--key", str(keys["bob"]))
    assert validate_json(log)["ok"] is True


def test_required_signatures_stop_read_past_an_unagreed_deal(
    tmp_path: Path, keys: dict[str, Path]
) -> None:
    """A copy whose move 2 follows move 1's unagreed deal (written without forex play) is
    not read; one that ends at the deal is, so that the partner can countersign it."""
    from forexcli.record import edit
    from forexcli.record.keys import load_private_key
    from forexcli.record.signing import Signer

    log = _required(tmp_path, keys)
    play(log, "alice", SPOT, "--sign", "--key", str(keys["alice"]))
    at_the_deal = log.read_text()
    bob = Signer("bob", load_private_key(str(keys["bob"]), lambda: None))
    edit.append(str(log), "bob", "invest JPY", signer=bob)
    past = log.read_text()
    mine = tmp_path / "mine.yaml"
    mine.write_text(at_the_deal.replace(at_the_deal[at_the_deal.index("  - alice") :], ""))
    mine.write_text(mine.read_text().replace("moves:\n", "moves: []\n"))
    assert len(gamelog.load(mine).entries) == 0
    before = mine.read_bytes()
    refused = run(["read", str(_log_mail(past, tmp_path / "past.eml")), "--into", str(mine)])
    assert refused.exit_code == 1, refused.output
    assert "unagreed_spot" in refused.stderr and "nothing was changed" in refused.stderr
    assert mine.read_bytes() == before
    taken = run(["read", str(_log_mail(at_the_deal, tmp_path / "deal.eml")), "--into", str(mine)])
    assert taken.exit_code == 0, taken.output
    assert len(gamelog.load(mine).entries) == 1


def test_show_json_lists_the_awaited_deals(dealt: Path, keys: dict[str, Path]) -> None:
    import jsonschema

    from tests.cli.test_commands import ROOT

    schema = json.loads((ROOT / "schemas" / "forex-show.schema.json").read_text())
    data = json.loads(run(["show", str(dealt), "--format", "json"]).stdout)
    assert not list(jsonschema.Draft202012Validator(schema).iter_errors(data))
    assert data["signatures"]["awaiting"] == [{"move": 1, "player": "alice", "partner": "bob"}]
    at_start = json.loads(run(["show", str(dealt), "--format", "json", "--at", "0"]).stdout)
    assert at_start["signatures"]["awaiting"] == []
    _sign(dealt, 1, "bob", keys["bob"])
    data = json.loads(run(["show", str(dealt), "--format", "json"]).stdout)
    assert data["signatures"]["awaiting"] == []
    assert data["signatures"]["signed"] == [{"move": 1, "by": ["alice", "bob"]}]


def test_world_exchangers_history_has_a_signed_column(tmp_path: Path) -> None:
    from tests.cli.test_worldex_commands import copy_example
    from tests.cli.test_worldex_commands import keys as worldex_keys

    path = copy_example(tmp_path, 0)
    key = worldex_keys(tmp_path, "louis")
    plain = run(["history", str(path)]).stdout
    assert "signed" not in plain.splitlines()[2]  # an unsigned game has no such column
    signed = run(
        ["play", str(path), "louis", "buy", "Warsaw", "--sign", "--key", str(key["louis"])]
    )
    assert signed.exit_code == 0, signed.output
    assert run(["play", str(path), "mei", "buy", "Paris"]).exit_code == 0
    lines = run(["history", str(path)]).stdout.splitlines()
    header = next(line for line in lines if line.startswith("#"))
    assert header.split() == ["#", "by", "decision", "signed", "note"]
    assert re.search(r"^1\s+louis\s+buy Warsaw\s+louis", lines[lines.index(header) + 2])
    assert re.search(r"^2\s+mei\s+buy Paris\s+-", lines[lines.index(header) + 3])
    data = json.loads(run(["history", str(path), "--format", "json"]).stdout)
    assert [m["signed"] for m in data["moves"]] == [["louis"], []]
    events = run(["history", str(path), "--events"]).stdout.splitlines()
    assert next(line for line in events if line.startswith("#")).split()[3] == "signed"
