"""The search's bankruptcy check (``endgame.endangered``) against a plain reference, on
positions from played games (issue 23: no avoidable bankruptcy)."""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from msgspec.structs import replace

from forexcli.games.forex.rules import (
    Contract,
    Decision,
    DividendStack,
    GameState,
    Invest,
    Loan,
    MakeContract,
    Phase,
    Resolve,
    Spot,
    apply,
    draw_removed,
    legal_decisions,
    new_game,
)
from forexcli.games.forex.search.candidates import candidates
from forexcli.games.forex.search.consent import shortfall
from forexcli.games.forex.search.encoding import (
    CONTRACT,
    DIVEST,
    INVEST,
    RESOLVE,
    SPOT,
    legal_actions,
)
from forexcli.games.forex.search.encoding import decision as decode
from forexcli.games.forex.search.endgame import (
    FINAL_LIMIT,
    Memo,
    endangered,
    settled,
)
from forexcli.games.forex.search.evaluate import final_values
from forexcli.games.forex.search.game import play_game
from forexcli.games.forex.search.ladder import ladder_answer, ladder_player
from forexcli.games.forex.search.mcts import Budget, Line, search
from forexcli.games.forex.search.players import engine_answer, engine_player, heuristic_player


@functools.cache
def reference(state: GameState, seat: int, turns: int = 1) -> bool:
    """``endangered`` written plainly: no short cuts, every branch walked (a cache aside)."""
    while True:
        phase = state.pending.phase
        if phase is Phase.OVER:
            return state.bankrupt == seat
        mover = state.pending.player
        assert mover is not None
        if phase is Phase.TURN and mover == seat:
            if not shortfall(state, seat):
                return False
            if not turns and state.dividends_left != 1:
                return False
            kinds = (RESOLVE, DIVEST) if not turns else (CONTRACT, INVEST, DIVEST, RESOLVE)
            return all(
                reference(apply(state, decode(state, a)), seat, max(turns - 1, 0))
                for a in candidates(state)
                if a[0] in kinds
            )
        if phase is Phase.TURN:
            state = apply(state, Resolve(state.players[mover]))
        elif mover == seat:
            return all(
                reference(apply(state, decode(state, a)), seat, turns) for a in legal_actions(state)
            )
        elif phase is Phase.DIVEST_RESPONSE:
            state = apply(state, decode(state, legal_actions(state)[0]))
        else:
            return any(
                reference(apply(state, decode(state, a)), seat, turns) for a in legal_actions(state)
            )


def played(seed: int, players: int, limit: int = 300) -> list[GameState]:
    """The positions of a quick game: the engine (4 simulations) half the time, else one ply."""
    rng = random.Random(seed)
    state = new_game([f"p{i}" for i in range(players)], draw_removed(f"safety-{seed}"))
    seen: list[GameState] = []
    while not state.is_over and len(seen) < limit:
        seen.append(state)
        if rng.random() < 0.5:
            entry = engine_player(Budget(simulations=4), seed)(state)
        else:
            entry = heuristic_player(state)
        for step in entry:
            state = apply(state, step)
    return seen


def turns(seed: int, players: int, every: int) -> list[tuple[GameState, int]]:
    """Every ``every``-th position of ``played``, when a player is to take a turn, with its seat."""
    found = []
    for state in played(seed, players)[::every]:
        seat = state.pending.player
        if state.pending.phase is Phase.TURN and seat is not None:
            found.append((state, seat))
    return found


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6), st.sampled_from([2, 3, 4]))
def test_endangered_answers_as_the_plain_reference(seed: int, players: int) -> None:
    """After each candidate of a turn (the walks to the end within their bound)."""
    checked = 0
    for state, seat in turns(seed, players, 3):
        for action in candidates(state):
            if action[0] == SPOT:
                continue
            after = apply(state, decode(state, action))
            memo: Memo = {}
            answer = endangered(after, seat, memo=memo)
            if len(memo) < FINAL_LIMIT:  # (else the walks to the end were cut short)
                assert answer == reference(after, seat), action
                checked += 1
    assert checked


GBP, EUR, USD, CHF, JPY, CAD, CNY = range(7)
NONE = (0,) * 7


def money(**amounts: int) -> tuple[int, ...]:
    """Half-bucks per currency, by code (``gbp=4``)."""
    codes = ("gbp", "eur", "usd", "chf", "jpy", "cad", "cny")
    return tuple(amounts.get(code, 0) for code in codes)


def position(
    holdings: tuple[tuple[int, ...], ...],
    queue: tuple[object, ...],
    certs: tuple[tuple[int, ...], ...],
) -> GameState:
    """The last dividend in ``queue`` (dividends left: 1), ``p0`` to move."""
    start = new_game([f"p{i}" for i in range(len(holdings))], draw_removed("endgame"))
    return replace(start, money=holdings, certs=certs, queue=queue, dividends_left=1)


# 2 players: p0 owes 2 GBP on a loan second in the queue and holds 2.5; the last dividend is
# sixth.  A contract to pay 1 GBP more goes behind the last dividend: the loan is paid and the
# contract is not (p0 has nothing to divest and no way to GBP but a spot, which p1 may refuse),
# and the loan it becomes is due at once in the final settlement.  That comes after p0's next
# two turns, the horizon the check had before the last dividend was queued.
FAR_END = position(
    (money(gbp=5, cny=4), money(eur=10, usd=10, chf=10)),
    (
        Contract("A", 1, EUR, 2, USD, 2),
        Loan("B", 0, money(gbp=4)),
        Contract("C", 1, USD, 2, EUR, 2),
        Contract("D", 1, EUR, 2, USD, 2),
        Contract("E", 1, USD, 2, EUR, 2),
        DividendStack(1),
    ),
    (NONE, (0, 0, 0, 0, 0, 0, 1)),
)

# 4 players, the same debt, the last dividend seventh: three others resolve between p0's turns.
FAR_END_4 = position(
    (money(gbp=5, cny=4), money(eur=10, usd=10), money(eur=10, usd=10), money(eur=10, chf=10)),
    (
        Contract("A", 1, EUR, 2, USD, 2),
        Loan("B", 0, money(gbp=4)),
        Contract("C", 2, USD, 2, EUR, 2),
        Contract("D", 3, EUR, 2, CHF, 2),
        Contract("E", 1, USD, 2, EUR, 2),
        Contract("F", 2, EUR, 2, USD, 2),
        DividendStack(1),
    ),
    (NONE, NONE, NONE, (0, 0, 0, 0, 0, 0, 1)),
)

# 2 players, FAR_END's loan at the front: p1 resolves it next, so investing its GBP (which only
# a divest on p0's next turn would bring back) bankrupts p0; resolving it is safe.
DUE_NEXT = replace(FAR_END, queue=(FAR_END.queue[1], FAR_END.queue[0], *FAR_END.queue[2:]))


def _first_dangers(state: GameState, simulations: int) -> tuple[bool, list[bool]]:
    seat = state.pending.player
    assert seat is not None
    result = search(state, Budget(simulations=simulations))
    dangers = []
    for line in result.lines:
        after = apply(state, line.decisions[0])
        if isinstance(line.decisions[0], Spot):
            if len(line.decisions) < 2:
                continue
            after = apply(after, line.decisions[1])
        dangers.append(endangered(after, seat))
    return dangers[0], dangers


def test_a_debt_made_unpayable_at_the_final_settlement_is_endangering() -> None:
    """The contract behind the last dividend (2 players), investing the loan's GBP (the loan
    due before p0 moves again: 4 players, or 2 with the loan at the front); resolving is safe
    in all three."""
    contract = apply(FAR_END, MakeContract("p0", "GBP", 2, "CNY", 8))
    assert isinstance(contract.queue[-1], Contract) and contract.queue[-1].owner == 0
    assert endangered(contract, 0)
    invested = apply(FAR_END_4, Invest("p0", ("GBP",)))
    assert shortfall(invested, 0) > 0
    assert endangered(invested, 0)
    assert endangered(apply(DUE_NEXT, Invest("p0", ("GBP",))), 0)
    for state in (FAR_END, FAR_END_4, DUE_NEXT):
        assert not endangered(apply(state, Resolve("p0")), 0)


def test_the_search_ranks_no_endangering_line_first_at_any_budget() -> None:
    """1 simulation (no look-ahead at all) included: some lines endanger p0, the first never."""
    for state in (DUE_NEXT, FAR_END_4):
        for simulations in (1, 2, 10, 100):
            first, dangers = _first_dangers(state, simulations)
            assert any(dangers) and not all(dangers)
            assert not first, (simulations, state.players)


def test_the_engine_does_not_go_bankrupt_from_the_far_end() -> None:
    """Played out against ladder players who answer spot offers for themselves."""
    for simulations in (1, 30):
        for name in ("investor", "trader"):
            players = [
                engine_player(Budget(simulations=simulations)),
                ladder_player(name, Budget(simulations=1), 1),
            ]
            game = play_game(FAR_END, players, [engine_answer, ladder_answer(name)])
            assert game.final.bankrupt != 0, (simulations, name)


def brute(state: GameState) -> tuple[float, ...]:
    """Max-n over every legal decision (``legal_decisions``) to the end, the exact final values."""
    if state.is_over:
        return final_values(state)
    seat = state.pending.player
    assert seat is not None
    options = [brute(apply(state, choice)) for choice in legal_decisions(state)]
    return max(options, key=lambda values: values[seat])


# The last dividend at the front and every letter in use: p0 must resolve (it holds nothing
# to spot, invest or divest with), and what remains are the tie choices (nobody holds a
# certificate: every currency ties for the strengthening and for the scoring) and the
# settlement, in which p1's unpaid contract becomes a loan due at once.
FORCED = replace(
    position(
        (NONE, money(eur=6, usd=4)),
        (
            DividendStack(1),
            Contract("A", 1, EUR, 4, USD, 4),
            Contract("B", 1, USD, 8, EUR, 2),
            Contract("C", 1, EUR, 2, CHF, 4),
            Contract("D", 1, USD, 2, EUR, 2),
            Contract("E", 1, EUR, 2, USD, 2),
            Contract("F", 1, CHF, 2, EUR, 2),
        ),
        (NONE, NONE),
    ),
    supply=NONE,
)


def test_settled_is_max_n_over_every_legal_decision_in_a_forced_ending() -> None:
    """``settled`` (everyone resolving, each tie to its chooser's best) equals a brute-force
    max-n over ``legal_decisions`` here, and so does the search's value of its best line."""
    assert legal_decisions(FORCED) == [Resolve("p0")]
    exact = brute(FORCED)
    assert settled(FORCED) == exact
    result = search(FORCED, Budget(simulations=50))
    assert result.best.decisions[0] == Resolve("p0")
    assert result.best.values == pytest.approx(exact)
    end = FORCED
    for step in result.best.decisions:
        end = apply(end, step)
    assert end.is_over and final_values(end) == exact


def _spending_first_only_when_all_spend(
    state: GameState, seat: int, lines: Sequence[Line], spends: Sequence[bool]
) -> None:
    """When the first line spends (``spends``, one a line), every other line spends too or its
    entry lets the others bankrupt ``seat``."""
    if not spends[0]:
        return
    for line, spent in zip(lines, spends, strict=True):
        after = state
        for step in line.decisions[:2]:
            after = apply(after, step)
            if not isinstance(step, Spot):
                break
        assert spent or endangered(after, seat), line.decisions[0]


@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6), st.sampled_from([2, 3, 4]))
def test_the_search_ranks_a_spot_that_spends_a_debts_money_after_the_others(
    seed: int, players: int
) -> None:
    """A spot that leaves the mover's queued debts shorter of money comes first only when every
    safe line is such a spot."""
    checked = 0
    for state, seat in turns(seed, players, 4):
        result = search(state, Budget(simulations=30))
        spends = []
        for line in result.lines:
            first = line.decisions[0]
            spends.append(
                isinstance(first, Spot)
                and shortfall(apply(state, first), seat) > shortfall(state, seat)
            )
        _spending_first_only_when_all_spend(state, seat, result.lines, spends)
        checked += 1
    assert checked


def _entry_spends(state: GameState, decisions: Sequence[Decision], seat: int) -> bool:
    """Whether a line's entry (a spot and the action after it, or an action) leaves ``seat``'s
    queued debts shorter of money by the spot, an investment or a resolve (not a contract)."""
    before = shortfall(state, seat)
    after = state
    for step in decisions[:2]:
        after = apply(after, step)
        if isinstance(step, Spot):
            if shortfall(after, seat) > before:
                return True
            continue
        return not isinstance(step, MakeContract) and shortfall(after, seat) > before
    return False


@pytest.mark.parametrize(("seed", "players"), [(0, 2), (2, 2), (0, 4)])
def test_the_search_ranks_an_entry_that_spends_a_debts_money_after_the_others(
    seed: int, players: int
) -> None:
    """An entry that leaves the mover's queued debts shorter of money (a spot, an investment,
    a resolve) comes first only when every safe line's entry does so too (in quick games
    where such entries are on offer; ``test_selfplay_bankruptcy`` has one the search liked)."""
    checked = 0
    for state, seat in turns(seed, players, 1):
        result = search(state, Budget(simulations=30))
        spends = [_entry_spends(state, line.decisions, seat) for line in result.lines]
        _spending_first_only_when_all_spend(state, seat, result.lines, spends)
        checked += any(spends)
    assert checked  # some turn had an entry that spends
