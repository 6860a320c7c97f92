"""How strong the computer players at a table of three or four are, measured in duplicate, and how fast.

    python benchmarks/table_players.py [--players 3] [--a expert] [--b standard] [--seeds 1000]
                                       [--seed 1] [--workers 2]

Three players: each seeded game is played three times, player A in seat 0, then 1, then 2, player B in
the other two seats, so A sits behind every seat's cards of the same deals. Fair play wins a third.
Four players (partners): each seeded game is played twice, A's pair in seats 0 and 2 and then in 1 and
3. Fair play wins a half. The seed is the independent unit: the 95% interval of A's share of wins comes
from the spread of the seeds' shares. Beside it: a game's mean time with A in a seat and with B alone
at the table, and their ratio, side by side in the same run.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cribbage.multiplayer import TABLE_LEVELS, Rules, play_table_game, table_player


def seatings(players: int, a: str, b: str) -> list[tuple[list[str], set[int]]]:
    """The seatings played on each seed, and the seats of A in each."""
    if players == 4:
        return [([a, b, a, b], {0, 2}), ([b, a, b, a], {1, 3})]
    out = []
    for seat in range(players):
        levels = [b] * players
        levels[seat] = a
        out.append((levels, {seat}))
    return out


def one_seed(job: tuple[int, str, str, int | str, int]) -> tuple[float, float, float]:
    """A's share of the wins on one seed, the time of its games, and of the same games with B alone."""
    players, a, b, seed, index = job
    rules = Rules(players=players)
    wins, spent = 0, 0.0
    plays = seatings(players, a, b)
    for levels, seats in plays:
        start = time.process_time()
        game = play_table_game([table_player(level, seed=f"{seed}/{index}/{i}") for i, level in enumerate(levels)],
                               seed=f"table/{seed}/{index}", rules=rules)
        spent += time.process_time() - start
        winner = game.winner
        assert winner is not None
        wins += any(rules.side_of(seat) == winner for seat in seats)
    start = time.process_time()
    play_table_game([table_player(b, seed=f"{seed}/{index}/{i}") for i in range(players)],
                    seed=f"table/{seed}/{index}", rules=rules)
    baseline = time.process_time() - start
    return wins / len(plays), spent / len(plays), baseline


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, choices=(3, 4), default=3)
    parser.add_argument("--a", choices=tuple(TABLE_LEVELS), default="expert")
    parser.add_argument("--b", choices=tuple(TABLE_LEVELS), default="standard")
    parser.add_argument("--seeds", type=int, default=1000, help="seeded games, each played in every seating")
    parser.add_argument("--seed", default="1")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    jobs = [(args.players, args.a, args.b, args.seed, i) for i in range(args.seeds)]
    start = time.perf_counter()
    with ProcessPoolExecutor(args.workers) as pool:
        results = list(pool.map(one_seed, jobs, chunksize=20))
    shares = [share for share, _, _ in results]
    fair = 1 / args.players if args.players == 3 else 0.5
    mean = statistics.fmean(shares)
    half = 1.96 * statistics.stdev(shares) / math.sqrt(len(shares))
    plays = len(seatings(args.players, args.a, args.b))
    print(f"{args.players} players, {args.a} against {args.b}: {args.seeds} seeds x {plays} seatings "
          f"({args.seeds * plays} games), seed {args.seed}, {time.perf_counter() - start:.0f} s")
    print(f"  {args.a} wins {mean:.2%} ± {half:.2%} (fair share {fair:.2%}): "
          f"{mean - fair:+.2%}, 95% interval {mean - fair - half:+.2%} to {mean - fair + half:+.2%}")
    with_a = statistics.fmean(t for _, t, _ in results)
    alone = statistics.fmean(t for _, _, t in results)
    print(f"  a game: {with_a * 1000:.1f} ms CPU with {args.a} seated, {alone * 1000:.1f} ms with {args.b} alone "
          f"(ratio {with_a / alone:.2f})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
