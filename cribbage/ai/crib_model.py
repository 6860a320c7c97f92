"""A realistic crib: the two cards the opponent lays away, modelled as the expert's own choice.

The uniform model of :func:`cribbage.discard.advise_discard` takes every pair of unseen cards as
equally likely to join your two in the crib. Players do not discard like that: a dealer lays away
what helps their own crib (fives, pairs, cards that make fifteen), a pone what starves it (far-apart
cards, kings). This model weights each pair of ranks the opponent could lay away by how much more
(or less) often the expert lays such a pair away than chance would:

    weight[a, b] = P(expert lays away ranks a, b) / P(two random cards have ranks a, b)

measured by :func:`build` over seeded random deals, as dealer and as pone. The expert's own discard
uses the model, so the model is iterated: round 1 measures the expert discarding against the uniform
model, round 2 the expert discarding against round 1, and so on (:data:`ROUNDS`).

The stored weights in ``cribbage/data/crib_weights.json`` come from ``build()`` with the defaults
(``python -m cribbage.crib_model`` remakes them); ``tests/test_strategy.py`` rebuilds a smaller
sample and checks it agrees, and ``benchmarks/players.py`` prints the model's crib figures beside
the uniform ones. On 3,000 seeded deals the dealer's crib from the best keep comes out about 0.5
below the uniform figure and the crib a pone gives about 0.45 above it, in line with published
tables (own crib 0.4-0.5 below, the opponent's about 0.6 above).
"""

from __future__ import annotations

import json
import random
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

from .cards import FULL_DECK
from .errors import CribbageError
from .messages import add_catalogue, message

__all__ = ["MODELS", "pair_weights", "weights_for", "keep_weights", "build", "HANDS", "ROUNDS", "SEED"]

#: The models of the opponent's two crib cards that :func:`cribbage.discard.advise_discard` knows:
#: ``"uniform"``, every pair of unseen cards equally likely, and ``"expert"``, this module's.
MODELS = ("uniform", "expert")

add_catalogue({
    "crib_model.unknown": {"en": "unknown crib model '{model}': choose one of {choices}"},
})

#: The defaults of :func:`build` behind the stored weights.
HANDS, ROUNDS, SEED = 20_000, 3, "crib model"
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

    Each round deals ``hands`` seeded six-card hands and lays each away as dealer and as pone with
    :func:`cribbage.discard.ranked_splits`, the opponent's pair weighted by the previous round.
    With ``keeps``, also the weights of each rank among the four cards kept, dealer's then pone's
    (P(a kept card has rank r) / (1/13)): what the play can read into an opponent's hand.
    """
    from .discard import SPLITS, _crib_evs, _hand_evs, _order, _DECK_RANKS, _DECK_SUITS

    dealer_w = pone_w = np.ones((13, 13))
    for _ in range(rounds):
        rng = random.Random(f"{seed}")
        counts = {True: np.zeros((13, 13)), False: np.zeros((13, 13))}
        kept = {True: np.zeros(13), False: np.zeros(13)}
        for _ in range(hands):
            six = rng.sample(FULL_DECK, 6)
            ranks = np.array([c.rank - 1 for c in six])
            suits = np.array([int(c.suit) for c in six])
            unseen = np.ones(52, dtype=bool)
            unseen[[c.index for c in six]] = False
            ur, us = _DECK_RANKS[unseen], _DECK_SUITS[unseen]
            hand = _hand_evs(ranks.tolist(), suits.tolist())
            for dealer in (True, False):
                crib = _crib_evs(ranks, suits, ur, us, pone_w if dealer else dealer_w)
                i, j = SPLITS[_order(hand, crib, dealer)[0]][1]
                a, b = sorted((int(ranks[i]), int(ranks[j])))
                counts[dealer][a, b] += 1
                for k in SPLITS[_order(hand, crib, dealer)[0]][0]:
                    kept[dealer][ranks[k]] += 1
        dealer_w, pone_w = _weights(counts[True], hands), _weights(counts[False], hands)
    if keeps:
        return dealer_w, pone_w, kept[True] * 13 / (4 * hands), kept[False] * 13 / (4 * hands)
    return dealer_w, pone_w


def weights_for(model: str, *, opponent_deals: bool) -> "np.ndarray | None":
    """The pair weights of a model named in :data:`MODELS` (``None`` for the uniform model)."""
    if model == "expert":
        return pair_weights(opponent_deals=opponent_deals)
    if model == "uniform":
        return None
    raise CribbageError(message("crib_model.unknown", model=str(model), choices=", ".join(MODELS)))


#: Where :func:`build`'s weights are kept (package data).
WEIGHTS_FILE = Path(__file__).resolve().parent / "data" / "crib_weights.json"


@lru_cache(maxsize=1)
def _stored() -> dict[str, Any]:
    stored: dict[str, Any] = json.loads(WEIGHTS_FILE.read_text(encoding="utf-8"))
    return stored


@lru_cache(maxsize=2)
def pair_weights(*, opponent_deals: bool) -> np.ndarray:
    """The stored weights of the opponent's pair: of a dealer's discard if ``opponent_deals``, else a
    pone's (read-only (13, 13) array by ranks 0..12)."""
    out = np.array(_stored()["dealer" if opponent_deals else "pone"], dtype=float)
    out.flags.writeable = False
    return out


@lru_cache(maxsize=2)
def keep_weights(*, dealer: bool) -> tuple[float, ...]:
    """How much more (or less) likely than chance each rank (index 0..12) is among the four cards a
    dealer (or a pone) keeps, under the expert's discard: the play's prior for their hand."""
    return tuple(float(x) for x in _stored()["keep_dealer" if dealer else "keep_pone"])


def _write(path: Path) -> None:
    """Store :func:`build`'s weights as JSON, a row a line (``python -m cribbage.crib_model``)."""
    dealer, pone, keep_dealer, keep_pone = build(keeps=True)

    def row(values: np.ndarray) -> str:
        return "[" + ", ".join(f"{x:.4f}" for x in values) + "]"

    def table(w: np.ndarray) -> str:
        return "[\n    " + ",\n    ".join(row(r) for r in w) + "\n  ]"

    made_by = (f"cribbage.crib_model.build() ({HANDS:,} hands, {ROUNDS} rounds, seed {SEED!r}). "
               "Do not edit: rerun python -m cribbage.crib_model")
    path.write_text(f'{{\n  "made_by": {json.dumps(made_by)},\n  "dealer": {table(dealer)},\n'
                    f'  "pone": {table(pone)},\n  "keep_dealer": {row(keep_dealer)},\n'
                    f'  "keep_pone": {row(keep_pone)}\n}}\n', encoding="utf-8")


if __name__ == "__main__":
    _write(WEIGHTS_FILE)
