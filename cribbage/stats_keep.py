"""Keep tables: the best keep of every one of the 20,358,520 six-card deals, as dealer and as pone.

For each deal and each of its 15 keeps: the hand's exact average over the 46 starters, and the
crib's exact average over every way the other 46 cards can complete it (the other side's two cards
and the starter, all equally likely: the uniform model of :func:`cribbage.advise_discard`, so the
table and the course's advisor agree deal by deal). The best keep maximises hand + crib as dealer
and hand - crib as pone.

Fifteens, pairs and runs depend on ranks alone, so both averages are computed once for each of the
18,395 multisets of six ranks; nobs and flushes are added deal by deal from the suits. All deals are
scored with numpy, a block of deals sharing their two lowest cards at a time (a few minutes of one
core), and what a player wants to know is kept: the distribution of the best keep's
value as dealer and as pone (to the hundredth of a point), and how often the best keep as dealer is
not the best as pone. The result is cached (:mod:`cribbage.stats_cache`). A single deal's keeps are
:func:`cribbage.advise_discard`'s business.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations, combinations_with_replacement
from math import comb
from typing import Iterator

import numpy as np

from .cards import FULL_DECK
from .discard import SPLITS
from .messages import message
from .stats_cache import cached_arrays
from .stats_words import refuse
from .ranks import rank_table

__all__ = ["KeepTable", "keep_statistics", "best_keeps", "TOTAL_DEALS"]

#: Six cards from 52.
TOTAL_DEALS = comb(52, 6)
_BINS = 4001  # hundredths of a point, -10.00 .. 30.00
_LOW = -10.0

_RANKS = np.array([c.rank - 1 for c in FULL_DECK], dtype=np.int64)
_SUITS = np.array([int(c.suit) for c in FULL_DECK], dtype=np.int64)
_KEEP = np.array([keep for keep, _ in SPLITS], dtype=np.intp)
_AWAY = np.array([pair for _, pair in SPLITS], dtype=np.intp)
_JACK = 10
#: [split, card]: 1 where the split keeps that card of the six.
_KEEPS_CARD = np.array([[int(c in keep) for c in range(6)] for keep in _KEEP], dtype=np.int64)


_POW6 = 13 ** np.arange(5, -1, -1)


@lru_cache(maxsize=1)
def _multisets() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The 18,395 multisets of six ranks (at most four of a rank), the cards of each rank left among
    the other 46, and each multiset's row by its base-13 code."""
    multisets = np.array([m for m in combinations_with_replacement(range(13), 6)
                          if max(m.count(r) for r in set(m)) <= 4], dtype=np.int64)
    avail = 4 - (multisets[:, :, None] == np.arange(13)).sum(axis=1)
    index = np.full(13 ** 6, -1, dtype=np.int32)
    index[multisets @ _POW6] = np.arange(len(multisets))
    return multisets, avail, index


@lru_cache(maxsize=1)
def _rank_parts() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Fifteens, pairs and runs, for each keep of each six ranks: the hand's summed over the 46
    starters, and the crib's summed over the C(46, 3) ways to draw the other side's two and the starter.

    Deals are sorted by card index, which sorts their ranks (the deck is in rank order), so a keep's
    rank points depend on the deal's six ranks alone. Returns (row of each six-rank code, hand totals
    (multisets, 15), crib totals (multisets, 15)).
    """
    multisets, avail, index = _multisets()
    rows = rank_table().reshape(13 ** 4, 13).astype(np.int64)
    hand = np.empty((len(multisets), 15), dtype=np.int64)
    for k, keep in enumerate(_KEEP):
        kr = multisets[:, keep]
        code = ((kr[:, 0] * 13 + kr[:, 1]) * 13 + kr[:, 2]) * 13 + kr[:, 3]
        hand[:, k] = (rows[code] * avail).sum(axis=1)
    # The crib's three unseen cards as rank triples: ways to draw each from what is left of its ranks.
    triples = np.array(list(combinations_with_replacement(range(13), 3)), dtype=np.int64)     # (455, 3)
    need = (triples[:, :, None] == np.arange(13)).sum(axis=1)                                    # (455, 13)
    ways = np.ones((len(multisets), len(triples)), dtype=np.int64)
    choose = np.array([[comb(a, k) for k in range(4)] for a in range(5)], dtype=np.int64)
    for r in range(13):
        ways *= choose[avail[:, r][:, None], need[:, r][None, :]]
    # points of the two laid away with each triple: [rank a, rank b, triple]
    flat = rank_table().astype(np.int64)
    a, b = np.meshgrid(np.arange(13), np.arange(13), indexing="ij")
    five = np.concatenate([np.broadcast_to(a[:, :, None, None], (13, 13, len(triples), 1)),
                           np.broadcast_to(b[:, :, None, None], (13, 13, len(triples), 1)),
                           np.broadcast_to(triples, (13, 13, len(triples), 3))], axis=3)
    pair_points = flat[five @ (13 ** np.arange(4, -1, -1))]                                     # (13, 13, 455)
    crib = np.empty((len(multisets), 15), dtype=np.int64)
    for k, away in enumerate(_AWAY):
        crib[:, k] = (ways * pair_points[multisets[:, away[0]], multisets[:, away[1]]]).sum(axis=1)
    return index, hand, crib


def best_keeps(deals: np.ndarray) -> dict[str, np.ndarray]:
    """For deals given as card indices (n, 6): the best split (index into ``SPLITS``, of the deal's
    cards in index order) and its value, as dealer and as pone, and every keep's hand and crib
    averages."""
    deals = np.sort(np.asarray(deals, dtype=np.intp), axis=1)
    n = len(deals)
    ranks, suits = _RANKS[deals], _SUITS[deals]
    unseen_suit = 13 - (suits[:, :, None] == np.arange(4)).sum(axis=1)           # (n, 4)
    index, hand_totals, crib_totals = _rank_parts()
    rows = index[ranks @ _POW6]
    hand = hand_totals[rows].astype(np.float64)                                 # (n, 15)
    at = np.arange(n)
    # nobs: a kept jack and a starter of its suit; a jack is kept in every split that keeps its card
    nobs_by_card = np.where(ranks == _JACK, unseen_suit[at[:, None], suits], 0)  # (n, 6)
    hand += nobs_by_card @ _KEEPS_CARD.T
    # the hand's flush: four kept of one suit, 4 on every starter and 1 more on one of that suit
    for k, keep in enumerate(_KEEP):
        ks = suits[:, keep]
        flush = (ks == ks[:, :1]).all(axis=1)
        if flush.any():
            hand[flush, k] += 4 * 46 + unseen_suit[at[flush], ks[flush, 0]]
    hand /= 46
    # The crib: its three unseen cards are any 3 of the 46, all equally likely.
    draws = comb(46, 3)
    crib = crib_totals[rows].astype(np.float64)
    # a flush in the crib: the two laid away of one suit and all three unseen cards of it too
    as_ = suits[:, _AWAY]                                                       # (n, 15, 2)
    left = np.take_along_axis(unseen_suit, as_[:, :, 0], axis=1)                # (n, 15)
    crib += np.where(as_[:, :, 0] == as_[:, :, 1], 5 * left * (left - 1) * (left - 2) // 6, 0)
    # nobs for a jack laid away: the starter (any of the 46) of its suit
    crib += (nobs_by_card @ (1 - _KEEPS_CARD).T) * (draws // 46)
    # nobs for a jack of the other side's: P(it is one of their two) * P(starter of its suit | so)
    jacks_unseen = np.ones((n, 4), dtype=bool)
    jack_cards = ranks == _JACK
    jacks_unseen[np.nonzero(jack_cards)[0], suits[jack_cards]] = False
    their_nobs = (jacks_unseen * (unseen_suit - 1)).sum(axis=1) * 2 / (46 * 45)  # (n,)
    crib = crib / draws + their_nobs[:, None]
    dealer, pone = hand + crib, hand - crib
    best_d, best_p = dealer.argmax(axis=1), pone.argmax(axis=1)
    idx = np.arange(n)
    return {"dealer": best_d, "pone": best_p, "dealer_value": dealer[idx, best_d],
            "pone_value": pone[idx, best_p], "hand": hand, "crib": crib}


def _all_deals(block: int | None = None) -> Iterator[np.ndarray]:
    """Every six-card deal once, in blocks that share their two lowest cards."""
    fours = np.array(list(combinations(range(50), 4)), dtype=np.intp)
    for a in range(52):
        for b in range(a + 1, 49):
            m = 51 - b
            tail = fours[fours[:, 3] < m] + (b + 1)
            head = np.broadcast_to(np.array([a, b]), (len(tail), 2))
            yield np.hstack([head, tail])


def _histogram(values: np.ndarray) -> np.ndarray:
    bins = np.clip(np.rint((values - _LOW) * 100).astype(np.int64), 0, _BINS - 1)
    return np.bincount(bins, minlength=_BINS)


def _build(sample: int | None, seed: int) -> dict[str, np.ndarray]:
    hist_d = np.zeros(_BINS, np.int64)
    hist_p = np.zeros(_BINS, np.int64)
    differ = total = 0
    if sample is None:
        blocks: Iterator[np.ndarray] = _all_deals()
    else:
        rng = np.random.default_rng(seed)
        drawn = np.sort(np.argsort(rng.random((sample, 52)), axis=1)[:, :6], axis=1)
        blocks = iter(np.array_split(drawn, max(1, sample // 50_000)))
    for deals in blocks:
        best = best_keeps(deals)
        hist_d += _histogram(best["dealer_value"])
        hist_p += _histogram(best["pone_value"])
        # the same four kept? (ties between splits of equal value count as the same choice)
        same = best["dealer"] == best["pone"]
        differ += int((~same).sum())
        total += len(deals)
    return {"dealer": hist_d, "pone": hist_p, "counts": np.array([total, differ])}


@dataclass(frozen=True)
class KeepTable:
    """The distribution of the best keep's value over all deals (or a sample of them)."""

    deals: int
    differ: int                 #: deals whose best keep as dealer is not the best as pone
    dealer: np.ndarray          #: counts by value in hundredths of a point (see :attr:`values`)
    pone: np.ndarray

    @property
    def values(self) -> np.ndarray:
        """The value of each histogram bin, in points."""
        return _LOW + np.arange(_BINS) / 100

    def mean(self, role: str) -> float:
        counts = self._counts(role)
        return float((counts * self.values).sum() / counts.sum())

    def share_at_least(self, value: float, role: str) -> float:
        """The share of deals whose best keep is worth ``value`` or more."""
        counts = self._counts(role)
        return float(counts[self.values >= value - 1e-9].sum() / counts.sum())

    @property
    def differ_share(self) -> float:
        return self.differ / self.deals

    def _counts(self, role: str) -> np.ndarray:
        if role not in ("dealer", "pone"):
            raise refuse("stats.bad_role", value=repr(role))
        return self.dealer if role == "dealer" else self.pone


def keep_statistics(*, sample: int | None = None, seed: int = 1, cache: bool = True) -> KeepTable:
    """The keep table over every deal (``sample=None``, about a minute, then cached) or over a seeded
    random ``sample`` of deals."""
    if sample is not None and (not isinstance(sample, int) or isinstance(sample, bool) or sample < 1):
        raise refuse("stats.whole_number", what=message("stats.what.deals"), least=1, value=repr(sample))
    settings = {"sample": sample, "seed": seed if sample else None}
    arrays = cached_arrays("keeps", settings, lambda: _build(sample, seed), cache=cache)
    total, differ = (int(x) for x in arrays["counts"])
    return KeepTable(total, differ, arrays["dealer"], arrays["pone"])
