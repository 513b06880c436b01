"""Every place that tells the next step while an engine seat's signed offer awaits the
person's countersignature names the same working one (stopline). Before, with three
players, ``forex play`` of the seat's offer ended with "sign bot's move (forex play FILE bot
--engine --sign --key FILE)", which is refused (``unagreed_spot``: the deal awaits you);
``forex moves``, ``message`` and that refusal named ``forex sign FILE 1 --as you``, after
which the seats waited; ``moves`` also said "let bot decide" and ``show`` named nothing.
Now each names the person's answer, ``accept --sign --key FILE`` or ``decline``, with the
``--key-for-seat`` of every seat that signs; each command printed is run here as printed
(its FILE words replaced by the keys) and works, with three players and with two."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.cli.test_commands import run
from tests.cli.test_play_seat_keys import _replayed
from tests.cli.test_signed_offer_answer import _offer_to_you
from tests.record.test_signing import make_key

OFFER = "spot 1 GBP to you for 1.5 EUR; contract 1 GBP for 1.5 EUR"


def _game(folder: Path, players: tuple[str, ...], *play: str) -> tuple[Path, dict[str, Path], str]:
    """``game.yaml`` under ``signatures: required``: ``you`` a person, the others engine
    seats, computer first; computer's signed first move offers you a spot deal (played with
    ``play``'s further options). The log, the keys by seat, what the offer printed."""
    keys = {name: make_key(folder, name) for name in players}
    log = folder / "game.yaml"
    seats = [option for seat in players[1:] for option in ("--engine", f"{seat}:20")]
    made = run(["new", str(log), "--players", ",".join(players), "--seed", "7", *seats,
                "--require-signatures", "--key-for", f"you={keys['you']}.pub",
                "--first", "computer"])  # fmt: skip
    assert made.exit_code == 0, made.output
    offer = _offer_to_you(log)
    assert offer == OFFER  # the position the brief reproduces
    said = run(["play", str(log), "computer", offer, "--sign", "--key", str(keys["computer"]),
                *play])  # fmt: skip
    assert said.exit_code == 0, said.output
    return log, keys, said.output


def _commands(text: str) -> list[list[str]]:
    """Each ``forex ...`` command ``text`` prints, as its words: its first four, then
    options and their values (a command ends at a word that ends with ``;`` or ``.``)."""
    words = text.split()
    found = []
    for start, word in enumerate(words):
        if word != "forex":
            continue
        command: list[str] = []
        for part in words[start + 1 :]:
            word = part.rstrip(";.")
            if len(command) >= 4 and not (word.startswith("--") or command[-1].startswith("--")):
                break
            command.append(word)
            if part != word:
                break
        found.append(command)
    return found


def _with_keys(command: list[str], keys: dict[str, Path]) -> list[str]:
    """``command`` with its ``FILE`` words replaced: the person's key after ``--key``, each
    seat's after ``--key-for-seat SEAT=``."""
    done = []
    for before, word in zip(["", *command], command, strict=False):
        if before == "--key" and word == "FILE":
            word = str(keys["you"])
        elif before == "--key-for-seat":
            seat, _, file = word.partition("=")
            assert file == "FILE", command
            word = f"{seat}={keys[seat]}"
        done.append(word)
    return done


def _told(log: Path, keys: dict[str, Path], printed: str) -> dict[str, str]:
    """What each place says after the offer: the stop line (``printed``), moves (text and
    JSON), show, message, and the refusals of a move by the next seat and by the person."""
    seat = _replayed(log).log.game.pending(_replayed(log).final).deciders[0]

    def said(*args: str) -> str:
        result = run(list(args))
        assert "Traceback" not in result.output
        return result.output

    data = json.loads(said("moves", str(log), "--format", "json"))
    you = str(keys["you"])
    places = {}
    if seat != "you":
        places["seat's move"] = said("play", str(log), seat, "--engine", "--sign", "--key",
                                     str(keys[seat]))  # fmt: skip
    return places | {
        "play": printed,
        "moves": said("moves", str(log)),
        "moves json": " ; ".join(f"{a['command']};" for a in data["answers"]),
        "show": said("show", str(log)),
        "message": said("message", str(log)),
        "person's move": said("play", str(log), "you", "invest GBP", "--sign", "--key", you),
        "engine for computer": said("play", str(log), "computer", "--engine"),
    }


def _check_every_command(
    tmp_path: Path, players: tuple[str, ...], told: Callable[..., dict[str, str]]
) -> None:
    folder = tmp_path / "game"
    folder.mkdir()
    log, keys, printed = _game(folder, players)
    offered = log.read_bytes()
    places = told(log, keys, printed)
    seats = "".join(f" --key-for-seat {seat}=FILE" for seat in players[1:])
    accept = f"play {log} you accept --sign --key FILE{seats}".split()
    decline = f"play {log} you decline{seats}".split()
    for place, text in places.items():
        commands = _commands(text)
        assert accept in commands and decline in commands, (place, text)
        for command in commands:
            assert "--engine" not in command and command[0] != "sign", (place, command)
            if command[0] != "play":
                continue  # forex moves, forex show: they change nothing
            log.write_bytes(offered)
            result = run(_with_keys(command, keys))
            assert result.exit_code == 0, (place, command, result.output)
            assert "Traceback" not in result.output
            assert run(["validate", str(log), "--require-signatures"]).exit_code == 0
            played = _replayed(log)
            first = played.log.entries[0]
            if command[3] == "accept":  # countersigned; the seats played on, signed
                assert (first.text, set(first.sig or {})) == (OFFER, {"computer", "you"})
                assert played.log.game.pending(played.final).deciders[0] == "you", place
            else:  # taken out; computer chose again, signed
                assert first.text != OFFER and set(first.sig or {}) == {"computer"}


@pytest.mark.parametrize(
    "players", [("you", "computer", "bot"), ("you", "computer")], ids=["three", "two"]
)
def test_every_place_names_the_persons_answer_and_it_works(
    tmp_path: Path, players: tuple[str, ...]
) -> None:
    _check_every_command(tmp_path, players, _told)


def test_the_stop_line_no_longer_asks_for_the_next_seats_move(tmp_path: Path) -> None:
    """The stop line named the next seat's signed move, which is refused."""
    log, _, printed = _game(tmp_path, ("you", "computer", "bot"))
    said = " ".join(printed.split())
    assert f"forex play {log} bot --engine" not in said
    assert "sign its move" not in said
    assert (
        "move 1: computer's spot deal with you awaits your signature: you accept by"
        f" countersigning it: forex play {log} you accept --sign --key FILE"
        " --key-for-seat computer=FILE --key-for-seat bot=FILE"
        f" or decline it: forex play {log} you decline --key-for-seat computer=FILE"
        " --key-for-seat bot=FILE"
    ) in said


@pytest.mark.parametrize(
    "players", [("you", "computer", "bot"), ("you", "computer")], ids=["three", "two"]
)
def test_the_notice_without_replies_names_the_answer_and_it_works(
    tmp_path: Path, players: tuple[str, ...]
) -> None:
    """``--no-reply``: the notice said to countersign "in their copy" with forex sign."""
    log, keys, printed = _game(tmp_path, players, "--no-reply")
    offered = log.read_bytes()
    said = " ".join(printed.split())
    assert "forex sign" not in said and "in their copy" not in said
    commands = [command for command in _commands(printed) if command[0] == "play"]
    assert [command[3] for command in commands] == ["accept", "decline"], printed
    for command in commands:
        log.write_bytes(offered)
        result = run(_with_keys(command, keys))
        assert result.exit_code == 0, result.output
        assert run(["validate", str(log), "--require-signatures"]).exit_code == 0


def test_the_play_json_replies_stop_at_the_answer_naming_every_seat_that_signs(
    tmp_path: Path,
) -> None:
    """The JSON replies after the seat's offer stopped at bot's move ("sign its move"),
    which is refused; now at the person's countersignature, and the answer carries every
    seat that signs."""
    log, _, printed = _game(tmp_path, ("you", "computer", "bot"), "--format", "json")
    replies = json.loads(printed)["replies"]
    assert replies["stopped"] == "you to countersign move 1 (signatures: required)"
    assert [deal["answer"] for deal in replies["awaiting"]] == [
        f"forex play {log} you accept --sign --key FILE --key-for-seat computer=FILE"
        " --key-for-seat bot=FILE"
    ]


def test_with_a_seat_hosted_by_mail_the_answer_mails_the_log_to_its_host(tmp_path: Path) -> None:
    """When a mail host plays the seat, the answer named no --key-for-seat (right: the host
    plays it) and no --eml, so the person's copy stopped where the seat must move; now the
    answers name --eml OUT.eml, and the printed command writes the mail to the host."""
    keys = {name: make_key(tmp_path, name) for name in ("you", "computer")}
    log = tmp_path / "game.yaml"
    made = run(["new", str(log), "--players", "you,computer", "--seed", "7",
                "--engine", "computer:20", "--require-signatures",
                "--key-for", f"you={keys['you']}.pub", "--first", "computer",
                "--contact", "computer=host@example.org",
                "--contact", "you=you@example.org"])  # fmt: skip
    assert made.exit_code == 0, made.output
    offer = _offer_to_you(log)
    played = run(["play", str(log), "computer", offer, "--sign", "--key", str(keys["computer"])])
    assert played.exit_code == 0, played.output
    offered = log.read_bytes()
    data = json.loads(run(["moves", str(log), "--format", "json"]).stdout)
    answers = [answer["command"].split()[1:] for answer in data["answers"]]  # after forex
    printed = [c for c in _commands(run(["moves", str(log)]).output) if c[0] == "play"]
    assert [command[3] for command in printed] == ["accept", "decline"], printed
    for command in [*answers, *printed]:
        assert command[-2:] == ["--eml", "OUT.eml"], command
        assert "--key-for-seat" not in command, command
    for command in answers:
        log.write_bytes(offered)
        mail = tmp_path / f"{command[3]}.eml"
        words = [str(mail) if word == "OUT.eml" else word for word in command]
        result = run(_with_keys(words, keys))
        assert result.exit_code == 0, (command, result.output)
        assert "To: host@example.org" in mail.read_text(encoding="utf-8"), command
