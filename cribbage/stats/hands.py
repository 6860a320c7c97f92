"""Exact statistics of the show over every hand.

:func:`hand_distribution` counts how many of the 12,994,800 hands (four cards from 52, then a
starter from the 48 left) score each total from 0 to 29, exactly, in a fifth of a second (then
kept in the cache folder, see :mod:`.cache`).

How it is exact and fast: fifteens, pairs and runs depend on ranks alone, so they are scored once
for each of the 6,175 multisets of five ranks. Only the flush and nobs look at suits; their
effect depends on nothing but how many times each rank repeats and how many jacks there are, so
it is enumerated once, card by card and starter by starter, for one multiset of each such shape
(fewer than thirty), and reused for every multiset of that shape.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import cache, lru_cache
from itertools import combinations, product
from math import comb
from typing import TYPE_CHECKING

import numpy as np

from cribbage.rules.cards import Card, Suit
from cribbage.rules.checks import flag, whole
from cribbage.rules.ranks import multisets as _multisets
from cribbage.rules.ranks import rank_points
from cribbage.rules.show_scoring import (
    MAX_SCORE,  # one home for the highest hand; kept in __all__ for callers of stats
    hand_total,
)
from cribbage.stats import words as _words  # noqa: F401  (its refusals reach the catalogue)
from cribbage.stats.cache import cached_arrays
from cribbage.stats.dictionary import described
from cribbage.stats.moments import exact_mean, exact_variance, quantile_index, standard_deviation

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "IMPOSSIBLE_SCORES",
    "MAX_SCORE",
    "TOTAL_DEALS_WITH_STARTER",
    "TOTAL_HANDS",
    "best_hand_deals",
    "hand_distribution",
    "hand_frame",
    "mean_score",
    "quantile_score",
    "sd_score",
    "share_at_most",
    "variance_score",
]

#: Four cards from 52, then a starter from the 48 left.
TOTAL_HANDS = comb(52, 4) * 48
IMPOSSIBLE_SCORES = (19, 25, 26, 27)
#: Six cards dealt from 52, then a starter from the 46 left: what a player meets in a real deal.
TOTAL_DEALS_WITH_STARTER = comb(52, 6) * 46



def _bonus(hand: Sequence[Card], starter: Card, crib: bool) -> int:
    """The flush and nobs points: the only part of a score that looks at suits."""
    points = 0
    suit = hand[0].suit
    if all(card.suit == suit for card in hand):
        points += 5 if starter.suit == suit else (0 if crib else 4)
    points += sum(1 for card in hand if card.rank == 11 and card.suit == starter.suit)
    return points


@cache
def _bonus_counts(shape: tuple[int, ...], jacks: int, crib: bool) -> tuple[tuple[int, int], ...]:
    """For five cards whose ranks repeat as ``shape`` (non-jack ranks) plus ``jacks`` jacks:
    how many (card set, starter) pairs earn each flush-and-nobs bonus."""
    ranks: list[int] = [11] * jacks
    for i, count in enumerate(shape):
        ranks += [1 + i] * count  # any distinct non-jack ranks give the same suits' picture
    by_rank = Counter(ranks)
    choices = [combinations(Suit, count) for count in by_rank.values()]
    tally: Counter[int] = Counter()
    for suits in product(*choices):
        five = [Card(rank, suit) for rank, group in zip(by_rank, suits) for suit in group]
        for i, starter in enumerate(five):
            tally[_bonus(five[:i] + five[i + 1:], starter, crib)] += 1
    return tuple(sorted(tally.items()))


@lru_cache(maxsize=2)
def _distribution(crib: bool) -> tuple[int, ...]:
    counts = [0] * (MAX_SCORE + 1)
    for multiset in _multisets(5):
        base = rank_points(multiset)
        by_rank = Counter(multiset)
        jacks = by_rank.pop(11, 0)
        shape = tuple(sorted(by_rank.values(), reverse=True))
        for bonus, n in _bonus_counts(shape, jacks, crib):
            counts[base + bonus] += n
    return tuple(counts)


def hand_distribution(*, crib: bool = False) -> np.ndarray:
    """How many of the 12,994,800 hands score 0, 1, ... 29 (index = score).

    With ``crib=True`` the crib's flush rule applies (a flush only with all five cards).
    """
    return np.array(_kept_distribution(flag(crib, "crib")), dtype=np.int64)   # the caller's own copy


@lru_cache(maxsize=2)
def _kept_distribution(crib: bool) -> np.ndarray:
    # Every kernel that opens the calculator or a chart asks for it: 0.17 s of CPU to count, a
    # millisecond to read, so it is counted once for the machine and the engine's version.
    def count() -> dict[str, np.ndarray]:
        return {"counts": np.array(_distribution(crib), dtype=np.int64)}

    try:
        return cached_arrays("hand_distribution", {"crib": crib}, count, compress=False)["counts"]
    except OSError:   # no cache folder to be had (a read-only home, a full disk): counted each time
        return count()["counts"]


def mean_score(counts: np.ndarray) -> float:
    """The mean score of a distribution given as counts by score (index = score), worked out exactly
    from the counts (:mod:`.moments`).

    >>> round(mean_score(hand_distribution()), 6)
    4.769152
    """
    return float(exact_mean(counts))


def variance_score(counts: np.ndarray) -> float:
    """The variance of the score (points squared) of a distribution given as counts by score: the
    population's, exactly from the counts (every hand counted once, so no sample's ``n - 1``).

    >>> round(variance_score(hand_distribution()), 6)
    9.768357
    """
    return float(exact_variance(counts))


def sd_score(counts: np.ndarray) -> float:
    """The standard deviation of the score (points): the square root of :func:`variance_score`."""
    return standard_deviation(exact_variance(counts))


def quantile_score(counts: np.ndarray, q: float) -> int:
    """The ``q`` quantile of the score (0 <= q <= 1): the lowest score that at least a share ``q`` of
    the hands score or less (so always a score some hand makes; R's ``type = 1``).

    >>> [quantile_score(hand_distribution(), q) for q in (0.25, 0.5, 0.75)]
    [2, 4, 6]
    """
    return quantile_index(counts, q)


def hand_frame() -> pd.DataFrame:
    """Every score a hand or crib can make (pandas), one row per score 0..29. Columns: ``score``
    (points), ``hands`` and ``cribs`` (how many of the 12,994,800 four-card hands with a starter
    score it, counted as a hand and as a crib), ``hand_share`` and ``crib_share`` (shares 0..1).
    Its ``attrs`` hold the data dictionary (:func:`~cribbage.stats.data_dictionary` ``("hands")``)."""
    import pandas as pd
    hands, cribs = hand_distribution(), hand_distribution(crib=True)
    return described(pd.DataFrame({"score": np.arange(len(hands)), "hands": hands, "cribs": cribs,
                                   "hand_share": hands / hands.sum(), "crib_share": cribs / cribs.sum()}), "hands")


def best_hand_deals() -> tuple[int, int]:
    """How many (six cards dealt, starter) pairs let a player keep a 29, and how many pairs there are.

    The hands that score 29 are found by scoring every hand of fives and jacks with every starter
    among them (no other card is in a 29); a deal allows one if its six cards hold the hand's four
    and the starter is the fifth card, the deal's two other cards being any two of the 47 left.
    """
    fives_and_jacks = [Card(rank, suit) for rank in (5, 11) for suit in Suit]
    hands = []
    for four in combinations(fives_and_jacks, 4):
        for starter in fives_and_jacks:
            if starter not in four and hand_total(four, starter) == MAX_SCORE:
                hands.append((four, starter))
    # No deal holds two of them: two 29s would need all four fives in the six, leaving no five to turn.
    return len(hands) * comb(52 - 5, 2), TOTAL_DEALS_WITH_STARTER


def share_at_most(score: int, *, crib: bool = False) -> float:
    """The share of all hands that score ``score`` or less (0..1)."""
    score = whole(score, "score")
    counts = hand_distribution(crib=crib)
    return float(counts[: max(0, score + 1)].sum() / counts.sum())  # none score below 0
