"""``forex history`` and ``forex diff``: a log's decisions, and two copies compared."""

from __future__ import annotations

import sys

import click

from .. import streams
from ..reporters import clean
from . import EPILOG
from . import echo as _echo
from .common import (
    FILE_OR_DASH,
    MAIL_OR_DASH,
    ProblemExit,
    format_option,
    open_replay,
    print_json,
    read_stdin,
    stdout_style,
)


@click.command("history", epilog=EPILOG)
@click.argument("file", type=FILE_OR_DASH)
@click.option("--events", is_flag=True, help="Also say what each move caused.")
@format_option()
def history_command(file: str, events: bool, fmt: str) -> None:
    """List the decisions of FILE as a table, with their notes.

    An illegal move is marked, and reported on stderr (exit status 1).
    """
    from ..reporters import record

    _log, played = open_replay(file)
    game = played.log.game
    if fmt == "json":  # the game's (its "problem" names an illegal move), else the frame's
        from .common import with_seat_data

        data = game.history_data(played)
        data = record.history_data(played) if data is None else data
        head = {"format": "forex-history", "version": 1, "game": game.name}  # every game's
        print_json(with_seat_data({**head, **data}, played.log, file))
    else:
        from .common import with_seat_lines

        markdown = fmt == "markdown"
        text = game.history_text(
            played, events=events, markdown=markdown, style=stdout_style(), width=streams.width()
        )
        if text is None:
            text = clean(
                record.history_text(
                    played, markdown=markdown, events=events, width=streams.width()
                ),
                newlines=True,
            )
        fits = None if markdown else streams.width()
        _echo(with_seat_lines(text, played.log, file, width=fits))
    if played.problem is not None:
        raise ProblemExit([played.problem], as_json=False)


DIFF_EPILOG = """\b
Exit status: 0 the two hold the same moves; 1 they differ (one goes further,
they part, or they are different games); 2 a usage error, or a file that
cannot be read or is neither a log nor a mail that holds one.

\b
See forex(1) for the log format and examples."""


@click.command("diff", epilog=DIFF_EPILOG)
@click.argument("file_a", metavar="A", type=MAIL_OR_DASH)
@click.argument("file_b", metavar="B", type=MAIL_OR_DASH)
@format_option(("text", "json"))
def diff_command(file_a: str, file_b: str, fmt: str) -> None:
    """Compare two copies A and B of a game: where they part, and which to continue from.

    When two players answered the same mail, their copies fork: diff names
    the first move where they part, whose decision it was, and which of the
    two continuations is legal. Moves are compared as the rules read them
    (spacing and number style do not matter); notes and digests do not make
    a fork, but differing notes, headers and digests that stop matching are
    reported; in a signed game, so are signatures that do not verify and a
    player's key that is not the same in both (neither is then a copy to
    continue from). Logs whose set-up or game id differs are different games. A and B are
    logs or mails (as forex read takes them: an .eml, an mbox, a Maildir, a
    saved post with the log quoted, in a fence or a [code] block); either
    may be - for standard input.
    """
    from ..record.forks import relate
    from ..record.mail import copy_of
    from ..record.problems import LogError
    from ..reporters.forks import DIFF_FORMAT, DIFF_VERSION, diff_data, diff_text

    if file_a == "-" and file_b == "-":
        raise click.UsageError("only one of A and B can be - (standard input)")
    logs = []
    for path in (file_a, file_b):
        try:
            logs.append(copy_of(path, read_stdin() if path == "-" else None))
        except LogError as error:
            raise ProblemExit(error.problems, exit_code=2) from None
    relation = relate(logs[0], logs[1])
    if relation.report is not None:  # a game that compares set-ups (``Game.setup_fields``)
        if fmt == "json":
            print_json(diff_data(relation.report))
        else:
            _echo(diff_text(relation.report, streams.width()))
    elif fmt == "json":
        print_json({"format": DIFF_FORMAT, "version": DIFF_VERSION, **(relation.data or {})})
    else:
        from ..reporters.tables import fitted

        _echo(fitted(relation.sentence, streams.width(), ""))
    if not relation.identical:
        sys.exit(1)
