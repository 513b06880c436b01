"""Capability tests, run over every registered game and the Counting toy (``tests.every_game``):
what the frame promises of any game that offers the capability, once instead of a copy per
game.  A game that does not offer it refuses with ``not_for_game`` and is skipped."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from jsonschema import Draft202012Validator

from forexcli import games
from forexcli.games.counting import Add
from forexcli.games.forex.rules import (
    ChooseStrengthen,
    ChooseStrongest,
    Divest,
    DivestResponse,
    Invest,
    MakeContract,
    Resolve,
)
from forexcli.games.worldex.rules import DEALER, Buy, Pass, Refresh, Reveal, Sell
from tests.cli.test_commands import run
from tests.cli.test_html_browser import browser, open_page, severe
from tests.cli.test_pages import Tags, embedded
from tests.every_game import (
    EXAMPLE_LOGS,
    EXAMPLES,
    GAMES,
    ROOT,
    TOY,
    TOY_SOURCE,
    copy_example,
    example_in,
    offered,
    registered,
    replayed,
)

if TYPE_CHECKING:
    from selenium.webdriver.chrome.webdriver import WebDriver

__all__ = ["browser"]  # the shared fixture


def dealt_with_a_starter(game: str) -> list[str]:
    """``forex new``'s ``--seed`` for ``game`` where a random seed may deal nobody World
    Exchangers' red marker (then ``--first`` is needed: exit status 2); none for the others."""
    return ["--seed", "club-1"] if game == "world-exchangers" else []


@pytest.fixture(params=GAMES)
def game(request: pytest.FixtureRequest) -> Iterator[str]:
    """Each game by name, registered for the test."""
    name: str = request.param
    with registered(name):
        yield name


def test_every_registered_game_has_an_example() -> None:
    assert set(GAMES) == set(EXAMPLES) == set(EXAMPLE_LOGS)


def test_a_games_examples_sit_in_its_folder() -> None:
    """A game not shipped with the project keeps its example logs in its own folder, as the
    toy does: adding a game touches nothing of the tests."""
    assert EXAMPLES[TOY] == ROOT / "forexcli" / "games" / "counting" / "examples" / "count.yaml"


# --------------------------------------------------------------------------- notation

WRITTEN: list[tuple[str, str, str, tuple[Any, ...]]] = [
    ("for-ex", "a", "invest USD", (Invest("a", ("USD",)),)),
    ("for-ex", "a", "invest USD JPY", (Invest("a", ("USD", "JPY")),)),
    ("for-ex", "a", "contract 6 USD for 12 JPY", (MakeContract("a", "USD", 12, "JPY", 24),)),
    ("for-ex", "a", "contract 0.5 GBP for 1.5 CNY", (MakeContract("a", "GBP", 1, "CNY", 3),)),
    (
        "for-ex",
        "a",
        "contract 9999.5 GBP for 1 CNY",
        (MakeContract("a", "GBP", 19999, "CNY", 2),),
    ),
    ("for-ex", "a", "divest 2 USD", (Divest("a", "USD", 2),)),
    ("for-ex", "a", "resolve", (Resolve("a"),)),
    ("for-ex", "a", "sell 0 USD", (DivestResponse("a", "USD", 0),)),
    ("for-ex", "a", "strengthen EUR", (ChooseStrengthen("a", "EUR"),)),
    ("for-ex", "a", "strongest GBP", (ChooseStrongest("a", "GBP"),)),
    ("world-exchangers", "ai", "buy Vienna", (Buy("ai", "Vienna"),)),
    (
        "world-exchangers",
        "ai",
        "buy San Juan, Roma +box",
        (Buy("ai", "San Juan", "box"), Buy("ai", "Roma")),
    ),
    ("world-exchangers", "ai", "buy Vienna +rue", (Buy("ai", "Vienna", "rue"),)),
    ("world-exchangers", "ai", "buy Vienna +ring", (Buy("ai", "Vienna", ring=True),)),
    ("world-exchangers", "ai", "sell Dubai", (Sell("ai", "Dubai"),)),
    (
        "world-exchangers",
        "ai",
        "sell Dubai, Roma +box",
        (Sell("ai", "Dubai", "box"), Sell("ai", "Roma")),
    ),
    ("world-exchangers", "ai", "sell Dubai +ring", (Sell("ai", "Dubai", ring=True),)),
    ("world-exchangers", "ai", "sell Dubai +cash 2", (Sell("ai", "Dubai", media_cash=2),)),
    (
        "world-exchangers",
        "ai",
        "sell Dubai, Roma +rue",
        (Sell("ai", "Dubai", "rue"), Sell("ai", "Roma")),
    ),
    ("world-exchangers", "ai", "pass", (Pass("ai"),)),
    ("world-exchangers", "ai", "refresh", (Refresh("ai", ()),)),
    (
        "world-exchangers",
        "ai",
        "refresh Oslo, Mexico City",
        (Refresh("ai", ("Oslo", "Mexico City")),),
    ),
    ("world-exchangers", DEALER, "reveal Oslo, Lima, Doha", (Reveal(("Oslo", "Lima", "Doha")),)),
    (TOY, "ann", "add 2", (Add("ann", 2),)),
    (TOY, "bob", "add 1", (Add("bob", 1),)),
]
"""Entries ``KEY: TEXT`` of each game and their decisions."""


def entry_accepted(name: str, key: str, text: str) -> bool:
    """Whether the game's log schema takes the entry ``KEY: TEXT`` (its header aside)."""
    log = games.get(name).schemas()["log"]
    moves = {**log["properties"]["moves"], "$defs": log.get("$defs", {})}
    return Draft202012Validator(moves).is_valid([{key: text}])


def test_every_game_has_entries_to_read() -> None:
    """Each game's notation is tried on entries written here, or on its example logs'."""
    assert {name for name, *_ in WRITTEN} <= set(GAMES)
    assert {name for name, *_ in WRITTEN} | set(EXAMPLES) == set(GAMES)


def test_the_example_entries_read_back(game: str, tmp_path: Path) -> None:
    """Every entry of the game's example log is read, written and read again to the same
    decisions, by its own player: ``parse(key, write(d)) == d``."""
    played = replayed(example_in(game, tmp_path))
    rules = games.get(game)
    assert played.log.entries
    for entry in played.log.entries:
        decisions = rules.parse(entry.key, entry.text)
        assert rules.parse(entry.key, rules.write(decisions)) == decisions, entry.text
        assert rules.key(decisions) == entry.key, entry.text


@pytest.mark.parametrize(
    ("name", "key", "text", "decisions"), WRITTEN, ids=[f"{w[0]}: {w[2]}" for w in WRITTEN]
)
def test_parse_and_write(name: str, key: str, text: str, decisions: tuple[Any, ...]) -> None:
    """``parse`` and ``write`` are each other's inverse, ``key`` names the decider, and the
    log schema, which mirrors the notation, takes the entry."""
    with registered(name):
        game = games.get(name)
        assert game.parse(key, text) == decisions
        assert game.write(decisions) == text
        assert game.key(decisions) == key
        assert entry_accepted(name, key, text)


def test_every_schema_has_an_id_schema_list_prints(game: str) -> None:
    """Each published schema has an ``$id`` of the project's form, the column ``forex schema
    --list`` prints beside its game and role (Counting's log schema had none: an empty one)."""
    schemas = games.get(game).schemas()
    assert "log" in schemas
    ids = {role: schema.get("$id", "") for role, schema in schemas.items()}
    assert all(re.fullmatch(r"urn:forexcli:schema:[a-z0-9-]+:\d+", i) for i in ids.values()), ids
    listed = run(["schema", "--list"])
    assert listed.exit_code == 0, listed.output
    for role, ident in ids.items():
        assert f"{game}\t{role}\t{ident}\n" in listed.stdout


# --------------------------------------------------------------------------- the page


def test_html_writes_next_to_the_log(game: str, tmp_path: Path) -> None:
    path = example_in(game, tmp_path)
    moves = replayed(path).moves
    before = set(path.parent.iterdir())
    done = run(["html", str(path)])
    offered(done)
    assert done.exit_code == 0, done.output
    page = path.with_suffix(".html")
    said = " ".join(done.stdout.split())  # the report is wrapped at the terminal's width
    assert said.startswith(f"wrote the replay page to {page} (")
    assert f"{moves + 1} positions" in said
    assert embedded(page.read_text("utf-8"))["start"] == moves
    assert set(path.parent.iterdir()) - before == {page}
    again = run(["html", str(path)])
    assert again.exit_code == 2 and "already exists" in again.stderr
    assert run(["html", str(path), "--force", "--at", "-1"]).exit_code == 0
    assert embedded(page.read_text("utf-8"))["start"] == moves - 1


def test_the_page_names_each_id_once(game: str, tmp_path: Path) -> None:
    """The frame's controls and the game's panels share one page: no id is given twice (a
    game's panel named ``next`` shadowed the frame's Next button for ``getElementById``)."""
    path = example_in(game, tmp_path)
    page = tmp_path / "page.html"
    done = run(["html", str(path), "-o", str(page), "--at", "1"])
    offered(done)
    assert done.exit_code == 0, done.output
    parser = Tags()
    parser.feed(page.read_text("utf-8"))
    ids = [str(attrs["id"]) for _, attrs in parser.tags if attrs.get("id")]
    assert "next" in ids and "position" in ids  # the frame's button, the game's panel
    assert sorted(i for i in set(ids) if ids.count(i) > 1) == []


PAGE_KB_PER_100_MOVES = {"for-ex": 400, "world-exchangers": 820}
"""How large a game's page may grow, in KB for 100 moves (World Exchangers draws more: its
39-move example stays under 320 KB); a game not named here is held to the page limit alone."""

SIZED = [(name, path) for name, paths in EXAMPLE_LOGS.items() for path in paths]


@pytest.mark.parametrize(("name", "source"), SIZED, ids=[f"{n}: {p.name}" for n, p in SIZED])
def test_size(name: str, source: Path, tmp_path: Path) -> None:
    """Every example's page is well under 1 MB (the six-player For-Ex example, 128 moves,
    about 320 KB): the positions are deltas."""
    with registered(name):
        path = copy_example(source, tmp_path)
        moves = replayed(path).moves
        done = run(["html", str(path), "-o", "-"])
        offered(done)
        assert done.exit_code == 0, done.output
    size = len(done.stdout.encode("utf-8"))
    print(f"{name}: {source.name}: {moves} moves, {size / 1024:.0f} KB")
    assert size < 512 * 1024
    if name in PAGE_KB_PER_100_MOVES:
        assert size / max(moves, 1) * 100 < PAGE_KB_PER_100_MOVES[name] * 1024


# --------------------------------------------------------------------------- messages


def test_message_since_and_since_player(game: str, tmp_path: Path) -> None:
    """``--since`` counts back from the end when negative; ``--since-player`` is
    ``--since`` that player's last move; a move or player the log lacks is a usage error."""
    path = example_in(game, tmp_path)
    played = replayed(path)
    moves = played.moves
    since = run(["message", str(path), "--since", str(moves - 2), "--format", "markdown"])
    offered(since)
    assert since.exit_code == 0, since.output
    back = run(["message", str(path), "--since", "-2", "--format", "markdown"])
    assert back.stdout == since.stdout
    players = [str(name) for name in played.log.header["players"]]
    player = next(e.key for e in reversed(played.log.entries[:-1]) if e.key in players)
    last = max(e.number for e in played.log.entries if e.key == player)
    by_player = run(["message", str(path), "--since-player", player, "--format", "bbcode"])
    assert by_player.exit_code == 0, by_player.output
    by_number = run(["message", str(path), "--since", str(last), "--format", "bbcode"])
    assert by_player.stdout == by_number.stdout
    assert run(["message", str(path), "--since", str(moves + 1)]).exit_code == 2
    assert run(["message", str(path), "--since-player", "zed"]).exit_code == 2
    both = ["--since", "1", "--since-player", player]
    assert run(["message", str(path), *both]).exit_code == 2


# --------------------------------------------------------------------------- the engine


def test_selfplay_writes_a_whole_game_that_validates(
    game: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``selfplay --game G`` plays a whole game in a worker process, its header the game's
    own with a title that holds a colon (``selfplay 1: engine1 = ...``), into a log that
    ``validate`` accepts."""
    monkeypatch.chdir(tmp_path)
    args = ["--games", "1", "--simulations", "5", "--processes", "1"]
    result = run(["selfplay", "out", "--game", game, *args])
    if result.exit_code == 2 and "the engine does not play" in result.stderr:
        pytest.skip(result.stderr.strip())
    assert result.exit_code == 0, result.output
    assert (replayed(tmp_path / "out" / "game-001.yaml").log.title or "").startswith("selfplay 1: ")
    checked = run(["validate", "out"])
    assert checked.exit_code == 0, checked.output


def test_selfplay_takes_the_players_the_game_seats(
    game: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``selfplay --players`` is bounded by the game's ``seat_counts`` alone, with the game's
    words (the frame capped it at For-Ex's 2 to 6, in click's)."""
    from forexcli.games.defaults import NotOffered

    monkeypatch.chdir(tmp_path)
    try:
        fewest, most = games.get(game).advisor().seat_counts
    except NotOffered:
        pytest.skip(f"the engine does not play {game}")
    title = games.get(game).title
    for count in (fewest - 1, most + 1):
        result = run(["selfplay", "out", "--game", game, "--players", str(count)])
        assert result.exit_code == 2, result.output
        said = " ".join(result.stderr.split())
        allowed = f"{fewest} to {most}" if fewest < most else f"exactly {fewest}"
        players = f"{count} player" if count == 1 else f"{count} players"
        assert f"{players}; a {title} game has {allowed}" in said


def test_seat_hands_a_player_to_the_engine_and_back(game: str, tmp_path: Path) -> None:
    """``forex seat`` writes the frame's ``engines:`` into any game's header (its log schema
    takes the frame's parts, ``record.schemaparts``), and ``play`` then lets the engine seat
    answer a person's move."""
    path = example_in(game, tmp_path, moves=0)
    played = replayed(path)
    first = played.log.game.pending(played.final).deciders[0]
    other = next(str(p) for p in played.log.header["players"] if p != first)
    seated = run(["seat", str(path), other, "--engine", "20"])
    offered(seated)
    assert seated.exit_code == 0, seated.output
    assert replayed(path).log.header["engines"] == {other: 20}
    back = run(["seat", str(path), other, "--person"])
    assert back.exit_code == 0, back.output
    assert "engines" not in replayed(path).log.header


def test_new_key_for_and_require_signatures_take_no_game_option(game: str, tmp_path: Path) -> None:
    """``forex new --key-for`` and ``--require-signatures`` are the frame's signing at set-up,
    for every game that writes a new log (its schema takes ``record.schemaparts``' keys and
    signatures setting): a game declares no option for them."""
    ann, bob = tmp_path / "ann.key", tmp_path / "bob.key"
    for key in (ann, bob):
        assert run(["key", "new", str(key), "--no-passphrase"]).exit_code == 0
    path = tmp_path / "new.yaml"
    players = ["--game", game, "--players", "ann,bob", *dealt_with_a_starter(game)]
    plain = run(["new", str(path), *players, "--dry-run"])
    offered(plain)
    if plain.exit_code == 2:  # a game whose new log needs more than the players
        pytest.skip(f"{game}'s new log needs options beyond the players: {plain.stderr}")
    keys = ["--key-for", f"ann={ann}.pub", "--key-for", f"bob={bob}.pub"]
    made = run(["new", str(path), *players, *keys, "--require-signatures"])
    offered(made)
    assert made.exit_code == 0, made.output
    header = replayed(path).log.header
    assert header["signatures"] == "required"
    assert sorted(header["keys"]) == ["ann", "bob"]
    assert all(str(line).startswith("ssh-ed25519 ") for line in header["keys"].values())
    assert run(["validate", str(path)]).exit_code == 0
    other = tmp_path / "other.yaml"
    refused = run(["new", str(other), *players, "--key-for", f"zed={ann}.pub"])
    assert refused.exit_code == 2 and "'zed' is not one of the players" in refused.stderr
    assert not other.exists()


def test_new_gives_any_game_an_id_its_schema_takes(game: str, tmp_path: Path) -> None:
    """``forex new`` writes the frame's random ``id:`` into every game's new log (its schema
    takes ``record.schemaparts.game_id``), another for each game, and the log validates;
    the signatures cover it (``signing.game_identity``: not among what may change)."""
    from forexcli.record.signing import IDENTITY_LEFT_OUT

    players = ["--game", game, "--players", "ann,bob", *dealt_with_a_starter(game)]
    plain = run(["new", str(tmp_path / "plain.yaml"), *players, "--dry-run"])
    offered(plain)
    if plain.exit_code == 2:  # a game whose new log needs more than the players
        pytest.skip(f"{game}'s new log needs options beyond the players: {plain.stderr}")
    ids = set()
    for name in ("one", "two"):
        path = tmp_path / f"{name}.yaml"
        assert run(["new", str(path), *players]).exit_code == 0
        found = replayed(path).log.header["id"]
        assert re.fullmatch("[0-9a-f]{32}", found), found
        assert run(["validate", str(path)]).exit_code == 0
        ids.add(found)
    assert len(ids) == 2
    assert "id" not in IDENTITY_LEFT_OUT


def test_new_contact_addresses_the_mail_of_any_game(game: str, tmp_path: Path) -> None:
    """``forex new --contact`` is the frame's, for every game that writes a new log: the
    header's ``contacts:`` (``record.schemaparts``), from which ``message --eml`` addresses
    the mail to whoever decides next."""
    path = tmp_path / "new.yaml"
    players = ["--game", game, "--players", "ann,bob", *dealt_with_a_starter(game)]
    plain = run(["new", str(path), *players, "--dry-run"])
    offered(plain)
    if plain.exit_code == 2:  # a game whose new log needs more than the players
        pytest.skip(f"{game}'s new log needs options beyond the players: {plain.stderr}")
    contacts = ["--contact", "ann=ann@example.org", "--contact", "bob=bob@example.org"]
    made = run(["new", str(path), *players, *contacts])
    assert made.exit_code == 0, made.output
    played = replayed(path)
    assert played.log.header["contacts"] == {"ann": "ann@example.org", "bob": "bob@example.org"}
    assert run(["validate", str(path)]).exit_code == 0
    (next_up,) = played.log.game.pending(played.final).deciders
    mail = tmp_path / "out.eml"
    sent = run(["message", str(path), "--eml", str(mail)])
    offered(sent)
    assert sent.exit_code == 0, sent.output
    assert f"To: {next_up}@example.org" in mail.read_text("utf-8")
    other = tmp_path / "other.yaml"
    refused = run(["new", str(other), *players, "--contact", "anne=x@example.org"])
    assert refused.exit_code == 2 and not other.exists()
    assert "'anne' is not one of the players; did you mean ann?" in refused.stderr


def test_play_engine_appends_a_legal_move(game: str, tmp_path: Path) -> None:
    """``play NAME --engine`` appends the engine's entry for the player who decides (and
    refuses another player); ``--dry-run`` writes nothing."""
    path = example_in(game, tmp_path, moves=0)
    played = replayed(path)
    game_object = played.log.game
    mover = game_object.pending(played.final).deciders[0]
    other = next(str(p) for p in played.log.header["players"] if p != mover)
    before = path.read_text(encoding="utf-8")
    wrong = run(["play", str(path), other, "--engine", "--simulations", "10"])
    offered(wrong)
    assert wrong.exit_code == 1, wrong.output
    assert f"the engine cannot decide for {other}: {mover} decides" in wrong.stderr
    assert path.read_text(encoding="utf-8") == before
    result = run(["play", str(path), mover, "--engine", "--simulations", "40"])
    assert result.exit_code == 0, result.output
    assert f"move 1: {mover}: " in result.stdout
    played = replayed(path)
    assert played.moves == 1 and played.log.entries[-1].key == mover
    assert path.read_text(encoding="utf-8").startswith(before.rstrip("[]\n").rstrip())
    nxt = game_object.pending(played.final).deciders[0]
    dry = run(["play", str(path), nxt, "--engine", "--simulations", "40", "--dry-run"])
    assert dry.exit_code == 0, dry.output
    assert replayed(path).moves == 1


# --------------------------------------------------------------------------- the page, opened


@pytest.mark.slow
def test_the_page_without_javascript(game: str, browser: WebDriver, tmp_path: Path) -> None:
    """Opened with scripts disabled, the page shows the position it opens at, drawn by the
    templates alone, and the whole move list, without the controls; the script draws that
    position the same."""
    from selenium.webdriver.common.by import By

    path = example_in(game, tmp_path)
    moves = replayed(path).moves
    at = moves // 2
    page = tmp_path / "page.html"
    done = run(["html", str(path), "-o", str(page), "--at", str(at)])
    offered(done)
    assert done.exit_code == 0, done.output
    browser.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
    try:
        open_page(browser, page)
        assert browser.execute_script("return typeof window.forexReplay") == "undefined"
        assert not browser.find_element(By.ID, "controls").is_displayed()
        assert len(browser.find_elements(By.CSS_SELECTOR, "#moves li")) == moves + 1
        static = browser.find_element(By.ID, "position").text
        assert static
    finally:
        browser.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": False})
    open_page(browser, page)
    browser.execute_script(
        "window.forexReplay.go(arguments[0]); window.forexReplay.go(arguments[1])", 0, at
    )
    assert browser.find_element(By.ID, "position").text == static
    twice = browser.execute_script(
        "var ids = Array.prototype.map.call(document.querySelectorAll('[id]'),"
        " function (e) { return e.id; });"
        " return ids.filter(function (id, n) { return ids.indexOf(id) !== n; });"
    )
    assert twice == []  # the script's drawing of the position gives no id of the frame's again
    assert severe(browser) == []


@pytest.mark.slow
def test_a_step_is_told_once(game: str, browser: WebDriver, tmp_path: Path) -> None:
    """After a step the page holds one live region in Chromium's accessibility tree, the
    frame's ``#told`` (the one status) that says the step: the position, drawn anew, is not
    one besides (a screen reader would hear the step twice, and the whole position)."""
    path = example_in(game, tmp_path)
    page = tmp_path / "page.html"
    assert run(["html", str(path), "-o", str(page), "--at", "0"]).exit_code == 0
    open_page(browser, page)
    browser.execute_script("window.forexReplay.go(1)")
    assert browser.execute_script("return document.getElementById('told').textContent")
    browser.execute_cdp_cmd("Accessibility.enable", {})
    try:
        nodes = browser.execute_cdp_cmd("Accessibility.getFullAXTree", {})["nodes"]
    finally:
        browser.execute_cdp_cmd("Accessibility.disable", {})
    live = [
        node["role"]["value"]
        for node in nodes
        for prop in node.get("properties", [])
        if prop["name"] == "live" and prop["value"]["value"] != "off"
    ]
    assert live == ["status"]
    assert browser.execute_script("return document.querySelectorAll('[role=status]').length") == 1


def test_new_writes_no_id_where_a_games_schema_takes_none(tmp_path: Path) -> None:
    """A game whose log schema leaves out the frame's ``id:`` (a newcomer's, written before
    the id existed or without the shared parts) still gets a working ``forex new``: no id is
    written that its own schema would refuse.  Run in a process of its own, whose toy's
    schema is without the id (the schemas' validators are kept for the process)."""
    import subprocess
    import sys

    driver = (
        "import sys\n"
        "from forexcli import games\n"
        "from forexcli.games.counting import schema\n"
        "plain = schema.log_schema\n"
        "def without_id():\n"
        "    found = plain()\n"
        "    del found['properties']['id']\n"
        "    return found\n"
        "schema.log_schema = without_id\n"
        f"games.register({TOY!r}, {TOY_SOURCE!r})\n"
        "from forexcli.cli import main\n"
        "main(sys.argv[1:])\n"
    )
    path = tmp_path / "new.yaml"
    root = Path(__file__).parent.parent
    for args in (
        ["new", str(path), "--game", TOY, "--players", "ann,bob"],
        ["validate", str(path)],
    ):
        done = subprocess.run(
            [sys.executable, "-c", driver, *args], capture_output=True, text=True, cwd=root
        )
        assert done.returncode == 0, done.stdout + done.stderr
    text = path.read_text(encoding="utf-8")
    assert "players:" in text and not re.search(r"^id:", text, re.M), text
