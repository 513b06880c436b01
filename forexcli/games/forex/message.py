"""Ready-to-send messages for games played by e-mail or in a forum thread.

``compose(replay, since, fmt)`` writes a subject line and a body in plain
text, markdown or BBCode::

    [For-Ex] Friday club — move 14, carol to play

The body says what happened after move ``since`` (the catch-up of
``catchup.moves``), shows the board as a 7x7 grid (a row per currency; the
cell in row X, column Y holds the rate when X is the stronger side of the
pair: 1 X buys that many Y), the players' money and certificates, the queue,
while the game goes on a short line of standings (who would win if it ended
now, and the queue items whose owners could not pay them now), and whose
decision is awaited.

Everything that comes from the log (title, names, notes) is escaped for the
format: control characters are written as escapes in every format (see
``catchup.clean``), markdown escapes its punctuation (``|``, ``*``, ``_``,
``[`` ...) with a backslash, BBCode gets full-width brackets (U+FF3B, U+FF3D)
in place of ``[`` and ``]`` so that no tag can be opened.  The subject is one line of plain
text in every format.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from msgspec import Struct

from ...record.gamelog import Replay
from ...words import verb_for
from ..base import Message
from .catchup import MoveSummary, clean, moves, pending_text, result_lines
from .rules import CURRENCIES, Contract, DividendStack, GameState, Loan, format_halves
from .views.board import board_grid as show_board_grid
from .views.board import queue_terms
from .views.standings import standings_lines

FORMATS = ("text", "markdown", "bbcode")

SUBJECT_PREFIX = "[For-Ex]"


# --------------------------------------------------------------------------- escaping

_MARKDOWN_SPECIAL = frozenset("\\`*_[]<|#~&")
"""Enough for inline text: no emphasis, code, link, HTML, table cell or heading can start."""


def escape_markdown(text: str) -> str:
    """``text`` for markdown: controls escaped, punctuation that could be markup backslashed."""
    return "".join("\\" + ch if ch in _MARKDOWN_SPECIAL else ch for ch in clean(text))


def escape_bbcode(text: str) -> str:
    """``text`` for BBCode: controls escaped, square brackets made full-width (no tags)."""
    return clean(text).replace("[", "\uff3b").replace("]", "\uff3d")


_ESCAPES: dict[str, Callable[[str], str]] = {
    "text": clean,
    "markdown": escape_markdown,
    "bbcode": escape_bbcode,
}


# --------------------------------------------------------------------------- pieces


def game_name(replay: Replay) -> str:
    """The game's title, or its players' names when it has none (raw)."""
    return replay.log.title or ", ".join(replay.log.players)


def subject(replay: Replay, at: int | None = None) -> str:
    """``[For-Ex] Friday club — move 14, carol to play`` (one line, escaped)."""
    played = len(replay.states) if at is None else at
    where = f"move {played}" if played else "set-up"
    state = replay.state_after(played)
    pending = _next_words(replay, played, state)
    return clean(f"{SUBJECT_PREFIX} {game_name(replay)} \u2014 {where}, {pending}")


def _next_words(replay: Replay, played: int, state: GameState) -> str:
    """Who decides next after move ``played``: who answers the engine's open offer when one
    waits there (``seats.offer_awaited``), else ``pending_text``."""
    from ...record.seats import offer_awaited

    return offer_awaited(replay.log, played) or pending_text(state)


def unseen_since(replay: Replay, at: int | None = None) -> int:
    """The move after which the next decider has seen nothing: the message's default ``since``.

    That is the next decider's own last decision up to move ``at`` (the last legal move
    by default), so that a turn of several entries (a resolve and its dividend-tie
    choice, a divest and its answers) is told whole; when the game is over, the
    earliest last decision of the players who did not make the last move.  Always at
    least the last move is told.
    """
    at = len(replay.states) if at is None else at
    if at == 0:
        return 0
    entries = replay.log.entries[:at]

    def last_of(name: str) -> int:
        return next((e.number for e in reversed(entries) if e.player == name), 0)

    who = replay.state_after(at).pending_player
    if who is not None:
        point = last_of(who)
    else:
        others = [p for p in replay.log.players if p != entries[-1].player]
        point = min((last_of(p) for p in others), default=at - 1)
    return min(point, at - 1)


def board_grid(state: GameState) -> list[list[str]]:
    """The board as rows: a header row, then one row per currency.

    Row X, column Y holds the rate when X is the stronger side of the pair
    X/Y, is empty when Y is, and holds ``·`` on the diagonal (as ``show``);
    the last column counts the pairs X is stronger in (``show``'s grid, unmarked).
    """
    return [["", *CURRENCIES, "pairs"], *show_board_grid(state, mark_eight=False)]


def money_grid(state: GameState) -> list[list[str]]:
    """Money per player and currency, and their certificates (names raw)."""
    rows = [["player", *CURRENCIES, "certificates"]]
    for seat, name in enumerate(state.players):
        certs = ", ".join(
            f"{code} {count}"
            for code, count in zip(CURRENCIES, state.certs[seat], strict=True)
            if count
        )
        rows.append([name, *(format_halves(h) for h in state.money[seat]), certs or "none"])
    return rows


def queue_items(state: GameState) -> list[str]:
    """The queue front first, one short phrase per item (names raw)."""
    items = []
    for item in state.queue:
        if isinstance(item, Contract | Loan):
            kind, letter, owner, terms = queue_terms(state, item)
            label = letter if kind == "contract" else f"loan {letter}"
            items.append(f"{label}: {owner} {terms}")
        elif isinstance(item, DividendStack):
            items.append(f"dividends ({item.left} left)")
    return items


def _numeric_columns(rows: Sequence[Sequence[str]]) -> list[bool]:
    """Columns whose body cells are all numbers, ``-`` or empty (right-aligned)."""
    return [
        i > 0
        and all(
            row[i] in ("", "-", DIAGONAL) or row[i].replace(".", "").isdigit() for row in rows[1:]
        )
        for i in range(len(rows[0]))
    ]


def _aligned(
    rows: Sequence[Sequence[str]], escape: Callable[[str], str], width: int = 80
) -> list[str]:
    """Rows as text columns: numbers right-aligned, words left-aligned; a last column of
    words that would pass ``width`` goes on in lines under itself (a list after its
    commas)."""
    from ...reporters import text_width, wrap_line

    cells = [[escape(cell) for cell in row] for row in rows]
    numeric = _numeric_columns(rows)
    widths = [max(text_width(row[i]) for row in cells) for i in range(len(cells[0]))]
    start = sum(widths[:-1]) + 2 * (len(widths) - 1)  # where the last column starts
    room = width - start
    lines = []
    for row in cells:
        parts = []
        for i, cell in enumerate(row):
            pad = " " * (widths[i] - text_width(cell))  # wide characters take two columns
            parts.append(pad + cell if numeric[i] else cell + pad)
        line = "  ".join(parts).rstrip()
        last = row[-1]
        if text_width(line) > width and not numeric[-1] and room >= 10:
            said = last.replace(", ", ",\x00").replace(" ", "\xa0").replace("\x00", " ")
            wrapped = [
                part.replace("\xa0", " ") for part in wrap_line(said, room, break_on_hyphens=True)
            ]
            line = (line[: len(line) - len(last)] + wrapped[0]).rstrip()
            lines.append(line)
            lines.extend(" " * start + part for part in wrapped[1:])
            continue
        lines.append(line)
    return lines


SHORT_CERTIFICATES = "certs"
"""The money table's last heading when ``certificates`` would pass the width (long names)."""


def _money_lines(
    rows: Sequence[Sequence[str]], escape: Callable[[str], str], width: int
) -> list[str]:
    """``_aligned`` money rows; when long names leave the last heading no room, it is
    written short (``certs``), so that no line passes ``width``."""
    from ...reporters import text_width

    lines = _aligned(rows, escape, width)
    if max(text_width(line) for line in lines) > width:
        lines = _aligned([[*rows[0][:-1], SHORT_CERTIFICATES], *rows[1:]], escape, width)
    return lines


def _markdown_table(rows: Sequence[Sequence[str]]) -> list[str]:
    def line(row: Sequence[str]) -> str:
        return "| " + " | ".join(escape_markdown(cell) or " " for cell in row) + " |"

    rule = "|" + "|".join("---:" if right else ":---" for right in _numeric_columns(rows)) + "|"
    return [line(rows[0]), rule, *(line(row) for row in rows[1:])]


# --------------------------------------------------------------------------- bodies


class _Parts(Struct, frozen=True):
    """What a message says, raw; each format lays it out."""

    headline: str
    since: int
    played: int
    summaries: list[MoveSummary]
    board: list[list[str]]
    money: list[list[str]]
    queue: list[str]
    standings: list[str]
    next_lines: list[str]
    problem: str | None


DIAGONAL = "\u00b7"
"""The board's diagonal, as in ``show`` (``.`` where the output cannot carry it)."""

CAPTION_WIDTH = 80
"""The width the board's caption is wrapped to in text and BBCode messages."""


def _caption(text: str, indent: str = "") -> list[str]:
    """A line of prose wrapped to the message's width (later lines indented by ``indent``)."""
    from ...reporters import wrap_line

    return wrap_line(text, CAPTION_WIDTH, subsequent_indent=indent)


def _note_lines(
    detail: str, indent: str, escape: Callable[[str], str], width: int | None = None
) -> list[str]:
    from ...reporters import detail_lines

    return detail_lines(detail, indent, escape, width)


BOARD_LEGEND = (
    "a row per currency; where it is the stronger side of a pair, the cell holds the rate:"
    " 1 of the row's currency buys that many of the column's; the last column counts its pairs"
)


def _parts(replay: Replay, since: int, at: int | None = None) -> _Parts:
    played = len(replay.states) if at is None else at
    state = replay.state_after(played)
    next_lines = [f"Next: {_next_words(replay, played, state)}."]
    if state.is_over:
        next_lines.extend(line[0].upper() + line[1:] for line in result_lines(state))
    elif played < len(replay.states):
        next_lines.append(
            f"This is the game after move {played}; the log goes on to move {len(replay.states)}."
        )
    else:
        next_lines.append(
            f"The log has {played} move{'' if played == 1 else 's'}: play the next one with"
            f" --after {played}, so that a crossing answer is refused."
        )
    problem = None
    if replay.problem is not None and played == len(replay.states):
        problem = f"The log breaks the rules: {replay.problem.message}"
    where = f"move {played}" if played else "set-up"
    summaries = moves(replay, since, played)
    from msgspec.structs import replace

    from ...record.signing import awaiting_text, check_signatures, sign_hint, signed_phrase

    signatures = check_signatures(replay)
    for index, summary in enumerate(summaries):
        signed = signed_phrase(signatures, summary.number, "spot deal")
        if signed:
            summaries[index] = replace(summary, events=(*summary.events, signed))
    # A log changed after it was signed (a signature that no longer verifies): no advice to
    # sign anything in it, and no deal from the change on said to await a signature.
    changed = min((number for number, _signer in signatures.unverified), default=None)
    for number, partner in sorted(signatures.awaiting.items()):
        if number <= played and (changed is None or number < changed):
            text = awaiting_text(replay.log, number, partner)
            hint = "" if changed is not None else f"; {sign_hint(replay.log, number, partner)}"
            next_lines.append(f"{text[0].upper()}{text[1:]}{hint}.")
    from ...record.seats import header_lines

    next_lines.extend(header_lines(replay.log))
    return _Parts(
        headline=f"{game_name(replay)}, {where}: {_next_words(replay, played, state)}.",
        since=since,
        played=played,
        summaries=summaries,
        board=board_grid(state),
        money=money_grid(state),
        queue=queue_items(state),
        standings=standings_lines(state),
        next_lines=next_lines,
        problem=problem,
    )


def _since_title(parts: _Parts) -> str:
    if not parts.summaries:
        return f"Nothing has happened since move {parts.since}."
    if parts.since == 0:
        return "What happened:"
    return f"Since move {parts.since}:"


def _text(parts: _Parts) -> str:
    e = clean
    out = [*_caption(e(parts.headline)), ""]
    if parts.problem:
        out += [*_caption(e(parts.problem)), ""]
    out.append(_since_title(parts))
    for summary in parts.summaries:
        out.extend(_caption(e(summary.heading), "  "))
        for detail in summary.details():
            out.extend(_note_lines(detail, "  ", e, CAPTION_WIDTH))
    out += ["", *_caption(f"Board ({BOARD_LEGEND}):")]
    out += ["  " + line for line in _aligned(parts.board, e)]
    out += ["", "Money:"]
    out += ["  " + line for line in _money_lines(parts.money, e, CAPTION_WIDTH - 2)]
    out += ["", *_caption("Queue, front first: " + e("; ".join(parts.queue) or "empty"), "  ")]
    out.append("")
    if parts.standings:
        for line in parts.standings:
            out += _caption(e(line))
        out.append("")
    for line in parts.next_lines:
        out += _caption(e(line))
    return "\n".join(out) + "\n"


def _markdown(parts: _Parts) -> str:
    e = escape_markdown
    out = [f"**{e(parts.headline)}**", ""]
    if parts.problem:
        out += [f"**{e(parts.problem)}**", ""]
    out += [f"**{e(_since_title(parts))}**", ""]
    for summary in parts.summaries:
        out.append(f"- **{e(f'Move {summary.number}, {summary.player}:')}** {e(summary.text)}")
        # a line break inside a note (a paragraph break: two) stays one in markdown
        out.extend(
            "  - " + "<br>".join(e(line) for line in detail.replace("\r\n", "\n").split("\n"))
            for detail in summary.details()
        )
    if parts.summaries:
        out.append("")
    out += [f"**Board** ({e(BOARD_LEGEND)})", ""]
    out += _markdown_table(parts.board)
    out += ["", "**Money**", ""]
    out += _markdown_table(parts.money)
    out += ["", "**Queue**, front first: " + e("; ".join(parts.queue) or "empty"), ""]
    for line in parts.standings:
        out += [e(line), ""]
    out += [e(line) for line in parts.next_lines[:1]]
    out += ["", *(e(line) for line in parts.next_lines[1:])] if parts.next_lines[1:] else []
    return "\n".join(out) + "\n"


def _bbcode(parts: _Parts) -> str:
    e = escape_bbcode
    out = [f"[b]{e(parts.headline)}[/b]", ""]
    if parts.problem:
        out += [f"[b]{e(parts.problem)}[/b]", ""]
    out.append(f"[b]{e(_since_title(parts))}[/b]")
    if parts.summaries:
        out.append("[list]")
        for summary in parts.summaries:
            out.append(
                f"[*][b]{e(f'Move {summary.number}, {summary.player}:')}[/b] {e(summary.text)}"
            )
            details = summary.details()
            if details:
                out.append("[list]")
                out.extend(
                    "[*]" + "\n".join(e(line) for line in d.replace("\r\n", "\n").split("\n"))
                    for d in details
                )
                out.append("[/list]")
        out.append("[/list]")
    caption = "\n".join(_caption(f"[b]Board[/b] ({e(BOARD_LEGEND)})"))
    out += ["", caption, "[code]"]
    out += _aligned(parts.board, e)
    out += ["[/code]", "[b]Money[/b]", "[code]"]
    out += _money_lines(parts.money, e, CAPTION_WIDTH)
    queue = "[b]Queue[/b], front first: " + e("; ".join(parts.queue) or "empty")
    out += ["[/code]", "\n".join(_caption(queue)), ""]
    if parts.standings:
        for line in parts.standings:
            out += _caption(e(line))
        out.append("")
    for line in parts.next_lines:
        out += _caption(e(line))
    return "\n".join(out) + "\n"


_LAYOUTS: dict[str, Callable[[_Parts], str]] = {
    "text": _text,
    "markdown": _markdown,
    "bbcode": _bbcode,
}


def compose(
    replay: Replay, since: int | None = None, fmt: str = "text", *, at: int | None = None
) -> Message:
    """A message about the game after move ``at`` (the last legal one by default), telling
    what happened after move ``since`` (by default what the next decider has not seen:
    ``unseen_since``).

    ``fmt`` is ``text``, ``markdown`` or ``bbcode``; raises ``ValueError``
    for another format, or a ``since`` or ``at`` beyond the log's legal moves.
    """
    if fmt not in _LAYOUTS:
        raise ValueError(f"unknown message format {fmt!r}; use one of {', '.join(FORMATS)}")
    legal = len(replay.states)
    if at is not None and not 0 <= at <= legal:
        raise ValueError(
            f"there is no move {at}: the log has {legal} legal move{'' if legal == 1 else 's'}"
        )
    if since is None:
        since = unseen_since(replay, at)
    parts = _parts(replay, since, at)
    return Message(subject(replay, at), _LAYOUTS[fmt](parts), fmt)


def compact_text(
    state: GameState, width: int = CAPTION_WIDTH, next_words: str | None = None
) -> str:
    """The board as compact as fits a terminal of 80x24 with a few lines above it: the rates,
    the money and certificates, the queue and who decides next (``play``'s engine replies;
    ``next_words`` instead while an offer waits for its answer)."""
    from ...reporters import TEXTWRAP, wrap_line

    out = _aligned(board_grid(state), clean)
    out.extend(_aligned(money_grid(state), clean))
    if state.is_over:
        out.extend(wrap_line(clean(over_text(state)), width, subsequent_indent="  ", **TEXTWRAP))
        return "\n".join(out)
    queue = "Queue, front first: " + "; ".join(queue_items(state))
    out.extend(wrap_line(clean(queue), width, subsequent_indent="  ", **TEXTWRAP))
    what = next_words or pending_text(state)
    out.extend(wrap_line(clean(f"Next: {what}."), width, **TEXTWRAP))
    return "\n".join(out)


def over_text(state: GameState) -> str:
    """The compact board's last line at the end, said once: ``The game is over: ann wins;
    final scores ann 31 GBP, bob 12 GBP.`` (the ranks' order; a bankrupt player marked)."""
    result = state.result
    if result is None:
        return "The game is over."
    code = CURRENCIES[result.strongest]
    winners = [state.players[seat] for seat in result.winners()]
    verb = verb_for(" and ".join(winners), "wins") if len(winners) == 1 else "win"
    order = sorted(range(len(state.players)), key=lambda seat: (result.ranks[seat], seat))
    scores = ", ".join(
        f"{state.players[seat]} {result.totals[seat]} {code}"
        + (" (bankrupt)" if seat == result.bankrupt else "")
        for seat in order
    )
    return f"The game is over: {' and '.join(winners)} {verb}; final scores {scores}."
