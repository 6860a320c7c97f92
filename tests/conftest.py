"""Shared by every test: the learner's progress is kept in a throw-away folder, never the real data folder.

Set before anything runs, so notebooks run by nbval and the browser tests' Jupyter servers (child
processes) inherit it too.
"""

from __future__ import annotations

import os
import tempfile

os.environ["CRIBBAGE_PROGRESS"] = tempfile.mkdtemp(prefix="cribbage-progress-tests-") + os.sep
