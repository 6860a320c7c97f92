"""The expert's memory over many self-play games in one process, and its speed beside the caches'
sizes before issue 53.

    python benchmarks/memory.py [--games 10000] [--every 500] [--seed 1] [--before]
    python benchmarks/memory.py --speed 2000 [--every 250] [--seed 1]

Memory: two experts play ``--games`` seeded games in this one process (game ``i`` is seeded
``"{seed}/{i}"``, as :func:`cribbage.ai.simulate.simulate` seeds them); after every ``--every`` games
a line gives the games played, the resident memory (RSS, from ``/proc/self/statm``: Linux), the
entries held by the engine's caches (``functools.lru_cache`` in ``cribbage``) and the games per
second of that stretch. The end lists the caches by how full they are. The caches are sized so
that 10,000 games stay under 150 MB; before issue 53 they held up to 2**17 entries each and the
process grew to about 290 MB by 3,200 games (``--before`` plays with the caches resized to those
sizes, :data:`BEFORE`).

Speed (``--speed N``): two child processes play the same N games in lockstep, ``--every`` games at
a time in turn, so a machine whose load changes weighs on both alike: one with the caches as sized
now, one with them resized to :data:`BEFORE` (the sizes before issue 53). Each stretch's games per
second are printed side by side, then the whole run's, with each process's RSS at the end. The
sizes change no decision (every cached function is pure), only how often a result is worked out
again: ``benchmarks/play_hash.py`` and ``tests/golden/make_golden.py --check`` show the play is the
same.

Measured on the shared 2-core machine (December 2026): the RSS is 116 MB at 1,000 games and 118.9 MB
at 10,000, flat between; with the old sizes 266.5 MB at 2,000 and growing. Speed beside the old
sizes, 1,500 games 50 at a time on a quiet spell: 77.6 games/s against 80.0 over all (0.97), about
0.9 over the last 500 games, as the old caches' hits keep growing; under heavy load the two are
within the noise of each other (0.9 to 1.1).
"""

from __future__ import annotations

import argparse
import functools
import importlib
import os
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cribbage.ai.levels import play_game, player

#: The caches' sizes before issue 53, for ``--speed`` to measure against (those that changed).
BEFORE = {
    "cribbage.ai.expert._solve": 1 << 17,
    "cribbage.ai.expert._net": 1 << 15,
    "cribbage.ai.play_choice.next_points": 1 << 16,
    "cribbage.ai.play_choice.peg_alone": 1 << 16,
    "cribbage.ai.play_choice._reply_info": 1 << 15,
    "cribbage.ai.play_choice.greedy_replies": 1 << 16,
    "cribbage.ai.styles._scoring": 1 << 16,
    "cribbage.ai.styles._key": 1 << 16,
    "cribbage.ai.styles.preference": 1 << 14,
    "cribbage.ai.styles.order": 1 << 14,
    "cribbage.ai.styles._chosen": 4096,
    "cribbage.ai.styles.marks": 2048,
    "cribbage.ai.choice_model.marks": 1024,
    "cribbage.ai.hand_model._holding": 1024,
    "cribbage.ai.endgame._dealer_totals": 4096,
}


def rss_mb() -> float:
    """This process's resident memory in MB (Linux: ``/proc/self/statm``)."""
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


def caches() -> dict[str, Any]:
    """Every ``lru_cache`` defined in a loaded ``cribbage`` module, by its qualified name."""
    out = {}
    for name, module in list(sys.modules.items()):
        if name == "cribbage" or name.startswith("cribbage."):
            for attr, value in vars(module).items():
                if callable(getattr(value, "cache_info", None)) and getattr(value, "__module__", None) == name:
                    out[f"{name}.{attr}"] = value
    return out


def resize(sizes: dict[str, int]) -> list[Callable[..., Any]]:
    """Rewrap each cache of ``sizes`` with that maxsize, everywhere a ``cribbage`` module names it
    (a recursive function calls itself by its module's name, so it is rewrapped too). Returns the
    old wrappers, which should then never be called."""
    old = []
    for qualified, maxsize in sizes.items():
        module_name, _, attr = qualified.rpartition(".")
        cached = getattr(importlib.import_module(module_name), attr)
        fresh = functools.lru_cache(maxsize=maxsize)(cached.__wrapped__)
        for name, module in list(sys.modules.items()):
            if name == "cribbage" or name.startswith("cribbage."):
                for key, value in list(vars(module).items()):
                    if value is cached:
                        setattr(module, key, fresh)
        old.append(cached)
    return old


#: The two experts of every game, kept from game to game as :func:`~cribbage.ai.simulate.simulate`
#: keeps them.
_EXPERTS = [player("expert"), player("expert")]


def games(seed: int, start: int, stop: int) -> Iterator[int]:
    """Play the seeded self-play games ``start`` to ``stop``, yielding each one's number."""
    for i in range(start, stop):
        play_game(_EXPERTS, seed=f"{seed}/{i}")
        yield i


def held() -> int:
    """The entries held by all the caches."""
    return sum(cache.cache_info().currsize for cache in caches().values())


def memory(args: argparse.Namespace) -> None:
    """Play the games, printing the RSS every ``args.every`` games."""
    if args.before:
        resize(BEFORE)
        print("with the caches' sizes before issue 53")
    print(f"{'games':>7}{'RSS MB':>9}{'cached':>10}{'games/s':>9}", flush=True)
    done, start = 0, time.perf_counter()
    print(f"{done:>7,}{rss_mb():>9.1f}{held():>10,}{'':>9}", flush=True)
    while done < args.games:
        stop = min(args.games, done + args.every)
        for _ in games(args.seed, done, stop):
            pass
        elapsed, start = time.perf_counter() - start, time.perf_counter()
        print(f"{stop:>7,}{rss_mb():>9.1f}{held():>10,}{(stop - done) / elapsed:>9.1f}", flush=True)
        done = stop
    print("the caches, fullest first:")
    rows = [(c.cache_info(), name) for name, c in caches().items()]
    for info, name in sorted(rows, key=lambda row: -row[0].currsize):
        if info.currsize:
            rate = info.hits / max(1, info.hits + info.misses)
            bound = "unbounded" if info.maxsize is None else f"{info.maxsize:,}"
            print(f"  {name:<44}{info.currsize:>8,} of {bound:<9} hits {rate:.0%}")


def child(which: str, seed: int) -> None:
    """Play the stretches the parent asks for on stdin (``start stop``), answering each with its
    seconds and this process's RSS."""
    old = resize(BEFORE) if which == "before" else []
    for line in sys.stdin:
        start, stop = map(int, line.split())
        t0 = time.perf_counter()
        for _ in games(seed, start, stop):
            pass
        stray = sum(cache.cache_info().hits + cache.cache_info().misses for cache in old)
        print(time.perf_counter() - t0, rss_mb(), stray, flush=True)


def speed(args: argparse.Namespace) -> None:
    """The same games in two processes in lockstep, the caches as now and as before."""
    procs = {which: subprocess.Popen([sys.executable, __file__, "--child", which, "--seed", str(args.seed)],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
             for which in ("now", "before")}
    totals = dict.fromkeys(procs, 0.0)
    rss = dict.fromkeys(procs, 0.0)
    print(f"{args.speed:,} self-play games (seed {args.seed}) in each of two processes, {args.every} at a time in turn")
    print(f"{'games':>7}{'now g/s':>10}{'before g/s':>12}{'ratio':>8}")
    try:
        done = 0
        while done < args.speed:
            stop = min(args.speed, done + args.every)
            rates = {}
            for which, proc in procs.items():
                assert proc.stdin is not None and proc.stdout is not None
                proc.stdin.write(f"{done} {stop}\n")
                proc.stdin.flush()
                seconds, rss[which], stray = proc.stdout.readline().split()
                if float(stray):
                    raise SystemExit(f"the {which} process called a cache it should have replaced")
                totals[which] += float(seconds)
                rates[which] = (stop - done) / float(seconds)
            print(f"{stop:>7,}{rates['now']:>10.1f}{rates['before']:>12.1f}{rates['now'] / rates['before']:>8.2f}",
                  flush=True)
            done = stop
    finally:
        for proc in procs.values():
            assert proc.stdin is not None
            proc.stdin.close()
            proc.wait()
    now, before = args.speed / totals["now"], args.speed / totals["before"]
    print(f"{'all':>7}{now:>10.1f}{before:>12.1f}{now / before:>8.2f}")
    print(f"RSS at the end: now {float(rss['now']):.0f} MB, before {float(rss['before']):.0f} MB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10000)
    parser.add_argument("--every", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--speed", type=int, default=0, help="compare the speed beside the old sizes on N games")
    parser.add_argument("--before", action="store_true", help="play with the caches' sizes before issue 53")
    parser.add_argument("--child", choices=("now", "before"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child, args.seed)
    elif args.speed:
        speed(args)
    else:
        memory(args)


if __name__ == "__main__":
    main()
