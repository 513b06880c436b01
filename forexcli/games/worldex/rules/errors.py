"""Typed errors of World Exchangers' rules core, each with a stable code.

The codes that mean the same as For-Ex's (``game_over``, ``not_your_turn``,
``wrong_decision_kind``, ``unknown_name``, ``insufficient_funds``,
``bad_setup``) are spelled the same, so the frame can list them once.
"""

from __future__ import annotations


class WorldexError(Exception):
    """Base class of every error the rules core raises; ``reason`` names the numbers.

    ``hints`` are what to do about it; ``unknown`` is a name that is not in the game with the
    names that are (``("Viena", ("Vienna", ...))``), for the frame's "did you mean" hint.
    ``field`` is the field of ``Setup`` a refused set-up is about (``seed_sha256``,
    ``roles``, ...), for the frame to place the problem where the log gives it.
    """

    code = "worldex_error"

    def __init__(
        self,
        reason: str,
        *,
        hints: tuple[str, ...] = (),
        unknown: tuple[str, tuple[str, ...]] | None = None,
        field: str | None = None,
    ) -> None:
        super().__init__(reason)
        self.reason = reason
        self.hints = hints
        self.unknown = unknown
        self.field = field


class ComponentsError(WorldexError):
    """The components data (cards, boards, trend and role cards) is inconsistent."""

    code = "bad_components"


class SetupError(WorldexError):
    """The game cannot be set up as asked (players, dealt cards, sides, seed)."""

    code = "bad_setup"


class UnknownPlayer(SetupError):
    """The set-up names as first a player who is not among the players."""

    code = "unknown_player"


class FirstPlayerNeeded(SetupError):
    """Nobody holds the red marker and the set-up names no starting player."""

    code = "first_needed"


class IllegalDecision(WorldexError):
    """A decision that the rules do not allow in this state."""

    code = "illegal_decision"


class GameOver(IllegalDecision):
    """A decision after the game has ended."""

    code = "game_over"


class NotYourDecision(IllegalDecision):
    """The decision is made by someone who is not the one to decide now."""

    code = "not_your_turn"


class WrongDecisionKind(IllegalDecision):
    """The decision is of a kind that is not awaited now."""

    code = "wrong_decision_kind"


class UnknownName(IllegalDecision):
    """A player or city card that does not exist in this game."""

    code = "unknown_name"


class CardUnavailable(IllegalDecision):
    """A card that is not where the decision needs it (sale area, the player's cities)."""

    code = "card_unavailable"


class InsufficientFunds(IllegalDecision):
    """A purchase the player's cash cannot pay (cash never goes below 0)."""

    code = "insufficient_funds"


class BoxUsed(IllegalDecision):
    """The once-per-game buy-two or sell-two box is already crossed, or cannot be used now."""

    code = "box_used"


class AbilityRefused(IllegalDecision):
    """A role ability the player's role card, its side or their media cannot pay for."""

    code = "ability_refused"


class RingAlreadyDrawn(IllegalDecision):
    """Felix's paid ring on a turn whose red-month sale draws the turn's ring anyway."""

    code = "ring_already_drawn"


class PassRefused(IllegalDecision):
    """A pass while the player can buy or sell."""

    code = "pass_refused"


class BadReveal(IllegalDecision):
    """Revealed cards that are not in the deck, repeat, or are not the number needed."""

    code = "bad_reveal"


class DealMismatch(IllegalDecision):
    """Revealed cards that differ from the deal the game's seed gives."""

    code = "deal_mismatch"


CODES: tuple[str, ...] = (
    "bad_components",
    "bad_setup",
    "unknown_player",
    "first_needed",
    "game_over",
    "not_your_turn",
    "wrong_decision_kind",
    "unknown_name",
    "card_unavailable",
    "insufficient_funds",
    "box_used",
    "ability_refused",
    "ring_already_drawn",
    "pass_refused",
    "bad_reveal",
    "deal_mismatch",
)
"""Every code the core can raise (a test keeps this complete)."""
