"""Builds ``cribbage/ai/data/crib_weights.json``: the expert crib model (:mod:`cribbage.ai.crib_model`).

What: the (13, 13) weights of the pair of ranks a dealer and a pone lay away, against chance, and
each rank's weight among the four cards each keeps (what the play reads into an opponent's hand).

From: :data:`HANDS` seeded six-card deals, each laid away as dealer and as pone by the expert's
ranking (:func:`cribbage.ai.discard.order_keeps`), the opponent's pair weighted by the previous
round, for :data:`ROUNDS` rounds (round 1 against the uniform crib).

Takes: about 10 seconds on one core.

Command: ``python -m cribbage.build crib_weights``
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import numpy as np

from cribbage.ai.crib_model import WEIGHTS_FILE
from cribbage.ai.discard import SPLITS, crib_evs, hand_evs, order_keeps
from cribbage.rules.cards import FULL_DECK

__all__ = ["HANDS", "MADE_BY", "OUTPUT", "ROUNDS", "SEED", "TAKES", "build", "text", "write"]

#: The defaults behind the stored weights.
HANDS, ROUNDS, SEED = 20_000, 3, "crib model"
MADE_BY = (f"cribbage.build.crib_weights ({HANDS:,} hands, {ROUNDS} rounds, seed {SEED!r}). "
           "Do not edit: rerun python -m cribbage.build crib_weights")
TAKES = "about 10 seconds"
OUTPUT = WEIGHTS_FILE
# Pseudo-hands of the uniform model added to each count, so a pair the sample never saw laid away
# keeps a small weight instead of none.
_PRIOR = 20.0


def _uniform_pair_probability() -> np.ndarray:
    """P(two random cards of a 52-card deck have ranks a, b), by [a, b] (a <= b; the rest 0)."""
    p = np.zeros((13, 13))
    for a in range(13):
        p[a, a] = 6 / 1326
        for b in range(a + 1, 13):
            p[a, b] = 16 / 1326
    return p


def _weights(counts: np.ndarray, hands: int) -> np.ndarray:
    uniform = _uniform_pair_probability()
    upper = np.where(uniform > 0, (counts + _PRIOR * uniform) / ((hands + _PRIOR) * np.maximum(uniform, 1e-300)), 0)
    weights: np.ndarray = np.triu(upper) + np.triu(upper, 1).T  # symmetric: the order of the two cards is no matter
    return weights


def build(hands: int = HANDS, rounds: int = ROUNDS, seed: int | str = SEED, *, keeps: bool = False) -> tuple[np.ndarray, ...]:
    """The (13, 13) pair weights of the dealer's discard and of the pone's, measured afresh.

    Each round deals ``hands`` seeded six-card hands and lays each away as dealer and as pone as
    :func:`cribbage.ai.discard.ranked_splits` does, the opponent's pair weighted by the previous round.
    With ``keeps``, also the weights of each rank among the four cards kept, dealer's then pone's
    (P(a kept card has rank r) / (1/13)): what the play can read into an opponent's hand.
    """
    dealer_w = pone_w = np.ones((13, 13))
    for _ in range(rounds):
        rng = random.Random(f"{seed}")
        counts = {True: np.zeros((13, 13)), False: np.zeros((13, 13))}
        kept = {True: np.zeros(13), False: np.zeros(13)}
        for _ in range(hands):
            six = rng.sample(FULL_DECK, 6)
            ranks = [c.rank - 1 for c in six]
            hand = hand_evs(six)
            for dealer in (True, False):
                crib = crib_evs(six, pone_w if dealer else dealer_w)
                keep, (i, j) = SPLITS[order_keeps(hand, crib, dealer)[0]]
                a, b = sorted((ranks[i], ranks[j]))
                counts[dealer][a, b] += 1
                for k in keep:
                    kept[dealer][ranks[k]] += 1
        dealer_w, pone_w = _weights(counts[True], hands), _weights(counts[False], hands)
    if keeps:
        return dealer_w, pone_w, kept[True] * 13 / (4 * hands), kept[False] * 13 / (4 * hands)
    return dealer_w, pone_w


def text(dealer: np.ndarray, pone: np.ndarray, keep_dealer: np.ndarray, keep_pone: np.ndarray) -> str:
    """The JSON file of the weights, a row a line."""
    def row(values: np.ndarray) -> str:
        return "[" + ", ".join(f"{x:.4f}" for x in values) + "]"

    def table(w: np.ndarray) -> str:
        return "[\n    " + ",\n    ".join(row(r) for r in w) + "\n  ]"

    return (f'{{\n  "made_by": {json.dumps(MADE_BY)},\n  "dealer": {table(dealer)},\n'
            f'  "pone": {table(pone)},\n  "keep_dealer": {row(keep_dealer)},\n'
            f'  "keep_pone": {row(keep_pone)}\n}}\n')


def write(path: Path = OUTPUT) -> None:
    """Build the weights with the defaults and store them."""
    path.write_text(text(*build(keeps=True)), encoding="utf-8")
