"""Discard advice: exact EVs checked by brute force, sensible rankings, reasons, bad input."""

import sys
from itertools import combinations, permutations
from math import comb
from pathlib import Path

import numpy as np
import pytest

from cribbage import FULL_DECK, CribbageError, Deck, InvalidCardError, InvalidHandError, cards, hand_total
from cribbage.ai.discard import (
    SPLITS,
    DiscardAdvice,
    advise_discard,
    crib_evs,
    crib_table,
    hand_evs,
    quick_discard,
    reason_for,
)
from cribbage.rules.ranks import RANK_BASE, rank_points, rank_table
from cribbage.rules.ranks import multisets as _multisets

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
import players  # benchmarks/players.py: the first exact advice, timed against


def brute_hand(keep, six):
    unseen = [c for c in FULL_DECK if c not in six]
    return sum(hand_total(keep, s) for s in unseen) / len(unseen)


def brute_crib(discard, unseen):
    """Every starter, then every pair the opponent could lay away from the rest: plain loops."""
    total = n = 0
    for starter in unseen:
        rest = [c for c in unseen if c != starter]
        for a, b in combinations(rest, 2):
            total += hand_total([discard[0], discard[1], a, b], starter, crib=True)
            n += 1
    return total / n


def test_rank_table_matches_rank_points_for_every_multiset_in_any_order():
    table = rank_table()
    for ranks in _multisets(5):
        want = rank_points(ranks)
        for order in {ranks, ranks[::-1], ranks[2:] + ranks[:2]}:
            code = sum((r - 1) * place for r, place in zip(order, RANK_BASE))
            assert table[code] == want, order


def test_rank_table_is_symmetric_on_a_sample_of_permutations():
    table = rank_table()
    for ranks in [(5, 5, 5, 11, 5), (3, 3, 4, 4, 5), (1, 2, 3, 4, 5), (10, 11, 12, 13, 13)]:
        values = {int(table[sum((r - 1) * p for r, p in zip(order, RANK_BASE))]) for order in permutations(ranks)}
        assert values == {rank_points(ranks)}


@pytest.mark.parametrize("six", ["5H 5D 6H 7S JH 9H", "JC JD 3C 8C KC 2S"])
def test_hand_evs_match_brute_force_for_all_15_keeps(six):
    six = cards(six)
    got = hand_evs(six)
    for (keep_idx, _), ev in zip(SPLITS, got):
        assert ev == pytest.approx(brute_hand([six[i] for i in keep_idx], six), abs=1e-12)


# Splits chosen to exercise a suited discard (crib flush), a jack laid away (nobs) and a pair.
@pytest.mark.slow
@pytest.mark.parametrize("six, away", [("5H 5D 6H 7S JH 9H", "JH 9H"), ("5H 5D 6H 7S JH 9H", "5H 5D"),
                                       ("JC JD 3C 8C KC 2S", "JC 3C"), ("JC JD 3C 8C KC 2S", "8C 2S")])
def test_crib_ev_matches_brute_force(six, away):
    six, away = cards(six), set(cards(away))
    split = next(i for i, (_, d) in enumerate(SPLITS) if {six[j] for j in d} == away)
    unseen = [c for c in FULL_DECK if c not in six]
    discard = [six[j] for j in SPLITS[split][1]]
    assert crib_evs(six)[split] == pytest.approx(brute_crib(discard, unseen), abs=1e-12)


def test_advice_puts_the_numbers_together_and_sorts_by_net():
    advice = advise_discard("5H 5D 6H 7S JH 9H", dealer=False)
    assert isinstance(advice, DiscardAdvice) and len(advice) == 15
    keeps = {frozenset(o.keep) for o in advice}
    assert len(keeps) == 15
    for o in advice:
        assert o.net == pytest.approx(o.hand_ev - o.crib_ev)
        assert set(o.keep) | set(o.discard) == set(advice.cards)
    nets = [o.net for o in advice]
    assert nets == sorted(nets, reverse=True)
    dealer = advise_discard("5H 5D 6H 7S JH 9H", dealer=True)
    for o in dealer:
        assert o.net == pytest.approx(o.hand_ev + o.crib_ev)


def test_text_and_cards_give_the_same_advice():
    text = advise_discard("4h 5d 5c 6s kh qc", dealer=True)
    same = advise_discard(cards("4H 5D 5C 6S KH QC"), dealer=True)
    assert [o.keep for o in text] == [o.keep for o in same]


def test_the_double_run_with_15s_is_kept_and_explained():
    advice = advise_discard("4H 5D 5C 6S KH QC", dealer=False)
    assert set(advice.best.keep) == set(cards("4H 5D 5C 6S"))
    assert "double run 4-5-5-6" in advice.best.reason


def test_dealer_keeps_5_5_J_K_and_throws_the_rest():
    advice = advise_discard("5H 5D JC KS 2H 9C", dealer=True)
    assert set(advice.best.keep) == set(cards("5H 5D JC KS"))
    assert advice.rank_of("5H 5D JC KS") == 1


def test_dealer_gives_a_5_to_the_crib_where_pone_would_not():
    six = "5H 6D 6C 9S KH 2C"
    dealer = advise_discard(six, dealer=True)
    pone = advise_discard(six, dealer=False)
    # The same discard is worth the same crib: the only difference is whose crib it is.
    for o in dealer:
        twin = next(p for p in pone if p.keep == o.keep)
        assert twin.crib_ev == pytest.approx(o.crib_ev)
    assert not any(c.rank == 5 for c in pone.best.discard)
    assert "doesn't salt" in pone.best.reason
    salting = next(o for o in pone if any(c.rank == 5 for c in o.discard))
    assert "salts the opponent's crib with a 5" in salting.reason


def test_a_pair_of_fives_in_the_crib_is_worth_far_more_than_king_nine():
    table = crib_table()
    assert table[4, 4, 0] > 8 > 4 > table[12, 8, 0]
    assert table[4, 10, 1] > table[4, 10, 0]  # 5-J suited: flush chances


@pytest.mark.parametrize("away, suited", [("5C 5D", False), ("JC 5C", True), ("KC 9D", False)])
def test_crib_table_matches_brute_force_over_the_other_50_cards(away, suited):
    two = cards(away)
    unseen = [c for c in FULL_DECK if c not in two]
    want = brute_crib(two, unseen)  # 50 x C(49, 2) = 58,800 cribs
    got = crib_table()[two[0].rank - 1, two[1].rank - 1, int(suited)]
    assert got == pytest.approx(want, abs=1e-12)


def test_every_crib_table_entry_is_the_sum_over_every_set_of_three_of_the_other_50():
    # The table counts each multiset of three ranks once; the first exact advice (kept by the
    # benchmark to time against) scores each of the 19,600 sets of three cards in turn. Both are
    # whole numbers before the division: equal to the last bit.
    table = crib_table()
    for a in range(13):
        for b in range(a, 13):
            for suited in ((0, 1) if a != b else (0,)):
                two = cards([f"{'A23456789TJQK'[a]}C", f"{'A23456789TJQK'[b]}{'C' if suited else 'D'}"])
                rest = [c for c in FULL_DECK if c not in two]
                total = players.first_crib_sums(np.array([[a, b]]), np.array([[int(c.suit) for c in two]]),
                                   np.array([c.rank - 1 for c in rest]), np.array([int(c.suit) for c in rest]))[0]
                assert table[a, b, suited] == table[b, a, suited] == total / (50 * comb(49, 2))


def test_quick_discard_is_close_to_the_exact_best():
    for seed in range(40):
        six = Deck().shuffled(seed).deal(2, 6)[0][0]
        for dealer in (True, False):
            advice = advise_discard(six, dealer=dealer)
            away = set(quick_discard(six, dealer=dealer))
            chosen = next(o for o in advice if set(o.discard) == away)
            assert chosen.net >= advice.best.net - 0.25
            hand_only = set(quick_discard(six, dealer=dealer, crib_weight=0))
            best_hand = max(o.hand_ev for o in advice)
            assert next(o for o in advice if set(o.discard) == hand_only).hand_ev == best_hand


def test_reasons_name_what_is_kept_and_what_the_crib_gets():
    assert str(reason_for(cards("4H 5D 5C 6S"), cards("5H JC"), dealer=True)) == \
        "keeps the double run 4-5-5-6 and 15s, and gives your crib the 5"
    assert str(reason_for(cards("5D 10C 7S 3H"), cards("KH 2C"), dealer=False)) == \
        "keeps 15s and doesn't salt the opponent's crib with a 5"
    assert "a pair of 7s" in str(reason_for(cards("AC 2D 3H 9S"), cards("7H 7C"), dealer=True))


@pytest.mark.parametrize("bad, error", [
    ("5H 5D 6H 7S 8C", InvalidHandError),
    ("5H 5D 6H 7S 8C 9D TH", InvalidHandError),
    ("5H 5D 6H 7S 8C 5H", InvalidHandError),
    ("5H 5D 6H 7S 8C 1X", InvalidCardError),
    (42, InvalidCardError),
])
def test_bad_input_is_refused_with_a_clear_error(bad, error):
    with pytest.raises(error) as info:
        advise_discard(bad, dealer=True)
    assert isinstance(info.value, CribbageError)
    assert str(info.value)


def test_the_duplicate_is_named():
    with pytest.raises(InvalidHandError, match="5♥ appears twice"):
        advise_discard("5H 5D 6H 7S 8C 5H", dealer=False)


def test_rank_of_refuses_cards_not_in_the_deal():
    advice = advise_discard("5H 5D 6H 7S 8C 9D", dealer=True)
    with pytest.raises(InvalidHandError):
        advice.rank_of("KS QS JS TS")


def test_the_table_prints_every_keep():
    advice = advise_discard("5H 5D 6H 7S 8C 9D", dealer=True)
    lines = str(advice).splitlines()
    assert len(lines) == 16 and "your crib" in lines[0]
    assert lines[1].startswith("6♥ 7♠ 8♣ 9♦") and advice.best.reason in lines[1]
