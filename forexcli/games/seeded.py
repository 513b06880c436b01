"""Fair draws from a seed, the same on every Python version (no ``random``).

Block ``k`` of the stream for some text parts is ``sha256`` of the parts and
``str(k)``, in UTF-8, joined by NUL bytes; its 32 bytes are read as four 8-byte
big-endian numbers.  A draw below a bound takes the next number that falls below
the largest multiple of the bound (rejection sampling), so every value is equally
likely.  For-Ex's removed certificates and World Exchangers' deal draw this way.
"""

from __future__ import annotations

from collections.abc import Iterator


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
