"""Ready-to-send messages: ``forexcli.games.forex.message.compose``."""

from __future__ import annotations

import re

import pytest

from forexcli.games.forex.message import (
    FORMATS,
    board_grid,
    compose,
    escape_bbcode,
    escape_markdown,
    money_grid,
    queue_items,
    subject,
)
from forexcli.games.forex.rules import CURRENCIES, PAIRS, format_rate
from tests.games.forex.test_catchup import log_text, replay_text, scripted_entries

ENTRIES = scripted_entries(14, seed=7)


def _cells(line: str) -> list[str]:
    """The cells of a markdown table row (``\\|`` is not a separator)."""
    inner = line.strip()[1:-1]
    return [cell.strip() for cell in re.split(r"(?<!\\)\|", inner)]


# --------------------------------------------------------------------------- subject


def test_subject_names_title_move_and_next_player() -> None:
    played = replay_text(log_text(ENTRIES))
    who = played.final.pending_player
    assert subject(played) == f"[For-Ex] Friday club \u2014 move 14, {who} to play"
    for fmt in FORMATS:
        assert compose(played, 12, fmt).subject == subject(played)


def test_subject_without_title_at_set_up() -> None:
    played = replay_text(log_text([], title=None))
    assert subject(played) == "[For-Ex] alice, bob, carol \u2014 set-up, alice to play"


def test_subject_for_a_divest_answer_and_game_over() -> None:
    entries = [
        ("alice", "invest USD"),
        ("bob", "invest USD"),
        ("carol", "invest EUR"),
        ("alice", "divest 1 USD"),
    ]
    played = replay_text(log_text(entries))
    assert subject(played).endswith("move 4, bob to answer the USD divest")
    whole = replay_text(log_text(scripted_entries(seed=11)))
    assert whole.final.is_over and whole.final.result is not None
    winners = [whole.final.players[s] for s in whole.final.result.winners()]
    verb = "wins" if len(winners) == 1 else "win"
    assert subject(whole) == (
        f"[For-Ex] Friday club \u2014 move {len(whole.states)}, game over,"
        f" {' and '.join(winners)} {verb}"
    )


def test_subject_is_one_clean_line() -> None:
    played = replay_text(log_text(ENTRIES, title="Club\nBcc: everyone@example.org\x1b[2J"))
    line = subject(played)
    assert "\n" not in line and "\x1b" not in line
    assert line.startswith("[For-Ex] Club\\nBcc: everyone@example.org\\x1b[2J \u2014 move 14")


# --------------------------------------------------------------------------- pieces


def test_board_grid_holds_every_pair_once_in_its_stronger_row() -> None:
    played = replay_text(log_text(ENTRIES))
    board = played.final.board
    grid = board_grid(played.final)
    assert grid[0] == ["", *CURRENCIES, "pairs"]
    assert [row[0] for row in grid[1:]] == list(CURRENCIES)
    filled = 0
    for (a, b), pos in zip(PAIRS, board.pairs, strict=True):
        weak = b if pos.stronger == a else a
        assert grid[1 + pos.stronger][1 + weak] == format_rate(pos.space)
        assert grid[1 + weak][1 + pos.stronger] == ""
        filled += 1
    assert filled == 21
    for x in range(7):
        assert grid[1 + x][1 + x] == "\u00b7"  # the diagonal of show's board
        assert grid[1 + x][-1] == str(board.pairs_won()[x])
        assert (
            sum(1 for cell in grid[1 + x][1:8] if cell not in ("", "\u00b7"))
            == board.pairs_won()[x]
        )


def test_money_grid_and_queue() -> None:
    entries = [("alice", "invest USD JPY"), ("bob", "contract 2 GBP for 3 EUR")]
    played = replay_text(log_text(entries))
    money = money_grid(played.final)
    assert money[0] == ["player", *CURRENCIES, "certificates"]
    assert money[1] == ["alice", "2", "2", "0", "2", "0", "2", "2", "USD 1, JPY 1"]
    assert money[2][-1] == "none"
    assert queue_items(played.final) == [
        "dividends (5 left)",
        "A: bob pays 2 GBP, receives 3 EUR",
    ]


# --------------------------------------------------------------------------- bodies


def test_text_message() -> None:
    played = replay_text(log_text(ENTRIES))
    message = compose(played, 12, "text")
    body = message.body
    who = played.final.pending_player
    assert body.startswith(f"Friday club, move 14: {who} to play.\n\nSince move 12:\n")
    assert f"\nMove 13, {ENTRIES[12][0]}: {ENTRIES[12][1]}\n" in body
    assert f"\nMove 14, {ENTRIES[13][0]}: {ENTRIES[13][1]}\n" in body
    assert "\nMove 12," not in body
    assert "\nBoard (" in body and "\nMoney:\n" in body and "\nQueue, front first: " in body
    assert f"\nNext: {who} to play.\n" in body
    assert "--after 14" in body
    assert message.full() == f"Subject: {message.subject}\n\n{body}"
    # The board lines: a header and a row per currency, rates where the row is stronger.
    lines = body.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("Board ("))
    start = next(i for i in range(start, len(lines)) if lines[i].endswith("):"))  # the caption
    assert all(len(line) <= 80 for line in lines[: start + 1])
    header = lines[start + 1].split()
    assert header == [*CURRENCIES, "pairs"]
    rows = lines[start + 2 : start + 9]
    assert [row.split()[0] for row in rows] == list(CURRENCIES)
    grid = board_grid(played.final)
    for row, expected in zip(rows, grid[1:], strict=True):
        assert row.split() == [cell for cell in expected if cell]


def test_nothing_new() -> None:
    played = replay_text(log_text(ENTRIES))
    body = compose(played, 14).body
    assert "Nothing has happened since move 14." in body
    assert "\nMove " not in body


def test_markdown_message_tables() -> None:
    played = replay_text(log_text(ENTRIES, notes={13: "a | b *c* [x](http://e.vil) <b>"}))
    body = compose(played, 12, "markdown").body
    assert body.startswith("**Friday club, move 14:")
    assert f"- **Move 13, {ENTRIES[12][0]}:** " in body
    assert "  - note: a \\| b \\*c\\* \\[x\\](http://e.vil) \\<b>" in body
    table = [line for line in body.splitlines() if line.startswith("|")]
    board_rows = table[: 2 + 7]
    assert _cells(board_rows[0]) == ["", *CURRENCIES, "pairs"]
    assert set(_cells(board_rows[1])) == {":---", "---:"}
    grid = board_grid(played.final)
    for line, expected in zip(board_rows[2:], grid[1:], strict=True):
        assert _cells(line) == expected
    money_rows = table[9:]
    assert len(money_rows) == 2 + 3
    assert all(len(_cells(line)) == 9 for line in money_rows)


def test_bbcode_message() -> None:
    played = replay_text(log_text(ENTRIES, notes={13: "[url=http://e.vil]click[/url] [/code]"}))
    body = compose(played, 12, "bbcode").body
    assert body.startswith("[b]Friday club, move 14:")
    assert body.count("[code]") == body.count("[/code]") == 2
    assert body.count("[list]") == body.count("[/list]")
    assert "[url" not in body and "[/code] " not in body
    assert "\uff3burl=http://e.vil\uff3dclick\uff3b/url\uff3d" in body
    # Every tag in the body is one of the few the message itself writes.
    tags = set(re.findall(r"\[/?([a-z*]+)", body))
    assert tags <= {"b", "list", "*", "code"}
    code = body.split("[code]")[1].split("[/code]")[0].strip("\n").splitlines()
    assert code[0].split() == [*CURRENCIES, "pairs"]
    assert len(code) == 8


def test_log_text_is_escaped_in_every_format() -> None:
    evil_title = "T|*[b]\x1b[31m\u202e"
    played = replay_text(log_text(ENTRIES, title=evil_title, notes={13: "n\x9b\nx"}))
    for fmt in FORMATS:
        message = compose(played, 12, fmt)
        for text in (message.subject, message.body):
            assert "\x1b" not in text and "\x9b" not in text and "\u202e" not in text
        assert "n\\x9b" in message.body.replace("\\\\", "\\")
    assert "T\\|\\*\\[b\\]\\x1b\\[31m\\u202e" in compose(played, 12, "markdown").body.replace(
        "\\\\", "\\"
    )
    assert "[b]T|*\uff3bb\uff3d" in compose(played, 12, "bbcode").body


def test_escape_functions() -> None:
    assert escape_markdown("a_b*c|d[e]f`g<h>i#j~k&l\\m") == (
        "a\\_b\\*c\\|d\\[e\\]f\\`g\\<h>i\\#j\\~k\\&l\\\\m"
    )
    assert escape_markdown("USD/JPY: 1.5 -> 2 (USD stronger)") == (
        "USD/JPY: 1.5 -> 2 (USD stronger)"
    )
    assert escape_bbcode("[b]x[/b]\n") == "\uff3bb\uff3dx\uff3b/b\uff3d\\n"


def test_game_over_message_has_the_scores() -> None:
    entries = scripted_entries(seed=11)
    played = replay_text(log_text(entries))
    body = compose(played, len(entries) - 1).body
    assert "Next: game over" in body
    assert "\nFinal: " in body and "\n1st: " in body
    assert "--after" not in body


def test_a_log_that_breaks_the_rules_says_so() -> None:
    played = replay_text(log_text([("alice", "invest USD"), ("alice", "invest EUR")]))
    body = compose(played, 0).body
    assert "The log breaks the rules: move 2: alice: invest EUR:" in body
    assert "The log has 1 move: play the next one with --after 1" in body


def test_bad_arguments() -> None:
    played = replay_text(log_text(ENTRIES))
    with pytest.raises(ValueError, match="unknown message format"):
        compose(played, 0, "html")
    with pytest.raises(ValueError):
        compose(played, 15)
