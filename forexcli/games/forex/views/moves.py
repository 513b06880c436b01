"""The ``moves`` report: the legal decisions of the awaited player, grouped, and the spot
deals that await their partner's signature."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ....reporters import PLAIN, Style, clean, md, plural, table, wrap_line
from ....reporters.tables import cell, fitted_commands, wrapped
from ....streams import DEFAULT_WIDTH
from ..rules import CURRENCIES, GameState, Phase
from .common import View, pending_data, pending_text, signatures_of

if TYPE_CHECKING:
    from ..moves import MoveGroup

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
    await their partner's signature. A group's ``prefix`` is true for the spot transactions
    (kind ``spot``): optional prefixes written before an action (``spot ...; ACTION``), not
    decisions on their own; false for the others, whose entries ``forex play`` takes. A
    group's ``by``, ``count``, ``entries`` and ``complete`` (always true: every entry is
    listed) are every game's names (``moves`` is kept for
    old scripts); the frame adds the head every game's document has
    (``reporters.record.moves_head``)."""
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
            {
                "kind": g.kind,
                "label": g.label,
                "summary": g.summary,
                "prefix": g.kind == "spot",
                "moves": list(g.moves),
                "by": state.pending_player,
                "count": len(g.moves),
                "entries": list(g.moves),
                "complete": True,
            }
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
    from ....replies import declines
    from ..notation import write
    from ..rules import Spot, legal_decisions

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
_CONTRACT_TEXT = re.compile(r"contract (\S+) ([A-Z]{3}) for (\S+) ([A-Z]{3})")

Row = tuple[str, str, str, str]
"""A row of the grouped ``moves``: decision, count, written as, notes."""


def summary_rows(groups: Sequence[MoveGroup]) -> list[Row]:
    """The groups of ``moves`` folded to a few rows: the contracts in one (``pair_ranges``
    gives them per pair), the spot offers in one summed per partner, the actions that only
    a spot makes possible in one."""
    from ..moves import SPOT_ACTION

    rows: list[Row] = []
    contracts = [m for g in groups if g.kind == "contract" for m in g.moves]
    spot_actions = [m for g in groups if g.kind == SPOT_ACTION for m in g.moves]
    for group in groups:
        if group.kind in ("contract", SPOT_ACTION):
            continue
        if group.kind == "spot":
            written = f"{group.moves[0]}; ACTION | ..."
            rows.append(("spot", str(len(group.moves)), written, spot_note(group)))
            continue
        rows.append((group.label, str(len(group.moves)), _shown_moves(group.moves), group.summary))
    if spot_actions:
        by_spot = len({m.split(";")[0] for m in spot_actions})
        rows.append(
            (
                "spot, then",
                str(len(spot_actions)),
                _shown_moves(spot_actions, 1),
                f"actions only a spot makes possible, after {plural(by_spot, 'spot')}",
            )
        )
    if contracts:
        letter = next(g.summary for g in groups if g.kind == "contract").split(":")[0]
        note = f"{letter}; by currency pair, either currency paid:"
        rows.append(("contract", str(len(contracts)), _shown_moves(contracts, 1), note))
    return rows


def spot_note(group: MoveGroup) -> str:
    """The spot offers summed per partner: ``before the action; with gus 24, ivo 20``."""
    partners: dict[str, int] = {}
    for text in group.moves:
        match = _SPOT_TEXT.fullmatch(text)
        partner = match.group(2) if match else "?"
        partners[partner] = partners.get(partner, 0) + 1
    return "before the turn's action; with " + ", ".join(f"{p} {n}" for p, n in partners.items())


def summary_text(rows: Sequence[Row], width: int) -> list[str]:
    """``rows`` as text: ``decision (count)`` then what it is written as and its notes,
    wrapped under a hanging indent to fit ``width``."""
    heads = [head if count == "1" else f"{head} ({count})" for head, count, _, _ in rows]
    indent = min(max(len(head) for head in heads) + 2, 20)
    lines = []
    for head, (_, _, written, notes) in zip(heads, rows, strict=True):
        body = clean(f"{written} \u2014 {notes}" if notes else written)
        first = head.ljust(indent) if len(head) < indent else head + "  "
        lines.extend(
            wrap_line(first + body, max(width, indent + 20), subsequent_indent=" " * indent)
        )
    return lines


def pair_ranges(groups: Sequence[MoveGroup]) -> list[tuple[str, str, str]]:
    """Per currency pair, its contracts as a range, ``contract 1-10 GBP for 1.5-15 USD``
    (the pair's first currency paid; the reverse is as legal) and how many there are,
    both directions: (pair, range, count)."""
    directions = {g.label: g for g in groups if g.kind == "contract"}
    rows = []
    for group in directions.values():
        low = _CONTRACT_TEXT.fullmatch(group.moves[0])
        high = _CONTRACT_TEXT.fullmatch(group.moves[-1])
        if low is None or high is None:  # (the notation writes every contract so)
            continue
        pay_c, recv_c = low.group(2), low.group(4)
        if CURRENCIES.index(pay_c) > CURRENCIES.index(recv_c):
            continue
        back = directions.get(f"contract {recv_c} for {pay_c}")
        count = len(group.moves) + (len(back.moves) if back else 0)
        pay = low.group(1) if low.group(1) == high.group(1) else f"{low.group(1)}-{high.group(1)}"
        get = low.group(3) if low.group(3) == high.group(3) else f"{low.group(3)}-{high.group(3)}"
        rows.append((f"{pay_c}/{recv_c}", f"contract {pay} {pay_c} for {get} {recv_c}", str(count)))
    return rows


def pair_grid(cells: Sequence[str], width: int, indent: str = "  ") -> list[str]:
    """``cells`` in as many columns as fit ``width``, read across."""
    cell_width = max(len(c) for c in cells)
    gap = 3
    across = max(1, (width - len(indent) + gap) // (cell_width + gap))
    lines = []
    for start in range(0, len(cells), across):
        row = [c.ljust(cell_width) for c in cells[start : start + across]]
        lines.append((indent + (" " * gap).join(row)).rstrip())
    return lines


def range_hint(groups: Sequence[MoveGroup], pairs: Sequence[tuple[str, str, str]]) -> list[str]:
    """How a contract range reads, then a contract each way as ``forex play`` takes it."""
    _, written, _ = pairs[min(1, len(pairs) - 1)]
    pay_c, recv_c = written.split()[2], written.split()[-1]
    group = next(g for g in groups if g.label == f"contract {pay_c} for {recv_c}")
    at = min(3, len(group.moves) - 1)
    examples = [group.moves[at]]
    reverse = next((g for g in groups if g.label == f"contract {recv_c} for {pay_c}"), None)
    if reverse is not None:
        examples.append(reverse.moves[min(at, len(reverse.moves) - 1)])
    return [
        f"A range such as {written[9:]} is every contract between its ends, in steps of 1"
        " of the stronger currency, either currency paid; written as `forex play` takes it:",
        *examples,
    ]


def playable_lines(state: GameState, groups: Sequence[MoveGroup]) -> list[str]:
    """``moves --all`` and ``--kind``: every decision of ``groups``, one per line as
    ``forex play`` takes it. A bare spot is no entry: each spot offer comes with the
    actions only it makes possible, else with the first action legal after it."""
    from ..moves import SPOT_ACTION

    lines = [m for g in groups if g.kind not in ("spot", SPOT_ACTION) for m in g.moves]
    after_spot: dict[str, list[str]] = {}
    for group in groups:
        if group.kind == SPOT_ACTION:
            for move in group.moves:
                after_spot.setdefault(move.split(";")[0], []).append(move)
    offers = [m for g in groups if g.kind == "spot" for m in g.moves]
    if not offers:
        return lines + [m for ms in after_spot.values() for m in ms]
    from ..notation import write
    from ..rules import Spot, apply, legal_decisions

    spots = {write(d): d for d in legal_decisions(state) if isinstance(d, Spot)}
    for offer in offers:
        if offer in after_spot:
            lines.extend(after_spot[offer])
            continue
        spot = spots.get(offer)
        then = legal_decisions(apply(state, spot)) if spot is not None else []
        if then:
            lines.append(f"{offer}; {write(then[0])}")
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
    """``moves``: the groups of legal decisions folded to a few rows (``summary_rows``;
    the contracts per pair as ranges, ``pair_ranges``), wrapped to ``width``; or with
    ``every`` one whole entry per line as ``forex play`` takes it (``playable_lines``)."""
    from ..moves import grouped_moves

    state = view.state
    declined, left_out = _declined(view)
    groups = [
        g
        for g in grouped_moves(state, with_spots=True, declined=declined)
        if _wanted(g.kind, kinds)
    ]
    if every:
        listed = [clean(line) for line in playable_lines(state, groups)]
        if left_out and (not kinds or "spot" in kinds):
            said = wrapped(clean(declined_line(left_out)), None if width is None else width - 2)
            listed.extend(f"# {line}" for line in said.splitlines())  # each a comment
        return "".join(f"{line}\n" for line in listed)
    text = pending_text(state)
    lines = [md(text) if markdown else style.heading(wrapped(clean(text), width)), ""]
    if not groups:
        lines.append("No legal decisions." if state.is_over else "No decisions of that kind.")
        return "\n".join(lines) + "\n"
    rows = summary_rows(groups)
    pairs = pair_ranges(groups)
    if markdown:
        rows.extend(
            (f"contract {pair}", count, written, "or the reverse") for pair, written, count in pairs
        )
        lines.append(
            table(
                [[cell(part, True) for part in row] for row in rows],
                ["decision", "count", "written as", "notes"],
                markdown=True,
                align=["left", "right", "left", "left"],
            )
        )
    else:
        lines.extend(summary_text(rows, width or DEFAULT_WIDTH))
        if pairs:
            lines.extend(
                pair_grid([written[9:] for _, written, _ in pairs], width or DEFAULT_WIDTH)
            )
    if (
        state.pending.phase is Phase.TURN
        and state.free_letter() is None
        and (not kinds or "contract" in kinds)
    ):
        lines.extend(["", "No contract: all six letters A-F are in use."])
    if pairs:
        how, *examples = range_hint(groups, pairs)
        lines.extend(["", how if markdown else wrapped(how, width)])
        lines.extend([""] if markdown else [])
        lines.extend(f"    {line}" for line in examples)
    if any(len(g.moves) > 6 for g in groups):
        hint = (
            "Each decision is written as `forex play` takes it; `--kind KIND` lists every"
            " one of a kind, `--all` every decision, one per line."
        )
        lines.extend(["", hint if markdown else wrapped(hint, width)])
    if left_out and (not kinds or "spot" in kinds):
        line = declined_line(left_out)
        lines.extend(["", md(line) if markdown else wrapped(clean(line), width)])
    awaited = awaiting_lines(view)
    if awaited:
        lines.append("")
        lines.extend(
            md(line) if markdown else fitted_commands(clean(line), width) for line in awaited
        )
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
