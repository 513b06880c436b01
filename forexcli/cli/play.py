"""``forex play``: check one decision and append it to the log."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

import click

from .. import streams
from ..reporters import clean
from ..reporters.tables import fitted, fitted_commands, pasted
from ..words import possessive, says
from . import EPILOG, MESSAGE_FORMATS, GameTextCommand, GameTextOption
from . import echo as _echo
from . import json_text as _json_text
from .common import (
    EDITED_FILE,
    FILE_OR_DASH,
    ProblemExit,
    commit_change,
    encoded_output,
    file_word,
    format_option,
    key_option,
    mail_of,
    print_written,
    recipients_option,
    signer_for,
    stdout_style,
    view_of,
    write_mail,
)

if TYPE_CHECKING:
    from ..record.gamelog import Replay


@click.command("play", cls=GameTextCommand, epilog=EPILOG)
@click.argument("file", type=EDITED_FILE)
@click.argument("player")
@click.argument("decision", nargs=-1, required=False)
@click.option(
    "--engine",
    is_flag=True,
    cls=GameTextOption,
    help="Let the engine decide for PLAYER (no DECISION); see forex hint for the budget"
    " options.{games:play --engine}",
)
@click.option(
    "--seconds",
    type=float,
    metavar="S",
    help="With --engine (and the interactive game's hints): search for S seconds [1, when"
    " --simulations is not given; an engine seat's own budget when neither is].",
)
@click.option(
    "--simulations",
    type=int,
    metavar="N",
    help="With --engine (and the interactive game's hints): search N simulations"
    " (deterministic: the same move on any machine).",
)
@click.option(
    "--seed", type=int, default=0, show_default=True, help="With --engine: the search's seed."
)
@click.option(
    "--note",
    metavar="TEXT",
    help="A note (comment) to record with the move (an empty TEXT records none).",
)
@click.option("--dry-run", is_flag=True, help="Check the move and show its result; write nothing.")
@click.option(
    "--after",
    type=click.IntRange(min=0),
    metavar="N",
    help="Refuse unless the log has exactly N moves (guards against answering an old position).",
)
@click.option(
    "--digest/--no-digest",
    default=True,
    show_default=True,
    help="Record the digest of the state after the move, to catch edits by hand.",
)
@click.option(
    "--message",
    "message_fmt",
    type=click.Choice(list(MESSAGE_FORMATS)),
    is_flag=False,
    flag_value="text",
    default=None,
    metavar="[text|markdown|bbcode]",
    help="Print a ready-to-send message (subject, what the move did, the board, who is next)"
    " instead of the report, in text [the default], markdown or bbcode; the report's first"
    " line goes to stderr.",
)
@click.option(
    "--sign",
    "sign_move",
    is_flag=True,
    help="Sign the move with PLAYER's Ed25519 key (--key FILE, FOREX_KEY or ~/.ssh/id_ed25519;"
    " a passphrase is asked for without echo, or taken from FOREX_PASSPHRASE). A key the log"
    " does not hold yet is added to its keys: (trust on first use).",
)
@key_option
@click.option(
    "--key-for-seat",
    "seat_keys",
    metavar="SEAT=FILE",
    multiple=True,
    help="With --sign (or with decline): the engine seat SEAT (forex seat) replies at once,"
    " each of its moves"
    " signed with the OpenSSH private key FILE (a key the log lacks is added, trust on first"
    " use; FOREX_PASSPHRASE for a key with a passphrase), and it countersigns the offer"
    " PLAYER's move makes it; one command a turn in a signed game against the computer."
    " Repeatable, one for each engine seat.",
)
@click.option(
    "--eml",
    "eml_path",
    metavar="OUT.eml",
    type=FILE_OR_DASH,
    help="Also write the mail to send (RFC 5322) into OUT.eml: To: the next decider's contact,"
    " Cc: the other players' (see --to), the message as text and markdown, the log and the"
    " board (PNG) attached. Never replaces a file.",
)
@recipients_option
@click.option(
    "--ignore-digests",
    is_flag=True,
    help="Add the move even though the log's recorded digests no longer match (it was"
    " edited after they were written) [refuse: digest_mismatch].",
)
@click.option(
    "--no-reply",
    "no_reply",
    is_flag=True,
    help="Leave the engine seats (the header's engines:) that decide next to a later command"
    " [they play at once, until a person decides].",
)
@format_option()
def play_command(
    file: str,
    player: str,
    decision: tuple[str, ...],
    engine: bool,
    seconds: float | None,
    simulations: int | None,
    seed: int,
    note: str | None,
    dry_run: bool,
    after: int | None,
    digest: bool,
    message_fmt: str | None,
    sign_move: bool,
    key_file: str | None,
    seat_keys: tuple[str, ...],
    eml_path: str | None,
    recipients: str,
    ignore_digests: bool,
    no_reply: bool,
    fmt: str,
) -> None:
    """Check one DECISION of PLAYER and append it to FILE.

    The words of DECISION are joined with spaces, so both work:

    {games:play}

    Prints what changed{games:play changed} and who decides next. With
    --message, prints instead a message to mail or post (its format may
    follow: --message bbcode); put --message after the decision, or give its
    format, so that it does not take a word of it.

    With --engine (and no DECISION) the engine decides for PLAYER, and its
    decision is checked and appended like any other: a game against the
    computer, or a vacant seat filled.

    Against engine seats (forex new --engine, forex seat), every engine seat
    that decides after the move plays at once, until a person decides
    (--no-reply leaves them), and the report is a line a decision, what it did
    in the game's words, and the board. With --format json the replies are the
    report's "replies"; the --message and --eml are made after them, to the
    next person (an engine seat with a mail address is its host's: --eml mails
    the move there, and the host's forex read --reply plays it).{games:play replies}

    Without DECISION, on a terminal, forex play FILE NAME is an interactive
    game as NAME: the board, whose turn, and a prompt that completes the
    legal decisions (Tab); ? or hint asks the engine (at --seconds or
    --simulations), moves, show (these three with their options: moves
    --all, show --at 3, hint --top 5), undo (your last decision and the
    engine's replies to it), quit. Each decision is written the moment it is made, so
    Ctrl-C loses nothing: run it again to go on; with --sign (--key FILE) each
    is signed, as a signed game needs (against engine seats with
    --key-for-seat SEAT=FILE too, below). Without a terminal it says what to
    type instead (exit status 2).

    In a signed game (forex new --require-signatures, or keys) against engine
    seats, --key-for-seat SEAT=FILE (with --sign) gives each seat its key: after
    your signed move the seats reply at once, their moves signed, and an offer
    your move makes a seat is countersigned by it. An offer a seat makes you is
    its signed move, and accept --sign countersigns it (the agreement); the
    seats then play on. decline takes that move out (the header's declined:
    keeps it from coming back) and the seat chooses again (decline signs
    nothing: --key-for-seat alone lets the seat choose at once). In the interactive
    game too (accept or decline at its prompt):

    \b
      forex play game.yaml ann DECISION --sign --key ann.key
          --key-for-seat computer=computer.key
      forex play game.yaml ann accept --sign --key ann.key
          --key-for-seat computer=computer.key
    """
    from . import replies

    if note is not None and not note.strip():  # an empty note is no note
        note = None
    declining = not engine and replies.answer_of(decision) is False
    signers = _seat_signers(file, seat_keys, sign_move=sign_move or declining, dry_run=dry_run,
                            no_reply=no_reply)  # fmt: skip
    if not decision and not engine:
        signing = (["--sign"] + (["--key", key_file] if key_file else [])) if sign_move else []
        signing += [f"--key-for-seat={spec}" for spec in seat_keys]
        if key_file is not None and not sign_move:
            raise click.UsageError("--key goes with --sign (the key to sign the moves with)")
        _interactive(
            file, player, seed=seed, seconds=seconds, simulations=simulations, signing=signing,
            signers=signers,
        )  # fmt: skip
        return
    plain = not (sign_move or dry_run or eml_path or message_fmt) and fmt == "text"
    answer = replies.answer_of(decision)
    if answer is not None and not engine:
        if dry_run or message_fmt or (fmt != "text" and (eml_path or fmt == "markdown")):
            raise click.UsageError(
                "accept and decline answer an open offer: leave out --dry-run, --message and"
                " --format markdown (and --format json with --eml)"
            )
        check_outputs(sign_move=sign_move, key_file=key_file, eml_path=eml_path, dry_run=False)
        replies.answer_command(
            file, player, answer, seed=seed, seconds=seconds, simulations=simulations,
            reply=not no_reply, signer=signer_for(player, key_file) if sign_move else None,
            fmt=fmt, eml_path=eml_path, signers=signers,
        )  # fmt: skip
        return
    replies.refuse_open_offer(file)
    if engine and not decision and plain and replies.replies_expected(file):
        replies.engine_command(
            file, player, seed=seed, seconds=seconds, simulations=simulations, reply=not no_reply
        )
        return
    text = decision_text(
        file,
        player,
        decision,
        engine=engine,
        seconds=seconds,
        simulations=simulations,
        seed=seed,
        fmt=fmt,
        message_fmt=message_fmt,
    )
    check_outputs(sign_move=sign_move, key_file=key_file, eml_path=eml_path, dry_run=dry_run)
    if engine and plain and replies.offered_instead(file, player, text, seconds, simulations):
        return
    if (
        engine
        and not (sign_move or dry_run)
        and replies.offered_instead(
            file, player, text, seconds, simulations, fmt=fmt, unsent=_unsent(message_fmt, eml_path)
        )
    ):
        return
    signer = signer_for(player, key_file) if sign_move else None
    change = checked_move(
        file,
        player,
        text,
        note=note,
        after=after,
        digest=digest,
        signer=signer,
        ignore_digests=ignore_digests,
        dry_run=dry_run,
    )
    replies.refuse_declined(change.replay, file)
    if plain and not engine and replies.replies_expected(file):
        out = [(replies.compact_move_report(change.replay, file), False)]
        record_move(change, file, out, None)
        replies.print_replies(
            file, seed=seed, seconds=seconds, simulations=simulations, play=not no_reply,
            mover=player,
        )  # fmt: skip
        return
    replying = not (dry_run or no_reply) and replies.replies_expected(file)
    if replying and eml_path is not None and replies.hosted_next(change.replay):
        replying = False  # the mail goes to the host that plays the engine seat
    out = play_output(
        change.replay,
        file,
        fmt=fmt,
        message_fmt=message_fmt,
        written=not dry_run,
        engine=engine,
        mailed=eml_path is not None or replying,
        replying=replying,
        agreeing=tuple(signers) if replying else (),
    )
    if replying and (fmt != "text" or message_fmt or eml_path):
        if fmt == "text" and message_fmt is None:  # the compact report, as without options
            out = [(replies.compact_move_report(change.replay, file), False)]
        replies.replied_move(
            change, file, out, fmt=fmt, message_fmt=message_fmt, eml_path=eml_path,
            recipients=recipients, mover=player, seed=seed, seconds=seconds,
            simulations=simulations, signers=signers,
        )  # fmt: skip
        return
    if dry_run:
        for item, err in out:
            _echo(item, err=err)
        return
    record_move(change, file, out, eml_path, recipients)
    if sign_move and fmt == "text" and not (eml_path or message_fmt or no_reply):
        replies.print_replies(
            file, seed=seed, seconds=seconds, simulations=simulations, mover=player,
            signers=signers, told_next=True,
        )  # fmt: skip


def _seat_signers(
    file: str, seat_keys: tuple[str, ...], *, sign_move: bool, dry_run: bool, no_reply: bool
) -> dict[str, Any]:
    """The signers of ``--key-for-seat`` (``common.seat_signers``), checked against the log
    before anything is written: a usage error without ``--sign`` (``sign_move``: a decline,
    which the person does not sign, needs none), with ``--dry-run`` or
    ``--no-reply``, or for a seat that is no engine seat; ``wrong_key`` for a key that is not
    the one the header holds for its seat; ``no_key`` for an engine seat whose moves are
    signed and that was given no key. A log that cannot be read is left to the move's
    own check."""
    if not seat_keys:
        return {}
    if not sign_move:
        raise click.UsageError(
            "--key-for-seat signs the engine seats' replies to your signed move: add --sign"
            " (--key FILE)"
        )
    if dry_run or no_reply:
        raise click.UsageError(
            "--key-for-seat signs the engine seats' replies: leave out"
            f" {'--dry-run' if dry_run else '--no-reply'}"
        )
    from ..hosting import missing_keys, no_key
    from ..record import edit
    from ..record.problems import LogError
    from .common import refuse_strangers, refuse_wrong_seat_keys, seat_signers

    signers = seat_signers(seat_keys)
    try:
        _, log, _ = edit.load_valid(file)
    except LogError:
        return signers
    refuse_strangers(log, signers, file)
    refuse_wrong_seat_keys(log, signers)
    missing = missing_keys(log, signers)
    if missing:
        raise ProblemExit(no_key(file, missing[0]).problems)
    return signers


def _unsent(message_fmt: str | None, eml_path: str | None) -> str | None:
    """What ``--message``/``--eml`` asked for, in words (None: neither)."""
    if eml_path is not None:
        return f"mail to {eml_path}"
    return "message" if message_fmt is not None else None


def _interactive(
    file: str,
    player: str,
    *,
    seed: int,
    seconds: float | None,
    simulations: int | None,
    signing: list[str],
    signers: dict[str, Any],
) -> None:
    """``forex play FILE NAME`` without a decision: the interactive game on a terminal
    (``cli.interactive``), else a usage error saying what to type instead."""
    from . import interactive

    if not interactive.on_terminal():
        raise interactive.not_on_terminal(file, player)
    if seconds is not None or simulations is not None:
        from .engine import search_budget

        search_budget(seconds, simulations)  # a zero or absurd budget is a usage error
    raise SystemExit(
        interactive.interactive_game(
            file,
            player,
            seed=seed,
            seconds=seconds,
            simulations=simulations,
            signing=signing,
            signers=signers,
        )
    )


def decision_text(
    file: str,
    player: str,
    words: tuple[str, ...],
    *,
    engine: bool,
    seconds: float | None,
    simulations: int | None,
    seed: int,
    fmt: str,
    message_fmt: str | None,
) -> str:
    """The decision to play: ``words`` joined with spaces, or the engine's for ``player``
    with ``engine`` (a usage error when the options do not go together)."""
    if message_fmt is not None and fmt == "markdown":
        raise click.UsageError(
            "--format markdown shapes the report, which --message replaces: use --message markdown"
        )
    text = " ".join(word.strip() for word in words if word.strip())
    if engine and text:
        raise click.UsageError("give a DECISION or --engine, not both")
    if not engine and not text:
        raise click.UsageError("give the DECISION to play (or --engine to let the engine decide)")
    if not engine and (seconds is not None or simulations is not None):
        raise click.UsageError("--seconds and --simulations go with --engine")
    if engine:
        from .engine import command_budget, engine_decision

        text = engine_decision(file, player, command_budget(seconds, simulations), seed)
    return text


def check_outputs(
    *, sign_move: bool, key_file: str | None, eml_path: str | None, dry_run: bool
) -> None:
    """A usage error when ``--key``, ``--eml`` and ``--dry-run`` do not go together, or the
    mail's file is standard output or exists."""
    if key_file is not None and not sign_move:
        raise click.UsageError("--key goes with --sign (the key to sign the move with)")
    if eml_path is not None and dry_run:
        raise click.UsageError("--eml writes the mail of a move made: leave out --dry-run")
    if eml_path == "-":
        raise click.BadParameter(
            "name a file for the mail (standard output carries the report)", param_hint="'--eml'"
        )
    if eml_path is not None and os.path.lexists(eml_path):
        raise click.BadParameter(
            f"{clean(eml_path)} already exists; name a new file", param_hint="'--eml'"
        )


def checked_move(
    file: str,
    player: str,
    text: str,
    *,
    note: str | None,
    after: int | None,
    digest: bool,
    signer: Any,
    ignore_digests: bool,
    dry_run: bool = False,
) -> Any:
    """The change that appends ``text`` by ``player`` to ``file``, checked and not yet
    written (its ``replay`` holds the move); a :class:`ProblemExit` when the move or the
    log is wrong (an unsigned move in the name of a player with a key too, but for a
    ``dry_run``, which writes nothing)."""
    from ..record import edit
    from ..record.problems import LogError

    try:
        change = edit.append(
            file,
            player,
            text,
            note=note,
            after=after,
            dry_run=True,
            digest=digest,
            signer=signer,
            ignore_digests=ignore_digests,
        )
    except LogError as error:
        raise ProblemExit(engine_turn_hints(error.problems, file)) from None
    _refuse_unagreed(change.replay, signed=signer is not None, dry_run=dry_run)
    return change


def engine_turn_hints(problems: Any, file: str) -> list[Any]:
    """``problems`` with, on a ``not_your_turn``, the hint that lets the engine seat that
    decides now play (``forex play FILE NAME --engine``: after ``--no-reply`` or an undo,
    an engine seat waits for it)."""
    from ..record import edit
    from ..record.problems import LogError
    from .common import awaited_answers, engine_turn_words, replace

    if not any(problem.code == "not_your_turn" for problem in problems):
        return list(problems)
    try:
        _, log, played = edit.load_valid(file)
    except LogError:
        return list(problems)
    first = engine_turn_words(log, played, file) or awaited_answers(played, file)
    if not first:
        return list(problems)
    return [
        replace(problem, hints=(*first, *problem.hints))
        if problem.code == "not_your_turn"
        else problem
        for problem in problems
    ]


def _show_hint(file: str) -> str:
    """What to run for a game that tells no message: ``forex show`` on the log ``file``."""
    return f"the game as it stands: forex show {file_word(file)}"


def play_output(
    played: Replay,
    file: str,
    *,
    fmt: str,
    message_fmt: str | None,
    written: bool,
    engine: bool,
    mailed: bool = False,
    agreeing: tuple[str, ...] = (),
    replying: bool = False,
) -> list[tuple[str, bool]]:
    """What ``play`` prints about the last move of ``played``, as (text, to stderr) items:
    the report in ``fmt``, or the message in ``message_fmt``, then the notices (whom to
    send the log to, unless it is ``mailed``; what a deal awaits, unless its partner is
    among the engine seats ``agreeing``, which countersign it at once: ``--key-for-seat``,
    or the engine seats' replies follow and say it: ``replying``)."""
    from ..record.seats import contact_of
    from ..reporters import record

    game = played.log.game
    entry = played.log.entries[-1]
    message = None
    if message_fmt is not None:
        tell = view_of(played.log, game.message, "forex play --message", _show_hint(file))
        message = tell(played, None, message_fmt)
    out: list[tuple[str, bool]] = []  # (text, to stderr)
    deciders = game.pending(played.final).deciders
    after_player = deciders[0] if deciders else None
    address = contact_of(played.log, after_player)
    send = None
    if address and written and after_player != entry.player and not mailed:
        send = fitted(
            f"Send {clean(file)} to {clean(after_player or '')}: {clean(address)}", streams.width()
        )
    awaits = _awaits_notice(played, file, engine, agreeing, replying=replying)
    if fmt == "json":
        data = game.play_data(played, file, written=written)
        if data is None:
            data = record.play_data(played, file, written=written)
        # every game's document names its game, after its format and version
        data = {"format": data["format"], "version": data["version"], "game": game.name, **data}
        if message is not None:
            data["message"] = {
                "format": message.fmt,
                "subject": message.subject,
                "body": message.body,
            }
        out.append((_json_text(data), False))
    elif message is not None:
        done = f"added to {file}" if written else f"dry run: {file} is unchanged"
        said = clean(f"move {entry.number}: {entry.player}: {entry.text} ({done})")
        out.append((fitted(said, streams.width()), True))
        if send:
            out.append((send, True))
        out.append((pasted(message.subject, message.body), False))
    else:
        report = game.play_text(
            played,
            file,
            written=written,
            markdown=fmt == "markdown",
            style=stdout_style(),
            width=streams.width(),
        )
        if report is None:
            report = fitted_commands(
                record.play_text(played, file, written=written), streams.width()
            )
        out.append((report, False))
        if send and fmt == "text":
            out.append((send, False))
    if awaits is not None:
        out.append((awaits, fmt != "text" or message is not None))
    return out


def record_move(
    change: Any,
    file: str,
    out: list[tuple[str, bool]],
    eml_path: str | None,
    recipients: str = "all",
) -> None:
    """Write the checked move of ``change`` into ``file`` (and with ``eml_path`` its mail
    first), then print ``out``; a failure leaves no file changed or made."""
    played = change.replay
    entry = played.log.entries[-1]
    number = len(played.states)
    mail = None
    if eml_path is not None:
        mail = _eml_of(played, file, eml_path, out, recipients)
    out = encoded_output(out)
    if eml_path is None or mail is None:
        commit_change(change)
    else:
        # The mail is made from the checked move and written first; the move is then
        # written, and if that fails the mail is removed: a failing command leaves no file.
        write_mail(eml_path, mail, quiet=True)
        try:
            commit_change(change)
        except BaseException:
            os.unlink(eml_path)
            raise
    print_written(out, f"move {number} ({clean(entry.player)}: {clean(entry.text)})", file)


def _eml_of(
    played: Replay, file: str, eml_path: str, out: list[tuple[str, bool]], recipients: str
) -> Any:
    """The mail of ``play --eml`` (None when the player who moved is next: no mail to
    oneself), with what to do with it put first in ``out`` (on stderr)."""
    entry = played.log.entries[-1]
    deciders = played.log.game.pending(played.final).deciders
    if deciders and deciders[0] == entry.player:
        said = (
            f"no mail written to {eml_path}: {says(entry.player, 'decides')} next too (no mail to"
            f" yourself); play on, then --eml"
        )
        out.insert(0, (clean(said), True))
        return None
    mail = view_of(played.log, mail_of, "forex play --eml", _show_hint(file))(
        played, None, file, to=recipients
    )
    to, cc = mail["To"], mail["Cc"]
    send = f"send it to {to}" if to else "send it (no To: the next player has no address)"
    if cc:
        send += f", a copy to {cc}"
    out.insert(0, (clean(f"wrote the mail to {eml_path}: {send}"), True))
    return mail


def _awaits_notice(
    played: Replay,
    file: str,
    engine: bool,
    agreeing: tuple[str, ...] = (),
    *,
    replying: bool = False,
) -> str | None:
    """What the move's deal (``Game.agreement_words``: the game's word) waits for: in a
    signed game, the partner's signature (``forex sign``), unless the partner is an engine
    seat of ``agreeing`` (it countersigns at once), or the move is an engine seat's offer to
    a person and the engine seats' replies follow (``replying``: their stop line gives the
    person's answer, ``accept --sign``); a deal the engine made in an unsigned game, the
    partner's word."""
    entry = played.log.entries[-1]
    partner = played.log.game.cosigner(entry.written, entry.player)
    if partner is None or partner in agreeing:
        return None
    from ..record.mail import log_filename
    from ..record.problems import command_path
    from ..record.seats import engine_offer_awaits, engine_seats, offer_answers
    from ..record.signing import sign_hint, signed_game

    log = played.log
    deal = log.game.agreement_words()[0]
    seats = engine_seats(log.header)
    if replying and entry.player in seats and partner not in seats and signed_game(log):
        return None  # the replies end with the line that gives the answer
    if signed_game(log) and engine_offer_awaits(log, entry.number, partner):
        # The person answers the engine seat's offer, here or (with a mail address) in
        # their copy, as the mail attaches it; the seats play on after it.
        from ..record.mail import address_of, contact_of

        copy = log_filename(file) if address_of(contact_of(log, partner)) else file
        accept, decline = offer_answers(log, partner, command_path(copy))
        said = f"The {deal} with {partner} awaits {possessive(partner)} signature; {accept}"
        width = streams.width()
        return fitted_commands(clean(said), width) + "\n" + fitted_commands(f"  {decline}", width)
    if signed_game(log):
        # The partner signs their own copy: the file as the mail attaches it, not the
        # sender's path; the command on a line of its own, to copy.
        hint = sign_hint(log, entry.number, partner, log_filename(file))
        agrees, command = hint.split(": ", 1)
        said = (
            f"The {deal} with {partner} awaits {possessive(partner)} signature; {agrees} in"
            " their copy:"
        )
        return fitted(clean(said), streams.width()) + "\n  " + clean(command)
    if engine:
        return fitted_commands(
            clean(
                f"The engine made a {deal} with {partner} that {says(partner, 'has')} not"
                f" agreed to: this log is unsigned, so nothing records {possessive(partner)}"
                f" agreement; ask {partner}, or take the move back"
                f" (forex undo {command_path(file)})"
            ),
            streams.width(),
        )
    return None


def _refuse_unagreed(played: Replay, *, signed: bool, dry_run: bool = False) -> None:
    """An unsigned move in the name of a player whose key the log holds (but in a
    ``dry_run``), and under ``signatures: required`` any unsigned move or one that follows a
    deal its cosigner has not countersigned, exits (``signing.required_refusals``)."""
    required = played.log.header.get("signatures") == "required"
    if not (played.log.header.get("keys") or required):
        return
    from ..record.signing import required_refusals

    problems = required_refusals(played, signed=signed or (dry_run and not required))
    if problems:
        raise ProblemExit(problems)
