"""Answers without code: every try-it shows a box to type the answer in, bound to the same question
(the same verdicts, tries and hints) and the same progress record; the lessons' code is folded away."""

from __future__ import annotations

import json

import pytest
from test_widgets_exercise import IDS, QUESTIONS

from cribbage.build.course_i18n import COURSE
from cribbage.lessons.source import language_folder
from cribbage.progress import ProgressStore
from cribbage.registry.languages import CODES
from cribbage.registry.stops import STOPS
from widgets import AfterAnswer, HandQuestion
from widgets.drills.answer_box import AnswerBox
from widgets.drills.exercise import ANSWERS_VARIABLE, reset_tries
from widgets.i18n import render


@pytest.fixture(autouse=True)
def _fresh(monkeypatch, tmp_path):
    monkeypatch.delenv(ANSWERS_VARIABLE, raising=False)
    monkeypatch.setenv("CRIBBAGE_PROGRESS", str(tmp_path / "progress.sqlite3"))
    monkeypatch.setenv("JPY_SESSION_NAME", next(stop.notebook for stop in STOPS if stop.name == "the_show"))
    reset_tries()
    yield
    reset_tries()


def kept(tmp_path) -> list[tuple[str, bool]]:
    path = tmp_path / "progress.sqlite3"
    return [(a.answer, a.correct) for a in ProgressStore(path).answers()] if path.exists() else []


def type_in(box: AnswerBox, text: str, *, press: bool = False) -> str:
    box.box.value = text          # Enter, or leaving the box
    if press:
        box.check_button.click()
    assert not box.internal_errors
    return box.verdict.value


@pytest.mark.parametrize("make, answer, wrong", QUESTIONS, ids=IDS)
def test_every_question_is_answered_in_its_box_as_in_code(make, answer, wrong) -> None:
    question = make()
    box = question.answer_box()
    assert "Not yet" in type_in(box, str(wrong)) and question.tries == 1
    assert "Change your answer in the box" in box.verdict.value
    assert "Right" in type_in(box, f" {answer} ") and question.answered is not None


def test_an_answer_typed_in_the_box_is_kept_once(tmp_path) -> None:
    question = HandQuestion("7C 8D 8H 9S", "9C")
    box = question.answer_box()
    type_in(box, "16", press=True)          # left the box, then pressed Check: one try
    assert question.tries == 1 and kept(tmp_path) == [("16", False)]
    type_in(box, "20")
    assert kept(tmp_path) == [("16", False), ("20", True)]
    question.check(20)                      # the same answer run again in the code cell is not a new one
    assert kept(tmp_path) == [("16", False), ("20", True)]


def test_the_box_and_the_code_cell_share_the_tries() -> None:
    question = HandQuestion("7C 8D 8H 9S", "9C")
    box = question.answer_box()
    type_in(box, "16")
    assert question.check(15).status == "answer"          # the second wrong try, in code, shows the answer


@pytest.mark.parametrize("text", ["", "   ", "twelve", "-3", "1e9", "<b>4</b>"])
def test_what_is_not_an_answer_is_said_in_the_boxs_words_and_kept_nowhere(tmp_path, text) -> None:
    question = HandQuestion("7C 8D 8H 9S", "9C")
    box = question.answer_box()
    box.box.value = "x"
    shown = type_in(box, text, press=True)
    assert "run the cell" not in shown and "Check" in shown
    assert "<b>4</b>" not in shown and question.tries == 0 and kept(tmp_path) == []


def test_answering_in_the_box_unfolds_what_follows() -> None:
    question = HandQuestion("7C 8D 8H 9S", "9C")
    after = AfterAnswer(question, "the worked count")
    type_in(question.answer_box(), "20")
    assert after.unfolded


@pytest.mark.parametrize("language", CODES)
def test_the_box_speaks_the_questions_language(language) -> None:
    box = HandQuestion("7C 8D 8H 9S", "9C", language=language).answer_box()
    assert box.check_button.description == render("ex.box.check", language)
    assert render("ex.box.again", language) in type_in(box, "16")


@pytest.mark.parametrize("language", CODES)
@pytest.mark.parametrize("stop", [stop for stop in STOPS if stop.name != "statistics_lab"], ids=lambda stop: stop.name)
def test_the_lessons_open_with_their_code_folded(language, stop) -> None:
    # The statistics lab is a lab in code, for those who came for it: its code stays open.
    lesson = json.loads((language_folder(language, COURSE) / stop.notebook_in(language)).read_text(encoding="utf-8"))
    code = [cell for cell in lesson["cells"] if cell["cell_type"] == "code"]
    assert code and all(cell["metadata"].get("jupyter", {}).get("source_hidden") for cell in code)
