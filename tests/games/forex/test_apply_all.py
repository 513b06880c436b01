"""``apply_all`` and the shortcuts of the rules core, checked against what they stand for.

``apply_all`` replays a whole game on one working copy (``_Working``); the rules read
positions, currencies and conversions through tables and written-out steps instead of the
general functions. Each is checked here against the general way, for every input or over
random games: the same states, the same events, the same errors (type, code, reason).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from msgspec import structs

from forexcli.games.forex.rules import (
    CURRENCIES,
    PAIRS,
    Board,
    Decision,
    Divest,
    DivestResponse,
    ForexError,
    GameState,
    HouseRules,
    Invest,
    MakeContract,
    PairPosition,
    Phase,
    Resolve,
    Spot,
    apply,
    apply_all,
    apply_with_events,
    contract_terms,
    final_scores,
    legal_decisions,
    new_game,
)
from forexcli.games.forex.rules.board import LAST_SPACE, NUM_CURRENCIES, move_pairs
from forexcli.games.forex.rules.rules import _floor_terms, _Scratch, _spot_terms, _Working

HOUSES = (
    HouseRules(),
    HouseRules(rounding="total"),
    HouseRules(merged_loan="back"),
    HouseRules(rounding="total", merged_loan="back"),
)


def outcome(run: Callable[[], Any]) -> object:
    """What ``run()`` gives: its value, or the type, code and reason of its error."""
    try:
        return run()
    except ForexError as error:
        return (type(error), error.code, error.reason)


def random_game(rng: random.Random, house: HouseRules) -> tuple[GameState, list[Decision]]:
    """A random legal game (to its end), as its start and its decisions."""
    n = rng.randint(2, 6)
    names = [f"p{i}" for i in range(n)]
    removed = [0] * NUM_CURRENCIES
    for _ in range(6):
        removed[rng.randrange(NUM_CURRENCIES)] += 1
    start = new_game(names, removed, rng.choice(names), house)
    state, decisions = start, list[Decision]()
    while not state.is_over and len(decisions) < 400:
        legal = legal_decisions(state)
        kinds: dict[type, list[Decision]] = {}
        for decision in legal:
            kinds.setdefault(type(decision), []).append(decision)
        kind = rng.choice(sorted(kinds, key=lambda k: k.__name__))
        decision = rng.choice(kinds[kind])
        decisions.append(decision)
        state = apply(state, decision)
    return start, decisions


def odd_decisions(state: GameState, rng: random.Random) -> list[Decision]:
    """Decisions that are often illegal here: wrong amounts, players, kinds and codes."""
    seat = state.pending.player if state.pending.player is not None else 0
    me, other = state.players[seat], state.players[(seat + 1) % len(state.players)]
    code = rng.choice(CURRENCIES)
    odd: list[Any] = [
        Spot(me, other, code, rng.randint(0, 20), rng.choice(CURRENCIES), rng.randint(0, 20)),
        Spot(me, me, "USD", 2, "EUR", 2),
        Spot(me, "nobody", "USD", 2, "EUR", 2),
        MakeContract(me, code, rng.randint(0, 24), rng.choice(CURRENCIES), rng.randint(0, 24)),
        MakeContract(me, "XAU", 2, "USD", 2),
        Invest(me, (code,)),
        Invest(me, (code, code)),
        Invest(me, (code, rng.choice(CURRENCIES))),
        Invest(me, ()),
        Invest(me, ("USD", "EUR", "GBP")),
        Invest(me, (["USD"],)),  # type: ignore[arg-type]  # not a string, not even a key
        Invest(me, (_Code("USD"),)),  # a str subclass equal to a code
        Divest(me, code, rng.randint(-1, 5)),
        Divest(me, 2, 1),  # type: ignore[arg-type]  # an int: not a code
        DivestResponse(me, code, rng.randint(-1, 5)),
        Resolve(me),
        Resolve(other),
        Resolve("nobody"),
    ]
    return odd


class _Code(str):
    """A string subclass (a caller's own type of code)."""


def one_by_one(state: GameState, decisions: Sequence[Decision]) -> GameState:
    for decision in decisions:
        state = apply(state, decision)
    return state


@pytest.mark.slow
@settings(max_examples=40, deadline=None, database=None)
@given(seed=st.integers(0, 2**32 - 1), house=st.sampled_from(HOUSES))
def test_apply_all_is_apply_one_by_one_errors_too(seed: int, house: HouseRules) -> None:
    """Over a random game: the final state, and at random cuts a legal or odd decision next."""
    rng = random.Random(seed)
    start, decisions = random_game(rng, house)
    states = [start]
    for decision in decisions:
        states.append(apply(states[-1], decision))
    assert apply_all(start, decisions) == states[-1]
    for cut in sorted(rng.sample(range(len(decisions) + 1), min(8, len(decisions) + 1))):
        state = states[cut]
        assert apply_all(start, decisions[:cut]) == state
        tried = odd_decisions(state, rng)
        legal = legal_decisions(state)
        tried.extend(rng.sample(legal, min(4, len(legal))))
        for decision in tried:
            expected = outcome(lambda: apply(state, decision))  # noqa: B023
            assert outcome(lambda: apply_all(start, [*decisions[:cut], decision])) == expected  # noqa: B023
            assert outcome(lambda: apply_all(state, [decision])) == expected  # noqa: B023
            with_events = outcome(lambda: apply_with_events(state, decision)[0])  # noqa: B023
            assert with_events == expected


def test_apply_all_reaches_every_kind_of_decision_and_ending() -> None:
    """The random games of the property test exercise what the shortcuts stand in for."""
    kinds: set[str] = set()
    endings: set[str] = set()
    for seed in range(30):
        start, decisions = random_game(random.Random(seed), HOUSES[seed % len(HOUSES)])
        kinds.update(type(decision).__name__ for decision in decisions)
        final = apply_all(start, decisions)
        assert final == one_by_one(start, decisions)
        if final.ending:
            endings.add(final.ending)
    assert kinds == {
        "Spot",
        "MakeContract",
        "Invest",
        "Divest",
        "DivestResponse",
        "Resolve",
        "ChooseStrengthen",
    } | ({"ChooseStrongest"} & kinds)
    assert {"bankruptcy", "last_dividend"} <= endings


def every_position() -> list[PairPosition]:
    return [PairPosition(stronger, space) for stronger in range(7) for space in range(10)]


def test_scratch_moves_every_position_as_move_pairs() -> None:
    """``_Scratch.strengthen``/``weaken`` (written out) move every position as ``move_pairs``."""
    start = new_game(("a", "b"), (1, 1, 1, 1, 1, 1, 0))
    for index, (a, b) in enumerate(PAIRS):
        for pos in every_position():
            pairs = list(start.board.pairs)
            pairs[index] = pos
            state = structs.replace(start, board=Board(tuple(pairs)))
            for currency in (a, b):
                for times in (1, 2, 3):
                    up, down = list(pairs), list(pairs)
                    move_pairs(up, currency, True)
                    for _ in range(times):
                        move_pairs(down, currency, False)
                    work = _Scratch(state, False)
                    work.strengthen(currency)
                    assert work.board.pairs == tuple(up)
                    work = _Working(state)
                    work.weaken(currency, times)
                    assert work.board.pairs == tuple(down)


@settings(max_examples=100, deadline=None, database=None)
@given(
    positions=st.lists(
        st.builds(PairPosition, st.integers(0, 6), st.integers(0, LAST_SPACE)),
        min_size=21,
        max_size=21,
    ),
    halves=st.integers(0, 400),
)
def test_floor_terms_are_convert_floor(positions: list[PairPosition], halves: int) -> None:
    """``final_scores`` converts with a factor and divisor per currency: ``convert_floor``."""
    board = Board(tuple(positions))
    for source in range(NUM_CURRENCIES):
        for target in range(NUM_CURRENCIES):
            times, over = _floor_terms(board, source, target)
            assert halves * times // over == board.convert_floor(halves, source, target)


@settings(max_examples=100, deadline=None, database=None)
@given(
    money=st.lists(st.lists(st.integers(0, 60), min_size=7, max_size=7), min_size=2, max_size=6),
    data=st.data(),
)
def test_final_ranks_count_the_better_keys(money: list[list[int]], data: st.DataObject) -> None:
    """Ranks (found by bisection) are 1 + the seats with a better (total, certificates)."""
    n = len(money)
    certs = data.draw(
        st.lists(st.lists(st.integers(0, 4), min_size=7, max_size=7), min_size=n, max_size=n)
    )
    strongest = data.draw(st.integers(0, 6))
    bankrupt = data.draw(st.one_of(st.none(), st.integers(0, n - 1)))
    board = Board.starting()
    converted, totals, ranks = final_scores(board, money, certs, strongest, HouseRules(), bankrupt)
    assert converted == tuple(
        tuple(board.convert_floor(row[c], c, strongest) for c in range(7)) for row in money
    )
    assert totals == tuple(sum(row) for row in converted)
    keys = [(seat == bankrupt, -totals[seat], -certs[seat][strongest]) for seat in range(n)]
    assert ranks == tuple(1 + sum(1 for other in keys if other < key) for key in keys)


def test_spots_and_contracts_take_the_terms_of_the_general_functions() -> None:
    """At every position of every pair, ``apply`` takes the spot of ``_spot_terms`` and the
    contracts of ``contract_terms`` (the handlers read the position themselves), and no
    amounts next to them."""
    start = new_game(("a", "b"), (1, 1, 1, 1, 1, 1, 0))
    rich = tuple((60,) * 7 for _ in range(2))
    for index, (a, b) in enumerate(PAIRS):
        for pos in (PairPosition(s, space) for s in (a, b) for space in range(LAST_SPACE + 1)):
            pairs = list(start.board.pairs)
            pairs[index] = pos
            state = structs.replace(start, board=Board(tuple(pairs)), money=rich)
            for one, two in ((a, b), (b, a)):
                give, get = _spot_terms(state, one, two)
                for g, t, legal in (
                    (give, get, True),
                    (give + 1, get, False),
                    (give, get - 1, False),
                ):
                    spot = Spot("a", "b", CURRENCIES[one], g, CURRENCIES[two], t)
                    assert taken(state, spot) == legal, spot
                for strong in range(1, 11):
                    pay, receive = contract_terms(state.board, one, two, strong)
                    for p, r, legal in (
                        (pay, receive, True),
                        (pay + 1, receive, False),
                        (pay, receive + 1, False),
                    ):
                        contract = MakeContract("a", CURRENCIES[one], p, CURRENCIES[two], r)
                        assert taken(state, contract) == legal, contract


def taken(state: GameState, decision: Decision) -> bool:
    """Whether ``apply`` takes ``decision`` in ``state``."""
    return isinstance(outcome(lambda: apply(state, decision)), GameState)


def test_new_game_with_the_default_house_rules_given_or_not() -> None:
    """The default house rules are not checked again; an equal copy still is, and passes."""
    names, removed = ("ann", "bob", "cy"), (1, 1, 1, 1, 1, 1, 0)
    assert new_game(names, removed) == new_game(names, removed, None, HouseRules())
    state = new_game(names, removed, "bob")
    assert state.pending.phase is Phase.TURN and state.pending.player == 1
    assert state.money == ((4,) * 7,) * 3 and state.certs == ((0,) * 7,) * 3
