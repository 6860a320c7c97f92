"""A view never raises: its guarded callbacks keep an unexpected exception in ``view.internal_errors``.

Every view made during a test is recorded, and the test fails if one of them caught such an error
(:func:`view_internal_errors`); a test that provokes one on purpose is marked ``internal_errors_expected``.
Loaded by :mod:`plugins.course`; self-contained, so tests/test_view_internal_errors.py can run this
check in a pytest of its own (as that pytest's conftest.py).
"""

from __future__ import annotations

import functools
import traceback
import weakref
from collections.abc import Iterator
from typing import Any

import pytest


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
