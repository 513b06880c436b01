"""The engine's offer to a person in a signed game against the computer (followup): the
offer is the engine seat's signed move, which the person's countersignature agrees. Before,
``forex play FILE you accept`` said there was no offer to answer, and the person had to quit
and run ``forex sign FILE N --as you --key FILE``; now ``accept --sign --key FILE``
countersigns it (with ``--key-for-seat`` the seats then play on, signed), in the interactive
game too; without a key it is refused, nothing written.

The engine offers rarely: the position is made by playing the engine seat's offer with its
own key (``forex play FILE computer OFFER --sign --key computer.key``), as its signed reply
would write it; the replies' stop line is tested with the engine's choice made that offer."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from tests.cli.test_commands import run
from tests.cli.test_play_seat_keys import FOREX_PLAY, _ok, _replayed
from tests.record.test_signing import make_key, problems_of


def _engine_offers_you(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> tuple[Path, dict[str, Path]]:
    """``duel.yaml`` under ``signatures: required`` against the seat ``computer``, whose
    engine (``hosting.engine_entry``, replaced) offers you a spot deal whenever it decides;
    the log and the keys by name."""
    import forexcli.hosting

    keys = {name: make_key(folder, name) for name in ("you", "computer")}
    log = folder / "duel.yaml"
    _ok("new", str(log), "--players", "you,computer", "--seed", "7", "--engine",
        "computer:20", "--require-signatures", "--key-for", f"you={keys['you']}.pub")  # fmt: skip

    def offers_you(game: Any, state: Any, *_: Any, **__: Any) -> tuple[Any, tuple[str, ...]]:
        spot = next(d for d in game.legal(state) if " to you " in game.write([d]))
        return (spot, game.legal(game.apply(state, spot))[0]), ()

    monkeypatch.setattr(forexcli.hosting, "engine_entry", offers_you)
    return log, keys


def _offer_to_you(log: Path) -> str:
    """A legal entry of the seat deciding now that opens with a spot to ``you``."""
    played = _replayed(log)
    game = played.log.game
    state = played.final
    for spot in game.legal(state):
        text = game.write([spot])
        if text.startswith("spot") and " to you " in text:
            after = game.apply(state, spot)
            return game.write([spot, game.legal(after)[0]])
    raise AssertionError("no spot to you")


def _offered(folder: Path) -> tuple[Path, dict[str, Path], str]:
    """``trio.yaml`` under ``signatures: required``: computer (first) and bot are engine
    seats, you a person; computer's first move, signed, offers you a spot deal. The log,
    the private keys by seat, the offered entry."""
    keys = {name: make_key(folder, name) for name in ("you", "computer", "bot")}
    log = folder / "trio.yaml"
    _ok("new", str(log), "--players", "you,computer,bot", "--seed", "7", "--engine",
        "computer:20", "--engine", "bot:20", "--require-signatures", "--key-for",
        f"you={keys['you']}.pub", "--first", "computer")  # fmt: skip
    offer = _offer_to_you(log)
    _ok("play", str(log), "computer", offer, "--sign", "--key", str(keys["computer"]))
    assert _replayed(log).log.entries[0].sig.keys() == {"computer"}  # type: ignore[union-attr]
    return log, keys, offer


def _seats(keys: dict[str, Path]) -> tuple[str, ...]:
    return ("--key-for-seat", f"computer={keys['computer']}", "--key-for-seat",
            f"bot={keys['bot']}")  # fmt: skip


def test_accept_with_sign_countersigns_the_engines_offer_and_the_seats_play_on(
    tmp_path: Path,
) -> None:
    log, keys, offer = _offered(tmp_path)
    said = _ok("play", str(log), "you", "accept", "--sign", "--key", str(keys["you"]),
               *_seats(keys))  # fmt: skip
    said = " ".join(said.split())
    assert "you accepted the offer. you countersigned move 1: the deal is agreed" in said
    assert f"move 1: computer: {offer} (agreed by you)" in said
    assert "move 2: bot: " in said and "(the engine, 20 simulations, signed)" in said
    assert "Next: you to play." in said
    entries = _replayed(log).log.entries
    assert [entry.player for entry in entries] == ["computer", "bot"]
    assert set(entries[0].sig or {}) == {"computer", "you"}
    assert set(entries[1].sig or {}) == {"bot"}
    assert problems_of(log, "--require-signatures") == []
    assert run(["validate", str(log), "--require-signatures"]).exit_code == 0


def test_accept_in_json_tells_the_countersigned_answer_and_the_replies(tmp_path: Path) -> None:
    log, keys, offer = _offered(tmp_path)
    result = run(["play", str(log), "you", "accept", "--sign", "--key", str(keys["you"]),
                  *_seats(keys), "--format", "json"])  # fmt: skip
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    jsonschema.Draft202012Validator(FOREX_PLAY).validate(data)
    assert data["answer"] == {
        "player": "you",
        "accepted": True,
        "by": "computer",
        "decision": offer,
        "countersigned": True,
    }
    assert data["move"] == 1
    (reply,) = data["replies"]["moves"]
    assert (reply["number"], reply["player"], reply["signed"]) == (2, "bot", True)
    assert run(["validate", str(log), "--require-signatures"]).exit_code == 0


def _refused(log: Path, *args: str) -> Any:
    before = log.read_bytes()
    result = run(["play", str(log), "you", *args])
    assert log.read_bytes() == before
    assert "Traceback" not in result.output
    return result


def test_accept_without_a_key_is_refused_naming_sign_and_key(tmp_path: Path) -> None:
    log, _, _ = _offered(tmp_path)
    result = _refused(log, "accept")
    assert result.exit_code == 1, result.output
    said = " ".join(result.output.split())
    assert ": unagreed_spot: move 1: computer's spot deal with you awaits your signature" in said
    assert "accepting is countersigning, and no key was given; nothing was written" in said
    assert f"hint: accept it signed: forex play {log} you accept --sign --key FILE" in said


@pytest.mark.parametrize("answer", ["decline", "no"])
def test_decline_takes_the_seats_offer_out_and_remembers_it(tmp_path: Path, answer: str) -> None:
    """Before, decline of the seat's signed offer was refused (no_offer: accept, or undo
    --force); now the seat's move is taken out (it never took effect), the key it added on
    first use with it, and the offer is kept in declined:; without --key-for-seat the stop
    line names the option."""
    log, _, offer = _offered(tmp_path)
    said = " ".join(_ok("play", str(log), "you", answer).split())
    assert (
        f"you declined the offer: computer's move 1 ({offer}) is taken out (it never took"
        " effect), and computer chooses again without it." in said
    )
    assert "--key-for-seat computer=FILE" in said
    played = _replayed(log)
    assert not played.log.entries
    assert "computer" not in played.log.header["keys"]
    assert played.log.header["declined"] == {"player": "computer", "after": 0, "entries": [offer]}
    assert run(["validate", str(log), "--require-signatures"]).exit_code == 0


@pytest.mark.parametrize(
    ("edit", "code", "said"),
    [
        (("player: computer", "player: nobody"), "unknown_player", "nobody is not a player"),
        (("player: computer", "player: you"), "bad_declined", "you is not an engine seat"),
        (("after: 0", "after: 5"), "bad_declined", "after move 5, but the log has 0 moves"),
        (("entries:\n", "entries:\n    - invest GBP\n"), "bad_declined", "it offers nothing"),
        (("entries:\n", "entries:\n    - fly GBP\n"), "bad_declined", "declined: entry 1:"),
    ],
)
def test_validate_refuses_a_declined_record_no_decline_writes(
    tmp_path: Path, edit: tuple[str, str], code: str, said: str
) -> None:
    """The header's declined: was taken as it came: a player who is no engine seat, an
    after past the last move, an entry that is no offer; now refused (nothing else is)."""
    log, _, _ = _offered(tmp_path)
    _ok("play", str(log), "you", "decline")
    text = log.read_text()
    assert edit[0] in text.split("moves:")[0]
    log.write_text(text.replace(edit[0], edit[1], 1))
    result = run(["validate", str(log)])
    assert result.exit_code == 1, result.output
    assert f": {code}: declined: " in result.stdout and said in result.stdout, result.stdout
    assert "hint: remove `declined:` from the header" in result.stdout


def test_a_stale_declined_record_stays_valid_and_a_person_seat_drops_it(tmp_path: Path) -> None:
    """A record of an earlier decision (after before the last move) counts for nothing and
    is valid; forex seat SEAT --person drops the seat's record, which a person's seat
    cannot have."""
    log, keys, _ = _offered(tmp_path)
    _ok("play", str(log), "you", "decline")
    declined = _replayed(log).log.header["declined"]
    _ok("play", str(log), "computer", "--engine", "--sign", "--key", str(keys["computer"]))
    played = _replayed(log)
    assert played.moves == 1
    stale = log.read_text()
    if "declined:" not in stale:  # the seat's move was no offer: the record went; put it back
        stale = stale.replace("moves:", "declined:\n  player: computer\n  after: 0\n"
                              f"  entries:\n    - {declined['entries'][0]}\nmoves:", 1)  # fmt: skip
        log.write_text(stale)
    assert run(["validate", str(log)]).exit_code == 0
    _ok("seat", str(log), "computer", "--person")
    assert "declined" not in _replayed(log).log.header
    assert run(["validate", str(log)]).exit_code == 0


def _offers_you(seen: list[tuple[str, ...]], offering: list[bool]) -> Any:
    """An ``engine_entry`` that records the offers it is told to leave out, and offers you the
    first spot deal it is not (while ``offering`` holds True), else plays a move that is no
    offer."""

    def choose(game: Any, state: Any, *_: Any, declined: Any = (), **__: Any) -> Any:
        seen.append(tuple(game.write([first]) for first in declined))
        legal = game.legal(state)
        if offering[0]:
            spot = next(d for d in legal if " to you " in game.write([d]) and d not in declined)
            return (spot, game.legal(game.apply(state, spot))[0]), ()
        return (next(d for d in legal if not game.write([d]).startswith("spot")),), ()

    return choose


def test_decline_with_the_seats_key_lets_it_choose_again_without_the_offers_declined(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import forexcli.hosting

    keys = {name: make_key(tmp_path, name) for name in ("you", "computer")}
    log = tmp_path / "duel.yaml"
    _ok("new", str(log), "--players", "you,computer", "--seed", "7", "--engine",
        "computer:20", "--require-signatures", "--key-for", f"you={keys['you']}.pub",
        "--first", "computer")  # fmt: skip
    seen: list[tuple[str, ...]] = []
    offering = [True]
    monkeypatch.setattr(forexcli.hosting, "engine_entry", _offers_you(seen, offering))
    first = _offer_to_you(log)
    _ok("play", str(log), "computer", first, "--sign", "--key", str(keys["computer"]))
    seat = ("--sign", "--key", str(keys["you"]), "--key-for-seat", f"computer={keys['computer']}")
    said = " ".join(_ok("play", str(log), "you", "decline", *seat).split())
    second = _replayed(log).log.entries[0].text
    assert second != first and f"move 1: computer: {second} (the engine" in said
    assert "you accept by countersigning it" in said
    assert seen == [(first.split(";")[0],)]
    assert _replayed(log).log.header["declined"]["entries"] == [first]
    offering[0] = False  # the third choice is no offer: the record goes
    result = run(["play", str(log), "you", "decline", *seat, "--format", "json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    jsonschema.Draft202012Validator(FOREX_PLAY).validate(data)
    assert data["answer"]["accepted"] is False and data["answer"]["decision"] == second
    assert seen[-1] == (first.split(";")[0], second.split(";")[0])
    played = _replayed(log)
    assert "declined" not in played.log.header
    assert data["replies"]["moves"][0]["decision"] == played.log.entries[0].text
    assert run(["validate", str(log), "--require-signatures"]).exit_code == 0


def test_decline_removes_no_agreed_move_nor_one_that_is_no_offer(tmp_path: Path) -> None:
    """Only the engine seat's offer to this person, awaiting their countersignature, can be
    declined: an agreed deal, or a move that offers nothing, stays (no_offer, nothing
    written)."""
    log, keys, _ = _offered(tmp_path)
    _ok("play", str(log), "you", "accept", "--sign", "--key", str(keys["you"]))
    for answer in ("decline", "no"):
        result = _refused(log, answer)
        assert result.exit_code == 1, result.output
        assert "no_offer" in result.output
    assert len(_replayed(log).log.entries) == 1


def test_the_replies_stop_at_the_engines_offer_with_the_accept_command(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The seat's signed reply that offers you a deal: the replies said nothing of it (the
    person learnt of it from the refusal of their next move, which named forex sign); now
    a line says it awaits the person's countersignature and gives the answer that agrees
    it, which then works."""
    log, keys = _engine_offers_you(tmp_path, monkeypatch)
    said = _ok("play", str(log), "you", "invest EUR", "--sign", "--key", str(keys["you"]),
               "--key-for-seat", f"computer={keys['computer']}")  # fmt: skip
    said = " ".join(said.split())
    assert "move 2: computer: spot " in said
    assert (
        "move 2: computer's spot deal with you awaits your signature: you accept by"
        f" countersigning it: forex play {log} you accept --sign --key FILE"
    ) in said
    said = _ok("play", str(log), "you", "accept", "--sign", "--key", str(keys["you"]))
    assert "you countersigned move 2: the deal is agreed" in said
    assert set(_replayed(log).log.entries[1].sig or {}) == {"computer", "you"}
    assert run(["validate", str(log), "--require-signatures"]).exit_code == 0


# --------------------------------------------------------------------------- the interactive game


def test_the_interactive_game_asks_for_the_answer_and_accept_countersigns(
    tmp_path: Path,
) -> None:
    """Before, the prompt asked for the person's move, which was refused (the deal awaits
    the countersignature); help did not say how a signed game against the computer is
    played."""
    from tests.cli.test_interactive import Loop

    log, keys, offer = _offered(tmp_path)
    loop = Loop(tmp_path, log.name, "you", "--sign", "--key", str(keys["you"]), *_seats(keys))
    said = " ".join(loop.prompt().split())
    assert f"computer offers you, as its signed move 1: {offer}; accept countersigns it" in said
    assert "accept (countersign move 1)?" in loop.prompt_text
    said = " ".join(loop.enter("help").split())
    assert "--key-for-seat SEAT=FILE" in said and "accept countersigns the spot deal" in said
    assert "decline takes that move out" in said
    said = " ".join(loop.enter("accept").split())
    assert "you countersigned move 1: the deal is agreed" in said
    assert "move 2: bot: " in said and "signed)" in said
    assert "(move 3)" in loop.prompt_text
    loop.child.send("quit\r")
    status, _ = loop.end()
    assert status == 0
    entries = _replayed(log).log.entries
    assert set(entries[0].sig or {}) == {"computer", "you"}
    assert run(["validate", str(log), "--require-signatures"]).exit_code == 0


def test_play_help_names_key_for_seat_where_the_signed_interactive_game_is_told() -> None:
    """The paragraph on the interactive game said --sign (--key FILE) signs each decision,
    as a signed game needs, and nothing of the engine seats' keys, without which the play
    stops before their moves."""
    page = " ".join(run(["play", "--help"], COLUMNS="100").stdout.split())
    told = page.split("as a signed game needs", 1)[1].split(".", 1)[0]
    assert "--key-for-seat SEAT=FILE" in told
    assert "forex play game.yaml ann accept --sign --key ann.key" in page


def test_the_seats_offer_played_by_hand_tells_one_answer(tmp_path: Path) -> None:
    """The engine seat's offer played by hand with its key (--sign --key computer.key) printed
    both the forex sign notice ("agree by countersigning it in their copy") and the replies'
    accept line; now only the accept line, the answer a person gives here."""
    keys = {name: make_key(tmp_path, name) for name in ("you", "computer")}
    log = tmp_path / "duel.yaml"
    _ok("new", str(log), "--players", "you,computer", "--seed", "7", "--engine",
        "computer:50", "--require-signatures", "--key-for", f"you={keys['you']}.pub",
        "--first", "computer")  # fmt: skip
    offer = "spot 1 GBP to you for 1.5 EUR; contract 1 GBP for 1.5 EUR"
    said = _ok("play", str(log), "computer", offer, "--sign", "--key", str(keys["computer"]))
    said = " ".join(said.split())
    assert "forex sign" not in said and "in their copy" not in said
    assert said.count("awaits your signature") == 1
    assert f"you accept by countersigning it: forex play {log} you accept --sign --key FILE" in said


def test_play_json_replies_name_the_engines_offer_that_waits(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The seat's signed reply that offers you a deal: the JSON replies said only who decides
    next ("you to play"); now their ``awaiting`` names the deal (its move, seat, partner,
    entry) and the command that accepts it, as ``forex moves --format json`` does."""
    log, keys = _engine_offers_you(tmp_path, monkeypatch)
    seat = f"computer={keys['computer']}"
    result = run(["play", str(log), "you", "invest EUR", "--sign", "--key", str(keys["you"]),
                  "--key-for-seat", seat, "--format", "json"])  # fmt: skip
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    jsonschema.Draft202012Validator(FOREX_PLAY).validate(data)
    (reply,) = data["replies"]["moves"]
    assert data["replies"]["awaiting"] == [
        {
            "move": 2,
            "player": "computer",
            "partner": "you",
            "decision": reply["decision"],
            "answer": f"forex play {log} you accept --sign --key FILE --key-for-seat computer=FILE",
        }
    ]
    moves = json.loads(run(["moves", str(log), "--format", "json"]).stdout)
    assert moves["awaiting"] == [{"move": 2, "player": "computer", "partner": "you"}]


def test_the_interactive_game_declines_the_seats_offer_and_the_seat_chooses_again(
    tmp_path: Path,
) -> None:
    """decline at the loop's prompt was refused (no_offer); now the seat's move is taken out
    and, with its key, it chooses again at once, signed, and the game goes on."""
    from tests.cli.test_interactive import Loop

    log, keys, offer = _offered(tmp_path)
    loop = Loop(tmp_path, log.name, "you", "--sign", "--key", str(keys["you"]), *_seats(keys))
    said = " ".join(loop.prompt().split())
    assert "decline takes it out and computer chooses again" in said
    said = " ".join(loop.enter("decline").split())
    assert "you declined the offer: computer's move 1" in said
    assert "move 1: computer: " in said and "signed)" in said
    loop.child.send("quit\r")
    status, _ = loop.end()
    assert status == 0
    entries = _replayed(log).log.entries
    assert entries[0].player == "computer" and entries[0].text != offer
    assert run(["validate", str(log)]).exit_code in (0, 1)  # may await your countersignature
    assert "bad_key" not in run(["validate", str(log)]).output


def test_decline_with_the_seats_keys_alone_lets_the_seat_choose_again(tmp_path: Path) -> None:
    """A decline signs nothing (the seat's move is taken out), yet it was refused without
    --sign (a usage error: "--key-for-seat ... add --sign"), so that the person needed their
    own key to let the seat choose again; now --key-for-seat alone does, and the seats'
    replies are signed with their keys."""
    log, keys, offer = _offered(tmp_path)
    said = " ".join(_ok("play", str(log), "you", "decline", *_seats(keys)).split())
    assert f"you declined the offer: computer's move 1 ({offer}) is taken out" in said
    entries = _replayed(log).log.entries
    assert entries and entries[0].player == "computer" and entries[0].text != offer
    assert set(entries[0].sig or {}) == {"computer"}
    assert run(["validate", str(log), "--require-signatures"]).exit_code == 0


def test_accept_with_the_seats_keys_alone_still_needs_sign(tmp_path: Path) -> None:
    """Accepting is countersigning: --key-for-seat without --sign stays a usage error."""
    log, keys, _ = _offered(tmp_path)
    result = _refused(log, "accept", *_seats(keys))
    assert result.exit_code == 2, result.output
    assert "add --sign" in result.output


def test_the_accept_command_the_replies_print_lets_the_seats_play_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The replies, signed with --key-for-seat, stopped at the seat's offer with "forex play
    FILE you accept --sign --key FILE": that command, run as printed, countersigned it, but
    the next seat (bot) then waited ("sign its move ... or --key-for-seat bot=FILE") and the
    person had no move of theirs to let it reply; now the printed command carries each
    seat's --key-for-seat, and run with the keys it lets the seats play on, signed."""
    import forexcli.hosting

    keys = {name: make_key(tmp_path, name) for name in ("you", "computer", "bot")}
    log = tmp_path / "trio.yaml"
    _ok("new", str(log), "--players", "you,computer,bot", "--seed", "7", "--engine",
        "computer:20", "--engine", "bot:20", "--require-signatures", "--key-for",
        f"you={keys['you']}.pub")  # fmt: skip
    from forexcli.replies import engine_entry as real

    def offers_you_once(game: Any, state: Any, *args: Any, **kwargs: Any) -> Any:
        legal = game.legal(state)
        spots = [d for d in legal if " to you " in game.write([d])]
        if spots and not _replayed(log).log.entries[1:]:  # the computer's first move
            return (spots[0], game.legal(game.apply(state, spots[0]))[0]), ()
        return real(game, state, *args, **kwargs)

    monkeypatch.setattr(forexcli.hosting, "engine_entry", offers_you_once)
    said = _ok("play", str(log), "you", "invest EUR", "--sign", "--key", str(keys["you"]),
               *_seats(keys))  # fmt: skip
    printed = re.search(r"countersigning\s+it:\s+(forex play [^\n]*)", said)
    assert printed is not None, said
    command = " ".join(printed[1].split())
    assert command == (
        f"forex play {log} you accept --sign --key FILE --key-for-seat computer=FILE"
        " --key-for-seat bot=FILE"
    )
    words = command.split()[1:]
    paths = iter([keys["you"], keys["computer"], keys["bot"]])
    words = [word.replace("FILE", str(next(paths))) if "FILE" in word else word for word in words]
    said = " ".join(_ok(*words).split())
    assert "you countersigned move 2: the deal is agreed" in said
    entries = _replayed(log).log.entries
    assert len(entries) > 2 and entries[2].player == "bot"
    assert set(entries[2].sig or {}) == {"bot"}
    assert run(["validate", str(log), "--require-signatures"]).exit_code == 0
