"""Jupyter Server's culler and kernels still starting: the race behind a flaky test.

From a fresh clone on a loaded machine, ``test_voila_parameters_never_reach_voila`` once found a
``TraitError`` in the app's log: the culler had asked a pre-heated kernel that was still starting
for its ``last_activity``. jupyter_client puts a new kernel in ``_kernels`` as soon as its
process has started (``MultiKernelManager._add_kernel_when_ready``), and Jupyter Server sets
``last_activity`` only when ``start_kernel`` resumes after that, a turn of the event loop later;
a culler run in between fails. Here that turn is made to last 3 s (the task sleeps once the kernel
is in ``_kernels``), with the culler every second: the race happens at every kernel started once
the culler runs (it starts with the first kernel ready), as the pool's refill after a visitor
took a warm kernel, and the app (``CalculatorKernelManager``) must let the culler skip it.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from browser_servers import Server, free_port, isolated_env
from test_calculator_app_visitors import leave, visit
from voila_page import ROOT, kernels

# The app, run with jupyter_client's registration slowed down (as a loaded machine may).
SLOWED = """
import asyncio, sys
from jupyter_client.multikernelmanager import MultiKernelManager

registered = MultiKernelManager._add_kernel_when_ready

async def slowly_registered(self, kernel_id, km, kernel_awaitable):
    await registered(self, kernel_id, km, kernel_awaitable)
    await asyncio.sleep(3)  # the slowness on purpose: in _kernels, and no last_activity from Jupyter Server yet

MultiKernelManager._add_kernel_when_ready = slowly_registered
from apps.calculator_app import main  # run from the checkout (python -c: its folder comes first)
main(sys.argv[1:])
"""


def test_the_culler_leaves_kernels_that_are_still_starting_alone(servers_home: Path) -> None:
    home = servers_home / "calculator-app-culler"
    home.mkdir(parents=True, exist_ok=True)
    port = free_port()
    argv = [sys.executable, "-c", SLOWED, f"--port={port}",
            "--Voila.port_retries=0", "--Voila.ip=127.0.0.1", "--no-browser", "--pool_size=1", "--VoilaKernelManager.fill_delay=0",
            "--MappingKernelManager.cull_interval=1", "--MappingKernelManager.cull_idle_timeout=60"]
    server = Server("the calculator app, kernels registered slowly", argv, port=port, cwd=ROOT,
                    env=isolated_env(home), log_path=home / "app.log", ready_path="/voila/files/ready",
                    any_answer=True)
    try:
        filled = "is filled with 1 kernel"
        assert _wait_for(server, filled, 1), server.log_tail()
        # A visitor takes a warm kernel: the pool starts another, with the culler running.
        visitor = visit(f"{server.url}/?hand=5H5D6H7S&starter=8C", timeout=120, live=False)
        assert visitor.kernel_id, (visitor, server.log_tail())
        assert _wait_for(server, filled, 2), server.log_tail()
        time.sleep(2)  # on purpose: two more rounds of the culler (one a second), in which nothing must fail
        log = server.log_tail(100_000)
        assert "TraitError" not in log and "checking the idle duration" not in log, log
        assert len(kernels(server)) == 2  # and it culled none of them
        leave(server, [visitor])
    finally:
        server.stop()


def _wait_for(server: Server, words: str, times: int, timeout: float = 120) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if server.log_tail(100_000).count(words) >= times:
            return True
        time.sleep(0.5)   # the server writes its log to a file, and nothing tells when a line comes: read again
    return False
