"""The static calculator page (apps/static_calculator/) under a class's load, beside the Voilà app.

    python benchmarks/static_calculator.py [--visitors 30 100] [--browsers 1 100] [--first 10]
                                           [--warm 10] [--voila 30 100] [--timeout 600]

The page is built once (``python -m apps.static_calculator.build``) and served on 127.0.0.1 by the
server the README names, ``python -m apps.static_calculator.serve`` (gzipped files, a listen queue of
1,024), and, as the baseline in the same run, by ``python -m http.server`` (files as they are, a
queue of 5), which the README named before. For each number of visitors, at once:

- **server** (each server): lightweight clients (a thread each, no browser, taking gzip as a browser
  does) fetch everything a first visit fetches (the page, its scripts and words, Pyodide's core,
  the two wheels): the megabytes transferred per visit, the time until the first paint's files
  are in (the score is then on screen: counting it takes the page milliseconds) and until
  everything is (the live calculator then needs only the visitor's own CPU), median and slowest,
  and how many waited a second or more for the first paint; the server's CPU seconds and peak
  memory (proportional, see :class:`Sampler`). This is what the server pays, whoever the visitors are;
- **browsers**: that many real Chromium pages at once, or as many as the machine's memory holds
  (:func:`pages_held`: the report says how many were asked and how many held), each a visitor of
  its own (a fresh context, empty cache), on this same machine: the time to the score on screen
  (the first paint) and to the live calculator (Python started in the page), median and slowest,
  how many were scored; the browsers' own CPU seconds apart from the server's, and the megabytes
  the server sent per page. On two cores, a hundred browsers starting Python at once measure this
  machine, not the page: a visitor's computer starts its one page in the time the "1 at once" row
  gives;
- **visits**: one page at a time, ``--first`` first visits (each a new visitor, empty cache), then
  ``--warm`` pairs of warm visits by the last visitor (everything in the service worker's cache),
  side by side in the same browser: one restoring the snapshot of Python the page kept after its
  first visit (calculator.js), one with that snapshot dropped first, starting Python as every warm
  visit did before the snapshot (the baseline): the time from the navigation to the first paint and
  to the live calculator, median and each, and each step as the page notes them (``data-phases``:
  the page's own loading, the service worker, Pyodide's start or restore, the wheels' files
  written, the page's imports, the first state).

The machine's load (the one-minute load average, and the cores) is printed with the figures: they
are this machine's under that load, not a visitor's.

Then the Voilà app, measured in the same run as ``benchmarks/calculator_app.py`` measures it
(its lightweight clients: page, kernel websocket, widget state), for ``--voila`` visitors.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any

import psutil

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "browser"))
sys.path.insert(0, str(ROOT / "benchmarks"))

from browser_servers import CHROMIUM, CHROMIUM_ARGS, free_port  # type: ignore[import-not-found]  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

from apps.static_calculator.build import build  # noqa: E402

DEALS = [f"{rank}{suit}" for rank in "A23456789TJQK" for suit in "CDHS"]


def hands(n: int, offset: int = 0) -> list[str]:
    out = []
    for i in range(offset, offset + n):
        five = [DEALS[(i * 7 + k * 11) % 52] for k in range(5)]
        out.append(f"hand={''.join(five[:4])}&starter={five[4]}&crib=0")
    return out


def median(values: list[float]) -> float | None:
    return float(statistics.median(values)) if values else None


def _proportional_mb(process: psutil.Process) -> float:
    try:
        return float(process.memory_full_info().pss) / 1e6
    except (AttributeError, psutil.AccessDenied):
        return float(process.memory_info().rss) / 1e6


class Sampler:
    """Every half second: CPU seconds and memory of a process tree, each process's proportional set
    size (PSS: the memory it shares with others counted once across them; a browser's processes share
    most of theirs, and their resident sizes summed count it once per process), or its resident size
    where the system gives no PSS."""

    def __init__(self, pid: int) -> None:
        self.pid, self.peak_mb = pid, 0.0
        self.seen: dict[int, float] = {}
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _sample(self) -> None:
        try:
            leader = psutil.Process(self.pid)
            processes = [leader, *leader.children(recursive=True)]
        except psutil.Error:
            return
        memory = 0.0
        for process in processes:
            try:
                times = process.cpu_times()
                memory += _proportional_mb(process)
            except psutil.Error:
                continue
            self.seen[process.pid] = times.user + times.system
        self.peak_mb = max(self.peak_mb, memory)

    def _run(self) -> None:
        while not self._stop.is_set():
            self._sample()
            self._stop.wait(0.5)

    def __enter__(self) -> Sampler:
        self._sample()
        self.start = dict(self.seen)
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()
        self._sample()

    @property
    def cpu(self) -> float:
        return sum(s - self.start.get(pid, 0.0) for pid, s in self.seen.items())


def first_visit_files(site: Path) -> tuple[list[str], list[str]]:
    """(what the first paint needs, the rest a first visit fetches), as paths."""
    data = json.loads((site / "page-data.js").read_text().split("self.CC_DATA = ", 1)[1].rsplit(";", 1)[0])
    version = (site / "version.txt").read_text().strip()
    first = [f"calculator.css?v={version}", f"page-data.js?v={version}", f"first-paint.js?v={version}"]
    rest = [f"pyodide/pyodide.js?v={version}", f"calculator.js?v={version}", "sw.js", "pyodide/pyodide.asm.js",
            "pyodide/pyodide.asm.wasm", "pyodide/python_stdlib.zip", "pyodide/pyodide-lock.json",
            *(f"wheels/{wheel}" for wheel in data["wheels"]), f"calculator_entry.py?v={version}"]
    return first, rest


def light_visit(base: str, query: str, first: list[str], rest: list[str], timeout: float) -> dict[str, Any]:
    started = time.perf_counter()
    out: dict[str, Any] = {"bytes": 0}
    try:
        for i, path in enumerate([f"?{query}", *first, *rest]):
            # As a browser asks; urllib does not unzip, so these are the bytes on the wire.
            request = urllib.request.Request(base + path, headers={"Accept-Encoding": "gzip, deflate"})
            with urllib.request.urlopen(request, timeout=timeout) as response:
                out["bytes"] += len(response.read())
            if i == len(first):
                out["shown_s"] = time.perf_counter() - started
        out["all_s"] = time.perf_counter() - started
    except OSError as error:
        out["error"] = str(error)
    return out


def server_crowd(server: subprocess.Popen[bytes], base: str, site: Path, n: int, timeout: float) -> dict[str, Any]:
    first, rest = first_visit_files(site)
    results: list[dict[str, Any]] = [{} for _ in range(n)]
    threads = [threading.Thread(target=lambda i=i, q=q: results.__setitem__(i, light_visit(base, q, first, rest, timeout)))
               for i, q in enumerate(hands(n))]
    with Sampler(server.pid) as sampled:
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout + 60)
    shown = [r["shown_s"] for r in results if "shown_s" in r]
    done = [r["all_s"] for r in results if "all_s" in r]
    return {"shown_median_s": median(shown), "shown_slowest_s": max(shown, default=None), "shown": len(shown),
            "shown_1s_or_more": sum(1 for seconds in shown if seconds >= 1), "all_median_s": median(done), "all_slowest_s": max(done, default=None), "all": len(done),
            "mb_per_visit": median([r["bytes"] / 1e6 for r in results if "all_s" in r]),
            "cpu_server_s": sampled.cpu, "memory_peak_mb": sampled.peak_mb,
            "errors": sorted({r["error"] for r in results if "error" in r})[:3]}


def sent_bytes(log: Path) -> int:
    """The bytes of every answer's body the server has logged so far."""
    return sum(int(found[1]) for found in re.finditer(r'"GET \S+ [^"]*" \d+ (\d+)', log.read_text()))


def browser_crowd(playwright: Any, server: subprocess.Popen[bytes], base: str, n: int, timeout: float,
                  log: Path) -> dict[str, Any]:
    browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
    sent_before = sent_bytes(log)
    try:
        browser_pid = _browser_pid(browser)
        contexts = [browser.new_context() for _ in range(n)]
        pages = [context.new_page() for context in contexts]
        with Sampler(server.pid) as server_sampled, Sampler(browser_pid) as browser_sampled:
            started = time.time() * 1000
            for page, query in zip(pages, hands(n, offset=500)):
                page.goto(base + "?" + query, wait_until="commit")
            # Each page notes the moment (epoch ms) of its first paint and of its live calculator.
            deadline = time.monotonic() + timeout
            marks: list[list[Any]] = []
            while time.monotonic() < deadline:
                marks = [page.evaluate("[document.body && document.body.dataset.firstPaintAt, "
                                       "document.body && document.body.dataset.live, "
                                       "document.body && document.body.dataset.liveAt]") for page in pages]
                if all(mark[1] for mark in marks):
                    break
                time.sleep(1)
        shown = {i: (int(m[0]) - started) / 1000 for i, m in enumerate(marks) if m[0]}
        live = {i: (int(m[2]) - started) / 1000 for i, m in enumerate(marks) if m[1] == "1" and m[2]}
        scored = sum(1 for page in pages if page.inner_text("#cc-total").strip())
        for context in contexts:
            context.close()
    finally:
        browser.close()
    return {"shown_median_s": median(list(shown.values())), "shown_slowest_s": max(shown.values(), default=None),
            "shown": len(shown), "scored": scored, "mb_sent_per_page": (sent_bytes(log) - sent_before) / 1e6 / n, "live_median_s": median(list(live.values())),
            "live_slowest_s": max(live.values(), default=None), "live": len(live),
            "cpu_browsers_s": browser_sampled.cpu, "memory_browsers_peak_mb": browser_sampled.peak_mb,
            "cpu_server_s": server_sampled.cpu, "memory_server_peak_mb": server_sampled.peak_mb}


#: What a page notes of its visit (epoch ms for the moments): its first paint, whether it went live
#: and when, the steps of going live, and how Python started (from the snapshot kept or not).
_VISIT = """({live: document.body.dataset.live, phases: JSON.parse(document.body.dataset.phases || '{}'),
             python: document.body.dataset.python,
             live_s: (Number(document.body.dataset.liveAt) - performance.timeOrigin) / 1000,
             shown_s: (Number(document.body.dataset.firstPaintAt) - performance.timeOrigin) / 1000})"""
#: Drops the page's snapshot of Python (calculator.js keeps it in the service worker's cache).
_FORGET_SNAPSHOT = """async (version) => {
    const cache = await caches.open("cc-static-calculator-" + version);
    await cache.delete(new URL("python-snapshot.bin?v=" + version, location.href).href);
}"""


def visit(context: Any, base: str, query: str, timeout: float, *, keep: bool = True) -> dict[str, Any]:
    """One visit in a new page of ``context``, until the calculator is live (and, with ``keep``, until
    the page has kept its snapshot of Python when it started Python itself)."""
    page = context.new_page()
    try:
        page.goto(base + "?" + query)
        page.wait_for_function("document.body.dataset.live", timeout=timeout * 1000)
        if keep and page.get_attribute("body", "data-python") == "started":
            page.wait_for_function("document.body.dataset.snapshotKept", timeout=timeout * 1000)
        out: dict[str, Any] = page.evaluate(_VISIT)
        return out
    finally:
        page.close()


def _visits(runs: list[dict[str, Any]]) -> dict[str, Any]:
    live = [run for run in runs if run["live"] == "1"]
    phases = sorted({name for run in live for name in run["phases"]})
    return {"visits": len(runs), "live": len(live), "live_median_s": median([run["live_s"] for run in live]),
            "live_s": sorted(round(run["live_s"], 2) for run in live),
            "shown_median_s": median([run["shown_s"] for run in live]),
            "phases_median_ms": {name: median([run["phases"].get(name, 0) for run in live]) for name in phases}}


def browser_visits(playwright: Any, base: str, site: Path, firsts: int, warm: int, timeout: float) -> dict[str, Any]:
    """One page at a time: ``firsts`` first visits (each a new visitor: empty cache), then ``warm``
    pairs of warm visits by one visitor (everything in the service worker's cache), side by side:
    one restoring the snapshot of Python the page kept, one with that snapshot dropped first (Python
    started as before the snapshot: the baseline). The time from each navigation to the live
    calculator and each step of it, as the page notes them (``data-phases``)."""
    browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
    version = (site / "version.txt").read_text().strip()
    first: list[dict[str, Any]] = []
    restored: list[dict[str, Any]] = []
    started: list[dict[str, Any]] = []
    try:
        queries = iter(hands(firsts + 2 * warm, offset=900))
        context: Any = None
        for _ in range(firsts):   # the last visitor's browser makes the warm visits
            if context is not None:
                context.close()
            context = browser.new_context()
            first.append(visit(context, base, next(queries), timeout))
        for _ in range(warm):
            restored.append(visit(context, base, next(queries), timeout))
            page = context.new_page()
            page.goto(base + "version.txt")
            page.evaluate(_FORGET_SNAPSHOT, version)
            page.close()
            started.append(visit(context, base, next(queries), timeout))   # it keeps a new snapshot
        if context is not None:
            context.close()
    finally:
        browser.close()
    out = {"first": _visits(first), "warm_restored": _visits(restored), "warm_started": _visits(started)}
    out["warm_restored"]["pythons"] = sorted({run["python"] for run in restored})
    out["warm_started"]["pythons"] = sorted({run["python"] for run in started})
    if out["warm_restored"]["live_median_s"] and out["warm_started"]["live_median_s"]:
        out["warm_started_over_restored"] = out["warm_started"]["live_median_s"] / out["warm_restored"]["live_median_s"]
    return out


#: A Chromium page's memory until the first crowd has measured it (MB; the page, its share of the
#: browser, Pyodide live in it).
PAGE_MB_GUESS = 250.0
#: The share of the memory available that the pages may take (the machine keeps the rest).
MEMORY_SHARE = 0.8


def pages_held(asked: int, page_mb: float) -> int:
    """How many of ``asked`` Chromium pages this machine holds at once: as many as fit in
    :data:`MEMORY_SHARE` of the memory now available, at ``page_mb`` each (at least one)."""
    available_mb = psutil.virtual_memory().available / 1e6
    return max(1, min(asked, int(available_mb * MEMORY_SHARE / page_mb)))


def load() -> dict[str, Any]:
    """What else this machine was doing: its load averages and its cores."""
    one, five, _ = os.getloadavg()
    return {"load_1min": round(one, 1), "load_5min": round(five, 1), "cores": os.cpu_count()}


def _browser_pid(browser: Any) -> int:
    """Playwright's driver (node), whose children are Chromium's processes: the newest such child."""
    drivers = [p for p in psutil.Process().children() if p.name() == "node"]
    return int(max(drivers, key=lambda p: p.create_time()).pid) if drivers else psutil.Process().pid


def voila(counts: list[int], timeout: float) -> dict[str, Any]:
    import calculator_app as bench  # type: ignore[import-not-found]

    pool = json.loads((ROOT / "apps" / "config" / "voila.json").read_text())["VoilaConfiguration"]["default_pool_size"]
    out: dict[Any, Any] = {}
    with tempfile.TemporaryDirectory(prefix="static-bench-voila-") as home:
        server = bench.start_app(ROOT, Path(home))
        try:
            bench.wait_quiet(server, pool, timeout=180, cpu_percent=20)
            out["memory_idle_mb"] = bench.memory_mb(server)
            for i, n in enumerate(counts):
                out[n] = bench.crowd(server, pool, n, timeout, offset=100 * i)
                print(json.dumps({"voila": {n: out[n]}}, default=str), flush=True)
        finally:
            server.stop()
    return out


def serve(site: Path, log: Path, baseline: bool) -> tuple[subprocess.Popen[bytes], str]:
    """The README's server of ``site`` (or, for the baseline, ``python -m http.server``), once it answers."""
    port = free_port()
    command = ([sys.executable, "-m", "http.server", "--bind", "127.0.0.1", "--directory", str(site), str(port)]
               if baseline else
               [sys.executable, "-m", "apps.static_calculator.serve", "--directory", str(site), "--port", str(port)])
    with open(log, "wb") as out:
        server = subprocess.Popen(command, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}/"
    deadline = time.monotonic() + 60
    while True:
        try:
            with urllib.request.urlopen(base + "version.txt", timeout=5):
                return server, base
        except OSError:
            if server.poll() is not None or time.monotonic() > deadline:
                raise
            time.sleep(0.2)   # the server is starting: its port is not open yet


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--visitors", type=int, nargs="+", default=[30, 100], help="lightweight clients at once")
    parser.add_argument("--browsers", type=int, nargs="*", default=[1, 100],
                        help="Chromium pages at once, each as many as the machine's memory holds")
    parser.add_argument("--first", type=int, default=10, help="first visits one at a time (each an empty cache)")
    parser.add_argument("--warm", type=int, default=10,
                        help="pairs of warm visits, with and without the snapshot of Python (0: none)")
    parser.add_argument("--no-baseline", action="store_true", help="skip python -m http.server's light clients")
    parser.add_argument("--voila", type=int, nargs="*", default=[30, 100], help="the Voilà app's visitors at once")
    parser.add_argument("--timeout", type=float, default=600)
    args = parser.parse_args()
    results: dict[str, Any] = {"load_before": load(), "static": {}, "baseline_http_server": {}, "browsers": {}}
    print(json.dumps({"load": results["load_before"]}), flush=True)
    with tempfile.TemporaryDirectory(prefix="static-bench-") as home:
        site = build(Path(home) / "site")
        for baseline in ([False] if args.no_baseline else [False, True]):
            key = "baseline_http_server" if baseline else "static"
            log = Path(home) / f"{key}.log"
            server, base = serve(site, log, baseline)
            try:
                results.setdefault("memory_idle_mb", {})[key] = psutil.Process(server.pid).memory_info().rss / 1e6
                for n in args.visitors:
                    results[key][n] = {**server_crowd(server, base, site, n, args.timeout), **load()}
                    print(json.dumps({key: {n: results[key][n]}}), flush=True)
                if not baseline:
                    with sync_playwright() as playwright:
                        page_mb = PAGE_MB_GUESS
                        for n in args.browsers:
                            held = pages_held(n, page_mb)
                            crowd = browser_crowd(playwright, server, base, held, args.timeout, log)
                            results["browsers"][n] = {"asked": n, "held": held, **crowd, **load()}
                            # A crowd's pages share one browser: a page costs what the crowd took
                            # beyond one page (the browser itself counted once), or all of one page's.
                            one = results["browsers"].get(1, {}).get("memory_browsers_peak_mb")
                            page_mb = max(PAGE_MB_GUESS, (crowd["memory_browsers_peak_mb"] - one) / (held - 1)
                                          if one and held > 1 else crowd["memory_browsers_peak_mb"])
                            print(json.dumps({"browsers": {n: results["browsers"][n]}}), flush=True)
                        if args.first:
                            results["visits"] = {**browser_visits(playwright, base, site, args.first, args.warm,
                                                                  args.timeout), **load()}
                            print(json.dumps({"visits": results["visits"]}), flush=True)
            finally:
                server.terminate()
                server.wait(10)
    if args.voila:
        results["voila"] = voila(args.voila, args.timeout)
    print(json.dumps(results, default=str, indent=1))


if __name__ == "__main__":
    main()
