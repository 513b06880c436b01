"""For-Ex's ``games.base.Advisor``: its max-n PUCT search and its words.

The search is ``forexcli.games.forex.search`` (pure); hints, verdicts and
self-play games are ``forexcli.search.advisor``'s.  Values are **score
shares**: a player's expected share of the sum of the players' final scores
(a bankrupt player scores 0), shown in percent; see
``forexcli.games.forex.search.evaluate``.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Collection, Iterator, Sequence
from typing import Any

from msgspec.structs import replace

from ...search.advisor import engine_entry
from ..base import Advice, Advisor, Judged, Searched, Weighed
from .notation import Written, write_entry
from .rules import Decision, GameState, Spot, apply, legal_decisions
from .search.encoding import encode
from .search.mcts import Budget, Line, search
from .search.players import Player

Progress = Callable[[int], None]


def entries_of(decisions: Sequence[Decision]) -> list[Written]:
    """Decisions grouped as log entries: a spot goes with the action after it."""
    entries: list[Written] = []
    index = 0
    while index < len(decisions):
        step = decisions[index]
        if isinstance(step, Spot):
            if index + 1 >= len(decisions):
                break  # a spot whose action the search did not reach: not an entry
            entries.append(Written(step, decisions[index + 1]))
            index += 2
        else:
            entries.append(Written(None, step))
            index += 1
    return entries


def forex_budget(plan: Budget) -> Budget:
    """For-Ex's search budget of the advisor's."""
    return Budget(simulations=plan.simulations, seconds=plan.seconds, since=plan.since)


def _checked(state: GameState, decisions: Sequence[Decision], *, listed: bool = False) -> GameState:
    """Apply ``decisions`` with the reference engine (it raises on anything illegal).

    With ``listed`` each must also be one of the reference ``legal_decisions``.
    """
    for step in decisions:
        if listed and step not in legal_decisions(state):
            raise AssertionError(f"the search proposed {step}, which is not legal")
        state = apply(state, step)
    return state


def _advice(state: GameState, line: Line) -> Advice | None:
    """The line as entries (checked by the reference engine), or None when it holds none."""
    entries = entries_of(line.decisions)
    if not entries:
        return None
    position = _checked(state, entries[0].decisions(), listed=True)
    for written in entries[1:]:
        position = _checked(position, written.decisions())
    rest = tuple(written.decisions() for written in entries[1:])
    return Advice(entries[0].decisions(), rest, line.values, line.visits, line.rule, line.reason)


def _completed(state: GameState, lines: Sequence[Line], plan: Budget, seed: int) -> list[Line]:
    """``lines``, the first completed into an entry when it is a spot alone (the spot offered
    first though its partner is expected to refuse it, ``mcts._hope``, or one whose action
    the search did not reach): the action after it is the engine's choice there, as
    ``players.engine_choice`` chooses it for self-play (one path for every player)."""
    from .search.players import complete_entry, engine_choice

    if not lines or not (len(lines[0].decisions) == 1 and isinstance(lines[0].decisions[0], Spot)):
        return list(lines)
    first = lines[0]
    entry = complete_entry(
        state, first.decisions[0], lambda after: engine_choice(after, plan, seed).entry[0]
    )
    return [replace(first, decisions=tuple(entry)), *lines[1:]]


def _advised(state: GameState, lines: Sequence[Line]) -> Iterator[Advice]:
    for line in lines:
        found = _advice(state, line)
        if found is not None:
            yield found


def _states_and(
    state: GameState, decisions: Sequence[Decision]
) -> list[tuple[GameState, Decision]]:
    out = []
    for step in decisions:
        out.append((state, step))
        state = apply(state, step)
    return out


SEAT_KINDS = ("engine", "greedy", "random", "oneply", "investor", "trader", "cautious")
"""The kinds of seat; all but ``engine`` are the ladder's players without search (see
``forexcli.games.forex.search.ladder``)."""


class ForexAdvisor:
    """For-Ex behind ``games.base.Advisor``."""

    value_meaning = (
        "half the expected share of the final scores, half the chance of finishing first"
    )
    value_note = (
        "value = half the player's expected share of the final scores, half their chance of"
        " finishing first, in percent"
    )
    value_unit = "score share"
    seat_kinds: tuple[str, ...] = SEAT_KINDS
    seat_counts = (2, 6)

    def names(self, state: GameState) -> tuple[str, ...]:
        """The players by seat."""
        return state.players

    def mover(self, state: GameState) -> int | None:
        """The pending seat (None when over)."""
        return state.pending.player

    def write(self, decisions: Sequence[Decision]) -> str:
        """``notation.write_entry`` of the entry holding ``decisions``."""
        if len(decisions) == 2 and isinstance(decisions[0], Spot):
            return write_entry(Written(decisions[0], decisions[1]))
        (decision,) = decisions
        return write_entry(Written(None, decision))

    def key(self, decisions: Sequence[Decision]) -> str:
        """The player who decides."""
        return decisions[0].player

    def advise(
        self,
        state: GameState,
        budget: Budget,
        *,
        seed: int = 0,
        progress: Progress | None = None,
        decided: bool = False,
    ) -> Searched:
        """``mcts.search``'s lines as entries; ``decided``: ``stop_when_decided``."""
        if state.pending.player is None:
            raise ValueError("the game is over")
        started = time.perf_counter()
        plan = forex_budget(budget)
        result = search(state, plan, seed=seed, progress=progress, stop_when_decided=decided)
        if plan.seconds is not None and plan.since is None:
            plan = replace(plan, since=started)  # the completion within the seconds
        lines = _completed(state, result.lines, plan, seed)
        return Searched(_advised(state, lines), result.simulations, result.seconds)

    def weigh(
        self, state: GameState, played: Sequence[Decision], budget: Budget, *,
        seed: int = 0, visits: int = 8,
    ) -> Judged:  # fmt: skip
        """The search with the path of ``played`` forced, ``visits`` times."""
        path = [encode(s, d) for s, d in _states_and(state, played)]
        plan = forex_budget(budget)
        result = search(state, plan, seed=seed, forced=[path], forced_visits=visits)
        best = next(_advised(state, result.lines))
        return Judged(result.forced_values[0], best)

    def weigh_chances(
        self, state: GameState, played: Sequence[Decision], budget: Budget, *,
        seed: int = 0, visits: int = 8,
    ) -> Weighed:  # fmt: skip
        """``verdicts.weigh_chances``: the search valuing the chance of finishing first."""
        from .verdicts import plan, weigh_chances

        return weigh_chances(state, played, plan(budget), _advised, seed=seed, visits=visits)

    def decisive(self, state: GameState, entries: Sequence[Sequence[Decision]]) -> tuple[str, ...]:
        """``verdicts.decisive``."""
        from .verdicts import decisive

        return decisive(state, entries)

    def figures_words(self, state: GameState, figures: Sequence[float]) -> tuple[str, ...]:
        """Nothing: the search measures no figures beside its values (``decisive`` says why)."""
        return ()

    def entry_without(
        self,
        state: GameState,
        budget: Budget,
        seed: int = 0,
        excluded: Collection[Decision] = (),
        progress: Progress | None = None,
    ) -> tuple[Decision, ...]:
        """The engine's entry in ``state``, opening with none of the ``excluded`` spot offers
        (offers refused this turn: the search again, without them), checked by the rules."""
        from .search.players import engine_choice

        spots = frozenset(d for d in excluded if isinstance(d, Spot))
        if spots:
            entry = engine_choice(state, forex_budget(budget), seed, excluded=spots).entry
        else:
            entry = engine_entry(self, state, budget, seed, progress)
        _checked(state, entry, listed=True)
        return tuple(entry)

    def selfplay_resources(self, path: str | None, folder: str) -> None:
        """None: a For-Ex game is dealt from its seed alone."""
        if path is not None:
            raise ValueError("a For-Ex game names no components file")

    def start(self, names: Sequence[str], seed: str, resources: None) -> GameState:
        """``new_game`` with the removed certificates the seed draws."""
        from .rules import draw_removed, new_game

        return new_game(tuple(names), draw_removed(seed))

    def play(
        self, start: GameState, seats: Sequence[tuple[str, Any]], seed: int
    ) -> list[tuple[Decision, ...]]:
        """The game played by the seats (an offer made only when its partner's kind of
        player accepts it)."""
        from .search.game import play_game
        from .search.ladder import ladder_answer

        players = [seat_player(kind, plan, seed + n) for n, (kind, plan) in enumerate(seats)]
        game = play_game(start, players, [ladder_answer(kind) for kind, _ in seats])
        return [tuple(entry) for _, entry in game.entries]

    def header(
        self, start: GameState, names: Sequence[str], seed: str, title: str, started: str,
        resources: None,
    ) -> str:  # fmt: skip
        """``views.newlog.new_log_text`` with the seed."""
        from .views.newlog import new_log_text

        return new_log_text(names, seed=seed, title=title, started=started)

    def outcome(self, final: GameState) -> tuple[tuple[int, ...], tuple[int, ...], str]:
        """The ranks, totals and ending of the result."""
        result = final.result
        assert result is not None
        return result.ranks, result.totals, result.ending


FOREX_ADVISOR = ForexAdvisor()
ADVISOR: Advisor = FOREX_ADVISOR


def seat_player(kind: str, plan: Budget | None, seed: int) -> Player:
    """The player function of a seat (deterministic for a seed)."""
    from .search.ladder import ladder_player

    if kind != "engine":
        return ladder_player(kind, Budget(simulations=1), seed)
    assert plan is not None
    budget = plan

    def play(state: GameState, excluded: Collection[Spot] = ()) -> tuple[Decision, ...]:
        return FOREX_ADVISOR.entry_without(state, budget, seed, excluded)

    return play
