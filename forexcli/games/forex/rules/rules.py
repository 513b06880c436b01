"""The rules of For-Ex as pure functions over ``GameState``.

``new_game`` sets up, ``legal_decisions`` lists what the pending player may
do, ``apply`` takes one decision and returns the next state (or raises an
``IllegalDecision`` with a stable code), and ``apply_with_events`` also says
what happened, in plain sentences.
"""

from __future__ import annotations

import math
from bisect import bisect_left
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, Optional

from msgspec import Struct

from ....words import possessive, says, verb_for
from .board import (
    CURRENCIES,
    GAINING,
    NUM_CURRENCIES,
    PAIR_AT,
    PAIRS,
    PAIRS_OF,
    TRACK_HALVES,
    Board,
    PairPosition,
    format_halves,
)
from .decisions import (
    ChooseStrengthen,
    ChooseStrongest,
    Decision,
    Divest,
    DivestResponse,
    Invest,
    MakeContract,
    Resolve,
    Spot,
)
from .errors import (
    ChoiceRefused,
    ContractRefused,
    DivestRefused,
    GameOver,
    InsufficientFunds,
    InvestRefused,
    NotYourDecision,
    SetupError,
    SpotRefused,
    UnknownName,
    WrongDecisionKind,
)
from .state import (
    CERTS_PER_CURRENCY,
    DIVIDENDS_HALVES,
    INVEST_PRICE_HALVES,
    LETTERS,
    LOAN_PENALTY_HALVES,
    MAX_CERTS_PER_CURRENCY,
    MAX_STRONG_AMOUNT,
    REMOVED_AT_SETUP,
    START_MONEY_HALVES,
    Contract,
    DividendStack,
    GameState,
    HouseRules,
    Loan,
    Pending,
    Phase,
    QueueItem,
    Result,
)

if TYPE_CHECKING:  # (only the checkers read it; a protocol costs start-up to define)
    from .views import StateView

MIN_PLAYERS = 2
DEFAULT_HOUSE_RULES = HouseRules()
MAX_PLAYERS = 6

_OVER = Phase.OVER

_OTHERS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple((seat + step) % n for step in range(1, n)) for seat in range(n))
    for n in range(MAX_PLAYERS + 1)
)
"""``_OTHERS[n][seat]``: the other seats of an ``n``-player game, in turn order after ``seat``."""

_TURN_PENDING: tuple[Pending, ...] = tuple(Pending(Phase.TURN, seat) for seat in range(MAX_PLAYERS))
"""``Pending(Phase.TURN, seat)`` for every seat, built once (they are immutable)."""


class Event(Struct, frozen=True):
    """Something that happened while a decision was applied."""

    kind: str
    text: str


def money_text(halves: int, currency: int) -> str:
    """``4.5 USD``."""
    return f"{format_halves(halves)} {CURRENCIES[currency]}"


# --------------------------------------------------------------------------- set-up


def new_game(
    players: Sequence[str],
    removed: Optional[Sequence[int]],
    first_player: Optional[str] = None,
    house: HouseRules = DEFAULT_HOUSE_RULES,
) -> GameState:
    """Set up a game: seat order, removed certificates per currency, first player, house rules.

    ``removed=None``: which 6 were removed is not known (a game recorded without them); the
    supply then holds all 8 of each currency, so that no purchase the game made is refused,
    and ``removed`` is all zeros (see ``removed_known``).
    """
    if house is not DEFAULT_HOUSE_RULES:  # (whose rules are allowed)
        for option, allowed in HouseRules.OPTIONS.items():
            value = getattr(house, option)
            if value not in allowed:
                raise SetupError(
                    f"house rule {option} must be one of {', '.join(allowed)}, not {value!r}"
                )
    names = tuple(players)
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        raise SetupError(f"For-Ex takes 2 to 6 players; {len(names)} given")
    if len(set(names)) != len(names):
        dupes = sorted({n for n in names if names.count(n) > 1})
        raise SetupError(f"player names must be distinct; repeated: {', '.join(dupes)}")
    if any(not name for name in names):
        raise SetupError("a player name is empty")
    if removed is None:
        return _new_state(names, first_player, house, (0,) * NUM_CURRENCIES)
    removed_t = tuple(removed)
    if len(removed_t) != NUM_CURRENCIES or any(r < 0 for r in removed_t):
        raise SetupError("removed certificates need one count of 0 or more per currency")
    if sum(removed_t) != REMOVED_AT_SETUP:
        raise SetupError(f"exactly 6 certificates are removed at set-up; {sum(removed_t)} given")
    for c, count in enumerate(removed_t):
        if count > CERTS_PER_CURRENCY:
            raise SetupError(f"{count} {CURRENCIES[c]} certificates removed, but there are only 8")
    return _new_state(names, first_player, house, removed_t)


def _new_state(
    names: tuple[str, ...],
    first_player: Optional[str],
    house: HouseRules,
    removed_t: tuple[int, ...],
) -> GameState:
    """The starting state of checked players and removed counts."""
    first = 0
    if first_player is not None:
        if first_player not in names:
            raise SetupError(f"first player {first_player!r} is not one of the players")
        first = names.index(first_player)
    n = len(names)
    return GameState(
        names,
        Board.starting(),
        (_START_MONEY,) * n,
        (_NO_CERTS,) * n,
        tuple([CERTS_PER_CURRENCY - r for r in removed_t]),
        removed_t,
        _NO_CERTS,
        (DividendStack(len(DIVIDENDS_HALVES)),),
        len(DIVIDENDS_HALVES),
        first,
        1,
        False,
        _TURN_PENDING[first],
        None,
        None,
        None,
        house,
    )


_START_MONEY: tuple[int, ...] = (START_MONEY_HALVES,) * NUM_CURRENCIES
_NO_CERTS: tuple[int, ...] = (0,) * NUM_CURRENCIES


# --------------------------------------------------------------------------- scratch


class _Scratch:
    """A mutable working copy of a state, used inside one ``apply`` only."""

    __slots__ = (
        "_board",
        "_certs",
        "_money",
        "_pairs",
        "_queue",
        "_sold",
        "_supply",
        "bankrupt",
        "dividends_left",
        "ending",
        "events",
        "loud",
        "pending",
        "result",
        "spot_done",
        "state",
        "turn_number",
        "turn_player",
    )

    def __init__(self, state: GameState, loud: bool) -> None:
        self.state = state
        self.loud = loud  # write events? (``apply`` needs none; ``apply_with_events`` does)
        self._board: Optional[Board] = state.board
        # The pairs as moved, or None before a move; the rules read a position as
        # ``(work._pairs or state.board.pairs)[index]`` (no board is built for it).
        self._pairs: Optional[list[PairPosition]] = None
        self._money: Optional[list[Sequence[int]]] = None
        self._certs: Optional[list[Sequence[int]]] = None
        self._supply: Optional[list[int]] = None
        self._sold: Optional[list[int]] = None
        self._queue: Optional[list[QueueItem]] = None
        self.dividends_left = state.dividends_left
        self.turn_player = state.turn_player
        self.turn_number = state.turn_number
        self.spot_done = state.spot_done
        self.pending = state.pending
        self.bankrupt = state.bankrupt
        self.ending = state.ending
        self.result = state.result
        self.events: list[Event] = []

    @property
    def money(self) -> list[Sequence[int]]:
        """Money per seat, to read; change it through ``money_row``."""
        money = self._money
        if money is None:
            money = self._money = list(self.state.money)
        return money

    def money_row(self, seat: int) -> list[int]:
        """One seat's money, to change: copied on first use (most decisions touch one or two)."""
        money = self._money
        if money is None:
            money = self._money = list(self.state.money)
        row = money[seat]
        if type(row) is not list:
            row = money[seat] = list(row)
        return row

    @property
    def certs(self) -> list[Sequence[int]]:
        """Certificates per seat, to read; change them through ``certs_row``."""
        certs = self._certs
        if certs is None:
            certs = self._certs = list(self.state.certs)
        return certs

    def certs_row(self, seat: int) -> list[int]:
        """One seat's certificates, to change: copied on first use."""
        certs = self._certs
        if certs is None:
            certs = self._certs = list(self.state.certs)
        row = certs[seat]
        if type(row) is not list:
            row = certs[seat] = list(row)
        return row

    @property
    def supply(self) -> list[int]:
        """Certificates in the supply, copied from the state on first use."""
        supply = self._supply
        if supply is None:
            supply = self._supply = list(self.state.supply)
        return supply

    @property
    def sold(self) -> list[int]:
        """Certificates sold, copied from the state on first use."""
        sold = self._sold
        if sold is None:
            sold = self._sold = list(self.state.sold)
        return sold

    @property
    def queue(self) -> list[QueueItem]:
        """The queue, copied from the state on first use."""
        queue = self._queue
        if queue is None:
            queue = self._queue = list(self.state.queue)
        return queue

    @property
    def players(self) -> tuple[str, ...]:
        """The players (so that the scratch can stand for the state it will become)."""
        return self.state.players

    def name(self, seat: int) -> str:
        return self.state.players[seat]

    def say(self, kind: str, text: str) -> None:
        self.events.append(Event(kind, text))

    @property
    def board(self) -> Board:
        """The board as it stands (built from the moved pairs when first asked for)."""
        board = self._board
        if board is None:
            assert self._pairs is not None
            board = self._board = Board(tuple(self._pairs))
        return board

    def _copy_pairs(self) -> list[PairPosition]:
        """The pairs as a list to move, copied from the board at the first move."""
        pairs = self._pairs = list(self.board.pairs)
        return pairs

    # ``strengthen`` and ``weaken`` move the pairs as ``move_pairs`` does, written out here (the
    # rules give them a currency they looked up): a call less on the way of most decisions.

    def strengthen(self, currency: int) -> None:
        """Move every pair of ``currency`` one space in its favour."""
        pairs = self._pairs or self._copy_pairs()
        self._board = None
        moved = GAINING[currency]
        for index, _ in PAIRS_OF[currency]:
            pos = pairs[index]
            pairs[index] = moved[pos.stronger][pos.space]
        if self.loud:
            self.say("strengthen", f"{CURRENCIES[currency]} strengthened")

    def weaken(self, currency: int, times: int = 1) -> None:
        """Move every pair of ``currency`` one space against it, ``times`` times over."""
        pairs = self._pairs or self._copy_pairs()
        self._board = None
        for _ in range(times):
            for index, other in PAIRS_OF[currency]:
                pos = pairs[index]
                pairs[index] = GAINING[other][pos.stronger][pos.space]
            if self.loud:
                self.say("weaken", f"{CURRENCIES[currency]} weakened")

    def free_letter(self) -> Optional[str]:
        """The lowest free contract letter, or None (as ``GameState.free_letter``)."""
        used = {item.letter for item in self.queue if not isinstance(item, DividendStack)}
        for letter in LETTERS:
            if letter not in used:
                return letter
        return None

    def freeze(self) -> GameState:
        """The state the working copy stands for (fields in order: a ``Struct`` made in C)."""
        state = self.state
        return GameState(
            state.players,
            self.board,
            state.money if self._money is None else tuple(map(tuple, self._money)),
            state.certs if self._certs is None else tuple(map(tuple, self._certs)),
            state.supply if self._supply is None else tuple(self._supply),
            state.removed,
            state.sold if self._sold is None else tuple(self._sold),
            state.queue if self._queue is None else tuple(self._queue),
            self.dividends_left,
            self.turn_player,
            self.turn_number,
            self.spot_done,
            self.pending,
            self.bankrupt,
            self.ending,
            self.result,
            state.house,
        )

    # ----------------------------------------------------------------- flow

    def end_turn(self) -> None:
        seat = self.turn_player = (self.turn_player + 1) % len(self.state.players)
        self.turn_number += 1
        self.spot_done = False
        self.pending = _TURN_PENDING[seat]

    def resolve_front(self, resolver: int) -> None:
        """Resolve the front item; may leave a tie choice pending or end the game."""
        item = self.queue.pop(0)
        if isinstance(item, Contract):
            self.resolve_contract(item)
        elif isinstance(item, Loan):
            self.resolve_loan(item)
        else:
            self.resolve_dividend(item, resolver)
            return
        if self.ending is not None:
            self.finish(resolver)
        else:
            self.end_turn()

    def resolve_contract(self, item: Contract) -> None:
        owner = item.owner
        who = self.state.players[owner]
        row = self.money_row(owner)
        row[item.receive_currency] += item.receive
        if row[item.pay_currency] >= item.pay:
            row[item.pay_currency] -= item.pay
            if self.loud:
                self.say(
                    "contract_paid",
                    f"contract {item.letter}: {says(who, 'pays')}"
                    f" {money_text(item.pay, item.pay_currency)}"
                    f" and {verb_for(who, 'receives')}"
                    f" {money_text(item.receive, item.receive_currency)}",
                )
            return
        held = row[item.pay_currency]
        owed = item.pay + LOAN_PENALTY_HALVES
        if self.loud:
            self.say(
                "contract_unpaid",
                f"contract {item.letter}: {says(who, 'holds')}"
                f" {money_text(held, item.pay_currency)},"
                f" cannot pay {money_text(item.pay, item.pay_currency)};"
                f" {verb_for(who, 'receives')}"
                f" {money_text(item.receive, item.receive_currency)}",
            )
        for index, other in enumerate(self.queue):
            if isinstance(other, Loan) and other.owner == owner:
                owes = list(other.owes)
                owes[item.pay_currency] += owed
                merged = Loan(other.letter, owner, tuple(owes))
                place = "keeps its place"
                if self.state.house.merged_loan == "back":
                    del self.queue[index]
                    self.queue.append(merged)
                    place = "goes to the back"
                else:
                    self.queue[index] = merged
                if self.loud:
                    self.say(
                        "loan_merged",
                        f"{money_text(owed, item.pay_currency)} added to {possessive(who)} loan"
                        f" {other.letter}, which {place}; letter {item.letter} is free",
                    )
                return
        owes = [0] * NUM_CURRENCIES
        owes[item.pay_currency] = owed
        self.queue.append(Loan(item.letter, owner, tuple(owes)))
        if self.loud:
            self.say(
                "loan_made",
                f"loan {item.letter}: {says(who, 'owes')} {money_text(owed, item.pay_currency)}"
                " (back of the queue)",
            )

    def resolve_loan(self, item: Loan) -> None:
        owner = item.owner
        who = self.name(owner)
        owed = [(c, amount) for c, amount in enumerate(item.owes) if amount]
        owed_text = ", ".join(money_text(amount, c) for c, amount in owed) if self.loud else ""
        short = [(c, amount) for c, amount in owed if self.money[owner][c] < amount]
        if short:
            c, amount = short[0]
            self.bankrupt = owner
            self.ending = "bankruptcy"
            # The loan stays where it stood: the game ends with it unpaid.
            self.queue.insert(0, item)
            if self.loud:
                self.say(
                    "bankrupt",
                    f"loan {item.letter}: {says(who, 'owes')} {owed_text}"
                    f" but {verb_for(who, 'holds')}"
                    f" {money_text(self.money[owner][c], c)}; {says(who, 'is')} bankrupt",
                )
            return
        row = self.money_row(owner)
        for c, amount in owed:
            row[c] -= amount
        if self.loud:
            self.say("loan_paid", f"loan {item.letter}: {says(who, 'pays')} {owed_text}")

    def resolve_dividend(self, item: DividendStack, resolver: int) -> None:
        index = len(DIVIDENDS_HALVES) - item.left
        per_cert = DIVIDENDS_HALVES[index]
        non_paying: frozenset[int] = frozenset()
        if per_cert:  # (the first dividend pays nothing, and nothing is said to be skipped)
            non_paying = self.board.non_paying()
            for seat, hand in enumerate(self.certs):
                row = None
                for c, count in enumerate(hand):
                    if count and c not in non_paying:
                        if row is None:
                            row = self.money_row(seat)
                        row[c] += count * per_cert
        skipped = ""
        if non_paying and per_cert:
            codes = ", ".join(CURRENCIES[c] for c in sorted(non_paying))
            skipped = f"; {codes} at the 8 space pay nothing"
        if self.loud:
            self.say(
                "dividend",
                f"dividend {index + 1} of 5 pays {format_halves(per_cert)} per"
                f" certificate{skipped}",
            )
        self.dividends_left = item.left - 1
        if self.dividends_left:
            self.queue.append(DividendStack(self.dividends_left))
        counts = list(map(sum, zip(*self.certs, strict=False)))  # per currency, all hands
        most = max(counts)
        if counts.count(most) > 1:
            tied = tuple([c for c, count in enumerate(counts) if count == most])
            self.pending = Pending(Phase.DIVIDEND_TIE, resolver, candidates=tied)
            return
        self.strengthen(counts.index(most))
        self.after_dividend(resolver)

    def after_dividend(self, resolver: int) -> None:
        if self.dividends_left:
            self.end_turn()
            return
        if self.loud:
            self.say("settlement", "last dividend resolved: the queue is settled in order")
        while self.queue and self.ending is None:
            item = self.queue.pop(0)
            if isinstance(item, Contract):
                self.resolve_contract(item)
            elif isinstance(item, Loan):
                self.resolve_loan(item)
        if self.ending is None:
            self.ending = "last_dividend"
        else:
            self.ending = "last_dividend_then_bankruptcy"
        self.finish(resolver)

    def finish(self, last_turn_player: int) -> None:
        """The game has ended: find the scoring currency, or ask for it."""
        self.turn_player = last_turn_player
        tied, decided_by = strongest_candidates(self.board, self.certs)
        if len(tied) > 1:
            self.pending = Pending(Phase.STRONGEST_TIE, last_turn_player, candidates=tied)
            return
        self.score(tied[0], decided_by)

    def score(self, strongest: int, decided_by: str) -> None:
        converted, totals, ranks = final_scores(
            self.board, self.money, self.certs, strongest, self.state.house, self.bankrupt
        )
        assert self.ending is not None
        self.result = Result(
            ending=self.ending,
            strongest=strongest,
            decided_by=decided_by,
            converted=converted,
            totals=totals,
            ranks=ranks,
            bankrupt=self.bankrupt,
        )
        self.pending = Pending(Phase.OVER, None)
        if self.loud:
            self.say("game_over", f"game over: {CURRENCIES[strongest]} is the strongest currency")


class _Working(_Scratch):
    """The working copy of ``apply_all``: every part copied at the start, for a whole game.

    The parts that ``_Scratch`` copies on first use, behind properties, are plain
    attributes here (the same lists), so that the rules read them without a call.
    """

    __slots__ = ("certs", "money", "players", "queue", "sold", "supply")
    certs: list[Sequence[int]]
    money: list[Sequence[int]]
    players: tuple[str, ...]
    queue: list[QueueItem]
    sold: list[int]
    supply: list[int]

    def __init__(self, state: GameState) -> None:
        super().__init__(state, False)
        self.players = state.players
        self.money = self._money = [list(row) for row in state.money]
        self.certs = self._certs = [list(row) for row in state.certs]
        self.supply = self._supply = list(state.supply)
        self.sold = self._sold = list(state.sold)
        self.queue = self._queue = list(state.queue)
        self._pairs = list(state.board.pairs)

    def money_row(self, seat: int) -> list[int]:
        """One seat's money, to change (every row is a list here)."""
        return self.money[seat]  # type: ignore[return-value]

    def certs_row(self, seat: int) -> list[int]:
        """One seat's certificates, to change (every row is a list here)."""
        return self.certs[seat]  # type: ignore[return-value]


# --------------------------------------------------------------------------- scoring


def strongest_candidates(
    board: Board, certs: Sequence[Sequence[int]]
) -> tuple[tuple[int, ...], str]:
    """The currencies that would score now, and what decided: ``pairs`` or ``certificates``.

    The currency stronger in the most pairs; among those tied, the ones with
    the most certificates in ``certs`` (every hand).  More than one currency
    left means a tie that the player of the last turn chooses from.  The end
    of the game uses this; so can a projection of any position.
    """
    won = board.pairs_won()
    best = max(won)
    tied = [c for c in range(NUM_CURRENCIES) if won[c] == best]
    decided_by = "pairs"
    if len(tied) > 1:
        in_hands = [sum(hand[c] for hand in certs) for c in range(NUM_CURRENCIES)]
        most = max(in_hands[c] for c in tied)
        tied = [c for c in tied if in_hands[c] == most]
        decided_by = "certificates"
    return tuple(tied), decided_by


def final_scores(
    board: Board,
    money: Sequence[Sequence[int]],
    certs: Sequence[Sequence[int]],
    strongest: int,
    house: HouseRules = DEFAULT_HOUSE_RULES,
    bankrupt: Optional[int] = None,
) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...], tuple[int, ...]]:
    """(converted, totals, ranks) of the final scoring in ``strongest``, per seat.

    ``converted`` is each currency held converted and rounded down; the
    totals follow the house rule ``rounding``; ranks go by total, then
    certificates of ``strongest``, shared when still tied, with ``bankrupt``
    last.  The end of the game uses this; so can a projection of any position.
    """
    # Each currency's factor and divisor into ``strongest``: ``convert_floor`` worked out once
    # per currency instead of once per seat and currency.
    terms = [_floor_terms(board, c, strongest) for c in range(NUM_CURRENCIES)]
    converted = tuple(
        [
            tuple([held * times // over for held, (times, over) in zip(row, terms, strict=False)])
            for row in money
        ]
    )
    if house.rounding == "total":
        totals = tuple(
            math.floor(
                sum(board.convert_exact(row[c], c, strongest) for c in range(NUM_CURRENCIES))
            )
            for row in money
        )
    else:
        totals = tuple(map(sum, converted))
    n = len(money)
    keys = [
        (1 if seat == bankrupt else 0, -totals[seat], -certs[seat][strongest]) for seat in range(n)
    ]
    # A seat's rank: 1 + how many keys are smaller (``bisect_left`` in the sorted keys).
    ordered = sorted(keys)
    ranks = tuple([1 + bisect_left(ordered, key) for key in keys])
    return converted, totals, ranks


def _floor_terms(board: Board, source: int, target: int) -> tuple[int, int]:
    """(factor, divisor): ``board.convert_floor(halves, source, target)`` is
    ``halves * factor // divisor`` (the same integers: a whole half-buck rate)."""
    if source == target:
        return 1, 2
    rate = board.rate_halves(source, target)
    if board.is_stronger(source, target):
        return rate, 4
    return 1, rate


# --------------------------------------------------------------------------- checks


_CURRENCY_AT: dict[str, int] = {code: c for c, code in enumerate(CURRENCIES)}
"""The index of each currency code. The rules read ``_CURRENCY_AT[code]`` (a subscript,
not a call, on the way of every decision) and leave anything it does not find, or cannot
look up (a list), to ``_currency``, which finds an equal code or raises ``UnknownName``."""


def _currency(code: str) -> int:
    """The index of a currency code; raises ``UnknownName`` for anything else."""
    if type(code) is str:
        index = _CURRENCY_AT.get(code)
        if index is not None:
            return index
    try:
        return CURRENCIES.index(code)
    except ValueError:
        raise UnknownName(
            f"unknown currency {code!r}; the currencies are {', '.join(CURRENCIES)}"
        ) from None


def _seat(state: StateView, name: str) -> int:
    try:
        return state.players.index(name)
    except ValueError:
        raise UnknownName(
            f"unknown player {name!r}; the players are {', '.join(state.players)}"
        ) from None


_EXPECTED_KIND = {
    Phase.TURN: "a turn action (contract, invest, divest or resolve, after an optional spot)",
    Phase.DIVEST_RESPONSE: "a divest response",
    Phase.DIVIDEND_TIE: "the choice of the currency to strengthen",
    Phase.STRONGEST_TIE: "the choice of the strongest currency",
}

_PHASE_OF: dict[type, Phase] = {
    Spot: Phase.TURN,
    MakeContract: Phase.TURN,
    Invest: Phase.TURN,
    Divest: Phase.TURN,
    Resolve: Phase.TURN,
    DivestResponse: Phase.DIVEST_RESPONSE,
    ChooseStrengthen: Phase.DIVIDEND_TIE,
    ChooseStrongest: Phase.STRONGEST_TIE,
}


def _check_turn(state: StateView, decision: Decision) -> int:
    pending = state.pending
    if pending.phase is _OVER:
        raise GameOver("the game is over; no more decisions are taken")
    try:
        seat = state.players.index(decision.player)
    except ValueError:
        seat = _seat(state, decision.player)  # raises UnknownName
    assert pending.player is not None
    if seat != pending.player:
        raise NotYourDecision(
            f"{decision.player} cannot decide now:"
            f" {says(state.players[pending.player], 'is')} to make"
            f" {_EXPECTED_KIND[pending.phase]}"
        )
    phase = _PHASE_OF[type(decision)]
    if phase is not pending.phase:
        raise WrongDecisionKind(
            f"{decision.player} must make {_EXPECTED_KIND[pending.phase]}, not"
            f" {_KIND_NAMES[type(decision)]}"
        )
    return seat


_KIND_NAMES: dict[type, str] = {
    Spot: "a spot transaction",
    MakeContract: "a contract",
    Invest: "an investment",
    Divest: "a divest",
    Resolve: "a resolve",
    DivestResponse: "a divest response",
    ChooseStrengthen: "a dividend tie choice",
    ChooseStrongest: "a strongest-currency choice",
}


def _need(state: StateView, seat: int, currency: int, halves: int, purpose: str) -> None:
    held = state.money[seat][currency]
    if held < halves:
        raise InsufficientFunds(
            f"{says(state.players[seat], 'holds')} {money_text(held, currency)}; {purpose} needs"
            f" {money_text(halves, currency)}"
        )


# --------------------------------------------------------------------------- apply


def apply(state: GameState, decision: Decision) -> GameState:
    """The state after ``decision``; raises ``IllegalDecision`` if it is not legal."""
    seat = _check_turn(state, decision)
    work = _Scratch(state, False)  # (``_apply``, written out: a call less for the search)
    _HANDLERS[type(decision)](state, work, seat, decision)
    return work.freeze()


def apply_all(state: GameState, decisions: Iterable[Decision]) -> GameState:
    """The state after ``decisions`` in order: ``apply`` decision after decision, but faster.

    One working copy serves for all the decisions and is frozen once, at the
    end, so no state is built in between.  It raises, for the first illegal
    decision, the same error ``apply`` would raise for it.  (Every rule checks
    a decision before it changes anything, so the working copy stands for the
    state reached so far while each decision is checked.)
    """
    work = _Working(state)
    current: StateView = work  # the scratch reads as the state reached so far
    players = state.players
    distinct = len(set(players)) == len(players)  # as new_game makes sure
    for decision in decisions:
        pending = work.pending
        seat = pending.player
        kind = type(decision)
        if (
            _PHASE_OF.get(kind) is not pending.phase
            or seat is None
            or players[seat] != decision.player
            or not distinct
        ):
            # Not the decision awaited (as far as the quick look can tell): the full check,
            # which finds the same seat or raises what ``apply`` raises.
            seat = _check_turn(current, decision)
        _HANDLERS[kind](current, work, seat, decision)
    return work.freeze()


def apply_with_events(state: GameState, decision: Decision) -> tuple[GameState, tuple[Event, ...]]:
    """Like ``apply``, and also the events that the decision caused, in order."""
    work = _apply(state, decision, True)
    return work.freeze(), tuple(work.events)


def _apply(state: GameState, decision: Decision, loud: bool) -> _Scratch:
    seat = _check_turn(state, decision)
    work = _Scratch(state, loud)
    _HANDLERS[type(decision)](state, work, seat, decision)
    return work


def _apply_resolve(state: StateView, work: _Scratch, seat: int, decision: Resolve) -> None:
    if work.loud:
        work.say("resolve", f"{says(decision.player, 'resolves')} the front of the queue")
    work.resolve_front(seat)


def _apply_strengthen(
    state: StateView, work: _Scratch, seat: int, decision: ChooseStrengthen
) -> None:
    currency = _choice(state, decision.currency, "strengthen")
    if work.loud:
        work.say(
            "choice", f"{says(decision.player, 'chooses')} {CURRENCIES[currency]} to strengthen"
        )
    work.strengthen(currency)
    work.after_dividend(seat)


def _apply_strongest(
    state: StateView, work: _Scratch, seat: int, decision: ChooseStrongest
) -> None:
    currency = _choice(state, decision.currency, "be the strongest currency")
    if work.loud:
        work.say(
            "choice", f"{says(decision.player, 'chooses')} {CURRENCIES[currency]} as strongest"
        )
    work.score(currency, "choice")


def _choice(state: StateView, code: str, what: str) -> int:
    currency = _currency(code)
    candidates = state.pending.candidates
    if currency not in candidates:
        names = ", ".join(CURRENCIES[c] for c in candidates)
        raise ChoiceRefused(f"{code} is not tied; choose one of {names} to {what}")
    return currency


def _spot_terms(state: StateView, give_currency: int, get_currency: int) -> tuple[int, int]:
    """(give, get) half-bucks allowed for a spot giving ``give_currency`` (currencies differ)."""
    pos = state.board.pairs[PAIR_AT[give_currency][get_currency]]
    if pos.stronger == give_currency:
        return 2, TRACK_HALVES[pos.space]
    return TRACK_HALVES[pos.space], 2


def _apply_spot(state: StateView, work: _Scratch, seat: int, decision: Spot) -> None:
    if state.spot_done:
        raise SpotRefused(
            f"{says(decision.player, 'has')} already made a spot transaction this turn"
        )
    try:
        partner = state.players.index(decision.partner)
    except ValueError:
        partner = _seat(state, decision.partner)  # raises UnknownName
    if partner == seat:
        raise SpotRefused("a spot transaction is made with another player")
    try:
        give_c = _CURRENCY_AT[decision.give_currency]
        get_c = _CURRENCY_AT[decision.get_currency]
    except (KeyError, TypeError):  # not a code as written: the full look-up
        give_c, get_c = _currency(decision.give_currency), _currency(decision.get_currency)
    if give_c == get_c:
        raise SpotRefused("a spot transaction trades two different currencies")
    # ``_spot_terms(state, give_c, get_c)``, written out (a call less)
    pos = (work._pairs or state.board.pairs)[PAIR_AT[give_c][get_c]]  # (see _Scratch)
    rate = TRACK_HALVES[pos.space]
    give, get = (2, rate) if pos.stronger == give_c else (rate, 2)
    if decision.give != give or decision.get != get:
        stronger = CURRENCIES[pos.stronger]
        raise SpotRefused(
            f"a spot trades exactly 1 {stronger} (the stronger currency) for its rate: at the"
            f" current rate {money_text(give, give_c)} for {money_text(get, get_c)}, not"
            f" {money_text(decision.give, give_c)} for {money_text(decision.get, get_c)}"
        )
    money = state.money
    if money[seat][give_c] < give or money[partner][get_c] < get:
        _need(state, seat, give_c, give, "this spot transaction")
        _need(state, partner, get_c, get, "this spot transaction")
    mine = work.money_row(seat)
    mine[give_c] -= give
    mine[get_c] += get
    theirs = work.money_row(partner)
    theirs[get_c] -= get
    theirs[give_c] += give
    work.spot_done = True
    if work.loud:
        work.say(
            "spot",
            f"spot: {says(decision.player, 'gives')}"
            f" {money_text(give, give_c)} to {decision.partner}"
            f" for {money_text(get, get_c)}",
        )


def contract_terms(
    board: Board, pay_currency: int, receive_currency: int, strong: int
) -> tuple[int, int]:
    """(pay, receive) half-bucks of a contract whose stronger amount is ``strong`` bucks."""
    rate = board.rate_halves(pay_currency, receive_currency)
    if board.is_stronger(pay_currency, receive_currency):
        return 2 * strong, strong * rate
    return strong * rate, 2 * strong


def _apply_contract(state: StateView, work: _Scratch, seat: int, decision: MakeContract) -> None:
    try:
        pay_c = _CURRENCY_AT[decision.pay_currency]
        recv_c = _CURRENCY_AT[decision.receive_currency]
    except (KeyError, TypeError):  # not a code as written: the full look-up
        pay_c, recv_c = _currency(decision.pay_currency), _currency(decision.receive_currency)
    if pay_c == recv_c:
        raise ContractRefused("a contract pays one currency and receives another")
    letter = state.free_letter()
    if letter is None:
        raise ContractRefused("all six contract letters A-F are in use")
    pos = (work._pairs or state.board.pairs)[PAIR_AT[pay_c][recv_c]]  # (see _Scratch)
    paying_stronger = pos.stronger == pay_c
    strong_c, strong_amt = (pay_c, decision.pay) if paying_stronger else (recv_c, decision.receive)
    weak_c = recv_c if paying_stronger else pay_c
    rate = TRACK_HALVES[pos.space]
    if strong_amt % 2 or not 2 <= strong_amt <= 2 * MAX_STRONG_AMOUNT:
        raise ContractRefused(
            f"the amount of the stronger currency ({CURRENCIES[strong_c]}) must be a whole"
            f" 1 to 10, not {format_halves(strong_amt)}"
        )
    strong = strong_amt // 2
    # ``contract_terms(state.board, pay_c, recv_c, strong)``, from the position read above
    pay, receive = (2 * strong, strong * rate) if paying_stronger else (strong * rate, 2 * strong)
    if decision.pay != pay or decision.receive != receive:
        raise ContractRefused(
            f"at the current rate 1 {CURRENCIES[strong_c]} = {format_halves(rate)}"
            f" {CURRENCIES[weak_c]}, paying {money_text(pay, pay_c)} receives"
            f" {money_text(receive, recv_c)}, not {money_text(decision.receive, recv_c)}"
            if paying_stronger
            else f"at the current rate 1 {CURRENCIES[strong_c]} = {format_halves(rate)}"
            f" {CURRENCIES[weak_c]}, receiving {money_text(receive, recv_c)} pays"
            f" {money_text(pay, pay_c)}, not {money_text(decision.pay, pay_c)}"
        )
    work.queue.append(Contract(letter, seat, pay_c, pay, recv_c, receive))
    if work.loud:
        work.say(
            "contract",
            f"contract {letter}: {decision.player} will pay {money_text(pay, pay_c)} and receive"
            f" {money_text(receive, recv_c)}",
        )
    work.end_turn()


def _invest_problem(state: StateView, seat: int, currency: int) -> Optional[str]:
    code = CURRENCIES[currency]
    name = state.players[seat]
    held = state.money[seat][currency]
    if held < INVEST_PRICE_HALVES:
        return f"{says(name, 'holds')} {money_text(held, currency)}; investing needs 2 {code}"
    if state.certs[seat][currency] >= MAX_CERTS_PER_CURRENCY:
        return f"{name} already {verb_for(name, 'holds')} 4 {code} certificates, the most allowed"
    if state.supply[currency] == 0:
        return f"no {code} certificates are left in the supply"
    return None


def _apply_invest(state: StateView, work: _Scratch, seat: int, decision: Invest) -> None:
    codes = decision.currencies
    if not 1 <= len(codes) <= 2:
        raise InvestRefused(f"invest buys 1 or 2 certificates, not {len(codes)}")
    index = _CURRENCY_AT
    try:
        currencies = [index[codes[0]]] if len(codes) == 1 else [index[codes[0]], index[codes[1]]]
    except (KeyError, TypeError):  # not a code as written: the full look-up
        currencies = [_currency(code) for code in codes]
    if len(currencies) == 2 and currencies[0] == currencies[1]:
        raise InvestRefused(
            f"the two certificates must be of different currencies, not {codes[0]} twice"
        )
    held, owned, left = state.money[seat], state.certs[seat], state.supply
    for currency in currencies:
        if (
            held[currency] >= INVEST_PRICE_HALVES
            and owned[currency] < MAX_CERTS_PER_CURRENCY
            and left[currency] != 0
        ):
            continue  # the common case, without building the problem's text
        problem = _invest_problem(state, seat, currency)
        if problem:
            error = InsufficientFunds if "investing needs" in problem else InvestRefused
            raise error(problem)
    money, certs, supply = work.money_row(seat), work.certs_row(seat), work.supply
    for currency in currencies:
        money[currency] -= INVEST_PRICE_HALVES
        certs[currency] += 1
        supply[currency] -= 1
        if work.loud:
            work.say(
                "invest",
                f"{says(decision.player, 'buys')} a {CURRENCIES[currency]} certificate for 2",
            )
        work.strengthen(currency)
    work.end_turn()


def _sell(work: _Scratch, seat: int, currency: int, count: int) -> None:
    work.certs_row(seat)[currency] -= count
    work.sold[currency] += count
    work.money_row(seat)[currency] += count * INVEST_PRICE_HALVES
    if work.loud:
        work.say(
            "divest",
            f"{says(work.name(seat), 'sells')} {count} {CURRENCIES[currency]} certificate"
            f"{'s' if count != 1 else ''} for {2 * count}",
        )
    work.weaken(currency, count)


def _apply_divest(state: StateView, work: _Scratch, seat: int, decision: Divest) -> None:
    try:
        currency = _CURRENCY_AT[decision.currency]
    except (KeyError, TypeError):  # not a code as written: the full look-up
        currency = _currency(decision.currency)
    held = state.certs[seat][currency]
    if decision.count < 1:
        raise DivestRefused("a divest sells at least 1 certificate")
    if decision.count > held:
        raise DivestRefused(
            f"{says(decision.player, 'holds')} {held} {decision.currency} certificate"
            f"{'s' if held != 1 else ''}; cannot sell {decision.count}"
        )
    _sell(work, seat, currency, decision.count)
    certs = state.certs
    responders: tuple[int, ...] = ()  # the other holders of the currency, in turn order
    for other in _OTHERS[len(certs)][seat]:
        if certs[other][currency]:
            responders += (other,)
    _next_responder(work, currency, responders)


def _next_responder(work: _Scratch, currency: int, responders: tuple[int, ...]) -> None:
    if responders:
        work.pending = Pending(Phase.DIVEST_RESPONSE, responders[0], currency, (), responders[1:])
    else:
        work.end_turn()


def _apply_divest_response(
    state: StateView, work: _Scratch, seat: int, decision: DivestResponse
) -> None:
    try:
        currency = _CURRENCY_AT[decision.currency]
    except (KeyError, TypeError):  # not a code as written: the full look-up
        currency = _currency(decision.currency)
    pending = state.pending
    assert pending.currency is not None
    if currency != pending.currency:
        raise DivestRefused(
            f"the divest is in {CURRENCIES[pending.currency]}; {decision.player} can sell only"
            f" {CURRENCIES[pending.currency]}, not {decision.currency}"
        )
    held = state.certs[seat][currency]
    if not 0 <= decision.count <= held:
        raise DivestRefused(
            f"{says(decision.player, 'holds')} {held} {decision.currency} certificate"
            f"{'s' if held != 1 else ''}; can sell 0 to {held}, not {decision.count}"
        )
    if decision.count:
        _sell(work, seat, currency, decision.count)
    else:
        if work.loud:
            work.say("divest", f"{says(decision.player, 'sells')} no {decision.currency}")
    _next_responder(work, currency, pending.responders)


_HANDLERS: dict[type, Callable[[StateView, _Scratch, int, Any], None]] = {
    Spot: _apply_spot,
    MakeContract: _apply_contract,
    Invest: _apply_invest,
    Divest: _apply_divest,
    Resolve: _apply_resolve,
    DivestResponse: _apply_divest_response,
    ChooseStrengthen: _apply_strengthen,
    ChooseStrongest: _apply_strongest,
}
"""The rules of each kind of decision (its phase was checked by ``_check_turn``)."""


# --------------------------------------------------------------------------- listing


def legal_decisions(state: GameState) -> list[Decision]:
    """Every legal decision for the pending player, in a stable order."""
    pending = state.pending
    if pending.phase is Phase.OVER or pending.player is None:
        return []
    seat = pending.player
    name = state.players[seat]
    if pending.phase is Phase.DIVEST_RESPONSE:
        assert pending.currency is not None
        code = CURRENCIES[pending.currency]
        return [
            DivestResponse(name, code, count)
            for count in range(state.certs[seat][pending.currency] + 1)
        ]
    if pending.phase is Phase.DIVIDEND_TIE:
        return [ChooseStrengthen(name, CURRENCIES[c]) for c in pending.candidates]
    if pending.phase is Phase.STRONGEST_TIE:
        return [ChooseStrongest(name, CURRENCIES[c]) for c in pending.candidates]
    result: list[Decision] = []
    if not state.spot_done:
        result.extend(legal_spots(state))
    result.extend(legal_contracts(state))
    result.extend(legal_invests(state))
    result.extend(
        Divest(name, CURRENCIES[c], count)
        for c in range(NUM_CURRENCIES)
        for count in range(1, state.certs[seat][c] + 1)
    )
    result.append(Resolve(name))
    return result


def legal_spots(state: GameState) -> list[Spot]:
    """The spot transactions the player on turn could make now."""
    seat = state.pending.player
    if state.pending.phase is not Phase.TURN or seat is None or state.spot_done:
        return []
    name = state.players[seat]
    spots: list[Spot] = []
    for partner in range(len(state.players)):
        if partner == seat:
            continue
        for a, b in PAIRS:
            for give_c, get_c in ((a, b), (b, a)):
                give, get = _spot_terms(state, give_c, get_c)
                if state.money[seat][give_c] >= give and state.money[partner][get_c] >= get:
                    spots.append(
                        Spot(
                            name,
                            state.players[partner],
                            CURRENCIES[give_c],
                            give,
                            CURRENCIES[get_c],
                            get,
                        )
                    )
    return spots


def legal_contracts(state: GameState) -> list[MakeContract]:
    """Every contract the player on turn could make now (none if no letter is free)."""
    seat = state.pending.player
    if state.pending.phase is not Phase.TURN or seat is None or state.free_letter() is None:
        return []
    name = state.players[seat]
    contracts: list[MakeContract] = []
    for pay_c in range(NUM_CURRENCIES):
        for recv_c in range(NUM_CURRENCIES):
            if pay_c == recv_c:
                continue
            for strong in range(1, MAX_STRONG_AMOUNT + 1):
                pay, receive = contract_terms(state.board, pay_c, recv_c, strong)
                contracts.append(
                    MakeContract(name, CURRENCIES[pay_c], pay, CURRENCIES[recv_c], receive)
                )
    return contracts


def legal_invests(state: GameState) -> list[Invest]:
    """Every investment (one or two certificates, in order) the player on turn could make."""
    seat = state.pending.player
    if state.pending.phase is not Phase.TURN or seat is None:
        return []
    name = state.players[seat]
    able = [c for c in range(NUM_CURRENCIES) if _invest_problem(state, seat, c) is None]
    invests = [Invest(name, (CURRENCIES[c],)) for c in able]
    invests.extend(
        Invest(name, (CURRENCIES[a], CURRENCIES[b])) for a in able for b in able if a != b
    )
    return invests
