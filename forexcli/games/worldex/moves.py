"""The legal decisions of World Exchangers grouped for a person: what ``forex moves`` lists.

``options(state)`` groups ``legal_decisions(state)`` (the single source of truth) as
``Option`` values: buys with their base value and the cash after, sales with this
month's price (bonus, red month) and the cash after (capped at 1,000, with what is
lost), the two-city turns the boxes or Rue allow (each pair written out once, in either
order; across a refill the first card alone: no card still in the deck is named, even in
a seeded deal), Estelle's refresh, pass, or the reveal the deck owes. Every option
carries the notation the player can paste as a log entry; it parses back
(``notation.parse``) to decisions that ``apply`` accepts one after the other. Abilities
that ride on a buy or a sale (``+ring``, ``+cash N``) are listed once as ``extras``
rather than multiplied into every row. ``table(state)`` gives the rows with headers.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Optional

from msgspec import Struct
from msgspec.structs import replace

from .notation import write
from .rules import (
    DEALER,
    MAX_CASH,
    MONTHS,
    Buy,
    Decision,
    Pass,
    Phase,
    Refresh,
    Reveal,
    Sell,
    State,
    apply,
    legal_decisions,
)
from .views import Table, coins


class Option(Struct, frozen=True):
    """One thing the decider can do now, with the entry to write for it.

    ``kind`` is ``buy``, ``sell``, ``buy two``, ``sell two``, ``second buy``,
    ``second sell``, ``refresh``, ``pass`` or ``reveal``; ``price`` what is
    paid (buys) or received (sales, before the cap); ``cash`` the cash after
    (None while a reveal must come first); ``notes`` bonus, red month, lost
    coins, box or ability used.
    """

    kind: str
    cards: tuple[str, ...]
    price: Optional[int]
    cash: Optional[int]
    notes: str
    notation: str


class Moves(Struct, frozen=True):
    """The options of the decider now: who, what kind of decision, the options, the extras."""

    decider: Optional[str]
    kind: str
    options: tuple[Option, ...]
    extras: tuple[str, ...]


def _sale_notes(state: State, card: str) -> list[str]:
    city = state.components.city(card)
    month = min(state.round, MONTHS)
    notes = []
    if month in city.bonus_months:
        notes.append("bonus")
    if city.red_month == month:
        notes.append("red month: ring")
    return notes


def _capped(cash: int) -> tuple[int, int]:
    """The cash after the cap, and what is lost above it."""
    return min(cash, MAX_CASH), max(0, cash - MAX_CASH)


def _price(state: State, decision: Buy | Sell) -> int:
    city = state.components.city(decision.card)
    return city.base if isinstance(decision, Buy) else city.price(min(state.round, MONTHS))


def _single(state: State, decision: Buy | Sell, cash: int, kind: str) -> Option:
    price = _price(state, decision)
    notes: list[str] = []
    if isinstance(decision, Buy):
        after = cash - price
    else:
        notes = _sale_notes(state, decision.card)
        after, lost = _capped(cash + price)
        if lost:
            notes.append(f"{coins(lost)} lost")
    return Option(kind, (decision.card,), price, after, ", ".join(notes), write((decision,)))


def _pairs(state: State, first: Buy | Sell, cash: int) -> list[Option]:
    """The two-card turns that start with ``first`` (a box or Rue's ability declared)."""
    after = apply(state, first)
    verb = "buy" if isinstance(first, Buy) else "sell"
    how = "box" if first.extra == "box" else "Rue: 2 media"
    # A refill after the first card: the second is chosen from cards not turned up yet.
    # A seeded deal turns them up in ``apply`` at once, but the player has not seen them:
    # list the first card alone, as for a recorded deal, never the deck's next cards.
    turned = len(state.deck) - len(after.deck)
    if after.pending.phase is Phase.REVEAL or turned:
        count = after.pending.count if after.pending.phase is Phase.REVEAL else turned
        note = f"{how}; the second card after the deck reveals {count}"
        price = _price(state, first)
        return [Option(f"{verb} two", (first.card,), price, None, note, write((first,)))]
    out = []
    if after.pending.phase is not Phase.SECOND:  # no second card turned out possible
        return [_single(state, first, cash, f"{verb} two")]
    for second in legal_decisions(after):
        assert isinstance(second, (Buy, Sell))
        price = _price(state, first) + _price(after, second)
        notes = [how]
        if isinstance(first, Buy):
            left: int = cash - price
        else:
            for card in (first.card, second.card):
                notes.extend(f"{card}: {note}" for note in _sale_notes(state, card))
            left, lost = _capped(cash + price)
            if lost:
                notes.append(f"{coins(lost)} lost")
        out.append(
            Option(
                f"{verb} two",
                (first.card, second.card),
                price,
                left,
                ", ".join(notes),
                write((first, second)),
            )
        )
    return out


def options(state: State) -> Moves:
    """Every legal decision now, grouped (see the module docstring)."""
    pending = state.pending
    if pending.phase is Phase.OVER:
        return Moves(None, "over", (), ())
    if pending.phase is Phase.REVEAL:
        count = pending.count
        if state.order_known:
            (reveal,) = legal_decisions(state)
            assert isinstance(reveal, Reveal)
            shown = Option(
                "reveal", reveal.cards, None, None, "dealt by the seed", write((reveal,))
            )
            return Moves(DEALER, "reveal", (shown,), ())
        note = f"any {count} of the {len(state.deck)} cards left in the deck, as turned up"
        usage = "reveal " + ", ".join(["CITY"] * count)
        return Moves(DEALER, "reveal", (Option("reveal", (), None, None, note, usage),), ())
    assert pending.seat is not None
    player = state.players[pending.seat]
    cash = player.cash
    legal = list(legal_decisions(state))
    found: list[Option] = []
    extras: list[str] = []
    if pending.phase is Phase.SECOND:
        turn = state.turn
        assert turn is not None
        for decision in legal:
            assert isinstance(decision, (Buy, Sell))
            found.append(_second(state, decision, turn.cash))
        return Moves(player.name, "second", tuple(found), ())
    plain = [d for d in legal if isinstance(d, (Buy, Sell)) and _is_plain(d)]
    for decision in plain:
        assert isinstance(decision, (Buy, Sell))
        found.append(_single(state, decision, cash, "buy" if isinstance(decision, Buy) else "sell"))
    seen: set[tuple[str, Optional[str], frozenset[str]]] = set()
    for decision in legal:
        if isinstance(decision, (Buy, Sell)) and decision.extra is not None and _is_bare(decision):
            for pair in _pairs(state, decision, cash):
                # Two cards in either order make the same turn: list each pair once.
                key = (pair.kind, decision.extra, frozenset(pair.cards))
                if len(pair.cards) < 2 or key not in seen:
                    seen.add(key)
                    found.append(pair)
    refreshes = [d for d in legal if isinstance(d, Refresh)]
    if refreshes:
        found.append(
            Option(
                "refresh", (), None, cash, "Estelle: 1 media, refill to 5", write((refreshes[0],))
            )
        )
        extras.append(
            f"refresh CITY, ...: Estelle discards any of {', '.join(state.area)} (1 media)"
        )
    if any(isinstance(d, (Buy, Sell)) and d.ring for d in legal):
        ringed = {d.card for d in legal if isinstance(d, Sell) and d.ring}
        red = [d.card for d in plain if isinstance(d, Sell) and d.card not in ringed]
        why = f"; not on {', '.join(red)}: the red month draws the ring anyway" if red else ""
        extras.append(f"+ring on a buy or a sale: a celebration ring for 1 media (Felix{why})")
    most = max((d.media_cash for d in legal if isinstance(d, Sell)), default=0)
    if most:
        span = "1" if most == 1 else f"1..{most}"
        extras.append(f"+cash {span} on a sale: 100 coins for each media spent (Wigstan)")
    if any(isinstance(d, Pass) for d in legal):
        found.append(Option("pass", (), None, cash, "nothing can be bought or sold", "pass"))
    return Moves(player.name, "turn", tuple(found), tuple(extras))


def listed(state: State, entry: Sequence[Decision]) -> tuple[Decision, ...]:
    """``entry`` (legal in ``state``) as ``options`` lists it: a two-city turn whose reversed
    order ``options`` lists instead (the same turn: its cards in the order of
    ``legal_decisions``) reversed, any other entry as it is."""
    if len(entry) != 2:
        return tuple(entry)
    first, second = entry
    if not (isinstance(first, (Buy, Sell)) and type(second) is type(first)):
        return tuple(entry)
    if first.extra is None or not _is_bare(first):
        return tuple(entry)
    assert isinstance(second, (Buy, Sell))
    swapped = replace(first, card=second.card)
    legal = list(legal_decisions(state))
    if swapped not in legal or legal.index(swapped) > legal.index(first):
        return tuple(entry)
    after = apply(state, swapped)
    then = replace(second, card=first.card)
    if after.pending.phase is not Phase.SECOND or then not in legal_decisions(after):
        return tuple(entry)
    return (swapped, then)


def written(state: State, entry: Sequence[Decision]) -> str:
    """The notation of ``entry`` (legal in ``state``) as ``forex moves`` lists it (``listed``):
    what ``forex hint`` names."""
    return write(listed(state, entry))


def _is_plain(decision: Buy | Sell) -> bool:
    return decision.extra is None and _is_bare(decision)


def _is_bare(decision: Buy | Sell) -> bool:
    """No ring and no media for coins (those are listed as extras)."""
    return not decision.ring and not (isinstance(decision, Sell) and decision.media_cash)


def _second(state: State, decision: Buy | Sell, cash: int) -> Option:
    price = _price(state, decision)
    if isinstance(decision, Buy):
        return Option("second buy", (decision.card,), price, cash - price, "", write((decision,)))
    notes = _sale_notes(state, decision.card)
    after, lost = _capped(cash + price)
    if lost:
        notes.append(f"{coins(lost)} lost")
    return Option(
        "second sell", (decision.card,), price, after, ", ".join(notes), write((decision,))
    )


def table(state: State) -> Table:
    """The options as rows: what, cards, price, cash after, notes, the entry to write."""
    moves = options(state)
    rows = tuple(
        (
            option.kind,
            ", ".join(option.cards) or "-",
            "" if option.price is None else coins(option.price),
            "" if option.cash is None else coins(option.cash),
            option.notes,
            option.notation,
        )
        for option in moves.options
    )
    who = "nobody: the game is over" if moves.decider is None else moves.decider
    return Table(
        f"Legal decisions for {who}",
        ("what", "cards", "price", "cash after", "notes", "write"),
        rows,
    )


def entries(state: State) -> list[tuple[str, str]]:
    """Every listed option as a log entry ``(key, text)`` that can be pasted (not ``reveal``)."""
    moves = options(state)
    if moves.decider is None:
        return []
    return [
        (moves.decider, option.notation)
        for option in moves.options
        if option.kind != "reveal" or option.cards
    ]


OPTION_WORDS = {
    "+box": "cross the buy-two (or sell-two) box on your board, once a game each: two cards"
    " this turn, settled as one line",
    "+rue": "Rue (role side B) spends 2 media for a second card this turn (never with a box)",
    "+ring": "Felix (role side B) spends 1 media for a celebration ring at the end of this"
    " turn's line: it gains the symbols it passes (not on a turn with a red-month sale, which"
    " draws the turn's one ring anyway)",
    "+cash N": "Wigstan (role side B) spends N media for N x 100 coins on a sale",
    "refresh": "Estelle (role side B) spends 1 media to discard the cards named (or none)"
    " from the sale area, which is then refilled to 5",
    "reveal": "the deck's entry: the cards turned up, in the order laid out",
}
"""What the options of an entry mean, in words (``forex moves`` explains those it lists)."""


def legend(moves: Moves) -> list[tuple[str, str]]:
    """``(option, meaning)`` for each option the listed entries or extras use, in order."""
    written = [option.notation for option in moves.options] + list(moves.extras)
    words = {word for text in written for word in text.replace(",", " ").split()}
    return [(word, meaning) for word, meaning in OPTION_WORDS.items() if word.split()[0] in words]
