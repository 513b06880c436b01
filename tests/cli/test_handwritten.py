"""Errors for people who write logs by hand: hints that name the fix, "did you mean",
every independent layer in one run, and player names that cannot be confused."""

from __future__ import annotations

from pathlib import Path

import pytest

from forexcli.games.forex.schema_source import NAME_BAD_STARTS, NAME_RULE
from forexcli.record import gamelog
from forexcli.record.hints import confusable_pairs, quoted_in_a_mail, same_name_key
from forexcli.record.problems import LogError, Problem
from forexcli.words import close_match
from tests.cli.test_commands import ROOT, run

HEADER = "forex: 1\nplayers: [ann, bob]\nseed: x\nmoves:\n"


def problems_of(text: str) -> list[Problem]:
    try:
        log = gamelog.read_log(text, "t.yaml")
    except LogError as error:
        return error.problems
    played = gamelog.replay(log)
    return [played.problem] if played.problem else []


def only(text: str) -> Problem:
    (problem,) = problems_of(text)
    return problem


# --------------------------------------------------------------------------- YAML slips


def test_an_unquoted_colon_in_a_note() -> None:
    problem = only(HEADER + "  - ann: resolve\n    note: risky: USD may fall\n")
    assert (problem.code, problem.line) == ("yaml_syntax", 6)
    assert problem.hints == (
        'a colon and a space inside a value end it in YAML: quote the note: note: "risky: USD'
        ' may fall"',
    )


def test_the_quoted_note_of_the_hint_is_right() -> None:
    fixed = HEADER + '  - ann: resolve\n    note: "risky: USD may fall"\n'
    assert problems_of(fixed) == []
    log = gamelog.read_log(fixed, "t.yaml")
    assert log.entries[0].note == "risky: USD may fall"


@pytest.mark.parametrize(
    "moves",
    [
        "  - ann: resolve\n  note: a note\n  - bob: resolve\n",  # at the dash's column
        "  - ann: resolve\n      note: a note\n  - bob: resolve\n",  # deeper than the name
    ],
)
def test_a_note_indented_under_the_wrong_entry(moves: str) -> None:
    problem = only(HEADER + moves)
    assert (problem.code, problem.line) == ("yaml_syntax", 6)
    assert problem.hints == (
        "`note:` belongs to the entry above it: indent it to column 5, level with the"
        " player's name (a new `- ` would start a new entry)",
    )


def test_a_note_at_the_top_level_or_as_an_entry_of_its_own() -> None:
    top = only(HEADER + "  - ann: resolve\nnote: a note\n")
    assert top.code == "schema_unknown_key"
    assert "`note:` belongs to an entry of `moves`" in top.hints[-1]
    alone = only(HEADER + "  - ann: resolve\n  - note: a note\n")
    assert alone.code == "bad_entry"
    assert "write it without a dash, under that entry" in alone.hints[0]


def test_a_tab_inside_a_decision_is_named() -> None:
    problem = only(HEADER + "  - ann: invest\tUSD\n")
    assert problem.code == "bad_notation" and problem.entry == 1
    assert "a tab separates its words" in problem.message
    assert "'invest USD'" in problem.message


def test_a_tab_in_a_decision_given_to_play(tmp_path: Path) -> None:
    path = tmp_path / "g.yaml"
    assert run(["new", str(path), "--players", "ann,bob", "--seed", "x"]).exit_code == 0
    result = run(["play", str(path), "ann", "invest\tUSD"])
    assert result.exit_code == 1
    assert "a tab separates its words" in result.stderr


@pytest.mark.parametrize("prefix", ["> ", ">", "  > "])
def test_a_log_quoted_in_a_mail(prefix: str) -> None:
    text = "".join(prefix + line + "\n" for line in (HEADER + "  - ann: resolve").splitlines())
    problem = only(text)
    assert problem.layer == "yaml"
    assert problem.hints and "quoted as in a mail reply" in problem.hints[0]
    assert "remove the '> '" in problem.hints[0]
    unquoted = "".join(line.lstrip()[1:].removeprefix(" ") + "\n" for line in text.splitlines())
    assert problems_of(unquoted) == []


def test_quoted_in_a_mail_needs_most_lines_quoted() -> None:
    assert quoted_in_a_mail("> forex: 1\n> players: [a, b]\n")
    assert not quoted_in_a_mail("forex: 1\nnote: >\n  folded\n")


# --------------------------------------------------------------------------- did you mean


def test_close_match() -> None:
    currencies = ["GBP", "EUR", "USD", "CHF", "JPY", "CAD", "CNY"]
    assert close_match("EUD", currencies) == "EUR"  # not USD, which is as alike by difflib
    assert close_match("anne", ["ann", "bob"]) == "ann"
    assert close_match("notes", ["note", "digest"]) == "note"
    assert close_match("Alice", ["alice", "bob"]) == "alice"
    assert close_match("zzz", ["ann", "bob"]) is None
    assert close_match("ann", ["ann"]) is None  # the word itself is not a suggestion


def test_did_you_mean_a_currency_a_decision_word_and_a_key() -> None:
    currency = only(HEADER + "  - ann: invest EUD\n")
    assert currency.code == "bad_notation" and currency.hints == ("did you mean EUR?",)
    word = only(HEADER + "  - ann: invst EUR\n")
    assert word.hints == ("did you mean invest?",)
    key = problems_of(HEADER + "  - ann: resolve\n    notes: risky\n")
    assert [(p.code, p.line) for p in key] == [("bad_entry", 5), ("bad_notation", 6)]
    assert key[0].hints == ("'notes' is not a player of this game: did you mean note?",)
    assert key[1].hints == ("did you mean note?",)
    top = problems_of(HEADER.replace("seed", "sed"))
    assert [p.code for p in top] == ["schema_required", "schema_unknown_key"]
    assert top[1].hints == ("did you mean seed?",)
    rule = only(HEADER + "house_rules: {rounding: totl}\n")
    assert rule.code == "schema_enum" and rule.hints == ("did you mean total?",)


def test_did_you_mean_a_player() -> None:
    entry = only(HEADER + "  - anne: resolve\n")
    assert entry.code == "unknown_player" and entry.hints == ("did you mean ann?",)
    first = only(HEADER.replace("seed: x", "seed: x\nfirst: bobby"))
    assert first.code == "unknown_player" and first.hints == ("did you mean bob?",)
    partner = only(HEADER + "  - ann: spot 1 USD to bobb for 1 GBP; resolve\n")
    assert partner.code == "unknown_player" and partner.hints == ("did you mean bob?",)


def test_a_spot_with_someone_who_does_not_play_is_told_at_each_move() -> None:
    """An unknown spot partner is ``unknown_player`` (as an unknown mover is), once at each move
    that names one, with the players and what to write instead; before, ``unknown_name`` at the
    first such move only (the rest not checked)."""
    moves = (
        "  - ann: spot 1 USD to zed for 1 GBP; resolve\n"
        "  - ann: strengthen GBP\n"
        "  - bob: spot 1 GBP to zed for 2 EUR; resolve\n"
    )
    problems = problems_of(HEADER + moves)
    assert [(p.code, p.entry, p.line) for p in problems] == [
        ("unknown_player", 1, 5),
        ("unknown_player", 3, 7),
    ]
    assert problems[0].message == (
        "move 1: the spot's partner 'zed' is not a player of this game (ann, bob)"
    )
    assert problems[1].hints == (
        "make the spot with one of the players, or add 'zed' to `players:` at set-up",
    )


def test_did_you_mean_in_play(tmp_path: Path) -> None:
    path = tmp_path / "g.yaml"
    assert run(["new", str(path), "--players", "ann,bob", "--seed", "x"]).exit_code == 0
    before = path.read_bytes()
    player = run(["play", str(path), "anne", "resolve"])
    assert player.exit_code == 1 and "  hint: did you mean ann?" in player.stderr
    currency = run(["play", str(path), "ann", "invest", "EUD"])
    assert currency.exit_code == 1 and "  hint: did you mean EUR?" in currency.stderr
    partner = run(["play", str(path), "ann", "spot 1 USD to bobb for 1 GBP; resolve"])
    assert partner.exit_code == 1 and "  hint: did you mean bob?" in partner.stderr
    assert path.read_bytes() == before


# --------------------------------------------------------------------------- layers


def test_independent_layers_are_reported_in_one_run() -> None:
    text = (
        "forex: 1\n"
        "players: [ann, bob]\n"
        "first: anne\n"
        "removed: {GBP: 3, USD: 4}\n"
        "contacts: {bobb: b@example.org}\n"
        "titel: a typo\n"
        "moves:\n"
        "  - carol: resolve\n"
        "  - bob: invest EUD\n"  # not bob's turn: the rules wait for the layers above
    )
    problems = problems_of(text)
    assert [(p.line, p.layer, p.code) for p in problems] == [
        (3, "header", "unknown_player"),
        (4, "header", "bad_removed"),
        (5, "header", "unknown_player"),
        (6, "schema", "schema_unknown_key"),
        (8, "header", "unknown_player"),
        (9, "schema", "bad_notation"),
    ]
    assert "these add up to 7" in problems[1].message
    # Once they are fixed, the rules replay finds the illegal move.
    fixed = (
        text.replace("anne", "ann")
        .replace("USD: 4", "USD: 3")
        .replace("bobb", "bob")
        .replace("titel", "title")
        .replace("carol", "ann")
        .replace("EUD", "EUR")
    )
    (rules,) = problems_of(fixed)
    assert (rules.layer, rules.code, rules.entry) == ("rules", "not_your_turn", 2)


def test_a_header_problem_at_the_place_of_a_schema_problem_is_not_repeated() -> None:
    problems = problems_of(HEADER + "  - 'bob:x': resolve\n")
    assert [p.code for p in problems] == ["bad_player_name"]


# --------------------------------------------------------------------------- names


def test_same_name_key() -> None:
    assert same_name_key("Ann") == same_name_key("ann") == same_name_key("ANN")
    assert same_name_key("ann lee") == same_name_key("annlee") == same_name_key("Ann  Lee")
    assert same_name_key("ﬁona") == same_name_key("fiona")  # NFKC: the ligature
    assert same_name_key("\uff22\uff4f\uff42") == same_name_key("bob")  # full-width letters
    assert same_name_key("Zoë") == same_name_key("Zoe\u0308")  # composed or not
    assert same_name_key("ann") != same_name_key("anne")
    assert confusable_pairs(["ann", "bob", "Ann", "ANN"]) == [("ann", "Ann"), ("ann", "ANN")]


@pytest.mark.parametrize(
    ("a", "b"), [("ann", "Ann"), ("ann lee", "annlee"), ("fiona", "ﬁona"), ("Zoë", "Zoe\u0308")]
)
def test_confusable_names_are_refused_in_a_log(a: str, b: str) -> None:
    problems = problems_of(f'forex: 1\nplayers: ["{a}", "{b}"]\nseed: x\n')
    assert [(p.code, p.layer, p.line) for p in problems] == [("confusable_names", "header", 2)]
    assert "would be taken for one player" in problems[0].message


@pytest.mark.parametrize(
    ("a", "b"), [("ann", "Ann"), ("ann lee", "annlee"), ("bob", "\uff42\uff4f\uff42")]
)
def test_confusable_names_are_refused_by_new(tmp_path: Path, a: str, b: str) -> None:
    path = tmp_path / "g.yaml"
    result = run(["new", str(path), "--player", a, "--player", b, "--seed", "x"])
    assert result.exit_code == 2
    assert "would be taken for one player" in result.stderr
    assert not path.exists()


def test_the_name_rule_names_the_characters_a_name_may_not_start_with(tmp_path: Path) -> None:
    assert all(ch in NAME_RULE for ch in NAME_BAD_STARTS)
    result = run(["new", str(tmp_path / "g.yaml"), "--players", "ann,&bob", "--seed", "x"])
    assert result.exit_code == 2
    message = " ".join(result.stderr.split())
    assert "'&bob' is not a valid player name: a name does not start with &" in message
    assert " ".join(NAME_RULE.split()) in message
    log = only('forex: 1\nplayers: [ann, "%bob"]\nseed: x\n')
    assert log.code == "bad_player_name" and log.hints == (NAME_RULE,)
    for doc in ("README.md", "docs/format.md"):
        text = " ".join((ROOT / doc).read_text(encoding="utf-8").split())
        assert "does not start with any of" in text, doc
        assert all(f"`{ch}`" in text for ch in NAME_BAD_STARTS if ch != "`"), doc
        assert "letter case" in text and "Unicode" in text, doc


def test_did_you_mean_in_new(tmp_path: Path) -> None:
    path = tmp_path / "g.yaml"
    first = run(["new", str(path), "--players", "ann,bob", "--first", "anne", "--seed", "x"])
    assert first.exit_code == 2
    assert "'anne' is not one of the players; did you mean ann?" in first.stderr
    contact = run(
        ["new", str(path), "--players", "ann,bob", "--contact", "bobb=b@x", "--seed", "x"]
    )
    assert contact.exit_code == 2
    assert "'bobb' is not one of the players; did you mean bob?" in contact.stderr
    assert not path.exists()
