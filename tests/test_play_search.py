"""The play searched to its end (cribbage/ai/play_search.py) gives what the same search gives with every
card scored by the rules' own play scoring."""

from __future__ import annotations

import random
from functools import cache

import pytest

from cribbage.ai.play_choice import RANK_VALUE
from cribbage.ai.play_search import solve, solve_after
from cribbage.rules.cards import Card
from cribbage.rules.play_scoring import score_play


@cache
def whole_series(series: tuple[int, ...], count: int, a: tuple[int, ...], b: tuple[int, ...], go: bool) -> int:
    """The same search on the whole series, each card scored by the rules' own play scoring (suits
    made up: they never count in the play)."""
    if not a and not b:
        return 0 if not series else (1 if go else -1)
    best = None
    alone = go or not b
    for r in sorted(set(a)):
        v = RANK_VALUE[r]
        if count + v > 31:
            continue
        rest = list(a)
        rest.remove(r)
        rest = tuple(rest)
        ranks = (*series, r)
        played = [Card(x, ranks[:i].count(x)) for i, x in enumerate(ranks)]
        points = score_play(played).total
        if count + v == 31:
            value = points - whole_series((), 0, b, rest, False)
        elif alone:
            value = points + whole_series((*series, r), count + v, rest, b, True)
        else:
            value = points - whole_series((*series, r), count + v, b, rest, False)
        best = value if best is None else max(best, value)
    if best is not None:
        return best
    if alone:
        if not series:
            return -whole_series((), 0, b, a, True)
        return 1 - whole_series((), 0, b, a, False)
    return -whole_series(series, count, b, a, True)


def positions(n: int, seed: int) -> list[tuple[tuple[int, ...], int, tuple[int, ...], tuple[int, ...], bool]]:
    """Seeded positions of the play: a series under 31 and two hands of up to four cards each, from
    one deck (no rank five times)."""
    rng = random.Random(seed)
    deck = [r for r in range(1, 14) for _ in range(4)]
    out = []
    while len(out) < n:
        rng.shuffle(deck)
        series, count = [], 0
        for r in deck[:rng.randint(0, 6)]:
            if count + RANK_VALUE[r] < 31:
                series.append(r)
                count += RANK_VALUE[r]
        na, nb = rng.randint(0, 4), rng.randint(0, 4)
        a, b = tuple(sorted(deck[8:8 + na])), tuple(sorted(deck[8 + na:8 + na + nb]))
        out.append((tuple(series), count, a, b, bool(series) and rng.random() < 0.25))
    return out


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_search_is_the_search_by_the_rules_own_scoring(seed):
    for series, count, a, b, go in positions(400, seed):
        assert solve(series, count, a, b, go) == whole_series(series, count, a, b, go), (series, a, b, go)


def test_the_net_after_a_card_is_the_search_from_the_other_side():
    # 5 4 then our 6 makes a run of three: what follows is their best from the count of 15.
    mine, theirs = (2, 9), (3, 7)
    after = solve_after((5, 4), 9, 6, mine, theirs, False)
    assert after == -whole_series((5, 4, 6), 15, theirs, mine, False)
    # A card that makes 31: the count starts again and they lead.
    assert solve_after((10, 10), 20, 11, (1,), (2,), False) == -whole_series((), 0, (2,), (1,), False)
