"""Standings and risks: hand-checked positions, and properties against the engine's own end.

The positions are built from a new game with the rules tests' helpers; every
number asserted was worked out by hand from the rules (the worked sums are in
the comments).
"""

from __future__ import annotations

import random
from pathlib import Path

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from forexcli.games.forex.rules import (
    CURRENCIES,
    ChooseStrongest,
    DividendStack,
    GameState,
    HouseRules,
    Loan,
    Pending,
    Phase,
    Resolve,
    Result,
    apply,
    apply_with_events,
    legal_decisions,
    new_game,
)
from forexcli.games.forex.standings import (
    BANKRUPTCY,
    DIVIDEND,
    MERGED,
    NEW_LOAN,
    PAID,
    exposures,
    projection,
    queue_risks,
)
from forexcli.games.forex.views.standings import (
    exposure_text,
    outcome_text,
    projection_data,
    projection_text,
    risks_text,
    standings_data,
    standings_lines,
    standings_text,
)
from forexcli.record import gamelog
from tests import bga
from tests.games.forex.test_random_play import choose, removed_certificates
from tests.games.forex.test_rules import (
    ALICE,
    BOB,
    contract,
    cx,
    game,
    h,
    loan,
    with_board,
    with_certs,
    with_money,
    with_queue,
)

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"

GBP, EUR, USD, CNY = cx("GBP"), cx("EUR"), cx("USD"), cx("CNY")
ZERO = {code: 0 for code in ("GBP", "EUR", "USD", "CHF", "JPY", "CAD", "CNY")}

# GBP beats all but EUR, EUR all but USD, USD all but GBP (all at 1:1): each wins 5 pairs.
ROCK_PAPER_SCISSORS = (("EUR", "GBP", "1"), ("USD", "EUR", "1"))


def broke(state: GameState, seat: int, **amounts: int | str) -> GameState:
    """``seat`` holds only ``amounts`` (bucks)."""
    return with_money(state, seat, **{**ZERO, **amounts})


# --------------------------------------------------------------------------- if it ended now


def test_projection_by_pairs_at_the_start() -> None:
    # GBP is stronger in all six pairs. 2 of each currency in GBP: GBP 2, EUR 2/1.5 -> 1,
    # USD 2/1 -> 2, CHF 2/1.5 -> 1, JPY 2/1.5 -> 1, CAD 2/2 -> 1, CNY 2/4 -> 0: 8 each.
    proj = projection(game())
    assert proj.candidates == (GBP,) and proj.decided_by == "pairs" and not proj.tied
    result = proj.results[0]
    assert result.converted[ALICE] == (2, 1, 2, 1, 1, 1, 0)
    assert result.totals == (8, 8)
    assert result.ranks == (1, 1)  # same money, no GBP certificates: a shared first place
    assert result.ending == "projection" and result.bankrupt is None


def test_projected_tie_between_currencies_gives_each_candidate() -> None:
    state = with_board(game(), *ROCK_PAPER_SCISSORS)
    state = with_certs(with_certs(state, ALICE, EUR=1), BOB, USD=1)
    state = broke(broke(state, ALICE, EUR=4), BOB, USD=4)
    proj = projection(state)
    # GBP, EUR and USD win 5 pairs each; EUR and USD have 1 certificate in hands, GBP none.
    assert proj.candidates == (EUR, USD) and proj.decided_by == "certificates" and proj.tied
    # At 1 EUR = 1 USD both hold 4 in either currency; the certificates of the chosen one
    # break the tie: EUR makes alice first, USD makes bob first.
    in_eur, in_usd = proj.result_for(EUR), proj.result_for(USD)
    assert in_eur.totals == in_usd.totals == (4, 4)
    assert in_eur.ranks == (1, 2) and in_usd.ranks == (2, 1)
    assert in_eur.decided_by == in_usd.decided_by == "choice"
    data = projection_data(state)
    assert data["strongest"] is None and data["decided_by"] == "tie"
    assert data["candidates"] == ["EUR", "USD"]
    assert [s["leaders"] for s in data["scores"]] == [["alice"], ["bob"]]
    text = projection_text(state)
    assert text.startswith("If the game ended now (a projection)")
    assert "a tie between EUR and USD (on pairs and on certificates in hands)" in text
    assert "total if EUR" in text and "rank if USD" in text
    line = standings_lines(state)[0]
    assert "EUR and USD tie for strongest" in line
    assert "with EUR: 1. alice 4 EUR, 2. bob 4 EUR; with USD: 1. bob 4 USD, 2. alice 4 USD" in line


def test_a_tie_on_pairs_broken_by_certificates() -> None:
    state = with_board(game(), *ROCK_PAPER_SCISSORS)
    state = with_certs(with_certs(state, ALICE, EUR=2), BOB, USD=1)
    proj = projection(state)
    assert proj.candidates == (EUR,) and proj.decided_by == "certificates" and not proj.tied
    assert "EUR (tied on pairs, most certificates in hands)" in projection_text(state)


@pytest.mark.parametrize(
    ("rounding", "totals", "ranks"), [("each", (0, 1), (2, 1)), ("total", (1, 1), (1, 1))]
)
def test_projection_follows_the_rounding_house_rule(
    rounding: str, totals: tuple[int, int], ranks: tuple[int, int]
) -> None:
    # In GBP: alice's 1 EUR is 2/3 (GBP/EUR 1.5) and her 1 CAD 1/2 (GBP/CAD 2): 0 + 0 each
    # rounded, floor(7/6) = 1 in total; bob's 1.5 GBP is 1 either way.
    state = msgspec.structs.replace(game(), house=HouseRules(rounding=rounding))
    state = broke(broke(state, ALICE, EUR=1, CAD=1), BOB, GBP="1.5")
    result = projection(state).results[0]
    assert result.converted == ((0,) * 7, (1,) + (0,) * 6)
    assert result.totals == totals and result.ranks == ranks
    assert projection_data(state)["rounding"] == rounding
    sentence = {
        "each": "Money is converted to GBP one currency at a time, each rounded down.",
        "total": "Money is converted to GBP exactly and only the total is rounded down",
    }[rounding]
    assert sentence in projection_text(state)


# --------------------------------------------------------------------------- the queue


def test_a_loan_that_would_bankrupt() -> None:
    state = with_queue(game(), loan("A", ALICE, GBP=5, USD=1), DividendStack(5))
    first, dividends = queue_risks(state)
    # alice holds 2 GBP of the 5 owed (short 3) and 2 USD of the 1 owed.
    assert first.outcome == BANKRUPTCY and not first.can_pay
    assert first.short == ((GBP, h(3)),)
    assert first.ending is not None and first.ending.winners() == (BOB,)
    assert first.ending.ranks == (2, 1)  # both hold 8 GBP of money; the bankrupt ranks last
    assert outcome_text(state, first) == "alice is bankrupt: the game ends, won by bob (GBP)"
    assert dividends.outcome == DIVIDEND and dividends.can_pay
    assert outcome_text(state, dividends) == "dividend 1 of 5 pays 0 per certificate"


def test_a_contract_its_owner_cannot_pay_becomes_a_loan_of_the_amount_plus_one() -> None:
    state = with_queue(
        game(),
        DividendStack(5),
        contract("A", BOB, ("CNY", "3.5"), ("GBP", 1)),
        contract("C", ALICE, ("GBP", 1), ("CAD", 2)),
    )
    _, unpaid, paid = queue_risks(state)
    # bob holds 2 CNY of 3.5: short 1.5; the loan owes 3.5 + 1 = 4.5 CNY, behind the rest.
    assert unpaid.outcome == NEW_LOAN and unpaid.short == ((CNY, h("1.5")),)
    assert unpaid.loan == Loan("A", BOB, (0, 0, 0, 0, 0, 0, h("4.5")))
    assert unpaid.loan_position == 3
    assert outcome_text(state, unpaid) == "becomes loan A of 4.5 CNY (then #3, at the back)"
    assert paid.outcome == PAID and paid.can_pay and paid.short == ()
    data = standings_data(state)["queue"][1]
    assert data["short"] == {"CNY": 1.5} and data["can_pay"] is False
    assert data["loan"] == {"letter": "A", "owes": ["4.5 CNY"], "position": 3}
    assert standings_lines(state)[1] == (
        "Queue risks, if resolved now: contract A (bob) short 1.5 CNY:"
        " becomes loan A of 4.5 CNY (then #3, at the back)."
    )
    table = risks_text(state)
    assert "contract A  bob      no             1.5 CNY" in table


def test_a_contract_that_would_merge_into_an_older_loan() -> None:
    state = with_queue(
        game(),
        DividendStack(5),
        contract("B", ALICE, ("USD", 5), ("JPY", "7.5")),
        loan("A", ALICE, EUR=3),
    )
    _, merged, old_loan = queue_risks(state)
    # alice holds 2 USD of 5 (short 3); loan A then owes 3 EUR and 5 + 1 = 6 USD, in place.
    assert merged.outcome == MERGED and merged.short == ((USD, h(3)),)
    assert merged.loan == Loan("A", ALICE, (0, h(3), h(6), 0, 0, 0, 0))
    assert merged.loan_position == 2 and not merged.moved_back
    assert outcome_text(state, merged) == (
        "merges into alice's loan A, which then owes 3 EUR, 6 USD and keeps its place;"
        " letter B is freed"
    )
    # The loan itself: 2 EUR held of 3 owed.
    assert old_loan.outcome == BANKRUPTCY and old_loan.short == ((EUR, h(1)),)
    # Exposure: 5 USD and 3 EUR owed against 2 of each held.
    alice, bob = exposures(state)
    assert alice.owes == (0, h(3), h(5), 0, 0, 0, 0)
    assert alice.short == (0, h(1), h(3), 0, 0, 0, 0)
    assert not bob.owes_anything
    text = exposure_text(state)
    assert "alice     USD                       5 USD    2 USD    3 USD" in text
    assert "bob" not in text


def test_a_merged_loan_goes_to_the_back_under_the_house_rule() -> None:
    state = with_queue(
        msgspec.structs.replace(game(), house=HouseRules(merged_loan="back")),
        contract("B", ALICE, ("USD", 5), ("JPY", "7.5")),
        loan("A", ALICE, EUR=3),
        DividendStack(5),
    )
    merged = queue_risks(state)[0]
    assert merged.outcome == MERGED and merged.moved_back and merged.loan_position == 2
    assert "which then owes 3 EUR, 6 USD and goes to the back" in outcome_text(state, merged)


def test_nothing_owed_and_the_empty_sections() -> None:
    state = game()
    assert "Nobody owes anything in the queue." in exposure_text(state)
    assert standings_lines(state) == [standings_lines(state)[0]]  # only dividends queued
    assert all(not e.owes_anything for e in exposures(state))


def test_after_the_end_no_item_is_resolved() -> None:
    state = with_queue(game(), loan("A", ALICE, GBP=5), DividendStack(5))
    over = apply(state, Resolve("alice"))
    assert over.is_over and over.queue  # the bankrupt loan stays in the queue
    assert queue_risks(over) == ()
    assert standings_text(over) == "" and standings_lines(over) == []
    assert standings_data(over)["queue"] == [] and standings_data(over)["exposure"] == []
    assert over.result is not None
    assert projection(over).result_for(over.result.strongest) == over.result


# --------------------------------------------------------------------------- properties


def forced_ends(state: GameState, bankrupt: int) -> list[Result]:
    """End the game now through the engine: ``bankrupt`` fails a loan nobody could pay.

    The money is untouched (the loan pays nothing), so the scoring is that of
    the position; a strongest-currency tie is chosen every way.
    """
    loan_now = Loan("A", bankrupt, (10**9, 0, 0, 0, 0, 0, 0))
    mover = state.turn_player
    trial = msgspec.structs.replace(
        state,
        queue=(loan_now, *state.queue),
        pending=Pending(Phase.TURN, mover),
        spot_done=False,
    )
    ended = apply(trial, Resolve(state.players[mover]))
    if ended.pending.phase is Phase.STRONGEST_TIE:
        chooser = state.players[mover]
        ends = [
            apply(ended, ChooseStrongest(chooser, CURRENCIES[c])) for c in ended.pending.candidates
        ]
    else:
        ends = [ended]
    results = [end.result for end in ends]
    assert all(result is not None for result in results)
    return [result for result in results if result is not None]


def check_position(state: GameState, rng: random.Random) -> None:
    """The projection equals forcing the end; the front item's what-if equals resolving it."""
    proj = projection(state)
    if state.is_over:
        assert state.result is not None
        assert proj.result_for(state.result.strongest) == state.result
        return
    if state.pending.phase is Phase.STRONGEST_TIE:
        assert proj.candidates == state.pending.candidates
    if state.ending is None:
        bankrupt = rng.randrange(len(state.players))
        forced = forced_ends(state, bankrupt)
        as_bankrupt = projection(msgspec.structs.replace(state, bankrupt=bankrupt))
        assert [r.strongest for r in forced] == list(proj.candidates)
        for result in forced:
            expected = as_bankrupt.result_for(result.strongest)
            assert msgspec.structs.replace(result, ending="projection", decided_by="x") == (
                msgspec.structs.replace(expected, decided_by="x")
            )
            assert result.decided_by == ("choice" if proj.tied else proj.decided_by)
            mine = proj.result_for(result.strongest)
            assert (mine.converted, mine.totals) == (result.converted, result.totals)
    risks = queue_risks(state)
    assert len(risks) == (len(state.queue) if state.ending is None else 0)
    for risk in risks:
        assert risk.can_pay == (risk.outcome in (PAID, DIVIDEND))
    front = risks[0] if risks else None
    if front is not None and state.pending.phase is Phase.TURN and front.outcome != DIVIDEND:
        mover = state.players[state.pending.player or 0]
        after, events = apply_with_events(state, Resolve(mover))
        assert events == front.events
        if front.loan is not None:
            assert front.loan in after.queue


def play_checked(players: int, removed: tuple[int, ...], seed: int, prudent: bool) -> GameState:
    rng = random.Random(seed)
    names = [f"p{i}" for i in range(players)]
    state = new_game(names, removed, names[seed % players])
    for _ in range(3000):
        check_position(state, rng)
        if state.is_over:
            return state
        state = apply(state, choose(state, legal_decisions(state), rng, prudent))
    pytest.fail("the game did not end")


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@settings(
    max_examples=15, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow]
)
@given(removed=removed_certificates(), seed=st.integers(0, 2**32 - 1), prudent=st.booleans())
def test_random_games_projection_agrees_with_forcing_the_end(
    players: int, removed: tuple[int, ...], seed: int, prudent: bool
) -> None:
    """In every position of random games the projection is the result of forcing the end, and
    the front item's what-if is resolving it (``check_position``); the games end."""
    final = play_checked(players, removed, seed, prudent)
    assert final.is_over


@pytest.mark.parametrize("name", sorted(p.name for p in EXAMPLES.glob("*.yaml")))
def test_example_games_every_position(name: str) -> None:
    replay = gamelog.replay(gamelog.load(EXAMPLES / name))
    rng = random.Random(name)
    for state in [replay.initial, *replay.states]:
        check_position(state, rng)
    if replay.final.is_over:
        result = replay.final.result
        assert result is not None
        assert projection(replay.final).result_for(result.strongest) == result


@pytest.mark.slow
@pytest.mark.parametrize("path", bga.all_games(), ids=lambda p: p.name.split(".")[0])
def test_bga_games_projection_at_the_end_is_the_result(path: Path) -> None:
    game_ = bga.load(path)
    state = new_game(game_.players, game_.removed, game_.first_player)
    rng = random.Random(path.name)
    for _, decision in game_.steps():
        if decision is not None:
            state = apply(state, decision)
            check_position(state, rng)
    assert state.is_over and state.result is not None
    assert projection(state).result_for(state.result.strongest) == state.result


# --------------------------------------------------------------------------- the commands


def test_the_standings_module_is_pure() -> None:
    from tests.cli.test_commands import _imported_after

    assert _imported_after("import forexcli.games.forex.standings") == []


def test_show_has_the_sections_while_the_game_goes_on() -> None:
    from tests.cli.test_commands import run

    four = str(EXAMPLES / "four-players-bankruptcy.yaml")
    # Wide enough that no cell of the queue-risk table is wrapped.
    text = run(["show", four, "--at", "44"], COLUMNS="200").stdout
    for heading in (
        "If the game ended now (a projection)",
        "Queue risks: each item if it were resolved now",
        "Exposure: owed in the queue against money held",
    ):
        assert heading in text
    assert "merges into esme's loan A" in text and "esme is bankrupt: the game ends" in text
    markdown = run(["show", four, "--at", "44", "--format", "markdown"]).stdout
    assert "### If the game ended now (a projection)" in markdown
    assert "| contract D | carla" in markdown
    end = run(["show", four]).stdout
    assert "### Result" not in end and "Result" in end
    assert "If the game ended now" not in end and "Queue risks" not in end
    message = run(["message", four]).stdout
    assert "If the game ended now" not in message  # the game is over: the result is given


@pytest.mark.slow
def test_message_has_the_standings_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.cli.test_commands import run, truncated

    truncated(EXAMPLES / "four-players-bankruptcy.yaml", 44, tmp_path / "game.yaml")
    monkeypatch.chdir(tmp_path)
    for fmt in ("text", "markdown", "bbcode"):
        body = run(["message", "game.yaml", "--format", fmt]).stdout
        assert "If the game ended now (a projection, money as held): JPY strongest;" in body
        assert "Queue risks, if resolved now: contract D (carla) short 2 JPY" in body


def test_a_game_that_ended_on_a_strongest_tie_shows_each_choice() -> None:
    from tests.cli.test_commands import run

    six = str(EXAMPLES / "six-players.yaml")
    text = run(["show", six, "--at", "-1"], COLUMNS="200").stdout
    assert "The result for each choice (a projection)" in text
    assert "a tie between GBP, EUR and USD" in text
    assert "If the game ended now" not in text and "Queue risks" not in text
    replay = gamelog.replay(gamelog.load(six))
    state = replay.states[-2]
    assert state.pending.phase is Phase.STRONGEST_TIE
    assert state.bankrupt is not None
    assert f"{state.players[state.bankrupt]} (bankrupt)" in text
    (line,) = standings_lines(state)
    assert line.startswith("The game has ended, the strongest currency still to be chosen:")
    final = replay.final
    assert final.result is not None
    # The choice made is one of the projected candidates, and its projection is the result.
    assert projection(state).result_for(final.result.strongest) == final.result


def test_show_json_standings_follow_the_schema() -> None:
    import json

    import jsonschema

    from tests.cli.test_commands import run

    schema = json.loads((EXAMPLES.parent / "schemas" / "forex-show.schema.json").read_text())
    validator = jsonschema.Draft202012Validator(schema)
    four = str(EXAMPLES / "four-players-bankruptcy.yaml")
    outcomes: set[str] = set()
    for at in (0, 3, 13, 44, 45):
        data = json.loads(run(["show", four, "--at", str(at), "--format", "json"]).stdout)
        assert not [e.message for e in validator.iter_errors(data)], at
        standings = data["standings"]
        outcomes.update(item["outcome"] for item in standings["queue"])
        if at == 3:
            assert standings["projection"]["decided_by"] == "tie"
        if at == 44:
            merged = [item for item in standings["queue"] if item["outcome"] == "merged"]
            assert merged[0]["loan"]["letter"] == "A" and merged[0]["short"] == {"USD": 7}
            esme = next(e for e in standings["exposure"] if e["name"] == "esme")
            assert esme["short"]["CNY"] == 15 and esme["owes"]["CAD"] == 10.5
    assert {"paid", "loan", "merged", "bankruptcy", "dividend"} <= outcomes
    data["standings"]["queue"] = [dict(data["standings"]["queue"][0], outcome="lost")]
    assert list(validator.iter_errors(data))
