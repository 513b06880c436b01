"""The replay page of a World Exchangers game (``forex html`` of its log).

The frame is ``forexcli.pages`` (``replay.html.j2``, ``replay.js``: the controls,
the stepping, the move list, the chart with its cursor, the embedded JSON, the
Content-Security-Policy); the panels are this game's (``worldex.html.j2``
for the opening position, ``worldex.js`` for every other one, the same
markup).  Each position is the game's view JSON (``views.show_view``, what
``forex show --format json`` prints) with what the page adds around it: the
move that led there and what it did, and the spaces each player's line
gained.  The player boards are drawn once, by the picture code
(``picture.line_board_svg``); the script redraws only their cash-flow lines
and marks the spaces gained.
"""

from __future__ import annotations

import os
from itertools import pairwise
from typing import TYPE_CHECKING, Any, cast

from ....pages import (
    PAGE_VERSION,
    Evaluation,
    asset,
    delta,
    environment,
    page_script,
    policy,
    script_json,
    signature_rows,
    signed_line,
    with_strips,
)
from ....reporters.annotation import annotation
from ..picture import COLUMN, LEFT, LINE_COLOUR, ROW, TOP, space_id, spaces_gained
from ..rules import CASH_STEP, MAX_CASH, MONTHS, State
from ..rules.components import SYMBOL_KEYS
from ..views import ABILITY_WORDS, SCORE_PARTS, show_view, symbols_text

if TYPE_CHECKING:
    from ....record.gamelog import Replay as GameReplay

PAGE_FORMAT = "worldex-replay"

SYMBOL_ORDER = SYMBOL_KEYS
"""The symbols in the order ``views.symbols_text`` names them."""


def gained_spaces(state: State) -> list[dict[str, list[int]]]:
    """Each seat's spaces gained so far: the picture's space id and the months gained in."""
    return [
        {space_id(key): months for key, months in spaces_gained(state, seat).items()}
        for seat in range(len(state.players))
    ]


def position_data(played: GameReplay, at: int) -> dict[str, Any]:
    """One position of the page: ``show_view`` after move ``at``, the move that led there
    (its text, note and what it did), the spaces gained."""
    from ..views.layout import told

    state = played.state_after(at)
    move = None
    if at:
        (item,) = told(played, at - 1, at)
        move = {
            "number": item.number,
            "player": item.key,
            "decision": item.text,
            "note": item.note,
            "told": list(item.sentences),
        }
    return {
        "at": at,
        "moves": played.moves,
        "last_move": move,
        "view": show_view(state),
        "gained": gained_spaces(state),
    }


def positions(played: GameReplay) -> list[dict[str, Any]]:
    """Every position from the start to the last legal move."""
    return [position_data(played, at) for at in range(played.moves + 1)]


def page_data(
    shown: list[dict[str, Any]], signatures: dict[str, Any] | None, at: int | None = None
) -> dict[str, Any]:
    """What the page embeds: the first position whole, the others as deltas, the board's
    geometry for the script to draw a line, the signatures of the whole log."""
    return {
        "format": PAGE_FORMAT,
        "version": PAGE_VERSION,
        "start": len(shown) - 1 if at is None else at,
        "geometry": {
            "left": LEFT,
            "top": TOP,
            "column": COLUMN,
            "row": ROW,
            "max_cash": MAX_CASH,
            "cash_step": CASH_STEP,
            "months": MONTHS,
            "colour": LINE_COLOUR,
        },
        "symbols": list(SYMBOL_ORDER),
        "parts": list(SCORE_PARTS),
        "abilities": ABILITY_WORDS,
        "signatures": signatures,
        "first": shown[0],
        "deltas": [delta(a, b) for a, b in pairwise(shown)],
    }


def chart_svg(states: list[State], opening: int) -> str:
    """The cash chart for the page: no XML prolog, a cursor at ``opening`` and one strip per
    position to click (``data-move``, ``data-x`` its x), as For-Ex's chart on its page."""
    from ..chart import PLOT_BOTTOM, PLOT_TOP, cash_chart_svg, chart_x

    svg = cash_chart_svg(states)
    positions = len(states) - 1
    xs = [chart_x(n, positions) for n in range(positions + 1)]
    return with_strips(svg, xs, PLOT_TOP, PLOT_BOTTOM, opening)


def house_rules_words(state: State) -> list[str]:
    """``trend ties: all``: each house rule of the game and its value (the defaults too)."""
    return [
        f"{option.replace('_', ' ')}: {getattr(state.house, option)}"
        for option in state.house.OPTIONS
    ]


def score_rows(players: list[dict[str, Any]]) -> list[list[str]]:
    """The score table's rows (``SCORE_PARTS``), one cell per player, as ``scores_table``."""

    def coins(amount: int) -> str:
        return f"{amount:,}"

    cells = [
        [
            coins(p["cities"]),
            coins(p["cash"]),
            f"{coins(p['settlement'])} ({p['settlement_points']} pt)",
            *(coins(p["investments"][colour]) for colour in ("green", "orange", "blue")),
            coins(p["trend"]),
            f"{coins(p['media'])} ({p['media_value']})",
            coins(p["total"]),
            str(p["rank"]),
        ]
        for p in players
    ]
    return [[part, *(column[i] for column in cells)] for i, part in enumerate(SCORE_PARTS)]


def worldex_page(
    played: GameReplay,
    *,
    at: int | None = None,
    title: str | None = None,
    evaluation: Evaluation | None = None,
) -> str:
    """The replay page of the legal moves of a World Exchangers replay, opening after move
    ``at`` (the last by default; a ``#move-N`` link opens at N); the marks of the verdicts in
    the notes, and the evaluation graph of ``evaluation`` (``forex html --eval``) if given."""
    from markupsafe import Markup

    from .... import __version__
    from ....record.seats import header_lines
    from ....record.signing import signatures_data
    from ..picture import key_svg, line_board_svg

    record = played.log
    every = positions(played)
    signatures = signatures_data(cast(Any, played))
    data = page_data(every, signatures, at)
    opening = data["start"]
    shown = every[opening]
    state = played.state_after(opening)
    script = page_script("worldex.js", __name__)
    style = asset("replay.css") + asset("worldex.css", __name__)
    if "</" in style:  # pragma: no cover - a packaging mistake
        raise ValueError("the page's style must not hold '</'")
    name = title or record.title or os.path.basename(record.filename)
    csp = policy(script, style)
    entries = record.entries[: played.moves]
    marks = {entry.number: signed_line(signatures, entry.number) for entry in entries}
    view = shown["view"]
    last = shown["last_move"]
    results = view["scores"] or view["projection"]
    template = environment(__name__).get_template("replay.html.j2")
    return template.render(
        panels="worldex.html.j2",
        game_title="World Exchangers",
        name=name,
        total=played.moves,
        opening=opening,
        entries=entries,
        marks=marks,
        source=os.path.basename(record.filename),
        version=__version__,
        csp=csp,
        script=Markup(script),
        style=Markup(style),
        data=Markup(script_json(data)),
        chart=Markup(chart_svg([played.initial, *played.states], opening)),
        **annotation(entries, evaluation, played.moves, opening),
        boards=[
            Markup(line_board_svg(state, seat, f"b{seat}-")) for seat in range(len(state.players))
        ],
        symbol_key=Markup(key_svg()),
        p=shown,
        v=view,
        signed=signed_line(signatures, last["number"]) if last else None,
        sig=signatures,
        keys=signature_rows(signatures),
        symbols=symbols_text,
        abilities=ABILITY_WORDS,
        results=results,
        score_rows=score_rows(results["players"]),
        seed=record.header.get("seed"),
        house=house_rules_words(state),
        engine_lines=header_lines(record),
    )
