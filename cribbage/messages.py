"""What the engine says to a person: a message is a stable key plus its values, worded on demand.

The engine never builds a sentence. It names a message and passes the values (cards, counts, seats,
points); :func:`render` turns it into words in any language of the catalogue, and ``str()`` of a
message is its English. Errors, reasons and log entries carry their :class:`Message`, so a view shows
them in the learner's language without reading the English back.

>>> from cribbage import Card
>>> msg = message("card.duplicate", card=Card.parse("5H"))
>>> str(msg)
'duplicate card: 5♥ appears twice'
>>> render(msg, "es")
'carta repetida: 5♥ aparece dos veces'

Values render by type: a :class:`~cribbage.cards.Card` as its symbol (the same in every language),
cards as a space-separated list, a :class:`Seat` as its role word in that language ("the dealer",
"el repartidor", "o carteador") or the name the view gives it, a :class:`Rank` as its label, numbers
as numbers (a decimal comma in Spanish and Portuguese), :class:`Words` as the number said aloud, a
nested message in the same language, and several messages as one list ("a, b and c"). A template is
``str.format`` text; a value may take a form after a colon: ``{seat:cap}`` capitalised,
``{seat:of}`` the possessive ("the dealer's", "del repartidor"), ``{seat:to}`` ("to the dealer",
"al repartidor"), ``{rank:plural}`` ("aces", "5s"), ``{rank:words}`` ("sevens", "sietes"). A
:class:`Plural` template has a singular and a plural form, chosen by the value ``n``.
"""

from __future__ import annotations

import enum
import string
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Iterable, Mapping, Union

__all__ = ["LANGUAGES", "Message", "message", "render", "Seat", "Role", "Rank", "Words", "number_words",
           "CATALOGUE", "add_catalogue", "check_language", "placeholders", "Template", "Plural"]

LANGUAGES: tuple[str, ...] = ("en", "es", "pt")

class Plural(str):
    """A template with a singular and a plural, chosen by the value ``n``. As a ``str`` it is the
    plural, so code that reads templates as text (coverage tests, tools) still works."""

    one: str

    def __new__(cls, one: str, other: str) -> "Plural":
        made = super().__new__(cls, other)
        made.one = one
        return made

    def __reduce__(self) -> tuple[Any, ...]:
        return (Plural, (self.one, str(self)))

    def choose(self, n: object) -> str:
        """The form for ``n``: en, es and pt say the singular for exactly one (gettext: plural=(n != 1))."""
        return self.one if n == 1 else str(self)


#: A template: one text, or a :class:`Plural` (given to :func:`add_catalogue` as a pair too).
Template = Union[str, Plural, tuple[str, str]]

#: key -> {language: template}. Filled from :mod:`cribbage.catalogue` and :func:`add_catalogue`.
CATALOGUE: dict[str, dict[str, str]] = {}  # a template is a str or a Plural (also a str)


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
    def of(cls, index: int, dealer: int | None) -> "Seat":
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
    """``12`` -> ``"twelve"`` / ``"doce"`` / ``"doze"``: the number as players say it in a count."""
    from .catalogue import NUMBER_WORDS
    words = NUMBER_WORDS[check_language(language)]
    return words[n] if 0 <= n < len(words) else str(n)


@dataclass(frozen=True, eq=True)
class Message:
    """A key of the catalogue and the values its template names. Immutable; ``str()`` is English."""

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
        return render(self, "en")

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

    __slots__ = ("value", "language", "names")

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
            number_spec = spec if spec and spec[-1] in "fg%" else ".2f"
            text = format(value, number_spec)
            if language != "en":
                text = text.replace(".", ",")
            return text
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
            from .catalogue import RANK_WORDS
            return RANK_WORDS[self.language][rank]
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
    texts = template if isinstance(template, tuple) else (template.one, str(template)) \
        if isinstance(template, Plural) else (template,)
    return {name.split(".")[0].split("[")[0] for text in texts
            for _lit, name, _spec, _conv in string.Formatter().parse(text) if name}


def add_catalogue(entries: Mapping[str, Mapping[str, Template]]) -> None:
    """Add messages to the engine catalogue (a part of the engine with its own words calls this once).

    Every entry needs all of :data:`LANGUAGES`; a key already taken with other words is refused.
    """
    for key, entry in entries.items():
        missing = [language for language in LANGUAGES if language not in entry]
        if missing:
            raise ValueError(f"message {key!r} has no {', '.join(missing)}")
        words: dict[str, str] = {language: Plural(*text) if isinstance(text, tuple) else text
                                 for language, text in entry.items()}
        if key in CATALOGUE and (CATALOGUE[key] != words or any(
                getattr(CATALOGUE[key][language], "one", None) != getattr(text, "one", None)
                for language, text in words.items())):
            raise ValueError(f"message {key!r} is already in the catalogue with other words")
        CATALOGUE[key] = words


def _load() -> None:
    from . import catalogue
    for part in catalogue.PARTS:
        add_catalogue(part)


_load()
