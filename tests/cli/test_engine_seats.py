"""Engine seats (issue 43): the header's ``engines:``, the engine's consent to offers made to
its seats, its open offers to a person, and its replies after a person's decision."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from forexcli.games.base import Budget
from forexcli.games.forex.notation import Written, write, write_entry
from forexcli.games.forex.rules import GameState, Spot, apply, legal_decisions
from forexcli.games.forex.search.players import engine_answer, refusal
from forexcli.record import files, gamelog
from forexcli.record.seats import open_offer, parse_budget, parse_seat_spec, with_header_key
from tests.cli.test_commands import run
from tests.record.test_signing import make_key, problems_of

ROOT = Path(__file__).parent.parent.parent
COMPONENTS = ROOT / "forexcli" / "games" / "worldex" / "data" / "invented-components.json"


def _new(path: Path, *extra: str, players: str = "you,computer") -> Path:
    result = run(["new", str(path), "--players", players, "--seed", "7", *extra])
    assert result.exit_code == 0, result.output
    return path


def _replayed(path: Path) -> gamelog.Replay:
    return gamelog.replay(gamelog.read_log(files.read_bytes(str(path)), str(path)))


def _text(entry: tuple[Any, ...]) -> str:
    if len(entry) == 2:
        return write_entry(Written(entry[0], entry[1]))
    return write_entry(Written(None, entry[0]))


# --------------------------------------------------------------------------- 1: seats


def test_seat_specs_take_selfplays_notation() -> None:
    assert parse_seat_spec("computer") == ("computer", Budget(seconds=1.0))
    assert parse_seat_spec("computer:2s") == ("computer", Budget(seconds=2.0))
    assert parse_seat_spec("computer:500") == ("computer", Budget(simulations=500))
    assert parse_budget(500) == Budget(simulations=500)
    with pytest.raises(ValueError, match="SECONDSs"):
        parse_seat_spec("computer:fast")


def test_new_records_the_engine_seats_and_the_reports_name_them(tmp_path: Path) -> None:
    log = _new(tmp_path / "duel.yaml", "--engine", "computer")
    text = log.read_text()
    assert "engines: {computer: 1s}\n" in text
    assert run(["validate", str(log)]).exit_code == 0
    said = "computer: the engine, 1 s a decision"
    assert said in run(["show", str(log)]).output
    assert said in run(["history", str(log)]).output
    assert said in run(["message", str(log)]).output
    page = tmp_path / "duel.html"
    assert run(["html", str(log), "-o", str(page)]).exit_code == 0
    assert said in page.read_text()


def test_new_says_how_an_engine_seat_that_decides_first_plays(tmp_path: Path) -> None:
    result = run(["new", str(tmp_path / "d.yaml"), "--players", "you,computer", "--seed", "1",
                  "--engine", "computer", "--first", "computer"])  # fmt: skip
    assert result.exit_code == 0, result.output
    said = (
        f"computer (the engine) decides first: forex play {tmp_path / 'd.yaml'} computer --engine"
    )
    assert said in " ".join(result.output.split())


def test_new_takes_a_budget_in_simulations_or_seconds(tmp_path: Path) -> None:
    log = _new(tmp_path / "three.yaml", "--engine", "bot:500", "--engine", "cpu:2s",
               players="you,bot,cpu")  # fmt: skip
    assert "engines: {bot: 500, cpu: 2s}\n" in log.read_text()
    shown = " ".join(run(["show", str(log)]).output.split())  # the line wraps at 80 columns
    assert "bot: the engine, 500 simulations a decision" in shown
    assert "cpu: the engine, 2 s a decision" in shown


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        ("dave", "not one of the players"),
        ("you,computer", "every seat"),
        ("computer:0s", "0"),
        # an empty budget after the colon was taken as 1 s
        ("computer:", "no budget after the colon: a budget is SECONDSs (2s, 0.5s) or SIMULATIONS"),
        ("computer: ", "no budget after the colon"),
    ],
)
def test_new_refuses_a_seat_it_cannot_record(tmp_path: Path, spec: str, words: str) -> None:
    args = ["new", str(tmp_path / "x.yaml"), "--players", "you,computer", "--seed", "1"]
    for one in spec.split(","):
        args += ["--engine", one]
    result = run(args)
    assert result.exit_code == 2
    assert words in result.output
    assert not (tmp_path / "x.yaml").exists()


def test_world_exchangers_logs_take_engine_seats(tmp_path: Path) -> None:
    log = tmp_path / "wx.yaml"
    result = run(
        ["new", str(log), "--game", "world-exchangers", "--players", "ann,bot", "--seed", "4",
         "--first", "ann", "--components", str(COMPONENTS), "--engine", "bot:2s"]
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "engines: {bot: 2s}" in log.read_text()
    assert run(["validate", str(log)]).exit_code == 0
    assert "bot: the engine, 2 s a decision" in run(["show", str(log)]).output


@pytest.mark.parametrize(
    ("value", "code"),
    [("{dave: 1s}", "unknown_player"), ("{computer: 0s}", "bad_engine_seat"),
     ("{computer: fast}", "schema_pattern"), ("{computer: 0}", "schema_minimum"),
     ("{computer: 1s, you: 20}", "bad_engine_seat")],
)  # fmt: skip
def test_validate_checks_the_engine_seats(tmp_path: Path, value: str, code: str) -> None:
    log = _new(tmp_path / "duel.yaml")
    log.write_text(log.read_text().replace("moves: []", f"engines: {value}\nmoves: []"))
    assert [p["code"] for p in problems_of(log)] == [code]


@pytest.mark.parametrize(
    ("value", "code"),
    [("{Computer: 1s}", "unknown_player"), ("{computer: 0s}", "bad_engine_seat"),
     ("{computer: 1s, you: 20}", "bad_engine_seat")],
)  # fmt: skip
def test_play_adds_no_move_to_a_log_whose_engine_seats_validate_refuses(
    tmp_path: Path, value: str, code: str
) -> None:
    log = _new(tmp_path / "duel.yaml")
    log.write_text(log.read_text().replace("moves: []", f"engines: {value}\nmoves: []"))
    before = log.read_bytes()
    result = run(["play", str(log), "you", "invest USD", "--format", "json"])
    assert result.exit_code == 1, result.output
    assert [p["code"] for p in json.loads(result.stdout)["problems"]] == [code]
    assert "fix it before adding moves" in result.output
    assert log.read_bytes() == before


def test_seat_hands_a_seat_to_the_engine_and_back(tmp_path: Path) -> None:
    log = _new(tmp_path / "duel.yaml")
    before = log.read_text()
    assert "engines" not in before
    result = run(["seat", str(log), "computer", "--engine", "300"])
    assert result.exit_code == 0, result.output
    assert "computer: the engine, 300 simulations a decision" in result.output
    assert log.read_text() == before.replace("moves: []", "engines: {computer: 300}\nmoves: []")
    assert run(["seat", str(log), "computer", "--engine"]).exit_code == 0
    assert "engines: {computer: 1s}" in log.read_text()
    assert run(["seat", str(log), "computer", "--person"]).exit_code == 0
    assert log.read_text() == before


def test_seat_refuses_without_changing_the_file(tmp_path: Path) -> None:
    log = _new(tmp_path / "duel.yaml", "--engine", "computer")
    before = log.read_text()
    assert run(["seat", str(log), "dave", "--engine"]).exit_code == 1
    assert run(["seat", str(log), "you", "--engine"]).exit_code == 2  # every seat the engine's
    assert run(["seat", str(log), "you", "--engine", "soon"]).exit_code == 2
    assert run(["seat", str(log), "you"]).exit_code == 2
    assert log.read_text() == before


def test_a_seat_handed_over_keeps_the_signatures(tmp_path: Path) -> None:
    key = make_key(tmp_path, "you")
    log = _new(tmp_path / "duel.yaml")
    played = run(["play", str(log), "you", "invest GBP", "--sign", "--key", str(key)])
    assert played.exit_code == 0, played.output
    assert run(["seat", str(log), "computer", "--engine", "50"]).exit_code == 0
    assert problems_of(log) == []


# --------------------------------------------------------------------------- 2: consent


def _states(count: int) -> list[GameState]:
    """Positions of 2-player games played at random (each with spots to offer)."""
    from forexcli.games.forex.rules import draw_removed, new_game

    rng = random.Random(5)
    found = []
    for number in range(count):
        state = new_game(("you", "computer"), draw_removed(f"consent-{number}"))
        for _ in range(rng.randrange(4, 40)):
            if state.is_over:
                break
            state = apply(state, rng.choice(legal_decisions(state)))
        if not state.is_over:
            found.append(state)
    return found


def test_one_consent_rule_answers_for_play_selfplay_and_the_ladder() -> None:
    from forexcli.games.forex.game import FOREX

    checked = refused = 0
    for state in _states(6):
        for spot in [d for d in legal_decisions(state) if isinstance(d, Spot)][:25]:
            partner = state.players.index(spot.partner)
            answer = refusal(state, spot)
            assert engine_answer(state, spot, partner) is (answer is None)
            said = FOREX.offer_refusal(state, (spot,))
            assert (said is None) is (answer is None)
            if answer is not None:
                assert said == answer.reason() and spot.partner in said
                refused += 1
            checked += 1
    assert checked > 20 and refused > 0


def test_a_declined_offer_to_an_engine_seat_is_refused_and_nothing_written(
    tmp_path: Path,
) -> None:
    log = _new(tmp_path / "duel.yaml", "--engine", "computer:30")
    data = json.loads(run(["moves", str(log), "--format", "json"]).output)
    declined = data["declined"]
    assert declined, "the engine declines some offer at the start"
    state = _replayed(log).final
    from forexcli.games.forex.notation import write

    spot = next(d for d in legal_decisions(state) if write(d) == declined[0])
    action = next(iter(legal_decisions(apply(state, spot))))
    before = log.read_text()
    result = run(["play", str(log), "you", _text((spot, action))])
    assert result.exit_code == 1
    assert "spot_declined" in result.output
    assert "computer (the engine) declines the spot" in result.output
    assert "value would drop" in result.output or "short" in result.output
    assert "choose again" in result.output
    assert log.read_text() == before


def test_moves_lists_only_offers_the_engine_seat_accepts(tmp_path: Path) -> None:
    from forexcli.games.forex.notation import write

    log = _new(tmp_path / "duel.yaml", "--engine", "computer:30")
    state = _replayed(log).final
    spots = {write(d): d for d in legal_decisions(state) if isinstance(d, Spot)}
    data = json.loads(run(["moves", str(log), "--format", "json"]).output)
    listed = [m for g in data["groups"] if g["kind"] == "spot" for m in g["moves"]]
    assert listed and data["declined"]
    assert sorted(listed + data["declined"]) == sorted(spots)
    for text in listed:
        assert refusal(state, spots[text]) is None, text
    for text in data["declined"]:
        assert refusal(state, spots[text]) is not None, text
    every = run(["moves", str(log), "--all"]).output
    assert not any(text in every for text in data["declined"])
    assert "left out: the engine would decline them" in every
    shown = run(["moves", str(log)]).output
    assert f"{len(data['declined'])} spot offers to computer left out" in shown


def test_hint_leaves_out_the_offers_an_engine_seat_declines(tmp_path: Path) -> None:
    log = _new(tmp_path / "duel.yaml", "--engine", "computer:30")
    state = _replayed(log).final
    data = json.loads(
        run(["hint", str(log), "--simulations", "200", "--top", "10", "--format", "json"]).output
    )
    from forexcli.games.forex.notation import parse

    for row in data["suggestions"]:
        first = parse("you", row["decision"]).decisions()[0]
        if isinstance(first, Spot):
            assert refusal(state, first) is None


def test_without_engine_seats_a_spot_is_played_as_before(tmp_path: Path) -> None:
    log = _new(tmp_path / "duel.yaml")
    state = _replayed(log).final
    spot = next(d for d in legal_decisions(state) if isinstance(d, Spot))
    action = next(iter(legal_decisions(apply(state, spot))))
    result = run(["play", str(log), "you", _text((spot, action))])
    assert result.exit_code == 0, result.output


# --------------------------------------------------------------------------- 3: open offers


class Offers:
    """The engine made to offer spots to ``you`` first: ``offers`` in order, each until it
    is excluded (declined), then the real engine; ``seen`` keeps what each call excluded."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, count: int = 1) -> None:
        from forexcli.games.forex.advisor import FOREX_ADVISOR

        self.real = FOREX_ADVISOR.entry_without
        self.count = count
        self.seen: list[tuple[str, ...]] = []
        monkeypatch.setattr(FOREX_ADVISOR, "entry_without", self)

    def entries(self, state: GameState) -> list[tuple[Any, ...]]:
        spots = [
            d
            for d in legal_decisions(state)
            if isinstance(d, Spot) and d.partner == "you" and d.give_currency != "GBP"
        ]
        return [(s, next(iter(legal_decisions(apply(state, s))))) for s in spots[: self.count]]

    def __call__(
        self, state: GameState, budget: Any, seed: int = 0, excluded: Any = (), progress: Any = None
    ) -> tuple[Any, ...]:
        from forexcli.games.forex.notation import write

        self.seen.append(tuple(sorted(write(d) for d in excluded)))
        if state.players[state.pending.player or 0] == "computer":
            for entry in self.entries(state):
                if entry[0] not in excluded:
                    return entry
        found: tuple[Any, ...] = self.real(state, budget, seed, excluded, progress)
        return found


def _offer_log(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, count: int = 1
) -> tuple[Path, Offers]:
    log = _new(tmp_path / "duel.yaml", "--engine", "computer:20", "--first", "computer")
    offers = Offers(monkeypatch, count)
    result = run(["play", str(log), "computer", "--engine"])
    assert result.exit_code == 0, result.output
    said = " ".join(result.output.split())  # the lines wrap at 80 columns
    assert "computer offers you: spot" in said
    assert f"forex play {log} you accept (or decline)" in said
    return log, offers


def test_the_engines_offer_to_a_person_waits_in_the_header(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    log, offers = _offer_log(tmp_path, monkeypatch)
    (entry,) = offers.entries(_replayed(log).final)
    offer = open_offer(gamelog.read_log(log.read_text(), str(log)).header)
    assert offer is not None and offer.player == "computer"
    assert offer.decision == _text(entry)
    assert _replayed(log).moves == 0  # nothing is agreed: no move
    assert run(["validate", str(log)]).exit_code == 0
    shown = " ".join(run(["show", str(log)]).output.split())  # the line wraps at 80 columns
    assert f"Open offer: computer offers you: {offer.decision} (nothing is agreed yet)" in shown
    assert "Open offer: computer offers you" in run(["message", str(log)]).output
    assert "Open offer: computer offers you" in run(["moves", str(log)]).output
    page = tmp_path / "duel.html"
    assert run(["html", str(log), "-o", str(page)]).exit_code == 0
    assert "Open offer: computer offers you" in page.read_text()


def test_no_move_is_written_while_an_offer_waits(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    log, _ = _offer_log(tmp_path, monkeypatch)
    before = log.read_text()
    refused = run(["play", str(log), "you", "invest GBP"])
    assert refused.exit_code == 1
    assert "open_offer" in refused.output
    assert "you answer: forex play" in " ".join(refused.output.split())  # (hints wrap)
    assert run(["play", str(log), "computer", "--engine"]).exit_code == 1
    assert run(["play", str(log), "computer", "accept"]).exit_code == 1  # not computer's offer
    assert log.read_text() == before


def test_accept_makes_the_offer_the_engine_seats_move(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    log, _ = _offer_log(tmp_path, monkeypatch)
    offer = open_offer(gamelog.read_log(log.read_text(), str(log)).header)
    assert offer is not None
    result = run(["play", str(log), "you", "accept"])
    assert result.exit_code == 0, result.output
    assert "you accepted the offer." in result.output
    assert f"move 1: computer: {offer.decision} (agreed by you)" in result.output
    played = _replayed(log)
    assert played.moves == 1 and played.log.entries[0].text == offer.decision
    assert played.log.entries[0].digest is not None
    assert "offer" not in played.log.header
    assert run(["validate", str(log)]).exit_code == 0
    assert run(["play", str(log), "you", "accept"]).exit_code == 1  # no offer now


def test_decline_has_the_engine_choose_again_without_the_offer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    log, offers = _offer_log(tmp_path, monkeypatch, count=2)
    first, second = (_text(e) for e in offers.entries(_replayed(log).final))
    result = run(["play", str(log), "you", "decline"])
    assert result.exit_code == 0, result.output
    assert "you declined the offer." in result.output
    offer = open_offer(gamelog.read_log(log.read_text(), str(log)).header)
    assert offer is not None
    assert (offer.decision, offer.declined) == (second, (first,))
    assert run(["validate", str(log)]).exit_code == 0
    result = run(["play", str(log), "you", "no"])
    assert result.exit_code == 0, result.output
    played = _replayed(log)
    assert "offer" not in played.log.header
    assert played.log.entries[0].player == "computer"
    assert played.log.entries[0].text not in (first, second)
    spots = {first.split(";")[0], second.split(";")[0]}
    assert tuple(sorted(spots)) in offers.seen  # the last choice left both out


def test_undo_takes_the_offer_back(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    log, _ = _offer_log(tmp_path, monkeypatch)
    with_offer = log.read_text()
    said = run(["undo", str(log), "--dry-run"])
    assert said.exit_code == 0 and "would take back computer's open offer" in said.output
    assert log.read_text() == with_offer
    assert run(["undo", str(log)]).exit_code == 0
    assert "offer" not in log.read_text()
    assert run(["validate", str(log)]).exit_code == 0


@pytest.mark.parametrize(
    ("offer", "words"),
    [
        ("{player: you, decision: invest GBP}", "not you"),
        ("{player: computer, decision: invest GBP}", "offers nothing"),
        ('{player: computer, decision: "spot 9 EUR to you for 1 GBP; resolve"}', ""),
    ],
)
def test_validate_checks_the_open_offer(tmp_path: Path, offer: str, words: str) -> None:
    log = _new(tmp_path / "duel.yaml", "--first", "computer")
    log.write_text(log.read_text().replace("moves: []", f"offer: {offer}\nmoves: []"))
    (problem,) = problems_of(log)
    assert problem["code"] == "bad_offer"
    assert words in str(problem["message"])


def test_a_mail_brings_the_open_offer_to_the_person(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tests.record.test_mail import _log_mail

    # mine and the host's log are copies of one game: one game id
    monkeypatch.setattr("forexcli.record.newheader.new_game_id", lambda: "5eed" * 8)
    mine = _new(tmp_path / "mine.yaml", "--engine", "computer:20", "--first", "computer")
    log, _ = _offer_log(tmp_path, monkeypatch)
    taken = run(["read", str(_log_mail(log.read_text(), tmp_path / "o.eml")), "--into", str(mine)])
    assert taken.exit_code == 0, taken.output
    assert "computer's open offer to you" in taken.output
    assert mine.read_text() == log.read_text()
    again = run(["read", str(_log_mail(log.read_text(), tmp_path / "p.eml")), "--into", str(mine)])
    assert again.exit_code == 0 and "unchanged" in again.output


def test_an_unsigned_move_after_an_offer_in_a_signed_game_keeps_the_countersignature_model(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    key = make_key(tmp_path, "you")
    log, _ = _offer_log(tmp_path, monkeypatch)
    text = log.read_text().replace("moves: []", "moves: []")
    pub = (tmp_path / "you.key.pub").read_text().strip()
    log.write_text(text.replace("engines:", f"keys: {{you: {pub}}}\nengines:", 1))
    result = run(["play", str(log), "you", "accept"])
    assert result.exit_code == 0, result.output
    assert "countersignature is the agreement" in result.output
    assert [p["code"] for p in problems_of(log, "--require-signatures")] == ["unagreed_spot"]
    signed = run(["sign", str(log), "1", "--as", "you", "--key", str(key)])
    assert signed.exit_code == 0, signed.output
    assert problems_of(log) == []


# --------------------------------------------------------------------------- 4: replies


def _person_plays(log: Path, rng: random.Random) -> Any:
    """One decision of ``you``, chosen at random among what ``forex moves --all`` lists (or,
    to the engine's open offer, accept or decline)."""
    if open_offer(gamelog.read_log(log.read_text(), str(log)).header) is not None:
        return run(["play", str(log), "you", rng.choice(("accept", "decline"))])
    listed = run(["moves", str(log), "--all"]).output.splitlines()
    choices = [line for line in listed if line and not line.startswith("#")]
    return run(["play", str(log), "you", rng.choice(choices)])


def test_a_whole_game_against_the_engine_takes_one_command_a_decision(tmp_path: Path) -> None:
    log = _new(tmp_path / "duel.yaml", "--engine", "computer:20")
    rng = random.Random(3)
    commands = answers = 0
    while not _replayed(log).final.is_over:
        result = _person_plays(log, rng)
        commands += 1
        answers += "the offer." in result.output  # an answer to the engine's offer
        assert result.exit_code == 0, result.output
        assert commands < 200
    played = _replayed(log)
    mine = sum(entry.player == "you" for entry in played.log.entries)
    assert commands == mine + answers  # one command per decision of the person, nothing else
    assert sum(entry.player == "computer" for entry in played.log.entries) > 0
    assert run(["validate", str(log)]).exit_code == 0
    assert all(entry.digest for entry in played.log.entries)


def test_replies_are_deterministic_with_simulations(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("forexcli.record.newheader.new_game_id", lambda: "5eed" * 8)  # one game
    logs = []
    for name in ("a", "b"):
        log = _new(tmp_path / f"{name}.yaml", "--engine", "computer:25")
        rng = random.Random(9)
        for _ in range(4):
            assert _person_plays(log, rng).exit_code == 0
        logs.append(log.read_text())
    assert logs[0] == logs[1]


def test_the_report_is_the_move_one_line_a_reply_and_the_board(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    log = _new(Path("duel.yaml"), "--engine", "computer:20")
    result = run(["play", str(log), "you", "invest", "GBP"], COLUMNS="80")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == f"move 1: you: invest GBP (added to {log})"
    replies = [line for line in lines if line.startswith("move 2: computer: ")]
    assert len(replies) == 1 and replies[0].endswith("(the engine, 20 simulations)")
    assert lines[-1] == "Next: you to play."
    assert len(lines) <= 24 and max(len(line) for line in lines) <= 80


def test_no_reply_leaves_the_engine_seats_for_later(tmp_path: Path) -> None:
    log = _new(tmp_path / "duel.yaml", "--engine", "computer:20")
    result = run(["play", str(log), "you", "invest GBP", "--no-reply"])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[-1] == "Next: computer to decide (turn)"
    assert _replayed(log).moves == 1
    result = run(["play", str(log), "computer", "--engine"])
    assert result.exit_code == 0, result.output
    assert result.output.startswith("move 2: computer: ")
    assert _replayed(log).moves == 2


def test_reply_engines_as_a_library(tmp_path: Path) -> None:
    from forexcli.replies import reply_engines

    log = _new(tmp_path / "duel.yaml", "--engine", "computer:20", "--first", "computer")
    done = reply_engines(str(log))
    assert [reply.player for reply in done.replies] == ["computer"]
    assert done.replies[0].number == 1 and done.stopped == "you decide next"
    assert reply_engines(str(log)).replies == ()


def test_world_exchangers_engine_seats_reply_too(tmp_path: Path) -> None:
    log = tmp_path / "wx.yaml"
    result = run(
        ["new", str(log), "--game", "world-exchangers", "--players", "ann,bot", "--seed", "4",
         "--first", "ann", "--components", str(COMPONENTS), "--engine", "bot:20"]
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    result = run(["play", str(log), "ann", "buy", "Prague"])
    assert result.exit_code == 0, result.output
    played = _replayed(log)
    assert [entry.player for entry in played.log.entries][:2] == ["ann", "bot"]
    assert "move 2: bot: " in result.output
    assert "Sale area (buy at base value): " in result.output and "ann (" in result.output
    assert result.output.splitlines()[-1].startswith("Next: ann to decide")
    assert run(["validate", str(log)]).exit_code == 0


def test_a_signed_move_gets_its_replies_and_the_next_person_is_named(tmp_path: Path) -> None:
    key = make_key(tmp_path, "you")
    contacts = ["--contact", "you=you@example.org", "--contact", "bob=bob@example.org"]
    log = _new(tmp_path / "t.yaml", "--engine", "computer:20", *contacts,
               players="you,computer,bob")  # fmt: skip
    result = run(["play", str(log), "you", "invest GBP", "--sign", "--key", str(key)])
    assert result.exit_code == 0, result.output
    assert "move 2: computer: " in result.output
    assert f"Send {log} to bob: bob@example.org" in result.output
    assert "to you:" not in result.output
    assert [p["code"] for p in problems_of(log)] == []


def test_an_offer_the_engine_accepts_is_played_and_said(tmp_path: Path) -> None:
    log = _new(tmp_path / "duel.yaml", "--engine", "computer:20")
    data = json.loads(run(["moves", str(log), "--format", "json"]).output)
    accepted = next(m for g in data["groups"] if g["kind"] == "spot" for m in g["moves"])
    result = run(["play", str(log), "you", f"{accepted}; resolve"])
    assert result.exit_code == 0, result.output
    assert "computer (the engine) accepts the spot" in result.output
    assert _replayed(log).log.entries[0].text == f"{accepted}; resolve"


def test_accept_sign_countersigns_the_deal_in_a_signed_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    key = make_key(tmp_path, "you")
    log, _ = _offer_log(tmp_path, monkeypatch)
    pub = (tmp_path / "you.key.pub").read_text().strip()
    log.write_text(log.read_text().replace("engines:", f"keys: {{you: {pub}}}\nengines:", 1))
    before = log.read_text()
    assert run(["play", str(log), "you", "decline", "--sign", "--key", str(key)]).exit_code == 2
    assert run(["play", str(log), "you", "accept", "--dry-run"]).exit_code == 2
    assert log.read_text() == before
    result = run(["play", str(log), "you", "accept", "--sign", "--key", str(key)])
    assert result.exit_code == 0, result.output
    assert "you countersigned move 1: the deal is agreed" in result.output
    assert problems_of(log, "--require-signatures") == []


def test_an_engine_seats_offer_to_another_engine_seat_is_put_to_its_consent(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from forexcli.games.forex.advisor import FOREX_ADVISOR
    from forexcli.games.forex.notation import write

    log = _new(tmp_path / "t.yaml", "--engine", "bot:20", "--engine", "cpu:20", "--first", "bot",
               players="you,bot,cpu")  # fmt: skip
    state = _replayed(log).final
    refused = next(
        d
        for d in legal_decisions(state)
        if isinstance(d, Spot) and d.partner == "cpu" and refusal(state, d) is not None
    )
    real = FOREX_ADVISOR.entry_without
    seen: list[tuple[str, ...]] = []

    def offering(state: GameState, budget: Any, seed: int = 0, excluded: Any = (),
                 progress: Any = None) -> tuple[Any, ...]:  # fmt: skip
        if state.players[state.pending.player or 0] != "bot":  # cpu's replies: the engine
            return tuple(real(state, budget, seed, excluded, progress))
        seen.append(tuple(write(d) for d in excluded))
        if refused not in excluded:
            return (refused, next(iter(legal_decisions(apply(state, refused)))))
        found: tuple[Any, ...] = real(state, budget, seed, excluded, progress)
        return found

    monkeypatch.setattr(FOREX_ADVISOR, "entry_without", offering)
    result = run(["play", str(log), "bot", "--engine", "--format", "json", "--simulations", "20"])
    assert result.exit_code == 0, result.output
    assert seen[-1] == (write(refused),)
    assert not _replayed(log).log.entries[0].text.startswith(write(refused))


def test_offers_and_answers_as_a_library(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from forexcli.record.problems import LogError
    from forexcli.replies import answer_offer, engine_move, withdraw_offer

    log = _new(tmp_path / "duel.yaml", "--engine", "computer:20", "--first", "computer")
    offers = Offers(monkeypatch, count=1)
    (entry,) = offers.entries(_replayed(log).final)
    made = engine_move(str(log), "computer", Budget(simulations=20))
    assert (made.offered, made.number, made.text) == ("you", None, _text(entry))
    assert withdraw_offer(str(log), dry_run=True).decision == _text(entry)
    with pytest.raises(LogError) as refused:
        answer_offer(str(log), "computer", accept=True)
    assert refused.value.problems[0].code == "no_offer"
    again = answer_offer(str(log), "you", accept=False)
    assert again.offered is None and again.number == 1 and again.text != _text(entry)
    with pytest.raises(LogError):
        answer_offer(str(log), "you", accept=True)  # no offer any more


def test_declined_problem_as_a_library(tmp_path: Path) -> None:
    from forexcli.games.forex.notation import write
    from forexcli.replies import declined_problem, declines

    log = _new(tmp_path / "duel.yaml", "--engine", "computer:20")
    played = _replayed(log)
    state = played.final
    spots = [d for d in legal_decisions(state) if isinstance(d, Spot)]
    refused = next(d for d in spots if refusal(state, d) is not None)
    kept = next(d for d in spots if refusal(state, d) is None)
    for spot, declined in ((refused, True), (kept, False)):
        entry = (spot, next(iter(legal_decisions(apply(state, spot)))))
        assert (declines(played.log, state, entry) is not None) is declined
        text = gamelog.read_log(log.read_text(), str(log))
        from forexcli.record.entrytext import appended_text

        moved = gamelog.replay(
            gamelog.read_log(appended_text(text, "you", _text(entry), None), str(log))
        )
        problem = declined_problem(moved)
        assert (problem is not None) is declined
        if problem is not None:
            assert problem.code == "spot_declined" and write(spot) in problem.message


@settings(max_examples=60, deadline=None)
@given(
    seats=st.dictionaries(
        st.sampled_from(["you", "computer", "bot"]),
        st.one_of(st.integers(1, 10**6), st.sampled_from(["1s", "0.5s", "12s"])),
        min_size=1,
    ),
    comment=st.booleans(),
)
def test_a_header_key_set_and_removed_leaves_the_rest_byte_for_byte(
    seats: dict[str, Any], comment: bool
) -> None:
    from forexcli.record import yamlread

    text = (
        "forex: 1\n"
        + ("# the players\n" if comment else "")
        + "players: [you, computer, bot]\nseed: x\nmoves:\n  - you: invest GBP\n"
    )
    added = with_header_key(text, "engines", seats)
    assert yamlread.read(added, "t.yaml").data["engines"] == seats
    assert with_header_key(added, "engines", None) == text
    changed = with_header_key(added, "engines", {"you": "3s"})
    assert yamlread.read(changed, "t.yaml").data["engines"] == {"you": "3s"}
    assert with_header_key(changed, "engines", None) == text


def test_an_engine_seat_with_a_key_waits_for_its_signed_move(tmp_path: Path) -> None:
    """A seat whose key the log holds plays no unsigned reply: that move would be refused
    as ``unsigned_move``; the person is told how the seat's move is signed."""
    mine, its = make_key(tmp_path, "you"), make_key(tmp_path, "computer")
    keyed = ["--key-for", f"you={mine}.pub", "--key-for", f"computer={its}.pub"]
    log = _new(tmp_path / "keyed.yaml", "--engine", "computer:20", *keyed)
    result = run(["play", str(log), "you", "invest GBP", "--sign", "--key", str(mine)])
    assert result.exit_code == 0, result.output
    assert _replayed(log).moves == 1
    assert "the log holds computer's key: sign its move" in " ".join(result.output.split())
    result = run(["play", str(log), "computer", "--engine", "--simulations", "20", "--sign",
                  "--key", str(its)])  # fmt: skip
    assert result.exit_code == 0, result.output
    assert [p["code"] for p in problems_of(log)] == []


@pytest.mark.parametrize("game", ["forex", "world-exchangers"])
def test_a_person_told_it_is_the_engines_turn_is_told_how_to_let_it_play(
    tmp_path: Path, game: str
) -> None:
    """After ``--no-reply`` (or an undo) the engine seat waits: a person's decision then is
    ``not_your_turn``, with the command that lets the engine seat decide."""
    log = tmp_path / "duel.yaml"
    if game == "forex":
        made = run(["new", str(log), "--players", "you,computer", "--seed", "7",
                    "--engine", "computer:20", "--first", "computer"])  # fmt: skip
        decision = "invest GBP"
    else:
        data = Path(__file__).resolve().parents[2] / "forexcli" / "games" / "worldex" / "data"
        made = run(["new", str(log), "--game", "world-exchangers", "--players", "you,computer",
                    "--seed", "4", "--first", "computer", "--engine", "computer:20",
                    "--components", str(data / "invented-components.json")])  # fmt: skip
        decision = "buy Prague"
    assert made.exit_code == 0, made.output
    before = log.read_bytes()
    result = run(["play", str(log), "you", decision])
    assert result.exit_code == 1 and "not_your_turn" in result.output
    assert "Traceback" not in result.output
    said = " ".join(result.output.split())
    assert (
        f"hint: computer is an engine seat; let it decide: forex play {log} computer --engine"
        in said
    )
    assert log.read_bytes() == before


@pytest.mark.parametrize(("name", "close"), [("bob", None), ("Computer", "computer")])
def test_the_engine_for_a_name_that_is_no_players_says_so(
    tmp_path: Path, name: str, close: str | None
) -> None:
    log = _new(tmp_path / "duel.yaml", "--engine", "computer:20")
    before = log.read_bytes()
    result = run(["play", str(log), name, "--engine"])
    assert result.exit_code == 1 and "Traceback" not in result.output
    said = " ".join(result.output.split())
    assert f"unknown_name: move 1: {name}: unknown player '{name}'; the players are you," in said
    assert "cannot decide for" not in said
    assert ("did you mean computer?" in said) == (close is not None)
    assert f"you decide next: forex play {log} you DECISION (forex moves {log} lists them)" in said
    assert log.read_bytes() == before


@pytest.mark.parametrize(("name", "option"), [("bob", "--engine"), ("Computer", "--person")])
def test_seat_for_a_name_that_is_no_players_hints_a_name_not_the_header(
    tmp_path: Path, name: str, option: str
) -> None:
    """The header is right: the name typed is not (the hint said to fix the set-up)."""
    log = _new(tmp_path / "duel.yaml", "--engine", "computer:20")
    before = log.read_bytes()
    result = run(["seat", str(log), name, option])
    assert result.exit_code == 1 and "unknown_player" in result.output
    said = " ".join(result.output.split())
    assert "fix the set-up" not in said
    assert f"name a player: forex seat {log} NAME {option}" in said
    assert ("did you mean computer?" in said) == (name == "Computer")
    assert log.read_bytes() == before


def test_undo_of_an_offer_says_what_comes_next_within_the_width(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    log = _new(Path("duel.yaml"), "--engine", "computer:20", "--first", "computer")
    Offers(monkeypatch)
    assert run(["play", str(log), "computer", "--engine"]).exit_code == 0
    assert "offer:" in log.read_text()
    result = run(["undo", str(log)], COLUMNS="80")
    assert result.exit_code == 0 and "offer:" not in log.read_text()
    lines = result.output.splitlines()
    assert lines[0].startswith("took back computer's open offer (spot ")
    assert "next: computer decides again: forex play duel.yaml computer --engine" in lines
    assert "undo duel.yaml again" not in result.output  # no move to remove after it
    assert max(len(line) for line in lines) <= 80, lines


def test_a_seat_handed_over_mid_game_when_it_decides_says_how_it_plays(tmp_path: Path) -> None:
    """The seat handed to the engine is the one to decide: the command that lets it, then
    the game goes on with one command a turn; handed back, a person plays it again."""
    log = _new(tmp_path / "three.yaml", players="ann,bob,carl")
    assert run(["play", str(log), "ann", "invest GBP"]).exit_code == 0
    said = run(["seat", str(log), "bob", "--engine", "20"])
    assert said.exit_code == 0, said.output
    assert f"bob decides next: forex play {log} bob --engine" in " ".join(said.output.split())
    later = run(["seat", str(log), "carl", "--engine", "20"])  # carl does not decide now
    assert later.exit_code == 0 and "decides next" not in later.output
    assert run(["play", str(log), "bob", "--engine"]).exit_code == 0  # then carl replies
    assert [e.player for e in _replayed(log).log.entries] == ["ann", "bob", "carl"]
    assert run(["seat", str(log), "bob", "--person"]).exit_code == 0
    assert run(["seat", str(log), "carl", "--person"]).exit_code == 0
    assert run(["play", str(log), "ann", "invest EUR"]).exit_code == 0
    assert [e.player for e in _replayed(log).log.entries] == ["ann", "bob", "carl", "ann"]
    assert "engines" not in log.read_text()


def test_hint_with_an_open_offer_says_it_waits_for_its_answer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every decision waits for the answer to the offer: hint says so below its table, as
    moves does (its 'To play the best' alone was refused with open_offer)."""
    log, _ = _offer_log(tmp_path, monkeypatch)
    result = run(["hint", str(log), "--simulations", "20"])
    assert result.exit_code == 0, result.output
    said = " ".join(result.output.split())
    assert "Open offer: computer offers you: spot " in said
    assert f"you answer: forex play {log} you accept (or decline)" in said


def test_the_engine_asked_for_a_seat_that_does_not_decide_hints_the_right_command(
    tmp_path: Path,
) -> None:
    """A person decides next: their own decision, not ``forex play FILE you --engine`` (the
    engine playing the person's move); an engine seat decides next: its ``--engine``."""
    log = _new(tmp_path / "duel.yaml", "--engine", "computer:20")
    wrong = run(["play", str(log), "computer", "--engine"])
    assert wrong.exit_code == 1 and "not_your_turn" in wrong.output
    said = " ".join(wrong.output.split())
    assert f"hint: forex play {log} you DECISION (forex moves {log} lists them)" in said
    assert "you --engine" not in said
    assert run(["play", str(log), "you", "invest GBP", "--no-reply"]).exit_code == 0
    wrong = run(["play", str(log), "you", "--engine"])
    assert f"hint: forex play {log} computer --engine" in " ".join(wrong.output.split())


@pytest.mark.parametrize("game", ["forex", "world-exchangers"])
def test_new_with_the_engine_first_gives_one_next_step(tmp_path: Path, game: str) -> None:
    """Not 'next: forex moves (then: forex play FILE computer DECISION)' and then the
    engine's command: the one next step is the engine seat's."""
    log = tmp_path / "d.yaml"
    args = ["new", str(log), "--players", "you,computer", "--seed", "4", "--first", "computer",
            "--engine", "computer:20"]  # fmt: skip
    if game != "forex":
        data = Path(__file__).resolve().parents[2] / "forexcli" / "games" / "worldex" / "data"
        args += ["--game", game, "--components", str(data / "invented-components.json")]
    result = run(args)
    assert result.exit_code == 0, result.output
    said = " ".join(result.output.split())
    assert f"next: computer (the engine) decides first: forex play {log} computer --engine" in said
    assert "forex moves" not in said and "computer DECISION" not in said


@pytest.mark.parametrize("first", ["you", "computer"])
@pytest.mark.parametrize("game", ["forex", "world-exchangers"])
def test_new_against_the_engine_names_the_game_at_a_prompt(
    tmp_path: Path, game: str, first: str
) -> None:
    """A newcomer's forex new against the computer said only 'next: forex moves FILE' (or
    the engine's own command), never the one command that plays the whole game: now it
    names forex play FILE you too; not where two people play (which of them?)."""
    log = tmp_path / "d.yaml"
    args = ["new", str(log), "--players", "you,computer", "--seed", "4", "--first", first,
            "--engine", "computer:20"]  # fmt: skip
    if game != "forex":
        data = Path(__file__).resolve().parents[2] / "forexcli" / "games" / "worldex" / "data"
        args += ["--game", game, "--components", str(data / "invented-components.json")]
    result = run(args)
    assert result.exit_code == 0, result.output
    said = " ".join(result.output.split())
    assert f"or the whole game at a prompt, on a terminal: forex play {log} you" in said
    three = tmp_path / "three.yaml"
    args[1:4] = [str(three), "--players", "you,computer,bob"]
    result = run(args)
    assert result.exit_code == 0, result.output
    assert "at a prompt" not in result.output


def test_moves_on_an_engine_seats_turn_says_how_it_decides(tmp_path: Path) -> None:
    """The engine seat's decisions are listed, and below them the command that lets the
    engine make one (nothing plays an engine seat until asked); not on a person's turn."""
    log = _new(tmp_path / "duel.yaml", "--engine", "computer:20", "--first", "computer")
    said = " ".join(run(["moves", str(log)]).output.split())
    assert f"computer is an engine seat; let it decide: forex play {log} computer --engine" in said
    assert run(["play", str(log), "computer", "--engine"]).exit_code == 0
    assert "engine seat" not in run(["moves", str(log)]).output
    assert "engine seat" not in run(["moves", str(log), "--all"]).output


def test_the_replies_and_the_engines_offer_fit_the_width(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One command a turn prints the person's move, the engine's lines and the board in 80
    columns: a long entry or the engine's offer (with the command that answers it, kept
    whole) wraps at spaces."""
    monkeypatch.chdir(tmp_path)
    log = _new(Path("a-duel-by-the-fireside.yaml"), "--engine", "computer:20")
    state = _replayed(log).final
    accepted = next(
        (spot, action)
        for spot in legal_decisions(state)
        if isinstance(spot, Spot) and refusal(state, spot) is None
        for action in legal_decisions(apply(state, spot))
        if "contract" in write(action)
    )
    Offers(monkeypatch)  # the engine then offers you a spot
    entry = f"{write(accepted[0])}; {write(accepted[1])}"
    result = run(["play", str(log), "you", entry], COLUMNS="80")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert max(len(line) for line in lines) <= 80, [line for line in lines if len(line) > 80]
    said = " ".join(result.output.split())
    assert f"move 1: you: {entry} (added to {log})" in said
    assert "computer offers you: spot " in said
    assert any(f"forex play {log} you accept" in line for line in lines)


def test_forex_help_says_how_to_play_the_computer() -> None:
    """forex --help named how to start, see and play a game, but not how to play against
    the computer: a newcomer found --engine only in forex new's options."""
    said = " ".join(run(["--help"]).output.split())
    assert (
        "Play the computer: forex new duel.yaml --players you,computer --engine computer"
        " then forex play duel.yaml you (the game at a prompt)"
    ) in said
