"""The game review checked on many games between two computer levels: each discard's cost against an
independent brute-force count, the total cost of the weaker seat, and how it goes with the result.

    python benchmarks/review_games.py [--games 1000] [--weak standard] [--strong expert] [--seed review]

For each seeded game (the weaker level in seat ``i % 2`` of game ``i``, so each deals first as often),
the weaker seat is reviewed (:func:`cribbage.review.review_game`, the expert crib model) and every
discard's chosen and best nets, and so its cost, are counted again by :func:`brute_nets`: every keep's
hand over the 46 starters, its crib over every starter and every pair the opponent may lay away from
the other 45 cards (46 x C(45, 2) = 45,540 cribs), each five cards scored by this file's own count
from the rules (:func:`five_card_points`, not the engine's), the pairs weighed by the crib model's
weights of their ranks for fifteens, pairs and runs, the flush and nobs over every crib alike (the
discard advice's definition, :mod:`cribbage.ai.discard`). Printed: the largest difference between the
review's cost and the brute force's, the mean total cost per game (with its 95% interval), its mean
by kind, and the correlation of the total cost with the game's result for the weaker seat (+1 a win,
-1 a loss; and with the points it won or lost by), and of the cost per deal and of the discards' cost.
``--strong-too`` reviews the stronger seat as well: the expert reviewed by itself should cost nothing but
on a discard near home (within 30 points), where it keeps for its chance of winning.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections import Counter
from functools import lru_cache
from itertools import combinations, combinations_with_replacement, permutations
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cribbage.ai.crib_model import weights_for
from cribbage.ai.levels import play_game, player
from cribbage.review import DecisionKind, review_game
from cribbage.rules.cards import FULL_DECK, Card

_SUBSETS = [c for k in range(2, 6) for c in combinations(range(5), k)]


def five_card_points(ranks: np.ndarray) -> np.ndarray:
    """Fifteens, pairs and runs of N sets of five ranks (N, 5), 1..13, counted from the rules."""
    values = np.minimum(ranks, 10)
    points = np.zeros(len(ranks), dtype=np.int64)
    for subset in _SUBSETS:
        points += 2 * (values[:, subset].sum(axis=1) == 15)
    for a, b in combinations(range(5), 2):
        points += 2 * (ranks[:, a] == ranks[:, b])
    held = (ranks[:, :, None] == np.arange(15)).sum(axis=1)  # counts by rank; 0 and 14 stay empty
    for length in (5, 4, 3):  # a run counts once, at its full length, times the ways to make it
        for low in range(1, 15 - length):
            window = held[:, low:low + length]
            maximal = (held[:, low - 1] == 0) & (held[:, low + length] == 0)
            points += np.where((window > 0).all(axis=1) & maximal, length * window.prod(axis=1), 0)
    return points


@lru_cache(maxsize=1)
def _rank_points() -> np.ndarray:
    """:func:`five_card_points` of every ordered five ranks, as a (14,) * 5 array (index 0 unused)."""
    sets = np.array(list(combinations_with_replacement(range(1, 14), 5)))  # each multiset once: 6,188
    points = five_card_points(sets)
    out = np.zeros((14,) * 5, dtype=np.int64)
    for order in permutations(range(5)):  # then in every order
        out[tuple(sets[:, order].T)] = points
    return out


@lru_cache(maxsize=1)
def _crib_draws() -> np.ndarray:
    """Every (x, y, s) of 46 unseen cards: the opponent's pair x < y and a starter s of the other 44."""
    x, y = np.triu_indices(46, 1)
    s = np.arange(46)
    x, y, s = np.repeat(x, 46), np.repeat(y, 46), np.tile(s, len(x))
    keep = (s != x) & (s != y)
    return np.stack([x[keep], y[keep], s[keep]], axis=1)


def brute_nets(six: tuple[Card, ...], *, dealer: bool, crib_model: str = "expert") -> dict[frozenset[Card], float]:
    """Each keep of ``six`` (the four kept) and its net: the hand's mean over the 46 starters, plus the
    crib's as dealer or less it as pone (see the module's docstring)."""
    table = _rank_points().reshape(14 * 14, 14 ** 3)  # (first two ranks, last three)
    unseen = [card for card in FULL_DECK if card not in six]
    ur = np.array([c.rank for c in unseen])
    us = np.array([int(c.suit) for c in unseen])
    draws = _crib_draws()
    x, y, s = ur[draws[:, 0]], ur[draws[:, 1]], ur[draws[:, 2]]
    sx, sy, ss = us[draws[:, 0]], us[draws[:, 1]], us[draws[:, 2]]
    weights = weights_for(crib_model, opponent_deals=not dealer)
    w = np.ones(len(draws)) if weights is None else weights[x - 1, y - 1]
    splits = [(keep, tuple(card for card in six if card not in keep)) for keep in combinations(six, 4)]
    # Fifteens, pairs and runs of every crib of every discard at once: (15, 45,540) points, weighed.
    rows = np.array([a.rank * 14 + b.rank for _, (a, b) in splits])
    crib_ranks = table[rows[:, None], (x * 14 * 14 + y * 14 + s)[None, :]] @ w / w.sum()
    # The flush and nobs, over the cribs alike: the mean over every crib of each part.
    theirs_nobs = (((x == 11) & (sx == ss)).astype(int) + ((y == 11) & (sy == ss)).astype(int)).mean()
    three_suited = (sx == sy) & (sy == ss)
    flush_of = [5 * (three_suited & (sx == suit)).mean() for suit in range(4)]
    nobs_of = [(ss == suit).mean() for suit in range(4)]  # a jack laid away, of the starter's suit
    out = {}
    for (keep, (a, b)), rank_part in zip(splits, crib_ranks):
        k = sorted(c.rank for c in keep)
        hand = table[k[0] * 14 + k[1], k[2] * 14 * 14 + k[3] * 14 + ur]
        hand = hand + np.where(len({c.suit for c in keep}) == 1, 4 + (us == keep[0].suit), 0)
        hand = hand + sum((us == c.suit) for c in keep if c.rank == 11)
        crib = float(rank_part) + theirs_nobs + (flush_of[a.suit] if a.suit == b.suit else 0.0)
        crib += sum(nobs_of[c.suit] for c in (a, b) if c.rank == 11)
        out[frozenset(keep)] = float(hand.mean()) + (crib if dealer else -crib)
    return out


def _check(review) -> float:  # type: ignore[no-untyped-def]
    """The largest difference between a review's discards and the brute force: chosen, best and cost."""
    worst = 0.0
    for decision in review.decisions:
        if decision.kind is not DecisionKind.DISCARD:
            continue
        nets = brute_nets(tuple(decision.chosen + decision.away), dealer=decision.dealer)
        chosen, best = nets[frozenset(decision.chosen)], max(nets.values())
        worst = max(worst, abs(decision.chosen_points - chosen), abs(decision.best_points - best),
                    abs(decision.cost - (best - chosen)), abs(nets[frozenset(decision.best)] - best))
    return worst


def _correlation(a: list[float], b: list[float]) -> float:
    return float(np.corrcoef(np.array(a), np.array(b))[0, 1])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--weak", default="standard")
    parser.add_argument("--strong", default="expert")
    parser.add_argument("--seed", default="review")
    parser.add_argument("--no-brute", action="store_true", help="leave out the brute-force count")
    parser.add_argument("--strong-too", action="store_true",
                        help="review the stronger seat too: its choices, and those that cost (near home or not)")
    parser.add_argument("--every", type=int, default=100, help="print the figures so far every this many games")
    args = parser.parse_args(argv)
    costs: list[float] = []
    by_kind = {kind: 0.0 for kind in DecisionKind}
    won: list[float] = []
    per_deal: list[float] = []
    discards: list[float] = []
    margin: list[float] = []
    worst = 0.0
    review_time = brute_time = 0.0
    strong: Counter[str] = Counter()

    def summary() -> None:
        n = len(costs)
        mean = sum(costs) / n
        sd = math.sqrt(sum((c - mean) ** 2 for c in costs) / (n - 1))
        print(f"{n} games, {args.weak} (reviewed) against {args.strong}; the {args.weak} won {won.count(1.0)}")
        if not args.no_brute:
            print(f"largest difference, review against the brute-force count (chosen, best, cost): {worst:.2e}")
        print(f"mean total cost per game: {mean:.2f} ± {1.96 * sd / math.sqrt(n):.2f} points (SD {sd:.2f})")
        print("  by kind: " + ", ".join(f"{kind.value} {by_kind[kind] / n:.2f}" for kind in DecisionKind))
        print(f"correlation of the total cost with the result (+1 won, -1 lost): {_correlation(costs, won):+.3f}")
        print(f"correlation of the total cost with the final margin in points: {_correlation(costs, margin):+.3f}")
        # A longer game holds more choices to get wrong, and the weaker seat lasts longer in the games it wins.
        print(f"correlation of the cost per deal with the result: {_correlation(per_deal, won):+.3f}; "
              f"of the discards' cost alone: {_correlation(discards, won):+.3f} "
              f"(95% interval of a correlation near 0: ±{1.96 / math.sqrt(n):.3f})")
        print(f"CPU: review {review_time / n * 1000:.0f} ms a game; brute force {brute_time:.0f} s in all")
        if strong:
            print(f"the {args.strong} reviewed too: " + ", ".join(f"{key} {value}" for key, value in sorted(strong.items())))

    for i in range(args.games):
        weak_seat = i % 2
        players = [player(args.strong, seed=i), player(args.strong, seed=i)]
        players[weak_seat] = player(args.weak, seed=i)
        game = play_game(players, seed=f"{args.seed}/{i}")
        start = time.process_time()
        review = review_game(game, weak_seat)
        review_time += time.process_time() - start
        if not args.no_brute:
            start = time.process_time()
            worst = max(worst, _check(review))
            brute_time += time.process_time() - start
        costs.append(review.total_cost)
        per_deal.append(review.total_cost / len(review.deals))
        discards.append(review.cost_of(DecisionKind.DISCARD))
        for kind in DecisionKind:
            by_kind[kind] += review.cost_of(kind)
        result = game.result
        assert result is not None
        won.append(1.0 if result.winner == weak_seat else -1.0)
        margin.append(float(game.scores[weak_seat] - game.scores[1 - weak_seat]))
        if args.strong_too:
            for decision in review_game(game, 1 - weak_seat).decisions:
                strong[decision.kind.value] += 1
                if decision.cost > 0:
                    home = min(game.target - score for score in decision.scores) <= 30
                    strong[f"{decision.kind.value} costly{' near home' if home else ''}"] += 1
        if args.every and (i + 1) % args.every == 0 and i + 1 < args.games:
            summary()
    summary()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
