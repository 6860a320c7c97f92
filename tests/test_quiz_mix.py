"""The scoring quiz's practice mix: hands dealt to hold the cases learners miss, at set shares, each
really holding its case (by the engine's scorer), seeded, and weighed toward the kinds a learner misses."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from cribbage import score_hand
from cribbage.progress import ProgressStore, show_kinds
from cribbage.rules.featured import FEATURES, featured_hand
from widgets.drills.quiz import MIX, ORDINARY, QuizSession, ScoringQuiz, misses_in_progress, mix_shares, practice_hand

SEEDS = range(1000)

#: How far a case's share over 1,000 seeds may be from its set share: about 3.5 standard deviations
#: of a binomial count at 8% (sqrt(0.08 * 0.92 / 1000) = 0.0086), and of the ordinary hands at 40%.
TOLERANCE = {**dict.fromkeys(FEATURES, 0.03), ORDINARY: 0.05}


def _holds(feature: str, hand: tuple, starter, crib: bool) -> bool:
    """Whether the engine's count of the hand shows ``feature``."""
    score = score_hand(hand, starter, crib=crib)
    kinds = show_kinds(score)
    one_suit = len({card.suit for card in hand}) == 1
    return {
        "flush.crib": crib and score.flush == 5 and "flush.crib" in kinds,
        "crib_flush_trap": crib and one_suit and starter.suit != hand[0].suit and score.flush == 0
        and score_hand(hand, starter, crib=False).flush == 4,            # the same cards as a hand: a flush
        "flush.hand": not crib and score.flush == 4 and "flush.hand" in kinds,
        "nobs": score.nobs == 1 and "nobs" in kinds,
        "his_heels": not crib and starter.rank == 11,                    # the dealer's cut: 2 at the cut
        "fifteen.3": "fifteen.3" in kinds,
        "fifteen.4": "fifteen.4" in kinds,
        "double_run": "double_run" in kinds,
    }[feature]


@pytest.mark.slow
@pytest.mark.parametrize("feature", FEATURES)
def test_each_featured_hand_holds_its_feature(feature):
    for seed in range(300):
        made = featured_hand(feature, random.Random(seed))
        five = (*made.hand, made.starter)
        assert len(made.hand) == 4 and len(set(five)) == 5 and made.feature == feature
        assert _holds(feature, made.hand, made.starter, made.crib), (seed, made)
    again = featured_hand(feature, random.Random(7))
    assert again == featured_hand(feature, random.Random(7))          # seeded


def test_an_unknown_feature_is_refused():
    with pytest.raises(ValueError, match="feature must be one of"):
        featured_hand("flush", random.Random(0))


def test_the_shares_over_1000_seeds_are_the_set_shares():
    shares = mix_shares({})
    assert shares == {**MIX, ORDINARY: pytest.approx(1 - sum(MIX.values()))}
    hands = [practice_hand(seed) for seed in SEEDS]
    counts = Counter(hand.feature or ORDINARY for hand in hands)
    for case, share in shares.items():
        assert abs(counts[case] / len(SEEDS) - share) <= TOLERANCE[case], (case, counts[case])
    for hand in hands:                                                 # and every hand holds its case
        if hand.feature:
            assert _holds(hand.feature, hand.hand, hand.starter, hand.crib), hand


def test_the_mix_meets_the_hard_cases_far_more_often_than_random_deals():
    """Issue 26: of random quiz hands, 1.1% had a flush, 0.1% the crib's trap, 6.5% nobs, none his heels."""
    hands = [practice_hand(seed) for seed in SEEDS]

    def share(test) -> float:
        return sum(map(test, hands)) / len(hands)

    assert share(lambda h: h.score().flush > 0) >= 0.12
    assert share(lambda h: h.crib and h.score().flush == 0 and len({c.suit for c in h.hand}) == 1) >= 0.05
    assert share(lambda h: h.score().nobs == 1) >= 0.10
    assert share(lambda h: h.feature == "his_heels") >= 0.04


def test_the_same_seed_gives_the_same_quiz():
    first = QuizSession(seed=42, misses={"nobs": 2})
    second = QuizSession(seed=42, misses={"nobs": 2})
    assert [first.hand_at(i) for i in range(5, 40)] == [second.hand_at(i) for i in range(5, 40)]
    assert [first.hand_at(i) for i in range(5, 40)] != [QuizSession(seed=43).hand_at(i) for i in range(5, 40)]


def test_the_weighting_moves_the_shares_toward_the_missed_kinds():
    plain = mix_shares({})
    missed = mix_shares({"nobs": 3, "fifteen.4": 9, "pair": 5})          # a pair is no practice case
    assert missed["nobs"] == pytest.approx(plain["nobs"] * 4 / _norm(missed_weights={"nobs": 4, "fifteen.4": 5}))
    assert missed["nobs"] > 2 * plain["nobs"] and missed["fifteen.4"] > missed["nobs"]
    assert all(missed[case] < plain[case] for case in FEATURES if case not in ("nobs", "fifteen.4"))
    assert missed[ORDINARY] == pytest.approx(plain[ORDINARY]) and sum(missed.values()) == pytest.approx(1)
    # over 1,000 seeds the hands follow the weights
    counts = Counter((practice_hand(seed, missed).feature or ORDINARY) for seed in SEEDS)
    for case, share in missed.items():
        assert abs(counts[case] / len(SEEDS) - share) <= TOLERANCE[case], (case, counts[case])
    assert counts["nobs"] > 2 * Counter(practice_hand(seed).feature for seed in SEEDS)["nobs"]
    # a crib flush missed calls for the crib's flushes, the trap too
    crib = mix_shares({"flush.crib": 4})
    assert crib["flush.crib"] > 2 * plain["flush.crib"] and crib["crib_flush_trap"] > 2 * plain["crib_flush_trap"]
    assert mix_shares({"nobs": -3, "double_run": 0}) == plain                 # nothing missed, nothing moves


def _norm(missed_weights: dict[str, int]) -> float:
    """The sum of the cases' weights over the featured share, for the expected nobs share above."""
    weights = {case: share * missed_weights.get(case, 1) for case, share in MIX.items()}
    return sum(weights.values()) / sum(MIX.values())


def test_the_quiz_reads_the_learners_misses_from_their_progress(tmp_path):
    store = ProgressStore(tmp_path / "p.sqlite3")
    for starter in ("2H", "3H", "4H"):
        store.record(3, f"hand JH 3C 4S 8D / {starter}", 7, False, skill="show", kinds=("fifteen.2", "nobs"), missed=1)
    store.record(3, "hand 5C 5D 6H 7S / 8C", 12, True, skill="show", kinds=("double_run",))
    misses = misses_in_progress(store)
    assert misses == {"fifteen.2": 3, "nobs": 3}

    class ClassQuiz(ScoringQuiz):   # a quiz whose learner's store is this one (a class's hub sets it so)
        progress_store = store

    quiz = ClassQuiz(seed=5)
    assert quiz.session.shares == mix_shares(misses) and quiz.session.shares["nobs"] > MIX["nobs"]


def test_a_progress_file_that_cannot_be_read_gives_the_plain_mix(tmp_path):
    bad = tmp_path / "bad.sqlite3"
    bad.write_text("not a database")
    assert misses_in_progress(ProgressStore(bad)) == {}
    assert bad.read_text() == "not a database"


def test_a_miss_on_the_crib_flush_trap_or_his_heels_is_recorded_under_that_kind(tmp_path):
    # Neither scores in the show, so the hand's count alone would never name them: the quiz must, or
    # its weighting could never lean towards them.
    from widgets.base.answers import quiz_kinds
    from widgets.drills.quiz import SHIPPED_HANDS, QuizHand

    trap = QuizHand.of("2H 4H 6H 9H", "5S", crib=True)                     # four hearts in a crib: 0
    assert "flush.crib" in quiz_kinds(trap) and "flush.hand" not in quiz_kinds(trap)
    assert "flush.crib" not in quiz_kinds(QuizHand.of("2H 4H 6H 9H", "5S"))   # a hand's flush is a flush.hand
    assert "flush.crib" not in quiz_kinds(QuizHand.of("2H 4H 6H 9S", "5S", crib=True))
    assert quiz_kinds(QuizHand.of("2H 4H 6H 9H", "KH", crib=True)).count("flush.crib") == 1
    assert "his_heels" in quiz_kinds(QuizHand.of("2C 3D 8S 9H", "JC", feature="his_heels"))
    assert "his_heels" not in quiz_kinds(QuizHand.of("2C 3D 8S 9H", "JC"))   # not said to be the dealer's
    assert quiz_kinds(QuizHand.of("2C 4D 8S 10H", "KC")) == ("zero",)

    store = ProgressStore(tmp_path / "p.sqlite3")

    class Quiz(ScoringQuiz):
        progress_store = store
        progress_stop = 3

    crib_flush = next(i for i, hand in enumerate(SHIPPED_HANDS) if hand.lesson == "crib_flush")
    quiz = Quiz(seed=1, misses={}, start=crib_flush)
    quiz.answer(quiz.current.score().total + 4)                           # the crib's four-card flush counted
    seed = next(s for s in range(200) if practice_hand(s).feature == "his_heels")
    heels = Quiz(seed=seed, misses={}, start=len(SHIPPED_HANDS))
    heels.answer(heels.current.score().total + 2)                         # his heels counted in the show
    kinds = [answer.kinds for answer in store.answers()]
    assert "flush.crib" in kinds[0] and "his_heels" in kinds[1]
    misses = misses_in_progress(store)
    assert misses["flush.crib"] == 1 and misses["his_heels"] == 1
    shares, plain = mix_shares(misses), mix_shares({})
    assert shares["crib_flush_trap"] > plain["crib_flush_trap"] and shares["his_heels"] > plain["his_heels"]
