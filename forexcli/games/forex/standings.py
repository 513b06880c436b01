"""Standings and risks of a game as it stands: a projection, never a rule of its own.

Three questions, each answered by the engine's own functions on a
``GameState`` (pure: no I/O, no click, tabulate, ruamel or jsonschema):

- :func:`projection`: **if the game ended now**, with the money as held
  (the queue not settled), which currency would score (the engine's
  ``strongest_candidates``; a remaining tie gives every candidate) and each
  player's converted money and rank (the engine's ``final_scores``, house
  rules honoured).  At the end of a game it equals the game's result.
- :func:`queue_risks`: for each item of the queue, what **resolving it now**
  would do: the item is put at the front of a copy of the state and the
  engine resolves it (``apply_with_events``), so that paid, a new loan of
  the amount + 1, a debt merged into the owner's loan (house rule
  ``merged_loan`` honoured) or a bankruptcy are the engine's verdicts; the
  amount short, per currency, is what the owner lacks.
- :func:`exposures`: per player, what their contracts and loan in the queue
  owe against what they hold, per currency.
"""

from __future__ import annotations

from typing import Optional

from msgspec import Struct
from msgspec.structs import replace

from .rules import (
    Contract,
    DividendStack,
    Event,
    GameState,
    Loan,
    Pending,
    Phase,
    QueueItem,
    Resolve,
    Result,
    apply_with_events,
    final_scores,
    strongest_candidates,
)
from .rules.board import NUM_CURRENCIES

PROJECTION_ENDING = "projection"
"""``Result.ending`` of a projection made while the game goes on."""


# --------------------------------------------------------------------------- if it ended now


class Projection(Struct, frozen=True):
    """The final scoring applied to a position as it stands.

    ``candidates`` holds the strongest currency, or the currencies still
    tied after pairs and certificates (the player of the last turn would
    choose); ``decided_by`` is ``pairs`` or ``certificates`` (what narrowed
    the field, as in ``Result``); ``results`` has one ``Result`` per
    candidate, in the same order (``decided_by`` ``choice`` when tied).
    """

    candidates: tuple[int, ...]
    decided_by: str
    results: tuple[Result, ...]

    @property
    def tied(self) -> bool:
        """True when more than one currency could score."""
        return len(self.candidates) > 1

    def result_for(self, currency: int) -> Result:
        """The projected result if ``currency`` scores; ``ValueError`` if it cannot."""
        return self.results[self.candidates.index(currency)]


def projection(state: GameState) -> Projection:
    """What the final scoring would give if the game ended now (money as held)."""
    candidates, decided_by = strongest_candidates(state.board, state.certs)
    chosen = "choice" if len(candidates) > 1 else decided_by
    results = []
    for currency in candidates:
        converted, totals, ranks = final_scores(
            state.board, state.money, state.certs, currency, state.house, state.bankrupt
        )
        results.append(
            Result(
                ending=state.ending or PROJECTION_ENDING,
                strongest=currency,
                decided_by=chosen,
                converted=converted,
                totals=totals,
                ranks=ranks,
                bankrupt=state.bankrupt,
            )
        )
    return Projection(candidates, decided_by, tuple(results))


# --------------------------------------------------------------------------- the queue


PAID = "paid"
NEW_LOAN = "loan"
MERGED = "merged"
BANKRUPTCY = "bankruptcy"
DIVIDEND = "dividend"
OUTCOMES = (PAID, NEW_LOAN, MERGED, BANKRUPTCY, DIVIDEND)
"""What resolving an item now would do: paid, a new loan, merged into the owner's loan,
a bankruptcy (the game ends), or a dividend."""

_OUTCOME_OF_EVENT = {
    "contract_paid": PAID,
    "loan_paid": PAID,
    "loan_made": NEW_LOAN,
    "loan_merged": MERGED,
    "bankrupt": BANKRUPTCY,
}


class QueueRisk(Struct, frozen=True):
    """What resolving one queue item now would do.

    ``position`` counts from 1 at the front.  ``short`` lists (currency,
    half-bucks) the owner lacks to pay it now (empty when they can, and for
    the dividend stack).  ``loan`` is the loan the item would become or be
    merged into, as it would then stand, with its ``loan_position`` (1 is
    the front) in the queue after the resolve, and ``moved_back`` when a
    merged loan would leave its place for the back (house rule
    ``merged_loan: back``).  ``ending`` is the result of the game a
    bankruptcy would end (None when the strongest currency would then be a
    tie to choose).  ``events`` are the engine's.
    """

    position: int
    item: QueueItem
    outcome: str
    short: tuple[tuple[int, int], ...] = ()
    loan: Optional[Loan] = None
    loan_position: Optional[int] = None
    moved_back: bool = False
    ending: Optional[Result] = None
    events: tuple[Event, ...] = ()

    @property
    def owner(self) -> Optional[int]:
        """The seat that owns the item (None for the dividend stack)."""
        return None if isinstance(self.item, DividendStack) else self.item.owner

    @property
    def can_pay(self) -> bool:
        """True when the owner holds everything the item asks for now."""
        return not self.short


def resolved_now(state: GameState, index: int) -> tuple[GameState, tuple[Event, ...]]:
    """The engine's resolve of queue item ``index`` as if it were at the front now.

    A copy of ``state`` with the item moved to the front (the rest in their
    order) and the player on turn to play resolves it: ``apply_with_events``
    gives the state after it and what happened.  A what-if, not a legal
    line of play (only the front item can be resolved).
    """
    item = state.queue[index]
    rest = state.queue[:index] + state.queue[index + 1 :]
    resolver = state.turn_player
    trial = replace(
        state,
        queue=(item, *rest),
        pending=Pending(Phase.TURN, resolver),
        spot_done=False,
    )
    return apply_with_events(trial, Resolve(state.players[resolver]))


def _owed(item: Contract | Loan) -> tuple[int, ...]:
    if isinstance(item, Loan):
        return item.owes
    owes = [0] * NUM_CURRENCIES
    owes[item.pay_currency] = item.pay
    return tuple(owes)


def _short(state: GameState, item: Contract | Loan) -> tuple[tuple[int, int], ...]:
    held = state.money[item.owner]
    return tuple(
        (c, owed - held[c]) for c, owed in enumerate(_owed(item)) if owed and held[c] < owed
    )


def queue_risk(state: GameState, index: int) -> QueueRisk:
    """What resolving queue item ``index`` (0 is the front) would do now."""
    item = state.queue[index]
    position = index + 1
    if isinstance(item, DividendStack):
        return QueueRisk(position, item, DIVIDEND)
    after, events = resolved_now(state, index)
    (outcome,) = [_OUTCOME_OF_EVENT[e.kind] for e in events if e.kind in _OUTCOME_OF_EVENT]
    short = () if outcome == PAID else _short(state, item)
    loan = None
    loan_position = None
    moved_back = False
    if outcome in (NEW_LOAN, MERGED):
        loan_position, loan = next(
            (place, other)
            for place, other in enumerate(after.queue, start=1)
            if isinstance(other, Loan) and other.owner == item.owner
        )
    if outcome == MERGED:
        rest = state.queue[:index] + state.queue[index + 1 :]
        before = next(
            place
            for place, other in enumerate(rest, start=1)
            if isinstance(other, Loan) and other.owner == item.owner
        )
        moved_back = before != loan_position
    ending = after.result if outcome == BANKRUPTCY else None
    return QueueRisk(
        position, item, outcome, short, loan, loan_position, moved_back, ending, events
    )


def queue_risks(state: GameState) -> tuple[QueueRisk, ...]:
    """Each queue item, front first, resolved now; empty once the game has ended."""
    if state.ending is not None:
        return ()
    return tuple(queue_risk(state, index) for index in range(len(state.queue)))


# --------------------------------------------------------------------------- exposure


class Exposure(Struct, frozen=True):
    """What one player's contracts and loan in the queue owe against what they hold."""

    seat: int
    owes: tuple[int, ...]
    holds: tuple[int, ...]

    @property
    def short(self) -> tuple[int, ...]:
        """Per currency, how much more is owed than held (0 when covered)."""
        return tuple(max(0, owed - held) for owed, held in zip(self.owes, self.holds, strict=True))

    @property
    def owes_anything(self) -> bool:
        return any(self.owes)


def exposures(state: GameState) -> tuple[Exposure, ...]:
    """Every player's exposure, in seat order (half-bucks per currency)."""
    owes = [[0] * NUM_CURRENCIES for _ in state.players]
    for item in state.queue:
        if isinstance(item, Contract | Loan):
            for c, amount in enumerate(_owed(item)):
                owes[item.owner][c] += amount
    return tuple(
        Exposure(seat, tuple(owes[seat]), state.money[seat]) for seat in range(len(state.players))
    )
