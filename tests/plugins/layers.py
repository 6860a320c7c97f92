"""The test layers, by where a test lives, and the fast layer kept free of processes and servers.

- ``tests/`` (and the doctests of the packages and README.md): the fast layer, ``make check``. Its tests
  run in the pytest process itself: one that starts a process (subprocess, fork, multiprocessing, a
  kernel, a browser) or opens a listening socket (a server) fails, saying to move it.
- ``tests/integration/``: tests that start a process, a kernel or a server; marked ``integration``.
- ``tests/browser/``: tests that drive Chromium; marked ``browser``.
- the lesson notebooks' cells, run by nbval (``.ipynb`` items): marked ``notebooks``.
- ``slow``, put by hand on tests that take seconds of pure Python (self-play, statistics tables).

``make test`` runs every layer. The markers are declared in pyproject.toml. Loaded by :mod:`plugins.course`.
"""

from __future__ import annotations

import functools
import multiprocessing.util
import os
import socket
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

TESTS = Path(__file__).resolve().parents[1]
# The layers marked by where their tests are; none of them is the fast layer.
BY_FOLDER = {TESTS / "browser": "browser", TESTS / "integration": "integration"}

# A test that hangs fails with every thread's stack (pytest-timeout, thread method: pyproject.toml
# gives the default); the browser tests and the slow ones get longer, as a loaded machine needs.
BROWSER_TIMEOUT = 900
SLOW_TIMEOUT = 900


# `make check` runs the property tests with --hypothesis-profile=check: the same examples every run
# (derandomized, no example database), so the fast layer takes the same time and finds the same thing
# each time; `make test` draws new examples each run, as Hypothesis does by default.
settings.register_profile("check", derandomize=True, database=None)


def pytest_addoption(parser: pytest.Parser, pluginmanager: pytest.PytestPluginManager) -> None:
    # `make check` runs without nbval (-p no:nbval): it collects no notebook there, and loading it
    # (nbformat, and jsonschema's format checkers, which build a grammar) costs each pytest process
    # about 2 CPU-s. pyproject.toml's addopts still say --nbval-lax: taken here, and it means nothing.
    if pluginmanager.is_blocked("nbval"):
        parser.addoption("--nbval-lax", action="store_true", help="nbval's, which is not loaded (-p no:nbval)")


def layer_of(path: Path) -> str:
    """The layer a test at ``path`` is in by its place: "notebooks", "browser", "integration" or "fast"."""
    if path.suffix == ".ipynb":
        return "notebooks"
    for folder, layer in BY_FOLDER.items():
        if path.is_relative_to(folder):
            return layer
    return "fast"


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark every test by its layer (see the module's docstring), and give each the longer timeout it needs."""
    for item in items:
        layer = layer_of(Path(item.path))
        if layer != "fast":
            item.add_marker(layer)
        if item.get_closest_marker("timeout") is None:
            if item.get_closest_marker("browser") is not None:
                item.add_marker(pytest.mark.timeout(BROWSER_TIMEOUT))
            elif item.get_closest_marker("slow") is not None:
                item.add_marker(pytest.mark.timeout(SLOW_TIMEOUT))


# The fast layer starts no process --------------------------------------------------------------------
# Each way Python starts a process or a server is wrapped while a fast-layer test runs (its fixtures'
# set-up and tear-down included): subprocess (and asyncio's, pexpect's popen, os.popen), fork (and
# multiprocessing's fork, pty and pexpect's spawn), posix_spawn, os.system, multiprocessing's spawn and
# forkserver, and a socket listening. The failure is pytest's own (not an OSError, which a library
# might catch and carry on without its process).
_RUNNING: list[str] = []   # the node id of the fast-layer test running in this process, if any

# Libraries that start a process once, to fill a cache any test may be the first to need: matplotlib
# asks fontconfig for the machine's fonts when it builds its font list (a fresh machine, as CI's);
# ctypes asks ldconfig where a shared library is.
_HOUSEKEEPING = frozenset({"matplotlib.font_manager", "ctypes.util"})

_WRAPPED: list[tuple[Any, str, Any]] = []


def _housekeeping() -> bool:
    frame = sys._getframe(2)
    while frame is not None:
        if frame.f_globals.get("__name__") in _HOUSEKEEPING:
            return True
        frame = frame.f_back
    return False


def _refusing(what: str, original: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(original)
    def refused(*args: Any, **kwargs: Any) -> Any:
        if _RUNNING and not _housekeeping():
            pytest.fail(f"{_RUNNING[0]} {what}, and a test in the fast layer (tests/, make check) starts no "
                        "process, kernel or server: move it to tests/integration/ with git mv (make test "
                        "runs it), or keep what it checks in this process", pytrace=True)
        return original(*args, **kwargs)
    return refused


def _wrap(owner: Any, name: str, what: str) -> None:
    original = getattr(owner, name, None)
    if original is not None:
        _WRAPPED.append((owner, name, original))
        setattr(owner, name, _refusing(what, original))


def pytest_configure(config: pytest.Config) -> None:
    _wrap(subprocess.Popen, "_execute_child", "starts a process (subprocess)")
    for name in ("fork", "forkpty", "posix_spawn", "posix_spawnp", "system"):
        _wrap(os, name, f"starts a process (os.{name})")
    _wrap(multiprocessing.util, "spawnv_passfds", "starts a process (multiprocessing)")
    _wrap(socket.socket, "listen", "opens a listening socket (a server)")


def pytest_unconfigure(config: pytest.Config) -> None:
    while _WRAPPED:
        owner, name, original = _WRAPPED.pop()
        setattr(owner, name, original)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    guarded = layer_of(Path(item.path)) == "fast"
    if guarded:
        _RUNNING.append(item.nodeid)
    try:
        return (yield)
    finally:
        if guarded:
            _RUNNING.remove(item.nodeid)
