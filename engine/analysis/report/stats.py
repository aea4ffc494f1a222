"""The statistics of the design report: intervals, paired differences, Holm, verdicts.

Every comparison in the report is *paired*: a reading and the default are played on the
same deals with the same agent randomness (common random numbers), so the per-deal
difference carries the effect of the rule and little of the deal's luck. A mean's 95%
interval is Student's t on those differences; a share is the same (a mean of 0/1 or of
split-win shares), which for the sample sizes here agrees with Wilson's to a point.

Verdicts (contract: "Design report"):

* ``no-difference`` — every headline interval lies inside ``±tolerance``;
* ``matters`` — some headline test rejects "no change" after Holm's step-down
  adjustment over every headline test of the whole report (so adding readings does not
  inflate the chance of a false ``matters``);
* ``undecided`` — neither.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Iterable, Sequence

from scipy.special import stdtr, stdtrit  # type: ignore[import-untyped]  # lighter than scipy.stats

LEVEL = 0.95
NO_DIFFERENCE, MATTERS, UNDECIDED = "no-difference", "matters", "undecided"


@dataclass(frozen=True)
class Estimate:
    """A mean with its 95% interval and the two-sided p-value of "the mean is 0"."""

    value: float
    low: float
    high: float
    p: float
    n: int

    @property
    def half_width(self) -> float:
        return (self.high - self.low) / 2

    def inside(self, tolerance: float) -> bool:
        return -tolerance <= self.low and self.high <= tolerance

    def within(self, lo: float, hi: float) -> Estimate:
        """The estimate with its value and interval held inside the range ``[lo, hi]`` a
        figure can take (Student's interval of a share near 0 or 1 reaches past it).

        >>> Estimate(0.02, -0.01, 0.05, 0.2, 50).within(0.0, 1.0).to_json()
        {'value': 0.02, 'ci95': [0.0, 0.05]}
        """
        def held(v: float) -> float:
            return min(hi, max(lo, v))

        return Estimate(held(self.value), held(self.low), held(self.high), self.p, self.n)

    def to_json(self, digits: int = 4) -> dict[str, object]:
        return {"value": round(self.value, digits),
                "ci95": [round(self.low, digits), round(self.high, digits)]}


def mean_ci(values: Sequence[float], level: float = LEVEL) -> Estimate:
    """Student's t interval of the mean of ``values`` and the p-value of mean 0.

    With no spread (every paired difference equal, as when a reading never changes a
    deal) the interval is the point itself: there is no sampling error to show.
    """
    n = len(values)
    if n == 0:
        return Estimate(0.0, -math.inf, math.inf, 1.0, 0)
    m = math.fsum(values) / n
    if n == 1:
        return Estimate(m, -math.inf, math.inf, 1.0, 1)
    sd = math.sqrt(math.fsum((v - m) ** 2 for v in values) / (n - 1))
    if sd == 0.0:
        return Estimate(m, m, m, 1.0 if m == 0 else 0.0, n)
    se = sd / math.sqrt(n)
    q = float(stdtrit(n - 1, 0.5 + level / 2))
    p = float(2 * stdtr(n - 1, -abs(m) / se))
    return Estimate(m, m - q * se, m + q * se, p, n)


def paired(a: Sequence[float], b: Sequence[float]) -> Estimate:
    """The mean of ``a[i] - b[i]`` with its interval (the pairs share their deal)."""
    if len(a) != len(b):
        raise ValueError(f"paired samples of different sizes: {len(a)} and {len(b)}")
    return mean_ci([x - y for x, y in zip(a, b)])


def holm(pvalues: Sequence[float]) -> list[float]:
    """Holm's step-down adjusted p-values, in the order given (Holm 1979)."""
    order = sorted(range(len(pvalues)), key=lambda i: pvalues[i])
    m = len(pvalues)
    out = [1.0] * m
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * pvalues[i]))
        out[i] = running
    return out


def verdict(headline: Iterable[Estimate], adjusted: Iterable[float], tolerance: float,
            alpha: float = 1 - LEVEL) -> str:
    """A reading's verdict from its headline estimates and their Holm-adjusted p-values."""
    heads = list(headline)
    if heads and all(e.inside(tolerance) for e in heads):
        return NO_DIFFERENCE
    if any(p < alpha for p in adjusted):
        return MATTERS
    return UNDECIDED


def widest(estimates: Iterable[Estimate]) -> float:
    """The widest half-width among ``estimates`` (the sequential stopping rule reads it)."""
    return max((e.half_width for e in estimates), default=math.inf)
