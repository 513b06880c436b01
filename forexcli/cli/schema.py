"""``forex schema``: the published JSON Schemas of the registered games."""

from __future__ import annotations

import click

from .. import games
from . import EPILOG, GameChoice
from . import echo as _echo
from .common import print_json


@click.command("schema", epilog=EPILOG)
@click.argument("which", type=click.Choice(["log", "show", "play", "components"]), default="log")
@click.option(
    "--game",
    type=GameChoice(),
    default=games.DEFAULT_GAME,
    show_default=True,
    help="The game whose schema to print.",
)
@click.option("--list", "listing", is_flag=True, help="Name every game's schemas, print none.")
def schema_command(which: str, game: str, listing: bool) -> None:
    """Print a JSON Schema: of a game's log format (log), of show --format json (show), of
    play --format json (play), or of a game's components file (components)."""
    if listing:
        for name in games.names():
            for role, schema in games.get(name).schemas().items():
                _echo(f"{name}\t{role}\t{schema.get('$id', '')}")
        return
    schemas = games.get(game).schemas()
    if which not in schemas:
        raise click.BadParameter(
            f"{game} has no {which} schema (it has {', '.join(schemas)})",
            param_hint="'WHICH'",
        )
    print_json(dict(schemas[which]))
