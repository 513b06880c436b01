"""What ``forex show`` prints for World Exchangers: the state as JSON-ready data, tables and text.

``show_view(state)`` is the public state in a stable shape, checked by
``schemas/worldex-show.schema.json`` (``show_schema.show_schema``).  It is a
separate view from ``WORLDEX.view``, whose canonical JSON is the state digest
of a log entry: changing that would change the digests of existing logs.

The tables are plain ``Table`` values (a title, headers, rows of strings and
numbers) for the frame to print with tabulate: ``board_table`` (one player's
cash-flow line by month), ``sale_area_table``, ``media_table`` and
``scores_table`` (the final scores part by part, as the rulebook's scoring
lists them, or the projection "if the game ended now").  ``render_text``
prints all of it within a width.

Nothing here changes the state; all of it is derived from it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Optional, Union

from msgspec import Struct
from tabulate import tabulate

from ....record.problems import printable
from ....words import says
from ..rules import (
    DEALER,
    INVESTMENT_COLOURS,
    MONTHS,
    Components,
    Phase,
    Player,
    Result,
    State,
    Symbols,
    final_scores,
    media_awards,
)
from ..rules.components import MID_YEAR, SYMBOL_KEYS
from ..schema_source import GAME_NAME
from ..viewjson import mark_view

Cell = Union[str, int]

MIN_COLUMN = 10
"""Columns are not wrapped narrower than this to fit a width."""
PROJECTION_LABEL = "if the game ended now"
"""How a projected score is labelled everywhere (JSON and text)."""

ABILITY_WORDS = {
    "ring": "1 media: a celebration ring (+ring)",
    "media_cash": "media for 100 coins each on a sale (+cash N)",
    "extra_card": "2 media: a second card (+rue)",
    "refresh": "1 media: refresh the sale area (refresh ...)",
}
"""Side B abilities in words, for the tables."""


class Table(Struct, frozen=True):
    """One table: a title, its column headers and its rows (for tabulate)."""

    title: str
    headers: tuple[str, ...]
    rows: tuple[tuple[Cell, ...], ...]

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready: ``{"title", "headers", "rows"}``."""
        return {
            "title": self.title,
            "headers": list(self.headers),
            "rows": [list(row) for row in self.rows],
        }


# --------------------------------------------------------------------------- words


def coins(amount: int) -> str:
    """An amount of coins with thousands separators: ``1,000``, ``-200``."""
    return f"{amount:,}"


def symbols_text(symbols: Union[Symbols, dict[str, int]], empty: str = "-") -> str:
    """Symbols in words: ``2 blue, +1 media, 1 star`` (``empty`` when there are none); of
    the state's ``Symbols`` or of the view's JSON (the page; ``worldex.js`` says the same)."""
    words = []
    for key in SYMBOL_KEYS:
        count: int = symbols.get(key, 0) if isinstance(symbols, dict) else getattr(symbols, key)
        if count:
            number = f"{count:+d}" if key == "media" or count < 0 else str(count)
            words.append(f"{number} {key}")
    return ", ".join(words) if words else empty


def month_of(state: State) -> int:
    """The month being played (the round), 12 once the game is over."""
    return min(state.round, MONTHS)


def starting_cities(player: Player) -> tuple[str, ...]:
    """The cities a player started with, in the order dealt.

    ``Player.starting`` holds them; for a player built without it (a test's
    placed position), they are found by undoing the marks from the last.
    """
    if player.starting:
        return player.starting
    held = list(player.cities)
    for mark in reversed(player.marks):
        if mark.action == "buy":
            held = [card for card in held if card not in mark.cards]
        elif mark.action == "sell":
            held = [*mark.cards, *held]
    return tuple(held)


def is_bonus(components: Components, card: str, month: int) -> bool:
    """Whether ``month`` is one of the card's bonus months."""
    return month in components.city(card).bonus_months


def is_red(components: Components, card: str, month: int) -> bool:
    """Whether ``month`` is the card's red-marked month (a sale then draws a ring)."""
    return components.city(card).red_month == month


def scores_of(state: State) -> tuple[Result, bool]:
    """The final result, or the projection if the game ended now; True when final."""
    if state.result is not None:
        return state.result, True
    return final_scores(state), False


def media_values(state: State) -> list[int]:
    """Each seat's media influence for the ranking: the marker plus the media on their cities."""
    values = []
    for player in state.players:
        on_cards = sum(state.components.city(card).symbols.media for card in player.cities)
        values.append(player.media + on_cards)
    return values


def media_ranks(values: Sequence[int]) -> list[int]:
    """Rank 1 for the most media; tied players share a rank."""
    return [1 + sum(1 for other in values if other > value) for value in values]


def decider_of(state: State) -> Optional[str]:
    """The log key of whoever decides now: a player, ``deck`` for a reveal, None once over."""
    pending = state.pending
    if pending.phase is Phase.OVER:
        return None
    if pending.phase is Phase.REVEAL:
        return DEALER
    assert pending.seat is not None
    return state.players[pending.seat].name


def to_play(state: State) -> str:
    """``to play: alice: buy or sell``, or ``the game is over``."""
    return (
        "the game is over"
        if state.pending.phase is Phase.OVER
        else f"to play: {waiting_for(state)}"
    )


def waiting_for(state: State) -> str:
    """Who is to decide what, in words."""
    pending = state.pending
    if pending.phase is Phase.OVER:
        return "nobody: the game is over"
    if pending.phase is Phase.REVEAL:
        count = pending.count
        return f"the deck: reveal {count} card{'s' if count != 1 else ''}"
    assert pending.seat is not None
    name = state.players[pending.seat].name
    if pending.phase is Phase.SECOND and state.turn is not None:
        return f"{name}: the second card to {state.turn.action} (after {state.turn.cards[0]})"
    return f"{name}: buy or sell"


# --------------------------------------------------------------------------- JSON view


def _symbols(symbols: Symbols) -> dict[str, int]:
    shown: dict[str, int] = symbols.as_dict()
    return shown


def _card(state: State, name: str, month: int) -> dict[str, Any]:
    city = state.components.city(name)
    return {
        "name": name,
        "base": city.base,
        "colour": city.colour,
        "price": city.price(month),
        "bonus": month in city.bonus_months,
        "red": city.red_month == month,
        "bonus_months": list(city.bonus_months),
        "red_month": city.red_month,
        "symbols": _symbols(city.symbols),
    }


def _line(player: Player) -> list[dict[str, Any]]:
    months: list[dict[str, Any]] = [
        {
            "month": 0,
            "cash": player.start_cash,
            "action": "start",
            "cards": list(starting_cities(player)),
            "gained": {},
            "ring": False,
            "extra_cash": 0,
            "lost": 0,
        }
    ]
    months.extend(mark_view(mark) for mark in player.marks)
    return months


def _scores(state: State, result: Result) -> list[dict[str, Any]]:
    return [
        {
            "name": player.name,
            "cities": score.cities,
            "cash": score.cash,
            "settlement_points": score.settlement_points,
            "settlement": score.settlement,
            "investments": dict(zip(INVESTMENT_COLOURS, score.investments, strict=True)),
            "trend": score.trend,
            "media_value": score.media_value,
            "media": score.media,
            "total": score.total,
            "rank": result.ranks[seat],
        }
        for seat, (player, score) in enumerate(zip(state.players, result.scores, strict=True))
    ]


def _trend(state: State, trend_id: str) -> dict[str, Any]:
    trend = state.components.trend(trend_id)
    return {"id": trend.id, "round": trend.round, "text": trend.text, "atom": trend.atom}


def show_view(state: State) -> dict[str, Any]:
    """The public state as JSON-ready data (``show --format json``; see the show schema).

    The deck's order is never shown, only its size.  ``scores`` is the final
    result once the game is over (else null); ``projection`` scores the state
    as if the game ended now while it goes on (else null), and says so in its
    ``label``.
    """
    components = state.components
    month = month_of(state)
    pending = state.pending
    values = media_values(state)
    ranks = media_ranks(values)
    awards = media_awards(values)
    result, final = scores_of(state)
    mid_resolved = state.round > MID_YEAR or state.is_over
    players = []
    for seat, player in enumerate(state.players):
        role = components.role(player.role)
        players.append(
            {
                "name": player.name,
                "seat": seat,
                "role": player.role,
                "role_colour": role.colour,
                "role_side": state.role_side,
                "role_symbols": _symbols(role.side_a) if state.role_side == "A" else {},
                "ability": role.side_b if state.role_side == "B" else None,
                "board": player.board,
                "cash": player.cash,
                "media": player.media,
                "cities": [_card(state, name, month) for name in player.cities],
                "line": _line(player),
                "gained": _symbols(player.gained),
                "boxes": {"buy_two": player.bought_two, "sell_two": player.sold_two},
            }
        )
    turn = state.turn
    return {
        "game": GAME_NAME,
        "components": {"title": components.title, "invented": components.invented},
        "round": state.round,
        "month": month,
        "months": MONTHS,
        "over": state.is_over,
        "first": state.players[state.first].name,
        "roles_side": state.role_side,
        "to_play": {
            "kind": pending.phase.value,
            "decider": decider_of(state),
            "count": pending.count,
            "text": waiting_for(state),
        },
        "players": players,
        "sale_area": [_card(state, name, month) for name in state.area],
        "deck_size": len(state.deck),
        "removed": list(state.removed),
        "trends": {
            "mid": {
                **_trend(state, state.mid_trend),
                "resolved": mid_resolved,
                "gained_media": list(state.trend_media),
            },
            "end": {**_trend(state, state.end_trend), "resolved": state.is_over},
        },
        "media_track": {
            "max": components.media_max,
            "players": [
                {
                    "name": player.name,
                    "marker": player.media,
                    "on_cities": values[seat] - player.media,
                    "value": values[seat],
                    "rank": ranks[seat],
                    "reward": awards[seat],
                }
                for seat, player in enumerate(state.players)
            ],
        },
        "turn": None
        if turn is None
        else {"action": turn.action, "cards": list(turn.cards), "cash": turn.cash},
        "scores": {"players": _scores(state, result), "winners": _winners(state, result)}
        if final
        else None,
        "projection": None
        if final
        else {
            "label": PROJECTION_LABEL,
            "players": _scores(state, result),
            "leaders": _winners(state, result),
        },
    }


def _winners(state: State, result: Result) -> list[str]:
    return [state.players[seat].name for seat in result.winners()]


# --------------------------------------------------------------------------- tables


def board_table(state: State, seat: int) -> Table:
    """One player's board: the cash-flow line by month and the symbols it gained.

    One row per month 0..12: the cash marked (blank while to come), the
    change, what was done, the symbols the line passed through or stopped on,
    and any celebration ring, coins bought with media or coins lost above 1,000.
    """
    player = state.players[seat]
    rows: list[tuple[Cell, ...]] = [
        (0, coins(player.start_cash), "", "start: " + ", ".join(starting_cities(player)), "-", "")
    ]
    before = player.start_cash
    for mark in player.marks:
        notes = []
        if mark.ring:
            notes.append("ring")
        if mark.extra_cash:
            notes.append(f"+{coins(mark.extra_cash)} for media")
        if mark.lost:
            notes.append(f"{coins(mark.lost)} lost")
        cards = ", ".join(mark.cards)
        action = mark.action + (f" {cards}" if cards else "")
        change = mark.cash - before
        rows.append(
            (
                mark.month,
                coins(mark.cash),
                f"{change:+,}" if change else "0",
                action,
                symbols_text(mark.gained),
                "; ".join(notes),
            )
        )
        before = mark.cash
    for month in range(len(player.marks) + 1, MONTHS + 1):
        rows.append((month, "", "", "", "", ""))
    boxes = []
    if player.bought_two:
        boxes.append("buy-two box crossed")
    if player.sold_two:
        boxes.append("sell-two box crossed")
    role = state.components.role(player.role)
    ability = f" [side B: {ABILITY_WORDS[role.side_b]}]" if state.role_side == "B" else ""
    title = (
        f"{player.name} ({player.role}{ability}, board {player.board}):"
        f" cash {coins(player.cash)}, media {player.media}"
        + (f", {', '.join(boxes)}" if boxes else "")
    )
    return Table(title, ("month", "cash", "change", "action", "gained", "notes"), tuple(rows))


def holdings_table(state: State) -> Table:
    """Each player's cities with this month's sale price, and the symbols gained so far."""
    month = month_of(state)
    rows: list[tuple[Cell, ...]] = []
    for player in state.players:
        cities = [
            f"{name} ({coins(state.components.city(name).price(month))}"
            + ("*" if is_bonus(state.components, name, month) else "")
            + ")"
            for name in player.cities
        ]
        boxes = [
            box
            for box, used in (("buy two", player.bought_two), ("sell two", player.sold_two))
            if used
        ]
        rows.append(
            (
                player.name,
                coins(player.cash),
                ", ".join(cities) or "-",
                symbols_text(player.gained),
                ", ".join(boxes) or "-",
            )
        )
    return Table(
        f"Players (sale prices of month {month}; * a bonus price)",
        ("player", "cash", "cities (sale price)", "gained", "boxes used"),
        tuple(rows),
    )


def sale_area_table(state: State) -> Table:
    """The sale area: each card's base value, this month's sale price, bonus and red months."""
    month = month_of(state)
    rows: list[tuple[Cell, ...]] = []
    for name in state.area:
        city = state.components.city(name)
        marks = []
        if is_bonus(state.components, name, month):
            marks.append("bonus")
        if is_red(state.components, name, month):
            marks.append("red")
        rows.append(
            (
                name,
                city.colour,
                city.base,
                city.price(month),
                " ".join(marks),
                ", ".join(str(m) for m in city.bonus_months) or "-",
                "-" if city.red_month is None else city.red_month,
                symbols_text(city.symbols),
            )
        )
    return Table(
        f"Sale area ({len(state.area)} cards, {len(state.deck)} in the deck;"
        f" sale prices of month {month})",
        ("card", "colour", "base", "sale", "now", "bonus in", "red", "symbols"),
        tuple(rows),
    )


def media_table(state: State) -> Table:
    """The media influence track: each marker, the media on cities, the ranking and its reward."""
    values = media_values(state)
    ranks = media_ranks(values)
    awards = media_awards(values)
    order = sorted(range(len(state.players)), key=lambda seat: (ranks[seat], seat))
    rows = tuple(
        (
            ranks[seat],
            state.players[seat].name,
            state.players[seat].media,
            f"{values[seat] - state.players[seat].media:+d}",
            values[seat],
            coins(awards[seat]),
        )
        for seat in order
    )
    top = state.components.media_max
    title = "Media influence" + ("" if top is None else f" (track 0 to {top})")
    return Table(title, ("rank", "player", "marker", "on cities", "value", "reward"), rows)


SCORE_PARTS = (
    "City cards",
    "Cash",
    "Settlement points",
    "Investments: green",
    "Investments: orange",
    "Investments: blue",
    "Year-end trend card",
    "Media influence",
    "Total",
    "Rank",
)
"""The rows of the scores table, in the rulebook's order of scoring."""


def scores_table(state: State) -> Table:
    """The score of each part for each player, as on the scoring board.

    The final scores once the game is over, else the projection labelled
    "if the game ended now".
    """
    result, final = scores_of(state)
    columns: list[list[Cell]] = []
    for seat, score in enumerate(result.scores):
        columns.append(
            [
                coins(score.cities),
                coins(score.cash),
                f"{coins(score.settlement)} ({score.settlement_points} pt)",
                *(coins(part) for part in score.investments),
                coins(score.trend),
                f"{coins(score.media)} ({score.media_value})",
                coins(score.total),
                result.ranks[seat],
            ]
        )
    rows = tuple((part, *(column[i] for column in columns)) for i, part in enumerate(SCORE_PARTS))
    title = "Final scores" if final else f"Scores {PROJECTION_LABEL}"
    return Table(title, ("", *(p.name for p in state.players)), rows)


def tables(state: State) -> list[Table]:
    """Every table of ``show``: each board, the players, the sale area, media and scores."""
    return [
        *(board_table(state, seat) for seat in range(len(state.players))),
        holdings_table(state),
        sale_area_table(state),
        media_table(state),
        scores_table(state),
    ]


# --------------------------------------------------------------------------- text


def status_lines(state: State) -> list[str]:
    """The heading: the game, the month, who is to play, the trend cards."""
    components = state.components
    mid = components.trend(state.mid_trend)
    end = components.trend(state.end_trend)
    where = f"Over after month {MONTHS}" if state.is_over else f"Month {state.round} of {MONTHS}"
    said = f"the game is over: {winners_text(state)}" if state.is_over else to_play(state)
    lines = [
        f"World Exchangers: {where}; first player {state.players[state.first].name};"
        f" role cards side {state.role_side}",
        said[0].upper() + said[1:],
    ]
    if state.round > MID_YEAR or state.is_over:
        gained = ", ".join(state.trend_media) or "nobody"
        lines.append(f"Mid-year trend (month 6, resolved): {mid.text or mid.id}; media to {gained}")
    else:
        lines.append(f"Mid-year trend (month 6): {mid.text or mid.id}")
    gains = ""
    if state.is_over:
        result, _ = scores_of(state)
        gains = "; " + ", ".join(
            f"{player.name} {score.trend:+,}"
            for player, score in zip(state.players, result.scores, strict=True)
        )
    lines.append(
        f"Year-end trend (month 12{', resolved' if state.is_over else ''}):"
        f" {end.text or end.id}{gains}"
    )
    if components.invented:
        invented = "" if "invented" in components.title.lower() else " (invented)"
        lines.append(f"Components: {components.title}{invented}")
    return lines


def fitted_table(table: Table, width: int, *, stack: bool = False) -> str:
    """The table as text within ``width`` columns where it can be: the widest columns are
    narrowed together to one width (never below ``MIN_COLUMN``, their header or their
    longest word), their cells wrapped after the commas of a list first, so that a list's
    items (``Manila (100), Osaka (300*)``) stay whole, then at spaces; with ``stack``, a table
    still wider is stacked (``reporters.stacked``: tables of its first column and as many
    more as fit)."""
    from ....reporters import text_width

    headers = [str(h) for h in table.headers]
    rows = [[str(cell) for cell in row] for row in table.rows]
    count = len(headers)
    # tabulate pads a header by two columns at least (its MIN_PADDING)
    heads = [text_width(header) + 2 for header in headers]
    natural = [max([heads[i], *(text_width(row[i]) for row in rows)]) for i in range(count)]
    room = width - 2 * (count - 1)  # tabulate's simple layout: two spaces between columns
    if sum(natural) <= room:
        return tabulate(rows, headers=headers, disable_numparse=True)
    floor = [
        min(
            natural[i],
            max(
                MIN_COLUMN,
                heads[i],
                *(text_width(word) for row in rows for word in row[i].split()),
            ),
        )
        for i in range(count)
    ]

    def widths(level: int) -> list[int]:
        return [max(floor[i], min(natural[i], level)) for i in range(count)]

    level = max(natural)
    while level > 0 and sum(widths(level)) > room:
        level -= 1
    limits = widths(level)
    wrapped = [[_wrap_cell(row[i], limits[i]) for i in range(count)] for row in rows]
    written = tabulate(wrapped, headers=headers, disable_numparse=True)
    if not stack or count <= 2 or max(text_width(line) for line in written.split("\n")) <= width:
        return written
    from ....reporters import stacked

    def part(columns: list[int]) -> str:
        """The table of ``columns`` alone, fitted as this one is."""
        headers_of = tuple(table.headers[i] for i in columns)
        rows_of = tuple(tuple(row[i] for i in columns) for row in table.rows)
        return fitted_table(Table(table.title, headers_of, rows_of), width, stack=False)

    return stacked(count, 1, width, part)


def _wrap_cell(text: str, limit: int) -> str:
    """``text`` in lines of at most ``limit`` columns where its words allow: a list's items
    (split at ``, ``) kept whole on a line where they fit, else wrapped at spaces."""
    from ....reporters import text_width, wrap_line

    if text_width(text) <= limit:
        return text
    items = text.split(", ")
    lines: list[str] = []
    line = ""
    for index, item in enumerate(items):
        piece = item + ("," if index < len(items) - 1 else "")
        if line and text_width(line) + 1 + text_width(piece) <= limit:
            line += " " + piece
            continue
        if line:
            lines.append(line)
        parts = wrap_line(piece, limit)
        lines.extend(parts[:-1])
        line = parts[-1] if parts else piece
    lines.append(line)
    return "\n".join(lines)


def render_text(state: State, width: int = 80) -> str:
    """Everything ``show`` prints as plain text, each table fitted to ``width`` where it can.

    Names are made safe for a terminal (``problems.printable``: control characters are
    written as escapes).  The tables and ``show_view`` hold them raw.
    """
    from ....reporters import wrap_line

    def fill(line: str) -> str:
        """``line`` wrapped at spaces to ``width`` terminal columns (``wrap_line``)."""
        return "\n".join(wrap_line(line, width, subsequent_indent="  "))

    heading = [fill(line) for line in status_lines(state)]
    parts = ["\n".join(heading)]
    for table in tables(state):
        title = fill(table.title)
        parts.append(title + "\n" + fitted_table(table, width, stack=True))
    text = "\n\n".join(parts)
    return "\n".join(printable(line) for line in text.split("\n")) + "\n"


def winners_text(state: State, result: Optional[Result] = None) -> str:
    """``rue wins`` or ``ai and louis share the victory``."""
    result = result or scores_of(state)[0]
    names = _winners(state, result)
    if len(names) == 1:
        return says(names[0], "wins")
    return f"{' and '.join(names)} share the victory"
