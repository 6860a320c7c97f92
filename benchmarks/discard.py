"""How fast the discard advice is, against a brute-force loop run side by side in the same run.

    python benchmarks/discard.py [--deals 200] [--brute 2] [--seed 1]

The baseline is the plain way to get the same exact numbers: for each of the 15 discards, loop
over the 46 starters (hand) and over every starter and every pair the opponent could lay away
(crib: 46 x C(45,2) = 45,540 cribs), scoring each with the engine's own fast ``hand_total``.
Both run on the same seeded deals; their numbers are compared, then the time per deal is printed
with the ratio. The target is the whole table of one deal in under 0.2 s.
"""

from __future__ import annotations

import argparse
import sys
import time
from itertools import combinations
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cribbage import FULL_DECK, Deck, hand_total
from cribbage.ai.discard import SPLITS, advise_discard, crib_table, quick_discard
from cribbage.rules.ranks import rank_table


def brute_force(six, *, dealer):
    """Every keep's hand, crib and net EV by plain loops: [(keep, hand_ev, crib_ev, net)]."""
    unseen = [c for c in FULL_DECK if c not in six]
    out = []
    for keep_idx, away_idx in SPLITS:
        keep = [six[i] for i in keep_idx]
        a, b = (six[i] for i in away_idx)
        hand = sum(hand_total(keep, s) for s in unseen) / len(unseen)
        total = n = 0
        for starter in unseen:
            rest = [c for c in unseen if c != starter]
            for x, y in combinations(rest, 2):
                total += hand_total([a, b, x, y], starter, crib=True)
                n += 1
        crib = total / n
        out.append((frozenset(keep), hand, crib, hand + crib if dealer else hand - crib))
    return out


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200, help="deals for advise_discard")
    parser.add_argument("--brute", type=int, default=2, help="deals for the brute-force loop (about 5 s each)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    deals = [Deck().shuffled(f"{args.seed}/{i}").deal(2, 6)[0][i % 2] for i in range(max(args.deals, args.brute))]

    start = time.perf_counter()
    rank_table(), crib_table(), hand_total(deals[0][:4], deals[0][4])
    tables = time.perf_counter() - start

    start = time.perf_counter()
    advice = [advise_discard(six, dealer=i % 2 == 0) for i, six in enumerate(deals[:args.deals])]
    fast = (time.perf_counter() - start) / args.deals

    start = time.perf_counter()
    for i, six in enumerate(deals[:args.deals]):
        quick_discard(six, dealer=i % 2 == 0)
    quick = (time.perf_counter() - start) / args.deals

    start = time.perf_counter()
    brute = [brute_force(six, dealer=i % 2 == 0) for i, six in enumerate(deals[:args.brute])]
    slow = (time.perf_counter() - start) / max(1, args.brute)

    worst = 0.0
    for table, loops in zip(advice, brute):
        by_keep = {frozenset(o.keep): o for o in table}
        for keep, hand, crib, net in loops:
            o = by_keep[keep]
            worst = max(worst, abs(o.hand_ev - hand), abs(o.crib_ev - crib), abs(o.net - net))
    print(f"tables built once per process:        {tables * 1000:8.1f} ms")
    print(f"advise_discard, the whole table:       {fast * 1000:8.2f} ms per deal  ({args.deals} deals)")
    print(f"brute-force loops, the whole table:    {slow * 1000:8.0f} ms per deal  ({args.brute} deals)")
    print(f"ratio brute force / advise_discard:    {slow / fast:8.0f} x")
    print(f"quick_discard (self-play fast path):   {quick * 1e6:8.0f} µs per deal")
    print(f"largest difference in any EV:          {worst:.1e}")
    print(f"target under 200 ms per deal:          {'met' if fast < 0.2 else 'NOT met'}")
    return 0 if worst < 1e-9 and fast < 0.2 else 1


if __name__ == "__main__":
    raise SystemExit(main())
