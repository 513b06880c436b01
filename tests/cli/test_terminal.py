"""The terminal and the pipe, with real processes: click versions, encodings, full disks,
closed pipes, and commands that wrote a file before their output failed.

Each test runs ``python -m forexcli.cli`` (or a small driver calling the same entry
point many times) with real standard streams, so that what a user's console or pipe
does is what the test sees.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest

from forexcli.record import edit, gamelog

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
TWO = EXAMPLES / "two-players.yaml"
SIX = EXAMPLES / "six-players.yaml"
OLDEST_CLICK = "8.1.0"
"""The oldest click that pyproject.toml allows (click>=8.1)."""


def _env(**extra: str) -> dict[str, str]:
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("LC_", "PYTHONIOENCODING", "PYTHONUTF8", "COLUMNS"))
        and k not in ("LANG", "NO_COLOR")
    }
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    env.update(extra)
    return env


def forex(
    args: Sequence[str],
    *,
    cwd: Path = ROOT,
    stdout: int | None = subprocess.PIPE,
    stderr: int | None = subprocess.PIPE,
    env: dict[str, str] | None = None,
) -> subprocess.CompletedProcess[bytes]:
    """Run the real ``forex`` entry point in a new process."""
    return subprocess.run(
        [sys.executable, "-m", "forexcli.cli", *args],
        stdout=stdout,
        stderr=stderr,
        cwd=cwd,
        env=_env(**(env or {})),
        timeout=120,
    )


# --------------------------------------------------------------------------- click versions


@pytest.fixture(scope="module")
def oldest_click(tmp_path_factory: pytest.TempPathFactory) -> str:
    """A folder holding click 8.1.0 alone (pip install --target), to put first on the path."""
    target = tmp_path_factory.mktemp("click-oldest")
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "-q",
            "--no-deps",
            "--disable-pip-version-check",
            "--target",
            str(target),
            f"click=={OLDEST_CLICK}",
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    return str(target)


@pytest.mark.slow
@pytest.mark.parametrize("which", ["oldest", "installed"])
def test_bare_forex_and_missing_arguments_print_usage(
    which: str, request: pytest.FixtureRequest
) -> None:
    path = ""
    if which == "oldest":
        path = str(request.getfixturevalue("oldest_click")) + os.pathsep
    env = {"PYTHONPATH": path + str(ROOT)}
    version = subprocess.run(
        [sys.executable, "-c", "import click; print(click.__version__)"],
        capture_output=True,
        text=True,
        env=_env(**env),
        check=True,
    ).stdout.strip()
    if which == "oldest":
        assert version == OLDEST_CLICK
    bare = forex([], env=env)
    out = bare.stdout.decode()
    assert bare.returncode == 2, (version, bare.stderr)
    assert out.startswith("Usage: forex [OPTIONS] COMMAND [ARGS]...\n"), (version, out)
    assert "\nCommands:\n" in out and "  validate " in out
    assert "\\n" not in out and "\\x08" not in out and "Error" not in out, (version, out)
    assert forex(["--help"], env=env).stdout == bare.stdout
    assert forex(["--help"], env=env).returncode == 0
    for args, missing in (
        (["show"], "FILE"),
        (["play", "game.yaml"], "PLAYER"),
        (["diff", "a.yaml"], "B"),
    ):
        done = forex(args, env=env)
        err = done.stderr.decode()
        assert done.returncode == 2 and done.stdout == b""
        assert err.startswith(f"Usage: forex {args[0]} [OPTIONS]"), (version, err)
        assert f"Error: Missing argument '{missing}'." in err, (version, err)
        assert "\\n" not in err and "Traceback" not in err


# --------------------------------------------------------------------------- encodings

TITLE = "Caf\u00e9 \u2014 \u674e club\u2026"
NAMES = ("zo\u00eb", "\u674e\u96f7", "bob")
NOTE = "risky \u2192 USD\u2026 \u00abquoted\u00bb"
ENCODINGS = ("ascii", "latin-1", "cp850", "cp437")


def _unicode_game(folder: Path) -> Path:
    """A game whose title, names and notes need more than ASCII, with a few moves."""
    path = folder / "g.yaml"
    done = forex(
        [
            "new",
            str(path),
            "--players",
            ",".join(NAMES),
            "--seed",
            "s",
            "--title",
            TITLE,
            "--started",
            "",
            "--schema-ref",
            "",
        ]
    )
    assert done.returncode == 0, done.stderr
    first = gamelog.load(path).first
    order = list(NAMES[NAMES.index(first) :] + NAMES[: NAMES.index(first)])
    edit.append(str(path), order[0], "invest USD", note=NOTE + "\nsecond line")
    edit.append(str(path), order[1], "invest EUR", note="ok")
    return path


def _commands(game: str, other: str) -> list[list[str]]:
    fmts = ("text", "markdown", "json")
    first = gamelog.load(game).first
    who = gamelog.replay(gamelog.load(game)).final.pending_player or first
    folder = Path(game).parent
    commands: list[list[str]] = []
    for fmt in fmts:
        commands += [
            ["show", game, "--format", fmt, "--since", "0"],
            ["moves", game, "--format", fmt],
            ["history", game, "--events", "--format", fmt],
            ["play", game, who, "invest", "CHF", "--dry-run", "--note", NOTE, "--format", fmt],
        ]
    for fmt in ("text", "markdown", "bbcode"):
        commands += [
            ["message", game, "--format", fmt],
            ["message", game, "--at", "1", "--format", fmt],
            ["play", game, who, "invest", "CHF", "--dry-run", "--message", fmt],
        ]
    commands += [
        ["moves", game, "--all"],
        ["diff", game, other],
        ["diff", game, other, "--format", "json"],
        ["validate", "-v", game],
        ["validate", game, "--format", "json"],
        ["validate", game, "--format", "github"],
        ["annotate", game, "1", "--dry-run", NOTE],
        ["undo", game, "--dry-run"],
        ["new", str(Path(game).parent / "n.yaml"), "--players", ",".join(NAMES), "--dry-run"],
        ["show", game, "--svg", "-"],
        ["chart", game],
        ["schema"],
        ["completion", "bash"],
        ["show", str(Path(game).parent / "\u674e.yaml")],  # an error naming a CJK path
        # The commands merged in later: the engine's (small budgets), signing, mail, pages.
        *[["hint", game, "--simulations", "5", "--format", fmt] for fmt in fmts],
        *[["analyse", game, "--simulations", "5", "--format", fmt] for fmt in fmts],
        ["play", game, who, "--engine", "--simulations", "5", "--dry-run"],
        ["html", game, "-o", "-"],
        ["show", game, "--html", str(folder / "p\u674e.html")],
        ["show", game, "--png", str(folder / "b.png")],
        ["chart", game, "--png", "-o", str(folder / "c.png")],
        ["message", game, "--with-log"],
        ["message", game, "--with-log", "--format", "bbcode"],
        ["message", game, "--eml", str(folder / "m.eml")],
        ["key", "new", str(folder / "k\u00eb"), "--no-passphrase", "--comment", NAMES[0]],
        [
            "play",
            game,
            who,
            "invest",
            "CHF",
            "--dry-run",
            "--sign",
            "--key",
            str(folder / "k\u00eb"),
        ],
        ["read", str(folder / "m.eml"), "--into", str(folder / "r.yaml"), "--dry-run"],
        ["read", str(folder / "m.eml"), "--into", str(folder / "r.yaml")],
        ["selfplay", str(folder / "sp"), "--simulations", "5", "--processes", "1"],
        ["play", game, who, "invest", "CHF", "--message", "bbcode"],  # writes
        ["analyse", game, "--simulations", "5", "--write"],  # writes (or has nothing to write)
        ["sign", game, "3", "--as", who, "--key", str(folder / "k\u00eb")],  # writes
    ]
    return commands


DRIVER = """\
import json, sys
from forexcli.cli import main
commands = json.loads(sys.argv[1])
for index, args in enumerate(commands):
    code = 0
    try:
        main(args)
    except SystemExit as exit:
        code = exit.code if isinstance(exit.code, int) else 1
    except BaseException as error:
        code = "traceback " + type(error).__name__
    sys.stdout.flush()
    sys.stderr.flush()
    sys.stdout.buffer.write(f"\\n@@@ {index} {code}\\n".encode())
    sys.stdout.buffer.flush()
    sys.stderr.buffer.write(f"\\n@@@ {index}\\n".encode())
    sys.stderr.buffer.flush()
"""


def _run_all(commands: list[list[str]], **env: str) -> tuple[list[tuple[str, str]], str]:
    """Run every command in one process; (stdout, exit status) of each, and all of stderr."""
    done = subprocess.run(
        [sys.executable, "-c", DRIVER, json.dumps(commands)],
        capture_output=True,
        env=_env(**env),
        cwd=ROOT,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr.decode("utf-8", "replace")
    return _split(done.stdout, env), done.stderr.decode("latin-1")


def _split(data: bytes, env: dict[str, str]) -> list[tuple[str, str]]:
    encoding = env.get("PYTHONIOENCODING", "utf-8")
    text = data.decode(encoding)  # strict: every byte is in the stream's encoding
    pieces = text.split("\n@@@ ")
    out: list[tuple[str, str]] = []
    body = pieces[0]
    for piece in pieces[1:]:
        head, _, rest = piece.partition("\n")
        out.append((body, head.split(" ", 1)[1]))
        body = rest
    return out


@pytest.mark.slow
@pytest.mark.parametrize("setting", [*ENCODINGS, "LC_ALL=C"])
def test_every_command_under_a_narrow_encoding(tmp_path: Path, setting: str) -> None:
    game = _unicode_game(tmp_path)
    other = tmp_path / "other.yaml"
    shutil.copy(game, other)
    commands = _commands(str(game), str(other))
    env = {"LC_ALL": "C"} if setting.startswith("LC_ALL") else {"PYTHONIOENCODING": setting}
    results, err = _run_all(commands, **env)
    assert len(results) == len(commands)
    assert "Traceback" not in err and "UnicodeEncodeError" not in err, err
    for args, (out, code) in zip(commands, results, strict=True):
        expected = "2" if args[0] == "show" and args[1].endswith("\u674e.yaml") else "0"
        assert code == expected, (setting, args, code, err)
        if "json" in args or args[0] == "schema":
            json.loads(out)  # valid JSON, with \\u escapes where the encoding needs them
    show = next(out for a, (out, _) in zip(commands, results, strict=True) if a[0] == "show")
    message = next(out for a, (out, _) in zip(commands, results, strict=True) if a[0] == "message")
    if setting == "ascii":
        assert show.splitlines()[0] == "Cafe - ?? club..."  # a ? per column of \u674e
        assert re.search(r"(?m)^GBP +\.  ", show)  # the board's diagonal
        assert 'note: risky -> USD... "quoted"' in show
        assert message.startswith("Subject: [For-Ex] Cafe - ?? club... - move 2, ")
    elif setting == "latin-1":
        assert show.splitlines()[0] == "Caf\u00e9 - ?? club..."
        assert "risky -> USD... \u00abquoted\u00bb" in show
    elif setting == "LC_ALL=C":  # Python writes UTF-8 in the C locale (PEP 538, 540)
        assert show.splitlines()[0] == TITLE
    # The JSON says the same whatever the encoding: nothing is lost to a fallback.
    json_show = next(
        out for a, (out, _) in zip(commands, results, strict=True) if a[0] == "show" and "json" in a
    )
    assert json.loads(json_show)["title"] == TITLE
    assert json.loads(json_show)["players"] == list(NAMES)
    assert len(gamelog.load(game).entries) == 3  # a late command played (and wrote) a move
    assert gamelog.load(game).entries[2].sig  # and the last one signed it
    assert (tmp_path / "r.yaml").exists() and (tmp_path / "sp" / "game-001.yaml").exists()


def test_ascii_fallbacks_keep_the_columns_of_a_table(tmp_path: Path) -> None:
    """Issue 41, finding 7: under an ASCII-only output a CJK name is printed with a ``?`` per
    column it takes, so that the table laid out for it keeps its columns (it was ``??`` in
    a four-column cell, the row's numbers two columns left of the others)."""
    game = tmp_path / "g.yaml"
    names = "\u674e\u96f7,bob,zo\u00eb,a\u0301na"  # wide, plain, accented, combining mark
    made = forex(["new", str(game), "--players", names, "--seed", "s"])
    assert made.returncode == 0, made.stderr
    for env in ({"PYTHONIOENCODING": "ascii"}, {"PYTHONIOENCODING": "latin-1"}):
        done = forex(["show", str(game)], env=env)
        assert done.returncode == 0, done.stderr
        lines = done.stdout.decode(env["PYTHONIOENCODING"]).splitlines()
        head = lines.index(next(line for line in lines if line.startswith("player ")))
        _header, rule, *rows = lines[head : head + 6]
        assert set(rule) == {"-", " "}
        ends = [m.end() for m in re.finditer(r"-+", rule)]
        for row in rows:
            assert len(row.rstrip()) <= len(rule) and row[: ends[0] + 1].rstrip(), row
            padded = row.ljust(len(rule))
            for end in ends[1:-1]:  # each money column's number ends at its rule's end
                assert padded[end - 1].isdigit() and padded[end] == " ", (env, row, rule)
        shown = "\n".join(rows)
        assert "???? " in shown or "????(" in shown  # two wide characters, four columns
        assert "ana" in shown and "bob" in shown


def test_play_message_under_latin_1_writes_once_and_prints(tmp_path: Path) -> None:
    game = _unicode_game(tmp_path)
    who = gamelog.replay(gamelog.load(game)).final.pending_player
    assert who is not None
    args = ["play", str(game), who, "invest", "CHF", "--message"]
    done = forex(args, env={"PYTHONIOENCODING": "latin-1"})
    assert done.returncode == 0, done.stderr
    assert b"Traceback" not in done.stderr
    assert done.stdout.decode("latin-1").startswith("Subject: [For-Ex] Caf\u00e9 - ?? club")
    assert len(gamelog.load(game).entries) == 3


# --------------------------------------------------------------------------- full disks, pipes


def _big_log(folder: Path) -> Path:
    """The two-player example with a long note on every move: its history is over 200 kB."""
    log = gamelog.load(TWO)
    lines = ["forex: 1", "players: [ada, ben]", "seed: lunch-2026", "moves:"]
    for entry in log.entries:
        lines.append(f"  - {entry.player}: {entry.text}")
        lines.append(f"    note: {'a long note, ' * 300}end")
    path = folder / "big.yaml"
    path.write_text("\n".join(lines) + "\n")
    return path


def test_a_closed_pipe_ends_quietly_like_cat(tmp_path: Path) -> None:
    big = _big_log(tmp_path)
    command = f"{sys.executable} -m forexcli.cli history {big} | head -3; echo ${{PIPESTATUS[0]}}"
    done = subprocess.run(
        ["bash", "-c", command],
        capture_output=True,
        env=_env(),
        cwd=ROOT,
        timeout=120,
    )
    lines = done.stdout.decode().splitlines()
    assert len(lines) == 4, done.stdout
    assert lines[0] == str(big)
    # 141 when the write met the closed pipe (what a process ended by SIGPIPE reports, as
    # cat does); 0 when head had read everything before it went.
    assert lines[-1] in ("0", "141")
    assert done.stderr == b"", done.stderr
    proc = subprocess.Popen(
        [sys.executable, "-m", "forexcli.cli", "show", str(TWO), "--format", "json"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=_env(),
        cwd=ROOT,
    )
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()  # the reader goes away before the first line is written
    err = proc.stderr.read()
    assert proc.wait() == 141
    assert err == b"", err


@pytest.mark.parametrize(
    "args",
    [
        ["show", str(TWO)],
        ["history", str(SIX), "--format", "json"],
        ["message", str(TWO)],
        ["--help"],
        ["show", "--help"],
        ["--version"],
        ["validate", str(EXAMPLES)],
        ["analyse", str(TWO), "--simulations", "5", "--to", "2", "--format", "json"],
        ["html", str(TWO), "-o", "-"],
        ["show", str(TWO), "--png", "-"],
        ["message", str(TWO), "--with-log"],
        ["message", str(TWO), "--eml", "-"],
    ],
)
@pytest.mark.slow
def test_a_full_disk_is_one_line_on_stderr(args: list[str]) -> None:
    with open("/dev/full", "wb") as full:
        done = forex(args, stdout=full.fileno())
    err = done.stderr.decode()
    assert done.returncode == 2, err
    expected = "cannot write to standard output: the disk is full (no space left on device)"
    assert err == f"forex: write_failed: {expected}\n" or (
        args[0] == "validate" and err.endswith(f"forex: write_failed: {expected}\n")
    ), err


# --------------------------------------------------------------------------- written, then


def _pending(game: Path) -> str:
    who = gamelog.replay(gamelog.load(game)).final.pending_player
    assert isinstance(who, str)
    return who


WRITERS = {
    "play": lambda g: ["play", str(g), _pending(g), "invest", "CHF"],
    "play --message": lambda g: ["play", str(g), _pending(g), "invest", "CHF", "--message"],
    "play --format json": lambda g: [
        *["play", str(g), _pending(g), "invest", "CHF", "--format", "json"]
    ],
    "annotate": lambda g: ["annotate", str(g), "1", "a new note"],
    "undo": lambda g: ["undo", str(g)],
    "seat": lambda g: ["seat", str(g), NAMES[1], "--engine", "2s"],
    "import": lambda g: [
        *["import", str(EXAMPLES / "bga-table-700007919.json.gz"), "-o", str(g.parent / "i.yaml")],
        *["--removed", "GBP=1,EUR=1,USD=3,JPY=1"],
    ],
    "undo --to": lambda g: ["undo", str(g), "--to", "0"],
    "new": lambda g: ["new", str(g.parent / "new.yaml"), "--players", "a,b", "--seed", "x"],
    "show --svg": lambda g: ["show", str(g), "--svg", str(g.parent / "b.svg")],
    "show --png": lambda g: ["show", str(g), "--png", str(g.parent / "b.png")],
    "chart --png": lambda g: ["chart", str(g), "-o", str(g.parent / "c.png")],
    "html": lambda g: ["html", str(g), "-o", str(g.parent / "p.html")],
    "show --html": lambda g: ["show", str(g), "--html", str(g.parent / "p.html")],
    "key new": lambda g: ["key", "new", str(g.parent / "k2"), "--no-passphrase"],
    "sign": lambda g: [
        *[
            "sign",
            str(g),
            "1",
            "--as",
            gamelog.load(g).entries[0].player,
            "--key",
            str(g.parent / "k"),
        ]
    ],
    "play --sign": lambda g: [
        *["play", str(g), _pending(g), "invest", "CHF", "--sign", "--key", str(g.parent / "k")]
    ],
    "play --eml": lambda g: [
        *["play", str(g), _pending(g), "invest", "CHF", "--eml", str(g.parent / "p.eml")]
    ],
    "play --engine": lambda g: [*["play", str(g), _pending(g), "--engine", "--simulations", "5"]],
    "message --eml": lambda g: ["message", str(g), "--eml", str(g.parent / "m.eml")],
    "read --into": lambda g: [
        "read",
        str(g.parent / "sent.eml"),
        "--into",
        str(g.parent / "r.yaml"),
    ],
    "analyse --write": lambda g: ["analyse", str(g), "--simulations", "30", "--to", "3", "--write"],
    "analyse --write folder": lambda g: [
        *[
            "analyse",
            str(g.parent),
            "--simulations",
            "30",
            "--to",
            "3",
            "--write",
            "--processes",
            "1",
        ]
    ],
    "selfplay": lambda g: [
        *["selfplay", str(g.parent / "sp"), "--simulations", "5", "--processes", "1"]
    ],
}

OTHER_FILES = {
    "new": "new.yaml",
    "show --svg": "b.svg",
    "show --png": "b.png",
    "chart --png": "c.png",
    "html": "p.html",
    "show --html": "p.html",
    "key new": "k2.pub",
    "message --eml": "m.eml",
    "read --into": "r.yaml",
    "selfplay": "sp/game-001.yaml",
    "import": "i.yaml",
}
"""The writers that leave the game alone: the file they write instead."""


def _prepare(game: Path, name: str) -> None:
    """What a writer needs first: a key to sign with, a mail to read, notes to add."""
    if name in ("sign", "play --sign"):
        assert forex(["key", "new", str(game.parent / "k"), "--no-passphrase"]).returncode == 0
    if name == "read --into":
        done = forex(["message", str(game), "--eml", str(game.parent / "sent.eml")])
        assert done.returncode == 0, done.stderr
    if name.startswith("analyse"):
        # A game whose first move the engine calls a blunder at 30 simulations (seed 0).
        shutil.copyfile(EXAMPLES / "annotated-pbem.yaml", game)


def _changed(game: Path, name: str) -> bool:
    if name in OTHER_FILES:
        return (game.parent / OTHER_FILES[name]).exists()
    return True


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(WRITERS))
@pytest.mark.parametrize("failure", ["full disk", "closed pipe"])
def test_a_command_that_wrote_says_so_when_its_output_fails(
    tmp_path: Path, name: str, failure: str
) -> None:
    game = _unicode_game(tmp_path)
    _prepare(game, name)
    before = game.read_bytes()
    args = WRITERS[name](game)
    if failure == "full disk":
        with open("/dev/full", "wb") as full:
            done = forex(args, stdout=full.fileno())
        err = done.stderr.decode()
    else:
        proc = subprocess.Popen(
            [sys.executable, "-m", "forexcli.cli", *args],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=_env(),
            cwd=ROOT,
        )
        assert proc.stdout is not None and proc.stderr is not None
        proc.stdout.close()
        err = proc.stderr.read().decode()
        proc.wait()
        done = subprocess.CompletedProcess(args, proc.returncode)
    assert done.returncode == 3, err
    assert "Traceback" not in err
    assert "written_unreported" in err and " WAS written to " in err, err
    assert "do not repeat it" in err
    if name in OTHER_FILES:
        assert _changed(game, name) and game.read_bytes() == before
    else:
        assert game.read_bytes() != before
    gamelog.replay(gamelog.load(game))  # the log is whole and valid


def test_play_message_with_stderr_full_still_writes_and_says_so(tmp_path: Path) -> None:
    game = _unicode_game(tmp_path)
    with open("/dev/full", "wb") as full:
        done = forex(
            ["play", str(game), _pending(game), "invest", "CHF", "--message"],
            stderr=full.fileno(),
        )
    assert done.returncode == 3
    assert len(gamelog.load(game).entries) == 3
    assert done.stdout == b""  # the status line to stderr failed first: nothing more is said


def test_a_move_refused_changes_nothing_even_if_stderr_is_full(tmp_path: Path) -> None:
    game = _unicode_game(tmp_path)
    before = game.read_bytes()
    with open("/dev/full", "wb") as full:
        done = forex(["play", str(game), _pending(game), "invest", "XXX"], stderr=full.fileno())
    assert done.returncode == 1
    assert game.read_bytes() == before
