"""The decision notation of World Exchangers' log entries: one short line per entry.

=========================================  ===============================================
written                                    meaning
=========================================  ===============================================
``buy Vienna``                             buy one city card from the sale area
``buy Vienna, Roma +box``                  buy two, crossing the once-per-game box
``buy Vienna +rue``                        the first of two (Rue, side B: 2 media); the
                                           second, ``buy Roma``, follows a reveal
``sell Dubai``                             sell one of your cities at this month's price
``sell Dubai, Roma +box``                  sell two, crossing the sell-two box
``sell Dubai +ring``                       Felix (side B): 1 media for a celebration ring
``sell Dubai +cash 2``                     Wigstan (side B): 2 media for 200 coins more
``pass``                                   neither buy nor sell (only when neither is possible)
``refresh Oslo, Lima``                     Estelle (side B): 1 media, discard these, refill
``reveal Oslo, Lima, Doha``                the deck (log key ``deck``): cards turned up
=========================================  ===============================================

Options follow the cards, each once, in any order (written: box or rue, ring,
cash).  City names are written as on the components file; they contain no
``,`` ``+`` ``#`` ``:``.  The parser is the single definition of the notation;
the log schema's patterns come from ``PATTERNS`` (a test keeps them in step).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from .rules.decisions import DEALER, Buy, Decision, Pass, Refresh, Reveal, Sell

NAME_RE = r"[^\x00-\x20\x7f,+#:](?:[^\x00-\x1f\x7f,+#:]*[^\x00-\x20\x7f,+#:])?"
"""A city name: no control characters, none of , + # :, no space at either end."""
_ONE_OR_TWO = rf"{NAME_RE}(?:, {NAME_RE})?"
_UP_TO_FIVE = rf"{NAME_RE}(?:, {NAME_RE}){{0,4}}"
_ANY = rf"{NAME_RE}(?:, {NAME_RE})*"
"""Sales can grow the sale area past 5: Estelle may discard all of it."""

PATTERNS: dict[str, str] = {
    "buy": rf"buy (?P<cards>{_ONE_OR_TWO})(?P<options>(?: \+(?:box|rue|ring))*)",
    "sell": rf"sell (?P<cards>{_ONE_OR_TWO})(?P<options>(?: \+(?:box|rue|ring|cash [1-9][0-9]?))*)",
    "pass": r"pass",
    "refresh": rf"refresh(?: (?P<cards>{_ANY}))?",
    "reveal": rf"reveal (?P<cards>{_UP_TO_FIVE})",
}
KINDS = tuple(PATTERNS)
USAGE: dict[str, str] = {
    "buy": "buy CITY [, CITY] [+box|+rue] [+ring]",
    "sell": "sell CITY [, CITY] [+box|+rue] [+ring] [+cash N]",
    "pass": "pass",
    "refresh": "refresh [CITY, ...]",
    "reveal": "reveal CITY[, CITY ...]",
}
SCHEMA_PATTERNS: dict[str, str] = {
    kind: "^" + re.sub(r"\?P<\w+>", "", pattern) + "$" for kind, pattern in PATTERNS.items()
}
"""The patterns as the log schema writes them (ECMA-262 compatible: no named groups)."""
_RES = {kind: re.compile(pattern) for kind, pattern in PATTERNS.items()}


class NotationError(ValueError):
    """An entry that is not written in the notation."""

    code = "bad_notation"

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def _options(text: str) -> dict[str, str]:
    found: dict[str, str] = {}
    for option in text.split(" +")[1:]:
        word, _, value = option.partition(" ")
        if word in found or (word in ("box", "rue") and ({"box", "rue"} & set(found))):
            raise NotationError(
                f"option +{word} is given twice, or with the other second-card option"
            )
        found[word] = value
    return found


def parse(player: str, text: str) -> tuple[Decision, ...]:
    """The decisions one log entry of ``player`` holds (one, or two for two cities)."""
    kind = text.split(" ", 1)[0]
    if kind not in _RES:
        raise NotationError(f"cannot read {text!r}: an entry starts with one of {', '.join(KINDS)}")
    if (kind == "reveal") != (player == DEALER):
        if kind == "reveal":
            raise NotationError(f"only the deck ({DEALER}:) reveals cards, not {player}")
        raise NotationError(f"the deck ({DEALER}:) only reveals cards: write `reveal CITY, ...`")
    match = _RES[kind].fullmatch(text)
    if match is None:
        raise NotationError(f"cannot read {text!r}: write it as `{USAGE[kind]}`")
    if kind == "pass":
        return (Pass(player),)
    cards = tuple(match["cards"].split(", ")) if match["cards"] else ()
    if kind == "refresh":
        return (Refresh(player, cards),)
    if kind == "reveal":
        return (Reveal(cards),)
    options = _options(match["options"])
    extra = "box" if "box" in options else "rue" if "rue" in options else None
    if len(cards) == 2 and extra is None:
        raise NotationError(f"two cities in one turn need +box or +rue: {text!r}")
    ring = "ring" in options
    if kind == "buy":
        first: Decision = Buy(player, cards[0], extra, ring)
        rest: tuple[Decision, ...] = tuple(Buy(player, card) for card in cards[1:])
    else:
        media_cash = int(options.get("cash", "0"))
        first = Sell(player, cards[0], extra, ring, media_cash)
        rest = tuple(Sell(player, card) for card in cards[1:])
    return (first, *rest)


def _tail(decision: Buy | Sell) -> str:
    words = []
    if decision.extra is not None:
        words.append(f"+{decision.extra}")
    if decision.ring:
        words.append("+ring")
    if isinstance(decision, Sell) and decision.media_cash:
        words.append(f"+cash {decision.media_cash}")
    return "".join(f" {word}" for word in words)


def write(decisions: Sequence[Decision]) -> str:
    """The notation of one log entry (without the player): one decision, or a two-city turn."""
    if not decisions:
        raise ValueError("an entry holds at least one decision")
    first = decisions[0]
    if isinstance(first, (Buy, Sell)):
        verb = "buy" if isinstance(first, Buy) else "sell"
        cards = [first.card]
        for second in decisions[1:]:
            if type(second) is not type(first):
                raise ValueError("the second decision of an entry continues the first's action")
            assert isinstance(second, (Buy, Sell))
            cards.append(second.card)
        return f"{verb} {', '.join(cards)}{_tail(first)}"
    if len(decisions) > 1:
        raise ValueError("only a two-city turn writes two decisions in one entry")
    if isinstance(first, Pass):
        return "pass"
    if isinstance(first, Refresh):
        return "refresh" + (" " + ", ".join(first.discard) if first.discard else "")
    return "reveal " + ", ".join(first.cards)


def who(decisions: Sequence[Decision]) -> str:
    """The log key of an entry: the player's name, or ``deck`` for a reveal."""
    first = decisions[0]
    return DEALER if isinstance(first, Reveal) else first.player
