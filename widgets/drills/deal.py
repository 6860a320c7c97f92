"""The first thing a learner does: deal six, lay two away to the crib, turn the starter.

:class:`DealSteps` is the plain model (seeded: the same seed deals the same cards), and
:class:`DealPractice` its view: tap the deck to deal, click two of your six cards and lay them
away, then cut for the starter. The computer lays away its own two (the engine's best keep), and
the deal alternates with every new deal. At the end the hand is counted aloud, a taste of the show.
"""

from __future__ import annotations

import html
from collections.abc import Iterable

import ipywidgets as w

from cribbage import Card, Deck, advise_discard, score_hand
from cribbage import cards as parse_cards
from widgets.base.view import Refused, View, guarded, style_tag
from widgets.blocks.cards import CardPicker, CardRow
from widgets.i18n import cards_text, points_text, spoken_count

__all__ = ["DealPractice", "DealSteps"]

_STEPS = ("deck", "discard", "cut", "done")


class DealSteps:
    """One deal as a plain object: ``step`` goes deck -> discard -> cut -> done.

    Deal number ``n`` (from 1) shuffles with ``seed + n - 1``; you deal the first, the computer the
    second, and so on. Each action verifies first (raising :class:`Refused`), then acts.
    """

    def __init__(self, seed: int = 7) -> None:
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ValueError(f"seed must be a whole number, not {seed!r}")
        self.seed = seed
        self.deal_number = 0
        self.step = "deck"
        self.six: tuple[Card, ...] = ()
        self.computer_six: tuple[Card, ...] = ()
        self.laid_away: tuple[Card, ...] = ()
        self.computer_laid_away: tuple[Card, ...] = ()
        self.starter: Card | None = None
        self._rest: Deck | None = None

    @property
    def you_deal(self) -> bool:
        """You deal the odd-numbered deals (the crib is yours), the computer the even ones."""
        return self.deal_number % 2 == 1

    @property
    def kept(self) -> tuple[Card, ...]:
        return tuple(card for card in self.six if card not in self.laid_away)

    @property
    def crib(self) -> tuple[Card, ...]:
        return self.laid_away + self.computer_laid_away

    @property
    def his_heels(self) -> bool:
        return self.starter is not None and self.starter.rank == 11

    def deal(self) -> None:
        """Shuffle and deal six each, the pone first, as the dealer does."""
        self.deal_number += 1
        deck = Deck().shuffled(self.seed + self.deal_number - 1)
        (pone, dealer), self._rest = deck.deal(hands=2, each=6)
        mine, theirs = (dealer, pone) if self.you_deal else (pone, dealer)
        self.six, self.computer_six = tuple(sorted(mine)), theirs
        self.laid_away = self.computer_laid_away = ()
        self.starter = None
        self.step = "discard"

    def verify_lay_away(self, two: Iterable[Card]) -> tuple[Card, ...]:
        if self.step != "discard":
            raise Refused(key="deal.not_now")
        chosen = tuple(dict.fromkeys(two))
        if len(chosen) != 2:
            raise Refused(key="deal.pick_two", n=len(chosen))
        for card in chosen:
            if card not in self.six:
                raise Refused(key="drill.not_dealt", card=str(card))
        return chosen

    def lay_away(self, two: Iterable[Card] | str) -> None:
        """Lay two of your six away to the crib; the computer lays away its best two."""
        chosen = self.verify_lay_away(parse_cards(two) if isinstance(two, str) else two)
        self.laid_away = tuple(sorted(chosen))
        best = advise_discard(self.computer_six, dealer=not self.you_deal).best
        self.computer_laid_away = tuple(best.discard)
        self.step = "cut"

    def cut(self) -> Card:
        """The pone cuts, the dealer turns up the starter (the middle of the rest of the deck)."""
        if self.step != "cut" or self._rest is None:
            raise Refused(key="deal.not_now")
        self.starter = self._rest.cut(len(self._rest) // 2)
        self.step = "done"
        return self.starter


def _backs(n: int, label: str) -> str:
    back = ('<span class="cc-card" role="img" aria-label="{label}" title="{label}" style="background:'
            'repeating-linear-gradient(45deg,#0072B2 0 7px,#fff 7px 12px)"></span>').format(label=html.escape(label))
    return f'<div class="cc-row">{back * n}</div>'


class DealPractice(View):
    """Deal a hand yourself: tap the deck, lay two away to the crib, cut for the starter.

    Drive it from Python as from the page: ``deal_button.click()``, ``picker.buttons[card].click()``,
    ``lay_away_button.click()``, ``cut_button.click()``, ``again_button.click()``. The model is
    :attr:`steps`.
    """

    def __init__(self, *, seed: int = 7, language: str | None = None) -> None:
        super().__init__(language=language)
        self.steps = DealSteps(seed)
        self._title = w.HTML(f'<div class="cc-title">{html.escape(self._t("deal.title"))}</div>')
        self._who = w.HTML()
        self._theirs = w.HTML()
        self.deal_button = w.Button(description=self._t("deal.deck"), tooltip=self._t("deal.deck"),
                                    layout=w.Layout(width="auto", align_self="flex-start"))
        self.deal_button.on_click(self._guard(lambda _b: self.deal()))
        self.picker = CardPicker((), pick=2, language=language, show_status=False)
        self.picker.on_change(lambda _selected: self._refresh())
        self.lay_away_button = self._button("deal.lay_away", self.lay_away, align_self="flex-start")
        self.cut_button = self._button("deal.cut", self.cut, align_self="flex-start")
        self.again_button = self._button("deal.again", self.deal, align_self="flex-start")
        self._hand_label = w.HTML()
        self._hand = CardRow(language=language)
        self._crib = w.HTML()
        self._count = w.HTML()
        self.children = [style_tag(), self._title, self._who, self._theirs, self.deal_button, self.picker,
                         self.lay_away_button, self._crib, self.cut_button, self._hand_label, self._hand, self._count,
                         self._message, self.again_button]
        self._refresh()

    # Actions ---------------------------------------------------------------------------------
    @guarded
    def deal(self) -> None:
        self.steps.deal()
        self.picker.set_cards(self.steps.six)
        self.picker.clear()   # a refusal said on the last deal is not news on this one
        self._refresh()

    @guarded
    def lay_away(self, two: Iterable[Card] | str | None = None) -> None:
        """Lay away ``two`` (or the two cards picked on screen)."""
        self.steps.lay_away(self.picker.selected if two is None else two)
        self._refresh()

    @guarded
    def cut(self) -> None:
        self.steps.cut()
        self._refresh()

    # Drawing ---------------------------------------------------------------------------------
    def _text(self, widget: w.HTML, text: str, css: str = "cc-text") -> None:
        widget.value = f'<div class="{css}">{html.escape(text)}</div>' if text else ""

    def _show(self, widget: w.Widget, shown: bool) -> None:
        widget.layout.display = None if shown else "none"

    def _refresh(self) -> None:
        s = self.steps
        step = s.step
        self._show(self.deal_button, step == "deck")
        self._show(self.picker, step == "discard")
        self._show(self.lay_away_button, step == "discard")
        self.lay_away_button.disabled = len(self.picker.selected) != 2
        self._show(self.cut_button, step == "cut")
        self._show(self.again_button, step == "done")
        self._show(self._hand, step in ("cut", "done"))
        self._show(self._hand_label, step in ("cut", "done"))
        if step == "deck":
            self._text(self._who, "")
            self._theirs.value = _backs(1, self._t("deal.deck_label"))
            self._crib.value = ""
            self._count.value = ""
            self._say(self._t("deal.tap"))
            return
        whose = self._t("deal.you_deal" if s.you_deal else "deal.you_pone", n=s.deal_number)
        self._text(self._who, whose)
        self._theirs.value = (f'<div class="cc-text">{html.escape(self._t("deal.their_cards"))}</div>'
                              + _backs(6 if step == "discard" else 4, self._t("deal.face_down")))
        if step == "discard":
            self._crib.value = ""
            self._count.value = ""
            picked = len(self.picker.selected)
            self._say(self._t("deal.pick") if picked < 2 else self._t("deal.ready",
                                                                          cards=cards_text(self.picker.selected)))
            return
        owner = self._t("deal.crib_yours" if s.you_deal else "deal.crib_theirs")
        self._crib.value = (f'<div class="cc-text">{html.escape(owner)}</div>'
                            + _backs(4, self._t("deal.face_down")))
        self._text(self._hand_label, self._t("deal.your_hand", cards=cards_text(s.laid_away)))
        label = self._t("card.starter")
        self._hand.set_cards(s.kept, starter=s.starter, starter_label=label)
        if step == "cut":
            self._count.value = ""
            self._say(self._t("deal.laid", cards=cards_text(s.laid_away)))
            return
        assert s.starter is not None  # the cut that made the step "done" turned it
        lines = [self._t("deal.starter", card=str(s.starter))]
        if s.his_heels:
            lines.append(self._t("deal.heels_you" if s.you_deal else "deal.heels_them"))
        show = score_hand(s.kept, s.starter)
        lines.append(self._t("deal.count", points=points_text(show.total, self.language),
                              spoken=spoken_count(show, self.language)))
        self._count.value = "".join(f'<div class="cc-text">{html.escape(line)}</div>' for line in lines)
        self._say(self._t("deal.next"), "ok")
