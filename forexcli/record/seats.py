"""Engine seats and open offers in a log's header (any game).

``engines: {computer: 1s}`` names the seats the engine plays and its budget a
decision: ``2s`` (seconds) or a whole number (simulations, deterministic).
``offer:`` holds a deal the engine offered a person, which nothing has agreed
yet: ``player`` (the engine seat that decides), ``decision`` (its whole entry,
the deal and the rest, as ``forex play`` takes it) and ``declined`` (the entries the
person refused this turn, which the engine does not offer again).  The offer
is not a move: the moves replay to the position before it, and the person's
``accept`` appends it, ``decline`` drops it (``forexcli.replies``).

Pure but for nothing: the header data in, words and text out; the header's
text is changed by ``with_header_key`` (whole top-level keys, the rest of the
text kept byte for byte).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from msgspec import Struct

from ..words import says, verb_for
from .problems import Problem, command_path, command_word, header_hint, player_command

if TYPE_CHECKING:
    from ..games.base import Budget

ENGINES_FIELD = "engines"
OFFER_FIELD = "offer"
DECLINED_FIELD = "declined"
"""In a signed game, the header's record of the engine seat's offers a person declined at
its decision after move ``after`` (``SignedDeclines``)."""
DEFAULT_SECONDS = 1.0
"""An engine seat's budget when none is given: 1 s a decision."""

_SECONDS = re.compile(r"([0-9]+(?:\.[0-9]+)?)s")


def parse_budget(text: str | int) -> Budget:
    """``2s`` (seconds), ``500`` (simulations) or ``1.5s`` as a budget; raises ``ValueError``
    with a readable reason."""
    from ..games.base import Budget

    if isinstance(text, int) and not isinstance(text, bool):
        return Budget(simulations=text)
    spec = str(text).strip()
    seconds = _SECONDS.fullmatch(spec)
    if seconds:
        return Budget(seconds=float(seconds.group(1)))
    if spec.isdigit():
        return Budget(simulations=int(spec))
    raise ValueError(f"{spec!r}: a budget is SECONDSs (2s, 0.5s) or SIMULATIONS (500)")


def budget_value(budget: Budget) -> str | int:
    """The header's value of ``budget``: ``2s`` or ``500``."""
    if budget.simulations is not None:
        return budget.simulations
    assert budget.seconds is not None
    return f"{budget.seconds:g}s"


def parse_seat_spec(text: str) -> tuple[str, Budget]:
    """``computer``, ``computer:2s`` or ``computer:500`` as (name, budget); raises
    ``ValueError``."""
    name, sep, amount = text.rpartition(":")
    if not sep:
        name, amount = text, ""
    name = name.strip()
    if not name:
        raise ValueError(f"{text!r}: name the seat: NAME, NAME:2s or NAME:500")
    if sep and not amount.strip():
        raise ValueError(
            f"{text!r}: no budget after the colon: a budget is SECONDSs (2s, 0.5s) or"
            f" SIMULATIONS (500); leave out the colon for {DEFAULT_SECONDS:g}s"
        )
    return name, parse_budget(amount if amount.strip() else f"{DEFAULT_SECONDS:g}s")


def engine_seats(header: Mapping[str, Any]) -> dict[str, Budget]:
    """The engine seats of a header and their budgets (those that read; ``seat_problems``
    says what is wrong with the others)."""
    found: dict[str, Budget] = {}
    engines = header.get(ENGINES_FIELD)
    if not isinstance(engines, dict):
        return found
    for name, value in engines.items():
        try:
            found[str(name)] = parse_budget(value)
        except ValueError:
            continue
    return found


def budget_words(budget: Budget) -> str:
    """``1 s a decision``, ``500 simulations a decision``."""
    return f"{budget.describe()} a decision"


def seat_words(name: str, budget: Budget) -> str:
    """``computer: the engine, 1 s a decision``."""
    return f"{name}: the engine, {budget_words(budget)}"


def seats_line(header: Mapping[str, Any]) -> str | None:
    """``Engine seats: computer: the engine, 1 s a decision`` (None without engine seats)."""
    seats = engine_seats(header)
    if not seats:
        return None
    return "Engine seats: " + "; ".join(seat_words(n, b) for n, b in seats.items())


class Offer(Struct, frozen=True):
    """The engine's open offer: its seat, its entry, the entries refused before it."""

    player: str
    decision: str
    declined: tuple[str, ...] = ()


def open_offer(header: Mapping[str, Any]) -> Offer | None:
    """The header's open offer (None without one, or one that does not read)."""
    raw = header.get(OFFER_FIELD)
    if not isinstance(raw, dict):
        return None
    player, decision = raw.get("player"), raw.get("decision")
    if not isinstance(player, str) or not isinstance(decision, str):
        return None
    declined = raw.get("declined") or ()
    return Offer(player, decision, tuple(str(d) for d in declined))


class SignedDeclines(Struct, frozen=True):
    """The header's ``declined:`` in a signed game: the engine seat (``player``) whose
    offers to a person (its signed moves, awaiting the person's countersignature) the person
    declined at its decision after move ``after``; the ``entries``, not offered again."""

    player: str
    after: int
    entries: tuple[str, ...]
    sig: dict[str, str] | None = None
    """The person's signature on the decline (``signing.sign_decline``), by name: how
    the host of a game by mail knows that the person declined (None: unsigned)."""

    def value(self) -> dict[str, Any]:
        """The header's value."""
        value: dict[str, Any] = {"player": self.player, "after": self.after}
        value["entries"] = list(self.entries)
        if self.sig:
            value["sig"] = dict(self.sig)
        return value


def signed_declines(header: Mapping[str, Any]) -> SignedDeclines | None:
    """The header's ``declined:`` (None without one, or one that does not read)."""
    raw = header.get(DECLINED_FIELD)
    if not isinstance(raw, dict):
        return None
    player, after, entries = raw.get("player"), raw.get("after"), raw.get("entries")
    if not isinstance(player, str) or not isinstance(after, int) or not isinstance(entries, list):
        return None
    sig = raw.get("sig")
    signed = {str(k): str(v) for k, v in sig.items()} if isinstance(sig, dict) else None
    return SignedDeclines(player, after, tuple(str(text) for text in entries), signed)


def declined_now(log: Any, seat: str, awaiting: Mapping[int, str] | None = None) -> tuple[str, ...]:
    """The entries ``seat`` must not offer again at the decision it has now in ``log``: the
    header's ``declined:`` when it is ``seat``'s and made after the log's last move, or
    after the move before it, the seat's offer that still awaits its partner (``awaiting``:
    move number -> the cosigner it awaits); () otherwise (a stale record counts for
    nothing)."""
    found = signed_declines(log.header)
    if found is None or found.player != seat:
        return ()
    moves = len(log.entries)
    if found.after == moves:
        return found.entries
    if found.after == moves - 1 and log.entries[-1].player == seat and moves in (awaiting or {}):
        return found.entries
    return ()


def entry_partner(game: Any, decisions: Sequence[Any]) -> str | None:
    """The player an entry's opening offer goes to (``Game.offer_partner``), or None."""
    partner: str | None = game.offer_partner(decisions)
    return partner


def offer_partner(game: Any, offer: Offer) -> str | None:
    """The partner the open offer's deal goes to, or None (an offer that does not read)."""
    try:
        decisions = game.parse(offer.player, offer.decision)
    except game.notation_error:
        return None
    return entry_partner(game, decisions)


def answer_hint(filename: str, partner: str) -> str:
    """``you answer: forex play FILE you accept (or decline)``: the file and the partner as
    a shell takes them (``command_word``)."""
    play = player_command("forex play", command_path(filename), partner, "accept (or decline)")
    return f"{says(partner, 'answers')}: {play}"


def address_of(contact: str | None) -> str | None:
    """The contact as a mail address (None for a forum handle or nothing)."""
    from email.utils import getaddresses

    if not contact:
        return None
    pairs = getaddresses([contact])
    if len(pairs) == 1 and "@" in pairs[0][1] and " " not in pairs[0][1]:
        return contact.strip()
    return None


def contact_of(log: Any, player: str | None) -> str | None:
    """``player``'s contact in the header (raw)."""
    contacts = log.header.get("contacts")
    if player is None or not isinstance(contacts, dict):
        return None
    value = contacts.get(player)
    return value if isinstance(value, str) else None


def signing_seats(log: Any, given: Sequence[str] = ()) -> tuple[str, ...]:
    """The engine seats whose moves are signed (a key in the header, or ``signatures:
    required``) and those of ``given``, in seat order: the ``--key-for-seat`` options that
    let the seats play on after a person's answer (``forex play`` refuses some without
    the others); not a seat with a mail address, which its host plays (``forex read
    --reply``)."""
    keys = log.header.get("keys")
    keys = keys if isinstance(keys, dict) else {}
    required = _signatures_required(log)
    engines = engine_seats(log.header)
    return tuple(
        seat
        for seat in log.players
        if seat in engines
        and (seat in given or seat in keys or required)
        and (seat in given or address_of(contact_of(log, seat)) is None)
    )


def mailed_seats(log: Any, given: Sequence[str] = ()) -> tuple[str, ...]:
    """The engine seats a mail host plays (a mail address in ``contacts:``), but those of
    ``given`` (their keys are here): after a person's answer the log goes to their host."""
    engines = engine_seats(log.header)
    return tuple(
        seat
        for seat in log.players
        if seat in engines and seat not in given and address_of(contact_of(log, seat)) is not None
    )


def accept_command(
    named: str, person: str, seats: Sequence[str] = (), *, mailed: bool = False
) -> str:
    """``forex play FILE NAME accept --sign --key FILE``: the command by which ``person``
    countersigns an engine seat's offer in a signed game, with ``--key-for-seat SEAT=FILE``
    for each of ``seats`` and ``--eml OUT.eml`` when a mail host plays a seat (``mailed``:
    the answer goes to it); ``named``: the file as the command names it (``command_path``)."""
    options = "accept --sign --key FILE" + _seat_options(seats, mailed)
    return player_command("forex play", named, person, options)


def decline_command(
    named: str, person: str, seats: Sequence[str] = (), *, mailed: bool = False
) -> str:
    """``forex play FILE NAME decline``: the command by which ``person`` declines an engine
    seat's offer in a signed game, with ``--key-for-seat SEAT=FILE`` for each of ``seats``,
    so that the seat chooses again at once, and ``--sign --key FILE --eml OUT.eml`` when a
    mail host plays a seat (``mailed``: the host takes the decline its person signed)."""
    signed = " --sign --key FILE" if mailed else ""
    options = "decline" + signed + _seat_options(seats, mailed)
    return player_command("forex play", named, person, options)


def _seat_options(seats: Sequence[str], mailed: bool) -> str:
    options = "".join(f" --key-for-seat {command_word(f'{seat}=FILE')}" for seat in seats)
    return options + (" --eml OUT.eml" if mailed else "")


def engine_offer_awaits(log: Any, number: int, partner: str) -> bool:
    """Whether move ``number``, a deal awaiting ``partner``'s countersignature in a signed
    game, is an engine seat's offer to the person ``partner`` that ``forex play FILE NAME
    accept --sign`` countersigns and ``decline`` takes out: by an engine seat, to a person,
    the log's last move (under ``signatures: required`` the moves after it are refused ones,
    which a refusal's hint sees)."""
    engines = engine_seats(log.header)
    entries = log.entries
    return (
        0 < number <= len(entries)
        and entries[number - 1].player in engines
        and partner not in engines
        and (number == len(entries) or _signatures_required(log))
    )


def _signatures_required(log: Any) -> bool:
    """``signing.signatures_required``, read here: ``signing`` imports this module."""
    return bool(log.header.get("signatures") == "required")


def offer_answers(log: Any, partner: str, named: str, given: Sequence[str] = ()) -> tuple[str, str]:
    """The person ``partner``'s two answers to an engine seat's offer in a signed game, in
    words: ``you accept by countersigning it: forex play FILE you accept --sign --key FILE
    --key-for-seat computer=FILE`` and ``or decline it: forex play FILE you decline
    --key-for-seat computer=FILE``, with the seats that sign (``signing_seats``, and
    ``given``); ``named``: the file as the commands name it."""
    seats = signing_seats(log, given)
    mailed = bool(mailed_seats(log, given))
    accept = accept_command(named, partner, seats, mailed=mailed)
    decline = decline_command(named, partner, seats, mailed=mailed)
    return (
        f"{says(partner, 'accepts')} by countersigning it: {accept}",
        f"or {verb_for(partner, 'declines')} it: {decline}",
    )


def offer_answers_hint(log: Any, partner: str, named: str, given: Sequence[str] = ()) -> str:
    """``offer_answers`` in one sentence, the answers apart by a semicolon."""
    return "; ".join(offer_answers(log, partner, named, given))


def offer_awaited(log: Any, at: int) -> str | None:
    """Who answers the log's open offer, in words (``you to answer computer's offer (accept
    or decline)``), when it waits after move ``at`` (the log's last); None: none waits."""
    from ..words import possessive

    offer = open_offer(log.header)
    if offer is None or at != len(log.entries):
        return None
    partner = offer_partner(log.game, offer)
    if partner is None:
        return None
    return f"{partner} to answer {possessive(offer.player)} offer (accept or decline)"


def offer_line(filename: str, offer: Offer, partner: str) -> str:
    """``Open offer: computer offers you: ENTRY; you answer: ...``."""
    return (
        f"Open offer: {says(offer.player, 'offers')} {partner}: {offer.decision} (nothing is agreed"
        f" yet); {answer_hint(filename, partner)}"
    )


def seat_problems(log: Any) -> list[Problem]:
    """What is wrong with the header's ``engines:`` and ``offer:`` beyond the schema: a name
    that is no player, a budget out of range, an offer by someone who does not decide."""
    header = log.header
    players = tuple(log.players)
    problems: list[Problem] = []
    engines = header.get(ENGINES_FIELD)
    if isinstance(engines, dict):
        for name, value in engines.items():
            where = log.place((ENGINES_FIELD, name))
            line, column = where if where else (None, None)
            if name not in players:
                problems.append(
                    Problem(
                        "unknown_player",
                        f"engines: {name!s} is not a player of this game ({', '.join(players)})",
                        "header",
                        log.filename,
                        line,
                        column,
                        hints=(header_hint(log.game.name),),
                    )
                )
                continue
            try:
                parse_budget(value)
            except ValueError as error:
                problems.append(
                    Problem(
                        "bad_engine_seat",
                        f"engines: {name}: {error}",
                        "header",
                        log.filename,
                        line,
                        column,
                        hints=("write 1s for a second a decision, or 500 for 500 simulations",),
                    )
                )
    if isinstance(engines, dict) and players and set(players) <= set(engines):
        where = log.place((ENGINES_FIELD,))
        line, column = where if where else (None, None)
        problems.append(
            Problem(
                "bad_engine_seat",
                f"engines: every seat is the engine's ({', '.join(players)}): a person's"
                f" decision would have the engine play the whole game out",
                "header",
                log.filename,
                line,
                column,
                hints=(
                    "leave one seat to a person:"
                    f" forex seat {command_path(log.filename)} NAME --person"
                    " (forex selfplay plays engines against each other)",
                ),
            )
        )
    problems.extend(declined_problems(log))
    offer = open_offer(header)
    if offer is not None and offer.player not in players:
        where = log.place((OFFER_FIELD, "player"))
        line, column = where if where else (None, None)
        problems.append(
            Problem(
                "unknown_player",
                f"offer: {offer.player} is not a player of this game ({', '.join(players)})",
                "header",
                log.filename,
                line,
                column,
                hints=(header_hint(log.game.name),),
            )
        )
    return problems


def declined_problems(log: Any) -> list[Problem]:
    """What cannot be in the header's ``declined:`` (``bad_declined``, ``unknown_player``):
    a ``player`` that is no player or no engine seat, an ``after`` past the log's last
    move, an entry that does not read as ``player``'s or offers nothing to another player.
    A record of an earlier decision (``after`` before the last move) is stale, not wrong:
    it counts for nothing (``declined_now``)."""
    found = signed_declines(log.header)
    if found is None:
        return []
    players = tuple(log.players)

    def problem(code: str, message: str, *path: Any, hints: tuple[str, ...] = ()) -> Problem:
        where = log.place((DECLINED_FIELD, *path))
        line, column = where if where else (None, None)
        remove = f"remove `{DECLINED_FIELD}:` from the header (it is no decision's record)"
        return Problem(code, message, "header", log.filename, line, column, hints=(*hints, remove))

    if found.player not in players:
        return [
            problem(
                "unknown_player",
                f"{DECLINED_FIELD}: {found.player} is not a player of this game"
                f" ({', '.join(players)})",
                "player",
            )
        ]
    engines = engine_seats(log.header)
    if found.player not in engines:
        return [
            problem(
                "bad_declined",
                f"{DECLINED_FIELD}: {found.player} is not an engine seat: only an engine seat's"
                " offers a person declined are recorded",
                "player",
            )
        ]
    problems = []
    moves = len(log.entries)
    if found.after > moves:
        problems.append(
            problem(
                "bad_declined",
                f"{DECLINED_FIELD}: after move {found.after}, but the log has"
                f" {moves} move{'' if moves == 1 else 's'}",
                "after",
            )
        )
    game = log.game
    for index, text in enumerate(found.entries):
        try:
            partner = entry_partner(game, game.parse(found.player, text))
        except game.notation_error as error:
            reason = str(getattr(error, "reason", error))
            problems.append(
                problem(
                    "bad_declined",
                    f"{DECLINED_FIELD}: entry {index + 1}: {text}: {reason}",
                    "entries",
                    index,
                )
            )
            continue
        if partner is None or partner == found.player or partner in engines:
            problems.append(
                problem(
                    "bad_declined",
                    f"{DECLINED_FIELD}: entry {index + 1}: {text}: it offers nothing to a"
                    " person, so no person declined it",
                    "entries",
                    index,
                )
            )
    return problems


# --------------------------------------------------------------------------- header text


def _flow_value(value: Any) -> str:
    from .entrytext import quote

    if isinstance(value, bool) or value is None:
        raise ValueError("no booleans or nulls in a seat's header key")
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return quote(value, flow=True)
    if isinstance(value, Mapping):
        pairs = (f"{_flow_value(k)}: {_flow_value(v)}" for k, v in value.items())
        return "{" + ", ".join(pairs) + "}"
    if isinstance(value, Sequence):
        return "[" + ", ".join(_flow_value(v) for v in value) + "]"
    raise ValueError(f"cannot write {value!r}")


def key_lines(key: str, value: Any, nl: str = "\n") -> str:
    """``key: VALUE`` for the header: a mapping of mappings or lists as a block of flow
    values, anything else on one line."""
    from .entrytext import quote

    if isinstance(value, Mapping) and any(
        isinstance(v, (Mapping, list, tuple)) or (isinstance(v, str) and len(v) > 40)
        for v in value.values()
    ):
        lines = [f"{key}:"]
        for name, item in value.items():
            if isinstance(item, (list, tuple)):
                lines.append(f"  {quote(str(name))}:")
                lines.extend(f"    - {quote(str(v))}" for v in item)
            elif isinstance(item, str):
                lines.append(f"  {quote(str(name))}: {quote(item)}")
            else:
                lines.append(f"  {quote(str(name))}: {_flow_value(item)}")
        return nl.join(lines) + nl
    return f"{key}: {_flow_value(value)}{nl}"


_TOP_KEY = re.compile(r"^([A-Za-z_][A-Za-z0-9_]*)[ \t]*:", re.M)


def with_header_key(text: str, key: str, value: Any) -> str:
    """``text`` with the top-level ``key`` set to ``value`` (None: removed), written before
    ``moves:`` (or where it stood); raises ``ValueError`` when the header is not a block
    mapping whose keys start their lines."""
    nl = "\r\n" if "\r\n" in text else "\n"
    starts = [(m.start(), m.group(1)) for m in _TOP_KEY.finditer(text)]
    if not any(name == "moves" for _, name in starts) and not any(
        name == "players" for _, name in starts
    ):
        raise ValueError("the header's keys must start their lines (a block mapping)")
    at = None
    for index, (start, name) in enumerate(starts):
        if name != key:
            continue
        end = starts[index + 1][0] if index + 1 < len(starts) else len(text)
        # keep the comments and blank lines that lead to the next key
        block = text[start:end]
        lines = block.splitlines(keepends=True)
        keep = len(lines)
        while keep > 1 and (not lines[keep - 1].strip() or lines[keep - 1].startswith("#")):
            keep -= 1
        cut = start + sum(len(line) for line in lines[:keep])
        text = text[:start] + text[cut:]
        at = start
        break
    if value is None:
        return text
    added = key_lines(key, value, nl)
    if at is None:
        moves = next((m.start() for m in _TOP_KEY.finditer(text) if m.group(1) == "moves"), None)
        if moves is None:
            if text and not text.endswith(("\n", "\r")):
                text += nl
            return text + added
        at = moves
    return text[:at] + added + text[at:]


def offer_problems(played: Any) -> list[Problem]:
    """What is wrong with a replayed log's open offer: it must be the entry of the player who
    decides next, legal there, and open with an offer to a person (``bad_offer``)."""
    log = played.log
    offer = open_offer(log.header)
    if offer is None or offer.player not in log.players:
        return []
    where = log.place((OFFER_FIELD, "decision"))
    line, column = where if where else (None, None)
    game = log.game
    from ..words import possessive

    def bad(reason: str) -> list[Problem]:
        return [
            Problem(
                "bad_offer",
                f"offer: {offer.player}: {offer.decision}: {reason}",
                "rules",
                log.filename,
                line,
                column,
                played.moves + 1,
                (f"remove the offer: forex undo {command_path(log.filename)}",),
            )
        ]

    keyed = _offerer_key(log, offer.player, played.moves + 1)
    if keyed is not None:
        return bad(
            f"{says(offer.player, 'has')} a key in the log ({keyed}): an offer in"
            f" {possessive(offer.player)} name is {possessive(offer.player)} signed move,"
            " which waits for its partner's countersignature; the header's offer: is signed"
            " by nobody, so anyone may have written it"
        )
    pending = game.pending(played.final)
    if pending.over or offer.player not in pending.deciders:
        who = "nobody" if pending.over else " or ".join(pending.deciders)
        return bad(f"{says(who, 'decides')} after move {played.moves}, not {offer.player}")
    try:
        decisions = game.parse(offer.player, offer.decision)
        state = played.final
        for step in decisions:
            state = game.apply(state, step)
    except (game.notation_error, game.rules_error) as error:
        return bad(str(getattr(error, "reason", error)))
    partner = entry_partner(game, decisions)
    if partner is None:
        return bad("it offers nothing to another player (play it as a move)")
    if partner in engine_seats(log.header):
        return bad(f"{partner} is an engine seat: the engine answers its offers at once")
    return []


def _offerer_key(log: Any, player: str, number: int) -> str | None:
    """How ``player``'s key came into ``log`` (as ``signing.HeaderKey.trust`` says it) when
    a move ``number`` in their name must be signed with it (the header's ``keys:`` holds it,
    and ``signatures: warn`` does not let their unsigned moves go); None otherwise. (A key
    line that does not read is ``validate``'s ``bad_key``.)"""
    keys = log.header.get("keys")
    if log.header.get("signatures") == "warn" or not isinstance(keys, dict):
        return None
    key = keys.get(player)
    if isinstance(key, str):
        return "given at set-up"
    since = key.get("since") if isinstance(key, dict) else None
    if isinstance(since, int) and since <= number:
        return f"trust on first use: added with their signature on move {since}"
    return None


def header_lines(log: Any, filename: str | None = None) -> list[str]:
    """What reports say of the engine seats and the open offer (none without them)."""
    lines = []
    seats = seats_line(log.header)
    if seats:
        lines.append(seats)
    offer = open_offer(log.header)
    if offer is not None:
        partner = offer_partner(log.game, offer)
        if partner is not None:
            lines.append(offer_line(filename or log.filename, offer, partner))
    return lines


# --------------------------------------------------------------------------- JSON


def seat_data(budget: Budget) -> dict[str, Any]:
    """An engine seat's budget as data: ``{"budget": "1s", "seconds": 1.0, "simulations":
    null, "text": "1 s a decision"}``."""
    return {
        "budget": budget_value(budget),
        "seconds": budget.seconds,
        "simulations": budget.simulations,
        "text": budget_words(budget),
    }


def offer_data(log: Any, offer: Offer) -> dict[str, Any]:
    """The open offer as data: who offers (``player``) what (``decision``; its offer alone,
    the part before its ``;``, is the ``deal``) to whom (``partner``), the entries declined
    before it, and the partner's answer command."""
    partner = offer_partner(log.game, offer)
    deal = offer.decision.split(";")[0].strip() if partner is not None else None
    return {
        "player": offer.player,
        "partner": partner,
        "decision": offer.decision,
        "deal": deal,
        "declined": list(offer.declined),
        "answer": None if partner is None else answer_hint(log.filename, partner),
    }


def seats_data(log: Any, filename: str | None = None) -> dict[str, Any]:
    """What JSON outputs say of the header's engine seats (``engines``: name -> budget,
    ``seat_data``) and its open offer (``offer``: ``offer_data``); only the keys the header
    holds (an empty mapping for a log with neither)."""
    data: dict[str, Any] = {}
    seats = engine_seats(log.header)
    if seats:
        data[ENGINES_FIELD] = {name: seat_data(budget) for name, budget in seats.items()}
    offer = open_offer(log.header)
    if offer is not None:
        made = offer_data(log, offer)
        if filename is not None and made["partner"] is not None:
            made["answer"] = answer_hint(filename, made["partner"])
        data[OFFER_FIELD] = made
    return data


def seats_schema() -> dict[str, Any]:
    """The JSON Schema properties of ``seats_data`` (``engines``, ``offer``), which every
    output that carries them (``show``, ``history``, ``play --format json``) adds."""
    nullable_text = {"type": ["string", "null"]}
    return {
        ENGINES_FIELD: {
            "description": "The seats the engine plays (the header's `engines:`), each with"
            " its budget a decision; present only when the log names engine seats.",
            "type": "object",
            "additionalProperties": {
                "type": "object",
                "additionalProperties": False,
                "required": ["budget", "seconds", "simulations", "text"],
                "properties": {
                    "budget": {
                        "description": "As the header writes it: `2s` (seconds) or a number"
                        " of simulations.",
                        "type": ["string", "integer"],
                    },
                    "seconds": {"type": ["number", "null"]},
                    "simulations": {"type": ["integer", "null"]},
                    "text": {
                        "description": "In words: `1 s a decision`.",
                        "type": "string",
                    },
                },
            },
        },
        OFFER_FIELD: {
            "description": "The engine's open offer to a person (the header's `offer:`),"
            " which nothing has agreed yet; present only while one is open.",
            "type": "object",
            "additionalProperties": False,
            "required": ["player", "partner", "decision", "deal", "declined", "answer"],
            "properties": {
                "player": {"description": "The engine seat that offers.", "type": "string"},
                "partner": {
                    "description": "The person the offer goes to (null: it does not read).",
                    **nullable_text,
                },
                "decision": {
                    "description": "The whole entry offered, as `forex play` takes it.",
                    "type": "string",
                },
                "deal": {"description": "The offer alone: its first part.", **nullable_text},
                "declined": {
                    "description": "The entries the partner declined this turn.",
                    "type": "array",
                    "items": {"type": "string"},
                },
                "answer": {
                    "description": "The partner's command to answer it.",
                    **nullable_text,
                },
            },
        },
    }
