"""Words for people, on top of the one catalogue: a card's name, the numbers players say, numbers in
the language's own symbols, and a score told item by item or aloud.

Every text a widget shows is a message of :mod:`cribbage.lang` (the widgets' English is in
:mod:`widgets.i18n.messages`, their translations in the ``widgets`` gettext domain), said with
:func:`~cribbage.lang.messages.render` in the language :func:`set_language` chose for the kernel
(or a view's own ``language=``). A score is told item by item (:func:`describe_items`) or aloud
(:func:`spoken_count`), both from the engine's grouping of the count (``HandScore.groups()``).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from babel.lists import format_list
from babel.numbers import format_decimal

from cribbage import Card, HandScore, ScoreItem
from cribbage.lang.messages import (
    CATALOGUE,
    DOMAINS,
    LANGUAGES,
    Plural,
    check_language,
    get_language,
    render,
    set_language,
    use_language,
)
from cribbage.lang.messages import number_words as _number_words
from cribbage.lang.translations import babel_locale, format_number

from . import messages as _messages  # the widgets' words join the catalogue on import

__all__ = [
    "LANGUAGES",
    "ItemLine",
    "all_texts",
    "card_name",
    "cards_text",
    "check_language",
    "decimal",
    "decimal_places",
    "describe_items",
    "describe_play_item",
    "get_language",
    "listed",
    "number",
    "number_words",
    "percent_pair",
    "points_text",
    "render",
    "set_language",
    "spoken_count",
    "use_language",
]

def card_name(card: Card, language: str | None = None) -> str:
    """``"five of hearts"``, ``"cinco de corazones"``, ``"cinco de copas"``: for tooltips and screen readers."""
    return render("card.name", language, rank=render(f"rank.{card.rank}", language),
                  suit=render(f"suit.{card.suit.name.lower()}", language))


def cards_text(cards: Iterable[Card]) -> str:
    """``"5♥ 5♦ 6♥"``: suit symbols read the same in every language."""
    return " ".join(str(card) for card in cards)


def number_words(n: int, language: str | None = None) -> str:
    """The number as players say it (words up to 29, then digits; English up to 99)."""
    return _number_words(n, check_language(language))


def points_text(total: int, language: str | None = None) -> str:
    """``"12 points"``, ``"1 point"``."""
    return render("calc.total_one", language) if total == 1 else render("calc.total", language, total=total)


@dataclass(frozen=True)
class ItemLine:
    """One line of an itemized count: the words, the cards it uses, its points."""

    text: str
    cards: tuple[Card, ...]
    points: int
    kind: str


def describe_items(score: HandScore, language: str | None = None) -> list[ItemLine]:
    """Every fifteen, pair (or pair royal), run, flush and nobs of ``score`` as a line of text."""
    lines = []
    for group in score.groups():
        what = render(f"item.{group.kind}", language, n=number_words(group.size, language))
        text = render("item.line", language, what=what, cards=cards_text(group.cards), points=group.points)
        lines.append(ItemLine(text, group.cards, group.points, group.kind))
    return lines


def describe_play_item(item: ScoreItem, language: str | None = None) -> str:
    """One item of a score in the play (fifteen, thirty-one, pair, run, go, last card, his heels)."""
    key = f"item.{item.kind}"
    if key not in CATALOGUE:
        raise ValueError(f"no words for the score item {item.kind!r}")
    what = render(key, language, n=number_words(len(item.cards), language))
    return render("item.line", language, what=what, cards=cards_text(item.cards), points=item.points)


def spoken_count(score: HandScore, language: str | None = None) -> str:
    """The count as a player says it aloud: "fifteen two, a pair is four, ... and ... is twelve"."""
    return render(score.spoken(), language)


def all_texts(language: str) -> Sequence[str]:
    """Every catalogue text in ``language`` (templates unfilled): for tests of coverage."""
    texts: list[str] = []
    for key, entry in CATALOGUE.items():
        if DOMAINS[key] != _messages.WIDGETS_DOMAIN:
            continue
        said = entry[language]
        texts.extend(said.forms if isinstance(said, Plural) else (said,))
    return texts


def decimal(x: float, language: str | None = None, places: int = 1) -> str:
    """``12.5`` in English, ``12,5`` in Spanish and Portuguese: the locale's number symbols, by Babel."""
    return format_number(x, check_language(language), f".{places}f")


def decimal_places(values: Iterable[float], most: int = 6) -> int:
    """The fewest decimal places (up to ``most``) that write every one of ``values`` exactly, as
    matplotlib's own tick labels have them: 0 for ``0, 5, 10``, 2 for ``0, 0.25, 0.5`` (the charts'
    ticks and the shown tables' columns are written so)."""
    finite = [float(v) for v in values if math.isfinite(v)]
    for places in range(most):
        if all(abs(v - round(v, places)) <= 1e-9 * max(1.0, abs(v)) for v in finite):
            return places
    return most


def listed(words: Sequence[str], language: str | None = None, *, style: str = "standard") -> str:
    """``words`` joined as the language lists them, by Babel: ``"2 and 3"`` (Spanish ``"2 y 3"``);
    ``style="or"`` for a choice: ``"the fifteens or the pairs"`` (Portuguese ``"... ou ..."``).

    >>> listed(["2", "3", "4"], "es"), listed(["a", "b"], "pt", style="or")
    ('2, 3 y 4', 'a ou b')
    """
    return format_list(list(words), style=style, locale=babel_locale(check_language(language)))  # type: ignore[arg-type]


def number(value: float, spec: str = ",", language: str | None = None) -> str:
    """``format(value, spec)`` in the language's number symbols, by Babel: ``","`` groups a whole
    number's thousands (``1,009,008``, Spanish and Portuguese ``1.009.008``); any other ``spec``
    (``".2f"``, ``"+.2f"``, ``".0%"``) is written as :func:`cribbage.lang.translations.format_number` does.

    >>> number(3248700, ",", "es"), number(0.53, ".0%", "pt")
    ('3.248.700', '53%')
    """
    language = check_language(language)
    if spec == ",":
        return format_decimal(int(value), locale=babel_locale(language))
    return format_number(value, language, spec)


def percent_pair(share: float, language: str | None = None) -> tuple[str, str]:
    """A share (0..1) and its complement as percentages, in the language's way of writing them, with
    enough digits that neither reads as 0 or 100 unless it is: ``(0.9998, 0.0002)`` ->
    ``("99.98%", "0.02%")`` (Spanish ``"99,98 %"``)."""
    low = min(share, 1 - share) * 100
    places = 1 if low <= 0 or low >= 0.1 else 1 - math.floor(math.log10(low))
    return number(share, f".{places}%", language), number(1 - share, f".{places}%", language)
