"""An undo that removes the move which added a key on first use (``keys: {NAME: {key: ...,
since: N}}``) takes the key out with it (signeddecline). Before, the key stayed, and
``forex validate`` then reported ``bad_key``: "added by computer's signed move 1, which
carries no signature"; every form of undo (the last move, ``--to N``) and a cut of a mail's
moves go through the same cut (``edit.cut_text``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from forexcli.record import edit, files, gamelog
from tests.cli.test_commands import run
from tests.record.test_signing import make_key

OFFER = "spot 1 GBP to you for 1.5 EUR; contract 1 GBP for 1.5 EUR"


def _ok(*args: str) -> str:
    result = run(list(args))
    assert result.exit_code == 0, result.output
    return result.output


def _header(path: Path) -> dict[str, Any]:
    return dict(gamelog.read_log(files.read_bytes(str(path)), str(path)).header)


def _duel(folder: Path) -> tuple[Path, dict[str, Path], bytes]:
    """A signed game, computer first and keyless at set-up, you's key given; the log's bytes
    before computer's first move, which adds its key (``since: 1``)."""
    keys = {name: make_key(folder, name) for name in ("you", "computer")}
    log = folder / "duel.yaml"
    _ok("new", str(log), "--players", "you,computer", "--seed", "7", "--engine",
        "computer:50", "--require-signatures", "--key-for", f"you={keys['you']}.pub",
        "--first", "computer")  # fmt: skip
    before = log.read_bytes()
    _ok("play", str(log), "computer", OFFER, "--sign", "--key", str(keys["computer"]))
    value = _header(log)["keys"]["computer"]
    assert value["since"] == 1
    return log, keys, before


def test_undo_force_takes_out_the_key_the_move_added(tmp_path: Path) -> None:
    log, _, before = _duel(tmp_path)
    said = " ".join(_ok("undo", str(log), "--force").split())
    assert "with computer's key, added to keys: on first use by computer's signed move 1" in said
    assert set(_header(log)["keys"]) == {"you"}
    assert log.read_bytes() == before
    result = run(["validate", str(log), "--require-signatures"])
    assert result.exit_code == 0, result.output


def test_undo_to_takes_out_a_key_added_after_the_move_kept(tmp_path: Path) -> None:
    log, keys, _ = _duel(tmp_path)
    _ok("play", str(log), "you", "accept", "--sign", "--key", str(keys["you"]))
    _ok("play", str(log), "you", "invest GBP", "--sign", "--key", str(keys["you"]))
    kept = log.read_bytes()
    assert _header(log)["keys"]["computer"]["since"] == 1
    _ok("undo", str(log), "--to", "1", "--force")  # move 1 stays: so does the key it added
    assert "computer" in _header(log)["keys"]
    log.write_bytes(kept)
    said = " ".join(_ok("undo", str(log), "--to", "0", "--force").split())
    assert "moves 1 to 2" in said and "with computer's key" in said
    assert set(_header(log)["keys"]) == {"you"}
    result = run(["validate", str(log), "--require-signatures"])
    assert result.exit_code == 0, result.output


def test_the_only_key_goes_with_its_keys_field(tmp_path: Path) -> None:
    """A game without keys at set-up whose first signed move added the only one."""
    key = make_key(tmp_path, "ann")
    log = tmp_path / "pair.yaml"
    _ok("new", str(log), "--players", "ann,bob", "--seed", "3")
    before = log.read_bytes()
    _ok("play", str(log), "ann", "invest EUR", "--sign", "--key", str(key))
    assert "keys" in _header(log)
    _ok("undo", str(log), "--force")
    assert log.read_bytes() == before
    assert run(["validate", str(log)]).exit_code == 0


def test_a_flow_keys_mapping_loses_the_key_and_keeps_the_others(tmp_path: Path) -> None:
    log, _, _ = _duel(tmp_path)
    header = _header(log)
    you = header["keys"]["you"]
    computer = header["keys"]["computer"]
    text = log.read_text("utf-8")
    start = text.index("keys:")
    end = text.index("engines:")
    flow = (
        f'keys: {{you: "{you}", computer: {{key: "{computer["key"]}",'
        f" since: {computer['since']}}}}}\n"
    )
    log.write_text(text[:start] + flow + text[end:], "utf-8")
    assert _header(log)["keys"] == header["keys"]
    change = edit.remove_after(str(log), 0)
    assert change.unkeyed == ("computer",)
    assert _header(log)["keys"] == {"you": you}
    result = run(["validate", str(log), "--require-signatures"])
    assert result.exit_code == 0, result.output
