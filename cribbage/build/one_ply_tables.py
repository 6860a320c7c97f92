"""Builds ``cribbage/ai/data/one_ply_tables.npz``: the one-ply look-ahead's choices keep by keep (:mod:`cribbage.ai.styles`).

What: three tables of the rank the one-ply look-ahead plays (points now less the other player's
expected best reply, then the higher card; 0: nothing fits), by the starter's rank and the cards of
the series, in the shape of :mod:`cribbage.build.choice_tables`: the lead from each of the 1,820
keeps, the answer to a lead from each keep, the second card from each set of three ranks after
leading and an answer. Each hand's own cards are out of the cards it has not seen, as a program
playing it leaves them out; so the choice depends on the whole hand, not on a rank order that every
hand shares (which is what :func:`cribbage.ai.styles.order` reads).

From: :func:`one_ply` asked for every hand and series; nothing random and no other table.

Takes: about 10 seconds on one core.

Command: ``python -m cribbage.build one_ply_tables``
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path

import numpy as np

from cribbage.ai.choice_model import ONE_PLY_FILE
from cribbage.ai.play_choice import RANK_VALUE, next_points
from cribbage.ai.styles import best_reply
from cribbage.build import choice_tables
from cribbage.rules.play_scoring import MAX_COUNT

__all__ = ["OUTPUT", "TAKES", "build", "one_ply", "write"]

TAKES = "about 10 seconds"
OUTPUT = ONE_PLY_FILE


def one_ply(hand: tuple[int, ...], series: tuple[int, ...], seen: Sequence[int], k: int) -> int:
    """The rank the one-ply look-ahead plays from ``hand`` (ranks) on ``series``, the ranks ``seen``
    (index 1..13: the starter and the cards played) and its own hand out of its sight, the other
    player holding ``k`` cards; 0 if nothing fits. Ties go to the higher card (by value, then rank),
    keeping low cards for the go, as ``ev_table`` of benchmarks/references.py plays."""
    unseen = [0] + [max(0, 4 - seen[r] - hand.count(r)) for r in range(1, 14)]
    count = sum(RANK_VALUE[r] for r in series)
    now = next_points(series)
    best, best_key = 0, None
    for r in set(hand):
        if now[r] < 0:
            continue
        reply = 0.0 if count + RANK_VALUE[r] == MAX_COUNT else best_reply((*series, r), unseen, k)
        key = (-round(now[r] - reply, 9), -RANK_VALUE[r], -r)
        if best_key is None or key < best_key:
            best, best_key = r, key
    return best


def build(starters: Iterable[int] = range(1, 14)) -> dict[str, np.ndarray]:
    """The three tables, indexed as :func:`cribbage.build.choice_tables.build`'s (which fills them, with
    :func:`one_ply` choosing). Only the ``starters`` given are filled (all by default)."""
    return choice_tables.build(starters, one_ply)


def write(path: Path = OUTPUT) -> None:
    """Build the tables and store them."""
    tables = build()
    np.savez_compressed(path, lead=tables["lead"], answer=tables["answer"], second=tables["second"])
