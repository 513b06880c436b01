"""The published schemas in third-party tools: ECMA-262 patterns and check-jsonschema.

JSON Schema's ``pattern`` is an ECMA-262 regular expression; check-jsonschema
compiles it with ``regress`` in Unicode mode, and editors' YAML language
servers with JavaScript's ``new RegExp(pattern, "u")``.  Every pattern of
both published schemas must compile there and mean what it means to Python's
``re`` (which jsonschema and forexcli use): the same strings match in all.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from functools import cache
from pathlib import Path
from typing import Any

import pytest
import regress

from forexcli.games.forex import logcheck
from forexcli.games.forex.views.schema import show_schema
from forexcli.record import gamelog, validation, yamlread
from forexcli.record.problems import LogError

ROOT = Path(__file__).resolve().parent.parent
LOG_SCHEMA = ROOT / "schemas" / "forex-log.schema.json"
SHOW_SCHEMA = ROOT / "schemas" / "forex-show.schema.json"
VALID = sorted((ROOT / "examples").glob("*.yaml")) + sorted(
    (ROOT / "tests" / "logs" / "valid").glob("*.yaml")
)
INVALID = sorted((ROOT / "examples" / "invalid").glob("*.yaml")) + sorted(
    (ROOT / "tests" / "logs" / "invalid").glob("*.yaml")
)


def _patterns(node: Any) -> set[str]:
    found: set[str] = set()
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "pattern" and isinstance(value, str):
                found.add(value)
            elif key not in ("enum", "const", "examples"):
                found |= _patterns(value)
    elif isinstance(node, list):
        for value in node:
            found |= _patterns(value)
    return found


@cache
def patterns() -> list[str]:
    """Every pattern of every published schema (each file in schemas/)."""
    found = _patterns(show_schema())
    for path in sorted((ROOT / "schemas").glob("*.json")):
        found |= _patterns(json.loads(path.read_text(encoding="utf-8")))
    return sorted(found)


def _characters() -> list[str]:
    """Every character up to U+3100, the rest of the BMP's white space, and a few beyond."""
    chars = [chr(c) for c in range(0x3100)]
    chars += [chr(c) for c in range(0x3100, 0x110000) if chr(c).isspace()]
    chars += ["\ufeff", "\u180e", "\ufff9", "\uffff", "\U0001f600", "\U000e0001", "\U0010ffff"]
    return chars


@cache
def probes() -> list[str]:
    """Texts that each pattern is tried on: near misses of valid values, and every character
    in the places where the patterns treat characters differently."""
    words = ["alice", "bob", "Zoë", "ann lee", "note", "0123456789abcdef", "1.5 GBP", "12 CNY"]
    words += [
        "resolve",
        "invest USD",
        "invest USD JPY",
        "contract 6 USD for 12 JPY",
        "divest 2 USD",
        "sell 0 USD",
        "strengthen EUR",
        "strongest GBP",
        "spot 1 USD to bob for 2 JPY; resolve",
        "spot 1.5 EUR to ann lee for 1 GBP; invest GBP",
        "spot",
        "sell",
    ]
    texts = set(words)
    for word in words:
        texts.update({word + "\n", word + "\r\n", "\n" + word, word + " ", " " + word})
        texts.update({word + "\u2028", word + "\x85", word + "\ufeff", word.upper()})
    for ch in _characters():
        texts.update({ch, ch + "ob", "bo" + ch, "b" + ch + "b", f"spot 1 USD to b{ch}b for 2 JPY;"})
        texts.add(f"spot 1 USD to b{ch}b for 2 JPY; resolve")
    return sorted(texts)


def test_the_patterns_are_found() -> None:
    found = patterns()
    assert logcheck.log_schema()["$defs"]["player"]["pattern"] in found
    assert any(p.startswith("^spot ") for p in found)
    assert any(p.startswith("^[0-9]+") for p in found)  # from the show schema


@pytest.mark.parametrize("pattern", patterns())
def test_every_pattern_is_ecma_262_in_unicode_mode(pattern: str) -> None:
    regress.Regex(pattern, flags="u")  # raises RegressError on a pattern ECMA-262 refuses
    re.compile(pattern)


@pytest.mark.slow
@pytest.mark.parametrize("pattern", patterns())
def test_every_pattern_means_the_same_to_regress_and_python(pattern: str) -> None:
    ecma = regress.Regex(pattern, flags="u")
    python = re.compile(pattern)
    differ = [
        text for text in probes() if (ecma.find(text) is not None) != bool(python.search(text))
    ]
    assert differ == []


def _node_matches(pattern_list: list[str], texts: list[str]) -> list[list[bool]]:
    script = (
        "const d=JSON.parse(require('fs').readFileSync(0,'utf8'));"
        "const out=d.p.map(p=>{const r=new RegExp(p,'u');return d.t.map(t=>r.test(t));});"
        "process.stdout.write(JSON.stringify(out));"
    )
    done = subprocess.run(
        ["node", "-e", script],
        input=json.dumps({"p": pattern_list, "t": texts}),
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    result: list[list[bool]] = json.loads(done.stdout)
    return result


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("node") is None, reason="Node.js is not installed")
def test_every_pattern_compiles_and_means_the_same_in_javascript() -> None:
    """As editors compile them: ``new RegExp(pattern, "u")``."""
    found = patterns()
    texts = probes()
    results = _node_matches(found, texts)
    for pattern, matched in zip(found, results, strict=True):
        python = re.compile(pattern)
        differ = [t for t, m in zip(texts, matched, strict=True) if m != bool(python.search(t))]
        assert differ == [], pattern


def test_the_old_player_pattern_would_have_been_caught() -> None:
    """What check-jsonschema refused: ``\\'`` and ``\\"`` inside a class, and ``$``."""
    with pytest.raises(regress.RegressError):
        regress.Regex(r"^[^\s'\"]$", flags="u")
    # Python's `$` also matches before a final line break; ECMA-262's does not.
    assert re.search("^bob$", "bob\n") and regress.Regex("^bob$", flags="u").find("bob\n") is None


def test_a_trailing_line_break_is_not_a_valid_name_or_decision(tmp_path: Path) -> None:
    path = tmp_path / "g.yaml"
    path.write_text(
        'forex: 1\nplayers: ["ann\\n", bob]\nseed: x\nmoves:\n  - bob: "resolve\\n"\n',
        encoding="utf-8",
    )
    problems, _ = validation.check(path)
    assert [(p.code, p.line) for p in problems] == [("bad_player_name", 2), ("bad_notation", 5)]


# --------------------------------------------------------------------------- check-jsonschema


def _check_jsonschema(schema: Path, files: list[Path]) -> tuple[int, dict[str, Any]]:
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "check_jsonschema",
            "--schemafile",
            str(schema),
            "-o",
            "json",
            *(str(f.relative_to(ROOT)) for f in files),
        ],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=ROOT,
    )
    return done.returncode, json.loads(done.stdout)


def test_check_jsonschema_accepts_every_valid_example() -> None:
    code, report = _check_jsonschema(LOG_SCHEMA, VALID)
    assert report["status"] == "ok", report["errors"]
    assert code == 0


def _schema_readable(path: Path) -> bool:
    """True when the file is YAML that the schema layer judges (not refused as YAML before)."""
    try:
        gamelog.read_log(path.read_bytes(), path.name)
    except LogError as error:
        return not any(p.layer in ("yaml", "io") for p in error.problems)
    return True


def test_check_jsonschema_fails_each_invalid_example_where_its_schema_rule_is_broken() -> None:
    """Where forexcli finds schema problems, check-jsonschema finds the same errors at the
    same places; a log whose problems all lie past the schema (set-up, rules) passes it."""
    from jsonschema import Draft202012Validator

    judged = [p for p in INVALID if _schema_readable(p)]
    assert len(judged) >= 10
    _, report = _check_jsonschema(LOG_SCHEMA, judged)
    theirs: dict[str, set[tuple[str, str]]] = {}
    for error in report["errors"]:
        theirs.setdefault(error["filename"], set()).add((error["path"], error["message"]))
    validator = Draft202012Validator(logcheck.log_schema())
    with_schema_problems = 0
    for path in judged:
        name = str(path.relative_to(ROOT))
        data = yamlread.read(path.read_text(encoding="utf-8-sig"), name).data
        ours = {(e.json_path, e.message) for e in validator.iter_errors(data)}
        assert theirs.get(name, set()) == ours, name
        problems, _ = validation.check(path)
        schema_found = [p for p in problems if p.layer == "schema"]
        assert bool(schema_found) == bool(ours), name
        with_schema_problems += bool(schema_found)
    assert with_schema_problems >= 8
