"""Counting's rules core and notation (pure: no I/O) and the views ``forex show`` and
``forex new`` ask for: ``CountingGame`` over ``BaseGame``'s defaults (its log schema is
``schema.py``'s)."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any, Optional

from msgspec import Struct

from .. import ViewRefused
from ..base import OVER, Pending, Resource
from ..defaults import BaseGame
from ..newoptions import TITLE, NewOption

GAME_NAME = "counting"
STEPS = (1, 2)
"""What a player may add on a turn."""

CODES = ("over_target", "game_over", "not_your_turn", "bad_step", "bad_notation")
"""The stable codes of the game's errors."""

OWN_CODES = {"rules": ("over_target", "bad_step")}
"""The codes of ``CODES`` that the frame does not have (``Game.codes``): ``forex validate``
reports them in the ``rules`` layer."""


class CountingError(Exception):
    """A decision the rules refuse: ``code`` (one of ``CODES``) and ``reason``."""

    def __init__(self, code: str, reason: str) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason


class NotationError(CountingError):
    """An entry that is not ``add N``."""


class Add(Struct, frozen=True):
    """One decision: ``player`` adds ``step`` to the total."""

    player: str
    step: int


class State(Struct, frozen=True):
    """The players in turn order, the running total, the target and whose turn it is."""

    players: tuple[str, ...]
    total: int
    target: int
    seat: int

    @property
    def over(self) -> bool:
        return self.total >= self.target


NEW_OPTIONS = (TITLE, NewOption("target", "Counting: the total that wins [10].", metavar="N"))
"""What ``forex new --game counting`` takes besides the players."""


class CountingGame(BaseGame["State", "Add"]):
    """Counting's rules module (see ``forexcli.games.base.Game``)."""

    name = GAME_NAME
    title = "Counting"
    rules_error: type[Exception] = CountingError
    notation_error: type[Exception] = NotationError

    def schemas(self) -> Mapping[str, Mapping[str, Any]]:
        """The log schema (``schema.log_schema``)."""
        from .schema import log_schema

        return {"log": log_schema()}

    def codes(self) -> Mapping[str, tuple[str, ...]]:
        """``over_target`` and ``bad_step`` (``OWN_CODES``); the others are the frame's."""
        return OWN_CODES

    def resources(self, header: Mapping[str, Any]) -> Sequence[Resource]:
        """None: a Counting header names no file."""
        return ()

    def setup(self, header: Mapping[str, Any], resources: Mapping[str, Any]) -> State:
        """Total 0, the first player on turn."""
        players = tuple(str(p) for p in header["players"])
        return State(players, 0, int(header.get("target", 10)), 0)

    def log_keys(self, header: Mapping[str, Any]) -> tuple[str, ...]:
        """The players."""
        return tuple(str(p) for p in header["players"])

    def parse(self, key: str, text: str) -> tuple[Add, ...]:
        """``add N`` -> ``Add(key, N)``."""
        words = text.split()
        if len(words) != 2 or words[0] != "add" or not words[1].isdigit():
            raise NotationError("bad_notation", f"{text!r} is not a decision: write add 1 or add 2")
        return (Add(key, int(words[1])),)

    def write(self, decisions: Sequence[Add]) -> str:
        """``add N``."""
        (decision,) = decisions
        return f"add {decision.step}"

    def key(self, decisions: Sequence[Add]) -> str:
        """The player who adds."""
        return decisions[0].player

    def legal(self, state: State) -> Sequence[Add]:
        """``add 1`` and ``add 2`` of the player on turn, as far as the target allows."""
        if state.over:
            return ()
        player = state.players[state.seat]
        return tuple(Add(player, s) for s in STEPS if state.total + s <= state.target)

    def apply(self, state: State, decision: Add) -> State:
        """The total after ``decision``; the turn passes to the next player."""
        if state.over:
            raise CountingError("game_over", f"the total is {state.total}: the game is over")
        if decision.player != state.players[state.seat]:
            on_turn = state.players[state.seat]
            raise CountingError("not_your_turn", f"{on_turn} adds next, not {decision.player}")
        if decision.step not in STEPS:
            raise CountingError("bad_step", f"add 1 or 2, not {decision.step}")
        if state.total + decision.step > state.target:
            raise CountingError(
                "over_target",
                f"{state.total} + {decision.step} passes the target {state.target}",
            )
        seat = (state.seat + 1) % len(state.players)
        return State(state.players, state.total + decision.step, state.target, seat)

    def pending(self, state: State) -> Pending:
        """The player on turn adds, or the game is over."""
        return OVER if state.over else Pending((state.players[state.seat],), "add")

    def result(self, state: State) -> Optional[dict[str, Any]]:
        """The winner (who reached the target: the player before the one on turn)."""
        if not state.over:
            return None
        winner = state.players[(state.seat - 1) % len(state.players)]
        return {"winners": [winner], "total": state.total}

    def view(self, state: State) -> dict[str, Any]:
        """The total, the target and who is on turn."""
        pending = self.pending(state)
        return {
            "game": GAME_NAME,
            "total": state.total,
            "target": state.target,
            "next": list(pending.deciders),
            "result": self.result(state),
        }

    # ------------------------------------------------------------------ views

    def show_text(
        self,
        replay: Any,
        at: int,
        *,
        since: Optional[int],
        since_player: Optional[str],
        markdown: bool,
        style: Any,
        width: int,
    ) -> str:
        """``Counting: total 2 of 5; bob adds next`` (and the moves since ``since``)."""
        state: State = replay.state_after(at)
        result = self.result(state)
        if result is not None:
            where = f"{', '.join(result['winners'])} won"
        else:
            where = f"{state.players[state.seat]} adds next"
        lines = [f"Counting: total {state.total} of {state.target}; {where}"]
        if since is not None:
            lines += [
                f"move {e.number}: {e.player}: {e.text}" for e in replay.log.entries[since:at]
            ]
        return "\n".join(f"**{line}**" if markdown else line for line in lines)

    def new_options(self) -> Sequence[NewOption]:
        """``--title`` and ``--target`` (the frame refuses the other games' options)."""
        return NEW_OPTIONS

    def new_log(self, players: Sequence[str], options: Mapping[str, Any], path: str) -> str:
        """``game: counting``, the title, the players and the target when given."""
        title, target = options.get("title"), options.get("target")
        if target is not None and not (target.isdigit() and 1 <= int(target) <= 1000):
            raise ViewRefused(
                f"{target!r} is not a whole number from 1 to 1000",
                "--target",
                hints=("give the total to reach as a whole number, e.g. --target 10",),
            )
        # a JSON string is a YAML double-quoted scalar: a title may hold ": " or "#"
        quoted = json.dumps(title, ensure_ascii=False)
        lines = ["game: counting", *([f"title: {quoted}"] if title else [])]
        lines.append(f"players: [{', '.join(players)}]")
        lines += [f"target: {int(target)}"] if target is not None else []
        return "\n".join([*lines, "moves: []", ""])

    def new_log_report(self, path: str, replay: Any, options: Mapping[str, Any]) -> str:
        """``created FILE: Counting to 10 for ann, bob``."""
        state: State = replay.initial
        return f"created {path}: Counting to {state.target} for {', '.join(state.players)}"


RULES = CountingGame()
"""The rules with the views of ``show`` and ``new`` alone (what the search and the page use)."""
