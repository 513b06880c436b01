"""The ladder of opponents (forexcli/games/forex/search/ladder.py) and their seats in selfplay."""

from __future__ import annotations

from pathlib import Path

import pytest

from forexcli.games.forex.rules import (
    Contract,
    DividendStack,
    GameState,
    Invest,
    Loan,
    apply,
    draw_removed,
    legal_decisions,
    new_game,
)
from forexcli.games.forex.search.consent import shortfall
from forexcli.games.forex.search.ladder import (
    BANKRUPT,
    CAUTIOUS,
    INVESTOR,
    LADDER,
    commitments,
    covered,
    forecast,
    investor_player,
    ladder_player,
    outlook,
    takeable,
)
from forexcli.games.forex.search.mcts import Budget
from forexcli.games.forex.search.players import Entry, Player
from tests.cli.test_commands import replayed, run

TINY = Budget(simulations=4)


def _start(players: int = 2, seed: str = "ladder-test") -> GameState:
    return new_game([f"p{i}" for i in range(players)], draw_removed(seed))


def _play(players: list[Player], start: GameState, limit: int) -> list[Entry]:
    """Up to ``limit`` entries, each decision checked against ``legal_decisions`` first."""
    state = start
    entries: list[Entry] = []
    while not state.is_over and len(entries) < limit:
        seat = state.pending.player
        assert seat is not None
        entry = players[seat](state)
        assert 1 <= len(entry) <= 2
        for step in entry:
            assert step in legal_decisions(state), f"{step} is not legal"
            state = apply(state, step)
        entries.append(entry)
    return entries


@pytest.mark.parametrize("name", LADDER)
def test_ladder_players_decide_legally_and_deterministically(name: str) -> None:
    start = _start()
    limit = 12 if name.startswith("engine") else 40
    first = _play([ladder_player(name, TINY, 7), ladder_player("random", TINY, 8)], start, limit)
    again = _play([ladder_player(name, TINY, 7), ladder_player("random", TINY, 8)], start, limit)
    assert first == again
    assert len(first) == limit or len(first) > 5


def test_styled_players_finish_a_four_player_game_legally() -> None:
    names = ["investor", "trader", "cautious", "greedy"]
    entries = _play([ladder_player(n, TINY, i) for i, n in enumerate(names)], _start(4), 2000)
    assert entries


def test_unknown_ladder_player() -> None:
    with pytest.raises(ValueError, match="not a ladder player"):
        ladder_player("grandmaster", TINY)
    with pytest.raises(ValueError, match="not a ladder player"):
        ladder_player("engine/0", TINY)


def test_investor_opens_by_investing() -> None:
    start = _start()
    entry = investor_player(0)(start)
    assert isinstance(entry[-1], Invest)


def _with(state: GameState, **changes: object) -> GameState:
    from msgspec import structs

    return structs.replace(state, **changes)


def _pending(state: GameState, seat: int) -> GameState:
    from msgspec import structs

    return _with(state, pending=structs.replace(state.pending, player=seat), turn_player=seat)


def test_cautious_player_keeps_its_debts_covered() -> None:
    state = _start()
    player = ladder_player("cautious", TINY, 3)
    other = ladder_player("greedy", TINY, 4)
    for _ in range(60):
        if state.is_over:
            break
        seat = state.pending.player
        assert seat is not None
        before = covered(state, 0)
        for step in (player if seat == 0 else other)(state):
            state = apply(state, step)
        if seat == 0 and before:
            assert covered(state, 0), (state.money[0], commitments(state, 0))


def test_a_loan_a_rival_can_spot_short_is_a_bankruptcy_in_the_forecast() -> None:
    start = _start()
    # p0 owes 3 bucks of USD at the front and holds exactly 3; p1 decides next and can take
    # 1 buck of USD (stronger than CNY at 3.5) with a spot, then resolve the loan.
    loan = Loan("A", 0, (0, 0, 6, 0, 0, 0, 0))
    money = ((4, 4, 6, 4, 4, 4, 4), (4, 4, 4, 4, 4, 4, 20))
    state = _pending(_with(start, queue=(loan, DividendStack(5)), money=money), 1)
    assert takeable(state, 0, 2) == 2
    assert forecast(state, 0, INVESTOR, outlook(state, 0)) == BANKRUPT
    # With a buck to spare the loan is safe, and on p0's own turn it is safe as it was.
    richer = _with(state, money=((4, 4, 8, 4, 4, 4, 4), money[1]))
    assert forecast(richer, 0, INVESTOR, outlook(richer, 0)) > 0
    own_turn = _pending(state, 0)
    assert forecast(own_turn, 0, CAUTIOUS, outlook(own_turn, 0)) > 0


def test_shortfall_pays_the_queue_in_order() -> None:
    start = _start()
    # p0: a contract paying 4 halves of GBP for 6 of EUR, then a loan of 10 halves of EUR.
    queue = (
        Contract("A", 0, 0, 4, 1, 6),
        DividendStack(5),
        Loan("B", 0, (0, 10, 0, 0, 0, 0, 0)),
    )
    state = _with(start, queue=queue)
    # GBP 4 pays the contract, EUR 4 + 6 pays the loan: nothing short.
    assert shortfall(state, 0) == 0
    poorer = _with(state, money=((2, 4, 4, 4, 4, 4, 4), state.money[1]))
    # GBP 2 of 4 short; EUR 10 still pays the loan.
    assert shortfall(poorer, 0) == 2
    assert commitments(state, 0) == [4, 10, 0, 0, 0, 0, 0]
    assert not covered(state, 0)


# --------------------------------------------------------------------------- selfplay --seat


def test_selfplay_seats_the_ladder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = run(
        ["selfplay", "out", "--games", "1", "--seat", "investor", "--seat", "engine/4",
         "--simulations", "8", "--processes", "1"]
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    played = replayed(tmp_path / "out" / "game-001.yaml")
    assert played.final.is_over
    assert played.log.players == ("investor1", "engine2")
    assert "engine2 = engine (2 simulations)" in (played.log.title or "")


@pytest.mark.parametrize(
    ("seat", "message"),
    [
        ("investor:5", "only an engine seat takes a budget"),
        ("cautious/2", "only an engine seat takes a budget"),
        ("engine/0", "engine/K with K a whole number"),
        ("engine/x", "engine/K with K a whole number"),
        ("banker", "a seat is one of"),
    ],
)
def test_selfplay_bad_ladder_seats(tmp_path: Path, seat: str, message: str) -> None:
    result = run(["selfplay", str(tmp_path / "out"), "--seat", seat, "--seat", "greedy"])
    assert result.exit_code == 2
    assert message in result.output
    assert not (tmp_path / "out").exists()


def test_parse_seat_fractions() -> None:
    from forexcli.games.base import Budget as SearchBudget
    from forexcli.games.forex.advisor import ADVISOR
    from forexcli.search.advisor import parse_seat

    default = SearchBudget(simulations=200)
    kinds = ADVISOR.seat_kinds
    assert parse_seat("engine/10", default, kinds).plan == SearchBudget(simulations=20)
    assert parse_seat("engine:2000/4", default, kinds).plan == SearchBudget(simulations=500)
    assert parse_seat("engine:1s/4", default, kinds).plan == SearchBudget(seconds=0.25)
    assert parse_seat("oneply", default, kinds).plan is None


def test_a_rival_who_can_end_the_game_is_assumed_to_when_it_hurts() -> None:
    from forexcli.games.forex.rules import Resolve
    from forexcli.games.forex.search.ladder import value

    start = _start()
    # The last dividend at the front, p1 on turn and richer: resolving it ends the game now.
    money = ((3, 3, 3, 3, 3, 3, 3), (9, 9, 9, 9, 9, 9, 9))
    certs = ((0,) * 7, (2, 0, 0, 0, 0, 0, 0))  # GBP leads: no tie to choose after the dividend
    state = _with(start, money=money, certs=certs, queue=(DividendStack(1),), dividends_left=1)
    state = _pending(state, 1)
    ended = apply(state, Resolve("p1"))
    assert ended.is_over
    assert value(state, 0, INVESTOR) == value(ended, 0, INVESTOR)
    # On p0's own turn the game goes on: the forecast (no rounding down yet) is kept.
    own = _pending(state, 0)
    assert value(own, 0, INVESTOR) > value(ended, 0, INVESTOR)
