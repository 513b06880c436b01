"""Smoke test of the benchmark corpus generator: a few games, each a valid, finished log."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest

from benchmarks import corpus
from forexcli.games.forex.rules import Decision, GameState
from forexcli.record import gamelog, validation


def outcome(run: Callable[[], GameState]) -> object:
    """What ``run()`` gives: the state, or the type, code and reason of its error."""
    from forexcli.games.forex.rules import ForexError

    try:
        return run()
    except ForexError as error:
        return (type(error), error.code, error.reason)


def one_by_one(state: GameState, decisions: Sequence[Decision]) -> GameState:
    """``apply`` decision after decision."""
    from forexcli.games.forex.rules import apply

    for decision in decisions:
        state = apply(state, decision)
    return state


def test_generated_games_validate(tmp_path: Path) -> None:
    written = corpus.generate(tmp_path, games=5, seed=7)
    assert [path.name for path, _ in written] == sorted(p.name for p in tmp_path.glob("*.yaml"))
    assert {len(game.players) for _, game in written} == {2, 3, 4, 5, 6}
    for path, game in written:
        problems, played = validation.check(path)
        assert problems == [], path.read_text(encoding="utf-8")
        assert played is not None
        assert len(played.states) == len(game.entries)
        assert played.final.is_over
        assert played.final.ending == game.ending


def test_generation_is_deterministic(tmp_path: Path) -> None:
    first = corpus.generate(tmp_path / "a", games=2, seed=11)
    second = corpus.generate(tmp_path / "b", games=2, seed=11)
    for (a, _), (b, _) in zip(first, second, strict=True):
        assert a.read_bytes() == b.read_bytes()


def test_apply_all_matches_apply_one_by_one(tmp_path: Path) -> None:
    """``apply_all`` (one working copy for many decisions) is ``apply`` repeated, errors too."""
    from forexcli.games.forex.rules import apply_all, legal_decisions

    rng = random.Random(5)
    for path, _ in corpus.generate(tmp_path, games=5, seed=3):
        log = gamelog.load(path)
        decisions = [d for entry in log.entries for d in entry.written.decisions()]
        start = log.new_game()
        assert apply_all(start, decisions) == one_by_one(start, decisions)
        for _ in range(30):
            cut = rng.randrange(len(decisions))
            middle = one_by_one(start, decisions[:cut])
            tried = rng.choice(legal_decisions(middle))
            odd = rng.choice(decisions)  # most often illegal here
            for tail in ([tried, *decisions[cut + 1 : cut + 4]], [odd], decisions[cut : cut + 5]):
                assert outcome(lambda: apply_all(middle, tail)) == outcome(  # noqa: B023
                    lambda: one_by_one(middle, tail)  # noqa: B023
                )


def test_verdicts_benchmark_grades_every_decision() -> None:
    """benchmarks/verdicts: one small game graded, a side, a loss and an accuracy for each;
    and the agreement of two budgets on one decision of it."""
    from benchmarks import verdicts

    judged = verdicts.judge_game("greedy2", 0, simulations=20, judge=40)
    assert len(judged.decisions) == judged.moves > 0
    assert {side for side, *_ in judged.decisions} == {"strong", "weak"}
    assert all(loss >= 0 for _, _, loss, _ in judged.decisions)
    assert judged.winner in {"strong", "weak", "shared"}
    assert set(judged.accuracy) == {"strong", "weak"}
    assert all(0 <= accuracy <= 100 for accuracy in judged.accuracy.values())
    (row,) = verdicts.agreement_task(0, 20, [10, 40], 1)
    assert row[0] == "game 0:1" and len(row[1]) == 2


def test_verdicts_agreement_takes_budgets_in_seconds(capsys: pytest.CaptureFixture[str]) -> None:
    """benchmarks/verdicts agreement --seconds 0.2,1 --reference-seconds 10 (issue 42's check),
    here at small budgets: each budget named in seconds, the decision counted at each (graded,
    or ungraded when a loaded machine leaves a budget too short to search)."""
    import re

    from benchmarks import verdicts

    log = str(Path(__file__).parents[2] / "examples" / "two-players.yaml")
    verdicts.main(["agreement", "--log", log, "--sample", "1", "--seconds", "0.05,0.1",
                   "--reference-seconds", "0.2", "--processes", "1"])  # fmt: skip
    out = capsys.readouterr().out
    assert "grading budgets ['0.05 s', '0.1 s'] against 0.2 s" in out
    assert "1 decisions; at 0.2 s:" in out
    for budget in ("0.05", "0.1"):
        counted = re.search(rf"at {budget} s: +(\d) ungraded; of the (\d) graded at both", out)
        assert counted is not None, out
        assert int(counted.group(1)) + int(counted.group(2)) == 1, out


def test_apply_all_snippet_times_todays_engine(tmp_path: Path) -> None:
    """benchmarks/run: the snippet that times the engine before issue 12 and now runs here."""
    import json
    import subprocess
    import sys

    from benchmarks import run

    corpus.generate(tmp_path, games=3, seed=5)
    expected = 0
    for path in sorted(tmp_path.glob("game-*.yaml")):
        log = gamelog.load(path)
        expected += sum(len(entry.written.decisions()) for entry in log.entries)
    done = subprocess.run(
        [sys.executable, "-c", run.APPLY_ALL_SNIPPET, str(tmp_path), "2"],
        cwd=run.ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    result = json.loads(done.stdout)
    assert result["decisions"] == expected > 0
    wall, cpu = result["apply_all"]
    assert 0 < wall < 60 and 0 <= cpu < 60


def test_tree_at_a_commit_holds_its_engine() -> None:
    """benchmarks/run: the tree of an earlier commit has its own engine (or there is no git)."""
    from benchmarks import run

    with run.tree_at(run.BEFORE_COMMIT) as before:
        if before is None:
            import pytest

            pytest.skip(f"no git history with {run.BEFORE_COMMIT} here")
        assert (before / "forexcli" / "engine" / "rules.py").is_file()
        assert not (before / "forexcli" / "games").exists()  # the layout before the frame


def test_apply_all_raises_what_apply_raises_for_the_wrong_player() -> None:
    """The quick look at whose decision it is leaves every doubtful case to the full check."""
    from msgspec import structs

    from forexcli.games.forex.rules import Invest, Resolve, apply_all, new_game

    start = new_game(("ann", "bob", "cy"), (1, 1, 1, 1, 1, 1, 0), "ann")
    twins = structs.replace(start, players=("ann", "ann", "cy"))  # never made by new_game
    for state in (start, twins):
        for decision in (
            Resolve("bob"),
            Resolve("dan"),
            Resolve("Ann"),
            Invest("ann", ("USD",)),
            Invest("bob", ("USD",)),
        ):
            for tail in ([decision], [Invest("ann", ("USD",)), decision]):
                assert outcome(lambda: apply_all(state, tail)) == outcome(  # noqa: B023
                    lambda: one_by_one(state, tail)  # noqa: B023
                ), (tail, state.players)


def _finals_digest(folder: Path) -> str:
    """The digest the compiled-engine benchmark prints, made here with ``apply`` one by one."""
    import hashlib

    import msgspec

    digest = hashlib.sha256()
    for path in sorted(folder.glob("game-*.yaml")):
        log = gamelog.load(path)
        decisions = [d for entry in log.entries for d in entry.written.decisions()]
        digest.update(msgspec.json.encode(one_by_one(log.new_game(), decisions)))
    return digest.hexdigest()


@pytest.mark.slow
def test_the_compiled_engine_benchmark_replays_as_the_engine_does(tmp_path: Path) -> None:
    """benchmarks/compiled: mypyc compiles the rules as they are, and the compiled engine
    reaches the final state ``apply`` reaches in every game (skipped without a C compiler)."""
    import json
    import shutil
    import subprocess
    import sys

    import pytest

    from benchmarks import compiled, run

    if shutil.which("cc") is None and shutil.which("gcc") is None:
        pytest.skip("no C compiler here for mypyc")
    games = tmp_path / "games"
    corpus.generate(games, games=4, seed=9)
    expected = _finals_digest(games)
    build = tmp_path / "build"
    build.mkdir()
    assert compiled.compile_engine(build) is None
    for tree, suffix in ((run.ROOT, ".py"), (build, ".so")):
        done = subprocess.run(
            [sys.executable, "-c", compiled.REPLAY_SNIPPET, str(games), "1"],
            cwd=tree,
            capture_output=True,
            text=True,
            check=True,
        )
        result = json.loads(done.stdout)
        assert Path(result["module"]).suffix == suffix
        assert Path(result["module"]).is_relative_to(tree)
        assert result["finals"] == expected


@pytest.mark.slow
def test_the_whole_compiled_benchmark_runs_forex_from_the_tree_it_names(tmp_path: Path) -> None:
    """benchmarks/compiled --whole: its command runs ``forex`` from the tree named (here the
    checkout, whose report is the CLI's), and a tree whose modules were not compiled is
    refused rather than timed as the compiled one."""
    import subprocess
    import sys

    from click.testing import CliRunner

    from benchmarks import compiled, run
    from forexcli.cli import forex

    games = tmp_path / "games"
    corpus.generate(games, games=3, seed=5)
    arguments = ["validate", "-v", "--format", "json", str(games)]
    done = subprocess.run(
        [sys.executable, "-c", compiled.FOREX_IN_TREE, str(run.ROOT), *arguments],
        capture_output=True,
        text=True,
        check=False,
    )
    expected = CliRunner().invoke(forex, arguments)
    assert (done.returncode, done.stdout) == (0, expected.output)
    why = compiled._same_reports({"pure": run.ROOT, "mypyc": run.ROOT}, games)
    assert why is not None and why.startswith("the mypyc tree loaded ")
    assert "rules.py" in why


@pytest.mark.slow
def test_every_stage_of_the_stages_benchmark_reads_the_files(tmp_path: Path) -> None:
    """benchmarks/stages: each stage's snippet runs on real logs (valgrind counts it)."""
    import subprocess
    import sys

    from benchmarks import stages

    names = [str(path) for path, _ in corpus.generate(tmp_path, games=2, seed=4)]
    for stage in range(len(stages.STAGES)):
        done = subprocess.run(
            [sys.executable, "-c", stages.STAGE_SNIPPET, str(stage), *names],
            capture_output=True,
            text=True,
            check=False,
        )
        assert done.returncode == 0, (stage, done.stderr)
    for flag in ("0", "1"):
        done = subprocess.run(
            [sys.executable, "-c", stages.PARSE_SNIPPET, flag, *names],
            capture_output=True,
            text=True,
            check=False,
        )
        assert done.returncode == 0, done.stderr


@pytest.mark.slow
def test_frame_speed_reads_a_percentage_and_runs_both_commands_from_a_worktree(
    tmp_path: Path,
) -> None:
    """benchmarks/frame_speed: ``5%`` is 0.05, and each command runs ``forex`` from a
    revision's worktree (here HEAD's) on the corpus."""
    import subprocess

    from benchmarks import frame_speed

    assert frame_speed.percent("5%") == frame_speed.percent("0.05") == 0.05
    files = [path for path, _ in corpus.generate(tmp_path, games=2, seed=4)]
    named = frame_speed.commands(files)
    assert [name.split(" (")[0] for name in named] == [
        "forex validate -j 1",
        "forex show GAME",
        "forex play HALF --dry-run",
    ]
    with frame_speed.worktree("HEAD") as tree:
        assert (tree / "forexcli" / "__init__.py").is_file()
        for command in named.values():
            done = subprocess.run(
                command, cwd=tree, env=frame_speed.run_env(), capture_output=True, text=True
            )
            assert done.returncode == 0, done.stderr
        shown = subprocess.run(
            named["forex show GAME"], cwd=tree, env=frame_speed.run_env(), capture_output=True
        )
        assert b"Currency board" in shown.stdout
    assert not tree.exists()
