"""Sentences for messages and catch-ups: what a World Exchangers decision did, and the standings.

``describe(before, decision, after)`` (``Game.describe`` of
``forexcli.games.base``; ``NARRATOR`` is an object that has it) says what one
decision did: the card bought or sold and for how much, the cash before and
after (capped at 1,000, and what was lost), the symbols the line passed
through, stopped on and the celebration ring added, the media marker, the
boxes and abilities used, refills of the sale area, the mid-year trend card
and the clearing of the sale area, and the final scores.  ``summary(state)``
is a paragraph for the top of a message: the month, who is to play, the
standings.  Every number comes from the two states; nothing is stored.
The sentences are raw text, like For-Ex's catch-up summaries: a reporter makes
them safe for its medium (``problems.printable`` on a terminal).
"""

from __future__ import annotations

from collections.abc import Sequence

from ...words import is_you, possessive, says, verb_for
from .rules import (
    MAX_CASH,
    MONTHS,
    Buy,
    Decision,
    Mark,
    Pass,
    Phase,
    Player,
    Refresh,
    Reveal,
    Sell,
    State,
    Symbols,
    apply,
    line_gains,
)
from .rules.components import MID_YEAR, SYMBOL_KEYS
from .views import coins, scores_of, symbols_text, waiting_for, winners_text

GAME_OVER_AFTER = "The game is over after month"
"""How the sentence of the game's end and final scores starts (``Game.on_compact_board``
knows it by this: the compact board's last line says it too)."""


def _plural(count: int, word: str) -> str:
    if count == 1:
        return f"1 {word}"
    return f"{count} {word[:-1]}ies" if word.endswith("y") else f"{count} {word}s"


def _minus(total: Symbols, part: Symbols) -> Symbols:
    """``total`` less ``part``, symbol by symbol."""
    values = {key: getattr(total, key) - getattr(part, key) for key in SYMBOL_KEYS}
    return Symbols(**values)


def _sale_price(state: State, card: str) -> str:
    """``400``, or ``400 + 300 bonus`` in a bonus month (when the usual price is one amount)."""
    city = state.components.city(card)
    month = min(state.round, MONTHS)
    price = city.price(month)
    if month not in city.bonus_months:
        return coins(price)
    usual = {city.price(m) for m in range(1, MONTHS + 1) if m not in city.bonus_months}
    if len(usual) == 1:
        (base,) = usual
        return f"{coins(base)} + {coins(price - base)} bonus" if price != base else coins(price)
    return f"{coins(price)} (bonus month)"


def _line_sentence(state: State, player: Player, old_cash: int, mark: Mark) -> str:
    """What the month's line gained: passed through, stopped on, the ring's share."""
    board = state.components.boards[player.board]
    stop = board.stop(mark.month, mark.cash)
    if mark.action == "pass" and state.house.pass_symbols == "none":
        return f"The line stays flat at {coins(mark.cash)} and gains nothing (house rule)."
    without_ring = line_gains(board, mark.month, old_cash, mark.cash, ring=False)
    passed = _minus(without_ring, stop)
    ring = _minus(mark.gained, without_ring)
    parts = []
    if not passed.is_empty():
        parts.append(f"passes through {symbols_text(passed)}")
    if not stop.is_empty():
        parts.append(f"stops on {symbols_text(stop)}")
    if mark.ring:
        why = (
            "a red-marked month"
            if mark.action == "sell"
            and any(state.components.city(c).red_month == mark.month for c in mark.cards)
            else "1 media"
        )
        parts.append(f"draws a celebration ring ({why}) that adds {symbols_text(ring, 'nothing')}")
    if not parts:
        return f"The month-{mark.month} line gains no symbol."
    return f"The month-{mark.month} line {', '.join(parts)}."


def _spent(before: State, decision: Decision) -> int:
    """The media the decision itself spends (ring, Rue's extra card, Wigstan's coins)."""
    if not isinstance(decision, (Buy, Sell)) or before.pending.phase is not Phase.TURN:
        return 0
    spent = (1 if decision.ring else 0) + (2 if decision.extra == "rue" else 0)
    return spent + (decision.media_cash if isinstance(decision, Sell) else 0)


def _turn_sentences(
    before: State, after: State, seat: int, spent: int, how: str | None = None
) -> list[str]:
    """Sentences for a turn that was settled (a month marked on the player's board); ``how``
    the player took two cards (``crosses the two-city box``), told first when given."""
    old, new = before.players[seat], after.players[seat]
    mark = new.marks[-1]
    name = new.name
    old_cash = old.cash
    sentences = []
    cards = mark.cards

    def acts(verb: str) -> str:
        """``ai buys``, or with ``how`` ``ai crosses the two-city box and buys``."""
        return f"{says(name, how)} and {verb_for(name, verb)}" if how else says(name, verb)

    if mark.action == "buy":
        paid = sum(before.components.city(c).base for c in cards)
        what = " and ".join(
            f"{card} for {coins(before.components.city(card).base)}" for card in cards
        )
        total = f" ({coins(paid)} in all)" if len(cards) > 1 else ""
        sentences.append(
            f"{acts('buys')} {what}{total}: cash {coins(old_cash)} -> {coins(mark.cash)}"
            f" in month {mark.month}."
        )
    elif mark.action == "sell":
        what = " and ".join(f"{card} for {_sale_price(before, card)}" for card in cards)
        text = f"{acts('sells')} {what} in month {mark.month}"
        if mark.extra_cash:
            text += f", and {coins(mark.extra_cash)} for media (Wigstan)"
        text += f": cash {coins(old_cash)} -> {coins(mark.cash)}"
        if mark.lost:
            text += f", capped at {coins(MAX_CASH)}: {coins(mark.lost)} lost"
        sentences.append(text + ".")
    else:
        sentences.append(
            f"{name} can neither buy nor sell and {verb_for(name, 'passes')}: the line stays at"
            f" {coins(mark.cash)} in month {mark.month}."
        )
    sentences.append(_line_sentence(before, new, old_cash, mark))
    if new.media != old.media:
        trend = " (with the mid-year trend card)" if name in after.trend_media else ""
        if before.trend_media == after.trend_media:
            trend = ""
        cost = f", {spent} spent" if spent else ""
        sentences.append(
            f"{possessive(name)} media influence {old.media} -> {new.media}{trend}{cost}."
        )
    return sentences


def _area_sentences(before: State, after: State, decision: Decision) -> list[str]:
    """Refills of the sale area, and a reveal now awaited."""
    sentences = []
    mid_year = before.round == MID_YEAR and after.round > MID_YEAR
    if isinstance(decision, Reveal):
        # The refill before the mid-year clearing is told before the area is cleared.
        shown = len(before.area) + len(decision.cards) if before.mid_year_due else len(after.area)
        sentences.append(
            f"The deck reveals {', '.join(decision.cards)}: the sale area holds"
            f" {_plural(shown, 'card')} ({len(after.deck)} left in the deck)."
        )
    elif after.order_known and after.automatic:
        turned = [c for c in after.area if c not in before.area and c in before.deck]
        if turned:
            sentences.append(
                f"The sale area is refilled from the deck: {', '.join(turned)}"
                f" ({len(after.deck)} left)."
            )
    again = before.pending.phase is not Phase.REVEAL or before.mid_year_due
    if after.pending.phase is Phase.REVEAL and again:
        why = "the month-7 sale area" if mid_year else "a refill"
        if after.mid_year_due:
            why = "a refill (before the mid-year trend card and the clearing)"
        sentences.append(
            f"The sale area holds {_plural(len(after.area), 'card')}: the deck is to reveal"
            f" {after.pending.count} for {why}."
        )
    return sentences


def _mid_year_sentences(before: State, after: State) -> list[str]:
    trend = after.components.trend(after.mid_trend)
    names = ", ".join(after.trend_media) or "nobody"
    sentences = [
        f"End of month {MID_YEAR}: the mid-year trend card ({trend.text or trend.id})"
        f" gives {trend.media} media to {names}."
    ]
    cleared = [c for c in after.removed if c not in before.removed]
    if cleared:
        sentences.append(f"The sale area is cleared: {', '.join(cleared)} leave the game.")
    return sentences


def _final_sentences(state: State) -> list[str]:
    result, _ = scores_of(state)
    order = sorted(range(len(state.players)), key=lambda seat: (result.ranks[seat], seat))
    scores = "; ".join(
        f"{state.players[seat].name} {coins(result.scores[seat].total)}" for seat in order
    )
    trend = state.components.trend(state.end_trend)
    gains = ", ".join(
        f"{player.name} {score.trend:+,}"
        for player, score in zip(state.players, result.scores, strict=True)
    )
    return [
        f"End of month {MONTHS}: the year-end trend card ({trend.text or trend.id}) scores"
        f" {gains}.",
        f"{GAME_OVER_AFTER} {MONTHS}. Final scores: {scores}: {winners_text(state)}.",
    ]


def describe(before: State, decision: Decision, after: State) -> tuple[str, ...]:
    """Sentences saying what ``decision`` did between ``before`` and ``after``."""
    sentences: list[str] = []
    if isinstance(decision, Refresh):
        gone = ", ".join(decision.discard) or "no cards"
        player = after.players[after.seat_of(decision.player)]
        media = before.players[after.seat_of(decision.player)].media
        refill = (
            " from the sale area, to refill it to 5."
            if after.pending.phase is Phase.REVEAL
            else f" from the sale area, which keeps {len(after.area)}: no card is turned up."
        )
        sentences.append(
            f"{decision.player} (Estelle) {verb_for(decision.player, 'spends')} 1 media"
            f" ({media} -> {player.media}) and {verb_for(decision.player, 'discards')} {gone}"
            + refill
        )
    elif isinstance(decision, (Buy, Sell)) and decision.extra is not None:
        how = says(
            decision.player,
            "crosses the two-city box" if decision.extra == "box" else "spends 2 media (Rue)",
        )
        they = "you" if is_you(decision.player) else "they"
        verb = "buy" if isinstance(decision, Buy) else "sell"
        if after.turn is not None and after.turn.cards == (decision.card,):
            amount = (
                coins(before.components.city(decision.card).base)
                if isinstance(decision, Buy)
                else _sale_price(before, decision.card)
            )
            sentences.append(
                f"{how} to {verb} two cities: first {decision.card} for"
                f" {amount}; the second card follows."
            )
        else:
            sentences.append(
                f"{how} to {verb} two cities, but the sale area offers no second card"
                f" {they} can pay: the turn ends with one."
            )
    for seat, (old, new) in enumerate(zip(before.players, after.players, strict=True)):
        if len(new.marks) > len(old.marks):
            sentences.extend(_turn_sentences(before, after, seat, _spent(before, decision)))
    if isinstance(decision, Pass) and not sentences:
        sentences.append(f"{says(decision.player, 'passes')}.")
    mid_year = before.round == MID_YEAR and (after.round > MID_YEAR or after.is_over)
    if mid_year:
        sentences.extend(_mid_year_sentences(before, after))
    area = _area_sentences(before, after, decision)
    # A reveal is told first: a second card it made impossible settles the turn after it.
    if isinstance(decision, Reveal) and before.mid_year_due:
        # The refill before the mid-year card, the card and the clearing, then the new area.
        sentences = [*area[:1], *sentences, *area[1:]]
    elif isinstance(decision, Reveal):
        sentences = [*area, *sentences]
    else:
        sentences = [*sentences, *area]
    if after.is_over and not before.is_over:
        sentences.extend(_final_sentences(after))
    elif after.round != before.round:
        sentences.append(f"Month {after.round} begins.")
    return tuple(sentences)


def describe_entry(before: State, decisions: Sequence[Decision]) -> tuple[str, ...] | None:
    """An entry of two cards (``sell Dubai, Roma +box``) told as one turn: ``ai crosses the
    two-city box and sells Dubai for 400 and Roma for 200 ...``, not the first card and then
    both again; None for any other entry (each decision's ``describe`` tells it)."""
    if len(decisions) != 2:
        return None
    first, second = decisions
    if not isinstance(first, (Buy, Sell)) or first.extra is None:
        return None
    middle = apply(before, first)
    if middle.pending.phase is not Phase.SECOND or len(describe(before, first, middle)) != 1:
        return None  # a refill came between: the two steps are told as they happened
    after = apply(middle, second)
    seat = after.seat_of(first.player)
    if len(after.players[seat].marks) == len(middle.players[seat].marks):
        return None
    told = describe(middle, second, after)
    settled = len(_turn_sentences(middle, after, seat, _spent(middle, second)))
    how = "crosses the two-city box" if first.extra == "box" else "spends 2 media (Rue)"
    turn = _turn_sentences(before, after, seat, _spent(before, first), how)
    return (*turn, *told[settled:])


def summary(state: State) -> str:
    """A paragraph for the top of a message: the month, who is to play, the standings."""
    result, final = scores_of(state)
    order = sorted(range(len(state.players)), key=lambda seat: (result.ranks[seat], seat))
    standings = ", ".join(
        f"{player.name} {coins(result.scores[seat].total)}"
        f" (cash {coins(player.cash)}, {_plural(len(player.cities), 'city')})"
        for seat, player in ((seat, state.players[seat]) for seat in order)
    )
    if final:
        return (
            f"World Exchangers is over after month {MONTHS}: {winners_text(state)}."
            f" Final scores: {standings}."
        )
    area = ", ".join(state.area) or "empty"
    return (
        f"World Exchangers, month {state.round} of {MONTHS}. To play: {waiting_for(state)}."
        f" Sale area: {area}. Standings if the game ended now: {standings}."
    )


class Narrator:
    """World Exchangers' ``describe`` (see ``forexcli.games.base.Game.describe``)."""

    def describe(self, before: State, decision: Decision, after: State) -> tuple[str, ...]:
        """What ``decision`` did, in plain sentences."""
        return describe(before, decision, after)

    def summary(self, state: State) -> str:
        """Where the game stands, in one paragraph."""
        return summary(state)


NARRATOR = Narrator()
