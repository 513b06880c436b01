"""Tune the evaluation's constants by self-play with SPSA, reproducibly from a seed.

Simultaneous perturbation stochastic approximation, as engine authors tune
by self-play: each iteration perturbs every constant at once by ``+-c_k``
(a random sign each, in units of the constant's scale), plays the two
perturbed engines against each other on one set-up from both seats, and
moves the constants along the perturbation by the result (wins of ``+``
less wins of ``-``).  Iterations run two at a time on a process pool (both
from the same constants), so the run is the same on any machine for the
same ``--seed``, ``--iterations`` and ``--simulations``.

The constants reached are printed; they become the engine's (the defaults
of ``Weights`` in ``evaluate.py``) only once ``benchmarks/match.py`` shows
them better than the defaults over enough games.  ``benchmarks/fit.py`` fits them to
self-play outcomes instead, far more cheaply; ``--start learned`` tunes from its file.

    python -m benchmarks.tune --seed 23 --iterations 120 --simulations 60
    python -m benchmarks.tune --seed 23 --start learned
"""

from __future__ import annotations

import argparse
import os
import random
import time
from concurrent.futures import ProcessPoolExecutor

from benchmarks.match import parse_weights
from forexcli.games.forex.rules import draw_removed, new_game
from forexcli.games.forex.search.evaluate import DEFAULT_WEIGHTS, Weights
from forexcli.games.forex.search.game import play_game
from forexcli.games.forex.search.mcts import Budget
from forexcli.games.forex.search.players import engine_player

START = DEFAULT_WEIGHTS
"""Where the tuning starts: the engine's constants."""

SCALE = Weights(
    cert=0.15, non_paying=0.2, slack=0.75, own_turns=0.25, scarce=0.1, win=0.15, spread=2.0
)
"""The size of one step of each constant (SPSA moves in these units)."""

LOW = Weights(cert=0.3, non_paying=0.0, slack=0.0, own_turns=0.0, scarce=0.0, win=0.0, spread=0.5)
HIGH = Weights(cert=1.5, non_paying=1.0, slack=6.0, own_turns=1.0, scarce=1.0, win=1.0, spread=20.0)

A_GAIN, C_GAIN, STABILITY, ALPHA, GAMMA = 0.6, 1.0, 10.0, 0.602, 0.101
"""SPSA's gain sequences: ``a_k = A_GAIN / (k + 1 + STABILITY)**ALPHA``, ``c_k = C_GAIN /
(k + 1)**GAMMA`` (Spall's usual exponents)."""


def _clip(values: list[float]) -> Weights:
    return Weights(*(min(max(v, lo), hi) for v, lo, hi in zip(values, LOW, HIGH, strict=True)))


def pair(plus: Weights, minus: Weights, setup: str, simulations: int, seed: int) -> float:
    """Wins of ``plus`` less wins of ``minus`` over the two seatings of a 2-player set-up."""
    budget = Budget(simulations=simulations)
    total = 0.0
    for plus_seat in (0, 1):
        engines = [
            engine_player(budget, seed, plus if seat == plus_seat else minus) for seat in (0, 1)
        ]
        result = play_game(new_game(["p0", "p1"], draw_removed(setup)), engines).final.result
        assert result is not None
        firsts = [s for s, rank in enumerate(result.ranks) if rank == 1]
        share = 1.0 / len(firsts)
        total += (share if plus_seat in firsts else 0.0) - (
            share if (1 - plus_seat) in firsts else 0.0
        )
    return total


def tune(
    seed: int, iterations: int, simulations: int, processes: int, start: Weights = START
) -> Weights:
    """Run SPSA from ``start``; print each step; the constants reached."""
    rng = random.Random(seed)
    theta = list(start)
    with ProcessPoolExecutor(max_workers=processes) as pool:
        for k in range(0, iterations, processes):
            a_k = A_GAIN / (k + 1 + STABILITY) ** ALPHA
            c_k = C_GAIN / (k + 1) ** GAMMA
            jobs = []
            for j in range(min(processes, iterations - k)):
                delta = [rng.choice((-1.0, 1.0)) for _ in theta]
                plus = _clip([t + c_k * d * s for t, d, s in zip(theta, delta, SCALE, strict=True)])
                minus = _clip(
                    [t - c_k * d * s for t, d, s in zip(theta, delta, SCALE, strict=True)]
                )
                setup = f"tune-{seed}-{k + j}"
                jobs.append((delta, pool.submit(pair, plus, minus, setup, simulations, k + j)))
            step = [0.0] * len(theta)
            for delta, job in jobs:
                result = job.result()
                for i, d in enumerate(delta):
                    step[i] += a_k * result / (2 * c_k * d) * SCALE[i] / len(jobs)
            theta = list(_clip([t + s for t, s in zip(theta, step, strict=True)]))
            shown = ", ".join(
                f"{name}={v:.3f}" for name, v in zip(Weights._fields, theta, strict=True)
            )
            print(f"iteration {k + len(jobs):4d}: {shown}", flush=True)
    return Weights(*theta)


def main(argv: list[str] | None = None) -> None:
    """Tune and print the constants reached."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=23)
    parser.add_argument("--iterations", type=int, default=120)
    parser.add_argument("--simulations", type=int, default=60)
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument(
        "--start", default="", help="where to start: win=0.5, learned or FILE.json [defaults]"
    )
    args = parser.parse_args(argv)
    began = time.perf_counter()
    print(f"SPSA seed {args.seed}, {args.iterations} iterations, {args.simulations} simulations"
          f" a decision; load {os.getloadavg()[0]:.1f}")  # fmt: skip
    start = parse_weights(args.start)
    weights = tune(args.seed, args.iterations, args.simulations, args.processes, start)
    print(f"reached {weights} in {time.perf_counter() - began:.0f} s")


if __name__ == "__main__":
    main()
