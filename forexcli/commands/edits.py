"""``forex annotate`` and ``forex undo``: a move's note set, the last moves removed."""

from __future__ import annotations

import sys
from typing import Any

import click

from ..cli import EPILOG
from ..cli import echo as _echo
from ..reporters import clean
from .common import FILE, ProblemExit, _commit_reported


@click.command("annotate", epilog=EPILOG)
@click.argument("file", type=FILE)
@click.argument("number", metavar="N", type=click.IntRange(min=1))
@click.argument("text", nargs=-1)
@click.option("--remove", is_flag=True, help="Remove the note of move N.")
@click.option(
    "--dry-run", is_flag=True, help="Check the change and print the new log; write nothing."
)
def annotate_command(
    file: str, number: int, text: tuple[str, ...], remove: bool, dry_run: bool
) -> None:
    """Set the note of move N to TEXT (its words joined; - reads standard input).

    Comments and layout elsewhere in the file are kept as they are.
    """
    from ..record import anyedit, edit
    from ..record.gamelog import OtherGame
    from ..record.problems import LogError

    if remove and text:
        raise click.UsageError("give a TEXT or --remove, not both")
    if not remove and not text:
        raise click.UsageError("give the note's TEXT (or --remove to remove the note)")
    note: str | None = None
    if not remove:
        note = sys.stdin.read().rstrip("\n") if text == ("-",) else " ".join(text)
    change: Any
    try:
        try:
            change = edit.set_note(file, number, note, dry_run=True)
        except OtherGame:
            change = anyedit.set_note(file, number, note, dry_run=True)
    except LogError as error:
        raise ProblemExit(error.problems) from None
    if dry_run:
        _echo(change.new_text)
        return
    if change.old_text == change.new_text:
        _echo(f"move {number} has no note; {clean(file)} is unchanged")
        return
    if note is None:
        report, what = f"removed the note of move {number} in {clean(file)}", "the removal"
    else:
        report, what = f"set the note of move {number} in {clean(file)}", "the note"
    _commit_reported(change, report, f"{what} of move {number}", file)


@click.command("undo", epilog=EPILOG)
@click.argument("file", type=FILE)
@click.option("--dry-run", is_flag=True, help="Say which move would be removed; write nothing.")
@click.option(
    "--after",
    type=click.IntRange(min=1),
    metavar="N",
    help="Refuse unless the log has exactly N moves (so that only the move you made goes).",
)
@click.option(
    "--to",
    "to",
    type=click.IntRange(min=0),
    metavar="N",
    help="Remove every move after move N instead (0 = all of them): to settle a fork, keep"
    " the moves both copies share (forex diff names the move where they part).",
)
def undo_command(file: str, dry_run: bool, after: int | None, to: int | None) -> None:
    """Remove the last move of FILE (for the sender, before the mail goes out).

    With --to N, remove every move after move N.
    """
    from ..record import edit
    from ..record.problems import LogError
    from ..reporters.game import pending_text

    if to is not None and after is not None:
        raise click.UsageError("give --after or --to, not both")
    from ..record.gamelog import OtherGame

    try:
        if to is None:
            change = edit.remove_last(file, dry_run=True, after=after)
        else:
            change = edit.remove_after(file, to, dry_run=True)
    except OtherGame:
        if to is not None or after is not None:
            raise click.UsageError("--to and --after are For-Ex's only for now") from None
        _other_undo(file, dry_run)
        return
    except LogError as error:
        raise ProblemExit(error.problems) from None
    gone = change.removed_entries
    if len(gone) == 1:
        what = f"move {gone[0].number}: {gone[0].player}: {gone[0].text}"
    else:
        what = f"moves {gone[0].number} to {gone[-1].number}"
    verb = "would remove" if dry_run else "removed"
    report = (
        f"{verb} {clean(what)} from {clean(file)}\nnext: {clean(pending_text(change.replay.final))}"
    )
    if dry_run:
        _echo(report)
        return
    _commit_reported(change, report, f"the removal of {clean(what)}", file)


def _other_undo(file: str, dry_run: bool) -> None:
    from ..record import anyedit, anylog
    from ..record.problems import LogError

    try:
        change = anyedit.remove_last(file, dry_run=True)
    except LogError as error:
        raise ProblemExit(error.problems) from None
    gone = change.removed
    assert gone is not None
    what = f"move {gone.number}: {gone.key}: {gone.text}"
    verb = "would remove" if dry_run else "removed"
    played = change.replay
    next_line = anylog.pending_line(played.record.game, played.final)
    report = clean(f"{verb} {what} from {file}\nnext: {next_line}", newlines=True)
    if dry_run:
        _echo(report)
        return
    _commit_reported(change, report, f"the removal of {clean(what)}", file)
