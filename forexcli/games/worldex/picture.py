"""A picture of a World Exchangers player board as standalone SVG 1.1 (plain text, no dependency).

``board_svg(state, seat)`` draws the board's grid (months 0 to 12 across,
cash 0 to 1,000 up), the symbols of its spaces (on a month and a cash level,
or between two months), the player's cash-flow line across the months played
with a celebration ring where one was drawn, the spaces the line gained
marked, the buy-two and sell-two boxes, and below it the sale area with each
card's base value and this month's sale price.  ``spaces_gained`` says which
spaces those are (the same reading as the rules core's ``line_gains``).

The output is deterministic.  Every name taken from a log or a components
file is escaped: control characters become visible escapes, ``& < > " '``
XML entities.
"""

from __future__ import annotations

from typing import Optional

from .engine import CASH_STEP, MAX_CASH, MONTHS, BoardSide, Player, State, Symbols
from .engine.components import SYMBOL_KEYS
from .views import coins, month_of, symbols_text

FONT = "DejaVu Sans, Verdana, Arial, sans-serif"
COLUMN = 56
"""Pixels between two months."""
ROW = 40
"""Pixels between two cash levels (100 coins)."""
LEFT, TOP = 64, 64
CARD_W, CARD_H, CARD_GAP = 124, 74, 10
CARDS_PER_ROW = int((MONTHS * COLUMN + CARD_GAP) // (CARD_W + CARD_GAP))
"""Sale area cards side by side under the board (5)."""

SYMBOL_COLOURS = {
    "green": "#2ca02c",
    "orange": "#ff7f0e",
    "blue": "#1f77b4",
    "media": "#9467bd",
    "star": "#b8860b",
}
CARD_COLOURS = {"green": "#2ca02c", "orange": "#ff7f0e", "blue": "#1f77b4", "purple": "#7b3fa0"}
LINE_COLOUR = "#c0392b"
GLYPHS = {"green": "G", "orange": "O", "blue": "B", "media": "M", "star": "\u2605"}

_ENTITIES = {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;"}

Key = tuple[str, int, int]
"""A space: ``("stop", month, cash)`` or ``("between", after, cash)``."""


def xml_escape(text: str) -> str:
    """``text`` safe in XML text and attributes: control characters escaped, markup as entities."""
    out = []
    for ch in text:
        code = ord(ch)
        if (code < 0x20 and ch not in "\t") or 0x7F <= code < 0xA0 or ch in "\ufffe\uffff":
            out.append(f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}")
        else:
            out.append(_ENTITIES.get(ch, ch))
    return "".join(out)


def _num(value: float) -> str:
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text


def x_of(month: float) -> float:
    """The x of a month (a half month for spaces between two months)."""
    return LEFT + month * COLUMN


def y_of(cash: float) -> float:
    """The y of a cash level."""
    return TOP + (MAX_CASH - cash) / CASH_STEP * ROW


def glyph(symbols: Symbols) -> str:
    """A short label for a space's symbols: ``2B M+``, ``\u2605``, ``M-``."""
    parts = []
    for key in SYMBOL_KEYS:
        count: int = getattr(symbols, key)
        if not count:
            continue
        if key == "media":
            sign = "+" if count > 0 else "-"
            parts.append(("" if abs(count) == 1 else str(abs(count))) + "M" + sign)
        else:
            parts.append(("" if count == 1 else str(count)) + GLYPHS[key])
    return " ".join(parts)


def _colour(symbols: Symbols) -> str:
    for key in SYMBOL_KEYS:
        if getattr(symbols, key):
            return SYMBOL_COLOURS[key]
    return "#777777"


def spaces_gained(state: State, seat: int) -> dict[Key, list[int]]:
    """The spaces the player's line gained, each with the months it gained them in.

    A month's line gains the space it stops on and the spaces between the two
    months it crosses; a celebration ring adds the spaces between months on
    either side less than one space from the end (as ``line_gains``).  A
    flat line of a pass gains nothing under the house rule ``pass_symbols: none``.
    """
    player = state.players[seat]
    board = state.components.boards[player.board]
    gained: dict[Key, list[int]] = {}
    start = player.start_cash
    for mark in player.marks:
        if not (mark.action == "pass" and state.house.pass_symbols == "none"):
            keys: list[Key] = []
            if not board.stop(mark.month, mark.cash).is_empty():
                keys.append(("stop", mark.month, mark.cash))
            for space in board.between:
                crossed = space.after == mark.month - 1 and space.crossed(start, mark.cash)
                near = (
                    mark.ring
                    and space.after in (mark.month - 1, mark.month)
                    and abs(space.cash - mark.cash) < CASH_STEP
                )
                if (crossed or near) and not space.symbols.is_empty():
                    keys.append(("between", space.after, space.cash))
            for key in dict.fromkeys(keys):
                gained.setdefault(key, []).append(mark.month)
        start = mark.cash
    return gained


def _text(
    x: float,
    y: float,
    content: str,
    size: float = 11,
    anchor: str = "start",
    fill: str = "#222222",
    weight: Optional[str] = None,
) -> str:
    bold = f' font-weight="{weight}"' if weight else ""
    return (
        f'<text x="{_num(x)}" y="{_num(y)}" font-size="{_num(size)}" text-anchor="{anchor}"'
        f' fill="{fill}"{bold}>{xml_escape(content)}</text>'
    )


def _grid() -> list[str]:
    out = ['<g id="grid" stroke="#d0d0d0" stroke-width="1">']
    top, bottom = _num(y_of(MAX_CASH)), _num(y_of(0))
    for month in range(MONTHS + 1):
        x = _num(x_of(month))
        out.append(f'<line x1="{x}" y1="{top}" x2="{x}" y2="{bottom}"/>')
    for cash in range(0, MAX_CASH + 1, CASH_STEP):
        y = y_of(cash)
        out.append(
            f'<line x1="{_num(x_of(0))}" y1="{_num(y)}" x2="{_num(x_of(MONTHS))}" y2="{_num(y)}"/>'
        )
    out.append("</g>")
    out.append('<g id="axes">')
    for month in range(MONTHS + 1):
        out.append(_text(x_of(month), y_of(0) + 18, str(month), anchor="middle"))
    for cash in range(0, MAX_CASH + 1, CASH_STEP):
        out.append(_text(x_of(0) - 8, y_of(cash) + 4, coins(cash), anchor="end"))
    out.append(_text(x_of(MONTHS / 2), y_of(0) + 34, "month", anchor="middle", fill="#555555"))
    out.append("</g>")
    return out


def _space(key: Key, symbols: Symbols, months: Optional[list[int]]) -> list[str]:
    kind, where, cash = key
    x = x_of(where) if kind == "stop" else x_of(where + 0.5)
    y = y_of(cash)
    label = glyph(symbols)
    width = max(18, 7 * len(label) + 6)
    classes = f"space {kind}" + (" gained" if months else "")
    what = f"month {where}" if kind == "stop" else f"between months {where} and {where + 1}"
    title = f"{what}, {coins(cash)}: {symbols_text(symbols)}"
    if months:
        title += "; gained in month" + ("s " if len(months) > 1 else " ")
        title += ", ".join(str(m) for m in months)
    stroke = f' stroke="{LINE_COLOUR}" stroke-width="2.5"' if months else ' stroke="#ffffff"'
    return [
        f'<g class="{classes}" id="{kind}-{where}-{cash}">',
        f"<title>{xml_escape(title)}</title>",
        f'<rect x="{_num(x - width / 2)}" y="{_num(y - 8)}" width="{_num(width)}" height="16"'
        f' rx="4" fill="{_colour(symbols)}" fill-opacity="0.85"{stroke}/>',
        _text(x, y + 4, label, size=10, anchor="middle", fill="#ffffff", weight="bold"),
        "</g>",
    ]


def _spaces(board: BoardSide, gained: dict[Key, list[int]]) -> list[str]:
    out = ['<g id="spaces">']
    for (month, cash), symbols in sorted(board.stops.items()):
        if not symbols.is_empty():
            key: Key = ("stop", month, cash)
            out.extend(_space(key, symbols, gained.get(key)))
    for space in sorted(board.between, key=lambda s: (s.after, s.cash)):
        if not space.symbols.is_empty():
            key = ("between", space.after, space.cash)
            out.extend(_space(key, space.symbols, gained.get(key)))
    out.append("</g>")
    return out


def _line(player: Player) -> list[str]:
    points = " ".join(
        f"{_num(x_of(month))},{_num(y_of(cash))}" for month, cash in enumerate(player.line)
    )
    out = ['<g id="cash-flow">']
    if len(player.line) > 1:
        out.append(
            f'<polyline points="{points}" fill="none" stroke="{LINE_COLOUR}" stroke-width="3"'
            ' stroke-linejoin="round"/>'
        )
    out.append(
        f'<circle class="mark start" cx="{_num(x_of(0))}" cy="{_num(y_of(player.start_cash))}"'
        f' r="4" fill="{LINE_COLOUR}"><title>month 0: {coins(player.start_cash)}</title></circle>'
    )
    for mark in player.marks:
        cx, cy = _num(x_of(mark.month)), _num(y_of(mark.cash))
        cards = ", ".join(mark.cards)
        said = (
            f"month {mark.month}: {mark.action}{' ' + cards if cards else ''}, {coins(mark.cash)}"
        )
        if mark.lost:
            said += f" ({coins(mark.lost)} lost)"
        out.append(
            f'<circle class="mark" cx="{cx}" cy="{cy}" r="4" fill="{LINE_COLOUR}">'
            f"<title>{xml_escape(said)}</title></circle>"
        )
        if mark.ring:
            out.append(
                f'<circle class="ring" cx="{cx}" cy="{cy}" r="{_num(ROW * 0.9)}" fill="none"'
                f' stroke="{LINE_COLOUR}" stroke-width="2" stroke-dasharray="5 3">'
                f"<title>celebration ring, month {mark.month}</title></circle>"
            )
    out.append("</g>")
    return out


def _boxes(player: Player, y: float) -> list[str]:
    out = ['<g id="boxes">']
    for i, (label, crossed) in enumerate(
        (("buy two cities", player.bought_two), ("sell two cities", player.sold_two))
    ):
        x = x_of(MONTHS) - 250 + i * 130
        out.append(
            f'<rect x="{_num(x)}" y="{_num(y)}" width="14" height="14" fill="#ffffff"'
            ' stroke="#333333"/>'
        )
        if crossed:
            out.append(
                f'<path d="M{_num(x + 2)} {_num(y + 2)}L{_num(x + 12)} {_num(y + 12)}'
                f'M{_num(x + 12)} {_num(y + 2)}L{_num(x + 2)} {_num(y + 12)}"'
                ' stroke="#c0392b" stroke-width="2"/>'
            )
        out.append(_text(x + 20, y + 11, label + (" (crossed)" if crossed else "")))
    out.append("</g>")
    return out


def _sale_area(state: State, y: float) -> list[str]:
    month = month_of(state)
    out = [
        '<g id="sale-area">',
        _text(
            LEFT,
            y,
            f"Sale area, month {month} ({len(state.area)} cards, {len(state.deck)} in the deck)",
            size=13,
            weight="bold",
        ),
    ]
    for i, name in enumerate(state.area):
        city = state.components.city(name)
        x = LEFT + (i % CARDS_PER_ROW) * (CARD_W + CARD_GAP)
        top = y + 12 + (i // CARDS_PER_ROW) * (CARD_H + CARD_GAP)
        price = city.price(month)
        notes = []
        if month in city.bonus_months:
            notes.append("bonus")
        if city.red_month == month:
            notes.append("red")
        extra = f" ({', '.join(notes)})" if notes else ""
        out.extend(
            [
                f'<g class="card {xml_escape(city.colour)}">',
                f"<title>{xml_escape(f'{name}: base {city.base}, sale {price}{extra}')}</title>",
                f'<rect x="{_num(x)}" y="{_num(top)}" width="{CARD_W}" height="{CARD_H}" rx="6"'
                ' fill="#ffffff" stroke="#555555"/>',
                f'<rect x="{_num(x)}" y="{_num(top)}" width="{CARD_W}" height="8" rx="3"'
                f' fill="{CARD_COLOURS.get(city.colour, "#777777")}"/>',
                _text(x + 8, top + 26, name, size=12, weight="bold"),
                _text(x + 8, top + 44, f"base {coins(city.base)}"),
                _text(x + 8, top + 60, f"sale {coins(price)}{extra}"),
            ]
        )
        if not city.symbols.is_empty():
            out.append(_text(x + CARD_W - 8, top + 44, glyph(city.symbols), anchor="end"))
        out.append("</g>")
    out.append("</g>")
    return out


def board_svg(state: State, seat: int, title: Optional[str] = None) -> str:
    """The player board of ``seat`` with its cash-flow line, and the sale area below, as SVG."""
    player = state.players[seat]
    board = state.components.boards[player.board]
    gained = spaces_gained(state, seat)
    rows = max(1, -(-len(state.area) // CARDS_PER_ROW))
    boxes_y = y_of(0) + 48
    area_y = boxes_y + 44
    width = x_of(MONTHS) + 40
    height = area_y + 12 + rows * (CARD_H + CARD_GAP) + 16
    heading = (
        f"{player.name}: {player.role}, board side {player.board}, cash {coins(player.cash)},"
        f" media {player.media}"
    )
    if title:
        heading = f"{title}: {heading}"
    desc = (
        f"World Exchangers, month {month_of(state)}{' (over)' if state.is_over else ''}."
        f" The cash-flow line of {player.name} across months 0 to {len(player.marks)};"
        f" gained so far: {symbols_text(player.gained, 'nothing')}."
    )
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{_num(width)}"'
        f' height="{_num(height)}" viewBox="0 0 {_num(width)} {_num(height)}"'
        f' font-family="{FONT}">',
        f"<title>{xml_escape(heading)}</title>",
        f"<desc>{xml_escape(desc)}</desc>",
        f'<rect x="0" y="0" width="{_num(width)}" height="{_num(height)}" fill="#fbfaf5"/>',
        _text(LEFT, 28, heading, size=15, weight="bold"),
        _text(
            LEFT,
            46,
            f"Gained: {symbols_text(player.gained, 'nothing')}",
            size=11,
            fill="#555555",
        ),
        *_grid(),
        *_spaces(board, gained),
        *_line(player),
        *_boxes(player, boxes_y),
        *_sale_area(state, area_y),
        "</svg>",
    ]
    return "\n".join(out) + "\n"
