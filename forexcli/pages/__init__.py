"""The replay page: a whole game in one self-contained HTML file (``forex html``).

``replay_page(log, replay)`` returns one HTML document that needs nothing
else: no network, no font, no external script or style.  It holds

- every position of the game as ``show --format json`` gives it
  (``reporters.show.show_data`` with the catch-up of the move that led there),
  the first one whole and each next one as a :func:`delta` from the one
  before, in a ``<script type="application/json">`` block;
- the opening position (the last one unless ``at`` says otherwise) and the
  list of moves rendered as HTML by Jinja2 with autoescape, so that the page
  reads without JavaScript and prints;
- the strength chart of ``svg.strength_chart_svg`` inline, with a cursor and
  one invisible strip per move to click;
- one small plain script (``replay.js``) that steps through the positions and
  draws each with DOM calls (text only: it never parses HTML).  The script
  knows no rules: every number and sentence comes from the JSON, the
  standings too (the projection "if the game ended now", each queue item's
  risk as extra queue columns, the exposure: ``show``'s ``standings``).

A Content-Security-Policy allows only that script and that style (by their
SHA-256) and no request of any kind, so a note can neither run script nor
load anything even if it got past the escaping.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
from functools import cache
from importlib import resources
from itertools import pairwise
from typing import TYPE_CHECKING, Any

from ..games.forex.engine import CURRENCIES
from ..games.forex.views import DECIDED_BY, ENDINGS
from ..reporters.game import View
from ..reporters.show import HOUSE_RULE_TEXTS, show_data
from ..reporters.standings import (
    ENDED_BASIS,
    ENDED_HEADING,
    PROJECTION_BASIS,
    PROJECTION_HEADING,
)

if TYPE_CHECKING:
    from jinja2 import Environment

    from ..record.gamelog import GameLog, Replay

PAGE_FORMAT = "forex-replay"
PAGE_VERSION = 1

SHOWN_KEYS = (
    "format",
    "version",
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
        show_data(View(log, replay, at), None if at == 0 else at - 1)
        for at in range(replay.moves + 1)
    ]


def _same(a: Any, b: Any) -> bool:
    """Equal as JSON: ``1``, ``1.0`` and ``True`` differ."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(_same(v, b[k]) for k, v in a.items())
    if isinstance(a, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b)


def delta(old: Any, new: Any) -> Any:
    """A patch that turns the JSON value ``old`` into ``new`` (see :func:`apply_delta`).

    ``[value]`` replaces with ``value``; an object patches an object (or a list
    of the same length, by index), each key holding the patch of that member,
    ``[]`` for one to delete.  Members that are the same are left out.
    """
    if isinstance(old, dict) and isinstance(new, dict):
        patch: dict[str, Any] = {key: [] for key in old if key not in new}
        for key, value in new.items():
            if key not in old:
                patch[key] = [value]
            elif not _same(old[key], value):
                patch[key] = delta(old[key], value)
        return patch
    if isinstance(old, list) and isinstance(new, list) and len(old) == len(new):
        return {
            str(index): delta(a, b)
            for index, (a, b) in enumerate(zip(old, new, strict=True))
            if not _same(a, b)
        }
    return [new]


def apply_delta(old: Any, patch: Any) -> Any:
    """``old`` with ``patch`` applied (``replay.js`` does the same in the browser)."""
    if isinstance(patch, list):
        return patch[0]
    out: Any = list(old) if isinstance(old, list) else dict(old)
    for key, member in patch.items():
        index: int | str = int(key) if isinstance(out, list) else key
        if member == []:
            del out[index]
        elif isinstance(member, list):
            out[index] = member[0]
        else:
            out[index] = apply_delta(old[index], member)
    return out


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
        "shown": {
            "top": list(SHOWN_KEYS),
            "state": list(SHOWN_STATE_KEYS),
            "player": list(SHOWN_PLAYER_KEYS),
            "queue": list(SHOWN_QUEUE_KEYS),
        },
        "first": shown[0],
        "deltas": [delta(a, b) for a, b in pairwise(shown)],
    }


def script_json(data: Any) -> str:
    """``data`` as compact JSON safe inside ``<script>``: no ``<``, ``>``, ``&`` or line
    separators in it, so no ``</script>`` or comment can close the block early."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    for ch, escape in (
        ("<", "\\u003c"),
        (">", "\\u003e"),
        ("&", "\\u0026"),
        ("\u2028", "\\u2028"),
        ("\u2029", "\\u2029"),
    ):
        text = text.replace(ch, escape)
    return text


# --------------------------------------------------------------------------- the view


def signed_line(signatures: dict[str, Any] | None, number: int) -> str | None:
    """``Signed by alice; the spot deal awaits bob's signature.``: who signed move ``number``
    and whose signature its spot deal awaits, from show JSON's ``signatures`` (None in an
    unsigned game; ``replay.js`` words it the same)."""
    if signatures is None:
        return None
    by: list[str] = next((s["by"] for s in signatures["signed"] if s["move"] == number), [])
    partner = next((a["partner"] for a in signatures["awaiting"] if a["move"] == number), None)
    said = "signed by " + " and ".join(by) if by else "not signed"
    if partner is not None:
        said += f"; the spot deal awaits {partner}'s signature"
    return said[0].upper() + said[1:] + "."


def signature_rows(signatures: dict[str, Any] | None) -> list[dict[str, str]]:
    """One row per player with a key: the fingerprint and how the key came into the log."""
    if signatures is None:
        return []
    return [
        {
            "name": name,
            "fingerprint": key["fingerprint"] or "(a key that cannot be read)",
            "added": "given at set-up"
            if key["since"] is None
            else f"on first use, with move {key['since']}",
        }
        for name, key in signatures["keys"].items()
    ]


def awaiting_lines(signatures: dict[str, Any] | None) -> list[str]:
    """``Move 6: alice's spot deal with carol awaits carol's signature.``, one per deal."""
    if signatures is None:
        return []
    return [
        f"Move {a['move']}: {a['player']}'s spot deal with {a['partner']} awaits"
        f" {a['partner']}'s signature."
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
        "signed": signed_line(signatures, last["number"]) if last else None,
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


def asset(name: str) -> str:
    """A file of this package (the scripts, the styles) as text."""
    return resources.files(__name__).joinpath(name).read_text(encoding="utf-8")


@cache
def environment() -> Environment:
    """The Jinja2 environment of the page templates (autoescape, strict, the filters)."""
    from jinja2 import Environment, PackageLoader, StrictUndefined

    environment = Environment(
        loader=PackageLoader(__name__, ""),
        autoescape=True,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    environment.filters["number"] = js_number
    environment.filters["coins"] = coins
    return environment


def js_number(value: float) -> str:
    """A JSON number written as JavaScript writes it: ``10.0`` as ``10``, ``2.5`` as ``2.5``."""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def page_script(game_script: str) -> str:
    """The page's one script: ``replay.js`` (the stepping, the helpers) then the game's own
    (its ``render``); neither may hold ``</``."""
    script = asset("replay.js") + asset(game_script)
    if "</" in script:  # pragma: no cover - a packaging mistake
        raise ValueError(f"replay.js and {game_script} must not hold '</'")
    return script


def coins(amount: int) -> str:
    """An amount with thousands separators, ``1,000`` (``replay.js``'s ``coins`` the same)."""
    return f"{amount:,}"


def policy(script: str, style: str) -> str:
    """The Content-Security-Policy of a page: only its one script and style (by their
    SHA-256), no request of any kind."""
    return (
        "default-src 'none'; img-src data:; "
        f"script-src '{_sha256(script)}'; style-src '{_sha256(style)}'; "
        "base-uri 'none'; form-action 'none'"
    )


def _sha256(text: str) -> str:
    return "sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode()


def chart_svg(replay: Replay, opening: int) -> str:
    """The strength chart for the page: no XML prolog, a cursor at ``opening``, and one
    strip per position to click (``data-move``, ``data-x`` its x)."""
    from ..games.forex.svg import CHART_PLOT_BOTTOM, CHART_PLOT_TOP, chart_x, strength_chart_svg

    moves = replay.moves
    xs = [chart_x(move, moves) for move in range(moves + 1)]
    return with_strips(strength_chart_svg(replay), xs, CHART_PLOT_TOP, CHART_PLOT_BOTTOM, opening)


def with_strips(svg: str, xs: list[float], top: float, bottom: float, opening: int) -> str:
    """A chart made ready for a page: no XML prolog, one invisible strip per position
    (``data-move``; ``data-x`` the position's x, ``xs``) between ``top`` and ``bottom`` to
    click, and a cursor at the x of ``opening``."""
    svg = svg.split("\n", 1)[1] if svg.startswith("<?xml") else svg
    moves = len(xs) - 1
    parts = ['<g id="chart-strips" class="strips">']
    for move, x in enumerate(xs):
        left = (x + xs[move - 1]) / 2 if move else x - 4
        right = (x + xs[move + 1]) / 2 if move < moves else x + 4
        label = f"after move {move}" if move else "the start"
        parts.append(
            f'<rect class="strip" data-move="{move}" data-x="{x:.2f}" x="{left:.2f}"'
            f' y="{top}" width="{right - left:.2f}" height="{bottom - top}"'
            f' fill="transparent"><title>{label}</title></rect>'
        )
    parts.append("</g>")
    x = xs[opening]
    parts.append(
        f'<line id="chart-cursor" x1="{x:.2f}" x2="{x:.2f}" y1="{top}" y2="{bottom}"'
        ' stroke="#111111" stroke-width="1.5" pointer-events="none"/>'
    )
    cut = svg.rindex("</svg>")
    return svg[:cut] + "\n".join(parts) + "\n" + svg[cut:]


def currency_css() -> str:
    """Each currency's code in its colour of the pictures (``svg.COLOURS``)."""
    from ..games.forex.svg import COLOURS

    return "".join(
        f'.cur[data-currency="{code}"] {{ color: {COLOURS[code]}; }}\n' for code in CURRENCIES
    )


def replay_page(
    log: GameLog, replay: Replay, *, at: int | None = None, title: str | None = None
) -> str:
    """The replay page of the legal moves of ``replay``, opening after move ``at``
    (the last by default; a ``#move-N`` link opens at N)."""
    from markupsafe import Markup

    from .. import __version__
    from ..record.seats import header_lines

    every = positions(log, replay)
    data = page_data(every, at)
    opening = data["start"]
    shown = every[opening]
    script = page_script("forex.js")
    style = asset("replay.css") + currency_css()
    if "</" in style:  # pragma: no cover - a packaging mistake
        raise ValueError("replay.css must not hold '</'")
    name = title or log.title or os.path.basename(log.filename)
    csp = policy(script, style)
    final = every[-1].get("signatures")
    marks = {
        entry.number: signed_line(final, entry.number) for entry in log.entries[: replay.moves]
    }
    template = environment().get_template("replay.html.j2")
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
        **position_view(shown),
    )
