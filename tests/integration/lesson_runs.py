"""Each lesson run once per test process, as a learner runs it, for every test that reads a run.

A run executes the lesson with nbclient on a fresh kernel, in a throw-away copy of ``course/`` (the
repository's notebooks are never written), as Run All runs it for a learner who has answered nothing
(the tests' answers file is kept from the kernel: the try-it blanks stay blank). Then, in the same
kernel, it asks each try-it question for its answer (``answer_text()``, and the number for a count),
and runs the try-it cells again with the tests' answers file, as nbval runs them.

``tests/integration/test_no_english.py`` (Spanish and Portuguese) and
``tests/integration/test_answers_after_questions.py`` (all three languages) read the same runs; the
scheduler in ``tests/plugins/scheduling.py`` keeps both modules on one worker, so each lesson runs once
in ``make test``.
"""

from __future__ import annotations

import atexit
import copy
import json
import os
import shutil
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import nbformat
from nbclient import NotebookClient

from widgets.drills.exercise import ANSWERS_VARIABLE

COURSE = Path(__file__).resolve().parents[2] / "course"
ANSWERS = Path(__file__).resolve().parents[1] / "exercise_answers.json"

# Run in the kernel after the learner's Run All: what each try-it asks and answers, as the question
# says it (its names starting "_" leave the learner's globals as they were).
_ASK = """
import json as _json
from widgets.drills.exercise import Question as _Question
print(_json.dumps({_name: {"answer": _q.answer if isinstance(_q.answer, int) else None,
                           "text": _q.answer_text(), "kind": type(_q).__name__}
                   for _name, _q in list(globals().items())
                   if isinstance(_q, _Question) and not _name.startswith("_")}))
"""


def try_its(notebook: nbformat.NotebookNode) -> list[int]:
    """The try-it cells: those that check a blank (``question.check(my_total)``)."""
    return [index for index, cell in enumerate(notebook.cells)
            if cell.cell_type == "code" and ".check(" in cell.source]


@dataclass
class Run:
    """A lesson run as a learner runs it, and its try-it cells run again with the answers filled."""

    learner: nbformat.NotebookNode    # after Run All, with the widgets' saved state in its metadata
    answered: nbformat.NotebookNode   # the same notebook with the try-it cells' answered outputs
    asked: dict[str, dict[str, Any]]  # each try-it question's name: its answer, as the kernel has it
    seconds: float


class Runs:
    """The lessons' runs, each made on first use (``runs("es/03_recuento.ipynb")``), kept for the session."""

    def __init__(self) -> None:
        self.done: dict[str, Run] = {}
        self._root: Path | None = None

    def __call__(self, lesson: str) -> Run:
        if lesson not in self.done:
            self.done[lesson] = self._run(self._copy() / lesson)
        return self.done[lesson]

    def _copy(self) -> Path:
        if self._root is None:
            home = tempfile.mkdtemp(prefix="cribbage-lesson-runs-")
            atexit.register(shutil.rmtree, home, ignore_errors=True)
            self._root = Path(home) / "course"
            shutil.copytree(COURSE, self._root, ignore=shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__"))
        return self._root

    @staticmethod
    def _run(path: Path) -> Run:
        notebook = nbformat.read(path, as_version=4)
        env = dict(os.environ)
        env.pop(ANSWERS_VARIABLE, None)   # a learner's kernel: the try-it blanks stay blank
        client = NotebookClient(notebook, timeout=600, kernel_name="python3", allow_errors=True,
                                store_widget_state=True, resources={"metadata": {"path": str(path.parent)}})
        start = time.perf_counter()
        # What NotebookClient.execute does, with more steps before the kernel is shut down.
        client.reset_execution_trackers()
        with client.setup_kernel(env=env):
            assert client.kc is not None
            info = client.wait_for_reply(client.kc.kernel_info())
            notebook.metadata["language_info"] = info["content"]["language_info"]
            for index, cell in enumerate(notebook.cells):
                client.execute_cell(cell, index, execution_count=client.code_cells_executed + 1)
            client.set_widgets_metadata()
            learner = copy.deepcopy(notebook)
            notebook.cells.append(nbformat.v4.new_code_cell(_ASK))
            ask = client.execute_cell(notebook.cells[-1], len(notebook.cells) - 1)
            asked = json.loads("".join(out.get("text", "") for out in ask.outputs if out.get("name") == "stdout"))
            notebook.cells.pop()
            # The tests' answers from here (read at each check), then every try-it again, as nbval runs it.
            fill = client.kc.execute(f"import os\nos.environ[{ANSWERS_VARIABLE!r}] = {str(ANSWERS)!r}", silent=True)
            assert client.wait_for_reply(fill)["content"]["status"] == "ok"
            for index in try_its(notebook):
                client.execute_cell(notebook.cells[index], index, execution_count=client.code_cells_executed + 1)
            client.set_widgets_metadata()
        return Run(learner, notebook, asked, time.perf_counter() - start)


#: The runs of this test process, shared by every module that imports it.
RUNS = Runs()
