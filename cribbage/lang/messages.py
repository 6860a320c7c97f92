"""What the engine says to a person: a message is a stable key plus its values, worded on demand.

The engine never builds a sentence. It names a message and passes the values (cards, counts, seats,
points); :func:`render` turns it into words in any language of the catalogue, and ``str()`` of a
message is in the kernel's language: English, unless :func:`set_language` chose another (a Spanish
notebook's first cell does; the CLI does for ``--lang``), or :func:`use_language` for a block. Errors,
reasons and log entries carry their :class:`Message`, so a view shows them in the learner's language
without reading the English back. The widgets' words are messages of the same catalogue (their own
gettext domain), rendered the same way: ``render("calc.total", total=12)``.

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

English is written beside the code, in keyed catalogues (key -> ``{"en": template}``, given to
:func:`add_catalogue`); every other language is read from the gettext catalogues beside the package
(:mod:`cribbage.lang.translations`), which ``pybabel extract`` (through
:func:`cribbage.lang.extract.extract_catalogue`), ``pybabel update`` and ``pybabel compile`` keep.
"""

from __future__ import annotations

import contextlib
import contextvars
import enum
import gettext
import string
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

from cribbage.lang import catalogue
from cribbage.lang.catalogue import english_number
from cribbage.lang.plural import Plural, Template, plural_index
from cribbage.lang.translations import ENGINE_DOMAIN, ENGINE_LOCALE, format_number, plural_rule, translations
from cribbage.registry.languages import CODES, SOURCE, TRANSLATED

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
    "use_language",
]

#: The languages a message can be said in: the registry's (:mod:`cribbage.registry.languages`), English first.
LANGUAGES: tuple[str, ...] = CODES

#: key -> {language: template}. Filled from :mod:`cribbage.lang.catalogue` and :func:`add_catalogue`.
CATALOGUE: dict[str, dict[str, str]] = {}  # a template is a str or a Plural (also a str)
#: key -> the gettext domain its translations are in (``cribbage``, ``widgets``).
DOMAINS: dict[str, str] = {}


# The kernel's language: what a message is said in when no language is given (str(), print(), a view
# made without ``language=``). One setting per kernel, set once by a lesson's first cell; a block may
# say another with use_language(), which a context variable keeps to its own thread or task.
_kernel_language = SOURCE
_block_language: contextvars.ContextVar[str | None] = contextvars.ContextVar("block_language", default=None)


def set_language(language: str) -> None:
    """Speak ``language`` (one of :data:`LANGUAGES`) from now on in this kernel: every message, view, chart
    and error made or printed after it, without ``language=`` anywhere (a translated lesson's first
    cell). Views made before keep their language.

    >>> set_language("es"); str(message("card.duplicate", card="5♥"))
    'carta repetida: 5♥ aparece dos veces'
    >>> set_language("en")
    """
    global _kernel_language
    _kernel_language = check_language(language)


def get_language() -> str:
    """The language messages are said in when none is given (see :func:`set_language`)."""
    block = _block_language.get()
    return block if block is not None else _kernel_language


@contextlib.contextmanager
def use_language(language: str) -> Iterator[str]:
    """Say ``language`` inside the ``with`` block only, whatever the kernel's language.

    >>> with use_language("pt"):
    ...     str(message("card.duplicate", card="5♥"))
    'carta repetida: 5♥ aparece duas vezes'
    """
    token = _block_language.set(check_language(language))
    try:
        yield language
    finally:
        _block_language.reset(token)


def check_language(language: str | None) -> str:
    """Return ``language`` (the current language for ``None``) if the catalogue has it, else raise
    :class:`ValueError` naming the choices."""
    if language is None:
        return get_language()
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


def number_words(n: int, language: str = SOURCE) -> str:
    """``12`` -> ``"twelve"`` / ``"doce"`` / ``"doze"``: the number as players say it in a count
    (words to 29, the most a count can say; English to 99; digits past the words)."""
    check_language(language)
    if f"number.{n}" in CATALOGUE:
        return str(CATALOGUE[f"number.{n}"][language])
    if language == SOURCE and 0 <= n < 100:   # the source language is English, whose tens compose by rule
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
        return render(self)

    def __repr__(self) -> str:
        inner = ", ".join(f"{k}={v!r}" for k, v in self.values.items())
        return f"message({self.key!r}{', ' if inner else ''}{inner})"

    def render(self, language: str | None = None, *, names: Mapping[Any, str] | None = None) -> str:
        """The same as :func:`render`."""
        return render(self, language, names=names)


def message(key: str, /, **values: Any) -> Message:
    """A message of the catalogue: ``message("card.duplicate", card=card)``. An unknown key is a bug."""
    if key not in CATALOGUE:
        raise KeyError(f"no message {key!r} in the catalogue")
    return Message(key, values)


def render(msg: Message | str, language: str | None = None, /, *,
           names: Mapping[Any, str] | None = None, **values: Any) -> str:
    """The words of a message in ``language`` (the current language when None): the one way every
    part of the course words a message. ``msg`` is a :class:`Message`, or a key with its ``values``
    (``render("calc.total", "es", total=12) == "12 puntos"``). ``names`` maps a seat (0, 1) or a role
    ("dealer", "pone") to the name a view gives that player ("You", "Ana"); others are said by their role.
    """
    if isinstance(msg, str):
        msg = message(msg, **values)
    elif values:
        raise TypeError("values are given with a key, not with a Message")
    language = check_language(language)
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


# The forms a value may take after a colon in a template (see the module's docstring).
_FORMS = frozenset({"cap", "of", "to", "plural", "words"})


class _Value:
    """A value on its way into a template: formats itself by type, in the message's language."""

    __slots__ = ("language", "names", "value")

    def __init__(self, value: Any, language: str, names: Mapping[Any, str] | None) -> None:
        self.value, self.language, self.names = value, language, names

    def __format__(self, spec: str) -> str:
        value, language = self.value, self.language
        if isinstance(value, float) and not isinstance(value, bool):
            if not spec or spec[-1] in "fg%":
                return format_number(value, language, spec or ".2f")
            return format(format_number(value, language), spec)
        if spec and not _FORMS.issuperset(spec.split(".")):
            # a format spec, not a form: a number's ("{n:+d}"), or a width for any value ("{name:>9}")
            if isinstance(value, int) and not isinstance(value, bool):
                return format(value, spec)
            return format(self.__format__(""), spec)
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


def add_catalogue(entries: Mapping[str, dict[str, Any]], *, domain: str = ENGINE_DOMAIN,
                  locale_dir: Path = ENGINE_LOCALE) -> None:
    """Add messages to the catalogue (a part of the course with its own words calls this once, at import).

    Each entry gives its English only, ``{"en": template}`` (a :class:`Plural`, or a pair of texts,
    for a plural); the other languages of :data:`LANGUAGES` come from the gettext catalogues of ``domain``
    in ``locale_dir`` (``cribbage/locale/<language>/LC_MESSAGES/cribbage.po`` for the engine). The
    entries are filled in place, so a module's own dict reads every language afterwards. A key
    already taken with other English is refused.
    """
    for key, entry in entries.items():
        if set(entry) != {SOURCE}:
            raise ValueError(f"message {key!r} gives {', '.join(sorted(entry))}: a catalogue entry gives its "
                             "English only; the other languages are in the .po catalogues")
        if isinstance(entry[SOURCE], tuple):
            entry[SOURCE] = Plural(*entry[SOURCE])
        if key in CATALOGUE and (CATALOGUE[key][SOURCE] != entry[SOURCE] or DOMAINS[key] != domain):
            raise ValueError(f"message {key!r} is already in the catalogue with other words")
    translate(entries, locale_dir, domain)
    for key, entry in entries.items():
        CATALOGUE.setdefault(key, entry)
        DOMAINS.setdefault(key, domain)


def translate(entries: Mapping[str, dict[str, Any]], locale_dir: Path, domain: str) -> None:
    """Give every entry of ``entries`` (key -> ``{"en": template, ...}``) each language it lacks, in
    place, from the compiled catalogue of ``domain`` (see :func:`cribbage.lang.translations.translations`).
    A translation missing, or with other placeholders than the English, is left as the English
    (the catalogue checks in the test suite name it)."""
    for language in TRANSLATED:
        found = translations(locale_dir, domain, language)
        for key, entry in entries.items():
            if language not in entry:
                made = _translated(key, entry[SOURCE], found)
                entry[language] = made if made is not None else entry[SOURCE]


def _translated(key: str, english: str, found: gettext.NullTranslations) -> str | None:
    made: str
    if isinstance(english, Plural):
        count, rule = plural_rule(found)
        # one n for each form the rule chooses: gettext answers a plural for a number, not a form
        numbers = {plural_index(rule, n): n for n in (*(10 ** k for k in range(9, 2, -1)), *range(200, -1, -1))}
        if sorted(numbers) != list(range(count)):
            return None
        forms = [found.npgettext(key, english.one, str(english), numbers[i]) for i in range(count)]
        if forms in ([english.one, str(english)], [english.one] * count, [str(english)] * count) or not all(forms):
            return None   # gettext gave the English back: no translation
        made = Plural(*(forms if count > 1 else forms * 2), rule=rule)
    else:
        said = found.pgettext(key, english)
        if said is english or not said:
            return None
        made = said
    return made if placeholders(made) == placeholders(english) else None


def _load() -> None:
    for part in catalogue.PARTS:
        add_catalogue(part)


_load()
