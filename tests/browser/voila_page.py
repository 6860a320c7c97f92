"""A Voilà app open in the browser: load a link, wait until every widget is drawn, read it,
and know whether the page tried to run anything it was given (any alert, confirm or prompt)
or asked anything of a server other than its own.

Also the calculator app's server (``python -m apps.calculator_app``, as ``make calculator`` runs it),
its kernels and memory, and many visitors at once: shared by ``test_calculator_app.py`` and
``benchmarks/calculator_app.py``.
"""

from __future__ import annotations

import contextlib
import html
import json
import re
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

import psutil
from browser_servers import Server, free_port, isolated_env, laid_out
from lab_page import SCREENSHOTS
from playwright.sync_api import Browser, Locator, Page
from playwright.sync_api import Error as PlaywrightError

ROOT = Path(__file__).resolve().parents[2]
APPS = ROOT / "apps"
#: The calculator app's warm kernels, as its configuration (apps/config/voila.json) sets them.
POOL = json.loads((APPS / "config" / "voila.json").read_text())["VoilaConfiguration"]["default_pool_size"]
CALCULATOR = APPS / "calculator.ipynb"

# Voilà's own words when a cell of the app raised (tracebacks are hidden by default).
_CELL_ERROR = re.compile(r"There was an error when executing cell|Traceback|Error displaying widget")


class VoilaPage:
    """One page for Voilà apps; every dialog the page opens is recorded and dismissed."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.dialogs: list[str] = []
        self.page_errors: list[str] = []
        self.requests: list[str] = []
        page.on("dialog", self._on_dialog)
        page.on("pageerror", lambda error: self.page_errors.append(str(error)))
        page.on("request", lambda request: self.requests.append(request.url))

    def outside_requests(self) -> list[str]:
        """Every URL the page asked for from anywhere but 127.0.0.1 (the browser tests refuse
        them, so a page that needs one shows it by looking wrong, or here)."""
        return [url for url in self.requests
                if urlsplit(url).scheme in ("http", "https", "ws", "wss")
                and urlsplit(url).hostname != "127.0.0.1"]

    def _on_dialog(self, dialog) -> None:
        self.dialogs.append(f"{dialog.type}: {dialog.message}")
        dialog.dismiss()

    def open(self, url: str, timeout: float = 120) -> None:
        """Load ``url`` and wait until Voilà has run the notebook and drawn every widget."""
        self.page.goto(url, timeout=timeout * 1000)
        # Voilà sends each output as a script element that its page then replaces with the
        # rendered output, a widget first saying "Loading widget...".
        self.page.wait_for_function(
            "() => document.readyState === 'complete'"
            " && document.querySelector('#rendered_cells') !== null"
            " && document.querySelector('script[type=\"application/vnd.voila.cell-output+json\"]') === null"
            " && !document.body.innerText.includes('Loading widget...')",
            timeout=timeout * 1000)

    @property
    def body(self) -> Locator:
        return self.page.locator("#rendered_cells")

    def text(self) -> str:
        return self.body.inner_text()

    def assert_no_errors(self) -> None:
        text = self.text()
        problems = [line for line in text.splitlines() if _CELL_ERROR.search(line)]
        problems += [f"JavaScript error in the page: {e}" for e in self.page_errors]
        if problems:
            raise AssertionError("the Voilà app shows errors:\n" + "\n".join(problems))

    def assert_nothing_ran(self) -> None:
        """No script given in the link ran: no dialog opened, no script element holds it."""
        assert self.dialogs == [], f"the page opened dialogs: {self.dialogs}"
        injected = self.body.locator("script", has_text="alert")
        assert injected.count() == 0, "a <script> from the link is in the page"
        images = self.body.locator("img[onerror]")
        assert images.count() == 0, "an <img onerror=...> from the link is in the page"

    def screenshot_page(self, name: str) -> Path:
        """The window as it is, whatever the page has drawn so far."""
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        path = SCREENSHOTS / f"{name}.png"
        self.page.screenshot(path=str(path), full_page=True)
        return path

    def screenshot(self, name: str) -> Path:
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        path = SCREENSHOTS / f"{name}.png"
        # The app scrolls inside its own panel, so the window is made as tall as the app instead.
        size = self.page.viewport_size or {"width": 1280, "height": 900}
        height = self.page.evaluate("() => document.querySelector('#rendered_cells').scrollHeight")
        self.page.set_viewport_size({"width": size["width"],
                                     "height": max(size["height"], min(height, 12000))})
        try:
            laid_out(self.page)
            self.page.screenshot(path=str(path))
        finally:
            self.page.set_viewport_size(size)
        return path


# ---------------------------------------------------------------------------------- the app's server
def start_calculator_app(home: Path, *options: str) -> Server:
    """The calculator app as ``make calculator`` serves it (its configuration in ``apps/config``),
    token-less on a free port of 127.0.0.1; ``options`` are Voilà options added for a test."""
    env = isolated_env(home)
    port = free_port()
    argv = [sys.executable, "-m", "apps.calculator_app", f"--port={port}", "--Voila.port_retries=0",
            "--Voila.ip=127.0.0.1", "--no-browser", *options]
    return Server("the calculator app", argv, port=port, cwd=ROOT, env=env,
                  log_path=home / f"calculator-app-{port}.log", ready_path="/voila/files/ready",
                  any_answer=True)


def kernels(server: Server) -> list[psutil.Process]:
    """The server's kernel processes, alive now."""
    found = []
    try:
        children = psutil.Process(server.process.pid).children(recursive=True)
    except psutil.NoSuchProcess:
        return []
    for child in children:
        try:
            if "ipykernel" in " ".join(child.cmdline()):
                found.append(child)
        except psutil.Error:
            pass
    return found


def memory_mb(server: Server) -> float:
    """Resident memory of the server and every process it started, in MB."""
    total = 0
    try:
        processes = [psutil.Process(server.process.pid)]
        processes += processes[0].children(recursive=True)
    except psutil.NoSuchProcess:
        return 0.0
    for process in processes:
        with contextlib.suppress(psutil.Error):
            total += process.memory_info().rss
    return total / 2**20


def wait_quiet(server: Server, kernel_count: int | None = None, timeout: float = 120,
               cpu_percent: float = 15.0) -> bool:
    """Wait until the server has ``kernel_count`` kernels (if given) and it and its kernels use
    less than ``cpu_percent`` of a core over half a second. Returns whether that happened."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if kernel_count is None or len(kernels(server)) == kernel_count:
            processes = [psutil.Process(server.process.pid), *kernels(server)]
            for process in processes:
                with contextlib.suppress(psutil.Error):
                    process.cpu_percent(None)
            time.sleep(0.5)   # the half second the use is measured over
            used = 0.0
            for process in processes:
                with contextlib.suppress(psutil.Error):
                    used += process.cpu_percent(None)
            if used < cpu_percent and (kernel_count is None or len(kernels(server)) == kernel_count):
                return True
        else:
            time.sleep(0.5)   # the server's kernels are counted from its processes: nothing to wait on
    return False


# ---------------------------------------------------------------------------------- many visitors
# In every page: the time from the start of its navigation to a score on screen (``__shownAt``:
# the app's page writes the calculator's words into its HTML, before the widgets are drawn) and
# to the live calculator showing it (``__scoredAt``). Shown means laid out and on screen, not
# merely in the document.
_SCORED_AT = """(() => {
  const scored = element => element && /\\d+ points?/.test(element.textContent);
  const onScreen = element => {
    const box = element.getBoundingClientRect();
    return element.offsetParent !== null && box.width > 0 && box.height > 0 && box.top < window.innerHeight;
  };
  const check = () => {
    const total = document.querySelector('#rendered_cells .cc-big');
    if (window.__scoredAt === undefined && scored(total)) {
      window.__scoredAt = performance.now();
    }
    const shown = [...document.querySelectorAll('.cc-big')].find(e => scored(e) && onScreen(e));
    if (window.__shownAt === undefined && shown) {
      window.__shownAt = performance.now();
      window.__shownScore = shown.textContent.trim();
    }
  };
  setInterval(check, 25);
})();"""


@dataclass
class Visit:
    """One link opened: when the live calculator showed its hand scored (ms after the link was
    followed, or None if never), the link the calculator offers to share (None if not shown),
    and when a score was first on screen (the page's own HTML, before the widgets; None if never)."""
    url: str
    scored_ms: float | None
    share_link: str | None
    page: Page
    shown_ms: float | None = None
    shown_score: str | None = None


def close_all(visits: list[Visit], *, politely: bool = True) -> None:
    """Close the visitors' tabs, then their browsers. ``politely`` runs each page's beforeunload,
    as a person closing a tab does (the page then asks the server to shut its kernel down)."""
    for visit in visits:
        visit.page.close(run_before_unload=politely)
    if politely:
        # The requests a page sends as it unloads outlive the page but not its browser, and the browser
        # tells no one when they have left: a second for them before the browsers close (a sleep kept:
        # Playwright's context "request" event for a closed page's beacon was tried, and missed one of two).
        time.sleep(1)
    for visit in visits:
        visit.page.context.close()


NOT_LOCAL = re.compile(r"^(?!https?://127\.0\.0\.1[:/]).*")  # refused at once, as in conftest.py


def visit_all(browser: Browser, urls: list[str], timeout: float, until: str = "scored") -> list[Visit]:
    """Open every link at once, each in a browser context of its own (as many people, each with
    a browser: one browser would share six connections to the server among all its tabs), and
    wait until each shows its score in the live calculator (``until="scored"``) or at all (the
    page's own HTML, ``until="shown"``), or ``timeout`` seconds have passed. Close them with
    :func:`close_all`."""
    pages = []
    for _ in urls:
        context = browser.new_context(viewport={"width": 1000, "height": 700})
        context.route(NOT_LOCAL, lambda route: route.abort())
        page = context.new_page()
        page.add_init_script(_SCORED_AT)
        page.on("dialog", lambda dialog: dialog.dismiss())
        pages.append(page)
    for page, url in zip(pages, urls):
        # Following the link from inside the page returns at once, so all load together.
        page.evaluate("url => { window.location.href = url; }", url)
    deadline = time.monotonic() + timeout
    for page in pages:
        # Each page is waited for in turn (they load together), Playwright checking in the page, across
        # its navigation, until the score is there; the times are the page's own (``__scoredAt``).
        left = deadline - time.monotonic()
        with contextlib.suppress(PlaywrightError):   # not scored in time, or the page crashed
            page.wait_for_function(f"() => window.__{until}At !== undefined", timeout=max(left, 0.1) * 1000,
                                   polling=200)
    visits = []
    for page, url in zip(pages, urls):
        link = None
        try:
            times = page.evaluate("() => [window.__scoredAt ?? null, window.__shownAt ?? null, window.__shownScore ?? null]")
        except Exception:
            times = [None, None, None]
        if times[0] is not None:
            share = page.locator("#rendered_cells a.cc-code")
            link = share.first.get_attribute("href") if share.count() else None
        visits.append(Visit(url, times[0], link, page, times[1], times[2]))
    return visits


def summary(visits: Sequence[Visit | HttpVisit]) -> dict[str, float | int | None]:
    """How many were scored, and the median and slowest link-to-score time in seconds."""
    times = sorted(v.scored_ms / 1000 for v in visits if v.scored_ms is not None)
    return {"visitors": len(visits), "scored": len(times), "blank": len(visits) - len(times),
            "median_s": times[len(times) // 2] if times else None, "slowest_s": times[-1] if times else None}


def as_json(value: object) -> str:
    return json.dumps(value, indent=2, default=str)


# ------------------------------------------------------------------ visitors without a browser
# What a visitor's page asks of the server, without the browser's own work: the page itself
# (Voilà runs the notebook while it streams it), then the widgets' state over the kernel's
# websocket, as the page's widget manager asks for it (ipywidgets 8's ``jupyter.widget.control``
# comm, ``request_states``). Thirty browsers on the two cores of the server measure mostly the
# browsers (about 7 s of CPU each for one page, against about 5 s for its kernel): a class
# brings thirty computers of its own.
_SCORE = re.compile(r'class="cc-big"[^>]*>([^<]*\d+ points?)')
_SHARE = re.compile(r'<a class="cc-code" href="([^"]+)"')
_KERNEL_ID = re.compile(r'"kernelId": "([0-9a-f-]{36})"')


def _control_protocol() -> str:
    from ipywidgets.widgets.widget import __control_protocol_version__  # the kernel's own ipywidgets
    return __control_protocol_version__


@dataclass
class HttpVisit:
    """One link opened by :func:`visit_all_http`: as :class:`Visit`, with the kernel it got and
    the score it showed (the calculator's big line, e.g. "Hand: 12 points")."""
    url: str
    scored_ms: float | None
    share_link: str | None
    score: str | None
    kernel_id: str | None
    xsrf: str | None
    error: str | None = None


def _message(msg_type: str, content: dict, session: str, metadata: dict | None = None) -> bytes:
    """A shell message in Jupyter Server's websocket protocol v1, the one the page's JupyterLab
    code speaks. (Over the legacy JSON protocol the reply to ``request_states``, which carries
    binary buffers, never came back here.)"""
    import datetime
    import uuid

    from jupyter_server.services.kernels.connection.base import serialize_msg_to_ws_v1

    header = {"msg_id": uuid.uuid4().hex, "msg_type": msg_type, "username": "visitor", "session": session,
              "date": datetime.datetime.now(datetime.timezone.utc).isoformat(), "version": "5.3"}
    parts = [header, {}, metadata or {}, content]
    return serialize_msg_to_ws_v1([json.dumps(part).encode() for part in parts], "shell")


def _received(frame: str | bytes) -> dict:
    """A kernel message from the server's websocket (protocol v1): its header and content."""
    from jupyter_server.services.kernels.connection.base import deserialize_msg_from_ws_v1

    if isinstance(frame, str):  # the legacy protocol, if the server ever chose it
        return json.loads(frame)
    _, parts = deserialize_msg_from_ws_v1(frame)
    return {"header": json.loads(parts[0]), "content": json.loads(parts[3])}


def visit_http(url: str, timeout: float) -> HttpVisit:
    """Open ``url`` as a page does, until its calculator's widgets say the hand's score."""
    import http.cookiejar
    import urllib.request
    import uuid

    from websockets.sync.client import connect

    started = time.monotonic()
    deadline = started + timeout
    cookies = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(cookies))
    kernel_id = xsrf = None
    try:
        with opener.open(url, timeout=timeout) as response:
            page = response.read().decode()
        xsrf = next((c.value for c in cookies if c.name == "_xsrf"), None)
        found = _KERNEL_ID.search(page)
        if not found:
            return HttpVisit(url, None, None, None, None, xsrf, "no kernel in the page")
        kernel_id = found.group(1)
        parts = urlsplit(url)
        session = uuid.uuid4().hex
        ws_url = f"ws://{parts.netloc}/api/kernels/{kernel_id}/channels?session_id={session}"
        cookie = "; ".join(f"{c.name}={c.value}" for c in cookies)
        with connect(ws_url, additional_headers={"Cookie": cookie}, open_timeout=max(1.0, deadline - time.monotonic()),
                     subprotocols=["v1.kernel.websocket.jupyter.org"], max_size=None, compression=None) as socket:
            comm_id = uuid.uuid4().hex
            socket.send(_message("comm_open", {"comm_id": comm_id, "target_name": "jupyter.widget.control",
                                               "data": {}}, session, metadata={"version": _control_protocol()}))
            socket.send(_message("comm_msg", {"comm_id": comm_id, "data": {"method": "request_states"}}, session))
            while time.monotonic() < deadline:
                reply = _received(socket.recv(timeout=max(0.1, deadline - time.monotonic())))
                data = reply.get("content", {}).get("data", {})
                if reply.get("header", {}).get("msg_type") != "comm_msg" or data.get("method") != "update_states":
                    continue
                values = [str(model.get("state", {}).get("value", "")) for model in data["states"].values()]
                score = next((m.group(1) for v in values for m in [_SCORE.search(v)] if m), None)
                share = next((html.unescape(m.group(1)) for v in values for m in [_SHARE.search(v)] if m), None)
                if score is None:
                    return HttpVisit(url, None, share, None, kernel_id, xsrf, "no score among the widgets")
                return HttpVisit(url, (time.monotonic() - started) * 1000, share, score, kernel_id, xsrf)
    except Exception as error:
        return HttpVisit(url, None, None, None, kernel_id, xsrf, f"{type(error).__name__}: {error}"[:200])
    return HttpVisit(url, None, None, None, kernel_id, xsrf, "timed out waiting for the widgets")


def visit_all_http(urls: list[str], timeout: float) -> list[HttpVisit]:
    """Open every link at once, each from a thread of its own, as :func:`visit_all` does in browsers."""
    import threading

    visits: list[HttpVisit | None] = [None] * len(urls)

    def visit(i: int) -> None:
        visits[i] = visit_http(urls[i], timeout)

    threads = [threading.Thread(target=visit, args=(i,), daemon=True) for i in range(len(urls))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout + 30)
    return [v if v is not None else HttpVisit(u, None, None, None, None, None, "never returned")
            for v, u in zip(visits, urls)]


def leave_http(server: Server, visits: list[HttpVisit]) -> None:
    """Each visitor closes their tab: the page's beacon asks for its kernel's shutdown, with the
    ``_xsrf`` cookie the app gave it."""
    import urllib.error
    import urllib.request

    for visit in visits:
        if visit.kernel_id is None or visit.xsrf is None:
            continue
        request = urllib.request.Request(f"{server.url}/voila/api/shutdown/{visit.kernel_id}", data=b"",
                                         method="POST", headers={"Cookie": f"_xsrf={visit.xsrf}",
                                                                 "X-XSRFToken": visit.xsrf})
        with contextlib.suppress(urllib.error.URLError, OSError):  # the kernel was culled already
            urllib.request.urlopen(request, timeout=30).close()
