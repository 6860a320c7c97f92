"""The browser's own failures (a crash, a page that would not close), which the browser tests retry once
each (tests/browser/browser_servers.py records them): counted in every pytest-xdist worker, named in one
line at the end of the run. Zero on a healthy run. Loaded by :mod:`plugins.course`.
"""

from __future__ import annotations

import sys
from typing import Any

import pytest

_WORKERS_FAULTS: list[str] = []
_BROWSER_TESTS_RAN: list[bool] = []


def _faults_here() -> list[str]:
    """The retries and kills recorded by tests/browser/browser_servers.py in this process, if loaded."""
    servers = sys.modules.get("browser_servers")
    return list(getattr(servers, "BROWSER_FAULTS", []))


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    if not _BROWSER_TESTS_RAN and report.nodeid.startswith("tests/browser/"):
        _BROWSER_TESTS_RAN.append(True)


def pytest_sessionfinish(session: pytest.Session) -> None:
    if hasattr(session.config, "workeroutput"):   # a pytest-xdist worker: its faults go to the controller
        session.config.workeroutput["browser_faults"] = _faults_here()


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node: Any, error: Any) -> None:
    _WORKERS_FAULTS.extend(getattr(node, "workeroutput", {}).get("browser_faults", []))


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """One line for the browser tests: how many times the browser itself failed and was retried
    (or killed when a page would not close), and each such time. Zero on a healthy run."""
    faults = _WORKERS_FAULTS + _faults_here()
    if not faults and not _BROWSER_TESTS_RAN:
        return
    terminalreporter.write_line(f"browser faults retried: {len(faults)}"
                                + "".join(f"\n  {fault}" for fault in faults))
