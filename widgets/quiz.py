"""The scoring quiz: count a hand or crib, then see the count item by item.

Five solved hands chosen to teach come first (the twelve of 5-5-6-7 with an 8, a double-double
run, a flush that a crib does not score, nobs, the 29), then random hands from seeded deals. With
muggins on, points the learner misses go to the opponent. The session keeps a score line.
"""

from __future__ import annotations

import html
import random
import re
from dataclasses import dataclass
from typing import Any

import ipywidgets as w

from cribbage import Card, Deck, HandScore, cards as parse_cards, score_hand

from ._base import Refused, View, guarded, style_tag
from .cards import CardRow, ItemButtons
from .i18n import describe_items, spoken_count

__all__ = ["QuizHand", "SHIPPED_HANDS", "ScoringQuiz", "random_hand"]


@dataclass(frozen=True)
class QuizHand:
    """A hand to count: four cards, the starter, hand or crib, and the lesson it teaches (a key)."""

    hand: tuple[Card, ...]
    starter: Card
    crib: bool = False
    lesson: str | None = None

    @classmethod
    def of(cls, hand: str, starter: str, *, crib: bool = False, lesson: str | None = None) -> "QuizHand":
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

_MAX_ANSWER = 29


def random_hand(seed: int) -> QuizHand:
    """A hand dealt from a deck shuffled by ``seed``; one in four is a crib. Same seed, same hand."""
    dealt, _rest = Deck().shuffled(seed).draw(5)
    crib = random.Random(f"crib-{seed}").random() < 0.25
    return QuizHand(tuple(dealt[:4]), dealt[4], crib)


class ScoringQuiz(View):
    """Count hands; get the itemized count; keep the session's right and wrong answers.

    ``ScoringQuiz(language="en", muggins=False, seed=0, four_colour=False)``. Drive it with
    :meth:`answer` (or type in :attr:`answer_box` and click :attr:`check_button`), :meth:`next`
    and :meth:`show`. Hands 0..4 are :data:`SHIPPED_HANDS`; later ones are random, dealt with
    seeds ``seed``, ``seed + 1``, ...
    """

    def __init__(self, *, language: str = "en", muggins: bool = False, seed: int = 0,
                 four_colour: bool = False) -> None:
        super().__init__(language=language)
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ValueError(f"seed must be a whole number, not {seed!r}")
        self.seed = seed
        self.right = 0
        self.wrong = 0
        self.your_points = 0
        self.their_points = 0
        self.history: list[tuple[QuizHand, int, int]] = []   # (hand, claimed, true count)
        self._index = 0
        self._answered = False
        self._current: QuizHand = SHIPPED_HANDS[0]
        self._verdict_text = ""

        self._heading = w.HTML()
        self._row = CardRow(language=language, four_colour=four_colour)
        self._entry = w.Text(description=self._t("quiz.prompt"), placeholder=self._t("quiz.placeholder"),
                             continuous_update=True, layout=w.Layout(width="300px"),
                             style={"description_width": "initial"})
        self._check = w.Button(description=self._t("quiz.check"), button_style="primary",
                               layout=w.Layout(width="auto"))
        self._check.on_click(self._guard(lambda _b: self.answer(self._entry.value)))
        self._next = w.Button(description=self._t("quiz.next"), layout=w.Layout(width="auto"))
        self._next.on_click(self._guard(lambda _b: self.next()))
        self._muggins = w.Checkbox(value=bool(muggins), description=self._t("quiz.muggins"), indent=False,
                                   layout=w.Layout(width="auto"))
        self._verdict = w.HTML()
        self._spoken = w.HTML()
        self._lines: list = []
        self._items = ItemButtons(self._item_selected, guard=self._guard)
        self._lesson = w.HTML()
        self._score_line = w.HTML()
        controls = w.HBox([self._entry, self._check, self._next, self._muggins],
                          layout=w.Layout(align_items="center", flex_flow="row wrap"))
        self.children = [style_tag(), self._heading, self._row, controls, self._message, self._verdict,
                         self._spoken, self._items, self._lesson, self._score_line]
        self.show(0)

    # The model --------------------------------------------------------------------------------
    @property
    def index(self) -> int:
        return self._index

    @property
    def current(self) -> QuizHand:
        return self._current

    @property
    def answered(self) -> bool:
        return self._answered

    @property
    def muggins(self) -> bool:
        return self._muggins.value

    @muggins.setter
    def muggins(self, value: bool) -> None:
        self._muggins.value = bool(value)

    @property
    def answer_box(self) -> w.Text:
        return self._entry

    @property
    def check_button(self) -> w.Button:
        return self._check

    @property
    def next_button(self) -> w.Button:
        return self._next

    @property
    def item_buttons(self) -> tuple[w.Button, ...]:
        return self._items.buttons

    @property
    def highlighted(self) -> frozenset[Card]:
        return self._row.highlighted

    @property
    def score_line(self) -> str:
        line = self._t("quiz.score_line", right=self.right, wrong=self.wrong)
        if self.muggins or self.their_points:
            line += " · " + self._t("quiz.pegs_line", you=self.your_points, them=self.their_points)
        return line

    # Actions ----------------------------------------------------------------------------------
    @guarded
    def show(self, index: int) -> None:
        """Show hand ``index`` (0..4 shipped, then random), unanswered."""
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < 10**6:
            raise Refused(self._t("quiz.out_of_range", n=repr(index)[:20]))
        self._index = index
        self._current = SHIPPED_HANDS[index] if index < len(SHIPPED_HANDS) else \
            random_hand(self.seed + index - len(SHIPPED_HANDS))
        self._answered = False
        self._entry.value = ""
        self._say("")
        self._verdict.value = self._spoken.value = self._lesson.value = ""
        self._lines = []
        self._items.set_lines([])
        hand = self._current
        title = self._t("quiz.title_crib" if hand.crib else "quiz.title")
        which = self._t("quiz.which", n=index + 1, of=len(SHIPPED_HANDS)) if index < len(SHIPPED_HANDS) \
            else self._t("quiz.random", seed=self.seed + index - len(SHIPPED_HANDS))
        self._heading.value = (f'<div class="cc-title">{html.escape(title)}</div>'
                               f'<div class="cc-text">{html.escape(which)}</div>')
        label = self._t("card.starter")
        self._row.set_cards(hand.hand, hand.starter, starter_label=label)
        self._check.disabled = False
        self._show_score_line()

    def next(self) -> None:
        self.show(self._index + 1)

    @guarded
    def answer(self, claim: Any) -> None:
        """The learner's count (a number or the text typed). Bad input is refused with a message."""
        if self._answered:
            raise Refused(self._t("quiz.already"))
        n = self._read(claim)
        score = self._current.score()
        total = score.total
        self._answered = True
        self._check.disabled = True
        self.history.append((self._current, n, total))
        parts = []
        if n == total:
            self.right += 1
            self.your_points += total
            parts.append(("ok", self._t("quiz.right", total=total)))
        elif n < total:
            self.wrong += 1
            parts.append(("error", self._t("quiz.wrong_low", claim=n, total=total)))
            if self.muggins:
                self.your_points += n
                self.their_points += total - n
                parts.append(("error", self._t("quiz.muggins_took", missed=total - n)))
            else:
                self.your_points += total
        else:
            self.wrong += 1
            self.your_points += total
            parts.append(("error", self._t("quiz.wrong_high", claim=n, total=total)))
        self._verdict.value = "".join(f'<div class="cc-msg cc-msg-{kind} cc-big" role="status">'
                                      f'{html.escape(text)}</div>' for kind, text in parts)
        self._verdict_text = " ".join(text for _k, text in parts)
        self._spoken.value = f'<div class="cc-spoken">“{html.escape(spoken_count(score, self.language))}”</div>'
        self._lines = describe_items(score, self.language)
        if not self._lines:
            self._spoken.value += f'<div class="cc-text">{html.escape(self._t("item.none"))}</div>'
        self._items.set_lines([line.text for line in self._lines])
        if self._current.lesson:
            lesson = self._t("quiz.lesson." + self._current.lesson)
            self._lesson.value = f'<div class="cc-text"><b>{html.escape(lesson)}</b></div>'
        self._say("")
        self._show_score_line()

    @property
    def verdict(self) -> str:
        """The last answer's verdict as plain text ("" before an answer)."""
        return self._verdict_text if self._answered else ""

    def select_item(self, index: int) -> None:
        """Lift the cards of item ``index`` of the count (again to drop them)."""
        self._items.select(index)

    def _item_selected(self, index: int | None) -> None:
        self._row.highlight(self._lines[index].cards if index is not None else ())

    # Internals --------------------------------------------------------------------------------
    def _read(self, claim: Any) -> int:
        if isinstance(claim, bool):
            raise Refused(self._t("quiz.bad_number", text=repr(claim)))
        if isinstance(claim, int):
            n = claim
        else:
            text = claim if isinstance(claim, str) else repr(claim)
            shown = text.strip() if len(text.strip()) <= 20 else text.strip()[:17] + "..."
            if not re.fullmatch(r"\s*[-+]?\d{1,12}\s*", text):
                raise Refused(self._t("quiz.bad_number", text=repr(shown)))
            n = int(text)
        if not 0 <= n <= _MAX_ANSWER:
            raise Refused(self._t("quiz.out_of_range", n=n))
        return n

    def _show_score_line(self) -> None:
        self._score_line.value = f'<div class="cc-big">{html.escape(self.score_line)}</div>'
