"""Play by e-mail against a player who cheats: what an honest reader's ``read``, ``validate``
and ``play`` make of a copy that another player changed by hand, and honest mail as real mail
programs write it (``tests/data/mail/``)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tests.cli.test_commands import run
from tests.signed import post_of, signed_game


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The README's signed game after bob's countersigned spot deal (the keys beside it)."""
    folder = tmp_path_factory.mktemp("cheats")
    signed_game(folder, 2)
    return folder


@pytest.fixture
def table(made: Path, tmp_path: Path) -> Path:
    shutil.copytree(made, tmp_path / "table")
    return tmp_path / "table"


def signed(folder: Path, player: str) -> list[str]:
    return ["--sign", "--key", str(folder / f"{player}.key")]


def test_a_mail_cannot_send_a_players_mail_elsewhere(table: Path) -> None:
    """carol plays her move, then gives bob's contact as her own address in her copy and mails
    it: alice's copy keeps bob's address (her next mail goes to bob), and read says what the
    mail's copy gave instead."""
    carol = table / "game.yaml"
    alice = table / "alice.yaml"
    shutil.copy(carol, alice)
    assert (
        run(["play", str(carol), "carol", "invest", "GBP", *signed(table, "carol")]).exit_code == 0
    )
    carol.write_text(
        carol.read_text().replace('bob: "bob@example.org"', 'bob: "carol@evil.example"')
    )
    assert run(["validate", str(carol)]).exit_code == 0  # contacts are outside the signatures
    mail = table / "to-alice.eml"
    assert run(["message", str(carol), "--eml", str(mail)]).exit_code == 0
    read = run(["read", str(mail), "--into", str(alice)])
    assert read.exit_code == 0, read.output
    assert "kept your contact of bob (bob@example.org); the mail's copy says" in read.stdout
    assert "carol@evil.example" in read.stdout
    text = alice.read_text()
    assert 'bob: "bob@example.org"' in text and "evil" not in text
    assert text == carol.read_text().replace("carol@evil.example", "bob@example.org")
    assert run(["validate", str(alice)]).exit_code == 0
    # alice's mail copies bob at his own address, not at carol's.
    out = table / "from-alice.eml"
    assert run(["message", str(alice), "--eml", str(out)]).exit_code == 0
    head = out.read_text().split("\n\n", 1)[0]
    assert "bob@example.org" in head and "evil" not in head
    # The same mail read again (an older copy now) changes nothing and says it again.
    before = alice.read_bytes()
    again = run(["read", str(mail), "--into", str(alice)])
    assert again.exit_code == 0, again.output
    assert "kept your contact of bob (bob@example.org)" in again.stdout
    assert alice.read_bytes() == before


def test_play_goes_on_from_no_move_a_keyed_player_did_not_sign(table: Path) -> None:
    """bob writes carol's move in carol's name by hand, unsigned: alice's signed move after
    it is refused (it would vouch for a move carol did not make) until carol signs it."""
    game = table / "game.yaml"
    game.write_text(game.read_text() + "  - carol: invest CAD\n")
    before = game.read_bytes()
    played = run(["play", str(game), "alice", "invest", "EUR", *signed(table, "alice")])
    assert played.exit_code == 1, played.output
    first = played.stderr.splitlines()[0]
    assert f"{game}:" in first and ": unsigned_move: move 3: carol: invest CAD: not signed" in first
    assert "nothing was written" in first
    assert f"forex sign {game} 3 --key FILE" in played.stderr
    assert game.read_bytes() == before
    assert run(["sign", str(game), "3", *signed(table, "carol")[1:]]).exit_code == 0
    again = run(["play", str(game), "alice", "invest", "EUR", *signed(table, "alice")])
    assert again.exit_code == 0, again.output
    assert run(["validate", str(game)]).exit_code == 0


def test_an_unsigned_move_does_not_go_on_from_a_forged_signature(tmp_path: Path) -> None:
    """carol has no key yet (trust on first use) and plays unsigned; the copy she plays on
    holds a signature of alice's that does not verify: her move is refused, not added."""
    game, _keys = signed_game(tmp_path, 2, keyless=("carol",))
    text = game.read_text()
    start = text.index("      alice: ") + len("      alice: ")
    start += text[start] == '"'  # (a signature that starts with / is quoted)
    flipped = "B" if text[start] != "B" else "C"
    game.write_text(text[:start] + flipped + text[start + 1 :])
    before = game.read_bytes()
    played = run(["play", str(game), "carol", "invest", "CAD"])
    assert played.exit_code == 1, played.output
    first = played.stderr.splitlines()[0]
    assert ": move 1: alice: invest USD JPY:" in first and "nothing was written" in first
    assert game.read_bytes() == before
    tried = run(["play", str(game), "carol", "invest", "CAD", "--dry-run"])
    assert tried.exit_code == 1 and "bad_signature" in tried.stderr, tried.output


def test_a_key_added_on_first_use_for_someone_else_is_told(tmp_path: Path) -> None:
    """carol has no key yet and played move 3 unsigned; bob signs it as carol with his own
    key (``forex sign --as carol``), which adds a key in her name on first use, and mails it.
    alice's read takes it but names the key, its fingerprint and where it came from; carol's
    own read does too, and her signature with her real key, refused, says whose signature
    put the other key there."""
    game, keys = signed_game(tmp_path, 2, keyless=("carol",))
    assert run(["play", str(game), "carol", "invest", "CAD"]).exit_code == 0
    alice, carol = tmp_path / "alice.yaml", tmp_path / "carol.yaml"
    shutil.copy(game, alice)
    shutil.copy(game, carol)
    forged = run(["sign", str(game), "3", "--as", "carol", "--key", str(keys["bob"])])
    assert forged.exit_code == 0, forged.output  # bob's own copy: nothing can stop him there
    assert run(["validate", str(game)]).exit_code == 0
    mail = tmp_path / "mail.eml"
    assert run(["message", str(game), "--eml", str(mail)]).exit_code == 0
    for copy in (alice, carol):
        read = run(["read", str(mail), "--into", str(copy)])
        assert read.exit_code == 0, read.output
        said = " ".join(read.stdout.split())
        assert (
            "took carol's key on first use, from a signature added to move 3, which your copy"
            " held unsigned: SHA256:" in said
        )
        assert "check that fingerprint with carol by another way" in said
    # carol agrees to bob's spot deal of move 2 with her own key.
    before = carol.read_bytes()
    played = run(["sign", str(carol), "2", "--as", "carol", "--key", str(keys["carol"])])
    assert played.exit_code == 1, played.output
    assert carol.read_bytes() == before
    first = played.stderr.splitlines()[0]
    assert first.startswith(f"{carol}:") and ": wrong_key: " in first
    assert "added on first use with the signature of move 3" in first
    assert "whoever signed move 3 put another key in the log in carol's name" in " ".join(
        played.stderr.split()
    )


MAIL = Path(__file__).resolve().parents[1] / "data" / "mail"


@pytest.mark.parametrize("name", sorted(p.name for p in MAIL.glob("*.eml")))
def test_honest_mail_reads_back_exactly(name: str, tmp_path: Path) -> None:
    """Every mail of ``tests/data/mail`` (its README says how each carries the log) gives back
    exactly the log sent: into a new copy, and into a copy one move behind."""
    sent = (MAIL / "game.yaml").read_bytes()
    new = tmp_path / "new.yaml"
    read = run(["read", str(MAIL / name), "--into", str(new)])
    assert read.exit_code == 0, read.output
    assert new.read_bytes() == sent
    behind = tmp_path / "behind.yaml"
    behind.write_bytes(sent)
    assert run(["undo", str(behind), "--force"]).exit_code == 0
    caught_up = run(["read", str(MAIL / name), "--into", str(behind)])
    assert caught_up.exit_code == 0, caught_up.output
    assert "1 new move (move 5)" in caught_up.stdout
    assert behind.read_bytes() == sent


def test_a_copy_kept_with_cr_lf_keeps_them(tmp_path: Path) -> None:
    """A reader whose copy ends its lines with CR LF (saved on Windows) takes the next move
    from a mail whose log has LF line ends: only the new move is added, the copy keeps CR LF."""
    sent = (MAIL / "game.yaml").read_bytes()
    behind = tmp_path / "behind.yaml"
    behind.write_bytes(sent)
    assert run(["undo", str(behind), "--force"]).exit_code == 0
    behind.write_bytes(behind.read_bytes().replace(b"\n", b"\r\n"))
    read = run(["read", str(MAIL / "mutt-attachment.eml"), "--into", str(behind)])
    assert read.exit_code == 0, read.output
    assert behind.read_bytes() == sent.replace(b"\n", b"\r\n")


def _resigned_with(path: Path, player: str, key_file: Path) -> None:
    """``path`` with ``player``'s key in the header replaced by ``key_file``'s and every
    signature of theirs made again with it: a copy that validates on its own."""
    from forexcli.record import gamelog, signing
    from forexcli.record.keys import load_private_key, public_line

    key = load_private_key(str(key_file), lambda: None)
    log = gamelog.load(path)
    played = gamelog.replay(log)
    text = path.read_text()
    old_key = log.header["keys"][player]
    start = text.index(f"  {player}: ssh-ed25519 ")
    end = text.index("\n", text.index("\n", start) + 1) + 1  # the key's two lines
    new_key = signing.key_value(public_line(key.public_key(), "bob.key"), None)
    assert isinstance(new_key, str) and old_key != new_key
    text = text[:start] + f"  {player}: {new_key}\n" + text[end:]
    for entry in log.entries:
        old = (entry.sig or {}).get(player)
        if old is None:
            continue
        made = signing.sign(
            key,
            log,
            entry.number,
            played.state_after(entry.number - 1),
            player,
            entry.player,
            entry.text,
        )
        first, second = old.split()
        new_first, new_second = made.split()
        text = text.replace(f"{first}\n        {second}", f"{new_first}\n        {new_second}")
    path.write_text(text)


def test_diff_does_not_advise_a_copy_with_another_players_key(table: Path) -> None:
    """carol's copy gives bob her own key and every signature of bob's made again with it
    (it validates on its own) and goes one move further: diff no longer says to continue
    from it, and says whose key differs; read refuses it (key_changed)."""
    honest = table / "bob.yaml"
    shutil.copy(table / "game.yaml", honest)
    forged = table / "game.yaml"
    assert run(["key", "new", str(table / "mallory.key"), "--no-passphrase"]).exit_code == 0
    _resigned_with(forged, "bob", table / "mallory.key")
    assert (
        run(["play", str(forged), "carol", "invest", "GBP", *signed(table, "carol")]).exit_code == 0
    )
    assert run(["validate", str(forged)]).exit_code == 0
    result = run(["diff", str(honest), str(forged)])
    assert result.exit_code == 1, result.output
    said = " ".join(result.stdout.split())
    assert "continue from" in said and f"They do not conflict: continue from {forged}" not in said
    assert f"do not continue from {forged} before bob confirms which key is theirs" in said
    assert "The copies give bob a different key" in said
    read = run(["read", str(forged), "--into", str(honest)])
    assert read.exit_code == 1, read.output
    line = next(
        n for n, t in enumerate(honest.read_text().splitlines(), 1) if t.startswith("  bob: ssh-")
    )
    first = read.stderr.splitlines()[0]
    assert first.startswith(f"{honest}:{line}:") and ": key_changed: " in first  # your bob key
    assert "changes the key of bob in the header" in first


def test_a_world_exchangers_copy_with_another_players_key_is_no_other_game(
    tmp_path: Path,
) -> None:
    """World Exchangers' copies are compared by their headers (``forks.plain_data``): a copy
    that gives ann mallory's key, with every signature of hers made again with it (it
    validates on its own), one move further, is the same game gone further, not a different
    game; diff says whose key differs and does not advise continuing from it, as For-Ex's
    does; read refuses it (key_changed)."""
    from tests.cli.test_new_imports import COMPONENTS

    for name in ("ben", "ann", "mallory"):
        assert run(["key", "new", str(tmp_path / f"{name}.key"), "--no-passphrase"]).exit_code == 0
    honest, forged = tmp_path / "honest.yaml", tmp_path / "forged.yaml"
    keys = [a for p in ("ben", "ann") for a in ("--key-for", f"{p}={tmp_path / p}.key.pub")]
    set_up = ["--game", "world-exchangers", "--players", "ben,ann", "--seed", "mid-year"]
    made = run(["new", str(honest), *set_up, "--components", str(COMPONENTS), *keys])
    assert made.exit_code == 0, made.output
    assert run(["play", str(honest), "ann", "buy Vienna", *signed(tmp_path, "ann")]).exit_code == 0
    shutil.copy(honest, forged)
    _resigned_with(forged, "ann", tmp_path / "mallory.key")
    assert run(["play", str(forged), "ben", "sell Tunis", *signed(tmp_path, "ben")]).exit_code == 0
    assert run(["validate", str(forged)]).exit_code == 0
    result = run(["diff", str(honest), str(forged)])
    assert result.exit_code == 1, result.output
    said = " ".join(result.stdout.split())
    assert "different games" not in said and f"{forged} goes on from {honest}" in said
    assert f"do not continue from {forged} before ann confirms which key is theirs" in said
    assert "The copies give ann a different key" in said
    data = json.loads(run(["diff", str(honest), str(forged), "--format", "json"]).stdout)
    assert data["kind"] == "ahead" and data["header_differences"] == ["keys"]
    read = run(["read", str(forged), "--into", str(honest)])
    assert read.exit_code == 1 and ": key_changed: " in read.stderr, read.output


def test_read_refuses_a_copy_that_drops_a_key(table: Path) -> None:
    """carol's copy leaves bob's key out of the header (so that a move in his name needs no
    signature) and adds one: it validates on its own; alice's read refuses it at her copy's
    key of bob."""
    game = table / "game.yaml"
    alice = table / "alice.yaml"
    shutil.copy(game, alice)
    text = game.read_text()
    start = text.index("  bob: ssh-ed25519 ")
    end = text.index("\n", text.index("\n", start) + 1) + 1
    game.write_text(text[:start] + text[end:] + "  - carol: invest CAD\n")
    before = alice.read_bytes()
    read = run(["read", str(game), "--into", str(alice)])
    assert read.exit_code == 1, read.output
    first = read.stderr.splitlines()[0]
    assert first.startswith(f"{alice}:{alice.read_text()[:start].count(chr(10)) + 1}:")
    assert ": key_changed: " in first and "drops the key of bob in the header" in first
    assert alice.read_bytes() == before


def test_diff_tells_signatures_that_do_not_verify(tmp_path: Path) -> None:
    """A copy of a game started with --require-signatures whose header lost
    `signatures: required`, one move further: every signature fails, and diff says so in its
    sentence and its table instead of advising to continue from it."""
    game, _keys = signed_game(tmp_path, 2, header_line="signatures: required\n")
    edited = tmp_path / "edited.yaml"
    edited.write_text(
        game.read_text().replace("signatures: required\n", "") + "  - carol: invest CAD\n"
    )
    result = run(["diff", str(game), str(edited)])
    assert result.exit_code == 1, result.output
    said = " ".join(result.stdout.split())
    assert f"They do not conflict: continue from {edited}" not in said
    assert f"Their moves do not conflict, but {edited}'s signatures do not verify" in said
    assert "Their headers differ in signatures" in said
    rows = {line.split()[0]: line for line in result.stdout.splitlines() if line.strip()}
    assert (
        "all verify" in rows["signatures"] and "fail at move 1: edited_move" in rows["signatures"]
    )
    data = run(["diff", str(game), str(edited), "--format", "json"])
    found = json.loads(data.stdout)
    assert found["a"]["signed"] and found["a"]["signature_problem"] is None
    assert found["b"]["signature_problem"]["code"] == "edited_move"
    assert "signatures" in found["header_differences"]


def test_read_places_a_refused_move_in_the_log_it_read(table: Path) -> None:
    """A move written in carol's name without her key, sent as a saved log and in a mail:
    read of the log file places the refusal at the move's line and column in that file; read
    of the mail (whose lines are the mail's, not the log's) names the line of the log."""
    game = table / "game.yaml"
    own = table / "alice.yaml"
    shutil.copy(game, own)
    forged = table / "forged.yaml"
    forged.write_text(game.read_text() + "  - carol: invest CAD\n")
    line = len(forged.read_text().splitlines())
    read = run(["read", str(forged), "--into", str(own)])
    assert read.exit_code == 1, read.output
    assert read.stderr.startswith(f"{forged}:{line}:12: unsigned_in_mail: ")  # the decision
    mail = table / "forged.txt"
    mail.write_text(post_of(forged))
    read = run(["read", str(mail), "--into", str(own)])
    assert read.exit_code == 1, read.output
    first = read.stderr.splitlines()[0]
    assert ": unsigned_in_mail: " in first
    assert f"(the text of the text/plain body, line {line} of the log) is refused" in first
    assert own.read_bytes() == game.read_bytes()


def test_a_mailbox_with_both_branches_of_a_fork_says_fork(table: Path) -> None:
    """carol sends two different move 3s, one to alice and one to bob; bob's mailbox ends up
    with both mails: read names the fork (where, who played what), not two logs."""
    game = table / "game.yaml"
    bob = table / "bob.yaml"
    shutil.copy(game, bob)
    branches = []
    for number, decision in enumerate(("invest GBP", "invest CAD"), 1):
        copy = table / f"branch{number}.yaml"
        shutil.copy(game, copy)
        played = run(["play", str(copy), "carol", *decision.split(), *signed(table, "carol")])
        assert played.exit_code == 0, played.output
        mail = table / f"branch{number}.eml"
        assert run(["message", str(copy), "--eml", str(mail)]).exit_code == 0
        branches.append(mail.read_text())
    box = table / "bob.mbox"
    box.write_text(
        "".join(
            f"From carol@example.org Mon Dec  7 10:0{n}:00 2026\n{text}\n"
            for n, text in enumerate(branches)
        )
    )
    before = bob.read_bytes()
    read = run(["read", str(box), "--into", str(bob)])
    assert read.exit_code == 1, read.output
    said = " ".join(read.stderr.split())
    assert f"{bob}: fork: {box} holds two copies of the game that fork" in said
    assert "mail 1 has carol: invest GBP, mail 2 has carol: invest CAD" in said
    assert "forex diff A.eml B.eml" in said
    assert bob.read_bytes() == before


def test_read_tells_a_seat_the_mail_hands_to_the_engine(tmp_path: Path) -> None:
    """alice's copy hands carol's seat to the engine (``engines:``) and goes one move further:
    bob's read takes it (a host's seats come so), but says so, with the ``forex seat`` that
    gives the seat back: else bob's next play would write carol's move by the engine."""
    game = tmp_path / "game.yaml"
    made = run(["new", str(game), "--players", "alice,bob,carol", "--seed", "s"])
    assert made.exit_code == 0, made.output
    bob = tmp_path / "bob.yaml"
    shutil.copy(game, bob)
    assert run(["play", str(game), "alice", "invest", "USD"]).exit_code == 0
    assert run(["seat", str(game), "carol", "--engine", "300"]).exit_code == 0
    read = run(["read", str(game), "--into", str(bob)])
    assert read.exit_code == 0, read.output
    said = " ".join(read.stdout.split())
    assert "took the mail's engine seat carol: the engine, 300 simulations a decision" in said
    assert f"give the seat back: forex seat {bob} carol --person" in said
    assert run(["seat", str(bob), "carol", "--person"]).exit_code == 0


def test_a_changed_header_is_not_only_blamed_on_the_first_move(tmp_path: Path) -> None:
    """A copy whose header lost `signatures: required` fails every signature while every
    digest matches: validate's edited_move at move 1 says the header may have changed
    instead, and read and play refuse the copy."""
    game, keys = signed_game(tmp_path, 2, header_line="signatures: required\n")
    edited = tmp_path / "edited.yaml"
    edited.write_text(game.read_text().replace("signatures: required\n", ""))
    checked = run(["validate", str(edited)])
    assert checked.exit_code == 1, checked.output
    said = " ".join(checked.stdout.split())
    assert ": edited_move: move 1: alice: invest USD JPY:" in said
    assert "the game's header changed instead (its title, set-up or signatures:)" in said
    played = run(
        ["play", str(edited), "carol", "invest", "CAD", "--sign", "--key", str(keys["carol"])]
    )
    assert played.exit_code == 1 and ": edited_move: " in played.stderr, played.output
    read = run(["read", str(edited), "--into", str(game)])
    assert read.exit_code == 1 and ": forged: " in read.stderr, read.output


def test_no_hint_to_change_the_header_once_a_move_is_signed(table: Path, tmp_path: Path) -> None:
    """bob plays carol's turn unsigned: refused; the hint to write `signatures: warn` in the
    header (which every signature covers) is given only before the first signed move: after
    it, following it would break every signature of the log."""
    game = table / "game.yaml"
    refused = run(["play", str(game), "carol", "invest", "CAD"])
    assert refused.exit_code == 1 and ": unsigned_move: " in refused.stderr, refused.output
    assert "signatures: warn" not in refused.stderr
    keyed = ["--key-for", f"alice={table / 'alice.key'}.pub"]
    assert (
        run(["new", str(tmp_path / "keyed.yaml"), "--players", "alice,bob", *keyed]).exit_code == 0
    )
    first = run(["play", str(tmp_path / "keyed.yaml"), "alice", "invest", "USD"])
    assert first.exit_code == 1 and "signatures: warn in its header" in first.stderr, first.output


def test_a_contact_only_a_copy_not_taken_gives_is_not_said_taken(table: Path) -> None:
    """alice's copy has no contacts; a mail with the moves she has gives them: nothing is
    saved, and read says what the mail's copy gives instead of saying it took them."""
    game = table / "game.yaml"
    alice = table / "alice.yaml"
    text = game.read_text()
    start, end = text.index("contacts:\n"), text.index("keys:\n")
    alice.write_text(text[:start] + text[end:])
    before = alice.read_bytes()
    read = run(["read", str(game), "--into", str(alice)])
    assert read.exit_code == 0, read.output
    assert "the mail's copy gives a contact of bob (bob@example.org); yours has none" in read.stdout
    assert "took the contact" not in read.stdout
    assert alice.read_bytes() == before
