"""Catch-up summaries: ``forexcli.games.forex.catchup``.

The helpers at the top (``scripted_entries``, ``log_text``, ``write_log``,
``replay_text``) build logs for the tests of catch-up, forks, messages,
pictures and digests.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from forexcli.games.forex.catchup import (
    clean,
    last_move_of,
    money_changes,
    moves,
    pending_text,
    rate_changes,
    result_lines,
    summarize,
)
from forexcli.games.forex.notation import write
from forexcli.games.forex.rules import (
    Board,
    Decision,
    DivestResponse,
    GameState,
    Invest,
    MakeContract,
    PairPosition,
    Resolve,
    Spot,
    apply,
    legal_decisions,
    new_game,
)
from forexcli.record import edit, entrytext, gamelog

PLAYERS = ("alice", "bob", "carol")
REMOVED = {"GBP": 1, "EUR": 1, "USD": 1, "CHF": 1, "JPY": 1, "CAD": 1}
REMOVED_COUNTS = (1, 1, 1, 1, 1, 1, 0)


# --------------------------------------------------------------------------- helpers


def _prudent(state: GameState, decision: Decision) -> bool:
    """Contracts only when the player could pay them today (so games reach the end)."""
    if isinstance(decision, MakeContract):
        seat = state.seat(decision.player)
        code = decision.pay_currency
        from forexcli.games.forex.rules import CURRENCIES

        return state.money[seat][CURRENCIES.index(code)] >= decision.pay
    return True


def choose(state: GameState, rng: random.Random) -> tuple[str, GameState]:
    """One entry for the pending player: a decision in notation, and the state after it."""
    legal = legal_decisions(state)
    spots = [d for d in legal if isinstance(d, Spot)]
    prefix = ""
    if spots and rng.random() < 0.25:
        spot = rng.choice(spots)
        state = apply(state, spot)
        prefix = write(spot) + "; "
        legal = legal_decisions(state)
    kinds: dict[type, list[Decision]] = {}
    for decision in legal:
        if not isinstance(decision, Spot) and _prudent(state, decision):
            kinds.setdefault(type(decision), []).append(decision)
    kind = rng.choice(sorted(kinds, key=lambda k: k.__name__))
    decision = rng.choice(kinds[kind])
    return prefix + write(decision), apply(state, decision)


def scripted_entries(
    count: int | None = None,
    *,
    seed: int = 1,
    players: tuple[str, ...] = PLAYERS,
) -> list[tuple[str, str]]:
    """``count`` legal entries (player, decision) of a deterministic game; None: to the end."""
    state = new_game(players, REMOVED_COUNTS)
    rng = random.Random(seed)
    entries: list[tuple[str, str]] = []
    while not state.is_over and (count is None or len(entries) < count):
        player = state.pending_player
        assert player is not None
        text, state = choose(state, rng)
        entries.append((player, text))
    return entries


def log_text(
    entries: Sequence[tuple[str, str]] = (),
    *,
    title: str | None = "Friday club",
    players: tuple[str, ...] = PLAYERS,
    notes: dict[int, str] | None = None,
    digests: dict[int, str] | None = None,
    extra_header: str = "",
) -> str:
    """A complete log as YAML text."""
    lines = ["forex: 1"]
    if title is not None:
        lines.append(f"title: {entrytext.quote(title)}")
    lines.append("players: [" + ", ".join(entrytext.quote(p) for p in players) + "]")
    lines.append("removed: {" + ", ".join(f"{k}: {v}" for k, v in REMOVED.items()) + "}")
    if extra_header:
        lines.append(extra_header.rstrip("\n"))
    if not entries:
        lines.append("moves: []")
    else:
        lines.append("moves:")
    for number, (player, decision) in enumerate(entries, start=1):
        lines.append(f"  - {entrytext.quote(player)}: {entrytext.quote(decision)}")
        if notes and number in notes:
            lines.append(f"    note: {entrytext.quote(notes[number])}")
        if digests and number in digests:
            lines.append(f"    digest: {entrytext.quote(digests[number])}")
    return "\n".join(lines) + "\n"


def write_log(path: Path, entries: Sequence[tuple[str, str]] = (), **kwargs: Any) -> Path:
    """Write a log file (see ``log_text``) and return its path."""
    path.write_text(log_text(entries, **kwargs), encoding="utf-8")
    return path


def replay_text(text: str, filename: str = "game.yaml") -> gamelog.Replay:
    """Parse and replay a log's text."""
    return gamelog.replay(gamelog.read_log(text, filename))


def play(path: Path, entries: Sequence[tuple[str, str]], *, digest: bool = False) -> None:
    """Append entries one by one with ``edit.append`` (as ``forex play`` does)."""
    for player, decision in entries:
        edit.append(str(path), player, decision, digest=digest)


# --------------------------------------------------------------------------- clean


def test_clean_escapes_controls_and_keeps_the_rest() -> None:
    assert clean("bob") == "bob"
    assert clean("Zoë 東京 €") == "Zoë 東京 €"
    assert clean("a\x1b[31mred") == "a\\x1b[31mred"
    assert clean("two\nlines\r\tx") == "two\\nlines\\r\\tx"
    assert clean("c1\x85\x9b") == "c1\\x85\\x9b"
    assert clean("del\x7f nul\x00") == "del\\x7f nul\\x00"
    assert clean("evil\u202egnp.exe") == "evil\\u202egnp.exe"
    assert clean("sep\u2028") == "sep\\u2028"
    assert clean("\ud800") == "\\ud800"


# --------------------------------------------------------------------------- pieces


def test_rate_changes_same_side_and_flip() -> None:
    board = Board.starting()
    # USD/JPY starts at 1.5 with USD stronger; strengthening USD moves it to 2.
    lines = rate_changes(board, board.strengthen(2))
    assert "USD/JPY: 1.5 -> 2 (USD strengthened)" in lines
    assert len(lines) == 6
    # GBP/USD starts at 1 with GBP stronger: strengthening USD flips it at 1.
    assert "USD/GBP: 1 (GBP stronger) -> 1 (USD stronger), USD strengthened" in lines
    assert rate_changes(board, board) == []


def test_rate_changes_over_several_steps() -> None:
    board = Board.starting()
    after = board.weaken(2).weaken(2).weaken(2)  # USD weakened three times
    lines = rate_changes(board, after)
    # USD/CHF: 1 (USD) -> 1 (CHF) -> 1.5 -> 2.
    assert "CHF/USD: 1 (USD stronger) -> 2 (CHF stronger), CHF strengthened" in lines
    # USD/CNY: 3.5 -> 3 -> 2.5 -> 2, USD still stronger but weaker than it was (issue 22:
    # "(USD stronger)" read as a gain).
    assert "USD/CNY: 3.5 -> 2 (USD weakened)" in lines


@pytest.mark.parametrize("currency", range(7))
@pytest.mark.parametrize("way", ["strengthen", "weaken"])
def test_a_rate_change_says_which_way_the_stronger_currency_went(currency: int, way: str) -> None:
    """Strengthening a currency strengthens it in every pair it leads and weakens the
    currency that leads it; weakening does the opposite (issue 22)."""
    from forexcli.games.forex.rules import CURRENCIES

    code = CURRENCIES[currency]
    board = Board.starting().strengthen(3).weaken(5)
    moved = getattr(board, way)(currency)
    lines = rate_changes(board, moved)
    assert lines
    for line in lines:
        leader = line[:3]  # the pair is named stronger side first (after the move)
        gained = (leader == code) == (way == "strengthen")
        word = "strengthened" if gained else "weakened"
        assert line.endswith((f"({leader} {word})", f", {leader} {word}")), line


def test_money_changes() -> None:
    before = new_game(PLAYERS, REMOVED_COUNTS)
    after = apply(before, Spot("alice", "bob", "GBP", 2, "USD", 2))
    assert money_changes(before, after) == ["alice -1 GBP +1 USD", "bob +1 GBP -1 USD"]
    assert money_changes(before, before) == []


def test_pending_text_for_each_phase() -> None:
    state = new_game(PLAYERS, REMOVED_COUNTS)
    assert pending_text(state) == "alice to play"
    state = apply(state, Invest("alice", ("USD",)))
    state = apply(state, Invest("bob", ("USD",)))
    state = apply(state, Invest("carol", ("EUR",)))
    from forexcli.games.forex.rules import Divest

    state = apply(state, Divest("alice", "USD", 1))
    assert pending_text(state) == "bob to answer the USD divest"
    state = apply(state, DivestResponse("bob", "USD", 0))
    assert pending_text(state) == "bob to play"


# --------------------------------------------------------------------------- summaries


def test_summary_of_a_contract_and_an_invest() -> None:
    entries = [
        ("alice", "contract 2 GBP for 3 EUR"),
        ("bob", "spot 1 GBP to carol for 1.5 CHF; invest USD"),
    ]
    played = replay_text(log_text(entries, notes={2: "buying the dollar"}))
    lines = summarize(played, 0)
    assert lines[0] == "Move 1, alice: contract 2 GBP for 3 EUR"
    assert "  contract A: alice will pay 2 GBP and receive 3 EUR" in lines
    start = lines.index("Move 2, bob: spot 1 GBP to carol for 1.5 CHF; invest USD")
    second = lines[start + 1 :]
    assert second[0] == "  note: buying the dollar"
    assert "  spot: bob gives 1 GBP to carol for 1.5 CHF" in second
    assert "  bob buys a USD certificate for 2" in second
    assert "  USD strengthened" in second
    assert "  money: bob -1 GBP -2 USD +1.5 CHF" in second
    assert "  money: carol +1 GBP -1.5 CHF" in second
    assert "  USD/JPY: 1.5 -> 2 (USD strengthened)" in second
    assert "  USD/GBP: 1 (GBP stronger) -> 1 (USD stronger), USD strengthened" in second
    # Only the moves after `since` are told.
    assert summarize(played, 1)[0].startswith("Move 2, bob")
    assert summarize(played, 2) == []
    assert summarize(played, 0, 1)[-1] == "  contract A: alice will pay 2 GBP and receive 3 EUR"


def test_summary_tells_payments_loans_and_dividends() -> None:
    entries = [
        ("alice", "invest USD"),  # 1
        ("bob", "contract 8 EUR for 8 CHF"),  # 2: contract A, bob cannot pay 8 EUR
        ("carol", "resolve"),  # 3: dividend 1 of 5
        ("alice", "resolve"),  # 4: contract A unpaid -> loan A
        ("bob", "invest USD"),  # 5
        ("carol", "resolve"),  # 6: dividend 2 of 5
        ("alice", "resolve"),  # 7: loan A: bob owes 9 EUR, holds 2 -> bankrupt
    ]
    played = replay_text(log_text(entries))
    assert played.problem is None
    text = "\n".join(summarize(played, 2))
    assert "dividend 1 of 5 pays 0 per certificate" in text
    assert "loan A: bob owes 9 EUR (back of the queue)" in text
    assert "money: bob +8 CHF" in text
    assert "dividend 2 of 5 pays 2 per certificate" in text
    assert "money: alice +2 USD" in text and "money: bob +2 USD" in text
    assert "bob is bankrupt" in text
    assert "final: " in text
    # The final scores come once, with the move that ended the game.
    last = moves(played, 6)[0]
    assert last.result[0].startswith("final: ")
    assert any("bankrupt" in line for line in last.result)
    assert result_lines(played.final) == list(last.result)


def test_summary_escapes_log_text() -> None:
    entries = [("alice", "invest USD")]
    played = replay_text(log_text(entries, notes={1: "\x1b[2Jgotcha\nMove 2, bob: fake"}))
    lines = summarize(played, 0)
    assert all("\x1b" not in line and "\n" not in line for line in lines)
    assert "  note: \\x1b[2Jgotcha\\nMove 2, bob: fake" in lines
    # The data form keeps the raw note for other renderings.
    assert moves(played, 0)[0].note == "\x1b[2Jgotcha\nMove 2, bob: fake"


def test_summary_range_checks() -> None:
    played = replay_text(log_text([("alice", "invest USD")]))
    with pytest.raises(ValueError, match="no move 2"):
        summarize(played, 2)
    with pytest.raises(ValueError):
        summarize(played, 1, 0)
    with pytest.raises(ValueError):
        summarize(played, -1)


def test_summary_stops_at_an_illegal_entry() -> None:
    entries = [("alice", "invest USD"), ("alice", "invest EUR"), ("bob", "resolve")]
    played = replay_text(log_text(entries))
    assert played.problem is not None
    assert [m.number for m in moves(played, 0)] == [1]


def test_last_move_of() -> None:
    entries = scripted_entries(10, seed=3)
    played = replay_text(log_text(entries))
    for name in PLAYERS:
        numbers = [n for n, (p, _) in enumerate(entries, start=1) if p == name]
        assert last_move_of(played, name) == (numbers[-1] if numbers else 0)
    fresh = replay_text(log_text([]))
    assert last_move_of(fresh, "bob") == 0
    with pytest.raises(ValueError):
        last_move_of(fresh, "mallory")


def test_catch_up_since_own_last_move(tmp_path: Path) -> None:
    path = write_log(tmp_path / "game.yaml")
    play(path, scripted_entries(7, seed=5))
    played = gamelog.replay(gamelog.load(path))
    since = last_move_of(played, "alice")
    lines = summarize(played, since)
    headings = [line for line in lines if line.startswith("Move ")]
    assert [h.split(",")[0] for h in headings] == [
        f"Move {n}" for n in range(since + 1, len(played.states) + 1)
    ]
    assert not any(h.startswith(f"Move {since + 1}, alice") for h in headings)


def test_whole_scripted_game_summarises() -> None:
    entries = scripted_entries(seed=11)
    played = replay_text(log_text(entries))
    assert played.problem is None and played.final.is_over
    summaries = moves(played, 0)
    assert len(summaries) == len(entries)
    assert summaries[-1].result and not any(m.result for m in summaries[:-1])
    kinds = {event.kind for events in played.events for event in events}
    assert {"dividend", "invest", "resolve"} <= kinds
    assert summarize(played, 0)[0] == f"Move 1, alice: {entries[0][1]}"
    # Every heading and sentence is single-line.
    assert all("\n" not in line for line in summarize(played, 0))


def test_resolve_of_a_paid_contract() -> None:
    state = new_game(PLAYERS, REMOVED_COUNTS)
    assert isinstance(legal_decisions(state)[-1], Resolve)
    entries = [
        ("alice", "invest USD"),
        ("bob", "contract 1 GBP for 1.5 EUR"),
        ("carol", "resolve"),  # dividend 1: USD strengthened
        ("alice", "resolve"),  # bob's contract A: paid
    ]
    played = replay_text(log_text(entries))
    lines = summarize(played, 3)
    assert "  alice resolves the front of the queue" in lines
    assert "  contract A: bob pays 1 GBP and receives 1.5 EUR" in lines
    assert "  money: bob -1 GBP +1.5 EUR" in lines
    assert not any("/" in line for line in lines)  # no rate moved
    assert PairPosition(0, 1) == played.final.board.pairs[0]
