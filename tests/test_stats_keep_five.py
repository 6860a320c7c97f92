"""Five-card keeps (three and four players): the vectorised averages against the rules' own scoring,
card by card, and the whole table against its definition."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations
from math import comb

import numpy as np
import pytest

from cribbage import CribbageError
from cribbage.rules.cards import FULL_DECK, Card, cards
from cribbage.rules.show_scoring import hand_total, score_hand
from cribbage.stats import FiveKeepTable, best_keep_of_five, keep_five_statistics, read_table
from cribbage.stats.keep_five import FIVE_CARD_HANDS, _all_hands, five_keeps


def _sorted(codes: str) -> tuple[Card, ...]:
    return tuple(sorted(cards(codes), key=lambda card: card.index))


def _hand_average(keep: tuple[Card, ...], unseen: list[Card]) -> Fraction:
    return Fraction(sum(score_hand(keep, starter).total for starter in unseen), len(unseen))


def _crib_average(away: Card, unseen: list[Card]) -> Fraction:
    """The crib laid away to, over every starter and every three other cards from the 46 left (the
    rules' own count, its fast form: :func:`score_hand` would take minutes here)."""
    total = ways = 0
    for starter in unseen:
        rest = [card for card in unseen if card is not starter]
        for three in combinations(rest, 3):
            total += hand_total((away, *three), starter, crib=True)
            ways += 1
    assert ways == 47 * comb(46, 3)
    return Fraction(total, ways)


def _unseen(five: tuple[Card, ...]) -> list[Card]:
    return [card for card in FULL_DECK if card not in five]


@pytest.mark.parametrize("seed", range(12))
def test_each_keeps_hand_average_is_the_rules_count_over_the_47_starters(seed):
    rng = np.random.default_rng(seed)
    five = tuple(FULL_DECK[i] for i in sorted(rng.choice(52, 5, replace=False)))
    found = five_keeps(np.array([[card.index for card in five]]))
    for k in range(5):
        keep = five[:k] + five[k + 1:]
        assert found["hand"][0, k] == pytest.approx(float(_hand_average(keep, _unseen(five))), abs=1e-12)


@pytest.mark.parametrize("codes", ["5H 6H 7H JH 5S", "JC JD JH 5C 5D", "AS 2S 3S 4S KD"])
def test_hand_averages_with_nobs_and_flushes(codes):
    five = _sorted(codes)
    found = five_keeps(np.array([[card.index for card in five]]))
    for k in range(5):
        keep = five[:k] + five[k + 1:]
        assert found["hand"][0, k] == pytest.approx(float(_hand_average(keep, _unseen(five))), abs=1e-12)


@pytest.mark.slow
@pytest.mark.parametrize("codes", ["5H 6H 7H JH 5S", "JC JD 4H 5C 9S"])
def test_each_cards_crib_average_is_the_rules_count_over_every_completion(codes):
    # 5H 6H 7H JH 5S: a jack of the hearts laid away (its nobs), hearts for a crib flush; the second
    # lays away jacks with two unseen (their nobs) and cards of every suit.
    five = _sorted(codes)
    found = five_keeps(np.array([[card.index for card in five]]))
    for k in range(5):
        assert found["crib"][0, k] == pytest.approx(float(_crib_average(five[k], _unseen(five))), abs=1e-12)


def test_best_keep_is_the_best_of_the_five_in_each_role():
    for codes in ("5H 5D 6H 7S JC", "2C 3D 4H 9S KS", "5C 5D 5H JS KD"):
        five = _sorted(codes)
        found = five_keeps(np.array([[c.index for c in five]]))
        for own, sign in ((True, 1), (False, -1)):
            best = best_keep_of_five(codes, own_crib=own)
            values = found["hand"][0] + sign * found["crib"][0]
            assert best.value == pytest.approx(values.max(), abs=1e-12)
            assert best.value == pytest.approx(best.hand + sign * best.crib, abs=1e-12)
            assert len(best.keep) == 4 and best.away not in best.keep and set(best.keep) | {best.away} == set(five)


def test_the_crib_decides_between_the_jack_and_the_king():
    # 5C 5D 5H JS KD: kept, the jack adds only its nobs (a quarter of a point); laid in your side's crib
    # it is worth more there than the king. Laid to an opponent's crib, the king goes.
    ours = best_keep_of_five("5C 5D 5H JS KD", own_crib=True)
    theirs = best_keep_of_five("5C 5D 5H JS KD", own_crib=False)
    assert (str(ours.away), str(theirs.away)) == ("J♠", "K♦")
    assert theirs.hand - ours.hand == pytest.approx(12 / 47)   # the 12 spades left: nobs
    assert ours.crib > theirs.crib + 12 / 47


def test_bad_input_is_refused_naming_it():
    with pytest.raises(CribbageError, match="five cards, not 6"):
        best_keep_of_five("5H 5D 6H 7S JC KC", own_crib=True)
    with pytest.raises(CribbageError, match="5♥ appears twice"):
        best_keep_of_five("5H 5H 6H 7S JC", own_crib=True)
    with pytest.raises(CribbageError, match="5X"):
        best_keep_of_five("5X 5H 6H 7S JC", own_crib=True)
    with pytest.raises(CribbageError, match="own_crib"):
        best_keep_of_five("5H 5D 6H 7S JC", own_crib="yes")
    table = FiveKeepTable(1, 0, np.zeros(4001, np.int64), np.zeros(4001, np.int64))
    with pytest.raises(CribbageError, match="'dealer'"):
        table.mean("dealer")


def test_every_five_card_hand_once():
    seen = np.zeros(FIVE_CARD_HANDS, dtype=bool)
    total = 0
    # a sorted hand's place among all of them: its colex rank, the sum of C(card, place)
    for hands in _all_hands():
        assert (np.diff(hands, axis=1) > 0).all()
        rank = sum(np.array([comb(int(c), j + 1) for c in range(52)])[hands[:, j]] for j in range(5))
        seen[rank] = True
        total += len(hands)
    assert total == FIVE_CARD_HANDS and seen.all()


@pytest.fixture(scope="module")
def table() -> FiveKeepTable:
    return keep_five_statistics(cache=False)


def test_the_table_counts_every_hand_in_both_roles(table):
    assert table.hands == FIVE_CARD_HANDS == table.ours.sum() == table.theirs.sum()
    assert 0 < table.differ < table.hands
    # your own crib is worth having: every hand's best keep is worth more with it
    assert table.mean("ours") > table.mean("theirs") and table.quantile(0.5, "ours") > table.quantile(0.5, "theirs")


def test_the_table_agrees_with_a_sample_of_hands(table):
    # the mean of a seeded sample of hands' best keeps, one by one, within sampling error of the whole
    rng = np.random.default_rng(5)
    hands = np.sort(np.argsort(rng.random((4000, 52)), axis=1)[:, :5], axis=1)
    found = five_keeps(hands)
    for role in ("ours", "theirs"):
        values = found[f"{role}_value"]
        assert abs(values.mean() - table.mean(role)) < 4 * values.std() / np.sqrt(len(values))


def test_the_table_reads_back_from_its_file(table, tmp_path):
    back = read_table(table.to_csv(tmp_path / "five.csv"))
    assert isinstance(back, FiveKeepTable)
    assert (back.hands, back.differ) == (table.hands, table.differ)
    assert np.array_equal(back.ours, table.ours) and np.array_equal(back.theirs, table.theirs)
