"""``forex import``: a Board Game Arena table log as a log of the game that imports it
(``Game.import_table``)."""

from __future__ import annotations

import click

from ..reporters import clean
from . import EPILOG
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


@click.command("import", epilog=EPILOG)
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
    help="The 6 certificates removed at set-up, as forex new takes them (GBP=1,USD=2,CNY=3),"
    " or 'unknown' to record them as not known [deduced when the table log allows one set].",
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
    """Import a Board Game Arena table log TABLE_LOG as the For-Ex log OUT.yaml.

    TABLE_LOG is .json, .json.gz, or - for standard input: the JSON that
    Board Game Arena's game review page loads for a table. Seat order and
    first player are read from the turns it shows, the names as the site
    shows them; each action becomes a decision in forex play's notation (an
    accepted spot trade joined to the action after it; refused and
    cancelled offers are not decisions), with the divest answers and the
    tie choices. The header gets site: with the table number, started: (the
    first packet's time, UTC) and a title.

    A table log does not say which 6 certificates were removed at set-up.
    Without --removed they are deduced from it: each currency's purchases
    (no more than its supply held) and the certificate numbers the purchases
    pass over (removed: the site hands out a currency's highest left). When
    exactly one set agrees, it is taken and the log says so in a comment;
    when several do, they are listed (or the counts each currency allows)
    and nothing is written (exit 2, removed_unknown): the board at the start
    of the table's replay shows them. --removed CUR=N,... gives them (a set
    the table log rules out is refused, removed_inconsistent, exit 2);
    --removed unknown writes removed: unknown, and the replay then lets the
    supply hold all 8 of each currency.

    Every money change, certificate bought or sold, contract taken, dividend
    paid, move of the board and of the queue, and the final conversion in
    the table log must be what the replay of the written log gives; a
    disagreement is reported at its packet (move_id) and notification, and
    nothing is written. A game in progress is imported up to its last
    decision. The log is written atomically.
    """
    from .. import games
    from ..games.defaults import NotOffered
    from ..record.files import MAX_LOG_BYTES, read_bytes, write_output
    from ..record.problems import LogError, Problem

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
            hints=("a game offers it by overriding games.base.BaseGame's import_table",),
        )
        raise ProblemExit([problem], exit_code=2)
    text, summary = imported
    report = f"imported {clean(name)} into {clean(output)}: {clean(summary)}"
    follow = f"next: forex analyse {clean(output)} --write; forex html {clean(output)}"
    out = encoded_output([(report, False), (follow, False)])
    try:
        write_output(output, text, force=force)
    except LogError as error:
        raise ProblemExit(error.problems, exit_code=2) from None
    print_written(out, "the imported log", output)
