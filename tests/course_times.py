"""How long each stop of the course takes, measured: ``python tests/course_times.py`` prints them.

The rule (:func:`stop_minutes`): the English prose read at 150 words a minute, 2 minutes for each
try-it question the learner answers, 1 for each other thing to work with (a drill, a walkthrough, a
quiz, a game, a board to step through, a lab's table to explore), rounded up to the next 5 minutes.
The lessons state these times (each stop at its top, and stop 0's route); ``tests/test_course_times.py``
holds them to it in English, Spanish and Portuguese.
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass
from pathlib import Path

from cribbage.registry.stops import STOPS

COURSE = Path(__file__).resolve().parents[1] / "course"

WORDS_PER_MINUTE = 150
MINUTES_PER_QUESTION = 2
MINUTES_PER_WIDGET = 1
ROUND_TO = 5

#: The views a learner works with (clicks, answers, steps through), by the class a code cell makes.
#: A board made with ``stepper=False`` is a picture, not one of them.
INTERACTIVE = frozenset({
    "DealPractice", "DiscardDrill", "PeggingWalkthrough", "PeggingPractice", "ScoringQuiz", "Board",
    "GameTable", "HandCalculator", "CrossCribbQuiz", "CrossCribbBoard", "CribTableView", "PositionView",
    "KeepView", "PeggingView",
})

_QUESTION = re.compile(r"\b\w+Question\(")
_MADE = re.compile(r"(?<![\w.])([A-Z]\w+)(?:\.guided)?\(([^\n]*)")
_WORD = re.compile(r"[^\W_][\w'’.,:-]*")


@dataclass(frozen=True)
class StopTime:
    """What a stop asks of the learner, and the minutes that makes."""

    words: int
    questions: int
    widgets: int

    @property
    def minutes(self) -> int:
        return stop_minutes(self.words, self.questions, self.widgets)


def stop_minutes(words: int, questions: int, widgets: int) -> int:
    """The rule: words / 150 + 2 a question + 1 a widget, rounded up to the next 5 minutes."""
    raw = words / WORDS_PER_MINUTE + MINUTES_PER_QUESTION * questions + MINUTES_PER_WIDGET * widgets
    return max(ROUND_TO, math.ceil(raw / ROUND_TO) * ROUND_TO)


def prose_words(markdown: str) -> int:
    """The words a person reads in a markdown cell: link targets, markup and table rules left out."""
    text = re.sub(r"\]\([^)]*\)", "]", markdown)          # [text](target): only the text is read
    text = re.sub(r"^\|?[\s:|-]+\|?$", " ", text, flags=re.M)   # a table's |---|---| rule
    return len(_WORD.findall(text))


def measure(path: Path) -> StopTime:
    """The English lesson ``path`` measured: its prose words, try-it questions and interactive views."""
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    words = questions = widgets = 0
    for cell in cells:
        source = "".join(cell["source"])
        if cell["cell_type"] == "markdown":
            words += prose_words(source)
            continue
        questions += len(_QUESTION.findall(source))
        for name, arguments in _MADE.findall(source):
            if name in INTERACTIVE and "stepper=False" not in arguments:
                widgets += 1
    return StopTime(words, questions, widgets)


def stop_times(course: Path = COURSE) -> dict[int, StopTime]:
    """Every stop's measure, by its number."""
    return {stop.number: measure(course / stop.notebook) for stop in STOPS}


def main() -> None:
    for stop, time in stop_times().items():
        print(f"stop {stop}: {time.words} words, {time.questions} questions, {time.widgets} widgets: "
              f"{time.minutes} minutes")


if __name__ == "__main__":
    main()
