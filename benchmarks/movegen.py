"""Move generation for search: the reference ``legal_decisions`` against the search's encoding.

Positions are taken from engine self-play games (2, 4 and 6 players, a
small budget), every position of every game.  For each way of listing the
moves, the best of ``--repeat`` passes over all positions is timed, and
printed as calls per second and as a ratio to the reference:

- ``legal_decisions``: the reference engine (a ``Decision`` object for each
  of up to ~560 choices);
- ``legal_actions``: the same list as integer tuples (the tests check that,
  decoded, it is ``legal_decisions`` in the same order);
- ``legal_actions (no contracts)``: without the 420 contracts;
- ``candidates``: the few sensible decisions the search expands;
- ``candidates + apply``: the candidates decoded and applied with the
  reference ``apply``, as one node expansion does (without the evaluation).

    python -m benchmarks.movegen [--repeat 5]
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Callable

from forexcli.games.forex.rules import GameState, apply, draw_removed, legal_decisions, new_game
from forexcli.games.forex.search.candidates import candidates
from forexcli.games.forex.search.encoding import decision, legal_actions
from forexcli.games.forex.search.mcts import Budget
from forexcli.games.forex.search.players import engine_player


def positions() -> list[GameState]:
    """Every position of three short engine games (2, 4 and 6 players)."""
    found = []
    for players in (2, 4, 6):
        state = new_game([f"p{i}" for i in range(players)], draw_removed(f"movegen-{players}"))
        player = engine_player(Budget(simulations=20))
        while not state.is_over:
            found.append(state)
            for step in player(state):
                state = apply(state, step)
                if not state.is_over:
                    found.append(state)
    return found


def _expand(state: GameState) -> int:
    return len([apply(state, decision(state, a)) for a in candidates(state)])


def _size(listed: object) -> int:
    return len(listed) if isinstance(listed, list) else int(listed)  # type: ignore[call-overload]


def main(argv: list[str] | None = None) -> None:
    """Time each way of listing moves and print the figures side by side."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args(argv)
    states = positions()
    ways: list[tuple[str, Callable[[GameState], object]]] = [
        ("legal_decisions", legal_decisions),
        ("legal_actions", legal_actions),
        ("legal_actions (no contracts)", lambda s: legal_actions(s, contracts=False)),
        ("candidates", candidates),
        ("candidates + apply", _expand),
    ]
    print(f"{len(states)} positions; best of {args.repeat}; load {os.getloadavg()[0]:.2f}")
    print(f"{'way':30} {'calls/s':>10} {'moves/call':>10} {'ratio':>8}")
    reference = None
    for name, way in ways:
        best = float("inf")
        for _ in range(args.repeat):
            began = time.perf_counter()
            for state in states:
                way(state)
            best = min(best, time.perf_counter() - began)
        rate = len(states) / best
        reference = reference or rate
        sizes = [_size(way(state)) for state in states[:200]]
        per_call = sum(sizes) / len(sizes)
        print(f"{name:30} {rate:10.0f} {per_call:10.1f} {rate / reference:7.1f}x")


if __name__ == "__main__":
    main()
