"""The learner's progress in JupyterLab: answers given in two notebooks, kernels restarted from the
Kernel menu, and the panel of stop 0 keeps every answer. Ends with the teacher's report of this
learner, and a copy of the learner's file, in ``build/progress/`` (the teaching guide quotes it)."""

from __future__ import annotations

import os
import re
import sqlite3
import time
from collections import Counter
from pathlib import Path

from cribbage.progress import Answer, ProgressStore, summarize, system_user
from cribbage.progress.report import merge, text_report, write_csv, write_html
from widgets.drills.discard import SHIPPED_DRILLS
from widgets.drills.quiz import SHIPPED_HANDS

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "build" / "progress"


def _share(store: ProgressStore, stop: int) -> tuple[int, str]:
    """The first tries at ``stop`` (each question counts once) and how the panel says their share."""
    tally = summarize(store.answers())[store.identity].stops[stop]
    return tally.asked, f"first tries: {round(100 * tally.right / tally.asked)}% right ({tally.right} of {tally.asked})"


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
        # The click waits for the kernel's answer: the panel has read the file again (no pause needed).
        page.click("Refresh", cell=panel)


def _restart_and_run_all(notebook, timeout: float = 300) -> None:
    """Kernel > Restart Kernel and Run All Cells…, yes: as a learner restarts. Checks that the kernel
    really went through a restart (everything it held in memory is gone) and the notebook ran again."""
    page = notebook.page
    notebook.keep_statuses()
    sent = notebook._sent()
    page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(r"^Kernel$")).click()
    page.locator(".lm-Menu-itemLabel", has_text=re.compile(r"^Restart Kernel and Run All Cells")).click()
    page.locator(".jp-Dialog .jp-mod-accept").click()
    notebook.wait_sent(sent, 120, "the restarted kernel to be sent the cells")
    notebook.wait_run_all(timeout)
    notebook.assert_no_errors()
    statuses = notebook.statuses()
    assert "restarting" in statuses or "autorestarting" in statuses, statuses


def _kept(answers: list[Answer], expected: list[tuple[str, bool]]) -> None:
    """Each of the test's answers (item, right or not) is in the file, as often as it was given."""
    got = Counter((a.item, a.correct) for a in answers)
    missing = Counter(expected) - got
    assert not missing, f"answers not kept: {dict(missing)}"


def _drill_item(index: int) -> str:
    drill = SHIPPED_DRILLS[index]
    return f"six {' '.join(map(str, drill.six))} ({'dealer' if drill.dealer else 'pone'})"


def _quiz_item(index: int) -> str:
    hand = SHIPPED_HANDS[index]
    return f"{'crib' if hand.crib else 'hand'} {' '.join(map(str, hand.hand))} / {hand.starter}"


def test_answers_in_two_notebooks_survive_a_restart(open_notebook) -> None:
    store = ProgressStore()  # the learner's file, as the kernels find it (CRIBBAGE_PROGRESS from conftest)
    assert str(store.path).startswith(os.environ["CRIBBAGE_PROGRESS"])
    before = len(store.answers())
    expected: list[tuple[str, bool]] = []

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
    expected += [(_drill_item(0), True), (_drill_item(1), False)]

    quiz = open_notebook("03_the_show.ipynb", fresh=True)
    cell = quiz.find_cell("ScoringQuiz()")
    for i, claim in enumerate([SHIPPED_HANDS[0].score().total, SHIPPED_HANDS[1].score().total - 2,
                               SHIPPED_HANDS[2].score().total + 1]):
        if i:
            quiz.click("Next hand", cell=cell)
        quiz.type(str(claim), cell=cell, placeholder="a number, 0 to 29")
        quiz.click("Check", cell=cell)
        quiz.expect_text(cell, "Right" if i == 0 else "Not yet")   # a wrong first count: a hint, a second try
    expected += [(_quiz_item(0), True), (_quiz_item(1), False), (_quiz_item(2), False)]
    # At least these five: a kernel of an earlier test may still record a late answer of its own.
    assert len(store.answers()) >= before + 5
    _kept(store.answers()[before:], expected)

    # Stop 0 on a kernel that never saw an answer: the panel reads every answer back from the file.
    start = open_notebook("00_start_here.ipynb", fresh=True)
    panel = start.find_cell("ProgressPanel()")
    for stop in (1, 3):
        asked = _share(store, stop)[0]
        assert asked >= 1  # first tries only: an answer an earlier test gave to the same item is practice
        _expect_share(start, panel, store, stop)
    start.expect_text(panel, "What to practise next")
    start.screenshot("00_start_here-progress", cell=panel)

    # Stop 3's kernel restarted from the Kernel menu: one more answer there.
    _restart_and_run_all(quiz)
    quiz.type(str(SHIPPED_HANDS[0].score().total), cell=cell, placeholder="a number, 0 to 29")
    quiz.click("Check", cell=cell)
    quiz.expect_text(cell, "Right")
    expected.append((_quiz_item(0), True))
    start.click("Refresh", cell=panel)
    _expect_share(start, panel, store, 3)
    assert len(store.answers()) >= before + 6

    # Stop 0's own kernel restarted: the new panel still shows every answer, none lost or doubled.
    _restart_and_run_all(start)
    for stop in (1, 3):
        _expect_share(start, panel, store, stop)
    _kept(store.answers()[before:], expected)
    start.expect_text(panel, "What to practise next")

    # The learner gives a name once; the answers so far become theirs.
    start.type("Browser Learner", cell=panel, placeholder=system_user())
    start.click("Keep this name", cell=panel)
    start.expect_text(panel, "From now on your answers are kept as Browser Learner.")
    assert {a.learner for a in ProgressStore(store.path).answers(everyone=True)} == {"Browser Learner"}
    start.screenshot("00_start_here-progress-named", cell=panel)

    # The teacher's report of this learner, and the learner's file itself (copied with SQLite's backup,
    # whole even if a late write lands), kept for the teaching guide.
    OUT.mkdir(parents=True, exist_ok=True)
    copy = OUT / "browser-learner.progress.sqlite3"
    copy.unlink(missing_ok=True)
    source = sqlite3.connect(f"{store.path.resolve().as_uri()}?mode=ro", uri=True)
    target = sqlite3.connect(copy)
    try:
        source.backup(target)
    finally:
        target.close()
        source.close()
    report = merge([copy])
    (OUT / "browser-learner.txt").write_text(text_report(report) + "\n", encoding="utf-8")
    write_csv(report, OUT / "browser-learner.csv")
    write_html(report, OUT / "browser-learner.html")
    # One learner, known by the account the kernels run as, shown by the name they gave.
    assert list(report.learners) == [store.identity]
    assert [learner.name for learner in report.learners.values()] == ["Browser Learner"]
