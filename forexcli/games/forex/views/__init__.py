"""For-Ex's words for what a game shows: how it ended, what decided the strongest currency,
the next dividend, how money is converted.  Plain text; the reporters clean and lay it out."""

from __future__ import annotations

from ...defaults import AgreementWords
from ..rules import GameState, format_halves
from ..rules.state import DIVIDENDS_HALVES

AGREEMENT_WORDS = AgreementWords(
    "spot deal",
    "a spot transaction's partner",
    "the spot",
    "the spot partner",
    declined="spot_declined",
    unagreed="unagreed_spot",
)
"""An entry whose partner must agree, who that is, and the codes of a declined offer and of a
deal not countersigned (``Game.agreement_words``; the codes are in ``game.CODES``)."""

ENDINGS = {
    "last_dividend": "after the last dividend",
    "bankruptcy": "by a bankruptcy",
    "last_dividend_then_bankruptcy": "by a bankruptcy in the final settlement",
}
"""How a game ended (``Result.ending``), as the end of ``game over ...``."""

DECIDED_BY = {
    "pairs": "stronger in the most pairs",
    "certificates": "tied on pairs, most certificates in hands",
    "choice": "tied, chosen by the last player",
}
"""What made a currency the strongest (``Result.decided_by``)."""


def next_dividend(state: GameState) -> str:
    """``dividend 3 of 5 pays 2 per certificate``, or that none are left."""
    if not state.dividends_left:
        return "no dividends left"
    index = len(DIVIDENDS_HALVES) - state.dividends_left
    return (
        f"dividend {index + 1} of 5 pays {format_halves(DIVIDENDS_HALVES[index])} per certificate"
    )


def conversion_sentence(state: GameState, code: str) -> str:
    """How money is converted to ``code`` under the house rules, in one sentence."""
    if state.house.rounding == "total":
        return (
            f"Money is converted to {code} exactly and only the total is rounded down"
            " (the columns from each currency are rounded down)."
        )
    return f"Money is converted to {code} one currency at a time, each rounded down."
