"""How fast a game is reviewed, against the game itself played by the computers, side by side in the same run.

    python benchmarks/review.py [--games 20] [--weak standard] [--strong expert] [--seed speed]

Each seeded 121-point game is played by the two levels (the baseline: :func:`cribbage.ai.levels.play_game`,
timed), then reviewed from each seat (:func:`cribbage.review.review_game`: every discard's 15 keeps, the
expert asked at every card played, the chance to win at every deal). Printed: the first review of the
run alone (what a learner waits for the first time: the expert's and the calibration's tables read),
then per game the review's CPU and wall time, the median and the slowest, and the ratio of the review's
time to the game's. The goal (issue 50): a 121-point game reviewed in under 2 s on 2 cores.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cribbage.ai.levels import play_game, player
from cribbage.review import review_game


def _timed(work, *args, **options):  # type: ignore[no-untyped-def]
    """``work(*args, **options)``'s result, and its CPU and wall seconds."""
    cpu, wall = time.process_time(), time.perf_counter()
    out = work(*args, **options)
    return out, time.process_time() - cpu, time.perf_counter() - wall


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--weak", default="standard")
    parser.add_argument("--strong", default="expert")
    parser.add_argument("--seed", default="speed")
    args = parser.parse_args(argv)
    game_cpu: list[float] = []
    review_cpu: list[float] = []
    review_wall: list[float] = []
    first = None
    for i in range(args.games):
        levels = [args.weak, args.strong] if i % 2 == 0 else [args.strong, args.weak]
        game, cpu, _ = _timed(play_game, [player(levels[0], seed=i), player(levels[1], seed=i)],
                              seed=f"{args.seed}/{i}")
        game_cpu.append(cpu)
        for seat in (0, 1):
            _, cpu, wall = _timed(review_game, game, seat)
            if first is None:
                first = (cpu, wall)
                continue
            review_cpu.append(cpu)
            review_wall.append(wall)
    assert first is not None
    print(f"{args.games} games to 121, {args.weak} against {args.strong}; each reviewed from both seats")
    print(f"first review of the run (tables read): {first[0]:.2f} CPU-s, {first[1]:.2f} s")
    print(f"a review: median {statistics.median(review_cpu):.3f} CPU-s (wall {statistics.median(review_wall):.3f} s), "
          f"slowest {max(review_cpu):.3f} CPU-s (wall {max(review_wall):.3f} s)")
    print(f"the game played by the computers (baseline): median {statistics.median(game_cpu):.3f} CPU-s")
    ratio = statistics.median(review_cpu) / statistics.median(game_cpu)
    print(f"ratio, a seat's review to the whole game played: {ratio:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
