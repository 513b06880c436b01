"""Wall time of ``forex hint G --seconds 1`` and ``forex play G P --engine --seconds 1`` on
2-, 4- and 6-player games (issue 23's target: under 1.3 s), for one or more source trees,
interleaved, the best of ``--repeats``.

Each game is started by ``forex new`` and played 4 rounds by the engine (50 simulations a
move); every timed command runs on a fresh copy of it in a new interpreter, with bytecode
caching on (``PYTHONDONTWRITEBYTECODE`` unset: a first run compiles, and is not timed).

    nice -n 10 python benchmarks/command_time.py --tree . --tree /tmp/before --repeats 5
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

NAMES = "abcdef"


def _forex(tree: Path, *args: str) -> float:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPATH"] = str(tree)
    began = time.perf_counter()
    subprocess.run([sys.executable, "-m", "forexcli.cli", *args], env=env, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)  # fmt: skip
    return time.perf_counter() - began


def main() -> None:
    """Print one line per tree, players and command: the best and all the times."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tree", action="append", type=Path, required=True)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--seconds", default="1")
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="forex-time-"))
    first = args.tree[0].resolve()
    games = {}
    for n in (2, 4, 6):
        game = work / f"g{n}.yaml"
        _forex(first, "new", str(game), "--players", ",".join(NAMES[:n]), "--seed", f"time-{n}")
        for _ in range(4):
            for name in NAMES[:n]:
                _forex(first, "play", str(game), name, "--engine", "--simulations", "50")
        games[n] = game
    times: dict[tuple[str, int, str], list[float]] = {}
    for tree in args.tree:  # a first, untimed run writes the bytecode caches
        _forex(tree.resolve(), "hint", str(games[2]), "--simulations", "1")
    print(f"load average at start {os.getloadavg()[0]:.2f}")
    for _ in range(args.repeats):
        for n, game in games.items():
            for tree in args.tree:
                copy = work / "t.yaml"
                for command in ("hint", "play"):
                    shutil.copy(game, copy)
                    extra = ["a", "--engine"] if command == "play" else []
                    took = _forex(tree.resolve(), command, str(copy), *extra,
                                  "--seconds", args.seconds)  # fmt: skip
                    times.setdefault((str(tree), n, command), []).append(took)
    for (tree, n, command), seen in times.items():
        runs = " ".join(f"{t:.2f}" for t in seen)
        print(f"{tree:24} {n} players {command:5} best {min(seen):.2f} s  ({runs})")
    print(f"load average at end {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
