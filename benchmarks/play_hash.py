"""One hash of many seeded games of the expert, to show that a change leaves its play as it was.

    python benchmarks/play_hash.py [--games 200]

The expert plays ``--games`` seeded games against each of the expert, ``ev_table``, ``ev_priority``,
``human`` and ``classic`` (1,000 games by default), in seat 0 in even games and seat 1 in odd ones;
every game's whole log (each action, card and count, and the points of each) goes into one SHA-256.
Run it before and after a change that must not change a decision (a speed-up, a rename): the same
hash, or the change plays otherwise. The golden transcripts (``tests/golden/make_golden.py --check``)
pin the levels' games against themselves; this adds the reference opponents' styles.
Before and after issue 46's renames: 904a71f8... (``--games 200``).
"""

from __future__ import annotations

import argparse
import hashlib
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cribbage.ai.levels import play_game

sys.path.insert(0, str(Path(__file__).resolve().parent))
from players import make  # beside this script

OPPONENTS = ("expert", "ev_table", "ev_priority", "human", "classic")


def play_hash(games: int) -> str:
    """The SHA-256 of the logs of ``games`` seeded games against each of :data:`OPPONENTS`."""
    digest = hashlib.sha256()
    for opponent in OPPONENTS:
        for i in range(games):
            seats = [make("expert", i), make(opponent, i)]
            game = play_game(seats if i % 2 == 0 else seats[::-1], seed=f"identity/{opponent}/{i}")
            digest.update(repr(tuple(game.log)).encode())
    return digest.hexdigest()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=200, help="games against each opponent (default 200)")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    print(f"{play_hash(args.games)}  ({args.games * len(OPPONENTS)} games, {time.perf_counter() - start:.0f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
