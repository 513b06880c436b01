"""The game state as plain immutable data."""

from __future__ import annotations

from enum import Enum
from typing import ClassVar, Optional, Union

from msgspec import Struct

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


class HouseRules(Struct, frozen=True):
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


class Contract(Struct, frozen=True):
    """A contract in the queue: ``owner`` pays ``pay`` and receives ``receive``."""

    letter: str
    owner: int
    pay_currency: int
    pay: int
    receive_currency: int
    receive: int


class Loan(Struct, frozen=True):
    """A loan in the queue; ``owes`` holds half-bucks per currency in board order."""

    letter: str
    owner: int
    owes: tuple[int, ...]


class DividendStack(Struct, frozen=True):
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


class Pending(Struct, frozen=True):
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


class Result(Struct, frozen=True):
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


class GameState(Struct, frozen=True, cache_hash=True):
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
    def removed_known(self) -> bool:
        """False for a game set up without knowing which 6 certificates were removed
        (``new_game(players, None)``: nothing counted as removed, 8 of each in the supply)."""
        return sum(self.removed) == REMOVED_AT_SETUP

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
        letters = [item.letter for item in self.queue if not isinstance(item, DividendStack)]
        return frozenset(letters)

    def free_letter(self) -> Optional[str]:
        """The lowest free contract letter, or None."""
        used = self.letters_in_use()
        for letter in LETTERS:
            if letter not in used:
                return letter
        return None

    def certs_in_hands(self) -> tuple[int, ...]:
        """Certificates held by all players together, per currency."""
        return tuple(sum(hand[c] for hand in self.certs) for c in range(len(CURRENCIES)))


# --------------------------------------------------------------------------- fast construction


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
    """``GameState(...)`` with every field given, in field order.

    The engine makes one state per decision; a ``Struct`` is built in C from
    positional arguments, the fastest way there is to make one.
    """
    return GameState(
        players,
        board,
        money,
        certs,
        supply,
        removed,
        sold,
        queue,
        dividends_left,
        turn_player,
        turn_number,
        spot_done,
        pending,
        bankrupt,
        ending,
        result,
        house,
    )


def build_pending(
    phase: Phase,
    player: Optional[int],
    currency: Optional[int],
    candidates: tuple[int, ...],
    responders: tuple[int, ...],
) -> Pending:
    """``Pending(...)`` with every field given, in field order (see ``build_state``)."""
    return Pending(phase, player, currency, candidates, responders)
