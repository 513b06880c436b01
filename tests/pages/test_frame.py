"""The page frame (``forexcli.pages``): the deltas between positions that every game's
replay page carries and its script applies, and what every game's page holds to (its
content security policy), run over every registered game."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from forexcli import pages
from forexcli.pages import apply_delta, delta
from tests.cli.test_commands import run
from tests.cli.test_pages import Tags
from tests.every_game import EXAMPLES, registered

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


# --------------------------------------------------------------------------- every game


@pytest.mark.parametrize("game", sorted(EXAMPLES))
def test_content_security_policy_allows_only_the_page_itself(game: str) -> None:
    """Every game's page (``forex html``) allows its own script and style alone, and reaches
    no network."""
    with registered(game):
        done = run(["html", str(EXAMPLES[game]), "-o", "-"])
    assert done.exit_code == 0, done.output
    page = done.stdout
    policy = re.search(r'http-equiv="Content-Security-Policy" content="([^"]+)"', page)
    assert policy is not None
    text = policy.group(1).replace("&#39;", "'")
    rules = dict(part.split(" ", 1) for part in text.split("; "))
    assert rules["default-src"] == "'none'"
    assert rules["base-uri"] == "'none'" and rules["form-action"] == "'none'"
    parser = Tags()
    parser.feed(page)
    script = parser.scripts[1]
    style = re.search(r"<style>(.*?)</style>", page, re.S)
    assert style is not None
    assert rules["script-src"] == f"'{pages._sha256(script)}'"
    assert rules["style-src"] == f"'{pages._sha256(style.group(1))}'"
    # Nothing that could reach a network: no URL but the page's own fragments.
    for _tag, attrs in parser.tags:
        for attribute in ("src", "href", "action"):
            value = attrs.get(attribute)
            assert value is None or value.startswith("#move-"), (attribute, value)
    assert not re.search(r"https?://(?!www\.w3\.org/2000/svg)", page)
    assert "@import" not in page and "url(" not in page
