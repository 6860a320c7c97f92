"""The hand calculator served to a whole class: Voilà, configured by ``apps/config/voila.json``, with the
few things a public page needs that Voilà 0.5 does not do by itself. ``make calculator`` runs it:

    python apps/calculator_app.py [--port=8866] [any other Voilà option]

Its configuration is ``apps/config/voila.json`` (warm kernels, culling of idle kernels, time
limits, the limits below) and the page template ``apps/config/share/jupyter/voila/templates/
calculator`` (Voilà's lab template without the CDN). What it adds to a plain ``voila``:

- Voilà's own page parameters (``template``, ``theme``) are ignored: a link can neither pick a
  template from the disk nor make Voilà start a kernel outside the warm pool. The query string
  still reaches the calculator, which says what it did not understand.
- A query string too long to be a hand is answered at once with a page that says so (414), with
  no kernel started; Tornado's header limit is raised so that such a link gets that page instead
  of a dropped connection.
- Pages are made ``concurrent_pages`` at a time; the other visitors wait their turn, in order.
  When ``max_kernels`` visitors already have a kernel or wait for one, the next gets a "busy, try
  again in a minute" page (503) instead: memory stays bounded however many people come at once.
- The page gets the ``_xsrf`` cookie that its "shut my kernel down" beacon (sent when the tab
  closes) must carry; without it Voilà refuses the shutdown and every kernel lives on.
"""

from __future__ import annotations

import asyncio
import html
import os
import sys
from functools import partial
from pathlib import Path

HERE = Path(__file__).resolve().parent
CONFIG = HERE / "config"
# Voilà finds templates in the Jupyter data folders; ours comes first.
os.environ["JUPYTER_PATH"] = os.pathsep.join(
    [str(CONFIG / "share" / "jupyter"), *filter(None, os.environ.get("JUPYTER_PATH", "").split(os.pathsep))])

import tornado.web  # noqa: E402  (after JUPYTER_PATH is set)
from jupyter_core.utils import ensure_async  # noqa: E402
from traitlets import Int, default  # noqa: E402
from voila.app import Voila  # noqa: E402
from voila.tornado.handler import TornadoVoilaHandler  # noqa: E402

from cribbage.lang.messages import LANGUAGES, render  # noqa: E402

NOTEBOOK = HERE / "calculator.ipynb"

# Query parameters Voilà itself acts on; the calculator uses none of them.
VOILA_PARAMETERS = ("template", "theme", "classic-tree")

ROOT = HERE.parent


def _add_widget_words() -> None:
    """Adds the widgets' messages (``widgets/messages.py``, whose ``app.*`` are the server's own
    pages) to the catalogue, loaded from their file alone: importing it as ``widgets.messages`` runs
    the ``widgets`` package first, every view with ipywidgets and matplotlib (1.4 s of CPU and their
    memory in the server, which draws no widget). It needs only ``cribbage.lang.messages``."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("_calculator_app_messages", ROOT / "widgets" / "messages.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)


_add_widget_words()


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
        if code in LANGUAGES:
            return code
    return "en"


def asked_language(query: str) -> str | None:
    """The ``lang=`` a link asks for, if the course has it: the calculator's page speaks it, so the
    server's own pages do too. Read from the first 8 kB only, as a refused over-long link may be huge."""
    for part in query[:8192].split("&"):
        name, _, value = part.partition("=")
        if name == "lang" and value.strip().lower() in LANGUAGES:
            return value.strip().lower()
    return None


def refusal_page(key: str, language: str, base_url: str, **values: object) -> str:
    """A small page of the server's own: one sentence and a link to the empty calculator."""
    return (
        f'<!DOCTYPE html>\n<html lang="{language}"><head><meta charset="utf-8">'
        f'<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{html.escape(render('app.title', language))}</title>"
        "<style>body{font:1.25rem/1.5 system-ui,sans-serif;max-width:40rem;margin:3rem auto;"
        "padding:0 1rem;color:#1a1a1a}a{color:#0b57d0}</style></head><body>"
        f"<h1>{html.escape(render('app.title', language))}</h1>"
        f'<p role="alert">{html.escape(render(f"app.{key}", language, **values))}</p>'
        f'<p><a href="{html.escape(base_url)}">{html.escape(render("app.open_empty", language))}</a></p>'
        "</body></html>\n"
    )


class CalculatorPageHandler(TornadoVoilaHandler):
    """Voilà's page handler, guarded: see the module's docstring."""

    async def prepare(self) -> None:
        await ensure_async(super().prepare())
        if self._finished:
            return
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
        in_use = self._kernels_in_use() + app.waiting
        if app.max_kernels > 0 and in_use >= app.max_kernels:
            self.set_header("Retry-After", "60")
            self._refuse(503, "busy", language, n=in_use)

    @tornado.web.authenticated
    async def get(self, path: str | None = None) -> None:
        # A few pages are made at a time, the others wait their turn: thirty kernels starting
        # together on two cores would each take the time of all thirty (and time out), where
        # in turn the first visitors are served at once. Taking a warm kernel starts the next.
        app: CalculatorVoila = self.settings["calculator_app"]
        app.waiting += 1
        served = False
        try:
            async with app.page_slots():
                app.waiting -= 1
                served = True
                await super().get(path)
        finally:
            if not served:  # the visitor left while waiting
                app.waiting -= 1

    def _kernels_in_use(self) -> int:
        """Kernels alive that are not warm in the pool (a pool kernel still starting counts: the
        limit errs on the side of memory)."""
        pool = getattr(self.kernel_manager, "_pools", {}).get(self.notebook_path, [])
        warm = {task.result()["kernel_id"] for task in pool
                if task.done() and not task.cancelled() and task.exception() is None}
        return sum(1 for kernel_id in self.kernel_manager.list_kernel_ids() if kernel_id not in warm)

    def _refuse(self, status: int, key: str, language: str, **values: object) -> None:
        self.set_status(status)
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        self.finish(refusal_page(key, language, self.request.path, **values))


class CalculatorVoila(Voila):
    """``voila`` for the calculator: its configuration file, its page handler, its limits."""

    max_query_length = Int(2000, config=True,
                           help="Longest query string given to the app; longer links get a 414 page.")
    max_kernels = Int(40, config=True,
                      help="Most kernels serving pages at once (the warm pool aside); 0 for no limit.")
    max_header_size = Int(4 * 1024 * 1024, config=True,
                          help="Tornado's limit on a request's head: above the longest link a "
                               "browser sends (2 MB), so that a long link is answered, not dropped.")

    concurrent_pages = Int(3, config=True,
                           help="Pages made at once; more visitors wait their turn (in the order they came).")

    waiting = 0  # visitors waiting for their turn
    _page_slots: asyncio.Semaphore | None = None

    def page_slots(self) -> asyncio.Semaphore:
        if self._page_slots is None:  # made in the server's event loop
            self._page_slots = asyncio.Semaphore(max(1, self.concurrent_pages))
        return self._page_slots

    @default("config_file_paths")
    def _config_file_paths_default(self) -> list[str]:
        return [str(CONFIG)]

    def init_settings(self) -> dict:
        settings = super().init_settings()
        settings["calculator_app"] = self
        return settings

    def init_handlers(self) -> list:
        handlers = super().init_handlers()
        return [(spec[0], CalculatorPageHandler, *spec[2:]) if spec[1] is TornadoVoilaHandler else spec
                for spec in handlers]

    def listen(self) -> None:
        self.app.listen = partial(self.app.listen, max_header_size=self.max_header_size)
        super().listen()


def main(argv: list[str] | None = None) -> None:
    argv = list(sys.argv[1:] if argv is None else argv)
    if not any(arg.endswith(".ipynb") for arg in argv):
        argv.insert(0, str(NOTEBOOK))
    CalculatorVoila.launch_instance(argv)


if __name__ == "__main__":
    main()
