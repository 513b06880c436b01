"""Legal decisions, grouped and written in the log's notation."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from msgspec import Struct

from .notation import write
from .rules import (
    ChooseStrengthen,
    ChooseStrongest,
    Decision,
    Divest,
    DivestResponse,
    GameState,
    Invest,
    MakeContract,
    Phase,
    Resolve,
    Spot,
    apply,
    format_halves,
    legal_decisions,
)


class MoveGroup(Struct, frozen=True):
    """Legal decisions of one kind (contracts: of one direction), in notation."""

    kind: str
    label: str
    moves: tuple[str, ...]
    summary: str


SPOT_ACTION = "spot_action"
"""The kind of the groups of ``spot ...; ACTION`` entries (see ``spot_groups``)."""


def spot_groups(state: GameState, decisions: Sequence[Decision] | None = None) -> list[MoveGroup]:
    """Per spot transaction, the actions that only it makes possible, as whole entries.

    ``legal_decisions`` treats a spot as a decision of its own; after it, the
    same player takes the turn's action.  A spot may precede any action, so
    only the actions that are not legal without it are listed (``spot 1.5 EUR
    to carol for 1 GBP; invest GBP`` when the player had no GBP), one group
    per spot, each written as ``forex play`` takes it.
    """
    if decisions is None:
        decisions = legal_decisions(state)
    without = {write(d) for d in decisions if not isinstance(d, Spot)}
    groups = []
    for spot in decisions:
        if not isinstance(spot, Spot):
            continue
        head = write(spot)
        only = [d for d in legal_decisions(apply(state, spot)) if write(d) not in without]
        if only:
            moves = tuple(f"{head}; {write(d)}" for d in only)
            summary = "actions that only this spot makes possible"
            groups.append(MoveGroup(SPOT_ACTION, f"{head}; ...", moves, summary))
    return groups


def grouped_moves(
    state: GameState,
    *,
    with_spots: bool = False,
    declined: Callable[[Spot], bool] | None = None,
) -> list[MoveGroup]:
    """Every legal decision of the pending player, grouped by kind.

    Contracts are grouped per direction (pay one currency, receive another)
    and summarised with their amount range; every other decision is listed.
    With ``with_spots``, the groups of ``spot_groups`` follow (they cost a
    ``legal_decisions`` per spot).  The spots ``declined`` says their partner
    refuses (an engine seat's answer) are left out.
    """
    decisions = legal_decisions(state)
    if declined is not None:
        decisions = [d for d in decisions if not (isinstance(d, Spot) and declined(d))]
    groups: list[MoveGroup] = []
    spots = [d for d in decisions if isinstance(d, Spot)]
    contracts = [d for d in decisions if isinstance(d, MakeContract)]
    invests = [d for d in decisions if isinstance(d, Invest)]
    divests = [d for d in decisions if isinstance(d, Divest)]
    resolves = [d for d in decisions if isinstance(d, Resolve)]
    sells = [d for d in decisions if isinstance(d, DivestResponse)]
    strengthens = [d for d in decisions if isinstance(d, ChooseStrengthen)]
    strongests = [d for d in decisions if isinstance(d, ChooseStrongest)]
    if resolves:
        groups.append(MoveGroup("resolve", "resolve", ("resolve",), _front(state)))
    if invests:
        singles = [d.currencies[0] for d in invests if len(d.currencies) == 1]
        groups.append(_listed("invest", "invest", invests, invest_choice(singles, ", ")))
    by_direction: dict[tuple[str, str], list[MakeContract]] = {}
    for contract in contracts:
        key = (contract.pay_currency, contract.receive_currency)
        by_direction.setdefault(key, []).append(contract)
    letter = state.free_letter()
    for (pay_c, recv_c), items in by_direction.items():
        low, high = items[0], items[-1]
        summary = (
            f"letter {letter}: pay {format_halves(low.pay)}..{format_halves(high.pay)} {pay_c},"
            f" receive {format_halves(low.receive)}..{format_halves(high.receive)} {recv_c}"
        )
        groups.append(_listed("contract", f"contract {pay_c} for {recv_c}", items, summary))
    if divests:
        groups.append(
            _listed("divest", "divest", divests, "then every other holder, clockwise, may sell too")
        )
    if sells:
        code = sells[0].currency
        summary = f"answer the divest: sell 0 to {len(sells) - 1} {code} certificates"
        groups.append(_listed("sell", f"sell {code}", sells, summary))
    if strengthens:
        summary = "dividend tie: choose the currency strengthened"
        groups.append(_listed("strengthen", "strengthen", strengthens, summary))
    if strongests:
        summary = "final tie: choose the scoring currency"
        groups.append(_listed("strongest", "strongest", strongests, summary))
    if spots:
        summary = "optional, before the action: `spot ...; ACTION`"
        groups.append(_listed("spot", "spot", spots, summary))
        if with_spots:
            groups.extend(spot_groups(state, decisions))
    return groups


def _listed(kind: str, label: str, decisions: Sequence[Decision], summary: str) -> MoveGroup:
    """A group listing every one of ``decisions`` in notation."""
    return MoveGroup(kind, label, tuple(write(d) for d in decisions), summary)


def invest_choice(singles: Sequence[str], separator: str) -> str:
    """What may be invested in: ``one or two different of GBP, USD`` (the currencies joined
    by ``separator``), or ``CAD only (one certificate)`` when one currency alone can be."""
    if len(singles) == 1:
        return f"{singles[0]} only (one certificate)"
    return f"one or two different of {separator.join(singles)}"


def _front(state: GameState) -> str:
    from .rules import Contract, Loan

    if not state.queue:
        return "nothing to resolve"
    item = state.queue[0]
    if isinstance(item, Contract):
        return f"front: contract {item.letter} of {state.players[item.owner]}"
    if isinstance(item, Loan):
        return f"front: loan {item.letter} of {state.players[item.owner]}"
    return f"front: dividend {6 - item.left} of 5"


def legal_summary(state: GameState) -> list[str]:
    """A few lines saying what would be legal now, for error messages."""
    pending = state.pending
    if pending.phase is Phase.OVER:
        return ["the game is over: no decision is legal"]
    who = state.pending_player
    lines = []
    for group in grouped_moves(state):
        if group.kind in ("contract", "spot"):
            continue
        if group.kind == "invest":
            singles = [m.split()[1] for m in group.moves if len(m.split()) == 2]
            lines.append(f"invest {invest_choice(singles, ' ')}")
        elif group.kind == "resolve":
            lines.append(f"resolve ({group.summary})")
        else:
            lines.append(" | ".join(group.moves))
    if pending.phase is Phase.TURN:
        letter = state.free_letter()
        if letter:
            lines.append(f"contract AMOUNT CUR for AMOUNT CUR (letter {letter}; see `forex moves`)")
        if not state.spot_done:
            lines.append("optionally first: spot AMOUNT CUR to PLAYER for AMOUNT CUR; ACTION")
    return [f"legal now for {who}: " + "; ".join(lines)]
