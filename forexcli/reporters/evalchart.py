"""The evaluation graph of an analysed game: each player's chance of finishing first after
every decision, the verdicts' marks on it, as standalone SVG (any game: the data is
``search.verdicts.chance_series``'s)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any
from unicodedata import east_asian_width
from xml.sax.saxutils import escape, quoteattr

WIDTH, HEIGHT = 760, 380
LEFT, RIGHT, TOP, BOTTOM = 56, 110, 44, 48
FONT = "DejaVu Sans, Verdana, Arial, sans-serif"
PALETTE = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b")
MARK_COLOURS = {"??": "#c00000", "?": "#e06000", "?!": "#b08800", "!": "#2a7d2a"}


PLOT_TOP, PLOT_BOTTOM = TOP, HEIGHT - BOTTOM
"""The y coordinates of the top and the bottom of the plot area."""


def chance_x(move: int, moves: int) -> float:
    """The x coordinate of ``move`` (0 = the start) on the chart of a game of ``moves``."""
    plot_w = WIDTH - LEFT - RIGHT
    return LEFT + (plot_w * move / moves if moves else plot_w / 2)


def _width(text: str, size: float = 11) -> float:
    """An estimate of the width of ``text`` at font ``size`` (no font metrics in SVG): a
    wide character (CJK) takes twice a narrow one's room."""
    return sum(2 if east_asian_width(c) in "WF" else 1 for c in text) * size * 0.6


def _fitted(name: str, room: float) -> str:
    """``name``, or as much of it as fits ``room`` pixels followed by '…'."""
    if _width(name) <= room:
        return name
    while name and _width(name + "…") > room:
        name = name[:-1]
    return name.rstrip() + "…"


def _num(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def chance_chart_svg(
    series: Sequence[Mapping[str, Any]],
    players: Sequence[str],
    moves: int,
    title: str,
    *,
    ids: str = "",
) -> str:
    """The chart of ``series`` (``chance_series``'s points) over a game of ``moves`` moves:
    one line per player, each mark a dot on the mover's line with its ``move-N`` id (every
    id prefixed with ``ids``: a page that holds the chart has ids of its own)."""
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def px(move: int) -> float:
        return chance_x(move, moves)

    def py(chance: float) -> float:
        return TOP + plot_h * (1.0 - chance)

    out = [
        '<?xml version="1.0" encoding="UTF-8" standalone="no"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}"'
        f' viewBox="0 0 {WIDTH} {HEIGHT}" font-family="{FONT}">',
        f"<title>{escape(title)}</title>",
        "<desc>Each player's chance of finishing first after every decision analysed, as the"
        " engine's search estimates it; ?! ? ?? mark the dubious decisions, mistakes and"
        " blunders, ! the only good decisions.</desc>",
        f'<rect width="{WIDTH}" height="{HEIGHT}" fill="#ffffff"/>',
        f'<text x="{WIDTH / 2:g}" y="26" font-size="16" font-weight="bold"'
        f' text-anchor="middle" fill="#222222">{escape(title)}</text>',
        f'<g id="{ids}axes" class="axes">',
    ]
    for tick in (0, 25, 50, 75, 100):
        y = py(tick / 100)
        colour = "#999999" if tick == 50 else "#e5e5e5"
        out.append(
            f'<line x1="{LEFT}" y1="{_num(y)}" x2="{LEFT + plot_w}" y2="{_num(y)}"'
            f' stroke="{colour}" stroke-width="1"/>'
        )
        out.append(
            f'<text x="{LEFT - 6}" y="{_num(y + 4)}" font-size="11" text-anchor="end"'
            f' fill="#222222">{tick}%</text>'
        )
    step = max(1, -(-moves // 10))
    for tick in range(0, moves + 1, step):
        out.append(
            f'<text x="{_num(px(tick))}" y="{TOP + plot_h + 18}" font-size="11"'
            f' text-anchor="middle" fill="#222222">{tick}</text>'
        )
    out.append(
        f'<rect x="{LEFT}" y="{TOP}" width="{plot_w}" height="{plot_h}" fill="none"'
        ' stroke="#555555" stroke-width="1"/>'
    )
    out.append(
        f'<text x="{LEFT + plot_w / 2:g}" y="{HEIGHT - 12}" font-size="12"'
        ' text-anchor="middle" fill="#222222">move</text>'
    )
    out.append("</g>")
    out.append(f'<g id="{ids}chances">')
    colours = {name: PALETTE[seat % len(PALETTE)] for seat, name in enumerate(players)}
    finals: dict[str, float] = {}
    for name in players:
        points = [(p["move"], p["chances"][name]) for p in series if name in p["chances"]]
        if not points:
            continue
        listed = " ".join(f"{_num(px(m))},{_num(py(c))}" for m, c in points)
        out.append(f'<g class="player" id={quoteattr(ids + "chance-" + name)}>')
        out.append(f"<title>{escape(name)}: chance of finishing first</title>")
        out.append(
            f'<polyline points="{listed}" fill="none" stroke="{colours[name]}"'
            ' stroke-width="2" stroke-linejoin="round"/>'
        )
        out.append("</g>")
        finals[name] = points[-1][1]
    out.append("</g>")
    out.append(f'<g id="{ids}labels">')
    placed = -1e9
    for name in sorted(finals, key=lambda n: -finals[n]):
        placed = max(py(finals[name]) + 4, placed + 13)
        chance = f"{100 * finals[name]:.0f}%"
        shown = _fitted(name, RIGHT - 8 - _width(" " + chance))
        out.append(
            f'<text x="{LEFT + plot_w + 6}" y="{_num(placed)}" font-size="11"'
            f' fill="{colours[name]}">{escape(shown)} {chance}</text>'
        )
    out.append("</g>")
    out.append(f'<g id="{ids}marks">')
    for point in series:
        mark = point["mark"]
        if not mark:
            continue
        x, y = px(point["move"]), py(point["chances"][point["player"]])
        colour = MARK_COLOURS[mark]
        out.append(f'<g class="mark" id="{ids}move-{point["move"]}">')
        said = f"{point['player']}: {point['played']}: {point['words']}"
        out.append(f"<title>move {point['move']}, {escape(said)}</title>")
        out.append(f'<circle cx="{_num(x)}" cy="{_num(y)}" r="4" fill="{colour}"/>')
        out.append(
            f'<text x="{_num(x)}" y="{_num(y - 7)}" font-size="11" font-weight="bold"'
            f' text-anchor="middle" fill="{colour}">{escape(mark)}</text>'
        )
        out.append("</g>")
    out.append("</g>")
    out.append("</svg>")
    return "\n".join(out) + "\n"
