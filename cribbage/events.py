"""The records a game leaves behind: its phases, every point scored, every step taken, the result.

A :class:`~cribbage.game.Game` appends a :class:`ScoreEvent` for every point pegged (so the events add
up to the scores) and a :class:`LogEntry` for every action and automatic step (so a view can replay
the game). All records are small immutable values (named tuples: a game makes a few hundred, and
they are the cheapest to make). Each says what it records as a :class:`~cribbage.messages.Message`
(``.message``, made only when asked; ``str()`` is its English), naming players by role: the dealer,
the pone.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import NamedTuple, Optional

from .cards import Card
from .messages import Message, Seat, message
from .scoring import HandScore, score_hand

__all__ = ["Phase", "ScoreEvent", "LogEntry", "GameResult"]


class Phase(str, enum.Enum):
    """Where a deal stands. The game waits for a player only in DISCARD, PLAY, SHOW and DEAL_OVER."""

    #: Both players must lay away two cards to the crib, in any order.
    DISCARD = "discard"
    #: The starter is cut (automatic; the game never waits here). His heels events carry this phase.
    CUT = "cut"
    #: The play: the pone leads, players alternate, the count never passes 31.
    PLAY = "play"
    #: The show. The game waits here only with muggins on, for each count and claim.
    SHOW = "show"
    #: The show is done; waits for ``next_deal()`` so a view can show the counts.
    DEAL_OVER = "deal over"
    #: Someone reached the target. Nothing more happens.
    OVER = "over"

    def __str__(self) -> str:
        return self.value


class ScoreEvent(NamedTuple):
    """Points pegged: by whom, how many, why (``kind``), with which cards, in which deal and phase.

    Kinds: in the play ``"fifteen"``, ``"thirty-one"``, ``"pair"``, ``"pair royal"``,
    ``"double pair royal"``, ``"run"``, ``"go"``, ``"last card"``; at the cut ``"his heels"``; in the
    show ``"hand"``, ``"crib"`` (one event per count, even a count of 0; ``starter`` is set) and
    ``"muggins"`` (points a count missed, taken by the opponent; ``cards`` is the hand or crib).
    ``crib`` is True for the crib's count and for muggins on it.

    ``points`` are the points pegged: the events add up to the scores. ``worth`` is what the
    combination or count is worth; it is more than ``points`` only for the event that wins the game,
    which pegs just what reaches the target (the winner pegs out on 121 exactly).
    """

    player: int
    points: int
    kind: str
    cards: tuple[Card, ...]
    deal: int
    phase: Phase
    starter: Optional[Card] = None
    crib: bool = False
    worth: Optional[int] = None  # None: the same as points
    dealer: Optional[int] = None  # who dealt this deal: messages name players by role

    @property
    def hand_score(self) -> Optional[HandScore]:
        """The itemized show of the hand or crib behind a show or muggins event; None otherwise."""
        if self.starter is None:
            return None
        return score_hand(self.cards, self.starter, crib=self.crib)

    @property
    def who(self) -> Seat:
        """The player, as messages name them: by role when the deal is known."""
        return Seat.of(self.player, self.dealer)

    @property
    def message(self) -> Message:
        """What was scored: ``"fifteen for 2"``, ``"a run of 3 for 3"``, ``"hand: fifteen two ... for 4"``."""
        points = self.points if self.worth is None else self.worth
        what = self._what(points)
        if points != self.points:
            return message("event.to_target", what=what, n=self.points)
        return what

    @property
    def description(self) -> str:
        """:attr:`message` in plain English."""
        return str(self.message)

    def _what(self, points: int) -> Message:
        if self.kind == "run":
            return message("score.run", length=len(self.cards), n=points)
        if self.kind in ("hand", "crib"):
            score = self.hand_score
            assert score is not None
            if score.total != points:
                return message(f"event.{self.kind}_short", n=points, total=score.total)
            return message(f"event.{self.kind}", said=score.spoken(), n=points)
        if self.kind == "muggins":
            return message("event.muggins", n=points)
        return message(f"score.{self.kind}", n=points)

    def __str__(self) -> str:
        return str(message("event.by", who=self.who, what=self.message))


class LogEntry(NamedTuple):
    """One action or automatic step, with the points it scored (``events``), for replay.

    Kinds, actions: ``"discard"``, ``"play"``, ``"go"``, ``"count"``, ``"muggins"``, ``"next deal"``.
    Automatic steps: ``"cut for deal"`` (``cards`` = the two cut cards, seat 0's first), ``"deal"``
    (``player`` = the dealer, ``cards`` = the twelve cards in the order dealt, the pone's first),
    ``"starter"``, ``"pass"`` (a player with no cards is skipped), ``"reset"`` (the count goes back to
    0; ``player`` played the last card of the series, ``events`` holds the go), ``"end of play"``
    (``events`` holds the last card), ``"show"`` (a hand or crib counted automatically) and
    ``"game over"`` (``player`` = the winner).
    """

    kind: str
    player: Optional[int]
    cards: tuple[Card, ...]
    deal: int
    count: Optional[int] = None
    events: tuple[ScoreEvent, ...] = ()
    dealer: Optional[int] = None  # who deals this deal (None before the first): entries name roles

    @property
    def who(self) -> Seat:
        """The player, as messages name them: by role once the deal is known."""
        return Seat.of(self.player if self.player is not None else 0, self.dealer)

    @property
    def message(self) -> Message:
        """What happened. Discards do not name the cards (the crib is face down)."""
        kind, who = self.kind, self.who
        scored = _scored(self.events)
        if kind == "cut for deal":
            a, b = self.cards
            first, second = Seat.of(0, None), Seat.of(1, None)
            if a.rank == b.rank:
                return message("log.cut_again", first=first, a=a, second=second, b=b)
            lower = first if a.rank < b.rank else second
            return message("log.cut_deals", first=first, a=a, second=second, b=b, dealer=lower)
        if kind == "deal":
            return message("log.deal", deal=self.deal, seat=who)
        if kind == "starter":
            if scored is None:
                return message("log.starter", card=self.cards[0])
            return message("log.starter_scored", card=self.cards[0], scored=scored, seat=who)
        if kind == "play":
            if scored is None:
                return message("log.play", seat=who, card=self.cards[0], count=self.count)
            return message("log.play_scored", seat=who, card=self.cards[0], count=self.count, scored=scored)
        if kind == "reset":
            if scored is None:
                return message("log.reset", count=self.count)
            return message("log.reset_scored", scored=scored, seat=who)
        if kind == "end of play":
            if scored is None:
                return message("log.end_of_play")
            return message("log.end_of_play_scored", scored=scored, seat=who)
        if kind in ("show", "muggins"):
            return message(f"log.{kind}", seat=who, scored=scored)
        if kind == "count":  # says no more than the player did: a short count is for the opponent to spot
            event = self.events[0]
            return message("log.count_crib" if event.crib else "log.count_hand", seat=who, n=event.points)
        if kind in _SIMPLE:
            return message(_SIMPLE[kind], seat=who)
        return message("plain", text=kind)

    @property
    def description(self) -> str:
        """:attr:`message` in plain English."""
        return str(self.message)

    def __str__(self) -> str:
        return self.description


_SIMPLE = {"discard": "log.discard", "go": "log.go", "pass": "log.pass", "next deal": "log.next_deal",
           "game over": "log.game_over"}


def _scored(events: tuple[ScoreEvent, ...]) -> Optional[Message]:
    """The events' messages, one after another ("go for 1; last card for 1"); None for none."""
    if not events:
        return None
    said = events[-1].message
    for event in reversed(events[:-1]):
        said = message("list.then", first=event.message, rest=said)
    return said


@dataclass(frozen=True, slots=True)
class GameResult:
    """How the game ended: the winner, the final scores (the winner's is the target: pegging stops
    there), and the games won (1; 2 a skunk; 3, or 4 by option, a double skunk)."""

    winner: int
    scores: tuple[int, int]
    games: int

    @property
    def loser(self) -> int:
        return 1 - self.winner

    @property
    def kind(self) -> str:
        """``"win"``, ``"skunk"`` or ``"double skunk"``."""
        if self.games == 1:
            return "win"
        return "skunk" if self.games == 2 else "double skunk"

    @property
    def message(self) -> Message:
        """``"player 1 wins 121 to 90: a skunk, 2 games"``; a view names the players with ``names``."""
        won, lost = self.scores[self.winner], self.scores[self.loser]
        return message("result." + self.kind.replace(" ", "_"), winner=Seat(self.winner), won=won, lost=lost,
                       n=self.games)

    def __str__(self) -> str:
        return str(self.message)
