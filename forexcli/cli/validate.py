"""``forex validate``: check logs (files, folders, standard input)."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

import click

from .. import streams
from . import EPILOG, GameTextOption
from . import echo as _echo
from .common import format_option, named_logs, print_json, read_stdin, stdout_style

if TYPE_CHECKING:
    from ..record.problems import FileReport


def _stdin_report(require_signatures: bool) -> FileReport:
    """What ``validate`` reports for the log on standard input."""
    from ..record.gamelog import read_log, replay
    from ..record.problems import FileReport, LogError
    from ..record.validation import finish_report

    item = FileReport("<stdin>")
    played = None
    try:
        played = replay(read_log(read_stdin(), "<stdin>"))
        item.problems = [played.problem] if played.problem else []
    except LogError as error:
        item.problems = list(error.problems)
    finish_report(item, played, require_signatures)
    return item


@click.command("validate", epilog=EPILOG)
@click.argument("paths", nargs=-1, required=True, type=click.Path(allow_dash=True))
@format_option(("text", "json", "github"))
@click.option("-q", "--quiet", is_flag=True, help="Print only the problems (no summary).")
@click.option("-v", "--verbose", is_flag=True, help="Also print every valid file and its state.")
@click.option(
    "--only-logs",
    is_flag=True,
    help="Skip YAML files without a top-level `forex:` or `game:` key, or `players:` with"
    " `moves:` (other YAML in a repository).",
)
@click.option(
    "--require-signatures",
    is_flag=True,
    cls=GameTextOption,
    help="An unsigned move by a player with a key under the header's signatures: warn is an"
    " error{games:validate --require-signatures} [warnings].",
)
@click.option(
    "-j",
    "--jobs",
    type=click.IntRange(min=1),
    metavar="N",
    help="Check the files in N processes, at most 4 per core [for 64 files or more one per"
    " core, at most 8 and one per 32 files; else 1].",
)
def validate_command(
    paths: tuple[str, ...],
    fmt: str,
    quiet: bool,
    verbose: bool,
    only_logs: bool,
    require_signatures: bool,
    jobs: int | None,
) -> None:
    """Check game logs: YAML, schema, set-up, and every move by the rules.

    PATHS are files or folders; folders are searched recursively for *.yaml
    and *.yml files (hidden files and folders are skipped). A file named
    twice, or named beside a folder that holds it, is checked once, in the
    order first named; problems are told in that order, those of a path that
    cannot be read where it was named or found. - reads one log from
    standard input. The summary
    counts every file and path once: checked is valid + invalid + unreadable
    (a path that does not exist, a folder that cannot be read); files skipped
    are apart. Exit status 0 when every log is valid, 1 when one is invalid,
    2 when a path cannot be read.
    """
    from ..record.validation import check_files

    if quiet and verbose:
        raise click.UsageError("--quiet and --verbose do not go together")
    if paths.count("-") > 1:
        raise click.UsageError("- (standard input, one log) can be given only once")
    named = named_logs(paths)
    # Checked as the reports are asked for; the first file loads the readers (then forked).
    checked = check_files(
        [name for name in named if isinstance(name, str) and name != "-"],
        jobs,
        only_logs,
        require_signatures,
    )
    from ..reporters.problems import ValidateReport, validate_github, validate_text

    report = ValidateReport()
    for name in named:
        if not isinstance(name, str):  # a path that cannot be read, told where it was named
            report.usage.append(name)
            report.usage_before.append(len(report.files))
        elif name == "-":
            report.files.append(_stdin_report(require_signatures))
        elif (found := next(checked)) is None:
            report.skipped.append(name)
        else:
            report.files.append(found)
    if fmt == "json":
        print_json(report.as_dict())
    elif fmt == "github":
        _echo(validate_github(report, quiet=quiet))
    else:
        out = validate_text(
            report,
            stdout_style(),
            quiet=quiet,
            verbose=verbose,
            terminal=streams.is_terminal(sys.stdout),
        )
        if out:
            _echo(out)
    if report.exit_code:
        sys.exit(report.exit_code)
