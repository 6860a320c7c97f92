"""The builders of the engine's data tables, one module per table, never imported at run time.

The runtime modules of :mod:`cribbage.ai` only read their tables; the code that makes a table lives
here, at the top layer beside :mod:`cribbage.cli`, so it may use the whole engine (the expert plays
itself to measure some) without an import circle.

- :mod:`.crib_weights`: ``ai/data/crib_weights.json``, the expert crib model;
- :mod:`.keep_prior`: ``ai/data/keep_prior.json``, how often each keep is kept;
- :mod:`.peg_table`: ``ai/data/peg_table.json``, how each keep pegs (reads the crib weights);
- :mod:`.choice_tables`: ``ai/data/choice_tables.npz``, the classic look-ahead's first cards;
- :mod:`.one_ply_tables`: ``ai/data/one_ply_tables.npz``, the one-ply look-ahead's, keep by keep;
- :mod:`.deal_points`: ``ai/deal_points.py``, points per part of a deal in self-play (reads them all);
- :mod:`.selfplay`, :mod:`.calibration`, :mod:`.lab_tables`: results the lessons print, with their
  provenance (stop 6's self-play; the position model's recalibration and check; the lab's tables).

``python -m cribbage.build`` lists them and how long each takes; ``python -m cribbage.build NAME``
rebuilds one (several names: in the order given).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import TypeVar

_T = TypeVar("_T")


def on_every_core(work: Callable[[Executor | None], _T], *, parallel: bool = True) -> _T:
    """``work(executor)`` on a process per core (the same seeded games as on one), or ``work(None)``
    in this process when ``parallel`` is false or there is one core."""
    if parallel and (os.cpu_count() or 1) > 1:
        with ProcessPoolExecutor() as executor:
            return work(executor)
    return work(None)
