"""The statistics lab's tables: the time to build each from scratch and to load it from the cache,
and the crib tables' figures next to the published ones.

    python benchmarks/stats_tables.py [--samples 20000] [--games 2000] [--workers 2] [--quick]

Each table is built once with the cache off (the build time), then built into a fresh cache folder
and loaded back (the load time; a load must give the same arrays). ``--quick`` uses small settings
and a sample of 200,000 deals for the keep table instead of all 20,358,520.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np  # noqa: E402

from cribbage.discard import crib_table  # noqa: E402
from cribbage.stats import (crib_averages, deal_log, keep_statistics, pegging_statistics,  # noqa: E402
                            published_crib_table, win_probabilities)
from cribbage.stats_pegging import CHAMBERS_PLAY  # noqa: E402


def timed(fn):
    start = time.perf_counter()
    value = fn()
    return value, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=20_000, help="hands sampled for the expert crib tables")
    parser.add_argument("--games", type=int, default=2_000, help="self-play games for the deal log")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    if args.quick:
        args.samples, args.games = 2_000, 200
    keep_sample = 200_000 if args.quick else None
    os.environ["CRIBBAGE_CACHE_DIR"] = tempfile.mkdtemp(prefix="cribbage-tables-")

    rows = []
    crib_table.cache_clear()
    _, t = timed(crib_table)
    rows.append(("crib, uniform (exact, in memory)", t, None))

    tables = {}
    for dealer in (True, False):
        name = f"crib, expert, {'own' if dealer else 'opponent'} ({args.samples:,} hands)"
        _, build = timed(lambda: crib_averages("expert", dealer=dealer, samples=args.samples, cache=False))
        built = crib_averages("expert", dealer=dealer, samples=args.samples)
        loaded, load = timed(lambda: crib_averages("expert", dealer=dealer, samples=args.samples))
        assert np.array_equal(built.means, loaded.means, equal_nan=True)
        tables[dealer] = loaded
        rows.append((name, build, load))

    with ProcessPoolExecutor(args.workers) as pool:
        _, build = timed(lambda: deal_log(args.games, executor=pool, cache=False))
        deal_log(args.games, executor=pool)
    log, load = timed(lambda: deal_log(args.games))
    rows.append((f"deal log ({args.games:,} games, {args.workers} processes)", build, load))
    position, t = timed(lambda: win_probabilities(log))
    rows.append(("win probability (from the deal log)", t, None))
    pegging, t = timed(lambda: pegging_statistics(log))
    rows.append(("pegging statistics (from the deal log)", t, None))

    label = "keeps, all 20,358,520 deals" if keep_sample is None else f"keeps, {keep_sample:,} deals"
    keeps, build = timed(lambda: keep_statistics(sample=keep_sample))
    _, load = timed(lambda: keep_statistics(sample=keep_sample))
    rows.append((label, build, load))

    print(f"{'table':<48}{'build s':>10}{'load ms':>10}")
    for name, build, load in rows:
        shown = f"{load * 1000:>10.1f}" if load is not None else f"{'':>10}"
        print(f"{name:<48}{build:>10.2f}{shown}")

    print("\nCrib tables against the published ones (91 rank pairs):")
    uniform = crib_averages("uniform")
    for dealer, keys in ((True, ("schell-own", "cribbagepro-own")), (False, ("schell-opponent", "hessel-opponent"))):
        for key in keys:
            for table in (uniform, tables[dealer]):
                c = table.compare(key)
                gaps = ", ".join(f"{p} {o:.2f}/{q:.2f}" for p, o, q in c.largest[:3])
                print(f"  {table.model:8} vs {key:16} mean {c.mean_difference:+.3f}  |mean| {c.mean_abs_difference:.3f}"
                      f"  corr {c.correlation:.3f}  largest: {gaps}")
    print(f"{'pair':>6}" + "".join(f"{h:>10}" for h in ("uniform", "exp own", "Schell", "CPro", "exp opp", "Schell", "Hessel")))
    for a, b in ((5, 5), (2, 3), (5, 11), (7, 8), (10, 13), (1, 1), (9, 12)):
        values = [uniform[a, b], tables[True][a, b], published_crib_table("schell-own")[a, b],
                  published_crib_table("cribbagepro-own")[a, b], tables[False][a, b],
                  published_crib_table("schell-opponent")[a, b], published_crib_table("hessel-opponent")[a, b]]
        print(f"{a:>3}-{b:<2}" + "".join(f"{v:>10.2f}" for v in values))

    print(f"\nFirst dealer wins {position.win_probability(0, 0, dealer=True):.1%} (published: about 55-56%)")
    print(f"Pegging per deal: pone {pegging.per_deal[0]:.2f} (Chambers {CHAMBERS_PLAY['pone']}), "
          f"dealer {pegging.per_deal[1]:.2f} (Chambers {CHAMBERS_PLAY['dealer']})")
    print(f"Best keep: mean {keeps.mean('dealer'):.2f} as dealer, {keeps.mean('pone'):.2f} as pone; "
          f"dealer's and pone's best differ in {keeps.differ_share:.1%} of {keeps.deals:,} deals")


if __name__ == "__main__":
    main()
