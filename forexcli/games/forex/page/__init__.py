"""The replay page: a whole game in one self-contained HTML file (``forex html``).

``replay_page(log, replay)`` returns one HTML document that needs nothing
else: no network, no font, no external script or style.  It holds

- every position of the game as ``show --format json`` gives it
  (``views.show.show_data`` with the catch-up of the move that led there),
  the first one whole and each next one as a :func:`delta` from the one
  before, in a ``<script type="application/json">`` block;
- the opening position (the last one unless ``at`` says otherwise) and the
  list of moves rendered as HTML by Jinja2 with autoescape, so that the page
  reads without JavaScript and prints;
- the strength chart of ``svg.strength_chart_svg`` inline, with a cursor and
  one invisible strip per move to click;
- one small plain script (the frame's ``replay.js`` and this page's ``forex.js``)
  that steps through the positions and draws each with DOM calls (text only: it
  never parses HTML).  The script knows no rules: every number and sentence comes from the JSON, the
  standings too (the projection "if the game ended now", each queue item's
  risk as extra queue columns, the exposure: ``show``'s ``standings``).

The frame (``forexcli.pages``: ``replay.html.j2``, ``replay.js``, ``replay.css``) is
every game's; the panels (``forex.html.j2``) and ``forex.js`` are For-Ex's.  A
Content-Security-Policy allows only that script and that style (by their
SHA-256) and no request of any kind, so a note can neither run script nor
load anything even if it got past the escaping.
"""

from __future__ import annotations

import os
from itertools import pairwise
from typing import TYPE_CHECKING, Any

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
from ....words import possessive
from ..rules import CURRENCIES
from ..views import AGREEMENT_WORDS, DECIDED_BY, ENDINGS
from ..views.common import View
from ..views.show import HOUSE_RULE_TEXTS, show_data
from ..views.standings import (
    ENDED_BASIS,
    ENDED_HEADING,
    PROJECTION_BASIS,
    PROJECTION_HEADING,
)

if TYPE_CHECKING:
    from ....record.gamelog import GameLog, Replay

PAGE_FORMAT = "forex-replay"

SHOWN_KEYS = (
    "format",
    "version",
    "game",
    "file",
    "title",
    "players",
    "first",
    "seed",
    "house_rules",
    "moves",
    "at",
    "last_move",
    "pending",
    "board",
    "next_dividend",
    "state",
    "since",
    "standings",
    "signatures",
)
"""The keys of ``show --format json`` that the page lays out in their own place."""

SHOWN_STATE_KEYS = (
    "turn",
    "turn_player",
    "spot_done",
    "pending",
    "pairs",
    "players",
    "supply",
    "removed",
    "sold",
    "queue",
    "free_letters",
    "dividends_left",
    "bankrupt",
    "result",
)
"""The keys of its ``state`` that the page lays out; any other key of either goes to
the page's "More about this position" section, drawn generically."""

SHOWN_PLAYER_KEYS = ("name", "seat", "money", "certificates")
"""The keys of a ``state.players`` item shown in the money and certificate tables;
other keys become extra columns of the money table."""

SHOWN_QUEUE_KEYS = ("item", "letter", "owner", "pay", "receive", "owes", "left")
"""The keys of a ``state.queue`` item shown in the queue table; other keys become
extra columns of it."""


RISKS_BASIS = (
    "Can pay now, short, if resolved now: each item as if it were resolved now, with the money"
    " as held (only the front item can be resolved this turn)."
)
WORDS = {
    "ending": ENDINGS,
    "decided_by": DECIDED_BY,
    "standings": {
        "heading": PROJECTION_HEADING,
        "basis": PROJECTION_BASIS,
        "ended": ENDED_HEADING,
        "ended_basis": ENDED_BASIS,
        "risks": RISKS_BASIS,
    },
}
"""The page's phrases for codes of the show JSON, as ``show`` words them."""

# --------------------------------------------------------------------------- positions


def positions(log: GameLog, replay: Replay) -> list[dict[str, Any]]:
    """``show --at N --since N-1 --format json`` for N = 0 (without ``since``) to the last
    legal move: each position with the catch-up of the move that led to it."""
    return [
        _unknown_removed_shown(show_data(View(log, replay, at), None if at == 0 else at - 1))
        for at in range(replay.moves + 1)
    ]


def _unknown_removed_shown(shown: dict[str, Any]) -> dict[str, Any]:
    """A position of a log whose removed certificates are not known (``"removed": null``)
    as the page shows it: ``?`` for each removed count, ``≤8`` for the supply (at most)."""
    state = shown.get("state")
    if isinstance(state, dict) and "removed" in state and state["removed"] is None:
        supply = state["supply"]
        state["removed"] = {code: "?" for code in supply}
        state["supply"] = {code: f"\u2264{count}" for code, count in supply.items()}
    return shown


DEAL = AGREEMENT_WORDS[0]
"""What a move whose partner must agree is, in the signed lines (``spot deal``)."""


def page_data(shown: list[dict[str, Any]], at: int | None = None) -> dict[str, Any]:
    """What the page embeds, from :func:`positions`: the first position whole, the others
    as deltas, the position to open at (``at``, the last by default)."""
    start = len(shown) - 1 if at is None else at
    return {
        "format": PAGE_FORMAT,
        "version": PAGE_VERSION,
        "start": start,
        "currencies": list(CURRENCIES),
        "words": WORDS,
        "deal": DEAL,
        "shown": {
            "top": list(SHOWN_KEYS),
            "state": list(SHOWN_STATE_KEYS),
            "player": list(SHOWN_PLAYER_KEYS),
            "queue": list(SHOWN_QUEUE_KEYS),
        },
        "first": shown[0],
        "deltas": [delta(a, b) for a, b in pairwise(shown)],
    }


# --------------------------------------------------------------------------- the view


def awaiting_lines(signatures: dict[str, Any] | None) -> list[str]:
    """``Move 6: alice's spot deal with carol awaits carol's signature.``, one per deal."""
    if signatures is None:
        return []
    return [
        f"Move {a['move']}: {possessive(a['player'])} spot deal with {a['partner']} awaits"
        f" {possessive(a['partner'])} signature."
        for a in signatures["awaiting"]
    ]


def extras(data: dict[str, Any], known: tuple[str, ...]) -> dict[str, Any]:
    """The members of ``data`` the page has no place of its own for."""
    return {key: value for key, value in data.items() if key not in known}


def position_view(position: dict[str, Any]) -> dict[str, Any]:
    """The show JSON of one position arranged for the template (nothing computed anew)."""
    state = position["state"]
    spaces = {f"{p['stronger']}/{p['weaker']}": p["space"] for p in state["pairs"]}
    held: dict[str, list[str]] = {p["name"]: [] for p in state["players"]}
    for item in state["queue"]:
        if item.get("owner") in held:
            label = item["letter"] if item["item"] == "contract" else f"loan {item['letter']}"
            held[item["owner"]].append(label)
    summary = (position.get("since") or [None])[-1]
    catchup: list[str] = []
    if summary is not None:
        catchup = [
            *summary["events"],
            *(f"money: {line}" for line in summary["money"]),
            *summary["rates"],
            *summary["result"],
        ]
    player_extras = sorted(
        {key for p in state["players"] for key in p if key not in SHOWN_PLAYER_KEYS}
    )
    queue_extras = sorted(
        {key for item in state["queue"] for key in item if key not in SHOWN_QUEUE_KEYS}
    )
    standings = position.get("standings")
    signatures = position.get("signatures")
    last = position.get("last_move")
    return {
        "p": position,
        "signed": signed_line(signatures, last["number"], DEAL) if last else None,
        "sig": signatures,
        "keys": signature_rows(signatures),
        "awaiting": awaiting_lines(signatures),
        "s": state,
        "st": standings,
        "risks": standings["queue"] if standings else [],
        "exposure": exposure_rows(standings["exposure"] if standings else []),
        "spaces": spaces,
        "held": held,
        "catchup": catchup,
        "player_extras": player_extras,
        "queue_extras": queue_extras,
        "more": {
            **extras(position, SHOWN_KEYS),
            **extras(state, SHOWN_STATE_KEYS),
        },
    }


def exposure_rows(exposure: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """One row per player and currency they owe something in (``replay.js`` does the same)."""
    return [
        {
            "name": player["name"],
            "currency": code,
            "owes": owed,
            "holds": player["holds"][code],
            "short": player["short"][code],
        }
        for player in exposure
        for code, owed in player["owes"].items()
        if owed
    ]


def house_rules_words(house_rules: dict[str, str]) -> list[str]:
    """``each currency's conversion rounded down``: one phrase per house rule in force."""
    return [
        HOUSE_RULE_TEXTS.get(option, {}).get(value, f"{option}: {value}")
        for option, value in house_rules.items()
    ]


# --------------------------------------------------------------------------- the page


def chart_svg(replay: Replay, opening: int) -> str:
    """The strength chart for the page: no XML prolog, a cursor at ``opening``, and one
    strip per position to click (``data-move``, ``data-x`` its x)."""
    from ..svg import CHART_PLOT_BOTTOM, CHART_PLOT_TOP, chart_x, strength_chart_svg

    moves = replay.moves
    xs = [chart_x(move, moves) for move in range(moves + 1)]
    return with_strips(strength_chart_svg(replay), xs, CHART_PLOT_TOP, CHART_PLOT_BOTTOM, opening)


CODE_BACKGROUNDS = ("#ffffff", "#f4f6f8", "#fde2e2")
"""The backgrounds a currency's code stands on (a cell, a heading, a non-paying heading)."""


def _luminance(colour: str) -> float:
    """The relative luminance of ``#rrggbb`` (WCAG 2)."""
    channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def _contrast(one: str, other: str) -> float:
    low, high = sorted((_luminance(one), _luminance(other)))
    return (high + 0.05) / (low + 0.05)


def legible(colour: str, ratio: float = 4.6) -> str:
    """``colour`` darkened in its hue until text in it stands out from every background of
    ``CODE_BACKGROUNDS`` by ``ratio`` (WCAG AA asks 4.5:1 of text); itself if it does."""
    red, green, blue = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    shade = colour
    while min(_contrast(shade, back) for back in CODE_BACKGROUNDS) < ratio:
        red, green, blue = (int(c * 0.95) for c in (red, green, blue))
        shade = f"#{red:02x}{green:02x}{blue:02x}"
    return shade


def currency_css() -> str:
    """Each currency's code in its colour of the pictures (``svg.COLOURS``), darkened where
    that is too light to read as text on the page (``legible``)."""
    from ..svg import COLOURS

    return "".join(
        f'.cur[data-currency="{code}"] {{ color: {legible(COLOURS[code])}; }}\n'
        for code in CURRENCIES
    )


def replay_page(
    log: GameLog,
    replay: Replay,
    *,
    at: int | None = None,
    title: str | None = None,
    evaluation: Evaluation | None = None,
) -> str:
    """The replay page of the legal moves of ``replay``, opening after move ``at``
    (the last by default; a ``#move-N`` link opens at N); the marks of the verdicts in the
    notes, and the evaluation graph of ``evaluation`` (``forex html --eval``) if given."""
    from markupsafe import Markup

    from .... import __version__
    from ....record.seats import header_lines

    every = positions(log, replay)
    data = page_data(every, at)
    opening = data["start"]
    shown = every[opening]
    script = page_script("forex.js", __name__)
    style = asset("replay.css") + currency_css()
    if "</" in style:  # pragma: no cover - a packaging mistake
        raise ValueError("replay.css must not hold '</'")
    name = title or log.title or os.path.basename(log.filename)
    csp = policy(script, style)
    final = every[-1].get("signatures")
    marks = {
        entry.number: signed_line(final, entry.number, DEAL)
        for entry in log.entries[: replay.moves]
    }
    template = environment(__name__).get_template("replay.html.j2")
    return template.render(
        panels="forex.html.j2",
        game_title="For-Ex",
        name=name,
        log=log,
        total=replay.moves,
        opening=opening,
        currencies=CURRENCIES,
        words=data["words"],
        house=house_rules_words(shown["house_rules"]),
        engine_lines=header_lines(log),
        entries=log.entries[: replay.moves],
        marks=marks,
        source=os.path.basename(log.filename),
        version=__version__,
        csp=csp,
        script=Markup(script),
        style=Markup(style),
        data=Markup(script_json(data)),
        chart=Markup(chart_svg(replay, opening)),
        **annotation(log.entries[: replay.moves], evaluation, replay.moves, opening),
        **position_view(shown),
    )
