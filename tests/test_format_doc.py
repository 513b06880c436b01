"""The format document names every problem code the tool can report."""

from __future__ import annotations

import inspect
from pathlib import Path

from forexcli import games
from forexcli.games.forex.rules import errors
from forexcli.record.problems import codes
from tests.every_game import SHIPPED, TOY, own_readme, registered

DOC = Path(__file__).parent.parent / "docs" / "format.md"


def test_every_problem_code_is_documented() -> None:
    """In docs/format.md: the frame's and the shipped games' codes; a game the project does
    not ship lists its own in its folder's README.md (``tests.every_game.SHIPPED``)."""
    text = DOC.read_text(encoding="utf-8")
    missing = sorted(
        {code for codes in codes().values() for code in codes if f"`{code}`" not in text}
        - {
            code
            for name in games.names()
            if name not in SHIPPED
            for listed in games.get(name).codes().values()
            for code in listed
            if f"`{code}`" in own_readme(name)
        }
    )
    assert missing == []


def test_a_game_the_project_does_not_ship_documents_its_codes_itself() -> None:
    """The toy's codes are in its folder's README.md, not in docs/format.md."""
    with registered(TOY):
        assert "`over_target`" not in DOC.read_text(encoding="utf-8")
        test_every_problem_code_is_documented()


def test_every_engine_error_code_is_a_listed_rules_code() -> None:
    engine_codes = {
        cls.code
        for _, cls in inspect.getmembers(errors, inspect.isclass)
        if issubclass(cls, errors.ForexError) and cls not in (errors.ForexError,)
    }
    listed = set(codes()["rules"]) | set(codes()["header"])
    assert engine_codes - listed == set()


def test_the_moves_json_section_names_every_key_of_both_games_documents(tmp_path: Path) -> None:
    """``forex moves --format json``: every key of each game's document and of its groups is
    named in docs/format.md's section (World Exchangers' were not: ``over``, ``deciders``,
    ``by``, ``count``); the shared key that differs in name is said to."""
    import json

    from tests.cli.test_commands import run

    section = DOC.read_text(encoding="utf-8").split("## `forex moves --format json`")[1]
    section = " ".join(section.split("\n## ")[0].split())
    examples = Path(__file__).parent.parent / "examples"
    for log in (
        examples / "six-players.yaml",
        examples / "world-exchangers" / "three-players.yaml",
    ):
        result = run(["moves", str(log), "--at", "5", "--format", "json"])
        assert result.exit_code == 0, result.output
        data = json.loads(result.stdout)
        keys = set(data) | {key for group in data["groups"] for key in group}
        assert (
            data["groups"]
            and sorted(k for k in keys if f"`{k}`" not in section and f'`"{k}":' not in section)
            == []
        )
    assert "a group's `entries` are For-Ex's `moves`" in section


def _keys(value: object) -> set[str]:
    """Every key of every mapping in ``value``, however deep."""
    if isinstance(value, dict):
        return set(value) | {k for item in value.values() for k in _keys(item)}
    if isinstance(value, list):
        return {k for item in value for k in _keys(item)}
    return set()


def _section(title: str) -> str:
    """The text of docs/format.md's section that starts with ``## TITLE``, up to the next
    ``## `` (its ``###`` subsections included), its whitespace folded."""
    section = DOC.read_text(encoding="utf-8").split(f"\n## {title}")[1]
    return " ".join(section.split("\n## ")[0].split())


def _unnamed(
    data: object, section: str, depth: int | None = None, opaque: frozenset[str] = frozenset()
) -> list[str]:
    """The keys of ``data`` down to ``depth`` (a list's items at its own depth; None: however
    deep) that ``section`` does not name as `` `key` `` or `` `"key":` ``; the values of the
    ``opaque`` keys (mappings keyed by names, or described by a schema) are not looked into."""
    found: set[str] = set()

    def walk(value: object, level: int) -> None:
        if isinstance(value, list):
            for item in value:
                walk(item, level)
        elif isinstance(value, dict) and (depth is None or level < depth):
            for key, item in value.items():
                found.add(key)
                if key not in opaque:
                    walk(item, level + 1)

    walk(data, 0)
    return sorted(k for k in found if f"`{k}`" not in section and f'`"{k}":' not in section)


def test_the_hint_and_analyse_json_section_names_every_key_and_their_format(
    tmp_path: Path,
) -> None:
    """``forex hint`` and ``forex analyse --format json`` say which document they are
    (``format`` and ``version``, as every other JSON document of the tool does) and
    docs/format.md names every key of both, however deep (player names aside), in both
    games."""
    import json

    from tests.cli.test_commands import run
    from tests.cli.test_worldex_commands import copy_example

    section = _section("`forex hint --format json` and")
    fresh = str(tmp_path / "fresh.yaml")
    assert run(["new", fresh, "--players", "ann,ben", "--seed", "s"]).exit_code == 0
    finished = str(Path(__file__).parent.parent / "examples" / "six-players.yaml")
    worldex = str(copy_example(tmp_path / "wx", moves=5))
    runs = [
        (["hint", fresh, "--simulations", "20"], "forex-hint"),
        (["analyse", finished, "--simulations", "20", "--to", "3"], "forex-analyse"),
        (["hint", worldex, "--simulations", "20"], "forex-hint"),
        (["analyse", worldex, "--simulations", "20", "--to", "3"], "forex-analyse"),
    ]
    players = {"ann", "ben", "gus", "hana", "ivo", "jules", "kai", "lena", "ai", "louis", "mei"}
    for args, name in runs:
        result = run([*args, "--format", "json"])
        assert result.exit_code == 0, result.output
        data = json.loads(result.stdout)
        assert (data["format"], data["version"]) == (name, 1)
        assert f'`"format": "{name}"`' in section
        assert sorted(set(_unnamed(data, section)) - players) == []


def _documents(tmp_path: Path) -> list[tuple[str, list[str], int]]:
    """A command line of every JSON-producing command (``diff`` aside: it compares two logs,
    tested below), on logs of both games that bring out their optional keys: the section of
    docs/format.md that names its keys, the line, and the exit status it has."""
    from tests.cli.test_commands import run
    from tests.cli.test_worldex_commands import copy_example

    root = Path(__file__).parent.parent
    six, two = str(root / "examples" / "six-players.yaml"), str(root / "examples/two-players.yaml")
    pbem = str(root / "examples" / "annotated-pbem.yaml")
    illegal = str(root / "examples" / "invalid" / "insufficient-funds.yaml")
    signed = str(root / "tests" / "logs" / "valid" / "signed.yaml")
    hope = root / "tests" / "logs" / "valid" / "engine-hope-offer.yaml"
    offered = tmp_path / "offered.yaml"
    offered.write_bytes(hope.read_bytes())
    assert run(["play", str(offered), "computer", "--engine"]).exit_code == 0
    worldex = str(root / "examples" / "world-exchangers" / "three-players.yaml")
    playing = str(copy_example(tmp_path / "wx", moves=5))
    fresh = str(tmp_path / "fresh.yaml")
    assert run(["new", fresh, "--players", "ann,ben", "--seed", "s"]).exit_code == 0
    (tmp_path / "notes.yaml").write_text("just: notes\n", encoding="utf-8")
    show, moves, history = (
        "`forex show --format json`",
        "`forex moves --format json`",
        ("`forex history --format json`"),
    )
    play, checks = "`forex play --format json`", "`forex validate --format json` and errors"
    return [
        (show, ["show", six, "--at", "30"], 0),
        (show, ["show", signed, "--since", "2"], 0),
        (show, ["show", str(hope)], 0),
        (show, ["show", str(offered)], 0),
        (show, ["show", worldex, "--at", "5"], 0),
        (show, ["show", worldex], 0),
        (moves, ["moves", six, "--at", "5"], 0),
        (moves, ["moves", str(hope)], 0),
        (moves, ["moves", str(offered)], 0),
        (moves, ["moves", worldex, "--at", "5"], 0),
        (moves, ["moves", worldex], 0),
        (history, ["history", pbem], 0),
        (history, ["history", signed], 0),
        (history, ["history", str(hope)], 0),
        (history, ["history", illegal], 1),
        (history, ["history", worldex], 0),
        (play, ["play", fresh, "ann", "invest GBP", "--dry-run"], 0),
        (play, ["play", playing, "ai", "buy Madrid", "--dry-run", "--message"], 0),
        (checks, ["validate", str(root / "examples" / "invalid"), signed, "nowhere.yaml"], 2),
        (checks, ["validate", "--only-logs", str(tmp_path / "notes.yaml"), two], 0),
        (checks, ["show", "nowhere.yaml"], 2),
        (checks, ["moves", two, "--kind", "nothing"], 2),
        (checks, ["play", fresh, "ann", "invest XYZ"], 1),
    ]


def test_every_json_document_says_which_it_is_and_its_section_names_its_keys(
    tmp_path: Path,
) -> None:
    """Every ``--format json`` document of both games (``hint`` and ``analyse`` above) has
    ``format`` and ``version``, and its section of docs/format.md (with the section on JSON
    output, which names the keys every document may add) names every key: however deep, but
    ``show`` and ``play`` to the keys' keys (deeper, their schemas describe them) and not
    inside ``state`` (the schema's) or ``engines`` (keyed by seat); ``play`` may name a key
    as ``show``'s section does, ``history`` a problem's as ``validate``'s does."""
    import json

    from tests.cli.test_commands import run

    common = _section("JSON output")
    formats = set()
    for title, args, status in _documents(tmp_path):
        result = run([*args, "--format", "json"])
        assert result.exit_code == status, (args, result.output)
        data = json.loads(result.stdout)
        formats.add(data["format"])
        section = _section(title) + " " + common
        assert data["version"] == 1 and f"`{data['format']}`" in section, (args, data["format"])
        shallow = args[0] in ("show", "play")
        for command, where in (("play", "`forex show"), ("history", "`forex validate")):
            if args[0] == command:  # play's pending is show's, history's problem validate's
                section += " " + _section(where)
        opaque = frozenset({"state", "engines"})
        assert _unnamed(data, section, 2 if shallow else None, opaque) == [], args
    assert formats == {
        "forex-show",
        "forex-moves",
        "forex-history",
        "forex-play",
        "forex-validate",
        "forex-error",
    }


def test_the_diff_json_section_names_every_key_of_both_games(tmp_path: Path) -> None:
    """``forex diff --format json`` says which document it is, and docs/format.md names every
    key of its documents, however deep: For-Ex's (a fork with an illegal continuation, a
    digest that stops matching, two set-ups), World Exchangers' (a copy ahead, two set-ups)
    and two logs of two games."""
    import json

    from tests.cli.test_commands import run
    from tests.every_game import copy_example

    section = _section("`forex diff --format json`")
    examples = Path(__file__).parent.parent / "examples"
    two = examples / "two-players.yaml"
    legal = copy_example(two, tmp_path / "legal", 4)
    illegal = copy_example(two, tmp_path / "illegal", 3)
    illegal.write_text(illegal.read_text("utf-8") + "  - ben: resolve\n", "utf-8")
    forged = tmp_path / "forged.yaml"
    forged.write_text(legal.read_text("utf-8").replace("0879b906b6ad945f", "a" * 16), "utf-8")
    other = tmp_path / "other.yaml"
    assert run(["new", str(other), "--players", "ada,ben", "--seed", "s"]).exit_code == 0
    three = examples / "world-exchangers" / "three-players.yaml"
    world = copy_example(three, tmp_path / "world", 3)
    ahead = copy_example(three, tmp_path / "ahead", 4)
    other_side = world.with_name("other-side.yaml")
    other_side.write_text(world.read_text("utf-8").replace("roles_side: B", "roles_side: A"))
    pairs = [
        (legal, illegal),
        (legal, forged),
        (legal, other),
        (world, ahead),
        (world, other_side),
        (legal, world),
    ]
    documents = []
    for a, b in pairs:
        result = run(["diff", str(a), str(b), "--format", "json"])
        assert result.exit_code == (0 if b == forged else 1), result.output
        documents.append(json.loads(result.stdout))
    assert {(d["format"], d["version"]) for d in documents} == {("forex-diff", 1)}
    assert '`"format": "forex-diff"`' in section and '`"version": 1`' in section
    kinds = [d["kind"] for d in documents]
    apart = "different_games"
    assert kinds == ["fork", "identical", apart, "ahead", apart, apart]
    assert documents[0]["b"]["problem"] is not None
    assert documents[1]["b"]["digest_problem"] is not None
    assert "differing" in documents[4]
    assert [_unnamed(data, section) for data in documents] == [[]] * len(documents)


def test_the_analyse_section_puts_the_file_and_folder_shapes_side_by_side(
    tmp_path: Path,
) -> None:
    """``forex analyse FOLDER --format json`` prints an array (of ``forex-analyse`` and, for
    a log that failed, ``forex-error`` documents), ``forex analyse FILE`` one object: the
    analyse section only described the object, the array was told in passing elsewhere.
    It now names both shapes, and every format the folder's array holds; the help says
    it too."""
    import json

    from tests.cli.test_commands import run

    section = _section("`forex hint --format json` and")
    assert "`forex analyse FILE --format json`" in section
    assert "`forex analyse FOLDER --format json`: a JSON array" in section
    examples = Path(__file__).parent.parent / "examples"
    folder = tmp_path / "games"
    folder.mkdir()
    (folder / "a.yaml").write_bytes((examples / "two-players.yaml").read_bytes())
    (folder / "b.yaml").write_bytes((examples / "invalid" / "bad-notation.yaml").read_bytes())
    options = ["--simulations", "5", "--to", "1", "--processes", "1", "--format", "json"]
    result = run(["analyse", str(folder), *options])
    documents = json.loads(result.stdout)
    assert isinstance(documents, list) and result.exit_code == 1
    assert [d["format"] for d in documents] == ["forex-analyse", "forex-error"]
    assert all(f"`{d['format']}`" in section for d in documents)
    helped = " ".join(run(["analyse", "--help"]).stdout.split())
    assert "FILE may be a folder" in helped and "--format json: an array" in helped
