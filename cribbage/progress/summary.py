"""What a learner's answers add up to: stops done, accuracy per skill, the item kinds missed most.

Shared by the learner's progress panel and the teacher's report, so both say the same thing.
A stop is done once :data:`STOP_GOAL` of its answers were right. An item kind is "missed" when an
answer about an item of that kind was wrong; the kinds to practise are those missed most often.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from cribbage.lang.messages import message
from cribbage.progress.store import STOPS, Answer
from cribbage.rules.checks import of_kind
from cribbage.rules.errors import CribbageError, shown

#: More answers than a class of learners gives in years: an iterable longer than this is refused.
MAX_ANSWERS = 10_000_000

__all__ = ["KIND_STOP", "STOP_GOAL", "LearnerProgress", "Tally", "summarize"]

#: Right answers that make a stop done.
STOP_GOAL = 3

#: The stop that teaches each item kind: where to go back to practise it.
KIND_STOP: dict[str, int] = {
    **{kind: 3 for kind in ("fifteen.2", "fifteen.3", "fifteen.4", "fifteen.5", "pair", "pair_royal",
                            "double_pair_royal", "run.3", "run.4", "run.5", "double_run", "flush.hand",
                            "flush.five", "flush.crib", "nobs", "zero")},
    **{kind: 2 for kind in ("play.fifteen", "play.thirty_one", "play.pair", "play.run", "go", "last_card",
                            "pegging")},
    "keep": 1, "crib_gift": 1, "skunk": 4, "game": 5, "crosscribb.line": 7,
}


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
    """One learner's progress over the course."""

    learner: str
    stops: dict[int, Tally] = field(default_factory=lambda: {stop: Tally() for stop in STOPS})
    skills: dict[str, Tally] = field(default_factory=dict)
    kinds: dict[str, Tally] = field(default_factory=dict)
    missed_points: int = 0
    last: str = ""

    @property
    def total(self) -> Tally:
        out = Tally()
        for tally in self.stops.values():
            out.asked += tally.asked
            out.right += tally.right
        return out

    def done(self, stop: int) -> bool:
        return self.stops[stop].right >= STOP_GOAL

    @property
    def stops_done(self) -> list[int]:
        return [stop for stop in STOPS if self.done(stop)]

    def most_missed(self, n: int = 3) -> list[tuple[str, Tally]]:
        """The ``n`` item kinds answered wrong most often (then by the worse share), none never missed."""
        missed = [(kind, tally) for kind, tally in self.kinds.items() if tally.wrong]
        missed.sort(key=lambda pair: (-pair[1].wrong, pair[1].accuracy or 0.0, pair[0]))
        return missed[:n]

    def add(self, answer: Answer) -> None:
        self.stops.setdefault(answer.stop, Tally()).add(answer.correct)
        self.skills.setdefault(answer.skill, Tally()).add(answer.correct)
        for kind in answer.kinds:
            self.kinds.setdefault(kind, Tally()).add(answer.correct)
        self.missed_points += answer.missed
        self.last = max(self.last, answer.at)


def summarize(answers: Iterable[Answer]) -> dict[str, LearnerProgress]:
    """Each learner's progress, by name, in order of first appearance."""
    if isinstance(answers, (str, bytes)) or not isinstance(answers, Iterable):
        raise CribbageError(message("arg.not_list", name="answers", value=shown(answers)))
    out: dict[str, LearnerProgress] = {}
    for read, answer in enumerate(answers):  # read lazily: a class's many files, but never without end
        if read >= MAX_ANSWERS:
            raise CribbageError(message("arg.too_many", name="answers", most=MAX_ANSWERS))
        of_kind(answer, "answers", Answer)
        out.setdefault(answer.learner, LearnerProgress(answer.learner)).add(answer)
    return out
