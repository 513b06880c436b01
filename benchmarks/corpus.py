"""Generate a corpus of random, legal, complete games as YAML logs.

Every decision comes from the engine's own lists of legal decisions, so every
log replays.  The players are biased so that games end in a realistic number
of turns (85 decisions on average, against 91 in the 60 recorded Board Game
Arena games of ``tests/data``): on a turn a player first picks a kind of
decision uniformly (spot, contract, invest, divest, resolve: whichever are
legal), then one decision of that kind; half the picks of ``resolve`` are
reconsidered, and a spot is followed by the turn's action in the same entry.
Most players are "prudent": they make only contracts they could pay today
and do not resolve their own loan when it would bankrupt them.

The logs look like hand-kept ones: a header with a title, a site and dates
(sometimes contacts and a first player), ``removed:`` or ``seed:``, notes on
some entries and comment lines here and there.

Usage::

    python -m benchmarks.corpus [--games 1000] [--seed 2026] [--out benchmarks/corpus]

The same seed gives the same files on every machine and Python version.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from dataclasses import dataclass
from pathlib import Path

from forexcli.games.forex.notation import write
from forexcli.games.forex.rules import (
    CURRENCIES,
    Decision,
    Divest,
    GameState,
    Invest,
    Loan,
    MakeContract,
    Phase,
    Resolve,
    Spot,
    apply,
    draw_removed,
    legal_contracts,
    legal_decisions,
    legal_invests,
    legal_spots,
    new_game,
)

DEFAULT_GAMES = 1000
DEFAULT_SEED = 2026
DEFAULT_OUT = Path(__file__).parent / "corpus"
RESOLVE_SKIP = 0.5
"""How often a pick of "resolve" is reconsidered: real players resolve less than 1 turn in 5."""
MAX_DECISIONS = 3000
"""A game that has not ended after this many decisions is abandoned (never happens in practice)."""

NAMES = (
    "alice",
    "bob",
    "carol",
    "dave",
    "erin",
    "frank",
    "grace",
    "heidi",
    "ivan",
    "judy",
    "mallory",
    "niaj",
    "olivia",
    "peggy",
    "rupert",
    "sybil",
    "trent",
    "victor",
    "walter",
    "Zoë",
    "Ana María",
    "Jean-Luc",
    "Bjørn",
    "kim_42",
)
SITES = (
    "Thursday club, back room",
    "forum thread 'For-Ex PBEM #7'",
    "kitchen table",
    "Board Game Arena, replayed by hand",
    "convention, table 12",
)
NOTES = (
    "the dividend is next; holding on",
    "worried about the CNY contracts piling up",
    "this looks like a mistake in hindsight",
    "forced: nothing else pays",
    "GBP is running away with it",
    "rules check: the loan keeps its place",
    'she said "never divest in a hurry"',
    "agreed over chat: quick spot to get change",
    "long think # about 5 minutes",
    "table talk: everyone expects USD to fall",
)
COMMENTS = (
    "# coffee break",
    "# second round of dividends ahead",
    "# checked the board against the photo here",
    "# the queue is full: A-F in use",
    "# --- new evening ---",
)
TRAILING = ("# risky", "# as planned", "# ?!", "# forced")


@dataclass
class Game:
    """One generated game: its header fields and its entries as written."""

    number: int
    players: tuple[str, ...]
    first: str
    removed: tuple[int, ...]
    seed: str | None
    entries: list[tuple[str, str]]
    """(player, decision text) per entry."""
    decisions: int
    """Engine decisions (a spot with its action counts 2)."""
    ending: str | None


def _ruinous_front(state: GameState, seat: int) -> bool:
    """True when the front of the queue is this player's own loan, which they cannot pay."""
    front = state.queue[0] if state.queue else None
    if not isinstance(front, Loan) or front.owner != seat:
        return False
    money = state.money[seat]
    return any(money[c] < owed for c, owed in enumerate(front.owes))


def _pick_turn_decision(state: GameState, rng: random.Random, prudent: bool) -> Decision:
    """On a turn: a kind uniformly among those legal now, then one decision of that kind.

    The lists come from the engine (``legal_spots``, ``legal_contracts`` ...)
    and are built only for the kind picked, which keeps generation quick.
    """
    seat = state.pending.player
    assert seat is not None
    name = state.players[seat]
    kinds = ["invest"]
    if not (prudent and _ruinous_front(state, seat)):
        kinds.append("resolve")
    if not state.spot_done:
        kinds.append("spot")
    if state.free_letter() is not None:
        kinds.append("contract")
    if any(state.certs[seat]):
        kinds.append("divest")
    while kinds:
        kind = rng.choice(kinds)
        if kind == "resolve" and len(kinds) > 1 and rng.random() < RESOLVE_SKIP:
            continue
        options: list[Decision]
        if kind == "resolve":
            return Resolve(name)
        if kind == "spot":
            options = list(legal_spots(state))
        elif kind == "contract":
            money = state.money[seat]
            options = [
                c
                for c in legal_contracts(state)
                if not prudent or money[CURRENCIES.index(c.pay_currency)] >= c.pay
            ]
        elif kind == "invest":
            options = list(legal_invests(state))
        else:
            options = [
                Divest(name, code, count)
                for c, code in enumerate(CURRENCIES)
                for count in range(1, state.certs[seat][c] + 1)
            ]
        if options:
            return rng.choice(options)
        kinds.remove(kind)
    return Resolve(name)  # forced: nothing else is possible


def play(number: int, rng: random.Random) -> Game:
    """Play one random game to its end."""
    count = 2 + number % 5
    players = tuple(rng.sample(NAMES, count))
    first = rng.choice(players)
    seed: str | None = None
    if rng.random() < 0.3:
        seed = f"game {number} {rng.randrange(10**6)}"
        removed = draw_removed(seed)
    else:
        removed_list = [0] * len(CURRENCIES)
        for _ in range(6):
            removed_list[rng.randrange(len(CURRENCIES))] += 1
        removed = tuple(removed_list)
    prudent = rng.random() < 0.7
    state = new_game(players, removed, first)
    entries: list[tuple[str, str]] = []
    decisions = 0
    while not state.is_over and decisions < MAX_DECISIONS:
        player = state.pending_player
        assert player is not None
        if state.pending.phase is Phase.TURN:
            decision = _pick_turn_decision(state, rng, prudent)
            if isinstance(decision, Spot):
                state = apply(state, decision)
                action = _pick_turn_decision(state, rng, prudent)
                assert isinstance(action, (MakeContract, Invest, Divest, Resolve))
                state = apply(state, action)
                entries.append((player, f"{write(decision)}; {write(action)}"))
                decisions += 2
                continue
        else:
            decision = rng.choice(legal_decisions(state))
        state = apply(state, decision)
        entries.append((player, write(decision)))
        decisions += 1
    return Game(number, players, first, removed, seed, entries, decisions, state.ending)


def _quoted(text: str) -> str:
    """A YAML double-quoted scalar (JSON strings are valid YAML)."""
    return json.dumps(text, ensure_ascii=False)


def render(game: Game, rng: random.Random) -> str:
    """The game as a YAML log, with the odd note and comment."""
    lines = [
        f"# For-Ex game {game.number}, {len(game.players)} players",
        "forex: 1",
        f"title: {_quoted(f'Random game {game.number}')}",
        f"site: {_quoted(rng.choice(SITES))}",
        f'started: "2026-{1 + game.number % 12:02d}-{1 + game.number % 28:02d}"',
        f"players: [{', '.join(game.players)}]",
    ]
    if rng.random() < 0.3:
        lines.append("contacts:")
        for name in game.players:
            handle = "".join(ch for ch in name.lower() if ch.isalnum()) or "player"
            lines.append(f"  {name}: {handle}@example.org")
    if game.first != game.players[0] or rng.random() < 0.5:
        lines.append(f"first: {game.first}")
    if game.seed is not None:
        lines.append(f"seed: {_quoted(game.seed)}")
    else:
        counts = ", ".join(
            f"{code}: {n}" for code, n in zip(CURRENCIES, game.removed, strict=True) if n
        )
        lines.append(f"removed: {{{counts}}}")
    lines.append("moves:")
    for player, text in game.entries:
        roll = rng.random()
        if roll < 0.02:
            lines.append(f"  {rng.choice(COMMENTS)}")
        line = f"  - {player}: {text}"
        if 0.02 <= roll < 0.04:
            line += f"  {rng.choice(TRAILING)}"
        lines.append(line)
        if 0.04 <= roll < 0.09:
            note = rng.choice(NOTES)
            written = _quoted(note) if any(ch in note for ch in '#":') else note
            lines.append(f"    note: {written}")
    lines.append(f'finished: "2026-{1 + game.number % 12:02d}-{1 + game.number % 28:02d}"')
    return "\n".join(lines) + "\n"


def generate(
    out: Path, games: int = DEFAULT_GAMES, seed: int = DEFAULT_SEED
) -> list[tuple[Path, Game]]:
    """Write ``games`` logs into ``out`` (created if needed); returns each path and game."""
    out.mkdir(parents=True, exist_ok=True)
    rng = random.Random(seed)
    written = []
    for number in range(1, games + 1):
        game = play(number, rng)
        path = out / f"game-{number:04d}-{len(game.players)}p.yaml"
        path.write_text(render(game, rng), encoding="utf-8")
        written.append((path, game))
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=DEFAULT_GAMES, help="number of games")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED, help="random seed")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="output folder")
    args = parser.parse_args(argv)
    written = generate(args.out, args.games, args.seed)
    decisions = sum(game.decisions for _, game in written)
    entries = sum(len(game.entries) for _, game in written)
    print(
        f"{len(written)} games, {entries} entries, {decisions} decisions written to {args.out}",
        file=sys.stderr,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
