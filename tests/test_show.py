"""The show: every rule of the show (course/rules.md, "5. The show") and every worked example of the source documents.

Expected points are worked out by hand from the rules (see the comment on each case), never taken
from the engine.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from cribbage import (
    FULL_DECK,
    Card,
    CribbageError,
    Deck,
    HandScore,
    InvalidCardError,
    InvalidHandError,
    ScoreItem,
    cards,
    score_hand,
)

KIND_ORDER = ["fifteen", "pair", "run", "flush", "nobs"]


def score(hand: str, starter: str, *, crib: bool = False) -> HandScore:
    return score_hand(cards(hand), Card.parse(starter), crib=crib)


def parts(result: HandScore) -> tuple[int, int, int, int, int, int]:
    return (result.fifteens, result.pairs, result.runs, result.flush, result.nobs, result.total)


def item_sets(result: HandScore, kind: str) -> Counter:
    """The items of one kind as a multiset of (card set, points)."""
    return Counter((frozenset(item.cards), item.points) for item in result.items if item.kind == kind)


def fs(text: str) -> frozenset:
    return frozenset(cards(text))


# --- fifteens --------------------------------------------------------------------------------------

@pytest.mark.parametrize("hand, starter, fifteens", [
    ("7H 8C 2D 4S", "KC", [("7H 8C", 2)]),                    # two cards
    ("2H 3C 9D 4S", "KC", [("2H 3C KC", 2), ("2H 9D 4S", 2)]),  # three cards: 2+3+10, 2+9+4
    ("AH 2C 3D 9S", "KC", [("AH 2C 3D 9S", 2), ("2C 3D KC", 2)]),  # four cards: 1+2+3+9
    ("AH 2C 3D 4S", "5C", [("AH 2C 3D 4S 5C", 2)]),           # all five: 1+2+3+4+5
    ("5H 5C 5D JS", "5S", [("5H JS", 2), ("5C JS", 2), ("5D JS", 2), ("5S JS", 2),
                           ("5H 5C 5D", 2), ("5H 5C 5S", 2), ("5H 5D 5S", 2), ("5C 5D 5S", 2)]),
    ("2H 4C 6D 8S", "KC", []),                                # all even values: fifteen is odd
])
def test_each_fifteen_combination_is_an_item(hand, starter, fifteens):
    result = score(hand, starter)
    assert item_sets(result, "fifteen") == Counter((fs(c), p) for c, p in fifteens)
    assert result.fifteens == 2 * len(fifteens)
    for item in result.items:
        if item.kind == "fifteen":
            assert sum(card.value for card in item.cards) == 15


def test_faces_count_ten_for_fifteens():
    for face in ["TC", "JD", "QH", "KS"]:
        result = score(f"{face} 2C 3D 9S", "7H")  # 10+2+3 is the only fifteen
        assert result.fifteens == 2, face


# --- pairs -----------------------------------------------------------------------------------------

@pytest.mark.parametrize("hand, starter, pairs, total", [
    ("KC KD 2H 7S", "9C", 2, 2),    # a pair, nothing else (10+10, 2+7+9=18, 7+9=16)
    ("9C 9D 9H 2S", "KC", 6, 6),    # pair royal: three pairs
    ("7C 7D 7H 7S", "KC", 12, 12),  # double pair royal: six pairs (7+7=14, no fifteen)
    ("9C 9D 2H 2S", "KC", 4, 4),    # two pairs
    ("9C 9D 9H 2S", "2C", 8, 8),    # pair royal and a pair
    ("KC 2D 4H 6S", "KH", 2, 2),    # the starter pairs with the hand (all even: no fifteen)
])
def test_pairs(hand, starter, pairs, total):
    result = score(hand, starter)
    assert result.pairs == pairs
    assert result.total == total
    for item in result.items:
        if item.kind == "pair":
            a, b = item.cards
            assert a.rank == b.rank and a != b and item.points == 2


def test_pair_royal_is_three_pair_items():
    result = score("9C 9D 9H 2S", "KC")
    assert item_sets(result, "pair") == Counter({(fs("9C 9D"), 2): 1, (fs("9C 9H"), 2): 1, (fs("9D 9H"), 2): 1})


def test_rank_not_value_decides_pairs_and_runs():
    # Q and K count ten each but are no pair; Q-K-A-2 does not wrap around. 10+... 1+2+8=11: no fifteen.
    result = score("QC KD AH 2S", "8C")
    assert parts(result) == (0, 0, 0, 0, 0, 0)
    # J-Q-K is a run of three (J of clubs, starter a diamond: no nobs). 2+8=10: no fifteen.
    result = score("JC QD KH 2S", "8D")
    assert parts(result) == (0, 0, 3, 0, 0, 3)
    assert item_sets(result, "run") == Counter({(fs("JC QD KH"), 3): 1})
    # Q-K-A is no run; Q+A+... 10+1+3=14: no fifteen.
    result = score("QC KD AH 3S", "8C")
    assert parts(result) == (0, 0, 0, 0, 0, 0)
    # ten and jack: a pair of tens in value, not in rank
    assert score("TC JD 2H 4S", "8D").pairs == 0


# --- runs ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("hand, starter, runs, run_items", [
    ("3C 4D 5H 8S", "KC", 3, ["3C 4D 5H"]),
    ("3C 4D 5H 6S", "KC", 4, ["3C 4D 5H 6S"]),               # one run of four, not two of three
    ("AC 2D 3H 4S", "5C", 5, ["AC 2D 3H 4S 5C"]),            # one run of five
    ("9C TD JH QS", "KC", 5, ["9C TD JH QS KC"]),
    ("3C 4D 5H 5S", "KC", 6, ["3C 4D 5H", "3C 4D 5S"]),     # double run of three
    ("3C 4D 5H 5S", "6C", 8, ["3C 4D 5H 6C", "3C 4D 5S 6C"]),  # double run of four
    ("3C 3D 3H 4S", "5C", 9, ["3C 4S 5C", "3D 4S 5C", "3H 4S 5C"]),  # triple run
    ("3C 3D 4H 4S", "5C", 12, ["3C 4H 5C", "3C 4S 5C", "3D 4H 5C", "3D 4S 5C"]),  # double double
    ("AC 2D 4H 5S", "7C", 0, []),                           # no three in a row
    ("KC AD 2H 4S", "8C", 0, []),                           # K-A-2 does not wrap
])
def test_runs(hand, starter, runs, run_items):
    result = score(hand, starter)
    assert result.runs == runs
    length = runs // len(run_items) if run_items else 0
    assert item_sets(result, "run") == Counter({(fs(c), length): 1 for c in run_items})


def test_only_the_longest_run_counts():
    result = score("4C 5D 6H 7S", "KC")
    assert result.runs == 4
    assert [item.points for item in result.items if item.kind == "run"] == [4]
    assert score("4C 5D 6H 7S", "8C").runs == 5


# --- flush -----------------------------------------------------------------------------------------

# 2, 4, 6, 8 and a face: all even values, no fifteen, no pair, no run: only the flush can score.
@pytest.mark.parametrize("hand, starter, crib, flush", [
    ("2H 4H 6H 8H", "KC", False, 4),   # four in the hand
    ("2H 4H 6H 8H", "KH", False, 5),   # five with the starter
    ("2H 4H 6H 8C", "KH", False, 0),   # three in the hand and the starter: nothing
    ("2H 4H 6H 8H", "KC", True, 0),    # the crib: only with all five
    ("2H 4H 6H 8H", "KH", True, 5),
    ("2H 4H 6H 8C", "KH", True, 0),
    ("2C 4H 6H 8H", "KH", False, 0),
])
def test_flush(hand, starter, crib, flush):
    result = score(hand, starter, crib=crib)
    assert result.flush == flush
    assert result.total == flush
    flushes = [item for item in result.items if item.kind == "flush"]
    if flush:
        (item,) = flushes
        assert item.points == flush == len(item.cards)
        assert len({card.suit for card in item.cards}) == 1
        assert set(item.cards) >= set(cards(hand))
    else:
        assert flushes == []


# --- nobs ------------------------------------------------------------------------------------------

def test_nobs_jack_of_the_starters_suit():
    result = score("JH 2C 4D 6S", "8H")  # even values only
    assert parts(result) == (0, 0, 0, 0, 1, 1)
    (item,) = [item for item in result.items if item.kind == "nobs"]
    assert item == ScoreItem("nobs", (Card.parse("JH"),), 1)


def test_jack_of_another_suit_is_not_nobs():
    assert score("JH 2C 4D 6S", "8C").nobs == 0


def test_a_jack_starter_never_scores_nobs():
    assert parts(score("2C 4D 6S 8H", "JC")) == (0, 0, 0, 0, 0, 0)
    # a jack in the hand pairs with a jack starter but is not of its suit
    assert parts(score("JH 2C 4D 6S", "JC")) == (0, 2, 0, 0, 0, 2)


def test_nobs_with_two_jacks_and_in_the_crib():
    assert parts(score("JH JC 2D 4S", "8H")) == (0, 2, 0, 0, 1, 3)
    assert score("JH 2C 4D 6S", "8H", crib=True).nobs == 1


# --- the seeds' worked examples -------------------------------------------------------------------

def test_seed_example_5_5_6_7_with_8_is_12():
    result = score("5C 5D 6H 7S", "8C")
    assert parts(result) == (2, 2, 8, 0, 0, 12)
    assert result.items == (
        ScoreItem("fifteen", cards("7S 8C"), 2),
        ScoreItem("pair", cards("5C 5D"), 2),
        *[item for item in result.items if item.kind == "run"],
    )
    assert item_sets(result, "run") == Counter({(fs("5C 6H 7S 8C"), 4): 1, (fs("5D 6H 7S 8C"), 4): 1})
    assert str(result) == "fifteen two, a pair is four, a run of four is eight, and another run of four is twelve"


@pytest.mark.parametrize("hand, starter, runs_and_pairs, runs", [
    # seed 001: the double-run table, "without fifteens"
    ("3C 4D 4H 5S", "KC", 8, 6),    # 3-4-4-5: double run of three
    ("3C 4D 5H 5S", "6C", 10, 8),   # 3-4-5-5-6: double run of four
    ("3C 3D 3H 4S", "5C", 15, 9),   # 3-3-3-4-5: triple run
    ("3C 3D 4H 4S", "5C", 16, 12),  # 3-3-4-4-5: double double run
    # seed 003 (CrossCribb): the same patterns elsewhere on the ladder
    ("5C 5D 6H 7S", "KD", 8, 6),    # 5,5,6,7
    ("AC AD 2H 3S", "4C", 10, 8),   # A,A,2,3,4
    ("AC AD AH 2S", "3C", 15, 9),   # A,A,A,2,3
    ("5C 5D 6H 6S", "7C", 16, 12),  # 5,5,6,6,7
])
def test_seed_double_run_tables(hand, starter, runs_and_pairs, runs):
    result = score(hand, starter)
    assert result.runs + result.pairs == runs_and_pairs
    assert result.runs == runs


@pytest.mark.parametrize("hand, starter, pairs, runs", [
    # seed 003's basic table: Q,Q pair 2; 3,3,3 = 6; 4,4,4,4 = 12; a run 3,4,5 (or 5-6-7) = 3
    ("QC QD 2H 4S", "8D", 2, 0),
    ("3C 3D 3H 8S", "KD", 6, 0),
    ("4C 4D 4H 4S", "KD", 12, 0),
    ("3C 4D 5H 9S", "QC", 0, 3),
    ("5C 6D 7H KS", "QC", 0, 3),
    # seed 001's FAQ: 4-5-6-7 is one run of four; 4-5-5-6 is two runs of three
    ("4C 5D 6H 7S", "QC", 0, 4),
    ("4C 5D 5H 6S", "QC", 2, 6),
])
def test_seed_basic_patterns(hand, starter, pairs, runs):
    result = score(hand, starter)
    assert (result.pairs, result.runs) == (pairs, runs)


def test_seed_3_3_4_4_with_a_5_starter_is_20():
    result = score("3C 3D 4H 4S", "5C")
    # two fifteens (3+3+4+5, with either four), two pairs, four runs of three
    assert parts(result) == (4, 4, 12, 0, 0, 20)
    assert item_sets(result, "fifteen") == Counter({(fs("3C 3D 4H 5C"), 2): 1, (fs("3C 3D 4S 5C"), 2): 1})


def test_the_29_hand():
    result = score("5C 5D 5H JS", "5S")
    assert parts(result) == (16, 12, 0, 0, 1, 29)
    assert str(result) == ("fifteen two, fifteen four, fifteen six, fifteen eight, fifteen ten, "
                           "fifteen twelve, fifteen fourteen, fifteen sixteen, "
                           "a double pair royal is twenty-eight, and one for his nobs is twenty-nine")
    assert score("5C 5D 5H JS", "5S", crib=True).total == 29


@pytest.mark.parametrize("hand, starter", [
    ("5C 5D 5H 5S", "JC"),  # four fives with a jack starter: no nobs
    ("5C 5D 5H JC", "5S"),  # the jack not of the starter's suit
])
def test_28_is_the_best_without_nobs(hand, starter):
    assert parts(score(hand, starter)) == (16, 12, 0, 0, 0, 28)


def test_impossible_scores_never_appear_in_a_sample():
    deck = Deck()
    rng = random.Random(2026)
    seen = Counter()
    for _ in range(3000):
        five = rng.sample(FULL_DECK, 5)
        seen[score_hand(five[:4], five[4]).total] += 1
        seen[score_hand(five[:4], five[4], crib=True).total] += 1
    assert not {19, 25, 26, 27} & set(seen)
    assert set(seen) <= set(range(30))
    assert len(deck) == 52


# --- items: structure and order -------------------------------------------------------------------

def _check_items(result: HandScore) -> None:
    five = set(result.hand) | {result.starter}
    kinds = [item.kind for item in result.items]
    assert kinds == sorted(kinds, key=KIND_ORDER.index), "items must follow the counting order"
    assert len(set(result.items)) == len(result.items), "no item is counted twice"
    for item in result.items:
        assert set(item.cards) <= five and len(set(item.cards)) == len(item.cards)
        if item.kind == "fifteen":
            assert sum(c.value for c in item.cards) == 15 and item.points == 2
        elif item.kind == "pair":
            assert len(item.cards) == 2 and item.cards[0].rank == item.cards[1].rank and item.points == 2
        elif item.kind == "run":
            ranks = sorted(c.rank for c in item.cards)
            assert ranks == list(range(ranks[0], ranks[0] + len(ranks))) and item.points == len(ranks) >= 3
        elif item.kind == "flush":
            assert len({c.suit for c in item.cards}) == 1 and item.points == len(item.cards) in (4, 5)
        elif item.kind == "nobs":
            (jack,) = item.cards
            assert jack.rank == 11 and jack.suit == result.starter.suit and jack in result.hand
            assert item.points == 1
        else:
            pytest.fail(f"unknown kind {item.kind!r}")
    assert result.total == sum(item.points for item in result.items)


def test_items_in_counting_order_for_a_hand_with_every_kind():
    # 5-5 pair, 4-5-6 double run, J of hearts nobs, four hearts flush; fifteens 4+5+6 (x2), 5+J (x2)
    result = score("4H 5H 6H JH", "5C")
    assert [item.kind for item in result.items] == (
        ["fifteen"] * 4 + ["pair"] + ["run"] * 2 + ["flush"])
    _check_items(result)
    result = score("4H 5H 6H JH", "3H")
    # 3-4-5-6 run of four, flush of five, nobs; fifteens 4+5+6, 5+J (nothing else: 3+6+... no)
    assert [item.kind for item in result.items] == ["fifteen", "fifteen", "run", "flush", "nobs"]
    assert parts(result) == (4, 0, 4, 5, 1, 14)
    _check_items(result)


def test_items_well_formed_on_seeded_random_hands():
    rng = random.Random(12)
    for _ in range(500):
        five = rng.sample(FULL_DECK, 5)
        for crib in (False, True):
            _check_items(score_hand(five[:4], five[4], crib=crib))


def test_the_result_keeps_hand_starter_and_crib():
    result = score_hand("5C 5D 6H 7S", "8C", crib=True)
    assert result.hand == cards("5C 5D 6H 7S")
    assert result.starter == Card.parse("8C")
    assert result.crib is True


# --- the spoken count ------------------------------------------------------------------------------

@pytest.mark.parametrize("hand, starter, crib, spoken", [
    ("3C 3D 4H 4S", "5C", False,
     "fifteen two, fifteen four, a pair is six, another pair is eight, a run of three is eleven, "
     "another run of three is fourteen, another run of three is seventeen, "
     "and another run of three is twenty"),
    ("9C 9D 9H 2S", "2C", False, "a pair royal is six, and another pair is eight"),
    ("7C 7D 7H 7S", "KC", False, "a double pair royal is twelve"),
    ("2H 4H 6H 8H", "KH", True, "a flush of five is five"),
    ("2H 4H 6H 8H", "KC", False, "a flush of four is four"),
    ("JH 2C 4D 6S", "8H", False, "one for his nobs is one"),
    ("AC 2D 3H 4S", "5C", False, "fifteen two, and a run of five is seven"),
])
def test_spoken_count(hand, starter, crib, spoken):
    assert str(score(hand, starter, crib=crib)) == spoken


def test_each_phrase_ends_on_the_running_total():
    from cribbage.rules.show_scoring import number_words
    result = score("4H 5H 6H JH", "3H")
    phrases = result.phrases()
    assert phrases[-1].endswith(number_words(result.total))
    assert number_words(14) == "fourteen" and number_words(29) == "twenty-nine" and number_words(20) == "twenty"


def test_a_hand_worth_nothing_says_so():
    result = score("2C 4D 6S 8H", "KC")
    assert result.total == 0 and result.items == ()
    assert "nothing" in str(result)


# --- bad hands -------------------------------------------------------------------------------------

@pytest.mark.parametrize("hand, starter, message", [
    ("5C 5D 6H", "8C", "four cards, not 3"),
    ("5C 5D 6H 7S 9D", "8C", "four cards, not 5"),
    ("", "8C", "four cards, not 0"),
    ("5C 5C 6H 7S", "8C", "duplicate card: 5♣"),
    ("5C 5D 6H 7S", "7S", "starter 7♠ is also in the hand"),
    ("5C 5D 6H 8C", "8C", "starter 8♣ is also in the hand"),
])
def test_bad_hands_raise_invalid_hand_error_naming_the_problem(hand, starter, message):
    with pytest.raises(InvalidHandError, match=message):
        score_hand(hand, starter)
    with pytest.raises(InvalidHandError, match=message):
        score_hand(cards(hand, distinct=False), Card.parse(starter), crib=True)


@pytest.mark.parametrize("hand, starter, message", [
    ("5C 5C 6H 7S", "8C", "duplicate card: 5♣"),
    ("5C 5D 6H 5D", "8C", "duplicate card: 5♦"),
    ("KS 5D 6H 7S", "KS", "starter K♠ is also in the hand"),
    ("5C 5D 6H 8C", "8C", "starter 8♣ is also in the hand"),
])
def test_hand_total_refuses_a_card_twice_naming_it(hand, starter, message):
    from cribbage import hand_total
    # Equal cards made apart (not one object twice): the check compares cards, not objects.
    held = [Card(card.rank, card.suit) for card in cards(hand, distinct=False)]
    for crib in (False, True):
        with pytest.raises(InvalidHandError, match=message):
            hand_total(held, Card(Card.parse(starter).rank, Card.parse(starter).suit), crib=crib)


def test_hand_total_takes_every_card_once_as_score_hand_counts_it():
    from cribbage import hand_total
    # Each card of the deck in each place, the others fixed: every index bit of the check is met.
    base = list(cards("5C JD 6H 7S 8C"))
    for card in FULL_DECK:
        for place in range(5):
            five = [*base]
            if card in five:
                continue
            five[place] = card
            for crib in (False, True):
                assert hand_total(five[:4], five[4], crib=crib) == score_hand(five[:4], five[4], crib=crib).total


@pytest.mark.parametrize("hand, starter", [
    ("5C 5D 6H 7X", "8C"), ("5C 5D 6H 7S", "8X"), (None, "8C"), ("5C 5D 6H 7S", None),
    (42, "8C"), ("5C 5D 6H 7S", 8), ([1, 2, 3, 4], "8C"), ("5C 5D 6H 7S", "5C 5D"),
])
def test_bad_cards_raise_invalid_card_error(hand, starter):
    with pytest.raises(InvalidCardError):
        score_hand(hand, starter)


def test_crib_is_keyword_only_and_errors_are_cribbage_errors():
    with pytest.raises(TypeError):
        score_hand(cards("5C 5D 6H 7S"), Card.parse("8C"), True)  # type: ignore[misc]
    with pytest.raises(CribbageError):
        score_hand("5C 5D 6H 7S", "5C")


def test_a_hand_of_four_distinct_cards_in_every_combination_of_one_rank_is_scored():
    # every way to choose four fives plus a fifth card: 48 starters, always 12 pairs + fifteens
    fives = cards("5C 5D 5H 5S")
    for starter in FULL_DECK:
        if starter.rank == 5:
            continue
        result = score_hand(fives, starter)
        assert result.pairs == 12
        # the four 5+5+5 fifteens, plus 5+10 with a ten-card
        assert result.fifteens == 8 + (8 if starter.value == 10 else 0)


def test_hand_total_reads_a_generator_hand_once():
    from cribbage import hand_total
    assert hand_total(iter(cards("5H 5D 6H 7S")), Card.parse("8C")) == 12
