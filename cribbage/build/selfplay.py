"""Builds ``cribbage/stats/data/selfplay_expert.json``: the saved run of expert self-play stop 6 quotes.

What: what each part of a deal is worth to each side and the first dealer's share of wins, each with
its standard error (:class:`cribbage.stats.selfplay.SelfPlaySummary`).

From: :data:`cribbage.stats.selfplay.SAVED_RUN`, seeded games of the expert against itself.

Takes: a few minutes on one core.

Command: ``python -m cribbage.build selfplay``
"""

from __future__ import annotations

from cribbage.stats.selfplay import SAVED_RUN, SELFPLAY_FILE, selfplay_summary

__all__ = ["OUTPUT", "TAKES", "write"]

TAKES = "a few minutes"
#: The file the summary is written to.
OUTPUT = SELFPLAY_FILE


def write() -> None:
    """Play the saved run again and write its summary to :data:`OUTPUT`."""
    summary = selfplay_summary(SAVED_RUN["games"], seed=SAVED_RUN["seed"], level=SAVED_RUN["level"])
    OUTPUT.write_text(summary.to_json() + "\n", encoding="utf-8")
