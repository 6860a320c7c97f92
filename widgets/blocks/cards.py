"""Cards on screen: an HTML card that looks like a card, a row of them, and pickers of buttons.

A card always shows its rank and suit symbol (colour is a help, never the only sign), carries its
name for screen readers (``aria-label`` and a tooltip: "five of hearts"), and is big enough for a
projector. Where the learner chooses, each card is a ``Button``: reachable by keyboard, toggled by
a click, the selection shown by a thick outline and a check mark.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Iterable, Sequence
from typing import cast

import ipywidgets as w

from cribbage import FULL_DECK, Card, Suit
from cribbage import cards as read_cards
from widgets.base.view import Guard, View, close_all, style_tag
from widgets.i18n import card_name, cards_text, check_language, render

__all__ = ["NARROW_CSS", "CardPicker", "CardRow", "DeckPicker", "ItemButtons", "card_html", "narrow_style",
           "row_html", "suit_class"]

#: Cards on a phone (a window under 600 px wide): smaller cards, so that a hand and its starter
#: fit one row of a 390 px screen, and card buttons that still take a thumb (at least 44 px). Each rule
#: starts at ``body`` to outweigh the course's CSS, which every view repeats later on the page.
NARROW_CSS = """
@media (max-width: 600px) {
  body .cc-row { gap: 7px; padding: 8px 0 10px 0; }
  body .cc-card { width: 56px; height: 82px; padding: 3px 5px; border-radius: 7px; }
  body .cc-card .cc-idx { font-size: 20px; }
  body .cc-card .cc-pip { font-size: 30px; }
  body .cc-card .cc-idx-b { font-size: 13px; }
  body .cc-card.cc-hi { border-width: 4px; transform: translateY(-6px); }
  body .cc-gap { width: 8px; }
  body .cc-slot-label { font-size: 14px; }
  body .jupyter-widgets.jupyter-button.cc-cardbtn { width: 58px; height: 48px; font-size: 19px; }
  body .jupyter-widgets.jupyter-button.cc-cardbtn.cc-small { width: 44px; height: 40px; font-size: 16px; margin: 0; }
  body .cc-view .widget-hbox { gap: 5px; }
  body .cc-view .cc-msg, body .cc-view .cc-text { font-size: 16px; }
  body .cc-view .cc-title { font-size: 21px; }
  body .jupyter-widgets.jupyter-button.cc-cardbtn.cc-small.cc-selected::after { font-size: 11px; top: -1px; right: 1px; }
}
"""


def narrow_style() -> w.HTML:
    """A hidden widget carrying :data:`NARROW_CSS` (a ``<style>`` applies wherever it sits on the page)."""
    return w.HTML(f"<style>{NARROW_CSS}</style>", layout=w.Layout(display="none"))


def suit_class(suit: Suit, four_colour: bool = False) -> str:
    """The CSS class that colours a suit: red and black, or one colour per suit."""
    if four_colour:
        return f"cc-c4-{suit.name.lower()}"
    return "cc-red" if suit.is_red else "cc-black"


def card_html(card: Card, *, language: str | None = None, four_colour: bool = False,
              highlight: bool = False) -> str:
    """One card as HTML: the index (rank and suit) top left, a big pip, the rank code bottom right."""
    name = html.escape(card_name(card, language))
    classes = f"cc-card {suit_class(card.suit, four_colour)}" + (" cc-hi" if highlight else "")
    return (f'<span class="{classes}" role="img" aria-label="{name}" title="{name}">'
            f'<span class="cc-idx">{card.label}{card.suit.symbol}</span>'
            f'<span class="cc-pip" aria-hidden="true">{card.suit.symbol}</span>'
            f'<span class="cc-idx-b" aria-hidden="true">{card.code}</span></span>')


def _slot(inner: str, label: str | None) -> str:
    caption = f'<span class="cc-slot-label">{html.escape(label)}</span>' if label else ""
    return f'<span class="cc-slot">{inner}{caption}</span>'


def row_html(cards: Sequence[Card], *, starter: Card | None = None, starter_label: str | None = None,
             highlight: Iterable[Card] = (), language: str | None = None, four_colour: bool = False,
             empty_slots: int = 0) -> str:
    """A row of cards, then (apart) the starter with its caption; ``empty_slots`` draws blanks."""
    marked = set(highlight)
    parts = [_slot(card_html(c, language=language, four_colour=four_colour, highlight=c in marked), None)
             for c in cards]
    parts += ['<span class="cc-card cc-empty" aria-hidden="true"></span>'] * empty_slots
    if starter is not None or starter_label:
        parts.append('<span class="cc-gap"></span>')
        inner = (card_html(starter, language=language, four_colour=four_colour, highlight=starter in marked)
                 if starter is not None else '<span class="cc-card cc-empty" aria-hidden="true"></span>')
        parts.append(_slot(inner, starter_label))
    return f'<div class="cc-row">{"".join(parts)}</div>'


def _read_cards(cards: object, what: str) -> tuple[Card, ...]:
    """Cards given to a view by code: Card objects, or text the engine reads; anything else says
    what was expected (a programming mistake, not a learner's)."""
    if isinstance(cards, str):
        return read_cards(cards)
    try:
        given = tuple(cast("Iterable[Card]", cards))  # checked to be cards just below
    except TypeError:
        raise TypeError(f"{what} must be cards (Card objects or text such as '5H 5D'), not {cards!r:.40}") from None
    if not all(isinstance(card, Card) for card in given):
        raise TypeError(f"{what} must be Card objects or text such as '5H 5D', not {given!r:.60}")
    return given


class CardRow(w.VBox):
    """Cards to look at (not to choose): a hand, and optionally the starter set apart.

    ``highlight(cards)`` lifts and outlines some of them, e.g. the cards of one scoring item.
    """

    def __init__(self, cards: Iterable[Card] = (), *, starter: Card | None = None,
                 starter_label: str | None = None, language: str | None = None, four_colour: bool = False,
                 slots: int = 0) -> None:
        self.language = check_language(language)
        self.four_colour = bool(four_colour)
        self._cards: tuple[Card, ...] = tuple(cards)
        self._starter = starter
        self._starter_label = starter_label
        self._highlight: frozenset[Card] = frozenset()
        self._slots = slots
        self._html = w.HTML()
        super().__init__([style_tag(), narrow_style(), self._html])
        self._render()

    @property
    def cards(self) -> tuple[Card, ...]:
        return self._cards

    @property
    def starter(self) -> Card | None:
        return self._starter

    @property
    def highlighted(self) -> frozenset[Card]:
        return self._highlight

    @property
    def html(self) -> str:
        """The HTML now shown (for tests and screen-reader checks)."""
        return str(self._html.value)

    def set_cards(self, cards: str | Iterable[Card], starter: str | Card | None = None,
                  starter_label: str | None = None) -> None:
        """Show ``cards`` (Card objects, or text such as ``"5H 5D 6H 7S"``) and the ``starter``."""
        shown = _read_cards(cards, "cards")
        turned = None if starter is None else _read_cards([starter] if isinstance(starter, Card) else starter,
                                                          "starter")
        if turned is not None and len(turned) != 1:
            raise ValueError(f"starter must be one card, not {len(turned)}")
        self._cards = shown
        self._starter = None if turned is None else turned[0]
        if starter_label is not None:
            self._starter_label = starter_label
        self._highlight = frozenset()
        self._render()

    def highlight(self, cards: Iterable[Card] = ()) -> None:
        self._highlight = frozenset(cards)
        self._render()

    def _render(self) -> None:
        empty = max(0, self._slots - len(self._cards))
        # a starter set apart is captioned as such unless the view says otherwise
        label = self._starter_label
        if label is None and self._starter is not None:
            label = render("card.starter", self.language)
        self._html.value = row_html(self._cards, starter=self._starter, starter_label=label,
                                    highlight=self._highlight, language=self.language,
                                    four_colour=self.four_colour, empty_slots=empty)


class CardPicker(View):
    """Pick up to ``pick`` of the given cards by clicking them (click again to put one back).

    ``selected`` is the picked cards in the order they were picked. ``on_change(callback)`` calls
    ``callback(selected)`` after every change. A click past the limit is refused with a message.
    """

    def __init__(self, cards: Iterable[Card], *, pick: int = 2, per_row: int = 13, language: str | None = None,
                 four_colour: bool = False, small: bool = False, show_status: bool = True) -> None:
        super().__init__(language=language)
        if not isinstance(pick, int) or pick < 1:
            raise ValueError(f"pick must be a whole number of cards, at least 1, not {pick!r}")
        self.pick = pick
        self.four_colour = bool(four_colour)
        self._small = small
        self._per_row = per_row
        self._selected: list[Card] = []
        self._callbacks: list[Callable[[tuple[Card, ...]], None]] = []
        self._buttons: dict[Card, w.Button] = {}
        self._grid = w.VBox()
        self._status = w.HTML()
        self._show_status = show_status
        self.children = [style_tag(), narrow_style(), self._grid, self._status, self._message]
        self.set_cards(cards)

    # The model --------------------------------------------------------------------------------
    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(self._buttons)

    @property
    def selected(self) -> tuple[Card, ...]:
        return tuple(self._selected)

    @property
    def buttons(self) -> dict[Card, w.Button]:
        """The button of each card, to drive from Python: ``picker.buttons[card].click()``."""
        return dict(self._buttons)

    def can_toggle(self, card: Card) -> bool:
        return card in self._buttons and (card in self._selected or len(self._selected) < self.pick)

    def on_change(self, callback: Callable[[tuple[Card, ...]], None]) -> None:
        """Call ``callback(selected)`` after every change of the selection."""
        if not callable(callback):
            raise TypeError(f"on_change needs a function taking the selected cards, not {callback!r:.40}")
        self._callbacks.append(callback)

    def set_cards(self, cards: Iterable[Card]) -> None:
        """Offer new cards; the selection is cleared."""
        offered = _read_cards(cards, "cards")
        # The old buttons and rows go for good: a closed widget frees its kernel-side state.
        for row in self._grid.children:
            close_all(row)
        self._selected = []
        self._buttons = {}
        for card in offered:
            button = w.Button(description=str(card), tooltip=card_name(card, self.language))
            button.add_class("cc-cardbtn")
            button.add_class(suit_class(card.suit, self.four_colour))
            if self._small:
                button.add_class("cc-small")
            button.on_click(self._guard(lambda _b, card=card: self.toggle(card)))
            self._buttons[card] = button
        buttons = list(self._buttons.values())
        rows = [w.HBox(buttons[i:i + self._per_row]) for i in range(0, len(buttons), self._per_row)]
        self._grid.children = rows
        self._refresh(notify=False)

    def toggle(self, card: Card) -> None:
        """Pick ``card``, or put it back if already picked. Refused (a message) past the limit."""
        if card not in self._buttons:
            self._say(self._t("picker.unknown", card=str(card)), "error")
            return
        if card in self._selected:
            self._selected.remove(card)
        elif len(self._selected) >= self.pick:
            self._say(self._t("picker.full", n=self.pick), "error")
            return
        else:
            self._selected.append(card)
        self._say("")
        self._refresh()

    def select(self, cards: Iterable[Card]) -> None:
        """Replace the selection (all or nothing: a refused list changes nothing)."""
        wanted = list(dict.fromkeys(cards))
        for card in wanted:
            if card not in self._buttons:
                self._say(self._t("picker.unknown", card=str(card)), "error")
                return
        if len(wanted) > self.pick:
            self._say(self._t("picker.full", n=self.pick), "error")
            return
        self._selected = wanted
        self._say("")
        self._refresh()

    def clear(self) -> None:
        self._selected = []
        self._say("")
        self._refresh()

    def _refresh(self, notify: bool = True) -> None:
        chosen = set(self._selected)
        for card, button in self._buttons.items():
            # Only buttons whose state changed are touched: each change is a message to the browser.
            if (card in chosen) == ("cc-selected" in button._dom_classes):
                continue
            name = card_name(card, self.language)
            if card in chosen:
                button.add_class("cc-selected")
                button.tooltip = f"{name} ({self._t('card.selected')})"
            else:
                button.remove_class("cc-selected")
                button.tooltip = name
        if self._show_status:
            shown = cards_text(self._selected) or self._t("picker.none")
            self._status.value = f'<div class="cc-text">{html.escape(self._t("picker.picked", cards=shown))}</div>'
        if notify:
            for callback in self._callbacks:
                callback(self.selected)


class DeckPicker(CardPicker):
    """All 52 cards, a row per suit, for choosing any hand: pick up to ``pick`` (default 5)."""

    def __init__(self, *, pick: int = 5, language: str | None = None, four_colour: bool = False,
                 show_status: bool = False) -> None:
        by_suit = [card for suit in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
                   for card in FULL_DECK if card.suit == suit]
        super().__init__(by_suit, pick=pick, per_row=13, language=language, four_colour=four_colour,
                         small=True, show_status=show_status)


class ItemButtons(w.VBox):
    """The lines of an itemized count as buttons: clicking one selects it (again to let go), and
    ``on_select(index or None)`` is told. Buttons are kept and relabelled, not rebuilt, because
    creating a widget costs far more than changing its label."""

    def __init__(self, on_select: Callable[[int | None], None],
                 guard: Guard = lambda f: f) -> None:
        super().__init__(layout=w.Layout(align_items="flex-start"))
        self._on_select = on_select
        self._guard = guard
        self._pool: list[w.Button] = []
        self._shown = 0
        self.selected: int | None = None

    @property
    def buttons(self) -> tuple[w.Button, ...]:
        return tuple(self._pool[:self._shown])

    def set_lines(self, texts: Sequence[str]) -> None:
        while len(self._pool) < len(texts):
            button = w.Button(layout=w.Layout(width="auto"))
            button.add_class("cc-item")
            index = len(self._pool)
            button.on_click(self._guard(lambda _b, i=index: self.select(i)))
            self._pool.append(button)
        for button, text in zip(self._pool, texts):
            if button.description != text:
                button.description = text
                button.tooltip = text
        if self.selected is not None:
            self._pool[self.selected].remove_class("cc-selected")
        self.selected = None
        if self._shown != len(texts):
            self._shown = len(texts)
            self.children = tuple(self._pool[:self._shown])

    def select(self, index: int) -> None:
        """Select line ``index``, or let it go if it is the one selected; other indexes are ignored."""
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < self._shown:
            return
        if self.selected is not None:
            self._pool[self.selected].remove_class("cc-selected")
        self.selected = None if self.selected == index else index
        if self.selected is not None:
            self._pool[self.selected].add_class("cc-selected")
        self._on_select(self.selected)
