"""PBEM correctness gaps (issue 14): digests checked before a move is added, messages that
tell the next decider everything they have not seen, ``undo --to`` and ``message --at``."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from forexcli.cli import forex
from forexcli.games.forex.message import compose, unseen_since
from forexcli.record import gamelog

ROOT = Path(__file__).resolve().parents[2]
SIX = ROOT / "examples" / "six-players.yaml"


def run(args: Sequence[str], input: str | None = None) -> Result:
    result = CliRunner(env={"NO_COLOR": None}).invoke(forex, list(args), input=input)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise AssertionError(f"forex {' '.join(args)} raised") from result.exception
    return result


@pytest.fixture
def game(tmp_path: Path) -> Path:
    """A three-player game with three moves played (and their digests recorded)."""
    path = tmp_path / "g.yaml"
    done = run(["new", str(path), "--players", "ann,bob,cat", "--seed", "s", "--started", ""])
    assert done.exit_code == 0, done.output
    for player, move in (("ann", "invest USD"), ("bob", "invest EUR"), ("cat", "invest JPY")):
        assert run(["play", str(path), player, *move.split()]).exit_code == 0
    return path


# --------------------------------------------------------------------------- digests


def test_play_refuses_a_log_whose_digests_no_longer_match(game: Path) -> None:
    text = game.read_text()
    digest = gamelog.load(game).entries[1].digest
    assert digest is not None
    game.write_text(text.replace(digest, "abcdef0123456789"))
    before = game.read_bytes()
    result = run(["play", str(game), "ann", "invest", "CHF"])
    assert result.exit_code == 1
    assert game.read_bytes() == before
    first = result.stderr.splitlines()[0]
    assert (
        ": digest_mismatch: move 2: bob: invest EUR: the recorded digest abcdef0123456789" in first
    )
    assert f"forex diff {game} OTHER.yaml" in result.stderr
    assert "--ignore-digests" in result.stderr
    ok = run(["play", str(game), "ann", "invest", "CHF", "--ignore-digests"])
    assert ok.exit_code == 0, ok.output
    assert len(gamelog.load(game).entries) == 4


def test_play_refuses_an_edited_move_and_names_the_range(game: Path) -> None:
    # ann's first move edited by hand (still legal): the digest after it no longer matches.
    game.write_text(game.read_text().replace("ann: invest USD", "ann: invest GBP"))
    result = run(["play", str(game), "ann", "invest", "CHF", "--format", "json"])
    assert result.exit_code == 1
    assert "digest_mismatch" in result.stderr and "move 1: ann: invest GBP" in result.stderr


# --------------------------------------------------------------------------- messages


def test_the_default_message_tells_what_the_next_decider_has_not_seen(game: Path) -> None:
    played = gamelog.replay(gamelog.load(game))
    # ann decides next; her last move was move 1: she is told moves 2 and 3.
    assert played.final.pending_player == "ann"
    assert unseen_since(played) == 1
    result = run(["message", str(game)])
    assert result.exit_code == 0
    assert "Since move 1:" in result.stdout
    assert "Move 2, bob: invest EUR" in result.stdout and "Move 3, cat: invest JPY" in result.stdout
    assert "Move 1," not in result.stdout


def test_a_divest_and_its_answers_are_told_whole() -> None:
    played = gamelog.replay(gamelog.load(SIX))
    entries = played.log.entries
    divest = next(e.number for e in entries if e.text.startswith("divest"))
    answers = [e for e in entries[divest:] if e.text.startswith("sell")]
    assert answers  # the example has a divest answered by others
    end = divest + len([e for e in entries[divest : divest + 6] if e.text.startswith("sell")])
    message = compose(played, None, "text", at=end)
    who = played.state_after(end).pending_player
    assert who is not None
    since = unseen_since(played, end)
    assert since < end - 1  # more than the last entry
    body = message.body
    for number in range(since + 1, end + 1):
        assert f"Move {number}, " in body
    assert f"Move {since}, " not in body


def test_a_resolve_and_its_tie_choice_are_told_whole() -> None:
    played = gamelog.replay(gamelog.load(SIX))
    entries = played.log.entries
    choice = next(e.number for e in entries if e.text.startswith("strengthen"))
    assert entries[choice - 2].text == "resolve"
    message = compose(played, None, "text", at=choice)
    assert f"Move {choice - 1}, {entries[choice - 2].player}: resolve" in message.body
    assert f"Move {choice}, {entries[choice - 1].player}: strengthen" in message.body


def test_message_at_a_past_move(game: Path) -> None:
    result = run(["message", str(game), "--at", "1"])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == "Subject: [For-Ex] ann, bob, cat \u2014 move 1, bob to play"
    assert "Move 1, ann: invest USD" in result.stdout and "Move 2," not in result.stdout
    assert "This is the game after move 1; the log goes on to move 3." in result.stdout
    negative = run(["message", str(game), "--at", "-2"])
    assert negative.stdout == result.stdout
    since = run(["message", str(game), "--at", "2", "--since", "0", "--format", "markdown"])
    assert "Move 1, ann" in since.stdout and "Move 2, bob" in since.stdout
    assert "Move 3," not in since.stdout
    assert run(["message", str(game), "--at", "4"]).exit_code == 2
    assert run(["message", str(game), "--at", "1", "--since", "2"]).exit_code == 2


def test_play_message_tells_the_recipient_everything(game: Path) -> None:
    result = run(["play", str(game), "ann", "invest", "CHF", "--message"])
    assert result.exit_code == 0
    # bob decides next; his last move was move 2: moves 3 and 4.
    assert "Since move 2:" in result.stdout
    assert "Move 3, cat" in result.stdout and "Move 4, ann: invest CHF" in result.stdout


# --------------------------------------------------------------------------- undo --to


def test_undo_to_removes_every_move_after_n(game: Path) -> None:
    game.write_text(
        game.read_text().replace("  - bob: invest EUR", "  # a comment\n  - bob: invest EUR")
    )
    dry = run(["undo", str(game), "--to", "1", "--dry-run"])
    assert dry.exit_code == 0
    assert " ".join(dry.stdout.split()).startswith(  # (a report is wrapped to the width)
        f"would remove moves 2 to 3 from {game} (bob's move 2; cat's move 3) next: bob to play"
    )
    result = run(["undo", str(game), "--to", "1"])
    assert result.exit_code == 0, result.output
    assert " ".join(result.stdout.split()).startswith(f"removed moves 2 to 3 from {game}")
    log = gamelog.load(game)
    assert [e.text for e in log.entries] == ["invest USD"]
    assert "# a comment" in game.read_text()  # before the removed moves: kept
    one = run(["undo", str(game), "--to", "0"])
    assert " ".join(one.stdout.split()).startswith(f"removed move 1: ann: invest USD from {game}")
    assert gamelog.load(game).entries == ()
    assert "moves: []" in game.read_text()


def test_undo_to_refuses_what_is_not_there(game: Path) -> None:
    before = game.read_bytes()
    result = run(["undo", str(game), "--to", "3"])
    assert result.exit_code == 2
    assert "no_such_entry" in result.stderr and "nothing after move 3" in result.stderr
    assert run(["undo", str(game), "--to", "1", "--after", "3"]).exit_code == 2
    assert game.read_bytes() == before


def test_undo_to_in_a_flow_list(tmp_path: Path) -> None:
    path = tmp_path / "f.yaml"
    path.write_text(
        "forex: 1\nplayers: [ann, bob]\nseed: s\n"
        "moves: [{ann: invest USD}, {bob: invest EUR}, {ann: invest JPY}]\n"
    )
    assert run(["undo", str(path), "--to", "1"]).exit_code == 0
    assert path.read_text().endswith("moves: [{ann: invest USD}]\n")
    assert json.loads(run(["history", str(path), "--format", "json"]).stdout)["entries"][0][
        "decision"
    ] == ("invest USD")


# --------------------------------------------------------------------------- moves --all


def test_moves_all_lists_the_actions_only_a_spot_makes_possible(tmp_path: Path) -> None:
    from forexcli.games.forex.notation import parse, write
    from forexcli.games.forex.rules import Spot, apply, legal_decisions

    two = ROOT / "examples" / "two-players.yaml"
    played = gamelog.replay(gamelog.load(two))
    state = played.state_after(40)
    result = run(["moves", str(two), "--at", "40", "--all"])
    lines = result.stdout.splitlines()
    assert not any(line.startswith("spot ") and ";" not in line for line in lines)
    with_spot = [line for line in lines if line.startswith("spot ")]
    decisions = legal_decisions(state)
    without = {write(d) for d in decisions if not isinstance(d, Spot)}
    # Built from legal_decisions/apply: every pair (spot, action) whose action needs the spot.
    expected = [
        f"{write(s)}; {write(a)}"
        for s in decisions
        if isinstance(s, Spot)
        for a in legal_decisions(apply(state, s))
        if write(a) not in without
    ]
    needing = [line for line in with_spot if line.split("; ", 1)[1] not in without]
    assert needing == expected and expected
    assert sorted(lines[: len(without)]) == sorted(without)  # every decision without a spot
    player = state.pending_player
    assert player is not None
    for line in with_spot[::5]:
        after = state
        for decision in parse(player, line).decisions():
            after = apply(after, decision)
    spot_head = needing[0].split(";")[0]
    grouped = [line for line in with_spot if line.startswith(spot_head + ";")]
    at = with_spot.index(grouped[0])
    assert with_spot[at : at + len(grouped)] == grouped  # grouped by spot
    data = json.loads(run(["moves", str(two), "--at", "40", "--format", "json"]).stdout)
    groups = [g for g in data["groups"] if g["kind"] == "spot_action"]
    assert [m for g in groups for m in g["moves"]] == expected
    assert groups[0]["label"] == f"{spot_head}; ..."
    table = run(["moves", str(two), "--at", "40"]).stdout
    assert "spot, then" in table and f"{len(expected)}" in table
    # --kind spot: plain entries only, every one taken by play: each spot offer with the
    # actions only it makes possible, else with the first action legal after it.
    only = run(["moves", str(two), "--at", "40", "--kind", "spot"]).stdout.splitlines()
    assert not any(line.startswith("#") for line in only)
    offers = [d for d in decisions if isinstance(d, Spot)]
    assert set(expected) <= set(only)
    assert {line.split(";")[0] for line in only} == {write(s) for s in offers}
    for spot in offers:
        lines = [line for line in only if line.startswith(write(spot) + ";")]
        if not any(line in expected for line in lines):
            assert lines == [f"{write(spot)}; {write(legal_decisions(apply(state, spot))[0])}"]
    for line in only[::3]:
        after = state
        for decision in parse(player, line).decisions():
            after = apply(after, decision)
    # The grouped view sums the offers per partner.
    partners = {s.partner for s in offers}
    summed = " ".join(table.split())
    for partner in partners:
        count = sum(1 for s in offers if s.partner == partner)
        assert f"{partner} {count}" in summed


# --------------------------------------------------------------------------- JSON errors

JSON_COMMANDS = [
    ["show", "{f}", "--format", "json"],
    ["moves", "{f}", "--format", "json"],
    ["history", "{f}", "--format", "json"],
    ["play", "{f}", "ann", "invest", "CHF", "--format", "json"],
    ["diff", "{f}", "{f}", "--format", "json"],
    ["hint", "{f}", "--simulations", "5", "--format", "json"],
    ["analyse", "{f}", "--simulations", "5", "--format", "json"],
    ["analyse", "{f}", "--simulations", "5", "--write", "--format", "json"],
    ["play", "{f}", "ann", "--engine", "--simulations", "5", "--format", "json"],
    ["play", "{f}", "ann", "invest", "CHF", "--sign", "--key", "{f}", "--format", "json"],
]


@pytest.mark.parametrize("args", JSON_COMMANDS, ids=lambda a: " ".join(a[:1] + a[2:]))
def test_json_commands_report_their_errors_as_json(tmp_path: Path, args: list[str]) -> None:
    missing = str(tmp_path / "missing.yaml")
    result = run([a.replace("{f}", missing) for a in args])
    assert result.exit_code == 2
    data = json.loads(result.stdout)
    assert data["format"] == "forex-error" and data["exit_status"] == 2
    # (the key to sign with is read first: a missing one is the problem then)
    assert data["problems"][0]["code"] == ("no_key" if "--sign" in args else "not_found")
    assert set(data["problems"][0]) == {
        "file",
        "line",
        "column",
        "entry",
        "layer",
        "code",
        "message",
        "hints",
    }
    assert data["problems"][0]["code"] in result.stderr  # and the text for people, on stderr


def test_json_usage_errors_and_rules_errors_are_json(game: Path) -> None:
    usage = run(["show", str(game), "--at", "9", "--format", "json"])
    assert usage.exit_code == 2
    problem = json.loads(usage.stdout)["problems"][0]
    assert problem["code"] == "usage_error" and "there is no move 9" in problem["message"]
    unknown = run(["moves", str(game), "--format=json", "--frob"])
    assert json.loads(unknown.stdout)["problems"][0]["layer"] == "usage"
    illegal = run(["play", str(game), "ann", "invest", "XXX", "--format", "json"])
    assert illegal.exit_code == 1
    assert json.loads(illegal.stdout)["problems"][0]["layer"] == "rules"
    over = run(["hint", str(SIX), "--simulations", "5", "--format", "json"])
    assert over.exit_code == 1
    assert json.loads(over.stdout)["problems"][0]["code"] == "game_over"
    turn = run(["play", str(game), "bob", "--engine", "--simulations", "5", "--format", "json"])
    assert json.loads(turn.stdout)["problems"][0]["code"] == "not_your_turn"
    bounds = run(["analyse", str(game), "--simulations", "5", "--to", "9", "--format", "json"])
    assert bounds.exit_code == 2
    assert json.loads(bounds.stdout)["problems"][0]["layer"] == "usage"
    text = run(["show", str(game), "--at", "9"])
    assert text.stdout == "" and text.exit_code == 2


def test_history_json_of_an_illegal_log_is_one_document(tmp_path: Path) -> None:
    bad = ROOT / "examples" / "invalid" / "insufficient-funds.yaml"
    result = run(["history", str(bad), "--format", "json"])
    assert result.exit_code == 1
    assert json.loads(result.stdout)["problem"]["code"] == "insufficient_funds"
