"""Cribbage: the exact, fast engine beneath Cribbage Course.

>>> from cribbage import cards, Card, score_hand
>>> score_hand(cards("5C 5D 6H 7S"), Card.parse("8C")).total
12
"""

from .cards import FULL_DECK, RANK_LABELS, Card, CardLike, Deck, Suit, cards
from .errors import (CribbageError, IllegalActionError, InvalidCardError, InvalidHandError,
                     InvalidPlayError)
from .play import MAX_COUNT, PlayScore, pile_count, score_play
from .scoring import HandScore, ScoreItem, hand_total, score_hand
from . import stats

__all__ = [
    "Card", "CardLike", "Deck", "Suit", "cards", "FULL_DECK", "RANK_LABELS",
    "CribbageError", "InvalidCardError", "InvalidHandError", "InvalidPlayError", "IllegalActionError",
    "HandScore", "ScoreItem", "score_hand", "hand_total",
    "PlayScore", "score_play", "pile_count", "MAX_COUNT",
    "stats",
]
