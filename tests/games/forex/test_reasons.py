"""Why the search ranks a line out of the order of its visits: ``Line.rule`` and ``reason``,
carried to ``forex hint``'s rows, its footer and its JSON (issue 43, finding 4)."""

from __future__ import annotations

import itertools

import pytest
from msgspec.structs import replace

from forexcli.games.base import Budget as AdvisorBudget
from forexcli.games.forex.advisor import ADVISOR
from forexcli.games.forex.moves import grouped_moves
from forexcli.games.forex.rules import GameState, Invest, Resolve
from forexcli.games.forex.search import mcts
from forexcli.games.forex.search.consent import shortfall
from forexcli.games.forex.search.mcts import Budget, search
from forexcli.games.forex.search.reasons import OFFER, SPENDS, UNSAFE, short_debts
from forexcli.reporters.advice import RANKED_NOTE, VISITS_NOTE, hint_data, hint_text
from forexcli.search.advisor import hint
from tests.games.forex.test_safety import DUE_NEXT, FAR_END, FAR_END_4, played


def test_short_debts_add_up_to_the_shortfall() -> None:
    """One ``ShortDebt`` per debt and currency short; their halves are ``shortfall``'s sum."""
    seen = 0
    for seed, players in ((0, 2), (3, 4), (5, 3)):
        for state in played(seed, players)[::3]:
            for seat in range(len(state.players)):
                debts = short_debts(state, seat)
                assert sum(debt.halves for debt in debts) == shortfall(state, seat)
                seen += bool(debts)
    assert seen
    first, second = FAR_END.money
    spent = replace(FAR_END, money=((0, *first[1:]), second))  # p0's GBP gone
    (debt,) = short_debts(spent, 0)
    assert debt.text() == "loan B 2 GBP short"


def test_a_line_that_spends_a_debts_money_says_so_though_more_visited() -> None:
    """FAR_END: investing the GBP loan B needs is visited more than resolving, yet ranked after
    it, with the debt it leaves short; the safe lines carry no reason."""
    result = search(FAR_END, Budget(simulations=100))
    by_first = {line.decisions[0]: line for line in result.lines}
    invested, resolved = by_first[Invest("p0", ("GBP",))], by_first[Resolve("p0")]
    assert invested.visits > resolved.visits
    assert result.lines.index(invested) > result.lines.index(resolved)
    assert invested.rule == SPENDS
    assert invested.reason == "ranked last: leaves your loan B 1.5 GBP short"
    assert resolved.rule is None and resolved.reason is None


@pytest.mark.parametrize("state", [DUE_NEXT, FAR_END_4], ids=["due-next", "far-end-4"])
def test_a_line_that_lets_the_others_bankrupt_the_mover_says_so(state: GameState) -> None:
    result = search(state, Budget(simulations=100))
    unsafe = [line for line in result.lines if line.rule == UNSAFE]
    assert unsafe
    for line in unsafe:
        assert line.reason is not None and line.reason.startswith("ranked last: ")
        assert "the others could bankrupt you before your next turn" in line.reason


def test_every_line_ranked_out_of_the_order_of_visits_says_why() -> None:
    """Whenever a line is ranked below one the search visited less, it (or the one above, an
    offer put first) carries a rule and a reason; a line has both or neither."""
    checked = 0
    states = [FAR_END, DUE_NEXT, FAR_END_4]
    for seed, players in ((0, 2), (1, 3), (2, 4)):
        states.extend(played(seed, players)[::10])
    for state in states:
        lines = search(state, Budget(simulations=60)).lines
        for above, below in itertools.pairwise(lines):
            if below.visits > above.visits and above.rule != OFFER:
                assert below.rule in (UNSAFE, SPENDS) and below.reason, below.decisions
                checked += 1
        for line in lines:
            assert (line.rule is None) == (line.reason is None)
    assert checked


def test_without_the_safety_rule_no_line_has_a_reason(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(mcts, "SAFE_FIRST", False)
    lines = search(FAR_END, Budget(simulations=100)).lines
    assert all(line.rule in (None, OFFER) for line in lines)
    visits = [line.visits for line in lines if line.rule is None]
    assert visits == sorted(visits, reverse=True)


def test_hint_shows_the_reason_in_the_row_the_footer_and_the_json() -> None:
    found = hint(ADVISOR, FAR_END, AdvisorBudget(simulations=100), top=4)
    moved = [s for s in found.suggestions if s.reason]
    assert moved and all(s.rule == SPENDS for s in moved)
    text = hint_text(found, "now", value_note=ADVISOR.value_note)
    for suggestion in moved:
        row = next(line for line in text.splitlines() if f"  {suggestion.text}  " in line)
        assert f"[{suggestion.reason}]" in row
    assert VISITS_NOTE + RANKED_NOTE + "." in text
    data = hint_data(found, "far.yaml", 0, ADVISOR.value_meaning)
    reasons = {s["decision"]: (s["rule"], s["reason"]) for s in data["suggestions"]}
    assert reasons["invest GBP"] == (SPENDS, "ranked last: leaves your loan B 1.5 GBP short")
    assert reasons["resolve"] == (None, None)


def test_a_hint_in_the_order_of_visits_keeps_its_footer() -> None:
    """No row moved: the footer says the order of visits alone (the goldens' hint)."""
    state = played(0, 2)[0]
    found = hint(ADVISOR, state, AdvisorBudget(simulations=30))
    assert not any(s.reason for s in found.suggestions)
    text = hint_text(found, "now", value_note=ADVISOR.value_note)
    assert RANKED_NOTE not in text and "[" not in text


def test_every_decision_a_hint_names_is_written_as_moves_lists_it() -> None:
    """For-Ex: each part of a suggestion (a spot, the action) is one of ``forex moves``'s rows."""
    named = 0
    for seed, players in ((0, 2), (1, 4)):
        for state in played(seed, players)[::15]:
            if state.pending.player is None:
                continue
            listed = {move for group in grouped_moves(state) for move in group.moves}
            for suggestion in hint(
                ADVISOR, state, AdvisorBudget(simulations=20), top=5
            ).suggestions:
                for part in suggestion.text.split("; "):
                    assert part in listed, (suggestion.text, part)
                    named += 1
    assert named
