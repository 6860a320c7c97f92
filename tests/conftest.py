"""Shared by every test: the learner's progress is kept in a throw-away folder, never the real data folder.

Set before anything runs, so notebooks run by nbval and the browser tests' Jupyter servers (child
processes) inherit it too.
"""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile

_PROGRESS = tempfile.mkdtemp(prefix="cribbage-progress-tests-")
os.environ["CRIBBAGE_PROGRESS"] = _PROGRESS + os.sep
atexit.register(shutil.rmtree, _PROGRESS, ignore_errors=True)
