"""The discard drill: six cards, you lay away two, the engine's advice table answers.

Eight drills chosen to teach come first (keep the fives, don't split a run, salt your own crib,
starve the opponent's crib, keep the double run, keep the flush, the dealer counts the crib too, the
seat changes the keep), then random deals, each from its own seed. The answer says where the
learner's keep ranks among the 15, what it gives up against the best keep in the hand and through
the crib, and the best keep with its reason. A keep is right when it is the best or within
:data:`RIGHT_MARGIN` points of it. A first keep that is not gets a hint (:func:`keep_hint`: where a
better keep gains, in the hand or through the crib, and what it holds) and a second try; the answer
comes after the second (or on "Show the answer"). The first keep is the learner's score.
"""

from __future__ import annotations

import html
import random
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations, islice

import ipywidgets as w

from cribbage import Card, Deck
from cribbage import cards as parse_cards
from cribbage.ai.discard import DiscardAdvice, KeepOption, advise_discard
from cribbage.lang.translations import ordinal_form
from cribbage.progress import ProgressError, ProgressStore
from cribbage.progress.misses import deal_of_item, still_missed
from widgets.base.answers import drill_answer
from widgets.base.view import Refused, View, guarded, style_tag
from widgets.blocks.cards import CardPicker, suit_class
from widgets.i18n import card_name, cards_text, check_language, decimal, render

__all__ = ["RIGHT_MARGIN", "SHIPPED_DRILLS", "TRIES_BEFORE_ANSWER", "DiscardDrill", "Drill", "keep_hint", "keeps_table",
           "keeps_table_html", "missed_deals", "ordinal", "random_drill"]

#: A keep within this many points (net, per deal) of the best counts as right.
RIGHT_MARGIN = 0.1

#: Keeps not near the best before the answer is shown, as the lessons' try-its give.
TRIES_BEFORE_ANSWER = 2


@dataclass(frozen=True)
class Drill:
    """Six cards dealt, who deals, and the lesson the drill teaches (a catalogue key, or None)."""

    six: tuple[Card, ...]
    dealer: bool
    lesson: str | None = None

    @classmethod
    def of(cls, six: str, *, dealer: bool, lesson: str | None = None) -> Drill:
        return cls(tuple(sorted(parse_cards(six))), bool(dealer), lesson)

    def advice(self) -> DiscardAdvice:
        """The engine's ranking of all 15 keeps (computed once per drill)."""
        return _advice(frozenset(self.six), self.dealer)


@lru_cache(maxsize=256)
def _advice(six: frozenset[Card], dealer: bool) -> DiscardAdvice:
    return advise_discard(sorted(six), dealer=dealer)


#: The eight drills, in teaching order. What each teaches is checked against the engine in
#: ``tests/test_widgets_drill.py``; the advice itself always comes from the engine.
SHIPPED_DRILLS: tuple[Drill, ...] = (
    Drill.of("5H 5C JD QS 2C 8H", dealer=True, lesson="keep_fives"),
    Drill.of("3C 4D 5H JS QD 8C", dealer=False, lesson="keep_run"),
    Drill.of("3C 3D 9H 10S JD KC", dealer=True, lesson="salt_crib"),
    Drill.of("7C 8D 9H KS KD 2C", dealer=False, lesson="starve_crib"),
    Drill.of("7D 7S 8C 9H JC QD", dealer=True, lesson="double_run"),
    Drill.of("AH 4H 9H QH 4C 7S", dealer=False, lesson="flush"),
    Drill.of("5H 5D 6H 7S 8C 9D", dealer=True, lesson="dealer_crib"),
    Drill.of("3C 3D 9H 10S JD KC", dealer=False, lesson="seat"),
)


def random_drill(seed: int) -> Drill:
    """Six cards dealt from a deck shuffled by ``seed``; a coin, seeded too, says who deals."""
    hands, _rest = Deck().shuffled(seed).deal(hands=2, each=6)
    dealer = random.Random(f"drill-dealer-{seed}").random() < 0.5
    return Drill(tuple(sorted(hands[0])), dealer)


def missed_deals(store: ProgressStore | None = None) -> tuple[Drill, ...]:
    """The deals this learner laid away wrong last time, in this drill or in a game the review judged
    (:class:`widgets.table.review.GameReviewPanel`), the most recent first: what "A deal you missed"
    brings back until it is answered right. None when the progress file cannot be read."""
    try:
        store = store or ProgressStore()
        items = still_missed(store.answers(), store.identity)
    except ProgressError:
        return ()
    deals = (deal_of_item(item) for item in items)   # None: not a discard, or not one we can deal again
    return tuple(Drill(tuple(sorted(six)), dealer) for six, dealer in filter(None, deals))


def _fifteens(cards: tuple[Card, ...]) -> int:
    return sum(sum(card.value for card in combo) == 15
               for size in range(2, len(cards) + 1) for combo in combinations(cards, size))


def _pairs(cards: tuple[Card, ...]) -> int:
    return sum(a.rank == b.rank for a, b in combinations(cards, 2))


def _has_run(cards: tuple[Card, ...]) -> bool:
    ranks = sorted({card.rank for card in cards})
    return any(ranks[i + 2] - ranks[i] == 2 for i in range(len(ranks) - 2))


def _fives(cards: tuple[Card, ...]) -> int:
    return sum(card.rank == 5 for card in cards)


def keep_hint(mine: KeepOption, best: KeepOption, *, dealer: bool, language: str | None = None) -> str:
    """Where a better keep than ``mine`` gains, in ``language``: in the hand (and what its four cards
    hold that yours do not: a run, a flush, fives, fifteens, pairs) or through the crib (yours or theirs)."""
    sign = 1.0 if dealer else -1.0
    gain_hand = best.hand_ev - mine.hand_ev
    gain_crib = sign * (best.crib_ev - mine.crib_ev)
    if gain_crib > gain_hand:
        return render("drill.hint.own_crib" if dealer else "drill.hint.their_crib", language)
    theirs, yours = tuple(best.keep), tuple(mine.keep)
    # A run or a flush broken is the plainer mistake to name than the 5s (a run may hold a 5 too).
    if _has_run(theirs) and not _has_run(yours):
        return render("drill.hint.run", language)
    if len({card.suit for card in theirs}) == 1 and len({card.suit for card in yours}) > 1:
        return render("drill.hint.flush", language)
    if _fives(theirs) > _fives(yours):
        return render("drill.hint.fives", language)
    if _fifteens(theirs) > _fifteens(yours):
        return render("drill.hint.fifteens", language)
    if _pairs(theirs) > _pairs(yours):
        return render("drill.hint.pairs", language)
    return render("drill.hint.hand", language)


def ordinal(n: int, language: str | None = None) -> str:
    """A keep's place, ``1st``, ``2nd``, ``11th``, ``23rd``: Babel says which of the language's ordinal
    forms ``n`` takes, the catalogue words that form (``drill.ordinal.<form>``)."""
    language = check_language(language)
    return render(f"drill.ordinal.{ordinal_form(n, language)}", language, n=n)


def discard_reason(option: KeepOption, *, language: str | None = None) -> str:
    """The engine's one-line reason for a keep, in ``language`` (it knows whose crib it is)."""
    return render(option.message, language)


def _signed(x: float, language: str) -> str:
    if abs(x) < 0.005:
        return decimal(0.0, language, 2)
    return ("+" if x > 0 else "−") + decimal(abs(x), language, 2)


class DiscardDrill(View):
    """Lay away two of six cards; see the engine's advice and where your keep ranks.

    ``DiscardDrill(six=None, *, dealer=None, seed=0, language="en", four_colour=False)``. With
    ``six`` (text such as ``"5H 5D 6H 7S 8C 9D"`` or cards) and ``dealer`` (True: you deal) it opens
    on that deal; otherwise on the first shipped drill. Drills 0..7 are :data:`SHIPPED_DRILLS`;
    later ones are random, dealt with seeds ``seed``, ``seed + 1``, ...

    Drive it with :meth:`answer` (or click two :attr:`card_buttons` and :attr:`check_button`),
    :meth:`reveal` (:attr:`show_answer_button`, after a first try), :meth:`next`, :meth:`new_random`,
    :meth:`show` and :meth:`deal`. ``right``, ``wrong`` and ``history`` count each drill's first keep.
    """

    def __init__(self, six: str | Iterable[Card] | None = None, *, dealer: bool | None = None,
                 seed: int = 0, language: str | None = None, four_colour: bool = False) -> None:
        super().__init__(language=language)
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise Refused(key="err.bad_seed", value=repr(seed)[:30])
        self.seed = seed
        self.right = 0
        self.wrong = 0
        self.history: list[tuple[Drill, tuple[Card, ...], int]] = []   # (drill, laid away, rank)
        self._index: int | None = 0
        self._drill: Drill = SHIPPED_DRILLS[0]
        self._answer: KeepOption | None = None
        self._tries: list[KeepOption] = []
        self._verdict_text = ""

        self._heading = w.HTML()
        self._picker = CardPicker(SHIPPED_DRILLS[0].six, pick=2, language=language, four_colour=four_colour)
        self._picker.on_change(self._picked)
        self.check_button = self._button("drill.check", self.answer, "primary")
        self.show_answer_button = self._button("drill.show_answer", self.reveal)
        self.next_button = self._button("drill.next", self.next)
        self.random_button = self._button("drill.random", self.new_random)
        # The deals missed before come back (a game's review keeps its costly discards there too).
        self.again_button = self._button("drill.missed", self.again)
        self._offer_again()
        self._verdict = w.HTML()
        self._table = w.HTML()
        self._score_line = w.HTML()
        controls = w.HBox([self.check_button, self.show_answer_button, self.next_button, self.random_button,
                           self.again_button],
                          layout=w.Layout(align_items="center", flex_flow="row wrap"))
        self.children = [style_tag(), self._heading, self._picker, controls, self._message, self._verdict,
                         self._table, self._score_line]
        if six is None:
            if dealer is not None:
                raise Refused(key="drill.bad_six")  # who deals, but of which six cards?
            self.show(0)
        else:
            if not isinstance(dealer, bool):
                raise Refused(key="drill.bad_dealer", value=repr(dealer)[:20])
            held = parse_cards(six)
            if len(held) != 6:
                raise Refused(key="drill.bad_six")
            self._open(Drill(tuple(sorted(held)), dealer), None)

    # The model --------------------------------------------------------------------------------
    @property
    def index(self) -> int | None:
        """Which drill is shown: 0..7 shipped, then random; None for a deal given by hand."""
        return self._index

    @property
    def drill(self) -> Drill:
        return self._drill

    @property
    def advice(self) -> DiscardAdvice:
        return self._drill.advice()

    @property
    def answered(self) -> bool:
        return self._answer is not None

    @property
    def chosen(self) -> KeepOption | None:
        """The keep the learner chose (None before an answer)."""
        return self._answer

    @property
    def tries(self) -> int:
        """Keeps tried on the drill shown."""
        return len(self._tries)

    @property
    def can_try_again(self) -> bool:
        """Whether the drill shown had a keep not near the best and may be tried once more."""
        return self._answer is None and bool(self._tries)

    @property
    def hint(self) -> str:
        """The hint shown after a first keep not near the best ("" when none is shown)."""
        if not self.can_try_again:
            return ""
        return keep_hint(self._tries[-1], self.advice.best, dealer=self._drill.dealer, language=self.language)

    @property
    def verdict(self) -> str:
        """The last keep's verdict as plain text, a hint after a first wrong one ("" before an answer)."""
        return self._verdict_text if self._answer is not None or self._tries else ""

    @property
    def card_buttons(self) -> dict[Card, w.Button]:
        return self._picker.buttons

    @property
    def selected(self) -> tuple[Card, ...]:
        return self._picker.selected

    @property
    def table_html(self) -> str:
        return str(self._table.value)

    @property
    def score_line(self) -> str:
        return self._t("drill.score_line", right=self.right, wrong=self.wrong)

    # Actions ----------------------------------------------------------------------------------
    @guarded
    def show(self, index: int) -> None:
        """Show drill ``index`` (0..7 shipped, then random), unanswered."""
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < 10**6:
            raise Refused(self._t("drill.bad_index", n=repr(index)[:20]))
        n = len(SHIPPED_DRILLS)
        drill = SHIPPED_DRILLS[index] if index < n else random_drill(self.seed + index - n)
        self._open(drill, index)

    def next(self) -> None:
        """The next drill (after a deal given by hand: the first shipped one)."""
        self.show(0 if self._index is None else self._index + 1)

    def new_random(self) -> None:
        """Skip to the next random deal (past the shipped drills)."""
        n = len(SHIPPED_DRILLS)
        self.show(n if self._index is None or self._index < n else self._index + 1)

    @guarded
    def again(self) -> None:
        """A deal you laid away wrong before, here or in a game (:func:`missed_deals`), the most recent
        first; it comes back until you lay it away right."""
        deals = [drill for drill in missed_deals(getattr(self, "progress_store", None)) if drill != self._drill]
        if not deals:
            self.again_button.layout.display = "none"
            raise Refused(self._t("drill.none_missed"))
        self._open(deals[0], None, missed=len(deals))

    @guarded
    def deal(self, six: str | Iterable[Card], dealer: bool) -> None:
        """Drill on six cards of your own (``"5H 5D 6H 7S 8C 9D"``); ``dealer`` True if you deal."""
        if not isinstance(dealer, bool):
            raise Refused(self._t("drill.bad_dealer", value=repr(dealer)[:20]))
        if isinstance(six, str):
            held = parse_cards(six)   # the engine's refusal names the bad card ("type A for an ace")
            if len(held) != 6:
                raise Refused(self._t("drill.bad_six"))
        else:
            try:
                held = tuple(islice(six, 7))  # more than six is refused: read no further
            except TypeError:
                raise Refused(key="err.not_cards", value=repr(six)[:30]) from None
            if len(held) != 6 or not all(isinstance(c, Card) for c in held) or len(set(held)) != 6:
                raise Refused(self._t("drill.bad_six"))
        self._open(Drill(tuple(sorted(held)), dealer), None)

    @guarded
    def answer(self, discard: Iterable[Card] | str | None = None) -> None:
        """Lay away two cards: ``discard`` (cards or text), or the two picked on the buttons."""
        if self._answer is not None:
            raise Refused(self._t("drill.already"))
        if discard is None:
            away = self._picker.selected
        elif isinstance(discard, str):
            away = parse_cards(discard)
        else:
            try:
                away = tuple(discard)
            except TypeError:
                raise Refused(self._t("drill.pick_two", n=0)) from None
            if not all(isinstance(c, Card) for c in away):
                raise Refused(self._t("drill.pick_two", n=len(away)))
        if len(away) != 2 or len(set(away)) != 2:
            raise Refused(self._t("drill.pick_two", n=len(away)))
        for card in away:
            if card not in self._drill.six:
                raise Refused(self._t("drill.not_dealt", card=str(card)))
        advice = self.advice
        keep = [c for c in self._drill.six if c not in away]
        rank = advice.rank_of(keep)
        mine = advice[rank - 1]
        best = advice.best
        if self._tries and set(mine.discard) == set(self._tries[-1].discard):
            raise Refused(self._t("drill.same_again"))
        right = rank == 1 or best.net - mine.net <= RIGHT_MARGIN + 1e-9
        first = not self._tries
        self._tries.append(mine)
        if set(self._picker.selected) != set(away):
            self._picker.select(away)
        self._say("")   # a refusal shown before is answered now (before recording: its warning stays)
        if first:
            if right:
                self.right += 1
            else:
                self.wrong += 1
            self.history.append((self._drill, tuple(mine.discard), rank))
            self.record_answer(**drill_answer(self._drill, mine, best, right))
            self._offer_again()
        if right or len(self._tries) >= TRIES_BEFORE_ANSWER:
            self._answer = mine
            self.check_button.disabled = self.show_answer_button.disabled = True
            self._render_answer(mine, rank, right, second=not first)
            return
        # A first keep not near the best: a hint and a second try; the table waits.
        self.check_button.disabled = True   # until two cards are picked again
        self.show_answer_button.disabled = False
        parts = [("error", self._t("drill.not_yet"), True),
                 ("info", keep_hint(mine, best, dealer=self._drill.dealer, language=self.language), False),
                 ("info", self._t("drill.again"), False)]
        self._show_verdict(parts)
        self._show_score_line()

    @guarded
    def reveal(self) -> None:
        """Show the answer (the ranking, the best keep) after a first keep, without trying again."""
        if self._answer is not None:
            raise Refused(self._t("drill.already"))
        if not self._tries:
            raise Refused(self._t("drill.keep_first"))
        mine = self._tries[-1]
        self._answer = mine
        self._picker.select(mine.discard)
        self.check_button.disabled = self.show_answer_button.disabled = True
        self._say("")
        self._render_answer(mine, self.advice.rank_of(mine.keep), False)

    # Internals --------------------------------------------------------------------------------
    def _offer_again(self) -> None:
        """Show "A deal you missed" while there is one to practise."""
        self.again_button.layout.display = None if missed_deals(getattr(self, "progress_store", None)) else "none"

    def _open(self, drill: Drill, index: int | None, *, missed: int = 0) -> None:
        self._drill = drill
        self._index = index
        self._answer = None
        self._tries = []
        self._verdict_text = ""
        self.show_answer_button.disabled = True
        self._picker.set_cards(drill.six)
        self._picker.clear()   # a new deal: the last deal's refusal ("already picked 2") goes with it
        self._say("")
        self._verdict.value = self._table.value = ""
        self.check_button.disabled = True
        n = len(SHIPPED_DRILLS)
        if missed:
            which = self._t("drill.missed_which", n=missed)
        elif index is None:
            which = self._t("drill.own")
        elif index < n:
            which = self._t("drill.which", n=index + 1, of=n)
        else:
            which = self._t("drill.random_which", seed=self.seed + index - n)
        seat = self._t("drill.you_deal" if drill.dealer else "drill.you_pone")
        help_text = self._t("drill.help", margin=decimal(RIGHT_MARGIN, self.language, 1))
        self._heading.value = (f'<div class="cc-title">{html.escape(self._t("drill.title"))}</div>'
                               f'<div class="cc-text">{html.escape(which)} · <b>{html.escape(seat)}</b></div>'
                               f'<div class="cc-text">{html.escape(help_text)}</div>')
        self._show_score_line()

    def _picked(self, selected: tuple[Card, ...]) -> None:
        if self._answer is not None:
            # Answered: the cards stay as laid away, so the table keeps matching them.
            if set(selected) != set(self._answer.discard):
                self._picker.select(self._answer.discard)
                self._say(self._t("drill.already"), "error")
            return
        self.check_button.disabled = len(selected) != 2

    def _show_verdict(self, parts: list[tuple[str, str, bool]]) -> None:
        self._verdict.value = "".join(
            f'<div class="cc-msg cc-msg-{kind}{" cc-big" if big else " cc-text"}" role="status">'
            f'{html.escape(text)}</div>' for kind, text, big in parts)
        self._verdict_text = " ".join(text for _k, text, _b in parts)

    def _render_answer(self, mine: KeepOption, rank: int, right: bool, *, second: bool = False) -> None:
        language = self.language
        advice = self.advice
        best = advice.best
        total = len(advice)
        where = self._t("drill.rank", rank=ordinal(rank, language), of=total)
        if right and second:
            head = self._t("drill.right_second", where=where)
        elif rank == 1:
            head = self._t("drill.right_best")
        elif advice.best.net - mine.net < 1e-9:      # the same points: a keep tied with the best
            head = self._t("drill.right_tied", where=where)
        elif right:
            head = self._t("drill.right_close", where=where, margin=decimal(RIGHT_MARGIN, language, 1))
        else:
            head = self._t("drill.wrong", where=where)
        sign = 1.0 if advice.dealer else -1.0
        d_hand = mine.hand_ev - best.hand_ev
        d_crib = sign * (mine.crib_ev - best.crib_ev)
        parts = [(("ok" if right else "error"), head, True)]
        if right and second:
            parts.append(("info", self._t("drill.first_counts"), False))
        if advice.best.net - mine.net >= 1e-9:
            parts.append(("info", self._t("drill.given_up", net=_signed(d_hand + d_crib, language),
                                          hand=_signed(d_hand, language), crib=_signed(d_crib, language)),
                          False))
        parts.append(("info", self._t("drill.best", keep=cards_text(best.keep), away=cards_text(best.discard),
                                      why=discard_reason(best, language=language)), False))
        if self._drill.lesson:
            parts.append(("info", self._t("drill.lesson." + self._drill.lesson), False))
        self._show_verdict(parts)
        self._table.value = self._table_html(mine)
        self._show_score_line()

    def _table_html(self, mine: KeepOption) -> str:
        return keeps_table_html(self.advice, language=self.language, mine=mine, four_colour=self._picker.four_colour)

    def _show_score_line(self) -> None:
        self._score_line.value = f'<div class="cc-big">{html.escape(self.score_line)}</div>'


# The learner's row and the best row carry a mark in words as well as a background and an outline.
def _cards_html(cards: Iterable[Card], language: str, four_colour: bool) -> str:
    """Cards as text in their suit's colour (the symbol says the suit too)."""
    return " ".join(f'<span class="{suit_class(c.suit, four_colour)}" title="{html.escape(card_name(c, language))}">'
                    f"{html.escape(str(c))}</span>" for c in cards)


def keeps_table_html(advice: DiscardAdvice, *, language: str, mine: KeepOption | None = None,
                     four_colour: bool = False) -> str:
    """The keeps of ``advice``, best first, as an HTML table: a cell wraps its words on a narrow screen
    (a phone) where a plain-text table would wrap its columns into one another; wider than the screen,
    it scrolls sideways in its own box (1 px wide at least as the page sees it, so it never widens the
    output; as wide as the output in fact), never the page. ``mine`` marks the learner's keep."""
    def t(key: str) -> str:
        return render(key, language)

    crib = t("drill.col.your_crib" if advice.dealer else "drill.col.their_crib")
    heads = [t("drill.col.rank"), t("drill.col.keep"), t("drill.col.away"), t("drill.col.hand"), crib,
             t("drill.col.net"), "", t("drill.col.why")]
    rows = []
    for i, option in enumerate(advice, 1):
        marks = []
        if i == 1:
            marks.append("★ " + t("drill.mark.best"))
        if option is mine:
            marks.append("◀ " + t("drill.mark.yours"))
        style = ' class="cc-drill-mine"' if option is mine else (' class="cc-drill-best"' if i == 1 else "")
        cells = [html.escape(str(i)), _cards_html(option.keep, language, four_colour),
                 _cards_html(option.discard, language, four_colour)]
        cells += [html.escape(c) for c in (
            decimal(option.hand_ev, language, 2), decimal(option.crib_ev, language, 2),
            _signed(option.net, language), " ".join(marks), discard_reason(option, language=language))]
        rows.append(f"<tr{style}>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
    caption = t("drill.table_caption")
    return (f'<style>{_TABLE_CSS}</style><div class="cc-drill-scroll"><table class="cc-drill-table">'
            f"<caption>{html.escape(caption)}</caption>"
            "<thead><tr>" + "".join(f"<th>{html.escape(h)}</th>" for h in heads) + "</tr></thead><tbody>"
            + "".join(rows) + "</tbody></table></div>")


def keeps_table(advice: DiscardAdvice, *, language: str | None = None) -> w.HTML:
    """The keeps of ``advice`` as a widget (:func:`keeps_table_html`), for a lesson to show under a try-it:
    ``AfterAnswer(six, lambda: keeps_table(advise_discard("AC 4D 6H 9S JD KC", dealer=False)))``."""
    return w.HTML(keeps_table_html(advice, language=check_language(language)))


_TABLE_CSS = """
.cc-drill-scroll { width: 1px; min-width: 100%; overflow-x: auto; }
.cc-drill-scroll .cc-drill-table { min-width: 44em; }
.cc-drill-scroll .cc-drill-table td:nth-child(8) { min-width: 16em; }
.cc-drill-table { border-collapse: collapse; font-size: 16px; margin: 8px 0; }
.cc-drill-table caption { text-align: left; font-size: 17px; padding: 4px 0; }
.cc-drill-table th { white-space: nowrap; }
.cc-drill-table th, .cc-drill-table td { padding: 3px 8px; border-bottom: 1px solid #ccc; text-align: left; }
.cc-drill-table td:nth-child(4), .cc-drill-table td:nth-child(5), .cc-drill-table td:nth-child(6) {
  text-align: right; font-variant-numeric: tabular-nums; }
.cc-drill-table td:nth-child(2), .cc-drill-table td:nth-child(3) { white-space: nowrap; font-size: 18px; }
.cc-drill-table td:nth-child(7) { white-space: nowrap; font-weight: 700; }
.cc-drill-table td:nth-child(8) { font-size: 14px; color: #333; }
.cc-drill-table tr.cc-drill-best { background: #e3f4ee; }
.cc-drill-table tr.cc-drill-mine { background: #FFF3C4; outline: 3px solid #000; }
"""
