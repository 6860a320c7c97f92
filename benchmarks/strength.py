"""The strength table: the expert against each reference opponent and each level, in duplicate, with 95%
intervals and where the figures came from.

    python benchmarks/strength.py [--games 4000] [--seeds 1 2] [--workers 2] [--write]

Each row is :func:`players.duplicate_share` (each seeded game played twice, the seats swapped, so the
luck of the deal cancels; the pair is the independent unit of the interval): the expert against the
reference opponents of ``benchmarks/references.py`` (``ev_table``, ``ev_priority``, ``human``,
``random``), the first expert (``classic``) and the course's other levels (``standard``,
``beginner``), on each seed's pairs ``duplicate/S/0..``. ``--write`` stores the table and its provenance
(the commit, the engine's version, the command, the machine, the date) in
``cribbage/stats/data/strength.json`` (``--out FILE``: in that file), worded by :mod:`cribbage.stats.strength`;
without either the table is printed only. The expert searching the play from five cards, 4,000 games a
seed against the seven opponents take about an hour of one core (0.54 hours with the two workers of the default).
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from players import duplicate_share  # beside this script

from cribbage.stats.cache import engine_version
from cribbage.stats.strength import OPPONENTS, STRENGTH_FILE, markdown

ROOT = Path(__file__).resolve().parent.parent


def _commit() -> str:
    try:
        out = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True,
                             check=True).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=ROOT,
                               capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return out + ("+changes" if dirty else "")


def measure(games: int, seeds: list[int], workers: int, opponents: tuple[str, ...] = OPPONENTS,
            command: str = "") -> dict:
    """Every row of the table, each printed as it comes, with the provenance (``command``: how it was
    asked for)."""
    rows = []
    started = time.perf_counter()
    for seed in seeds:
        for opponent in opponents:
            start = time.perf_counter()
            report, share, half, played = duplicate_share("expert", opponent, games, workers, seed)
            print(report, flush=True)
            rows.append({"opponent": opponent, "seed": seed, "games": played, "share": round(share, 5),
                         "half": round(half, 5), "seconds": round(time.perf_counter() - start, 1)})
    return {
        "rows": rows,
        "provenance": {
            "command": command,
            "commit": _commit(),
            "engine": engine_version(),
            "date": datetime.date.today().isoformat(),
            "machine": {"arch": platform.machine(), "cores": os.cpu_count(), "python": platform.python_version()},
            "workers": workers,
            "hours": round((time.perf_counter() - started) / 3600, 2),
            "seeds": [f"duplicate/{seed}/0..{games // 2 - 1}" for seed in seeds],
        },
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=4000, help="duplicate games per opponent and seed")
    parser.add_argument("--seeds", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--opponents", nargs="+", choices=OPPONENTS, default=list(OPPONENTS))
    parser.add_argument("--write", action="store_true", help=f"store the table in {STRENGTH_FILE.relative_to(ROOT)}")
    parser.add_argument("--out", type=Path, help="store the table in this file instead")
    args = parser.parse_args(argv)
    asked = sys.argv[1:] if argv is None else argv
    table = measure(args.games, args.seeds, args.workers, tuple(args.opponents),
                    " ".join(["python benchmarks/strength.py", *asked]))
    print(markdown(table, "en"))
    out = args.out or (STRENGTH_FILE if args.write else None)
    if out is not None:
        out.write_text(json.dumps(table, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"written: {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
