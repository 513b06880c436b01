"""``forex message`` and ``forex read``: the game by mail and in forum posts."""

from __future__ import annotations

import sys

import click

from ..reporters import clean
from . import EPILOG, MESSAGE_FORMATS
from . import echo as _echo
from .common import (
    FILE,
    FILE_OR_DASH,
    ProblemExit,
    encoded_output,
    format_option,
    mail_of,
    move_point,
    needs,
    open_replay,
    print_written,
    recipients_option,
    replace,
    since_of,
    write_mail,
)


@click.command("message", epilog=EPILOG)
@click.argument("file", type=FILE_OR_DASH)
@click.option(
    "--since",
    type=int,
    metavar="N",
    help="Tell what happened after move N (-2 = the last two moves) [everything the next"
    " decider has not seen: every move since their own last decision].",
)
@click.option(
    "--since-player",
    metavar="NAME",
    help="Tell what happened after NAME's last decision: what NAME has not seen yet.",
)
@click.option(
    "--with-log",
    is_flag=True,
    help="Put the whole log into the post (plain text, a markdown fence, a BBCode [code]"
    " block), so that the message alone carries the game; forex read takes it back.",
)
@click.option(
    "--eml",
    "eml_path",
    metavar="OUT.eml",
    type=FILE_OR_DASH,
    help="Write the message as a complete mail (To: the next decider and Cc: the other"
    " players, see --to; text and markdown, the log and the board attached) into OUT.eml"
    " instead of printing it; - writes it to standard output.",
)
@recipients_option
@click.option(
    "--at",
    type=int,
    metavar="N",
    help="The game after move N (0 = the start; -1 = before the last move) [the last].",
)
@format_option(MESSAGE_FORMATS)
def message_command(
    file: str,
    since: int | None,
    since_player: str | None,
    with_log: bool,
    eml_path: str | None,
    recipients: str,
    at: int | None,
    fmt: str,
) -> None:
    """Print a ready-to-send message about the game as it stands.

    A subject line (the game's title, the move number and who is to play
    next), then what happened since move N, the board, the money and
    certificates, the queue and who decides next: to mail to the next player
    or post in the game's forum thread, in plain text, markdown or BBCode.
    By default it tells everything the next decider has not seen: every move
    since their own last decision (a turn of several entries whole).
    forex play --message prints the same right after a move. FILE may be -
    for standard input.
    """
    from ..games.base import Mails

    if since is not None and since_player is not None:
        raise click.UsageError("give --since or --since-player, not both")
    if eml_path is not None and at is not None:
        raise click.UsageError("--eml mails the game as it stands: leave out --at")
    _log, played = open_replay(file)
    mails = needs(played, Mails, "a message")
    legal = played.moves
    point_at = move_point(legal, at, file)
    point = since_of(played, point_at, since, since_player, file, total=legal)
    if eml_path is not None:
        if played.problem is not None:
            raise ProblemExit([played.problem])
        write_mail(eml_path, mail_of(played, point, file, with_log=with_log, to=recipients))
        return
    message = mails.message(played, point, fmt, at=point_at)
    if with_log:
        from ..record.mail import log_filename
        from ..record.mail import with_log as embedded

        try:
            body = embedded(message.body, played.log.text, fmt, log_filename(file))
        except ValueError as error:
            raise click.UsageError(f"--with-log: {error}; attach the log instead") from None
        message = replace(message, body=body)
    _echo(message.full())
    if played.problem is not None and point_at == legal:
        raise ProblemExit([played.problem])


@click.command("read", epilog=EPILOG)
@click.argument("mail", type=click.Path(allow_dash=True))
@click.option(
    "--into",
    "into",
    metavar="LOG",
    required=True,
    type=FILE,
    help="Your copy of the game: replaced only by a log that goes further than it or brings"
    " notes or comments it lacks (created if it does not exist).",
)
@click.option("--dry-run", is_flag=True, help="Check and tell what arrived; change nothing.")
def read_command(mail: str, into: str, dry_run: bool) -> None:
    """Take the log out of a MAIL and save it into LOG, after checking it.

    MAIL is an .eml file, an mbox, a Maildir folder or - (standard input).
    The log is found as an attachment or in the text (also quoted with > ,
    in a BBCode [code] block or a markdown fence). It must be a copy of
    LOG's game whose moves, digests and signatures are all good and keep the
    keys LOG holds: a fork, a rewritten move, a forged move, no log, two logs
    or another game's log are refused, and nothing is changed (a fork's
    refusal says who played on which branch and prints the commands that
    settle it: forex undo --settle takes the mail's copy). What arrived
    is told move by move, as a catch-up. No note or comment is lost: those of
    LOG the mail lacks are kept, those of the mail LOG lacks are taken (also
    from a copy with no new move), and two different notes on one move are
    both kept, yours first; what became of every note the copies hold
    differently (an old move's too) is said.
    """
    from ..record.mail import read_mail, save_arrival
    from ..record.problems import LogError

    data = None
    if mail == "-":
        from ..record.files import MAX_LOG_BYTES

        data = sys.stdin.buffer.read(4 * MAX_LOG_BYTES + 1)
    try:
        arrived = read_mail(mail, into, data=data, dry_run=True)
    except LogError as error:
        raise ProblemExit(error.problems, exit_code=None) from None
    if arrived.saves:
        from ..record.signing import unagreed_past

        refused = unagreed_past(arrived.replay, f"nothing was changed: {clean(into)} is as it was")
        if refused:
            raise ProblemExit(refused)
    lines = list(arrived.lines)
    if arrived.saves:
        verb = "would save" if dry_run else "saved"
        lines.append(f"{verb} {clean(into)} (from {clean(arrived.found.where)})")
    if dry_run or not arrived.saves:
        _echo("\n".join(lines))
        return
    out = encoded_output([("\n".join(lines), False)])
    try:
        save_arrival(arrived, into)
    except LogError as error:
        raise ProblemExit(error.problems, exit_code=None) from None
    print_written(out, f"the log from {clean(arrived.found.where)}", into)
