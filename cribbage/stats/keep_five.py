"""Five-card keeps: the best four of every five-card hand, for three-handed and four-handed cribbage.

With three or four players each is dealt five cards and lays one away to the crib (RULES.md, *Three and
four players*). For each of the 2,598,960 five-card hands and each of its 5 keeps this module works out,
exactly:

- the hand's average over the 47 starters;
- the crib's average for the card laid away, over every way the 47 unseen cards complete it: the other
  crib cards and the starter, all equally likely (the uniform model of :mod:`cribbage.stats.keep`). With
  three players those are two cards laid away by the others and one dealt from the deck; with four, the
  three others' cards. Either way the crib is the card laid away, three unseen cards and an unseen
  starter, so one table serves both games.

The best keep maximises hand + crib when the crib is your side's (you deal, or your partner does) and
hand - crib when it is an opponent's (the pone's net, as in two-handed play). :func:`best_keep_of_five`
gives one hand's; :func:`keep_five_statistics` the distribution of the best keep's value over every hand.

Fifteens, pairs and runs depend on ranks alone, so both averages are summed once for each of the 6,175
multisets of five ranks; nobs and flushes are added hand by hand from the suits, with numpy.
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

from cribbage.lang.messages import message
from cribbage.rules.cards import FULL_DECK, Card, CardLike, cards
from cribbage.rules.checks import flag
from cribbage.rules.errors import InvalidHandError, shown
from cribbage.rules.ranks import rank_table
from cribbage.stats.cache import cached_arrays, source_digest
from cribbage.stats.dictionary import described
from cribbage.stats.moments import exact_mean, exact_variance, quantile_index, standard_deviation
from cribbage.stats.words import refuse

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["FIVE_CARD_HANDS", "FiveKeep", "FiveKeepTable", "best_keep_of_five", "five_keeps", "keep_five_statistics"]

#: Five cards from 52.
FIVE_CARD_HANDS = comb(52, 5)
#: The roles, by whose crib it is: your side's (hand + crib) or an opponent's (hand - crib).
ROLES = ("ours", "theirs")

_UNSEEN = 47                      # the cards a five-card hand leaves
_COMPLETIONS = comb(_UNSEEN, 4)   # the crib's four unseen cards (three and the starter), as a set
_BINS = 4001                      # hundredths of a point, -10.00 .. 30.00
_LOW = -10.0
_FIRST_BIN = -1000
_TIE = 1e-9                       # values are exact rationals; two keeps within this are worth the same
_JACK = 10
_POW5 = 13 ** np.arange(4, -1, -1)
_RANKS = np.array([c.rank - 1 for c in FULL_DECK], dtype=np.int64)
_SUITS = np.array([int(c.suit) for c in FULL_DECK], dtype=np.int64)
#: [keep, card]: 1 where keep k (the hand less its card k) holds card i.
_KEEPS_CARD = 1 - np.eye(5, dtype=np.int64)
_KEEP = np.array([[i for i in range(5) if i != k] for k in range(5)], dtype=np.intp)


def read_five(five_cards: str | Iterable[CardLike]) -> tuple[Card, ...]:
    """Five different cards, or the error naming what is wrong (the wrong number, a duplicate)."""
    held = cards(five_cards, distinct=False)
    if len(held) != 5:
        raise InvalidHandError(message("stats.five_cards", n=len(held)))
    cards(held)  # raises on a duplicate, naming it
    return held


@lru_cache(maxsize=1)
def _rank_parts() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Fifteens, pairs and runs for each keep of each multiset of five ranks: the hand's summed over the
    47 starters, the crib's over the C(47, 4) sets of its four unseen cards. Returns (row of each
    five-rank code, hand totals (multisets, 5), crib totals (multisets, 5))."""
    multisets = np.array([m for m in combinations_with_replacement(range(13), 5)
                          if max(m.count(r) for r in set(m)) <= 4], dtype=np.int64)
    avail = 4 - (multisets[:, :, None] == np.arange(13)).sum(axis=1)            # (m, 13) unseen of each rank
    index = np.full(13 ** 5, -1, dtype=np.int32)
    index[multisets @ _POW5] = np.arange(len(multisets))
    flat = rank_table().astype(np.int64)
    rows = flat.reshape(13 ** 4, 13)
    hand = np.empty((len(multisets), 5), dtype=np.int64)
    for k, keep in enumerate(_KEEP):
        code = multisets[:, keep] @ _POW5[1:]
        hand[:, k] = (rows[code] * avail).sum(axis=1)
    # The crib's four unseen cards as rank multisets, and the ways to draw each from what is left.
    quads = np.array(list(combinations_with_replacement(range(13), 4)), dtype=np.int64)  # (1820, 4)
    need = (quads[:, :, None] == np.arange(13)).sum(axis=1)                              # (1820, 13)
    choose = np.array([[comb(a, k) for k in range(5)] for a in range(5)], dtype=np.int64)
    ways = np.ones((len(multisets), len(quads)), dtype=np.int64)
    for r in range(13):
        ways *= choose[avail[:, r][:, None], need[:, r][None, :]]
    # points of the card laid away (rank a) with each set of four: (13, 1820)
    points = flat[np.arange(13)[:, None] * 13 ** 4 + quads @ _POW5[1:]]
    by_rank = ways @ points.T                                                            # (m, 13)
    crib = np.take_along_axis(by_rank, multisets, axis=1)                                # laid away: card k
    return index, hand, crib


def five_keeps(hands: np.ndarray) -> dict[str, np.ndarray]:
    """For five-card hands given as card indices (n, 5): each keep's hand and crib averages (keep k
    lays away the k-th card in index order), the best keep in each role and its value."""
    hands = np.sort(np.asarray(hands, dtype=np.intp), axis=1)
    n = len(hands)
    at = np.arange(n)
    ranks, suits = _RANKS[hands], _SUITS[hands]
    unseen_suit = 13 - (suits[:, :, None] == np.arange(4)).sum(axis=1)              # (n, 4)
    index, hand_totals, crib_totals = _rank_parts()
    rows = index[ranks @ _POW5]
    hand = hand_totals[rows].astype(np.float64)
    # nobs: a kept jack and a starter of its suit
    nobs_by_card = np.where(ranks == _JACK, unseen_suit[at[:, None], suits], 0)     # (n, 5)
    hand += nobs_by_card @ _KEEPS_CARD.T
    # a flush: four kept of one suit, 4 on every starter and 1 more on a starter of that suit
    for k, keep in enumerate(_KEEP):
        kept = suits[:, keep]
        flush = (kept == kept[:, :1]).all(axis=1)
        hand[flush, k] += 4 * _UNSEEN + unseen_suit[at[flush], kept[flush, 0]]
    hand /= _UNSEEN
    crib = crib_totals[rows].astype(np.float64)
    # the crib's flush: all four unseen cards of the suit of the card laid away
    left = np.take_along_axis(unseen_suit, suits, axis=1)                           # (n, 5)
    crib += 5 * left * (left - 1) * (left - 2) * (left - 3) // 24
    crib /= _COMPLETIONS
    # nobs for a jack laid away: a starter (any of the 47) of its suit
    crib += nobs_by_card / _UNSEEN
    # nobs for an unseen jack: a starter of its suit but not it, and the jack among the other three
    jacks_unseen = np.ones((n, 4), dtype=bool)
    jack_cards = ranks == _JACK
    jacks_unseen[np.nonzero(jack_cards)[0], suits[jack_cards]] = False
    crib += ((jacks_unseen * (unseen_suit - 1)).sum(axis=1) * 3 / (_UNSEEN * (_UNSEEN - 1)))[:, None]
    ours, theirs = hand + crib, hand - crib
    best_ours, best_theirs = ours.argmax(axis=1), theirs.argmax(axis=1)
    ours_value, theirs_value = ours[at, best_ours], theirs[at, best_theirs]
    # Several keeps can tie (two fives whose suits do not matter), so "the same keep in both roles"
    # asks whether some keep is best in both, not whether the two argmaxes agree.
    both = ((ours >= ours_value[:, None] - _TIE) & (theirs >= theirs_value[:, None] - _TIE)).any(axis=1)
    return {"hand": hand, "crib": crib, "ours": best_ours, "theirs": best_theirs,
            "ours_value": ours_value, "theirs_value": theirs_value, "both": both}


@dataclass(frozen=True)
class FiveKeep:
    """A five-card hand's best keep in one role: the four kept, the card laid away, the hand's and the
    crib's averages, and the keep's value (hand + crib for your side's crib, hand - crib for theirs)."""

    keep: tuple[Card, Card, Card, Card]
    away: Card
    hand: float
    crib: float
    value: float


def best_keep_of_five(five: str | Iterable[CardLike], *, own_crib: bool) -> FiveKeep:
    """The best keep of five cards when the crib is your side's (``own_crib=True``) or an opponent's.

    >>> for own in (True, False):
    ...     best = best_keep_of_five("5C 5D 5H JS KD", own_crib=own)
    ...     print(" ".join(map(str, best.keep)), best.away, round(best.hand, 2), round(best.crib, 2))
    5♣ 5♦ 5♥ K♦ J♠ 16.21 4.08
    5♣ 5♦ 5♥ J♠ K♦ 16.47 3.35
    """
    held, own_crib = read_five(five), flag(own_crib, "own_crib")
    order = sorted(held, key=lambda card: card.index)
    found = five_keeps(np.array([[card.index for card in order]]))
    role = "ours" if own_crib else "theirs"
    k = int(found[role][0])
    away = order[k]
    return FiveKeep(tuple(card for card in held if card is not away), away,  # type: ignore[arg-type]  # four
                    float(found["hand"][0, k]), float(found["crib"][0, k]), float(found[f"{role}_value"][0]))


def _all_hands() -> Iterator[np.ndarray]:
    """Every five-card hand once, in blocks that share their lowest card."""
    fours = np.array(list(combinations(range(51), 4)), dtype=np.intp)
    for a in range(48):
        tail = fours[fours[:, 0] >= a] + 1
        yield np.hstack([np.full((len(tail), 1), a, dtype=np.intp), tail])


def _histogram(values: np.ndarray) -> np.ndarray:
    bins = np.clip(np.rint((values - _LOW) * 100).astype(np.int64), 0, _BINS - 1)
    return np.bincount(bins, minlength=_BINS).astype(np.int64)


def _build() -> dict[str, np.ndarray]:
    ours, theirs = np.zeros(_BINS, np.int64), np.zeros(_BINS, np.int64)
    total = differ = 0
    for hands in _all_hands():
        for block in np.array_split(hands, max(1, len(hands) // 100_000)):
            best = five_keeps(block)
            ours += _histogram(best["ours_value"])
            theirs += _histogram(best["theirs_value"])
            total += len(block)
            differ += int((~best["both"]).sum())
    if total != FIVE_CARD_HANDS:
        raise AssertionError(f"{total} hands")  # pragma: no cover
    return {"ours": ours, "theirs": theirs, "counts": np.array([total, differ])}


@dataclass(frozen=True)
class FiveKeepTable:
    """The distribution of the best keep's value over all 2,598,960 five-card hands, in both roles."""

    hands: int
    differ: int                 #: hands where no keep is best both for your crib and for theirs
    ours: np.ndarray            #: counts by value in hundredths of a point (see :attr:`values`)
    theirs: np.ndarray

    @property
    def values(self) -> np.ndarray:
        """The value of each histogram bin, in points."""
        return _LOW + np.arange(_BINS) / 100

    def mean(self, role: str) -> float:
        """The mean value of the best keep in ``role`` ("ours" or "theirs"), exactly from the counts."""
        return float(exact_mean(self._counts(role), first=_FIRST_BIN, scale=100))

    def sd(self, role: str) -> float:
        """The standard deviation of the best keep's value in ``role`` over every hand (points)."""
        return standard_deviation(exact_variance(self._counts(role), first=_FIRST_BIN, scale=100))

    def quantile(self, q: float, role: str) -> float:
        """The ``q`` quantile (0 <= q <= 1) of the best keep's value in ``role`` (points, to the hundredth)."""
        return round(float(self.values[quantile_index(self._counts(role), q)]), 2)

    def share_at_least(self, value: float, role: str) -> float:
        """The share of hands whose best keep in ``role`` is worth ``value`` or more."""
        counts = self._counts(role)
        return float(counts[self.values >= value - _TIE].sum() / counts.sum())

    @property
    def differ_share(self) -> float:
        return self.differ / self.hands

    def to_frame(self) -> pd.DataFrame:
        """The distribution (pandas), one row per value that occurs. Columns: ``value`` (points, to the
        hundredth), ``ours_hands`` and ``theirs_hands`` (how many hands' best keep is worth that much when
        the crib is your side's, and when it is an opponent's), ``ours_share`` and ``theirs_share`` (the
        same as shares 0..1), ``differ`` (:attr:`differ`, the same on every row). Its ``attrs`` hold the
        data dictionary (``data_dictionary("five_keeps")``)."""
        import pandas as pd
        used = (self.ours > 0) | (self.theirs > 0)
        return described(pd.DataFrame({"value": np.round(self.values[used], 2), "ours_hands": self.ours[used],
                                       "theirs_hands": self.theirs[used], "ours_share": self.ours[used] / self.hands,
                                       "theirs_share": self.theirs[used] / self.hands, "differ": self.differ}),
                         "five_keeps")

    @classmethod
    def from_frame(cls, frame: pd.DataFrame) -> FiveKeepTable:
        """The table back from its :meth:`to_frame` (what :func:`cribbage.stats.read_table` reads a file into)."""
        bins = np.rint((frame["value"].to_numpy(dtype=np.float64) - _LOW) * 100).astype(np.intp)
        ours, theirs = np.zeros(_BINS, np.int64), np.zeros(_BINS, np.int64)
        ours[bins], theirs[bins] = frame["ours_hands"], frame["theirs_hands"]
        return cls(int(ours.sum()), int(frame["differ"].iloc[0]), ours, theirs)

    def to_csv(self, path: str | Path) -> Path:
        """Write :meth:`to_frame` to ``path`` as CSV; returns the path."""
        path = Path(path)
        self.to_frame().to_csv(path, index=False)
        return path

    def _counts(self, role: str) -> np.ndarray:
        if role not in ROLES:
            raise refuse("stats.bad_five_role", value=shown(role))
        return self.ours if role == "ours" else self.theirs


def keep_five_statistics(*, cache: bool = True) -> FiveKeepTable:
    """The best keep's value over every five-card hand: built once (seconds), then read from the cache.
    The cache's file is named by this module's source too, as no shipped result depends on it."""
    settings = {"source": source_digest(("stats/keep_five.py",))}
    arrays = cached_arrays("five-keeps", settings, _build, cache=flag(cache, "cache"))
    total, differ = (int(x) for x in arrays["counts"])
    return FiveKeepTable(total, differ, arrays["ours"], arrays["theirs"])
