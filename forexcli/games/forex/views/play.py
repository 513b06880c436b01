"""The ``play`` report: the move, what it caused, the rates and holdings that moved and
who decides next."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ....reporters import PLAIN, Style, clean, md, table
from ....reporters.tables import cell, fitted, section_heading
from ..rules import CURRENCIES, PAIRS, Event, GameState, format_halves, format_rate
from .board import result_text
from .common import next_line, pending_data

PLAY_FORMAT = "forex-play"


def rate_changes(before: GameState, after: GameState) -> list[tuple[str, str, str]]:
    """(pair, before, after) for every pair that moved, written as ``1 USD = 1.5 JPY``."""
    changes = []
    for (a, b), old, new in zip(PAIRS, before.board.pairs, after.board.pairs, strict=True):
        if old != new:
            changes.append((f"{CURRENCIES[a]}/{CURRENCIES[b]}", _rate(old, a, b), _rate(new, a, b)))
    return changes


def _rate(pos: Any, a: int, b: int) -> str:
    weaker = b if pos.stronger == a else a
    return f"1 {CURRENCIES[pos.stronger]} = {format_rate(pos.space)} {CURRENCIES[weaker]}"


def holding_changes(before: GameState, after: GameState) -> list[tuple[str, str, str]]:
    """(player, money change, certificate change) for every player whose holdings moved."""
    rows = []
    for seat, name in enumerate(before.players):
        money = []
        for c, code in enumerate(CURRENCIES):
            delta = after.money[seat][c] - before.money[seat][c]
            if delta:
                money.append(f"{'+' if delta > 0 else ''}{format_halves(delta)} {code}")
        certs = []
        for c, code in enumerate(CURRENCIES):
            delta = after.certs[seat][c] - before.certs[seat][c]
            if delta:
                certs.append(f"{'+' if delta > 0 else ''}{delta} {code}")
        if money or certs:
            rows.append((name, ", ".join(money), ", ".join(certs)))
    return rows


def play_data(
    path: str,
    entry_number: int,
    player: str,
    decision: str,
    note: str | None,
    before: GameState,
    after: GameState,
    events: Sequence[Event],
    *,
    written: bool,
    digest: str | None = None,
) -> dict[str, Any]:
    """``play --format json``: the move, what it caused, and who decides next."""
    from ..snapshot import state_dict

    return {
        "format": PLAY_FORMAT,
        "version": 1,
        "file": path,
        "written": written,
        "move": {
            "number": entry_number,
            "player": player,
            "decision": decision,
            "note": note,
            "digest": digest,
        },
        "events": [{"kind": e.kind, "text": e.text} for e in events],
        "rates": [
            {"pair": pair, "before": old, "after": new}
            for pair, old, new in rate_changes(before, after)
        ],
        "holdings": [
            {"player": name, "money": money, "certificates": certs}
            for name, money, certs in holding_changes(before, after)
        ],
        "pending": pending_data(after),
        "state": state_dict(after),
    }


def play_text(
    path: str,
    entry_number: int,
    player: str,
    decision: str,
    before: GameState,
    after: GameState,
    events: Sequence[Event],
    *,
    written: bool,
    markdown: bool = False,
    style: Style = PLAIN,
    width: int | None = None,
) -> str:
    """``play``: the move, its events, the rates that moved, holdings, who is next."""
    m = markdown
    head = f"move {entry_number}: {player}: {decision}"
    done = f"added to {path}" if written else f"dry run: {path} is unchanged"
    said = fitted(f"{clean(head)} ({clean(done)})", width)
    if said.startswith(clean(head)):
        said = style.heading(clean(head)) + said[len(clean(head)) :]
    lines = [f"**{md(head)}** ({md(done)})" if m else said, ""]
    for event in events:
        if event.kind == "resolve":
            continue
        lines.append(f"- {md(event.text)}" if m else f"  {clean(event.text)}")
    rates = rate_changes(before, after)
    if rates:
        lines.extend(["", section_heading("Rates that moved", m, style), ""])
        lines.append(table(rates, ["pair", "before", "after"], markdown=m))
    holdings = holding_changes(before, after)
    if holdings:
        lines.extend(["", section_heading("Holdings that changed", m, style), ""])
        lines.append(
            table(
                [(cell(n, m), money, certs) for n, money, certs in holdings],
                ["player", "money", "certificates"],
                markdown=m,
            )
        )
    if after.result is not None:
        lines.extend(["", result_text(after, markdown=m, style=style, width=width)])
    lines.extend(["", next_line(after, m, style, width)])
    return "\n".join(lines) + "\n"
