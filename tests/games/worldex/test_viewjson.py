"""World Exchangers' digest, written a part at a time, is the digest of its whole view."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from forexcli.games import canonical
from forexcli.games.worldex import WORLDEX, viewjson
from forexcli.games.worldex.rules import (
    Decision,
    Mark,
    Reveal,
    Setup,
    State,
    apply,
    legal_decisions,
    new_game,
    seeded_deal,
)
from forexcli.games.worldex.rules.components import Symbols
from forexcli.record import gamelog
from tests.games.worldex.helpers import COMPONENTS, first_unless_red

ROOT = Path(__file__).resolve().parents[3]


def dumped_digest(state: State) -> str:
    """The digest as defined: json.dumps of the view, sorted keys, no spaces."""
    text = json.dumps(WORLDEX.view(state), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def test_every_state_of_the_example_has_the_digest_of_its_view() -> None:
    played = gamelog.replay(
        gamelog.load(ROOT / "examples" / "world-exchangers" / "three-players.yaml")
    )
    states = [played.initial, *played.states]
    assert len(states) > 30
    for state in states:
        assert WORLDEX.digest(state) == dumped_digest(state)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    names=st.lists(
        st.text(st.characters(codec="utf-8"), min_size=1, max_size=5)
        .map(str.strip)
        .filter(lambda name: bool(name) and name != "deck" and ":" not in name),
        min_size=2,
        max_size=4,
        unique=True,
    ),
    seed=st.text("abc012", min_size=1, max_size=4),
    choices=st.lists(st.integers(0, 50), min_size=400, max_size=400),
)
def test_random_games_have_the_digest_of_their_view(
    names: list[str], seed: str, choices: list[int]
) -> None:
    """Every state of random games, whatever the players' names (non-ASCII, quotes and
    backslashes, which json.dumps escapes), has the digest of its whole view."""
    deal = seeded_deal(COMPONENTS, seed, len(names))
    first = first_unless_red(names, deal.roles)
    state = new_game(COMPONENTS, Setup(tuple(names), first=first, deal="seed", seed=seed))
    for choice in choices:
        assert WORLDEX.digest(state) == dumped_digest(state)
        if state.is_over:
            return
        legal = legal_decisions(state)
        decision: Decision = legal[choice % len(legal)]
        assert not isinstance(decision, Reveal) or state.order_known
        state = apply(state, decision)
    assert state.is_over


def test_the_parts_kept_are_forgotten_past_the_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    """With room for a few parts only, the cache is emptied again and again, and every
    digest stays right."""
    monkeypatch.setattr(viewjson, "MAX_KEPT", 5)
    viewjson._WRITTEN.clear()
    played = gamelog.replay(
        gamelog.load(ROOT / "examples" / "world-exchangers" / "three-players.yaml")
    )
    for state in played.states:
        assert WORLDEX.digest(state) == dumped_digest(state)
        assert len(viewjson._WRITTEN) <= 5
    viewjson._WRITTEN.clear()


_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3)
    ),
    max_leaves=12,
)


@settings(max_examples=300, deadline=None)
@given(
    value=st.dictionaries(st.text(max_size=4), _VALUES, max_size=5),
    key=st.text(max_size=4),
    items=st.lists(_VALUES, max_size=4),
)
def test_json_around_written_items_is_json_dumps(
    value: dict[str, Any], key: str, items: list[Any]
) -> None:
    """``canonical_json_around`` of a dict and items already written is json.dumps of the
    whole, byte for byte, whatever the keys sort before or after ``key``."""
    value.pop(key, None)
    whole = {**value, key: items}
    written = [canonical.canonical_json(item) for item in items]
    expected = json.dumps(whole, sort_keys=True, separators=(",", ":")).encode("utf-8")
    assert canonical.canonical_json_around(value, key, written) == expected


def test_a_line_is_written_again_when_its_last_month_follows_other_months() -> None:
    """A line of months is kept by its last mark: the same mark after other months (a
    player made by hand, not by the rules) is written from its own months."""
    played = gamelog.replay(
        gamelog.load(ROOT / "examples" / "world-exchangers" / "three-players.yaml")
    )
    state = played.states[-1]
    player = state.players[0]
    assert len(player.marks) > 2
    for state_now in played.states:
        WORLDEX.digest(state_now)  # every line of the game kept
    shortened = msgspec.structs.replace(player, marks=player.marks[1:])
    changed = msgspec.structs.replace(state, players=(shortened, *state.players[1:]))
    assert WORLDEX.digest(changed) == dumped_digest(changed)
    assert WORLDEX.digest(state) == dumped_digest(state)


_SYMBOLS = st.builds(
    Symbols, *(st.integers(-3, 3) for _ in ("green", "orange", "blue", "media", "star"))
)


@settings(max_examples=200, deadline=None)
@given(
    mark=st.builds(
        Mark,
        month=st.integers(0, 12),
        cash=st.integers(0, 1000),
        action=st.sampled_from(("buy", "sell", "pass")),
        cards=st.lists(st.text(max_size=6), max_size=2).map(tuple),
        gained=_SYMBOLS,
        ring=st.booleans(),
        extra_cash=st.integers(0, 300),
        lost=st.integers(0, 300),
    )
)
def test_a_month_is_written_as_its_view(mark: Mark) -> None:
    """The digest writes a ``Mark`` itself (msgspec, or json.dumps through
    ``msgspec.to_builtins`` for city names it escapes): the canonical JSON of its view, zero
    symbols left out as ``Symbols.as_dict`` leaves them."""
    assert canonical.canonical_json(mark) == canonical.canonical_json(viewjson.mark_view(mark))
    assert canonical.canonical_json(mark.gained) == canonical.canonical_json(mark.gained.as_dict())
