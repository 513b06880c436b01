"""The ``show`` report: a game at one point, with the moves since an earlier one.

:func:`show_data` gives JSON-ready data (see schemas/forex-show.schema.json),
:func:`show_text` text or (with ``markdown=True``) markdown."""

from __future__ import annotations

from typing import Any

from ....reporters import PLAIN, Style, clean, detail_lines, md, plural, text_width, wrap_line
from ....reporters.tables import note_lines, section_heading, wrapped
from ....words import possessive, says
from ..rules import CURRENCIES, HouseRules
from ..schema_source import GAME_NAME
from . import next_dividend
from .board import board_grid, state_text
from .common import View, entry_data, next_line, pending_data

SHOW_FORMAT = "forex-show"
SHOW_VERSION = 1


def _hang(text: str, width: int | None, indent: str = "  ") -> str:
    """``text`` after ``indent``, wrapped at spaces to ``width`` columns, its further lines
    indented two more."""
    if width is None or text_width(indent + text) <= width:
        return indent + text
    return "\n".join(
        wrap_line(
            text,
            width,
            initial_indent=indent,
            subsequent_indent=indent + "  ",
        )
    )


HOUSE_RULE_TEXTS: dict[str, dict[str, str]] = {
    "rounding": {
        "each": "each currency's conversion rounded down",
        "total": "final rounding of the total only",
    },
    "merged_loan": {
        "keep": "a merged loan keeps its place",
        "back": "a merged loan goes to the back",
    },
}
"""How ``show`` says each house rule's value."""


def house_rules_data(rules: HouseRules) -> dict[str, str]:
    """The house rules in force, every option (defaults included)."""
    return {option: getattr(rules, option) for option in HouseRules.OPTIONS}


def house_rules_line(rules: HouseRules) -> str | None:
    """``House rules: ...`` naming the rules that differ from the defaults; None if none do."""
    defaults = HouseRules()
    changed = [
        HOUSE_RULE_TEXTS[option][getattr(rules, option)]
        for option in HouseRules.OPTIONS
        if getattr(rules, option) != getattr(defaults, option)
    ]
    return f"House rules: {'; '.join(changed)}" if changed else None


def show_data(view: View, since: int | None = None) -> dict[str, Any]:
    """``show --format json``: the game at one point (see schemas/forex-show.schema.json)."""
    from ..snapshot import state_dict
    from .standings import standings_data

    state = view.state
    log = view.log
    grid: dict[str, dict[str, str | None]] = {}
    for code, *cells, _won in board_grid(state, mark_eight=False):
        grid[code] = {
            other: cell or None  # an empty cell: the row currency is the weaker side
            for other, cell in zip(CURRENCIES, cells, strict=True)
            if other != code
        }
    data: dict[str, Any] = {
        "format": SHOW_FORMAT,
        "version": SHOW_VERSION,
        "game": GAME_NAME,
        "file": log.filename,
        "title": log.title,
        "players": list(log.players),
        "first": log.first,
        "seed": log.seed,
        "house_rules": house_rules_data(log.new_game().house),
        "moves": view.total,
        "at": view.at,
        "last_move": None if view.last is None else entry_data(view.last),
        "pending": pending_data(state),
        "board": {
            "grid": grid,
            "pairs_won": dict(zip(CURRENCIES, state.board.pairs_won(), strict=True)),
            "non_paying": [CURRENCIES[c] for c in sorted(state.board.non_paying())],
        },
        "next_dividend": next_dividend(state),
        "state": state_dict(state),
        "standings": standings_data(state),
    }
    if since is not None:
        data["since"] = since_data(view, since)
    from ....record.signing import signatures_data

    signatures = signatures_data(view.replay, view.at)
    if signatures is not None:
        data["signatures"] = signatures
    return data


def since_data(view: View, since: int) -> list[dict[str, Any]]:
    """The moves after entry ``since`` up to the view: what each did, as sentences."""
    from ..catchup import moves

    return [
        {
            "number": m.number,
            "player": m.player,
            "decision": m.text,
            "note": m.note,
            "events": list(m.events),
            "money": list(m.money),
            "rates": list(m.rates),
            "result": list(m.result),
        }
        for m in moves(view.replay, since, view.at)
    ]


def since_heading(since: int, who: str | None = None) -> str:
    """``Since move 8``, or with ``who``: ``Since bob's last move (move 8)`` (raw)."""
    if who is None:
        return f"Since move {since}"
    if since == 0:
        return f"Since the start ({says(who, 'has')} not played yet)"
    return f"Since {possessive(who)} last move (move {since})"


def since_text(
    view: View,
    since: int,
    *,
    markdown: bool = False,
    style: Style = PLAIN,
    who: str | None = None,
    width: int | None = None,
) -> str:
    """The moves after entry ``since`` up to the view, with what each caused.

    ``who`` names the player whose last move ``since`` is (``--since-player``); a line
    (a note) longer than ``width`` is wrapped.
    """
    from ..catchup import moves

    summaries = moves(view.replay, since, view.at)
    heading = since_heading(since, who)
    if not summaries:
        text = f"No moves {heading[0].lower()}{heading[1:]}."
        return md(text) if markdown else clean(text)
    lines = [section_heading(md(heading) if markdown else clean(heading), markdown, style)]
    for summary in summaries:
        if markdown:
            lines.append(f"- **{md(summary.heading)}**")
            lines.extend(f"  - {md(detail)}" for detail in summary.details())
        else:
            lines.append(style.heading(clean(summary.heading)))
            for detail in summary.details():
                lines.extend(detail_lines(detail, "    ", clean, width))
    return "\n".join(lines)


def show_text(
    view: View,
    *,
    markdown: bool = False,
    since: int | None = None,
    style: Style = PLAIN,
    since_player: str | None = None,
    width: int | None = None,
) -> str:
    """``show``: a heading, the moves since ``since``, the state, who decides next.

    ``since_player`` names the player whose last move ``since`` is.
    """
    from .standings import standings_text

    log = view.log
    state = view.state
    title = log.title or log.filename
    where = (
        f"after move {view.at} of {view.total}"
        if view.at
        else f"at the start ({plural(view.total, 'move')})"
    )
    if markdown:
        head = [f"## {md(title)}", "", f"*{md(where)}*"]
    else:
        head = [style.heading(clean(title)), clean(where)]
    house = house_rules_line(log.new_game().house)
    if house is not None:
        head.append(md(house) if markdown else clean(house))
    signers: list[str] = []
    signed: str | None = None
    if (
        log.header.get("keys")
        or log.header.get("signatures")
        or any(entry.sig for entry in log.entries)
    ):
        from ....record.signing import check_signatures, signature_lines, signed_phrase

        signatures = check_signatures(view.replay)
        signers = signature_lines(signatures, view.replay, view.at)
        if view.last is not None:
            signed = signed_phrase(signatures, view.last.number, "spot deal")
    if view.last is not None:
        last = view.last
        text = f"Last move: {last.number}. {last.player}: {last.text}"
        text += f" ({signed})" if signed else ""
        head.append(md(text) if markdown else wrapped(clean(text), width))
        if last.note and (since is None or since >= last.number):  # else the catch-up tells it
            head.extend(note_lines(last.note, markdown=markdown, width=width))
    if signers:
        head.append("Signatures:" if not markdown else "*Signatures:*")
        head.extend(
            ("- " + md(line)) if markdown else _hang(clean(line), width) for line in signers
        )
    parts = ["\n".join(head), ""]
    if since is not None:
        parts.extend(
            [
                since_text(
                    view, since, markdown=markdown, style=style, who=since_player, width=width
                ),
                "",
            ]
        )
    parts.append(state_text(state, markdown=markdown, style=style, width=width))
    standings = standings_text(state, markdown=markdown, style=style, width=width)
    if standings:
        parts.extend(["", standings])
    from ....record.seats import offer_awaited

    offer = offer_awaited(log, view.at)
    parts.extend(["", next_line(state, markdown, style, width, offer)])
    return "\n".join(parts) + "\n"
