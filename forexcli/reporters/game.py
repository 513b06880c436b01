"""Reports about a game: ``show``, ``moves``, ``history`` and ``play``.

Each report has a ``*_data`` function giving JSON-ready data and a
``*_text`` function giving text or (with ``markdown=True``) markdown.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from msgspec import Struct

from ..games.forex.engine import (
    CURRENCIES,
    PAIRS,
    TRACK_HALVES,
    Contract,
    DividendStack,
    Event,
    GameState,
    HouseRules,
    Loan,
    Phase,
    format_halves,
    format_rate,
    money_text,
)
from ..games.forex.engine.state import LETTERS
from ..games.forex.views import DECIDED_BY, ENDINGS, conversion_sentence, next_dividend
from ..record.entry import Entry
from ..record.gamelog import GameLog, Replay
from . import PLAIN, Style, clean, detail_lines, md, plural, table, text_width
from .tables import cell, section_heading, wrapped

SHOW_FORMAT = "forex-show"
SHOW_VERSION = 1
MOVES_FORMAT = "forex-moves"
HISTORY_FORMAT = "forex-history"
PLAY_FORMAT = "forex-play"


def _amount(halves: int) -> int | float:
    return halves // 2 if halves % 2 == 0 else halves / 2


def _hang(text: str, width: int | None, indent: str = "  ") -> str:
    """``text`` after ``indent``, wrapped at spaces to ``width`` columns, its further lines
    indented two more."""
    if width is None or len(indent + text) <= width:
        return indent + text
    import textwrap

    return textwrap.fill(
        text,
        width,
        initial_indent=indent,
        subsequent_indent=indent + "  ",
        break_long_words=False,
        break_on_hyphens=False,
    )


# --------------------------------------------------------------------------- words


def pending_text(state: GameState) -> str:
    """Who decides next and what: one line (names not yet cleaned).

    The long wording (``show``, ``moves``, ``play``, JSON ``pending.text``);
    ``catchup.pending_text`` is the short one for message subjects and forks.
    """
    pending = state.pending
    who = state.pending_player
    if pending.phase is Phase.OVER or who is None:
        result = state.result
        if result is None:
            return "game over"
        winners = ", ".join(state.players[s] for s in result.winners())
        return (
            f"game over {ENDINGS.get(result.ending, result.ending)}:"
            f" {CURRENCIES[result.strongest]} is the strongest currency; won by {winners}"
        )
    if pending.phase is Phase.TURN:
        extra = " (spot already made)" if state.spot_done else ""
        return (
            f"{who} to play, turn {state.turn_number}{extra}: an optional spot transaction,"
            " then contract, invest, divest or resolve"
        )
    if pending.phase is Phase.DIVEST_RESPONSE:
        assert pending.currency is not None
        code = CURRENCIES[pending.currency]
        held = state.certs[state.seat(who)][pending.currency]
        return (
            f"{who} answers {state.players[state.turn_player]}'s divest of {code}:"
            f" sell 0 to {held} {code}"
        )
    names = ", ".join(CURRENCIES[c] for c in pending.candidates)
    if pending.phase is Phase.DIVIDEND_TIE:
        return f"{who} chooses the currency to strengthen (dividend tie): one of {names}"
    return f"{who} chooses the strongest currency (final tie): one of {names}"


def pending_data(state: GameState) -> dict[str, Any]:
    """The awaited decision as data, with the sentence of :func:`pending_text`."""
    pending = state.pending
    return {
        "decision": pending.phase.value,
        "player": state.pending_player,
        "currency": None if pending.currency is None else CURRENCIES[pending.currency],
        "candidates": [CURRENCIES[c] for c in pending.candidates],
        "text": pending_text(state),
    }


def queue_terms(state: GameState, item: object) -> tuple[str, str, str, str]:
    """(item, letter, owner, terms) of a queue item, for the queue table."""
    if isinstance(item, Contract):
        terms = (
            f"pays {money_text(item.pay, item.pay_currency)},"
            f" receives {money_text(item.receive, item.receive_currency)}"
        )
        return "contract", item.letter, state.players[item.owner], terms
    if isinstance(item, Loan):
        owes = ", ".join(money_text(a, c) for c, a in enumerate(item.owes) if a)
        return "loan", item.letter, state.players[item.owner], f"owes {owes}"
    left = item.left if isinstance(item, DividendStack) else 0
    return "dividends", "", "", f"{left} left; next: {next_dividend(state)}"


def letters_held(state: GameState, seat: int) -> str:
    """The contracts and loan a player has in the queue: ``A, C, loan B``."""
    parts = []
    for item in state.queue:
        if isinstance(item, Contract) and item.owner == seat:
            parts.append(item.letter)
        elif isinstance(item, Loan) and item.owner == seat:
            parts.append(f"loan {item.letter}")
    return ", ".join(parts)


def free_letters(state: GameState) -> list[str]:
    used = state.letters_in_use()
    return [letter for letter in LETTERS if letter not in used]


# --------------------------------------------------------------------------- board


def board_grid(
    state: GameState, *, diagonal: str = "·", mark_eight: bool = True
) -> list[list[str]]:
    """The 7x7 board: row = stronger currency, cell = the rate against the column.

    A cell is empty when the row currency is the weaker of the pair (the rate
    is then in the column currency's row); the diagonal is ``diagonal``
    (``·``); the last cell of a row counts the pairs the row currency is
    stronger in.  With ``mark_eight`` a rate on the 8 space is marked ``8*``:
    the weaker currency pays no dividends.  No header row: each rendering
    (``show``'s table, ``forexcli.games.forex.message``) adds its own.
    """
    board = state.board
    rows = []
    won = board.pairs_won()
    eight = len(TRACK_HALVES) - 1
    for a, code in enumerate(CURRENCIES):
        cells = [code]
        for b in range(len(CURRENCIES)):
            if a == b:
                cells.append(diagonal)
            elif board.is_stronger(a, b):
                space = board.position(a, b).space
                cells.append(format_rate(space) + ("*" if mark_eight and space == eight else ""))
            else:
                cells.append("")
        cells.append(str(won[a]))
        rows.append(cells)
    return rows


def board_track(state: GameState) -> list[list[str]]:
    """The board as printed: per stronger currency, the weaker ones on each track space."""
    rows = []
    for a, code in enumerate(CURRENCIES):
        spaces: list[list[str]] = [[] for _ in TRACK_HALVES]
        for b, pos in state.board.pairs_of(a):
            if pos.stronger == a:
                spaces[pos.space].append(CURRENCIES[b])
        rows.append([code, *(" ".join(s) for s in spaces)])
    return rows


def non_paying_text(state: GameState) -> str | None:
    codes = [CURRENCIES[c] for c in sorted(state.board.non_paying())]
    if not codes:
        return None
    verb = "pays" if len(codes) == 1 else "pay"
    return f"* at the 8 space: {', '.join(codes)} {verb} no dividends"


def board_text(
    state: GameState, *, markdown: bool = False, style: Style = PLAIN, width: int | None = None
) -> str:
    """The currency board twice: as a 7x7 grid and as the printed rate track (the text
    wrapped to ``width``)."""
    rows = board_grid(state)
    if markdown:
        rows = [[cell.replace("*", "\\*") for cell in row] for row in rows]
    grid = table(
        rows,
        ["stronger", *CURRENCIES, "pairs won"],
        markdown=markdown,
        align=["left", *("right" for _ in CURRENCIES), "right"],
    )
    track = table(
        board_track(state),
        ["track", *(format_halves(h) for h in TRACK_HALVES)],
        markdown=markdown,
        align=["left", *("left" for _ in TRACK_HALVES)],
    )
    parts = [
        section_heading("Currency board", markdown, style),
        wrapped(
            "Row = the stronger currency; a cell is how many of the column currency buy 1 of"
            " the row.",
            None if markdown else width,
        ),
        "",
        grid,
    ]
    note = non_paying_text(state)
    if note:
        parts.extend(["", note.replace("*", "\\*", 1) if markdown else note])
    parts.extend(
        [
            "",
            section_heading("Rate track", markdown, style),
            wrapped(
                "As on the physical board: each row holds the currencies weaker than it, on"
                " their rate.",
                None if markdown else width,
            ),
            "",
            track,
        ]
    )
    return "\n".join(parts)


# --------------------------------------------------------------------------- show


def _next_line(state: GameState, markdown: bool, style: Style, width: int | None = None) -> str:
    """``Next: bob to play, ...``, or the end of the game (text wrapped to ``width``)."""
    text = pending_text(state)
    if state.is_over:
        text = text[0].upper() + text[1:] + "."
        return f"**{md(text)}**" if markdown else style.heading(wrapped(clean(text), width))
    if markdown:
        return f"**Next:** {md(text)}"
    return style.heading("Next: ") + wrapped("Next: " + clean(text), width)[len("Next: ") :]


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


class View(Struct, frozen=True):
    """A game at one point: the log, its replay and the number of entries applied."""

    log: GameLog
    replay: Replay
    at: int

    @property
    def state(self) -> GameState:
        state: GameState = self.replay.state_after(self.at)
        return state

    @property
    def total(self) -> int:
        return len(self.log.entries)

    @property
    def last(self) -> Entry | None:
        return self.log.entries[self.at - 1] if self.at else None


def entry_data(entry: Entry, events: Sequence[Event] | None = None) -> dict[str, Any]:
    """One log entry as data (with the events it caused, when known)."""
    data: dict[str, Any] = {
        "number": entry.number,
        "player": entry.player,
        "decision": entry.text,
        "note": entry.note,
    }
    if events is not None:
        data["events"] = [{"kind": e.kind, "text": e.text} for e in events]
    return data


def show_data(view: View, since: int | None = None) -> dict[str, Any]:
    """``show --format json``: the game at one point (see schemas/forex-show.schema.json)."""
    from ..games.forex.snapshot import state_dict
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
    from ..record.signing import signatures_data

    signatures = signatures_data(view.replay, view.at)
    if signatures is not None:
        data["signatures"] = signatures
    return data


def since_data(view: View, since: int) -> list[dict[str, Any]]:
    """The moves after entry ``since`` up to the view: what each did, as sentences."""
    from ..games.forex.catchup import moves

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
        return f"Since the start ({who} has not played yet)"
    return f"Since {who}'s last move (move {since})"


def since_text(
    view: View,
    since: int,
    *,
    markdown: bool = False,
    style: Style = PLAIN,
    who: str | None = None,
) -> str:
    """The moves after entry ``since`` up to the view, with what each caused.

    ``who`` names the player whose last move ``since`` is (``--since-player``).
    """
    from ..games.forex.catchup import moves

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
                lines.extend(detail_lines(detail, "    ", clean))
    return "\n".join(lines)


def result_text(
    state: GameState, *, markdown: bool = False, style: Style = PLAIN, width: int | None = None
) -> str:
    """The end of the game: strongest currency, converted money, ranks.

    A text table wider than ``width`` names its columns by currency alone.
    """
    result = state.result
    if result is None:
        return ""
    strongest = CURRENCIES[result.strongest]
    winners = ", ".join(state.players[s] for s in result.winners())
    from .standings import score_table

    converted = conversion_sentence(state, strongest)
    grid, legend = score_table(state, result, markdown=markdown, width=width)
    prose = [
        f"Game over {ENDINGS.get(result.ending, result.ending)}. Strongest currency:"
        f" {strongest} ({DECIDED_BY.get(result.decided_by, result.decided_by)}).",
        f"{converted} {'Winners' if len(result.winners()) > 1 else 'Winner'}:"
        f" {cell(winners, markdown)}.",
        *legend,
    ]
    lines = [
        section_heading("Result", markdown, style),
        *(wrapped(line, None if markdown else width) for line in prose),
        "",
        grid,
    ]
    return "\n".join(lines)


def state_text(
    state: GameState,
    *,
    markdown: bool = False,
    style: Style = PLAIN,
    width: int | None = None,
) -> str:
    """Board, money, certificates, queue, letters, dividends, the pending decision."""
    c = markdown
    money_rows = []
    for seat, name in enumerate(state.players):
        marker = " (next)" if seat == state.pending.player else ""
        money_rows.append(
            [
                cell(name, c) + marker,
                *(format_halves(v) for v in state.money[seat]),
                letters_held(state, seat),
            ]
        )
    cert_rows = [
        [cell(name, c), *(str(v) for v in state.certs[seat])]
        for seat, name in enumerate(state.players)
    ]
    cert_rows.append(["in hands", *(str(v) for v in state.certs_in_hands())])
    cert_rows.append(["supply", *(str(v) for v in state.supply)])
    cert_rows.append(["removed at set-up", *(str(v) for v in state.removed)])
    cert_rows.append(["sold back", *(str(v) for v in state.sold)])
    queue_rows = []
    for position, item in enumerate(state.queue, start=1):
        kind, letter, owner, terms = queue_terms(state, item)
        queue_rows.append([str(position), kind, letter, cell(owner, c), terms])
    right = ["right" for _ in CURRENCIES]
    parts = [
        board_text(state, markdown=markdown, style=style, width=width),
        "",
        section_heading("Money", markdown, style),
        "",
        table(
            money_rows,
            ["player", *CURRENCIES, "in the queue"],
            markdown=markdown,
            align=["left", *right, "left"],
        ),
        "",
        section_heading("Certificates", markdown, style),
        "",
        table(cert_rows, ["certificates", *CURRENCIES], markdown=markdown, align=["left", *right]),
        "",
        section_heading("Contract queue (front first)", markdown, style),
        "",
    ]
    if queue_rows:
        parts.append(
            table(
                queue_rows,
                ["#", "item", "letter", "owner", "terms"],
                markdown=markdown,
                width=width,
                wrap=[4],
            )
        )
    else:
        parts.append("(empty)")
    letters = free_letters(state)
    parts.extend(
        [
            "",
            f"Free letters: {' '.join(letters) if letters else 'none'}",
            f"Dividends left: {state.dividends_left}"
            + (f" (next: {next_dividend(state)})" if state.dividends_left else ""),
        ]
    )
    if state.result is not None:
        parts.extend(["", result_text(state, markdown=markdown, style=style, width=width)])
    return "\n".join(parts)


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
        from ..record.signing import check_signatures, signature_lines, signed_phrase

        signatures = check_signatures(view.replay)
        signers = signature_lines(signatures, view.replay, view.at)
        if view.last is not None:
            signed = signed_phrase(signatures, view.last.number)
    if view.last is not None:
        last = view.last
        text = f"Last move: {last.number}. {last.player}: {last.text}"
        text += f" ({signed})" if signed else ""
        head.append(md(text) if markdown else wrapped(clean(text), width))
    if signers:
        head.append("Signatures:" if not markdown else "*Signatures:*")
        head.extend(
            ("- " + md(line)) if markdown else _hang(clean(line), width) for line in signers
        )
    parts = ["\n".join(head), ""]
    if since is not None:
        parts.extend(
            [since_text(view, since, markdown=markdown, style=style, who=since_player), ""]
        )
    parts.append(state_text(state, markdown=markdown, style=style, width=width))
    standings = standings_text(state, markdown=markdown, style=style, width=width)
    if standings:
        parts.extend(["", standings])
    parts.extend(["", _next_line(state, markdown, style, width)])
    return "\n".join(parts) + "\n"


# --------------------------------------------------------------------------- moves


def _shown_moves(moves: Sequence[str], limit: int = 6) -> str:
    """Up to ``limit`` moves; more are cut to a few and ``...`` (to the first with limit 1)."""
    if len(moves) <= limit:
        return " | ".join(moves)
    if limit == 1:
        return f"{moves[0]} | ..."
    return f"{moves[0]} | {moves[1]} | ... | {moves[-1]}"


def _wanted(kind: str, kinds: Sequence[str]) -> bool:
    """Whether a group of ``kind`` is shown under ``--kind`` (``spot`` takes the spot actions)."""
    from ..games.forex.moves import SPOT_ACTION

    return not kinds or kind in kinds or (kind == SPOT_ACTION and "spot" in kinds)


def moves_data(view: View, kinds: Sequence[str] = ()) -> dict[str, Any]:
    """``moves --format json``: every legal decision, grouped (the actions that only a spot
    makes possible in one group per spot, kind ``spot_action``), and the spot deals that
    await their partner's signature."""
    from ..games.forex.moves import grouped_moves

    state = view.state
    groups = [g for g in grouped_moves(state, with_spots=True) if _wanted(g.kind, kinds)]
    return {
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


def _awaiting_data(view: View) -> list[dict[str, Any]]:
    """The spot deals up to ``view.at`` that await their partner's countersignature."""
    check = _signatures_of(view.log, view.replay)
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
    from ..games.forex.moves import SPOT_ACTION, grouped_moves

    state = view.state
    groups = [g for g in grouped_moves(state, with_spots=True) if _wanted(g.kind, kinds)]
    if every:
        playable = [g for g in groups if g.kind != "spot"]
        listed = [clean(move) for g in playable for move in g.moves]
        for group in groups:
            if group.kind == "spot":
                listed.extend(spot_offer_lines(group.moves))
        listed.extend(clean(f"# {line}") for line in awaiting_lines(view))
        return "".join(f"{line}\n" for line in listed)
    spot_actions = [m for g in groups if g.kind == SPOT_ACTION for m in g.moves]
    groups = [g for g in groups if g.kind != SPOT_ACTION]
    if spot_actions:
        from ..games.forex.moves import MoveGroup

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
    awaited = awaiting_lines(view)
    if awaited:
        lines.append("")
        lines.extend(md(line) if markdown else wrapped(clean(line), width) for line in awaited)
    return "\n".join(lines) + "\n"


def awaiting_lines(view: View) -> list[str]:
    """The spot deals up to ``view.at`` that await their partner's countersignature, each
    with how the partner gives it (raw text; none in an unsigned game)."""
    check = _signatures_of(view.log, view.replay)
    if check is None:
        return []
    from ..record.signing import awaiting_text, sign_hint

    log = view.log
    return [
        f"{awaiting_text(log, number, partner)}; {sign_hint(log, number, partner)}"
        for number, partner in sorted(check.awaiting.items())
        if number <= view.at
    ]


# --------------------------------------------------------------------------- history


def _signatures_of(log: GameLog, replay: Replay) -> Any:
    """The log's ``SignatureCheck`` in a signed game (None in an unsigned one)."""
    if not (
        log.header.get("keys")
        or log.header.get("signatures")
        or any(entry.sig for entry in log.entries)
    ):
        return None
    from ..record.signing import check_signatures

    return check_signatures(replay)


def _signed_cell(check: Any, number: int) -> str:
    """``alice, bob``, with ``; awaits carol`` for a spot deal its partner has not signed."""
    who = ", ".join(check.signed.get(number, ())) or "-"
    partner = check.awaiting.get(number)
    return f"{who}; awaits {partner}" if partner is not None else who


def history_data(log: GameLog, replay: Replay) -> dict[str, Any]:
    """``history --format json``: every entry with its note and what it caused, who signed
    it (signatures that verify) and the partner whose signature its spot deal awaits."""
    entries = []
    check = _signatures_of(log, replay)
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
        "entries": entries,
        "problem": None if replay.problem is None else replay.problem.as_dict(),
    }


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
    check = _signatures_of(log, replay)
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
    head = f"## {md(title)}" if markdown else style.heading(clean(title))
    players = ", ".join(log.players)
    sub = f"{plural(len(log.entries), 'move')}; players in seat order: {players}"
    parts = [head, md(sub) if markdown else clean(sub), ""]
    wrap = list(range(2, len(headers)))
    fitted = table(rows, headers, markdown=markdown, width=width, wrap=wrap)
    parts.append(fitted if rows else "(no moves yet)")
    return "\n".join(parts) + "\n"


# --------------------------------------------------------------------------- play


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
    from ..games.forex.snapshot import state_dict

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
    lines = [
        (f"**{md(head)}** ({md(done)})" if m else f"{style.heading(clean(head))} ({clean(done)})"),
        "",
    ]
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
    lines.extend(["", _next_line(after, m, style, width)])
    return "\n".join(lines) + "\n"
