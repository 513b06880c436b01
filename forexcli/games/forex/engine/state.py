"""The game state as plain immutable data."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import Any, ClassVar, Optional, Union

from .board import CURRENCIES, Board

LETTERS = "ABCDEF"
"""Contract letters, lowest first."""

DIVIDENDS_HALVES: tuple[int, ...] = (0, 4, 4, 4, 6)
"""Per-certificate dividend in half-bucks, in the order the five are resolved."""

MAX_CERTS_PER_CURRENCY = 4
CERTS_PER_CURRENCY = 8
REMOVED_AT_SETUP = 6
START_MONEY_HALVES = 4
INVEST_PRICE_HALVES = 4
LOAN_PENALTY_HALVES = 2
MAX_STRONG_AMOUNT = 10


@dataclass(frozen=True, slots=True)
class HouseRules:
    """Table rules where the rule texts are ambiguous; the defaults are forexcli's readings.

    ``rounding``: ``"each"`` converts each currency separately and rounds each
    down (default); ``"total"`` adds the exact converted amounts and rounds
    the total down once.  ``merged_loan``: ``"keep"`` (default) leaves a loan
    that absorbs a new debt in its place in the queue; ``"back"`` moves it to
    the back.
    """

    rounding: str = "each"
    merged_loan: str = "keep"

    OPTIONS: ClassVar[dict[str, tuple[str, ...]]] = {
        "rounding": ("each", "total"),
        "merged_loan": ("keep", "back"),
    }


@dataclass(frozen=True, slots=True)
class Contract:
    """A contract in the queue: ``owner`` pays ``pay`` and receives ``receive``."""

    letter: str
    owner: int
    pay_currency: int
    pay: int
    receive_currency: int
    receive: int


@dataclass(frozen=True, slots=True)
class Loan:
    """A loan in the queue; ``owes`` holds half-bucks per currency in board order."""

    letter: str
    owner: int
    owes: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class DividendStack:
    """The dividend stack with ``left`` dividends still to resolve."""

    left: int


QueueItem = Union[Contract, Loan, DividendStack]


class Phase(str, Enum):
    """Which kind of decision the game awaits."""

    TURN = "turn"
    DIVEST_RESPONSE = "divest_response"
    DIVIDEND_TIE = "dividend_tie"
    STRONGEST_TIE = "strongest_tie"
    OVER = "over"


@dataclass(frozen=True, slots=True)
class Pending:
    """The awaited decision: its phase, who decides, and its context.

    ``currency`` is the divested currency during divest responses;
    ``candidates`` the tied currencies of a tie choice; ``responders`` the
    holders still to answer a divest after the current one.
    """

    phase: Phase
    player: Optional[int]
    currency: Optional[int] = None
    candidates: tuple[int, ...] = ()
    responders: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Result:
    """The end of a game: scoring currency, converted money and ranks."""

    ending: str
    strongest: int
    decided_by: str
    converted: tuple[tuple[int, ...], ...]
    totals: tuple[int, ...]
    ranks: tuple[int, ...]
    bankrupt: Optional[int]

    def winners(self) -> tuple[int, ...]:
        """Seats ranked first."""
        return tuple(i for i, rank in enumerate(self.ranks) if rank == 1)


@dataclass(frozen=True, slots=True)
class GameState:
    """Everything about a game at one moment. Seats are indices into ``players``."""

    players: tuple[str, ...]
    board: Board
    money: tuple[tuple[int, ...], ...]
    certs: tuple[tuple[int, ...], ...]
    supply: tuple[int, ...]
    removed: tuple[int, ...]
    sold: tuple[int, ...]
    queue: tuple[QueueItem, ...]
    dividends_left: int
    turn_player: int
    turn_number: int
    spot_done: bool
    pending: Pending
    bankrupt: Optional[int] = None
    ending: Optional[str] = None
    result: Optional[Result] = None
    house: HouseRules = HouseRules()

    @property
    def is_over(self) -> bool:
        """True when no decision is awaited."""
        return self.pending.phase is Phase.OVER

    @property
    def pending_player(self) -> Optional[str]:
        """Name of the player who decides next, or None when the game is over."""
        seat = self.pending.player
        return None if seat is None else self.players[seat]

    def seat(self, name: str) -> int:
        """Seat index of a player name; raises ``ValueError`` if unknown."""
        return self.players.index(name)

    def letters_in_use(self) -> frozenset[str]:
        """Letters held by contracts and loans in the queue."""
        return frozenset(item.letter for item in self.queue if not isinstance(item, DividendStack))

    def free_letter(self) -> Optional[str]:
        """The lowest free contract letter, or None."""
        used = self.letters_in_use()
        return next((letter for letter in LETTERS if letter not in used), None)

    def certs_in_hands(self) -> tuple[int, ...]:
        """Certificates held by all players together, per currency."""
        return tuple(sum(hand[c] for hand in self.certs) for c in range(len(CURRENCIES)))


# --------------------------------------------------------------------------- fast construction


def _slot_setter(cls: type, name: str) -> Callable[[object, object], None]:
    setter: Callable[[object, object], None] = vars(cls)[name].__set__
    return setter


_new_object = object.__new__
_set_players = _slot_setter(GameState, "players")
_set_board = _slot_setter(GameState, "board")
_set_money = _slot_setter(GameState, "money")
_set_certs = _slot_setter(GameState, "certs")
_set_supply = _slot_setter(GameState, "supply")
_set_removed = _slot_setter(GameState, "removed")
_set_sold = _slot_setter(GameState, "sold")
_set_queue = _slot_setter(GameState, "queue")
_set_dividends_left = _slot_setter(GameState, "dividends_left")
_set_turn_player = _slot_setter(GameState, "turn_player")
_set_turn_number = _slot_setter(GameState, "turn_number")
_set_spot_done = _slot_setter(GameState, "spot_done")
_set_pending = _slot_setter(GameState, "pending")
_set_bankrupt = _slot_setter(GameState, "bankrupt")
_set_ending = _slot_setter(GameState, "ending")
_set_result = _slot_setter(GameState, "result")
_set_house = _slot_setter(GameState, "house")


def build_state(
    players: tuple[str, ...],
    board: Board,
    money: tuple[tuple[int, ...], ...],
    certs: tuple[tuple[int, ...], ...],
    supply: tuple[int, ...],
    removed: tuple[int, ...],
    sold: tuple[int, ...],
    queue: tuple[QueueItem, ...],
    dividends_left: int,
    turn_player: int,
    turn_number: int,
    spot_done: bool,
    pending: Pending,
    bankrupt: Optional[int],
    ending: Optional[str],
    result: Optional[Result],
    house: HouseRules,
) -> GameState:
    """``GameState(...)`` with every field given, in field order, about twice as fast.

    A frozen dataclass sets each field through ``object.__setattr__``; this
    sets the slots directly.  The engine makes one state per decision, so the
    difference shows in replay speed.  The result is an ordinary, equal
    ``GameState``.
    """
    state: Any = _new_object(GameState)
    _set_players(state, players)
    _set_board(state, board)
    _set_money(state, money)
    _set_certs(state, certs)
    _set_supply(state, supply)
    _set_removed(state, removed)
    _set_sold(state, sold)
    _set_queue(state, queue)
    _set_dividends_left(state, dividends_left)
    _set_turn_player(state, turn_player)
    _set_turn_number(state, turn_number)
    _set_spot_done(state, spot_done)
    _set_pending(state, pending)
    _set_bankrupt(state, bankrupt)
    _set_ending(state, ending)
    _set_result(state, result)
    _set_house(state, house)
    built: GameState = state
    return built


_set_phase = _slot_setter(Pending, "phase")
_set_player = _slot_setter(Pending, "player")
_set_currency = _slot_setter(Pending, "currency")
_set_candidates = _slot_setter(Pending, "candidates")
_set_responders = _slot_setter(Pending, "responders")


def build_pending(
    phase: Phase,
    player: Optional[int],
    currency: Optional[int],
    candidates: tuple[int, ...],
    responders: tuple[int, ...],
) -> Pending:
    """``Pending(...)`` with every field given, in field order (see ``build_state``)."""
    pending: Any = _new_object(Pending)
    _set_phase(pending, phase)
    _set_player(pending, player)
    _set_currency(pending, currency)
    _set_candidates(pending, candidates)
    _set_responders(pending, responders)
    built: Pending = pending
    return built
