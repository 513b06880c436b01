"""A signed 3-player game for the tests of play by e-mail, made as the README's walkthrough
makes it: real Ed25519 keys given at set-up, every move signed by its player, bob's spot deal
with carol countersigned by carol."""

from __future__ import annotations

from pathlib import Path

from forexcli.record import edit, gamelog
from forexcli.record.keys import load_private_key
from forexcli.record.problems import LogError
from forexcli.record.signing import Signer
from tests.cli.test_commands import run

PLAYERS = ("alice", "bob", "carol")
CURRENCIES = ("GBP", "EUR", "USD", "CHF", "JPY", "CAD", "CNY")
CANDIDATES = (
    "invest CAD",
    "invest EUR",
    "invest CNY",
    "invest GBP",
    "invest CHF",
    "invest USD",
    "invest JPY",
    *(f"{verb} {currency}" for verb in ("strengthen", "weaken") for currency in CURRENCIES),
    "resolve",
)
"""Decisions tried in turn after the walkthrough's first two moves: the first legal one is
played."""


def ok(*args: str) -> str:
    result = run(list(args))
    assert result.exit_code == 0, result.output
    return result.stdout


def post_of(log: Path) -> str:
    """A plain-text post carrying ``log`` after its words, written by hand as ``forex message
    --with-log`` writes one: a forged post (``message`` refuses a log that fails its
    checks)."""
    intro = "The log (game.yaml; save it, or read this mail with forex read):"
    return f"My move.\n\n{intro}\n\n{log.read_text()}"


def signer(keys: dict[str, Path], name: str) -> Signer:
    key = load_private_key(str(keys[name]), lambda: None)
    return Signer(name, key, name)


def make_keys(folder: Path) -> dict[str, Path]:
    """``alice.key``, ``bob.key``, ``carol.key`` (and their ``.pub``) in ``folder``."""
    keys = {}
    for name in PLAYERS:
        keys[name] = folder / f"{name}.key"
        ok("key", "new", str(keys[name]), "--no-passphrase", "--comment", name)
    return keys


def signed_game(
    folder: Path,
    moves: int = 2,
    *,
    header_line: str | None = None,
    countersign: bool = True,
    keyless: tuple[str, ...] = (),
) -> tuple[Path, dict[str, Path]]:
    """``folder/game.yaml`` with ``moves`` signed moves (2 or more), and the players' key
    files.  ``header_line`` is written before ``moves:`` before the first move; carol
    countersigns bob's spot deal of move 2 if ``countersign``; the keys of ``keyless`` are
    not given at set-up (their moves are played unsigned)."""
    keys = make_keys(folder)
    path = folder / "game.yaml"
    contacts = [a for name in PLAYERS for a in ("--contact", f"{name}={name}@example.org")]
    given = [
        a
        for name in PLAYERS
        if name not in keyless
        for a in ("--key-for", f"{name}={keys[name]}.pub")
    ]
    ok(
        "new",
        str(path),
        "--players",
        ",".join(PLAYERS),
        "--seed",
        "friday",
        "--title",
        "Friday club",
        "--started",
        "2026-12-01",
        *contacts,
        *given,
    )
    if header_line is not None:
        text = path.read_text()
        path.write_text(text.replace("moves:", header_line + "moves:", 1))

    def sign_as(player: str) -> Signer | None:
        return None if player in keyless else signer(keys, player)

    edit.append(str(path), "alice", "invest USD JPY", digest=True, signer=sign_as("alice"))
    edit.append(
        str(path),
        "bob",
        "spot 1 GBP to carol for 1.5 CHF; contract 2 GBP for 3 EUR",
        note="a cheap contract",
        digest=True,
        signer=sign_as("bob"),
    )
    if countersign and "carol" not in keyless:
        edit.sign_entry(str(path), 2, signer(keys, "carol"))
    for _ in range(moves - 2):
        played = gamelog.replay(gamelog.load(path))
        player = played.log.game.pending(played.final).deciders[0]
        for decision in CANDIDATES:
            try:
                edit.append(str(path), player, decision, digest=True, signer=sign_as(player))
            except LogError:
                continue
            break
        else:
            raise AssertionError(f"no candidate decision is legal for {player}")
    return path, keys
