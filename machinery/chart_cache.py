"""Pictures drawn once per machine: the calculator's charts kept as PNG files in the cache folder.

The calculator has a few hundred possible charts (a score of 0..29 or none, hand or crib, plain or
log scale, three languages), and drawing one in a new kernel means importing matplotlib and loading
its fonts: about 0.8 s of CPU, paid by every visitor's kernel in the calculator app and every
learner's kernel that opens the calculator. The first kernel to draw a chart keeps it here; the
others read the file in a millisecond and never import matplotlib.

A picture is only as good as the code, words and libraries that drew it, so the folder it is kept
in is named by a digest of all of them: the widgets' and the engine's words and code (the engine's
version, see :func:`cribbage.stats.cache.engine_version`), and the versions of matplotlib and Pillow.
Anything changed, a new folder is used and the old ones are removed. The folder is the engine's
cache folder (``$CRIBBAGE_CACHE_DIR`` or the user's cache folder): charts hold no learner's data.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import shutil
from collections.abc import Callable
from functools import lru_cache
from importlib import metadata
from pathlib import Path

from cribbage.stats.cache import cache_dir, engine_version

__all__ = ["cached_png", "charts_folder", "drawing_version"]

# The views and the engine sit beside this package, installed or in the repository.
_WIDGETS = Path(__file__).resolve().parent.parent / "widgets"
_ENGINE = _WIDGETS.parent / "cribbage"
# What a chart's pixels depend on besides its arguments: the code that draws it and the words on it.
_DRAWN_BY = ((_WIDGETS, ("**/*.py", "locale/*/LC_MESSAGES/*")),
             (_ENGINE, ("lang/*.py", "locale/*/LC_MESSAGES/*", "stats/hands.py")))


def _version(package: str) -> str:
    try:
        return metadata.version(package)
    except metadata.PackageNotFoundError:
        return "none"


@lru_cache(maxsize=1)
def drawing_version() -> str:
    """A short digest of everything that decides how a chart looks (see the module's docstring)."""
    digest = hashlib.sha256()
    for root, patterns in _DRAWN_BY:
        for pattern in patterns:
            for path in sorted(root.glob(pattern)):
                digest.update(path.relative_to(root.parent).as_posix().encode())
                digest.update(path.read_bytes())
    for part in (engine_version(), _version("matplotlib"), _version("pillow")):
        digest.update(part.encode())
    return digest.hexdigest()[:12]


def charts_folder() -> Path:
    """This version's folder of charts (not made until a chart is kept)."""
    return cache_dir() / "charts" / drawing_version()


def cached_png(name: str, draw: Callable[[], bytes]) -> bytes:
    """The picture called ``name`` (a file name made of the chart's arguments): read from this
    version's folder, or drawn by ``draw()`` and kept there. A folder that cannot be read or written
    (a full disk, a read-only home) only means the chart is drawn each time."""
    if not name or "/" in name or name.startswith("."):
        raise ValueError(f"a chart's name is a plain file name, not {name!r}")
    try:
        path = charts_folder() / f"{name}.png"
    except OSError:   # no cache folder to be had
        return draw()
    with contextlib.suppress(OSError):
        return path.read_bytes()
    png = draw()
    with contextlib.suppress(OSError):
        _keep(path, png)
    return png


def _keep(path: Path, png: bytes) -> None:
    if not path.parent.is_dir():
        path.parent.mkdir(parents=True, exist_ok=True)
        for other in path.parent.parent.iterdir():   # the folders of earlier versions: never read again
            if other.is_dir() and other.name != path.parent.name:
                shutil.rmtree(other, ignore_errors=True)
    partial = path.with_name(f".{path.stem}.{os.getpid()}.tmp")
    try:
        partial.write_bytes(png)
        os.replace(partial, path)   # a kernel reading meanwhile never sees half a picture
    except OSError:
        partial.unlink(missing_ok=True)   # a full disk leaves no half-written file behind
        raise
