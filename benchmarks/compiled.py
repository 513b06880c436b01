"""What a compiled rules core would give: the engine built with mypyc, beside the pure one.

``python -m benchmarks.compiled`` copies ``forexcli/`` into a temporary folder,
compiles the For-Ex rules there (``engine/rules.py`` and ``engine/board.py``)
with mypyc (from the ``test`` extra; it needs a C compiler), then, in fresh
interpreters and in turns, replays the benchmark corpus with ``apply_all``
through the pure engine and through the compiled one.  It first checks that
both give the same final state for every game, and prints the times (and with
``--instructions`` valgrind's counts) side by side as ratios.

Nothing of this is installed or shipped: it measures what the step would be
worth (see ``RESULTS.md``, "What the targets not met would take").
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from . import corpus
from .run import (
    ROOT,
    bytecode_env,
    ensure_corpus,
    machine,
    snippet_in_turns,
    snippet_instructions,
)

COMPILED_MODULES = ("forexcli/games/forex/engine/rules.py", "forexcli/games/forex/engine/board.py")
"""The modules compiled: the rules and the board they move (the states stay msgspec structs)."""

REPLAY_SNIPPET = (
    "import gc, glob, hashlib, json, sys, time\n"
    "import msgspec\n"
    "from forexcli.games.forex.engine import rules\n"
    "from forexcli.record import gamelog\n"
    "logs = [gamelog.load(name) for name in sorted(glob.glob(sys.argv[1] + '/game-*.yaml'))]\n"
    "games = [(log.new_game(), [d for e in log.entries for d in e.written.decisions()])\n"
    "         for log in logs]\n"
    "del logs\n"
    "gc.collect(); gc.freeze()\n"
    "digest = hashlib.sha256()\n"
    "for initial, steps in games:\n"
    "    digest.update(msgspec.json.encode(rules.apply_all(initial, steps)))\n"
    "best = [float('inf'), float('inf')]\n"
    "for _ in range(int(sys.argv[2])):\n"
    "    cpu, wall = time.process_time(), time.perf_counter()\n"
    "    for initial, steps in games:\n"
    "        rules.apply_all(initial, steps)\n"
    "    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu\n"
    "    best = [min(best[0], wall), min(best[1], cpu)]\n"
    "print(json.dumps({'module': rules.__file__, 'finals': digest.hexdigest(),\n"
    "                  'decisions': sum(len(g[1]) for g in games), 'apply_all': best}))\n"
)
"""The final state of every game (as a digest) and ``apply_all`` over the corpus, best of N."""


def compile_engine(folder: Path) -> str | None:
    """Copy ``forexcli/`` into ``folder`` and compile the rules there; why not, or None."""
    shutil.copytree(
        ROOT / "forexcli", folder / "forexcli", ignore=shutil.ignore_patterns("__pycache__")
    )
    done = subprocess.run(
        [sys.executable, "-m", "mypyc", *COMPILED_MODULES],
        cwd=folder,
        env=bytecode_env(),
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        return (done.stdout + done.stderr)[-2000:] or f"mypyc exited {done.returncode}"
    return None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.compiled", description=__doc__)
    parser.add_argument("--games", type=int, default=corpus.DEFAULT_GAMES)
    parser.add_argument("--seed", type=int, default=corpus.DEFAULT_SEED)
    parser.add_argument("--runs", type=int, default=6, help="timed passes in each tree")
    parser.add_argument("--corpus", type=Path, default=corpus.DEFAULT_OUT)
    parser.add_argument(
        "--instructions", action="store_true", help="also count instructions (valgrind)"
    )
    args = parser.parse_args(argv)
    files, _ = ensure_corpus(args.corpus, args.games, args.seed, False)
    print(f"Machine: {machine()}")
    print(f"Corpus: {len(files)} games in {args.corpus}")
    with tempfile.TemporaryDirectory(prefix="forex-mypyc-") as scratch:
        built = Path(scratch)
        why = compile_engine(built)
        if why is not None:
            print(f"mypyc could not compile the rules here:\n{why}")
            return 1
        trees = {"pure": ROOT, "mypyc": built}
        timed = snippet_in_turns(trees, REPLAY_SNIPPET, args.corpus, args.runs)
        for name, (result, _) in timed.items():
            if str(result["module"]).endswith(".py") != (name == "pure"):
                print(f"the {name} run loaded {result['module']}")
                return 1
        if timed["pure"][0]["finals"] != timed["mypyc"][0]["finals"]:
            print("the compiled engine reached other final states than the pure one")
            return 1
        decisions = timed["pure"][0]["decisions"]
        print(f"Same final state in every game ({decisions:,} decisions).")
        print("apply_all over the corpus, best wall (CPU):")
        for name, (_, (wall, cpu)) in timed.items():
            print(
                f"  {name:<6} {wall * 1000:7.0f} ms ({cpu * 1000:.0f} ms)"
                f"  {decisions / wall:>9,.0f} decisions/s"
            )
        pure, fast = timed["pure"][1], timed["mypyc"][1]
        print(
            f"  mypyc / pure: {fast[0] / pure[0]:.2f}x the time (wall),"
            f" {fast[1] / pure[1]:.2f}x (CPU)"
        )
        if args.instructions:
            counts = snippet_instructions(trees, REPLAY_SNIPPET, args.corpus)
            if counts is None:
                print("  (no valgrind here: no instruction counts)")
                return 0
            print(
                f"  instructions of one pass: {counts['pure'] / 1e6:,.0f} M pure,"
                f" {counts['mypyc'] / 1e6:,.0f} M compiled:"
                f" {counts['mypyc'] / counts['pure']:.2f}x"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
