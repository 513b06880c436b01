"""World Exchangers' rules in short, for a newcomer (``forex rules --game world-exchangers``;
``Game.rules_summary``): checked against the rulebook and docs/worldex-rules.md.  A string a
paragraph, ``- `` starting an item of a list; the frame wraps them to the width."""

from __future__ import annotations

SUMMARY = (
    "World Exchangers: the rules in short",
    "The goal. 2 to 4 players buy and sell city cards over 12 months. Each player's cash, "
    "marked month by month, draws a line across their board, and the symbols it crosses "
    "bring rewards. The highest total of cities, cash and rewards wins.",
    "The set-up. Each player gets 3 starting cities and starts with 1,300 less their base "
    "values, and a role card (side A: Felix, Wigstan and Rue gain a green, orange or blue "
    "symbol at the end, Estelle a media at once). The sale area shows 5 cities; one mid-year "
    "and one year-end trend card are face up. The holder of the red marker starts (nobody: "
    "the log names who does) and starts every month.",
    "A turn. One action:",
    "- buy a city from the sale area for its base value (buy Vienna). Cash never goes below 0.",
    "- sell one of your cities back to the sale area for its price this month, the bonus "
    "price in its bonus months (sell Dubai). Cash above 1,000 is lost.",
    "- Once a game each, a box lets you buy two (buy Vienna, Roma +box) or sell two in one "
    "turn. Pass only when you can neither buy nor sell.",
    "When the sale area holds 2 or fewer cards, it is refilled to 5 from the deck.",
    "The cash line. The new cash is marked at this month and joined by a straight line to "
    "last month's mark. You gain the symbols of the spaces it passes through and stops on: "
    "media symbols move your media marker at once; investment symbols (green, orange, blue) "
    "and settlement stars count at the end. A city sold in its red month also draws a "
    "celebration ring around the end of the line, whose symbols count too.",
    "Trend cards. At the end of month 6 every player who meets the mid-year card's condition "
    "gains 1 media; then the sale area leaves the game and 5 new cards are turned up. At the "
    "end of month 12 the year-end card gives or takes coins, and the game ends.",
    "Role cards on side B spend media on the player's turn: Felix 1 for a celebration ring, "
    "Wigstan 1 for each 100 coins more on a sale, Rue 2 for a second card (not with a box), "
    "Estelle 1 to discard cards from the sale area and refill it.",
    "The scoring. Each player adds: the base values of their cities; their cash in month 12; "
    "their settlement points (stars stopped on, and stars on their cities: 1 to 5 give 200, "
    "500, 900, 1,400 and 2,000); for each colour, their cities of that colour times that "
    "colour's symbols times 100; what the year-end card gives or takes; and the media ranking"
    " (2 players: 500 to the first; 3: 800 and 400; 4: 900, 600 and 300; tied players share)."
    " The highest total wins; a tie goes to more city cards, then more cash, else the victory"
    " is shared.",
)
"""The summary: its heading, then its paragraphs and list items (``- ``), one string each."""
