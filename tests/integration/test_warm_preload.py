"""The warm process of the course's kernels preloads every module of the widgets but those that bring
matplotlib (machinery.forked_kernels.LATE): a module that imports matplotlib and is not named there makes
every kernel start afresh, which only the slow integration tests would otherwise notice."""

from __future__ import annotations

import subprocess
import sys

from machinery.forked_kernels import LATE, PRELOAD

_SCRIPT = """
import importlib, pkgutil, sys
for name in {preload!r}:
    importlib.import_module(name)
import widgets
for module in pkgutil.walk_packages(widgets.__path__, "widgets."):
    if module.name not in {late!r}:
        importlib.import_module(module.name)
        if "matplotlib" in sys.modules:
            print(module.name)
            break
"""


def test_no_preloaded_module_imports_matplotlib() -> None:
    script = _SCRIPT.format(preload=tuple(PRELOAD), late=set(LATE))
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "", f"{done.stdout.strip()} imports matplotlib: name it in forked_kernels.LATE"
