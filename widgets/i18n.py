"""Words for people: every text a widget shows, in English, Spanish or Portuguese.

:func:`t` looks a key up in :data:`widgets.messages.MESSAGES`. On top of it: a card's name, the
numbers players say, and a score told item by item (:func:`describe_items`) or aloud
(:func:`spoken_count`). The English spoken count is the engine's own ``str(HandScore)``; the other
languages follow the same order of phrases.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Iterable, Sequence

from cribbage import Card, HandScore, ScoreItem
from cribbage.scoring import number_words as _english_number

from .messages import MESSAGES

__all__ = ["LANGUAGES", "check_language", "t", "card_name", "cards_text", "number_words",
           "ItemLine", "describe_items", "describe_play_item", "spoken_count", "points_text",
           "decimal", "percent_pair", "all_texts"]

LANGUAGES: tuple[str, ...] = ("en", "es", "pt")

_ES_NUMBERS = ("cero uno dos tres cuatro cinco seis siete ocho nueve diez once doce trece catorce "
               "quince dieciséis diecisiete dieciocho diecinueve veinte veintiuno veintidós veintitrés "
               "veinticuatro veinticinco veintiséis veintisiete veintiocho veintinueve").split()
_PT_NUMBERS = ("zero um dois três quatro cinco seis sete oito nove dez onze doze treze catorze quinze "
               "dezesseis dezessete dezoito dezenove vinte").split()
_PT_NUMBERS += [f"vinte e {word}" for word in _PT_NUMBERS[1:10]]


def check_language(language: str) -> str:
    """Return ``language`` if the catalogue has it, else raise :class:`ValueError` naming the choices."""
    if language not in LANGUAGES:
        raise ValueError(f"language must be one of {', '.join(LANGUAGES)}, not {language!r}")
    return language


def t(key: str, language: str = "en", /, **values: object) -> str:
    """The text for ``key`` in ``language``, with ``{names}`` filled from ``values``.

    >>> t("calc.total", "es", total=12)
    '12 puntos'
    """
    entry = MESSAGES[key]
    return entry[check_language(language)].format(**values)


def card_name(card: Card, language: str = "en") -> str:
    """``"five of hearts"``, ``"cinco de corazones"``, ``"cinco de copas"``: for tooltips and screen readers."""
    return t("card.name", language, rank=t(f"rank.{card.rank}", language),
             suit=t(f"suit.{card.suit.name.lower()}", language))


def cards_text(cards: Iterable[Card]) -> str:
    """``"5♥ 5♦ 6♥"``: suit symbols read the same in every language."""
    return " ".join(str(card) for card in cards)


def number_words(n: int, language: str = "en") -> str:
    """The number as players say it (words up to 29, then digits)."""
    if language == "en":
        return _english_number(n)
    words = _ES_NUMBERS if check_language(language) == "es" else _PT_NUMBERS
    return words[n] if 0 <= n < len(words) else str(n)


def points_text(total: int, language: str = "en") -> str:
    """``"12 points"``, ``"1 point"``."""
    return t("calc.total_one", language) if total == 1 else t("calc.total", language, total=total)


@dataclass(frozen=True)
class ItemLine:
    """One line of an itemized count: the words, the cards it uses, its points."""

    text: str
    cards: tuple[Card, ...]
    points: int
    kind: str


_PAIR_KIND = {2: "pair", 3: "pair royal", 4: "double pair royal"}


def _grouped(score: HandScore) -> list[tuple[str, tuple[Card, ...], int, int]]:
    """The engine's items with the pairs of one rank gathered, as players count them:
    (kind, cards, points, size), where size is the run or flush length."""
    out: list[tuple[str, tuple[Card, ...], int, int]] = []
    done: set[int] = set()
    five = score.hand + (score.starter,)
    for item in score.items:
        if item.kind == "pair":
            rank = item.cards[0].rank
            if rank in done:
                continue
            done.add(rank)
            same = tuple(card for card in five if card.rank == rank)
            out.append((_PAIR_KIND[len(same)], same, len(same) * (len(same) - 1), len(same)))
        else:
            out.append((item.kind, item.cards, item.points, len(item.cards)))
    return out


def describe_items(score: HandScore, language: str = "en") -> list[ItemLine]:
    """Every fifteen, pair (or pair royal), run, flush and nobs of ``score`` as a line of text."""
    lines = []
    for kind, group, points, size in _grouped(score):
        what = t(f"item.{kind}", language, n=number_words(size, language))
        text = t("item.line", language, what=what, cards=cards_text(group), points=points)
        lines.append(ItemLine(text, group, points, kind))
    return lines


def describe_play_item(item: ScoreItem, language: str = "en") -> str:
    """One item of a score in the play (fifteen, thirty-one, pair, run, go, last card, his heels)."""
    key = f"item.{item.kind}"
    if key not in MESSAGES:
        raise ValueError(f"no words for the score item {item.kind!r}")
    what = t(key, language, n=number_words(len(item.cards), language))
    return t("item.line", language, what=what, cards=cards_text(item.cards), points=item.points)


def spoken_count(score: HandScore, language: str = "en") -> str:
    """The count as a player says it aloud: "fifteen two, a pair is four, ... and ... is twelve"."""
    check_language(language)
    phrases: list[str] = []
    total = 0
    pairs_said = runs_said = 0
    for kind, _group, points, size in _grouped(score):
        total += points
        said = number_words(total, language)
        if kind in ("pair", "pair royal", "double pair royal"):
            key = "say.another pair" if kind == "pair" and pairs_said else f"say.{kind}"
            pairs_said += 1
        elif kind == "run":
            key = "say.another run" if runs_said else "say.run"
            runs_said += 1
        else:
            key = f"say.{kind}"
        phrases.append(t(key, language, total=said, n=number_words(size, language)))
    if not phrases:
        return t("say.nothing", language)
    if len(phrases) > 1:
        phrases[-1] = t("say.and", language, phrase=phrases[-1])
    return ", ".join(phrases)


def all_texts(language: str) -> Sequence[str]:
    """Every catalogue text in ``language`` (templates unfilled): for tests of coverage."""
    return [entry[language] for entry in MESSAGES.values()]


def decimal(x: float, language: str = "en", places: int = 1) -> str:
    """``12.5`` in English, ``12,5`` in Spanish and Portuguese."""
    text = f"{x:.{places}f}"
    return text if check_language(language) == "en" else text.replace(".", ",")


def percent_pair(share: float, language: str = "en") -> tuple[str, str]:
    """A share (0..1) and its complement as percentages with enough digits that neither reads as
    0 or 100 unless it is: ``(0.9998, 0.0002)`` -> ``("99.98", "0.02")``."""
    low = min(share, 1 - share) * 100
    places = 1 if low <= 0 or low >= 0.1 else 1 - math.floor(math.log10(low))
    return decimal(share * 100, language, places), decimal((1 - share) * 100, language, places)
