"""How strong the engine is: tournaments with win rates and 95% confidence intervals.

The three pairings of issue 9, each over many games with the seats rotated
(game ``g`` puts the engine in seat ``g mod n``) and set-ups drawn from
seeds (``strength-<pairing>-<g // n>``, so every set-up is played from
every seat):

- ``greedy2``: the engine against the greedy player, 2 players;
- ``greedy4``: the engine against three greedy players, 4 players;
- ``self2``: the engine at a budget against itself at a tenth of it, 2 players;
- ``random2``: against the uniform random player (a kind, then one of that kind);
- ``oneply2``: against its own evaluation played one ply deep, without search
  (what the search adds; no target in the issue, 50% would be par).

A game counts as a win for the engine when it ranks first alone (a shared
first place counts half).  The interval is Wilson's score interval at 95%.
Budgets are simulations a decision (deterministic; ``--seconds`` searches
by time instead).  Games run on a process pool.

    python -m benchmarks.strength --games 40 --simulations 1000 --processes 2
"""

from __future__ import annotations

import argparse
import math
import os
import subprocess
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from forexcli.games.forex.engine import draw_removed, new_game
from forexcli.games.forex.search.game import play_game
from forexcli.games.forex.search.mcts import Budget
from forexcli.games.forex.search.players import (
    Player,
    engine_player,
    greedy_player,
    heuristic_player,
    random_player,
)

PAIRINGS = ("greedy2", "greedy4", "self2", "random2", "oneply2")
TARGETS = {"greedy2": 0.85, "greedy4": 0.45, "self2": 0.65, "random2": 0.95, "oneply2": 0.5}


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson's score interval for a proportion ``wins / games``."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True)
class Outcome:
    """One game: the engine's score (1 win, 0.5 shared first, 0), its seat, the game's length."""

    score: float
    seat: int
    entries: int
    ending: str
    seconds: float


def _budget(simulations: int | None, seconds: float | None, factor: float = 1.0) -> Budget:
    if seconds is not None:
        return Budget(seconds=seconds * factor)
    assert simulations is not None
    return Budget(simulations=max(1, round(simulations * factor)))


def play_one(pairing: str, index: int, simulations: int | None, seconds: float | None) -> Outcome:
    """Play game ``index`` of ``pairing``; the engine (the stronger one in ``self2``) is scored."""
    players = 4 if pairing == "greedy4" else 2
    seat = index % players
    start = new_game(
        [f"p{i}" for i in range(players)], draw_removed(f"strength-{pairing}-{index // players}")
    )
    engine = engine_player(_budget(simulations, seconds), seed=index)
    seats: list[Player] = []
    for other in range(players):
        if other == seat:
            seats.append(engine)
        elif pairing == "self2":
            seats.append(engine_player(_budget(simulations, seconds, 0.1), seed=index))
        elif pairing == "oneply2":
            seats.append(heuristic_player)
        elif pairing == "random2":
            seats.append(random_player(1000 * index + other))
        else:
            seats.append(greedy_player(1000 * index + other))
    began = time.perf_counter()
    game = play_game(start, seats)
    result = game.final.result
    assert result is not None
    firsts = [s for s, rank in enumerate(result.ranks) if rank == 1]
    score = (1.0 / len(firsts)) if seat in firsts else 0.0
    return Outcome(score, seat, len(game.entries), result.ending, time.perf_counter() - began)


def _commit() -> str:
    try:
        out = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=True
        )
        return out.stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def main(argv: list[str] | None = None) -> None:
    """Run the tournaments and print one line per pairing."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairing", action="append", choices=PAIRINGS, help="[all but random2]")
    parser.add_argument("--games", type=int, default=20, help="games per pairing [20]")
    parser.add_argument(
        "--start", type=int, default=0, help="the first game's index (to extend a run) [0]"
    )
    parser.add_argument("--simulations", type=int, default=1000, help="per decision [1000]")
    parser.add_argument("--seconds", type=float, help="per decision, instead of simulations")
    parser.add_argument("--processes", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args(argv)
    pairings = args.pairing or ["greedy2", "greedy4", "self2"]
    budget = f"{args.seconds:g} s" if args.seconds else f"{args.simulations} simulations"
    load = os.getloadavg()[0]
    print(f"commit {_commit()}; budget {budget} a decision; games {args.start} to"
          f" {args.start + args.games - 1} of each pairing;"
          f" {args.processes} processes; load average at start {load:.2f}")  # fmt: skip
    print(f"{'pairing':10} {'games':>5} {'score':>7} {'win rate':>9} {'95% CI':>15}"
          f" {'target':>7} {'met':>4} {'entries':>8} {'s/game':>7}")  # fmt: skip
    with ProcessPoolExecutor(max_workers=args.processes) as pool:
        for pairing in pairings:
            began = time.perf_counter()
            futures = [
                pool.submit(play_one, pairing, index, args.simulations, args.seconds)
                for index in range(args.start, args.start + args.games)
            ]
            outcomes = [future.result() for future in futures]
            score = sum(o.score for o in outcomes)
            low, high = wilson(score, len(outcomes))
            target = TARGETS[pairing]
            met = "yes" if low >= target else ("no" if high < target else "?")
            entries = sum(o.entries for o in outcomes) / len(outcomes)
            per_game = sum(o.seconds for o in outcomes) / len(outcomes)
            print(
                f"{pairing:10} {len(outcomes):5d} {score:7.1f} {score / len(outcomes):9.1%}"
                f" {f'{low:.1%}..{high:.1%}':>15} {target:7.0%} {met:>4} {entries:8.1f}"
                f" {per_game:7.1f}"
            )
            endings: dict[str, int] = {}
            for o in outcomes:
                endings[o.ending] = endings.get(o.ending, 0) + 1
            print(f"{'':10} endings: {endings}; wall {time.perf_counter() - began:.0f} s",
                  flush=True)  # fmt: skip
    print(f"load average at end {os.getloadavg()[0]:.2f}")
    print("met: yes = the whole 95% interval is at or above the target; no = below it;"
          " ? = the interval straddles it")  # fmt: skip


if __name__ == "__main__":
    main()
