"""Fixtures of the browser tests: Debian's Chromium through playwright, a JupyterLab server on
a throw-away copy of ``course/``, and Voilà apps; see ``tests/browser/README.md`` for their use.

Locally the browser tests are skipped when /usr/bin/chromium is missing; in CI (``CI=true``)
they fail instead, because a CI that skips them proves nothing.
"""

from __future__ import annotations

import contextlib
import os
import re
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

import browser_servers
import pytest
from browser_servers import CHROMIUM, CHROMIUM_ARGS, Server, within_time

HERE = Path(__file__).resolve().parent

# The fixture notebooks fail on purpose; they are run by the browser tests, never by nbval.
collect_ignore_glob = ["fixtures/*"]

ROOT = Path(__file__).resolve().parents[2]
COURSE = ROOT / "course"
FIXTURES = Path(__file__).resolve().parent / "fixtures"
VIEWPORT = {"width": 1280, "height": 900}
# Anything but the test's own servers is refused at once, rather than waiting on a network
# the machine does not have.
NOT_LOCAL = re.compile(r"^(?!https?://127\.0\.0\.1[:/]).*")


def in_ci() -> bool:
    return os.environ.get("CI", "").lower() in {"true", "1", "yes"}


def _unavailable(reason: str) -> None:
    if in_ci():
        pytest.fail(f"{reason} (CI=true: the browser tests must run in CI)", pytrace=False)
    pytest.skip(reason)


@pytest.fixture(scope="session")
def browser() -> Iterator:
    """Debian's Chromium, headless, driven by playwright (never a browser playwright downloads)."""
    if not CHROMIUM.exists():
        _unavailable(f"{CHROMIUM} is missing: apt-get install chromium")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _unavailable("playwright is not installed: pip install -e '.[dev]'")
    playwright = sync_playwright().start()
    try:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            yield chromium
        finally:
            _LAST_CONTEXT.clear()   # closed with the browser
            within_time(chromium.close, "the browser")
    finally:
        playwright.stop()


@pytest.fixture(scope="session")
def servers_home() -> Iterator[Path]:
    """A temporary folder for the servers' copies, settings and logs."""
    with tempfile.TemporaryDirectory(prefix="cribbage-browser-") as home:
        yield Path(home)


@pytest.fixture(scope="session", autouse=True)
def progress_folder() -> Iterator[str]:
    """The learners' progress goes to a throw-away folder, whatever ran before (tests/plugins/course.py
    sets one too; this holds even when that setting was lost), never to the real data folder."""
    with tempfile.TemporaryDirectory(prefix="cribbage-progress-browser-") as folder, \
            pytest.MonkeyPatch.context() as patch:
        patch.setenv("CRIBBAGE_PROGRESS", folder + os.sep)
        yield folder + os.sep


@pytest.fixture
def empty_progress(progress_folder: str) -> str:
    """The progress folder with no learner's file in it: answers other tests gave on this worker
    (any order, any module) are gone before the test writes its own."""
    for path in Path(progress_folder).iterdir():
        if path.is_file():
            path.unlink()
    return progress_folder


@pytest.fixture(scope="session")
def jupyter_lab(browser, servers_home: Path) -> Iterator[Server]:
    """JupyterLab on 127.0.0.1, token-less, serving a copy of ``course/`` (with the fixture
    notebooks in ``_browser_fixtures/``); stopped, with its kernels, at the end of the session."""
    root = browser_servers.copy_course(COURSE, FIXTURES, servers_home / "course")
    with pytest.MonkeyPatch.context() as patch:
        # A learner's kernels: the try-it blanks stay blank (the answers file is nbval's).
        patch.delenv("CRIBBAGE_EXERCISE_ANSWERS", raising=False)
        server = browser_servers.start_jupyter_lab(root, servers_home / "lab")
    try:
        yield server
    finally:
        browser_servers.stop_jupyter_lab(server)


@pytest.fixture(scope="session")
def lab_context(browser) -> Iterator:
    """One browser context for the JupyterLab pages, so JupyterLab's code is loaded once."""
    context = browser.new_context(viewport=VIEWPORT)
    context.route(NOT_LOCAL, lambda route: route.abort())
    try:
        yield context
    finally:
        within_time(context.close, "JupyterLab's browser context")


class NotebookRunner:
    """Opens a notebook of the course, runs it all and checks it, once per session.

    Loading JupyterLab in a page costs the machine more than running most lessons, so a page is
    used again: a notebook opens in the page of the one used longest ago that the asking test does
    not hold (that one is closed with its kernel, and runs again if asked for later); a page that
    has opened ``PAGE_USES`` notebooks is closed and a new one loaded (a page living long grows)."""

    PAGE_USES = 10

    def __init__(self, server: Server, context) -> None:
        self.server = server
        self.context = context
        self.opened: dict[str, object] = {}
        self.user: str | None = None   # the test module asking now (set by the open_notebook fixture)
        self.test: str | None = None   # and the test itself: the notebooks it was given stay open

    def __call__(self, path: str, *, fresh: bool = False, timeout: float = 300):
        cached = self.opened.get(path)
        if cached is not None and cached.changed_by not in (None, self.user):
            # Another module clicked in this page: its drills, quizzes and games are not where this
            # module's tests expect them, whatever order the workers ran the modules in.
            fresh = True
        if cached is not None and not fresh:
            self.opened[path] = self.opened.pop(path)   # the most recently used last
            cached.user, cached.holder = self.user, self.test
            return cached
        reuse = self.opened.pop(path, None)   # run again: in its own page
        if reuse is None:
            free = [other for other, notebook in self.opened.items() if notebook.holder != self.test]
            reuse = self.opened.pop(free[0]) if free else None
        for attempt in (1, 2):
            try:
                notebook = self._open_and_run(path, timeout, reuse if attempt == 1 else None)
            except Exception as error:
                # Once more, on a new page and kernel, only when the browser itself failed (counted).
                if attempt == 2 or not browser_servers.browser_at_fault(error):
                    raise
                browser_servers.browser_fault(f"Run All of {path} retried", error)
            else:
                notebook.user, notebook.holder = self.user, self.test
                self.opened[path] = notebook
                return notebook
        raise AssertionError("unreachable")

    def _open_and_run(self, path: str, timeout: float, reuse):
        from lab_page import SCREENSHOTS, LabNotebook

        if reuse is not None and reuse.uses >= self.PAGE_USES:
            self._close(reuse)
            reuse = None
        notebook = None
        try:
            notebook = LabNotebook.open(self.context, self.server.url, path, instead_of=reuse)
            notebook.run_all(timeout)
            notebook.assert_no_errors()
            notebook.assert_all_cells_ran()
        except BaseException:
            # Keep what the browser showed at the failure, then start clean next time.
            page = notebook.page if notebook is not None else reuse.page if reuse is not None else None
            if page is not None:
                SCREENSHOTS.mkdir(parents=True, exist_ok=True)
                with contextlib.suppress(Exception):   # a crashed page has no picture to give
                    page.screenshot(path=str(SCREENSHOTS / f"FAILED-{Path(path).stem}.png"))
                with contextlib.suppress(Exception):
                    page.close()
            self._shut_down_kernel(path)
            if reuse is not None:
                self._shut_down_kernel(reuse.path)
            raise
        return notebook

    def discard(self, path: str) -> None:
        """Close ``path``'s page and kernel: a test that left the page other than a Run All leaves it
        (another notebook opened beside it) says so, and the next test to ask runs it afresh."""
        if path in self.opened:
            self._close(self.opened.pop(path))

    def _close(self, notebook) -> None:
        within_time(notebook.close, f"the page of {notebook.path}")
        self._shut_down_kernel(notebook.path)

    def _shut_down_kernel(self, path: str) -> None:
        for session in self.server.get_json("/api/sessions"):
            if session["path"] == path:
                self.server.request("DELETE", f"/api/sessions/{session['id']}")

    def close_all(self) -> None:
        # The kernels go with the server, all at once (shutting them one by one takes seconds each).
        for notebook in self.opened.values():
            within_time(notebook.close, f"the page of {notebook.path}")
        self.opened.clear()


_RUNNERS: list[NotebookRunner] = []


def pytest_runtest_teardown(item: pytest.Item, nextitem: pytest.Item | None) -> None:
    """After the last browser test before other tests, close the notebooks' pages: left open
    through the unit tests and nbval they only cost memory and the browser's attention. A later
    browser test that asks for a notebook runs it again."""
    if nextitem is None or HERE not in Path(nextitem.path).parents:
        for runner in _RUNNERS:
            runner.close_all()


@pytest.fixture(scope="session")
def _notebook_runner(jupyter_lab: Server, lab_context) -> Iterator[NotebookRunner]:
    runner = NotebookRunner(jupyter_lab, lab_context)
    _RUNNERS.append(runner)
    try:
        yield runner
    finally:
        _RUNNERS.remove(runner)
        runner.close_all()


@pytest.fixture
def open_notebook(_notebook_runner: NotebookRunner, request: pytest.FixtureRequest) -> Callable:
    """``open_notebook("02_the_show.ipynb")`` -> a :class:`lab_page.LabNotebook` that has been
    run from the Run menu and checked (no error, every cell ran, every widget drawn).

    The path is relative to ``course/``; the fixture notebooks are ``_browser_fixtures/NAME``.
    A notebook is run once per session and its page is shared by every test that asks for it,
    in the order pytest runs them, except that a page another test module clicked in is run again;
    ``fresh=True`` closes it and runs it again on a new kernel; ``open_notebook.discard(path)``
    closes a page a test left unfit to share."""
    _notebook_runner.user = request.node.nodeid.split("::")[0]
    _notebook_runner.test = request.node.nodeid
    return _notebook_runner


@pytest.fixture(scope="session")
def voila_app(browser, servers_home: Path) -> Iterator[Callable[[Path], Server]]:
    """``voila_app(path_to_notebook)`` -> a Voilà server (token-less, 127.0.0.1) serving that
    notebook as an app; one server per notebook for the session, all stopped at the end."""
    started: dict[Path, Server] = {}

    def start(notebook: Path) -> Server:
        notebook = Path(notebook).resolve()
        if notebook not in started:
            started[notebook] = browser_servers.start_voila(notebook, servers_home / "voila")
        return started[notebook]

    try:
        yield start
    finally:
        for server in started.values():
            server.stop()


@pytest.fixture(scope="session")
def plain_calculator_app(browser, servers_home: Path) -> Iterator[Server]:
    """The calculator app exactly as ``make calculator`` serves it (no option added for a test),
    started once for the modules that ask nothing else of it (its languages, My deal, the phone
    and projector sizes: one unit of work, see ``xdist_scope``); each start costs seconds of the
    machine (the server, its warm kernels)."""
    from voila_page import POOL, start_calculator_app, wait_quiet

    from cribbage.stats.my_deal import _position

    _position(121)  # My deal's deal log in the cache before the app's workers and kernels look for it
    server = start_calculator_app(servers_home / "calculator-app-plain")
    try:
        assert wait_quiet(server, POOL, timeout=180), f"the warm kernels never settled:\n{server.log_tail()}"
        yield server
    finally:
        server.stop()


# The context of the last Voilà page closed, closed in its turn when the next one is (or at the end).
_LAST_CONTEXT: list = []


@pytest.fixture
def voila_page(browser) -> Iterator:
    """A new page, in a context of its own, for a Voilà app (see :mod:`voila_page`)."""
    from voila_page import VoilaPage

    context = browser.new_context(viewport=VIEWPORT)
    context.route(NOT_LOCAL, lambda route: route.abort())
    page = context.new_page()
    try:
        yield VoilaPage(page)
    finally:
        # Closed as a person closes the tab: the page asks the app to shut its kernel down, so the
        # next test that waits for the app's warm pool finds it settled in seconds; a context closed
        # outright left the kernel to the culler (30 s in the app's tests, all idle time). That last
        # request leaves as the page closes, and closing its context at once aborted it in one
        # close of two: the context goes when the next page's does, a test later.
        with contextlib.suppress(Exception):   # a crashed page closes as it can
            page.close(run_before_unload=True)
        for earlier in _LAST_CONTEXT:
            within_time(earlier.close, "a Voilà page's browser context")
        _LAST_CONTEXT[:] = [context]
