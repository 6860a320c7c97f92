"""What the engine says to a person: a message is a stable key plus its values, worded on demand.

The engine never builds a sentence. It names a message and passes the values (cards, counts, seats,
points); :func:`render` turns it into words in any language of the catalogue, and ``str()`` of a
message is in the printing language: English, unless :func:`set_language` chose another (a Spanish
notebook's first cell does, through :func:`widgets.set_language`; the CLI does for ``--lang``). Errors, reasons and log entries carry their :class:`Message`, so a view shows
them in the learner's language without reading the English back.

>>> from cribbage import Card
>>> msg = message("card.duplicate", card=Card.parse("5H"))
>>> str(msg)
'duplicate card: 5♥ appears twice'
>>> render(msg, "es")
'carta repetida: 5♥ aparece dos veces'

Values render by type: a :class:`~cribbage.rules.cards.Card` as its symbol (the same in every language),
cards as a space-separated list, a :class:`Seat` as its role word in that language ("the dealer",
"el repartidor", "o carteador") or the name the view gives it, a :class:`Rank` as its label, numbers
as numbers (the language's decimal mark, by Babel), :class:`Words` as the number said aloud, a
nested message in the same language, and several messages as one list ("a, b and c"). A template is
``str.format`` text; a value may take a form after a colon: ``{seat:cap}`` capitalised,
``{seat:of}`` the possessive ("the dealer's", "del repartidor"), ``{seat:to}`` ("to the dealer",
"al repartidor"), ``{rank:plural}`` ("aces", "5s"), ``{rank:words}`` ("sevens", "sietes"). A
:class:`Plural` template has a form per plural form of its language, chosen by the value ``n``.

English is written here, in the Python catalogues; every other language is read from the gettext
catalogues (``.po``) beside the package (:mod:`cribbage.lang.translations`).
"""

from __future__ import annotations

import enum
import string
import sys
from collections.abc import Iterable, Mapping, MutableMapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

from cribbage.lang import catalogue
from cribbage.lang.catalogue import english_number
from cribbage.lang.plural import Plural, Template
from cribbage.lang.translations import ENGINE_DOMAIN, ENGINE_LOCALE, PoCatalogue, format_number, po_path, read_catalogue

__all__ = [
    "CATALOGUE",
    "LANGUAGES",
    "Message",
    "Plural",
    "Rank",
    "Role",
    "Seat",
    "Template",
    "Words",
    "add_catalogue",
    "check_language",
    "get_language",
    "message",
    "number_words",
    "placeholders",
    "render",
    "set_language",
    "translate",
]

LANGUAGES: tuple[str, ...] = ("en", "es", "pt")

#: key -> {language: template}. Filled from :mod:`cribbage.lang.catalogue` and :func:`add_catalogue`.
CATALOGUE: dict[str, dict[str, str]] = {}  # a template is a str or a Plural (also a str)
#: key -> the module that added it: the translation tools take the package's own keys, not a test's.
SOURCES: dict[str, str] = {}


# The language str() of a message (and so of an error, a score, a log entry) is said in.
_printing = "en"


def set_language(language: str) -> None:
    """Print the engine's messages in ``language`` from now on: ``str()`` and ``print()`` of an error,
    a count or a log entry. :func:`render` with a language is unaffected.

    >>> set_language("es"); str(message("card.duplicate", card="5♥"))
    'carta repetida: 5♥ aparece dos veces'
    >>> set_language("en")
    """
    global _printing
    _printing = check_language(language)


def get_language() -> str:
    """The language ``str()`` of a message is said in (see :func:`set_language`)."""
    return _printing


def check_language(language: str) -> str:
    """Return ``language`` if the catalogue has it, else raise :class:`ValueError` naming the choices."""
    if language not in LANGUAGES:
        raise ValueError(f"language must be one of {', '.join(LANGUAGES)}, not {language!r}")
    return language


class Role(str, enum.Enum):
    """The two roles of a deal."""

    DEALER = "dealer"
    PONE = "pone"


@dataclass(frozen=True, slots=True)
class Seat:
    """A player as a message names them: seat 0 or 1, and their role in this deal (None before the
    first deal is dealt). Rendered as the role ("the dealer"), or as the view's name for the seat."""

    index: int
    role: Role | None = None

    @classmethod
    def of(cls, index: int, dealer: int | None) -> Seat:
        """Seat ``index`` in a deal where ``dealer`` deals (None: no deal yet, no role)."""
        if dealer is None:
            return cls(index)
        return cls(index, Role.DEALER if index == dealer else Role.PONE)


@dataclass(frozen=True, slots=True)
class Rank:
    """A rank named in a message (1 = ace .. 13 = king): its label, or with ``:plural`` "aces", "5s"."""

    rank: int


@dataclass(frozen=True, slots=True)
class Words:
    """A number said in words, as in a spoken count: "twelve", "doce", "doze" (digits past the words)."""

    n: int


def number_words(n: int, language: str = "en") -> str:
    """``12`` -> ``"twelve"`` / ``"doce"`` / ``"doze"``: the number as players say it in a count
    (words to 29, the most a count can say; English to 99; digits past the words)."""
    check_language(language)
    if f"number.{n}" in CATALOGUE:
        return str(CATALOGUE[f"number.{n}"][language])
    if language == "en" and 0 <= n < 100:
        return english_number(n)
    return str(n)


@dataclass(frozen=True, eq=True)
class Message:
    """A key of the catalogue and the values its template names. Immutable; ``str()`` is in the
    printing language (:func:`set_language`; English by default)."""

    key: str
    values: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "values", MappingProxyType(dict(self.values)))

    def __reduce__(self) -> tuple[Any, ...]:
        return (Message, (self.key, dict(self.values)))

    def __hash__(self) -> int:
        return hash((self.key, tuple(sorted((k, repr(v)) for k, v in self.values.items()))))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Message) and self.key == other.key and dict(self.values) == dict(other.values)

    def __str__(self) -> str:
        return render(self, _printing)

    def __repr__(self) -> str:
        inner = ", ".join(f"{k}={v!r}" for k, v in self.values.items())
        return f"message({self.key!r}{', ' if inner else ''}{inner})"

    def render(self, language: str = "en", *, names: Mapping[Any, str] | None = None) -> str:
        """The same as :func:`render`."""
        return render(self, language, names=names)


def message(key: str, **values: Any) -> Message:
    """A message of the catalogue: ``message("card.duplicate", card=card)``. An unknown key is a bug."""
    if key not in CATALOGUE:
        raise KeyError(f"no message {key!r} in the engine catalogue")
    return Message(key, values)


def render(msg: Message, language: str = "en", *, names: Mapping[Any, str] | None = None) -> str:
    """The words of ``msg`` in ``language``. ``names`` maps a seat (0, 1) or a role ("dealer",
    "pone") to the name a view gives that player ("You", "Ana"); others are said by their role."""
    check_language(language)
    template = _template(msg.key, language, msg.values)
    wrapped = {name: _Value(value, language, names) for name, value in msg.values.items()}
    return template.format_map(wrapped)


def _template(key: str, language: str, values: Mapping[str, Any]) -> str:
    try:
        entry = CATALOGUE[key][language]
    except KeyError:
        raise KeyError(f"no message {key!r} in {language!r}") from None
    if isinstance(entry, Plural):
        return entry.choose(values.get("n"))
    return entry


def _word(key: str, language: str, **values: Any) -> str:
    return render(Message(key, values), language)


class _Value:
    """A value on its way into a template: formats itself by type, in the message's language."""

    __slots__ = ("language", "names", "value")

    def __init__(self, value: Any, language: str, names: Mapping[Any, str] | None) -> None:
        self.value, self.language, self.names = value, language, names

    def __format__(self, spec: str) -> str:
        value, language = self.value, self.language
        forms = set(spec.split(".")) if spec else set()
        if isinstance(value, Seat):
            text = self._seat(value, forms)
        elif isinstance(value, Words):
            text = number_words(value.n, language)
        elif isinstance(value, Rank):
            text = self._rank(value.rank, "plural" in forms, "words" in forms)
        elif isinstance(value, Message):
            text = render(value, language, names=self.names)
        elif isinstance(value, enum.Enum):
            text = str(value.value)
        elif isinstance(value, (tuple, list)):
            text = self._many(value)
        elif isinstance(value, bool):
            text = str(value)
        elif isinstance(value, float):
            return format_number(value, language, spec if spec and spec[-1] in "fg%" else ".2f")
        elif isinstance(value, int) and spec and spec[-1] in "d+":
            return format(value, spec)
        else:
            text = str(value)
        if "cap" in forms and text:
            text = text[0].upper() + text[1:]
        return text

    def __str__(self) -> str:
        return self.__format__("")

    def _seat(self, seat: Seat, forms: set[str]) -> str:
        form = "of" if "of" in forms else "to" if "to" in forms else "the"
        name = None
        if self.names:
            name = self.names.get(seat.index)
            if name is None and seat.role is not None:
                name = self.names.get(seat.role.value)
        if name is not None:
            return name if form == "the" else _word(f"name.{form}", self.language, name=name)
        who = seat.role.value if seat.role is not None else "player"
        return _word(f"role.{who}.{form}", self.language, n=seat.index)

    def _rank(self, rank: int, plural: bool, words: bool) -> str:
        if words:
            return _word(f"rank.words.{rank}", self.language)
        if plural:
            return _word(f"rank.plural.{rank}", self.language) if f"rank.plural.{rank}" in CATALOGUE \
                else _word("rank.plural", self.language, label=str(rank))
        return {1: "A", 11: "J", 12: "Q", 13: "K"}.get(rank, str(rank))

    def _many(self, items: Iterable[Any]) -> str:
        items = list(items)
        if items and all(isinstance(item, Message) for item in items):
            said = [render(item, self.language, names=self.names) for item in items]
            if len(said) == 1:
                return said[0]
            return _word("list.and", self.language, most=", ".join(said[:-1]), last=said[-1])
        return " ".join(format(_Value(item, self.language, self.names)) for item in items)


def placeholders(template: Template) -> set[str]:
    """The value names a template uses (both forms of a plural pair)."""
    texts = template if isinstance(template, tuple) else template.forms \
        if isinstance(template, Plural) else (template,)
    return {name.split(".")[0].split("[")[0] for text in texts
            for _lit, name, _spec, _conv in string.Formatter().parse(text) if name}


def add_catalogue(entries: Mapping[str, Mapping[str, Template]]) -> None:
    """Add messages to the engine catalogue (a part of the engine with its own words calls this once).

    An entry gives its English, ``{"en": template}``; the other languages of :data:`LANGUAGES` come
    from the engine's gettext catalogues (``cribbage/locale/<language>/LC_MESSAGES/cribbage.po``,
    see :mod:`cribbage.lang.translations`). An entry may still carry every language itself (the old way,
    which ``python -m widgets.translation_tools extract`` moves into the ``.po`` files), but not some of
    them. A key already taken with other words is refused.
    """
    added: dict[str, dict[str, str]] = {}
    for key, entry in entries.items():
        missing = [language for language in LANGUAGES if language not in entry]
        if "en" in missing or (missing and len(missing) < len(LANGUAGES) - 1):
            raise ValueError(f"message {key!r} has no {', '.join(missing)}")
        words: dict[str, str] = {language: Plural(*text) if isinstance(text, tuple) else text
                                 for language, text in entry.items()}
        if key in CATALOGUE and any(
                CATALOGUE[key].get(language) != text
                or getattr(CATALOGUE[key].get(language), "forms", None) != getattr(text, "forms", None)
                for language, text in words.items()):
            raise ValueError(f"message {key!r} is already in the catalogue with other words")
        added[key] = words
    translate(added, ENGINE_LOCALE, ENGINE_DOMAIN)
    caller = str(sys._getframe(1).f_globals.get("__name__", ""))
    for key, words in added.items():
        CATALOGUE.setdefault(key, words)
        SOURCES.setdefault(key, caller)


def translate(entries: MutableMapping[str, dict[str, str]], locale_dir: Path, domain: str) -> None:
    """Give every entry of ``entries`` (key -> ``{"en": template, ...}``) each language it lacks, in
    place, from ``<locale_dir>/<language>/LC_MESSAGES/<domain>.po``. A translation missing, empty,
    or with other placeholders than the English, is left as the English (the checks name it)."""
    for language in LANGUAGES:
        if language == "en":
            continue
        catalogue = read_catalogue(po_path(locale_dir, domain, language), language)
        for key, entry in entries.items():
            if language not in entry:
                found = catalogue.entries.get(key) if catalogue is not None else None
                made = _translated(entry["en"], found.strings if found else (), catalogue)
                entry[language] = made if made is not None else entry["en"]


def _translated(english: str, strings: tuple[str, ...], catalogue: PoCatalogue | None) -> str | None:
    if catalogue is None or not strings or not all(strings):
        return None
    made: str
    if isinstance(english, Plural):
        if len(strings) != catalogue.num_plurals:
            return None
        made = Plural(*(strings if len(strings) > 1 else strings * 2), rule=catalogue.plural_rule)
    elif len(strings) == 1:
        made = strings[0]
    else:
        return None
    return made if placeholders(made) == placeholders(english) else None


def _load() -> None:
    for part in catalogue.PARTS:
        add_catalogue(part)


_load()
