"""What the opponent holds in the play: how likely each set of four ranks is as a kept hand.

Players do not keep any four cards: they keep fifteens, pairs and runs, and the four they keep hang
together. :mod:`cribbage.ai.crib_model` weights each rank alone (``keep_weights``); this model weights
each of the 1,820 sets of four ranks (:data:`KEEPS`) as a whole, by role:

    prior[K] = P(a good player keeps the ranks K) / P(four random cards have the ranks K)

measured over seeded random deals: the keep of :func:`cribbage.ai.discard.ranked_splits` (the exact
hand, the uniform crib), as dealer and as pone, smoothed toward chance by :data:`_PRIOR`
pseudo-hands. The stored counts in ``cribbage/ai/data/keep_prior.json`` come from
:mod:`cribbage.build.keep_prior` (``python -m cribbage.build keep_prior`` remakes them).

:func:`remaining_hands` turns it into what a seat in the play may believe: every hand the opponent
may still hold, weighted by the prior of the four they kept, by how many unseen cards make it, by a
go (no card that would have fitted) and by how well each card they chose fits the keep (``marks``).
:func:`expected_hand` is the hand they hold on average, which the expert's play reads
(:meth:`cribbage.ai.expert.TableView.opponent_pool`).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations_with_replacement
from math import comb
from pathlib import Path
from typing import Any

import numpy as np

from cribbage.ai.play_choice import RANK_VALUE

__all__ = ["DATA_FILE", "KEEPS", "expected_hand", "prior", "remaining_hands", "weighed_keeps"]

#: Every set of four ranks (1..13, sorted) a player may keep.
KEEPS: tuple[tuple[int, ...], ...] = tuple(combinations_with_replacement(range(1, 14), 4))
#: How many of each rank (index 1..13; 0 unused) each keep of :data:`KEEPS` holds.
_COUNTS = np.zeros((len(KEEPS), 14), dtype=np.int64)
for _i, _keep in enumerate(KEEPS):
    for _r in _keep:
        _COUNTS[_i, _r] += 1
_COUNTS.flags.writeable = False
_C = np.array([[comb(u, m) for m in range(5)] for u in range(5)], dtype=float)  # C(u, m)
_VALUE = np.array(RANK_VALUE)
# The ways a full deck makes each keep: C(4, m) for each rank it holds m of.
_WAYS = np.prod(_C[4][_COUNTS[:, 1:]], axis=1)

# Pseudo-hands at chance added to the counts: a keep the sample never saw keeps a small weight.
_PRIOR = 200.0
#: Where the counts are kept (package data).
DATA_FILE = Path(__file__).resolve().parent / "data" / "keep_prior.json"


@lru_cache(maxsize=1)
def _stored() -> dict[str, Any]:
    stored: dict[str, Any] = json.loads(DATA_FILE.read_text(encoding="utf-8"))
    return stored


def _ratio(counts: np.ndarray) -> np.ndarray:
    chance = _WAYS / comb(52, 4)
    n = counts.sum()
    out: np.ndarray = (counts + _PRIOR * chance) / ((n + _PRIOR) * chance)
    return out


@lru_cache(maxsize=2)
def prior(*, dealer: bool) -> np.ndarray:
    """How much more (or less) often than chance a dealer (or a pone) keeps each of :data:`KEEPS`
    (read-only, in that order)."""
    out = _ratio(np.array(_stored()["dealer" if dealer else "pone"], dtype=float))
    out.flags.writeable = False
    return out


# _BY_VALUE[v, r]: 1 where rank r (index 0..13) has value v (0..10): counts by value from counts by rank.
_BY_VALUE = np.array([[1 if r and _VALUE[r] == v else 0 for r in range(14)] for v in range(11)])
# _SHORT[u][m]: C(u, m) / C(4, m): how a rank of which only u cards are unseen thins a keep of m.
_SHORT = _C / _C[4]
# Each rank's count in each keep (row r: rank r, 0..13), and the counts of ranks 1..13 as floats
# with a last column of ones, so one product gives both the weighted counts and the total weight.
_COLUMNS = np.ascontiguousarray(_COUNTS.T)
_FLOATS = np.hstack([_COUNTS[:, 1:], np.ones((len(KEEPS), 1), dtype=np.int64)]).astype(float)


class _Holding:
    """The keeps that hold every card the opponent has played (their row numbers in :data:`KEEPS`),
    with the columns the play reads of them: the counts as floats, and how many cards of value v or
    less each holds. After a card or two only a few hundred keeps are left."""

    __slots__ = ("_low", "floats", "rows")

    def __init__(self, played: tuple[int, ...]) -> None:
        # Only the ranks played are checked, a column each, and the float rows are read from one table:
        # about 8x cheaper than comparing every column of every keep (a few hundred are built in a run).
        held = None
        for r, n in enumerate(played):
            if n > 0:
                enough = _COLUMNS[r] >= n
                held = enough if held is None else held & enough
        self.rows = np.arange(len(KEEPS)) if held is None else np.flatnonzero(held)
        self.floats = _FLOATS[self.rows]
        self._low: np.ndarray | None = None

    @property
    def low(self) -> np.ndarray:
        """How many cards of value v or less (row v, 0..10) each keep holds: a go reads it."""
        if self._low is None:
            self._low = np.cumsum(_BY_VALUE @ np.ascontiguousarray(_COUNTS[self.rows].T), axis=0)
        return self._low


# A _Holding holds arrays of the 1,820 keeps (about 8 kB): 512 answer 98% of the calls, as 1,024 did.
@lru_cache(maxsize=512)
def _holding(played: tuple[int, ...]) -> _Holding:
    return _Holding(played)


@lru_cache(maxsize=2)
def _chance_weights(dealer: bool) -> np.ndarray:
    """Each keep's prior times the ways a full deck makes it."""
    out: np.ndarray = prior(dealer=dealer) * _WAYS
    return out


# _THIN[4 * r + u]: how each keep is thinned when only u cards of rank r are unseen (u < 4), rank by
# rank (index from 4: rank 1, 0 unseen); the ranks of the seat's six and the starter pick their rows.
_THIN = np.array([_SHORT[u][_COUNTS[:, r]] if r else np.ones(len(KEEPS)) for r in range(14) for u in range(4)])


@lru_cache(maxsize=64)
def _dealt(unseen: tuple[int, ...], dealer: bool) -> np.ndarray:
    """Each keep's weight given the unseen cards: its prior times the ways they make it (0 for a keep
    they cannot make). The same for a whole deal: only the seat's six and the starter thin it."""
    rows = [_THIN[4 * r + max(unseen[r], 0)] for r in range(1, 14) if unseen[r] < 4]
    if not rows:
        return _chance_weights(dealer)
    # The rows multiplied one after another, in place: the product down a stack of them (the same
    # order, so the same bits) without copying the stack out of the table first.
    thin = rows[0] if len(rows) == 1 else rows[0] * rows[1]
    for row in rows[2:]:
        thin *= row
    weight: np.ndarray = _chance_weights(dealer) * thin
    return weight


def remaining_hands(unseen: Sequence[int], played: Sequence[int], *, dealer: bool, go_room: int | None = None,
                    marks: Sequence[np.ndarray] = ()) -> tuple[np.ndarray, np.ndarray]:
    """The hands the opponent may still hold, as counts of each rank (rows; index 1..13), and each
    one's weight (not normalised; 0 for a hand they cannot hold): each keep of :data:`KEEPS` that
    holds the cards they have played, less those cards.

    ``unseen``: how many cards of each rank (index 1..13) the seat could not see when the cards were
    dealt and the starter turned (the opponent's four were among them); ``played``: how many of each
    the opponent has played this deal; ``dealer``: the opponent deals. ``go_room``: the opponent said
    go with this much room under 31, so holds no card that fits it.
    ``marks``: for each card they chose, a weight for each keep of :data:`KEEPS`
    (:func:`cribbage.ai.choice_model.marks`: how well the keep fits the card)."""
    holding, weight = _weights(unseen, played, dealer, go_room, marks)
    return _COUNTS[holding.rows] - np.asarray(played, dtype=np.int64), weight


def weighed_keeps(unseen: Sequence[int], played: Sequence[int], *, dealer: bool, go_room: int | None = None,
                  marks: Sequence[np.ndarray] = ()) -> tuple[np.ndarray | None, np.ndarray]:
    """As :func:`remaining_hands`, the keeps themselves: their rows in :data:`KEEPS` (``None``: all of
    them, in order) and weights."""
    if go_room is None and not marks and not any(played):
        return None, _dealt(tuple(unseen), dealer)
    holding, weight = _weights(unseen, played, dealer, go_room, marks)
    return holding.rows, weight


def _weights(unseen: Sequence[int], played: Sequence[int], dealer: bool, go_room: int | None,
             marks: Sequence[np.ndarray] = ()) -> tuple[_Holding, np.ndarray]:
    # A few operations on precomputed columns: the play asks this tens of times a game.
    holding = _holding(tuple(played))
    weight = _dealt(tuple(unseen), dealer)[holding.rows]
    if go_room is not None:
        low = min(go_room, 10)
        weight = weight * (holding.low[low] == sum(played[r] for r in range(1, 14) if _VALUE[r] <= low))
    for mark in marks:
        weight = weight * mark[holding.rows]
    return holding, weight


def expected_hand(unseen: Sequence[int], played: Sequence[int], *, dealer: bool, go_room: int | None = None,
                  marks: Sequence[np.ndarray] = ()) -> list[float] | None:
    """How many cards of each rank (index 1..13; 0 unused) the opponent holds on average over
    :func:`remaining_hands`, or ``None`` if no hand fits."""
    if go_room is None and not marks and not any(played):
        first = _expected_at_first(tuple(unseen), dealer)
        return None if first is None else list(first)
    holding, weight = _weights(unseen, played, dealer, go_room, marks)
    *kept, mass = (weight @ holding.floats).tolist()
    if mass <= 0:
        return None
    return [0.0] + [k / mass - p for k, p in zip(kept, played[1:])]


@lru_cache(maxsize=64)
def _expected_at_first(unseen: tuple[int, ...], dealer: bool) -> tuple[float, ...] | None:
    """:func:`expected_hand` before the opponent has played or said go: the seat's first look in a
    deal, over all 1,820 keeps; cached, as every deal asks it (see benchmarks/EXPERT.md)."""
    *kept, mass = (_dealt(unseen, dealer) @ _holding((0,) * 14).floats).tolist()
    return (0.0, *(k / mass for k in kept)) if mass > 0 else None
