"""The World Exchangers components file: its schema, the invented example, the loader."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from forexcli.games.worldex import schema_source
from forexcli.games.worldex.load import (
    _FAST_CHECK,
    CODES,
    EXAMPLE_COMPONENTS,
    ComponentsFileError,
    check_components,
    digest,
    read_components,
)
from forexcli.games.worldex.rules import components_from_data

ROOT = Path(__file__).resolve().parents[3]


def example() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(EXAMPLE_COMPONENTS.read_text(encoding="utf-8"))
    return data


@pytest.mark.parametrize("filename", sorted(schema_source.SCHEMAS))
def test_the_committed_schemas_are_the_generated_ones(filename: str) -> None:
    committed = (ROOT / "schemas" / filename).read_text(encoding="utf-8")
    assert committed == schema_source.render(filename)
    Draft202012Validator.check_schema(json.loads(committed))


def test_the_schema_patterns_have_no_python_only_syntax() -> None:
    text = schema_source.render("worldex-log.schema.json")
    text += schema_source.render("worldex-components.schema.json")
    for python_only in ("(?P<", "\\Z", "\\A", "(?i"):
        assert python_only not in text


def test_the_example_is_plainly_labelled_as_invented() -> None:
    data = example()
    assert data["invented"] is True
    assert "INVENTED" in data["notice"] and "NOT the published" in data["notice"]
    assert "not the published" in data["title"]
    loaded = read_components(EXAMPLE_COMPONENTS)
    assert loaded.components.invented and loaded.sha256 == digest(EXAMPLE_COMPONENTS.read_bytes())


def test_the_example_holds_every_card_and_the_rulebooks_values() -> None:
    components = read_components(EXAMPLE_COMPONENTS).components
    assert len(components.starting_cities) == 12 and len(components.cities) == 45
    assert [c.base for c in map(components.city, ("Dallas", "Cairo", "Taipei"))] == [300, 300, 400]
    assert components.city("Vienna").base == 100 and components.city("Vienna").price(2) == 200
    assert components.city("Dubai").price(5) == 700 and components.city("Dubai").red_month == 5
    rue = {"Melbourne": 500, "Vienna": 100, "Lisbon": 400, "Roma": 200, "San Juan": 200}
    assert {name: components.city(name).base for name in rue} == rue
    assert components.city("Melbourne").symbols.star == 1
    assert components.city("Lisbon").symbols.blue == 1
    assert len(components.trends_for(6)) == 4 and len(components.trends_for(12)) == 4
    assert sorted(r.name for r in components.roles) == ["Estelle", "Felix", "Rue", "Wigstan"]
    assert sorted(components.boards) == ["A", "B"]


def test_the_schema_and_the_core_refuse_broken_components() -> None:
    cases: list[tuple[str, Any, str, str]] = [
        ("cities", lambda d: d["cities"].pop(), "components_schema", "cities"),
        ("base", lambda d: d["cities"][0].update(base=150), "components_schema", "base"),
        ("colour", lambda d: d["cities"][0].update(colour="red"), "components_schema", "colour"),
        (
            "red month",
            lambda d: d["cities"][1].update(red_month=6),
            "bad_components",
            "red month 6",
        ),
        (
            "twice",
            lambda d: d["cities"][1].update(name="Vienna"),
            "bad_components",
            "'Vienna'",
        ),
        (
            "star between",
            lambda d: d["boards"][0]["between"].append(
                {"after": 1, "cash": 50, "symbols": {"star": 1}}
            ),
            "bad_components",
            "settlement points",
        ),
        (
            "side",
            lambda d: d["boards"][1].update(side="A"),
            "bad_components",
            "sides A and B",
        ),
        (
            "trend",
            lambda d: d["trends"][0].update(condition="stopped_on"),
            "components_schema",
            "trends[1]",
        ),
    ]
    for _name, change, code, words in cases:
        data = copy.deepcopy(example())
        change(data)
        with pytest.raises(ComponentsFileError) as caught:
            check_components(data)
        assert caught.value.code == code, (_name, caught.value.reason)
        assert words in caught.value.reason, (_name, caught.value.reason)
        assert caught.value.code in CODES


def test_the_compiled_check_accepts_the_example_and_jsonschema_agrees() -> None:
    """The example takes the compiled check (no jsonschema at start-up), which jsonschema
    accepts too; the broken components above are refused by both (their codes say so)."""
    data = example()
    assert _FAST_CHECK.surely_valid(data)
    assert list(Draft202012Validator(schema_source.components_schema()).iter_errors(data)) == []


def test_the_core_checks_without_the_schema_too() -> None:
    data = example()
    data["starting_cities"] = data["starting_cities"][:11]
    with pytest.raises(Exception) as caught:
        components_from_data(data)
    assert getattr(caught.value, "code", None) == "bad_components"
    assert "12 starting city cards" in str(caught.value)


def test_the_loader_checks_file_digest_and_json(tmp_path: Path) -> None:
    with pytest.raises(ComponentsFileError) as caught:
        read_components(EXAMPLE_COMPONENTS, sha256="0" * 64)
    assert caught.value.code == "components_digest" and "the log expects" in caught.value.reason
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    with pytest.raises(ComponentsFileError) as caught:
        read_components(bad)
    assert caught.value.code == "components_json"
    with pytest.raises(ComponentsFileError) as caught:
        read_components(tmp_path / "missing.json")
    assert caught.value.code == "components_unreadable"


def test_a_line_crossing_override_on_side_b() -> None:
    components = read_components(EXAMPLE_COMPONENTS).components
    special = [s for s in components.boards["B"].between if s.crossed_by]
    assert len(special) == 1
    space = special[0]
    assert space.crossed(400, 600) and not space.crossed(300, 700)


def test_a_components_file_is_read_and_checked_once_per_process(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Logs naming one components file check it once; a changed file is read again (and
    its new SHA-256 judged), and the same content at another path is not checked again."""
    from forexcli.games.worldex import load

    checked: list[str] = []
    real_check = load.check_components

    def counting(data: Any) -> Any:
        checked.append(data["title"])
        return real_check(data)

    monkeypatch.setattr(load, "check_components", counting)
    data = example()
    data["title"] = "read once"
    path = tmp_path / "components.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    first = read_components(path)
    for _ in range(3):
        assert read_components(path, first.sha256) is first
    assert checked == ["read once"]
    data["title"] = "read again"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(ComponentsFileError) as caught:
        read_components(path, first.sha256)
    assert caught.value.code == "components_digest"
    assert read_components(path).components.title == "read again"
    assert checked == ["read once", "read again"]
    copy_of = tmp_path / "copy.json"
    copy_of.write_bytes(path.read_bytes())
    assert read_components(copy_of).components.title == "read again"
    assert checked == ["read once", "read again"]
