"""Test-wide settings: the lesson notebooks' try-it blanks are filled from the answers file.

nbval runs every lesson cell. A try-it cell holds a blank (``my_total = ...``) for the learner; under
the tests :mod:`widgets.exercise` answers it from ``tests/exercise_answers.json``, answers worked out
by hand from the rules, and fails the cell if the engine disagrees (see that module's docstring).
The kernels nbval starts inherit this environment; the browser tests remove it, to be a learner.
"""

import os
from pathlib import Path

ANSWERS = Path(__file__).resolve().parent / "tests" / "exercise_answers.json"


def pytest_configure(config) -> None:
    os.environ.setdefault("CRIBBAGE_EXERCISE_ANSWERS", str(ANSWERS))
