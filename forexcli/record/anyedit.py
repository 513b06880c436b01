"""Change the log of any game in place: append an entry the engine accepts, remove the last.

The text edits are For-Ex's (``entrytext.appended_text``, ``entrytext.without_last_text``:
only the new entry's lines are inserted, every other byte stays) and so is the
atomic replace that refuses a file changed on disk since it was read
(``edit.replace_file``).  The game comes from the header (``gamelog.read_log``): its
notation reads the entry, its rules accept it or say why not.
"""

from __future__ import annotations

from typing import Any

from msgspec import Struct
from msgspec.structs import replace

from ..games.base import state_digest
from . import edit, entrytext, gamelog
from .digests import check_digests
from .entry import Entry
from .problems import LogError, Problem, check_move_number


class AnyChange(Struct, frozen=True):
    """A change made (or with ``dry_run``, that would be made) to a log of any game."""

    path: str
    old_text: str
    new_text: str
    replay: gamelog.Replay
    expected: bytes
    written: bool = False
    removed: Entry | None = None


def load_valid(path: str) -> tuple[bytes, gamelog.Replay]:
    """Read a log of a game other than For-Ex that must replay in full before it changes."""
    data = gamelog.read_bytes(path)
    played = gamelog.replay(gamelog.read_log(data, path))
    if played.problem is not None:
        problem = played.problem
        raise LogError(
            [replace(problem, message=problem.message + " (fix or undo it before adding moves)")]
        )
    return data, played


def _fail(path: str, code: str, message: str, entry: int, hints: tuple[str, ...] = ()) -> LogError:
    return LogError([Problem(code, message, "rules", path, None, None, entry, hints)])


def _checked(path: str, new_text: str) -> gamelog.Replay:
    """The new text read back and replayed: the edit must give what was checked."""
    try:
        record = gamelog.read_log(new_text, path)
    except LogError as error:
        raise LogError(
            [replace(p, code="cannot_edit", layer="edit") for p in error.problems]
        ) from None
    return gamelog.replay(record)


def append(
    path: str,
    key: str,
    text: str,
    *,
    note: str | None = None,
    after: int | None = None,
    digest: bool = False,
    dry_run: bool = False,
    signer: Any = None,
    ignore_digests: bool = False,
) -> AnyChange:
    """Check the entry ``key: text`` against the replayed log and append it.

    ``after`` refuses the append unless the log has exactly that many moves;
    ``digest`` records the digest of the state after the entry.  With a
    ``signing.Signer`` (who must be ``key``) the entry is signed as For-Ex's are, and a key
    the header does not hold yet is added to it (trust on first use).  A log whose recorded
    digests no longer match is refused with ``digest_mismatch`` unless ``ignore_digests``.
    """
    data, played = load_valid(path)
    record = played.log
    game = record.game
    count = len(record.entries)
    number = count + 1
    mismatch = check_digests(played)
    if mismatch is not None and not ignore_digests:
        raise LogError([mismatch])
    if after is not None and after != count:
        raise _fail(
            path,
            "log_moved_on",
            f"the log has {count} move{'s' if count != 1 else ''}, not {after}: someone has"
            " moved since you looked",
            number,
        )
    keys = game.log_keys(record.header)
    if key not in keys:
        from .hints import did_you_mean

        raise _fail(
            path,
            "unknown_name",
            f"move {number}: {key!r} is not a player of this game"
            f" ({gamelog.keys_text(keys, record.players)})",
            number,
            did_you_mean(key, keys),
        )
    try:
        decisions = game.parse(key, text)
    except game.notation_error as error:
        raise _fail(
            path, "bad_notation", f"move {number}: {key}: {text}: {error}", number
        ) from None
    state = played.final
    try:
        for decision in decisions:
            state = game.apply(state, decision)
    except game.rules_error as error:
        problem = gamelog.rules_problem(
            record, played.final, Entry(number, key, text, decisions), error
        )
        raise LogError([replace(problem, line=None, column=None)]) from None
    written = game.write(decisions)
    stamp = state_digest(game, state) if digest else None
    base, sig = record, None
    if signer is not None:
        from . import signedtext, signing

        if signer.name != key:
            raise _fail(path, "stray_signature", f"move {number}: only {key} signs it", number)
        signing.refuse_forged(played, "written")
        sig = {key: signing.sign(signer.key, record, number, played.final, key, key, written)}
        if signer.header_key(record) is None:
            value = signing.key_value(signer.public, number)
            base = _checked(path, signedtext.keyed_text(record, key, value)).log
    new_text = entrytext.appended_text(base, key, written, note, stamp, sig)
    new_played = _checked(path, new_text)
    if new_played.moves != number or new_played.problem is not None:
        raise LogError(
            [
                Problem(
                    "cannot_edit", "nothing was written: the new text does not replay", "edit", path
                )
            ]
        )
    change = AnyChange(path, record.text, new_text, new_played, data)
    return change if dry_run else commit(change)


def sign_entry(path: str, number: int, signer: Any, *, dry_run: bool = False) -> AnyChange:
    """Add ``signer``'s signature to entry ``number`` (``signing.sign_entry`` for any game).

    Only the entry's decider signs it (no game but For-Ex has a partner who countersigns);
    the log must replay and its signatures verify; a key the header does not hold is added
    (trust on first use, from this move).
    """
    from . import signedtext, signing

    data, played = load_valid(path)
    record = played.log
    check_move_number(number, len(record.entries), path)
    entry = record.entries[number - 1]
    where = record.place(("moves", number - 1, entry.key))
    line, column = where if where else (None, None)
    head = f"move {number}: {entry.key}: {entry.text}: {signer.name}"
    if signer.name != entry.key:
        raise LogError(
            [
                Problem(
                    "stray_signature",
                    f"{head} is not a party to it; only {entry.key} can sign it",
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
                    f"{head} has signed it already; nothing was written",
                    "signature",
                    path,
                    line,
                    column,
                    number,
                )
            ]
        )
    signing.refuse_forged(played, "signed")
    known = signer.header_key(record)
    before = played.state_after(number - 1)
    signature = signing.sign(signer.key, record, number, before, entry.key, entry.key, entry.text)
    base = record
    if known is None:
        value = signing.key_value(signer.public, number)
        base = _checked(path, signedtext.keyed_text(record, signer.name, value)).log
    new_text = signedtext.entry_signed_text(base, number, signer.name, signature)
    new_played = _checked(path, new_text)
    signed = new_played.log.entries[number - 1].sig or {}
    others = [e for e in new_played.log.entries if e.number != number]
    unchanged = others == [e for e in record.entries if e.number != number]
    if (
        new_played.moves != played.moves
        or signed.get(signer.name) != signature
        or not unchanged
        or signing.check_signatures(new_played).errors
    ):
        raise LogError(
            [
                Problem(
                    "cannot_edit",
                    "nothing was written: the signed log does not check",
                    "edit",
                    path,
                )
            ]
        )
    change = AnyChange(path, record.text, new_text, new_played, data)
    return change if dry_run else commit(change)


def set_note(path: str, number: int, note: str | None, *, dry_run: bool = False) -> AnyChange:
    """Set (or with None remove) the note of move ``number`` (``edit.set_note`` for any game).

    Only the note changes (``entrytext.noted_text``); the log must replay after the change.
    """
    data = gamelog.read_bytes(path)
    record = gamelog.read_log(data, path)
    edit.check_note(record, note, number)
    new_text = entrytext.noted_text(record, number, note)
    new_played = _checked(path, new_text)
    if new_played.problem is not None:
        raise LogError([new_played.problem])
    new = new_played.log
    expected = [replace(e, note=note) if e.number == number else e for e in record.entries]
    if list(new.entries) != expected or new.header != record.header:
        raise LogError(
            [
                Problem(
                    "cannot_edit",
                    "nothing was written: the note would not read back as given",
                    "edit",
                    path,
                )
            ]
        )
    change = AnyChange(path, record.text, new_text, new_played, data)
    return change if dry_run else commit(change)


def set_notes(path: str, notes: dict[int, str], *, dry_run: bool = False) -> AnyChange:
    """Set the notes of several moves in one change (``forex analyse --write``, as
    ``edit.set_notes``): each set on the text in turn, then checked and written once."""
    data = gamelog.read_bytes(path)
    record = gamelog.read_log(data, path)
    current = record
    for number, note in sorted(notes.items()):
        edit.check_note(record, note, number)
        current = gamelog.read_log(entrytext.noted_text(current, number, note), path)
    new_text = current.text
    new_played = _checked(path, new_text)
    if new_played.problem is not None:
        raise LogError([new_played.problem])
    expected = [
        replace(e, note=notes[e.number]) if e.number in notes else e for e in record.entries
    ]
    if list(new_played.log.entries) != expected or new_played.log.header != record.header:
        raise LogError(
            [
                Problem(
                    "cannot_edit",
                    "nothing was written: the notes would not read back as given",
                    "edit",
                    path,
                )
            ]
        )
    change = AnyChange(path, record.text, new_text, new_played, data)
    return change if dry_run else commit(change)


def remove_last(path: str, *, dry_run: bool = False) -> AnyChange:
    """Remove the last entry (the log before it must replay)."""
    data = gamelog.read_bytes(path)
    record = gamelog.read_log(data, path)
    new_text = entrytext.without_last_text(record)
    new_played = _checked(path, new_text)
    if new_played.problem is not None:
        raise LogError([new_played.problem])
    removed = record.entries[-1]
    change = AnyChange(path, record.text, new_text, new_played, data, removed=removed)
    return change if dry_run else commit(change)


def commit(change: AnyChange) -> AnyChange:
    """Write a change made with ``dry_run=True``, if the file still holds what was read."""
    if change.written or change.new_text == change.old_text:
        return change
    edit.replace_file(change.path, change.expected, change.new_text)
    return replace(change, written=True)
