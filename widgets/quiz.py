"""The scoring quiz: count a hand or crib, then see the count item by item.

Five solved hands chosen to teach come first (the twelve of 5-5-6-7 with an 8, a double-double
run, a flush that a crib does not score, nobs, the 29), then random hands from seeded deals. With
muggins on, points the learner misses go to the opponent. The session keeps a score line.
"""

from __future__ import annotations

import html
import random
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import ipywidgets as w

from cribbage import MAX_SCORE, Card, CribbageError, Deck, HandScore, score_hand
from cribbage import cards as parse_cards
from cribbage.rules.counting import muggins_split, verify_count

from ._base import Refused, View, crib_badge, guarded, style_tag
from .answers import quiz_answer
from .cards import CardRow, ItemButtons
from .i18n import ItemLine, describe_items, spoken_count

__all__ = ["SHIPPED_HANDS", "Answer", "QuizHand", "QuizSession", "ScoringQuiz", "random_hand"]


@dataclass(frozen=True)
class QuizHand:
    """A hand to count: four cards, the starter, hand or crib, and the lesson it teaches (a key)."""

    hand: tuple[Card, ...]
    starter: Card
    crib: bool = False
    lesson: str | None = None

    @classmethod
    def of(cls, hand: str, starter: str, *, crib: bool = False, lesson: str | None = None) -> QuizHand:
        return cls(parse_cards(hand), Card.parse(starter), crib, lesson)

    def score(self) -> HandScore:
        return score_hand(self.hand, self.starter, crib=self.crib)


#: The five solved hands, in teaching order. Their counts come from the engine, never from here.
SHIPPED_HANDS: tuple[QuizHand, ...] = (
    QuizHand.of("5C 5D 6H 7S", "8C", lesson="twelve"),
    QuizHand.of("7H 7D 8S 8C", "9H", lesson="double_double"),
    QuizHand.of("2H 4H 6H 9H", "5S", crib=True, lesson="crib_flush"),
    QuizHand.of("JH 3C 4S 8D", "2H", lesson="nobs"),
    QuizHand.of("5H 5C 5S JD", "5D", lesson="twenty_nine"),
)

_MAX_INDEX = 10**6


def random_hand(seed: int) -> QuizHand:
    """A hand dealt from a deck shuffled by ``seed``; one in four is a crib. Same seed, same hand."""
    dealt, _rest = Deck().shuffled(seed).draw(5)
    crib = random.Random(f"crib-{seed}").random() < 0.25
    return QuizHand(tuple(dealt[:4]), dealt[4], crib)


@dataclass(frozen=True)
class Answer:
    """What one answer did: the claim, the true count, and the points each side pegged for it."""

    hand: QuizHand
    claim: int
    total: int
    yours: int
    theirs: int

    @property
    def right(self) -> bool:
        return self.claim == self.total

    @property
    def missed(self) -> int:
        """Points the learner did not claim (taken by the opponent under muggins)."""
        return max(0, self.total - self.claim)


class QuizSession:
    """The quiz as a plain object: which hand is shown, the answers so far, the points pegged.

    Hands 0..4 are :data:`SHIPPED_HANDS`; hand ``5 + k`` is :func:`random_hand` ``(seed + k)``.
    With ``muggins``, the show's rule is the game's own (:mod:`cribbage.rules.counting`): a count too low
    gives the missed points to the opponent, and a count too high is refused ("count again"), as a
    :class:`~cribbage.Game` refuses it. Without muggins a wrong count is corrected and the true count
    pegged. Each action has a ``verify_…`` that raises :class:`Refused` (or the engine's
    :class:`~cribbage.CribbageError`) saying why, and the action itself, which verifies, changes the
    state and returns a record.
    """

    def __init__(self, *, seed: int = 0, muggins: bool = False) -> None:
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise Refused(key="err.bad_seed", value=repr(seed)[:30])
        if not isinstance(muggins, bool):
            raise Refused(key="err.not_yes_no", what="muggins", value=repr(muggins)[:30])
        self.seed = seed
        self.muggins = muggins
        self.answers: list[Answer] = []
        self.index = 0
        self.current: QuizHand = SHIPPED_HANDS[0]
        self.answered = False

    @property
    def right(self) -> int:
        return sum(answer.right for answer in self.answers)

    @property
    def wrong(self) -> int:
        return len(self.answers) - self.right

    @property
    def your_points(self) -> int:
        return sum(answer.yours for answer in self.answers)

    @property
    def their_points(self) -> int:
        return sum(answer.theirs for answer in self.answers)

    def hand_at(self, index: int) -> QuizHand:
        return SHIPPED_HANDS[index] if index < len(SHIPPED_HANDS) else \
            random_hand(self.seed + index - len(SHIPPED_HANDS))

    def verify_show(self, index: object) -> int:
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < _MAX_INDEX:
            raise Refused(key="quiz.no_hand", n=repr(index)[:20])
        return index

    def show(self, index: int) -> QuizHand:
        """Show hand ``index``, unanswered."""
        self.index = self.verify_show(index)
        self.current = self.hand_at(self.index)
        self.answered = False
        return self.current

    def next(self) -> QuizHand:
        return self.show(self.index + 1)

    def verify_answer(self, claim: object) -> int:
        """The claim as a count 0..29, or :class:`Refused` saying why not."""
        if self.answered:
            raise Refused(key="quiz.already")
        if isinstance(claim, bool):
            raise Refused(key="quiz.bad_number", text=repr(claim))
        if isinstance(claim, int):
            n = claim
        else:
            text = claim if isinstance(claim, str) else repr(claim)
            shown = text.strip() if len(text.strip()) <= 20 else text.strip()[:17] + "..."
            if not re.fullmatch(r"\s*[-+]?\d{1,12}\s*", text):
                raise Refused(key="quiz.bad_number", text=repr(shown))
            n = int(text)
        if not 0 <= n <= MAX_SCORE:
            raise Refused(key="quiz.out_of_range", n=n)
        if self.muggins:
            verify_count(n, self.current.score().total, crib=self.current.crib)
        return n

    def can_answer(self, claim: object) -> bool:
        try:
            self.verify_answer(claim)
        except (Refused, CribbageError):
            return False
        return True

    def answer(self, claim: object) -> Answer:
        """Count the current hand as ``claim``: the engine's count decides, the record is kept."""
        n = self.verify_answer(claim)
        total = self.current.score().total
        yours, theirs = muggins_split(n, total, muggins=self.muggins)
        record = Answer(self.current, n, total, yours, theirs)
        self.answers.append(record)
        self.answered = True
        return record


class ScoringQuiz(View):
    """Count hands; get the itemized count; keep the session's right and wrong answers.

    ``ScoringQuiz(language="en", muggins=False, seed=0, four_colour=False, start=0)``; ``start``
    is the first hand shown (0..4 the solved hands, then random ones). Drive it with
    :meth:`answer` (or type in :attr:`answer_box` and press Enter or click :attr:`check_button`),
    :meth:`next` and :meth:`show`. The state lives in :attr:`session`, a :class:`QuizSession`.
    """

    def __init__(self, *, language: str | None = None, muggins: bool = False, seed: int = 0,
                 four_colour: bool = False, start: int = 0) -> None:
        super().__init__(language=language)
        self.session = QuizSession(seed=seed, muggins=muggins)
        if isinstance(start, bool) or not isinstance(start, int) or not 0 <= start < _MAX_INDEX:
            raise ValueError(f"start must be a hand number from 0, not {start!r}")
        self._submitted: str | None = None
        self._verdict_text = ""
        self._heading = w.HTML()
        self._row = CardRow(language=language, four_colour=four_colour)
        self._entry = w.Text(description=self._t("quiz.prompt"), placeholder=self._t("quiz.placeholder"),
                             continuous_update=False, layout=w.Layout(width="300px"),
                             style={"description_width": "initial"})
        # Without continuous updates the value arrives when Enter is pressed (or the box is left):
        # that is the answer, as the calculator takes its typed hand.
        self._entry.observe(self._guard(lambda change: self._typed(change["new"])), names="value")
        self._check = self._button("quiz.check", lambda: self._submit(self._entry.value), "primary")
        self._next = self._button("quiz.next", self.next)
        self._muggins = w.Checkbox(value=bool(muggins), description=self._t("quiz.muggins"), indent=False,
                                   layout=w.Layout(width="auto"))
        self._muggins.observe(self._guard(self._muggins_changed), names="value")
        self._verdict = w.HTML()
        self._spoken = w.HTML()
        self._lines: list[ItemLine] = []
        self._items = ItemButtons(self._item_selected, guard=self._guard)
        self._lesson = w.HTML()
        self._score_line = w.HTML()
        controls = w.HBox([self._entry, self._check, self._next, self._muggins],
                          layout=w.Layout(align_items="center", flex_flow="row wrap"))
        self.children = [style_tag(), self._heading, self._row, controls, self._message, self._verdict,
                         self._spoken, self._items, self._lesson, self._score_line]
        self.show(start)

    # The session, read through ------------------------------------------------------------------
    seed = property(lambda self: self.session.seed)
    index = property(lambda self: self.session.index)
    current = property(lambda self: self.session.current)
    answered = property(lambda self: self.session.answered)
    right = property(lambda self: self.session.right)
    wrong = property(lambda self: self.session.wrong)
    your_points = property(lambda self: self.session.your_points)
    their_points = property(lambda self: self.session.their_points)

    @property
    def history(self) -> list[tuple[QuizHand, int, int]]:
        """(hand, claimed, true count) for every answer so far."""
        return [(a.hand, a.claim, a.total) for a in self.session.answers]

    @property
    def muggins(self) -> bool:
        return bool(self._muggins.value)

    @muggins.setter
    def muggins(self, value: bool) -> None:
        if not isinstance(value, bool):  # "no" would turn muggins on
            raise Refused(key="err.not_yes_no", what="muggins", value=repr(value)[:30])
        self._muggins.value = value

    answer_box = property(lambda self: self._entry)
    check_button = property(lambda self: self._check)
    next_button = property(lambda self: self._next)
    item_buttons = property(lambda self: self._items.buttons)
    highlighted = property(lambda self: self._row.highlighted)
    lesson_html = property(lambda self: self._lesson.value, doc="The lesson of a solved hand, once answered.")
    row_html = property(lambda self: self._row.html, doc="The hand's cards as drawn, highlights included.")
    heading_html = property(lambda self: self._heading.value, doc='The heading: the title, the crib badge on a crib, and which hand this is.')

    @property
    def verdict(self) -> str:
        """The last answer's verdict as plain text ("" before an answer)."""
        return self._verdict_text if self.session.answered else ""

    @property
    def score_line(self) -> str:
        line = self._t("quiz.score_line", right=self.right, wrong=self.wrong)
        if self.muggins or self.their_points:
            line += " · " + self._t("quiz.pegs_line", you=self.your_points, them=self.their_points)
        return line

    # Actions ----------------------------------------------------------------------------------
    @guarded
    def show(self, index: int) -> None:
        """Show hand ``index`` (0..4 solved, then random), unanswered."""
        hand = self.session.show(index)
        self._entry.value = ""
        self._say("")
        self._verdict.value = self._spoken.value = self._lesson.value = ""
        self._lines = []
        self._items.set_lines([])
        title = self._t("quiz.title_crib" if hand.crib else "quiz.title")
        index = self.session.index
        which = self._t("quiz.which", n=index + 1, of=len(SHIPPED_HANDS)) if index < len(SHIPPED_HANDS) \
            else self._t("quiz.random", seed=self.seed + index - len(SHIPPED_HANDS))
        # A crib counts a flush only with all five cards: say so before the learner counts, in words.
        badge = crib_badge(self.language) if hand.crib else ""
        self._heading.value = (f'<div class="cc-title">{html.escape(title)}</div>{badge}'
                               f'<div class="cc-text">{html.escape(which)}</div>')
        self._row.set_cards(hand.hand, hand.starter, starter_label=self._t("card.starter"))
        self._check.disabled = False
        self._show_score_line()

    def next(self) -> None:
        self.show(self.session.index + 1)

    @guarded
    def answer(self, claim: Any) -> None:
        """The learner's count (a number or the text typed). Bad input is refused with a message."""
        record = self.session.answer(claim)
        self.record_answer(**quiz_answer(record))
        self._check.disabled = True
        if record.right:
            parts = [("ok", self._t("quiz.right", total=record.total))]
        elif record.claim < record.total:
            parts = [("error", self._t("quiz.wrong_low", claim=record.claim, total=record.total))]
            if record.theirs:
                key = "quiz.muggins_took_one" if record.theirs == 1 else "quiz.muggins_took"
                parts.append(("error", self._t(key, missed=record.theirs)))
        else:
            parts = [("error", self._t("quiz.wrong_high", claim=record.claim, total=record.total))]
        self._verdict.value = "".join(f'<div class="cc-msg cc-msg-{kind} cc-big" role="status">'
                                      f'{html.escape(text)}</div>' for kind, text in parts)
        self._verdict_text = " ".join(text for _kind, text in parts)
        score = record.hand.score()
        self._spoken.value = f'<div class="cc-spoken">“{html.escape(spoken_count(score, self.language))}”</div>'
        self._lines = describe_items(score, self.language)
        if not self._lines:
            self._spoken.value += f'<div class="cc-text">{html.escape(self._t("item.none"))}</div>'
        self._items.set_lines([line.text for line in self._lines])
        if record.hand.lesson:
            lesson = self._t("quiz.lesson." + record.hand.lesson)
            self._lesson.value = f'<div class="cc-text"><b>{html.escape(lesson)}</b></div>'
        self._say("")
        self._show_score_line()

    def select_item(self, index: int) -> None:
        """Lift the cards of item ``index`` of the count (again to drop them)."""
        self._items.select(index)

    # Internals --------------------------------------------------------------------------------
    def _typed(self, text: str) -> None:
        if text.strip():  # emptied by show(): nothing to check
            self._submit(text)

    def _submit(self, text: str) -> None:
        # Leaving the box to click Check sends the text first: the click then finds it answered.
        if self.session.answered and text == self._submitted:
            return
        self._submitted = text
        self.answer(text)

    def _item_selected(self, index: int | None) -> None:
        self._row.highlight(self._lines[index].cards if index is not None else ())

    def _muggins_changed(self, change: Mapping[str, object]) -> None:
        self.session.muggins = bool(change["new"])
        self._show_score_line()

    def _show_score_line(self) -> None:
        self._score_line.value = f'<div class="cc-big">{html.escape(self.score_line)}</div>'
