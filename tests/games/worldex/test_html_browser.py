"""World Exchangers' replay page in a real headless Chromium (as ``tests/cli/test_html_browser.py``,
whose browser fixture it shares: without a browser the tests skip, under CI they fail): stepped
with the keys, the buttons, the move list and the chart, and read back from the DOM to compare
with ``forex show --at N --format json``; the script's drawing of a position is the template's."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from forexcli.games.worldex.picture import x_of, y_of
from tests.cli.test_commands import run
from tests.cli.test_html_browser import browser, open_page, severe
from tests.cli.test_worldex_commands import EXAMPLE

if TYPE_CHECKING:
    from selenium.webdriver.chrome.webdriver import WebDriver

__all__ = ["browser"]  # the shared fixture

MOVES = 39

READ = r"""
const pos = document.getElementById("position");
const one = (sel) => { const e = pos.querySelector(sel); return e ? e.textContent : null; };
const players = [...pos.querySelectorAll("#boards-section .player")].map((div) => {
  const svg = div.querySelector("svg");
  const line = svg.querySelector("[id$='cash-flow'] polyline");
  return {
    name: div.dataset.player, next: div.classList.contains("next"),
    cash: div.querySelector(".cash").textContent, media: div.querySelector(".media").textContent,
    gained: div.querySelector(".gained").textContent,
    points: line ? line.getAttribute("points") : null,
    rings: svg.querySelectorAll("[id$='cash-flow'] circle.ring").length,
    spaces: [...svg.querySelectorAll("g.space.gained")].map((g) => g.id).sort(),
  };
});
return {
  at: Number(pos.dataset.at), where: one("#where"), move: one("#this-move .move-text"),
  told: [...pos.querySelectorAll("#this-move .catchup li")].map((li) => li.textContent),
  pending: one("#pending"), pendingPlayer: pos.querySelector("#pending").dataset.player,
  players: players,
  sale: [...pos.querySelectorAll("#sale tbody tr")].map((tr) => tr.dataset.card),
  saleText: one("#sale-text"), mid: one("#trend-mid"), end: one("#trend-end"),
  scoresHead: one("#scores-section h3"),
  totals: [...pos.querySelectorAll('#scores tr[data-part="Total"] td')].map((td) => td.textContent),
  winner: one("#winner-text"),
  counter: document.getElementById("counter").textContent,
  cursor: Number(document.getElementById("chart-cursor").getAttribute("x1")),
  current: document.querySelector("#moves li.current").dataset.move,
};
"""

SHAPE = r"""
const pos = document.getElementById("position");
return [...pos.querySelectorAll("*")].map((e) => [e.tagName.toLowerCase(), e.id,
  e.getAttribute("class"), e.getAttribute("data-player"), e.getAttribute("data-card"),
  e.getAttribute("points"), e.getAttribute("stroke"),
  [...e.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent).join("").trim()]);
"""


@cache
def view(at: int) -> dict[str, Any]:
    done = run(["show", str(EXAMPLE), "--at", str(at), "--format", "json"])
    assert done.exit_code == 0, done.output
    data: dict[str, Any] = json.loads(done.stdout)
    return data


@pytest.fixture(scope="module")
def page(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("worldex-page") / "three-players.html"
    done = run(["html", str(EXAMPLE), "-o", str(out)])
    assert done.exit_code == 0, done.output
    return out


def read(driver: WebDriver) -> dict[str, Any]:
    dom: dict[str, Any] = driver.execute_script(READ)
    return dom


def _num(value: float) -> str:
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text


def check(dom: dict[str, Any], at: int) -> None:
    """The DOM shows ``forex show --at AT --format json``."""
    v = view(at)
    assert dom["at"] == at and dom["counter"] == f"{at} / {MOVES}"
    assert dom["current"] == str(at)
    where = "the game is over" if v["over"] else f"month {v['month']} of 12"
    assert dom["where"].endswith(": " + where)
    assert dom["pendingPlayer"] == (v["to_play"]["decider"] or "")
    for shown, player in zip(dom["players"], v["players"], strict=True):
        assert shown["name"] == player["name"]
        assert shown["next"] == (player["name"] == v["to_play"]["decider"])
        assert shown["cash"] == f"{player['cash']:,}" and shown["media"] == str(player["media"])
        points = " ".join(
            f"{_num(x_of(m['month']))},{_num(y_of(m['cash']))}" for m in player["line"]
        )
        assert shown["points"] == (points if len(player["line"]) > 1 else None)
        assert shown["rings"] == sum(1 for m in player["line"] if m["ring"])
    assert dom["sale"] == [card["name"] for card in v["sale_area"]]
    assert dom["saleText"].startswith(
        f"Month {v['month']}: {len(v['sale_area'])} cards, {v['deck_size']} in the deck."
    )
    assert dom["mid"].startswith(
        "Mid-year (month 6" + (", resolved" if v["trends"]["mid"]["resolved"] else "") + ")"
    )
    results = v["scores"] or v["projection"]
    assert dom["totals"] == [f"{p['total']:,}" for p in results["players"]]
    assert dom["scoresHead"] == ("Final scores" if v["scores"] else "Scores if the game ended now")


@pytest.mark.slow
def test_stepping_through_the_example(browser: WebDriver, page: Path) -> None:
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    open_page(browser, page)
    check(read(browser), MOVES)  # it opens at the end
    end = read(browser)
    assert end["winner"].startswith("Result: ") and "wins" in end["pending"]
    body = browser.find_element(By.TAG_NAME, "body")
    body.send_keys(Keys.HOME)
    start = read(browser)
    check(start, 0)
    assert start["move"] == "The start of the game: no move yet."
    body.send_keys(Keys.ARROW_RIGHT)
    first = read(browser)
    check(first, 1)
    assert first["move"] == "Move 1, louis: buy Warsaw"
    # louis bought Warsaw: his cash and his line changed, nobody else's
    assert first["players"][1]["cash"] != start["players"][1]["cash"]
    assert [p["cash"] for i, p in enumerate(first["players"]) if i != 1] == [
        p["cash"] for i, p in enumerate(start["players"]) if i != 1
    ]
    assert first["players"][1]["points"] is not None and start["players"][1]["points"] is None
    assert first["cursor"] > start["cursor"]
    for _ in range(7):
        body.send_keys(Keys.ARROW_RIGHT)
    eighth = read(browser)
    check(eighth, 8)
    assert eighth["move"].startswith("Move 8, deck: reveal Delhi")
    assert eighth["where"] == "After move 8 of 39: month 3 of 12"
    browser.find_element(By.ID, "next").click()
    check(read(browser), 9)
    browser.find_element(By.ID, "prev").click()
    check(read(browser), 8)
    browser.find_element(By.CSS_SELECTOR, '#moves li[data-move="20"] a').click()
    twenty = read(browser)
    check(twenty, 20)
    assert twenty["mid"].startswith("Mid-year (month 6, resolved)")
    strip = browser.find_element(By.CSS_SELECTOR, '#chart-strips rect[data-move="30"]')
    ActionChains(browser).move_to_element(strip).click().perform()
    check(read(browser), 30)
    body.send_keys(Keys.END)
    check(read(browser), MOVES)
    open_page(browser, page, "#move-12")
    check(read(browser), 12)
    assert browser.execute_script("return performance.getEntriesByType('resource').length") == 0
    assert severe(browser) == []


@pytest.mark.slow
@pytest.mark.parametrize("at", [0, 8, 20, MOVES])
def test_the_script_draws_what_the_template_draws(browser: WebDriver, page: Path, at: int) -> None:
    """Each element of the position, its id, class, the lines' points and its own text: the
    same when the page opens there (the template) as after stepping there (the script)."""
    open_page(browser, page, f"#move-{at}")
    drawn = browser.execute_script(SHAPE)
    open_page(browser, page, f"#move-{MOVES - at}")
    browser.execute_script("window.forexReplay.go(arguments[0])", at)
    stepped = browser.execute_script(SHAPE)
    assert stepped == drawn
    assert severe(browser) == []


@pytest.mark.slow
def test_the_static_page_draws_the_boards_as_the_script(browser: WebDriver, tmp_path: Path) -> None:
    """Opened without the script (the page's script removed), the opening position reads
    the same as the script draws it."""
    out = tmp_path / "page.html"
    assert run(["html", str(EXAMPLE), "-o", str(out), "--at", "8"]).exit_code == 0
    html = out.read_text("utf-8")
    cut = html.index("<script>")
    bare = tmp_path / "bare.html"
    bare.write_text(html[:cut] + html[html.index("</script>", cut) + 9 :], encoding="utf-8")
    open_page(browser, bare)
    assert browser.execute_script("return typeof window.forexReplay") == "undefined"
    static = browser.execute_script(SHAPE)
    check(read(browser), 8)
    open_page(browser, out, "#move-20")
    browser.execute_script("window.forexReplay.go(8)")
    assert browser.execute_script(SHAPE) == static


@pytest.mark.slow
def test_marks_and_the_evaluation_graph(
    browser: WebDriver, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """Issue 42 on World Exchangers' page: the marks of ``analyse --write``'s verdicts in the
    move list, the graph of ``--eval`` in the players' colours (a screenshot checked), a
    click on it goes to that move, and the page still fits 412 pixels."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By

    from tests.cli.test_html_browser import MARKS_SHOWN, OVERFLOW, _graph_drawn
    from tests.cli.test_worldex_commands import copy_example

    folder = tmp_path_factory.mktemp("worldex-eval")
    game = copy_example(folder)
    args = ["analyse", str(game), "--simulations", "60"]
    data = json.loads(run([*args, "--format", "json"]).stdout)
    assert run([*args, "--write"]).exit_code == 0
    marks = {m["move"]: m["mark"] for m in data["moves"] if m["mark"]}
    assert marks, "the analysis marks no decision: choose another budget"
    out = folder / "eval.html"
    done = run(["html", str(game), "-o", str(out), "--eval", "--simulations", "20"])
    assert done.exit_code == 0, done.output
    open_page(browser, out)
    assert {move: mark for move, mark, _ in browser.execute_script(MARKS_SHOWN)} == marks
    graph = browser.find_element(By.CSS_SELECTOR, "#eval-chart svg")
    players = len(data["players"])
    assert len(graph.find_elements(By.CSS_SELECTOR, "polyline")) == players
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", graph)
    picture = graph.screenshot_as_png
    (folder / "eval-graph.png").write_bytes(picture)
    _graph_drawn(picture, players)
    strip = graph.find_element(By.CSS_SELECTOR, '#eval-strips rect[data-move="12"]')
    ActionChains(browser).move_to_element(strip).click().perform()
    check(read(browser), 12)
    assert graph.find_element(By.ID, "eval-cursor").get_attribute("x1") == (
        strip.get_attribute("data-x")
    )
    browser.set_window_size(412, 900)
    try:
        open_page(browser, out)
        for at in range(0, MOVES + 1, 3):  # the seed's 64 digits broke the width before
            browser.execute_script("window.forexReplay.go(arguments[0])", at)
            found = browser.execute_script(OVERFLOW)
            assert found["page"] <= found["width"] == 412, (at, found)
            assert found["outside"] == [], (at, found)
    finally:
        browser.set_window_size(1280, 1400)
    assert severe(browser) == []


def test_the_symbol_key_is_read_at_its_size_on_a_phone(browser: WebDriver, page: Path) -> None:
    """On a screen 390 pixels wide the key to the symbols is drawn at (nearly) its own size,
    its names as large as the boards' numbers on a desktop, not shrunk to half; and it fits."""
    browser.set_window_size(390, 900)
    try:
        open_page(browser, page)
        key = browser.execute_script(
            "const svg = document.querySelector('.symbol-key svg');"
            "const box = svg.getBoundingClientRect();"
            "return {scale: box.width / svg.viewBox.baseVal.width, right: box.right,"
            " width: document.documentElement.clientWidth};"
        )
        assert key["scale"] >= 0.95, key
        assert key["right"] <= key["width"], key
    finally:
        browser.set_window_size(1280, 1400)


def test_a_long_name_at_the_end_of_its_line_stays_on_the_chart(
    browser: WebDriver, tmp_path: Path
) -> None:
    """The chart (forex chart, and the page's) names each player at the right end of their
    line; a name of 32 characters is cut to fit (with '…', the legend above naming it whole)
    instead of running off the picture."""
    from tests.cli.test_worldex_commands import new_game

    long = "Jean-Baptiste Emmanuel Zorgabcde"
    log, done = new_game(tmp_path, "--seed", "a", players=f"ben,{long}")
    assert done.exit_code == 0, done.output
    chart = tmp_path / "chart.svg"
    assert run(["chart", str(log), "-o", str(chart)]).exit_code == 0
    browser.get(chart.as_uri())
    found = browser.execute_script(
        "const svg = document.documentElement;"
        "return {width: svg.viewBox.baseVal.width,"
        " labels: [...svg.querySelectorAll('#labels text')].map((t) => {"
        "   const box = t.getBBox(); return [t.textContent, box.x + box.width]; }),"
        " legend: [...svg.querySelectorAll('#legend text')].map((t) => t.textContent)};"
    )
    ben, cut = sorted((label for label, _ in found["labels"]), key=len)
    assert ben == "ben" and cut != long, found
    assert cut.endswith("…") and long.startswith(cut[:-1]), found
    assert all(right <= found["width"] for _, right in found["labels"]), found
    assert any(label.startswith(long) for label in found["legend"]), found
