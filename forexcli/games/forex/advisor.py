"""The engine beside a game: hints, analysis of recorded decisions, engine moves, self-play.

This is the library behind ``forex hint``, ``forex analyse``, ``forex play
--engine`` and ``forex selfplay``; the search itself is ``forexcli.games.forex.search``
(pure).  Values are **score shares**: a player's expected share of the sum
of the players' final scores (a bankrupt player scores 0), shown in percent;
see ``forexcli.games.forex.search.evaluate``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Sequence

from msgspec import Struct

from .engine import Decision, GameState, Spot, apply, legal_decisions
from .notation import Written, write_entry
from .search.encoding import encode
from .search.mcts import Budget, Line, SearchResult, search
from .search.players import Player

DUBIOUS = 0.02
MISTAKE = 0.05
BLUNDER = 0.10
"""Verdict thresholds: the score share a decision loses against the engine's choice."""

THRESHOLDS = (("blunder", BLUNDER), ("mistake", MISTAKE), ("dubious", DUBIOUS))

FORCED_VISITS_SHARE = 10
"""A recorded decision is searched for at least 1/10 of the budget's simulations (min 8)."""

Progress = Callable[[int], None]


def budget(seconds: float | None, simulations: int | None, default_seconds: float = 1.0) -> Budget:
    """The search budget of the options (the default: ``default_seconds``); raises ValueError."""
    if seconds is None and simulations is None:
        seconds = default_seconds
    return Budget(simulations=simulations, seconds=seconds)


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


def entry_text(written: Written) -> str:
    """The entry as ``forex play`` takes it."""
    return write_entry(written)


class Suggestion(Struct, frozen=True):
    """One decision the engine suggests, with its evaluation and the line it expects."""

    entry: Written
    value: float
    """The mover's expected score share after it (0 to 1)."""
    values: tuple[float, ...]
    visits: int
    line: tuple[tuple[str, str], ...]
    """The principal line after it: (player, entry text), as ``forex play`` takes them."""


class Hint(Struct, frozen=True):
    """The best decisions found for whoever decides next."""

    player: str
    suggestions: tuple[Suggestion, ...]
    simulations: int
    seconds: float
    players: tuple[str, ...]


def _checked(state: GameState, decisions: Sequence[Decision], *, listed: bool = False) -> GameState:
    """Apply ``decisions`` with the reference engine (it raises on anything illegal).

    With ``listed`` each must also be one of the reference ``legal_decisions``.
    """
    for step in decisions:
        if listed and step not in legal_decisions(state):
            raise AssertionError(f"the search proposed {step}, which is not legal")
        state = apply(state, step)
    return state


def _suggestion(state: GameState, line: Line, mover: int) -> Suggestion | None:
    entries = entries_of(line.decisions)
    if not entries:
        return None
    rest = []
    position = _checked(state, entries[0].decisions(), listed=True)
    for written in entries[1:]:
        rest.append((written.decision.player, entry_text(written)))
        position = _checked(position, written.decisions())
    return Suggestion(entries[0], line.values[mover], line.values, line.visits, tuple(rest))


def hint(
    state: GameState,
    plan: Budget,
    *,
    top: int = 3,
    seed: int = 0,
    progress: Progress | None = None,
    stop_when_decided: bool = False,
) -> Hint:
    """The ``top`` best decisions for the pending player of ``state`` (not over).

    ``stop_when_decided`` (for playing: one decision wanted, not the figures
    of the others) ends the search once its choice can no longer change.
    """
    mover = state.pending.player
    if mover is None:
        raise ValueError("the game is over")
    result = search(state, plan, seed=seed, progress=progress, stop_when_decided=stop_when_decided)
    suggestions: list[Suggestion] = []
    seen: set[str] = set()
    for line in result.lines:
        found = _suggestion(state, line, mover)
        if found is None or entry_text(found.entry) in seen:
            continue
        seen.add(entry_text(found.entry))
        suggestions.append(found)
        if len(suggestions) >= top:
            break
    return Hint(state.players[mover], tuple(suggestions), result.simulations, result.seconds,
                state.players)  # fmt: skip


def engine_entry(state: GameState, plan: Budget, seed: int = 0) -> Written:
    """The engine's entry for the pending player: the best decision (a spot with its action)."""
    found = hint(state, plan, top=1, seed=seed, stop_when_decided=True)
    entry = found.suggestions[0].entry
    _checked(state, entry.decisions(), listed=True)
    return entry


# --------------------------------------------------------------------------- analysis


class Verdict(Struct, frozen=True):
    """One recorded decision judged against the engine's choice."""

    number: int
    player: str
    played: str
    played_value: float
    best: str
    best_value: float
    label: str | None
    """``dubious``, ``mistake``, ``blunder``, or None (a good decision)."""

    @property
    def loss(self) -> float:
        """The score share lost against the engine's choice (0 when none)."""
        return max(0.0, self.best_value - self.played_value)

    def note(self) -> str:
        """The verdict as a note: ``[engine: mistake, -6.2 points; better: invest USD]``."""
        if self.label is None:
            return f"[engine: good; {100 * self.played_value:.1f}%]"
        return (
            f"[engine: {self.label}, -{100 * self.loss:.1f} points; better: {self.best}"
            f" ({100 * self.best_value:.1f}%)]"
        )


def label_for(loss: float) -> str | None:
    """The verdict of a decision that loses ``loss`` score share (see the thresholds)."""
    for name, threshold in THRESHOLDS:
        if loss >= threshold:
            return name
    return None


def judge(
    state: GameState,
    number: int,
    written: Written,
    plan: Budget,
    *,
    seed: int = 0,
    progress: Progress | None = None,
) -> Verdict:
    """Judge one recorded entry (``number``), made in ``state``, against the engine's choice."""
    mover = state.pending.player
    assert mover is not None
    path = [encode(s, d) for s, d in _states_and(state, written.decisions())]
    visits = max(8, (plan.simulations or 1000) // FORCED_VISITS_SHARE)
    result: SearchResult = search(
        state, plan, seed=seed, forced=[path], forced_visits=visits, progress=progress
    )
    played_value = result.forced_values[0][mover]
    best = None
    for line in result.lines:
        best = _suggestion(state, line, mover)
        if best is not None:
            break
    assert best is not None
    played_text = entry_text(written)
    best_text = entry_text(best.entry)
    best_value = best.value
    if best_text == played_text or played_value >= best_value:
        best_value = max(best_value, played_value)
        return Verdict(number, state.players[mover], played_text, played_value, best_text,
                       best_value, None)  # fmt: skip
    loss = best_value - played_value
    return Verdict(number, state.players[mover], played_text, played_value, best_text,
                   best_value, label_for(loss))  # fmt: skip


def _states_and(
    state: GameState, decisions: Sequence[Decision]
) -> list[tuple[GameState, Decision]]:
    out = []
    for step in decisions:
        out.append((state, step))
        state = apply(state, step)
    return out


_OLD_VERDICT = re.compile(r"\s*\[engine: [^\]]*\]\Z")


def noted(old: str | None, verdict: Verdict) -> str:
    """The note of a judged entry: the note already there (an older verdict replaced) and this."""
    kept = _OLD_VERDICT.sub("", old or "")
    return f"{kept} {verdict.note()}" if kept else verdict.note()


def analyse(
    played: object,
    plan: Budget,
    first: int,
    last: int,
    *,
    seed: int = 0,
    progress: Progress | None = None,
) -> list[Verdict]:
    """Judge the recorded entries ``first`` to ``last`` (1-based) of a replayed log.

    ``played`` is a ``gamelog.Replay`` whose entries all replay legally;
    ``progress`` is called with 1 after each entry.
    """
    from ...record.gamelog import Replay

    assert isinstance(played, Replay)
    verdicts = []
    for number in range(first, last + 1):
        state = played.state_after(number - 1)
        entry = played.log.entries[number - 1]
        verdicts.append(judge(state, number, entry.written, plan, seed=seed))
        if progress is not None:
            progress(1)
    return verdicts


# --------------------------------------------------------------------------- self-play

SEAT_KINDS = ("engine", "greedy", "random", "oneply", "investor", "trader", "cautious")
"""The kinds of seat; all but ``engine`` are the ladder's players without search (see
``forexcli.games.forex.search.ladder``)."""


class Seat(Struct, frozen=True):
    """Who plays a seat in self-play: ``engine`` with its budget, or a ladder player."""

    kind: str
    plan: Budget | None = None

    def label(self) -> str:
        """``engine (200 simulations)``, ``greedy``."""
        return f"{self.kind} ({self.plan.describe()})" if self.plan else self.kind


def parse_seat(text: str, default: Budget) -> Seat:
    """``engine``, ``engine:500`` (simulations), ``engine:0.5s`` (seconds), ``engine/10`` (a
    tenth of the budget; ``engine:2000/4`` a quarter of 2000), or a ladder player: ``greedy``,
    ``random``, ``oneply``, ``investor``, ``trader``, ``cautious``.

    Raises ``ValueError`` with a readable reason.
    """
    from .search.ladder import fraction

    spec, slash, divisor = text.strip().partition("/")
    kind, sep, amount = spec.partition(":")
    if kind not in SEAT_KINDS:
        raise ValueError(
            f"{text!r}: a seat is one of {', '.join(SEAT_KINDS)} (engine:500, engine:1s, engine/10)"
        )
    if kind != "engine":
        if sep or slash:
            raise ValueError(f"{text!r}: only an engine seat takes a budget")
        return Seat(kind)
    plan = default
    try:
        if sep and amount.endswith("s"):
            plan = Budget(seconds=float(amount[:-1]))
        elif sep:
            plan = Budget(simulations=int(amount))
    except ValueError as error:
        if "must" in str(error):
            raise ValueError(f"{text!r}: {error}") from None
        raise ValueError(f"{text!r}: write engine:SIMULATIONS or engine:SECONDSs") from None
    if not slash:
        return Seat(kind, plan)
    if not divisor.isdigit() or not 1 <= int(divisor) <= 1000:
        raise ValueError(f"{text!r}: write engine/K with K a whole number from 1 to 1000")
    return Seat(kind, fraction(plan, int(divisor)))


def seat_player(seat: Seat, seed: int) -> Player:
    """The player function of a seat (deterministic for a seed)."""
    from .search.ladder import ladder_player
    from .search.players import engine_choice

    if seat.kind != "engine":
        return ladder_player(seat.kind, Budget(simulations=1), seed)
    assert seat.plan is not None
    plan = seat.plan

    def play(state: GameState, excluded: Collection[Spot] = ()) -> tuple[Decision, ...]:
        if excluded:  # an offer was refused: the search again, without it
            return engine_choice(state, plan, seed, excluded=excluded).entry
        return engine_entry(state, plan, seed).decisions()

    return play


class SelfPlayGame(Struct, frozen=True):
    """A finished self-play game: its log text and its result."""

    index: int
    text: str
    players: tuple[str, ...]
    labels: tuple[str, ...]
    ranks: tuple[int, ...]
    totals: tuple[int, ...]
    ending: str
    moves: int


def selfplay_game(seats: Sequence[Seat], seed: str, index: int, started: str) -> SelfPlayGame:
    """Play one game between ``seats`` (in seat order) from the set-up drawn from ``seed``.

    The log is built as ``forex new`` and ``forex play`` write them (the same
    header writer, the same entry lines, with digests) and checked by
    reading and replaying it before it is returned.
    """
    from ...record import gamelog
    from ...record.entrytext import entry_lines
    from ...reporters.newlog import new_log_text
    from .engine import draw_removed, new_game
    from .search.game import play_game
    from .search.ladder import ladder_answer
    from .snapshot import state_digest

    names = tuple(f"{seat.kind}{number + 1}" for number, seat in enumerate(seats))
    labels = tuple(seat.label() for seat in seats)
    start = new_game(names, draw_removed(seed))
    number_seed = sum(ord(ch) for ch in seed) * 1000 + index
    players = [seat_player(seat, number_seed + n) for n, seat in enumerate(seats)]
    game = play_game(start, players, [ladder_answer(seat.kind) for seat in seats])
    title = f"selfplay {index}: " + ", ".join(
        f"{n} = {lab}" for n, lab in zip(names, labels, strict=True)
    )
    header = new_log_text(names, seed=seed, title=title[:200], started=started)
    lines = []
    state = start
    for player, entry in game.entries:
        for step in entry:
            state = apply(state, step)
        written = _written(entry)
        lines.append(
            entry_lines(player, write_entry(written), None, state_digest(state), "  ", "\n")
        )
    text = header.replace("moves: []\n", "moves:\n" + "".join(lines)) if lines else header
    played = gamelog.replay(gamelog.parse_log(text, f"selfplay-{index}"))
    if played.problem is not None or not played.final.is_over:
        raise AssertionError("a self-play log must replay to its end")
    result = played.final.result
    assert result is not None
    return SelfPlayGame(index, text, names, labels, result.ranks, result.totals, result.ending,
                        len(game.entries))  # fmt: skip


def _written(entry: Sequence[Decision]) -> Written:
    if len(entry) == 2:
        first = entry[0]
        assert isinstance(first, Spot)
        return Written(first, entry[1])
    return Written(None, entry[0])
