"""World Exchangers' ``games.base.Advisor``: the game-independent search and its words.

The search is ``forexcli.search``'s information-set MCTS over
``search.WORLDEX_SEARCH`` (``ENGINE``); hints, verdicts and self-play games
are ``forexcli.search.advisor``'s.  A value is the player's chance of
winning as the search estimates it.  Pure but for ``selfplay_resources``,
which reads the components file a self-play game is dealt from.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Optional

from msgspec import Struct
from msgspec.structs import replace

from ...games.base import Budget
from ...search.advice import Engine, EngineAdvisor, engine_player, play_game
from ...search.ismcts import Progress
from ..base import Advice, Advisor, Searched
from .moves import written
from .notation import write
from .rules import (
    Components,
    Decision,
    FirstPlayerNeeded,
    Phase,
    Setup,
    State,
    apply,
    new_game,
)
from .search import (
    WORLDEX_SEARCH,
    final_totals,
    greedy_player,
    quick_decision,
    random_player,
)
from .views import coins

PLAYOUT = 6
"""Plies of random play (``quick_decision``) after a new node, then the evaluation: stronger
than none at the same simulations (benchmarks/RESULTS.md)."""

ENGINE = Engine(WORLDEX_SEARCH, policy=quick_decision, playout=PLAYOUT, measure=final_totals)
"""The search; ``forex analyse`` also asks it for the final totals its simulations end with
(``final_totals``: the totals its values are the softmax of), to say why."""


def listed_texts(state: State, advice: Advice) -> tuple[str, ...]:
    """The entry of ``advice`` (legal in ``state``) and the entries of its line, each written
    as ``forex moves`` lists it in the position it is played in (``moves.written``: a
    two-city turn in the order of the cards listed)."""
    texts = []
    position = state
    for entry in (advice.entry, *advice.line):
        if position.pending.phase not in (Phase.TURN, Phase.SECOND):
            texts.append(write(entry))  # (a line stops before a reveal: not reached)
            continue
        texts.append(written(position, entry))
        for step in entry:
            position = apply(position, step)
    return tuple(texts)


class Dealt(Struct, frozen=True):
    """What a self-play game is dealt from: the components, the file the log names (relative
    to its folder) and its SHA-256."""

    components: Components
    file: str
    sha256: str


def seeded_start(components: Components, names: Sequence[str], seed: str) -> State:
    """The game the seed deals to ``names`` (the first seat starts when nobody holds red)."""
    setup = Setup(players=tuple(names), deal="seed", seed=seed)
    try:
        return new_game(components, setup)
    except FirstPlayerNeeded:
        return new_game(components, Setup(players=tuple(names), deal="seed", seed=seed,
                                          first=names[0]))  # fmt: skip


class WorldexAdvisor(EngineAdvisor):
    """World Exchangers behind ``games.base.Advisor`` (the search: ``engine``)."""

    seat_kinds: tuple[str, ...] = ("engine", "greedy", "random")
    seat_counts = (2, 4)

    def __init__(self, engine: Engine = ENGINE) -> None:
        super().__init__(engine)

    def advise(
        self,
        state: State,
        budget: Budget,
        *,
        seed: int = 0,
        progress: Optional[Progress] = None,
        decided: bool = False,
    ) -> Searched:
        """``Engine.advise``, each entry written as ``forex moves`` lists it (``texts``)."""
        found = self.engine.advise(state, budget, seed=seed, progress=progress, decided=decided)
        advice = (replace(advice, texts=listed_texts(state, advice)) for advice in found.advice)
        return Searched(advice, found.simulations, found.seconds)

    def figures_words(self, state: State, figures: Sequence[float]) -> tuple[str, ...]:
        """The final totals a line's simulations end with on average (``final_totals``, whose
        softmax its chances are), the mover's and the best other player's:
        ``expected final totals: louis 2,150, mei 1,980``."""
        mover = self.mover(state)
        assert mover is not None
        rival = max((seat for seat in range(len(figures)) if seat != mover),
                    key=figures.__getitem__)  # fmt: skip
        names = self.names(state)
        shown = ", ".join(f"{names[seat]} {coins(round(figures[seat]))}" for seat in (mover, rival))
        return (f"expected final totals: {shown}",)

    def selfplay_resources(self, path: Optional[str], folder: str) -> Dealt:
        """The components file ``path`` names (the invented components when None), named
        relative to ``folder``; raises ``ValueError`` with the file's problem."""
        import os

        from .load import EXAMPLE_COMPONENTS, ComponentsFileError, read_components

        source = str(EXAMPLE_COMPONENTS) if path is None else path
        try:
            loaded = read_components(source)
        except ComponentsFileError as error:
            raise ValueError(error.reason) from None
        relative = os.path.relpath(os.path.abspath(source), folder).replace(os.sep, "/")
        return Dealt(loaded.components, relative, loaded.sha256)

    def start(self, names: Sequence[str], seed: str, resources: Dealt) -> State:
        """``seeded_start``."""
        return seeded_start(resources.components, names, seed)

    def play(
        self, start: State, seats: Sequence[tuple[str, Any]], seed: int
    ) -> list[tuple[Decision, ...]]:
        """The game played by greedy, random and engine seats; the deck by the seed."""
        players = []
        for number, (kind, plan) in enumerate(seats):
            if kind == "greedy":
                players.append(greedy_player(seed + number))
            elif kind == "random":
                players.append(random_player(seed + number))
            else:
                players.append(engine_player(self.engine, plan, seed + number))
        _, entries = play_game(WORLDEX_SEARCH, start, players, seed=seed)
        return entries

    def header(
        self, start: State, names: Sequence[str], seed: str, title: str, started: str,
        resources: Dealt,
    ) -> str:  # fmt: skip
        """``newlog.new_log_text`` with ``deal: seed`` and who starts."""
        from .newlog import new_log_text

        return new_log_text(names, resources.file, resources.sha256, seed,
                            first=names[start.first], title=title, started=started)  # fmt: skip

    def outcome(self, final: State) -> tuple[tuple[int, ...], tuple[int, ...], str]:
        """The ranks, the total scores, and ``month 12``."""
        result = final.result
        assert result is not None
        return result.ranks, tuple(score.total for score in result.scores), "month 12"


ADVISOR: Advisor = WorldexAdvisor()
