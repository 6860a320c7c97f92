"""Builds ``cribbage/ai/data/keep_prior.json``: the keep prior of :mod:`cribbage.ai.hand_model`.

What: how often each of the 1,820 sets of four ranks (:data:`cribbage.ai.hand_model.KEEPS`) was
kept, as dealer and as pone; the model turns the counts into weights against chance.

From: :data:`HANDS` seeded six-card deals, each laid away both ways by
:func:`cribbage.ai.discard.ranked_splits` (the exact hand, the uniform crib: no other table).

Takes: about 25 seconds on one core.

Command: ``python -m cribbage.build keep_prior``
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import numpy as np

from cribbage.ai.discard import SPLITS, ranked_splits
from cribbage.ai.hand_model import DATA_FILE, KEEPS
from cribbage.rules.cards import FULL_DECK

__all__ = ["HANDS", "MADE_BY", "OUTPUT", "SEED", "TAKES", "build", "text", "write"]

#: The defaults behind the stored counts.
HANDS, SEED = 150_000, "keep prior"
MADE_BY = (f"cribbage.build.keep_prior ({HANDS:,} hands, seed {SEED!r}): how often each of the 1,820 "
           "keeps of hand_model.KEEPS was kept. Do not edit: rerun python -m cribbage.build keep_prior")
TAKES = "about 25 seconds"
OUTPUT = DATA_FILE


def build(hands: int = HANDS, seed: int | str = SEED) -> np.ndarray:
    """How often each keep of :data:`~cribbage.ai.hand_model.KEEPS` was kept over ``hands`` seeded
    six-card deals: row 0 as dealer, row 1 as pone (each deal laid away both ways)."""
    index = {keep: i for i, keep in enumerate(KEEPS)}
    rng = random.Random(seed)
    counts = np.zeros((2, len(KEEPS)), dtype=np.int64)
    for _ in range(hands):
        six = rng.sample(FULL_DECK, 6)
        for row, dealer in enumerate((True, False)):
            order, _, _ = ranked_splits(six, dealer=dealer)
            keep = tuple(sorted(six[i].rank for i in SPLITS[order[0]][0]))
            counts[row, index[keep]] += 1
    return counts


def text(counts: np.ndarray) -> str:
    """The JSON file of the counts, a role a line."""
    return (f'{{\n  "made_by": {json.dumps(MADE_BY)},\n  "dealer": {json.dumps(counts[0].tolist())},\n'
            f'  "pone": {json.dumps(counts[1].tolist())}\n}}\n')


def write(path: Path = OUTPUT) -> None:
    """Build the counts with the defaults and store them."""
    path.write_text(text(build()), encoding="utf-8")
