"""Quick seat-balanced matches of the engine (fixed simulation budget) against one opponent.

For measuring engine changes (issue 23): every set-up (drawn from a seed)
is played from every seat; the engine's score (a win 1, a shared first
place its share), its bankruptcies and the opponents' are counted.  The
opponents: a player of the ladder (``investor``, ``trader``, ``cautious``,
``greedy``, ...), ``engine`` (the engine with the default weights at the same budget: for
weights against the defaults), or ``baseline``, the engine at the same budget as it was
before issue 23 (the heuristic to the end, no safety ranking, the old
evaluation's constants).  A spot is made only when its partner accepts it:
the ladder players answer as ``ladder_answer`` says, the engine by
``engine_answer``, the baseline by ``evaluation_answer``.

    python -m benchmarks.match --opponent investor --players 2 --games 40 --simulations 300
    python -m benchmarks.match --opponent baseline --weights win=0.5,spread=4
    python -m benchmarks.match --opponent investor --weights learned
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Collection, Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager

from forexcli.games.forex.learned import learned_weights
from forexcli.games.forex.rules import GameState, Spot, draw_removed, new_game
from forexcli.games.forex.search import endgame, mcts
from forexcli.games.forex.search.evaluate import (
    DEFAULT_WEIGHTS,
    Weights,
    weights_from_json,
)
from forexcli.games.forex.search.game import play_game
from forexcli.games.forex.search.ladder import LADDER, ladder_answer, ladder_player
from forexcli.games.forex.search.mcts import Budget
from forexcli.games.forex.search.players import (
    NO_SPOTS,
    Answer,
    Entry,
    Player,
    engine_answer,
    engine_player,
    evaluation_answer,
)

OPPONENTS = (*LADDER, "engine", "baseline")
BASELINE_WEIGHTS = Weights(
    cert=0.9, non_paying=0.5, slack=1.5, own_turns=0.0, scarce=0.0, win=0.0, spread=4.0
)


@contextmanager
def _old_search() -> Iterator[None]:
    """The search as before issue 23 (module switches, set for one decision)."""
    saved = endgame.ENDGAME_DIVIDENDS, mcts.SAFE_FIRST
    endgame.ENDGAME_DIVIDENDS, mcts.SAFE_FIRST = 0, False
    try:
        yield
    finally:
        endgame.ENDGAME_DIVIDENDS, mcts.SAFE_FIRST = saved


def baseline_player(budget: Budget, seed: int) -> Player:
    """The engine as it was before issue 23, at ``budget``."""
    inner = engine_player(budget, seed, BASELINE_WEIGHTS)

    def play(state: GameState, excluded: Collection[Spot] = NO_SPOTS) -> Entry:
        with _old_search():
            return inner(state, excluded)

    return play


def parse_weights(text: str) -> Weights:
    """``win=0.5,spread=4`` over the default (2-player) weights; ``learned`` the package's
    learned weights; ``FILE.json`` a weights file (as ``benchmarks/fit.py`` writes)."""
    if text == "learned":
        return learned_weights()
    if text.endswith(".json"):
        with open(text, encoding="utf-8") as handle:
            return weights_from_json(handle.read())
    values = DEFAULT_WEIGHTS._asdict()
    for part in filter(None, text.split(",")):
        name, _, value = part.partition("=")
        if name not in values:
            raise SystemExit(f"unknown weight {name!r}; known: {', '.join(values)}")
        values[name] = float(value)
    return Weights(**values)


def play_one(
    opponent: str, players: int, index: int, simulations: int, weights: Weights | None
) -> tuple[float, int, str, bool, bool]:
    """Game ``index``: (engine score, engine seat, ending, engine bankrupt, opponent bankrupt)."""
    seat = index % players
    start = new_game(
        [f"p{i}" for i in range(players)], draw_removed(f"match-{players}-{index // players}")
    )
    budget = Budget(simulations=simulations)
    seats: list[Player] = []
    answers: list[Answer] = []
    for s in range(players):
        if s == seat:
            seats.append(
                baseline_player(budget, index)
                if weights is None
                else engine_player(budget, seed=index, weights=weights)
            )
            answers.append(evaluation_answer if weights is None else engine_answer)
        elif opponent == "baseline":
            seats.append(baseline_player(budget, 1000 * index + s))
            answers.append(evaluation_answer)
        else:
            seats.append(ladder_player(opponent, budget, 1000 * index + s))
            answers.append(ladder_answer(opponent))
    result = play_game(start, seats, answers).final.result
    assert result is not None
    firsts = [s for s, rank in enumerate(result.ranks) if rank == 1]
    score = (1.0 / len(firsts)) if seat in firsts else 0.0
    bankrupt = result.bankrupt
    return score, seat, result.ending, bankrupt == seat, bankrupt not in (None, seat)


def main(argv: list[str] | None = None) -> None:
    """Play the games and print the engine's score, by seat, and the bankruptcies."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--opponent", choices=OPPONENTS, default="investor")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--simulations", type=int, default=300)
    parser.add_argument(
        "--weights", default="", help="the engine's: win=0.5, learned or FILE.json [defaults]"
    )
    parser.add_argument(
        "--baseline", action="store_true", help="measure the engine of before issue 23 instead"
    )
    parser.add_argument("--processes", type=int, default=2)
    args = parser.parse_args(argv)
    weights = None if args.baseline else parse_weights(args.weights)
    began = time.perf_counter()
    indices = range(args.start, args.start + args.games)
    with ProcessPoolExecutor(max_workers=args.processes) as pool:
        futures = [
            pool.submit(play_one, args.opponent, args.players, i, args.simulations, weights)
            for i in indices
        ]
        outcomes = [f.result() for f in futures]
    score = sum(o[0] for o in outcomes)
    by_seat = [sum(o[0] for o in outcomes if o[1] == s) for s in range(args.players)]
    endings: dict[str, int] = {}
    for o in outcomes:
        endings[o[2]] = endings.get(o[2], 0) + 1
    lost = [i for i, o in zip(indices, outcomes, strict=True) if o[0] < 1]
    broke = [i for i, o in zip(indices, outcomes, strict=True) if o[3]]
    print(
        f"engine {args.simulations} sims {weights or 'baseline'} vs {args.opponent}"
        f" x{args.players - 1}:"
        f" {score:g}/{len(outcomes)} ({score / len(outcomes):.0%}); by seat {by_seat};"
        f" engine bankrupt {sum(o[3] for o in outcomes)}, opponent bankrupt"
        f" {sum(o[4] for o in outcomes)}; endings {endings}; not won {lost}; engine bankrupt in"
        f" {broke};"
        f" {time.perf_counter() - began:.0f} s; load {os.getloadavg()[0]:.1f}"
    )


if __name__ == "__main__":
    main()
