"""``forex play FILE NAME DECISION --sign --key FILE --key-for-seat SEAT=FILE``: a signed game
against the computer in one command a turn. Before it, a person's signed move stopped there
and each engine move needed its own ``forex play FILE computer --engine --sign --key FILE``;
now the engine seats reply at once, each move signed with the seat's key (added to the header
on first use), and a deal the person offers a seat is countersigned by it."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from forexcli.record import files, gamelog
from tests.cli.test_commands import run
from tests.record.test_signing import make_key, problems_of

ROOT = Path(__file__).resolve().parents[2]
FOREX_PLAY = json.loads((ROOT / "schemas" / "forex-play.schema.json").read_text("utf-8"))


def _replayed(path: Path) -> gamelog.Replay:
    return gamelog.replay(gamelog.read_log(files.read_bytes(str(path)), str(path)))


def _ok(*args: str) -> str:
    result = run(list(args))
    assert result.exit_code == 0, result.output
    return result.output


def _game(folder: Path, *, seat_key: bool = False) -> tuple[Path, Path, Path]:
    """``duel.yaml``: ann against the engine seat ``computer`` (20 simulations) under
    ``signatures: required``, ann's key given at set-up (and the computer's with
    ``seat_key``); the log and both private keys."""
    ann, computer = make_key(folder, "ann"), make_key(folder, "computer")
    log = folder / "duel.yaml"
    given = ["--key-for", f"computer={computer}.pub"] if seat_key else []
    _ok("new", str(log), "--players", "ann,computer", "--seed", "7", "--engine", "computer:20",
        "--require-signatures", "--key-for", f"ann={ann}.pub", *given)  # fmt: skip
    return log, ann, computer


def _spots_to_computer(log: Path) -> list[str]:
    """The entries ``forex moves --all`` lists for ann that open with a spot deal offered to
    the computer (those it accepts)."""
    listed = run(["moves", str(log), "--all"]).output.splitlines()
    return [line for line in listed if line.startswith("spot ") and " to computer " in line]


def _listed(log: Path) -> list[str]:
    listed = run(["moves", str(log), "--all"]).output.splitlines()
    return [line.strip() for line in listed if line.strip() and not line.startswith("#")]


def test_a_whole_signed_game_against_the_computer_one_command_a_turn(tmp_path: Path) -> None:
    log, ann, computer = _game(tmp_path)
    signing = ("--sign", "--key", str(ann), "--key-for-seat", f"computer={computer}")
    rng = random.Random(3)
    commands = deals = 0
    while not _replayed(log).final.is_over:
        played = _replayed(log)
        waiting = [entry for entry in played.log.entries if entry.player == "computer"
                   and " to ann " in entry.text and "ann" not in (entry.sig or {})]  # fmt: skip
        for entry in waiting:  # the computer's deal with ann: her countersignature agrees it
            _ok("sign", str(log), str(entry.number), "--key", str(ann))
        spots = _spots_to_computer(log)
        decision = spots[0] if spots and rng.random() < 0.5 else rng.choice(_listed(log))
        said = " ".join(_ok("play", str(log), "ann", decision, *signing).split())
        commands += 1
        number = len(played.log.entries) + 1
        if decision.startswith("spot "):
            deals += 1
            assert f"computer (the engine) countersigned move {number}: the deal is agreed" in said
            assert "awaits computer's signature" not in said
        assert "--engine --sign" not in said  # no engine move is left to a command of its own
        assert commands < 200
    played = _replayed(log)
    entries = played.log.entries
    assert [problem["code"] for problem in problems_of(log, "--require-signatures")] == []
    assert run(["validate", str(log), "--require-signatures"]).exit_code == 0
    computers = [entry for entry in entries if entry.player == "computer"]
    assert len(computers) > 1 and all("computer" in (entry.sig or {}) for entry in computers)
    # one command a turn: every move of ann's came from one play command
    assert commands == sum(entry.player == "ann" for entry in entries)
    assert deals > 0
    countersigned = [entry for entry in entries if entry.player == "ann" and " to computer " in
                     entry.text]  # fmt: skip
    assert len(countersigned) == deals
    assert all(set(entry.sig or {}) == {"ann", "computer"} for entry in countersigned)
    # trust on first use: the computer's key entered the log with its first move
    keys = played.log.header["keys"]
    first = computers[0].number if computers[0].number < countersigned[0].number else None
    assert keys["computer"]["since"] == (first or countersigned[0].number)


def test_without_the_option_the_play_stops_and_names_it(tmp_path: Path) -> None:
    log, ann, _ = _game(tmp_path)
    said = " ".join(_ok("play", str(log), "ann", "invest EUR", "--sign", "--key", str(ann)).split())
    assert [entry.player for entry in _replayed(log).log.entries] == ["ann"]
    assert "signatures are required: sign its move" in said
    assert "--key-for-seat computer=FILE" in said


def _refused(log: Path, *args: str) -> Any:
    before = log.read_bytes()
    result = run(["play", str(log), "ann", "invest EUR", *args])
    assert log.read_bytes() == before
    assert "Traceback" not in result.output
    return result


@pytest.mark.parametrize(
    ("spec", "said"),
    [
        ("ann={computer}", "ann: not an engine seat of"),
        ("bob={computer}", "bob: not an engine seat of"),
        ("computer", "computer: give SEAT=FILE"),
        ("computer=", "computer=: give SEAT=FILE"),
        ("={computer}", "give SEAT=FILE"),
        ("computer={folder}/missing.key", "no_key: no key file"),
        ("computer={folder}/junk.key", "bad_key: "),
    ],
)
def test_a_wrong_key_for_seat_is_refused_and_nothing_is_written(
    tmp_path: Path, spec: str, said: str
) -> None:
    log, ann, computer = _game(tmp_path)
    (tmp_path / "junk.key").write_text("not a key\n")
    given = spec.format(computer=computer, folder=tmp_path)
    result = _refused(log, "--sign", "--key", str(ann), "--key-for-seat", given)
    assert result.exit_code == 2, result.output
    assert said in result.output
    if "_key" in said:  # a key file: the hint says where the seat's key goes
        assert "hint: give computer's private key: --key-for-seat computer=FILE" in result.output


def test_the_option_goes_with_sign_and_a_move_that_replies(tmp_path: Path) -> None:
    log, ann, computer = _game(tmp_path)
    seat = ("--key-for-seat", f"computer={computer}")
    result = _refused(log, *seat)
    assert result.exit_code == 2 and "add --sign" in result.output
    for extra in ("--dry-run", "--no-reply"):
        result = _refused(log, "--sign", "--key", str(ann), *seat, extra)
        assert result.exit_code == 2 and f"leave out {extra}" in result.output
    twice = _refused(log, "--sign", "--key", str(ann), *seat, *seat)
    assert twice.exit_code == 2 and "computer is given twice" in twice.output


@pytest.mark.parametrize("seat_key", [True, False])
def test_a_key_that_is_not_the_seats_is_refused_wrong_key(tmp_path: Path, seat_key: bool) -> None:
    """The header holds the computer's key (another key is refused), or not yet (then ann's
    own key, which the header holds for ann, would forge: refused too)."""
    log, ann, _ = _game(tmp_path, seat_key=seat_key)
    other = make_key(tmp_path, "other")
    wrong = other if seat_key else ann
    result = _refused(log, "--sign", "--key", str(ann), "--key-for-seat", f"computer={wrong}")
    assert result.exit_code == 1, result.output
    assert "wrong_key" in result.output and "nothing was written" in result.output
    assert "hint: give computer's own key: --key-for-seat computer=FILE" in result.output
    assert not _replayed(log).log.entries


def test_a_signed_seat_without_a_key_is_refused_before_the_move(tmp_path: Path) -> None:
    ann, bot, computer = (make_key(tmp_path, name) for name in ("ann", "bot", "computer"))
    log = tmp_path / "three.yaml"
    _ok("new", str(log), "--players", "ann,computer,bot", "--seed", "7", "--engine",
        "computer:20", "--engine", "bot:20", "--require-signatures",
        "--key-for", f"ann={ann}.pub")  # fmt: skip
    result = _refused(log, "--sign", "--key", str(ann), "--key-for-seat", f"computer={computer}")
    assert result.exit_code == 1, result.output
    assert "no_key" in result.output and "--key-for-seat bot=FILE" in result.output
    seats = ("--key-for-seat", f"computer={computer}", "--key-for-seat", f"bot={bot}")
    said = _ok("play", str(log), "ann", "invest EUR", "--sign", "--key", str(ann), *seats)
    assert "(the engine, 20 simulations, signed)" in said
    entries = _replayed(log).log.entries
    assert [entry.player for entry in entries] == ["ann", "computer", "bot"]
    assert all(entry.sig for entry in entries)
    assert problems_of(log, "--require-signatures") == []


def test_json_tells_the_signed_replies_and_the_countersigned_deal(tmp_path: Path) -> None:
    log, ann, computer = _game(tmp_path)
    spot = _spots_to_computer(log)[0]
    result = run(["play", str(log), "ann", spot, "--sign", "--key", str(ann),
                  "--key-for-seat", f"computer={computer}", "--format", "json"])  # fmt: skip
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    jsonschema.Draft202012Validator(FOREX_PLAY).validate(data)
    assert data["move"]["number"] == 1
    assert "awaits" not in result.output  # the deal is agreed: no countersignature to ask for
    replies = data["replies"]
    assert replies["countersigned"] == [{"number": 1, "player": "computer"}]
    (reply,) = replies["moves"]
    entries = _replayed(log).log.entries
    assert reply["number"] == 2 and reply["decision"] == entries[1].text
    assert reply["signed"] is True
    assert set(entries[0].sig or {}) == {"ann", "computer"}
    assert set(entries[1].sig or {}) == {"computer"}
    assert problems_of(log, "--require-signatures") == []
    # without the option the replies are not signed (and none is made in a signed game)
    plain = tmp_path / "plain"
    plain.mkdir()
    log, ann, _ = _game(plain)
    result = run(["play", str(log), "ann", "invest EUR", "--sign", "--key", str(ann),
                  "--format", "json"])  # fmt: skip
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    jsonschema.Draft202012Validator(FOREX_PLAY).validate(data)
    assert data["replies"]["moves"] == [] and data["replies"]["countersigned"] == []
    assert "--key-for-seat computer=FILE" in data["replies"]["stopped"]


# --------------------------------------------------------------------------- the interactive game


def _first_computer(folder: Path) -> tuple[Path, Path, Path]:
    """``duel.yaml`` as ``_game`` makes it, the computer first: the loop's own replies."""
    ann, computer = make_key(folder, "ann"), make_key(folder, "computer")
    log = folder / "duel.yaml"
    _ok("new", str(log), "--players", "ann,computer", "--seed", "7", "--engine", "computer:20",
        "--require-signatures", "--key-for", f"ann={ann}.pub", "--first", "computer")  # fmt: skip
    return log, ann, computer


def test_the_interactive_game_signs_the_engines_replies(tmp_path: Path) -> None:
    from tests.cli.test_interactive import Loop

    log, ann, computer = _first_computer(tmp_path)
    loop = Loop(tmp_path, log.name, "ann", "--sign", "--key", str(ann),
                "--key-for-seat", f"computer={computer}")  # fmt: skip
    said = loop.prompt()
    assert "move 1: computer: " in said and "(the engine, 20 simulations, signed)" in said
    assert "signs its moves in this game" not in said
    spot = _spots_to_computer(log)[0]
    said = " ".join(loop.enter(spot).split())
    assert "move 2: ann: " in said
    assert "computer (the engine) countersigned move 2: the deal is agreed" in said
    assert "move 3: computer: " in said and "signed)" in said
    moves = len(_replayed(log).log.entries)
    said = loop.enter(_listed(log)[0])
    assert f"move {moves + 1}: ann: " in said
    loop.child.send("quit\r")
    status, said = loop.end()
    assert status == 0
    entries = _replayed(log).log.entries
    assert [entry.player for entry in entries].count("computer") >= 2
    assert set(entries[1].sig or {}) == {"ann", "computer"}
    assert all(entry.player in (entry.sig or {}) for entry in entries)
    assert problems_of(log, "--require-signatures") == []


def test_the_interactive_game_without_the_seats_key_ends_where_the_engine_waits(
    tmp_path: Path,
) -> None:
    """Before, the loop asked the engine seat to reply again and again, printing the board
    each time, and never came back to the prompt."""
    from tests.cli.test_interactive import Loop

    log, ann, _ = _first_computer(tmp_path)
    before = log.read_bytes()
    loop = Loop(tmp_path, log.name, "ann", "--sign", "--key", str(ann))
    status, said = loop.end()
    said = " ".join(said.split())
    assert status == 0
    assert "computer signs its moves in this game" in said
    assert "--key-for-seat computer=FILE" in said
    assert said.count("Next: computer to play.") == 1
    assert "The engine waits: the loop ends here" in said
    assert log.read_bytes() == before
