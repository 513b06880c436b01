"""Sentences about a player read right for any name, ``you`` included (issue 43, item 8):
``forexcli.words``, and the reports, messages and events of the examples and the README's
flows rendered with a player named ``you``."""

from __future__ import annotations

import html
import json
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
    assert possessive("me") == "my" and possessive("Me", alone=True) == "Mine"
    assert possessive("Stacks", title=True) == "Stacks'"  # a game's title, a plural
    assert possessive("Counting", title=True) == "Counting's" and possessive("gus") == "gus's"


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


def _page_text(page: Path) -> str:
    """The words of a replay page: its markup without scripts, styles and tags."""
    markup = page.read_text(encoding="utf-8")
    markup = re.sub(r"<(script|style)\b.*?</\1>", " ", markup, flags=re.S)
    markup = re.sub(r"</?(p|li|div|section|tr|td|th|h[1-6]|ul|ol|table|br)\b[^>]*>", "\n", markup)
    return html.unescape(re.sub(r"<[^>]+>", "", markup))


def _worldex_with_you(tmp_path: Path) -> Path:
    """A World Exchangers game between you and the engine (ann), a few months in."""
    log = tmp_path / "wx.yaml"
    components = ROOT / "forexcli" / "games" / "worldex" / "data" / "invented-components.json"
    made = run(["new", str(log), "--game", "world-exchangers", "--players", "ann,you",
                "--seed", "4", "--first", "you", "--components", str(components),
                "--engine", "ann:10"])  # fmt: skip
    assert made.exit_code == 0, made.output
    for _ in range(6):
        listed = json.loads(run(["moves", str(log), "--format", "json"]).output)
        if listed["over"] or listed["deciders"] != ["you"]:
            break
        choice = listed["groups"][-1]["entries"][0]
        result = run(["play", str(log), "you", choice])
        assert result.exit_code == 0, result.output
    return log


@pytest.mark.parametrize("game", ["forex", "world-exchangers"])
def test_the_replay_page_reads_right_with_a_player_named_you(game: str, tmp_path: Path) -> None:
    if game == "forex":
        path = tmp_path / "two.yaml"
        source = (ROOT / "examples" / "two-players.yaml").read_text(encoding="utf-8")
        path.write_text(renamed(source, "ben"), encoding="utf-8")
    else:
        path = _worldex_with_you(tmp_path)
    page = tmp_path / "page.html"
    assert run(["html", str(path), "-o", str(page)]).exit_code == 0
    text = _page_text(page)
    assert "you" in text
    outputs = [text, *(run([c, str(path)]).output for c in ("show", "history", "message"))]
    wrong = [line for output in outputs for line in _wrong_lines(output)]
    assert not wrong, "\n".join(wrong)


def test_a_deal_awaiting_you_reads_right_on_the_page_and_in_the_views(tmp_path: Path) -> None:
    """A signed game whose spot deal awaits the signature of a player named you."""
    from tests.record.test_signing import make_key

    keys = {name: make_key(tmp_path, name) for name in ("alice", "you")}
    log = tmp_path / "signed.yaml"
    given = [arg for name, key in keys.items() for arg in ("--key-for", f"{name}={key}.pub")]
    assert run(["new", str(log), "--players", "alice,you", "--seed", "page", *given]).exit_code == 0
    move = "spot 1 GBP to you for 1.5 EUR; invest EUR"
    played = run(["play", str(log), "alice", move, "--sign", "--key", str(keys["alice"])])
    assert played.exit_code == 0, played.output
    page = tmp_path / "signed.html"
    assert run(["html", str(log), "-o", str(page)]).exit_code == 0
    text = _page_text(page)
    assert "Move 1: alice's spot deal with you awaits your signature." in text
    assert "the spot deal awaits your signature" in text
    outputs = [played.output, text]
    outputs += [run([command, str(log)]).output for command in ("show", "history", "message")]
    outputs.append(run(["validate", str(log), "--require-signatures"]).output)
    outputs = [output.replace("deal with you awaits", "deal with YOU awaits") for output in outputs]
    wrong = [line for output in outputs for line in _wrong_lines(output)]
    assert not wrong, "\n".join(wrong)


def test_the_engines_offer_to_you_reads_right(tmp_path: Path) -> None:
    """The engine's offer to a person named you, and the answers (issue 43, items 3 and 8)."""
    log = tmp_path / "hope.yaml"
    log.write_bytes((ROOT / "tests" / "logs" / "valid" / "engine-hope-offer.yaml").read_bytes())
    outputs = [run(["play", str(log), "computer", "--engine"]).output]
    assert "you answer: forex play" in " ".join(outputs[0].split())  # the lines wrap
    outputs += [run(["play", str(log), "you", "invest GBP"]).output]  # refused: open_offer
    outputs += [run([command, str(log)]).output for command in ("show", "message", "moves")]
    page = tmp_path / "hope.html"
    assert run(["html", str(log), "-o", str(page)]).exit_code == 0
    outputs += [_page_text(page), run(["undo", str(log), "--dry-run"]).output]
    outputs += [run(["play", str(log), "you", "decline"]).output]
    wrong = [line for output in outputs for line in _wrong_lines(output)]
    assert not wrong, "\n".join(wrong)


def test_seat_and_signing_sentences_read_right_for_you(tmp_path: Path) -> None:
    """``forex seat ... you --person`` and an unsigned move of ``you`` in a signed game:
    "you are", "you play it with your key" (not "you is", "you plays ... their key")."""
    from tests.record.test_signing import make_key

    key = make_key(tmp_path, "you")
    log = tmp_path / "duel.yaml"
    made = run(["new", str(log), "--players", "you,ann", "--seed", "1",
                "--key-for", f"you={key}.pub"])  # fmt: skip
    assert made.exit_code == 0, made.output
    said = run(["seat", str(log), "you", "--person"])
    assert said.exit_code == 0 and "you are a person's seat already" in said.output
    refused = run(["play", str(log), "you", "invest GBP"])
    assert refused.exit_code == 1 and "unsigned_move" in refused.output
    hints = " ".join(refused.output.split())
    assert "you play it with your key: forex play" in hints


def test_a_refusal_and_a_fork_read_right_for_you(tmp_path: Path) -> None:
    """A decision out of turn while ``you`` is to play, and a fork on which ``you`` built:
    "you are to make", "you have already played on it" (qa27)."""
    mine, theirs = tmp_path / "mine.yaml", tmp_path / "theirs.yaml"
    assert run(["new", str(mine), "--players", "ann,you", "--seed", "1"]).exit_code == 0
    theirs.write_bytes(mine.read_bytes())
    assert run(["play", str(mine), "ann", "invest EUR"]).exit_code == 0
    refused = run(["play", str(mine), "ann", "invest CHF"])
    assert refused.exit_code == 1 and "not_your_turn" in refused.output
    assert "you are to make a turn action" in refused.output
    assert run(["play", str(mine), "you", "invest GBP"]).exit_code == 0
    assert run(["play", str(theirs), "ann", "invest CHF"]).exit_code == 0
    forked = run(["read", str(theirs), "--into", str(mine)])
    assert forked.exit_code == 1
    assert "and you have already played on it (move 2)" in " ".join(forked.output.split())
    outputs = [refused.output, forked.output, run(["diff", str(mine), str(theirs)]).output]
    wrong = [line for output in outputs for line in _wrong_lines(output)]
    assert not wrong, "\n".join(wrong)


def test_undoing_the_offer_of_an_engine_seat_named_you_reads_right(tmp_path: Path) -> None:
    """``forex undo`` of the open offer of an engine seat named ``you``: "you decide again"."""
    from forexcli.record.seats import OFFER_FIELD, with_header_key

    log = tmp_path / "duel.yaml"
    made = run(["new", str(log), "--players", "ann,you", "--seed", "1", "--engine", "you:5"])
    assert made.exit_code == 0, made.output
    assert run(["play", str(log), "ann", "invest EUR", "--no-reply"]).exit_code == 0
    offer = {"player": "you", "decision": "spot 1 GBP to ann for 1 USD; invest GBP"}
    log.write_text(with_header_key(log.read_text(), OFFER_FIELD, offer))
    undone = run(["undo", str(log)])
    assert undone.exit_code == 0, undone.output
    assert "next: you decide again: forex play" in " ".join(undone.output.split())
    assert not _wrong_lines(undone.output), undone.output


def test_an_engine_seat_named_you_reads_right(tmp_path: Path) -> None:
    """``forex new`` whose engine seat named ``you`` decides first, and a signed game's engine
    seat ``you`` that must sign: "you (the engine) decide" (qa27)."""
    from tests.record.test_signing import make_key

    log = tmp_path / "duel.yaml"
    made = run(["new", str(log), "--players", "you,ann", "--seed", "1", "--engine", "you:5"])
    assert made.exit_code == 0, made.output
    assert "next: you (the engine) decide first: forex play" in " ".join(made.output.split())
    key = make_key(tmp_path, "you")
    signed = tmp_path / "signed.yaml"
    made = run(["new", str(signed), "--players", "ann,you", "--seed", "1", "--engine", "you:5",
                "--key-for", f"you={key}.pub"])  # fmt: skip
    assert made.exit_code == 0, made.output
    played = run(["play", str(signed), "ann", "invest EUR"])
    assert played.exit_code == 0, played.output
    assert "you (the engine) decide next, and the log holds your key" in " ".join(
        played.output.split()
    )
    outputs = [made.output, played.output]
    assert not [line for output in outputs for line in _wrong_lines(output)]
