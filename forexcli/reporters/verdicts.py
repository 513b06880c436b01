"""``forex analyse``'s report: one line per graded decision (the details with ``-v``), a
summary per player, and all of it as JSON data."""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from typing import Any

from ..search.verdicts import (
    BLUNDER,
    CEILING,
    DUBIOUS,
    FLOOR,
    MIN_VISITS,
    MISTAKE,
    ONLY,
    Expected,
    Graded,
    Summary,
    chance_series,
    summaries,
)
from . import PLAIN, Style, clean, md, plural, table, text_width, wrap_line
from .tables import wrapped

SCALE_NOTE = (
    "chance = the player's chance of finishing first as the search estimates it; a loss is"
    " in points of a bounded scale of it: half the chance, half its log-odds between"
    f" {100 * FLOOR:g}% and {100 * CEILING:g}%"
)
MARKS_NOTE = (
    f"?! dubious: loses {100 * DUBIOUS:g} points or more against the engine's choice;"
    f" ? mistake: {100 * MISTAKE:g}; ?? blunder: {100 * BLUNDER:g};"
    f" ! the only good decision (every other loses {100 * ONLY:g})"
)


def _pct(value: float) -> str:
    return f"{100 * value:.0f}%"


def _points(loss: float) -> str:
    """``-14`` for a loss of 13.6 points, rounded, but never up to a mark's threshold that the
    loss does not reach: ``-19`` for 19.9 (a mistake, ``?``; ``-20`` is a blunder's)."""
    points = round(100 * loss)
    for threshold in (DUBIOUS, MISTAKE, BLUNDER):
        if loss < threshold and points >= round(100 * threshold):
            points = round(100 * threshold) - 1
    return f"-{points}" if points >= 1 else ""


def _line_text(line: Sequence[tuple[str, str]], limit: int = 4) -> str:
    shown = [f"{player}: {text}" for player, text in line[:limit]]
    if len(line) > limit:
        shown.append("...")
    return "; ".join(shown) or "-"


def _fit(text: str, width: int | None) -> str:
    """``text`` cut to ``width`` terminal columns (wide characters count two), ``...`` at
    its end when it was cut."""
    if width is None or text_width(text) <= width:
        return text
    cut = len(text)
    while cut > 1 and text_width(text[:cut]) > width - 3:
        cut -= 1
    return text[:cut].rstrip() + "..."


def _padded(text: str, width: int) -> str:
    """``text`` padded with spaces to ``width`` terminal columns (wide characters count
    two), as ``str.ljust`` pads to characters."""
    return text + " " * (width - text_width(text))


def _painted(mark: str, label: str | None, style: Style) -> str:
    if not mark:
        return mark
    if label == "only":
        return style.good(mark)
    return style.warning(mark) if label == "dubious" else style.error(mark)


def ungraded_note(count: int) -> str:
    """Why decisions were left ungraded, and the remedy."""
    return (
        f"{plural(count, 'decision')} left ungraded: the search visited the engine's choice (or"
        f" the next best) fewer than {MIN_VISITS} times, too few to tell it from the decision"
        " played at this budget"
        " (--seconds or --simulations grades more)"
    )


def summary_line(summary: Summary) -> str:
    """``noor: accuracy 83%, average loss 4.4; 1 ??, 0 ?, 2 ?!, 1 !; largest swing: move 6
    (-12)``, or ``noor: no decision graded, 3 ungraded``."""
    counts = summary.counts
    swing = (
        f"; largest swing: move {summary.swing} ({_points(summary.swing_loss)})"
        if summary.swing is not None and _points(summary.swing_loss)
        else ""
    )
    ungraded = summary.decisions - summary.graded
    if not summary.graded:  # no accuracy to tell (100% would claim every decision good)
        return f"{summary.player}: no decision graded, {ungraded} ungraded"
    left = f", {ungraded} ungraded" if ungraded else ""
    return (
        f"{summary.player}: accuracy {summary.accuracy:.0f}%, average loss"
        f" {100 * summary.average_loss:.1f}; {counts['blunder']} ??, {counts['mistake']} ?,"
        f" {counts['dubious']} ?!, {counts['only']} ! of {summary.graded} graded{left}{swing}"
    )


def _row(g: Graded, name_width: int, style: Style, esc: Any, width: int | None) -> str:
    """The decision's line: move, mark, player, chance, loss, the decision and the better
    one; the decision played is shortened first when it does not fit ``width``, and a
    verdict's better decision that still does not goes on under the decision."""
    mark = _painted(g.mark.ljust(2), g.label, style) if g.mark else "  "
    plain = f"{g.number:>4} {g.mark or '':2} {_padded(esc(g.player), name_width)}"
    head = f"{g.number:>4} {mark} {_padded(esc(g.player), name_width)}"
    figures = f" {_pct(g.played.chance):>6} {_points(g.loss):>4}  "
    tail = ""
    if g.explained:
        tail = f"; better {esc(g.best.text)} {_pct(g.best.chance)}"
    elif g.label == "only":
        assert g.runner_up is not None
        tail = f"; next {esc(g.runner_up.text)} {_pct(g.runner_up.chance)}"
    elif not g.graded:
        other = g.runner_up if g.same else g.best
        tail = (
            f" (ungraded: {esc(other.text)} {plural(other.visits, 'visit')})"
            if other
            else " (ungraded)"
        )
    played = esc(g.played.text)
    if width is not None:
        room = width - text_width(plain + figures + tail)
        if text_width(played) > room:
            played = _fit(played, max(room, 12))
        column = text_width(plain + figures)
        if g.mark and text_width(plain + figures + played + tail) > width:
            # a verdict names its better decision whole: it goes on under the decision
            first, *more = wrap_line(played + tail, max(width - column, 20))
            return "\n".join([head + figures + first, *(" " * column + p for p in more)])
    return _fit(head + figures + played + tail, None if g.mark else width)


def _after(what: str, found: Expected, esc: Any) -> str:
    """``after resolve (played, 2%): noor: resolve; ... -- expected scores: ...``."""
    text = f"after {esc(found.text)} ({what}, {_pct(found.chance)})"
    if found.line:
        text += ": " + esc(_line_text(found.line))
    if found.decisive:
        text += " -- " + esc("; ".join(found.decisive))
    return text


def _markdown_details(g: Graded) -> list[str]:
    """``_details`` as a markdown list item: the move, then the lines expected after the
    played and the better decision, an item each."""
    head = f"- move {g.number}, {md(g.player)} ({md(g.mark)}):"
    items = [_after("played", g.played, md)]
    if not g.same:
        items.append(_after("better", g.best, md))
    return [head, *(f"  - {item}" for item in items)]


def _details(g: Graded, width: int | None, esc: Any) -> list[str]:
    """The lines expected after the played and the better decision, and what decides them."""

    def about(what: str, found: Expected) -> list[str]:
        text = _after(what, found, esc)
        fill = width - 10 if width else None
        if fill is None or text_width(text) <= fill:
            return ["          " + text]
        if text.isascii():
            return textwrap.wrap(
                text, width or 80, initial_indent="          ",
                subsequent_indent="            ", break_long_words=True,
            )  # fmt: skip
        return wrap_line(
            text, width or 80, initial_indent="          ", subsequent_indent="            "
        )

    out = about("played", g.played)
    if not g.same:
        out += about("better", g.best)
    return out


def analysis_text(
    graded: Sequence[Graded],
    file: str,
    players: Sequence[str],
    *,
    budget: str,
    markdown: bool = False,
    verbose: bool = False,
    style: Style = PLAIN,
    width: int | None = None,
) -> str:
    """One line per graded decision (move, mark, player, chance, loss, decision and the better
    one), with ``verbose`` the lines expected after both and what decides them; then a
    summary per player, the ungraded count and the marks' thresholds."""
    esc = md if markdown else clean
    ungraded = sum(not g.graded for g in graded)
    head = f"{esc(file)}: {plural(len(graded), 'decision')} analysed ({budget} each)"
    out = [f"**{head}**" if markdown else style.heading(wrapped(head, width)), ""]
    if markdown:
        rows = [
            [
                str(g.number), g.mark if g.graded else "ungraded", esc(g.player),
                esc(g.played.text), _pct(g.played.chance),
                _points(g.loss), esc(g.best.text) if g.explained else "",
                _pct(g.best.chance) if g.explained else "",
            ]
            for g in graded
        ]  # fmt: skip
        out.append(
            table(
                rows,
                ["move", "mark", "player", "played", "chance", "loss", "better", "its chance"],
                markdown=True,
                align=["right", "left", "left", "left", "right", "right", "left", "right"],
            )
        )
    else:
        name_width = max((text_width(clean(g.player)) for g in graded), default=6)
        name_width = min(max(name_width, 6), 12)
        out.append(f"move    {'player'.ljust(name_width)} chance loss  decision")
        for g in graded:
            out.append(_row(g, name_width, style, esc, width))
            if verbose and (g.explained or g.label == "only"):
                out.extend(_details(g, width, esc))
    out.append("")
    out.extend(
        "- " + esc(summary_line(s)) if markdown else wrapped(clean(summary_line(s)), width)
        for s in summaries(graded, players)
        if s.decisions
    )
    if markdown and verbose:  # after the summary's list, a paragraph between the two lists
        details = [
            line
            for g in graded
            if g.explained or g.label == "only"
            for line in _markdown_details(g)
        ]
        if details:
            out.extend(["", "The lines the engine expects, and what decides them:", "", *details])
    notes = [MARKS_NOTE + ".", SCALE_NOTE + "."]
    if ungraded:
        notes.insert(0, ungraded_note(ungraded) + ".")
    if not verbose and not markdown and any(g.explained for g in graded):
        notes.append("-v shows the line the engine expects after each and what decides it.")
    if markdown:  # a paragraph each
        out.extend(line for note in notes for line in ("", note))
    else:
        out.extend(["", *(wrapped(note, width) for note in notes)])
    return "\n".join(out) + "\n"


def _expected_data(found: Expected) -> dict[str, Any]:
    return {
        "decision": found.text,
        "chance": round(found.chance, 4),
        "visits": found.visits,
        "line": [{"player": p, "decision": t} for p, t in found.line],
        "decisive": list(found.decisive),
    }


ANALYSE_FORMAT = "forex-analyse"
"""The ``format`` of ``forex analyse --format json``'s document."""


def analysis_data(
    graded: Sequence[Graded], file: str, players: Sequence[str], written: bool, budget: str
) -> dict[str, Any]:
    """Everything the analysis found, as JSON data (``"format": "forex-analyse"``)."""
    return {
        "format": ANALYSE_FORMAT,
        "version": 1,
        "file": file,
        "written": written,
        "budget": budget,
        "value": "the player's chance of finishing first, as the search estimates it (0 to 1)",
        "scale": SCALE_NOTE,
        "thresholds": {"dubious": DUBIOUS, "mistake": MISTAKE, "blunder": BLUNDER, "only": ONLY},
        "min_visits": MIN_VISITS,
        "ungraded": sum(not g.graded for g in graded),
        "players": [
            {
                "player": s.player,
                "decisions": s.decisions,
                "graded": s.graded,
                "accuracy": round(s.accuracy, 1) if s.graded else None,
                "average_loss": round(s.average_loss, 4),
                "counts": s.counts,
                "largest_swing": None
                if s.swing is None
                else {"move": s.swing, "loss": round(s.swing_loss, 4)},
            }
            for s in summaries(graded, players)
        ],
        "moves": [
            {
                "move": g.number,
                "player": g.player,
                "played": g.played.text,
                "chance": round(g.played.chance, 4),
                "verdict": g.label,
                "mark": g.mark,
                "graded": g.graded,
                "loss": round(g.loss, 4),
                "accuracy": round(g.accuracy, 1) if g.graded else None,
                "best": g.best.text,
                "best_chance": round(g.best.chance, 4),
                "expected": _expected_data(g.played),
                "better": None if g.same else _expected_data(g.best),
                "runner_up": None if g.runner_up is None else _expected_data(g.runner_up),
                "chances": {name: round(c, 4) for name, c in zip(players, g.chances, strict=True)},
            }
            for g in graded
        ],
        "series": chance_series(graded, players),
    }
