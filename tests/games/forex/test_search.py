"""The search package: its encoding against the reference engine, candidates, search, players."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from forexcli.games.forex.rules import (
    GameState,
    Phase,
    apply,
    draw_removed,
    legal_decisions,
    new_game,
)
from forexcli.games.forex.search import evaluate as evaluate_module
from forexcli.games.forex.search import mcts
from forexcli.games.forex.search.candidates import candidates
from forexcli.games.forex.search.encoding import decision, encode, legal_actions
from forexcli.games.forex.search.endgame import in_endgame, turns_before_end
from forexcli.games.forex.search.evaluate import (
    DEFAULT_WEIGHTS,
    MANY_WEIGHTS,
    Weights,
    evaluate,
    money_worth,
    weights_for,
)
from forexcli.games.forex.search.game import play_game
from forexcli.games.forex.search.ladder import ladder_answer, ladder_player
from forexcli.games.forex.search.mcts import Budget, search
from forexcli.games.forex.search.players import engine_player, greedy_player, random_player


def random_position(seed: int, players: int, steps: int) -> GameState:
    """A position reached by ``steps`` random decisions (a kind, then one of that kind)."""
    rng = random.Random(seed)
    names = [f"p{i}" for i in range(players)]
    state = new_game(names, draw_removed(str(seed)), names[seed % players])
    for _ in range(steps):
        if state.is_over:
            break
        by_kind: dict[str, list[object]] = {}
        for choice in legal_decisions(state):
            by_kind.setdefault(type(choice).__name__, []).append(choice)
        kind = rng.choice(sorted(by_kind))
        state = apply(state, rng.choice(by_kind[kind]))  # type: ignore[arg-type]
    return state


positions = st.builds(
    random_position,
    st.integers(0, 10**6),
    st.integers(2, 6),
    st.integers(0, 120),
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions)
def test_encoding_lists_exactly_the_legal_decisions(state: GameState) -> None:
    """Decoded, ``legal_actions`` is ``legal_decisions``, in the same order; encode inverts."""
    actions = legal_actions(state)
    decoded = [decision(state, action) for action in actions]
    assert decoded == legal_decisions(state)
    for action, choice in zip(actions, decoded, strict=True):
        assert encode(state, choice) == action


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions)
def test_candidates_are_legal_and_apply(state: GameState) -> None:
    """Every candidate is a legal decision, the reference apply takes it, and none repeats."""
    found = candidates(state)
    if state.is_over:
        assert found == []
        return
    legal = legal_decisions(state)
    assert found, "a position that is not over has candidates"
    assert len(set(found)) == len(found)
    assert "Resolve" in {type(decision(state, a)).__name__ for a in found} or (
        state.pending.phase is not Phase.TURN
    )
    for action in found:
        choice = decision(state, action)
        assert choice in legal
        apply(state, choice)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions)
def test_evaluation_is_a_share_per_seat(state: GameState) -> None:
    """In any reachable position the evaluation gives each seat a share in [0, 1], summing to 1."""
    values = evaluate(state)
    assert len(values) == len(state.players)
    assert all(0.0 <= v <= 1.0 for v in values)
    assert abs(sum(values) - 1.0) < 1e-9


def test_final_evaluation_is_exact() -> None:
    """At the end the value is each total over the sum of totals (the bankrupt scores 0),
    mixed by the ``win`` weight with the win (1 for the first, shared when tied)."""
    state = new_game(["a", "b"], draw_removed("end"))
    game = play_game(state, [greedy_player(1), greedy_player(2)])
    result = game.final.result
    assert result is not None
    totals = [0 if seat == result.bankrupt else t for seat, t in enumerate(result.totals)]
    shares = [t / sum(totals) for t in totals]
    firsts = [seat for seat, rank in enumerate(result.ranks) if rank == 1]
    won = [1 / len(firsts) if seat in firsts else 0.0 for seat in range(2)]
    for win in (0.0, 0.5, 1.0):
        expected = tuple((1 - win) * s + win * w for s, w in zip(shares, won, strict=True))
        assert evaluate(game.final, Weights(win=win)) == pytest.approx(expected)
    assert evaluate(game.final) == evaluate(game.final, DEFAULT_WEIGHTS)


def _last_round(players: int) -> GameState:
    """A position of a game among the ladder's styled players where the last dividend is queued
    near the front and other players move before it is resolved (the ending's winner is not
    sure)."""
    names = [f"p{i}" for i in range(players)]
    state = new_game(names, draw_removed(f"last-round-{players}"))
    styles = ["trader", "investor", "cautious"]
    budget = Budget(simulations=1)
    seats = [ladder_player(styles[seat % 3], budget, seat) for seat in range(players)]
    game = play_game(state, seats, [ladder_answer(styles[seat % 3]) for seat in range(players)])
    for _, entry in game.entries:
        if state.pending.phase is Phase.TURN and in_endgame(state) and turns_before_end(state):
            return state
        for step in entry:
            state = apply(state, step)
    raise AssertionError("the game had no such position")


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_a_search_without_weights_uses_those_of_its_number_of_players(players: int) -> None:
    """Every number of players takes the softened ending (``MANY_WEIGHTS``; 2-player games
    since issue 43), not the exact one of ``DEFAULT_WEIGHTS``."""
    assert weights_for(players) == MANY_WEIGHTS
    assert MANY_WEIGHTS != DEFAULT_WEIGHTS
    state = _last_round(players)
    budget = Budget(simulations=60)
    found = search(state, budget, seed=1)
    given = search(state, budget, seed=1, weights=weights_for(players))
    other = DEFAULT_WEIGHTS
    assert [(line.decisions, line.values) for line in found.lines] == [
        (line.decisions, line.values) for line in given.lines
    ]
    assert found.root_value == given.root_value
    assert found.root_value != search(state, budget, seed=1, weights=other).root_value


def test_the_two_player_end_spread_setting_softens_only_2_player_endings(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``TWO_PLAYER_END_SPREAD`` (2 by default, the 3-to-6-player value) gives 2-player games
    that ``end_spread``, the rest of their weights kept; 3 to 6 players keep theirs.  A search
    without weights takes it: in a last round whose dividend is behind an item, the values
    change with it (0, the exact ending, is the engine before issue 43)."""
    assert evaluate_module.TWO_PLAYER_END_SPREAD == 2.0
    assert weights_for(2) == DEFAULT_WEIGHTS._replace(end_spread=2.0) == MANY_WEIGHTS
    state = _last_round(2)
    budget = Budget(simulations=60)
    soft = search(state, budget, seed=1)
    assert soft.root_value == search(state, budget, seed=1, weights=weights_for(2)).root_value
    monkeypatch.setattr(evaluate_module, "TWO_PLAYER_END_SPREAD", 0.0)
    assert weights_for(2) == DEFAULT_WEIGHTS and weights_for(4) == MANY_WEIGHTS
    exact = search(state, budget, seed=1)
    assert exact.root_value == search(state, budget, seed=1, weights=DEFAULT_WEIGHTS).root_value
    assert soft.root_value != exact.root_value


def test_search_is_deterministic_and_its_lines_are_legal(monkeypatch: pytest.MonkeyPatch) -> None:
    """Lines by visits (``SAFE_FIRST`` off: it ranks the safe lines first, whatever their
    visits)."""
    monkeypatch.setattr(mcts, "SAFE_FIRST", False)
    state = random_position(7, 3, 20)
    first = search(state, Budget(simulations=120), seed=3)
    again = search(state, Budget(simulations=120), seed=3)
    assert [line.decisions for line in first.lines] == [line.decisions for line in again.lines]
    assert first.simulations == 120
    for line in first.lines:
        position = state
        for step in line.decisions:
            position = apply(position, step)
    visits = [line.visits for line in first.lines]
    assert visits == sorted(visits, reverse=True)


@pytest.mark.parametrize("switch", ["LAZY", "DEFER"])
@settings(
    max_examples=6,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 6), steps=st.integers(0, 100))
def test_lazy_search_is_deterministic_and_its_lines_are_legal(
    seed: int, players: int, steps: int, switch: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With ``LAZY`` or ``DEFER`` on the search still repeats itself, and its lines are legal;
    a forced line is applied and valued."""
    state = random_position(seed, players, steps)
    if state.is_over:
        return
    monkeypatch.setattr(mcts, switch, type(getattr(mcts, switch))(1))
    forced = [candidates(state)[-1]]
    first = search(state, Budget(simulations=150), seed=3, forced=[forced], forced_visits=3)
    again = search(state, Budget(simulations=150), seed=3, forced=[forced], forced_visits=3)
    assert [(line.decisions, line.values) for line in first.lines] == [
        (line.decisions, line.values) for line in again.lines
    ]
    assert len(first.forced_values) == 1
    legal = legal_decisions(state)
    for line in first.lines:
        assert line.decisions[0] in legal
        position = state
        for step in line.decisions:
            position = apply(position, step)


@pytest.mark.slow
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6), st.integers(2, 4), st.integers(0, 80))
def test_stopping_when_decided_keeps_the_full_budgets_choice(
    seed: int, players: int, steps: int
) -> None:
    """A search that stops once its choice cannot change chooses what the whole budget does."""
    state = random_position(seed, players, steps)
    if state.is_over:
        return
    full = search(state, Budget(simulations=300), seed=1)
    early = search(state, Budget(simulations=300), seed=1, stop_when_decided=True)
    assert early.best.decisions[0] == full.best.decisions[0]
    assert early.simulations <= full.simulations == 300
    if len(full.lines) == 1:
        assert early.simulations == 0


@pytest.mark.slow
def test_stopping_when_decided_saves_simulations_in_a_clear_position() -> None:
    """Over a few opening positions, the early stop spends clearly less than the budget."""
    spent = 0
    for seed in range(6):
        state = random_position(seed, 2, 0)
        spent += search(state, Budget(simulations=400), stop_when_decided=True).simulations
    assert spent < 6 * 400


def test_search_refuses_a_finished_game_and_bad_budgets() -> None:
    game = play_game(new_game(["a", "b"], draw_removed("x")), [greedy_player(), greedy_player()])
    with pytest.raises(ValueError, match="over"):
        search(game.final, Budget(simulations=10))
    for bad in ({"simulations": 0}, {"seconds": 0.0}, {"seconds": -1.0}, {"seconds": 1e9}, {}):
        with pytest.raises(ValueError):
            Budget(**bad)


def test_forced_line_gets_a_value() -> None:
    """A recorded decision outside the candidates is added to the tree and valued."""
    state = new_game(["a", "b"], draw_removed("forced"))
    odd = next(a for a in legal_actions(state) if a[0] == 1 and a[3] == 10)  # a big contract
    assert odd not in candidates(state)
    result = search(state, Budget(simulations=60), forced=[[odd]], forced_visits=5)
    assert len(result.forced_values) == 1
    assert result.forced_values[0][0] < result.best.values[0]


def test_greedy_maximises_converted_money() -> None:
    state = next(
        s
        for s in (random_position(seed, 2, 12) for seed in range(100))
        if s.pending.phase is Phase.TURN
    )
    seat = state.pending.player
    assert seat is not None
    entry = greedy_player(0)(state)
    after = apply(state, entry[0])
    best = max(
        money_worth(apply(state, d), seat)
        for d in legal_decisions(state)
        if type(d).__name__ != "MakeContract"
    )
    assert money_worth(after, seat) == pytest.approx(best)


@pytest.mark.slow
def test_engine_beats_random_smoke() -> None:
    """A few 2-player games at a tiny budget: the engine must win them against random play."""
    wins = 0
    games = 4
    for index in range(games):
        start = new_game(["x", "y"], draw_removed(f"smoke-{index}"))
        engine = engine_player(Budget(simulations=30))
        other = random_player(index)
        seat = index % 2
        game = play_game(start, [engine, other] if seat == 0 else [other, engine])
        result = game.final.result
        assert result is not None
        wins += result.ranks[seat] == 1 and result.ranks[1 - seat] != 1
    assert wins >= 3


def test_engine_beats_greedy_smoke() -> None:
    """Two 2-player games against greedy at a tiny budget, seats swapped: the engine wins both."""
    for seat in (0, 1):
        start = new_game(["x", "y"], draw_removed("greedy-smoke"))
        engine = engine_player(Budget(simulations=30))
        other = greedy_player(seat)
        game = play_game(start, [engine, other] if seat == 0 else [other, engine])
        result = game.final.result
        assert result is not None
        assert result.ranks[seat] == 1


def test_benchmark_players_make_legal_entries() -> None:
    """The greedy, random and one-ply players only make legal entries (a spot with its action)."""
    from forexcli.games.forex.search.players import heuristic_player

    for player in (greedy_player(3), random_player(3), heuristic_player):
        state = new_game(["x", "y", "z"], draw_removed("players"))
        for _ in range(12):
            if state.is_over:
                break
            entry = player(state)
            assert 1 <= len(entry) <= 2
            for step in entry:
                assert step in legal_decisions(state)
                state = apply(state, step)


def test_wilson_interval() -> None:
    """The strength benchmark's interval: known values of Wilson's score interval."""
    from benchmarks.strength import wilson

    low, high = wilson(15, 20)
    assert (round(low, 3), round(high, 3)) == (0.531, 0.888)
    assert wilson(0, 10)[0] == 0.0
    assert wilson(10, 10)[1] == 1.0
