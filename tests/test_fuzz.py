"""Property tests: mutated logs and random bytes never make the tool fail but cleanly.

Mutations of the golden logs and the examples: entries dropped, duplicated and swapped, lines
dropped, duplicated and swapped, words replaced, bytes inserted, flipped or cut off.  Whatever
comes out, reading gives data or problems (never another exception), every problem is one
printable line, the library's check and ``forex validate``'s agree on every problem, and the
edit functions either refuse and leave the file alone, or write a log that keeps every byte of
the old one and is valid if the old one was (or, if only its digests or signatures were wrong,
still shows that).
"""

from __future__ import annotations

import re
import tempfile
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, example, given, settings
from hypothesis import strategies as st

from forexcli.games.forex.notation import write
from forexcli.games.forex.rules import Spot, legal_decisions
from forexcli.record import edit, gamelog, validation
from forexcli.record.problems import LogError, Problem
from tests.conftest import examples

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = [
    p.read_bytes()
    for p in sorted((ROOT / "tests" / "logs" / "valid").glob("*.yaml"))
    + sorted((ROOT / "examples").glob("*.yaml"))
]
SIGNED = (ROOT / "tests" / "logs" / "valid" / "signed.yaml").read_bytes()
ANNOTATED = (ROOT / "examples" / "annotated-pbem.yaml").read_bytes()
_ENTRY_START = re.compile(rb"^\s*- ")

WORDS = [
    b"0",
    b"1",
    b"-1",
    b"1.5",
    b"9999",
    b"99999999999999999999",
    b".nan",
    b".inf",
    b"~",
    b"true",
    b"[]",
    b"{}",
    b"USD",
    b"XYZ",
    b"alice",
    b"bob",
    b"note",
    b"digest",
    b"resolve",
    b"invest JPY",
    b"contract 1 GBP for 2 CNY",
    b"&a",
    b"*a",
    b"!!python/object:os.system",
    b'"\\u001b[2J"',
    b"\x1b[2J",
    b"\t",
    b"#",
    b":",
    b"- ",
    b"---",
    b"'",
    b'"',
    b"\xff",
    b"\r",
]


def _entry_blocks(lines: list[bytes]) -> list[tuple[int, int]]:
    """Line ranges of the moves' entries (from a dash line to the next one)."""
    starts = [i for i, line in enumerate(lines) if _ENTRY_START.match(line)]
    if not starts:
        return []
    ends = [*starts[1:], len(lines)]
    return list(zip(starts, ends, strict=True))


@st.composite
def mutated(draw: st.DrawFn) -> bytes:
    data = draw(st.sampled_from(SAMPLES))
    for _ in range(draw(st.integers(1, 3))):
        lines = data.splitlines(keepends=True) or [b""]
        blocks = _entry_blocks(lines)
        kind = draw(
            st.sampled_from(
                [
                    "drop entry",
                    "duplicate entry",
                    "swap entries",
                    "drop line",
                    "duplicate line",
                    "swap lines",
                    "replace word",
                    "insert bytes",
                    "flip byte",
                    "cut",
                ]
            )
        )
        if kind.endswith("entry") or kind.endswith("entries"):
            if not blocks:
                continue
            a, b = draw(st.sampled_from(blocks))
            block = lines[a:b]
            if kind == "drop entry":
                lines[a:b] = []
            elif kind == "duplicate entry":
                lines[b:b] = block
            else:
                c, d = draw(st.sampled_from(blocks))
                if (c, d) == (a, b):
                    continue
                (a, b), (c, d) = sorted([(a, b), (c, d)])
                lines = lines[:a] + lines[c:d] + lines[b:c] + lines[a:b] + lines[d:]
            data = b"".join(lines)
        elif kind.endswith("line") or kind.endswith("lines"):
            i = draw(st.integers(0, len(lines) - 1))
            if kind == "drop line":
                del lines[i]
            elif kind == "duplicate line":
                lines.insert(i, lines[i])
            else:
                j = draw(st.integers(0, len(lines) - 1))
                lines[i], lines[j] = lines[j], lines[i]
            data = b"".join(lines)
        elif kind == "replace word":
            spans = [m.span() for m in re.finditer(rb"[^\s:,\[\]{}]+", data)]
            if not spans:
                continue
            start, end = draw(st.sampled_from(spans))
            data = data[:start] + draw(st.sampled_from(WORDS)) + data[end:]
        elif kind == "insert bytes":
            at = draw(st.integers(0, len(data)))
            data = data[:at] + draw(st.binary(min_size=1, max_size=8)) + data[at:]
        elif kind == "flip byte" and data:
            at = draw(st.integers(0, len(data) - 1))
            data = data[:at] + bytes([data[at] ^ draw(st.integers(1, 255))]) + data[at + 1 :]
        elif kind == "cut":
            data = data[: draw(st.integers(0, len(data)))]
    return data


def _clean(problems: list[Problem]) -> None:
    assert problems
    for p in problems:
        assert isinstance(p.message, str) and p.message.isprintable() and p.message
        assert all(h.isprintable() for h in p.hints)
        assert p.line is None or p.line >= 1
        assert p.column is None or p.column >= 1


def _inserted_only(old: bytes, new: bytes) -> bool:
    prefix = 0
    while prefix < len(old) and prefix < len(new) and old[prefix] == new[prefix]:
        prefix += 1
    suffix = 0
    while (
        suffix < len(old) - prefix
        and suffix < len(new) - prefix
        and old[len(old) - 1 - suffix] == new[len(new) - 1 - suffix]
    ):
        suffix += 1
    return prefix + suffix >= len(old) or old[prefix : len(old) - suffix].strip() in (b"[]", b"~")


def _same_problems(path: Path) -> tuple[list[Problem], gamelog.Replay | None]:
    """``validation.check`` of ``path``, having made sure that ``forex validate``'s check of it
    (``validation.check_file``) and ``validation.check`` find exactly the same problems."""
    problems, played = validation.check(path)
    report = validation.check_file(str(path))
    assert report is not None
    assert report.problems == problems
    return problems, played


def _but_appended_unsigned(problems: list[Problem], number: int) -> list[Problem]:
    """``problems`` without the ``unsigned_move`` of move ``number``, appended unsigned here:
    a move in the name of a player whose key the log holds needs their signature (``play``
    refuses it; ``edit.append`` only writes the text)."""
    return [p for p in problems if not (p.code == "unsigned_move" and p.entry == number)]


def _refused(path: Path, data: bytes, actions: list[Callable[[], object]]) -> None:
    """Every action refuses with clean problems and leaves the file as it was."""
    for action in actions:
        try:
            action()
        except LogError as error:
            _clean(error.problems)
        else:
            raise AssertionError("an edit of an invalid log went ahead")
        assert path.read_bytes() == data


def _integrity_kept(path: Path, data: bytes, played: gamelog.Replay, codes: list[str]) -> None:
    """A log whose moves replay but whose digests or signatures are wrong: ``append`` refuses
    it while a digest mismatches, and an edit that goes ahead (a note, or an append after
    a bad signature) does what it says and leaves the same problems for ``validate`` to find."""
    try:
        edit.set_note(str(path), 1, "x")
    except LogError as error:
        _clean(error.problems)
        assert path.read_bytes() == data
    else:
        assert gamelog.load(path).entries[0].note == "x"
        assert sorted(p.code for p in _same_problems(path)[0]) == codes
        path.write_bytes(data)
    if played.final.is_over:
        return
    decision = next(d for d in legal_decisions(played.final) if not isinstance(d, Spot))
    try:
        edit.append(str(path), decision.player, write(decision))
    except LogError as error:
        _clean(error.problems)
        assert path.read_bytes() == data
        return
    assert "digest_mismatch" not in codes
    assert _inserted_only(data, path.read_bytes())
    after = _but_appended_unsigned(_same_problems(path)[0], played.moves + 1)
    assert sorted(p.code for p in after) == codes


def _check_file(data: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "game.yaml"
        path.write_bytes(data)
        problems, played = _same_problems(path)
        event(f"invalid: {problems[0].code}" if problems else "valid")
        if problems:
            _clean(problems)
            if played is None or played.problem is not None:  # not read, or an illegal move
                _refused(
                    path,
                    data,
                    [
                        lambda: edit.append(str(path), "alice", "resolve"),
                        lambda: edit.set_note(str(path), 1, "x"),
                    ],
                )
            else:
                _integrity_kept(path, data, played, sorted(p.code for p in problems))
            return
        assert played is not None
        if re.search(rb"\r(?!\n)", data):
            # A lone carriage return is a line break to YAML: such files are read, not edited.
            try:
                edit.set_note(str(path), 1, "x")
            except LogError as error:
                assert error.problems[0].code in ("cannot_edit", "no_such_entry")
            assert path.read_bytes() == data
            return
        state = played.final
        if not state.is_over:
            decision = next(d for d in legal_decisions(state) if not isinstance(d, Spot))
            edit.append(str(path), decision.player, write(decision), note="fuzz")
            new = path.read_bytes()
            assert _inserted_only(data, new)
            again_problems, again = _same_problems(path)
            assert _but_appended_unsigned(again_problems, played.moves + 1) == []
            assert again is not None
            assert again.moves == played.moves + 1
        if played.log.entries:
            edit.set_note(str(path), 1, "fuzzed: note")
            assert gamelog.load(path).entries[0].note == "fuzzed: note"
            edit.remove_last(str(path))
        assert _same_problems(path)[0] == []
        assert [p.name for p in Path(folder).iterdir()] == ["game.yaml"]


@pytest.mark.slow
@settings(
    max_examples=examples(300),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(mutated())
# A wrong digest where move 1 has a note: the note is replaced, the problem stays.
@example(ANNOTATED.replace(b"digest: 3f7833cc7a9d7760", b"digest: 0123456789abcdef", 1))
def test_mutated_logs_fail_only_cleanly(data: bytes) -> None:
    """A log mutated one to three times (entries, lines, words or bytes) is read and replayed,
    or refused with clean problems (an illegal move's problem names the entry where replay
    stopped), and ``_check_file`` holds for it: check and ``validate`` agree, and every edit
    refuses cleanly or keeps every old byte without hiding a problem."""
    try:
        log = gamelog.read_log(data, "f.yaml")
    except LogError as error:
        _clean(error.problems)
    else:
        played = gamelog.replay(log)
        if played.problem is not None:
            _clean([played.problem])
            assert played.problem.entry == len(played.states) + 1
    _check_file(data)


@settings(max_examples=examples(300), deadline=None)
@given(st.binary(max_size=400))
def test_random_bytes_fail_only_cleanly(data: bytes) -> None:
    """Any bytes at all are read as a log or refused with clean problems (one printable line
    each, places from 1), never with another exception."""
    try:
        log = gamelog.read_log(data, "f.yaml")
    except LogError as error:
        _clean(error.problems)
        return
    played = gamelog.replay(log)
    if played.problem is not None:
        _clean([played.problem])


@pytest.mark.slow
@settings(max_examples=examples(200), deadline=None)
@given(
    st.sampled_from(SAMPLES),
    st.integers(min_value=0),
    st.one_of(
        st.binary(min_size=1, max_size=30),
        st.text(alphabet=" \n-:#[]{}&*!|>'\"%@`,?ab09.\t\r\\", min_size=1, max_size=20).map(
            str.encode
        ),
    ),
)
@example(SIGNED, SIGNED.index(b"seed: x") + len(b"seed: "), b"(")  # seed: (x
def test_bytes_spliced_into_valid_logs_fail_only_cleanly(
    sample: bytes, where: int, junk: bytes
) -> None:
    """Bytes or YAML punctuation spliced anywhere into a valid log: ``_check_file`` holds (as
    for the mutated logs), whether the splice leaves the log valid, breaks its reading or
    its moves, or only its digests and signatures (as ``seed: (x`` does: another seed is
    another set-up)."""
    at = where % (len(sample) + 1)
    _check_file(sample[:at] + junk + sample[at:])
