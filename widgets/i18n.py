"""Words for people: every text a widget shows, in English, Spanish or Portuguese.

:func:`t` looks a key up in :data:`widgets.messages.MESSAGES` (a
:class:`~cribbage.lang.messages.Plural` template is chosen by the value ``n``). :func:`say` words what the engine says (an
error's, a reason's or a log entry's :class:`~cribbage.lang.messages.Message`) in the same language: the
engine's own catalogue has the words, so no view reads engine English back. On top of them: a card's
name, the numbers players say, and a score told item by item (:func:`describe_items`) or aloud
(:func:`spoken_count`), both from the engine's grouping of the count (``HandScore.groups()``).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cribbage import Card, HandScore, ScoreItem
from cribbage.lang.messages import LANGUAGES as _ENGINE_LANGUAGES
from cribbage.lang.messages import Message, Plural, render
from cribbage.lang.messages import number_words as _number_words
from cribbage.lang.messages import set_language as _engine_set_language
from cribbage.lang.translations import format_number

from .messages import MESSAGES

__all__ = [
    "LANGUAGES",
    "ItemLine",
    "all_texts",
    "card_name",
    "cards_text",
    "check_language",
    "decimal",
    "describe_items",
    "describe_play_item",
    "get_language",
    "number",
    "number_words",
    "percent_pair",
    "points_text",
    "say",
    "set_language",
    "spoken_count",
    "t",
]

#: The languages of every catalogue, the engine's and the widgets'.
LANGUAGES: tuple[str, ...] = _ENGINE_LANGUAGES


# The notebook's language: what every view, chart and message uses when not given ``language=``.
_default_language = "en"


def set_language(language: str) -> None:
    """Speak ``language`` ("en", "es" or "pt") from now on in this kernel: the one switch a notebook
    calls in its first cell. Views made before keep their language; the ones made after follow, and
    so does everything the engine prints (``print(score_hand(...))``, an error's traceback).

    >>> set_language("es"); t("calc.total", total=12)
    '12 puntos'
    >>> set_language("en")
    """
    global _default_language
    _default_language = check_language(language)
    _engine_set_language(_default_language)   # and what the engine prints: errors, counts, logs


def get_language() -> str:
    """The language views use when not told one (see :func:`set_language`)."""
    return _default_language


def check_language(language: str | None) -> str:
    """Return ``language`` (the notebook's language for ``None``) if the catalogue has it, else raise
    :class:`ValueError` naming the choices."""
    if language is None:
        return _default_language
    if language not in LANGUAGES:
        raise ValueError(f"language must be one of {', '.join(LANGUAGES)}, not {language!r}")
    return language


def t(key: str, language: str | None = None, /, **values: object) -> str:
    """The text for ``key`` in ``language``, with ``{names}`` filled from ``values``.

    >>> t("calc.total", "es", total=12)
    '12 puntos'
    """
    entry = MESSAGES[key][check_language(language)]
    if isinstance(entry, Plural):
        entry = entry.choose(values.get("n"))
    return entry.format(**values)


def say(msg: Message | str, language: str | None = None, *, names: Mapping[Any, str] | None = None) -> str:
    """What the engine said (a :class:`~cribbage.lang.messages.Message`), in ``language``.

    ``names`` maps a seat (0, 1) or a role ("dealer", "pone") to the view's name for that player.
    """
    if isinstance(msg, Message):
        return render(msg, check_language(language), names=names)
    return str(msg)


def card_name(card: Card, language: str | None = None) -> str:
    """``"five of hearts"``, ``"cinco de corazones"``, ``"cinco de copas"``: for tooltips and screen readers."""
    return t("card.name", language, rank=t(f"rank.{card.rank}", language),
             suit=t(f"suit.{card.suit.name.lower()}", language))


def cards_text(cards: Iterable[Card]) -> str:
    """``"5♥ 5♦ 6♥"``: suit symbols read the same in every language."""
    return " ".join(str(card) for card in cards)


def number_words(n: int, language: str | None = None) -> str:
    """The number as players say it (words up to 29, then digits; English up to 99)."""
    return _number_words(n, check_language(language))


def points_text(total: int, language: str | None = None) -> str:
    """``"12 points"``, ``"1 point"``."""
    return t("calc.total_one", language) if total == 1 else t("calc.total", language, total=total)


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
        what = t(f"item.{group.kind}", language, n=number_words(group.size, language))
        text = t("item.line", language, what=what, cards=cards_text(group.cards), points=group.points)
        lines.append(ItemLine(text, group.cards, group.points, group.kind))
    return lines


def describe_play_item(item: ScoreItem, language: str | None = None) -> str:
    """One item of a score in the play (fifteen, thirty-one, pair, run, go, last card, his heels)."""
    key = f"item.{item.kind}"
    if key not in MESSAGES:
        raise ValueError(f"no words for the score item {item.kind!r}")
    what = t(key, language, n=number_words(len(item.cards), language))
    return t("item.line", language, what=what, cards=cards_text(item.cards), points=item.points)


def spoken_count(score: HandScore, language: str | None = None) -> str:
    """The count as a player says it aloud: "fifteen two, a pair is four, ... and ... is twelve"."""
    return say(score.spoken(), language)


def all_texts(language: str) -> Sequence[str]:
    """Every catalogue text in ``language`` (templates unfilled): for tests of coverage."""
    texts: list[str] = []
    for entry in MESSAGES.values():
        said = entry[language]
        texts.extend(said.forms if isinstance(said, Plural) else (said,))
    return texts


def decimal(x: float, language: str | None = None, places: int = 1) -> str:
    """``12.5`` in English, ``12,5`` in Spanish and Portuguese: the locale's number symbols, by Babel."""
    return format_number(x, check_language(language), f".{places}f")


def number(value: float, spec: str = ",", language: str | None = None) -> str:
    """``format(value, spec)`` in the language's number symbols, by Babel: ``","`` groups a whole
    number's thousands (``1,009,008``, Spanish and Portuguese ``1.009.008``); any other ``spec``
    (``".2f"``, ``"+.2f"``, ``".0%"``) is written as :func:`cribbage.lang.translations.format_number` does.

    >>> number(3248700, ",", "es"), number(0.53, ".0%", "pt")
    ('3.248.700', '53%')
    """
    language = check_language(language)
    if spec == ",":
        from babel.numbers import format_decimal
        return format_decimal(int(value), locale=language)
    return format_number(value, language, spec)


def percent_pair(share: float, language: str | None = None) -> tuple[str, str]:
    """A share (0..1) and its complement as percentages with enough digits that neither reads as
    0 or 100 unless it is: ``(0.9998, 0.0002)`` -> ``("99.98", "0.02")``."""
    low = min(share, 1 - share) * 100
    places = 1 if low <= 0 or low >= 0.1 else 1 - math.floor(math.log10(low))
    return decimal(share * 100, language, places), decimal((1 - share) * 100, language, places)
