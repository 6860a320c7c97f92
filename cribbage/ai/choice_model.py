"""What a good player plays from each hand, so the strong expert can read the cards its opponent chose.

A card played says something about the cards not played: a player who leads a 4 from 4 5 10 J would
have led otherwise from 5 5 10 J. The strong expert reads each card its opponent plays against the
classic look-ahead (:func:`cribbage.peg_model._choose`, the play of today's expert, on ranks): every
hand the opponent may have held is checked, and a hand from which that look-ahead would have played
another card is marked down to :data:`MISS` of its weight (not to nothing: people do not all play
alike). :func:`marks` gives those weights, one for each of the 1,820 keeps of
:data:`cribbage.hand_model.KEEPS`, and :func:`cribbage.hand_model.expected_hand` applies them.

The cards they know are part of what they chose from: the starter, the cards of the series, their
own hand (not the two they laid away, which the seat cannot see). Checking hundreds of hands at
every card costs too much for the play, so the three most common cards are looked up in tables made
once (:func:`build`, ``python -m cribbage.choice_model``, stored in ``data/choice_tables.npz``):

- their **lead** from four cards, for each starter;
- their **answer** to our lead, from four cards, for each starter and lead;
- their **second card** after leading and our answer, from three, for each starter and the two cards.

Other cards (a second card as dealer, a card after a go or a 31, their last two) are not read:
checking those hands as they come measured +0.2 points of win share for a quarter of a classic game's
time per game, over the speed budget (see StrongExpertPlayer).

The same tables give the expert their next card after each of its first two
(:func:`cards_chosen`): its lead, and its answer to their lead, count on it hand by hand.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations_with_replacement
from pathlib import Path
from typing import Sequence

import numpy as np

from .hand_model import KEEPS
from .peg_model import _choose
from .pegging import _count

__all__ = ["MISS", "marks", "cards_chosen", "build", "TABLE_FILE"]

#: How much of its weight a hand keeps when the classic look-ahead would have played another card
#: from it (see the module docstring). Measured in benchmarks/players.py (``expert:miss=W``, 4,000
#: games, seed 1, before the first cards counted on the answer): 0, 0.005 and 0.02 won 54.2%, 0.05
#: 54.0%, 0.15 53.7%; some room is kept for opponents who do not play as the look-ahead does.
MISS = 0.02
#: Where the tables live (package data).
TABLE_FILE = Path(__file__).resolve().parent / "data" / "choice_tables.npz"

#: Every set of three ranks (1..13, sorted): the opponent's hand at their second card.
THREES: tuple[tuple[int, ...], ...] = tuple(combinations_with_replacement(range(1, 14), 3))
_THREE_INDEX = {hand: i for i, hand in enumerate(THREES)}


def _classic(hand: tuple[int, ...], series: tuple[int, ...], gone: Sequence[int], k: int) -> int:
    """The rank the classic look-ahead plays from ``hand`` (sorted ranks) on ``series``, the ranks
    ``gone`` (index 1..13: the starter and the cards played) and its own hand out of its sight, the
    other player holding ``k`` cards; 0 if nothing fits."""
    unseen = [0] + [max(0, 4 - gone[r] - hand.count(r)) for r in range(1, 14)]
    choice = _choose(hand, series, _count(series), unseen, min(k, sum(unseen)), False)
    return choice or 0


def _gone(starter: int, series: Sequence[int]) -> list[int]:
    gone = [0] * 14
    gone[starter] += 1
    for r in series:
        gone[r] += 1
    return gone


def build() -> dict[str, np.ndarray]:
    """The three tables of the module docstring, rank numbers (0: nothing fits), indexed by the
    starter's rank, the cards of the series (1..13; index 0 unused) and the hand (its row in
    :data:`~cribbage.hand_model.KEEPS`, or :data:`THREES` for the second card)."""
    lead = np.zeros((14, len(KEEPS)), dtype=np.uint8)
    answer = np.zeros((14, 14, len(KEEPS)), dtype=np.uint8)
    second = np.zeros((14, 14, 14, len(THREES)), dtype=np.uint8)
    for s in range(1, 14):
        for i, hand in enumerate(KEEPS):
            lead[s, i] = _classic(hand, (), _gone(s, ()), 4)
            for x in range(1, 14):
                answer[s, x, i] = _classic(hand, (x,), _gone(s, (x,)), 3)
        for a in range(1, 14):
            for b in range(1, 14):
                for i, hand in enumerate(THREES):
                    second[s, a, b, i] = _classic(hand, (a, b), _gone(s, (a, b)), 3)
    return {"lead": lead, "answer": answer, "second": second}


@lru_cache(maxsize=1)
def _tables() -> dict[str, np.ndarray]:
    with np.load(TABLE_FILE) as stored:
        return {name: stored[name] for name in ("lead", "answer", "second")}


@lru_cache(maxsize=14)
def _minus(rank: int) -> np.ndarray:
    """For each keep, the row in :data:`THREES` of the keep less one card of ``rank`` (0 if it holds
    none: those keeps are never asked about)."""
    out = np.zeros(len(KEEPS), dtype=np.int64)
    for i, keep in enumerate(KEEPS):
        if rank in keep:
            rest = list(keep)
            rest.remove(rank)
            out[i] = _THREE_INDEX[tuple(rest)]
    return out


def cards_chosen(starter: int, series: tuple[int, ...], ours: int, opened: bool,
                 rows: np.ndarray | None = None) -> np.ndarray | None:
    """The rank the classic look-ahead plays next on ``series`` (0: nothing fits) from each keep of
    :data:`~cribbage.hand_model.KEEPS` the opponent may have kept (or from the keeps ``rows`` only),
    the starter of rank ``starter`` turned and us holding ``ours`` cards, at one of the three cards
    the tables hold: their lead (``series`` empty), their answer to our lead (``series`` our card),
    both with nothing played yet, or their second card after their lead (``opened``) and our answer.
    ``None`` for any other card. A keep that cannot have led the series' first card gets a number
    that means nothing."""
    if ours == 4 and not series and not opened:
        table: np.ndarray = _tables()["lead"][starter]
    elif ours == 3 and len(series) == 1 and not opened:
        table = _tables()["answer"][starter, series[0]]
    elif ours == 3 and len(series) == 2 and opened:
        index = _minus(series[0])
        out: np.ndarray = _tables()["second"][starter, series[0], series[1]][index if rows is None else index[rows]]
        return out
    else:
        return None
    return table if rows is None else table[rows]


@lru_cache(maxsize=256)
def marks(starter: int, series: tuple[int, ...], played: int, ours: int, opened: bool,
          miss: float = MISS) -> np.ndarray | None:
    """How much of its weight each keep of :data:`~cribbage.hand_model.KEEPS` keeps, the opponent
    having played ``played`` on ``series`` with us holding ``ours`` cards: 1 where the classic
    look-ahead plays it, ``miss`` where it plays another. ``opened``: they had played the series'
    first card and nothing else; otherwise they had played nothing. ``None`` when this card is not
    read (see the module docstring)."""
    choice = cards_chosen(starter, series, ours, opened)
    if choice is None:
        return None
    out: np.ndarray = np.where(choice == played, 1.0, miss)
    out.flags.writeable = False
    return out


def _write(path: Path) -> None:
    """Store :func:`build`'s tables (``python -m cribbage.choice_model``)."""
    tables = build()
    np.savez_compressed(path, lead=tables["lead"], answer=tables["answer"], second=tables["second"])


if __name__ == "__main__":
    _write(TABLE_FILE)
