"""The warning that an answer was not kept reaches the learner in every kind of question, through the
widgets: the progress file is made unwritable (its folder cannot be made: a file stands where it should
be), then each kind of question is answered as a learner would, and the warning must be on screen after
the view has said everything it says after an answer (the quiz and the drill clear their message line)."""

from __future__ import annotations

import random
import re

import pytest

from cribbage.progress import ENV
from cribbage.registry.languages import SOURCE
from widgets.drills.exercise import HandQuestion, KeepsQuestion, LineQuestion, PlayQuestion, reset_tries


@pytest.fixture
def unwritable(tmp_path, monkeypatch):
    """A progress file that cannot be made: its folder would be inside a plain file."""
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the learner's folder should be")
    monkeypatch.setenv(ENV, str(blocker / "progress.sqlite3"))
    monkeypatch.delenv("CRIBBAGE_EXERCISE_ANSWERS", raising=False)
    monkeypatch.delenv("JPY_SESSION_NAME", raising=False)
    reset_tries()
    yield blocker
    assert blocker.read_text() == "a file where the learner's folder should be"


def _shown(view) -> str:
    """The text of every HTML widget the view shows (its children, and theirs), tags taken out."""
    out = []

    def walk(widget):
        if getattr(widget, "layout", None) is not None and widget.layout.display == "none":
            return
        value = getattr(widget, "value", None)
        if isinstance(value, str):
            out.append(re.sub(r"<[^>]+>", " ", value))
        for child in getattr(widget, "children", ()):
            walk(child)

    walk(view)
    return " ".join(out)


def _warned(view, language="en") -> None:
    start = {"en": "Your answer was not kept:", "es": "Tu respuesta no se ha guardado:",
             "pt": "Sua resposta não foi guardada:"}[language]
    assert view.notice.startswith(start), view.notice
    assert "cannot create the progress file" in view.notice or language != SOURCE
    assert start in _shown(view)
    assert view._notice in view.children


def test_the_scoring_quiz(unwritable):
    from widgets import ScoringQuiz

    quiz = ScoringQuiz()
    quiz.answer(quiz.session.current.score().total)
    _warned(quiz)
    quiz.next()  # the next hand: the warning stays until the file can be written
    _warned(quiz)


def test_the_discard_drill(unwritable):
    from widgets import DiscardDrill

    drill = DiscardDrill(language="es")
    drill.answer(drill.advice.best.discard)
    _warned(drill, "es")


def test_the_walkthrough(unwritable):
    from widgets import PeggingWalkthrough

    walk = PeggingWalkthrough(0, language="pt")
    walk.forward()
    walk.predict(walk.steps[0].points + 1)
    _warned(walk, "pt")


def test_the_crosscribb_quiz(unwritable):
    from widgets import CrossCribbQuiz

    quiz = CrossCribbQuiz(seeds=(1, 2), players=4, level="random")
    quiz.answer(quiz.score_of(quiz.line).total)
    _warned(quiz)


def test_a_game_at_the_table(unwritable):
    from test_widgets_table import _click_through

    from widgets import GameTable

    game = GameTable(seed=11, level="beginner", board=False)
    _click_through(game, random.Random("beginner"))
    _warned(game)


@pytest.mark.parametrize("question, guess", [
    (lambda: HandQuestion("5C 5D 6H 7S", "4C"), 14),
    (lambda: PlayQuestion("8S 6D 7C 9H"), 1),
    (lambda: KeepsQuestion("AC 4D 6H 9S JD KC"), 15),
    (lambda: LineQuestion("4C 5D 6H 6S JC"), 3),
])
def test_the_try_its_say_it_under_their_verdict(unwritable, question, guess):
    verdict = question().check(guess)
    assert verdict.status in ("right", "not yet")
    assert verdict.notice.startswith("Your answer was not kept:") and "cannot create" in verdict.notice
    assert verdict.notice in str(verdict)
    assert 'role="alert"' in verdict._repr_html_() and "not kept" in verdict._repr_html_()


def test_a_blank_try_it_says_nothing_of_keeping(unwritable):
    verdict = HandQuestion("5C 5D 6H 7S", "4C").check(...)
    assert verdict.status == "blank" and verdict.notice == ""
