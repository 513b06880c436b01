"""Why the search ranks a root line out of the order of its visits, in words.

``mcts._result`` ranks the root's lines by visits, except that the safety
rule (``mcts.SAFE_FIRST``) moves down a line that lets the others bankrupt
the mover and one that spends money the mover's queued debts need, and that
a spot expected to be refused may be offered first (``mcts._hope``).  The
words here say which, addressed to the mover ("your loan B"), naming the
debts left short: they are data on the search's ``Line`` (``reason``), which
``forex hint`` shows in its rows and its JSON.  Nothing here changes a
ranking.
"""

from __future__ import annotations

from msgspec import Struct

from ..rules import CURRENCIES, Contract, DividendStack, GameState, format_halves

UNSAFE = "unsafe"
"""The rule of a line that lets the others bankrupt the mover before its next turn."""
SPENDS = "spends"
"""The rule of a line that spends money the mover's queued debts need."""
OFFER = "offer"
"""The rule of a spot offered first though its partner is expected to refuse it."""


class ShortDebt(Struct, frozen=True):
    """A queued debt of a player that the money it will hold does not cover."""

    name: str
    """``loan B``, ``contract A``."""
    currency: str
    halves: int
    """How much is missing, in half-bucks."""

    def text(self) -> str:
        """``loan B 3 CHF short``."""
        return f"{self.name} {format_halves(self.halves)} {self.currency} short"


def short_debts(state: GameState, seat: int) -> tuple[ShortDebt, ...]:
    """``seat``'s queued contracts and loans that its money does not cover, paid in queue order
    from the money it holds and what its earlier contracts bring (``consent.shortfall`` is the
    sum of their ``halves``), one per debt and currency."""
    row = list(state.money[seat])
    out: list[ShortDebt] = []
    for item in state.queue:
        if isinstance(item, DividendStack) or item.owner != seat:
            continue
        if isinstance(item, Contract):
            row[item.receive_currency] += item.receive
            owes: tuple[tuple[int, int], ...] = ((item.pay_currency, item.pay),)
            name = f"contract {item.letter}"
        else:
            owes = tuple((c, owed) for c, owed in enumerate(item.owes) if owed)
            name = f"loan {item.letter}"
        for c, owed in owes:
            paid = min(owed, row[c])
            row[c] -= paid
            if owed > paid:
                out.append(ShortDebt(name, CURRENCIES[c], owed - paid))
    return tuple(out)


def _debts(debts: tuple[ShortDebt, ...]) -> str:
    """``your loan B 3 CHF short``, ``your loan B 3 CHF short and your contract C 1 USD short``."""
    return " and ".join(f"your {debt.text()}" for debt in debts)


def spending(before: GameState, after: GameState, mover: int) -> str:
    """What a line's spending does to ``mover``'s debts (``after``: the position the line
    leaves it in): ``leaves your loan B 3 CHF short``, ``leaves your loan B 3 CHF short (it
    was 1 CHF short)``."""
    was = {(debt.name, debt.currency): debt for debt in short_debts(before, mover)}
    worse = tuple(
        debt
        for debt in short_debts(after, mover)
        if debt.halves
        > (was[debt.name, debt.currency].halves if (debt.name, debt.currency) in was else 0)
    )
    if not worse:
        return "spends money your queued debts need"
    said = "leaves " + _debts(worse)
    earlier = [was[d.name, d.currency] for d in worse if (d.name, d.currency) in was]
    if earlier:
        said += (
            " ("
            + ", ".join(
                f"{d.name} was {format_halves(d.halves)} {d.currency} short" for d in earlier
            )
            + ")"
        )
    return said


def moved(
    before: GameState, mover: int, last: bool, unsafe: GameState | None, spent: GameState | None
) -> str:
    """Why a line is ranked after the first: ``unsafe``, the position after its entry when it
    lets the others bankrupt ``mover`` before its next turn; ``spent``, the position its
    spending leaves (``spending``); ``last`` when no other kind of line comes after it.
    ``ranked last: leaves your loan B 3 CHF short``."""
    why = []
    if spent is not None:
        why.append(spending(before, spent, mover))
    if unsafe is not None:
        danger = "the others could bankrupt you before your next turn"
        debts = short_debts(unsafe, mover)
        if why:
            why.append("and " + danger)
        else:
            why.append(f"{danger} ({_debts(debts)})" if debts else danger)
    where = "ranked last" if last else "ranked below the safer lines"
    return f"{where}: {', '.join(why)}"


def offered(rescue: bool) -> str:
    """Why a refused-looking spot comes first."""
    if rescue:
        return (
            "offered first: the partner is expected to refuse it, but accepted it leaves your"
            " debts less short, and a refusal costs nothing (you choose again)"
        )
    return (
        "offered first: every other line lets the others bankrupt you, and a refusal costs"
        " nothing (you choose again)"
    )
