"""The ``history`` report: every entry of a log with its note, what it caused and who
signed it."""

from __future__ import annotations

from typing import Any

from ....record.gamelog import GameLog, Replay
from ....reporters import PLAIN, Style, clean, md, plural, table
from ....reporters.tables import cell, wrapped
from .common import entry_data, signatures_of

HISTORY_FORMAT = "forex-history"


def _signed_cell(check: Any, number: int) -> str:
    """``alice, bob``, with ``; awaits carol`` for a spot deal its partner has not signed."""
    who = ", ".join(check.signed.get(number, ())) or "-"
    partner = check.awaiting.get(number)
    return f"{who}; awaits {partner}" if partner is not None else who


def history_data(log: GameLog, replay: Replay) -> dict[str, Any]:
    """``history --format json``: every entry with its note and what it caused, who signed
    it (signatures that verify) and the partner whose signature its spot deal awaits.

    ``moves`` lists them under every game's names (``reporters.record.history_data``: each
    ``move``, ``by``); ``entries``, their older names (``number``, ``player``), is kept for
    old scripts."""
    entries = []
    check = signatures_of(log, replay)
    for entry in log.entries:
        index = entry.number - 1
        events = replay.events[index] if index < len(replay.events) else None
        item = entry_data(entry, events)
        item["digest"] = entry.digest
        item["legal"] = events is not None
        item["signed"] = list(check.signed.get(entry.number, ())) if check else []
        item["awaits"] = check.awaiting.get(entry.number) if check else None
        entries.append(item)
    return {
        "format": HISTORY_FORMAT,
        "version": 1,
        "file": log.filename,
        "title": log.title,
        "players": list(log.players),
        "moves": [_shared_names(item) for item in entries],
        "entries": entries,
        "problem": None if replay.problem is None else replay.problem.as_dict(),
    }


def _shared_names(item: dict[str, Any]) -> dict[str, Any]:
    """An entry of ``entries`` under every game's names: ``move`` and ``by`` first, in place
    of ``number`` and ``player``."""
    renamed = {"move": item["number"], "by": item["player"]}
    return {**renamed, **{k: v for k, v in item.items() if k not in ("number", "player")}}


def history_text(
    log: GameLog,
    replay: Replay,
    *,
    events: bool = False,
    markdown: bool = False,
    style: Style = PLAIN,
    width: int | None = None,
) -> str:
    """``history``: a table of the decisions with their notes (and events).

    A text table wider than ``width`` wraps its decision, events and note columns.
    """
    rows = []
    bad = replay.problem.entry if replay.problem else None
    check = signatures_of(log, replay)
    for entry in log.entries:
        index = entry.number - 1
        decision = entry.text
        if bad is not None and entry.number == bad:
            decision += " (illegal)"
        elif bad is not None and entry.number > bad:
            decision += " (not checked)"
        note = entry.note or ""
        cells = [str(entry.number), cell(entry.player, markdown), cell(decision, markdown)]
        if events:
            caused = replay.events[index] if index < len(replay.events) else ()
            text = "\n".join(e.text for e in caused if e.kind != "resolve")
            cells.append(md(text) if markdown else clean(text, newlines=True))
        if check is not None:
            cells.append(cell(_signed_cell(check, entry.number), markdown))
        cells.append(md(note) if markdown else clean(note, newlines=True))
        rows.append(cells)
    headers = [
        "#",
        "player",
        "decision",
        *(["what happened"] if events else []),
        *(["signed"] if check is not None else []),
        "note",
    ]
    title = log.title or log.filename
    head = f"## {md(title)}" if markdown else style.heading(wrapped(clean(title), width))
    players = ", ".join(log.players)
    sub = f"{plural(len(log.entries), 'move')}; players in seat order: {players}"
    parts = [head, md(sub) if markdown else wrapped(clean(sub), width), ""]
    wrap = list(range(2, len(headers)))
    fitted = table(rows, headers, markdown=markdown, width=width, wrap=wrap)
    parts.append(fitted if rows else "(no moves yet)")
    return "\n".join(parts) + "\n"
