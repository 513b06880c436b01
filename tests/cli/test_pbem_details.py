"""The small things a player tripped on in a real PBEM game (issue 22), each tested.

hint names the real file and the order of its rows; analyse takes --seconds like hint;
play --eml says to send the mail, and writes none to yourself; counts agree with their
nouns; a rate change says which way the currency went; an over-indented ``- `` entry is
named in the hint.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.cli.test_commands import ANNOTATED, new_game, run, truncated


@pytest.fixture
def fourteen(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The annotated PBEM game after 14 moves, as game.yaml in the current folder."""
    monkeypatch.chdir(tmp_path)
    return truncated(ANNOTATED, 14, tmp_path / "game.yaml")


def test_hint_names_the_file_and_the_order_of_its_rows(fourteen: Path) -> None:
    result = run(["hint", "game.yaml", "--simulations", "40"])
    assert result.exit_code == 0, result.output
    said = " ".join(result.stdout.split())
    assert "forex play FILE" not in said
    best = re.search(r"To play the best: forex play game\.yaml mira '([^']+)'", said)
    assert best is not None, said
    assert "The rows are in the order of the search's visits" in said
    # The command it prints plays.
    played = run(["play", "game.yaml", "mira", best.group(1), "--dry-run"])
    assert played.exit_code == 0, played.output
    # Visits do order the rows.
    data = json.loads(run(["hint", "game.yaml", "--simulations", "40", "--format", "json"]).stdout)
    visits = [s["visits"] for s in data["suggestions"]]
    assert visits == sorted(visits, reverse=True)


def test_hint_of_standard_input_still_says_file(fourteen: Path) -> None:
    result = run(["hint", "-", "--simulations", "30"], input=fourteen.read_text())
    assert result.exit_code == 0, result.output
    assert "forex play FILE mira" in result.stdout


def test_analyse_takes_seconds_like_hint(fourteen: Path) -> None:
    by_seconds = run(["analyse", "game.yaml", "--seconds", "0.05", "--from", "3", "--to", "3"])
    assert by_seconds.exit_code == 0, by_seconds.output
    assert "game.yaml: 1 decision analysed" in by_seconds.stdout
    long_name = run(
        ["analyse", "game.yaml", "--seconds-per-move", "0.05", "--from", "3", "--to", "4"]
    )
    assert long_name.exit_code == 0 and "2 decisions analysed" in long_name.stdout
    zero = run(["analyse", "game.yaml", "--seconds", "0", "--to", "3"])
    assert zero.exit_code == 2 and "Traceback" not in zero.output


def test_play_eml_says_to_send_it(tmp_path: Path) -> None:
    log = new_game(tmp_path / "g.yaml", "--contact", "bob=bob@example.org")
    mail = tmp_path / "to-bob.eml"
    result = run(["play", str(log), "alice", "invest USD", "--eml", str(mail)])
    assert result.exit_code == 0, result.output
    assert f"wrote the mail to {mail}: send it to bob@example.org" in result.stderr
    assert "Send g.yaml" not in result.output  # the .eml is what goes, not the log
    assert mail.exists()


def test_play_eml_writes_no_mail_to_yourself(tmp_path: Path) -> None:
    """mira resolves move 1 and then chooses the currency to strengthen herself."""
    log = truncated(ANNOTATED, 0, tmp_path / "game.yaml")
    mail = tmp_path / "to-me.eml"
    result = run(["play", str(log), "mira", "resolve", "--eml", str(mail)])
    assert result.exit_code == 0, result.output
    assert not mail.exists()
    assert f"no mail written to {mail}: mira decides next too" in result.stderr
    assert "added to" in result.stdout  # the move is written all the same


def test_counts_agree_with_their_nouns(tmp_path: Path) -> None:
    log = new_game(tmp_path / "g.yaml")
    assert run(["play", str(log), "alice", "invest USD"]).exit_code == 0
    start = run(["show", str(log), "--at", "0"]).stdout
    assert "at the start (1 move)" in start
    missing = run(["annotate", str(log), "99", "a note"])
    assert missing.exit_code == 2
    assert "there is no move 99: the log has move 1 only" in missing.stderr
    assert "1 moves" not in missing.stderr + start
    older = tmp_path / "older.yaml"
    older.write_bytes(log.read_bytes())
    assert run(["play", str(log), "bob", "invest JPY"]).exit_code == 0
    diff = " ".join(run(["diff", str(older), str(log)]).stdout.split())
    assert f"{older} holds the first move of {log}; {log} goes on with move 2." in diff


def test_undo_and_read_count_one_move_as_one_move(tmp_path: Path) -> None:
    """The record layer's own messages (undo --to, a guard, an older copy in a mail)."""
    log = new_game(tmp_path / "g.yaml")
    assert run(["play", str(log), "alice", "invest USD"]).exit_code == 0
    too_far = run(["undo", str(log), "--to", "5"])
    assert too_far.exit_code == 2
    assert "there is nothing after move 5 to remove: the log has move 1 only" in too_far.stderr
    guarded = run(["play", str(log), "bob", "invest JPY", "--after", "3"])
    assert guarded.exit_code == 1
    assert "the log has 1 move, not 3" in guarded.stderr
    assert "1 moves" not in too_far.stderr + guarded.stderr


def test_a_finished_world_exchangers_game_is_over_not_to_play_by_nobody() -> None:
    from tests.cli.test_commands import EXAMPLES

    example = EXAMPLES / "world-exchangers" / "three-players.yaml"
    for command in (["show"], ["message"], ["show", "--format", "markdown"]):
        out = run([command[0], str(example), *command[1:]]).stdout
        assert "to play: nobody" not in out.lower(), command
        assert "the game is over" in out.lower(), command
        assert "nobody: the game is over" not in out, command


def test_a_rate_that_fell_reads_as_a_fall(tmp_path: Path) -> None:
    """USD strengthened twice, then weakened: USD/CNY goes back from 4.5 to 4, USD still the
    stronger, and that reads "USD weakened", not "USD stronger"."""
    log = new_game(tmp_path / "g.yaml", players="alice,bob")
    for player, move in (("alice", "invest USD"), ("bob", "invest USD")):
        assert run(["play", str(log), player, move]).exit_code == 0
    result = run(["play", str(log), "alice", "divest 1 USD"])
    assert result.exit_code == 0, result.output
    since = run(["show", str(log), "--since", "2"]).stdout
    rates = [line.strip() for line in since.splitlines() if re.match(r"\s+USD/\w+: ", line)]
    assert rates and all(line.endswith("(USD weakened)") for line in rates), since
    assert "stronger)" not in " ".join(r for r in rates if r.count("(") == 1)


@pytest.mark.parametrize(
    ("entry", "wanted"),
    [
        ("    - bob: invest JPY", "deeper"),
        ("      - bob: invest JPY", "deeper"),
        ("   - bob: invest JPY", "deeper"),
    ],
)
def test_an_over_indented_entry_gets_the_indentation_hint(
    tmp_path: Path, entry: str, wanted: str
) -> None:
    log = tmp_path / "g.yaml"
    log.write_text(
        "forex: 1\nplayers: [alice, bob]\nseed: x\nmoves:\n  - alice: invest USD\n" + entry + "\n"
    )
    result = run(["validate", str(log), "--format", "json"])
    assert result.exit_code == 1
    (problem,) = json.loads(result.stdout)["files"][0]["problems"]
    assert problem["code"] == "yaml_syntax" and problem["line"] == 6
    assert any(
        f"indented {wanted} than the entry above it" in hint and "column 3" in hint
        for hint in problem["hints"]
    ), problem
