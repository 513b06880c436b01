"""forex analyse's verdicts (issue 42): graded by the chance of finishing first on a bounded
scale, aware of the budget, explained by the lines and what decides them, marked ?! ? ?? !,
summed up per player; forex chart --eval draws the chances."""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Sequence
from pathlib import Path
from typing import Any, cast

import pytest
from hypothesis import given
from hypothesis import strategies as st

from forexcli.games.base import Advice, Budget, Weighed
from forexcli.record import gamelog
from forexcli.reporters import text_width
from forexcli.reporters.verdicts import analysis_text
from forexcli.search.verdicts import (
    BLUNDER,
    DUBIOUS,
    MIN_VISITS,
    MISTAKE,
    accuracy_of,
    grade,
    loss_between,
    noted_verdict,
    scale,
    summaries,
)
from tests.cli.test_commands import ANNOTATED, BANKRUPT, EXAMPLES, TWO, run, truncated

chances = st.floats(min_value=0.0, max_value=1.0, allow_nan=False)


@given(chances, chances)
def test_the_scale_is_bounded_and_increasing(a: float, b: float) -> None:
    low, high = sorted((a, b))
    assert 0.0 <= scale(low) <= scale(high) <= 1.0
    assert loss_between(high, low) == pytest.approx(scale(high) - scale(low))
    assert loss_between(low, high) == 0.0
    assert loss_between(high, low) >= (high - low) / 2 - 1e-12  # never below half the chance


def test_a_lost_position_is_no_free_pass_and_a_won_one_no_minefield() -> None:
    assert loss_between(0.05, 0.01) >= MISTAKE  # a fifth of what chances were left
    assert loss_between(0.02, 0.005) >= DUBIOUS
    assert loss_between(0.99, 0.96) < DUBIOUS  # still won
    assert loss_between(0.999, 0.95) < DUBIOUS
    assert loss_between(0.6, 0.3) >= BLUNDER  # the middle: about the chance itself
    assert accuracy_of(0.0) == pytest.approx(100.0, abs=0.01)
    assert accuracy_of(BLUNDER) < accuracy_of(MISTAKE) < accuracy_of(DUBIOUS) < 100


class _Fixed:
    """A searcher whose search of chances returns the given ``Weighed``."""

    def __init__(self, weighed: Weighed) -> None:
        self.weighed = weighed

    def names(self, state: Any) -> tuple[str, ...]:
        return ("ann", "bob")

    def mover(self, state: Any) -> int:
        return 0

    def write(self, decisions: Sequence[Any]) -> str:
        return " ".join(map(str, decisions))

    def key(self, decisions: Sequence[Any]) -> str:
        return "ann"

    def advise(self, *args: Any, **kwargs: Any) -> Any:
        raise AssertionError("analyse weighs, it does not advise")

    def weigh(self, *args: Any, **kwargs: Any) -> Any:
        raise AssertionError("a searcher of chances is asked for them")

    def weigh_chances(self, *args: Any, **kwargs: Any) -> Weighed:
        return self.weighed

    def decisive(self, *args: Any, **kwargs: Any) -> tuple[str, ...]:
        return ()


def _advice(entry: str, chance: float, visits: int) -> Advice:
    return Advice((entry,), (("reply",),), (chance, 1 - chance), visits)


def _graded(
    played: str, chance: float, best: Advice, runner: Advice | None = None, seen: int = 20
) -> Any:
    weighed = Weighed((chance, 1 - chance), seen, (), best, runner, best.entry == (played,))
    return grade(cast(Any, _Fixed(weighed)), None, 7, (played,), Budget(simulations=100))


def test_grades_ungraded_and_the_only_good_decision() -> None:
    blunder = _graded("x", 0.2, _advice("y", 0.7, 50))
    assert (blunder.label, blunder.mark, blunder.graded) == ("blunder", "??", True)
    assert blunder.best.text == "y" and blunder.best.line == (("ann", "reply"),)
    assert "better y 70%" in blunder.note() and blunder.note().startswith("[engine: ?? ")
    unsure = _graded("x", 0.2, _advice("y", 0.7, MIN_VISITS - 1))
    assert (unsure.label, unsure.graded, unsure.loss) == (None, False, 0.0)
    only = _graded("y", 0.7, _advice("y", 0.7, 50), _advice("z", 0.4, 30))
    assert (only.label, only.mark, only.loss) == ("only", "!", 0.0)
    assert "the only good decision" in only.note() and "next best z" in only.note()
    plain = _graded("y", 0.7, _advice("y", 0.7, 50), _advice("z", 0.68, 30))
    assert (plain.label, plain.mark, plain.graded) == (None, "", True)
    alone = _graded("y", 0.7, _advice("y", 0.7, 50), _advice("z", 0.9, MIN_VISITS - 1))
    assert (alone.label, alone.graded) == (None, True)  # the search's own choice
    forced_only = _graded("y", 0.7, _advice("y", 0.7, 10), _advice("z", 0.9, 3), seen=10)
    assert (forced_only.label, forced_only.graded) == (None, False)  # first by forced visits
    forced = _graded("y", 0.3, _advice("y", 0.3, 50), _advice("z", 0.6, 40))
    assert (forced.label, forced.best.text, forced.same) == ("blunder", "z", False)
    counted = summaries([blunder, unsure, only], ["ann", "bob"])
    assert counted[0].counts == {"blunder": 1, "mistake": 0, "dubious": 0, "only": 1, "good": 0}
    assert (counted[0].graded, counted[0].decisions, counted[0].swing) == (2, 3, 7)
    assert counted[1].decisions == 0 and counted[1].accuracy == 100.0


def test_a_blunder_names_the_bankruptcy_the_better_decision_brings(tmp_path: Path) -> None:
    """Move 67 of the 4-player example: carla invests where resolving bankrupts esme and ends
    the game with carla first; the verdict, the note and -v say so."""
    game = tmp_path / "game.yaml"
    shutil.copyfile(BANKRUPT, game)
    args = ["analyse", str(game), "--simulations", "100", "--from", "67", "--to", "67"]
    data = json.loads(run([*args, "--format", "json"]).stdout)
    (move,) = data["moves"]
    assert (move["verdict"], move["mark"], move["best"]) == ("blunder", "??", "resolve")
    assert move["better"]["decisive"] == [
        "esme is bankrupt",
        "the game ends: JPY scores (by pairs), carla first",
    ]
    assert data["players"][0]["player"] == "carla" and data["ungraded"] == 0
    assert data["series"][0]["chances"]["carla"] == move["chance"]
    verbose = run([*args, "-v"], COLUMNS="80")
    assert verbose.exit_code == 0, verbose.output
    assert "after resolve (better, 100%) -- esme is bankrupt" in verbose.stdout
    assert all(len(line) <= 80 for line in verbose.stdout.splitlines())
    written = run([*args, "--write"])
    assert written.exit_code == 0, written.output
    note = gamelog.load(game).entries[66].note or ""
    assert note.startswith("[engine: ?? blunder,") and "esme is bankrupt" in note


def test_one_line_per_decision_at_80_columns_and_ungraded_counted(tmp_path: Path) -> None:
    game = tmp_path / "game.yaml"
    shutil.copyfile(BANKRUPT, game)
    result = run(["analyse", str(game), "--simulations", "4", "--to", "6"], COLUMNS="80")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert all(len(line) <= 80 for line in lines)
    rows = [line for line in lines if line[:4].strip().isdigit()]
    assert [int(line[:4]) for line in rows] == [1, 2, 3, 4, 5, 6]
    data = json.loads(
        run(["analyse", str(game), "--simulations", "4", "--to", "6", "--format", "json"]).stdout
    )
    ungraded = data["ungraded"]
    assert ungraded == sum(not m["graded"] for m in data["moves"]) > 0
    assert f"{ungraded} decision" in result.stdout and "left ungraded" in result.stdout
    assert all(m["verdict"] is None for m in data["moves"] if not m["graded"])


def test_chart_eval_draws_the_chances_with_the_marks(tmp_path: Path) -> None:
    game = truncated(ANNOTATED, 14, tmp_path / "game.yaml")
    args = ["chart", str(game), "--eval", "--simulations", "40", "--title", "t"]
    result = run([*args, "-o", str(tmp_path / "eval.svg")])
    assert result.exit_code == 0, result.output
    svg = (tmp_path / "eval.svg").read_text(encoding="utf-8")
    for name in ("mira", "noor", "otto"):
        assert f'id="chance-{name}"' in svg
    marks = json.loads(
        run(["analyse", str(game), "--simulations", "40", "--format", "json"]).stdout
    )["series"]
    marked = [p["move"] for p in marks if p["mark"]]
    assert marked and all(f'id="move-{m}"' in svg for m in marked)
    png = run([*args, "-o", str(tmp_path / "eval.png")])
    assert png.exit_code == 0 and (tmp_path / "eval.png").read_bytes()[:4] == b"\x89PNG"
    misused = run(["chart", str(game), "--simulations", "6"])
    assert misused.exit_code == 2 and "go with --eval" in misused.stderr


def test_the_weaker_side_is_less_accurate_and_a_bankrupt_loser_never_best(
    tmp_path: Path,
) -> None:
    """Issue 42's check, small: games of the engine against the random player (one ends in
    the random player's bankruptcy), analysed: the random player is the less accurate in
    every game, and a bankrupt player never has the best accuracy.  The full figures, with
    the engine against itself at a tenth of its budget and other ladder players, are
    benchmarks/verdicts.py's (benchmarks/RESULTS.md)."""
    folder = tmp_path / "games"
    played = run(["selfplay", str(folder), "--games", "2", "--seat", "engine:50",
                  "--seat", "random", "--processes", "1"])  # fmt: skip
    assert played.exit_code == 0, played.output
    result = run(["analyse", str(folder), "--simulations", "100", "--processes", "1",
                  "--format", "json"])  # fmt: skip
    assert result.exit_code == 0, result.output
    endings = []
    for data in json.loads(result.stdout):
        log = gamelog.load(data["file"])
        final = gamelog.replay(log).final
        accuracy = {p["player"]: p["accuracy"] for p in data["players"]}
        (weak,) = [name for name in accuracy if name.startswith("random")]
        (strong,) = [name for name in accuracy if name.startswith("engine")]
        assert accuracy[weak] < accuracy[strong], (data["file"], accuracy)
        result_ = final.result
        assert result_ is not None
        endings.append(result_.ending)
        if result_.bankrupt is not None:
            bankrupt = final.players[result_.bankrupt]
            assert accuracy[bankrupt] < max(accuracy.values()), (data["file"], accuracy)
    assert "bankruptcy" in endings  # the check above was exercised


def test_a_wide_name_keeps_the_columns_and_the_width(tmp_path: Path) -> None:
    """A player named in wide characters (as Board Game Arena's 李雷) takes two columns a
    character: the chance column stays in place and no line passes 80 columns."""
    from forexcli.reporters import text_width

    game = tmp_path / "game.yaml"
    game.write_text(BANKRUPT.read_text(encoding="utf-8").replace("carla", "李雷"), "utf-8")
    result = run(["analyse", str(game), "--simulations", "4", "--to", "12"], COLUMNS="80")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    rows = [line for line in lines if line[:4].strip().isdigit()]
    assert len(rows) == 12 and any("李雷" in row for row in rows)
    header = next(line for line in lines if line.startswith("move "))
    chance_end = text_width(header[: header.index("chance") + len("chance")])
    assert {text_width(row[: row.index("%") + 1]) for row in rows} == {chance_end}
    assert all(text_width(line) <= 80 for line in lines)
    assert not any("...." in row for row in rows)
    args = ["analyse", str(game), "--simulations", "50", "-v"]  # (the lines name 李雷 often)
    verbose = run(args, COLUMNS="80").stdout.splitlines()
    assert any(line.startswith("          after ") and "李雷" in line for line in verbose)
    assert all(text_width(line) <= 80 for line in verbose)


def test_a_player_with_no_decision_graded_gets_no_accuracy() -> None:
    """An accuracy of 100% over no graded decision would say every decision was good."""
    from forexcli.reporters.verdicts import summary_line

    unsure = _graded("x", 0.2, _advice("y", 0.7, MIN_VISITS - 1))
    blunder = _graded("x", 0.2, _advice("y", 0.7, 50))
    assert summary_line(summaries([unsure], ["ann"])[0]) == "ann: no decision graded, 1 ungraded"
    mixed = summary_line(summaries([unsure, blunder], ["ann"])[0])
    assert mixed.startswith("ann: accuracy ") and "of 1 graded, 1 ungraded" in mixed


def test_json_gives_a_player_with_no_decision_graded_no_accuracy() -> None:
    """The JSON said ``"accuracy": 100.0`` of a player whose decisions were all left
    ungraded, while the text says ``no decision graded``; it is null now, as for a player
    who made no decision in the moves analysed."""
    args = ["analyse", str(TWO), "--simulations", "2", "--to", "3"]
    data = json.loads(run([*args, "--format", "json"]).stdout)
    text = run(args).stdout
    assert {p["player"]: (p["graded"], p["accuracy"]) for p in data["players"]} == {
        "ada": (0, None),
        "ben": (0, None),
    }
    assert "ada: no decision graded, 1 ungraded" in text
    # Nor a move left ungraded (it said 100.0 of each).
    assert [(m["graded"], m["accuracy"]) for m in data["moves"]] == [(False, None)] * 3
    more = ["analyse", str(TWO), "--simulations", "60", "--to", "3", "--format", "json"]
    again = json.loads(run(more).stdout)
    rated = [p for p in again["players"] if p["graded"]]
    assert rated and all(isinstance(p["accuracy"], float) for p in rated)
    moves = [m for m in again["moves"] if m["graded"]]
    assert moves and all(isinstance(m["accuracy"], float) for m in moves)


def test_markdown_marks_the_ungraded_and_keeps_each_summary_apart(tmp_path: Path) -> None:
    """Rendered, markdown joins lines not set apart: each player's summary is an item and each
    note a paragraph; an ungraded decision is not left looking like a good one."""
    game = tmp_path / "game.yaml"
    shutil.copyfile(BANKRUPT, game)
    args = ["analyse", str(game), "--simulations", "4", "--to", "6", "--format", "markdown"]
    result = run(args)
    assert result.exit_code == 0, result.output
    data = json.loads(run([*args[:-1], "json"]).stdout)
    rows = [line for line in result.stdout.splitlines() if line.startswith("|  ")]
    ungraded = {m["move"] for m in data["moves"] if not m["graded"]}
    assert ungraded
    assert {int(row.split("|")[1]) for row in rows if "| ungraded " in row} == ungraded
    for player in ("carla", "dmitri", "esme"):
        assert f"\n- {player}: " in result.stdout
    assert "\n\n?! dubious: " in result.stdout and "\n\nchance = " in result.stdout


def test_write_removes_an_earlier_verdict_the_analysis_overturns(tmp_path: Path) -> None:
    """A decision an earlier analysis marked and this one grades good keeps no stale mark
    (the replay page would show it): the verdict goes, the note before it stays."""
    game = tmp_path / "game.yaml"
    shutil.copyfile(BANKRUPT, game)
    args = ["analyse", str(game), "--simulations", "50", "--from", "60", "--to", "69"]
    data = json.loads(run([*args, "--format", "json"]).stdout)
    good = [m["move"] for m in data["moves"] if m["graded"] and m["verdict"] is None]
    assert len(good) >= 2
    stale = "[engine: ?? blunder, 5% to win, better resolve 50%]"
    assert run(["annotate", str(game), str(good[0]), f"mine {stale}"]).exit_code == 0
    assert run(["annotate", str(game), str(good[1]), stale]).exit_code == 0
    result = run([*args, "--write"])
    assert result.exit_code == 0, result.output
    assert "removed 2 earlier verdicts it overturns" in " ".join(result.stdout.split())
    entries = gamelog.load(game).entries
    assert (entries[good[0] - 1].note, entries[good[1] - 1].note) == ("mine", None)
    marked = {m["move"] for m in data["moves"] if m["verdict"]}
    assert all((entries[n - 1].note or "").startswith("[engine: ") for n in marked)


_EXPECTED = re.compile(r"expected scores: (.+) (\d+) ([A-Z]{3}), (.+) (\d+) \3\Z")


def test_a_verdict_says_what_each_line_leads_to_where_it_stops_before_the_end(
    tmp_path: Path,
) -> None:
    """Moves 5 to 8 of the annotated example stop short of the end: each verdict names the
    scores the engine expects after the played and after the better line (the player's and
    the best other player's, in the currency that would score), in -v, JSON and the note;
    before, a verdict said nothing there but the chances."""
    game = tmp_path / "game.yaml"
    shutil.copyfile(ANNOTATED, game)
    args = ["analyse", str(game), "--simulations", "60", "--from", "5", "--to", "8"]
    data = json.loads(run([*args, "--format", "json"]).stdout)
    explained = [m for m in data["moves"] if m["verdict"] in ("dubious", "mistake", "blunder")]
    assert explained
    players = {"mira", "noor", "otto"}
    for move in explained:
        said = [move["expected"]["decisive"][-1], move["better"]["decisive"][-1]]
        for text in said:
            found = _EXPECTED.match(text)
            assert found is not None, text
            assert found[1] == move["player"] and found[4] in players - {move["player"]}
        assert said[0] != said[1]  # what the better decision would have changed
    verbose = run([*args, "-v"], COLUMNS="200").stdout
    for move in explained:
        assert f"-- {move['better']['decisive'][-1]}" in verbose
    assert run([*args, "--write"]).exit_code == 0
    entries = gamelog.load(game).entries
    for move in explained:
        note = " ".join((entries[move["move"] - 1].note or "").split())
        better = f"better {move['best']} {100 * move['best_chance']:.0f}%:"
        assert better in note and move["better"]["decisive"][-1] in note
        assert f"; played: {'; '.join(move['expected']['decisive'])}]" in note


def test_a_second_write_replaces_a_verdict_that_names_a_player_with_a_bracket(
    tmp_path: Path,
) -> None:
    """A name may hold a ``]`` ("no]or" here, the Board Game Arena example's noor renamed):
    the verdict of move 42, which names noor, is replaced by a second ``--write``, not
    repeated, and the replay page still marks it; before, the verdict's end was taken at the
    ``]`` in the name, so that every ``--write`` added one more and the page marked none."""
    game = tmp_path / "game.yaml"
    imported = run(["import", str(EXAMPLES / "bga-table-700007919.json.gz"), "-o", str(game),
                    "--removed", "GBP=1,EUR=1,USD=3,JPY=1", "--rename", "noor=no]or"])  # fmt: skip
    assert imported.exit_code == 0, imported.output
    args = ["analyse", str(game), "--simulations", "30", "--from", "42", "--to", "42", "--write"]
    for _ in range(2):
        assert run(args).exit_code == 0
    note = " ".join((gamelog.load(game).entries[41].note or "").split())
    assert note.count("[engine: ") == 1 and "no]or" in note, note
    assert noted_verdict(note) == "blunder"
    page = tmp_path / "game.html"
    assert run(["html", str(game), "-o", str(page)]).exit_code == 0
    assert 'resolve <span class="verdict" data-mark="??"' in page.read_text(encoding="utf-8")


def test_an_ungraded_row_counts_one_visit_in_the_singular() -> None:
    """The row of a decision left ungraded because the better one was visited once says
    ``1 visit``, not ``1 visits`` (World Exchangers' example at 20 simulations, move 10)."""
    once = _graded("x", 0.2, _advice("y", 0.7, 1))
    assert not once.graded
    text = analysis_text([once], "game.yaml", ["ann", "bob"], budget="20 simulations")
    assert "x (ungraded: y 1 visit)" in text
    twice = _graded("x", 0.2, _advice("y", 0.7, 2))
    text = analysis_text([twice], "game.yaml", ["ann", "bob"], budget="20 simulations")
    assert "x (ungraded: y 2 visits)" in text


def test_a_mark_of_the_evaluation_graph_says_its_verdict(tmp_path: Path) -> None:
    """A mark of ``forex chart --eval`` (and of the graph of ``forex html --eval``) names the
    decision played and says its verdict as the note would: the better decision, the chances
    and what each line leads to; before, it said only ``move 5: mira ?``."""
    game = truncated(ANNOTATED, 14, tmp_path / "game.yaml")
    data = json.loads(run(["analyse", str(game), "--simulations", "40", "--format", "json"]).stdout)
    marked = [p for p in data["series"] if p["mark"] and p["mark"] != "!"]
    assert marked and all(p["words"] is None for p in data["series"] if not p["mark"])
    chart = tmp_path / "eval.svg"
    args = ["chart", str(game), "--eval", "--simulations", "40", "-o", str(chart)]
    assert run(args).exit_code == 0
    svg = chart.read_text(encoding="utf-8")
    for point in marked:
        (move,) = [m for m in data["moves"] if m["move"] == point["move"]]
        assert point["played"] == move["played"]
        words = f"better {move['best']} {100 * move['best_chance']:.0f}%"
        assert point["words"].startswith(f"{point['mark']} {move['verdict']}, ")
        assert words in point["words"]
        title = f"<title>move {point['move']}, {point['player']}: {move['played']}: "
        assert title + point["words"] + "</title>" in svg


def test_a_loss_just_short_of_a_threshold_is_not_shown_at_it() -> None:
    """A loss of 19.6 points is a mistake (``?``): its row and the summary's largest swing show
    -19, not -20, which the legend gives as a blunder's (``?? blunder: 20``); before, it was
    rounded to -20 beside a ``?`` (Board Game Arena conformance table 11, move 56, at 10
    simulations: loss 0.1989)."""
    short = _graded("x", 0.44, _advice("y", 0.7, 50))
    assert 0.195 < short.loss < BLUNDER and short.mark == "?"
    text = analysis_text([short], "game.yaml", ["ann", "bob"], budget="100 simulations")
    (row,) = [line for line in text.splitlines() if line.startswith("   7 ")]
    assert row.split()[1:5] == ["?", "ann", "44%", "-19"]
    assert "largest swing: move 7 (-19)" in text and "-20" not in text


def test_a_verdict_follows_a_block_scalar_note_on_its_last_line(tmp_path: Path) -> None:
    """A note written by hand as a block scalar (``note: |``) ends with a line break: the
    verdict of ``--write`` goes on its last line after a space, and a hand-written comment
    under it stays; before, it began a line of its own with a stray space (`` [engine: ...``),
    shown so by history and show."""
    game = tmp_path / "game.yaml"
    imported = run(["import", str(EXAMPLES / "bga-table-700007919.json.gz"), "-o", str(game),
                    "--removed", "GBP=1,EUR=1,USD=3,JPY=1"])  # fmt: skip
    assert imported.exit_code == 0, imported.output
    lines = game.read_text(encoding="utf-8").splitlines(keepends=True)
    at = [i for i, line in enumerate(lines) if line.startswith("  - ")][41]  # move 42
    lines[at + 1 : at + 1] = ["    note: |\n", "      resolving, as planned\n",
                              "      since move 30\n", "    # kept by hand\n"]  # fmt: skip
    game.write_text("".join(lines), encoding="utf-8")
    args = ["analyse", str(game), "--simulations", "30", "--from", "42", "--to", "42", "--write"]
    assert run(args).exit_code == 0
    note = gamelog.load(game).entries[41].note or ""
    assert note.startswith("resolving, as planned\nsince move 30 [engine: ?? blunder, "), note
    assert "    # kept by hand\n" in game.read_text(encoding="utf-8")


def test_markdown_with_v_has_the_lines_and_what_decides_them(tmp_path: Path) -> None:
    """``analyse --format markdown -v`` (a forum post of the analysis) lists under the summary,
    for each verdict, the lines expected after the played and the better decision and what
    decides them, as the text's -v does; before, -v was dropped in markdown."""
    game = truncated(ANNOTATED, 14, tmp_path / "game.yaml")
    args = ["analyse", str(game), "--simulations", "60"]
    data = json.loads(run([*args, "--format", "json"]).stdout)
    explained = [m for m in data["moves"] if m["verdict"] in ("dubious", "mistake", "blunder")]
    assert explained
    post = run([*args, "--format", "markdown", "-v"]).stdout
    assert "The lines the engine expects, and what decides them:" in post
    for move in explained:
        assert f"- move {move['move']}, {move['player']} ({move['mark']}):" in post
        better = move["better"]
        assert f"  - after {better['decision']} (better, " in post
        assert "; ".join(better["decisive"]) in post
    plain = run([*args, "--format", "markdown"]).stdout
    assert "The lines the engine expects" not in plain and "(better, " not in plain


def test_a_verdict_whose_better_decision_is_long_fits_the_width() -> None:
    """A verdict names its better decision whole: one too long for the row (a spot and a
    contract, as at move 116 of the six-player example) goes on under the decision, within
    80 columns; before, the row ran on to 103 columns."""
    better = "spot 1.5 USD to hana for 1 CHF; contract 2 USD for 4 GBP"
    long = _graded("resolve", 0.2, _advice(better, 0.7, 50))
    text = analysis_text([long], "game.yaml", ["ann", "bob"], budget="200 simulations", width=80)
    assert all(text_width(line) <= 80 for line in text.splitlines()), text
    lines = text.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("   7 ?? ann "))
    column = lines[at].index("resolve; better")
    assert lines[at + 1].startswith(" " * column) and not lines[at + 1][column].isspace()
    joined = " ".join([lines[at][column:], lines[at + 1].strip()])
    assert joined == f"resolve; better {better} 70%"


def test_a_line_decided_by_an_unpaid_contract_says_that_alone(tmp_path: Path) -> None:
    """Move 46 of the two-player example (100 simulations): after the decision played, ada's
    contract F cannot be paid, which decides the line; the expected scores, which the line
    stopped before the search saw it cost the game, are left out there (they had ada ahead,
    24 to 3, beside a blunder), and still name where the better line leads."""
    game = tmp_path / "game.yaml"
    shutil.copyfile(TWO, game)
    args = ["analyse", str(game), "--simulations", "100", "--from", "46", "--to", "46"]
    (move,) = json.loads(run([*args, "--format", "json"]).stdout)["moves"]
    assert move["verdict"] == "blunder"
    assert move["expected"]["decisive"] == ["contract F: ada holds 0 EUR, cannot pay 4 EUR"]
    assert _EXPECTED.match(move["better"]["decisive"][-1])
