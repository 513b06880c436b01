"""Forks of any game: where two copies of one log part, and which continuation is legal.

Entries are the same when the same decider made the same decisions (as the game's
notation reads them: spacing does not matter); notes and digests do not make a fork.
Two logs whose header differs in anything but the free text (title, site, started)
are different games.  For-Ex's richer report is ``forks.compare``.
"""

from __future__ import annotations

from typing import Any

from .gamelog import GameLog, Replay, replay

FREE_TEXT = ("title", "site", "started", "finished")
"""Header fields that describe a game without changing it."""


def _setup(record: GameLog) -> dict[str, Any]:
    return {k: v for k, v in record.header.items() if k not in FREE_TEXT}


def compare(a: GameLog, b: GameLog) -> dict[str, Any]:
    """The comparison as JSON-ready data: ``kind`` is ``same``, ``ahead``, ``fork`` or
    ``different_games``; ``text`` says it in a sentence or two."""
    names = (a.filename, b.filename)
    setup_a, setup_b = _setup(a), _setup(b)
    if a.game is not b.game or setup_a != setup_b:
        differing = sorted(k for k in {*setup_a, *setup_b} if setup_a.get(k) != setup_b.get(k))
        return {
            "kind": "different_games",
            "common": 0,
            "differing": differing,
            "text": f"{names[0]} and {names[1]} are different games, not a fork: their"
            f" headers differ in {', '.join(differing)}.",
        }
    common = 0
    for x, y in zip(a.entries, b.entries, strict=False):
        if (x.key, x.decisions) != (y.key, y.decisions):
            break
        common += 1
    sides: list[dict[str, Any]] = []
    for record in (a, b):
        played: Replay = replay(record)
        sides.append(
            {
                "file": record.filename,
                "moves": len(record.entries),
                "legal": played.problem is None,
                "next": None
                if common >= len(record.entries)
                else f"{record.entries[common].key}: {record.entries[common].text}",
            }
        )
    agreed = f"moves 1 to {common}" if common else "no move"
    if sides[0]["moves"] == sides[1]["moves"] == common:
        same = f"{common} move{'' if common == 1 else 's'}"
        kind, text = "same", f"{names[0]} and {names[1]} hold the same {same}."
    elif common in (sides[0]["moves"], sides[1]["moves"]):
        longer, shorter = (1, 0) if sides[0]["moves"] == common else (0, 1)
        kind = "ahead"
        text = (
            f"{names[longer]} goes on from {names[shorter]}: they agree on {agreed}, and"
            f" {names[longer]} has {sides[longer]['moves'] - common} more."
        )
    else:
        kind = "fork"
        text = (
            f"{names[0]} and {names[1]} agree on {agreed} and part at move {common + 1}:"
            f" {names[0]} has {sides[0]['next']}, {names[1]} has {sides[1]['next']}."
        )
    legal = [side["file"] for side in sides if side["legal"]]
    if kind != "same" and len(legal) == 1:
        text += f" Only {legal[0]}'s moves are all legal: continue from {legal[0]}."
    return {"kind": kind, "common": common, "sides": sides, "text": text}
