"""What happens in a game of CrossCribb, as values: the actions, the records of the log, the count
of a round and the result of a game.

Actions (:class:`Place`, :class:`LayAway`, :class:`NextRound`) are what players ask for; records
are what the game logs, in order, so that a view can replay a round move by move. The log is the
full record, hidden cards included: a view shows each seat only what it may see (the board, the
starter, its own turned card) until the round is over.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Optional, Union

from ..cards import Card
from ..scoring import HandScore
from .board import LineScore, Square

__all__ = ["Phase", "COLUMNS_SIDE", "ROWS_SIDE", "TARGET", "CARDS_IN_PLAY", "Place", "LayAway", "NextRound",
           "Action", "CutForDeal", "Dealt", "StarterTurned", "Turned", "Placed", "LaidAway", "RoundResult",
           "RoundScored", "GameResult", "GameWon", "Record", "game_value"]

COLUMNS_SIDE = 0
ROWS_SIDE = 1
TARGET = 31
#: 24 open squares and 4 cards for the crib.
CARDS_IN_PLAY = 28


class Phase(str, enum.Enum):
    """Where a game stands."""

    PLAY = "play"
    """Players turn up and place cards, or lay them away to the crib."""
    ROUND_OVER = "round over"
    """The board is full and scored; waits for :meth:`CrossCribbGame.next_round`."""
    OVER = "over"
    """A side has reached the target; nothing more can happen."""


# Actions ------------------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Place:
    """Place the turned card face up on an open square."""

    seat: int
    square: Square


@dataclass(frozen=True, slots=True)
class LayAway:
    """Lay the turned card face down in the crib (and turn up the next one)."""

    seat: int


@dataclass(frozen=True, slots=True)
class NextRound:
    """Deal the next round once the last one has been shown."""


Action = Union[Place, LayAway, NextRound]


# Records of the log -------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class CutForDeal:
    """Each seat cut a card; the lowest deals. ``dealer`` is None when the lowest ranks tied."""

    cuts: tuple[Card, ...]
    dealer: Optional[int]


@dataclass(frozen=True, slots=True)
class Dealt:
    """The face-down piles of a round, each listed in the order its cards will be turned up."""

    round: int
    dealer: int
    piles: tuple[tuple[Card, ...], ...]


@dataclass(frozen=True, slots=True)
class StarterTurned:
    """The starter placed in the centre; ``his_heels`` is 2 when it is a jack, else 0."""

    round: int
    starter: Card
    his_heels: int


@dataclass(frozen=True, slots=True)
class Turned:
    """A seat turned up the top card of its pile (only that seat sees it)."""

    round: int
    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class Placed:
    """A seat placed its turned card on a square."""

    round: int
    seat: int
    card: Card
    square: Square


@dataclass(frozen=True, slots=True)
class LaidAway:
    """A seat laid its turned card in the crib; ``forced`` when it had no squares left to fill."""

    round: int
    seat: int
    card: Card
    forced: bool


@dataclass(frozen=True, slots=True)
class RoundResult:
    """The count of a finished round.

    ``totals[side]`` is the side's five lines, plus, for the dealer's side, the crib and his heels.
    The side with the higher total (``winner``; None on a tie) pegs ``points``, the difference.
    """

    round: int
    dealer: int
    dealer_side: int
    starter: Card
    rows: tuple[LineScore, ...]
    columns: tuple[LineScore, ...]
    crib: HandScore
    his_heels: int
    totals: tuple[int, int]
    winner: Optional[int]
    points: int

    def lines(self, side: int) -> tuple[LineScore, ...]:
        """The five lines a side scores: columns for side 0, rows for side 1."""
        return self.columns if side == COLUMNS_SIDE else self.rows

    def lines_total(self, side: int) -> int:
        """A side's five lines, without crib or his heels."""
        return sum(line.total for line in self.lines(side))


@dataclass(frozen=True, slots=True)
class RoundScored:
    """A round was counted and the winning side pegged the difference."""

    round: int
    result: RoundResult


@dataclass(frozen=True, slots=True)
class GameResult:
    """How the game ended: the winning side, the final scores, the margin and the games it is worth."""

    winner: int
    scores: tuple[int, int]
    margin: int
    games: int

    @property
    def kind(self) -> str:
        """``"win"``, ``"skunk"`` or ``"double skunk"``."""
        return {1: "win", 2: "skunk", 3: "double skunk"}[self.games]


@dataclass(frozen=True, slots=True)
class GameWon:
    """A side reached the target."""

    round: int
    result: GameResult


Record = Union[CutForDeal, Dealt, StarterTurned, Turned, Placed, LaidAway, RoundScored, GameWon]


def game_value(margin: int) -> int:
    """Games won for a final margin: 15 or less 1, 16 to 30 a skunk (2), 31 or more a double skunk (3)."""
    if margin <= 15:
        return 1
    if margin <= 30:
        return 2
    return 3
