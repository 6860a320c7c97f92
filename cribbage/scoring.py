"""Scoring the show: a hand or crib of four cards with the starter.

:func:`score_hand` itemizes every fifteen, pair, run, flush and nobs in the order a player counts
them; :func:`hand_total` gives the same total by table look-up, for statistics and the computer
players. Fifteens, pairs and runs are counted from ranks in :mod:`cribbage.ranks`. Rules:
``course/rules.md``, "The show".
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations, product
from typing import Iterable, Sequence

from .cards import Card, CardLike, cards, require_distinct
from .errors import InvalidHandError
from .ranks import RANK_KEY as _POW5, points_by_key, rank_points, runs as _runs

__all__ = ["ScoreItem", "ItemizedScore", "HandScore", "score_hand", "hand_total", "rank_points", "number_words",
           "MAX_SCORE"]

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


_WORDS = ("nothing one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
          "fifteen sixteen seventeen eighteen nineteen twenty").split()


def number_words(n: int) -> str:
    """``12`` -> ``"twelve"``, ``24`` -> ``"twenty-four"``: the count as players say it."""
    if 0 <= n <= 20:
        return _WORDS[n]
    tens = {2: "twenty", 3: "thirty", 4: "forty", 5: "fifty", 6: "sixty", 7: "seventy",
            8: "eighty", 9: "ninety"}
    if 20 < n < 100:
        return tens[n // 10] + ("-" + _WORDS[n % 10] if n % 10 else "")
    return str(n)


_PAIR_NAMES = {2: "a pair", 3: "a pair royal", 4: "a double pair royal"}
_RUN_NAMES = {3: "three", 4: "four", 5: "five"}


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

    def phrases(self) -> list[str]:
        """The count phrase by phrase, each ending on the running total."""
        out: list[str] = []
        total = 0
        pairs_done: set[int] = set()
        runs_said = 0
        for item in self.items:
            if item.kind == "pair":
                rank = item.cards[0].rank
                if rank in pairs_done:
                    continue
                pairs_done.add(rank)
                same = sum(1 for c in self.hand + (self.starter,) if c.rank == rank)
                total += same * (same - 1)
                name = _PAIR_NAMES[same]
                if name == "a pair" and len(pairs_done) > 1:
                    name = "another pair"
                out.append(f"{name} is {number_words(total)}")
                continue
            total += item.points
            if item.kind == "fifteen":
                out.append(f"fifteen {number_words(total)}")
            elif item.kind == "run":
                what = "a run" if runs_said == 0 else "another run"
                runs_said += 1
                out.append(f"{what} of {_RUN_NAMES[item.points]} is {number_words(total)}")
            elif item.kind == "flush":
                out.append(f"a flush of {_RUN_NAMES[item.points]} is {number_words(total)}")
            elif item.kind == "nobs":
                out.append(f"one for his nobs is {number_words(total)}")
        return out

    def __str__(self) -> str:
        phrases = self.phrases()
        if not phrases:
            return "nineteen (nothing)"
        if len(phrases) > 1:
            phrases[-1] = "and " + phrases[-1]
        return ", ".join(phrases)


def _check(hand: "Iterable[CardLike] | str", starter: CardLike) -> tuple[tuple[Card, ...], Card]:
    held = cards(hand, distinct=False)
    if len(held) != 4:
        raise InvalidHandError(f"a hand is four cards, not {len(held)}")
    require_distinct(held)
    turned = Card.parse(starter)
    if turned in held:
        raise InvalidHandError(f"the starter {turned} is also in the hand")
    return held, turned


def score_hand(hand: "Iterable[CardLike] | str", starter: CardLike, *, crib: bool = False) -> HandScore:
    """Itemize a hand (or, with ``crib=True``, a crib) of four cards with the starter.

    >>> s = score_hand(cards("5C 5D 6H 7S"), Card.parse("8C"))
    >>> s.total, s.fifteens, s.pairs, s.runs
    (12, 2, 2, 8)
    >>> str(s)
    'fifteen two, a pair is four, a run of four is eight, and another run of four is twelve'
    """
    held, turned = _check(hand, starter)
    five = held + (turned,)
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
    """The total of :func:`score_hand`, by table look-up: about a microsecond a hand.

    Takes :class:`Card` objects (not text) and checks only that there are four distinct cards and a
    fifth starter.
    """
    table = _RANK_TABLE or _load_table()
    if type(hand) is not tuple and type(hand) is not list:
        hand = tuple(cards(hand, distinct=False))  # a generator can be read only once
    try:
        a, b, c, d = hand
        key = _POW5[a.rank] + _POW5[b.rank] + _POW5[c.rank] + _POW5[d.rank] + _POW5[starter.rank]
    except (ValueError, TypeError, AttributeError):
        held, starter = _check(hand, starter)
        return hand_total(held, starter, crib=crib)
    if len({a, b, c, d, starter}) != 5:
        _check(hand, starter)  # raises, naming the duplicate
    total = table[key]
    suit = a.suit
    if b.suit == suit and c.suit == suit and d.suit == suit:
        total += 5 if starter.suit == suit else (0 if crib else 4)
    s = starter.suit
    if (a.rank == 11 and a.suit == s) or (b.rank == 11 and b.suit == s) or \
            (c.rank == 11 and c.suit == s) or (d.rank == 11 and d.suit == s):
        total += 1
    return total


_RANK_TABLE: dict[int, int] = {}


def _load_table() -> dict[int, int]:
    _RANK_TABLE.update(points_by_key())
    return _RANK_TABLE
