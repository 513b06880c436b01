"""World Exchangers' decision notation: parse and write round-trip; the schema mirrors it."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from forexcli.games.worldex.notation import (
    NAME_RE,
    SCHEMA_PATTERNS,
    NotationError,
    parse,
    who,
    write,
)
from forexcli.games.worldex.rules import DEALER, Buy, Decision, Pass, Refresh, Reveal, Sell
from tests.conftest import examples
from tests.games.worldex.helpers import COMPONENTS


def test_options_in_any_order_are_written_in_one_order() -> None:
    decisions = parse("ai", "sell Dubai +cash 3 +ring")
    assert decisions == (Sell("ai", "Dubai", None, True, 3),)
    assert write(decisions) == "sell Dubai +ring +cash 3"


@pytest.mark.parametrize(
    ("key", "text", "words"),
    [
        ("ai", "buy", "buy CITY"),
        ("ai", "buy Vienna, Roma", "+box or +rue"),
        ("ai", "buy Vienna +box +rue", "twice"),
        ("ai", "buy Vienna +ring +ring", "twice"),
        ("ai", "buy Vienna +cash 2", "buy CITY"),
        ("ai", "buy  Vienna", "buy CITY"),
        ("ai", "buy Vienna, Roma, Lima +box", "buy CITY"),
        ("ai", "sell Dubai +cash 0", "sell CITY"),
        ("ai", "reveal Oslo", "only the deck"),
        (DEALER, "buy Oslo", "only reveals"),
        ("ai", "invest USD", "starts with one of"),
        ("ai", "Buy Vienna", "starts with one of"),
        ("ai", "pass now", "pass"),
    ],
)
def test_notation_errors(key: str, text: str, words: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse(key, text)
    assert caught.value.code == "bad_notation"
    assert words in caught.value.reason


def test_every_example_city_name_is_written_as_itself() -> None:
    for city in (*COMPONENTS.starting_cities, *COMPONENTS.cities):
        assert re.fullmatch(NAME_RE, city.name)
        assert parse("ai", f"buy {city.name}") == (Buy("ai", city.name),)


NAMES = st.sampled_from([c.name for c in COMPONENTS.cities])


@st.composite
def entries(draw: st.DrawFn) -> tuple[Decision, ...]:
    kind = draw(st.sampled_from(["buy", "sell", "pass", "refresh", "reveal"]))
    if kind == "pass":
        return (Pass("ai"),)
    if kind in ("refresh", "reveal"):
        cards = tuple(draw(st.lists(NAMES, min_size=kind == "reveal", max_size=5, unique=True)))
        return (Refresh("ai", cards),) if kind == "refresh" else (Reveal(cards),)
    extra = draw(st.sampled_from([None, "box", "rue"]))
    ring = draw(st.booleans())
    first, second = draw(st.lists(NAMES, min_size=2, max_size=2, unique=True))
    if kind == "buy":
        head: Decision = Buy("ai", first, extra, ring)
        tail: tuple[Decision, ...] = (Buy("ai", second),)
    else:
        head = Sell("ai", first, extra, ring, draw(st.integers(0, 99)))
        tail = (Sell("ai", second),)
    return (head, *tail) if extra is not None and draw(st.booleans()) else (head,)


@settings(max_examples=examples(100))
@given(entries())
def test_round_trip(decisions: tuple[Decision, ...]) -> None:
    """Any decision written as notation parses back to itself and matches the schema's patterns."""
    text = write(decisions)
    assert parse(who(decisions), text) == decisions
    assert any(re.search(pattern, text) for pattern in SCHEMA_PATTERNS.values())
