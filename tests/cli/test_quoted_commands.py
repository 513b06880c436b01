"""Every command a message prints can be pasted into a shell, whatever the file and the names.

The games live in a folder named ``my g'ames``, in logs such as ``wx é.yaml``, with a player
named ``O'Brien``: the commands that ``new``, ``seat``, ``play``, ``validate``, ``read`` and
``undo --settle`` print read, as a POSIX shell splits them (``shlex.split``), as the argv
meant; and some of them, run through ``sh -c`` as printed, do what they say.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

import forexcli
from forexcli.cli import forex
from forexcli.record import gamelog

FOLDER = "my g'ames"
LOG = f"{FOLDER}/wx \u00e9.yaml"
PLAYERS = "O'Brien,ann"
OBRIEN = "O'Brien"
TREE = Path(forexcli.__file__).resolve().parents[1]
COMPONENTS = TREE / "forexcli" / "games" / "worldex" / "data" / "invented-components.json"

Completed = subprocess.CompletedProcess[str]

PRINTED = re.compile(r"""forex (?:[^,;()'"\n]|'[^'\n]*'|"[^"\n]*")*""")
"""A command as a sentence prints it: ``forex`` up to a comma, semicolon, bracket or the
line's end outside quotes (a command is followed by prose, as ``lists what is legal``)."""


@pytest.fixture(autouse=True)
def _in_a_folder_with_a_quote(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / FOLDER).mkdir()
    monkeypatch.chdir(tmp_path)
    return tmp_path


def run(args: Sequence[str]) -> Result:
    """``forex ARGS`` on a wide terminal (every hint on one line), never a traceback."""
    result = CliRunner(env={"NO_COLOR": "1", "COLUMNS": "400"}).invoke(forex, list(args))
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise AssertionError(f"forex {args} raised") from result.exception
    return result


def printed(output: str, *argv: str) -> str:
    """The command ``output`` prints whose words, as a shell splits them, start with
    ``forex ARGV``: as printed (the test fails when there is none)."""
    found = [match.group(0).rstrip() for match in PRINTED.finditer(output)]
    for command in found:
        if shlex.split(command)[: len(argv) + 1] == ["forex", *argv]:
            return command
    raise AssertionError(f"no command forex {argv} in {found}:\n{output}")


def in_a_shell(command: str, tmp_path: Path, cwd: Path | None = None) -> Completed:
    """``command`` run by ``sh -c`` as printed, with ``forex`` this tree's command."""
    bin_dir = tmp_path / "bin"
    if not bin_dir.exists():
        bin_dir.mkdir()
        script = bin_dir / "forex"
        program = "import sys; from forexcli.cli import main; sys.exit(main())"
        script.write_text(
            f'#!/bin/sh\nexec {shlex.quote(sys.executable)} -c {shlex.quote(program)} "$@"\n'
        )
        script.chmod(0o755)
    env = {
        **os.environ,
        "PATH": f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}",
        "PYTHONPATH": str(TREE),
        "NO_COLOR": "1",
    }
    return subprocess.run(
        ["sh", "-c", command],
        cwd=cwd or tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def _new(path: str, *extra: str) -> Result:
    result = run(["new", path, "--players", PLAYERS, "--first", OBRIEN, "--seed", "1", *extra])
    assert result.exit_code == 0, result.output
    return result


def test_new_and_seat_print_their_next_steps_to_paste(tmp_path: Path) -> None:
    """The next steps of ``new`` and ``seat``, with the log's path and O'Brien quoted; the
    engine's move they print, run in a shell, plays O'Brien's move."""
    made = _new(LOG)
    assert printed(made.output, "moves", LOG)
    engine_log = f"{FOLDER}/engine \u00e9.yaml"
    first = _new(engine_log, "--engine", f"{OBRIEN}:5")
    assert printed(first.output, "play", engine_log, OBRIEN, "--engine")

    seated = run(["seat", LOG, OBRIEN, "--engine", "5"])
    assert seated.exit_code == 0, seated.output
    command = printed(seated.output, "play", LOG, OBRIEN, "--engine")
    assert shlex.split(command) == ["forex", "play", LOG, OBRIEN, "--engine"]
    done = in_a_shell(command, tmp_path)
    assert done.returncode == 0, done.stderr
    assert [e.player for e in gamelog.load(LOG).entries] == [OBRIEN]

    back = run(["seat", LOG, OBRIEN, "--person"])
    assert back.exit_code == 0, back.output
    assert printed(back.output, "play", LOG, OBRIEN, "DECISION")


def test_play_prints_the_commands_of_its_next_step() -> None:
    """``forex play FILE NAME`` with no decision and no terminal says what to type."""
    _new(LOG)
    said = run(["play", LOG, OBRIEN])
    assert said.exit_code == 2
    assert printed(said.output, "play", LOG, OBRIEN, "DECISION")
    assert printed(said.output, "moves", LOG)
    assert printed(said.output, "hint", LOG)


def test_signing_hints_quote_the_file_the_name_and_the_decision(tmp_path: Path) -> None:
    """The countersignature a deal awaits and the signed move a refusal asks for: the
    decision (a spot deal, with its ``;``) one word; the countersignature, run in a shell in
    the log's folder (it names the file as the mail attaches it), signs the deal."""
    keys = {name: f"{FOLDER}/key {name}" for name in ("o", "a")}
    for key in keys.values():
        assert run(["key", "new", key, "--no-passphrase"]).exit_code == 0
    _new(LOG)
    assert run(["play", LOG, OBRIEN, "invest", "GBP", "--sign", "--key", keys["o"]]).exit_code == 0
    deal = run(["moves", LOG, "--kind", "spot", "--all"]).output.splitlines()[0]
    assert deal.startswith(f"spot 1 GBP to {OBRIEN} for ")
    dealt = run(["play", LOG, "ann", deal, "--sign", "--key", keys["a"]])
    assert dealt.exit_code == 0, dealt.output
    command = printed(dealt.output, "sign", "wx \u00e9.yaml", "2", "--as", OBRIEN)
    assert shlex.split(command)[-2:] == ["--key", "FILE"]
    key = shlex.quote(str(tmp_path / keys["o"]))
    signed = in_a_shell(command.replace("--key FILE", f"--key {key}"), tmp_path, tmp_path / FOLDER)
    assert signed.returncode == 0, signed.stderr
    assert OBRIEN in (gamelog.load(LOG).entries[1].sig or {})

    spot = run(["moves", LOG, "--kind", "spot", "--all"]).output.splitlines()[0]
    assert ";" in spot
    refused = run(["play", LOG, OBRIEN, spot])
    assert refused.exit_code == 1 and "unsigned_move" in refused.output
    assert printed(refused.output, "play", LOG, OBRIEN, spot, "--sign", "--key", "FILE")


def test_validate_names_the_broken_log_as_a_shell_takes_it() -> None:
    """A World Exchangers log with a move no card allows: the hint's ``forex moves``."""
    made = run(
        [
            "new",
            LOG,
            "--game",
            "world-exchangers",
            "--players",
            PLAYERS,
            "--first",
            OBRIEN,
            "--seed",
            "1",
            "--components",
            str(COMPONENTS),
        ]
    )
    assert made.exit_code == 0, made.output
    assert printed(made.output, "moves", LOG)
    assert printed(made.output, "play", LOG, OBRIEN, "DECISION")
    assert run(["play", LOG, OBRIEN, "buy", "Vienna"]).exit_code == 0
    with open(LOG, "a", encoding="utf-8") as log:
        log.write("  - ann: buy Nowhere\n")
    for fmt in ("text", "json"):
        checked = run(["validate", LOG, "--format", fmt])
        assert checked.exit_code == 1 and "unknown_name" in checked.output
        assert printed(checked.output.replace('\\"', '"'), "moves", LOG)


def test_a_fork_is_settled_by_the_commands_read_and_undo_print(tmp_path: Path) -> None:
    """``read`` refuses a fork with the commands that settle it; ``undo --settle``, run in a
    shell as printed, says how to take the mail's moves, and that ``read``, run so too,
    takes them."""
    mine, theirs, mail = LOG, f"{FOLDER}/their \u00e9.yaml", f"{FOLDER}/m \u00e9.eml"
    _new(mine)
    assert run(["play", mine, OBRIEN, "invest", "GBP"]).exit_code == 0
    Path(theirs).write_bytes(Path(mine).read_bytes())
    assert run(["play", mine, "ann", "resolve"]).exit_code == 0
    assert run(["play", theirs, "ann", "invest", "EUR", "--eml", mail]).exit_code == 0

    refused = run(["read", mail, "--into", mine])
    assert refused.exit_code == 1 and "fork" in refused.output
    assert printed(refused.output, "message", mine, "--eml", "resend.eml")
    assert printed(refused.output, "read", mail, "--into", mine)
    assert printed(refused.output, "diff", mine, mail)
    settle = printed(refused.output, "undo", mine, "--to", "1", "--settle", mail)

    undone = in_a_shell(settle, tmp_path)
    assert undone.returncode == 0, undone.stderr
    take = printed(undone.stdout, "read", mail, "--into", mine)
    assert shlex.split(take) == ["forex", "read", mail, "--into", mine]
    taken = in_a_shell(take, tmp_path)
    assert taken.returncode == 0, taken.stderr
    assert [e.text for e in gamelog.load(mine).entries] == ["invest GBP", "invest EUR"]


def test_a_log_named_with_a_leading_dash_is_printed_as_a_path(tmp_path: Path) -> None:
    """A log named ``-x.yaml`` was printed in hints as it is (``forex moves -x.yaml``), a
    command that reads it as an option; it is printed ``./-x.yaml``, and the commands
    printed, run through ``sh -c``, do what they say, as ``./-x.yaml`` and ``-- -x.yaml``
    given by hand do."""
    made = run(["new", "--players", "you,computer", "--seed", "1", "--", "-x.yaml"])
    assert made.exit_code == 0, made.output
    moves = printed(made.output, "moves", "./-x.yaml")
    assert in_a_shell(moves, tmp_path).returncode == 0
    for given in ("forex show ./-x.yaml", "forex show -- -x.yaml"):
        done = in_a_shell(given, tmp_path)
        assert done.returncode == 0 and "at the start" in done.stdout, done.stderr
    played = in_a_shell("forex play --dry-run -- -x.yaml you resolve", tmp_path)
    assert played.returncode == 0 and "dry run" in played.stdout, played.stderr
    world = [
        *("new", "--game", "world-exchangers", "--players", "ann,bot", "--seed", "4"),
        *("--first", "ann", "--components", str(COMPONENTS), "--", "-w.yaml"),
    ]
    assert run(world).exit_code == 0
    refused = run(["play", "./-w.yaml", "zed", "buy", "Madrid"])
    assert refused.exit_code == 1 and "unknown_name" in refused.output
    hinted = printed(refused.output, "moves", "./-w.yaml")  # and "says who decides now"
    done = in_a_shell(hinted.split(" says ")[0], tmp_path)
    assert done.returncode == 0 and "ann to play" in done.stdout, done.stderr


def test_the_engines_offer_and_a_finished_game_print_the_path_quoted(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The answer to the engine's offer (``forex play FILE you accept``) and the analysis of
    a finished game printed the log's path raw: a path with a space or a quote split."""
    from tests.cli.test_engine_seats import Offers

    duel = f"{FOLDER}/duel \u00e9.yaml"
    made = run(["new", duel, "--players", "you,computer", "--first", "computer",
                "--seed", "1", "--engine", "computer:20"])  # fmt: skip
    assert made.exit_code == 0, made.output
    Offers(monkeypatch)
    offered = run(["play", duel, "computer", "--engine"])
    assert offered.exit_code == 0, offered.output
    answers = [m.group(0) for m in PRINTED.finditer(offered.output) if "accept" in m.group(0)]
    assert len(answers) == 2  # the engine's line and the open offer under the board
    for answer in answers:
        assert shlex.split(answer)[:5] == ["forex", "play", duel, "you", "accept"], answer
    finished = f"{FOLDER}/two \u00e9.yaml"
    Path(finished).write_bytes((TREE / "examples" / "two-players.yaml").read_bytes())
    over = run(["play", finished, "ada", "--engine"])
    assert over.exit_code == 1 and "game_over" in over.output
    assert printed(over.output, "analyse", finished)


def test_a_player_named_with_a_leading_dash_is_refused_and_an_old_log_still_plays() -> None:
    """A name that starts with ``-`` would make every command printed for its player (``forex
    play FILE -bob DECISION``) an option: ``new`` (``--players`` or ``--player``) and
    ``import --rename`` refuse it with a hint whose name, given instead, makes a game whose
    printed next step runs. A log that already holds one stays valid; the usage error of
    ``play FILE -bob ...`` shows where ``--`` goes, and that command, filled in, plays."""
    suggested = []
    for names in (["--players", "ann,-bob"], ["--player", "ann", "--player", "-bob"]):
        refused = run(["new", "dash.yaml", *names, "--seed", "1"])
        assert refused.exit_code == 2 and not Path("dash.yaml").exists()
        assert f"Invalid value for '{names[0]}': '-bob' starts with -" in refused.stderr
        hint = re.search(
            r"hint: name the player without the leading -, e\.g\. (\S+)", refused.stderr
        )
        assert hint is not None
        suggested.append(hint.group(1))
    assert suggested == ["bob", "bob"]
    made = run(["new", "dash.yaml", "--players", f"ann,{suggested[0]}", "--seed", "1"])
    assert made.exit_code == 0, made.output
    assert run(shlex.split(printed(made.output, "moves", "dash.yaml"))[1:]).exit_code == 0
    bga = TREE / "examples" / "bga-table-700007919.json.gz"
    renamed = run(["import", str(bga), "-o", "bga.yaml", "--removed", "unknown", "--rename",
                   "noor=-noor"])  # fmt: skip
    assert renamed.exit_code == 2 and not Path("bga.yaml").exists()
    assert "'-noor' (--rename noor=-noor) cannot be a name in a new log" in renamed.stderr

    old = Path("old.yaml")
    text = Path("dash.yaml").read_text("utf-8").replace("[ann, bob]", "[ann, -bob]")
    old.write_text(text, "utf-8")
    assert "-bob" in text and run(["validate", str(old)]).exit_code == 0
    assert run(["play", str(old), "ann", "resolve"]).exit_code == 0
    assert run(["play", str(old), "ann", "strengthen", "GBP"]).exit_code == 0
    misread = run(["play", str(old), "-bob", "resolve"])
    assert misread.exit_code == 2
    usage = "forex play FILE -- PLAYER [DECISION]..."
    assert f"(an argument that starts with - goes after --: {usage})" in misread.stderr
    filled = usage.replace("FILE", str(old)).replace("PLAYER", "-bob")
    played = run(shlex.split(filled.replace("[DECISION]...", "resolve"))[1:])
    assert played.exit_code == 0, played.output
    assert '\n  - "-bob": resolve\n' in old.read_text("utf-8")


def test_every_command_printed_for_a_player_named_with_a_leading_dash_runs() -> None:
    """An old log may seat ``-bob`` (``forex new`` refuses such a name now): the commands
    printed for him (``forex play FILE -bob DECISION``, ``forex seat ... --engine``, hint's
    best move) lacked the ``--`` that docs/format.md says they take, and click read the name
    as options. Now each puts ``--`` before the name (its options before the file), and runs
    as printed."""
    made = run(["new", "dash.yaml", "--players", "ann,bob", "--seed", "1"])
    assert made.exit_code == 0, made.output
    old = Path("old.yaml")
    old.write_text(Path("dash.yaml").read_text("utf-8").replace("[ann, bob]", "[ann, -bob]"))
    for decision in (["resolve"], ["strengthen", "GBP"]):
        assert run(["play", str(old), "ann", *decision]).exit_code == 0

    def runs(command: str, *filled: tuple[str, str]) -> Result:
        for placeholder, value in filled:
            command = command.replace(placeholder, value)
        result = run(shlex.split(command)[1:])
        assert result.exit_code == 0, (command, result.output)
        return result

    usage = run(["play", str(old), "--", "-bob"]).stderr
    asked = printed(usage, "play", str(old), "--", "-bob", "DECISION")
    runs(asked, ("DECISION", "resolve"), ("forex play", "forex play --dry-run"))
    best = printed(run(["hint", str(old), "--simulations", "20"]).stdout, "play", str(old), "--")
    runs(best.replace("forex play", "forex play --dry-run", 1))
    seated = run(["seat", str(old), "--engine", "20", "--", "-bob"])
    assert seated.exit_code == 0, seated.output
    runs(printed(seated.stdout, "play", "--engine", str(old), "--", "-bob"))
    assert '\n  - "-bob": ' in old.read_text("utf-8")
