"""SVG pictures: ``forexcli.games.forex.svg``, checked by parsing the SVG."""

from __future__ import annotations

import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from forexcli.games.forex.rules import CURRENCIES, PAIRS, Board, GameState, format_rate, new_game
from forexcli.games.forex.svg import (
    board_svg,
    dividend_moves,
    pair_sentence,
    strength,
    strength_chart_svg,
    strength_series,
    xml_escape,
)
from forexcli.record.gamelog import Replay
from tests.games.forex.test_catchup import REMOVED_COUNTS, log_text, replay_text, scripted_entries

NS = "{http://www.w3.org/2000/svg}"


def _root(document: str) -> ET.Element:
    assert document.startswith('<?xml version="1.0" encoding="UTF-8"')
    root = ET.fromstring(document.encode("utf-8"))
    assert root.tag == f"{NS}svg"
    assert root.get("version") == "1.1"
    assert root.get("viewBox") is not None
    return root


def _by_id(root: ET.Element, ident: str) -> ET.Element:
    found = [el for el in root.iter() if el.get("id") == ident]
    assert len(found) == 1, ident
    return found[0]


def _texts(element: ET.Element) -> list[str]:
    return [el.text or "" for el in element.iter(f"{NS}text")]


@pytest.fixture(scope="module")
def game() -> Replay:
    played = replay_text(log_text(scripted_entries(40, seed=5)))
    assert played.problem is None
    return played


# --------------------------------------------------------------------------- board


def _check_board(root: ET.Element, state: GameState) -> None:
    board = state.board
    pairs = [el for el in root.iter(f"{NS}g") if "pair" in (el.get("class") or "").split()]
    assert len(pairs) == 21
    rows = [el for el in root.iter(f"{NS}g") if el.get("class") == "row"]
    assert [el.get("id") for el in rows] == [f"row-{code}" for code in CURRENCIES]
    for row, code in zip(rows, CURRENCIES, strict=True):
        texts = _texts(row)
        assert texts[0] == code
        assert texts[-1] == str(board.pairs_won()[CURRENCIES.index(code)])
    assert _texts(_by_id(root, "columns")) == [*CURRENCIES, "pairs"]
    cells: set[tuple[float, float]] = set()
    for (a, b), pos in zip(PAIRS, board.pairs, strict=True):
        group = _by_id(root, f"pair-{CURRENCIES[a]}-{CURRENCIES[b]}")
        strong = CURRENCIES[pos.stronger]
        assert group.get("class") == f"pair stronger-{strong}"
        title = group.find(f"{NS}title")
        assert title is not None and title.text == pair_sentence(board, a, b)
        assert title.text.startswith(f"{strong} is stronger than ")
        rate = [el for el in group.iter(f"{NS}text") if el.get("class") == "rate"]
        assert [el.text for el in rate] == [format_rate(pos.space)]
        cell = [el for el in group.iter(f"{NS}rect") if el.get("class") == "cell"]
        assert len(cell) == 1
        x, y = float(cell[0].get("x", "")), float(cell[0].get("y", ""))
        cells.add((x, y))
        # The cell sits in the stronger currency's row and the weaker one's column.
        weak = b if pos.stronger == a else a
        column_x = next(
            float(el.get("x", ""))
            for el in _by_id(root, "columns").iter(f"{NS}text")
            if el.text == CURRENCIES[weak]
        )
        assert x < column_x < x + float(cell[0].get("width", ""))
        row_label = next(iter(_by_id(root, f"row-{strong}").iter(f"{NS}text")))
        assert y < float(row_label.get("y", "")) < y + float(cell[0].get("height", ""))
        # The track: ten spaces, the pair's one filled.
        spaces = [el for el in group.iter(f"{NS}rect") if el.get("class") == "space"]
        assert len(spaces) == 10
        filled = [i for i, el in enumerate(spaces) if el.get("fill") != "#ffffff"]
        assert filled == [pos.space]
    assert len(cells) == 21


def test_starting_board() -> None:
    state = new_game(("alice", "bob"), REMOVED_COUNTS)
    document = board_svg(state)
    root = _root(document)
    title = root.find(f"{NS}title")
    assert title is not None and title.text == "For-Ex board"
    assert root.find(f"{NS}desc") is not None
    _check_board(root, state)
    # GBP is stronger than all six at the start, CNY than none.
    gbp = _by_id(root, "pair-GBP-CNY")
    assert gbp.get("class") == "pair stronger-GBP"
    assert (
        pair_sentence(state.board, 0, 6)
        == "GBP is stronger than CNY: 1 GBP = 4 CNY (space 7 of 10)"
    )


def test_board_during_a_game(game: Replay) -> None:
    root = _root(board_svg(game.final, "Friday club, after move 40"))
    title = root.find(f"{NS}title")
    assert title is not None and title.text == "For-Ex board: Friday club, after move 40"
    _check_board(root, game.final)
    heading = [el for el in root.iter(f"{NS}text") if el.get("class") == "heading"]
    assert [el.text for el in heading] == ["For-Ex board: Friday club, after move 40"]


def test_board_title_is_escaped() -> None:
    state = new_game(("alice", "bob"), REMOVED_COUNTS)
    evil = 'x</title><script>alert("1")</script>&amp;\x1b[2J\x00\ufffe'
    document = board_svg(state, evil)
    assert "<script>" not in document and "\x1b" not in document and "\x00" not in document
    root = _root(document)
    assert not list(root.iter(f"{NS}script"))
    title = root.find(f"{NS}title")
    assert title is not None
    assert (
        title.text == 'For-Ex board: x</title><script>alert("1")</script>&amp;\\x1b[2J\\x00\\ufffe'
    )


def test_xml_escape() -> None:
    assert xml_escape("a<b>&\"c'") == "a&lt;b&gt;&amp;&quot;c&apos;"
    assert xml_escape("\x1b\x00\n") == "\\x1b\\x00\\n"
    assert xml_escape("Zoë") == "Zoë"


# --------------------------------------------------------------------------- strength


def test_strength_measure() -> None:
    board = Board.starting()
    # GBP is stronger in all six: (1 + 0 + 1 + 1 + 2 + 6) spaces + 6 halves.
    assert strength(board, 0) == 14
    # CNY is weaker in all six: spaces 6, 5, 5, 5, 4, 3.
    assert strength(board, 6) == -31
    assert sum(strength(board, c) for c in range(7)) == 0
    # One strengthen step moves every pair off the cap by one.
    for c in range(7):
        assert strength(board.strengthen(c), c) == strength(board, c) + 6
        assert strength(board.weaken(c), c) == strength(board, c) - 6
    capped = board
    for _ in range(12):
        capped = capped.strengthen(0)
    assert strength(capped, 0) == 6 * 9 + 3  # every pair at the 8 space: 6 * 9.5
    assert strength(capped.strengthen(0), 0) == strength(capped, 0)


def _expected_series(played: Replay) -> dict[str, list[int]]:
    boards = [played.initial.board] + [s.board for s in played.states]
    series = {}
    for c, code in enumerate(CURRENCIES):
        values = []
        for board in boards:
            total = 0.0
            for other in range(7):
                if other == c:
                    continue
                pos = board.position(c, other)
                total += (pos.space + 0.5) * (1 if pos.stronger == c else -1)
            assert total == int(total)
            values.append(int(total))
        series[code] = values
    return series


def test_strength_chart(game: Replay) -> None:
    document = strength_chart_svg(game)
    root = _root(document)
    title = root.find(f"{NS}title")
    assert title is not None and title.text == "For-Ex: currency strength, Friday club"
    expected = _expected_series(game)
    assert strength_series(game) == expected
    moves = len(game.states)
    scale: float | None = None
    for code in CURRENCIES:
        group = _by_id(root, f"strength-{code}")
        polylines = list(group.iter(f"{NS}polyline"))
        assert len(polylines) == 1
        line = polylines[0]
        assert line.get("fill") == "none"
        points = [tuple(float(v) for v in p.split(",")) for p in line.get("points", "").split()]
        assert len(points) == moves + 1
        xs = [x for x, _ in points]
        assert xs == sorted(xs) and len(set(xs)) == len(xs)
        # The values are told in words too, and the y coordinates follow them linearly.
        line_title = group.find(f"{NS}title")
        assert line_title is not None and line_title.text is not None
        told = [int(v) for v in line_title.text.split(": ")[-1].split(", ")]
        assert told == expected[code]
        values = expected[code]
        for (_, y0), (_, y1), v0, v1 in zip(points, points[1:], values, values[1:], strict=False):
            if v0 != v1:
                ratio = (y0 - y1) / (v1 - v0)
                scale = ratio if scale is None else scale
                assert ratio == pytest.approx(scale, abs=0.02)
    assert scale is not None and scale > 0  # higher strength is drawn higher up
    labels = [el.text or "" for el in root.iter(f"{NS}text") if el.get("class") == "label"]
    assert sorted(labels) == sorted(f"{code} {expected[code][-1]}" for code in CURRENCIES)
    for step in range(moves + 1):
        assert sum(expected[code][step] for code in CURRENCIES) == 0


def test_dividends_are_marked(game: Replay) -> None:
    marks = dividend_moves(game)
    events = [
        number
        for number, caused in enumerate(game.events, start=1)
        for event in caused
        if event.kind == "dividend"
    ]
    assert [number for number, _ in marks] == events
    assert [which for _, which in marks] == list(range(1, len(events) + 1))
    assert marks, "the scripted game resolves at least one dividend"
    root = _root(strength_chart_svg(game))
    groups = [el for el in root.iter(f"{NS}g") if el.get("class") == "dividend"]
    assert [el.get("id") for el in groups] == [f"dividend-{w}" for _, w in marks]
    assert [_texts(el) for el in groups] == [[f"D{w}"] for _, w in marks]


def test_chart_of_a_game_without_moves_and_escaped_title() -> None:
    played = replay_text(log_text([], title="<b>Club</b> & \x1b[1m"))
    root = _root(strength_chart_svg(played))
    title = root.find(f"{NS}title")
    assert title is not None
    assert title.text == "For-Ex: currency strength, <b>Club</b> & \\x1b[1m"
    for code in CURRENCIES:
        line = next(_by_id(root, f"strength-{code}").iter(f"{NS}polyline"))
        assert len(line.get("points", "").split()) == 1
    untitled = replay_text(log_text([], title=None))
    root = _root(strength_chart_svg(untitled, "end-of-game report"))
    title = root.find(f"{NS}title")
    assert title is not None and title.text == "For-Ex: currency strength, end-of-game report"


def test_whole_game_chart() -> None:
    entries = scripted_entries(seed=11)
    played = replay_text(log_text(entries))
    assert played.final.is_over
    root = _root(strength_chart_svg(played))
    assert len(list(root.iter(f"{NS}polyline"))) == 7
    _check_board(_root(board_svg(played.final)), played.final)


SVG11_DTD = Path("/usr/share/xml/w3c-sgml-lib/schema/dtd/REC-SVG11-20110816/svg11.dtd")


@pytest.mark.skipif(
    shutil.which("xmllint") is None or not SVG11_DTD.exists(),
    reason="needs xmllint and the SVG 1.1 DTD (Debian: libxml2-utils, w3c-sgml-lib)",
)
def test_valid_against_the_svg11_dtd(game: Replay, tmp_path: Path) -> None:
    for name, document in (
        ("board.svg", board_svg(game.final, "Friday <club> & \x1b")),
        ("chart.svg", strength_chart_svg(game)),
    ):
        path = tmp_path / name
        path.write_text(document, encoding="utf-8")
        result = subprocess.run(
            ["xmllint", "--noout", "--nonet", "--dtdvalid", str(SVG11_DTD), str(path)],
            capture_output=True,
            text=True,
            check=False,
        )
        assert result.returncode == 0, result.stderr


# ------------------------------------------------------------------ text within the picture
# Issue 41, finding 7: a long title was cut at both sides. Every line of text is measured with
# the fonts the PNG renderer (resvg) draws it with, DejaVu Sans and DejaVu Sans Bold.

BGA_TITLE = "Board Game Arena table 701203688, after move 91"


def _font_file(bold: bool) -> str:
    pattern = "DejaVu Sans:bold" if bold else "DejaVu Sans"
    found = ""
    if shutil.which("fc-match"):
        found = subprocess.run(
            ["fc-match", "-f", "%{file}", pattern], capture_output=True, text=True, check=False
        ).stdout
    if "DejaVuSans" not in found:
        pytest.skip("needs the DejaVu Sans fonts, which resvg draws the pictures with")
    return found


def _measure(text: str, size: float, bold: bool) -> float:
    """The width of ``text`` drawn by the font, from its advance widths."""
    from fontTools.ttLib import TTFont  # type: ignore[import-untyped]

    font = TTFont(_font_file(bold))
    cmap, metrics = font.getBestCmap(), font["hmtx"]
    scale = size / font["head"].unitsPerEm
    missing = font.getGlyphOrder()[0]
    return float(sum(metrics[cmap.get(ord(ch), missing)][0] for ch in text) * scale)


def _out_of_view(document: str) -> list[str]:
    """Each line of text drawn (partly) outside the picture's viewBox, with its extent."""
    root = ET.fromstring(document.encode("utf-8"))
    left, _top, width, _height = (float(v) for v in (root.get("viewBox") or "").split())
    outside = []
    for element in root.iter(f"{NS}text"):
        if element.get("transform"):  # the chart's rotated axis label
            continue
        text = element.text or ""
        size = float(element.get("font-size") or 12)
        extent = _measure(text, size, element.get("font-weight") == "bold")
        x = float(element.get("x") or 0)
        start = {"start": x, "middle": x - extent / 2, "end": x - extent}[
            element.get("text-anchor") or "start"
        ]
        if start < left or start + extent > left + width:
            outside.append(f"{text!r} from {start:.1f} to {start + extent:.1f} (view {width})")
    return outside


def _heading(document: str) -> list[ET.Element]:
    root = ET.fromstring(document.encode("utf-8"))
    return [el for el in root.iter(f"{NS}text") if el.get("class") == "heading"]


def test_a_long_title_shows_whole_on_the_board(game: Replay) -> None:
    document = board_svg(game.final, BGA_TITLE)
    assert not _out_of_view(document)
    (heading,) = _heading(document)
    assert heading.text == f"For-Ex board: {BGA_TITLE}"
    assert float(heading.get("font-size") or 0) >= 14


def test_a_very_long_title_takes_lines_above_the_grid(game: Replay) -> None:
    title = "The Friday club's long-running championship game, " * 4 + "after move 40"
    document = board_svg(game.final, title)
    assert not _out_of_view(document)
    lines = _heading(document)
    assert len(lines) > 1
    assert " ".join(el.text or "" for el in lines) == f"For-Ex board: {title}".strip()
    root = ET.fromstring(document.encode("utf-8"))
    columns = _by_id(root, "columns")
    first_label = min(float(el.get("y") or 0) for el in columns.iter(f"{NS}text"))
    assert max(float(el.get("y") or 0) for el in lines) + 10 < first_label  # nothing overlaps
    _check_board(root, game.final)


def test_every_picture_of_a_game_keeps_its_text_in_view() -> None:
    """Boards along a finished game (its ending lines too) and the strength chart, with long
    player names and titles."""
    names = ("Bartholomew-Maximilian", "Wilhelmina-Josephine", "Maximiliano-Wolfgang")
    played = replay_text(log_text(scripted_entries(seed=11, players=names), players=names))
    assert played.problem is None and played.final.is_over
    for state in (played.states[0], played.states[len(played.states) // 2], played.final):
        assert not _out_of_view(board_svg(state, BGA_TITLE))
    assert not _out_of_view(board_svg(played.final, "W" * 120))
    assert not _out_of_view(strength_chart_svg(played, BGA_TITLE))
    long_chart = strength_chart_svg(played, "The Friday club's championship game " * 8)
    assert not _out_of_view(long_chart)
    assert len(_heading(long_chart)) == 2


def test_the_png_of_a_long_title_leaves_its_sides_blank(game: Replay) -> None:
    """As the PNG renderer draws it: no ink at the picture's sides along the heading."""
    import io

    import png as pypng

    from forexcli.record.png import svg_to_png

    width, _height, rows, _info = pypng.Reader(
        file=io.BytesIO(svg_to_png(board_svg(game.final, BGA_TITLE)))
    ).asRGBA8()
    for y, row in enumerate(rows):
        if y >= 40:  # the heading's band
            break
        sides = [*row[: 4 * 4], *row[4 * (width - 4) :]]
        assert min(sides) >= 250, y
