"""The log in and out of real mail: three players pass a signed game by .eml files and quoted
replies, made and read with the standard library's ``email``; ``forex read`` refuses, changing
nothing, a fork, a rewritten history, a forged move, no log, two logs and another game."""

from __future__ import annotations

import email
import email.policy
import io
import mailbox
import re
from email.message import EmailMessage
from pathlib import Path

import png as pypng
import pytest

from forexcli.games.forex.message import compose
from forexcli.record import gamelog, signing
from forexcli.record.keys import key_in_pieces, load_private_key
from forexcli.record.png import PNG_SIGNATURE
from tests.cli.test_commands import run

PLAYERS = ("alice", "bob", "carol")
ADDRESS = {name: f"{name}@example.org" for name in PLAYERS}


def ok(*args: str, input: str | bytes | None = None) -> str:
    result = run(list(args), input=input)
    assert result.exit_code == 0, result.output
    return result.stdout


def refused(code: str, *args: str, input: str | bytes | None = None) -> str:
    result = run(list(args), input=input)
    assert result.exit_code == 1, result.output
    assert code in result.output, result.output
    assert "Traceback" not in result.output
    return result.output


def parse(path: Path) -> EmailMessage:
    message = email.message_from_bytes(path.read_bytes(), policy=email.policy.default)
    assert isinstance(message, EmailMessage)
    return message


def reply(quoting: EmailMessage, sender: str, text: str, to: str) -> EmailMessage:
    """A reply that quotes the plain text of ``quoting`` with ``> `` (as mail programs do)."""
    body = quoting.get_body(("plain",))
    assert body is not None
    quoted = "\n".join("> " + line if line else ">" for line in body.get_content().splitlines())
    answer = EmailMessage()
    answer["From"] = ADDRESS[sender]
    answer["To"] = to
    answer["Subject"] = "Re: " + str(quoting["Subject"])
    answer.set_content(f"{text}\n\nOn Monday, someone wrote:\n{quoted}\n")
    return answer


def post(text: str, sender: str = "carol") -> EmailMessage:
    message = EmailMessage()
    message["From"] = ADDRESS[sender]
    message["To"] = "club@example.org"
    message["Subject"] = "For-Ex"
    message.set_content(text)
    return message


def save(message: EmailMessage, path: Path) -> Path:
    path.write_bytes(message.as_bytes())
    return path


class Table:
    """Three players, each with a folder holding their own copy of the game and their key."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.keys: dict[str, Path] = {}
        for name in PLAYERS:
            (root / name).mkdir()
            key = root / name / "id_ed25519"
            ok("key", "new", str(key), "--no-passphrase", "--comment", name)
            self.keys[name] = key

    def log(self, name: str) -> Path:
        return self.root / name / "game.yaml"

    def play(self, name: str, decision: str, *extra: str) -> None:
        ok(
            "play",
            str(self.log(name)),
            name,
            decision,
            "--sign",
            "--key",
            str(self.keys[name]),
            *extra,
        )


@pytest.fixture
def table(tmp_path: Path) -> Table:
    table = Table(tmp_path)
    contacts = [arg for name in PLAYERS for arg in ("--contact", f"{name}={ADDRESS[name]}")]
    keys = [arg for name in PLAYERS for arg in ("--key-for", f"{name}={table.keys[name]}.pub")]
    ok(
        "new",
        str(table.log("alice")),
        "--players",
        ",".join(PLAYERS),
        "--seed",
        "mail",
        "--title",
        "Mail club",
        "--started",
        "2026-12-01",
        *contacts,
        *keys,
    )
    return table


def unchanged(path: Path) -> tuple[bytes, int]:
    return path.read_bytes(), path.stat().st_mtime_ns


def test_three_players_pass_a_signed_game_by_mail(table: Table, tmp_path: Path) -> None:
    # alice plays and writes the mail to bob.
    to_bob = tmp_path / "to-bob.eml"
    table.play("alice", "invest USD", "--eml", str(to_bob))
    mail = parse(to_bob)
    assert mail["To"] == ADDRESS["bob"] and mail["From"] == ADDRESS["alice"]
    played = gamelog.replay(gamelog.load(table.log("alice")))
    expected = compose(played, 0, "text")
    assert mail["Subject"] == expected.subject
    plain, markdown = mail.get_body(("plain",)), mail.get_body(("markdown",))
    assert plain is not None and markdown is not None
    assert plain.get_content() == expected.body
    assert markdown.get_content() == compose(played, 0, "markdown").body
    assert mail.get_content_type() == "multipart/mixed"
    attachments = list(mail.iter_attachments())
    assert [(a.get_content_type(), a.get_filename()) for a in attachments] == [
        ("text/plain", "game.yaml"),
        ("image/png", "board.png"),
    ]
    assert attachments[0].get_content() == table.log("alice").read_text()
    picture = attachments[1].get_content()
    assert picture.startswith(PNG_SIGNATURE)
    width, height, _rows, _info = pypng.Reader(file=io.BytesIO(picture)).read()
    assert width > 600 and height > 400
    # bob has no copy yet: forex read makes his.
    said = ok("read", str(to_bob), "--into", str(table.log("bob")))
    assert "1 new move (move 1)" in said and "signed by alice" in said
    assert table.log("bob").read_bytes() == table.log("alice").read_bytes()
    # bob answers, carol reads his mail from standard input.
    to_carol = tmp_path / "to-carol.eml"
    table.play("bob", "invest JPY", "--after", "1", "--eml", str(to_carol))
    assert parse(to_carol)["To"] == ADDRESS["carol"]
    said = ok("read", "-", "--into", str(table.log("carol")), input=to_carol.read_bytes())
    assert "2 new moves (1 to 2)" in said
    # carol plays and posts the message with the whole log in its text.
    table.play("carol", "invest CAD", "--after", "2")
    posted = ok("message", str(table.log("carol")), "--with-log")
    to_all = save(post(posted.split("\n\n", 1)[1]), tmp_path / "carol.eml")
    # bob answers carol's mail, quoting it; alice reads bob's reply (she has only move 1).
    answer = save(reply(parse(to_all), "bob", "Nice move.", ADDRESS["alice"]), tmp_path / "re.eml")
    assert "\n> forex: 1\n" in parse(answer).get_body(("plain",)).get_content()  # type: ignore[union-attr]
    said = ok("read", str(answer), "--into", str(table.log("alice")))
    assert "2 new moves (2 to 3)" in said
    assert "the text, quoted >" in said
    assert "Next: alice to play." in said
    assert gamelog.load(table.log("alice")).document.data == (
        gamelog.load(table.log("carol")).document.data
    )
    # Reading the same mail again changes nothing.
    before = unchanged(table.log("alice"))
    said = ok("read", str(answer), "--into", str(table.log("alice")))
    assert "holds the 3 moves you have" in said
    assert unchanged(table.log("alice")) == before
    # Every copy validates, every move signed.
    for name in PLAYERS:
        assert run(["validate", str(table.log(name)), "--require-signatures"]).exit_code == 0


def test_markdown_fence_bbcode_block_and_mailboxes(table: Table, tmp_path: Path) -> None:
    table.play("alice", "invest USD")
    mails = []
    for fmt in ("markdown", "bbcode"):
        text = ok("message", str(table.log("alice")), "--with-log", "--format", fmt)
        assert ("```yaml\n" if fmt == "markdown" else "[code]\nforex: 1") in text
        mails.append(save(post(text, "alice"), tmp_path / f"{fmt}.eml"))
    for number, path in enumerate(mails):
        target = tmp_path / f"copy{number}.yaml"
        said = ok("read", str(path), "--into", str(target))
        assert ("a markdown fence" if number == 0 else "a [code] block") in said
        assert target.read_bytes() == table.log("alice").read_bytes()
    # An mbox and a Maildir holding the thread: the copy that goes furthest is read.
    first = tmp_path / "first.eml"
    ok("message", str(table.log("alice")), "--eml", str(first))
    table.log("bob").write_bytes(table.log("alice").read_bytes())
    table.play("bob", "invest JPY", "--after", "1")
    box_path = tmp_path / "thread.mbox"
    box = mailbox.mbox(str(box_path))
    box.add(parse(first))
    second = tmp_path / "second.eml"
    ok("message", str(table.log("bob")), "--eml", str(second))
    box.add(parse(second))
    box.flush()
    target = tmp_path / "from-mbox.yaml"
    ok("read", str(box_path), "--into", str(target))
    assert len(gamelog.load(target).entries) == 2
    maildir = mailbox.Maildir(str(tmp_path / "Maildir"), create=True)
    maildir.add(parse(second))
    maildir.add(parse(first))
    target = tmp_path / "from-maildir.yaml"
    ok("read", str(tmp_path / "Maildir"), "--into", str(target))
    assert len(gamelog.load(target).entries) == 2


def _log_mail(text: str, path: Path) -> Path:
    message = post("Here is the game.")
    message.add_attachment(text.encode(), maintype="text", subtype="plain", filename="game.yaml")
    return save(message, path)


def test_read_refuses_forks_rewrites_forgeries_and_strangers(table: Table, tmp_path: Path) -> None:
    table.play("alice", "invest USD")
    bob, carol = table.log("bob"), table.log("carol")
    bob.write_bytes(table.log("alice").read_bytes())
    table.play("bob", "invest JPY")
    carol.write_bytes(bob.read_bytes())
    table.play("carol", "invest CAD")
    mine = unchanged(carol)

    # A fork: bob's copy where carol's move 3 is another one (carol holds hers).
    fork_copy = tmp_path / "fork.yaml"
    fork_copy.write_bytes(bob.read_bytes())
    ok("play", str(fork_copy), "carol", "invest CNY", "--sign", "--key", str(table.keys["carol"]))
    out = refused(
        "fork",
        "read",
        str(_log_mail(fork_copy.read_text(), tmp_path / "f.eml")),
        "--into",
        str(carol),
    )
    assert "at move 3" in out
    assert unchanged(carol) == mine

    # A rewritten history: move 1 changed (and signed anew by alice), then played on: the
    # same game (its header, game id and all), its moves played again from the start.
    rewrite = tmp_path / "rewrite.yaml"
    text = carol.read_text()
    rewrite.write_text(text[: text.index("\nmoves:") + 1] + "moves: []\n")
    for name, decision in (
        ("alice", "invest GBP"),
        ("bob", "invest JPY"),
        ("carol", "invest CAD"),
        ("alice", "resolve"),
    ):
        ok("play", str(rewrite), name, decision, "--sign", "--key", str(table.keys[name]))
    out = refused(
        "rewritten",
        "read",
        str(_log_mail(rewrite.read_text(), tmp_path / "r.eml")),
        "--into",
        str(carol),
    )
    assert "rewrites move 1" in out
    assert unchanged(carol) == mine

    # A forged move: move 4 in alice's name, signed with bob's key.
    forged = tmp_path / "forged.yaml"
    forged.write_bytes(carol.read_bytes())
    log = gamelog.load(forged)
    played = gamelog.replay(log)
    bob_key = load_private_key(str(table.keys["bob"]), lambda: None)
    signature = signing.sign(bob_key, log, 4, played.final, "alice", "alice", "resolve")
    forged.write_text(forged.read_text() + f"  - alice: resolve\n    sig: {{alice: {signature}}}\n")
    out = refused(
        "forged",
        "read",
        str(_log_mail(forged.read_text(), tmp_path / "x.eml")),
        "--into",
        str(carol),
    )
    assert "made with bob's key" in out
    assert unchanged(carol) == mine

    # No log, two logs, another game's log, a changed key.
    refused(
        "no_log",
        "read",
        str(save(post("See you Friday."), tmp_path / "n.eml")),
        "--into",
        str(carol),
    )
    two = post("Two copies.")
    for number, text in enumerate((fork_copy.read_text(), rewrite.read_text())):
        two.add_attachment(
            text.encode(), maintype="text", subtype="plain", filename=f"game{number}.yaml"
        )
    refused("two_logs", "read", str(save(two, tmp_path / "two.eml")), "--into", str(carol))
    other = tmp_path / "other.yaml"
    ok("new", str(other), "--players", "dora,ed", "--seed", "else")
    refused(
        "other_game",
        "read",
        str(_log_mail(other.read_text(), tmp_path / "o.eml")),
        "--into",
        str(carol),
    )
    bob_public = key_in_pieces(Path(f"{table.keys['bob']}.pub").read_text()).split()[1:3]
    carol_public = key_in_pieces(Path(f"{table.keys['carol']}.pub").read_text()).split()[1:3]
    rekeyed = carol.read_text()
    for bob_piece, carol_piece in zip(bob_public, carol_public, strict=True):
        assert bob_piece in rekeyed  # the log writes a key's base64 in two pieces
        rekeyed = rekeyed.replace(bob_piece, carol_piece)
    refused(
        "key_changed", "read", str(_log_mail(rekeyed, tmp_path / "k.eml")), "--into", str(carol)
    )
    assert unchanged(carol) == mine
    # The older copy in bob's mail changes nothing either, and says so.
    said = ok("read", str(_log_mail(bob.read_text(), tmp_path / "old.eml")), "--into", str(carol))
    assert "older copy (2 moves; yours has 3)" in said
    assert unchanged(carol) == mine
    assert not [p for p in carol.parent.iterdir() if p.name.endswith(".tmp")]


def test_a_countersignature_arrives_by_mail(table: Table, tmp_path: Path) -> None:
    table.play("alice", "spot 1 GBP to bob for 1 USD; invest USD")
    table.log("bob").write_bytes(table.log("alice").read_bytes())
    ok("sign", str(table.log("bob")), "1", "--key", str(table.keys["bob"]))
    said = ok(
        "read",
        str(_log_mail(table.log("bob").read_text(), tmp_path / "c.eml")),
        "--into",
        str(table.log("alice")),
    )
    assert "adds bob's signature of move 1" in said
    entry = gamelog.load(table.log("alice")).entries[0]
    assert entry.sig is not None and set(entry.sig) == {"alice", "bob"}
    # A copy that drops it again is refused.
    # bob's signature, in its two pieces (quoted when it starts with "/" or "+").
    signed = table.log("alice").read_text()
    dropped = re.sub(r'\n      bob: "?[A-Za-z0-9+/=]+\n        [A-Za-z0-9+/=]+"?', "", signed)
    assert dropped != signed
    refused(
        "dropped_signature",
        "read",
        str(_log_mail(dropped, tmp_path / "d.eml")),
        "--into",
        str(table.log("alice")),
    )


def test_play_eml_never_replaces_a_file_and_writes_nothing_on_failure(
    table: Table, tmp_path: Path
) -> None:
    existing = tmp_path / "there.eml"
    existing.write_text("keep")
    before = unchanged(table.log("alice"))
    result = run(["play", str(table.log("alice")), "alice", "resolve", "--eml", str(existing)])
    assert result.exit_code == 2 and existing.read_text() == "keep"
    illegal = run(
        ["play", str(table.log("alice")), "bob", "resolve", "--eml", str(tmp_path / "new.eml")]
    )
    assert illegal.exit_code == 1
    assert not (tmp_path / "new.eml").exists()
    assert unchanged(table.log("alice")) == before


@pytest.mark.parametrize(
    ("content", "code"),
    [
        (b"", "empty"),
        (b"\x00\xff\xfe binary", "no_log"),
        (b"From nobody\n\n", "no_log"),
        (b"Subject: hi\n\n> > > \n```\n```\n[code]", "no_log"),
    ],
)
def test_read_answers_hostile_mail_cleanly(tmp_path: Path, content: bytes, code: str) -> None:
    mail = tmp_path / "m.eml"
    mail.write_bytes(content)
    result = run(["read", str(mail), "--into", str(tmp_path / "g.yaml")])
    assert result.exit_code == 1 and f": {code}: " in result.output
    assert not (tmp_path / "g.yaml").exists()


def test_read_paths_that_are_not_mail(tmp_path: Path) -> None:
    missing = run(["read", str(tmp_path / "none.eml"), "--into", str(tmp_path / "g.yaml")])
    assert missing.exit_code == 2 and "not_found" in missing.output
    folder = run(["read", str(tmp_path), "--into", str(tmp_path / "g.yaml")])
    assert folder.exit_code == 1 and "not a Maildir" in folder.output
    assert "Traceback" not in missing.output + folder.output


def _flowed(text: str, width: int = 72) -> str:
    """``text`` wrapped as format=flowed (RFC 3676): soft breaks after a space, quotes kept."""
    lines = []
    for line in text.splitlines():
        depth = len(line) - len(line.lstrip(">"))
        prefix, rest = line[:depth], line[depth:].removeprefix(" ")
        quote = prefix + " " if depth else ""
        stuffed = " " if not depth and rest.startswith((" ", ">", "From ")) else ""
        while len(quote) + len(rest) > width and " " in rest[: width - len(quote)]:
            cut = rest.rindex(" ", 0, width - len(quote)) + 1
            lines.append(quote + stuffed + rest[:cut])
            rest, stuffed = rest[cut:], " " if not depth and rest[cut:].startswith(" ") else ""
        lines.append(quote + stuffed + rest)
    return "\n".join(lines) + "\n"


def test_a_quoted_reply_in_format_flowed_is_read(table: Table, tmp_path: Path) -> None:
    """A mail program wraps a reply at 72 columns with format=flowed: the log comes back whole."""
    table.play("alice", "invest USD", "--note", "a long note " * 12)
    posted = ok("message", str(table.log("alice")), "--with-log").split("\n\n", 1)[1]
    quoted = "\n".join("> " + line if line else ">" for line in posted.splitlines())
    body = _flowed(f"Thanks, I have it.\n\nalice wrote:\n{quoted}\n")
    log_lines = posted.split("\nforex: 1\n", 1)[1].splitlines()
    assert max(len(line) for line in log_lines) <= 68  # the log is folded to fit
    assert any(line.endswith(" ") for line in body.splitlines())
    answer = EmailMessage()
    answer["Subject"] = "Re: the game"
    answer.set_content(body, params={"format": "flowed"})
    target = tmp_path / "flowed.yaml"
    ok("read", str(save(answer, tmp_path / "flowed.eml")), "--into", str(target))
    assert target.read_bytes() == table.log("alice").read_bytes()
    # Read as plain text (without unflowing), a line broken after a space is joined again
    # as a re-wrapped one is: the log comes back whole all the same.
    answer.set_param("format", "fixed")
    fixed = tmp_path / "fixed.yaml"
    result = run(["read", str(save(answer, tmp_path / "fixed.eml")), "--into", str(fixed)])
    assert result.exit_code == 0, result.output
    assert fixed.read_bytes() == table.log("alice").read_bytes()


# --------------------------------------------------------------------------- notes merged


def test_read_keeps_the_readers_notes_and_comments(table: Table, tmp_path: Path) -> None:
    """alice annotates move 1 and comments on it; bob's signed mail with move 2 keeps both."""
    table.play("alice", "invest USD")
    alice, bob = table.log("alice"), table.log("bob")
    bob.write_bytes(alice.read_bytes())
    ok("annotate", str(alice), "1", "a safe start")
    alice.write_text(alice.read_text() + "# alice: keep an eye on JPY\n")
    to_alice = tmp_path / "to-alice.eml"
    table.play("bob", "invest JPY", "--after", "1", "--eml", str(to_alice))
    said = ok("read", str(to_alice), "--into", str(alice))
    assert "1 new move (move 2)" in said
    assert "kept your note of move 1" in said
    assert "kept 1 comment of yours that the mail's copy lacks" in said
    merged = gamelog.load(alice)
    assert merged.entries[0].note == "a safe start"
    assert "# alice: keep an eye on JPY\n" in alice.read_text()
    assert [e.text for e in merged.entries] == ["invest USD", "invest JPY"]
    assert run(["validate", str(alice), "--require-signatures"]).exit_code == 0


def test_a_mail_that_only_adds_a_note_is_taken(table: Table, tmp_path: Path) -> None:
    table.play("alice", "invest USD")
    alice, bob = table.log("alice"), table.log("bob")
    bob.write_bytes(alice.read_bytes())
    ok("annotate", str(bob), "1", "bob thinks this is weak")
    mail = tmp_path / "note.eml"
    ok("message", str(bob), "--eml", str(mail))
    before = unchanged(alice)
    said = ok("read", str(mail), "--into", str(alice), "--dry-run")
    assert "with notes or comments yours lacks" in said and "would save" in said
    assert unchanged(alice) == before
    said = ok("read", str(mail), "--into", str(alice))
    assert "took the note of move 1 from the mail" in said and "saved" in said
    assert gamelog.load(alice).entries[0].note == "bob thinks this is weak"
    # Read again: nothing more to take.
    again = ok("read", str(mail), "--into", str(alice))
    assert "holds the 1 move you have" in again and "unchanged" in again
    assert run(["validate", str(alice), "--require-signatures"]).exit_code == 0


def test_both_changed_a_note_both_are_kept_or_refused(table: Table, tmp_path: Path) -> None:
    table.play("alice", "invest USD")
    alice, bob = table.log("alice"), table.log("bob")
    bob.write_bytes(alice.read_bytes())
    ok("annotate", str(alice), "1", "alice: strong")
    ok("annotate", str(bob), "1", "bob: weak")
    table.play("bob", "invest JPY", "--after", "1")
    said = ok("read", str(_log_mail(bob.read_text(), tmp_path / "b.eml")), "--into", str(alice))
    assert "kept both notes of move 1 (yours first, then the mail's)" in said
    assert gamelog.load(alice).entries[0].note == "alice: strong\n\nbob: weak"
    # bob reads alice's merged copy back: her note holds his, so nothing is doubled.
    said = ok("read", str(_log_mail(alice.read_text(), tmp_path / "a.eml")), "--into", str(bob))
    assert "took the note of move 1 from the mail" in said
    assert gamelog.load(bob).entries[0].note == "alice: strong\n\nbob: weak"
    # Two notes too long to keep together: refused, both shown, nothing changed.
    long_mine, long_theirs = "m" * 15000, "t" * 15000
    ok("annotate", str(alice), "2", long_mine)
    ok("annotate", str(bob), "2", long_theirs)
    before = unchanged(alice)
    out = refused(
        "note_conflict",
        "read",
        str(_log_mail(bob.read_text(), tmp_path / "c.eml")),
        "--into",
        str(alice),
    )
    assert "move 2" in out and "mmmm" in out and "tttt" in out
    assert unchanged(alice) == before


def test_an_older_copy_brings_its_notes(table: Table, tmp_path: Path) -> None:
    table.play("alice", "invest USD")
    alice, carol = table.log("alice"), table.log("carol")
    carol.write_bytes(alice.read_bytes())
    ok("annotate", str(carol), "1", "carol was here")
    bob = table.log("bob")
    bob.write_bytes(alice.read_bytes())
    table.play("bob", "invest JPY")
    alice.write_bytes(bob.read_bytes())
    said = ok("read", str(_log_mail(carol.read_text(), tmp_path / "o.eml")), "--into", str(alice))
    assert "older copy (1 move" in said and "yours has 2)" in said
    assert "took the note of move 1 from the mail" in said
    assert gamelog.load(alice).entries[0].note == "carol was here"
    assert len(gamelog.load(alice).entries) == 2


def test_a_stale_copy_is_told_to_read_the_latest_mail(table: Table, tmp_path: Path) -> None:
    """bob answers alice's second mail from his copy of her first: read the mail first."""
    to_bob = tmp_path / "to-bob.eml"
    table.play("alice", "invest USD", "--eml", str(to_bob))
    ok("read", str(to_bob), "--into", str(table.log("bob")))
    alice = table.log("alice")
    ok("play", str(alice), "bob", "invest JPY", "--sign", "--key", str(table.keys["bob"]))
    ok("message", str(alice), "--eml", str(tmp_path / "latest.eml"))
    carol = ["--sign", "--key", str(table.keys["carol"])]
    stale = run(["play", str(table.log("bob")), "carol", "invest CAD", "--after", "2", *carol])
    assert stale.exit_code == 1 and "log_moved_on" in stale.stderr
    assert "this copy is older than the game you answer" in stale.stderr
    assert f"forex read MAIL --into {table.log('bob')}" in stale.stderr
    ok("read", str(tmp_path / "latest.eml"), "--into", str(table.log("bob")))
    ahead = run(["play", str(table.log("bob")), "carol", "invest CAD", "--after", "1"])
    assert ahead.exit_code == 1 and "someone has moved since you looked" in ahead.stderr
    assert f"forex show {table.log('bob')} --since 1" in ahead.stderr


# --------------------------------------------------------------------------- re-wrapped logs


def _old_layout(text: str) -> str:
    """``text`` as forexcli wrote signatures before they were folded: ``sig: {a: X, b: Y}``
    on one line of about 110 to 200 characters."""

    def one_line(match: re.Match[str]) -> str:
        pairs = re.findall(r"      (\S+): (\S+)\n        (\S+)\n", match.group(1))
        return "    sig: {" + ", ".join(f"{n}: {a}{b}" for n, a, b in pairs) + "}\n"

    return re.sub(r"    sig:\n((?:      \S+: \S+\n        \S+\n)+)", one_line, text)


def _rewrapped(text: str, width: int = 70) -> str:
    """``text`` re-wrapped as a mail program does a reply: a line longer than ``width`` is
    broken at its last space that fits, and the rest goes on a new line with the quote
    marker only (the indentation is lost)."""
    out = []
    for line in text.splitlines():
        marker = re.match(r"(?:> ?)*", line).group(0)  # type: ignore[union-attr]
        text_start = len(marker) + len(line[len(marker) :]) - len(line[len(marker) :].lstrip())
        while len(line) > width and " " in line[text_start + 1 : width]:
            cut = line.rindex(" ", text_start + 1, width)
            out.append(line[:cut])
            line = marker + line[cut + 1 :].lstrip(" ")
            text_start = len(marker)
        out.append(line)
    return "\n".join(out) + "\n"


def test_a_reply_that_rewrapped_the_quoted_log_is_repaired(table: Table, tmp_path: Path) -> None:
    """An old-style log (one-line signatures of two signers) quoted in a reply that a mail
    program re-wrapped at 70 columns: the broken lines are joined back, every signature
    verifies again."""
    alice = table.log("alice")
    table.play("alice", "spot 1 GBP to bob for 1 USD; invest USD")
    ok("sign", str(alice), "1", "--key", str(table.keys["bob"]))
    ok("play", str(alice), "bob", "invest JPY", "--sign", "--key", str(table.keys["bob"]))
    old = _old_layout(alice.read_text())
    assert max(len(line) for line in old.splitlines()) > 180
    alice.write_text(old)
    assert run(["validate", str(alice), "--require-signatures"]).exit_code == 0
    posted = ok("message", str(alice), "--with-log").split("\n\n", 1)[1]
    quoted = "\n".join("> " + line if line else ">" for line in posted.splitlines())
    body = _rewrapped(f"Got it, thanks.\n\nbob wrote:\n{quoted}\n")
    # "    sig: {alice: X, bob: Y}" broke after "alice:": "X, bob: Y}" lost its indentation.
    assert re.search(r"\n> [A-Za-z0-9+/]{40,}", body)
    answer = post(body, "bob")
    target = table.log("carol")
    said = ok("read", str(save(answer, tmp_path / "wrapped.eml")), "--into", str(target))
    assert "a mail program had broken joined again" in " ".join(said.split())
    assert gamelog.load(target).document.data == gamelog.load(alice).document.data
    assert run(["validate", str(target), "--require-signatures"]).exit_code == 0
    # Past repair: a broken-off line lost its end. log_damaged, with the line, not no_log.
    lines = body.splitlines()
    broken = next(i for i, line in enumerate(lines) if re.match(r"> [A-Za-z0-9+/]{40,}.*}$", line))
    lines[broken] = lines[broken].replace("}", "")
    damaged = post("\n".join(lines) + "\n", "bob")
    fresh = tmp_path / "fresh.yaml"
    out = refused(
        "log_damaged", "read", str(save(damaged, tmp_path / "d.eml")), "--into", str(fresh)
    )
    assert "no_log" not in out
    # It names the line where the log broke: a line of the damaged mail (which line the
    # reader stops at depends on where the random signatures were cut).
    named = re.search(r"of the log: '([^']{10})", out)
    assert named is not None, out
    assert any(named.group(1) in line for line in lines), out
    assert not fresh.exists()


def test_a_pasted_log_that_requires_signatures_is_read_whole() -> None:
    """``signatures: required`` is a header key of For-Ex's log schema: it does not end a log
    pasted into a mail (it did while the mail reader listed the header keys by hand)."""
    from forexcli.record.mail import find_logs

    text = 'forex: 1\nplayers: [alice, bob]\nseed: "1a2b3c4d"\nsignatures: required\nmoves: []\n'
    found, _ = find_logs("pasted.eml", f"Subject: hi\n\nThe log:\n\n{text}\nbye\n".encode())
    assert [each.text for each in found] == [text]
