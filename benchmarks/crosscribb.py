"""CrossCribb self-play: how the game behaves and how strong the computer players are.

    python benchmarks/crosscribb.py [--games 1000] [--selfplay 1000] [--players 2 3 4] [--workers 2]

For each number of players it reports, from seeded games (game ``i`` uses seed ``i``):

- self-play of the better level against itself: rounds per game, the average round margin (points
  pegged in a round), the dealer's edge (the dealer's side total minus the other side's, on average,
  and how often the dealer's side pegs), ties, and how games end (win, skunk, double skunk);
  the same for random play, as a baseline;
- strength: the better level (``expected``) against the weaker (``random``), sides swapped every game,
  with the share of games won, games won per game (skunks count 2, double skunks 3) and a 95% interval;
- the middle level (``attack``: builds its own lines, never blocks) against each of the others;
- an ablation: the better level against itself with the crib judgement turned off (``samples=0``: it
  lays away only when forced), to show the crib choice is worth something;
- speed: milliseconds of CPU time per round with every seat played by each level, in one process,
  random play being the baseline measured side by side (CPU time, because the machine is shared).

``--parts`` picks which of ``selfplay strength attack ablation speed`` to run (all by default).
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cribbage.crosscribb import CrossCribbDriver, CrossCribbGame
from cribbage.crosscribb.players import (
    AttackingPlayer,
    ExpectedValuePlayer,
    RandomPlayer,
    play_round,
)


def _side(players: int, seat: int) -> int:
    return int(seat == 1) if players == 3 else seat % 2


def _make(kind: str, seed: int):
    if kind == "random":
        return RandomPlayer(seed)
    if kind == "expected":
        return ExpectedValuePlayer(seed)
    if kind == "attack":
        return AttackingPlayer(seed)
    if kind == "no-crib":
        return ExpectedValuePlayer(seed, samples=0)
    raise ValueError(kind)


def one_game(args: tuple[int, int, str, str]) -> dict:
    """Play game ``seed`` with ``kind0`` on side 0 and ``kind1`` on side 1; summarize it."""
    players, seed, kind0, kind1 = args
    seats = [_make(kind0 if _side(players, s) == 0 else kind1, seed * 10 + s) for s in range(players)]
    game = CrossCribbGame(players, seed=seed)
    start = time.process_time()
    CrossCribbDriver(game, dict(enumerate(seats)), deal=True).advance()
    seconds = time.process_time() - start
    rounds = [(r.dealer_side, r.totals, r.winner, r.points) for r in game.rounds]
    return {"winner": game.result.winner, "games": game.result.games, "rounds": rounds, "seconds": seconds}


def run(players: int, games: int, kind0: str, kind1: str, workers: int, swap: bool) -> list[dict]:
    jobs = []
    for seed in range(games):
        a, b = (kind0, kind1) if not swap or seed % 2 == 0 else (kind1, kind0)
        jobs.append((players, seed, a, b))
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            results = list(pool.map(one_game, jobs, chunksize=8))
    else:
        results = [one_game(job) for job in jobs]
    for job, result in zip(jobs, results):
        result["kinds"] = (job[2], job[3])
    return results


def describe(results: list[dict], label: str) -> None:
    rounds = [r for g in results for r in g["rounds"]]
    n = len(rounds)
    margin = sum(points for *_, points in rounds) / n
    edge = sum(totals[side] - totals[1 - side] for side, totals, _, _ in rounds) / n
    dealer_pegs = sum(winner == side for side, _, winner, _ in rounds) / n
    ties = sum(winner is None for *_, winner, _ in rounds) / n
    kinds = [g["games"] for g in results]
    per_round = sum(g["seconds"] for g in results) / n
    print(f"  {label}: {len(results)} games, {n} rounds, {n / len(results):.2f} rounds a game")
    print(f"    average round margin {margin:.2f} points; dealer's edge {edge:+.2f} points a round, "
          f"dealer's side pegs in {dealer_pegs:.1%} of rounds, ties {ties:.1%}")
    columns = sum(g["winner"] == 0 for g in results) / len(results)
    print(f"    games end: win {kinds.count(1) / len(kinds):.1%}, skunk {kinds.count(2) / len(kinds):.1%}, "
          f"double skunk {kinds.count(3) / len(kinds):.1%}; side 0 (columns) wins {columns:.1%}")
    print(f"    {per_round * 1000:.1f} ms of CPU a round")


def strength(results: list[dict], better: str, label: str) -> None:
    wins = 0
    points = 0
    for g in results:
        better_side = g["kinds"].index(better)
        won = g["winner"] == better_side
        wins += won
        points += g["games"] if won else -g["games"]
    n = len(results)
    share = wins / n
    # Wilson's interval: unlike share +- 1.96 sd it stays honest at 0% or 100%.
    z = 1.96
    centre = (share + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(share * (1 - share) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    print(f"  {label}: {better!r} wins {wins}/{n} = {share:.1%} (95% interval {centre - half:.1%}"
          f"-{centre + half:.1%}); net {points / n:+.2f} games a game")


def speed(players: int, rounds: int) -> None:
    """Milliseconds per round, every seat the same level, one process, levels side by side."""
    timings = {}
    for kind in ("random", "attack", "expected"):
        seats = [_make(kind, s) for s in range(players)]
        for seed in range(rounds, rounds + 2):  # untimed: builds the tables the players look up
            play_round(CrossCribbGame(players, seed=seed), seats)
        start = time.process_time()
        for seed in range(rounds):
            play_round(CrossCribbGame(players, seed=seed), seats)
        timings[kind] = (time.process_time() - start) / rounds
    base = timings["random"]
    print("  speed (CPU time): " + ", ".join(f"{kind} {t * 1000:.1f} ms a round ({t / base:.0f}x random)"
                                  for kind, t in timings.items()))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games of better against weaker")
    parser.add_argument("--selfplay", type=int, default=1000, help="games of self-play at each level")
    parser.add_argument("--ablation", type=int, default=400, help="games for the middle level and the ablation")
    parser.add_argument("--rounds", type=int, default=50, help="rounds timed for speed")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4])
    parser.add_argument("--parts", nargs="+", default=["selfplay", "strength", "attack", "ablation", "speed"])
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    started = time.perf_counter()
    for players in args.players:
        print(f"{players} players")
        if "selfplay" in args.parts:
            describe(run(players, args.selfplay, "random", "random", args.workers, False), "random self-play")
            describe(run(players, args.selfplay, "expected", "expected", args.workers, False),
                     "expected-value self-play")
        if "strength" in args.parts:
            strength(run(players, args.games, "expected", "random", args.workers, True), "expected",
                     "better against weaker")
        if "attack" in args.parts:
            strength(run(players, args.ablation, "expected", "attack", args.workers, True), "expected",
                     "better against the middle level")
            strength(run(players, args.ablation, "attack", "random", args.workers, True), "attack",
                     "middle level against weaker")
        if "ablation" in args.parts:
            strength(run(players, args.ablation, "expected", "no-crib", args.workers, True), "expected",
                     "crib judgement on against off")
        if "speed" in args.parts:
            speed(players, args.rounds)
    print(f"total {time.perf_counter() - started:.0f} s with {args.workers} worker(s)")


if __name__ == "__main__":
    main()
