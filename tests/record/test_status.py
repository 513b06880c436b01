"""The frame's one line of a state (``record.status``): who decides next, or how it ended."""

from __future__ import annotations

from typing import Any, Optional

from forexcli.games.counting import PLAIN, State
from forexcli.games.counting.rules import CountingGame
from forexcli.record.status import pending_line, status_line


class DrawnCounting(CountingGame):
    """Counting where reaching the target wins nobody: a game whose result is a draw."""

    def result(self, state: State) -> Optional[dict[str, Any]]:
        return {"winners": [], "total": state.total} if state.over else None


def over(game: CountingGame) -> State:
    """A game of ``game`` played to its target of 2 by ann and bob."""
    state = game.setup({"players": ["ann", "bob"], "target": 2}, {})
    for decision in game.parse("ann", "add 2"):
        state = game.apply(state, decision)
    return state


def test_a_finished_game_without_winners_is_said_a_draw() -> None:
    """``winners: []`` is a draw, said so by ``play``, ``moves``, ``history`` and ``validate``
    (they said "game over" and nothing of how it ended)."""
    game = DrawnCounting()
    assert pending_line(game, over(game)) == "game over: a draw, nobody won"
    assert status_line(game, over(game)) == "game over: a draw, nobody won"


def test_a_won_game_names_its_winner_and_a_running_one_who_decides() -> None:
    assert pending_line(PLAIN, over(PLAIN)) == "game over: ann won"
    start = PLAIN.setup({"players": ["ann", "bob"]}, {})
    assert pending_line(PLAIN, start) == "ann to decide (add)"
