"""Win probability by position: the dynamic programme against a plain recursion, and against
the games of self-play it never saw."""

from __future__ import annotations

import sys
from functools import cache

import numpy as np
import pytest

from cribbage import CribbageError
from cribbage.ai.simulate import DEAL_PARTS
from cribbage.stats.deals import PLAY_KINDS, deal_log
from cribbage.stats.position import _solve, stage_distributions, win_probabilities

# Hundreds of self-played deals behind every test here: left out of `make test-fast`.
pytestmark = pytest.mark.slow


def _recursive(stages, target):
    """The dealer's chance by plain recursion over every outcome of every stage, one deal at a time."""
    heels, play, pone_hand, show = (stages[k] for k in ("heels", "play", "pone_hand", "dealer_show"))
    sys.setrecursionlimit(20000)

    @cache
    def dealer(d, p):
        total = 0.0
        for h, qh in enumerate(heels):
            if not qh:
                continue
            if d + h >= target:
                total += qh
                continue
            for (i, j), qp in np.ndenumerate(play):
                if not qp:
                    continue
                d1, p1 = d + h + j, p + i
                if d1 >= target and p1 >= target:
                    # spread evenly over the play: the pone pegs out first on a tie
                    total += qh * qp * ((target - d - h) / j < (target - p) / i)
                    continue
                if d1 >= target:
                    total += qh * qp
                    continue
                if p1 >= target:
                    continue
                for k, qn in enumerate(pone_hand):
                    if not qn or p1 + k >= target:
                        continue
                    for m, qs in enumerate(show):
                        if not qs:
                            continue
                        if d1 + m >= target:
                            total += qh * qp * qn * qs
                        else:
                            total += qh * qp * qn * qs * (1 - dealer(p1 + k, d1 + m))
        return total

    return dealer


def test_the_programme_equals_a_plain_recursion_on_a_small_game():
    rng = np.random.default_rng(4)
    play = rng.random((3, 3))
    play[0, 0] = 0  # every deal pegs at least a point, as the last card does
    play[2, 2] = 0.5  # both can peg out in one play
    stages = {"heels": np.array([0.9, 0, 0.1]), "play": play / play.sum(),
              "pone_hand": np.bincount([0, 1, 2, 2, 3, 4]) / 6, "dealer_show": np.bincount([0, 2, 3, 5, 5]) / 5}
    target = 61
    fast = _solve([stages], target)[0]
    slow = _recursive(stages, target)
    for d, p in [(0, 0), (30, 45), (59, 60), (60, 60), (60, 0), (0, 60), (45, 58), (12, 57)]:
        assert fast[d, p] == pytest.approx(slow(d, p), abs=1e-9), (d, p)


@pytest.fixture(scope="module")
def log():
    return deal_log(250, seed="position-test", cache=False)


def test_the_deal_log_adds_up(log):
    assert log.parts.shape[1] == len(DEAL_PARTS) and log.deals > 1500
    # the play's kinds add up to the play's points, for each side
    assert np.array_equal(log.kinds[:, 0].sum(axis=1), log.parts[:, 0])
    assert np.array_equal(log.kinds[:, 1].sum(axis=1), log.parts[:, 2])
    assert log.kinds.shape[2] == len(PLAY_KINDS)
    assert set(np.unique(log.lead)) <= set(range(1, 14))
    assert ((log.kept >= 1) & (log.kept <= 13)).all()
    # every game starts 0-0, and every deal start is a position before anyone has won
    assert (log.starts[:, :2] < 121).all() and (log.starts[:, :2] == 0).all(axis=1).sum() == 250
    stages = stage_distributions(log)
    for name, q in stages.items():
        assert q.sum() == pytest.approx(1.0) and (q >= 0).all(), name


def test_win_probability_matches_self_play_it_never_saw(log):
    table = win_probabilities(log)
    check = deal_log(250, seed="position-check", cache=False)
    d, p, won = check.starts[:, 0], check.starts[:, 1], check.starts[:, 2]
    predicted = table.dealer_wins[d, p]
    # calibrated: in each band of predicted chances the dealers won about as often as predicted
    for low, high in [(0.0, 0.3), (0.3, 0.7), (0.7, 1.0)]:
        band = (predicted >= low) & (predicted < high)
        assert band.sum() > 100
        se = np.sqrt((predicted[band] * (1 - predicted[band])).sum()) / band.sum()
        assert abs(won[band].mean() - predicted[band].mean()) < 4 * se + 0.01, (low, high)
    # the first dealer's edge: published at about 55-56% for expert play
    assert 0.53 < table.win_probability(0, 0, dealer=True) < 0.59


def test_the_table_reads_like_a_board(log):
    table = win_probabilities(log)
    w = table.dealer_wins
    assert w.shape == (121, 121) and ((w >= 0) & (w <= 1)).all()
    # more points never hurt: the chance rises with one's own score and falls with the opponent's
    assert (np.diff(w, axis=0) >= -1e-9).mean() > 0.99 and (np.diff(w, axis=1) <= 1e-9).mean() > 0.99
    assert table.win_probability(120, 0, dealer=False) > 0.99  # the pone counts first
    assert table.win_probability(100, 120, dealer=True) < 0.01
    assert table.win_probability(60, 80, dealer=True) == pytest.approx(1 - table.win_probability(80, 60, dealer=False))
    assert table.skunk_lines == (91, 61)
    short = win_probabilities(log, target=61)
    assert short.dealer_wins.shape == (61, 61) and short.skunk_lines[0] == 31


@pytest.mark.parametrize("args", [(121, 0), (-1, 5), (3.5, 0), (True, 0)])
def test_scores_off_the_board_are_refused(log, args):
    with pytest.raises(CribbageError):
        win_probabilities(log).win_probability(*args, dealer=True)


def test_bad_targets_and_runs_are_refused(log):
    with pytest.raises(CribbageError):
        win_probabilities(log, target=100)
    with pytest.raises(CribbageError):
        deal_log(0)
    with pytest.raises(CribbageError):
        deal_log(5, level="grandmaster")


def test_the_game_tables_chance_tells_the_same_story(log):
    # The game table and the board stepper say where you stand with cribbage.ai.endgame's chance: a
    # simpler programme over deal points measured once (a tie to peg out is a coin toss there, the
    # play's two sides independent). It should agree with this table, itself checked against self-play.
    from cribbage.ai.endgame import win_probability
    table = win_probabilities(log)
    scores = range(0, 121, 4)
    shown = np.array([[win_probability(d, p, dealer=True) for p in scores] for d in scores])
    ours = table.dealer_wins[::4, ::4]
    assert np.abs(shown - ours).mean() < 0.02
    assert np.quantile(np.abs(shown - ours), 0.95) < 0.05
    assert win_probability(0, 0, dealer=True) == pytest.approx(table.win_probability(0, 0, dealer=True), abs=0.03)
