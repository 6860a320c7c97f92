"""Pegging statistics: what the play gives, to whom, how, by the lead and by the cards held.

Read from a self-play deal log (:mod:`cribbage.stats.deals`), and set beside Chambers' per-deal
figures for expert play: the pone pegs about 2.0 a deal and the dealer about 3.5 (his last card
and the reply to every lead are the dealer's advantage).
"""

from __future__ import annotations

from dataclasses import dataclass, field
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
    """Pegging per deal. Arrays are indexed [role] with role 0 = pone, 1 = dealer."""

    deals: int
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

    def to_frame(self) -> pd.DataFrame:
        """Points pegged per deal by role and kind (pandas), one row per (role, kind). Columns:
        ``role`` (pone or dealer), ``kind`` (a way to peg in the play), ``points_per_deal`` (mean
        points from that kind per deal), ``stderr`` (its standard error, points), ``share_of_deals``
        (share 0..1 of deals in which the side scored it), ``deals`` (the sample size)."""
        import pandas as pd
        rows = [(role, str(kind), float(self.by_kind[r, k]), float(self.by_kind_se[r, k]),
                 float(self.how_often[r, k]), self.deals)
                for r, role in enumerate(ROLES) for k, kind in enumerate(self.kinds)]
        return described(pd.DataFrame(rows, columns=["role", "kind", "points_per_deal", "stderr", "share_of_deals", "deals"]),
                         "pegging")

    def lead_frame(self) -> pd.DataFrame:
        """Points pegged per deal after each lead (pandas), one row per rank led. Columns: ``lead``
        (rank 1 = ace ... 13 = king), ``deals`` (deals with that lead), ``pone``/``dealer`` (mean
        points per deal), ``pone_stderr``/``dealer_stderr`` (their standard errors, points)."""
        import pandas as pd
        return described(pd.DataFrame({"lead": np.arange(1, 14), "deals": self.lead_counts,
                                       "pone": self.by_lead[0], "pone_stderr": self.by_lead_se[0],
                                       "dealer": self.by_lead[1], "dealer_stderr": self.by_lead_se[1]}), "pegging_leads")

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
    """The :class:`PeggingStats` of a deal log (by default :func:`deal_log`'s cached one)."""
    log = deal_log() if log is None else of_kind(log, "log", DealLog)
    kinds = log.kinds.astype(np.float64)           # (deals, 2, kinds)
    play = kinds.sum(axis=2)                        # (deals, 2)
    lead = log.lead.astype(np.intp) - 1
    lead_counts = np.bincount(lead, minlength=13)
    by_lead = np.full((2, 13), np.nan)
    by_held = np.full((2, 13), np.nan)
    lead_se = np.full((2, 13), np.nan)
    held_se = np.full((2, 13), np.nan)
    held_counts = np.zeros((2, 13), dtype=np.int64)
    for rank in range(13):
        led = lead == rank
        if led.any():
            by_lead[:, rank] = play[led].mean(axis=0)
            lead_se[:, rank] = _se(play[led])
        for role in (0, 1):
            holds = (log.kept[:, role] == rank + 1).any(axis=1)
            held_counts[role, rank] = int(holds.sum())
            if holds.any():
                by_held[role, rank] = play[holds, role].mean()
                held_se[role, rank] = _se(play[holds, role])
    return PeggingStats(log.deals, play.mean(axis=0), kinds.mean(axis=0), (kinds > 0).mean(axis=0),
                        lead_counts, by_lead, by_held, per_deal_se=_se(play), by_kind_se=_se(kinds),
                        by_lead_se=lead_se, by_held_se=held_se, held_counts=held_counts)
