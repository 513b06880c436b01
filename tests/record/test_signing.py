"""Signed moves: real OpenSSH Ed25519 keys made in the test, signing, and every forgery caught.

Keys are made by ``forex key new`` (with and without a passphrase) and, where
it is installed, by OpenSSH's own ``ssh-keygen``; the signatures are checked
by ``forex validate``, each problem at the line of the signature it concerns.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from forexcli.record import gamelog, signing
from forexcli.record.keys import load_private_key, public_line
from forexcli.record.problems import LogError, codes
from tests.cli.test_commands import new_game, run


def make_key(folder: Path, name: str, passphrase: str | None = None) -> Path:
    """A key pair made by ``forex key new``: FILE and FILE.pub."""
    path = folder / f"{name}.key"
    if passphrase is None:
        result = run(["key", "new", str(path), "--no-passphrase", "--comment", name])
    else:
        result = run(["key", "new", str(path), "--comment", name], FOREX_PASSPHRASE=passphrase)
    assert result.exit_code == 0, result.output
    return path


def line_of(path: Path, needle: str, occurrence: int = 1, *, whole: bool = False) -> int:
    """The 1-based line number of the ``occurrence``-th line containing ``needle`` (being it,
    with ``whole``)."""
    seen = 0
    for number, line in enumerate(path.read_text().splitlines(), 1):
        if (line == needle) if whole else (needle in line):
            seen += 1
            if seen == occurrence:
                return number
    raise AssertionError(f"{needle!r} not in {path}")


def play(log: Path, *args: str, **env: str) -> None:
    result = run(["play", str(log), *args], **env)
    assert result.exit_code == 0, result.output


def validate_json(log: Path, *extra: str) -> dict[str, object]:
    result = run(["validate", str(log), "--format", "json", *extra])
    data: dict[str, object] = json.loads(result.stdout)
    return data


def problems_of(log: Path, *extra: str) -> list[dict[str, object]]:
    files = validate_json(log, *extra)["files"]
    assert isinstance(files, list)
    found: list[dict[str, object]] = files[0]["problems"]
    return found


@pytest.fixture
def keys(tmp_path: Path) -> dict[str, Path]:
    """alice's key without a passphrase, bob's with one, carol's without."""
    return {
        "alice": make_key(tmp_path, "alice"),
        "bob": make_key(tmp_path, "bob", "bob's secret"),
        "carol": make_key(tmp_path, "carol"),
    }


@pytest.fixture
def signed_game(tmp_path: Path, keys: dict[str, Path]) -> Path:
    """Five signed moves: alice's and bob's keys given at set-up, carol's on first use;
    alice's moves 1 and 5 are the same decision (resolve: dividends 1 and 2)."""
    log = new_game(
        tmp_path / "game.yaml",
        "--key-for",
        f"alice={keys['alice']}.pub",
        "--key-for",
        f"bob={keys['bob']}.pub",
    )
    play(log, "alice", "resolve", "--sign", "--key", str(keys["alice"]))
    play(log, "alice", "strengthen EUR", "--sign", "--key", str(keys["alice"]))
    play(
        log,
        "bob",
        "invest JPY",
        "--sign",
        "--key",
        str(keys["bob"]),
        FOREX_PASSPHRASE="bob's secret",
    )
    play(log, "carol", "invest CAD", "--sign", FOREX_KEY=str(keys["carol"]))
    play(log, "alice", "resolve", "--sign", "--key", str(keys["alice"]))
    return log


# --------------------------------------------------------------------------- keys


def test_key_new_writes_an_openssh_pair_never_overwriting(tmp_path: Path) -> None:
    key = make_key(tmp_path, "plain")
    text = key.read_text()
    assert text.startswith("-----BEGIN OPENSSH PRIVATE KEY-----")
    assert stat.S_IMODE(key.stat().st_mode) == 0o600
    public = (tmp_path / "plain.key.pub").read_text()
    assert re.fullmatch(r"ssh-ed25519 [A-Za-z0-9+/]+=* plain\n", public)
    again = run(["key", "new", str(key), "--no-passphrase"])
    assert again.exit_code == 2
    assert "already exists" in again.output
    assert key.read_text() == text
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


@pytest.mark.slow
def test_a_passphrase_is_prompted_without_echo_and_checked(tmp_path: Path) -> None:
    key = tmp_path / "k"
    made = run(["key", "new", str(key)], input="s3cret\ns3cret\n")
    assert made.exit_code == 0, made.output
    assert "s3cret" not in made.output
    assert "protected by a passphrase" in made.output
    loaded = load_private_key(str(key), lambda: b"s3cret")
    assert (
        public_line(loaded.public_key()).split()[1] == ((tmp_path / "k.pub").read_text().split()[1])
    )
    with pytest.raises(LogError) as wrong:
        load_private_key(str(key), lambda: b"guess")
    assert wrong.value.problems[0].code == "bad_passphrase"
    log = new_game(tmp_path / "g.yaml")
    before = log.read_text()
    refused = run(["play", str(log), "alice", "resolve", "--sign", "--key", str(key)], input="no\n")
    assert refused.exit_code == 2
    assert "bad_passphrase" in refused.output and "no\n" not in refused.output
    assert log.read_text() == before
    prompted = run(
        ["play", str(log), "alice", "resolve", "--sign", "--key", str(key)], input="s3cret\n"
    )
    assert prompted.exit_code == 0, prompted.output
    assert "Passphrase for" in prompted.output and "s3cret" not in prompted.output


@pytest.mark.skipif(shutil.which("ssh-keygen") is None, reason="OpenSSH's ssh-keygen is absent")
def test_keys_made_by_ssh_keygen_sign_and_verify(tmp_path: Path) -> None:
    for name, passphrase in (("plain", ""), ("locked", "open sesame")):
        subprocess.run(
            (
                "ssh-keygen",
                "-q",
                "-t",
                "ed25519",
                "-N",
                passphrase,
                "-C",
                name,
                "-f",
                tmp_path / name,
            ),
            check=True,
        )
    log = new_game(tmp_path / "g.yaml", "--key-for", f"alice={tmp_path / 'plain.pub'}")
    play(log, "alice", "invest USD", "--sign", "--key", str(tmp_path / "plain"))
    env = {"FOREX_PASSPHRASE": "open sesame", "FOREX_KEY": str(tmp_path / "locked")}
    play(log, "bob", "invest JPY", "--sign", **env)
    data = validate_json(log, "--require-signatures")
    assert data["ok"] is True
    header = gamelog.load(log).header["keys"]
    assert header["bob"]["since"] == 2
    assert header["bob"]["key"].endswith(" locked")


def test_missing_and_wrong_keys_are_clear_errors(tmp_path: Path, keys: dict[str, Path]) -> None:
    log = new_game(tmp_path / "g.yaml", "--key-for", f"alice={keys['alice']}.pub")
    before = log.read_text()
    missing = run(["play", str(log), "alice", "resolve", "--sign", "--key", str(tmp_path / "no")])
    assert missing.exit_code == 2 and "no_key" in missing.output
    not_a_key = tmp_path / "x.key"
    not_a_key.write_text("hello\n")
    bad = run(["play", str(log), "alice", "resolve", "--sign", "--key", str(not_a_key)])
    assert bad.exit_code == 2 and "bad_key" in bad.output
    other = run(["play", str(log), "alice", "resolve", "--sign", "--key", str(keys["carol"])])
    assert other.exit_code == 1 and "wrong_key" in other.output
    assert "Traceback" not in other.output
    assert log.read_text() == before
    pub = run(["new", str(tmp_path / "n.yaml"), "--players", "a,b", "--key-for", f"a={log}"])
    assert pub.exit_code == 2 and "not an Ed25519 public key" in pub.output
    assert not (tmp_path / "n.yaml").exists()


# --------------------------------------------------------------------------- signing


def test_signed_game_validates_and_show_says_who_signed(signed_game: Path) -> None:
    assert validate_json(signed_game, "--require-signatures")["ok"] is True
    text = signed_game.read_text()
    assert text.count("    sig:\n") == 5
    assert max(len(line) for line in text.splitlines()) <= 78
    header = gamelog.load(signed_game).header["keys"]
    assert isinstance(header["alice"], str) and header["carol"]["since"] == 4
    shown = run(["show", str(signed_game)])
    assert shown.exit_code == 0
    assert "Last move: 5. alice: resolve (signed by alice)" in shown.stdout
    said = " ".join(shown.stdout.split())  # (the lines are wrapped to the width)
    assert re.search(r"alice: key SHA256:\S+, given at set-up; signed moves 1, 2, 5", said)
    assert re.search(r"carol: key SHA256:\S+, trust on first use: added with their", said)
    message = run(["message", str(signed_game), "--since", "0"])
    assert message.stdout.count("signed by ") == 5


def test_a_log_without_keys_is_as_valid_as_before(tmp_path: Path) -> None:
    log = new_game(tmp_path / "g.yaml")
    play(log, "alice", "invest USD")
    assert validate_json(log, "--require-signatures")["ok"] is True
    shown = run(["show", str(log)])
    assert "Signatures" not in shown.stdout and "signed" not in shown.stdout


def test_unsigned_move_by_a_player_with_a_key(signed_game: Path) -> None:
    """``play`` refuses it; written by hand, it is an error of ``validate``."""
    listed = run(["moves", str(signed_game), "--all"]).stdout.splitlines()
    decision = next(line.strip() for line in listed if line.strip().startswith("strengthen"))
    refused = run(["play", str(signed_game), "alice", decision])
    assert refused.exit_code == 1 and "unsigned_move" in refused.stderr, refused.output
    signed_game.write_text(signed_game.read_text() + f"  - alice: {decision}\n")
    line = line_of(signed_game, f"- alice: {decision}")
    data = validate_json(signed_game)
    assert data["ok"] is False
    assert not data["files"][0].get("warnings")  # type: ignore[index]
    found = problems_of(signed_game)
    assert [(p["code"], p["line"], p["entry"]) for p in found] == [("unsigned_move", line, 6)]
    strict = problems_of(signed_game, "--require-signatures")
    assert [(p["code"], p["line"]) for p in strict] == [("unsigned_move", line)]
    text = run(["validate", str(signed_game)])
    assert text.exit_code == 1
    assert f"{signed_game}:{line}:" in text.output and "warning" not in text.output
    github = run(["validate", str(signed_game), "--format", "github"])
    assert f"::error file={signed_game},line={line}" in github.output


def test_countersigning_a_spot(tmp_path: Path, keys: dict[str, Path]) -> None:
    log = new_game(tmp_path / "g.yaml", "--key-for", f"alice={keys['alice']}.pub")
    play(
        log,
        "alice",
        "spot 1 GBP to bob for 1 USD; invest USD",
        "--sign",
        "--key",
        str(keys["alice"]),
    )
    stray = run(["sign", str(log), "1", "--as", "carol", "--key", str(keys["carol"])])
    assert stray.exit_code == 1 and "stray_signature" in stray.output
    env = {"FOREX_PASSPHRASE": "bob's secret"}
    signed = run(["sign", str(log), "1", "--as", "bob", "--key", str(keys["bob"])], **env)
    assert signed.exit_code == 0, signed.output
    again = run(["sign", str(log), "1", "--key", str(keys["bob"])], **env)
    assert again.exit_code == 1 and "already_signed" in again.output
    entry = gamelog.load(log).entries[0]
    assert entry.sig is not None and list(entry.sig) == ["alice", "bob"]
    assert validate_json(log, "--require-signatures")["ok"] is True
    shown = " ".join(run(["show", str(log)]).stdout.split())  # (wrapped to the width)
    assert "(signed by alice and bob)" in shown
    assert "bob: key SHA256:" in shown and "countersigned 1" in shown


# --------------------------------------------------------------------------- forgeries


def _written(text: str, value: str) -> re.Match[str]:
    """Where ``value`` is written in ``text``, once: a signature or a key line is folded at its
    spaces onto the lines below."""
    pattern = r"\s+".join(re.escape(word) for word in value.split(" "))
    found = list(re.finditer(pattern, text))
    assert len(found) == 1, (value, len(found))
    return found[0]


def _rewritten(text: str, old: str, new: str) -> str:
    """``text`` with the value ``old`` (folded as it is written) replaced by ``new``, folded
    the same way where it has as many pieces."""
    match = _written(text, old)
    seps = re.findall(r"\s+", match.group(0))
    words = new.split(" ")
    joined = "".join(w + (seps[i] if i < len(seps) else " ") for i, w in enumerate(words[:-1]))
    return text[: match.start()] + joined + words[-1] + text[match.end() :]


def _replace_sig(log: Path, number: int, signer: str, value: str) -> None:
    """Put ``value`` in place of ``signer``'s signature on move ``number`` (by text)."""
    entries = gamelog.load(log).entries
    old = entries[number - 1].sig[signer]  # type: ignore[index]
    log.write_text(_rewritten(log.read_text(), old, value))


def test_forgery_with_another_players_key(signed_game: Path, keys: dict[str, Path]) -> None:
    """bob writes a move in alice's name, signed with his own key."""
    log = gamelog.load(signed_game)
    played = gamelog.replay(log)
    bob = load_private_key(str(keys["bob"]), lambda: b"bob's secret")
    entry = log.entries[4]
    forged = signing.sign(bob, log, 5, played.state_after(4), "alice", "alice", entry.text)
    _replace_sig(signed_game, 5, "alice", forged)
    found = problems_of(signed_game)
    line = line_of(signed_game, "      alice: ", 3)
    assert [(p["code"], p["line"], p["entry"]) for p in found] == [("wrong_key", line, 5)]
    assert "made with bob's key, not alice's" in str(found[0]["message"])


def test_forgery_by_moving_a_signed_entry(signed_game: Path) -> None:
    """alice's signatures of moves 1 and 5 (the same decision) are swapped."""
    entries = gamelog.load(signed_game).entries
    first, fourth = entries[0].sig["alice"], entries[4].sig["alice"]  # type: ignore[index]
    text = _rewritten(signed_game.read_text(), first, "@")
    text = _rewritten(text, fourth, first)
    signed_game.write_text(_rewritten(text, "@", fourth))
    found = problems_of(signed_game)
    lines = [line_of(signed_game, "      alice: ", n) for n in (1, 3)]
    assert [(p["code"], p["line"]) for p in found] == [("moved_entry", n) for n in lines]
    assert "was made for move 5" in str(found[0]["message"])
    assert "was made for move 1" in str(found[1]["message"])


def test_forgery_by_editing_a_signed_entry(signed_game: Path) -> None:
    text = signed_game.read_text()
    signed_game.write_text(text.replace("- carol: invest CAD", "- carol: invest CNY"))
    found = problems_of(signed_game)
    line = line_of(signed_game, "      carol: ")
    # The edited move's own signature fails, and so does every later one (the state before
    # them changed): one finding at the edited entry, one line for the later signatures,
    # each keeping the signature problems it stands for.
    codes = [(p["code"], p["line"]) for p in found]
    assert codes == [
        ("edited_move", line_of(signed_game, "- carol: invest CNY")),
        ("signatures_after_edit", line_of(signed_game, "      alice: ", 3)),
    ]
    assert 'carol signed "invest CAD", the log says "invest CNY"' in str(found[0]["message"])
    own = [(d["code"], d["line"]) for d in found[0]["details"]]  # type: ignore[attr-defined]
    assert ("bad_signature", line) in own
    signature = next(d for d in found[0]["details"] if d["code"] == "bad_signature")  # type: ignore[attr-defined]
    assert "does not verify with carol's key" in str(signature["message"])
    later = [(d["code"], d["line"]) for d in found[1]["details"]]  # type: ignore[attr-defined]
    assert later == [("bad_signature", line_of(signed_game, "      alice: ", 3))]


def test_forgery_by_copying_a_signature_from_another_game(
    tmp_path: Path, signed_game: Path, keys: dict[str, Path]
) -> None:
    other = new_game(
        tmp_path / "other.yaml",
        "--key-for",
        f"alice={keys['alice']}.pub",
        "--title",
        "another game",
    )
    play(other, "alice", "resolve", "--sign", "--key", str(keys["alice"]))
    stolen = gamelog.load(other).entries[0].sig["alice"]  # type: ignore[index]
    _replace_sig(signed_game, 1, "alice", stolen)
    found = problems_of(signed_game)
    line = line_of(signed_game, "      alice: ")
    assert [(p["code"], p["line"]) for p in found] == [("bad_signature", line)]


def test_forgery_by_a_truncated_signature(signed_game: Path) -> None:
    value = gamelog.load(signed_game).entries[2].sig["bob"]  # type: ignore[index]
    _replace_sig(signed_game, 3, "bob", value[:40])
    found = problems_of(signed_game)
    line = line_of(signed_game, "      bob: ")
    assert [(p["code"], p["line"]) for p in found] == [("bad_signature", line)]
    assert "damaged or cut short" in str(found[0]["message"])
    result = run(["validate", str(signed_game)])
    assert result.exit_code == 1
    assert f"{signed_game}:{line}:" in result.output


def test_forgery_by_replacing_a_key_added_on_first_use(
    signed_game: Path, keys: dict[str, Path]
) -> None:
    """carol's key line is swapped for alice's: her signature no longer verifies."""
    log = gamelog.load(signed_game)
    carol_line = log.header["keys"]["carol"]["key"]
    alice_line = log.header["keys"]["alice"]
    signed_game.write_text(_rewritten(signed_game.read_text(), carol_line, alice_line))
    found = problems_of(signed_game)
    assert [(p["code"], p["line"]) for p in found] == [
        ("bad_signature", line_of(signed_game, "      carol: "))
    ]
    # A key added on first use must come with a signature of that player at its move.
    text = signed_game.read_text()
    assert text.count("    since: 4\n") == 1
    signed_game.write_text(text.replace("    since: 4\n", "    since: 1\n"))
    found = problems_of(signed_game)
    assert ("bad_key", line_of(signed_game, "  carol:", whole=True) + 1) in [
        (p["code"], p["line"]) for p in found
    ]


def test_a_forged_log_is_not_signed_on(signed_game: Path, keys: dict[str, Path]) -> None:
    text = signed_game.read_text().replace("- carol: invest CAD", "- carol: invest CNY")
    signed_game.write_text(text)
    result = run(
        ["play", str(signed_game), "alice", "strengthen JPY", "--sign", "--key", str(keys["alice"])]
    )
    assert result.exit_code == 1 and "nothing was written" in result.output
    assert signed_game.read_text() == text


def test_signature_codes_are_listed() -> None:
    listed = set(codes()["signature"])
    assert {
        "bad_signature",
        "wrong_key",
        "moved_entry",
        "unsigned_move",
        "stray_signature",
        "unknown_signer",
        "bad_key",
        "no_key",
        "bad_passphrase",
        "already_signed",
    } <= listed
    assert os.path.exists(Path(__file__).parents[2] / "docs" / "format.md")


def test_show_json_lists_keys_and_signers(signed_game: Path) -> None:
    from jsonschema import Draft202012Validator

    result = run(["show", str(signed_game), "--format", "json"])
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    schema = json.loads(
        (Path(__file__).parents[2] / "schemas" / "forex-show.schema.json").read_text()
    )
    assert list(Draft202012Validator(schema).iter_errors(data)) == []
    signatures = data["signatures"]
    assert signatures["keys"]["alice"]["since"] is None
    assert signatures["keys"]["carol"]["since"] == 4
    assert signatures["keys"]["bob"]["fingerprint"].startswith("SHA256:")
    assert signatures["signed"] == [
        {"move": n, "by": [who]}
        for n, who in ((1, "alice"), (2, "alice"), (3, "bob"), (4, "carol"), (5, "alice"))
    ]
    at_two = json.loads(run(["show", str(signed_game), "--format", "json", "--at", "2"]).stdout)
    assert [item["move"] for item in at_two["signatures"]["signed"]] == [1, 2]
    unsigned = new_game(signed_game.parent / "unsigned.yaml")
    plain = json.loads(run(["show", str(unsigned), "--format", "json"]).stdout)
    assert plain["players"] == ["alice", "bob", "carol"]
    assert "signatures" not in plain


def test_a_passphrase_without_a_terminal_says_to_set_forex_passphrase(tmp_path: Path) -> None:
    """No terminal and no FOREX_PASSPHRASE: one clean error, no GetPassWarning, no Aborted!."""
    key = tmp_path / "k"
    assert run(["key", "new", str(key)], FOREX_PASSPHRASE="s3cret").exit_code == 0
    log = new_game(tmp_path / "g.yaml")
    before = log.read_text()
    args = ["play", str(log), "alice", "resolve", "--sign", "--key", str(key)]
    result = run(args)  # no input: the prompt meets the end of standard input
    assert result.exit_code == 2
    assert "bad_passphrase" in result.stderr and "FOREX_PASSPHRASE=" in result.stderr
    assert "Aborted" not in result.output
    # A real process without a controlling terminal: getpass would warn and read stdin.
    process = subprocess.run(
        [sys.executable, "-c", "from forexcli.cli import main; main()", *args],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        start_new_session=True,
        env={k: v for k, v in os.environ.items() if k != "FOREX_PASSPHRASE"},
        check=False,
    )
    assert process.returncode == 2, process.stderr
    assert "GetPassWarning" not in process.stderr and "Aborted" not in process.stderr
    assert "there is no terminal to ask for" in process.stderr
    assert "FOREX_PASSPHRASE=" in process.stderr
    assert log.read_text() == before
    made = run(["key", "new", str(tmp_path / "k2")])
    assert made.exit_code == 2 and "--no-passphrase" in made.stderr
    assert not (tmp_path / "k2").exists()
    done = run(args, FOREX_PASSPHRASE="s3cret")
    assert done.exit_code == 0, done.output


def test_who_may_sign_a_move_is_the_games_word() -> None:
    """The record layer asks the game (``Game.cosigner``) who besides the decider signs an
    entry: For-Ex names a spot's partner; a game that keeps ``BaseGame``'s default, nobody."""
    from forexcli import games
    from forexcli.record.entry import Entry

    forex = games.get("for-ex")
    log = gamelog.load(Path(__file__).parents[2] / "examples" / "two-players.yaml")
    dealt = next(e for e in log.entries if e.text.startswith("spot 1 USD to ada"))
    plain = next(e for e in log.entries if "spot" not in e.text)
    assert signing.cosigner(forex, dealt) == "ada"
    assert signing.parties(forex, dealt) == ("ben", "ada")
    assert signing.parties(forex, plain) == (plain.player,)
    assert signing.parties(games.get("world-exchangers"), dealt) == ("ben",)
    assert isinstance(dealt, Entry)
