"""The cash chart of a World Exchangers game: every player's cash over the months, as SVG 1.1.

``cash_chart_svg(states)`` draws one line per player through the cash they
hold at the start and after every entry of the log (x: the positions, one
step per entry, with the months 1 to 12 marked and labelled; y: cash 0 to
1,000), a legend naming each player with their colour and last cash, and a
dashed line where the mid-year trend card was resolved.  ``chart_x`` and
``PLOT_TOP``/``PLOT_BOTTOM`` place a position, for the replay page's cursor.

The output is deterministic; every name is escaped (``picture.xml_escape``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Optional

from .picture import CHAR_WIDTH, FONT, text_width, xml_escape
from .rules import CASH_STEP, MAX_CASH, MONTHS, State
from .rules.components import MID_YEAR
from .views import coins

CHART_W = 760
CHART_H = 440
MARGIN_L = 64
MARGIN_R = 96
MARGIN_T = 76
MARGIN_B = 56
PLOT_TOP = MARGIN_T
PLOT_BOTTOM = CHART_H - MARGIN_B
"""The y coordinates of the top and the bottom of the plot area."""

PLAYER_COLOURS = ("#c0392b", "#1f77b4", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b")
"""One colour per seat (seats beyond the sixth take them again)."""


def player_colour(seat: int) -> str:
    """The colour of a seat's line."""
    return PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]


def _num(value: float) -> str:
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _text(
    x: float,
    y: float,
    content: str,
    size: float = 11,
    anchor: str = "middle",
    fill: str = "#222222",
    weight: Optional[str] = None,
    css_class: Optional[str] = None,
) -> str:
    extra = f' font-weight="{weight}"' if weight else ""
    extra += f' class="{css_class}"' if css_class else ""
    return (
        f'<text x="{_num(x)}" y="{_num(y)}" font-size="{_num(size)}" text-anchor="{anchor}"'
        f' fill="{fill}"{extra}>{xml_escape(content)}</text>'
    )


def chart_x(position: int, positions: int) -> float:
    """The x of ``position`` (0 = the start) on a chart of ``positions`` entries."""
    plot_w = CHART_W - MARGIN_L - MARGIN_R
    return MARGIN_L + (plot_w * position / positions if positions else plot_w / 2)


def chart_y(cash: float) -> float:
    """The y of a cash level."""
    return PLOT_TOP + (PLOT_BOTTOM - PLOT_TOP) * (MAX_CASH - cash) / MAX_CASH


def month_starts(states: Sequence[State]) -> dict[int, int]:
    """The first position of each month played (month 1 at position 0)."""
    starts: dict[int, int] = {}
    for position, state in enumerate(states):
        if not state.is_over:
            starts.setdefault(state.round, position)
    return starts


def mid_year_position(states: Sequence[State]) -> Optional[int]:
    """The position after which the mid-year trend card stands resolved (None before)."""
    return next(
        (n for n, state in enumerate(states) if state.round > MID_YEAR or state.is_over), None
    )


def cash_series(states: Sequence[State]) -> list[list[int]]:
    """Each seat's cash at every position."""
    seats = range(len(states[0].players))
    return [[state.players[seat].cash for state in states] for seat in seats]


def cash_chart_svg(states: Sequence[State], title: Optional[str] = None) -> str:
    """Every player's cash at the start and after every entry (``states``), as standalone SVG.

    ``title`` names the game in the heading (escaped here).
    """
    positions = len(states) - 1
    names = [player.name for player in states[0].players]
    series = cash_series(states)
    plot_w = CHART_W - MARGIN_L - MARGIN_R

    def px(position: int) -> float:
        return chart_x(position, positions)

    heading = "World Exchangers: cash" + (f", {title}" if title else "")
    desc = (
        "Each player's cash at the start and after every entry of the log, one line per player;"
        " the months are marked along the bottom, the dashed line is the mid-year trend card."
    )
    out = [
        '<?xml version="1.0" encoding="UTF-8" standalone="no"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{CHART_W}"'
        f' height="{CHART_H}" viewBox="0 0 {CHART_W} {CHART_H}" font-family="{FONT}">',
        f"<title>{xml_escape(heading)}</title>",
        f"<desc>{xml_escape(desc)}</desc>",
        f'<rect x="0" y="0" width="{CHART_W}" height="{CHART_H}" fill="#ffffff"/>',
        _text(CHART_W / 2, 26, heading, size=16, weight="bold", css_class="heading"),
    ]
    out.extend(_legend(names, series))
    out.append('<g id="axes" class="axes">')
    for cash in range(0, MAX_CASH + 1, 2 * CASH_STEP):
        y = chart_y(cash)
        out.append(
            f'<line x1="{MARGIN_L}" y1="{_num(y)}" x2="{_num(MARGIN_L + plot_w)}" y2="{_num(y)}"'
            ' stroke="#e5e5e5" stroke-width="1"/>'
        )
        out.append(_text(MARGIN_L - 6, y + 4, coins(cash), anchor="end"))
    starts = month_starts(states)
    ends = [*sorted(starts.values())[1:], positions]
    for (month, start), end in zip(sorted(starts.items()), ends, strict=True):
        x = px(start)
        out.append(
            f'<line class="month" x1="{_num(x)}" y1="{PLOT_TOP}" x2="{_num(x)}"'
            f' y2="{PLOT_BOTTOM + 5}" stroke="#d0d0d0" stroke-width="1"/>'
        )
        middle = (px(start) + px(end)) / 2 if end > start else x
        out.append(_text(middle, PLOT_BOTTOM + 18, str(month), css_class="month-label"))
    out.append(
        f'<rect x="{MARGIN_L}" y="{PLOT_TOP}" width="{_num(plot_w)}"'
        f' height="{PLOT_BOTTOM - PLOT_TOP}" fill="none" stroke="#555555" stroke-width="1"/>'
    )
    played = f"month (1 to {MONTHS}; one step per entry of the log)"
    out.append(_text(MARGIN_L + plot_w / 2, CHART_H - 14, played, size=12))
    middle_y = (PLOT_TOP + PLOT_BOTTOM) / 2
    out.append(
        f'<text x="16" y="{_num(middle_y)}" font-size="12" text-anchor="middle"'
        f' transform="rotate(-90 16 {_num(middle_y)})" fill="#222222">cash</text>'
    )
    out.append("</g>")
    mid = mid_year_position(states)
    if mid is not None:
        x = px(mid)
        out.append('<g id="mid-year" class="trend">')
        out.append(f"<title>the mid-year trend card, resolved with entry {mid}</title>")
        out.append(
            f'<line x1="{_num(x)}" y1="{PLOT_TOP}" x2="{_num(x)}" y2="{PLOT_BOTTOM}"'
            ' stroke="#777777" stroke-dasharray="4 3"/>'
        )
        out.append(_text(x, PLOT_TOP - 4, "mid-year", size=10, fill="#555555"))
        out.append("</g>")
    out.append('<g id="lines">')
    for seat, line in enumerate(series):
        points = " ".join(f"{_num(px(n))},{_num(chart_y(cash))}" for n, cash in enumerate(line))
        listed = ", ".join(coins(cash) for cash in line)
        out.append(f'<g id="cash-{seat}" class="player">')
        said = f"{names[seat]}: cash at the start and after each entry: {listed}"
        out.append(f"<title>{xml_escape(said)}</title>")
        out.append(
            f'<polyline points="{points}" fill="none" stroke="{player_colour(seat)}"'
            ' stroke-width="2" stroke-linejoin="round" class="cash"/>'
        )
        out.append("</g>")
    out.append("</g>")
    out.extend(_end_labels(names, series, plot_w))
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _legend(names: Sequence[str], series: Sequence[Sequence[int]]) -> list[str]:
    """Each player's colour, name and last cash, in one or more rows under the heading."""
    out = ['<g id="legend" class="legend">']
    x, y = float(MARGIN_L), 48.0
    for seat, name in enumerate(names):
        label = f"{name} ({coins(series[seat][-1])})"
        width = 26 + text_width(label, 12) + 18
        if x > MARGIN_L and x + width > CHART_W - 16:
            x, y = float(MARGIN_L), y + 16
        colour = player_colour(seat)
        out.append(
            f'<line x1="{_num(x)}" y1="{_num(y - 4)}" x2="{_num(x + 20)}" y2="{_num(y - 4)}"'
            f' stroke="{colour}" stroke-width="3"/>'
        )
        out.append(_text(x + 26, y, label, size=12, anchor="start", css_class="legend-name"))
        x += width
    out.append("</g>")
    return out


def _end_labels(names: Sequence[str], series: Sequence[Sequence[int]], plot_w: float) -> list[str]:
    """Each player's name at the right end of their line, pushed apart so none overlaps; a
    name too long for the margin cut to fit it, with '…' (the legend names it whole)."""
    out = ['<g id="labels" class="labels">']
    room = MARGIN_R - 6
    placed: list[float] = []
    order = sorted(range(len(names)), key=lambda seat: (-series[seat][-1], seat))
    for seat in order:
        y = chart_y(series[seat][-1]) + 4
        if placed:
            y = max(y, placed[-1] + 12)
        placed.append(y)
        out.append(
            _text(
                MARGIN_L + plot_w + 6,
                y,
                _fitted(names[seat], room),
                anchor="start",
                fill=player_colour(seat),
                css_class="label",
            )
        )
    out.append("</g>")
    return out


def _fitted(name: str, room: float, size: float = 11) -> str:
    """``name``, or as much of it as fits ``room`` pixels at font ``size`` followed by '…'."""
    if text_width(name, size) <= room:
        return name
    keep = max(1, int(room // (size * CHAR_WIDTH)) - 1)
    return name[:keep].rstrip() + "…"
