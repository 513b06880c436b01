"""How ``forex analyse``'s verdicts behave: accuracy by strength, and agreement across budgets.

``forex analyse`` grades each recorded decision by the chance of finishing
first it gives away against the engine's choice, on the bounded scale of
``forexcli.search.verdicts`` (thresholds ``DUBIOUS``, ``MISTAKE``,
``BLUNDER``; no verdict when the two decisions were visited fewer than
``MIN_VISITS`` times).  Two measurements chose and check them:

``accuracy``: plays 2-player games between a stronger and a weaker player
(the engine against itself at a tenth of its budget, against the ladder's
greedy, one-ply and random players; the greedy player against the random
one), seats rotated, set-ups from seeds, grades every recorded decision with
the analysis's own ``grade`` at ``--judge`` simulations, and prints per
pairing: each side's marks and loss percentiles, in how many games the
weaker side's accuracy was the lower, and whether a bankrupt loser ever had
the better accuracy (with the game's figures when it did).

``agreement``: grades the decisions of a few engine-against-greedy games at
small budgets and at a reference budget (simulations, so that the figures
are the same on any machine) and prints how often the verdicts agree (the
same verdict; and marked or not alike) and how many each left ungraded.
``--seconds`` and ``--reference-seconds`` give the budgets in seconds instead, as
``forex analyse --seconds`` does (the issue's 0.2 s and 1 s against 10 s; the figures
then depend on the machine and its load).

    python -m benchmarks.verdicts accuracy --pairing self2 --games 4 --processes 2
    python -m benchmarks.verdicts agreement --games 2 --budgets 100,400 --reference 2000
    python -m benchmarks.verdicts agreement --log examples/annotated-pbem.yaml --sample 17 \
        --seconds 0.2,1 --reference-seconds 10 --processes 1
"""

from __future__ import annotations

import argparse
import os
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from forexcli.games.base import Budget
from forexcli.games.forex.advisor import ADVISOR
from forexcli.games.forex.rules import GameState, apply, draw_removed, new_game
from forexcli.search.verdicts import BLUNDER, DUBIOUS, MIN_VISITS, MISTAKE, grade, summaries

PAIRINGS = {
    # name: (stronger kind, weaker kind); "engine/10" is the engine at a tenth of the budget
    "self2": ("engine", "engine/10"),
    "greedy2": ("engine", "greedy"),
    "oneply2": ("engine", "oneply"),
    "random2": ("engine", "random"),
    "ladder2": ("greedy", "random"),
}


@dataclass(frozen=True)
class Game:
    """One graded game: each decision's (side, label, loss, graded), each side's accuracy, the
    winner's side and the bankrupt side (or None)."""

    pairing: str
    index: int
    decisions: tuple[tuple[str, str | None, float, bool], ...]
    accuracy: dict[str, float]
    winner: str
    bankrupt: str | None
    moves: int


def _seat(kind: str, simulations: int) -> tuple[str, Budget | None]:
    if kind == "engine":
        return "engine", Budget(simulations=simulations)
    if kind == "engine/10":
        return "engine", Budget(simulations=max(1, simulations // 10))
    return kind, None


Decision = tuple[str, str | None, float, bool]
Row = tuple[str, list[tuple[str | None, bool]]]


def play(
    pairing: str, index: int, simulations: int
) -> tuple[GameState, list[tuple[Any, ...]], dict[str, str]]:
    """Game ``index`` of ``pairing``: its start, its entries and each seat's side."""
    strong, weak = PAIRINGS[pairing]
    seat = index % 2
    sides = [strong, weak] if seat == 0 else [weak, strong]
    start = new_game(["p0", "p1"], draw_removed(f"verdicts-{pairing}-{index // 2}"))
    entries = ADVISOR.play(start, [_seat(kind, simulations) for kind in sides], 1000 * index)
    return start, entries, {"p0": "strong" if seat == 0 else "weak",
                            "p1": "weak" if seat == 0 else "strong"}  # fmt: skip


def judge_game(pairing: str, index: int, simulations: int, judge: int) -> Game:
    """Play game ``index`` of ``pairing`` and grade every entry at ``judge`` simulations."""
    start, entries, side_of = play(pairing, index, simulations)
    plan = Budget(simulations=judge)
    state = start
    graded = []
    for number, entry in enumerate(entries, start=1):
        graded.append(grade(ADVISOR, state, number, entry, plan, seed=index))
        for step in entry:
            state = apply(state, step)
    result = state.result
    assert result is not None
    firsts = [s for s, rank in enumerate(result.ranks) if rank == 1]
    winner = "shared" if len(firsts) > 1 else side_of[state.players[firsts[0]]]
    bankrupt = None if result.bankrupt is None else side_of[state.players[result.bankrupt]]
    accuracy = {side_of[s.player]: s.accuracy for s in summaries(graded, state.players)}
    decisions = tuple((side_of[g.player], g.label, g.loss, g.graded) for g in graded)
    return Game(pairing, index, decisions, accuracy, winner, bankrupt, len(entries))


def _percentile(values: list[float], share: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def accuracy_main(args: argparse.Namespace) -> None:
    """Play, grade and print the figures of each pairing."""
    print(f"players at {args.simulations} simulations a decision (engine/10 at a tenth),"
          f" graded at {args.judge}; {args.games} games a pairing; thresholds {DUBIOUS:.0%}"
          f" {MISTAKE:.0%} {BLUNDER:.0%}, {MIN_VISITS} visits;"
          f" load average at start {os.getloadavg()[0]:.2f}")  # fmt: skip
    with ProcessPoolExecutor(max_workers=args.processes) as pool:
        for pairing in args.pairing or ["self2", "greedy2"]:
            began = time.perf_counter()
            futures = [
                pool.submit(judge_game, pairing, index, args.simulations, args.judge)
                for index in range(args.first, args.first + args.games)
            ]
            games = [future.result() for future in futures]
            strong, weak = PAIRINGS[pairing]
            for side, kind in (("strong", strong), ("weak", weak)):
                mine = [d for g in games for d in g.decisions if d[0] == side]
                rated = [d for d in mine if d[3]]
                losses = [d[2] for d in rated]
                n = max(1, len(rated))

                def share(name: str, rated: list[Decision] = rated, n: int = n) -> str:
                    return f"{sum(d[1] == name for d in rated) / n:.1%}"

                mean = sum(g.accuracy[side] for g in games) / len(games)
                p50, p90 = _percentile(losses, 0.5), _percentile(losses, 0.9)
                top = max(losses, default=0)
                print(f"{pairing:8} {kind:10} decisions {len(mine):4d} ungraded"
                      f" {len(mine) - len(rated):3d}  ?! {share('dubious'):>6}"
                      f" ? {share('mistake'):>6} ?? {share('blunder'):>6} ! {share('only'):>6}"
                      f"  loss p50 {100 * p50:5.1f} p90 {100 * p90:5.1f}"
                      f" max {100 * top:5.1f}  accuracy {mean:5.1f}%")  # fmt: skip
            lower = sum(g.accuracy["weak"] < g.accuracy["strong"] for g in games)
            print(f"{'':8} weaker side's accuracy lower in {lower} of {len(games)} games;"
                  f" winners {_count(g.winner for g in games)};"
                  f" wall {time.perf_counter() - began:.0f} s")  # fmt: skip
            for g in games:
                best = max(g.accuracy, key=lambda side: g.accuracy[side])
                if g.bankrupt is not None and g.bankrupt == best:
                    print(
                        f"{'':8} game {g.index}: the bankrupt {g.bankrupt} side had the better"
                        f" accuracy ({g.accuracy}); its decisions:"
                        f" {[(n, d) for n, d in enumerate(g.decisions, 1) if d[0] == best]}"
                    )
                if g.accuracy["weak"] >= g.accuracy["strong"]:
                    print(
                        f"{'':8} game {g.index}: weak {g.accuracy['weak']:.1f}% >= strong"
                        f" {g.accuracy['strong']:.1f}%, won by {g.winner}, {g.moves} moves"
                    )
            bankrupt = [g for g in games if g.bankrupt is not None]
            never = sum(
                g.accuracy[g.bankrupt] < max(g.accuracy.values())  # type: ignore[index]
                for g in bankrupt
            )
            print(f"{'':8} bankrupt losers: {len(bankrupt)} games, in {never} of them not the"
                  " best accuracy", flush=True)  # fmt: skip


def _count(items: object) -> dict[str, int]:
    out: dict[str, int] = {}
    for item in items:  # type: ignore[attr-defined]
        out[item] = out.get(item, 0) + 1
    return out


Plan = int | Budget
"""A grading budget: simulations, or a ``Budget`` (seconds)."""


def _budget(plan: Plan) -> Budget:
    return plan if isinstance(plan, Budget) else Budget(simulations=plan)


def _label(plan: Plan) -> str:
    return _budget(plan).describe()


def agreement_task(index: int, simulations: int, budgets: list[Plan], sample: int) -> list[Row]:
    """Grade ``sample`` decisions of engine-against-greedy game ``index`` at each budget: one
    (move, [(label, graded) per budget]) each."""
    start, entries, _ = play("greedy2", index, simulations)
    step = max(1, len(entries) // sample)
    state = start
    rows: list[Row] = []
    for number, entry in enumerate(entries, start=1):
        if (number - 1) % step == 0 and len(rows) < sample:
            print(f"game {index} move {number}", flush=True)
            found = []
            for budget in budgets:
                g = grade(ADVISOR, state, number, entry, _budget(budget), seed=index)
                found.append((g.label, g.graded))
            rows.append((f"game {index}:{number}", found))
        for decision in entry:
            state = apply(state, decision)
    return rows


def log_task(path: str, number: int, budgets: list[Plan]) -> Row:
    """Grade decision ``number`` of the log at ``path`` at each budget."""
    from forexcli.record import gamelog

    played = gamelog.replay(gamelog.load(path))
    state = played.state_after(number - 1)
    entry = played.log.entries[number - 1].decisions
    found = []
    for budget in budgets:
        g = grade(ADVISOR, state, number, entry, _budget(budget), seed=0)
        found.append((g.label, g.graded))
    return (f"{os.path.basename(path)}:{number}", found)


def agreement_main(args: argparse.Namespace) -> None:
    """Grade a sample at each budget and print how the verdicts agree with the reference's."""
    budgets: list[Plan] = (
        [Budget(seconds=float(b)) for b in args.seconds.split(",")]
        if args.seconds
        else [int(b) for b in args.budgets.split(",")]
    )
    budgets.append(
        Budget(seconds=args.reference_seconds) if args.reference_seconds else args.reference
    )
    print(f"{'logs ' + ' '.join(args.log) if args.log else 'engine-against-greedy games'}"
          f" (players at {args.simulations} simulations); grading"
          f" budgets {[_label(b) for b in budgets[:-1]]} against {_label(budgets[-1])};"
          f" load average at start {os.getloadavg()[0]:.2f}")  # fmt: skip
    began = time.perf_counter()
    with ProcessPoolExecutor(max_workers=args.processes) as pool:
        if args.log:
            from forexcli.record import gamelog

            tasks = []
            for path in args.log:
                total = len(gamelog.load(path).entries)
                step = max(1, total // args.sample)
                tasks += [(path, n) for n in range(1 + args.offset, total + 1, step)]
            rows = [
                future.result()
                for future in [pool.submit(log_task, path, n, budgets) for path, n in tasks]
            ]
        else:
            games = [
                pool.submit(agreement_task, index, args.simulations, budgets, args.sample)
                for index in range(args.first, args.first + args.games)
            ]
            rows = [row for future in games for row in future.result()]
    print(f"rows (move, [(verdict, graded) by budget]): {rows}")
    reference = [found[-1] for _, found in rows]
    ref_ungraded = sum(not graded for _, graded in reference)
    print(
        f"{len(rows)} decisions; at {_label(budgets[-1])}: {ref_ungraded} ungraded,"
        f" {sum(label not in (None, 'only') for label, _ in reference)} marked ?!/?/??"
    )
    for column, budget in enumerate(budgets[:-1]):
        both = [(f[column], f[-1]) for _, f in rows if f[column][1] and f[-1][1]]
        same = sum(a[0] == b[0] for a, b in both)
        alike = sum((a[0] in (None, "only")) == (b[0] in (None, "only")) for a, b in both)
        ungraded = sum(not found[column][1] for _, found in rows)
        far = sum(
            {a[0], b[0]} >= {None, "blunder"} or {a[0], b[0]} == {"dubious", "blunder"}
            for a, b in both
        )
        print(f"at {_label(budget)}: {ungraded:3d} ungraded; of the {len(both)} graded at both,"
              f" the same verdict {same} ({same / max(1, len(both)):.0%}), marked alike"
              f" {alike} ({alike / max(1, len(both)):.0%}), two steps apart {far}")  # fmt: skip
    print(f"wall {time.perf_counter() - began:.0f} s")


def main(argv: list[str] | None = None) -> None:
    """``accuracy`` or ``agreement``."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="mode", required=True)
    acc = sub.add_parser("accuracy", help="accuracy by strength")
    acc.add_argument("--pairing", action="append", choices=sorted(PAIRINGS))
    acc.add_argument("--games", type=int, default=4, help="games per pairing [4]")
    acc.add_argument("--first", type=int, default=0, help="the first game's index [0]")
    acc.add_argument("--simulations", type=int, default=200, help="the players' [200]")
    acc.add_argument("--judge", type=int, default=400, help="the grading's [400]")
    acc.add_argument("--processes", type=int, default=os.cpu_count() or 1)
    agree = sub.add_parser("agreement", help="verdicts across budgets")
    agree.add_argument("--games", type=int, default=2)
    agree.add_argument("--first", type=int, default=0, help="the first game's index [0]")
    agree.add_argument("--simulations", type=int, default=200, help="the engine player's")
    agree.add_argument("--budgets", default="100,400", help="grading budgets [100,400]")
    agree.add_argument("--seconds", help="grading budgets in seconds instead (0.2,1)")
    agree.add_argument("--reference", type=int, default=2000, help="simulations [2000]")
    agree.add_argument(
        "--reference-seconds", type=float, help="the reference in seconds instead (10)"
    )
    agree.add_argument("--sample", type=int, default=15, help="decisions per game [15]")
    agree.add_argument("--log", action="append", help="sample this log's decisions instead")
    agree.add_argument("--offset", type=int, default=0, help="with --log: the first move - 1")
    agree.add_argument("--processes", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args(argv)
    if args.mode == "accuracy":
        accuracy_main(args)
    else:
        agreement_main(args)


if __name__ == "__main__":
    main()
