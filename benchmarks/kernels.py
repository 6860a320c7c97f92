"""How much a forked kernel saves (machinery/forked_kernels.py): kernels started afresh and forked from
the warm process, in turn, side by side in one run.

    python benchmarks/kernels.py [--kernels 12] [--code calculator|lesson]

Each kernel is started by jupyter_client as a server starts it, waits until it answers, then runs
what a visitor's kernel of the calculator app runs first (``--code calculator``: the calculator
widget on a hand) or what a lesson's first cell runs (``--code lesson``: the play's walkthrough).
Reported for each way, the median over ``--kernels`` kernels: the kernel's CPU seconds (user +
system, the process itself), the wall time from asking to the code's end, and the memory the
kernel alone holds (USS: its pages shared with no other process) and its resident size (RSS). The
warm process's own start (once per server) is reported apart.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import time
from pathlib import Path

import psutil
from jupyter_client.manager import AsyncKernelManager
from jupyter_client.provisioning import KernelProvisionerFactory

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from machinery import forked_kernels

CODE = {
    "calculator": "from widgets import HandCalculator\nHandCalculator.from_query('hand=5H5D6H7S&starter=8C')",
    "lesson": "from widgets.drills.walkthrough import PeggingWalkthrough\nPeggingWalkthrough()",
}


async def one(provisioner: str, code: str) -> dict[str, float]:
    KernelProvisionerFactory.instance().default_provisioner_name = provisioner
    manager = AsyncKernelManager(kernel_name="python3")
    started = time.perf_counter()
    await manager.start_kernel(cwd=os.getcwd())
    client = manager.client()
    client.start_channels()
    try:
        await client.wait_for_ready(timeout=120)
        reply = await client.execute_interactive(code, timeout=120, output_hook=lambda message: None)
        assert reply["content"]["status"] == "ok", reply["content"]
        wall = time.perf_counter() - started
        process = psutil.Process(manager.provisioner.pid)
        cpu = process.cpu_times()
        memory = process.memory_full_info()
        return {"cpu": cpu.user + cpu.system, "wall": wall, "uss": memory.uss / 2**20, "rss": memory.rss / 2**20}
    finally:
        client.stop_channels()
        await manager.shutdown_kernel(now=True)


async def main(kernels: int, code: str) -> None:
    results: dict[str, list[dict[str, float]]] = {"local-provisioner": [], forked_kernels.NAME: []}
    await one(forked_kernels.NAME, code)   # the warm process starts (reported below), and the disk cache warms
    warm = forked_kernels._WARM[0]
    warm_cpu = psutil.Process(warm.process.pid).cpu_times()
    for _ in range(kernels):
        for name, runs in results.items():
            runs.append(await one(name, code))
    print(f"{kernels} kernels each way, in turn; code: {code.splitlines()[-1]}")
    print(f"{'':22s}{'CPU-s':>8s}{'wall s':>8s}{'USS MB':>8s}{'RSS MB':>8s}   (medians)")
    medians = {}
    for name, runs in results.items():
        medians[name] = {key: statistics.median(run[key] for run in runs) for key in runs[0]}
        m = medians[name]
        print(f"{name:22s}{m['cpu']:8.2f}{m['wall']:8.2f}{m['uss']:8.0f}{m['rss']:8.0f}")
    fresh, forked = medians["local-provisioner"], medians[forked_kernels.NAME]
    print(f"forked / afresh: CPU {forked['cpu'] / fresh['cpu']:.2f}x, wall {forked['wall'] / fresh['wall']:.2f}x, "
          f"USS {forked['uss'] / fresh['uss']:.2f}x")
    print(f"the warm process (once per server): {warm_cpu.user + warm_cpu.system:.2f} CPU-s, "
          f"{psutil.Process(warm.process.pid).memory_info().rss / 2**20:.0f} MB resident")
    warm.process.terminate()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kernels", type=int, default=12)
    parser.add_argument("--code", choices=sorted(CODE), default="calculator")
    options = parser.parse_args()
    asyncio.run(main(options.kernels, CODE[options.code]))
