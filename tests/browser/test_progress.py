"""The learner's progress in JupyterLab: answers given in two notebooks, kernels restarted, and the
panel of stop 0 keeps every answer. Ends with the teacher's report of this learner."""

from __future__ import annotations

import os
import time
from pathlib import Path

from cribbage.progress import ProgressStore, system_user
from cribbage.progress.report import merge, text_report, write_html
from widgets.drill import SHIPPED_DRILLS
from widgets.quiz import SHIPPED_HANDS

ROOT = Path(__file__).resolve().parents[2]


def _share(store: ProgressStore, stop: int) -> tuple[int, str]:
    mine = [a for a in store.answers() if a.stop == stop]
    right = sum(a.correct for a in mine)
    return len(mine), f"{round(100 * right / len(mine))}% ({right}/{len(mine)})"


def _expect_share(page, panel: int, store: ProgressStore, stop: int) -> None:
    """The panel shows the stop's share as the file holds it. A kernel of an earlier test may record a
    late answer between the panel's reading and ours, so on a mismatch Refresh and read both again."""
    deadline = time.monotonic() + 60
    while True:
        share = _share(store, stop)[1]
        if share in page.text(panel):
            return
        if time.monotonic() > deadline:
            page.expect_text(panel, share, timeout=1)  # fails with the page's text in the message
            return
        page.click("Refresh", cell=panel)
        time.sleep(1)


def test_answers_in_two_notebooks_survive_a_restart(open_notebook) -> None:
    store = ProgressStore()  # the learner's file, as the kernels find it (CRIBBAGE_PROGRESS from conftest)
    assert str(store.path).startswith(os.environ["CRIBBAGE_PROGRESS"])
    before = len(store.answers())

    drill = open_notebook("01_deal_discard_crib.ipynb", fresh=True)
    cell = drill.find_cell("DiscardDrill()")
    for card in SHIPPED_DRILLS[0].advice().best.discard:  # the best two: right
        drill.click(str(card), cell=cell)
    drill.click("Lay away", cell=cell)
    drill.expect_text(cell, "Right: that is the best keep.")
    drill.click("Next drill", cell=cell)
    advice = SHIPPED_DRILLS[1].advice()
    for card in advice[len(advice) - 1].discard:  # the worst two: wrong
        drill.click(str(card), cell=cell)
    drill.click("Lay away", cell=cell)
    drill.expect_text(cell, "Not the best")

    quiz = open_notebook("03_the_show.ipynb", fresh=True)
    cell = quiz.find_cell("ScoringQuiz()")
    for i, claim in enumerate([SHIPPED_HANDS[0].score().total, SHIPPED_HANDS[1].score().total - 2,
                               SHIPPED_HANDS[2].score().total + 1]):
        if i:
            quiz.click("Next hand", cell=cell)
        quiz.type(str(claim), cell=cell, placeholder="a number, 0 to 29")
        quiz.click("Check", cell=cell)
        quiz.expect_text(cell, "Right" if i == 0 else "you said")
    # At least these five: a kernel of an earlier test may still record a late answer of its own.
    assert len(store.answers()) >= before + 5

    # A new kernel for stop 0 (as after a restart): the panel reads every answer back.
    start = open_notebook("00_start_here.ipynb", fresh=True)
    panel = start.find_cell("ProgressPanel()")
    for stop in (1, 3):
        asked = _share(store, stop)[0]
        assert asked >= (2 if stop == 1 else 3)
        _expect_share(start, panel, store, stop)
    start.expect_text(panel, "What to practise next")
    start.screenshot("00_start_here-progress", cell=panel)

    # Restart stop 3's kernel, answer once more there; Refresh on stop 0 shows it too.
    quiz = open_notebook("03_the_show.ipynb", fresh=True)
    cell = quiz.find_cell("ScoringQuiz()")
    quiz.type(str(SHIPPED_HANDS[0].score().total), cell=cell, placeholder="a number, 0 to 29")
    quiz.click("Check", cell=cell)
    quiz.expect_text(cell, "Right")
    start.click("Refresh", cell=panel)
    _expect_share(start, panel, store, 3)
    assert len(store.answers()) >= before + 6

    # The learner gives a name once; the answers so far become theirs.
    start.type("Browser Learner", cell=panel, placeholder=system_user())
    start.click("Keep this name", cell=panel)
    start.expect_text(panel, "From now on your answers are kept as Browser Learner.")
    assert {a.learner for a in ProgressStore(store.path).answers(everyone=True)} == {"Browser Learner"}
    start.screenshot("00_start_here-progress-named", cell=panel)

    # The teacher's report of this learner, kept beside the screenshots for the teaching guide.
    report = merge([store.path])
    out = ROOT / "build" / "progress"
    out.mkdir(parents=True, exist_ok=True)
    (out / "browser-learner.txt").write_text(text_report(report) + "\n", encoding="utf-8")
    write_html(report, out / "browser-learner.html")
    assert list(report.learners) == ["Browser Learner"]
