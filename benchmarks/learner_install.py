"""A learner's first ``make course`` (issue 48): from a fresh clone until JupyterLab serves; its wall time,
its CPU-seconds (the steadier figure on a shared machine), the machine's load average as it started and
ended, and the size of ``.venv`` right after the install, after JupyterLab's first start and after the
first lesson has run.

Each commit named (this checkout's ``HEAD`` by default, and a baseline such as ``main``) is cloned into a
temporary folder and installed in turn, ``--runs`` times, in the same run. Warm (the default): pip's
cache and the course's wheelhouse (``tools/course.py`` keeps the wheels pip chose in the course's cache
folder) are shared by the runs, filled by a first install when empty or when ``--warm`` is given, as on
a machine where the course was installed before; ``--cold``: each run starts with both empty. The ratio
of each run to the first is printed beside the figures. Nothing is left behind but the caches: the
clones and their courses are deleted.

    .venv/bin/python benchmarks/learner_install.py --port 8820 --runs 3 HEAD main

It takes minutes (each install is a real one).
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import shutil
import signal
import subprocess
import tempfile
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
_ADDRESS = re.compile(r"https?://(?:localhost|127\.0\.0\.1)(?::\d+)?/\S*")
_INSTALLED = re.compile(r"\((\d+) s\)")


@dataclass
class Run:
    commit: str
    wall: float          # from `make course` until JupyterLab answers
    cpu: float           # CPU-seconds of make and everything it ran, until JupyterLab was closed
    install: float       # the install's own seconds, as tools/course.py says them
    after_install: int   # MB of .venv once the install ended
    after_start: int     # MB of .venv once JupyterLab served (its first start writes bytecode)
    after_lesson: int    # MB of .venv once the first lesson has run in a kernel (its imports' bytecode too)
    load: tuple[float, float]   # the 1-minute load average as the run started and once JupyterLab served


def _megabytes(folder: Path) -> int:
    return int(subprocess.run(["du", "-sm", str(folder)], capture_output=True, text=True, check=True).stdout.split()[0])


def _answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=2):
            return True
    except urllib.error.HTTPError:
        return True
    except OSError:
        return False


def first_course(commit: str, work: Path, port: int, cache: Path) -> Run:
    """``make course`` in a fresh clone of ``commit``: timed until JupyterLab answers, then closed by Ctrl-C.
    ``cache`` holds pip's cache (``pip``) and the course's wheelhouses (``wheels``)."""
    clone = work / f"clone-{commit.replace('/', '-')}"
    subprocess.run(["git", "clone", "-q", str(ROOT), str(clone)], check=True)
    subprocess.run(["git", "-C", str(clone), "checkout", "-q", commit], check=True)
    # Jupyter's and matplotlib's folders of a learner who never ran them (pip's configuration stays: the index).
    home = work / f"home-{clone.name}"
    # The course's wheelhouse is the one cache of the course's own that is shared: a learner's second clone.
    (home / "cache" / "cribbage-course").mkdir(parents=True)
    (cache / "wheels").mkdir(parents=True, exist_ok=True)
    (home / "cache" / "cribbage-course" / "wheels").symlink_to(cache / "wheels")
    env = {**os.environ, "PIP_CACHE_DIR": str(cache / "pip"), "JUPYTER_PORT": str(port), "BROWSER": "true",
           "LANGUAGE": "en", "COURSE_DIR": str(work / f"course-{clone.name}"),
           "JUPYTER_CONFIG_DIR": str(home / "config"), "JUPYTER_DATA_DIR": str(home / "data"),
           "JUPYTER_RUNTIME_DIR": str(home / "runtime"), "MPLCONFIGDIR": str(home / "matplotlib"),
           "XDG_DATA_HOME": str(home / "data"), "XDG_CACHE_HOME": str(home / "cache"),
           "XDG_STATE_HOME": str(home / "state")}
    # A learner's Python writes the bytecode of what it imports (CI machines and containers often say not to).
    for unset in ("VIRTUAL_ENV", "PYTHONDONTWRITEBYTECODE"):
        env.pop(unset, None)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    load = os.getloadavg()[0]
    started = time.monotonic()
    process = subprocess.Popen(["make", "-s", "course"], cwd=clone, env=env, stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, text=True, start_new_session=True)
    assert process.stdout is not None
    said, url, install, after_install = [], None, 0.0, 0
    for line in process.stdout:
        said.append(line)
        if match := _INSTALLED.search(line):
            install = float(match.group(1))
            after_install = _megabytes(clone / ".venv")
        if match := _ADDRESS.search(line):
            url = match.group(0)
            break
    if url is None or not _answers(url):
        process.wait()
        raise SystemExit(f"{commit}: JupyterLab did not serve:\n{''.join(said)}")
    wall = time.monotonic() - started
    load_served = os.getloadavg()[0]
    after_start = _megabytes(clone / ".venv")
    os.killpg(process.pid, signal.SIGINT)
    process.communicate()
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    # The first lesson run as a learner runs it (every cell, in the course's kernel), for the bytecode it writes.
    lesson = sorted((clone / "course").glob("01_*.ipynb"))[0]
    subprocess.run([str(clone / ".venv" / "bin" / "jupyter"), "nbconvert", "--to", "notebook", "--execute",
                    "--output-dir", str(work / "executed"), str(lesson)], cwd=clone, env=env, capture_output=True,
                   check=True)
    return Run(commit, wall, cpu, install, after_install, after_start, _megabytes(clone / ".venv"),
               (load, load_served))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("commits", nargs="*", default=["HEAD"])
    parser.add_argument("--port", type=int, default=8888)
    parser.add_argument("--runs", type=int, default=1, help="installs of each commit")
    parser.add_argument("--cache", type=Path, default=Path(tempfile.gettempdir()) / "learner-install-cache")
    warmth = parser.add_mutually_exclusive_group()
    warmth.add_argument("--warm", action="store_true", help="install once first to fill the caches")
    warmth.add_argument("--cold", action="store_true", help="empty caches for each run")
    options = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="learner-install-"))
    runs = []
    try:
        if options.warm or not (options.cache.exists() or options.cold):
            first_course(options.commits[0], work / "warm", options.port, options.cache)
        for number in range(options.runs):
            for commit in options.commits:
                cache = work / f"cold-{number}-{commit.replace('/', '-')}" if options.cold else options.cache
                runs.append(first_course(commit, work / f"run-{number}", options.port, cache))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f"{'cold' if options.cold else 'warm'} caches ({'each run its own' if options.cold else options.cache});"
          f" {os.cpu_count()} cores")
    print(f"{'commit':>12} {'wall s':>7} {'CPU-s':>6} {'install s':>9} {'MB installed':>12} {'MB started':>10}"
          f" {'MB lesson':>9} {'load':>9} {'wall ratio':>10} {'CPU ratio':>9}")
    for run in runs:
        load = f"{run.load[0]:.1f}-{run.load[1]:.1f}"
        print(f"{run.commit:>12} {run.wall:7.1f} {run.cpu:6.1f} {run.install:9.0f} {run.after_install:12d}"
              f" {run.after_start:10d} {run.after_lesson:9d} {load:>9} {run.wall / runs[0].wall:10.2f}"
              f" {run.cpu / runs[0].cpu:9.2f}")


if __name__ == "__main__":
    main()
