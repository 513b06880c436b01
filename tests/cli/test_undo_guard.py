"""``forex undo`` guarded: in a signed game a player takes back only their own moves; another
player's move, or one someone else signed, goes only with ``--force``; every removal says whose
move it was and who signed it."""

from __future__ import annotations

from pathlib import Path

import pytest

from forexcli.record import gamelog
from tests.cli.test_commands import run
from tests.record.test_mail import Table, ok, refused, table, unchanged

__all__ = ["table"]


def _played(table: Table) -> Path:
    """alice's copy: her move 1 (a spot deal with bob), then bob's move 2, each signed."""
    log = table.log("alice")
    for name, decision in (
        ("alice", "spot 1 GBP to bob for 1 USD; invest USD"),
        ("bob", "invest JPY"),
    ):
        ok("play", str(log), name, decision, "--sign", "--key", str(table.keys[name]))
    return log


def test_a_signed_game_needs_to_know_who_undoes(table: Table) -> None:
    log = _played(table)
    before = unchanged(log)
    out = refused("not_your_move", "undo", str(log))
    assert "bob's move 2, signed by bob" in out and "who is undoing is not said" in out
    assert "--as NAME" in out and "--force" in out
    out = refused("not_your_move", "undo", str(log), "--as", "alice")
    assert "it is not alice's own move alone" in out
    assert unchanged(log) == before
    said = ok("undo", str(log), "--as", "bob")
    assert " ".join(said.split()).startswith(f"removed move 2: bob: invest JPY from {log} (")
    assert "(bob's move 2, signed by bob)" in said
    assert len(gamelog.load(log).entries) == 1


def test_the_key_says_who_undoes(table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    log = _played(table)
    refused("not_your_move", "undo", str(log), "--key", str(table.keys["carol"]))
    assert "signed by bob" in ok("undo", str(log), "--key", str(table.keys["bob"]), "--dry-run")
    monkeypatch.setenv("FOREX_KEY", str(table.keys["bob"]))
    assert "would remove move 2" in ok("undo", str(log), "--dry-run")
    monkeypatch.setenv("FOREX_KEY", str(table.keys["alice"]))
    refused("not_your_move", "undo", str(log))


def test_a_countersigned_move_needs_force(table: Table) -> None:
    log = _played(table)
    ok("undo", str(log), "--as", "bob")
    ok("sign", str(log), "1", "--key", str(table.keys["bob"]))
    before = unchanged(log)
    out = refused("not_your_move", "undo", str(log), "--as", "alice")
    assert "alice's move 1, signed by alice and bob" in out
    assert unchanged(log) == before
    said = ok("undo", str(log), "--as", "alice", "--force")
    assert "(alice's move 1, signed by alice and bob)" in said
    assert "--force: not alice's own moves alone" in said
    assert gamelog.load(log).entries == ()


def test_undo_to_names_every_removed_move(table: Table) -> None:
    log = _played(table)
    refused("not_your_move", "undo", str(log), "--to", "0", "--as", "bob")
    said = ok("undo", str(log), "--to", "0", "--force")
    assert "(alice's move 1, signed by alice; bob's move 2, signed by bob)" in said
    assert "--force: not the undoer's own moves" in said


def test_an_unsigned_game_undoes_as_before_and_says_whose(tmp_path: Path) -> None:
    log = tmp_path / "g.yaml"
    ok("new", str(log), "--players", "ann,bob", "--seed", "s")
    ok("play", str(log), "ann", "invest USD")
    ok("play", str(log), "bob", "invest JPY")
    refused("not_your_move", "undo", str(log), "--as", "ann")
    said = ok("undo", str(log))
    assert "(bob's move 2)" in said and "not signed" not in said  # no keys: none to sign
    bad = run(["undo", str(log), "--as", "zed"])
    assert bad.exit_code == 2 and "'zed' is not a player" in bad.output
    both = run(["undo", str(log), "--as", "ann", "--key", str(log)])
    assert both.exit_code == 2 and "--as or --key" in both.output
    assert len(gamelog.load(log).entries) == 1


def test_an_unsigned_undo_by_a_player_named_me_says_my_move(tmp_path: Path) -> None:
    """A game without keys says whose move went, not that it was "not signed", and a player
    named ``me`` owns ``my`` move (as ``you`` owns ``your``), not ``me's``."""
    log = tmp_path / "g.yaml"
    ok("new", str(log), "--players", "me,bob", "--seed", "s")
    ok("play", str(log), "me", "invest USD")
    said = ok("undo", str(log))
    assert "(my move 1)" in said and "me's" not in said and "not signed" not in said
    ok("play", str(log), "me", "invest USD")
    ok("play", str(log), "bob", "invest JPY")
    refusal = run(["undo", str(log), "--as", "me"])
    assert refusal.exit_code == 1
    assert "undo would remove bob's move 2: it is not my own move alone" in refusal.output


def test_the_engines_replies_go_with_the_persons_move_in_words(tmp_path: Path) -> None:
    """The interactive game's undo (``--as you --force``) takes the engine's replies with
    the person's move: said as that, not as a ``--force`` the person never typed."""
    log = tmp_path / "duel.yaml"
    ok("new", str(log), "--players", "you,computer", "--seed", "s", "--engine", "computer:20")
    ok("play", str(log), "you", "invest USD")
    assert [entry.player for entry in gamelog.load(log).entries] == ["you", "computer"]
    said = ok("undo", str(log), "--to", "0", "--as", "you", "--force")
    assert "(your move 1; computer's move 2)" in said
    assert "with your moves, the engine's replies (computer: an engine seat)" in said
    assert "--force" not in said
    assert gamelog.load(log).entries == ()


def test_an_undo_that_leaves_the_engine_to_decide_says_how_it_plays(tmp_path: Path) -> None:
    """``forex undo`` takes back the person's move with the engine's reply to it (and says
    so); one that leaves the engine seat to decide (``--to``) gives the command that lets
    it play: nothing plays it until asked."""
    log = tmp_path / "duel.yaml"
    ok("new", str(log), "--players", "you,computer", "--seed", "s", "--engine", "computer:20")
    ok("play", str(log), "you", "invest USD")
    said = " ".join(ok("undo", str(log)).split())
    assert "removed moves 1 to 2 from " in said
    assert "with your move, the engine's replies (computer: an engine seat)" in said
    assert "next: you to play" in said and "let it decide" not in said
    assert gamelog.load(log).entries == ()
    ok("play", str(log), "you", "invest USD")
    said = " ".join(ok("undo", str(log), "--to", "1").split())
    assert "removed move 2: computer: " in said
    assert (
        f"computer is an engine seat; let it decide: forex play {log} computer --engine;"
        f" or forex undo {log} again takes back move 1 too"
    ) in said
    assert "engine seat" not in ok("undo", str(log))  # now you decide
    assert gamelog.load(log).entries == ()
