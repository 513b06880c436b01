"""Broken and hostile files: one clear problem each, bounded time and memory, nothing changed.

The corpus is made at test time in a temporary folder (a 50 MB file is not kept in the
repository).  Every case goes through ``validation.check`` (what ``forex validate``, ``show`` and
the other reading commands use) and through the three edit functions, which must refuse it
without touching the file.
"""

from __future__ import annotations

import codecs
import json
import os
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from forexcli.games.forex import logcheck
from forexcli.record import edit, files, gamelog, validation, yamlread
from forexcli.record.problems import LogError, Problem

ROOT = Path(__file__).resolve().parents[2]
GAME = (
    Path(__file__).resolve().parents[1] / "logs" / "valid" / "complete-two-players.yaml"
).read_bytes()
SHORT = b"forex: 1\nplayers: [alice, bob]\nseed: x\nmoves:\n  - alice: resolve\n"
TIME_LIMIT = 5.0
"""CPU seconds any one file may take (most take milliseconds): CPU time, so that a busy host
does not fail the test."""


def _with(entry_line: bytes) -> bytes:
    return b"forex: 1\nplayers: [alice, bob]\nseed: x\nmoves:\n" + entry_line + b"\n"


def _removed(value: bytes) -> bytes:
    return b"forex: 1\nplayers: [alice, bob]\nremoved: {GBP: " + value + b", USD: 5}\n"


MOVES = b"forex: 1\nplayers: [a, b]\nseed: x\nmoves:\n"

HOSTILE: dict[str, tuple[bytes, tuple[str, ...]]] = {
    # name: (content, the codes allowed for its first problem)
    "empty file": (b"", ("empty",)),
    "only spaces and newlines": (b"  \n\n \n", ("empty",)),
    "only a byte-order mark": (codecs.BOM_UTF8, ("empty",)),
    "binary data": (bytes(range(256)) * 4, ("invalid_utf8",)),
    "NUL bytes": (b"forex: 1\x00\x00\n", ("yaml_syntax",)),
    "an ELF header": (b"\x7fELF\x02\x01\x01\x00" + b"\x00" * 56, ("yaml_syntax",)),
    "a PNG": (b"\x89PNG\r\n\x1a\n" + os.urandom(64), ("invalid_utf8", "yaml_syntax")),
    "invalid UTF-8": (b"forex: 1\ntitle: caf\xe9\n", ("invalid_utf8",)),
    "UTF-16": ("forex: 1\n".encode("utf-16"), ("invalid_utf8",)),
    "truncated UTF-8": (b"forex: 1\ntitle: \xe2\x82", ("invalid_utf8",)),
    "tabs as indentation": (b"forex: 1\nplayers:\n\t- alice\n\t- bob\nseed: x\n", ("yaml_syntax",)),
    "billion laughs": (
        b"a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
        + b"".join(
            b"%c: &%c [%s]\n" % (ord("a") + i, ord("a") + i, b", ".join([b"*%c" % (96 + i)] * 9))
            for i in range(1, 10)
        ),
        ("anchor",),
    ),
    "an alias alone": (b"forex: 1\nplayers: *p\n", ("alias",)),
    "python object apply": (b"forex: !!python/object/apply:os.system ['true']\n", ("tag",)),
    "python object new": (b"!!python/object/new:os.system [true]\n", ("tag",)),
    "python name": (b"forex: 1\nplayers: !!python/name:os.system\n", ("tag",)),
    "python module": (b"x: !!python/module:os\n", ("tag",)),
    "a local tag": (b"forex: !shell rm -rf /\n", ("tag",)),
    "a verbatim tag": (b"forex: !<tag:example.com,2026:x> 1\n", ("tag",)),
    "binary tag": (b"forex: !!binary aGVsbG8=\n", ("tag",)),
    "10,000 flow lists": (b"[" * 10_000 + b"]" * 10_000, ("too_deep",)),
    "10,000 flow mappings": (b"{a: " * 10_000 + b"1" + b"}" * 10_000, ("too_deep",)),
    "10,000 block lists": (b"- " * 10_000 + b"x\n", ("too_deep",)),
    "1,000 block mappings": (
        b"".join(b" " * i + b"k:\n" for i in range(1_000)) + b" " * 1_000 + b"v\n",
        ("too_deep",),
    ),
    "10,000 mixed levels": (b"a: " + b"[{b: " * 5_000 + b"1" + b"}]" * 5_000, ("too_deep",)),
    "unclosed brackets": (b"[" * 100_000, ("too_deep",)),
    "duplicate keys": (b"forex: 1\nplayers: [a, b]\nforex: 1\n", ("duplicate_key",)),
    "a million duplicate keys": (b"a: 1\n" * 1_000_000, ("duplicate_key",)),
    "several documents": (SHORT + b"---\n" + SHORT, ("multiple_documents",)),
    "a list": (b"- forex: 1\n", ("not_a_mapping",)),
    "a number": (b"42\n", ("not_a_mapping",)),
    "a string": (b"hello\n", ("not_a_mapping",)),
    "a complex key": (b"? [a, b]\n: 1\n", ("complex_key",)),
    "an unclosed quote": (b'forex: 1\ntitle: "abc\n', ("yaml_syntax",)),
    "a raw escape sequence in a note": (
        _with(b"  - alice: resolve\n    note: \x1b[2J\x1b]0;pwned\x07"),
        ("yaml_syntax",),
    ),
    "a raw C1 control": ("forex: 1\ntitle: a\u009bb\n".encode(), ("yaml_syntax",)),
    "an escaped escape in a name": (
        b'forex: 1\nplayers: [alice, "b\\u001b[31mob"]\nseed: x\n',
        ("bad_player_name",),
    ),
    "a bidi override in a name": (
        'forex: 1\nplayers: [alice, "bo\u202eb"]\nseed: x\nmoves:\n  - "bo\u202eb": x\n'.encode(),
        ("bad_notation", "schema_pattern"),
    ),
    "unknown currency in removed": (
        _removed(b"1").replace(b"GBP", b"XAU"),
        ("schema_unknown_key",),
    ),
    "unknown currency in a move": (_with(b"  - alice: invest XAU"), ("bad_notation",)),
    "unknown player in a move": (_with(b"  - mallory: resolve"), ("unknown_player",)),
    "unknown partner in a spot": (
        _with(b"  - alice: spot 1 USD to mallory for 1 JPY; resolve"),
        ("unknown_player",),
    ),
    "unknown key": (SHORT + b"cheat: true\n", ("schema_unknown_key",)),
    "unknown key in an entry": (_with(b"  - alice: resolve\n    cheat: 1"), ("bad_entry",)),
    "negative count": (_removed(b"-1"), ("schema_minimum",)),
    "fractional count": (_removed(b"0.5"), ("schema_type",)),
    "huge count": (_removed(b"9" * 5000), ("schema_type", "schema_maximum")),
    "long count": (_removed(b"9" * 500), ("schema_maximum",)),
    "NaN count": (_removed(b".nan"), ("schema_type",)),
    "infinite count": (_removed(b"-.inf"), ("schema_type",)),
    "negative amount": (_with(b"  - alice: contract -1 USD for 2 JPY"), ("bad_notation",)),
    "fractional amount": (_with(b"  - alice: contract 1.25 USD for 2 JPY"), ("bad_notation",)),
    "huge amount": (_with(b"  - alice: contract 99999999 USD for 2 JPY"), ("bad_notation",)),
    "legal-looking huge amount": (
        _with(b"  - alice: contract 9999 USD for 2 JPY"),
        ("illegal_contract",),
    ),
    "NaN amount": (_with(b"  - alice: contract NaN USD for 2 JPY"), ("bad_notation",)),
    "infinite amount": (_with(b"  - alice: contract inf USD for 2 JPY"), ("bad_notation",)),
    "number as a decision": (_with(b"  - alice: .nan"), ("schema_type",)),
    "version NaN": (b"forex: .nan\nplayers: [a, b]\nseed: x\n", ("unsupported_version",)),
    "version huge": (
        b"forex: 1" + b"0" * 5000 + b"\nplayers: [a, b]\nseed: x\n",
        ("unsupported_version",),
    ),
    "seven players": (b"forex: 1\nplayers: [a, b, c, d, e, f, g]\nseed: x\n", ("schema_maxItems",)),
    "a long title": (SHORT + b"title: " + b"x" * 1_000_000 + b"\n", ("schema_maxLength",)),
    "a long key": (SHORT + b"k" * 1_000_000 + b": 1\n", ("yaml_syntax",)),  # over libyaml's 1024
    "a million values": (b"x: [" + b"1," * 1_000_000 + b"1]\n", ("too_large",)),
    "many entries, one bad at the end": (
        b"forex: 1\nplayers: [a, b]\nseed: x\nmoves:\n"
        + b"  - a: resolve\n" * 30_000
        + b"  - a: 5\n",
        ("schema_type",),
    ),
    "many bad entries": (
        MOVES + b"  - a: 5\n" * 30_000,
        ("schema_type",),
    ),
    "a game continued after its end": (GAME + b"  - alice: resolve\n", ("game_over",)),
}

ACCEPTED: dict[str, bytes] = {
    "byte-order mark": codecs.BOM_UTF8 + GAME,
    "CRLF line ends": GAME.replace(b"\n", b"\r\n"),
    "no final line break": GAME.rstrip(b"\n"),
    "escaped control characters in a note": _with(
        b'  - alice: resolve\n    note: "\\u001b[2J\\u001b]0;x\\u0007 and \\u202e"'
    ),
}


def _edits(path: Path) -> list[Callable[[], object]]:
    return [
        lambda: edit.append(str(path), "alice", "resolve"),
        lambda: edit.set_note(str(path), 1, "a note"),
        lambda: edit.remove_last(str(path)),
    ]


def _assert_clean(problems: list[Problem], name: str) -> None:
    assert problems
    for p in problems:
        assert p.message and p.message.isprintable() and len(p.message) < 1000, p.message
        assert all(h.isprintable() for h in p.hints)
        assert p.file == name
        assert p.code and p.code.replace("_", "").isalnum()
    assert len(problems) <= 2 * logcheck.MAX_SCHEMA_PROBLEMS + 2


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("hostile")
    for name, (data, _) in HOSTILE.items():
        (folder / f"{name}.yaml").write_bytes(data)
    for name, data in ACCEPTED.items():
        (folder / f"{name}.yaml").write_bytes(data)
    return folder


@pytest.mark.slow
@pytest.mark.parametrize("name", list(HOSTILE))
def test_hostile_file_gets_one_clear_answer(corpus: Path, name: str) -> None:
    path = corpus / f"{name}.yaml"
    data = path.read_bytes()
    started = time.process_time()
    problems, played = validation.check(path, "f.yaml")
    elapsed = time.process_time() - started
    assert elapsed < TIME_LIMIT, f"{elapsed:.1f}s"
    if played is not None and played.problem is not None:
        problems = [played.problem]
    _assert_clean(problems, "f.yaml")
    assert problems[0].code in HOSTILE[name][1], problems[:3]
    actions = _edits(path)
    if problems[0].layer == "rules":
        actions = actions[:2]  # removing the illegal last move is how to mend the log
    for action in actions:
        with pytest.raises(LogError) as error:
            action()
        _assert_clean(error.value.problems, str(path))
    assert path.read_bytes() == data


@pytest.mark.parametrize("name", list(ACCEPTED))
def test_tolerated_oddities_are_valid(corpus: Path, name: str) -> None:
    problems, played = validation.check(corpus / f"{name}.yaml")
    assert problems == []
    assert played is not None


def test_the_corpus_leaves_no_stray_files(corpus: Path) -> None:
    expected = {f"{name}.yaml" for name in [*HOSTILE, *ACCEPTED]}
    assert {p.name for p in corpus.iterdir()} == expected


def test_first_problem_places(corpus: Path) -> None:
    def first(name: str) -> tuple[int | None, int | None]:
        problems, _ = validation.check(corpus / f"{name}.yaml")
        return problems[0].line, problems[0].column

    assert first("invalid UTF-8") == (2, 11)
    assert first("tabs as indentation") == (3, 1)
    assert first("a raw escape sequence in a note") == (6, 11)
    assert first("duplicate keys") == (3, 1)
    assert first("several documents") == (6, 1)
    assert first("10,000 block lists") == (1, 129)
    assert first("billion laughs") == (1, 4)


def test_alias_bomb_is_never_expanded(corpus: Path) -> None:
    problems, _ = validation.check(corpus / "billion laughs.yaml")
    codes = [p.code for p in problems]
    assert set(codes) <= {"anchor", "alias", "too_many_problems"}
    assert len(problems) <= yamlread.MAX_PROBLEMS + 1


def test_deep_nesting_without_libyaml(monkeypatch: pytest.MonkeyPatch) -> None:
    """The pure-Python parser (no libyaml) is refused just as early, without recursion."""
    import yaml

    monkeypatch.setattr(yamlread, "_loader", lambda: yaml.SafeLoader)
    for data in (b"[" * 10_000 + b"]" * 10_000, b"- " * 10_000 + b"x\n", b"{a: " * 10_000):
        with pytest.raises(LogError) as error:
            gamelog.read_log(data, "f")
        assert error.value.problems[0].code == "too_deep"


# --------------------------------------------------------------------------- size


def test_a_50_megabyte_file_is_refused_before_it_is_read(tmp_path: Path) -> None:
    path = tmp_path / "big.yaml"
    line = b"  - alice: resolve\n"
    with open(path, "wb") as handle:
        handle.write(b"forex: 1\nplayers: [alice, bob]\nseed: x\nmoves:\n")
        handle.write(line * (50_000_000 // len(line)))
    assert path.stat().st_size > 49_000_000
    started = time.process_time()
    problems, _ = validation.check(path)
    assert time.process_time() - started < 1
    assert [(p.layer, p.code) for p in problems] == [("io", "too_large")]
    assert problems[0].message.startswith(f"{path} is 50,0")
    for action in _edits(path):
        with pytest.raises(LogError) as error:
            action()
        assert error.value.problems[0].code == "too_large"
    assert [p.name for p in tmp_path.iterdir()] == ["big.yaml"]


_MEASURE = """
import json, sys, time
from forexcli.record import validation
worst = 0.0
for path in sys.argv[1:]:
    started = time.process_time()
    validation.check(path)
    worst = max(worst, time.process_time() - started)
# The peak resident size of this process (VmHWM; ru_maxrss would count the parent's too).
with open("/proc/self/status") as status:
    peak = next(int(line.split()[1]) for line in status if line.startswith("VmHWM:"))
print(json.dumps({"rss_mb": peak / 1024, "worst_seconds": worst}))
"""


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="needs /proc (Linux)")
def test_memory_stays_bounded_near_the_size_limit(tmp_path: Path) -> None:
    """Files just under the size limit, each in the worst shape, in a fresh process."""
    limit = files.MAX_LOG_BYTES - 1000
    head = b"forex: 1\nplayers: [a, b]\nseed: x\nmoves:\n"
    shapes = {
        "entries": head + b"  - a: resolve\n" * ((limit - len(head)) // 15),
        "flat list": b"x: [" + b"1," * (limit // 2 - 10) + b"1]\n",
        "keys": b"".join(b"k%07d: 1\n" % i for i in range(limit // 12)),
        "aliases": b"a: &a 1\nb: [" + b"*a," * (limit // 3 - 10) + b"*a]\n",
        "one long text": b"title: '" + b"x" * (limit - 20) + b"'\n",
        "deep then wide": b"[" * 60 + b"1," * (limit // 2 - 200) + b"1" + b"]" * 60,
    }
    paths = []
    for name, data in shapes.items():
        assert len(data) <= files.MAX_LOG_BYTES, name
        path = tmp_path / f"{name}.yaml"
        path.write_bytes(data)
        paths.append(str(path))
    baseline = subprocess.run(
        [sys.executable, "-c", _MEASURE], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    done = subprocess.run(
        [sys.executable, "-c", _MEASURE, *paths],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    base = json.loads(baseline.stdout)["rss_mb"]
    measured = json.loads(done.stdout)
    assert measured["worst_seconds"] < TIME_LIMIT
    assert measured["rss_mb"] - base < 200, (base, measured)


# --------------------------------------------------------------------------- paths


def test_paths_that_are_not_logs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    folder = tmp_path / "folder.yaml"
    folder.mkdir()
    locked = tmp_path / "locked.yaml"
    locked.write_bytes(SHORT)
    real_open = open

    def refuse(file: object, *args: object, **kwargs: object) -> object:
        if str(file) == str(locked):
            raise PermissionError(13, "Permission denied")
        return real_open(file, *args, **kwargs)  # type: ignore[call-overload]

    monkeypatch.setattr("builtins.open", refuse)
    cases = {
        fifo: "not_a_file",
        folder: "is_a_directory",
        tmp_path / "missing.yaml": "not_found",
        locked: "unreadable",
    }
    for path, code in cases.items():
        started = time.perf_counter()
        problems, played = validation.check(path)
        assert time.perf_counter() - started < 1
        assert played is None
        assert [(p.layer, p.code) for p in problems] == [("io", code)]
        for action in _edits(path):
            with pytest.raises(LogError) as error:
                action()
            assert [(p.layer, p.code) for p in error.value.problems] == [("io", code)]
    assert locked.read_bytes() == SHORT
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "folder.yaml",
        "locked.yaml",
        "pipe.yaml",
    ]


@pytest.mark.slow
def test_every_hostile_problem_has_a_registered_code(corpus: Path) -> None:
    from forexcli.record.problems import codes

    for name in HOSTILE:
        problems, played = validation.check(corpus / f"{name}.yaml")
        if played is not None and played.problem is not None:
            problems = [played.problem]
        for p in problems:
            assert p.code in codes()[p.layer], (name, p.layer, p.code)
