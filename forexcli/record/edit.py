"""Change the log of any game safely: append a move, set a note, remove the last moves, sign.

Every change is made as text, so every byte outside the edit stays as it was
(comments, blank lines, quoting, key order).  The new text is checked in full
(YAML, schema, replay) before it is written, and it replaces the file
atomically (``files.replace_file``): a temporary file in the same folder is
written, flushed and synced, and renamed over the original while an exclusive
lock is held and after checking that the file still holds what was read.  The
game is the one the header names (``gamelog.read_log``): its notation reads an
entry, its rules accept it or say why not, for every game alike.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from msgspec import Struct
from msgspec.structs import replace

from ..games.base import state_digest
from ..words import possessive, says
from . import files, gamelog, schemawords
from .entry import Entry
from .entrytext import (
    appended_text,
    cannot_edit,
    noted_text,
    without_moves_after_text,
)
from .problems import LogError, Problem, check_move_number, command_path


class Change(Struct, frozen=True):
    """A change made (or, with ``dry_run``, that would be made) to a log."""

    path: str
    old_text: str
    new_text: str
    replay: gamelog.Replay
    events: tuple[Any, ...] = ()
    written: bool = False
    removed: Entry | None = None
    """With ``remove_last``: the move removed (with ``remove_after``: the last one removed)."""
    expected: bytes = b""
    """The file's bytes as read: ``commit`` writes only if the file still holds them."""
    removed_entries: tuple[Entry, ...] = ()
    """With ``remove_last`` and ``remove_after``: every move removed, in order."""
    unkeyed: tuple[str, ...] = ()
    """With ``remove_after``: the players whose key, added on first use by a move removed
    (its ``since:``), went with it."""

    @property
    def state(self) -> Any:
        """The state after the change."""
        return self.replay.final


MAX_NOTE_LENGTH = 20000
"""The longest note the schema allows."""


def _fail(
    log: gamelog.GameLog,
    code: str,
    message: str,
    entry: int | None = None,
    hints: tuple[str, ...] = (),
) -> LogError:
    return LogError([Problem(code, message, "rules", log.filename, None, None, entry, hints)])


def check_note(log: gamelog.GameLog, note: str | None, number: int) -> None:
    """Refuse a note for move ``number`` that is not valid text or is too long."""
    if note is None:
        return
    problem, hint = "", ""
    try:
        note.encode("utf-8")
    except UnicodeEncodeError as error:
        problem = (
            f"the note is not valid text: character {error.start + 1} is a lone surrogate"
            " (an undecodable byte in the command line?)"
        )
        hint = "give the note as UTF-8 text (a file of it: forex annotate FILE N - < NOTE.txt)"
    if len(note) > MAX_NOTE_LENGTH:
        problem = f"the note has {len(note):,} characters; a note has at most {MAX_NOTE_LENGTH:,}"
        hint = f"shorten the note to {MAX_NOTE_LENGTH:,} characters at most"
    if problem:
        hints = (f"{hint}; nothing was changed",)
        raise LogError(
            [
                Problem(
                    "bad_note", f"move {number}: {problem}", "edit", log.filename,
                    entry=number, hints=hints,
                )
            ]
        )  # fmt: skip


def checked_edit(log: gamelog.GameLog, new_text: str) -> tuple[gamelog.GameLog, gamelog.Replay]:
    """The changed text read and replayed; any problem means nothing is written."""
    try:
        new_log = gamelog.read_log(new_text, log.filename)
        played = gamelog.replay(new_log)
        if played.problem:
            raise LogError([played.problem])
    except LogError as error:
        raise LogError(
            [
                Problem(
                    p.code,
                    f"nothing was written: the changed log would not be valid:"
                    f" {'line ' + str(p.line) + ': ' if p.line else ''}{p.message}",
                    p.layer,
                    log.filename,
                    None,
                    None,
                    p.entry,
                    p.hints,
                )
                for p in error.problems
            ]
        ) from None
    cross_check(log, new_text, new_log.document.data)
    return new_log, played


def _refuse_illegal(log: gamelog.GameLog, done: str) -> None:
    """Refuse a log with an illegal move as it is on disk (its line, not the changed text's),
    saying that it is ``done`` once that move is fixed or undone."""
    problem = gamelog.replay(log).problem
    if problem is not None:
        hint = f"the log is {done} once that move is fixed or undone; nothing was changed"
        raise LogError([replace(problem, hints=(*problem.hints, hint))])


def _moves(log: gamelog.GameLog) -> list[Any]:
    moves = log.document.data.get("moves")
    return list(moves) if isinstance(moves, list) else []


def ensure_only(
    old: gamelog.GameLog,
    new: gamelog.GameLog,
    expected: list[Any],
    what: str,
    header: dict[str, Any] | None = None,
) -> None:
    """Refuse an edit that would change anything but the entry it means to change
    (and the header, when ``header`` says what it becomes)."""
    same_header = (old.header if header is None else header) == new.header
    same_moves = _moves(new) == expected
    if not (same_header and same_moves):
        raise cannot_edit(
            old,
            f"nothing was written: {what} would also change other parts of the log (the file's"
            " layout is one this tool cannot edit safely); make the change by hand",
        )


def _plain(value: Any) -> Any:
    """ruamel.yaml's round-trip data as plain data; dates as the text they were written as."""
    import datetime

    if isinstance(value, dict):
        return {str(key): _plain(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_plain(item) for item in value]
    if isinstance(value, (datetime.date, datetime.datetime)):
        return value.isoformat()
    if isinstance(value, str):
        return str(value)
    return value


def _ruamel_reading(text: str) -> Any:
    """What ruamel.yaml's round-trip reader makes of ``text`` (its error, if it fails)."""
    from ruamel.yaml import YAML
    from ruamel.yaml.error import YAMLError

    try:
        return _plain(YAML(typ="rt").load(text))
    except YAMLError as error:
        return error


def cross_check(log: gamelog.GameLog, new_text: str, new_data: Any) -> None:
    """Refuse an edit that makes ruamel.yaml's round-trip reader (YAML 1.2) read differently.

    The text about to be written was made by splicing; a second, independent YAML
    reader must see exactly the data that forexcli's own reader saw.  Where that
    reader already read the old text differently (ruamel.yaml refuses a tab after
    `key:`, which YAML 1.2 and libyaml allow), the edit is not to blame and passes.
    """
    if _ruamel_reading(new_text) == _plain(new_data):
        return
    if _ruamel_reading(log.text) != _plain(log.document.data):
        return
    raise LogError(
        [
            Problem(
                "parser_disagreement",
                "the edited log would read differently in another YAML reader"
                " (ruamel.yaml); nothing was written",
                "edit",
                log.filename,
            )
        ]
    )


def load_valid(path: str) -> tuple[bytes, gamelog.GameLog, gamelog.Replay]:
    """Read a log whose every move must replay before it is changed.

    Not the whole check (``validation.check``): ``append`` checks the digests after this, and a
    signed append the signatures; a note or an undo may be made in a log whose digests or
    signatures are wrong (they do not cover notes, and undo is how a forged move goes).
    """
    data = files.read_bytes(path)
    log = gamelog.read_log(data, path)
    played = gamelog.replay_final(log)
    if played.problem:
        problem = played.problem
        raise LogError(
            [
                Problem(
                    problem.code,
                    problem.message + " (fix or undo it before adding moves)",
                    problem.layer,
                    problem.file,
                    problem.line,
                    problem.column,
                    problem.entry,
                    problem.hints,
                )
            ]
        )
    return data, log, played


def _check_seats(log: gamelog.GameLog) -> None:
    """Refuse to add to a log whose ``engines:`` or ``offer:`` ``validate`` rejects (a seat
    that is no player's, a budget out of range, an offer by someone who does not decide)."""
    from .seats import seat_problems

    problems = seat_problems(log)
    if problems:
        raise LogError(
            [replace(problem, message=problem.message + " (fix it before adding moves)")
             for problem in problems]
        )  # fmt: skip


def _check_digests(played: gamelog.Replay) -> None:
    """Refuse to add to a log whose recorded digests no longer match its moves."""
    from .digests import check_digests

    mismatch = check_digests(played)
    if mismatch is None:
        return
    name = mismatch.file
    hints = (
        *mismatch.hints,
        "compare it with the copy you sent or received:"
        f" forex diff {command_path(name)} OTHER.yaml",
        "nothing was written; to add the move all the same: forex play --ignore-digests ...",
    )
    raise LogError(
        [
            replace(
                mismatch,
                message=f"{mismatch.message}; this log was changed after its digests were written",
                hints=hints,
            )
        ]
    )


def append(
    path: str,
    player: str,
    decision: str,
    *,
    note: str | None = None,
    after: int | None = None,
    dry_run: bool = False,
    digest: bool = False,
    signer: Any = None,
    ignore_digests: bool = False,
) -> Change:
    """Check one decision against the replayed log and append it.

    ``after`` refuses the append unless the log has exactly that many moves
    (the player's guard against answering an old position).  With
    ``digest`` the entry records the digest of the state after it.  With a
    ``signing.Signer`` (who must be ``player``) the entry is signed, and a key
    the header does not hold yet is added to it (trust on first use).  A log
    whose recorded digests no longer match (an edit since they were written)
    is refused with ``digest_mismatch`` unless ``ignore_digests``; in a signed game, so is
    one whose signatures do not verify or that holds a move unsigned in the name of a player
    whose key it holds (``signing.refuse_forged``).
    """
    data, log, played = load_valid(path)
    _check_seats(log)
    count = len(log.entries)
    if not ignore_digests:
        _check_digests(played)
    if after is not None and after != count:
        raise moved_on(log.filename, count, after, "nothing was written")
    check_note(log, note, count + 1)
    state = played.final
    game = log.game
    _check_key(log, player, count + 1)
    try:
        decisions = game.parse(player, decision)
    except game.notation_error as error:
        code = getattr(error, "code", "bad_notation")
        reason = getattr(error, "reason", str(error))
        hints = tuple(getattr(error, "hints", ())) or (
            f"forex moves {command_path(log.filename)} lists the decisions legal now, written as"
            " play takes them",
        )
        raise _fail(log, code, reason, count + 1, hints) from None
    events: list[Any] = []
    try:
        for step in decisions:
            state, caused = game.apply_with_events(state, step)
            events.extend(caused)
    except game.rules_error as error:
        refused = Entry(count + 1, player, decision, decisions)
        problem = gamelog.rules_problem(log, played.final, refused, error)
        raise LogError([replace(problem, line=None, column=None)]) from None
    stamp = state_digest(game, state) if digest else None
    text = game.write(decisions)
    base, header, sig = log, log.header, None
    if signer is None:
        from . import signing

        if signing.signed_game(log):
            signing.refuse_forged(played, "written", unsigned=True)
    if signer is not None:
        from . import signedtext, signing

        if signer.name != player:
            raise _fail(
                log,
                "stray_signature",
                f"move {count + 1}: only {says(player, 'signs')} it",
                count + 1,
            )
        signing.refuse_forged(played, "written", unsigned=True)
        sig = {player: signing.sign(signer.key, log, count + 1, played.final, player, player, text)}
        if signer.header_key(log) is None:
            value = signing.key_value(signer.public, count + 1)
            base = gamelog.read_log(signedtext.keyed_text(log, player, value), log.filename)
            header = dict(log.header)
            known = log.header.get(signing.KEYS_FIELD) or {}
            header[signing.KEYS_FIELD] = {**known, player: value}
    new_text = appended_text(base, player, text, note, stamp, sig)
    new_log, new_played = checked_edit(log, new_text)
    entry: dict[str, Any] = {player: text}
    if note is not None:
        entry["note"] = note
    if stamp is not None:
        entry["digest"] = stamp
    if sig is not None:
        entry["sig"] = sig
    ensure_only(log, new_log, [*_moves(log), entry], "adding the move", header)
    if new_played.moves != count + 1 or new_played.final != state:
        raise cannot_edit(log, "nothing was written: the new text does not replay as checked")
    change = Change(path, log.text, new_text, new_played, tuple(events), expected=data)
    return change if dry_run else commit(change)


def _check_key(log: gamelog.GameLog, key: str, number: int) -> None:
    """Refuse an entry whose key is no player's nor the game's pseudo-decider's, unless the
    game words that refusal itself (``Game.checks_keys``: a "did you mean" of its own)."""
    game = log.game
    keys = game.log_keys(log.header)
    if key in keys or game.checks_keys:
        return
    from ..words import did_you_mean

    raise _fail(
        log,
        "unknown_name",
        f"move {number}: {key!r} is not a player of this game"
        f" ({schemawords.keys_text(keys, log.players)})",
        number,
        did_you_mean(key, keys)
        or (
            f"play as one of {', '.join(log.players)}: forex moves"
            f" {command_path(log.filename)} says who decides now",
        ),
    )


def moved_on(path: str, count: int, after: int, nothing: str) -> LogError:
    """``log_moved_on``: the log at ``path`` has ``count`` moves where ``--after`` expected
    ``after``, with the advice that fits: a copy behind the mail you answer is brought up to
    date with ``forex read``; a copy that went on is caught up with ``show --since``."""
    moves = f"{count} move{'s' if count != 1 else ''}"
    word = command_path(path)
    hints: tuple[str, ...]
    if count < after:
        message = (
            f"the log has {moves}, not {after}: this copy is older than the game you answer"
            f" (someone has moved since it was saved); {nothing}"
        )
        hints = (
            f"read the latest mail into it first: forex read MAIL --into {word}",
            f"then see what happened: forex show {word} --since {count}",
        )
    else:
        message = f"the log has {moves}, not {after}: someone has moved since you looked; {nothing}"
        hints = (f"see what happened since: forex show {word} --since {after}",)
    return LogError([Problem("log_moved_on", message, "rules", path, hints=hints)])


def set_note(path: str, number: int, note: str | None, *, dry_run: bool = False) -> Change:
    """Set (or with None remove) the note of move ``number``.

    The log must be valid after the change (so a log with an illegal move
    is not annotated until that move is fixed or undone).  When nothing
    changes (removing a note that is not there) the file is not rewritten.
    """
    data = files.read_bytes(path)
    log = gamelog.read_log(data, path)
    check_note(log, note, number)
    _refuse_illegal(log, "annotated")
    new_text = noted_text(log, number, note)
    new_log, played = checked_edit(log, new_text)
    expected = _moves(log)
    changed = dict(expected[number - 1])
    changed.pop("note", None)
    if note is not None:
        changed["note"] = note
    expected[number - 1] = changed
    ensure_only(log, new_log, expected, "changing the note")
    if new_log.document.data["moves"][number - 1].get("note") != note:
        raise cannot_edit(log, "nothing was written: the note would not read back as given")
    change = Change(path, log.text, new_text, played, expected=data)
    return change if dry_run else commit(change)


def commit(change: Change) -> Change:
    """Write a change made with ``dry_run=True``, if the file still holds what was read.

    A command composes everything it will print before it calls this, so that
    nothing can fail after the file is replaced.  A change that changes
    nothing writes nothing.
    """
    if change.written or change.new_text == change.old_text:
        return change
    files.replace_file(change.path, change.expected, change.new_text)
    return replace(change, written=True)


def set_notes(path: str, notes: Mapping[int, str | None], *, dry_run: bool = False) -> Change:
    """Set (None: remove) the notes of several moves in one change (``forex analyse
    --write``).

    Each note is set as ``set_note`` would, one after the other on the text,
    then the whole new text is checked once and written once, atomically: a
    failure, or an interruption, leaves the file as it was.
    """
    data = files.read_bytes(path)
    log = gamelog.read_log(data, path)
    current = log
    expected = _moves(log)
    for number, note in sorted(notes.items()):
        check_note(log, note, number)
        current = gamelog.read_log(noted_text(current, number, note), path)
        changed = dict(expected[number - 1])
        changed.pop("note", None)
        if note is not None:
            changed["note"] = note
        expected[number - 1] = changed
    new_text = current.text
    new_log, played = checked_edit(log, new_text)
    ensure_only(log, new_log, expected, "changing the notes")
    if dry_run or new_text == log.text:
        return Change(path, log.text, new_text, played, expected=data)
    files.replace_file(path, data, new_text)
    return Change(path, log.text, new_text, played, written=True)


def remove_last(path: str, *, dry_run: bool = False, after: int | None = None) -> Change:
    """Remove the last move (for the sender, before the mail goes out).

    ``after`` refuses unless the log read here has exactly that many moves, so
    that only the move the sender made can go, never one added meanwhile.
    """
    data = files.read_bytes(path)
    log = gamelog.read_log(data, path)
    count = len(log.entries)
    if after is not None and after != count:
        raise moved_on(path, count, after, "nothing was removed")
    return remove_after(path, max(count - 1, 0), dry_run=dry_run, _read=(data, log))


def remove_after(
    path: str,
    keep: int,
    *,
    dry_run: bool = False,
    _read: tuple[bytes, gamelog.GameLog] | None = None,
) -> Change:
    """Remove every move after move ``keep`` (to settle a fork: keep the common moves).

    The log that is left must be valid (its moves are replayed); comments
    among the removed moves go with them.
    """
    if _read is None:
        data = files.read_bytes(path)
        log = gamelog.read_log(data, path)
    else:
        data, log = _read
    removed = tuple(log.entries[keep:])
    new_text, header, unkeyed = cut_text(log, keep)
    new_log, played = checked_edit(log, new_text)
    ensure_only(log, new_log, _moves(log)[:keep], "removing the moves", header)
    change = Change(
        path,
        log.text,
        new_text,
        played,
        removed=removed[-1] if removed else None,
        expected=data,
        removed_entries=removed,
        unkeyed=unkeyed,
    )
    return change if dry_run else commit(change)


def cut_text(log: gamelog.GameLog, keep: int) -> tuple[str, dict[str, Any], tuple[str, ...]]:
    """The log's text without the moves after move ``keep`` and without the keys they added
    on first use (a key whose ``since:`` is a move removed: its signature goes, so would its
    trust) or a ``declined:`` of a later decision, the header that text holds, and whose
    keys went."""
    from .seats import DECLINED_FIELD, signed_declines, with_header_key
    from .signedtext import keys_since, unkeyed_text
    from .signing import KEYS_FIELD

    text = without_moves_after_text(log, keep)
    unkeyed = keys_since(log.header, keep)
    header = dict(log.header)
    declines = signed_declines(log.header)
    if declines is not None and declines.after > keep:  # that decision is no longer to make
        text = with_header_key(text, DECLINED_FIELD, None)
        header.pop(DECLINED_FIELD, None)
    if unkeyed:
        text = unkeyed_text(gamelog.read_log(text, log.filename), unkeyed)
        left = {k: v for k, v in (log.header.get(KEYS_FIELD) or {}).items() if k not in unkeyed}
        if left:
            header[KEYS_FIELD] = left
        else:
            header.pop(KEYS_FIELD, None)
    return text, header, unkeyed


def sign_entry(path: str, number: int, signer: Any, *, dry_run: bool = False) -> Change:
    """Add ``signer``'s signature (a ``signing.Signer``) to entry ``number`` of the log at
    ``path``.

    The signer is the entry's player (signing a move played unsigned) or a
    cosigner of its deal (``Game.cosigner``; countersigning).  The log must replay and its
    signatures verify; a key the header does not hold is added (trust on
    first use, from this move).
    """
    from .signedtext import entry_signed_text, keyed_text
    from .signing import KEYS_FIELD, SIG_FIELD, key_value, parties, refuse_forged, sign

    data, log, played = load_valid(path)
    check_move_number(number, len(log.entries), path)
    entry = log.entries[number - 1]
    where = log.place(("moves", number - 1, entry.player))
    line, column = where if where else (None, None)
    if signer.name not in parties(log.game, entry):
        partner = parties(log.game, entry)[1:]
        party = log.game.agreement_words().party
        who = entry.player + (f" or {partner[0]}, {party}" if partner else "")
        raise LogError(
            [
                Problem(
                    "stray_signature",
                    f"move {number}: {entry.player}: {entry.text}: {says(signer.name, 'is')}"
                    f" not a party"
                    f" to it; only {who} can sign it",
                    "signature",
                    path,
                    line,
                    column,
                    number,
                )
            ]
        )
    if entry.sig and signer.name in entry.sig:
        raise LogError(
            [
                Problem(
                    "already_signed",
                    f"move {number}: {entry.player}: {entry.text}: {says(signer.name, 'has')}"
                    f" signed it"
                    " already; nothing was written",
                    "signature",
                    path,
                    line,
                    column,
                    number,
                )
            ]
        )
    refuse_forged(played, "signed")
    known = signer.header_key(log)
    signature = sign(
        signer.key,
        log,
        number,
        played.state_after(number - 1),
        signer.name,
        entry.player,
        entry.text,
    )
    base, header = log, log.header
    if known is None:
        value = key_value(signer.public, number)
        base = gamelog.read_log(keyed_text(log, signer.name, value), log.filename)
        header = dict(log.header)
        header[KEYS_FIELD] = {**(log.header.get(KEYS_FIELD) or {}), signer.name: value}
    new_text = entry_signed_text(base, number, signer.name, signature)
    new_log, new_played = checked_edit(log, new_text)
    moves = list(log.document.data.get("moves") or [])
    changed = dict(moves[number - 1])
    changed[SIG_FIELD] = {**(changed.get(SIG_FIELD) or {}), signer.name: signature}
    moves[number - 1] = changed
    ensure_only(log, new_log, moves, "adding the signature", header)
    if dry_run:
        return Change(path, log.text, new_text, new_played, expected=data)
    files.replace_file(path, data, new_text)
    return Change(path, log.text, new_text, new_played, written=True)


# --------------------------------------------------------------------------- whose moves go


def whose_move(entry: Any, signed_log: bool = True) -> str:
    """``carol's move 31, signed by carol`` (or ``not signed``) for an entry of any game;
    in a log that is not signed (``signed_log`` false: no keys, no signature), only
    ``carol's move 31``."""
    signers = list(entry.sig or {})
    whose = f"{possessive(entry.player)} move {entry.number}"
    if signers:
        return f"{whose}, signed by {' and '.join(signers)}"
    return f"{whose}, not signed" if signed_log else whose


def signed_game(log: Any) -> bool:
    """True when the log holds a player's key or a signed move."""
    return bool(log.header.get("keys")) or any(entry.sig for entry in log.entries)


def others_moves(log: Any, removed: tuple[Any, ...], undoer: str | None) -> list[Any]:
    """The removed entries that are not ``undoer``'s alone to take back: signed by someone
    else, or decided by someone else when the undoer is known or the game is signed (so in a
    signed game every one, when the undoer is not known)."""
    guarded = undoer is not None or signed_game(log)
    found = []
    for entry in removed:
        by_others = any(signer != undoer for signer in entry.sig or {})
        if by_others or (guarded and entry.player != undoer):
            found.append(entry)
    return found


def undo_refusal(log: Any, removed: tuple[Any, ...], undoer: str | None) -> LogError | None:
    """``not_your_move`` when ``undoer`` (None: not said) would remove another player's or a
    signed move without ``--force``; None when the moves are theirs to remove."""
    others = others_moves(log, removed, undoer)
    if not others:
        return None
    signed = signed_game(log)
    what = "; ".join(whose_move(entry, signed) for entry in others)
    if undoer is None:
        why = "this is a signed game, and who is undoing is not said"
        hints = (
            "say who you are: forex undo FILE --as NAME, or --key FILE (FOREX_KEY)",
            "to remove it all the same: forex undo FILE --force",
        )
    else:
        why = f"it is not {possessive(undoer)} own move alone"
        hints = (
            "ask its player to undo it; to settle a fork, name the copy you take:"
            " forex undo FILE --to N --settle MAIL",
            "to remove it all the same: forex undo FILE --force",
        )
    first = others[0]
    where = log.place(("moves", first.number - 1, first.player))
    line, column = where if where else (None, None)
    return LogError(
        [
            Problem(
                "not_your_move",
                f"undo would remove {what}: {why}; nothing was removed",
                "edit",
                log.filename,
                line,
                column,
                first.number,
                hints,
            )
        ]
    )
