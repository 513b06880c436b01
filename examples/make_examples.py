#!/usr/bin/env python3
"""Make the example games by playing them through the ``forex`` command.

Each game is started with ``forex new`` and played move by move with
``forex play`` (notes with ``--note`` and ``forex annotate``), exactly as
players would.  The decisions are picked by simple seeded bots from the
legal decisions of the rules core, so the games are reproducible: run

    python examples/make_examples.py            # rewrite the examples
    python examples/make_examples.py --check    # fail if they would change

The bots search a few seeds for each game until it shows what it is meant to
show (an ending, divest answers, tie choices); the seeds found are fixed in
``GAMES`` below so that the search is not needed again.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import random
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from forexcli.cli import forex  # noqa: E402
from forexcli.games.forex.notation import write  # noqa: E402
from forexcli.games.forex.rules import (  # noqa: E402
    CURRENCIES,
    Decision,
    Divest,
    DivestResponse,
    GameState,
    Invest,
    MakeContract,
    Phase,
    Resolve,
    Spot,
    apply,
    legal_decisions,
)
from forexcli.record import gamelog  # noqa: E402

SCHEMA_REF = "../schemas/forex-log.schema.json"


def run(*args: str) -> str:
    """Run one ``forex`` command in this process; its output, or an exception if it fails."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        try:
            forex.main(list(args), prog_name="forex", standalone_mode=False)
        except SystemExit as stop:
            if stop.code:
                raise RuntimeError(f"forex {' '.join(args)} exited with {stop.code}") from None
    return out.getvalue()


def state_of(path: str) -> GameState:
    played = gamelog.replay(gamelog.load(path))
    assert played.problem is None, played.problem
    return played.final


@dataclass
class Bot:
    """Picks a kind of decision by weight, then one decision of that kind."""

    rng: random.Random
    weights: dict[str, float] = field(
        default_factory=lambda: {"resolve": 1.5, "invest": 3, "contract": 2.5, "divest": 0.7}
    )
    spot_chance: float = 0.15
    prudence: float = 1.0
    """The chance that a contract is one the player could pay today."""
    max_strong: int = 4
    sell_chance: float = 0.5

    def turn(self, state: GameState) -> str:
        """The written turn: an optional spot, then an action."""
        spot = None
        if self.rng.random() < self.spot_chance:
            spots = [d for d in legal_decisions(state) if isinstance(d, Spot)]
            if spots:
                spot = self.rng.choice(spots)
                state = apply(state, spot)
        action = self.action(state)
        text = write(action)
        return text if spot is None else f"{write(spot)}; {text}"

    def action(self, state: GameState) -> Decision:
        legal = legal_decisions(state)
        seat = state.pending.player
        assert seat is not None
        groups: dict[str, list[Decision]] = {}
        prudent = self.rng.random() < self.prudence
        for d in legal:
            if isinstance(d, MakeContract):
                pay_c = CURRENCIES.index(d.pay_currency)
                strong = min(d.pay, d.receive)
                if strong > 2 * self.max_strong:
                    continue
                if prudent and state.money[seat][pay_c] < d.pay:
                    continue
                groups.setdefault("contract", []).append(d)
            elif isinstance(d, Invest):
                groups.setdefault("invest", []).append(d)
            elif isinstance(d, Divest):
                groups.setdefault("divest", []).append(d)
            elif isinstance(d, Resolve):
                groups.setdefault("resolve", []).append(d)
        kinds = sorted(groups)
        kind = self.rng.choices(kinds, [self.weights[k] for k in kinds])[0]
        return self.rng.choice(groups[kind])

    def decide(self, state: GameState) -> str:
        phase = state.pending.phase
        if phase is Phase.TURN:
            return self.turn(state)
        legal = legal_decisions(state)
        if phase is Phase.DIVEST_RESPONSE:
            sells = [d for d in legal if isinstance(d, DivestResponse)]
            if self.rng.random() < self.sell_chance and len(sells) > 1:
                return write(self.rng.choice(sells[1:]))
            return write(sells[0])
        return write(self.rng.choice(legal))


@dataclass
class Game:
    """One example: who plays, how it is set up, what it must show."""

    file: str
    title: str
    players: list[str]
    seed: str
    started: str
    wanted: Callable[[list[str], GameState], bool]
    bot_seed: int
    site: str | None = None
    contacts: dict[str, str] = field(default_factory=dict)
    bot: dict[str, float] = field(default_factory=dict)
    notes: dict[int, str] = field(default_factory=dict)
    """Notes given with ``forex play --note`` on these moves."""
    annotations: dict[int, str] = field(default_factory=dict)
    """Notes added afterwards with ``forex annotate``."""
    comments: dict[int, str] = field(default_factory=dict)
    """YAML comment lines written into the log before these moves."""
    header_comment: str | None = None


def _decided(moves: list[str], kind: str) -> bool:
    return any(text.split(" ", 1)[0] == kind for text in moves)


def _ending(name: str, least: int) -> Callable[[list[str], GameState], bool]:
    def wanted(moves: list[str], state: GameState) -> bool:
        return state.ending == name and len(moves) >= least

    return wanted


def _six_player_wanted(moves: list[str], state: GameState) -> bool:
    sold = any(m.startswith("sell ") and not m.startswith("sell 0 ") for m in moves)
    declined = any(m.startswith("sell 0 ") for m in moves)
    return (
        state.is_over
        and len(moves) >= 80
        and sold
        and declined
        and _decided(moves, "strengthen")
        and _decided(moves, "strongest")
        and _decided(moves, "divest")
    )


def _annotated_wanted(moves: list[str], state: GameState) -> bool:
    return state.ending == "last_dividend" and 40 <= len(moves) <= 70


GAMES = [
    Game(
        file="two-players.yaml",
        title="Lunch break duel",
        players=["ada", "ben"],
        seed="lunch-2026",
        started="2026-11-02",
        site="office, second floor",
        wanted=lambda moves, state: state.ending == "last_dividend" and 40 <= len(moves) <= 80,
        bot_seed=0,
    ),
    Game(
        file="four-players-bankruptcy.yaml",
        title="Thursday club: the CNY crash",
        players=["carla", "dmitri", "esme", "farid"],
        seed="thursday-club-11",
        started="2026-10-15",
        site="Thursday board game club",
        wanted=_ending("bankruptcy", 40),
        bot_seed=0,
        bot={"prudence": 0.35, "max_strong": 10},
    ),
    Game(
        file="six-players.yaml",
        title="Convention table 6",
        players=["gus", "hana", "ivo", "jules", "kai", "lena"],
        seed="con-table-6",
        started="2026-09-20",
        site="autumn convention, table 6",
        wanted=_six_player_wanted,
        bot_seed=112,
        bot={"divest": 2.0},
    ),
    Game(
        file="annotated-pbem.yaml",
        title="PBEM #7, annotated",
        players=["mira", "noor", "otto"],
        seed="pbem-7",
        started="2026-08-01",
        site="forex-pbem mailing list",
        contacts={
            "mira": "mira@example.org",
            "noor": "noor@example.net",
            "otto": "forum: otto_fx",
        },
        wanted=_annotated_wanted,
        bot_seed=5,
        header_comment=(
            "# Play-by-e-mail game #7, annotated after the game by mira.\n"
            "# Every move was sent with `forex play ... --after N` and checked by\n"
            "# `forex validate` before it was mailed on.\n"
        ),
        notes={
            1: "The first dividend pays nothing: resolving it costs nothing and sends the"
            " stack to the back of the queue.",
            5: "A small contract I can pay today; letters get scarce later.",
            28: "A euro from otto first, at today's rate, then sell the CHF certificate.",
        },
        annotations={
            2: "Nobody holds a certificate, so all seven currencies tie and mira chooses."
            " CNY is the weakest: strengthening it helps nobody much.",
            41: "The turning point: mira had spent her CHF on certificates, so contract D"
            " became a loan of 2.5 CHF (1.5 + 1).",
            49: "otto's divest of CNY: mira sells too, noor keeps hers.",
            62: "mira pays loan D in full: no bankruptcy this time.",
            68: "The last dividend. Contract F is settled in the final sweep and JPY, stronger"
            " in the most pairs, is the currency everything is converted to.",
        },
        comments={
            8: "Dividend 2 and the first contracts",
            19: "Dividend 3: the certificate race starts",
            52: "Dividend 4: the end is near",
        },
    ),
]


def play_game(game: Game, folder: str, bot_seed: int) -> tuple[list[str], GameState]:
    """Play ``game`` into ``folder`` with the bots seeded by ``bot_seed``."""
    path = os.path.join(folder, game.file)
    args = [
        "new",
        path,
        "--players",
        ",".join(game.players),
        "--seed",
        game.seed,
        "--title",
        game.title,
        "--started",
        game.started,
        "--schema-ref",
        SCHEMA_REF,
    ]
    if game.site:
        args += ["--site", game.site]
    for name, address in game.contacts.items():
        args += ["--contact", f"{name}={address}"]
    run(*args)
    if game.header_comment:
        text = Path(path).read_text(encoding="utf-8")
        first, rest = text.split("\n", 1)
        Path(path).write_text(first + "\n" + game.header_comment + rest, encoding="utf-8")
    rng = random.Random(bot_seed)
    bot = Bot(rng)
    for key, value in game.bot.items():
        if key in bot.weights:
            bot.weights[key] = value
        else:
            setattr(bot, key, value)
    moves: list[str] = []
    state = state_of(path)
    while not state.is_over:
        number = len(moves) + 1
        if number in game.comments:
            text = Path(path).read_text(encoding="utf-8")
            Path(path).write_text(text + f"  # --- {game.comments[number]} ---\n", encoding="utf-8")
        who = state.pending_player
        assert who is not None
        decision = bot.decide(state)
        extra = ["--note", game.notes[number]] if number in game.notes else []
        run("play", path, who, decision, "--after", str(number - 1), *extra)
        moves.append(decision)
        state = state_of(path)
        if len(moves) > 400:
            break
    return moves, state


def make(game: Game, folder: str, search: int) -> None:
    """Play ``game`` until a bot seed gives the wanted game, then add its annotations."""
    for bot_seed in range(game.bot_seed, game.bot_seed + search):
        with tempfile.TemporaryDirectory() as scratch:
            moves, state = play_game(game, scratch, bot_seed)
            if state.is_over and game.wanted(moves, state):
                break
    else:
        raise SystemExit(f"{game.file}: no bot seed in {search} tries gives the wanted game")
    if bot_seed != game.bot_seed:
        print(f"{game.file}: set bot_seed={bot_seed} in GAMES", file=sys.stderr)
    target = os.path.join(folder, game.file)
    with contextlib.suppress(FileNotFoundError):
        os.unlink(target)
    play_game(game, folder, bot_seed)
    for number, note in game.annotations.items():
        run("annotate", target, str(number), note)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="fail if an example would change")
    parser.add_argument("--search", type=int, default=1, help="bot seeds to try per game")
    parser.add_argument("names", nargs="*", help="only these example files")
    options = parser.parse_args()
    games = [g for g in GAMES if not options.names or g.file in options.names]
    changed = []
    with tempfile.TemporaryDirectory() as out:
        for game in games:
            make(game, out, options.search)
            new = Path(out, game.file).read_text(encoding="utf-8")
            old_path = HERE / game.file
            old = old_path.read_text(encoding="utf-8") if old_path.exists() else None
            if new != old:
                changed.append(game.file)
                if not options.check:
                    old_path.write_text(new, encoding="utf-8")
    if options.check and changed:
        print("would change: " + ", ".join(changed), file=sys.stderr)
        return 1
    for name in changed:
        print(f"wrote examples/{name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
