"""Pegging statistics: what the play gives, to whom, how, by the lead and by the cards held.

Read from a self-play deal log (:mod:`cribbage.stats.deals`), and set beside Chambers' per-deal
figures for expert play: the pone pegs about 2.0 a deal and the dealer about 3.5 (his last card
and the reply to every lead are the dealer's advantage).

Every figure is taken over all deals, a deal the game's end cut short counted with what it pegged
before the end, and again over the complete deals alone (:attr:`PeggingStats.complete`): the two
differ because the game's end censors its last deal (see :mod:`cribbage.stats.deals`), and the lab
shows both where they do.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from cribbage.rules.checks import of_kind
from cribbage.stats.deals import PLAY_KINDS, DealLog, deal_log
from cribbage.stats.dictionary import described

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["CHAMBERS_PLAY", "PeggingStats", "pegging_statistics"]

#: Chambers' average points pegged per deal in expert play, by role.
CHAMBERS_PLAY = {"pone": 2.0, "dealer": 3.5}

ROLES = ("pone", "dealer")


@dataclass(frozen=True)
class PeggingStats:
    """Pegging per deal. Arrays are indexed [role] with role 0 = pone, 1 = dealer. The figures are over
    every deal of the log (the complete ones and those cut short); :attr:`complete` holds the same
    figures over the complete deals alone."""

    deals: int                    #: the deals measured
    per_deal: np.ndarray          #: (2,) mean points pegged per deal
    by_kind: np.ndarray           #: (2, kinds) mean points per deal from each kind
    how_often: np.ndarray         #: (2, kinds) share of deals in which the side scored that kind
    lead_counts: np.ndarray       #: (13,) how many deals the pone led each rank (index = rank - 1)
    by_lead: np.ndarray           #: (2, 13) mean points per deal after the pone led that rank
    by_held_rank: np.ndarray      #: (2, 13) mean points per deal of a side that kept that rank
    kinds: tuple[str, ...] = PLAY_KINDS
    #: standard errors of the means above, same shapes (nan where fewer than two deals)
    per_deal_se: np.ndarray = field(default_factory=lambda: np.zeros(2))
    by_kind_se: np.ndarray = field(default_factory=lambda: np.zeros((2, len(PLAY_KINDS))))
    by_lead_se: np.ndarray = field(default_factory=lambda: np.zeros((2, 13)))
    by_held_se: np.ndarray = field(default_factory=lambda: np.zeros((2, 13)))
    held_counts: np.ndarray = field(default_factory=lambda: np.zeros((2, 13), dtype=np.int64))  #: deals per cell
    censored: int = 0             #: of :attr:`deals`, those the game's end cut short
    over: str = "all deals"       #: the deals taken over: ``"all deals"`` or ``"complete deals"``
    #: the same statistics over the complete deals alone (None for statistics of complete deals)
    complete: PeggingStats | None = None

    def kind(self, name: str, role: str) -> tuple[float, float]:
        """(mean points per deal, share of deals scored) of one kind for ``"pone"`` or ``"dealer"``."""
        i, r = self.kinds.index(name), ROLES.index(role)
        return float(self.by_kind[r, i]), float(self.how_often[r, i])

    def most_after_lead(self, role: str = "dealer", *, least_deals: int = 30) -> int:
        """The lead (rank 1..13) after which ``role`` pegs most per deal, among the leads made in at
        least ``least_deals`` deals (rarer leads' means are too uncertain to rank)."""
        r = ROLES.index(role)
        means = np.where(self.lead_counts >= least_deals, self.by_lead[r], -np.inf)
        return int(np.argmax(means)) + 1

    def _overs(self) -> list[tuple[str, PeggingStats]]:
        """Each set of deals these statistics were taken over, named as the frames name it."""
        return [(self.over, self)] + ([] if self.complete is None else [(self.complete.over, self.complete)])

    def to_frame(self) -> pd.DataFrame:
        """Points pegged per deal by role and kind (pandas), one row per (deals taken over, role, kind).
        Columns: ``over`` (``all deals``, a deal the game's end cut short counted with what it pegged,
        or ``complete deals``), ``role`` (pone or dealer), ``kind`` (a way to peg in the play),
        ``points_per_deal`` (mean points from that kind per deal), ``stderr`` (its standard error,
        points), ``share_of_deals`` (share 0..1 of deals in which the side scored it), ``deals`` (the
        sample size)."""
        import pandas as pd
        rows = [(over, role, str(kind), float(s.by_kind[r, k]), float(s.by_kind_se[r, k]), float(s.how_often[r, k]), s.deals)
                for over, s in self._overs() for r, role in enumerate(ROLES) for k, kind in enumerate(s.kinds)]
        return described(pd.DataFrame(rows, columns=["over", "role", "kind", "points_per_deal", "stderr", "share_of_deals",
                                                     "deals"]), "pegging")

    def lead_frame(self) -> pd.DataFrame:
        """Points pegged per deal after each lead (pandas), one row per (deals taken over, rank led).
        Columns: ``over`` (as in :meth:`to_frame`), ``lead`` (rank 1 = ace ... 13 = king), ``deals``
        (deals with that lead), ``pone``/``dealer`` (mean points per deal), ``pone_stderr``/``dealer_stderr``
        (their standard errors, points)."""
        import pandas as pd
        frames = [pd.DataFrame({"over": over, "lead": np.arange(1, 14), "deals": s.lead_counts, "pone": s.by_lead[0],
                                "pone_stderr": s.by_lead_se[0], "dealer": s.by_lead[1], "dealer_stderr": s.by_lead_se[1]})
                  for over, s in self._overs()]
        return described(pd.concat(frames, ignore_index=True), "pegging_leads")

    def to_csv(self, path: str | Path) -> Path:
        """Write :meth:`to_frame` to ``path`` as CSV; returns the path."""
        path = Path(path)
        self.to_frame().to_csv(path, index=False)
        return path


def _se(values: np.ndarray, axis: int = 0) -> np.ndarray:
    n = values.shape[axis]
    if n < 2:
        return np.full(np.delete(values.shape, axis), np.nan)
    se: np.ndarray = values.std(axis=axis, ddof=1) / np.sqrt(n)
    return se


def pegging_statistics(log: DealLog | None = None) -> PeggingStats:
    """The :class:`PeggingStats` of a deal log (by default :func:`deal_log`'s cached one): over all its
    deals, with those over the complete deals in :attr:`PeggingStats.complete`."""
    log = deal_log() if log is None else of_kind(log, "log", DealLog)
    every = log.every()
    complete = replace(_statistics(log.kinds, log.lead, log.kept), over="complete deals")
    return replace(_statistics(every.kinds, every.lead, every.kept), censored=len(log.cut), complete=complete)


def _statistics(kinds_pegged: np.ndarray, leads: np.ndarray, kept: np.ndarray) -> PeggingStats:
    """The statistics of these deals: points by [deal, role, kind], the pone's lead, the ranks kept."""
    kinds = kinds_pegged.astype(np.float64)        # (deals, 2, kinds)
    play = kinds.sum(axis=2)                        # (deals, 2)
    led = leads.astype(np.intp)
    lead = led[led > 0] - 1                         # a game that ended before the lead has none
    lead_counts = np.bincount(lead, minlength=13)
    by_lead = np.full((2, 13), np.nan)
    by_held = np.full((2, 13), np.nan)
    lead_se = np.full((2, 13), np.nan)
    held_se = np.full((2, 13), np.nan)
    held_counts = np.zeros((2, 13), dtype=np.int64)
    for rank in range(13):
        chosen = led == rank + 1
        if chosen.any():
            by_lead[:, rank] = play[chosen].mean(axis=0)
            lead_se[:, rank] = _se(play[chosen])
        for role in (0, 1):
            holds = (kept[:, role] == rank + 1).any(axis=1)
            held_counts[role, rank] = int(holds.sum())
            if holds.any():
                by_held[role, rank] = play[holds, role].mean()
                held_se[role, rank] = _se(play[holds, role])
    return PeggingStats(len(kinds), play.mean(axis=0), kinds.mean(axis=0), (kinds > 0).mean(axis=0),
                        lead_counts, by_lead, by_held, per_deal_se=_se(play), by_kind_se=_se(kinds),
                        by_lead_se=lead_se, by_held_se=held_se, held_counts=held_counts)
