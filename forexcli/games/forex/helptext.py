"""What For-Ex adds to the commands' help (``Game.help_texts``): each part by its topic, put
where a command's help writes ``{games:TOPIC}`` (``cli.with_game_texts``).  A part that stands
as a paragraph is a docstring's paragraphs; a part within a sentence is run into it as written,
with its own leading space or punctuation."""

from __future__ import annotations

HELP_TEXTS = {
    "new": """
        The log records the seat order, the first player and the 6 certificates
        removed at set-up (given, or drawn from a seed), the house rules if any,
        with no moves yet.""",
    "new --engine": " answer the spot offers to its seats and",
    "seat": ", and answers the spot offers made to them",
    "play": """
        \b
          forex play game.yaml bob contract 6 USD for 12 JPY
          forex play game.yaml bob "spot 1 GBP to carol for 1.5 EUR; invest USD\"""",
    "play --engine": " A spot deal it makes with a person waits as an open offer in an unsigned"
    " game (the person answers accept or decline), and awaits the partner's signature in a"
    " signed one.",
    "play replies": " A spot offered to an engine seat is answered by the engine: one it"
    " declines is refused (spot_declined). The engine's offer to a person waits for the"
    " answer: forex play FILE NAME accept (or decline).",
    "moves": """
        Decisions are grouped to fit the terminal (COLUMNS): investments,
        divests, divest answers, tie choices, spot offers summed per partner, and
        the contracts per currency pair as a range (1-10 GBP for 1.5-15 USD: every
        contract between its ends, either currency paid), with a contract each
        way written exactly as forex play takes it.""",
    "moves --kind": " (a spot offer with the actions only it makes possible, else the first"
    " action legal after it)",
    "moves --all": "; then each spot offer with the actions that only it makes possible"
    " (spot ...; ACTION), or with the first action legal after it when it makes none"
    " possible",
    "chart": """
        For-Ex: one line per currency, at the start and after every move; dashed
        lines mark the dividends. A currency's strength is how far its six pairs
        stand from 1:1, counted up where it is the stronger side and down where
        it is the weaker: the seven strengths add up to 0.""",
}
"""For-Ex's parts of the help by topic (see the module)."""
