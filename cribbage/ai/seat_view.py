"""What a seat may see of the table: the read-only view of a game that computer players are given.

A person at the table sees their own cards, the cards played, the starter, the scores and the public
log; never the opponent's hand, and the crib only when it is turned up in the show. :class:`SeatView`
types exactly that: a :class:`~cribbage.rules.game.Game` is one, and so is any stand-in a test gives a
player to check what it reads (``tests/test_players.py`` lets a seat read only its own cards).
Players take ``(game: SeatView, seat: int)`` and read the seat's own cards with ``game.hand(seat)``.
"""

from __future__ import annotations

from typing import Protocol

from cribbage.rules.cards import Card
from cribbage.rules.events import GameResult, LogEntry, Phase, ScoreEvent

__all__ = ["SeatView"]


class SeatView(Protocol):
    """The public state of a game and the seat's own cards, read-only."""

    @property
    def phase(self) -> Phase: ...

    @property
    def dealer(self) -> int: ...

    @property
    def deal_number(self) -> int: ...

    @property
    def target(self) -> int: ...

    def hand(self, seat: int, /) -> tuple[Card, ...]:
        """The cards the seat holds now (its own only)."""
        ...

    def kept(self, seat: int, /) -> tuple[Card, ...]:
        """The four cards the seat kept this deal (its own only)."""
        ...

    def discards(self, seat: int, /) -> tuple[Card, ...]:
        """The two cards the seat laid away this deal (its own only)."""
        ...

    @property
    def crib(self) -> tuple[Card, ...] | None:
        """The crib, read only once it is turned up in the show."""
        ...

    @property
    def starter(self) -> Card | None: ...

    @property
    def series(self) -> tuple[Card, ...]: ...

    @property
    def count(self) -> int: ...

    @property
    def played(self) -> tuple[tuple[int, Card], ...]: ...

    @property
    def said_go(self) -> tuple[bool, bool]: ...

    @property
    def scores(self) -> tuple[int, int]: ...

    @property
    def events(self) -> tuple[ScoreEvent, ...]: ...

    @property
    def log(self) -> tuple[LogEntry, ...]: ...

    @property
    def muggins_claimant(self) -> int | None: ...

    @property
    def result(self) -> GameResult | None: ...
