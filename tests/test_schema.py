"""The published JSON Schema: generated, well formed, described, and in step with the loader."""

from __future__ import annotations

import copy
import json
import math
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from forexcli.games.forex import logcheck, schema_source
from forexcli.games.forex.logcheck import FAST_VALIDATOR
from forexcli.games.forex.notation import KINDS, SCHEMA_PATTERNS
from forexcli.games.forex.rules import HouseRules
from forexcli.games.forex.schema_source import PLAYER_NAME_PATTERN
from forexcli.record import fastpath, yamlread

ROOT = Path(__file__).resolve().parent.parent
SCHEMA_FILE = ROOT / "schemas" / "forex-log.schema.json"
SAMPLES = sorted((ROOT / "tests" / "logs" / "valid").glob("*.yaml")) + sorted(
    (ROOT / "examples").glob("*.yaml")
)


def schema() -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))
    return loaded


def test_the_committed_schema_is_the_generated_one() -> None:
    assert SCHEMA_FILE.read_text(encoding="utf-8") == schema_source.render()
    # The copy shipped in the package is the same file.
    assert logcheck.log_schema() == schema()


def test_the_schema_is_valid_draft_2020_12() -> None:
    data = schema()
    Draft202012Validator.check_schema(data)
    assert data["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert data["$id"] == schema_source.LOG_SCHEMA_ID
    assert data["title"] and data["description"]


def _walk(node: Any, where: str) -> list[str]:
    """Places of properties (and definitions) that have no description."""
    missing = []
    if isinstance(node, dict):
        for group in ("properties", "$defs"):
            for name, sub in node.get(group, {}).items():
                if not (isinstance(sub, dict) and sub.get("description")):
                    missing.append(f"{where}/{group}/{name}")
        if isinstance(node.get("propertyNames"), dict) and not node["propertyNames"].get(
            "description"
        ):
            missing.append(f"{where}/propertyNames")
        for key, value in node.items():
            missing.extend(_walk(value, f"{where}/{key}"))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            missing.extend(_walk(value, f"{where}/{index}"))
    return missing


def test_every_property_has_a_description() -> None:
    assert _walk(schema(), "#") == []
    # ... and the walk does look everywhere.
    nested: dict[str, Any] = {"properties": {"a": {"properties": {"b": {}}}}}
    assert _walk(nested, "#") == ["#/properties/a", "#/properties/a/properties/b"]


def test_one_sub_schema_per_decision_kind() -> None:
    decision = schema()["$defs"]["decision"]
    conditions = decision["allOf"]
    assert [c["if"]["pattern"] for c in conditions] == [f"^{kind}( |$(?!\\n))" for kind in KINDS]
    assert [c["then"]["pattern"] for c in conditions] == [SCHEMA_PATTERNS[k] for k in KINDS]
    assert all(c["then"]["description"] for c in conditions)


def _errors(data: Any) -> list[Any]:
    return list(Draft202012Validator(schema()).iter_errors(data))


def _size_conditions() -> list[dict[str, Any]]:
    """The one-player rule written plainly: a condition for each set of reserved keys."""
    from itertools import combinations

    keys = schema_source.RESERVED_ENTRY_KEYS
    rules: list[dict[str, Any]] = []
    for size in range(len(keys) + 1):
        for present in combinations(keys, size):
            absent = [k for k in keys if k not in present]
            condition: dict[str, Any] = {"required": list(present)}
            if absent:
                condition["not"] = {"anyOf": [{"required": [k]} for k in absent]}
            count = size + 1
            then = {"maxProperties": count, "minProperties": count} if present else {}
            rules.append({"if": condition, "then": then or {"maxProperties": 1}})
    return rules


def _entry_errors(entry_schema: dict[str, Any], entry: dict[str, Any]) -> list[tuple[Any, ...]]:
    errors = Draft202012Validator(entry_schema).iter_errors(entry)
    return sorted(
        (e.validator, e.validator_value, e.message, tuple(e.absolute_path)) for e in errors
    )


@given(
    st.dictionaries(
        st.sampled_from(["note", "digest", "sig", "alice", "bob", "carol"]),
        st.just("x"),
        max_size=6,
    )
)
def test_the_entry_size_tree_gives_the_errors_of_one_condition_a_key_set(
    entry: dict[str, Any],
) -> None:
    """The published entry schema's size conditions give the errors of the plain ones for any key
    set, and accept an entry exactly when it has one key that is not reserved."""
    entry_schema = schema()["$defs"]["entry"]
    published = {k: v for k, v in entry_schema.items() if k in ("allOf", "minProperties")}
    plain = {"allOf": _size_conditions(), "minProperties": 1}
    assert _entry_errors(published, entry) == _entry_errors(plain, entry)
    assert Draft202012Validator(published).is_valid(entry) == (
        len([k for k in entry if k not in schema_source.RESERVED_ENTRY_KEYS]) == 1
    )


def test_a_wrong_field_is_reported_at_that_field() -> None:
    data = {
        "forex": 1,
        "players": ["alice", "bob"],
        "seed": "x",
        "moves": [
            {"alice": "resolve"},
            {"alice": "contract 2 EUR for X CHF", "note": "fine"},
            {"bob": "invest USD", "digest": "not hex"},
        ],
    }
    errors = sorted(_errors(data), key=lambda e: list(e.absolute_path))
    assert [list(e.absolute_path) for e in errors] == [
        ["moves", 1, "alice"],
        ["moves", 2, "digest"],
    ]
    contract = errors[0]
    # Reported by the contract sub-schema alone (chosen by the decision's first word).
    index = KINDS.index("contract")
    assert list(contract.absolute_schema_path)[-4:] == ["allOf", index, "then", "pattern"]


def test_house_rules_follow_the_engine() -> None:
    house = schema()["properties"]["house_rules"]
    assert house["additionalProperties"] is False
    assert {k: tuple(v["enum"]) for k, v in house["properties"].items()} == HouseRules.OPTIONS


def test_the_editor_modeline_is_documented_and_resolves() -> None:
    modeline = "# yaml-language-server: $schema=../schemas/forex-log.schema.json"
    docs = (ROOT / "docs" / "format.md").read_text(encoding="utf-8")
    assert modeline in docs
    target = (ROOT / "examples" / modeline.split("=", 1)[1]).resolve()
    assert target == SCHEMA_FILE
    # The golden annotated log carries one too, relative to its own folder.
    annotated = (ROOT / "tests" / "logs" / "valid" / "annotated.yaml").read_text()
    first = annotated.splitlines()[0]
    assert first.startswith("# yaml-language-server: $schema=")
    assert (ROOT / "tests" / "logs" / "valid" / first.split("=", 1)[1]).resolve() == SCHEMA_FILE


# --------------------------------------------------------------------------- fast check

_VALID_DOCS = [yamlread.read(p.read_text(encoding="utf-8-sig")).data for p in SAMPLES]

_ODD_VALUES = st.sampled_from(  # copied when drawn: some are mutable
    [
        None,
        True,
        False,
        0,
        1,
        -1,
        6,
        7,
        2**70,
        1.5,
        math.nan,
        math.inf,
        "",
        " ",
        "x" * 201,
        "x" * 20001,
        "resolve",
        "invest USD",
        "invest XYZ",
        "contract 2 EUR for 3 USD",
        "spot 1 USD to bob for 2 JPY; resolve",
        "sell 1 USD",
        "alice",
        "bob",
        "note",
        "digest",
        "a:b",
        "\x1b[2J",
        "0123456789abcdef",
        "0123456789ABCDEF",
        "\x85alice",  # Python's \s holds U+0085, ECMA-262's does not
        "alice\x85",
        "\ufeffbob",  # ECMA-262's \s holds U+FEFF, Python's does not
        "bob\n",  # Python's $ matches before a final line break
        "resolve\n",
        "\u00a0carol",
        "dave\u2028",
        "é" * 33,
        True,
        1.0,
        "each",
        "total",
        "keep",
        [],
        {},
        ["alice"],
        {"alice": "resolve"},
        {"note": "x"},
        {"GBP": 6},
    ]
).map(copy.deepcopy)


def _paths(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [prefix]
    if isinstance(node, dict):
        for key, value in node.items():
            found.extend(_paths(value, (*prefix, key)))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            found.extend(_paths(value, (*prefix, index)))
    return found


@st.composite
def near_valid(draw: st.DrawFn) -> Any:
    """A valid log's data with a few random changes."""
    data = copy.deepcopy(draw(st.sampled_from(_VALID_DOCS)))
    for _ in range(draw(st.integers(1, 3))):
        paths = _paths(data)
        path = draw(st.sampled_from(paths))
        parent: Any = data
        for part in path[:-1]:
            parent = parent[part]
        action = draw(st.sampled_from(["set", "delete", "add", "rename", "copy"]))
        if not path:
            continue
        last = path[-1]
        if action == "set":
            parent[last] = draw(_ODD_VALUES)
        elif action == "delete":
            del parent[last]
        elif action == "add" and isinstance(parent, dict):
            parent[
                draw(st.sampled_from(["note", "digest", "sig", "keys", "x", "alice", "GBP"]))
            ] = draw(_ODD_VALUES)
        elif action == "add" and isinstance(parent, list):
            parent.insert(last, draw(_ODD_VALUES))
        elif action == "rename" and isinstance(parent, dict):
            value = parent.pop(last)
            parent[draw(st.sampled_from(["note", "Alice", "seed", "removed", "x y", ""]))] = value
        elif action == "copy" and isinstance(parent, list):
            parent.append(copy.deepcopy(parent[last]))
    return data


@pytest.mark.slow
@settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(near_valid())
def test_compiled_validator_never_accepts_what_jsonschema_refuses(data: Any) -> None:
    """The compiled validator (the fast path) accepts a near-valid log or entry only if
    jsonschema finds no error in it."""
    errors = _errors(data)
    if FAST_VALIDATOR.surely_valid(data):
        assert errors == [], [e.message for e in errors]
    moves = data.get("moves") if isinstance(data, dict) else None
    if isinstance(moves, list):
        entry_validator = logcheck._entry_validator()
        for entry in moves:
            if FAST_VALIDATOR.surely_valid(entry, "entry"):
                assert list(entry_validator.iter_errors(entry)) == []


@pytest.mark.slow
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(near_valid())
def test_the_loader_finds_what_plain_jsonschema_finds(data: Any) -> None:
    """The loader's split check (header, then doubtful entries) agrees with one full check."""
    errors = _errors(data)
    doc = yamlread.Document(data, "")
    problems = logcheck.schema_problems(doc, "f")
    assert bool(problems) == bool(errors)
    entries_in_errors = {e.absolute_path[1] + 1 for e in errors if _in_entry(e)}
    assert {p.entry for p in problems if p.entry is not None} == entries_in_errors


def _in_entry(error: Any) -> bool:
    path = list(error.absolute_path)
    return len(path) >= 2 and path[0] == "moves" and isinstance(path[1], int)


def test_the_valid_samples_pass_the_compiled_validator() -> None:
    assert _VALID_DOCS
    for data in _VALID_DOCS:
        assert FAST_VALIDATOR.surely_valid(data)
        assert _errors(data) == []


@pytest.mark.parametrize(
    "name",
    ["\x85alice", "alice\x85", "\ufeffbob", "bob\n", "\u00a0carol", "a\x1fb", "x" * 33],
)
def test_names_the_regex_dialects_read_differently_are_not_accepted(name: str) -> None:
    """ECMA-262 (jsonschema_rs) and Python (jsonschema) differ on ``\\s`` and ``$``."""
    data = copy.deepcopy(_VALID_DOCS[0])
    data["players"] = [name, *data["players"][1:]]
    if FAST_VALIDATOR.surely_valid(data):
        assert _errors(data) == []


@pytest.mark.parametrize("kind", KINDS)
def test_kind_patterns_are_anchored(kind: str) -> None:
    pattern = SCHEMA_PATTERNS[kind]
    assert pattern.startswith("^") and pattern.endswith("$(?!\\n)")
    assert re.compile(pattern).pattern == pattern


def test_the_schemas_ids_are_names_not_addresses() -> None:
    """No public home yet: the ids are URNs (as World Exchangers' are), and no URL is made up."""
    from forexcli.games.forex.views.schema import show_schema

    log_id, show_id = schema()["$id"], show_schema()["$id"]
    assert (
        log_id
        == schema_source.SCHEMA_ID_PREFIX + "forex-log:1"
        == "urn:forexcli:schema:forex-log:1"
    )
    assert show_id == schema_source.SCHEMA_ID_PREFIX + "forex-show:1"
    docs = (ROOT / "docs" / "format.md").read_text(encoding="utf-8")
    assert f"`{log_id}`" in docs
    assert "# yaml-language-server: $schema=../schemas/forex-log.schema.json\n" in docs


def test_the_compiled_player_pattern_accepts_no_character_python_refuses() -> None:
    """Every character of the Basic Multilingual Plane's first scripts, at each end of a name."""
    validator = fastpath._compiled(FAST_VALIDATOR, "entry")
    python = re.compile(PLAYER_NAME_PATTERN)
    if validator is None:
        pytest.skip("jsonschema_rs is not installed here")
    for code in [*range(0x3100), 0xFEFF, 0xFFFD, 0x1F600]:
        char = chr(code)
        for name in (char, f"{char}x", f"x{char}", f"x{char}y"):
            if validator.is_valid({name: "resolve"}):
                assert python.match(name), repr(name)
