"""Compare the speed of ``forex validate -j 1``, ``forex show`` and ``forex play`` between two
git revisions.

Usage::

    python -m benchmarks.frame_speed                        # main against HEAD, 200 games
    python -m benchmarks.frame_speed --base main --head i24-split --max-regression 5%

Each revision is checked out with ``git worktree add --detach`` into a temporary folder and
run from there by this interpreter (its dependencies; the revision's ``forexcli``), on the
same corpus of random games (``benchmarks.corpus``, made once).  Two measures:

1. Instructions (valgrind's callgrind, ``PYTHONHASHSEED=0``): one run of each command per
   revision after an untimed one that writes the bytecode cache.  The count hardly depends
   on the machine's load, so the verdict is taken from it: ``head / base`` must not exceed
   ``1 + max-regression`` for any command.
2. Wall time: the commands of both revisions run interleaved (base, head, base, head, ...),
   so that a change of load falls on both; the best and the median of ``--runs`` are printed
   with their ratios, for information.

Exits 1 when a command regresses by more than ``--max-regression``, 2 when it cannot measure.
"""

from __future__ import annotations

import argparse
import contextlib
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

from benchmarks import corpus
from benchmarks.run import ROOT, bytecode_env, ensure_corpus, load_average, machine

FOREX = "import sys; from forexcli.cli import main; sys.exit(main())"
"""The ``forex`` entry point, run with ``python -c`` from a revision's folder (``-c`` puts
the current folder first on ``sys.path``, so that the revision's ``forexcli`` is imported)."""


@contextlib.contextmanager
def worktree(revision: str) -> Iterator[Path]:
    """A temporary detached worktree of ``revision``, removed afterwards."""
    folder = Path(tempfile.mkdtemp(prefix="frame-speed-")) / "tree"
    subprocess.run(
        ["git", "-C", str(ROOT), "worktree", "add", "--detach", "--quiet", str(folder), revision],
        check=True,
    )
    try:
        yield folder
    finally:
        subprocess.run(
            ["git", "-C", str(ROOT), "worktree", "remove", "--force", str(folder)], check=False
        )
        shutil.rmtree(folder.parent, ignore_errors=True)


def commit_of(revision: str) -> str:
    """The short commit name of ``revision``."""
    done = subprocess.run(
        ["git", "-C", str(ROOT), "rev-parse", "--short", revision],
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout.strip()


def commands(files: list[Path]) -> dict[str, list[str]]:
    """The commands compared: validate the corpus in one process, show its middle game, and
    play (``--dry-run``) the move that game made halfway, on a copy cut before it."""
    names = [str(path) for path in files]
    forex = [sys.executable, "-c", FOREX]
    cut, player, decision = play_case(files[len(files) // 2])
    return {
        f"forex validate -j 1 ({len(names)} files)": [*forex, "validate", "-j", "1", *names],
        "forex show GAME": [*forex, "show", names[len(names) // 2]],
        "forex play HALF --dry-run": [*forex, "play", str(cut), player, decision, "--dry-run"],
    }


def play_case(game: Path) -> tuple[Path, str, str]:
    """A copy of ``game`` (in a temporary folder) cut before its middle move, and that
    move's player and decision."""
    from forexcli.record import gamelog

    entries = gamelog.load(game).entries
    middle = entries[len(entries) // 2]
    lines = game.read_text(encoding="utf-8").splitlines(keepends=True)
    starts = [i for i, line in enumerate(lines) if line.startswith("  - ")]
    cut = Path(tempfile.mkdtemp(prefix="frame-speed-play-")) / "half.yaml"
    cut.write_text("".join(lines[: starts[middle.number - 1]]), encoding="utf-8")
    return cut, middle.player, middle.text


def run_env() -> dict[str, str]:
    """The environment of every run: bytecode cached, no colour, a fixed hash seed."""
    env = bytecode_env()
    env.update({"PYTHONHASHSEED": "0", "NO_COLOR": "1"})
    env.pop("PYTHONPATH", None)
    return env


def warm(command: list[str], tree: Path) -> None:
    """Run ``command`` once untimed (writes the bytecode cache); exit if it fails."""
    done = subprocess.run(
        command, cwd=tree, env=run_env(), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )
    if done.returncode not in (0, 1):  # validate exits 1 on a bad log; the corpus has none
        message = done.stderr.decode(errors="replace")[-2000:]
        raise SystemExit(f"{command[3:5]} failed in {tree} (exit {done.returncode}):\n{message}")


def process_counts(command: list[str], tree: Path) -> list[int]:
    """The instructions each process of ``command`` executes in ``tree`` (callgrind's
    ``Collected`` of each, in the order they exit; a forked process's count includes its
    parent's before the fork)."""
    valgrind = shutil.which("valgrind")
    if valgrind is None:
        raise SystemExit("valgrind is not installed: no instruction counts")
    done = subprocess.run(
        [valgrind, "--tool=callgrind", "--callgrind-out-file=/dev/null", *command],
        cwd=tree,
        env=run_env(),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        check=False,
    )
    counts = [int(found) for found in re.findall(r"Collected : (\d+)", done.stderr)]
    if not counts:
        raise SystemExit(f"callgrind gave no count for {command[:5]}:\n{done.stderr[-2000:]}")
    return counts


def instructions(command: list[str], tree: Path) -> int:
    """The instructions ``command`` executes in ``tree`` (callgrind's ``Collected``: the first
    process's to exit)."""
    return process_counts(command, tree)[0]


def wall_times(
    named: dict[str, list[str]], trees: dict[str, Path], runs: int
) -> dict[tuple[str, str], list[float]]:
    """Wall seconds of each (revision, command), ``runs`` each, the revisions interleaved."""
    times: dict[tuple[str, str], list[float]] = {
        (side, name): [] for side in trees for name in named
    }
    env = run_env()
    for _ in range(runs):
        for name, command in named.items():
            for side, tree in trees.items():
                started = time.perf_counter()
                subprocess.run(
                    command, cwd=tree, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
                )
                times[side, name].append(time.perf_counter() - started)
    return times


def ms(seconds: list[float]) -> str:
    """``best / median ms`` of ``seconds``."""
    return f"{min(seconds) * 1000:,.0f} / {statistics.median(seconds) * 1000:,.0f} ms"


def percent(text: str) -> float:
    """``5%`` or ``0.05`` as a fraction."""
    return float(text[:-1]) / 100 if text.endswith("%") else float(text)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--base", default="main", help="the revision compared against [main]")
    parser.add_argument("--head", default="HEAD", help="the revision judged [HEAD]")
    parser.add_argument("--games", type=int, default=200, help="games in the corpus [200]")
    parser.add_argument("--seed", type=int, default=corpus.DEFAULT_SEED)
    parser.add_argument("--corpus", type=Path, default=corpus.DEFAULT_OUT / "quick")
    parser.add_argument("--runs", type=int, default=5, help="wall-time runs of each [5]")
    parser.add_argument(
        "--max-regression",
        type=percent,
        default=0.05,
        metavar="PCT",
        help="the largest instruction-count increase accepted, as 5%% or 0.05 [5%%]",
    )
    parser.add_argument("--no-instructions", action="store_true", help="wall times only")
    args = parser.parse_args(argv)

    files, _ = ensure_corpus(args.corpus.resolve(), args.games, args.seed, False)
    named = commands(files)
    revisions = {"base": args.base, "head": args.head}
    print(f"Machine: {machine()}")
    print(
        "Revisions: "
        + ", ".join(f"{side} {rev} ({commit_of(rev)})" for side, rev in revisions.items())
    )
    with worktree(args.base) as base_tree, worktree(args.head) as head_tree:
        trees = {"base": base_tree, "head": head_tree}
        for tree in trees.values():
            for command in named.values():
                warm(command, tree)
        ratios: list[float] = []
        if not args.no_instructions:
            print("Instructions (valgrind callgrind; hardly affected by the load):")
            for name, command in named.items():
                base, head = (instructions(command, trees[side]) for side in ("base", "head"))
                ratio = head / base
                ratios.append(ratio)
                print(
                    f"  {name:<36} base {base / 1e6:>9,.1f} M  head {head / 1e6:>9,.1f} M"
                    f"  head/base {ratio:.4f}"
                )
        print(f"Wall time ({args.runs} runs each, interleaved), best and median:")
        times = wall_times(named, trees, args.runs)
        for name in named:
            before, after = times["base", name], times["head", name]
            best = min(after) / min(before)
            middle = statistics.median(after) / statistics.median(before)
            print(
                f"  {name:<36} base {ms(before)}  head {ms(after)}"
                f"  head/base {best:.3f} / {middle:.3f}"
            )
    print(f"Load average at the end: {load_average()}")
    if args.no_instructions:
        print("Verdict: none (instructions not counted)")
        return 0
    limit = args.max_regression
    worst = max(ratios) - 1
    verdict = "ok" if worst <= limit else "REGRESSION"
    print(f"Verdict (instructions, max regression {limit:.1%}): {verdict}, worst {worst:+.2%}")
    return 0 if verdict == "ok" else 1


if __name__ == "__main__":
    sys.exit(main())
