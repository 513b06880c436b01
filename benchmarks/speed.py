"""Simulations a second of the engine's search at 2-, 4- and 6-player middle-game positions.

Each position is reached from a fixed set-up by the dividend investor
playing every seat (so the positions do not move when the engine
changes); the search runs a fixed number of simulations there, the best of
``--repeats`` runs is kept (the machine is shared: the fastest run is the
least disturbed).

    python -m benchmarks.speed --simulations 1000 --repeats 3
"""

from __future__ import annotations

import argparse
import os
import time

from forexcli.games.forex.engine import GameState, apply, draw_removed, new_game
from forexcli.games.forex.search.ladder import investor_player
from forexcli.games.forex.search.mcts import Budget, search

ENTRIES_PER_PLAYER = 5
"""Entries played from the set-up before the position is searched, per player."""


def position(players: int) -> GameState:
    """The middle-game position of a ``players``-player game used for timing."""
    state = new_game([f"p{i}" for i in range(players)], draw_removed(f"speed-{players}"))
    seats = [investor_player(seat) for seat in range(players)]
    for _ in range(ENTRIES_PER_PLAYER * players):
        seat = state.pending.player
        assert seat is not None, "the game ended before the middle"
        for step in seats[seat](state):
            state = apply(state, step)
    return state


def main(argv: list[str] | None = None) -> None:
    """Time the searches and print one line per position."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--simulations", type=int, default=1000)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args(argv)
    print(f"load average at start {os.getloadavg()[0]:.2f}")
    for players in (2, 4, 6):
        state = position(players)
        best = float("inf")
        for _ in range(args.repeats):
            began = time.process_time()
            result = search(state, Budget(simulations=args.simulations))
            best = min(best, time.process_time() - began)
        print(
            f"{players} players (dividends left {state.dividends_left}, queue"
            f" {len(state.queue)}): {result.simulations / best:,.0f} simulations/s"
            f" (best of {args.repeats}, CPU time; decision {result.best.decisions[0]})"
        )


if __name__ == "__main__":
    main()
