"""The hand calculator in the visitor's browser: the Python half of ``apps/static_calculator/``.

Pyodide (CPython in WebAssembly) runs this module in the page, over the project's own wheel, so the
page counts a hand with the engine itself (:func:`cribbage.score_hand`), reads links and typed cards
with the Voilà calculator's own code (:mod:`widgets.calculator.link`) and says everything with the
catalogue (:func:`cribbage.lang.messages.render`). The page's JavaScript draws; every word and every
decision comes from here as plain data (:meth:`Page.state`), so the two calculators agree.

In the browser neither ipywidgets nor matplotlib is there: only the plain modules of the views are used,
:mod:`widgets.calculator.link`, :mod:`widgets.i18n`, :mod:`widgets.i18n.messages`,
:mod:`widgets.base.refusal` (``import widgets`` itself loads only its words; its views come when asked for).

The build (``python -m apps.static_calculator.build``) imports this module too, in the project's
own Python, to write the page's words in each language (:func:`page_words`): the static words the
page shows before Python has started, and the words of the first paint, which counts the link's
hand in a few lines of JavaScript while Pyodide loads.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from cribbage import FULL_DECK, MAX_SCORE, Card
from cribbage.lang.messages import render
from cribbage.registry.languages import CODES
from widgets.base.refusal import Refused
from widgets.calculator.link import (
    HandChoice,
    NoHand,
    parse_cards_text,
    parse_code,
    parse_query,
    query_language,
    share_code,
    share_query,
    standing_text,
)
from widgets.i18n import (
    card_name,
    cards_text,
    check_language,
    describe_items,
    points_text,
    spoken_count,
)

__all__ = ["CARDS_SLOT", "LANGUAGES", "Page", "page_words", "start"]

#: The languages the page is written in (the course's, from its registry).
LANGUAGES: tuple[str, ...] = CODES

#: Stands for the cards of an item (or a code) in a template the first paint fills in.
CARDS_SLOT = "\u0000"
#: The item kinds of the show, with the sizes each can have and the points it is worth.
_ITEMS: dict[str, dict[int, int]] = {
    "fifteen": {n: 2 for n in (2, 3, 4, 5)},
    "pair": {2: 2},
    "pair royal": {3: 6},
    "double pair royal": {4: 12},
    "run": {n: n for n in (3, 4, 5)},
    "flush": {4: 4, 5: 5},
    "nobs": {1: 1},
}
#: The static words of the page, by catalogue key.
_STATIC_KEYS = (
    "app.title", "calc.title", "calc.help", "calc.type", "calc.placeholder", "calc.score", "calc.clear",
    "calc.crib", "calc.items", "calc.items_click", "item.none", "calc.code", "calc.link", "calc.load",
    "calc.controls_loading", "calc.crib_badge", "calc.crib_rule", "card.starter", "card.selected",
)


def _what(crib: bool, language: str) -> str:
    return render("calc.what.crib" if crib else "calc.what.hand", language)


def _total_text(total: int, crib: bool, language: str) -> str:
    return f"{_what(crib, language).capitalize()}: {points_text(total, language)}"


def page_words(language: str, counts: Mapping[str, Sequence[int]]) -> dict[str, Any]:
    """Every word the page shows before Python runs in it, in ``language``: the static words, each
    card's name, and what the first paint says of a hand (its total, each kind of item with its
    cards left as :data:`CARDS_SLOT`, where a total stands among all hands, "opened this code")."""
    words: dict[str, Any] = {key: render(key, language) for key in _STATIC_KEYS}
    words["calc.share_help"] = render("calc.share_help", language, button=render("calc.load", language))
    words["static.load_failed"] = render("static.load_failed", language, error=CARDS_SLOT)
    words["calc.loaded"] = render("calc.loaded", language, code=CARDS_SLOT)
    words["calc.need5"] = render("calc.need", language, n=5)
    words["cards"] = {card.code: card_name(card, language) for card in FULL_DECK}
    words["totals"] = {kind: [_total_text(total, kind == "crib", language) for total in range(MAX_SCORE + 1)]
                       for kind in ("hand", "crib")}
    words["standing"] = {kind: [standing_text(total, kind == "crib", counts[kind], language)
                                for total in range(MAX_SCORE + 1)] for kind in ("hand", "crib")}
    words["items"] = {
        f"{kind}|{size}": render("item.line", language, cards=CARDS_SLOT, points=points,
                                 what=render(f"item.{kind}", language, n=_number_words(size, language)))
        for kind, sizes in _ITEMS.items() for size, points in sizes.items()}
    return words


def _number_words(n: int, language: str) -> str:
    from widgets.i18n import number_words

    return number_words(n, language)


class Page:
    """One visitor's calculator: the cards chosen (:class:`~widgets.calculator.link.HandChoice`), the
    crib flag, the message line; each action returns :meth:`state`, all the page draws."""

    def __init__(self, language: str | None, counts: Mapping[str, Sequence[int]]) -> None:
        self.language = check_language(language)
        self.counts = counts
        self.choice = HandChoice()
        self.message = ("", "info")
        self.stale = False

    # Actions (each returns the state to draw) --------------------------------------------------
    def open_query(self, query: str) -> dict[str, Any]:
        """A link's query, read as the Voilà calculator reads it: refused whole, or opened."""
        try:
            hand, starter, crib = parse_query(query, self.language)
        except NoHand:
            return self._cleared()
        except Refused as refusal:
            self._cleared()
            return self._say(str(refusal), "error")
        self.choice.set(hand, starter, crib)
        return self._say(render("calc.loaded", self.language, code=self._code()), "ok")

    def pick(self, code: str) -> dict[str, Any]:
        """A card button pressed: picked (the hand fills first, then the starter), or put back."""
        card = Card.parse(code)
        picked = self.choice.cards
        if card in picked:
            picked.remove(card)
        elif len(picked) >= 5:
            return self._say(render("picker.full", self.language, n=5), "error")
        else:
            picked.append(card)
        self.choice.follow(picked)
        return self._say("")

    def type_cards(self, text: str) -> dict[str, Any]:
        """Cards typed, the starter last ("Score it")."""
        if not text.strip():
            return self.state()
        try:
            found = parse_cards_text(text, self.language, count=5)
        except Refused as refusal:
            return self._say(str(refusal), "error")
        self.choice.set(found[:4], found[4], self.choice.crib)
        return self._say("")

    def load_code(self, text: str) -> dict[str, Any]:
        """A share code or a link pasted ("Open code")."""
        try:
            hand, starter, crib = parse_code(text, self.language)
        except NoHand:
            return self.state()
        except Refused as refusal:
            return self._say(str(refusal), "error")
        self.choice.set(hand, starter, crib)
        return self._say(render("calc.loaded", self.language, code=self._code()), "ok")

    def set_crib(self, crib: bool) -> dict[str, Any]:
        self.choice.crib = bool(crib)
        self.stale = self.stale and self.choice.score() is not None
        return self.state()

    def clear(self) -> dict[str, Any]:
        return self._cleared()

    # The state ---------------------------------------------------------------------------------
    def _cleared(self) -> dict[str, Any]:
        self.choice.set((), None, self.choice.crib)
        return self._say("")

    def _say(self, text: str, kind: str = "info") -> dict[str, Any]:
        self.message = (text, kind)
        # A refusal while a count is shown: the page says whose count it still is.
        self.stale = kind == "error" and self.choice.score() is not None
        return self.state()

    def _code(self) -> str:
        starter = self.choice.starter
        return share_code(self.choice.hand, starter, self.choice.crib) if starter is not None else ""

    def state(self) -> dict[str, Any]:
        """Everything the page draws, as plain data: words already in the page's language."""
        language, choice = self.language, self.choice
        score = choice.score()
        what = _what(choice.crib, language)
        out: dict[str, Any] = {
            "language": language,
            "hand": [card.code for card in choice.hand],
            "starter": choice.starter.code if choice.starter is not None else None,
            "crib": choice.crib,
            "message": {"text": self.message[0], "kind": self.message[1]},
            "stale": "", "spoken": "", "items": [], "standing": "", "code": "", "query": "",
            "scored": score is not None,
        }
        if score is None:
            out["total"] = render("calc.need", language, n=choice.missing)
            return out
        starter = score.starter
        if self.stale:
            out["stale"] = render("calc.stale", language, what=what,
                                  cards=f"{cards_text(score.hand)} | {starter}")
        out["total"] = _total_text(score.total, choice.crib, language)
        out["spoken"] = render("calc.spoken", language, text=spoken_count(score, language))
        out["items"] = [{"text": line.text, "cards": [card.code for card in line.cards], "points": line.points}
                        for line in describe_items(score, language)]
        out["standing"] = standing_text(score.total, choice.crib, self.counts["crib" if choice.crib else "hand"],
                                        language)
        out["code"] = share_code(score.hand, starter, choice.crib)
        out["query"] = share_query(score.hand, starter, choice.crib, language)
        return out


_PAGE: Page | None = None


def start(query: str, counts_json: str) -> str:
    """The page's first call: its calculator, in the link's language, opened on the link's hand.
    Returns the state as JSON; later calls go through :func:`act`."""
    global _PAGE
    query = query.removeprefix("?")  # location.search; Voilà's QUERY_STRING has no "?"
    counts = {str(kind): [int(n) for n in values] for kind, values in json.loads(counts_json).items()}
    _PAGE = Page(query_language(query), counts)
    return json.dumps(_PAGE.open_query(query) if query else _PAGE.state())


def act(action: str, argument: Any = None) -> str:
    """One of the visitor's actions on the page (``pick``, ``type_cards``, ``load_code``, ``set_crib``,
    ``clear``), with its argument; returns the state to draw as JSON."""
    if _PAGE is None:
        raise RuntimeError("start() first")
    actions: dict[str, Callable[[Any], dict[str, Any]]] = {"pick": _PAGE.pick, "type_cards": _PAGE.type_cards, "load_code": _PAGE.load_code,
               "set_crib": _PAGE.set_crib}
    if action == "clear":
        return json.dumps(_PAGE.clear())
    if action not in actions:
        raise ValueError(f"no such action {action!r}")
    return json.dumps(actions[action](argument))
