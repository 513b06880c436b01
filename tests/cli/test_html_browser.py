"""The replay page in a real headless Chromium (Debian's ``chromium`` and ``chromium-driver``,
driven by Selenium): opened from disk, stepped with the keys, the buttons, the slider, the
move list, the chart and ``#move-N`` links, and read back from the DOM to compare with
``forex show --at N --format json`` for the same N.  Also: the page without JavaScript, a
hostile note, no request of any kind, and the README's screenshot
(``FOREX_REGEN=1`` rewrites ``docs/replay.png``).

Without a browser the tests skip, saying how to install one; under CI (``CI`` set) they fail
instead, since ``.ci/run`` installs it.  One browser session serves the whole module.
"""

from __future__ import annotations

import json
import os
import shutil
import struct
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from forexcli.games.forex.page import SHOWN_KEYS, SHOWN_QUEUE_KEYS, SHOWN_STATE_KEYS
from forexcli.games.forex.svg import chart_x
from forexcli.words import verb_for
from tests.cli.test_commands import ANNOTATED, EXAMPLES, ROOT, run, truncated
from tests.cli.test_pages import HOSTILE_NOTE, hostile_game, you_game

if TYPE_CHECKING:
    from selenium.webdriver.chrome.webdriver import WebDriver

EXAMPLE_LOGS = sorted(EXAMPLES.glob("*.yaml"))
SHOWN_QUEUE = set(SHOWN_QUEUE_KEYS)
INSTALL = (
    "no headless Chromium for the replay page tests: install it with"
    " `apt-get install chromium chromium-driver` (Debian, Ubuntu) and"
    " `pip install -e '.[test]'` (Selenium), then run them again"
)
FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--hide-scrollbars",
    "--window-size=1280,1400",
)


def _unavailable(reason: str) -> None:
    if os.environ.get("CI"):
        pytest.fail(f"{reason} (CI must run these tests: see .ci/run)")
    pytest.skip(reason)


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[WebDriver]:
    """One headless Chromium for the module, with a new empty profile."""
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        _unavailable(INSTALL)
    binary = shutil.which("chromium") or shutil.which("chromium-browser")
    driver_path = shutil.which("chromedriver")
    if binary is None or driver_path is None:
        _unavailable(INSTALL)
    assert binary is not None and driver_path is not None
    options = webdriver.ChromeOptions()
    options.binary_location = binary
    for flag in FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={tmp_path_factory.mktemp('chromium-profile')}")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(options=options, service=Service(driver_path))
    driver.set_page_load_timeout(30)
    try:
        yield driver
    finally:
        driver.quit()


@pytest.fixture(scope="module")
def pages_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The page of every example, written by ``forex html``."""
    folder = tmp_path_factory.mktemp("pages")
    for path in EXAMPLE_LOGS:
        done = run(["html", str(path), "-o", str(folder / f"{path.stem}.html")])
        assert done.exit_code == 0, done.output
    return folder


@cache
def shown(path: Path, at: int) -> dict[str, Any]:
    """``forex show PATH --at N --format json`` (with ``--since N-1``: that move's catch-up)."""
    args = ["show", str(path), "--at", str(at), "--format", "json"]
    done = run([*args, "--since", str(at - 1)] if at else args)
    assert done.exit_code == 0, done.output
    data: dict[str, Any] = json.loads(done.stdout)
    return data


READ = r"""
const pos = document.getElementById("position");
const one = (sel) => { const e = pos.querySelector(sel); return e ? e.textContent : null; };
const rows = (id) => [...pos.querySelectorAll("#" + id + " tbody tr")].map((tr) => ({
  key: tr.dataset.player || tr.dataset.row || tr.dataset.item || null,
  head: tr.querySelector("th") ? tr.querySelector("th").textContent : null,
  amounts: Object.fromEntries([...tr.querySelectorAll("td[data-currency]")].map(
    (td) => [td.dataset.currency, td.textContent])),
  cells: [...tr.children].map((c) => c.textContent),
  next: tr.classList.contains("next"),
}));
const grid = {}, spaces = {}, won = {};
pos.querySelectorAll("#board tbody tr").forEach((tr) => {
  const row = tr.dataset.currency;
  grid[row] = {};
  tr.querySelectorAll("td[data-pair]").forEach((td) => {
    const rate = td.querySelector(".r");
    grid[row][td.dataset.pair.split("/")[1]] = rate ? rate.textContent : null;
    if (td.dataset.space) spaces[td.dataset.pair] = Number(td.dataset.space);
  });
  won[row] = tr.querySelector("td.won").textContent;
});
return {
  at: Number(pos.dataset.at), where: one("#where"),
  move: one("#this-move .move-text"), note: one("#this-move .note"),
  catchup: [...pos.querySelectorAll("#this-move .catchup li")].map((li) => li.textContent),
  pending: one("#pending"), pendingPlayer: pos.querySelector("#pending").dataset.player,
  grid: grid, spaces: spaces, won: won,
  nonPaying: [...pos.querySelectorAll("#board thead th.non-paying")].map(
    (th) => th.dataset.currency),
  money: rows("money"), certificates: rows("certificates"), queue: rows("queue"),
  queueEmpty: one("#queue-empty"), letters: one("#letters"), dividends: one("#dividends"),
  resultText: one("#result-text"), result: rows("result"),
  projectionHead: one("#projection-section h3"), projectionBasis: one("#projection-section .hint"),
  projectionText: one("#projection-text"), projection: rows("projection"),
  projectionTie: pos.querySelector("#projection.tie") !== null,
  projectionCols: [...pos.querySelectorAll("#projection thead th")].map((th) => th.textContent),
  queueHead: [...pos.querySelectorAll("#queue thead th")].map((th) => th.textContent),
  exposureHead: one("#exposure-section h3"), exposure: rows("exposure"),
  exposureCurrencies: [...pos.querySelectorAll("#exposure tbody tr")].map(
    (tr) => tr.dataset.currency),
  exposureNone: one("#exposure-none"), risksHint: one("#risks-hint"),
  more: one("#more-section"),
  counter: document.getElementById("counter").textContent,
  slider: document.getElementById("slider").value,
  current: [...document.querySelectorAll("#moves li.current")].map((li) => li.dataset.move),
  cursor: Number(document.getElementById("chart-cursor").getAttribute("x1")),
  hash: location.hash,
  data: window.forexReplay
    ? JSON.stringify(window.forexReplay.position(Number(pos.dataset.at))) : null,
};
"""


def number(value: float) -> str:
    """An amount as the page writes it (as JSON and JavaScript do): 4, 4.5."""
    return str(value)


def check(dom: dict[str, Any], data: dict[str, Any], *, script: bool = True) -> None:
    """What the page shows (``dom``, read by READ) is the show JSON ``data``: every pair,
    every amount, the queue, who is next, the move and its catch-up, the result."""
    at, moves, state = data["at"], data["moves"], data["state"]
    assert dom["at"] == at
    assert dom["where"] == (
        f"After move {at} of {moves}" if at else f"At the start ({moves} moves)"
    )
    # The board: each cell's rate and the pair's space on the track; pairs won; non-paying.
    for row, cells in data["board"]["grid"].items():
        assert dom["grid"][row] == cells, row
    assert dom["spaces"] == {f"{p['stronger']}/{p['weaker']}": p["space"] for p in state["pairs"]}
    assert len(dom["spaces"]) == 21
    assert dom["won"] == {code: str(n) for code, n in data["board"]["pairs_won"].items()}
    assert dom["nonPaying"] == data["board"]["non_paying"]
    # Money (and who is next), certificates, supply, removed, sold back.
    players = state["players"]
    assert [r["key"] for r in dom["money"]] == [p["name"] for p in players]
    for row, player in zip(dom["money"], players, strict=True):
        assert row["amounts"] == {c: number(v) for c, v in player["money"].items()}
        assert row["next"] == (player["name"] == data["pending"]["player"])
        assert row["head"] == player["name"] + (" (next)" if row["next"] else "")
    certificates = {r["key"]: r["amounts"] for r in dom["certificates"]}
    for player in players:
        assert certificates[player["name"]] == {
            c: str(n) for c, n in player["certificates"].items()
        }
    for key in ("supply", "removed", "sold"):
        assert certificates[key] == {c: str(n) for c, n in state[key].items()}
    # The queue, front first, with what each item owes.
    queue = state["queue"]
    risks = data["standings"]["queue"]
    assert len(dom["queue"]) == len(queue)
    assert (dom["queueEmpty"] == "(empty)") == (not queue)
    for index, (row, item) in enumerate(zip(dom["queue"], queue, strict=True), start=1):
        owner = item.get("owner") or ""
        if item["item"] == "contract":
            pays, receives = verb_for(owner, "pays"), verb_for(owner, "receives")
            terms = f"{pays} {item['pay']}, {receives} {item['receive']}"
        elif item["item"] == "loan":
            terms = f"{verb_for(owner, 'owes')} " + ", ".join(item["owes"])
        else:
            terms = f"{item['left']} left; next: {data['next_dividend']}"
        expected = [str(index), item["item"], item.get("letter") or "", owner, terms]
        assert row["cells"][:5] == expected
        # A key the page does not know (a later show JSON's) is a column of its own.
        extra = len({k for i in queue for k in i} - SHOWN_QUEUE)
        assert len(row["cells"]) == 5 + (3 if risks else 0) + extra
    check_standings(dom, data)
    letters = " ".join(state["free_letters"]) or "none"
    assert dom["letters"] == f"Free letters: {letters}"
    left = state["dividends_left"]
    assert dom["dividends"] == f"Dividends left: {left}" + (
        f" (next: {data['next_dividend']})" if left else ""
    )
    # Who decides next; the move, its note and its catch-up sentences.
    text = data["pending"]["text"]
    if state["result"] is None:
        assert dom["pending"] == f"Next: {text}"
    else:
        assert dom["pending"] == text[0].upper() + text[1:] + "."
    assert dom["pendingPlayer"] == (data["pending"]["player"] or "")
    last = data["last_move"]
    if last is None:
        assert dom["move"] == "The start of the game: no move yet."
        assert dom["note"] is None and dom["catchup"] == []
    else:
        assert dom["move"] == f"Move {last['number']}, {last['player']}: {last['decision']}"
        assert dom["note"] == last["note"]
        (summary,) = data["since"]
        assert dom["catchup"] == [
            *summary["events"],
            *(f"money: {line}" for line in summary["money"]),
            *summary["rates"],
            *summary["result"],
        ]
    # The result at the end.
    result = state["result"]
    if result is None:
        assert dom["resultText"] is None and dom["result"] == []
    else:
        assert f"Strongest currency: {result['strongest']} (" in dom["resultText"]
        assert ", ".join(result["winners"]) in dom["resultText"]
        ranked = sorted(result["players"], key=lambda p: p["rank"])
        assert [r["key"] for r in dom["result"]] == [p["name"] for p in ranked]
        for row, player in zip(dom["result"], ranked, strict=True):
            assert row["cells"][0] == str(player["rank"])
            assert row["cells"][2] == str(player["total"])
            assert row["amounts"] == {c: str(v) for c, v in player["converted"].items()}
            assert row["head"] == player["name"] + (" (bankrupt)" if player["bankrupt"] else "")
    # Keys the page has no place for (a later show JSON's) are in "More about this position".
    unknown = [k for k in data if k not in SHOWN_KEYS]
    unknown += [k for k in state if k not in SHOWN_STATE_KEYS]
    if unknown:
        assert all(k.replace("_", " ") in dom["more"] for k in unknown), unknown
    else:
        assert dom["more"] is None
    assert dom["current"] == [str(at)]
    assert dom["cursor"] == pytest.approx(chart_x(at, moves), abs=0.01)
    if script:
        assert dom["counter"] == f"{at} / {moves}"
        assert dom["slider"] == str(at)
        assert dom["hash"] == f"#move-{at}"
        assert json.loads(dom["data"]) == data


def check_standings(dom: dict[str, Any], data: dict[str, Any]) -> None:
    """The page's projection, queue risks and exposure are the show JSON's ``standings``."""
    state, standings = data["state"], data["standings"]
    # If the game ended now: shown until the result is, labelled as a projection.
    projection = standings["projection"]
    if state["result"] is not None:
        assert dom["projectionHead"] is None and dom["projection"] == []
    else:
        ended = data["pending"]["decision"] == "strongest_tie"
        assert dom["projectionHead"] == (
            "The result for each choice (a projection)"
            if ended
            else "If the game ended now (a projection)"
        )
        assert dom["projectionBasis"] == (
            "The game has ended; the scores depend on the strongest currency still to be chosen."
            if ended
            else "What the final scoring would give now: the money as held, the queue not settled."
        )
        scores = projection["scores"]
        assert [s["strongest"] for s in scores] == projection["candidates"]
        if projection["strongest"] is not None:
            (score,) = scores
            assert score["strongest"] == projection["strongest"] == projection["candidates"][0]
            decided = {"pairs": "stronger in the most pairs"}.get(projection["decided_by"])
            decided = decided or "tied on pairs, most certificates in hands"
            leaders = score["leaders"]
            assert dom["projectionText"] == (
                f"Strongest currency: {projection['strongest']} ({decided})."
                f" Leader{'s' if len(leaders) > 1 else ''}: {', '.join(leaders)}."
            )
            assert not dom["projectionTie"]
            code = projection["strongest"]
            assert dom["projectionCols"] == [
                "rank",
                "player",
                f"total {code}",
                *(f"from {c}" for c in score["players"][0]["converted"]),
                f"{code} certs",
            ]
            ranked = sorted(score["players"], key=lambda p: p["rank"])
            assert [r["key"] for r in dom["projection"]] == [p["name"] for p in ranked]
            for row, player in zip(dom["projection"], ranked, strict=True):
                bankrupt = " (bankrupt)" if player["bankrupt"] else ""
                assert row["cells"] == [
                    str(player["rank"]),
                    player["name"] + bankrupt,
                    str(player["total"]),
                    *(str(v) for v in player["converted"].values()),
                    str(player["certificates_of_strongest"]),
                ]
                assert row["amounts"] == {c: str(v) for c, v in player["converted"].items()}
        else:
            # A tie: every candidate, each with every player's total and rank.
            candidates = projection["candidates"]
            assert projection["decided_by"] == "tie" and len(candidates) > 1
            assert dom["projectionTie"]
            assert dom["projectionText"] == (
                f"Strongest currency: a tie between {', '.join(candidates[:-1])} and"
                f" {candidates[-1]}; the player of the last turn would choose."
                " The projection for each candidate:"
            )
            assert dom["projectionCols"] == [
                "player",
                *(f"{what} if {c}" for c in candidates for what in ("total", "rank")),
            ]
            names = [p["name"] for p in state["players"]]
            assert [r["key"] for r in dom["projection"]] == names
            for seat, row in enumerate(dom["projection"]):
                player = scores[0]["players"][seat]
                cells = [player["name"] + (" (bankrupt)" if player["bankrupt"] else "")]
                for score in scores:
                    cells += [
                        str(score["players"][seat]["total"]),
                        str(score["players"][seat]["rank"]),
                    ]
                assert row["cells"] == cells
    # The queue's risks, item by item: can its owner pay now, what they lack, what would happen.
    risks = standings["queue"]
    if risks:
        assert len(risks) == len(state["queue"])
        assert dom["queueHead"][5:8] == ["can pay now", "short", "if resolved now"]
        assert dom["risksHint"] is not None
        assert "as if it were resolved now" in dom["risksHint"]
        for index, (row, risk) in enumerate(zip(dom["queue"], risks, strict=True), start=1):
            assert risk["position"] == index
            assert risk["item"] == state["queue"][index - 1]["item"]
            if risk["owner"] is None:
                assert row["cells"][5:8] == ["", "", risk["text"]]
            else:
                short = ", ".join(f"{number(v)} {c}" for c, v in risk["short"].items())
                assert risk["can_pay"] == (not risk["short"])
                assert row["cells"][5:8] == [
                    "yes" if risk["can_pay"] else "no",
                    short or "-",
                    risk["text"],
                ]
    else:
        assert "can pay now" not in dom["queueHead"] and dom["risksHint"] is None
    # Exposure: one row per player and currency owed in the queue.
    exposure = standings["exposure"]
    if not exposure:
        assert dom["exposureHead"] is None and dom["exposure"] == []
        return
    assert dom["exposureHead"] == "Exposure: owed in the queue against money held"
    expected = [
        (player["name"], code, owed, player["holds"][code], player["short"][code])
        for player in exposure
        for code, owed in player["owes"].items()
        if owed
    ]
    assert [r["key"] for r in dom["exposure"]] == [name for name, *_ in expected]
    assert dom["exposureCurrencies"] == [code for _, code, *_ in expected]
    assert [r["cells"] for r in dom["exposure"]] == [
        [name, code, number(owed), number(holds), number(short) if short else "-"]
        for name, code, owed, holds, short in expected
    ]
    assert dom["exposureNone"] == (None if expected else "Nobody owes anything in the queue.")


def read(browser: WebDriver) -> dict[str, Any]:
    dom: dict[str, Any] = browser.execute_script(READ)
    return dom


def severe(browser: WebDriver) -> list[Any]:
    """The console's errors since the last call (script errors, CSP violations)."""
    entries: list[dict[str, Any]] = browser.get_log("browser")  # type: ignore[no-untyped-call]
    return [entry for entry in entries if entry["level"] == "SEVERE"]


def open_page(browser: WebDriver, page: Path, fragment: str = "") -> None:
    browser.get("about:blank")  # a new document, even when only the fragment differs
    browser.get(page.as_uri() + fragment)


@pytest.mark.slow
@pytest.mark.parametrize("path", EXAMPLE_LOGS, ids=lambda p: p.stem)
def test_stepping_through_an_example(browser: WebDriver, pages_dir: Path, path: Path) -> None:
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    page = pages_dir / f"{path.stem}.html"
    open_page(browser, page)
    moves = shown(path, 0)["moves"]
    check(read(browser), shown(path, moves))  # it opens at the end
    assert browser.execute_script("return window.forexReplay.count") == moves + 1
    assert browser.find_element(By.ID, "controls").is_displayed()

    body = browser.find_element(By.TAG_NAME, "body")

    def key(name: str, times: int = 1) -> None:
        for _ in range(times):
            body.send_keys(name)

    key(Keys.HOME)
    check(read(browser), shown(path, 0))
    key(Keys.ARROW_RIGHT, 3)
    check(read(browser), shown(path, 3))
    key(Keys.ARROW_LEFT)
    check(read(browser), shown(path, 2))
    key(Keys.END)
    check(read(browser), shown(path, moves))
    key(Keys.ARROW_RIGHT)  # nothing after the end
    assert read(browser)["at"] == moves

    def button(ident: str) -> None:
        browser.find_element(By.ID, ident).click()

    button("prev")
    check(read(browser), shown(path, moves - 1))
    assert browser.find_element(By.ID, "next").is_enabled()
    button("first")
    check(read(browser), shown(path, 0))
    assert not browser.find_element(By.ID, "prev").is_enabled()
    button("next")
    button("next")
    check(read(browser), shown(path, 2))
    button("last")
    check(read(browser), shown(path, moves))
    assert not browser.find_element(By.ID, "last").is_enabled()

    # The slider: a click half-way along it, then its own arrow keys.
    slider = browser.find_element(By.ID, "slider")
    ActionChains(browser).move_to_element(slider).click().perform()
    middle = read(browser)["at"]
    assert abs(middle - moves / 2) <= max(2, moves / 20), middle
    check(read(browser), shown(path, middle))
    slider.send_keys(Keys.ARROW_RIGHT)
    check(read(browser), shown(path, middle + 1))

    # The move list and the chart.
    browser.find_element(By.CSS_SELECTOR, '#moves li[data-move="5"] a').click()
    check(read(browser), shown(path, 5))
    target = moves - 7
    strip = browser.find_element(By.CSS_SELECTOR, f'#chart-strips rect[data-move="{target}"]')
    ActionChains(browser).move_to_element(strip).click().perform()
    check(read(browser), shown(path, target))

    # #move-N links: opening the page at one, and changing the fragment of the open page.
    open_page(browser, page, f"#move-{moves // 3}")
    check(read(browser), shown(path, moves // 3))
    assert browser.execute_script("return window.scrollY") == 0  # the position, not the list
    browser.execute_script("location.hash = arguments[0]", f"#move-{moves - 1}")
    check(read(browser), shown(path, moves - 1))
    browser.execute_script("location.hash = '#move-9999'")  # past the end: the last position
    assert read(browser)["at"] == moves

    # Every position the script rebuilds is the command's JSON; nothing was requested.
    every = browser.execute_script(
        "return JSON.stringify(Array.from({length: window.forexReplay.count},"
        " (_, n) => window.forexReplay.position(n)))"
    )
    from forexcli.games.forex.page import positions
    from forexcli.record.gamelog import load, replay

    log = load(path)
    assert json.loads(every) == json.loads(json.dumps(positions(log, replay(log))))
    assert browser.execute_script("return performance.getEntriesByType('resource').length") == 0
    assert severe(browser) == []


STATIC = (
    ("four-players-bankruptcy", None),  # the end: the result, no projection
    ("four-players-bankruptcy", 3),  # a projected tie between candidates
    ("annotated-pbem", 41),  # a contract that would become a loan, a loan that would bankrupt
    ("six-players", 127),  # the game has ended, the strongest currency still to be chosen
)


@pytest.mark.slow
@pytest.mark.parametrize(("stem", "at"), STATIC, ids=[f"{s}-{a}" for s, a in STATIC])
def test_the_static_page_says_what_show_says(
    browser: WebDriver, tmp_path_factory: pytest.TempPathFactory, stem: str, at: int | None
) -> None:
    """The opening position (with its standings) and the move list, drawn by the template
    alone, say the same as the show JSON and as the script's own drawing of that position."""
    from selenium.webdriver.common.by import By

    path = EXAMPLES / f"{stem}.yaml"
    moves = shown(path, 0)["moves"]
    opening = moves if at is None else at
    page = tmp_path_factory.mktemp("static") / f"{stem}.html"
    assert run(["html", str(path), "-o", str(page), "--at", str(opening)]).exit_code == 0
    browser.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
    try:
        open_page(browser, page)
        assert browser.execute_script("return typeof window.forexReplay") == "undefined"
        check(read(browser), shown(path, opening), script=False)
        assert not browser.find_element(By.ID, "controls").is_displayed()
        items = browser.find_elements(By.CSS_SELECTOR, "#moves li")
        assert len(items) == moves + 1
        static = browser.find_element(By.ID, "position").text
    finally:
        browser.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": False})
    open_page(browser, page)
    other = 0 if opening else moves
    browser.execute_script(
        "window.forexReplay.go(arguments[0]); window.forexReplay.go(arguments[1])", other, opening
    )
    assert browser.find_element(By.ID, "position").text == static
    assert severe(browser) == []


def test_without_script_the_page_offers_no_keys(browser: WebDriver, pages_dir: Path) -> None:
    """Opened without JavaScript (or printed) the footer does not say that the arrow keys step
    through the game nor that #move-N opens after move N: neither works then; with the
    script it says both."""
    from selenium.webdriver.common.by import By

    page = pages_dir / "two-players.html"
    said = "The arrow keys, Home and End step through the game"
    browser.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
    try:
        browser.get("about:blank")
        browser.get(page.as_uri())
        footer = browser.find_element(By.TAG_NAME, "footer").text
    finally:
        browser.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": False})
    assert footer.startswith("Made by forexcli") and said not in footer and "#move-N" not in footer
    open_page(browser, page)
    assert said in browser.find_element(By.TAG_NAME, "footer").text
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
    try:
        assert said not in browser.find_element(By.TAG_NAME, "footer").text
    finally:
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})


def test_a_screen_reader_reads_the_chart_not_its_click_strips(
    browser: WebDriver, pages_dir: Path
) -> None:
    """A screen reader meets the chart by its title, not as 66 items 'the start', 'after
    move 1', ... (the strips a mouse clicks, whose tooltips the move list says already)."""
    open_page(browser, pages_dir / "two-players.html")
    browser.execute_cdp_cmd("Accessibility.enable", {})
    try:
        nodes = browser.execute_cdp_cmd("Accessibility.getFullAXTree", {})["nodes"]
    finally:
        browser.execute_cdp_cmd("Accessibility.disable", {})
    named = [
        (node.get("role", {}).get("value"), node.get("name", {}).get("value", ""))
        for node in nodes
        if not node.get("ignored")
    ]
    assert ("SvgRoot", "For-Ex: currency strength, Lunch break duel") in named
    strips = [name for role, name in named if name == "the start" or name.startswith("after move")]
    assert strips == []
    # The mouse keeps its tooltips.
    assert (
        browser.execute_script(
            "return document.querySelector('#chart-strips rect[data-move=\"3\"] title').textContent"
        )
        == "after move 3"
    )


HEADING_ALIGNED = r"""
const wrong = [];
for (const table of document.querySelectorAll("#position table")) {
  const head = table.querySelector("thead tr");
  if (!head) continue;
  for (const row of table.querySelectorAll("tbody tr")) {
    [...row.children].forEach((cell, column) => {
      const top = head.children[column];
      if (cell.tagName !== "TH" || !top) return;
      const [a, b] = [top, cell].map((e) => getComputedStyle(e).textAlign);
      if (a !== b) wrong.push(`${table.id}: ${top.textContent} ${a}, ${cell.textContent} ${b}`);
    });
  }
}
return [...new Set(wrong)];
"""


@pytest.mark.parametrize("at", [40, 128])
def test_a_column_of_names_is_headed_on_its_side(
    browser: WebDriver, pages_dir: Path, at: int
) -> None:
    """The heading of a column of names (player in the result and the projection, whose
    first column is the rank) stands on the names' side, the left, as in every other
    table; not on the numbers' right."""
    open_page(browser, pages_dir / "six-players.html", f"#move-{at}")
    assert browser.execute_script(HEADING_ALIGNED) == []
    assert (
        browser.execute_script(
            "return getComputedStyle(document.querySelector('#position thead th')).textAlign"
        )
        == "left"
    )


def test_long_names_at_the_end_of_the_evaluation_graph_stay_on_it(
    browser: WebDriver, tmp_path: Path
) -> None:
    """The evaluation graph (forex chart --eval, forex html --eval) names each player and
    their last chance at the right end of their line; a long name is cut to fit (with '…'),
    the chance kept, instead of both running off the picture."""
    log, chart = tmp_path / "game.yaml", tmp_path / "eval.svg"
    renames = ["--rename", "李雷=Maximilian-Alexander_von_Hohenz"]
    renames += ["--rename", "noor=Bartholomew Featherstonehaugh-C"]
    table = EXAMPLES / "bga-table-700007919.json.gz"
    done = run(["import", str(table), "-o", str(log), "--removed", "unknown", *renames])
    assert done.exit_code == 0, done.output
    args = ["chart", str(log), "--eval", "--simulations", "5", "-o", str(chart)]
    assert run(args).exit_code == 0
    browser.get(chart.as_uri())
    found = browser.execute_script(
        "const svg = document.documentElement;"
        "return {width: svg.viewBox.baseVal.width,"
        " labels: [...svg.querySelectorAll('[id$=labels] text')].map((t) => {"
        "   const box = t.getBBox(); return [t.textContent, box.x + box.width]; })};"
    )
    assert len(found["labels"]) == 2, found
    for label, right in found["labels"]:
        assert right <= found["width"], found
        name, chance = label.rsplit(" ", 1)
        assert chance.endswith("%") and name.endswith("…"), found
        longs = [rename.split("=", 1)[1] for rename in renames[1::2]]
        assert any(full.startswith(name[:-1]) for full in longs), found


CONTRASTS = r"""
const rgb = (text) => text.match(/[\d.]+/g).slice(0, 4).map(Number);
const lum = ([r, g, b]) => [r, g, b].map((c) => c / 255)
  .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
  .reduce((sum, c, i) => sum + c * [0.2126, 0.7152, 0.0722][i], 0);
const background = (e) => {
  for (; e; e = e.parentElement) {
    const c = rgb(getComputedStyle(e).backgroundColor);
    if (c.length < 4 || c[3] > 0) return c;
  }
  return [255, 255, 255];
};
return [...document.querySelectorAll("#position .cur")].map((e) => {
  const [a, b] = [lum(rgb(getComputedStyle(e).color)), lum(background(e))];
  return [e.textContent, (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05)];
});
"""


def test_the_currency_codes_are_legible(browser: WebDriver, pages_dir: Path) -> None:
    """Every currency code of the board stands out from its cell as text must (contrast at
    least 4.5:1, WCAG AA): in its picture colour's hue, but dark enough (EUR's orange and
    CNY's pink were 2.5:1), also on a non-paying currency's pink heading."""
    open_page(browser, pages_dir / "four-players-bankruptcy.html")
    count = browser.execute_script("return window.forexReplay.count")
    seen = set()
    for at in range(0, count, 7):
        browser.execute_script("window.forexReplay.go(arguments[0])", at)
        for code, contrast in browser.execute_script(CONTRASTS):
            seen.add(code)
            assert contrast >= 4.5, (at, code, contrast)
    assert {"EUR", "CNY"} <= seen


@pytest.mark.slow
def test_keys_the_page_does_not_know(
    browser: WebDriver, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """Keys that a later show JSON may add (a projection, queue risks) are drawn generically,
    by the script as by the template, and break nothing."""
    from selenium.webdriver.common.by import By

    from forexcli.games.forex import page as pages
    from forexcli.record.gamelog import load, replay

    real = pages.show_data  # type: ignore[attr-defined]

    def more(view: Any, since: int | None = None) -> dict[str, Any]:
        data = real(view, since)
        data["projection"] = {"leader": "<i>ada</i>", "margin": view.at / 2, "ranks": [1, 2]}
        data["state"]["queue_risks"] = [
            {"letter": item.get("letter"), "short": None} for item in data["state"]["queue"][:1]
        ]
        for item in data["state"]["queue"]:
            item["payable_now"] = item["item"] != "loan"
        return data

    log = load(EXAMPLES / "two-players.yaml")
    played = replay(log)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(pages, "show_data", more)
        text = pages.replay_page(log, played, at=20)
        expected = json.loads(json.dumps(pages.positions(log, played)))
    page = tmp_path_factory.mktemp("more") / "more.html"
    page.write_text(text, encoding="utf-8")
    browser.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
    try:
        open_page(browser, page)
        static = browser.find_element(By.ID, "position").text
    finally:
        browser.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": False})
    assert "More about this position" in static and "<i>ada</i>" in static
    assert "payable now" in browser.find_element(By.ID, "queue").text
    open_page(browser, page, "#move-19")
    browser.execute_script("window.forexReplay.go(20)")
    assert browser.find_element(By.ID, "position").text == static
    check(read(browser), expected[20])
    for at in (0, 40, 65):
        browser.execute_script("window.forexReplay.go(arguments[0])", at)
        section = browser.find_element(By.ID, "more-section").text
        assert f"margin\n{at / 2:g}" in section
    assert severe(browser) == []


def test_the_page_prints(browser: WebDriver, pages_dir: Path) -> None:
    """For print, the controls go and the position and the moves stay."""
    from selenium.webdriver.common.by import By

    open_page(browser, pages_dir / "two-players.html", "#move-10")
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
    try:
        assert not browser.find_element(By.ID, "controls").is_displayed()
        assert browser.find_element(By.ID, "board").is_displayed()
        assert browser.find_element(By.ID, "moves").is_displayed()
        pdf = browser.execute_cdp_cmd("Page.printToPDF", {})
        assert len(pdf["data"]) > 10_000
    finally:
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})


def test_paper_is_not_asked_to_be_clicked(browser: WebDriver, eval_page: tuple[Path, Any]) -> None:
    """Printed, the page says nothing that only a screen can do: no "Click the chart to go
    to a move" under either chart (words that the script shows on a screen)."""
    from selenium.webdriver.common.by import By

    open_page(browser, eval_page[0], "#move-10")
    screen = [e.text for e in browser.find_elements(By.CSS_SELECTOR, "figcaption .js-only")]
    assert screen == ["Click the chart to go to a move."] * 2
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
    try:
        for caption in browser.find_elements(By.TAG_NAME, "figcaption"):
            assert caption.is_displayed() and "Click" not in caption.text, caption.text
    finally:
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})


def test_a_hostile_note_does_nothing(
    browser: WebDriver, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """Notes, names and a title made of ``<script>``, ``onerror`` and ``javascript:`` are shown
    as text at every position and run nothing."""
    from selenium.webdriver.common.by import By

    folder = tmp_path_factory.mktemp("hostile")
    page = folder / "hostile.html"
    assert run(["html", str(hostile_game(folder)), "-o", str(page)]).exit_code == 0
    open_page(browser, page, "#move-1")
    assert browser.find_element(By.CSS_SELECTOR, "#this-move .note").text.startswith(
        "<script>window.__pwned = 1</script>"
    )
    assert read(browser)["note"] == HOSTILE_NOTE
    assert browser.find_element(By.TAG_NAME, "h1").text == (
        "<script>window.__pwned = 4</script> & co"
    )
    links = browser.find_elements(By.CSS_SELECTOR, "#moves a")
    assert len(links) == browser.execute_script("return window.forexReplay.count") == 4
    for at, link in enumerate(links):
        link.click()  # each position, drawn by the script, with its note
        assert read(browser)["at"] == at
        assert browser.execute_script("return window.__pwned") is None
        assert (
            browser.execute_script(
                "return document.querySelectorAll('img, iframe, object, embed,"
                ' [onerror], [onclick], a[href^="javascript"]\').length'
            )
            == 0
        )
        assert len(browser.find_elements(By.TAG_NAME, "script")) == 2
    assert severe(browser) == []


def png_size(path: Path) -> tuple[int, int]:
    header = path.read_bytes()[:24]
    assert header[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", header[16:24])
    return width, height


def test_screenshot_for_the_readme(browser: WebDriver, pages_dir: Path, tmp_path: Path) -> None:
    """The README's picture: the annotated game after move 41, its turning point."""
    browser.set_window_size(1280, 2400)  # down to the queue's risks and the exposure
    try:
        open_page(browser, pages_dir / f"{ANNOTATED.stem}.html", "#move-41")
        assert read(browser)["at"] == 41
        shot = tmp_path / "replay.png"
        assert browser.save_screenshot(str(shot))
    finally:
        browser.set_window_size(1280, 1400)
    width, _height = png_size(shot)
    assert width == 1280
    assert shot.stat().st_size > 50_000  # a page, not a blank
    committed = ROOT / "docs" / "replay.png"
    if os.environ.get("FOREX_REGEN"):
        shutil.copyfile(shot, committed)
    assert png_size(committed)[0] == width


# --------------------------------------------------------------------------- issue 22

OVERFLOW = r"""
const width = document.documentElement.clientWidth;
const wide = [...document.querySelectorAll(".scroll")]
  .filter((s) => s.scrollWidth > s.clientWidth + 1)
  .map((s) => s.firstElementChild.id);
const outside = [...document.body.querySelectorAll("*")]
  .filter((e) => !e.closest(".scroll") && e.getBoundingClientRect().right > width + 1)
  .map((e) => e.tagName + "#" + e.id);
return {width: width, page: document.documentElement.scrollWidth, wide: wide,
  outside: outside};
"""


@pytest.fixture(scope="module")
def signed_page(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A signed game: alice's spot deal with bob (move 1) countersigned, bob's deal with
    carol (move 2) not; then carol's move.  Its replay page."""
    from tests.record.test_signing import make_key

    folder = tmp_path_factory.mktemp("signed-page")
    keys = {name: make_key(folder, name) for name in ("alice", "bob", "carol")}
    log = folder / "signed.yaml"
    given = [arg for name, key in keys.items() for arg in ("--key-for", f"{name}={key}.pub")]
    new = ["new", str(log), "--players", "alice,bob,carol", "--seed", "page", *given]
    assert run([*new, "--started", "2026-12-01"]).exit_code == 0
    for player, move in (
        ("alice", "spot 1 GBP to bob for 1.5 EUR; invest EUR"),
        ("bob", "spot 1 GBP to carol for 1 EUR; invest JPY"),
        ("carol", "resolve"),
    ):
        done = run(["play", str(log), player, move, "--sign", "--key", str(keys[player])])
        assert done.exit_code == 0, done.output
    signed = run(["sign", str(log), "1", "--as", "bob", "--key", str(keys["bob"])])
    assert signed.exit_code == 0, signed.output
    page = folder / "signed.html"
    assert run(["html", str(log), "-o", str(page)]).exit_code == 0
    return page


SIGNED = {
    1: "Signed by alice and bob.",
    2: "Signed by bob; the spot deal awaits carol's signature.",
    3: "Signed by carol.",
}
AWAITING = ["Move 2: bob's spot deal with carol awaits carol's signature."]


def _signatures_shown(browser: WebDriver) -> dict[str, Any]:
    from selenium.webdriver.common.by import By

    section = browser.find_element(By.ID, "signatures-section")
    return {
        "move": browser.find_element(By.CSS_SELECTOR, "#this-move .signed").text,
        "keys": [
            [cell.text for cell in row.find_elements(By.CSS_SELECTOR, "th, td")]
            for row in section.find_elements(By.CSS_SELECTOR, "#keys tbody tr")
        ],
        "awaiting": [li.text for li in section.find_elements(By.CSS_SELECTOR, "#awaiting li")],
        "list": {
            int(li.get_attribute("data-move") or 0): li.find_element(
                By.CSS_SELECTOR, ".signed"
            ).text
            for li in browser.find_elements(By.CSS_SELECTOR, "#moves li[data-move]")
            if li.get_attribute("data-move") != "0"
        },
    }


def test_signatures_and_awaited_agreements_are_shown(browser: WebDriver, signed_page: Path) -> None:
    """The replay page says who signed each move, lists the keys, and names the spot deal
    that awaits its partner, drawn by the template and by the script alike."""
    browser.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
    try:
        open_page(browser, signed_page)
        static = _signatures_shown(browser)
    finally:
        browser.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": False})
    assert static["move"] == SIGNED[3]
    assert [row[0] for row in static["keys"]] == ["alice", "bob", "carol"]
    assert all(
        row[1].startswith("SHA256:") and row[2] == "given at set-up" for row in static["keys"]
    )
    assert static["awaiting"] == AWAITING
    assert static["list"] == SIGNED  # the list tells the game as it stands
    open_page(browser, signed_page)
    for at in (1, 2, 3):
        browser.execute_script("window.forexReplay.go(arguments[0])", at)
        drawn = _signatures_shown(browser)
        assert drawn["move"] == SIGNED[at]
        assert drawn["keys"] == static["keys"] and drawn["list"] == SIGNED
        # Up to move 1 nothing awaits: bob's countersignature is there.
        assert drawn["awaiting"] == ([] if at == 1 else AWAITING)
    browser.execute_script("window.forexReplay.go(1)")
    from selenium.webdriver.common.by import By

    assert browser.find_element(By.ID, "awaiting-none").text == (
        "No spot deal awaits its partner's signature."
    )
    browser.execute_script("window.forexReplay.go(3)")
    assert browser.find_element(By.ID, "position").text == _static_position(browser, signed_page)
    assert severe(browser) == []


def _static_position(browser: WebDriver, page: Path) -> str:
    """The text of #position as the template drew it (the page opened without script)."""
    from selenium.webdriver.common.by import By

    browser.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
    try:
        browser.get("about:blank")
        browser.get(page.as_uri())
        text: str = browser.find_element(By.ID, "position").text
    finally:
        browser.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": False})
    open_page(browser, page)
    return text


def test_the_current_move_is_in_view_in_the_move_list(browser: WebDriver, pages_dir: Path) -> None:
    """The move list scrolls (not the page) so that the current move shows: on opening at
    the last move, at a #move-N link, and at every step."""
    page = pages_dir / "six-players.html"
    in_view = (
        "const li = document.querySelector('#moves li.current'), list = li.parentNode;"
        " const a = li.getBoundingClientRect(), b = list.getBoundingClientRect();"
        " return [a.top >= b.top - 1 && a.bottom <= b.bottom + 1,"
        " list.scrollHeight > list.clientHeight, window.scrollY];"
    )
    open_page(browser, page)
    assert browser.execute_script(in_view) == [True, True, 0]  # it opens at the last move
    open_page(browser, page, "#move-60")
    assert browser.execute_script(in_view) == [True, True, 0]
    count = browser.execute_script("return window.forexReplay.count")
    for at in (0, 90, 5, count - 1, 40):
        browser.execute_script("window.forexReplay.go(arguments[0])", at)
        assert browser.execute_script(in_view)[0], at
    assert severe(browser) == []


def test_a_phone_scrolls_sideways_only_the_board(
    browser: WebDriver, pages_dir: Path, signed_page: Path
) -> None:
    """On a screen 412 pixels wide no table but the board needs sideways scrolling, and
    nothing sticks out of the page, at any position of any example."""
    browser.set_window_size(412, 900)
    try:
        for page in [*sorted(pages_dir.glob("*.html")), signed_page]:
            open_page(browser, page)
            assert browser.execute_script("return document.documentElement.clientWidth") == 412
            count = browser.execute_script("return window.forexReplay.count")
            for at in range(count):
                browser.execute_script("window.forexReplay.go(arguments[0])", at)
                found = browser.execute_script(OVERFLOW)
                assert found["page"] <= found["width"], (page.name, at, found)
                assert found["outside"] == [], (page.name, at, found)
                assert set(found["wide"]) <= {"board"}, (page.name, at, found)
    finally:
        browser.set_window_size(1280, 1400)


@pytest.mark.parametrize("width", [1024, 1180, 1366])
def test_a_laptop_scrolls_no_table_sideways(
    browser: WebDriver, pages_dir: Path, width: int
) -> None:
    """On a laptop or a tablet held sideways no table of the position needs sideways
    scrolling at any position of the six-player game or the bankruptcy (the projection's
    last columns, the queue's outcome, a loan's shortfall in three currencies were cut off
    behind a scroll bar)."""
    browser.set_window_size(width, 900)
    try:
        for page in ("six-players.html", "four-players-bankruptcy.html"):
            open_page(browser, pages_dir / page)
            count = browser.execute_script("return window.forexReplay.count")
            for at in range(count):
                browser.execute_script("window.forexReplay.go(arguments[0])", at)
                found = browser.execute_script(OVERFLOW)
                assert found["wide"] == [] and found["outside"] == [], (page, at, found)
    finally:
        browser.set_window_size(1280, 1400)


def test_a_note_of_one_long_word_wraps_on_a_phone(
    browser: WebDriver, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """A note holding a long link (no space to break at) wraps inside its box, beside the
    move and in the move list, on a screen 412 pixels wide: read whole, nothing sticks out."""
    folder = tmp_path_factory.mktemp("long-note")
    log, page = folder / "game.yaml", folder / "game.html"
    shutil.copyfile(EXAMPLES / "two-players.yaml", log)
    link = "https://boardgamearena.com/gamereview?table=700007919&" + "x" * 120
    assert run(["annotate", str(log), "2", "see", link]).exit_code == 0
    assert run(["html", str(log), "-o", str(page), "--at", "2"]).exit_code == 0
    browser.set_window_size(412, 900)
    try:
        open_page(browser, page, "#move-2")
        found = browser.execute_script(OVERFLOW)
        assert found["page"] <= found["width"] and found["outside"] == [], found
        assert read(browser)["note"] == f"see {link}"
    finally:
        browser.set_window_size(1280, 1400)


LIVE_REGIONS = r"""
return [...document.querySelectorAll("[aria-live], [role=status], output")]
  .filter((e) => (e.getAttribute("aria-live") || "polite") !== "off")
  .filter((e) => !e.closest("[aria-hidden=true]"))
  .map((e) => ({id: e.id, text: e.textContent.trim(), inPosition: !!e.closest("#position")}));
"""


def test_a_step_is_told_to_a_screen_reader(browser: WebDriver, pages_dir: Path) -> None:
    """A screen reader hears each step: after an arrow key the page's one live region (there
    from the start, not redrawn with the position, so that the change is announced) says
    which move the page shows, as the move list words it; the counter alone is not told."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    path = EXAMPLES / "two-players.yaml"
    open_page(browser, pages_dir / "two-players.html", "#move-2")
    before = browser.execute_script(LIVE_REGIONS)
    browser.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_RIGHT)
    assert read(browser)["at"] == 3
    after = browser.execute_script(LIVE_REGIONS)
    told = [region for region in after if not region["inPosition"]]
    assert [region["id"] for region in told] == [
        region["id"] for region in before if not region["inPosition"]
    ] and len(told) == 1, (before, after)
    entry = shown(path, 3)["last_move"]
    assert told[0]["text"] == f"After move 3 of 65: {entry['player']}: {entry['decision']}", told
    browser.find_element(By.TAG_NAME, "body").send_keys(Keys.HOME)
    assert browser.execute_script(LIVE_REGIONS)[0]["text"] == "The start", told


HEADINGS_BROKEN = r"""
const broken = [];
for (const th of document.querySelectorAll("#position thead th")) {
  if (!th.offsetParent) continue;
  const text = th.firstChild;
  if (!text || text.nodeType !== Node.TEXT_NODE) continue;
  for (const match of text.data.matchAll(/\S+/g)) {
    const range = document.createRange();
    range.setStart(text, match.index);
    range.setEnd(text, match.index + match[0].length);
    const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
    if (lines.size > 1) broken.push(th.closest("table").id + ": " + match[0]);
  }
}
return broken;
"""


def test_long_names_on_a_phone_leave_the_headings_whole(
    browser: WebDriver, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """Two players with the longest names (32 characters, one without a space) on a screen
    390 pixels wide: no column heading is cut inside a word (GBP, not G above BP; the
    result's from GBP), the names break instead, and no table but the board scrolls."""
    folder = tmp_path_factory.mktemp("long-names")
    log, page = folder / "game.yaml", folder / "game.html"
    long_names = ["--rename", "李雷=Maximilian-Alexander_von_Hohenz"]
    long_names += ["--rename", "noor=Bartholomew Featherstonehaugh-C"]
    table = EXAMPLES / "bga-table-700007919.json.gz"
    done = run(["import", str(table), "-o", str(log), "--removed", "unknown", *long_names])
    assert done.exit_code == 0, done.output
    assert run(["html", str(log), "-o", str(page)]).exit_code == 0
    browser.set_window_size(390, 900)
    try:
        open_page(browser, page)
        assert browser.execute_script("return document.documentElement.clientWidth") == 390
        count = browser.execute_script("return window.forexReplay.count")
        for at in (0, 1, count // 2, count - 2, count - 1):
            browser.execute_script("window.forexReplay.go(arguments[0])", at)
            assert browser.execute_script(HEADINGS_BROKEN) == [], at
            found = browser.execute_script(OVERFLOW)
            assert found["page"] <= found["width"] and found["outside"] == [], (at, found)
            assert set(found["wide"]) <= {"board"}, (at, found)
    finally:
        browser.set_window_size(1280, 1400)


# --------------------------------------------------------------------------- issue 42

EVAL_MOVES = 24


@pytest.fixture(scope="module")
def eval_page(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[int, str]]:
    """The annotated example cut to 24 moves, analysed with ``--write`` (the verdicts in the
    notes) and written with ``forex html --eval``; each move's mark in the notes."""
    folder = tmp_path_factory.mktemp("eval-page")
    game = truncated(ANNOTATED, EVAL_MOVES, folder / "game.yaml")
    args = ["analyse", str(game), "--simulations", "30"]
    data = json.loads(run([*args, "--format", "json"]).stdout)
    assert run([*args, "--write"]).exit_code == 0
    page = folder / "game.html"
    done = run(["html", str(game), "-o", str(page), "--eval", "--simulations", "30"])
    assert done.exit_code == 0, done.output
    return page, {m["move"]: m["mark"] for m in data["moves"] if m["mark"]}


def _colour_pixels(shot: bytes, colour: str, tolerance: int = 30) -> int:
    """How many pixels of the PNG ``shot`` are within ``tolerance`` of ``colour`` in each
    channel."""
    from tests.record.test_png import decode, rgb

    _width, _height, pixels = decode(shot)
    want = rgb(colour)
    return sum(
        all(abs(a - b) <= tolerance for a, b in zip(pixel, want, strict=True))
        for row in pixels
        for pixel in row
    )


def _graph_drawn(shot: bytes, players: int) -> None:
    """The screenshot of the graph is a picture (not blank) with every player's colour."""
    from forexcli.reporters.evalchart import PALETTE
    from tests.record.test_png import decode

    width, height, pixels = decode(shot)
    assert width > 300 and height > 150
    assert len({pixel for row in pixels for pixel in row}) > 20  # not blank
    for seat in range(players):
        assert _colour_pixels(shot, PALETTE[seat]) >= 10, seat


MARKS_SHOWN = """return [...document.querySelectorAll('#moves li[data-move]')]
  .filter((li) => li.querySelector('.verdict'))
  .map((li) => [Number(li.dataset.move), li.querySelector('.verdict').textContent,
                li.querySelector('.verdict').getBoundingClientRect().width > 0]);"""


def test_marks_and_the_evaluation_graph_in_a_browser(
    browser: WebDriver, eval_page: tuple[Path, dict[int, str]], tmp_path: Path
) -> None:
    """The move list shows the notes' marks, the evaluation graph is drawn beside the
    strength chart in the players' colours (a screenshot checked), and a click on a marked
    point of it goes to that move: the position, the move list and both cursors follow."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By

    page, marks = eval_page
    open_page(browser, page)
    shown_marks = browser.execute_script(MARKS_SHOWN)
    assert {move: mark for move, mark, _ in shown_marks} == marks
    assert all(visible for _, _, visible in shown_marks)
    graph = browser.find_element(By.ID, "eval-chart")
    assert graph.is_displayed()
    assert len(graph.find_elements(By.CSS_SELECTOR, "polyline")) == 3
    side = browser.find_element(By.ID, "side")
    assert graph.find_element(By.XPATH, "..") == side  # beside the strength chart
    shot = tmp_path / "eval-wide.png"
    assert browser.save_screenshot(str(shot)) and shot.stat().st_size > 50_000
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", graph)
    picture = graph.find_element(By.TAG_NAME, "svg").screenshot_as_png
    (tmp_path / "eval-graph.png").write_bytes(picture)
    _graph_drawn(picture, 3)

    points = graph.find_elements(By.CSS_SELECTOR, "g.mark")
    assert points, "the search marked nothing on the graph"
    for point in (points[0], points[-1]):
        move = int((point.get_attribute("id") or "").removeprefix("eval-move-"))
        ActionChains(browser).move_to_element(
            point.find_element(By.TAG_NAME, "circle")
        ).click().perform()
        assert browser.execute_script("return window.forexReplay.current()") == move
        assert read(browser)["at"] == move
        current = browser.find_element(By.CSS_SELECTOR, "#moves li.current")
        assert current.get_attribute("data-move") == str(move)
        for name in ("eval", "chart"):
            cursor = browser.find_element(By.ID, f"{name}-cursor").get_attribute("x1")
            strip = browser.find_element(
                By.CSS_SELECTOR, f'#{name}-strips rect[data-move="{move}"]'
            )
            assert cursor == strip.get_attribute("data-x"), name
    assert browser.execute_script("return performance.getEntriesByType('resource').length") == 0
    assert severe(browser) == []


def test_marks_and_the_graph_without_javascript(
    browser: WebDriver, eval_page: tuple[Path, dict[int, str]], tmp_path: Path
) -> None:
    """Without JavaScript the graph (inline SVG) and the marks are there all the same."""
    from selenium.webdriver.common.by import By

    page, marks = eval_page
    browser.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
    try:
        open_page(browser, page)
        assert browser.execute_script("return typeof window.forexReplay") == "undefined"
        shown_marks = browser.execute_script(MARKS_SHOWN)
        graph = browser.find_element(By.CSS_SELECTOR, "#eval-chart svg")
        browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", graph)
        picture = graph.screenshot_as_png
    finally:
        browser.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": False})
    assert {move: mark for move, mark, visible in shown_marks if visible} == marks
    (tmp_path / "eval-static.png").write_bytes(picture)
    _graph_drawn(picture, 3)


def test_the_page_with_the_graph_fits_a_phone(
    browser: WebDriver, eval_page: tuple[Path, dict[int, str]], tmp_path: Path
) -> None:
    """412 pixels wide, with the evaluation graph: nothing scrolls sideways but the board,
    the graph fits the width and is drawn (a screenshot checked), at any position."""
    from selenium.webdriver.common.by import By

    page, _marks = eval_page
    browser.set_window_size(412, 900)
    try:
        open_page(browser, page)
        assert browser.execute_script("return document.documentElement.clientWidth") == 412
        for at in range(0, EVAL_MOVES + 1, 4):
            browser.execute_script("window.forexReplay.go(arguments[0])", at)
            found = browser.execute_script(OVERFLOW)
            assert found["page"] <= 412, (at, found)
            assert found["outside"] == [], (at, found)
            assert set(found["wide"]) <= {"board"}, (at, found)
        graph = browser.find_element(By.CSS_SELECTOR, "#eval-chart svg")
        box = browser.execute_script(
            "const r = arguments[0].getBoundingClientRect(); return [r.left, r.right];", graph
        )
        assert 0 <= box[0] < box[1] <= 412
        browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", graph)
        shot = tmp_path / "eval-phone.png"
        assert browser.save_screenshot(str(shot))
        picture = graph.screenshot_as_png
    finally:
        browser.set_window_size(1280, 1400)
    (tmp_path / "eval-phone-graph.png").write_bytes(picture)
    _graph_drawn(picture, 3)


def test_a_deal_awaiting_a_player_named_you_reads_right(browser: WebDriver, tmp_path: Path) -> None:
    """The script says "your signature" for a player named you, as the template does."""
    from selenium.webdriver.common.by import By

    from tests.record.test_signing import make_key

    keys = {name: make_key(tmp_path, name) for name in ("alice", "you")}
    log = tmp_path / "you.yaml"
    given = [arg for name, key in keys.items() for arg in ("--key-for", f"{name}={key}.pub")]
    assert run(["new", str(log), "--players", "alice,you", "--seed", "page", *given]).exit_code == 0
    move = "spot 1 GBP to you for 1.5 EUR; invest EUR"
    assert (
        run(["play", str(log), "alice", move, "--sign", "--key", str(keys["alice"])]).exit_code == 0
    )
    page = tmp_path / "you.html"
    assert run(["html", str(log), "-o", str(page)]).exit_code == 0
    open_page(browser, page)
    browser.execute_script("window.forexReplay.go(0)")
    browser.execute_script("window.forexReplay.go(1)")  # drawn by the script
    section = browser.find_element(By.ID, "signatures-section")
    awaiting = [li.text for li in section.find_elements(By.CSS_SELECTOR, "#awaiting li")]
    assert awaiting == ["Move 1: alice's spot deal with you awaits your signature."]
    said = browser.find_element(By.CSS_SELECTOR, "#this-move .signed").text
    assert said == "Signed by alice; the spot deal awaits your signature."
    assert severe(browser) == []


def test_a_player_named_you_pays_in_the_queue_as_you_step(
    browser: WebDriver, tmp_path: Path
) -> None:
    """The script's queue reads "you pay", "you owe" (``words.verb_for``) at every position,
    as the page without it does."""
    log = you_game(tmp_path)
    page = tmp_path / "you.html"
    assert run(["html", str(log), "-o", str(page)]).exit_code == 0
    open_page(browser, page)
    moves = shown(log, 0)["moves"]
    seen = 0
    for at in range(moves + 1):
        browser.execute_script(f"window.forexReplay.go({at})")
        dom = read(browser)
        check(dom, shown(log, at))
        seen += sum(1 for row in dom["queue"] if row["cells"][3] == "you")
    assert seen, "the game queues an item of yours"
    assert severe(browser) == []
