"""benchmarks/spot_offers: the engine seat against players offering it spots, answered as
``forex play`` answers them (issue 43)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from benchmarks import setups, spot_offers
from forexcli.games.base import Budget
from forexcli.games.forex.game import FOREX
from forexcli.games.forex.rules import GameState, Spot, apply
from forexcli.games.forex.search import evaluate
from forexcli.games.forex.search.ladder import ladder_answer, ladder_player
from forexcli.record import files, gamelog
from forexcli.record.seats import open_offer
from tests.cli.test_commands import run

SIMULATIONS = 4


def _states(game: spot_offers.Offered) -> list[GameState]:
    """The state before each entry of ``game`` and the final one, replayed with ``apply``."""
    state, seat = spot_offers.start_of(game.opponent, game.index)
    assert seat == game.seat
    states = [state]
    for who, text in game.moves:
        for step in FOREX.parse(who, text):
            state = apply(state, step)
        states.append(state)
    return states


def test_offers_are_put_to_the_engines_rule_and_refused_ones_chosen_again() -> None:
    """Against the greedy player (it offers spots freely): each offer to the engine counted
    once, accepted exactly when ``Game.offer_refusal`` (forex play's rule) accepts it, and
    a refused one not played: the player chose again without it."""
    game = spot_offers.play_offered("greedy", 1, SIMULATIONS)
    states = _states(game)
    final = states[-1]
    assert final.is_over and game.entries == len(game.moves)
    assert game.offers == len(game.accepted) + len(game.refused)
    assert game.accepted and game.refused  # the greedy player offers, the engine answers both ways
    engine = spot_offers.ENGINE
    assert final.players[game.seat] == engine
    played_offers = []
    for number, (who, text) in enumerate(game.moves, start=1):
        entry = FOREX.parse(who, text)
        if who != engine and FOREX.offer_partner(entry) == engine:
            assert FOREX.offer_refusal(states[number - 1], entry) is None, text
            played_offers.append((number, text))
    assert played_offers == [(n, t) for n, t in game.accepted]
    for number, text in game.refused:
        who, played = game.moves[number - 1]
        entry = FOREX.parse(who, text)
        assert FOREX.offer_refusal(states[number - 1], entry) is not None, text
        assert FOREX.parse(who, played)[0] != entry[0]  # chosen again, without the offer
    firsts = final.result.winners() if final.result else ()
    assert game.score == ((1.0 / len(firsts)) if game.seat in firsts else 0.0)


def test_a_bankruptcy_is_traced_to_the_currency_its_loan_lacked() -> None:
    """``failing_short`` names what the bankrupt seat's loan (left at the front) lacked: here
    of the random player, which goes bankrupt against the engine."""
    game = spot_offers.play_offered("random", 0, SIMULATIONS)
    final = _states(game)[-1]
    assert game.bankrupt == "opponent" and final.result is not None
    loser = final.result.bankrupt
    assert loser is not None and loser != game.seat
    short = spot_offers.failing_short(final, loser)
    assert short
    loan = final.queue[0]
    for c in short:
        assert final.money[loser][c] < loan.owes[c]  # type: ignore[union-attr]
    assert spot_offers.failing_short(final, game.seat) == []
    assert not game.through_spot and game.short == []


def test_the_table_and_the_journal_agree(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    journal = tmp_path / "offers.jsonl"
    argv = ["--against", "greedy", "--games", "2", "--simulations", "8", "--budget-divisor", "2"]
    spot_offers.main([*argv, "--journal", str(journal)])
    played = capsys.readouterr().out
    assert "engine at 4 simulations a decision" in played
    assert len(journal.read_text().splitlines()) == 2
    spot_offers.main([*argv, "--journal", str(journal), "--journal-only"])
    again = capsys.readouterr().out
    row = next(line for line in played.splitlines() if line.startswith("| greedy |"))
    assert row in again
    games = [g for g in spot_offers.read_journal(str(journal)).values()]
    score = sum(g.score for g in games)
    assert row.startswith(f"| greedy | 2 | {score:g} | {score / 2:.1%} |")


def test_an_end_spread_game_plays_the_engine_with_it_and_restores_the_default(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``play_offered(..., spread)``: every engine decision made with
    ``TWO_PLAYER_END_SPREAD`` at ``spread``; the default (2) back after the game."""
    seen: list[float] = []
    engine_turn = spot_offers.engine_turn

    def watched(*args: Any) -> Any:
        seen.append(evaluate.TWO_PLAYER_END_SPREAD)
        return engine_turn(*args)

    monkeypatch.setattr(spot_offers, "engine_turn", watched)
    game = spot_offers.play_offered("greedy", 1, SIMULATIONS, 0.0)
    assert game.end_spread == 0.0 and game.engine_decisions >= len(seen) > 0
    assert set(seen) == {0.0}
    assert evaluate.TWO_PLAYER_END_SPREAD == 2.0
    assert spot_offers.play_offered("greedy", 1, 2).end_spread == 2.0


def test_an_end_spread_run_is_kept_apart_in_the_journal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--end-spread 0``'s game (the engine before the default of 2) is journaled under a
    key of its own: the default's run does not read it, and plays its own game beside it."""
    journal = str(tmp_path / "offers.jsonl")
    argv = ["--against", "greedy", "--games", "1", "--simulations", "4", "--journal", journal]
    spot_offers.main([*argv, "--end-spread", "0"])
    assert "end spread 0" in capsys.readouterr().out
    assert [g.end_spread for g in spot_offers.read_journal(journal).values()] == [0.0]
    spot_offers.main([*argv, "--journal-only"])
    assert "| greedy | 0 |" in capsys.readouterr().out
    spot_offers.main([*argv, "--end-spread", "0", "--journal-only"])
    assert "| greedy | 1 |" in capsys.readouterr().out
    spot_offers.main(argv)
    assert "end spread 2" in capsys.readouterr().out
    games = spot_offers.read_journal(journal)
    assert sorted(g.end_spread for g in games.values()) == [0.0, 2.0]


def _replayed(path: Path) -> gamelog.Replay:
    return gamelog.replay(gamelog.read_log(files.read_bytes(str(path)), str(path)))


@pytest.mark.slow
@pytest.mark.parametrize("index", [1, 30])
def test_one_game_through_the_cli_writes_the_same_log(tmp_path: Path, index: int) -> None:
    """The same game played through ``forex play`` (the greedy player's decisions typed,
    a declined offer chosen again after ``spot_declined``, the engine's offers answered
    with accept or decline, the engine replying at once) holds the benchmark's entries.
    Game 1: the player first; game 30: the engine first, and two of its offers declined."""
    opponent = "greedy"
    game = spot_offers.play_offered(opponent, index, SIMULATIONS)
    start, seat = spot_offers.start_of(opponent, index)
    log = tmp_path / "duel.yaml"
    engine = spot_offers.ENGINE
    seed = setups.label(spot_offers.SERIES, index // 2)
    made = run(["new", str(log), "--players", ",".join(start.players), "--seed", seed,
                "--engine", f"{engine}:{SIMULATIONS}"])  # fmt: skip
    assert made.exit_code == 0, made.output
    assert _replayed(log).final == start
    player = ladder_player(opponent, Budget(simulations=1), seed=2 * index + 2)
    answer = ladder_answer(opponent)
    if seat == 0:
        first = run(["play", str(log), engine, "--engine", "--simulations", str(SIMULATIONS)])
        assert first.exit_code == 0, first.output
    declined = answered = 0
    while True:
        replay = _replayed(log)
        state = replay.final
        if state.is_over:
            break
        offer = open_offer(replay.log.header)
        if offer is not None:  # the engine's offer to the player waits for its answer
            spot = FOREX.parse(offer.player, offer.decision)[0]
            assert isinstance(spot, Spot)
            word = "accept" if answer(state, spot, 1 - seat) else "decline"
            result = run(["play", str(log), opponent, word])
            assert result.exit_code == 0, result.output
            answered += 1
            continue
        assert state.pending.player == 1 - seat
        refused: set[Spot] = set()
        while True:
            entry = player(state, frozenset(refused))
            result = run(["play", str(log), opponent, FOREX.write(entry)])
            if result.exit_code == 1 and "spot_declined" in result.output:
                assert isinstance(entry[0], Spot)
                refused.add(entry[0])
                declined += 1
                continue
            assert result.exit_code == 0, result.output
            break
    entries = [(e.player, e.text) for e in _replayed(log).log.entries]
    assert entries == game.moves
    assert declined == len(game.refused) > 0
    assert answered == game.engine_offers == (2 if index == 30 else 0)
