"""The seeded draws: a shuffle read a block at a time is the shuffle drawn one at a time."""

from __future__ import annotations

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
