"""A For-Ex position as text: the currency board, money, certificates, the contract queue
and the result (``show`` prints them all, ``play`` the result)."""

from __future__ import annotations

from ....reporters import PLAIN, Style, table
from ....reporters.tables import cell, section_heading, wrapped
from ....words import verb_for
from ..rules import (
    CURRENCIES,
    TRACK_HALVES,
    Contract,
    DividendStack,
    GameState,
    Loan,
    format_halves,
    format_rate,
    money_text,
)
from ..rules.state import LETTERS
from . import DECIDED_BY, ENDINGS, conversion_sentence, next_dividend


def queue_terms(state: GameState, item: object) -> tuple[str, str, str, str]:
    """(item, letter, owner, terms) of a queue item, for the queue table."""
    if isinstance(item, Contract):
        owner = state.players[item.owner]
        terms = (
            f"{verb_for(owner, 'pays')} {money_text(item.pay, item.pay_currency)},"
            f" {verb_for(owner, 'receives')} {money_text(item.receive, item.receive_currency)}"
        )
        return "contract", item.letter, owner, terms
    if isinstance(item, Loan):
        owner = state.players[item.owner]
        owes = ", ".join(money_text(a, c) for c, a in enumerate(item.owes) if a)
        return "loan", item.letter, owner, f"{verb_for(owner, 'owes')} {owes}"
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
        width=width,
        stack=True,
    )
    track = table(
        board_track(state),
        ["track", *(format_halves(h) for h in TRACK_HALVES)],
        markdown=markdown,
        align=["left", *("left" for _ in TRACK_HALVES)],
        width=width,
        wrap=range(1, len(TRACK_HALVES) + 1),
        stack=True,
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
    if state.removed_known:
        cert_rows.append(["supply", *(str(v) for v in state.supply)])
        cert_rows.append(["removed at set-up", *(str(v) for v in state.removed)])
    else:  # the game was recorded without them: the supply is what it holds at most
        cert_rows.append(["supply (at most)", *(str(v) for v in state.supply)])
        cert_rows.append(["removed at set-up", *(["?"] * len(state.removed))])
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
            width=width,
            wrap=[0, len(CURRENCIES) + 1],  # long names wrap at their spaces
            stack=True,
        ),
        "",
        section_heading("Certificates", markdown, style),
        "",
        table(
            cert_rows,
            ["certificates", *CURRENCIES],
            markdown=markdown,
            align=["left", *right],
            width=width,
            wrap=[0],
            stack=True,
        ),
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
                wrap=[3, 4],
                stack=True,
            )
        )
    else:
        parts.append("(empty)")
    letters = free_letters(state)
    parts.extend(
        [
            "",
            f"Free letters: {' '.join(letters) if letters else 'none'}",
            wrapped(
                f"Dividends left: {state.dividends_left}"
                + (f" (next: {next_dividend(state)})" if state.dividends_left else ""),
                None if markdown else width,
            ),
        ]
    )
    if state.result is not None:
        parts.extend(["", result_text(state, markdown=markdown, style=style, width=width)])
    return "\n".join(parts)
