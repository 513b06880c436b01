"""Time forexcli on a corpus of random legal games, and print every figure from one run.

Usage::

    python -m benchmarks.run                 # 1,000 games, best of 7 (start-up: best of 20)
    python -m benchmarks.run --quick         # 200 games, best of 3: a smoke run
    python -m benchmarks.run --markdown figures.md   # also write the figures there

What is measured (wall-clock, best of N runs, same files, warm cache; CPU
time, user + system, is printed beside it because it is steadier on a busy
machine):

1. Engine replay speed: every decision of the corpus applied from the start
   of its game (the decisions are read first, untimed), as decisions per
   second: ``apply_with_events`` and ``apply`` one by one, ``apply_all`` a
   whole game at once, and ``gamelog.replay`` (which also keeps every state
   and event).
2. ``forex validate`` over the corpus (files and decisions per second), in one
   process (``-j 1``) and with the default (one process per core), against
   merely parsing the same files: with PyYAML's libyaml ``CSafeLoader`` (and
   ``CBaseLoader``, which does not even type the scalars) and with
   ``yaml_rs``, the parser of the fast path.  All are timed as whole
   processes given the same file list, and also in-process (``validation.check``
   against the parsers, and ``fastpath.accepted`` alone), without interpreter
   start-up (warm: after the first run the caches of decision texts are
   filled, so the whole-process figure is the one to judge the target by).
3. ``forex --help`` and ``forex show`` on one game, against ``python -c
   pass`` and ``python -c 'import click'``.

Targets (issue 12), each printed with its ratio: ``forex validate -j 1`` <= 1.0x
the ``CSafeLoader`` parse and <= 3x the ``yaml_rs`` parse; the default (several
processes) <= 0.6x ``-j 1``; ``forex show GAME`` <= 2.0x ``import click``;
``forex --help`` <= 1.3x; ``apply_all`` not slower than before issue 12 (the engine
at ``BEFORE_COMMIT``, taken from git and timed beside today's in the same run).
The versions of the parsers and validators, the machine and its load average
(at the start and at the end: the machine may be shared) are printed first and last.
In-process timings run in a fresh interpreter each (``--worker``), so one
measurement's garbage does not slow the next.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import platform
import resource
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

from benchmarks import corpus
from forexcli.record.validation import default_jobs

ROOT = Path(__file__).resolve().parent.parent
MANIFEST = "MANIFEST.json"

VALIDATE_TARGET = 1.0
"""``forex validate -j 1`` / the ``CSafeLoader`` parse, whole processes."""
FAST_PARSE_TARGET = 3.0
"""``forex validate -j 1`` / the ``yaml_rs`` parse, whole processes."""
JOBS_TARGET = 0.6
"""``forex validate`` (one process per core) / ``forex validate -j 1``."""
SHOW_TARGET = 2.0
HELP_TARGET = 1.3
BEFORE_COMMIT = "185ce04"
"""The engine before issue 12 (``apply_all`` ~300,000 decisions/s then): it is timed beside
today's in the same run (its ``forexcli`` taken from git), so that a slower machine is not
mistaken for a slower engine."""

APPLY_ALL_SNIPPET = (
    "import gc, glob, json, sys, time\n"
    "try:\n"
    "    from forexcli.games.forex.rules import apply_all, new_game\n"
    "    from forexcli.record import gamelog\n"
    "except ImportError:  # a tree from before the record layer and the games were split\n"
    "    from forexcli import gamelog\n"
    "    from forexcli.engine import apply_all, new_game\n"
    "logs = [gamelog.load(name) for name in sorted(glob.glob(sys.argv[1] + '/game-*.yaml'))]\n"
    "games = [(l.players, getattr(l, 'removed', None) or l.new_game().removed, l.first,\n"
    "          [d for e in l.entries for d in e.written.decisions()]) for l in logs]\n"
    "del logs\n"
    "gc.collect(); gc.freeze()\n"
    "best = [float('inf'), float('inf')]\n"
    "for _ in range(int(sys.argv[2])):\n"
    "    cpu, wall = time.process_time(), time.perf_counter()\n"
    "    for players, removed, first, steps in games:\n"
    "        apply_all(new_game(players, removed, first), steps)\n"
    "    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu\n"
    "    best = [min(best[0], wall), min(best[1], cpu)]\n"
    "print(json.dumps({'decisions': sum(len(g[3]) for g in games), 'apply_all': best}))\n"
)
"""``apply_all`` over the corpus, best of N, with the API that both the engine before issue 12
and today's have (``gamelog.load``, ``apply_all``, ``new_game``; at the paths of either tree);
run in the tree to time."""

PARSE_SNIPPET = (
    "import sys, yaml\n"
    "L = yaml.{loader}\n"
    "for name in sys.argv[1:]:\n"
    "    with open(name, 'rb') as f:\n"
    "        yaml.load(f.read(), Loader=L)\n"
)
YAML_RS_SNIPPET = (
    "import sys, yaml_rs\n"
    "for name in sys.argv[1:]:\n"
    "    with open(name, 'rb') as f:\n"
    "        yaml_rs.loads(f.read().decode('utf-8'), parse_datetime=False)\n"
)


# --------------------------------------------------------------------------- corpus


def ensure_corpus(
    folder: Path, games: int, seed: int, regenerate: bool
) -> tuple[list[Path], float]:
    """The corpus files, generated unless a manifest says they are already there."""
    manifest = folder / MANIFEST
    wanted = {"games": games, "seed": seed}
    if not regenerate and manifest.exists():
        try:
            if json.loads(manifest.read_text(encoding="utf-8")) == wanted:
                files = sorted(folder.glob("game-*.yaml"))
                if len(files) == games:
                    return files, 0.0
        except ValueError:
            pass
    for old in folder.glob("game-*.yaml"):
        old.unlink()
    started = time.perf_counter()
    written = corpus.generate(folder, games, seed)
    elapsed = time.perf_counter() - started
    manifest.write_text(json.dumps(wanted) + "\n", encoding="utf-8")
    return [path for path, _ in written], elapsed


# --------------------------------------------------------------------------- timing


def _cpu_children() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def bytecode_env() -> dict[str, str]:
    """The environment, with Python allowed to cache bytecode (as an installed tool does).

    Without ``__pycache__`` every start compiles forexcli's sources again, which
    costs more than importing them; the untimed first run writes the cache.
    """
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def time_commands(
    commands: dict[str, list[str]], runs: int, cwd: Path = ROOT
) -> dict[str, tuple[float, float]]:
    """Best wall and best CPU time of each command; runs are interleaved (A B C A B C ...)."""
    best: dict[str, tuple[float, float]] = {name: (float("inf"), float("inf")) for name in commands}
    env = bytecode_env()
    for name, command in commands.items():  # one untimed run each: warm caches, check status
        done = subprocess.run(
            command, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
        )
        if done.returncode != 0:
            message = done.stderr.decode(errors="replace")[-2000:]
            raise SystemExit(f"{name} failed (exit {done.returncode}):\n{message}")
    for _ in range(runs):
        for name, command in commands.items():
            cpu = _cpu_children()
            started = time.perf_counter()
            subprocess.run(command, cwd=cwd, env=env, stdout=subprocess.DEVNULL, check=True)
            wall = time.perf_counter() - started
            cpu = _cpu_children() - cpu
            old_wall, old_cpu = best[name]
            best[name] = (min(old_wall, wall), min(old_cpu, cpu))
    return best


def instructions(command: list[str], cwd: Path = ROOT) -> int | None:
    """The instructions ``command`` executes (valgrind's callgrind); None without valgrind.

    Unlike times, the count hardly depends on what else the machine is doing.
    """
    valgrind = shutil.which("valgrind")
    if valgrind is None:
        return None
    done = subprocess.run(
        [valgrind, "--tool=callgrind", "--callgrind-out-file=/dev/null", *command],
        cwd=cwd,
        env=bytecode_env(),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        check=False,
    )
    for line in done.stderr.splitlines():
        if "Collected :" in line:
            return int(line.rsplit(":", 1)[1].strip())
    return None


def best_of(runs: int, work: Callable[[], object]) -> tuple[float, float]:
    """Best wall and best CPU time of ``work()`` over ``runs`` runs (in this process)."""
    wall_best = cpu_best = float("inf")
    for _ in range(runs):
        cpu = time.process_time()
        started = time.perf_counter()
        work()
        wall_best = min(wall_best, time.perf_counter() - started)
        cpu_best = min(cpu_best, time.process_time() - cpu)
    return wall_best, cpu_best


# --------------------------------------------------------------------------- workers


def _worker_replay(files: Sequence[Path], runs: int) -> dict[str, Any]:
    from forexcli.games.forex.rules import apply, apply_all, apply_with_events, new_game
    from forexcli.record import gamelog

    logs = [gamelog.load(path) for path in files]
    games = [
        (
            log.players,
            log.new_game().removed,
            log.first,
            [d for e in log.entries for d in e.written.decisions()],
        )
        for log in logs
    ]
    decisions = sum(len(game[3]) for game in games)
    # The loaded corpus is not the engine's garbage: keep the collector from scanning it.
    import gc

    gc.collect()
    gc.freeze()

    def with_events() -> None:
        for players, removed, first, steps in games:
            state = new_game(players, removed, first)
            for decision in steps:
                state = apply_with_events(state, decision)[0]

    def one_by_one() -> None:
        for players, removed, first, steps in games:
            state = new_game(players, removed, first)
            for decision in steps:
                state = apply(state, decision)

    def all_at_once() -> None:
        for players, removed, first, steps in games:
            apply_all(new_game(players, removed, first), steps)

    def replay() -> None:
        for log in logs:
            played = gamelog.replay(log)
            assert played.problem is None

    return {
        "decisions": decisions,
        "apply_with_events": best_of(runs, with_events),
        "apply": best_of(runs, one_by_one),
        "apply_all": best_of(runs, all_at_once),
        "gamelog.replay": best_of(runs, replay),
    }


def _worker_check(files: Sequence[Path], runs: int) -> dict[str, Any]:
    import yaml

    from forexcli.record import validation

    names = [str(path) for path in files]

    def parse(loader: Any) -> Callable[[], None]:
        def work() -> None:
            for name in names:
                with open(name, "rb") as handle:
                    yaml.load(handle.read(), Loader=loader)

        return work

    def check() -> None:
        for name in names:
            problems, _ = validation.check(name)
            assert not problems, problems

    def parse_yaml_rs() -> None:
        import yaml_rs

        for name in names:
            with open(name, "rb") as handle:
                yaml_rs.loads(handle.read().decode("utf-8"), parse_datetime=False)

    from forexcli.games.forex.logcheck import FAST_VALIDATOR
    from forexcli.record import fastpath

    texts = [Path(name).read_text(encoding="utf-8") for name in names]

    def accepted() -> None:
        for text in texts:
            assert fastpath.accepted(text, FAST_VALIDATOR) is not None

    # Interleave them so that a slow spell of the machine hits all of them.
    results: dict[str, tuple[float, float]] = {}
    tasks = {
        "csafe": parse(yaml.CSafeLoader),
        "cbase": parse(yaml.CBaseLoader),
        "yaml_rs": parse_yaml_rs,
        "accepted": accepted,
        "check": check,
    }
    for name, task in tasks.items():
        task()  # warm up (imports, caches)
        results[name] = (float("inf"), float("inf"))
    for _ in range(runs):
        for name, task in tasks.items():
            wall, cpu = best_of(1, task)
            results[name] = (min(results[name][0], wall), min(results[name][1], cpu))
    return results


WORKER_COMMAND = (sys.executable, "-m", "benchmarks.run", "--worker")

WORKERS: dict[str, Callable[[Sequence[Path], int], dict[str, Any]]] = {
    "replay": _worker_replay,
    "check": _worker_check,
}


def json_of(command: list[str], what: str, cwd: Path = ROOT) -> dict[str, Any]:
    """The JSON that ``command`` prints on stdout; stops the benchmark if it fails."""
    done = subprocess.run(
        command, cwd=cwd, env=bytecode_env(), capture_output=True, text=True, check=False
    )
    if done.returncode != 0:
        raise SystemExit(f"{what} failed:\n{done.stderr[-3000:]}")
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def run_worker(name: str, folder: Path, runs: int) -> dict[str, Any]:
    """Run one in-process measurement in a fresh interpreter; its JSON result."""
    command = [*WORKER_COMMAND, name, "--corpus", str(folder), "--runs", str(runs)]
    return json_of(command, f"worker {name}")


@contextlib.contextmanager
def tree_at(commit: str) -> Iterator[Path | None]:
    """A temporary folder holding ``forexcli/`` as it was at ``commit`` (None without git)."""
    import tarfile
    import tempfile

    with tempfile.TemporaryDirectory(prefix="forex-before-") as folder:
        archive = subprocess.run(
            ["git", "archive", "--format=tar", commit, "forexcli"],
            cwd=ROOT,
            capture_output=True,
            check=False,
        )
        if archive.returncode != 0:
            yield None
            return
        tar_path = Path(folder) / "before.tar"
        tar_path.write_bytes(archive.stdout)
        with tarfile.open(tar_path) as tar:
            tar.extractall(folder, filter="data")
        yield Path(folder)


def snippet_in_turns(
    trees: dict[str, Path], snippet: str, folder: Path, runs: int
) -> dict[str, tuple[dict[str, Any], tuple[float, float]]]:
    """``snippet`` (which times ``apply_all`` over the games in ``folder``) run in each tree,
    in fresh interpreters, trees in turns: each tree's last result and its best wall and CPU."""
    done: dict[str, tuple[dict[str, Any], tuple[float, float]]] = {}
    # Two runs in each interpreter, interpreters in turns: a slow spell hits every tree.
    for _ in range(max(1, runs // 2)):
        for name, tree in trees.items():
            command = [sys.executable, "-c", snippet, str(folder), "2"]
            result = json_of(command, f"apply_all {name}", cwd=tree)
            wall, cpu = result["apply_all"]
            old = done[name][1] if name in done else (float("inf"), float("inf"))
            done[name] = (result, (min(old[0], wall), min(old[1], cpu)))
    return done


def snippet_instructions(
    trees: dict[str, Path], snippet: str, folder: Path
) -> dict[str, int] | None:
    """Instructions of one pass of ``snippet`` over the games in ``folder`` in each tree (three
    passes less one, so that loading and first-use costs cancel); None without valgrind."""
    counts = {}
    for name, tree in trees.items():
        one, three = (
            instructions([sys.executable, "-c", snippet, str(folder), passes], cwd=tree)
            for passes in ("1", "3")
        )
        if one is None or three is None:
            return None
        counts[name] = (three - one) // 2
    return counts


def _before_and_now(before: Path) -> dict[str, Path]:
    return {f"at {BEFORE_COMMIT}": before, "now": ROOT}


def engine_before_and_now(before: Path, folder: Path, runs: int) -> dict[str, tuple[float, float]]:
    """``apply_all`` over the corpus with the engine in ``before`` and with today's, timed in
    turns in fresh interpreters (best wall, best CPU of each)."""
    timed = snippet_in_turns(_before_and_now(before), APPLY_ALL_SNIPPET, folder, runs)
    return {name: best for name, (_, best) in timed.items()}


def engine_instructions(before: Path, folder: Path) -> dict[str, int] | None:
    """Instructions of one ``apply_all`` pass over the games in ``folder``, before and now."""
    return snippet_instructions(_before_and_now(before), APPLY_ALL_SNIPPET, folder)


@contextlib.contextmanager
def tempfile_corpus(files: Sequence[Path]) -> Iterator[Path]:
    """A temporary folder with copies of ``files``."""
    import tempfile

    with tempfile.TemporaryDirectory(prefix="forex-corpus-") as folder:
        for path in files:
            shutil.copy(path, folder)
        yield Path(folder)


# --------------------------------------------------------------------------- report


def forex_command() -> list[str]:
    """The installed ``forex`` script next to this interpreter, or the same entry point."""
    script = shutil.which("forex", path=str(Path(sys.executable).parent))
    if script:
        return [script]
    return [sys.executable, "-c", "import sys; from forexcli.cli import main; sys.exit(main())"]


def load_average() -> str:
    """The load averages over 1, 5 and 15 minutes."""
    if not hasattr(os, "getloadavg"):
        return "unknown"
    return " ".join(f"{value:.2f}" for value in os.getloadavg())


def _cpu_model() -> str:
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            for line in info:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def machine() -> str:
    return (
        f"{os.cpu_count()} cores ({_cpu_model()}), "
        f"Python {platform.python_version()} ({platform.python_implementation()}), "
        f"{platform.system()} {platform.release()}; load average {load_average()} at the start"
    )


def versions() -> str:
    """The versions of the parsers and validators measured or used."""
    from importlib.metadata import PackageNotFoundError, version

    import yaml

    found = []
    for package in ("PyYAML", "yaml-rs", "jsonschema-rs", "jsonschema", "ruamel.yaml", "msgspec"):
        try:
            found.append(f"{package} {version(package)}")
        except PackageNotFoundError:
            found.append(f"{package} missing")
    libyaml = getattr(getattr(yaml, "_yaml", None), "get_version_string", lambda: "missing")()
    return ", ".join(found) + f"; libyaml {libyaml}"


def ms(seconds: float) -> str:
    return f"{seconds * 1000:,.0f} ms" if seconds >= 0.01 else f"{seconds * 1000:.1f} ms"


def met(ratio: float, target: float) -> str:
    return "met" if ratio <= target else "NOT met"


def count_instructions(
    forex: list[str], show_file: str, names: list[str], say: Callable[[str], None]
) -> bool:
    """Print the instruction counts of the start-up commands and of validating ``names``
    against parsing them with ``CSafeLoader``, as ratios; False without valgrind."""
    commands = {
        "python -c pass": [sys.executable, "-c", "pass"],
        "python -c 'import click'": [sys.executable, "-c", "import click"],
        "forex --help": [*forex, "--help"],
        "forex show GAME": [*forex, "show", show_file],
        f"parse CSafeLoader ({len(names)} files)": [
            sys.executable,
            "-c",
            PARSE_SNIPPET.format(loader="CSafeLoader"),
            *names,
        ],
        f"forex validate -j 1 ({len(names)} files)": [*forex, "validate", "-j", "1", *names],
    }
    counts = {}
    for name, command in commands.items():
        subprocess.run(command, cwd=ROOT, env=bytecode_env(), capture_output=True, check=False)
        count = instructions(command)
        if count is None:
            return False
        counts[name] = count
    click_count = counts["python -c 'import click'"]
    parse_count = counts[f"parse CSafeLoader ({len(names)} files)"]
    say("Instructions (valgrind callgrind; hardly affected by the load):")
    for name, count in counts.items():
        against = parse_count if "files)" in name else click_count
        what = "parse" if "files)" in name else "import click"
        say(f"  {name:<34} {count / 1e6:>9,.0f} M  {count / against:.2f}x {what}")
    return True


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=corpus.DEFAULT_GAMES)
    parser.add_argument("--seed", type=int, default=corpus.DEFAULT_SEED)
    parser.add_argument("--corpus", type=Path, default=corpus.DEFAULT_OUT)
    parser.add_argument("--runs", type=int, default=7, help="best of this many (corpus timings)")
    parser.add_argument("--startup-runs", type=int, default=20, help="best of this many")
    parser.add_argument("--quick", action="store_true", help="200 games, best of 3")
    parser.add_argument("--regenerate", action="store_true", help="write the corpus again")
    parser.add_argument("--markdown", type=Path, help="also write the figures to this file")
    parser.add_argument(
        "--instructions",
        action="store_true",
        help="also count instructions (valgrind): start-up, and validate of 100 files",
    )
    parser.add_argument("--worker", choices=sorted(WORKERS), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)

    folder: Path = args.corpus.resolve()
    if args.worker:
        files = sorted(folder.glob("game-*.yaml"))
        print(json.dumps(WORKERS[args.worker](files, args.runs)))
        return 0
    if args.quick:
        args.games, args.runs, args.startup_runs = 200, 3, 10
        if args.corpus == corpus.DEFAULT_OUT:
            folder = (corpus.DEFAULT_OUT / "quick").resolve()

    lines: list[str] = []

    def say(text: str = "") -> None:
        print(text, flush=True)
        lines.append(text)

    say(f"Machine: {machine()}")
    say(f"Versions: {versions()}")
    files, generated = ensure_corpus(folder, args.games, args.seed, args.regenerate)
    size = sum(path.stat().st_size for path in files)
    counts = [0] * 7
    for path in files:
        counts[int(path.stem.rsplit("-", 1)[1][:-1])] += 1
    made = f", generated in {generated:.1f} s" if generated else ""
    where = folder.relative_to(ROOT) if folder.is_relative_to(ROOT) else folder
    say(
        f"Corpus: {len(files)} games in {where}"
        f" ({', '.join(f'{counts[n]} of {n}' for n in range(2, 7))} players),"
        f" {size / 1e6:.2f} MB{made}; seed {args.seed}"
    )
    say(f"Timings: best of {args.runs} (start-up: best of {args.startup_runs}), wall (CPU)")
    say()

    # 1. Engine replay.
    replay = run_worker("replay", folder, args.runs)
    decisions = replay["decisions"]
    say(f"Engine replay: {decisions:,} decisions in {len(files)} games")
    for name, note in (
        ("apply_with_events", "one by one, with the events (as show does)"),
        ("apply", "one by one, a state after each"),
        ("apply_all", "a whole game at once, final state only"),
        ("gamelog.replay", "the loader's replay: states and events kept"),
    ):
        wall, cpu = replay[name]
        say(
            f"  {name:<19} {ms(wall):>9} ({ms(cpu)})  {decisions / wall:>9,.0f} decisions/s"
            f"  ({note})"
        )
    say()

    # 2. Validation against parsing.
    names = [str(path) for path in files]
    forex = forex_command()
    commands = {
        "parse CSafeLoader": [sys.executable, "-c", PARSE_SNIPPET.format(loader="CSafeLoader")],
        "parse CBaseLoader": [sys.executable, "-c", PARSE_SNIPPET.format(loader="CBaseLoader")],
        "parse yaml_rs": [sys.executable, "-c", YAML_RS_SNIPPET],
        "forex validate -j 1": [*forex, "validate", "-j", "1"],
        "forex validate": [*forex, "validate"],
    }
    timed = time_commands({k: [*v, *names] for k, v in commands.items()}, args.runs)
    single_wall, single_cpu = timed["forex validate -j 1"]
    csafe_wall, csafe_cpu = timed["parse CSafeLoader"]
    fast_wall, fast_cpu = timed["parse yaml_rs"]
    pooled_wall, pooled_cpu = timed["forex validate"]
    jobs = default_jobs(len(files))
    say(f"Validation of the corpus (whole processes, same file list; default: {jobs} processes):")
    for name, (wall, cpu) in timed.items():
        say(
            f"  {name:<21} {ms(wall):>9} ({ms(cpu)})  {len(files) / wall:>7,.0f} files/s"
            f"  {decisions / wall:>9,.0f} decisions/s"
        )
    ratio = single_wall / csafe_wall
    say(
        f"  validate -j 1 / parse (CSafeLoader): {ratio:.2f}x wall, {single_cpu / csafe_cpu:.2f}x"
        f" CPU  -> target <= {VALIDATE_TARGET}x: {met(ratio, VALIDATE_TARGET)}"
    )
    fast_ratio = single_wall / fast_wall
    say(
        f"  validate -j 1 / parse (yaml_rs): {fast_ratio:.2f}x wall, {single_cpu / fast_cpu:.2f}x"
        f" CPU  -> target <= {FAST_PARSE_TARGET}x: {met(fast_ratio, FAST_PARSE_TARGET)}"
    )
    jobs_ratio = pooled_wall / single_wall
    say(
        f"  validate ({jobs} processes) / validate -j 1: {jobs_ratio:.2f}x wall,"
        f" {pooled_cpu / single_cpu:.2f}x CPU (all processes)"
        f"  -> target <= {JOBS_TARGET}x: {met(jobs_ratio, JOBS_TARGET)}"
    )
    say(
        f"  validate ({jobs} processes) / parse (CSafeLoader):"
        f" {pooled_wall / csafe_wall:.2f}x wall, {pooled_cpu / csafe_cpu:.2f}x CPU (all processes)"
    )
    inproc = run_worker("check", folder, args.runs)
    check_wall, check_cpu = inproc["check"]
    in_safe_wall, in_safe_cpu = inproc["csafe"]
    in_base_wall, in_base_cpu = inproc["cbase"]
    in_rs_wall, in_rs_cpu = inproc["yaml_rs"]
    accepted_wall, accepted_cpu = inproc["accepted"]
    say("  in-process, without start-up:")
    say(
        f"    yaml.load CSafeLoader {ms(in_safe_wall):>9} ({ms(in_safe_cpu)});"
        f" CBaseLoader {ms(in_base_wall)} ({ms(in_base_cpu)});"
        f" yaml_rs.loads {ms(in_rs_wall)} ({ms(in_rs_cpu)})"
    )
    say(
        f"    fastpath.accepted     {ms(accepted_wall):>9} ({ms(accepted_cpu)})"
        f"  (screen, yaml_rs, jsonschema_rs: {accepted_wall / in_safe_wall:.2f}x wall,"
        f" {accepted_cpu / in_safe_cpu:.2f}x CPU CSafeLoader)"
    )
    say(
        f"    validation.check      {ms(check_wall):>9} ({ms(check_cpu)})"
        f"  {len(files) / check_wall:>7,.0f} files/s  {decisions / check_wall:>9,.0f} decisions/s"
    )
    in_ratio = check_wall / in_safe_wall
    say(
        f"    check / parse (CSafeLoader): {in_ratio:.2f}x wall, {check_cpu / in_safe_cpu:.2f}x CPU"
    )
    say()

    # 3. Start-up.
    show_file = str(files[len(files) // 2])
    startup = time_commands(
        {
            "python -c pass": [sys.executable, "-c", "pass"],
            "python -c 'import click'": [sys.executable, "-c", "import click"],
            "forex --help": [*forex, "--help"],
            "forex show GAME": [*forex, "show", show_file],
        },
        args.startup_runs,
    )
    bare, bare_cpu = startup["python -c pass"]
    click_only, click_cpu = startup["python -c 'import click'"]
    say(f"Start-up (show: {Path(show_file).name}), wall (CPU):")
    for name, (wall, cpu) in startup.items():
        say(
            f"  {name:<26} {ms(wall):>8} ({ms(cpu)})  {wall / bare:.2f}x ({cpu / bare_cpu:.2f}x)"
            f" bare, {wall / click_only:.2f}x ({cpu / click_cpu:.2f}x) import click"
        )
    help_wall, help_cpu = startup["forex --help"]
    help_ratio = help_wall / click_only
    say(
        f"  forex --help / import click: {help_ratio:.2f}x wall, {help_cpu / click_cpu:.2f}x CPU"
        f"  -> target <= {HELP_TARGET}x: {met(help_ratio, HELP_TARGET)}"
    )
    show_wall, show_cpu = startup["forex show GAME"]
    show_ratio = show_wall / click_only
    say(
        f"  forex show GAME / import click: {show_ratio:.2f}x wall, {show_cpu / click_cpu:.2f}x CPU"
        f"  -> target <= {SHOW_TARGET}x: {met(show_ratio, SHOW_TARGET)}"
    )
    say()
    with tree_at(BEFORE_COMMIT) as before:
        engines = None if before is None else engine_before_and_now(before, folder, args.runs)
        engine_counts = None
        if before is not None and args.instructions:
            with tempfile_corpus(files[:100]) as small:
                engine_counts = engine_instructions(before, small)
    if engines is None:
        say(f"Engine before issue 12: not measured (no git, or no commit {BEFORE_COMMIT})")
    else:
        say(f"Engine, apply_all on the corpus, before issue 12 ({BEFORE_COMMIT}) and now:")
        for name, (wall, cpu) in engines.items():
            say(
                f"  {name:<12} {ms(wall):>9} ({ms(cpu)})  {decisions / wall:>9,.0f} decisions/s"
                f" wall, {decisions / cpu:,.0f} CPU"
            )
        (old_wall, old_cpu), (new_wall, new_cpu) = engines.values()
        say(
            f"  now / before: {old_wall / new_wall:.2f}x the speed (wall), {old_cpu / new_cpu:.2f}x"
            f" (CPU)  -> target: not slower: {'met' if new_cpu <= old_cpu * 1.02 else 'NOT met'}"
        )
    if engine_counts:
        (old_count, new_count) = engine_counts.values()
        say(
            f"  instructions of one pass over 100 games: {old_count / 1e6:,.0f} M before,"
            f" {new_count / 1e6:,.0f} M now: {new_count / old_count:.2f}x"
        )
    if args.instructions:
        say()
        counted = count_instructions(forex, show_file, names[:100], say)
        if not counted:
            say("Instructions: valgrind is not installed")
    say()
    say(f"Load average at the end: {load_average()}")

    if args.markdown:
        args.markdown.write_text("```\n" + "\n".join(lines) + "\n```\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
