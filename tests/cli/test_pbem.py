"""Play by e-mail, end to end through the ``forex`` command (click's CliRunner).

- Catch-up: ``show --since N`` and ``--since-player NAME``.
- Tamper evidence: the digests ``play`` records, checked by ``validate``.
- Forks: ``diff A B`` and the ``play --after N`` guard.
- Ready-to-send messages: ``play --message`` and ``message``.
- Pictures: ``show --svg`` and ``chart``.
"""

from __future__ import annotations

import json
import re
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from forexcli.games.forex.message import FORMATS, compose
from forexcli.record import gamelog
from tests.cli.test_commands import ANNOTATED, INVALID, ROOT, SIX, TWO, new_game, run, truncated

SVG = "{http://www.w3.org/2000/svg}svg"


def _svg_root(text: str) -> ET.Element:
    root = ET.fromstring(text.encode("utf-8"))
    assert root.tag == SVG
    return root


def _leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


# --------------------------------------------------------------------------- catch-up


def test_since_tells_payments_rates_loans_and_dividends() -> None:
    """Moves 23 to 36 of the 2-player game: a loan made (23) and repaid (35), a dividend (27)."""
    result = run(["show", str(TWO), "--at", "36", "--since", "22"])
    assert result.exit_code == 0, result.output
    out = result.stdout.split("Currency board", 1)[0]
    assert "Since move 22" in out
    numbers = [int(n) for n in re.findall(r"^Move (\d+), ", out, re.M)]
    assert numbers == list(range(23, 37))
    assert "loan A: ada owes 2 GBP (back of the queue)" in out  # a loan made
    assert "loan A: ada pays 2 GBP" in out  # and repaid
    assert "dividend 3 of 5 pays 2 per certificate" in out
    assert re.search(r"^    money: ada [-+]", out, re.M)  # who paid and received what
    assert re.search(
        r"^    [A-Z]{3}/[A-Z]{3}: [\d.]+ .*-> [\d.]+ \([A-Z]{3} (strengthened|weakened)\)$",
        out,
        re.M,
    )


@pytest.mark.parametrize("at", [16, 20])
def test_since_player_is_since_their_last_decision(at: int) -> None:
    """otto played moves 14 and 17 (and later ones): his last up to the move shown counts."""
    entries = gamelog.load(ANNOTATED).entries
    last = max(e.number for e in entries[:at] if e.player == "otto")
    assert last == {16: 14, 20: 17}[at]
    result = run(["show", str(ANNOTATED), "--at", str(at), "--since-player", "otto"])
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert f"Since otto's last move (move {last})" in out
    numbers = [int(n) for n in re.findall(r"^Move (\d+), ", out, re.M)]
    assert numbers == list(range(last + 1, at + 1))
    same = run(["show", str(ANNOTATED), "--at", str(at), "--since", str(last)])
    assert same.stdout == out.replace(f"Since otto's last move (move {last})", f"Since move {last}")


def test_since_player_who_has_not_played_yet(tmp_path: Path) -> None:
    game = new_game(tmp_path / "g.yaml")
    assert run(["play", str(game), "alice", "invest", "USD"]).exit_code == 0
    result = run(["show", str(game), "--since-player", "carol"])
    assert result.exit_code == 0
    assert "Since the start (carol has not played yet)" in result.stdout
    assert "Move 1, alice: invest USD" in result.stdout
    own = run(["show", str(game), "--since-player", "alice"])
    assert "No moves since alice's last move (move 1)." in own.stdout


def test_since_player_markdown_and_json() -> None:
    md = run(
        ["show", str(ANNOTATED), "--at", "12", "--since-player", "otto", "--format", "markdown"]
    )
    assert md.exit_code == 0
    assert "### Since otto's last move (move 11)" in md.stdout
    assert "- **Move 12, mira: contract 1 GBP for 3.5 CNY**" in md.stdout
    data = json.loads(
        run(
            ["show", str(ANNOTATED), "--at", "12", "--since-player", "otto", "--format", "json"]
        ).stdout
    )
    assert [m["number"] for m in data["since"]] == [12]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--since-player", "zed"], "'zed' is not a player of this game"),
        (["--since", "1", "--since-player", "otto"], "give --since or --since-player, not both"),
    ],
)
def test_since_player_usage_errors(args: list[str], message: str) -> None:
    result = run(["show", str(ANNOTATED), *args])
    assert result.exit_code == 2
    assert message in result.stderr


# --------------------------------------------------------------------------- digests


def _tampered(tmp_path: Path) -> Path:
    """The 2-player game with ada's contract of move 4 changed by hand: still legal throughout."""
    text = TWO.read_text(encoding="utf-8")
    old = "  - ada: contract 1 GBP for 2 CAD\n    digest: 31535187609af972\n"
    assert text.count(old) == 1
    path = tmp_path / "two.yaml"
    path.write_text(text.replace(old, old.replace("1 GBP for 2 CAD", "2 GBP for 4 CAD")))
    played = gamelog.replay(gamelog.load(path))
    assert played.problem is None  # every move still replays by the rules
    return path


def test_play_records_a_digest_of_the_state_after_the_move(tmp_path: Path) -> None:
    from forexcli.games.forex.snapshot import state_digest

    game = new_game(tmp_path / "g.yaml")
    assert run(["play", str(game), "alice", "invest", "USD", "JPY"]).exit_code == 0
    played = gamelog.replay(gamelog.load(game))
    (entry,) = played.log.entries
    assert entry.digest == state_digest(played.final)
    assert re.fullmatch(r"[0-9a-f]{16}", entry.digest or "")


def test_validate_catches_an_early_move_edited_by_hand(tmp_path: Path) -> None:
    path = _tampered(tmp_path)
    result = run(["validate", str(path)])
    assert result.exit_code == 1
    first = result.stdout.splitlines()[0]
    # The digest of move 4 (line 16, after `    digest: `) no longer matches.
    assert first.startswith(
        f"{path}:16:13: digest_mismatch: move 4: ada: contract 2 GBP for 4 CAD: the recorded"
        " digest 31535187609af972 does not match"
    ), first
    assert "the digest of move 3 still matches: the change is in move 4" in result.stdout
    data = json.loads(run(["validate", "--format", "json", str(path)]).stdout)
    (problem,) = data["files"][0]["problems"]
    assert (problem["code"], problem["line"], problem["column"], problem["entry"]) == (
        "digest_mismatch",
        16,
        13,
        4,
    )
    github = run(["validate", "--format", "github", str(path)]).stdout
    assert f"::error file={path},line=16,col=13,title=digest_mismatch::" in github


def test_show_still_shows_a_tampered_log_with_a_warning(tmp_path: Path) -> None:
    path = _tampered(tmp_path)
    result = run(["show", str(path)])
    assert result.exit_code == 0
    assert "warning: " in result.stderr and ":16:13: digest_mismatch: move 4" in result.stderr


def test_a_log_without_digests_stays_valid(tmp_path: Path) -> None:
    stripped = re.sub(r"(?m)^    digest: .*\n", "", _tampered(tmp_path).read_text())
    path = tmp_path / "plain.yaml"
    path.write_text(stripped)
    assert "digest" not in stripped
    result = run(["validate", str(path)])
    assert result.exit_code == 0, result.stdout
    # A move written by hand, without a digest, after moves with one: still valid.
    game = new_game(tmp_path / "g.yaml")
    assert run(["play", str(game), "alice", "invest", "USD"]).exit_code == 0
    with game.open("a", encoding="utf-8") as out:
        out.write("  - bob: invest EUR\n")
    assert run(["validate", str(game)]).exit_code == 0


# --------------------------------------------------------------------------- forks


@pytest.fixture
def fork(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Path]:
    """a.yaml and b.yaml: 3 shared moves, then alice plays differently in each."""
    monkeypatch.chdir(tmp_path)
    base = new_game(tmp_path / "base.yaml")
    for player, decision in (
        ("alice", "invest USD JPY"),
        ("bob", "contract 2 GBP for 3 EUR"),
        ("carol", "invest GBP"),
    ):
        assert run(["play", "base.yaml", player, decision]).exit_code == 0
    a, b = tmp_path / "a.yaml", tmp_path / "b.yaml"
    shutil.copyfile(base, a)
    shutil.copyfile(base, b)
    assert run(["play", "a.yaml", "alice", "invest CHF", "--after", "3"]).exit_code == 0
    assert run(["play", "b.yaml", "alice", "resolve", "--after", "3"]).exit_code == 0
    return a, b


def test_diff_of_a_fork_names_the_move_and_both_continuations(fork: tuple[Path, Path]) -> None:
    result = run(["diff", "a.yaml", "b.yaml"])
    assert result.exit_code == 1
    out = result.stdout
    assert out.startswith(
        "a.yaml and b.yaml agree on moves 1 to 3 and part at move 4: a.yaml has alice:"
    )
    assert "Both continuations are legal at move 4" in " ".join(out.split())
    assert re.search(r"^move 4 +alice: invest CHF +alice: resolve$", out, re.M)
    assert re.search(r"^continue from it +yes +yes$", out, re.M)
    assert re.search(r"^digests +all match +all match$", out, re.M)


def test_diff_when_only_one_continuation_is_legal(fork: tuple[Path, Path]) -> None:
    _, b = fork
    # b.yaml's move 4 edited by hand into one out of turn (no digest to give it away).
    text = b.read_text()
    b.write_text(re.sub(r"  - alice: resolve\n    digest: \w+\n", "  - bob: resolve\n", text))
    result = run(["diff", "a.yaml", "b.yaml"])
    assert result.exit_code == 1
    sentence = " ".join(result.stdout.split("\n\n", 1)[0].split())
    assert "Only a.yaml's continuation is legal" in sentence
    assert "continue from a.yaml" in sentence
    assert re.search(r"^continue from it +yes +no$", result.stdout, re.M)
    assert re.search(r"^all moves legal +yes +no: not_your_turn at move 4$", result.stdout, re.M)
    data = json.loads(run(["diff", "a.yaml", "b.yaml", "--format", "json"]).stdout)
    assert data["continue_from"] == ["a.yaml"]
    assert data["b"]["problem"]["code"] == "not_your_turn"


def test_diff_identical_and_prefix(fork: tuple[Path, Path]) -> None:
    same = run(["diff", "a.yaml", "a.yaml"])
    assert same.exit_code == 0
    assert same.stdout.startswith("a.yaml and a.yaml hold the same 4 moves.")
    prefix = run(["diff", "base.yaml", "a.yaml"])
    assert prefix.exit_code == 1
    assert "They do not conflict: continue from a.yaml." in " ".join(prefix.stdout.split())
    data = json.loads(run(["diff", "base.yaml", "a.yaml", "--format", "json"]).stdout)
    assert (data["kind"], data["common"], data["parted_at"]) == ("prefix", 3, 4)


def test_diff_json(fork: tuple[Path, Path]) -> None:
    result = run(["diff", "a.yaml", "b.yaml", "--format", "json"])
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    assert data["format"] == "forex-diff" and data["version"] == 1
    assert (data["kind"], data["common"], data["parted_at"]) == ("fork", 3, 4)
    assert data["continue_from"] == ["a.yaml", "b.yaml"]
    assert data["to_decide"] == "alice to play"
    assert data["a"]["next"] == {"number": 4, "player": "alice", "decision": "invest CHF"}
    assert data["b"]["next"] == {"number": 4, "player": "alice", "decision": "resolve"}
    assert data["a"]["legal"] and data["a"]["problem"] is None


def test_diff_of_different_games(fork: tuple[Path, Path], tmp_path: Path) -> None:
    other = new_game(tmp_path / "other.yaml", players="alice,bob")
    result = run(["diff", "a.yaml", str(other)])
    assert result.exit_code == 1
    assert "are different games, not a fork" in " ".join(result.stdout.split())
    # Each differing field of the set-up is a labelled line, with each file's value.
    rows = {line.split("  ")[0]: line.split() for line in result.stdout.splitlines()}
    assert rows["players"] == ["players", "alice,", "bob,", "carol", "alice,", "bob"]
    assert "their set-up differs in players." in " ".join(result.stdout.split())


def test_diff_from_standard_input(fork: tuple[Path, Path]) -> None:
    a, _ = fork
    result = run(["diff", "-", "b.yaml"], input=a.read_bytes())
    assert result.exit_code == 1
    assert result.stdout.startswith("<stdin> and b.yaml agree on moves 1 to 3")
    both = run(["diff", "-", "-"], input=b"")
    assert both.exit_code == 2


def test_diff_of_a_file_that_cannot_be_read(fork: tuple[Path, Path]) -> None:
    missing = run(["diff", "a.yaml", "none.yaml"])
    assert missing.exit_code == 2
    assert missing.stderr.startswith("none.yaml: not_found:")
    bad = run(["diff", "a.yaml", str(INVALID / "bad-yaml.yaml")])
    assert bad.exit_code == 2
    assert bad.stdout == ""


def test_play_after_guards_against_a_crossing_answer(fork: tuple[Path, Path]) -> None:
    a, _ = fork
    before = a.read_bytes()
    # bob last saw 3 moves; the file has 4 now: refused, nothing written.
    result = run(["play", "a.yaml", "bob", "resolve", "--after", "3"])
    assert result.exit_code == 1
    assert "log_moved_on" in result.stderr and "the log has 4 moves, not 3" in result.stderr
    assert a.read_bytes() == before
    assert run(["play", "a.yaml", "bob", "resolve", "--after", "4"]).exit_code == 0


# --------------------------------------------------------------------------- messages


@pytest.fixture
def pbem(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The annotated PBEM game after its first 12 moves, as game.yaml in the current folder."""
    monkeypatch.chdir(tmp_path)
    return truncated(ANNOTATED, 12, tmp_path / "game.yaml")


@pytest.mark.slow
def test_play_message_prints_only_the_message(pbem: Path) -> None:
    result = run(["play", "game.yaml", "noor", "resolve", "--message"])
    assert result.exit_code == 0, result.output
    played = gamelog.replay(gamelog.load(pbem))
    assert len(played.states) == 13
    # otto decides next and last played move 11: he is told moves 12 and 13.
    assert result.stdout == compose(played, 11, "text").full()
    lines = result.stdout.splitlines()
    assert lines[0] == "Subject: [For-Ex] PBEM #7, annotated \u2014 move 13, otto to play"
    assert lines[1] == ""
    assert "Since move 11:" in result.stdout
    assert "Move 12, mira:" in result.stdout
    assert "Move 13, noor: resolve" in result.stdout
    assert "Move 11," not in result.stdout
    assert "Board (" in result.stdout
    assert result.stderr.startswith("move 13: noor: resolve (added to game.yaml)")


@pytest.mark.slow
@pytest.mark.parametrize("fmt", FORMATS)
def test_play_message_formats_and_dry_run(pbem: Path, fmt: str) -> None:
    before = pbem.read_bytes()
    result = run(["play", "game.yaml", "noor", "resolve", "--dry-run", "--message", fmt])
    assert result.exit_code == 0, result.output
    assert pbem.read_bytes() == before
    assert "dry run: game.yaml is unchanged" in result.stderr
    assert result.stdout.startswith("Subject: [For-Ex] PBEM #7, annotated \u2014 move 13,")
    body = result.stdout.split("\n\n", 1)[1]
    marks = {"text": "Board (", "markdown": "| :--- |", "bbcode": "[code]"}
    assert marks[fmt] in body or (fmt == "markdown" and "|:---|" in body)


@pytest.mark.slow
def test_play_message_with_json_and_markdown(pbem: Path) -> None:
    result = run(
        [
            "play",
            "game.yaml",
            "noor",
            "resolve",
            "--dry-run",
            "--message",
            "bbcode",
            "--format",
            "json",
        ]
    )
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["format"] == "forex-play"
    assert data["message"]["format"] == "bbcode"
    assert data["message"]["subject"].startswith("[For-Ex] PBEM #7, annotated")
    assert "[b]" in data["message"]["body"]
    both = run(["play", "game.yaml", "noor", "resolve", "--message", "--format", "markdown"])
    assert both.exit_code == 2
    assert "use --message markdown" in both.stderr


@pytest.mark.slow
def test_play_message_before_the_decision_must_have_its_format(pbem: Path) -> None:
    before = pbem.read_bytes()
    result = run(["play", "game.yaml", "noor", "--message", "resolve"])
    assert result.exit_code == 2
    assert "'resolve' is not one of" in result.stderr
    assert pbem.read_bytes() == before
    ok = run(["play", "game.yaml", "noor", "--message", "text", "resolve", "--dry-run"])
    assert ok.exit_code == 0 and ok.stdout.startswith("Subject: ")


def test_play_message_names_the_contact_on_stderr(tmp_path: Path) -> None:
    game = new_game(tmp_path / "g.yaml", "--contact", "bob=bob@example.org")
    result = run(["play", str(game), "alice", "invest", "USD", "--message"])
    assert result.exit_code == 0
    assert f"Send {game} to bob: bob@example.org" in " ".join(result.stderr.split())  # (wrapped)
    assert "Send" not in result.stdout


@pytest.mark.slow
def test_message_defaults_to_what_the_next_decider_has_not_seen(pbem: Path) -> None:
    result = run(["message", "game.yaml"])
    assert result.exit_code == 0, result.output
    played = gamelog.replay(gamelog.load(pbem))
    # noor decides after move 12 and last played move 10: moves 11 (otto) and 12 (mira).
    assert played.final.pending_player == "noor"
    assert [e.number for e in played.log.entries if e.player == "noor"][-1] == 10
    assert result.stdout == compose(played, 10, "text").full()
    assert "Since move 10:" in result.stdout
    assert "Move 11, otto:" in result.stdout and "Move 12, mira:" in result.stdout


def test_message_from_standard_input_and_of_a_new_game(tmp_path: Path) -> None:
    result = run(["message", "-", "--since", "0"], input=TWO.read_bytes())
    assert result.exit_code == 0
    assert result.stdout.startswith("Subject: [For-Ex] Lunch break duel \u2014 move 65, game over")
    game = new_game(tmp_path / "g.yaml", "--title", "Friday club")
    fresh = run(["message", str(game)])
    assert fresh.exit_code == 0
    assert fresh.stdout.startswith("Subject: [For-Ex] Friday club \u2014 set-up, alice to play")


def test_message_of_a_log_with_an_illegal_move() -> None:
    bad = INVALID / "insufficient-funds.yaml"
    result = run(["message", str(bad)])
    assert result.exit_code == 1
    assert "The log breaks the rules" in result.stdout
    assert result.stderr.startswith(f"{bad}:9:12: insufficient_funds: move 3:")


def test_message_escapes_markup_from_the_log(tmp_path: Path) -> None:
    game = new_game(tmp_path / "g.yaml", "--title", "[url=http://x]club[/url] *a* |b|")
    assert (
        run(["play", str(game), "alice", "invest", "USD", "--note", "[b]hi[/b] _x_"]).exit_code == 0
    )
    # The subject is plain text in every format; the body is escaped for its format.
    subject, bb = run(["message", str(game), "--format", "bbcode"]).stdout.split("\n\n", 1)
    assert (
        subject == "Subject: [For-Ex] [url=http://x]club[/url] *a* |b| \u2014 move 1, bob to play"
    )
    assert "[url=" not in bb and "[b]hi" not in bb
    assert "\uff3burl=http://x\uff3dclub" in bb
    md = run(["message", str(game), "--format", "markdown"]).stdout.split("\n\n", 1)[1]
    assert "\\*a\\*" in md and "\\_x\\_" in md and "\\[b\\]hi" in md


# --------------------------------------------------------------------------- pictures


def test_show_svg_writes_the_board(tmp_path: Path) -> None:
    out = tmp_path / "board.svg"
    result = run(["show", str(ANNOTATED), "--at", "12", "--svg", str(out)])
    assert result.exit_code == 0, result.output
    assert result.stdout == f"wrote the board to {out}\n"
    root = _svg_root(out.read_text(encoding="utf-8"))
    title = root.find("{http://www.w3.org/2000/svg}title")
    assert title is not None and title.text == "For-Ex board: PBEM #7, annotated, after move 12"
    pairs = [g for g in root.iter("{http://www.w3.org/2000/svg}g") if "pair" in g.get("class", "")]
    assert len(pairs) == 21
    assert _leftovers(tmp_path) == []


def test_show_svg_to_standard_output_matches_the_library() -> None:
    from forexcli.games.forex.svg import board_svg

    result = run(["show", str(TWO), "--svg", "-"])
    assert result.exit_code == 0
    played = gamelog.replay(gamelog.load(TWO))
    assert result.stdout == board_svg(played.final, "Lunch break duel, after move 65")
    start = run(["show", str(TWO), "--at", "0", "--svg", "-"])
    assert "Lunch break duel, at the start" in start.stdout


def test_show_svg_never_replaces_a_file_unless_forced(tmp_path: Path) -> None:
    out = tmp_path / "board.svg"
    out.write_text("mine")
    result = run(["show", str(TWO), "--svg", str(out)])
    assert result.exit_code == 2
    assert "exists" in result.stderr and "--force" in result.stderr
    assert out.read_text() == "mine"
    forced = run(["show", str(TWO), "--svg", str(out), "--force"])
    assert forced.exit_code == 0
    _svg_root(out.read_text())
    assert _leftovers(tmp_path) == []


@pytest.mark.parametrize(
    "args",
    [
        ["--svg", "b.svg", "--since", "3"],
        ["--svg", "b.svg", "--since-player", "ada"],
        ["--svg", "b.svg", "--format", "json"],
        ["--force"],
    ],
)
def test_show_svg_usage_errors(
    args: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    result = run(["show", str(TWO), *args])
    assert result.exit_code == 2
    assert not (tmp_path / "b.svg").exists()


def test_picture_into_a_missing_folder_or_a_read_only_one(tmp_path: Path) -> None:
    missing = run(["show", str(TWO), "--svg", str(tmp_path / "none" / "b.svg")])
    assert missing.exit_code == 2
    assert "no_folder" in missing.stderr
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o555)
    try:
        result = run(["chart", str(TWO), "-o", str(locked / "c.svg")])
        if result.exit_code == 0:  # running as root: permissions do not apply
            pytest.skip("the folder is writable anyway (root)")
        assert result.exit_code == 2
        assert "write_failed" in result.stderr
        assert list(locked.iterdir()) == []
    finally:
        locked.chmod(0o755)


def test_a_full_disk_leaves_no_file_and_no_temporary_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import errno
    import os

    out = tmp_path / "c.svg"

    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    result = run(["chart", str(TWO), "-o", str(out)])
    assert result.exit_code == 2
    assert "write_failed" in result.stderr and "the disk is full" in result.stderr
    assert list(tmp_path.iterdir()) == []
    out.write_text("old")
    forced = run(["chart", str(TWO), "-o", str(out), "--force"])
    assert forced.exit_code == 2
    assert out.read_text() == "old"
    assert _leftovers(tmp_path) == []


def test_chart_to_standard_output_and_to_a_file(tmp_path: Path) -> None:
    from forexcli.games.forex.svg import strength_chart_svg

    played = gamelog.replay(gamelog.load(SIX))
    result = run(["chart", str(SIX)])
    assert result.exit_code == 0
    assert result.stdout == strength_chart_svg(played)
    root = _svg_root(result.stdout)
    lines = [p for p in root.iter("{http://www.w3.org/2000/svg}polyline")] + [
        p for p in root.iter("{http://www.w3.org/2000/svg}path")
    ]
    assert lines, "one line per currency"
    out = tmp_path / "strength.svg"
    written = run(["chart", str(SIX), "-o", str(out), "--title", "Six at the club"])
    assert written.exit_code == 0
    assert written.stdout == f"wrote the chart to {out}\n"
    assert out.read_text() == strength_chart_svg(played, "Six at the club")
    again = run(["chart", str(SIX), "--output", str(out)])
    assert again.exit_code == 2
    assert out.read_text() == strength_chart_svg(played, "Six at the club")
    assert run(["chart", str(SIX), "-o", str(out), "--force"]).exit_code == 0
    assert out.read_text() == strength_chart_svg(played)
    assert _leftovers(tmp_path) == []


def test_chart_of_a_log_with_an_illegal_move_writes_nothing(tmp_path: Path) -> None:
    out = tmp_path / "c.svg"
    result = run(["chart", str(INVALID / "insufficient-funds.yaml"), "-o", str(out)])
    assert result.exit_code == 1
    assert "insufficient_funds" in result.stderr
    assert not out.exists()


# --------------------------------------------------------------------------- start-up


def test_the_pbem_modules_are_imported_only_by_their_commands() -> None:
    import subprocess
    import sys

    probe = (
        "import sys\n"
        "from forexcli.cli import forex\n"
        "for args in (['--help'], ['message', '-h'], ['diff', '-h'], ['chart', '-h']):\n"
        "    try:\n"
        "        forex.main(args, prog_name='forex')\n"
        "    except SystemExit:\n"
        "        pass\n"
        "print('LOADED:', *(m for m in ('forexcli.games.forex.message', 'forexcli.record.forks',"
        " 'forexcli.games.forex.svg', 'forexcli.games.forex.catchup', 'forexcli.record.gamelog')"
        " if m in sys.modules))"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, cwd=ROOT, check=True
    )
    assert done.stdout.rsplit("LOADED:", 1)[1].split() == []


def test_message_formats_match_the_library() -> None:
    from forexcli.cli import MESSAGE_FORMATS

    assert MESSAGE_FORMATS == FORMATS
