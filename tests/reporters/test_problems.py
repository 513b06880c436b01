"""Problems as text: the hints' wrapping (``reporters.problems.hint_text``)."""

from __future__ import annotations

import pytest

from forexcli.reporters.problems import hint_text


def test_a_command_longer_than_the_room_starts_on_the_hint_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A hint whose command does not fit beside ``hint:`` goes over the width on that line,
    never leaving ``hint:`` alone above it (as the edited_move hint did at 80 columns)."""
    monkeypatch.setenv("COLUMNS", "80")
    hint = "forex validate --format json lists every signature and digest this covers"
    assert hint_text(hint) == "  hint: " + hint
    said = hint_text(f"{hint}, and a sentence after it that wraps below the command")
    first, *rest = said.split("\n")
    assert first == "  hint: " + hint + ","
    assert rest == ["        and a sentence after it that wraps below the command"]
    assert hint_text("forex show FILE says who decides next") == (
        "  hint: forex show FILE says who decides next"
    )
