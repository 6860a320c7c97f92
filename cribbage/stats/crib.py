"""Crib tables: the average crib for every pair of ranks laid away, own crib and opponent's.

Two models of the other side's two cards, side by side with the published tables
(:mod:`cribbage.stats.published`):

- **uniform**: every pair the other side could lay away is equally likely. Exact: each of the
  50 * C(49, 2) = 58,800 (starter, pair) completions of the two cards counted once, by the same
  enumeration as the discard advice (:func:`cribbage.ai.discard.crib_table`). It is the same for
  one's own crib and the opponent's.
- **expert**: the other side lays away what the expert computer would from the six cards it holds.
  Sampled: a seeded set of six-card hands for the other side, each discarded by the expert; for each
  of the 1,326 pairs of cards one could lay away, every sampled hand that does not hold them, with
  the crib's exact average over the 44 starters left. Suits are then averaged to rank pairs
  (a pair of different ranks is of one suit a quarter of the time).

Why the published tables sit where they do: a dealer keeps good cards back for his own crib and
a pone keeps them out of the dealer's, so real cribs are richer than uniform ones as the opponent's
and poorer as one's own.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import combinations
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from cribbage.ai.discard import crib_table
from cribbage.ai.expert import ExpertPlayer
from cribbage.ai.levels import player
from cribbage.lang.messages import message
from cribbage.rules.cards import FULL_DECK, Card
from cribbage.rules.checks import flag, whole
from cribbage.rules.errors import shown
from cribbage.rules.ranks import rank_table
from cribbage.stats.cache import cached_arrays
from cribbage.stats.dictionary import described
from cribbage.stats.published import PublishedCribTable, published_crib_table
from cribbage.stats.words import refuse

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["MODELS", "CribComparison", "CribTable", "Discarder", "crib_averages"]

MODELS = ("uniform", "expert")

#: How a player lays away: ``discarder(six, dealer=...)`` gives the two cards.
Discarder = Callable[..., "tuple[Card, Card]"]

_RANKS = np.array([c.rank - 1 for c in FULL_DECK])
_SUITS = np.array([int(c.suit) for c in FULL_DECK])
_JACK = 10
_LABELS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


@dataclass(frozen=True)
class CribComparison:
    """How a table differs from a published one, over the 91 rank pairs."""

    published: PublishedCribTable
    mean_difference: float    #: ours minus published, averaged over the 91 pairs
    mean_abs_difference: float
    correlation: float        #: of the 91 values
    largest: tuple[tuple[str, float, float], ...]  #: (pair, ours, published), largest gaps first


@dataclass(frozen=True)
class CribTable:
    """The average crib for two cards laid away, by rank (``table[5, 5]``: a pair of fives)."""

    model: str
    dealer: bool            #: True: one's own crib; False: the opponent's
    means: np.ndarray       #: (13, 13), rank 1 (ace) at index 0
    suited: np.ndarray      #: (13, 13) the two cards of one suit (nan for a pair)
    offsuit: np.ndarray     #: (13, 13) the two of different suits
    stderr: np.ndarray      #: (13, 13) standard error of a sampled mean (0 for an exact table)
    samples: int            #: the other side's sampled hands (0: exact)

    def __getitem__(self, ranks: tuple[int, int]) -> float:
        a, b = (_rank(r) for r in ranks)
        return float(self.means[a - 1, b - 1])

    @property
    def exact(self) -> bool:
        return self.samples == 0

    def pairs(self) -> list[tuple[str, float]]:
        """The 91 rank pairs with their averages, best crib first: ``("5-5", 8.99)``."""
        rows = [(f"{_LABELS[a]}-{_LABELS[b]}", float(self.means[a, b]))
                for a in range(13) for b in range(a, 13)]
        return sorted(rows, key=lambda row: -row[1])

    def to_frame(self) -> pd.DataFrame:
        """The 91 rank pairs (pandas), one row each. Columns: ``first``, ``second`` (the two ranks
        laid away, 1 = ace ... 13 = king, first <= second), ``pair`` (as ``"5-J"``), ``mean`` (the
        average crib, points), ``suited`` and ``offsuit`` (the same for two cards of one suit, of two
        suits; suited is empty for a pair), ``stderr`` (standard error of ``mean``, points; 0 for the
        exact table), ``model``, ``crib`` (``own`` or ``opponent``), ``samples`` (the other side's
        sampled hands; 0: exact). Its ``attrs`` hold the data dictionary (``data_dictionary("crib")``)."""
        import pandas as pd
        rows = [(a + 1, b + 1, f"{_LABELS[a]}-{_LABELS[b]}", float(self.means[a, b]), float(self.suited[a, b]),
                 float(self.offsuit[a, b]), float(self.stderr[a, b]))
                for a in range(13) for b in range(a, 13)]
        frame = pd.DataFrame(rows, columns=["first", "second", "pair", "mean", "suited", "offsuit", "stderr"])
        return described(frame.assign(model=self.model, crib="own" if self.dealer else "opponent", samples=self.samples),
                         "crib")

    @classmethod
    def from_frame(cls, frame: pd.DataFrame) -> CribTable:
        """The table back from its :meth:`to_frame` (what :func:`cribbage.stats.read_table` reads a file into)."""
        first, second = (frame[name].to_numpy(dtype=np.intp) - 1 for name in ("first", "second"))
        arrays = {}
        for name in ("mean", "suited", "offsuit", "stderr"):
            array = np.zeros((13, 13))
            array[first, second] = array[second, first] = frame[name].to_numpy(dtype=np.float64)
            arrays[name] = array
        return cls(str(frame["model"].iloc[0]), str(frame["crib"].iloc[0]) == "own", arrays["mean"], arrays["suited"],
                   arrays["offsuit"], arrays["stderr"], int(frame["samples"].iloc[0]))

    def to_csv(self, path: str | Path) -> Path:
        """Write :meth:`to_frame` to ``path`` as CSV; returns the path."""
        path = Path(path)
        self.to_frame().to_csv(path, index=False)
        return path

    def difference(self, published: PublishedCribTable | str) -> np.ndarray:
        """(13, 13) this table minus a published one, points."""
        table = published_crib_table(published) if isinstance(published, str) else published
        gaps: np.ndarray = self.means - table.means
        return gaps

    def compare(self, published: PublishedCribTable | str) -> CribComparison:
        """Where and by how much this table differs from a published one."""
        table = published_crib_table(published) if isinstance(published, str) else published
        upper = np.triu_indices(13)
        ours, theirs = self.means[upper], table.means[upper]
        gaps = ours - theirs
        order = np.argsort(-np.abs(gaps))[:5]
        largest = tuple((f"{_LABELS[upper[0][i]]}-{_LABELS[upper[1][i]]}", float(ours[i]), float(theirs[i]))
                        for i in order)
        return CribComparison(table, float(gaps.mean()), float(np.abs(gaps).mean()),
                              float(np.corrcoef(ours, theirs)[0, 1]), largest)


def _rank(r: object) -> int:
    if isinstance(r, str):
        label = r.upper().replace("T", "10")
        if label in _LABELS:
            return _LABELS.index(label) + 1
    elif isinstance(r, (int, np.integer)) and not isinstance(r, bool) and 1 <= r <= 13:
        return int(r)
    raise refuse("stats.bad_rank", value=shown(r))


def crib_averages(model: str = "uniform", *, dealer: bool = True, samples: int = 20_000, seed: int = 1,
                  discarder: Discarder | None = None, cache: bool = True) -> CribTable:
    """The crib table under ``model`` (``"uniform"`` or ``"expert"``), for one's own crib
    (``dealer=True``) or the opponent's.

    The expert table samples ``samples`` hands for the other side (seeded by ``seed``) and is kept
    in the table cache (:mod:`cribbage.stats.cache`); ``discarder`` replaces the expert computer
    (then nothing is cached).
    """
    if not isinstance(model, str) or model not in MODELS:
        raise refuse("stats.no_model", value=shown(model), choices=", ".join(MODELS))
    dealer, cache = flag(dealer, "dealer"), flag(cache, "cache")
    seed = whole(seed, "seed")
    if discarder is not None and not callable(discarder):
        raise refuse("arg.wrong_kind", name="discarder", kind="function", value=shown(discarder))
    if not isinstance(samples, int) or isinstance(samples, bool) or samples < 10:
        raise refuse("stats.whole_number", what=message("stats.what.samples"), least=10, value=shown(samples))
    if model == "uniform":
        return _uniform(bool(dealer))
    settings = {"dealer": bool(dealer), "samples": samples, "seed": seed}
    use_cache = cache and discarder is None
    chosen = discarder or _expert_discarder()
    arrays = cached_arrays("crib-expert", settings,
                           lambda: sampled_crib_arrays(chosen, dealer=bool(dealer), samples=samples, seed=seed),
                           cache=use_cache)
    return CribTable("expert", bool(dealer), arrays["means"], arrays["suited"], arrays["offsuit"],
                     arrays["stderr"], samples)


def _expert_discarder() -> Discarder:
    expert = player("expert")
    assert isinstance(expert, ExpertPlayer)  # for the type checker: "expert" is the ExpertPlayer
    return expert.choose_discard


def _uniform(dealer: bool) -> CribTable:
    table = crib_table()  # [rank1, rank2, suited]
    offsuit = np.array(table[:, :, 0])
    suited = np.where(np.eye(13, dtype=bool), np.nan, table[:, :, 1])
    means = np.where(np.eye(13, dtype=bool), offsuit, 0.25 * table[:, :, 1] + 0.75 * offsuit)
    return CribTable("uniform", dealer, means, suited, offsuit, np.zeros((13, 13)), 0)


def sample_hands(samples: int, seed: int) -> np.ndarray:
    """``samples`` seeded six-card hands as card indices, shape (samples, 6)."""
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((samples, 52)), axis=1)[:, :6]


def sampled_crib_arrays(discarder: Discarder, *, dealer: bool, samples: int, seed: int) -> dict[str, np.ndarray]:
    """The sampled crib table's arrays (``means``, ``suited``, ``offsuit``, ``stderr``).

    The other side holds each sampled hand and lays away ``discarder(six, dealer=not dealer)``.
    """
    hands = sample_hands(samples, seed)
    away = np.empty((samples, 2), dtype=np.intp)
    for i, hand in enumerate(hands):
        six = tuple(FULL_DECK[j] for j in hand)
        a, b = discarder(six, dealer=not dealer)
        away[i] = a.index, b.index
    return _crib_arrays_from(hands, away)


def _crib_arrays_from(hands: np.ndarray, away: np.ndarray) -> dict[str, np.ndarray]:
    n = len(hands)
    held = np.zeros((n, 52), dtype=bool)
    held[np.arange(n)[:, None], hands] = True
    ranks_left = 4 - np.stack([np.bincount(_RANKS[h], minlength=13) for h in hands])
    suits_left = 13 - np.stack([np.bincount(_SUITS[h], minlength=4) for h in hands])
    dr, ds = _RANKS[away], _SUITS[away]
    table = rank_table()
    starter_rank = np.arange(13)
    sums = {"all": np.zeros((13, 13)), "suited": np.zeros((13, 13)), "offsuit": np.zeros((13, 13))}
    counts = {k: np.zeros((13, 13)) for k in sums}
    spread = np.zeros((13, 13))
    for c1, c2 in combinations(range(52), 2):
        rows = ~held[:, c1] & ~held[:, c2]
        r1, r2, s1, s2 = _RANKS[c1], _RANKS[c2], _SUITS[c1], _SUITS[c2]
        left = ranks_left[rows].copy()
        left[:, r1] -= 1
        left[:, r2] -= 1
        suits = suits_left[rows].copy()
        suits[:, s1] -= 1
        suits[:, s2] -= 1
        their_r, their_s = dr[rows], ds[rows]
        code = r1 * 13 ** 4 + r2 * 13 ** 3 + their_r[:, 0] * 13 ** 2 + their_r[:, 1] * 13
        points = (table[code[:, None] + starter_rank].astype(np.int32) * left).sum(axis=1)
        flush = (s1 == s2) & (their_s[:, 0] == s1) & (their_s[:, 1] == s1)
        points += np.where(flush, 5 * suits[:, s1], 0)
        idx = np.arange(len(left))
        for rank, suit in ((r1, s1), (r2, s2)):
            if rank == _JACK:
                points += suits[:, suit]
        for k in (0, 1):
            jack = their_r[:, k] == _JACK
            points += np.where(jack, suits[idx, their_s[:, k]], 0)
        crib = points / 44.0  # the starter: any of the 44 cards neither in hand nor laid away
        a, b = sorted((r1, r2))
        kind = "suited" if s1 == s2 else "offsuit"
        for key in ("all", kind):
            sums[key][a, b] += crib.mean()
            counts[key][a, b] += 1
        spread[a, b] += crib.var() / len(crib)
    out = {}
    for key, name in (("all", "means"), ("suited", "suited"), ("offsuit", "offsuit")):
        with np.errstate(invalid="ignore"):
            upper = sums[key] / counts[key]
        out[name] = _symmetric(upper)
    # Each suit variant reuses the same sampled hands, so their errors are not independent: the
    # standard error of one variant is the honest (upper) figure for the rank pair's mean.
    with np.errstate(invalid="ignore"):
        out["stderr"] = _symmetric(np.sqrt(spread / counts["all"]))
    return out


def _symmetric(upper: np.ndarray) -> np.ndarray:
    full = np.triu(np.nan_to_num(upper, nan=0.0))
    full = full + np.triu(full, 1).T
    return np.where(np.isnan(upper) & np.isnan(upper.T), np.nan, full)
