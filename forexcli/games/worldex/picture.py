"""A picture of a World Exchangers player board as standalone SVG 1.1 (plain text, no dependency).

``board_svg(state, seat)`` draws the board's grid (months 0 to 12 across,
cash 0 to 1,000 up), the symbols of its spaces (on a month and a cash level,
or between two months), the player's cash-flow line across the months played
with a celebration ring where one was drawn, the spaces the line gained
marked, the buy-two and sell-two boxes, a key naming the symbols, and below
it the sale area with each card's base value and this month's sale price;
once the game is over, the player's score part by part and the winner.
Symbols are drawn, each with its own shape as well as its colour: green
investment a circle, orange a square, blue a diamond, media a triangle (up
+, down -), a settlement point a star.  ``spaces_gained`` says which spaces
the line gained (the same reading as the rules core's ``line_gains``).
Texts are laid out from an estimate of their width, so that none overlaps.

The output is deterministic.  Every name taken from a log or a components
file is escaped: control characters become visible escapes, ``& < > " '``
XML entities.
"""

from __future__ import annotations

from typing import Optional

from .rules import CASH_STEP, MAX_CASH, MONTHS, BoardSide, Player, State, Symbols
from .rules.components import SYMBOL_KEYS
from .views import coins, month_of, symbols_text

FONT = "DejaVu Sans, Verdana, Arial, sans-serif"
COLUMN = 56
"""Pixels between two months."""
ROW = 40
"""Pixels between two cash levels (100 coins)."""
LEFT, TOP = 64, 80
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
SYMBOL_NAMES = {
    "green": "green investment",
    "orange": "orange investment",
    "blue": "blue investment",
    "media": "media influence + / -",
    "star": "settlement point",
}
"""The key's words for each symbol."""
SHAPE = 12
"""The size of a drawn symbol (pixels)."""
CHAR_WIDTH = 0.6
"""A character's width as a share of the font size (DejaVu Sans, a little generous)."""

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


def text_width(text: str, size: float) -> float:
    """An estimate of the width of ``text`` at font ``size`` (no font metrics in SVG 1.1)."""
    return len(text) * size * CHAR_WIDTH


def _shape(key: str, x: float, y: float, count: int) -> str:
    """One symbol drawn centred on ``x, y``: its shape, its colour, its count when not 1."""
    h = SHAPE / 2
    fill = SYMBOL_COLOURS[key]
    edge = ' stroke="#ffffff" stroke-width="0.8"'
    if key == "green":
        body = f'<circle cx="{_num(x)}" cy="{_num(y)}" r="{_num(h)}" fill="{fill}"{edge}/>'
    elif key == "orange":
        body = (
            f'<rect x="{_num(x - h + 0.5)}" y="{_num(y - h + 0.5)}" width="{_num(SHAPE - 1)}"'
            f' height="{_num(SHAPE - 1)}" fill="{fill}"{edge}/>'
        )
    elif key == "blue":
        body = (
            f'<path d="M{_num(x)} {_num(y - h - 1)}L{_num(x + h + 1)} {_num(y)}'
            f'L{_num(x)} {_num(y + h + 1)}L{_num(x - h - 1)} {_num(y)}Z" fill="{fill}"{edge}/>'
        )
    elif key == "media":
        tip, base = (y - h, y + h - 1) if count > 0 else (y + h, y - h + 1)
        body = (
            f'<path d="M{_num(x)} {_num(tip)}L{_num(x + h)} {_num(base)}'
            f'L{_num(x - h)} {_num(base)}Z" fill="{fill}"{edge}/>'
        )
    else:
        body = _text(x, y + 5, "\u2605", size=15, anchor="middle", fill=fill)
    shown = abs(count) if key == "media" else count
    label = ""
    if shown != 1:
        label = _text(
            x, y + 3.5, str(shown), size=9, anchor="middle", fill="#ffffff", weight="bold"
        )
        if key == "star":
            label = _text(x + h + 3, y + 4, str(shown), size=9, fill=fill, weight="bold")
    return body + label


def symbols_drawn(symbols: Symbols, x: float, y: float, anchor: str = "middle") -> list[str]:
    """The symbols of a space or a card drawn side by side, centred on (or starting at) ``x``."""
    keys = [key for key in SYMBOL_KEYS if getattr(symbols, key)]
    step = SHAPE + 3
    width = len(keys) * step - 3
    left = x - width / 2 if anchor == "middle" else (x - width if anchor == "end" else x)
    return [
        _shape(key, left + SHAPE / 2 + i * step, y, getattr(symbols, key))
        for i, key in enumerate(keys)
    ]


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


def space_id(key: Key) -> str:
    """A space's id in the picture: ``stop-3-500``, ``between-2-700``."""
    kind, where, cash = key
    return f"{kind}-{where}-{cash}"


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


def _grid(prefix: str = "") -> list[str]:
    out = [f'<g id="{prefix}grid" stroke="#d0d0d0" stroke-width="1">']
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
    out.append(f'<g id="{prefix}axes">')
    for month in range(MONTHS + 1):
        out.append(_text(x_of(month), y_of(0) + 18, str(month), anchor="middle"))
    for cash in range(0, MAX_CASH + 1, CASH_STEP):
        out.append(_text(x_of(0) - 8, y_of(cash) + 4, coins(cash), anchor="end"))
    out.append(_text(x_of(MONTHS / 2), y_of(0) + 34, "month", anchor="middle", fill="#555555"))
    out.append("</g>")
    return out


def _space(key: Key, symbols: Symbols, months: Optional[list[int]], prefix: str = "") -> list[str]:
    kind, where, cash = key
    x = x_of(where) if kind == "stop" else x_of(where + 0.5)
    y = y_of(cash)
    kinds = sum(1 for key in SYMBOL_KEYS if getattr(symbols, key))
    width = kinds * (SHAPE + 3) + 3
    classes = f"space {kind}" + (" gained" if months else "")
    what = f"month {where}" if kind == "stop" else f"between months {where} and {where + 1}"
    title = f"{what}, {coins(cash)}: {symbols_text(symbols)}"
    if months:
        title += "; gained in month" + ("s " if len(months) > 1 else " ")
        title += ", ".join(str(m) for m in months)
    stroke = f' stroke="{LINE_COLOUR}" stroke-width="2.5"' if months else ' stroke="#c8c8c8"'
    return [
        f'<g class="{classes}" id="{prefix}{space_id(key)}">',
        f"<title>{xml_escape(title)}</title>",
        f'<rect x="{_num(x - width / 2)}" y="{_num(y - 9)}" width="{_num(width)}" height="18"'
        f' rx="4" fill="#ffffff" fill-opacity="0.9"{stroke}/>',
        *symbols_drawn(symbols, x, y),
        "</g>",
    ]


def _spaces(board: BoardSide, gained: dict[Key, list[int]], prefix: str = "") -> list[str]:
    out = [f'<g id="{prefix}spaces">']
    for (month, cash), symbols in sorted(board.stops.items()):
        if not symbols.is_empty():
            key: Key = ("stop", month, cash)
            out.extend(_space(key, symbols, gained.get(key), prefix))
    for space in sorted(board.between, key=lambda s: (s.after, s.cash)):
        if not space.symbols.is_empty():
            key = ("between", space.after, space.cash)
            out.extend(_space(key, space.symbols, gained.get(key), prefix))
    out.append("</g>")
    return out


def _line(player: Player, prefix: str = "") -> list[str]:
    points = " ".join(
        f"{_num(x_of(month))},{_num(y_of(cash))}" for month, cash in enumerate(player.line)
    )
    out = [f'<g id="{prefix}cash-flow">']
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
    """The buy-two and sell-two boxes, side by side from the left, each label its own room."""
    out = ['<g id="boxes">']
    x = float(LEFT)
    for label, crossed in (
        ("buy two cities", player.bought_two),
        ("sell two cities", player.sold_two),
    ):
        label += " (crossed)" if crossed else ""
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
        out.append(_text(x + 20, y + 11, label))
        x += 20 + text_width(label, 11) + 28
    out.append("</g>")
    return out


def _key(y: float, right: float) -> tuple[list[str], float]:
    """The symbols named, one after the other, on as many rows as the width needs; and
    the y below the key."""
    out = ['<g id="key">']
    x, row = float(LEFT), y
    for key, name in SYMBOL_NAMES.items():
        width = SHAPE + 6 + text_width(name, 11)
        if x > LEFT and x + width > right:
            x, row = float(LEFT), row + 20
        out.append(_shape(key, x + SHAPE / 2, row, 1))
        if key == "media":
            out.append(_shape(key, x + SHAPE / 2 + SHAPE + 2, row, -1))
            width += SHAPE + 2
            out.append(_text(x + 2 * SHAPE + 8, row + 4, name))
        else:
            out.append(_text(x + SHAPE + 6, row + 4, name))
        x += width + 22
    out.append(
        f'<circle cx="{_num(x + 7)}" cy="{_num(row)}" r="7" fill="none" stroke="{LINE_COLOUR}"'
        ' stroke-width="1.5" stroke-dasharray="3 2"/>'
    )
    ring = "celebration ring"
    if x + 20 + text_width(ring, 11) > right:
        out.pop()
        x, row = float(LEFT), row + 20
        out.append(
            f'<circle cx="{_num(x + 7)}" cy="{_num(row)}" r="7" fill="none"'
            f' stroke="{LINE_COLOUR}" stroke-width="1.5" stroke-dasharray="3 2"/>'
        )
    out.append(_text(x + 20, row + 4, ring))
    out.append("</g>")
    return out, row + 14


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
            out.extend(symbols_drawn(city.symbols, x + CARD_W - 8, top + 40, anchor="end"))
        out.append("</g>")
    out.append("</g>")
    return out


def _scores(state: State, seat: int, y: float) -> tuple[list[str], float]:
    """Once the game is over: the player's score part by part, every total, the winner."""
    from .views import scores_table, winners_text

    table = scores_table(state)
    result = state.result
    assert result is not None
    out = [
        '<g id="scores">',
        _text(LEFT, y, f"Final score of {state.players[seat].name}", size=13, weight="bold"),
    ]
    top = y + 20
    for i, row in enumerate(table.rows):
        line = top + i * 17
        bold = "bold" if row[0] in ("Total", "Rank") else None
        out.append(_text(LEFT, line, str(row[0]), weight=bold))
        out.append(_text(LEFT + 230, line, str(row[1 + seat]), anchor="end", weight=bold))
    bottom = top + len(table.rows) * 17
    order = sorted(range(len(state.players)), key=lambda s: (result.ranks[s], s))
    totals = ", ".join(f"{state.players[s].name} {coins(result.scores[s].total)}" for s in order)
    x = LEFT + 270
    out.append(_text(x, top, f"Result: {winners_text(state)}.", size=13, weight="bold"))
    out.append(_text(x, top + 20, f"Totals: {totals}"))
    out.append(_text(x, top + 38, "Ties go to more city cards, then more cash.", fill="#555555"))
    out.append("</g>")
    return out, bottom


def board_svg(state: State, seat: int, title: Optional[str] = None) -> str:
    """The player board of ``seat`` with its cash-flow line, and the sale area below, as SVG;
    once the game is over, the player's final score and the winner."""
    player = state.players[seat]
    board = state.components.boards[player.board]
    gained = spaces_gained(state, seat)
    rows = max(1, -(-len(state.area) // CARDS_PER_ROW))
    width = x_of(MONTHS) + 40
    boxes_y = y_of(0) + 48
    key, below_key = _key(boxes_y + 34, width - 16)
    area_y = below_key + 30
    bottom = area_y + 12 + rows * (CARD_H + CARD_GAP)
    scores: list[str] = []
    if state.is_over and state.result is not None:
        scores, bottom = _scores(state, seat, bottom + 20)
    height = bottom + 16
    heading = (
        f"{player.name}: {player.role}, board side {player.board}, cash {coins(player.cash)},"
        f" media {player.media}"
    )
    full = f"{title}: {heading}" if title else heading
    desc = (
        f"World Exchangers, month {month_of(state)}{' (over)' if state.is_over else ''}."
        f" The cash-flow line of {player.name} across months 0 to {len(player.marks)};"
        f" gained so far: {symbols_text(player.gained, 'nothing')}."
    )
    lines = []
    if title:
        lines.append(_text(LEFT, 22, _fitted(title, width - LEFT - 8, 12), size=12, fill="#555555"))
    lines.append(_text(LEFT, 42, _fitted(heading, width - LEFT - 8, 15), size=15, weight="bold"))
    gains = f"Gained on the board: {symbols_text(player.gained, 'nothing')}"
    lines.append(_text(LEFT, 60, _fitted(gains, width - LEFT - 8, 11), size=11, fill="#555555"))
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{_num(width)}"'
        f' height="{_num(height)}" viewBox="0 0 {_num(width)} {_num(height)}"'
        f' font-family="{FONT}">',
        f"<title>{xml_escape(full)}</title>",
        f"<desc>{xml_escape(desc)}</desc>",
        f'<rect x="0" y="0" width="{_num(width)}" height="{_num(height)}" fill="#fbfaf5"/>',
        *lines,
        *_grid(),
        *_spaces(board, gained),
        *_line(player),
        *_boxes(player, boxes_y),
        *key,
        *_sale_area(state, area_y),
        *scores,
        "</svg>",
    ]
    return "\n".join(out) + "\n"


def _fitted(text: str, room: float, size: float) -> str:
    """``text`` cut short with an ellipsis when it is wider than ``room``."""
    if text_width(text, size) <= room:
        return text
    keep = max(1, int(room / (size * CHAR_WIDTH)) - 1)
    return text[:keep].rstrip() + "\u2026"


def line_board_svg(state: State, seat: int, prefix: str) -> str:
    """The board of ``seat`` alone for the replay page: the grid, the spaces (those the
    line gained marked) and the cash-flow line, every id starting with ``prefix``; no
    title, boxes, key, sale area nor scores (the page shows them as text)."""
    player = state.players[seat]
    board = state.components.boards[player.board]
    width = x_of(MONTHS) + 40
    height = y_of(0) + 44
    top = TOP - 24
    label = f"The board of {player.name} (side {player.board}) with the cash-flow line"
    return "\n".join(
        [
            f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" class="board-picture"'
            f' id="{prefix}board" width="{_num(width)}" height="{_num(height - top)}"'
            f' viewBox="0 {_num(top)} {_num(width)} {_num(height - top)}" font-family="{FONT}"'
            f' role="img" aria-label="{xml_escape(label)}">',
            f'<rect x="0" y="{_num(top)}" width="{_num(width)}" height="{_num(height - top)}"'
            ' fill="#fbfaf5"/>',
            *_grid(prefix),
            *_spaces(board, spaces_gained(state, seat), prefix),
            *_line(player, prefix),
            "</svg>",
        ]
    )


KEY_WIDTH = 360
"""The width of the replay page's key (pixels): a phone's, so that it is read at its size."""


def key_svg(width: float = KEY_WIDTH) -> str:
    """The key naming the symbols and the ring, alone (for the replay page), ``width``
    pixels wide: as many rows as that needs."""
    right = LEFT - 8 + width
    key, bottom = _key(14, right)
    return "\n".join(
        [
            f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" class="symbol-key"'
            f' width="{_num(width)}" height="{_num(bottom)}" viewBox="{_num(LEFT - 8)} 0'
            f' {_num(width)} {_num(bottom)}" font-family="{FONT}" role="img"'
            ' aria-label="The key to the symbols">',
            *key,
            "</svg>",
        ]
    )
