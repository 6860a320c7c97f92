"""Exact statistics of the show: golden tests against the published table, and an independent count.

The independent count enumerates every five-card set with numpy and scores it from the rules alone
(fifteens, pairs and runs by subsets of positions, flush and nobs by suits), sharing nothing with
:mod:`cribbage.stats` or the rank tables of :mod:`cribbage.rules.show_scoring`.
"""

from __future__ import annotations

import random
from itertools import combinations
from math import comb

import numpy as np
import pytest

from cribbage import Deck, hand_total, score_hand, stats

# The published distribution of the 12,994,800 hands (four cards and a starter), score -> hands.
PUBLISHED_HANDS = {
    0: 1_009_008, 1: 99_792, 2: 2_813_796, 3: 505_008, 4: 2_855_676, 5: 697_508, 6: 1_800_268,
    7: 751_324, 8: 1_137_236, 9: 361_224, 10: 388_740, 11: 51_680, 12: 317_340, 13: 19_656,
    14: 90_100, 15: 9_168, 16: 58_248, 17: 11_196, 18: 2_708, 19: 0, 20: 8_068, 21: 2_496,
    22: 444, 23: 356, 24: 3_680, 25: 0, 26: 0, 27: 0, 28: 76, 29: 4,
}


# --- golden tests ----------------------------------------------------------------------------------

def test_hand_distribution_equals_the_published_table():
    counts = stats.hand_distribution()
    assert isinstance(counts, np.ndarray) and counts.shape == (30,)
    assert {score: int(n) for score, n in enumerate(counts)} == PUBLISHED_HANDS


def test_totals_and_means():
    hands, crib = stats.hand_distribution(), stats.hand_distribution(crib=True)
    assert hands.sum() == crib.sum() == 12_994_800 == stats.TOTAL_HANDS == comb(52, 4) * 48
    assert round(stats.mean_score(hands), 4) == 4.7692
    assert round(stats.mean_score(crib), 4) == 4.7348
    assert crib[0] == 1_022_208


def test_crib_differs_from_hand_only_by_the_four_card_flush():
    hands, crib = stats.hand_distribution(), stats.hand_distribution(crib=True)
    # the four-card flush is worth 4 in a hand and nothing in a crib: the crib can only score less
    assert (np.cumsum(crib) >= np.cumsum(hands)).all()
    # scores only a five-card flush or no flush can reach are the same: 22 and above need no 4-flush
    for score in (17, 22, 23, 24, 28, 29):
        assert crib[score] == hands[score], score


def test_impossible_scores():
    for crib in (False, True):
        counts = stats.hand_distribution(crib=crib)
        assert [int(counts[s]) for s in stats.IMPOSSIBLE_SCORES] == [0, 0, 0, 0]
        assert stats.IMPOSSIBLE_SCORES == (19, 25, 26, 27)
        assert stats.MAX_SCORE == 29 and counts[29] == 4


def test_share_at_most():
    total = 12_994_800
    assert stats.share_at_most(0) == pytest.approx(1_009_008 / total)
    assert stats.share_at_most(2) == pytest.approx((1_009_008 + 99_792 + 2_813_796) / total)
    assert stats.share_at_most(29) == 1.0
    assert stats.share_at_most(100) == 1.0
    assert stats.share_at_most(-1) == 0.0
    assert stats.share_at_most(0, crib=True) == pytest.approx(1_022_208 / total)


def test_distribution_is_a_fresh_array_each_call():
    counts = stats.hand_distribution()
    counts[0] = -1
    assert stats.hand_distribution()[0] == 1_009_008


# --- the independent count -------------------------------------------------------------------------

def _all_combinations(n: int, k: int) -> np.ndarray:
    """Every k-subset of range(n), as rows of increasing numbers, built column by column."""
    rows = np.arange(n - k + 1, dtype=np.int64)[:, None]
    for column in range(1, k):
        last = rows[:, -1]
        choices = (n - k + column) - last          # the next number runs from last+1 to n-k+column
        starts = np.cumsum(choices) - choices
        offsets = np.arange(choices.sum()) - np.repeat(starts, choices)
        rows = np.column_stack([np.repeat(rows, choices, axis=0), np.repeat(last + 1, choices) + offsets])
    return rows.astype(np.int8)


def _independent_distributions() -> tuple[np.ndarray, np.ndarray]:
    """(hand, crib) counts by score over every five-card set and each of its five cards as starter."""
    five = _all_combinations(52, 5)
    assert len(five) == comb(52, 5)
    rank = five // 4                    # 0 = ace ... 10 = jack ... 12 = king
    suit = five % 4
    value = np.minimum(rank + 1, 10).astype(np.int8)
    positions = range(5)

    fifteens = np.zeros(len(five), np.int8)
    for size in range(2, 6):
        for subset in combinations(positions, size):
            fifteens += value[:, list(subset)].sum(axis=1, dtype=np.int8) == 15

    pairs = np.zeros(len(five), np.int8)
    for i, j in combinations(positions, 2):
        pairs += rank[:, i] == rank[:, j]

    # A run is a set of n cards of n consecutive, distinct ranks; only the longest length counts.
    runs_of = {}
    for size in (3, 4, 5):
        found = np.zeros(len(five), np.int8)
        for subset in combinations(positions, size):
            r = rank[:, list(subset)]
            distinct = np.ones(len(five), bool)
            for i, j in combinations(range(size), 2):
                distinct &= r[:, i] != r[:, j]
            found += distinct & (r.max(axis=1) - r.min(axis=1) == size - 1)
        runs_of[size] = found.astype(np.int16)
    runs = np.where(runs_of[5] > 0, 5 * runs_of[5],
                    np.where(runs_of[4] > 0, 4 * runs_of[4], 3 * runs_of[3]))

    base = 2 * fifteens.astype(np.int16) + 2 * pairs + runs
    hand_counts = np.zeros(30, np.int64)
    crib_counts = np.zeros(30, np.int64)
    for starter in positions:
        held = [p for p in positions if p != starter]
        same_suit = np.ones(len(five), bool)
        for p in held[1:]:
            same_suit &= suit[:, p] == suit[:, held[0]]
        with_starter = same_suit & (suit[:, starter] == suit[:, held[0]])
        nobs = np.zeros(len(five), np.int16)
        for p in held:
            nobs += (rank[:, p] == 10) & (suit[:, p] == suit[:, starter])
        hand = base + nobs + np.where(with_starter, 5, np.where(same_suit, 4, 0))
        crib = base + nobs + np.where(with_starter, 5, 0)
        hand_counts += np.bincount(hand, minlength=30)[:30]
        crib_counts += np.bincount(crib, minlength=30)[:30]
        assert hand.max() <= 29 and crib.max() <= 29
    return hand_counts, crib_counts


@pytest.fixture(scope="module")
def independent() -> tuple[np.ndarray, np.ndarray]:
    return _independent_distributions()


def test_the_enumeration_covers_every_subset_once():
    rows = _all_combinations(9, 4)
    assert len(rows) == comb(9, 4)
    assert len({tuple(r) for r in rows}) == comb(9, 4)
    assert all(list(r) == sorted(set(r)) for r in rows)


@pytest.mark.slow
def test_independent_count_equals_the_published_table(independent):
    hands, _ = independent
    assert {score: int(n) for score, n in enumerate(hands)} == PUBLISHED_HANDS


@pytest.mark.slow
def test_independent_count_equals_stats_for_hand_and_crib(independent):
    hands, crib = independent
    assert hands.tolist() == stats.hand_distribution().tolist()
    assert crib.tolist() == stats.hand_distribution(crib=True).tolist()
    assert crib[0] == 1_022_208 and crib.sum() == 12_994_800


# --- the fast path against the itemized count ----------------------------------------------------

@pytest.mark.slow
def test_hand_total_equals_score_hand_on_seeded_random_hands():
    rng = random.Random(1630)  # the year cribbage was invented
    for _ in range(3000):
        deck = Deck().shuffled(rng.randrange(1 << 30))
        hand, starter = deck[:4], deck[4]
        for crib in (False, True):
            assert hand_total(hand, starter, crib=crib) == score_hand(hand, starter, crib=crib).total, \
                (hand, starter, crib)
