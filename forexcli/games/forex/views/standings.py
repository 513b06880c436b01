"""Standings and risks as text, markdown, JSON-ready data and message lines.

The numbers come from :mod:`forexcli.games.forex.standings` (the engine's own scoring
and resolving); this module only words and lays them out.  Phrases are
built raw and cleaned (or escaped) where they are printed.
"""

from __future__ import annotations

from typing import Any

from ....reporters import PLAIN, Style, clean, table, text_width
from ....reporters.tables import cell, section_heading, wrapped
from ....words import possessive, says
from ..rules import (
    CURRENCIES,
    Contract,
    DividendStack,
    GameState,
    Loan,
    Result,
    money_text,
)
from ..standings import (
    BANKRUPTCY,
    DIVIDEND,
    MERGED,
    NEW_LOAN,
    PAID,
    Projection,
    QueueRisk,
    exposures,
    projection,
    queue_risks,
)
from . import conversion_sentence, next_dividend

PROJECTION_HEADING = "If the game ended now (a projection)"
PROJECTION_BASIS = (
    "What the final scoring would give now: the money as held, the queue not settled."
)
ENDED_HEADING = "The result for each choice (a projection)"
ENDED_BASIS = "The game has ended; the scores depend on the strongest currency still to be chosen."
_DECIDED = {
    "pairs": "stronger in the most pairs",
    "certificates": "tied on pairs, most certificates in hands",
}


def _owes_text(owes: tuple[int, ...]) -> str:
    return ", ".join(money_text(amount, c) for c, amount in enumerate(owes) if amount)


def _names(codes: tuple[int, ...]) -> str:
    names = [CURRENCIES[c] for c in codes]
    return ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else names[0]


def strongest_text(proj: Projection) -> str:
    """``Strongest currency: USD (stronger in the most pairs).``, or the tie (raw)."""
    if not proj.tied:
        currency = proj.candidates[0]
        return (
            f"Strongest currency: {CURRENCIES[currency]}"
            f" ({_DECIDED.get(proj.decided_by, proj.decided_by)})."
        )
    how = "on pairs" if proj.decided_by == "pairs" else "on pairs and on certificates in hands"
    return (
        f"Strongest currency: a tie between {_names(proj.candidates)} ({how}); the player of"
        " the last turn would choose."
    )


# --------------------------------------------------------------------------- the queue


def item_label(item: object) -> str:
    """``contract A``, ``loan B`` or ``dividends``."""
    if isinstance(item, Contract):
        return f"contract {item.letter}"
    if isinstance(item, Loan):
        return f"loan {item.letter}"
    return "dividends"


def short_text(risk: QueueRisk) -> str:
    """``2.5 USD, 1 EUR``: what the owner lacks; empty when they can pay."""
    return ", ".join(money_text(amount, c) for c, amount in risk.short)


def outcome_text(state: GameState, risk: QueueRisk) -> str:
    """What resolving the item now would do, in a phrase (raw)."""
    item = risk.item
    if risk.outcome == DIVIDEND or isinstance(item, DividendStack):
        text = next_dividend(state)
        if state.dividends_left == 1:
            text += "; then the queue is settled and the game ends"
        return text
    who = state.players[item.owner]
    if risk.outcome == PAID:
        return "paid"
    if risk.outcome == NEW_LOAN and risk.loan is not None:
        return (
            f"becomes loan {risk.loan.letter} of {_owes_text(risk.loan.owes)}"
            f" (then #{risk.loan_position}, at the back)"
        )
    if risk.outcome == MERGED and risk.loan is not None:
        place = "goes to the back" if risk.moved_back else "keeps its place"
        return (
            f"merges into {possessive(who)} loan {risk.loan.letter}, which then owes"
            f" {_owes_text(risk.loan.owes)} and {place}; letter {item.letter} is freed"
        )
    if risk.outcome == BANKRUPTCY:
        text = f"{says(who, 'is')} bankrupt: the game ends"
        if risk.ending is not None:
            winners = ", ".join(state.players[s] for s in risk.ending.winners())
            text += f", won by {winners} ({CURRENCIES[risk.ending.strongest]})"
        return text
    return risk.outcome


def risks_text(
    state: GameState, *, markdown: bool = False, style: Style = PLAIN, width: int | None = None
) -> str:
    """The queue item by item: can its owner pay it now, and what resolving it now would do."""
    risks = queue_risks(state)
    rows = []
    for risk in risks:
        owner = risk.owner
        dividend = owner is None
        rows.append(
            [
                str(risk.position),
                item_label(risk.item),
                "" if owner is None else cell(state.players[owner], markdown),
                "" if dividend else ("yes" if risk.can_pay else "no"),
                "" if dividend else (short_text(risk) or "-"),
                cell(outcome_text(state, risk), markdown),
            ]
        )
    parts = [
        section_heading(
            wrapped("Queue risks: each item if it were resolved now", None if markdown else width),
            markdown,
            style,
        ),
        wrapped(
            "With the money as held now (only the front item can be resolved this turn).",
            None if markdown else width,
        ),
        "",
    ]
    if rows:
        parts.append(
            table(
                rows,
                ["#", "item", "owner", "can pay now", "short", "if resolved now"],
                markdown=markdown,
                align=["right", "left", "left", "left", "left", "left"],
                width=width,
                wrap=[1, 2, 4, 5],
                stack=True,
            )
        )
    else:
        parts.append("(the queue is empty)")
    return "\n".join(parts)


def exposure_text(
    state: GameState, *, markdown: bool = False, style: Style = PLAIN, width: int | None = None
) -> str:
    """Per player and currency: what they owe in the queue, what they hold, the gap."""
    rows = []
    for exposure in exposures(state):
        name = cell(state.players[exposure.seat], markdown)
        for c, owed in enumerate(exposure.owes):
            if owed:
                gap = exposure.short[c]
                rows.append(
                    [
                        name,
                        CURRENCIES[c],
                        money_text(owed, c),
                        money_text(exposure.holds[c], c),
                        money_text(gap, c) if gap else "-",
                    ]
                )
    parts = [
        section_heading(
            wrapped("Exposure: owed in the queue against money held", None if markdown else width),
            markdown,
            style,
        ),
        "",
    ]
    if rows:
        parts.append(
            table(
                rows,
                ["player", "currency", "owes in the queue", "holds", "short"],
                markdown=markdown,
                align=["left", "left", "right", "right", "right"],
                width=width,
                wrap=[0],
                stack=True,
            )
        )
    else:
        parts.append("Nobody owes anything in the queue.")
    return "\n".join(parts)


# --------------------------------------------------------------------------- projection


def score_table(
    state: GameState, result: Result, *, markdown: bool = False, width: int | None = None
) -> tuple[str, list[str]]:
    """The scores of ``result`` as a table (rank, player, total, from each currency, certs).

    Returns the table and the legend lines it needs: a text table wider than ``width``
    names its columns by currency alone and says in the legend what they hold.
    """
    strongest = CURRENCIES[result.strongest]
    order = sorted(range(len(state.players)), key=lambda s: (result.ranks[s], s))

    def rows_of(mark_bankrupt: bool) -> list[list[str]]:
        rows = []
        for seat in order:
            name = cell(state.players[seat], markdown)
            if seat == result.bankrupt and mark_bankrupt:
                name += " (bankrupt)"
            rows.append(
                [
                    str(result.ranks[seat]),
                    name,
                    str(result.totals[seat]),
                    *(str(v) for v in result.converted[seat]),
                    str(state.certs[seat][result.strongest]),
                ]
            )
        return rows

    align = ["right", "left", *("right" for _ in range(len(CURRENCIES) + 2))]
    headers = [
        "rank",
        "player",
        f"total {strongest}",
        *(f"from {c}" for c in CURRENCIES),
        f"{strongest} certs",
    ]
    grid = table(rows_of(True), headers, markdown=markdown, align=align)
    legend: list[str] = []
    if width is not None and not markdown and text_width(grid) > width:
        short = ["#", "player", "total", *CURRENCIES, "certs"]
        grid = table(rows_of(False), short, align=align, width=width, wrap=[1], stack=True)
        legend = [
            f"Columns {CURRENCIES[0]} to {CURRENCIES[-1]}: the money from each currency in"
            f" {strongest}; certs: {strongest} certificates."
        ]
        if result.bankrupt is not None:
            legend.append(f"{clean(state.players[result.bankrupt])} went bankrupt.")
    return grid, legend


def projection_text(
    state: GameState, *, markdown: bool = False, style: Style = PLAIN, width: int | None = None
) -> str:
    """The clearly labelled ``If the game ended now`` section."""
    proj = projection(state)
    if state.ending is None:
        heading, basis = PROJECTION_HEADING, PROJECTION_BASIS
    else:
        heading, basis = ENDED_HEADING, ENDED_BASIS
    fill = None if markdown else width
    parts = [section_heading(heading, markdown, style), basis]
    if not proj.tied:
        result = proj.results[0]
        leaders = ", ".join(state.players[s] for s in result.winners())
        parts.append(
            f"{strongest_text(proj)} {conversion_sentence(state, CURRENCIES[result.strongest])}"
            f" {'Leaders' if len(result.winners()) > 1 else 'Leader'}: {cell(leaders, markdown)}."
        )
        grid, legend = score_table(state, result, markdown=markdown, width=width)
        parts = [parts[0], *(wrapped(line, fill) for line in [*parts[1:], *legend]), "", grid]
        return "\n".join(parts)
    parts.append(
        f"{strongest_text(proj)} {conversion_sentence(state, 'the chosen currency')}"
        " The projection for each candidate:"
    )
    rows = []
    for seat, name in enumerate(state.players):
        cells = [cell(name, markdown) + (" (bankrupt)" if seat == state.bankrupt else "")]
        for result in proj.results:
            cells.extend([str(result.totals[seat]), str(result.ranks[seat])])
        rows.append(cells)
    headers = ["player"]
    for currency in proj.candidates:
        code = CURRENCIES[currency]
        headers.extend([f"total if {code}", f"rank if {code}"])
    parts.extend(
        [
            "",
            table(
                rows,
                headers,
                markdown=markdown,
                align=["left", *("right" for _ in headers[1:])],
                width=width,
                wrap=[0],
                stack=True,
            ),
        ]
    )
    parts[1:3] = [wrapped(line, fill) for line in parts[1:3]]
    return "\n".join(parts)


def standings_text(
    state: GameState, *, markdown: bool = False, style: Style = PLAIN, width: int | None = None
) -> str:
    """For ``show`` before the result: the projection, the queue risks, the exposure.

    Empty once the game is over (the result is shown instead); after the game
    has ended and only the strongest-currency choice is awaited, the
    projection alone (no item of the queue will be resolved).
    """
    if state.is_over:
        return ""
    parts = [projection_text(state, markdown=markdown, style=style, width=width)]
    if state.ending is None:
        parts.append(risks_text(state, markdown=markdown, style=style, width=width))
        parts.append(exposure_text(state, markdown=markdown, style=style, width=width))
    return "\n\n".join(parts)


# --------------------------------------------------------------------------- messages


def _ranking(state: GameState, totals: tuple[int, ...], ranks: tuple[int, ...], code: str) -> str:
    order = sorted(range(len(state.players)), key=lambda s: (ranks[s], s))
    return ", ".join(f"{ranks[s]}. {state.players[s]} {totals[s]} {code}" for s in order)


def standings_lines(state: GameState) -> list[str]:
    """Short lines for messages (raw): the projection, and the items that could not be paid."""
    if state.is_over:
        return []
    proj = projection(state)
    head = (
        "If the game ended now (a projection, money as held):"
        if state.ending is None
        else "The game has ended, the strongest currency still to be chosen:"
    )
    if proj.tied:
        options = "; ".join(
            f"with {CURRENCIES[r.strongest]}:"
            f" {_ranking(state, r.totals, r.ranks, CURRENCIES[r.strongest])}"
            for r in proj.results
        )
        lines = [
            f"{head} {_names(proj.candidates)} tie for strongest (the last player would"
            f" choose); {options}."
        ]
    else:
        r = proj.results[0]
        code = CURRENCIES[r.strongest]
        lines = [f"{head} {code} strongest; {_ranking(state, r.totals, r.ranks, code)}."]
    risks = [r for r in queue_risks(state) if r.outcome != DIVIDEND]
    unpaid = [r for r in risks if not r.can_pay]
    if unpaid:
        phrases = [
            f"{item_label(r.item)} ({state.players[r.owner or 0]}) short {short_text(r)}:"
            f" {outcome_text(state, r)}"
            for r in unpaid
        ]
        lines.append("Queue risks, if resolved now: " + "; ".join(phrases) + ".")
    elif risks:
        lines.append("Every contract and loan in the queue could be paid now.")
    return lines


# --------------------------------------------------------------------------- data


def _amount(halves: int) -> int | float:
    return halves // 2 if halves % 2 == 0 else halves / 2


def _per_currency(halves: tuple[int, ...]) -> dict[str, int | float]:
    return {code: _amount(halves[c]) for c, code in enumerate(CURRENCIES)}


def projection_data(state: GameState) -> dict[str, Any]:
    """The projection as data (see the show schema's ``standings.projection``)."""
    proj = projection(state)
    return {
        "basis": "money as held now; the queue not settled",
        "candidates": [CURRENCIES[c] for c in proj.candidates],
        "strongest": None if proj.tied else CURRENCIES[proj.candidates[0]],
        "decided_by": "tie" if proj.tied else proj.decided_by,
        "rounding": state.house.rounding,
        "scores": [
            {
                "strongest": CURRENCIES[result.strongest],
                "players": [
                    {
                        "name": name,
                        "total": result.totals[seat],
                        "rank": result.ranks[seat],
                        "bankrupt": seat == result.bankrupt,
                        "converted": dict(zip(CURRENCIES, result.converted[seat], strict=True)),
                        "certificates_of_strongest": state.certs[seat][result.strongest],
                    }
                    for seat, name in enumerate(state.players)
                ],
                "leaders": [state.players[s] for s in result.winners()],
            }
            for result in proj.results
        ],
    }


def _risk_data(state: GameState, risk: QueueRisk) -> dict[str, Any]:
    item = risk.item
    data: dict[str, Any] = {
        "position": risk.position,
        "item": "dividends" if isinstance(item, DividendStack) else item_label(item).split()[0],
        "letter": None if isinstance(item, DividendStack) else item.letter,
        "owner": None if risk.owner is None else state.players[risk.owner],
        "can_pay": risk.can_pay,
        "short": {CURRENCIES[c]: _amount(amount) for c, amount in risk.short},
        "outcome": risk.outcome,
        "loan": None,
        "text": outcome_text(state, risk),
    }
    if risk.loan is not None:
        data["loan"] = {
            "letter": risk.loan.letter,
            "owes": [money_text(a, c) for c, a in enumerate(risk.loan.owes) if a],
            "position": risk.loan_position,
        }
    return data


def standings_data(state: GameState) -> dict[str, Any]:
    """``show --format json``'s ``standings``: projection, queue risks, exposure."""
    over = state.ending is not None
    return {
        "projection": projection_data(state),
        "queue": [_risk_data(state, risk) for risk in queue_risks(state)],
        "exposure": []
        if over
        else [
            {
                "name": state.players[e.seat],
                "owes": _per_currency(e.owes),
                "holds": _per_currency(e.holds),
                "short": _per_currency(e.short),
            }
            for e in exposures(state)
        ],
    }
