"""The page frame (``forexcli.pages``): the deltas between positions that every game's
replay page carries and its script applies."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from forexcli.pages import apply_delta, delta

# --------------------------------------------------------------------------- deltas

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-5, 5)
    | st.sampled_from([0.5, 1.0, 2.5])
    | st.text(max_size=3),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=2), inner, max_size=4)
    ),
    max_leaves=20,
)


@given(json_values, json_values)
def test_a_delta_turns_the_old_value_into_the_new(old: Any, new: Any) -> None:
    """Between any two JSON values, ``apply_delta(old, delta(old, new))`` is ``new`` as JSON text
    (1, 1.0 and true kept apart), also after the delta goes through JSON."""
    patch = delta(old, new)
    after = apply_delta(old, patch)
    # Equal as JSON text: 1, 1.0 and true stay apart.
    assert json.dumps(after, sort_keys=True) == json.dumps(new, sort_keys=True)
    assert json.dumps(apply_delta(old, json.loads(json.dumps(patch))), sort_keys=True) == (
        json.dumps(new, sort_keys=True)
    )


def test_delta_format() -> None:
    assert delta({"a": 1, "b": [1, 2], "c": 3}, {"a": 1, "b": [1, 5], "d": None}) == {
        "c": [],
        "b": {"1": [5]},
        "d": [None],
    }
    assert delta([1, 2], [1, 2, 3]) == [[1, 2, 3]]
    assert delta({"a": 1}, {"a": 1.0}) == {"a": [1.0]}
    assert delta({"a": {"x": 1}}, {"a": {"x": 1}}) == {}
