"""Builds ``cribbage/stats/data/selfplay_expert.json``: the saved run of expert self-play stop 6 quotes.

What: what each part of a deal is worth to each side, over the complete deals and over all deals, the
total of a deal three ways, and the first dealer's share of wins, each with its standard error
(:class:`cribbage.stats.selfplay.SelfPlaySummary`); and its provenance (the engine version of the files
it depends on, this command, the seed, the sample size and the date).

From: :data:`cribbage.stats.selfplay.SAVED_RUN`, seeded games of the expert against itself, played on
every core (the same games as on one).

Takes: about 5 CPU-minutes (320 CPU-s measured), a few minutes on an idle 2-core machine.

Command: ``python -m cribbage.build selfplay``. Rebuild it whenever a file of
:data:`cribbage.stats.selfplay.ENGINE_PARTS` changes: ``tests/test_provenance.py`` fails until then.
"""

from __future__ import annotations

from concurrent.futures import Executor

from cribbage.build import on_every_core
from cribbage.stats.selfplay import BUILD_COMMAND, SAVED_RUN, SELFPLAY_FILE, selfplay_summary

__all__ = ["OUTPUT", "TAKES", "write"]

TAKES = "a few minutes"
#: The file the summary is written to.
OUTPUT = SELFPLAY_FILE


def write(*, parallel: bool = True) -> None:
    """Play the saved run again and write its summary, with its provenance, to :data:`OUTPUT`
    (on a process per core unless ``parallel`` is false)."""
    run = dict(SAVED_RUN)

    def summary(executor: Executor | None) -> str:
        return selfplay_summary(run["games"], seed=run["seed"], level=run["level"], executor=executor,
                                command=BUILD_COMMAND).to_json()

    OUTPUT.write_text(on_every_core(summary, parallel=parallel) + "\n", encoding="utf-8")
