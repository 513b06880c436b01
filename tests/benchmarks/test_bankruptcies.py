"""benchmarks/bankruptcies: a strength journal's bankruptcies read back and tried again."""

from __future__ import annotations

import json
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from benchmarks import bankruptcies, strength
from forexcli.games.forex.rules import apply


def test_a_journals_bankruptcy_replays_to_it_and_one_without_entries_is_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    journal = tmp_path / "games.jsonl"
    jobs = [("engine", "random", i) for i in range(4)]
    jobs += [("engine", "random,random,random", i) for i in range(4)]
    with ThreadPoolExecutor(2) as executor:
        matches = strength.run_matches(executor, jobs, 2, None, journal=str(journal))
    broke = [m for m in matches if m.bankrupt is not None]
    assert broke  # the random player goes bankrupt
    assert {"random", "random,random,random"} == {m.second for m in broke}
    for match in broke:
        state, entries = bankruptcies.replayed(match)
        for _, entry in entries:
            for step in entry:
                state = apply(state, step)
        assert state.result is not None and state.result.bankrupt is not None
        assert state.result.bankrupt != match.seat
        assert len(state.players) == 1 + len(match.second.split(","))
    records = [json.loads(line) for line in journal.read_text(encoding="utf-8").splitlines()]
    forged = {**records[0], "index": 98, "bankrupt": "first", "moves": None}
    with journal.open("a", encoding="utf-8") as handle:
        handle.write(json.dumps(forged) + "\n")
    bankruptcies.main(["--journal", str(journal), "--simulations", "2"])
    out = capsys.readouterr().out
    assert "1 engine bankruptcies" in out
    assert f"random game 98 (engine in seat {forged['seat']}): its entries were not kept" in out
    with pytest.raises(ValueError, match="kept no entries"):
        bankruptcies.replayed(strength.Match(**{**vars(broke[0]), "moves": None}))


def test_a_bankruptcy_of_the_engine_playing_itself_is_tried_from_the_bankrupt_side(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """In a journal of the engine against itself (``engine:1s``) the second side is an engine
    too: its bankruptcy is tried again from its own seat, ``--tries`` decisions back."""
    journal = tmp_path / "games.jsonl"
    jobs = [("engine", "random", i) for i in range(6)]
    with ThreadPoolExecutor(2) as executor:
        matches = strength.run_matches(executor, jobs, 2, None, journal=str(journal))
    broke = next(m for m in matches if m.bankrupt == "second")
    record = next(
        json.loads(line)
        for line in journal.read_text(encoding="utf-8").splitlines()
        if json.loads(line)["index"] == broke.index
    )
    selfplay = tmp_path / "selfplay.jsonl"
    selfplay.write_text(json.dumps({**record, "second": "engine:1s"}) + "\n", encoding="utf-8")
    bankruptcies.main(["--journal", str(selfplay), "--simulations", "2", "--tries", "1"])
    out = capsys.readouterr().out
    assert "1 engine bankruptcies" in out
    seat = 1 - broke.seat
    assert f"engine:1s game {broke.index} (engine:1s in seat {seat}): {broke.ending}; " in out
    state, entries = bankruptcies.replayed(strength.Match(**{**vars(broke), "second": "engine:1s"}))
    for _, entry in entries:
        for step in entry:
            state = apply(state, step)
    assert state.result is not None and state.result.bankrupt == seat
