"""Sentences about a player read right for any name, ``you`` included (issue 43, item 8):
``forexcli.words``, and the reports, messages and events of the examples and the README's
flows rendered with a player named ``you``."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from forexcli.words import is_you, possessive, says, verb_for
from tests.cli.test_commands import ROOT, run
from tests.test_docs import readme_commands, run_in_scratch

WRONG = re.compile(
    r"\b[Yy]ou (?!(?:as|its|this|us)\b)(?:is|has|was|does|[a-z]*[^s\W]s)\b"
    r"|\b[Yy]ou's\b"
)
"""A verb of the third person after ``you`` (``you plays``, ``you has``), or ``you's``."""


def test_verbs_are_conjugated_for_you_only() -> None:
    assert says("ann", "plays first") == "ann plays first"
    assert says("you", "plays first") == "you play first"
    assert says("You", "decides next") == "You decide next"
    assert says("you", "has not played yet") == "you have not played yet"
    assert says("you", "is bankrupt") == "you are bankrupt"
    assert says("you", "passes") == "you pass"
    assert [verb_for("you", v) for v in ("owes", "chooses", "buys", "does", "tries", "was")] == [
        "owe", "choose", "buy", "do", "try", "were",
    ]  # fmt: skip
    assert verb_for("youth", "plays") == "plays" and not is_you("yours")
    assert possessive("ann") == "ann's" and possessive("you") == "your"
    assert possessive("You") == "Your" and possessive("you", alone=True) == "yours"


def test_the_wrong_pattern_finds_what_it_must() -> None:
    for wrong in ("you plays first", "you has a key", "you is bankrupt", "merges into you's"):
        assert WRONG.search(wrong), wrong
    for right in ("you play first", "you pass", "you have a key", "you are", "your loan"):
        assert not WRONG.search(right), right


def renamed(text: str, old: str) -> str:
    """A log's text with player ``old`` named ``you``: in the players, the entries' keys,
    spot partners and ``first:`` (not in notes or comments, which are the players' words)."""
    lines = []
    for line in text.splitlines():
        code, hash_, comment = line.partition("  #")
        if code.startswith("players:"):
            code = re.sub(rf"(?<=[\[ ,]){re.escape(old)}(?=[\],])", "you", code)
        elif code.startswith("first:"):
            code = re.sub(rf"\b{re.escape(old)}\b", "you", code)
        elif code.lstrip().startswith("- "):
            code = re.sub(rf"^(\s*- ){re.escape(old)}:", r"\1you:", code)
            code = re.sub(rf" to {re.escape(old)} for ", " to you for ", code)
        lines.append(code + hash_ + comment)
    return "\n".join(lines) + "\n"


def _wrong_lines(output: str) -> list[str]:
    return [line for line in output.splitlines() if WRONG.search(line)]


EXAMPLES = [
    ("two-players.yaml", ("ada", "ben"), 3),
    ("four-players-bankruptcy.yaml", ("carla", "dmitri", "esme", "farid"), 6),
    ("annotated-pbem.yaml", ("mira", "noor", "otto"), 4),
    ("world-exchangers/three-players.yaml", ("ai", "louis", "mei"), 6),
]


@pytest.mark.parametrize(("name", "players", "every"), EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_the_examples_read_right_with_a_player_named_you(
    name: str, players: tuple[str, ...], every: int, tmp_path: Path
) -> None:
    """show (with what happened since), message, moves, history with its events, and the
    report of playing each move, with each player in turn named ``you``."""
    source = (ROOT / "examples" / name).read_text(encoding="utf-8")
    head, _, body = source.partition("\nmoves:\n")
    entries = re.split(r"\n(?=  - )", body.rstrip("\n"))
    wrong: list[str] = []
    for old in players:
        path = tmp_path / f"{old}.yaml"
        text = renamed(source, old)
        assert "players: [" in text and "you" in text.split("moves:", 1)[0]
        path.write_text(text, encoding="utf-8")
        wrong += _wrong_lines(run(["history", str(path), "--events"]).output)
        for at in range(0, len(entries) + 1, every):
            since = str(max(0, at - every))
            for command in ("show", "message"):
                wrong += _wrong_lines(
                    run([command, str(path), "--at", str(at), "--since", since]).output
                )
            wrong += _wrong_lines(run(["moves", str(path), "--at", str(at)]).output)
        short = tmp_path / "short.yaml"
        for count in range(0, len(entries), every):
            kept = "\n".join(entries[:count])
            short.write_text(
                renamed(head + "\nmoves:\n" + (kept + "\n" if count else ""), old)
                if count
                else renamed(head + "\nmoves: []\n", old),
                encoding="utf-8",
            )
            match = re.match(r"\s*- ([^:]+): (.*)", renamed(entries[count] + "\n", old))
            assert match is not None
            player, decision = match.group(1), match.group(2).split("  #")[0].strip()
            result = run(["play", str(short), player, *shlex.split(decision), "--dry-run"])
            wrong += _wrong_lines(result.output)
    assert not wrong, "\n".join(sorted(set(wrong)))


@pytest.mark.slow
def test_the_readme_flows_read_right(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The README's own games are between ``you`` and ``computer``."""
    outputs = run_in_scratch(readme_commands(), tmp_path, monkeypatch)
    assert any("you" in output for output in outputs.values())
    wrong = [line for output in outputs.values() for line in _wrong_lines(output)]
    assert not wrong, "\n".join(wrong)
