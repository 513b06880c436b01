"""How the engine's games not won alone were lost: a strength journal's games, replayed.

A journal keeps the entries of every game its first side did not win alone
(and of every bankruptcy).  Each such game is replayed with the reference
rules (``bankruptcies.replayed``) and its final ``Result`` read: the first
side's place, how far its total was from the best total (0 when it lost on
the tie-break alone: the same money, fewer certificates of the strongest
currency), and who won.  ``--first``, ``--second``, ``--budget``,
``--setups`` and ``--code`` pick the games (a tree of ``forexcli/``: another
tree's games are another engine's).

``--tries N`` also asks of each game lost by at most ``--within`` points
(no bankruptcy) whether it was lost late: each of the engine's last ``N``
decisions, from the last one back, is tried again with each of its other
candidate entries, the rest of the game played by the same players (the
engine at ``--simulations``), as ``bankruptcies`` tries a bankruptcy; the
game was *winnable* at the latest of those decisions where another entry
leads to a game won (alone or shared).

    python -m benchmarks.losses --journal benchmarks/journals/ladder-1s-s15.jsonl \\
        --second investor,trader,cautious --budget "1 s" --code 8596e8a --tries 3
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from benchmarks.bankruptcies import changed_at, replayed
from benchmarks.strength import Match, _journal_records, read_journal
from forexcli.games.forex.rules import GameState, apply
from forexcli.games.forex.search.mcts import Budget

MARGINS = (0, 1, 2, 3, 5)
"""The margins (points behind the best total) counted at most, in the summary."""


@dataclass(frozen=True)
class Loss:
    """A game the first side did not win alone: its place, the points it was behind the best
    total, the winners' names, whether it shared first place, and whether it went bankrupt."""

    index: int
    place: int
    behind: int
    winners: tuple[str, ...]
    shared: bool
    bankrupt: bool


def seat_names(match: Match) -> list[str]:
    """The players of ``match`` by seat: ``first`` in its seat, the others around it."""
    others = match.second.split(",")
    return [*others[: match.seat], match.first, *others[match.seat :]]


def loss_of(match: Match, setups: str = "ladder") -> Loss:
    """Replay ``match`` (its entries kept) and read how its first side placed."""
    start, entries = replayed(match, setups)
    state = start
    for _, entry in entries:
        for decision in entry:
            state = apply(state, decision)
    result = state.result
    if result is None:
        raise ValueError(f"game {match.index}'s entries do not reach the end of the game")
    names = seat_names(match)
    seat = match.seat
    winners = result.winners()
    return Loss(
        index=match.index,
        place=result.ranks[seat],
        behind=max(result.totals) - result.totals[seat],
        winners=tuple(names[w] for w in winners),
        shared=seat in winners,
        bankrupt=result.bankrupt == seat,
    )


def winnable(match: Match, tries: int, budget: Budget, setups: str = "ladder") -> int | None:
    """The entry number of the last engine decision (of its last ``tries``) after which another
    entry wins ``match`` (alone or shared), the rest played at ``budget``; None: none found."""
    if match.first != "engine":
        raise ValueError(f"only the engine's decisions are tried again, not {match.first}'s")
    start, entries = replayed(match, setups)
    seat = match.seat

    def won(final: GameState) -> bool:
        return final.result is not None and seat in final.result.winners()

    return changed_at(start, entries, match.second, seat, budget, match.index, tries, won)


def selected(
    path: str,
    first: str,
    second: str,
    budget: str,
    setups: str = "ladder",
    code: str | None = None,
) -> list[Match]:
    """The journal's games of ``first`` against ``second`` at ``budget`` on ``setups``
    (played by tree ``code`` of ``forexcli/`` when given), by index."""
    found = read_journal(path, None if code is None else {code})
    games = []
    for key, match in found.items():
        _, _, _, its_budget, its_setups = json.loads(key)
        if (match.first, match.second, its_budget, its_setups) == (first, second, budget, setups):
            games.append(match)
    return sorted(games, key=lambda m: m.index)


def summary(games: Sequence[Match], losses: Sequence[Loss]) -> list[str]:
    """The summary's lines: games, those won alone, shared and lost; the places, the margins
    and the winners of the games lost."""
    lost = [loss for loss in losses if not loss.shared]
    shared = len(losses) - len(lost)
    lines = [
        f"{len(games)} games: {len(games) - len(losses)} won alone, {shared} first place"
        f" shared, {len(lost)} lost"
        + (f" ({sum(loss.bankrupt for loss in lost)} by a bankruptcy)" if lost else "")
    ]
    if not lost:
        return lines
    places = Counter(loss.place for loss in lost)
    lines.append(
        "place in the games lost: "
        + ", ".join(f"{place}: {places[place]}" for place in sorted(places))
    )
    by_margin = []
    for margin in MARGINS:
        count = sum(loss.behind <= margin and not loss.bankrupt for loss in lost)
        name = "on the tie-break alone" if margin == 0 else f"by at most {margin}"
        by_margin.append(f"{name}: {count}")
    lines.append("lost (no bankruptcy) " + ", ".join(by_margin))
    winners = Counter(name for loss in lost for name in loss.winners)
    lines.append("won by: " + ", ".join(f"{name} {count}" for name, count in winners.most_common()))
    return lines


def main(argv: list[str] | None = None) -> None:
    """Print how the chosen games were lost."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--journal", required=True, metavar="FILE")
    parser.add_argument("--first", default="engine", metavar="SPEC", help="[engine]")
    parser.add_argument("--second", required=True, metavar="SPEC", help="e.g. a,b,c")
    parser.add_argument("--budget", default="1 s", help='as the journal writes it ["1 s"]')
    parser.add_argument("--setups", default="ladder", help="[ladder]")
    parser.add_argument("--code", metavar="TREE", help="only the games of this forexcli/ tree")
    parser.add_argument("--tries", type=int, default=0,
                        help="engine decisions tried again in a close loss [0]")  # fmt: skip
    parser.add_argument("--within", type=int, default=1, help="a close loss's points [1]")
    parser.add_argument("--simulations", type=int, default=300,
                        help="the engine's budget when a game is played on [300]")  # fmt: skip
    args = parser.parse_args(argv)
    games = selected(args.journal, args.first, args.second, args.budget, args.setups, args.code)
    if not games:
        codes = sorted({str(r.get("code")) for r in _journal_records(args.journal)})
        parser.exit(1, f"no such game in {args.journal} (its trees: {', '.join(codes)})\n")
    kept = [m for m in games if m.score < 1.0 or m.bankrupt is not None]
    missing = [m.index for m in kept if m.moves is None]
    if missing:
        parser.exit(1, f"games {missing} kept no entries: they cannot be replayed\n")
    losses = [loss_of(m, args.setups) for m in kept if m.score < 1.0]
    print(f"{args.first} against {args.second}, {args.budget} a decision, {args.journal}")
    for line in summary(games, losses):
        print(line)
    if not args.tries:
        return
    budget = Budget(simulations=args.simulations)
    close = [loss for loss in losses if not (loss.shared or loss.bankrupt)]
    close = [loss for loss in close if loss.behind <= args.within]
    late = 0
    for loss in close:
        match = next(m for m in kept if m.index == loss.index)
        at = winnable(match, args.tries, budget, args.setups)
        late += at is not None
        found = "no winning entry found" if at is None else f"winnable at entry {at}"
        print(f"game {loss.index}: lost by {loss.behind} to {', '.join(loss.winners)}; {found}",
              flush=True)  # fmt: skip
    print(f"{late} of {len(close)} games lost by at most {args.within} were winnable in the"
          f" engine's last {args.tries} decisions")  # fmt: skip


if __name__ == "__main__":
    main()
