"""A realistic crib: the two cards the opponent lays away, modelled as the expert's own choice.

The uniform model of :func:`cribbage.ai.discard.advise_discard` takes every pair of unseen cards as
equally likely to join your two in the crib. Players do not discard like that: a dealer lays away
what helps their own crib (fives, pairs, cards that make fifteen), a pone what starves it (far-apart
cards, kings). This model weights each pair of ranks the opponent could lay away by how much more
(or less) often the expert lays such a pair away than chance would:

    weight[a, b] = P(expert lays away ranks a, b) / P(two random cards have ranks a, b)

measured over seeded random deals, as dealer and as pone. The expert's own discard uses the model,
so the model is iterated: round 1 measures the expert discarding against the uniform model, round 2
the expert discarding against round 1, and so on.

The stored weights in ``cribbage/ai/data/crib_weights.json`` come from
:mod:`cribbage.build.crib_weights` (``python -m cribbage.build crib_weights`` remakes them);
``tests/test_strategy.py`` rebuilds a smaller sample and checks it agrees, and
``benchmarks/players.py`` prints the model's crib figures beside the uniform ones. On 3,000 seeded
deals the dealer's crib from the best keep comes out about 0.5 below the uniform figure and the crib
a pone gives about 0.45 above it, in line with published tables (own crib 0.4-0.5 below, the
opponent's about 0.6 above).
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

from cribbage.lang.messages import add_catalogue, message
from cribbage.rules.errors import CribbageError

__all__ = ["MODELS", "WEIGHTS_FILE", "keep_weights", "pair_weights", "weights_for"]

#: The models of the opponent's two crib cards that :func:`cribbage.ai.discard.advise_discard` knows:
#: ``"uniform"``, every pair of unseen cards equally likely, and ``"expert"``, this module's.
MODELS = ("uniform", "expert")

add_catalogue({
    "crib_model.unknown": {"en": "unknown crib model '{model}': choose one of {choices}"},
})


def weights_for(model: str, *, opponent_deals: bool) -> np.ndarray | None:
    """The pair weights of a model named in :data:`MODELS` (``None`` for the uniform model)."""
    if model == "expert":
        return pair_weights(opponent_deals=opponent_deals)
    if model == "uniform":
        return None
    raise CribbageError(message("crib_model.unknown", model=str(model), choices=", ".join(MODELS)))


#: Where the weights are kept (package data).
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
