"""The seeded draws: a shuffle read a block at a time is the shuffle drawn one at a time."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from forexcli.games import seeded


def _one_at_a_time(items: list[int], *parts: str) -> list[int]:
    deck = list(items)
    numbers = seeded.stream(*parts)
    for i in range(len(deck) - 1):
        j = i + seeded.below(numbers, len(deck) - i)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


@given(size=st.integers(0, 60), parts=st.lists(st.text(max_size=8), min_size=1, max_size=3))
def test_shuffled_draws_as_stream_and_below(size: int, parts: list[str]) -> None:
    items = list(range(size))
    assert seeded.shuffled(items, *parts) == _one_at_a_time(items, *parts)


@given(
    size=st.integers(0, 60),
    count=st.integers(0, 62),
    parts=st.lists(st.text(max_size=8), min_size=1, max_size=3),
)
def test_the_first_of_a_shuffle_are_the_whole_shuffle_s(
    size: int, count: int, parts: list[str]
) -> None:
    items = list(range(size))
    assert seeded.first_shuffled(items, count, *parts) == _one_at_a_time(items, *parts)[:count]


@given(
    size=st.integers(0, 40),
    count=st.integers(0, 42),
    parts=st.lists(st.text(max_size=8), min_size=1, max_size=3),
)
def test_refused_numbers_are_skipped_as_below_skips_them(
    size: int, count: int, parts: list[str]
) -> None:
    """With numbers refused half the time (a span of 2**63 for 64-bit numbers), the blocks
    read ahead run out and more are read: the draws are still the stream's, in order."""
    span = 1 << 63
    items = list(range(size))
    deck = list(items)
    numbers = seeded.stream(*parts)
    for i in range(len(deck) - 1):
        bound = len(deck) - i
        value = next(v for v in numbers if v < span - span % bound)
        j = i + value % bound
        deck[i], deck[j] = deck[j], deck[i]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(seeded, "_SPAN", span)
        assert seeded.shuffled(items, *parts) == deck
        assert seeded.first_shuffled(items, count, *parts) == deck[:count]
