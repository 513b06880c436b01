"""``forex history`` and ``forex diff``: a log's decisions, and two copies compared."""

from __future__ import annotations

import sys
from typing import Any

import click

from .. import streams
from ..reporters import clean
from . import EPILOG
from . import echo as _echo
from .common import (
    FILE_OR_DASH,
    OtherGameExit,
    ProblemExit,
    format_option,
    load_replay,
    other_record,
    other_replay,
    print_json,
    read_log,
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
    from ..reporters.history import history_data, history_text

    try:
        log, played = load_replay(file)
    except OtherGameExit as other:
        _other_history(other, fmt, events)
        return
    if fmt == "json":
        print_json(history_data(log, played))  # its "problem" names an illegal move
    else:
        _echo(
            history_text(
                log,
                played,
                events=events,
                markdown=fmt == "markdown",
                style=stdout_style(),
                width=streams.width(),
            )
        )
    if played.problem is not None:
        raise ProblemExit([played.problem], as_json=False)


DIFF_EPILOG = """\b
Exit status: 0 the two hold the same moves; 1 they differ (one goes further,
they part, or they are different games); 2 a usage error, or a file that
cannot be read or is not a log.
\b
See forex(1) for the log format and examples."""


@click.command("diff", epilog=DIFF_EPILOG)
@click.argument("file_a", metavar="A", type=FILE_OR_DASH)
@click.argument("file_b", metavar="B", type=FILE_OR_DASH)
@format_option(("text", "json"))
def diff_command(file_a: str, file_b: str, fmt: str) -> None:
    """Compare two copies A and B of a game: where they part, and which to continue from.

    When two players answered the same mail, their copies fork: diff names
    the first move where they part, whose decision it was, and which of the
    two continuations is legal. Moves are compared as the rules read them
    (spacing and number style do not matter); notes and digests do not make
    a fork, but differing notes, headers and digests that stop matching are
    reported. Logs whose set-up differs are different games. Either file
    may be - for standard input.
    """
    from ..record.forks import compare
    from ..record.gamelog import OtherGame
    from ..record.problems import LogError
    from ..reporters.forks import diff_data, diff_text

    if file_a == "-" and file_b == "-":
        raise click.UsageError("only one of A and B can be - (standard input)")
    logs = []
    others: list[Any] = []
    for path in (file_a, file_b):
        try:
            logs.append(read_log(path))
        except OtherGame as other:
            others.append(other_record(OtherGameExit(other, path), exit_code=2))
        except LogError as error:
            raise ProblemExit(error.problems, exit_code=2) from None
    if others:
        _other_diff(logs, others, fmt)
        return
    report = compare(logs[0], logs[1])
    if fmt == "json":
        print_json(diff_data(report))
    else:
        _echo(diff_text(report))
    if not report.identical:
        sys.exit(1)


def _other_history(other: OtherGameExit, fmt: str, events: bool = False) -> None:
    from ..reporters import record

    played = other_replay(other)
    if fmt == "json":
        print_json(record.history_data(played))
    else:
        text = record.history_text(played, markdown=fmt == "markdown", events=events)
        _echo(clean(text, newlines=True))
    if played.problem is not None:
        raise ProblemExit([played.problem], as_json=False)


def _other_diff(logs: list[Any], others: list[Any], fmt: str) -> None:
    """``diff`` where a log is of another game (a For-Ex log beside it is another game)."""
    from ..record.anyforks import compare

    if logs:
        report: dict[str, Any] = {
            "kind": "different_games",
            "common": 0,
            "text": f"{logs[0].filename} is a For-Ex log and {others[0].filename} a"
            f" {others[0].game.title} log: different games, not a fork.",
        }
    else:
        report = compare(others[0], others[1])
    if fmt == "json":
        print_json({"format": "forex-diff", "version": 1, **report})
    else:
        _echo(clean(report["text"]))
    if report["kind"] != "same":
        sys.exit(1)
