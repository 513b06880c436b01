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

from typing import Any, Optional

from msgspec import Struct

from .rules import CODES, GAME_NAME, Add, CountingError, CountingGame, NotationError, State


class Message(Struct, frozen=True):
    """A message about the game: its subject line and body (``Game.message``)."""

    subject: str
    body: str
    fmt: str

    def full(self) -> str:
        """``Subject: ...``, a blank line, and the body."""
        from ...reporters.tables import subject_line

        return f"{subject_line(self.subject)}\n\n{self.body}"


class Counting(CountingGame):
    """Counting with messages (``Game.message``: ``forex message``, ``play --message`` and
    ``--eml`` tell the moves and the total), a replay page (``forex html``) and the engine
    (``forex hint``, ``analyse``, ``play --engine``, ``selfplay``)."""

    def replay_page(self, replay: Any, at: Optional[int], title: Optional[str]) -> str:
        """The replay page (``page.counting_page``)."""
        from .page import counting_page

        return counting_page(replay, at=at, title=title)

    def advisor(self) -> Any:
        """The engine over the game-independent search (``search.ADVISOR``)."""
        from .search import ADVISOR

        return ADVISOR

    def message(
        self, replay: Any, since: Optional[int], fmt: str, *, at: Optional[int] = None
    ) -> Message:
        """Each move after ``since`` (by default the last) up to ``at``, the total and who
        adds next (or who won)."""
        at = replay.moves if at is None else at
        since = max(at - 1, 0) if since is None else since
        lines = [f"move {e.number}: {e.key}: {e.text}" for e in replay.log.entries[since:at]]
        state = replay.state_after(at)
        result = self.result(state)
        who = f"{result['winners'][0]} won" if result else f"{state.players[state.seat]} adds next"
        lines.append(f"total {state.total} of {state.target}: {who}")
        return Message(f"[Counting] move {at}", "\n".join(lines) + "\n", fmt)

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
