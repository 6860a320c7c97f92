"""``python -m cribbage.build [TABLE ...]``: list the tables, or rebuild the ones named.

``python -m cribbage.build --check`` names each shipped result (figures a lesson prints, see
:mod:`cribbage.stats.provenance`) made from engine files that have changed since, with the command that
builds it again, and fails if there is one; the listing marks them too.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import NamedTuple

from cribbage.build import (
    calibration,
    choice_tables,
    crib_weights,
    deal_points,
    keep_prior,
    lab_tables,
    one_ply_tables,
    peg_table,
    selfplay,
)
from cribbage.stats.provenance import stale_results


class _Table(NamedTuple):
    path: Path
    takes: str
    what: str
    write: Callable[[], None]


# In the order to rebuild them all: peg_table reads the crib weights, and deal_points plays the
# expert, who reads every other table.
TABLES = {
    "crib_weights": _Table(crib_weights.OUTPUT, crib_weights.TAKES,
                           "the pair of ranks the expert lays away, and the ranks it keeps", crib_weights.write),
    "keep_prior": _Table(keep_prior.OUTPUT, keep_prior.TAKES,
                         "how often a good player keeps each set of four ranks", keep_prior.write),
    "peg_table": _Table(peg_table.OUTPUT, peg_table.TAKES,
                        "how each set of four ranks pegs, as dealer and as pone", peg_table.write),
    "choice_tables": _Table(choice_tables.OUTPUT, choice_tables.TAKES,
                            "the classic look-ahead's lead, answer and second card", choice_tables.write),
    "one_ply_tables": _Table(one_ply_tables.OUTPUT, one_ply_tables.TAKES,
                             "the one-ply look-ahead's lead, answer and second card, keep by keep",
                             one_ply_tables.write),
    "deal_points": _Table(deal_points.OUTPUT, deal_points.TAKES,
                          "the points of each part of a deal in the expert's self-play", deal_points.write),
    "selfplay": _Table(selfplay.OUTPUT, selfplay.TAKES,
                       "stop 6's saved run of expert self-play, with its margins", selfplay.write),
    "calibration": _Table(calibration.OUTPUT, calibration.TAKES,
                          "the win chances of a game to 121 and to 61 recalibrated, checked on 10,000 held-out games each",
                          calibration.write),
    "lab_tables": _Table(lab_tables.OUTPUT, lab_tables.TAKES,
                         "the statistics lab's default tables, shipped built", lab_tables.write),
}


def _listing() -> str:
    width = max(map(len, TABLES))
    takes = max(len(table.takes) for table in TABLES.values())
    lines = ["The engine's data tables, and how long each takes to build on one core:", ""]
    for name, table in TABLES.items():
        lines.append(f"  {name:<{width}}  {table.takes:<{takes}}  {table.what} ({table.path.name})")
    lines += ["", "python -m cribbage.build NAME rebuilds one. To rebuild them all, go in this order:",
              "peg_table reads crib_weights, and deal_points plays the expert, who reads the others."]
    stale = stale_results()
    if stale:
        lines += ["", *map(str, stale)]
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m cribbage.build",
                                     description="Rebuild the engine's data tables; with no name, list them.")
    parser.add_argument("tables", nargs="*", metavar="TABLE", help=", ".join(TABLES))
    parser.add_argument("--check", action="store_true",
                        help="name the shipped results made from engine files changed since, and fail if any is")
    args = parser.parse_args(argv)
    if args.check:
        stale = stale_results()
        print("\n".join(map(str, stale)) if stale else "every shipped result is current")
        return 1 if stale else 0
    unknown = [name for name in args.tables if name not in TABLES]
    if unknown:
        parser.error(f"unknown table {', '.join(unknown)}: choose from {', '.join(TABLES)}")
    if not args.tables:
        print(_listing())
        return 0
    for name in args.tables:
        table = TABLES[name]
        print(f"{name}: building ({table.takes})...", flush=True)
        start = time.perf_counter()
        table.write()
        print(f"{name}: wrote {table.path} in {time.perf_counter() - start:.0f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
