"""``forex validate -j 1`` and ``forex validate`` (the default pool) on 200 logs of each game
against a ``CSafeLoader`` parse of them.

Usage::

    python -m benchmarks.validate_games              # 200 logs of each game, best of 5
    python -m benchmarks.validate_games --runs 3 --games 100
    python -m benchmarks.validate_games --instructions   # and valgrind's instruction counts
    python -m benchmarks.validate_games --games 1000 --only world-exchangers --runs 3

For-Ex's logs are the random games of ``benchmarks.corpus`` (the quick corpus, made once);
World Exchangers' are played once by ``forex selfplay --game world-exchangers`` between the
ladder's cheap players (random and greedy, a few seconds) into
``benchmarks/corpus/worldex-N``, each with a digest per move and the invented components
file named by its SHA-256.  Both commands run as whole processes, interleaved, best wall and
CPU time of ``--runs``; the ratio's target is at most 1.0x for World Exchangers and 1.2x for
For-Ex (issue 44), judged on the default form (``validate`` with its default ``--jobs``, one
process per core: the caller checks the first file, then forks the others).  The CPU time of
a command counts every process it waited for.  With ``--instructions`` each command is also
run once under valgrind's callgrind (``PYTHONHASHSEED=0``, after an untimed run), whose
counts hardly depend on the load of the machine: for the pool, the count of each process
(a forked process's count starts from its parent's at the fork, so the largest count is the
longest process from the command's start: its wall time on an idle machine).  Under
callgrind a run is about fifty times slower: at 1,000 logs the counts take minutes
(``--count-logs`` counts them on the first N logs only).
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
"""The largest ``validate`` (default form) / ``CSafeLoader`` parse ratio accepted, per game."""

GAMES = tuple(TARGETS)


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


def process_counts(command: list[str]) -> list[int]:
    """The instructions each process of ``command`` executes (``frame_speed.process_counts``
    in the repository's root)."""
    from benchmarks import frame_speed

    return frame_speed.process_counts(command, ROOT)


def count(name: str, commands: dict[str, list[str]], names: list[str]) -> None:
    """Print the instructions of each command on ``names`` (each process's for the pool)."""
    from benchmarks.frame_speed import warm

    counts: dict[str, list[int]] = {}
    for command, words in commands.items():
        warm([*words, *names], ROOT)
        counts[command] = process_counts([*words, *names])
    parse = counts["parse CSafeLoader"][0]
    print(f"{name}: instructions on {len(names)} logs: parse {parse / 1e6:,.1f} M")
    for command, each in counts.items():
        if command == "parse CSafeLoader":
            continue
        longest = max(each)
        shown = ", ".join(f"{n / 1e6:,.1f} M" for n in each)
        print(
            f"  {command:<22} longest process {longest / 1e6:,.1f} M: {longest / parse:.2f}x"
            + (f" (each process: {shown})" if len(each) > 1 else "")
        )


def measure(name: str, files: list[Path], runs: int, counted: int | None = None) -> float:
    """Print the timings of ``files`` (the parse, ``validate -j 1``, ``validate``) and their
    ratios, and the instruction counts on the first ``counted`` files when given; give the
    default form's wall ratio."""
    names = [str(path) for path in files]
    commands = {
        "parse CSafeLoader": [sys.executable, "-c", PARSE_SNIPPET.format(loader="CSafeLoader")],
        "forex validate -j 1": [*forex_command(), "validate", "-j", "1"],
        "forex validate": [*forex_command(), "validate"],
    }
    if counted:
        count(name, commands, names[:counted])
    timed = time_commands({k: [*v, *names] for k, v in commands.items()}, runs)
    print(f"{name}: {len(files)} logs, {sum(p.stat().st_size for p in files):,} bytes")
    for command, (wall, cpu) in timed.items():
        print(f"  {command:<22} {ms(wall):>9} ({ms(cpu)})")
    parse_wall, parse_cpu = timed["parse CSafeLoader"]
    target = TARGETS[name]
    ratio = 0.0
    for command in ("forex validate -j 1", "forex validate"):
        wall, cpu = timed[command]
        ratio = wall / parse_wall
        verdict = "met" if ratio <= target else "NOT met"
        print(
            f"  {command[6:]} / parse: {ratio:.2f}x wall, {cpu / parse_cpu:.2f}x CPU"
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
    parser.add_argument(
        "--count-logs", type=int, default=None, help="count instructions on the first N logs [all]"
    )
    parser.add_argument(
        "--only", choices=GAMES, action="append", help="measure this game only (repeatable)"
    )
    args = parser.parse_args(argv)
    games = args.only or list(GAMES)
    counted = (args.count_logs or args.games) if args.instructions else None
    print(f"Machine: {machine()}")
    ratios = {}
    if "world-exchangers" in games:
        folder = (corpus.DEFAULT_OUT / f"worldex-{args.games}").resolve()
        logs = worldex_logs(folder, args.games)
        ratios["world-exchangers"] = measure("world-exchangers", logs, args.runs, counted)
    if "for-ex" in games:
        forex, _ = ensure_corpus(
            (corpus.DEFAULT_OUT / "quick").resolve(), args.games, corpus.DEFAULT_SEED, False
        )
        ratios["for-ex"] = measure("for-ex", forex, args.runs, counted)
    print(f"Load average at the end: {load_average()}")
    return 0 if all(ratios[name] <= TARGETS[name] for name in ratios) else 1


if __name__ == "__main__":
    sys.exit(main())
