"""A game state as plain JSON-ready data (for ``show --format json`` and digests)."""

from __future__ import annotations

import hashlib
import json
from typing import Any

from .rules import (
    CURRENCIES,
    PAIRS,
    Contract,
    GameState,
    Loan,
    format_halves,
    format_rate,
)


def amount(halves: int) -> int | float:
    """Half-bucks as a JSON number: 9 -> 4.5, 8 -> 4 (halves are exact in binary)."""
    return halves // 2 if halves % 2 == 0 else halves / 2


def _money(row: tuple[int, ...]) -> dict[str, int | float]:
    return {code: amount(row[c]) for c, code in enumerate(CURRENCIES)}


def queue_item(state: GameState, item: object) -> dict[str, Any]:
    """One queue item as data."""
    if isinstance(item, Contract):
        return {
            "item": "contract",
            "letter": item.letter,
            "owner": state.players[item.owner],
            "pay": f"{format_halves(item.pay)} {CURRENCIES[item.pay_currency]}",
            "receive": f"{format_halves(item.receive)} {CURRENCIES[item.receive_currency]}",
        }
    if isinstance(item, Loan):
        return {
            "item": "loan",
            "letter": item.letter,
            "owner": state.players[item.owner],
            "owes": [f"{format_halves(a)} {CURRENCIES[c]}" for c, a in enumerate(item.owes) if a],
        }
    left = getattr(item, "left", 0)
    return {"item": "dividends", "left": left}


def state_dict(state: GameState) -> dict[str, Any]:
    """Everything about ``state`` as plain data, in a stable shape."""
    pairs = []
    for (a, b), pos in zip(PAIRS, state.board.pairs, strict=True):
        weaker = b if pos.stronger == a else a
        pairs.append(
            {
                "pair": f"{CURRENCIES[a]}/{CURRENCIES[b]}",
                "stronger": CURRENCIES[pos.stronger],
                "weaker": CURRENCIES[weaker],
                "space": pos.space + 1,
                "rate": format_rate(pos.space),
            }
        )
    players = []
    for seat, name in enumerate(state.players):
        players.append(
            {
                "name": name,
                "seat": seat + 1,
                "money": _money(state.money[seat]),
                "certificates": dict(zip(CURRENCIES, state.certs[seat], strict=True)),
            }
        )
    pending = state.pending
    data: dict[str, Any] = {
        "turn": state.turn_number,
        "turn_player": state.players[state.turn_player],
        "spot_done": state.spot_done,
        "pending": {
            "decision": pending.phase.value,
            "player": state.pending_player,
            "currency": None if pending.currency is None else CURRENCIES[pending.currency],
            "candidates": [CURRENCIES[c] for c in pending.candidates],
        },
        "pairs": pairs,
        "players": players,
        "supply": dict(zip(CURRENCIES, state.supply, strict=True)),
        "removed": (
            dict(zip(CURRENCIES, state.removed, strict=True)) if state.removed_known else None
        ),
        "sold": dict(zip(CURRENCIES, state.sold, strict=True)),
        "queue": [queue_item(state, item) for item in state.queue],
        "free_letters": [letter for letter in "ABCDEF" if letter not in state.letters_in_use()],
        "dividends_left": state.dividends_left,
        "bankrupt": None if state.bankrupt is None else state.players[state.bankrupt],
        "result": None,
    }
    result = state.result
    if result is not None:
        data["result"] = {
            "ending": result.ending,
            "strongest": CURRENCIES[result.strongest],
            "decided_by": result.decided_by,
            "players": [
                {
                    "name": name,
                    "total": result.totals[seat],
                    "rank": result.ranks[seat],
                    "bankrupt": seat == result.bankrupt,
                    "converted": dict(zip(CURRENCIES, result.converted[seat], strict=True)),
                    "certificates_of_strongest": state.certs[seat][result.strongest],
                }
                for seat, name in enumerate(state.players)
            ],
            "winners": [state.players[s] for s in result.winners()],
        }
    return data


def state_digest(state: GameState) -> str:
    """16 hex digits of the SHA-256 of the state's canonical JSON."""
    canonical = json.dumps(state_dict(state), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()[:16]
