"""What a replay page shows of an analysis (issue 42): the marks of ``forex analyse --write``'s
verdicts, read from the notes, and the evaluation graph of ``forex html --eval`` made ready
for the page.  Game-free: every game's page (``games/<g>/page``) passes it to the frame's
template."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..pages import Evaluation, with_strips
from ..search.verdicts import MARKS, noted_verdict
from .evalchart import PLOT_BOTTOM, PLOT_TOP, chance_chart_svg, chance_x

VERDICT_WORDS = {
    "blunder": "a blunder",
    "mistake": "a mistake",
    "dubious": "dubious",
    "only": "the only good decision",
}
"""The title of each verdict's mark in the move list."""


def annotation(
    entries: Sequence[Any], evaluation: Evaluation | None, moves: int, opening: int
) -> dict[str, Any]:
    """What the frame's template shows of an analysis: ``verdicts``, each move's mark and
    its words from the verdict ``forex analyse --write`` left at the end of its note
    (``{number: {"mark", "words"}}``: the log's own, nothing searched anew), and
    ``evaluation``, the evaluation graph made ready for the page (None without one)."""
    from markupsafe import Markup

    verdicts = {}
    for entry in entries:
        label = noted_verdict(entry.note)
        if label is not None:
            verdicts[entry.number] = {"mark": MARKS[label], "words": VERDICT_WORDS[label]}
    graph = None
    if evaluation is not None:
        graph = Markup(evaluation_svg(evaluation, moves, opening))
    return {"verdicts": verdicts, "evaluation": graph, "evaluated": evaluation}


def evaluation_svg(evaluation: Evaluation, moves: int, opening: int) -> str:
    """The evaluation graph for a page: its ids prefixed ``eval-``, a cursor at ``opening``
    and one strip per position to click (``eval-strips``, ``eval-cursor``)."""
    svg = chance_chart_svg(
        evaluation.series,
        evaluation.players,
        moves,
        "Chance of finishing first",
        ids="eval-",
    )
    xs = [chance_x(move, moves) for move in range(moves + 1)]
    return with_strips(svg, xs, PLOT_TOP, PLOT_BOTTOM, opening, name="eval")
