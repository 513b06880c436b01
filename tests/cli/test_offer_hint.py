"""``forex hint`` while the engine's offer waits for a person (issue 43, item 3): ``accept``
and ``decline`` ranked for that person by the engine's search, each with why, the file
unchanged.  World Exchangers has no offers (its ``offer_partner`` is None), so For-Ex alone."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

import pytest

from forexcli.games.base import Budget
from forexcli.record import gamelog
from forexcli.record.seats import engine_seats, open_offer
from tests.cli.test_commands import run
from tests.cli.test_engine_seats import _offer_log, _replayed

ROW = re.compile(r"^\s+(\d)\s+(accept|decline)\s+(\d+\.\d)%\s+(.*)$")


def _hint(log: Path, *extra: str) -> str:
    result = run(["hint", str(log), "--simulations", "60", *extra])
    assert result.exit_code == 0, result.output
    return result.output


def test_hint_ranks_accept_and_decline_for_the_person(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    log, _ = _offer_log(tmp_path, monkeypatch)
    before = log.read_bytes()
    shown = _hint(log)
    rows = [match.groups() for line in shown.splitlines() if (match := ROW.match(line))]
    assert [rank for rank, *_ in rows] == ["1", "2"]
    assert sorted(answer for _, answer, _, _ in rows) == ["accept", "decline"]
    values = [float(value) for _, _, value, _ in rows]
    assert values == sorted(values, reverse=True)
    offer = open_offer(gamelog.read_log(log.read_text(), str(log)).header)
    assert offer is not None
    assert shown.startswith(f"you to answer computer's offer at the start: {offer.decision[:20]}")
    said = " ".join(shown.split())
    assert "The rows are in the order of their values (the better answer first)" in said
    assert f"To answer best: forex play {log} you {rows[0][1]}" in said
    spot = offer.decision.split(";")[0].split()  # spot 1.5 EUR to you for 1 GBP
    assert f"you get {spot[1]} {spot[2]} for {spot[6]} {spot[7]} from computer" in said
    assert "no deal: computer plays instead: " in said or "computer offers you instead" in said
    assert log.read_bytes() == before


def test_hint_json_gives_both_answers_in_the_order_of_their_values(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    log, _ = _offer_log(tmp_path, monkeypatch)
    before = log.read_bytes()
    output = _hint(log, "--format", "json")
    data = json.loads(output)
    offer = open_offer(gamelog.read_log(log.read_text(), str(log)).header)
    assert offer is not None
    assert data["player"] == "you"
    assert data["offer"] == {"player": "computer", "decision": offer.decision}
    rows = data["suggestions"]
    assert sorted(row["decision"] for row in rows) == ["accept", "decline"]
    assert rows[0]["value"] >= rows[1]["value"]
    for row in rows:
        assert row["values"]["you"] == row["value"]
        assert 0 <= row["value"] <= 1 and row["why"]
    accept = next(row for row in rows if row["decision"] == "accept")
    assert accept["line"] == [{"player": "computer", "decision": offer.decision}]
    assert _hint(log, "--format", "json") == output  # --simulations: the same again
    assert log.read_bytes() == before


def test_the_decline_row_names_what_the_engine_then_plays(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The engine seat's budget is 20 simulations, a third of the hint's 60: its choice
    instead is the one ``forex play FILE you decline`` makes."""
    log, _ = _offer_log(tmp_path, monkeypatch)
    data = json.loads(_hint(log, "--format", "json"))
    decline = next(row for row in data["suggestions"] if row["decision"] == "decline")
    result = run(["play", str(log), "you", "decline", "--no-reply"])
    assert result.exit_code == 0, result.output
    played = _replayed(log)
    instead = decline["line"][0]["decision"]
    if decline["offered"]:
        after = open_offer(played.log.header)
        assert after is not None and after.decision == instead
    else:
        assert played.log.entries[-1].text == instead


def test_the_offers_advice_keeps_within_its_seconds(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from forexcli.replies import offer_hint

    log, _ = _offer_log(tmp_path, monkeypatch)
    played = _replayed(log)
    offer = open_offer(played.log.header)
    assert offer is not None
    seats = engine_seats(played.log.header)
    started = time.perf_counter()
    found = offer_hint(
        played.log.game, played.final, offer, seats, Budget(seconds=0.6, since=started)
    )
    took = time.perf_counter() - started
    assert took < 0.6 + 0.4, took
    assert [a.answer for a in found.answers] in (["accept", "decline"], ["decline", "accept"])
    assert found.answers[0].value >= found.answers[1].value


def test_the_games_say_what_an_offer_gives_its_partner(tmp_path: Path) -> None:
    from forexcli.games import get
    from forexcli.games.forex.rules import Invest, Spot

    forex = get("for-ex")
    spot = Spot("computer", "you", "EUR", 3, "GBP", 2)
    assert forex.offer_terms((spot, Invest("computer", ("GBP",)))) == "gets 1.5 EUR for 1 GBP"
    assert forex.offer_terms((Invest("computer", ("GBP",)),)) is None
    assert get("world-exchangers").offer_terms(()) is None  # no offers in that game
