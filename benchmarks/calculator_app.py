"""The calculator app under a class's load, against a plain Voilà start, side by side in one run.

    python benchmarks/calculator_app.py [--visitors 30] [--warm 5] [--timeout 300]

Two servers of the same notebook, one after the other on this machine, each in Debian's Chromium
(as the browser tests drive it): the baseline is ``voila apps/calculator.ipynb`` as ``make
calculator`` used to start it; the app is ``apps/calculator_app.py`` with ``apps/config`` (warm
kernels, culling, pages made a few at a time). For each, once the server has settled:

- cold: the first link opened, from following it to the hand's score on screen (the app's page
  writes the calculator's words into its HTML as the notebook runs, before Voilà's JupyterLab
  code has loaded; a plain Voilà shows it only with the live widgets), and to the live
  calculator showing it (its widgets drawn, ready for clicks). Each link in a browser context
  of its own, as a new visitor: nothing of an earlier page is cached;
- warm: ``--warm`` links more, one after the other, each tab closed as a person closes it and
  the next opened once the server is quiet again (its warm kernels ready);
- ``--visitors`` links opened at once, each a different hand: how many show their own hand
  scored within ``--timeout`` seconds, the median and slowest time. By default (``--crowd
  http``) each visitor asks over HTTP and the kernel's websocket what its page asks (the page,
  then its widgets' state), without a browser: thirty Chromiums on the server's two cores cost
  more CPU than the app (about 7 s each for one page, against about 5 s for its kernel) and
  measure mostly themselves, where a class brings thirty computers. ``--crowd browser`` opens
  them in Chromium instead; the CPU each part used is reported either way;
- memory (the server and every kernel, resident) idle before, at the peak with the visitors'
  tabs open, and after they close (when the kernels have gone, or after 90 s).

The goal (issue 16): a link scored in under 3 s after the first, thirty at once all scored,
memory back to its idle level after. Times depend on what else the machine does: compare the
two columns of one run, not runs of different days.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "browser"))

import browser_servers  # noqa: E402
from browser_servers import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402
from voila_page import (  # noqa: E402
    CALCULATOR,
    close_all,
    kernels,
    leave_http,
    memory_mb,
    start_calculator_app,
    summary,
    visit_all,
    visit_all_http,
    wait_quiet,
)

DEALS = [f"{rank}{suit}" for rank in "A23456789TJQK" for suit in "CDHS"]


def hands(n: int, offset: int = 0) -> list[str]:
    """``n`` different five-card links."""
    out = []
    for i in range(offset, offset + n):
        five = [DEALS[(i * 7 + k * 11) % 52] for k in range(5)]
        out.append(f"hand={''.join(five[:4])}&starter={five[4]}")
    return out


class CpuUsed:
    """CPU seconds used while it runs by the server process and by its kernels (those gone
    included), sampled every half second."""

    def __init__(self, server) -> None:
        self.server, self._seen, self._stop = server, {}, threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _sample(self) -> None:
        import psutil

        try:
            processes = [("server", psutil.Process(self.server.process.pid))]
        except psutil.Error:
            return
        processes += [("kernels", kernel) for kernel in kernels(self.server)]
        for part, process in processes:
            try:
                times = process.cpu_times()
            except psutil.Error:
                continue
            self._seen[(part, process.pid)] = times.user + times.system

    def _run(self) -> None:
        while not self._stop.is_set():
            self._sample()
            self._stop.wait(0.5)

    def __enter__(self) -> CpuUsed:
        self._sample()
        self._start = dict(self._seen)
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._stop.set()
        self._thread.join()
        self._sample()

    def used(self, part: str) -> float:
        return sum(seconds - self._start.get(key, 0.0) for key, seconds in self._seen.items() if key[0] == part)


class PeakMemory:
    """The highest memory seen while it runs, sampled every half second in a thread."""

    def __init__(self, server) -> None:
        self.server, self.peak, self._stop = server, 0.0, threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        while not self._stop.is_set():
            self.peak = max(self.peak, memory_mb(self.server))
            self._stop.wait(0.5)

    def __enter__(self) -> PeakMemory:
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._stop.set()
        self._thread.join()


def seconds(ms: float | None) -> float | None:
    return None if ms is None else ms / 1000


def measure(name: str, server, browser, *, settled_kernels: int | None, visitors: int, warm: int,
            timeout: float, crowd: str) -> dict[str, object]:
    figures: dict[str, object] = {"server": name}
    wait_quiet(server, settled_kernels, timeout=180, cpu_percent=20)
    figures["memory_idle_mb"] = memory_mb(server)
    figures["kernels_idle"] = len(kernels(server))

    links = [f"{server.url}/?{hand}" for hand in hands(1 + warm)]
    cold = visit_all(browser, links[:1], timeout=timeout)
    figures["cold_s"] = seconds(cold[0].shown_ms)
    figures["cold_live_s"] = seconds(cold[0].scored_ms)
    close_all(cold)
    warm_times, warm_live = [], []
    for link in links[1:]:
        # The next visitor comes once the server is ready for them again (the plain Voilà
        # never is more ready than this: its kernels stay).
        wait_quiet(server, settled_kernels, timeout=60, cpu_percent=20)
        visits = visit_all(browser, [link], timeout=timeout)
        warm_times.append(seconds(visits[0].shown_ms))
        warm_live.append(seconds(visits[0].scored_ms))
        close_all(visits)
    done = [t for t in warm_times if t is not None]
    figures["warm_median_s"] = statistics.median(done) if done else None
    figures["warm_s"] = warm_times
    live = [t for t in warm_live if t is not None]
    figures["warm_live_median_s"] = statistics.median(live) if live else None
    figures["warm_blank"] = len(warm_times) - len(done)

    wait_quiet(server, settled_kernels, timeout=90, cpu_percent=20)
    figures["memory_before_visitors_mb"] = memory_mb(server)
    figures["load_average"] = os.getloadavg()[0]  # the machine's, other work included
    with PeakMemory(server) as peak, CpuUsed(server) as cpu:
        started = time.monotonic()
        group = hands(visitors, offset=100)
        links = [f"{server.url}/?{hand}&crib=0" for hand in group]
        visits = (visit_all_http(links, timeout=timeout) if crowd == "http"
                  else visit_all(browser, links, timeout=timeout))
        figures["visitors_wall_s"] = time.monotonic() - started
        wrong = sum(1 for v, link in zip(visits, links) if v.scored_ms is not None and v.share_link != link)
        figures.update({f"visitors_{key}": value for key, value in summary(visits).items()})
        figures["visitors_wrong_hand"] = wrong
        figures["kernels_with_visitors"] = len(kernels(server))
        if crowd == "http":
            leave_http(server, visits)  # as each page's beacon does when its tab closes
        else:
            close_all(visits)
    figures["memory_peak_mb"] = peak.peak
    figures["visitors_cpu_server_s"] = cpu.used("server")
    figures["visitors_cpu_kernels_s"] = cpu.used("kernels")
    left = time.monotonic()
    wait_quiet(server, settled_kernels, timeout=90, cpu_percent=20)
    figures["after_wait_s"] = time.monotonic() - left
    figures["memory_after_mb"] = memory_mb(server)
    figures["kernels_after"] = len(kernels(server))
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--visitors", type=int, default=30)
    parser.add_argument("--warm", type=int, default=5)
    parser.add_argument("--timeout", type=float, default=420, help="seconds a visitor waits at most")
    parser.add_argument("--only", choices=("plain", "app"), help="measure one server only")
    parser.add_argument("--crowd", choices=("http", "browser"), default="http",
                        help="the visitors at once: HTTP and websocket clients (default), or Chromium pages")
    args = parser.parse_args()
    import json

    from voila_page import APPS

    pool = json.loads((APPS / "config" / "voila.json").read_text())["VoilaConfiguration"]["default_pool_size"]
    results = []
    with tempfile.TemporaryDirectory(prefix="calculator-bench-") as home, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            for name in ("plain", "app"):
                if args.only and name != args.only:
                    continue
                if name == "plain":
                    server = browser_servers.start_voila(CALCULATOR, Path(home) / name)
                    settled = None  # its kernels never go: wait only for it to be quiet
                else:
                    server = start_calculator_app(Path(home) / name)
                    settled = pool
                try:
                    figures = measure(name, server, browser, settled_kernels=settled,
                                      visitors=args.visitors, warm=args.warm, timeout=args.timeout,
                                      crowd=args.crowd)
                finally:
                    server.stop()
                results.append(figures)
                print(json.dumps(figures), flush=True)
        finally:
            browser.close()

    def show(value: object) -> str:
        if value is None:
            return "never"
        return f"{value:.1f}" if isinstance(value, float) else str(value)

    rows = [("cold link to score on screen (s)", "cold_s"), ("cold link to live calculator (s)", "cold_live_s"),
            ("warm link to score on screen, median (s)", "warm_median_s"),
            ("warm link to live calculator, median (s)", "warm_live_median_s"),
            ("warm links never scored", "warm_blank"),
            (f"{args.visitors} at once: scored", "visitors_scored"),
            (f"{args.visitors} at once: blank", "visitors_blank"),
            (f"{args.visitors} at once: another's hand", "visitors_wrong_hand"),
            (f"{args.visitors} at once: median (s)", "visitors_median_s"),
            (f"{args.visitors} at once: slowest (s)", "visitors_slowest_s"),
            (f"{args.visitors} at once: CPU, server (s)", "visitors_cpu_server_s"),
            (f"{args.visitors} at once: CPU, kernels (s)", "visitors_cpu_kernels_s"),
            ("load average before them (machine)", "load_average"),
            ("memory idle, at start (MB)", "memory_idle_mb"),
            ("memory before the visitors (MB)", "memory_before_visitors_mb"),
            ("memory during, peak (MB)", "memory_peak_mb"),
            ("memory after they leave (MB)", "memory_after_mb"),
            ("kernels: idle / with visitors / after", None)]
    print(f"\n{args.visitors} at once: {args.crowd} clients")
    print(f"{'':42}" + "".join(f"{r['server']:>12}" for r in results))
    for label, key in rows:
        if key is None:
            cells = [f"{r['kernels_idle']}/{r['kernels_with_visitors']}/{r['kernels_after']}" for r in results]
        else:
            cells = [show(r.get(key)) for r in results]
        print(f"{label:42}" + "".join(f"{c:>12}" for c in cells))
    if len(results) == 2 and results[0].get("warm_median_s") and results[1].get("warm_median_s"):
        print(f"\nwarm link, plain / app: {results[0]['warm_median_s'] / results[1]['warm_median_s']:.1f}x")


if __name__ == "__main__":
    main()
