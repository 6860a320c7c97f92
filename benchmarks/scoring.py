"""How fast the show is scored, against two baselines run side by side in the same run.

    python benchmarks/scoring.py [--hands 20000] [--seed 1]

Baselines: a naive pure-Python count written the obvious way (every subset checked for fifteens,
pairs and runs), the ``cribbage-scorer`` package from PyPI (``pip install -e ".[benchmark]"``), and
``hand_total`` as it was before issue 53, whose check for a card twice made a set of the five Cards
(hashing each in Python: three quarters of its time).
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
from cribbage.rules.ranks import POINTS_BY_KEY, points_by_key
from cribbage.rules.ranks import RANK_KEY as POW5
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


def hand_total_before_53(hand, starter, crib=False):
    """``hand_total`` before issue 53, for valid cards: the same look-up, the check a set of Cards."""
    if crib is not True and crib is not False:
        raise ValueError("crib is True or False")
    table = POINTS_BY_KEY or points_by_key()
    if type(hand) is not tuple and type(hand) is not list:
        hand = tuple(hand)
    try:
        a, b, c, d = hand
        key = POW5[a.rank] + POW5[b.rank] + POW5[c.rank] + POW5[d.rank] + POW5[starter.rank]
    except (ValueError, TypeError, AttributeError):
        raise ValueError("not four cards") from None
    if len({a, b, c, d, starter}) != 5:
        raise ValueError("a card twice")
    total = table[key]
    suit = a.suit
    if b.suit == suit and c.suit == suit and d.suit == suit:
        total += 5 if starter.suit == suit else (0 if crib else 4)
    s = starter.suit
    if (a.rank == 11 and a.suit == s) or (b.rank == 11 and b.suit == s) or \
            (c.rank == 11 and c.suit == s) or (d.rank == 11 and d.suit == s):
        total += 1
    return total


def per_call(fn, args, repeat=3, chunk=500):
    """Seconds per call over all ``args``: each stretch of ``chunk`` calls at its best of ``repeat``
    passes. On a shared machine a long pass also times the other processes; a short one often
    runs alone."""
    stretches = [args[i:i + chunk] for i in range(0, len(args), chunk)]
    best = [float("inf")] * len(stretches)
    for _ in range(repeat):
        for i, stretch in enumerate(stretches):
            start = time.perf_counter()
            for a in stretch:
                fn(*a)
            best[i] = min(best[i], time.perf_counter() - start)
    return sum(best) / len(args)


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
    assert ours == [hand_total_before_53(h, s) for h, s in deals]
    disagree = None
    if cribbage_scorer is not None:
        theirs = [cribbage_scorer.show_calc_score(s, h)[0] for h, s in scorer_args]
        disagree = sum(1 for a, b in zip(ours, theirs) if a != b)

    hand_total(*deals[0])  # build the rank table outside the timing
    rows = [("hand_total", per_call(hand_total, deals, repeat=20)),
            ("hand_total before issue 53", per_call(hand_total_before_53, deals, repeat=20)),
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
