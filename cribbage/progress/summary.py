"""What a learner's answers add up to: stops done, accuracy per skill, the item kinds missed most.

Shared by the learner's progress panel and the teacher's report, so both say the same thing.

- **Each question counts once.** A learner's first answer to an item is their score (the tallies per
  stop, skill and kind count first answers only); later answers are practice (:attr:`LearnerProgress.practice`).
- **A stop is done** when each of its questions (:mod:`cribbage.progress.questions`) has been answered
  right once, by an answer given before the answer was shown (an answer after a ``revealed`` one proves
  nothing). A stop without questions is never "done": it is read, not asked.
- Learners are told apart by identity (:attr:`Answer.learner_id`), never by the name they typed.

An item kind is "missed" when a first answer about an item of that kind was wrong; the kinds to
practise are those missed most often.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from cribbage.lang.messages import message
from cribbage.progress.questions import QUESTIONS, CourseQuestion, stop_questions
from cribbage.progress.store import STOPS, Answer
from cribbage.registry import stops as _registry
from cribbage.rules.checks import NOT_A_LIST, of_kind
from cribbage.rules.errors import CribbageError, shown

#: More answers than a class of learners gives in years: an iterable longer than this is refused.
MAX_ANSWERS = 10_000_000

__all__ = ["KIND_STOP", "LearnerProgress", "Tally", "learner_key", "summarize"]


#: The stop that teaches each item kind: where to go back to practise it.
KIND_STOP: dict[str, int] = {kind: stop.number for stop in _registry.STOPS for kind in stop.kinds}


@dataclass
class Tally:
    """Answers given and how many were right."""

    asked: int = 0
    right: int = 0

    @property
    def wrong(self) -> int:
        return self.asked - self.right

    @property
    def accuracy(self) -> float | None:
        """The share of right answers, 0..1 (None before any answer)."""
        return self.right / self.asked if self.asked else None

    def add(self, correct: bool) -> None:
        self.asked += 1
        self.right += int(correct)


@dataclass
class LearnerProgress:
    """One learner's progress over the course: ``learner`` is the display name, ``id`` the identity."""

    learner: str
    id: str = ""
    #: First answers (the score), per stop.
    stops: dict[int, Tally] = field(default_factory=lambda: {stop: Tally() for stop in STOPS})
    skills: dict[str, Tally] = field(default_factory=dict)
    kinds: dict[str, Tally] = field(default_factory=dict)
    #: Answers after the first to their item, per stop: practice, kept apart from the score.
    practice: dict[int, Tally] = field(default_factory=lambda: {stop: Tally() for stop in STOPS})
    missed_points: int = 0
    last: str = ""
    #: Items answered at all; items answered right before their answer was shown; items whose answer was shown.
    answered: set[str] = field(default_factory=set)
    right: set[str] = field(default_factory=set)
    revealed: set[str] = field(default_factory=set)

    @property
    def total(self) -> Tally:
        """First answers over the course."""
        out = Tally()
        for tally in self.stops.values():
            out.asked += tally.asked
            out.right += tally.right
        return out

    def questions(self, stop: int) -> tuple[int, int]:
        """(questions of ``stop`` answered right, questions it asks)."""
        asked = stop_questions(stop)
        return sum(question.item in self.right for question in asked), len(asked)

    def done(self, stop: int) -> bool:
        """Each question of ``stop`` answered right once (a stop without questions is never done)."""
        right, total = self.questions(stop)
        return total > 0 and right == total

    @property
    def stops_done(self) -> list[int]:
        return [stop for stop in STOPS if self.done(stop)]

    def next_question(self) -> CourseQuestion | None:
        """Where to continue: the first question, in the course's order, not yet answered right (one
        answered only wrongly is still to do: skipping it would leave a stop that can never be done)."""
        return next((question for question in QUESTIONS if question.item not in self.right), None)

    def most_missed(self, n: int = 3) -> list[tuple[str, Tally]]:
        """The ``n`` item kinds answered wrong most often (then by the worse share), none never missed."""
        missed = [(kind, tally) for kind, tally in self.kinds.items() if tally.wrong]
        missed.sort(key=lambda pair: (-pair[1].wrong, pair[1].accuracy or 0.0, pair[0]))
        return missed[:n]

    def add(self, answer: Answer) -> None:
        """Take ``answer``, the next this learner gave (answers come in the order given)."""
        self.learner = answer.learner or self.learner  # the newest display name
        self.last = max(self.last, answer.at)
        first = answer.item not in self.answered
        self.answered.add(answer.item)
        if answer.correct and answer.item not in self.revealed:
            self.right.add(answer.item)
        if answer.revealed:
            self.revealed.add(answer.item)
        if not first:
            self.practice.setdefault(answer.stop, Tally()).add(answer.correct)
            return
        self.stops.setdefault(answer.stop, Tally()).add(answer.correct)
        self.skills.setdefault(answer.skill, Tally()).add(answer.correct)
        for kind in answer.kinds:
            self.kinds.setdefault(kind, Tally()).add(answer.correct)
        self.missed_points += answer.missed


def learner_key(answer: Answer) -> str:
    """Who gave ``answer``: its identity (an answer built without one is its name's, ``name:<name>``)."""
    answer = of_kind(answer, "answer", Answer)
    return answer.learner_id or f"name:{answer.learner}"


def summarize(answers: Iterable[Answer]) -> dict[str, LearnerProgress]:
    """Each learner's progress, by identity (:func:`learner_key`), in order of first appearance.

    The answers are taken in the order given: a learner's first answer to an item is their score."""
    if isinstance(answers, NOT_A_LIST):
        raise CribbageError(message("arg.not_list", name="answers", value=shown(answers)))
    try:  # iter(), not an isinstance test: a numpy 0-d array has __iter__ but refuses to be iterated
        each = iter(answers)
    except TypeError:
        raise CribbageError(message("arg.not_list", name="answers", value=shown(answers))) from None
    out: dict[str, LearnerProgress] = {}
    for read, answer in enumerate(each):  # read lazily: a class's many files, but never without end
        if read >= MAX_ANSWERS:
            raise CribbageError(message("arg.too_many", name="answers", most=MAX_ANSWERS))
        of_kind(answer, "answers", Answer)
        key = learner_key(answer)
        out.setdefault(key, LearnerProgress(answer.learner, key)).add(answer)
    return out
