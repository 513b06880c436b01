"""Engine seats (issue 43) in every output: the JSON of show, history and play, play's
replies with --format json, --message and --eml, and sentences for a player named you."""

from __future__ import annotations

import email
import email.policy
import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from forexcli.record import gamelog
from forexcli.record.seats import open_offer
from tests.cli.test_commands import run
from tests.cli.test_engine_seats import COMPONENTS, _new, _offer_log, _replayed

ROOT = Path(__file__).parent.parent.parent
FOREX_SHOW = json.loads((ROOT / "schemas" / "forex-show.schema.json").read_text("utf-8"))
WORLDEX_SHOW = json.loads((ROOT / "schemas" / "worldex-show.schema.json").read_text("utf-8"))


def _json(*args: str) -> Any:
    result = run([*args, "--format", "json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def _worldex(tmp_path: Path, engine: str = "bot:20") -> Path:
    log = tmp_path / "wx.yaml"
    result = run(
        ["new", str(log), "--game", "world-exchangers", "--players", "ann,bot", "--seed", "4",
         "--first", "ann", "--components", str(COMPONENTS), "--engine", engine]
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    return log


# --------------------------------------------------------------------------- 1: JSON


SECOND = {"budget": "1s", "seconds": 1.0, "simulations": None, "text": "1 s a decision"}


def test_show_and_history_json_carry_the_engine_seats(tmp_path: Path) -> None:
    log = _new(tmp_path / "t.yaml", "--engine", "computer", "--engine", "bot:300",
               players="you,computer,bot")  # fmt: skip
    shown = _json("show", str(log))
    jsonschema.validate(shown, FOREX_SHOW)
    hundreds = {"budget": 300, "seconds": None, "simulations": 300}
    assert shown["engines"] == {
        "computer": SECOND,
        "bot": {**hundreds, "text": "300 simulations a decision"},
    }
    assert "offer" not in shown
    history = _json("history", str(log))
    assert history["engines"] == shown["engines"] and "offer" not in history
    plain = _new(tmp_path / "plain.yaml")
    assert "engines" not in _json("show", str(plain))  # a log without seats: as before
    assert "engines" not in _json("history", str(plain))


def test_world_exchangers_json_carries_the_engine_seats(tmp_path: Path) -> None:
    log = _worldex(tmp_path, "bot:2s")
    shown = _json("show", str(log))
    jsonschema.validate(shown, WORLDEX_SHOW)
    two = {"budget": "2s", "seconds": 2.0, "simulations": None, "text": "2 s a decision"}
    assert shown["engines"] == {"bot": two}
    assert _json("history", str(log))["engines"] == {"bot": two}


def test_show_and_history_json_carry_the_open_offer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    log, _ = _offer_log(tmp_path, monkeypatch)
    offer = open_offer(gamelog.read_log(log.read_text(), str(log)).header)
    assert offer is not None
    shown = _json("show", str(log))
    jsonschema.validate(shown, FOREX_SHOW)
    assert shown["offer"] == {
        "player": "computer",
        "partner": "you",
        "decision": offer.decision,
        "deal": offer.decision.split(";")[0],
        "declined": [],
        "answer": f"you answer: forex play {log} you accept (or decline)",
    }
    assert shown["engines"]["computer"]["simulations"] == 20
    assert _json("history", str(log))["offer"] == shown["offer"]
    run(["play", str(log), "you", "decline"])
    again = _json("show", str(log))
    if "offer" in again:  # the engine chose another offer: it lists the declined one
        assert again["offer"]["declined"] == [offer.decision]


# --------------------------------------------------------------------------- 2: replies


def _three(tmp_path: Path) -> Path:
    contacts = ["--contact", "you=you@example.org", "--contact", "bob=bob@example.org"]
    return _new(tmp_path / "t.yaml", "--engine", "computer:20", *contacts,
                players="you,computer,bob")  # fmt: skip


def test_play_json_holds_the_replies(tmp_path: Path) -> None:
    log = _new(tmp_path / "duel.yaml", "--engine", "computer:20")
    data = _json("play", str(log), "you", "invest GBP")
    played = _replayed(log)
    assert data["move"]["number"] == 1 and data["move"]["decision"] == "invest GBP"
    assert data["engines"]["computer"]["simulations"] == 20
    reply = played.log.entries[1]
    sentences = data["replies"]["moves"][0]["sentences"]
    assert data["replies"]["moves"] == [
        {"number": 2, "player": "computer", "decision": reply.text,
         "engine": "20 simulations", "offered_to": None, "refused": [], "signed": False,
         "sentences": sentences}
    ]  # fmt: skip
    assert sentences and sentences[0].startswith("computer ")
    assert data["replies"]["stopped"] == "you decide next"
    assert data["replies"]["next"].startswith("you to decide")
    assert "offer" not in data["replies"]
    later = _json("play", str(log), "you", "invest EUR", "--no-reply")
    assert "replies" not in later and _replayed(log).moves == 3


def _told_under(text: str, line: str) -> list[str]:
    """The indented lines the text output prints under ``line`` (a reply's), unindented."""
    lines = text.splitlines()
    told = []
    for later in lines[lines.index(line) + 1 :]:
        if not later.startswith("  "):
            break
        told.append(later[2:])
    return told


@pytest.mark.parametrize("game", ["for-ex", "world-exchangers"])
def test_play_json_replies_carry_the_sentences_the_text_prints(tmp_path: Path, game: str) -> None:
    """Each reply of ``play --format json`` carries what the move did: the sentences the
    text output prints under the reply's line, each a string, in order."""
    if game == "for-ex":
        log = _new(tmp_path / "duel.yaml", "--engine", "computer:20")
        mover, decision = "you", ["invest GBP"]
    else:
        log, mover, decision = _worldex(tmp_path), "ann", ["buy", "Prague"]
    twin = tmp_path / "twin.yaml"
    twin.write_bytes(log.read_bytes())
    data = _json("play", str(log), mover, *decision)
    text = run(["play", str(twin), mover, *decision], COLUMNS="500")  # no line wrapped
    assert text.exit_code == 0, text.output
    replies = [reply for reply in data["replies"]["moves"] if reply["number"] is not None]
    assert replies
    for reply in replies:
        line = f"move {reply['number']}: {reply['player']}: {reply['decision']}"
        (printed,) = [row for row in text.stdout.splitlines() if row.startswith(line + " (")]
        assert reply["sentences"] and reply["sentences"] == _told_under(text.stdout, printed)


def test_play_json_holds_the_offer_a_reply_left_open(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tests.cli.test_engine_seats import Offers

    log = _new(tmp_path / "duel.yaml", "--engine", "computer:20")
    Offers(monkeypatch)
    data = _json("play", str(log), "you", "invest GBP")
    (reply,) = data["replies"]["moves"]
    assert reply["number"] is None and reply["offered_to"] == "you"
    assert reply["sentences"] == []  # an offer did nothing yet
    assert data["replies"]["offer"]["decision"] == reply["decision"]
    assert data["replies"]["offer"]["partner"] == "you"
    assert data["replies"]["stopped"] == "an offer waits for its answer"
    assert _replayed(log).moves == 1


def test_world_exchangers_play_json_holds_the_replies(tmp_path: Path) -> None:
    log = _worldex(tmp_path)
    data = _json("play", str(log), "ann", "buy", "Prague")
    (reply,) = [m for m in data["replies"]["moves"] if m["number"] == 2]
    assert reply["player"] == "bot" and _replayed(log).log.entries[1].text == reply["decision"]
    assert data["engines"] == {
        "bot": {
            "budget": 20,
            "seconds": None,
            "simulations": 20,
            "text": "20 simulations a decision",
        }
    }


def test_play_message_is_written_after_the_replies(tmp_path: Path) -> None:
    log = _new(tmp_path / "duel.yaml", "--engine", "computer:20")
    result = run(["play", str(log), "you", "invest GBP", "--message"])
    assert result.exit_code == 0, result.output
    reply = _replayed(log).log.entries[1]
    assert f"move 2: computer: {reply.text} (the engine, 20 simulations)" in result.stderr
    assert result.stdout.startswith("Subject: [For-Ex] you, computer \u2014 move 2, you to play")
    assert "Move 1, you: invest GBP" in result.stdout  # the move and its reply, to the person
    assert f"Move 2, computer: {reply.text}" in result.stdout
    data = _json("play", str(log), "you", "invest EUR", "--message")
    assert data["message"]["subject"].endswith("move 4, you to play")
    assert f"Move 4, computer: {_replayed(log).log.entries[3].text}" in data["message"]["body"]


def test_play_markdown_lists_the_replies(tmp_path: Path) -> None:
    log = _new(tmp_path / "duel.yaml", "--engine", "computer:20")
    result = run(["play", str(log), "you", "invest GBP", "--format", "markdown"])
    assert result.exit_code == 0, result.output
    reply = _replayed(log).log.entries[1]
    assert f"- move 2: computer: {reply.text} (the engine, 20 simulations)" in result.stdout
    assert result.stdout.rstrip().endswith("**Now:** you to decide (turn)")


def test_play_eml_mails_the_next_person_after_the_replies(tmp_path: Path) -> None:
    log = _three(tmp_path)
    eml = tmp_path / "out.eml"
    result = run(["play", str(log), "you", "invest GBP", "--eml", str(eml)])
    assert result.exit_code == 0, result.output
    assert f"wrote the mail to {eml}: send it to bob@example.org" in result.stderr
    assert "Send " not in result.output  # the mail is written: no other send
    mail = email.message_from_bytes(eml.read_bytes(), policy=email.policy.default)
    assert (mail["To"], mail["From"], mail["Cc"]) == ("bob@example.org", "you@example.org", None)
    played = _replayed(log)
    assert [e.player for e in played.log.entries] == ["you", "computer"]
    assert mail["Subject"].endswith("move 2, bob to play")
    plain = mail.get_body(("plain",))
    assert plain is not None
    body = plain.get_content()
    assert f"Move 2, computer: {played.log.entries[1].text}" in body
    attached = next(part for part in mail.iter_attachments() if part.get_filename() == "t.yaml")
    assert attached.get_content() == log.read_text()  # the log as the replies left it


def test_play_eml_writes_no_mail_to_the_mover(tmp_path: Path) -> None:
    log = _new(tmp_path / "duel.yaml", "--engine", "computer:20")
    eml = tmp_path / "out.eml"
    result = run(["play", str(log), "you", "invest GBP", "--eml", str(eml)])
    assert result.exit_code == 0, result.output
    assert "no mail written" in result.stderr and "you decide next" in result.stderr
    assert not eml.exists() and _replayed(log).moves == 2


def test_play_eml_mails_a_hosted_engine_seat_the_move(tmp_path: Path) -> None:
    log = _new(tmp_path / "t.yaml", "--engine", "computer:20", "--contact",
               "computer=host@example.org", players="you,computer,bob")  # fmt: skip
    eml = tmp_path / "out.eml"
    result = run(["play", str(log), "you", "invest GBP", "--eml", str(eml)])
    assert result.exit_code == 0, result.output
    mail = email.message_from_bytes(eml.read_bytes(), policy=email.policy.default)
    assert mail["To"] == "host@example.org"  # its host plays the seat (forex read --reply)
    assert [e.player for e in _replayed(log).log.entries] == ["you"]


# --------------------------------------------------------------------------- 3: its offers

HOPE = ROOT / "tests" / "logs" / "valid" / "engine-hope-offer.yaml"
OFFERED = "spot 1 GBP to you for 1.5 EUR; invest GBP"
"""The engine's entry for computer after move 51 of HOPE at 40 simulations: its search ranks
first a spot it expects you to refuse (``mcts._hope``, ``reasons.OFFER``)."""


def test_the_search_offers_first_a_spot_it_expects_refused() -> None:
    from forexcli.games.base import Budget
    from forexcli.games.forex.search.mcts import search
    from forexcli.games.forex.search.players import engine_choice
    from forexcli.games.forex.search.reasons import OFFER

    state = _replayed(HOPE).final
    best = search(state, Budget(simulations=40), stop_when_decided=True).best
    assert best.rule == OFFER and len(best.decisions) == 1  # a spot alone
    entry = engine_choice(state, Budget(simulations=40)).entry
    assert entry[0] == best.decisions[0] and len(entry) == 2  # self-play completes it


def test_hint_shows_the_engines_offer_with_its_reason(tmp_path: Path) -> None:
    result = run(["hint", str(HOPE), "--simulations", "40", "--top", "2"], COLUMNS="300")
    assert result.exit_code == 0, result.output
    flat = " ".join(result.stdout.split())
    assert f"To play the best: forex play {HOPE} computer '{OFFERED}'" in flat
    assert "[offered first: the partner is expected to refuse it" in flat
    data = _json("hint", str(HOPE), "--simulations", "40", "--top", "2")
    first = data["suggestions"][0]
    assert (first["decision"], first["rule"]) == (OFFERED, "offer")
    assert first["reason"].startswith("offered first")


def test_play_engine_and_the_replies_put_the_engines_offer_to_the_person(
    tmp_path: Path,
) -> None:
    from forexcli.replies import reply_engines

    by_command, by_reply = tmp_path / "a.yaml", tmp_path / "b.yaml"
    for copy in (by_command, by_reply):
        copy.write_bytes(HOPE.read_bytes())
    result = run(["play", str(by_command), "computer", "--engine"])
    assert result.exit_code == 0, result.output
    said = " ".join(result.output.split())  # the lines wrap at 80 columns
    assert f"computer offers you: {OFFERED} (the engine, 40 simulations)" in said
    done = reply_engines(str(by_reply))
    assert [(r.text, r.offered) for r in done.replies] == [(OFFERED, "you")]
    assert by_command.read_text() == by_reply.read_text()  # one path
    offer = open_offer(gamelog.read_log(by_command.read_text(), str(by_command)).header)
    assert offer is not None and (offer.player, offer.decision) == ("computer", OFFERED)
    assert _replayed(by_command).moves == 51
    assert run(["validate", str(by_command)]).exit_code == 0
    shown = _json("show", str(by_command))
    assert shown["offer"]["deal"] == "spot 1 GBP to you for 1.5 EUR"


def test_the_board_after_the_engines_offer_names_who_must_answer_it(tmp_path: Path) -> None:
    """The compact board after the engine's offer said "Next: computer to play." (the turn's
    player) while the offer waited for you; now its Next: line says who must answer."""
    log = tmp_path / "h.yaml"
    log.write_bytes(HOPE.read_bytes())
    result = run(["play", str(log), "computer", "--engine"])
    assert result.exit_code == 0, result.output
    said = " ".join(result.stdout.split())
    assert "Next: you to answer computer's offer (accept or decline)." in said
    assert "Next: computer to play" not in said


def test_the_person_accepts_or_declines_the_engines_offer(tmp_path: Path) -> None:
    accepted, declined = tmp_path / "a.yaml", tmp_path / "d.yaml"
    for copy in (accepted, declined):
        copy.write_bytes(HOPE.read_bytes())
        assert run(["play", str(copy), "computer", "--engine"]).exit_code == 0
    result = run(["play", str(accepted), "you", "accept"])
    assert result.exit_code == 0, result.output
    assert _replayed(accepted).log.entries[51].text == OFFERED
    result = run(["play", str(declined), "you", "decline"])
    assert result.exit_code == 0, result.output
    played = _replayed(declined)
    after = played.log.entries[51] if played.moves > 51 else None
    offer = open_offer(played.log.header)
    chosen = after.text if after is not None else offer.decision if offer else ""
    assert after is None or after.player == "computer"
    assert chosen and not chosen.startswith("spot 1 GBP to you for 1.5 EUR")
    assert run(["validate", str(declined)]).exit_code == 0


@pytest.mark.parametrize("options", [["--format", "json"], ["--message", "text"], ["--eml", "x"]])
def test_play_engine_with_outputs_puts_the_offer_to_the_person_too(
    tmp_path: Path, options: list[str]
) -> None:
    """``play computer --engine`` with ``--format json``, ``--message`` or ``--eml`` writes the
    engine's offer as the open offer, as without them (no move that awaits the person): the
    JSON says so; no message or mail is made before the person answers."""
    log, plain = tmp_path / "game.yaml", tmp_path / "plain.yaml"
    for copy in (log, plain):
        copy.write_bytes(HOPE.read_bytes())
    assert run(["play", str(plain), "computer", "--engine"]).exit_code == 0
    if options[0] == "--eml":
        options = ["--eml", str(tmp_path / "next.eml")]
    result = run(["play", str(log), "computer", "--engine", *options])
    assert result.exit_code == 0, result.output
    assert log.read_text() == plain.read_text()  # the same open offer, no move
    assert _replayed(log).moves == 51
    if options[0] == "--format":
        data = json.loads(result.stdout)
        assert (data["move"], data["by"], data["decision"]) == (None, "computer", OFFERED)
        (reply,) = data["replies"]["moves"]
        assert (reply["number"], reply["offered_to"]) == (None, "you")
        assert data["replies"]["offer"]["deal"] == "spot 1 GBP to you for 1.5 EUR"
    else:
        assert "waits for your answer" in " ".join(result.stderr.split())
        assert not (tmp_path / "next.eml").exists()
