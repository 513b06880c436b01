"""``forex validate -j 1`` on 200 logs of each game against a ``CSafeLoader`` parse of them.

Usage::

    python -m benchmarks.validate_games              # 200 logs of each game, best of 5
    python -m benchmarks.validate_games --runs 3 --games 100
    python -m benchmarks.validate_games --instructions   # and valgrind's instruction counts

For-Ex's logs are the random games of ``benchmarks.corpus`` (the quick corpus, made once);
World Exchangers' are played once by ``forex selfplay --game world-exchangers`` between the
ladder's cheap players (random and greedy, a few seconds) into
``benchmarks/corpus/worldex-N``, each with a digest per move and the invented components
file named by its SHA-256.  Both commands run as whole processes, interleaved, best wall and
CPU time of ``--runs``; the ratio's target is at most 1.0x for World Exchangers and 1.2x for
For-Ex (issue 44).  With ``--instructions`` each command is also run once under valgrind's
callgrind (``benchmarks.frame_speed.instructions``: ``PYTHONHASHSEED=0``, after an untimed
run), whose counts hardly depend on the load of the machine.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

from benchmarks import corpus
from benchmarks.run import (
    PARSE_SNIPPET,
    ROOT,
    ensure_corpus,
    forex_command,
    load_average,
    machine,
    ms,
    time_commands,
)

TARGETS = {"for-ex": 1.2, "world-exchangers": 1.0}
"""The largest ``validate -j 1`` / ``CSafeLoader`` parse ratio accepted, per game."""


def worldex_logs(folder: Path, games: int) -> list[Path]:
    """``games`` World Exchangers logs played by ``forex selfplay`` (random against greedy)
    into ``folder``, played again only when the manifest asks for another number."""
    manifest = folder / "MANIFEST.json"
    wanted = {"game": "world-exchangers", "games": games, "seats": ["random", "greedy"]}
    files = sorted(folder.glob("game-*.yaml"))
    same = manifest.exists() and json.loads(manifest.read_text(encoding="utf-8")) == wanted
    if same and len(files) == games:
        return files
    for old in files:
        old.unlink()
    folder.mkdir(parents=True, exist_ok=True)
    command = [*forex_command(), "selfplay", "--game", "world-exchangers"]
    command += ["--games", str(games), "--seat", "random", "--seat", "greedy", str(folder)]
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    manifest.write_text(json.dumps(wanted) + "\n", encoding="utf-8")
    return sorted(folder.glob("game-*.yaml"))


def measure(name: str, files: list[Path], runs: int, counted: bool = False) -> float:
    """Print the two timings of ``files`` and their ratio (and their instruction counts when
    ``counted``); give the wall ratio."""
    names = [str(path) for path in files]
    commands = {
        "parse CSafeLoader": [sys.executable, "-c", PARSE_SNIPPET.format(loader="CSafeLoader")],
        "forex validate -j 1": [*forex_command(), "validate", "-j", "1"],
    }
    if counted:
        from benchmarks.frame_speed import instructions, warm

        counts = {}
        for command, words in commands.items():
            warm([*words, *names], ROOT)
            counts[command] = instructions([*words, *names], ROOT)
        parse, validate = counts.values()
        print(
            f"{name}: instructions: parse {parse / 1e6:,.1f} M, validate -j 1"
            f" {validate / 1e6:,.1f} M: {validate / parse:.2f}x"
        )
    timed = time_commands({k: [*v, *names] for k, v in commands.items()}, runs)
    print(f"{name}: {len(files)} logs, {sum(p.stat().st_size for p in files):,} bytes")
    for command, (wall, cpu) in timed.items():
        print(f"  {command:<22} {ms(wall):>9} ({ms(cpu)})")
    (parse_wall, parse_cpu), (wall, cpu) = timed.values()
    ratio = wall / parse_wall
    target = TARGETS[name]
    verdict = "met" if ratio <= target else "NOT met"
    print(
        f"  validate -j 1 / parse: {ratio:.2f}x wall, {cpu / parse_cpu:.2f}x CPU"
        f"  -> target <= {target}x: {verdict}"
    )
    return ratio


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, help="logs of each game [200]")
    parser.add_argument("--runs", type=int, default=5, help="timed runs of each command [5]")
    parser.add_argument(
        "--instructions", action="store_true", help="also count instructions (valgrind)"
    )
    args = parser.parse_args(argv)
    print(f"Machine: {machine()}")
    forex, _ = ensure_corpus(
        (corpus.DEFAULT_OUT / "quick").resolve(), args.games, corpus.DEFAULT_SEED, False
    )
    worldex = worldex_logs((corpus.DEFAULT_OUT / f"worldex-{args.games}").resolve(), args.games)
    ratios = {
        "world-exchangers": measure("world-exchangers", worldex, args.runs, args.instructions),
        "for-ex": measure("for-ex", forex, args.runs, args.instructions),
    }
    print(f"Load average at the end: {load_average()}")
    return 0 if all(ratios[name] <= TARGETS[name] for name in ratios) else 1


if __name__ == "__main__":
    sys.exit(main())
