"""Exact summaries of a distribution given as counts by value: mean, variance, standard deviation, quantiles.

The hand and crib distributions (:mod:`.hands`) and the best keep's values (:mod:`.keep`) are
enumerations, not samples: every hand or deal is counted once. So their summaries are worked out
from the counts in rational arithmetic (:class:`fractions.Fraction`) and made a float once, at the
end. They are the population's figures: the variance divides by the number of hands, not one less.

A value is ``(first + i) / scale`` for the count at index ``i``: the scores 0..29 are ``first=0,
scale=1``; the keep table's hundredths of a point from -10.00 are ``first=-1000, scale=100``.

A quantile is the distribution function's inverse: the ``q`` quantile is the smallest value whose
share at or below it is at least ``q`` (Hyndman and Fan's definition 1; R's ``quantile(type = 1)``),
so it is always a value that occurs: the median hand is a score some hand makes.
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np

from cribbage.lang.messages import message
from cribbage.rules.checks import bounded
from cribbage.rules.errors import CribbageError, shown
from cribbage.stats import words as _words  # noqa: F401  (its refusals reach the catalogue)

__all__ = ["exact_mean", "exact_variance", "quantile_index", "standard_deviation"]

#: More counts than any distribution here has (scores 0..29, the keep table's hundredths): a list
#: given as counts is read no further.
_MOST_COUNTS = 10_000


def _counts(counts: object) -> list[int | Fraction]:
    """The counts as exact numbers (Python's integers, whose sums never overflow, or fractions for
    counts given as floats), refused unless they are a distribution (finite, none below 0, not all 0)."""
    if not isinstance(counts, np.ndarray):  # a list read only so far: one whose __len__ lies may be endless
        counts = bounded(counts, "counts", _MOST_COUNTS)
    try:
        array = np.asarray(counts, dtype=np.float64)
    except (TypeError, ValueError, OverflowError):
        raise CribbageError(message("stats.bad_counts", value=shown(counts))) from None
    if array.ndim != 1 or not len(array) or not np.isfinite(array).all() or (array < 0).any() or array.sum() <= 0:
        raise CribbageError(message("stats.bad_counts", value=shown(counts)))
    whole = np.asarray(counts)
    if whole.dtype.kind in "iu":
        return [int(c) for c in whole.tolist()]
    return [Fraction(float(c)) for c in array.tolist()]   # a float is an exact binary fraction


def exact_mean(counts: object, *, first: int = 0, scale: int = 1) -> Fraction:
    """The mean value, exactly."""
    weights = _counts(counts)
    return Fraction(sum(c * (first + i) for i, c in enumerate(weights))) / (sum(weights) * scale)


def exact_variance(counts: object, *, first: int = 0, scale: int = 1) -> Fraction:
    """The variance of the value (the mean squared distance from the mean), exactly."""
    weights = _counts(counts)
    total = sum(weights)
    s1 = sum(c * (first + i) for i, c in enumerate(weights))
    s2 = sum(c * (first + i) ** 2 for i, c in enumerate(weights))
    return Fraction(total * s2 - s1 * s1) / (total * total * scale * scale)


def standard_deviation(variance: Fraction) -> float:
    """The square root of an exact variance, rounded once."""
    return math.sqrt(variance)


def quantile_index(counts: object, q: object) -> int:
    """The index of the ``q`` quantile (0 <= q <= 1): the first index whose running share reaches ``q``."""
    if isinstance(q, bool) or not isinstance(q, (int, float, np.integer, np.floating)) or not 0 <= q <= 1:
        raise CribbageError(message("stats.bad_quantile", value=shown(q)))
    weights = _counts(counts)
    total = sum(weights)
    # The share as written (0.1 is a tenth), not the binary float a hair above it that would move a
    # quantile falling exactly on a boundary one value up.
    wanted = Fraction(repr(float(q))) * total
    running: int | Fraction = 0
    for i, c in enumerate(weights):
        running += c
        if c and running >= wanted:
            return i
    raise AssertionError("the running share reaches 1")  # pragma: no cover
