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


def hints_are_true(n: int) -> int:
    checked = 0
    for five, crib in random_hands(n, seed=2026):
        hand = QuizHand(five[:4], five[4], crib)
        score = score_hand(hand.hand, hand.starter, crib=crib)
        points = {"run": score.runs, "flush": score.flush, "nobs": score.nobs}
        here = counted_here(five, points)
        assert sum(sum(here[k]) for k in KINDS) == score.total   # the count here agrees with the engine's
        for claim in range(score.total):
            gap = shortfall(score.items, claim)
            check_gap(gap, here, score.total - claim)
            check_words(count_hint(hand, claim, "en"), gap, here)
            checked += 1
    return checked


def line_hints_are_true(n: int) -> int:
    checked = 0
    for five, centre in random_hands(n, seed=31):
        starter = five[2] if centre else None
        score = score_line(five, starter)
        here = counted_here(five, {"run": score.runs, "flush": score.flush, "nobs": score.nobs})
        assert sum(sum(here[k]) for k in KINDS) == score.total
        for claim in range(score.total):
            gap = shortfall(score.items, claim)
            check_gap(gap, here, score.total - claim)
            check_words(line_hint(score, claim, "en"), gap, here)
            checked += 1
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
