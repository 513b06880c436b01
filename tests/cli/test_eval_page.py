"""The replay page's annotation (issue 42): the marks of ``forex analyse --write``'s verdicts
in the move list, read from the notes, and ``forex html --eval``'s evaluation graph, searched
when the page is made; For-Ex and World Exchangers alike.  (In a real browser:
tests/cli/test_html_browser.py.)"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, cast

import pytest

from forexcli.games.base import Budget, Weighed
from forexcli.search.verdicts import MARKS, grade, noted_verdict
from tests.cli.test_analyse_verdicts import _advice, _Fixed
from tests.cli.test_commands import ANNOTATED, run, truncated
from tests.cli.test_worldex_commands import copy_example

LIST_MARK = re.compile(
    r'<li id="move-(\d+)" data-move="\1"[^>]*>.*?<span class="verdict" data-mark="([^"]+)"'
)


def _noted(played: str, chance: float, best: Any, runner: Any = None) -> str:
    weighed = Weighed((chance, 1 - chance), 20, (), best, runner, best.entry == (played,))
    graded = grade(cast(Any, _Fixed(weighed)), None, 7, (played,), Budget(simulations=100))
    return graded.note()


def test_the_verdict_of_a_note_is_read_back() -> None:
    """What ``Graded.note`` writes (and ``analyse --write`` appends to a note) reads back as
    its verdict; the older wording without a mark too; a good decision or none gives None."""
    cases = {
        "blunder": _noted("x", 0.2, _advice("y", 0.7, 50)),
        "mistake": _noted("x", 0.5, _advice("y", 0.7, 50)),
        "dubious": _noted("x", 0.5, _advice("y", 0.57, 50)),
        "only": _noted("y", 0.7, _advice("y", 0.7, 50), _advice("z", 0.4, 30)),
    }
    for label, note in cases.items():
        assert note.startswith(f"[engine: {MARKS[label]} ")
        assert noted_verdict(note) == label
        assert noted_verdict(f"A risky line.\n{note}") == label  # after the player's note
        assert noted_verdict(f"{note} and then more") is None  # a verdict ends the note
    good = _noted("y", 0.7, _advice("y", 0.7, 50), _advice("z", 0.68, 30))
    assert noted_verdict(good) is None
    assert noted_verdict("[engine: blunder, -57.1 points; better: resolve (77.8%)]") == "blunder"
    assert noted_verdict(None) is None and noted_verdict("a blunder, I think") is None


def _list_marks(page: str) -> dict[int, str]:
    return {int(m): mark for m, mark in LIST_MARK.findall(page)}


@pytest.fixture(scope="module")
def analysed(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[int, str]]:
    """The annotated example cut to 16 moves, its first 12 analysed with ``--write``; the
    mark of each verdict written, by move."""
    folder = tmp_path_factory.mktemp("analysed")
    game = truncated(ANNOTATED, 16, folder / "game.yaml")
    args = ["analyse", str(game), "--simulations", "40", "--to", "12"]
    data = json.loads(run([*args, "--format", "json"]).stdout)
    written = run([*args, "--write"])
    assert written.exit_code == 0, written.output
    marks = {m["move"]: m["mark"] for m in data["moves"] if m["mark"]}
    assert marks, "the analysis marks no decision: choose another budget"
    return game, marks


def test_the_move_list_shows_the_marks_of_the_notes(
    analysed: tuple[Path, dict[int, str]], tmp_path: Path
) -> None:
    """Each move whose note holds a verdict shows its mark (and the verdict's words) beside
    it; nothing is searched; a log without verdicts gets the page it always got."""
    game, marks = analysed
    page_path = tmp_path / "game.html"
    done = run(["html", str(game), "-o", str(page_path)])
    assert done.exit_code == 0, done.output
    page = page_path.read_text(encoding="utf-8")
    assert _list_marks(page) == marks
    assert 'id="eval-chart"' not in page and "eval-strips" not in page
    for move, mark in marks.items():
        words = {"??": "a blunder", "?": "a mistake", "?!": "dubious"}.get(mark)
        assert words is None or f'title="{words}">{mark}</span>' in page, move
    plain = truncated(ANNOTATED, 16, tmp_path / "plain.yaml")
    plain_page = run(["html", str(plain), "-o", "-"]).stdout
    assert 'class="verdict"' not in plain_page


def test_html_eval_adds_the_evaluation_graph(
    analysed: tuple[Path, dict[int, str]], tmp_path: Path
) -> None:
    """``--eval`` searches each decision as ``chart --eval`` does and puts that graph on the
    page: a line per player, the search's marks, a strip per position to click and a
    cursor; its ids do not clash with the page's (``move-N`` are the move list's)."""
    game, marks = analysed
    page_path = tmp_path / "eval.html"
    args = ["html", str(game), "-o", str(page_path), "--eval", "--simulations", "40", "--at", "5"]
    done = run(args)
    assert done.exit_code == 0, done.output
    page = page_path.read_text(encoding="utf-8")
    chart = page.split('<figure id="eval-chart" class="chart">', 1)[1].split("</figure>", 1)[0]
    for name in ("mira", "noor", "otto"):
        assert f'id="eval-chance-{name}"' in chart
    strips = re.findall(r'<rect class="strip" data-move="(\d+)"', chart)
    assert strips == [str(move) for move in range(17)]
    cursor = re.search(r'<line id="eval-cursor" x1="([\d.]+)"', chart)
    fifth = re.search(r'data-move="5" data-x="([\d.]+)"', chart)
    assert cursor and fifth and cursor.group(1) == fifth.group(1)  # the opening position
    assert "40 simulations a position, seed 0" in chart
    series = json.loads(
        run(["analyse", str(game), "--simulations", "40", "--format", "json"]).stdout
    )["series"]
    searched = [p["move"] for p in series if p["mark"]]
    assert searched and all(f'id="eval-move-{m}"' in chart for m in searched)
    assert len(re.findall(r' id="move-\d+"', page)) == 17  # the move list's alone
    assert _list_marks(page) == marks  # the notes' marks, unchanged by the search


def test_html_eval_usage(tmp_path: Path) -> None:
    """The budget goes with --eval; a game without moves has nothing to evaluate; an
    absurd budget is refused before anything is searched."""
    game = truncated(ANNOTATED, 3, tmp_path / "game.yaml")
    misused = run(["html", str(game), "--simulations", "6"])
    assert misused.exit_code == 2 and "go with --eval" in misused.stderr
    assert not (tmp_path / "game.html").exists()
    zero = run(["html", str(game), "--eval", "--simulations", "0"])
    assert zero.exit_code == 2 and "--simulations" in zero.stderr
    empty = truncated(ANNOTATED, 0, tmp_path / "empty.yaml")
    refused = run(["html", str(empty), "--eval", "--simulations", "6"])
    assert refused.exit_code == 2 and "no moves to evaluate" in refused.stderr
    assert not (tmp_path / "empty.html").exists()


def test_world_exchangers_page_has_marks_and_the_graph(tmp_path: Path) -> None:
    """World Exchangers: the same marks from ``analyse --write`` and the same graph with
    ``--eval`` (its deck's reveals are not decisions: no point there)."""
    game = copy_example(tmp_path, 8)
    args = ["analyse", str(game), "--simulations", "60"]
    data = json.loads(run([*args, "--format", "json"]).stdout)
    assert run([*args, "--write"]).exit_code == 0
    marks = {m["move"]: m["mark"] for m in data["moves"] if m["mark"]}
    assert marks, "the analysis marks no decision: choose another budget"
    page_path = tmp_path / "wx.html"
    done = run(["html", str(game), "-o", str(page_path), "--eval", "--simulations", "20"])
    assert done.exit_code == 0, done.output
    page = page_path.read_text(encoding="utf-8")
    assert _list_marks(page) == marks
    chart = page.split('<figure id="eval-chart" class="chart">', 1)[1].split("</figure>", 1)[0]
    players = [s["player"] for s in data["players"]]
    assert all(f'id="eval-chance-{name}"' in chart for name in players)
    assert len(re.findall(r'<rect class="strip"', chart)) == 9
    assert "<script" not in chart
