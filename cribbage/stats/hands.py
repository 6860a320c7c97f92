"""Exact statistics of the show over every hand.

:func:`hand_distribution` counts how many of the 12,994,800 hands (four cards from 52, then a
starter from the 48 left) score each total from 0 to 29, exactly, in a few milliseconds.

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

import numpy as np

from cribbage.lang.messages import message
from cribbage.rules.cards import Card, Suit
from cribbage.rules.checks import flag, whole
from cribbage.rules.errors import CribbageError, shown
from cribbage.rules.ranks import multisets as _multisets
from cribbage.rules.ranks import rank_points
from cribbage.rules.show_scoring import MAX_SCORE  # one home for the highest hand; kept in __all__ for callers of stats
from cribbage.stats import words as _words  # noqa: F401  (its refusals reach the catalogue)

__all__ = ["IMPOSSIBLE_SCORES", "MAX_SCORE", "TOTAL_HANDS", "hand_distribution", "mean_score", "share_at_most"]

#: Four cards from 52, then a starter from the 48 left.
TOTAL_HANDS = comb(52, 4) * 48
IMPOSSIBLE_SCORES = (19, 25, 26, 27)



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
    return np.array(_distribution(flag(crib, "crib")), dtype=np.int64)


def mean_score(counts: np.ndarray) -> float:
    """The mean score of a distribution given as counts by score."""
    try:
        counts = np.asarray(counts, dtype=np.float64)
    except (TypeError, ValueError, OverflowError):
        raise CribbageError(message("stats.bad_counts", value=shown(counts))) from None
    if counts.ndim != 1 or not len(counts) or not np.isfinite(counts).all() or (counts < 0).any() \
            or counts.sum() <= 0:
        raise CribbageError(message("stats.bad_counts", value=shown(counts)))
    return float((np.arange(len(counts)) * counts).sum() / counts.sum())


def share_at_most(score: int, *, crib: bool = False) -> float:
    """The share of all hands that score ``score`` or less (0..1)."""
    score = whole(score, "score")
    counts = hand_distribution(crib=crib)
    return float(counts[: max(0, score + 1)].sum() / counts.sum())  # none score below 0
