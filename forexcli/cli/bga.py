"""``forex import``: a Board Game Arena table log as a log of the game that imports it
(``Game.import_table``)."""

from __future__ import annotations

import click

from ..reporters import clean
from . import EPILOG, GameTextCommand, GameTextOption
from .common import (
    FILE,
    FILE_OR_DASH,
    ProblemExit,
    asked,
    encoded_output,
    print_written,
    read_stdin,
)


def _renames(values: tuple[str, ...]) -> dict[str, str]:
    out: dict[str, str] = {}
    for value in values:
        old, sep, new = value.partition("=")
        if not sep or not old.strip() or not new.strip():
            raise click.BadParameter(f"{clean(value)!r}: write OLD=NEW", param_hint="'--rename'")
        out[old.strip()] = new.strip()
    return out


@click.command("import", cls=GameTextCommand, epilog=EPILOG)
@click.argument("table_log", type=FILE_OR_DASH)
@click.option(
    "-o",
    "--output",
    metavar="OUT.yaml",
    type=FILE,
    required=True,
    help="The log to write (never replaced without --force).",
)
@click.option(
    "--removed",
    metavar="CUR=N,...|unknown",
    cls=GameTextOption,
    help="{games:import --removed}",
)
@click.option("--title", metavar="TEXT", help="The log's title [Board Game Arena table N].")
@click.option(
    "--rename",
    "rename",
    multiple=True,
    metavar="OLD=NEW",
    help="Give a player another name in the log (for a site name the log format refuses);"
    " repeat it.",
)
@click.option(
    "--schema-ref",
    metavar="URL|PATH",
    help="Write a first-line modeline naming this schema for editors, as forex new does"
    " [no modeline].",
)
@click.option("--force", is_flag=True, help="Replace OUT.yaml if it exists.")
def import_command(
    table_log: str,
    output: str,
    removed: str | None,
    title: str | None,
    rename: tuple[str, ...],
    schema_ref: str | None,
    force: bool,
) -> None:
    """Import a Board Game Arena table log TABLE_LOG as a game log OUT.yaml.

    {games:import}
    """
    from .. import games
    from ..games.defaults import NotOffered
    from ..record.files import MAX_LOG_BYTES, read_bytes, write_output
    from ..record.problems import LogError, Problem, command_path

    renames = _renames(rename)
    name = "<stdin>" if table_log == "-" else table_log
    read: list[bytes] = []

    def table_bytes() -> bytes:
        """The table log's bytes, read once (a game asked after another gets them again)."""
        if not read:
            data = read_stdin() if table_log == "-" else read_bytes(table_log)
            if len(data) > MAX_LOG_BYTES:
                raise LogError(
                    [
                        Problem(
                            "too_large", "standard input is too large for a table log", "io", name
                        )
                    ]
                )
            read.append(data)
        return read[0]

    options = {"removed": removed, "title": title, "renames": renames, "schema_ref": schema_ref}
    imported: tuple[str, str] | None = None
    try:
        for game in games.names():
            try:
                imported = asked(games.get(game).import_table, table_bytes, name, options)
                break
            except NotOffered:
                continue
    except LogError as error:
        usage = error.usage or any(p.layer == "io" for p in error.problems)
        raise ProblemExit(error.problems, exit_code=2 if usage else 1) from None
    if imported is None:
        problem = Problem(
            "not_for_game",
            "forex import: no registered game imports a Board Game Arena table log",
            "usage",
            name,
            hints=(
                f"record the game by hand instead: forex new {command_path(output)} --players"
                f" NAME,NAME, then forex play {command_path(output)} PLAYER DECISION for each"
                " move",
            ),
        )
        raise ProblemExit([problem], exit_code=2)
    text, summary = imported
    report = f"imported {clean(name)} into {clean(output)}: {clean(summary)}"
    named = command_path(output)
    follow = f"next: forex analyse {named} --write; forex html {named}"
    out = encoded_output([(report, False), (follow, False)])
    try:
        write_output(output, text, force=force)
    except LogError as error:
        raise ProblemExit(error.problems, exit_code=2) from None
    print_written(out, "the imported log", output)
