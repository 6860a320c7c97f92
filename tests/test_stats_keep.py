"""Keep tables: the vectorised best keeps against the course's advisor (a separate enumeration), deal by deal."""

from __future__ import annotations

from itertools import combinations, islice
from math import comb

import numpy as np
import pytest

from cribbage import CribbageError
from cribbage.ai.discard import SPLITS, advise_discard, hand_evs, ranked_splits
from cribbage.rules.cards import FULL_DECK, Card
from cribbage.stats.keep import (
    DEAL_CLASSES,
    TOTAL_DEALS,
    KeepClasses,
    _all_deals,
    _class_deals,
    _class_entry,
    _classes_of,
    _suit_masks,
    best_keeps,
    keep_statistics,
)


@pytest.fixture(scope="module")
def sample():
    rng = np.random.default_rng(21)
    return np.argsort(rng.random((400, 52)), axis=1)[:, :6]


@pytest.mark.slow
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


@pytest.mark.slow
@pytest.mark.parametrize("codes", ["JH 5H 5S 5C 5D QH", "JC JD JH JS 5C 5D", "2H 4H 6H 8H TH QH", "AS 2S 3S 4C 5C 6D"])
def test_nobs_and_flushes_of_the_crib_match_the_advice(codes):
    six = sorted(Card.parse(c) for c in codes.split())
    deal = np.array([[c.index for c in six]])
    best = best_keeps(deal)
    _, _, crib = ranked_splits(six, dealer=True, crib_model="uniform")
    assert np.allclose(best["crib"][0], crib)


@pytest.mark.slow
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


def _orbits_by_brute_force(ranks: int) -> dict[tuple[int, ...], int]:
    """Every deal of a 4 * ranks deck renamed by all 24 orders of the suits: each class's smallest
    deal and how many different deals it holds."""
    from itertools import permutations
    classes: dict[tuple[int, ...], set[tuple[int, ...]]] = {}
    for deal in combinations(range(4 * ranks), 6):
        renamed = {tuple(sorted(c // 4 * 4 + order[c % 4] for c in deal)) for order in permutations(range(4))}
        classes.setdefault(min(renamed), renamed)
    return {least: len(deals) for least, deals in classes.items()}


@pytest.mark.slow
def test_the_classes_of_deals_are_the_orbits_of_renaming_the_suits():
    reps, weights = _class_deals(5)  # a 20-card deck: 38,760 deals, renamed one by one below
    brute = _orbits_by_brute_force(5)
    assert len(reps) == len(brute) and int(weights.sum()) == comb(20, 6)
    from itertools import permutations
    found = {}
    for rep, weight in zip(reps, weights):
        least = min(tuple(sorted(c // 4 * 4 + order[c % 4] for c in rep)) for order in permutations(range(4)))
        found[least] = int(weight)
    assert found == brute
    # the full deck's count, by Burnside's lemma: the deals each renaming of the suits leaves alone
    assert _burnside_classes() == DEAL_CLASSES and comb(52, 6) == TOTAL_DEALS


def _burnside_classes() -> int:
    """Classes of six-card deals: the average over the 24 renamings of the deals each one fixes.
    A renaming with suit cycles of lengths L fixes a deal made, rank by rank, of whole cycles."""
    from itertools import permutations
    total = 0
    for order in permutations(range(4)):
        seen, cycles = set(), []
        for s in range(4):
            length = 0
            while s not in seen:
                seen.add(s)
                s = order[s]
                length += 1
            if length:
                cycles.append(length)
        # one rank: the ways to take whole cycles, by size; 13 ranks: the coefficient of x^6
        one = [0] * 5
        for mask in range(1 << len(cycles)):
            one[sum(c for i, c in enumerate(cycles) if mask >> i & 1)] += 1
        poly = [1]
        for _ in range(13):
            poly = [sum(poly[i] * one[k - i] for i in range(len(poly)) if 0 <= k - i < 5) for k in range(len(poly) + 4)]
        total += poly[6]
    return total // 24


def class_deal(deals: np.ndarray) -> np.ndarray:
    """The deal of each deal's class: its suits renamed so their rank sets decrease, in index order
    (the deal the keep table is built for, as its builder chooses it by the rank sets' order)."""
    deals = np.asarray(deals, dtype=np.intp)
    masks = _suit_masks(deals)
    rename = np.argsort(np.argsort(-masks, axis=1, kind="stable"), axis=1)  # old suit -> class suit
    renamed = deals // 4 * 4 + np.take_along_axis(rename, deals % 4, axis=1)
    return np.sort(renamed, axis=1)


def test_a_deal_and_its_suits_renamed_have_the_same_best_keep(sample):
    rng = np.random.default_rng(8)
    orders = np.array([rng.permutation(4) for _ in range(len(sample))])
    renamed = np.sort(sample // 4 * 4 + np.take_along_axis(orders, sample % 4, axis=1), axis=1)
    a, b = best_keeps(sample), best_keeps(renamed)
    for key in ("dealer_value", "pone_value", "both"):
        assert np.allclose(a[key], b[key], atol=1e-12), key
    assert (class_deal(sample) == class_deal(renamed)).all()


def test_a_deals_best_keep_read_from_the_table_is_the_advice(sample):
    # The table built for the classes of the sample only: the reading back (renaming the class's
    # cards to the deal's suits) is what is tested, against the advice computed deal by deal.
    reps = np.unique(class_deal(sample), axis=0)
    table = KeepClasses(**_classes_of(reps, np.ones(len(reps), np.uint8)))
    assert table.deals == len(reps)
    for deal in sample[:150]:
        six = [FULL_DECK[j] for j in deal]
        for dealer in (True, False):
            best = table.best_keep(six, dealer=dealer)
            advice = advise_discard(six, dealer=dealer)
            assert set(best.keep) | set(best.away) == set(six) and len(best.keep) == 4
            assert best.value == pytest.approx(advice.best.net, abs=1e-9)
            chosen = next(o for o in advice if set(o.keep) == set(best.keep))
            assert chosen.net == pytest.approx(advice.best.net, abs=1e-9), (six, dealer)
    with pytest.raises(CribbageError):
        table.best_keep("5H 5D 6H 7S 8C", dealer=True)


def test_a_deal_s_entry_worked_out_alone_is_the_table_s_row(sample, tmp_path, monkeypatch):
    # The whole table of a 20-card deck, and each deal's entry made alone (what best_keep does
    # when the 962,988 classes are not in the cache): the same keep and value, ties broken alike.
    reps, weights = _class_deals(5)
    table = KeepClasses(**_classes_of(reps, weights))
    rng = np.random.default_rng(4)
    for deal in rng.permuted(np.tile(np.arange(20), (300, 1)), axis=1)[:, :6]:
        six = tuple(FULL_DECK[j] for j in deal)
        alone = KeepClasses(**_class_entry(six))
        for dealer in (True, False):
            assert alone.best_keep(six, dealer=dealer) == table.best_keep(six, dealer=dealer), (six, dealer)
    # best_keep itself, from an empty cache: worked out alone, and no table built
    from cribbage.stats import keep as keep_module

    monkeypatch.setenv("CRIBBAGE_CACHE_DIR", str(tmp_path))
    keep_module._loaded_classes.cache_clear()
    six = tuple(FULL_DECK[j] for j in sample[0])
    assert keep_module.best_keep(six, dealer=True) == KeepClasses(**_class_entry(six)).best_keep(six, dealer=True)
    assert not list(tmp_path.glob("keep-classes-*"))


def test_how_often_the_best_keep_differs_is_counted_as_the_advice_sees_it(sample):
    # Deal by deal from the advice: the keeps worth the best as dealer, and as pone; a deal "differs"
    # when no keep is among both (two fives of suits that matter to nothing tie, and are one choice).
    deals = sample[:200]
    differ = ties = 0
    for deal in deals:
        six = [FULL_DECK[j] for j in deal]
        best = {}
        for dealer in (True, False):
            advice = advise_discard(six, dealer=dealer)
            best[dealer] = {frozenset(o.keep) for o in advice if abs(o.net - advice.best.net) < 1e-9}
        differ += not (best[True] & best[False])
        ties += len(best[True]) > 1 or len(best[False]) > 1
    table = best_keeps(deals)
    assert int((~table["both"]).sum()) == differ
    assert ties > 0  # the sample has ties, so the count is tested where argmax alone would be wrong
