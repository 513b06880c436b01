"""Every ``--format json`` document says which it is (``format`` and ``version``) in every
game, and ``forex moves --format json`` gives the concepts both games share the same names,
so that one script lists and plays the legal decisions of either game."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from tests.cli.test_commands import ROOT, new_game, run
from tests.cli.test_worldex_commands import copy_example


def _forex_log(tmp_path: Path) -> Path:
    return new_game(tmp_path / "forex.yaml")


def _worldex_log(tmp_path: Path) -> Path:
    return copy_example(tmp_path / "wx", moves=5)


@pytest.mark.parametrize("make", [_forex_log, _worldex_log], ids=["for-ex", "world-exchangers"])
def test_one_code_path_plays_a_legal_decision_of_either_game(make: object, tmp_path: Path) -> None:
    """The head (``game``, ``over``, ``deciders``, ``kind``, ``count``) and each group's
    ``kind``, ``by``, ``count``, ``entries`` and ``prefix`` are every game's; the first
    entry of a group that is no prefix is a decision ``forex play`` takes for its ``by``."""
    assert callable(make)
    log = make(tmp_path)
    result = run(["moves", str(log), "--format", "json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert (data["format"], data["version"]) == ("forex-moves", 1)
    assert data["game"] in ("for-ex", "world-exchangers")
    assert data["over"] is False and data["kind"] == "turn" and data["count"] == 0
    assert data["deciders"] and data["groups"]
    for group in data["groups"]:
        assert {"kind", "by", "count", "entries", "prefix"} <= set(group), group
        assert group["by"] in data["deciders"]
        assert 0 < len(group["entries"]) <= group["count"]
    group = next(g for g in data["groups"] if not g["prefix"])
    played = run(["play", str(log), group["by"], group["entries"][0], "--dry-run"])
    assert played.exit_code == 0, played.output


def test_for_ex_keeps_its_old_names_beside_the_shared_ones(tmp_path: Path) -> None:
    """Old scripts read ``pending`` and a group's ``moves``: they say what the shared keys
    say."""
    data = json.loads(run(["moves", str(_forex_log(tmp_path)), "--format", "json"]).stdout)
    assert data["deciders"] == [data["pending"]["player"]] == ["alice"]
    assert data["kind"] == data["pending"]["decision"]
    for group in data["groups"]:
        assert group["moves"] == group["entries"]
        assert group["count"] == len(group["moves"])
        assert group["by"] == "alice"


def test_a_finished_game_has_no_deciders() -> None:
    for log in (
        ROOT / "examples" / "two-players.yaml",
        ROOT / "examples" / "world-exchangers" / "three-players.yaml",
    ):
        data = json.loads(run(["moves", str(log), "--format", "json"]).stdout)
        assert (data["over"], data["deciders"], data["kind"], data["groups"]) == (
            True,
            [],
            "over",
            [],
        )


def test_world_exchangers_show_says_which_document_it_is_and_keeps_its_schema() -> None:
    """``show --format json`` of a World Exchangers log had no ``format`` and ``version``."""
    example = ROOT / "examples" / "world-exchangers" / "three-players.yaml"
    data = json.loads(run(["show", str(example), "--at", "5", "--format", "json"]).stdout)
    assert (data["format"], data["version"], data["game"]) == ("forex-show", 1, "world-exchangers")
    schema = json.loads((ROOT / "schemas" / "worldex-show.schema.json").read_text("utf-8"))
    assert list(Draft202012Validator(schema).iter_errors(data)) == []


def test_history_names_the_game_in_both_games() -> None:
    """For-Ex's ``history --format json`` had no ``game`` (World Exchangers' had)."""
    for log, game in (
        (ROOT / "examples" / "two-players.yaml", "for-ex"),
        (ROOT / "examples" / "world-exchangers" / "three-players.yaml", "world-exchangers"),
    ):
        data = json.loads(run(["history", str(log), "--format", "json"]).stdout)
        assert (data["format"], data["version"], data["game"]) == ("forex-history", 1, game)


def test_analyse_of_a_folder_gives_a_failed_log_its_error_document(tmp_path: Path) -> None:
    """A log of the folder that cannot be analysed was only told on stderr: the JSON array
    left it out, so a script could not tell which failed. It is now a ``forex-error``
    document in the array, beside the other logs' ``forex-analyse`` documents."""
    folder = tmp_path / "games"
    folder.mkdir()
    (folder / "good.yaml").write_bytes((ROOT / "examples" / "two-players.yaml").read_bytes())
    bad = ROOT / "examples" / "invalid" / "bad-notation.yaml"
    (folder / "bad.yaml").write_bytes(bad.read_bytes())
    options = ["--simulations", "5", "--to", "1", "--processes", "1", "--format", "json"]
    result = run(["analyse", str(folder), *options])
    assert result.exit_code == 1
    documents = {
        Path(d.get("file") or d["problems"][0]["file"]).name: d for d in json.loads(result.stdout)
    }
    assert documents["good.yaml"]["format"] == "forex-analyse"
    failed = documents["bad.yaml"]
    assert (failed["format"], failed["version"], failed["exit_status"]) == ("forex-error", 1, 1)
    assert [p["code"] for p in failed["problems"]] == ["bad_notation"]
    assert "bad_notation" in result.stderr


def test_moves_lists_every_entry_of_a_long_group() -> None:
    """World Exchangers' JSON listed 3 of the 48 sales legal after move 25, so a script could
    not get the legal decisions: every group now lists all (with or without ``--all``), and
    ``complete`` says so."""
    from forexcli.record import gamelog

    example = ROOT / "examples" / "world-exchangers" / "three-players.yaml"
    played = gamelog.replay(gamelog.load(example))
    game = played.log.game
    legal = [game.write((decision,)) for decision in game.legal(played.state_after(25))]
    for options in ([], ["--all"]):
        result = run(["moves", str(example), "--at", "25", "--format", "json", *options])
        data = json.loads(result.stdout)
        sales = next(group for group in data["groups"] if group["kind"] == "sell")
        assert sales["count"] == 48 and sales["complete"] is True
        assert sales["entries"] == [text for text in legal if text.startswith("sell ")]
        assert [entry for group in data["groups"] for entry in group["entries"]] == legal


def test_for_ex_groups_are_complete(tmp_path: Path) -> None:
    data = json.loads(run(["moves", str(_forex_log(tmp_path)), "--format", "json"]).stdout)
    assert data["groups"]
    for group in data["groups"]:
        assert group["complete"] is True and len(group["entries"]) == group["count"]


def test_a_reveal_too_long_to_list_gives_examples_and_says_so(tmp_path: Path) -> None:
    """Without a seed the deck's order is unknown: any 3 of its 40 cards may be revealed
    after move 7 (9,880 sets), too many to list; the group gives 3 and is not complete."""
    log = copy_example(tmp_path / "wx", moves=7)
    lines = log.read_text("utf-8").splitlines(keepends=True)
    log.write_text("".join(line for line in lines if not line.startswith("seed")), "utf-8")
    result = run(["moves", str(log), "--format", "json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert (data["deciders"], data["kind"], data["count"]) == (["deck"], "reveal", 3)
    [reveal] = data["groups"]
    assert (reveal["count"], len(reveal["entries"]), reveal["complete"]) == (9880, 3, False)


def test_history_gives_both_games_moves_the_same_names() -> None:
    """For-Ex listed ``entries`` (``number``, ``player``), World Exchangers ``moves``
    (``move``, ``by``): both now list ``moves`` under the same names; For-Ex keeps its
    ``entries`` for old scripts."""
    shared = {"move", "by", "decision", "note", "legal", "signed"}
    for log in (
        ROOT / "examples" / "two-players.yaml",
        ROOT / "examples" / "world-exchangers" / "three-players.yaml",
    ):
        data = json.loads(run(["history", str(log), "--format", "json"]).stdout)
        assert [move["move"] for move in data["moves"]] == list(range(1, len(data["moves"]) + 1))
        for move in data["moves"]:
            assert shared <= set(move), move
            assert move["by"] in data["players"] or move["by"] == "deck"
    data = json.loads(
        run(["history", str(ROOT / "examples" / "two-players.yaml"), "--format", "json"]).stdout
    )
    for move, entry in zip(data["moves"], data["entries"], strict=True):
        assert (entry["number"], entry["player"]) == (move["move"], move["by"])
        assert {k: v for k, v in entry.items() if k not in ("number", "player")} == {
            k: v for k, v in move.items() if k not in ("move", "by")
        }


def test_for_ex_show_and_play_name_their_game_and_keep_their_schemas(tmp_path: Path) -> None:
    """For-Ex's ``show`` and ``play`` documents had no ``game`` (World Exchangers' had): both
    now have it, their published schemas take it, and a document without it (an older
    forexcli's) still validates."""
    log = _forex_log(tmp_path)
    moves = json.loads(run(["moves", str(log), "--format", "json"]).stdout)
    decision = next(g for g in moves["groups"] if not g["prefix"])["entries"][0]
    played = run(["play", str(log), "alice", decision, "--dry-run", "--format", "json"])
    shown = run(["show", str(log), "--format", "json"])
    for result, role in ((shown, "show"), (played, "play")):
        assert result.exit_code == 0, result.output
        data = json.loads(result.stdout)
        assert list(data)[:3] == ["format", "version", "game"] and data["game"] == "for-ex"
        schema = json.loads((ROOT / "schemas" / f"forex-{role}.schema.json").read_text("utf-8"))
        validator = Draft202012Validator(schema)
        assert list(validator.iter_errors(data)) == []
        del data["game"]
        assert list(validator.iter_errors(data)) == []
        assert list(validator.iter_errors({**data, "game": "world-exchangers"}))
