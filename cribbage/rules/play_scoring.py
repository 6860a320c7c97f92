"""Scoring the play: what the last card laid on the current series earns.

The series is the cards played since the last reset, in play order. The last card pegs for a
fifteen, thirty-one, a pair (pair royal, double pair royal) with the cards just before it, and the
longest run formed by the last n cards in any order. Go and the last card are the game's business
(:mod:`cribbage.rules.game`), because they depend on who can still play. Rules: ``course/rules.md``,
"4. The play".
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from cribbage.lang.messages import add_catalogue, message
from cribbage.rules.cards import Card, CardLike, cards
from cribbage.rules.errors import InvalidPlayError
from cribbage.rules.show_scoring import ScoreItem

__all__ = ["MAX_COUNT", "PlayScore", "pile_count", "score_play"]

MAX_COUNT = 31

_PAIR_KINDS = {2: ("pair", 2), 3: ("pair royal", 6), 4: ("double pair royal", 12)}

# What str() of a play's score says for each item (it prints in the notebook's language).
add_catalogue({
    "play.fifteen": {"en": "fifteen for {n}"},
    "play.thirty-one": {"en": "thirty-one for {n}"},
    "play.pair": {"en": "pair for {n}"},
    "play.pair royal": {"en": "pair royal for {n}"},
    "play.double pair royal": {"en": "double pair royal for {n}"},
    "play.run": {"en": "run for {n}"},
})


@dataclass(frozen=True, slots=True)
class PlayScore:
    """The points one card earns in the play, itemized, and the count it leaves."""

    count: int
    items: tuple[ScoreItem, ...]

    @property
    def total(self) -> int:
        return sum(item.points for item in self.items)

    def __str__(self) -> str:
        if not self.items:
            return f"{self.count}"
        return f"{self.count}: " + ", ".join(str(message(f"play.{item.kind}", n=item.points)) for item in self.items)


def pile_count(pile: Iterable[Card]) -> int:
    """The running count of a series: cards, or their text (``"5H 5D"`` counts 10).

    >>> pile_count("5H 5D"), pile_count(cards("KS QS"))
    (10, 20)
    """
    if type(pile) is not tuple or not all(type(card) is Card for card in pile):
        pile = cards(pile, distinct=False)
    return sum(card.value for card in pile)


def score_play(pile: Iterable[CardLike] | str) -> PlayScore:
    """The points earned by the last card of ``pile``, the current series in play order.

    >>> print(score_play(cards("4S 6D 5H")))   # a run formed out of order, and fifteen
    15: fifteen for 2, run for 3
    >>> score_play(cards("7H 8C")).items[0].kind
    'fifteen'
    """
    if type(pile) is tuple and all(type(card) is Card for card in pile):
        series = pile  # the game's own series: already checked cards, as the play needs them fast
        if len(set(series)) != len(series):
            series = cards(pile)  # raises, naming the duplicate
    else:
        series = cards(pile)
    if not series:
        raise InvalidPlayError(message("play.empty"))
    count = pile_count(series)
    if count > MAX_COUNT:
        raise InvalidPlayError(message("play.past_31", count=count))
    last = series[-1]
    items: list[ScoreItem] = []
    if count == 15:
        items.append(ScoreItem("fifteen", series, 2))
    elif count == MAX_COUNT:
        items.append(ScoreItem("thirty-one", series, 2))
    same = 1
    while same < len(series) and series[-same - 1].rank == last.rank:
        same += 1
    if same >= 2:
        kind, points = _PAIR_KINDS[same]
        items.append(ScoreItem(kind, series[-same:], points))
    for length in range(len(series), 2, -1):
        tail = series[-length:]
        ranks = sorted(card.rank for card in tail)
        if ranks[-1] - ranks[0] == length - 1 and len(set(ranks)) == length:
            items.append(ScoreItem("run", tail, length))
            break
    return PlayScore(count, tuple(items))
