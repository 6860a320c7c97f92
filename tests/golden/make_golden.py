"""Write the golden game transcripts of tests/golden/, or check them (see README.md there).

    python tests/golden/make_golden.py            # play every game and write every file
    python tests/golden/make_golden.py --check    # play every game, compare; exit 1 listing differences

The games are played in a few processes at once, a file to each (``--jobs``, one per CPU by default).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # golden.py, beside this script

import golden

# Differences listed per file, at most.
SHOWN = 10


def _write(index: int) -> str:
    file = golden.FILES[index]
    text = golden.render(file, golden.play(file))
    file.path.write_text(text, encoding="utf-8", newline="\n")
    return f"{file.path.name}: {file.games} games, {len(text.encode()) / 1e6:.2f} MB"


def _check(index: int) -> list[str]:
    return golden.differences(golden.FILES[index])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", action="store_true", help="compare with the files instead of writing them")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="processes (default: one per CPU)")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    # CrossCribb's files first: they take longest, so the processes finish about together.
    order = sorted(range(len(golden.FILES)), key=lambda i: golden.FILES[i].game != "crosscribb")
    with ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        if args.check:
            found = []
            for lines in pool.map(_check, order):
                found += lines[:SHOWN]
                if len(lines) > SHOWN:  # a broken engine changes every game: the first few say enough
                    found.append(f"... and {len(lines) - SHOWN} more games of that file")
        else:
            for said in pool.map(_write, order):
                print(said)
            found = []
    took = time.perf_counter() - start
    games = sum(file.games for file in golden.FILES)
    if found:
        print("\n".join(found))
        print(f"Games differ from the golden transcripts ({games} games played, {took:.0f} s)")
        return 1
    print(f"{games} games {'match the files' if args.check else 'written'} ({took:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
