"""The host's engine seats in a game by mail: their replies, signed with their keys.

``forex read MAIL --into LOG --reply`` (a mail filter's one command) saves the
log that arrived, then ``host_replies`` lets every engine seat that decides next
play, as ``forex play``'s replies do (``replies.reply_engines``), but a seat whose
moves are signed in the game (its key is in the log's ``keys:``, or the header
says ``signatures: required``) signs each of its decisions with the key the host
gave it, through the same ``edit.append`` as ``forex play --sign``.  Each decision
is checked by the rules and written at once (atomically).
"""

from __future__ import annotations

import time
from collections.abc import Collection, Mapping
from typing import Any

from msgspec import Struct

from .games.base import Budget
from .record import edit
from .record.problems import LogError, Problem, command_path, command_word
from .record.seats import engine_seats, open_offer
from .replies import (
    MAX_REPLIES,
    Countersignature,
    Replies,
    Reply,
    awaited_deal,
    engine_entry,
    reply_engines,
)
from .words import possessive, says


def seat_signs(log: Any, seat: str) -> bool:
    """Whether ``seat``'s moves must be signed in ``log``: its key is in the header, or
    every move must be (``signatures: required``)."""
    from .record.signing import header_keys, signatures_required

    keys, _ = header_keys(log)
    return seat in keys or signatures_required(log)


def missing_keys(log: Any, signers: Mapping[str, Any]) -> list[str]:
    """The engine seats of ``log`` whose moves are signed but whose key the host did not
    give (``signers``: seat -> ``signing.Signer``)."""
    return [
        seat for seat in engine_seats(log.header) if seat_signs(log, seat) and seat not in signers
    ]


def no_key(path: str, seat: str) -> LogError:
    """``no_key``: ``seat``'s moves are signed and the host gave no key for it."""
    return LogError(
        [
            Problem(
                "no_key",
                f"{seat} (the engine) plays with signed moves in this game, and no key was"
                f" given for {seat}; nothing was written",
                "signature",
                path,
                hints=(f"give its key: --key-for-seat {command_word(f'{seat}=FILE')}",),
            )
        ]
    )


def _signed_reply(
    path: str, played: Any, seat: str, budget: Budget, signer: Any, seed: int
) -> Reply:
    """The engine's decision for ``seat``, signed by ``signer`` and appended (checked by the
    rules; in a signed game an offer to a person awaits their countersignature)."""
    from msgspec.structs import replace

    from .record import files
    from .record.seats import DECLINED_FIELD, entry_partner, with_header_key
    from .replies import declined_first

    log = played.log
    game = log.game
    plan = budget if budget.seconds is None else replace(budget, since=time.perf_counter())
    engines = tuple(engine_seats(log.header))
    declined = declined_first(log, played, seat)
    entry, refused = engine_entry(
        game, played.final, plan, seed=seed, engines=engines, declined=declined
    )
    text = game.write(entry)
    change = edit.append(path, seat, text, digest=True, signer=signer, dry_run=True)
    partner = entry_partner(game, entry)
    offers = partner is not None and partner != seat and partner not in engines
    if DECLINED_FIELD in log.header and not (declined and offers):  # its decision is made
        new_text = with_header_key(change.new_text, DECLINED_FIELD, None)
        edit.checked_edit(log, new_text)
        files.replace_file(path, change.expected, new_text)
    else:
        edit.commit(change)
    return Reply(seat, text, plan.describe(), number=played.moves + 1, refused=refused, signed=True)


class Countersigned(Struct, frozen=True):
    """What ``countersign_deals`` did: each deal countersigned, and the problem of a deal
    the engine declines (None: every deal was agreed)."""

    agreed: tuple[Countersignature, ...] = ()
    declined: Problem | None = None

    @property
    def lines(self) -> tuple[str, ...]:
        """A line for each deal countersigned (``Countersignature.line``)."""
        return tuple(signed.line() for signed in self.agreed)


def countersign_deals(path: str, signers: Mapping[str, Any]) -> Countersigned:
    """Countersign, with the key the host gave the seat, each deal offered to an
    engine seat of the log at ``path`` since the seat's own last move that awaits its
    signature and that the engine's consent rule accepts (in a signed game the
    countersignature is the agreement); a deal it declines is left unsigned and named in
    ``declined`` (the game's ``AgreementWords.declined``). An older deal (the seat played
    after it, maybe as a person's seat) is not the engine's to agree to."""
    from .record.gamelog import replay
    from .record.seats import entry_partner

    _, log, _ = edit.load_valid(path)
    engines = engine_seats(log.header)
    last_own = {entry.player: entry.number for entry in log.entries}  # an older deal it passed
    waiting = [
        entry
        for entry in log.entries
        if (partner := entry_partner(log.game, entry.decisions)) in engines
        and partner in signers
        and partner != entry.player
        and partner not in (entry.sig or {})
        and entry.number > last_own.get(partner, 0)
    ]
    if not waiting:
        return Countersigned()
    played = replay(log)
    agreed: list[Countersignature] = []
    for entry in waiting:
        partner = entry_partner(log.game, entry.decisions) or ""
        before = played.state_after(entry.number - 1)
        reason = log.game.offer_refusal(before, entry.decisions)
        if reason is not None:
            return Countersigned(
                tuple(agreed),
                Problem(
                    log.game.agreement_words().declined,
                    f"move {entry.number}: {entry.player}: {entry.text}: {partner} (the engine)"
                    f" declines the offer: {reason}; it does not countersign it, and plays no"
                    f" move after it",
                    "rules",
                    path,
                    entry=entry.number,
                    hints=(
                        f"{says(entry.player, 'takes')} the move back in their copy and chooses"
                        f" again: forex undo FILE --to {entry.number - 1}"
                        f" --as {command_word(entry.player)}",
                        f"and it goes here: forex undo {command_path(path)}"
                        f" --to {entry.number - 1} --force",
                    ),
                ),
            )
        edit.sign_entry(path, entry.number, signers[partner])
        agreed.append(Countersignature(entry.number, partner))
    return Countersigned(tuple(agreed))


class Declined(Struct, frozen=True):
    """An entry that opens with an offer to an engine seat which the engine declines: its
    number, who offered it, to which seat, its text, and why (what the seat would lose)."""

    number: int
    player: str
    partner: str
    text: str
    reason: str


def declined_entry(played: Any, since: int = 0) -> Declined | None:
    """The first entry after move ``since`` of ``played`` that opens with an offer to an
    engine seat of its log that the engine's consent rule (``Game.offer_refusal``) declines;
    an offer the seat made to itself, countersigned, or passed (it played after it) is not
    the engine's to answer. None: there is none."""
    from .record.seats import entry_partner

    log = played.log
    engines = engine_seats(log.header)
    if not engines:
        return None
    entries = log.entries[: played.moves]
    last_own = {entry.player: entry.number for entry in entries}
    for entry in entries[since:]:
        partner = entry_partner(log.game, entry.decisions)
        if (
            partner not in engines
            or partner == entry.player
            or partner in (entry.sig or {})
            or entry.number < last_own.get(partner, 0)
        ):
            continue
        before = played.state_after(entry.number - 1)
        reason = log.game.offer_refusal(before, entry.decisions)
        if reason is not None:
            assert partner is not None
            return Declined(entry.number, entry.player, partner, entry.text, reason)
    return None


class Foreign(Struct, frozen=True):
    """A move in the name of one of the host's engine seats that its engine did not make (it
    came in a player's mail): its number, seat and text, and whether it stands where the
    host's open offer waited for its answer (the offer was not accepted: it is declined)."""

    number: int
    player: str
    text: str
    answers_offer: bool
    offer_only: bool = False
    """The mail brought no move, only a new offer of the seat (``text``) that declined the
    host's (its copy's engine chose again after its partner declined)."""


def foreign_entry(
    played: Any, since: int, offer: Any = None, keyed: Collection[str] = ()
) -> Foreign | None:
    """The first entry after move ``since`` of ``played`` in the name of an engine seat of its
    log that the seat did not sign with the key the host's log holds for it (``keyed``: those
    seats; the mail's signatures are checked against them): the host's engine plays those
    seats, so such an entry came from someone else. The
    host's open ``offer`` (``seats.Offer``), when the first new entry is it, was accepted by
    its partner and is the engine's own. None: there is none."""
    log = played.log
    engines = engine_seats(log.header)
    for entry in log.entries[since : played.moves]:
        if entry.player not in engines or (
            entry.player in keyed and entry.player in (entry.sig or {})
        ):
            continue  # a person's move, or one signed with the seat's key (the host's)
        first = entry.number == since + 1
        if first and offer is not None and _is_offer(log.game, offer, entry):
            continue
        return Foreign(entry.number, entry.player, entry.text, first and offer is not None)
    return None


def without_foreign(arrived: Any, into: str) -> tuple[Any, Foreign | None]:
    """``read --reply``: the ``record.mail.Arrival`` without a new move in the name of one of
    the host's engine seats that its engine did not make (``foreign_entry``; nor the moves
    after it), the open offer the host's, and that move (None: none); raises ``LogError``."""
    from .record.mail import cut_arrival, with_offer
    from .record.seats import OFFER_FIELD
    from .record.signing import KEYS_FIELD

    own = arrived.own_header or {}
    keys = own.get(KEYS_FIELD)
    keyed = tuple(keys) if isinstance(keys, dict) else ()
    foreign = foreign_entry(arrived.replay, arrived.since, open_offer(own), keyed)
    if foreign is None:
        foreign = _offer_declined(arrived, open_offer(own))
    if foreign is not None:
        arrived = cut_arrival(arrived, foreign.number - 1, into)
    if arrived.saves:
        new_moves = arrived.replay.moves > arrived.since
        arrived = with_offer(arrived, None if new_moves else own.get(OFFER_FIELD), into)
        if not new_moves and arrived.saved_text.encode() == arrived.own_bytes:
            arrived = _nothing_taken(arrived)
    return arrived, foreign


def _offer_declined(arrived: Any, offer: Any) -> Foreign | None:
    """A mail with no new move whose copy holds another offer of the seat of the host's open
    ``offer``, made after its partner declined the host's (the host's offer is among the new
    one's ``declined``): the partner declined the host's offer (``Foreign.offer_only``);
    None otherwise."""
    if offer is None or arrived.replay.moves != arrived.since:
        return None
    theirs = open_offer(arrived.replay.log.header)
    if (
        theirs is None
        or theirs.player != offer.player
        or theirs.decision == offer.decision
        or offer.decision not in theirs.declined
    ):
        return None
    return Foreign(arrived.since + 1, offer.player, theirs.decision, True, offer_only=True)


def _nothing_taken(arrived: Any) -> Any:
    """``arrived`` saving nothing: what it brought was only an ``offer:`` the host's engine
    did not make (its lines said the mail added it)."""
    from msgspec.structs import replace

    from .record.problems import printable

    label = arrived.label or "the mail"
    line = printable(
        f"{label} brings no new move, and its offer: is not this host's engine's (not taken)."
    )
    return replace(arrived, kind="same", text="", lines=[line], said=[])


def take_out_held_declined(path: str) -> Declined | None:
    """An offer an engine seat declines that the log at ``path`` already held (saved by a
    ``read`` without --reply), taken out of it with the moves after it, as one arriving is
    (``declined_entry``); None: it holds none. Raises ``LogError``."""
    _, _, played = edit.load_valid(path)
    declined = declined_entry(played)
    if declined is not None:
        edit.remove_after(path, declined.number - 1)
    return declined


def signed_decline(arrived: Any, into: str) -> str | None:
    """``read --reply`` of a mail whose copy is the log at ``into`` but for its last move, an
    engine seat's deal that awaits its person's countersignature, and whose ``declined:``
    the person signed (``signing.sign_decline``, with the key ``into`` holds for them) over
    that deal and the others declined at that decision, each an offer to them: the person
    declined it by mail. The move is taken out and the signed record kept, as ``forex play
    FILE NAME decline --sign`` leaves them; returns what the mail did, in words, None when
    it is no such decline (nothing changed). Raises ``LogError``."""
    from .record.problems import printable
    from .record.seats import entry_partner, signed_declines
    from .record.signing import decline_signed
    from .replies import awaited_offer, decline_awaited

    if arrived.kind != "older":
        return None
    _, log, played = edit.load_valid(into)
    moves = len(log.entries)
    record = signed_declines(arrived.replay.log.header)
    if moves == 0 or arrived.replay.moves != moves - 1 or record is None or not record.sig:
        return None
    last = log.entries[-1]
    if len(record.sig) != 1 or record.player != last.player or record.after != moves - 1:
        return None
    ((person, signature),) = record.sig.items()
    offered = awaited_offer(played, person)
    if offered is None or offered.number != moves or last.text not in record.entries:
        return None
    for text in record.entries:
        try:
            decisions = log.game.parse(record.player, text)
        except log.game.notation_error:
            return None
        if entry_partner(log.game, decisions) != person:
            return None
    state = played.state_after(moves - 1)
    if not decline_signed(log, moves - 1, state, person, record.player, record.entries, signature):
        return None
    decline_awaited(into, person, record=record)
    label = arrived.label or "the mail"
    return printable(
        f"{label}: {person} declined {possessive(last.player)} move {moves} ({last.text}),"
        f" signed by {person}: it is taken out of {into} (it never took effect), and"
        f" {says(last.player, 'chooses')} again without it."
    )


def _is_offer(game: Any, offer: Any, entry: Any) -> bool:
    """Whether ``entry`` is the open ``offer``'s entry, decision for decision."""
    if entry.player != offer.player:
        return False
    try:
        return list(game.parse(offer.player, offer.decision)) == list(entry.decisions)
    except game.notation_error:
        return False


def foreign_notice(foreign: Foreign, path: str) -> Problem:
    """``engine_seat_move``, told to the host: the move in the engine seat's name is not taken
    (nor any after it); the host's engine plays the seat."""
    seat = foreign.player
    answer = (
        f"; the open offer of {seat} was not accepted: it is declined, and {seat} chooses again"
        if foreign.answers_offer
        else ""
    )
    what = (
        f"the mail's offer of {seat} ({foreign.text}), made after the host's was declined:"
        f" {seat} is this host's engine seat and its engine did not make this offer; it is not"
        " taken"
        if foreign.offer_only
        else f"move {foreign.number}: {seat}: {foreign.text}: {seat} is this host's engine seat"
        " and its engine did not make this move; it is not taken, nor the moves after it"
    )
    return Problem(
        "engine_seat_move",
        f"{what}{answer}: {path} holds the game as it stood after move {foreign.number - 1}",
        "mail",
        path,
        entry=foreign.number,
        hints=(
            (
                f"the reply mail tells its sender that {possessive(seat)} offer is declined,"
                f" with {possessive(seat)} new choice in the log attached"
            )
            if foreign.answers_offer
            else (
                f"the player who sent it takes {possessive(seat)} move back in their copy"
                " (forex undo) and mails their own move only: forex play FILE NAME DECISION"
                " --eml OUT.eml"
                f" sends it to the host without {possessive(seat)} reply"
            ),
        ),
    )


def foreign_text(foreign: Foreign, fmt: str = "text") -> str:
    """The notice the next mail opens with after ``foreign`` was not taken (``fmt``: ``text``
    or ``markdown``): whose move it was, that the host's engine plays the seat, and what the
    player who sent it does with their copy."""
    seat = foreign.player
    if foreign.answers_offer:
        said: tuple[str, ...] = (
            f"Your mail did not accept the open offer of {seat}: it is declined, and {seat}"
            f" chose again (the host's engine plays it). "
            + (
                f"The offer in the mail ({seat}: {foreign.text}), which the host's engine did"
                f" not make, was not taken. The log attached is the host's: {seat} chose its"
                " own."
                if foreign.offer_only
                else f"Move {foreign.number} in the mail ({seat}: {foreign.text}), which the"
                " host's engine did not make, was not taken, nor the moves after it. The log"
                f" attached is the host's: {seat} played its own."
            ),
        )
    else:
        said = (
            f"Move {foreign.number} in the mail ({seat}: {foreign.text}) was not taken, nor the"
            f" moves after it: {seat} is the host's engine seat, and the host's engine did not"
            f" make that move. The log attached is the host's: {seat} played its own.",
        )
    hints = (
        f"whoever sent it: save the log attached over your copy (or take {possessive(seat)}"
        f" moves back: forex undo FILE --to {foreign.number - 1}), then mail only your own"
        " moves: forex play FILE NAME DECISION --eml OUT.eml",
    )
    if fmt == "markdown":
        return "\n\n".join(said) + "\n\n" + "".join(f"- {line}\n" for line in hints)
    return "\n".join(said) + "\n" + "".join(f"  {line}\n" for line in hints)


def declined_notice(declined: Declined, game: Any, path: str) -> Problem:
    """The game's declined code (``AgreementWords.declined``) for ``declined``, told to the
    host: the move is not taken, ``path`` holds the game as it stood before it, and the reply
    mail tells its player."""
    words = game.agreement_words()
    return Problem(
        words.declined,
        f"move {declined.number}: {declined.player}: {declined.text}: {declined.partner} (the"
        f" engine) declines {words.offer}: {declined.reason}; the move is not taken: {path}"
        f" holds the game as it stood {_stood(declined)}, and the reply mail tells"
        f" {declined.player} to choose again",
        "rules",
        path,
        entry=declined.number,
        hints=refusal_hints(declined),
    )


def refusal_hints(declined: Declined) -> tuple[str, ...]:
    """What the player of a declined offer does: take the move back in their copy (or save
    the reply's log over it) and choose again."""
    return (
        f"take the move back in {possessive(declined.player)} copy: forex undo FILE --to"
        f" {declined.number - 1} --as {command_word(declined.player)}"
        " (or save the reply's log over it)",
        f"then choose again: forex moves FILE lists the offers {declined.partner} accepts,"
        " forex hint FILE the engine's advice",
    )


def _stood(declined: Declined) -> str:
    keep = declined.number - 1
    return f"after move {keep}" if keep else "at the start"


def refusal_text(declined: Declined, game: Any, fmt: str = "text") -> str:
    """The refusal as the reply mail opens with it (``fmt``: ``text`` or ``markdown``), for
    the player who offered: the move, why the engine declines it, how to choose again."""
    words = game.agreement_words()
    said = (
        f"{declined.partner} (the engine) declines {words.offer} of move {declined.number}"
        f" ({declined.player}: {declined.text}): {declined.reason}.",
        f"The move is not taken: the log attached holds the game as it stood"
        f" {_stood(declined)}, and {says(declined.player, 'decides')} again.",
    )
    if fmt == "markdown":
        hints = "".join(f"- {line}\n" for line in refusal_hints(declined))
        return "\n\n".join(said) + "\n\n" + hints
    return "\n".join(said) + "\n" + "".join(f"  {line}\n" for line in refusal_hints(declined))


def decline_offer(path: str, *, seed: int = 0) -> Reply | None:
    """The open offer of the log at ``path`` declined for its partner, who did not accept it
    in their mail (``Foreign.answers_offer``): the engine seat chooses again without it, as
    after ``forex play FILE NAME decline``; None when there is no open offer, or its seat
    signs its moves (a signed game's offers wait for a countersignature instead)."""
    from .record.seats import offer_partner
    from .replies import answer_offer

    _, log, _ = edit.load_valid(path)
    offer = open_offer(log.header)
    if offer is None or seat_signs(log, offer.player):
        return None
    partner = offer_partner(log.game, offer)
    if partner is None:
        return None
    return answer_offer(
        path, partner, accept=False, seed=seed, budget=engine_seats(log.header).get(offer.player)
    )


def host_replies(
    path: str,
    signers: Mapping[str, Any],
    *,
    seed: int = 0,
    limit: int = MAX_REPLIES,
    budget: Budget | None = None,
) -> Replies:
    """Let every engine seat that decides next in the log at ``path`` play, until a person
    decides, the game ends or an engine's offer waits for a person; a seat whose moves are
    signed, or whose key is among ``signers``, signs with its ``signers`` key (a key the
    log lacks is added, trust on first use). ``budget`` replaces the seats' own. Raises
    ``LogError`` (``no_key`` for a signed seat without a key) when a decision cannot be
    made; those made before it stand."""
    made: list[Reply] = []
    while True:
        _, log, played = edit.load_valid(path)
        engines = engine_seats(log.header)
        pending = log.game.pending(played.final)
        deciders = pending.deciders
        if pending.over:
            return Replies(tuple(made), "the game is over")
        if open_offer(log.header) is not None:
            return Replies(tuple(made), "an offer waits for its answer")
        if len(deciders) != 1 or deciders[0] not in engines:
            return Replies(tuple(made), says(" or ".join(deciders), "decides next"))
        waiting = awaited_deal(played)
        if waiting is not None:
            return Replies(tuple(made), waiting)
        if len(made) >= limit:
            return Replies(tuple(made), f"stopped after {limit} engine decisions")
        seat = deciders[0]
        if seat in signers or seat_signs(log, seat):
            if seat not in signers:
                raise no_key(path, seat)
            plan = budget or engines[seat]
            made.append(_signed_reply(path, played, seat, plan, signers[seat], seed))
        else:
            done = reply_engines(path, seed=seed, limit=1, budget=budget)
            if not done.replies:
                return Replies(tuple(made), done.stopped)
            made.extend(done.replies)


def signed_replies(
    path: str, signers: Mapping[str, Any], *, seed: int = 0, budget: Budget | None = None
) -> Replies:
    """``forex play --key-for-seat``: the deals offered to the engine seats of ``signers``
    countersigned with their keys (``countersign_deals``), then the engine seats' replies
    (``host_replies``), each signed. Raises ``LogError`` (a deal the engine declines, no
    key, a wrong key); what was done before it stands."""
    from msgspec.structs import replace

    agreed = countersign_deals(path, signers)
    if agreed.declined is not None:
        raise LogError([agreed.declined])
    done = host_replies(path, signers, seed=seed, budget=budget)
    return replace(done, countersigned=agreed.agreed)
