"""Counting, the toy game of docs/adding-a-game.md: a whole game in its own folder.

Two or more players take turns adding 1 or 2 to a running total, which starts at 0; the
player who brings it to the target (10 unless the header's ``target:`` says otherwise)
wins.  A log reads::

    game: counting
    players: [ann, bob]
    target: 5
    moves:
      - ann: add 2
      - bob: add 1

The folder holds everything of the game: the rules core, its notation, log schema and the
views of ``forex show`` and ``forex new`` (``rules.py``), its replay page (``page/``), its
search hooks and engine (``search.py``).  ``COUNTING`` is the object a registry line names
(``Counting``); ``PLAIN`` is the rules with those two views alone (``CountingGame``: what
keeping ``BaseGame``'s defaults gives).  The rules import nothing of the frame but the
interface (``forexcli.games.base``, ``forexcli.games.defaults``, the registry's
``ViewRefused``); the page and the engine import the frame's toolkits (``forexcli.pages``,
``forexcli.search``) when asked for.

The toy is not registered for users (``forex new --game`` does not offer it): a test
registers it with the one line a real game adds to ``forexcli/games/__init__.py``
(``tests/test_third_game.py``), and checks that nothing else outside this folder names it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Optional

from ..base import Message
from .rules import CODES, GAME_NAME, Add, CountingError, CountingGame, NotationError, State


class Counting(CountingGame):
    """Counting with messages (``Game.message``: ``forex message``, ``play --message`` and
    ``--eml`` tell the moves and the total), sentences of what a move did (``describe``), a
    replay page (``forex html``), the engine (``forex hint``, ``analyse``, ``play --engine``,
    ``selfplay``) and its set-up compared (``setup_fields``: ``forex diff``, ``forex
    read``)."""

    def replay_page(
        self,
        replay: Any,
        at: Optional[int],
        title: Optional[str],
        evaluation: Optional[Any] = None,
    ) -> str:
        """The replay page (``page.counting_page``)."""
        from .page import counting_page

        return counting_page(replay, at=at, title=title, evaluation=evaluation)

    def advisor(self) -> Any:
        """The engine over the game-independent search (``search.ADVISOR``)."""
        from .search import ADVISOR

        return ADVISOR

    def message(
        self, replay: Any, since: Optional[int], fmt: str, *, at: Optional[int] = None
    ) -> Message:
        """Each move after ``since`` up to ``at``, the total and who adds next (or who won).
        By default (``since`` None) what the next player has not seen: the moves after their
        last (at least the last move; only it once the game is over)."""
        at = replay.moves if at is None else at
        state = replay.state_after(at)
        if since is None:
            deciders = self.pending(state).deciders
            entries = replay.log.entries[:at]
            last = next((e.number for e in reversed(entries) if e.key in deciders), 0)
            since = min(last, at - 1) if deciders else at - 1
            since = max(since, 0)
        lines = [f"move {e.number}: {e.key}: {e.text}" for e in replay.log.entries[since:at]]
        result = self.result(state)
        who = f"{result['winners'][0]} won" if result else f"{state.players[state.seat]} adds next"
        lines.append(f"total {state.total} of {state.target}: {who}")
        return Message(f"[Counting] move {at}", "\n".join(lines) + "\n", fmt)

    def describe(self, before: State, decision: Add, after: State) -> tuple[str, ...]:
        """``ann adds 2: total 2 of 5`` (``forex play``'s and ``history --events``' sentence)."""
        return (f"{decision.player} adds {decision.step}: total {after.total} of {after.target}",)

    def setup_fields(self, header: Mapping[str, Any]) -> dict[str, Any]:
        """The players and the target (10 when left out): two logs differing in one are
        different games (``forex diff``, ``forex read``)."""
        return {
            "players": [str(p) for p in header["players"]],
            "target": int(header.get("target", 10)),
        }

    def setup_name(self, name: str) -> str:
        """``target total`` for the target (the sentence of ``forex diff``)."""
        return "target total" if name == "target" else super().setup_name(name)

    def setup_value(self, name: str, value: Any) -> str:
        """The players comma-separated, the target as it is."""
        return ", ".join(value) if isinstance(value, list) else str(value)

    def picture(self, state: State, title: str) -> str:
        """The total as a line of text in an SVG document."""
        return (
            '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="40">'
            f'<text x="4" y="24">{title}: {state.total}</text></svg>'
        )


COUNTING = Counting()
PLAIN = CountingGame()
"""The rules with the views ``show`` and ``new`` alone: what ``BaseGame``'s defaults give."""


__all__ = [
    "CODES",
    "COUNTING",
    "GAME_NAME",
    "PLAIN",
    "Add",
    "Counting",
    "CountingError",
    "CountingGame",
    "Message",
    "NotationError",
    "State",
]
