"""Read Board Game Arena conformance games and compare them with our engine."""

from __future__ import annotations

import gzip
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Optional

from forexcli.games.forex.rules import (
    CURRENCIES,
    PAIRS,
    ChooseStrengthen,
    ChooseStrongest,
    Contract,
    Decision,
    Divest,
    DivestResponse,
    DividendStack,
    GameState,
    Invest,
    Loan,
    MakeContract,
    Phase,
    Resolve,
    Spot,
)

GAMES_DIR = Path(__file__).parent / "data" / "bga-games"


def halves(amount: float) -> int:
    """BGA's JSON number as integer half-bucks (exact: only halves occur)."""
    doubled = amount * 2
    assert doubled == int(doubled), amount
    return int(doubled)


@dataclass
class BgaGame:
    """One conformance game: our set-up arguments, decisions and expected states."""

    path: Path
    raw: dict[str, Any]
    names: dict[int, str]

    @property
    def players(self) -> list[str]:
        return [self.names[p["id"]] for p in self.raw["players"]]

    @property
    def first_player(self) -> str:
        return self.names[self.raw["first_player"]]

    @property
    def removed(self) -> tuple[int, ...]:
        return tuple(self.raw["removed_certificates"][c] for c in CURRENCIES)

    def steps(self) -> list[tuple[dict[str, Any], Optional[Decision]]]:
        """Each event with the decision it records (None for refused spot offers)."""
        return [(event, self.decision(event)) for event in self.raw["events"]]

    def decision(self, event: dict[str, Any]) -> Optional[Decision]:
        who = self.names[event["player"]]
        kind = event["kind"]
        if kind == "spot":
            if event["outcome"] != "accepted":
                return None
            give_c, give = event["give"]
            get_c, get = event["get"]
            return Spot(who, self.names[event["to"]], give_c, halves(give), get_c, halves(get))
        if kind == "contract":
            pay_c, pay = event["pay"]
            recv_c, receive = event["receive"]
            return MakeContract(who, pay_c, halves(pay), recv_c, halves(receive))
        if kind == "invest":
            return Invest(who, tuple(event["currencies"]))
        if kind == "divest":
            return Divest(who, event["currency"], event["count"])
        if kind == "divest_join":
            return DivestResponse(who, event["currency"], event["count"])
        if kind == "resolve":
            return Resolve(who)
        if kind == "choose_strengthen":
            return ChooseStrengthen(who, event["currency"])
        if kind == "choose_strongest":
            return ChooseStrongest(who, event["currency"])
        raise ValueError(f"unknown BGA event kind {kind}")


def load(path: Path) -> BgaGame:
    raw = json.loads(gzip.decompress(path.read_bytes()))
    names = {p["id"]: p["name"] for p in raw["players"]}
    return BgaGame(path, raw, names)


def all_games() -> list[Path]:
    return sorted(GAMES_DIR.glob("game-*.json.gz"), key=lambda p: int(p.name.split("-")[1]))


def _amount(value: int) -> float | int:
    return value // 2 if value % 2 == 0 else value / 2


def our_state(game: BgaGame, state: GameState) -> dict[str, Any]:
    """Our state in BGA's shape, for comparison."""
    ids = {name: pid for pid, name in game.names.items()}
    seat_id = [ids[name] for name in state.players]
    pairs = {}
    for index, (a, b) in enumerate(PAIRS):
        pos = state.board.pairs[index]
        pairs[f"{CURRENCIES[a]}/{CURRENCIES[b]}"] = [CURRENCIES[pos.stronger], pos.space + 1]
    queue: list[dict[str, Any]] = []
    for item in state.queue:
        if isinstance(item, Contract):
            queue.append(
                {
                    "item": "contract",
                    "letter": item.letter,
                    "owner": seat_id[item.owner],
                    "pay": [CURRENCIES[item.pay_currency], _amount(item.pay)],
                    "receive": [CURRENCIES[item.receive_currency], _amount(item.receive)],
                }
            )
        elif isinstance(item, Loan):
            queue.append(
                {
                    "item": "loan",
                    "letter": item.letter,
                    "owner": seat_id[item.owner],
                    "owes": sorted(
                        [CURRENCIES[c], _amount(a)] for c, a in enumerate(item.owes) if a
                    ),
                }
            )
        elif isinstance(item, DividendStack):
            queue.append({"item": "dividends", "left": item.left})
    return {
        "pairs": pairs,
        "money": {str(seat_id[s]): [_amount(h) for h in row] for s, row in enumerate(state.money)},
        "certs": {str(seat_id[s]): list(row) for s, row in enumerate(state.certs)},
        "available": list(state.supply),
        "discard": [r + s for r, s in zip(state.removed, state.sold, strict=False)],
        "queue": queue,
        "dividends_left": state.dividends_left,
    }


def normalise_bga_state(raw: dict[str, Any]) -> dict[str, Any]:
    """BGA's state with loan debts sorted and the emptied dividend stack dropped."""
    queue = []
    for item in raw["queue"]:
        if item["item"] == "dividends" and item["left"] == 0:
            continue
        if item["item"] == "loan":
            item = dict(item, owes=sorted([c, a] for c, a in item["owes"]))
        queue.append(item)
    return dict(
        {k: raw[k] for k in ("pairs", "money", "certs", "available", "discard", "dividends_left")},
        queue=queue,
    )


_PHASES = {
    "playerAction": Phase.TURN,
    "nextDivest": Phase.DIVEST_RESPONSE,
    "strengthenCurrency": Phase.DIVIDEND_TIE,
    "strongestCurrency": Phase.STRONGEST_TIE,  # BGA's state name (its transition: chooseStrongest)
    "gameEnd": Phase.OVER,
}


def expected_pending(game: BgaGame, nxt: dict[str, Any]) -> tuple[Phase, Optional[str]]:
    phase = _PHASES[nxt["state"]]
    if phase is Phase.OVER:
        return phase, None
    return phase, game.names[nxt["active"]]


def _table_logs_dir() -> Path:
    """The copy beside the conformance games, else the shared folder beside the clone."""
    here = Path(__file__).parent / "data" / "bga-table-logs"
    beside = Path(__file__).resolve().parent.parent.parent / "shared" / "conformance"
    for folder in (here, beside / "bga-table-logs"):
        if folder.is_dir():
            return folder
    return here


TABLE_LOGS_DIR = _table_logs_dir()
"""The same 60 games as Board Game Arena table logs (``table-SEED-NP.json.gz``)."""


def all_table_logs() -> list[Path]:
    return sorted(TABLE_LOGS_DIR.glob("table-*.json.gz"), key=lambda p: int(p.name.split("-")[1]))


def table_log(path: Path) -> Any:
    """A table log's JSON."""
    return json.loads(gzip.decompress(path.read_bytes()))


def game_of(table: Path) -> BgaGame:
    """The conformance game of a table log: the same seed and player count."""
    return load(GAMES_DIR / table.name.replace("table-", "game-"))
