"""Keep tables: the vectorised best keeps against the expert's own discard, deal by deal."""

from __future__ import annotations

from itertools import combinations, islice

import numpy as np
import pytest

from cribbage import CribbageError
from cribbage.cards import FULL_DECK
from cribbage.discard import SPLITS, crib_table, hand_evs, quick_discard
from cribbage.stats_keep import _all_deals, best_keeps, keep_statistics


@pytest.fixture(scope="module")
def sample():
    rng = np.random.default_rng(21)
    return np.argsort(rng.random((400, 52)), axis=1)[:, :6]


def test_best_keeps_equal_the_expert_discard_deal_by_deal(sample):
    best = best_keeps(sample)
    table = crib_table()
    for i, deal in enumerate(sample):
        six = tuple(FULL_DECK[j] for j in sorted(deal))
        assert np.allclose(best["hand"][i], hand_evs(six))
        for role, dealer in (("dealer", True), ("pone", False)):
            chosen = set(quick_discard(six, dealer=dealer))
            keep, away = SPLITS[best[role][i]]
            assert {six[j] for j in away} == chosen, (six, role)
            kept = [six[j] for j in keep]
            a, b = (six[j] for j in away)
            crib = table[a.rank - 1, b.rank - 1, int(a.suit == b.suit)]
            value = best[f"{role}_value"][i]
            assert value == pytest.approx(hand_evs(six)[best[role][i]] + (crib if dealer else -crib))
            assert len(kept) == 4


def test_the_enumeration_takes_every_deal_once_in_order():
    blocks = list(islice(_all_deals(), 3))
    rows = np.vstack(blocks)
    assert (np.diff(rows, axis=1) > 0).all()
    expected = list(islice(combinations(range(52), 6), len(rows)))
    assert [tuple(r) for r in rows] == expected


def test_keep_statistics_on_a_sample(tmp_path, monkeypatch):
    monkeypatch.setenv("CRIBBAGE_CACHE_DIR", str(tmp_path))
    table = keep_statistics(sample=4000, seed=3)
    assert table.deals == 4000 == table.dealer.sum() == table.pone.sum()
    # as dealer the crib is added, as pone taken away: the dealer's best keeps are worth more
    assert table.mean("dealer") > table.mean("pone") + 5
    assert 12 < table.mean("dealer") < 14.5 and 3 < table.mean("pone") < 5
    # more often than not, the crib changes which four are best
    assert 0.45 < table.differ_share < 0.7
    assert table.share_at_least(-10, "pone") == 1.0
    again = keep_statistics(sample=4000, seed=3)
    assert np.array_equal(again.dealer, table.dealer) and again.differ == table.differ
    with pytest.raises(CribbageError):
        table.mean("referee")
    with pytest.raises(CribbageError):
        keep_statistics(sample=0)
