"""``forex new``: a new log, of For-Ex or of World Exchangers."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import click

from .. import games
from ..reporters import clean
from . import EPILOG, GameChoice
from . import echo as _echo
from .common import FILE, ProblemExit, encoded_output, print_written


def _split_names(values: Sequence[str]) -> list[str]:
    names: list[str] = []
    for value in values:
        names.extend(part.strip() for part in value.split(","))
    return [n for n in names if n]


@click.command("new", epilog=EPILOG)
@click.argument("file", type=FILE)
@click.option(
    "--players",
    "players",
    multiple=True,
    metavar="NAMES",
    help="The players in seat order, comma-separated (alice,bob,carol).",
)
@click.option("--player", "player", multiple=True, metavar="NAME", help="One player; repeat it.")
@click.option(
    "--first",
    metavar="NAME",
    help="Who takes the first turn [the first seat]. World Exchangers: the red marker's holder"
    " starts; --first is needed (and only allowed) when the seed deals nobody the red marker.",
)
@click.option(
    "--removed",
    metavar="CUR=N,...",
    help="The 6 certificates removed at set-up: GBP=1,USD=2,CNY=3 (or GBP,USD,USD,CNY,CNY,CNY).",
)
@click.option(
    "--seed",
    metavar="TEXT",
    help="Draw the removed certificates from this seed. Without --removed or --seed a random"
    " seed is drawn and recorded.",
)
@click.option("--title", metavar="TEXT", help="A name for the game.")
@click.option("--site", metavar="TEXT", help="Where it is played: a club, a forum thread.")
@click.option(
    "--started",
    metavar="DATE",
    help="When it started [today, YYYY-MM-DD]; an empty value leaves it out.",
)
@click.option(
    "--contact",
    multiple=True,
    metavar="NAME=ADDRESS",
    help="How to reach a player (e-mail, forum handle); repeat it.",
)
@click.option(
    "--house-rule",
    "house_rule",
    multiple=True,
    metavar="NAME=VALUE",
    help="A house rule the table plays: rounding=each|total, merged_loan=keep|back"
    " [each, keep]; World Exchangers: trend_ties=all|none, media_floor=zero|none,"
    " pass_symbols=gain|none, mid_year_refill=refill|skip [the first of each]; repeat it.",
)
@click.option(
    "--schema-ref",
    metavar="URL|PATH",
    help="Write a first-line modeline naming this schema for editors (a path relative to the"
    " log, such as ../schemas/forex-log.schema.json, saved by forex schema > FILE; or a URL)"
    " [no modeline].",
)
@click.option(
    "--key-for",
    "key_for",
    multiple=True,
    metavar="NAME=PUBFILE",
    help="A player's Ed25519 public key (an OpenSSH .pub file) to check their signed moves;"
    " repeat it.",
)
@click.option(
    "--require-signatures",
    "require_signatures",
    is_flag=True,
    help="Write signatures: required: every move signed, and no move after a spot deal its"
    " partner has not countersigned (forex play and forex read refuse one).",
)
@click.option(
    "--game",
    type=GameChoice(),
    default=games.DEFAULT_GAME,
    show_default=True,
    help="The game to record.",
)
@click.option(
    "--components",
    "components",
    metavar="FILE",
    type=FILE,
    help="World Exchangers: the components file (cards and boards) the log names, with its"
    " SHA-256.",
)
@click.option(
    "--board",
    "board",
    multiple=True,
    metavar="NAME=A|B",
    help="World Exchangers: the side of a player's board [A]; repeat it.",
)
@click.option(
    "--roles-side",
    type=click.Choice(["A", "B"]),
    help="World Exchangers: the side of the role cards [A].",
)
@click.option(
    "--engine",
    "engines",
    multiple=True,
    metavar="NAME[:BUDGET]",
    help="A seat the engine plays, with its budget a decision: NAME:2s (seconds), NAME:500"
    " (simulations, deterministic) [1s]; repeat it. forex play then lets the engine answer"
    " the spot offers to its seats and play its seats' decisions after a person's.",
)
@click.option("--dry-run", is_flag=True, help="Print the new log instead of writing it.")
def new_command(
    file: str,
    players: tuple[str, ...],
    player: tuple[str, ...],
    first: str | None,
    removed: str | None,
    seed: str | None,
    title: str | None,
    site: str | None,
    started: str | None,
    contact: tuple[str, ...],
    house_rule: tuple[str, ...],
    schema_ref: str | None,
    key_for: tuple[str, ...],
    require_signatures: bool,
    game: str,
    components: str | None,
    board: tuple[str, ...],
    roles_side: str | None,
    engines: tuple[str, ...],
    dry_run: bool,
) -> None:
    """Start a game in a new log FILE (never overwrites a file).

    The log records the seat order, the first player and the 6 certificates
    removed at set-up (given, or drawn from a seed), the house rules if any,
    with no moves yet.

    With --game world-exchangers it names the components file (--components;
    forexcli ships invented ones, and says where when it is left out) and its
    SHA-256, and the tool deals from --seed (a random one if not given):

    \b
      forex new wx.yaml --game world-exchangers --players ben,ann \\
          --components forexcli/games/worldex/data/invented-components.json
      forex moves wx.yaml
      forex play wx.yaml ben buy Vienna
    """
    import datetime

    from ..games.defaults import NotOffered
    from ..record.gamelog import read_log, replay
    from ..record.problems import LogError
    from ..reporters.newlog import create_log
    from .common import asked

    names = _split_names(players) + [p.strip() for p in player]
    if not names:
        raise click.UsageError("name the players: --players alice,bob,carol")
    chosen = games.get(game)
    options = {
        "first": first,
        "removed": removed,
        "seed": seed,
        "title": title,
        "site": site,
        "started": datetime.date.today().isoformat() if started is None else started,
        "contact": contact,
        "house_rule": house_rule,
        "schema_ref": schema_ref,
        "key_for": key_for,
        "require_signatures": require_signatures,
        "components": components,
        "board": board,
        "roles_side": roles_side,
    }
    try:
        text = asked(chosen.new_log, names, options, file)
    except NotOffered as missing:
        raise _not_offered(chosen, file, missing.what) from None
    if engines:
        text = _with_engines(text, names, engines)
    try:
        made = replay(read_log(text, file))
    except LogError as error:  # a value the schema refuses (a title too long, ...)
        raise ProblemExit(error.problems, exit_code=2) from None
    if dry_run:
        _echo(text)
        return
    report = asked(chosen.new_log_report, file, made, options)
    from ..record.seats import seats_line

    seats = seats_line(made.log.header)
    if seats:
        first, _, rest = report.partition("\n")
        report = f"{first}\n{seats}\n{rest}"
        report = report.rstrip("\n") + "\n" + _engine_first(made, file)
    from .. import streams
    from ..reporters.tables import fitted

    out = encoded_output([(fitted(clean(report, newlines=True), streams.width()), False)])
    try:
        create_log(file, text)
    except LogError as error:
        raise ProblemExit(error.problems, exit_code=2) from None
    print_written(out, "the new log", file)


def _with_engines(text: str, names: Sequence[str], specs: Sequence[str]) -> str:
    """The new log's text with ``engines:`` naming the seats of ``specs`` (NAME[:BUDGET])."""
    from ..record.seats import budget_value, parse_seat_spec, with_header_key

    seats: dict[str, str | int] = {}
    for spec in specs:
        try:
            name, budget = parse_seat_spec(spec)
        except ValueError as error:
            raise click.BadParameter(clean(str(error)), param_hint="'--engine'") from None
        if name not in names:
            raise click.BadParameter(
                clean(f"{name} is not one of the players ({', '.join(names)})"),
                param_hint="'--engine'",
            )
        seats[name] = budget_value(budget)
    if len(seats) == len(names):
        raise click.BadParameter(
            "every seat would be the engine's: leave one to a person (forex selfplay plays"
            " engines against each other)",
            param_hint="'--engine'",
        )
    return with_header_key(text, "engines", seats)


def _engine_first(made: Any, file: str) -> str:
    """``computer (the engine) decides first: forex play FILE computer --engine`` when an
    engine seat takes the first decision (empty otherwise)."""
    from ..record.seats import engine_seats

    deciders = made.log.game.pending(made.final).deciders
    if len(deciders) != 1 or deciders[0] not in engine_seats(made.log.header):
        return ""
    who = deciders[0]
    return clean(f"{who} (the engine) decides first: forex play {file} {who} --engine") + "\n"


def _not_offered(game: Any, path: str, what: str) -> ProblemExit:
    """The ``not_for_game`` refusal of a game that writes no new log's header
    (``Game.new_log``)."""
    from ..record.problems import Problem

    problem = Problem(
        "not_for_game",
        f"forex new: {what} is not offered for {game.title} logs (game: {game.name})",
        "usage",
        path,
        hints=("forex new --help lists the games (--game)",),
    )
    return ProblemExit([problem], exit_code=2)
