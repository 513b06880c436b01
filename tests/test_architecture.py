"""The shape of forexcli's import graph, read from the source (every import, also those inside
functions and under ``TYPE_CHECKING``): no circles of modules nor of packages, no module
taking another's underscore names, ``record/`` knowing no game and no reporter, nothing
outside a game's folder importing the game, and no module standing in for another.

What is left today is listed below, each entry with why it is there and what removes it.  The
lists may only shrink: an entry that is no longer needed fails too, so that it is deleted.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from msgspec import Struct

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = "forexcli"

ALLOWED_CIRCLES: dict[frozenset[str], str] = {}
"""Each circle (the modules of one strongly connected component) and why it is left."""

ALLOWED_PRIVATE: dict[tuple[str, str], tuple[frozenset[str], str]] = {}
"""(importer, imported module) -> the underscore names it takes (by import or as an attribute
of the imported module), and why."""

GAME_INTERFACE = frozenset({"forexcli.games", "forexcli.games.base", "forexcli.games.defaults"})
"""What ``record/`` may import of ``games/``: the interface and its registry."""

ALLOWED_RECORD_TO_GAME: dict[tuple[str, str], str] = {}
"""(record module, game module) -> why ``record/`` still imports it."""

GAMES = tuple(
    f"forexcli.games.{folder.name}"
    for folder in sorted((ROOT / PACKAGE / "games").iterdir())
    if (folder / "__init__.py").is_file()
)
"""Each game's folder (every package under ``forexcli/games/``): nothing outside it imports
it (another game neither); the frame reaches a game through the registry
(``forexcli.games.get``) and ``games/base.py``."""

ALLOWED_INTO_GAME: dict[tuple[str, str], str] = {}
"""(importer outside a game's folder, module of the game) -> why it is still imported."""

PACKAGES = GAMES
"""Packages deeper than ``forexcli.<name>`` that count as packages of their own; every other
module belongs to ``forexcli.<name>`` (a top-level module is a package of its own)."""

ALLOWED_PACKAGE_CIRCLES: dict[frozenset[str], str] = {}
"""Each circle of packages (a strongly connected component of the package graph) and why it is
left."""

ALLOWED_RECORD_TO_REPORTERS: dict[tuple[str, str], str] = {}
"""(record module, reporter module) -> why ``record/`` still imports it: logs as data come
before any report of them."""


class Import(Struct, frozen=True):
    """One imported module (with the name taken from it, if not the module itself)."""

    importer: str
    module: str
    name: str | None
    line: int


def _modules() -> dict[str, Path]:
    """Every module of the package by dotted name (a package by its ``__init__.py``)."""
    found = {}
    for path in sorted((ROOT / PACKAGE).rglob("*.py")):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


@cache
def _tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), str(path))


def _resolved(importer: str, path: Path, node: ast.ImportFrom) -> str:
    """The absolute module name a ``from ... import`` names."""
    if not node.level:
        return node.module or ""
    base = importer.split(".")
    if path.name != "__init__.py":
        base.pop()
    base = base[: len(base) - (node.level - 1)]
    return ".".join([*base, node.module] if node.module else base)


def _imports_of(importer: str, path: Path, modules: dict[str, Path]) -> Iterator[Import]:
    bound: dict[str, str] = {}  # local name -> the package module it is bound to
    private_attributes: list[ast.Attribute] = []  # ``name._attribute``, ``name`` perhaps bound
    for node in ast.walk(_tree(path)):
        if isinstance(node, ast.Attribute):
            if isinstance(node.value, ast.Name) and node.attr.startswith("_"):
                private_attributes.append(node)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == PACKAGE:
                    if alias.asname:
                        bound[alias.asname] = alias.name
                    yield Import(importer, alias.name, None, node.lineno)
        elif isinstance(node, ast.ImportFrom):
            module = _resolved(importer, path, node)
            if module.split(".")[0] != PACKAGE:
                continue
            for alias in node.names:
                submodule = f"{module}.{alias.name}"
                if submodule in modules:
                    bound[alias.asname or alias.name] = submodule
                    yield Import(importer, submodule, None, node.lineno)
                else:
                    yield Import(importer, module, alias.name, node.lineno)
    for node in private_attributes:
        assert isinstance(node.value, ast.Name)
        if node.value.id in bound:
            yield Import(importer, bound[node.value.id], node.attr, node.lineno)


@cache
def imports() -> tuple[Import, ...]:
    """Every import of a module of the package by one of its modules."""
    modules = _modules()
    return tuple(
        found for name, path in modules.items() for found in _imports_of(name, path, modules)
    )


def graph() -> dict[str, set[str]]:
    """Each module and the modules of the package it imports (itself left out)."""
    modules = _modules()
    edges: dict[str, set[str]] = {name: set() for name in modules}
    for found in imports():
        target = found.module
        while target not in modules and "." in target:
            target = target.rpartition(".")[0]
        if target != found.importer:
            edges[found.importer].add(target)
    return edges


def circles(edges: dict[str, set[str]]) -> list[frozenset[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm,
    without recursion)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found = []
    for start in sorted(edges):
        if start in index:
            continue
        work = [(start, iter(sorted(edges[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, successors = work[-1]
            for successor in successors:
                if successor not in index:
                    index[successor] = low[successor] = len(index)
                    stack.append(successor)
                    on_stack.add(successor)
                    work.append((successor, iter(sorted(edges[successor]))))
                    break
                if successor in on_stack:
                    low[node] = min(low[node], index[successor])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = set()
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.add(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(frozenset(component))
    return found


def private_imports() -> dict[tuple[str, str], set[str]]:
    """(importer, imported module) -> the underscore names it takes from that module."""
    found: dict[tuple[str, str], set[str]] = {}
    for each in imports():
        name = each.name or ""
        private = name.startswith("_") and not name.startswith("__")
        if private and each.module != each.importer:
            found.setdefault((each.importer, each.module), set()).add(name)
    return found


def record_to_game() -> set[tuple[str, str]]:
    """(record module, game module) for each import of a game by ``record/``."""
    return {
        (importer, imported)
        for importer, targets in graph().items()
        if importer.startswith("forexcli.record")
        for imported in targets
        if imported.startswith("forexcli.games") and imported not in GAME_INTERFACE
    }


def _game_of(module: str) -> str | None:
    """The game folder ``module`` is in, if any."""
    return next((g for g in GAMES if module == g or module.startswith(g + ".")), None)


def into_games() -> set[tuple[str, str]]:
    """(importer, imported module) for each import of a game from outside its folder."""
    return {
        (importer, imported)
        for importer, targets in graph().items()
        for imported in targets
        if _game_of(imported) is not None and _game_of(importer) != _game_of(imported)
    }


def package_of(module: str) -> str:
    """The package a module counts in: one of ``PACKAGES``, else ``forexcli.<name>``."""
    deep = next((p for p in PACKAGES if module == p or module.startswith(p + ".")), None)
    return deep or ".".join(module.split(".")[:2])


def package_graph() -> dict[str, set[str]]:
    """Each package and the other packages its modules import."""
    edges: dict[str, set[str]] = {}
    for importer, targets in graph().items():
        mine = package_of(importer)
        edges.setdefault(mine, set())
        for target in targets:
            theirs = package_of(target)
            edges.setdefault(theirs, set())
            if theirs != mine:
                edges[mine].add(theirs)
    return edges


def record_to_reporters() -> set[tuple[str, str]]:
    """(record module, reporter module) for each import of a reporter by ``record/``."""
    return {
        (importer, imported)
        for importer, targets in graph().items()
        if package_of(importer) == "forexcli.record"
        for imported in targets
        if package_of(imported) == "forexcli.reporters"
    }


def _listed(found: set[Any], allowed: dict[Any, str], name: str) -> None:
    """``found`` is within ``allowed``, and every entry of ``allowed`` is still found."""
    assert found - allowed.keys() == set(), f"not allowed (see {name})"
    assert allowed.keys() - found == set(), f"gone: remove it from {name}"


# --------------------------------------------------------------------------- the reader itself


def test_the_reader_finds_imports_inside_functions_and_relative_ones() -> None:
    edges = graph()
    assert "forexcli.record.problems" in edges["forexcli.reporters"]  # inside clean()
    assert "forexcli.games.forex.rules" in edges["forexcli.games.forex.views.common"]
    assert "forexcli.games.forex.rules.board" in edges["forexcli.games.forex.rules.rules"]


def test_packages_are_the_games_and_the_top_level_names() -> None:
    assert package_of("forexcli.games.forex.views.show") == "forexcli.games.forex"
    assert package_of("forexcli.games.base") == "forexcli.games"
    assert package_of("forexcli.record.mail") == "forexcli.record"
    assert package_of("forexcli.cluster") == "forexcli.cluster"
    assert package_of("forexcli") == "forexcli"


def test_circles_are_found() -> None:
    edges = {"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": set(), "e": {"e", "d"}}
    assert circles(edges) == [frozenset("abc")]
    assert circles({"a": {"b"}, "b": set()}) == []


# --------------------------------------------------------------------------- the contracts


def test_the_import_graph_has_no_circle_but_the_listed_ones() -> None:
    found = set(circles(graph()))
    assert found - ALLOWED_CIRCLES.keys() == set(), "a new import circle"
    assert ALLOWED_CIRCLES.keys() - found == set(), "gone: remove it from ALLOWED_CIRCLES"


def test_no_module_takes_another_modules_underscore_names_but_the_listed_ones() -> None:
    found = private_imports()
    new = {
        pair: sorted(names - ALLOWED_PRIVATE.get(pair, (frozenset(), ""))[0])
        for pair, names in found.items()
    }
    assert {pair: names for pair, names in new.items() if names} == {}, (
        "make the name public where it is defined"
    )
    gone = {
        pair: sorted(names - found.get(pair, set()))
        for pair, (names, _why) in ALLOWED_PRIVATE.items()
    }
    assert {pair: names for pair, names in gone.items() if names} == {}, (
        "no longer taken: remove it from ALLOWED_PRIVATE"
    )


def test_record_imports_no_game_but_the_listed_imports() -> None:
    found = record_to_game()
    assert found - ALLOWED_RECORD_TO_GAME.keys() == set(), (
        "record/ may import only games/base.py's interface and the registry"
    )
    assert ALLOWED_RECORD_TO_GAME.keys() - found == set(), (
        "gone: remove it from ALLOWED_RECORD_TO_GAME"
    )


def test_no_module_stands_in_for_another() -> None:
    """The old alias modules put the real module into ``sys.modules`` under their own name;
    every module is now imported from where it lives."""
    for name, path in _modules().items():
        for node in ast.walk(_tree(path)):
            if isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Store):
                assert ast.unparse(node.value) != "sys.modules", (name, node.lineno)


def test_nothing_outside_a_games_folder_imports_it_but_the_listed_imports() -> None:
    _listed(into_games(), ALLOWED_INTO_GAME, "ALLOWED_INTO_GAME")


def test_the_packages_form_no_circle_but_the_listed_ones() -> None:
    _listed(set(circles(package_graph())), ALLOWED_PACKAGE_CIRCLES, "ALLOWED_PACKAGE_CIRCLES")


def test_record_imports_no_reporter_but_the_listed_imports() -> None:
    _listed(record_to_reporters(), ALLOWED_RECORD_TO_REPORTERS, "ALLOWED_RECORD_TO_REPORTERS")


def test_every_allowed_entry_says_why_and_what_removes_it() -> None:
    for allowed in (ALLOWED_INTO_GAME, ALLOWED_PACKAGE_CIRCLES, ALLOWED_RECORD_TO_REPORTERS):
        for why in allowed.values():
            assert "removed" in why, why


# --------------------------------------------------------------------------- probes

FRAME = (
    "forexcli.cli",
    "forexcli.record",
    "forexcli.reporters",
    "forexcli.pages",
    "forexcli.search",
    "forexcli.hosting",
    "forexcli.replies",
)
"""The frame's packages and modules: they call a game's methods (and its advisor's), with
``games.base.BaseGame``'s and ``AdvisorDefaults``' defaults, instead of asking which it has."""

MAX_PROBES = 0
"""How many capability probes the frame may hold (48 when issue 44 was filed; the issue's
bound is 10); may only shrink."""


INTERFACE_CLASSES = (
    *("Game", "BaseGame", "Rules", "Writes"),
    *("Advisor", "AdvisorDefaults", "Searches", "Seated", "Searchable"),
)
"""The classes of ``games/base.py`` and ``games/defaults.py`` whose members a probe names."""


def _interface_names() -> tuple[frozenset[str], frozenset[str]]:
    """The Protocols of ``games/base.py``, and every member of its ``Game`` and of the
    advisor's interface (``Advisor`` and what it builds on)."""
    protocols = set()
    members = set()
    body = [*_tree(ROOT / PACKAGE / "games" / "base.py").body]
    body += _tree(ROOT / PACKAGE / "games" / "defaults.py").body
    for node in body:
        if isinstance(node, ast.ClassDef):
            if any("Protocol" in ast.unparse(b) for b in node.bases):
                protocols.add(node.name)
            if node.name in INTERFACE_CLASSES:
                for item in node.body:
                    if isinstance(item, ast.FunctionDef):
                        members.add(item.name)
                    elif isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name):
                        members.add(item.target.id)
    return frozenset(protocols), frozenset(members)


def capability_probes() -> list[tuple[str, int, str]]:
    """(module, line, source) of each ``isinstance`` on a ``games.base`` Protocol and each
    ``getattr``/``hasattr`` naming a member of ``Game``, in the frame's packages."""
    protocols, members = _interface_names()
    found = []
    for name, path in _modules().items():
        if not name.startswith(FRAME):
            continue
        for node in ast.walk(_tree(path)):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
                continue
            args = node.args
            if node.func.id == "isinstance" and len(args) == 2:
                named = ast.unparse(args[1]).rpartition(".")[2]
                if named in protocols:
                    found.append((name, node.lineno, ast.unparse(node)))
            elif (
                node.func.id in ("getattr", "hasattr")
                and len(args) >= 2
                and isinstance(args[1], ast.Constant)
                and args[1].value in members
            ):
                found.append((name, node.lineno, ast.unparse(node)))
    return found


def test_the_reader_finds_probes() -> None:
    protocols, members = _interface_names()
    assert {"Game", "Searchable", "Rules", "Writes"} <= protocols
    assert {"message", "advisor", "show_text", "cosigner", "write", "key"} <= members
    assert {"entry_without", "weigh_chances", "determinize", "mover"} <= members


def test_the_frame_calls_a_game_without_probing_it() -> None:
    probes = capability_probes()
    assert len(probes) <= MAX_PROBES, probes


def test_write_and_key_are_declared_once() -> None:
    """``Game``, ``Searchable`` and the advisor's ``Searches`` share ``Writes``; the interface
    declares each method once (``BaseGame`` gives the defaults)."""
    tree = _tree(ROOT / PACKAGE / "games" / "base.py")
    declared: dict[str, list[str]] = {}
    for node in tree.body:
        protocol = isinstance(node, ast.ClassDef) and any(
            "Protocol" in ast.unparse(base) for base in node.bases
        )
        if isinstance(node, ast.ClassDef) and protocol:
            for item in node.body:
                if isinstance(item, ast.FunctionDef):
                    declared.setdefault(item.name, []).append(node.name)
    assert declared["write"] == ["Writes"] and declared["key"] == ["Writes"]
    assert {name: where for name, where in declared.items() if len(where) > 1} == {}


# --------------------------------------------------------------------------- the map


ARCHITECTURE = ROOT / "docs" / "architecture.md"


EVERY_GAME = "forexcli.games.*"
"""How the layer map names every game's folder (``GAMES``) at once."""


def layer_map() -> dict[str, int]:
    """Each package docs/architecture.md's layer table names (``EVERY_GAME``: each of
    ``GAMES``), with its layer."""
    text = ARCHITECTURE.read_text(encoding="utf-8")
    table = text[text.index("| layer | packages |") :].split("\n\n")[0]
    layers: dict[str, int] = {}
    for row in table.splitlines()[2:]:
        cells = row.split("|")
        named = re.findall(r"`(forexcli[a-z.]*\*?)`", cells[2])
        for package in [p for name in named for p in (GAMES if name == EVERY_GAME else [name])]:
            assert package not in layers, f"{package} is in two layers"
            layers[package] = int(cells[1])
    return layers


def test_the_layer_map_names_the_games_by_one_pattern() -> None:
    """A new game's folder is in the map without a change to it: the games' layer is
    ``forexcli.games.*`` (every folder of ``GAMES``), and names no game by itself."""
    text = ARCHITECTURE.read_text(encoding="utf-8")
    table = text[text.index("| layer | packages |") :].split("\n\n")[0]
    named = {
        name
        for row in table.splitlines()[2:]
        for name in re.findall(r"`(forexcli[a-z.*]*)`", row.split("|")[2])
    }
    assert EVERY_GAME in named and not named & set(GAMES)
    assert {layer_map()[game] for game in GAMES} == {layer_map()["forexcli.games.forex"]}


def test_the_layer_map_names_every_package_and_only_packages() -> None:
    layers = layer_map()
    assert "forexcli.record" in layers and "forexcli.cli" in layers  # the table was read
    assert set(layers) == set(package_graph()), "docs/architecture.md's layer map is stale"
    assert set(GAMES) <= set(layers)


def test_every_import_points_down_the_layer_map() -> None:
    """An import goes to a lower layer, but for the imports between games that
    ``ALLOWED_INTO_GAME`` lists."""
    layers = layer_map()
    allowed = {(package_of(a), package_of(b)) for a, b in ALLOWED_INTO_GAME}
    upward = {
        (mine, theirs)
        for mine, targets in package_graph().items()
        for theirs in targets
        if layers[theirs] >= layers[mine] and (mine, theirs) not in allowed
    }
    assert upward == set(), "an import that does not point down docs/architecture.md's map"


def test_the_glossary_gives_each_word_one_meaning() -> None:
    text = ARCHITECTURE.read_text(encoding="utf-8")
    glossary = text[text.index("| word | means |") :]
    words = [row.split("|")[1].strip() for row in glossary.splitlines()[2:] if row.startswith("|")]
    assert len(words) == len(set(words)) and {"engine", "rules core", "view", "views"} <= set(words)


# --------------------------------------------------------------------------- game words

GAME_WORDS = re.compile(
    r"For-Ex|World Exchangers|world-exchangers|\"for-ex\"|worldex|\bspot\b", re.IGNORECASE
)
"""A game's name, or a word of For-Ex's rules the frame once used for every game (spot)."""

FRAME_FILES = ("cli", "record", "reporters", "pages", "search", "hosting.py", "replies.py")
"""The frame's folders and modules under ``forexcli/`` whose text is checked for game words."""

ALLOWED_GAME_WORDS: dict[str, int] = {}
"""How many lines of each frame file (``.py``, ``.js``, ``.j2``, ``.css``) name a game or a word
of its rules (issue 44's "no game data in the frame"): none.  Everything comes from the game:
``Game.title``, ``Game.agreement_words``, ``Game.new_options``, ``Game.help_texts`` (each
game's part of a command's help, where the help writes ``{games:TOPIC}``; ``forex --help``'s
names of the games and its examples too, read from the modules the registry lines name, so
that it imports no game).  Each count may only shrink."""


def game_words(root: Path = ROOT) -> dict[str, int]:
    """Each frame file (under ``root``) with lines that name a game or its rules' words, and
    how many."""
    found = {}
    for name in FRAME_FILES:
        base = root / PACKAGE / name
        paths = sorted(base.rglob("*")) if base.is_dir() else [base]
        for path in paths:
            if path.is_file() and path.suffix in (".py", ".js", ".j2", ".css"):
                text = path.read_text(encoding="utf-8")
                lines = sum(1 for line in text.splitlines() if GAME_WORDS.search(line))
                if lines:
                    found[str(path.relative_to(root))] = lines
    return found


def test_the_reader_finds_game_words(tmp_path: Path) -> None:
    assert GAME_WORDS.search("a spot deal") and not GAME_WORDS.search("spotless")
    assert not GAME_WORDS.search("unagreed_spot")  # a code is the format's, not a word
    (tmp_path / PACKAGE / "record").mkdir(parents=True)
    (tmp_path / PACKAGE / "record" / "x.py").write_text('"World Exchangers"\n\n# a spot\n')
    (tmp_path / PACKAGE / "hosting.py").write_text("# forex: the command's name, not a game's\n")
    assert game_words(tmp_path) == {"forexcli/record/x.py": 2}


def test_the_frame_names_games_no_more_than_listed() -> None:
    found = game_words()
    grown = {f: n for f, n in found.items() if n > ALLOWED_GAME_WORDS.get(f, 0)}
    assert grown == {}, "a game's word in the frame: take it from the game (Game.title ...)"
    shrunk = {f: n for f, n in ALLOWED_GAME_WORDS.items() if found.get(f, 0) < n}
    assert shrunk == {}, "fewer game words: lower ALLOWED_GAME_WORDS to what is found"


RULE_WORDS = re.compile(
    r"(?-i:For-Ex|World Exchangers)|certificat|currenc|bankrupt|\binvest|divest"
    r"|\b(loans?|spot|dividends?|queued?|supply|cash|deck|deals?|contracts?|investors?|traders?"
    r"|cities|media)\b"
    r"|\b(GBP|USD|JPY|EUR|CNY|CHF|AUD)\b",
    re.IGNORECASE,
)
"""Words of the shipped games' rules (For-Ex's and World Exchangers'), and their names as a
sentence writes them (``for-ex``, the default ``--game``, is the registry's name)."""


def help_pages() -> dict[str, str]:
    """``forex --help`` (as ``forex``) and each command's ``--help``, as the registered games
    make them."""
    from click.testing import CliRunner

    from forexcli.cli import forex

    runner = CliRunner()
    shown = runner.invoke(forex, ["--help"], env={"COLUMNS": "100"})
    assert shown.exit_code == 0, shown.output
    pages = {"forex": shown.output}
    for name in sorted(forex.commands):
        result = runner.invoke(forex, [name, "--help"], env={"COLUMNS": "100"})
        assert result.exit_code == 0, result.output
        pages[name] = result.output
    return pages


def test_the_help_names_no_games_rules_but_those_of_the_registered_games(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With the toy alone registered, neither ``forex --help`` nor a command's help speaks of
    For-Ex's or World Exchangers' things (certificates, loans, a spot deal, the deck ...): the
    frame's help is game-free, and each game's part comes from the game (``Game.help_texts``,
    ``new_options``, ``move_kinds``: ``{games:TOPIC}``).  With the shipped games, their words
    are there."""
    from forexcli import games

    shipped = help_pages()
    assert RULE_WORDS.search(shipped["new"])  # For-Ex's and World Exchangers' parts
    assert RULE_WORDS.search(shipped["forex"])  # their names and examples
    monkeypatch.setattr(games, "_REGISTRY", {})
    monkeypatch.setattr(games, "_HELP_SOURCES", {})
    games.register("counting", "forexcli.games.counting:COUNTING")
    found = {
        f"{name}: {line.strip()}"
        for name, page in help_pages().items()
        for line in page.splitlines()
        if RULE_WORDS.search(line)
    }
    assert sorted(found) == []


def test_a_games_rules_and_notation_import_only_the_interface_and_the_words() -> None:
    """A game's rules core and its notation are its pure core: of the frame they take only
    the package ``forexcli.games`` (the interface, its defaults, the registry, the seeded
    draw) and the words of a hint (``forexcli.words``), not the record layer."""
    pure = ("forexcli.games", "forexcli.words")
    found = {
        (importer, imported)
        for importer, targets in graph().items()
        if _game_of(importer) is not None
        and re.search(r"\.(rules|notation)(\.|$)", importer.removeprefix(_game_of(importer) or ""))
        for imported in targets
        if _game_of(imported) != _game_of(importer) and package_of(imported) not in pure
    }
    assert found == set()


# --------------------------------------------------------------------------- the tests

ALLOWED_DUPLICATE_TESTS: dict[str, str] = {}
"""A test name defined in more than one test module, and why (a capability test runs once
over every game, in ``tests/test_every_game.py``, not as a copy per game)."""


def test_no_test_name_is_written_twice() -> None:
    found: dict[str, list[str]] = {}
    for path in sorted((ROOT / "tests").rglob("test_*.py")):
        for node in _tree(path).body:
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                found.setdefault(node.name, []).append(str(path.relative_to(ROOT)))
    twice = {name for name, where in found.items() if len(where) > 1}
    _listed(twice, ALLOWED_DUPLICATE_TESTS, "ALLOWED_DUPLICATE_TESTS")


# --------------------------------------------------------------------------- the page's style

PAGE_SOURCES = (".py", ".js", ".j2")
"""The files that give a page its ids and classes: its templates, its script, its Python."""


def page_names(path: Path) -> set[str]:
    """The words (``[A-Za-z][\\w-]*``) of the strings of ``path``, where its ids and classes
    are (``class="rate s3"``, ``{ "class": "terms" }``, ``f'<rect class="strip"'``): of a
    Python file its string constants but the docstrings, of a template or a script its quoted
    strings."""
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".py":
        tree = ast.parse(text)
        docstrings = {
            id(node.body[0].value)
            for node in ast.walk(tree)
            if isinstance(node, ast.Module | ast.FunctionDef | ast.ClassDef)
            and node.body
            and isinstance(node.body[0], ast.Expr)
        }
        strings = [
            node.value
            for node in ast.walk(tree)
            if isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in docstrings
        ]
    else:
        strings = [a or b for a, b in re.findall(r'"([^"\n]*)"|\'([^\'\n]*)\'', text)]
    return {word for string in strings for word in re.findall(r"[A-Za-z][\w-]*", string)}


def folder_names(folder: Path) -> set[str]:
    """The words of the strings of every page source in ``folder``."""
    return set().union(*(page_names(p) for p in folder.iterdir() if p.suffix in PAGE_SOURCES))


def stylesheet_names(css: str) -> set[str]:
    """The ids and classes the selectors of ``css`` name (``#queue td.terms``: queue, terms)."""
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    rules = re.findall(r"([^{}]*)\{[^{}]*\}", css)
    selectors = [re.sub(r"\[[^\]]*\]", "", rule) for rule in rules]
    return {name for each in selectors for name in re.findall(r"[.#]([A-Za-z][\w-]*)", each)}


def test_the_reader_finds_the_names_of_a_stylesheet_and_of_a_page(tmp_path: Path) -> None:
    css = '/* .f */ .a, #b td.c { color: red; }\n@media print { .d[data-x=".e"] { x: 1.5rem; } }'
    assert stylesheet_names(css) == {"a", "b", "c", "d"}
    script = tmp_path / "page.js"
    script.write_text('el("td", { "class": "rate s" + n, id: "board" }, [text]);\n')
    assert page_names(script) == {"td", "class", "rate", "s", "board"}
    module = tmp_path / "page.py"
    module.write_text(
        '"""The queue."""\ndef f():\n    """terms"""\n    return f\'<b class="strip"\'\n'
    )
    assert page_names(module) == {"b", "class", "strip"}


def test_the_frames_stylesheet_names_nothing_of_one_game_alone() -> None:
    """``pages/replay.css`` is every game's: each id and class it names is the frame's page's
    (``replay.html.j2``, ``replay.js``, ``pages/*.py``) or more than one game's; one game's
    alone goes to the game's own stylesheet (``games/GAME/page/GAME.css``), and a name no page
    gives (built at run time, ``s3``) too."""
    frame = folder_names(ROOT / PACKAGE / "pages")
    games = {
        folder.parent.name: folder_names(folder)
        for folder in sorted((ROOT / PACKAGE / "games").glob("*/page"))
    }
    assert len(games) >= 2
    css = (ROOT / PACKAGE / "pages" / "replay.css").read_text(encoding="utf-8")
    alone = {
        name: [game for game, names in games.items() if name in names]
        for name in stylesheet_names(css) - frame
    }
    assert {name: users for name, users in alone.items() if len(users) < 2} == {}
