"""Small numpy tables behind the fast discard advice.

The points of five ranks live with the rest of rank counting, in :mod:`cribbage.rules.ranks`
(:func:`~cribbage.rules.ranks.rank_table`); this module keeps the combinatorial index tables.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations

import numpy as np

__all__ = ["triples"]


@cache
def triples(n: int) -> np.ndarray:
    """Every set of three positions out of ``n``, as an ``(C(n,3), 3)`` array (read-only)."""
    out = np.array(list(combinations(range(n), 3)), dtype=np.intp).reshape(-1, 3)
    out.flags.writeable = False
    return out
