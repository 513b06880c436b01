"""Reports of a log of any game, made from its rules module alone (``games.base.Game``).

``moves`` lists what may be decided now, grouped by the first word of the
notation (``buy``, ``sell``, ``reveal``); ``history`` lists the entries with
their notes.  Text (a table, or markdown) and JSON, as a game's own reports are.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..record.gamelog import Replay, told_entry
from ..record.status import status_line
from . import md, plural

MAX_LISTED = 40
"""A group with more decisions than this is summed up in text (its count and a few
examples), and in JSON too when the game's legal decisions are a lazy sequence (``Game.legal``:
too many to list)."""
EXAMPLES = 3


def legal_groups(
    played: Replay, state: Any, kinds: Sequence[str] = (), *, summed: bool = True
) -> list[dict[str, Any]]:
    """What may be decided in ``state``: groups by the notation's first word, in order; with
    ``kinds``, only the groups of those words, each whole; else, when ``summed``, a group of
    more than ``MAX_LISTED`` lists ``EXAMPLES`` of its entries. A group's ``complete`` says
    whether its ``entries`` are every one it counts."""
    game = played.log.game
    legal = game.legal(state)
    groups: dict[str, dict[str, Any]] = {}
    lazy = not isinstance(legal, (list, tuple))
    listed = legal[:EXAMPLES] if lazy and len(legal) > MAX_LISTED else legal
    for decision in listed:
        text = game.write((decision,))
        word = text.split(" ", 1)[0]
        group = groups.setdefault(
            word, {"kind": word, "by": game.key((decision,)), "count": 0, "entries": []}
        )
        group["count"] += 1
        group["entries"].append(text)
    if listed is not legal:
        for group in groups.values():
            group["count"] = len(legal)
    if kinds:
        chosen = [group for word, group in groups.items() if word in kinds]
    else:
        chosen = list(groups.values())
        for group in chosen:
            if summed and group["count"] > MAX_LISTED:
                group["entries"] = group["entries"][:EXAMPLES]
    for group in chosen:
        group["complete"] = len(group["entries"]) == group["count"]
    return chosen


MOVES_FORMAT = "forex-moves"


def moves_head(played: Replay, point: int) -> dict[str, Any]:
    """The keys every game's ``moves --format json`` has, with the same names and meanings:
    the document's ``format`` and ``version``, the ``game``, ``file`` and ``at``, and who
    decides (``Game.pending``): ``over``, ``deciders``, ``kind`` and ``count``."""
    game = played.log.game
    pending = game.pending(played.state_after(point))
    return {
        "format": MOVES_FORMAT,
        "version": 1,
        "game": game.name,
        "file": played.log.filename,
        "at": point,
        "over": pending.over,
        "deciders": list(pending.deciders),
        "kind": pending.kind,
        "count": pending.count,
    }


def moves_data(played: Replay, point: int, kinds: Sequence[str] = ()) -> dict[str, Any]:
    """``moves --format json`` for any game: who decides, and the legal entries by kind (with
    ``kinds``, only those kinds', whole); every entry is a decision on its own (``prefix``
    false, as a game's own groups say it). Every group lists every entry (a script wants the
    legal decisions, not a summary), but for a lazy sequence of more than ``MAX_LISTED``
    (``complete`` false)."""
    groups = legal_groups(played, played.state_after(point), kinds, summed=False)
    return {
        **moves_head(played, point),
        "groups": [{**group, "prefix": False} for group in groups],
    }


def moves_text(
    played: Replay,
    point: int,
    *,
    markdown: bool = False,
    kinds: Sequence[str] = (),
    every: bool = False,
) -> str:
    """``moves`` for any game: who decides, then each group's entries as ``play`` takes them;
    with ``kinds`` (the notation's first words) or ``every``, each legal decision of those
    kinds (or every one) on a line of its own, as ``play`` takes it after the player."""
    if kinds or every:
        game = played.log.game
        texts = (game.write((decision,)) for decision in game.legal(played.state_after(point)))
        return "".join(text + "\n" for text in texts if not kinds or text.split(" ", 1)[0] in kinds)
    game = played.log.game
    state = played.state_after(point)
    groups = legal_groups(played, state)
    lines = [status_line(game, state)]
    if not groups:
        lines.append("No legal decisions.")
    for group in groups:
        shown = group["entries"]
        more = group["count"] - len(shown)
        title = f"{group['kind']} ({group['count']})"
        lines.append("")
        lines.append(f"**{md(title)}**" if markdown else title)
        for text in shown:
            entry = f"{group['by']}: {text}"
            lines.append(f"- `{entry}`" if markdown else f"  {entry}")
        if more > 0:
            lines.append(f"{'-' if markdown else ' '} ... and {more} more of the same kind")
    return "\n".join(lines)


def history_data(played: Replay) -> dict[str, Any]:
    """``history --format json`` for any game: every entry, and the illegal one if any."""
    record = played.log
    check = None
    if record.header.get("keys") or any(entry.sig for entry in record.entries):
        from ..record.signing import check_signatures

        check = check_signatures(played)
    return {
        "format": "forex-history",
        "version": 1,
        "game": record.game.name,
        "file": record.filename,
        "title": record.title,
        "players": list(record.players),
        "moves": [
            {
                "move": entry.number,
                "by": entry.key,
                "decision": entry.text,
                "note": entry.note,
                "legal": entry.number <= played.moves,
                "signed": list(check.signed.get(entry.number, ())) if check else [],
            }
            for entry in record.entries
        ],
        "status": status_line(record.game, played.final),
        "problem": None if played.problem is None else played.problem.as_dict(),
    }


def entry_sentences(played: Replay, number: int) -> list[str]:
    """What the decisions of legal entry ``number`` did, in the game's sentences (none for a
    game that tells none: ``Game.describe``)."""
    before = played.state_after(number - 1)
    return told_entry(played.log.game, before, played.log.entries[number - 1].decisions)


def history_text(
    played: Replay, *, markdown: bool = False, events: bool = False, width: int | None = None
) -> str:
    """``history`` for any game: a table of the entries with their notes (and with
    ``events``, what each legal one did); a text table's decision, events and note
    columns wrapped to fit ``width``."""
    from tabulate import tabulate

    from . import clean, wrap_line
    from .tables import wrapped

    record = played.log
    data = history_data(played)
    head: list[str] = []
    if record.title:
        head.append(record.title)
    head.append(
        f"{record.game.title}; {plural(len(record.entries), 'move')};"
        f" players in seat order: {', '.join(record.players)}"
    )
    rows: list[Sequence[Any]] = [
        (
            f"{m['move']}" + ("" if m["legal"] else " !"),
            m["by"],
            m["decision"],
            m["note"] or "",
        )
        for m in data["moves"]
    ]
    headers: tuple[str, ...] = ("#", "by", "decision", "note")
    signed = record.header.get("keys") or any(entry.sig for entry in record.entries)
    if signed:  # a signed game: who signed each entry, before the note
        rows = [
            (*row[:3], ", ".join(m["signed"]) or "-", row[3])
            for row, m in zip(rows, data["moves"], strict=True)
        ]
        headers = ("#", "by", "decision", "signed", "note")
    sentences: list[list[str]] = []
    if events:
        headers = (*headers[:-1], "what happened", "note")
        joiner = "<br>" if markdown else "\n"
        for index, m in enumerate(data["moves"]):
            said = entry_sentences(played, m["move"]) if m["legal"] else ["(not legal)"]
            lines = [clean(s) for s in said]
            sentences.append(lines)
            if not markdown:
                lines = [part for line in lines for part in wrap_line(line, 40) or [""]]
            rows[index] = (*rows[index][:-1], joiner.join(lines), rows[index][-1])
    if width is not None and not markdown and rows:
        rows = _fitted_rows(rows, headers, width, sentences)
    table = tabulate(
        rows,
        headers=headers,
        tablefmt="github" if markdown else "simple",
        disable_numparse=True,
    )
    if not markdown:  # the title and the players, wrapped as a report's sentences are
        head = [wrapped(line, width) for line in head]
    return "\n".join([*head, "", table, data["status"]])


def _fitted_rows(
    rows: Sequence[Sequence[Any]],
    headers: Sequence[str],
    width: int,
    sentences: Sequence[Sequence[str]],
) -> list[Sequence[Any]]:
    """``rows`` with their decision, events and note cells wrapped so that the table fits
    ``width`` (its other columns kept whole); ``sentences``: each row's events unwrapped."""
    from . import fitted_widths, wrap_line

    cells = [[str(cell) for cell in row] for row in rows]
    wrap = [index for index, name in enumerate(headers) if name in _WRAPPED]
    limits = fitted_widths([list(headers), *cells], wrap, width)
    if limits is None:
        return list(rows)

    def fill(lines: Sequence[str], limit: int | None) -> str:
        if limit is None:
            return "\n".join(lines)
        return "\n".join(part for line in lines for part in wrap_line(line, limit) or [""])

    fitted: list[Sequence[Any]] = []
    for index, row in enumerate(cells):
        cell_lines = [cell.split("\n") for cell in row]
        if sentences and "what happened" in headers:
            cell_lines[headers.index("what happened")] = list(sentences[index])
        fitted.append([fill(lines, limits[i]) for i, lines in enumerate(cell_lines)])
    return fitted


_WRAPPED = ("decision", "what happened", "note")
"""The columns of a history table that are wrapped to fit the width."""


def play_data(played: Replay, file: str, *, written: bool) -> dict[str, Any]:
    """``play --format json`` for any game: the entry added, who is next, the state."""
    game = played.log.game
    entry = played.log.entries[-1]
    return {
        "format": "forex-play",
        "version": 1,
        "game": game.name,
        "file": file,
        "written": written,
        "move": entry.number,
        "by": entry.key,
        "decision": entry.text,
        "note": entry.note,
        "digest": entry.digest,
        "signed": sorted(entry.sig or {}),
        "next": status_line(game, played.final),
        "state": game.view(played.final),
    }


def play_text(played: Replay, file: str, *, written: bool) -> str:
    """``play`` for any game: the entry added (or that would be), what it did in the game's
    sentences (``Game.describe``: a die's roll, a card drawn), and who is next (escaped)."""
    from . import clean

    entry = played.log.entries[-1]
    verb = "added" if written else "would add"
    signed = " (signed)" if entry.sig else ""
    said = entry_sentences(played, entry.number) if entry.number <= played.moves else []
    return clean(
        "\n".join(
            [
                f"{verb} move {entry.number}{signed}: {entry.key}: {entry.text} to {file}",
                *(f"  {sentence}" for sentence in said),
                f"next: {status_line(played.log.game, played.final)}",
            ]
        ),
        newlines=True,
    )
