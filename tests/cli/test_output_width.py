"""Output a person reads (issue 14): text fits the terminal, wide characters stay aligned,
multi-line notes read the same everywhere, the board looks the same in show and message."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from wcwidth import wcswidth

from forexcli import streams
from forexcli.cli import forex
from forexcli.games.forex.message import compose
from forexcli.record import edit, gamelog

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
TWO = EXAMPLES / "two-players.yaml"
SIX = EXAMPLES / "six-players.yaml"
ANNOTATED = EXAMPLES / "annotated-pbem.yaml"


def run(args: Sequence[str], **env: str) -> Result:
    result = CliRunner(env={"NO_COLOR": None, **env}).invoke(forex, list(args))
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise AssertionError(f"forex {' '.join(args)} raised") from result.exception
    return result


def widest(text: str) -> int:
    return max(wcswidth(line) for line in text.splitlines())


WIDE = [
    ["moves", str(SIX), "--at", "30"],
    ["moves", str(TWO), "--at", "40"],
    ["history", str(ANNOTATED), "--events"],
    ["history", str(SIX)],
    ["show", str(SIX)],
    ["show", str(TWO), "--at", "10"],
    ["message", str(ANNOTATED), "--at", "12", "--since", "8"],
]


@pytest.mark.parametrize("args", WIDE, ids=lambda a: " ".join(a[:1] + a[2:]))
@pytest.mark.parametrize("columns", ["80", "100"])
def test_text_fits_the_width(args: list[str], columns: str) -> None:
    result = run(args, COLUMNS=columns)
    assert result.exit_code == 0, result.output
    assert widest(result.stdout) <= int(columns), [
        line for line in result.stdout.splitlines() if wcswidth(line) > int(columns)
    ]


def test_without_a_width_the_tables_are_whole() -> None:
    wide = run(["history", str(ANNOTATED), "--events"], COLUMNS="1000").stdout
    narrow = run(["history", str(ANNOTATED), "--events"], COLUMNS="80").stdout
    assert widest(wide) > 100
    assert "otto's divest of CNY: mira sells too" in wide
    assert "otto's divest" in narrow and "mira sells too" not in narrow  # wrapped


def test_the_width_is_columns_then_the_terminal_then_80(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "123")
    assert streams.width() == 123
    monkeypatch.delenv("COLUMNS")
    assert streams.width(open(os.devnull, "w")) == 80  # noqa: SIM115  (not a terminal)
    monkeypatch.setenv("COLUMNS", "nonsense")
    assert streams.width(open(os.devnull, "w")) == 80  # noqa: SIM115


def test_a_real_terminal_width_is_used() -> None:
    """Under a pseudo-terminal of 60 columns, forex moves fits 60 columns."""
    script = (
        "import fcntl, os, pty, struct, sys, termios\n"
        "pid, fd = pty.fork()\n"
        "if pid == 0:\n"
        "    os.execv(sys.executable, [sys.executable, '-m', 'forexcli.cli', 'moves',"
        f" {str(TWO)!r}, '--at', '10'])\n"
        "out = b''\n"
        "fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack('HHHH', 24, 60, 0, 0))\n"
        "while True:\n"
        "    try:\n"
        "        chunk = os.read(fd, 65536)\n"
        "    except OSError:\n"
        "        break\n"
        "    if not chunk:\n"
        "        break\n"
        "    out += chunk\n"
        "os.waitpid(pid, 0)\n"
        "sys.stdout.buffer.write(out)\n"
    )
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
    env["PYTHONPATH"] = str(ROOT)
    env["NO_COLOR"] = "1"
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, env=env, timeout=120, cwd=ROOT
    )
    text = done.stdout.decode().replace("\r\n", "\n")
    assert "decision" in text, (text, done.stderr)
    assert widest(text) <= 60, text


# --------------------------------------------------------------------------- wide characters

CJK = ("\u674e\u96f7", "\U0001f600x", "bob")


@pytest.fixture
def cjk_game(tmp_path: Path) -> Path:
    path = tmp_path / "g.yaml"
    made = run(["new", str(path), "--players", ",".join(CJK), "--seed", "s", "--started", ""])
    assert made.exit_code == 0, made.output
    first = gamelog.load(path).first
    order = [*CJK[CJK.index(first) :], *CJK[: CJK.index(first)]]
    edit.append(str(path), order[0], "invest USD")
    edit.append(str(path), order[1], "invest EUR")
    return path


def _columns_of(line: str, marker: str) -> int:
    """The display column where ``marker`` starts in ``line``."""
    return wcswidth(line[: line.index(marker)])


def test_tables_with_cjk_and_emoji_names_stay_aligned(cjk_game: Path) -> None:
    show = run(["show", str(cjk_game)]).stdout.splitlines()
    start = next(i for i, line in enumerate(show) if line.startswith("player "))
    money = show[start : start + 2 + len(CJK)]
    # Every row of the money table ends its CNY column (the queue is empty) where the
    # header's CNY ends, whatever the width of the names.
    ends = {wcswidth(line.rstrip()) for line in money[2:]}
    assert ends == {_columns_of(money[0], "CNY") + 3}, money
    history = run(["history", str(cjk_game)]).stdout.splitlines()
    rows = [line for line in history if line.startswith(("1 ", "2 ")) and "invest" in line]
    assert len(rows) == 2
    assert len({_columns_of(line, "invest") for line in rows}) == 1, history


def test_the_message_money_table_with_wide_names_is_aligned(cjk_game: Path) -> None:
    body = compose(gamelog.replay(gamelog.load(cjk_game)), 0, "text").body.splitlines()
    start = body.index("Money:")
    rows = body[start + 1 : start + 2 + len(CJK)]
    # The GBP column (right-aligned numbers) ends in the same display column on every row.
    ends = {wcswidth(line[: re.match(r"\s*\S+\s+\S+", line).end()]) for line in rows}  # type: ignore[union-attr]
    assert len(ends) == 1, rows


# --------------------------------------------------------------------------- notes, board


@pytest.fixture
def noted(tmp_path: Path) -> Path:
    path = tmp_path / "n.yaml"
    made = run(["new", str(path), "--players", "ann,bob", "--seed", "s", "--started", ""])
    assert made.exit_code == 0
    first = gamelog.load(path).first
    edit.append(str(path), first, "invest USD", note="first line\n\nafter a blank line")
    return path


def test_a_multi_line_note_reads_the_same_everywhere(noted: Path) -> None:
    expected = ["note: first line", "", "after a blank line"]
    show = run(["show", str(noted), "--since", "0"]).stdout.splitlines()
    at = next(i for i, line in enumerate(show) if line.strip().startswith("note: first"))
    assert [line.strip() for line in show[at : at + 3]] == expected
    assert show[at + 2].startswith(" " * 10)  # the note goes on under its first line
    message = run(["message", str(noted), "--since", "0"]).stdout.splitlines()
    at = next(i for i, line in enumerate(message) if line.strip().startswith("note: first"))
    assert [line.strip() for line in message[at : at + 3]] == expected
    history = run(["history", str(noted)]).stdout
    assert "first line" in history and "after a blank line" in history
    assert "\\n" not in "".join(run(["show", str(noted), "--since", "0"]).stdout)
    markdown = run(["message", str(noted), "--since", "0", "--format", "markdown"]).stdout
    assert "note: first line<br><br>after a blank line" in markdown  # the paragraph break
    shown_md = run(["show", str(noted), "--since", "0", "--format", "markdown"]).stdout
    assert "note: first line<br><br>after a blank line" in shown_md
    bbcode = run(["message", str(noted), "--since", "0", "--format", "bbcode"]).stdout
    assert "[*]note: first line\n\nafter a blank line" in bbcode


def test_the_board_is_the_same_in_show_and_message() -> None:
    show = run(["show", str(TWO), "--at", "10"]).stdout.splitlines()
    message = run(["message", str(TWO), "--at", "10"]).stdout.splitlines()
    for code in ("GBP", "EUR", "CNY"):
        row = next(line for line in show if line.startswith(code + " "))
        mail = next(line for line in message if line.startswith("  " + code + " "))
        cells = [c for c in row.split()[1:-1] if c]
        assert [c.rstrip("*") for c in cells] == mail.split()[1:-1]
        assert "\u00b7" in cells
    caption = message[message.index("") + 1 :]
    caption = caption[next(i for i, line in enumerate(caption) if line.startswith("Board (")) :]
    caption = caption[: next(i for i, line in enumerate(caption) if line.endswith("):")) + 1]
    assert len(caption) > 1 and all(len(line) <= 80 for line in caption)


@pytest.mark.parametrize("columns", ["70", "80"])
def test_hint_analyse_and_signatures_fit_the_width(
    tmp_path: Path, columns: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """hint's and analyse's tables and show's signature lines (issue 22) fit, like the rest."""
    from tests.cli.test_commands import truncated

    truncated(ANNOTATED, 14, tmp_path / "game.yaml")
    monkeypatch.chdir(tmp_path)
    signed = ROOT / "tests" / "logs" / "valid" / "signed.yaml"
    for args in (
        ["hint", "game.yaml", "--simulations", "40"],
        ["analyse", "game.yaml", "--simulations", "20", "--from", "3", "--to", "5"],
        ["show", str(signed)],
        ["history", str(signed)],
    ):
        result = run(args, COLUMNS=columns)
        assert result.exit_code == 0, result.output
        lines = result.stdout.splitlines()
        if args[0] == "show":  # its heading and signature lines (the board has its own width)
            lines = lines[: lines.index("")]
            assert "Signatures:" in lines
        too_wide = [line for line in lines if wcswidth(line) > int(columns)]
        assert not too_wide, (args[0], too_wide)
    whole = run(["show", str(signed)], COLUMNS="200").stdout
    assert any(line.startswith("  alice: key SHA256:") for line in whole.splitlines())


# --------------------------------------------------------------------------- issue 41, finding 7


def test_play_undo_and_hints_fit_80_columns(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """play's countersign notice (naming the file as mailed, the command whole on its own
    line), undo's report and its next: line, and problem hints fit 80 columns."""
    from tests.signed import signed_game

    monkeypatch.chdir(tmp_path)
    game, keys = signed_game(tmp_path, 2)
    spot = "spot 1 GBP to alice for 1.5 CHF; invest EUR"
    played = run(["play", str(game), "carol", spot, "--sign", "--key", str(keys["carol"])])
    assert played.exit_code == 0, played.output
    said = played.stdout + played.stderr
    assert "  forex sign game.yaml 3 --as alice --key FILE" in said.splitlines()
    assert str(tmp_path) not in said.split("awaits", 1)[1]  # not the sender's path
    undone = run(["undo", str(game), "--dry-run", "--as", "carol"], COLUMNS="80")
    refused = run(["undo", str(game), "--dry-run"], COLUMNS="80")
    assert refused.exit_code == 1 and "hint:" in refused.stderr
    for result in (played, undone, refused):
        for text in (result.stdout, result.stderr):
            lines = [line for line in text.splitlines() if not PROBLEM_HEAD.match(line)]
            assert not [line for line in lines if wcswidth(line) > 80], text
    assert "next:" in undone.stdout


PROBLEM_HEAD = re.compile(r"\S+(:\d+:\d+)?: (warning: )?[a-z_]+: ")
"""A problem's first line (``file:line:col: code: message``) stays whole: tools read it."""


COMMANDS = [
    *("analyse", "annotate", "chart", "completion", "diff", "hint", "history", "html"),
    *("import", "key", "message", "moves", "new", "play", "read", "rules", "schema", "seat"),
    *("selfplay", "show", "sign", "undo", "validate"),
]
"""Every command of ``forex --help`` (a test below keeps the list whole)."""


COMPONENTS = [
    *("--seed", "mid-year", "--components"),
    str(ROOT / "forexcli/games/worldex/data/invented-components.json"),
]
"""A World Exchangers set-up that deals the red marker (ann plays first)."""


def _every_command() -> list[list[str]]:
    """Every command on the examples (both games), as a person runs them, in the current
    folder (markdown, BBCode, JSON, pictures and the shell's completion script aside)."""
    from tests.cli.test_commands import truncated
    from tests.signed import signed_game

    two = truncated(TWO, 10, Path("two.yaml"))
    Path("examples").symlink_to(EXAMPLES)
    worldex = Path("examples/world-exchangers/three-players.yaml")
    Path("forexcli").symlink_to(ROOT / "forexcli")  # its components, named from ../../
    Path("w/x").mkdir(parents=True)
    wx = truncated(worldex, 8, Path("w/x/wx.yaml"))
    Path("signed").mkdir()
    signed, keys = signed_game(Path("signed"), 2, countersign=False)
    mail = Path("mail.eml")
    run(["message", str(two), "--eml", str(mail)])
    commands: list[list[str]] = []
    for log in (*sorted(Path("examples").glob("*.yaml")), worldex):
        commands += [
            ["show", str(log)],
            ["show", str(log), "--at", "10"],
            ["moves", str(log), "--at", "10"],
            ["moves", str(log), "--at", "10", "--all"],
            ["history", str(log)],
            ["history", str(log), "--events"],
            ["message", str(log), "--at", "12"],
            ["validate", "-v", str(log)],
            ["diff", str(log), str(two if log != worldex else wx)],
            ["undo", str(log), "--dry-run"],
        ]
    commands += [
        ["annotate", str(two), "3", "a note to see how it is reported"],
        ["annotate", str(wx), "3", "a note to see how it is reported"],
        ["moves", str(two), "--kind", "spot"],
        ["moves", str(two), "--kind", "contract"],
        ["play", str(two), "ada", "resolve", "--dry-run"],
        ["play", str(two), "ben", "resolve", "--dry-run"],  # not ben's turn: a problem
        ["play", str(wx), "--engine", "--simulations", "4", "--dry-run"],
        ["hint", str(two), "--simulations", "8"],
        ["hint", str(wx), "--simulations", "8"],
        ["analyse", str(two), "--simulations", "4", "--from", "8", "--to", "9"],
        ["sign", str(signed), "2", "--as", "carol", "--key", str(keys["carol"])],
        ["undo", str(signed), "--dry-run"],
        ["read", str(mail), "--into", "read.yaml"],
        ["new", "new.yaml", "--players", "ann,bob", "--seed", "s"],
        ["new", "w/x/new.yaml", "--game", "world-exchangers", "--players", "ann,bob", *COMPONENTS],
        ["import", "examples/bga-table-700007919.json.gz", "bga.yaml"],
        ["validate", "examples/invalid"],
        ["seat", str(two), "ben", "--engine", "50"],
        ["key", "new", "k", "--no-passphrase", "--comment", "ann"],
        ["chart", str(two), "-o", "chart.svg"],
        ["html", str(two), "-o", "two.html"],
        ["selfplay", "games", "--simulations", "4", "--processes", "1"],
        ["completion", "bash", "--help"],  # (its script is for the shell, not to read)
        ["rules"],
        ["rules", "--game", "world-exchangers"],
    ]
    commands += [[name, "--help"] for name in COMMANDS]
    return commands


def test_the_every_command_list_is_whole() -> None:
    said = run(["--help"]).stdout.split("Commands:", 1)[1]
    listed = re.findall(r"(?m)^  ([a-z]+)  ", said)
    assert sorted(listed) == sorted(COMMANDS)
    assert {args[0] for args in _commands_here()} == set(COMMANDS)


def _commands_here() -> list[list[str]]:
    import tempfile

    here = os.getcwd()
    with tempfile.TemporaryDirectory() as folder:
        os.chdir(folder)
        try:
            return _every_command()
        finally:
            os.chdir(here)


def test_every_command_fits_80_columns(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 41, finding 7: no line of any command's text output (standard output and
    error) on the examples of both games is wider than 80 columns at COLUMNS=80; only a
    problem's first line (``file:line:col: code: message``, which editors and CI read)
    stays whole."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("COLUMNS", "80")
    too_wide = []
    silent = []
    for args in _every_command():
        result = run(args, COLUMNS="80")
        if not (result.stdout.strip() or result.stderr.strip()):
            silent.append(args)
        for line in (result.stdout + result.stderr).splitlines():
            if wcswidth(line) > 80 and not PROBLEM_HEAD.match(line):
                too_wide.append(f"forex {' '.join(args)}: {line}")
    assert not too_wide, "\n".join(too_wide)
    assert not silent  # every command said something to measure


def test_the_rate_track_fits_80_columns() -> None:
    """Issue 41, finding 7: the rate track's separator was 81 columns (its columns were
    never wrapped); a space holding more currencies than fit goes on in a second line."""
    shown = run(["show", str(TWO)], COLUMNS="80").stdout
    track = shown.split("\ntrack ", 1)[1].split("\n\n", 1)[0].splitlines()
    rule = track[1]
    assert set(rule) == {"-", " "} and len(rule) <= 80, rule
    assert all(wcswidth(line) <= 80 for line in track)
    gbp = next(index for index, line in enumerate(track) if line.startswith("GBP "))
    spaces = (track[gbp] + " " + track[gbp + 1]).split()
    assert {"USD", "CHF", "JPY", "CAD"} <= set(spaces)  # the 3.5 space, over two lines
    wide = run(["show", str(TWO)], COLUMNS="200").stdout
    assert "USD CHF JPY CAD" in wide  # one line where it fits


def test_world_exchangers_players_table_reads_at_80_columns() -> None:
    """Issue 41, finding 7: the players table wrapped its city column to one word a line;
    each city stays whole with its price, and the table fits 80 columns."""
    worldex = EXAMPLES / "world-exchangers" / "three-players.yaml"
    shown = run(["show", str(worldex)], COLUMNS="80").stdout
    table = shown.split("\nPlayers (", 1)[1].split("\n\n", 1)[0].splitlines()[1:]
    assert all(wcswidth(line) <= 80 for line in table), table
    start, end = [m.span() for m in re.finditer(r"-+", table[1])][2]  # "cities (sale price)"
    cities = "\n".join(line[start:end] for line in table[2:])
    for city in ("Manila (100)", "Osaka (300*)", "San Juan (100)", "Helsinki (700*)"):
        assert city in cities, cities
    assert not re.search(r"(?m)^\s*\(\d+\*?\),?\s*$", cities)  # no price on a line alone
    assert len(table) <= 2 + 3 * 7  # at most seven lines a player
    assert max(wcswidth(line) for line in shown.splitlines()) <= 80


def test_engine_seats_and_an_open_offer_fit_the_width(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``Engine seats: ...`` and ``Open offer: ...`` below show, history and moves wrap at
    spaces like the rest, the command to answer kept whole (markdown is never wrapped)."""
    monkeypatch.chdir(tmp_path)
    log = Path("a-game-by-the-fire.yaml")
    made = run(
        ["new", str(log), "--players", "ann,bot1,ben,bot2", "--seed", "7", "--first", "bot1",
         "--engine", "bot1:50", "--engine", "bot2:50"]
    )  # fmt: skip
    assert made.exit_code == 0, made.output
    offer = "spot 1 USD to ann for 1 CHF; invest GBP"
    log.write_text(
        log.read_text().replace(
            "moves: []", f"offer:\n  player: bot1\n  decision: {offer}\nmoves: []"
        )
    )
    answer = f"forex play {log} ann accept"
    for args in (["show", str(log)], ["history", str(log)], ["moves", str(log)]):
        result = run(args, COLUMNS="80")
        assert result.exit_code == 0, result.output
        assert "Open offer: bot1 offers ann:" in result.stdout
        assert any(answer in line for line in result.stdout.splitlines()), result.stdout
        assert widest(result.stdout) <= 80, [
            line for line in result.stdout.splitlines() if wcswidth(line) > 80
        ]
    assert (
        "Engine seats: bot1: the engine, 50 simulations a decision; bot2:"
        in run(["show", str(log)], COLUMNS="80").stdout
    )
    markdown = run(["show", str(log), "--format", "markdown"], COLUMNS="80").stdout
    assert f"Open offer: bot1 offers ann: {offer} (nothing is agreed yet);" in markdown


def test_what_read_saved_fits_the_width(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``saved LOG (from the text, quoted > > ..., with N lines ... joined again)`` wraps at
    spaces like the catch-up above it."""
    monkeypatch.chdir(tmp_path)
    posted = run(["message", str(ANNOTATED), "--with-log"]).stdout.split("\n\n", 1)[1]
    quoted = "".join(f"> > {line}\n" for line in posted.splitlines())
    from tests.record.test_rewrap import fold

    folded = fold(quoted, 60)
    Path("reply.txt").write_text(f"Got it.\n\n{folded}\n")
    result = run(["read", "reply.txt", "--into", "our-friday-evening-game.yaml"], COLUMNS="80")
    assert result.exit_code == 0, result.output
    said = " ".join(result.stdout.split())
    assert "saved our-friday-evening-game.yaml (from the text, quoted > > " in said
    assert widest(result.stdout) <= 80, [
        line for line in result.stdout.splitlines() if wcswidth(line) > 80
    ]


def test_the_comment_of_moves_all_wraps_as_comments(tmp_path: Path) -> None:
    """``moves --all``'s ``# N spot offers to computer left out ...`` (130 columns) wraps, each
    line a ``#`` comment, so that a script that skips comments still reads decisions only."""
    log = tmp_path / "duel.yaml"
    made = run(["new", str(log), "--players", "you,computer", "--seed", "evening",
                "--engine", "computer:30"])  # fmt: skip
    assert made.exit_code == 0, made.output
    every = run(["moves", str(log), "--all"], COLUMNS="80").stdout.splitlines()
    comments = [line for line in every if line.startswith("#")]
    assert len(comments) >= 2 and all(len(line) <= 80 for line in comments), comments
    said = " ".join(line[2:] for line in comments)
    assert "spot offers to computer left out: the engine would decline them (its value" in said
    decisions = [line for line in every if not line.startswith("#")]
    assert decisions and all(line.split()[0] in ("resolve", "invest", "contract", "spot", "divest")
                             for line in decisions)  # fmt: skip


@pytest.mark.slow
def test_a_problem_is_wrapped_whole_on_a_terminal_and_kept_on_one_line_in_a_pipe(
    tmp_path: Path,
) -> None:
    """A long problem message was wrapped only from its hints on: on a terminal its first
    line (after the whole ``file:line:col: code:``) is now wrapped to the width too; in a
    pipe, where editors and CI read it, it stays one line."""
    import pexpect

    odd = tmp_path / "odd.yaml"
    odd.write_bytes("game: forex\n".encode("utf-16"))
    env = {**os.environ, "COLUMNS": "60", "NO_COLOR": "1", "PYTHONPATH": str(ROOT)}
    args = ["-m", "forexcli.cli", "validate", odd.name]
    child = pexpect.spawn(sys.executable, args, env=env, cwd=str(tmp_path), encoding="utf-8")
    child.expect(pexpect.EOF, timeout=120)
    lines = [line.rstrip("\r") for line in (child.before or "").split("\n") if line.strip()]
    message = "the file is UTF-16 text (it starts with a UTF-16 byte-order mark), not UTF-8"
    assert lines[0].startswith("odd.yaml:1:1: invalid_utf8: the file is UTF-16 text")
    assert [line for line in lines if wcswidth(line) > 60] == []
    head = lines[: next(i for i, line in enumerate(lines) if line.startswith("  hint:"))]
    assert len(head) > 1
    assert " ".join(" ".join(head).split()) == f"odd.yaml:1:1: invalid_utf8: {message}"
    piped = subprocess.run(
        [sys.executable, *args], env=env, cwd=tmp_path, capture_output=True, text=True, check=False
    )
    assert piped.stdout.splitlines()[0] == f"odd.yaml:1:1: invalid_utf8: {message}"


WIDE_NOTE = "東京 大阪 名古屋 札幌 福岡 " * 4 + "e\u0301te\u0301 cafe\u0301 " * 6
"""A note of wide (CJK: two columns each) and combining characters (no column)."""


def test_wrapped_notes_and_sentences_are_measured_in_columns(tmp_path: Path) -> None:
    """Text wrapping counted characters: a line of CJK ran past the width (twice as wide as
    counted), one of combining accents broke early. Notes in show and message, and the
    shared wrapper itself, now measure terminal columns."""
    from forexcli.reporters import wrap_line

    log = tmp_path / "g.yaml"
    log.write_bytes(TWO.read_bytes())
    assert run(["annotate", str(log), "3", WIDE_NOTE]).exit_code == 0
    # show fits the terminal (COLUMNS); a message, mail text, is 80 columns wide.
    for command, width in (("show", 40), ("message", 80)):
        out = run([command, str(log), "--at", "3"], COLUMNS="40").stdout
        noted = [line for line in out.splitlines() if "東京" in line]
        assert noted and [line for line in noted if wcswidth(line) > width] == [], command
    lines = wrap_line(WIDE_NOTE, 30, subsequent_indent="  ")
    assert max(wcswidth(line) for line in lines) <= 30
    assert " ".join(" ".join(lines).split()) == " ".join(WIDE_NOTE.split())
    accents = wrap_line("e\u0301te\u0301 cafe\u0301 de\u0301ja\u0300 vu", 10)
    assert accents == ["e\u0301te\u0301 cafe\u0301", "de\u0301ja\u0300 vu"]


WIDE_NAMES = ("\u674e\u96f7\u674e\u96f7\u674e\u96f7\u674e\u96f7", "\u97e9\u6885\u6885" * 3)
"""World Exchangers players with CJK names (李雷李雷李雷李雷, 韩梅梅 three times): 16 and 18
columns, 8 and 9 characters."""

NARROW_NAMES = ("lileilileileilei", "hanmeimeihanmeimei")
"""ASCII names as wide in columns as ``WIDE_NAMES``."""


def _worldex_texts(folder: Path, names: Sequence[str]) -> list[str]:
    """``show``, ``play``'s report after the engine seat's reply (its compact board) and
    ``message`` of a World Exchangers game between ``names`` (the second an engine seat) at
    COLUMNS=60, each with the names written as ``NARROW_NAMES``."""
    folder.mkdir()
    log = folder / "wx.yaml"
    made = run(
        ["new", str(log), "--game", "world-exchangers", "--players", ",".join(names),
         "--first", names[0], "--engine", f"{names[1]}:20", *COMPONENTS, "--seed", "4"]
    )  # fmt: skip
    assert made.exit_code == 0, made.output
    texts = []
    for args in (["play", str(log), names[0], "buy", "Prague"], ["show", str(log)]):
        result = run(args, COLUMNS="60")
        assert result.exit_code == 0, result.output
        texts.append(result.stdout)
    texts.append(run(["message", str(log)], COLUMNS="60").stdout)
    for wide, narrow in zip(names, NARROW_NAMES, strict=True):
        texts = [text.replace(wide, narrow).replace(str(log), "LOG") for text in texts]
    return texts


def test_world_exchangers_wraps_wide_names_in_columns(tmp_path: Path) -> None:
    """World Exchangers' status lines, table titles and compact board wrapped by counting
    characters: a CJK name (two columns a character) ran past the width. With names as wide
    in columns as ASCII ones, every line breaks where the ASCII one does, and the lines
    the views wrap to the terminal fit 60 columns."""
    assert [wcswidth(name) for name in WIDE_NAMES] == [len(name) for name in NARROW_NAMES]
    wide = _worldex_texts(tmp_path / "wide", WIDE_NAMES)
    narrow = _worldex_texts(tmp_path / "narrow", NARROW_NAMES)
    assert wide == narrow
    played, shown, _ = wide
    heading = shown.split("\n\n")[0].splitlines()  # the status lines
    titles = [part.splitlines()[0] for part in shown.split("\n\n")[2:]]  # each table's
    board = played.split("\n\n")[-1].splitlines()  # the compact board after the reply
    assert any(line.startswith("  ") for line in heading)  # a status line was wrapped
    for line in [*heading, *titles, *board]:
        assert wcswidth(line) <= 60, line


def test_a_persons_move_against_the_engine_is_told_within_the_width(tmp_path: Path) -> None:
    """A person's move in a game with an engine seat (the compact report, replies or not)
    is told in sentences wrapped to the width, as the engine's replies are: a two-city buy's
    sentence ran to 115 columns at COLUMNS=80."""
    log = tmp_path / "wx.yaml"
    made = run(
        ["new", str(log), "--game", "world-exchangers", "--players", "ann,computer",
         "--components", COMPONENTS[-1], "--engine", "computer:20", "--seed", "a"]
    )  # fmt: skip
    assert made.exit_code == 0, made.output
    played = run(["play", str(log), "ann", "buy Warsaw, Madrid +box", "--no-reply"], COLUMNS="80")
    assert played.exit_code == 0, played.output
    told = played.stdout.replace(str(log), "wx.yaml")
    assert "buys Warsaw for 100 and Madrid for 200" in " ".join(told.split())
    assert widest(told) <= 80, [line for line in told.splitlines() if wcswidth(line) > 80]


def test_world_exchangers_moves_fit_60_columns(tmp_path: Path) -> None:
    """At 60 columns World Exchangers' forex moves wrapped its first line at 80 and put its
    notes column past the edge (the terminal broke "box" into "bo" and "x"); now the prose
    wraps at the width and, without room for a notes column, each row's notes go below it,
    every decision whole on its own line."""
    log = tmp_path / "wx.yaml"
    log.write_bytes((EXAMPLES / "world-exchangers" / "three-players.yaml").read_bytes())
    narrow = run(["moves", str(log), "--at", "0"], COLUMNS="60")
    assert narrow.exit_code == 0, narrow.output
    lines = narrow.stdout.splitlines()
    too_wide = [line for line in lines if wcswidth(line) > 60 and "forex play" not in line]
    assert not too_wide, too_wide
    rows = lines[lines.index("") + 3 :]
    box = rows.index(next(row for row in rows if row.startswith("buy Warsaw, Madrid +box")))
    assert rows[box].split() == ["buy", "Warsaw,", "Madrid", "+box", "300", "200"]
    assert rows[box + 1] == "    box"  # its note, below it
    wide = run(["moves", str(log), "--at", "0"], COLUMNS="100").stdout.splitlines()
    assert any(re.fullmatch(r"buy Warsaw, Madrid \+box\s+300\s+200\s+box", ln) for ln in wide)


@pytest.mark.parametrize("columns", [40, 60])
def test_show_and_hint_tables_fit_a_narrow_terminal(
    columns: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At 60 columns For-Ex show's board (72 wide) and World Exchangers' show and hint
    tables ran past the edge; now a table that its wrapping cannot fit is stacked (tables of
    its first column and as many more as fit, ``reporters.stacked``), every cell still
    shown; at 80 columns and more nothing changes (tests/cli/test_golden.py)."""
    from tests.cli.test_commands import truncated

    monkeypatch.chdir(tmp_path)
    Path("forexcli").symlink_to(ROOT / "forexcli")  # the components, named from ../../
    Path("w/x").mkdir(parents=True)
    worldex = EXAMPLES / "world-exchangers" / "three-players.yaml"
    playing = truncated(worldex, 10, Path("w/x/wx.yaml"))
    duel = truncated(TWO, 20, Path("two.yaml"))
    for args in (
        ["show", str(TWO)],
        ["show", str(duel)],
        ["show", str(worldex)],
        ["show", str(playing)],
        ["hint", str(playing), "--simulations", "8"],
        ["hint", str(duel), "--simulations", "8"],
    ):
        result = run(args, COLUMNS=str(columns))
        assert result.exit_code == 0, result.output
        too_wide = [
            line
            for line in result.stdout.splitlines()
            if wcswidth(line) > columns and not line.startswith("To play the best: forex ")
        ]
        assert not too_wide, (args, too_wide)
    board = run(["show", str(TWO)], COLUMNS=str(columns)).stdout.split("\nRate track", 1)[0]
    heads = re.findall(r"(?m)^stronger +(.*)$", board)
    assert len(heads) >= 2  # stacked, each table led by the row's currency
    assert " ".join(" ".join(heads).split()) == "GBP EUR USD CHF JPY CAD CNY pairs won"
    assert board.count("\nGBP ") == len(heads)


def test_show_with_two_long_names_fits_80_columns(tmp_path: Path) -> None:
    """With two 32-character names without spaces, For-Ex show's money, queue and
    projection tables ran to 104 (and 113) columns at COLUMNS=80; now every line fits,
    the names and every cell still shown."""
    names = ("abcdefghijklmnopqrstuvwxyzabcdef", "bcdefghijklmnopqrstuvwxyzabcdefg")
    path = tmp_path / "x.yaml"
    made = run(["new", str(path), "--players", ",".join(names), "--seed", "s"])
    assert made.exit_code == 0, made.output
    first = gamelog.load(path).first
    second = names[1 - names.index(first)]
    for moves in (
        [],
        [(first, "contract 1 GBP for 1.5 EUR"), (second, "contract 1 USD for 1 CHF")],
    ):
        for player, decision in moves:
            edit.append(str(path), player, decision)
        result = run(["show", str(path)], COLUMNS="80")
        assert result.exit_code == 0, result.output
        too_wide = [line for line in result.stdout.splitlines() if wcswidth(line) > 80]
        assert not too_wide, too_wide
        assert all(result.stdout.count(name) >= 3 for name in names), result.stdout
    queue = result.stdout.split("Contract queue", 1)[1].split("Free letters", 1)[0]
    assert all(name in queue for name in names)  # each contract's owner, whole
