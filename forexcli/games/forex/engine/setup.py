"""A deterministic draw of the 6 removed certificates from a seed.

The draw does not use ``random``: its algorithms may change between Python
versions.  Instead the 56 certificates are laid out in board order (8 GBP,
then 8 EUR, ...) and the first 6 places of a Fisher-Yates shuffle are filled
from a SHA-256 stream: block ``k`` is ``sha256(b"forexcli-removed-v1\\0" +
seed + b"\\0" + str(k))``, read as 8-byte big-endian numbers, and a number is
used only when it falls below the largest multiple of the range (rejection
sampling), so every certificate is equally likely to be removed.
"""

from __future__ import annotations

from collections.abc import Iterator

from .board import NUM_CURRENCIES
from .state import CERTS_PER_CURRENCY, REMOVED_AT_SETUP

DRAW_VERSION = "forexcli-removed-v1"


def _stream(seed: str) -> Iterator[int]:
    import hashlib  # here: a log that lists its removed certificates needs no draw (start-up)

    block = 0
    while True:
        digest = hashlib.sha256(
            DRAW_VERSION.encode() + b"\0" + seed.encode("utf-8") + b"\0" + str(block).encode()
        ).digest()
        for offset in range(0, len(digest), 8):
            yield int.from_bytes(digest[offset : offset + 8], "big")
        block += 1


def _below(stream: Iterator[int], bound: int) -> int:
    limit = (1 << 64) - (1 << 64) % bound
    for value in stream:
        if value < limit:
            return value % bound
    raise AssertionError("unreachable: the stream is endless")


def draw_removed(seed: str) -> tuple[int, ...]:
    """How many certificates of each currency the draw for ``seed`` removes."""
    deck = [c for c in range(NUM_CURRENCIES) for _ in range(CERTS_PER_CURRENCY)]
    stream = _stream(seed)
    for i in range(REMOVED_AT_SETUP):
        j = i + _below(stream, len(deck) - i)
        deck[i], deck[j] = deck[j], deck[i]
    removed = [0] * NUM_CURRENCIES
    for c in deck[:REMOVED_AT_SETUP]:
        removed[c] += 1
    return tuple(removed)
