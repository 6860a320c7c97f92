"""Running on every core: ``pytest -n auto --dist loadgroup`` (make test) schedules by :func:`xdist_scope`.

What must share a worker is decided here from each test's id, in the controller (pytest-xdist 3.8's
own xdist_group marks do not reach its scheduler under pytest 9: it rewrites a node id pytest no
longer reads). One unit of work, run in order by one worker:

- a notebook's nbval cells (they run in order in one kernel);
- the browser tests of one lesson (test_NN_<lesson>.py, its test_notebooks.py item, and its
  translated runs each on their own), so each worker runs a notebook at most once and shares
  its page, as in one process;
- the modules that read the lessons' runs of tests/lesson_runs.py (each lesson run once);
- the modules that visit the calculator app as it is served (tests/browser/conftest.py's
  plain_calculator_app, started once);
- any other module (its module-scoped fixtures, such as a Voilà app, start once).

Loaded by :mod:`plugins.course`.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from cribbage.registry.languages import TRANSLATED

try:   # pytest-xdist runs the suite on every core (make test); without it, one process
    from xdist.scheduler import LoadScopeScheduling
except ImportError:
    LoadScopeScheduling = None

_LESSON_TESTS = re.compile(r"tests/browser/test_(\d\d_\w+)\.py")
_LESSON_RUNS = ("tests/integration/test_no_english.py", "tests/integration/test_answers_after_questions.py")
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
        language = [param + "/" for param in params if param in TRANSLATED]
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
