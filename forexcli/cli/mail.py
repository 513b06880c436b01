"""``forex message`` and ``forex read``: the game by mail and in forum posts."""

from __future__ import annotations

import sys
from typing import Any

import click

from .. import streams
from ..reporters import clean
from . import EPILOG, MESSAGE_FORMATS, GameTextCommand
from . import echo as _echo
from .common import (
    FILE,
    FILE_OR_DASH,
    ProblemExit,
    encoded_output,
    file_word,
    format_option,
    mail_of,
    move_point,
    open_replay,
    print_written,
    read_stdin,
    recipients_option,
    refuse_strangers,
    replace,
    since_of,
    trust_problems,
    view_of,
    write_mail,
)


@click.command("message", cls=GameTextCommand, epilog=EPILOG)
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
    " block), so that the message alone carries the game; forex read takes it back. A log"
    " that fails its checks (a move changed after it was signed, a bad signature) is"
    " refused, as --eml refuses it.",
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
    next), then what happened since move N, the game as it
    stands{games:message shows} and who decides next: to mail to the next player
    or post in the game's forum thread, in plain text, markdown or BBCode.
    By default it tells everything the next decider has not seen: every move
    since their own last decision (a turn of several entries whole).
    forex play --message prints the same right after a move. FILE may be -
    for standard input.
    """
    if since is not None and since_player is not None:
        raise click.UsageError("give --since or --since-player, not both")
    if eml_path is not None and at is not None:
        raise click.UsageError("--eml mails the game as it stands: leave out --at")
    carried = "--eml mails" if eml_path is not None else "--with-log posts" if with_log else ""
    _log, played = open_replay(file, warn=not carried)
    if carried:
        _refuse_untrusted(played, file, carried)
    hint = f"the game as it stands: forex show {file_word(file)}"
    tell = view_of(played.log, played.log.game.message, "forex message", hint)
    legal = played.moves
    point_at = move_point(legal, at, file)
    point = since_of(played, point_at, since, since_player, file, total=legal)
    if eml_path is not None:
        if played.problem is not None:
            raise ProblemExit([played.problem])
        mail = view_of(played.log, mail_of, "forex message --eml", hint)
        write_mail(eml_path, mail(played, point, file, with_log=with_log, to=recipients))
        return
    message = tell(played, point, fmt, at=point_at)
    if with_log:
        from ..record.mail import log_filename
        from ..record.mail import with_log as embedded

        try:
            body = embedded(message.body, played.log.text, fmt, log_filename(file))
        except ValueError as error:
            raise click.UsageError(f"--with-log: {error}; attach the log instead") from None
        message = replace(message, body=body)
    from ..reporters.tables import pasted

    _echo(pasted(message.subject, message.body))
    if played.problem is not None and point_at == legal:
        raise ProblemExit([played.problem])


def _refuse_untrusted(played: Any, file: str, carried: str) -> None:
    """Exit (1, nothing written) when the log the mail or the post would carry (``carried``:
    ``--eml mails``, ``--with-log posts``) fails its checks: a move changed after it was
    signed, a bad signature, a recorded digest that no longer matches. Sent on, it would
    pass the forgery to the other players."""
    problems = trust_problems(played.log, played)
    if not problems:
        return
    refused = (
        f"nothing was written: forex message {carried} no log that fails its checks; see"
        f" every problem with forex validate {file_word(file)}, and send a copy that passes it"
    )
    first = replace(problems[0], hints=(*problems[0].hints, refused))
    raise ProblemExit([first, *problems[1:]])


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
@click.option(
    "--reply",
    is_flag=True,
    help="Then let the engine seats (the header's engines:) that decide next play, each"
    " decision checked and written at once, until a person decides: the host's engine seat"
    " in a game by mail, one command a mail filter runs. LOG's engines: is the host's: a"
    " mail whose copy names other engine seats or budgets leaves it as it is (a note on"
    " standard error says what the mail's said). A new move that opens with an offer an"
    " engine seat declines is not taken (nor the moves after it): LOG stands before it, the"
    " refusal is told on standard error, and the command exits 0. The engine seats are the"
    " host's engine's alone: a new move in an engine seat's name is not taken either (nor"
    " the moves after it; engine_seat_move on standard error) and the engine plays its own;"
    " the mail's offer: is not the engine's, LOG's open offer stands until its partner"
    " accepts it (its entry as offered), plays anything else or sends a new offer of the"
    " seat made after declining it (declined: the engine chooses again); in a signed"
    " game a copy without the seat's offer that awaits its person's countersignature,"
    " whose declined: that person signed (forex play FILE NAME decline --sign), declines"
    " the offer: it is taken out and the engine chooses again. Without --reply"
    " the mail's copy is taken as it is, its engines: included; when that drops or changes"
    " an engine seat of LOG, a note on standard error"
    " says how the host puts its seats back and reads the mail with --reply.",
)
@click.option(
    "--eml-dir",
    "eml_dir",
    metavar="DIR",
    type=click.Path(file_okay=False),
    help="With --reply: write the mail to the next person (as forex play --eml writes it: To:"
    " their contact, the log attached) into a new file DIR/LOGNAME-MOVES.eml when the engine"
    " played; at the end of the game, to every person; after an offer an engine seat"
    " declined, to the person who offered it, opening with the refusal in words; after a"
    " move in an engine seat's name that was not taken, opening with that.",
)
@click.option(
    "--key-for-seat",
    "seat_keys",
    metavar="SEAT=FILE",
    multiple=True,
    help="With --reply: sign SEAT's decisions with the OpenSSH key FILE (needed when the log"
    " holds SEAT's key or requires signatures; a key the log lacks is added, trust on first"
    " use; FOREX_PASSPHRASE for a key with a passphrase), and countersign the offers"
    " made to SEAT that the engine accepts (one LOG already held that it declines is"
    " taken out and mailed back, as one that arrives). Repeatable.",
)
@click.option(
    "--seed", type=int, default=0, show_default=True, help="With --reply: the search's seed."
)
def read_command(
    mail: str,
    into: str,
    dry_run: bool,
    reply: bool,
    eml_dir: str | None,
    seat_keys: tuple[str, ...],
    seed: int,
) -> None:
    """Take the log out of a MAIL and save it into LOG, after checking it.

    MAIL is an .eml file, an mbox, a Maildir folder, a log file itself (a
    saved attachment) or - (standard input). The log is found as an
    attachment or in the text (also quoted with > , in a BBCode [code] block
    or a markdown fence; else in the text its HTML shows). It must be a copy of
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

    With --reply the engine seats that decide next then play (the host of a
    game by mail seats the engine), and with --eml-dir their decisions go to
    the next person as a mail file, for a mail filter. An offer an engine
    seat declines is mailed back to its player with the log as it stood
    before it; the command exits 0 then (a mail filter's delivery succeeds),
    the refusal on standard error:

    \b
      forex read - --into game.yaml --reply --eml-dir outbox/
          --key-for-seat computer=computer.key
    """
    from ..record.mail import read_mail, save_arrival
    from ..record.problems import LogError

    signers = _reply_options(reply, dry_run, eml_dir, seat_keys)
    data = None
    try:
        if mail == "-":
            from ..record.files import MAX_LOG_BYTES

            data = read_stdin(4 * MAX_LOG_BYTES)
        arrived = read_mail(mail, into, data=data, dry_run=True, keep_engines=reply)
    except LogError as error:
        raise ProblemExit(error.problems, exit_code=None) from None
    declined = foreign = None
    if reply and arrived.saves:
        arrived, foreign = _without_foreign(arrived, into)
        arrived, declined = _without_declined(arrived, into)
    if reply and arrived.kind == "older":
        arrived = _with_signed_decline(arrived, into)
    if arrived.saves:
        from ..record.signing import unagreed_past

        refused = unagreed_past(arrived.replay, f"nothing was changed: {clean(into)} is as it was")
        if refused:
            raise ProblemExit(refused)
    if arrived.engines_kept:
        _echo(_engines_note(into, arrived.engines_kept), err=True)
    if arrived.engines_taken:
        _echo(_engines_taken_note(mail, into, arrived, dry_run), err=True)
    if reply:
        refuse_strangers(arrived.replay.log, signers, into)
        _refuse_missing_keys(arrived.replay.log, signers, into)
    from .. import streams
    from ..reporters.tables import fitted_commands

    lines = list(arrived.lines)
    if arrived.saves:
        verb = "would save" if dry_run else "saved"
        lines.append(f"{verb} {clean(into)} (from {clean(arrived.found.where)})")
    width = streams.width()
    lines[1:] = [fitted_commands(line, width) for line in lines[1:]]  # the first names the file
    if dry_run or not arrived.saves:
        _echo("\n".join(lines))
    else:
        out = encoded_output([("\n".join(lines), False)])
        try:
            save_arrival(arrived, into)
        except LogError as error:
            raise ProblemExit(error.problems, exit_code=None) from None
        print_written(out, f"the log from {clean(arrived.found.where)}", into)
    if reply:
        if foreign is not None:
            _tell_foreign(foreign, into)
        if declined is None:
            declined = _held_declined(into)
        _host_replies(into, signers, seed, eml_dir, declined, foreign)


def _with_signed_decline(arrived: Any, into: str) -> Any:
    """``hosting.signed_decline``: the arrival telling the person's signed decline it took
    (as it is when the mail is none), its refusal an exit."""
    from msgspec.structs import replace

    from ..hosting import signed_decline
    from ..record.problems import LogError

    try:
        said = signed_decline(arrived, into)
    except LogError as error:
        raise ProblemExit(error.problems) from None
    return arrived if said is None else replace(arrived, lines=[said])


def _held_declined(into: str) -> Any:
    """``hosting.take_out_held_declined``, its refusal an exit."""
    from ..hosting import take_out_held_declined
    from ..record.problems import LogError

    try:
        return take_out_held_declined(into)
    except LogError as error:
        raise ProblemExit(error.problems) from None


def _without_foreign(arrived: Any, into: str) -> tuple[Any, Any]:
    """``hosting.without_foreign``, its refusal an exit."""
    from ..hosting import without_foreign
    from ..record.problems import LogError

    try:
        return without_foreign(arrived, into)
    except LogError as error:
        raise ProblemExit(error.problems) from None


def _tell_foreign(foreign: Any, into: str) -> None:
    """The host's notice of a move in its engine seat's name that its engine did not make,
    on standard error (the command goes on: the engine plays its own move)."""
    from ..hosting import foreign_notice
    from ..reporters.problems import problem_text
    from .common import stderr_style

    terminal = streams.is_terminal(sys.stderr)
    _echo(problem_text(foreign_notice(foreign, into), stderr_style(), terminal=terminal), err=True)


def _without_declined(arrived: Any, into: str) -> tuple[Any, Any]:
    """``read --reply``: the arrival without a new move that opens with an offer the host's
    engine seat declines (and the moves after it), and that ``hosting.Declined`` (None: no
    such move; the arrival as it is)."""
    from ..hosting import declined_entry
    from ..record.mail import cut_arrival
    from ..record.problems import LogError

    declined = declined_entry(arrived.replay, arrived.since)
    if declined is None:
        return arrived, None
    try:
        return cut_arrival(arrived, declined.number - 1, into), declined
    except LogError as error:
        raise ProblemExit(error.problems) from None


def _engines_note(into: str, theirs: str) -> str:
    """The note on standard error when the host's ``engines:`` was kept against a mail's."""
    from .. import streams
    from ..reporters.tables import fitted

    return fitted(
        clean(
            f"note: the mail's copy of the game says {theirs}; {into} keeps its own engine"
            " seats (the host seats the engine: forex seat)"
        ),
        streams.width(),
    )


def _mail_word(mail: str) -> str:
    """The ``mail`` as a command a hint prints takes it (``MAIL`` for standard input)."""
    from ..record.problems import command_path

    return "MAIL" if mail == "-" else command_path(mail)


def _engines_taken_note(mail: str, into: str, arrived: Any, dry_run: bool) -> str:
    """The note on standard error when a plain ``read`` takes a mail's other engine seats
    over the reader's: what changed, and how the host of those seats undoes it."""
    from .. import streams
    from ..record.problems import command_path
    from ..reporters.tables import fitted_commands

    verb = "would take" if dry_run else "took"
    named = command_path(into)
    seats = "; ".join(f"forex seat {named} {seat}" for seat in arrived.engines_given_back)
    return fitted_commands(
        clean(
            f"note: {into} seated {arrived.engines_taken}, and this read {verb} the mail's. If you"
            " host those seats, a read without --reply also takes moves in their names that your"
            f" engine did not make: take it back (forex undo {named} --to {arrived.since} --force;"
            f" {seats}) and read the mail with --reply"
            f" (forex read {_mail_word(mail)} --into {named} --reply),"
            " which keeps your engine seats"
        ),
        streams.width(),
    )


def _reply_options(
    reply: bool, dry_run: bool, eml_dir: str | None, seat_keys: tuple[str, ...]
) -> dict[str, Any]:
    """The signers of ``--key-for-seat`` (seat -> ``signing.Signer``); a usage error when the
    options of ``--reply`` do not go together."""
    from .common import seat_signers

    if not reply and (eml_dir is not None or seat_keys):
        raise click.UsageError("--eml-dir and --key-for-seat go with --reply")
    if reply and dry_run:
        raise click.UsageError("--reply plays and writes: leave out --dry-run")
    return seat_signers(seat_keys)


def _refuse_missing_keys(log: Any, signers: dict[str, Any], into: str) -> None:
    """Exit (``no_key``, nothing saved) when an engine seat whose moves are signed has no
    ``--key-for-seat``."""
    from ..hosting import missing_keys, no_key

    missing = missing_keys(log, signers)
    if missing:
        raise ProblemExit(no_key(into, missing[0]).problems)


def _host_replies(
    into: str,
    signers: dict[str, Any],
    seed: int,
    eml_dir: str | None,
    declined: Any = None,
    foreign: Any = None,
) -> None:
    """``read --reply``: the engine seats' decisions (``hosting.host_replies``), one line
    each with what it did under it as ``forex play`` tells it (``replies.reply_sentences``),
    then the mail to the next person into ``eml_dir``; after an offer the engine
    ``declined`` (``hosting.Declined``, taken out of the log), the refusal on standard error
    and the mail with it to the person who offered."""
    from ..hosting import countersign_deals, decline_offer, host_replies
    from ..record import edit
    from ..record.problems import LogError

    try:
        _, log, _ = edit.load_valid(into)
        refuse_strangers(log, signers, into)
        agreed = countersign_deals(into, signers)
        if agreed.declined is not None:
            if agreed.lines:
                _echo("\n".join(clean(line) for line in agreed.lines))
            raise ProblemExit([agreed.declined])
        answered = []
        if foreign is not None and foreign.answers_offer:
            again = decline_offer(into, seed=seed)
            answered = [again] if again is not None else []
        done = host_replies(into, signers, seed=seed)
    except LogError as error:
        raise ProblemExit(error.problems) from None
    _, log, played = edit.load_valid(into)
    from .. import streams
    from ..reporters.tables import fitted_commands
    from .replies import reply_lines

    width = streams.width()
    lines = [fitted_commands(clean(line), width) for line in agreed.lines]
    made = [*answered, *done.replies]
    lines += reply_lines(made, into, played)  # the declined first choices too, wrapped
    head = "Next" if made else "No engine decision, next"
    lines.append(fitted_commands(clean(f"{head}: {_next_line(log, played)}"), width))
    _echo("\n".join(lines))
    if declined is not None:
        _tell_declined(declined, log.game, into)
    if eml_dir is not None and (made or agreed.lines or declined or foreign):
        _mail_next(into, eml_dir, declined, foreign)


def _next_line(log: Any, played: Any) -> str:
    """Who decides next (``status.pending_line``), who answers the open offer, or who
    countersigns the deal no move may follow (``replies.awaited_deal``)."""
    from ..record.seats import offer_awaited
    from ..record.status import pending_line
    from ..replies import awaited_deal

    return (
        offer_awaited(log, len(log.entries))
        or awaited_deal(played)
        or pending_line(log.game, played.final)
    )


def _tell_declined(declined: Any, game: Any, into: str) -> None:
    """The host's notice of an offer its engine seat declined, on standard error (the
    command goes on and exits 0: a decline is an outcome of reading a mail, not a failure)."""
    from ..hosting import declined_notice
    from ..reporters.problems import problem_text
    from .common import stderr_style

    notice = declined_notice(declined, game, into)
    terminal = streams.is_terminal(sys.stderr)
    _echo(problem_text(notice, stderr_style(), terminal=terminal), err=True)


def _mail_next(into: str, eml_dir: str, declined: Any = None, foreign: Any = None) -> None:
    """Write the mail to whoever decides next in ``into`` (every person when the game is
    over) into a new file of ``eml_dir``; after an offer the engine ``declined``, it opens
    with the refusal (``hosting.refusal_text``) and goes to the person who offered it; after
    a move in an engine seat's name that was not taken (``foreign``), it opens with that
    (``hosting.foreign_text``): the others at the table are copied, the sender among them."""
    import os

    from ..record import edit
    from .common import to_the_people

    _, _log, played = edit.load_valid(into)
    if declined is None:
        mail = to_the_people(mail_of(played, None, into), played)
        if foreign is not None:
            from ..hosting import foreign_text
            from ..record.mail import with_preface
            from ..words import possessive

            mail = with_preface(
                mail,
                (
                    f"{possessive(foreign.player)} offer declined"
                    if foreign.answers_offer
                    else f"move {foreign.number} of {foreign.player} in the mail not taken"
                ),
                foreign_text(foreign),
                foreign_text(foreign, "markdown"),
            )
    else:
        from ..hosting import refusal_text
        from ..record.mail import with_preface

        game = played.log.game
        mail = with_preface(
            mail_of(played, None, into, sender=declined.partner),
            f"{declined.partner} declines {game.agreement_words().offer} of move {declined.number}",
            refusal_text(declined, game),
            refusal_text(declined, game, "markdown"),
        )
    os.makedirs(eml_dir, exist_ok=True)
    stem = os.path.splitext(os.path.basename(into))[0]
    path = os.path.join(eml_dir, f"{stem}-{played.moves}.eml")
    number = 2
    while os.path.lexists(path):
        path = os.path.join(eml_dir, f"{stem}-{played.moves}-{number}.eml")
        number += 1
    write_mail(path, mail)
