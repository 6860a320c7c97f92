"""The actions a player can take in a game, as small frozen values.

``game.legal_actions()`` lists them and ``game.apply(action)`` performs one, so a computer player or a
button can hold an action without knowing which method it calls. Players are seats ``0`` and ``1``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Union

from .cards import Card

__all__ = ["Discard", "Play", "Go", "Count", "Muggins", "NextDeal", "Action"]


@dataclass(frozen=True, slots=True)
class Discard:
    """Lay away two of your six cards to the crib."""

    player: int
    cards: tuple[Card, Card]

    def __str__(self) -> str:
        return f"player {self.player} lays away {self.cards[0]} {self.cards[1]}"


@dataclass(frozen=True, slots=True)
class Play:
    """Play one card in the play."""

    player: int
    card: Card

    def __str__(self) -> str:
        return f"player {self.player} plays {self.card}"


@dataclass(frozen=True, slots=True)
class Go:
    """Say go: you hold cards but none fits under 31."""

    player: int

    def __str__(self) -> str:
        return f"player {self.player} says go"


@dataclass(frozen=True, slots=True)
class Count:
    """Muggins mode: count your hand (or, as dealer, the crib) aloud as ``points``."""

    player: int
    points: int

    def __str__(self) -> str:
        return f"player {self.player} counts {self.points}"


@dataclass(frozen=True, slots=True)
class Muggins:
    """Muggins mode: take the points the opponent's last count missed."""

    player: int

    def __str__(self) -> str:
        return f"player {self.player} says muggins"


@dataclass(frozen=True, slots=True)
class NextDeal:
    """Start the next deal once the show is over."""

    def __str__(self) -> str:
        return "next deal"


Action = Union[Discard, Play, Go, Count, Muggins, NextDeal]
