"""The scoring quiz: count a hand or crib, then see the count item by item.

Five solved hands chosen to teach come first (the twelve of 5-5-6-7 with an 8, a double-double
run, a flush that a crib does not score, nobs, the 29), then seeded practice hands: at set shares
(:data:`MIX`) hands dealt to hold a case learners miss (a crib flush and the crib's four-card-flush
trap, a four-card flush in the hand, nobs, his heels, fifteens of three and four cards, double
runs), the rest ordinary random deals; the cases this learner misses most come more often
(:func:`mix_shares`). A wrong first count gets a hint that points at what was missed and a second
try; the answer comes after the second wrong try (or on "Show the answer"). The first answer is the
one kept as the learner's score. With muggins on, points the learner misses go to the opponent.
"""

from __future__ import annotations

import html
import random
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import ipywidgets as w

from cribbage import MAX_SCORE, Card, CribbageError, Deck, HandScore, score_hand
from cribbage import cards as parse_cards
from cribbage.progress import ProgressError, ProgressStore, summarize
from cribbage.rules.counting import muggins_split, verify_count
from cribbage.rules.featured import FEATURES, featured_hand
from cribbage.rules.shortfall import Shortfall, shortfall
from widgets.base.answers import quiz_answer
from widgets.base.view import Refused, View, crib_badge, guarded, style_tag
from widgets.blocks.cards import CardRow, ItemButtons
from widgets.i18n import ItemLine, describe_items, listed, render, spoken_count

__all__ = ["MIX", "ORDINARY", "SHIPPED_HANDS", "Answer", "QuizHand", "QuizSession", "ScoringQuiz", "count_hint", "kinds_hint",
           "misses_in_progress", "mix_shares", "practice_hand", "random_hand", "shortfall_hint"]


@dataclass(frozen=True)
class QuizHand:
    """A hand to count: four cards, the starter, hand or crib, the lesson it teaches (a key), and the
    case it was dealt to hold (one of :data:`~cribbage.rules.featured.FEATURES`, or None: an ordinary deal).
    A ``"his_heels"`` hand is the dealer's: the jack turned was pegged at the cut, not in the show."""

    hand: tuple[Card, ...]
    starter: Card
    crib: bool = False
    lesson: str | None = None
    feature: str | None = None

    @classmethod
    def of(cls, hand: str, starter: str, *, crib: bool = False, lesson: str | None = None,
           feature: str | None = None) -> QuizHand:
        return cls(parse_cards(hand), Card.parse(starter), crib, lesson, feature)

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


#: The practice hands' mix: the share of each case learners miss; the rest (:data:`ORDINARY`) are
#: ordinary random deals. A learner's misses move shares among the cases (:func:`mix_shares`).
MIX: dict[str, float] = {"flush.crib": 0.07, "crib_flush_trap": 0.08, "flush.hand": 0.08, "nobs": 0.08,
                         "his_heels": 0.07, "fifteen.3": 0.08, "fifteen.4": 0.07, "double_run": 0.07}
ORDINARY = "ordinary"

#: The progress store's kinds (:func:`cribbage.progress.show_kinds`) and the cases that practise them.
_CASES_OF_KIND: dict[str, tuple[str, ...]] = {
    "flush.crib": ("flush.crib", "crib_flush_trap"), "flush.hand": ("flush.hand", "crib_flush_trap"),
    "flush.five": ("flush.hand",), "nobs": ("nobs",), "his_heels": ("his_heels",), "fifteen.3": ("fifteen.3",),
    "fifteen.4": ("fifteen.4",), "fifteen.5": ("fifteen.4",), "double_run": ("double_run",),
}
#: Misses beyond this many weigh no more: one kind missed often still leaves room for the others.
_MOST_MISSES = 4


def mix_shares(misses: Mapping[str, int] | None = None) -> dict[str, float]:
    """The share of each case (and of :data:`ORDINARY`) among practice hands, for a learner who
    missed each progress kind ``misses[kind]`` times. The cases together keep their share of
    :data:`MIX`; within it a case practising a kind missed ``m`` times weighs ``1 + min(m, 4)`` times
    its base share (a case practising several missed kinds takes the most missed)."""
    extra = dict.fromkeys(MIX, 0)
    for kind, missed in (misses or {}).items():
        for case in _CASES_OF_KIND.get(kind, ()):
            extra[case] = max(extra[case], min(max(int(missed), 0), _MOST_MISSES))
    weights = {case: share * (1 + extra[case]) for case, share in MIX.items()}
    featured = sum(MIX.values())
    total = sum(weights.values())
    shares = {case: featured * weight / total for case, weight in weights.items()}
    shares[ORDINARY] = 1.0 - featured
    return shares


def misses_in_progress(store: ProgressStore | None = None) -> dict[str, int]:
    """How often this learner answered wrong about each kind, from their progress file ({} when it
    cannot be read: the quiz then takes the plain mix)."""
    try:
        learners = summarize((store or ProgressStore()).answers())
    except ProgressError:
        return {}
    misses: dict[str, int] = {}
    for progress in learners.values():
        for kind, tally in progress.kinds.items():
            if tally.wrong:
                misses[kind] = misses.get(kind, 0) + tally.wrong
    return misses


def practice_hand(seed: int, shares: Mapping[str, float] | None = None) -> QuizHand:
    """The practice hand of ``seed``: a case drawn at its share (``shares``, from :func:`mix_shares`),
    then a hand dealt to hold it, or an ordinary :func:`random_hand`. Same seed and shares, same hand."""
    rng = random.Random(f"quiz-mix-{seed}")
    shares = shares if shares is not None else mix_shares()
    draw = rng.random()
    case = ORDINARY
    for name in (*FEATURES, ORDINARY):
        draw -= shares.get(name, 0.0)
        if draw < 0:
            case = name
            break
    if case == ORDINARY:
        return random_hand(seed)
    made = featured_hand(case, rng)
    return QuizHand(made.hand, made.starter, made.crib, feature=case)


def _same_suit(cards: tuple[Card, ...]) -> bool:
    return len({card.suit for card in cards}) == 1


def count_hint(hand: QuizHand, claim: int, language: str | None = None) -> str:
    """What a wrong count of ``hand`` probably missed (or added), in ``language``: the hint before a
    second try, true of this hand (:func:`~cribbage.rules.shortfall.shortfall`)."""
    score = hand.score()
    total = score.total
    over = claim - total
    if over > 0:
        if hand.starter.rank == 11 and over == 2:
            return render("quiz.hint.heels", language)
        if hand.crib and _same_suit(hand.hand) and hand.starter.suit != hand.hand[0].suit and over in (4, 5):
            return render("quiz.hint.crib_trap", language)
        if hand.starter.rank == 11 and over == 1 and not score.nobs:
            return render("quiz.hint.starter_jack", language)
        return render("ex.hint.too_many", language)
    flush = "quiz.hint.crib_flush" if hand.crib else "quiz.hint.hand_flush5" if score.flush == 5 else "quiz.hint.hand_flush"
    return shortfall_hint(shortfall(score.items, claim), {"pair": "quiz.hint.pairs", "flush": flush, "nobs": "quiz.hint.nobs"},
                          language)


def shortfall_hint(gap: Shortfall, words: Mapping[str, str], language: str | None = None) -> str:
    """The hint for a count short by ``gap``: when one kind alone can hold what is missing, that
    kind's hint (the fifteens' with how many cards this hand's are made of; the runs' as the count
    has one run or several; ``words`` names the pairs', the flush's and nobs' message keys); else
    :func:`kinds_hint`."""
    if len(gap.alone) != 1:
        return kinds_hint(gap, language)
    kind = gap.alone[0]
    if kind == "fifteen":
        return render("quiz.hint.fifteens", language, n=gap.fifteens_missed(),
                      sizes=listed([str(size) for size in gap.fifteen_sizes], language))
    if kind == "run":
        return render("quiz.hint.runs" if gap.runs > 1 else "quiz.hint.run", language)
    return render(words[kind], language)


def kinds_hint(gap: Shortfall, language: str | None = None) -> str:
    """The kinds a short count left out, as far as its shortfall tells: one kind, any of several
    (each alone could hold it), the few that together do, or "there is more"."""
    def kinds(names: Sequence[str], style: str) -> str:
        return listed([render(f"ex.kind.{kind}", language) for kind in names], language, style=style)

    if len(gap.alone) > 1:
        return render("ex.hint.one_of", language, kinds=kinds(gap.alone, "or"))
    if gap.alone or gap.together:
        return render("ex.hint.missed", language, kinds=kinds(gap.alone or gap.together, "standard"))
    return render("ex.hint.more", language)


#: Wrong tries before the answer is shown, as the lessons' try-its give.
TRIES_BEFORE_ANSWER = 2


@dataclass(frozen=True)
class Answer:
    """What one try did: the claim, the true count, the points each side pegged for it (on a first
    try: later tries are practice and peg nothing), and which try it was (1, 2)."""

    hand: QuizHand
    claim: int
    total: int
    yours: int
    theirs: int
    attempt: int = 1

    @property
    def right(self) -> bool:
        return self.claim == self.total

    @property
    def missed(self) -> int:
        """Points the learner did not claim (taken by the opponent under muggins)."""
        return max(0, self.total - self.claim)


class QuizSession:
    """The quiz as a plain object: which hand is shown, the answers so far, the points pegged.

    Hands 0..4 are :data:`SHIPPED_HANDS`; hand ``5 + k`` is :func:`practice_hand` ``(seed + k)`` in the
    mix ``shares`` (:func:`mix_shares` of the learner's ``misses``, a {progress kind: times missed} mapping).
    A wrong count may be tried again once (:data:`TRIES_BEFORE_ANSWER`); the hand is then
    :attr:`answered` (also when right, or on :meth:`reveal`). :attr:`answers` keeps each hand's first
    answer, the learner's score; later tries are practice.
    With ``muggins``, the show's rule is the game's own (:mod:`cribbage.rules.counting`): a count too low
    gives the missed points to the opponent, and a count too high is refused ("count again"), as a
    :class:`~cribbage.Game` refuses it. Without muggins a wrong count is corrected and the true count
    pegged. Each action has a ``verify_…`` that raises :class:`Refused` (or the engine's
    :class:`~cribbage.CribbageError`) saying why, and the action itself, which verifies, changes the
    state and returns a record.
    """

    def __init__(self, *, seed: int = 0, muggins: bool = False, misses: Mapping[str, int] | None = None) -> None:
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise Refused(key="err.bad_seed", value=repr(seed)[:30])
        if not isinstance(muggins, bool):
            raise Refused(key="err.not_yes_no", what="muggins", value=repr(muggins)[:30])
        self.seed = seed
        self.muggins = muggins
        self.shares = mix_shares(misses)
        self.answers: list[Answer] = []
        self.tries: list[Answer] = []   # the tries at the hand shown
        self.index = 0
        self.current: QuizHand = SHIPPED_HANDS[0]
        self.answered = False
        self.revealed = False

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

    @property
    def can_try_again(self) -> bool:
        """Whether the hand shown had a wrong try and may be tried once more."""
        return not self.answered and bool(self.tries)

    def hand_at(self, index: int) -> QuizHand:
        return SHIPPED_HANDS[index] if index < len(SHIPPED_HANDS) else \
            practice_hand(self.seed + index - len(SHIPPED_HANDS), self.shares)

    def verify_show(self, index: object) -> int:
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < _MAX_INDEX:
            raise Refused(key="quiz.no_hand", n=repr(index)[:20])
        return index

    def show(self, index: int) -> QuizHand:
        """Show hand ``index``, unanswered."""
        self.index = self.verify_show(index)
        self.current = self.hand_at(self.index)
        self.answered = self.revealed = False
        self.tries = []
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
        """Count the current hand as ``claim``: the engine's count decides. The first try is kept in
        :attr:`answers` (and pegs, under muggins); a second is practice."""
        n = self.verify_answer(claim)
        total = self.current.score().total
        first = not self.tries
        yours, theirs = muggins_split(n, total, muggins=self.muggins) if first else (0, 0)
        record = Answer(self.current, n, total, yours, theirs, len(self.tries) + 1)
        if first:
            self.answers.append(record)
        self.tries.append(record)
        self.answered = record.right or len(self.tries) >= TRIES_BEFORE_ANSWER
        return record

    def reveal(self) -> int:
        """Show the answer after a wrong try: the true count. Refused before any try (count first)."""
        if self.answered:
            raise Refused(key="quiz.already")
        if not self.tries:
            raise Refused(key="quiz.count_first")
        self.answered = self.revealed = True
        return self.current.score().total


class ScoringQuiz(View):
    """Count hands; get the itemized count; keep the session's right and wrong answers.

    ``ScoringQuiz(language="en", muggins=False, seed=0, four_colour=False, start=0, misses=None)``;
    ``start`` is the first hand shown (0..4 the solved hands, then practice ones); ``misses`` a
    {progress kind: times missed} mapping that weighs the practice mix (None: read from the
    learner's progress). Drive it with :meth:`answer` (or type in :attr:`answer_box` and press Enter
    or click :attr:`check_button`), :meth:`reveal` (:attr:`show_answer_button`, after a wrong try),
    :meth:`next` and :meth:`show`. The state lives in :attr:`session`, a :class:`QuizSession`.
    """

    def __init__(self, *, language: str | None = None, muggins: bool = False, seed: int = 0,
                 four_colour: bool = False, start: int = 0, misses: Mapping[str, int] | None = None) -> None:
        super().__init__(language=language)
        if misses is None:   # the kinds this learner misses come more often
            misses = misses_in_progress(getattr(self, "progress_store", None))
        self.session = QuizSession(seed=seed, muggins=muggins, misses=misses)
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
        self._reveal = self._button("quiz.show_answer", self.reveal)
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
        controls = w.HBox([self._entry, self._check, self._reveal, self._next, self._muggins],
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
    show_answer_button = property(lambda self: self._reveal)
    tries = property(lambda self: len(self.session.tries), doc="Tries at the hand shown.")
    next_button = property(lambda self: self._next)
    item_buttons = property(lambda self: self._items.buttons)
    highlighted = property(lambda self: self._row.highlighted)
    lesson_html = property(lambda self: self._lesson.value, doc="The lesson of a solved hand, once answered.")
    row_html = property(lambda self: self._row.html, doc="The hand's cards as drawn, highlights included.")
    heading_html = property(lambda self: self._heading.value, doc='The heading: the title, the crib badge on a crib, and which hand this is.')

    @property
    def verdict(self) -> str:
        """The last try's verdict as plain text, a hint after a first wrong try ("" before an answer)."""
        return self._verdict_text if self.session.answered or self.session.tries else ""

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
        self._verdict_text = ""
        self._lines = []
        self._items.set_lines([])
        title = self._t("quiz.title_crib" if hand.crib else
                        "quiz.title_dealer" if hand.feature == "his_heels" else "quiz.title")
        index = self.session.index
        which = self._t("quiz.which", n=index + 1, of=len(SHIPPED_HANDS)) if index < len(SHIPPED_HANDS) \
            else self._t("quiz.random", seed=self.seed + index - len(SHIPPED_HANDS))
        # A crib counts a flush only with all five cards: say so before the learner counts, in words.
        badge = crib_badge(self.language) if hand.crib else ""
        self._heading.value = (f'<div class="cc-title">{html.escape(title)}</div>{badge}'
                               f'<div class="cc-text">{html.escape(which)}</div>')
        self._row.set_cards(hand.hand, hand.starter, starter_label=self._t("card.starter"))
        self._check.disabled = False
        self._reveal.disabled = True
        self._show_score_line()

    def next(self) -> None:
        self.show(self.session.index + 1)

    @guarded
    def answer(self, claim: Any) -> None:
        """The learner's count (a number or the text typed). Bad input is refused with a message.
        A first wrong count gets a hint and a second try; the first count is the one recorded."""
        record = self.session.answer(claim)
        self._say("")   # the refusal of a bad entry, answered now (before recording: its warning stays)
        if record.attempt == 1:   # the learner's score; a wrong first count is not answered on screen yet
            self.record_answer(**quiz_answer(record), revealed=None if record.right else self.session.answered)
        parts: list[tuple[str, str]] = []
        if record.right:
            parts.append(("ok", self._t("quiz.right" if record.attempt == 1 else "quiz.right_second",
                                        total=record.total)))
        elif not self.session.answered:   # a first wrong try: a hint, and try again
            parts.append(("error", self._t("quiz.not_yet", claim=record.claim)))
        elif record.claim < record.total:
            parts.append(("error", self._t("quiz.wrong_low", claim=record.claim, total=record.total)))
        else:
            parts.append(("error", self._t("quiz.wrong_high", claim=record.claim, total=record.total)))
        if record.right and record.attempt > 1:
            parts.append(("info", self._t("quiz.first_counts")))
        if record.theirs:
            key = "quiz.muggins_took_one" if record.theirs == 1 else "quiz.muggins_took"
            parts.append(("error", self._t(key, missed=record.theirs)))
        if not self.session.answered:
            parts.append(("info", count_hint(record.hand, record.claim, self.language)))
            parts.append(("info", self._t("quiz.again")))
        self._show_verdict(parts)
        if self.session.answered:
            self._show_answer()
        else:
            self._reveal.disabled = False
        self._show_score_line()

    @guarded
    def reveal(self) -> None:
        """Show the answer after a wrong try, without trying again."""
        total = self.session.reveal()
        self._say("")
        self._show_verdict([("info", self._t("quiz.shown", total=total))])
        self._show_answer()

    @property
    def hint(self) -> str:
        """The hint shown after a first wrong try ("" when none is shown)."""
        if not self.session.can_try_again:
            return ""
        last = self.session.tries[-1]
        return count_hint(last.hand, last.claim, self.language)

    def select_item(self, index: int) -> None:
        """Lift the cards of item ``index`` of the count (again to drop them)."""
        self._items.select(index)

    # Internals --------------------------------------------------------------------------------
    def _show_verdict(self, parts: list[tuple[str, str]]) -> None:
        self._verdict.value = "".join(f'<div class="cc-msg cc-msg-{kind}{" cc-big" if i == 0 else " cc-text"}" '
                                      f'role="status">{html.escape(text)}</div>' for i, (kind, text) in enumerate(parts))
        self._verdict_text = " ".join(text for _kind, text in parts)

    def _show_answer(self) -> None:
        """The count item by item, spoken, and the hand's lesson: once the hand is answered."""
        self._check.disabled = self._reveal.disabled = True
        hand = self.session.current
        score = hand.score()
        self._spoken.value = f'<div class="cc-spoken">“{html.escape(spoken_count(score, self.language))}”</div>'
        self._lines = describe_items(score, self.language)
        if not self._lines:
            self._spoken.value += f'<div class="cc-text">{html.escape(self._t("item.none"))}</div>'
        self._items.set_lines([line.text for line in self._lines])
        lesson = hand.lesson or ("his_heels" if hand.feature == "his_heels" else None)
        if lesson:
            text = self._t("quiz.lesson." + lesson)
            self._lesson.value = f'<div class="cc-text"><b>{html.escape(text)}</b></div>'

    def _typed(self, text: str) -> None:
        if text.strip():  # emptied by show(): nothing to check
            self._submit(text)

    def _submit(self, text: str) -> None:
        # Leaving the box to click Check sends the text first: the click then finds it answered (or
        # tried): the same text is not a second try.
        if text == self._submitted and (self.session.answered or self.session.tries):
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
