"""Fit the evaluation's constants to self-play outcomes, reproducibly from a seed.

Games among the ladder's players and the engine at a small budget (drawn
from the seed: the number of players, who sits where, the set-up) give
positions, each with its game's outcome: the value ``final_values`` gives
the finished game (score share mixed with the win by ``win``).  The
constants of ``Weights`` that shape the estimate (``cert``, ``non_paying``,
``slack``, ``own_turns``, ``scarce``, ``spread``) are fitted so that
``evaluate`` predicts those outcomes best: the least mean squared error
over the positions and seats (a Brier score), by Nelder-Mead in units of
``benchmarks/tune.py``'s steps within its bounds.  ``win`` says what the
engine plays for, not what it expects, so it is kept.  Positions the search
values exactly (``endgame.in_endgame``) are left out.

Everything is deterministic from the arguments (the games run on a process
pool, their results taken in order), so the same command writes the same
file on any machine:

    python -m benchmarks.fit --seed 23 --output forexcli/games/forex/search/weights.json
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor

from benchmarks.tune import HIGH, LOW, SCALE
from forexcli.games.forex.rules import GameState, apply, draw_removed, new_game
from forexcli.games.forex.search.endgame import in_endgame
from forexcli.games.forex.search.evaluate import (
    DEFAULT_WEIGHTS,
    Weights,
    evaluate,
    final_values,
)
from forexcli.games.forex.search.game import play_game
from forexcli.games.forex.search.ladder import ladder_answer, ladder_player
from forexcli.games.forex.search.mcts import Budget

FITTED = ("cert", "non_paying", "slack", "own_turns", "scarce", "spread")
"""The constants fitted; the others keep their defaults."""

POOL = ("engine", "engine", "investor", "investor", "trader", "cautious", "oneply", "greedy")
"""Who may sit at a data game (drawn with replacement; the engine and the investor twice)."""

PLAYER_COUNTS = (2, 2, 2, 3, 4, 4)
"""How many players a data game has (drawn uniformly)."""

Sample = tuple[GameState, tuple[float, ...]]
"""A position and its game's outcome (one value per seat)."""


def data_game(seed: int, index: int, simulations: int, every: int) -> list[Sample]:
    """Game ``index`` of the data of ``seed``: every ``every``-th position before an entry
    (from a drawn offset), the positions the search values exactly left out, each with the
    outcome."""
    rng = random.Random(f"fit-{seed}-{index}")
    players = rng.choice(PLAYER_COUNTS)
    names = [rng.choice(POOL) for _ in range(players)]
    budget = Budget(simulations=simulations)
    seats = [ladder_player(name, budget, seed=rng.randrange(1 << 30)) for name in names]
    start = new_game([f"p{i}" for i in range(players)], draw_removed(f"fit-{seed}-{index}"))
    game = play_game(start, seats, [ladder_answer(name) for name in names])
    target = final_values(game.final, DEFAULT_WEIGHTS)
    offset = rng.randrange(every)
    samples: list[Sample] = []
    state = start
    for number, (_, entry) in enumerate(game.entries):
        if number % every == offset and not in_endgame(state):
            samples.append((state, target))
        for step in entry:
            state = apply(state, step)
    return samples


def data(seed: int, games: int, simulations: int, every: int, processes: int) -> list[Sample]:
    """The samples of ``games`` data games, in game order."""
    if processes <= 1:
        return [s for i in range(games) for s in data_game(seed, i, simulations, every)]
    with ProcessPoolExecutor(max_workers=processes) as pool:
        jobs = [pool.submit(data_game, seed, i, simulations, every) for i in range(games)]
        return [s for job in jobs for s in job.result()]


def weights_at(point: Sequence[float]) -> Weights:
    """The weights at ``point`` (the fitted constants in units of ``SCALE``), within bounds,
    the others the defaults."""
    values = DEFAULT_WEIGHTS._asdict()
    for name, x in zip(FITTED, point, strict=True):
        low, high = getattr(LOW, name), getattr(HIGH, name)
        values[name] = min(max(x * getattr(SCALE, name), low), high)
    return Weights(**values)


def loss(samples: Sequence[Sample], weights: Weights) -> float:
    """The mean over the positions of the squared errors of ``evaluate`` summed over the seats."""
    total = 0.0
    for state, target in samples:
        value = evaluate(state, weights)
        total += sum((v - t) ** 2 for v, t in zip(value, target, strict=True))
    return total / max(1, len(samples))


def nelder_mead(
    f: Callable[[list[float]], float], start: list[float], evaluations: int, step: float = 1.0
) -> tuple[list[float], float]:
    """Minimise ``f`` from ``start`` with at most ``evaluations`` calls (Nelder and Mead's
    simplex, the usual coefficients); the best point and its value."""
    n = len(start)
    simplex = [list(start)] + [
        [x + (step if i == j else 0.0) for j, x in enumerate(start)] for i in range(n)
    ]
    values = [f(p) for p in simplex]
    used = len(simplex)
    while used + 2 <= evaluations:
        order = sorted(range(n + 1), key=lambda i: values[i])
        simplex = [simplex[i] for i in order]
        values = [values[i] for i in order]
        centroid = [sum(p[j] for p in simplex[:-1]) / n for j in range(n)]
        worst = simplex[-1]

        def along(
            t: float, worst: list[float] = worst, centroid: list[float] = centroid
        ) -> list[float]:
            return [c + t * (c - w) for c, w in zip(centroid, worst, strict=True)]

        reflected = along(1.0)
        fr = f(reflected)
        used += 1
        if fr < values[0]:
            expanded = along(2.0)
            fe = f(expanded)
            used += 1
            simplex[-1], values[-1] = (expanded, fe) if fe < fr else (reflected, fr)
        elif fr < values[-2]:
            simplex[-1], values[-1] = reflected, fr
        else:
            inside = fr >= values[-1]
            contracted = along(-0.5 if inside else 0.5)
            fc = f(contracted)
            used += 1
            if fc < min(fr, values[-1]):
                simplex[-1], values[-1] = contracted, fc
            else:
                if used + n > evaluations:
                    break
                best = simplex[0]
                simplex = [best] + [
                    [b + 0.5 * (x - b) for b, x in zip(best, p, strict=True)] for p in simplex[1:]
                ]
                values = [values[0]] + [f(p) for p in simplex[1:]]
                used += n
    lowest = min(range(n + 1), key=lambda i: values[i])
    return simplex[lowest], values[lowest]


def fit(
    seed: int, games: int, simulations: int, every: int, evaluations: int, processes: int
) -> dict[str, object]:
    """The data file's content: the fitted weights and how they were made."""
    samples = data(seed, games, simulations, every, processes)
    start = [getattr(DEFAULT_WEIGHTS, name) / getattr(SCALE, name) for name in FITTED]
    point, best = nelder_mead(lambda p: loss(samples, weights_at(p)), start, evaluations)
    fitted = weights_at(point)
    return {
        "weights": {name: round(value, 4) for name, value in fitted._asdict().items()},
        "made_by": {
            "command": (
                f"python -m benchmarks.fit --seed {seed} --games {games} --simulations"
                f" {simulations} --every {every} --evaluations {evaluations}"
            ),
            "seed": seed,
            "games": games,
            "simulations": simulations,
            "every": every,
            "evaluations": evaluations,
            "positions": len(samples),
            "loss_defaults": round(loss(samples, DEFAULT_WEIGHTS), 6),
            "loss_fitted": round(best, 6),
        },
    }


def dumps(content: dict[str, object]) -> str:
    """The data file's text (sorted keys, two-space indents, a final newline)."""
    return json.dumps(content, indent=2, sort_keys=True) + "\n"


def main(argv: list[str] | None = None) -> None:
    """Fit and write (or print) the data file."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=23)
    parser.add_argument("--games", type=int, default=48, help="data games [48]")
    parser.add_argument("--simulations", type=int, default=20, help="the engine's [20]")
    parser.add_argument("--every", type=int, default=3, help="one position in EVERY [3]")
    parser.add_argument("--evaluations", type=int, default=150, help="of the loss [150]")
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--output", help="the data file [print it]")
    args = parser.parse_args(argv)
    began = time.perf_counter()
    content = fit(
        args.seed, args.games, args.simulations, args.every, args.evaluations, args.processes
    )
    text = dumps(content)
    if args.output:
        with open(args.output, "w", encoding="utf-8") as out:
            out.write(text)
    else:
        print(text, end="")
    made = content["made_by"]
    assert isinstance(made, dict)
    print(
        f"{made['positions']} positions, loss {made['loss_defaults']} -> {made['loss_fitted']};"
        f" {time.perf_counter() - began:.0f} s; load {os.getloadavg()[0]:.1f}",
        file=sys.stderr,
    )


if __name__ == "__main__":
    main()
