"""The calculator's links and typed cards, and its plain state: no ipywidgets, no numpy.

What the hand calculator (:mod:`widgets.calculator.hand`) reads from a link's query or a share code, and
from cards typed, with its refusals; the links it writes; and :class:`HandChoice`, the cards chosen.
The calculator's page that runs in the visitor's browser (``apps/static_calculator/``, on Pyodide,
where there is neither ipywidgets nor numpy) reads links with the very same code.

A link's query (``?hand=5H5D6H7S&starter=8C&crib=0``) is read by :func:`parse_query`: plain text
split into known parts, cards read by the engine's parser, nothing ever evaluated. Anything
malformed is refused whole, with a message.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any
from urllib.parse import parse_qs, urlencode

from cribbage import MAX_SCORE, Card, HandScore, score_hand
from cribbage.lang.messages import render
from cribbage.registry.languages import SOURCE
from cribbage.rules.cards import card_tokens, first_duplicate
from cribbage.rules.errors import InvalidCardError
from widgets.base.refusal import Refused
from widgets.i18n import LANGUAGES, check_language, percent_pair

__all__ = [
    "HandChoice",
    "NoHand",
    "link_ignored",
    "parse_cards_text",
    "parse_code",
    "parse_query",
    "query_language",
    "quoted",
    "share_code",
    "share_query",
    "standing_text",
]

_MAX_QUERY = 200      # a real link's query is about 40 characters
_MAX_PART = 40
_KEYS = ("hand", "starter", "crib", "lang")


def quoted(text: str) -> str:
    """``text`` as a refusal quotes what was typed: in quotes, cut to 24 characters."""
    shown = text if len(text) <= 24 else text[:21] + "..."
    return repr(shown)


def parse_cards_text(text: str, language: str | None = None, *, count: int | None = 5) -> tuple[Card, ...]:
    """Read typed cards with the engine's parser; refuse (in ``language``) naming the bad piece."""
    if not isinstance(text, str):
        raise Refused(render("calc.link_not_text", language))
    if len(text) > 400:
        raise Refused(render("err.too_long", language, n=len(text)))
    found: list[Card] = []
    for token, read in card_tokens(text):
        if read is None:
            raise Refused(_not_a_card(token, language))
        found.extend(read)
    twice = first_duplicate(found)
    if twice is not None:
        raise Refused(render("err.duplicate", language, card=str(twice)))
    if count is not None and len(found) != count:
        raise Refused(render("err.count", language, n=len(found)))
    return tuple(found)


def _not_a_card(token: str, language: str | None) -> str:
    """The refusal of a piece that is not a card. An ace typed as 1 (``1H``) is a slip a learner
    makes, and the engine knows the fix ("type A for an ace"), so its words are given instead."""
    try:
        Card.parse(token)
    except InvalidCardError as err:
        if err.message.key == "card.ace_is_a":
            said = render(err.message, check_language(language))
            return said[:1].upper() + said[1:] + "."
    return render("err.not_a_card", language, text=quoted(token))


def share_query(hand: Iterable[Card], starter: Card, crib: bool, language: str | None = None) -> str:
    """``"hand=5H5D6H7S&starter=8C&crib=0"``, and ``&lang=es`` when the page speaks Spanish (the
    cards are written the same in every language, so the link opens the same hand in any)."""
    fields: dict[str, object] = {"hand": "".join(c.code for c in hand), "starter": starter.code, "crib": int(crib)}
    if language is not None and language != SOURCE:
        fields["lang"] = language
    return urlencode(fields)


def query_language(query: str | bytes | Mapping[str, Any]) -> str | None:
    """The language a link asks for with ``lang=es|pt|en``, or None (none, or not one of the course's):
    read before the calculator is made, so that even its refusals are in that language."""
    try:
        if isinstance(query, bytes):
            query = query.decode("utf-8")
        if isinstance(query, str):
            if len(query) > _MAX_QUERY:
                return None
            text = query.split("?", 1)[1] if "?" in query else query
            values: Any = parse_qs(text.split("#", 1)[0], max_num_fields=6).get("lang", [])
        elif isinstance(query, Mapping):
            values = query.get("lang", [])
        else:
            return None
        value = values[0] if isinstance(values, (list, tuple)) and values else values
        if isinstance(value, bytes):
            value = value.decode("utf-8")
    except (ValueError, UnicodeDecodeError):
        return None
    code = value.strip().lower() if isinstance(value, str) else ""
    return code if code in LANGUAGES else None


class NoHand(Refused):
    """A link with nothing but its language: the calculator opens empty, in that language."""


def share_code(hand: Iterable[Card], starter: Card, crib: bool) -> str:
    """``"5H5D6H7S/8C"``, or ``"5H5D6H7S/8C/crib"`` for a crib."""
    return "".join(c.code for c in hand) + "/" + starter.code + ("/crib" if crib else "")


def link_ignored(language: str, message: str, **values: Any) -> Refused:
    """The refusal of a link whose words are left unread: "the link was ignored: <message>"."""
    return Refused(render("calc.link_ignored", language, why=render(message, language, **values)))


def _as_text(value: Any, language: str) -> str:
    if isinstance(value, bytes):
        try:
            value = value.decode("utf-8")
        except UnicodeDecodeError:
            raise link_ignored(language, "calc.link_not_text") from None
    if not isinstance(value, str):
        raise link_ignored(language, "calc.link_not_text")
    return value


def query_fields(query: str | bytes | Mapping[str, Any], language: str, keys: tuple[str, ...]) -> dict[str, list[str]]:
    """A link's fields (a query string, a URL, or a mapping such as Voilà's, whose values may be lists
    or bytes), each one of ``keys``, given once and short; anything else is refused in ``language``
    (the link's own checks, such as ``lang=``, are the caller's)."""
    if isinstance(query, (str, bytes)):
        text = _as_text(query, language)
        if len(text) > _MAX_QUERY:
            raise link_ignored(language, "err.too_long", n=len(text))
        text = text.split("?", 1)[1] if "?" in text else text
        text = text.split("#", 1)[0]
        try:
            fields: dict[str, list[str]] = parse_qs(text, keep_blank_values=True, max_num_fields=6)
        except ValueError:
            raise link_ignored(language, "err.too_long", n=len(text)) from None
        if not fields and text.strip():
            raise link_ignored(language, "calc.link_unknown_key", key=quoted(text))
    elif isinstance(query, Mapping):
        if len(query) > 6:
            raise link_ignored(language, "err.too_long", n=len(query))
        fields = {}
        for key, value in query.items():
            name = _as_text(key, language)
            values = list(value) if isinstance(value, (list, tuple)) else [value]
            if len(values) > 3:
                raise link_ignored(language, "calc.link_repeated", key=quoted(name))
            fields[name] = [_as_text(v, language) for v in values]
    else:
        raise link_ignored(language, "calc.link_not_text")
    for key, values in fields.items():
        if key not in keys:
            raise link_ignored(language, "calc.link_unknown_key", key=quoted(key))
        if len(values) != 1:
            raise link_ignored(language, "calc.link_repeated", key=key)
        if len(values[0]) > _MAX_PART:
            raise link_ignored(language, "err.too_long", n=len(values[0]))
    return fields


def parse_query(query: str | bytes | Mapping[str, Any], language: str | None = None) -> tuple[tuple[Card, ...], Card, bool]:
    """Read ``hand=5H5D6H7S&starter=8C&crib=0`` (a query string, a URL, or a mapping such as
    Voilà's, whose values may be lists or bytes) into (hand, starter, crib). Refuses, never evaluates."""
    language = check_language(language)
    fields = query_fields(query, language, _KEYS)
    lang = fields.get("lang", [""])[0].strip().lower()
    if lang and lang not in LANGUAGES:
        raise link_ignored(language, "calc.link_bad_lang", value=quoted(lang), choices=", ".join(LANGUAGES))
    if set(fields) == {"lang"}:
        raise NoHand("")
    if "hand" not in fields or "starter" not in fields:
        raise link_ignored(language, "calc.link_missing")
    crib_text = fields.get("crib", ["0"])[0].strip()
    if crib_text not in ("0", "1", ""):
        raise link_ignored(language, "calc.link_bad_crib", value=quoted(crib_text))
    try:
        hand = parse_cards_text(fields["hand"][0], language, count=None)
        starter_cards = parse_cards_text(fields["starter"][0], language, count=None)
    except Refused as refusal:
        raise Refused(render("calc.link_ignored", language, why=str(refusal))) from None
    if len(hand) != 4:
        raise link_ignored(language, "calc.link_hand_count", n=len(hand))
    if len(starter_cards) != 1:
        raise link_ignored(language, "calc.link_starter_count", n=len(starter_cards))
    starter = starter_cards[0]
    if starter in hand:
        raise link_ignored(language, "err.duplicate", card=str(starter))
    return hand, starter, crib_text == "1"


def parse_code(code: str, language: str | None = None) -> tuple[tuple[Card, ...], Card, bool]:
    """Read a share code ``5H5D6H7S/8C`` or ``5H5D6H7S/8C/crib``, or a link the calculator shows
    (``https://…?hand=5H5D6H7S&starter=8C&crib=0``, or only its query), read by :func:`parse_query`."""
    language = check_language(language)
    text = _as_text(code, language).strip()
    if "=" in text:  # a share code never holds "=": this is a link or its query
        return parse_query(text, language)
    if len(text) > _MAX_PART:
        raise Refused(render("err.too_long", language, n=len(text)))
    parts = text.split("/")
    crib = len(parts) == 3 and parts[2].strip().lower() == "crib"
    if len(parts) not in (2, 3) or (len(parts) == 3 and not crib):
        raise Refused(render("err.not_a_card", language, text=quoted(text)))
    hand = parse_cards_text(parts[0], language, count=None)
    starter = parse_cards_text(parts[1], language, count=None)
    if len(hand) != 4 or len(starter) != 1:
        raise Refused(render("err.count", language, n=len(hand) + len(starter)))
    if starter[0] in hand:
        raise Refused(render("err.duplicate", language, card=str(starter[0])))
    return hand, starter[0], crib


def standing_text(total: int, crib: bool, counts: Sequence[int], language: str | None = None) -> str:
    """Where a hand's ``total`` stands among all hands, given ``counts`` (how many of the 12,994,800
    hands score 0..29, :func:`cribbage.stats.hand_distribution`): "x% of hands score 12 or less"."""
    what = render("calc.what.crib" if crib else "calc.what.hand", language)
    whole = sum(int(n) for n in counts)
    if total >= MAX_SCORE:
        share = int(counts[MAX_SCORE]) / whole
        return render("calc.share_top", language, what=what, share=percent_pair(share, language)[0])
    at_most, more = percent_pair(sum(int(n) for n in counts[: max(0, total + 1)]) / whole, language)
    return render("calc.share_at_most", language, at_most=at_most, more=more, total=total, what=what)


class HandChoice:
    """The calculator's state as a plain object: the hand (up to four cards), the starter, the
    crib flag, and the engine's itemized count once all five cards are there.

    :meth:`follow` takes the cards now picked on the deck: a newly picked card fills the hand
    first, then the starter; a card put back leaves its place empty and the others where they are.
    """

    def __init__(self) -> None:
        self.hand: list[Card] = []
        self.starter: Card | None = None
        self.crib = False

    @property
    def cards(self) -> list[Card]:
        return self.hand + ([self.starter] if self.starter is not None else [])

    @property
    def missing(self) -> int:
        return 5 - len(self.cards)

    def score(self) -> HandScore | None:
        if len(self.hand) == 4 and self.starter is not None:
            return score_hand(self.hand, self.starter, crib=self.crib)
        return None

    def set(self, hand: Iterable[Card], starter: Card | None, crib: bool) -> None:
        hand = list(hand)
        if len(hand) > 4 or len(set([*hand, starter])) != len(hand) + 1:
            raise ValueError("four distinct cards and a starter apart from them")
        self.hand, self.starter, self.crib = hand, starter, bool(crib)

    def follow(self, picked: Iterable[Card]) -> None:
        picked = list(picked)
        chosen = set(picked)
        self.hand = [card for card in self.hand if card in chosen]
        if self.starter not in chosen:
            self.starter = None
        for card in picked:
            if card in self.hand or card == self.starter:
                continue
            if len(self.hand) < 4:
                self.hand.append(card)
            elif self.starter is None:
                self.starter = card
