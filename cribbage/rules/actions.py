"""The actions a player can take in a game, as small frozen values.

``game.legal_actions()`` lists them and ``game.apply(action)`` performs one, so a computer player or a
button can hold an action without knowing which method it calls. Players are seats ``0`` and ``1``.
``str()`` of an action is a short English line for programmers (a person reads the game's log).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import ClassVar

from cribbage.rules.cards import Card

__all__ = ["Action", "Count", "Discard", "Go", "Muggins", "NextDeal", "Play"]


class _Said:
    """An action that says itself: its class's ``_said`` template, filled with its fields."""

    __slots__ = ()
    _said: ClassVar[str]

    def __str__(self) -> str:
        return self._said.format(**{field.name: getattr(self, field.name) for field in fields(self)})  # type: ignore[arg-type]


@dataclass(frozen=True, slots=True)
class Discard(_Said):
    """Lay away two of your six cards to the crib."""

    _said: ClassVar[str] = "seat {seat} lays away {cards[0]} {cards[1]}"
    seat: int
    cards: tuple[Card, Card]


@dataclass(frozen=True, slots=True)
class Play(_Said):
    """Play one card in the play."""

    _said: ClassVar[str] = "seat {seat} plays {card}"
    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class Go(_Said):
    """Say go: you hold cards but none fits under 31."""

    _said: ClassVar[str] = "seat {seat} says go"
    seat: int


@dataclass(frozen=True, slots=True)
class Count(_Said):
    """Muggins mode: count your hand (or, as dealer, the crib) aloud as ``points``."""

    _said: ClassVar[str] = "seat {seat} counts {points}"
    seat: int
    points: int


@dataclass(frozen=True, slots=True)
class Muggins(_Said):
    """Muggins mode: take the points the opponent's last count missed."""

    _said: ClassVar[str] = "seat {seat} says muggins"
    seat: int


@dataclass(frozen=True, slots=True)
class NextDeal(_Said):
    """Start the next deal once the show is over."""

    _said: ClassVar[str] = "next deal"


Action = Discard | Play | Go | Count | Muggins | NextDeal
