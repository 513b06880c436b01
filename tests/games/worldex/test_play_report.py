"""``forex play`` and ``forex moves`` of a World Exchangers log: goldens over the example game,
and the report's numbers checked against the replay for every entry of it.

Regenerate the goldens with ``FOREX_REGEN=1`` (and review the diff), as
tests/cli/test_golden.py does.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from msgspec.structs import replace

from forexcli.games.worldex.moves import OPTION_WORDS
from forexcli.games.worldex.views.layout import moves_text, play_text
from forexcli.record import gamelog
from tests.cli.test_commands import ROOT, run
from tests.cli.test_worldex_commands import EXAMPLE, copy_example

GOLDEN = ROOT / "tests" / "golden" / "worldex"
REGEN = os.environ.get("FOREX_REGEN") == "1"
LOG = "examples/world-exchangers/game.yaml"


def check_golden(name: str, text: str) -> None:
    path = GOLDEN / name
    if REGEN:
        path.write_text(text, encoding="utf-8")
        return
    assert text == path.read_text(encoding="utf-8"), f"tests/golden/worldex/{name} differs"


def example_entries() -> list[tuple[str, str]]:
    """The example's entries as (key, text), comments left out."""
    lines = EXAMPLE.read_text("utf-8").splitlines()
    found = []
    for line in lines[lines.index("moves:") + 1 :]:
        match = re.match(r"  - ([a-z]+): (.*?)(\s+#.*)?$", line)
        if match:
            found.append((match.group(1), match.group(2)))
    return found


PLAYS = {
    "play-first-move.txt": (0, ()),
    "play-falls-to-2.txt": (6, ()),
    "play-reveal.txt": (7, ()),
    "play-paid-ring.txt": (16, ()),
    "play-mid-year.txt": (18, ()),
    "play-box-and-ring.txt": (24, ()),
    "play-wigstan.txt": (28, ()),
    "play-last-move.txt": (38, ()),
    "play-mid-year.md": (18, ("--format", "markdown")),
}
"""Golden name: (entries kept, extra options); the next entry of the example is played."""


@pytest.mark.parametrize("name", sorted(PLAYS))
def test_golden_play_reports(name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    kept, options = PLAYS[name]
    copy_example(tmp_path, kept)
    monkeypatch.chdir(tmp_path)
    key, text = example_entries()[kept]
    result = run(["play", LOG, key, text, *options])
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith(f"{'**' if options else ''}move {kept + 1}: {key}: {text}")
    check_golden(name, result.stdout)


MOVES = {
    "moves-cli-start.txt": ("0", ()),
    "moves-cli-reveal.txt": ("7", ()),
    "moves-cli-felix.txt": ("16", ()),
    "moves-cli-box.txt": ("24", ()),
    "moves-cli-felix.md": ("16", ("--format", "markdown")),
    "moves-cli-end.txt": ("39", ()),
}


@pytest.mark.parametrize("name", sorted(MOVES))
def test_golden_moves(name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    at, options = MOVES[name]
    copy_example(tmp_path)
    monkeypatch.chdir(tmp_path)
    result = run(["moves", LOG, "--at", at, *options])
    assert result.exit_code == 0, result.output
    check_golden(name, result.stdout)


def test_moves_entries_are_what_play_takes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every decision listed (the first column) is accepted by forex play as written."""
    copy_example(tmp_path, 24)
    monkeypatch.chdir(tmp_path)
    listed = run(["moves", LOG]).stdout
    assert "louis: " not in listed
    rows = listed.split("\n\n")[1].splitlines()[2:]
    decisions = [re.split(r"\s{2,}", row.strip())[0] for row in rows]
    assert "sell Quito, Warsaw +box" in decisions and len(decisions) > 10
    for decision in decisions:
        result = run(["play", LOG, "louis", decision, "--dry-run"])
        assert result.exit_code == 0, (decision, result.output)
    for word in ("+box", "+ring"):
        assert f"  {word}: {OPTION_WORDS[word][:30]}" in listed


def test_the_report_tells_every_entry_with_the_replays_numbers() -> None:
    """For each entry of the example: the decider's cash before and after as the replay
    has them, and who decides next."""
    played = gamelog.replay(gamelog.load(EXAMPLE))
    record = played.log
    for number in range(1, played.moves + 1):
        cut = gamelog.Replay(replace(record, entries=record.entries[:number]), played.initial)
        cut.states.extend(played.states[:number])
        report = play_text(cut, "game.yaml", written=True, width=200)
        entry = record.entries[number - 1]
        head = " ".join(report.split("\n\n", 1)[0].split())  # (wrapped to the width)
        assert head == f"move {number}: {entry.key}: {entry.text} (added to game.yaml)"
        before, after = played.state_after(number - 1), played.state_after(number)
        for old, new in zip(before.players, after.players, strict=True):
            if len(new.marks) > len(old.marks):
                cash = f"{old.cash:,} -> {new.cash:,}" if old.cash != new.cash else f"{new.cash:,}"
                row = [line for line in report.splitlines() if line.startswith(new.name + " ")]
                assert row and f"  {cash}  " in row[0], (number, report)
        tail = report.rstrip("\n").split("\n\n")[-1]
        if after.is_over:
            assert tail.startswith("The game is over: mei wins.")
        elif after.pending.seat is None:
            assert tail.startswith(f"Next: the deck reveals {after.pending.count} card")
        else:
            name = after.players[after.pending.seat].name
            assert tail.startswith(f"Next: {name} to play in month {after.round}")


def test_moves_text_of_the_end_names_the_winner() -> None:
    played = gamelog.replay(gamelog.load(EXAMPLE))
    text = moves_text(played, played.moves, "game.yaml")
    assert text.startswith("The game is over (after move 39): mei wins")


def test_next_text_for_a_second_card_and_for_a_pass() -> None:
    from forexcli.games.worldex.report import next_text
    from forexcli.games.worldex.rules import Buy, Phase, Reveal, apply
    from tests.games.worldex.helpers import COMPONENTS, ai_and_louis, at_turn, placed

    state = at_turn(placed(ai_and_louis(), 0, [600], ["Cairo"]), 2, 0)
    state = replace(state, area=("Vienna", "Dubai", "Melbourne"))
    state = apply(state, Buy("ai", "Dubai", "box"))  # 100 left; the area falls to 2
    sentence, command = next_text(state, "wx.yaml")
    assert sentence == (
        "Next: the deck reveals 3 cards (any 3 of the 40 cards left in the deck, as turned up):"
    )
    assert command == "forex play wx.yaml deck reveal CITY, CITY, CITY"
    dear = [c for c in state.deck if COMPONENTS.city(c).base > 100][:3]
    state = apply(state, Reveal(tuple(dear)))
    assert state.pending.phase is Phase.SECOND
    sentence, command = next_text(state, "wx.yaml")
    assert sentence == (
        "Next: ai to play in month 2 (cash 100, media 0): the second card to buy: Vienna 100."
        " The entries:"
    )
    assert command == "forex moves wx.yaml"
    broke = at_turn(placed(ai_and_louis(), 0, [0], []), 2, 0)
    sentence, _ = next_text(broke, "wx.yaml")
    assert sentence.endswith("may only pass: nothing can be bought or sold. Every entry:")
