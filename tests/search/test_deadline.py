"""A time budget counted from a command's start (``Budget.since``): the work before the search
and, estimated, after it fall within the seconds (issue 23: hint and play --engine at 1 s)."""

from __future__ import annotations

import pytest

from forexcli.games import base
from forexcli.games.forex.search.mcts import Budget
from forexcli.search.ismcts import AFTER, LEAST
from forexcli.search.ismcts import deadline as _deadline


def test_without_since_the_seconds_count_from_the_search() -> None:
    assert _deadline(Budget(seconds=1.0), 50.0) == 51.0
    assert _deadline(Budget(simulations=100), 50.0) is None
    assert _deadline(Budget(simulations=100, since=10.0), 50.0) is None


def test_since_takes_the_time_before_and_the_estimate_after_out_of_the_seconds() -> None:
    """Started 0.2 s after ``since``: the search ends early enough for as much again after it."""
    end = _deadline(Budget(seconds=1.0, since=10.0), 10.2)
    assert end == pytest.approx(10.0 + 1.0 - AFTER * 0.2)
    assert end is not None and end < 11.0


def test_however_late_the_search_has_its_least_share() -> None:
    assert _deadline(Budget(seconds=1.0, since=10.0), 10.9) == pytest.approx(10.9 + LEAST)


def test_since_changes_nothing_for_a_budget_in_simulations() -> None:
    """Determinism: a simulation budget's search is the same with or without ``since``."""
    from forexcli.games.forex.rules import draw_removed, new_game
    from forexcli.games.forex.search.mcts import search

    state = new_game(["a", "b"], draw_removed("since"))
    plain = search(state, Budget(simulations=30))
    timed = search(state, Budget(simulations=30, since=0.0))
    assert plain.lines == timed.lines


def test_the_game_independent_search_counts_from_since_too() -> None:
    """World Exchangers' search (``ismcts``) takes the same deadline: started long after
    ``since``, a one-second search stops after its least share, not a second later."""
    import time

    from forexcli.games.worldex.advisor import ENGINE, seeded_start
    from forexcli.games.worldex.load import EXAMPLE_COMPONENTS, read_components

    state = seeded_start(read_components(EXAMPLE_COMPONENTS).components, ["a", "b"], "since")
    late = time.perf_counter() - 0.95
    found = ENGINE.search(state, base.Budget(seconds=1.0, since=late), seed=1)
    assert found.seconds < 0.5
