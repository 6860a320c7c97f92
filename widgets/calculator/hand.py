"""The hand calculator: any four cards and a starter, counted item by item, placed among all hands.

Cards are picked by clicking (the first four make the hand, the fifth is the starter) or typed
(``5H 5D 6H 7S 8C``, the starter last). The calculator shows every fifteen, pair, run, flush and
nobs (click one to see its cards lifted), the count said aloud, the total, where it falls among all
12,994,800 hands, and a share code and link that reopen the same hand.

A link's query (``?hand=5H5D6H7S&starter=8C&crib=0``) is read by :func:`parse_query`: plain text
split into known parts, cards read by the engine's parser, nothing ever evaluated. Anything
malformed is refused whole, with a message, and leaves the calculator empty.
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import Any

import ipywidgets as w

from cribbage import MAX_SCORE, Card, HandScore, stats
from machinery.chart_cache import cached_png
from widgets.base.view import Refused, View, figure_png, guarded, style_tag
from widgets.blocks.cards import CardRow, DeckPicker, ItemButtons
from widgets.calculator.link import (
    HandChoice,
    NoHand,
    parse_cards_text,
    parse_code,
    parse_query,
    query_language,
    quoted,
    share_code,
    share_query,
)
from widgets.i18n import ItemLine, cards_text, describe_items, percent_pair, points_text, spoken_count

__all__ = [
    "HandCalculator",
    "HandChoice",
    "parse_cards_text",
    "parse_code",
    "parse_query",
    "query_language",
    "share_code",
    "share_query",
]

#: The calculator on a phone: the typed box and the share code take the screen's width (their
#: widths are set on the element itself, hence !important), so nothing sticks out of a 390 px screen.
CALC_NARROW_CSS = """
@media (max-width: 600px) {
  body .cc-calc .widget-text { width: 100% !important; max-width: 100%; }
  body .cc-calc .cc-title { font-size: 22px; }
  body .cc-calc .cc-big { font-size: 23px; }
}
"""

@lru_cache(maxsize=128)
def _chart_png(highlight: int | None, crib: bool, log: bool, language: str) -> bytes:
    # A few hundred possible pictures (31 highlights, hand or crib, log or not, three languages): each
    # drawn once on the machine and kept (chart_cache), so a new kernel need not import matplotlib.
    def draw() -> bytes:
        from widgets.blocks.charts import distribution_chart

        return figure_png(distribution_chart(crib=crib, log=log, highlight=highlight, language=language,
                                             width=11, height=4.6), dpi=72, tight=False)

    name = f"distribution-{'crib' if crib else 'hand'}-{'log' if log else 'linear'}-{highlight}-{language}"
    return cached_png(name, draw)


class HandCalculator(View):
    """Score any hand or crib, see it among all hands, and share it.

    ``HandCalculator(language="en", four_colour=False, base_url="", chart=True)``; open a hand with
    :meth:`set_hand`, :meth:`type_cards`, :meth:`load_code` or :meth:`load_query` (or build one with
    :meth:`from_query`). Read back :attr:`hand`, :attr:`starter`, :attr:`crib`, :attr:`score`,
    :attr:`share_code`, :attr:`link`.
    """

    def __init__(self, *, language: str | None = None, four_colour: bool = False, base_url: str = "",
                 chart: bool = True) -> None:
        super().__init__(language=language)
        self.base_url = base_url
        self.four_colour = four_colour
        #: The chosen cards: a plain :class:`HandChoice`.
        self.choice = HandChoice()
        self._score: HandScore | None = None
        self._syncing = False
        self._chart_on = chart

        #: The 52 card buttons: ``calc.picker.buttons[card].click()``.
        self.picker = DeckPicker(pick=5, language=language, four_colour=four_colour)
        self.picker.on_change(self._guard(self._picked))
        self._row = CardRow(language=language, four_colour=four_colour, slots=4,
                            starter_label=self._t("card.starter"))
        self.text = w.Text(placeholder=self._t("calc.placeholder"), continuous_update=False,
                           description=self._t("calc.type"), layout=w.Layout(width="340px"),
                           style={"description_width": "initial"})
        self.text.observe(self._guard(lambda change: self._typed(change["new"])), names="value")
        self.score_button = self._button("calc.score", lambda: self._typed(self.text.value), "primary")
        self._clear_button = self._button("calc.clear", self.clear)
        self._crib = w.Checkbox(value=False, description=self._t("calc.crib"), indent=False,
                                layout=w.Layout(width="auto"))
        self._crib.observe(self._guard(lambda _c: self._rescore()), names="value")
        self._log = w.Checkbox(value=False, description=self._t("calc.log"), indent=False,
                               layout=w.Layout(width="auto"))
        self._log.observe(self._guard(lambda _c: self._draw_chart()), names="value")
        self._total = w.HTML()
        self._total.add_class("cc-calc-total")
        self._spoken = w.HTML()
        self._items_title = w.HTML()
        self._lines: list[ItemLine] = []
        self._items = ItemButtons(self._item_selected, guard=self._guard)
        self._where = w.HTML()
        self._chart = w.Image(format="png", layout=w.Layout(width="100%", max_width="880px"))
        self._code = w.Text(description=self._t("calc.code"), layout=w.Layout(width="380px"),
                            style={"description_width": "initial"})
        self._load_button = self._button("calc.load", lambda: self.load_code(self._code.value))
        self._link = w.HTML()
        # Names the button it speaks of from the catalogue, so the two always agree. Words about
        # controls are marked: the page's first paint, which has no controls, leaves them out.
        self._share_help = w.HTML(f'<div class="cc-text cc-needs-controls">'
                                  f'{html.escape(self._t("calc.share_help", button=self._t("calc.load")))}</div>')
        self._stale = False
        self._stale_note = w.HTML()
        self._badge = w.HTML()

        typed = w.HBox([self.text, self.score_button, self._clear_button, self._crib],
                       layout=w.Layout(align_items="center", flex_flow="row wrap"))
        share = w.HBox([self._code, self._load_button, self._link],
                       layout=w.Layout(align_items="center", flex_flow="row wrap"))
        results = w.VBox([self._total, self._spoken, self._items_title, self._items, self._where])
        self.add_class("cc-calc")
        self.children = [
            style_tag(), w.HTML(f"<style>{CALC_NARROW_CSS}</style>", layout=w.Layout(display="none")),
            w.HTML(f'<div class="cc-title">{html.escape(self._t("calc.title"))}</div>'
                   f'<div class="cc-text cc-needs-controls">{html.escape(self._t("calc.help"))}</div>'),
            self.picker, typed, self._message, self._badge, self._row, self._stale_note, results,
            *([w.VBox([self._log, self._chart])] if chart else []), self._share_help, share,
        ]
        self._rescore()

    # Building from a link -----------------------------------------------------------------------
    @classmethod
    def from_query(cls, query: str | bytes | Mapping[str, Any], **kwargs: Any) -> HandCalculator:
        """A calculator opened on the hand in a link's query; a malformed one leaves it empty, with a
        message. The link's ``lang=`` sets the language unless ``language=`` is given."""
        if kwargs.get("language") is None:
            kwargs["language"] = query_language(query)
        calculator = cls(**kwargs)
        calculator.load_query(query)
        return calculator

    def load_query(self, query: str | bytes | Mapping[str, Any]) -> bool:
        """Open the hand in a link's query. Returns whether it was accepted; if not, the calculator
        is emptied and says why."""
        try:
            hand, starter, crib = parse_query(query, self.language)
        except NoHand:
            self.clear()
            return False
        except Refused as refusal:
            self.clear()
            self._say(str(refusal), "error")
            return False
        self._set(hand, starter, crib)
        self._say(self._t("calc.loaded", code=self.share_code), "ok")
        return True

    @guarded
    def load_code(self, code: str) -> None:
        """Open a share code such as ``5H5D6H7S/8C``; a bad one changes nothing and says why."""
        hand, starter, crib = parse_code(code, self.language)
        self._set(hand, starter, crib)
        self._say(self._t("calc.loaded", code=self.share_code), "ok")

    # The model --------------------------------------------------------------------------------
    @property
    def hand(self) -> tuple[Card, ...]:
        return tuple(self.choice.hand)

    @property
    def starter(self) -> Card | None:
        return self.choice.starter

    @property
    def crib(self) -> bool:
        return bool(self._crib.value)

    @crib.setter
    def crib(self, value: bool) -> None:
        self._crib.value = bool(value)

    @property
    def score(self) -> HandScore | None:
        """The itemized count, once four cards and a starter are chosen."""
        return self._score

    @property
    def share_code(self) -> str:
        if self._score is None:
            return ""
        # A count is made only once the starter is chosen: the starter is a card here, not None.
        return share_code(self.choice.hand, self.choice.starter, self.crib)  # type: ignore[arg-type]

    @property
    def query(self) -> str:
        if self._score is None:
            return ""
        # As in share_code: with a count, the starter is a card.
        return share_query(self.choice.hand, self.choice.starter, self.crib, self.language)  # type: ignore[arg-type]

    @property
    def link(self) -> str:
        return f"{self.base_url}?{self.query}" if self._score is not None else ""

    @property
    def item_buttons(self) -> tuple[w.Button, ...]:
        return self._items.buttons

    @property
    def highlighted(self) -> frozenset[Card]:
        return self._row.highlighted

    @property
    def stale(self) -> bool:
        """True after a refused input while an earlier hand's count is still on screen (and said so)."""
        return self._stale

    @property
    def crib_badge(self) -> str:
        """The crib badge's words while "Count as a crib" is on, else ``""``."""
        if not self.crib:
            return ""
        return f'{self._t("calc.crib_badge")}: {self._t("calc.crib_rule")}'

    # Actions ----------------------------------------------------------------------------------
    @guarded
    def set_hand(self, hand: str | Iterable[Card], starter: str | Card, crib: bool | None = None) -> None:
        """Open four cards and a starter (text or cards). A bad hand changes nothing and says why."""
        def as_text(cards: Any) -> str:
            # Text, a card, or a list of cards (or their texts); anything else is named as not a card.
            if isinstance(cards, Card):
                return cards.code
            if isinstance(cards, str):
                return cards
            if isinstance(cards, (list, tuple)) and len(cards) <= 52 \
                    and all(isinstance(c, (Card, str)) for c in cards):
                return " ".join(c.code if isinstance(c, Card) else c for c in cards)
            raise Refused(self._t("err.not_a_card", text=quoted(repr(cards))))

        hand_text, starter_text = as_text(hand), as_text(starter)
        starters = parse_cards_text(starter_text, self.language, count=None)
        if len(starters) != 1:
            raise Refused(self._t("calc.link_starter_count", n=len(starters)))
        found = parse_cards_text(hand_text + " " + starter_text, self.language, count=5)
        self._set(found[:4], found[4], self.crib if crib is None else bool(crib))
        self._say("")

    def type_cards(self, text: str) -> None:
        """As if the learner typed ``text`` and pressed "Score it"."""
        self.text.value = text
        self.score_button.click()

    def clear(self) -> None:
        self._set((), None, self.crib, rescore=True)
        self._say("")

    def select_item(self, index: int) -> None:
        """Lift the cards of item ``index`` of the count (again to drop them)."""
        self._items.select(index)

    def _item_selected(self, index: int | None) -> None:
        self._row.highlight(self._lines[index].cards if index is not None else ())

    # Internals --------------------------------------------------------------------------------
    def _say(self, text: str, kind: str = "info") -> None:
        super()._say(text, kind)
        # A refusal while a count is shown: say whose count it still is, so it is not taken for
        # the count of what was just typed.
        stale = kind == "error" and getattr(self, "_score", None) is not None
        if stale != getattr(self, "_stale", False):
            self._stale = stale
            self._show_stale()

    def _show_stale(self) -> None:
        if not self._stale or self._score is None:
            self._stale_note.value = ""
            return
        what = self._t("calc.what.crib" if self.crib else "calc.what.hand")
        shown = f"{cards_text(self.choice.hand)} | {self.choice.starter}"
        self._stale_note.value = (f'<div class="cc-msg cc-msg-info" role="status">'
                                  f'{html.escape(self._t("calc.stale", what=what, cards=shown))}</div>')

    def _show_badge(self) -> None:
        if not self.crib:
            self._badge.value = ""
            return
        # A badge in words and a border, not in colour alone, before any card is counted.
        self._badge.value = (
            '<div class="cc-text" role="note" style="margin:4px 0">'
            '<strong style="display:inline-block;border:3px solid #000;border-radius:6px;padding:1px 10px;'
            'letter-spacing:1px;background:#FFF3C4;margin:0 8px 0 0">'
            f'{html.escape(self._t("calc.crib_badge"))}</strong>{html.escape(self._t("calc.crib_rule"))}</div>')

    def _typed(self, text: str) -> None:
        if not text.strip():
            return
        found = parse_cards_text(text, self.language, count=5)
        self._set(found[:4], found[4], self.crib)
        self._say("")

    def _set(self, hand: Iterable[Card], starter: Card | None, crib: bool, rescore: bool = True) -> None:
        self.choice.set(hand, starter, self.choice.crib)
        self._syncing = True
        try:
            self.picker.select(self.choice.cards)
            if self._crib.value != crib:
                self._crib.value = crib  # observed: rescores
        finally:
            self._syncing = False
        if rescore:
            self._rescore()

    def _picked(self, selected: tuple[Card, ...]) -> None:
        if self._syncing:
            return
        self.choice.follow(selected)
        self._say("")
        self._rescore()

    def _rescore(self) -> None:
        self.choice.crib = self.crib
        self._score = self.choice.score()
        self._show_badge()
        self._show_stale()
        self._row.set_cards(self.choice.hand, self.choice.starter)
        score = self._score
        if score is None:
            need = self.choice.missing
            self._total.value = f'<div class="cc-big">{html.escape(self._t("calc.need", n=need))}</div>'
            self._spoken.value = self._items_title.value = self._where.value = self._link.value = ""
            self._lines = []
            self._items.set_lines([])
            self._code.value = ""
        else:
            what = self._t("calc.what.crib" if self.crib else "calc.what.hand")
            self._total.value = (f'<div class="cc-big" role="status">{html.escape(what.capitalize())}: '
                                 f'{html.escape(points_text(score.total, self.language))}</div>')
            self._spoken.value = (f'<div class="cc-spoken">'
                                  f'{html.escape(self._t("calc.spoken", text=spoken_count(score, self.language)))}</div>')
            lines = describe_items(score, self.language)
            # The click hint is marked: the app's first paint shows the items before they can be clicked.
            self._items_title.value = f'<div class="cc-text">{html.escape(self._t("calc.items"))}</div>' \
                f'<div class="cc-text cc-needs-controls">{html.escape(self._t("calc.items_click"))}</div>' \
                if lines else f'<div class="cc-text">{html.escape(self._t("item.none"))}</div>'
            self._lines = lines
            self._items.set_lines([line.text for line in lines])
            self._where.value = f'<div class="cc-text">{html.escape(self._where_text(score, what))}</div>'
            self._code.value = self.share_code
            link = html.escape(self.link, quote=True)
            self._link.value = (f'<span class="cc-text">{html.escape(self._t("calc.link"))}: '
                                f'<a class="cc-code" href="{link}" target="_blank">{link}</a></span>')
        self._draw_chart()

    def _where_text(self, score: HandScore, what: str) -> str:
        if score.total >= MAX_SCORE:
            counts = stats.hand_distribution(crib=self.crib)
            share = counts[MAX_SCORE] / counts.sum()
            return self._t("calc.share_top", what=what, share=percent_pair(share, self.language)[0])
        at_most, more = percent_pair(stats.share_at_most(score.total, crib=self.crib), self.language)
        return self._t("calc.share_at_most", at_most=at_most, more=more, total=score.total, what=what)

    def _draw_chart(self) -> None:
        if self._chart_on:
            total = self._score.total if self._score is not None else None
            self._chart.value = _chart_png(total, self.crib, self._log.value, self.language)
