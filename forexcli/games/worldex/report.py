"""What ``forex play`` and ``forex moves`` say of a World Exchangers log, as plain data.

``changes_table(before, after)`` has one row per player whose cash, media,
symbols or cities changed between two states (cash before and after, media,
the symbols gained, the cities taken or given up); ``area_line`` tells the
sale area and the deck; ``next_text(state)`` says who decides next and what
they may do, in one paragraph (``forex moves`` lists every entry).  Nothing
here reads files or prints.
"""

from __future__ import annotations

from ...record.problems import command_words
from .moves import Moves, options
from .rules import DEALER, Phase, State
from .rules.components import NO_SYMBOLS
from .views import Table, coins, symbols_text, winners_text

MAX_NAMED = 6
"""A next player's buys or sales beyond this many are counted, not named."""


def _cities(before: tuple[str, ...], after: tuple[str, ...]) -> str:
    gone = [f"-{c}" for c in before if c not in after]
    new = [f"+{c}" for c in after if c not in before]
    return ", ".join(new + gone) or "-"


def changes_table(before: State, after: State) -> Table:
    """The players whose cash, media, symbols or cities changed, before and after."""
    rows = []
    for old, new in zip(before.players, after.players, strict=True):
        gained = NO_SYMBOLS
        for mark in new.marks[len(old.marks) :]:
            gained = gained + mark.gained
        if (
            old.cash == new.cash
            and old.media == new.media
            and gained.is_empty()
            and old.cities == new.cities
        ):
            continue
        month = f"month {new.marks[-1].month}" if len(new.marks) > len(old.marks) else "-"
        rows.append(
            (
                new.name,
                month,
                _change(coins(old.cash), coins(new.cash)),
                _change(str(old.media), str(new.media)),
                symbols_text(gained),
                _cities(old.cities, new.cities),
            )
        )
    return Table(
        "Players that changed",
        ("player", "marked", "cash", "media", "symbols gained", "cities"),
        tuple(rows),
    )


def _change(old: str, new: str) -> str:
    return new if old == new else f"{old} -> {new}"


def area_line(state: State) -> str:
    """``Sale area (4): Oslo, Lima, Doha, Roma; 31 cards in the deck.``"""
    cards = ", ".join(state.area) or "empty"
    return f"Sale area ({len(state.area)}): {cards}; {len(state.deck)} cards in the deck."


def _named(options: list[tuple[str, int]]) -> str:
    shown = [f"{card} {coins(price)}" for card, price in options[:MAX_NAMED]]
    more = len(options) - len(shown)
    return ", ".join(shown) + (f" and {more} more" if more > 0 else "")


def next_text(state: State, path: str) -> tuple[str, str]:
    """Who decides next and what they may do, and the command to go on with (``path``,
    quoted for a shell, in it): ``forex moves PATH``, the deck's ``forex play``, or none."""
    moves: Moves = options(state)
    moves_command = f"forex moves {path}"
    if moves.decider is None:
        return f"The game is over: {winners_text(state)}.", ""
    if moves.decider == DEALER:
        (option,) = moves.options
        count = state.pending.count
        return (
            f"Next: the deck reveals {count} card{'' if count == 1 else 's'} ({option.notes}):",
            f"forex play {path} {DEALER} {command_words(option.notation)}",
        )
    assert state.pending.seat is not None
    player = state.players[state.pending.seat]
    second = state.pending.phase is Phase.SECOND and state.turn is not None
    cash = state.turn.cash if second and state.turn is not None else player.cash
    head = (
        f"Next: {player.name} to play in month {state.round}"
        f" (cash {coins(cash)}, media {player.media})"
    )
    if second and state.turn is not None:
        cards = [(o.cards[0], o.price or 0) for o in moves.options]
        what = f"the second card to {state.turn.action}: {_named(cards)}"
        return f"{head}: {what}. The entries:", moves_command
    buys = [(o.cards[0], o.price or 0) for o in moves.options if o.kind == "buy"]
    sells = [(o.cards[0], o.price or 0) for o in moves.options if o.kind == "sell"]
    parts = []
    if buys:
        parts.append(f"buy {_named(buys)}")
    if sells:
        parts.append(f"sell {_named(sells)}")
    pairs = sum(1 for o in moves.options if o.kind in ("buy two", "sell two"))
    if pairs:
        parts.append(f"{pairs} two-card turn{'' if pairs == 1 else 's'}")
    if any(o.kind == "refresh" for o in moves.options):
        parts.append("refresh the sale area (Estelle)")
    if any(o.kind == "pass" for o in moves.options):
        parts.append("only pass: nothing can be bought or sold")
    extras = [e.split(" on ", 1)[0] for e in moves.extras if e.startswith("+")]
    if extras:
        parts.append("with " + " or ".join(extras))
    return f"{head}: may {'; '.join(parts)}. Every entry:", moves_command
