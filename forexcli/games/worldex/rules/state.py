"""The state of a game of World Exchangers as plain immutable data."""

from __future__ import annotations

from enum import Enum
from typing import ClassVar, Optional

from msgspec import Struct

from .components import Components, Symbols, total_symbols


class HouseRules(Struct, frozen=True):
    """Table rules where the rulebook is open to more than one reading (see docs/worldex-rules.md).

    ``trend_ties``: ``"all"`` (default) gives a mid-year trend card's reward to
    every player tied for the most or least; ``"none"`` to nobody on a tie.
    ``media_floor``: ``"zero"`` (default) stops the media marker at 0;
    ``"none"`` lets it go below.  ``pass_symbols``: ``"gain"`` (default) lets a
    player who can neither buy nor sell gain the symbols of the flat line they
    draw; ``"none"`` draws it without gaining anything.  ``mid_year_refill``:
    ``"refill"`` (default, the rulebook) refills a sale area left with 2 or
    fewer cards by the last turn of round 6 before the mid-year clearing;
    ``"skip"`` makes no such refill (forexcli's reading before it followed the
    rulebook: the deck keeps those cards for months 7 to 12).
    """

    trend_ties: str = "all"
    media_floor: str = "zero"
    pass_symbols: str = "gain"
    mid_year_refill: str = "refill"

    OPTIONS: ClassVar[dict[str, tuple[str, ...]]] = {
        "trend_ties": ("all", "none"),
        "media_floor": ("zero", "none"),
        "pass_symbols": ("gain", "none"),
        "mid_year_refill": ("refill", "skip"),
    }


class Mark(Struct, frozen=True):
    """One month of a player's cash-flow line: where it stopped and what it gained there."""

    month: int
    cash: int
    action: str
    """``buy``, ``sell`` or ``pass``."""
    cards: tuple[str, ...]
    gained: Symbols
    """Symbols of the spaces the line passed through or stopped on, and of any ring."""
    ring: bool = False
    extra_cash: int = 0
    """Coins bought with media (Wigstan, side B)."""
    lost: int = 0
    """Coins above 1,000 that were ignored."""


class Player(Struct, frozen=True):
    """One player: role, board side, cities, cash-flow line and media marker."""

    name: str
    role: str
    board: str
    start_cash: int
    cities: tuple[str, ...]
    marks: tuple[Mark, ...] = ()
    media: int = 0
    bought_two: bool = False
    sold_two: bool = False
    starting: tuple[str, ...] = ()
    """The 3 starting cities dealt at set-up, in the order dealt (whatever became of them)."""

    @property
    def cash(self) -> int:
        """The cash where the line stands now (month 0 before the first turn)."""
        return self.marks[-1].cash if self.marks else self.start_cash

    @property
    def line(self) -> tuple[int, ...]:
        """The cash at month 0, 1, ... up to the last month settled."""
        return (self.start_cash, *(mark.cash for mark in self.marks))

    @property
    def gained(self) -> Symbols:
        """Every symbol gained on the player board so far."""
        return total_symbols(mark.gained for mark in self.marks)


class Phase(str, Enum):
    """Which kind of decision the game awaits."""

    TURN = "turn"
    SECOND = "second"
    REVEAL = "reveal"
    OVER = "over"


class Pending(Struct, frozen=True):
    """The awaited decision: its phase, the seat that decides, how many cards to reveal."""

    phase: Phase
    seat: Optional[int] = None
    count: int = 0


class TurnSoFar(Struct, frozen=True):
    """The action under way when it takes two cards (or a reveal comes between)."""

    action: str
    cards: tuple[str, ...]
    extra: Optional[str]
    ring: bool
    media_cash: int
    cash: int
    """The cash after the cards bought or sold so far (sales uncapped)."""


class Score(Struct, frozen=True):
    """The final score of one player, part by part (coins)."""

    cities: int
    cash: int
    settlement_points: int
    settlement: int
    investments: tuple[int, int, int]
    """Green, orange, blue."""
    trend: int
    media_value: int
    media: int

    @property
    def total(self) -> int:
        """The sum of every part."""
        return (
            self.cities
            + self.cash
            + self.settlement
            + sum(self.investments)
            + self.trend
            + self.media
        )


class Result(Struct, frozen=True):
    """The end of a game: the score and rank of each seat (equal ranks share the victory)."""

    scores: tuple[Score, ...]
    ranks: tuple[int, ...]

    def winners(self) -> tuple[int, ...]:
        """Seats ranked first."""
        return tuple(seat for seat, rank in enumerate(self.ranks) if rank == 1)


class State(Struct, frozen=True):
    """Everything about a game at one moment.  Seats are indices into ``players``.

    Every card is in exactly one place: a player's ``cities``, the sale
    ``area``, the ``deck``, ``removed`` from the game (mid-year clearing,
    Estelle's discards) or ``boxed`` (starting cities not dealt).  When the
    deal comes from a seed the ``deck`` is in the order it will be revealed
    (``order_known``); otherwise it is in components order and each reveal
    is recorded.
    """

    components: Components
    house: HouseRules
    role_side: str
    players: tuple[Player, ...]
    first: int
    round: int
    seat: int
    area: tuple[str, ...]
    deck: tuple[str, ...]
    removed: tuple[str, ...]
    boxed: tuple[str, ...]
    mid_trend: str
    end_trend: str
    pending: Pending
    order_known: bool = False
    automatic: bool = False
    resume: Optional[Pending] = None
    turn: Optional[TurnSoFar] = None
    trend_media: tuple[str, ...] = ()
    """Who gained the mid-year trend card's media (names), once resolved."""
    mid_year_due: bool = False
    """Round 6 is over and the awaited reveal refills the area before the mid-year card."""
    result: Optional[Result] = None

    @property
    def is_over(self) -> bool:
        """True when no decision is awaited."""
        return self.pending.phase is Phase.OVER

    def seat_of(self, name: str) -> int:
        """The seat of a player; ``ValueError`` when there is none."""
        for seat, player in enumerate(self.players):
            if player.name == name:
                return seat
        raise ValueError(name)
