"""World Exchangers in show, message and the pictures (CliRunner, over the example game).

The example (``examples/world-exchangers/three-players.yaml``) is checked by the rules
tests; here the commands that print it: what they say is compared with the example's own
comments and the rulebook's arithmetic, not copied from the output.
"""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from tests.cli.test_commands import ROOT, run

EXAMPLE = ROOT / "examples" / "world-exchangers" / "three-players.yaml"
SHOW_SCHEMA = json.loads((ROOT / "schemas" / "worldex-show.schema.json").read_text("utf-8"))


def copy_example(folder: Path, moves: int | None = None) -> Path:
    """The example game beside its components (the path in its header kept), cut after
    ``moves`` entries when given."""
    target = folder / "examples" / "world-exchangers"
    target.mkdir(parents=True)
    data = folder / "forexcli" / "games" / "worldex" / "data"
    data.mkdir(parents=True)
    shutil.copyfile(
        ROOT / "forexcli/games/worldex/data/invented-components.json",
        data / "invented-components.json",
    )
    lines = EXAMPLE.read_text("utf-8").splitlines(keepends=True)
    if moves is not None:
        start = lines.index("moves:\n") + 1
        kept, count = [], 0
        for line in lines[start:]:
            if line.startswith("  - "):
                count += 1
            if count > moves:
                break
            kept.append(line)
        lines = lines[:start] + kept
    path = target / "game.yaml"
    path.write_text("".join(lines), encoding="utf-8")
    return path


# --------------------------------------------------------------------------- show


@pytest.mark.parametrize("at", [0, 8, 20, None])
def test_show_prints_the_month_and_who_is_to_play(at: int | None) -> None:
    args = ["show", str(EXAMPLE)] + ([] if at is None else ["--at", str(at)])
    result = run(args)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert out.startswith("World Exchangers: ")
    if at == 0:
        # Felix has the red marker: louis starts each month (the example's comment).
        assert "Month 1 of 12; first player louis" in out and "To play: louis" in out
    if at == 8:
        # After the deck's refill mei plays (the fifth entry of month 2's... month 3).
        assert "Month 3 of 12" in out and "To play: mei: buy or sell" in out
    if at is None:
        assert "Over after month 12" in out and "The game is over" in out  # (issue 22)


def test_show_at_8_tells_the_sale_of_dallas_capped() -> None:
    result = run(["show", str(EXAMPLE), "--at", "8"])
    assert result.exit_code == 0, result.output
    # ai sells Dallas in month 1: 800 + 300 = 1,100, capped at 1,000, 100 lost.
    row = next(line for line in result.stdout.splitlines() if "sell Dallas" in line)
    assert row.split()[:3] == ["1", "1,000", "+200"] and "100 lost" in row


def test_show_json_is_the_view_and_follows_its_schema() -> None:
    for at in ("0", "8", "-1"):
        result = run(["show", str(EXAMPLE), "--at", at, "--format", "json"])
        assert result.exit_code == 0, result.output
        data = json.loads(result.stdout)
        errors = list(Draft202012Validator(SHOW_SCHEMA).iter_errors(data))
        assert errors == [], errors[0].message
        assert data["game"] == "world-exchangers"
    result = run(["show", str(EXAMPLE), "--format", "json"])
    data = json.loads(result.stdout)
    assert data["over"] is True and data["scores"]["winners"]
    # every part adds up to the total (the rulebook's final scoring)
    for score in data["scores"]["players"]:
        parts = ("cities", "cash", "settlement", "trend", "media")
        total = sum(score[p] for p in parts) + sum(score["investments"].values())
        assert total == score["total"], score


def test_show_markdown_has_a_table_per_board() -> None:
    result = run(["show", str(EXAMPLE), "--at", "8", "--format", "markdown"])
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert out.startswith("**World Exchangers: Month 3 of 12")
    assert out.count("| month ") == 3  # one board table per player
    assert "### Sale area" in out


def test_show_since_tells_each_entry_after_it() -> None:
    result = run(["show", str(EXAMPLE), "--at", "8", "--since", "6"])
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert out.startswith("Since move 6:\nMove 7, louis: buy Sydney\n")
    assert "Move 8, deck: reveal Delhi, Melbourne, Moscow" in out
    assert "Move 6," not in out
    result = run(["show", str(EXAMPLE), "--at", "8", "--since-player", "mei"])
    # mei's last entry before move 8 is move 5 (buy Helsinki)
    assert result.stdout.startswith("Since move 5:\nMove 6, ai: buy Riga")


def test_show_since_errors_are_usage_errors() -> None:
    for args, said in (
        (["--at", "8", "--since", "9"], "--since 9 is after the move shown (8)"),
        (["--since-player", "bob"], "'bob' is not a player of this game (ai, louis, mei)"),
        (["--since", "3", "--format", "json"], "is the state alone"),
    ):
        result = run(["show", str(EXAMPLE), *args])
        assert result.exit_code == 2, (args, result.output)
        assert said in result.stderr and "Traceback" not in result.output


def test_show_at_beyond_the_log_is_a_usage_error() -> None:
    result = run(["show", str(EXAMPLE), "--at", "99"])
    assert result.exit_code == 2
    assert "there is no move 99" in result.stderr


def test_show_of_an_illegal_entry_is_located(tmp_path: Path) -> None:
    path = copy_example(tmp_path, 3)
    text = path.read_text("utf-8").replace("ai: sell Dallas", "ai: sell Paris")
    path.write_text(text, encoding="utf-8")
    result = run(["show", str(path)])
    assert result.exit_code == 1
    assert f"{path}:" in result.stderr and "move 3: ai: sell Paris" in result.stderr
    assert f"forex show {path} --at 2" in result.stderr
    assert run(["show", str(path), "--at", "2"]).exit_code == 0


def test_show_reads_standard_input() -> None:
    # The components path is relative to the log's folder: from stdin, the current one; the
    # shipped components are found by their SHA-256 wherever the path leads.
    result = run(["show", "-", "--at", "1"], input=EXAMPLE.read_bytes())
    assert result.exit_code == 0, result.output
    assert "World Exchangers: Month 1 of 12" in result.stdout
    sha = EXAMPLE.read_text("utf-8").split("sha256: ")[1].split()[0]
    other = EXAMPLE.read_bytes().replace(sha.encode(), b"b" * 64)
    result = run(["show", "-", "--at", "1"], input=other)
    assert result.exit_code == 1
    assert "<stdin>" in result.stderr and "components" in result.stderr


# --------------------------------------------------------------------------- pictures


def test_svg_draws_the_player_to_play_by_default(tmp_path: Path) -> None:
    out = tmp_path / "board.svg"
    result = run(["show", str(EXAMPLE), "--at", "8", "--svg", str(out)])
    assert result.exit_code == 0, result.output
    svg = out.read_text("utf-8")
    assert svg.startswith("<svg") and svg.count("<svg") == 1
    assert "mei: Wigstan" in svg and "after move 8" in svg


def test_svg_seat_and_all(tmp_path: Path) -> None:
    result = run(["show", str(EXAMPLE), "--at", "8", "--svg", "-", "--seat", "ai"])
    assert result.exit_code == 0, result.output
    assert "ai: Rue" in result.stdout and result.stdout.count("<svg") == 1
    result = run(["show", str(EXAMPLE), "--at", "8", "--svg", "-", "--seat", "all"])
    assert result.stdout.count("<svg") == 4  # the frame and three boards
    from xml.dom.minidom import parseString

    parseString(result.stdout.encode("utf-8"))


def test_svg_when_the_deck_or_nobody_plays_draws_every_board() -> None:
    for at in (["--at", "7"], []):  # after move 7 the deck reveals; at the end nobody plays
        result = run(["show", str(EXAMPLE), *at, "--svg", "-"])
        assert result.exit_code == 0, result.output
        assert result.stdout.count("<svg") == 4


@pytest.mark.slow
def test_png_through_the_png_path(tmp_path: Path) -> None:
    out = tmp_path / "board.png"
    result = run(["show", str(EXAMPLE), "--png", str(out)])
    assert result.exit_code == 0, result.output
    assert out.read_bytes().startswith(b"\x89PNG\r\n\x1a\n")
    again = run(["show", str(EXAMPLE), "--png", str(out)])
    assert again.exit_code == 2 and "--force" in again.stderr


def test_seat_errors(tmp_path: Path) -> None:
    for args, said in (
        (["--svg", "-", "--seat", "bob"], "'bob' is not a player of this game"),
        (["--seat", "ai"], "--seat chooses the board --svg or --png draws"),
    ):
        result = run(["show", str(EXAMPLE), *args])
        assert result.exit_code == 2, (args, result.output)
        assert said in result.stderr
    result = run(["show", str(ROOT / "examples/two-players.yaml"), "--svg", "-", "--seat", "a"])
    assert result.exit_code == 2 and "--seat is for World Exchangers logs" in result.stderr


def test_show_html_writes_the_replay_page(tmp_path: Path) -> None:
    page = tmp_path / "page.html"
    result = run(["show", str(EXAMPLE), "--html", str(page), "--at", "8"])
    assert result.exit_code == 0, result.output
    assert " ".join(result.stdout.split()).startswith(f"wrote the replay page to {page} (")
    text = page.read_text("utf-8")
    assert "<title>Three players over the invented components · World Exchangers replay" in text
    assert '<section id="position" data-at="8"' in text


# --------------------------------------------------------------------------- message


def test_message_tells_what_the_next_player_has_not_seen() -> None:
    result = run(["message", str(EXAMPLE), "--at", "8"])
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert out.startswith("Subject: [World Exchangers] Three players over the invented components")
    subject = out.split("\n\n", 1)[0]  # folded as a mail header is, to fit 80 columns
    assert " ".join(subject.split()).endswith(" \u2014 move 8, mei: buy or sell")
    assert all(len(line) <= 80 for line in subject.splitlines())
    # mei last played move 5: moves 6, 7 and 8 are told, each in full sentences
    assert "Since move 5:\nMove 6, ai: buy Riga\n" in out
    assert "louis buys Sydney for 400: cash 800 -> 400 in month 3." in out
    assert "Move 8, deck: reveal Delhi, Melbourne, Moscow" in out
    assert "World Exchangers, month 3 of 12. To play: mei: buy or sell." in out
    assert "the log goes on to move 39" in out


def test_message_tells_the_moves_since_in_sentences() -> None:
    """What the moves since did, in World Exchangers' words (``--since`` and
    ``--since-player`` themselves: ``tests/test_every_game.py``)."""
    result = run(["message", str(EXAMPLE), "--at", "3", "--since", "0"])
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "What happened:\nMove 1, louis: buy Warsaw" in out
    # ai's sale of Dallas in month 1: 800 + 300 = 1,100, capped at 1,000 (the example)
    assert "ai sells Dallas for 300" in out and "100" in out
    result = run(["message", str(EXAMPLE), "--at", "8", "--since-player", "louis"])
    assert "Since move 7:\nMove 8, deck:" in result.stdout
    result = run(["message", str(EXAMPLE), "--at", "8", "--since", "8"])
    assert "Nothing has happened since move 8." in result.stdout


def test_message_at_the_end_tells_the_final_scores() -> None:
    result = run(["message", str(EXAMPLE), "--format", "markdown"])
    assert result.exit_code == 0, result.output
    assert "World Exchangers is over after month 12" in result.stdout
    assert "- **Move 39, ai: buy Quito**" in result.stdout


def test_message_escapes_for_the_format(tmp_path: Path) -> None:
    path = copy_example(tmp_path, 2)
    text = path.read_text("utf-8").replace(
        "title: Three players over the invented components", "title: '[b]x[/b] *y* |z|'"
    )
    path.write_text(
        text.replace("  - mei: buy Paris\n", "  - mei: buy Paris\n    note: '[url]a[/url]'\n"),
        encoding="utf-8",
    )
    # the subject is one line of plain text in every format; the body is escaped
    bb = run(["message", str(path), "--format", "bbcode", "--since", "0"]).stdout
    bb = bb.split("\n\n", 1)[1]
    assert "[b]x" not in bb and "\uff3bb\uff3dx" in bb and "\uff3burl\uff3d" in bb
    markdown = run(["message", str(path), "--format", "markdown", "--since", "0"]).stdout
    assert "\\[b\\]x\\[/b\\] \\*y\\* \\|z\\|" in markdown


def test_message_with_log_carries_the_log() -> None:
    result = run(["message", str(EXAMPLE), "--with-log"])
    assert result.exit_code == 0, result.output
    assert "game: world-exchangers" in result.stdout and "  - ai: buy Quito" in result.stdout


@pytest.mark.slow
def test_message_eml_is_a_mail_with_the_log_and_the_board(tmp_path: Path) -> None:
    import email
    import email.policy

    out = tmp_path / "turn.eml"
    result = run(["message", str(EXAMPLE), "--eml", str(out)])
    assert result.exit_code == 0, result.output
    assert "no To:" in result.stderr + result.stdout
    mail = email.message_from_bytes(out.read_bytes(), policy=email.policy.default)
    assert "[World Exchangers]" in str(mail["Subject"])
    names = [part.get_filename() for part in mail.walk() if part.get_filename()]
    assert names == ["three-players.yaml", "board.png"]
    attached = next(p for p in mail.walk() if p.get_filename() == "three-players.yaml")
    assert attached.get_content() == EXAMPLE.read_text("utf-8")
    again = run(["message", str(EXAMPLE), "--eml", str(out)])
    assert again.exit_code == 2  # never replaces a file


def test_message_of_an_illegal_log_says_so(tmp_path: Path) -> None:
    path = copy_example(tmp_path, 3)
    path.write_text(
        path.read_text("utf-8").replace("ai: sell Dallas", "ai: sell Paris"), encoding="utf-8"
    )
    result = run(["message", str(path)])
    assert result.exit_code == 1
    assert "The log breaks the rules: move 3: ai: sell Paris" in result.stdout
    assert "move 3: ai: sell Paris" in result.stderr
    assert run(["message", str(path), "--eml", str(tmp_path / "x.eml")]).exit_code == 1
    assert not (tmp_path / "x.eml").exists()


# --------------------------------------------------------------------------- PBEM


def keys(folder: Path, *names: str) -> dict[str, Path]:
    """A key pair without passphrase for each name (``forex key new``)."""
    made = {}
    for name in names:
        path = folder / f"key_{name}"
        assert run(["key", "new", str(path), "--no-passphrase"]).exit_code == 0
        made[name] = path
    return made


def test_play_sign_validate_and_sign(tmp_path: Path) -> None:
    path = copy_example(tmp_path, 0)
    key = keys(tmp_path, "louis", "mei")
    result = run(
        ["play", str(path), "louis", "buy", "Warsaw", "--sign", "--key", str(key["louis"])]
    )
    assert result.exit_code == 0, result.output
    assert " ".join(result.stdout.split()).startswith(
        "move 1 (signed): louis: buy Warsaw (added to "
    )
    text = path.read_text("utf-8")
    assert "keys:\n  louis:\n    key: ssh-ed25519 AAAA" in text and "\n    since: 1\n" in text
    assert "    sig:\n      louis: " in text
    assert run(["validate", "--require-signatures", str(path)]).exit_code == 0
    # an unsigned move by a player who has a key: refused by play; written by hand, an error
    assert run(["play", str(path), "mei", "buy", "Paris"]).exit_code == 0
    assert run(["play", str(path), "ai", "sell", "Dallas"]).exit_code == 0
    result = run(["play", str(path), "louis", "sell", "Riga"])
    assert result.exit_code == 1 and "unsigned_move" in result.stderr, result.output
    path.write_text(path.read_text("utf-8") + "  - louis: sell Riga\n", encoding="utf-8")
    result = run(["validate", str(path)])
    assert result.exit_code == 1 and "unsigned_move: move 4: louis: sell Riga" in result.stdout
    result = run(["validate", "--require-signatures", str(path)])
    assert result.exit_code == 1 and "unsigned_move: move 4" in result.stdout
    # louis signs it afterwards; mei signs her move 2 (her key comes with it)
    result = run(["sign", str(path), "4", "--key", str(key["louis"])])
    assert result.exit_code == 0, result.output
    assert "louis signed move 4" in result.stdout
    result = run(["sign", str(path), "2", "--as", "mei", "--key", str(key["mei"])])
    assert result.exit_code == 0, result.output
    assert run(["validate", "--require-signatures", str(path)]).exit_code == 0
    result = run(["show", str(path)])
    assert result.exit_code == 0 and result.stderr == ""


@pytest.mark.parametrize("setting", ["warn", "required"])
def test_the_header_says_how_strict_the_table_is(tmp_path: Path, setting: str) -> None:
    """``signatures:`` is the frame's header setting, in World Exchangers' schema too: under
    ``warn`` a keyed player's unsigned move is a warning and ``play`` takes it; under
    ``required`` every move is signed."""
    path = copy_example(tmp_path, 0)
    text = path.read_text("utf-8")
    path.write_text(text.replace("\nmoves:", f"\nsignatures: {setting}\nmoves:", 1), "utf-8")
    assert run(["validate", str(path)]).exit_code == 0
    key = keys(tmp_path, "louis")
    signed = ["--sign", "--key", str(key["louis"])]
    assert run(["play", str(path), "louis", "buy", "Warsaw", *signed]).exit_code == 0
    played = run(["play", str(path), "mei", "buy", "Paris"])
    if setting == "required":
        assert played.exit_code == 1 and "unsigned_move" in played.stderr, played.output
        return
    assert played.exit_code == 0, played.output
    assert run(["play", str(path), "ai", "sell", "Dallas"]).exit_code == 0
    played = run(["play", str(path), "louis", "sell", "Riga"])
    assert played.exit_code == 0, played.output
    checked = run(["validate", str(path)])
    assert checked.exit_code == 0 and "unsigned_move: move 4" in checked.stdout, checked.output
    assert run(["validate", "--require-signatures", str(path)]).exit_code == 1


def test_the_signatures_setting_is_checked_by_the_schema(tmp_path: Path) -> None:
    path = copy_example(tmp_path, 0)
    text = path.read_text("utf-8")
    path.write_text(text.replace("\nmoves:", "\nsignatures: maybe\nmoves:", 1), "utf-8")
    checked = run(["validate", str(path)])
    assert checked.exit_code == 1 and "signatures" in checked.stdout, checked.output
    assert "'required' or 'warn'" in checked.stdout or "required, warn" in checked.stdout


def test_signatures_of_a_worldex_log_are_checked(tmp_path: Path) -> None:
    path = copy_example(tmp_path, 0)
    key = keys(tmp_path, "louis")
    run(["play", str(path), "louis", "buy", "Warsaw", "--sign", "--key", str(key["louis"])])
    good = path.read_text("utf-8")
    # the signed decision changed after it was signed: the signature does not verify
    path.write_text(good.replace("louis: buy Warsaw", "louis: buy Madrid"), encoding="utf-8")
    path.write_text(
        "\n".join(line for line in path.read_text("utf-8").split("\n") if "digest:" not in line),
        encoding="utf-8",
    )
    result = run(["validate", str(path)])
    assert result.exit_code == 1
    assert "edited_move: move 1: louis: buy Madrid: changed after it was signed" in result.stdout
    assert 'louis signed "buy Warsaw", the log says "buy Madrid"' in result.stdout
    # show still shows the game, with the problem as a warning
    result = run(["show", str(path)])
    assert result.exit_code == 0 and "warning: " in result.stderr
    assert "edited_move" in result.stderr
    # nothing is signed on a log whose signatures do not verify
    before = path.read_bytes()
    result = run(["play", str(path), "mei", "buy", "Paris", "--sign", "--key", str(key["louis"])])
    assert result.exit_code == 1 and "nothing was written" in result.stderr
    assert path.read_bytes() == before


def test_play_refuses_felix_paid_ring_on_a_red_month_sale(tmp_path: Path) -> None:
    # After 27 entries louis (Felix, side B, 1 media) holds Beijing in its red month 9.
    path = copy_example(tmp_path, 27)
    before = path.read_bytes()
    result = run(["play", str(path), "louis", "sell Beijing +ring"])
    assert result.exit_code == 1, result.output
    assert "ring_already_drawn: move 28: louis: sell Beijing +ring:" in result.stderr
    assert "Beijing is sold in its red month 9" in result.stderr
    assert "hint: sell Beijing without +ring: its red month draws the ring anyway" in result.stderr
    assert path.read_bytes() == before
    # forex moves offers the sale without the ring, and says why.
    listed = run(["moves", str(path)])
    assert listed.exit_code == 0 and "sell Beijing +ring" not in listed.stdout
    assert "not on Beijing: the red month draws the ring anyway" in " ".join(listed.stdout.split())
    played = run(["play", str(path), "louis", "sell Beijing"])
    assert played.exit_code == 0, played.output
    told = " ".join(played.stdout.split())
    assert "draws a celebration ring (a red-marked month) that adds nothing" in told


def test_sign_refusals(tmp_path: Path) -> None:
    path = copy_example(tmp_path, 3)
    key = keys(tmp_path, "louis")
    before = path.read_bytes()
    result = run(["sign", str(path), "3", "--as", "louis", "--key", str(key["louis"])])
    assert result.exit_code == 1
    assert "stray_signature: move 3: ai: sell Dallas: louis is not a party to it" in result.stderr
    result = run(["sign", str(path), "9", "--as", "louis", "--key", str(key["louis"])])
    assert result.exit_code == 2 and "no_such_entry" in result.stderr
    result = run(["sign", str(path), "1", "--key", str(key["louis"])])
    assert result.exit_code == 2 and "say who signs with --as NAME" in result.stderr
    assert path.read_bytes() == before
    assert run(["sign", str(path), "1", "--as", "louis", "--key", str(key["louis"])]).exit_code == 0
    result = run(["sign", str(path), "1", "--as", "louis", "--key", str(key["louis"])])
    assert result.exit_code == 1 and "already_signed" in result.stderr


def test_play_message_and_eml(tmp_path: Path) -> None:
    path = copy_example(tmp_path, 2)
    result = run(["play", str(path), "ai", "sell", "Dallas", "--dry-run", "--message"])
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("Subject: [World Exchangers]")
    assert "ai sells Dallas for 300" in result.stdout
    mail = tmp_path / "turn.eml"
    result = run(["play", str(path), "ai", "sell", "Dallas", "--eml", str(mail)])
    assert result.exit_code == 0, result.output
    assert mail.exists() and "  - ai: sell Dallas" in path.read_text("utf-8")


def test_play_refusals_are_worded_as_every_games(tmp_path: Path) -> None:
    path = copy_example(tmp_path, 5)
    before = path.read_bytes()
    stale = run(["play", str(path), "ai", "buy", "Madrid", "--after", "6"])
    assert stale.exit_code == 1
    assert "log_moved_on: the log has 5 moves, not 6: this copy is older" in stale.stderr
    assert f"hint: read the latest mail into it first: forex read MAIL --into {path}" in (
        " ".join(stale.stderr.split())  # (a hint is wrapped to the width)
    )
    unread = run(["play", str(path), "ai", "no", "such"])
    assert unread.exit_code == 1
    assert "bad_notation: cannot read 'no such': an entry starts with one of buy" in unread.stderr
    stranger = run(["play", str(path), "zed", "buy", "Madrid"])
    assert stranger.exit_code == 1
    assert "unknown_name: move 6: 'zed' is not a player of this game (ai, louis, mei;" in (
        stranger.stderr
    )
    message = run(["play", str(path), "ai", "buy", "Madrid", "--dry-run", "--message"])
    assert message.exit_code == 0 and message.stdout.startswith("Subject: [World Exchangers]")
    said = " ".join(message.stderr.split())  # (wrapped to the width)
    assert said == f"move 6: ai: buy Madrid (dry run: {path} is unchanged)"
    assert path.read_bytes() == before


def test_undo_history_and_diff_take_one_path(tmp_path: Path) -> None:
    path = copy_example(tmp_path, 5)
    cut = path.with_name("cut.yaml")
    shutil.copyfile(path, cut)
    undone = run(["undo", str(cut)])
    assert undone.exit_code == 0, undone.output
    said = " ".join(undone.stdout.split())  # (a report is wrapped to the width)
    assert said.startswith(f"removed move 5: mei: buy Helsinki from {cut} (mei's move 5")
    assert undone.stdout.endswith("next: mei to decide (turn)\n")
    compared = run(["diff", str(cut), str(path)])
    assert compared.exit_code == 1
    assert f"{path} goes on from {cut}: they agree on moves 1 to 4, and {path} has 1 more." in (
        " ".join(compared.stdout.split())
    )
    settled = run(["undo", str(cut), "--to", "2", "--dry-run"])
    assert settled.exit_code == 0, settled.output
    assert " ".join(settled.stdout.split()).startswith(f"would remove moves 3 to 4 from {cut} (")
    listed = run(["history", str(path), "--format", "json"])
    assert listed.exit_code == 0 and json.loads(listed.stdout)["game"] == "world-exchangers"
    other = run(["diff", str(path), str(ROOT / "examples" / "two-players.yaml")])
    assert other.exit_code == 1 and "a For-Ex log: different games, not a fork." in (
        " ".join(other.stdout.split())
    )


def test_diff_of_copies_that_share_one_move_says_move_1(tmp_path: Path) -> None:
    path = copy_example(tmp_path, 2)
    cut = path.with_name("cut.yaml")
    shutil.copyfile(path, cut)
    assert run(["undo", str(cut), "--to", "1"]).exit_code == 0
    compared = run(["diff", str(cut), str(path)])
    assert compared.exit_code == 1
    said = " ".join(compared.stdout.split())  # (a report is wrapped to the width)
    assert f"{path} goes on from {cut}: they agree on move 1, and {path} has 1 more." in said
    as_json = json.loads(run(["diff", str(cut), str(path), "--format", "json"]).stdout)
    assert "they agree on move 1, and" in as_json["text"]


def test_read_takes_a_worldex_log_out_of_a_mail(tmp_path: Path) -> None:
    path = copy_example(tmp_path, 4)
    copy = path.parent / "copy.yaml"
    mail = tmp_path / "one.eml"
    assert run(["message", str(path), "--eml", str(mail)]).exit_code == 0
    result = run(["read", str(mail), "--into", str(copy)])
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith(f"{mail}: a new copy: 4 new moves (1 to 4).\n")
    assert "ai sells Dallas for 300" in result.stdout and "not signed" in result.stdout
    assert copy.read_text("utf-8") == path.read_text("utf-8")
    again = run(["read", str(mail), "--into", str(copy)])
    assert again.exit_code == 0 and "holds the 4 moves you have" in again.stdout
    # the next move, mailed in the text of a post (--with-log): the copy goes on
    assert run(["play", str(path), "mei", "buy", "Helsinki"]).exit_code == 0
    post = run(["message", str(path), "--with-log", "--format", "bbcode"]).stdout
    result = run(["read", "-", "--into", str(copy)], input=post.encode("utf-8"))
    assert result.exit_code == 0, result.output
    assert "1 new move (move 5)" in result.stdout and "Move 5, mei: buy Helsinki" in result.stdout
    assert "  - mei: buy Helsinki" in copy.read_text("utf-8")


def test_read_takes_a_worldex_copy_whose_contacts_changed(tmp_path: Path) -> None:
    """A player's new address is not another game (as in For-Ex); a changed set-up is, and
    the refusal names the reader's file and the mail's log, not one file twice."""
    from forexcli.record.seats import with_header_key

    path = copy_example(tmp_path, 4)
    copy = path.parent / "copy.yaml"
    shutil.copyfile(path, copy)
    text = with_header_key(path.read_text("utf-8"), "contacts", {"mei": "mei@example.org"})
    path.write_text(text, "utf-8")
    assert run(["play", str(path), "mei", "buy", "Helsinki"]).exit_code == 0
    mail = tmp_path / "five.eml"
    assert run(["message", str(path), "--eml", str(mail)]).exit_code == 0
    result = run(["read", str(mail), "--into", str(copy)])
    assert result.exit_code == 0, result.output
    assert "1 new move (move 5)" in result.stdout
    before = copy.read_bytes()
    seeded = copy.parent / "seeded.yaml"
    shutil.copyfile(copy, seeded)
    undone = run(["undo", str(seeded), "--to", "0"])
    assert undone.exit_code == 0, undone.output
    text = seeded.read_text("utf-8")
    assert "\nboards: {ai: A, " in text
    seeded.write_text(with_header_key(text, "boards", {"ai": "B", "louis": "A", "mei": "B"}))
    other = tmp_path / "other.eml"
    assert run(["message", str(seeded), "--eml", str(other)]).exit_code == 0
    refused = run(["read", str(other), "--into", str(copy)])
    said = " ".join(refused.stderr.split())
    assert refused.exit_code == 1 and "other_game" in said, refused.output
    assert f"{copy} and the log in {other} are different games, not a fork" in said
    assert "differ in boards" in said and "contacts" not in said
    assert copy.read_bytes() == before


def test_read_keeps_the_notes_of_both_copies_of_a_worldex_log(tmp_path: Path) -> None:
    path = copy_example(tmp_path, 4)
    copy = path.parent / "copy.yaml"
    shutil.copyfile(path, copy)
    assert run(["annotate", str(copy), "2", "mine"]).exit_code == 0
    assert run(["annotate", str(path), "3", "theirs"]).exit_code == 0
    assert run(["play", str(path), "mei", "buy", "Helsinki"]).exit_code == 0
    mail = tmp_path / "five.eml"
    assert run(["message", str(path), "--eml", str(mail)]).exit_code == 0
    result = run(["read", str(mail), "--into", str(copy)])
    assert result.exit_code == 0, result.output
    assert "kept your note of move 2" in result.stdout
    text = copy.read_text("utf-8")
    assert "note: mine" in text and "note: theirs" in text and "  - mei: buy Helsinki" in text


def test_read_refuses_a_fork_and_a_forged_move(tmp_path: Path) -> None:
    path = copy_example(tmp_path, 4)
    copy = path.parent / "copy.yaml"
    shutil.copyfile(path, copy)
    assert run(["play", str(copy), "mei", "buy", "Helsinki"]).exit_code == 0
    assert run(["play", str(path), "mei", "sell", "Bogota"]).exit_code == 0
    assert run(["play", str(path), "ai", "buy", "Helsinki"]).exit_code == 0
    mail = tmp_path / "fork.eml"
    assert run(["message", str(path), "--eml", str(mail)]).exit_code == 0
    before = copy.read_bytes()
    result = run(["read", str(mail), "--into", str(copy)])
    assert result.exit_code == 1 and "fork" in result.stderr
    assert copy.read_bytes() == before
    # a signed move whose text was changed in the mail is refused
    key = keys(tmp_path, "louis")
    signed = copy_example(tmp_path / "b", 0)
    run(["play", str(signed), "louis", "buy", "Warsaw", "--sign", "--key", str(key["louis"])])
    forged = signed.read_text("utf-8").replace("louis: buy Warsaw", "louis: buy Madrid")
    forged = "\n".join(line for line in forged.split("\n") if "digest:" not in line)
    result = run(["read", "-", "--into", str(signed.parent / "x.yaml")], input=forged)
    assert result.exit_code == 1
    assert "forged" in result.stderr
    assert 'louis signed "buy Warsaw", the log says "buy Madrid"' in result.stderr
    assert not (signed.parent / "x.yaml").exists()


def test_read_says_when_the_components_cannot_be_found(tmp_path: Path) -> None:
    path = copy_example(tmp_path, 2)
    components = tmp_path / "forexcli" / "games" / "worldex" / "data"
    own = components / "invented-components.json"
    changed = own.read_bytes().replace(b'"title": "', b'"title": "Our own ', 1)
    own.write_bytes(changed)  # not the shipped components: nothing else reads for them
    sha = path.read_text("utf-8").split("sha256: ")[1].split()[0]
    path.write_text(
        path.read_text("utf-8").replace(sha, hashlib.sha256(changed).hexdigest()), "utf-8"
    )
    mail = tmp_path / "one.eml"
    assert run(["message", str(path), "--eml", str(mail)]).exit_code == 0
    result = run(["read", str(mail), "--into", str(tmp_path / "copy.yaml")])
    assert result.exit_code == 1
    assert "components_unreadable" in result.stderr and "relative to the log's folder" in (
        result.stderr
    )
    assert not (tmp_path / "copy.yaml").exists()


def test_the_mail_reader_knows_every_header_key_of_a_worldex_log() -> None:
    from forexcli.games.worldex import WORLDEX
    from forexcli.record.mail import top_keys

    assert set(WORLDEX.schemas()["log"]["properties"]) <= set(top_keys())


# --------------------------------------------------------------------------- annotate


def test_annotate_sets_and_removes_a_note_keeping_signatures(tmp_path: Path) -> None:
    path = copy_example(tmp_path, 0)
    key = keys(tmp_path, "louis")
    run(["play", str(path), "louis", "buy", "Warsaw", "--sign", "--key", str(key["louis"])])
    result = run(["annotate", str(path), "1", "a", "cheap", "start"])
    assert result.exit_code == 0, result.output
    assert "set the note of move 1" in result.stdout
    assert "    note: a cheap start\n" in path.read_text("utf-8")
    # notes are not signed: the signature still verifies
    assert run(["validate", "--require-signatures", str(path)]).exit_code == 0
    result = run(["history", str(path)])
    assert "a cheap start" in result.stdout
    assert run(["annotate", str(path), "1", "--remove"]).exit_code == 0
    assert "note:" not in path.read_text("utf-8")
    result = run(["annotate", str(path), "2", "x"])
    assert result.exit_code == 2 and "no_such_entry: there is no move 2" in result.stderr


def test_show_at_a_move_says_which_move_with_its_note(tmp_path: Path) -> None:
    path = copy_example(tmp_path)
    assert run(["annotate", str(path), "7", "-"], input="Sydney, at last\nand cheap").exit_code == 0
    shown = run(["show", str(path), "--at", "7"]).stdout.splitlines()
    at = shown.index("After move 7 of 39. Last move: 7. louis: buy Sydney")
    assert shown[at + 1 : at + 4] == ["Note: Sydney, at last", "      and cheap", ""]
    assert shown[0].startswith("World Exchangers: Month ")  # the status lines first
    markdown = run(["show", str(path), "--at", "7", "--format", "markdown"]).stdout
    assert "Last move: 7. louis: buy Sydney\n*Note:* Sydney, at last  \nand cheap\n" in markdown
    assert "At the start (39 moves)" in run(["show", str(path), "--at", "0"]).stdout
    data = json.loads(run(["show", str(path), "--at", "7", "--format", "json"]).stdout)
    assert list(Draft202012Validator(SHOW_SCHEMA).iter_errors(data)) == []
    assert (data["at"], data["moves"]) == (7, 39)
    note = "Sydney, at last\nand cheap"
    assert data["last_move"] == {
        "number": 7, "player": "louis", "decision": "buy Sydney", "note": note
    }  # fmt: skip
    start = json.loads(run(["show", str(path), "--at", "0", "--format", "json"]).stdout)
    assert (start["at"], start["last_move"]) == (0, None)
    assert "Note:" not in run(["show", str(path), "--at", "6"]).stdout
    caught_up = run(["show", str(path), "--at", "7", "--since", "5"]).stdout
    assert caught_up.count("Sydney, at last") == 1  # told once: by the catch-up


def test_history_events_tells_what_each_entry_did() -> None:
    result = run(["history", str(EXAMPLE), "--events"])
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "what happened" in out.splitlines()[3]
    joined = " ".join(out.split())  # (the events column is wrapped to the width)
    assert "louis buys Warsaw for 100: cash 500 ->" in joined
    assert "The deck reveals Delhi," in joined
    result = run(["history", str(EXAMPLE), "--events", "--format", "markdown"])
    assert "| what happened " in result.stdout
    assert "louis buys Warsaw for 100: cash 500 -> 400 in month 1.<br>" in result.stdout
    plain = run(["history", str(EXAMPLE)]).stdout
    assert "what happened" not in plain


# --------------------------------------------------------------------------- new


COMPONENTS_FILE = ROOT / "forexcli" / "games" / "worldex" / "data" / "invented-components.json"


def new_game(folder: Path, *extra: str, players: str = "ben,ann") -> tuple[Path, Any]:
    path = folder / "wx.yaml"
    args = ["new", str(path), "--game", "world-exchangers", "--players", players]
    return path, run([*args, "--components", str(COMPONENTS_FILE), "--started", "", *extra])


def test_new_without_components_takes_the_shipped_ones_read_back_from_anywhere(
    tmp_path: Path,
) -> None:
    """``forex new --game world-exchangers`` without ``--components`` exited 2 and asked for
    the shipped file's path, which only a checkout has; now it takes the invented components
    forexcli ships, says so, and the log names them by a file name and their SHA-256, which
    reads back in any folder (the path of this machine is in no log)."""
    path = tmp_path / "wx.yaml"
    args = ["new", str(path), "--game", "world-exchangers", "--players", "ben,ann"]
    result = run([*args, "--seed", "s1", "--first", "ben"])
    assert result.exit_code == 0, result.output
    said = " ".join(result.stdout.split())
    assert "the components are the invented ones forexcli ships" in said
    assert "not the published cards" in said
    from forexcli.record import gamelog

    header = gamelog.load(path).header
    assert header["components"]["file"] == "invented-components.json"
    shipped = hashlib.sha256(COMPONENTS_FILE.read_bytes()).hexdigest()
    assert header["components"]["sha256"] == shipped
    assert str(ROOT) not in path.read_text("utf-8")
    moved = tmp_path / "far" / "away" / "wx.yaml"
    moved.parent.mkdir(parents=True)
    moved.write_bytes(path.read_bytes())
    assert run(["validate", str(moved)]).exit_code == 0
    assert run(["moves", str(moved)]).exit_code == 0


@pytest.mark.parametrize(
    ("change", "message", "hint"),
    [
        (
            lambda city: city.pop("sale"),
            "starting_cities[1]: `sale:` or `prices:` is missing",
            "give one of them: `sale:` (the sale price outside the bonus months) or `prices:`",
        ),
        (
            lambda city: city.update(prices=[100] * 12),
            "starting_cities[1]: `sale:` and `prices:` are both given, only one may be",
            "keep one of `sale:` and `prices:`",
        ),
        (
            lambda city: city.pop("base"),
            "starting_cities[1]: `base:` is missing (the base value (the large number))",
            "forex schema components --game world-exchangers prints",
        ),
    ],
)
def test_new_words_a_broken_components_file_as_a_log_problem(
    tmp_path: Path, change: Any, message: str, hint: str
) -> None:
    """A components file the schema refuses is told as a log's schema problem (which key
    is missing where, and what to write), not in jsonschema's words."""
    data = json.loads(COMPONENTS_FILE.read_text("utf-8"))
    change(data["starting_cities"][0])
    broken = tmp_path / "ours.json"
    broken.write_text(json.dumps(data), "utf-8")
    path = tmp_path / "wx.yaml"
    args = ["new", str(path), "--game", "world-exchangers", "--players", "ben,ann"]
    result = run([*args, "--components", str(broken)])
    assert result.exit_code == 2 and not path.exists()
    said = " ".join(result.stderr.split())
    assert message in said and hint in said, said
    assert "valid under" not in said and "{" not in said


def test_a_log_names_what_its_components_file_lacks(tmp_path: Path) -> None:
    """The same problem met through a log's header: its words and hint, and the header's."""
    path = copy_example(tmp_path, 2)
    own = tmp_path / "forexcli" / "games" / "worldex" / "data" / "invented-components.json"
    data = json.loads(own.read_text("utf-8"))
    data["starting_cities"][0].pop("sale")
    changed = json.dumps(data).encode("utf-8")
    own.write_bytes(changed)
    sha = path.read_text("utf-8").split("sha256: ")[1].split()[0]
    path.write_text(
        path.read_text("utf-8").replace(sha, hashlib.sha256(changed).hexdigest()), "utf-8"
    )
    result = run(["validate", str(path)])
    assert result.exit_code == 1, result.output
    said = " ".join(result.output.split())
    assert "components_schema: components: starting_cities[1]: `sale:` or `prices:` is" in said
    assert "give one of them: `sale:` (the sale price" in said, said
    assert "valid under" not in said


def test_new_reports_roles_first_player_area_and_the_invented_components(tmp_path: Path) -> None:
    from forexcli.games.worldex.rules import seeded_deal
    from tests.games.worldex.helpers import COMPONENTS

    path, result = new_game(tmp_path, "--seed", "mid-year")
    assert result.exit_code == 0, result.output
    deal = seeded_deal(COMPONENTS, "mid-year", 2)
    assert deal.roles == ("Wigstan", "Felix")  # ann holds Felix, the red marker
    lines = logical_lines(result.stdout)
    assert lines[0].startswith(f"created {path}: World Exchangers, role cards on side A;")
    assert "ben (Wigstan, board A" in lines[0] and "ann (Felix, board A" in lines[0]
    assert lines[1] == "ann plays first (the red marker); dealt from seed 'mid-year'"
    assert lines[2].startswith(f"sale area: {', '.join(deal.area)}; trend cards:")
    assert "invented" in lines[3]
    assert lines[4].startswith(f"next: forex moves {path}")


def test_new_asks_for_first_when_nobody_holds_red(tmp_path: Path) -> None:
    path, result = new_game(tmp_path, "--seed", "s1")  # deals Wigstan and Rue
    assert result.exit_code == 2 and not path.exists(), result.output
    assert "deals no red marker (ben Wigstan, ann Rue)" in result.stderr
    assert "--first" in result.stderr
    path, result = new_game(tmp_path, "--seed", "s1", "--first", "ann")
    assert result.exit_code == 0, result.output
    assert "first: ann\n" in path.read_text("utf-8")
    assert "ann plays first (named by --first: nobody holds the red marker)" in result.stdout


def test_new_refuses_first_when_the_seed_deals_the_red_marker(tmp_path: Path) -> None:
    """--first naming another player than the red marker's holder was a problem placed in
    the log not written (wx.yaml:5:8: bad_setup) with a hint about the header's keys; now
    it is a usage error on --first that names who starts and says to leave it out."""
    path, result = new_game(tmp_path, "--seed", "mid-year", "--first", "ben")  # ann: Felix
    assert result.exit_code == 2 and not path.exists(), result.output
    said = " ".join(result.stderr.split())
    assert "Invalid value for '--first'" in said, said
    assert "the seed deals ann the red marker, so ann starts: leave out --first" in said
    assert "bad_setup" not in said and "keys" not in said
    path, result = new_game(tmp_path, "--seed", "mid-year", "--first", "ann")
    assert result.exit_code == 0, result.output


def test_a_log_where_nobody_holds_red_needs_first(tmp_path: Path) -> None:
    path, result = new_game(tmp_path, "--seed", "s1", "--first", "ann")
    assert result.exit_code == 0, result.output
    text = path.read_text("utf-8")
    path.write_text(text.replace("first: ann\n", ""), "utf-8")
    checked = run(["validate", str(path)])
    assert checked.exit_code == 1 and "first_needed" in checked.output, checked.output
    assert "add `first: NAME` to the header, NAME one of ben, ann" in checked.output


def test_new_house_rules_are_checked_and_recorded(tmp_path: Path) -> None:
    path, result = new_game(tmp_path, "--seed", "s1", "--first", "ann", "--house-rule", "x")
    assert result.exit_code == 2 and "write NAME=VALUE" in result.stderr
    path, result = new_game(
        tmp_path, "--seed", "s1", "--first", "ann", "--house-rule", "mid_year_refil=skip"
    )
    assert result.exit_code == 2 and "did you mean mid_year_refill?" in result.stderr
    assert not path.exists()
    path, result = new_game(
        tmp_path, "--seed", "s1", "--first", "ann", "--house-rule", "mid_year_refill=skip"
    )
    assert result.exit_code == 0, result.output
    assert "house_rules:\n  mid_year_refill: skip\n" in path.read_text("utf-8")
    assert "house rules: mid_year_refill=skip" in result.stdout


def test_did_you_mean_for_cities_players_and_roles(tmp_path: Path) -> None:
    path, result = new_game(tmp_path, "--seed", "mid-year")
    assert result.exit_code == 0, result.output
    from forexcli.games.worldex.rules import seeded_deal
    from tests.games.worldex.helpers import COMPONENTS

    card = seeded_deal(COMPONENTS, "mid-year", 2).area[0]
    typo = card[:-1]
    city = run(["play", str(path), "ann", "buy", typo])
    assert city.exit_code == 1 and f"hint: did you mean {card}?" in city.stderr, city.output
    player = run(["play", str(path), "anne", "buy", card])
    assert player.exit_code == 1 and "hint: did you mean ann?" in player.stderr
    assert "(ben, ann; other entry keys: deck)" in player.stderr
    # An entry of a player who is not in the game, written by hand.
    text = path.read_text("utf-8")
    path.write_text(text.replace("moves: []", f"moves:\n  - anne: buy {card}"), "utf-8")
    entry = run(["validate", str(path)])
    assert entry.exit_code == 1 and "unknown_player" in entry.output
    assert "(ben, ann; other entry keys: deck)" in entry.output
    assert "did you mean ann?" in entry.output
    # A role card misspelt in a recorded set-up.
    example = copy_example(tmp_path / "copy")
    text = example.read_text("utf-8")
    text = "".join(line for line in text.splitlines(True) if not line.startswith("seed:"))
    example.write_text(text.replace("louis: Felix", "louis: Felx"), "utf-8")
    role = run(["validate", str(example)])
    assert role.exit_code == 1 and "'Felx' is not a role card" in role.output
    assert "did you mean Felix?" in role.output


def test_the_readme_starts_and_plays_a_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The README's World Exchangers block, run in a folder holding the bundled components."""
    import re
    import shlex

    readme = (ROOT / "README.md").read_text("utf-8")
    section = readme.split("## World Exchangers\n", 1)[1]
    block = re.search(r"```bash\n(.*?)```", section, re.S)
    assert block is not None
    lines = block.group(1).splitlines()
    assert [line.split()[1] for line in lines] == ["new", "moves", "play"]
    data = tmp_path / "forexcli" / "games" / "worldex" / "data"
    data.mkdir(parents=True)
    shutil.copyfile(COMPONENTS_FILE, data / "invented-components.json")
    monkeypatch.chdir(tmp_path)
    outputs = []
    for line in lines:
        result = run(shlex.split(line)[1:])
        assert result.exit_code == 0, (line, result.output)
        outputs.append(result.stdout)
    assert "ann plays first (the red marker)" in outputs[0]
    assert "\nbuy Roma " in outputs[1]
    assert outputs[2].startswith("move 1: ann: buy Roma (added to wx.yaml)")


def test_forex_help_names_both_games() -> None:
    result = run(["--help"])
    assert result.exit_code == 0
    assert "For-Ex and of World Exchangers" in result.stdout
    assert "forex new wx.yaml --game world-exchangers" in result.stdout


def logical_lines(text: str) -> list[str]:
    """The lines of a report, each with the lines it was wrapped onto (indented) joined."""
    lines: list[str] = []
    for line in text.splitlines():
        if line.startswith("  ") and lines:
            lines[-1] += " " + line.strip()
        else:
            lines.append(line)
    return lines


def test_new_writes_the_players_keys_and_signatures_required(tmp_path: Path) -> None:
    """``--key-for`` and ``--require-signatures`` are the frame's signing at set-up, for
    World Exchangers as for For-Ex: the keys are in the header, and an unsigned move in a
    keyed player's name is refused from the first move on."""
    key = keys(tmp_path, "ben", "ann")
    given = [arg for name in ("ben", "ann") for arg in ("--key-for", f"{name}={key[name]}.pub")]
    path, result = new_game(tmp_path, "--seed", "mid-year", *given, "--require-signatures")
    assert result.exit_code == 0, result.output
    text = path.read_text("utf-8")
    assert "\nsignatures: required\n" in text
    assert "keys:\n  ben: ssh-ed25519 AAAA" in text and "\n  ann: ssh-ed25519 AAAA" in text
    assert run(["validate", str(path)]).exit_code == 0
    legal = json.loads(run(["moves", str(path), "--format", "json"]).stdout)
    (player,) = legal["deciders"]
    entry = legal["groups"][0]["entries"][0]
    unsigned = run(["play", str(path), player, entry])
    assert unsigned.exit_code == 1 and "unsigned_move" in unsigned.stderr, unsigned.output
    assert path.read_text("utf-8") == text
    signed = run(["play", str(path), player, entry, "--sign", "--key", str(key[player])])
    assert signed.exit_code == 0, signed.output
    assert run(["validate", "--require-signatures", str(path)]).exit_code == 0


def test_new_refuses_a_key_for_someone_else_or_not_a_key(tmp_path: Path) -> None:
    key = keys(tmp_path, "ben")
    path, result = new_game(tmp_path, "--seed", "mid-year", "--key-for", f"zed={key['ben']}.pub")
    assert result.exit_code == 2 and not path.exists()
    assert "'zed' is not one of the players" in result.stderr
    path, result = new_game(tmp_path, "--seed", "mid-year", "--key-for", f"ben={key['ben']}")
    assert result.exit_code == 2 and not path.exists()
    assert "is not an Ed25519 public key" in " ".join(result.stderr.split())
