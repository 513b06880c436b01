"""``forex analyse``'s verdicts: each recorded decision graded by the chance of finishing
first it gives away, with the better decision, the lines expected after both and, in
words, what decides them; marks, a summary per player and the chances over the game.

A decision's **loss** is measured on a bounded scale of the mover's chance of
finishing first, ``scale``: half the chance itself, half its log-odds bounded to
``FLOOR``..``CEILING`` (mapped onto 0..1).  The log-odds half keeps a nearly
lost position from being a free pass (5% down to 1% loses 12 points, a
mistake), the bound keeps a won one from being a minefield (every chance
above 95% is worth the same there: 99% down to 96% loses 1.5 points), and
the linear half keeps the scale close to the chance of winning itself.  The
thresholds and ``MIN_VISITS`` were chosen by ``benchmarks/verdicts.py``
(benchmarks/RESULTS.md, issue 42).

A decision is **not graded** when the search visited the engine's choice
fewer than ``MIN_VISITS`` times: its value is then too uncertain to tell the
two decisions apart at the budget given.  A decision that is the engine's
choice only by the visits forced on it (a recorded entry is searched at least
a tenth of the budget) is graded only when the next best was visited
``MIN_VISITS`` times.  Pure: no I/O.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from typing import Any, Optional

from msgspec import Struct

from ..games.base import Advisor, Budget, Weighed
from .advisor import FORCED_VISITS_SHARE

DUBIOUS = 0.05
MISTAKE = 0.10
BLUNDER = 0.20
"""The verdicts' thresholds: points of the bounded chance (``scale``) lost against the
engine's choice."""

ONLY = MISTAKE
"""A decision is the only good one (``!``) when it is the engine's choice and the next-best
other decision loses at least this."""

FLOOR = 0.005
CEILING = 0.95
"""The bounds of the log-odds half of ``scale``: chances beyond them count as them."""

MIN_VISITS = 8
"""The fewest visits of the engine's choice for a verdict."""

LINE_PLIES = 4
"""Entries of an expected line shown (as ``forex hint`` shows them)."""

THRESHOLDS = (("blunder", BLUNDER), ("mistake", MISTAKE), ("dubious", DUBIOUS))
MARKS = {"blunder": "??", "mistake": "?", "dubious": "?!", "only": "!"}

Progress = Callable[[int], None]


def scale(chance: float) -> float:
    """The bounded scale of a chance of finishing first (0 to 1, increasing)."""
    low, high = _logit(FLOOR), _logit(CEILING)
    odds = (_logit(min(max(chance, FLOOR), CEILING)) - low) / (high - low)
    return 0.5 * min(max(chance, 0.0), 1.0) + 0.5 * odds


def _logit(chance: float) -> float:
    return math.log(chance / (1.0 - chance))


def loss_between(best: float, played: float) -> float:
    """The points of ``scale`` a decision of chance ``played`` loses against ``best``."""
    return max(0.0, scale(best) - scale(played))


def label_for(loss: float) -> Optional[str]:
    """``blunder``, ``mistake``, ``dubious`` or None for a decision losing ``loss``."""
    for name, threshold in THRESHOLDS:
        if loss >= threshold:
            return name
    return None


def accuracy_of(loss: float) -> float:
    """A decision's accuracy in percent from its loss, as chess sites compute it from the
    win chance lost (lichess: 103.1668 e^(-0.04354 x) - 3.1669, x in points)."""
    return min(100.0, max(0.0, 103.1668 * math.exp(-0.04354 * 100 * loss) - 3.1669))


class Expected(Struct, frozen=True):
    """A decision with its chance, visits, the line expected after it ((key, entry text)) and
    what decides that line, in words."""

    text: str
    chance: float
    visits: int
    line: tuple[tuple[str, str], ...]
    decisive: tuple[str, ...] = ()


class Graded(Struct, frozen=True):
    """One recorded decision graded against the engine's choice."""

    number: int
    player: str
    played: Expected
    best: Expected
    chances: tuple[float, ...]
    """Every player's chance of finishing first after the recorded decision, by seat."""
    loss: float
    """Points of ``scale`` lost against the engine's choice (0 for the engine's choice)."""
    label: Optional[str]
    """``blunder``, ``mistake``, ``dubious``, ``only`` (the only good decision), or None."""
    graded: bool
    """False when the search did not visit the two decisions compared enough to tell them apart
    (``MIN_VISITS``)."""
    same: bool
    """The recorded decision is the engine's choice."""
    runner_up: Optional[Expected] = None

    @property
    def mark(self) -> str:
        """``??``, ``?``, ``?!``, ``!`` or nothing."""
        return MARKS.get(self.label or "", "")

    @property
    def accuracy(self) -> float:
        """``accuracy_of`` the loss."""
        return accuracy_of(self.loss)

    @property
    def explained(self) -> bool:
        """A verdict that names the better decision (dubious, mistake, blunder)."""
        return self.label in ("dubious", "mistake", "blunder")

    def note(self) -> str:
        """The verdict as a note, concisely: its mark, the chances and the reason."""
        return f"[engine: {self.words()}]"

    def words(self) -> str:
        """The verdict in words, as the note holds it: ``?? blunder, 23% to win, better
        invest CHF USD 50%: ...``."""
        if self.label == "only":
            other = self.runner_up
            assert other is not None
            return (
                f"! the only good decision ({_pct(self.played.chance)} to win;"
                f" next best {other.text}: {_pct(other.chance)})"
            )
        if not self.explained:
            return f"good; {_pct(self.played.chance)} to win"
        differ = self.best.decisive != self.played.decisive
        why = "; ".join(self.best.decisive) if differ else ""
        worse = "; ".join(self.played.decisive) if differ else ""
        return (
            f"{self.mark} {self.label}, {_pct(self.played.chance)} to win, better"
            f" {self.best.text} {_pct(self.best.chance)}"
            + (f": {why}" if why else "")
            + (f"; played: {worse}" if worse else "")
        )


_NOTED = re.compile(
    r"\[engine: (?:(?:\?\?|\?!|\?|!) )?(blunder|mistake|dubious|the only good)"
    r"(?:(?!\[engine: ).)*\]\s*\Z",
    re.DOTALL,
)
"""A verdict at the end of a note, from the last ``[engine: `` on (a player's name in it may
hold a ``]``, never a ``:``)."""
_NOTED_LABELS = {"the only good": "only"}


def noted_verdict(note: Optional[str]) -> Optional[str]:
    """The verdict ``Graded.note`` wrote at the end of ``note`` (by ``analyse --write``):
    ``blunder``, ``mistake``, ``dubious``, ``only``, or None (no verdict, or a good one)."""
    found = _NOTED.search(note or "")
    if found is None:
        return None
    return _NOTED_LABELS.get(found.group(1), found.group(1))


def _pct(value: float) -> str:
    return f"{100 * value:.0f}%"


def _weighed(
    searcher: Advisor, state: Any, played: Sequence[Any], plan: Budget, seed: int, visits: int
) -> Weighed:
    """The recorded entry weighed by the chance of finishing first: the advisor's own search
    of chances, or its values when they are chances already (``AdvisorDefaults``)."""
    return searcher.weigh_chances(state, played, plan, seed=seed, visits=visits)


def _lines(searcher: Advisor, entries: Sequence[Sequence[Any]]) -> tuple[tuple[str, str], ...]:
    return tuple((searcher.key(entry), searcher.write(entry)) for entry in entries)


def _why(
    searcher: Advisor,
    state: Any,
    entries: Sequence[Sequence[Any]],
    figures: Sequence[float] = (),
) -> tuple[str, ...]:
    """What decides the line of ``entries`` (``decisive``), then the mean figures of the
    simulations through its first decision in words (``figures_words``), when measured."""
    words = searcher.decisive(state, entries)
    if figures:
        words += searcher.figures_words(state, figures)
    return words


def grade(
    searcher: Advisor,
    state: Any,
    number: int,
    played: Sequence[Any],
    plan: Budget,
    *,
    seed: int = 0,
) -> Graded:
    """Grade entry ``number`` (its decisions ``played``), made in ``state``, against the
    engine's choice for the chance of finishing first."""
    mover = searcher.mover(state)
    assert mover is not None
    visits = max(MIN_VISITS, (plan.simulations or 1000) // FORCED_VISITS_SHARE)
    weighed = _weighed(searcher, state, played, plan, seed, visits)
    best_advice = weighed.best
    played_text = searcher.write(played)
    best_text = searcher.write(best_advice.entry)
    same = weighed.same or best_text == played_text
    played_chance = weighed.played[mover]
    other = weighed.runner_up
    if (
        same
        and other is not None
        and other.visits >= MIN_VISITS
        and other.values[mover] > played_chance
    ):  # the recorded entry came first by its forced visits: the better one is the next
        best_advice, best_text, same = other, searcher.write(other.entry), False
    mine = Expected(
        played_text,
        played_chance,
        weighed.played_visits,
        _lines(searcher, weighed.played_line),
        _why(searcher, state, [played, *weighed.played_line], weighed.played_figures),
    )
    if same:
        best = mine
    else:
        best = Expected(
            best_text,
            best_advice.values[mover],
            best_advice.visits,
            _lines(searcher, best_advice.line),
            _why(searcher, state, [best_advice.entry, *best_advice.line], best_advice.figures),
        )
    runner = weighed.runner_up if same else None
    runner_up = None
    if runner is not None:
        runner_up = Expected(
            searcher.write(runner.entry),
            runner.values[mover],
            runner.visits,
            _lines(searcher, runner.line),
        )
    player = searcher.names(state)[mover]
    loss = 0.0 if same else loss_between(best.chance, played_chance)
    if same:  # the engine's own choice (more visits than forced), or the next best seen enough
        graded = runner_up is None or runner_up.visits >= MIN_VISITS or mine.visits > visits
    else:
        graded = min(best.visits, mine.visits) >= MIN_VISITS
    label: Optional[str] = None
    if not graded:
        loss = 0.0
    elif not same:
        label = label_for(loss)
    elif (
        runner_up is not None
        and runner_up.visits >= MIN_VISITS
        and loss_between(played_chance, runner_up.chance) >= ONLY
    ):
        label = "only"
    return Graded(
        number, player, mine, best, tuple(weighed.played), loss, label, graded, same, runner_up
    )


def grade_game(
    searcher: Advisor,
    played: Any,
    plan: Budget,
    first: int,
    last: int,
    *,
    seed: int = 0,
    progress: Optional[Progress] = None,
) -> list[Graded]:
    """Grade entries ``first`` to ``last`` (1-based) of ``played`` (a ``gamelog.Replay``
    whose entries all replay legally); an entry nobody decides (a reveal of cards) is not
    graded.  ``progress`` is called with 1 after each entry."""
    graded = []
    for number in range(first, last + 1):
        state = played.state_after(number - 1)
        if searcher.mover(state) is not None:
            decisions = played.log.entries[number - 1].decisions
            graded.append(grade(searcher, state, number, decisions, plan, seed=seed))
        if progress is not None:
            progress(1)
    return graded


# --------------------------------------------------------------------------- summaries


class Summary(Struct, frozen=True):
    """A player's decisions in figures."""

    player: str
    decisions: int
    graded: int
    accuracy: float
    """The mean accuracy of the graded decisions, in percent (100 when none)."""
    average_loss: float
    counts: dict[str, int]
    """Decisions by verdict: blunder, mistake, dubious, only, good."""
    swing: Optional[int]
    """The move of the largest loss (None when nothing was lost)."""
    swing_loss: float


def summaries(graded: Sequence[Graded], players: Sequence[str] = ()) -> list[Summary]:
    """One summary per player (in ``players``' order, then as met)."""
    order = list(players)
    for g in graded:
        if g.player not in order:
            order.append(g.player)
    out = []
    for player in order:
        mine = [g for g in graded if g.player == player]
        if not mine and player not in players:
            continue
        rated = [g for g in mine if g.graded]
        counts = {"blunder": 0, "mistake": 0, "dubious": 0, "only": 0, "good": 0}
        for g in rated:
            counts[g.label or "good"] += 1
        worst = max(rated, key=lambda g: (g.loss, -g.number), default=None)
        swing = worst.number if worst is not None and worst.loss > 0 else None
        out.append(
            Summary(
                player,
                len(mine),
                len(rated),
                sum(g.accuracy for g in rated) / len(rated) if rated else 100.0,
                sum(g.loss for g in rated) / len(rated) if rated else 0.0,
                counts,
                swing,
                worst.loss if worst is not None and swing is not None else 0.0,
            )
        )
    return out


def chance_series(graded: Sequence[Graded], players: Sequence[str]) -> list[dict[str, Any]]:
    """Every player's chance of finishing first after each graded decision, with its mark and,
    for a marked one, the decision and the verdict in words: ``{"move", "player", "mark",
    "played", "words", "chances": {name: chance}}`` (the data of the evaluation graph, for
    ``forex chart --eval`` and the replay page)."""
    return [
        {
            "move": g.number,
            "player": g.player,
            "mark": g.mark,
            "played": g.played.text,
            "words": g.words() if g.mark else None,
            "chances": {
                name: round(chance, 4) for name, chance in zip(players, g.chances, strict=True)
            },
        }
        for g in graded
    ]
