"""Crib tables: exact entries against a count card by card, the sampled tables against independent
computations on samples, and both against the published tables."""

from __future__ import annotations

import random
from itertools import combinations

import numpy as np
import pytest

from cribbage import CribbageError, hand_total
from cribbage.rules.cards import FULL_DECK, Card
from cribbage.stats import PUBLISHED_CRIB_TABLES, crib_averages, published_crib_table
from cribbage.stats.cache import cached_files
from cribbage.stats.crib import _crib_arrays_from, sampled_crib_arrays


def _crib_by_hand(two: tuple[Card, Card]) -> float:
    """The mean crib of two cards over every starter and every pair from the other 50: one by one."""
    rest = [c for c in FULL_DECK if c not in two]
    total = count = 0
    for starter in rest:
        others = [c for c in rest if c != starter]
        for pair in combinations(others, 2):
            total += hand_total(two + pair, starter, crib=True)
            count += 1
    assert count == 50 * 1176
    return total / count


@pytest.mark.slow
@pytest.mark.parametrize("codes, suited", [(("5C", "5D"), False), (("2H", "3H"), True),
                                           (("JS", "5D"), False), (("10C", "KC"), True)])
def test_uniform_entries_equal_a_count_of_all_58800_cribs(codes, suited):
    two = tuple(Card.parse(c) for c in codes)
    table = crib_averages("uniform")
    a, b = sorted(c.rank - 1 for c in two)
    expected = _crib_by_hand(two)
    got = table.suited[a, b] if suited else table.offsuit[a, b]
    assert got == pytest.approx(expected, abs=1e-12)


def test_uniform_rank_pairs_weigh_suited_a_quarter():
    table = crib_averages("uniform")
    assert table.exact and table.samples == 0
    assert table[5, 5] == table.offsuit[4, 4] and np.isnan(table.suited[4, 4])
    assert table[2, 3] == pytest.approx(0.25 * table.suited[1, 2] + 0.75 * table.offsuit[1, 2])
    assert table["J", "5"] == table[5, 11] == table[11, 5]
    assert len(table.pairs()) == 91 and table.pairs()[0][0] == "5-5"
    # own crib or opponent's: the uniform model knows no difference
    assert np.array_equal(crib_averages("uniform", dealer=False).means, table.means)


def _brute_sampled_entry(hands, away, ranks):
    """The sampled table's entry for a rank pair, recomputed with hand_total card by card."""
    variants = [(c1, c2) for c1, c2 in combinations(range(52), 2)
                if sorted((FULL_DECK[c1].rank, FULL_DECK[c2].rank)) == sorted(ranks)]
    means = []
    for c1, c2 in variants:
        values = []
        for hand, (d1, d2) in zip(hands, away):
            if c1 in hand or c2 in hand:
                continue
            crib = (FULL_DECK[c1], FULL_DECK[c2], FULL_DECK[d1], FULL_DECK[d2])
            starters = [c for i, c in enumerate(FULL_DECK) if i not in hand and i not in (c1, c2)]
            assert len(starters) == 44
            values.append(np.mean([hand_total(crib, s, crib=True) for s in starters]))
        means.append(np.mean(values))
    return np.mean(means)


@pytest.mark.slow
@pytest.mark.parametrize("ranks", [(5, 11), (2, 3), (11, 11)])
def test_sampled_table_equals_a_count_card_by_card_on_a_small_sample(ranks):
    rng = random.Random(13)
    hands = np.array([rng.sample(range(52), 6) for _ in range(12)])
    away = np.array([h[rng.sample(range(6), 2)] for h in hands])
    arrays = _crib_arrays_from(hands, away)
    a, b = ranks
    assert arrays["means"][a - 1, b - 1] == pytest.approx(_brute_sampled_entry(hands, away, ranks), abs=1e-9)


@pytest.mark.slow
def test_sampled_table_with_random_discards_converges_on_the_exact_uniform_table():
    rng = random.Random(7)

    def at_random(six, *, dealer):
        return tuple(rng.sample(list(six), 2))

    sampled = sampled_crib_arrays(at_random, dealer=True, samples=1500, seed=3)
    exact = crib_averages("uniform").means
    z = (sampled["means"] - exact) / sampled["stderr"]
    assert np.abs(z).max() < 5
    assert abs((sampled["means"] - exact).mean()) < 0.05


@pytest.fixture(scope="module")
def expert_tables():
    return {dealer: crib_averages("expert", dealer=dealer, samples=2500, seed=5, cache=False)
            for dealer in (True, False)}


@pytest.mark.slow
def test_expert_model_agrees_with_schell_and_hessel(expert_tables):
    own, theirs = expert_tables[True], expert_tables[False]
    for table, key in ((own, "schell-own"), (theirs, "schell-opponent"), (theirs, "hessel-opponent"),
                       (own, "cribbagepro-own")):
        comparison = table.compare(key)
        assert comparison.correlation > 0.98, key
        assert abs(comparison.mean_difference) < 0.25, key
        assert comparison.mean_abs_difference < 0.3, key
    # the expert lays away good cards to his own crib and bad ones to ours
    assert (theirs.means - own.means).mean() > 0.8


def test_uniform_model_sits_between_the_published_tables():
    uniform = crib_averages("uniform")
    assert -0.75 < uniform.compare("schell-opponent").mean_difference < -0.45
    assert 0.3 < uniform.compare("schell-own").mean_difference < 0.6
    assert uniform.compare("schell-own").correlation > 0.98
    assert uniform.compare("hessel-opponent").largest[0][0] in {p for p, _ in uniform.pairs()}


def test_published_tables_are_whole_symmetric_and_as_quoted_elsewhere():
    assert set(PUBLISHED_CRIB_TABLES) == {"schell-own", "schell-opponent", "hessel-opponent", "cribbagepro-own"}
    for table in PUBLISHED_CRIB_TABLES.values():
        means = table.means
        assert means.shape == (13, 13) and np.array_equal(means, means.T)
        assert table.source and table.method
        assert np.unravel_index(np.argmax(means), means.shape) == (4, 4)  # 5-5 is best everywhere
    # the spot values Schell's analysis articles quote (AnalyzeDiscardsPart1/2)
    assert published_crib_table("schell-own")[7, 9] == 4.04
    assert published_crib_table("schell-own")[11, 12] == 4.81
    assert published_crib_table("schell-opponent")[1, 6] == 4.91
    assert published_crib_table("schell-opponent")[1, 2] == 5.07
    assert published_crib_table("hessel-opponent")[1, 6] == 4.93
    assert published_crib_table("hessel-opponent")[1, 2] == 5.07


def test_expert_table_is_cached_by_version(tmp_path, monkeypatch):
    monkeypatch.setenv("CRIBBAGE_CACHE_DIR", str(tmp_path))
    first = crib_averages("expert", samples=40, seed=2)
    files = cached_files("crib-expert")
    assert len(files) == 1 and files[0].parent == tmp_path
    again = crib_averages("expert", samples=40, seed=2)
    assert np.array_equal(first.means, again.means, equal_nan=True)
    import cribbage.stats.cache as cache
    monkeypatch.setattr(cache, "engine_version", lambda: "another-engine")
    crib_averages("expert", samples=40, seed=2)
    # the old version's file is pruned: one file, of the new version, is left
    left = cached_files("crib-expert")
    assert len(left) == 1 and "-another-engine-" in left[0].name and left[0] != files[0]
    crib_averages("expert", samples=40, seed=3)  # another setting of this version stays beside it
    assert len(cached_files("crib-expert")) == 2


@pytest.mark.parametrize("call", [lambda: crib_averages("psychic"), lambda: crib_averages("expert", samples=3),
                                  lambda: crib_averages("uniform")[0, 5], lambda: crib_averages("uniform")["Z", 5],
                                  lambda: published_crib_table("colvert-own")])
def test_bad_requests_are_refused_with_a_clear_error(call):
    with pytest.raises(CribbageError):
        call()
