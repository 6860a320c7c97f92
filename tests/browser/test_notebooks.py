"""Every notebook of the course, opened in JupyterLab and run from the Run menu: no error,
every cell run, every widget drawn. A new stop (``cribbage/registry/stops.py``) is picked up by itself."""

from pathlib import Path

import pytest

from cribbage.registry.stops import STOPS

NOTEBOOKS = [stop.notebook for stop in STOPS]


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_notebook_runs_in_jupyterlab(name: str, open_notebook) -> None:
    notebook = open_notebook(name)  # runs it all and fails on any error
    notebook.screenshot(Path(name).stem)
