"""Board Game Arena table logs turned into For-Ex decisions, checked against the log's own facts.

A table log is what Board Game Arena serves for a table (what its game review page loads):
``{"status": 1, "data": {"logs": [packet, ...], "players": [...]}}``, one packet a player
action, each packet's ``data`` the For-Ex module's notifications of that action, in order.
``convert`` reads the seat order and the first player from the framework's state changes,
turns each action into an engine decision (an accepted spot trade joined to the action
after it; refused and cancelled offers are not decisions), replays them through the rules
core, and checks what the notifications state against the replay, packet by packet: each
money change, certificate bought or sold, contract taken, dividend paid, the board's moves,
the queue (contracts paid, loans made, merged and paid, a bankruptcy, the dividends left,
its front), who decides next, and the final conversion. Any disagreement is a
``TableLogError`` placed at the packet (``move_id``) and the notification. A table log does
not hold the 6 certificates removed at set-up: ``removed_evidence`` reads what it shows of
them (how many of each currency were bought, and the certificate numbers the purchases pass
over), and ``convert`` takes the one set that agrees, lists the sets that do, refuses a set
given that does not, or records them as not known. What is only shown (the ``x_monies``
pictures, ``i18n``, ``conL``, ``location``, the framework's state ids and arguments) is not
checked, and a certificate's id is read only for the removed certificates. Pure: data in,
data out, no I/O.
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from msgspec import Struct

from ...words import possessive
from .notation import Written
from .rules import (
    CURRENCIES,
    PAIRS,
    ChooseStrengthen,
    ChooseStrongest,
    Contract,
    Decision,
    Divest,
    DivestResponse,
    DividendStack,
    ForexError,
    GameState,
    Invest,
    Loan,
    MakeContract,
    Phase,
    Resolve,
    Spot,
    apply,
    format_halves,
    new_game,
)
from .rules.state import (
    CERTS_PER_CURRENCY,
    DIVIDENDS_HALVES,
    LOAN_PENALTY_HALVES,
    REMOVED_AT_SETUP,
)

SITE = "Board Game Arena"


def review_url(table: int) -> str:
    """The address of a table's game review (its replay, whose board shows the set-up)."""
    return f"https://boardgamearena.com/gamereview?table={table}"


MAX_PACKETS = 100_000
MAX_NOTIFICATIONS = 2_000
"""At most this many packets, and notifications in a packet (a real game has a few hundred)."""

STATES = {
    "playerAction": Phase.TURN,
    "nextDivest": Phase.DIVEST_RESPONSE,
    "strengthenCurrency": Phase.DIVIDEND_TIE,
    "strongestCurrency": Phase.STRONGEST_TIE,
    "gameEnd": Phase.OVER,
}
"""The For-Ex module's states that await a decision (or end the game), as our phases."""

IN_BETWEEN_STATES = frozenset({"offerResponse", "gameSetup"})
"""States that stand between decisions: a spot offer awaiting its answer, the set-up."""

FOREX_TYPES = frozenset(
    {
        "moniesChanged",
        "queueMoved",
        "currencyStrengthened",
        "currencyWeakened",
        "certificatesBought",
        "certificatesSold",
        "spotTradeOffered",
        "spotTradeAccepted",
        "spotTradeRejected",
        "spotTradeCanceled",
        "resolvedContractQueue",
        "contractTaken",
        "contractPaid",
        "dividendsPaid",
        "noDividendsPaid",
        "dividendsStackPopped",
        "currencyScored",
        "currencyChosen",
        "loanCreated",
        "loanMerged",
        "loanResolved",
        "bankruptcy",
    }
)
"""The notification types of the For-Ex module."""

FRAMEWORK_TYPES = frozenset(
    {
        "gameStateChange",
        "gameStateChangePrivateArg",
        "gameStateMultipleActiveUpdate",
        "simpleNote",
        "simpleNode",
        "updateReflexionTime",
        "wakeupPlayers",
        "yourturnack",
        "playerstatus",
        "tableInfosChanged",
        "undoRestorePoint",
    }
)
"""Board Game Arena's own notification types (``gameStateChange`` is read, the rest ignored)."""

_DECIMAL = re.compile(r"-?[0-9]{1,7}(\.[0-9]{1,7})?")
_DIGITS = re.compile(r"[0-9]{1,18}")
_MAX_AMOUNT = 10**6


class TableLogError(Exception):
    """A table log that cannot be imported: a stable ``code``, a reason, and where.

    ``move_id`` is the packet's, ``notification`` the 1-based place of the notification in
    it (with its ``kind``, its type), when the problem lies there.
    """

    def __init__(
        self,
        code: str,
        reason: str,
        *,
        move_id: int | None = None,
        notification: int | None = None,
        kind: str | None = None,
        hints: tuple[str, ...] = (),
    ) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason
        self.move_id = move_id
        self.notification = notification
        self.kind = kind
        self.hints = hints

    def place(self) -> str:
        """``packet move_id 37, notification 2 (moniesChanged)``, or as much as is known."""
        parts = []
        if self.move_id is not None:
            parts.append(f"packet move_id {self.move_id}")
        if self.notification is not None:
            kind = f" ({self.kind})" if self.kind else ""
            parts.append(f"notification {self.notification}{kind}")
        return ", ".join(parts)


class Note(Struct, frozen=True):
    """One notification: its place in the packet (1-based), type and arguments."""

    index: int
    type: str
    args: dict[str, Any]
    log: str


class Packet(Struct, frozen=True):
    """One packet: its ``move_id``, time (seconds since 1970) and notifications."""

    index: int
    move_id: int
    time: int
    notes: tuple[Note, ...]


class TableLog(Struct, frozen=True):
    """A table log's shape checked: the table, the players by id, the packets."""

    table: int
    names: dict[int, str]
    packets: tuple[Packet, ...]
    site_names: dict[int, str] | None = None
    """The names as the site shows them, when ``names`` renames some (``renamed``)."""


class Imported(Struct):
    """A table log as a For-Ex game: set-up, entries, and how the import went."""

    table: int
    started: str
    players: tuple[str, ...]
    first: str
    entries: list[tuple[str, Written]]
    final: GameState
    left_out: list[str]
    """What the table log holds after its last decision that a log cannot: an offer still
    unanswered, an accepted spot trade whose action is not yet taken."""
    removed: tuple[int, ...] | None = None
    """The removed certificates per currency; ``None``: not known."""
    removed_how: str = "given"
    """``given`` (``--removed``), ``deduced`` (the one set the log allows) or ``unknown``."""
    removed_reason: str = ""
    """What the log shows of them, when deduced or unknown."""


# --------------------------------------------------------------------------- shape


def _fail(
    code: str, reason: str, where: Packet | None = None, note: Note | None = None
) -> TableLogError:
    return TableLogError(
        code,
        reason,
        move_id=where.move_id if where is not None else None,
        notification=note.index if note is not None else None,
        kind=note.type if note is not None else None,
    )


def _whole(value: Any, what: str, packet: Packet | None = None, note: Note | None = None) -> int:
    """A whole number written as a JSON number or as digits."""
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 10**18:
        return value
    if isinstance(value, str) and _DIGITS.fullmatch(value):
        return int(value)
    raise _fail("bad_table_log", f"{what} is {_shown(value)}, not a whole number", packet, note)


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def read_table_log(data: Any) -> TableLog:
    """The shape of a table log checked (types, sizes), its packets in order.

    Raises ``TableLogError`` (``not_a_table_log``, ``bad_table_log``).
    """
    if not isinstance(data, dict):
        raise _fail(
            "not_a_table_log",
            f"this is not a Board Game Arena table log: it is a JSON {type(data).__name__},"
            " not an object",
        )
    status = data.get("status", 1)
    if status not in (1, "1", True):
        raise _fail(
            "not_a_table_log",
            f"Board Game Arena answered with status {_shown(status)} and no table log"
            f" (error: {_shown(data.get('error'))})",
        )
    if "data" not in data:
        raise _fail(
            "not_a_table_log",
            'this is not a Board Game Arena table log: it has no top-level "data"',
        )
    body = data["data"]
    if not isinstance(body, dict) or not isinstance(body.get("logs"), list):
        raise _fail("not_a_table_log", 'this is not a table log: "data" holds no "logs" list')
    players = body.get("players")
    if not isinstance(players, list) or not players:
        raise _fail("not_a_table_log", 'this table log has no "players" list')
    names: dict[int, str] = {}
    for player in players:
        if not isinstance(player, dict):
            raise _fail("bad_table_log", f"a player is {_shown(player)}, not an object")
        pid = _whole(player.get("id"), "a player's id")
        name = player.get("name")
        if not isinstance(name, str):
            raise _fail("bad_table_log", f"player {pid}'s name is {_shown(name)}, not text")
        if pid in names:
            raise _fail("bad_table_log", f"player id {pid} is listed twice")
        names[pid] = name
    logs = body["logs"]
    if len(logs) > MAX_PACKETS:
        raise _fail("bad_table_log", f"{len(logs):,} packets: more than a game holds")
    if not logs:
        raise _fail("bad_table_log", "the table log holds no packet")
    packets: list[Packet] = []
    table: int | None = None
    for index, raw in enumerate(logs, 1):
        packet = _packet(raw, index)
        raw_table = _whole(raw.get("table_id"), "the table_id", packet)
        if table is None:
            table = raw_table
        elif raw_table != table:
            raise _fail(
                "bad_table_log",
                f"this packet is of table {raw_table}, the first of table {table}:"
                " two tables' logs mixed",
                packet,
            )
        if packets and packet.move_id <= packets[-1].move_id:
            raise _fail(
                "bad_table_log",
                f"move_id {packet.move_id} comes after move_id {packets[-1].move_id}:"
                " the packets are out of order",
                packet,
            )
        packets.append(packet)
    assert table is not None
    return TableLog(table, names, tuple(packets))


def _packet(raw: Any, index: int) -> Packet:
    if not isinstance(raw, dict):
        raise _fail("bad_table_log", f"packet {index} is {_shown(raw)}, not an object")
    move_id = _whole(raw.get("move_id"), f"packet {index}'s move_id")
    stub = Packet(index, move_id, 0, ())
    time = _whole(raw.get("time"), "the packet's time", stub)
    notes_raw = raw.get("data")
    if not isinstance(notes_raw, list):
        raise _fail("bad_table_log", "the packet's data is not a list of notifications", stub)
    if len(notes_raw) > MAX_NOTIFICATIONS:
        raise _fail("bad_table_log", f"{len(notes_raw):,} notifications in one packet", stub)
    notes = []
    for number, item in enumerate(notes_raw, 1):
        if not isinstance(item, dict) or not isinstance(item.get("type"), str):
            raise TableLogError(
                "bad_table_log",
                f"notification {number} is not an object with a type",
                move_id=move_id,
                notification=number,
            )
        args = item.get("args")
        if args is None or args == []:
            args = {}
        log = item.get("log", "")
        kind = item["type"]
        if not isinstance(args, dict) or not isinstance(log, str):
            raise TableLogError(
                "bad_table_log",
                "its args are not an object, or its log is not text",
                move_id=move_id,
                notification=number,
                kind=kind[:40],
            )
        if kind not in FOREX_TYPES and kind not in FRAMEWORK_TYPES:
            raise TableLogError(
                "not_for_ex",
                f"{_shown(kind)} is not a notification of Board Game Arena's For-Ex:"
                " is this a table log of another game?",
                move_id=move_id,
                notification=number,
            )
        notes.append(Note(number, kind, args, log))
    return Packet(index, move_id, time, tuple(notes))


# --------------------------------------------------------------------------- values


class _Reader:
    """Typed reads of a notification's arguments, each failure placed at it."""

    def __init__(self, names: Mapping[int, str], packet: Packet, note: Note) -> None:
        self.names = names
        self.packet = packet
        self.note = note

    def fail(self, reason: str, code: str = "bad_table_log") -> TableLogError:
        return _fail(code, reason, self.packet, self.note)

    def get(self, key: str) -> Any:
        if key not in self.note.args:
            raise self.fail(f"it has no {key!r}")
        return self.note.args[key]

    def player(self, key: str = "player_id") -> int:
        pid = _whole(self.get(key), key, self.packet, self.note)
        if pid not in self.names:
            raise self.fail(f"{key} {pid} is not one of the table's players", "table_mismatch")
        return pid

    def currency(self, key: str) -> str:
        value = self.get(key)
        if value not in CURRENCIES:
            raise self.fail(f"{key} is {_shown(value)}, not a currency")
        assert isinstance(value, str)
        return value

    def halves(self, key: str) -> int:
        """An amount (a JSON number or its text) in half-bucks, exactly."""
        value = self.get(key)
        amount: Fraction | None = None
        if isinstance(value, bool):
            amount = None
        elif (
            isinstance(value, int)
            or (isinstance(value, float) and math.isfinite(value))
            or (isinstance(value, str) and _DECIMAL.fullmatch(value))
        ):
            amount = Fraction(value)
        if amount is None or abs(amount) > _MAX_AMOUNT or (amount * 2).denominator != 1:
            raise self.fail(f"{key} is {_shown(value)}, not an amount in whole or half bucks")
        return int(amount * 2)

    def certificates(self) -> int:
        """How many certificates a ``certificatesSold`` sells (0: declines)."""
        if "certs" not in self.note.args:
            return 0
        certs = self.note.args["certs"]
        if not isinstance(certs, list) or len(certs) > CERTS_PER_CURRENCY:
            raise self.fail(f"certs is {_shown(certs)}, not a list of certificates")
        return len(certs)


def _amount_text(halves: int) -> str:
    return format_halves(halves)


def _seat_of(state: GameState, names: Mapping[int, str], pid: int) -> int:
    return state.players.index(names[pid])


# --------------------------------------------------------------------------- set-up


def seat_order(log: TableLog) -> tuple[list[int], int]:
    """The players in seat order and the first player, from the turns the log shows.

    The players list of a table log is not in seat order: play passes to the next seat, so
    the order in which players first get a turn (``playerAction``) is the seat order from the
    first player. A player who never gets a turn is placed only if there is one.
    """
    order: list[int] = []
    first_note: tuple[Packet, Note] | None = None
    for packet in log.packets:
        for note in packet.notes:
            if note.type != "gameStateChange" or note.args.get("name") != "playerAction":
                continue
            reader = _Reader(log.names, packet, note)
            pid = reader.player("active_player")
            if first_note is None:
                first_note = (packet, note)
            if pid not in order:
                order.append(pid)
    if first_note is None:
        raise _fail("bad_table_log", "no packet gives anyone a turn: no game was played")
    if first_note[0].index != 1:
        raise _fail(
            "bad_table_log",
            "the first packet does not give the first turn: the table log is cut at the start",
            first_note[0],
        )
    missing = [pid for pid in log.names if pid not in order]
    if len(missing) > 1:
        who = ", ".join(log.names[pid] for pid in missing)
        raise _fail(
            "seat_order_unknown",
            f"{who} never had a turn in this log, so their seats are not known",
        )
    order.extend(missing)
    return order, order[0]


ID_ORDER_NOTE = (
    "Board Game Arena's For-Ex numbers the certificates 1 to 56, 8 a currency in the order"
    " GBP, EUR, USD, CHF, JPY, CAD, CNY, and a purchase takes the currency's certificate of"
    " the highest number still in the supply"
)
"""What the certificate ids of a table log rest on (the module's source; all 60 shared table
logs bear it out): an id passed over when selling was removed at set-up."""


class RemovedEvidence(Struct, frozen=True):
    """What a table log shows of the removed certificates, per currency.

    ``bought``: certificates bought (a sold one leaves the game, so each is bought once);
    ``first_over``: the ``move_id`` of the purchase that needs the supply to hold that many,
    per count; ``skipped``: the ids passed over when selling (removed at set-up), read only
    when every currency's ids follow the site's order (``ids_ordered``).
    """

    bought: tuple[int, ...]
    purchases: tuple[tuple[int, ...], ...]
    """Per currency, the ``move_id`` of each purchase, in order."""
    skipped: tuple[tuple[int, ...], ...]
    skipped_at: tuple[tuple[int, ...], ...]
    """Per currency, the ``move_id`` of the purchase that passed each skipped id over."""
    ids_ordered: bool

    def bounds(self) -> tuple[tuple[int, int], ...]:
        """Per currency, the fewest and the most certificates that can have been removed."""
        return tuple(
            (len(skipped), min(CERTS_PER_CURRENCY - bought, REMOVED_AT_SETUP))
            for bought, skipped in zip(self.bought, self.skipped, strict=True)
        )

    def candidates(self, limit: int = 10_000) -> list[tuple[int, ...]]:
        """Every removed set (6 certificates, counts per currency) the log allows, in order."""
        bounds = self.bounds()
        out: list[tuple[int, ...]] = []
        counts = [0] * len(CURRENCIES)
        # The most the currencies after each one can take, to cut dead branches short.
        room = [0] * (len(CURRENCIES) + 1)
        least = [0] * (len(CURRENCIES) + 1)
        for c in range(len(CURRENCIES) - 1, -1, -1):
            room[c] = room[c + 1] + bounds[c][1]
            least[c] = least[c + 1] + bounds[c][0]

        def fill(c: int, left: int) -> None:
            if len(out) >= limit:
                return
            if c == len(CURRENCIES):
                if left == 0:
                    out.append(tuple(counts))
                return
            low, high = bounds[c]
            for count in range(low, min(high, left) + 1):
                rest = left - count
                if least[c + 1] <= rest <= room[c + 1]:
                    counts[c] = count
                    fill(c + 1, rest)
            counts[c] = 0

        fill(0, REMOVED_AT_SETUP)
        return out

    def refusal(self, removed: Sequence[int]) -> TableLogError | None:
        """Why the log rules out ``removed``, placed at the purchase that shows it; else None.

        A purchase the supply could not hold is named before a certificate number passed over.
        """
        for c, code in enumerate(CURRENCIES):
            count = removed[c]
            left = CERTS_PER_CURRENCY - count
            if self.bought[c] > left:
                return TableLogError(
                    "removed_inconsistent",
                    f"with {count} {code} removed at set-up the supply holds {left} {code}"
                    f" certificates, but the table log shows {self.bought[c]} bought: this"
                    f" purchase (the {_nth(left + 1)}) would find none left",
                    move_id=self.purchases[c][left],
                    hints=(_CHOOSE_HINT,),
                )
        for c, code in enumerate(CURRENCIES):
            count = removed[c]
            skipped = self.skipped[c]
            if count < len(skipped):
                ids = ", ".join(str(i) for i in skipped[: count + 1])
                return TableLogError(
                    "removed_inconsistent",
                    f"{count} {code} removed at set-up, but the purchases up to this one pass"
                    f" over {code} certificate{'s' if len(skipped) > 1 else ''} {ids}, so at"
                    f" least {len(skipped)} {'were' if len(skipped) > 1 else 'was'} removed"
                    f" ({ID_ORDER_NOTE})",
                    move_id=self.skipped_at[c][count],
                    hints=(_CHOOSE_HINT,),
                )
        return None

    def constraint_text(self) -> str:
        """``GBP 1, EUR 0-2, USD 3, CHF 0-2, ...``: the count each currency allows."""
        parts = []
        for code, (low, high) in zip(CURRENCIES, self.bounds(), strict=True):
            parts.append(f"{code} {low}" if low == high else f"{code} {low}-{high}")
        return ", ".join(parts)

    def reasons(self) -> str:
        """How the log bounds the counts: purchases, and the ids passed over."""
        bought = ", ".join(f"{n} {code}" for code, n in zip(CURRENCIES, self.bought, strict=True))
        text = f"bought {bought}, so at most 8 less those of each currency were removed"
        passed = [
            f"{code} {', '.join(str(i) for i in ids)}"
            for code, ids in zip(CURRENCIES, self.skipped, strict=True)
            if ids
        ]
        if passed:
            text += (
                f"; certificate numbers the purchases pass over, so removed: {'; '.join(passed)}"
            )
        elif not self.ids_ordered:
            text += "; the certificate numbers do not follow the site's order, so not read"
        return text


_CHOOSE_HINT = (
    "leave out --removed to see the removed sets the table log allows, or give --removed unknown"
)


def _nth(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


def removed_evidence(log: TableLog) -> RemovedEvidence:
    """What the log's purchases show of the removed certificates (see ``RemovedEvidence``)."""
    ids: list[list[int | None]] = [[] for _ in CURRENCIES]
    moves: list[list[int]] = [[] for _ in CURRENCIES]
    for packet in log.packets:
        for note in packet.notes:
            if note.type == "certificatesBought":
                reader = _Reader(log.names, packet, note)
                c = CURRENCIES.index(reader.currency("curr"))
                cert = note.args.get("cert_id")
                ids[c].append(
                    int(cert)
                    if isinstance(cert, (str, int)) and _DIGITS.fullmatch(str(cert))
                    else None
                )
                moves[c].append(packet.move_id)
    ordered = all(_in_site_order(c, row) for c, row in enumerate(ids))
    skipped: list[tuple[int, ...]] = []
    skipped_at: list[tuple[int, ...]] = []
    for c, row in enumerate(ids):
        passed: list[int] = []
        at: list[int] = []
        if ordered:
            expected = CERTS_PER_CURRENCY * (c + 1)
            for cert, move_id in zip(row, moves[c], strict=True):
                assert cert is not None
                passed.extend(range(expected, cert, -1))
                at.extend([move_id] * (expected - cert))
                expected = cert - 1
        skipped.append(tuple(passed))
        skipped_at.append(tuple(at))
    return RemovedEvidence(
        tuple(len(row) for row in ids),
        tuple(tuple(row) for row in moves),
        tuple(skipped),
        tuple(skipped_at),
        ordered,
    )


def _in_site_order(c: int, row: Sequence[int | None]) -> bool:
    """A currency's certificate ids as the site sells them: its own 8, highest first."""
    low, high = CERTS_PER_CURRENCY * c + 1, CERTS_PER_CURRENCY * (c + 1)
    ids = [cert for cert in row if cert is not None and low <= cert <= high]
    return len(ids) == len(row) and all(a > b for a, b in itertools.pairwise(ids))


# --------------------------------------------------------------------------- the import


def renamed(log: TableLog, renames: Mapping[str, str]) -> TableLog:
    """The table log with players renamed (the site's name to the name for the log)."""
    for old in renames:
        if old not in log.names.values():
            known = ", ".join(log.names.values())
            raise _fail("unknown_player", f"{old!r} does not play at this table ({known})")
    names = {pid: renames.get(name, name) for pid, name in log.names.items()}
    return TableLog(log.table, names, log.packets, log.site_names or log.names)


UNKNOWN = "unknown"
"""``removed=UNKNOWN``: the removed certificates are recorded as not known."""

MAX_LISTED = 6
"""At most this many removed sets are listed when the log allows several; else the counts
each currency allows."""


def convert(log: TableLog, *, removed: Sequence[int] | str | None = None) -> Imported:
    """A table log (see ``read_table_log``) as a For-Ex game, every fact of it checked by the
    replay.

    ``removed`` gives the 6 certificates removed at set-up (per currency), refused with
    ``removed_inconsistent`` when the log rules them out; ``UNKNOWN`` records them as not
    known; without it they are deduced when exactly one set agrees with the log, else
    ``removed_unknown`` lists the sets that do. Raises ``TableLogError``.
    """
    if not 2 <= len(log.names) <= 6:
        raise _fail("bad_table_log", f"{len(log.names)} players: For-Ex takes 2 to 6")
    order, first = seat_order(log)
    evidence = removed_evidence(log)
    counts: tuple[int, ...] | None
    if removed is None:
        counts, how, reason = _deduced(log, evidence), "deduced", evidence.reasons()
    elif isinstance(removed, str):
        if removed != UNKNOWN:
            raise ValueError(f"removed is counts or {UNKNOWN!r}, not {removed!r}")
        counts, how = None, "unknown"
        reason = f"the table log allows {evidence.constraint_text()}, 6 in all"
    else:
        counts, how, reason = tuple(removed), "given", ""
        if len(counts) == len(CURRENCIES) and sum(counts) == REMOVED_AT_SETUP:
            refusal = evidence.refusal(counts)
            if refusal is not None:
                raise refusal
    players = tuple(log.names[pid] for pid in order)
    try:
        state = new_game(players, counts, log.names[first])
    except ForexError as error:
        raise TableLogError(error.code, error.reason) from None
    imported = _Replayer(log, state, log.names[first]).run()
    imported.removed = counts
    imported.removed_how = how
    imported.removed_reason = reason
    return imported


def _deduced(log: TableLog, evidence: RemovedEvidence) -> tuple[int, ...]:
    """The one removed set the log allows; else ``removed_unknown`` with those it allows."""
    sets = evidence.candidates(limit=MAX_LISTED + 1)
    if len(sets) == 1:
        return sets[0]
    look = (
        f"the board at the start of the table's replay shows them: {review_url(log.table)};"
        " give them with --removed, or give --removed unknown to record them as not known"
    )
    if not sets:
        raise TableLogError(
            "removed_inconsistent",
            "no set of 6 removed certificates agrees with the table log"
            f" ({evidence.constraint_text()}): {evidence.reasons()}",
            hints=(look,),
        )
    total = len(sets) if len(sets) <= MAX_LISTED else len(evidence.candidates())
    if total <= MAX_LISTED:
        shown = "; ".join(removed_option(each) for each in sets)
        which = f"one of these {total}: {shown}"
    else:
        which = f"{total} sets of 6 ({evidence.constraint_text()}, 6 in all)"
    raise TableLogError(
        "removed_unknown",
        "a table log does not say which 6 certificates were removed at set-up, and this one"
        f" allows {which}",
        hints=(look, f"what the table log shows: {evidence.reasons()}"),
    )


def removed_option(counts: Sequence[int]) -> str:
    """``GBP=1,USD=2,CNY=3``: removed counts as ``--removed`` takes them."""
    return ",".join(f"{code}={n}" for code, n in zip(CURRENCIES, counts, strict=True) if n)


class _Replayer:
    """The walk through the packets: decisions applied, facts checked."""

    def __init__(self, log: TableLog, state: GameState, first: str) -> None:
        self.log = log
        self.first = first
        self.names = log.names
        self.state = state
        self.entries: list[tuple[str, Written]] = []
        self.spot: Spot | None = None
        self.spot_packet: Packet | None = None
        self.left_out: list[str] = []

    def run(self) -> Imported:
        packets = self.log.packets
        self._check(packets[0], self.state, self.state, [])
        for position, packet in enumerate(packets[1:], 2):
            self._packet(packet, last=position == len(packets))
        if self.spot is not None:
            assert self.spot_packet is not None
            self.left_out.append(
                f"the spot trade accepted in packet move_id {self.spot_packet.move_id}"
                " (its action is not taken yet)"
            )
        return Imported(
            self.log.table,
            _utc(packets[0].time),
            self.state.players,
            self.first,
            self.entries,
            self.state,
            self.left_out,
        )

    # ------------------------------------------------------------- one packet

    def _packet(self, packet: Packet, *, last: bool) -> None:
        before = self.state
        phase = before.pending.phase
        decisions = self._decisions(packet, before, last=last)
        if decisions is None:  # an offer not answered yet: the game stands there
            return
        state = before
        for decision, note in decisions:
            try:
                state = apply(state, decision)
            except ForexError as error:
                raise TableLogError(
                    error.code,
                    f"the replay refuses {_said(decision)}: {error.reason}",
                    move_id=packet.move_id,
                    notification=note.index,
                    kind=note.type,
                ) from None
        if phase is Phase.OVER and any(n.type in FOREX_TYPES for n in packet.notes):
            raise _fail("table_mismatch", "a packet after the end of the game", packet)
        self._check(packet, before, state, decisions)
        self.state = state

    def _decisions(
        self, packet: Packet, state: GameState, *, last: bool
    ) -> list[tuple[Decision, Note]] | None:
        """The decisions a packet records (none for a refused offer); ``None`` for an offer
        still awaiting its answer at the end of the log."""
        phase = state.pending.phase
        who = state.pending_player
        kinds = [n for n in packet.notes if n.type in _DECISION_TYPES]
        if phase is Phase.OVER:
            if kinds:
                raise _fail(
                    "table_mismatch",
                    "a decision after the end of the game (the replay has ended)",
                    packet,
                    kinds[0],
                )
            return []
        assert who is not None
        if phase is Phase.TURN or phase is Phase.DIVEST_RESPONSE:
            if not kinds:
                raise _fail(
                    "table_mismatch",
                    f"the packet holds no decision, but the replay awaits one of"
                    f" {possessive(who, alone=True)}",
                    packet,
                )
            if phase is Phase.TURN:
                return self._turn(packet, kinds, who, last=last)
            if len(kinds) > 1:
                raise _fail("table_mismatch", "the packet holds two decisions", packet, kinds[1])
            note = kinds[0]
            if note.type != "certificatesSold":
                raise self._kind_mismatch(packet, note, f"{possessive(who)} answer to a divest")
            reader = _Reader(self.names, packet, note)
            self._same(reader, who)
            return self._entry(
                who, DivestResponse(who, reader.currency("curr"), reader.certificates()), note
            )
        what = "a dividend tie" if phase is Phase.DIVIDEND_TIE else "the final tie"
        if kinds:
            raise self._kind_mismatch(packet, kinds[0], f"{possessive(who)} choice in {what}")
        choices = [
            n for n in packet.notes if n.type == "currencyChosen" and "player_name" in n.args
        ]
        if not choices:
            raise _fail(
                "table_mismatch",
                f"the packet holds no choice, but the replay awaits"
                f" {possessive(who, alone=True)} in {what}",
                packet,
            )
        if len(choices) > 1:
            raise _fail("table_mismatch", "the packet holds two choices", packet, choices[1])
        note = choices[0]
        reader = _Reader(self.names, packet, note)
        name = reader.get("player_name")
        if name != self._site_name(who):
            raise reader.fail(
                f"{_shown(name)} chooses, but the replay awaits {who}", "table_mismatch"
            )
        currency = reader.currency("currency")
        if phase is Phase.DIVIDEND_TIE:
            return self._entry(who, ChooseStrengthen(who, currency), note)
        return self._entry(who, ChooseStrongest(who, currency), note)

    def _site_name(self, who: str) -> str:
        """The name the site shows for the player called ``who`` in the log."""
        site = self.log.site_names or self.names
        return next(site[pid] for pid, name in self.names.items() if name == who)

    def _entry(self, who: str, decision: Decision, note: Note) -> list[tuple[Decision, Note]]:
        self.entries.append((who, Written(None, decision)))
        return [(decision, note)]

    def _kind_mismatch(self, packet: Packet, note: Note, awaited: str) -> TableLogError:
        return _fail("table_mismatch", f"the replay awaits {awaited}, not this", packet, note)

    def _same(self, reader: _Reader, who: str, key: str = "player_id") -> None:
        pid = reader.player(key)
        if self.names[pid] != who:
            raise reader.fail(
                f"{self.names[pid]} decides here, but the replay awaits {who}", "table_mismatch"
            )

    def _turn(
        self, packet: Packet, kinds: list[Note], who: str, *, last: bool
    ) -> list[tuple[Decision, Note]] | None:
        note = kinds[0]
        reader = _Reader(self.names, packet, note)
        if note.type == "spotTradeOffered":
            return self._offer(packet, kinds, who, last=last)
        if note.type == "certificatesBought":
            more = kinds[1:]
            if len(more) > 1 or any(n.type != "certificatesBought" for n in more):
                raise _fail(
                    "table_mismatch",
                    "the packet holds more than one decision",
                    packet,
                    kinds[min(2, len(kinds) - 1)],
                )
            currencies = []
            for each in kinds:
                each_reader = _Reader(self.names, packet, each)
                self._same(each_reader, who)
                currencies.append(each_reader.currency("curr"))
            decision: Decision = Invest(who, tuple(currencies))
        else:
            if len(kinds) > 1:
                raise _fail(
                    "table_mismatch", "the packet holds more than one decision", packet, kinds[1]
                )
            self._same(reader, who)
            if note.type == "contractTaken":
                decision = MakeContract(
                    who,
                    reader.currency("promise"),
                    reader.halves("promise_amt"),
                    reader.currency("payout"),
                    reader.halves("payout_amt"),
                )
            elif note.type == "certificatesSold":
                count = reader.certificates()
                if count == 0:
                    raise reader.fail("a turn's divest sells no certificate", "table_mismatch")
                decision = Divest(who, reader.currency("curr"), count)
            elif note.type == "resolvedContractQueue":
                decision = Resolve(who)
            else:
                raise self._kind_mismatch(packet, note, f"{possessive(who)} turn action")
        # An accepted spot trade was applied in its own packet: the entry joins the two.
        self.entries.append((who, Written(self.spot, decision)))
        self.spot = None
        self.spot_packet = None
        return [(decision, note)]

    def _offer(
        self, packet: Packet, kinds: list[Note], who: str, *, last: bool
    ) -> list[tuple[Decision, Note]] | None:
        offer = kinds[0]
        answers = [n for n in kinds[1:] if n.type in _ANSWERS]
        others = [n for n in kinds[1:] if n.type not in _ANSWERS]
        if others:
            raise _fail(
                "table_mismatch",
                "a spot offer and another decision in one packet",
                packet,
                others[0],
            )
        if len(answers) > 1:
            raise _fail("table_mismatch", "a spot offer answered twice", packet, answers[1])
        reader = _Reader(self.names, packet, offer)
        self._same(reader, who, "from_player")
        terms = _terms(reader)
        if not answers:
            if not last:
                raise _fail(
                    "table_mismatch", "a spot offer with no answer, and play goes on", packet, offer
                )
            self.left_out.append(
                f"the spot offer of packet move_id {packet.move_id} (not answered yet)"
            )
            return None
        answer = answers[0]
        if answer.type != "spotTradeAccepted":
            self._refusal(packet, answer, who, terms[0])
            return []
        answer_reader = _Reader(self.names, packet, answer)
        if _terms(answer_reader) != terms:
            raise answer_reader.fail("the trade accepted is not the one offered", "table_mismatch")
        partner, give_c, give, get_c, get = terms
        spot = Spot(who, self.names[partner], give_c, give, get_c, get)
        self.spot = spot
        self.spot_packet = packet
        return [(spot, answer)]

    def _refusal(self, packet: Packet, answer: Note, who: str, partner: int) -> None:
        """A refused offer is refused by whom it was made to, a cancelled one cancelled by
        whom it was made by."""
        reader = _Reader(self.names, packet, answer)
        site = self.log.site_names or self.names
        by = site[partner]
        if answer.type == "spotTradeRejected":
            if reader.player("spot_trade_to") != partner:
                raise reader.fail("another player refuses than the offer is made to")
        else:
            by = self._site_name(who)
        if reader.get("player_name") != by:
            raise reader.fail(
                f"{_shown(reader.get('player_name'))} answers; the offer's answer is"
                f" {possessive(by, alone=True)}",
                "table_mismatch",
            )

    # ------------------------------------------------------------- the facts

    def _check(
        self,
        packet: Packet,
        before: GameState,
        after: GameState,
        decisions: list[tuple[Decision, Note]],
    ) -> None:
        self._check_consistent(packet)
        names = self.names
        n = len(after.players)
        money = [[0] * len(CURRENCIES) for _ in range(n)]
        certs = [[0] * len(CURRENCIES) for _ in range(n)]
        last_money: dict[tuple[int, int], Note] = {}
        last_certs: dict[tuple[int, int], Note] = {}
        conversion = _conversion_notes(packet)
        for note in packet.notes:
            reader = _Reader(names, packet, note)
            if note.type == "moniesChanged":
                amount = reader.halves("amt")
                way = note.args.get("pays_or_receives")
                if (way == "pays" and amount > 0) or (way == "receives" and amount < 0):
                    raise reader.fail(f"it {way} {_amount_text(amount)}", "table_mismatch")
            if note.type == "moniesChanged" and note.index not in conversion:
                seat = _seat_of(after, names, reader.player())
                c = CURRENCIES.index(reader.currency("curr"))
                money[seat][c] += reader.halves("amt")
                last_money[seat, c] = note
            elif note.type in ("certificatesBought", "certificatesSold"):
                seat = _seat_of(after, names, reader.player())
                c = CURRENCIES.index(reader.currency("curr"))
                if note.type == "certificatesBought":
                    certs[seat][c] += 1
                else:
                    certs[seat][c] -= reader.certificates()
                last_certs[seat, c] = note
            elif note.type == "bankruptcy":
                seat = _seat_of(after, names, reader.player())
                if after.bankrupt != seat:
                    raise reader.fail(
                        f"the replay does not make {after.players[seat]} bankrupt here",
                        "table_mismatch",
                    )
        first = decisions[0][1] if decisions else None
        for seat in range(n):
            for c, code in enumerate(CURRENCIES):
                said = money[seat][c]
                done = after.money[seat][c] - before.money[seat][c]
                if said != done:
                    raise _fail(
                        "table_mismatch",
                        f"the notifications change {possessive(after.players[seat])} {code} by"
                        f" {_amount_text(said)}, the replay by {_amount_text(done)}",
                        packet,
                        last_money.get((seat, c), first),
                    )
                said = certs[seat][c]
                done = after.certs[seat][c] - before.certs[seat][c]
                if said != done:
                    raise _fail(
                        "table_mismatch",
                        f"the notifications change {possessive(after.players[seat])} {code}"
                        f" certificates"
                        f" by {said}, the replay by {done}",
                        packet,
                        last_certs.get((seat, c), first),
                    )
        self._check_board(packet, before, after, first)
        _QueueCheck(self, packet, before, after, first).run()
        self._check_dividends(packet, before, decisions)
        if after.result is not None and before.result is None:
            self._check_scoring(packet, after, conversion)
        elif conversion or any(n.type == "currencyScored" for n in packet.notes):
            note = next(n for n in packet.notes if n.type == "currencyScored")
            raise _fail(
                "table_mismatch", "a final conversion, but the replay has not ended", packet, note
            )
        self._check_next(packet, after)

    def _check_board(
        self, packet: Packet, before: GameState, after: GameState, first: Note | None
    ) -> None:
        """The currencies strengthened and weakened, in order, must move the board as the
        replay does."""
        board = before.board
        last = first
        for note in packet.notes:
            if note.type not in ("currencyStrengthened", "currencyWeakened"):
                continue
            reader = _Reader(self.names, packet, note)
            c = CURRENCIES.index(reader.currency("currency"))
            if note.type == "currencyStrengthened":
                board = board.strengthen(c)
            else:
                times = _whole(reader.get("amt"), "amt", packet, note)
                if not 1 <= times <= CERTS_PER_CURRENCY:
                    raise reader.fail(f"a currency weakened {times} times")
                for _ in range(times):
                    board = board.weaken(c)
            last = note
        if board != after.board:
            differ = [
                f"{CURRENCIES[a]}/{CURRENCIES[b]}"
                for a, b in PAIRS
                if board.position(a, b) != after.board.position(a, b)
            ]
            raise _fail(
                "table_mismatch",
                "the currencies strengthened and weakened here move the board otherwise than"
                f" the replay (pairs {', '.join(differ)})",
                packet,
                last,
            )

    def _check_dividends(
        self, packet: Packet, before: GameState, decisions: list[tuple[Decision, Note]]
    ) -> None:
        notes = [n for n in packet.notes if n.type == "dividendsPaid"]
        resolves = [note for decision, note in decisions if isinstance(decision, Resolve)]
        front = before.queue[0] if before.queue else None
        if not resolves or not isinstance(front, DividendStack):
            if notes:
                raise _fail(
                    "table_mismatch",
                    "dividends paid, but the replay resolves no dividend",
                    packet,
                    notes[0],
                )
            return
        per_cert = DIVIDENDS_HALVES[len(DIVIDENDS_HALVES) - front.left]
        closed = before.board.non_paying() if per_cert else frozenset(range(len(CURRENCIES)))
        expected = [
            {c: count * per_cert for c, count in enumerate(hand) if count and c not in closed}
            for hand in before.certs
        ]
        told: dict[int, Note] = {}
        for note in notes:
            reader = _Reader(self.names, packet, note)
            seat = _seat_of(before, self.names, reader.player())
            if seat in told:
                raise reader.fail(
                    f"{possessive(before.players[seat])} dividends are told twice", "table_mismatch"
                )
            told[seat] = note
            currencies = reader.get("currencies")
            amounts = reader.get("dividendspaid")
            if (
                not isinstance(currencies, list)
                or not isinstance(amounts, list)
                or len(currencies) != len(amounts)
            ):
                raise reader.fail(
                    "its currencies and dividendspaid are not two lists of one length"
                )
            paid: dict[int, int] = {}
            for code, amount in zip(currencies, amounts, strict=True):
                inner = _Reader(
                    self.names, packet, Note(note.index, note.type, {"c": code, "a": amount}, "")
                )
                c = CURRENCIES.index(inner.currency("c"))
                if c in paid:
                    raise reader.fail(f"{CURRENCIES[c]} is paid twice")
                value = inner.halves("a")
                if value:
                    paid[c] = value
            if paid != expected[seat]:
                raise reader.fail(
                    f"{before.players[seat]} receives dividends of {_paid(paid)}; the replay"
                    f" pays {_paid(expected[seat])}",
                    "table_mismatch",
                )
        for seat, due in enumerate(expected):
            if due and seat not in told:
                raise _fail(
                    "table_mismatch",
                    f"the replay pays {before.players[seat]} dividends of {_paid(due)}, which the"
                    " log does not tell",
                    packet,
                    resolves[0],
                )

    def _check_scoring(self, packet: Packet, after: GameState, conversion: dict[int, Note]) -> None:
        result = after.result
        assert result is not None
        names = self.names
        strongest = CURRENCIES[result.strongest]
        scored: set[int] = set()
        for note in packet.notes:
            reader = _Reader(names, packet, note)
            if note.type == "currencyChosen" and "player_name" not in note.args:
                said = reader.currency("currency")
                how = (
                    "pairs"
                    if "pairs" in note.log
                    else "certificates"
                    if "Certificates" in note.log
                    else None
                )
                if said != strongest or (how is not None and how != result.decided_by):
                    raise reader.fail(
                        f"{said} is the scoring currency by {how or 'its rule'}; the replay"
                        f" makes it {strongest}, by {result.decided_by}",
                        "table_mismatch",
                    )
            elif note.type == "currencyScored":
                seat = _seat_of(after, names, reader.player())
                name = after.players[seat]
                if seat in scored:
                    raise reader.fail(
                        f"{possessive(name)} money is converted twice", "table_mismatch"
                    )
                if seat == result.bankrupt:
                    raise reader.fail(
                        f"{name} is bankrupt: the replay converts nothing", "table_mismatch"
                    )
                scored.add(seat)
                if reader.currency("scoring_currency") != strongest:
                    raise reader.fail(
                        f"converted into {note.args['scoring_currency']}; the replay scores"
                        f" in {strongest}",
                        "table_mismatch",
                    )
                amounts = reader.get("score_amt")
                if not isinstance(amounts, dict):
                    raise reader.fail("its score_amt is not an object")
                for c, code in enumerate(CURRENCIES):
                    if code == strongest:
                        continue
                    value = 0
                    if code in amounts:
                        inner = _Reader(
                            names, packet, Note(note.index, note.type, {code: amounts[code]}, "")
                        )
                        value = inner.halves(code)
                    want = 2 * result.converted[seat][c]
                    if value != want:
                        raise reader.fail(
                            f"{possessive(name)} {code} converts to {_amount_text(value)}"
                            f" {strongest}; the"
                            f" replay converts {_amount_text(after.money[seat][c])} {code} to"
                            f" {_amount_text(want)}",
                            "table_mismatch",
                        )
        for index, scoring in conversion.items():
            note = packet.notes[index - 1]
            reader = _Reader(names, packet, note)
            seat = _seat_of(after, names, reader.player())
            owner = _seat_of(after, names, _Reader(names, packet, scoring).player())
            c = CURRENCIES.index(reader.currency("curr"))
            amount = reader.halves("amt")
            if seat != owner:
                raise reader.fail(
                    "a money change of another player amid a conversion", "table_mismatch"
                )
            if amount < 0:
                held = after.money[seat][c]
                if -amount != held:
                    raise reader.fail(
                        f"{after.players[seat]} converts {_amount_text(-amount)} {CURRENCIES[c]};"
                        f" the replay leaves {_amount_text(held)}",
                        "table_mismatch",
                    )
            elif CURRENCIES[c] != strongest:
                raise reader.fail(
                    f"a conversion into {CURRENCIES[c]}, not {strongest}", "table_mismatch"
                )
        for seat in range(len(after.players)):
            if (
                seat != result.bankrupt
                and seat not in scored
                and any(n.type == "currencyScored" for n in packet.notes)
            ):
                raise _fail(
                    "table_mismatch",
                    f"{possessive(after.players[seat])} money is not converted, but the replay"
                    f" scores it",
                    packet,
                )

    def _check_next(self, packet: Packet, after: GameState) -> None:
        """Each state change says who decides next: the replay must agree (an offer's answer
        is awaited from whom it is made to)."""
        offered: Any = None
        for note in packet.notes:
            if note.type == "spotTradeOffered":
                offered = note.args.get("to_player")
            if note.type != "gameStateChange":
                continue
            reader = _Reader(self.names, packet, note)
            name = reader.get("name")
            if name == "offerResponse":
                if offered is None:
                    raise reader.fail("an answer is awaited, but no offer was made")
                if reader.player("active_player") != _whole(offered, "to_player", packet):
                    raise reader.fail(
                        "the answer is awaited from another than the offer is made to",
                        "table_mismatch",
                    )
                continue
            if name in IN_BETWEEN_STATES:
                continue
            if name not in STATES:
                raise reader.fail(
                    f"state {_shown(name)} is not one of For-Ex's: is this a table log of"
                    " another game?",
                    "not_for_ex",
                )
            phase = STATES[name]
            awaited = after.pending.phase
            who = after.pending_player
            if phase is Phase.OVER:
                if awaited is not Phase.OVER:
                    raise reader.fail(
                        f"the game ends here; the replay awaits {who}", "table_mismatch"
                    )
                continue
            active = self.names[reader.player("active_player")]
            if (phase, active) != (awaited, who):
                now = "has ended" if who is None else f"awaits {who} ({awaited.value})"
                raise reader.fail(
                    f"{active} is to decide ({name}); the replay {now}", "table_mismatch"
                )

    def _check_consistent(self, packet: Packet) -> None:
        """What a notification says twice it must say the same way: the player's id and name,
        a currency's two keys, a spot trade's two pairs of players."""
        site = self.log.site_names or self.names
        for note in packet.notes:
            args = note.args
            reader = _Reader(self.names, packet, note)
            if "player_id" in args and "player_name" in args:
                pid = reader.player()
                if args["player_name"] != site[pid]:
                    raise reader.fail(
                        f"player {pid} is {site[pid]!r}, not {_shown(args['player_name'])}",
                        "table_mismatch",
                    )
            for one, other in _SAID_TWICE:
                if one in args and other in args and args[one] != args[other]:
                    if one.startswith("spot") and reader.player(one) == reader.player(other):
                        continue  # the same id, once as a number and once as text
                    raise reader.fail(f"its {one} and {other} differ", "table_mismatch")


class _QueueCheck:
    """The contract queue as the notifications tell it (contracts taken, paid, turned into or
    added to loans, loans paid or not, dividends resolved), which must be the replay's."""

    def __init__(
        self,
        replayer: _Replayer,
        packet: Packet,
        before: GameState,
        after: GameState,
        first: Note | None,
    ) -> None:
        self.names = replayer.names
        self.packet = packet
        self.after = after
        self.queue: list[Any] = list(before.queue)
        self.last = first

    def run(self) -> None:
        for note in self.packet.notes:
            handler = getattr(self, f"_{note.type}", None)
            if handler is not None:
                self.last = note
                handler(_Reader(self.names, self.packet, note))
        if tuple(self.queue) != self.after.queue:
            raise _fail(
                "table_mismatch",
                f"the notifications leave the queue {_queue_text(self.queue)}; the replay"
                f" leaves {_queue_text(self.after.queue)}",
                self.packet,
                self.last,
            )

    def _item(self, reader: _Reader, kind: type, key: str = "contract") -> tuple[int, Any]:
        letter = reader.get(key)
        for index, item in enumerate(self.queue):
            if isinstance(item, kind) and getattr(item, "letter", None) == letter:
                return index, item
        what = "contract" if kind is Contract else "loan"
        raise reader.fail(f"there is no {what} {_shown(letter)} in the queue", "table_mismatch")

    def _owner(self, reader: _Reader, item: Any) -> int:
        seat = _seat_of(self.after, self.names, reader.player())
        if item.owner != seat:
            raise reader.fail(
                f"{item.letter} is {possessive(self.after.players[item.owner], alone=True)}, not"
                f" {possessive(self.after.players[seat], alone=True)}",
                "table_mismatch",
            )
        return seat

    def _terms(self, reader: _Reader, item: Contract, *, pay: bool = True) -> None:
        receive = (CURRENCIES.index(reader.currency("payout")), reader.halves("payout_amt"))
        if receive != (item.receive_currency, item.receive) or (
            pay
            and (CURRENCIES.index(reader.currency("promise")), reader.halves("promise_amt"))
            != (item.pay_currency, item.pay)
        ):
            raise reader.fail(
                f"these are not the terms of contract {item.letter} in the replay",
                "table_mismatch",
            )

    def _contractTaken(self, reader: _Reader) -> None:
        seat = _seat_of(self.after, self.names, reader.player())
        letter = reader.get("contract")
        if not isinstance(letter, str):
            raise reader.fail(f"contract is {_shown(letter)}")
        self.queue.append(
            Contract(
                letter,
                seat,
                CURRENCIES.index(reader.currency("promise")),
                reader.halves("promise_amt"),
                CURRENCIES.index(reader.currency("payout")),
                reader.halves("payout_amt"),
            )
        )

    def _resolvedContractQueue(self, reader: _Reader) -> None:
        front = self.queue[0] if self.queue else None
        said = reader.get("contract")
        if "dividend" in reader.note.args:
            stack = [item.left for item in self.queue if isinstance(item, DividendStack)]
            left = _whole(reader.get("dividend"), "dividend", self.packet, reader.note)
            if left != (stack[0] if stack else 0):
                raise reader.fail(
                    f"{left} dividends left; the replay has {stack[0] if stack else 0}",
                    "table_mismatch",
                )
        if isinstance(front, DividendStack):
            if said != "Dividends":
                raise reader.fail(
                    f"{_shown(said)} is resolved; the front of the queue is the dividends",
                    "table_mismatch",
                )
            self.queue.pop(0)
            if front.left > 1:
                self.queue.append(DividendStack(front.left - 1))
        elif front is None or front.letter != said:
            shown = "empty" if front is None else front.letter
            raise reader.fail(
                f"{_shown(said)} is resolved; the front of the queue is {shown}",
                "table_mismatch",
            )

    def _queueMoved(self, reader: _Reader) -> None:
        said = reader.get("contract")
        front = self.queue[0] if self.queue else None
        shown = "Dividends" if front is None or isinstance(front, DividendStack) else front.letter
        emptied = not any(isinstance(item, DividendStack) for item in self.queue)
        # Board Game Arena keeps the emptied dividend stack in its queue: its turn may come.
        if said != shown and not (said == "Dividends" and emptied):
            raise reader.fail(
                f"the queue's front is {_shown(said)}; in the replay it is {shown}",
                "table_mismatch",
            )

    def _contractPaid(self, reader: _Reader) -> None:
        index, item = self._item(reader, Contract)
        self._owner(reader, item)
        self._terms(reader, item)
        del self.queue[index]

    def _unpaid(self, reader: _Reader) -> tuple[Contract, int, int]:
        index, item = self._item(reader, Contract)
        self._owner(reader, item)
        self._terms(reader, item, pay=False)
        c = CURRENCIES.index(reader.currency("loan_curr"))
        owed = reader.halves("loan_amt")
        if c != item.pay_currency or owed != item.pay + LOAN_PENALTY_HALVES:
            raise reader.fail(
                f"the loan of contract {item.letter} owes {_amount_text(item.pay + 2)}"
                f" {CURRENCIES[item.pay_currency]} in the replay",
                "table_mismatch",
            )
        del self.queue[index]
        return item, c, owed

    def _loanCreated(self, reader: _Reader) -> None:
        item, c, owed = self._unpaid(reader)
        owes = [0] * len(CURRENCIES)
        owes[c] = owed
        self.queue.append(Loan(item.letter, item.owner, tuple(owes)))

    def _loanMerged(self, reader: _Reader) -> None:
        item, c, owed = self._unpaid(reader)
        index, loan = self._item(reader, Loan, "loan")
        if loan.owner != item.owner:
            raise reader.fail(f"loan {loan.letter} is another player's", "table_mismatch")
        owes = list(loan.owes)
        owes[c] += owed
        self.queue[index] = Loan(loan.letter, loan.owner, tuple(owes))

    def _loanResolved(self, reader: _Reader) -> None:
        index, loan = self._item(reader, Loan)
        self._owner(reader, loan)
        said = reader.get("loans")
        if not isinstance(said, dict):
            raise reader.fail("its loans are not an object")
        owes = [0] * len(CURRENCIES)
        for code, amount in said.items():
            inner = _Reader(self.names, reader.packet, Note(0, "", {"c": code, "a": amount}, ""))
            owes[CURRENCIES.index(inner.currency("c"))] = inner.halves("a")
        if tuple(owes) != loan.owes:
            raise reader.fail(f"loan {loan.letter} owes otherwise in the replay", "table_mismatch")
        del self.queue[index]

    def _bankruptcy(self, reader: _Reader) -> None:
        _index, loan = self._item(reader, Loan)
        self._owner(reader, loan)

    def _dividendsStackPopped(self, reader: _Reader) -> None:
        left = _whole(reader.get("dividends"), "dividends", self.packet, reader.note)
        if left != self.after.dividends_left:
            raise reader.fail(
                f"{left} dividends left; the replay leaves {self.after.dividends_left}",
                "table_mismatch",
            )


def _queue_text(queue: Sequence[Any]) -> str:
    if not queue:
        return "empty"
    return " ".join(
        "dividends" if isinstance(item, DividendStack) else item.letter for item in queue
    )


_SAID_TWICE = (
    ("currency", "curr"),
    ("spot_trade_from", "from_player"),
    ("spot_trade_to", "to_player"),
)

_DECISION_TYPES = frozenset(
    {
        "spotTradeOffered",
        "spotTradeAccepted",
        "spotTradeRejected",
        "spotTradeCanceled",
        "contractTaken",
        "certificatesBought",
        "certificatesSold",
        "resolvedContractQueue",
    }
)
"""The notifications that record a decision (with ``currencyChosen`` in a tie)."""

_ANSWERS = frozenset({"spotTradeAccepted", "spotTradeRejected", "spotTradeCanceled"})


def _terms(reader: _Reader) -> tuple[int, str, int, str, int]:
    return (
        reader.player("to_player"),
        reader.currency("spot_offer"),
        reader.halves("off_amt"),
        reader.currency("spot_request"),
        reader.halves("req_amt"),
    )


def _conversion_notes(packet: Packet) -> dict[int, Note]:
    """The money changes of the final conversion: the run of ``moniesChanged`` just before
    each ``currencyScored``, by notification index, with that ``currencyScored``."""
    out: dict[int, Note] = {}
    notes = packet.notes
    for position, note in enumerate(notes):
        if note.type != "currencyScored":
            continue
        back = position - 1
        while back >= 0 and notes[back].type == "moniesChanged":
            out[notes[back].index] = note
            back -= 1
    return out


def _paid(paid: Mapping[int, int]) -> str:
    if not paid:
        return "nothing"
    return ", ".join(f"{_amount_text(a)} {CURRENCIES[c]}" for c, a in sorted(paid.items()))


def _said(decision: Decision) -> str:
    from .notation import write

    return f"{decision.player}: {write(decision)}"


def _utc(seconds: int) -> str:
    import datetime

    moment = datetime.datetime.fromtimestamp(min(seconds, 253402300799), datetime.timezone.utc)
    return moment.strftime("%Y-%m-%d %H:%M:%S UTC")
