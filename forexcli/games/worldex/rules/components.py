"""The components of World Exchangers as plain frozen data, built from plain data.

The rulebook does not print the cards or the player boards, so the rules core
never hard-codes them: ``components_from_data`` turns a decoded components
file (dicts, lists, ints, strings; see ``docs/worldex-rules.md`` and
``schemas/worldex-components.schema.json``) into ``Components``, checking
what a JSON Schema cannot (counts, unique names, red months among the bonus
months, spaces on the board's grid).  Reading the file is not done here.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Optional

from msgspec import Struct

from .errors import ComponentsError

MONTHS = 12
"""Rounds, and months on the player board (month 0 is the starting cash)."""
MID_YEAR = 6
YEAR_END = 12
CASH_STEP = 100
MAX_CASH = 1000
START_CASH = 1300
HALF_STEP = 50
"""Spaces between two months may sit half-way between two cash levels."""

STARTING_CITIES = 12
CITY_CARDS = 45
STARTING_PER_PLAYER = 3
SALE_AREA = 5
REFILL_AT = 2
"""The sale area is refilled to 5 as soon as it holds this many cards or fewer."""

INVESTMENT_COLOURS = ("green", "orange", "blue")
COLOURS = (*INVESTMENT_COLOURS, "purple")
"""City card colours; purple cards carry settlement points instead of an investment colour."""
SIDES = ("A", "B")
ABILITIES = ("ring", "media_cash", "extra_card", "refresh")
"""Side B abilities: Felix's celebration ring, Wigstan's media for cash, Rue's extra card,
Estelle's refresh of the sale area."""
MID_CONDITIONS = ("most_cash", "least_cash", "most_cities", "least_cities")
END_CONDITIONS = ("stopped_on", "distinct_amounts", "repeated_amount")
SYMBOL_KEYS = ("green", "orange", "blue", "media", "star")


class Symbols(Struct, frozen=True, omit_defaults=True):
    """A count of symbols; on cards the investment and media counts may be negative.

    Written by msgspec (digests) as ``as_dict``: the non-zero counts."""

    green: int = 0
    orange: int = 0
    blue: int = 0
    media: int = 0
    star: int = 0

    def __add__(self, other: Symbols) -> Symbols:
        return Symbols(
            self.green + other.green,
            self.orange + other.orange,
            self.blue + other.blue,
            self.media + other.media,
            self.star + other.star,
        )

    def colour(self, colour: str) -> int:
        """The count of one investment colour."""
        value: int = getattr(self, colour)
        return value

    def is_empty(self) -> bool:
        """True when no symbol is counted."""
        return self == NO_SYMBOLS

    def as_dict(self) -> dict[str, int]:
        """The non-zero counts, JSON-ready."""
        shown: dict[str, int] = {}  # SYMBOL_KEYS in order, written out: several times faster
        if self.green:
            shown["green"] = self.green
        if self.orange:
            shown["orange"] = self.orange
        if self.blue:
            shown["blue"] = self.blue
        if self.media:
            shown["media"] = self.media
        if self.star:
            shown["star"] = self.star
        return shown


NO_SYMBOLS = Symbols()


def total_symbols(counts: Iterable[Symbols]) -> Symbols:
    """The sum of ``counts`` (``NO_SYMBOLS`` for none): ``+`` of each in turn, field by
    field without a call for each (a game's scores sum a few dozen)."""
    green = orange = blue = media = star = 0
    for count in counts:
        green += count.green
        orange += count.orange
        blue += count.blue
        media += count.media
        star += count.star
    return Symbols(green, orange, blue, media, star)


class City(Struct, frozen=True):
    """One city card: base value, colour, sale price by month, its marks and symbols."""

    name: str
    base: int
    colour: str
    prices: tuple[int, ...]
    """The sale price in months 1..12 (index 0 is month 1), bonus months included."""
    bonus_months: tuple[int, ...]
    red_month: Optional[int]
    symbols: Symbols
    starting: bool

    def price(self, month: int) -> int:
        """The sale price in ``month`` (1..12)."""
        return self.prices[month - 1]


class Space(Struct, frozen=True):
    """A space between month ``after`` and ``after + 1`` at a cash level (multiple of 50).

    ``crossed_by`` lists the lines (cash at ``after``, cash at ``after + 1``)
    that pass through it when the components file says so; when empty, a line
    passes through it when its cash level lies between the line's two ends,
    ends included (the default reading, see ``docs/worldex-rules.md``).
    """

    after: int
    cash: int
    symbols: Symbols
    crossed_by: tuple[tuple[int, int], ...] = ()

    def crossed(self, start: int, end: int) -> bool:
        """Whether the line from ``start`` to ``end`` passes through this space."""
        if self.crossed_by:
            return (start, end) in self.crossed_by
        return min(start, end) <= self.cash <= max(start, end)


class BoardSide(Struct, frozen=True):
    """One side of the player board: symbols on months and cash levels, and between months."""

    side: str
    stops: Mapping[tuple[int, int], Symbols]
    """(month, cash) -> the symbols of that space, gained by stopping on it."""
    between: tuple[Space, ...]

    def stop(self, month: int, cash: int) -> Symbols:
        """The symbols on the space at ``month`` and ``cash``."""
        return self.stops.get((month, cash), NO_SYMBOLS)


class Trend(Struct, frozen=True):
    """A mid-year (6) or year-end (12) trend card.

    Mid-year: ``condition`` is one of ``MID_CONDITIONS`` and ``media`` the
    media gained.  Year-end: ``stopped_on`` pays ``each`` once for every one of
    ``amounts`` the line stopped on; ``distinct_amounts`` and
    ``repeated_amount`` pay the highest of ``tiers`` (count, coins) reached.
    """

    id: str
    round: int
    condition: str
    atom: bool = False
    media: int = 0
    amounts: tuple[int, ...] = ()
    each: int = 0
    tiers: tuple[tuple[int, int], ...] = ()
    text: str = ""


class Role(Struct, frozen=True):
    """A role card: its marker colour, side A's symbols, side B's ability."""

    name: str
    colour: str
    side_a: Symbols
    side_b: str


class Components(Struct, frozen=True):
    """Every card and board of one copy of the game."""

    title: str
    invented: bool
    starting_cities: tuple[City, ...]
    cities: tuple[City, ...]
    boards: Mapping[str, BoardSide]
    trends: tuple[Trend, ...]
    roles: tuple[Role, ...]
    media_max: Optional[int]
    by_name: Mapping[str, City]

    def city(self, name: str) -> City:
        """The card called ``name``; ``KeyError`` when there is none."""
        return self.by_name[name]

    def trend(self, trend_id: str) -> Trend:
        """The trend card ``trend_id``; ``KeyError`` when there is none."""
        for trend in self.trends:
            if trend.id == trend_id:
                return trend
        raise KeyError(trend_id)

    def role(self, name: str) -> Role:
        """The role card ``name``; ``KeyError`` when there is none."""
        for role in self.roles:
            if role.name == name:
                return role
        raise KeyError(name)

    def trends_for(self, round_: int, atom_only: bool = False) -> tuple[Trend, ...]:
        """The trend cards resolved at the end of ``round_`` (6 or 12)."""
        return tuple(t for t in self.trends if t.round == round_ and (t.atom or not atom_only))


# --------------------------------------------------------------------------- from plain data


def _fail(where: str, reason: str) -> ComponentsError:
    return ComponentsError(f"{where}: {reason}")


def _int(value: Any, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _fail(where, f"expected a whole number, not {value!r}")
    return value


def _cash(value: Any, where: str, step: int = CASH_STEP, low: int = 0) -> int:
    amount = _int(value, where)
    if amount % step or not low <= amount <= MAX_CASH:
        raise _fail(where, f"{amount} is not a multiple of {step} from {low} to {MAX_CASH}")
    return amount


def _month(value: Any, where: str, low: int = 1, high: int = MONTHS) -> int:
    month = _int(value, where)
    if not low <= month <= high:
        raise _fail(where, f"month {month} is not from {low} to {high}")
    return month


def _symbols(value: Any, where: str, signed: bool) -> Symbols:
    if value is None:
        return NO_SYMBOLS
    if not isinstance(value, Mapping):
        raise _fail(where, "symbols are an object of counts")
    unknown = sorted(set(value) - set(SYMBOL_KEYS))
    if unknown:
        raise _fail(where, f"unknown symbol {unknown[0]!r} (one of {', '.join(SYMBOL_KEYS)})")
    counts = {key: _int(value.get(key, 0), f"{where}.{key}") for key in SYMBOL_KEYS}
    if not signed and any(counts[key] < 0 for key in ("green", "orange", "blue")):
        raise _fail(where, "a space holds no negative investment symbols (only media: -1)")
    if counts["star"] < 0:
        raise _fail(where, "settlement points cannot be negative")
    return Symbols(**counts)


def _city(data: Any, where: str, starting: bool) -> City:
    if not isinstance(data, Mapping):
        raise _fail(where, "a city card is an object")
    name = data.get("name")
    if not isinstance(name, str) or not name.strip() or name != name.strip():
        raise _fail(where, f"a city needs a name without surrounding spaces, not {name!r}")
    if any(ch in name for ch in ",+#:\n"):
        raise _fail(where, f"city name {name!r} contains one of , + # : or a line break")
    where = f"{where} ({name})"
    base = _cash(data.get("base"), f"{where}.base", low=CASH_STEP)
    colour = data.get("colour")
    if colour not in COLOURS:
        raise _fail(where, f"colour {colour!r} is not one of {', '.join(COLOURS)}")
    bonus_months = tuple(_month(m, f"{where}.bonus_months") for m in data.get("bonus_months", ()))
    if len(set(bonus_months)) != len(bonus_months):
        raise _fail(where, "a bonus month is listed twice")
    if "prices" in data:
        given = data["prices"]
        if not isinstance(given, Sequence) or len(given) != MONTHS:
            raise _fail(where, f"prices lists the sale price of each of the {MONTHS} months")
        prices = tuple(_cash(p, f"{where}.prices") for p in given)
    else:
        sale = _cash(data.get("sale"), f"{where}.sale")
        bonus = _cash(data.get("bonus", sale), f"{where}.bonus")
        prices = tuple(bonus if m in bonus_months else sale for m in range(1, MONTHS + 1))
    red = data.get("red_month")
    red_month = None if red is None else _month(red, f"{where}.red_month")
    if red_month is not None and red_month not in bonus_months:
        raise _fail(where, f"red month {red_month} is not one of its bonus months")
    symbols = _symbols(data.get("symbols"), f"{where}.symbols", signed=True)
    return City(
        name, base, colour, prices, tuple(sorted(bonus_months)), red_month, symbols, starting
    )


def _board(data: Any, where: str) -> BoardSide:
    if not isinstance(data, Mapping) or data.get("side") not in SIDES:
        raise _fail(where, "a board side is an object with side A or B")
    side = str(data["side"])
    where = f"{where} (side {side})"
    stops: dict[tuple[int, int], Symbols] = {}
    for i, stop in enumerate(data.get("stops", ())):
        at = f"{where}.stops[{i}]"
        if not isinstance(stop, Mapping):
            raise _fail(at, "a space is an object")
        key = (_month(stop.get("month"), f"{at}.month"), _cash(stop.get("cash"), f"{at}.cash"))
        if key in stops:
            raise _fail(at, f"month {key[0]} at {key[1]} is listed twice")
        stops[key] = _symbols(stop.get("symbols"), f"{at}.symbols", signed=False)
    between: list[Space] = []
    seen: set[tuple[int, int]] = set()
    for i, space in enumerate(data.get("between", ())):
        at = f"{where}.between[{i}]"
        if not isinstance(space, Mapping):
            raise _fail(at, "a space is an object")
        after = _month(space.get("after"), f"{at}.after", low=0, high=MONTHS - 1)
        cash = _cash(space.get("cash"), f"{at}.cash", step=HALF_STEP)
        if (after, cash) in seen:
            raise _fail(at, f"the space after month {after} at {cash} is listed twice")
        seen.add((after, cash))
        crossed = []
        for j, line in enumerate(space.get("crossed_by", ())):
            if not isinstance(line, Sequence) or len(line) != 2:
                raise _fail(f"{at}.crossed_by[{j}]", "a line is [cash before, cash after]")
            crossed.append((_cash(line[0], f"{at}.crossed_by"), _cash(line[1], f"{at}.crossed_by")))
        symbols = _symbols(space.get("symbols"), f"{at}.symbols", signed=False)
        if symbols.star:
            raise _fail(at, "settlement points lie on months (a line gains them only by stopping)")
        between.append(Space(after, cash, symbols, tuple(crossed)))
    return BoardSide(side, stops, tuple(between))


def _tiers(value: Any, where: str) -> tuple[tuple[int, int], ...]:
    tiers = []
    for i, tier in enumerate(value or ()):
        if not isinstance(tier, Sequence) or len(tier) != 2:
            raise _fail(f"{where}[{i}]", "a tier is [count, coins]")
        tiers.append((_int(tier[0], where), _int(tier[1], where)))
    if not tiers or [t[0] for t in tiers] != sorted({t[0] for t in tiers}):
        raise _fail(where, "tiers are listed by rising count, at least one")
    return tuple(tiers)


def _trend(data: Any, where: str) -> Trend:
    if not isinstance(data, Mapping) or not isinstance(data.get("id"), str):
        raise _fail(where, "a trend card is an object with an id")
    trend_id = str(data["id"])
    where = f"{where} ({trend_id})"
    round_ = _int(data.get("round"), f"{where}.round")
    condition = data.get("condition")
    atom = bool(data.get("atom", False))
    text = str(data.get("text", ""))
    if round_ == MID_YEAR:
        if condition not in MID_CONDITIONS:
            raise _fail(where, f"a mid-year condition is one of {', '.join(MID_CONDITIONS)}")
        media = _int(data.get("media", 1), f"{where}.media")
        return Trend(trend_id, round_, str(condition), atom, media=media, text=text)
    if round_ != YEAR_END:
        raise _fail(where, f"round {round_} is neither {MID_YEAR} nor {YEAR_END}")
    if condition == "stopped_on":
        amounts = tuple(_cash(a, f"{where}.amounts") for a in data.get("amounts", ()))
        if not amounts or len(set(amounts)) != len(amounts):
            raise _fail(where, "stopped_on lists one or more different amounts")
        each = _int(data.get("each"), f"{where}.each")
        return Trend(trend_id, round_, condition, atom, amounts=amounts, each=each, text=text)
    if condition in ("distinct_amounts", "repeated_amount"):
        tiers = _tiers(data.get("tiers"), f"{where}.tiers")
        return Trend(trend_id, round_, str(condition), atom, tiers=tiers, text=text)
    raise _fail(where, f"a year-end condition is one of {', '.join(END_CONDITIONS)}")


def _role(data: Any, where: str) -> Role:
    if not isinstance(data, Mapping) or not isinstance(data.get("name"), str):
        raise _fail(where, "a role card is an object with a name")
    name = str(data["name"])
    where = f"{where} ({name})"
    colour = data.get("colour")
    if not isinstance(colour, str) or not colour:
        raise _fail(where, "a role card names its marker colour")
    ability = data.get("side_b")
    if ability not in ABILITIES:
        raise _fail(where, f"side_b is one of {', '.join(ABILITIES)}, not {ability!r}")
    side_a = _symbols(data.get("side_a"), f"{where}.side_a", signed=False)
    if side_a.star:
        raise _fail(where, "side A gives investment symbols or media, not settlement points")
    return Role(name, colour, side_a, str(ability))


def components_from_data(data: Mapping[str, Any]) -> Components:
    """Build and check ``Components`` from a decoded components file; raises ``ComponentsError``."""
    if not isinstance(data, Mapping):
        raise ComponentsError("the components are an object")
    starting = tuple(
        _city(c, f"starting_cities[{i}]", True)
        for i, c in enumerate(data.get("starting_cities", ()))
    )
    cities = tuple(_city(c, f"cities[{i}]", False) for i, c in enumerate(data.get("cities", ())))
    if len(starting) != STARTING_CITIES:
        raise ComponentsError(
            f"{STARTING_CITIES} starting city cards needed; {len(starting)} given"
        )
    if len(cities) != CITY_CARDS:
        raise ComponentsError(f"{CITY_CARDS} city cards needed; {len(cities)} given")
    by_name: dict[str, City] = {}
    for city in (*starting, *cities):
        if city.name in by_name:
            raise ComponentsError(f"two city cards are called {city.name!r}")
        by_name[city.name] = city
    boards_list = [_board(b, f"boards[{i}]") for i, b in enumerate(data.get("boards", ()))]
    boards = {board.side: board for board in boards_list}
    if sorted(boards) != list(SIDES) or len(boards_list) != len(SIDES):
        raise ComponentsError("the player board has exactly the sides A and B")
    trends = tuple(_trend(t, f"trends[{i}]") for i, t in enumerate(data.get("trends", ())))
    if len({t.id for t in trends}) != len(trends):
        raise ComponentsError("two trend cards have the same id")
    for round_ in (MID_YEAR, YEAR_END):
        if not any(t.round == round_ for t in trends):
            raise ComponentsError(f"no trend card for round {round_}")
    roles = tuple(_role(r, f"roles[{i}]") for i, r in enumerate(data.get("roles", ())))
    if len(roles) < 2 or len({r.name for r in roles}) != len(roles):
        raise ComponentsError("at least 2 role cards with different names are needed")
    if len({r.colour for r in roles}) != len(roles):
        raise ComponentsError("two role cards have the same marker colour")
    media = data.get("media_max")
    media_max = None if media is None else _int(media, "media_max")
    if media_max is not None and media_max < 1:
        raise ComponentsError(f"media_max {media_max} leaves no room on the media track")
    title = data.get("title")
    return Components(
        title=title if isinstance(title, str) else "",
        invented=bool(data.get("invented", False)),
        starting_cities=starting,
        cities=cities,
        boards=boards,
        trends=trends,
        roles=roles,
        media_max=media_max,
        by_name=by_name,
    )
