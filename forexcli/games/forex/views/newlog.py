"""A new For-Ex log's text: ``new_log_text`` writes the header of a log (the set-up) with
``moves: []``; ``parse_removed`` and ``parse_house_rule`` read ``forex new``'s options.
``reporters.newlog.create_log`` writes it."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from ..rules import CURRENCIES, HouseRules

MODELINE = "# yaml-language-server: $schema={ref}"


def parse_removed(text: str) -> tuple[int, ...]:
    """``GBP=1,USD=2,CNY=3`` or ``GBP,USD,USD,CNY,CNY,CNY`` as counts per currency.

    Raises ``ValueError`` with a readable reason.
    """
    counts = [0] * len(CURRENCIES)
    items = [item.strip() for item in re.split(r"[,\s]+", text.strip()) if item.strip()]
    if not items:
        raise ValueError("name the 6 removed certificates, e.g. GBP=1,USD=2,CNY=3")
    for item in items:
        code, sep, number = item.partition("=")
        if not sep:
            code, sep, number = item.partition(":")
        code = code.strip().upper()
        if code not in CURRENCIES:
            raise ValueError(
                f"{code!r} is not a currency; the currencies are {', '.join(CURRENCIES)}"
            )
        if sep:
            if not number.strip().isdigit():
                raise ValueError(f"{item!r}: the count must be a whole number")
            counts[CURRENCIES.index(code)] += int(number)
        else:
            counts[CURRENCIES.index(code)] += 1
    if sum(counts) != 6:
        raise ValueError(
            f"exactly 6 certificates are removed at set-up; these add up to {sum(counts)}"
        )
    return tuple(counts)


def parse_house_rule(text: str) -> tuple[str, str]:
    """``rounding=total`` as ``("rounding", "total")``, checked against ``HouseRules.OPTIONS``.

    Raises ``ValueError`` with a readable reason.
    """
    name, sep, value = text.partition("=")
    name, value = name.strip(), value.strip()
    options = HouseRules.OPTIONS
    if not sep or not name or not value:
        raise ValueError(
            f"{text!r}: write NAME=VALUE, e.g. rounding=total; the house rules are "
            + "; ".join(f"{n}={'|'.join(v)}" for n, v in options.items())
        )
    if name not in options:
        raise ValueError(f"{name!r} is not a house rule; the house rules are {', '.join(options)}")
    if value not in options[name]:
        raise ValueError(
            f"{value!r} is not a value of the house rule {name};"
            f" it is one of {', '.join(options[name])}"
        )
    return name, value


def new_log_text(
    players: Sequence[str],
    *,
    first: str | None = None,
    removed: Sequence[int] | str | None = None,
    seed: str | None = None,
    title: str | None = None,
    site: str | None = None,
    started: str | None = None,
    schema_ref: str | None = None,
    house_rules: Mapping[str, str] | None = None,
) -> str:
    """The text of a new log with no moves; give ``removed`` counts (or ``"unknown"``, written
    as ``removed: unknown``) or a ``seed``.

    ``house_rules`` (option name to value, see ``HouseRules.OPTIONS``) is written as a
    ``house_rules:`` block, in the order of the options.
    """
    from ....record.entrytext import folded, quote

    if (removed is None) == (seed is None):
        raise ValueError("give either the removed certificates or a seed")
    lines = []
    if schema_ref:
        lines.append(MODELINE.format(ref=schema_ref))
    lines.append("forex: 1")
    if title:
        lines.append("title: " + folded(quote(title), 7, "  ", "\n"))
    if site:
        lines.append("site: " + folded(quote(site), 6, "  ", "\n"))
    if started:
        lines.append(f"started: {quote(started)}")
    lines.append("players: [" + ", ".join(quote(name) for name in players) + "]")
    if first is not None:
        lines.append(f"first: {quote(first)}")
    if seed is not None:
        lines.append(f"seed: {quote(seed)}")
    else:
        assert removed is not None
    if isinstance(removed, str):
        lines.append(f"removed: {removed}")
    elif removed is not None:
        counts = ", ".join(
            f"{code}: {count}" for code, count in zip(CURRENCIES, removed, strict=True) if count
        )
        lines.append(f"removed: {{{counts}}}")
    if house_rules:
        lines.append("house_rules:")
        lines.extend(
            f"  {name}: {quote(house_rules[name])}"
            for name in HouseRules.OPTIONS
            if name in house_rules
        )
    lines.append("moves: []")
    return "\n".join(lines) + "\n"
