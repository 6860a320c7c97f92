"""Keep tables: the vectorised best keeps against the course's advisor (a separate enumeration), deal by deal."""

from __future__ import annotations

from itertools import combinations, islice

import numpy as np
import pytest

from cribbage import CribbageError
from cribbage.cards import FULL_DECK
from cribbage.cards import Card
from cribbage.discard import SPLITS, advise_discard, hand_evs, ranked_splits
from cribbage.stats_keep import _all_deals, best_keeps, keep_statistics


@pytest.fixture(scope="module")
def sample():
    rng = np.random.default_rng(21)
    return np.argsort(rng.random((400, 52)), axis=1)[:, :6]


def test_best_keeps_equal_the_advice_deal_by_deal(sample):
    best = best_keeps(sample)
    for i, deal in enumerate(sample):
        six = tuple(FULL_DECK[j] for j in sorted(deal))
        _, hand, crib = ranked_splits(six, dealer=True, crib_model="uniform")
        assert np.allclose(best["hand"][i], hand_evs(six)) and np.allclose(best["hand"][i], hand)
        assert np.allclose(best["crib"][i], crib), six
        for role, dealer in (("dealer", True), ("pone", False)):
            advice = advise_discard(six, dealer=dealer)
            # the table's best is worth what the advice's best is worth (ties may pick another split)
            assert best[f"{role}_value"][i] == pytest.approx(advice.best.net, abs=1e-9), (six, role)
            keep, _ = SPLITS[best[role][i]]
            chosen = next(o for o in advice if set(o.keep) == {six[j] for j in keep})
            assert chosen.net == pytest.approx(advice.best.net, abs=1e-9)


@pytest.mark.parametrize("codes", ["JH 5H 5S 5C 5D QH", "JC JD JH JS 5C 5D", "2H 4H 6H 8H TH QH", "AS 2S 3S 4C 5C 6D"])
def test_nobs_and_flushes_of_the_crib_match_the_advice(codes):
    six = sorted(Card.parse(c) for c in codes.split())
    deal = np.array([[c.index for c in six]])
    best = best_keeps(deal)
    _, _, crib = ranked_splits(six, dealer=True, crib_model="uniform")
    assert np.allclose(best["crib"][0], crib)


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
