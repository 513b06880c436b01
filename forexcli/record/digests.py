"""Tamper evidence: check the ``digest:`` that ``forex play`` records with each entry.

A digest is the first 16 hex digits of the SHA-256 of the canonical JSON of
the game state after its entry (``games.base.state_digest``).  It is derived,
never required: an entry without one is not checked, and a log without any
stays valid.  A digest that no longer matches means that an earlier entry
(or the set-up) was edited after the digest was written, or that the log was
replayed by a different version of the rules.
"""

from __future__ import annotations

from ..games.base import state_digest
from .gamelog import Replay
from .problems import Problem, moves_text
from .problems import printable as clean


def recomputed(replay: Replay) -> list[str]:
    """The digest of the state after each legal entry, in order."""
    game = replay.log.game
    return [state_digest(game, state) for state in replay.states]


def check_digests(replay: Replay) -> Problem | None:
    """The first replayed entry whose recorded digest differs from the state after it.

    Only entries that replayed legally are checked (a replay problem is
    reported on its own).  The problem has code ``digest_mismatch``, layer
    ``rules``, and the place of the recorded digest value.
    """
    log = replay.log
    if all(entry.digest is None for entry in log.entries):
        return None  # nothing to check (and no need for the state after each entry)
    for index, state in enumerate(replay.states):
        entry = log.entries[index]
        if entry.digest is None:
            continue
        actual = state_digest(log.game, state)
        if entry.digest == actual:
            continue
        place = log.place(("moves", entry.number - 1, "digest"))
        line, column = place if place else (None, None)
        return Problem(
            "digest_mismatch",
            f"move {entry.number}: {clean(entry.player)}: {clean(entry.text)}: the recorded"
            f" digest {clean(entry.digest)} does not match the state after this move, whose"
            f" digest is {actual}",
            "rules",
            log.filename,
            line,
            column,
            entry.number,
            (
                "someone edited the set-up, this move, an earlier one or the digest after it"
                " was written, or the log was replayed by a different version of the rules",
                _last_good_hint(replay, entry.number),
            ),
        )
    return None


def _last_good_hint(replay: Replay, number: int) -> str:
    """Which earlier digest still matched: the edit is after it."""
    for index in range(number - 2, -1, -1):
        entry = replay.log.entries[index]
        if entry.digest is not None:
            return (
                f"the digest of move {entry.number} still matches: the change is in"
                f" {moves_text(entry.number + 1, number)}"
            )
    return f"no earlier move has a digest: the change is in {moves_text(1, number)} or the set-up"
