"""The page frame every game's replay page is built on (``forex html``): one self-contained
HTML file that needs no network, no font, no external script or style.

A game's page (``games/<g>/page/``) gives its positions as JSON, its panels (a Jinja2
template with the macros ``meta()``, ``position()`` and ``caption()``) and its script (a
``render`` of one position); this frame gives the rest: ``replay.html.j2`` (the controls,
the move list, the chart, the embedded data), ``replay.js`` (the stepping, the helpers),
``replay.css``, the deltas between positions (:func:`delta`, undone by :func:`apply_delta`
and by ``replay.js``), JSON safe inside ``<script>``, the chart's strips and cursor, the
signature lines, and the Content-Security-Policy that allows only the page's one script and
one style (by their SHA-256) and no request of any kind, so that a note can neither run
script nor load anything even if it got past the escaping.
"""

from __future__ import annotations

import base64
import hashlib
import json
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any, NamedTuple

from ..words import possessive, verb_for

if TYPE_CHECKING:
    from jinja2 import Environment

PAGE_VERSION = 1
"""The version of the data every page embeds (its ``format`` is the game's)."""

# --------------------------------------------------------------------------- the data


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


# --------------------------------------------------------------------------- signatures


def signed_line(signatures: dict[str, Any] | None, number: int, deal: str = "move") -> str | None:
    """``Signed by alice; the move awaits bob's signature.``: who signed move ``number`` and
    whose signature it awaits, called ``deal`` (the game's word, ``Game.agreement_words``),
    from show JSON's ``signatures`` (None in an unsigned game; ``replay.js`` words it the
    same)."""
    if signatures is None:
        return None
    by: list[str] = next((s["by"] for s in signatures["signed"] if s["move"] == number), [])
    partner = next((a["partner"] for a in signatures["awaiting"] if a["move"] == number), None)
    said = "signed by " + " and ".join(by) if by else "not signed"
    if partner is not None:
        said += f"; the {deal} awaits {possessive(partner)} signature"
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


# --------------------------------------------------------------------------- the page


def asset(name: str, package: str = __name__) -> str:
    """A file of ``package`` (the frame's by default: the scripts, the styles) as text."""
    return resources.files(package).joinpath(name).read_text(encoding="utf-8")


@cache
def environment(package: str) -> Environment:
    """The Jinja2 environment of a game's page: its templates from the game's page package
    ``package``, then the frame's (``replay.html.j2``); autoescape, strict, the filters, and
    ``verb_for`` (a verb as a player's name takes it: ``you pay``)."""
    from jinja2 import ChoiceLoader, Environment, PackageLoader, StrictUndefined

    environment = Environment(
        loader=ChoiceLoader([PackageLoader(package, ""), PackageLoader(__name__, "")]),
        autoescape=True,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    environment.filters["number"] = js_number
    environment.filters["coins"] = coins
    environment.globals["verb_for"] = verb_for
    return environment


def js_number(value: float) -> str:
    """A JSON number written as JavaScript writes it: ``10.0`` as ``10``, ``2.5`` as ``2.5``."""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def page_script(game_script: str, package: str) -> str:
    """The page's one script: ``replay.js`` (the stepping, the helpers) then the game's own
    (its ``render``, the file ``game_script`` of its page package ``package``); neither may
    hold ``</``."""
    script = asset("replay.js") + asset(game_script, package)
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


def with_strips(
    svg: str, xs: list[float], top: float, bottom: float, opening: int, name: str = "chart"
) -> str:
    """A chart made ready for a page: no XML prolog, one invisible strip per position
    (``data-move``; ``data-x`` the position's x, ``xs``) between ``top`` and ``bottom`` to
    click, and a cursor at the x of ``opening`` (ids ``NAME-strips``, ``NAME-cursor``). The
    strips are hidden from a screen reader (their tooltips are the move list's)."""
    svg = svg.split("\n", 1)[1] if svg.startswith("<?xml") else svg
    moves = len(xs) - 1
    parts = [f'<g id="{name}-strips" class="strips" aria-hidden="true">']
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
        f'<line id="{name}-cursor" x1="{x:.2f}" x2="{x:.2f}" y1="{top}" y2="{bottom}"'
        ' stroke="#111111" stroke-width="1.5" pointer-events="none"/>'
    )
    cut = svg.rindex("</svg>")
    return svg[:cut] + "\n".join(parts) + "\n" + svg[cut:]


# --------------------------------------------------------------------------- annotation


class Evaluation(NamedTuple):
    """The evaluation graph's data (``forex html --eval``): ``chance_series``'s points, the
    players in seat order, the search's budget in words (``200 simulations``) and seed."""

    series: list[dict[str, Any]]
    players: list[str]
    budget: str
    seed: int
