"""The schemas of ``forex play --format json`` (issue 43): the committed files are the
generated ones, ``forex schema play`` prints them, and real outputs of every shape (a
person's move, with the engine seats' replies, an offer a reply left open, the engine's
open offer, accept, decline, --dry-run, --no-reply with --message, World Exchangers with an
engine seat) validate, while a renamed or added key does not."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from forexcli.games.forex.views.play_schema import render as forex_render
from forexcli.games.worldex.play_schema import render as worldex_render
from tests.cli.test_commands import run
from tests.cli.test_engine_seat_outputs import HOPE, OFFERED, _worldex
from tests.cli.test_engine_seats import Offers, _new, _offer_log
from tests.record.test_signing import make_key

ROOT = Path(__file__).parent.parent.parent
FOREX_PLAY = json.loads((ROOT / "schemas" / "forex-play.schema.json").read_text("utf-8"))
WORLDEX_PLAY = json.loads((ROOT / "schemas" / "worldex-play.schema.json").read_text("utf-8"))


def _play(*args: str) -> Any:
    result = run(["play", *args, "--format", "json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def _valid(data: Any, schema: dict[str, Any]) -> Any:
    jsonschema.Draft202012Validator(schema).validate(data)
    return data


def _invalid(data: Any, schema: dict[str, Any]) -> bool:
    return not jsonschema.Draft202012Validator(schema).is_valid(data)


def test_the_committed_play_schemas_are_the_generated_ones() -> None:
    assert (ROOT / "schemas" / "forex-play.schema.json").read_text("utf-8") == forex_render()
    assert (ROOT / "schemas" / "worldex-play.schema.json").read_text("utf-8") == worldex_render()
    for schema in (FOREX_PLAY, WORLDEX_PLAY):
        jsonschema.Draft202012Validator.check_schema(schema)


def test_forex_schema_play_prints_each_games_play_schema() -> None:
    printed = run(["schema", "play"])
    assert printed.exit_code == 0 and json.loads(printed.stdout) == FOREX_PLAY
    worldex = run(["schema", "play", "--game", "world-exchangers"])
    assert worldex.exit_code == 0 and json.loads(worldex.stdout) == WORLDEX_PLAY
    listed = [line.split("\t") for line in run(["schema", "--list"]).stdout.splitlines()]
    assert ["for-ex", "play", FOREX_PLAY["$id"]] in listed
    assert ["world-exchangers", "play", WORLDEX_PLAY["$id"]] in listed


def test_a_persons_move_with_replies_dry_run_and_no_reply_validate(tmp_path: Path) -> None:
    log = _new(tmp_path / "duel.yaml", "--engine", "computer:20")
    replied = _valid(_play(str(log), "you", "invest GBP"), FOREX_PLAY)
    assert replied["replies"]["moves"][0]["player"] == "computer" and "engines" in replied
    dry = _valid(_play(str(log), "you", "invest EUR", "--dry-run"), FOREX_PLAY)
    assert dry["written"] is False and "replies" not in dry
    quiet = _valid(_play(str(log), "you", "invest EUR", "--no-reply", "--message"), FOREX_PLAY)
    assert "replies" not in quiet and quiet["message"]["format"] == "text"
    plain = _new(tmp_path / "plain.yaml")  # no engine seats: neither engines nor replies
    moved = _valid(_play(str(plain), "you", "invest GBP", "--note", "first"), FOREX_PLAY)
    assert moved["move"]["note"] == "first" and "engines" not in moved
    engine = _valid(_play(str(plain), "computer", "--engine", "--simulations", "20"), FOREX_PLAY)
    assert engine["move"]["player"] == "computer"
    for wrong in (_renamed(replied, "replies", "reply"), _renamed(dry, "move", "moves")):
        assert _invalid(wrong, FOREX_PLAY)
    inner = copy.deepcopy(replied)
    inner["move"]["decisions"] = inner["move"].pop("decision")
    assert _invalid(inner, FOREX_PLAY)
    extra = copy.deepcopy(replied)
    extra["replies"]["moves"][0]["budget"] = "20 simulations"
    assert _invalid(extra, FOREX_PLAY)


def test_an_offer_a_reply_left_open_validates(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    log = _new(tmp_path / "duel.yaml", "--engine", "computer:20")
    Offers(monkeypatch)
    data = _valid(_play(str(log), "you", "invest GBP"), FOREX_PLAY)
    assert data["replies"]["offer"]["partner"] == "you"
    wrong = copy.deepcopy(data)
    wrong["replies"]["offer"]["to"] = wrong["replies"]["offer"].pop("partner")
    assert _invalid(wrong, FOREX_PLAY)


def test_the_engines_open_offer_and_the_answers_validate(tmp_path: Path) -> None:
    offered, accepted, declined = (tmp_path / f"{name}.yaml" for name in "oad")
    for log in (offered, accepted, declined):
        log.write_bytes(HOPE.read_bytes())
    offer = _valid(_play(str(offered), "computer", "--engine"), FOREX_PLAY)
    assert (offer["move"], offer["decision"]) == (None, OFFERED)
    for log in (accepted, declined):
        assert run(["play", str(log), "computer", "--engine"]).exit_code == 0
    yes = _valid(_play(str(accepted), "you", "accept"), FOREX_PLAY)
    assert yes["answer"] == {
        "player": "you",
        "accepted": True,
        "by": "computer",
        "decision": OFFERED,
        "countersigned": False,
    }
    assert yes["move"] == 52
    no = _valid(_play(str(declined), "you", "decline"), FOREX_PLAY)
    assert no["answer"]["accepted"] is False and no["move"] is None
    (chosen, *_) = no["replies"]["moves"]
    assert chosen["player"] == "computer" and chosen["decision"] != OFFERED
    assert _invalid(_renamed(offer, "by", "player"), FOREX_PLAY)
    assert _invalid(_renamed(yes, "answer", "answered"), FOREX_PLAY)
    worse = copy.deepcopy(no)
    worse["answer"]["accept"] = worse["answer"].pop("accepted")
    assert _invalid(worse, FOREX_PLAY)


def test_a_countersigned_answer_validates(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    key = make_key(tmp_path, "you")
    log, _ = _offer_log(tmp_path, monkeypatch)
    pub = (tmp_path / "you.key.pub").read_text().strip()
    log.write_text(log.read_text().replace("engines:", f"keys: {{you: {pub}}}\nengines:", 1))
    signed = _valid(_play(str(log), "you", "accept", "--sign", "--key", str(key)), FOREX_PLAY)
    assert signed["answer"]["countersigned"] is True and signed["move"] == 1


def test_an_answer_takes_no_markdown(tmp_path: Path) -> None:
    log = tmp_path / "o.yaml"
    log.write_bytes(HOPE.read_bytes())
    assert run(["play", str(log), "computer", "--engine"]).exit_code == 0
    before = log.read_bytes()
    result = run(["play", str(log), "you", "accept", "--format", "markdown"])
    assert result.exit_code == 2 and "--format markdown" in result.stderr
    assert log.read_bytes() == before


def test_world_exchangers_play_json_validates(tmp_path: Path) -> None:
    log = _worldex(tmp_path)
    replied = _valid(_play(str(log), "ann", "buy", "Prague"), WORLDEX_PLAY)
    assert replied["replies"]["moves"] and replied["engines"]["bot"]["simulations"] == 20
    assert replied["replies"]["next"].startswith("ann")
    dry = _valid(_play(str(log), "ann", "sell", "Quito", "--dry-run"), WORLDEX_PLAY)
    assert dry["written"] is False and "replies" not in dry
    assert _invalid(_renamed(replied, "by", "player"), WORLDEX_PLAY)
    view = copy.deepcopy(dry)
    view["state"]["deck"] = view["state"].pop("deck_size")
    assert _invalid(view, WORLDEX_PLAY)
    assert _invalid(replied, FOREX_PLAY) and _invalid(dry, FOREX_PLAY)  # one schema a game


def _renamed(data: dict[str, Any], old: str, new: str) -> dict[str, Any]:
    """``data`` with its key ``old`` renamed ``new`` (a schema must catch it)."""
    wrong = copy.deepcopy(data)
    wrong[new] = wrong.pop(old)
    return wrong
