"""Numpy tables behind the fast discard advice and the computer players.

:func:`rank_table` holds the fifteens, pairs and runs of every five ranks, in any order, as a
``13**5`` array: ``table[code]`` with ``code = r1*13**4 + r2*13**3 + r3*13**2 + r4*13 + r5`` and
ranks counted from 0 (ace) to 12 (king). Suits never matter to those points, so one gather scores
thousands of hands at once; the flush and nobs are added from the suits by the callers.

The table is built once per process, by numpy, from the definitions in RULES.md ("The show"); the
tests check every entry against :func:`cribbage.scoring.rank_points`.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

import numpy as np

__all__ = ["rank_table", "triples", "RANK_BASE"]

#: Ranks 0..12 in base 13: the place values of the five ranks of a code.
RANK_BASE = (13 ** 4, 13 ** 3, 13 ** 2, 13, 1)


@lru_cache(maxsize=1)
def rank_table() -> np.ndarray:
    """Fifteens, pairs and runs of five ranks, indexed by their base-13 code (int8, read-only).

    A code with one rank five times is no hand; its entry is 0.
    """
    n = 13 ** 5
    codes = np.arange(n, dtype=np.int64)
    ranks = np.stack([(codes // place) % 13 for place in RANK_BASE])  # (5, n), 0 = ace
    values = np.minimum(ranks + 1, 10)
    points = np.zeros(n, dtype=np.int16)
    for size in range(2, 6):
        for combo in combinations(range(5), size):
            points += 2 * (values[list(combo)].sum(axis=0) == 15)
    for i, j in combinations(range(5), 2):
        points += 2 * (ranks[i] == ranks[j])
    counts = sum((ranks[i] == np.arange(13)[:, None]).astype(np.int16) for i in range(5))
    present = counts > 0
    for length in (5, 4, 3):
        for low in range(0, 14 - length):
            window = slice(low, low + length)
            maximal = present[window].all(axis=0)
            if low > 0:
                maximal &= ~present[low - 1]
            if low + length < 13:
                maximal &= ~present[low + length]
            # Five cards hold at most one maximal run of three or more.
            points += np.where(maximal, length * counts[window].prod(axis=0), 0).astype(np.int16)
    points[(counts > 4).any(axis=0)] = 0
    table = points.astype(np.int8)
    table.flags.writeable = False
    return table


@lru_cache(maxsize=None)
def triples(n: int) -> np.ndarray:
    """Every set of three positions out of ``n``, as an ``(C(n,3), 3)`` array (read-only)."""
    out = np.array(list(combinations(range(n), 3)), dtype=np.intp).reshape(-1, 3)
    out.flags.writeable = False
    return out
