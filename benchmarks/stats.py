"""Statistics of tournaments: Wilson intervals, Bradley-Terry (Elo) ratings, the SPRT.

Pure functions on counts (no I/O, standard library only).  Scores are per
game: 1 a win, 0.5 a shared first place, 0 a loss.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

Z95 = 1.959963984540054
"""The two-sided 95% quantile of the standard normal distribution."""

ELO_PER_NAT = 400 / math.log(10)
"""Elo points per unit of the natural-log strength (400 Elo is a factor of 10 in odds)."""


def wilson(wins: float, games: int, z: float = Z95) -> tuple[float, float]:
    """Wilson's score interval for a proportion ``wins / games`` (0..1 when no game)."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    low = 0.0 if wins <= 0 else max(0.0, centre - half)
    high = 1.0 if wins >= games else min(1.0, centre + half)
    return low, high


def expected_score(elo: float) -> float:
    """The expected score of a player ``elo`` points stronger (the logistic Elo model)."""
    return 1.0 / (1.0 + math.pow(10.0, -elo / 400.0))


def elo_of(score: float) -> float:
    """The Elo difference that gives the expected ``score`` (0 < score < 1)."""
    return -400.0 * math.log10(1.0 / score - 1.0)


# --------------------------------------------------------------------------- Bradley-Terry


@dataclass(frozen=True)
class Rating:
    """A player's Bradley-Terry rating in Elo (the ratings average 0) with its standard error."""

    name: str
    elo: float
    error: float
    games: int
    score: float

    def interval(self, z: float = Z95) -> tuple[float, float]:
        """The rating's confidence interval (95% by default)."""
        return self.elo - z * self.error, self.elo + z * self.error


def bradley_terry(
    names: Sequence[str],
    games: Sequence[tuple[int, int, float]],
    prior: float = 0.0,
    iterations: int = 10_000,
) -> list[Rating]:
    """Bradley-Terry ratings from ``games`` (player ``i``, player ``j``, ``i``'s score).

    The maximum-likelihood strengths by the MM algorithm (Hunter, 2004), a
    shared first place counting half a win to each.  ``prior`` adds that many
    virtual drawn games to every pair that met (so that a player who won
    every game still gets a finite rating).  The errors come from the
    inverse of the Fisher information under the constraint that the ratings
    average 0.
    """
    n = len(names)
    wins = [[0.0] * n for _ in range(n)]
    met = [[0.0] * n for _ in range(n)]
    for i, j, score in games:
        wins[i][j] += score
        wins[j][i] += 1.0 - score
        met[i][j] += 1.0
        met[j][i] += 1.0
    if prior:
        for i in range(n):
            for j in range(n):
                if i != j and met[i][j]:
                    wins[i][j] += prior / 2
                    met[i][j] += prior
    total = [sum(row) for row in wins]
    strength = [1.0] * n
    for _ in range(iterations):
        new = []
        for i in range(n):
            denominator = sum(
                met[i][j] / (strength[i] + strength[j]) for j in range(n) if met[i][j]
            )
            new.append(total[i] / denominator if denominator and total[i] else 1e-12)
        centre = math.exp(sum(math.log(s) for s in new) / n)
        new = [s / centre for s in new]
        change = max(abs(math.log(a / b)) for a, b in zip(new, strength, strict=True))
        strength = new
        if change < 1e-12:
            break
    theta = [math.log(s) for s in strength]
    information = [[0.0] * n for _ in range(n)]
    for i in range(n):
        for j in range(n):
            if i != j and met[i][j]:
                p = 1.0 / (1.0 + math.exp(theta[j] - theta[i]))
                weight = met[i][j] * p * (1.0 - p)
                information[i][j] -= weight
                information[i][i] += weight
    covariance = _constrained_inverse(information)
    played = [sum(1 for g in games if i in g[:2]) for i in range(n)]
    scored = [0.0] * n
    for i, j, score in games:
        scored[i] += score
        scored[j] += 1.0 - score
    return [
        Rating(
            names[i],
            ELO_PER_NAT * theta[i],
            ELO_PER_NAT * math.sqrt(max(covariance[i][i], 0.0)),
            played[i],
            scored[i],
        )
        for i in range(n)
    ]


def _constrained_inverse(laplacian: list[list[float]]) -> list[list[float]]:
    """The pseudo-inverse of a (connected) graph Laplacian: ``(L + J/n)^-1 - J/n``."""
    n = len(laplacian)
    shifted = [[laplacian[i][j] + 1.0 / n for j in range(n)] for i in range(n)]
    inverse = _inverse(shifted)
    return [[inverse[i][j] - 1.0 / n for j in range(n)] for i in range(n)]


def _inverse(matrix: list[list[float]]) -> list[list[float]]:
    """Gauss-Jordan inversion with partial pivoting (the matrices here are small)."""
    n = len(matrix)
    work = [[*row, *(1.0 if i == j else 0.0 for j in range(n))] for i, row in enumerate(matrix)]
    for column in range(n):
        pivot = max(range(column, n), key=lambda r: abs(work[r][column]))
        if abs(work[pivot][column]) < 1e-300:
            raise ValueError("the games do not connect every player: no ratings")
        work[column], work[pivot] = work[pivot], work[column]
        lead = work[column][column]
        work[column] = [v / lead for v in work[column]]
        for row in range(n):
            if row != column and work[row][column]:
                factor = work[row][column]
                work[row] = [a - factor * b for a, b in zip(work[row], work[column], strict=True)]
    return [row[n:] for row in work]


# --------------------------------------------------------------------------- SPRT


@dataclass(frozen=True)
class Sprt:
    """The state of a sequential probability ratio test of H0: elo0 against H1: elo1."""

    llr: float
    lower: float
    upper: float
    samples: int

    @property
    def verdict(self) -> str:
        """``accept`` (H1: the change gains elo1), ``reject`` (H0: elo0), or ``continue``."""
        if self.llr >= self.upper:
            return "accept"
        if self.llr <= self.lower:
            return "reject"
        return "continue"


def sprt_bounds(alpha: float, beta: float) -> tuple[float, float]:
    """Wald's bounds of the log-likelihood ratio: ``ln(beta/(1-alpha))``, ``ln((1-beta)/alpha)``."""
    return math.log(beta / (1 - alpha)), math.log((1 - beta) / alpha)


EMPTY_BIN = 1e-3
"""The count given to a kind of result not seen yet (so that, say, a clean sweep still has a
finite likelihood under a hypothesis that expects some losses)."""


def llr(counts: Sequence[float], elo0: float, elo1: float) -> float:
    """The generalised log-likelihood ratio of H1 (elo1) over H0 (elo0).

    ``counts[k]`` is how many samples scored ``k / (len(counts) - 1)``:
    three counts (loss, shared, win) for single games (trinomial), five for
    pairs of games on one set-up with the seats swapped (pentanomial: a pair
    scores 0, 0.5, 1, 1.5 or 2 points, here in halves of the pair's total).
    Under each hypothesis the distribution of the results is the most likely
    one whose mean is that hypothesis's expected score (logistic Elo); the
    ratio is the samples' log-likelihood under H1's less that under H0's, as
    the chess engines' testing frameworks compute it.  Results never seen
    count ``EMPTY_BIN``.
    """
    n = sum(counts)
    if n == 0:
        return 0.0
    top = len(counts) - 1
    values = [k / top for k in range(len(counts))]
    seen = [c if c > 0 else EMPTY_BIN for c in counts]
    total = sum(seen)
    shares = [c / total for c in seen]
    s0, s1 = expected_score(elo0), expected_score(elo1)
    log0 = _constrained_log_ratio(values, shares, s0)
    log1 = _constrained_log_ratio(values, shares, s1)
    return n * sum(p * (a - b) for p, a, b in zip(shares, log0, log1, strict=True))


def _constrained_log_ratio(
    values: Sequence[float], shares: Sequence[float], mean: float
) -> list[float]:
    """``log(shares[k] / q[k])`` for the ``q`` closest to ``shares`` (maximum likelihood) whose
    mean is ``mean``: ``q[k] = shares[k] / (1 + lam (values[k] - mean))`` with ``lam`` found
    by bisection so that the ``q`` add up to 1."""
    gaps = [v - mean for v in values]
    low = -1.0 / max(gaps) if max(gaps) > 0 else -1e12
    high = -1.0 / min(gaps) if min(gaps) < 0 else 1e12
    low, high = low + 1e-12 * abs(low), high - 1e-12 * abs(high)

    def excess(lam: float) -> float:
        return sum(p * g / (1.0 + lam * g) for p, g in zip(shares, gaps, strict=True))

    for _ in range(200):
        middle = (low + high) / 2
        if excess(middle) > 0:
            low = middle
        else:
            high = middle
    lam = (low + high) / 2
    return [math.log(1.0 + lam * g) for g in gaps]


def normal_llr(counts: Sequence[float], elo0: float, elo1: float) -> float:
    """The normal approximation of ``llr``: ``N (s1 - s0) (2 m - s0 - s1) / (2 v)`` with the
    samples' mean ``m`` and variance ``v`` (0 when they have no variance)."""
    n = sum(counts)
    if n == 0:
        return 0.0
    top = len(counts) - 1
    mean = sum(c * k / top for k, c in enumerate(counts)) / n
    variance = sum(c * (k / top) ** 2 for k, c in enumerate(counts)) / n - mean * mean
    if variance <= 1e-12:
        return 0.0
    s0, s1 = expected_score(elo0), expected_score(elo1)
    return n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * variance)


def sprt(
    counts: Sequence[float], elo0: float, elo1: float, alpha: float = 0.05, beta: float = 0.05
) -> Sprt:
    """The SPRT after the samples in ``counts`` (see ``llr``)."""
    lower, upper = sprt_bounds(alpha, beta)
    return Sprt(llr(counts, elo0, elo1), lower, upper, round(sum(counts)))


def pentanomial(pair_scores: Sequence[float]) -> list[int]:
    """Counts of game pairs by points (0, 0.5, 1, 1.5, 2): the pentanomial of ``pair_scores``."""
    counts = [0] * 5
    for points in pair_scores:
        counts[round(points * 2)] += 1
    return counts


def trinomial(scores: Sequence[float]) -> list[int]:
    """Counts of games by score (0, 0.5, 1)."""
    counts = [0] * 3
    for score in scores:
        counts[round(score * 2)] += 1
    return counts
