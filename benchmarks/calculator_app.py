"""The calculator app under a class's load: the time to the score on screen and to the live
calculator, the server's CPU and memory, and what plain GETs leave behind.

    python benchmarks/calculator_app.py [--visitors 30 200] [--browsers auto|N] [--gets 100]
                                        [--fresh] [--before /tmp/base] [--max-kernels N] [--timeout 420]

``--before`` is another checkout of the project (``git worktree add /tmp/base HEAD``): its app is
measured the same way, then this one, one after the other on this machine. For each, once the
server has settled (its warm kernels ready, its CPU quiet):

- ``--visitors`` links opened at once (each number in turn), each a different hand, by
  lightweight clients (``tests/browser/test_calculator_app_visitors.py``): HTTP and the kernel's
  websocket, doing what the page does (read the page as it streams, say it is alive, read Voilà's
  page, ask the kernel for the widgets' state), without a browser, so that the browsers' own CPU
  (about 7 s for one page on these two cores, against about 5 s for its kernel) does not hide
  the server's time; a class brings its own computers. Reported: the time to the score on screen
  (the page's first paint has arrived; before issue 29, the cell that carried it), median and
  slowest, over all visitors; the time to the live calculator (the kernel's widgets say the
  score), median and slowest, over those served; how many were served, were told the app is
  busy, or saw another's hand; the CPU seconds of the server, its kernels and its other processes
  (the first paint workers), and the memory (the server and every process it started,
  resident) idle, at the peak, and after they leave;
- ``--browsers`` links opened at once in real pages of Debian's Chromium, each in a context of its
  own (a new visitor), kept open as a person keeps them: how many saw their own score on screen
  (the first paint, or the "busy" page's, which carries it), the time to it (median, slowest),
  and how many had the live calculator by the time the last had its score (the light clients
  above wait for the live calculator; these do not); ``auto`` opens as many as the
  machine's free memory holds (about 150 MB a page), at most 100;
- ``--fresh``: the app started on an empty cache of the engine's tables (a fresh install, a new
  engine version): the seconds from its start to its first answer, and from then to the first
  link's score, and the tables it had made by then;
- ``--gets`` plain GETs at once (curl, a link preview): whether each got the score, and how
  many kernels the app holds once they have all been answered, beyond its warm pool.

Times depend on what else the machine does (the load average is reported): compare the columns
of one run, not runs of different days.
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import json
import os
import random
import re
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import parse_qs

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from browser_servers import CHROMIUM, CHROMIUM_ARGS, Server, free_port, isolated_env  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402
from test_calculator_app_visitors import leave, visit_all  # noqa: E402
from voila_page import close_all, kernels, memory_mb, wait_quiet  # noqa: E402
from voila_page import visit_all as visit_all_browsers  # noqa: E402

from cribbage import Card, cards, score_hand  # noqa: E402

DEALS = [f"{rank}{suit}" for rank in "A23456789TJQK" for suit in "CDHS"]


def hands(n: int, offset: int = 0) -> list[str]:
    """``n`` different five-card links (seeded by ``offset``: another offset, other hands)."""
    draw = random.Random(offset)
    out: dict[str, None] = {}
    while len(out) < n:
        five = draw.sample(DEALS, 5)
        out[f"hand={''.join(five[:4])}&starter={five[4]}&crib=0"] = None
    return list(out)


def start_app(tree: Path, home: Path, *options: str) -> Server:
    """The calculator app of the checkout ``tree`` as ``make calculator`` serves it."""
    env = isolated_env(home)
    port = free_port()
    # A module of the package ``apps`` (run in ``tree``, whose packages come first); a checkout from
    # before apps/ was a package runs it by path.
    app = ["-m", "apps.calculator_app"] if (tree / "apps" / "__init__.py").exists() else [str(tree / "apps" / "calculator_app.py")]
    argv = [sys.executable, *app, f"--port={port}", "--Voila.port_retries=0",
            "--Voila.ip=127.0.0.1", "--no-browser", *options]
    return Server(f"the calculator app ({tree})", argv, port=port, cwd=tree, env=env,
                  log_path=home / f"calculator-app-{port}.log", ready_path="/voila/files/ready", any_answer=True)


class Sampled:
    """While it runs, every half second: the CPU seconds used by the server, its kernels and its
    other processes (those gone included), and the highest memory."""

    def __init__(self, server: Server) -> None:
        self.server, self._seen, self.peak_mb = server, {}, 0.0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _sample(self) -> None:
        import psutil

        try:
            leader = psutil.Process(self.server.process.pid)
            processes = [("server", leader)] + [
                ("kernels" if "ipykernel" in " ".join(p.cmdline()) else "others", p)
                for p in leader.children(recursive=True)]
        except psutil.Error:
            return
        for part, process in processes:
            try:
                times = process.cpu_times()
            except psutil.Error:
                continue
            self._seen[(part, process.pid)] = times.user + times.system
        self.peak_mb = max(self.peak_mb, memory_mb(self.server))

    def _run(self) -> None:
        while not self._stop.is_set():
            self._sample()
            self._stop.wait(0.5)

    def __enter__(self) -> Sampled:
        self._sample()
        self._start = dict(self._seen)
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._stop.set()
        self._thread.join()
        self._sample()

    def cpu(self, part: str) -> float:
        return sum(s - self._start.get(key, 0.0) for key, s in self._seen.items() if key[0] == part)


def median(values: list[float]) -> float | None:
    return statistics.median(values) if values else None


def crowd(server: Server, pool: int, n: int, timeout: float, offset: int) -> dict[str, object]:
    wait_quiet(server, pool, timeout=180, cpu_percent=20)
    figures: dict[str, object] = {"memory_before_mb": memory_mb(server), "load_average": os.getloadavg()[0]}
    links = [f"{server.url}/?{hand}" for hand in hands(n, offset)]
    with Sampled(server) as sampled:
        visits = visit_all(links, timeout=timeout)
        figures["kernels_with_visitors"] = len(kernels(server))
    shown = [v.shown_s for v in visits if v.shown_s is not None]
    live = [v.live_s for v in visits if v.live_s is not None]
    figures.update({
        "shown_median_s": median(shown), "shown_slowest_s": max(shown) if len(shown) == n else None,
        "shown": len(shown), "live_median_s": median(live), "live_slowest_s": max(live, default=None),
        "live": len(live), "busy": sum(1 for v in visits if "ocupada" in v.page or "is busy" in v.page
                                       or v.status == 503),
        "wrong_hand": sum(1 for v, link in zip(visits, links) if v.live_s is not None and v.share_link != link),
        "cpu_server_s": sampled.cpu("server"), "cpu_kernels_s": sampled.cpu("kernels"),
        "cpu_others_s": sampled.cpu("others"), "memory_peak_mb": sampled.peak_mb,
        "errors": sorted({v.error for v in visits if v.error})[:3],
    })
    leave(server, visits)
    left = time.monotonic()
    wait_quiet(server, pool, timeout=120, cpu_percent=20)
    figures["after_wait_s"] = time.monotonic() - left
    figures["memory_after_mb"] = memory_mb(server)
    figures["kernels_after"] = len(kernels(server))
    return figures


def browsers(server: Server, pool: int, browser, n: int, timeout: float) -> dict[str, object]:
    wait_quiet(server, pool, timeout=180, cpu_percent=20)
    links = [f"{server.url}/?{hand}" for hand in hands(n, offset=500)]
    visits = visit_all_browsers(browser, links, timeout=timeout, until="shown")
    own = [v for v, link in zip(visits, links) if v.shown_ms is not None and v.shown_score == _score_of(link)]
    shown = [v.shown_ms / 1000 for v in own]
    live = [v.scored_ms / 1000 for v in visits if v.scored_ms is not None]
    load = os.getloadavg()[0]
    with contextlib.suppress(Exception):   # a page or browser the machine's load has closed
        close_all(visits)
    return {"shown": len(own), "shown_median_s": median(shown), "shown_slowest_s": max(shown) if len(own) == n else None,
            "live_median_s": median(live), "live": len(live), "load_average": load}


def _score_of(link: str) -> str:
    """The score line a link's page must show ("Hand: 12 points"), counted here by the engine."""
    asked = parse_qs(link.split("?", 1)[1])
    hand = asked["hand"][0]
    total = score_hand(cards(" ".join(hand[i:i + 2] for i in range(0, 8, 2))), Card.parse(asked["starter"][0])).total
    return f"Hand: {total} point{'s' if total != 1 else ''}"


def fresh_install(tree: Path, home: Path, timeout: float) -> dict[str, object]:
    """The app of ``tree`` started on an empty table cache: when it first answers, and when the
    first link's score arrives after that."""
    cache = home / "fresh-cache"
    cache.mkdir(parents=True)
    os.environ["CRIBBAGE_CACHE_DIR"], before = str(cache), os.environ.get("CRIBBAGE_CACHE_DIR")
    began = time.monotonic()
    try:
        server = start_app(tree, home / "fresh")
    finally:
        if before is None:
            del os.environ["CRIBBAGE_CACHE_DIR"]
        else:
            os.environ["CRIBBAGE_CACHE_DIR"] = before
    try:
        answering = time.monotonic() - began
        asked = time.monotonic()
        connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=timeout)
        connection.request("GET", "/?hand=5H5D6H7S&starter=8C")
        response, body, score_s = connection.getresponse(), b"", None
        while score_s is None and (chunk := response.read1(65536)):
            body += chunk
            if re.search(rb'class="cc-big"[^>]*>Hand: 12 points', body):
                score_s = time.monotonic() - asked
        connection.close()
        return {"answering_s": answering, "first_score_s": score_s, "tables": sorted(p.name.split("-")[0] for p in cache.iterdir()),
                "load_average": os.getloadavg()[0]}
    finally:
        server.stop()


def plain_gets(server: Server, pool: int, n: int, timeout: float) -> dict[str, object]:
    wait_quiet(server, pool, timeout=180, cpu_percent=20)
    with Sampled(server) as sampled:
        gets = visit_all([f"{server.url}/?{hand}" for hand in hands(n, offset=300)], alive=False, live=False,
                         timeout=timeout)
    return {"scored": sum(1 for g in gets if g.score), "answered_slowest_s": max((g.ended_s or 0) for g in gets),
            "kernels_left": len(kernels(server)) - pool, "memory_peak_mb": sampled.peak_mb,
            "busy": sum(1 for g in gets if g.status == 503)}


def measure(name: str, tree: Path, home: Path, browser, args, pool: int) -> dict[str, object]:
    options = [f"--CalculatorVoila.max_kernels={args.max_kernels}"] if args.max_kernels else []
    server = start_app(tree, home / name, *options)
    figures: dict[str, object] = {"server": name}
    try:
        wait_quiet(server, pool, timeout=180, cpu_percent=20)
        figures["memory_idle_mb"] = memory_mb(server)
        for i, n in enumerate(args.visitors):
            figures[f"crowd_{n}"] = crowd(server, pool, n, args.timeout, offset=100 * i)
            print(json.dumps({name: {n: figures[f"crowd_{n}"]}}), flush=True)
        if args.browsers:
            figures["browsers"] = browsers(server, pool, browser, args.browsers, args.timeout)
            print(json.dumps({name: {"browsers": figures["browsers"]}}), flush=True)
        if args.gets:
            figures["gets"] = plain_gets(server, pool, args.gets, args.timeout)
            # Before issue 29 each held a kernel until culled (60 s idle, every 15 s).
            wait_quiet(server, pool, timeout=150, cpu_percent=20)
    finally:
        server.stop()
    if args.fresh:
        figures["fresh"] = fresh_install(tree, home / name, args.timeout)
    print(json.dumps(figures), flush=True)
    return figures


def browsers_held(asked: str) -> int:
    """``--browsers``: a number, or ``auto``: as many pages as the free memory holds (150 MB each,
    a quarter kept back), at most 100."""
    if asked != "auto":
        return int(asked)
    import psutil

    return max(1, min(100, int(psutil.virtual_memory().available * 0.75 / (150 * 2**20))))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--visitors", type=int, nargs="+", default=[30, 200])
    parser.add_argument("--browsers", default="auto", help="real Chromium pages at once: a number, or auto")
    parser.add_argument("--fresh", action="store_true", help="also time the first score of an app on an empty cache")
    parser.add_argument("--gets", type=int, default=100)
    parser.add_argument("--before", type=Path, help="another checkout, measured first (e.g. /tmp/base)")
    parser.add_argument("--max-kernels", type=int, default=0,
                        help="the apps' max_kernels (default: their configuration's); lower on a machine short of memory")
    parser.add_argument("--timeout", type=float, default=420, help="seconds a visitor waits at most")
    args = parser.parse_args()
    args.browsers = browsers_held(args.browsers)
    pool = json.loads((ROOT / "apps" / "config" / "voila.json").read_text())["VoilaConfiguration"]["default_pool_size"]
    trees = ([("before", args.before.resolve())] if args.before else []) + [("after", ROOT)]
    results = []
    with tempfile.TemporaryDirectory(prefix="calculator-bench-") as home, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            for name, tree in trees:
                results.append(measure(name, tree, Path(home), browser, args, pool))
        finally:
            browser.close()
    print_table(results, args)


def print_table(results: list[dict], args) -> None:
    def show(value: object) -> str:
        if value is None:
            return "-"
        return f"{value:.1f}" if isinstance(value, float) else str(value)

    rows: list[tuple[str, str, str]] = []
    for n in args.visitors:
        c = f"crowd_{n}"
        rows += [(f"{n} at once: score on screen, median (s)", c, "shown_median_s"),
                 (f"{n} at once: score on screen, slowest (s)", c, "shown_slowest_s"),
                 (f"{n} at once: score on screen (of {n})", c, "shown"),
                 (f"{n} at once: live calculator, median (s)", c, "live_median_s"),
                 (f"{n} at once: live calculator, slowest (s)", c, "live_slowest_s"),
                 (f"{n} at once: live calculator (of {n})", c, "live"),
                 (f"{n} at once: told 'busy'", c, "busy"),
                 (f"{n} at once: another's hand", c, "wrong_hand"),
                 (f"{n} at once: CPU server / kernels / others (s)", c, "cpu"),
                 (f"{n} at once: memory before / peak / after (MB)", c, "memory"),
                 (f"{n} at once: kernels with them / after", c, "kernels"),
                 (f"{n} at once: load average before", c, "load_average")]
    if args.browsers:
        b = args.browsers
        rows += [(f"{b} Chromium pages: their own score on screen (of {b})", "browsers", "shown"),
                 (f"{b} Chromium pages: score on screen, median (s)", "browsers", "shown_median_s"),
                 (f"{b} Chromium pages: score on screen, slowest (s)", "browsers", "shown_slowest_s"),
                 (f"{b} Chromium pages: live calculator by then (of {b})", "browsers", "live"),
                 (f"{b} Chromium pages: live calculator by then, median (s)", "browsers", "live_median_s"),
                 (f"{b} Chromium pages: load average after", "browsers", "load_average")]
    if args.fresh:
        rows += [("fresh install: start to first answer (s)", "fresh", "answering_s"),
                 ("fresh install: then the first score (s)", "fresh", "first_score_s"),
                 ("fresh install: tables made by then", "fresh", "tables")]
    if args.gets:
        rows += [(f"{args.gets} plain GETs: with the score", "gets", "scored"),
                 (f"{args.gets} plain GETs: answered 'busy'", "gets", "busy"),
                 (f"{args.gets} plain GETs: kernels left behind", "gets", "kernels_left"),
                 (f"{args.gets} plain GETs: memory peak (MB)", "gets", "memory_peak_mb")]
    rows.append(("memory idle (MB)", "", "memory_idle_mb"))
    print(f"\n{'':50}" + "".join(f"{r['server']:>20}" for r in results))
    for label, part, key in rows:
        cells = []
        for r in results:
            figures = r.get(part, {}) if part else r
            if key == "cpu":
                cell = "/".join(show(figures.get(k)) for k in ("cpu_server_s", "cpu_kernels_s", "cpu_others_s"))
            elif key == "memory":
                cell = "/".join(f"{figures.get(k, 0):.0f}" for k in ("memory_before_mb", "memory_peak_mb", "memory_after_mb"))
            elif key == "kernels":
                cell = f"{figures.get('kernels_with_visitors')}/{figures.get('kernels_after')}"
            else:
                cell = show(figures.get(key))
            cells.append(cell)
        print(f"{label:50}" + "".join(f"{c:>20}" for c in cells))


if __name__ == "__main__":
    main()
