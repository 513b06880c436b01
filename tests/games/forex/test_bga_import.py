"""``forex import``: Board Game Arena table logs as For-Ex logs.

The 60 shared table logs (``tests/data/bga-table-logs``) are the conformance games of
``tests/data/bga-games`` in the shape Board Game Arena serves: each must import, given the
removed certificates of its conformance game, into a log that validates and holds exactly
that game's decisions, seat order and first player, with its recorded result. Mutated table
logs must be refused, placed, or still be a legal game that agrees with every notification
left: never a silently different game.
"""

from __future__ import annotations

import copy
import functools
import gzip
import json
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from forexcli.games.forex.bga_import import (
    MAX_LISTED,
    TableLogError,
    convert,
    read_table_log,
    removed_evidence,
    removed_option,
)
from forexcli.games.forex.bga_log import import_table, read_json, summary
from forexcli.games.forex.rules import CURRENCIES, Decision, Spot
from forexcli.record.gamelog import read_log, replay
from forexcli.record.problems import LogError, codes
from tests import bga
from tests.cli.test_commands import run
from tests.cli.test_golden import check_golden

TABLES = bga.all_table_logs()
SHORT = bga.TABLE_LOGS_DIR / "table-1-2.json.gz"
"""A two-player game of 59 packets, ended by the last dividend."""
INFERRED = bga.TABLE_LOGS_DIR / "table-59-5.json.gz"
"""A table log that decides its removed certificates by the counts alone: every other one
was bought."""


def _removed_option(game: bga.BgaGame) -> str:
    return ",".join(f"{c}={n}" for c, n in zip(CURRENCIES, game.removed, strict=True) if n)


def _site_names(data: Any) -> dict[int, str]:
    return {p["id"]: p["name"] for p in data["data"]["players"]}


def _renamed(decision: Decision, names: dict[str, str]) -> Decision:
    """A conformance decision with the site's names of its players."""
    fields = {key: getattr(decision, key) for key in decision.__struct_fields__}
    fields["player"] = names[fields["player"]]
    if isinstance(decision, Spot):
        fields["partner"] = names[fields["partner"]]
    return type(decision)(**fields)


def _gz(data: Any) -> bytes:
    return gzip.compress(json.dumps(data, ensure_ascii=False).encode("utf-8"))


# --------------------------------------------------------------------------- the 60 games


def test_all_sixty_table_logs_are_present() -> None:
    assert len(TABLES) == 60
    assert [p.name.replace("table-", "game-") for p in TABLES] == [p.name for p in bga.all_games()]


@pytest.mark.parametrize("path", TABLES, ids=lambda p: p.name.split(".")[0])
def test_table_log_imports_as_its_conformance_game(path: Path) -> None:
    game = bga.game_of(path)
    data = bga.table_log(path)
    site = _site_names(data)
    imported = import_table(data, path.name, removed=game.removed)
    log = read_log(imported.text, "imported.yaml")
    played = replay(log)
    assert played.problem is None
    # Seat order and first player come from the turns, not from the players list.
    assert log.players == tuple(site[p["id"]] for p in game.raw["players"])
    assert log.first == site[game.raw["first_player"]]
    assert log.new_game().removed == game.removed
    names = {game.names[pid]: name for pid, name in site.items()}
    expected = [_renamed(d, names) for _event, d in game.steps() if d is not None]
    assert [d for entry in log.entries for d in entry.written.decisions()] == expected
    # The recorded result: our rules round the total down (see test_conformance).
    end = game.raw["end"]
    state = played.final
    result = state.result
    assert result is not None
    assert CURRENCIES[result.strongest] == end["scoring_currency"]
    assert (result.ending, result.decided_by) == (end["ending"], end["scoring_currency_decided_by"])
    ids = {name: pid for pid, name in site.items()}
    for seat, name in enumerate(state.players):
        recorded = end["scores"][str(ids[name])]
        assert (seat == result.bankrupt) == recorded["bankrupt"], name
        if not recorded["bankrupt"]:
            assert result.totals[seat] == int(recorded["score"]), name
    assert imported.game.final == state


def test_the_players_list_is_not_the_seat_order() -> None:
    """The import cannot just take the players list: in most of the 60 it is not in seats."""
    differ = 0
    for path in TABLES:
        listed = [p["id"] for p in bga.table_log(path)["data"]["players"]]
        differ += listed != [p["id"] for p in bga.game_of(path).raw["players"]]
    assert differ > 30


def _candidates(path: Path) -> list[tuple[int, ...]]:
    return removed_evidence(read_table_log(bga.table_log(path))).candidates()


DEDUCED = [path for path in TABLES if len(_candidates(path)) == 1]
"""The table logs that allow one removed set only."""


def test_without_removed_the_set_is_deduced_or_the_true_one_is_among_those_listed() -> None:
    """Issue 42: every shared table log imported without --removed finds exactly its
    conformance game's removed set, or refuses with the sets it allows, the true one among
    them: never a wrong set written as a fact."""
    listed = shared = 0
    for path in TABLES:
        true = bga.game_of(path).removed
        sets = _candidates(path)
        assert true in sets, path.name
        try:
            imported = import_table(bga.table_log(path), path.name)
        except LogError as error:
            (problem,) = error.problems
            assert problem.code == "removed_unknown", problem.message
            assert "gamereview?table=" in problem.hints[0]
            assert "--removed unknown" in problem.hints[0]
            assert len(sets) > 1
            if len(sets) <= MAX_LISTED:
                listed += 1
                assert f"one of these {len(sets)}: " in problem.message
                assert removed_option(true) in problem.message.split(": ")[-1].split("; ")
            else:
                shared += 1
                assert f"allows {len(sets)} sets of 6 (" in problem.message
                bounds = problem.message.split(" (")[1].split(", 6 in all")[0].split(", ")
                for c, bound in enumerate(bounds):
                    code, count = CURRENCIES[c], true[c]
                    name, _, span = bound.partition(" ")
                    low, _, high = span.partition("-")
                    assert name == code and int(low) <= count <= int(high or low), bound
            continue
        assert len(sets) == 1
        assert imported.game.removed == true
        assert imported.game.removed_how == "deduced"
        assert "# removed: deduced by forex import" in imported.text
        assert read_log(imported.text).new_game().removed == true
    assert len(DEDUCED) + listed + shared == 60
    assert len(DEDUCED) > 1  # more than the counts alone decide (table-59-5)


def test_the_true_set_satisfies_the_certificate_numbers_of_every_shared_log() -> None:
    """What the deduction rests on: in every shared game a currency's certificates are bought
    highest number first from its own 8, and a number passed over was removed."""
    for path in TABLES:
        evidence = removed_evidence(read_table_log(bga.table_log(path)))
        assert evidence.ids_ordered, path.name
        true = bga.game_of(path).removed
        assert evidence.refusal(true) is None, path.name
        for c, (low, high) in enumerate(evidence.bounds()):
            assert low <= true[c] <= high


def test_certificate_numbers_out_of_the_site_order_are_not_read() -> None:
    """A table log whose numbers do not go down from a currency's highest (here two swapped)
    is bounded by its purchases alone, and says so."""
    data = bga.table_log(SHORT)
    bought = [
        note["args"]
        for packet in data["data"]["logs"]
        for note in packet["data"]
        if note["type"] == "certificatesBought" and note["args"]["curr"] == "JPY"
    ]
    bought[0]["cert_id"], bought[1]["cert_id"] = bought[1]["cert_id"], bought[0]["cert_id"]
    evidence = removed_evidence(read_table_log(data))
    assert not evidence.ids_ordered
    assert evidence.skipped == ((),) * len(CURRENCIES)
    assert len(evidence.candidates()) > len(_candidates(SHORT))
    with pytest.raises(LogError) as error:
        import_table(data, "swapped.json")
    assert "do not follow the site's order" in error.value.problems[0].hints[1]


@pytest.mark.parametrize("path", DEDUCED[:3], ids=lambda p: p.name.split(".")[0])
def test_a_deduced_set_is_the_one_given_would_write(path: Path) -> None:
    data = bga.table_log(path)
    deduced = import_table(data, path.name)
    given = import_table(data, path.name, removed=bga.game_of(path).removed)
    assert deduced.game.final == given.game.final
    assert [e for e in deduced.text.splitlines() if not e.startswith("#")] == [
        e for e in given.text.splitlines() if not e.startswith("#")
    ]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(TABLES), st.lists(st.integers(0, 6), min_size=6, max_size=6))
def test_a_given_set_is_refused_exactly_when_the_log_rules_it_out(
    path: Path, draws: list[int]
) -> None:
    """Any 6 removed certificates: refused with the reason (removed_inconsistent, placed at
    a purchase) exactly when the log allows it not; else imported, the set as given."""
    counts = [0] * len(CURRENCIES)
    for draw in draws:
        counts[draw] += 1
    removed = tuple(counts)
    allowed = removed in _candidates(path)
    try:
        imported = import_table(bga.table_log(path), path.name, removed=removed)
    except LogError as error:
        (problem,) = error.problems
        assert not allowed, problem.message
        assert problem.code == "removed_inconsistent"
        assert "packet move_id" in problem.message
        return
    assert allowed
    assert imported.game.removed == removed and imported.game.removed_how == "given"


@pytest.mark.parametrize("path", [SHORT, TABLES[37]], ids=lambda p: p.name.split(".")[0])
def test_removed_unknown_is_recorded_as_such_and_replays(path: Path) -> None:
    imported = import_table(bga.table_log(path), path.name, removed="unknown")
    assert "\nremoved: unknown\n" in imported.text
    assert "# removed: not known" in imported.text
    log = read_log(imported.text, "unknown.yaml")
    played = replay(log)
    assert played.problem is None
    assert not played.initial.removed_known
    assert played.initial.supply == (8,) * len(CURRENCIES)
    known = import_table(bga.table_log(path), path.name, removed=bga.game_of(path).removed)
    # Everything but the supply is the game's: the same decisions, money, board, result.
    assert played.final.money == known.game.final.money
    assert played.final.result == known.game.final.result
    assert "removed unknown" in summary(imported.game)


# --------------------------------------------------------------------------- the command


def test_import_writes_the_log_and_says_what_next(tmp_path: Path) -> None:
    game = bga.game_of(SHORT)
    out = tmp_path / "friday.yaml"
    result = run(["import", str(SHORT), "-o", str(out), "--removed", _removed_option(game)])
    assert result.exit_code == 0, result.output
    report = result.stdout.replace(str(SHORT), "TABLE").replace(str(out), "OUT.yaml")
    check_golden("import-report.txt", report)
    check_golden("import-table-1-2.yaml", out.read_text(encoding="utf-8"))
    assert run(["validate", str(out)]).exit_code == 0
    text = out.read_text(encoding="utf-8")
    assert 'players: ["李雷", noor]' in text  # the site's names, kept, quoted where YAML needs
    assert "site: Board Game Arena, table 700007919\n" in text
    assert 'started: "2025-11-25 16:17:44 UTC"\n' in text
    assert "title: Board Game Arena table 700007919\n" in text


def test_title_option_and_a_deduced_set_up(tmp_path: Path) -> None:
    out = tmp_path / "five.yaml"
    result = run(["import", str(INFERRED), "-o", str(out), "--title", "Friday: five of us"])
    assert result.exit_code == 0, result.output
    text = out.read_text(encoding="utf-8")
    assert 'title: "Friday: five of us"\n' in text
    assert "(deduced from the table log)" in result.stdout
    assert read_log(text).new_game().removed == bga.game_of(INFERRED).removed


def test_never_overwrites_without_force(tmp_path: Path) -> None:
    out = tmp_path / "game.yaml"
    out.write_text("mine\n", encoding="utf-8")
    args = ["import", str(INFERRED), "-o", str(out)]
    result = run(args)
    assert result.exit_code == 2
    assert "exists" in result.stderr
    assert out.read_text(encoding="utf-8") == "mine\n"
    assert run([*args, "--force"]).exit_code == 0
    assert out.read_text(encoding="utf-8").startswith("# imported by forex import")


def test_without_removed_it_lists_the_sets_says_where_to_read_them_and_writes_nothing(
    tmp_path: Path,
) -> None:
    out = tmp_path / "game.yaml"
    result = run(["import", str(SHORT), "-o", str(out)])
    assert result.exit_code == 2
    assert "removed_unknown" in result.stderr
    assert "allows one of these 6: " in result.stderr
    assert _removed_option(bga.game_of(SHORT)) in result.stderr
    assert "https://boardgamearena.com/gamereview?table=700007919" in result.stderr
    assert "--removed" in result.stderr
    assert "USD 22, 20, 19" in " ".join(result.stderr.split())  # the numbers passed over
    assert not out.exists()


def test_removed_unknown_option_writes_it_and_validate_and_show_say_so(tmp_path: Path) -> None:
    out = tmp_path / "game.yaml"
    result = run(["import", str(SHORT), "-o", str(out), "--removed", "unknown"])
    assert result.exit_code == 0, result.output
    assert "removed unknown" in result.stdout
    assert "removed: unknown\n" in out.read_text(encoding="utf-8")
    assert run(["validate", str(out)]).exit_code == 0
    shown = run(["show", str(out), "--at", "5"])
    assert shown.exit_code == 0
    assert "supply (at most)" in shown.stdout
    assert re.search(r"removed at set-up +\? +\?", shown.stdout)
    data = json.loads(run(["show", str(out), "--format", "json"]).stdout)
    assert data["state"]["removed"] is None
    page = tmp_path / "game.html"
    assert run(["html", str(out), "-o", str(page)]).exit_code == 0
    html = page.read_text(encoding="utf-8")
    assert '<td data-currency="EUR">\u22648</td>' in html  # the supply, at most
    assert '<td data-currency="EUR">?</td>' in html  # the removed count, not known


def test_the_output_is_required(tmp_path: Path) -> None:
    result = run(["import", str(SHORT)])
    assert result.exit_code == 2
    assert "-o" in result.stderr


def test_bad_removed_option_is_a_usage_error(tmp_path: Path) -> None:
    out = tmp_path / "game.yaml"
    result = run(["import", str(SHORT), "-o", str(out), "--removed", "GBP=7"])
    assert result.exit_code == 2
    assert "exactly 6" in result.stderr
    assert not out.exists()


def test_wrong_removed_is_refused_with_the_purchase_it_forbids(tmp_path: Path) -> None:
    """Removing certificates that were bought: refused before the replay, placed, exit 2."""
    out = tmp_path / "game.yaml"
    result = run(["import", str(INFERRED), "-o", str(out), "--removed", "EUR=6"])
    assert result.exit_code == 2
    assert "removed_inconsistent" in result.stderr
    assert "packet move_id" in result.stderr
    assert "would find none left" in result.stderr
    assert "--removed" in result.stderr
    assert not out.exists()


def test_a_removed_set_the_certificate_numbers_rule_out_is_refused(tmp_path: Path) -> None:
    out = tmp_path / "game.yaml"
    result = run(["import", str(SHORT), "-o", str(out), "--removed", "GBP=2,USD=3,JPY=1"])
    assert result.exit_code == 0, result.output  # one of the sets the log allows
    ruled_out = "USD=4,JPY=1,CAD=1"  # GBP 0, but GBP certificate 8 was passed over
    result = run(["import", str(SHORT), "-o", str(out), "--removed", ruled_out, "--force"])
    assert result.exit_code == 2
    assert "removed_inconsistent" in result.stderr
    assert "GBP certificate 8" in result.stderr


def test_standard_input_and_plain_json(tmp_path: Path) -> None:
    data = bga.table_log(INFERRED)
    plain = tmp_path / "table.json"
    plain.write_text(json.dumps(data), encoding="utf-8")
    a, b = tmp_path / "a.yaml", tmp_path / "b.yaml"
    assert run(["import", str(plain), "-o", str(a)]).exit_code == 0
    result = run(["import", "-", "-o", str(b)], input=INFERRED.read_bytes())
    assert result.exit_code == 0, result.output
    assert "<stdin>" in result.stdout
    assert a.read_text(encoding="utf-8") == b.read_text(encoding="utf-8")


def test_a_name_the_log_format_refuses_is_reported_and_can_be_renamed(tmp_path: Path) -> None:
    data = bga.table_log(INFERRED)
    _rename_player(data, "noor", "noor: the great")
    table = tmp_path / "table.json.gz"
    table.write_bytes(_gz(data))
    out = tmp_path / "game.yaml"
    result = run(["import", str(table), "-o", str(out)])
    assert result.exit_code == 2
    assert "bad_player_name" in result.stderr and "--rename" in result.stderr
    assert not out.exists()
    result = run(["import", str(table), "-o", str(out), "--rename", "noor: the great=noor"])
    assert result.exit_code == 0, result.output
    assert read_log(out.read_text(encoding="utf-8")).players[1] == "noor"


def test_every_player_renamed(tmp_path: Path) -> None:
    """Renamed players still decide as the site's names say: tie choices and refusals too."""
    path = bga.TABLE_LOGS_DIR / "table-12-3.json.gz"  # dividend ties, refused offers
    game = bga.game_of(path)
    data = bga.table_log(path)
    renames = {name: f"player {n}" for n, name in enumerate(_site_names(data).values(), 1)}
    imported = import_table(data, path.name, removed=game.removed, renames=renames)
    plain = import_table(data, path.name, removed=game.removed)
    assert set(imported.game.players) == set(renames.values())
    assert [w for _who, w in imported.game.entries if w.spot is None] != []
    assert len(imported.game.entries) == len(plain.game.entries)
    assert any("strengthen" in line for line in imported.text.splitlines())


def test_rename_of_someone_not_at_the_table(tmp_path: Path) -> None:
    result = run(["import", str(INFERRED), "-o", str(tmp_path / "g.yaml"), "--rename", "x=y"])
    assert result.exit_code == 2
    assert "unknown_player" in result.stderr


def test_confusable_names_are_reported(tmp_path: Path) -> None:
    data = bga.table_log(INFERRED)
    _rename_player(data, "noor", "MATEO")  # beside Mateo: the same but for letter case
    table = tmp_path / "table.json.gz"
    table.write_bytes(_gz(data))
    result = run(["import", str(table), "-o", str(tmp_path / "g.yaml")])
    assert result.exit_code == 2
    assert "confusable_names" in result.stderr


def _rename_player(data: Any, old: str, new: str) -> None:
    """The player ``old`` called ``new`` everywhere in a table log."""
    for player in data["data"]["players"]:
        if player["name"] == old:
            player["name"] = new
    for packet in data["data"]["logs"]:
        for note in packet["data"]:
            args = note["args"]
            if isinstance(args, dict) and args.get("player_name") == old:
                args["player_name"] = new


def test_a_disagreement_is_placed_and_nothing_is_written(tmp_path: Path) -> None:
    data = bga.table_log(INFERRED)
    packet = next(p for p in data["data"]["logs"] if _types(p).count("certificatesBought") == 2)
    index = next(i for i, n in enumerate(packet["data"]) if n["type"] == "moniesChanged")
    packet["data"][index]["args"]["amt"] = -3
    table = tmp_path / "table.json.gz"
    table.write_bytes(_gz(data))
    out = tmp_path / "game.yaml"
    result = run(["import", str(table), "-o", str(out)])
    assert result.exit_code == 1
    place = f"packet move_id {packet['move_id']}, notification {index + 1} (moniesChanged)"
    assert place in result.stderr
    assert "table_mismatch" in result.stderr
    assert not out.exists()


def _types(packet: dict[str, Any]) -> list[str]:
    return [n["type"] for n in packet["data"] if n["type"] != "moniesChanged"]


# --------------------------------------------------------------------------- in progress


@pytest.mark.parametrize("keep", [1, 2, 10, 33, 58])
def test_a_game_in_progress_imports_up_to_its_last_decision(keep: int) -> None:
    data = bga.table_log(SHORT)
    game = bga.game_of(SHORT)
    whole = convert(read_table_log(data), removed=game.removed)
    data["data"]["logs"] = data["data"]["logs"][:keep]
    imported = import_table(data, "cut.json", removed=game.removed)
    decisions = [d for _who, w in imported.game.entries for d in w.decisions()]
    everything = [d for _who, w in whole.entries for d in w.decisions()]
    assert decisions == everything[: len(decisions)]
    assert imported.game.final.result is None
    log = read_log(imported.text)
    assert replay(log).problem is None and len(log.entries) == len(imported.game.entries)


def test_an_offer_awaiting_its_answer_and_a_spot_awaiting_its_action_are_left_out() -> None:
    data = bga.table_log(SHORT)
    game = bga.game_of(SHORT)
    logs = data["data"]["logs"]
    at = next(i for i, p in enumerate(logs) if "spotTradeAccepted" in _types(p))
    offer = copy.deepcopy(logs[at])
    offer["data"] = [n for n in offer["data"] if n["type"] == "spotTradeOffered"]
    offer["data"].append(next(n for n in logs[at]["data"] if n["type"] == "gameStateChange"))
    data["data"]["logs"] = [*logs[:at], offer]
    pending = import_table(data, "cut.json", removed=game.removed)
    assert pending.game.left_out and "not answered yet" in pending.game.left_out[0]
    assert "# not in this log: the spot offer" in pending.text
    data["data"]["logs"] = logs[: at + 1]
    accepted = import_table(data, "cut.json", removed=game.removed)
    assert "its action is not taken yet" in accepted.game.left_out[0]
    assert len(accepted.game.entries) == len(pending.game.entries)
    assert accepted.game.final.spot_done


# --------------------------------------------------------------------------- not table logs


def _nested(depth: int) -> bytes:
    return b'{"status": 1, "data": ' + b"[" * depth + b"]" * depth + b"}"


def _hostile(name: str) -> bytes:
    """The bytes of the hostile file ``name`` (made when its test runs)."""
    return _hostile_files()[name]


@functools.cache
def _hostile_files() -> dict[str, bytes]:
    good = bga.table_log(SHORT)
    wrong_types = copy.deepcopy(good)
    money = [
        n for p in wrong_types["data"]["logs"] for n in p["data"] if n["type"] == "moniesChanged"
    ]
    money[0]["args"]["amt"] = {"lots": True}
    bad_amount = copy.deepcopy(good)
    bad_amount["data"]["logs"][3]["data"][0]["args"]["amt"] = float("nan")
    bad_id = copy.deepcopy(good)
    bad_id["data"]["logs"][7]["move_id"] = "seven"
    two_tables = copy.deepcopy(good)
    two_tables["data"]["logs"][9]["table_id"] = 1
    other_game = copy.deepcopy(good)
    other_game["data"]["logs"][4]["data"][0]["type"] = "discPlayed"
    no_players = copy.deepcopy(good)
    no_players["data"]["players"] = "two"
    whole = SHORT.read_bytes()
    return {
        "huge once unpacked": gzip.compress(b" " * (65 * 1024 * 1024)),
        "empty": b"",
        "truncated gzip": whole[: len(whole) // 2],
        "truncated json": json.dumps(good).encode()[:5000],
        "deeply nested": _nested(200_000),
        "a number too long": b'{"status": 1, "data": {"logs": [], "n": ' + b"9" * 5000 + b"}}",
        "a number too large": json.dumps(good).replace('"amt": -2', '"amt": 1e400').encode(),
        "a yaml log": (Path(__file__).parents[3] / "examples" / "two-players.yaml").read_bytes(),
        "json of something else": b'{"forex": 1, "players": ["a", "b"]}',
        "a json list": b"[1, 2, 3]",
        "an error answer": b'{"status": 0, "error": "You must be logged in"}',
        "not utf-8": b'{"a": "\xff\xfe"}',
        "wrong types": _gz(wrong_types),
        "not a number": _gz(bad_amount),
        "a move_id of words": _gz(bad_id),
        "two tables": _gz(two_tables),
        "another game": _gz(other_game),
        "players not a list": _gz(no_players),
    }


HOSTILE = [
    "huge once unpacked",
    "empty",
    "truncated gzip",
    "truncated json",
    "deeply nested",
    "a number too long",
    "a number too large",
    "a yaml log",
    "json of something else",
    "a json list",
    "an error answer",
    "not utf-8",
    "wrong types",
    "not a number",
    "a move_id of words",
    "two tables",
    "another game",
    "players not a list",
]


def test_the_hostile_files_are_those_made() -> None:
    assert sorted(HOSTILE) == sorted(_hostile_files())


@pytest.mark.parametrize("name", HOSTILE)
def test_a_file_that_is_no_table_log_gets_one_clean_error(tmp_path: Path, name: str) -> None:
    table = tmp_path / "table.json"
    table.write_bytes(_hostile(name))
    out = tmp_path / "game.yaml"
    removed = _removed_option(bga.game_of(SHORT))
    result = run(["import", str(table), "-o", str(out), "--removed", removed])
    assert result.exit_code in (1, 2), result.output
    assert "Traceback" not in result.output
    lines = [line for line in result.stderr.splitlines() if not line.startswith("  ")]  # hints
    assert len(lines) == 1 and lines[0].startswith(f"{table}"), result.stderr
    code = lines[0][len(str(table)) :].split(": ")[1]
    assert code in codes()["import"] or code in codes()["io"], lines[0]
    assert not out.exists()


def test_unreadable_paths(tmp_path: Path) -> None:
    out = tmp_path / "game.yaml"
    assert run(["import", str(tmp_path / "none.json"), "-o", str(out)]).exit_code == 2
    assert run(["import", str(tmp_path), "-o", str(out)]).exit_code == 2
    assert not out.exists()


# --------------------------------------------------------------------------- mutations

MUTATED = [bga.TABLE_LOGS_DIR / name for name in ("table-1-2.json.gz", "table-27-3.json.gz")]
"""Short games: a two-player game to its last dividend, a three-player one to a bankruptcy."""

_ORIGINALS = {path: bga.table_log(path) for path in MUTATED}
_DECIDING = {
    "spotTradeOffered",
    "spotTradeAccepted",
    "spotTradeRejected",
    "spotTradeCanceled",
    "contractTaken",
    "certificatesBought",
    "certificatesSold",
    "resolvedContractQueue",
    "currencyChosen",
}
"""The notifications that say what was decided: only a change of one may change the game."""

_VALUES = st.one_of(
    st.sampled_from(CURRENCIES),
    st.sampled_from([-1, 0, 0.5, 1, 2, 3.5, "1", "2.5", "-2", None, "", "A", "B", "Dividends"]),
    st.integers(-3, 10**7),
    st.text(max_size=4),
)


@st.composite
def _mutation(draw: st.DrawFn) -> tuple[Path, Any, int]:
    path = draw(st.sampled_from(MUTATED))
    data = copy.deepcopy(_ORIGINALS[path])
    logs = data["data"]["logs"]
    at = draw(st.integers(0, len(logs) - 1))
    notes = logs[at]["data"]
    index = draw(st.integers(0, len(notes) - 1))
    note = notes[index]
    how = draw(st.sampled_from(["drop", "duplicate", "alter"]))
    if how == "drop":
        del notes[index]
    elif how == "duplicate":
        notes.insert(index, copy.deepcopy(note))
    elif isinstance(note["args"], dict) and note["args"]:
        key = draw(st.sampled_from(sorted(note["args"])))
        players = [p["id"] for p in data["data"]["players"]]
        value = draw(st.one_of(_VALUES, st.sampled_from(players)))
        note["args"][key] = value
    else:
        note["type"] = draw(st.sampled_from(sorted(_DECIDING)))
    return path, data, at


def _money_told(data: Any, players: tuple[str, ...]) -> list[list[int]]:
    """Each player's money change over the whole table log, as its notifications tell it (the
    final conversion left out: the money changes just before each ``currencyScored``)."""
    names = {p["id"]: p["name"] for p in data["data"]["players"]}
    told = [[0] * len(CURRENCIES) for _ in players]
    for packet in data["data"]["logs"]:
        notes = packet["data"]
        for position, note in enumerate(notes):
            if note["type"] != "moniesChanged":
                continue
            following = next(
                (n["type"] for n in notes[position:] if n["type"] != "moniesChanged"), ""
            )
            if following == "currencyScored":
                continue
            args = note["args"]
            seat = players.index(names[int(args["player_id"])])
            told[seat][CURRENCIES.index(args["curr"])] += int(float(args["amt"]) * 2)
    return told


@settings(
    max_examples=120,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(_mutation())
def test_a_mutated_table_log_is_refused_placed_or_still_agrees(
    mutation: tuple[Path, Any, int],
) -> None:
    """A BGA table log mutated at one move is refused with one import or rules problem placed no
    earlier than the mutation, or imported as a log that replays: another game only where a
    decision was changed, and the money as the notifications tell it."""
    path, data, at = mutation
    game = bga.game_of(path)
    original = convert(read_table_log(_ORIGINALS[path]), removed=game.removed)
    mutated_move = _ORIGINALS[path]["data"]["logs"][at]["move_id"]
    try:
        imported = import_table(data, "mutated.json", removed=game.removed)
    except LogError as error:
        (problem,) = error.problems
        assert problem.code in codes()["import"] or problem.code in codes()["rules"], problem
        if "packet move_id" in problem.message:
            where = int(problem.message.split("packet move_id ")[1].split(",")[0].split(":")[0])
            assert where >= int(mutated_move), problem.message  # found no earlier than made
        return
    except TableLogError as error:  # pragma: no cover - import_table turns these into LogError
        raise AssertionError(error.reason) from None
    log = read_log(imported.text)
    played = replay(log)
    assert played.problem is None
    if imported.game.entries != original.entries:
        # Only a change of what was decided may give another game, and that game must agree
        # with the money the notifications tell.
        mutated_types = {n["type"] for n in data["data"]["logs"][at]["data"]} | {
            n["type"] for n in _ORIGINALS[path]["data"]["logs"][at]["data"]
        }
        assert mutated_types & _DECIDING
    state = played.final
    told = _money_told(data, state.players)
    start = played.initial.money
    if not imported.game.left_out:
        for seat in range(len(state.players)):
            for c in range(len(CURRENCIES)):
                assert state.money[seat][c] - start[seat][c] == told[seat][c]


def test_read_json_limits() -> None:
    with pytest.raises(LogError) as caught:
        read_json(_nested(100_000), "deep.json")
    assert caught.value.problems[0].code == "bad_json"


# --------------------------------------------------------------------------- the final tie


def _final_tie_packet(score_shift: int = 0) -> tuple[Any, Any]:
    """A game (as test_bga_reader builds it) ended in a tie for the scoring currency, and
    the packet of bob's choice as the For-Ex module would send it: none of the 60 games
    ends in such a tie."""
    from forexcli.games.forex.bga_import import Note, Packet, TableLog, _Replayer
    from forexcli.games.forex.rules import ChooseStrongest, apply
    from tests.games.forex.test_bga_reader import IDS
    from tests.games.forex.test_rules import ALICE, BOB, CAROL, game, with_board, with_certs
    from tests.games.forex.test_rules_scoring import ROCK_PAPER_SCISSORS, ended_by_bankruptcy

    state = with_board(game("alice", "bob", "carol"), *ROCK_PAPER_SCISSORS)
    state = with_certs(with_certs(state, ALICE, EUR=1), CAROL, USD=1)
    tied = ended_by_bankruptcy(state, CAROL, BOB)
    result = apply(tied, ChooseStrongest("bob", "USD")).result
    assert result is not None
    notes = [
        Note(1, "currencyChosen", {"player_name": "bob", "currency": "USD"}, "chooses"),
    ]
    for seat, name in enumerate(tied.players):
        if seat == result.bankrupt:
            continue
        amounts = {c: result.converted[seat][i] for i, c in enumerate(CURRENCIES) if c != "USD"}
        amounts["GBP"] += score_shift
        args = {
            "player_id": IDS[name],
            "player_name": name,
            "scoring_currency": "USD",
            "score_amt": amounts,
        }
        notes.append(Note(len(notes) + 1, "currencyScored", args, ""))
    notes.append(Note(len(notes) + 1, "gameStateChange", {"name": "gameEnd", "id": 99}, ""))
    names = {pid: name for name, pid in IDS.items()}
    table = TableLog(1, names, (Packet(1, 1, 0, ()), Packet(2, 7, 0, tuple(notes))))
    replayer = _Replayer(table, tied, "alice")
    return replayer, table.packets[1]


def test_the_final_tie_choice_is_read_and_its_conversion_checked() -> None:
    from forexcli.games.forex.rules import ChooseStrongest

    replayer, packet = _final_tie_packet()
    replayer._packet(packet, last=True)
    ((who, written),) = replayer.entries
    assert (who, written.decision) == ("bob", ChooseStrongest("bob", "USD"))
    assert replayer.state.result is not None and replayer.state.result.decided_by == "choice"
    replayer, packet = _final_tie_packet(score_shift=1)
    with pytest.raises(TableLogError) as caught:
        replayer._packet(packet, last=True)
    assert (caught.value.code, caught.value.move_id) == ("table_mismatch", 7)
    assert caught.value.kind == "currencyScored"


def test_a_schema_ref_writes_the_modeline_and_none_is_written_without_it(tmp_path: Path) -> None:
    """As forex new: no address that may not exist, unless the user names one."""
    removed = _removed_option(bga.game_of(SHORT))
    plain, named = tmp_path / "plain.yaml", tmp_path / "named.yaml"
    assert run(["import", str(SHORT), "-o", str(plain), "--removed", removed]).exit_code == 0
    ref = "../schemas/forex-log.schema.json"
    args = ["import", str(SHORT), "-o", str(named), "--removed", removed, "--schema-ref", ref]
    assert run(args).exit_code == 0
    assert "yaml-language-server" not in plain.read_text(encoding="utf-8")
    first = named.read_text(encoding="utf-8").splitlines()[0]
    assert first == f"# yaml-language-server: $schema={ref}"
