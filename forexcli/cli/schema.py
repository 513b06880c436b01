"""``forex schema``: the published JSON Schemas."""

from __future__ import annotations

import click

from . import EPILOG, GAMES
from . import echo as _echo
from .common import print_json


@click.command("schema", epilog=EPILOG)
@click.argument("which", type=click.Choice(["log", "show", "components"]), default="log")
@click.option(
    "--game",
    type=click.Choice(list(GAMES)),
    default=GAMES[0],
    show_default=True,
    help="The game whose schema to print.",
)
@click.option("--list", "listing", is_flag=True, help="Name every game's schemas, print none.")
def schema_command(which: str, game: str, listing: bool) -> None:
    """Print a JSON Schema: of a game's log format (log), of show --format json (show), or of
    World Exchangers' components file (components)."""
    import json

    if listing or game != GAMES[0] or which == "components":
        _other_schema(which, game, listing)
        return
    if which == "log":
        from ..games.forex.logcheck import log_schema

        print_json(log_schema())
        return
    from ..reporters.schema import show_schema

    _echo(json.dumps(show_schema(), indent=2, ensure_ascii=False))


def _other_schema(which: str, game: str, listing: bool) -> None:
    """``schema --game``/``--list``: any game's published schemas by role."""
    from .. import games

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
