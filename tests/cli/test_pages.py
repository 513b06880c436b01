"""For-Ex's replay page (``forex html``, ``forexcli.games.forex.page`` on the frame
``forexcli.pages``) without a browser: its data, escaping, size and the command's errors.
``tests/cli/test_html_browser.py`` opens the pages in Chromium."""

from __future__ import annotations

import errno
import html.parser
import json
import os
import re
import shutil
from pathlib import Path
from typing import Any

import pytest
import yaml

from forexcli import pages
from forexcli.games.forex import page as forex_page
from forexcli.games.forex.page import positions, replay_page
from forexcli.pages import apply_delta
from forexcli.record import gamelog
from tests.cli.test_commands import (
    ANNOTATED,
    BANKRUPT,
    EXAMPLES,
    INVALID,
    SIX,
    TWO,
    new_game,
    run,
)

EXAMPLE_LOGS = sorted(EXAMPLES.glob("*.yaml"))
HOSTILE_NOTE = (
    '<script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 2">'
    " javascript:window.__pwned=3 </script><!-- & &amp; \u2028"
)
HOSTILE_NAMES = "<img src=x onerror=alert(1)>,<b>bob</b>"


def replayed(path: Path) -> tuple[gamelog.GameLog, gamelog.Replay]:
    log = gamelog.load(path)
    played = gamelog.replay(log)
    assert played.problem is None
    return log, played


def embedded(page: str) -> dict[str, Any]:
    """The page's JSON data block."""
    match = re.search(
        r'<script type="application/json" id="replay-data">(.*?)</script>', page, re.S
    )
    assert match is not None
    data: dict[str, Any] = json.loads(match.group(1))
    return data


def decoded(data: dict[str, Any]) -> list[Any]:
    """Every position, as the page's script rebuilds them from the first and the deltas."""
    out = [data["first"]]
    for patch in data["deltas"]:
        out.append(apply_delta(out[-1], patch))
    return out


def hostile_game(tmp_path: Path) -> Path:
    """A short game whose title, names and notes are all markup."""
    path = tmp_path / "hostile.yaml"
    assert (
        run(
            [
                "new",
                str(path),
                "--players",
                HOSTILE_NAMES,
                "--seed",
                "s",
                "--title",
                "<script>window.__pwned = 4</script> & co",
            ]
        ).exit_code
        == 0
    )
    first = "<img src=x onerror=alert(1)>"
    for player, decision, note in (
        (first, "resolve", HOSTILE_NOTE),
        (first, "strengthen USD", "javascript:window.__pwned=5"),
        ("<b>bob</b>", "invest USD", "<a href='javascript:window.__pwned=6'>click</a>"),
    ):
        done = run(["play", str(path), player, decision, "--note", note])
        assert done.exit_code == 0, done.output
    return path


@pytest.mark.slow
@pytest.mark.parametrize("path", EXAMPLE_LOGS, ids=lambda p: p.name)
def test_the_page_holds_show_json_of_every_position(path: Path) -> None:
    log, played = replayed(path)
    data = embedded(replay_page(log, played))
    every = decoded(data)
    assert len(every) == played.moves + 1
    assert data["start"] == played.moves
    # Against the command itself at a few points: forex show --at N --since N-1 --format json.
    for at in (0, 1, played.moves // 2, played.moves):
        args = ["show", str(path), "--at", str(at), "--format", "json"]
        shown = run([*args, "--since", str(at - 1)] if at else args)
        assert shown.exit_code == 0
        assert every[at] == json.loads(shown.stdout)
    assert every == positions(log, played)


def test_opening_position_and_title() -> None:
    log, played = replayed(TWO)
    page = replay_page(log, played, at=10, title="Our <game>")
    assert embedded(page)["start"] == 10
    assert '<section id="position" data-at="10"' in page
    assert '<li id="move-10" data-move="10" class="current">' in page
    assert "<title>Our &lt;game&gt; · For-Ex replay</title>" in page
    start = replay_page(log, played, at=0)
    assert '<section id="position" data-at="0"' in start
    assert "The start of the game: no move yet." in start


def test_a_game_without_moves(tmp_path: Path) -> None:
    log, played = replayed(new_game(tmp_path / "new.yaml"))
    page = replay_page(log, played)
    data = embedded(page)
    assert data["deltas"] == [] and data["first"]["at"] == 0
    assert 'max="0"' in page
    # Nobody has played yet: the first player plays first, as forex new says.
    assert "<bdi>alice</bdi> plays first" in page and "played first" not in page


# --------------------------------------------------------------------------- safety


class Tags(html.parser.HTMLParser):
    """Every start tag with its attributes, and the text of each script element."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.scripts: list[str] = []
        self._in_script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))
        self._in_script = tag == "script"
        if self._in_script:
            self.scripts.append("")

    def handle_endtag(self, tag: str) -> None:
        self._in_script = False

    def handle_data(self, data: str) -> None:
        if self._in_script:
            self.scripts[-1] += data


def test_names_notes_and_title_are_escaped(tmp_path: Path) -> None:
    log, played = replayed(hostile_game(tmp_path))
    page = replay_page(log, played)
    parser = Tags()
    parser.feed(page)
    names = [tag for tag, _ in parser.tags]
    assert names.count("script") == 2  # the JSON data and the page's own script
    assert "img" not in names and "b" not in names
    assert "a" in names  # the move list's links
    for tag, attrs in parser.tags:
        for attribute, value in attrs.items():
            assert not attribute.startswith("on"), (tag, attribute)
            assert "javascript:" not in (value or ""), (tag, attribute, value)
    assert "&lt;script&gt;window.__pwned = 1&lt;/script&gt;" in page  # the note, as text
    data = json.loads(parser.scripts[0])
    assert data["first"]["title"] == "<script>window.__pwned = 4</script> & co"
    assert decoded(data)[1]["last_move"]["note"] == HOSTILE_NOTE
    assert "</script" not in parser.scripts[0].lower() and "<!--" not in parser.scripts[0]


# --------------------------------------------------------------------------- size


def test_a_hundred_move_game_is_well_under_a_megabyte(tmp_path: Path) -> None:
    """The six-player example cut after move 100: about 260 KB."""
    document = yaml.safe_load(SIX.read_text(encoding="utf-8"))
    document["moves"] = document["moves"][:100]
    hundred = tmp_path / "hundred.yaml"
    hundred.write_text(yaml.safe_dump(document, allow_unicode=True), encoding="utf-8")
    log, played = replayed(hundred)
    assert played.moves == 100
    size = len(replay_page(log, played).encode("utf-8"))
    print(f"six players, 100 moves: {size / 1024:.0f} KB")
    assert size < 384 * 1024


# --------------------------------------------------------------------------- standings


class Cells(html.parser.HTMLParser):
    """The text of each cell of each body row of the table with id ``ident``."""

    def __init__(self, ident: str) -> None:
        super().__init__()
        self.ident = ident
        self.rows: list[list[str]] = []
        self.head: list[str] = []
        self._depth = 0  # > 0 inside the table
        self._part = ""
        self._cell: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "table" and dict(attrs).get("id") == self.ident:
            self._depth = 1
        elif self._depth and tag in ("thead", "tbody"):
            self._part = tag
        elif self._depth and tag == "tr" and self._part == "tbody":
            self.rows.append([])
        elif self._depth and tag in ("td", "th"):
            self._cell = ""

    def handle_endtag(self, tag: str) -> None:
        if self._depth and tag in ("td", "th") and self._cell is not None:
            (self.rows[-1] if self._part == "tbody" else self.head).append(self._cell)
            self._cell = None
        elif tag == "table":
            self._depth = 0

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell += data


def table_cells(page: str, ident: str) -> tuple[list[str], list[list[str]]]:
    parser = Cells(ident)
    parser.feed(page)
    return parser.head, parser.rows


def section(page: str, ident: str) -> str | None:
    match = re.search(rf'<section id="{ident}">(.*?)</section>', page, re.S)
    return None if match is None else match.group(1)


def test_the_standings_have_their_own_place() -> None:
    """After move 41 of the annotated game: the projection, labelled as one, the queue with
    what each item owes and whether its owner could pay it now, and the exposure, all from
    the show JSON's ``standings`` and none of it in "More about this position"."""
    log, played = replayed(ANNOTATED)
    page = replay_page(log, played, at=41)
    standings = positions(log, played)[41]["standings"]
    assert "standings" in forex_page.SHOWN_KEYS and section(page, "more-section") is None
    projection = section(page, "projection-section")
    assert projection is not None
    assert "<h3>If the game ended now (a projection)</h3>" in projection
    assert "the money as held, the queue not settled" in projection
    (score,) = standings["projection"]["scores"]
    assert standings["projection"]["strongest"] == "USD"
    head, rows = table_cells(page, "projection")
    assert head[:3] == ["rank", "player", "total USD"] and head[-1] == "USD certs"
    assert [row[1] for row in rows] == [
        p["name"] for p in sorted(score["players"], key=lambda p: p["rank"])
    ]
    for row in rows:
        (player,) = (p for p in score["players"] if p["name"] == row[1])
        assert row[0] == str(player["rank"]) and row[2] == str(player["total"])
        assert row[3:10] == [str(v) for v in player["converted"].values()]
    # The queue: loan A would be born, loan D would bankrupt mira.
    head, rows = table_cells(page, "queue")
    assert head[5:] == ["can pay now", "short", "if resolved now"]
    assert len(rows) == len(standings["queue"])
    by_letter = {row[2]: row[5:] for row in rows}
    assert by_letter["A"] == ["no", "2 JPY", "becomes loan A of 5 JPY (then #7, at the back)"]
    assert by_letter["D"] == [
        "no",
        "2.5 CHF",
        "mira is bankrupt: the game ends, won by otto (USD)",
    ]
    assert by_letter["E"] == ["yes", "-", "paid"]
    assert by_letter[""] == ["", "", "dividend 4 of 5 pays 2 per certificate"]  # dividends
    # Exposure: only the currencies someone owes in.
    head, rows = table_cells(page, "exposure")
    assert head == ["player", "currency", "owes in the queue", "holds", "short"]
    assert ["mira", "CHF", "2.5", "0", "2.5"] in rows
    assert ["noor", "JPY", "4", "2", "2"] in rows
    assert not any(row[0] == "otto" for row in rows)  # otto owes nothing
    assert rows == [
        [
            r["name"],
            r["currency"],
            *(pages.js_number(r[k]) for k in ("owes", "holds")),
            pages.js_number(r["short"]) if r["short"] else "-",
        ]
        for r in forex_page.exposure_rows(standings["exposure"])
    ]


def test_a_projected_tie_shows_the_candidates() -> None:
    log, played = replayed(TWO)
    standings = positions(log, played)[3]["standings"]["projection"]
    assert standings["strongest"] is None and len(standings["candidates"]) == 2
    first, second = standings["candidates"]
    page = replay_page(log, played, at=3)
    assert '<table id="projection" class="tie">' in page
    assert f"a tie between {first} and {second}; the player of the last turn would choose" in page
    head, rows = table_cells(page, "projection")
    assert head == [
        "player",
        f"total if {first}",
        f"rank if {first}",
        f"total if {second}",
        f"rank if {second}",
    ]
    for seat, row in enumerate(rows):
        assert row == [
            standings["scores"][0]["players"][seat]["name"],
            *(str(s["players"][seat][k]) for s in standings["scores"] for k in ("total", "rank")),
        ]


def test_standings_at_the_end() -> None:
    """Once the game has ended only the projection for each choice is left; once the result
    is known the result table replaces it."""
    log, played = replayed(SIX)
    ended = replay_page(log, played, at=played.moves - 1)
    assert "<h3>The result for each choice (a projection)</h3>" in ended
    assert section(ended, "exposure-section") is None
    head, _rows = table_cells(ended, "queue")
    assert head and "can pay now" not in head  # no item will be resolved any more
    over = replay_page(log, played)
    assert section(over, "projection-section") is None
    assert section(over, "result-section") is not None


def test_exposure_rows() -> None:
    zero = dict.fromkeys(("GBP", "EUR", "USD"), 0)
    exposure = [
        {
            "name": "ada",
            "owes": {**zero, "EUR": 2.5},
            "holds": {**zero, "EUR": 1},
            "short": {**zero, "EUR": 1.5},
        },
        {"name": "bob", "owes": zero, "holds": {**zero, "USD": 3}, "short": zero},
    ]
    assert forex_page.exposure_rows(exposure) == [
        {"name": "ada", "currency": "EUR", "owes": 2.5, "holds": 1, "short": 1.5}
    ]


# --------------------------------------------------------------------------- generic keys


def test_keys_the_page_does_not_know_are_shown_generically(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A key added to show --format json (say by a later version) appears, escaped, in
    "More about this position", or as a column of the money or queue table."""
    real = forex_page.show_data  # type: ignore[attr-defined]

    def more(view: Any, since: int | None = None) -> dict[str, Any]:
        data = real(view, since)
        data["projection"] = {"leader": "<i>ada</i>", "margin": 2.5, "certain": False}
        data["state"]["queue_risks"] = [{"letter": "A", "short": None}]
        for player in data["state"]["players"]:
            player["could_pay"] = True
        for item in data["state"]["queue"]:
            item["payable_now"] = item["item"] != "dividends"
        return data

    monkeypatch.setattr(forex_page, "show_data", more)
    log, played = replayed(TWO)
    page = replay_page(log, played, at=20)
    assert '<section id="more-section">' in page
    section = page.split('<section id="more-section">')[1].split("</section>")[0]
    assert "<dt>projection</dt>" in section and "&lt;i&gt;ada&lt;/i&gt;" in section
    assert "<dt>queue risks</dt>" in section
    assert "<dt>standings</dt>" not in section  # they have their own place
    assert '<th scope="col">could pay</th>' in page
    assert '<th scope="col">payable now</th>' in page


# --------------------------------------------------------------------------- the command


def test_html_output_at_and_title(tmp_path: Path) -> None:
    out = tmp_path / "out.html"
    done = run(["html", str(SIX), "-o", str(out), "--at", "-1", "--title", "Club <night>"])
    assert done.exit_code == 0, done.output
    page = out.read_text(encoding="utf-8")
    assert embedded(page)["start"] == 127
    assert "<h1><bdi>Club &lt;night&gt;</bdi></h1>" in page


def test_html_to_standard_output_and_from_standard_input() -> None:
    done = run(["html", str(BANKRUPT), "-o", "-"])
    assert done.exit_code == 0
    assert done.stdout.startswith("<!DOCTYPE html>")
    piped = run(["html", "-"], input=BANKRUPT.read_bytes())
    assert piped.exit_code == 0
    assert piped.stdout.startswith("<!DOCTYPE html>")
    assert embedded(piped.stdout)["first"]["file"] == "<stdin>"


def test_show_html(tmp_path: Path) -> None:
    out = tmp_path / "page.html"
    done = run(["show", str(ANNOTATED), "--at", "41", "--html", str(out)])
    assert done.exit_code == 0, done.output
    page = out.read_text(encoding="utf-8")
    assert embedded(page)["start"] == 41
    assert page == replay_page(*replayed(ANNOTATED), at=41)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--svg", "x.svg"], "give one of --svg, --png and --html"),
        (["--png", "x.png"], "give one of --svg, --png and --html"),
        (["--since", "3"], "leave out --since/--since-player"),
        (["--since-player", "ada"], "leave out --since/--since-player"),
        (["--format", "json"], "--html writes a page: leave out --format"),
    ],
)
def test_show_html_usage_errors(tmp_path: Path, args: list[str], message: str) -> None:
    out = tmp_path / "page.html"
    done = run(["show", str(TWO), "--html", str(out), *args])
    assert done.exit_code == 2
    assert message in done.stderr
    assert not out.exists()


def test_existing_file_is_kept_without_force(tmp_path: Path) -> None:
    out = tmp_path / "page.html"
    out.write_text("mine", encoding="utf-8")
    for args in (["html", str(TWO), "-o", str(out)], ["show", str(TWO), "--html", str(out)]):
        done = run(args)
        assert done.exit_code == 2
        assert done.stderr.startswith(f"{out}: exists: {out} already exists; nothing was written")
        assert out.read_text(encoding="utf-8") == "mine"
    done = run(["html", str(TWO), "-o", str(out), "--force"])
    assert done.exit_code == 0
    assert out.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["page.html"]


def test_missing_log(tmp_path: Path) -> None:
    done = run(["html", str(tmp_path / "missing.yaml")])
    assert done.exit_code == 2
    assert done.stderr.startswith(f"{tmp_path / 'missing.yaml'}: not_found:")
    assert "Traceback" not in done.stderr
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    ("name", "code", "exit_code"),
    [
        ("insufficient-funds.yaml", "insufficient_funds", 1),
        ("bad-yaml.yaml", "yaml_syntax", 1),
        ("unknown-key.yaml", "schema_unknown_key", 1),
    ],
)
def test_invalid_log_is_located_and_writes_nothing(
    tmp_path: Path, name: str, code: str, exit_code: int
) -> None:
    out = tmp_path / "page.html"
    done = run(["html", str(INVALID / name), "-o", str(out)])
    assert done.exit_code == exit_code
    first = done.stderr.splitlines()[0]
    assert re.match(rf"{re.escape(str(INVALID / name))}:\d+:\d+: {code}: ", first), first
    assert not out.exists()
    if code == "insufficient_funds":
        assert "move 3" in first
        assert "hint: the page needs a log that replays to its end" in done.stderr


def test_no_such_move(tmp_path: Path) -> None:
    out = tmp_path / "page.html"
    done = run(["html", str(TWO), "-o", str(out), "--at", "66"])
    assert done.exit_code == 2
    assert "there is no move 66" in done.stderr
    assert not out.exists()


def test_output_folder_missing_or_a_folder(tmp_path: Path) -> None:
    done = run(["html", str(TWO), "-o", str(tmp_path / "no" / "page.html")])
    assert done.exit_code == 2
    assert ": no_folder: cannot write" in done.stderr
    (tmp_path / "dir").mkdir()
    done = run(["html", str(TWO), "-o", str(tmp_path / "dir")])
    assert done.exit_code == 2


def test_a_failed_write_leaves_no_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The page goes through the project's atomic writer: a disk that fills up half-way
    leaves neither the page nor a temporary file."""

    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "fsync", full)
    out = tmp_path / "page.html"
    done = run(["html", str(TWO), "-o", str(out)])
    assert done.exit_code == 2
    assert "the disk is full" in done.stderr
    assert list(tmp_path.iterdir()) == []


def you_game(folder: Path) -> Path:
    """The two-player example with ada named ``you`` (the digests left out: they hash the
    names); after move 4 the queue holds your contract."""
    text = (EXAMPLES / "two-players.yaml").read_text(encoding="utf-8")
    renamed = re.sub(r"\bada\b", "you", text)
    path = folder / "you.yaml"
    path.write_text(re.sub(r"(?m)^    digest: \w+\n", "", renamed), encoding="utf-8")
    return path


def test_the_queues_terms_read_right_for_a_player_named_you(tmp_path: Path) -> None:
    from forexcli.words import verb_for

    log = you_game(tmp_path)
    page = tmp_path / "you.html"
    for at in range(0, 12):
        done = run(["html", str(log), "--at", str(at), "-o", str(page), "--force"])
        assert done.exit_code == 0, done.output
        cells = Cells("queue")
        cells.feed(page.read_text(encoding="utf-8"))
        queue = json.loads(run(["show", str(log), "--at", str(at), "--format", "json"]).stdout)
        for row, item in zip(cells.rows, queue["state"]["queue"], strict=True):
            owner = item.get("owner") or ""
            if item["item"] == "contract":
                pays, receives = verb_for(owner, "pays"), verb_for(owner, "receives")
                assert row[4] == f"{pays} {item['pay']}, {receives} {item['receive']}"
            elif item["item"] == "loan":
                assert row[4] == f"{verb_for(owner, 'owes')} " + ", ".join(item["owes"])
    at_four = run(["html", str(log), "--at", "4", "-o", str(page), "--force"])
    assert at_four.exit_code == 0
    assert '<td class="terms">pay 1 GBP, receive 2 CAD</td>' in page.read_text(encoding="utf-8")


@pytest.mark.skipif(not shutil.which("node"), reason="node runs the page's verbFor")
def test_the_pages_verbs_agree_with_words_verb_for() -> None:
    """``verbFor`` of ``replay.js`` (run by node) conjugates as ``words.verb_for`` does."""
    import subprocess

    from forexcli.words import verb_for

    script = pages.asset("replay.js")
    start = script.index("  var IRREGULAR")
    end = script.index("  /* Who signed a move")
    verbs = ["pays", "receives", "owes", "has", "is", "passes", "wishes", "carries", "goes",
             "plays", "decides", "buys", "kiss", "dies"]  # fmt: skip
    names = ["you", "You", " YOU ", "ann", "yours"]
    pairs = [[name, verb] for name in names for verb in verbs]
    program = (
        script[start:end]
        + f"console.log(JSON.stringify({json.dumps(pairs)}.map(p => verbFor(p[0], p[1]))));"
    )
    done = subprocess.run(
        ["node", "-e", program], capture_output=True, text=True, check=True, timeout=60
    )
    assert json.loads(done.stdout) == [verb_for(name, verb) for name, verb in pairs]
