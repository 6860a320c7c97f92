"""The statistics lab's default tables, shipped built so that a first run of the lab builds nothing.

From an empty cache the lab's tables took over a minute on two cores, most of it the 2,000 games of
the deal log. :data:`LAB_TABLES` are the lab's default settings (the same numbers the lab has always
shown); ``python -m cribbage.build lab_tables`` builds each of their tables with the engine as it is
and writes them, named as in the cache, into :data:`cribbage.stats.cache.SHIPPED_DIR`, with a
provenance file (:data:`PROVENANCE_FILE`) whose engine version is the caches' own
(:func:`cribbage.stats.cache.engine_version`). A table not in the user's cache is read from there when
it ships for this engine version; when the engine changes, their names no longer match, the lab builds
them as before, and ``tests/test_provenance.py`` names them stale until the command is run again.

The 962,988 classes of deals behind the keep table (tens of megabytes) do not ship: the keep table
(the distribution of the best keep's value) does, and :func:`cribbage.stats.best_keep` works out a
deal's entry alone when the classes are not in the cache.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from cribbage.stats.cache import ENGINE_PARTS, ENV_VAR, SHIPPED_DIR, cache_dir, table_file
from cribbage.stats.crib import crib_averages
from cribbage.stats.deals import deal_log
from cribbage.stats.keep import keep_statistics
from cribbage.stats.provenance import Provenance

__all__ = ["BUILD_COMMAND", "LAB_TABLES", "PROVENANCE_FILE", "build_lab_tables", "shipped_files"]

#: The lab's default settings: crib tables of 10,000 seeded hands, the keep table of every deal, and
#: the deal log of 2,000 expert games (seed 1, the position model's own: see :mod:`cribbage.stats.calibrated`).
LAB_TABLES: dict[str, Any] = {"crib_samples": 10_000, "seed": 1, "keep_sample": None, "games": 2000}
#: What made the shipped tables.
PROVENANCE_FILE = SHIPPED_DIR / "provenance.json"
BUILD_COMMAND = "python -m cribbage.build lab_tables"


def _make_all(settings: dict[str, Any]) -> None:
    for dealer in (True, False):
        crib_averages("expert", dealer=dealer, samples=settings["crib_samples"], seed=settings["seed"])
    keep_statistics(sample=settings["keep_sample"], seed=settings["seed"])
    deal_log(settings["games"], seed=settings["seed"], executor=settings.get("executor"))


def shipped_files() -> list[Path]:
    """The tables that ship built (their names say their table, engine version and settings)."""
    return sorted(SHIPPED_DIR.glob("*.npz"))


def build_lab_tables(folder: Path = SHIPPED_DIR, *, make: Callable[[dict[str, Any]], None] = _make_all,
                     settings: dict[str, Any] | None = None, command: str = BUILD_COMMAND) -> list[Path]:
    """Build the lab's default tables in an empty cache folder of their own and write them into
    ``folder``, with their provenance. Returns the files. The tables in ``folder`` are removed first:
    a table missing from the cache would be read from there rather than built."""
    settings = {**LAB_TABLES, **(settings or {})}
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.glob("*.npz"):
        old.unlink()
    # The classes of deals (not shipped, half a minute to build), if this engine version's are in the
    # user's cache, are read from there: the same file the build would make.
    ready = [path for path in (cache_dir() / table_file("keep-classes", {}),) if path.exists()]
    before = os.environ.get(ENV_VAR)
    with tempfile.TemporaryDirectory(prefix="cribbage-lab-tables-") as scratch:
        for path in ready:
            (Path(scratch) / path.name).write_bytes(path.read_bytes())
        os.environ[ENV_VAR] = scratch
        try:
            make(settings)
            for path in sorted(cache_dir().glob("*.npz")):
                if not path.name.startswith("keep-classes-"):
                    (folder / path.name).write_bytes(path.read_bytes())
            out = sorted(folder.glob("*.npz"))
        finally:
            if before is None:
                os.environ.pop(ENV_VAR, None)
            else:
                os.environ[ENV_VAR] = before
    made = Provenance.record(ENGINE_PARTS, command=command, seed=str(settings["seed"]), sample=settings["games"])
    (folder / PROVENANCE_FILE.name).write_text(json.dumps(
        {"provenance": made.to_dict(), "settings": {k: v for k, v in settings.items() if k != "executor"},
         "files": [p.name for p in out]}, indent=1) + "\n", encoding="utf-8")
    return out
