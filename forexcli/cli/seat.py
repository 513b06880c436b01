"""``forex seat``: hand a seat to the engine, or back to a person (the header's ``engines:``)."""

from __future__ import annotations

import click

from ..reporters import clean
from ..words import did_you_mean, possessive, says
from . import EPILOG, GameTextCommand
from . import echo as _echo
from .common import EDITED_FILE, ProblemExit, encoded_output, print_written


@click.command("seat", cls=GameTextCommand, epilog=EPILOG)
@click.argument("file", type=EDITED_FILE)
@click.argument("player")
@click.option(
    "--engine",
    "budget",
    is_flag=False,
    flag_value="1s",
    default=None,
    metavar="[BUDGET]",
    help="The engine plays PLAYER's seat from now on, BUDGET a decision: 2s (seconds) or 500"
    " (simulations, deterministic) [1s].",
)
@click.option("--person", is_flag=True, help="A person plays PLAYER's seat again.")
@click.option("--dry-run", is_flag=True, help="Print the changed log; write nothing.")
def seat_command(file: str, player: str, budget: str | None, person: bool, dry_run: bool) -> None:
    """Hand PLAYER's seat to the engine (--engine), or back to a person (--person).

    The header's engines: names the seats the engine plays; forex play then
    lets them play after a person's decision{games:seat}. For a player who
    leaves a game by mail, or joins one.
    """
    from ..record import edit, files
    from ..record.problems import LogError, Problem, command_path, player_command
    from ..record.seats import (
        DECLINED_FIELD,
        ENGINES_FIELD,
        budget_value,
        engine_seats,
        parse_budget,
        seat_words,
        signed_declines,
        with_header_key,
    )

    if (budget is None) == (not person):
        raise click.UsageError("give --engine [BUDGET] or --person")
    try:
        data, log, played = edit.load_valid(file)
    except LogError as error:
        raise ProblemExit(error.problems) from None
    if player not in log.players:
        raise ProblemExit(
            [
                Problem(
                    "unknown_player",
                    f"{player} is not a player of this game ({', '.join(log.players)})",
                    "header",
                    file,
                    hints=(
                        *did_you_mean(player, log.players),
                        f"name a player: forex seat {command_path(file)} NAME"
                        f" {'--person' if person else '--engine'}; {file} is unchanged",
                    ),
                )
            ]
        )
    seats = {name: budget_value(plan) for name, plan in engine_seats(log.header).items()}
    if budget is not None:
        try:
            plan = parse_budget(budget)
        except ValueError as error:
            raise click.BadParameter(clean(str(error)), param_hint="'--engine'") from None
        seats[player] = budget_value(plan)
        if len(seats) == len(log.players):
            raise click.BadParameter(
                "every seat would be the engine's: leave one to a person", param_hint="'--engine'"
            )
        said = f"{seat_words(player, plan)} from now on"
    else:
        if player not in seats:
            _echo(clean(f"{says(player, 'is')} a person's seat already; {file} is unchanged"))
            return
        del seats[player]
        said = f"{player}: a person from now on"
    try:
        text = with_header_key(log.text, ENGINES_FIELD, seats or None)
        declines = signed_declines(log.header)
        if person and declines is not None and declines.player == player:
            # what the person declined of the seat's offers binds no person's choice
            text = with_header_key(text, DECLINED_FIELD, None)
        new_log, _ = edit.checked_edit(log, text)
    except (LogError, ValueError) as error:
        problems = getattr(error, "problems", None) or [
            Problem("cannot_edit", f"cannot change the header: {error}", "edit", file)
        ]
        raise ProblemExit(problems) from None
    if dry_run:
        _echo(text)
        return
    del new_log
    from .. import streams
    from ..reporters.tables import fitted, fitted_commands

    if budget is not None:
        said = clean(f"{said} (in {file}); forex play lets the engine seats play after a person")
        said = fitted(said, streams.width())
    else:
        left = ", ".join(seats) or "none"
        play = player_command("forex play", command_path(file), player, "DECISION")
        said = clean(f"{said} (in {file}): {play} plays it; engine seats left: {left}")
        said = fitted_commands(said, streams.width())
    if budget is not None and player in log.game.pending(played.final).deciders:
        play = player_command("forex play", command_path(file), player, "--engine")
        now = clean(f"{says(player, 'decides')} next: {play}")
        said += "\n" + fitted_commands(now, streams.width())
    out = encoded_output([(said, False)])  # composed before the file is replaced
    try:
        files.replace_file(file, data, text)
    except LogError as error:
        raise ProblemExit(error.problems) from None
    print_written(out, f"the change of {possessive(clean(player))} seat", file)
