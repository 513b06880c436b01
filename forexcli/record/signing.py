"""Signed moves: Ed25519 signatures over log entries, with OpenSSH keys.

A player who signs a decision writes, beside the entry, ``sig: {alice: BASE64}``:
an Ed25519 signature over the game's identity (the SHA-256 of its header, with the random
``id:`` ``forex new`` writes, less the fields that may change: ``IDENTITY_LEFT_OUT``), the
move number, the digest of the state before the move, the signer's name, the deciding
player's name and the decision's text.  So a signature cannot be moved to another game
(even one set up alike: its id differs), another place of the log or another decision.
The cosigner of a deal (``Game.cosigner``: the other party of an entry that needs two)
adds their own signature to the same mapping later (``forex sign FILE N``): in a signed
game that countersignature is the cosigner's agreement to the deal, and a deal without it
awaits the cosigner (``AgreementWords.unagreed``; under the header's ``signatures:
required`` no move may follow it).

The header's ``keys:`` holds each player's public key as an OpenSSH line
(``ssh-ed25519 AAAA... comment``): given at ``forex new`` (the players agreed
on it before the game), or written by the player's own first signed move as
``{key: LINE, since: N}`` (trust on first use: whoever held the log then
could have put any key there; ``forex read`` refuses a copy whose keys differ
from the reader's own).

This module makes and checks the signatures (what is signed, the header's
keys, every move's signatures, the deals awaiting agreement); the keys
themselves are ``keys``', and writing a key or a signature into a log's text
is ``signedtext``'s.  The cryptography is that of the ``cryptography``
package; nothing here is written by hand but the message that is signed.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from msgspec import Struct, field
from msgspec.structs import replace

from ..games.base import state_digest
from ..words import is_you, possessive, says
from .keys import fingerprint, key_in_pieces, openssh_line, parse_public, public_line, same_key
from .problems import (
    LogError,
    Problem,
    command_path,
    command_word,
    header_hint,
    player_command,
)

if TYPE_CHECKING:
    from cryptography.hazmat.primitives.asymmetric.ed25519 import (
        Ed25519PrivateKey,
        Ed25519PublicKey,
    )

    from .entry import Entry
    from .gamelog import GameLog, Replay

KEYS_FIELD = "keys"
SIG_FIELD = "sig"
SIGNATURE_BYTES = 64
SIGNATURE_PIECE = 44
"""A signature's 88 base64 characters are written as two pieces of 44 (see ``in_pieces``)."""
PAYLOAD_VERSION = "forexcli signed move 1"
IDENTITY_LEFT_OUT = ("keys", "contacts", "finished", "moves", "engines", "offer", "declined")
"""Header fields that may change during a game without changing which game it is."""
SIGNATURES_FIELD = "signatures"
REQUIRED = "required"
"""``signatures: required`` in the header: every move signed, every deal agreed."""
WARN = "warn"
"""``signatures: warn`` in the header (a house setting): an unsigned move by a player whose
key the log holds is only a warning (without it, such a move is refused)."""


# --------------------------------------------------------------------------- what is signed


def game_identity(log: GameLog) -> str:
    """The SHA-256 (hex) of the log's header as data, less the fields that may change
    (``IDENTITY_LEFT_OUT``, and those the header commits to: ``Game.committed_fields``)."""
    left_out = IDENTITY_LEFT_OUT + tuple(log.game.committed_fields(log.header))
    header = {k: v for k, v in log.header.items() if k not in left_out}
    text = json.dumps(
        header, sort_keys=True, ensure_ascii=False, separators=(",", ":"), default=str
    )
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def payload(identity: str, number: int, before: str, signer: str, player: str, text: str) -> bytes:
    """The bytes a signature covers (one field a line, the decision's text last)."""
    return "\n".join(
        (
            PAYLOAD_VERSION,
            f"game {identity}",
            f"move {number}",
            f"before {before}",
            f"signer {signer}",
            f"player {player}",
            f"decision {text}",
        )
    ).encode("utf-8")


def sign(
    key: Ed25519PrivateKey,
    log: GameLog,
    number: int,
    before: Any,
    signer: str,
    player: str,
    text: str,
) -> str:
    """The base64 signature of ``signer`` over entry ``number`` (``before``: the state
    before it), in pieces (``in_pieces``)."""
    data = payload(game_identity(log), number, digest_of(log)(before), signer, player, text)
    return in_pieces(base64.b64encode(key.sign(data)).decode("ascii"))


def decline_text(entries: Sequence[str]) -> str:
    """What a person's signature on a ``declined:`` record covers in place of a decision:
    ``declined`` and its entries as JSON (no decision reads so, nor signs the same bytes)."""
    return "declined " + json.dumps(list(entries), ensure_ascii=False)


def sign_decline(
    key: Ed25519PrivateKey, log: GameLog, after: int, state: Any, signer: str, seat: str,
    entries: Sequence[str],
) -> str:  # fmt: skip
    """``signer``'s signature on declining ``seat``'s ``entries`` at its decision after move
    ``after`` (``state``: the state then), in pieces."""
    return sign(key, log, after + 1, state, signer, seat, decline_text(entries))


def signature_bytes(value: str) -> bytes | None:
    """The bytes of a signature as a log writes it (base64, its folds read back as spaces);
    None when it is not base64."""
    try:
        return base64.b64decode("".join(value.split(" ")), validate=True)
    except (binascii.Error, ValueError):
        return None


def decline_signed(
    log: GameLog, after: int, state: Any, signer: str, seat: str, entries: Sequence[str],
    signature: Any,
) -> bool:  # fmt: skip
    """Whether ``signature`` is ``signer``'s (the key ``log``'s header holds for them) on
    declining ``seat``'s ``entries`` after move ``after`` (``sign_decline``)."""
    keys, _ = header_keys(log)
    known = keys.get(signer)
    if known is None or known.key is None or not isinstance(signature, str):
        return False
    raw = signature_bytes(signature)
    if raw is None:
        return False
    data = payload(
        game_identity(log), after + 1, digest_of(log)(state), signer, seat, decline_text(entries)
    )
    return _verifies(known.key, raw, data)


def in_pieces(signature: str) -> str:
    """A base64 signature as it is written: in pieces of ``SIGNATURE_PIECE`` characters with
    a space between, so that a log line can be folded there and stay within a mail's width
    (the spaces are not part of the base64: a signature is read without them)."""
    pieces = [signature[i : i + SIGNATURE_PIECE] for i in range(0, len(signature), SIGNATURE_PIECE)]
    return " ".join(pieces)


def digest_of(log: Any) -> Callable[[Any], str]:
    """The state digest a signature covers: the game's ``games.base.state_digest``."""
    game = log.game
    return lambda state: state_digest(game, state)


def _verifies(key: Ed25519PublicKey, signature: bytes, data: bytes) -> bool:
    from cryptography.exceptions import InvalidSignature

    try:
        key.verify(signature, data)
    except InvalidSignature:
        return False
    return True


# --------------------------------------------------------------------------- the header's keys


class HeaderKey(Struct, frozen=True):
    """A player's key as the header gives it; ``since`` is None for a key given at set-up."""

    player: str
    line: str
    since: int | None
    key: Ed25519PublicKey | None

    @property
    def trust(self) -> str:
        """How the key came into the log, in words."""
        if self.since is None:
            return "given at set-up"
        return f"trust on first use: added with their signature on move {self.since}"


def key_value(line: str, since: int | None) -> str | dict[str, Any]:
    """The header value of a key: the line (its base64 in pieces, ``keys.key_in_pieces``), or
    ``{key: LINE, since: N}`` (trust on first use)."""
    written = key_in_pieces(line)
    return written if since is None else {"key": written, "since": since}


def header_keys(log: GameLog) -> tuple[dict[str, HeaderKey], list[Problem]]:
    """The players' keys in the header, and the problems of the ones that cannot be used."""
    given = log.header.get(KEYS_FIELD) or {}
    keys: dict[str, HeaderKey] = {}
    problems: list[Problem] = []
    for player, value in given.items():
        where = log.place((KEYS_FIELD, player))
        line, column = where if where else (None, None)
        if player not in log.players:
            problems.append(
                Problem(
                    "unknown_player",
                    f"keys: {player!r} is not one of the players",
                    "header",
                    log.filename,
                    line,
                    column,
                    hints=(header_hint(log.game.name),),
                )
            )
            continue
        text = value["key"] if isinstance(value, dict) else value
        since = value.get("since") if isinstance(value, dict) else None
        try:
            public: Ed25519PublicKey | None = parse_public(text)
        except ValueError as error:
            public = None
            problems.append(
                Problem(
                    "bad_key",
                    f"keys: {player}: not an Ed25519 public key: {error}",
                    "signature",
                    log.filename,
                    line,
                    column,
                    hints=("paste the whole line of the .pub file: ssh-ed25519 AAAA... comment",),
                )
            )
        keys[player] = HeaderKey(player, text, since, public)
    return keys, problems


# --------------------------------------------------------------------------- checking


class SignatureCheck(Struct):
    """What ``check_signatures`` found: ``errors`` make a log invalid, ``warnings`` do not.

    ``signed`` maps a move number to the players whose signatures on it verify;
    ``awaiting`` a move whose deal the cosigner has not countersigned (in a
    signed game) to that cosigner.
    """

    keys: dict[str, HeaderKey] = field(default_factory=dict)
    errors: list[Problem] = field(default_factory=list)
    warnings: list[Problem] = field(default_factory=list)
    signed: dict[int, tuple[str, ...]] = field(default_factory=dict)
    awaiting: dict[int, str] = field(default_factory=dict)
    unverified: dict[tuple[int, str], Problem] = field(default_factory=dict)
    """The ``bad_signature`` of each (move, signer) whose whole signature does not verify
    (not one cut short): what an edit of the log causes."""

    @property
    def problems(self) -> list[Problem]:
        """Errors and warnings, in the order of the file."""
        return sorted(self.errors + self.warnings, key=lambda p: (p.line or 0, p.column or 0))


def cosigner(game: Any, entry: Entry) -> str | None:
    """The player besides the decider whose agreement ``entry`` needs (the
    other party of a deal), as the game says (``Game.cosigner``); None when it needs
    nobody's."""
    partner: str | None = game.cosigner(entry.written, entry.player)
    return partner


def parties(game: Any, entry: Entry) -> tuple[str, ...]:
    """Who may sign an entry: the deciding player, and its cosigner (``cosigner``)."""
    partner = cosigner(game, entry)
    return (entry.player,) if partner is None else (entry.player, partner)


def signatures_required(log: GameLog) -> bool:
    """Whether the header says ``signatures: required``."""
    return log.header.get(SIGNATURES_FIELD) == REQUIRED


def unsigned_allowed(log: GameLog) -> bool:
    """Whether the header says ``signatures: warn``: a keyed player's unsigned move is then
    a warning, not a refusal."""
    return log.header.get(SIGNATURES_FIELD) == WARN


def key_expected(keys: dict[str, HeaderKey], entry: Entry) -> HeaderKey | None:
    """The key of ``entry``'s player that the entry must be signed with: one the header
    holds (given at set-up, or added on first use at or before this move) and that can be
    read; None when the player has none (trust on first use)."""
    key = keys.get(entry.player)
    if key is None or key.key is None or (key.since or 0) > entry.number:
        return None
    return key


def unsigned_problem(log: GameLog, entry: Entry, key: HeaderKey, *, refused: bool) -> Problem:
    """``unsigned_move``: ``entry`` is in the name of a player whose ``key`` the log holds but
    carries no signature of theirs (placed at its decision; ``refused``: by ``play``)."""
    where = log.place(("moves", entry.number - 1, entry.player))
    line, column = where if where else (None, None)
    player = entry.player
    said = (
        f"move {entry.number}: {player}: {entry.text}: not signed, and {says(player, 'has')} a"
        f" key in the log ({key.trust}): a move in {possessive(player)} name needs"
        f" {possessive(player)} signature"
    )
    if refused:
        hints: tuple[str, ...] = (
            f"{says(player, 'plays')} it with {'your' if is_you(player) else 'their'} key: "
            + player_command(
                "forex play",
                _file_word(log),
                player,
                f"{command_word(entry.text)} --sign --key FILE",
            ),
        )
        if not any(earlier.sig for earlier in log.entries[: entry.number - 1]):
            # (once a move is signed, a new header line breaks every signature)
            hints += ("a table that wants warnings only says signatures: warn in its header",)
        return Problem(
            "unsigned_move",
            said + "; nothing was written",
            "signature",
            log.filename,
            entry=entry.number,
            hints=hints,
        )
    return Problem(
        "unsigned_move",
        said,
        "signature",
        log.filename,
        line,
        column,
        entry.number,
        (
            f"{player} can sign it: forex sign {_file_word(log)} {entry.number} --key FILE",
            "forex play --sign signs a move as it is played",
        ),
    )


def _file_word(log: GameLog) -> str:
    """The log's file as a command a hint prints takes it (``FILE`` for standard input)."""
    from .schemawords import file_argument

    return file_argument(log.filename)


def signed_game(log: GameLog) -> bool:
    """A game whose log holds keys, signatures or ``signatures: required``: one where a
    deal is agreed by its cosigner's countersignature."""
    return bool(
        log.header.get(KEYS_FIELD)
        or signatures_required(log)
        or any(entry.sig for entry in log.entries)
    )


def sign_hint(log: GameLog, number: int, partner: str, filename: str | None = None) -> str:
    """``carol agrees by countersigning it: forex sign FILE 6 --as carol --key FILE``, the
    command naming ``filename`` (by default the log's file); for an engine seat's offer to
    the person ``partner`` (``seats.engine_offer_awaits``), the person's answers instead,
    ``accept --sign --key FILE`` or ``decline`` with the seats' keys
    (``seats.offer_answers_hint``), after which the seats play on."""
    from .seats import engine_offer_awaits, offer_answers_hint

    named = _file_word(log) if filename is None else command_path(filename)
    if engine_offer_awaits(log, number, partner):
        return offer_answers_hint(log, partner, named)
    return (
        f"{says(partner, 'agrees')} by countersigning it:"
        f" forex sign {named} {number} --as {command_word(partner)} --key FILE"
    )


def awaiting_text(log: GameLog, number: int, partner: str) -> str:
    """``move 6: alice's DEAL with carol awaits carol's signature`` (DEAL: the game's word,
    ``Game.agreement_words``)."""
    player = log.entries[number - 1].player
    deal = log.game.agreement_words()[0]
    return (
        f"move {number}: {possessive(player)} {deal} with {partner} awaits"
        f" {possessive(partner)} signature"
    )


def unagreed_problem(log: GameLog, number: int, partner: str) -> Problem:
    """``AgreementWords.unagreed`` for move ``number``, at its decision."""
    entry = log.entries[number - 1]
    where = log.place(("moves", number - 1, entry.player))
    line, column = where if where else (None, None)
    return Problem(
        log.game.agreement_words().unagreed,
        f"{awaiting_text(log, number, partner)} (in a signed game the partner's"
        f" countersignature is the agreement): {entry.text}",
        "signature",
        log.filename,
        line,
        column,
        number,
        (sign_hint(log, number, partner),),
    )


def unagreed_past(replay: Replay, doing: str) -> list[Problem]:
    """Under ``signatures: required``, an ``AgreementWords.unagreed`` for each deal that a later
    move of ``replay`` follows, though its partner has not countersigned it (``doing`` says
    what is refused: ``nothing was written``)."""
    log = replay.log
    if not signatures_required(log):
        return []
    moves = len(replay.states)
    found = []
    for number, partner in sorted(check_signatures(replay).awaiting.items()):
        if number >= moves:
            continue
        problem = unagreed_problem(log, number, partner)
        found.append(
            Problem(
                problem.code,
                f"{awaiting_text(log, number, partner)}, and the log says signatures: required:"
                f" no move may follow it until {says(partner, 'countersigns')} it; {doing}",
                problem.layer,
                problem.file,
                problem.line,
                problem.column,
                number,
                problem.hints,
            )
        )
    return found


def required_refusals(replay: Replay, *, signed: bool) -> list[Problem]:
    """Why the last move of ``replay`` is refused (none: it may be written): it is not
    ``signed`` though its player's key is in the log (``unsigned_move``, unless the header
    says ``signatures: warn``); under ``signatures: required``, it is not signed at all, or
    it follows a deal its cosigner has not countersigned (``AgreementWords.unagreed``)."""
    log = replay.log
    if not log.entries or signed:
        return unagreed_past(replay, "nothing was written")
    entry = log.entries[-1]
    if not signatures_required(log):
        key = None if unsigned_allowed(log) else key_expected(header_keys(log)[0], entry)
        return [] if key is None else [unsigned_problem(log, entry, key, refused=True)]
    problems = unagreed_past(replay, "nothing was written")
    if not signed:
        problems.append(
            Problem(
                "unsigned_move",
                f"move {entry.number}: {entry.player}: {entry.text}: not signed, and the log"
                " says signatures: required; nothing was written",
                "signature",
                log.filename,
                entry=entry.number,
                hints=(
                    "sign it: "
                    + player_command(
                        "forex play",
                        _file_word(log),
                        entry.player,
                        f"{command_word(entry.text)} --sign --key FILE",
                    ),
                ),
            )
        )
    return problems


def check_signatures(replay: Replay, *, require: bool = False) -> SignatureCheck:
    """Verify every signature of the legally replayed entries; find unsigned moves.

    An unsigned entry by a player whose key the header holds (from their
    first signed move on, for a key added on first use) is an error
    (``unsigned_move``; a warning under the header's ``signatures: warn``
    unless ``require``); a deal its cosigner has not countersigned
    (``AgreementWords.unagreed``) is a warning, or an error with ``require``
    (``validate`` sets it for ``--require-signatures`` or the header's
    ``signatures: required``).  Every problem is placed at the signature, or
    at the entry's decision.
    """
    log = replay.log
    keys, key_problems = header_keys(log)
    result = SignatureCheck(keys, list(key_problems))
    if not signed_game(log):
        return result
    unsigned_error = require or not unsigned_allowed(log)
    state_digest = digest_of(log)
    identity = game_identity(log)
    moves = len(replay.states)
    befores: list[str] = []  # the digest of the state before each legal entry, when needed

    def before(number: int) -> str:
        while len(befores) < number:
            befores.append(state_digest(replay.state_after(len(befores))))
        return befores[number - 1]

    for entry in log.entries[:moves]:
        index = entry.number - 1
        verified: list[str] = []
        for signer, value in (entry.sig or {}).items():
            where = log.place(("moves", index, SIG_FIELD, signer))
            problem = _check_one(replay, keys, identity, entry, signer, value, before, moves, where)
            if problem is None:
                verified.append(signer)
            else:
                result.errors.append(problem)
                if problem.code == "bad_signature" and _NOT_VERIFIED in problem.message:
                    result.unverified[(entry.number, signer)] = problem
        if verified:
            result.signed[entry.number] = tuple(verified)
        key = key_expected(keys, entry)
        if key is not None and entry.player not in (entry.sig or {}):
            problem = unsigned_problem(log, entry, key, refused=False)
            (result.errors if unsigned_error else result.warnings).append(problem)
        partner = cosigner(log.game, entry)
        if partner is not None and partner not in verified:
            result.awaiting[entry.number] = partner
            if partner not in (entry.sig or {}):  # (a countersignature that fails is told)
                unagreed = unagreed_problem(log, entry.number, partner)
                (result.errors if require else result.warnings).append(unagreed)
    for player, key in keys.items():
        if key.since is None or key.key is None:
            continue
        entries = log.entries
        introduced = key.since <= len(entries) and player in (entries[key.since - 1].sig or {})
        if not introduced:  # (a signature there that fails is reported at its place)
            where = log.place((KEYS_FIELD, player))
            line, column = where if where else (None, None)
            result.errors.append(
                Problem(
                    "bad_key",
                    f"keys: {player}: the key says it was added by {possessive(player)} signed move"
                    f" {key.since}, which carries no signature of {possessive(player, alone=True)}",
                    "signature",
                    log.filename,
                    line,
                    column,
                    hints=("a key added on first use comes with a signature that it verifies",),
                )
            )
    result.errors.sort(key=lambda p: (p.line or 0, p.column or 0))
    return result


def _check_one(
    replay: Replay,
    keys: dict[str, HeaderKey],
    identity: str,
    entry: Entry,
    signer: str,
    value: str,
    before: Callable[[int], str],
    moves: int,
    where: tuple[int, int] | None,
) -> Problem | None:
    """The problem with ``signer``'s signature ``value`` on ``entry`` (None when it verifies)."""
    log = replay.log
    line, column = where if where else (None, None)
    head = f"move {entry.number}: {entry.player}: {entry.text}: {possessive(signer)} signature"

    def fail(code: str, reason: str, *hints: str) -> Problem:
        return Problem(
            code, f"{head} {reason}", "signature", log.filename, line, column, entry.number, hints
        )

    if signer not in parties(log.game, entry):
        return fail(
            "stray_signature",
            "does not belong here: only the deciding player and"
            f" {log.game.agreement_words()[1]} sign a move",
        )
    key = keys.get(signer)
    if key is None or key.key is None:
        return fail(
            "unknown_signer",
            f"cannot be checked: the header holds no key for {signer}",
            f"add {possessive(signer)} public key to keys: in the header (ask {signer} for it)",
        )
    written = "".join(value.split(" "))
    raw = signature_bytes(value) or b""
    if len(raw) != SIGNATURE_BYTES:
        return fail(
            "bad_signature",
            f"is damaged or cut short: {len(written)} characters of base64 where an Ed25519"
            f" signature has {len(base64.b64encode(bytes(SIGNATURE_BYTES)))}",
            "the mail or an editor may have cut the line: take it from the sender's copy",
        )
    data = payload(identity, entry.number, before(entry.number), signer, entry.player, entry.text)
    if _verifies(key.key, raw, data):
        return None
    for other, other_key in keys.items():
        if other != signer and other_key.key is not None and _verifies(other_key.key, raw, data):
            return fail(
                "wrong_key",
                f"was made with {possessive(other)} key, not {possessive(signer, alone=True)}"
                f" ({fingerprint(key.key)})",
                "someone signed in another player's name",
            )
    # Made for this decision at another place of this log?
    for number in range(1, moves + 1):
        if number == entry.number:
            continue
        moved = payload(identity, number, before(number), signer, entry.player, entry.text)
        if _verifies(key.key, raw, moved):
            return fail(
                "moved_entry",
                f"was made for move {number}: the entry was moved from its place",
                "someone moved or copied a signed entry: compare with an earlier copy (forex diff)",
            )
    return fail(
        "bad_signature",
        f"{_NOT_VERIFIED} {possessive(signer)} key ({fingerprint(key.key)}): the decision's text,"
        " an earlier move, the game's header or the signature changed after it was signed,"
        " or it was copied from another game",
        "compare with an earlier copy of the log (forex diff) to see what changed",
    )


# --------------------------------------------------------------------------- one edit


_NOT_VERIFIED = "does not verify with"
MAX_GUESSES = 5000
"""The most decisions ``signed_instead`` tries against a signature."""


def one_edit(
    replay: Replay, mismatch: Problem | None, check: SignatureCheck
) -> tuple[list[Problem], list[Problem]]:
    """The errors and warnings to report for a log's digests (``mismatch``: the first that
    does not match) and signatures (``check``), with a move changed after it was signed told
    once: when every signature from some move on fails (and the first digest that does not
    match is not earlier), that move is the edit (``edited_move``: what was signed, when
    ``signed_instead`` finds it, and what is there), and the failures after it are one
    ``signatures_after_edit``; each keeps the problems it stands for as ``details``.  In a
    log with such an edit nothing advises signing: its deals awaiting a cosigner after
    the edit are not reported, and no hint says ``forex sign``."""
    errors = ([mismatch] if mismatch is not None else []) + list(check.errors)
    warnings = list(check.warnings)
    log = replay.log
    edit = _edited_move(replay, mismatch, check)
    if edit is None:
        return _in_order(errors), warnings
    entry = log.entries[edit - 1]
    later = [
        (later_entry.number, signer)
        for later_entry in log.entries[edit : len(replay.states)]
        for signer in later_entry.sig or {}
    ]
    own = [check.unverified[(n, s)] for (n, s) in check.unverified if n == edit]
    absorbed_digest = mismatch is not None and mismatch.entry == edit
    details = ([mismatch] if absorbed_digest and mismatch is not None else []) + own
    found = [_edited_problem(replay, check, entry, own, mismatch if absorbed_digest else None)]
    found[0] = replace(found[0], details=tuple(details))
    if mismatch is None and own and not any(number < edit for number in check.signed):
        header = (
            "no signature of the log verifies and every digest matches: if move"
            f" {edit} is as it was played, the game's header changed instead (its title, set-up"
            " or signatures:), or the moves were signed in another game (another id:):"
            " compare it with a copy you trust (forex diff)"
        )
        found[0] = replace(found[0], hints=(header, *found[0].hints))
    if later:
        consequences = [check.unverified[pair] for pair in later]
        if mismatch is not None and not absorbed_digest:
            consequences.insert(0, mismatch)
        found.append(_after_edit_problem(log, edit, later, consequences))
    taken = {id(p) for p in details} | {id(p) for p in found[-1].details}
    rest = [p for p in errors if id(p) not in taken]
    unagreed = replay.log.game.agreement_words().unagreed
    kept = [p for p in warnings if not (p.code == unagreed and (p.entry or 0) >= edit)]
    return _in_order(found + [_no_sign_hints(p) for p in rest]), [_no_sign_hints(p) for p in kept]


def _in_order(problems: list[Problem]) -> list[Problem]:
    return sorted(problems, key=lambda p: (p.line or 0, p.column or 0))


def _no_sign_hints(problem: Problem) -> Problem:
    hints = tuple(h for h in problem.hints if "forex sign" not in h and " accept --sign " not in h)
    return problem if hints == problem.hints else replace(problem, hints=hints)


def _edited_move(replay: Replay, mismatch: Problem | None, check: SignatureCheck) -> int | None:
    """The move that an edit changed, when the signatures say so: every signature from the
    first that fails on fails, and no digest fails earlier (None otherwise)."""
    if not check.unverified:
        return None
    first = min(number for number, _signer in check.unverified)
    if mismatch is not None and mismatch.entry is not None:
        first = min(first, mismatch.entry)
    log = replay.log
    for entry in log.entries[first - 1 : len(replay.states)]:
        for signer in entry.sig or {}:
            if (entry.number, signer) not in check.unverified and (
                entry.number > first or signer in check.signed.get(first, ())
            ):
                return None  # (a signature of the first that verifies: its text is as signed)
    return first


def _edited_problem(
    replay: Replay,
    check: SignatureCheck,
    entry: Entry,
    own: list[Problem],
    mismatch: Problem | None,
) -> Problem:
    """``edited_move``: ``entry`` changed after it was signed (or, unsigned, after its
    digest was written), with what was signed when it can be told."""
    log = replay.log
    where = log.place(("moves", entry.number - 1, entry.player))
    line, column = where if where else (None, None)
    head = f"move {entry.number}: {entry.player}: {entry.text}:"
    if own:
        signers = [s for (n, s) in check.unverified if n == entry.number]
        instead = signed_instead(replay, check, entry, signers[0])
        said = f"{head} changed after it was signed"
        if instead is not None:
            there = json.dumps(entry.text)
            said += f": {signers[0]} signed {json.dumps(instead)}, the log says {there}"
        else:
            whose = possessive(" and ".join(signers))
            said += f" ({whose} signature does not verify for what is there)"
    else:
        said = f"{head} changed after it was played: its recorded digest no longer matches"
    if mismatch is not None:
        said += "; the first recorded digest that no longer matches is this move's"
    hints = (
        f"take move {entry.number} from a copy you trust (forex diff {_file_word(log)} OTHER"
        " shows what changed), or ask the sender for a good copy; sign nothing in this log",
        "forex validate --format json lists every signature and digest this covers",
    )
    return Problem(
        "edited_move", said, "signature", log.filename, line, column, entry.number, hints
    )


def _after_edit_problem(
    log: GameLog, edit: int, later: list[tuple[int, str]], consequences: list[Problem]
) -> Problem:
    """``signatures_after_edit``: the ``later`` signatures all fail because move ``edit``
    changed; placed at the first of them."""
    first_move, first_signer = later[0]
    where = log.place(("moves", first_move - 1, SIG_FIELD, first_signer))
    line, column = where if where else (None, None)
    numbers = sorted({number for number, _signer in later})
    span = f"move {numbers[0]}" if len(numbers) == 1 else f"moves {numbers[0]} to {numbers[-1]}"
    what = "the signature" if len(later) == 1 else f"all {len(later)} signatures"
    fail = "fails" if len(later) == 1 else "fail"
    return Problem(
        "signatures_after_edit",
        f"{what} of {span} {fail} because move {edit} changed: each covers the state before"
        " its move, which that change altered",
        "signature",
        log.filename,
        line,
        column,
        first_move,
        (f"they verify again once move {edit} is as it was signed",),
        details=tuple(consequences),
    )


def signed_instead(replay: Replay, check: SignatureCheck, entry: Entry, signer: str) -> str | None:
    """The decision ``signer``'s signature on ``entry`` was made for, when it is one legal
    decision away from what the entry says (one of its decisions replaced, left out or
    added); None when none of at most ``MAX_GUESSES`` verifies."""
    key = check.keys.get(signer)
    value = (entry.sig or {}).get(signer)
    if key is None or key.key is None or not isinstance(value, str):
        return None
    raw = signature_bytes(value)
    if raw is None:
        return None
    log = replay.log
    game = log.game
    before = replay.state_after(entry.number - 1)
    identity = game_identity(log)
    digest = digest_of(log)(before)
    decisions = tuple(entry.decisions)
    tried: set[str] = {entry.text}
    state = before
    for index in range(len(decisions) + 1):
        try:
            choices = list(game.legal(state))
        except Exception:  # a state the rules cannot list: no guess from here
            break
        for choice in choices:
            for guess in (
                (*decisions[:index], choice, *decisions[index + 1 :]),
                (*decisions[:index], choice, *decisions[index:]),
                decisions[:index] + decisions[index + 1 :],
            ):
                if not guess:
                    continue
                try:
                    text = game.write(guess)
                except Exception:  # a combination no entry can hold
                    continue
                if text in tried:
                    continue
                tried.add(text)
                if len(tried) > MAX_GUESSES:
                    return None
                data = payload(identity, entry.number, digest, signer, entry.player, text)
                if _verifies(key.key, raw, data):
                    return text
        if index == len(decisions):
            break
        try:
            state = game.apply(state, decisions[index])
        except Exception:
            break
    return None


def signature_lines(check: SignatureCheck, replay: Replay, until: int | None = None) -> list[str]:
    """Who signed which moves, how each key came into the log, and the deals up to
    move ``until`` (all by default) that await their cosigner's signature (raw text), for
    show."""
    if not check.keys and not check.signed and not check.awaiting:
        return []
    lines = []
    for player in replay.log.players:
        key = check.keys.get(player)
        numbers = [n for n, who in sorted(check.signed.items()) if player in who]
        own = [n for n in numbers if replay.log.entries[n - 1].player == player]
        counter = [n for n in numbers if n not in own]
        if key is None:
            what = "no key"
        elif key.key is None:
            what = "a key that cannot be read"
        else:
            what = f"key {fingerprint(key.key)}, {key.trust}"
        said = f"{player}: {what}"
        if own:
            said += f"; signed move{'s' if len(own) > 1 else ''} {_numbers(own)}"
        if counter:
            said += f"; countersigned {_numbers(counter)}"
        if key is not None and not numbers:
            said += "; no signed move yet"
        lines.append(said)
    log = replay.log
    last = len(log.entries) if until is None else until
    lines.extend(
        awaiting_text(log, n, partner) for n, partner in sorted(check.awaiting.items()) if n <= last
    )
    return lines


def _numbers(numbers: list[int]) -> str:
    """``1, 3, 5 to 9``."""
    runs: list[list[int]] = []
    for n in numbers:
        if runs and runs[-1][-1] == n - 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return ", ".join(
        ", ".join(str(n) for n in r) if len(r) <= 2 else f"{r[0]} to {r[-1]}" for r in runs
    )


def signed_phrase(check: SignatureCheck, number: int, deal: str) -> str | None:
    """``signed by alice and bob`` for a move whose signatures verify, with ``; the DEAL
    awaits carol's signature`` when its partner has not countersigned (``deal``: DEAL, the
    game's word, ``Game.agreement_words``; None for an unsigned move that makes no deal)."""
    who = check.signed.get(number)
    partner = check.awaiting.get(number)
    said = "signed by " + " and ".join(who) if who else None
    if partner is None:
        return said
    return f"{said or 'not signed'}; the {deal} awaits {possessive(partner)} signature"


# --------------------------------------------------------------------------- signers


class Signer(Struct, frozen=True):
    """A player about to sign: their name and private key."""

    name: str
    key: Ed25519PrivateKey
    comment: str = ""

    @property
    def public(self) -> str:
        """Their public-key line."""
        return public_line(self.key.public_key(), self.comment)

    def header_key(self, log: GameLog) -> HeaderKey | None:
        """Their key in ``log``'s header; ``LogError`` when the header holds another one."""
        keys, _problems = header_keys(log)
        known = keys.get(self.name)
        if known is None:
            return None
        if known.key is None or not same_key(known.key, self.key.public_key()):
            theirs = fingerprint(known.key) if known.key is not None else "unreadable"
            hints: tuple[str, ...] = (
                f"sign with {possessive(self.name)} own key: --key FILE or FOREX_KEY",
            )
            if known.since is not None:
                theirs += f", added on first use with the signature of move {known.since}"
                hints += (
                    f"if this is {possessive(self.name)} own key, whoever signed move"
                    f" {known.since} put another key in the log in {possessive(self.name)}"
                    " name: tell the other players, and compare the copies (forex diff)",
                )
            where = log.place((KEYS_FIELD, self.name))
            line, column = where if where else (None, None)
            raise LogError(
                [
                    Problem(
                        "wrong_key",
                        f"this key ({fingerprint(self.key.public_key())}) is not"
                        f" {possessive(self.name)}"
                        f" key in the log ({theirs}); nothing was written",
                        "signature",
                        log.filename,
                        line,
                        column,
                        hints=hints,
                    )
                ]
            )
        return known


# --------------------------------------------------------------------------- signing an entry later


def refuse_forged(replay: Replay, what: str, *, unsigned: bool = False) -> None:
    """Raise ``LogError`` when the log's signatures do not verify (nothing is signed then; a
    move left unsigned is no forgery: signing it is how it is settled), and with
    ``unsigned`` when a move is unsigned in the name of a player whose key the log holds
    (a move added after it would go on from a move that player did not make)."""
    found = one_edit(replay, None, check_signatures(replay))[0]  # one edit: one finding
    errors = [p for p in found if unsigned or p.code != "unsigned_move"]
    if errors:
        raise LogError(
            [
                Problem(
                    p.code,
                    f"{p.message}; nothing was {what}",
                    p.layer,
                    p.file,
                    p.line,
                    p.column,
                    p.entry,
                    (
                        *p.hints,
                        f"forex validate {_file_word(replay.log)} lists every signature problem",
                    ),
                )
                for p in errors
            ]
        )


def signatures_data(replay: Replay, until: int | None = None) -> dict[str, Any] | None:
    """``show --format json``'s ``signatures`` (None in an unsigned game): each player's
    key, the verified signers of each move up to ``until`` and the deals up to it that
    await their cosigner's countersignature."""
    if not signed_game(replay.log):
        return None
    check = check_signatures(replay)
    last = len(replay.log.entries) if until is None else until
    return {
        "keys": {
            name: {
                "key": openssh_line(key.line),
                "fingerprint": fingerprint(key.key) if key.key is not None else None,
                "since": key.since,
            }
            for name, key in check.keys.items()
        },
        "signed": [
            {"move": number, "by": list(who)}
            for number, who in sorted(check.signed.items())
            if number <= last
        ],
        "awaiting": [
            {"move": number, "player": replay.log.entries[number - 1].player, "partner": partner}
            for number, partner in sorted(check.awaiting.items())
            if number <= last
        ],
    }
