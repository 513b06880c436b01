"""Catch-up: what happened between two points of a game, in plain sentences.

``summarize(replay, since)`` tells a player who last looked after move
``since`` everything that happened after it, one group of lines per move::

    Move 12, bob: contract 6 USD for 12 JPY
      contract A: bob will pay 6 USD and receive 12 JPY

    Move 13, carol: invest USD
      carol buys a USD certificate for 2
      USD strengthened
      money: carol -2 USD
      USD/JPY: 2 -> 2.5 (USD strengthened)
      ...

``moves`` gives the same facts as data (``MoveSummary``), unescaped, for
other renderings (messages in markdown or BBCode).  Everything taken from a
log (names, notes, decisions) is raw in ``MoveSummary``; ``summarize``
escapes it with ``clean`` for a terminal.
"""

from __future__ import annotations

from msgspec import Struct

from ...record.gamelog import Replay
from ...record.problems import moves_text, printable
from ...words import verb_for
from .rules import (
    CURRENCIES,
    PAIRS,
    Board,
    GameState,
    Phase,
    format_halves,
    format_rate,
)


def clean(text: str) -> str:
    """``text`` safe for a terminal (the one escaping policy: ``problems.printable``)."""
    return printable(text)


class MoveSummary(Struct, frozen=True):
    """What one log entry did, as sentences (raw: nothing escaped).

    ``events`` are the engine's sentences in order; ``money`` one line per
    player whose money changed; ``rates`` one line per pair that moved;
    ``result`` the final scores when the game ended with this move.
    """

    number: int
    player: str
    text: str
    note: str | None
    events: tuple[str, ...]
    money: tuple[str, ...]
    rates: tuple[str, ...]
    result: tuple[str, ...]

    @property
    def heading(self) -> str:
        """``Move 12, bob: contract 6 USD for 12 JPY``."""
        return f"Move {self.number}, {self.player}: {self.text}"

    def details(self) -> tuple[str, ...]:
        """The sentences under the heading, in order (note first)."""
        note = () if self.note is None else (f"note: {self.note}",)
        money = tuple(f"money: {line}" for line in self.money)
        return note + self.events + money + self.rates + self.result


def pair_name(a: int, b: int) -> str:
    """``USD/JPY``."""
    return f"{CURRENCIES[a]}/{CURRENCIES[b]}"


def rate_changes(before: Board, after: Board) -> list[str]:
    """One sentence per pair whose position differs, in board order.

    The pair is named stronger side first (after the move); the rate is the
    track value, units of the weaker for one of the stronger; the words say
    which way the stronger currency moved: ``USD/JPY: 2 -> 2.5 (USD
    strengthened)``, ``EUR/USD: 1.5 -> 1 (EUR weakened)``, or when the stronger
    side changed, ``JPY/USD: 1 (USD stronger) -> 1.5 (JPY stronger), JPY
    strengthened``.
    """
    lines = []
    for (a, b), old, new in zip(PAIRS, before.pairs, after.pairs, strict=True):
        if old == new:
            continue
        strong = new.stronger
        weak = b if strong == a else a
        name = pair_name(strong, weak)
        code = CURRENCIES[strong]
        if old.stronger == new.stronger:
            moved = "strengthened" if new.space > old.space else "weakened"
            lines.append(
                f"{name}: {format_rate(old.space)} -> {format_rate(new.space)} ({code} {moved})"
            )
        else:
            lines.append(
                f"{name}: {format_rate(old.space)} ({CURRENCIES[old.stronger]} stronger) ->"
                f" {format_rate(new.space)} ({code} stronger), {code} strengthened"
            )
    return lines


def _signed(halves: int) -> str:
    return ("+" if halves > 0 else "") + format_halves(halves)


def money_changes(before: GameState, after: GameState) -> list[str]:
    """One line per player whose money changed: ``bob -6 USD +12 JPY``."""
    lines = []
    for seat, name in enumerate(after.players):
        parts = [
            f"{_signed(new - old)} {CURRENCIES[c]}"
            for c, (old, new) in enumerate(zip(before.money[seat], after.money[seat], strict=True))
            if new != old
        ]
        if parts:
            lines.append(f"{name} " + " ".join(parts))
    return lines


def _ordinal(rank: int) -> str:
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(rank if rank < 20 else rank % 10, "th")
    return f"{rank}{suffix}"


def result_lines(state: GameState) -> list[str]:
    """The final scores of a finished game (empty while it goes on)."""
    result = state.result
    if result is None:
        return []
    code = CURRENCIES[result.strongest]
    how = {
        "pairs": "stronger in the most pairs",
        "certificates": "tied on pairs, most certificates",
        "choice": "chosen from a tie",
    }.get(result.decided_by, result.decided_by)
    lines = [f"final: {code} is the strongest currency ({how})"]
    order = sorted(range(len(state.players)), key=lambda s: (result.ranks[s], s))
    for seat in order:
        bankrupt = ", bankrupt" if seat == result.bankrupt else ""
        lines.append(
            f"{_ordinal(result.ranks[seat])}: {state.players[seat]} with {result.totals[seat]}"
            f" {code}{bankrupt}"
        )
    return lines


def pending_text(state: GameState) -> str:
    """Whose decision is awaited, and of which kind: ``carol to play``.

    The short wording; ``views.common.pending_text`` is the long one (with
    the turn, the divest's seller, the candidates).  Both are pinned by goldens.
    """
    pending = state.pending
    who = state.pending_player
    if pending.phase is Phase.OVER or who is None:
        result = state.result
        if result is None:
            return "game over"
        winners = " and ".join(state.players[s] for s in result.winners())
        verb = verb_for(winners, "wins") if len(result.winners()) == 1 else "win"
        return f"game over, {winners} {verb}"
    if pending.phase is Phase.DIVEST_RESPONSE:
        assert pending.currency is not None
        return f"{who} to answer the {CURRENCIES[pending.currency]} divest"
    if pending.phase is Phase.DIVIDEND_TIE:
        return f"{who} to choose the currency to strengthen"
    if pending.phase is Phase.STRONGEST_TIE:
        return f"{who} to choose the strongest currency"
    return f"{who} to play"


def _moves_played(replay: Replay) -> int:
    return len(replay.states)


def _check_range(replay: Replay, since: int, until: int | None) -> int:
    played = _moves_played(replay)
    end = played if until is None else until
    if not 0 <= since <= played:
        raise ValueError(
            f"there is no move {since}: the log has {played} legal move{'' if played == 1 else 's'}"
        )
    if not since <= end <= played:
        raise ValueError(
            f"cannot summarise {moves_text(since + 1, end)}: the log has {played} legal moves"
        )
    return end


def moves(replay: Replay, since: int, until: int | None = None) -> list[MoveSummary]:
    """What each move after ``since`` (up to ``until``, default the last legal one) did.

    Raises ``ValueError`` when the range is not within the replayed moves.
    """
    end = _check_range(replay, since, until)
    summaries = []
    for number in range(since + 1, end + 1):
        entry = replay.log.entries[number - 1]
        before = replay.state_after(number - 1)
        after = replay.state_after(number)
        events = tuple(event.text for event in replay.events[number - 1])
        summaries.append(
            MoveSummary(
                number=number,
                player=entry.player,
                text=entry.text,
                note=entry.note,
                events=events,
                money=tuple(money_changes(before, after)),
                rates=tuple(rate_changes(before.board, after.board)),
                result=tuple(result_lines(after)) if before.result is None else (),
            )
        )
    return summaries


def summarize(replay: Replay, since: int, until: int | None = None) -> list[str]:
    """The catch-up as lines for a terminal: a heading per move, its sentences indented.

    Moves ``since + 1`` to ``until`` (default: the last legal move).  Text
    from the log is escaped with ``clean``.  No moves: an empty list.
    """
    lines: list[str] = []
    for summary in moves(replay, since, until):
        lines.append(clean(summary.heading))
        lines.extend("  " + clean(detail) for detail in summary.details())
    return lines


def last_move_of(replay: Replay, player: str) -> int:
    """The number of ``player``'s last legal entry (0 when they have made none).

    ``summarize(replay, last_move_of(replay, name))`` is what ``name`` has
    not yet seen.  Raises ``ValueError`` for a name that is not a player.
    """
    if player not in replay.log.players:
        raise ValueError(f"{player!r} is not a player of this game")
    played = _moves_played(replay)
    for entry in reversed(replay.log.entries[:played]):
        if entry.player == player:
            return entry.number
    return 0
