"""How the analysis thresholds behave: the losses ``forex analyse`` finds, by who played.

The verdicts of ``forex analyse`` (dubious, mistake, blunder at 2, 5 and 10
points of score share lost against the engine's choice) are only useful if
the engine's own decisions are rarely marked (the search's noise stays
below the first threshold) and weaker players' decisions are marked more
often, and worse.  This plays games (the engine against the greedy player,
and the engine against itself at a tenth of its budget; seats rotated,
set-ups from seeds), judges every recorded decision with the analysis's own
``judge`` at the same budget, and prints, for each kind of player, how many
decisions each threshold marks and the percentiles of the loss.  Whether a
player that made more marked decisions lost more often is printed too.

    python -m benchmarks.verdicts --games 6 --simulations 1000 --processes 2
"""

from __future__ import annotations

import argparse
import os
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from forexcli.games.forex.advisor import ADVISOR
from forexcli.games.forex.engine import apply, draw_removed, new_game
from forexcli.games.forex.search.game import play_game
from forexcli.games.forex.search.mcts import Budget
from forexcli.games.forex.search.players import Player, engine_player, greedy_player
from forexcli.search.advisor import BLUNDER, DUBIOUS, MISTAKE, judge

PAIRINGS = ("greedy2", "self2")


@dataclass(frozen=True)
class Judged:
    """The decisions of one game: who made each (a kind) and the score share it lost."""

    kinds: tuple[str, ...]
    losses: tuple[float, ...]
    winner_kind: str
    marked_by_kind: dict[str, int]


def judge_game(pairing: str, index: int, simulations: int, judge_factor: float) -> Judged:
    """Play game ``index`` of ``pairing``, then judge every entry at ``judge_factor`` times
    ``simulations`` (above 1, so that the engine's own decisions are not judged by the very
    search that chose them)."""
    seat = index % 2
    start = new_game(["p0", "p1"], draw_removed(f"verdicts-{pairing}-{index // 2}"))
    strong = engine_player(Budget(simulations=simulations), seed=index)
    weak: Player
    if pairing == "greedy2":
        weak, weak_kind = greedy_player(1000 * index), "greedy"
    else:
        weak, weak_kind = (
            engine_player(Budget(simulations=max(1, simulations // 10)), seed=index),
            "engine/10",
        )
    players = [strong, weak] if seat == 0 else [weak, strong]
    kind_of = {start.players[seat]: "engine", start.players[1 - seat]: weak_kind}
    game = play_game(start, players)
    plan = Budget(simulations=round(simulations * judge_factor))
    state = start
    kinds: list[str] = []
    losses: list[float] = []
    marked = {"engine": 0, weak_kind: 0}
    for number, (player, entry) in enumerate(game.entries, start=1):
        verdict = judge(ADVISOR, state, number, entry, plan, seed=index)
        kinds.append(kind_of[player])
        losses.append(verdict.loss)
        if verdict.label is not None:
            marked[kind_of[player]] += 1
        for step in entry:
            state = apply(state, step)
    result = game.final.result
    assert result is not None
    firsts = [s for s, rank in enumerate(result.ranks) if rank == 1]
    winner = "shared" if len(firsts) > 1 else kind_of[start.players[firsts[0]]]
    return Judged(tuple(kinds), tuple(losses), winner, marked)


def _percentile(values: list[float], share: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main(argv: list[str] | None = None) -> None:
    """Play, judge and print one line per kind of player."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairing", action="append", choices=PAIRINGS, help="[both]")
    parser.add_argument("--games", type=int, default=6, help="games per pairing [6]")
    parser.add_argument("--simulations", type=int, default=1000, help="per decision [1000]")
    parser.add_argument(
        "--judge-factor", type=float, default=2.0, help="the judge's budget / the players' [2]"
    )
    parser.add_argument("--processes", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args(argv)
    print(f"budget {args.simulations} simulations a decision (judged at"
          f" {args.judge_factor:g}x);"
          f" {args.games} games a pairing; thresholds {DUBIOUS:.0%} {MISTAKE:.0%} {BLUNDER:.0%};"
          f" load average at start {os.getloadavg()[0]:.2f}")  # fmt: skip
    print(f"{'pairing':8} {'player':10} {'decisions':>9} {'>=dubious':>10} {'>=mistake':>10}"
          f" {'>=blunder':>10} {'p50':>6} {'p90':>6} {'p99':>6} {'max':>6}")  # fmt: skip
    with ProcessPoolExecutor(max_workers=args.processes) as pool:
        for pairing in args.pairing or list(PAIRINGS):
            began = time.perf_counter()
            futures = [
                pool.submit(judge_game, pairing, index, args.simulations, args.judge_factor)
                for index in range(args.games)
            ]
            games = [future.result() for future in futures]
            by_kind: dict[str, list[float]] = {}
            for judged in games:
                for kind, loss in zip(judged.kinds, judged.losses, strict=True):
                    by_kind.setdefault(kind, []).append(loss)
            for kind, losses in by_kind.items():
                n = len(losses)

                def share(threshold: float, losses: list[float] = losses, n: int = n) -> str:
                    return f"{sum(loss >= threshold for loss in losses) / n:.1%}"

                print(f"{pairing:8} {kind:10} {n:9d} {share(DUBIOUS):>10} {share(MISTAKE):>10}"
                      f" {share(BLUNDER):>10} {100 * _percentile(losses, 0.5):6.2f}"
                      f" {100 * _percentile(losses, 0.9):6.2f}"
                      f" {100 * _percentile(losses, 0.99):6.2f}"
                      f" {100 * max(losses):6.2f}")  # fmt: skip
            more_marked_lost = sum(
                1
                for j in games
                if j.winner_kind != "shared"
                and j.marked_by_kind[j.winner_kind]
                < max(v for k, v in j.marked_by_kind.items() if k != j.winner_kind)
            )
            winners: dict[str, int] = {}
            for j in games:
                winners[j.winner_kind] = winners.get(j.winner_kind, 0) + 1
            print(f"{'':8} winners {winners}; games where the loser had more marked decisions:"
                  f" {more_marked_lost} of {len(games)}; wall {time.perf_counter() - began:.0f} s",
                  flush=True)  # fmt: skip
    print(
        "losses in points of score share (100 = the whole);"
        " >=X = the share of decisions marked X or worse"
    )


if __name__ == "__main__":
    main()
