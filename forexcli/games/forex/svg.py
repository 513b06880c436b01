"""Pictures as standalone SVG 1.1: the currency board, and each currency's strength over a game.

``board_svg(state)`` draws the board as a 7x7 grid: one row per currency;
the cell in row X, column Y shows the rate of the pair X/Y when X is its
stronger side (1 X buys that many Y), with a small ten-space track showing
where the pair stands; the mirror cell (row Y, column X) stays blank.  Each
pair is a group ``<g id="pair-GBP-EUR" class="pair stronger-GBP">`` with a
``<title>`` that says it in words (a tooltip in a browser).

``strength_chart_svg(replay)`` draws one line per currency over the whole
game: its ``strength`` (below) at the start and after every entry, with the
dividends marked.

The strength of a currency is its signed distance from 1:1 summed over its
six pairs: a pair on space ``k`` (0 for the 1 space .. 9 for the 8 space)
counts ``k + 1/2`` when the currency is its stronger side and ``-(k + 1/2)``
when it is the weaker.  One strengthen step of a currency raises it by 1 per
pair that is not at the cap, so every step of the board shows; the seven
strengths always add up to 0, and range from -57 to +57.  The half makes a
pair at 1:1 count for its stronger side (the rules always name one), and
the sum of six such terms is always a whole number.

All text taken from a log is escaped: control characters are written as
escapes (``catchup.clean``) and ``& < > " '`` as XML entities.
"""

from __future__ import annotations

from ...record.gamelog import Replay
from .catchup import clean, result_lines
from .rules import CURRENCIES, PAIRS, TRACK_HALVES, Board, GameState, format_rate

SVG_NS = "http://www.w3.org/2000/svg"

COLOURS: dict[str, str] = {
    "GBP": "#1f77b4",
    "EUR": "#ff7f0e",
    "USD": "#2ca02c",
    "CHF": "#d62728",
    "JPY": "#9467bd",
    "CAD": "#8c564b",
    "CNY": "#e377c2",
}
"""One colour per currency, used by both pictures."""

FONT = "DejaVu Sans, Verdana, Arial, sans-serif"

_ENTITIES = {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;"}


def xml_escape(text: str) -> str:
    """``text`` safe in XML character data and attribute values.

    Control characters (and the non-characters U+FFFE, U+FFFF, which XML
    forbids) become visible escapes; markup characters become entities.
    """
    return "".join(_ENTITIES.get(ch, ch) for ch in shown(text))


def shown(text: str) -> str:
    """``text`` as a picture draws it: control characters (and U+FFFE, U+FFFF) as escapes."""
    return clean(text).replace("\ufffe", "\\ufffe").replace("\uffff", "\\uffff")


def _num(value: float) -> str:
    """A coordinate: ``12``, ``12.5`` (at most two decimals)."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _open(width: float, height: float, title: str, desc: str) -> list[str]:
    return [
        '<?xml version="1.0" encoding="UTF-8" standalone="no"?>',
        f'<svg xmlns="{SVG_NS}" version="1.1" width="{_num(width)}" height="{_num(height)}"'
        f' viewBox="0 0 {_num(width)} {_num(height)}" font-family="{FONT}">',
        f"<title>{xml_escape(title)}</title>",
        f"<desc>{xml_escape(desc)}</desc>",
        f'<rect x="0" y="0" width="{_num(width)}" height="{_num(height)}" fill="#ffffff"/>',
    ]


def _text(
    x: float,
    y: float,
    content: str,
    *,
    size: float = 12,
    anchor: str = "middle",
    fill: str = "#222222",
    weight: str | None = None,
    css_class: str | None = None,
) -> str:
    extra = f' font-weight="{weight}"' if weight else ""
    extra += f' class="{css_class}"' if css_class else ""
    return (
        f'<text x="{_num(x)}" y="{_num(y)}" font-size="{_num(size)}" text-anchor="{anchor}"'
        f' fill="{fill}"{extra}>{xml_escape(content)}</text>'
    )


# DejaVu Sans's advance widths (the font resvg draws the pictures with) for the printable
# ASCII characters, space to tilde, in hundredths of an em, rounded up.
_ADVANCES = {
    False: (
        32, 41, 46, 84, 64, 96, 78, 28, 40, 40, 50, 84, 32, 37, 32, 34, 64, 64, 64, 64, 64, 64,
        64, 64, 64, 64, 34, 34, 84, 84, 84, 54, 100, 69, 69, 70, 78, 64, 58, 78, 76, 30, 30,
        66, 56, 87, 75, 79, 61, 79, 70, 64, 62, 74, 69, 99, 69, 62, 69, 40, 34, 40, 84, 50, 50,
        62, 64, 55, 64, 62, 36, 64, 64, 28, 28, 58, 28, 98, 64, 62, 64, 64, 42, 53, 40, 64, 60,
        82, 60, 60, 53, 64, 34, 64, 84,
    ),
    True: (
        35, 46, 53, 84, 70, 101, 88, 31, 46, 46, 53, 84, 38, 42, 38, 37, 70, 70, 70, 70, 70, 70,
        70, 70, 70, 70, 40, 40, 84, 84, 84, 59, 100, 78, 77, 74, 84, 69, 69, 83, 84, 38, 38,
        78, 64, 100, 84, 86, 74, 86, 78, 73, 69, 82, 78, 111, 78, 73, 73, 46, 37, 46, 84, 50,
        50, 68, 72, 60, 72, 68, 44, 72, 72, 35, 35, 67, 35, 105, 72, 69, 72, 72, 50, 60, 48,
        72, 66, 93, 65, 66, 59, 72, 37, 72, 84,
    ),
}  # fmt: skip


def text_extent(text: str, size: float, bold: bool = False) -> float:
    """How wide ``text`` is drawn at font size ``size``, at most: DejaVu Sans's widths for
    ASCII (an accented letter as its base letter), a whole em for any other character."""
    import unicodedata

    advances = _ADVANCES[bold]
    total = 0
    for ch in text:
        base = unicodedata.normalize("NFKD", ch)[:1] if not ch.isascii() else ch
        code = ord(base) if base else 0
        total += advances[code - 32] if 32 <= code < 127 else 100
    return total * size / 100


def fitted_lines(text: str, size: float, room: float, bold: bool = False) -> list[str]:
    """``text`` in as few lines as fit ``room`` at font size ``size`` (broken at spaces; a
    word wider than ``room`` alone on its line, broken only if it must be)."""
    import textwrap

    for columns in range(len(text), 0, -1):
        lines = textwrap.wrap(text, columns, break_on_hyphens=False) or [""]
        if all(text_extent(line, size, bold) <= room for line in lines):
            return lines
    return list(text)


def fitted_heading(
    text: str, room: float, size: float = 18, smallest: float = 14
) -> tuple[list[str], float]:
    """A heading's lines and font size: one line at ``size`` where it fits ``room``, else
    one line made smaller down to ``smallest``, else lines at ``smallest``."""
    extent = text_extent(text, size, bold=True)
    if extent <= room:
        return [text], size
    fitted = int(size * room / extent * 2) / 2  # in half pixels, rounded down
    if fitted >= smallest:
        return [text], fitted
    return fitted_lines(text, smallest, room, bold=True), smallest


# --------------------------------------------------------------------------- board

CELL_W = 72
CELL_H = 50
LABEL_W = 64
HEADER_H = 34
TOP = 44
LEGEND_H = 52
MARGIN = 8
"""The least space between a line of text and the picture's side."""
HEADING_LINE = 20
"""The height of a further line of the board's heading."""


def _shade(space: int) -> str:
    """Cell colour of a stronger-side pair: pale at 1, deep at 8."""
    light = (235, 244, 255)
    deep = (120, 170, 230)
    t = space / (len(TRACK_HALVES) - 1)
    rgb = tuple(round(a + (b - a) * t) for a, b in zip(light, deep, strict=True))
    return "#" + "".join(f"{c:02x}" for c in rgb)


def pair_sentence(board: Board, a: int, b: int) -> str:
    """``GBP is stronger than EUR: 1 GBP = 1.5 EUR (space 2 of 10)``."""
    pos = board.position(a, b)
    strong = pos.stronger
    weak = b if strong == a else a
    return (
        f"{CURRENCIES[strong]} is stronger than {CURRENCIES[weak]}: 1 {CURRENCIES[strong]} ="
        f" {format_rate(pos.space)} {CURRENCIES[weak]} (space {pos.space + 1} of"
        f" {len(TRACK_HALVES)})"
    )


def no_dividend(board: Board) -> list[int]:
    """The currencies that pay no dividend (the weaker side of a pair on the 8 space), sorted."""
    return sorted(board.non_paying())


def ending_lines(state: GameState, width: int = 84) -> list[str]:
    """How a finished game ended and who won, in lines of at most ``width`` characters
    (empty while it goes on): the ending and the winner, the scoring currency, the ranks."""
    import textwrap

    result = state.result
    if result is None:
        return []
    if result.bankrupt is not None:
        how = f"Game over: {state.players[result.bankrupt]} went bankrupt."
    else:
        how = "Game over after the fifth dividend."
    lines = result_lines(state)
    winners = " and ".join(state.players[s] for s in result.winners())
    verb = "wins" if len(result.winners()) == 1 else "win"
    strongest = lines[0].removeprefix("final: ")
    return [
        f"{how} {winners} {verb}.",
        *textwrap.wrap(strongest[0].upper() + strongest[1:] + ".", width),
        *textwrap.wrap("; ".join(lines[1:]) + ".", width),
    ]


def fitted_ending(state: GameState, room: float) -> list[str]:
    """``ending_lines`` in lines as long as fit ``room`` (the first bold at 13 px, the others
    at 12 px)."""
    for columns in range(84, 8, -2):
        lines = ending_lines(state, columns)
        if all(
            text_extent(shown(line), 13 if index == 0 else 12, bold=index == 0) <= room
            for index, line in enumerate(lines)
        ):
            return lines
    return ending_lines(state, 8)


def board_svg(state: GameState, title: str | None = None) -> str:
    """The board as it stands, as a standalone SVG document.

    ``title`` (from the log, escaped here) is added to the heading, e.g.
    ``Friday club, after move 14``.  A rate on the 8 space is marked ``*``
    and the currency it keeps from paying dividends is named under the
    legend; a finished game's picture says how it ended and who won.
    """
    board = state.board
    n = len(CURRENCIES)
    width = LABEL_W + (n + 1) * CELL_W + 16
    unpaid = no_dividend(board)
    room = width - LABEL_W - MARGIN
    ending = fitted_ending(state, room)
    extra = (18 if unpaid else 0) + (18 * len(ending) + 6 if ending else 0)
    heading = "For-Ex board" + (f": {title}" if title else "")
    heading_lines, heading_size = fitted_heading(shown(heading), width - 2 * MARGIN)
    top = TOP + HEADING_LINE * (len(heading_lines) - 1)  # the grid under the heading's lines
    height = top + HEADER_H + n * CELL_H + LEGEND_H + extra
    won = board.pairs_won()
    out = _open(
        width,
        height,
        heading,
        "One row per currency. Where the row's currency is the stronger side of a pair, its"
        " cell shows the rate (1 of the row's currency buys that many of the column's) and a"
        " ten-space track; the last column counts the pairs the currency is stronger in.",
    )
    for index, line in enumerate(heading_lines):
        out.append(
            _text(
                width / 2,
                28 + HEADING_LINE * index,
                line,
                size=heading_size,
                weight="bold",
                css_class="heading",
            )
        )
    x0, y0 = LABEL_W, top + HEADER_H
    out.append('<g id="columns" class="columns">')
    for col, code in enumerate(CURRENCIES):
        cx = x0 + col * CELL_W + CELL_W / 2
        out.append(_text(cx, top + 22, code, size=14, weight="bold", fill=COLOURS[code]))
    out.append(_text(x0 + n * CELL_W + CELL_W / 2, top + 22, "pairs", size=13))
    out.append("</g>")
    for row, code in enumerate(CURRENCIES):
        y = y0 + row * CELL_H
        out.append(f'<g id="row-{code}" class="row">')
        out.append(
            _text(
                LABEL_W - 10,
                y + CELL_H / 2 + 5,
                code,
                size=14,
                anchor="end",
                weight="bold",
                fill=COLOURS[code],
            )
        )
        for col in range(n):
            x = x0 + col * CELL_W
            if col == row:
                out.append(
                    f'<rect x="{_num(x)}" y="{_num(y)}" width="{CELL_W}" height="{CELL_H}"'
                    ' fill="#d9d9d9" stroke="#ffffff" class="diagonal"/>'
                )
            elif not board.is_stronger(row, col):
                out.append(
                    f'<rect x="{_num(x)}" y="{_num(y)}" width="{CELL_W}" height="{CELL_H}"'
                    ' fill="#f7f7f7" stroke="#ffffff" class="weaker"/>'
                )
        out.append(
            _text(
                x0 + n * CELL_W + CELL_W / 2,
                y + CELL_H / 2 + 5,
                str(won[row]),
                size=14,
                css_class="won",
            )
        )
        out.append("</g>")
    out.append('<g id="pairs">')
    for (a, b), pos in zip(PAIRS, board.pairs, strict=True):
        strong = pos.stronger
        weak = b if strong == a else a
        x = x0 + weak * CELL_W
        y = y0 + strong * CELL_H
        out.append(
            f'<g id="pair-{CURRENCIES[a]}-{CURRENCIES[b]}" class="pair'
            f' stronger-{CURRENCIES[strong]}">'
        )
        out.append(f"<title>{xml_escape(pair_sentence(board, a, b))}</title>")
        out.append(
            f'<rect x="{_num(x)}" y="{_num(y)}" width="{CELL_W}" height="{CELL_H}"'
            f' fill="{_shade(pos.space)}" stroke="#ffffff" class="cell"/>'
        )
        out.append(
            _text(
                x + CELL_W / 2,
                y + 24,
                format_rate(pos.space),
                size=17,
                weight="bold",
                css_class="rate",
            )
        )
        if weak in unpaid and pos.space == len(TRACK_HALVES) - 1:
            out.append(
                _text(
                    x + CELL_W / 2 + 12,
                    y + 18,
                    "*",
                    size=16,
                    weight="bold",
                    fill="#b00020",
                    css_class="no-dividend-mark",
                )
            )
        step = (CELL_W - 12) / len(TRACK_HALVES)
        for space in range(len(TRACK_HALVES)):
            filled = "#1f4e79" if space == pos.space else "#ffffff"
            out.append(
                f'<rect x="{_num(x + 6 + space * step)}" y="{_num(y + CELL_H - 14)}"'
                f' width="{_num(step - 1)}" height="6" fill="{filled}" stroke="#1f4e79"'
                ' stroke-width="0.5" class="space"/>'
            )
        out.append("</g>")
    out.append("</g>")
    legend = (
        "Row: the stronger currency. Cell: 1 of it buys that many of the column's currency.",
        "The bar marks the pair's space on the track: 1, 1.5, 2, 2.5, 3, 3.5, 4, 5, 6, 8.",
    )
    for index, line in enumerate(legend):
        y = y0 + n * CELL_H + 20 + 15 * index
        out.append(_text(LABEL_W, y, line, size=11, anchor="start", css_class="legend"))
    y = y0 + n * CELL_H + LEGEND_H
    if unpaid:
        codes = " and ".join(CURRENCIES[c] for c in unpaid)
        verb = "pays" if len(unpaid) == 1 else "pay"
        out.append(
            _text(
                LABEL_W,
                y + 4,
                f"* at the 8 space: {codes} {verb} no dividend",
                size=12,
                anchor="start",
                fill="#b00020",
                weight="bold",
                css_class="no-dividend",
            )
        )
        y += 18
    for index, line in enumerate(ending):
        out.append(
            _text(
                LABEL_W,
                y + 8 + 18 * index,
                line,
                size=13 if index == 0 else 12,
                anchor="start",
                weight="bold" if index == 0 else None,
                css_class="ending",
            )
        )
    out.append("</svg>")
    return "\n".join(out) + "\n"


# --------------------------------------------------------------------------- strength


def strength(board: Board, currency: int) -> int:
    """The summed position measure of ``currency`` on ``board`` (see the module doc)."""
    doubled = 0
    for _, pos in board.pairs_of(currency):
        term = 2 * pos.space + 1
        doubled += term if pos.stronger == currency else -term
    return doubled // 2


def strength_series(replay: Replay) -> dict[str, list[int]]:
    """Each currency's strength at the start and after every legal entry."""
    boards = [replay.initial.board, *(state.board for state in replay.states)]
    return {code: [strength(b, c) for b in boards] for c, code in enumerate(CURRENCIES)}


def dividend_moves(replay: Replay) -> list[tuple[int, int]]:
    """(entry number, dividend number 1..5) for each entry that resolved a dividend."""
    marks = []
    count = 0
    for number, events in enumerate(replay.events, start=1):
        for event in events:
            if event.kind == "dividend":
                count += 1
                marks.append((number, count))
    return marks


CHART_W = 760
CHART_H = 420
MARGIN_L = 56
MARGIN_R = 64
MARGIN_T = 48
MARGIN_B = 56


def _ticks(low: int, high: int, count: int = 6) -> list[int]:
    span = max(high - low, 1)
    raw = span / count
    step = 1
    for candidate in (1, 2, 5, 10, 20, 25, 50, 100, 200, 500, 1000):
        step = candidate
        if candidate >= raw:
            break
    first = -(-low // step) * step
    return list(range(first, high + 1, step))


def chart_x(move: int, moves: int) -> float:
    """The x coordinate of ``move`` (0 = the start) on a strength chart of ``moves`` moves."""
    plot_w = CHART_W - MARGIN_L - MARGIN_R
    return MARGIN_L + (plot_w * move / moves if moves else plot_w / 2)


CHART_PLOT_TOP = MARGIN_T
CHART_PLOT_BOTTOM = CHART_H - MARGIN_B
"""The y coordinates of the top and the bottom of a strength chart's plot area."""


def strength_chart_svg(replay: Replay, title: str | None = None) -> str:
    """Each currency's strength over the game, one line per currency, as standalone SVG.

    ``title`` defaults to the log's title (escaped here).
    """
    series = strength_series(replay)
    moves = len(replay.states)
    values = [v for line in series.values() for v in line]
    low = min(-6, min(values))
    high = max(6, max(values))
    plot_w = CHART_W - MARGIN_L - MARGIN_R
    plot_h = CHART_H - MARGIN_T - MARGIN_B

    def px(move: int) -> float:
        return chart_x(move, moves)

    def py(value: float) -> float:
        return MARGIN_T + plot_h * (high - value) / (high - low)

    name = title if title is not None else replay.log.title
    heading = "For-Ex: currency strength" + (f", {name}" if name else "")
    out = _open(
        CHART_W,
        CHART_H,
        heading,
        "Strength of each currency at the start and after every move: the sum over its six"
        " pairs of (space + 1/2) where it is the stronger side, minus the same where it is"
        " the weaker (spaces 0 to 9 for the rates 1 to 8). Dashed lines mark the dividends.",
    )
    said, size = fitted_heading(shown(heading), CHART_W - 2 * MARGIN, 16, 12)
    if len(said) > 2:  # two lines above the plot at most: the rest cut short
        rest = " ".join(said[1:])
        while rest and text_extent(rest + "\u2026", size, bold=True) > CHART_W - 2 * MARGIN:
            rest = rest[:-1]
        said = [said[0], rest.rstrip() + "\u2026"]
    for index, words in enumerate(said):
        out.append(
            _text(
                CHART_W / 2,
                26 if len(said) == 1 else 20 + 14 * index,
                words,
                size=size,
                weight="bold",
                css_class="heading",
            )
        )
    out.append('<g id="axes" class="axes">')
    for tick in _ticks(low, high):
        y = py(tick)
        colour = "#999999" if tick == 0 else "#e5e5e5"
        out.append(
            f'<line x1="{_num(MARGIN_L)}" y1="{_num(y)}" x2="{_num(MARGIN_L + plot_w)}"'
            f' y2="{_num(y)}" stroke="{colour}" stroke-width="1"/>'
        )
        out.append(_text(MARGIN_L - 6, y + 4, str(tick), size=11, anchor="end"))
    for tick in _ticks(0, moves, 10) if moves else [0]:
        x = px(tick)
        out.append(
            f'<line x1="{_num(x)}" y1="{_num(MARGIN_T + plot_h)}" x2="{_num(x)}"'
            f' y2="{_num(MARGIN_T + plot_h + 5)}" stroke="#555555" stroke-width="1"/>'
        )
        out.append(_text(x, MARGIN_T + plot_h + 18, str(tick), size=11))
    out.append(
        f'<rect x="{_num(MARGIN_L)}" y="{_num(MARGIN_T)}" width="{_num(plot_w)}"'
        f' height="{_num(plot_h)}" fill="none" stroke="#555555" stroke-width="1"/>'
    )
    out.append(_text(MARGIN_L + plot_w / 2, CHART_H - 14, "move", size=12))
    out.append(
        f'<text x="16" y="{_num(MARGIN_T + plot_h / 2)}" font-size="12" text-anchor="middle"'
        f' transform="rotate(-90 16 {_num(MARGIN_T + plot_h / 2)})" fill="#222222">'
        "strength</text>"
    )
    out.append("</g>")
    out.append('<g id="dividend-marks" class="dividends">')
    for number, which in dividend_moves(replay):
        x = px(number)
        out.append(f'<g id="dividend-{which}" class="dividend">')
        out.append(f"<title>dividend {which} of 5, move {number}</title>")
        out.append(
            f'<line x1="{_num(x)}" y1="{_num(MARGIN_T)}" x2="{_num(x)}"'
            f' y2="{_num(MARGIN_T + plot_h)}" stroke="#777777" stroke-dasharray="4 3"/>'
        )
        out.append(_text(x, MARGIN_T - 6, f"D{which}", size=10, fill="#555555"))
        out.append("</g>")
    out.append("</g>")
    out.append('<g id="lines">')
    final = {code: line[-1] for code, line in series.items()}
    for code, line in series.items():
        points = " ".join(f"{_num(px(m))},{_num(py(v))}" for m, v in enumerate(line))
        listed = ", ".join(str(v) for v in line)
        out.append(f'<g id="strength-{code}" class="currency">')
        out.append(f"<title>{code}: strength at the start and after each move: {listed}</title>")
        out.append(
            f'<polyline points="{points}" fill="none" stroke="{COLOURS[code]}"'
            f' stroke-width="2" stroke-linejoin="round" class="strength"/>'
        )
        if len(line) == 1:  # no move yet: a line of one point draws nothing, a dot does
            out.append(
                f'<circle cx="{_num(px(0))}" cy="{_num(py(line[0]))}" r="5"'
                f' fill="{COLOURS[code]}" class="start"/>'
            )
        out.append("</g>")
    out.append("</g>")
    out.append('<g id="labels" class="labels">')
    placed: list[float] = []
    for code in sorted(final, key=lambda c: -final[c]):
        y = py(final[code]) + 4
        if placed:
            y = max(y, placed[-1] + 12)
        placed.append(y)
        out.append(
            _text(
                MARGIN_L + plot_w + 6,
                y,
                f"{code} {final[code]}",
                size=11,
                anchor="start",
                fill=COLOURS[code],
                css_class="label",
            )
        )
    out.append("</g>")
    out.append("</svg>")
    return "\n".join(out) + "\n"
