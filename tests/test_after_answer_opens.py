"""The fold under a try-it opens when the learner answers it (widgets.drills.exercise.Question.on_answered):
right, or the answer shown after the last wrong try; never for a blank, a guess of the wrong kind, a
first wrong try, or a blank the tests' answers file fills."""

from __future__ import annotations

import json

import pytest

from widgets.drills.after_answer import AfterAnswer
from widgets.drills.exercise import ANSWERS_VARIABLE, PegQuestion, reset_tries


@pytest.fixture(autouse=True)
def _learner(monkeypatch, tmp_path):
    # A learner: no answers file, and a progress file of the test's own.
    monkeypatch.delenv(ANSWERS_VARIABLE, raising=False)
    monkeypatch.setenv("CRIBBAGE_PROGRESS", str(tmp_path / "progress.sqlite3"))
    reset_tries()
    yield
    reset_tries()


def _question():
    return PegQuestion(23, 17, 8, language="es")   # the peg moves to 31


def test_the_callback_hears_each_answer_and_only_answers():
    question = _question()
    heard = []
    question.on_answered(lambda verdict: heard.append(verdict.status))
    question.check(...)
    question.check("eight")
    question.check(30)            # a first wrong try: a hint, not an answer
    assert heard == [] and question.answered is None
    question.check(29)            # the second wrong try shows the answer
    assert heard == ["answer"] and question.answered.status == "answer"
    question.check(31)
    assert heard == ["answer", "right"]


def test_a_question_answered_already_calls_at_once():
    question = _question()
    question.check(31)
    heard = []
    question.on_answered(lambda verdict: heard.append(verdict.status))
    assert heard == ["right"]


def test_the_fold_opens_when_the_learner_answers_not_before():
    question = _question()
    made = []
    folded = AfterAnswer(question, lambda: made.append(1) or "31")
    question.check(...)
    question.check(30)
    assert not folded.unfolded and made == [] and folded._shown.outputs == ()
    question.check(31)
    assert folded.unfolded and made == [1] and folded.drawn == "31" and folded.internal_errors == []
    question.check(31)            # the cell run again draws nothing more
    assert made == [1]


def test_the_fold_under_a_question_answered_opens_at_once():
    # Run All with the answer typed: the check cell runs before the fold's cell.
    question = _question()
    question.check(31)
    folded = AfterAnswer(question, "31")
    assert folded.unfolded and folded.drawn == "31"


def test_a_blank_the_answers_file_fills_does_not_open_the_fold(tmp_path, monkeypatch):
    question = _question()
    answers = tmp_path / "answers.json"
    answers.write_text(json.dumps({question.key: 31}), encoding="utf-8")
    monkeypatch.setenv(ANSWERS_VARIABLE, str(answers))
    folded = AfterAnswer(question, "31")
    assert question.check(...).right
    assert not folded.unfolded and question.answered is None


def test_the_button_still_opens_it_without_an_answer():
    folded = AfterAnswer(_question(), "31")
    folded.unfold()
    assert folded.unfolded and folded.drawn == "31"
