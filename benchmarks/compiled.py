"""What a compiled rules core would give: the engine built with mypyc, beside the pure one.

``python -m benchmarks.compiled`` copies ``forexcli/`` into a temporary folder,
compiles the For-Ex rules there (``engine/rules.py`` and ``engine/board.py``)
with mypyc (from the ``test`` extra; it needs a C compiler), then, in fresh
interpreters and in turns, replays the benchmark corpus with ``apply_all``
through the pure engine and through the compiled one.  It first checks that
both give the same final state for every game, and prints the times (and with
``--instructions`` valgrind's counts) side by side as ratios.

``--whole`` compiles the notation, the log reader and the validation loop too
(``WHOLE_MODULES``) and times whole commands instead, in turns: ``forex validate``
over the corpus (the default processes and ``-j 1``) and ``forex show``'s
start-up, each from the pure tree and from the compiled one, beside the
``yaml_rs`` parse of the same files (issue 12's measure).  It first checks that
both trees give the same JSON report for every file.

Nothing of this is installed or shipped: it measures what the step would be
worth (see ``RESULTS.md``, "Where the time goes now, and what the unmet targets would need").
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

from . import corpus
from .run import (
    ROOT,
    YAML_RS_SNIPPET,
    bytecode_env,
    ensure_corpus,
    instructions,
    load_average,
    machine,
    ms,
    snippet_in_turns,
    snippet_instructions,
    time_commands,
)

COMPILED_MODULES = ("forexcli/games/forex/rules/rules.py", "forexcli/games/forex/rules/board.py")
"""The modules compiled: the rules and the board they move (the states stay msgspec structs)."""

WHOLE_MODULES = (
    *COMPILED_MODULES,
    "forexcli/games/forex/notation.py",
    "forexcli/record/gamelog.py",
    "forexcli/record/validation.py",
)
"""``--whole``: also the notation, the log reader and the validation loop, the Python of
every file's way through ``validate`` but for the fast path's screen (``fastpath.py``
holds surrogates in its string literals, which mypyc refuses) and the report."""

FOREX_IN_TREE = (
    "import sys; sys.path.insert(0, sys.argv.pop(1))\n"
    "from forexcli.cli import main\n"
    "sys.exit(main())\n"
)
"""The ``forex`` command run from the tree named by its first argument."""

LOADED_SNIPPET = (
    "import json, sys; sys.path.insert(0, sys.argv[1])\n"
    "from forexcli.games.forex.rules import rules\n"
    "from forexcli.games.forex import notation\n"
    "from forexcli.record import gamelog, validation\n"
    "print(json.dumps([m.__file__ for m in (rules, notation, gamelog, validation)]))\n"
)
"""Where the modules that ``--whole`` compiles are loaded from, in a tree."""

REPLAY_SNIPPET = (
    "import gc, glob, hashlib, json, sys, time\n"
    "import msgspec\n"
    "from forexcli.games.forex.rules import rules\n"
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


def compile_engine(folder: Path, modules: Sequence[str] = COMPILED_MODULES) -> str | None:
    """Copy ``forexcli/`` into ``folder`` and compile ``modules`` there; why not, or None."""
    shutil.copytree(
        ROOT / "forexcli", folder / "forexcli", ignore=shutil.ignore_patterns("__pycache__")
    )
    done = subprocess.run(
        [sys.executable, "-m", "mypyc", *modules],
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
    parser.add_argument(
        "--whole",
        action="store_true",
        help="compile WHOLE_MODULES and time whole commands (validate, show)",
    )
    args = parser.parse_args(argv)
    files, _ = ensure_corpus(args.corpus, args.games, args.seed, False)
    print(f"Machine: {machine()}")
    print(f"Corpus: {len(files)} games in {args.corpus}")
    if args.whole:
        return whole(files, args.corpus, args.runs, args.instructions)
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


def _same_reports(trees: dict[str, Path], folder: Path) -> str | None:
    """Why the trees cannot be timed against each other, or None: each must load its own
    modules (``.py`` or ``.so``) and find every file of ``folder`` valid, with the same report."""
    env = bytecode_env()
    for name, tree in trees.items():
        done = subprocess.run(
            [sys.executable, "-c", LOADED_SNIPPET, str(tree)],
            env=env,
            capture_output=True,
            text=True,
            check=True,
        )
        loaded = json.loads(done.stdout)
        if any(path.endswith(".py") != (name == "pure") for path in loaded):
            return f"the {name} tree loaded {', '.join(loaded)}"
    report = ["validate", "--format", "json", str(folder)]
    reports = set()
    for name, tree in trees.items():
        checked = subprocess.run(
            [sys.executable, "-c", FOREX_IN_TREE, str(tree), *report],
            env=env,
            capture_output=True,
            check=False,
        )
        if checked.returncode != 0:
            return f"validate from the {name} tree exited {checked.returncode}"
        reports.add(checked.stdout)
    if len(reports) != 1:
        return "the two trees report the corpus differently"
    return None


def whole(files: Sequence[Path], folder: Path, runs: int, count: bool) -> int:
    """``--whole``: the commands of issue 12 from the pure tree and from the compiled one."""
    with tempfile.TemporaryDirectory(prefix="forex-mypyc-") as scratch:
        built = Path(scratch)
        why = compile_engine(built, WHOLE_MODULES)
        if why is not None:
            print(f"mypyc could not compile {', '.join(WHOLE_MODULES)} here:\n{why}")
            return 1
        trees = {"pure": ROOT, "mypyc": built}
        why = _same_reports(trees, folder)
        if why is not None:
            print(why)
            return 1
        print(f"Compiled: {', '.join(WHOLE_MODULES)}")
        print(f"Same JSON report of every file from both trees ({len(files)} files).")
        names = [str(name) for name in files]
        show = names[len(names) // 2]
        commands = {"parse yaml_rs": [sys.executable, "-c", YAML_RS_SNIPPET, *names]}
        for name, tree in trees.items():
            forex = [sys.executable, "-c", FOREX_IN_TREE, str(tree)]
            commands[f"validate ({name})"] = [*forex, "validate", str(folder)]
            commands[f"validate -j 1 ({name})"] = [*forex, "validate", "-j", "1", str(folder)]
            commands[f"show GAME ({name})"] = [*forex, "show", show]
        timed = time_commands(commands, runs)
        print(f"Whole processes, best of {runs} in turns, wall (CPU):")
        for name, (wall, cpu) in timed.items():
            print(f"  {name:<24} {ms(wall):>9} ({ms(cpu)})")
        parse = timed["parse yaml_rs"][0]
        for what in ("validate", "validate -j 1", "show GAME"):
            pure, fast = timed[f"{what} (pure)"][0], timed[f"{what} (mypyc)"][0]
            line = f"  {what}: mypyc / pure {fast / pure:.2f}x"
            if what != "show GAME":
                line += f"; / parse yaml_rs: pure {pure / parse:.2f}x, mypyc {fast / parse:.2f}x"
            print(line)
        if count:
            print("Instructions (valgrind callgrind):")
            for what in ("validate -j 1", "show GAME"):
                counted = {name: instructions(commands[f"{what} ({name})"]) for name in trees}
                pure_count, fast_count = counted["pure"], counted["mypyc"]
                if pure_count is None or fast_count is None:
                    print("  (no valgrind here: no instruction counts)")
                    break
                print(
                    f"  {what:<14} {pure_count / 1e6:>8,.0f} M pure, {fast_count / 1e6:,.0f} M"
                    f" compiled: {fast_count / pure_count:.2f}x"
                )
    print(f"Load average at the end: {load_average()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
