"""The currency board: seven currencies, 21 pairs on a 10-space rate track.

Money is counted in integer half-bucks throughout the engine (``HALF = 1``,
one buck is 2).  A rate is stored as the index of a space on the track; the
space's value is ``TRACK_HALVES[index] / 2`` units of the weaker currency for
one unit of the stronger.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from msgspec import Struct

if TYPE_CHECKING:
    from fractions import Fraction

CURRENCIES: tuple[str, ...] = ("GBP", "EUR", "USD", "CHF", "JPY", "CAD", "CNY")
"""The seven currencies in board order."""

NUM_CURRENCIES = len(CURRENCIES)

TRACK_HALVES: tuple[int, ...] = (2, 3, 4, 5, 6, 7, 8, 10, 12, 16)
"""Rate track values in half-bucks: 1, 1.5, 2, 2.5, 3, 3.5, 4, 5, 6, 8."""

LAST_SPACE = len(TRACK_HALVES) - 1
"""Index of the 8 space, the cap of the track."""

PAIRS: tuple[tuple[int, int], ...] = tuple(
    (a, b) for a in range(NUM_CURRENCIES) for b in range(a + 1, NUM_CURRENCIES)
)
"""The 21 pairs as (lower index, higher index) in board order."""

_PAIR_INDEX: dict[tuple[int, int], int] = {pair: i for i, pair in enumerate(PAIRS)}


def pair_index(a: int, b: int) -> int:
    """Index in ``PAIRS`` of the pair of currencies ``a`` and ``b`` (any order)."""
    if a == b:
        raise ValueError("a pair needs two different currencies")
    return _PAIR_INDEX[(a, b) if a < b else (b, a)]


PAIR_AT: tuple[tuple[int, ...], ...] = tuple(
    tuple(-1 if a == b else _PAIR_INDEX[(a, b) if a < b else (b, a)] for b in range(NUM_CURRENCIES))
    for a in range(NUM_CURRENCIES)
)
"""``PAIR_AT[a][b]``: ``pair_index(a, b)``, or -1 when ``a == b`` (a fast lookup)."""

PAIRS_OF: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple((PAIR_AT[c][other], other) for other in range(NUM_CURRENCIES) if other != c)
    for c in range(NUM_CURRENCIES)
)
"""For each currency: (pair index, other currency) of its six pairs, in board order."""


def _format_halves(halves: int) -> str:
    sign = "-" if halves < 0 else ""
    whole, half = divmod(abs(halves), 2)
    return f"{sign}{whole}.5" if half else f"{sign}{whole}"


_HALVES_TEXT: tuple[str, ...] = tuple(_format_halves(h) for h in range(512))


def format_halves(halves: int) -> str:
    """Write an amount in half-bucks the way players say it: ``4``, ``4.5``."""
    if type(halves) is int and 0 <= halves < 512:
        return _HALVES_TEXT[halves]
    return _format_halves(halves)


def format_rate(space: int) -> str:
    """The track value of a space, as written on the board: ``1``, ``1.5``, ``8``."""
    return format_halves(TRACK_HALVES[space])


class PairPosition(Struct, frozen=True):
    """Where one pair stands: its stronger currency and the track space (0..9)."""

    stronger: int
    space: int


_POSITIONS: tuple[tuple[PairPosition, ...], ...] = tuple(
    tuple(PairPosition(stronger, space) for space in range(len(TRACK_HALVES)))
    for stronger in range(NUM_CURRENCIES)
)
"""Every possible position, built once: ``_POSITIONS[stronger][space]`` (they are immutable)."""


# The starting board: row = stronger currency, value = rate (rules-reference.md).
_START_RATES: dict[tuple[str, str], str] = {
    ("GBP", "EUR"): "1.5",
    ("GBP", "USD"): "1",
    ("GBP", "CHF"): "1.5",
    ("GBP", "JPY"): "1.5",
    ("GBP", "CAD"): "2",
    ("GBP", "CNY"): "4",
    ("EUR", "USD"): "1",
    ("EUR", "CHF"): "1",
    ("EUR", "JPY"): "1.5",
    ("EUR", "CAD"): "1.5",
    ("EUR", "CNY"): "3.5",
    ("USD", "CHF"): "1",
    ("USD", "JPY"): "1.5",
    ("USD", "CAD"): "1.5",
    ("USD", "CNY"): "3.5",
    ("CHF", "JPY"): "1.5",
    ("CHF", "CAD"): "1.5",
    ("CHF", "CNY"): "3.5",
    ("JPY", "CAD"): "1.5",
    ("JPY", "CNY"): "3",
    ("CAD", "CNY"): "2.5",
}


def _space_of(value: str) -> int:
    return TRACK_HALVES.index(round(float(value) * 2))


class Board(Struct, frozen=True, cache_hash=True):
    """The positions of all 21 pairs, in ``PAIRS`` order."""

    pairs: tuple[PairPosition, ...]

    @staticmethod
    def starting() -> Board:
        """The printed starting position."""
        if not _STARTING:
            positions = []
            for a, b in PAIRS:
                value = _START_RATES[(CURRENCIES[a], CURRENCIES[b])]
                positions.append(_POSITIONS[a][_space_of(value)])
            _STARTING.append(Board(tuple(positions)))
        return _STARTING[0]

    def position(self, a: int, b: int) -> PairPosition:
        """The position of the pair of ``a`` and ``b``."""
        return self.pairs[pair_index(a, b)]

    def is_stronger(self, a: int, b: int) -> bool:
        """True when ``a`` is the stronger side of its pair with ``b``."""
        index = PAIR_AT[a][b] if 0 <= a < NUM_CURRENCIES and 0 <= b < NUM_CURRENCIES else -1
        if index < 0:
            return self.position(a, b).stronger == a  # raises as before
        return self.pairs[index].stronger == a

    def rate_halves(self, a: int, b: int) -> int:
        """Units of the weaker of ``a``/``b`` for one of the stronger, in half-bucks."""
        index = PAIR_AT[a][b] if 0 <= a < NUM_CURRENCIES and 0 <= b < NUM_CURRENCIES else -1
        if index < 0:
            return TRACK_HALVES[self.position(a, b).space]  # raises as before
        return TRACK_HALVES[self.pairs[index].space]

    def pairs_of(self, currency: int) -> Iterator[tuple[int, PairPosition]]:
        """Each other currency with the position of its pair with ``currency``."""
        for other in range(NUM_CURRENCIES):
            if other != currency:
                yield other, self.position(currency, other)

    def strengthen(self, currency: int) -> Board:
        """Move every pair of ``currency`` one space in its favour."""
        return self._moved(currency, strengthen=True)

    def weaken(self, currency: int) -> Board:
        """Move every pair of ``currency`` one space against it."""
        return self._moved(currency, strengthen=False)

    def _moved(self, currency: int, *, strengthen: bool) -> Board:
        pairs = list(self.pairs)
        move_pairs(pairs, currency, strengthen)
        return make_board(tuple(pairs))

    def pairs_won(self) -> tuple[int, ...]:
        """For each currency, how many pairs it is the stronger side of."""
        won = [0] * NUM_CURRENCIES
        for pos in self.pairs:
            won[pos.stronger] += 1
        return tuple(won)

    def non_paying(self) -> frozenset[int]:
        """Currencies that are the weaker side of a pair on the 8 space."""
        result = set()
        for (a, b), pos in zip(PAIRS, self.pairs, strict=False):
            if pos.space == LAST_SPACE:
                result.add(b if pos.stronger == a else a)
        return frozenset(result)

    def convert_exact(self, halves: int, source: int, target: int) -> Fraction:
        """Exact bucks of ``target`` for ``halves`` of ``source`` at the current rate."""
        from fractions import Fraction  # here: only a house rule needs it (start-up)

        if source == target:
            return Fraction(halves, 2)
        rate = self.rate_halves(source, target)
        if self.is_stronger(source, target):
            return Fraction(halves * rate, 4)
        return Fraction(halves, rate)

    def convert_floor(self, halves: int, source: int, target: int) -> int:
        """Whole bucks of ``target`` for ``halves`` of ``source``, rounded down."""
        if source == target:
            return halves // 2
        rate = self.rate_halves(source, target)
        if self.is_stronger(source, target):
            # amount * rate = (halves / 2) * (rate / 2)
            return (halves * rate) // 4
        # amount / rate = (halves / 2) / (rate / 2)
        return halves // rate


def make_board(pairs: tuple[PairPosition, ...]) -> Board:
    """``Board(pairs)`` (kept for the engine's callers; a ``Struct`` is made in C)."""
    return Board(pairs)


GAINING: tuple[tuple[tuple[PairPosition, ...], ...], ...] = tuple(
    tuple(
        # The gaining side moves one space up, to the cap; the other side one space down,
        # and at 1:1 the pair flips to the gaining side, still on the 1 space.
        row[1:] + row[-1:] if stronger == gaining else _POSITIONS[gaining][:1] + row[:-1]
        for stronger, row in enumerate(_POSITIONS)
    )
    for gaining in range(NUM_CURRENCIES)
)
"""``GAINING[currency][stronger][space]``: where a pair of ``currency`` at that position goes
when it moves one space in favour of ``currency``."""


def move_pairs(pairs: list[PairPosition], currency: int, strengthen: bool) -> None:
    """Move, in place, every pair of ``currency`` one space in its favour (or against it)."""
    if not 0 <= currency < NUM_CURRENCIES:
        pair_index(currency, 0)  # raises KeyError, as the general code did
    if strengthen:
        moved = GAINING[currency]
        for index, _ in PAIRS_OF[currency]:
            pos = pairs[index]
            pairs[index] = moved[pos.stronger][pos.space]
    else:
        for index, other in PAIRS_OF[currency]:
            pos = pairs[index]
            pairs[index] = GAINING[other][pos.stronger][pos.space]


_STARTING: list[Board] = []
