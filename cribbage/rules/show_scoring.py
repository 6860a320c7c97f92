"""Scoring the show: a hand or crib of four cards with the starter.

:func:`score_hand` itemizes every fifteen, pair, run, flush and nobs in the order a player counts
them; :func:`hand_total` gives the same total by table look-up, for statistics and the computer
players. Fifteens, pairs and runs are counted from ranks in :mod:`cribbage.rules.ranks`. Rules:
``course/rules.md``, "The show".
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations, product

from cribbage.lang.messages import Message, Words, message
from cribbage.lang.messages import number_words as _number_words
from cribbage.registry.languages import SOURCE
from cribbage.rules.cards import Card, CardLike, cards, require_distinct
from cribbage.rules.checks import flag
from cribbage.rules.errors import InvalidHandError
from cribbage.rules.ranks import POINTS_BY_KEY, points_by_key, rank_points
from cribbage.rules.ranks import RANK_KEY as _POW5
from cribbage.rules.ranks import runs as _runs

__all__ = [
    "MAX_SCORE",
    "HandScore",
    "ItemizedScore",
    "ScoreGroup",
    "ScoreItem",
    "hand_total",
    "number_words",
    "rank_points",
    "score_hand",
]

#: The highest count of a hand or crib: the 29 (three fives and the jack, with the fourth five turned
#: in the jack's suit).
MAX_SCORE = 29


@dataclass(frozen=True, slots=True)
class ScoreItem:
    """One scoring combination: what kind, which cards, how many points."""

    kind: str
    cards: tuple[Card, ...]
    points: int

    def __str__(self) -> str:
        shown = " ".join(str(card) for card in self.cards)
        return f"{self.kind} {shown} for {self.points}"


def number_words(n: int) -> str:
    """``12`` -> ``"twelve"``, ``24`` -> ``"twenty-four"``: the count as players say it."""
    return _number_words(n, SOURCE)


_PAIR_KINDS = {2: "pair", 3: "pair royal", 4: "double pair royal"}


@dataclass(frozen=True, slots=True)
class ScoreGroup:
    """Items of a count as players say them: the pairs of one rank gathered into one pair, pair royal
    or double pair royal; every other item as it is. ``size`` is the run or flush length, or how many
    cards of the rank."""

    kind: str
    cards: tuple[Card, ...]
    points: int

    @property
    def size(self) -> int:
        return len(self.cards)


class ItemizedScore:
    """Points by kind over ``items``: shared by the show's :class:`HandScore` and CrossCribb's lines."""

    __slots__ = ()
    items: tuple[ScoreItem, ...]

    def _sum(self, kind: str) -> int:
        return sum(item.points for item in self.items if item.kind == kind)

    @property
    def total(self) -> int:
        return sum(item.points for item in self.items)

    @property
    def fifteens(self) -> int:
        return self._sum("fifteen")

    @property
    def pairs(self) -> int:
        return self._sum("pair")

    @property
    def runs(self) -> int:
        return self._sum("run")

    @property
    def flush(self) -> int:
        return self._sum("flush")

    @property
    def nobs(self) -> int:
        return self._sum("nobs")


@dataclass(frozen=True, slots=True)
class HandScore(ItemizedScore):
    """The itemized count of a hand or crib. ``str()`` gives the count as it is spoken."""

    hand: tuple[Card, ...]
    starter: Card
    crib: bool
    items: tuple[ScoreItem, ...]

    def groups(self) -> tuple[ScoreGroup, ...]:
        """The items in the order they are counted, the pairs of one rank gathered as players say them
        ("a pair royal of 5s" rather than three pairs)."""
        out: list[ScoreGroup] = []
        done: set[int] = set()
        five = (*self.hand, self.starter)
        for item in self.items:
            if item.kind == "pair":
                rank = item.cards[0].rank
                if rank in done:
                    continue
                done.add(rank)
                same = tuple(card for card in five if card.rank == rank)
                out.append(ScoreGroup(_PAIR_KINDS[len(same)], same, len(same) * (len(same) - 1)))
            else:
                out.append(ScoreGroup(item.kind, item.cards, item.points))
        return tuple(out)

    def spoken_phrases(self) -> list[Message]:
        """The count phrase by phrase, each ending on the running total said in words."""
        out: list[Message] = []
        total = 0
        pairs_said = runs_said = 0
        for group in self.groups():
            total += group.points
            said = Words(total)
            kind = group.kind
            if kind == "pair":
                kind = "another pair" if pairs_said else "pair"
            elif kind == "run":
                kind = "another run" if runs_said else "run"
                runs_said += 1
            if group.kind in _PAIR_KINDS.values():
                pairs_said += 1
            out.append(message(f"say.{kind}", total=said, n=Words(group.size)))
        return out

    def spoken(self) -> Message:
        """The whole count as it is said: "fifteen two, fifteen four, and a pair is six"."""
        phrases = self.spoken_phrases()
        if not phrases:
            return message("say.nothing")
        if len(phrases) > 1:
            phrases[-1] = message("say.and", phrase=phrases[-1])
        said = phrases[-1]
        for phrase in reversed(phrases[:-1]):
            said = message("list.comma", first=phrase, rest=said)
        return said

    def phrases(self) -> list[str]:
        """The count phrase by phrase in English, each ending on the running total."""
        return [str(phrase) for phrase in self.spoken_phrases()]

    def __str__(self) -> str:
        return str(self.spoken())


def _check(hand: Iterable[CardLike] | str, starter: CardLike) -> tuple[tuple[Card, ...], Card]:
    held = cards(hand, distinct=False)
    if len(held) != 4:
        raise InvalidHandError(message("hand.four_cards", n=len(held)))
    require_distinct(held)
    turned = Card.parse(starter)
    if turned in held:
        raise InvalidHandError(message("hand.starter_in_hand", card=turned))
    return held, turned


def score_hand(hand: Iterable[CardLike] | str, starter: CardLike, *, crib: bool = False) -> HandScore:
    """Itemize a hand (or, with ``crib=True``, a crib) of four cards with the starter.

    >>> s = score_hand(cards("5C 5D 6H 7S"), Card.parse("8C"))
    >>> s.total, s.fifteens, s.pairs, s.runs
    (12, 2, 2, 8)
    >>> str(s)
    'fifteen two, a pair is four, a run of four is eight, and another run of four is twelve'
    """
    if crib is not True and crib is not False:
        crib = flag(crib, "crib")
    held, turned = _check(hand, starter)
    five = (*held, turned)
    items: list[ScoreItem] = []
    for size in range(2, 6):
        for combo in combinations(five, size):
            if sum(card.value for card in combo) == 15:
                items.append(ScoreItem("fifteen", combo, 2))
    for a, b in combinations(five, 2):
        if a.rank == b.rank:
            items.append(ScoreItem("pair", (a, b), 2))
    by_rank: dict[int, list[Card]] = {}
    for card in sorted(five):
        by_rank.setdefault(card.rank, []).append(card)
    for low, length in _runs(by_rank.keys()):
        for combo in product(*(by_rank[r] for r in range(low, low + length))):
            items.append(ScoreItem("run", combo, length))
    suit = held[0].suit
    if all(card.suit == suit for card in held):
        if turned.suit == suit:
            items.append(ScoreItem("flush", five, 5))
        elif not crib:
            items.append(ScoreItem("flush", held, 4))
    for card in held:
        if card.rank == 11 and card.suit == turned.suit:
            items.append(ScoreItem("nobs", (card,), 1))
    return HandScore(held, turned, crib, tuple(items))


def hand_total(hand: Sequence[Card], starter: Card, *, crib: bool = False) -> int:
    """The total of :func:`score_hand`, by table look-up: about half a microsecond a hand
    (``benchmarks/scoring.py``).

    Takes :class:`Card` objects (not text) and checks only that there are four distinct cards and a
    fifth starter.
    """
    if crib is not True and crib is not False:
        crib = flag(crib, "crib")
    table = POINTS_BY_KEY or points_by_key()
    if type(hand) is not tuple and type(hand) is not list:
        hand = tuple(cards(hand, distinct=False))  # a generator can be read only once
    try:
        a, b, c, d = hand
        ra, rb, rc, rd, rs = a.rank, b.rank, c.rank, d.rank, starter.rank
        sa, sb, sc, sd, s = a.suit, b.suit, c.suit, d.suit, starter.suit
        key = _POW5[ra] + _POW5[rb] + _POW5[rc] + _POW5[rd] + _POW5[rs]
    except (ValueError, TypeError, AttributeError):
        held, starter = _check(hand, starter)
        return hand_total(held, starter, crib=crib)
    # A card twice is two of one rank and one suit. Ten comparisons of numbers, most settled by the
    # rank: a set of the Cards would hash each in Python, twice the cost of the whole count.
    if (ra == rb and sa == sb) or (ra == rc and sa == sc) or (ra == rd and sa == sd) or (ra == rs and sa == s) \
            or (rb == rc and sb == sc) or (rb == rd and sb == sd) or (rb == rs and sb == s) \
            or (rc == rd and sc == sd) or (rc == rs and sc == s) or (rd == rs and sd == s):
        _check(hand, starter)  # raises, naming the duplicate
    total = table[key]
    if sb == sa and sc == sa and sd == sa:
        total += 5 if s == sa else (0 if crib else 4)
    if (ra == 11 and sa == s) or (rb == 11 and sb == s) or (rc == 11 and sc == s) or (rd == 11 and sd == s):
        total += 1
    return total
