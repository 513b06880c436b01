"""Simulations a second of the engine's search at 2-, 4- and 6-player middle-game positions.

Each position is reached from a fixed set-up by the entries written in
``speed_positions.json`` (5 a player, played by the dividend investor of
commit 1c0aca2, ``search/investor.py``, and pinned there so that the
positions do not move when the players change: today's investor reaches
tie choices instead of turns); the search runs a fixed number of
simulations there, the best of ``--repeats`` runs is kept (the machine is
shared: the fastest run is the least disturbed).

    python -m benchmarks.speed --simulations 1000 --repeats 3

``--decisions FILE`` instead searches a set of positions (2 to 6 players,
early, middle, late and endgame, two seeds) and writes every search's
result (each root line's decisions, values and visits) to ``FILE`` as
JSON; ``--compare FILE`` checks that this tree's searches give exactly the
results written, so that a change made only for speed is shown not to
change the engine's decisions.  Run the first with the tree of before
(``PYTHONPATH=OLD_TREE python benchmarks/speed.py --decisions old.json``).

``--against OLD_TREE`` times this tree and another (a checkout of an
older commit, e.g. made by ``git worktree add`` or ``git archive``) in the
same run, interleaved (old, new, old, new, ...; each search in a fresh
interpreter running this script with that tree first on ``PYTHONPATH``),
and prints the ratios; with ``--instructions`` also valgrind's count of
the instructions a simulation takes (the count of a search of
``--simulations`` less that of a one-simulation search, over the
simulations between: it hardly depends on the machine's load).

    python benchmarks/speed.py --against /tmp/before --simulations 1000 --repeats 3

``--against`` may be given more than once (the ratios are to the first);
``--lazy`` adds this tree with ``mcts.LAZY`` on, ``--defer`` with ``mcts.DEFER = 1``.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Collection, Sequence
from pathlib import Path

from forexcli.games.forex.notation import parse
from forexcli.games.forex.rules import GameState, Spot, apply, draw_removed, new_game
from forexcli.games.forex.search import mcts
from forexcli.games.forex.search.ladder import investor_player
from forexcli.games.forex.search.mcts import Budget, search
from forexcli.games.forex.search.players import NO_SPOTS, Entry, Player, engine_player

CHECK_ENTRIES = (1, 5, 8, 12, 16, 20, 24, 28)
"""Entries per player played before the positions of ``--decisions`` (as long as not over)."""


PINNED = Path(__file__).with_name("speed_positions.json")
"""The entries (``player: notation``) that reach each timed position from its set-up."""


def position(players: int) -> GameState:
    """The middle-game position of a ``players``-player game used for timing (a turn)."""
    state = new_game([f"p{i}" for i in range(players)], draw_removed(f"speed-{players}"))
    for line in json.loads(PINNED.read_text())[str(players)]:
        player, _, text = line.partition(": ")
        for step in parse(player, text).decisions():
            state = apply(state, step)
    return state


def positions(players: int, stages: tuple[int, ...], label: str = "speed") -> list[GameState]:
    """The positions after ``stages`` entries per player of one investor game (until it ends)."""
    state = new_game([f"p{i}" for i in range(players)], draw_removed(f"{label}-{players}"))
    seats = [investor_player(seat) for seat in range(players)]
    found: list[GameState] = []
    entries = 0
    for stage in sorted(stages):
        while entries < stage * players:
            seat = state.pending.player
            if seat is None:
                return found
            for step in seats[seat](state):
                state = apply(state, step)
            entries += 1
        if state.is_over:
            return found
        found.append(state)
    return found


def decisions(simulations: int) -> list[dict[str, object]]:
    """Every search of the check set, as plain data (see the module's docstring)."""
    out: list[dict[str, object]] = []
    for players in range(2, 7):
        for label in ("speed", "check"):
            for index, state in enumerate(positions(players, CHECK_ENTRIES, label)):
                for seed in (0, 7):
                    result = search(state, Budget(simulations=simulations), seed=seed)
                    out.append(
                        {
                            "position": f"{label}-{players} stage {index} seed {seed}",
                            "lines": [
                                [[repr(d) for d in line.decisions], list(line.values), line.visits]
                                for line in result.lines
                            ],
                            "root": list(result.root_value),
                        }
                    )
    return out


PLAYERS = (2, 4, 6)


def _run_one(
    tree: Path, players: int, simulations: int, valgrind: bool = False, switch: str = ""
) -> float:
    """The CPU seconds of one search in a fresh interpreter on ``tree`` (or its instructions)."""
    command = [sys.executable, __file__, "--one", str(players), "--simulations", str(simulations)]
    if switch:
        command.append(f"--{switch}")
    env = dict(os.environ, PYTHONPATH=str(tree))
    if valgrind:
        command = [shutil.which("valgrind") or "valgrind", "--tool=callgrind",
                   "--callgrind-out-file=/dev/null", *command]  # fmt: skip
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=True, cwd=tree)
    if valgrind:
        return float(next(line for line in done.stderr.splitlines() if "Collected :" in line)
                     .rsplit(":", 1)[1])  # fmt: skip
    return float(done.stdout.split()[0])


def against(
    olds: list[Path], simulations: int, repeats: int, count: bool, switches: Sequence[str] = ()
) -> None:
    """Print the simulations a second of the old trees and this one, interleaved, with each
    one's ratio to the first (this one also with each of the ``switches``: ``lazy``, ``defer``)."""
    new = Path(__file__).resolve().parent.parent
    runs = [(tree, "") for tree in [*olds, new]] + [(new, switch) for switch in switches]
    names = [f"{tree.name} {switch}".strip() for tree, switch in runs]
    print(f"load average at start {os.getloadavg()[0]:.2f}; {simulations} simulations a search;"
          f" best of {repeats} in CPU time; ratios to {names[0]}")  # fmt: skip
    best = {(run, n): float("inf") for run in runs for n in PLAYERS}
    for _ in range(repeats):
        for n in PLAYERS:
            for run in runs:
                took = _run_one(run[0], n, simulations, switch=run[1])
                best[run, n] = min(best[run, n], took)
    for n in PLAYERS:
        rates = [simulations / best[run, n] for run in runs]
        line = f"{n} players: " + ", ".join(
            f"{name} {rate:,.0f}/s ({rate / rates[0]:.2f}x)"
            for name, rate in zip(names, rates, strict=True)
        )
        print(line, flush=True)
        if count:
            per = []
            for tree, switch in runs:
                many = _run_one(tree, n, simulations, True, switch)
                per.append((many - _run_one(tree, n, 1, True, switch)) / (simulations - 1))
            print("  instructions a simulation: " + ", ".join(
                f"{name} {p / 1e6:.2f} M ({per[0] / p:.2f}x fewer)"
                for name, p in zip(names, per, strict=True)
            ), flush=True)  # fmt: skip
    print(f"load average at end {os.getloadavg()[0]:.2f}")


def main(argv: list[str] | None = None) -> None:
    """Time the searches and print one line per position (or write or check decisions)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--simulations", type=int, default=1000)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--decisions", type=Path, help="write the check set's results here")
    parser.add_argument("--compare", type=Path, help="check the results written here")
    parser.add_argument("--against", type=Path, action="append", help="time this tree against"
                        " another (repeat for more)")  # fmt: skip
    parser.add_argument("--instructions", action="store_true", help="with --against: count them")
    parser.add_argument("--lazy", action="store_true", help="this tree with mcts.LAZY on")
    parser.add_argument("--defer", action="store_true", help="this tree with mcts.DEFER = 1")
    parser.add_argument("--one", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.lazy:
        mcts.LAZY = 1
    if args.defer:
        mcts.DEFER = 1
    if args.one:
        state = position(args.one)
        began = time.process_time()
        search(state, Budget(simulations=args.simulations))
        print(time.process_time() - began)
        return
    if args.against:
        olds = [tree.resolve() for tree in args.against]
        switches = [name for name in ("lazy", "defer") if getattr(args, name)]
        against(olds, args.simulations, args.repeats, args.instructions, switches)
        return
    if args.decisions or args.compare:
        found = decisions(args.simulations)
        if args.decisions:
            args.decisions.write_text(json.dumps(found, indent=0) + "\n")
            print(f"{len(found)} searches written to {args.decisions}")
            return
        expected = json.loads(args.compare.read_text())
        differ = [a["position"] for a, b in zip(found, expected, strict=True) if a != b]
        print(f"{len(found)} searches, {len(differ)} differ from {args.compare}")
        for name in differ:
            print(f"  differs: {name}")
        sys.exit(1 if differ else 0)
    print(f"load average at start {os.getloadavg()[0]:.2f}")
    for players in PLAYERS:
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


def _switched_player(times: int, **switches: int) -> Callable[[Budget, int], Player]:
    """A factory of the engine with ``mcts`` switches set (``LAZY=1``, ``DEFER=1``), at
    ``times`` the budget's simulations."""

    def made(budget: Budget, seed: int) -> Player:
        more = Budget(
            simulations=None if budget.simulations is None else budget.simulations * times,
            seconds=budget.seconds,
        )
        inner = engine_player(more, seed)

        def play(state: GameState, excluded: Collection[Spot] = NO_SPOTS) -> Entry:
            saved = {name: getattr(mcts, name) for name in switches}
            for name, on in switches.items():
                setattr(mcts, name, type(saved[name])(on))
            try:
                return inner(state, excluded)
            finally:
                for name, was in saved.items():
                    setattr(mcts, name, was)

        return play

    return made


lazy1 = _switched_player(1, LAZY=1)
"""``py:benchmarks.speed:lazy1``: the lazy search at the same simulations (strength tests)."""
lazy2 = _switched_player(2, LAZY=1)
"""The lazy search at twice the simulations."""
lazy3 = _switched_player(3, LAZY=1)
"""The lazy search at three times the simulations (about the same time as the eager one)."""
lazy2_3 = _switched_player(3, LAZY=2)
"""The search lazy from depth 2 (the root's children expanded in full) at three times the
simulations."""
defer1 = _switched_player(1, DEFER=1)
"""The search with ``DEFER = 1`` at the same simulations."""
defer2 = _switched_player(2, DEFER=1)
"""The search with ``DEFER = 1`` at twice the simulations."""
defer3 = _switched_player(3, DEFER=1)
"""The search with ``DEFER = 1`` at three times the simulations."""


if __name__ == "__main__":
    main()
