"""A cheater in a signed 3-player game by mail, with real keys: copies that carol (who holds
only her own key) makes to slip something past the honest readers' ``read``, ``validate``,
``play`` and ``diff``; each must be refused, clearly, with nothing changed."""

from __future__ import annotations

import contextlib
import os
import shutil
from email.message import EmailMessage
from pathlib import Path
from typing import Any

import pytest
from click.testing import Result

from forexcli.record import edit
from forexcli.record.problems import LogError
from tests.cli.test_commands import ROOT, run
from tests.cli.test_worldex_commands import copy_example, keys
from tests.signed import signed_game, signer

COMPONENTS = ROOT / "forexcli/games/worldex/data/invented-components.json"


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The README's signed game after bob's countersigned spot deal (the keys beside it):
    carol, the cheater, decides move 3."""
    folder = tmp_path_factory.mktemp("redteam")
    signed_game(folder, 2)
    return folder


@pytest.fixture
def table(made: Path, tmp_path: Path) -> Path:
    shutil.copytree(made, tmp_path / "table")
    return tmp_path / "table"


def carol_plays(table: Path, name: str, *decisions: str) -> Path:
    """A copy of the game named ``name`` beside it, with carol's move 3: the first of
    ``decisions`` that is legal, signed with her key."""
    copy = table / name
    shutil.copyfile(table / "game.yaml", copy)
    keys = {"carol": table / "carol.key"}
    for decision in decisions:
        try:
            edit.append(str(copy), "carol", decision, digest=True, signer=signer(keys, "carol"))
        except LogError:
            continue
        return copy
    raise AssertionError(f"none of {decisions} is legal for carol")


def test_read_refuses_a_log_file_that_hides_a_second_document(table: Path) -> None:
    """carol's copy is her signed move 3 and then, as a second YAML document, a fork of it
    (another move 3 of hers): an editor, ``validate`` and ``diff`` show the first, ``read``
    (which took the file for a mail whose header was the first log) took the second. Now
    ``read`` tells the file's problem as ``validate`` does, at its line, and saves nothing."""
    shown = carol_plays(table, "shown.yaml", "invest CAD")
    hidden = carol_plays(table, "hidden.yaml", "invest EUR", "invest CNY", "invest GBP")
    mail = table / "mail.yaml"
    mail.write_text(shown.read_text() + "---\n" + hidden.read_text())
    second = len(shown.read_text().splitlines()) + 1
    alice = table / "game.yaml"
    before = alice.read_bytes()
    told = run(["validate", str(mail)]).stdout.splitlines()[0]
    assert told.startswith(f"{mail}:{second}:1: multiple_documents: "), told
    result = run(["read", str(mail), "--into", str(alice)])
    assert result.exit_code == 1, result.output
    assert told in result.output.splitlines()
    assert "hint: " in result.output
    assert alice.read_bytes() == before
    # A saved post whose first lines only look like a header is still read as a post.
    post = table / "post.txt"
    post.write_text(f"title: my move\n\nHere it is:\n\n```yaml\n{shown.read_text()}```\n")
    result = run(["read", str(post), "--into", str(alice), "--dry-run"])
    assert result.exit_code == 0, result.output
    assert "1 new move (move 3)" in result.stdout


def test_read_tells_where_a_log_file_breaks(table: Path) -> None:
    """A log file with a YAML or schema error was refused as ``no_log`` ("holds no game
    log"), placed at the reader's copy; now as ``validate`` tells it, at its line."""
    shown = carol_plays(table, "shown.yaml", "invest CAD")
    text = shown.read_text()
    alice = table / "game.yaml"
    before = alice.read_bytes()
    for broken in (
        text.replace("seed: friday\n", "seed: friday\nsneaky: 1\n"),
        text.replace("    digest:", "    digest: 0000000000000000\n    digest:", 1),
    ):
        shown.write_text(broken)
        told = run(["validate", str(shown)]).stdout.splitlines()[0]
        assert told.startswith(f"{shown}:"), told
        result = run(["read", str(shown), "--into", str(alice)])
        assert result.exit_code == 1, result.output
        assert told in result.output.splitlines()
        assert "no_log" not in result.output
        assert alice.read_bytes() == before


def test_a_world_exchangers_log_naming_a_pipe_for_its_components_does_not_hang(
    tmp_path: Path,
) -> None:
    """A World Exchangers copy whose header names a pipe (or ``/dev/tty``) as its components
    file: ``validate`` and ``read`` opened it before any signature was checked and waited
    for a writer, for ever. Now the path is refused at once, at the header's ``components:``,
    as no regular file."""
    import threading

    log = copy_example(tmp_path, 2)
    pipe = log.parent / "components.json"
    os.mkfifo(pipe)
    text = log.read_text("utf-8")
    log.write_text(text.replace("file: ../../forexcli/", "file: components.json #", 1), "utf-8")
    line = next(n for n, ln in enumerate(log.read_text("utf-8").splitlines(), 1) if "file:" in ln)
    results: dict[str, Result] = {}

    def check() -> None:
        results["validate"] = run(["validate", str(log)])
        results["read"] = run(["read", str(log), "--into", str(log.parent / "copy.yaml")])

    worker = threading.Thread(target=check, daemon=True)
    worker.start()
    worker.join(60)
    if worker.is_alive():
        for _ in range(2):  # let the commands that wait for a writer of the pipe go on
            with contextlib.suppress(OSError):  # no reader (yet): nothing waits
                os.close(os.open(pipe, os.O_WRONLY | os.O_NONBLOCK))
            worker.join(10)
        pytest.fail("a command waited for a writer of the pipe the log names")
    for command, result in results.items():
        assert result.exit_code == 1, (command, result.output)
        assert f":{line}:9: components_unreadable: " in result.output, (command, result.output)
        assert "is not a regular file (a pipe, socket or device)" in result.output
    assert not (log.parent / "copy.yaml").exists()


def test_an_offer_nobody_signed_in_a_keyed_players_name_is_refused(table: Path) -> None:
    """carol plays move 3 and mails bob a copy that hands alice's seat to the engine and
    holds an ``offer:`` in alice's name: a spot deal good for carol's friend bob. The header's
    offer is signed by nobody: ``read`` took it, ``validate`` called the copy valid, and
    ``play bob accept --sign`` wrote move 4 in alice's name without her signature (alice
    never made that deal). Now an offer in the name of a player whose key the log holds is
    ``bad_offer``: ``validate`` and ``read`` refuse the copy, ``play`` answers it neither way
    and changes nothing, and ``forex undo`` takes it back."""
    played = carol_plays(table, "carol.yaml", "invest CAD")
    forged = table / "forged.yaml"
    offer = "spot 1 GBP to bob for 1.5 EUR; contract 1 GBP for 1.5 EUR"
    forged.write_text(
        played.read_text().replace(
            "moves:\n",
            f"engines: {{alice: 1s}}\noffer:\n  player: alice\n  decision: {offer}\nmoves:\n",
            1,
        )
    )
    line = next(n for n, ln in enumerate(forged.read_text().splitlines(), 1) if "decision:" in ln)
    checked = run(["validate", str(forged)])
    assert checked.exit_code == 1, checked.output
    said = " ".join(checked.stdout.split())
    assert f"{forged}:{line}:13: bad_offer: offer: alice: {offer}: alice has a key" in said
    assert "the header's offer: is signed by nobody" in said
    assert f"hint: remove the offer: forex undo {forged}" in said
    bob = table / "game.yaml"
    before = bob.read_bytes()
    read = run(["read", str(forged), "--into", str(bob)])
    assert read.exit_code == 1, read.output
    assert f"{forged}:{line}:13: forged: " in read.stderr and "alice has a key" in read.stderr
    assert bob.read_bytes() == before
    kept = forged.read_bytes()  # a copy that holds it already (saved by an older forexcli)
    for answer in (["accept", "--sign", "--key", str(table / "bob.key")], ["decline"]):
        answered = run(["play", str(forged), "bob", *answer])
        assert answered.exit_code == 1, answered.output
        assert ": bad_offer: " in answered.stderr and "hint: " in answered.stderr
        assert forged.read_bytes() == kept
    assert run(["undo", str(forged)]).exit_code == 0
    assert "offer:" not in forged.read_text()


@pytest.fixture(scope="module")
def worldex(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A signed World Exchangers game of ann, ben and cat dealt from a seed, beside its
    components and the players' keys: ann's first move signed."""
    folder = tmp_path_factory.mktemp("redteam-worldex")
    shutil.copyfile(COMPONENTS, folder / "components.json")
    given = []
    for name in ("ann", "ben", "cat"):
        made = run(["key", "new", str(folder / f"{name}.key"), "--no-passphrase"])
        assert made.exit_code == 0, made.output
        given += ["--key-for", f"{name}={folder / name}.key.pub"]
    game = folder / "game.yaml"
    new = ["new", str(game), "--game", "world-exchangers", "--players", "ann,ben,cat"]
    setup = ["--components", str(folder / "components.json"), "--seed", "s3cret", "--first", "ann"]
    made = run([*new, *setup, *given])
    assert made.exit_code == 0, made.output
    played = run(
        ["play", str(game), "ann", "sell Cairo", "--sign", "--key", str(folder / "ann.key")]
    )
    assert played.exit_code == 0, played.output
    return folder


def test_read_tells_a_world_exchangers_set_up_refused_in_the_mail_not_in_the_readers_copy(
    worldex: Path, tmp_path: Path
) -> None:
    """cat's copy deals from another seed, which gives cat the red marker while the header
    names ann first: ``read`` told ``bad_setup`` at ``first:`` of the reader's own copy (which is
    fine), from a mail or a log file alike. Now it refuses the mail's log (``forged``), placed
    in the log file, or naming the line of the log in the mail."""
    table = tmp_path / "table"
    shutil.copytree(worldex, table)
    ann = table / "game.yaml"
    before = ann.read_bytes()
    mail = table / "cat.yaml"
    mail.write_text(ann.read_text().replace("seed: s3cret\n", "seed: s3cret2\n"))
    line = next(n for n, ln in enumerate(mail.read_text().splitlines(), 1) if "first:" in ln)
    told = run(["validate", str(mail)]).stdout
    assert f"{mail}:{line}:" in told and ": bad_setup: " in told and "red marker" in told
    read = run(["read", str(mail), "--into", str(ann)])
    assert read.exit_code == 1, read.output
    assert read.stderr.startswith(f"{mail}:{line}:"), read.stderr
    assert ": forged: " in read.stderr and "red marker" in read.stderr
    assert str(ann) not in read.stderr
    eml = table / "cat.eml"
    message = EmailMessage()
    message["Subject"] = "my move"
    message.set_content("Here is my move.")
    message.add_attachment(mail.read_bytes(), "application", "yaml", filename="game.yaml")
    eml.write_bytes(bytes(message))
    read = run(["read", str(eml), "--into", str(ann)])
    assert read.exit_code == 1, read.output
    said = " ".join(read.stderr.split())
    assert said.startswith(f"{ann}: forged: the log in {eml} (the attachment game.yaml, line")
    assert f"{ann}:{line}:" not in read.stderr and "red marker" in said
    assert ann.read_bytes() == before


def test_undo_settle_names_the_mail_of_a_world_exchangers_copy(
    worldex: Path, tmp_path: Path
) -> None:
    """``forex undo --settle`` of a mail whose World Exchangers copy is another game said
    ``game.yaml and game.yaml are different games`` (the log out of the mail is read as if
    saved at the reader's copy, to find its components); now it names the mail."""
    table = tmp_path / "table"
    shutil.copytree(worldex, table)
    ann = table / "game.yaml"
    before = ann.read_bytes()
    message = EmailMessage()
    message["Subject"] = "my move"
    message.set_content("Here is my move.")
    other = ann.read_bytes().replace(b"seed: s3cret\n", b"seed: other\n")
    message.add_attachment(other, "application", "yaml", filename="game.yaml")
    eml = table / "cat.eml"
    eml.write_bytes(bytes(message))
    settled = run(["undo", str(ann), "--settle", str(eml)])
    assert settled.exit_code == 1, settled.output
    said = " ".join(settled.stderr.split())
    assert f"{ann}: not_a_fork: the copy in {eml} does not fork from {ann}:" in said
    assert f"{ann} and {eml} are different games, not a fork" in said
    assert ann.read_bytes() == before


def _committed_game(tmp_path: Path) -> tuple[Path, str, str]:
    """The World Exchangers example's first 12 moves with its seed left out (committed to by
    ``seed_sha256:``), every move signed by its player's key, a copy beside it as
    ``ours.yaml``: the game, its ``seed: ...`` line, and its text with the seed revealed."""
    game = copy_example(tmp_path, 12)
    seed = next(ln for ln in game.read_text().splitlines() if ln.startswith("seed: "))
    header, moves = game.read_text().split("moves:\n")
    made = keys(tmp_path, "ai", "louis", "mei")
    given = "".join(f"  {name}: {Path(f'{made[name]}.pub').read_text()}" for name in made)
    game.write_text(header.replace(seed + "\n", "") + "keys:\n" + given + "moves:\n")
    signers = {name: signer(made, name) for name in made}
    for line in moves.splitlines():
        player, text = line.split("#")[0].strip().removeprefix("- ").split(": ", 1)
        edit.append(str(game), player, text, digest=True, signer=signers.get(player))
    shutil.copyfile(game, game.parent / "ours.yaml")
    return game, seed, game.read_text().replace("seed_sha256:", seed + "\nseed_sha256:", 1)


def test_the_host_revealing_the_committed_seed_keeps_a_signed_world_exchangers_game(
    tmp_path: Path,
) -> None:
    """docs/worldex-rules.md's game between players who do not trust each other: the host
    commits to a secret seed (``seed_sha256:``), the players sign their moves, and after the
    game the host writes ``seed:`` into the header. That broke every signature (the header
    is the game's identity: ``edited_move``), and ``read`` and ``diff`` called the copy with
    the seed another game. Now the revealed seed, which its SHA-256 pins, is left out of the
    identity and of the comparison: the log stays valid and the copies the same game; a seed
    that is not the one committed to is still refused."""
    game, seed, revealed = _committed_game(tmp_path)
    ours = game.parent / "ours.yaml"
    game.write_text(revealed)
    checked = run(["validate", str(game)])
    assert checked.exit_code == 0, checked.output
    compared = run(["diff", str(ours), str(game)])
    assert "hold the same 12 moves. Their headers differ in seed." in compared.stdout
    read = run(["read", str(game), "--into", str(ours)])
    assert read.exit_code == 0, read.output
    assert "other_game" not in read.output
    game.write_text(revealed.replace(seed, seed[:-1] + ("0" if seed[-1] != "0" else "1")))
    checked = run(["validate", str(game)])
    assert checked.exit_code == 1 and ": deal_mismatch: " in checked.stdout, checked.output


@pytest.mark.parametrize(
    "twin",
    ["Cat", "cat\u200b", "\u0441at", "c\u2060at"],
    ids=["case", "zero-width-space", "cyrillic-es", "word-joiner"],
)
def test_no_player_of_any_game_looks_like_another(tmp_path: Path, twin: str) -> None:
    """A game whose creator seats a player whose name looks like another's (a twin of
    ``cat``: another case, an invisible character, a Cyrillic letter): For-Ex refused only
    case, spaces and Unicode forms, World Exchangers nothing, so that a move in the twin's
    name read as cat's. Now ``forex new`` refuses the twin for both games, and ``validate``
    refuses a log that seats one (``confusable_names``, at the twin's name)."""
    players = f"ann,cat,{twin}"
    worldex = ["--game", "world-exchangers", "--components", str(COMPONENTS), "--first", "ann"]
    for game in ([], worldex):
        made = run(["new", str(tmp_path / "new.yaml"), "--players", players, *game])
        assert made.exit_code == 2, made.output
        assert "would be taken for one player" in made.stderr
        assert not (tmp_path / "new.yaml").exists()
    for number, game in enumerate(([], worldex)):
        log = tmp_path / f"game{number}.yaml"
        made = run(["new", str(log), "--players", "ann,cat,bob", "--seed", "s3cret", *game])
        assert made.exit_code == 0, made.output
        escaped = twin.encode("ascii", "backslashreplace").decode()
        log.write_text(log.read_text().replace("bob", f'"{escaped}"'))
        line = next(n for n, ln in enumerate(log.read_text().splitlines(), 1) if "players:" in ln)
        checked = run(["validate", str(log)])
        assert checked.exit_code == 1, checked.output
        assert checked.stdout.startswith(f"{log}:{line}:"), checked.stdout
        assert ": confusable_names: " in checked.stdout
        assert "would be taken for one player" in checked.stdout


def test_one_mail_holding_both_branches_of_a_fork_says_fork(table: Path) -> None:
    """carol mails one reply holding two different move 3s (the log in its text and another
    attached): ``read`` said ``2 different logs``; now it names the fork, where the copies
    are and the moves they share, as for a mailbox holding both branches."""
    shown = carol_plays(table, "shown.yaml", "invest CAD")
    hidden = carol_plays(table, "hidden.yaml", "invest EUR", "invest CNY", "invest GBP")
    message = EmailMessage()
    message["Subject"] = "my move"
    message.set_content(f"Here it is:\n\n{shown.read_text()}")
    message.add_attachment(hidden.read_bytes(), "application", "yaml", filename="game.yaml")
    mail = table / "both.eml"
    mail.write_bytes(bytes(message))
    alice = table / "game.yaml"
    before = alice.read_bytes()
    read = run(["read", str(mail), "--into", str(alice)])
    assert read.exit_code == 1, read.output
    said = " ".join(read.stderr.split())
    assert f"{alice}: fork: {mail} holds two copies of the game that fork:" in said, said
    assert "different logs" not in said
    assert "agree on moves 1 to 2 and part at move 3: the text of the text/plain body has" in said
    assert "has carol: invest CAD, the attachment game.yaml has carol: invest EUR" in said
    assert "forex diff" in said
    assert alice.read_bytes() == before


def test_message_mails_no_log_that_fails_its_checks(table: Path) -> None:
    """A copy whose move 1 carol changed after alice signed it: ``forex message --eml`` only
    warned and wrote the mail (exit 0), so a player passed the forgery on. Now ``--eml``
    refuses it (exit 1), writes nothing and says how to see the problems, and so does
    ``--with-log``, whose post carries the log as the mail does (it printed the post and only
    warned); the message printed without the log still warns."""
    game = table / "game.yaml"
    text = game.read_text()
    assert "invest USD JPY" in text
    game.write_text(text.replace("invest USD JPY", "invest USD CAD"))
    eml = table / "out.eml"
    sent = run(["message", str(game), "--eml", str(eml)])
    assert sent.exit_code == 1, sent.output
    assert not eml.exists()
    said = " ".join(sent.stderr.split())
    assert said.startswith(f"{game}:"), said
    assert ": edited_move: move 1: " in said and "warning:" not in said
    assert "nothing was written: forex message --eml mails no log that fails its checks" in said
    assert f"forex validate {game}" in said
    told = run(["message", str(game)])
    assert told.exit_code == 0, told.output
    assert "warning: " in told.stderr and ": edited_move: " in told.stderr
    for fmt in ("text", "markdown", "bbcode"):
        posted = run(["message", str(game), "--with-log", "--format", fmt])
        assert posted.exit_code == 1, posted.output
        assert posted.stdout == ""
        said = " ".join(posted.stderr.split())
        assert ": edited_move: move 1: " in said and "warning:" not in said
        assert "forex message --with-log posts no log that fails its checks" in said


def test_read_takes_the_seed_the_host_reveals_and_checks_it(tmp_path: Path) -> None:
    """After a signed World Exchangers game the host writes the committed seed into the
    header: ``read`` of that copy said it held the moves the reader had and left the copy
    unchanged (it took only more moves, notes or comments), so the seed never reached the
    players. Now it takes a copy whose only news is the seed, saying so, once the seed is
    checked against ``seed_sha256:`` and the deal with it; a seed not the one committed to is
    refused, nothing changed."""
    game, seed, revealed = _committed_game(tmp_path)
    ours = game.parent / "ours.yaml"
    wrong = game.parent / "wrong.yaml"
    wrong.write_text(revealed.replace(seed, seed[:-1] + ("0" if seed[-1] != "0" else "1")))
    before = ours.read_bytes()
    read = run(["read", str(wrong), "--into", str(ours)])
    assert read.exit_code == 1, read.output
    assert ": forged: " in read.stderr and "deal_mismatch" not in read.stdout
    assert ours.read_bytes() == before
    game.write_text(revealed)
    read = run(["read", str(game), "--into", str(ours)])
    assert read.exit_code == 0, read.output
    said = " ".join(read.stdout.split())
    value = seed.removeprefix("seed: ")
    assert f"{game} adds the header's seed: {value}, which it commits to" in said, said
    assert "which it commits to (checked against it, and the deal with it)" in said
    assert seed in ours.read_text().splitlines()
    checked = run(["validate", str(ours)])
    assert checked.exit_code == 0, checked.output
    again = run(["read", str(game), "--into", str(ours)])
    assert again.exit_code == 0 and "is unchanged" in again.stdout, again.output


def test_read_tells_the_header_free_text_a_copy_changes(table: Path) -> None:
    """``finished:`` is outside the signed identity: carol's copy with her move 3 also wrote
    a ``finished:`` date, and ``read`` took it without a word (``diff`` says it). Now ``read``
    names each change of the header's free text the copy brings (taken with it), and one it
    does not take (a copy with no news: kept)."""
    alice = table / "game.yaml"
    copy = carol_plays(table, "carol.yaml", "invest CAD")
    text = copy.read_text()
    copy.write_text(text.replace("\nmoves:", '\nfinished: "2026-12-24"\nmoves:', 1))
    read = run(["read", str(copy), "--into", str(alice)])
    assert read.exit_code == 0, read.output
    assert "took the mail's finished: '2026-12-24' (yours had none)" in read.stdout
    assert 'finished: "2026-12-24"' in alice.read_text()
    same = table / "same.yaml"
    same.write_text(alice.read_text().replace("2026-12-24", "2026-12-31"))
    read = run(["read", str(same), "--into", str(alice)])
    assert read.exit_code == 0, read.output
    said = " ".join(read.stdout.split())
    assert "kept your finished: the mail's copy says '2026-12-31' (yours said '2026-12-24')" in said
    assert 'finished: "2026-12-24"' in alice.read_text()


def test_a_mailbox_of_copies_of_one_log_reads_that_log_once(
    table: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A mailbox of thousands of mails each holding the same log took a minute of CPU: each
    copy was read (and checked) again. Now a text read before is not read again: reading five
    mails holding one log reads no more logs than reading one
    (``benchmarks/read_mailbox.py`` times it)."""
    from forexcli.record import mail as mail_module

    calls: list[int] = []
    parse = mail_module._parse

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        return parse(*args, **kwargs)

    monkeypatch.setattr(mail_module, "_parse", counted)
    game = table / "game.yaml"
    post = f"Subject: my move\nFrom: carol@example.org\n\nHere it is:\n\n{game.read_text()}"
    read = []
    for mails in (1, 5):
        box = table / f"box{mails}.mbox"
        stamp = "From carol@example.org Mon Dec  7 10:00:00 2026\n"
        box.write_text("".join(f"{stamp}{post}\n" for _ in range(mails)))
        calls.clear()
        result = run(["read", str(box), "--into", str(game), "--dry-run"])
        assert result.exit_code == 0, result.output
        assert "holds the 2 moves you have" in result.stdout
        read.append(len(calls))
    assert read[0] > 0
    assert read[1] == read[0], read


def test_a_players_copy_cannot_decline_the_hosts_engine_offers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A signed game of alice, bob and the host's engine seat computer: bob's signed move 2
    hands the decision to computer, and bob's copy also writes a ``declined:`` record (signed
    by nobody, outside the identity) as if alice had declined computer's spot to her. The
    host's ``read --reply`` took it with the copy, and its engine chose leaving that offer
    out: bob declined for alice. Now the host keeps its own ``declined:`` (none), says what
    the mail's said, and its engine chooses from everything."""
    import forexcli.hosting
    from tests.record.test_signing import make_key

    keys = {name: make_key(tmp_path, name) for name in ("alice", "bob", "computer")}
    host = tmp_path / "host.yaml"
    given = [a for name in keys for a in ("--key-for", f"{name}={keys[name]}.pub")]
    made = run(["new", str(host), "--players", "alice,bob,computer", "--seed", "7", "--engine",
                "computer:20", "--require-signatures", *given])  # fmt: skip
    assert made.exit_code == 0, made.output
    for name, decision in (("alice", "invest USD JPY"), ("bob", "invest GBP")):
        played = run(["play", str(host), name, *decision.split(), "--no-reply", "--sign",
                      "--key", str(keys[name])])  # fmt: skip
        assert played.exit_code == 0, played.output
    offer = "spot 1 GBP to alice for 1.5 EUR; invest GBP"
    record = f"declined:\n  player: computer\n  after: 2\n  entries:\n    - {offer}\nmoves:"
    copy = tmp_path / "bob.yaml"
    copy.write_text(host.read_text().replace("moves:", record, 1))
    assert run(["validate", str(copy)]).exit_code == 0
    # The host had not got bob's move yet: its copy stops at move 1.
    text = host.read_text()
    host.write_text(text[: text.index("  - bob: ")])
    asked: list[list[Any]] = []

    def engine(game: Any, state: Any, *_: Any, declined: Any = (), **__: Any) -> Any:
        asked.append(list(declined))
        plain = next(d for d in game.legal(state) if not game.write([d]).startswith("spot"))
        return (plain,), ()

    monkeypatch.setattr(forexcli.hosting, "engine_entry", engine)
    read = run(["read", str(copy), "--into", str(host), "--reply", "--key-for-seat",
                f"computer={keys['computer']}"])  # fmt: skip
    assert read.exit_code == 0, read.output
    assert asked == [[]], asked
    assert "declined:" not in host.read_text()
    said = " ".join(read.output.split())
    assert "kept your declined: (none): the mail's copy says computer's offers declined" in said


def _hosted_offer(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, Path]:
    """A signed game (signatures: required) of alice and the host's keyed engine seat
    computer, by mail, real keys and mail files: alice's move 1 reaches the host, whose
    engine replies with a spot deal to her (its signed move 2, awaiting her countersignature),
    mailed to her and read into her copy. The engine (patched: the search is not what is
    tested) offers alice a spot she has not declined, with a plain action, while there is
    one. Returns the paths: host, alice, outbox and the keys."""
    import forexcli.hosting
    import forexcli.replies
    from tests.record.test_signing import make_key

    def engine(game: Any, state: Any, *_: Any, declined: Any = (), **__: Any) -> Any:
        refused = {game.write([spot]) for spot in declined}
        legal = list(game.legal(state))
        plain = next(d for d in legal if not game.write([d]).startswith("spot"))
        for spot in legal:
            text = game.write([spot])
            if text.startswith("spot") and " to alice " in text and text not in refused:
                return (spot, plain), ()
        return (plain,), ()

    monkeypatch.setattr(forexcli.hosting, "engine_entry", engine)
    monkeypatch.setattr(forexcli.replies, "engine_entry", engine)
    keys = {name: make_key(tmp_path, name) for name in ("alice", "computer", "bob")}
    paths = {"host": tmp_path / "host.yaml", "alice": tmp_path / "alice.yaml"}
    paths |= {"out": tmp_path / "out", **{f"{name}.key": key for name, key in keys.items()}}
    host, alice = paths["host"], paths["alice"]
    given = [a for name in ("alice", "computer") for a in ("--key-for", f"{name}={keys[name]}.pub")]
    given += ["--contact", "alice=alice@example.org", "--contact", "computer=host@example.org"]
    made = run(["new", str(host), "--players", "alice,computer", "--seed", "7", "--engine",
                "computer:20", "--require-signatures", *given])  # fmt: skip
    assert made.exit_code == 0, made.output
    shutil.copyfile(host, alice)
    sign = ["--sign", "--key", str(keys["alice"])]
    played = run(["play", str(alice), "alice", "invest", "USD", "JPY", "--no-reply", *sign])
    assert played.exit_code == 0, played.output
    assert run(["message", str(alice), "--eml", str(tmp_path / "m1.eml")]).exit_code == 0
    read = run(["read", str(tmp_path / "m1.eml"), "--into", str(host), "--reply", "--eml-dir",
                str(paths["out"]), "--key-for-seat", f"computer={keys['computer']}"])  # fmt: skip
    assert read.exit_code == 0, read.output
    assert "  - computer: spot 1 GBP to alice for 1.5 EUR" in host.read_text()  # awaits alice
    (reply,) = paths["out"].glob("*.eml")
    assert run(["read", str(reply), "--into", str(alice)]).exit_code == 0
    return paths


def _host_reads(paths: dict[str, Path], mail: Path) -> Result:
    result = run(["read", str(mail), "--into", str(paths["host"]), "--reply", "--eml-dir",
                  str(paths["out"]), "--key-for-seat",
                  f"computer={paths['computer.key']}"])  # fmt: skip
    assert result.exit_code == 0, result.output
    return result


def test_a_keyed_persons_signed_decline_of_the_engine_seats_offer_reaches_the_host(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """alice declines computer's signed spot deal (move 2) and mails her copy: move 2 taken
    out, a ``declined:`` record. The host's ``read --reply`` called it an older copy (1 move;
    its own has 2) and left its log, so computer never chose again, and alice could not
    play on (a move after the unagreed deal is refused). Now ``decline --sign --key``
    signs the record, and the host takes the decline its person signed: move 2 is taken
    out, computer chooses again without it, and the reply is mailed to alice; the command
    alice is told to decline with says --sign."""
    paths = _hosted_offer(tmp_path, monkeypatch)
    host, alice = paths["host"], paths["alice"]
    told = " ".join(run(["show", str(alice)]).stdout.split())
    assert f"or declines it: forex play {alice} alice decline --sign --key FILE --eml" in told
    declined = run(["play", str(alice), "alice", "decline", "--sign", "--key",
                    str(paths["alice.key"]), "--eml", str(tmp_path / "m2.eml")])  # fmt: skip
    assert declined.exit_code == 0, declined.output
    assert "sig:" in alice.read_text().split("moves:")[0]
    read = _host_reads(paths, tmp_path / "m2.eml")
    said = " ".join(read.output.split())
    assert "alice declined computer's move 2 (spot 1 GBP to alice for 1.5 EUR;" in said
    log = host.read_text()
    head, moves = log.split("moves:")
    assert "- spot 1 GBP to alice for 1.5 EUR" in head and "alice:" in head.split("declined:")[1]
    assert "spot 1 GBP to alice" not in moves
    assert "  - computer: spot " in moves  # its new choice, awaiting alice
    assert len(list(paths["out"].glob("*.eml"))) == 2  # the reply to alice's decline
    # alice reads it and accepts the new offer: the game goes on.
    reply = max(paths["out"].glob("*.eml"), key=lambda mail: mail.stat().st_mtime_ns)
    assert run(["read", str(reply), "--into", str(alice)]).exit_code == 0
    accept = ["play", str(alice), "alice", "accept", "--sign", "--key", str(paths["alice.key"])]
    assert run(accept).exit_code == 0


def test_a_decline_its_person_did_not_sign_does_not_reach_the_host(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What the host takes as alice's decline is only what alice signed: a decline without
    --sign, one signed with another key (bob's), and a signed one whose entries another hand
    changed leave the host's log as it is (an older copy), the deal awaiting alice."""
    paths = _hosted_offer(tmp_path, monkeypatch)
    host, alice = paths["host"], paths["alice"]
    before = host.read_bytes()
    unsigned = tmp_path / "unsigned.yaml"
    shutil.copyfile(alice, unsigned)
    assert run(["play", str(unsigned), "alice", "decline"]).exit_code == 0
    forged = tmp_path / "forged.yaml"
    shutil.copyfile(alice, forged)
    by_bob = ["play", str(forged), "alice", "decline", "--sign", "--key", str(paths["bob.key"])]
    assert run(by_bob).exit_code == 0, run(by_bob).output
    changed = tmp_path / "changed.yaml"
    shutil.copyfile(alice, changed)
    own = ["play", str(changed), "alice", "decline", "--sign", "--key", str(paths["alice.key"])]
    assert run(own).exit_code == 0
    changed.write_text(changed.read_text().replace("contract 1 GBP for 1.5 EUR", "invest GBP", 1))
    for copy in (unsigned, forged, changed):
        read = _host_reads(paths, copy)
        assert "holds an older copy (1 move; yours has 2)" in read.stdout, read.output
        assert host.read_bytes() == before
