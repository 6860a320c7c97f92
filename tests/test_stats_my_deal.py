"""My deal (cribbage.stats.my_deal): every figure against a plain brute force written here, the expert
model's standard error against resampling, and bad input refused by name."""

import random
from itertools import combinations, pairwise

import numpy as np
import pytest

from cribbage import FULL_DECK, CribbageError, cards
from cribbage.ai.crib_model import pair_weights
from cribbage.ai.discard import crib_evs
from cribbage.stats.calibrated import load_calibration
from cribbage.stats.my_deal import _position, deal_keeps, expert_model_hands

# --- a plain scorer, independent of the engine's tables ------------------------------------------


def _value(rank):
    return min(rank, 10)


def _rank_points(ranks):
    """Fifteens, pairs and runs of five ranks, by plain counting."""
    points = 0
    for size in range(2, 6):
        for combo in combinations(ranks, size):
            if sum(_value(r) for r in combo) == 15:
                points += 2
    for a, b in combinations(ranks, 2):
        if a == b:
            points += 2
    for size in (5, 4, 3):  # the longest runs only, each way of making them
        runs = [c for c in combinations(ranks, size) if sorted(c) == list(range(min(c), min(c) + size))]
        if runs:
            points += size * len(runs)
            break
    return points


_MEMO = {}


def plain_score(four, starter, *, crib):
    ranks = tuple(sorted(c.rank for c in (*four, starter)))
    if ranks not in _MEMO:
        _MEMO[ranks] = _rank_points(ranks)
    points = _MEMO[ranks]
    suits = {c.suit for c in four}
    if len(suits) == 1:
        if starter.suit in suits:
            points += 5
        elif not crib:
            points += 4
    points += sum(1 for c in four if c.rank == 11 and c.suit == starter.suit)
    return points


def brute(six, dealer, keep_index=None):
    """The hand's points by starter; the crib's uniform average; its expert average (the model's
    weights on the rank points, the flush and nobs uniform, as the engine's model takes them)."""
    six = cards(six)
    unseen = [c for c in FULL_DECK if c not in six]
    weights = pair_weights(opponent_deals=not dealer)
    out = {}
    for away in combinations(six, 2):
        keep = tuple(c for c in six if c not in away)
        by_starter = [plain_score(keep, s, crib=False) for s in unseen]
        total = n = rank_w = weight = suit_sum = 0.0
        for s in unseen:
            rest = [c for c in unseen if c != s]
            for a, b in combinations(rest, 2):
                whole = plain_score((*away, a, b), s, crib=True)
                ranks = tuple(sorted(c.rank for c in (*away, a, b, s)))
                rank_part = _MEMO[ranks]
                total += whole
                n += 1
                w = weights[a.rank - 1, b.rank - 1]
                rank_w += w * rank_part
                weight += w
                suit_sum += whole - rank_part
        out[frozenset(keep)] = (by_starter, total / n, rank_w / weight + suit_sum / n)
    return out


FIXED = ["5H 5D 6H 7S 8C 9D", "JC JD 3C 8C KC 2S", "2H 3H 4H 6H JH 9C"]


def _seeded(seed):
    rng = random.Random(seed)
    return " ".join(c.code for c in rng.sample(FULL_DECK, 6))


# seconds each: with the slow tests (make test), not in make check
@pytest.mark.slow
@pytest.mark.parametrize("six", [*FIXED, _seeded("my deal 1"), _seeded("my deal 2")])
@pytest.mark.parametrize("dealer", [True, False])
def test_every_keep_equals_the_brute_force(six, dealer):
    got = deal_keeps(six, dealer=dealer)
    want = brute(six, dealer)
    unseen = [c for c in FULL_DECK if c not in cards(six)]
    assert len(got) == 15 and {frozenset(k.keep) for k in got.keeps} == set(want)
    for k in got.keeps:
        by_starter, uniform, expert = want[frozenset(k.keep)]
        assert [card for card, _ in k.starters] == unseen
        assert [p for _, p in k.starters] == by_starter
        assert k.hand_counts == tuple(by_starter.count(v) for v in range(30))
        assert k.hand == pytest.approx(sum(by_starter) / 46, abs=1e-12)
        assert k.crib_uniform == pytest.approx(uniform, abs=1e-12)
        assert k.crib_expert == pytest.approx(expert, abs=1e-9)
        sign = 1 if dealer else -1
        assert k.net_uniform == pytest.approx(k.hand + sign * uniform)
        assert k.net_expert == pytest.approx(k.hand + sign * expert)
    # best first (nets equal but for rounding are ties: the better hand first)
    nets = [k.net_expert for k in got.keeps]
    assert all(a >= b - 1e-9 for a, b in pairwise(nets)) and [k.rank for k in got.keeps] == list(range(1, 16))
    by_uniform = [k.net_uniform for k in sorted(got.keeps, key=lambda k: k.rank_uniform)]
    assert all(a >= b - 1e-9 for a, b in pairwise(by_uniform))
    assert sorted(k.rank_uniform for k in got.keeps) == list(range(1, 16))


def test_the_expert_models_error_matches_resampling_the_model():
    """The delta-method error against the spread of the crib when the model's sample is drawn again:
    deals of the model's size, pairs laid away with the model's shares."""
    six = cards("5H 5D 6H 7S 8C 9D")
    dealer = False
    got = deal_keeps(six, dealer=dealer)
    hands = expert_model_hands()
    weights = pair_weights(opponent_deals=not dealer)
    a, b = np.triu_indices(13)
    chance = np.where(a == b, 6 / 1326, 16 / 1326)
    q = weights[a, b] * chance
    q /= q.sum()
    rng = np.random.default_rng(28)
    draws = []
    for _ in range(400):
        counts = rng.multinomial(hands, q)
        w = np.zeros((13, 13))
        w[a, b] = counts / hands / chance
        w[b, a] = w[a, b]
        draws.append(crib_evs(six, w))
    spread = np.std(draws, axis=0)
    from cribbage.ai.discard import SPLITS
    for j, (_, away) in enumerate(SPLITS):
        option = got.find([six[i] for i in away])
        assert option.crib_expert_error == pytest.approx(spread[j], rel=0.2), option.away
        assert 0.002 < option.crib_expert_error < 0.1
    # The difference of two keeps' cribs: one sample of deals moves both, so its error is not the two
    # errors combined (keeps laying away the same ranks differ by nothing the sample moves).
    draws = np.array(draws)
    index = {frozenset(six[i] for i in away): j for j, (_, away) in enumerate(SPLITS)}
    order = [index[frozenset(k.away)] for k in got.keeps]
    for a, b in [(0, 1), (0, 2), (1, 5), (3, 14)]:
        spread_gap = np.std(draws[:, order[a]] - draws[:, order[b]])
        assert got.gap_errors[a][b] == pytest.approx(spread_gap, rel=0.2, abs=1e-9), (a, b)
        assert got.gap_errors[a][b] == got.gap_errors[b][a]


def test_a_keeps_starters_give_their_variance_sd_and_quantiles():
    keep = deal_keeps("5H 5D 6H 7S 8C 9D", dealer=False).find("5H 5D 6H 7S")
    points = np.array([p for _, p in keep.starters])
    assert keep.hand_variance == pytest.approx(points.var(), rel=1e-12)
    assert keep.hand_sd == pytest.approx(points.std(), rel=1e-12)
    for q in (0, 0.1, 0.5, 0.9, 1):
        assert keep.hand_quantile(q) == np.quantile(points, q, method="inverted_cdf")
    with pytest.raises(CribbageError, match="quantile"):
        keep.hand_quantile(2)


def test_a_ranking_a_gap_and_a_tie():
    figures = deal_keeps("4H 2D AD 2S 4D 3S", dealer=True)
    exact = figures.ranked("uniform")
    assert [k.rank_uniform for k in exact] == list(range(1, 16)) and figures.ranked("expert") == figures.keeps
    assert figures.gap("uniform") == (exact[0].net_uniform - exact[1].net_uniform, 0.0)
    # the expert model's first two lay away 4 and ace, in other suits: the gap is exact, and no tie
    assert figures.gap("expert")[1] == 0 and not figures.tied("expert") and not figures.tied("uniform")
    tie = deal_keeps("6H JS KS TH QD 5D", dealer=True)
    gap, half = tie.gap("expert")
    assert 0 < gap < half and tie.tied("expert")
    with pytest.raises(CribbageError, match="no crib model 'best'"):
        figures.ranked("best")


def test_the_model_size_is_the_builds():
    from cribbage.build.crib_weights import HANDS
    assert expert_model_hands() == HANDS


# --- the chance to win, against a plain walk through one deal -------------------------------------

def brute_win(six, keep, dealer, mine, theirs):
    """One keep's chance to win, starter by starter, in plain loops over the deal's stages."""
    table, stages = _position(121)
    W, T = table.dealer_wins, 121
    six = cards(six)
    keep = cards(keep)
    away = [c for c in six if c not in keep]
    unseen = [c for c in FULL_DECK if c not in six]
    weights = pair_weights(opponent_deals=not dealer)
    play = [(i, j, q) for (i, j), q in np.ndenumerate(stages["play"]) if q > 0]
    total = 0.0
    for s in unseen:
        hand = plain_score(keep, s, crib=False)
        crib = {}
        rest = [c for c in unseen if c != s]
        for a, b in combinations(rest, 2):
            points = plain_score((*away, a, b), s, crib=True)
            crib[points] = crib.get(points, 0.0) + weights[a.rank - 1, b.rank - 1]
        norm = sum(crib.values())
        crib = {k: v / norm for k, v in crib.items()}
        heels = 2 if s.rank == 11 else 0
        d, p = (mine, theirs) if dealer else (theirs, mine)
        d += heels
        if d >= T:
            total += 1.0 if dealer else 0.0
            continue
        dealer_chance = 0.0
        for i, j, q in play:       # i: the pone's play points, j: the dealer's
            x, y = d + j, p + i
            if x >= T and y >= T:
                dealer_chance += q * ((T - d) * i < (T - p) * j)
                continue
            if x >= T:
                dealer_chance += q
                continue
            if y >= T:
                continue
            pone_hands = {hand: 1.0} if not dealer else dict(enumerate(stages["pone_hand"]))
            dealer_hands = {hand: 1.0} if dealer else dict(enumerate(stages["dealer_hand"]))
            for k, pk in pone_hands.items():
                if not pk or y + k >= T:
                    continue
                for h, ph in dealer_hands.items():
                    if not ph:
                        continue
                    for c, pc in crib.items():
                        z = x + h + c
                        dealer_chance += q * pk * ph * pc * (1.0 if z >= T else 1.0 - W[y + k, z])
        total += dealer_chance if dealer else 1.0 - dealer_chance
    return total / len(unseen)


@pytest.mark.slow
@pytest.mark.parametrize("dealer, scores", [(True, (113, 116)), (False, (112, 104))])
def test_the_chance_to_win_equals_a_plain_walk_through_the_deal(dealer, scores):
    six = "5H 5D 6H 7S JC 9D"
    got = deal_keeps(six, dealer=dealer, scores=scores)
    for option in (got.best, got.keeps[-1])[:1 if dealer else 2]:
        want = brute_win(six, option.keep, dealer, *scores)   # the model as solved, then its recalibration
        assert option.win == pytest.approx(load_calibration().map(want, dealer=dealer), abs=1e-9)


@pytest.mark.slow
def test_the_chance_to_win_sits_by_the_position_tables():
    got = deal_keeps("5H 5D 6H 7S 8C 9D", dealer=True, scores=(0, 0))
    table, _ = _position(121)
    table = load_calibration().recalibrate(table)          # a game to 121: the chances recalibrated
    assert got.win_before == pytest.approx(table.win_probability(0, 0, dealer=True), abs=1e-12)
    low, high = got.win_interval(got.win_before)
    assert low < got.win_before < high and high - low < 0.1
    # over many deals, the best keep's chance averages the table's (its players keep the best too)
    for dealer in (True, False):
        wins = [deal_keeps(_seeded(f"average {i}"), dealer=dealer, scores=(60, 60)).best.win for i in range(80)]
        before = table.win_probability(60, 60, dealer=dealer)
        assert abs(np.mean(wins) - before) < 0.025, (dealer, np.mean(wins), before)
    assert got.best.win > got.win_before   # this deal is a good one for a dealer
    near = deal_keeps("5H 5D 6H 7S 8C 9D", dealer=True, scores=(112, 116))
    assert all(0 <= k.win <= 1 for k in near.keeps)
    assert near.find("5H 5D 6H 7S").win > near.find("6H 8C 9D 5D").win   # 12 in hand beats 5 at the end
    assert all(k.win is None for k in deal_keeps("5H 5D 6H 7S 8C 9D", dealer=True).keeps)
    # the dealer at 120 with a jack starter pegs out before the play: never below that share
    out = deal_keeps("5H 5D 6H 7S 8C 9D", dealer=True, scores=(120, 0))
    assert min(k.win for k in out.keeps) > 0.9


@pytest.mark.parametrize("six, words", [
    ("5H 5D 6H 7S 8C 5X", "5X"),
    ("5H 5D 6H 7S 8C 5H", "5♥"),
    ("5H 5D 6H 7S 8C", "5"),
    ("5H 5D 6H 7S 8C 9D 10D", "7"),
    ("", "0"),
])
def test_bad_cards_are_refused_by_name(six, words):
    with pytest.raises(CribbageError, match=words):
        deal_keeps(six, dealer=True)


@pytest.mark.parametrize("scores", [(-1, 0), (0, 121), (1,), "100,100", (1.5, 2), (True, 3), [None, 2]])
def test_bad_scores_are_refused(scores):
    with pytest.raises(CribbageError):
        deal_keeps("5H 5D 6H 7S 8C 9D", dealer=True, scores=scores)


def test_bad_role_and_target_are_refused():
    with pytest.raises(CribbageError, match="dealer"):
        deal_keeps("5H 5D 6H 7S 8C 9D", dealer="yes")
    with pytest.raises(CribbageError):
        deal_keeps("5H 5D 6H 7S 8C 9D", dealer=True, target=100)
    assert deal_keeps("5H 5D 6H 7S 8C 9D", dealer=True).find("5H 5D").keep == cards("6H 7S 8C 9D")
    with pytest.raises(CribbageError):
        deal_keeps("5H 5D 6H 7S 8C 9D", dealer=True).find("KS QS")


@pytest.mark.slow   # the 61-point position table, from the 2,000-game deal log: about 25 CPU-s
def test_a_61_point_game_uses_its_own_table():
    got = deal_keeps("5H 5D 6H 7S 8C 9D", dealer=False, scores=(50, 55), target=61)
    assert got.target == 61 and all(0 <= k.win <= 1 for k in got.keeps)
    # recalibrated by the 61-point game's own map, and each chance said with its own interval
    shipped = load_calibration(61)
    assert shipped.target == 61 and shipped.platt != load_calibration(121).platt
    table = shipped.recalibrate(_position(61)[0])
    assert got.win_before == pytest.approx(table.win_probability(50, 55, dealer=False), abs=1e-12)
    for chance in (got.win_before, got.best.win):
        assert got.win_interval(chance) == shipped.interval(chance, dealer=False)
        low, high = got.win_interval(chance)
        assert low < chance < high and high - low < 0.15
    with pytest.raises(CribbageError):
        deal_keeps("5H 5D 6H 7S 8C 9D", dealer=False, scores=(50, 65), target=61)


_HOSTILE = [None, object(), "no", "", "\udcff", "a\x00b", b"5H", 1.5, float("nan"), float("inf"), -1, 10**100,
            True, [], {}, ("5H",) * 6, (1, 2, 3)]


@pytest.mark.parametrize("argument", ["six_cards", "dealer", "scores", "target"])
# Ids by position: repr(object()) holds an address, which differs between xdist workers.
@pytest.mark.parametrize("hostile", _HOSTILE, ids=[f"{i}-{type(h).__name__}" for i, h in enumerate(_HOSTILE)])
def test_hostile_arguments_get_the_engines_own_error(argument, hostile):
    valid = {"six_cards": "5H 5D 6H 7S 8C 9D", "dealer": True, "scores": (10, 20), "target": 121}
    if (argument, hostile) in (("dealer", True), ("scores", None)):
        return   # a real flag; no scores
    with pytest.raises(CribbageError):
        deal_keeps(**{**valid, argument: hostile})
