"""Wall time of ``forex hint G --seconds 1`` and ``forex play G P --engine --seconds 1`` on
2-, 4- and 6-player games (issue 23's target: under 1.3 s), for one or more source trees,
interleaved, the best of ``--repeats``.

With ``--replies``, also ``forex play G a DECISION`` where every other seat is an engine seat
at ``--seconds`` a decision (issue 43's target: at most the budget plus 0.3 s a reply): the
command's wall time, the same command with ``--no-reply``, and per reply the difference
divided by the replies it made (until ``a`` decides again); ``benchmarks/reply_time.py`` times
each reply on its own.

Each game is started by ``forex new`` and played 4 rounds by the engine (50 simulations a
move); every timed command runs on a fresh copy of it in a new interpreter, with bytecode
caching on (``PYTHONDONTWRITEBYTECODE`` unset: a first run compiles, and is not timed).

    nice -n 10 python benchmarks/command_time.py --tree . --tree /tmp/before --repeats 5
"""

from __future__ import annotations

import argparse
import json
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
    parser.add_argument("--replies", action="store_true", help="time play with engine replies")
    parser.add_argument("--only-replies", action="store_true", help="time nothing else")
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
    if args.replies or args.only_replies:
        _replies(args.tree, games, work, args.seconds, args.repeats)
    for _ in range(0 if args.only_replies else args.repeats):
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


def _entries(game: Path) -> int:
    return game.read_text(encoding="utf-8").count("\n    digest: ")


def _replies(
    trees: list[Path], games: dict[int, Path], work: Path, seconds: str, repeats: int
) -> None:
    """Time ``play`` with the engine's replies: seat ``a`` a person, the others the engine's."""
    seated = {}
    for n, game in games.items():
        copy = work / f"seated-{n}.yaml"
        shutil.copy(game, copy)
        while True:  # on to a's turn
            listed = json.loads(
                subprocess.run(
                    [sys.executable, "-m", "forexcli.cli", "moves", str(copy), "--format", "json"],
                    env={**os.environ, "PYTHONPATH": str(trees[0].resolve())},
                    check=True, capture_output=True, text=True,
                ).stdout
            )  # fmt: skip
            pending = listed["pending"]
            if pending["player"] == "a" and pending["decision"] == "turn":
                break
            who = pending["player"]
            _forex(trees[0].resolve(), "play", str(copy), who, "--engine", "--simulations", "50")
        for name in NAMES[1:n]:
            _forex(trees[0].resolve(), "seat", str(copy), name, "--engine", f"{seconds}s")
        groups = listed["groups"]
        decision = next(
            (g["moves"][0] for g in groups if g["kind"] == "invest"), groups[-1]["moves"][0]
        )
        seated[n] = (copy, decision)
    for tree in trees:
        for n, (game, decision) in seated.items():
            walls, quiet, counts = [], [], []
            for _ in range(repeats):
                copy = work / "r.yaml"
                shutil.copy(game, copy)
                before = _entries(copy)
                quiet.append(_forex(tree.resolve(), "play", str(copy), "a", decision, "--no-reply"))
                shutil.copy(game, copy)
                walls.append(_forex(tree.resolve(), "play", str(copy), "a", decision))
                counts.append(_entries(copy) - before - 1)
            per = [(w - q) / c for w, q, c in zip(walls, quiet, counts, strict=True) if c]
            print(
                f"{tree!s:24} {n} players play+replies: {counts[0]} replies at {seconds} s,"
                f" wall best {min(walls):.2f} s, --no-reply best {min(quiet):.2f} s,"
                f" per reply best {min(per):.2f} s, worst {max(per):.2f} s"
                f" (budget {float(seconds):.2f} + 0.30 = {float(seconds) + 0.3:.2f})"
            )


if __name__ == "__main__":
    main()
