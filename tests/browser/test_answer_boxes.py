"""Answers without code, in JupyterLab: each try-it of stops 1-4 answered as a newcomer does, in the
box beside the question (a wrong answer, then the right one, Enter each time), kept once each in the
learner's progress, and the stop's code folded away as it opens."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cribbage.progress import ProgressStore
from cribbage.registry.stops import STOPS

ANSWERS = json.loads((Path(__file__).parents[1] / "exercise_answers.json").read_text(encoding="utf-8"))
#: The stops whose try-its a newcomer meets first (the issue's "stops 1-4").
FIRST_STOPS = [stop for stop in STOPS if stop.name in ("deal_discard_crib", "the_play", "the_show", "board_and_skunks")]


def wrong(right: int | str) -> int | str:
    return "Ann" if right == "Ben" else int(right) + 1


@pytest.mark.parametrize("stop", FIRST_STOPS, ids=lambda stop: stop.name)
def test_each_try_it_is_answered_in_its_box_and_kept_once(open_notebook, empty_progress, stop) -> None:
    notebook = open_notebook(stop.notebook, fresh=True)
    # The code opens folded: JupyterLab draws a placeholder (a bar with dots) where a cell's code is.
    assert notebook.page.locator(".jp-Notebook .jp-CodeCell .jp-InputPlaceholder").count() > 0
    expected = []
    for question in stop.questions:
        cell = notebook.cell_index(question.cell)
        right = ANSWERS[question.item]
        notebook.type(str(wrong(right)), cell=cell, submit=True)
        notebook.expect_text(cell, f"Not yet: it is not {wrong(right)}.")
        notebook.expect_text(cell, "Change your answer in the box and press Check again.")
        notebook.type(str(right), cell=cell, submit=True)
        notebook.expect_text(cell, f"Right: {right}.")
        expected += [(question.item, str(wrong(right)), False), (question.item, str(right), True)]
    notebook.screenshot(f"answer-box-{stop.name}", cell=notebook.cell_index(stop.questions[-1].cell))
    kept = [(a.item, a.answer, a.correct) for a in ProgressStore().answers() if a.stop == stop.number]
    assert sorted(kept) == sorted(expected)
