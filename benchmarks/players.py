"""How strong and how fast the computer players are.

    python benchmarks/players.py [--games 2000] [--speed-games 500] [--workers 2] [--seed 1] [--full 10000]

Strength: the expert plays ``--games`` seeded games against the standard player and as many
against the beginner. The expert keeps seat 0; the first dealer alternates (even games: the expert
deals first), so neither side has the first crib more often. Reported: the expert's share of games
won (with a 95% interval), its share of game points (skunks count 2, double skunks 3), and the
mean final margin.

Speed: expert-vs-expert games per second (CPU time, one process), side by side with the same
number of games between two players that take the first legal action the game offers (the cost
of the game engine alone), and the ratio. Also the mean time of one expert decision of each kind.
With ``--full 10000``: the wall-clock time of that many expert-vs-expert games on ``--workers``
processes, the issue's target being 10,000 games in under 60 s on this 2-core machine.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cribbage.actions import Muggins, NextDeal  # noqa: E402
from cribbage.discard import crib_table  # noqa: E402
from cribbage.game import Game  # noqa: E402
from cribbage.players import action_for, play_game, player  # noqa: E402
from cribbage.scoring import hand_total  # noqa: E402
from cribbage.events import Phase  # noqa: E402


def one_game(task: tuple[str, int, int]) -> tuple[int, int, int]:
    """(expert won?, game points to the winner, expert's margin) of one seeded game."""
    opponent, seed, base = task
    game = play_game([player("expert", seed=seed), player(opponent, seed=seed + 1)],
                     seed=f"{base}/{opponent}/{seed}", dealer=seed % 2)
    result = game.result
    won = result.winner == 0
    return int(won), result.games, game.scores[0] - game.scores[1]


def strength(opponent: str, games: int, workers: int, base: int) -> str:
    tasks = [(opponent, i, base) for i in range(games)]
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            results = list(pool.map(one_game, tasks, chunksize=25))
    else:
        results = [one_game(t) for t in tasks]
    wins = sum(w for w, _, _ in results)
    share = wins / games
    half = 1.96 * math.sqrt(share * (1 - share) / games)
    points_won = sum(g for w, g, _ in results if w)
    points_all = sum(g for _, g, _ in results)
    margin = sum(m for _, _, m in results) / games
    return (f"expert vs {opponent:<8}  wins {share:6.1%} ± {half:.1%}   game points {points_won / points_all:6.1%}"
            f"   mean margin {margin:+6.1f}   ({games} games)")


def expert_games(task: tuple[int, int]) -> int:
    """Play seeded expert-vs-expert games ``range(start, stop)`` in one process; their count."""
    start, stop = task
    experts = [player("expert", seed=1), player("expert", seed=2)]
    for i in range(start, stop):
        play_game(experts, seed=f"full/{i}")
    return stop - start


def full_run(games: int, workers: int) -> str:
    """Wall-clock time of ``games`` expert-vs-expert games split over ``workers`` processes."""
    chunk = -(-games // workers)
    tasks = [(i, min(games, i + chunk)) for i in range(0, games, chunk)]
    start = time.perf_counter()
    with ProcessPoolExecutor(workers) as pool:
        done = sum(pool.map(expert_games, tasks))
    wall = time.perf_counter() - start
    return (f"{done:,} expert-vs-expert games on {workers} processes: {wall:6.1f} s wall clock "
            f"({done / wall:.0f} games/s, tables built in each process)")


def first_legal_game(seed: int) -> Game:
    game = Game(seed)
    while not game.is_over:
        if game.muggins_claimant is not None:
            game.apply(Muggins(game.muggins_claimant))
        elif game.to_act is None:
            game.apply(NextDeal())
        else:
            game.apply(game.legal_actions(game.to_act)[0])
    return game


def speed(games: int, base: int) -> str:
    start = time.process_time()
    for i in range(games):
        first_legal_game(base + i)
    engine = time.process_time() - start
    experts = [player("expert", seed=1), player("expert", seed=2)]
    start = time.process_time()
    for i in range(games):
        play_game(experts, seed=base + i)
    expert = time.process_time() - start
    lines = [f"engine alone (first legal action):   {games / engine:7.1f} games/s",
             f"expert vs expert:                    {games / expert:7.1f} games/s per core",
             f"ratio (expert / engine time):        {expert / engine:7.2f} x",
             f"10,000 expert games on 2 cores:      {10_000 / (2 * games / expert):7.0f} s (estimate)"]
    return "\n".join(lines)


def decision_times(games: int, base: int) -> str:
    """Mean CPU time of each kind of expert decision, over the positions of seeded games."""
    expert = player("expert")
    timings: dict[str, list[float]] = {"discard": [], "play": []}
    for i in range(games):
        game = Game(f"decisions/{base}/{i}")
        while not game.is_over:
            if game.muggins_claimant is not None:
                game.apply(Muggins(game.muggins_claimant))
                continue
            seat = game.to_act
            if seat is None:
                game.apply(NextDeal())
                continue
            kind = "discard" if game.phase is Phase.DISCARD else "play"
            start = time.process_time()
            action = action_for(expert, game, seat)
            timings[kind].append(time.process_time() - start)
            game.apply(action)
    return "\n".join(f"expert {kind} decision:              {1e6 * sum(t) / len(t):7.0f} µs mean ({len(t)} decisions)"
                     for kind, t in timings.items())


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games against each weaker level")
    parser.add_argument("--speed-games", type=int, default=500)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--skip-strength", action="store_true")
    parser.add_argument("--full", type=int, default=0, metavar="N",
                        help="also time N expert-vs-expert games on --workers processes (e.g. 10000)")
    args = parser.parse_args(argv)
    crib_table(), hand_total.__call__  # build the tables before timing
    play_game([player("expert"), player("expert")], seed="warm up")
    print(speed(args.speed_games, args.seed))
    print(decision_times(max(1, args.speed_games // 10), args.seed))
    if args.full:
        print(full_run(args.full, args.workers))
    if not args.skip_strength:
        for opponent in ("standard", "beginner"):
            print(strength(opponent, args.games, args.workers, args.seed))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
