"""What every report about a For-Ex game shares: the :class:`View` of a game at one point,
the awaited decision in words and as data, and the log's signatures."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from msgspec import Struct

from ....record.entry import Entry
from ....record.gamelog import GameLog, Replay
from ....reporters import Style, clean, md
from ....reporters.tables import wrapped
from ....words import possessive, says
from ..rules import CURRENCIES, Event, GameState, Phase
from . import ENDINGS


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
            f"{says(who, 'answers')} {possessive(state.players[state.turn_player])} divest of"
            f" {code}:"
            f" sell 0 to {held} {code}"
        )
    names = ", ".join(CURRENCIES[c] for c in pending.candidates)
    if pending.phase is Phase.DIVIDEND_TIE:
        return f"{says(who, 'chooses')} the currency to strengthen (dividend tie): one of {names}"
    return f"{says(who, 'chooses')} the strongest currency (final tie): one of {names}"


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


def next_line(
    state: GameState,
    markdown: bool,
    style: Style,
    width: int | None = None,
    offer: str | None = None,
) -> str:
    """``Next: bob to play, ...``, who answers the engine's open ``offer``
    (``seats.offer_awaited``) when one waits, or the end of the game (text wrapped to
    ``width``)."""
    text = offer or pending_text(state)
    if state.is_over:
        text = text[0].upper() + text[1:] + "."
        return f"**{md(text)}**" if markdown else style.heading(wrapped(clean(text), width))
    if markdown:
        return f"**Next:** {md(text)}"
    return style.heading("Next: ") + wrapped("Next: " + clean(text), width)[len("Next: ") :]


def signatures_of(log: GameLog, replay: Replay) -> Any:
    """The log's ``SignatureCheck`` in a signed game (None in an unsigned one)."""
    if not (
        log.header.get("keys")
        or log.header.get("signatures")
        or any(entry.sig for entry in log.entries)
    ):
        return None
    from ....record.signing import check_signatures

    return check_signatures(replay)
