"""Where the test suite's CPU goes: the CPU seconds of every process a command starts, by kind
(Chromium, kernels and who started them, JupyterLab, Voilà, the pytest workers, other Pythons, node).

    sudo python3 benchmarks/suite_cpu.py [--top 30] -- .venv/bin/python -m pytest -n 2 --dist loadgroup -q

On two cores the suite is CPU-bound (the machine is idle 0-5% of a run), so its time is its CPU
seconds over two: cutting the suite means cutting CPU seconds, and wall-clock times of tests under
xdist say little about which. Processes that leave their parent (Chromium's, a server's kernels)
are not counted by ``time`` or ``getrusage``; here each process is put in a cgroup of its kind as
soon as it is seen (every 0.2 s), and the cgroup counts every CPU second of it and of its children
from then on, however they end. Needs root and the cgroup v1 ``cpuacct`` controller
(``/sys/fs/cgroup/cpuacct``); it says so and stops otherwise.

Each process's own CPU seconds are also sampled (its last reading before it ended, so a process
loses up to 0.2 s), to name the largest groups: which server started a kernel, which script a
Python ran.
"""

from __future__ import annotations

import argparse
import collections
import os
import re
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

CPUACCT = Path("/sys/fs/cgroup/cpuacct")
ROOT = CPUACCT / "suite_cpu"
KINDS = ("chromium", "node", "kernel", "jupyterlab", "voila", "pytest", "python", "other")
TICKS = os.sysconf("SC_CLK_TCK")


def kind(cmd: str) -> str:
    if "chromium" in cmd:
        return "chromium"
    if "ipykernel_launcher" in cmd or "machinery.forked_kernels" in cmd:
        return "kernel"        # (a warm process forks the servers' kernels: machinery/forked_kernels.py)
    if "exec(eval(sys.stdin" in cmd or any(word.endswith("pytest") for word in cmd.split()[:3]):
        return "pytest"        # (before the servers: a test file's name may hold theirs)
    if "voila" in cmd or "calculator_app" in cmd or "first_paint" in cmd:
        return "voila"
    if "jupyter" in cmd or "lab_language" in cmd:
        return "jupyterlab"
    if "python" in cmd:
        return "python"
    if cmd.split(" ", 1)[0].endswith("node"):
        return "node"
    return "other"


def group(cmd: str, parent: str) -> str:
    """A finer name for the report: a kernel by what started it, a Python by its script."""
    k = kind(cmd)
    if k == "kernel" and "machinery.forked_kernels" in cmd:
        return "kernels' warm process"
    if k == "kernel" and "machinery.forked_kernels" in parent:
        return "kernel forked from a warm process"
    if k == "kernel":
        started_by = "Voilà" if kind(parent) == "voila" else "JupyterLab" if kind(parent) == "jupyterlab" else "a test"
        return f"kernel started by {started_by}"
    if k == "chromium":
        match = re.search(r"--type=([\w-]+)", cmd)
        return f"chromium {match.group(1) if match else 'browser'}"
    words = cmd.split()
    return f"{k}: {' '.join(words[1:3])[:60]}" if k in ("python", "voila", "jupyterlab", "node") else k


def _read(path: Path) -> str:
    return path.read_bytes().replace(b"\0", b" ").decode(errors="replace").strip()


class Watch(threading.Thread):
    """Moves each new process of the command into its kind's cgroup and samples its CPU."""

    def __init__(self) -> None:
        super().__init__(daemon=True)
        self.done = threading.Event()
        self.seen: dict[str, list[Any]] = {}

    def run(self) -> None:
        mine = f":cpuacct:/{ROOT.name}"
        while not self.done.is_set():
            for pid in os.listdir("/proc"):
                if not pid.isdigit():
                    continue
                proc = Path("/proc", pid)
                try:
                    if mine not in (proc / "cgroup").read_text():
                        continue
                    stat = (proc / "stat").read_text()
                    fields = stat[stat.rindex(")") + 2:].split()
                    key = f"{pid}:{fields[19]}"          # a pid with its start time: one process
                    if key not in self.seen:
                        cmd = _read(proc / "cmdline")
                        try:
                            parent = _read(Path("/proc", fields[1], "cmdline"))
                        except OSError:
                            parent = ""
                        self.seen[key] = [group(cmd, parent), 0.0]
                        (ROOT / kind(cmd) / "tasks").write_text(pid)
                    self.seen[key][1] = (int(fields[11]) + int(fields[12])) / TICKS
                except (OSError, ValueError):
                    continue   # gone already
            time.sleep(0.2)


def usage(path: Path) -> float:
    return int((path / "cpuacct.usage").read_text()) / 1e9


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--top", type=int, default=25, help="how many process groups to name")
    parser.add_argument("command", nargs=argparse.REMAINDER, help="the command to measure, after --")
    args = parser.parse_args()
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        parser.error("give the command to measure after --")
    if not CPUACCT.is_dir() or os.geteuid() != 0:
        print("suite_cpu needs root and the cgroup v1 cpuacct controller at /sys/fs/cgroup/cpuacct", file=sys.stderr)
        return 2
    for k in KINDS:
        if (ROOT / k).is_dir():
            (ROOT / k).rmdir()
    if ROOT.is_dir():
        ROOT.rmdir()
    for k in KINDS:
        (ROOT / k).mkdir(parents=True)
    watch = Watch()
    watch.start()
    started = time.monotonic()
    process = subprocess.Popen(command, preexec_fn=lambda: (ROOT / "other" / "tasks").write_text(str(os.getpid())))
    code = process.wait()
    wall = time.monotonic() - started
    time.sleep(0.5)
    watch.done.set()
    watch.join()
    totals = {k: usage(ROOT / k) for k in KINDS}
    total = sum(totals.values())
    print(f"\n{' '.join(command)}\nexit {code}, {wall:.0f} s, {total:.0f} CPU-s ({total / wall:.2f} cores on average)")
    for k, seconds in sorted(totals.items(), key=lambda item: -item[1]):
        print(f"  {k:11s} {seconds:8.1f} CPU-s  {100 * seconds / total:5.1f}%")
    groups: dict[str, list[Any]] = collections.defaultdict(lambda: [0, 0.0])
    for name, seconds in watch.seen.values():
        groups[name][0] += 1
        groups[name][1] += seconds
    print("\nthe largest groups (each process's last sample): CPU-s, processes, group")
    for name, (count, seconds) in sorted(groups.items(), key=lambda item: -item[1][1])[:args.top]:
        print(f"  {seconds:8.1f} {count:5d}  {name}")
    for k in KINDS:
        (ROOT / k).rmdir()
    ROOT.rmdir()
    return code


if __name__ == "__main__":
    sys.exit(main())
