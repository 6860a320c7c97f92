"""A class's answers as a teacher reads them: per learner, per question and per item kind.

Shared by the report (:mod:`cribbage.progress.report`), the export (:mod:`cribbage.progress.export`) and
the teacher's live view (:mod:`cribbage.progress.live`), so all three say the same thing:

- a learner's **current stop** is the stop of their latest answer; **last activity** its time;
- **time spent** adds the gaps between a learner's consecutive answers, each gap up to
  :data:`SITTING_GAP` (a longer one is a new sitting: the time away is not counted);
- **first try**: a question (its item, such as ``hand 5H 5D 6H 7S / 8C``) counts once per learner, by
  the first answer they gave to it; answers after it (a rerun after the answer was shown) never make it
  right. The stops done, and the tallies per stop and skill, are the learner's panel's
  (:class:`~cribbage.progress.summary.LearnerProgress`), so the teacher and the learner read the same;
- a wrong first try is **attributed** only to the item kinds it actually missed
  (:func:`cribbage.progress.misses.missed_kinds`); one no kind explains is "not attributed".
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from itertools import pairwise

from cribbage.progress.misses import missed_kinds
from cribbage.progress.store import KINDS, SKILLS, Answer
from cribbage.progress.summary import LearnerProgress, Tally

__all__ = ["SITTING_GAP", "ClassData", "LearnerData"]

#: The longest display name read from a file (the store writes no longer one; a file changed by hand may hold one).
NAME_MOST = 80
#: The longest pause between two answers still counted as time spent working.
SITTING_GAP = timedelta(minutes=10)


def _when(text: str) -> datetime | None:
    try:
        return datetime.fromisoformat(text)
    except ValueError:
        return None


@dataclass
class LearnerData:
    """One learner: their answers in the order given, and what a teacher reads from them."""

    identity: str
    name: str
    answers: list[Answer] = field(default_factory=list)
    _first: tuple[int, dict[str, Answer]] | None = field(default=None, repr=False, compare=False)
    _progress: tuple[int, LearnerProgress] | None = field(default=None, repr=False, compare=False)
    _by_kind: tuple[int, dict[str, Tally], Counter[str]] | None = field(default=None, repr=False, compare=False)

    @property
    def progress(self) -> LearnerProgress:
        """The learner's progress as their own panel sums it up."""
        if self._progress is None or self._progress[0] != len(self.answers):
            summed = LearnerProgress(self.name, self.identity)
            for answer in self.answers:
                summed.add(answer)
            summed.learner = self.name
            self._progress = (len(self.answers), summed)
        return self._progress[1]

    @property
    def started(self) -> bool:
        return bool(self.answers)

    @property
    def latest(self) -> Answer | None:
        return max(self.answers, key=lambda a: a.at) if self.answers else None

    @property
    def current_stop(self) -> int | None:
        latest = self.latest
        return latest.stop if latest else None

    @property
    def last(self) -> str:
        """The time of the latest answer (ISO 8601, UTC), "" before any."""
        latest = self.latest
        return latest.at if latest else ""

    @property
    def seconds_spent(self) -> int:
        times = sorted(t for t in (_when(a.at) for a in self.answers) if t is not None)
        spent = timedelta()
        for before, after in pairwise(times):
            gap = after - before
            if gap <= SITTING_GAP:
                spent += gap
        return int(spent.total_seconds())

    @property
    def minutes_spent(self) -> int:
        """:attr:`seconds_spent` in whole minutes, rounded (40 seconds of answers are 1 minute)."""
        seconds = self.seconds_spent
        return (seconds + 30) // 60

    def first_tries(self) -> dict[str, Answer]:
        """Each question's first answer, by item, in the order first asked."""
        cached = self._first
        if cached is not None and cached[0] == len(self.answers):
            return cached[1]
        out: dict[str, Answer] = {}
        for answer in self.answers:
            out.setdefault(answer.item, answer)
        self._first = (len(self.answers), out)
        return out

    def stop_tally(self, stop: int) -> Tally:
        """The questions of ``stop`` answered and how many were right at the first try."""
        return self.progress.stops.get(stop, Tally())

    def skill_tally(self, skill: str) -> Tally:
        return self.progress.skills.get(skill, Tally())

    @property
    def total(self) -> Tally:
        return self.progress.total

    def done(self, stop: int) -> bool:
        """Each question of ``stop`` answered right (see :meth:`LearnerProgress.done`)."""
        return self.progress.done(stop)

    @property
    def stops_done(self) -> list[int]:
        return self.progress.stops_done

    def _kinds(self) -> tuple[dict[str, Tally], Counter[str]]:
        cached = self._by_kind
        if cached is not None and cached[0] == len(self.answers):
            return cached[1], cached[2]
        tallies: dict[str, Tally] = {}
        misses: Counter[str] = Counter()
        for answer in self.first_tries().values():
            missed = missed_kinds(answer)
            for kind in answer.kinds:
                tallies.setdefault(kind, Tally()).add(kind not in missed)
            if not answer.correct:
                misses.update(missed or ("",))
        self._by_kind = (len(self.answers), tallies, misses)
        return tallies, misses

    def kind_tallies(self) -> dict[str, Tally]:
        """Per item kind: first tries on questions holding it, right unless the kind was the one missed."""
        return self._kinds()[0]

    def misses(self) -> Counter[str]:
        """How often each item kind was the one missed, at a first try; ``""``: not attributed."""
        return self._kinds()[1]

    def most_missed(self, n: int = 3) -> list[tuple[str, int]]:
        """The ``n`` kinds missed most often (a kind never missed is never listed)."""
        missed = [(kind, count) for kind, count in self.misses().items() if kind]
        missed.sort(key=lambda pair: (-pair[1], pair[0]))
        return missed[:n]


@dataclass
class ClassData:
    """Every learner of the class (those who never answered too, from a roster), by identity."""

    learners: dict[str, LearnerData] = field(default_factory=dict)

    @classmethod
    def of(cls, answers: Iterable[Answer], roster: Iterable[tuple[str, str]] = ()) -> ClassData:
        """The class from its answers; ``roster`` (identity, display name) adds who never answered and
        gives the teacher's names for those who did."""
        data = cls()
        for who, name in roster:
            data.learners.setdefault(who, LearnerData(who, name))
        for answer in answers:
            who = answer.identity
            if who not in data.learners:  # a name is bounded on read as on write: a file may say anything
                data.learners[who] = LearnerData(who, answer.learner[:NAME_MOST])
            data.learners[who].answers.append(answer)
        return data

    def ordered(self) -> list[LearnerData]:
        """The learners by name, then identity (two learners may share a name)."""
        return sorted(self.learners.values(), key=lambda learner: (learner.name.casefold(), learner.identity))

    @property
    def skills(self) -> list[str]:
        seen = {a.skill for learner in self.learners.values() for a in learner.answers}
        return [skill for skill in SKILLS if skill in seen]

    def questions(self) -> list[tuple[int, str, Tally]]:
        """Every question answered, with the class's first tries at it, by stop then first asked."""
        tallies: dict[str, tuple[int, Tally]] = {}
        for learner in self.learners.values():
            for item, answer in learner.first_tries().items():
                tallies.setdefault(item, (answer.stop, Tally()))[1].add(answer.correct)
        return sorted(((stop, item, tally) for item, (stop, tally) in tallies.items()), key=lambda q: q[0])

    def hardest(self, n: int) -> list[tuple[int, str, Tally]]:
        """The ``n`` questions the class got wrong most at the first try. A question only one learner has
        answered says little about the class: those answered by two or more come first."""
        return sorted(self.questions(), key=lambda q: (q[2].asked < 2, q[2].accuracy or 0.0, -q[2].asked,
                                                       q[0], q[1]))[:n]

    def kinds(self) -> list[tuple[str, Tally, int]]:
        """Per item kind, in the course's order: the class's first tries (right unless that kind was
        missed) and how many learners missed it at least once."""
        tallies: dict[str, Tally] = {}
        missed_by: Counter[str] = Counter()
        for learner in self.learners.values():
            for kind, tally in learner.kind_tallies().items():
                total = tallies.setdefault(kind, Tally())
                total.asked += tally.asked
                total.right += tally.right
                if tally.wrong:
                    missed_by[kind] += 1
        return [(kind, tallies[kind], missed_by[kind]) for kind in KINDS if kind in tallies]

    def stop_counts(self) -> dict[int | None, int]:
        """How many learners are at each stop now (None: not started)."""
        out: dict[int | None, int] = Counter(learner.current_stop for learner in self.learners.values())
        return out
