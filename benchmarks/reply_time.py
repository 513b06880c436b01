"""Every single engine reply inside ``forex play``, timed on its own (issue 43's target: at
most the engine's budget plus 0.3 s a reply).

``benchmarks/command_time.py --only-replies`` times whole commands and divides; this times
each reply where the command makes it.  Each ``forex play G a DECISION`` runs in a new
interpreter (as a person runs it: the first reply pays the command's lazy imports), through
``forexcli.cli.main``, with three functions of ``forexcli.replies`` wrapped (nothing is
added to the product):

- ``edit.load_valid`` as ``replies.reply_engines`` calls it: a reply starts there (reading
  and replaying the log; the budget's seconds count from just before it, ``Budget.since``);
- ``engine_entry``: the engine's decision (the search, its completion, the rules' check);
- ``_record``: the decision written (the new text checked and replayed, then replaced
  atomically); the reply ends when it returns.

Per reply: the wall time (``time.perf_counter``) and the CPU time of the process
(``time.process_time``: what the reply cost, whatever else the machine runs), of the whole
reply and of the decision alone.  Seat ``a`` is the person (its decision each turn is the
engine's at ``--person-simulations``, asked by ``forex hint`` in its own process, untimed),
every other seat an engine seat at ``--seconds`` (``forex seat NAME --engine 1s``).

For-Ex at 2, 4 and 6 players, World Exchangers at 2 and 4 (its most), each from a game
played ``--warm-rounds`` rounds by the engine at 30 simulations, then ``--rounds`` of ``a``'s
turns with the replies; the table gives per game and players the replies, their wall and CPU
time (max, p95, median) against the budget plus 0.3 s, and the load average.

    nice -n 10 python -m benchmarks.reply_time --rounds 3
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

NAMES = "abcdef"
ROOT = Path(__file__).resolve().parent.parent
COMPONENTS = ROOT / "forexcli" / "games" / "worldex" / "data" / "invented-components.json"
SLACK = 0.3
"""Issue 43's target: a reply takes at most the budget plus this many seconds."""


# --------------------------------------------------------------------------- in the command


class Clock:
    """The wall and CPU readings of one reply's start, its decision and its end."""

    def __init__(self) -> None:
        self.replies: list[dict[str, Any]] = []
        self.started: tuple[float, float] | None = None
        self.decision: tuple[float, float] | None = None

    @staticmethod
    def now() -> tuple[float, float]:
        """(wall, CPU) now."""
        return time.perf_counter(), time.process_time()

    def wrap(self, replies: Any) -> None:
        """Wrap ``replies``' (the module ``forexcli.replies``) reading, decision and writing."""
        edit, choose, record = replies.edit, replies.engine_entry, replies._record

        class Edit:
            """``forexcli.record.edit`` with ``load_valid`` marking a reply's start."""

            def __getattr__(self, name: str) -> Any:
                return getattr(edit, name)

            @staticmethod
            def load_valid(*args: Any, **kwargs: Any) -> Any:
                clock.started = Clock.now()
                return edit.load_valid(*args, **kwargs)

        clock = self

        def engine_entry(*args: Any, **kwargs: Any) -> Any:
            began = Clock.now()
            found = choose(*args, **kwargs)
            ended = Clock.now()
            clock.decision = (ended[0] - began[0], ended[1] - began[1])
            return found

        def _record(*args: Any, **kwargs: Any) -> Any:
            made = record(*args, **kwargs)
            ended = Clock.now()
            assert clock.started is not None and clock.decision is not None
            clock.replies.append(
                {
                    "player": made.player,
                    "decision": made.text,
                    "budget": made.budget,
                    "wall": ended[0] - clock.started[0],
                    "cpu": ended[1] - clock.started[1],
                    "decision_wall": clock.decision[0],
                    "decision_cpu": clock.decision[1],
                }
            )
            clock.started = clock.decision = None
            return made

        replies.edit = Edit()
        replies.engine_entry = engine_entry
        replies._record = _record


def timed_command(out: str, args: Sequence[str]) -> None:
    """Run ``forex ARGS`` in this process with the replies timed, and write them (JSON) to
    ``out``: what ``python -m benchmarks.reply_time --command OUT ARGS...`` does."""
    import forexcli.replies as replies
    from forexcli.cli import main

    clock = Clock()
    clock.wrap(replies)
    try:
        main(list(args))
    except SystemExit as done:
        if done.code not in (0, None):
            raise
    finally:
        Path(out).write_text(json.dumps(clock.replies), encoding="utf-8")


# --------------------------------------------------------------------------- the driver


def _forex(*args: str, capture: bool = False) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "forexcli.cli", *args],
        check=True,
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    return done.stdout if capture else ""


def _decider(game: Path) -> str | None:
    """The one who decides next (None when the game is over or nobody alone decides)."""
    data = json.loads(_forex("moves", str(game), "--format", "json", capture=True))
    if "pending" in data:  # For-Ex
        player = data["pending"]["player"]
        return player if isinstance(player, str) else None
    deciders = data.get("deciders") or []  # the frame's: World Exchangers
    return str(deciders[0]) if len(deciders) == 1 and not data.get("over") else None


def _new(kind: str, path: Path, players: int) -> None:
    names = ",".join(NAMES[:players])
    if kind == "for-ex":
        _forex("new", str(path), "--players", names, "--seed", f"reply-{players}")
        return
    args = ["new", str(path), "--game", "world-exchangers", "--players", names, "--seed",
            f"reply-{players}", "--components", str(COMPONENTS), "--started", ""]  # fmt: skip
    try:
        _forex(*args)
    except subprocess.CalledProcessError:  # nobody holds the red marker: name who starts
        _forex(*args, "--first", "a")


def _warm(path: Path, players: int, rounds: int) -> None:
    """Play ``rounds`` rounds by the engine at 30 simulations, then on to ``a``'s turn."""
    for _ in range(rounds * players):
        who = _decider(path)
        if who is None:
            return
        _forex("play", str(path), who, "--engine", "--simulations", "30")
    while (who := _decider(path)) not in (None, "a"):
        _forex("play", str(path), who, "--engine", "--simulations", "30")


def _person_decision(path: Path, simulations: int) -> str | None:
    hinted = json.loads(
        _forex("hint", str(path), "--simulations", str(simulations), "--format", "json",
               capture=True)
    )  # fmt: skip
    suggestions = hinted.get("suggestions") or []
    return str(suggestions[0]["decision"]) if suggestions else None


def _percentile(values: Sequence[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * (len(ordered) - 1))))]


def summary(replies: Sequence[dict[str, Any]], key: str) -> tuple[float, float, float]:
    """(max, p95, median) of ``key`` over ``replies`` (nearest rank)."""
    values = [float(r[key]) for r in replies]
    return max(values), _percentile(values, 0.95), statistics.median(values)


def play_rounds(
    kind: str, players: int, work: Path, *, seconds: float, rounds: int, warm: int,
    person_simulations: int, log: Callable[[str], None] = print,
) -> list[dict[str, Any]]:  # fmt: skip
    """The replies timed in ``rounds`` of ``a``'s turns of a new ``kind`` game."""
    path = work / f"{kind}-{players}.yaml"
    _new(kind, path, players)
    _warm(path, players, warm)
    for name in NAMES[1:players]:
        _forex("seat", str(path), name, "--engine", f"{seconds:g}s")
    out = work / "replies.json"
    made: list[dict[str, Any]] = []
    for turn in range(rounds):
        if _decider(path) != "a":
            break
        decision = _person_decision(path, person_simulations)
        if decision is None:
            break
        subprocess.run(
            [sys.executable, "-m", "benchmarks.reply_time", "--command", str(out),
             "play", str(path), "a", decision],
            check=True, cwd=ROOT, stdout=subprocess.DEVNULL,
        )  # fmt: skip
        these = json.loads(out.read_text(encoding="utf-8"))
        for index, reply in enumerate(these):
            reply.update(turn=turn, first=index == 0)
        made += these
        log(f"  {kind} {players}p turn {turn}: {len(these)} replies, slowest"
            f" {max((r['wall'] for r in these), default=0):.2f} s wall")  # fmt: skip
    return made


def main(argv: Sequence[str] | None = None) -> None:
    """Print per game and players the replies' wall and CPU time against the target."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["--command"]:
        timed_command(argv[1], argv[2:])
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="the engine seats' budget")
    parser.add_argument("--rounds", type=int, default=3, help="a's turns timed per game")
    parser.add_argument("--warm-rounds", type=int, default=1)
    parser.add_argument("--person-simulations", type=int, default=30)
    parser.add_argument("--games", default="for-ex:2,4,6;world-exchangers:2,4")
    parser.add_argument("--json", type=Path, help="also write every reply's figures here")
    args = parser.parse_args(argv)
    work = Path(tempfile.mkdtemp(prefix="forex-replies-"))
    target = args.seconds + SLACK
    print(f"load average at start {os.getloadavg()[0]:.2f}; budget {args.seconds:g} s,"
          f" target {target:.2f} s a reply")  # fmt: skip
    every: list[dict[str, Any]] = []
    rows = []
    for part in args.games.split(";"):
        kind, counts = part.split(":")
        for players in map(int, counts.split(",")):
            made = play_rounds(
                kind, players, work, seconds=args.seconds, rounds=args.rounds,
                warm=args.warm_rounds, person_simulations=args.person_simulations,
            )  # fmt: skip
            for reply in made:
                reply.update(game=kind, players=players)
            every += made
            if made:
                rows.append((kind, players, made))
    print(f"load average at end {os.getloadavg()[0]:.2f}")
    shutil.rmtree(work, ignore_errors=True)
    print()
    print("| game | players | replies | wall max | p95 | median | CPU max | p95 | median |"
          " decision CPU max | first reply CPU max | over target (wall / CPU) |")  # fmt: skip
    print("|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|")
    for kind, players, made in rows:
        wall, cpu = summary(made, "wall"), summary(made, "cpu")
        decision = summary(made, "decision_cpu")[0]
        first = max(r["cpu"] for r in made if r["first"])
        over_wall = sum(r["wall"] > target for r in made)
        over_cpu = sum(r["cpu"] > target for r in made)
        print(f"| {kind} | {players} | {len(made)} | "
              + " | ".join(f"{v:.2f} s" for v in (*wall, *cpu, decision, first))
              + f" | {over_wall} / {over_cpu} |")  # fmt: skip
    if args.json is not None:
        args.json.write_text(json.dumps(every, indent=1), encoding="utf-8")


if __name__ == "__main__":
    main()
