"""Rank counting: the fifteens, pairs and runs of cards known by their ranks alone.

Suits never matter to fifteens, pairs and runs, so everything that counts them many times (the
show's fast total, the exact statistics, the discard advice, the computer players, CrossCribb's
lines) counts them here, from one definition, :func:`rank_points`:

- :func:`rank_points` counts any ranks (1 = ace .. 13 = king) by the rules of the show
  (``course/rules.md``, "The show"); :func:`runs` finds the runs in them.
- :func:`multisets` lists every multiset of ranks a deck can hold (no rank more than four times).
- A multiset of ranks as one number, free of order: :func:`rank_key`, the sum of
  :data:`RANK_KEY` ``[rank]``. :func:`points_by_key` maps the key of every five ranks to its points.
- A sequence of five ranks as one number, in order: ``sum((rank - 1) * place)`` over
  :data:`RANK_BASE`. :func:`rank_table` holds the points of every such code in a numpy array, for
  gathers that score thousands of hands at once.

>>> rank_points((5, 5, 6, 7, 8))
12
>>> points_by_key()[rank_key((5, 5, 6, 7, 8))], int(rank_table()[4 * 13**4 + 4 * 13**3 + 5 * 13**2 + 6 * 13 + 7])
(12, 12)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache
from itertools import combinations_with_replacement
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # numpy is imported by rank_table alone: the rules (and a browser's Pyodide) need none
    import numpy as np

__all__ = [
    "POINTS_BY_KEY",
    "RANK_BASE",
    "RANK_KEY",
    "multisets",
    "points_by_key",
    "rank_key",
    "rank_points",
    "rank_table",
    "runs",
]


def runs(ranks: Iterable[int]) -> list[tuple[int, int]]:
    """Each maximal stretch of three or more consecutive ranks, as (lowest rank, length)."""
    present = sorted(set(ranks))
    out = []
    start = 0
    for i in range(1, len(present) + 1):
        if i == len(present) or present[i] != present[i - 1] + 1:
            if i - start >= 3:
                out.append((present[start], i - start))
            start = i
    return out


def rank_points(ranks: Sequence[int]) -> int:
    """Fifteens, pairs and runs of any cards given by rank alone (suits never matter to these)."""
    # Fifteens: how many sets of the cards add up to 15, counted card by card: sets[s] is how many
    # sets of the cards so far add up to s (each card in or out, taken once: s from the top down).
    sets = [1] + [0] * 15
    for r in ranks:
        v = r if r < 10 else 10
        for s in range(15, v - 1, -1):
            sets[s] += sets[s - v]
    fifteens = 2 * sets[15]
    # Pairs and runs from how many of each rank there are, read up the ranks once: a run is a stretch
    # of three or more ranks present (as :func:`runs` finds them), counted once for each way of
    # taking one card of each of its ranks.
    counts = [0] * 15  # index 1..13; 0 and 14 stay empty, so every stretch ends
    for r in ranks:
        counts[r] += 1
    pairs = total_runs = length = 0
    ways = 1
    for c in counts:
        if c:
            pairs += c * (c - 1)
            length += 1
            ways *= c
        else:
            if length >= 3:
                total_runs += length * ways
            length, ways = 0, 1
    return fifteens + pairs + total_runs


def multisets(size: int) -> Iterable[tuple[int, ...]]:
    """Every multiset of ``size`` ranks with no rank more than four times, as sorted tuples."""
    for combo in combinations_with_replacement(range(1, 14), size):
        if all(combo.count(r) <= 4 for r in set(combo)):
            yield combo


#: ``RANK_KEY[rank]`` is ``5 ** (rank - 1)`` (index 0 unused): a rank repeats at most four times,
#: so a multiset of ranks adds up to a distinct number, with no sorting needed.
RANK_KEY: tuple[int, ...] = (0, *tuple(5 ** (r - 1) for r in range(1, 14)))


def rank_key(ranks: Iterable[int]) -> int:
    """The order-free key of a multiset of ranks: the sum of :data:`RANK_KEY`."""
    return sum(RANK_KEY[r] for r in ranks)


#: :func:`points_by_key`'s table once built, empty until then: a loop that reads it often writes
#: ``(POINTS_BY_KEY or points_by_key())[key]``, a truth test where a call would cost more.
POINTS_BY_KEY: dict[int, int] = {}


def points_by_key() -> dict[int, int]:
    """:func:`rank_points` of every multiset of five ranks (6,175 of them), by :func:`rank_key`
    (built on first use, then :data:`POINTS_BY_KEY`)."""
    if not POINTS_BY_KEY:
        POINTS_BY_KEY.update({rank_key(combo): rank_points(combo) for combo in multisets(5)})
    return POINTS_BY_KEY


#: Place values of the five ranks of an ordered code (ranks 0..12 in base 13).
RANK_BASE = (13 ** 4, 13 ** 3, 13 ** 2, 13, 1)


@lru_cache(maxsize=1)
def rank_table() -> np.ndarray:
    """Fifteens, pairs and runs of five ranks, indexed by their ordered base-13 code (int8, read-only).

    ``table[code]`` with ``code = (r1-1)*13**4 + (r2-1)*13**3 + (r3-1)*13**2 + (r4-1)*13 + (r5-1)``.
    A code with one rank five times is no hand; its entry is 0. Built from :func:`points_by_key`:
    each code's multiset key is looked up among the keys of the five-rank multisets.
    """
    import numpy as np

    table = points_by_key()
    keys = np.array(sorted(table), dtype=np.int64)
    points = np.array([table[int(k)] for k in keys], dtype=np.int8)
    key_of_rank = np.array(RANK_KEY[1:], dtype=np.int64)
    # The key of every code, its five places added as an outer sum: code order, the first rank slowest.
    code_keys = key_of_rank
    for _ in RANK_BASE[1:]:
        code_keys = np.add.outer(code_keys, key_of_rank).ravel()
    at = np.minimum(np.searchsorted(keys, code_keys), len(keys) - 1)
    out = np.where(keys[at] == code_keys, points[at], 0).astype(np.int8)
    out.flags.writeable = False
    return out
