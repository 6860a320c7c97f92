"""Expert-vs-expert self-play against Chambers' published per-deal figures, and its speed.

    python benchmarks/selfplay.py [--games 10000] [--workers 2] [--seed 1]
    python benchmarks/selfplay.py --dask [--games 100000] [--scheduler tcp://HOST:8786]

Prints the per-deal averages next to the published ones, the first dealer's win rate, game
lengths and skunk rates, then games per second. For the speed the same games' cost is set beside a
baseline run in the same process: the engine alone, two players that take the first legal action.

With ``--dask`` the same seeded games also run on a Dask cluster (a LocalCluster of ``--workers``
processes, or the cluster whose scheduler is at ``--scheduler``), checked to give the same records
as the process pool, and games per second are printed side by side for one process, the process
pool and the cluster. One process plays a hundredth of the games (at least 200), half before the
others and half after: its rate is what matters, and all of them would take hours.
"""

from __future__ import annotations

import argparse
import logging
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cribbage.ai.levels import player
from cribbage.ai.simulate import simulate
from cribbage.rules.actions import NextDeal
from cribbage.rules.game import Game

#: Chambers' averages per deal for expert play, as quoted in the project's issue.
PUBLISHED = {"pone play": 2.0, "pone hand": 8.1, "dealer play": 3.5, "dealer hand": 8.0, "crib": 4.7}


def engine_alone(games: int, seed: int) -> float:
    """Seconds for ``games`` games whose players take the first legal action: the engine's own cost."""
    start = time.perf_counter()
    for i in range(games):
        game = Game(f"{seed}/{i}")
        while not game.is_over:
            actions = game.legal_actions()
            game.apply(actions[0] if actions else NextDeal())
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--dask", action="store_true", help="also run the games on a Dask cluster")
    parser.add_argument("--scheduler", default=None, help="a running Dask scheduler's address")
    args = parser.parse_args()
    if args.dask or args.scheduler:
        compare_executors(args)
        return

    experts = [player("expert"), player("expert")]
    start = time.perf_counter()
    with ProcessPoolExecutor(args.workers) as pool:
        result = simulate(args.games, experts, seed=args.seed, executor=pool, progress=False)
    wall = time.perf_counter() - start

    print(f"{result.n_games:,} expert-vs-expert games, {len(result.parts):,} complete deals (seed {args.seed})")
    print(f"{'per deal':<14}{'measured':>10}{'Chambers':>10}")
    for name, value in result.per_deal.items():
        published = PUBLISHED.get(name)
        shown = f"{published:>10.1f}" if published is not None else f"{'':>10}"
        print(f"{name:<14}{value:>10.2f}{shown}")
    print(f"first dealer wins {result.first_dealer_win_rate:.1%} (published: about 55-56%)")
    lengths = result.lengths
    print(f"deals per game: mean {lengths.mean():.2f}, median {int(sorted(lengths)[len(lengths) // 2])}")
    print("results: " + ", ".join(f"{k} {v:.2%}" for k, v in result.skunk_rates.items()))

    sample = max(50, args.games // 100)
    one_cpu = simulate(sample, experts, seed=args.seed + 1, progress=False)
    t0 = time.perf_counter()
    simulate(sample, experts, seed=args.seed + 1, progress=False)
    expert_time = time.perf_counter() - t0
    baseline = engine_alone(sample, args.seed + 1)
    del one_cpu
    print(f"speed: {args.games / wall:,.0f} games/s on {args.workers} processes "
          f"({wall:.1f} s for {args.games:,} games)")
    print(f"one process: expert games {sample / expert_time:,.0f}/s, engine alone (first legal action) "
          f"{sample / baseline:,.0f}/s: the experts' thinking costs {expert_time / baseline:.1f}× the engine")


def compare_executors(args: argparse.Namespace) -> None:
    """Games per second for one process, the process pool and a Dask cluster, on the same games."""
    from distributed import Client, LocalCluster

    experts = [player("expert"), player("expert")]
    rates = {}
    sample = max(200, args.games // 100)
    # One process plays half its games before the pool and half after the cluster, so a machine
    # whose load changes during the run weighs on all three rates alike.
    t0 = time.perf_counter()
    simulate(sample // 2, experts, seed=args.seed, progress=False)
    one_process = time.perf_counter() - t0
    rates["1 process"] = 0.0

    t0 = time.perf_counter()
    with ProcessPoolExecutor(args.workers) as pool:
        pooled = simulate(args.games, experts, seed=args.seed, executor=pool, batch_size=100, progress=False)
    rates[f"process pool ({args.workers})"] = args.games / (time.perf_counter() - t0)

    if args.scheduler:
        client, cluster = Client(args.scheduler), None
    else:
        # Quiet: a loaded machine makes workers miss a heartbeat as the cluster closes, which
        # distributed logs as errors although every game has been returned.
        cluster = LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True,
                               dashboard_address=None, silence_logs=logging.CRITICAL)
        client = Client(cluster)
    try:
        workers = len(client.scheduler_info()["workers"])
        t0 = time.perf_counter()
        remote = simulate(args.games, experts, seed=args.seed, executor=client.get_executor(),
                          batch_size=100, progress=False)
        rates[f"Dask ({workers} workers)"] = args.games / (time.perf_counter() - t0)
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
    t0 = time.perf_counter()
    simulate(sample - sample // 2, experts, seed=f"{args.seed}-after", progress=False)
    rates["1 process"] = sample / (one_process + time.perf_counter() - t0)
    same = remote.records == pooled.records
    print(f"{args.games:,} expert-vs-expert games (seed {args.seed}); one process timed on {sample:,}")
    print(f"{'executor':<24}{'games/s':>10}{'vs 1 process':>14}")
    for name, rate in rates.items():
        print(f"{name:<24}{rate:>10,.1f}{rate / rates['1 process']:>13.2f}x")
    print(f"Dask records identical to the process pool's: {same}")
    if not same:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
