"""forex hint, analyse, play --engine and selfplay through CliRunner, with goldens.

The goldens are made at a fixed seed and simulation count (never a time
budget), so they are the same on every machine.
"""

from __future__ import annotations

import io
import json
import shutil
import sys
from pathlib import Path

import pytest

from forexcli.games.forex.rules import apply, legal_decisions
from forexcli.record import gamelog
from tests.cli.test_commands import ANNOTATED, TWO, new_game, replayed, run, truncated
from tests.cli.test_golden import check_golden


@pytest.fixture
def at_ten(tmp_path: Path) -> Path:
    return truncated(TWO, 10, tmp_path / "two.yaml")


@pytest.mark.slow
def test_hint_golden(at_ten: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(at_ten.parent)
    result = run(["hint", "two.yaml", "--simulations", "150", "--top", "3"])
    assert result.exit_code == 0, result.output
    report = result.stdout
    result = run(["hint", "two.yaml", "--simulations", "150", "--format", "markdown"])
    assert result.exit_code == 0, result.output
    check_golden("hint-two-at-10.txt", report + "\n" + result.stdout)


@pytest.mark.slow
def test_hint_json_decisions_are_legal(at_ten: Path) -> None:
    """Every suggestion and every line is played back through the reference engine."""
    from forexcli.games.forex.notation import parse

    result = run(["hint", str(at_ten), "--simulations", "100", "--top", "5", "--format", "json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    state = replayed(at_ten).final
    assert data["player"] == state.pending_player
    assert len(data["suggestions"]) == 5
    for suggestion in data["suggestions"]:
        assert 0 <= suggestion["value"] <= 1
        assert abs(sum(suggestion["values"].values()) - 1) < 1e-3
        position = state
        steps = [(data["player"], suggestion["decision"])]
        steps += [(item["player"], item["decision"]) for item in suggestion["line"]]
        for player, text in steps:
            for step in parse(player, text).decisions():
                assert step in legal_decisions(position)
                position = apply(position, step)


@pytest.mark.slow
def test_hint_is_deterministic(at_ten: Path) -> None:
    args = ["hint", str(at_ten), "--simulations", "80", "--seed", "5", "--format", "json"]
    assert run(args).stdout == run(args).stdout


@pytest.mark.slow
def test_play_engine_golden(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    truncated(ANNOTATED, 26, tmp_path / "game.yaml")
    monkeypatch.chdir(tmp_path)
    result = run(["play", "game.yaml", "otto", "--engine", "--simulations", "100"])
    assert result.exit_code == 0, result.output
    check_golden("play-engine.txt", result.stdout + (tmp_path / "game.yaml").read_text())


def test_play_usage_errors(tmp_path: Path) -> None:
    game = new_game(tmp_path / "game.yaml")
    before = game.read_bytes()
    cases = [
        (["play", str(game), "alice"], "give the DECISION"),
        (["play", str(game), "alice", "resolve", "--engine"], "not both"),
        (["play", str(game), "alice", "resolve", "--simulations", "5"], "go with --engine"),
        (["play", str(game), "alice", "--engine", "--simulations", "0"], "simulations must be"),
        (["play", str(game), "alice", "--engine", "--seconds", "0"], "seconds must be"),
        (["play", str(game), "alice", "--engine", "--seconds", "99999"], "seconds must be"),
    ]
    for args, message in cases:
        result = run(args)
        assert result.exit_code == 2, (args, result.output)
        assert message in result.stderr, (args, result.stderr)
        assert "Traceback" not in result.output
    result = run(["play", str(game), "bob", "--engine", "--simulations", "5"])
    assert result.exit_code == 1
    assert "not_your_turn" in result.stderr and "alice decides next" in result.stderr
    assert game.read_bytes() == before


def test_engine_on_a_finished_or_invalid_game(tmp_path: Path) -> None:
    done = tmp_path / "done.yaml"
    shutil.copyfile(TWO, done)
    for args in (
        ["hint", str(done), "--simulations", "5"],
        ["play", str(done), "ada", "--engine", "--simulations", "5"],
    ):
        result = run(args)
        assert result.exit_code == 1, result.output
        assert "game_over" in result.stderr
        assert f"{done}:137:5:" in result.stderr
    bad = tmp_path / "bad.yaml"
    bad.write_text(
        "forex: 1\nplayers: [a, b]\nremoved: {GBP: 1, USD: 2, CNY: 3}\nmoves:\n  - b: resolve\n"
    )
    for command in ("hint", "analyse"):
        result = run([command, str(bad), "--simulations", "5"])
        assert result.exit_code == 1, result.output
        assert "not_your_turn" in result.stderr and "bad.yaml:5:" in result.stderr
    result = run(["hint", str(tmp_path / "missing.yaml")])
    assert result.exit_code == 2
    result = run(["hint", str(done), "--simulations", "-3"])
    assert result.exit_code == 2 and "simulations must be" in result.stderr


@pytest.mark.slow
def test_analyse_golden(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    truncated(ANNOTATED, 14, tmp_path / "game.yaml")
    monkeypatch.chdir(tmp_path)
    result = run(["analyse", "game.yaml", "--simulations", "60", "--from", "3", "--to", "10", "-v"])
    assert result.exit_code == 0, result.output
    report = result.stdout
    result = run(
        ["analyse", "game.yaml", "--simulations", "60", "--to", "4", "--format", "markdown"]
    )
    assert result.exit_code == 0, result.output
    check_golden("analyse-annotated.txt", report + "\n" + result.stdout)
    result = run(["analyse", "game.yaml", "--simulations", "60", "--to", "4", "--format", "json"])
    data = json.loads(result.stdout)
    assert [m["move"] for m in data["moves"]] == [1, 2, 3, 4]
    assert data["written"] is False
    for move in data["moves"]:
        assert move["loss"] >= 0
        if move["verdict"] in (None, "only"):
            assert move["loss"] < data["thresholds"]["dubious"]
        else:
            assert move["graded"] and move["loss"] >= data["thresholds"]["dubious"]
            assert move["better"]["decision"] == move["best"] != move["played"]


@pytest.mark.slow
def test_analyse_write_keeps_comments_and_notes(tmp_path: Path) -> None:
    game = truncated(ANNOTATED, 14, tmp_path / "game.yaml")
    before = game.read_text()
    result = run(["analyse", str(game), "--simulations", "60", "--write"])
    assert result.exit_code == 0, result.output
    after = game.read_text()
    check_golden("analyse-write.yaml", after)
    # Every line of the old text is still there, in order, except the notes that grew.
    old_lines = [line for line in before.splitlines() if "note:" not in line]
    new_lines = [line for line in after.splitlines() if "note:" not in line]
    assert [line for line in new_lines if line in old_lines] == old_lines
    log = gamelog.load(game)
    old_log = gamelog.read_log(before, "old")
    verdicts = json.loads(
        run(["analyse", str(game), "--simulations", "60", "--format", "json"]).stdout
    )["moves"]
    for old, new, verdict in zip(old_log.entries, log.entries, verdicts, strict=True):
        if old.note:
            assert new.note is not None and new.note.startswith(old.note)
        if verdict["verdict"] and new.note:
            assert "[engine:" in new.note
    # Analysing again replaces the verdicts instead of piling them up.
    assert run(["analyse", str(game), "--simulations", "60", "--write"]).exit_code == 0
    assert all((e.note or "").count("[engine:") <= 1 for e in gamelog.load(game).entries)


@pytest.mark.slow
def test_analyse_range_errors(tmp_path: Path) -> None:
    game = truncated(ANNOTATED, 6, tmp_path / "game.yaml")
    before = game.read_bytes()
    for args, message in (
        (["--to", "9"], "no move 9"),
        (["--from", "5", "--to", "3"], "after --to"),
        (["--simulations", "0"], "simulations must be"),
        (["--seconds-per-move", "0"], "seconds must be"),
    ):
        result = run(["analyse", str(game), *args, "--write"])
        assert result.exit_code == 2, (args, result.output)
        assert message in result.stderr
    empty = new_game(tmp_path / "empty.yaml")
    result = run(["analyse", str(empty), "--simulations", "5"])
    assert result.exit_code == 2 and "no moves" in result.stderr
    assert game.read_bytes() == before


@pytest.mark.slow
def test_analyse_interrupted_writes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl-C in the middle of an analysis: exit 130, the log unchanged."""
    from forexcli.search import verdicts

    game = truncated(ANNOTATED, 8, tmp_path / "game.yaml")
    before = game.read_bytes()
    calls = []
    real = verdicts.grade

    def judge_then_stop(*args: object, **kwargs: object) -> verdicts.Graded:
        calls.append(1)
        if len(calls) == 3:
            raise KeyboardInterrupt
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(verdicts, "grade", judge_then_stop)
    result = run(["analyse", str(game), "--simulations", "20", "--write"])
    assert result.exit_code == 130
    assert "nothing was written" in result.stderr
    assert game.read_bytes() == before


@pytest.mark.slow
def test_analyse_of_a_folder_without_logs_says_so(tmp_path: Path) -> None:
    """A folder with no game log in it is told as such (it printed nothing, exit 0); in JSON
    the empty list says it."""
    (tmp_path / "notes.txt").write_text("not a log\n")
    result = run(["analyse", str(tmp_path), "--simulations", "20"])
    assert result.exit_code == 0, result.output
    assert result.stdout == f"{tmp_path}: no game log in it; nothing was analysed\n"
    as_json = run(["analyse", str(tmp_path), "--simulations", "20", "--format", "json"])
    assert as_json.exit_code == 0 and json.loads(as_json.stdout) == []


def test_analyse_folder(tmp_path: Path) -> None:
    folder = tmp_path / "games"
    folder.mkdir()
    truncated(ANNOTATED, 3, folder / "a.yaml")
    truncated(TWO, 4, folder / "b.yaml")
    result = run(
        ["analyse", str(folder), "--simulations", "20", "--processes", "2", "--format", "json"]
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert sorted(Path(d["file"]).name for d in data) == ["a.yaml", "b.yaml"]
    assert sorted(len(d["moves"]) for d in data) == [3, 4]


def test_selfplay_games_validate(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = run(
        ["selfplay", "out", "--games", "2", "--seat", "engine:20", "--seat", "greedy",
         "--seat", "random", "--processes", "1"]
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    check_golden("selfplay.txt", result.stdout)
    for name in ("game-001.yaml", "game-002.yaml"):
        played = replayed(tmp_path / "out" / name)
        assert played.final.is_over
        assert played.log.players == ("engine1", "greedy2", "random3") or name == "game-002.yaml"
    result = run(["validate", "out"])
    assert result.exit_code == 0, result.output
    result = run(["selfplay", "out", "--games", "1", "--simulations", "5"])
    assert result.exit_code == 2 and "already exists" in result.stderr


def test_a_log_error_crosses_a_process_boundary_whole() -> None:
    """``LogError`` pickles with its problems (a worker of ``forex selfplay`` raises it)."""
    import pickle

    from forexcli.record.problems import LogError, Problem

    problem = Problem("yaml_syntax", "YAML syntax error", "yaml", "a.yaml", 2, 18)
    back = pickle.loads(pickle.dumps(LogError([problem], usage=True)))
    assert isinstance(back, LogError) and back.problems == [problem] and back.usage


def test_selfplay_tells_a_log_its_game_cannot_read_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game whose self-play header does not read back is told as the log's problem, with
    its place and code, not a traceback; no log is written."""
    from forexcli import games
    from forexcli.games.counting.search import CountingAdvisor

    broken = "game: counting\ntitle: a: b\nplayers: [a, b]\nmoves: []\n"
    monkeypatch.setattr(CountingAdvisor, "header", lambda self, *args: broken)
    monkeypatch.chdir(tmp_path)
    games.register("counting", "forexcli.games.counting:COUNTING")
    try:
        result = run(["selfplay", "out", "--game", "counting", "--processes", "1"])
    finally:
        games.unregister("counting")
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    assert result.stderr.startswith("out/game-001.yaml:2:9: yaml_syntax: ")
    assert not (tmp_path / "out" / "game-001.yaml").exists()


def test_selfplay_usage_errors(tmp_path: Path) -> None:
    for args, message in (
        (["--seat", "engine"], "1 seat given"),
        (["--seat", "wizard", "--seat", "greedy"], "a seat is one of"),
        (["--seat", "greedy:5", "--seat", "greedy"], "only an engine seat"),
        (["--seat", "engine:0", "--seat", "greedy"], "simulations must be"),
        (["--seat", "engine:xs", "--seat", "greedy"], "write engine:"),
        (["--simulations", "0"], "simulations must be"),
    ):
        result = run(["selfplay", str(tmp_path / "out"), *args])
        assert result.exit_code == 2, (args, result.output)
        assert message in result.stderr, (args, result.stderr)
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").iterdir())


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize("terminal", [True, False])
def test_progress_bar_only_on_a_terminal(monkeypatch: pytest.MonkeyPatch, terminal: bool) -> None:
    from forexcli.cli.engine import _Progress

    stream = _Terminal() if terminal else io.StringIO()
    monkeypatch.setattr(sys, "stderr", stream)
    bar = _Progress(10, "analysing")
    bar.step(4)
    bar.to(10)
    bar.close()
    assert ("analysing" in stream.getvalue()) is terminal
    if not terminal:
        assert stream.getvalue() == ""


def test_a_game_without_an_advisor_is_refused_cleanly(tmp_path: Path) -> None:
    """The toy game of docs/adding-a-game.md without its engine (``PLAIN``): the engine's commands
    refuse its log with ``not_for_game`` at the header's ``game:``, and a hint."""
    from forexcli import games

    path = tmp_path / "count.yaml"
    path.write_text(
        "game: counting\nplayers: [ann, bob]\ntarget: 5\nmoves:\n  - ann: add 2\n",
        encoding="utf-8",
    )
    before = path.read_bytes()
    games.register("counting", "forexcli.games.counting:PLAIN")
    try:
        for args in (
            ["hint", str(path), "--simulations", "5"],
            ["analyse", str(path), "--simulations", "5", "--write"],
            ["play", str(path), "bob", "--engine", "--simulations", "5"],
        ):
            result = run(args)
            assert result.exit_code == 2, (args, result.output)
            assert f"{path}:1:7: not_for_game:" in result.stderr, result.stderr
            assert "the engine (hint, analyse, play --engine, selfplay) is not offered for" in (
                result.stderr
            )
            said = " ".join(result.stderr.split())
            assert f"hint: a person decides instead: forex play {path} PLAYER DECISION" in said
            assert f"forex moves {path}" in said
            assert "Game.advisor" not in said and "adding-a-game" not in said  # not a developer's
            assert "Traceback" not in result.output
    finally:
        games.unregister("counting")
    assert path.read_bytes() == before


def test_selfplay_of_for_ex_takes_no_components_file(tmp_path: Path) -> None:
    result = run(["selfplay", str(tmp_path / "out"), "--components", "x.json"])
    assert result.exit_code == 2
    assert "a For-Ex game names no components file" in result.stderr
    assert not (tmp_path / "out").exists()


def test_play_engine_is_deterministic_for_both_games(tmp_path: Path) -> None:
    """The same position, simulations and seed give the same decision, For-Ex and World
    Exchangers alike."""
    from forexcli.cli.engine import engine_decision, search_budget
    from tests.games.worldex.test_search import example_copy

    forex = truncated(ANNOTATED, 12, tmp_path / "game.yaml")
    (tmp_path / "wx").mkdir()
    worldex = example_copy(tmp_path / "wx", 12)
    plan = search_budget(None, 40)
    for path in (forex, worldex):
        played = gamelog.replay(gamelog.load(path))
        (player,) = played.log.game.pending(played.final).deciders
        first = engine_decision(str(path), player, plan, 3)
        assert engine_decision(str(path), player, plan, 3) == first


def test_selfplay_writes_its_totals_with_thousands_separators(tmp_path: Path) -> None:
    """World Exchangers' totals are thousands of coins: ``4,100 1,500`` as every other report
    writes them, not ``4100 1500``."""
    import re

    components = Path(__file__).parents[2] / "forexcli/games/worldex/data/invented-components.json"
    result = run(
        [
            "selfplay",
            "--game",
            "world-exchangers",
            "--components",
            str(components),
            "--games",
            "2",
            "--seat",
            "random",
            "--seat",
            "greedy",
            str(tmp_path / "out"),
        ]
    )
    assert result.exit_code == 0, result.output
    totals = [t for row in re.findall(r"month 12  +(.+?)  ", result.stdout) for t in row.split()]
    assert len(totals) == 4, result.stdout
    assert all(re.fullmatch(r"\d{1,3}(,\d{3})*", t) for t in totals), totals
    assert any("," in t for t in totals), totals
