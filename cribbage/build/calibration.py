"""Builds ``cribbage/stats/data/position_calibration.json``: the position model's recalibration, its
margins of error and its check on held-out games (:mod:`cribbage.stats.calibrated`).

What: the Platt map of the model's chances, the margin of each band of the dealer's chance, and, on
games neither fitted nor recalibrated on, each band's predicted chance, observed share with its 95%
(Wilson) interval and number of deal starts, before and after the map; and its provenance.

From: three disjoint sets of seeded expert self-play (:data:`cribbage.stats.calibrated.FIT`,
``RECALIBRATE``, ``HELD_OUT``: 2,000, 5,000 and 10,000 games), played on every core, kept in the table
cache (:mod:`cribbage.stats.cache`), so a second build only reads them.

Takes: about 17,000 games, some 5 CPU-minutes from an empty cache; seconds when the games are cached.

Command: ``python -m cribbage.build calibration``. Rebuild it whenever a file of
:data:`cribbage.stats.calibrated.ENGINE_PARTS` changes: ``tests/test_provenance.py`` fails until then.
"""

from __future__ import annotations

from concurrent.futures import Executor

from cribbage.build import on_every_core
from cribbage.stats.calibrated import BUILD_COMMAND, CALIBRATION_FILE, FIT, HELD_OUT, RECALIBRATE, build_calibration
from cribbage.stats.deals import deal_log

__all__ = ["OUTPUT", "TAKES", "write"]

TAKES = "a few minutes"
#: The file the calibration is written to.
OUTPUT = CALIBRATION_FILE


def write(*, parallel: bool = True) -> None:
    """Play (or read from the cache) the three sets of games and write the calibration, with its
    provenance, to :data:`OUTPUT` (on a process per core unless ``parallel`` is false)."""

    def built(executor: Executor | None) -> str:
        sets = (FIT, RECALIBRATE, HELD_OUT)
        logs = [deal_log(spec["games"], seed=spec["seed"], executor=executor) for spec in sets]
        return build_calibration(*logs, seeds=tuple(str(spec["seed"]) for spec in sets),  # type: ignore[arg-type]
                                 command=BUILD_COMMAND).to_json()

    OUTPUT.write_text(on_every_core(built, parallel=parallel) + "\n", encoding="utf-8")
