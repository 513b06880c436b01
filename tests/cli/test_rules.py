"""``forex rules``: each shipped game's rules in short, wrapped to the terminal (the toy game's
refusal is in tests/test_third_game.py)."""

from __future__ import annotations

import pytest

from forexcli.reporters import text_width
from tests.cli.test_commands import run


@pytest.mark.parametrize(
    ("args", "heading", "told"),
    [
        (
            [],
            "For-Ex: the rules in short",
            [
                "the most money wins",
                "contract:",
                "invest:",
                "divest:",
                "resolve:",
                "After the fifth dividend there are no more turns",
                "converts each currency into it separately, rounding down",
            ],
        ),
        (
            ["--game", "world-exchangers"],
            "World Exchangers: the rules in short",
            [
                "over 12 months",
                "buy a city from the sale area for its base value",
                "sell one of your cities back",
                "At the end of month 6",
                "At the end of month 12",
                "The highest total wins",
            ],
        ),
    ],
)
@pytest.mark.parametrize("columns", ["40", "60", "200"])
def test_rules_tells_each_games_rules_in_short_within_the_width(
    args: list[str], heading: str, told: list[str], columns: str
) -> None:
    """Nothing in the tool taught the rules (only docs/rules.md, not installed); now forex
    rules prints the goal, each kind of decision, the end and the scoring: a screen or two,
    wrapped to the terminal (80 columns at most)."""
    result = run(["rules", *args], COLUMNS=columns)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == heading and lines[1] == ""
    said = " ".join(result.stdout.split())
    assert all(sentence in said for sentence in told), said
    assert max(text_width(line) for line in lines) <= min(int(columns), 80)
    if columns == "200":  # a screen or two at its 80 columns (60 lines), not a rulebook
        assert len(lines) <= 60
