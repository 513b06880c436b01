"""benchmarks/losses: a journal's games not won alone, replayed to their final result."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from pathlib import Path

import pytest

from benchmarks import bankruptcies, losses, strength
from forexcli.games.forex.rules import GameState, Spot, apply
from forexcli.games.forex.search.mcts import Budget
from forexcli.games.forex.search.players import Entry


def _applied(state: GameState, entry: Entry) -> GameState:
    for decision in entry:
        state = apply(state, decision)
    return state


def _journal(tmp_path: Path) -> tuple[Path, list[strength.Match]]:
    journal = tmp_path / "games.jsonl"
    jobs = [("random", "greedy,greedy,greedy", i) for i in range(4)]
    jobs += [("greedy", "random", i) for i in range(2)]
    with ThreadPoolExecutor(2) as executor:
        matches = strength.run_matches(executor, jobs, 2, None, journal=str(journal))
    return journal, matches


def test_each_game_not_won_alone_replays_to_the_place_the_journal_scored(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    journal, matches = _journal(tmp_path)
    four = [m for m in matches if m.second == "greedy,greedy,greedy"]
    assert any(m.score < 1 for m in four)  # the random player does not win them all
    for match in matches:
        if match.score == 1:
            continue
        loss = losses.loss_of(match)
        assert loss.shared == (match.score > 0)
        assert (loss.place == 1) == loss.shared
        assert loss.bankrupt == (match.bankrupt == "first")
        assert loss.behind >= 0 and (loss.behind == 0 or not loss.shared)
        names = losses.seat_names(match)
        assert names[match.seat] == match.first and len(names) == 1 + match.second.count(",") + 1
        assert set(loss.winners) <= set(names) and loss.winners
        assert (match.first in loss.winners) == loss.shared  # no other seat has its name
    losses.main(["--journal", str(journal), "--first", "random", "--second",
                 "greedy,greedy,greedy", "--budget", "2 simulations"])  # fmt: skip
    out = capsys.readouterr().out.splitlines()
    won = sum(m.score == 1 for m in four)
    assert out[1].startswith(f"4 games: {won} won alone,")
    lost = [m for m in four if m.score == 0]
    assert f"{len(lost)} lost" in out[1]
    if lost:
        places = [losses.loss_of(m).place for m in lost]
        assert out[2] == "place in the games lost: " + ", ".join(
            f"{p}: {places.count(p)}" for p in sorted(set(places))
        )
        assert out[-1].startswith("won by: greedy ")


def test_a_game_cut_short_or_a_journal_without_the_games_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    journal, matches = _journal(tmp_path)
    kept = next(m for m in matches if m.moves)
    assert kept.moves is not None
    with pytest.raises(ValueError, match="do not reach the end"):
        losses.loss_of(replace(kept, moves=kept.moves[:-1]))
    with pytest.raises(SystemExit) as stopped:
        losses.main(["--journal", str(journal), "--second", "investor"])
    assert stopped.value.code == 1
    assert "no such game" in capsys.readouterr().err


def test_the_summary_counts_places_margins_and_winners() -> None:
    games = [
        strength.Match("engine", "a,b,c", i, 0.0, i % 4, 10, "last_dividend", None, 1.0)
        for i in range(6)
    ]
    found = [
        losses.Loss(0, 2, 0, ("a",), False, False),  # lost on the tie-break
        losses.Loss(1, 3, 4, ("b",), False, False),
        losses.Loss(2, 1, 0, ("engine", "a"), True, False),  # first place shared
        losses.Loss(3, 4, 30, ("a",), False, True),  # bankrupt: no margin counted
    ]
    assert losses.summary(games, found) == [
        "6 games: 2 won alone, 1 first place shared, 3 lost (1 by a bankruptcy)",
        "place in the games lost: 2: 1, 3: 1, 4: 1",
        "lost (no bankruptcy) on the tie-break alone: 1, by at most 1: 1, by at most 2: 1,"
        " by at most 3: 1, by at most 5: 2",
        "won by: a 2, b 1",
    ]


def test_changed_at_tries_the_engines_decisions_from_the_last_one_back(tmp_path: Path) -> None:
    """Any final position wanted: the engine's last decision with another entry is named;
    none wanted: None.  A close loss of the engine is tried the same way by ``winnable``."""
    journal = tmp_path / "games.jsonl"
    jobs = [("engine", "greedy,greedy,greedy", i) for i in range(4)]
    with ThreadPoolExecutor(2) as executor:
        matches = strength.run_matches(executor, jobs, 2, None, journal=str(journal))
    lost = [m for m in matches if m.score < 1]
    assert lost  # at 2 simulations the engine does not win every game
    match = lost[0]
    start, entries = bankruptcies.replayed(match)
    mine = [i for i, (who, _) in enumerate(entries) if who == start.players[match.seat]]
    budget = Budget(simulations=2)
    args = (start, entries, match.second, match.seat, budget, match.index, 3)
    states = [start]
    for _, entry in entries:
        states.append(_applied(states[-1], entry))
    choices = [  # decisions with another entry that needs no partner's consent
        number
        for number in mine[-3:]
        if any(
            e != entries[number][1] and not isinstance(e[0], Spot)
            for e in bankruptcies._entries_of(states[number])
        )
    ]
    assert choices  # the engine had a choice in its last decisions
    anything = bankruptcies.changed_at(*args, lambda final: True)
    assert anything in mine[-3:] and anything >= choices[-1]
    assert bankruptcies.changed_at(*args, lambda final: False) is None
    found = losses.winnable(match, 3, budget)
    assert found is None or found in mine[-3:]
    with pytest.raises(ValueError, match="only the engine's decisions"):
        losses.winnable(replace(match, first="investor"), 3, budget)
