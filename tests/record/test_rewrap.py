"""Logs every mail program leaves alone: no line of a log forexcli writes is longer than 68
columns, and a log re-wrapped by a mail program or a forum at any width from 60 columns up,
quoted (``> ``, ``>> ``) or not, in a text, markdown or BBCode message, is repaired by
``read`` (every signature verifying again), else reported as ``log_damaged``, never
``no_log``.  A real signed game with real keys, made once for the module."""

from __future__ import annotations

import re
import shutil
from email.message import EmailMessage
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from forexcli.record import gamelog
from forexcli.record.entrytext import LINE_WIDTH
from forexcli.record.mail import read_mail
from forexcli.record.problems import LogError
from tests.cli.test_commands import run
from tests.signed import signed_game

FORMATS = ("text", "markdown", "bbcode")
NOTE = (
    "a long note that a player wrote to explain the move, with words enough to be folded"
    " over several lines of the log, and a colon: here"
)


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A signed 3-player game of 8 moves: keys given at set-up for alice and bob, carol's
    added on first use, a countersigned spot deal and a long note."""
    folder = tmp_path_factory.mktemp("rewrap")
    path, keys = signed_game(folder, 2, keyless=("carol",))
    signed = ["--sign", "--key", str(keys["carol"])]
    played = run(["play", str(path), "carol", "invest", "CAD", "--note", NOTE, *signed])
    assert played.exit_code == 0, played.output
    for name, decision in (("alice", "invest EUR"), ("bob", "invest CNY")):
        sign = ["--sign", "--key", str(keys[name])]
        result = run(["play", str(path), name, decision, *sign])
        assert result.exit_code == 0, result.output
    assert "since: 3" in path.read_text()
    return path


@pytest.fixture(scope="module")
def posts(game: Path) -> dict[str, str]:
    """``forex message --with-log`` of the game in each format."""
    found = {}
    for fmt in FORMATS:
        result = run(["message", str(game), "--format", fmt, "--with-log"])
        assert result.exit_code == 0, result.output
        found[fmt] = result.stdout
    return found


def test_no_line_of_the_log_is_longer_than_68_columns(game: Path) -> None:
    text = game.read_text()
    assert LINE_WIDTH == 68
    assert max(len(line) for line in text.splitlines()) <= 68, text
    assert "keys:" in text and "sig:" in text and 'note: "a long note' in text
    assert run(["validate", str(game)]).exit_code == 0


def quoted(text: str, depth: int) -> str:
    """``text`` quoted ``depth`` times as mail programs quote: ``> `` then ``>> ``."""
    if not depth:
        return text
    marker = ">" * depth
    return "".join(
        (f"{marker} {line}" if line.strip() else marker) + "\n" for line in text.splitlines()
    )


def fold(text: str, width: int) -> str:
    """``fold -s -w WIDTH``: a longer line is broken after its last blank within the width
    (the blank stays at the end), or at the width; the rest goes on without quote marker."""
    out = []
    for line in text.splitlines():
        while len(line) > width:
            cut = line.rfind(" ", 0, width)
            end = cut + 1 if cut >= 0 else width
            out.append(line[:end])
            line = line[end:]
        out.append(line)
    return "\n".join(out) + "\n"


def rewrapped(text: str, width: int) -> str:
    """``text`` as a mail program re-wraps a reply: a longer line is broken at its last space
    that fits (the space dropped), its rest on a new line with the quote marker only (the
    indentation is lost); a word longer than the width is left whole."""
    out = []
    for line in text.splitlines():
        marker = re.match(r">* ?", line).group(0) if line.startswith(">") else ""  # type: ignore[union-attr]
        body = line[len(marker) :]
        while len(marker) + len(body) > width:
            lead = len(body) - len(body.lstrip(" "))
            cut = body.rfind(" ", lead + 1, width - len(marker) + 1)
            if cut < 0:
                break
            out.append(marker + body[:cut])
            body = body[cut + 1 :].lstrip(" ")
        out.append(marker + body)
    return "\n".join(out) + "\n"


def as_mail(body: str) -> bytes:
    message = EmailMessage()
    message["From"] = "bob@example.org"
    message["To"] = "carol@example.org"
    message["Subject"] = "Re: Friday club"
    message.set_content(body)
    return message.as_bytes()


def read_back(data: bytes, into: Path) -> gamelog.GameLog:
    arrived = read_mail("mail", str(into), data=data, dry_run=True)
    return arrived.found.log  # type: ignore[no-any-return]


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(
    width=st.integers(60, 100),
    depth=st.integers(0, 2),
    fmt=st.sampled_from(FORMATS),
    style=st.sampled_from(("fold", "mail")),
    eml=st.booleans(),
)
def test_a_rewrapped_log_is_repaired(
    game: Path,
    posts: dict[str, str],
    tmp_path: Path,
    width: int,
    depth: int,
    fmt: str,
    style: str,
    eml: bool,
) -> None:
    text = quoted(posts[fmt], depth)
    broken = fold(text, width) if style == "fold" else rewrapped(text, width)
    data = as_mail(f"Got it, thanks.\n\nbob wrote:\n{broken}") if eml else broken.encode()
    log = read_back(data, tmp_path / f"{width}-{depth}-{fmt}-{style}-{eml}.yaml")
    assert log.document.data == gamelog.load(game).document.data


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("width", [60, 70])
def test_the_readme_reproduction(
    game: Path, posts: dict[str, str], tmp_path: Path, fmt: str, width: int
) -> None:
    """``forex message ... --with-log | fold -s -w 70 > p.txt; forex read p.txt``."""
    post = tmp_path / "p.txt"
    post.write_text(fold(posts[fmt], width))
    fresh = tmp_path / "new.yaml"
    result = run(["read", str(post), "--into", str(fresh)])
    assert result.exit_code == 0, result.output
    if max(len(line) for line in posts[fmt].splitlines()[-40:]) > width:
        assert "a mail program had broken joined again" in " ".join(result.stdout.split())
    assert run(["validate", str(fresh)]).exit_code == 0
    shutil.copyfile(fresh, tmp_path / "copy.yaml")


@pytest.mark.parametrize("depth", [0, 1, 2])
@pytest.mark.parametrize("style", ["fold", "mail"])
def test_a_log_broken_past_repair_is_log_damaged(
    posts: dict[str, str], tmp_path: Path, depth: int, style: str
) -> None:
    """The broken-off end of a signed decision lost: log_damaged, naming the line, never
    no_log."""
    text = quoted(posts["text"], depth)
    broken = fold(text, 60) if style == "fold" else rewrapped(text, 60)
    lines = broken.splitlines()
    at = next(i for i, line in enumerate(lines) if "- bob: spot 1 GBP to carol" in line) + 1
    assert "EUR" in lines[at] and "-" not in lines[at], lines[at]
    del lines[at]
    fresh = tmp_path / "fresh.yaml"
    with pytest.raises(LogError) as caught:
        read_mail("mail", str(fresh), data=("\n".join(lines) + "\n").encode())
    codes = [p.code for p in caught.value.problems]
    assert codes == ["log_damaged"], caught.value.problems
    assert "of the log" in caught.value.problems[0].message
    assert not fresh.exists()
