"""Cards, their text forms, and the deck.

A :class:`Card` is a small frozen value. ``Card.parse("5H")`` reads one card; :func:`cards` reads many.
Ranks are ``A 2..9 T 10 J Q K`` and suits ``S H D C`` or ``♠ ♥ ♦ ♣``, in any case; people see
``5♥``, ``10♠``, ``J♦``. The ace is always low.
"""

from __future__ import annotations

import enum
import random
import re
import unicodedata
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import islice
from typing import overload

from cribbage.lang.messages import message
from cribbage.rules.checks import flag, whole
from cribbage.rules.counting import whole_number
from cribbage.rules.errors import InvalidCardError, InvalidHandError
from cribbage.rules.errors import shown as shown_value
from cribbage.rules.options import chosen_seed

__all__ = ["FULL_DECK", "RANK_LABELS", "Card", "CardLike", "Deck", "Suit", "card_tokens", "cards", "first_duplicate", "quoted"]


class Suit(enum.IntEnum):
    """The four suits, in bridge order (clubs lowest). Suits matter only for flushes and nobs."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        """``"C"``, ``"D"``, ``"H"`` or ``"S"``."""
        return "CDHS"[self]

    @property
    def symbol(self) -> str:
        """``"♣"``, ``"♦"``, ``"♥"`` or ``"♠"``."""
        return "♣♦♥♠"[self]

    @property
    def is_red(self) -> bool:
        """Hearts and diamonds are drawn red."""
        return self in (Suit.DIAMONDS, Suit.HEARTS)

    @property
    def english(self) -> str:
        """The suit's name: ``"hearts"``."""
        return self.name.lower()


#: Rank number (1..13) to the label people see.
RANK_LABELS = {1: "A", 2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9",
               10: "10", 11: "J", 12: "Q", 13: "K"}
_RANK_CODES = "A23456789TJQK"
_RANK_NAMES = {1: "ace", 11: "jack", 12: "queen", 13: "king"}

_RANK_TEXT = {"A": 1, "T": 10, "10": 10, "J": 11, "Q": 12, "K": 13}
_RANK_TEXT.update({str(n): n for n in range(2, 10)})
_SUIT_TEXT = {"C": Suit.CLUBS, "D": Suit.DIAMONDS, "H": Suit.HEARTS, "S": Suit.SPADES,
              "♣": Suit.CLUBS, "♦": Suit.DIAMONDS, "♥": Suit.HEARTS, "♠": Suit.SPADES,
              "♧": Suit.CLUBS, "♢": Suit.DIAMONDS, "♡": Suit.HEARTS, "♤": Suit.SPADES}
_CARD_RE = re.compile(r"(10|[A2-9TJQK])([CDHS♣♦♥♠♧♢♡♤])", re.IGNORECASE | re.ASCII)
# Phones paste suits with an emoji variation selector after them: "5♥\ufe0f" is still 5♥.
_EMOJI_STYLE = "\ufe0f"
# Longer than any sane list of cards: refuse before doing work on hostile input.
_MAX_TEXT = 400


def quoted(text: object) -> str:
    """What a person typed, quoted and cut to 40 characters, for an error that names it."""
    if isinstance(text, int) and not isinstance(text, bool) and text.bit_length() > 128:
        return shown_value(text)
    try:
        shown = str(text)
    except Exception:
        return shown_value(text)
    if len(shown) > 40:
        shown = shown[:37] + "..."
    return repr(shown)


# "1H" for the ace of hearts: say how an ace is written, not only that it is wrong.
_ACE_AS_ONE = re.compile(r"(?:1|01)([CDHS♣♦♥♠♧♢♡♤])", re.IGNORECASE)


def _not_a_card(text: object) -> InvalidCardError:
    if isinstance(text, str):
        ace = _ACE_AS_ONE.fullmatch(text.strip().replace(_EMOJI_STYLE, ""))
        if ace:
            return InvalidCardError(message("card.ace_is_a", text=quoted(text), ace="A" + ace.group(1).upper()))
    return InvalidCardError(message("card.not_card", text=quoted(text)))


@dataclass(frozen=True, order=True, slots=True)
class Card:
    """One playing card. Ordered by rank, then suit; hashable; immutable.

    >>> Card.parse("5h")
    Card.parse('5H')
    >>> str(Card.parse("10s")), Card.parse("Kd").value
    ('10♠', 10)
    """

    rank: int
    suit: Suit

    def __post_init__(self) -> None:
        rank = whole_number(self.rank)
        if rank is None or not 1 <= rank <= 13:
            raise InvalidCardError(message("card.bad_rank", value=shown_value(self.rank)))
        if rank.__class__ is not self.rank.__class__:
            object.__setattr__(self, "rank", rank)
        if not isinstance(self.suit, Suit):
            # A suit's number (0..3) is taken; True or 2.0 are not numbers of suits, so refused.
            number = whole_number(self.suit)
            if number is None or not 0 <= number <= 3:
                raise InvalidCardError(message("card.bad_suit", value=shown_value(self.suit)))
            object.__setattr__(self, "suit", Suit(number))

    @classmethod
    def parse(cls, text: CardLike) -> Card:
        """Read one card: ``"5H"``, ``"10h"``, ``"Th"``, ``"5♥"``. A Card is returned as it is."""
        if isinstance(text, Card):
            return text
        if not isinstance(text, str):
            raise _not_a_card(text)
        match = _CARD_RE.fullmatch(text.strip().replace(_EMOJI_STYLE, ""))
        if match is None:
            raise _not_a_card(text)
        rank, suit = match.groups()
        return cls(_RANK_TEXT[rank.upper()], _SUIT_TEXT[suit.upper()])

    @classmethod
    def from_index(cls, index: int) -> Card:
        """The card with :attr:`index` ``index`` (0..51); any other number is refused (``-1`` is not
        the last card)."""
        return FULL_DECK[whole(index, "index", low=0, high=51)]

    @property
    def value(self) -> int:
        """The counting value for fifteens and the running count: A = 1, faces = 10."""
        return self.rank if self.rank < 10 else 10

    @property
    def index(self) -> int:
        """A number 0..51, rank-major: used by the fast tables."""
        return (self.rank - 1) * 4 + self.suit

    @property
    def label(self) -> str:
        """The rank as people see it: ``"A"``, ``"10"``, ``"J"``."""
        return RANK_LABELS[self.rank]

    @property
    def code(self) -> str:
        """Two ASCII characters, ``"5H"``, ``"TS"``: for links and files."""
        return _RANK_CODES[self.rank - 1] + self.suit.letter

    @property
    def name(self) -> str:
        """In words: ``"five of hearts"``, ``"jack of spades"`` (for screen readers)."""
        rank = _RANK_NAMES.get(self.rank) or ["", "", "two", "three", "four", "five", "six",
                                              "seven", "eight", "nine", "ten"][self.rank]
        return f"{rank} of {self.suit.english}"

    def __str__(self) -> str:
        return self.label + self.suit.symbol

    def __repr__(self) -> str:
        return f"Card.parse({self.code!r})"


CardLike = Card | str

#: The 52 cards in index order.
FULL_DECK: tuple[Card, ...] = tuple(Card(rank, suit) for rank in range(1, 14) for suit in Suit)


def _tokens(text: str) -> list[str]:
    if len(text) > _MAX_TEXT:
        raise InvalidCardError(message("card.too_long", n=len(text)))
    out: list[str] = []
    for token in re.split(r"[\s,;]+", text.replace(_EMOJI_STYLE, "").strip()):
        if not token:
            continue
        if _CARD_RE.fullmatch(token):
            out.append(token)
            continue
        # Run-together cards, as in a link: "5H5D6H7S".
        pieces = _CARD_RE.findall(token)
        if pieces and "".join(r + s for r, s in pieces).upper() == token.upper():
            out.extend(r + s for r, s in pieces)
        else:
            raise _not_a_card(token)
    return out


_SEPARATORS = re.compile(r"[\s,;]+")


def card_tokens(text: str) -> list[tuple[str, tuple[Card, ...] | None]]:
    """Typed text split where a person separates cards (spaces, commas, semicolons), each piece with
    the cards it reads as (``"5H5D"`` is two), or ``None`` for a piece that is not cards: a view can
    name exactly what it could not read.

    The text is normalised first (NFKC), so fullwidth letters and digits or a Kelvin sign read as the
    plain characters they look like. Text longer than any list of cards is refused as :func:`cards`
    refuses it.

    >>> card_tokens("5H5D, 6h x 7S")
    [('5H5D', (Card.parse('5H'), Card.parse('5D'))), ('6h', (Card.parse('6H'),)), ('x', None), ('7S', (Card.parse('7S'),))]
    """
    if len(text) > _MAX_TEXT:
        _tokens(text)  # raises: too much text for a list of cards
    out: list[tuple[str, tuple[Card, ...] | None]] = []
    for token in _SEPARATORS.split(unicodedata.normalize("NFKC", text).strip()):
        if not token:
            continue
        try:
            out.append((token, tuple(Card.parse(piece) for piece in _tokens(token))))
        except InvalidCardError:
            out.append((token, None))
    return out


def first_duplicate(hand: Iterable[Card]) -> Card | None:
    """The first card met a second time in ``hand``, or ``None`` if every card is different."""
    seen: set[Card] = set()
    for card in hand:
        if card in seen:
            return card
        seen.add(card)
    return None


def cards(text: str | Iterable[CardLike], *, distinct: bool = True) -> tuple[Card, ...]:
    """Read several cards from ``"5H 5D 6H 7S"`` (spaces or commas optional) or an iterable.

    Duplicates are refused unless ``distinct=False``.

    >>> cards("5H 5D 6H 7S")
    (Card.parse('5H'), Card.parse('5D'), Card.parse('6H'), Card.parse('7S'))
    """
    if distinct is not True and distinct is not False:
        distinct = flag(distinct, "distinct")
    if isinstance(text, Card):
        items: Sequence[CardLike] = [text]
    elif isinstance(text, str):
        items = _tokens(text)
    else:
        try:
            # A deck holds 52 cards: read no further, so an endless iterable cannot hang us.
            items = list(islice(text, 53))
        except TypeError:
            raise InvalidCardError(message("card.not_cards", text=quoted(text))) from None
    if len(items) > 52:
        raise InvalidCardError(message("card.too_many"))
    result = tuple(Card.parse(item) for item in items)
    if distinct:
        require_distinct(result)
    return result


def require_distinct(hand: Sequence[Card]) -> None:
    """Raise :class:`InvalidHandError` naming the first card that appears twice."""
    seen: set[Card] = set()
    for card in hand:
        if card in seen:
            raise InvalidHandError(message("card.duplicate", card=card))
        seen.add(card)


class Deck(Sequence[Card]):
    """An ordered stack of distinct cards, the top card first. Immutable: dealing returns new stacks.

    ``Deck()`` is the 52 cards in order; ``Deck().shuffled(seed)`` is the same shuffle for the same seed.
    """

    __slots__ = ("_cards",)

    def __init__(self, cards_: Iterable[CardLike] | None = None) -> None:
        self._cards: tuple[Card, ...] = FULL_DECK if cards_ is None else cards(cards_)

    def shuffled(self, seed: int | str | None) -> Deck:
        """The same cards in a random order fixed by ``seed``: an int or a str (None draws one).
        Anything else is refused with the engine's error: a float (``random.random()`` is no seed
        anyone can write down and deal again; ``random.randrange(2**32)`` is), a bool, text that
        cannot be written (a lone surrogate, a NUL)."""
        order = list(self._cards)
        random.Random(chosen_seed(seed)).shuffle(order)
        return Deck(order)

    def deal(self, hands: int = 2, each: int = 6) -> tuple[tuple[tuple[Card, ...], ...], Deck]:
        """Deal ``each`` cards to ``hands`` players one at a time, the first hand served first.

        Returns the hands and the rest of the deck.
        """
        hands, each = whole(hands, "hands"), whole(each, "each")
        if hands < 1 or each < 0 or hands * each > len(self._cards):
            raise InvalidHandError(message("deck.cannot_deal", each=shown_value(each), hands=shown_value(hands),
                                           n=len(self)))
        need = hands * each
        dealt = tuple(self._cards[i:need:hands] for i in range(hands))
        return dealt, Deck(self._cards[need:])

    def cut(self, position: int) -> Card:
        """The card turned at a cut: the top card of the lower part, ``position`` cards down.

        The rules ask for at least four cards left in each part; positions are clamped to that.
        """
        position = whole(position, "position")
        if not self._cards:
            raise InvalidHandError(message("deck.cut_empty"))
        low = min(4, len(self._cards) - 1)
        high = max(low, len(self._cards) - 5)
        return self._cards[max(low, min(high, position))]

    def draw(self, n: int = 1) -> tuple[tuple[Card, ...], Deck]:
        """The top ``n`` cards and the rest."""
        n = whole(n, "n")
        if not 0 <= n <= len(self._cards):
            raise InvalidHandError(message("deck.cannot_draw", want=shown_value(n), n=len(self)))
        return self._cards[:n], Deck(self._cards[n:])

    @overload
    def __getitem__(self, index: int) -> Card: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[Card, ...]: ...

    def __getitem__(self, index: int | slice) -> Card | tuple[Card, ...]:
        return self._cards[index]

    def __len__(self) -> int:
        return len(self._cards)

    def __iter__(self) -> Iterator[Card]:
        return iter(self._cards)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Deck) and self._cards == other._cards

    def __hash__(self) -> int:
        return hash(self._cards)

    def __repr__(self) -> str:
        return f"Deck({' '.join(card.code for card in self._cards)!r})"
