"""Where the statistics lab keeps the tables it builds: versioned files in a user cache folder.

A table is built once (seconds to minutes) and then loaded in milliseconds. Its file name carries
a version: a digest of the table's own settings and of the engine source it was built from, so a
changed engine (scoring, the computer players, the game) makes a new file and the old one is never
read again. The folder is ``$CRIBBAGE_CACHE_DIR`` if set, else the user cache folder of this
system (``platformdirs``), never the project's own tree.

A file is named ``<table>-<engine version>-<settings digest>.npz``. When a table is saved, the
files of the same table built by another engine version are removed (each can be tens of
megabytes and none will be read again); the tables of other settings of this version stay.

The statistics lab's own tables (its default settings: :data:`cribbage.stats.shipped_tables.LAB_TABLES`)
also ship with the package, built by ``python -m cribbage.build lab_tables`` into :data:`SHIPPED_DIR`
under the same names: a table missing from the cache is read from there when one of that name (so of
this engine version and these settings) ships, and a first run of the lab builds nothing.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path

import numpy as np

__all__ = ["ENGINE_PARTS", "ENV_VAR", "SHIPPED_DIR", "cache_dir", "cached_arrays", "cached_files", "engine_version",
           "prune_old_versions", "source_digest", "table_file"]

#: Set this to put the cache elsewhere (CI uses a temporary folder).
ENV_VAR = "CRIBBAGE_CACHE_DIR"

#: The tables shipped built, named as in the cache (see the module's docstring).
SHIPPED_DIR = Path(__file__).resolve().parent / "data" / "tables"

#: What decides every table: the rules, the computer players and their data, and the statistics that
#: build tables. A change to any file in them is a new version.
ENGINE_PARTS = ("rules/*.py", "ai/*.py", "ai/data/*", "stats/hands.py", "stats/crib.py", "stats/position.py",
                "stats/pegging.py", "stats/keep.py", "stats/deals.py")


def cache_dir() -> Path:
    """The folder for the lab's tables (made if missing)."""
    chosen = os.environ.get(ENV_VAR)
    if chosen:
        path = Path(chosen)
    else:
        import platformdirs
        path = Path(platformdirs.user_cache_dir("cribbage-course", appauthor=False)) / "tables"
    path.mkdir(parents=True, exist_ok=True)
    return path


@lru_cache(maxsize=1)
def engine_version() -> str:
    """A short digest of the engine's source: it changes whenever the engine does."""
    return source_digest(ENGINE_PARTS)


def source_digest(parts: Sequence[str], root: Path | None = None) -> str:
    """A short digest of the files of ``parts`` (glob patterns under ``root``, the ``cribbage``
    package by default): their names and bytes, so it changes whenever one of them does."""
    engine = Path(__file__).resolve().parents[1] if root is None else root
    digest = hashlib.sha256()
    for pattern in parts:
        for path in sorted(engine.glob(pattern)):
            digest.update(path.relative_to(engine).as_posix().encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:12]


def _key(name: str, settings: Mapping[str, object]) -> str:
    text = json.dumps({"table": name, "settings": dict(settings), "engine": engine_version()},
                      sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def cached_arrays(name: str, settings: Mapping[str, object], build: Callable[[], Mapping[str, np.ndarray]],
                  *, cache: bool = True, compress: bool = True) -> dict[str, np.ndarray]:
    """The arrays of table ``name`` built with ``settings``: from the cache, or built and saved.

    ``build`` returns a dict of numpy arrays. With ``cache=False`` it is built and nothing is read
    or written (for tests and benchmarks of the build itself). ``compress=False`` stores the arrays
    as they are: a bigger file (tens of megabytes) that loads without unpacking, in milliseconds.
    """
    if not cache:
        return {k: np.asarray(v) for k, v in build().items()}
    path = cache_dir() / table_file(name, settings)
    loaded = _load(path)
    if loaded is None and (SHIPPED_DIR / path.name).exists():
        loaded = _load(SHIPPED_DIR / path.name, remove=False)
    if loaded is not None:
        return loaded
    with _one_builder(path):
        loaded = _load(path)   # built by another process while this one waited
        if loaded is not None:
            return loaded
        arrays = {k: np.asarray(v) for k, v in build().items()}
        partial = path.with_suffix(f".{os.getpid()}.tmp.npz")
        (np.savez_compressed if compress else np.savez)(partial, allow_pickle=False, **arrays)
        os.replace(partial, path)  # a process reading meanwhile never sees a half-written table
    prune_old_versions(name)
    return arrays


def _load(path: Path, *, remove: bool = True) -> dict[str, np.ndarray] | None:
    if path.exists():
        try:
            with np.load(path, allow_pickle=False) as data:
                return {k: data[k] for k in data.files}
        except (OSError, ValueError):
            if remove:
                path.unlink(missing_ok=True)  # a damaged file: build it again
    return None


@contextmanager
def _one_builder(path: Path) -> Iterator[None]:
    """While one process builds a table, the others asking for it wait, then read what it built: a
    class's kernels, an app's workers or a test run's processes starting together build it once,
    not once each (a deal log is half a minute of a core). Without ``fcntl`` (Windows) each builds."""
    try:
        import fcntl
    except ImportError:
        yield
        return
    lock = path.with_name(path.name + ".lock")
    with open(lock, "a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            lock.unlink(missing_ok=True)   # a process that opens it afresh finds the table built
            fcntl.flock(handle, fcntl.LOCK_UN)


def table_file(name: str, settings: Mapping[str, object]) -> str:
    """The file name of table ``name`` built with ``settings`` by this engine version."""
    return f"{name}-{engine_version()}-{_key(name, settings)}.npz"


def is_cached(name: str, settings: Mapping[str, object]) -> bool:
    """Whether table ``name`` with ``settings`` is in the cache for this engine version (or ships built)."""
    file = table_file(name, settings)
    return (cache_dir() / file).exists() or (SHIPPED_DIR / file).exists()


def prune_old_versions(name: str) -> list[Path]:
    """Remove the cached files of table ``name`` built by another engine version (and files named
    the older way, without a version). Returns the files removed."""
    current = f"{name}-{engine_version()}-"
    removed = []
    for path in cache_dir().glob(f"{name}-*.npz"):
        rest = path.name[len(name) + 1:]
        if path.name.startswith(current) or rest.count("-") > 1 or ".tmp" in rest:
            continue  # this version's, another table whose name starts alike, or one being written
        path.unlink(missing_ok=True)
        removed.append(path)
    return removed


def cached_files(name: str) -> Sequence[Path]:
    """The cached files of table ``name``, any version (for the benchmarks and a clean-up)."""
    return sorted(cache_dir().glob(f"{name}-*.npz"))
