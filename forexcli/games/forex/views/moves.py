"""The ``moves`` report: the legal decisions of the awaited player, grouped, and the spot
deals that await their partner's signature."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from ....reporters import PLAIN, Style, clean, md, plural, table, text_width
from ....reporters.tables import cell, wrapped
from ..engine import CURRENCIES, Phase
from .common import View, pending_data, pending_text, signatures_of

MOVES_FORMAT = "forex-moves"


def _shown_moves(moves: Sequence[str], limit: int = 6) -> str:
    """Up to ``limit`` moves; more are cut to a few and ``...`` (to the first with limit 1)."""
    if len(moves) <= limit:
        return " | ".join(moves)
    if limit == 1:
        return f"{moves[0]} | ..."
    return f"{moves[0]} | {moves[1]} | ... | {moves[-1]}"


def _wanted(kind: str, kinds: Sequence[str]) -> bool:
    """Whether a group of ``kind`` is shown under ``--kind`` (``spot`` takes the spot actions)."""
    from ..moves import SPOT_ACTION

    return not kinds or kind in kinds or (kind == SPOT_ACTION and "spot" in kinds)


def moves_data(view: View, kinds: Sequence[str] = ()) -> dict[str, Any]:
    """``moves --format json``: every legal decision, grouped (the actions that only a spot
    makes possible in one group per spot, kind ``spot_action``), and the spot deals that
    await their partner's signature."""
    from ..moves import grouped_moves

    state = view.state
    declined, left_out = _declined(view)
    groups = [
        g
        for g in grouped_moves(state, with_spots=True, declined=declined)
        if _wanted(g.kind, kinds)
    ]
    data: dict[str, Any] = {
        "format": MOVES_FORMAT,
        "version": 1,
        "file": view.log.filename,
        "at": view.at,
        "pending": pending_data(state),
        "groups": [
            {"kind": g.kind, "label": g.label, "summary": g.summary, "moves": list(g.moves)}
            for g in groups
        ],
        "awaiting": _awaiting_data(view),
    }
    if left_out:
        data["declined"] = left_out
    return data


def _declined(view: View) -> tuple[Any, list[str]]:
    """The engine seats' answer to spot offers (a spot they decline: True), and the offers
    it leaves out of ``view``'s position, written; (None, []) without engine seats."""
    engines = view.log.header.get("engines")
    if not engines:
        return None, []
    from ..engine import Spot, legal_decisions
    from ..notation import write
    from ....replies import declines

    state = view.state
    refused = {
        d
        for d in legal_decisions(state)
        if isinstance(d, Spot) and declines(view.log, state, (d,)) is not None
    }
    return (lambda spot: spot in refused), sorted(write(d) for d in refused)


def declined_line(left_out: Sequence[str]) -> str:
    """``12 spot offers left out: the engine seats would decline them (...)``."""
    partners = sorted({text.split(" to ", 1)[1].split(" for ")[0] for text in left_out})
    return (
        f"{plural(len(left_out), 'spot offer')} to {', '.join(partners)} left out: the engine"
        " would decline them (its value would drop, or its queued debts would be left short)."
    )


def _awaiting_data(view: View) -> list[dict[str, Any]]:
    """The spot deals up to ``view.at`` that await their partner's countersignature."""
    check = signatures_of(view.log, view.replay)
    if check is None:
        return []
    return [
        {"move": number, "player": view.log.entries[number - 1].player, "partner": partner}
        for number, partner in sorted(check.awaiting.items())
        if number <= view.at
    ]


_SPOT_TEXT = re.compile(r"spot \S+ ([A-Z]{3}) to (.+) for \S+ ([A-Z]{3})")


def spot_offer_lines(spots: Sequence[str]) -> list[str]:
    """The plain spot offers for ``moves --all``, as ``#`` lines (a bare spot is no entry of
    its own): a count, then one line per partner and currency pair, with its count."""
    groups: dict[tuple[str, str], list[str]] = {}
    for text in spots:
        match = _SPOT_TEXT.fullmatch(text)
        if match is None:  # (the notation writes every spot so)
            groups.setdefault(("", ""), []).append(text)
            continue
        give, partner, get = match.groups()
        pair = "/".join(sorted((give, get), key=CURRENCIES.index))
        groups.setdefault((partner, pair), []).append(text)
    lines = [
        f"# {plural(len(spots), 'spot offer')}; a spot goes before the turn's action:"
        " spot ...; ACTION"
    ]
    for (partner, pair), texts in groups.items():
        head = f"with {partner}, {pair}" if partner else "other"
        lines.append(clean(f"# {head} ({len(texts)}): " + " | ".join(texts)))
    return lines


def moves_text(
    view: View,
    *,
    kinds: Sequence[str] = (),
    every: bool = False,
    markdown: bool = False,
    style: Style = PLAIN,
    width: int | None = None,
) -> str:
    """``moves``: the groups of legal decisions, or with ``every`` one per line.

    A text table wider than ``width`` wraps its "written as" and "notes" columns.

    With ``every`` each line is a whole entry as ``forex play`` takes it: a bare
    spot is not one, so the spots appear as ``spot ...; ACTION`` with the
    actions only they make possible, grouped by spot, after the other decisions.
    """
    from ..moves import SPOT_ACTION, grouped_moves

    state = view.state
    declined, left_out = _declined(view)
    groups = [
        g
        for g in grouped_moves(state, with_spots=True, declined=declined)
        if _wanted(g.kind, kinds)
    ]
    if every:
        playable = [g for g in groups if g.kind != "spot"]
        listed = [clean(move) for g in playable for move in g.moves]
        for group in groups:
            if group.kind == "spot":
                listed.extend(spot_offer_lines(group.moves))
        listed.extend(clean(f"# {line}") for line in awaiting_lines(view))
        if left_out and (not kinds or "spot" in kinds):
            listed.append(clean(f"# {declined_line(left_out)}"))
        return "".join(f"{line}\n" for line in listed)
    spot_actions = [m for g in groups if g.kind == SPOT_ACTION for m in g.moves]
    groups = [g for g in groups if g.kind != SPOT_ACTION]
    if spot_actions:
        from ..moves import MoveGroup

        by_spot = len({m.split(";")[0] for m in spot_actions})
        groups.append(
            MoveGroup(
                SPOT_ACTION,
                "spot, then",
                tuple(spot_actions),
                f"actions only a spot makes possible, after {plural(by_spot, 'spot')}"
                " (--all lists them)",
            )
        )
    text = pending_text(state)
    lines = [md(text) if markdown else style.heading(wrapped(clean(text), width)), ""]
    if not groups:
        lines.append("No legal decisions." if state.is_over else "No decisions of that kind.")
        return "\n".join(lines) + "\n"

    def rendered(limit: int, fit: int | None) -> str:
        rows = [
            [
                cell(g.label, markdown),
                str(len(g.moves)),
                cell(_shown_moves(g.moves, limit), markdown),
                cell(g.summary, markdown),
            ]
            for g in groups
        ]
        return table(
            rows,
            ["decision", "count", "written as", "notes"],
            markdown=markdown,
            align=["left", "right", "left", "left"],
            width=fit,
            wrap=[2, 3],
        )

    # Too wide for the terminal: one example per group (the notes give the ranges), wrapped.
    full = rendered(6, None)
    lines.append(full if width is None or text_width(full) <= width else rendered(1, width))
    if (
        state.pending.phase is Phase.TURN
        and state.free_letter() is None
        and (not kinds or "contract" in kinds)
    ):
        lines.extend(["", "No contract: all six letters A-F are in use."])
    if any(len(g.moves) > 6 for g in groups):
        hint = (
            "Every decision is written as `forex play` takes it; `--kind KIND` or `--all`"
            " lists them all."
        )
        lines.extend(["", hint if markdown else wrapped(hint, width)])
    if left_out and (not kinds or "spot" in kinds):
        line = declined_line(left_out)
        lines.extend(["", md(line) if markdown else wrapped(clean(line), width)])
    awaited = awaiting_lines(view)
    if awaited:
        lines.append("")
        lines.extend(md(line) if markdown else wrapped(clean(line), width) for line in awaited)
    return "\n".join(lines) + "\n"


def awaiting_lines(view: View) -> list[str]:
    """The spot deals up to ``view.at`` that await their partner's countersignature, each
    with how the partner gives it (raw text; none in an unsigned game)."""
    check = signatures_of(view.log, view.replay)
    if check is None:
        return []
    from ....record.signing import awaiting_text, sign_hint

    log = view.log
    return [
        f"{awaiting_text(log, number, partner)}; {sign_hint(log, number, partner)}"
        for number, partner in sorted(check.awaiting.items())
        if number <= view.at
    ]
