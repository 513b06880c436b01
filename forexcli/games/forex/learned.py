"""The learned evaluation weights that ship with the package, read from their data file.

``benchmarks/fit.py`` writes the file from a seed; the search itself reads no file: a caller
passes these weights to it (``search(..., weights=learned_weights())``).
"""

from __future__ import annotations

from .search.evaluate import Weights, weights_from_json

WEIGHTS_FILE = "weights.json"
"""The data file, beside ``search/evaluate.py`` (package data of its package)."""

_LEARNED: list[Weights] = []


def learned_weights() -> Weights:
    """The learned weights of ``WEIGHTS_FILE`` (read on the first call only)."""
    if not _LEARNED:
        from importlib.resources import files

        text = (
            files("forexcli.games.forex.search").joinpath(WEIGHTS_FILE).read_text(encoding="utf-8")
        )
        _LEARNED.append(weights_from_json(text))
    return _LEARNED[0]
