"""Rank counting has one home, cribbage.rules.ranks: every table there agrees with the itemized show."""

import random

from cribbage import FULL_DECK, score_hand
from cribbage.ai import discard
from cribbage.rules import show_scoring as scoring
from cribbage.rules.ranks import RANK_BASE, multisets, points_by_key, rank_key, rank_points, rank_table, runs
from cribbage.stats import hands as stats


def _rank_only(score) -> int:
    return score.fifteens + score.pairs + score.runs


def test_rank_points_agree_with_the_itemized_show_on_random_hands():
    rng = random.Random(11)
    for _ in range(2000):
        five = rng.sample(FULL_DECK, 5)
        score = score_hand(five[:4], five[4])
        ranks_ = [c.rank for c in five]
        assert rank_points(ranks_) == _rank_only(score)
        assert points_by_key()[rank_key(ranks_)] == _rank_only(score)
        code = sum((r - 1) * place for r, place in zip(ranks_, RANK_BASE))
        assert int(rank_table()[code]) == _rank_only(score)


def test_every_multiset_of_five_ranks_has_one_distinct_key():
    five = list(multisets(5))
    assert len(five) == 6175 == len(points_by_key())
    assert len({rank_key(m) for m in five}) == 6175


def test_five_of_one_rank_is_no_hand_in_the_ordered_table():
    for rank in range(1, 14):
        code = sum((rank - 1) * place for place in RANK_BASE)
        assert rank_table()[code] == 0


def test_runs_are_maximal_stretches_of_three_or_more():
    assert runs([1, 2, 3, 5, 6, 7, 8, 10, 11]) == [(1, 3), (5, 4)]
    assert runs([12, 13, 1]) == []          # the ace is low: no run round the corner


def test_the_users_count_with_the_one_home():
    assert scoring.rank_points is rank_points
    assert stats.rank_points is rank_points
    assert discard.rank_table is rank_table
    assert not hasattr(scoring, "_rank_table") and not hasattr(scoring, "_multisets")
