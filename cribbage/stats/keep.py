"""Keep tables: the best keep of every one of the 20,358,520 six-card deals, as dealer and as pone.

For each deal and each of its 15 keeps: the hand's exact average over the 46 starters, and the
crib's exact average over every way the other 46 cards can complete it (the other side's two cards
and the starter, all equally likely: the uniform model of :func:`cribbage.advise_discard`, so the
table and the course's advisor agree deal by deal). The best keep maximises hand + crib as dealer
and hand - crib as pone.

Suits have no order in cribbage, so a deal and the same deal with its suits renamed have the same
best keep (its cards renamed alike) worth the same. The 20,358,520 deals fall into 962,988 such
classes; :func:`keep_classes` scores one deal of each (the one whose suits, read as sets of ranks,
come in decreasing order), weighted by how many deals it stands for, and keeps for every class the
two cards laid away as dealer and as pone and their values: :func:`best_keep` reads a deal's best
keep from it. :func:`keep_statistics` gives what a player wants to know of the whole: the
distribution of the best keep's value as dealer and as pone (to the hundredth of a point), and how
often no keep is best for both. Both are cached (:mod:`cribbage.stats.cache`).

Fifteens, pairs and runs depend on ranks alone, so both averages are computed once for each of the
18,395 multisets of six ranks; nobs and flushes are added deal by deal from the suits, with numpy.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations, combinations_with_replacement
from math import comb
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from cribbage.ai.discard import SPLITS, read_six
from cribbage.lang.messages import message
from cribbage.rules.cards import FULL_DECK, Card, CardLike
from cribbage.rules.checks import flag, whole
from cribbage.rules.errors import shown
from cribbage.rules.ranks import rank_table
from cribbage.stats.cache import cache_dir, cached_arrays, engine_version, is_cached
from cribbage.stats.dictionary import described
from cribbage.stats.moments import exact_mean, exact_variance, quantile_index, standard_deviation
from cribbage.stats.words import refuse

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "DEAL_CLASSES",
    "TOTAL_DEALS",
    "BestKeep",
    "KeepClasses",
    "KeepTable",
    "best_keep",
    "best_keeps",
    "keep_classes",
    "keep_statistics",
]

#: Six cards from 52.
TOTAL_DEALS = comb(52, 6)
#: The deals up to renaming the suits (Burnside: the 24 renamings' fixed deals, averaged).
DEAL_CLASSES = 962_988
_BINS = 4001  # hundredths of a point, -10.00 .. 30.00
_LOW = -10.0
_FIRST_BIN = -1000  # _LOW in hundredths: bin i holds the value (_FIRST_BIN + i) / 100

_RANKS = np.array([c.rank - 1 for c in FULL_DECK], dtype=np.int64)
_SUITS = np.array([int(c.suit) for c in FULL_DECK], dtype=np.int64)
_KEEP = np.array([keep for keep, _ in SPLITS], dtype=np.intp)
_AWAY = np.array([pair for _, pair in SPLITS], dtype=np.intp)
_JACK = 10
#: [split, card]: 1 where the split keeps that card of the six.
_KEEPS_CARD = np.array([[int(c in keep) for c in range(6)] for keep in _KEEP], dtype=np.int64)


_POW6 = 13 ** np.arange(5, -1, -1)
_TIE = 1e-9  # values are exact rationals; two splits within this are worth the same
#: A card as one bit of a 52-bit number: 13 bits per suit, a rank per bit (see :func:`_suit_masks`).
_CARD_BIT = np.array([1 << (13 * (i % 4) + i // 4) for i in range(52)], dtype=np.int64)
_MASK = (1 << 13) - 1


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
    dealer_value, pone_value = dealer[idx, best_d], pone[idx, best_p]
    # The same four kept? Several splits can tie for best (two fives of suits that do not matter),
    # so the question is whether some split is best in both roles, not whether argmax agrees.
    both = ((dealer >= dealer_value[:, None] - _TIE) & (pone >= pone_value[:, None] - _TIE)).any(axis=1)
    return {"dealer": best_d, "pone": best_p, "dealer_value": dealer_value, "pone_value": pone_value,
            "both": both, "hand": hand, "crib": crib}


def _all_deals(ranks: int = 13) -> Iterator[np.ndarray]:
    """Every six-card deal from the ``4 * ranks`` lowest cards once, in blocks that share their two
    lowest cards (the whole deck by default)."""
    cards = 4 * ranks
    fours = np.array(list(combinations(range(cards - 2), 4)), dtype=np.intp)
    for a in range(cards):
        for b in range(a + 1, cards - 3):
            m = cards - 1 - b
            tail = fours[fours[:, 3] < m] + (b + 1)
            head = np.broadcast_to(np.array([a, b]), (len(tail), 2))
            yield np.hstack([head, tail])


def _histogram(values: np.ndarray, weights: np.ndarray | None = None) -> np.ndarray:
    bins = np.clip(np.rint((values - _LOW) * 100).astype(np.int64), 0, _BINS - 1)
    return np.bincount(bins, weights=weights, minlength=_BINS).astype(np.int64)


def _suit_masks(deals: np.ndarray) -> np.ndarray:
    """The four suits of each deal as 13-bit sets of ranks, (n, 4)."""
    code = _CARD_BIT[deals].sum(axis=1)
    return np.stack([(code >> (13 * k)) & _MASK for k in range(4)], axis=1)


def _class_code(masks: np.ndarray) -> np.ndarray:
    """A deal's class as one number: its suits' rank sets in decreasing order, packed in 52 bits.
    Renaming the suits permutes the four sets, so every deal of a class has the same code."""
    ordered = -np.sort(-masks, axis=1)
    code: np.ndarray = (ordered[:, 0] << 39) | (ordered[:, 1] << 26) | (ordered[:, 2] << 13) | ordered[:, 3]
    return code


_FACTORIAL = np.array([1, 1, 2, 6, 24], dtype=np.int64)


def _class_deals(ranks: int = 13) -> tuple[np.ndarray, np.ndarray]:
    """One deal of each class, (classes, 6) in index order, and how many deals each class holds.

    The deal chosen is the one whose suits' rank sets decrease from suit 0 to suit 3. A class holds
    24 deals (the renamings of the four suits) divided by the renamings that give the deal back:
    those that only swap suits holding the same ranks (two empty suits, say).
    """
    chosen = []
    for deals in _all_deals(ranks):
        masks = _suit_masks(deals)
        first = (masks[:, 0] >= masks[:, 1]) & (masks[:, 1] >= masks[:, 2]) & (masks[:, 2] >= masks[:, 3])
        chosen.append(deals[first])
    reps = np.vstack(chosen)
    masks = _suit_masks(reps)
    group = (masks[:, :, None] == masks[:, None, :]).sum(axis=2)  # per suit: suits with its rank set
    stabiliser = np.ones(len(reps), dtype=np.int64)
    for size in (2, 3, 4):
        stabiliser *= _FACTORIAL[size] ** ((group == size).sum(axis=1) // size)
    return reps, (24 // stabiliser).astype(np.uint8)


def _build_classes() -> dict[str, np.ndarray]:
    reps, weights = _class_deals()
    if int(weights.sum(dtype=np.int64)) != TOTAL_DEALS or len(reps) != DEAL_CLASSES:
        raise AssertionError(f"{len(reps)} classes of {int(weights.sum())} deals")  # pragma: no cover
    return _classes_of(reps, weights)


def _classes_of(reps: np.ndarray, weights: np.ndarray) -> dict[str, np.ndarray]:
    """The keep table's arrays for the classes of the deals ``reps`` (each its class's deal)."""
    codes = _class_code(_suit_masks(reps))
    order = np.argsort(codes)
    reps, weights, codes = reps[order], weights[order], codes[order]
    out = {"codes": codes, "weights": weights, "dealer_away": np.empty((len(reps), 2), np.uint8),
           "pone_away": np.empty((len(reps), 2), np.uint8), "dealer_value": np.empty(len(reps)),
           "pone_value": np.empty(len(reps)), "both": np.empty(len(reps), bool)}
    for start in range(0, len(reps), 100_000):
        block = reps[start:start + 100_000]
        best = best_keeps(block)
        rows = slice(start, start + len(block))
        for role in ("dealer", "pone"):
            out[f"{role}_away"][rows] = np.take_along_axis(block, _AWAY[best[role]], axis=1)
            out[f"{role}_value"][rows] = best[f"{role}_value"]
        out["both"][rows] = best["both"]
    return out


@dataclass(frozen=True)
class BestKeep:
    """A deal's best keep in one role: the four kept, the two laid away, the keep's value
    (hand + crib as dealer, hand - crib as pone)."""

    keep: tuple[Card, Card, Card, Card]
    away: tuple[Card, Card]
    value: float


@dataclass(frozen=True)
class KeepClasses:
    """The best keep of every class of deals (see the module's docstring), sorted by class code."""

    codes: np.ndarray         #: (962,988,) class codes, increasing
    weights: np.ndarray       #: deals in each class (24 for most)
    dealer_away: np.ndarray   #: (classes, 2) card indices laid away as dealer, in the class's own deal
    pone_away: np.ndarray
    dealer_value: np.ndarray  #: the best keep's value as dealer
    pone_value: np.ndarray
    both: np.ndarray          #: some keep is best as dealer and as pone

    @property
    def deals(self) -> int:
        return int(self.weights.sum(dtype=np.int64))

    def best_keep(self, six: str | Iterable[CardLike], *, dealer: bool) -> BestKeep:
        """The best keep of a six-card deal as dealer or pone, read from the table."""
        held = read_six(six)  # refuses anything but six different cards, as the advice does
        dealer = flag(dealer, "dealer")
        deal = np.array([[c.index for c in held]], dtype=np.intp)
        masks = _suit_masks(deal)[0]
        code = _class_code(masks[None, :])[0]
        row = int(np.searchsorted(self.codes, code))
        # Class suit k is the deal's k-th suit by decreasing rank set (equal sets: either will do,
        # as swapping them gives the class's deal back).
        suit_of = np.argsort(-masks, kind="stable")
        away_idx = (self.dealer_away if dealer else self.pone_away)[row]
        away = tuple(Card.from_index(int(i // 4 * 4 + suit_of[i % 4])) for i in away_idx)
        keep = tuple(c for c in held if c not in away)
        value = float((self.dealer_value if dealer else self.pone_value)[row])
        return BestKeep(keep, away, value)  # type: ignore[arg-type]  # four and two, by construction


def keep_classes(*, cache: bool = True) -> KeepClasses:
    """The best keep of each of the 962,988 classes of deals: built once (under a minute on one
    core), then loaded from the cache in milliseconds."""
    arrays = cached_arrays("keep-classes", {}, _build_classes, cache=flag(cache, "cache"), compress=False)
    return KeepClasses(**arrays)


@lru_cache(maxsize=2)
def _loaded_classes(folder: str, version: str) -> KeepClasses:
    return keep_classes()


def best_keep(six: str | Iterable[CardLike], *, dealer: bool) -> BestKeep:
    """The best keep of ``six`` as dealer or as pone, as the keep table of every deal
    (:func:`keep_classes`) has it: what :func:`cribbage.advise_discard` ranks first, or a keep
    worth the same. Read from the table when it is in the cache; otherwise its one entry is worked
    out alone (:func:`_class_entry`, milliseconds), the same keep and value, so a first call never
    waits half a minute for the 962,988 others.
    """
    held, dealer = read_six(six), flag(dealer, "dealer")  # both checked before the table is built or loaded
    folder, version = str(cache_dir()), engine_version()
    if _loaded_classes.cache_info().currsize or is_cached("keep-classes", {}):
        return _loaded_classes(folder, version).best_keep(held, dealer=dealer)
    return KeepClasses(**_class_entry(held)).best_keep(held, dealer=dealer)


def _class_entry(held: tuple[Card, ...]) -> dict[str, np.ndarray]:
    """The keep table's one row for the class of ``held``, made as :func:`_build_classes` makes every
    row: from the class's own deal, whose suits' rank sets decrease from suit 0 to suit 3."""
    deal = np.array([[c.index for c in held]], dtype=np.intp)
    masks = _suit_masks(deal)[0]
    renamed = np.empty(4, dtype=np.intp)
    renamed[np.argsort(-masks, kind="stable")] = np.arange(4)   # the deal's suit -> the class's
    rep = np.sort(deal // 4 * 4 + renamed[deal % 4], axis=1)
    return _classes_of(rep, np.ones(1, dtype=np.uint8))


def _build(sample: int | None, seed: int, cache: bool) -> dict[str, np.ndarray]:
    if sample is None:
        classes = keep_classes(cache=cache)
        weights = classes.weights.astype(np.float64)
        differ = int(classes.weights[~classes.both].sum(dtype=np.int64))
        return {"dealer": _histogram(classes.dealer_value, weights), "pone": _histogram(classes.pone_value, weights),
                "counts": np.array([classes.deals, differ])}
    rng = np.random.default_rng(seed)
    drawn = np.sort(np.argsort(rng.random((sample, 52)), axis=1)[:, :6], axis=1)
    hist_d = np.zeros(_BINS, np.int64)
    hist_p = np.zeros(_BINS, np.int64)
    differ = 0
    for deals in np.array_split(drawn, max(1, sample // 50_000)):
        best = best_keeps(deals)
        hist_d += _histogram(best["dealer_value"])
        hist_p += _histogram(best["pone_value"])
        differ += int((~best["both"]).sum())
    return {"dealer": hist_d, "pone": hist_p, "counts": np.array([sample, differ])}


@dataclass(frozen=True)
class KeepTable:
    """The distribution of the best keep's value over all deals (or a sample of them)."""

    deals: int
    differ: int                 #: deals where no keep is best both as dealer and as pone
    dealer: np.ndarray          #: counts by value in hundredths of a point (see :attr:`values`)
    pone: np.ndarray

    @property
    def values(self) -> np.ndarray:
        """The value of each histogram bin, in points."""
        return _LOW + np.arange(_BINS) / 100

    def mean(self, role: str) -> float:
        """The mean value of the best keep in ``role`` (points), exactly from the counts (:mod:`.moments`)."""
        return float(exact_mean(self._counts(role), first=_FIRST_BIN, scale=100))

    def variance(self, role: str) -> float:
        """The variance of the best keep's value in ``role`` (points squared), exactly from the counts,
        divided by the number of deals (not one less): every deal's when the table is of every deal."""
        return float(exact_variance(self._counts(role), first=_FIRST_BIN, scale=100))

    def sd(self, role: str) -> float:
        """The standard deviation of the best keep's value in ``role`` (points)."""
        return standard_deviation(exact_variance(self._counts(role), first=_FIRST_BIN, scale=100))

    def quantile(self, q: float, role: str) -> float:
        """The ``q`` quantile (0 <= q <= 1) of the best keep's value in ``role``: the lowest value that at
        least a share ``q`` of the deals' best keeps are worth or less (points, to the hundredth)."""
        return round(float(self.values[quantile_index(self._counts(role), q)]), 2)

    def share_at_least(self, value: float, role: str) -> float:
        """The share of deals whose best keep is worth ``value`` or more."""
        counts = self._counts(role)
        return float(counts[self.values >= value - 1e-9].sum() / counts.sum())

    @property
    def differ_share(self) -> float:
        return self.differ / self.deals

    def to_frame(self) -> pd.DataFrame:
        """The distribution of the best keep's value (pandas), one row per value that occurs.
        Columns: ``value`` (points, to the hundredth: hand + crib as dealer, hand - crib as pone),
        ``dealer_deals`` and ``pone_deals`` (how many deals' best keep is worth that much, as dealer
        and as pone), ``dealer_share`` and ``pone_share`` (the same as shares 0..1), ``differ`` (the
        deals in which no keep is best in both roles, :attr:`differ`, the same on every row). Its
        ``attrs`` hold the data dictionary (``data_dictionary("keeps")``)."""
        import pandas as pd
        used = (self.dealer > 0) | (self.pone > 0)
        return described(pd.DataFrame({"value": np.round(self.values[used], 2), "dealer_deals": self.dealer[used],
                                       "pone_deals": self.pone[used], "dealer_share": self.dealer[used] / self.dealer.sum(),
                                       "pone_share": self.pone[used] / self.pone.sum(), "differ": self.differ}), "keeps")

    @classmethod
    def from_frame(cls, frame: pd.DataFrame) -> KeepTable:
        """The table back from its :meth:`to_frame` (what :func:`cribbage.stats.read_table` reads a file into)."""
        bins = np.rint((frame["value"].to_numpy(dtype=np.float64) - _LOW) * 100).astype(np.intp)
        dealer, pone = np.zeros(_BINS, np.int64), np.zeros(_BINS, np.int64)
        dealer[bins], pone[bins] = frame["dealer_deals"], frame["pone_deals"]
        return cls(int(dealer.sum()), int(frame["differ"].iloc[0]), dealer, pone)

    def to_csv(self, path: str | Path) -> Path:
        """Write :meth:`to_frame` to ``path`` as CSV; returns the path."""
        path = Path(path)
        self.to_frame().to_csv(path, index=False)
        return path

    def _counts(self, role: str) -> np.ndarray:
        if role not in ("dealer", "pone"):
            raise refuse("stats.bad_role", value=shown(role))
        return self.dealer if role == "dealer" else self.pone


def keep_statistics(*, sample: int | None = None, seed: int = 1, cache: bool = True) -> KeepTable:
    """The keep table over every deal (``sample=None``: from :func:`keep_classes`, under a minute the
    first time, then cached) or over a seeded random ``sample`` of deals."""
    if sample is not None and (not isinstance(sample, int) or isinstance(sample, bool) or sample < 1):
        raise refuse("stats.whole_number", what=message("stats.what.deals"), least=1, value=shown(sample))
    seed, cache = whole(seed, "seed", low=0), flag(cache, "cache")
    settings = {"sample": sample, "seed": seed if sample else None}
    arrays = cached_arrays("keeps", settings, lambda: _build(sample, seed, cache), cache=cache)
    total, differ = (int(x) for x in arrays["counts"])
    return KeepTable(total, differ, arrays["dealer"], arrays["pone"])
