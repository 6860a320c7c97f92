"""Test-wide settings: the lesson notebooks' try-it blanks are filled from the answers file.

nbval runs every lesson cell. A try-it cell holds a blank (``my_total = ...``) for the learner; under
the tests :mod:`widgets.exercise` answers it from ``tests/exercise_answers.json``, answers worked out
by hand from the rules, and fails the cell if the engine disagrees (see that module's docstring).
The kernels nbval starts inherit this environment; the browser tests remove it, to be a learner.

The learner's progress is kept in a throw-away folder, never the real data folder: set before anything
runs, so notebooks run by nbval and the browser tests' Jupyter servers (child processes) inherit it too.
(One conftest at the top: a second ``conftest.py`` in tests/ would clash by name with tests/browser's
under ``--doctest-modules``.)
"""

import atexit
import os
import shutil
import tempfile
from pathlib import Path

ANSWERS = Path(__file__).resolve().parent / "tests" / "exercise_answers.json"

_PROGRESS = tempfile.mkdtemp(prefix="cribbage-progress-tests-")
os.environ["CRIBBAGE_PROGRESS"] = _PROGRESS + os.sep
atexit.register(shutil.rmtree, _PROGRESS, ignore_errors=True)


def pytest_configure(config) -> None:
    os.environ.setdefault("CRIBBAGE_EXERCISE_ANSWERS", str(ANSWERS))
