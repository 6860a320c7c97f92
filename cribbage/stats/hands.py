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
from functools import lru_cache
from itertools import combinations, product
from math import comb
from typing import Sequence

import numpy as np

from .cards import Card, Suit
from .ranks import multisets as _multisets, rank_points
from .scoring import MAX_SCORE  # one home for the highest hand; kept in __all__ for callers of stats

__all__ = ["hand_distribution", "mean_score", "share_at_most", "TOTAL_HANDS", "MAX_SCORE",
           "IMPOSSIBLE_SCORES"]

#: Four cards from 52, then a starter from the 48 left.
TOTAL_HANDS = comb(52, 4) * 48
IMPOSSIBLE_SCORES = (19, 25, 26, 27)

# --- the statistics lab (issue 13): tables in modules of their own, reached from here too ----------
from .stats_cache import cache_dir  # noqa: E402
from .stats_crib import CribComparison, CribTable, crib_averages  # noqa: E402
from .stats_deals import DealLog, deal_log  # noqa: E402
from .stats_keep import BestKeep, KeepClasses, KeepTable, best_keep, keep_classes, keep_statistics  # noqa: E402
from .stats_pegging import PeggingStats, pegging_statistics  # noqa: E402
from .stats_position import PositionTable, where_do_i_stand, win_probabilities  # noqa: E402
from .stats_published import PUBLISHED_CRIB_TABLES, PublishedCribTable, published_crib_table  # noqa: E402

__all__ += ["cache_dir", "crib_averages", "CribTable", "CribComparison", "PUBLISHED_CRIB_TABLES", "PublishedCribTable",
            "published_crib_table", "deal_log", "DealLog", "win_probabilities", "PositionTable",
            "where_do_i_stand", "pegging_statistics", "PeggingStats",
            "keep_statistics", "KeepTable", "keep_classes", "KeepClasses", "best_keep", "BestKeep"]
# --- end of the statistics lab block ----------------------------------------------------------------


def _bonus(hand: Sequence[Card], starter: Card, crib: bool) -> int:
    """The flush and nobs points: the only part of a score that looks at suits."""
    points = 0
    suit = hand[0].suit
    if all(card.suit == suit for card in hand):
        points += 5 if starter.suit == suit else (0 if crib else 4)
    points += sum(1 for card in hand if card.rank == 11 and card.suit == starter.suit)
    return points


@lru_cache(maxsize=None)
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
    return np.array(_distribution(crib), dtype=np.int64)


def mean_score(counts: np.ndarray) -> float:
    """The mean score of a distribution given as counts by score."""
    counts = np.asarray(counts)
    return float((np.arange(len(counts)) * counts).sum() / counts.sum())


def share_at_most(score: int, *, crib: bool = False) -> float:
    """The share of all hands that score ``score`` or less (0..1)."""
    counts = hand_distribution(crib=crib)
    return float(counts[: max(0, score + 1)].sum() / counts.sum())  # none score below 0


# --------------------------------------------------------------- starters
# A self-contained block (its own imports) so the rest of this module is left as it was.
from typing import Iterable  # noqa: E402

from .cards import FULL_DECK, CardLike, cards as _read_cards  # noqa: E402
from .errors import InvalidHandError  # noqa: E402
from .messages import add_catalogue, message  # noqa: E402
from .scoring import hand_total  # noqa: E402

__all__ += ["starter_outcomes"]

add_catalogue({
    "stats.kept_four": {"en": "a kept hand is four cards, not {count}"},
    "stats.discard_kept": {"en": "{card} is both kept and laid away to the crib"},
})


def starter_outcomes(hand: "str | Iterable[CardLike]", *, discards: "str | Iterable[CardLike]" = (),
                     crib: bool = False) -> dict[Card, int]:
    """For a kept hand of four, the score with each starter it could meet, in deck order.

    The starters are the cards the player cannot see: 48, or 46 when the two ``discards`` are given.

    >>> outcomes = starter_outcomes("5H 5D 6H 7S", discards="KC QD")
    >>> len(outcomes), outcomes[Card.parse("5C")]
    (46, 17)
    """
    held = _read_cards(hand)
    if len(held) != 4:
        raise InvalidHandError(message("stats.kept_four", count=len(held)))
    away = _read_cards(discards)
    both = set(held) & set(away)
    if both:
        raise InvalidHandError(message("stats.discard_kept", card=min(both)))
    seen = set(held) | set(away)
    return {card: hand_total(held, card, crib=crib) for card in FULL_DECK if card not in seen}
