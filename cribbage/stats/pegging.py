"""Pegging statistics: what the play gives, to whom, how, by the lead and by the cards held.

Read from a self-play deal log (:mod:`cribbage.stats.deals`), and set beside Chambers' per-deal
figures for expert play: the pone pegs about 2.0 a deal and the dealer about 3.5 (his last card
and the reply to every lead are the dealer's advantage).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from cribbage.rules.checks import of_kind
from cribbage.stats.deals import PLAY_KINDS, DealLog, deal_log

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

    def kind(self, name: str, role: str) -> tuple[float, float]:
        """(mean points per deal, share of deals scored) of one kind for ``"pone"`` or ``"dealer"``."""
        i, r = self.kinds.index(name), ROLES.index(role)
        return float(self.by_kind[r, i]), float(self.how_often[r, i])


def pegging_statistics(log: DealLog | None = None) -> PeggingStats:
    """The :class:`PeggingStats` of a deal log (by default :func:`deal_log`'s cached one)."""
    log = deal_log() if log is None else of_kind(log, "log", DealLog)
    kinds = log.kinds.astype(np.float64)           # (deals, 2, kinds)
    play = kinds.sum(axis=2)                        # (deals, 2)
    lead = log.lead.astype(np.intp) - 1
    lead_counts = np.bincount(lead, minlength=13)
    by_lead = np.full((2, 13), np.nan)
    by_held = np.full((2, 13), np.nan)
    for rank in range(13):
        led = lead == rank
        if led.any():
            by_lead[:, rank] = play[led].mean(axis=0)
        for role in (0, 1):
            holds = (log.kept[:, role] == rank + 1).any(axis=1)
            if holds.any():
                by_held[role, rank] = play[holds, role].mean()
    return PeggingStats(log.deals, play.mean(axis=0), kinds.mean(axis=0), (kinds > 0).mean(axis=0),
                        lead_counts, by_lead, by_held)
