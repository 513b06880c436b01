"""The decision notation of the log: one short line per decision.

=========================================  ==========================================
written                                    meaning
=========================================  ==========================================
``invest USD``, ``invest USD JPY``         buy one or two certificates, in that order
``contract 6 USD for 12 JPY``              a contract: pay 6 USD, receive 12 JPY
``divest 2 USD``                           sell 2 USD certificates (the turn action)
``resolve``                                resolve the front of the queue
``spot 1 USD to bob for 2 JPY; ACTION``    a spot transaction with bob, then the action
``sell 1 USD``, ``sell 0 USD``             answer a divest: sell 1, or decline
``strengthen EUR``                         dividend tie: the currency strengthened
``strongest GBP``                          final tie: the scoring currency
=========================================  ==========================================

Amounts are whole numbers or halves (``1.5``).  The parser is the single
definition of the notation; the JSON Schema's patterns mirror it and a test
keeps the two in step.
"""

from __future__ import annotations

import re
from functools import cache

from msgspec import Struct

from ...words import did_you_mean, quoted
from .rules import (
    ChooseStrengthen,
    ChooseStrongest,
    Decision,
    Divest,
    DivestResponse,
    Invest,
    MakeContract,
    Resolve,
    Spot,
    format_halves,
)

CURRENCY_RE = r"(?:GBP|EUR|USD|CHF|JPY|CAD|CNY)"
AMOUNT_RE = r"(?:0|[1-9][0-9]{0,3})(?:\.5)?"
COUNT_RE = r"[0-9]"
PARTNER_RE = r"[^\x00-\x1f\x7f;:#,]+?"
"""A player's name in a spot: no control characters and none of ; : # , (as in the schema)."""

KINDS = ("spot", "contract", "invest", "divest", "resolve", "sell", "strengthen", "strongest")
"""The first word of every decision."""

ACTION_PATTERNS: dict[str, str] = {
    "contract": rf"contract (?P<pay>{AMOUNT_RE}) (?P<pay_c>{CURRENCY_RE})"
    rf" for (?P<recv>{AMOUNT_RE}) (?P<recv_c>{CURRENCY_RE})",
    "invest": rf"invest (?P<first>{CURRENCY_RE})(?: (?P<second>{CURRENCY_RE}))?",
    "divest": rf"divest (?P<count>{COUNT_RE}) (?P<currency>{CURRENCY_RE})",
    "resolve": r"resolve",
}
SPOT_PATTERN = (
    rf"spot (?P<give>{AMOUNT_RE}) (?P<give_c>{CURRENCY_RE}) to (?P<partner>{PARTNER_RE})"
    rf" for (?P<get>{AMOUNT_RE}) (?P<get_c>{CURRENCY_RE})"
)
OTHER_PATTERNS: dict[str, str] = {
    "sell": rf"sell (?P<count>{COUNT_RE}) (?P<currency>{CURRENCY_RE})",
    "strengthen": rf"strengthen (?P<currency>{CURRENCY_RE})",
    "strongest": rf"strongest (?P<currency>{CURRENCY_RE})",
}

_ACTION_ALTERNATIVES = "|".join(f"(?:{p})" for p in ACTION_PATTERNS.values())

END = "$(?!\\n)"
"""The end of the text in a schema pattern, in Python's ``re`` and ECMA-262 alike (Python's
``$`` alone also matches before a final line break, ECMA-262's does not)."""

# Patterns per kind as the schema writes them (names stripped of groups).
SCHEMA_PATTERNS: dict[str, str] = {
    kind: "^" + re.sub(r"\?P<\w+>", "", pattern) + END
    for kind, pattern in {
        **ACTION_PATTERNS,
        "spot": SPOT_PATTERN + "; (?:" + _ACTION_ALTERNATIVES + ")",
        **OTHER_PATTERNS,
    }.items()
}


@cache
def _kind_regexes() -> dict[str, re.Pattern[str]]:
    """The compiled pattern of every kind but ``spot``: only the full parser reads by them,
    so they are compiled when it first runs, not at start-up."""
    return {
        kind: re.compile(pattern) for kind, pattern in {**ACTION_PATTERNS, **OTHER_PATTERNS}.items()
    }


@cache
def _spot_regex() -> re.Pattern[str]:
    """The compiled ``SPOT_PATTERN`` (see ``_kind_regexes``)."""
    return re.compile(SPOT_PATTERN)


USAGE: dict[str, str] = {
    "contract": "contract AMOUNT CUR for AMOUNT CUR",
    "invest": "invest CUR [CUR]",
    "divest": "divest COUNT CUR",
    "resolve": "resolve",
    "spot": "spot AMOUNT CUR to PLAYER for AMOUNT CUR; ACTION",
    "sell": "sell COUNT CUR",
    "strengthen": "strengthen CUR",
    "strongest": "strongest CUR",
}
"""How each kind of decision is written."""

USAGE_NOTES: dict[str, str] = {
    "contract": "pay the first, receive the second",
    "sell": "0 declines",
}

_CURRENCIES = CURRENCY_RE.strip("(?:)").split("|")
_AMOUNT_RE = re.compile(AMOUNT_RE + r"\Z")


def _detail(text: str, kind: str) -> tuple[str, tuple[str, ...]]:
    """What is wrong with one word of ``text``, if that can be told, and a hint."""
    words = text.replace(";", " ").split(" ")[1:]
    for index, word in enumerate(words):
        if index > 0 and words[index - 1] == "to":
            continue  # a player's name
        if re.fullmatch(r"[A-Za-z]{3}", word) and word not in ("for",):
            if word.upper() in _CURRENCIES and word not in _CURRENCIES:
                return (
                    f"currencies are written in capitals: {word.upper()}, not {quoted(word)}",
                    (),
                )
            if word.isupper() and word not in _CURRENCIES:
                return (
                    f"{quoted(word)} is not a currency ({', '.join(_CURRENCIES)})",
                    did_you_mean(word, _CURRENCIES),
                )
        looks_numeric = any(ch.isdigit() for ch in word) or word.lower().strip("+-.") in (
            "nan",
            "inf",
        )
        if looks_numeric and kind in ("contract", "spot") and not _AMOUNT_RE.match(word):
            return (
                f"{quoted(word)} is not an amount (a whole number up to 9999 or a half: 4.5)",
                (),
            )
        if looks_numeric and kind in ("divest", "sell") and not re.fullmatch(COUNT_RE, word):
            return f"{quoted(word)} is not a count of certificates (0 to 9)", ()
    return "", ()


class NotationError(ValueError):
    """A decision that is not written in the notation; ``hints`` say what was meant."""

    code = "bad_notation"

    def __init__(self, reason: str, hints: tuple[str, ...] = ()) -> None:
        super().__init__(reason)
        self.reason = reason
        self.hints = hints


class Written(Struct, frozen=True):
    """A parsed log entry: the optional spot and the decision that follows it."""

    spot: Spot | None
    decision: Decision

    def decisions(self) -> tuple[Decision, ...]:
        """The engine decisions in the order they are applied."""
        return (self.decision,) if self.spot is None else (self.spot, self.decision)


def _halves(text: str) -> int:
    whole, _, half = text.partition(".")
    return int(whole) * 2 + (1 if half else 0)


def _kind(text: str) -> str:
    return text.split(" ", 1)[0]


def _fail(text: str, kind: str | None = None) -> NotationError:
    if kind in USAGE:
        how = f"write it as `{USAGE[kind]}`"
        if kind in USAGE_NOTES:
            how += f" ({USAGE_NOTES[kind]})"
        detail, hints = _detail(text, kind)
        if detail:
            how = f"{detail}; {how}"
        return NotationError(f"cannot read {quoted(text)}: {how}", hints)
    kinds = ", ".join(KINDS)
    word = text.split(" ", 1)[0]
    return NotationError(
        f"cannot read {quoted(text)}: a decision starts with one of {kinds}",
        did_you_mean(word, KINDS),
    )


def _action(player: str, text: str) -> Decision:
    kind = _kind(text)
    if kind == "spot":
        raise NotationError("only one spot transaction is allowed, before the action")
    regex = _kind_regexes().get(kind)
    match = regex.fullmatch(text) if regex else None
    if match is None:
        raise _fail(text, kind)
    return _decision(player, kind, match)


def _decision(player: str, kind: str, match: re.Match[str]) -> Decision:
    """The decision of ``kind`` that ``match`` (of its pattern) read."""
    g = match.groupdict()
    if kind == "contract":
        return MakeContract(player, g["pay_c"], _halves(g["pay"]), g["recv_c"], _halves(g["recv"]))
    if kind == "invest":
        codes = (g["first"],) if g["second"] is None else (g["first"], g["second"])
        return Invest(player, codes)
    if kind == "divest":
        return Divest(player, g["currency"], int(g["count"]))
    if kind == "resolve":
        return Resolve(player)
    if kind == "sell":
        return DivestResponse(player, g["currency"], int(g["count"]))
    if kind == "strengthen":
        return ChooseStrengthen(player, g["currency"])
    return ChooseStrongest(player, g["currency"])


_CURRENCY_SET = frozenset(_CURRENCIES)
_COUNTS = {str(count): count for count in range(10)}
"""Every count (``COUNT_RE``), as written, to its number."""
_AMOUNT_HALVES: dict[str, int] = {}
"""Amounts (``AMOUNT_RE``) as written, to their halves: filled as they are met (at most the
20,000 amounts there are)."""


def _amount_halves(word: str) -> int | None:
    """The halves of an amount written as ``AMOUNT_RE`` reads it; None for anything else."""
    halves = _AMOUNT_HALVES.get(word)
    if halves is None and _AMOUNT_RE.match(word):
        halves = _AMOUNT_HALVES[word] = _halves(word)
    return halves


def _action_exactly(player: str, words: list[str]) -> Decision | None:
    """The decision of ``words`` (the text split at each space) if they are written exactly
    as the kind's pattern reads them; None for anything else."""
    kind = words[0]
    count = len(words)
    if kind == "invest":
        if count == 2 and words[1] in _CURRENCY_SET:
            return Invest(player, (words[1],))
        if count == 3 and words[1] in _CURRENCY_SET and words[2] in _CURRENCY_SET:
            return Invest(player, (words[1], words[2]))
        return None
    if kind == "sell" or kind == "divest":
        if count != 3 or words[2] not in _CURRENCY_SET or words[1] not in _COUNTS:
            return None
        if kind == "sell":
            return DivestResponse(player, words[2], _COUNTS[words[1]])
        return Divest(player, words[2], _COUNTS[words[1]])
    if kind == "contract":
        if count != 6 or words[3] != "for":
            return None
        if words[2] not in _CURRENCY_SET or words[5] not in _CURRENCY_SET:
            return None
        pay = _AMOUNT_HALVES.get(words[1]) or _amount_halves(words[1])
        receive = _AMOUNT_HALVES.get(words[4]) or _amount_halves(words[4])
        if pay is None or receive is None:
            return None
        return MakeContract(player, words[2], pay, words[5], receive)
    if kind == "resolve":
        return Resolve(player) if count == 1 else None
    if count != 2 or words[1] not in _CURRENCY_SET:
        return None
    if kind == "strengthen":
        return ChooseStrengthen(player, words[1])
    if kind == "strongest":
        return ChooseStrongest(player, words[1])
    return None


_TURN_KINDS = frozenset(("contract", "invest", "divest", "resolve"))


def _spot_exactly(player: str, text: str) -> Written | None:
    """``_written_exactly`` of a text that starts with ``spot``."""
    head, sep, action = text.partition("; ")
    if not sep or ";" in head:
        return None  # a spot's head ends at the text's first ``;``, then one space
    left, sep, right = head.rpartition(" for ")  # a name may hold `` for ``, an amount not
    parts = left.split(" ", 4)
    got = right.split(" ")
    if not sep or len(parts) != 5 or parts[3] != "to" or len(got) != 2:
        return None
    partner = parts[4]
    if not partner or not partner.isprintable() or ":" in partner or "#" in partner:
        return None  # (a name with other characters the full parser judges)
    if "," in partner:
        return None
    if parts[2] not in _CURRENCY_SET or got[1] not in _CURRENCY_SET:
        return None
    give = _AMOUNT_HALVES.get(parts[1]) or _amount_halves(parts[1])
    get = _AMOUNT_HALVES.get(got[0]) or _amount_halves(got[0])
    words = action.split(" ")
    if give is None or get is None or words[0] not in _TURN_KINDS:
        return None
    decision = _action_exactly(player, words)
    if decision is None:
        return None
    return Written(Spot(player, partner.strip(), parts[2], give, got[1], get), decision)


def _written_exactly(player: str, text: str) -> Written | None:
    """The decision of a text in the notation exactly as it is written (one space between
    words), the entry of nearly every log; None for anything else, which ``parse`` reads.

    It gives what ``parse`` gives, faster: the text split at its spaces, each word looked
    up (currencies, counts, amounts), no regular expression, stripping or error text.
    """
    if text == "resolve":
        return Written(None, Resolve(player))
    if text.startswith("spot "):
        return _spot_exactly(player, text)
    decision = _action_exactly(player, text.split(" "))
    return None if decision is None else Written(None, decision)


def parse(player: str, text: str) -> Written:
    """Read one written decision of ``player``; raises ``NotationError``."""
    written = _written_exactly(player, text)
    return written if written is not None else _parse_fully(player, text)


def _parse_fully(player: str, text: str) -> Written:
    """``parse`` of any text: forgiving spaces around ``;``, and wording every error."""
    clean = text
    if "\t" in clean:
        words = " ".join(clean.split())
        raise NotationError(
            f"cannot read {quoted(text)}: a tab separates its words; YAML keeps tabs inside a"
            f" value, and the notation takes one space between words: {quoted(words)}"
        )
    if _kind(clean) != "spot":
        return Written(None, _action(player, clean))
    head, sep, rest = clean.partition(";")
    match = _spot_regex().fullmatch(head.strip())
    if match is None:
        raise _fail(head.strip(), "spot")
    if not sep or not rest.strip():
        raise NotationError("a spot transaction goes with the turn's action: `spot ...; ACTION`")
    action = _action(player, rest.strip())
    if not isinstance(action, (MakeContract, Invest, Divest, Resolve)):
        raise NotationError(
            f"a spot transaction goes with a turn action, not `{_kind(rest.strip())}`"
        )
    g = match.groupdict()
    spot = Spot(
        player,
        g["partner"].strip(),
        g["give_c"],
        _halves(g["give"]),
        g["get_c"],
        _halves(g["get"]),
    )
    return Written(spot, action)


def write(decision: Decision) -> str:
    """The notation of one engine decision (without the player)."""
    if isinstance(decision, Spot):
        return (
            f"spot {format_halves(decision.give)} {decision.give_currency} to"
            f" {decision.partner} for {format_halves(decision.get)} {decision.get_currency}"
        )
    if isinstance(decision, MakeContract):
        return (
            f"contract {format_halves(decision.pay)} {decision.pay_currency} for"
            f" {format_halves(decision.receive)} {decision.receive_currency}"
        )
    if isinstance(decision, Invest):
        return "invest " + " ".join(decision.currencies)
    if isinstance(decision, Divest):
        return f"divest {decision.count} {decision.currency}"
    if isinstance(decision, Resolve):
        return "resolve"
    if isinstance(decision, DivestResponse):
        return f"sell {decision.count} {decision.currency}"
    if isinstance(decision, ChooseStrengthen):
        return f"strengthen {decision.currency}"
    return f"strongest {decision.currency}"


def write_entry(written: Written) -> str:
    """The notation of a log entry: ``spot ...; ACTION`` or the decision alone."""
    if written.spot is None:
        return write(written.decision)
    return f"{write(written.spot)}; {write(written.decision)}"
