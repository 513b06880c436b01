"""The engine's hints and analyses as text, markdown and JSON data.

What a value means and the thresholds' unit are the game's (``games.base.Advisor``):
the command passes them in.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..record.problems import command_path, command_word, player_command
from ..search.advisor import Hint, Suggestion
from ..words import possessive
from . import PLAIN, Style, clean, md, table
from .tables import wrapped


def _pct(value: float) -> str:
    return f"{100 * value:.1f}%"


def _line_text(line: Sequence[tuple[str, str]], limit: int = 4) -> str:
    shown = [f"{player}: {text}" for player, text in line[:limit]]
    if len(line) > limit:
        shown.append("...")
    return "; ".join(shown) or "-"


VISITS_NOTE = (
    "The rows are in the order of the search's visits (the decision it explored most"
    " first), not of their values"
)
RANKED_NOTE = ", except where a row says in brackets why the engine ranks it otherwise"
"""Follows ``VISITS_NOTE`` when a row is ranked out of the order of visits (its reason)."""


def _line_cell(suggestion: Suggestion) -> str:
    """The line expected after a suggestion, after the reason of its rank when it has one."""
    line = _line_text(suggestion.line)
    if not suggestion.reason:
        return line
    return f"[{suggestion.reason}]" + (f" {line}" if suggestion.line else "")


def hint_text(
    found: Hint,
    where: str,
    *,
    file: str = "FILE",
    markdown: bool = False,
    style: Style = PLAIN,
    width: int | None = None,
    value_note: str,
) -> str:
    """The suggestions as a table (fitted to ``width``, wrapping the decision and the line),
    with the budget, the order of the rows, what the values mean (``value_note``) and how
    to play the best in ``file``."""
    esc = md if markdown else clean
    head = (
        f"{esc(found.player)} to play {where}: the engine's best decisions"
        f" ({found.simulations} simulations)"
    )
    rows = [
        [
            str(rank),
            esc(s.text),
            _pct(s.value),
            str(s.visits),
            esc(_line_cell(s)),
        ]
        for rank, s in enumerate(found.suggestions, 1)
    ]
    body = table(
        rows,
        ["#", "decision", "value", "visits", "line expected after it"],
        markdown=markdown,
        align=["right", "left", "right", "right", "left"],
        width=width,
        wrap=[1, 4],
        stack=True,
    )
    best = found.suggestions[0]
    named = "FILE" if file == "-" else command_path(file)
    play = player_command("forex play", named, found.player, command_word(best.text))
    order = VISITS_NOTE + (RANKED_NOTE if any(s.reason for s in found.suggestions) else "")
    notes = [order + ".", value_note + "."]
    return _advice(head, body, notes, ("To play the best", play), markdown, style, width)


def _advice(
    head: str,
    body: str,
    notes: Sequence[str],
    command: tuple[str, str],
    markdown: bool,
    style: Style,
    width: int | None,
) -> str:
    """A hint's text: its heading, table, notes and the command that follows it
    (``command``: its lead-in and the command line)."""
    esc = md if markdown else clean
    lead, line = command
    lines = [
        (f"**{head}**" if markdown else style.heading(wrapped(head, width))),
        "",
        body,
        "",
        *(notes if markdown else (wrapped(note, width) for note in notes)),
        f"{lead}: {'`' + esc(line) + '`' if markdown else esc(line)}",
    ]
    return "\n".join(lines) + "\n"


HINT_FORMAT = "forex-hint"
"""The ``format`` of ``forex hint --format json``'s document."""


def hint_data(found: Hint, file: str, moves: int, value_meaning: str) -> dict[str, Any]:
    """The suggestions as JSON data (``value_meaning``: what a value is;
    ``"format": "forex-hint"``)."""
    return {
        "format": HINT_FORMAT,
        "version": 1,
        "file": file,
        "moves": moves,
        "player": found.player,
        "simulations": found.simulations,
        "value": f"{value_meaning} (0 to 1)",
        "suggestions": [
            {
                "decision": s.text,
                "value": round(s.value, 4),
                "values": {p: round(v, 4) for p, v in zip(found.players, s.values, strict=True)},
                "visits": s.visits,
                "line": [{"player": p, "decision": t} for p, t in s.line],
                "rule": s.rule,
                "reason": s.reason,
            }
            for s in found.suggestions
        ],
    }


def selfplay_text(games: Sequence[tuple[str, Any]], width: int | None = None) -> str:
    """One line per game written, then the wins per seat kind (wrapped to ``width``)."""
    rows = []
    for path, game in games:
        winners = ", ".join(
            f"{name} ({label})"
            for name, label, rank in zip(game.players, game.labels, game.ranks, strict=True)
            if rank == 1
        )
        rows.append(
            [
                clean(path),
                str(game.moves),
                game.ending,
                " ".join(f"{t:,}" for t in game.totals),
                winners,
            ]
        )
    headers = ["log", "moves", "ending", "totals", "won by"]
    return table(rows, headers, width=width, wrap=[3, 4]) + "\n"


OFFER_ORDER_NOTE = (
    "The rows are in the order of their values (the better answer first), each valued by the"
    " engine's search of the position after it: for accept the offered entry played, for"
    " decline the engine's choice instead"
)


def offer_hint_text(
    found: Any,
    where: str,
    *,
    file: str = "FILE",
    markdown: bool = False,
    style: Style = PLAIN,
    width: int | None = None,
    value_note: str,
) -> str:
    """``accept`` and ``decline`` (a ``replies.OfferHint``) as a table with why, the order of
    the rows, what the values mean and how to answer in ``file``."""
    esc = md if markdown else clean
    offer = found.offer
    head = (
        f"{esc(found.player)} to answer {possessive(esc(offer.player))} offer {where}:"
        f" {esc(offer.decision)} ({found.simulations} simulations)"
    )
    rows = [
        [str(rank), answer.answer, _pct(answer.value), esc(answer.why)]
        for rank, answer in enumerate(found.answers, 1)
    ]
    body = table(
        rows,
        ["#", "answer", "value", "why"],
        markdown=markdown,
        align=["right", "left", "right", "left"],
        width=width,
        wrap=[3],
        stack=True,
    )
    named = "FILE" if file == "-" else command_path(file)
    play = player_command("forex play", named, found.player, found.answers[0].answer)
    notes = [OFFER_ORDER_NOTE + ".", value_note + "."]
    return _advice(head, body, notes, ("To answer best", play), markdown, style, width)


def offer_hint_data(found: Any, file: str, moves: int, value_meaning: str) -> dict[str, Any]:
    """``accept`` and ``decline`` as JSON data, in ``hint_data``'s shape: each suggestion's
    ``decision`` is the answer, its ``line`` the entry the engine seat then plays, ``why``
    says so in words; ``offer`` is the open offer answered."""
    return {
        "format": HINT_FORMAT,
        "version": 1,
        "file": file,
        "moves": moves,
        "player": found.player,
        "simulations": found.simulations,
        "value": f"{value_meaning} (0 to 1)",
        "offer": {"player": found.offer.player, "decision": found.offer.decision},
        "order": OFFER_ORDER_NOTE,
        "suggestions": [
            {
                "decision": a.answer,
                "value": round(a.value, 4),
                "values": {p: round(v, 4) for p, v in zip(found.players, a.values, strict=True)},
                "visits": a.simulations,
                "line": [{"player": a.player, "decision": a.entry}],
                "rule": None,
                "reason": None,
                "why": a.why,
                "offered": a.offered,
            }
            for a in found.answers
        ],
    }
