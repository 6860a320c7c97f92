"""The check every test gets (``view_internal_errors``, tests/plugins/views.py) can fail: a view that
caught an internal error fails the test, naming the view's class and the error, unless the test is
marked ``internal_errors_expected``."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from widgets.base.view import View

VIEWS_PLUGIN = Path(__file__).resolve().parent / "plugins" / "views.py"


class Probe(View):
    """A view with one callback, which has a bug."""

    def __init__(self) -> None:
        super().__init__()
        self.press = self._guard(self._press)

    def _press(self) -> None:
        raise ZeroDivisionError("a bug in a callback")


def test_the_check_names_the_view_and_its_error(view_internal_errors):
    assert view_internal_errors.report() == ""
    probe = Probe()
    probe.press()                       # caught: the view lives on, and keeps the error
    assert len(probe.internal_errors) == 1 and probe.message
    report = view_internal_errors.report()
    assert "Probe: ZeroDivisionError: a bug in a callback" in report
    assert "in _press" in report        # with the traceback, to find the bug
    probe.internal_errors.clear()       # a test may also clear what it provoked
    assert view_internal_errors.report() == ""


def test_a_view_freed_during_the_test_is_checked_all_the_same(view_internal_errors):
    Probe().press()                     # nothing holds the view any more
    assert "ZeroDivisionError" in view_internal_errors.report()
    view_internal_errors.review()       # counted as seen: this test provoked it


@pytest.mark.internal_errors_expected   # the inner run's views are made in this process too
def test_a_test_whose_view_caught_an_error_fails(pytester, monkeypatch):
    monkeypatch.setenv("CRIBBAGE_PROGRESS", os.environ["CRIBBAGE_PROGRESS"])  # the copy sets its own
    pytester.makeconftest(VIEWS_PLUGIN.read_text())
    pytester.makeini("[pytest]\nmarkers =\n    internal_errors_expected: on purpose\n")
    pytester.makepyfile(test_probe="""
        import pytest
        from widgets.base.view import View

        class Probe(View):
            def press(self):
                self._guard(lambda: {}["missing"])()

        def test_clean():
            Probe()

        def test_buggy():
            Probe().press()

        @pytest.mark.internal_errors_expected
        def test_buggy_on_purpose():
            Probe().press()
    """)
    # nbval left out: it collects nothing here, and loading it (nbformat) would cost the test 2 CPU-s.
    result = pytester.runpytest_inprocess("-p", "no:cacheprovider", "-p", "no:nbval")
    result.assert_outcomes(passed=3, errors=1)
    result.stdout.fnmatch_lines(["*ERROR at teardown of test_buggy*",
                                 "*Probe: KeyError: 'missing'*"])
    assert "test_buggy_on_purpose" not in "\n".join(line for line in result.outlines if "ERROR" in line)
