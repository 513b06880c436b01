"""The multi-game frame: the old import paths gone, the header's ``game:``, and World
Exchangers logs through the record layer and the commands (validate, moves, history, play,
undo, schema), every problem located."""

from __future__ import annotations

import importlib
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import forexcli
from forexcli import games
from forexcli.games.worldex.load import EXAMPLE_COMPONENTS, digest
from forexcli.record import gamelog, validation
from forexcli.record.problems import LogError
from tests.cli.test_commands import TWO, run
from tests.every_game import SHIPPED

ROOT = Path(__file__).resolve().parent.parent
SHA = digest(EXAMPLE_COMPONENTS.read_bytes())

HEADER = f"""\
game: world-exchangers
worldex: 1
title: Vienna and a little more
players: [ai, louis]
components:
  file: components.json
  sha256: {SHA}
setup:
  roles: {{ai: Felix, louis: Rue}}
  starting: {{ai: [Dallas, Cairo, Taipei], louis: [Osaka, Bogota, Accra]}}
  trends: {{mid: mid-most-cities, end: end-1000-0}}
  area: [Vienna, Dubai, Melbourne, Lisbon, Roma]
"""

MOVES = """\
moves:
  - ai: buy Vienna              # 300 - 100 = 200
  - louis: buy Roma
  - ai: sell Vienna             # 200 + 200 = 400
    note: Vienna's month-2 bonus
  - louis: buy Vienna
  - ai: sell Dallas
  - louis: buy Lisbon
  - ai: buy Dubai
  - deck: reveal Oslo, Lima, Doha
  - louis: sell Roma, Accra +box
"""


def worldex_log(folder: Path, moves: str = MOVES, header: str = HEADER) -> Path:
    """A World Exchangers log (the rulebook's Vienna) beside a copy of the example components."""
    shutil.copyfile(EXAMPLE_COMPONENTS, folder / "components.json")
    path = folder / "game.yaml"
    path.write_text(header + moves, encoding="utf-8")
    return path


# --------------------------------------------------------------------------- aliases


OLD_PATHS = {
    **{
        f"forexcli.{name}": f"forexcli.record.{name}"
        for name in (
            "digests",
            "edit",
            "fastpath",
            "forks",
            "gamelog",
            "hints",
            "mail",
            "png",
            "problems",
            "signing",
            "validation",
            "yamlread",
        )
    },
    **{
        f"forexcli.{name}": f"forexcli.games.forex.{name}"
        for name in (
            "advisor",
            "catchup",
            "message",
            "moves",
            "notation",
            "schema_source",
            "snapshot",
            "standings",
            "svg",
        )
    },
    "forexcli.engine": "forexcli.games.forex.rules",
    "forexcli.games.forex.engine": "forexcli.games.forex.rules",
    "forexcli.games.worldex.engine": "forexcli.games.worldex.rules",
}
"""The import paths used before the record layer and For-Ex were split (and before the rules
cores were named rules/), and where each is now.

(``forexcli.search``, For-Ex's search before the split, now ``games.forex.search``, is the
name of the game-independent search again: ``test_worldex_search``.)"""


@pytest.mark.parametrize("old", sorted(OLD_PATHS))
def test_an_old_path_is_gone_and_its_module_is_where_it_lives(old: str) -> None:
    shim = ROOT / Path(*old.split("."))
    assert not shim.with_suffix(".py").exists() and not (shim / "__init__.py").exists()
    parent, _, name = OLD_PATHS[old].rpartition(".")
    module = importlib.import_module(OLD_PATHS[old])
    assert module.__name__ == OLD_PATHS[old]
    assert getattr(importlib.import_module(parent), name) is module


def test_the_schema_scripts_print_the_committed_schemas() -> None:
    for module, schema in (
        ("forexcli.games.forex.schema_source", "forex-log.schema.json"),
        ("forexcli.games.forex.views.schema", "forex-show.schema.json"),
        ("forexcli.games.forex.views.play_schema", "forex-play.schema.json"),
        ("forexcli.games.worldex.play_schema", "worldex-play.schema.json"),
    ):
        done = subprocess.run(
            [sys.executable, "-m", module], capture_output=True, text=True, check=True
        )
        assert done.stdout == (ROOT / "schemas" / schema).read_text(encoding="utf-8")
        assert done.stderr == ""


def test_start_up_imports_no_record_or_game_module() -> None:
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", "import forexcli.cli"],
        capture_output=True,
        text=True,
        check=True,
    )
    loaded = {line.rsplit("|", 1)[-1].strip() for line in done.stderr.splitlines()}
    ours = sorted(name for name in loaded if name.startswith("forexcli"))
    assert ours == [
        "forexcli",
        "forexcli.cli",
        "forexcli.reporters",
        "forexcli.reporters.ascii_table",
        "forexcli.streams",
    ]


def test_the_cli_offers_the_registered_games() -> None:
    from forexcli.cli import GameChoice

    assert GameChoice().choices == games.names()
    assert games.names()[: len(SHIPPED)] == SHIPPED  # then any game registered besides
    assert forexcli.__version__


# --------------------------------------------------------------------------- game:


def test_a_for_ex_log_may_name_its_game(tmp_path: Path) -> None:
    path = tmp_path / "named.yaml"
    path.write_text("game: for-ex\n" + TWO.read_text(encoding="utf-8"), encoding="utf-8")
    result = run(["validate", str(path)])
    assert result.exit_code == 0, result.output
    assert run(["show", str(path)]).exit_code == 0


@pytest.mark.parametrize(
    ("value", "hint"),
    [("world-exchanger", "did you mean world-exchangers?"), ("chess", "leave game: out")],
)
def test_an_unknown_game_is_located_with_a_hint(tmp_path: Path, value: str, hint: str) -> None:
    path = tmp_path / "odd.yaml"
    path.write_text(f"forex: 1\ngame: {value}\nplayers: [a, b]\n", encoding="utf-8")
    for command in (["validate"], ["show"], ["moves"]):
        result = run([*command, str(path)])
        assert result.exit_code == 1, result.output
        said = result.stdout + result.stderr
        assert f"{path}:2:7: unknown_game: game: {value!r} is not a game" in said
        assert hint in said and "Traceback" not in said


# --------------------------------------------------------------------------- the record layer


def test_a_worldex_log_reads_and_replays_through_its_rules_module(tmp_path: Path) -> None:
    problems, played = validation.check(worldex_log(tmp_path))
    assert problems == [] and isinstance(played, gamelog.Replay)
    assert played.moves == 9 and played.log.game is games.get("world-exchangers")
    ai, louis = played.final.players
    assert ai.line == (300, 200, 400, 900, 400)  # 1,300 - 300 - 300 - 400; Vienna; ...
    assert louis.sold_two
    assert played.log.entries[2].note == "Vienna's month-2 bonus"
    assert played.log.entries[7].key == "deck"


def test_a_for_ex_log_reads_as_before_through_check(tmp_path: Path) -> None:
    from forexcli.record import gamelog

    problems, played = validation.check(TWO)
    assert problems == [] and isinstance(played, gamelog.Replay)
    assert played.final == gamelog.replay(gamelog.load(TWO)).final


@pytest.mark.parametrize(
    ("change", "code", "place"),
    [
        (("title: Vienna", "titel: Vienna"), "schema_unknown_key", "3:1"),
        (("worldex: 1", "worldex: 2"), "schema_const", "2:10"),
        (("  - louis: buy Roma", "  - louis: buy Roma +rue +box"), "bad_notation", "15:12"),
        (("  - louis: buy Roma", "  - lewis: buy Roma"), "unknown_player", "15:5"),
        (("  - louis: buy Roma", "  - ai: buy Roma"), "not_your_turn", "15:9"),
        (("  - louis: buy Roma", "  - louis: buy Paris"), "card_unavailable", "15:12"),
        (
            (
                f"file: components.json\n  sha256: {SHA}",
                f"file: missing.json\n  sha256: {'b' * 64}",
            ),
            "components_unreadable",
            "6:9",
        ),  # (missing, the shipped components' SHA-256 reads those: test_worldex_engine_play)
        ((f"sha256: {SHA}", f"sha256: {'a' * 64}"), "components_digest", "7:11"),
    ],
)
def test_every_layer_is_located(
    tmp_path: Path, change: tuple[str, str], code: str, place: str
) -> None:
    path = worldex_log(tmp_path)
    text = path.read_text(encoding="utf-8")
    assert change[0] in text
    path.write_text(text.replace(change[0], change[1], 1), encoding="utf-8")
    result = run(["validate", str(path)])
    assert result.exit_code == 1, result.output
    assert f"{path}:{place}: {code}:" in result.stdout + result.stderr, result.output
    assert "Traceback" not in result.output


def test_a_rules_error_names_the_move_and_what_is_legal(tmp_path: Path) -> None:
    path = worldex_log(tmp_path, MOVES.replace("  - louis: buy Roma", "  - ai: buy Roma"))
    problems, played = validation.check(path)
    assert isinstance(played, gamelog.Replay) and played.moves == 1
    (problem,) = problems
    assert problem.code == "not_your_turn" and problem.entry == 2 and problem.layer == "rules"
    assert problem.message.startswith("move 2: ai: buy Roma: ")
    assert "louis decides now (turn)" in problem.hints[0]
    assert problem.hints[1] == "7 later entries not checked"


def test_a_recorded_digest_is_checked(tmp_path: Path) -> None:
    path = worldex_log(tmp_path)
    assert run(["play", str(path), "ai", "buy", "Oslo"]).exit_code == 0
    text = path.read_text(encoding="utf-8")
    assert "    digest: " in text
    # Louis's board turned to side B after the digest was written: every move stays legal.
    path.write_text(
        text.replace("players: [ai, louis]\n", "players: [ai, louis]\nboards: {louis: B}\n"),
        encoding="utf-8",
    )
    result = run(["validate", str(path)])
    assert result.exit_code == 1
    assert "digest_mismatch" in result.stdout + result.stderr


# --------------------------------------------------------------------------- commands


def test_validate_mixes_both_games_in_files_folders_and_processes(tmp_path: Path) -> None:
    worldex = worldex_log(tmp_path)
    shutil.copyfile(TWO, tmp_path / "forex.yaml")
    for jobs in ("1", "2"):
        result = run(["validate", "-j", jobs, str(tmp_path), str(worldex)])
        assert result.exit_code == 0, result.output
        # the World Exchangers log is in the folder too: checked once
        assert result.stdout == "2 files checked: 2 valid, 0 invalid\n"
    result = run(["validate", "--format", "json", "--only-logs", str(tmp_path)])
    data = json.loads(result.stdout)
    (entry,) = [f for f in data["files"] if f["file"].endswith("game.yaml")]
    assert entry == {
        "file": str(worldex),
        "valid": True,
        "moves": 9,
        "status": "ai to decide (turn)",
        "problems": [],
    }


def test_moves_lists_what_is_legal_now_grouped(tmp_path: Path) -> None:
    path = worldex_log(tmp_path)
    result = run(["moves", str(path)])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == "ai to play (buy or sell), month 5, after move 9: cash 400, media 1."
    decisions = [line.split("  ")[0] for line in lines]
    assert "buy Oslo" in decisions and "sell Cairo, Taipei +box" in decisions
    assert not any(line.startswith("ai: ") for line in lines)  # written as play takes them
    # After ai bought Dubai the sale area needs 3 cards from the deck: a reveal, summed up.
    result = run(["moves", str(path), "--at", "7"])
    assert result.stdout.startswith("The deck to reveal 3 cards (after move 7).\n")
    assert "reveal CITY, CITY, CITY" in result.stdout and "any 3 of the 40" in result.stdout
    data = json.loads(run(["moves", str(path), "--format", "json"]).stdout)
    assert data["game"] == "world-exchangers" and data["deciders"] == ["ai"]
    assert [g["kind"] for g in data["groups"]] == ["buy", "sell"]


def test_history_lists_the_entries_with_their_notes(tmp_path: Path) -> None:
    path = worldex_log(tmp_path)
    result = run(["history", str(path)])
    assert result.exit_code == 0, result.output
    assert "World Exchangers; 9 moves; players in seat order: ai, louis" in result.stdout
    assert "Vienna's month-2 bonus" in result.stdout
    data = json.loads(run(["history", str(path), "--format", "json"]).stdout)
    assert data["moves"][7] == {
        "move": 8,
        "by": "deck",
        "decision": "reveal Oslo, Lima, Doha",
        "note": None,
        "legal": True,
        "signed": [],  # the players whose signatures of it verify (issue 22)
    }


def test_play_appends_what_the_engine_accepts_and_undo_removes_it(tmp_path: Path) -> None:
    path = worldex_log(tmp_path)
    before = path.read_bytes()
    result = run(["play", str(path), "ai", "buy", "Oslo", "--dry-run"])
    assert result.exit_code == 0 and path.read_bytes() == before
    said = " ".join(result.stdout.split())  # (a report is wrapped to the width)
    assert said.startswith(f"move 10: ai: buy Oslo (dry run: {path} is unchanged) ")
    assert "\nNext: louis to play in month 5 (cash " in result.stdout
    result = run(["play", str(path), "ai", "buy", "Oslo", "--note", "cheap", "--after", "9"])
    assert result.exit_code == 0, result.output
    text = path.read_text(encoding="utf-8")
    assert text.startswith(before.decode()) and "  - ai: buy Oslo\n    note: cheap\n" in text
    refused = run(["play", str(path), "ai", "buy", "Lima"])
    assert refused.exit_code == 1 and "not_your_turn" in refused.stderr
    assert path.read_text(encoding="utf-8") == text
    result = run(["undo", str(path)])
    assert result.exit_code == 0, result.output
    assert " ".join(result.stdout.split()).startswith(f"removed move 10: ai: buy Oslo from {path}")
    assert path.read_bytes() == before


def test_play_takes_reveals_from_the_deck(tmp_path: Path) -> None:
    moves = MOVES.split("  - deck:")[0]
    path = worldex_log(tmp_path, moves)
    assert run(["moves", str(path)]).stdout.startswith("The deck to reveal 3 cards")
    twice = run(["play", str(path), "deck", "reveal", "Oslo,", "Oslo,", "Doha"])
    assert twice.exit_code == 1 and "Traceback" not in twice.output
    result = run(["play", str(path), "deck", "reveal", "Oslo,", "Lima,", "Doha"])
    assert result.exit_code == 0, result.output
    assert "The deck reveals Oslo, Lima, Doha: the sale area holds 5 cards" in result.stdout
    assert "\nNext: louis to play in month 4" in result.stdout


def test_play_engine_decides_a_worldex_move(tmp_path: Path) -> None:
    path = worldex_log(tmp_path)
    before = len(gamelog.load(path).entries)
    result = run(["play", str(path), "ai", "--engine", "--simulations", "5"])
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith(f"move {before + 1}: ai: ")
    assert len(gamelog.load(path).entries) == before + 1


def test_schema_names_and_prints_both_games_schemas() -> None:
    result = run(["schema", "--list"])
    assert result.exit_code == 0
    listed = [line.split("\t")[:2] for line in result.stdout.splitlines()]
    assert [each for each in listed if each[0] in SHIPPED] == [
        ["for-ex", "log"],
        ["for-ex", "show"],
        ["for-ex", "play"],
        ["world-exchangers", "log"],
        ["world-exchangers", "components"],
        ["world-exchangers", "show"],
        ["world-exchangers", "play"],
    ]
    assert {name for name, _ in listed} == set(games.names())
    for which, name in (
        ("log", "worldex-log"),
        ("components", "worldex-components"),
        ("show", "worldex-show"),
        ("play", "worldex-play"),
    ):
        printed = json.loads(run(["schema", which, "--game", "world-exchangers"]).stdout)
        committed = json.loads((ROOT / "schemas" / f"{name}.schema.json").read_text())
        assert printed == committed
    assert run(["schema"]).stdout == (ROOT / "schemas" / "forex-log.schema.json").read_text()
    wrong = run(["schema", "components"])
    assert wrong.exit_code == 2 and "has no components schema" in wrong.stderr


def test_new_starts_a_game_dealt_from_a_seed(tmp_path: Path) -> None:
    shutil.copyfile(EXAMPLE_COMPONENTS, tmp_path / "components.json")
    (tmp_path / "games").mkdir()
    path = tmp_path / "games" / "new.yaml"
    args = ["new", str(path), "--game", "world-exchangers", "--players", "ann,bob,cat"]
    components = ["--components", str(tmp_path / "components.json")]
    # The seed s1 deals Wigstan, Rue and Estelle: nobody holds the red marker, so --first.
    no_red = run([*args, *components, "--seed", "s1", "--board", "bob=B", "--started", ""])
    assert no_red.exit_code == 2 and "--first" in no_red.stderr and not path.exists()
    result = run(
        [*args, *components, "--seed", "s1", "--board", "bob=B", "--started", "", "--first", "bob"]
    )
    assert result.exit_code == 0, result.output
    made = path.read_text(encoding="utf-8")
    assert re.search(r"^id: [0-9a-f]{32}\n", made, re.M)  # the game's own, random
    assert re.sub(r"^id: [0-9a-f]{32}\n", "", made, flags=re.M) == (
        "game: world-exchangers\nworldex: 1\nplayers: [ann, bob, cat]\nfirst: bob\ncomponents:\n"
        f'  file: "../components.json"\n  sha256: {SHA}\nboards: {{bob: B}}\n'
        "deal: seed\nseed: s1\nmoves: []\n"
    )
    problems, played = validation.check(path)
    assert problems == [] and played is not None and played.moves == 0
    assert run(["moves", str(path)]).stdout.startswith("bob to play (buy or sell), month 1,")
    again = run([*args, *components, "--seed", "s1", "--first", "ann"])
    assert again.exit_code == 2 and "exists" in again.stderr
    # Without --components the shipped invented components are taken (not an error: see
    # tests/cli/test_worldex_commands.py::test_new_without_components_takes_the_shipped_ones...).
    shipped = tmp_path / "games" / "shipped.yaml"
    result = run([*args[:1], str(shipped), *args[2:], "--seed", "s1", "--first", "ann"])
    assert result.exit_code == 0, result.output
    assert "  file: invented-components.json\n" in shipped.read_text(encoding="utf-8")
    for wrong, said in (
        ([*args, "--components", str(tmp_path / "nope.json")], "No such file"),
        ([*args, *components, "--removed", "GBP=6"], "For-Ex's only"),
        ([*args, *components, "--house-rule", "trend_ties=x"], "trend_ties"),
        (["new", str(tmp_path / "f.yaml"), "--players", "a,b", *components], "world-exchangers"),
    ):
        result = run(wrong)
        assert result.exit_code == 2 and said in result.stderr, (wrong, result.output)


def test_diff_tells_where_two_copies_part(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    a, b = worldex_log(tmp_path / "a"), worldex_log(tmp_path / "b")
    same = run(["diff", str(a), str(b)])
    assert same.exit_code == 0  # (the sentence is wrapped to the width)
    assert " ".join(same.stdout.split()) == f"{a} and {b} hold the same 9 moves."
    run(["play", str(a), "ai", "buy", "Oslo"])
    run(["play", str(b), "ai", "buy", "Doha"])
    fork = run(["diff", str(a), str(b)])
    assert fork.exit_code == 1
    assert " ".join(fork.stdout.split()) == (
        f"{a} and {b} agree on moves 1 to 9 and part at move 10:"
        f" {a} has ai: buy Oslo, {b} has ai: buy Doha."
    )
    data = json.loads(run(["diff", str(a), str(b), "--format", "json"]).stdout)
    assert data["kind"] == "fork" and data["common"] == 9
    other = run(["diff", str(a), str(TWO)])
    assert other.exit_code == 1 and "different games" in other.stdout


GOLDEN = ROOT / "tests" / "golden"


@pytest.mark.parametrize(
    ("name", "args"),
    [
        ("worldex-history.txt", ["history"]),
        ("worldex-moves.txt", ["moves"]),
        ("worldex-moves-reveal.md", ["moves", "--at", "7", "--format", "markdown"]),
    ],
)
def test_golden_worldex_output(
    tmp_path: Path, name: str, args: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Regenerate with FOREX_REGEN=1 (and review the diff), as tests/cli/test_golden.py does."""
    import os

    worldex_log(tmp_path)
    monkeypatch.chdir(tmp_path)  # the reports name the log as given
    result = run([args[0], "game.yaml", *args[1:]])
    assert result.exit_code == 0, result.output
    golden = GOLDEN / name
    if os.environ.get("FOREX_REGEN") == "1":
        golden.write_text(result.stdout, encoding="utf-8")
    assert result.stdout == golden.read_text(encoding="utf-8")


KEY_LINE = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIKNulkP3/uppRo2T60Zc7R1qlTMHxDPUiXGy85Q9IvhQ"


@pytest.mark.parametrize(
    ("entry", "code", "message"),
    [
        (
            f"\n    key: {KEY_LINE}\n",
            "schema_required",
            "keys.ann: `since:` is missing (the move whose signature first used the key)",
        ),
        (
            "\n    since: 2\n",
            "schema_required",
            "keys.ann: `key:` is missing (an OpenSSH public-key line: `ssh-ed25519 AAAA..."
            " comment`)",
        ),
        (
            " ssh-rsa AAAA ann\n",
            "schema_pattern",
            "keys.ann: 'ssh-rsa AAAA ann' is not an Ed25519 public-key line"
            " (`ssh-ed25519 AAAA... comment`)",
        ),
        (
            " 5\n",
            "schema_oneOf",
            "keys.ann: expected an OpenSSH public-key line or a mapping of `key:` and"
            " `since:`, found the number 5",
        ),
    ],
)
def test_a_keys_entry_is_worded_in_every_game(
    tmp_path: Path, entry: str, code: str, message: str
) -> None:
    """A `keys:` entry that is neither a key line nor `{key:, since:}` says what is wrong
    in it, alike in both games (not jsonschema's "is not valid under any of the given
    schemas")."""
    worldex = worldex_log(tmp_path)
    forex = tmp_path / "forex.yaml"
    forex.write_bytes(TWO.read_bytes())
    for path, player in ((worldex, "ai"), (forex, "ada")):
        text = path.read_text(encoding="utf-8")
        path.write_text(text.replace("moves:", f"keys:\n  {player}:{entry}moves:", 1))
        with pytest.raises(LogError) as caught:
            gamelog.load(path)
        (problem,) = caught.value.problems
        expected = message.replace("keys.ann", f"keys.{player}")
        assert (problem.code, problem.message) == (code, expected)
        player_line = text[: text.index("moves:")].count("\n") + 2
        assert problem.line in (player_line, player_line + 1)  # the player's entry, its value


def test_one_schema_wording_for_every_game(tmp_path: Path) -> None:
    """The same break of the schema reads alike in both games (``moves[2].note``, a type
    in a player's words, an unknown key with the keys allowed), each at its place."""
    worldex = worldex_log(tmp_path)
    forex = tmp_path / "forex.yaml"
    forex.write_bytes(TWO.read_bytes())
    for path in (worldex, forex):
        lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
        second = [i for i, line in enumerate(lines) if line.startswith("  - ")][1]
        lines.insert(second + 1, "    note: 5\n")
        lines.insert(1, "titel: x\n")
        path.write_text("".join(lines), encoding="utf-8")
        with pytest.raises(LogError) as caught:
            gamelog.load(path)
        problems = {p.code: p for p in caught.value.problems}
        assert set(problems) == {"schema_type", "schema_unknown_key"}, caught.value.problems
        wrong_type = problems["schema_type"]
        assert wrong_type.message == (
            "moves[2].note: expected text, found the number 5 (quote it to make it text)"
        )
        assert (wrong_type.line, wrong_type.column, wrong_type.entry) == (second + 3, 11, 2)
        unknown = problems["schema_unknown_key"]
        assert unknown.message.startswith("the log: unknown key 'titel'; the keys are ")
        assert "title" in unknown.message and unknown.hints[0] == "did you mean title?"
        assert (unknown.line, unknown.column, unknown.entry) == (2, 1, None)
