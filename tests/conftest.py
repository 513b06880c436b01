"""Test settings for the property tests (hypothesis).

A plain ``pytest`` draws fresh examples on every run (the ``fresh`` profile).  With ``CI``
set, the ``ci`` profile draws the same examples on every run, so ``CI=true pytest``
reproduces a CI run exactly; ``.ci/run``'s second pass takes ``--hypothesis-profile=fresh
--hypothesis-seed=N`` instead.  Under both, no example fails for its time alone (a busy host
is slower than a developer's machine), and a failure prints the ``@reproduce_failure`` blob
that replays it.

``FOREX_EXAMPLES`` (a whole number, unset: 1) multiplies the examples of the tests that ask
``examples(n)`` (the fuzz and round-trip tests), for a longer search by hand.
"""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("fresh", derandomize=False, print_blob=True, deadline=None)
settings.register_profile("ci", settings.get_profile("fresh"), derandomize=True)
settings.load_profile("ci" if os.environ.get("CI") else "fresh")

EXAMPLES_SCALE = int(os.environ.get("FOREX_EXAMPLES") or 1)


def examples(count: int) -> int:
    """``count`` examples, times ``FOREX_EXAMPLES``."""
    return count * EXAMPLES_SCALE
