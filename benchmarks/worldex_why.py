"""How often World Exchangers' why agrees with its verdict in ``forex analyse``.

A verdict on a World Exchangers decision names, for the decision played and the better one,
the final totals the search's simulations through each end with on average, the player's and
the best other player's (``expected final totals: louis 2,626, mei 2,052``).  The why
*agrees* with the verdict when the better decision's margin (the player's total less the
best other's) is larger than the played one's.  The chances the verdict compares are means
of a softmax of those totals, not a softmax of their means, so the two can disagree.

The logs: the example (``examples/world-exchangers/three-players.yaml``) and ``--selfplay K``
self-play games (3 players: engine at 100 simulations, greedy, random; seats rotating), each
analysed whole at every budget of ``--simulations``.  Counted: the explained verdicts
(dubious, mistake, blunder: those whose why the report shows), and every graded decision
whose better one is another (the JSON's ``better``).

    python -m benchmarks.worldex_why --simulations 100,300,1000 --selfplay 4
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
from typing import Any

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EXAMPLE = os.path.join(ROOT, "examples", "world-exchangers", "three-players.yaml")
TOTALS = re.compile(r"expected final totals: (\S+) (-?[\d,]+), (\S+) (-?[\d,]+)\Z")


def forex(*args: str) -> str:
    """The output of ``forex ARGS`` (this tree's), which must succeed."""
    done = subprocess.run(
        [sys.executable, "-m", "forexcli.cli", *args],
        capture_output=True, text=True, check=False, cwd=ROOT,
        env={**os.environ, "PYTHONPATH": ROOT},
    )  # fmt: skip
    if done.returncode != 0:
        raise SystemExit(f"forex {' '.join(args)}: {done.stderr}")
    return done.stdout


def margin(words: list[str], player: str) -> int:
    """The player's expected total less the best other's, from the why's words."""
    found = TOTALS.match(words[-1]) if words else None
    if found is None or found[1] != player:
        raise SystemExit(f"no expected final totals for {player}: {words}")
    return int(found[2].replace(",", "")) - int(found[4].replace(",", ""))


def tally(analyses: list[dict[str, Any]]) -> dict[str, list[int]]:
    """``{"explained": [agree, of], "better": [agree, of]}`` over the analyses' moves."""
    counts = {"explained": [0, 0], "better": [0, 0]}
    for data in analyses:
        for move in data["moves"]:
            if not move["graded"] or move["better"] is None:
                continue
            played = margin(move["expected"]["decisive"], move["player"])
            better = margin(move["better"]["decisive"], move["player"])
            kinds = ["better"] + (["explained"] if move["verdict"] else [])
            for kind in kinds:
                counts[kind][0] += better > played
                counts[kind][1] += 1
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--simulations", default="100,300,1000")
    parser.add_argument("--selfplay", type=int, default=4, help="self-play games besides")
    parser.add_argument("--processes", type=int, default=2)
    args = parser.parse_args()
    budgets = [int(n) for n in args.simulations.split(",")]
    with tempfile.TemporaryDirectory() as folder:
        games = os.path.join(folder, "games")
        if args.selfplay:
            forex("selfplay", games, "--game", "world-exchangers", "--games", str(args.selfplay),
                  "--seat", "engine:100", "--seat", "greedy", "--seat", "random",
                  "--seed", "why", "--processes", str(args.processes))  # fmt: skip
        print("| simulations | explained verdicts: why agrees | graded, another better: agrees |")
        print("|---:|---:|---:|")
        for budget in budgets:
            common = ["--simulations", str(budget), "--format", "json"]
            analyses = [json.loads(forex("analyse", EXAMPLE, *common))]
            if args.selfplay:
                analyses += json.loads(
                    forex("analyse", games, *common, "--processes", str(args.processes))
                )
            counts = tally(analyses)
            cells = [
                f"{agree} of {of} ({100 * agree / of:.0f}%)" if of else "-"
                for agree, of in (counts["explained"], counts["better"])
            ]
            print(f"| {budget} | {cells[0]} | {cells[1]} |", flush=True)


if __name__ == "__main__":
    main()
