"""``forex annotate`` and ``forex undo``: a move's note set, the last moves removed."""

from __future__ import annotations

import sys
from typing import Any

import click

from .. import streams
from ..reporters import clean
from ..reporters.tables import fitted_commands
from ..words import possessive, says
from . import EPILOG
from . import echo as _echo
from .common import (
    EDITED_FILE,
    FILE,
    MAIL_OR_DASH,
    ProblemExit,
    commit_reported,
    signer_for,
    stdin_problem,
    warn_of,
)


@click.command("annotate", epilog=EPILOG)
@click.argument("file", type=EDITED_FILE)
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

    An empty TEXT (or one of spaces only) removes the note, as --remove does.
    Comments and layout elsewhere in the file are kept as they are.
    """
    from ..record import edit
    from ..record.problems import LogError

    if remove and text:
        raise click.UsageError("give a TEXT or --remove, not both")
    if not remove and not text:
        raise click.UsageError("give the note's TEXT (or --remove to remove the note)")
    note: str | None = None
    if not remove:
        if text == ("-",) and sys.stdin is None:
            raise ProblemExit([stdin_problem("it is closed", "the note", "write it as TEXT")])
        if text == ("-",):  # a file saved on Windows: CR LF, and a byte-order mark first
            note = sys.stdin.read().removeprefix("\ufeff").replace("\r\n", "\n").rstrip("\n")
        else:
            note = " ".join(text)
        if not note.strip():  # an empty note is no note: remove it
            note = None
    try:
        change = edit.set_note(file, number, note, dry_run=True)
    except LogError as error:
        raise ProblemExit(error.problems) from None
    warn_of(change.replay)  # a note changes no digest, but an edited log is said to be one
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
    commit_reported(change, report, f"{what} of move {number}", file)


@click.command("undo", epilog=EPILOG)
@click.argument("file", type=EDITED_FILE)
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
@click.option(
    "--as",
    "name",
    metavar="NAME",
    help="Who undoes: a player may take back their own moves [the player whose key in the"
    " log is --key's].",
)
@click.option(
    "--key",
    "key_file",
    metavar="FILE",
    type=FILE,
    help="Who undoes is the player whose key in the log is this OpenSSH private key's [in a"
    " signed game, FOREX_KEY's when neither --as nor --key is given].",
)
@click.option(
    "--settle",
    metavar="MAIL",
    type=MAIL_OR_DASH,
    help="Settle a fork by taking the copy in MAIL (a mail or a log, as forex read and forex"
    " diff take them): remove the moves after move N, where that copy parts from yours,"
    " whoever made or signed them; then forex read MAIL takes its moves [--to: the move"
    " where they part].",
)
@click.option(
    "--force",
    is_flag=True,
    help="Remove the moves even if they are another player's or signed by another player.",
)
def undo_command(
    file: str,
    dry_run: bool,
    after: int | None,
    to: int | None,
    name: str | None,
    key_file: str | None,
    settle: str | None,
    force: bool,
) -> None:
    """Remove the last move of FILE (for the sender, before the mail goes out).

    With --to N, remove every move after move N. A move signed by another
    player than the one who undoes, and in a signed game (the header holds
    keys, or a move is signed) any move of another player, is removed only
    with --force, or with --settle MAIL when MAIL's copy of the game parts
    from FILE right after move N (a fork: the moves removed are the branch
    you give up, and MAIL's are read next). Who undoes is --as NAME, or the
    player whose key in the log is --key's (FOREX_KEY's when the game is
    signed and neither is given). What is said names whose move each removed
    move was and who signed it. A key that a removed move added to the
    header's keys: on first use (trust on first use) goes with it, and is
    named.

    A log holding an engine's open offer (the header's offer:) loses the
    offer first, and only it: run undo again to remove moves. When the last
    moves are the engine seats' replies to a person's move, that move goes with
    them (your decision and the engine's replies, as the interactive game's
    undo takes them; in a signed game, when --as or --key names that person).
    """
    from ..record import edit
    from ..record.gamelog import read_log
    from ..record.problems import LogError
    from ..record.status import status_line

    if to is not None and after is not None:
        raise click.UsageError("give --after or --to, not both")
    if settle is not None and after is not None:
        raise click.UsageError("--settle goes with --to (the move where the copies part)")
    if name is not None and key_file is not None:
        raise click.UsageError("give --as or --key, not both")
    if _took_offer_back(file, dry_run):
        return
    settled = replied = ""
    if settle is not None:
        to, settled = _settling(file, settle, to)
    elif to is None and after is None:
        to, replied = _with_replies(file, name, key_file)
    try:
        if to is None:
            change = edit.remove_last(file, dry_run=True, after=after)
        else:
            change = edit.remove_after(file, to, dry_run=True)
    except LogError as error:
        raise ProblemExit(error.problems) from None
    gone = change.removed_entries
    old_log = read_log(change.old_text, file)
    forced = replied if replied or settled else _guard(old_log, gone, name, key_file, force)
    if len(gone) == 1:
        what = f"move {gone[0].number}: {gone[0].player}: {gone[0].text}"
    else:
        what = f"moves {gone[0].number} to {gone[-1].number}"
    verb = "would remove" if dry_run else "removed"
    signed = edit.signed_game(old_log)
    whose = "; ".join(edit.whose_move(entry, signed) for entry in gone)
    unkeyed = "".join(
        f"\nwith {possessive(clean(player))} key, added to keys: on first use by"
        f" {possessive(clean(player))} signed move {_since(change, player)}"
        for player in change.unkeyed
    )
    report = fitted_commands(
        f"{verb} {clean(what)} from {clean(file)}\n({clean(whose)}){forced}{settled}{unkeyed}\n"
        f"next: {clean(status_line(change.replay.log.game, change.replay.final))}",
        streams.width(),
    ) + _engine_next(change.replay, file)
    if dry_run:
        _echo(report)
        return
    commit_reported(change, report, f"the removal of {clean(what)}", file)


def _since(change: Any, player: str) -> int:
    """The move that added ``player``'s key on first use (its ``since:``) in the log
    ``change`` cut."""
    from ..record.gamelog import read_log

    value = (read_log(change.old_text, change.path).header.get("keys") or {}).get(player)
    return int(value["since"]) if isinstance(value, dict) else 0


def _with_replies(file: str, name: str | None, key_file: str | None) -> tuple[int | None, str]:
    """For an undo of the last move: when the log's last moves are its engine seats' replies
    (played by this copy: a seat with a mail address is its host's) to a person's move, the
    ``--to`` that takes back that move with them, as the interactive game's undo does, and
    the words that say so; (None, "") otherwise.  In a signed game only the person who
    made the move takes it back so (``--as`` or ``--key`` names them)."""
    from ..record.files import read_bytes
    from ..record.gamelog import read_log
    from ..record.mail import address_of, contact_of
    from ..record.problems import LogError
    from ..record.seats import engine_seats
    from ..record.signing import signed_game

    try:
        log = read_log(read_bytes(file), file)
    except LogError:
        return None, ""  # the removal reports it
    seats = {seat for seat in engine_seats(log.header) if not address_of(contact_of(log, seat))}
    entries = log.entries
    last = len(entries)
    while last and entries[last - 1].player in seats:
        last -= 1
    if not seats or last in (0, len(entries)):
        return None, ""
    person = entries[last - 1].player
    undoer = _undoer(log, name, key_file)
    if undoer not in (None, person) or (signed_game(log) and undoer is None):
        return None, ""
    engines = sorted({clean(entry.player) for entry in entries[last:]})
    return last - 1, (
        f"\nwith {possessive(clean(person))} move, the engine's replies"
        f" ({' and '.join(engines)}: {'an engine seat' if len(engines) == 1 else 'engine seats'})"
    )


def _engine_next(played: Any, file: str) -> str:
    """After an undo, when an engine seat of this copy decides next (nothing plays it until
    asked): the command that lets it, and the undo that takes back the move before ("" when
    a person, or the host of a seat with a mail address, decides)."""
    from ..record.mail import address_of, contact_of
    from ..record.seats import engine_seats
    from ..reporters.tables import fitted_commands

    log = played.log
    deciders = log.game.pending(played.final).deciders
    if len(deciders) != 1 or deciders[0] not in engine_seats(log.header):
        return ""
    seat = deciders[0]
    if address_of(contact_of(log, seat)) or not log.entries:
        return ""
    from ..hosting import seat_signs
    from ..record.problems import command_path, player_command

    sign = " --sign --key FILE" if seat_signs(log, seat) else ""
    named = command_path(file)
    said = clean(
        f"{says(seat, 'is')} an engine seat; let it decide:"
        f" {player_command('forex play', named, seat, f'--engine{sign}')};"
        f" or forex undo {named} again takes back move {len(log.entries)} too"
    )
    return "\n" + fitted_commands(said, streams.width())


def _settling(file: str, mail: str, to: int | None) -> tuple[int, str]:
    """For ``undo --settle MAIL``: the move where MAIL's copy parts from ``file``'s (``--to``
    must name it when given), and the words that say what the removal settles; a
    ``not_a_fork`` problem when the two copies do not fork, or part elsewhere."""
    from msgspec.structs import replace

    from ..record.forks import relate
    from ..record.gamelog import load
    from ..record.mail import copy_of
    from ..record.problems import LogError, Problem, command_path, moves_text
    from .common import read_stdin

    try:
        own = load(file)
        other = copy_of(mail, read_stdin() if mail == "-" else None, into=file)
    except LogError as error:
        raise ProblemExit(error.problems) from None
    label = "standard input" if mail == "-" else mail
    # (a log out of a mail whose header names files is read as if saved at FILE, to find
    # them there: its sentences name the mail)
    relation = relate(own, replace(other, filename=label))
    common = relation.common
    named, mail_named = command_path(file), "MAIL" if mail == "-" else command_path(mail)
    again = f"forex undo {named} --to {common} --settle {mail_named}"
    if relation.kind != "fork":
        why, hints = (
            f"the copy in {label} does not fork from {file}: {relation.sentence}",
            (
                "nothing was removed; --settle removes only a branch that another copy"
                " does not hold; to remove your own last moves: forex undo FILE --to N",
            ),
        )
    elif to is not None and to != common:
        why, hints = (
            f"the copy in {label} parts from {file} after move {common}, not after move {to}",
            (f"nothing was removed; settle the fork where it is: {again}",),
        )
    else:
        read = f"forex read {mail_named} --into {named}"
        then = read if not label.endswith((".yaml", ".yml")) else f"continue from {label}"
        shared = (
            f"holds {moves_text(1, common)} as yours" if common else "shares no move with yours"
        )
        return common, (
            f"\nto settle the fork with {label}: its copy {shared} and goes on differently;"
            f" take its moves now: {then}"
        )
    raise ProblemExit([Problem("not_a_fork", why, "edit", file, hints=hints)])


def _took_offer_back(file: str, dry_run: bool) -> bool:
    """Take back the log's open offer (``replies.withdraw_offer``) and say so; False when the
    log holds none."""
    from ..record import files
    from ..record.gamelog import read_log
    from ..record.problems import LogError, command_path, player_command
    from ..replies import withdraw_offer

    try:
        log = read_log(files.read_bytes(file), file)
        if log.header.get("offer") is None:
            return False
        offer = withdraw_offer(file, dry_run=dry_run)
    except LogError as error:
        raise ProblemExit(error.problems) from None
    from .. import streams
    from ..reporters.tables import fitted_commands

    verb = "would take back" if dry_run else "took back"
    said = clean(
        f"{verb} {possessive(offer.player)} open offer ({offer.decision}) from {file}; no move"
        f" was removed"
    )
    named = command_path(file)
    again = f"; or forex undo {named} again removes the last move" if log.entries else ""
    said += clean(
        f"\nnext: {says(offer.player, 'decides')} again:"
        f" {player_command('forex play', named, offer.player, '--engine')}{again}",
        newlines=True,
    )
    _echo(fitted_commands(said, streams.width()))
    return True


def _undoer(log: Any, name: str | None, key_file: str | None) -> str | None:
    """Who undoes: ``--as``, or the player whose key in the log is ``--key``'s (None when
    neither is given); a usage error for a name or key that is no player's."""
    from ..record.keys import same_key
    from ..record.signing import header_keys

    if name is not None:
        if name not in log.players:
            players = ", ".join(log.players)
            raise click.BadParameter(
                f"{clean(name)!r} is not a player of this game ({clean(players)})",
                param_hint="'--as'",
            )
        return name
    if key_file is None:
        return None
    public = signer_for("", key_file).key.public_key()
    keys, _problems = header_keys(log)
    owners = [p for p, k in keys.items() if k.key is not None and same_key(k.key, public)]
    if not owners:
        raise click.UsageError(
            "the log holds no player's key equal to this one: say who undoes with --as NAME"
        )
    return owners[0]


def _guard(
    log: Any, gone: tuple[Any, ...], name: str | None, key_file: str | None, force: bool
) -> str:
    """Refuse (``not_your_move``) to remove moves that are not the undoer's, unless
    ``force``; with ``force``, the words that say so (else "")."""
    import os

    from ..record import edit
    from ..record.keys import ENV_KEY

    undoer = _undoer(log, name, key_file)
    if undoer is None and edit.others_moves(log, gone, None) and os.environ.get(ENV_KEY):
        undoer = _undoer(log, None, os.environ[ENV_KEY])
    refusal = edit.undo_refusal(log, gone, undoer)
    if refusal is None:
        return ""
    if not force:
        raise ProblemExit(refusal.problems)
    from ..record.seats import engine_seats

    seats = engine_seats(log.header)
    others = edit.others_moves(log, gone, undoer)
    if undoer and all(entry.player in seats and not entry.sig for entry in others):
        engines = sorted({clean(entry.player) for entry in others})
        return (
            f"\nwith {possessive(clean(undoer))} moves, the engine's replies"
            f" ({' and '.join(engines)}: an engine seat)"
        )
    mine = f"{possessive(clean(undoer))} own moves alone" if undoer else "the undoer's own moves"
    return f"\n--force: not {mine}"
