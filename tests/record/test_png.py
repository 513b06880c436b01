"""PNG pictures: rendered by resvg, decoded here by pypng (size, the pixels of known cells)."""

from __future__ import annotations

import io
from pathlib import Path

import png as pypng
import pytest

from forexcli.games.forex import svg
from forexcli.games.forex.rules import CURRENCIES, PAIRS, TRACK_HALVES
from forexcli.record import gamelog
from forexcli.record.png import PNG_SIGNATURE, svg_to_png
from tests.cli.test_commands import ROOT, TWO, new_game, run

FOUR = ROOT / "examples" / "four-players-bankruptcy.yaml"

Pixels = list[list[tuple[int, int, int]]]


def decode(data: bytes) -> tuple[int, int, Pixels]:
    """Width, height and the RGB rows of a PNG."""
    assert data.startswith(PNG_SIGNATURE)
    width, height, rows, _info = pypng.Reader(file=io.BytesIO(data)).asRGBA8()
    pixels = []
    for row in rows:
        pixels.append([tuple(row[i : i + 3]) for i in range(0, len(row), 4)])
        assert all(alpha == 255 for alpha in row[3::4])  # the picture's white background
    return width, height, pixels


def rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def cell_corner(strong: int, weak: int) -> tuple[int, int]:
    """A pixel inside the board cell of row ``strong``, column ``weak``, away from its text."""
    x = svg.LABEL_W + weak * svg.CELL_W + 4
    y = svg.TOP + svg.HEADER_H + strong * svg.CELL_H + 4
    return x, y


def svg_size(document: str) -> tuple[int, int]:
    import xml.etree.ElementTree as ET

    root = ET.fromstring(document.encode("utf-8"))
    return int(float(root.get("width", ""))), int(float(root.get("height", "")))


def test_show_png_draws_the_board_cells_in_their_colours(tmp_path: Path) -> None:
    log = new_game(tmp_path / "g.yaml")
    out = tmp_path / "board.png"
    result = run(["show", str(log), "--png", str(out)])
    assert result.exit_code == 0, result.output
    assert "wrote the board to" in result.stdout
    width, height, pixels = decode(out.read_bytes())
    state = gamelog.replay(gamelog.load(log)).final
    assert (width, height) == svg_size(svg.board_svg(state, "x"))
    # At the start GBP is the stronger side of GBP/EUR, on space 2 (1 GBP = 1.5 EUR).
    pos = state.board.position(0, 1)
    assert pos.stronger == 0
    x, y = cell_corner(0, 1)
    assert pixels[y][x] == rgb(svg._shade(pos.space))
    # The diagonal is grey, the mirror cell (EUR's row, GBP's column) pale.
    x, y = cell_corner(2, 2)
    assert pixels[y][x] == rgb("#d9d9d9")
    x, y = cell_corner(1, 0)
    assert pixels[y][x] == rgb("#f7f7f7")
    # Every pair's cell has the shade of its space.
    for (a, b), pair in zip(PAIRS, state.board.pairs, strict=True):
        weak = b if pair.stronger == a else a
        x, y = cell_corner(pair.stronger, weak)
        assert pixels[y][x] == rgb(svg._shade(pair.space)), (CURRENCIES[a], CURRENCIES[b])


def test_a_finished_game_says_how_it_ended_and_who_won(tmp_path: Path) -> None:
    played = gamelog.replay(gamelog.load(FOUR))
    state = played.final
    assert state.result is not None and state.result.bankrupt is not None
    document = svg.board_svg(state, "the end")
    lines = svg.ending_lines(state)
    bankrupt = state.players[state.result.bankrupt]
    winner = state.players[state.result.winners()[0]]
    assert lines[0] == f"Game over: {bankrupt} went bankrupt. {winner} wins."
    assert lines[1].endswith("is the strongest currency (stronger in the most pairs).")
    assert lines[2].startswith(f"1st: {winner} with ")
    assert all(len(line) <= 84 for line in lines)
    for line in lines:
        assert svg.xml_escape(line) in document
    before = svg.board_svg(played.state_after(len(played.states) - 1 - 1), "not yet")
    assert "Game over" not in before
    out = tmp_path / "end.png"
    assert run(["show", str(FOUR), "--png", str(out)]).exit_code == 0
    width, height, pixels = decode(out.read_bytes())
    assert (width, height) == svg_size(document)
    assert height > svg_size(before)[1]
    # The result's lines are drawn: dark text pixels below the legend.
    below = pixels[svg.TOP + svg.HEADER_H + 7 * svg.CELL_H + svg.LEGEND_H :]
    assert any(sum(p) < 200 for row in below for p in row)


def test_the_currency_that_pays_no_dividend_is_marked(tmp_path: Path) -> None:
    played = gamelog.replay(gamelog.load(TWO))
    state = next(s for s in played.states if svg.no_dividend(s.board))
    unpaid = svg.no_dividend(state.board)
    eight = len(TRACK_HALVES) - 1
    for currency in unpaid:
        assert any(
            pos.space == eight and currency in (a, b) and pos.stronger != currency
            for (a, b), pos in zip(PAIRS, state.board.pairs, strict=True)
        )
    document = svg.board_svg(state)
    codes = " and ".join(CURRENCIES[c] for c in unpaid)
    assert f"* at the 8 space: {codes} pay" in document
    assert document.count('class="no-dividend-mark"') >= len(unpaid)
    number = played.states.index(state) + 1
    out = tmp_path / "eight.png"
    assert run(["show", str(TWO), "--at", str(number), "--png", str(out)]).exit_code == 0
    _w, _h, pixels = decode(out.read_bytes())
    red = rgb("#b00020")
    assert any(p == red for row in pixels for p in row)


def test_the_extension_decides_and_a_mismatch_is_refused(tmp_path: Path) -> None:
    log = new_game(tmp_path / "g.yaml")
    wrong = run(["show", str(log), "--svg", str(tmp_path / "x.png")])
    assert wrong.exit_code == 2
    assert "use --png" in wrong.output
    assert not (tmp_path / "x.png").exists()
    other = run(["show", str(log), "--png", str(tmp_path / "x.svg")])
    assert other.exit_code == 2 and "use --svg" in other.output
    chart = tmp_path / "chart.png"
    made = run(["chart", str(TWO), "-o", str(chart)])
    assert made.exit_code == 0, made.output
    width, height, _pixels = decode(chart.read_bytes())
    played = gamelog.replay(gamelog.load(TWO))
    assert (width, height) == svg_size(svg.strength_chart_svg(played))
    piped = run(["chart", str(TWO), "--png"])
    assert piped.exit_code == 0
    assert piped.stdout_bytes.startswith(PNG_SIGNATURE)
    again = run(["chart", str(TWO), "-o", str(chart)])
    assert again.exit_code == 2 and "already exists" in again.output
    assert run(["chart", str(TWO), "-o", str(chart), "--force"]).exit_code == 0


def test_svg_to_png_refuses_what_is_not_svg() -> None:
    from forexcli.record.problems import LogError

    with pytest.raises(LogError) as error:
        svg_to_png("not svg")
    assert error.value.problems[0].code == "no_png"


@pytest.mark.parametrize("family", ["sans-serif", "serif", "monospace", None])
def test_a_text_of_a_generic_family_or_none_is_drawn(family: str | None) -> None:
    """A picture whose text names a generic family (or none, as a new game's may) shows that
    text in the PNG: resvg's default fonts are not installed here, and it left the text out."""
    chosen = f' font-family="{family}"' if family else ""
    blank = '<svg xmlns="http://www.w3.org/2000/svg" width="80" height="30">'
    text = f'<text x="4" y="22" font-size="18"{chosen}>Hi</text>'
    _, _, empty = decode(svg_to_png(blank + '<rect width="80" height="30" fill="#fff"/></svg>'))
    _, _, drawn = decode(
        svg_to_png(blank + f'<rect width="80" height="30" fill="#fff"/>{text}</svg>')
    )
    dark = [pixel for row in drawn for pixel in row if sum(pixel) < 300]
    assert dark, f"no pixel of the text {family!r} was drawn"
    assert drawn != empty
