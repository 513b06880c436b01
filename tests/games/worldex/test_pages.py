"""World Exchangers' replay page and cash chart (``forex html``, ``forex chart`` of its logs),
without a browser: the page's data, escaping and policy, the chart's lines, the commands' files
and errors, and golden copies of both.  ``tests/games/worldex/test_html_browser.py`` opens
the page in Chromium.  ``FOREX_REGEN=1`` rewrites the goldens under ``tests/golden/worldex/``."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from forexcli import __version__
from forexcli.games.worldex.chart import (
    PLAYER_COLOURS,
    cash_chart_svg,
    chart_x,
    chart_y,
    month_starts,
)
from forexcli.games.worldex.page import positions, worldex_page
from forexcli.games.worldex.picture import space_id, spaces_gained
from forexcli.games.worldex.views import show_view
from forexcli.pages import signature_rows
from forexcli.record import gamelog
from forexcli.record.gamelog import Replay as GameReplay
from tests.cli.test_commands import run
from tests.cli.test_golden import REGEN
from tests.cli.test_pages import Tags, decoded, embedded
from tests.cli.test_worldex_commands import EXAMPLE, copy_example, keys
from tests.games.worldex.test_example_game import GOLDEN
from tests.record.test_png import decode, rgb

HOSTILE_NOTE = '<script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 2"> &amp;'
HOSTILE_TITLE = "<b>bold</b> & </script>"
SVG = "{http://www.w3.org/2000/svg}"


def replayed(path: Path) -> GameReplay:
    problems, played = gamelog.load_and_replay(path)
    assert problems == [] and isinstance(played, GameReplay)
    return played


def golden(name: str, text: str) -> None:
    """Compare ``text`` with ``tests/golden/worldex/NAME``; FOREX_REGEN=1 rewrites it."""
    path = GOLDEN / name
    if REGEN:
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"no golden file {name}: run with FOREX_REGEN=1"
    assert text == path.read_text(encoding="utf-8"), f"{name} changed: FOREX_REGEN=1, review"


def hostile_game(tmp_path: Path) -> Path:
    """The example cut after 3 moves, with a title and a note made of markup."""
    path = copy_example(tmp_path, 3)
    text = path.read_text("utf-8")
    text = text.replace(
        "title: Three players over the invented components", f"title: {json.dumps(HOSTILE_TITLE)}"
    )
    note = f"  - mei: buy Paris\n    note: {json.dumps(HOSTILE_NOTE)}\n"
    text = re.sub(r"  - mei: buy Paris *\n", note, text)
    path.write_text(text, encoding="utf-8")
    return path


# --------------------------------------------------------------------------- the page's data


def test_the_page_holds_the_view_of_every_position() -> None:
    played = replayed(EXAMPLE)
    data = embedded(worldex_page(played))
    every = decoded(data)
    assert len(every) == played.moves + 1 == 40
    assert data["format"] == "worldex-replay" and data["start"] == played.moves
    for at, position in enumerate(every):
        state = played.state_after(at)
        assert position["at"] == at and position["moves"] == played.moves
        assert position["view"] == show_view(state)
        assert position["gained"] == [
            {space_id(key): months for key, months in spaces_gained(state, seat).items()}
            for seat in range(len(state.players))
        ]
        move = position["last_move"]
        if at == 0:
            assert move is None
        else:
            entry = played.log.entries[at - 1]
            assert (move["number"], move["player"], move["decision"]) == (
                at,
                entry.key,
                entry.text,
            )
            assert move["told"]  # every entry did something to tell
    assert every == positions(played)


@pytest.mark.parametrize("at", [0, 8, 20, 39])
def test_each_view_is_what_show_prints(at: int) -> None:
    done = run(["show", str(EXAMPLE), "--at", str(at), "--format", "json"])
    assert done.exit_code == 0, done.output
    shown = json.loads(done.stdout)
    # show adds which document it is, and where the game is (the page's move list and
    # heading say it)
    assert (shown.pop("format"), shown.pop("version")) == ("forex-show", 1)
    assert (shown.pop("at"), shown.pop("moves")) == (at, 39)
    assert (shown.pop("last_move") or {"number": 0})["number"] == at
    assert decoded(embedded(worldex_page(replayed(EXAMPLE))))[at]["view"] == shown


def test_the_opening_position_is_drawn_without_javascript() -> None:
    played = replayed(EXAMPLE)
    page = worldex_page(played, at=8)
    assert embedded(page)["start"] == 8
    assert '<section id="position" data-at="8" aria-live="polite">' in page
    assert '<h2 id="where">After move 8 of 39: month 3 of 12</h2>' in page
    assert '<bdi class="player">deck</bdi>: <span class="decision">reveal Delhi' in page
    state = played.state_after(8)
    for seat, player in enumerate(state.players):
        assert f'<div class="board" data-keep="board-{seat}"><svg' in page
        assert f'id="b{seat}-cash-flow"' in page
        assert f'<span class="cash">{player.cash:,}</span>' in page
    for card in state.area:
        assert f'<tr data-card="{card}">' in page
    assert '<li id="move-8" data-move="8" class="current">' in page
    assert "House rules: trend ties: all; media floor: zero; pass symbols: gain;" in page
    assert "<bdi>louis</bdi> plays first;" in page  # as forex new says it, moves or none
    assert "<h3>Scores if the game ended now</h3>" in page and "<h3>Final scores</h3>" not in page


def test_the_last_position_shows_the_final_scores_and_the_winner() -> None:
    played = replayed(EXAMPLE)
    page = worldex_page(played)
    view = show_view(played.final)
    (winner,) = view["scores"]["winners"]
    assert f"<strong>The game is over: {winner} wins.</strong>" in page
    assert f'<p id="winner-text">Result: {winner} wins.' in page
    assert "<h3>Final scores</h3>" in page
    totals = re.search(r'<tr data-part="Total" class="sum">(.*?)</tr>', page)
    assert totals is not None
    cells = re.findall(r"<td>([^<]*)</td>", totals.group(1))
    assert cells == [f"{p['total']:,}" for p in view["scores"]["players"]]


# --------------------------------------------------------------------------- safety


def test_title_and_notes_are_escaped(tmp_path: Path) -> None:
    page = worldex_page(replayed(hostile_game(tmp_path)))
    parser = Tags()
    parser.feed(page)
    names = [tag for tag, _ in parser.tags]
    assert names.count("script") == 2  # the JSON data and the page's own script
    assert "img" not in names and "b" not in names
    for tag, attrs in parser.tags:
        for attribute in attrs:
            assert not attribute.startswith("on"), (tag, attribute)
    assert "&lt;script&gt;window.__pwned = 1&lt;/script&gt;" in page
    assert "<h1><bdi>&lt;b&gt;bold&lt;/b&gt; &amp; &lt;/script&gt;</bdi></h1>" in page
    data = json.loads(parser.scripts[0])
    assert decoded(data)[2]["last_move"]["note"] == HOSTILE_NOTE
    assert "</script" not in parser.scripts[0].lower()


def test_a_signed_game_shows_who_signed(tmp_path: Path) -> None:
    path = copy_example(tmp_path, 0)
    key = keys(tmp_path, "louis")
    done = run(["play", str(path), "louis", "buy", "Warsaw", "--sign", "--key", str(key["louis"])])
    assert done.exit_code == 0, done.output
    assert run(["play", str(path), "mei", "buy", "Paris"]).exit_code == 0
    page = worldex_page(replayed(path), at=1)
    data = embedded(page)
    assert data["signatures"]["signed"] == [{"move": 1, "by": ["louis"]}]
    assert '<p class="signed">Signed by louis.</p>' in page
    assert '<p class="signed">Not signed.</p>' in page  # move 2, in the move list
    (row,) = signature_rows(data["signatures"])
    assert f'<td class="fingerprint">{row["fingerprint"]}</td>' in page


# --------------------------------------------------------------------------- the chart


def test_the_chart_draws_every_players_cash() -> None:
    played = replayed(EXAMPLE)
    states = [played.initial, *played.states]
    root = ET.fromstring(cash_chart_svg(states, "T").encode("utf-8"))
    lines = root.findall(f".//{SVG}g[@class='player']")
    assert len(lines) == 3
    for seat, group in enumerate(lines):
        polyline = group.find(f"{SVG}polyline")
        assert polyline is not None and polyline.get("stroke") == PLAYER_COLOURS[seat]
        points = [tuple(map(float, p.split(","))) for p in polyline.get("points", "").split()]
        assert len(points) == 40
        for at, (x, y) in enumerate(points):
            assert x == pytest.approx(chart_x(at, 39), abs=0.01)
            assert y == pytest.approx(chart_y(states[at].players[seat].cash), abs=0.01)
    legend = [t.text for t in root.iter(f"{SVG}text") if t.get("class") == "legend-name"]
    assert legend == [f"{p.name} ({p.cash:,})" for p in played.final.players]
    months = [t.text for t in root.iter(f"{SVG}text") if t.get("class") == "month-label"]
    assert months == [str(m) for m in range(1, 13)] and len(month_starts(states)) == 12


def test_chart_golden_and_title() -> None:
    done = run(["chart", str(EXAMPLE)])
    assert done.exit_code == 0, done.output
    golden("chart-three-players.svg", done.stdout)
    titled = run(["chart", str(EXAMPLE), "--title", "Club <night>"])
    assert "World Exchangers: cash, Club &lt;night&gt;" in titled.stdout


def test_chart_png_is_the_picture_in_pixels(tmp_path: Path) -> None:
    out = tmp_path / "cash.png"
    done = run(["chart", str(EXAMPLE), "-o", str(out)])
    assert done.exit_code == 0, done.output
    assert done.stdout == f"wrote the chart to {out}\n"
    width, height, pixels = decode(out.read_bytes())
    root = ET.fromstring(run(["chart", str(EXAMPLE)]).stdout.encode("utf-8"))
    assert (width, height) == (int(root.get("width", "")), int(root.get("height", "")))
    final = replayed(EXAMPLE).final
    cash = [p.cash for p in final.players]
    assert len(set(cash)) == len(cash)  # the lines end apart
    for seat, amount in enumerate(cash):
        x, y = round(chart_x(39, 39)) - 2, round(chart_y(amount))
        near = [pixels[y + dy][x + dx] for dy in (-1, 0, 1) for dx in (-1, 0, 1)]
        want = rgb(PLAYER_COLOURS[seat])
        assert any(sum(abs(a - b) for a, b in zip(p, want, strict=True)) < 60 for p in near)
    assert run(["chart", str(EXAMPLE), "--png", "-o", str(tmp_path / "x.png")]).exit_code == 0


def test_chart_of_an_illegal_log_is_located(tmp_path: Path) -> None:
    path = copy_example(tmp_path, 4)
    text = path.read_text("utf-8").replace("louis: sell Riga", "louis: sell Paris")
    path.write_text(text, encoding="utf-8")
    out = tmp_path / "chart.svg"
    for command in (["chart", str(path), "-o", str(out)], ["html", str(path), "-o", str(out)]):
        done = run(command)
        assert done.exit_code == 1, done.output
        assert re.match(rf"{re.escape(str(path))}:\d+:\d+: ", done.stderr), done.stderr
        assert "move 4" in done.stderr and "needs a log that replays to its end" in done.stderr
        assert not out.exists()


# --------------------------------------------------------------------------- the command


def test_html_to_standard_output_from_standard_input_and_title() -> None:
    done = run(["html", str(EXAMPLE), "-o", "-", "--at", "3", "--title", "Club <night>"])
    assert done.exit_code == 0
    assert done.stdout.startswith("<!DOCTYPE html>")
    assert "<h1><bdi>Club &lt;night&gt;</bdi></h1>" in done.stdout
    assert embedded(done.stdout)["start"] == 3
    bad = run(["html", str(EXAMPLE), "-o", "-", "--at", "40"])
    assert bad.exit_code == 2 and "there is no move 40" in bad.stderr


def test_page_golden(tmp_path: Path) -> None:
    """The page of the example cut after 6 moves, opening after move 3 (the version named in
    the page as VERSION)."""
    path = copy_example(tmp_path, 6)
    done = run(["html", str(path), "-o", "-", "--at", "3"])
    assert done.exit_code == 0, done.output
    golden("page-6-at-3.html", done.stdout.replace(f"forexcli {__version__}", "forexcli VERSION"))
