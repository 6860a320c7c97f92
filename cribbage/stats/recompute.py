"""A published crib table recomputed from its stated assumptions: the statistics lab's closing exercise.

Schell's tables say how they were made: the crib is your two cards, the other side's two and the
starter, and *both sides discard as an expert program would*. :func:`crib_from_model` follows that
recipe with nothing else in it, so a reader can check each step: your two ranks are known, the other
side's pair of ranks is drawn as the course's expert lays a pair away (its pair weights,
:func:`cribbage.ai.crib_model.pair_weights`, the pair's share among expert discards) among the cards
left, and the starter is any card left. Each crib's fifteens, pairs and runs are counted exactly
(:func:`cribbage.rules.ranks.rank_table`); nobs is added as the chance that the starter matches the
suit of each jack in the crib; a crib flush (worth about a twentieth of a point) is left out, and so
are the other four cards of your hand.

With every pair equally likely (``weights=None``) the same recipe is the uniform model, whose exact
table (:func:`cribbage.stats.crib_averages`) counts suits and your whole hand too: the gap between
the two is what the simplifications cost. :func:`side_by_side` sets the recomputed table beside the
published one and the exact uniform one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from cribbage.ai.crib_model import pair_weights
from cribbage.rules.checks import flag
from cribbage.rules.ranks import rank_table
from cribbage.stats.crib import crib_averages
from cribbage.stats.published import published_crib_table

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["crib_from_model", "side_by_side"]

_JACK = 10   # rank index of the jack
_RANK_LABELS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def crib_from_model(*, dealer: bool, weights: np.ndarray | str | None = "expert") -> np.ndarray:
    """The average crib for every two ranks laid away, (13, 13) by rank index (ace 0), from the recipe
    of the module's docstring. ``dealer``: the crib is yours (the other side is the pone, discarding
    into your crib) or the opponent's. ``weights``: ``"expert"`` (the expert's pair weights for that
    side), a (13, 13) array of them, or None (every pair of cards equally likely)."""
    dealer = flag(dealer, "dealer")
    if isinstance(weights, str):
        weights = pair_weights(opponent_deals=not dealer)
    w = np.ones((13, 13)) if weights is None else np.asarray(weights, dtype=np.float64)
    chance = np.where(np.eye(13, dtype=bool), 6 / 1326, 16 / 1326)
    shares = w * chance if weights is not None else chance   # each pair of ranks' share of discards
    table = rank_table()
    out = np.zeros((13, 13))
    ranks = np.arange(13)
    for x in range(13):
        for y in range(x, 13):
            left = 4 - (ranks == x) - (ranks == y)                                    # 50 cards left
            ways = np.where(np.eye(13, dtype=bool), left[:, None] * (left[:, None] - 1) / 2,
                            left[:, None] * left[None, :])                             # cards making each pair
            p_pair = np.triu(shares / chance * ways)                                   # a <= b
            p_pair /= p_pair.sum()
            a, b = np.nonzero(p_pair)
            starters = left[None, :] - (ranks[None, :] == a[:, None]) - (ranks[None, :] == b[:, None])  # 48 left
            codes = np.sort(np.stack([np.full_like(a, x), np.full_like(a, y), a, b], axis=1), axis=1)
            points = np.zeros(len(a))
            for s in range(13):
                five = np.sort(np.concatenate([codes, np.full((len(a), 1), s)], axis=1), axis=1)
                key = five @ (13 ** np.arange(4, -1, -1))
                points += starters[:, s] / 48 * table[key]
            # nobs: each jack in the crib, and a starter of its suit (12 of the 48 cards, less any
            # other card of that suit known to be gone: left out, a hundredth of a point)
            jacks = (x == _JACK) + (y == _JACK) + (a == _JACK) + (b == _JACK)
            points += jacks * 12 / 48
            out[x, y] = out[y, x] = float((p_pair[a, b] * points).sum())
    return out


def side_by_side(*, dealer: bool, published: str | None = None) -> pd.DataFrame:
    """The recomputed table beside the published one (Schell's for that crib by default) and the exact
    uniform one, one row a pair of ranks (``A-A`` ... ``K-K``, 91 rows), in points: ``published``,
    ``recomputed`` (:func:`crib_from_model` with the expert's weights), ``recomputed_uniform`` (the same
    with every pair alike), ``uniform`` (exact) and ``difference`` (recomputed minus published)."""
    import pandas as pd

    dealer = flag(dealer, "dealer")
    table = published_crib_table(published or ("schell-own" if dealer else "schell-opponent"))
    ours, flat = crib_from_model(dealer=dealer), crib_from_model(dealer=dealer, weights=None)
    exact = crib_averages("uniform", dealer=dealer)
    rows = []
    for x in range(13):
        for y in range(x, 13):
            rows.append((f"{_RANK_LABELS[x]}-{_RANK_LABELS[y]}", table[x + 1, y + 1], ours[x, y], flat[x, y],
                         exact[x + 1, y + 1]))
    frame = pd.DataFrame(rows, columns=["pair", "published", "recomputed", "recomputed_uniform", "uniform"]).set_index("pair")
    frame["difference"] = frame["recomputed"] - frame["published"]
    return frame
