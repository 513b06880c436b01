"""Play by e-mail without surprises (issue 41): a fork settled with the commands `read`
prints, `diff` of a mail, everyone in the mail, every note `read` merged reported.

Real keys, real signed moves, real .eml files; the commands a refusal prints are run
exactly as printed."""

from __future__ import annotations

import email
import email.policy
import re
import shlex
from pathlib import Path

import pytest

from forexcli.record import gamelog
from tests.cli.test_commands import run

PLAYERS = ("alice", "bob", "carol")


def ok(*args: str, input: str | bytes | None = None) -> str:
    result = run(list(args), input=input)
    assert result.exit_code == 0, result.output
    return result.output


def refused(code: str, *args: str) -> str:
    result = run(list(args))
    assert result.exit_code == 1, result.output
    assert f": {code}: " in result.output, result.output
    assert "Traceback" not in result.output
    return result.output


def moves_of(path: Path) -> list[str]:
    """The moves of a log, each with its signatures."""
    return [f"{e.player}: {e.text} {sorted(e.sig or {})}" for e in gamelog.load(path).entries]


def hints(output: str) -> list[str]:
    """The hints of ``output``, each with its wrapped lines joined."""
    found: list[str] = []
    for line in output.splitlines():
        if "hint: " in line:
            found.append(line.split("hint: ", 1)[1])
        elif found and line.startswith("        "):
            found[-1] += " " + line.strip()
    return found


def commands_in(hint: str) -> list[list[str]]:
    """The forex commands a hint prints (``forex ...`` up to ``, then``, ``)`` or its end)."""
    found = re.findall(r"forex ([^()]*?)(?:, then |\)|$)", hint)
    return [shlex.split(command) for command in found]


def sign(path: str, player: str, decision: str, *extra: str) -> None:
    ok("play", path, player, decision, "--sign", "--key", f"{player}.key", *extra)


@pytest.fixture
def forked(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A signed game of three: after 3 shared moves alice answered twice. carol's copy
    holds alice's move 4 (invest CHF); bob's holds her other move 4 (invest EUR) and bob's
    own move 5 on it, and bob mailed it (bob.eml)."""
    monkeypatch.chdir(tmp_path)
    for name in PLAYERS:
        ok("key", "new", f"{name}.key", "--no-passphrase", "--comment", name)
    contacts = [a for n in PLAYERS for a in ("--contact", f"{n}={n}@example.org")]
    keys = [a for n in PLAYERS for a in ("--key-for", f"{n}={n}.key.pub")]
    ok("new", "base.yaml", "--players", ",".join(PLAYERS), "--seed", "mail", *contacts, *keys)
    for name, decision in (("alice", "invest USD"), ("bob", "invest JPY"), ("carol", "invest CAD")):
        sign("base.yaml", name, decision)
    for name in ("carol", "bob"):
        (tmp_path / f"{name}.yaml").write_bytes((tmp_path / "base.yaml").read_bytes())
    sign("carol.yaml", "alice", "invest CHF")
    sign("bob.yaml", "alice", "invest EUR")
    sign("bob.yaml", "bob", "resolve")
    ok("message", "bob.yaml", "--eml", "bob.eml")
    return tmp_path


# --------------------------------------------------------------------------- diff of a mail


def test_diff_takes_a_mail_on_either_side(forked: Path) -> None:
    for args in (("carol.yaml", "bob.eml"), ("bob.eml", "carol.yaml")):
        result = run(["diff", *args])
        assert result.exit_code == 1, result.output
        sentence = " ".join(result.stdout.split())
        assert "agree on moves 1 to 3 and part at move 4" in sentence
        assert re.search(
            r"^move 4 +alice: invest (CHF|EUR) +alice: invest (CHF|EUR)$", result.stdout, re.M
        )
    # A forum post with the log in a [code] block, and standard input.
    post = ok("message", "bob.yaml", "--format", "bbcode", "--with-log")
    (forked / "post.txt").write_text(post)
    assert run(["diff", "carol.yaml", "post.txt"]).exit_code == 1
    assert run(["diff", "carol.yaml", "-"], input=(forked / "bob.eml").read_bytes()).exit_code == 1
    assert run(["diff", "bob.yaml", "bob.eml"]).exit_code == 0


def test_diff_of_a_file_that_is_neither_log_nor_mail(forked: Path) -> None:
    (forked / "notes.txt").write_text("See you on Friday.\n")
    result = run(["diff", "carol.yaml", "notes.txt"])
    assert result.exit_code == 2
    assert "no_log: notes.txt is neither a game log nor a mail" in result.output
    assert "hint: " in result.output
    # A broken log is still told as a broken log.
    (forked / "broken.yaml").write_text("forex: 1\nplayers: [alice, bob\n")
    result = run(["diff", "carol.yaml", "broken.yaml"])
    assert result.exit_code == 2 and "yaml_syntax" in result.output


# --------------------------------------------------------------------------- the fork settled


def test_the_fork_refusal_names_the_branches_and_who_built_on_them(forked: Path) -> None:
    before = (forked / "carol.yaml").read_bytes()
    out = refused("fork", "read", "bob.eml", "--into", "carol.yaml")
    said = " ".join(out.split())
    assert "forks from your copy at move 4" in said
    assert "Your copy goes on with alice's move 4 (invest CHF)" in said
    assert "alice's move 4 (invest EUR), and bob has already played on it (move 5)" in said
    assert (forked / "carol.yaml").read_bytes() == before
    keep, take, compare = hints(out)
    assert commands_in(keep) == [["message", "carol.yaml", "--eml", "resend.eml"]]
    assert commands_in(take) == [
        ["undo", "carol.yaml", "--to", "3", "--settle", "bob.eml"],
        ["read", "bob.eml", "--into", "carol.yaml"],
    ]
    assert commands_in(compare) == [["diff", "carol.yaml", "bob.eml"]]


def test_take_theirs_works_as_printed(forked: Path) -> None:
    out = refused("fork", "read", "bob.eml", "--into", "carol.yaml")
    undo, read = commands_in(hints(out)[1])
    said = ok(*undo)
    assert "removed move 4: alice: invest CHF from carol.yaml" in said
    assert "(alice's move 4, signed by alice)" in said
    assert "to settle the fork with bob.eml" in said and "forex read bob.eml" in said
    ok(*read)
    assert moves_of(forked / "carol.yaml") == moves_of(forked / "bob.yaml")


def test_keep_mine_and_resend_works_as_printed(forked: Path) -> None:
    out = refused("fork", "read", "bob.eml", "--into", "carol.yaml")
    (message,) = commands_in(hints(out)[0])
    ok(*message)
    # bob reads carol's copy: the same refusal on his side, with the commands for him.
    out = refused("rewritten", "read", "resend.eml", "--into", "bob.yaml")
    assert "Your copy goes on with alice's move 4 (invest EUR), and bob has already" in " ".join(
        out.split()
    )
    undo, read = commands_in(hints(out)[1])
    assert undo == ["undo", "bob.yaml", "--to", "3", "--settle", "resend.eml"]
    assert "moves 4 to 5" in ok(*undo)
    ok(*read)
    assert moves_of(forked / "bob.yaml") == moves_of(forked / "carol.yaml")


def test_undo_of_anothers_move_without_a_fork_still_needs_force(forked: Path) -> None:
    before = (forked / "carol.yaml").read_bytes()
    out = refused("not_your_move", "undo", "carol.yaml", "--to", "3", "--key", "carol.key")
    assert "--settle MAIL" in hints(out)[0]
    assert "forex undo carol.yaml --to 3 --key carol.key" not in out
    # --settle with a copy that does not fork, or at another move, removes nothing.
    out = refused("not_a_fork", "undo", "carol.yaml", "--to", "3", "--settle", "base.yaml")
    assert "does not fork" in out
    out = refused("not_a_fork", "undo", "carol.yaml", "--to", "2", "--settle", "bob.eml")
    assert "after move 3, not after move 2" in out
    assert "forex undo carol.yaml --to 3 --settle bob.eml" in out
    assert (forked / "carol.yaml").read_bytes() == before
    said = ok("undo", "carol.yaml", "--to", "3", "--key", "carol.key", "--force")
    assert "--force: not carol's own moves alone" in said


def test_settle_without_to_takes_the_branch_point(forked: Path) -> None:
    said = ok("undo", "carol.yaml", "--settle", "bob.eml", "--dry-run")
    assert said.startswith("would remove move 4: alice: invest CHF from carol.yaml")
    result = run(["undo", "carol.yaml", "--after", "4", "--settle", "bob.eml"])
    assert result.exit_code == 2
    # The mail on standard input: the command to read it next names it MAIL.
    piped = run(
        ["undo", "carol.yaml", "--settle", "-", "--dry-run"],
        input=(forked / "bob.eml").read_bytes(),
    )
    assert piped.exit_code == 0, piped.output
    assert "its copy holds moves 1 to 3 as yours" in piped.output
    assert "forex read MAIL --into carol.yaml" in piped.output


# --------------------------------------------------------------------------- everyone in the mail


def _headers(path: Path) -> tuple[str | None, str | None]:
    message = email.message_from_bytes(path.read_bytes(), policy=email.policy.default)
    to, cc = message["To"], message["Cc"]
    return (None if to is None else str(to)), (None if cc is None else str(cc))


def test_eml_writes_to_the_next_decider_and_cc_the_others(forked: Path) -> None:
    # bob.eml (from message --eml): bob decides next (his dividend choice).
    assert _headers(forked / "bob.eml") == (
        "bob@example.org",
        "alice@example.org, carol@example.org",
    )
    sign("carol.yaml", "bob", "invest GBP", "--eml", "play.eml")
    to, cc = _headers(forked / "play.eml")
    assert to == "carol@example.org"
    assert cc == "alice@example.org"  # bob sent it: no copy to himself
    ok("message", "bob.yaml", "--eml", "next.eml", "--to", "next")
    assert _headers(forked / "next.eml") == ("bob@example.org", None)
    sign("bob.yaml", "bob", "strengthen USD", "--eml", "play-next.eml", "--to", "next")
    assert _headers(forked / "play-next.eml")[1] is None


# --------------------------------------------------------------------------- every note reported


@pytest.fixture
def copies(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """mine.yaml and theirs.yaml: the same 3 moves of an unsigned game."""
    monkeypatch.chdir(tmp_path)
    ok("new", "mine.yaml", "--players", ",".join(PLAYERS), "--seed", "notes")
    for name, decision in (("alice", "invest USD"), ("bob", "invest JPY"), ("carol", "invest CAD")):
        ok("play", "mine.yaml", name, decision)
    (tmp_path / "theirs.yaml").write_bytes((tmp_path / "mine.yaml").read_bytes())
    return tmp_path


def _mail(path: str, eml: str) -> None:
    ok("message", path, "--eml", eml)


def test_read_reports_an_old_moves_note_taken_with_new_moves(copies: Path) -> None:
    ok("annotate", "theirs.yaml", "1", "alice opens with the dollar")
    ok("annotate", "mine.yaml", "2", "bob likes yen")
    ok("play", "theirs.yaml", "alice", "resolve")
    _mail("theirs.yaml", "theirs.eml")
    said = ok("read", "theirs.eml", "--into", "mine.yaml")
    assert "1 new move (move 4)" in said
    assert "took the note of move 1 from the mail" in said
    assert "kept your note of move 2 (the mail's copy has none)" in said
    notes = [e.note for e in gamelog.load(copies / "mine.yaml").entries]
    assert notes == ["alice opens with the dollar", "bob likes yen", None, None]


def test_read_reports_the_notes_it_kept_when_nothing_changes(copies: Path) -> None:
    ok("annotate", "mine.yaml", "1", "alice opens with the dollar, as always")
    ok("annotate", "theirs.yaml", "1", "alice opens with the dollar")
    _mail("theirs.yaml", "theirs.eml")
    before = (copies / "mine.yaml").read_bytes()
    said = ok("read", "theirs.eml", "--into", "mine.yaml")
    assert "mine.yaml is unchanged" in said
    assert "kept your note of move 1 (it holds the mail's)" in said
    assert (copies / "mine.yaml").read_bytes() == before
