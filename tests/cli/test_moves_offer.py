"""``forex moves`` while the engine's offer waits for a person (qavscomputer): the person's
decisions are ``accept`` and ``decline``; it listed the offering seat's own decisions
(``computer to play`` and its contracts, ``--all`` one a line as ``forex play`` takes
them), which ``forex play`` refuses until the offer is answered."""

from __future__ import annotations

from pathlib import Path

from tests.cli.test_commands import ROOT, run

HOPE = ROOT / "tests" / "logs" / "valid" / "engine-hope-offer.yaml"


def _offered(tmp_path: Path) -> Path:
    log = tmp_path / "hope.yaml"
    log.write_bytes(HOPE.read_bytes())
    assert run(["play", str(log), "computer", "--engine"]).exit_code == 0
    assert "offer:" in log.read_text()
    return log


def test_moves_lists_the_answers_to_the_open_offer(tmp_path: Path) -> None:
    log = _offered(tmp_path)
    result = run(["moves", str(log)], COLUMNS="200")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == "you to answer computer's offer (accept or decline)"
    assert lines[2] == (
        "accept    you get 1 GBP for 1.5 EUR from computer, whose entry is played as offered"
    )
    assert lines[3] == "decline   no deal: computer chooses again without it"
    offer = " ".join(" ".join(lines[5:]).split())  # the command is kept whole on its line
    assert offer.startswith("Open offer: computer offers you: spot 1 GBP to you for 1.5 EUR;")
    assert offer.endswith(f"you answer: forex play {log} you accept (or decline)")
    assert "computer to play" not in result.stdout and "contract" not in result.stdout


def test_moves_all_and_kind_name_only_what_play_takes_now(tmp_path: Path) -> None:
    log = _offered(tmp_path)
    every = run(["moves", str(log), "--all"])
    assert every.exit_code == 0 and every.stdout.split() == ["accept", "decline"]
    for answer in every.stdout.split():  # each is taken by forex play (on a copy)
        copy = tmp_path / f"{answer}.yaml"
        copy.write_bytes(log.read_bytes())
        played = run(["play", str(copy), "you", answer])
        assert played.exit_code == 0, played.output
    kind = run(["moves", str(log), "--kind", "contract"])
    assert kind.exit_code == 0
    assert kind.stdout.startswith("# No contract decision is legal after move 51: you to answer")


def test_moves_json_names_the_answers_not_the_offering_seats_groups(tmp_path: Path) -> None:
    """It listed computer's groups (its pending decision, its contracts) while the text
    listed accept and decline: now the JSON says the same."""
    import json

    log = _offered(tmp_path)
    result = run(["moves", str(log), "--format", "json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert (data["format"], data["at"], data["decider"]) == ("forex-moves", 51, "you")
    assert data["text"] == "you to answer computer's offer (accept or decline)"
    assert data["groups"] == [] and "pending" not in data
    assert data["answers"] == [
        {
            "answer": "accept",
            "does": "you get 1 GBP for 1.5 EUR from computer, whose entry is played as offered",
            "command": f"forex play {log} you accept",
        },
        {
            "answer": "decline",
            "does": "no deal: computer chooses again without it",
            "command": f"forex play {log} you decline",
        },
    ]
    assert data["offer"]["player"] == "computer" and data["offer"]["partner"] == "you"
    assert data["offer"]["decision"].startswith("spot 1 GBP to you for 1.5 EUR; ")
    assert "computer" in data["engines"]
    kind = json.loads(run(["moves", str(log), "--format", "json", "--kind", "contract"]).stdout)
    assert kind["groups"] == [] and [a["answer"] for a in kind["answers"]] == ["accept", "decline"]
    # before the offer (--at 50) the seat's own decisions are listed as before
    earlier = json.loads(run(["moves", str(log), "--format", "json", "--at", "50"]).stdout)
    assert "answers" not in earlier and earlier["groups"]


def test_moves_json_answer_commands_paste_into_a_shell(tmp_path: Path) -> None:
    """The answers' commands named the log raw: a folder with a space broke them."""
    import json
    import shlex

    folder = tmp_path / "my g'ames"
    folder.mkdir()
    log = _offered(folder)
    data = json.loads(run(["moves", str(log), "--format", "json"]).stdout)
    for answer in data["answers"]:
        assert shlex.split(answer["command"]) == [
            "forex",
            "play",
            str(log),
            "you",
            answer["answer"],
        ]
