"""The fast paths of reading agree with the full reader, or step aside for it.

The compiled fast path (``fastpath``) reads every file it accepts as the full reader does.

Whatever ``fastpath.accepted`` returns for a text must be exactly the data the
full reader (``yamlread._read_full``, libyaml events typed by the YAML 1.2
core schema) reads from it, and jsonschema must find nothing wrong with it;
for anything else it must decline (None).  Checked over generated logs, logs
mutated by inserting and cutting pieces of YAML, logs with scalars where YAML
1.1 and 1.2 differ written into every field, and hand-picked hostile texts.

The reader's own fast path (``yamlread._read_data``, used when the compiled one declines)
reads mutated logs as the full reader does or steps aside, and ``replay_final`` keeps what
``replay`` gives.
"""

from __future__ import annotations

import math
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from benchmarks import corpus
from forexcli.cli import forex
from forexcli.games.forex import logcheck
from forexcli.games.forex.logcheck import FAST_VALIDATOR
from forexcli.record import fastpath, gamelog, validation, yamlread
from forexcli.record.problems import LogError
from tests.conftest import examples

ROOT = Path(__file__).resolve().parents[2]

SAMPLES = sorted(p for p in (ROOT / "tests").rglob("*.yaml") if "bga-games" not in p.parts)
PIECES = [
    ":", ": ", "- ", "&a ", "*a", "!", "!!str ", "! ", '"', "'", "#", "\t", "\n", "{", "}",
    "[", "]", ",", "? ", "|", ">", "---\n", "...\n", "~", "null", "true", "no", "0x1F", "0o17",
    "1e3", ".inf", ".nan", "-.5", "+1", "007", " ", "\ud800", "é", "\u2028", "\x85",
    "%YAML 1.2\n", "<<: ", "note", "digest", "\\", "\r\n", "\r", "12345678901234567890",
]  # fmt: skip


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, float) and isinstance(b, float) and math.isnan(a) and math.isnan(b):
        return True
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return list(a) == list(b) and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b)


def _mutated(rng: random.Random, text: str) -> str:
    for _ in range(rng.randrange(1, 4)):
        at = rng.randrange(len(text) + 1)
        if rng.random() < 0.6:
            text = text[:at] + rng.choice(PIECES) + text[at:]
        else:
            text = text[:at] + text[at + rng.randrange(1, 6) :]
    return text


needs_compiled = pytest.mark.skipif(
    fastpath._parser() is None or fastpath._compiled(FAST_VALIDATOR, "log") is None,
    reason="yaml_rs or jsonschema_rs is not installed here",
)
"""The mark of a test of the compiled fast path (the reader's own needs no extension)."""


def _reference(text: str) -> Any:
    """The full reader's data, or LogError if it refuses the text."""
    try:
        return yamlread._read_full(text).data
    except LogError as error:
        return error


def _check_agreement(text: str) -> bool:
    """Assert that an accepted text is read as the full reader reads it; True if accepted."""
    data = fastpath.accepted(text, FAST_VALIDATOR)
    if data is None:
        return False
    reference = _reference(text)
    assert not isinstance(reference, LogError), (text, reference.problems)
    assert _same(data, reference), text
    assert list(logcheck._validator().iter_errors(reference)) == [], text
    return True


def _generated(count: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    return [corpus.render(corpus.play(number, rng), rng) for number in range(1, count + 1)]


GENERATED = _generated(40, 12)
TEXTS = [p.read_text(encoding="utf-8", errors="replace") for p in SAMPLES] + GENERATED


@pytest.mark.slow
@needs_compiled
def test_the_fast_path_accepts_ordinary_logs() -> None:
    assert all(_check_agreement(text) for text in GENERATED)
    valid = sorted((ROOT / "tests" / "logs" / "valid").glob("*.yaml"))
    accepted = [p for p in valid if _check_agreement(p.read_text(encoding="utf-8"))]
    assert len(accepted) >= len(valid) // 2


@needs_compiled
@pytest.mark.parametrize("marker", ["...\n", "---\n", "--- \n", "...\n...\n"])
def test_a_document_marker_on_the_first_line_is_declined(marker: str) -> None:
    """A log opening with ``...`` (the full reader refuses it) or ``---`` takes the full reader."""
    text = marker + GENERATED[0]
    assert fastpath.accepted(text, FAST_VALIDATOR) is None
    _check_agreement(text)


@pytest.mark.slow
@needs_compiled
@pytest.mark.parametrize("seed", range(4))
def test_mutated_logs_are_read_alike_or_declined(seed: int) -> None:
    rng = random.Random(seed)
    accepted = 0
    for _ in range(1500):
        accepted += _check_agreement(_mutated(rng, rng.choice(TEXTS)))
    assert accepted > 50  # the mutations do not all send the file away


# Scalars where YAML 1.1 and 1.2, libyaml and yaml_rs, or Python and ECMA-262 read differently.
ODD_SCALARS = [
    "yes", "no", "on", "off", "y", "n", "Yes", "ON", "true", "False", "TRUE", "null", "Null",
    "~", "", "0777", "0o17", "0x1F", "0b101", "007", "00", "-0", "+1", "+0x1", "1_000", "_1",
    "1:30", "190:20:30", "1e3", "1E+3", "1.", ".5", "+.5", "-.5", "1.5e-3", ".inf", "-.Inf",
    "+.INF", ".iNf", ".nan", ".NaN", ".nAn", "2026-11-30", "2026-11-30T10:00:00Z",
    "12345678901234567890", "9" * 30, "0x_1", "1__0", "=", "<<", "'1'", '"1"', "'yes'",
    '"\\N"', '"\\x85x"', '"\\u2028"', '"\\_"', '"\\ttab"', '"a\\\\"', '"\\"q\\""', "a b",
    "a #b", "a# b", "a:b", "-a", "?a", "!a", "&a", "*a", "%a", "@a", "`a", "|", ">", "[a]",
    "{a: 1}", "[]", "{}", "é", "日本", "a\u00a0b", "\u00a0a", "x\u2028y", "x\u0085y",
    "x\ufeffy", "x\ty", "\x01", "resolve", "invest USD", "alice", "note", "digest",
    "0b7c4c85e8", "0B1", "+0b1", "-0b10", "0b1 #x", "0b1#x", "0b12", "0b", "0b__1", "0b1.",
]  # fmt: skip
FIELDS = ["title", "site", "started", "seed", "first", "note", "removed", "player", "move", "key"]


def _log_with(field: str, scalar: str) -> str:
    """A small valid log with ``scalar`` written as the value (or key) of ``field``."""
    title = scalar if field == "title" else "x"
    site = scalar if field == "site" else "y"
    started = scalar if field == "started" else "2026-11-30"
    head = "seed: s" if field != "seed" else f"seed: {scalar}"
    if field == "removed":
        head = f"removed: {{GBP: {scalar}, USD: 5}}"
    player = scalar if field == "player" else "bob"
    first = scalar if field == "first" else "alice"
    move = scalar if field == "move" else "resolve"
    note = f"\n    note: {scalar}" if field == "note" else ""
    key = f"\n{scalar}: x" if field == "key" else ""
    return (
        f"forex: 1\ntitle: {title}\nsite: {site}\nstarted: {started}\n"
        f"players: [alice, {player}]\nfirst: {first}\n{head}{key}\n"
        f"moves:\n  - alice: {move}{note}\n  - {player}: resolve\n"
    )


@pytest.mark.slow
@needs_compiled
@pytest.mark.parametrize("field", FIELDS)
def test_odd_scalars_in_every_field_are_read_alike_or_declined(field: str) -> None:
    for scalar in ODD_SCALARS:
        _check_agreement(_log_with(field, scalar))
        _check_agreement(_log_with(field, f"'{scalar}'"))
        _check_agreement(_log_with(field, f'"{scalar}"'))


@needs_compiled
def test_yaml_11_scalars_keep_their_yaml_12_meaning() -> None:
    """``yes``/``on`` stay text, ``0777`` is 777, ``1:30`` text, ``.inf`` infinite."""
    text = _log_with("title", "yes").replace("site: y", "site: on")
    assert fastpath.accepted(text, FAST_VALIDATOR) == _reference(text)
    assert fastpath.accepted(text, FAST_VALIDATOR)["title"] == "yes"
    octal = _log_with("seed", "0777")
    assert fastpath.accepted(octal, FAST_VALIDATOR)["seed"] == 777 == _reference(octal)["seed"]
    sexagesimal = _log_with("seed", "1:30")
    assert fastpath.accepted(sexagesimal, FAST_VALIDATOR)["seed"] == "1:30"
    # .inf is read alike by both, but is never a valid seed: the full reader reports it.
    assert fastpath.accepted(_log_with("seed", ".inf"), FAST_VALIDATOR) is None


HOSTILE = {
    "duplicate key": "forex: 1\nforex: 1\nplayers: [a, b]\nseed: s\n",
    "duplicate entry key": "forex: 1\nplayers: [a, b]\nseed: s\nmoves:\n  - a: resolve\n    a: x\n",
    "anchor and alias": "forex: 1\nplayers: &p [a, b]\nseed: s\ncontacts: *p\n",
    "alias as a value": "forex: 1\nplayers: [&a alice, bob]\nseed: s\nfirst: *a\n",
    "tag": "forex: 1\nplayers: [a, b]\nseed: !!str 12\n",
    "python tag": "forex: 1\nplayers: [a, b]\nseed: !!python/object:os.system x\n",
    "merge key": "forex: 1\nplayers: [a, b]\nseed: s\ncontacts:\n  <<: {a: x}\n",
    "two documents": "forex: 1\nplayers: [a, b]\nseed: s\n---\nforex: 1\n",
    "directive": "%YAML 1.1\n---\nforex: 1\nplayers: [a, b]\nseed: s\n",
    "complex key": "forex: 1\nplayers: [a, b]\nseed: s\n? [a]\n: 1\n",
    "integer key": "forex: 1\nplayers: [a, b]\nseed: s\nmoves:\n  - 1: resolve\n",
    "null key": "forex: 1\nplayers: [a, b]\nseed: s\n~: x\n",
    "tab": "forex: 1\nplayers: [a, b]\nseed:\ts\n",
    "byte-order mark inside": "forex: 1\nplayers: [a, b]\nseed: \ufeffs\n",
    "escaped NEL name": 'forex: 1\nplayers: ["\\Nalice", b]\nseed: s\n',
    "raw NEL name": "forex: 1\nplayers: [\x85alice, b]\nseed: s\n",
    "binary seed": "forex: 1\nplayers: [a, b]\nseed: 0b101\n",
    "underscore count": "forex: 1\nplayers: [a, b]\nremoved: {GBP: 1_0, USD: 5}\n",
    "long integer": "forex: 1\nplayers: [a, b]\nremoved: {GBP: " + "9" * 5000 + "}\n",
}


@needs_compiled
@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_hostile_texts_are_declined(name: str) -> None:
    assert fastpath.accepted(HOSTILE[name], FAST_VALIDATOR) is None
    _check_agreement(HOSTILE[name])


DEEP = {
    "block sequences": "forex: 1\nplayers:\n" + "- " * 100_000 + "x\n",
    "indented mappings": "forex: 1\n"
    + "".join(" " * n + f"k{n}:\n" for n in range(3000))
    + " " * 3000
    + "x: 1\n",
    "flow": "forex: 1\nplayers: " + "[" * 100_000 + "]" * 100_000 + "\n",
    "mixed": "forex: 1\nplayers:\n" + "- [" * 20_000 + "x" + "]" * 20_000 + "\n",
}


@needs_compiled
@pytest.mark.parametrize("name", sorted(DEEP))
def test_deep_nesting_is_declined_without_reaching_the_parser(name: str) -> None:
    """yaml_rs recurses: thousands of levels would overflow its stack, so it is never asked."""
    text = DEEP[name]
    assert fastpath.unsure(text)
    # In a child process, so that a crash would fail the test rather than the run.
    code = (
        "import sys; from forexcli.record import fastpath;"
        " from forexcli.games.forex import logcheck;"
        " print(fastpath.accepted(sys.stdin.read(), logcheck.FAST_VALIDATOR) is None)"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        input=text,
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert (done.returncode, done.stdout.strip()) == (0, "True"), done.stderr[-2000:]


@needs_compiled
def test_huge_logs_go_to_the_full_reader() -> None:
    entries = "".join("  - alice: resolve\n  - bob: resolve\n" for _ in range(2000))
    text = f"forex: 1\nplayers: [alice, bob]\nseed: s\nmoves:\n{entries}"
    assert len(text) > fastpath.MAX_CHARS
    assert fastpath.accepted(text, FAST_VALIDATOR) is None
    small = f"forex: 1\nplayers: [alice, bob]\nseed: s\nmoves:\n{entries[:20_000]}"
    assert _check_agreement(small)


_PIECE = st.sampled_from([*PIECES, *ODD_SCALARS])


@pytest.mark.slow
@needs_compiled
@settings(max_examples=examples(400), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(TEXTS), st.lists(st.tuples(st.floats(0, 1), _PIECE), max_size=4))
def test_inserted_pieces_are_read_alike_or_declined(text: str, pieces: list[Any]) -> None:
    """Odd pieces put anywhere into a log: the fast path reads the text exactly as the full
    reader does (and the schema accepts it), or declines it."""
    for where, piece in pieces:
        at = int(where * len(text))
        text = text[:at] + piece + text[at:]
    _check_agreement(text)


def _marked_one_by_one(text: str) -> bool:
    """The screen of odd-number marks as first written: each mark searched on its own."""
    for mark in fastpath._ODD_NUMBER_MARKS:
        at = text.find(mark)
        while at >= 0:
            if fastpath._odd_number_at(text, at):
                return True
            at = text.find(mark, at + 1)
    return False


_MARK_TEXT = st.lists(
    st.sampled_from(
        [
            *fastpath._ODD_NUMBER_MARKS,
            *fastpath._LOWER_MARKS,
            *("0", "1", "+", "-", ".", "_", " ", ":", ",", "[", "]", "\n"),
            *("x", "I", "n", "o", "B", "İ", "ß", "\u0130x", "é"),
        ]
    ),
    max_size=12,
).map("".join)


@pytest.mark.slow
@needs_compiled
@settings(max_examples=examples(500), deadline=None)
@given(st.one_of(_MARK_TEXT, st.text(max_size=20)), st.sampled_from(["", *TEXTS[:3]]))
def test_the_odd_number_marks_are_found_as_one_by_one(piece: str, text: str) -> None:
    """Searching the lower-cased text (for ASCII texts) finds what the twelve searches found,
    or a token with ``_`` that ``unsure`` declines for its ``_`` all the same."""
    for mixed in (piece, text + piece, piece + text):
        underscored = any(
            fastpath._odd_number_at(mixed, at) for at, char in enumerate(mixed) if char == "_"
        )
        old = _marked_one_by_one(mixed)
        new = fastpath._odd_number_marked(mixed)
        assert new == old or (new and underscored), mixed


_PATTERN_PIECE = st.sampled_from(["\\", "s", "d", "S", "w", "b", "B", "W", "D", "[", "]", "a", "$"])


@needs_compiled
@settings(max_examples=examples(300), deadline=None)
@given(st.lists(_PATTERN_PIECE, max_size=12).map("".join))
def test_a_pattern_without_escapes_to_read_is_taken_as_it_is(pattern: str) -> None:
    """The shortcut of ``_pattern_in_python_dialect`` gives what reading every escape gives."""
    assert fastpath._pattern_in_python_dialect(
        pattern, logcheck.FAST_VALIDATOR.end
    ) == fastpath._escapes_in_python_dialect(pattern)


@needs_compiled
def test_the_published_schema_needs_no_escape_read() -> None:
    """(So the compiled validator's schema costs no slow reading at start-up.)"""
    from forexcli.games.forex.notation import END

    found = [
        value
        for value in _values(logcheck.log_schema(), "pattern")
        if any(escape in value.replace(END, "$") for escape in fastpath._ESCAPES_TO_READ)
    ]
    assert found == []


def _values(node: Any, key: str) -> list[Any]:
    """Every value of ``key`` anywhere in ``node``."""
    if isinstance(node, list):
        return [value for item in node for value in _values(item, key)]
    if not isinstance(node, dict):
        return []
    own = [node[key]] if key in node else []
    return own + [value for item in node.values() for value in _values(item, key)]


# --------------------------------------------------------------------------- fallbacks


def _hide(monkeypatch: pytest.MonkeyPatch, module: str) -> None:
    """Make ``import module`` fail, as on a platform without its wheel."""
    monkeypatch.setitem(sys.modules, module, None)
    fastpath._parser.cache_clear()
    fastpath._compiled.cache_clear()


@pytest.fixture
def fresh_caches() -> Any:
    yield
    fastpath._parser.cache_clear()
    fastpath._compiled.cache_clear()


def _outcomes(paths: list[Path]) -> list[Any]:
    found = []
    for path in paths:
        problems, played = validation.check(path)
        found.append(
            (
                [(p.code, p.message, p.line, p.column, p.entry) for p in problems],
                None if played is None else (played.moves, played.final),
            )
        )
    return found


FALLBACK_FILES = sorted((ROOT / "tests" / "logs").rglob("*.yaml"))


@needs_compiled
@pytest.mark.parametrize("hidden", [["yaml_rs"], ["jsonschema_rs"], ["yaml_rs", "jsonschema_rs"]])
def test_a_missing_extension_falls_back_silently_and_alike(
    hidden: list[str], monkeypatch: pytest.MonkeyPatch, fresh_caches: None
) -> None:
    with_extensions = _outcomes(FALLBACK_FILES)
    for module in hidden:
        _hide(monkeypatch, module)
    assert fastpath.accepted(GENERATED[0], FAST_VALIDATOR) is None
    if "jsonschema_rs" in hidden:
        assert not FAST_VALIDATOR.surely_valid(gamelog.read_log(GENERATED[0]).document.data)
    assert _outcomes(FALLBACK_FILES) == with_extensions


@needs_compiled
def test_validate_output_is_the_same_without_the_extensions(
    monkeypatch: pytest.MonkeyPatch, fresh_caches: None
) -> None:
    paths = [str(p) for p in FALLBACK_FILES]
    runner = CliRunner()
    before = runner.invoke(forex, ["validate", "--format", "json", *paths])
    _hide(monkeypatch, "yaml_rs")
    _hide(monkeypatch, "jsonschema_rs")
    after = runner.invoke(forex, ["validate", "--format", "json", *paths])
    assert (after.exit_code, after.output) == (before.exit_code, before.output)
    assert before.exit_code == 1  # the folder holds invalid logs: the problems are compared too


# --------------------------------------------------------------------------- the reader's own


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(4))
def test_fast_reader_agrees_with_full_reader(seed: int) -> None:
    rng = random.Random(seed)
    texts = [p.read_text(encoding="utf-8", errors="replace") for p in SAMPLES]
    fast_read = 0
    for _ in range(1500):
        text = _mutated(rng, rng.choice(texts))
        try:
            full = yamlread._read_full(text)
        except LogError:
            full = None
        try:
            data = yamlread._read_data(text)
        except yamlread._Unusual:
            continue  # the full reader judges it
        fast_read += 1
        assert full is not None, repr(text)
        assert _same(data, full.data), repr(text)
        doc = yamlread.read(text)
        assert doc.values == full.values and doc.spans == full.spans, repr(text)
    assert fast_read > 300


def test_check_keeps_the_final_state_and_works_out_the_rest_on_demand() -> None:
    for path in SAMPLES:
        try:
            log = gamelog.load(path)
        except LogError:
            continue
        full = gamelog.replay(log)
        fast = gamelog.replay_final(log)
        assert fast.problem == full.problem
        assert fast.final == full.final
        assert fast.moves == len(full.states)
        assert fast.states == full.states
        assert fast.events == full.events


@needs_compiled
def test_a_digest_starting_0b_takes_the_fast_path() -> None:
    """A hex digest such as ``0b7c4c85e8...`` is text to both parsers: the fast path takes
    it (about one log in ten with digests has one), while ``0b101`` is still declined."""
    digest = "  - alice: invest USD\n    digest: 0b7c4c85e8a1f2d3\n"
    text = _log_with("title", "x") + digest
    assert fastpath.accepted(text, FAST_VALIDATOR) == _reference(text)
    assert fastpath.accepted(text, FAST_VALIDATOR)["moves"][2]["digest"] == "0b7c4c85e8a1f2d3"
    assert fastpath.unsure(text.replace("0b7c4c85e8a1f2d3", "0b101"))
