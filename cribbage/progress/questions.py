"""The course's questions, stop by stop: what a stop asks, so a stop is done when each is answered right.

A question is known by the item its answers are recorded under (the try-its' :attr:`widgets.drills.exercise.Question.key`,
the guided hands' ``guided hand <title>``) and found in the notebook by its cell id: a link
``<notebook>#cell-id=<lead>`` opens the notebook in JupyterLab at the words that ask it, the Markdown cell
just before (also in the Spanish and Portuguese copies, which keep the cell ids).
``tests/test_progress_identity.py`` builds this list again from the lesson notebooks and fails when the
two differ.

The views that deal at random or without end (the scoring quiz, the discard drill, the walkthrough, the
practice games) are practice: their answers count in the share right, not in a stop's questions.
"""

from __future__ import annotations

from dataclasses import dataclass

from cribbage.progress.store import STOPS
from cribbage.rules.checks import plain_text, whole

__all__ = ["NOTEBOOKS", "QUESTIONS", "CourseQuestion", "question_of", "stop_questions"]

#: Each stop's notebook, as the course names it in every language.
NOTEBOOKS: dict[int, str] = {
    0: "00_start_here.ipynb", 1: "01_deal_discard_crib.ipynb", 2: "02_the_play.ipynb", 3: "03_the_show.ipynb",
    4: "04_board_and_skunks.ipynb", 5: "05_three_guided_hands.ipynb",
    6: "06_hand_calculator_and_statistics.ipynb", 7: "07_crosscribb.ipynb", 8: "08_statistics_lab.ipynb",
}


@dataclass(frozen=True)
class CourseQuestion:
    """One question of the course: its stop, the item its answers are kept under, the cell that asks it."""

    stop: int
    item: str
    cell: str
    lead: str   # the words that ask it: the Markdown cell just before, where "continue here" opens

    @property
    def notebook(self) -> str:
        return NOTEBOOKS[self.stop]

    @property
    def link(self) -> str:
        """A link JupyterLab follows to the question, relative to the course's folder: to the words that
        ask it (:attr:`lead`), so the learner reads the question before its cell."""
        return f"{self.notebook}#cell-id={self.lead}"


def _q(stop: int, cell: str, lead: str, item: str) -> CourseQuestion:
    return CourseQuestion(stop, item, cell, lead)


#: Every question, in the course's order.
QUESTIONS: tuple[CourseQuestion, ...] = (
    _q(0, "c12", "c11", "total of the hand 5♣ 5♦ 6♥ 7♠ with 4♣"),
    _q(1, "c06", "c05", "keeps of A♣ 4♦ 6♥ 9♠ J♦ K♣"),
    _q(2, "c09", "c08", "play: 6♣ 6♦ 3♥ 6♠"),
    _q(2, "c14", "c13", "play: 8♠ 6♦ 7♣ 9♥"),
    _q(3, "c08", "c07", "fifteens of the hand 6♣ 9♦ 5♥ 10♠ with 4♣"),
    _q(3, "c13", "c12", "pairs of the hand 9♣ 9♦ 9♥ 4♠ with 4♦"),
    _q(3, "c20", "c19", "total of the hand 7♣ 8♦ 8♥ 9♠ with 9♣"),
    _q(3, "c23", "c22", "flush of the hand 3♦ 7♦ 10♦ Q♦ with A♠"),
    _q(3, "c25", "c22", "flush of the crib 3♦ 7♦ 10♦ Q♦ with A♠"),
    _q(4, "c05", "c04", "peg 8 from 23 and 17"),
    _q(4, "c14", "c13", "race: pone Ann on 110 with 2♣ 3♦ 4♠ 6♥, dealer Ben on 108 with 7♣ 8♣ 7♥ 8♠, starter 9♦"),
    _q(4, "c20", "c19", "games for 121 to 75 in a game to 121"),
    _q(5, "c04", "c03", "guided hand a plain hand as pone"),
    _q(5, "c06", "c05", "guided hand a hand as dealer"),
    _q(5, "c08", "c07", "guided hand a close finish"),
    _q(6, "c08", "c07", "hands scoring 29"),
    _q(7, "c08", "c07", "line 4♣ 5♦ 6♥ 6♠ J♣"),
)

_BY_ITEM = {question.item: question for question in QUESTIONS}


def stop_questions(stop: int) -> tuple[CourseQuestion, ...]:
    """The questions stop ``stop`` asks, in the notebook's order (none for a stop without questions)."""
    stop = whole(stop, "stop", low=STOPS[0], high=STOPS[-1])
    return tuple(question for question in QUESTIONS if question.stop == stop)


def question_of(item: str) -> CourseQuestion | None:
    """The course question an answer's ``item`` answers, or None (a quiz hand, a drill: practice)."""
    item = plain_text(item, "item")
    return _BY_ITEM.get(item)


assert all(question.stop in STOPS for question in QUESTIONS)
