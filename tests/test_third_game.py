"""A third game, a folder and a line: ``forexcli/games/counting/``, registered for the test.

Counting is the toy game of docs/adding-a-game.md: its rules, views, replay page and search
hooks in its own folder.  Registering it is the one line the walkthrough adds to
``forexcli/games/__init__.py``; here the fixture adds it to the registry for the length of
a test (users are not offered the toy), and a test checks that nothing else outside its
folder names it.  Every command below reads the log through the interface alone.
"""

from __future__ import annotations

import email
import email.message
import email.policy
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from forexcli import games
from forexcli.cli import forex
from forexcli.games.base import BaseGame, Game, state_digest
from forexcli.games.counting import COUNTING, Add, Counting
from tests.cli.test_commands import run
from tests.cli.test_help_imports import SHIPPED_KINDS, kinds_shown
from tests.every_game import shipped_only

REGISTRY_LINE = "forexcli.games.counting:COUNTING"
"""Where the one registry line finds the game: ``register("counting", REGISTRY_LINE)``."""

ROOT = Path(__file__).resolve().parent.parent
FOLDER = ROOT / "forexcli" / "games" / "counting"

LOG = "game: counting\ntitle: To five\nplayers: [ann, bob]\ntarget: 5\nmoves:\n"


@pytest.fixture
def counting(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[Path]:
    """Counting registered (its registry line), and a new log of it in ``tmp_path``."""
    games.register("counting", REGISTRY_LINE)
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "count.yaml"
    path.write_text(LOG, encoding="utf-8")
    yield path
    games.unregister("counting")


def test_the_toy_game_is_a_game() -> None:
    assert isinstance(COUNTING, Game)
    state = COUNTING.setup({"players": ["ann", "bob"], "target": 3}, {})
    assert COUNTING.legal(state) == (Add("ann", 1), Add("ann", 2))
    for decision in (Add("ann", 2), Add("bob", 1)):
        assert COUNTING.parse(decision.player, COUNTING.write([decision])) == (decision,)
        state = COUNTING.apply(state, decision)
    assert COUNTING.pending(state).over and COUNTING.result(state) == {
        "winners": ["bob"],
        "total": 3,
    }


def test_forex_help_names_the_registered_games(counting: Path) -> None:
    """``forex --help`` names every registered game, read from the registry: Counting, whose
    registry line names no help texts, by its ``Game.title``, with a line that starts a log
    of it after the shipped games' examples, which stay as they were."""
    shown = run(["--help"])
    assert shown.exit_code == 0, shown.output
    said = " ".join(shown.stdout.split())
    assert (
        "Record, check, show and play games of For-Ex, of World Exchangers and of Counting as"
        " YAML logs." in said
    )
    lines = shown.stdout.splitlines()
    last = lines.index(
        "                       then forex moves wx.yaml, forex play wx.yaml ben buy Vienna"
    )
    assert lines[last - 2].startswith("  World Exchangers:    forex new wx.yaml --game")
    assert lines[last + 1] == (
        "  Counting:            forex new counting.yaml --game counting --players NAME,NAME"
    )


def test_the_registry_finds_it_by_the_headers_name(counting: Path) -> None:
    assert "counting" in games.names()
    assert games.for_header({"game": "counting"}) is COUNTING


def test_a_pasted_log_is_read_past_the_games_own_header_keys(counting: Path) -> None:
    """The mail reader knows a log's lines by the registered games' log schemas: Counting's
    ``target:`` does not end a log pasted into a mail."""
    from forexcli.record.mail import find_logs

    text = LOG + "  - ann: add 2\n"
    found, _ = find_logs("pasted.eml", f"Subject: count\n\nMy move:\n\n{text}\nann\n".encode())
    assert [each.text for each in found] == [text]


def test_a_game_may_be_registered_by_a_function() -> None:
    games.register("counting-too", lambda: COUNTING)
    try:
        assert games.names()[-1] == "counting-too" and games.get("counting-too") is COUNTING
    finally:
        games.unregister("counting-too")
    assert "counting-too" not in games.names()
    with pytest.raises(games.UnknownGame):
        games.unregister("counting-too")


def test_a_game_is_played_to_its_end_through_the_cli(counting: Path) -> None:
    name = counting.name
    for player, step in (("ann", 2), ("bob", 1)):
        result = run(["play", name, player, "add", str(step)])
        assert result.exit_code == 0, result.output
        assert f"{player}: add {step}" in result.output
    moves = run(["moves", name])
    assert moves.exit_code == 0, moves.output
    assert "ann: add 1" in moves.output and "ann: add 2" in moves.output

    refused = run(["play", name, "bob", "add", "1"])  # ann is on turn
    assert refused.exit_code != 0
    assert "not_your_turn" in refused.output and "ann adds next" in refused.output
    assert "Traceback" not in refused.output
    assert counting.read_text(encoding="utf-8").count("add") == 2  # a failing play writes nothing

    done = run(["play", name, "ann", "add", "2"])
    assert done.exit_code == 0, done.output
    assert "game over: ann won" in done.output

    history = run(["history", name])
    assert history.exit_code == 0, history.output
    assert [line.split()[:3] for line in history.output.splitlines() if line[:1].isdigit()] == [
        ["1", "ann", "add"],
        ["2", "bob", "add"],
        ["3", "ann", "add"],
    ]
    checked = run(["validate", name])
    assert checked.exit_code == 0, checked.output
    assert "1 valid" in checked.output

    # What play wrote is the game's own notation, with the digest of the game's view.
    state = COUNTING.setup({"players": ["ann", "bob"], "target": 5}, {})
    for decision in (Add("ann", 2), Add("bob", 1), Add("ann", 2)):
        state = COUNTING.apply(state, decision)
    assert f"digest: {state_digest(COUNTING, state)}" in counting.read_text(encoding="utf-8")

    undone = run(["undo", name])
    assert undone.exit_code == 0, undone.output
    assert "ann to decide (add)" in undone.output


def test_moves_takes_the_kinds_the_game_lists_by(counting: Path) -> None:
    """``moves --kind`` offers the registered games' kinds (``Game.move_kinds``); Counting
    lists none, so a kind is refused for its log."""
    result = run(["moves", counting.name, "--kind", "invest"])
    assert result.exit_code == 2, result.output
    assert "invest is not a kind of Counting's decisions (none: it lists every decision)" in (
        result.stderr
    )
    unknown = run(["moves", counting.name, "--kind", "add"])
    assert unknown.exit_code == 2 and "'add' is not one of 'resolve', 'invest'" in unknown.stderr


class Stacks(Counting):
    """Counting under a title that ends in s, as a game "Stacks" has it."""

    title = "Stacks"


def test_a_title_ending_in_s_takes_the_apostrophe_alone(counting: Path) -> None:
    """The frame says a game's possessive with ``words.possessive``: ``Stacks' decisions``,
    not ``Stacks's``."""
    games.register("counting", lambda: Stacks())  # the fixture unregisters it
    result = run(["moves", counting.name, "--kind", "invest"])
    assert result.exit_code == 2, result.output
    assert "invest is not a kind of Stacks' decisions (none: it lists every decision)" in (
        " ".join(result.stderr.split())
    )
    refused = run(["new", "other.yaml", "--players", "ann,bob", "--target", "3"])
    assert refused.exit_code == 2 and "it is Stacks' only (--game counting)" in refused.stderr


LINE_KINDS = ("add",)
"""The kinds of decision a registry line names for ``LineOnlyCounting``."""


class LineOnlyCounting(Counting):
    """Counting whose ``forex new`` options and ``moves --kind`` kinds only its registry line
    names: the object keeps ``BaseGame``'s defaults (none), as a game does that writes the
    tuples the walkthrough asks for and names them in its line alone."""

    new_options = BaseGame.new_options
    move_kinds = BaseGame.move_kinds


def test_new_and_moves_take_what_the_registry_line_names(counting: Path) -> None:
    """The help offers the options and kinds a game's registry line names: ``forex new`` and
    ``forex moves`` take those same ones, not only what the ``Game`` object returns."""
    games.register(
        "counting",
        lambda: LineOnlyCounting(),
        new_options="forexcli.games.counting.rules:NEW_OPTIONS",
        move_kinds="tests.test_third_game:LINE_KINDS",
    )  # the fixture unregisters it
    made = run(["new", "fresh.yaml", "--game", "counting", "--players", "ann,bob", "--target", "3"])
    assert made.exit_code == 0, made.output
    assert "Counting to 3" in made.output
    listed = run(["moves", counting.name, "--kind", "add"])
    assert listed.exit_code == 0, listed.output
    assert "add 1" in listed.output and "add 2" in listed.output


class ManyStepsCounting(LineOnlyCounting):
    """Counting listing more additions than the frame's plain ``moves`` shows of a kind."""

    def legal(self, state: Any) -> tuple[Add, ...]:
        return tuple(Add(state.players[state.seat], step) for step in range(1, 50))


def test_moves_kind_and_all_list_a_games_decisions_one_a_line(counting: Path) -> None:
    """For a game without its own ``moves_text``, ``--kind`` keeps the decisions whose
    notation starts with the kind and ``--all`` every one, each on a line as ``forex play``
    takes it (not the summary of a long group), as For-Ex's do; ``--format json`` keeps the
    kinds' groups, whole."""
    games.register(
        "counting",
        lambda: ManyStepsCounting(),
        move_kinds="tests.test_third_game:LINE_KINDS",
    )  # the fixture unregisters it
    expected = "".join(f"add {step}\n" for step in range(1, 50))
    for option in ("--all", "--kind=add"):
        listed = run(["moves", counting.name, option])
        assert listed.exit_code == 0, listed.output
        assert listed.stdout == expected, option
    data = json.loads(run(["moves", counting.name, "--kind", "add", "--format", "json"]).stdout)
    assert [group["entries"] for group in data["groups"]] == [expected.split("\n")[:-1]]


MORE_KINDS = ("add", "take", "place", "discard")
"""Kinds a third game names, more than ``moves --help`` lists beside ``--kind``."""


def test_moves_help_fits_80_columns_with_another_games_kinds(counting: Path) -> None:
    """A game registered beside For-Ex adds its kinds to ``--kind``'s choices; listed beside
    the option they passed 80 columns, so the help writes ``KIND`` and names them in its
    text (wrapped), every one still taken."""
    games.register("counting", REGISTRY_LINE, move_kinds="tests.test_third_game:MORE_KINDS")
    shown = CliRunner().invoke(forex, ["moves", "--help"], terminal_width=80)
    assert shown.exit_code == 0, shown.output
    assert [line for line in shown.output.splitlines() if len(line) > 80] == []
    assert "--kind KIND" in shown.output
    kinds = kinds_shown(shown.output)
    assert kinds[: len(SHIPPED_KINDS)] == SHIPPED_KINDS and set(MORE_KINDS) <= set(kinds)


def test_validate_places_a_move_the_rules_refuse(counting: Path) -> None:
    counting.write_text(LOG + "  - ann: add 2\n  - bob: add 2\n  - ann: add 2\n", encoding="utf-8")
    result = run(["validate", counting.name])
    assert result.exit_code == 1
    assert f"{counting.name}:8:" in result.output  # the third move's line
    assert "over_target" in result.output and "passes the target 5" in result.output


def test_a_header_problem_points_to_no_other_games_documentation(counting: Path) -> None:
    """An entry under a name the header does not list is a header problem: its hint names
    what describes the game's header (``forex schema --game counting``: the game is known,
    so no placeholder ``NAME``), not For-Ex's log format; so do the frame's header keys
    (``engines:``, ``keys:``) naming someone who does not play."""
    counting.write_text(LOG + "  - zed: add 1\n", encoding="utf-8")
    result = run(["validate", counting.name])
    assert result.exit_code == 1
    assert "unknown_player: move 1: 'zed' is not a player of this game" in result.stdout
    assert "docs/format.md" not in result.stdout
    said = " ".join(result.stdout.split())
    assert "(forex schema --game counting prints the keys a log of that game takes)" in said
    assert "NAME" not in result.stdout
    for header in ("engines: {zed: 1s}\n", "keys: {zed: ssh-ed25519 AAAA}\n"):
        counting.write_text(LOG.replace("moves:", header + "moves:"), encoding="utf-8")
        result = run(["validate", counting.name])
        assert result.exit_code == 1 and "unknown_player: " in result.stdout, result.output
        assert "forex schema --game counting prints" in " ".join(result.stdout.split()), header
        assert "NAME" not in result.stdout


def test_a_schema_problem_points_to_the_games_own_schema(counting: Path) -> None:
    """A bare ``forex schema`` prints the default game's schema: a Counting log's schema
    problem names ``forex schema --game counting``, and a move in no notation of the game
    names ``forex moves`` before it, not the schema."""
    counting.write_text(
        LOG.replace("target: 5", "target: five") + "  - ann: add 2\n", encoding="utf-8"
    )
    result = run(["validate", counting.name, "--format", "json"])
    (problem,) = json.loads(result.stdout)["files"][0]["problems"]
    assert problem["code"] == "schema_type"
    assert problem["hints"] == [
        "forex schema --game counting prints the JSON Schema of a Counting log"
    ]
    counting.write_text(LOG + "  - ann: add 2\n  - bob: plus 1\n", encoding="utf-8")
    result = run(["validate", counting.name, "--format", "json"])
    (problem,) = json.loads(result.stdout)["files"][0]["problems"]
    assert (problem["code"], problem["entry"]) == ("bad_notation", 2)
    assert problem["hints"] == [
        "forex moves count.yaml --at 1 lists the decisions legal there, as a log writes them"
    ]


def test_a_list_too_short_or_with_a_name_twice_is_worded_for_people(counting: Path) -> None:
    """A new game's schema problems with its lists say what is wrong in the frame's words, as
    For-Ex's own say it (they gave jsonschema's ``['ann', 'ann'] has non-unique elements``
    and ``['ann'] is too short``)."""
    messages = {}
    for players in ("[ann, ann]", "[ann]"):
        counting.write_text(LOG.replace("[ann, bob]", players), encoding="utf-8")
        result = run(["validate", counting.name, "--format", "json"])
        (problem,) = json.loads(result.stdout)["files"][0]["problems"]
        messages[problem["code"]] = (problem["message"], problem["line"], problem["column"])
    assert messages == {
        "schema_uniqueItems": ("players: 'ann' is listed twice", 3, 10),
        "schema_minItems": ("players: 1 listed, at least 2 allowed", 3, 10),
    }


def test_selfplay_words_a_game_of_one_player_count(
    counting: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game for exactly two (its advisor's ``seat_counts`` ``(2, 2)``) is not said to have
    ``2 to 2`` players."""
    from forexcli.games.counting.search import ADVISOR

    monkeypatch.setattr(ADVISOR, "seat_counts", (2, 2))
    result = run(["selfplay", "out", "--game", "counting", "--players", "3"])
    assert result.exit_code == 2, result.output
    said = " ".join(result.stderr.split())
    assert "3 players; a Counting game has exactly 2" in said, said


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--players", "1"], "1 player; a Counting game has 2 to 4"),
        (["--seat", "engine"], "1 seat given; a Counting game has 2 to 4"),
    ],
)
def test_selfplay_says_one_player_in_the_singular(
    counting: Path, args: list[str], said: str
) -> None:
    result = run(["selfplay", "out", "--game", "counting", *args])
    assert result.exit_code == 2, result.output
    assert said in " ".join(result.stderr.split())


class WordedCounting(Counting):
    """Counting with its own line of who decides next (``Game.status``)."""

    def status(self, state: Any) -> str:
        if state.over:
            return f"the total reached {state.target}"
        return f"{state.players[state.seat]} adds to {state.total}"


def test_play_moves_and_history_say_the_games_own_line_of_who_is_next(counting: Path) -> None:
    """A game's ``status`` words who decides next in ``play``, ``moves`` and ``history`` as
    in ``validate`` and ``undo`` (they gave the frame's ``bob to decide (add)`` while the
    engine's replies in the same ``play`` gave the game's words)."""
    games.register("counting", lambda: WordedCounting())
    played = run(["play", counting.name, "ann", "add", "2"])
    assert played.exit_code == 0, played.output
    assert played.stdout.splitlines()[-1] == "next: bob adds to 2"
    assert run(["moves", counting.name]).stdout.splitlines()[0] == "bob adds to 2"
    assert run(["history", counting.name]).stdout.splitlines()[-1] == "bob adds to 2"
    data = json.loads(run(["history", counting.name, "--format", "json"]).stdout)
    assert data["status"] == "bob adds to 2"


def test_the_games_own_codes_join_the_frames(counting: Path) -> None:
    """``over_target`` is Counting's (``Game.codes``), not the frame's: registering the game
    lists it with the frame's codes, in the layer ``validate`` reports it in."""
    from forexcli.record.problems import FRAME_CODES, codes

    assert "over_target" not in FRAME_CODES["rules"]
    assert codes()["rules"][-2:] == ("over_target", "bad_step")
    counting.write_text(LOG + "  - ann: add 2\n  - bob: add 2\n  - ann: add 2\n", encoding="utf-8")
    result = run(["validate", counting.name, "--format", "json"])
    (problem,) = json.loads(result.stdout)["files"][0]["problems"]
    assert problem["code"] == "over_target" and problem["code"] in codes()[problem["layer"]]
    games.unregister("counting")
    try:
        assert "over_target" not in codes()["rules"]
    finally:
        games.register("counting", REGISTRY_LINE)


def test_annotate_and_diff_read_the_game(counting: Path) -> None:
    """The plain rules (``PLAIN``: no ``setup_fields``) are compared by their headers and
    entries, in ``forks.plain_data``'s words."""
    games.register("counting", "forexcli.games.counting:PLAIN")  # the fixture unregisters it
    counting.write_text(LOG + "  - ann: add 2\n  - bob: add 1\n", encoding="utf-8")
    further = counting.with_name("further.yaml")
    further.write_text(counting.read_text(encoding="utf-8") + "  - ann: add 2\n", encoding="utf-8")
    noted = run(["annotate", counting.name, "1", "a safe start"])
    assert noted.exit_code == 0, noted.output
    assert "note: a safe start" in counting.read_text(encoding="utf-8")
    compared = run(["diff", counting.name, further.name])
    assert compared.exit_code == 1  # the copies differ
    assert "agree on moves 1 to 2" in compared.output and "1 more" in compared.output


def test_diff_and_read_compare_the_set_up_the_game_names(counting: Path) -> None:
    """Counting compares its own set-up fields (``Game.setup_fields``: the players and the
    target), not For-Ex's: two logs of other targets are different games, and a mailed copy
    of the same game is read."""
    counting.write_text(LOG + "  - ann: add 2\n", encoding="utf-8")
    other = counting.with_name("other.yaml")
    other.write_text(LOG.replace("target: 5", "target: 7") + "  - ann: add 2\n", encoding="utf-8")
    compared = run(["diff", counting.name, other.name, "--format", "json"])
    assert compared.exit_code == 1, compared.output
    report = json.loads(compared.stdout)
    assert report["kind"] == "different_games"
    assert report["sentence"].endswith("not a fork: their set-up differs in target total.")
    assert report["setup_differences"] == ["target: count.yaml has 5; other.yaml has 7"]
    mailed = counting.with_name("turn.eml")
    mailed.write_text(
        f"Subject: count\n\nMy move:\n\n{LOG}  - ann: add 2\n  - bob: add 1\n\nbob\n",
        encoding="utf-8",
    )
    read = run(["read", mailed.name, "--into", counting.name])
    assert read.exit_code == 0, read.output
    assert counting.read_text(encoding="utf-8").endswith("  - bob: add 1\n")


def test_play_tells_what_a_move_did_in_the_games_sentences(counting: Path) -> None:
    """The frame's plain report of ``forex play`` (a game without its own ``play_text``)
    says what the entry did in the game's sentences (``Game.describe``): a die's roll, a
    card drawn would be seen nowhere else."""
    played = run(["play", counting.name, "ann", "add", "2"])
    assert played.exit_code == 0, played.output
    assert played.stdout == (
        "added move 1: ann: add 2 to count.yaml\n"
        "  ann adds 2: total 2 of 5\n"
        "next: bob to decide (add)\n"
    )


def test_play_against_the_engine_tells_what_each_move_did(counting: Path) -> None:
    """Against an engine seat, the person's move and each of the engine's replies come with
    their sentences (``Game.describe``) when the game shows no compact board of its own."""
    counting.write_text(LOG.replace("moves:", "engines: {bob: 20}\nmoves:"), encoding="utf-8")
    played = run(["play", counting.name, "ann", "add", "1"])
    assert played.exit_code == 0, played.output
    lines = played.stdout.splitlines()
    assert lines[:2] == ["move 1: ann: add 1 (added to count.yaml)", "  ann adds 1: total 1 of 5"]
    assert lines[2].startswith("move 2: bob: add ") and lines[2].endswith(
        "(the engine, 20 simulations)"
    )
    step = lines[2].split()[4]
    assert lines[3] == f"  bob adds {step}: total {1 + int(step)} of 5"


def test_show_prints_the_games_view(counting: Path) -> None:
    counting.write_text(LOG + "  - ann: add 2\n", encoding="utf-8")
    shown = run(["show", counting.name, "--format", "json"])
    assert shown.exit_code == 0, shown.output
    assert json.loads(shown.output)["total"] == 2
    text = run(["show", counting.name])
    assert text.exit_code == 0 and "bob" in text.output
    assert text.stdout == "Counting: total 2 of 5; bob adds next\n"  # the game's own words
    since = run(["show", counting.name, "--since", "0"])
    assert since.exit_code == 0 and "move 1: ann: add 2" in since.stdout
    refused = run(["show", counting.name, "--format", "json", "--since", "0"])
    assert refused.exit_code == 2 and "Counting log is the state alone" in refused.output


@pytest.mark.parametrize(
    ("args", "command"),
    [
        (["show", "count.yaml", "--svg", "-"], "forex show --svg"),
        (["chart", "count.yaml"], "forex chart"),
    ],
)
def test_a_view_the_game_lacks_is_refused_with_a_code(
    counting: Path, args: list[str], command: str
) -> None:
    result = run(args)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert f"count.yaml:1:7: not_for_game: {command}: " in result.stderr
    assert "Counting logs" in result.stderr and "hint:" in result.stderr
    said = " ".join(result.stderr.split())
    assert "hint: the game: forex show count.yaml" in said
    assert "what every game offers: the legal decisions, forex moves count.yaml" in said
    assert not DEVELOPER_WORDS.search(said), said  # a user's hint, not the code's


DEVELOPER_WORDS = re.compile(r"overrid|games\.base|BaseGame|Game\.\w|adding-a-game")
"""What a hint aimed at a game's developer says: the interface's names, its documentation."""


def test_new_writes_a_log_of_the_game(counting: Path) -> None:
    result = run(["new", "fresh.yaml", "--game", "counting", "--players", "ann,bob"])
    assert result.exit_code == 0, result.output
    assert result.stdout == "created fresh.yaml: Counting to 10 for ann, bob\n"
    assert run(["validate", "fresh.yaml"]).exit_code == 0
    assert run(["moves", "fresh.yaml"]).exit_code == 0
    refused = run(["new", "other.yaml", "--game", "counting", "--players", "a,b", "--seed", "x"])
    assert refused.exit_code == 2 and "a Counting log takes no --seed" in refused.output
    assert not Path("other.yaml").exists()


def test_new_takes_the_option_the_game_adds(counting: Path) -> None:
    """``--target`` is Counting's (``Game.new_options``): offered while the game is
    registered, written into its log, and refused for another game's log.  Among the shipped
    games and the toy alone: another registered game may declare ``--target`` too."""
    with shipped_only():
        games.register("counting", REGISTRY_LINE)
        made = run(
            ["new", "to3.yaml", "--game", "counting", "--players", "ann,bob", "--target", "3"]
        )
        assert made.exit_code == 0, made.output
        assert made.stdout == "created to3.yaml: Counting to 3 for ann, bob\n"
        assert "target: 3" in Path("to3.yaml").read_text(encoding="utf-8")
        wrong = run(["new", "to0.yaml", "--game", "counting", "--players", "a,b", "--target", "0"])
        assert wrong.exit_code == 2 and "'0' is not a whole number from 1 to 1000" in wrong.stderr
        other = run(["new", "fx.yaml", "--players", "a,b", "--target", "3"])
        assert other.exit_code == 2 and not Path("fx.yaml").exists()
        assert "a For-Ex log takes no --target: it is Counting's only (--game counting)" in (
            other.stderr
        )
        assert "Counting: the total that wins [10]." in run(["new", "--help"]).stdout
        games.unregister("counting")
        assert "--target" not in run(["new", "--help"]).stdout
        gone = run(["new", "fx.yaml", "--players", "a,b", "--target", "3"])
        assert gone.exit_code == 2 and "No such option '--target'" in gone.stderr


def test_import_asks_the_games_and_refuses_when_none_imports(
    counting: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``forex import`` reaches a game through ``Game.import_table`` alone: with Counting the
    only game (``BaseGame``'s default), it is refused with ``not_for_game``, and no file is
    written."""
    assert games.names()[-1] == "counting"
    Path("table.json").write_text("{}", encoding="utf-8")
    with monkeypatch.context() as alone:
        alone.setattr(games, "_REGISTRY", {"counting": REGISTRY_LINE})  # the others gone
        result = run(["import", "table.json", "-o", "out.yaml"])
    assert result.exit_code == 2, result.output
    assert "not_for_game: forex import: no registered game imports a Board Game Arena" in (
        result.stderr
    )
    said = " ".join(result.stderr.split())
    assert "record the game by hand instead: forex new out.yaml --players NAME,NAME" in said
    assert not DEVELOPER_WORDS.search(said), said
    assert not Path("out.yaml").exists()


def test_new_offers_the_registered_games(counting: Path) -> None:
    shown = run(["new", "--help"])
    assert games.names()[-1] == "counting"
    assert f"[{'|'.join(games.names())}]" in shown.stdout.replace("\n ", "")
    wrong = run(["new", "x.yaml", "--game", "countin", "--players", "a,b"])
    assert wrong.exit_code == 2 and "'counting'" in wrong.output


@pytest.mark.parametrize(
    "args", [["message", "count.yaml"], ["play", "count.yaml", "bob", "add", "1", "--message"]]
)
def test_message_tells_the_moves(counting: Path, args: list[str]) -> None:
    counting.write_text(LOG + "  - ann: add 2\n", encoding="utf-8")
    result = run(args)
    assert result.exit_code == 0, result.output
    assert "ann" in result.output


def test_the_toys_message_tells_the_moves_after_the_next_players_last(counting: Path) -> None:
    """``Game.message`` with no ``since``: the moves after the next player's last, as a mail
    after the engine's replies needs (``forex read --reply``, ``play --eml``)."""
    log = LOG.replace("[ann, bob]", "[ann, bob, cy]").replace("target: 5", "target: 9")
    counting.write_text(log + "  - ann: add 1\n  - bob: add 2\n  - cy: add 1\n", encoding="utf-8")
    told = run(["message", counting.name])
    assert told.exit_code == 0, told.output
    assert told.stdout.splitlines()[2:] == [
        "move 2: bob: add 2",
        "move 3: cy: add 1",
        "total 4 of 9: ann adds next",
    ]


def test_the_eml_of_a_move_carries_the_message(counting: Path) -> None:
    counting.write_text(LOG + "  - ann: add 2\n", encoding="utf-8")
    result = run(["play", "count.yaml", "bob", "add", "1", "--eml", "turn.eml"])
    assert result.exit_code == 0, result.output
    mail = (counting.parent / "turn.eml").read_text(encoding="utf-8")
    assert "Subject: [Counting] move 2" in mail and "move 2: bob: add 1" in mail


class PicturelessCounting(Counting):
    """Counting with messages but no picture of its board (``BaseGame``'s default)."""

    picture = BaseGame.picture


def test_a_game_without_a_picture_mails_without_one(counting: Path) -> None:
    """The picture is an attachment of the mail, not the mail: a game that tells its moves
    (``message``) but draws no board (``picture``) still mails them (``play --eml``,
    ``message --eml``), with the log and no picture."""
    games.register("counting", lambda: PicturelessCounting())  # the fixture unregisters it
    counting.write_text(LOG + "  - ann: add 2\n", encoding="utf-8")
    played = run(["play", "count.yaml", "bob", "add", "1", "--eml", "turn.eml"])
    assert played.exit_code == 0, played.output
    told = run(["message", "count.yaml", "--eml", "again.eml"])
    assert told.exit_code == 0, told.output
    for name in ("turn.eml", "again.eml"):
        mail = email.message_from_bytes(
            (counting.parent / name).read_bytes(), policy=email.policy.default
        )
        assert isinstance(mail, email.message.EmailMessage)
        assert mail["Subject"] == "[Counting] move 2"
        attached = [part.get_filename() for part in mail.iter_attachments()]
        assert attached == ["count.yaml"], name


@pytest.fixture
def plain(counting: Path) -> Path:
    """Counting without messages: the ``Game`` interface alone."""
    games.register(
        "counting", "forexcli.games.counting:PLAIN"
    )  # the counting fixture unregisters it
    counting.write_text(LOG + "  - ann: add 2\n  - bob: add 1\n", encoding="utf-8")
    return counting


@pytest.mark.parametrize(
    "args",
    [
        ["message", "count.yaml"],
        ["play", "count.yaml", "ann", "add", "1", "--message"],
        ["play", "count.yaml", "ann", "add", "1", "--eml", "turn.eml"],
    ],
)
def test_a_game_without_messages_says_so(plain: Path, args: list[str]) -> None:
    before = plain.read_bytes()
    result = run(args)
    assert result.exit_code == 2, result.output
    assert (
        "not_for_game: forex " in result.stderr and "not offered for Counting logs" in result.stderr
    )
    assert "hint: the game as it stands: forex show count.yaml" in result.stderr
    assert not DEVELOPER_WORDS.search(result.stderr), result.stderr
    assert plain.read_bytes() == before and not (plain.parent / "turn.eml").exists()


def test_the_interface_alone_plays_undoes_and_lists(plain: Path) -> None:
    played = run(["play", "count.yaml", "ann", "add", "1", "--format", "json"])
    assert played.exit_code == 0, played.output
    assert json.loads(played.stdout)["state"]["total"] == 4
    listed = run(["history", "count.yaml", "--events"])
    assert listed.exit_code == 0 and "ann" in listed.stdout and "add 1" in listed.stdout
    undone = run(["undo", "count.yaml"])
    assert undone.exit_code == 0, undone.output
    assert "removed move 3: ann: add 1" in undone.stdout
    assert undone.stdout.endswith("next: ann to decide (add)\n")
    stranger = run(["play", "count.yaml", "cy", "add", "1"])
    assert stranger.exit_code == 1
    assert "unknown_name: move 3: 'cy' is not a player of this game (ann, bob)" in (stranger.stderr)


def test_schema_prints_the_games_log_schema(counting: Path) -> None:
    result = run(["schema", "--game", "counting"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["properties"]["game"] == {"const": "counting"}


# --------------------------------------------------------------------------- a folder and a line


def test_nothing_outside_its_folder_names_the_game() -> None:
    """Registering the game is the only change outside ``forexcli/games/counting/``: no file
    of the package (code, templates, scripts, package data, the published schemas) names it
    or its module elsewhere, so the registry line is all a newcomer adds outside the folder."""
    assert (FOLDER / "__init__.py").is_file() and (FOLDER / "page" / "counting.js").is_file()
    named = re.compile(r"games[./]counting|\bCOUNTING\b|game: counting|\"counting\"")
    outside = [
        path
        for base in (ROOT / "forexcli", ROOT / "schemas")
        for path in base.rglob("*")
        if path.is_file()
        and FOLDER not in path.parents
        and path.suffix in (".py", ".j2", ".js", ".css", ".json", ".toml")
        and named.search(path.read_text(encoding="utf-8", errors="replace"))
    ]
    assert outside == []
    assert "counting" not in games.names()  # the toy is not offered to users
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert "counting" not in pyproject and '"games/*/page/*.js"' in pyproject


def test_html_writes_the_games_replay_page(counting: Path) -> None:
    counting.write_text(LOG + "  - ann: add 2\n  - bob: add 1\n", encoding="utf-8")
    result = run(["html", counting.name, "-o", "-"])
    assert result.exit_code == 0, result.output
    page = result.stdout
    assert "<title>To five · Counting replay</title>" in page
    assert "total 3 of 5" in page and "ann adds next" in page
    assert "Content-Security-Policy" in page and "forexPage.start" not in page.split("<script>")[0]
    data = json.loads(page.split('id="replay-data">')[1].split("</script>")[0])
    assert data["first"]["view"]["total"] == 0 and len(data["deltas"]) == 2
    assert 'id="eval-chart"' not in page
    evaluated = run(["html", counting.name, "-o", "-", "--eval", "--simulations", "20"]).stdout
    graph = evaluated.split('<figure id="eval-chart" class="chart">')[1].split("</figure>")[0]
    assert 'id="eval-chance-ann"' in graph and 'id="eval-chance-bob"' in graph
    assert graph.count('class="strip"') == 3  # the frame's graph, on the game's own page


def test_hint_and_the_engine_play_the_game(counting: Path) -> None:
    """The search hooks (``search.CountingSearch``: ``games.base.Searchable``) give the game
    the engine's commands: from total 3 of 5, adding 2 wins at once."""
    counting.write_text(LOG + "  - ann: add 2\n  - bob: add 1\n", encoding="utf-8")
    hint = run(["hint", counting.name, "--simulations", "200", "--format", "json"])
    assert hint.exit_code == 0, hint.output
    assert "add 2" in json.dumps(json.loads(hint.stdout))
    played = run(["play", counting.name, "ann", "--engine", "--simulations", "200"])
    assert played.exit_code == 0, played.output
    assert counting.read_text(encoding="utf-8").count("ann: add 2") == 2
    assert "game over: ann won" in played.output


def test_selfplay_seats_more_players_than_for_ex_takes(
    counting: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game that seats eight has eight-player self-play games: the frame sets no bound of
    its own on ``--players``."""
    from forexcli.games.counting.search import ADVISOR

    monkeypatch.setattr(ADVISOR, "seat_counts", (2, 8))
    monkeypatch.chdir(counting.parent)
    args = ["--game", "counting", "--players", "8", "--simulations", "5", "--processes", "1"]
    result = run(["selfplay", "eight", *args])
    assert result.exit_code == 0, result.output
    header = (counting.parent / "eight" / "game-001.yaml").read_text("utf-8")
    assert "players: [engine1, engine2, engine3, engine4, engine5, engine6, engine7, engine8]" in (
        header
    )


def test_the_hosts_reply_tells_what_each_engine_move_did(counting: Path) -> None:
    """``forex read --reply`` tells the engine seats' moves as ``forex play`` does: each with
    the game's sentences (``Game.describe``) when the game shows no compact board, so that the
    host sees what a move did (a die's roll) and not only its notation."""
    counting.write_text(LOG.replace("moves:", "engines: {bob: 20}\nmoves:"), encoding="utf-8")
    mine = counting.with_name("mine.yaml")
    mine.write_bytes(counting.read_bytes())
    assert run(["play", mine.name, "ann", "add", "1", "--no-reply"]).exit_code == 0
    assert run(["message", mine.name, "--eml", "sent.eml"]).exit_code == 0
    read = run(["read", "sent.eml", "--into", counting.name, "--reply"])
    assert read.exit_code == 0, read.output
    lines = read.stdout.splitlines()
    (reply,) = [n for n, line in enumerate(lines) if line.startswith("move 2: bob: add ")]
    step = lines[reply].split()[4]
    assert lines[reply + 1] == f"  bob adds {step}: total {1 + int(step)} of 5"


class _TellingCounting(Counting):
    """Counting whose catch-up tells the running total as ``TOT/TGT: 2/5``, a line its
    compact board (a line of text) does not show."""

    def summarize(self, replay: Any, since: int, until: int | None = None) -> list[str]:
        state = replay.final  # the tests ask for the last move
        return [f"move {until}", f"  TOT/TGT: {state.total}/{state.target}"]

    def compact_text(self, state: Any, width: int, next_words: str | None = None) -> str:
        return f"{state.total} so far"


def test_a_signed_move_before_an_engine_seat_says_once_who_decides_next(
    counting: Path, tmp_path: Path
) -> None:
    """A signed move in a game with an engine seat whose moves must be signed (no key for it
    given: the seat waits): the frame's report of the move says who decides next, and the
    replies' part does not say it again (a game without a compact board)."""
    from tests.record.test_signing import make_key

    mine, its = make_key(tmp_path, "mine"), make_key(tmp_path, "its")
    made = run(["new", "signed.yaml", "--game", "counting", "--players", "ann,bob",
                "--engine", "bob:20", "--key-for", f"ann={mine}.pub",
                "--key-for", f"bob={its}.pub", "--require-signatures"])  # fmt: skip
    assert made.exit_code == 0, made.output
    result = run(["play", "signed.yaml", "ann", "add", "2", "--sign", "--key", str(mine)])
    assert result.exit_code == 0, result.output
    assert "bob (the engine) decides next, and signatures are required" in result.stdout
    assert result.stdout.lower().count("bob to decide (add)") == 1, result.stdout


def test_plays_compact_report_leaves_out_only_what_the_games_board_shows(counting: Path) -> None:
    """After a person's move against the engine, ``play`` prints the game's catch-up of the
    move but the lines the game's compact board shows anyway (``Game.on_compact_board``):
    not For-Ex's rate lines for every game."""
    from forexcli.cli.replies import compact_move_report
    from forexcli.record.gamelog import load, replay

    games.register("counting", lambda: _TellingCounting())  # the fixture unregisters it
    counting.write_text(LOG + "  - ann: add 2\n", encoding="utf-8")
    played = replay(load(str(counting)))
    report = compact_move_report(played, counting.name)
    assert report.splitlines() == ["move 1: ann: add 2 (added to count.yaml)", "  TOT/TGT: 2/5"]


def test_forex_rules_of_a_game_without_a_summary_is_refused_in_words(counting: Path) -> None:
    """``forex rules --game counting``: Counting tells no summary of its rules
    (``BaseGame.rules_summary``), so the command refuses with ``not_for_game`` (exit status
    2), saying so and what every game offers instead; no traceback."""
    result = run(["rules", "--game", "counting"])
    assert result.exit_code == 2, result.output
    said = " ".join(result.stderr.split())
    assert (
        "forex rules: not_for_game: forex rules: a summary of its rules is not offered for"
        " Counting (game: counting)" in said
    )
    assert "hint: what every game offers: the legal decisions of a Counting log, forex" in said
    assert result.stdout == ""
