"""Fair draws from a seed, the same on every Python version (no ``random``).

Block ``k`` of the stream for some text parts is ``sha256`` of the parts and
``str(k)``, in UTF-8, joined by NUL bytes; its 32 bytes are read as four 8-byte
big-endian numbers.  A draw below a bound takes the next number that falls below
the largest multiple of the bound (rejection sampling), so every value is equally
likely.  For-Ex's removed certificates and World Exchangers' deal draw this way.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from functools import cache
from typing import Any, TypeVar

T = TypeVar("T")


def stream(*parts: str) -> Iterator[int]:
    """The endless stream of 64-bit numbers for ``parts``."""
    import hashlib  # here: a game that draws nothing needs no hashlib (start-up)
    from struct import Struct

    numbers = Struct(">4Q").unpack  # the 32 bytes as four 8-byte big-endian numbers
    head = b"\0".join(part.encode("utf-8") for part in parts) + b"\0"
    block = 0
    while True:
        yield from numbers(hashlib.sha256(head + str(block).encode()).digest())
        block += 1


def below(numbers: Iterator[int], bound: int) -> int:
    """A number from 0 to ``bound - 1``, each as likely, drawn from ``numbers``."""
    limit = (1 << 64) - (1 << 64) % bound
    for value in numbers:
        if value < limit:
            return value % bound
    raise AssertionError("unreachable: the stream is endless")


def shuffled(items: Sequence[T], *parts: str) -> list[T]:
    """``items`` in the order a Fisher-Yates shuffle fed by ``stream(*parts)`` leaves them:
    position ``i`` swaps with ``i + below(numbers, len(items) - i)``, each in turn.

    The same draws as ``stream`` and ``below`` one at a time, read many blocks at a time (a
    seeded deal draws dozens of them).
    """
    return _shuffle(list(items), len(items) - 1, parts)


def first_shuffled(items: Sequence[T], count: int, *parts: str) -> list[T]:
    """The first ``count`` of ``shuffled(items, *parts)``, drawing only the numbers they need
    (a shuffle's position ``i`` is settled by its first ``i + 1`` draws)."""
    return _shuffle(list(items), min(count, len(items) - 1), parts)[:count]


def _shuffle(deck: list[T], draws: int, parts: Sequence[str]) -> list[T]:
    """``deck`` shuffled in place at its first ``draws`` positions (``shuffled``)."""
    sha256, unpack = _tools()
    head = b"\0".join(part.encode("utf-8") for part in parts) + b"\0"
    size = len(deck)
    # The blocks for every draw if none is refused, read at once; each refusal (a chance of
    # ``bound`` in 2**64: hardly ever) reads one block more, so that the numbers never run out.
    block = (draws + 3) // 4
    text = b"".join([sha256(head + str(k).encode()).digest() for k in range(block)])
    drawn = list(unpack(f">{4 * block}Q", text))  # 8-byte big-endian numbers
    at = 0
    near = _SPAN - size  # below every draw's limit (``_SPAN - _SPAN % bound``, bound <= size)
    for i in range(draws):
        bound = size - i
        value = drawn[at]
        at += 1
        while value >= near and value >= _SPAN - _SPAN % bound:
            drawn.extend(unpack(">4Q", sha256(head + str(block).encode()).digest()))
            block += 1
            value = drawn[at]
            at += 1
        j = i + value % bound
        deck[i], deck[j] = deck[j], deck[i]
    return deck


@cache
def _tools() -> tuple[Callable[[bytes], Any], Callable[[str, bytes], tuple[Any, ...]]]:
    """``hashlib.sha256`` and ``struct.unpack``, imported when first needed (a game that
    draws nothing needs no hashlib at start-up) and then without an ``import`` statement
    at each shuffle (several microseconds each)."""
    from hashlib import sha256
    from struct import unpack

    return sha256, unpack


_SPAN = 1 << 64
"""How many values a drawn number may take."""
