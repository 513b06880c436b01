"""The engine's bankruptcies seen in the tournaments (issue 23), replayed from their entries.

Each case in ``tests/data/tournament-bankruptcies.json`` is a game the engine lost by a
bankruptcy, with its entries (as ``benchmarks/strength.py --journal`` keeps them), its
opponent, and the entry before which the engine made the decision that could not be undone.
"""

from __future__ import annotations

from forexcli.games.forex.rules import Contract, GameState, apply
from forexcli.games.forex.search.game import play_game
from forexcli.games.forex.search.ladder import ladder_answer, ladder_player
from forexcli.games.forex.search.mcts import Budget
from forexcli.games.forex.search.players import (
    Answer,
    engine_answer,
    engine_choice,
    engine_player,
)

from .cases import case_states, load_case

CASE = load_case("tournament-bankruptcies.json")


def _states() -> list[GameState]:
    return case_states(CASE)


def _short(state: GameState, seat: int) -> dict[int, int]:
    """Per currency, what the seat's queued contracts pay beyond the money it holds (halves)."""
    owed = [0] * len(state.money[seat])
    for item in state.queue:
        if isinstance(item, Contract) and item.owner == seat:
            owed[item.pay_currency] += item.pay
    return {c: o - h for c, (o, h) in enumerate(zip(owed, state.money[seat], strict=True)) if o > h}


def test_the_recorded_game_ends_in_the_engines_bankruptcy_at_the_final_settlement() -> None:
    final = _states()[-1]
    seat = CASE["players"].index(CASE["engine"])
    assert final.result is not None
    assert final.result.ending == "last_dividend_then_bankruptcy"
    assert final.result.bankrupt == seat


def test_the_engine_keeps_what_its_queued_contracts_need() -> None:
    state = _states()[CASE["before"]]
    seat = CASE["players"].index(CASE["engine"])
    assert state.pending.player == seat
    assert _short(state, seat) == {}  # every queued contract of the engine is payable now
    entry = engine_choice(state, Budget(simulations=1000), seed=CASE["seed"]).entry
    after = state
    for step in entry:
        after = apply(after, step)
    assert _short(after, seat) == {}


def test_played_on_from_there_the_engine_does_not_go_bankrupt() -> None:
    """The engine (at a fixed budget) against the opponent of the recorded game, who answers
    spot offers for itself, from the decision on to the end."""
    state = _states()[CASE["before"]]
    seat = CASE["players"].index(CASE["engine"])
    opponent = CASE["opponent"]
    players = [engine_player(Budget(simulations=200), CASE["seed"])]
    players.insert(1 - seat, ladder_player(opponent, Budget(simulations=1), CASE["seed"]))
    answers: list[Answer] = [engine_answer]
    answers.insert(1 - seat, ladder_answer(opponent))
    final = play_game(state, players, answers).final
    assert final.result is not None
    assert final.bankrupt != seat
