"""The course's questions, stop by stop: what a stop asks, so a stop is done when each is answered right.

The questions are listed with their stops in :mod:`cribbage.registry.stops`; this module reads them
there and adds what the progress store needs: each question with its stop, its link, and a look-up by
the item its answers are recorded under (the try-its' :attr:`widgets.drills.exercise.Question.key`, the
guided hands' ``guided hand <title>``). A link ``<notebook>#cell-id=<lead>`` opens the notebook in
JupyterLab at the words that ask the question, the Markdown cell just before its cell (also in the
Spanish and Portuguese copies, which keep the cell ids).

The views that deal at random or without end (the scoring quiz, the discard drill, the walkthrough, the
practice games) are practice: their answers count in the share right, not in a stop's questions.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from cribbage.registry import stops as _registry
from cribbage.rules.checks import plain_text, whole

__all__ = ["NOTEBOOKS", "QUESTIONS", "CourseQuestion", "question_of", "stop_questions"]

#: Each stop's English notebook (each language names it in its words: :meth:`CourseQuestion.link_in`).
NOTEBOOKS: dict[int, str] = {stop.number: stop.notebook for stop in _registry.STOPS}


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
        """A link JupyterLab follows to the question, relative to the English course's folder: to the
        words that ask it (:attr:`lead`), so the learner reads the question before its cell."""
        return f"{self.notebook}#cell-id={self.lead}"

    def link_in(self, language: str, folder: Path | None = None) -> str:
        """:attr:`link` in ``language``'s lesson folder, to the notebook by its name there; followed from
        a learner's copy (its ``folder``), to the name the copy has for it (an older copy may hold the
        English name: :meth:`cribbage.registry.stops.Stop.notebook_in`)."""
        return f"{_registry.stop(self.stop).notebook_in(language, folder)}#cell-id={self.lead}"


#: Every question, in the course's order.
QUESTIONS: tuple[CourseQuestion, ...] = tuple(
    CourseQuestion(stop.number, question.item, question.cell, question.lead)
    for stop in _registry.STOPS for question in stop.questions)

_BY_ITEM = {question.item: question for question in QUESTIONS}


def stop_questions(stop: int) -> tuple[CourseQuestion, ...]:
    """The questions stop ``stop`` asks, in the notebook's order (none for a stop without questions)."""
    stop = whole(stop, "stop", low=_registry.NUMBERS[0], high=_registry.NUMBERS[-1])
    return tuple(question for question in QUESTIONS if question.stop == stop)


def question_of(item: str) -> CourseQuestion | None:
    """The course question an answer's ``item`` answers, or None (a quiz hand, a drill: practice)."""
    item = plain_text(item, "item")
    return _BY_ITEM.get(item)
