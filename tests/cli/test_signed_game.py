"""A signed game is signed: once the log holds a player's key, a move in that player's name
without their signature is refused by ``play``, by ``read`` and by ``validate``, unless the
header says ``signatures: warn``; a player without a key is trusted on first use as before."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from forexcli.record import gamelog
from tests.cli.test_commands import run
from tests.signed import post_of, signed_game

WARN = "signatures: warn\n"


@pytest.fixture(scope="module")
def keyed_made(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The README's signed game after bob's spot deal (the key files beside it)."""
    folder = tmp_path_factory.mktemp("keyed")
    signed_game(folder, 2)
    return folder


@pytest.fixture(scope="module")
def warn_made(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The same under the header's ``signatures: warn``."""
    folder = tmp_path_factory.mktemp("warn")
    signed_game(folder, 2, header_line=WARN)
    return folder


@pytest.fixture
def keyed(keyed_made: Path, tmp_path: Path) -> Path:
    shutil.copytree(keyed_made, tmp_path / "keyed")
    return tmp_path / "keyed"


@pytest.fixture
def warn(warn_made: Path, tmp_path: Path) -> Path:
    shutil.copytree(warn_made, tmp_path / "warn")
    return tmp_path / "warn"


def unsigned_copy(folder: Path, player: str = "carol", decision: str = "invest CAD") -> Path:
    """A copy of the game with one more move, in ``player``'s name and unsigned, written by
    hand (as someone playing another's turn would)."""
    text = (folder / "game.yaml").read_text()
    path = folder / "edited.yaml"
    path.write_text(text + f"  - {player}: {decision}\n")
    assert gamelog.replay(gamelog.load(path)).problem is None
    return path


def test_play_refuses_an_unsigned_move_in_a_keyed_players_name(keyed: Path) -> None:
    game = keyed / "game.yaml"
    before = game.read_bytes()
    # bob plays carol's turn, unsigned.
    result = run(["play", str(game), "carol", "invest", "CAD"])
    assert result.exit_code == 1, result.output
    assert "unsigned_move" in result.stderr
    assert "move 3: carol: invest CAD: not signed" in result.stderr
    assert "carol has a key in the log" in result.stderr
    assert "--sign --key FILE" in result.stderr
    assert game.read_bytes() == before
    # Signed with bob's key in carol's name: wrong_key, nothing written.
    wrong = ["--sign", "--key", str(keyed / "bob.key")]
    result = run(["play", str(game), "carol", "invest", "CAD", *wrong])
    assert result.exit_code == 1 and "wrong_key" in result.stderr, result.output
    assert game.read_bytes() == before
    # A dry run writes nothing, so trying a move needs no key.
    tried = run(["play", str(game), "carol", "invest", "CAD", "--dry-run"])
    assert tried.exit_code == 0, tried.output
    assert game.read_bytes() == before
    # carol's own key signs it.
    own = ["--sign", "--key", str(keyed / "carol.key")]
    assert run(["play", str(game), "carol", "invest", "CAD", *own]).exit_code == 0
    assert run(["validate", str(game)]).exit_code == 0


def test_the_engine_playing_a_keyed_seat_signs_or_is_refused(keyed: Path) -> None:
    game = keyed / "game.yaml"
    before = game.read_bytes()
    engine = ["play", str(game), "carol", "--engine", "--simulations", "8"]
    result = run(engine)
    assert result.exit_code == 1, result.output
    assert "unsigned_move" in result.stderr
    assert game.read_bytes() == before
    signed = run([*engine, "--sign", "--key", str(keyed / "carol.key")])
    assert signed.exit_code == 0, signed.output
    assert "carol" in (gamelog.load(game).entries[-1].sig or {})


def test_validate_fails_an_unsigned_move_of_a_keyed_player(keyed: Path) -> None:
    edited = unsigned_copy(keyed)
    result = run(["validate", str(edited)])
    assert result.exit_code == 1, result.output
    assert "unsigned_move" in result.stdout and "move 3: carol: invest CAD" in result.stdout
    assert "0 valid, 1 invalid" in result.stdout
    assert "warning" not in result.stdout


def test_read_refuses_an_unsigned_move_in_a_keyed_players_name(keyed: Path) -> None:
    edited = unsigned_copy(keyed)
    assert run(["message", str(edited), "--with-log"]).exit_code == 1  # posts no forgery
    mail = keyed / "post.txt"
    mail.write_text(post_of(edited))
    fresh = keyed / "fresh.yaml"
    result = run(["read", str(mail), "--into", str(fresh)])
    assert result.exit_code == 1, result.output
    assert "unsigned_in_mail" in result.stderr
    assert "move 3" in result.stderr and "carol" in result.stderr
    assert "forged" not in result.stderr
    assert not fresh.exists()
    # The same into a copy that holds the first two moves: refused, the copy unchanged.
    own = keyed / "game.yaml"
    before = own.read_bytes()
    result = run(["read", str(mail), "--into", str(own)])
    assert result.exit_code == 1 and "unsigned_in_mail" in result.stderr, result.output
    assert own.read_bytes() == before


def test_a_spot_deal_awaiting_its_partner_is_not_an_unsigned_move(tmp_path: Path) -> None:
    """bob's spot deal with carol, signed by bob, reaches carol before she countersigns."""
    game, keys = signed_game(tmp_path, 2, countersign=False)
    assert run(["validate", str(game)]).exit_code == 0
    post = tmp_path / "post.txt"
    post.write_text(run(["message", str(game), "--with-log"]).stdout)
    carol = tmp_path / "carol.yaml"
    read = run(["read", str(post), "--into", str(carol)])
    assert read.exit_code == 0, read.output
    assert "awaits carol's signature" in read.stdout
    sign = run(["sign", str(carol), "2", "--key", str(keys["carol"])])
    assert sign.exit_code == 0, sign.output
    assert run(["validate", str(carol)]).exit_code == 0


def test_forex_sign_settles_an_unsigned_move(keyed: Path) -> None:
    edited = unsigned_copy(keyed)
    result = run(["sign", str(edited), "3", "--key", str(keyed / "carol.key")])
    assert result.exit_code == 0, result.output
    assert run(["validate", str(edited)]).exit_code == 0


def test_signatures_warn_keeps_unsigned_moves_warnings(warn: Path) -> None:
    game = warn / "game.yaml"
    assert "signatures: warn" in game.read_text()
    edited = unsigned_copy(warn)
    checked = run(["validate", str(edited)])
    assert checked.exit_code == 0, checked.output
    assert "unsigned_move" in checked.stdout
    strict = run(["validate", str(edited), "--require-signatures"])
    assert strict.exit_code == 1 and "unsigned_move" in strict.stdout
    post = warn / "post.txt"
    post.write_text(run(["message", str(edited), "--with-log"]).stdout)
    read = run(["read", str(post), "--into", str(warn / "fresh.yaml")])
    assert read.exit_code == 0, read.output
    assert "not signed" in read.stdout
    played = run(["play", str(game), "carol", "invest", "CAD"])
    assert played.exit_code == 0, played.output


def test_a_player_without_a_key_is_trusted_on_first_use(tmp_path: Path) -> None:
    """carol's key is not given at set-up: her unsigned moves go, her first signed move adds
    her key, and from then on her moves must be signed."""
    game, keys = signed_game(tmp_path, 2, keyless=("carol",))
    assert run(["play", str(game), "carol", "invest", "CAD"]).exit_code == 0
    assert run(["validate", str(game)]).exit_code == 0
    alice = ["--sign", "--key", str(keys["alice"])]
    bob = ["--sign", "--key", str(keys["bob"])]
    assert run(["play", str(game), "alice", "invest", "EUR", *alice]).exit_code == 0
    assert run(["play", str(game), "bob", "invest", "CNY", *bob]).exit_code == 0
    carol = ["--sign", "--key", str(keys["carol"])]
    first = run(["play", str(game), "carol", "invest", "GBP", *carol])
    assert first.exit_code == 0, first.output
    assert "since: 6" in game.read_text()
    assert run(["play", str(game), "alice", "invest", "CHF", *alice]).exit_code == 0
    assert run(["play", str(game), "bob", "invest", "USD", *bob]).exit_code == 0
    later = run(["play", str(game), "carol", "invest", "JPY"])
    assert later.exit_code == 1 and "unsigned_move" in later.stderr, later.output


def test_a_first_use_key_that_lost_its_since_says_so(tmp_path: Path) -> None:
    """A key added on first use whose `since:` line was deleted: the problem says that
    `since:` is missing and which move added the key (it was jsonschema's "is not valid
    under any of the given schemas")."""
    game, keys = signed_game(tmp_path, 2, keyless=("carol",))
    alice = ["--sign", "--key", str(keys["alice"])]
    carol = ["--sign", "--key", str(keys["carol"])]
    assert run(["play", str(game), "carol", "invest", "CAD", *carol]).exit_code == 0
    assert run(["play", str(game), "alice", "invest", "EUR", *alice]).exit_code == 0
    text = game.read_text()
    assert "    since: 3\n" in text
    game.write_text(text.replace("    since: 3\n", ""))
    result = run(["validate", str(game), "--require-signatures"])
    assert result.exit_code == 1, result.output
    assert "schema_required: keys.carol: `since:` is missing (the move whose" in result.stdout
    assert "hint: write `since: 3` under `key:`: move 3 is the first move carol" in (result.stdout)
    assert "not valid under any" not in result.output


def test_notes_and_undo_in_a_signed_game(keyed: Path) -> None:
    """Notes are not signed: anyone annotates a keyed player's move, and the log stays valid;
    undo adds no move, and takes back only the undoer's own."""
    game = keyed / "game.yaml"
    noted = run(["annotate", str(game), "1", "a bold start"])
    assert noted.exit_code == 0, noted.output
    assert run(["validate", str(game)]).exit_code == 0
    own = ["--sign", "--key", str(keyed / "carol.key")]
    assert run(["play", str(game), "carol", "invest", "CAD", *own]).exit_code == 0
    refused = run(["undo", str(game), "--key", str(keyed / "bob.key")])
    assert refused.exit_code == 1 and "not_your_move" in refused.stderr, refused.output
    undone = run(["undo", str(game), "--key", str(keyed / "carol.key")])
    assert undone.exit_code == 0, undone.output
    assert run(["validate", str(game)]).exit_code == 0
