"""Try-it questions for the lessons: the learner fills a blank, the engine answers, kindly.

A question shows itself (its cards and what it asks) and checks a guess::

    fifteens = HandQuestion("6C 9D 5H 10S", "4C", count="fifteens")
    fifteens                      # shows the cards and the question

    my_fifteens = ...             # the learner replaces the ... with a number
    fifteens.check(my_fifteens)   # Right; or Not yet, with a hint; the answer after two tries

:meth:`Question.check` never raises for a learner: a blank (``...``) asks for an answer, a guess
of the wrong kind says what kind is wanted, a wrong guess is "not yet" with a hint that points at
what was missed, and from the second wrong try on the answer is shown item by item. Tries are
counted per question (by :attr:`Question.key`) for as long as the kernel runs, so running the
question's cell again does not start the count over. Every answer comes from the engine.

**Filling the blanks in tests.** Set the environment variable ``CRIBBAGE_EXERCISE_ANSWERS`` to a
JSON file mapping each question's :attr:`~Question.key` to an answer (the course's is
``tests/exercise_answers.json``, written by hand from the rules, and the tests' plugin
``tests/plugins/course.py`` sets it for nbval). Then a blank is answered from that file; a key missing from the
file raises :class:`LookupError`, and an answer the engine judges wrong raises
:class:`AssertionError`, so a test run fails loudly where a learner would only see a verdict.
"""

from __future__ import annotations

import html
import json
import numbers
import os
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from itertools import combinations
from typing import Any

from IPython.display import display

from cribbage import Card, HandScore, ScoreItem, game_value, score_hand, score_play, stats
from cribbage import cards as parse_cards
from cribbage.crosscribb import score_line
from cribbage.rules.result import finish_kind, skunk_lines
from cribbage.rules.shortfall import shortfall
from widgets.base.answers import recorded
from widgets.base.view import CSS
from widgets.blocks.cards import row_html
from widgets.drills.answer_box import AnswerBox
from widgets.drills.quiz import kinds_hint
from widgets.i18n import cards_text, check_language, describe_items, describe_play_item, number, number_words, render

__all__ = [
    "ANSWERS_VARIABLE",
    "GamesQuestion",
    "HandQuestion",
    "HandsScoringQuestion",
    "KeepsQuestion",
    "LineQuestion",
    "PegQuestion",
    "PlayQuestion",
    "Question",
    "RaceQuestion",
    "Verdict",
    "reset_tries",
]

#: The environment variable naming the answers file that fills the blanks (see the module docstring).
ANSWERS_VARIABLE = "CRIBBAGE_EXERCISE_ANSWERS"

#: Wrong tries before the answer is shown.
TRIES_BEFORE_ANSWER = 2

_tries: dict[str, int] = {}


def reset_tries() -> None:
    """Forget every question's tries (a fresh kernel does the same)."""
    _tries.clear()


@dataclass(frozen=True)
class Verdict:
    """What a check said: ``status`` is ``"blank"``, ``"invalid"``, ``"right"``, ``"not yet"`` or
    ``"answer"`` (not yet, and the answer shown); ``text`` the headline, ``lines`` what follows."""

    status: str
    text: str
    lines: tuple[str, ...] = ()
    #: Said under the verdict when the answer could not be kept in the learner's progress, and why.
    notice: str = ""

    @property
    def right(self) -> bool:
        return self.status == "right"

    def with_notice(self, notice: str) -> Verdict:
        """This verdict with ``notice`` said under it (see :func:`widgets.base.answers.recorded`)."""
        return replace(self, notice=notice)

    def __str__(self) -> str:
        return "\n".join((self.text, *tuple(f"  {line}" for line in self.lines), *((self.notice,) if self.notice else ())))

    def __repr__(self) -> str:
        return str(self)

    def _repr_html_(self) -> str:
        kind = {"right": "ok", "blank": "info", "invalid": "info"}.get(self.status, "error")
        mark = {"right": "✓ ", "not yet": "✗ ", "answer": "✗ "}.get(self.status, "")
        items = "".join(f"<li>{html.escape(line)}</li>" for line in self.lines)
        body = f'<ul class="cc-text" style="margin:4px 0 0 0">{items}</ul>' if items else ""
        notice = (f'<div class="cc-msg cc-msg-error cc-notice" role="alert">{html.escape(self.notice)}</div>'
                  if self.notice else "")
        return (f'<style>{CSS}</style><div class="cc-view"><div class="cc-msg cc-msg-{kind}" role="status">'
                f"<b>{html.escape(mark + self.text)}</b>{body}</div>{notice}</div>")


#: No question asks for more (the largest answer is 12,994,800 hands), and Python will not even
#: print a whole number of more than 4,300 digits: a bigger guess is taken for a slip, not a count.
_LARGEST_GUESS = 10**15


def _whole_number(guess: object) -> int | None:
    """A guess as a whole number, kindly: 3, "3", 3.0 and numpy's 3 are all 3; anything else is None."""
    if isinstance(guess, bool):
        return None
    if isinstance(guess, numbers.Integral) or (isinstance(guess, float) and guess.is_integer()):
        whole = int(guess)
    elif isinstance(guess, str) and len(guess) <= 40 and guess.strip().lstrip("-").isdecimal():
        whole = int(guess.strip())   # isdecimal, not isdigit: int() refuses a "²"
    else:
        return None
    return whole if abs(whole) <= _LARGEST_GUESS else None


def _shown(guess: object) -> str:
    """A guess as the verdict quotes it: short, and never an error of its own."""
    try:
        text = repr(guess)
    except Exception:   # an object whose repr fails must not turn a verdict into a traceback
        text = type(guess).__name__
    return text if len(text) <= 40 else text[:39] + "…"


class Question:
    """One question of a lesson. Subclasses say what is asked, the answer, a hint and the worked answer."""

    #: The name the lesson gives the blank, shown in the messages (``my_total``).
    blank = "my_answer"

    def __init__(self, *, language: str | None = None) -> None:
        self.language = check_language(language)
        #: The learner's verdict that answered this question ("right", or "answer": the answer shown), if any.
        self.answered: Verdict | None = None
        self._on_answered: list[Callable[[Verdict], object]] = []
        #: While an answer typed in the box is checked: the verdicts speak of the box, not the code.
        self._typed = False

    # What a subclass gives ----------------------------------------------------------------------
    @property
    def key(self) -> str:
        """A stable name for the question, made of what it asks (the answers file's key)."""
        raise NotImplementedError

    @property
    def answer(self) -> Any:
        raise NotImplementedError

    def question(self) -> str:
        """The question, in words."""
        raise NotImplementedError

    def worked(self) -> list[str]:
        """The answer item by item, as shown when it is given."""
        raise NotImplementedError

    def hint(self, guess: Any) -> str:
        """What a wrong ``guess`` probably missed."""
        raise NotImplementedError

    def parse(self, guess: object) -> Any:
        """The guess in the answer's form, or ``None`` if it cannot be one (a whole number here)."""
        whole = _whole_number(guess)
        return whole if whole is not None and whole >= 0 else None

    def answer_text(self) -> str:
        return str(self.answer)

    def picture(self) -> str:
        """HTML shown above the question (cards, for most)."""
        return ""

    # Checking --------------------------------------------------------------------------------
    def _t(self, key: str, **values: Any) -> str:
        return render(key, self.language, **values)

    @property
    def tries(self) -> int:
        """Wrong tries so far."""
        return _tries.get(self.key, 0)

    @recorded
    def check(self, guess: object) -> Verdict:
        """The verdict on ``guess`` (``...`` for not answered yet); never raises for a learner."""
        verdict = self._verdict(guess)
        # Only the learner's own guess answers the question: a blank the tests' file fills does not.
        if guess is not Ellipsis and verdict.status in ("right", "answer"):
            self.answered = verdict
            for callback in list(self._on_answered):
                callback(verdict)
        return verdict

    def check_typed(self, text: str) -> Verdict:
        """The verdict on an answer typed in the try-it's box (:class:`~widgets.drills.answer_box.AnswerBox`):
        as :meth:`check`, the same tries and the same answer kept, with the box's words where the
        blank's would say to change the code."""
        if not text.strip():
            return Verdict("blank", self._t("ex.box.blank"))
        self._typed = True
        try:
            return self.check(text.strip())
        finally:
            self._typed = False

    def answer_box(self) -> AnswerBox:
        """The box to answer in without code, beside the question."""
        return AnswerBox(self)

    def on_answered(self, callback: Callable[[Verdict], object]) -> None:
        """Call ``callback(verdict)`` when the learner answers this question: right, or the answer shown
        after the last wrong try. Already answered (the check cell ran before, as Run All runs it with
        the answer typed), it is called at once."""
        self._on_answered.append(callback)
        if self.answered is not None:
            callback(self.answered)

    def _verdict(self, guess: object) -> Verdict:
        # Not recorded: a blank the answers file fills is the tests' answer, not the learner's.
        if guess is Ellipsis and os.environ.get(ANSWERS_VARIABLE):
            return self._check_filled()
        if guess is Ellipsis:
            return Verdict("blank", self._t("ex.blank", name=self.blank))
        value = self.parse(guess)
        if value is None:
            key = self._invalid_key().replace("ex.", "ex.box.", 1) if self._typed else self._invalid_key()
            return Verdict("invalid", self._t(key, name=self.blank, guess=_shown(guess)))
        if value == self.answer:
            return Verdict("right", self._t("ex.right", answer=self.answer_text()), tuple(self.worked()))
        _tries[self.key] = self.tries + 1
        if self.tries >= TRIES_BEFORE_ANSWER:
            return Verdict("answer", self._t("ex.answer", guess=self._guess_text(value), answer=self.answer_text()),
                           tuple(self.worked()))
        return Verdict("not yet", self._t("ex.not_yet", guess=self._guess_text(value)),
                       (self.hint(value), self._t("ex.box.again" if self._typed else "ex.again", name=self.blank)))

    def _guess_text(self, value: Any) -> str:
        return str(value)

    def _count_hint(self, items: Sequence[ScoreItem], guess: int, *, too_many: str, more: str) -> str:
        """For a count too high, ``too_many``; too low, the kinds that can hold what it leaves out
        (:func:`~widgets.drills.quiz.kinds_hint`), else ``more``."""
        if guess > self.answer:
            return self._t(too_many)
        gap = shortfall(items, guess)
        if gap.alone or gap.together:
            return kinds_hint(gap, self.language)
        return self._t(more)

    def _invalid_key(self) -> str:
        return "ex.need_number"

    def _check_filled(self) -> Verdict:
        path = os.environ[ANSWERS_VARIABLE]
        with open(path, encoding="utf-8") as file:
            answers = json.load(file)
        if self.key not in answers:
            raise LookupError(f"{path} has no answer for the question {self.key!r}")
        verdict = self._verdict(answers[self.key])
        if not verdict.right:
            raise AssertionError(f"{path} answers {self.key!r} with {answers[self.key]!r}, "
                                 f"but the lesson says: {verdict}")
        return verdict

    # Showing ---------------------------------------------------------------------------------
    def __repr__(self) -> str:
        return self._t("ex.try_it") + " " + self.question()

    def _repr_html_(self) -> str:
        return (f'<style>{CSS}</style><div class="cc-view">{self.picture()}'
                f'<div class="cc-text"><b>{html.escape(self._t("ex.try_it"))}</b> '
                f"{html.escape(self.question())} "
                f"{html.escape(self._t('ex.how', name=self.blank))}</div></div>")

    def _ipython_display_(self) -> None:
        """In a notebook: the question with the box to answer it in (:meth:`answer_box`)."""
        display(self.answer_box())  # type: ignore[no-untyped-call]


def _badge(text: str) -> str:
    return (f'<span class="cc-text" style="display:inline-block;border:3px solid #000;border-radius:6px;'
            f'padding:2px 10px;font-weight:700;background:#FFF3C4">{html.escape(text)}</span>')


# The show ---------------------------------------------------------------------------------------

_HAND_COUNTS = ("total", "fifteens", "pairs", "runs", "flush")
_KINDS_OF_COUNT = {"fifteens": ("fifteen",), "pairs": ("pair", "pair royal", "double pair royal"),
                   "runs": ("run",), "flush": ("flush",)}


class HandQuestion(Question):
    """Count a hand (or crib) with its starter: the whole count, or one part of it.

    ``count`` is ``"total"``, ``"fifteens"`` (how many fifteens, not their points), ``"pairs"``,
    ``"runs"`` or ``"flush"`` (their points).
    """

    def __init__(self, hand: str | Iterable[Card], starter: str | Card, *, count: str = "total",
                 crib: bool = False, language: str | None = None) -> None:
        super().__init__(language=language)
        if count not in _HAND_COUNTS:
            raise ValueError(f"count must be one of {', '.join(_HAND_COUNTS)}, not {count!r}")
        self.score: HandScore = score_hand(hand, starter, crib=crib)
        self.count = count
        self.crib = bool(crib)
        self.blank = f"my_{count}" if count != "flush" else ("my_crib_flush" if crib else "my_hand_flush")

    @property
    def key(self) -> str:
        what = "crib" if self.crib else "hand"
        return f"{self.count} of the {what} {cards_text(self.score.hand)} with {self.score.starter}"

    @property
    def answer(self) -> int:
        if self.count == "fifteens":
            return self.score.fifteens // 2
        return self.score.total if self.count == "total" else getattr(self.score, self.count)

    def question(self) -> str:
        where = self._t("ex.as_crib" if self.crib else "ex.as_hand")
        return self._t(f"ex.hand.{self.count}", where=where)

    def picture(self) -> str:
        row = row_html(self.score.hand, starter=self.score.starter, starter_label=self._t("card.starter"),
                       language=self.language)
        return (_badge(self._t("ex.crib_badge")) if self.crib else "") + row

    def worked(self) -> list[str]:
        kinds = _KINDS_OF_COUNT.get(self.count)
        lines = [line.text for line in describe_items(self.score, self.language)
                 if kinds is None or line.kind in kinds]
        if not lines:
            lines = [self._t(f"ex.none.{self.count}", where=self._t("ex.as_crib" if self.crib else "ex.as_hand"))]
        if self.count == "fifteens":
            lines.append(self._t("ex.fifteens_total", n=self.answer, points=self.score.fifteens))
        else:
            lines.append(self._t("ex.total", total=self.answer))
        return lines

    def hint(self, guess: int) -> str:
        score, answer = self.score, self.answer
        if self.count == "fifteens":
            if guess == score.fifteens and guess != answer:
                return self._t("ex.hint.fifteen_points")
            return self._t("ex.hint.more_fifteens" if guess < answer else "ex.hint.fewer_fifteens")
        if self.count == "pairs":
            pairs = score.pairs // 2
            if guess == pairs and guess != answer:
                return self._t("ex.hint.pair_points")
            return self._t("ex.hint.pairs_low" if guess < answer else "ex.hint.pairs_high")
        if self.count == "flush":
            return self._t("ex.hint.flush_crib" if self.crib else "ex.hint.flush_hand")
        if self.count == "runs":
            return self._t("ex.hint.runs_low" if guess < answer else "ex.hint.runs_high")
        return self._count_hint(score.items, guess, too_many="ex.hint.too_many", more="ex.hint.more")


# The play ---------------------------------------------------------------------------------------

class PlayQuestion(Question):
    """What the last card of a series pegs in the play.

    >>> PlayQuestion("8S 6D 7C 9H").check(4)
    Right: 4.
      The count is 30.
      Run of four: 8♠ 6♦ 7♣ 9♥ for 4
    """

    blank = "my_points"

    def __init__(self, series: str | Iterable[Card], *, language: str | None = None) -> None:
        super().__init__(language=language)
        self.series = parse_cards(series)
        self.score = score_play(self.series)

    @property
    def key(self) -> str:
        return f"play: {cards_text(self.series)}"

    @property
    def answer(self) -> int:
        return self.score.total

    def question(self) -> str:
        return self._t("ex.play.question", before=cards_text(self.series[:-1]), card=str(self.series[-1]))

    def picture(self) -> str:
        return row_html(self.series, highlight=self.series[-1:], language=self.language)

    def worked(self) -> list[str]:
        lines = [self._t("ex.play.count", count=self.score.count)]
        lines += [describe_play_item(item, self.language) for item in self.score.items]
        if not self.score.items:
            lines.append(self._t("ex.play.nothing"))
        return lines

    def hint(self, guess: int) -> str:
        last = self.series[-1]
        earlier_same = any(card.rank == last.rank for card in self.series[:-2])
        if guess > self.answer and earlier_same and self.series[-2].rank != last.rank:
            return self._t("ex.hint.play_broken_pair", card=str(last))
        return self._count_hint(self.score.items, guess, too_many="ex.hint.play_too_many", more="ex.hint.play_more")


# CrossCribb -------------------------------------------------------------------------------------

class LineQuestion(Question):
    """Count one CrossCribb line of five cards (give ``starter`` for the centre row and column)."""

    blank = "my_count"

    def __init__(self, line: str | Iterable[Card], *, starter: str | Card | None = None,
                 language: str | None = None) -> None:
        super().__init__(language=language)
        self.score = score_line(line, starter)

    @property
    def key(self) -> str:
        centre = f" holding the starter {self.score.starter}" if self.score.starter else ""
        return f"line {cards_text(self.score.cards)}{centre}"

    @property
    def answer(self) -> int:
        return self.score.total

    def question(self) -> str:
        return self._t("ex.line.question")

    def picture(self) -> str:
        return row_html(self.score.cards, language=self.language)

    def worked(self) -> list[str]:
        lines = []
        for item in self.score.items:
            what = render(f"item.{item.kind}", self.language, n=number_words(len(item.cards), self.language))
            lines.append(render("item.line", self.language, what=what, cards=cards_text(item.cards), points=item.points))
        lines.append(self._t("ex.total", total=self.answer))
        return lines

    def hint(self, guess: int) -> str:
        return self._count_hint(self.score.items, guess, too_many="ex.hint.too_many", more="ex.hint.more")


# The board --------------------------------------------------------------------------------------

class GamesQuestion(Question):
    """How many games a finish is worth: a win, a skunk or a double skunk."""

    blank = "my_games"

    def __init__(self, winner: int, loser: int, *, target: int = 121, language: str | None = None) -> None:
        super().__init__(language=language)
        self.winner, self.loser, self.target = winner, loser, target
        self.kind = finish_kind(winner, loser, target=target)

    @property
    def key(self) -> str:
        return f"games for {self.winner} to {self.loser} in a game to {self.target}"

    @property
    def answer(self) -> int:
        return game_value(self.winner, self.loser, target=self.target)

    def question(self) -> str:
        return self._t("ex.games.question", winner=self.winner, loser=self.loser)

    def worked(self) -> list[str]:
        skunk, double = skunk_lines(self.target)
        lines = [self._t("ex.games.lines", skunk=skunk) if double is None
                 else self._t("ex.games.lines2", skunk=skunk, double=double)]
        lines.append(self._t(f"ex.games.{self.kind.replace(' ', '_')}", loser=self.loser, games=self.answer))
        return lines

    def hint(self, guess: int) -> str:
        skunk, _double = skunk_lines(self.target)
        return self._t("ex.hint.games", skunk=skunk, loser=self.loser)


class PegQuestion(Question):
    """Pegging a score: which hole the moved peg lands in."""

    blank = "my_hole"

    def __init__(self, front: int, back: int, points: int, *, language: str | None = None) -> None:
        super().__init__(language=language)
        if not 0 <= back < front or points < 1:
            raise ValueError(f"pegs on {front} and {back} scoring {points} is not a position on the board")
        self.front, self.back, self.points = front, back, points

    @property
    def key(self) -> str:
        return f"peg {self.points} from {self.front} and {self.back}"

    @property
    def answer(self) -> int:
        return self.front + self.points

    def question(self) -> str:
        return self._t("ex.peg.question", front=self.front, back=self.back, points=self.points)

    def worked(self) -> list[str]:
        return [self._t("ex.peg.worked", front=self.front, back=self.back, points=self.points, hole=self.answer)]

    def hint(self, guess: int) -> str:
        if guess == self.back + self.points:
            return self._t("ex.hint.peg_from_back", front=self.front)
        return self._t("ex.hint.peg")


class RaceQuestion(Question):
    """The end of a game in the show: who reaches the target first, counting in the show's order
    (the pone's hand, then the dealer's). The answer is a name, or "nobody" if neither gets there."""

    blank = "my_winner"

    def __init__(self, pone: tuple[str, int, str], dealer: tuple[str, int, str], starter: str | Card, *,
                 target: int = 121, language: str | None = None) -> None:
        super().__init__(language=language)
        self.pone, self.dealer, self.target = pone, dealer, target
        self.starter = Card.parse(starter)
        self.shows = [score_hand(seat[2], self.starter) for seat in (pone, dealer)]

    @property
    def key(self) -> str:
        pone, dealer = (cards_text(show.hand) for show in self.shows)
        return (f"race: pone {self.pone[0]} on {self.pone[1]} with {pone}, dealer {self.dealer[0]} "
                f"on {self.dealer[1]} with {dealer}, starter {self.starter}")

    @property
    def answer(self) -> str:
        for (name, score, _hand), show in zip((self.pone, self.dealer), self.shows):
            if score + show.total >= self.target:
                return name
        return self._t("ex.race.nobody")

    def parse(self, guess: object) -> str | None:
        if not isinstance(guess, str):
            return None
        names = {name.lower(): name for name in (self.pone[0], self.dealer[0], self._t("ex.race.nobody"))}
        return names.get(guess.strip().lower())

    def _invalid_key(self) -> str:
        return "ex.need_name"

    def _guess_text(self, value: str) -> str:
        return value

    def question(self) -> str:
        return self._t("ex.race.question", pone=self.pone[0], dealer=self.dealer[0], target=self.target,
                       nobody=self._t("ex.race.nobody"))

    def worked(self) -> list[str]:
        lines = []
        for (name, score, _hand), show in zip((self.pone, self.dealer), self.shows):
            if score + show.total >= self.target:  # the peg stops in the game hole: no score past it
                lines.append(self._t("ex.race.count_home", name=name, score=score, points=show.total,
                                     need=self.target - score))
                lines.append(self._t("ex.race.wins", name=name, target=self.target))
                break
            lines.append(self._t("ex.race.count", name=name, score=score, points=show.total, now=score + show.total))
        return lines

    def hint(self, guess: str) -> str:
        return self._t("ex.hint.race", pone=self.pone[0], target=self.target)


# The deal ---------------------------------------------------------------------------------------

class KeepsQuestion(Question):
    """In how many ways six cards split into four to keep and two to lay away."""

    blank = "my_ways"

    def __init__(self, six: str | Iterable[Card], *, language: str | None = None) -> None:
        super().__init__(language=language)
        self.six = parse_cards(six)
        if len(self.six) != 6:
            raise ValueError(f"a deal is six cards, not {len(self.six)}")

    @property
    def key(self) -> str:
        return f"keeps of {cards_text(self.six)}"

    @property
    def answer(self) -> int:
        return sum(1 for _ in combinations(self.six, 2))

    def question(self) -> str:
        return self._t("ex.keeps.question")

    def picture(self) -> str:
        return row_html(self.six, language=self.language)

    def worked(self) -> list[str]:
        lines = []
        for at, first in enumerate(self.six):
            partners = self.six[at + 1:]
            if partners:
                lines.append(self._t("ex.keeps.with", card=str(first), others=cards_text(partners), n=len(partners)))
        ways = [str(len(self.six) - 1 - at) for at in range(len(self.six) - 1)]
        lines.append(self._t("ex.keeps.sum", sum=" + ".join(ways), total=self.answer))
        return lines

    def hint(self, guess: int) -> str:
        return self._t("ex.hint.keeps")


# Statistics -------------------------------------------------------------------------------------

class HandsScoringQuestion(Question):
    """How many of all 12,994,800 hands (four cards and a starter) score exactly ``points``."""

    blank = "my_hands"

    def __init__(self, points: int, *, language: str | None = None) -> None:
        super().__init__(language=language)
        if not 0 <= points <= 29:
            raise ValueError(f"a hand scores 0 to 29, not {points!r}")
        self.points = points

    @property
    def key(self) -> str:
        return f"hands scoring {self.points}"

    @property
    def answer(self) -> int:
        return int(stats.hand_distribution()[self.points])

    def question(self) -> str:
        return self._t("ex.hands.question", points=self.points, total=number(stats.TOTAL_HANDS, ",", self.language))

    def worked(self) -> list[str]:
        lines = [self._t("ex.hands.count", n=number(self.answer, ",", self.language),
                         total=number(stats.TOTAL_HANDS, ",", self.language), points=self.points)]
        if self.answer:
            lines.append(self._t("ex.hands.one_in", n=number(stats.TOTAL_HANDS // self.answer, ",", self.language)))
        if self.points == 29:
            lines.append(self._t("ex.hands.why29"))
        return lines

    def hint(self, guess: int) -> str:
        if self.points == 29:
            return self._t("ex.hint.hands29")
        return self._t("ex.hint.hands_high" if guess > self.answer else "ex.hint.hands_low")
