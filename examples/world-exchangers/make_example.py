#!/usr/bin/env python3
"""Make the World Exchangers example game: three players, all 12 months, over invented components.

The game is played through the rules core by a small greedy bot: on each turn
it takes the decision whose score "if the game ended now" is best for the
player, ties broken by a seeded random number generator, so the game is the
same on every run.  The deal is recorded (every refill is a ``deck:`` entry)
and comes from a secret seed the host committed to by its SHA-256 in the
header and revealed at the end (``seed:``), so that a replay checks the
set-up and every reveal against it (docs/worldex-rules.md, "Dealing").

    python examples/world-exchangers/make_example.py           # rewrite the example
    python examples/world-exchangers/make_example.py --check   # fail if it would change

The comments on the moves are written by hand in ``COMMENTS`` (by entry).
"""

from __future__ import annotations

import argparse
import hashlib
import random
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
sys.path.insert(0, str(ROOT))

from forexcli.games.worldex.load import EXAMPLE_COMPONENTS, read_components  # noqa: E402
from forexcli.games.worldex.notation import who, write  # noqa: E402
from forexcli.games.worldex.rules import (  # noqa: E402
    Decision,
    Phase,
    Setup,
    State,
    apply,
    commitment,
    final_scores,
    legal_decisions,
    new_game,
    seeded_deal,
)

LOG = HERE / "three-players.yaml"
PLAYERS = ("ai", "louis", "mei")
ROLES_SIDE = "B"
BOARDS = ("A", "A", "B")
SEED = hashlib.sha256(b"forexcli: the World Exchangers example game").hexdigest()
"""The host's secret seed (a real host uses ``secrets.token_hex(32)`` and keeps it secret)."""
BOT_SEED = 13

COMMENTS: dict[int, str] = {
    0: "Felix has the red marker: louis starts each month",
    2: "800 + 300 = 1,100: capped at 1,000, 100 lost",
    6: "the sale area falls to 2 cards ...",
    7: "... and the deck turns up the next 3 the seed deals",
    16: "Felix (side B): 1 media for a celebration ring",
    18: "month 6 ends: ai has the least cash, +1 media",
    19: "the area was cleared: 5 new cards",
    24: "the sell-two box, and Felix's ring on the same line",
    28: "Wigstan (side B): 5 media for 500 coins",
}
"""Hand comments, by entry (0 is the first move)."""


def components_ref() -> tuple[str, str]:
    """The components file as the log names it (relative to the log) and its SHA-256."""
    loaded = read_components(EXAMPLE_COMPONENTS)
    relative = Path("..") / ".." / EXAMPLE_COMPONENTS.relative_to(ROOT)
    return relative.as_posix(), loaded.sha256


def start() -> State:
    """The set-up the seed deals, as a recorded deal."""
    components = read_components(EXAMPLE_COMPONENTS).components
    deal = seeded_deal(components, SEED, len(PLAYERS))
    setup = Setup(
        PLAYERS,
        BOARDS,
        ROLES_SIDE,
        deal.roles,
        deal.starting,
        deal.mid_trend,
        deal.end_trend,
        deal.area,
        seed=SEED,
        seed_sha256=commitment(SEED),
    )
    return new_game(components, setup)


def choose(state: State, rng: random.Random) -> list[Decision]:
    """One log entry's decisions: the bot's best by the projected score, or the seed's reveal."""
    legal = legal_decisions(state)
    if state.pending.phase is Phase.REVEAL:
        return [legal[0]]
    seat = state.pending.seat
    assert seat is not None

    def value(decision: Decision) -> tuple[int, float]:
        after = apply(state, decision)
        return final_scores(after).scores[seat].total, rng.random()

    best = max(legal, key=value)
    chosen = [best]
    after = apply(state, best)
    if after.pending.phase is Phase.SECOND:
        chosen.append(max(legal_decisions(after), key=lambda d: value_after(after, d, seat, rng)))
    return chosen


def value_after(
    state: State, decision: Decision, seat: int, rng: random.Random
) -> tuple[int, float]:
    """The projected total of ``seat`` after ``decision``, and a random tie-break."""
    return final_scores(apply(state, decision)).scores[seat].total, rng.random()


def play() -> tuple[State, State, list[tuple[str, str]]]:
    """The start, the end and every entry ``(key, text)`` of the example game."""
    rng = random.Random(BOT_SEED)
    first = state = start()
    entries = []
    while not state.is_over:
        decisions = choose(state, rng)
        for decision in decisions:
            state = apply(state, decision)
        entries.append((who(decisions), write(decisions)))
    return first, state, entries


def render() -> str:
    """The text of the example log."""
    first, end, entries = play()
    file, sha256 = components_ref()
    lines = [
        "# World Exchangers: an example game of three players, all 12 months, made by",
        "# make_example.py beside this file.  The components are INVENTED for forexcli's",
        "# examples and tests; they are not the published cards or boards (see README.md).",
        "game: world-exchangers",
        "worldex: 1",
        "title: Three players over the invented components",
        f"players: [{', '.join(PLAYERS)}]",
        "components:",
        f"  file: {file}",
        f"  sha256: {sha256}",
        f"boards: {{{', '.join(f'{p}: {b}' for p, b in zip(PLAYERS, BOARDS, strict=True))}}}",
        f"roles_side: {ROLES_SIDE}",
        "deal: recorded",
        "# The host committed to a secret seed before the deal ...",
        f"seed_sha256: {commitment(SEED)}",
        "# ... and revealed it after the game: every deal below is checked against it.",
        f"seed: {SEED}",
        "setup:",
        "  roles: {" + ", ".join(f"{p.name}: {p.role}" for p in first.players) + "}",
        "  starting:",
        *(f"    {p.name}: [{', '.join(p.cities)}]" for p in first.players),
        f"  trends: {{mid: {first.mid_trend}, end: {first.end_trend}}}",
        f"  area: [{', '.join(first.area)}]",
        "moves:",
    ]
    for index, (key, text) in enumerate(entries):
        entry = f"  - {key}: {text}"
        comment = COMMENTS.get(index)
        lines.append(f"{entry:<42}  # {comment}" if comment else entry)
    result = end.result
    assert result is not None
    scores = ", ".join(
        f"{p.name} {s.total:,}" for p, s in zip(end.players, result.scores, strict=True)
    )
    lines.append(f"# Final scores: {scores}.")
    return "\n".join(lines) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="fail if the example would change")
    options = parser.parse_args()
    text = render()
    current = LOG.read_text(encoding="utf-8") if LOG.exists() else None
    if options.check:
        if current != text:
            print(f"{LOG.name} would change", file=sys.stderr)
            return 1
        return 0
    if current != text:
        LOG.write_text(text, encoding="utf-8")
        print(f"wrote {LOG.name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
