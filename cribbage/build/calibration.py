"""Builds ``cribbage/stats/data/position_calibration.json``: the position model's recalibration, its
margins of error and its check on held-out games, for a game to 121 and a game to 61, and the same for
the game table's model (:mod:`cribbage.stats.calibrated`).

What: for each game, the Platt map of the model's chances, the margin of each band of the dealer's
chance, and, on games neither fitted nor recalibrated on, each band's predicted chance, observed share
with its 95% (Wilson) interval and number of deal starts, before and after the map; the same for
:func:`cribbage.ai.endgame.win_probability` (the game table's and the board's chance); and the
provenance of the whole and of each game.

From: disjoint sets of seeded expert self-play (:data:`cribbage.stats.calibrated.SETS`): 2,000 games to
121 that both models are solved from, then for each game 5,000 games to recalibrate on and 10,000
held-out games, all played on every core and kept in the table cache (:mod:`cribbage.stats.cache`), so
a second build only reads them.

Takes: about 32,000 games, some 10 CPU-minutes from an empty cache; seconds when the games are cached.

Command: ``python -m cribbage.build calibration``. Rebuild it whenever a file of
:data:`cribbage.stats.calibrated.ENGINE_PARTS` changes: ``tests/test_provenance.py`` fails until then.
"""

from __future__ import annotations

from concurrent.futures import Executor

from cribbage.build import on_every_core
from cribbage.stats.calibrated import (
    BUILD_COMMAND,
    CALIBRATION_FILE,
    ENGINE_PARTS,
    SETS,
    build_calibration,
    calibrations_json,
)
from cribbage.stats.deals import deal_log
from cribbage.stats.provenance import Provenance

__all__ = ["OUTPUT", "SETS", "TAKES", "write"]

TAKES = "about 10 minutes"
#: The file the calibration is written to.
OUTPUT = CALIBRATION_FILE
_NAMES = ("fit", "recalibrate", "held_out")


def write(*, parallel: bool = True) -> None:
    """Play (or read from the cache) each game's sets of games and write both games' calibrations, with
    their provenance, to :data:`OUTPUT` (on a process per core unless ``parallel`` is false)."""

    def built(executor: Executor | None) -> str:
        made = {}
        for target, sets in SETS.items():
            # the model is solved from games to 121 (what a deal scores), checked on games to its target
            logs = [deal_log(sets[name]["games"], seed=sets[name]["seed"], executor=executor,
                             target=121 if name == "fit" else target) for name in _NAMES]
            made[target] = build_calibration(*logs, target=target, command=BUILD_COMMAND,
                                             seeds=tuple(str(sets[name]["seed"]) for name in _NAMES))  # type: ignore[arg-type]
        seeds = "; ".join(f"{target}: {', '.join(str(sets[name]['seed']) for name in _NAMES)}"
                          for target, sets in SETS.items())
        held_out = sum(sets["held_out"]["games"] for sets in SETS.values())
        return calibrations_json(made, Provenance.record(ENGINE_PARTS, command=BUILD_COMMAND, seed=seeds,
                                                         sample=held_out))

    OUTPUT.write_text(on_every_core(built, parallel=parallel) + "\n", encoding="utf-8")
