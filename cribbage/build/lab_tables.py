"""Builds ``cribbage/stats/data/tables/``: the statistics lab's default tables, shipped built.

What: the expert crib tables (10,000 seeded hands, own crib and the opponent's), the keep table of
every deal, and the deal log of 2,000 expert games (seed 1), as the cache names them, with their
provenance (:mod:`cribbage.stats.shipped_tables`).

From: the engine as it is, in an empty cache folder of their own (the 962,988 classes of deals are
built there and left out).

Takes: about 2 CPU-minutes (the deal log's games on every core, the classes of deals half a minute).

Command: ``python -m cribbage.build lab_tables``. Rebuild it whenever a file of
:data:`cribbage.stats.cache.ENGINE_PARTS` changes: ``tests/test_provenance.py`` fails until then.
"""

from __future__ import annotations

from cribbage.build import on_every_core
from cribbage.stats.cache import SHIPPED_DIR
from cribbage.stats.shipped_tables import build_lab_tables

__all__ = ["OUTPUT", "TAKES", "write"]

TAKES = "two minutes"
#: The folder the tables are written to.
OUTPUT = SHIPPED_DIR


def write(*, parallel: bool = True) -> None:
    """Build the lab's default tables and write them, with their provenance, into :data:`OUTPUT`."""
    on_every_core(lambda executor: build_lab_tables(OUTPUT, settings={"executor": executor}), parallel=parallel)
