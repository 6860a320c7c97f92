"""Test-wide settings: the lesson notebooks' try-it blanks are filled from the answers file, and the
learner's progress goes to a throw-away folder. Loaded by ``-p plugins.course`` (pyproject.toml),
it loads the suite's other plugins (see :mod:`plugins`).

nbval runs every lesson cell. A try-it cell holds a blank (``my_total = ...``) for the learner; under
the tests :mod:`widgets.drills.exercise` answers it from ``tests/exercise_answers.json``, answers worked out
by hand from the rules, and fails the cell if the engine disagrees (see that module's docstring).
The kernels nbval starts inherit this environment; the browser tests remove it, to be a learner.

The learner's progress is kept in a throw-away folder, never the real data folder: set before any test
runs, so notebooks run by nbval and the browser tests' Jupyter servers (child processes) inherit it too.
"""

from __future__ import annotations

import atexit
import gc
import os
import shutil
import tempfile
from pathlib import Path

import pytest

from cribbage.registry.languages import TRANSLATED, language

# pytester: tests/test_view_internal_errors.py runs the views' check in a pytest of its own.
pytest_plugins = ["pytester", "plugins.layers", "plugins.scheduling", "plugins.views", "plugins.browser_faults"]

ANSWERS = Path(__file__).resolve().parents[1] / "exercise_answers.json"
COURSE = Path(__file__).resolve().parents[2] / "course"
# The translated lessons' folders: tests/integration/test_no_english.py runs each of their notebooks once,
# doing nbval's checks on that run as it reads it for English (collected here, nbval would run it again).
TRANSLATED_LESSONS = frozenset(COURSE / language(code).lessons for code in TRANSLATED)

# Each pytest process (the xdist controller and each worker) imports this once, and has its own folder.
_PROGRESS = tempfile.mkdtemp(prefix="cribbage-progress-tests-")
os.environ["CRIBBAGE_PROGRESS"] = _PROGRESS + os.sep
atexit.register(shutil.rmtree, _PROGRESS, ignore_errors=True)


def pytest_configure(config: pytest.Config) -> None:
    # Registered now, so run last: when the process ends, after every other exit handler, Python's last
    # garbage collections would walk the million objects the tests leave (widgets in ipywidgets'
    # registry, tables), some 4 CPU-s of `make check`'s 50. Frozen, they are left to the end.
    atexit.register(gc.freeze)
    os.environ.setdefault("CRIBBAGE_EXERCISE_ANSWERS", str(ANSWERS))
    # The kernels nbval and the lesson runs start are forked from a warm process, as a learner's
    # course and the calculator app have theirs (machinery/forked_kernels.py); the browser tests' servers
    # drop this and follow their own configuration.
    os.environ.setdefault("JUPYTER_DEFAULT_PROVISIONER_NAME", "cribbage-forked")
    # A lesson's share link starts with the calculator app's address when one answers on this machine
    # (widgets/calculator/address.py): the lessons' checked outputs are the static page's, whatever runs here.
    os.environ.setdefault("CRIBBAGE_CALCULATOR_URL", "http://localhost:8000/")


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    """The translated lessons are not collected as notebooks (see :data:`TRANSLATED_LESSONS`)."""
    if collection_path.suffix == ".ipynb" and collection_path.parent in TRANSLATED_LESSONS:
        return True
    return None
