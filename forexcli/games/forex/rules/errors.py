"""Typed errors of the rules core, each with a stable code."""

from __future__ import annotations


class ForexError(Exception):
    """Base class of every error the rules core raises."""

    code = "forex_error"

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class SetupError(ForexError):
    """The game cannot be set up as asked (players, first player, removed certificates)."""

    code = "bad_setup"


class IllegalDecision(ForexError):
    """A decision that the rules do not allow in this state."""

    code = "illegal_decision"


class GameOver(IllegalDecision):
    """A decision after the game has ended."""

    code = "game_over"


class NotYourDecision(IllegalDecision):
    """The decision is made by a player who is not the one to decide now."""

    code = "not_your_turn"


class WrongDecisionKind(IllegalDecision):
    """The decision is of a kind that is not awaited now."""

    code = "wrong_decision_kind"


class UnknownName(IllegalDecision):
    """A player or currency that does not exist in this game."""

    code = "unknown_name"


class InsufficientFunds(IllegalDecision):
    """A player does not hold the money a decision needs."""

    code = "insufficient_funds"


class SpotRefused(IllegalDecision):
    """A spot transaction that breaks the spot rules."""

    code = "illegal_spot"


class ContractRefused(IllegalDecision):
    """A contract that breaks the contract rules."""

    code = "illegal_contract"


class InvestRefused(IllegalDecision):
    """An investment that breaks the invest rules."""

    code = "illegal_invest"


class DivestRefused(IllegalDecision):
    """A divest, or a divest response, that breaks the divest rules."""

    code = "illegal_divest"


class ChoiceRefused(IllegalDecision):
    """A tie choice outside the tied currencies."""

    code = "illegal_choice"
