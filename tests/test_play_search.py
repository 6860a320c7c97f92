"""The play searched to its end (cribbage/ai/play_search.py) gives what the same search gives with every
card scored by the rules' own play scoring, for the net and for the chance of winning."""

from __future__ import annotations

import random
from functools import cache

import pytest

from cribbage.ai.play_choice import RANK_VALUE
from cribbage.ai.play_search import WinSearch, solve, solve_after
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


def made_up_show(need_pone: int, need_dealer: int) -> float:
    """A pone's chance of winning at the show that depends on both needs in no simple way (seeded)."""
    return random.Random(need_pone * 1000 + need_dealer).random()


def whole_win(series, count, a, b, go, need_a, need_b, a_pone, show=made_up_show) -> float:
    """The mover's chance of winning, the play searched with the rules' own scoring: a player whose
    points reach their need has won; once the play is over, ``show`` (the pone's chance from the two
    needs) decides."""
    def again(*position):
        return whole_win(*position, show=show)

    def end(na, nb):
        return show(na, nb) if a_pone else 1 - show(nb, na)
    if not a and not b:
        if series:
            if go:
                return 1.0 if need_a <= 1 else end(need_a - 1, need_b)
            return 0.0 if need_b <= 1 else end(need_a, need_b - 1)
        return end(need_a, need_b)
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
        left = need_a - score_play(played).total
        if left <= 0:
            value = 1.0
        elif count + v == 31:
            value = 1 - again((), 0, b, rest, False, need_b, left, not a_pone)
        elif alone:
            value = again((*series, r), count + v, rest, b, True, left, need_b, a_pone)
        else:
            value = 1 - again((*series, r), count + v, b, rest, False, need_b, left, not a_pone)
        best = value if best is None else max(best, value)
    if best is not None:
        return best
    if alone:
        if not series:
            return 1 - again((), 0, b, a, True, need_b, need_a, not a_pone)
        if need_a <= 1:
            return 1.0
        return 1 - again((), 0, b, a, False, need_b, need_a - 1, not a_pone)
    return 1 - again(series, count, b, a, True, need_b, need_a, not a_pone)


@pytest.mark.parametrize("seed", [1, 2])
def test_the_search_for_the_chance_of_winning_is_the_same_search_by_the_rules_own_scoring(seed):
    rng = random.Random(seed)
    for series, count, a, b, go in positions(300, seed):
        need_a, need_b, a_pone = rng.randint(1, 9), rng.randint(1, 9), rng.random() < 0.5
        found = WinSearch(made_up_show).value(series, count, a, b, go, need_a, need_b, a_pone)
        assert found == pytest.approx(whole_win(series, count, a, b, go, need_a, need_b, a_pone)), (series, a, b)


@pytest.mark.parametrize("seed", [4, 5])
def test_far_from_home_the_chance_of_winning_follows_the_net(seed):
    # Whoever pegs more wins, a tie is a coin toss: the chance is 1, 1/2 or 0 as the net is above, at or
    # below 0, however the cards fall.
    def ahead(need_pone, need_dealer):
        return 1.0 if need_pone < need_dealer else 0.5 if need_pone == need_dealer else 0.0
    for series, count, a, b, go in positions(300, seed):
        net = solve(series, count, a, b, go)
        chance = WinSearch(ahead).value(series, count, a, b, go, 500, 500, seed == 4)
        assert chance == (1.0 if net > 0 else 0.5 if net == 0 else 0.0), (series, a, b, go)


def test_near_home_the_card_that_takes_us_home_beats_the_card_that_nets_more():
    # They lead a 4 and hold 2 5 5; we hold 4 5 and need 4, and lose if it comes to the show. Pairing
    # the 4 (2) leaves them nothing that stops our next card pegging 2 more (a fifteen or a pair of
    # fives); the 5 nets 2 more to the end of the play, and never takes us home.
    we_lose_at_the_show = WinSearch(lambda need_pone, need_dealer: 1.0)  # we deal: the pone wins the show
    pair = 2 + solve_after((4,), 4, 4, (5,), (2, 5, 5), False)
    five = 0 + solve_after((4,), 4, 5, (4,), (2, 5, 5), False)
    assert (pair, five) == (-5, -3)
    assert we_lose_at_the_show.after((4,), 4, 4, (5,), (2, 5, 5), False, 4 - 2, 9, False) == 1.0
    assert we_lose_at_the_show.after((4,), 4, 5, (4,), (2, 5, 5), False, 4, 9, False) == 0.0
