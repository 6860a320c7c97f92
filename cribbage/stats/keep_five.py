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

The averages are those of :func:`cribbage.multiplayer.keep.five_keeps`, the same the computer chooses
by at a table of three or four.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from itertools import combinations
from math import comb
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from cribbage.multiplayer.keep import five_keeps, read_five
from cribbage.rules.cards import Card, CardLike
from cribbage.rules.checks import flag
from cribbage.rules.errors import shown
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

_BINS = 4001                      # hundredths of a point, -10.00 .. 30.00
_LOW = -10.0
_FIRST_BIN = -1000
_TIE = 1e-9                       # values are exact rationals; two keeps within this are worth the same


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
    settings = {"source": source_digest(("stats/keep_five.py", "multiplayer/keep.py"))}
    arrays = cached_arrays("five-keeps", settings, _build, cache=flag(cache, "cache"))
    total, differ = (int(x) for x in arrays["counts"])
    return FiveKeepTable(total, differ, arrays["ours"], arrays["theirs"])
