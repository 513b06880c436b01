"""The benchmarks' set-ups, none drawn twice.

A benchmark's game ``g`` of ``n`` players starts from set-up ``k = g // n`` of a series
(``ladder``, ``strength-...``): the certificates ``draw_removed(f"{series}-{k}")`` removes.
Those draws repeat (``ladder-8`` and ``ladder-16`` remove the same certificates, 92 distinct
set-ups among ``ladder-0`` to ``ladder-99``), and deterministic players then play a repeated
set-up's games move for move again.  ``label(series, k)`` keeps ``f"{series}-{k}"`` when its
draw is new to the series, else the first of ``f"{series}-{k}-1"``, ``f"{series}-{k}-2"``, ...
whose draw is, so that the games of every other set-up stay the games journals hold.
"""

from __future__ import annotations

from forexcli.games.forex.rules import draw_removed

_SERIES: dict[str, tuple[list[str], set[tuple[int, ...]]]] = {}
"""Per series, the labels of set-ups 0, 1, ... found so far and their draws."""


def label(series: str, k: int) -> str:
    """The label of set-up ``k`` of ``series``: the first with a draw none before it has."""
    labels, seen = _SERIES.setdefault(series, ([], set()))
    while len(labels) <= k:
        number = len(labels)
        name, again = f"{series}-{number}", 0
        while (draw := draw_removed(name)) in seen:
            again += 1
            name = f"{series}-{number}-{again}"
        labels.append(name)
        seen.add(draw)
    return labels[k]


def removed(series: str, k: int) -> tuple[int, ...]:
    """The certificates set-up ``k`` of ``series`` removes (``draw_removed`` of its label)."""
    return draw_removed(label(series, k))


def replaced(series: str, k: int) -> bool:
    """Whether set-up ``k`` of ``series`` is drawn from another label than ``series-k`` (its
    own draw repeats an earlier one's)."""
    return label(series, k) != f"{series}-{k}"
