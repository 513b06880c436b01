"""A deterministic draw of the 6 removed certificates from a seed.

The draw does not use ``random``: its algorithms may change between Python
versions.  Instead the 56 certificates are laid out in board order (8 GBP,
then 8 EUR, ...) and the first 6 places of a Fisher-Yates shuffle are filled
from a SHA-256 stream: block ``k`` is ``sha256(b"forexcli-removed-v1\\0" +
seed + b"\\0" + str(k))``, read as 8-byte big-endian numbers, and a number is
used only when it falls below the largest multiple of the range (rejection
sampling: ``forexcli.games.seeded``), so every certificate is equally likely to be
removed.
"""

from __future__ import annotations

from ...seeded import below, stream
from .board import NUM_CURRENCIES
from .state import CERTS_PER_CURRENCY, REMOVED_AT_SETUP

DRAW_VERSION = "forexcli-removed-v1"


def draw_removed(seed: str) -> tuple[int, ...]:
    """How many certificates of each currency the draw for ``seed`` removes."""
    deck = [c for c in range(NUM_CURRENCIES) for _ in range(CERTS_PER_CURRENCY)]
    numbers = stream(DRAW_VERSION, seed)
    for i in range(REMOVED_AT_SETUP):
        j = i + below(numbers, len(deck) - i)
        deck[i], deck[j] = deck[j], deck[i]
    removed = [0] * NUM_CURRENCIES
    for c in deck[:REMOVED_AT_SETUP]:
        removed[c] += 1
    return tuple(removed)
