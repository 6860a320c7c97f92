"""The static calculator's Python half where only the engine and the views' words are, as in the page's
Pyodide: a Python of its own, with ipywidgets, matplotlib, numpy, IPython and traitlets refused."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from test_static_calculator_entry import static_says

from apps.static_calculator import calculator_entry as entry

# As in the page's Pyodide: no ipywidgets, no matplotlib, no numpy, no IPython; the module is loaded
# by itself from the page's folder (not as apps.static_calculator.calculator_entry).
_IN_PYODIDE = """
import importlib.util, json, sys

class NotInPyodide:
    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] in {"ipywidgets", "matplotlib", "numpy", "IPython", "traitlets"}:
            raise ImportError(f"{name} is not in the page's Pyodide")
        return None

sys.meta_path.insert(0, NotInPyodide())
spec = importlib.util.spec_from_file_location("calculator_entry", sys.argv[1])
entry = importlib.util.module_from_spec(spec)
spec.loader.exec_module(entry)
state = json.loads(entry.start("?hand=5H5D6H7S&starter=8C&lang=pt", json.dumps({"hand": [1] * 30, "crib": [1] * 30})))
print(json.dumps({"total": state["total"], "views": sorted(m for m in sys.modules if m.startswith("widgets."))}))
"""


def test_runs_where_only_the_engine_and_the_words_are() -> None:
    """``import widgets`` loads only the views' words, so the page needs no trick to skip the views."""
    done = subprocess.run([sys.executable, "-c", _IN_PYODIDE, str(Path(entry.__file__))], capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    said = json.loads(done.stdout.splitlines()[-1])
    assert said["total"] == static_says("hand=5H5D6H7S&starter=8C&lang=pt")["total"]
    assert all(name.startswith(("widgets.i18n", "widgets.base", "widgets.calculator")) for name in said["views"])
