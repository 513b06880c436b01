"""A game's id: ``forex new`` writes a random ``id:`` into every new log, of every game, and
every signature covers it (``record.signing.game_identity``), so that a move signed in one
game never verifies in another started with the same command the same day (the play-by-mail
pass's repro: before, the two headers were the same and the copied move validated)."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest

from forexcli import games
from forexcli.record import gamelog
from tests.cli.test_commands import run
from tests.cli.test_new_imports import MADE_BY

ID_LINE = re.compile(r"^id: ([0-9a-f]{32})$", re.M)
"""The id line ``forex new`` writes: 32 hex digits, unquoted."""


def _players(args: list[str]) -> list[str]:
    return args[args.index("--players") + 1].split(",")


def _started_alike(folder: Path, game: str, names: tuple[str, ...]) -> list[Path]:
    """Logs ``folder/NAME.yaml`` of ``game``, each made by the same ``forex new`` command
    line (the same players, seed, date and keys, the keys ``folder/PLAYER.key``)."""
    args = MADE_BY[game]
    players = _players(args)
    for player in players:
        key = folder / f"{player}.key"
        if not key.exists():
            assert run(["key", "new", str(key), "--no-passphrase"]).exit_code == 0
    given = [a for p in players for a in ("--key-for", f"{p}={folder / p}.key.pub")]
    made = []
    for name in names:
        path = folder / f"{name}.yaml"
        result = run(["new", str(path), "--game", game, *args, *given, "--started", "2026-12-04"])
        assert result.exit_code == 0, result.output
        made.append(path)
    return made


def _moves_part(text: str) -> str:
    return text[text.index("\nmoves:") + 1 :]


def _header_part(text: str) -> str:
    return text[: text.index("\nmoves:") + 1]


def _a_whole_entry(rules: Any, decision: Any) -> bool:
    """Whether ``decision`` is an entry of its own (For-Ex's spot leg goes with an action)."""
    try:
        return bool(rules.parse(rules.key([decision]), rules.write([decision])))
    except Exception:
        return False


@pytest.mark.parametrize("game", games.names())
def test_a_signed_move_cannot_be_moved_to_another_game_started_alike(
    game: str, tmp_path: Path
) -> None:
    """Two games started by the same command get different ids; the first player's signed
    move 1 of the first game, written by someone else as move 1 of the second, fails there
    at file:line:col (edited_move at the decision, the bad_signature it stands for at the
    signature), and diff and read call the two logs different games; a copy of the first
    log is the same game and stays valid."""
    one, two, three = _started_alike(tmp_path, game, ("one", "two", "three"))
    ids = [ID_LINE.findall(path.read_text("utf-8")) for path in (one, two, three)]
    assert all(len(found) == 1 for found in ids), ids
    assert len({found[0] for found in ids}) == 3
    played = gamelog.replay(gamelog.load(one))
    rules = played.log.game
    whole = next(d for d in rules.legal(played.final) if _a_whole_entry(rules, d))
    decider, decision = rules.key([whole]), rules.write([whole])
    signing = ["--sign", "--key", str(tmp_path / f"{decider}.key")]
    signed = run(["play", str(one), decider, decision, *signing])
    assert signed.exit_code == 0, signed.output
    copy = tmp_path / "copy.yaml"
    shutil.copy(one, copy)
    assert run(["validate", str(copy)]).exit_code == 0  # a copy is the same game

    two.write_text(_header_part(two.read_text("utf-8")) + _moves_part(one.read_text("utf-8")))
    checked = run(["validate", str(two)])
    assert checked.exit_code == 1, checked.output
    lines = two.read_text("utf-8").splitlines()
    entry = f"  - {decider}: "
    entry_line = next(n for n, text in enumerate(lines, 1) if text.startswith(entry))
    first = checked.stdout.splitlines()[0]
    assert first.startswith(f"{two}:{entry_line}:{len(entry) + 1}: edited_move: move 1: "), first
    assert "signed in another game (another id:)" in " ".join(checked.stdout.split())
    data = json.loads(run(["validate", str(two), "--format", "json"]).stdout)
    (problem,) = data["files"][0]["problems"]
    signer = f"      {decider}: "
    sig_line = next(n for n, text in enumerate(lines, 1) if text.startswith(signer))
    assert [(d["code"], d["line"], d["column"]) for d in problem["details"]] == [
        ("bad_signature", sig_line, len(signer) + 1)
    ]

    compared = run(["diff", str(one), str(two)])
    assert compared.exit_code == 1, compared.output
    assert "different games" in compared.stdout and "game id" in compared.stdout
    before = three.read_bytes()
    read = run(["read", str(one), "--into", str(three)])
    assert read.exit_code == 1 and ": other_game: " in read.stderr, read.output
    assert three.read_bytes() == before


def test_forex_new_draws_another_id_every_time(tmp_path: Path) -> None:
    """``--dry-run`` prints an id too, another each time, just before the frame's other
    fields and ``moves:``; the log's header holds it as text."""
    path = tmp_path / "g.yaml"
    args = ["new", str(path), "--players", "a,b", "--seed", "s", "--contact", "a=a@example.org"]
    shown = [run([*args, "--dry-run"]).stdout for _ in range(2)]
    found = [ID_LINE.findall(text) for text in shown]
    assert all(len(ids) == 1 for ids in found) and found[0] != found[1]
    assert shown[0].index("\nid: ") < shown[0].index("\ncontacts:") < shown[0].index("\nmoves:")
    assert run(args).exit_code == 0
    header = gamelog.load(path).header
    assert isinstance(header["id"], str) and ID_LINE.fullmatch(f"id: {header['id']}")


@pytest.mark.parametrize(
    ("written", "code", "said"),
    [
        ("id: 12ab", "schema_pattern", "id: '12ab' is not a game id (32 hex digits 0-9 a-f,"),
        (
            "id: 4F9C2A7E1B0D83C65A9E2F4471D0B8C3",
            "schema_pattern",
            "id: '4F9C2A7E1B0D83C65A9E2F4471D0B8C3' is not a game id",
        ),
        ("id: 1234", "schema_type", "id: expected text, found the number 1234"),
    ],
)
def test_validate_refuses_a_malformed_id_in_words(
    written: str, code: str, said: str, tmp_path: Path
) -> None:
    """An id that is not 32 lowercase hex digits is refused at its value, with the code
    docs/format.md lists and a hint that says what to do."""
    path = tmp_path / "g.yaml"
    assert run(["new", str(path), "--players", "a,b", "--seed", "s"]).exit_code == 0
    text = ID_LINE.sub(written, path.read_text("utf-8"))
    path.write_text(text)
    line = text[: text.index("\nid: ")].count("\n") + 2
    checked = run(["validate", str(path)])
    assert checked.exit_code == 1, checked.output
    first = checked.stdout.splitlines()[0]
    assert first.startswith(f"{path}:{line}:5: {code}: {said}"), first
    if code == "schema_pattern":
        assert "put back the id forex new wrote" in " ".join(checked.stdout.split())


def test_a_log_without_an_id_stays_valid_and_keeps_its_signatures(tmp_path: Path) -> None:
    """The id is optional: a log made before ids (here: one whose id line is taken out before
    its first signed move) validates, signatures and all."""
    folder = tmp_path
    (path,) = _started_alike(folder, "for-ex", ("old",))
    path.write_text(ID_LINE.sub("", path.read_text("utf-8")).replace("\n\n", "\n"))
    assert "id" not in gamelog.load(path).header
    signing = ["--sign", "--key", str(folder / "alice.key")]
    assert run(["play", str(path), "alice", "invest", "USD", *signing]).exit_code == 0
    assert run(["validate", str(path), "--require-signatures"]).exit_code == 0
