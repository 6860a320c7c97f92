"""The statistics lab's tables: the time to build each from scratch and to load it from the cache,
and each table's figures next to the published ones.

    python benchmarks/stats_tables.py [--samples 20000] [--games 2000] [--check-games 500] [--workers 2] [--quick]
    python benchmarks/stats_tables.py --cold [--without-shipped] [--no-notebook]

Each table is built into an empty cache folder (the build time: from scratch, saving included), then
read back (the load time; a load must give the same arrays). The keep table of every deal is built
from its 962,988 classes of deals, which are a table of their own (a deal's best keep is read from
them). ``--quick`` uses small settings and a sample of 200,000 deals for the keep table instead of all
20,358,520. The win probability is checked against ``--check-games`` games of self-play it never saw
(another seed): in bands of the predicted chance, how often the dealer of each deal went on to win.

``--cold`` measures what a learner meets on a first run instead, each in a new process with an empty
cache folder (``CRIBBAGE_CACHE_DIR``): the lab's tables (``lab_tables()``, the tables it ships built read
from the package) and a Run All of lesson 08 (nbclient, as ``tests/course_outputs.py`` runs it); then the
same with the cache those runs filled (warm), the baseline of the same run: cold over warm is the
first run's cost. ``--without-shipped`` adds the lab's tables built as before the package shipped them
(its shipped folder hidden), minutes on two cores.
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

import numpy as np

from cribbage.ai.discard import crib_table
from cribbage.stats import (
    calibration,
    crib_averages,
    deal_log,
    keep_classes,
    keep_statistics,
    pegging_statistics,
    published_crib_table,
    win_probabilities,
)
from cribbage.stats.pegging import CHAMBERS_PLAY

ROOT = Path(__file__).resolve().parent.parent
#: What a lesson's first cell needs: the lab's tables (``hide`` the shipped ones for the old way).
LAB_CODE = ("import time, cribbage.stats.cache as c, pathlib\n"
            "if {hide}: c.SHIPPED_DIR = pathlib.Path('/nonexistent')\n"
            "from widgets.lab.views import lab_tables\n"
            "t = time.perf_counter(); lab_tables(); print(time.perf_counter() - t)")
NOTEBOOK_CODE = ("import time, nbformat\nfrom nbclient import NotebookClient\n"
                 "nb = nbformat.read({path!r}, as_version=4)\nt = time.perf_counter()\n"
                 "NotebookClient(nb, timeout=900, kernel_name='python3', resources={{'metadata': {{'path': {folder!r}}}}}).execute()\n"
                 "print(time.perf_counter() - t)")


def in_new_process(code: str, cache: str) -> tuple[float, float]:
    """Run ``code`` in a new Python with the cache folder ``cache``: (the seconds it prints, its CPU
    seconds, children included)."""
    import resource
    import subprocess

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run([sys.executable, "-c", code], env={**os.environ, "CRIBBAGE_CACHE_DIR": cache}, cwd=ROOT,
                         check=True, capture_output=True, text=True).stdout
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return float(out.strip().splitlines()[-1]), (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)


def cold(args: argparse.Namespace) -> None:
    """The lab's tables and lesson 08's Run All from an empty cache, then warm (see the docstring)."""
    lesson = ROOT / "course" / "08_statistics_lab.ipynb"
    runs = [("lab tables", LAB_CODE.format(hide=False))]
    if not args.no_notebook:
        runs.append(("lesson 08, Run All", NOTEBOOK_CODE.format(path=str(lesson), folder=str(lesson.parent))))
    print(f"{'':<34}{'cold s':>9}{'CPU s':>8}{'warm s':>9}{'cold/warm':>11}")
    for name, code in runs:
        with tempfile.TemporaryDirectory(prefix="cribbage-cold-") as folder:
            first, cpu = in_new_process(code, folder)
            again, _ = in_new_process(code, folder)
        print(f"{name:<34}{first:>9.1f}{cpu:>8.1f}{again:>9.1f}{first / again:>11.1f}")
    if args.without_shipped:
        with tempfile.TemporaryDirectory(prefix="cribbage-cold-") as folder:
            first, cpu = in_new_process(LAB_CODE.format(hide=True), folder)
        print(f"{'lab tables, none shipped':<34}{first:>9.1f}{cpu:>8.1f}")

#: Pairs players quote, for the side-by-side table: (ranks, label).
PAIRS = (((5, 5), "5-5"), ((5, 11), "5-J"), ((2, 3), "2-3"), ((7, 8), "7-8"), ((2, 7), "2-7"),
         ((1, 1), "A-A"), ((12, 13), "Q-K"), ((1, 13), "A-K"), ((10, 13), "10-K"))


def timed(fn):
    start = time.perf_counter()
    value = fn()
    return value, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=20_000, help="hands sampled for the expert crib tables")
    parser.add_argument("--games", type=int, default=2_000, help="self-play games for the deal log")
    parser.add_argument("--check-games", type=int, default=500, help="other self-play games to check the win table")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--cold", action="store_true", help="a first run's lab tables and Run All of lesson 08")
    parser.add_argument("--without-shipped", action="store_true", help="with --cold: also the tables built as before")
    parser.add_argument("--no-notebook", action="store_true", help="with --cold: the lab's tables only")
    args = parser.parse_args()
    if args.cold:
        cold(args)
        return
    if args.quick:
        args.samples, args.games, args.check_games = 2_000, 200, 100
    keep_sample = 200_000 if args.quick else None
    # Every table is built into a cache folder of its own, removed at the end (also after an error),
    # and the cache folder in use before is restored.
    before = os.environ.get("CRIBBAGE_CACHE_DIR")
    with tempfile.TemporaryDirectory(prefix="cribbage-tables-") as folder:
        os.environ["CRIBBAGE_CACHE_DIR"] = folder
        try:
            run(args, keep_sample)
        finally:
            if before is None:
                os.environ.pop("CRIBBAGE_CACHE_DIR", None)
            else:
                os.environ["CRIBBAGE_CACHE_DIR"] = before


def run(args: argparse.Namespace, keep_sample: int | None) -> None:
    """Build, load and compare every table (in the cache folder now set)."""
    rows = []
    crib_table.cache_clear()
    _, t = timed(crib_table)
    rows.append(("crib, uniform (exact, in memory)", t, None))

    tables = {}
    for dealer in (True, False):
        name = f"crib, expert, {'own' if dealer else 'opponent'} ({args.samples:,} hands)"
        built, build = timed(lambda dealer=dealer: crib_averages("expert", dealer=dealer, samples=args.samples))
        loaded, load = timed(lambda dealer=dealer: crib_averages("expert", dealer=dealer, samples=args.samples))
        assert np.array_equal(built.means, loaded.means, equal_nan=True)
        tables[dealer] = loaded
        rows.append((name, build, load))

    with ProcessPoolExecutor(args.workers) as pool:
        built_log, build = timed(lambda: deal_log(args.games, executor=pool))
        log, load = timed(lambda: deal_log(args.games))
        assert np.array_equal(built_log.parts, log.parts)
        rows.append((f"deal log ({args.games:,} games, {args.workers} processes)", build, load))
        check, t = timed(lambda: deal_log(args.check_games, seed="check", executor=pool, cache=False))
        rows.append((f"check games ({args.check_games:,}, another seed; not cached)", t, None))
    position, t = timed(lambda: win_probabilities(log))
    rows.append(("win probability (from the deal log)", t, None))
    pegging, t = timed(lambda: pegging_statistics(log))
    rows.append(("pegging statistics (from the deal log)", t, None))

    if keep_sample is None:
        classes, build = timed(keep_classes)
        again, load = timed(keep_classes)
        assert np.array_equal(classes.dealer_value, again.dealer_value)
        rows.append((f"keeps by class ({len(classes.codes):,} classes of {classes.deals:,} deals)", build, load))
        label = "keeps, all 20,358,520 deals (from the classes)"
    else:
        label = f"keeps, {keep_sample:,} deals"
    keeps, build = timed(lambda: keep_statistics(sample=keep_sample))
    again_keeps, load = timed(lambda: keep_statistics(sample=keep_sample))
    assert np.array_equal(keeps.dealer, again_keeps.dealer)
    rows.append((label, build, load))

    print(f"{'table':<64}{'build s':>10}{'load ms':>10}")
    for name, build, load in rows:
        shown = f"{load * 1000:>10.1f}" if load is not None else f"{'':>10}"
        print(f"{name:<64}{build:>10.2f}{shown}")

    print("\nCrib tables against the published ones (91 rank pairs; ours minus theirs):")
    uniform = crib_averages("uniform")
    for dealer, keys in ((True, ("schell-own", "cribbagepro-own")), (False, ("schell-opponent", "hessel-opponent"))):
        for key in keys:
            for table in (uniform, tables[dealer]):
                c = table.compare(key)
                gaps = ", ".join(f"{p} {o:.2f}/{q:.2f}" for p, o, q in c.largest[:3])
                print(f"  {table.model:8} vs {key:16} mean {c.mean_difference:+.3f}  |mean| {c.mean_abs_difference:.3f}"
                      f"  corr {c.correlation:.3f}  largest: {gaps}")
    heads = ("uniform", "exp own", "Schell", "CPro", "exp opp", "Schell", "Hessel")
    print(f"{'pair':>6}" + "".join(f"{h:>9}" for h in heads))
    for (a, b), label in PAIRS:
        values = [uniform[a, b], tables[True][a, b], published_crib_table("schell-own")[a, b],
                  published_crib_table("cribbagepro-own")[a, b], tables[False][a, b],
                  published_crib_table("schell-opponent")[a, b], published_crib_table("hessel-opponent")[a, b]]
        print(f"{label:>6}" + "".join(f"{v:>9.2f}" for v in values))
    se = max(float(np.nanmax(tables[d].stderr)) for d in (True, False))
    print(f"  (expert tables: largest standard error of an entry {se:.3f})")

    print(f"\nWin probability: first dealer wins {position.win_probability(0, 0, dealer=True):.1%} from 0-0 "
          f"(published: about 55-56%); {position.deals:,} deals behind the table")
    check_table = calibration(position, check, bins=6)
    print(f"  against {int(check_table.starts.sum()):,} deal starts of {args.check_games:,} other games: "
          f"Brier {check_table.brier:.4f} (a coin: {check_table.brier_coin:.4f})")
    for row in check_table.to_frame().itertuples():
        print(f"  predicted {row.low:.2f}-{row.high:.2f}: {row.starts:>6,} starts, predicted {row.predicted:.3f}, "
              f"won {row.observed:.3f} (95% {row.observed_low:.3f}-{row.observed_high:.3f})")

    print(f"\nPegging per deal ({pegging.deals:,} deals): pone {pegging.per_deal[0]:.2f} (Chambers {CHAMBERS_PLAY['pone']}), "
          f"dealer {pegging.per_deal[1]:.2f} (Chambers {CHAMBERS_PLAY['dealer']})")
    print(f"  {'kind':<18}{'pone pts':>9}{'% deals':>9}{'dealer pts':>11}{'% deals':>9}")
    for i, kind in enumerate(pegging.kinds):
        print(f"  {kind!s:<18}{pegging.by_kind[0, i]:>9.3f}{pegging.how_often[0, i]:>9.1%}"
              f"{pegging.by_kind[1, i]:>11.3f}{pegging.how_often[1, i]:>9.1%}")
    led = np.argsort(-pegging.lead_counts)[:4]
    print("  most led: " + ", ".join(f"{r + 1} ({pegging.lead_counts[r] / pegging.lead_counts.sum():.0%}: "
                                     f"pone {pegging.by_lead[0, r]:.2f}, dealer {pegging.by_lead[1, r]:.2f})" for r in led))
    best_lead = pegging.most_after_lead("dealer")  # among leads made in 30 deals or more
    print(f"  the lead that gives the dealer most: {best_lead}; dealer per deal holding a 5: "
          f"{pegging.by_held_rank[1, 4]:.2f}, holding a king {pegging.by_held_rank[1, 12]:.2f}")

    print(f"\nBest keep ({keeps.deals:,} deals): mean {keeps.mean('dealer'):.3f} as dealer, "
          f"{keeps.mean('pone'):.3f} as pone; no keep is best in both roles in {keeps.differ_share:.1%} "
          f"({keeps.differ:,}) of deals")
    for value in (8, 12, 16, 20):
        print(f"  best keep worth {value}+: {keeps.share_at_least(value, 'dealer'):.1%} as dealer, "
              f"{keeps.share_at_least(value, 'pone'):.2%} as pone")
    for role in ("dealer", "pone"):
        counts = keeps.dealer if role == "dealer" else keeps.pone
        seen = np.nonzero(counts)[0]
        median = keeps.values[np.searchsorted(np.cumsum(counts), counts.sum() / 2)]
        print(f"  {role}: from {keeps.values[seen[0]]:.2f} to {keeps.values[seen[-1]]:.2f}, median {median:.2f}")


if __name__ == "__main__":
    main()
