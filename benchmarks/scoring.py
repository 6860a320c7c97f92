"""How fast the show is scored, against two baselines run side by side in the same run.

    python benchmarks/scoring.py [--hands 20000] [--seed 1]

Baselines: a naive pure-Python count written the obvious way (every subset checked for fifteens,
pairs and runs), and the ``cribbage-scorer`` package from PyPI (``pip install -e ".[benchmark]"``).
All three score the same seeded random hands; their totals are compared, then timed. The full
exact distribution is timed for real; the baselines' time for all 12,994,800 hands is their
measured time per hand multiplied out (running them for minutes proves nothing more).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from itertools import combinations
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cribbage import (
    FULL_DECK,
    hand_total,
    score_hand,
    stats,
)
from cribbage.stats import hands

try:
    from cribbage_scorer import cribbage_scorer
except ImportError:  # the benchmark extra is optional
    cribbage_scorer = None


def naive_total(hand, starter, crib=False):
    """The obvious count: try every subset of the five cards."""
    five = [*list(hand), starter]
    total = 0
    for size in range(2, 6):
        for combo in combinations(five, size):
            if sum(c.value for c in combo) == 15:
                total += 2
    for a, b in combinations(five, 2):
        if a.rank == b.rank:
            total += 2
    for size in (5, 4, 3):
        found = 0
        for combo in combinations(five, size):
            ranks = sorted(c.rank for c in combo)
            if all(ranks[i + 1] == ranks[i] + 1 for i in range(size - 1)):
                found += size
        if found:
            total += found
            break
    if all(c.suit == hand[0].suit for c in hand):
        if starter.suit == hand[0].suit:
            total += 5
        elif not crib:
            total += 4
    total += sum(1 for c in hand if c.rank == 11 and c.suit == starter.suit)
    return total


def per_call(fn, args, repeat=3):
    """Best of ``repeat`` passes over all ``args``: seconds per call."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        for a in args:
            fn(*a)
        best = min(best, time.perf_counter() - start)
    return best / len(args)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    rng = random.Random(args.seed)
    deals = []
    for _ in range(args.hands):
        five = rng.sample(FULL_DECK, 5)
        deals.append((tuple(five[:4]), five[4]))

    def to_scorer(card):
        return (card.rank, card.suit.letter)

    scorer_args = [([to_scorer(c) for c in hand], to_scorer(starter)) for hand, starter in deals]

    # Agreement first: a fast wrong answer is worth nothing.
    ours = [hand_total(h, s) for h, s in deals]
    assert ours == [score_hand(h, s).total for h, s in deals]
    assert ours == [naive_total(h, s) for h, s in deals]
    disagree = None
    if cribbage_scorer is not None:
        theirs = [cribbage_scorer.show_calc_score(s, h)[0] for h, s in scorer_args]
        disagree = sum(1 for a, b in zip(ours, theirs) if a != b)

    hand_total(*deals[0])  # build the rank table outside the timing
    rows = [("hand_total", per_call(hand_total, deals)),
            ("score_hand (itemized)", per_call(score_hand, deals, repeat=1)),
            ("naive pure-Python count", per_call(naive_total, deals, repeat=1))]
    if cribbage_scorer is not None:
        calls = [(s, h) for h, s in scorer_args]
        rows.append(("cribbage-scorer " + _version(), per_call(cribbage_scorer.show_calc_score, calls, repeat=1)))

    fastest = rows[0][1]
    print(f"{args.hands:,} seeded random hands (seed {args.seed}), Python {sys.version.split()[0]}")
    print(f"{'scorer':<32}{'µs/hand':>10}{'× hand_total':>14}{'all 12,994,800':>18}")
    for name, seconds in rows:
        print(f"{name:<32}{seconds * 1e6:>10.2f}{seconds / fastest:>14.1f}"
              f"{seconds * stats.TOTAL_HANDS:>16.0f} s")
    if disagree is not None:
        print(f"cribbage-scorer disagrees with the engine on {disagree} of {args.hands:,} hands")

    timings = []
    for _ in range(3):
        hands._distribution.cache_clear()
        hands._bonus_counts.cache_clear()
        start = time.perf_counter()
        hands._distribution(False)  # counted, not read from the cache as hand_distribution() does
        timings.append(time.perf_counter() - start)
    exact = min(timings)
    naive = dict(rows)["naive pure-Python count"]
    print(f"exact distribution of all 12,994,800 hands: {exact:.3f} s "
          f"(the naive count would take {naive * stats.TOTAL_HANDS:,.0f} s: {naive * stats.TOTAL_HANDS / exact:,.0f}× longer)")


def _version() -> str:
    from importlib.metadata import version
    try:
        return version("cribbage-scorer")
    except Exception:
        return ""


if __name__ == "__main__":
    main()
