"""Every notebook of the course, opened in JupyterLab and run from the Run menu: no error,
every cell run, every widget drawn. New notebooks in ``course/`` are picked up by themselves."""

from pathlib import Path

import pytest

COURSE = Path(__file__).resolve().parents[2] / "course"
# scratch* notebooks are drafts, not course (nbval skips them too).
NOTEBOOKS = sorted(path.name for path in COURSE.glob("*.ipynb") if not path.name.startswith("scratch"))


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_notebook_runs_in_jupyterlab(name: str, open_notebook) -> None:
    notebook = open_notebook(name)  # runs it all and fails on any error
    notebook.screenshot(Path(name).stem)
