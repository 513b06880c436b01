"""How strong the World Exchangers engine is: 2-player matches, seat-balanced, Wilson intervals.

The engine (``games.worldex.advisor.ENGINE``, the game-independent ISMCTS) plays
``--against`` the greedy or the random player.  Games ``2k`` and ``2k + 1``
share a set-up dealt from the seed ``wx-strength-k`` with the seats swapped;
the role cards are on side A for even ``k`` and side B for odd ``k``.  A game
counts 1 for the engine when it ranks first alone, 0.5 for a shared first
place.  The budget is ``--simulations`` a decision (deterministic) or
``--seconds``.  Each game records the engine's simulations and search time,
so the table gives the simulations a second measured during the run.

    python -m benchmarks.worldex_strength --against greedy --games 40 --simulations 300
    python -m benchmarks.worldex_strength --against greedy --games 200 --seconds 1 --results
"""

from __future__ import annotations

import argparse
import os
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from benchmarks.stats import wilson
from benchmarks.strength import write_section

RESULTS = os.path.join(os.path.dirname(__file__), "RESULTS.md")


@dataclass(frozen=True)
class Game:
    """One finished game: the engine's seat and score, the totals, the engine's search."""

    index: int
    side: str
    seat: int
    score: float
    totals: tuple[int, ...]
    simulations: int
    searching: float
    decisions: int
    seconds: float


def play(
    index: int, against: str, simulations: int | None, seconds: float | None, playout: int
) -> Game:
    """Game ``index`` of the match (see the module docstring)."""
    from msgspec.structs import replace

    from forexcli.games.base import Budget
    from forexcli.games.worldex.advisor import ENGINE, seeded_start
    from forexcli.games.worldex.load import EXAMPLE_COMPONENTS, read_components
    from forexcli.games.worldex.rules import Setup, new_game
    from forexcli.games.worldex.search import WORLDEX_SEARCH, greedy_player, random_player
    from forexcli.search.advice import Engine, play_game
    from forexcli.search.advisor import hint

    started = time.monotonic()
    components = read_components(EXAMPLE_COMPONENTS).components
    pair = index // 2
    side = "A" if pair % 2 == 0 else "B"
    dealt = seeded_start(components, ("p1", "p2"), f"wx-strength-{pair}")
    start = new_game(
        components,
        Setup(players=("p1", "p2"), role_side=side, deal="seed", seed=f"wx-strength-{pair}",
              first=dealt.players[dealt.first].name),
    )  # fmt: skip
    seat = index % 2
    engine = replace(ENGINE, playout=playout) if playout != ENGINE.playout else ENGINE
    assert isinstance(engine, Engine)
    budget = Budget(simulations=simulations, seconds=seconds)
    spent = {"simulations": 0, "seconds": 0.0, "decisions": 0}

    def engine_player(state: object) -> tuple[object, ...]:
        found = hint(engine, state, budget, top=1, seed=index)
        spent["simulations"] += found.simulations
        spent["seconds"] += found.seconds
        spent["decisions"] += 1
        entry: tuple[object, ...] = found.suggestions[0].decisions
        return entry

    other = (greedy_player if against == "greedy" else random_player)(1000 + index)
    players = [engine_player, other] if seat == 0 else [other, engine_player]
    final, _ = play_game(WORLDEX_SEARCH, start, players)
    result = final.result
    assert result is not None
    winners = result.winners()
    score = 1 / len(winners) if seat in winners else 0.0
    return Game(
        index,
        side,
        seat,
        score,
        tuple(s.total for s in result.scores),
        int(spent["simulations"]),
        float(spent["seconds"]),
        int(spent["decisions"]),
        time.monotonic() - started,
    )


def table(against: str, budget: str, games: list[Game]) -> list[str]:
    """The match as markdown rows: games, score, win rate, interval, sims/s, s/game."""
    score = sum(g.score for g in games)
    low, high = wilson(score, len(games))
    sims = sum(g.simulations for g in games)
    searching = sum(g.searching for g in games) or 1e-9
    per_game = sum(g.seconds for g in games) / max(1, len(games))
    by_side = {
        side: sum(g.score for g in games if g.side == side)
        / max(1, sum(1 for g in games if g.side == side))
        for side in "AB"
    }
    return [
        "| opponent | budget | games | score | win rate | 95% interval | side A | side B"
        " | sims/s | s/game |",
        "|---|---|---:|---:|---:|---|---:|---:|---:|---:|",
        f"| {against} | {budget} | {len(games)} | {score:g} | {100 * score / len(games):.1f}%"
        f" | {100 * low:.1f}%..{100 * high:.1f}% | {100 * by_side['A']:.0f}%"
        f" | {100 * by_side['B']:.0f}% | {sims / searching:.0f} | {per_game:.1f} |",
    ]


def main(argv: list[str] | None = None) -> None:
    """Run a match and print (and with ``--results`` write) its table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", choices=("greedy", "random"), default="greedy")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--simulations", type=int)
    parser.add_argument("--seconds", type=float)
    parser.add_argument("--playout", type=int, default=None, help="playout plies [the engine's]")
    parser.add_argument("--processes", type=int, default=1)
    parser.add_argument("--results", action="store_true", help="write into benchmarks/RESULTS.md")
    parser.add_argument("--section", default="worldex", help="the RESULTS.md section's name")
    args = parser.parse_args(argv)
    from forexcli.games.worldex.advisor import PLAYOUT

    if args.simulations is None and args.seconds is None:
        args.simulations = 300
    playout = PLAYOUT if args.playout is None else args.playout
    budget = (f"{args.simulations} simulations" if args.simulations else f"{args.seconds:g} s") + (
        "" if playout == PLAYOUT else f", playout {playout}"
    )
    started = time.monotonic()
    done: list[Game] = []
    with ProcessPoolExecutor(max_workers=args.processes) as pool:
        futures = [
            pool.submit(play, i, args.against, args.simulations, args.seconds, playout)
            for i in range(args.games)
        ]
        for future in futures:
            game = future.result()
            done.append(game)
            print(
                f"game {game.index}: side {game.side}, engine seat {game.seat},"
                f" score {game.score:g}, totals {game.totals}, {game.seconds:.1f} s",
                flush=True,
            )
    rows = table(args.against, budget, done)
    print("\n".join(rows))
    print(f"wall time {time.monotonic() - started:.0f} s")
    if args.results:
        write_section(RESULTS, f"worldex-{args.against}-{budget.replace(' ', '')}", "\n".join(rows))


if __name__ == "__main__":
    main()
