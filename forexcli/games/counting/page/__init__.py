"""Counting's replay page: the frame's page (``forexcli.pages``: controls, move list, the
Content-Security-Policy) with the game's panels (``counting.html.j2``) and script
(``counting.js``).  Every position is the game's ``view`` with the move that led there."""

from __future__ import annotations

import os
from itertools import pairwise
from typing import Any

from ....pages import (
    Evaluation,
    asset,
    delta,
    environment,
    page_script,
    policy,
    script_json,
)
from ....reporters.annotation import annotation


def positions(replay: Any) -> list[dict[str, Any]]:
    """The view after each legal move (the start first), with that move."""
    from ..rules import RULES as COUNTING

    shown = []
    for at in range(replay.moves + 1):
        entry = replay.log.entries[at - 1] if at else None
        last = None if entry is None else {"number": at, "player": entry.key, "text": entry.text}
        shown.append({"at": at, "view": COUNTING.view(replay.state_after(at)), "last_move": last})
    return shown


def chart_svg(totals: list[int], target: int) -> str:
    """The running total after each move, as a line up to the target."""
    width, height = 20 * max(len(totals) - 1, 1) + 20, 120
    points = " ".join(
        f"{10 + 20 * n},{110 - 100 * total / max(target, 1):g}" for n, total in enumerate(totals)
    )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}"'
        f' viewBox="0 0 {width} {height}" role="img" aria-label="The total after each move">'
        f'<line x1="0" y1="10" x2="{width}" y2="10" stroke="#999" stroke-dasharray="4 3"/>'
        f'<polyline points="{points}" fill="none" stroke="#246" stroke-width="2"/></svg>'
    )


def counting_page(
    replay: Any,
    *,
    at: int | None = None,
    title: str | None = None,
    evaluation: Evaluation | None = None,
) -> str:
    """The self-contained page of a Counting replay, opening after move ``at`` (the last by
    default), with the evaluation graph of ``evaluation`` if given."""
    from markupsafe import Markup

    from .... import __version__

    log = replay.log
    shown = positions(replay)
    opening = replay.moves if at is None else at
    data = {
        "format": "counting-page",
        "start": opening,
        "first": shown[0],
        "deltas": [delta(a, b) for a, b in pairwise(shown)],
    }
    script = page_script("counting.js", __name__)
    style = asset("replay.css")
    totals = [p["view"]["total"] for p in shown]
    template = environment(__name__).get_template("replay.html.j2")
    return template.render(
        panels="counting.html.j2",
        game_title="Counting",
        name=title or log.title or os.path.basename(log.filename),
        total=replay.moves,
        opening=opening,
        entries=log.entries[: replay.moves],
        marks={entry.number: None for entry in log.entries},
        source=os.path.basename(log.filename),
        version=__version__,
        csp=policy(script, style),
        script=Markup(script),
        style=Markup(style),
        data=Markup(script_json(data)),
        chart=Markup(chart_svg(totals, shown[0]["view"]["target"])),
        **annotation(log.entries[: replay.moves], evaluation, replay.moves, opening),
        p=shown[opening],
        v=shown[opening]["view"],
        players=log.players,
    )
