"""The ``forex`` command, every command and every error path, through click's CliRunner."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from forexcli.cli import forex, main
from forexcli.games.forex.notation import parse
from forexcli.games.forex.rules import Phase
from forexcli.record import gamelog
from forexcli.reporters import Style, clean, md, text_width, use_colour

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
TWO = EXAMPLES / "two-players.yaml"
ANNOTATED = EXAMPLES / "annotated-pbem.yaml"
SIX = EXAMPLES / "six-players.yaml"
BANKRUPT = EXAMPLES / "four-players-bankruptcy.yaml"
INVALID = EXAMPLES / "invalid"
ESC = "\x1b"


def run(args: Sequence[str], input: str | bytes | None = None, **env: str) -> Result:
    """Run ``forex ARGS``; never lets an exception through unnoticed."""
    runner = CliRunner(env={"NO_COLOR": None, **env})
    result = runner.invoke(forex, list(args), input=input, catch_exceptions=True)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise AssertionError(f"forex {' '.join(args)} raised") from result.exception
    return result


def new_game(path: Path, *extra: str, players: str = "alice,bob,carol") -> Path:
    result = run(
        [
            "new",
            str(path),
            "--players",
            players,
            "--removed",
            "GBP=1,USD=2,CNY=3",
            "--started",
            "2026-11-30",
            *extra,
        ]
    )
    assert result.exit_code == 0, result.output
    return path


def replayed(path: Path) -> gamelog.Replay:
    played = gamelog.replay(gamelog.load(path))
    assert played.problem is None
    return played


@pytest.fixture
def game(tmp_path: Path) -> Path:
    """A new 3-player game with no moves."""
    return new_game(tmp_path / "game.yaml")


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    """A copy of the 2-player example."""
    target = tmp_path / "two.yaml"
    shutil.copyfile(TWO, target)
    return target


def truncated(source: Path, moves: int, target: Path) -> Path:
    """``source`` with only its first ``moves`` moves, written with forex undo."""
    shutil.copyfile(source, target)
    total = len(gamelog.load(target).entries)
    for _ in range(total - moves):
        assert run(["undo", str(target)]).exit_code == 0
    return target


# --------------------------------------------------------------------------- basics


def test_version() -> None:
    from forexcli import __version__

    result = run(["--version"])
    assert result.exit_code == 0
    assert __version__ in result.stdout


@pytest.mark.parametrize(
    "command",
    [
        [],
        ["new"],
        ["show"],
        ["moves"],
        ["play"],
        ["history"],
        ["annotate"],
        ["undo"],
        ["validate"],
        ["schema"],
        ["completion"],
        ["message"],
        ["diff"],
        ["chart"],
    ],
)
def test_help_on_every_command(command: list[str]) -> None:
    for flag in ("--help", "-h"):
        result = run([*command, flag])
        assert result.exit_code == 0, result.output
        assert "Usage: forex" in result.stdout
        assert "Exit status" in result.stdout


def test_no_command_shows_usage() -> None:
    result = run([])
    assert result.exit_code == 2
    assert "Commands:" in result.output


def test_unknown_command_and_option_are_usage_errors(game: Path) -> None:
    assert run(["frobnicate"]).exit_code == 2
    result = run(["show", str(game), "--frob"])
    assert result.exit_code == 2
    assert "No such option" in result.stderr


def _imported_after(code: str) -> list[str]:
    probe = (
        "import sys\n"
        f"{code}\n"
        "print('MODULES:', *(m for m in ('jsonschema', 'tabulate', 'ruamel', 'ruamel.yaml',"
        " 'yaml', 'click') if m in sys.modules))"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, cwd=ROOT, check=True
    )
    return done.stdout.rsplit("MODULES:", 1)[1].split()


def test_startup_is_light() -> None:
    assert _imported_after("import forexcli.cli") == ["click"]
    help_run = (
        "from forexcli.cli import forex\n"
        "try:\n    forex.main(['--help'], prog_name='forex')\nexcept SystemExit:\n    pass"
    )
    assert _imported_after(help_run) == ["click"]
    show_help = help_run.replace("['--help']", "['show', '--help']")
    assert _imported_after(show_help) == ["click"]


def test_engine_does_not_import_the_command_line_libraries() -> None:
    assert _imported_after("import forexcli.games.forex.rules") == []


def test_main_runs_as_console_script(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-c", "from forexcli.cli import main; main()", "validate", str(TWO)],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr
    assert "1 file checked: 1 valid, 0 invalid" in done.stdout
    done = subprocess.run(
        [sys.executable, "-c", "from forexcli.cli import main; main()", "show", "missing.yaml"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert done.stderr.startswith("missing.yaml: not_found:")


def test_broken_pipe_is_quiet() -> None:
    code = "import sys\nfrom forexcli.cli import main\nmain(['history', sys.argv[1]])"
    proc = subprocess.Popen(
        [sys.executable, "-c", code, str(SIX)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
    )
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()  # the reader goes away before the first line is written
    err = proc.stderr.read().decode()
    assert proc.wait() in (1, 141)  # click exits 1 quietly on EPIPE
    assert "Traceback" not in err and "BrokenPipeError" not in err, err


# --------------------------------------------------------------------------- new


def test_new_writes_a_valid_log_with_a_modeline(tmp_path: Path) -> None:
    path = tmp_path / "g.yaml"
    result = run(
        [
            "new",
            str(path),
            "--players",
            "alice,bob",
            "--player",
            "carol",
            "--first",
            "bob",
            "--removed",
            "GBP=1,USD=2,CNY=3",
            "--title",
            "Friday club",
            "--site",
            "club",
            "--started",
            "2026-11-30",
            "--contact",
            "alice=alice@example.org",
        ]
    )
    assert result.exit_code == 0, result.output
    assert "bob plays first" in result.stdout
    text = path.read_text()
    lines = text.splitlines()
    # No modeline unless --schema-ref names the schema: the schema has no public address.
    assert lines[0] == "forex: 1"
    assert "yaml-language-server" not in text and "http" not in text
    assert str(ROOT) not in text
    assert lines[-1] == "moves: []"
    log = gamelog.load(path)
    assert log.players == ("alice", "bob", "carol")
    assert log.first == "bob"
    assert log.new_game().removed == (1, 0, 2, 0, 0, 0, 3)
    assert log.title == "Friday club"
    assert log.header["contacts"] == {"alice": "alice@example.org"}
    assert log.header["started"] == "2026-11-30"
    assert log.header["site"] == "club"


def test_new_names_another_schema_when_asked(tmp_path: Path) -> None:
    path = tmp_path / "g.yaml"
    ref = "../schemas/forex-log.schema.json"
    result = run(["new", str(path), "--players", "a,b", "--seed", "s", "--schema-ref", ref])
    assert result.exit_code == 0, result.output
    assert path.read_text().splitlines()[0] == f"# yaml-language-server: $schema={ref}"


def test_new_with_a_seed_or_a_random_seed(tmp_path: Path) -> None:
    from forexcli.games.forex.rules import draw_removed

    path = new_game(tmp_path / "a.yaml")
    assert run(["new", str(tmp_path / "s.yaml"), "--players", "a,b", "--seed", "x"]).exit_code == 0
    log = gamelog.load(tmp_path / "s.yaml")
    assert log.seed == "x" and log.new_game().removed == draw_removed("x")
    result = run(["new", str(tmp_path / "r.yaml"), "--players", "a,b"])
    assert result.exit_code == 0
    log = gamelog.load(tmp_path / "r.yaml")
    assert log.seed and len(log.seed) == 8
    assert f"drawn from seed {log.seed!r}" in " ".join(result.stdout.split())  # (wrapped)
    assert gamelog.load(path).seed is None


def test_new_removed_as_a_list_of_codes(tmp_path: Path) -> None:
    path = tmp_path / "g.yaml"
    result = run(["new", str(path), "--players", "a,b", "--removed", "gbp,usd,usd,cny,cny,cny"])
    assert result.exit_code == 0, result.output
    assert gamelog.load(path).new_game().removed == (1, 0, 2, 0, 0, 0, 3)


def test_new_dry_run_prints_and_writes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "g.yaml"
    result = run(
        ["new", str(path), "--players", "a,b", "--seed", "s", "--dry-run", "--schema-ref", ""]
    )
    assert result.exit_code == 0
    assert result.stdout.startswith("forex: 1\n")
    assert not path.exists()


def test_new_refuses_to_overwrite(game: Path) -> None:
    before = game.read_bytes()
    result = run(["new", str(game), "--players", "x,y", "--seed", "s"])
    assert result.exit_code == 2
    assert result.stderr.startswith(f"{game}: exists:")
    assert game.read_bytes() == before


def test_new_into_a_missing_folder(tmp_path: Path) -> None:
    result = run(["new", str(tmp_path / "no" / "g.yaml"), "--players", "x,y", "--seed", "s"])
    assert result.exit_code == 2
    assert "no_folder" in result.stderr


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ([], "name the players"),
        (["--players", "solo"], "2 to 6 players"),
        (["--players", "a,b,c,d,e,f,g"], "2 to 6 players"),
        (["--players", "a,a"], "distinct"),
        (["--players", "a:b,c"], "not a valid player name"),
        (["--players", "note,b"], "not a valid player name"),
        (["--players", "a,b", "--first", "z"], "not one of the players"),
        (["--players", "a,b", "--removed", "GBP=1"], "exactly 6"),
        (["--players", "a,b", "--removed", "XXX=6"], "not a currency"),
        (["--players", "a,b", "--removed", "GBP=x,USD=5"], "whole number"),
        (["--players", "a,b", "--removed", "GBP=6", "--seed", "s"], "not both"),
        (["--players", "a,b", "--contact", "zed=z@example.org"], "not one of the players"),
        (["--players", "a,b", "--contact", "a"], "NAME=ADDRESS"),
        (["--players", "a,b", "--title", "x" * 300], "title"),
    ],
)
def test_new_usage_errors(tmp_path: Path, args: list[str], message: str) -> None:
    path = tmp_path / "g.yaml"
    result = run(["new", str(path), *args])
    assert result.exit_code == 2, result.output
    assert message in result.stderr
    assert "Traceback" not in result.output
    assert not path.exists()


def test_new_log_text_and_create_log_from_python(tmp_path: Path) -> None:
    from forexcli.games.forex.views.newlog import new_log_text
    from forexcli.record.problems import LogError
    from forexcli.reporters.newlog import create_log

    text = new_log_text(["a", "b"], removed=(1, 1, 1, 1, 1, 1, 0), title="t: x")
    path = tmp_path / "g.yaml"
    create_log(str(path), text)
    assert gamelog.load(path).title == "t: x"
    with pytest.raises(LogError):
        create_log(str(path), text)
    with pytest.raises(ValueError):
        new_log_text(["a", "b"])


# --------------------------------------------------------------------------- show


def test_show_text_has_every_section(copy: Path) -> None:
    result = run(["show", str(copy), "--at", "10"])
    assert result.exit_code == 0, result.output
    out = result.stdout
    for heading in (
        "Currency board",
        "Rate track",
        "Money",
        "Certificates",
        "Contract queue (front first)",
        "Free letters:",
        "Dividends left:",
        "Next:",
    ):
        assert heading in out
    assert "after move 10 of 65" in out
    assert "Result" not in out


def test_show_the_end_has_the_result() -> None:
    result = run(["show", str(TWO)])
    assert result.exit_code == 0
    assert "Result" in result.stdout
    assert "Strongest currency:" in result.stdout
    assert "Game over after the last dividend" in result.stdout
    bankrupt = run(["show", str(BANKRUPT)], COLUMNS="1000")
    assert "(bankrupt)" in bankrupt.stdout
    assert "Game over by a bankruptcy" in bankrupt.stdout
    narrow = run(["show", str(BANKRUPT)], COLUMNS="80").stdout  # the table in 80 columns
    assert "(bankrupt)" not in narrow and " went bankrupt." in narrow


def test_show_board_grid_matches_the_state() -> None:
    from forexcli.games.forex.rules import CURRENCIES, format_rate

    result = run(["show", str(TWO), "--at", "0"])
    state = replayed(TWO).initial
    grid_lines = result.stdout.split("Rate track")[0].splitlines()
    rows = {line.split()[0]: line for line in grid_lines if line[:3] in CURRENCIES}
    assert rows["GBP"].split()[1:] == ["·", "1.5", "1", "1.5", "1.5", "2", "4", "6"]
    assert rows["CNY"].split()[1:] == ["·", "0"]
    assert format_rate(state.board.position(0, 6).space) == "4"


def test_show_at_start_and_counting_from_the_end() -> None:
    start = run(["show", str(TWO), "--at", "0"])
    assert "at the start (65 moves)" in start.stdout
    before_last = run(["show", str(TWO), "--at", "-1"])
    assert "after move 64 of 65" in before_last.stdout


@pytest.mark.parametrize("at", ["66", "-66", "x"])
def test_show_at_out_of_range_is_a_usage_error(at: str) -> None:
    result = run(["show", str(TWO), "--at", at])
    assert result.exit_code == 2
    assert "Traceback" not in result.output


def test_show_markdown() -> None:
    result = run(["show", str(ANNOTATED), "--format", "markdown"])
    assert result.exit_code == 0
    out = result.stdout
    assert out.startswith("## PBEM \\#7, annotated")
    assert "| stronger" in out and "|:--" in out
    assert "### Result" in out


@pytest.mark.slow
def test_show_json_validates_against_the_schema() -> None:
    import jsonschema

    schema = json.loads((ROOT / "schemas" / "forex-show.schema.json").read_text())
    validator = jsonschema.Draft202012Validator(schema)
    for example in sorted(EXAMPLES.glob("*.yaml")):
        total = len(gamelog.load(example).entries)
        for at in sorted({0, 1, total // 2, total - 1, total}):
            args = ["show", str(example), "--format", "json", "--at", str(at)]
            if at >= 3:
                args += ["--since", "2"]
            result = run(args)
            assert result.exit_code == 0, result.output
            data = json.loads(result.stdout)
            errors = [e.message for e in validator.iter_errors(data)]
            assert not errors, (example.name, at, errors[:3])
            assert data["at"] == at and data["moves"] == total
            assert (data["state"]["result"] is None) == (at < total)


def test_show_schema_file_is_generated() -> None:
    from forexcli.games.forex.views.schema import render

    assert (ROOT / "schemas" / "forex-show.schema.json").read_text() == render()


def test_show_since_lists_what_happened() -> None:
    result = run(["show", str(ANNOTATED), "--at", "5", "--since", "3"])
    assert result.exit_code == 0
    assert "Since move 3" in result.stdout
    assert "Move 4, otto" in result.stdout and "Move 5, mira" in result.stdout
    assert "Move 3," not in result.stdout
    nothing = run(["show", str(ANNOTATED), "--since", "68"])
    assert "No moves since move 68." in nothing.stdout
    later = run(["show", str(ANNOTATED), "--at", "3", "--since", "5"])
    assert later.exit_code == 2


def test_show_from_standard_input() -> None:
    result = run(["show", "-", "--at", "2"], input=TWO.read_bytes())
    assert result.exit_code == 0
    assert "after move 2 of 65" in result.stdout


def test_show_an_invalid_log() -> None:
    bad = INVALID / "insufficient-funds.yaml"
    result = run(["show", str(bad)])
    assert result.exit_code == 1
    assert result.stdout == ""
    assert result.stderr.startswith(f"{bad}:9:12: insufficient_funds: move 3:")
    assert f"forex show {bad} --at 2" in result.stderr
    assert run(["show", str(bad), "--at", "2"]).exit_code == 0


@pytest.mark.parametrize("name", ["bad-yaml.yaml", "unknown-key.yaml", "bad-removed.yaml"])
def test_show_a_log_that_cannot_be_read(name: str) -> None:
    result = run(["show", str(INVALID / name)])
    assert result.exit_code == 1
    assert result.stderr.startswith(f"{INVALID / name}:")
    assert "Traceback" not in result.output


def test_show_a_missing_file_or_a_folder(tmp_path: Path) -> None:
    missing = run(["show", str(tmp_path / "none.yaml")])
    assert missing.exit_code == 2
    assert "not_found" in missing.stderr
    folder = run(["show", str(tmp_path)])
    assert folder.exit_code == 2


def test_show_warns_about_a_digest_mismatch() -> None:
    result = run(["show", str(INVALID / "digest-mismatch.yaml")])
    assert result.exit_code == 0
    assert "warning: " in result.stderr and "digest_mismatch" in result.stderr


# --------------------------------------------------------------------------- moves


def test_moves_groups(game: Path) -> None:
    """Contracts per currency pair as a range (true to the engine's contracts), with a
    contract each way written as ``play`` takes it; in at most 30 lines of 80 columns."""
    from forexcli.games.forex.rules import CURRENCIES, apply, format_halves, legal_contracts

    result = run(["moves", str(game)], COLUMNS="80")
    assert result.exit_code == 0
    out = result.stdout
    assert out.startswith("alice to play, turn 1")
    assert len(out.splitlines()) <= 30 and max(map(len, out.splitlines())) <= 80
    state = replayed(game).final
    contracts = legal_contracts(state)
    assert f"contract ({len(contracts)})" in out
    grid = " ".join(out.split())
    for pay_c in CURRENCIES:
        for recv_c in CURRENCIES[CURRENCIES.index(pay_c) + 1 :]:
            way = [c for c in contracts if (c.pay_currency, c.receive_currency) == (pay_c, recv_c)]
            pay = "-".join(format_halves(h) for h in (way[0].pay, way[-1].pay))
            get = "-".join(format_halves(h) for h in (way[0].receive, way[-1].receive))
            assert f"{pay} {pay_c} for {get} {recv_c}" in grid
    lines = out.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("A range such as"))
    examples = [line.strip() for line in lines[at:] if line.startswith("    contract ")]
    assert len(examples) == 2
    for example in examples:  # each taken verbatim
        for decision in parse("alice", example).decisions():
            apply(state, decision)
    assert run(["play", str(game), "alice", examples[1]]).exit_code == 0


def test_moves_all_are_each_legal_as_written(game: Path) -> None:
    from forexcli.games.forex.rules import apply

    result = run(["moves", str(game), "--all"])
    lines = result.stdout.splitlines()
    assert len(lines) > 400
    state = replayed(game).final
    assert not any(line.startswith("#") for line in lines)  # plain entries only
    assert all(";" in line for line in lines if line.startswith("spot "))
    for line in lines[::7]:
        written = parse("alice", line)
        after = state
        for decision in written.decisions():
            after = apply(after, decision)
    assert "resolve" in lines


def test_moves_kind_filter_and_play_round_trip(game: Path) -> None:
    result = run(["moves", str(game), "--kind", "invest"])
    lines = result.stdout.splitlines()
    assert lines[0] == "invest GBP" and all(line.startswith("invest ") for line in lines)
    played = run(["play", str(game), "alice", *lines[-1].split()])
    assert played.exit_code == 0, played.output


def test_moves_of_a_kind_none_of_which_is_legal_says_so() -> None:
    """``moves --kind`` with no legal decision of those kinds says so in one line and who
    decides what instead (it printed nothing), exit 0; a # comment, but in markdown."""
    played = replayed(SIX)
    number = next(
        n for n, s in enumerate(played.states, 1) if s.pending.phase is Phase.DIVEST_RESPONSE
    )
    result = run(["moves", str(SIX), "--at", str(number), "--kind", "spot", "--kind", "invest"])
    assert result.exit_code == 0, result.output
    (line,) = result.stdout.splitlines()
    assert line.startswith(f"# No spot or invest decision is legal after move {number}: ")
    assert "to answer the " in line and line.endswith(" divest.")
    markdown = run(
        ["moves", str(SIX), "--at", str(number), "--kind", "spot", "--format", "markdown"]
    )
    assert markdown.stdout.startswith("No spot decision is legal after move ")


def test_moves_of_a_divest_answer_and_ties() -> None:
    played = replayed(SIX)
    number = next(
        n for n, s in enumerate(played.states, 1) if s.pending.phase is Phase.DIVEST_RESPONSE
    )
    result = run(["moves", str(SIX), "--at", str(number)])
    assert "answers" in result.stdout and "sell 0" in result.stdout
    tie = next(n for n, s in enumerate(played.states, 1) if s.pending.phase is Phase.DIVIDEND_TIE)
    result = run(["moves", str(SIX), "--at", str(tie), "--format", "json"])
    data = json.loads(result.stdout)
    assert data["pending"]["decision"] == "dividend_tie"
    assert data["groups"][0]["moves"][0].startswith("strengthen ")


def test_moves_markdown_and_json(game: Path) -> None:
    md_out = run(["moves", str(game), "--format", "markdown"]).stdout
    assert "| decision" in md_out
    data = json.loads(run(["moves", str(game), "--format", "json"]).stdout)
    assert data["format"] == "forex-moves"
    kinds = {g["kind"] for g in data["groups"]}
    assert kinds == {"resolve", "invest", "contract", "spot"}
    assert sum(len(g["moves"]) for g in data["groups"]) > 400


def test_moves_when_the_game_is_over() -> None:
    result = run(["moves", str(TWO)])
    assert result.exit_code == 0
    assert "No legal decisions." in result.stdout
    assert run(["moves", str(TWO), "--all"]).stdout == ""


def test_moves_of_an_invalid_log() -> None:
    result = run(["moves", str(INVALID / "not-your-turn.yaml")])
    assert result.exit_code == 1
    assert "not_your_turn" in result.stderr


# --------------------------------------------------------------------------- play


def test_play_appends_and_reports(game: Path) -> None:
    result = run(["play", str(game), "alice", "invest", "USD", "JPY"])
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert " ".join(out.split()).startswith(f"move 1: alice: invest USD JPY (added to {game})")
    assert "alice buys a USD certificate for 2" in out
    assert "Rates that moved" in out and "1 GBP = 1 USD" in out
    assert "Holdings that changed" in out and "-2 USD, -2 JPY" in out
    assert "Next: bob to play, turn 2" in out
    log = gamelog.load(game)
    assert [e.text for e in log.entries] == ["invest USD JPY"]
    assert log.entries[0].digest is not None


def test_play_a_spot_with_an_action_in_one_word_or_many(game: Path) -> None:
    quoted = run(["play", str(game), "alice", "spot 1 GBP to bob for 1.5 EUR; invest USD"])
    assert quoted.exit_code == 0, quoted.output
    assert "spot: alice gives 1 GBP to bob for 1.5 EUR" in quoted.stdout
    words = run(
        [
            "play",
            str(game),
            "bob",
            "spot",
            "1",
            "GBP",
            "to",
            "carol",
            "for",
            "1.5",
            "CHF;",
            "contract",
            "2",
            "GBP",
            "for",
            "3",
            "EUR",
        ]
    )
    assert words.exit_code == 0, words.output
    assert gamelog.load(game).entries[1].text == (
        "spot 1 GBP to carol for 1.5 CHF; contract 2 GBP for 3 EUR"
    )


def test_play_note_no_digest_and_after(game: Path) -> None:
    result = run(
        [
            "play",
            str(game),
            "alice",
            "resolve",
            "--note",
            "cheap: pays 0",
            "--no-digest",
            "--after",
            "0",
        ]
    )
    assert result.exit_code == 0, result.output
    entry = gamelog.load(game).entries[0]
    assert entry.note == "cheap: pays 0" and entry.digest is None
    assert "chooses the currency to strengthen" in result.stdout


@pytest.mark.parametrize("note", ["", "  "])
def test_play_with_an_empty_note_records_none(game: Path, note: str) -> None:
    result = run(["play", str(game), "alice", "resolve", "--note", note])
    assert result.exit_code == 0, result.output
    assert gamelog.load(game).entries[0].note is None
    assert "note" not in game.read_text()


def test_play_after_refuses_an_old_position(game: Path) -> None:
    assert run(["play", str(game), "alice", "resolve"]).exit_code == 0
    before = game.read_bytes()
    result = run(["play", str(game), "alice", "strengthen", "USD", "--after", "0"])
    assert result.exit_code == 1
    assert "log_moved_on" in result.stderr
    assert game.read_bytes() == before


def test_play_dry_run_changes_nothing(game: Path) -> None:
    before = game.read_bytes()
    result = run(["play", str(game), "alice", "invest", "GBP", "--dry-run"])
    assert result.exit_code == 0
    assert f"dry run: {game} is unchanged" in " ".join(result.stdout.split())  # (wrapped)
    assert game.read_bytes() == before


@pytest.mark.parametrize(
    ("player", "decision", "code"),
    [
        ("bob", "resolve", "not_your_turn"),
        ("alice", "invest USD JPY CHF", "bad_notation"),
        ("alice", "invest USD USD", "illegal_invest"),
        ("alice", "contract 1 GBP for 2 EUR", "illegal_contract"),
        ("alice", "divest 1 USD", "illegal_divest"),
        ("alice", "spot 1 GBP to alice for 1.5 EUR; resolve", "illegal_spot"),
        ("zed", "resolve", "unknown_name"),
        ("alice", "sell 1 USD", "wrong_decision_kind"),
        ("alice", "fly to the moon", "bad_notation"),
    ],
)
def test_play_illegal_decisions(game: Path, player: str, decision: str, code: str) -> None:
    before = game.read_bytes()
    result = run(["play", str(game), player, decision])
    assert result.exit_code == 1, result.output
    assert result.stdout == ""
    first = result.stderr.splitlines()[0]
    assert first.startswith(f"{game}: {code}: "), first
    assert "move 1" in first
    assert game.read_bytes() == before


def test_play_illegal_move_gives_hints(game: Path) -> None:
    result = run(["play", str(game), "alice", "divest", "1", "USD"])
    assert "\n  hint: legal now for alice:" in result.stderr


def test_play_after_the_end(copy: Path) -> None:
    before = copy.read_bytes()
    result = run(["play", str(copy), "ada", "resolve"])
    assert result.exit_code == 1
    assert "game_over" in result.stderr
    assert copy.read_bytes() == before


def test_play_on_an_invalid_log_refuses(tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    shutil.copyfile(INVALID / "insufficient-funds.yaml", path)
    before = path.read_bytes()
    result = run(["play", str(path), "bob", "resolve"])
    assert result.exit_code == 1
    assert "fix or undo it before adding moves" in result.stderr
    assert path.read_bytes() == before


def test_play_on_a_read_only_or_missing_file(game: Path, tmp_path: Path) -> None:
    missing = run(["play", str(tmp_path / "none.yaml"), "alice", "resolve"])
    assert missing.exit_code == 2
    game.chmod(0o444)
    try:
        before = game.read_bytes()
        result = run(["play", str(game), "alice", "resolve"])
        assert result.exit_code == 2
        assert "read_only" in result.stderr
        assert game.read_bytes() == before
    finally:
        game.chmod(0o644)


def test_play_without_a_decision_is_a_usage_error(game: Path) -> None:
    assert run(["play", str(game), "alice"]).exit_code == 2


def test_play_json_and_markdown(game: Path) -> None:
    data = json.loads(run(["play", str(game), "alice", "invest", "USD", "--format", "json"]).stdout)
    assert data["format"] == "forex-play" and data["written"] is True
    assert data["move"] == {
        "number": 1,
        "player": "alice",
        "decision": "invest USD",
        "note": None,
        "digest": gamelog.load(game).entries[0].digest,
    }
    assert data["pending"]["player"] == "bob"
    assert {"pair": "GBP/USD", "before": "1 GBP = 1 USD", "after": "1 USD = 1 GBP"} in data["rates"]
    out = run(["play", str(game), "bob", "resolve", "--format", "markdown", "--dry-run"]).stdout
    assert out.startswith("**move 2: bob: resolve**")


def test_play_names_the_next_players_contact(tmp_path: Path) -> None:
    path = new_game(tmp_path / "g.yaml", "--contact", "bob=bob@example.org")
    result = run(["play", str(path), "alice", "resolve", "--no-digest"])
    assert "Send" not in result.stdout  # alice decides the tie herself
    result = run(["play", str(path), "alice", "strengthen", "USD"])
    assert f"Send {path} to bob: bob@example.org" in " ".join(result.stdout.split())


def test_play_to_the_end_shows_the_result(tmp_path: Path) -> None:
    path = truncated(TWO, 64, tmp_path / "g.yaml")
    last = gamelog.load(TWO).entries[-1]
    result = run(["play", str(path), last.player, last.text])
    assert result.exit_code == 0
    assert "Result" in result.stdout and "Game over after the last dividend" in result.stdout
    assert path.read_text() == TWO.read_text()


# --------------------------------------------------------------------------- history


def test_history_table_with_notes() -> None:
    result = run(["history", str(ANNOTATED)], COLUMNS="1000")
    assert result.exit_code == 0
    out = result.stdout
    assert out.startswith("PBEM #7, annotated\n68 moves; players in seat order: mira, noor, otto")
    assert "otto's divest of CNY: mira sells too" in out
    assert "what happened" not in out


def test_history_wraps_its_title_and_players_to_the_width(tmp_path: Path) -> None:
    """The line that names the players (long names: 32 characters each) wraps to ``COLUMNS``
    as a report's sentences do, in both games' history; before, it ran on (99 columns in an
    80-column pipe for two names of 32)."""
    game = new_game(
        tmp_path / "game.yaml",
        "--title",
        "Friday club",
        players="Noor Al-Hakim of the Friday Club,Li Lei the visiting champion 25",
    )
    for path, columns in ((game, 60), (ROOT / "examples/world-exchangers/three-players.yaml", 36)):
        result = run(["history", str(path)], COLUMNS=str(columns))
        assert result.exit_code == 0, result.output
        head = result.stdout.split("\n\n", 1)[0].splitlines()
        assert len(head) > 2 and all(len(line) <= columns for line in head), head
        assert "players in seat order:" in " ".join(head)


def test_show_wraps_long_names_in_its_tables_to_the_width(tmp_path: Path) -> None:
    """Names of 32 characters (the Board Game Arena example's players renamed): the money,
    certificates, queue and queue-risk tables of ``show`` wrap them at their spaces to fit 80
    columns; before, those tables ran on to 104 and 113 columns."""
    game = tmp_path / "game.yaml"
    imported = run(["import", str(EXAMPLES / "bga-table-700007919.json.gz"), "-o", str(game),
                    "--removed", "unknown", "--rename", "noor=Noor Al-Hakim of the Friday Club",
                    "--rename", "李雷=李雷 (Li Lei) the visiting champ"])  # fmt: skip
    assert imported.exit_code == 0, imported.output
    for at in ("10", "40"):
        shown = run(["show", str(game), "--at", at], COLUMNS="80")
        assert shown.exit_code == 0, shown.output
        assert all(text_width(line) <= 80 for line in shown.stdout.splitlines()), shown.stdout
        assert "Noor Al-Hakim" in shown.stdout and "the Friday Club" in shown.stdout


def test_message_keeps_long_names_within_80_columns(tmp_path: Path) -> None:
    """Names of 32 characters: the message's headline, the move's heading and the money
    table (its last heading written short when the names leave it no room) fit 80 columns,
    in text and in BBCode's code blocks; before, they ran on to 117 and 83."""
    noor, lei = "Noor Al-Hakim of the Friday Club", "Li_Lei_the_visiting_champion_25x"
    game = tmp_path / "game.yaml"
    assert run(["new", str(game), "--players", f"{noor},{lei}", "--seed", "s"]).exit_code == 0
    spot = f"spot 1 GBP to {lei} for 1.5 EUR; invest USD"
    assert run(["play", str(game), noor, spot]).exit_code == 0
    for fmt in ("text", "bbcode"):
        said = run(["message", str(game), "--format", fmt])
        assert said.exit_code == 0, said.output
        lines = said.stdout.splitlines()
        if fmt == "bbcode":  # a forum reflows the prose, not a [code] block
            lines = said.stdout.split("[b]Money[/b]\n[code]\n")[1].split("[/code]")[0].split("\n")
        assert all(text_width(line) <= 80 for line in lines), said.stdout
        body = " ".join(said.stdout.split())
        assert f"{noor}, {lei}, move 1: {lei} to play." in body
        assert f"{noor} 1 3.5 0 2 2 2 2 USD 1" in body and "GBP EUR USD CHF JPY CAD CNY" in body
    text = " ".join(run(["message", str(game)]).stdout.split())
    assert f"Move 1, {noor}: {spot}" in text and "CNY certs" in text


def test_history_wraps_its_notes_with_a_url_longer_than_the_width(tmp_path: Path) -> None:
    """A note holding a word wider than the terminal (a URL) no longer keeps ``history``'s
    table from wrapping: the table fits 80 columns but for that word, whole on a line of its
    own (a URL broken in two cannot be opened); another long note wraps as it always did."""
    game = tmp_path / "game.yaml"
    shutil.copyfile(EXAMPLES / "two-players.yaml", game)
    url = "https://example.org/forex-notes/" + "a" * 150
    normal = "a normal note long enough to be wrapped in the note column of the history table"
    assert run(["annotate", str(game), "3", f"see {url} for why"]).exit_code == 0
    assert run(["annotate", str(game), "4", normal]).exit_code == 0
    result = run(["history", str(game)], COLUMNS="80")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    past = [line for line in lines if text_width(line) > 80]
    assert [line.strip() for line in past] == [url], result.stdout
    row = next(i for i, line in enumerate(lines) if line.startswith("3 "))
    assert lines[row].split()[-1] == "see" and lines[row + 2].split() == ["for", "why"]
    assert lines[row + 1].startswith(" " * 20) and lines[row + 1].endswith(url)
    table = " ".join(" ".join(lines[row + 3 :]).split())
    assert f"4 ada contract 1 GBP for 2 CAD {' '.join(normal.split()[:3])}" in table
    assert all(word in table for word in normal.split())
    assert len([line for line in lines if line.startswith("     " * 3)]) > 3  # wrapped


def test_history_events_markdown_json() -> None:
    events = run(["history", str(ANNOTATED), "--events"], COLUMNS="1000").stdout
    assert "what happened" in events and "dividend 1 of 5 pays 0 per certificate" in events
    markdown = run(["history", str(ANNOTATED), "--format", "markdown"]).stdout
    assert markdown.startswith("## PBEM \\#7, annotated")
    assert "| #" in markdown
    data = json.loads(run(["history", str(ANNOTATED), "--format", "json"]).stdout)
    assert data["format"] == "forex-history" and len(data["entries"]) == 68
    assert data["entries"][1]["note"].startswith("Nobody holds a certificate")
    assert data["problem"] is None


def test_history_of_an_invalid_log_marks_the_illegal_move() -> None:
    bad = INVALID / "not-your-turn.yaml"
    result = run(["history", str(bad)])
    assert result.exit_code == 1
    assert "invest USD (illegal)" in result.stdout
    assert "resolve (not checked)" in result.stdout
    assert result.stderr.startswith(f"{bad}:8:10: not_your_turn:")


def test_history_of_a_new_game(game: Path) -> None:
    assert "(no moves yet)" in run(["history", str(game)]).stdout


# --------------------------------------------------------------------------- annotate / undo


def test_annotate_sets_and_removes_a_note(copy: Path) -> None:
    result = run(["annotate", str(copy), "3", "a", "good", "move"])
    assert result.exit_code == 0
    assert gamelog.load(copy).entries[2].note == "a good move"
    result = run(["annotate", str(copy), "3", "second thoughts: # not a comment"])
    assert gamelog.load(copy).entries[2].note == "second thoughts: # not a comment"
    result = run(["annotate", str(copy), "3", "--remove"])
    assert result.exit_code == 0 and "removed the note of move 3" in result.stdout
    assert gamelog.load(copy).entries[2].note is None
    assert copy.read_text() == TWO.read_text()
    again = run(["annotate", str(copy), "3", "--remove"])
    assert "has no note" in again.stdout


@pytest.mark.parametrize(("text", "stdin"), [("", None), ("   ", None), ("-", "\n\n")])
def test_annotate_with_an_empty_note_removes_the_note(
    copy: Path, text: str, stdin: str | None
) -> None:
    assert run(["annotate", str(copy), "3", "a", "good", "move"]).exit_code == 0
    result = run(["annotate", str(copy), "3", text], input=stdin)
    assert result.exit_code == 0, result.output
    assert "removed the note of move 3" in result.stdout
    assert gamelog.load(copy).entries[2].note is None
    assert copy.read_text() == TWO.read_text()


def test_show_at_a_move_shows_its_note(copy: Path) -> None:
    note = "first line \x1b[31m\n\nafter a blank line, " + "long " * 20
    assert run(["annotate", str(copy), "3", "-"], input=note).exit_code == 0
    shown = run(["show", str(copy), "--at", "3"], COLUMNS="60").stdout.splitlines()
    at = shown.index(next(line for line in shown if line.startswith("Last move: 3.")))
    assert shown[at + 1 : at + 4] == [
        "Note: first line \\x1b[31m",
        "",
        "      after a blank line, long long long long long long long",
    ]
    assert shown[at + 4].startswith("      long ") and len(shown[at + 4]) <= 60
    markdown = run(["show", str(copy), "--at", "3", "--format", "markdown"]).stdout
    assert "*Note:* first line \\\\x1b\\[31m  \n  \nafter a blank line, long" in markdown
    assert "Note:" not in run(["show", str(copy), "--at", "2"]).stdout
    caught_up = run(["show", str(copy), "--at", "3", "--since", "2"], COLUMNS="60").stdout
    assert caught_up.count("first line") == 1  # told once: by the catch-up
    told = caught_up.splitlines()
    assert "          after a blank line, long long long long long long" in told
    assert all(len(line) <= 60 for line in told if "long" in line)
    mail = run(["message", str(copy), "--at", "3", "--since", "2"]).stdout.splitlines()
    assert "        after a blank line, long long long long long long long long long long" in mail
    assert all(len(line) <= 80 for line in mail if "long" in line)


def test_annotate_warns_of_a_digest_that_no_longer_matches(copy: Path) -> None:
    text = copy.read_text()
    digest = text.split("digest: ", 1)[1].split("\n", 1)[0]
    copy.write_text(text.replace(f"digest: {digest}", f"digest: {digest[::-1]}", 1))
    result = run(["annotate", str(copy), "5", "noted all the same"])
    assert result.exit_code == 0, result.output
    assert result.stderr.startswith("warning: ") and "digest_mismatch: move 1:" in result.stderr
    assert gamelog.load(copy).entries[4].note == "noted all the same"
    assert run(["annotate", str(TWO), "5", "x", "--dry-run"]).stderr == ""


def test_annotate_refuses_an_illegal_move_at_its_line_in_the_file(copy: Path) -> None:
    lines = copy.read_text().splitlines(keepends=True)
    at = lines.index("  - ada: contract 1 GBP for 2 CAD\n")
    lines[at] = "  - ada: invest EUR EUR\n"  # read, but against the rules
    copy.write_text("".join(lines))
    before = copy.read_bytes()
    result = run(["annotate", str(copy), "1", "a note before it"])
    assert result.exit_code == 1 and copy.read_bytes() == before
    assert result.stderr.startswith(f"{copy}:{at + 1}:")  # the file's line, not a changed text's
    assert "fixed or undone; nothing was changed" in " ".join(result.stderr.split())


FOREX_MAIN = (sys.executable, "-c", "from forexcli.cli import main; main()")


def test_annotate_from_standard_input_and_dry_run(copy: Path) -> None:
    result = run(["annotate", str(copy), "1", "-"], input="line one\nline two\n")
    assert result.exit_code == 0
    assert gamelog.load(copy).entries[0].note == "line one\nline two"
    # The process's own standard input (CliRunner's turns CR LF into LF, as POSIX's does not).
    done = subprocess.run(
        [*FOREX_MAIN, "annotate", str(copy), "2", "-"],
        input=b"from a Windows file\r\nline two\r\n",
        capture_output=True,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr
    assert gamelog.load(copy).entries[1].note == "from a Windows file\nline two"
    before = copy.read_bytes()
    dry = run(["annotate", str(copy), "1", "other", "--dry-run"])
    assert dry.exit_code == 0 and "note: other" in dry.stdout
    assert copy.read_bytes() == before


def test_annotate_from_a_file_with_a_byte_order_mark(copy: Path) -> None:
    """Notepad saves UTF-8 with a byte-order mark first: ``forex annotate FILE N - <
    NOTE.txt`` takes the note without it (before, the note began with an invisible U+FEFF,
    shown as ``\\ufeff`` by history and show)."""
    note = "\ufeffsaved by Notepad\r\nsecond line\r\n"
    result = run(["annotate", str(copy), "2", "-"], input=note)
    assert result.exit_code == 0, result.output
    assert gamelog.load(copy).entries[1].note == "saved by Notepad\nsecond line"
    assert "\\ufeff" not in run(["history", str(copy)]).stdout


@pytest.mark.parametrize(
    ("args", "code"),
    [(["99", "x"], 2), (["0", "x"], 2), (["1"], 2), (["1", "x", "--remove"], 2), (["x", "y"], 2)],
)
def test_annotate_errors(copy: Path, args: list[str], code: int) -> None:
    before = copy.read_bytes()
    result = run(["annotate", str(copy), *args])
    assert result.exit_code == code, result.output
    assert copy.read_bytes() == before


@pytest.mark.parametrize("text", ["- a dash first", "-3 CHF was too much", "--> better"])
def test_a_note_that_starts_with_a_dash_is_told_to_go_after_two_dashes(
    copy: Path, text: str
) -> None:
    """click takes a note that starts with ``-`` for an option (``No such option '- '``): the
    error says how to give it, and the way it says sets the note; a mistyped long option is
    told only click's own words."""
    before = copy.read_bytes()
    refused = run(["annotate", str(copy), "3", text])
    assert refused.exit_code == 2 and copy.read_bytes() == before
    said = " ".join(refused.stderr.split())
    assert (
        "(an argument that starts with - goes after --: forex annotate FILE N -- [TEXT]...)" in said
    )
    assert run(["annotate", str(copy), "3", "--", text]).exit_code == 0
    assert gamelog.load(copy).entries[2].note == text
    mistyped = " ".join(run(["annotate", str(copy), "3", "--remvoe"]).stderr.split())
    assert "Did you mean '--remove'?" in mistyped and "goes after --" not in mistyped
    assert "goes after --" not in run(["annotate", str(copy), "3", "--bogus"]).stderr
    assert "goes after --" not in run(["show", str(copy), "-z"]).stderr


def test_annotate_missing_entry_message(copy: Path) -> None:
    result = run(["annotate", str(copy), "99", "x"])
    assert result.stderr.startswith(
        f"{copy}: no_such_entry: there is no move 99: the log has moves 1 to 65"
    )


@pytest.mark.parametrize(
    ("args", "told"),
    [
        (["show", "{log}", "--at", "66"], "there is no move 66 in {log}: it has moves 1 to 65"),
        (["annotate", "{log}", "66", "x"], "there is no move 66: the log has moves 1 to 65"),
        (
            ["sign", "{log}", "66", "--as", "ann", "--key", "{key}"],
            "there is no move 66: the log has moves 1 to 65",
        ),
        (
            ["undo", "{log}", "--to", "66"],
            "there is nothing after move 66 to remove: the log has moves 1 to 65",
        ),
        (["analyse", "{log}", "--from", "66"], "there is no move 66 in {log}: it has moves 1 to"),
        (["analyse", "{log}", "--to", "66"], "there is no move 66 in {log}: it has moves 1 to 65"),
        (["html", "{log}", "--at", "66"], "there is no move 66 in {log}: it has moves 1 to 65"),
        (["message", "{log}", "--at", "66"], "there is no move 66 in {log}: it has moves 1 to 65"),
    ],
)
def test_a_move_number_the_log_lacks_is_a_usage_error_that_gives_the_range(
    copy: Path, args: list[str], told: str
) -> None:
    key = copy.parent / "ann.key"
    assert run(["key", "new", str(key), "--no-passphrase"]).exit_code == 0
    before = copy.read_bytes()
    result = run([arg.format(log=copy, key=key) for arg in args])
    assert result.exit_code == 2, result.output
    assert told.format(log=copy) in " ".join(result.stderr.split())
    assert copy.read_bytes() == before


def test_undo_removes_the_last_move(copy: Path) -> None:
    result = run(["undo", str(copy)])
    assert result.exit_code == 0
    assert " ".join(result.stdout.split()).startswith(
        f"removed move 65: ben: strengthen EUR from {copy}"
    )  # (wrapped to the width)
    assert "next: ben chooses the currency to strengthen" in result.stdout
    assert len(gamelog.load(copy).entries) == 64


def test_undo_dry_run_and_after(copy: Path) -> None:
    before = copy.read_bytes()
    dry = run(["undo", str(copy), "--dry-run"])
    assert dry.exit_code == 0 and dry.stdout.startswith("would remove move 65")
    assert copy.read_bytes() == before
    wrong = run(["undo", str(copy), "--after", "64"])
    assert wrong.exit_code == 1 and "log_moved_on" in wrong.stderr
    assert copy.read_bytes() == before
    assert run(["undo", str(copy), "--after", "65"]).exit_code == 0


def test_undo_without_moves_or_file(game: Path, tmp_path: Path) -> None:
    result = run(["undo", str(game)])
    assert result.exit_code == 1 and "no_moves" in result.stderr
    assert run(["undo", str(tmp_path / "none.yaml")]).exit_code == 2


@pytest.mark.slow
def test_play_then_undo_restores_the_file_byte_for_byte(copy: Path, tmp_path: Path) -> None:
    path = truncated(ANNOTATED, 30, tmp_path / "a.yaml")
    before = path.read_bytes()
    state = replayed(path).final
    who = state.pending_player
    assert who is not None
    assert run(["play", str(path), who, "resolve"]).exit_code == 0
    assert run(["undo", str(path)]).exit_code == 0
    assert path.read_bytes() == before


# --------------------------------------------------------------------------- schema / completion


def test_schema_log_and_show() -> None:
    log = run(["schema"])
    assert log.exit_code == 0
    assert json.loads(log.stdout) == json.loads(
        (ROOT / "schemas/forex-log.schema.json").read_text()
    )
    assert json.loads(run(["schema", "log"]).stdout) == json.loads(log.stdout)
    show = run(["schema", "show"])
    assert json.loads(show.stdout) == json.loads(
        (ROOT / "schemas/forex-show.schema.json").read_text()
    )
    assert run(["schema", "other"]).exit_code == 2


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_completion_scripts(shell: str) -> None:
    result = run(["completion", shell])
    assert result.exit_code == 0
    assert "_FOREX_COMPLETE" in result.stdout


def test_completion_completes_commands() -> None:
    runner = CliRunner(
        env={"_FOREX_COMPLETE": "bash_complete", "COMP_WORDS": "forex sh", "COMP_CWORD": "1"}
    )
    result = runner.invoke(forex, [], prog_name="forex")
    assert "show" in result.stdout


# --------------------------------------------------------------------------- colour and escapes


def test_no_colour_when_not_a_terminal_or_with_no_color(copy: Path) -> None:
    assert ESC not in run(["show", str(copy)]).stdout
    coloured = run(["--color", "always", "show", str(copy)])
    assert f"{ESC}[1m" in coloured.stdout
    assert ESC not in run(["--color", "always", "show", str(copy)], NO_COLOR="1").stdout
    bad = run(["--color", "always", "validate", str(INVALID / "bad-removed.yaml")])
    assert f"{ESC}[1;31m" in bad.stdout
    error = run(["--color", "always", "show", str(INVALID / "bad-removed.yaml")])
    assert f"{ESC}[1;31m" in error.stderr
    assert ESC not in run(["--color", "never", "show", str(copy)]).stdout


class _Tty:
    def __init__(self, tty: bool) -> None:
        self.tty = tty

    def isatty(self) -> bool:
        return self.tty


def test_use_colour(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    assert use_colour(_Tty(True)) is True
    assert use_colour(_Tty(False)) is False
    assert use_colour(_Tty(False), "always") is True
    assert use_colour(_Tty(True), "never") is False
    monkeypatch.setenv("NO_COLOR", "1")
    assert use_colour(_Tty(True)) is False
    assert use_colour(_Tty(True), "always") is False
    assert Style(False).error("x") == "x"
    assert Style(True).error("x") == f"{ESC}[1;31mx{ESC}[0m"


def test_clean_escapes_terminal_controls() -> None:
    assert clean("a\x1b[2Jb") == "a\\x1b[2Jb"
    assert clean("bell\a") == "bell\\x07"
    assert clean("c1\x9b") == "c1\\x9b"
    assert clean("rtl\u202eevil") == "rtl\\u202eevil"
    assert clean("zero\u200bwidth") == "zero\\u200bwidth"
    assert clean("tab\there") == "tab\\there"
    assert clean("two\nlines") == "two\\nlines"
    assert clean("two\r\nlines", newlines=True) == "two\nlines"
    assert clean("ünïcødé £ ¥ 日本") == "ünïcødé £ ¥ 日本"
    assert clean("no\u00a0break") == "no\\xa0break"
    assert md("a|b*c_d\ne") == "a\\|b\\*c\\_d<br>e"


def test_terminal_escapes_in_a_log_are_never_printed(tmp_path: Path) -> None:
    bad = INVALID / "terminal-escape.yaml"
    for args in (
        ["validate", str(bad)],
        ["show", str(bad)],
        ["history", str(bad)],
        ["validate", "--format", "github", str(bad)],
        ["validate", "-v", str(bad)],
        ["history", str(bad), "--format", "markdown"],
    ):
        result = run(args)
        assert result.exit_code == 1, args
        assert ESC not in result.stdout + result.stderr, args
        assert "\a" not in result.stdout + result.stderr, args
    assert "\\x1b[2J" in run(["validate", str(bad)]).stdout
    # A valid log with escapes in its title, a note and a contact.
    path = tmp_path / "g.yaml"
    path.write_text(
        "forex: 1\n"
        'title: "evil \\e[31mtitle"\n'
        "players: [alice, bob]\n"
        "removed: {GBP: 1, USD: 2, CNY: 3}\n"
        'contacts: {bob: "\\e]0;x\\a"}\n'
        "moves:\n"
        '  - alice: resolve\n    note: "\\e[2J wiped"\n',
        encoding="utf-8",
    )
    outputs = []
    for args in (
        ["show", str(path)],
        ["show", str(path), "--format", "markdown"],
        ["show", str(path), "--since", "0"],
        ["history", str(path)],
        ["history", str(path), "--events"],
        ["moves", str(path)],
        ["validate", "-v", str(path)],
        ["play", str(path), "alice", "strengthen", "GBP"],
    ):
        result = run(args)
        assert result.exit_code == 0, (args, result.output)
        outputs.append(result.stdout + result.stderr)
    joined = "".join(outputs)
    assert ESC not in joined and "\a" not in joined
    assert "evil \\x1b[31mtitle" in joined and "\\x1b[2J wiped" in joined
    json_out = run(["show", str(path), "--format", "json"]).stdout
    assert json.loads(json_out)["title"] == "evil \x1b[31mtitle"
    assert ESC not in json_out  # JSON escapes it as \u001b


def test_usage_errors_escape_what_the_user_typed(game: Path) -> None:
    for args in (
        ["show", str(game), "--\x1b[2J"],
        ["\x1b[2Jfrob"],
        ["--\x1b]0;x\x07"],
        ["show", str(game), "--at", "\x1b[2J"],
        ["validate", "--format", "\x1b[2J", str(game)],
        ["new", str(game) + "x", "--players", "a,b", "--removed", "\x1b[2J=6"],
    ):
        result = run(args)
        assert result.exit_code == 2, args
        assert ESC not in result.stderr and "\x07" not in result.stderr, args
        assert "\\x1b" in result.stderr, (args, result.stderr)


def test_main_exit_status_passes_through(tmp_path: Path) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["validate", str(INVALID / "bad-removed.yaml")])
    assert stop.value.code == 1
    with pytest.raises(SystemExit) as stop:
        main(["validate", str(TWO)])
    assert stop.value.code == 0


def test_one_currency_to_invest_in_is_said_as_one(tmp_path: Path) -> None:
    """After move 25 of the six-player example kai can invest in USD alone: ``moves`` and the
    hint of a refused move say "USD only" (they said "one or two different of USD")."""
    log = tmp_path / "six.yaml"
    shutil.copy(SIX, log)
    assert run(["undo", str(log), "--to", "25"]).exit_code == 0
    listed = run(["moves", str(log)]).stdout
    assert "invest USD — USD only (one certificate)" in listed
    refused = run(["play", str(log), "kai", "invest", "GBP"])
    assert refused.exit_code != 0
    hint = " ".join(refused.output.split())  # wrapped to the terminal's width
    assert "invest USD only (one certificate)" in hint
    assert "one or two different of USD" not in listed + hint


def test_history_keeps_the_blank_line_of_a_wrapped_note(copy: Path) -> None:
    """A note of two paragraphs lost the blank line between them when the table wrapped it."""
    first = "The first paragraph of a note long enough to be wrapped in the table."
    note = f"{first}\n\nThe second one."
    assert run(["annotate", str(copy), "1", note]).exit_code == 0
    lines = run(["history", str(copy)], COLUMNS="70").stdout.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("1 "))
    end = next(i for i, line in enumerate(lines) if line.startswith("2 "))
    column = lines[start].index("The first")
    said = [line[column:] for line in lines[start:end]]
    assert max(len(line) for line in lines[start:end]) <= 70
    assert " ".join(said[: said.index("")]) == first
    assert said[said.index("") + 1 :] == ["The second one."]


@pytest.mark.parametrize(
    "args",
    [
        ["annotate", "-", "1", "x"],
        ["undo", "-"],
        ["sign", "-", "1"],
        ["seat", "-", "ada"],
        ["play", "-", "ada", "resolve"],  # it said not_found: no such file: -
    ],
)
def test_a_command_that_edits_in_place_refuses_standard_input(args: list[str]) -> None:
    """``forex annotate - ...`` said "no such file: -"; a command that changes the log file
    refuses ``-`` (which the commands that only read take) as a usage error that says why."""
    result = run(args, input=TWO.read_bytes())
    assert result.exit_code == 2
    told = " ".join(result.stderr.split())
    assert (
        f"- (standard input) cannot be changed: forex {args[0]} edits the log file in place" in told
    )
    assert "no such file" not in told


def test_new_refuses_a_file_named_dash(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``forex new - ...`` wrote a file named ``-`` and then hinted ``forex moves -``, which
    reads standard input; ``-`` is refused as a usage error, nothing written."""
    monkeypatch.chdir(tmp_path)
    result = run(["new", "-", "--players", "a,b"])
    assert result.exit_code == 2
    told = " ".join(result.stderr.split())
    assert "- is not a file name here: forex new writes a new log file" in told
    assert list(tmp_path.iterdir()) == []
