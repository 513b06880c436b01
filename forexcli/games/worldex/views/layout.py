"""World Exchangers in ``show``, ``message`` and the pictures, from its pure views.

The views (``games.worldex.views``: ``render_text``, the tables, ``show_view``;
``picture.board_svg``; ``describe.describe`` and ``summary``) know nothing of
files; this module lays them out for the commands: markdown tables, the
catch-up of the entries after move N (every decision of an entry told in
turn, from the states the replay gives), messages in plain text, markdown or
BBCode, and the boards a picture draws (one player's, or every board stacked).

Everything that comes from the log (names, notes, the title) is escaped for
the format: controls as escapes everywhere, markdown punctuation backslashed,
BBCode brackets made full-width so that no tag can be opened.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from msgspec import Struct
from tabulate import tabulate

from ....record.entry import Entry
from ....record.gamelog import Replay, told_entry
from ....record.problems import command_path, player_command
from ....reporters import clean, md, plural, text_width, wrap_line
from ...base import Message
from ..describe import GAME_OVER_AFTER, summary
from ..picture import board_svg
from ..rules import State
from . import Table, decider_of, status_lines, tables, to_play, waiting_for

SUBJECT_PREFIX = "[World Exchangers]"
WIDTH = 80
"""The width prose is wrapped to in text and BBCode messages."""
ALL_SEATS = "all"
"""The ``--seat`` value that draws every board."""


# --------------------------------------------------------------------------- show


def _who_decides(state: State) -> str:
    """``ai: buy or sell``, or ``the game is over`` (not that nobody is to play)."""
    return "the game is over" if state.is_over else waiting_for(state)


def markdown_text(state: State) -> str:
    """What ``show --format markdown`` prints: the heading lines, then each table."""
    lines = status_lines(state)
    out = [f"**{md(lines[0])}**", "", *(f"- {md(line)}" for line in lines[1:])]
    for table in tables(state):
        rows = [[md(cell) for cell in row] for row in table.rows]
        out += [
            "",
            f"### {md(table.title)}",
            "",
            tabulate(
                rows,
                headers=[md(h) for h in table.headers],
                tablefmt="github",
                disable_numparse=True,
            ),
        ]
    return "\n".join(out) + "\n"


# --------------------------------------------------------------------------- play and moves


def _table_text(table: Table, width: int, markdown: bool) -> str:
    from . import fitted_table

    if markdown:
        rows = [[md(cell) for cell in row] for row in table.rows]
        body = tabulate(
            rows, headers=[md(h) for h in table.headers], tablefmt="github", disable_numparse=True
        )
        return f"**{md(table.title)}**\n\n{body}"
    title = "\n".join(wrap_line(clean(table.title), width, subsequent_indent="  "))
    return title + "\n\n" + clean(fitted_table(table, width), newlines=True)


def _paragraph(text: str, markdown: bool) -> str:
    return md(text) if markdown else "\n".join(_wrap(clean(text)))


def _command_path(path: str) -> str:
    return command_path(path)


def play_text(
    played: Replay,
    path: str,
    *,
    written: bool,
    markdown: bool = False,
    width: int = WIDTH,
) -> str:
    """What ``forex play`` prints after an entry of a World Exchangers log: the entry, what
    each of its decisions did (sentences: cash, symbols, media, rings, refills, reveals,
    trend cards), the players that changed, the sale area, and who decides next with what
    they may do; after the last move the final scores table and who won, said once."""
    from ..report import area_line, changes_table, next_text
    from . import scores_table

    entry = played.log.entries[-1]
    before = played.state_after(entry.number - 1)
    after = played.final
    (item,) = told(played, entry.number - 1, entry.number)
    done = f"added to {path}" if written else f"dry run: {path} is unchanged"
    signed = " (signed)" if entry.sig else ""
    head = f"move {entry.number}{signed}: {entry.key}: {entry.text} ({done})"
    # The game's end is told once, last: the final scores table and who won after it.
    details = [line for line in _details(item) if not line.startswith(GAME_OVER_AFTER)]
    parts: list[str] = []
    if markdown:
        parts.append(f"**{md(head)}**")
        parts.append("\n".join(f"- {md(line)}" for line in details))
    else:
        parts.append("\n".join(_wrap(clean(head))))
        parts.append("\n".join(line for s in details for line in _wrap(clean(s), "  ")))
    changed = changes_table(before, after)
    if changed.rows:
        parts.append(_table_text(changed, width, markdown))
    if after.is_over:
        parts.append(_table_text(scores_table(after), width, markdown))
    else:
        parts.append(_paragraph(area_line(after), markdown))
    sentence, command = next_text(after, _command_path(path))
    if not command:
        parts.append(_paragraph(sentence, markdown))
    elif markdown:
        parts.append(f"{md(sentence)} `{clean(command)}`")
    else:
        parts.append(_paragraph(sentence, False) + "\n  " + clean(command))
    return "\n\n".join(part for part in parts if part) + "\n"


def _deciding(state: State, where: str) -> str:
    """``ann to play (buy or sell), month 1, at the start: cash 600, media 0.``"""
    pending = state.pending
    if pending.seat is None:
        count = pending.count
        return f"The deck to reveal {count} card{'' if count == 1 else 's'} ({where})."
    player = state.players[pending.seat]
    turn = state.turn
    if pending.phase.value == "second" and turn is not None:
        what = f"the second card to {turn.action}, after {turn.cards[0]}"
    else:
        what = "buy or sell"
    return (
        f"{player.name} to play ({what}), month {state.round}, {where}:"
        f" cash {player.cash:,}, media {player.media}."
    )


NOTES_ROOM = 16
"""The narrowest notes column of ``forex moves``; narrower, the notes go below each row."""


def _options_table(moves: Any, width: int, markdown: bool) -> str:
    """The entries first (never wrapped: they are pasted), then price, cash after, notes."""
    headers = ("decision", "price", "cash after", "notes")
    rows = [
        (
            option.notation,
            "" if option.price is None else f"{option.price:,}",
            "" if option.cash is None else f"{option.cash:,}",
            option.notes,
        )
        for option in moves.options
    ]
    if markdown:
        cells = [[f"`{clean(row[0])}`", *(md(cell) for cell in row[1:])] for row in rows]
        return tabulate(cells, headers=list(headers), tablefmt="github", disable_numparse=True)
    rows = [(clean(a), clean(b), clean(c), clean(d)) for a, b, c, d in rows]
    # a column is as wide as its widest cell, or its header and tabulate's padding of 2
    fixed = [max(len(h) + 2, *(text_width(r[i]) for r in rows)) for i, h in enumerate(headers[:3])]
    room = width - sum(fixed) - 2 * 3
    if room >= NOTES_ROOM:
        return tabulate(
            rows,
            headers=list(headers),
            disable_numparse=True,
            maxcolwidths=[None, None, None, room],
        )
    # too narrow for a notes column: each row's notes on the lines below it
    table = tabulate(
        [row[:3] for row in rows], headers=list(headers[:3]), disable_numparse=True
    ).splitlines()
    out = table[:2]
    for row, text in zip(rows, table[2:], strict=True):
        out.append(text)
        if row[3]:
            out.extend(wrap_line(row[3], width, initial_indent="    ", subsequent_indent="    "))
    return "\n".join(out)


def moves_text(
    played: Replay, point: int, path: str, *, markdown: bool = False, width: int = WIDTH
) -> str:
    """What ``forex moves`` prints for a World Exchangers log: who decides, how to play an
    entry, every legal entry (exactly as ``forex play`` takes it) with its price, cash after
    and notes, the extras that ride on a buy or a sale, and what each option means."""
    from ..moves import legend, options

    state = played.state_after(point)
    moves = options(state)
    where = f"after move {point}" if point else "at the start"

    def line(text: str) -> list[str]:
        return [md(text)] if markdown else _wrap(clean(text), width=width)

    if moves.decider is None:
        from . import winners_text

        over = (
            f"The game is over ({where}): {winners_text(state)}; no decision is left."
            f" forex show {_command_path(path)} gives the scores part by part."
        )
        return "\n".join(line(over)) + "\n"
    out = line(_deciding(state, where))
    play = player_command("forex play", _command_path(path), moves.decider, "DECISION")
    if markdown:
        out.append(f"Play one with `{clean(play)}`, DECISION from the first column.")
    else:
        out += ["Play one with (DECISION from the first column):", f"  {clean(play)}"]
    out += ["", _options_table(moves, width, markdown)]
    if moves.extras:
        out += ["", "**Extras**" if markdown else "Extras (written after the cards):"]
        for extra in moves.extras:
            out += [f"- {md(extra)}"] if markdown else _wrap(clean(extra), "  ", width)
    explained = legend(moves)
    if explained:
        out += ["", "**What the options mean**" if markdown else "What the options mean:"]
        for word, meaning in explained:
            out += (
                [f"- `{word}`: {md(meaning)}"]
                if markdown
                else _wrap(f"{word}: {meaning}", "  ", width)
            )
    return "\n".join(out) + "\n"


# --------------------------------------------------------------------------- catch-up


class Told(Struct, frozen=True):
    """One entry told: its number, who decided, the notation, the sentences and the note."""

    number: int
    key: str
    text: str
    sentences: tuple[str, ...]
    note: str | None

    @property
    def heading(self) -> str:
        """``Move 7, louis: buy Sydney``."""
        return f"Move {self.number}, {self.key}: {self.text}"


def told(played: Replay, since: int, at: int) -> list[Told]:
    """The entries after move ``since`` up to move ``at``, each with what its decisions did."""
    game = played.log.game
    out = []
    for entry in played.log.entries[since:at]:
        out.append(_told(game, played.state_after(entry.number - 1), entry))
    return out


def _told(game: Any, before: State, entry: Entry) -> Told:
    sentences = told_entry(game, before, entry.decisions)
    return Told(entry.number, entry.key, entry.text, tuple(sentences), entry.note)


def last_entry_of(played: Replay, name: str, at: int) -> int:
    """The number of ``name``'s last entry at or before move ``at`` (0 when none)."""
    entries = played.log.entries[:at]
    return next((e.number for e in reversed(entries) if e.key == name), 0)


def unseen_since(played: Replay, at: int) -> int:
    """The move after which the next decider has seen nothing (at least the last is told).

    That is the next player's own last entry; when the deck or nobody decides next, the
    earliest last entry of the players who did not make the last one.
    """
    if at == 0:
        return 0
    who = decider_of(played.state_after(at))
    players = played.log.players
    if who in players:
        point = last_entry_of(played, who, at)
    else:
        last = played.log.entries[at - 1].key
        others = [p for p in players if p != last] or list(players)
        point = min(last_entry_of(played, p, at) for p in others)
    return min(point, at - 1)


def catch_up_text(items: Sequence[Told], since: int, *, markdown: bool = False) -> str:
    """``Since move N:`` and each entry with its sentences (text or markdown)."""
    if not items:
        title = f"Nothing has happened since move {since}."
        return (f"**{md(title)}**" if markdown else title) + "\n"
    title = "What happened:" if since == 0 else f"Since move {since}:"
    if markdown:
        out = [f"**{md(title)}**", ""]
        for item in items:
            out.append(f"- **{md(item.heading)}**")
            out.extend(f"  - {md(line)}" for line in _details(item))
    else:
        out = [title]
        for item in items:
            out.append(clean(item.heading))
            for line in _details(item):
                out.extend(_wrap(clean(line), "  "))
    return "\n".join(out) + "\n"


def _details(item: Told) -> list[str]:
    lines = list(item.sentences)
    if item.note:
        lines.append(f"Note: {item.note}")
    return lines


def _wrap(text: str, indent: str = "", width: int = WIDTH) -> list[str]:
    hang = indent + "  " if indent else "  "
    return wrap_line(text, width, initial_indent=indent, subsequent_indent=hang) or [indent]


# --------------------------------------------------------------------------- pictures


def seats_of(state: State, seat: str | None) -> list[int]:
    """The seats a picture draws: the named player's, every one for ``all``, and by
    default the player to play (every board when the deck or nobody decides).

    Raises ``ValueError`` (with the players' names) for a name that is not a player.
    """
    names = [player.name for player in state.players]
    if seat is None:
        who = decider_of(state)
        return [names.index(who)] if who in names else list(range(len(names)))
    if seat == ALL_SEATS:
        return list(range(len(names)))
    if seat not in names:
        raise ValueError(
            f"{seat!r} is not a player of this game ({', '.join(names)}; or {ALL_SEATS})"
        )
    return [names.index(seat)]


def boards_svg(state: State, seats: Sequence[int], title: str | None = None) -> str:
    """The boards of ``seats`` as one SVG: one board as ``board_svg`` draws it, several
    stacked one below the other (each a nested ``<svg>`` of its own size)."""
    if len(seats) == 1:
        return board_svg(state, seats[0], title)
    import re

    parts = [board_svg(state, seat, title) for seat in seats]
    sizes = []
    for part in parts:
        found = re.search(r'width="([\d.]+)" height="([\d.]+)"', part)
        assert found is not None
        sizes.append((float(found.group(1)), float(found.group(2))))
    width = max(w for w, _ in sizes)
    height = sum(h for _, h in sizes)
    heading = f"{title}: " if title else ""
    names = ", ".join(state.players[seat].name for seat in seats)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{_num(width)}"'
        f' height="{_num(height)}" viewBox="0 0 {_num(width)} {_num(height)}">',
        f"<title>{_xml(f'{heading}the boards of {names}')}</title>",
    ]
    top = 0.0
    for part, (_, h) in zip(parts, sizes, strict=True):
        inner = part.strip().replace("<svg ", f'<svg x="0" y="{_num(top)}" ', 1)
        out.append(inner)
        top += h
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _num(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def _xml(text: str) -> str:
    from ..picture import xml_escape

    return xml_escape(text)


# --------------------------------------------------------------------------- message


def escape_bbcode(text: str) -> str:
    """``text`` for BBCode: controls escaped, square brackets made full-width (no tags)."""
    return clean(text).replace("[", "\uff3b").replace("]", "\uff3d")


def game_name(played: Replay) -> str:
    """The log's title, or its players' names when it has none (raw)."""
    return played.log.title or ", ".join(played.log.players)


def subject(played: Replay, at: int) -> str:
    """``[World Exchangers] Friday club — move 14, mei: buy or sell`` (one line, escaped)."""
    where = f"move {at}" if at else "set-up"
    state = played.state_after(at)
    return clean(f"{SUBJECT_PREFIX} {game_name(played)} \u2014 {where}, {_who_decides(state)}")


def compose(
    played: Replay, since: int | None = None, fmt: str = "text", *, at: int | None = None
) -> Message:
    """A message about the game after move ``at`` (the last legal one by default): the
    summary, what every entry after move ``since`` did (by default all the next decider
    has not seen: ``unseen_since``) and who is to play.

    ``fmt`` is ``text``, ``markdown`` or ``bbcode``; raises ``ValueError`` for another
    format, or an ``at`` or ``since`` beyond the legal moves.
    """
    layouts: dict[str, Callable[[list[str], list[Told], str], str]] = {
        "text": _text,
        "markdown": _markdown,
        "bbcode": _bbcode,
    }
    if fmt not in layouts:
        raise ValueError(f"unknown message format {fmt!r}; use one of {', '.join(layouts)}")
    legal = played.moves
    at = legal if at is None else at
    if not 0 <= at <= legal:
        raise ValueError(f"there is no move {at}: the log has {plural(legal, 'legal move')}")
    if since is None:
        since = unseen_since(played, at)
    if not 0 <= since <= at:
        raise ValueError(f"--since {since} is not between 0 and move {at}")
    state = played.state_after(at)
    where = f"move {at}" if at else "set-up"
    head = [f"{game_name(played)}, {where}: {to_play(state)}."]
    if played.problem is not None and at == legal:
        head.append(f"The log breaks the rules: {played.problem.message}")
    items = told(played, since, at)
    tail = [summary(state)]
    if not state.is_over:
        if at < legal:
            tail.append(f"This is the game after move {at}; the log goes on to move {legal}.")
        else:
            tail.append(
                f"The log has {at} move{'' if at == 1 else 's'}: play the next one with"
                f" --after {at}, so that a crossing answer is refused."
            )
    from ....record.seats import header_lines

    tail.extend(header_lines(played.log))
    title = (
        f"Nothing has happened since move {since}."
        if not items
        else ("What happened:" if since == 0 else f"Since move {since}:")
    )
    body = layouts[fmt]([*head, title], items, "\n".join(tail))
    return Message(subject(played, at), body, fmt)


def _text(head: list[str], items: list[Told], tail: str) -> str:
    out = [*_wrap(clean(head[0])), ""]
    for line in head[1:-1]:
        out += [*_wrap(clean(line)), ""]
    out.append(head[-1])
    for item in items:
        out.append(clean(item.heading))
        for line in _details(item):
            out.extend(_wrap(clean(line), "  "))
    for line in tail.split("\n"):
        out += ["", *_wrap(clean(line))]
    return "\n".join(out) + "\n"


def _markdown(head: list[str], items: list[Told], tail: str) -> str:
    out = [f"**{md(line)}**\n" for line in head]
    for item in items:
        out.append(f"- **{md(item.heading)}**")
        out.extend(f"  - {md(line)}" for line in _details(item))
    if items:
        out.append("")
    out += [f"{md(line)}\n" for line in tail.split("\n")]
    return "\n".join(out).rstrip("\n") + "\n"


def _bbcode(head: list[str], items: list[Told], tail: str) -> str:
    e = escape_bbcode
    out = [f"[b]{e(line)}[/b]\n" for line in head]
    if items:
        out.append("[list]")
        for item in items:
            out.append(f"[*][b]{e(item.heading)}[/b]")
            details = _details(item)
            if details:
                out += ["[list]", *(f"[*]{e(line)}" for line in details), "[/list]"]
        out.append("[/list]\n")
    out += [f"{e(line)}\n" for line in tail.split("\n")]
    return "\n".join(out).rstrip("\n") + "\n"


def compose_mail(
    played: Replay,
    since: int | None = None,
    *,
    filename: str = "game.yaml",
    with_log: bool = False,
    with_picture: bool = True,
) -> Any:
    """The mail to send with the log as it stands (an ``EmailMessage``): the message in
    text with a markdown alternative (the log in both with ``with_log``), the log attached,
    and the board of the player to play (every board when the deck or nobody is) as PNG.

    World Exchangers logs name no contacts, so the mail has no To: or From:.
    """
    import email.policy
    from email.message import EmailMessage
    from email.utils import formatdate, make_msgid

    from ....record.mail import with_log as embedded

    text = compose(played, since, "text")
    markdown = compose(played, since, "markdown")
    bodies = [text.body, markdown.body]
    if with_log:
        bodies = [
            embedded(body, played.log.text, fmt, filename)
            for body, fmt in zip(bodies, ("text", "markdown"), strict=True)
        ]
    mail = EmailMessage(policy=email.policy.default)
    mail["Subject"] = text.subject
    mail["Date"] = formatdate(localtime=True)
    mail["Message-ID"] = make_msgid(domain="forexcli.invalid")
    mail["X-Forex-Moves"] = str(played.moves)
    mail.set_content(bodies[0])
    mail.add_alternative(bodies[1], subtype="markdown")
    mail.add_attachment(
        played.log.text.encode("utf-8"),
        maintype="text",
        subtype="plain",
        filename=filename,
        params={"charset": "utf-8"},
    )
    if with_picture:
        from ....record.png import svg_to_png

        state = played.final
        title = played.log.title or filename
        where = f"after move {played.moves}" if played.moves else "at the start"
        svg = boards_svg(state, seats_of(state, None), f"{title}, {where}")
        mail.add_attachment(svg_to_png(svg), maintype="image", subtype="png", filename="board.png")
    return mail
