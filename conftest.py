"""Test-wide settings: the lesson notebooks' try-it blanks are filled from the answers file.

nbval runs every lesson cell. A try-it cell holds a blank (``my_total = ...``) for the learner; under
the tests :mod:`widgets.drills.exercise` answers it from ``tests/exercise_answers.json``, answers worked out
by hand from the rules, and fails the cell if the engine disagrees (see that module's docstring).
The kernels nbval starts inherit this environment; the browser tests remove it, to be a learner.

The learner's progress is kept in a throw-away folder, never the real data folder: set before anything
runs, so notebooks run by nbval and the browser tests' Jupyter servers (child processes) inherit it too.

The tests come in layers (markers declared in pyproject.toml): the browser tests and the notebooks
are marked here, by where they are; ``slow`` is put by hand. ``make test-fast`` leaves out all three.

A view never raises: its guarded callbacks keep an unexpected exception in ``view.internal_errors``.
Every view made during a test is recorded, and the test fails if one of them caught such an error
(:func:`view_internal_errors`); a test that provokes one on purpose is marked ``internal_errors_expected``.

(One conftest at the top: a second ``conftest.py`` in tests/ would clash by name with tests/browser's
under ``--doctest-modules``.)
"""

import atexit
import functools
import os
import re
import shutil
import sys
import tempfile
import traceback
import weakref
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

try:   # pytest-xdist runs the suite on every core (make test); without it, one process
    from xdist.scheduler import LoadScopeScheduling
except ImportError:
    LoadScopeScheduling = None

# tests/test_view_internal_errors.py runs the views' check (below) in a pytest of its own.
pytest_plugins = ["pytester"]

ANSWERS = Path(__file__).resolve().parent / "tests" / "exercise_answers.json"

_PROGRESS = tempfile.mkdtemp(prefix="cribbage-progress-tests-")
os.environ["CRIBBAGE_PROGRESS"] = _PROGRESS + os.sep
atexit.register(shutil.rmtree, _PROGRESS, ignore_errors=True)


def pytest_configure(config) -> None:
    os.environ.setdefault("CRIBBAGE_EXERCISE_ANSWERS", str(ANSWERS))
    # The kernels nbval and the lesson runs start are forked from a warm process, as a learner's
    # course and the calculator app have theirs (machinery/forked_kernels.py); the browser tests' servers
    # drop this and follow their own configuration.
    os.environ.setdefault("JUPYTER_DEFAULT_PROVISIONER_NAME", "cribbage-forked")


# Test layers ------------------------------------------------------------------------------------
# `make test-fast` runs `-m "not browser and not notebooks and not slow"`: the markers are declared
# in pyproject.toml; `slow` is put by hand on the few tests that take most of the time.
_BROWSER = Path(__file__).resolve().parent / "tests" / "browser"


# A test that hangs fails with every thread's stack (pytest-timeout, thread method: pyproject.toml
# gives the default); the browser tests and the slow ones get longer, as a loaded machine needs.
BROWSER_TIMEOUT = 900
SLOW_TIMEOUT = 900


def pytest_collection_modifyitems(config, items) -> None:
    """Mark every test under tests/browser/ ``browser`` and every notebook cell nbval collects
    (the items of ``.ipynb`` files) ``notebooks``, and give each the longer timeout it needs."""
    for item in items:
        path = Path(item.path)
        if path.suffix == ".ipynb":
            item.add_marker(pytest.mark.notebooks)
        elif path.is_relative_to(_BROWSER):
            item.add_marker(pytest.mark.browser)
        if item.get_closest_marker("timeout") is None:
            if item.get_closest_marker("browser") is not None:
                item.add_marker(pytest.mark.timeout(BROWSER_TIMEOUT))
            elif item.get_closest_marker("slow") is not None:
                item.add_marker(pytest.mark.timeout(SLOW_TIMEOUT))


# Running on every core: `pytest -n auto --dist loadgroup` (make test) ------------------------------
# What must share a worker is decided here from each test's id, in the controller (pytest-xdist 3.8's
# own xdist_group marks do not reach its scheduler under pytest 9: it rewrites a node id pytest no
# longer reads). One unit of work, run in order by one worker:
# - a notebook's nbval cells (they run in order in one kernel);
# - the browser tests of one lesson (test_NN_<lesson>.py, its test_notebooks.py item, and its Spanish
#   and Portuguese runs each on their own), so each worker runs a notebook at most once and shares
#   its page, as in one process;
# - the modules that read the lessons' runs of tests/lesson_runs.py (each lesson run once);
# - the modules that visit the calculator app as it is served (tests/browser/conftest.py's
#   plain_calculator_app, started once);
# - any other module (its module-scoped fixtures, such as a Voilà app, start once).
_LESSON_TESTS = re.compile(r"tests/browser/test_(\d\d_\w+)\.py")
_LANGUAGES = ("es", "pt")
_LESSON_RUNS = ("tests/test_no_english.py", "tests/test_answers_after_questions.py")
_PLAIN_APP = ("tests/browser/test_calculator_app_language.py", "tests/browser/test_my_deal_app.py",
              "tests/browser/test_phone_and_projector.py")


def xdist_scope(nodeid: str) -> str:
    """The unit of work ``nodeid`` belongs to (tests with the same one run in one worker, in order)."""
    path, _, rest = nodeid.partition("::")
    if path.endswith(".ipynb"):
        return path
    if path in _LESSON_RUNS:
        return "lesson-runs"
    if path in _PLAIN_APP:
        return "calculator-app"
    lesson = _LESSON_TESTS.fullmatch(path)
    if lesson:
        return f"lab:{lesson[1]}.ipynb"
    if path in ("tests/browser/test_notebooks.py", "tests/browser/test_translated_course.py") and "[" in rest:
        params = rest[rest.index("[") + 1:-1].split("-")
        notebook = [param for param in params if param.endswith(".ipynb")]
        language = [param + "/" for param in params if param in _LANGUAGES]
        if notebook:
            return "lab:" + "".join(language) + notebook[0]
    return path


if LoadScopeScheduling is not None:
    class CourseScheduling(LoadScopeScheduling):
        """pytest-xdist's scheduling by scope, with the scopes of :func:`xdist_scope`."""

        def _split_scope(self, nodeid: str) -> str:
            return xdist_scope(nodeid)


@pytest.hookimpl(optionalhook=True, tryfirst=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """``--dist loadgroup`` schedules by :func:`xdist_scope`; any other --dist is xdist's own."""
    if config.getvalue("dist") != "loadgroup" or LoadScopeScheduling is None:
        return None
    # Units in the order collected, not biggest first: tests/browser/ comes first, so the longest
    # units (a lesson's Run All, a Voilà app's module) start early and the many short ones even out
    # the end; by count of tests, a browser unit of one test would wait for the end.
    config.option.loadscopereorder = False
    return CourseScheduling(config, log)


# The views' internal errors ---------------------------------------------------------------------
class ViewRecorder:
    """The views made during the session, and the check of their internal errors.

    Every :class:`widgets.base.view.View` made is recorded: held by weak reference (the memory tests
    count the views freed) with its list of internal errors held strongly, so a view freed during
    a test is still checked. A view kept alive across tests (a module fixture's) is checked after
    each test; an error is reported once, by the test it happened in.
    """

    def __init__(self) -> None:
        # [the view, its class's name, its internal_errors list, the errors already reviewed]
        self._records: list[list[Any]] = []

    def record(self, view: Any) -> None:
        self._records.append([weakref.ref(view), type(view).__qualname__, view.internal_errors, []])

    def _unreviewed(self) -> list[tuple[list[Any], BaseException]]:
        found = []
        for record in self._records:
            ref, _name, kept, reviewed = record
            view = ref()
            errors = getattr(view, "internal_errors", kept) if view is not None else kept
            found += [(record, error) for error in errors or () if not any(error is seen for seen in reviewed)]
        return found

    def report(self) -> str:
        """The internal errors caught since the last review, each with its view's class ("" if none)."""
        return self._said(self._unreviewed())

    @staticmethod
    def _said(found: list[tuple[list[Any], BaseException]]) -> str:
        lines = [f"{record[1]}: {type(error).__name__}: {error}\n"
                 + "".join(traceback.format_exception(error)).rstrip()
                 for record, error in found]
        if not lines:
            return ""
        return ("a view caught an internal error (a bug: the learner is told of an internal fault); "
                "a test that provokes one on purpose is marked internal_errors_expected\n"
                + "\n".join(lines))

    def review(self) -> str:
        """:meth:`report`, then count those errors as reviewed and forget the views freed since."""
        found = self._unreviewed()
        problem = self._said(found)
        for record, error in found:
            record[3].append(error)
        self._records = [record for record in self._records if record[0]() is not None]
        return problem


_VIEWS = ViewRecorder()


@pytest.fixture(scope="session", autouse=True)
def _record_views() -> Iterator[ViewRecorder]:
    """Record every view made while the tests run (``View.__init__`` wrapped)."""
    try:
        from widgets.base.view import View
    except Exception:   # the widgets do not import (no view can be made): nothing to record
        yield _VIEWS
        return
    original = View.__init__

    @functools.wraps(original)
    def recording_init(self: Any, *args: Any, **kwargs: Any) -> None:
        original(self, *args, **kwargs)
        _VIEWS.record(self)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(View, "__init__", recording_init)
        yield _VIEWS


@pytest.fixture(autouse=True)
def view_internal_errors(request: pytest.FixtureRequest, _record_views: ViewRecorder) -> Iterator[ViewRecorder]:
    """Fail the test if a view caught an internal error during it (``View.internal_errors``), naming
    the view's class and the error. A test that provokes one on purpose is marked
    ``@pytest.mark.internal_errors_expected`` (or clears the view's list itself).
    """
    yield _record_views
    problem = _record_views.review()
    if problem and request.node.get_closest_marker("internal_errors_expected") is None:
        pytest.fail(problem, pytrace=False)


# The browser's own failures, retried once each: counted in every worker, named at the end -----------
_WORKERS_FAULTS: list[str] = []
_BROWSER_TESTS_RAN: list[bool] = []


def _faults_here() -> list[str]:
    """The retries and kills recorded by tests/browser/browser_servers.py in this process, if loaded."""
    servers = sys.modules.get("browser_servers")
    return list(getattr(servers, "BROWSER_FAULTS", []))


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    if not _BROWSER_TESTS_RAN and report.nodeid.startswith("tests/browser/"):
        _BROWSER_TESTS_RAN.append(True)


def pytest_sessionfinish(session: pytest.Session) -> None:
    if hasattr(session.config, "workeroutput"):   # a pytest-xdist worker: its faults go to the controller
        session.config.workeroutput["browser_faults"] = _faults_here()


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node: Any, error: Any) -> None:
    _WORKERS_FAULTS.extend(getattr(node, "workeroutput", {}).get("browser_faults", []))


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """One line for the browser tests: how many times the browser itself failed and was retried
    (or killed when a page would not close), and each such time. Zero on a healthy run."""
    faults = _WORKERS_FAULTS + _faults_here()
    if not faults and not _BROWSER_TESTS_RAN:
        return
    terminalreporter.write_line(f"browser faults retried: {len(faults)}"
                                + "".join(f"\n  {fault}" for fault in faults))
