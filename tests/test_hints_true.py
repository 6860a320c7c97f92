"""Every hint a wrong count gets is true of the hand shown: checked on random hands and lines against
the engine's own count and a count of fifteens and pairs made here, card by card.

A hint may say where the missing points are (a kind, or one of several kinds, or several together),
how many fifteens that would be and of how many cards this hand's fifteens are made, and whether its
runs repeat a card. Each of those is checked: a kind named must hold the missing points (some of its
combinations, or all), no kind that could hold them is left out, the sizes are the hand's own.
"""

from __future__ import annotations

import random
import re
from itertools import combinations

import pytest

from cribbage import Card, Deck, score_hand
from cribbage.crosscribb import score_line
from cribbage.rules.shortfall import KINDS, Shortfall, shortfall
from widgets.crosscribb.quiz import line_hint
from widgets.drills.quiz import QuizHand, count_hint
from widgets.i18n import render

#: The engine's points by kind for a hand, beside the fifteens and pairs counted here.
Counted = dict[str, list[int]]


def counted_here(five: tuple[Card, ...], points: dict[str, int]) -> Counted:
    """Each kind's combinations' points: the fifteens and the pairs from the cards, the runs, flush and
    nobs from the engine's own total for them (a run's length is its points; runs of one count are
    all of one length)."""
    fifteens = [size for size in range(2, 6) for combo in combinations(five, size)
                if sum(card.value for card in combo) == 15]
    pairs = [2 for a, b in combinations(five, 2) if a.rank == b.rank]
    ranks = {card.rank for card in five}
    length = max((n for n in range(3, 6) for low in range(1, 14)
                  if all(r in ranks for r in range(low, low + n))), default=0)
    runs = [length] * (points["run"] // length) if length else []
    return {"fifteen": [2] * len(fifteens), "fifteen_sizes": sorted(set(fifteens)), "pair": pairs, "run": runs,
            "flush": [points["flush"]] if points["flush"] else [], "nobs": [1] * points["nobs"]}


def can_hold(points: list[int], short: int) -> bool:
    """Whether some (one or more) of ``points`` add up to ``short``."""
    return any(sum(combo) == short for size in range(1, len(points) + 1) for combo in combinations(points, size))


def check_gap(gap: Shortfall, here: Counted, short: int) -> None:
    assert gap.short == short
    holders = [kind for kind in KINDS if can_hold(here[kind], short)]
    assert list(gap.alone) == holders, (gap, here)
    if gap.together:
        assert sum(sum(here[kind]) for kind in gap.together) == short and all(here[kind] for kind in gap.together)
    assert list(gap.fifteen_sizes) == here["fifteen_sizes"]
    assert gap.runs == len(here["run"])


def check_words(hint: str, gap: Shortfall, here: Counted) -> None:
    """The English hint names no kind the hand lacks (where it says what was left out, "Close: ..."),
    and its fifteens are the hand's own."""
    for kind in KINDS:
        if hint.startswith("Close:") and render(f"ex.kind.{kind}", "en") in hint:
            assert here[kind], (hint, kind)
    made_of = re.search(r"made of ([\d, and]+) cards", hint)
    if made_of:
        assert [int(n) for n in re.findall(r"\d+", made_of.group(1))] == here["fifteen_sizes"]
        assert gap.alone == ("fifteen",)
    if "a card repeated" in hint:
        assert len(here["run"]) > 1
    if "Look for the run" in hint:
        assert len(here["run"]) == 1


def random_hands(n: int, seed: int):
    rng = random.Random(seed)
    for _ in range(n):
        five, _rest = Deck().shuffled(rng.randrange(2**32)).draw(5)
        yield tuple(five), rng.random() < 0.25


def every_claim_is_true(five: tuple[Card, ...], score, hint) -> int:
    """Check the hint (``hint(claim)``) of every count short of ``score``'s, the count of ``five``."""
    here = counted_here(five, {"run": score.runs, "flush": score.flush, "nobs": score.nobs})
    assert sum(sum(here[k]) for k in KINDS) == score.total   # the count here agrees with the engine's
    for claim in range(score.total):
        gap = shortfall(score.items, claim)
        check_gap(gap, here, score.total - claim)
        check_words(hint(claim), gap, here)
    return score.total


def hints_are_true(n: int) -> int:
    checked = 0
    for five, crib in random_hands(n, seed=2026):
        hand = QuizHand(five[:4], five[4], crib)
        score = score_hand(hand.hand, hand.starter, crib=crib)
        checked += every_claim_is_true(five, score, lambda claim, hand=hand: count_hint(hand, claim, "en"))
    return checked


def line_hints_are_true(n: int) -> int:
    checked = 0
    for five, centre in random_hands(n, seed=31):
        score = score_line(five, five[2] if centre else None)
        checked += every_claim_is_true(five, score, lambda claim, score=score: line_hint(score, claim, "en"))
    return checked


def test_the_hints_of_two_hundred_hands_are_true() -> None:
    assert hints_are_true(200) > 600


def test_the_hints_of_two_hundred_lines_are_true() -> None:
    assert line_hints_are_true(200) > 600


@pytest.mark.slow
def test_the_hints_of_ten_thousand_hands_and_lines_are_true() -> None:
    assert hints_are_true(10_000) > 30_000
    assert line_hints_are_true(10_000) > 30_000


def test_the_hands_the_issue_found_false_now_get_true_hints() -> None:
    # 5♣ 5♦ 6♥ 7♠ with 8♣ counted 10: the 2 missing are the one fifteen (7+8, two cards) or the pair.
    hand = QuizHand.of("5C 5D 6H 7S", "8C")
    hint = count_hint(hand, 10, "en")
    assert "three and four cards" not in hint and "the fifteens or the pairs" in hint
    assert "quince" in count_hint(hand, 10, "es") and "tres y cuatro" not in count_hint(hand, 10, "es")


# The reasons of the discard table: what a keep holds and what its two cards give the crib -------------

def four_points_here(four: tuple[Card, ...]) -> int:
    """Four cards' points before any starter, card by card: fifteens, pairs, the longest runs, a flush."""
    fifteens = sum(1 for size in range(2, 5) for combo in combinations(four, size) if sum(c.value for c in combo) == 15)
    pairs = sum(1 for a, b in combinations(four, 2) if a.rank == b.rank)
    runs = 0
    for size in (4, 3):
        found = [combo for combo in combinations(four, size)
                 if sorted(c.rank for c in combo) == list(range(min(c.rank for c in combo), min(c.rank for c in combo) + size))]
        if found:
            runs = size * len(found)
            break
    return 2 * fifteens + 2 * pairs + runs + (4 if len({c.suit for c in four}) == 1 else 0)


def said(message) -> dict[str, dict]:
    """Every message key in a reason (nested messages too), with its values."""
    out = {message.key: message.values}
    for value in message.values.values():
        for inner in value if isinstance(value, list) else [value]:
            if hasattr(inner, "key"):
                out.update(said(inner))
    return out


def check_reasons(six: tuple[Card, ...], dealer: bool) -> int:
    from cribbage.ai.discard import advise_discard
    advice = advise_discard(six, dealer=dealer)
    gains = {option.keep: option.hand_ev - four_points_here(option.keep) for option in advice}
    cribs = sorted((option.crib_ev for option in advice), reverse=True)
    for option in advice:
        keys = said(option.message)
        a, b = option.discard
        place = 1 + sum(1 for crib in cribs if crib > option.crib_ev + 1e-9)
        ranks = sorted(c.rank for c in option.keep)
        facts = {
            "keep.what_starter": gains[option.keep] >= max(gains.values()) - 1e-9 and four_points_here(option.keep) == 0,
            "keep.nothing_yet": four_points_here(option.keep) == 0,
            "keep.flush": len({c.suit for c in option.keep}) == 1,
            "keep.five": 5 in ranks,
            "keep.close": len(set(ranks)) == 4 and ranks[-1] - ranks[0] <= 4,
            "keep.fifteen": sum(1 for n in range(2, 5) for combo in combinations(option.keep, n)
                                        if sum(c.value for c in combo) == 15) == 1,
            "keep.fifteens": sum(1 for n in range(2, 5) for combo in combinations(option.keep, n)
                                         if sum(c.value for c in combo) == 15) > 1,
            "away.their_little": place >= 8 and not dealer,
            "away.their_cards": place < 8 and not dealer,
            "away.their_makes_five": a.value + b.value == 5,
            "away.your_makes_five": a.value + b.value == 5,
            "away.their_fifteen": a.value + b.value == 15,
            "away.your_fifteen": a.value + b.value == 15,
            "away.their_pair": a.rank == b.rank,
            "away.their_five": 5 in (a.rank, b.rank),
            "away.your_five": 5 in (a.rank, b.rank),
            "away.their_run": a.rank != b.rank and abs(a.rank - b.rank) <= 2,
            "away.your_run": a.rank != b.rank and abs(a.rank - b.rank) <= 2,
            "away.no_salt": 5 not in (a.rank, b.rank) and 5 in ranks,
        }
        for key in keys:
            if key in facts:
                assert facts[key], (six, dealer, option.reason, key)
        # Whatever the two laid away make for the crib (five, fifteen, a pair), the reason says it.
        if a.value + b.value == 5 and 5 not in (a.rank, b.rank):
            assert {"away.their_makes_five", "away.your_makes_five"} & set(keys), option.reason
    return len(advice)


def reasons_are_true(n: int) -> int:
    rng = random.Random(15)
    checked = 0
    for _ in range(n):
        six, _rest = Deck().shuffled(rng.randrange(2**32)).draw(6)
        checked += check_reasons(tuple(six), dealer=rng.random() < 0.5)
    return checked


def test_the_reasons_of_two_hundred_deals_are_true() -> None:
    assert reasons_are_true(200) == 3_000


@pytest.mark.slow
def test_the_reasons_of_ten_thousand_deals_are_true() -> None:
    assert reasons_are_true(10_000) == 150_000


def test_the_deal_the_issue_found_false_now_gets_true_reasons() -> None:
    # AC 4D 6H 9S JD KC as pone: laying away A-4 gives the opponent's crib its 2nd most valuable crib of 15.
    from cribbage.ai.discard import advise_discard
    advice = advise_discard("AC 4D 6H 9S JD KC", dealer=False)
    ace_four = next(option for option in advice if {c.code for c in option.discard} == {"AC", "4D"})
    assert "little" not in ace_four.reason and "make five" in ace_four.reason
    assert all("what the starter can help most" not in option.reason for option in advice)
