"""Tamper evidence: ``forexcli.record.digests.check_digests``."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from forexcli.games.base import canonical_json
from forexcli.games.base import state_digest as frame_digest
from forexcli.games.forex.snapshot import state_digest
from forexcli.record import gamelog
from forexcli.record.digests import check_digests, recomputed
from tests.games.forex.test_catchup import log_text, play, replay_text, scripted_entries, write_log

ENTRIES = [
    ("alice", "invest USD"),
    ("bob", "invest EUR"),
    ("carol", "invest JPY"),
    ("alice", "contract 1 GBP for 2 CAD"),
    ("bob", "resolve"),  # dividend 1: a tie, bob chooses
    ("bob", "strengthen USD"),
]


def _played(tmp_path: Path) -> Path:
    path = write_log(tmp_path / "game.yaml")
    play(path, ENTRIES, digest=True)
    return path


def _load(path: Path) -> gamelog.Replay:
    return gamelog.replay(gamelog.load(path))


def _line_col(text: str, needle: str, occurrence: int = 1) -> tuple[int, int]:
    """1-based line and column of the ``occurrence``-th ``needle``."""
    offset = -1
    for _ in range(occurrence):
        offset = text.index(needle, offset + 1)
    line = text.count("\n", 0, offset) + 1
    column = offset - (text.rfind("\n", 0, offset) + 1) + 1
    return line, column


def test_played_log_has_matching_digests(tmp_path: Path) -> None:
    path = _played(tmp_path)
    text = path.read_text()
    assert text.count("digest: ") == len(ENTRIES)
    played = _load(path)
    assert played.problem is None
    assert check_digests(played) is None
    assert [e.digest for e in played.log.entries] == recomputed(played)
    assert recomputed(played)[0] == state_digest(played.states[0])


def test_log_without_digests_is_valid() -> None:
    played = replay_text(log_text(scripted_entries(12, seed=2)))
    assert all(e.digest is None for e in played.log.entries)
    assert check_digests(played) is None


def test_edited_history_is_found_at_the_first_changed_state(tmp_path: Path) -> None:
    path = _played(tmp_path)
    text = path.read_text()
    # Move 2 said `invest EUR`; someone rewrites it to `invest CHF` (still legal).
    forged = text.replace("bob: invest EUR", "bob: invest CHF")
    assert forged != text
    path.write_text(forged)
    played = _load(path)
    assert played.problem is None  # the rules alone cannot see it
    problem = check_digests(played)
    assert problem is not None
    assert problem.code == "digest_mismatch"
    assert problem.layer == "rules"
    assert problem.entry == 2
    assert problem.file == str(path)
    recorded = played.log.entries[1].digest
    assert recorded is not None
    actual = state_digest(played.states[1])
    assert (problem.line, problem.column) == _line_col(forged, recorded)
    assert problem.line is not None and problem.column is not None
    line_text = forged.splitlines()[problem.line - 1]
    assert line_text[problem.column - 1 :] == recorded
    assert "move 2: bob: invest CHF" in problem.message
    assert recorded in problem.message and actual in problem.message
    assert any("different version of the rules" in hint for hint in problem.hints)
    assert any(
        hint.endswith("move 1 still matches: the change is in move 2") for hint in problem.hints
    )
    assert problem.where() == f"{path}:{problem.line}:{problem.column}"


def test_edited_digest_value(tmp_path: Path) -> None:
    path = _played(tmp_path)
    played = _load(path)
    fourth = played.log.entries[3].digest
    assert fourth is not None
    path.write_text(path.read_text().replace(fourth, "0123456789abcdef"))
    problem = check_digests(_load(path))
    assert problem is not None and problem.entry == 4
    assert "0123456789abcdef" in problem.message and fourth in problem.message


def test_edited_set_up_is_found_at_the_first_digest(tmp_path: Path) -> None:
    path = _played(tmp_path)
    # The removed certificates are part of the state (the supply).
    path.write_text(path.read_text().replace("CAD: 1}", "CNY: 1}"))
    played = _load(path)
    assert played.problem is None
    problem = check_digests(played)
    assert problem is not None and problem.entry == 1
    assert any("no earlier move has a digest" in hint for hint in problem.hints)


def test_hand_written_entries_are_not_checked(tmp_path: Path) -> None:
    path = _played(tmp_path)
    # Two more moves written by hand, without digests.
    text = path.read_text() + "  - carol: invest GBP\n  - alice: invest CAD\n"
    path.write_text(text)
    played = _load(path)
    assert played.problem is None and len(played.states) == 8
    assert check_digests(played) is None
    # A digest after hand-written entries is still checked, and the hint narrows the change.
    entries = [*ENTRIES, ("carol", "invest GBP"), ("alice", "invest CAD")]
    digests = {1: recomputed(played)[0], 8: "f" * 16}
    played = replay_text(log_text(entries, digests=digests))
    problem = check_digests(played)
    assert problem is not None and problem.entry == 8
    assert any("moves 2 to 8" in hint for hint in problem.hints)


def test_entries_after_an_illegal_one_are_not_checked() -> None:
    good = replay_text(log_text(ENTRIES[:2]))
    digests = {1: recomputed(good)[0], 3: "0" * 16}
    entries = [ENTRIES[0], ("alice", "invest EUR"), ENTRIES[2]]  # move 2 is not alice's
    played = replay_text(log_text(entries, digests=digests))
    assert played.problem is not None and played.problem.entry == 2
    assert check_digests(played) is None


def test_digest_message_escapes_log_text() -> None:
    entries = [("al\u202eice", "invest USD")]
    text = log_text(entries, players=("al\u202eice", "bob"), digests={1: "0" * 16})
    played = replay_text(text)
    problem = check_digests(played)
    assert problem is not None
    assert "\u202e" not in problem.message and "al\\u202eice" in problem.message


def test_a_digest_that_looks_like_a_number(tmp_path: Path) -> None:
    """Move 12 of this game has digest 0001587155712934: it must be written quoted."""
    entries = scripted_entries(12, seed=35)
    path = write_log(tmp_path / "game.yaml", entries[:11])
    play(path, entries[11:], digest=True)
    assert '"0001587155712934"' in path.read_text()
    played = _load(path)
    assert played.log.entries[11].digest == "0001587155712934"
    assert check_digests(played) is None


def test_a_stretch_of_one_move_is_named_as_one() -> None:
    from forexcli.record.problems import moves_text

    assert moves_text(4, 4) == "move 4"
    assert moves_text(1, 3) == "moves 1 to 3"


_JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(min_value=-(2**80), max_value=2**80)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.text(max_size=6), inner, max_size=4)
        | st.dictionaries(st.integers(), inner, max_size=3)
    ),
    max_leaves=20,
)


def _dumps(value: Any) -> bytes:
    return json.dumps(value, sort_keys=True, separators=(",", ":")).encode("utf-8")


@settings(max_examples=400, deadline=None)
@given(_JSON_VALUES)
def test_canonical_json_is_json_dumps_sorted(value: Any) -> None:
    """The digest's canonical JSON (msgspec where surely the same) is json.dumps's, byte for
    byte: escapes, non-ASCII text, floats in exponent form and keys that are not text
    included."""
    assert canonical_json(value) == _dumps(value)


def test_every_state_of_the_examples_has_the_digest_of_its_json() -> None:
    """Every state of every example log of both games: the frame's digest is the SHA-256 of
    json.dumps of its view, and For-Ex's own (``snapshot.state_digest``) the same."""
    root = Path(__file__).resolve().parents[2] / "examples"
    paths = [*root.glob("*.yaml"), *(root / "world-exchangers").glob("*.yaml")]
    games_seen = set()
    for path in paths:
        played = gamelog.replay(gamelog.load(path))
        game = played.log.game
        games_seen.add(game.name)
        for state in [played.initial, *played.states]:
            expected = hashlib.sha256(_dumps(game.view(state))).hexdigest()[:16]
            assert frame_digest(game, state) == expected
            if game.name == "for-ex":
                assert state_digest(state) == expected
    assert games_seen == {"for-ex", "world-exchangers"}
