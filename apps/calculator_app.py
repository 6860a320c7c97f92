"""The hand calculator served to a whole class: Voilà, configured by ``apps/config/voila.json``, with the
few things a public page needs that Voilà 0.5 does not do by itself. ``make calculator`` runs it:

    python -m apps.calculator_app [--port=8866] [any other Voilà option]

It serves a second notebook beside the calculator, My deal (``apps/my_deal.ipynb``, the 15 keeps of
six cards) at ``/my-deal``, with the same page handler: a link such as
``/my-deal?deal=5H5D6H7S8C9D&dealer=1&scores=100-95&lang=es`` gets the same first paint, queue and
limits. Its warm kernels (``deal_pool_size``) are started after its first visitor, not before.

Its configuration is ``apps/config/voila.json`` (warm kernels, culling of idle kernels, time
limits, the limits below) and the page template ``apps/config/share/jupyter/voila/templates/
calculator`` (Voilà's lab template without the CDN). A warm kernel taken is replaced at once
(``fill_delay`` 0): the kernels are forked from a warm process (``machinery/forked_kernels.py``), and
with the 5 s delay of old, thirty visitors at once waited a median of 25 s for the live calculator
(slowest 49 s) against 10-11 s (slowest 17-18 s) without it (``benchmarks/calculator_app.py``).
What it adds to a plain ``voila``:

- The first paint at once, and a kernel only for a visitor who is there. A page starts with the
  link's calculator as plain HTML (score and all), made without a kernel by a worker process
  (``python -m apps.first_paint``: a few milliseconds a link, written to a worker at once, never
  waiting for one to be free; My deal's from a worker of its own, so that the calculator's first
  score never waits for My deal's tables), and a one-line script that tells the server the page is alive in a
  browser. Only then is the visitor queued for a kernel and Voilà's page sent after those lines.
  A ``curl``, a chat app's link preview or a crawler runs no script: it gets the first paint,
  with the score in the page's title and description, and the page ends ``alive_timeout``
  seconds later without a kernel. A visitor who leaves the queue (their connection closes) frees
  their place at once: the waiting page is sent a heartbeat every second, which finds out.
- Voilà's own page parameters (``template``, ``theme``) are ignored: a link can neither pick a
  template from the disk nor make Voilà start a kernel outside the warm pool. The query string
  still reaches the calculator, which says what it did not understand.
- A query string too long to be a hand is answered at once with a page that says so (414), with
  no kernel started; Tornado's header limit is raised so that such a link gets that page instead
  of a dropped connection.
- Pages are made ``concurrent_pages`` at a time; the other visitors wait their turn, in order.
  When ``max_kernels`` visitors (pages alive in a browser) already have a kernel or wait for
  one, the next gets a "busy, try again in a minute" page (503) instead, which carries the link's
  first paint all the same (the score needs no kernel): memory stays bounded however many people
  come at once, and requests that never run the page count for nothing.
- The page gets the ``_xsrf`` cookie that its "shut my kernel down" beacon (sent when the tab
  closes) must carry; without it Voilà refuses the shutdown and every kernel lives on.
- Jupyter Server's culler never looks at a kernel that is still starting (it raised a
  ``TraitError`` on its missing ``last_activity``; the kernel manager named in ``voila.json``), and Voilà's template files answer a path
  that climbs out of their folder with 404, not 500.
- Every error (a missing file, a path out of its folder) and ``/logout`` are answered with a page of
  the app's, in the visitor's language: Jupyter Server's own cannot be made under Voilà (an empty
  answer, or 500, and tracebacks in the log).

Why not Voilà's own options: ``progressive_rendering`` sends the page before the notebook runs
but starts the kernel on the GET all the same (and cannot be used with the warm pool, which
makes a visitor's page fast); ``preheat_kernel`` with a pool hands a kernel to every GET. The
page has to say it is alive before any kernel is taken, which only the page can do. Nor do its hooks
(``prelaunch_hook`` is refused with the warm pool; ``page_config_hook`` sets the page's JavaScript
settings only). So the app subclasses Voilà's page handler and reads a few things Voilà does not
document: every one of them goes through :mod:`machinery.jupyter_internals`, which lists them, and
whose contract test names what a new Voilà or Jupyter Server no longer offers.
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import json
import os
import secrets
import sys
from collections import OrderedDict, deque
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import tornado.web
from jupyter_server.utils import url_path_join
from tornado.httputil import split_host_and_port
from tornado.iostream import StreamClosedError
from traitlets import Float, Int, default

from cribbage.lang.messages import render
from cribbage.registry.languages import CODES, SOURCE
from machinery.jupyter_internals import (
    HandingOut,
    LogoutHandler,
    PageHandler,
    TemplateFilesHandler,
    VoilaApp,
    allow_unauthenticated,
    limit_request_heads,
    logout_handler,
    warm_pool,
    with_pages,
)

# The views' words (their app.* are the server's own pages): importing them loads Babel, no view.
from widgets.i18n import messages as _widget_words  # noqa: F401

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
CONFIG = HERE / "config"
NOTEBOOK = HERE / "calculator.ipynb"
# The second page the app serves: My deal (the 15 keeps of six cards), at DEAL_PATH beside the calculator.
DEAL_NOTEBOOK = HERE / "my_deal.ipynb"
DEAL_PATH = "/my-deal"
#: Each page's words for the server's own pages: its title, its link to open it empty, and what its
#: "busy" page says of the link's answer it shows all the same.
PAGE_WORDS = {"calculator": ("app.title", "app.open_empty", "app.busy_answer"),
              "deal": ("app.deal_title", "app.deal_open_empty", "app.deal_busy_answer")}

# Query parameters Voilà itself acts on; the calculator uses none of them.
VOILA_PARAMETERS = ("template", "theme", "classic-tree")


def language_of(accept_language: str) -> str:
    """The first of the course's languages the browser asks for (``Accept-Language``), else English
    (a link's own ``lang=`` comes first: :func:`asked_language`)."""
    wanted = []
    for position, part in enumerate(accept_language.split(",")[:20]):
        tag, _, params = part.strip().partition(";")
        weight = 1.0
        if params.strip().startswith("q="):
            try:
                weight = float(params.strip()[2:])
            except ValueError:
                weight = 0.0
        wanted.append((-weight, position, tag.strip().lower()[:2]))
    for _, _, code in sorted(wanted):
        if code in CODES:
            return code
    return SOURCE


def asked_language(query: str) -> str | None:
    """The ``lang=`` a link asks for, if the course has it: the calculator's page speaks it, so the
    server's own pages do too. Read from the first 8 kB only, as a refused over-long link may be huge."""
    for part in query[:8192].split("&"):
        name, _, value = part.partition("=")
        if name == "lang" and value.strip().lower() in CODES:
            return value.strip().lower()
    return None


def refusal_page(key: str, language: str, base_url: str, *, page: str = "calculator", **values: Any) -> str:
    """A small page of the server's own: one sentence and a link to the empty calculator (or the
    empty ``page`` it refuses a link to, see :data:`PAGE_WORDS`)."""
    title, open_empty, _ = PAGE_WORDS[page]
    return (
        f'<!DOCTYPE html>\n<html lang="{language}"><head><meta charset="utf-8">'
        f'<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{html.escape(render(title, language))}</title>"
        "<style>body{font:1.25rem/1.5 system-ui,sans-serif;max-width:40rem;margin:3rem auto;"
        "padding:0 1rem;color:#1a1a1a}a{color:#0b57d0}</style></head><body>"
        f"<h1>{html.escape(render(title, language))}</h1>"
        f'<p role="alert">{html.escape(render(f"app.{key}", language, **values))}</p>'
        f'<p><a href="{html.escape(base_url)}">{html.escape(render(open_empty, language))}</a></p>'
        "</body></html>\n"
    )


# ------------------------------------------------------------------------------ the first paint
# The first lines of every page: the link's calculator as plain HTML, before any kernel. Voilà's
# own page follows them in the same response once the page has said it is alive; the browser's
# parser takes it into the same document (its head elements work where they are, its <body>'s
# attributes join this one's), so Voilà's scripts find the page as they expect.
FIRST_PAINT_CSS = """
body { margin: 0; }
/* Where the live calculator's widgets will draw, so nothing moves when they do. */
.cc-first-paint { padding: 22px 17px; font-family: system-ui, -apple-system, "Segoe UI", sans-serif; }
/* Words about buttons and boxes that are not there yet ("Click four cards..."). */
.cc-first-paint .cc-needs-controls { display: none; }
/* Where the card buttons and the typing box will be, as tall as they will be. */
.cc-first-paint-controls { box-sizing: border-box; min-height: 288px; margin: 4px 0; display: flex;
  align-items: center; justify-content: center; border: 2px dashed #9aa0a6; border-radius: 6px; }
body:has(.cc-first-paint) #loading { display: none !important; }  /* Voilà sets it inline */
body:has(#rendered_cells .cc-big) .cc-first-paint { display: none; }
/* Busy: no live calculator is coming, so no place is kept for its buttons. */
body:has(.cc-busy) .cc-first-paint-controls { display: none; }
"""

# Runs as soon as the browser has read it: the page says it is alive, and its visitor joins the
# queue for a kernel. Too late (the server ended the page without one, see ``alive_timeout``):
# the page is loaded again, a few times at most.
ALIVE_SCRIPT = """(function () {
  var key = 'cc-alive-retries';
  fetch(%s, {method: 'POST', credentials: 'same-origin'}).then(function (answer) {
    if (answer.status !== 410) { sessionStorage.removeItem(key); return; }
    var tries = Number(sessionStorage.getItem(key) || 0);
    if (tries < 3) { sessionStorage.setItem(key, String(tries + 1)); location.reload(); }
  }).catch(function () {});
})();"""


def first_lines(painted: dict[str, Any] | None, language: str, alive_url: str | None, page: str = "calculator",
                note: str = "") -> str:
    """The page's first lines: a head of its own (the score in its title and description, for a
    link preview), ``note`` (a sentence of the server's, HTML), the first paint, and the script that
    says the page is alive (none without ``alive_url``: a page that will get no kernel)."""
    title = render(PAGE_WORDS[page][0], language)
    score = (painted or {}).get("score")
    description = f'<meta name="description" property="og:description" content="{html.escape(score)}">' if score else ""
    body = (painted or {}).get("html")
    return (
        f'<!DOCTYPE html>\n<html lang="{html.escape(language)}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        '<link rel="icon" href="data:;base64,=">'  # Voilà's, which the browser no longer sees in the body
        f"<title>{html.escape(f'{score} · {title}' if score else title)}</title>"
        f'<meta property="og:title" content="{html.escape(title)}">{description}'
        f"<style>{FIRST_PAINT_CSS}</style></head><body>\n{note}"
        + (f'<div class="cc-first-paint">{body}</div>\n' if body else "")
        + (f"<script>{ALIVE_SCRIPT % json.dumps(alive_url)}</script>\n" if alive_url else "")
    )


def busy_note(painted: dict[str, Any] | None, language: str, page: str, n: int) -> str:
    """The server's "busy" sentence for a page (HTML), saying that the link's own answer, painted
    below it, is there all the same (when there is one)."""
    words = render("app.busy", language, n=n)
    if (painted or {}).get("score"):
        words += " " + render(PAGE_WORDS[page][2], language)
    return (f'<p class="cc-busy" role="alert" style="font:1.25rem/1.5 system-ui,sans-serif;margin:1rem 17px">'
            f"{html.escape(words)}</p>\n")


class FirstPaints:
    """Worker processes (``python -m apps.first_paint --serve <page>``) that make one page's first
    paints off the server's event loop; the last answers are kept, so a link shared with a class is
    made once. A worker that fails, or has links to paint and answers none for ``timeout`` seconds,
    is replaced, and its pages go without their first paint (the live calculator still comes).

    A link is written at once to the worker with the fewest links outstanding, which answers its
    links in order, a few milliseconds each (``apps/first_paint.py`` keeps its calculators): no page
    waits for a worker to be free. (They did, each for the whole of another's paint: 200 different
    links at once, 125 gave up after 30 s, without their score.)

    The first worker starts alone: with the engine's tables not yet in the cache (a new machine, a new
    version) it builds them, and the others, started once it is ready, read them instead of each
    building them again. A page asked for meanwhile waits for it (``start_timeout``), rather than
    going without its score. With ``lazy``, the workers start with the first page asked for (My deal's,
    whose table takes half a minute on a fresh install: never before the calculator's score)."""

    def __init__(self, workers: int, log: Any, timeout: float = 30.0, keep: int = 512,
                 start_timeout: float = 180.0, *, page: str = "calculator", lazy: bool = False) -> None:
        self.workers, self.log, self.timeout, self.keep = max(1, workers), log, timeout, keep
        self.start_timeout, self.page, self.lazy = start_timeout, page, lazy
        self.command = [sys.executable, "-W", "ignore", "-m", "apps.first_paint", "--serve", page]
        self._first: asyncio.Event | None = None   # set once the first worker is ready, or has failed
        self._ready: list[_Worker] = []
        self._any_ready = asyncio.Event()   # set while a worker is ready
        self._all: list[asyncio.subprocess.Process] = []
        self._starting: set[asyncio.Future[None]] = set()  # kept, so that no start is collected mid-way
        self._stopping = False
        self._making: dict[tuple[str, str], asyncio.Future[dict[str, Any] | None]] = {}
        self._answers: OrderedDict[tuple[str, str], dict[str, Any]] = OrderedDict()

    def start(self) -> None:
        """Start the first worker (in the server's event loop, running)."""
        if self._first is None:
            self._first = asyncio.Event()
            self._start_one()

    async def launch(self) -> None:
        """Start the first worker, returning once its process is there: to run before the server's
        event loop does, so that the worker's imports are done beside the server's own start."""
        if self._first is None:
            self._first = asyncio.Event()
            try:
                process = await self._spawn()
            except OSError as error:
                self.log.error("First paint worker: %s", error)
                self._first_done()
                return
            self._keep(asyncio.ensure_future(self._add_worker(process)))

    async def ready(self, timeout: float) -> bool:
        """Wait, at most ``timeout`` seconds, until the first worker is ready (or has failed)."""
        if self._first is None:
            return False
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(self._first.wait(), timeout)
        return bool(self._ready)

    def _start_one(self) -> None:
        if not self._stopping:
            self._keep(asyncio.ensure_future(self._add_worker()))

    def _keep(self, task: asyncio.Future[None]) -> None:
        self._starting.add(task)
        task.add_done_callback(self._starting.discard)

    async def _spawn(self) -> asyncio.subprocess.Process:
        process = await asyncio.create_subprocess_exec(
            *self.command, cwd=str(ROOT),
            stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, limit=4 * 2**20)
        self._all.append(process)
        return process

    async def _add_worker(self, process: asyncio.subprocess.Process | None = None) -> None:
        try:
            if process is None:
                process = await self._spawn()
            assert process.stdout is not None
            ready = await process.stdout.readline()
            if not ready.startswith(b'{"ready"'):
                raise RuntimeError(f"the first paint worker did not start ({ready[:200]!r})")
        except Exception as error:  # pages go without a first paint
            self.log.error("First paint worker: %s", error)
            self._first_done()
            return
        worker = _Worker(process)
        self._ready.append(worker)
        self._any_ready.set()
        worker.reading = asyncio.ensure_future(self._read(worker))
        self._first_done()

    def _first_done(self) -> None:
        if self._first is not None and not self._first.is_set():
            self._first.set()
            for _ in range(self.workers - 1):
                self._start_one()

    async def _read(self, worker: _Worker) -> None:
        """The worker's answers, in the order of its links, until it ends or stalls (then replaced)."""
        stdout = worker.process.stdout
        assert stdout is not None
        try:
            while True:
                try:
                    line = await asyncio.wait_for(stdout.readline(), self.timeout)
                except asyncio.TimeoutError:
                    if worker.pending:
                        raise RuntimeError(f"no answer in {self.timeout:.0f} s") from None
                    continue   # idle: nothing was asked of it
                if not line:
                    raise RuntimeError("it ended")
                asked = worker.pending.popleft()
                if not asked.done():
                    asked.set_result(json.loads(line))
        except Exception as error:
            if not self._stopping:
                self.log.error("First paint worker failed: %s", error)
        finally:
            self._ready.remove(worker)
            if not self._ready:
                self._any_ready.clear()
            with contextlib.suppress(ProcessLookupError):
                worker.process.kill()
            for asked in worker.pending:
                if not asked.done():
                    asked.set_result(None)
            self._start_one()

    async def paint(self, query: str, base_url: str) -> dict[str, Any] | None:
        """The first paint of the page for the link ``query`` (None if there is none to be had)."""
        key = (query, base_url)
        if key in self._answers:
            self._answers.move_to_end(key)
            return self._answers[key]
        if key not in self._making:  # a class opening one link together: made once
            self._making[key] = asyncio.ensure_future(self._make(key))
            self._making[key].add_done_callback(lambda _: self._making.pop(key, None))
        return await asyncio.shield(self._making[key])

    async def _make(self, key: tuple[str, str]) -> dict[str, Any] | None:
        query, base_url = key
        if self.lazy:
            self.start()
        if self._first is None:
            return None
        try:
            await asyncio.wait_for(self._first.wait(), self.start_timeout)
            if not self._ready and self._starting:   # all replaced: the next one is starting
                await asyncio.wait_for(self._any_ready.wait(), self.start_timeout)
        except asyncio.TimeoutError:
            return None
        if not self._ready:
            return None   # none started (said in the log)
        worker = min(self._ready, key=lambda ready: len(ready.pending))
        asked: asyncio.Future[dict[str, Any] | None] = asyncio.get_running_loop().create_future()
        worker.pending.append(asked)
        assert worker.process.stdin is not None
        worker.process.stdin.write(json.dumps({"query": query, "base_url": base_url}).encode() + b"\n")
        answer = await asked  # always answered: by the worker, or with None once it is gone
        if answer is None:
            return None
        if "error" in answer:
            self.log.error("First paint of %r: %s", query[:200], answer["error"])
            return None
        self._answers[key] = answer
        while len(self._answers) > self.keep:
            self._answers.popitem(last=False)
        return answer

    def stop(self) -> None:
        self._stopping = True
        for process in self._all:
            with contextlib.suppress(ProcessLookupError):
                process.kill()


class _Worker:
    """A first paint worker that is ready, and the answers it owes, in the order asked."""

    def __init__(self, process: asyncio.subprocess.Process) -> None:
        self.process = process
        self.pending: deque[asyncio.Future[dict[str, Any] | None]] = deque()
        self.reading: asyncio.Future[None] | None = None   # kept, so that it is not collected mid-way


# ------------------------------------------------------------------------------ the handlers
class TemplateStaticHandler(TemplateFilesHandler):
    """Voilà's handler of the templates' files (``/voila/templates/<template>/static/<file>``),
    answering 404 to a path that is not of that form once its ``..`` are resolved: Voilà's own
    asserts it (``/voila/templates/calculator/static/..%2f..%2fx`` failed the assertion: 500)."""

    def parse_url_path(self, url_path: str) -> str:
        given = url_path.split("/")
        resolved = os.path.normpath(url_path).split(os.path.sep)
        if (len(given) < 3 or len(resolved) < 3 or given[1] != "static" or resolved[1] != "static"
                or resolved[0] != given[0] or ".." in resolved or given[0] in ("", ".")):
            raise tornado.web.HTTPError(404)
        return super().parse_url_path(url_path)


class OwnErrorPages(tornado.web.RequestHandler):
    """Mixed into the app's handlers (see :func:`machinery.jupyter_internals.with_pages`): an error is
    answered with a page of the app's own, in the visitor's language (a missing file, a path that
    climbs out of its folder: "there is no page here"; anything else: "this page could not be
    made"), never with Jupyter Server's error template, which fails under Voilà (an empty answer and
    two tracebacks in the log)."""

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        language = asked_language(self.request.query) or language_of(self.request.headers.get("Accept-Language", ""))
        base = self.settings.get("base_url", "/")
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        self.finish(refusal_page("failed" if status_code >= 500 else "not_found", language, base))


class LogoutPage(OwnErrorPages, LogoutHandler):
    """``/logout``: Jupyter Server's (the login cookie cleared), with a page of the app's that says so,
    where Jupyter Server's answered 500 (its ``logout.html`` cannot be made under Voilà)."""

    @allow_unauthenticated
    def get(self) -> None:
        self.identity_provider.clear_login_cookie(self)
        language = asked_language(self.request.query) or language_of(self.request.headers.get("Accept-Language", ""))
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        self.finish(refusal_page("logged_out" if self.login_available else "no_login", language, self.base_url))


class AliveHandler(tornado.web.RequestHandler):
    """The page's script saying that it runs in a browser: its visitor is there. The token is a
    secret written in that page only, so no cookie is asked for."""

    def check_xsrf_cookie(self) -> None:
        return

    def post(self, token: str) -> None:
        waiter = self.settings["calculator_app"].alive.get(token)
        if waiter is None:
            self.set_status(410)  # too late: the page was ended without a kernel
        else:
            if not waiter.done():
                waiter.set_result(None)
            self.set_status(204)
        self.set_header("Cache-Control", "no-store")
        self.finish()


class CalculatorPageHandler(PageHandler):
    """Voilà's page handler, guarded, painted first and given a kernel only once its page is
    alive: see the module's docstring."""

    _has_kernel = False
    _turn: asyncio.Future[Any] | None = None   # while waiting for a page slot

    @property
    def page(self) -> str:
        """Which of the app's pages this handler serves: ``"calculator"`` or ``"deal"`` (My deal)."""
        return "deal" if self.notebook_path == DEAL_NOTEBOOK.name else "calculator"

    @property
    def kernel_manager(self) -> Any:
        return HandingOut(self.settings["kernel_manager"], self._given)

    def _given(self, kernel_id: str) -> None:
        """Voilà gave this page a kernel: a visitor's from now on, no longer one waiting."""
        app: CalculatorVoila = self.settings["calculator_app"]
        app.visitor_kernels.add(kernel_id)
        if not self._has_kernel:
            self._has_kernel = True
            app.waiting -= 1

    async def prepare(self, **kwargs: Any) -> None:
        await super().prepare(**kwargs)
        if not self.current_user:
            return  # Jupyter Server's prepare sent the visitor to log in (a server with a token)
        # The beacon that shuts this page's kernel down carries this cookie back (see the docstring).
        self.xsrf_token  # noqa: B018  (reading it sets the cookie)
        app: CalculatorVoila = self.settings["calculator_app"]
        language = asked_language(self.request.query) or language_of(self.request.headers.get("Accept-Language", ""))
        if len(self.request.query) > app.max_query_length:
            self._refuse(414, "too_long", language, n=len(self.request.query))
            return
        for name in VOILA_PARAMETERS:
            self.request.arguments.pop(name, None)
            self.request.query_arguments.pop(name, None)
        in_use = app.visitors()
        if app.max_kernels > 0 and in_use >= app.max_kernels:
            # No kernel to be had, but the link's answer needs none: the page says both, in one language
            # (the link's, else the browser's).
            query = self.request.query
            if asked_language(query) is None and language != SOURCE:
                query = f"{query}&lang={language}" if query else f"lang={language}"
            painted = await app.first_paints[self.page].paint(query, self._share_base())
            language = (painted or {}).get("language") or language
            self.set_status(503)
            self.set_header("Retry-After", "60")
            self.set_header("Content-Type", "text/html; charset=utf-8")
            self.set_header("Cache-Control", "no-store")
            note = busy_note(painted, language, self.page, in_use)
            self.finish(first_lines(painted, language, None, self.page, note) + "</body></html>\n")

    @tornado.web.authenticated
    async def get(self, path: str | None = None) -> None:
        if path:  # not the app's page: Voilà sends it to its files handler
            await self._voila_page(path)
            return
        app: CalculatorVoila = self.settings["calculator_app"]
        token = secrets.token_hex(16)
        alive = app.alive[token] = asyncio.get_running_loop().create_future()
        try:
            with app.painting():
                painted = await app.first_paints[self.page].paint(self.request.query, self._share_base())
                language = (painted or {}).get("language") or asked_language(self.request.query) or SOURCE
                self.set_header("Content-Type", "text/html; charset=utf-8")
                self.set_header("Cache-Control", "no-cache, no-store, must-revalidate")
                alive_url = url_path_join(self.base_url, "voila", "calculator", "alive", token)
                self.write(first_lines(painted, language, alive_url, self.page))
                await self.flush()
            try:
                await asyncio.wait_for(asyncio.shield(alive), app.alive_timeout)
            except asyncio.TimeoutError:
                # No script ran: a plain GET, a link preview. It has its first paint; no kernel.
                self.finish("</body></html>\n")
                return
        except StreamClosedError:
            return
        finally:
            app.alive.pop(token, None)
        in_use = app.visitors()
        if app.max_kernels > 0 and in_use >= app.max_kernels:  # filled by real visitors meanwhile
            self.finish(busy_note(painted, language, self.page, in_use) + "</body></html>\n")
            return
        # A few pages are made at a time, the others wait their turn: thirty kernels starting
        # together on two cores would each take the time of all thirty (and time out), where
        # in turn the first visitors are served at once. Taking a warm kernel starts the next.
        slots = app.page_slots()
        turn = self._turn = asyncio.ensure_future(app.after_first_paints(slots))
        app.waiting += 1
        try:
            while not turn.done():
                await asyncio.wait({turn}, timeout=1.0)
                if not turn.done():
                    # A heartbeat: a close that on_connection_close did not hear of shows here,
                    # as writing to the closed connection fails (at the latest the second time).
                    self.write("\n")
                    await self.flush()
            if turn.cancelled():   # closed by the visitor (on_connection_close)
                raise StreamClosedError()
        except (StreamClosedError, asyncio.CancelledError):
            if turn.done() and not turn.cancelled() and turn.exception() is None:
                slots.release()
            else:
                turn.cancel()
            app.waiting -= 1
            self.log.info("A visitor left the queue before their turn.")
            return
        # Counted as waiting until Voilà gives the page its kernel (``_given``): a visitor being
        # served counts for ``max_kernels`` all the way.
        try:
            await self._voila_page(path)
        finally:
            if not self._has_kernel:
                app.waiting -= 1
            slots.release()
            if self.page == "deal":
                app.warm_deal_kernels()

    async def _voila_page(self, path: str | None) -> None:
        """Voilà's own page (its handler's ``get``, behind its login check)."""
        made = super().get(path)
        if made is not None:
            await made

    def on_connection_close(self) -> None:
        # The visitor closed the page while waiting their turn: the place goes to the next at once,
        # not at the next heartbeat (a second or two, in which the slot would make a page for no one).
        if self._turn is not None and not self._turn.done():
            self._turn.cancel()
        super().on_connection_close()

    def _share_base(self) -> str:
        """The app's address as the notebook makes it for the share link (from the variables
        Voilà gives its kernel: ``SERVER_NAME``, ``SERVER_PORT``, ``SCRIPT_NAME``)."""
        host, port = split_host_and_port(self.request.host.lower())
        return f"http://{host}:{port if port else ''}{self.request.path}" if host else ""

    def _refuse(self, status: int, key: str, language: str, **values: object) -> None:
        self.set_status(status)
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        self.finish(refusal_page(key, language, self.request.path, page=self.page, **values))


class CalculatorVoila(VoilaApp):
    """``voila`` for the calculator: its configuration file, its page handler, its limits."""

    max_query_length = Int(2000, config=True,
                           help="Longest query string given to the app; longer links get a 414 page.")
    max_kernels = Int(40, config=True,
                      help="Most visitors with a kernel or waiting for one at once (the warm pool "
                           "aside); 0 for no limit.")
    max_header_size = Int(4 * 1024 * 1024, config=True,
                          help="Tornado's limit on a request's head: above the longest link a "
                               "browser sends (2 MB), so that a long link is answered, not dropped.")

    listen_backlog = Int(1024, config=True,
                         help="Connections kept waiting to be accepted (Tornado's default is 128): a class "
                              "following a link together is not made to retry its connections for seconds.")
    concurrent_pages = Int(3, config=True,
                           help="Pages made at once; more visitors wait their turn (in the order they came).")
    alive_timeout = Float(10.0, config=True,
                          help="Seconds a page's first paint waits for its script to say it runs in a "
                               "browser; a request that never says so (curl, a link preview) ends then, "
                               "without a kernel.")
    first_paint_workers = Int(2, config=True, help="Worker processes making the calculator's first paints "
                                                   "(My deal has one of its own, from its first visitor).")
    first_paint_wait = Float(30.0, config=True,
                             help="Seconds the server waits, at most, for its first paint worker before it "
                                  "listens: its first visitors then get their score at once.")
    deal_pool_size = Int(2, config=True,
                         help="Warm kernels kept for My deal (the second page, at /my-deal) once someone "
                              "has opened it: none before, so a server used only for the calculator "
                              "keeps the calculator's pool alone.")

    waiting = 0  # visitors alive and waiting for their turn, or for their kernel
    _painting = 0  # pages whose first paint is being made or sent
    _painted: asyncio.Event | None = None   # set while none is
    _deal_warm = False
    _page_slots: asyncio.Semaphore | None = None

    @contextlib.contextmanager
    def painting(self) -> Iterator[None]:
        """While a page's first paint is being made and sent (see :meth:`after_first_paints`)."""
        if self._painted is None:
            self._painted = asyncio.Event()
        self._painting += 1
        self._painted.clear()
        try:
            yield
        finally:
            self._painting -= 1
            if not self._painting:
                self._painted.set()

    async def after_first_paints(self, slots: asyncio.Semaphore) -> None:
        """A page slot (of ``slots``), taken once no first paint is being made or sent. A page made for
        a visitor (Voilà's rendering in this process, a warm kernel taken and another started) costs
        a second of CPU; a first paint, milliseconds: a class following links together sees every
        score first, then gets its live calculators in turn."""
        while self._painted is not None and not self._painted.is_set():
            await self._painted.wait()
        await slots.acquire()

    def page_slots(self) -> asyncio.Semaphore:
        if self._page_slots is None:  # made in the server's event loop
            self._page_slots = asyncio.Semaphore(max(1, self.concurrent_pages))
        return self._page_slots

    def warm_deal_kernels(self) -> None:
        """After My deal's first visitor: keep ``deal_pool_size`` kernels warm for it (once)."""
        if not self._deal_warm and self.deal_pool_size > 0:
            self._deal_warm = warm_pool(self.kernel_manager, DEAL_NOTEBOOK.name, self.deal_pool_size)

    def visitors(self) -> int:
        """Visitors whose page is alive and has a kernel (still running) or waits for one."""
        self.visitor_kernels &= set(self.kernel_manager.list_kernel_ids())
        return len(self.visitor_kernels) + self.waiting

    @default("config_file_paths")
    def _config_file_paths_default(self) -> list[str]:
        return [str(CONFIG)]

    def initialize(self, argv: Any = None) -> None:
        super().initialize(argv)
        self.alive: dict[str, asyncio.Future[None]] = {}
        self.visitor_kernels: set[str] = set()
        # One set of workers a page: the calculator's from the start, My deal's (whose table takes half
        # a minute on a fresh install) from its first visitor, so no calculator link waits for it.
        self.first_paints = {"calculator": FirstPaints(self.first_paint_workers, self.log, page="calculator"),
                             "deal": FirstPaints(1, self.log, page="deal", lazy=True)}
        # The app's handlers find it in their settings (Voilà's own way to add to Tornado's).
        self.tornado_settings = {**self.tornado_settings, "calculator_app": self}
        # The calculator's first worker starts now, in the event loop the server will run, beside the
        # rest of the server's start; the server listens once it is ready (see listen).
        asyncio.get_event_loop().run_until_complete(self.first_paints["calculator"].launch())

    def init_handlers(self) -> list[Any]:
        # My deal, a second notebook beside the calculator, gets the same page handler (first paint,
        # queue, limits); the page that says it is alive goes first, as Voilà's page takes every path.
        deal = (url_path_join(self.server_url, DEAL_PATH + "/?"), os.path.relpath(DEAL_NOTEBOOK, self.root_dir))
        handlers = with_pages(super().init_handlers(),
                              {PageHandler: CalculatorPageHandler, TemplateFilesHandler: TemplateStaticHandler,
                               logout_handler(self): LogoutPage},
                              [deal], error_pages=OwnErrorPages)
        return [(url_path_join(self.server_url, r"/voila/calculator/alive/([0-9a-f]{32})"), AliveHandler),
                *handlers]

    def listen(self) -> None:
        limit_request_heads(self, self.max_header_size, self.listen_backlog)
        # A page asked for before the first worker is ready would wait for it with nothing on screen:
        # the server answers once it is (a second or two; at most first_paint_wait seconds).
        asyncio.get_event_loop().run_until_complete(self.first_paints["calculator"].ready(self.first_paint_wait))
        super().listen()

    def stop(self) -> None:
        for paints in self.first_paints.values():
            paints.stop()
        super().stop()


def main(argv: list[str] | None = None) -> None:
    """``python -m apps.calculator_app [Voilà's options]``: serve the calculator (and My deal)."""
    argv = list(sys.argv[1:] if argv is None else argv)
    # Voilà finds templates in the Jupyter data folders (jupyter_core's ``JUPYTER_PATH``); ours comes
    # first. Set here, for the server this runs, not when the module is imported.
    os.environ["JUPYTER_PATH"] = os.pathsep.join(
        [str(CONFIG / "share" / "jupyter"), *filter(None, os.environ.get("JUPYTER_PATH", "").split(os.pathsep))])
    if not any(arg.endswith(".ipynb") for arg in argv):
        argv.insert(0, str(NOTEBOOK))
    CalculatorVoila.launch_instance(argv)


if __name__ == "__main__":
    main()
