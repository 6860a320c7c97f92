"""The records a game leaves behind: its phases, every point scored, every step taken, the result.

A :class:`~cribbage.game.Game` appends a :class:`ScoreEvent` for every point pegged (so the events add
up to the scores) and a :class:`LogEntry` for every action and automatic step (so a view can replay
the game). All records are small immutable values (named tuples: a game makes a few hundred, and
they are the cheapest to make); plain-English descriptions are made only when asked.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import NamedTuple, Optional

from .cards import Card
from .result import Finish
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


_PLAY_PHRASES = {"fifteen": "fifteen", "thirty-one": "31", "pair": "a pair", "pair royal": "a pair royal",
                 "double pair royal": "a double pair royal", "go": "go", "last card": "last card",
                 "his heels": "his heels"}


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

    @property
    def hand_score(self) -> Optional[HandScore]:
        """The itemized show of the hand or crib behind a show or muggins event; None otherwise."""
        if self.starter is None:
            return None
        return score_hand(self.cards, self.starter, crib=self.crib)

    @property
    def description(self) -> str:
        """In plain English: ``"fifteen for 2"``, ``"a run of 3 for 3"``, ``"hand: fifteen two ... for 4"``."""
        points = self.points if self.worth is None else self.worth
        text = self._what(points)
        if points != self.points:
            text += f" ({self.points} to reach the target)"
        return text

    def _what(self, points: int) -> str:
        if self.kind == "run":
            return f"a run of {len(self.cards)} for {points}"
        if self.kind in ("hand", "crib"):
            score = self.hand_score
            assert score is not None
            if score.total != points:
                return f"{self.kind}: counted {points} of {score.total}"
            return f"{self.kind}: {score} for {points}"
        if self.kind == "muggins":
            return f"muggins: {points} missed point{'s' if points != 1 else ''}"
        return f"{_PLAY_PHRASES.get(self.kind, self.kind)} for {points}"

    def __str__(self) -> str:
        return f"player {self.player}: {self.description}"


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

    @property
    def description(self) -> str:
        """What happened, in plain English. Discards do not name the cards (the crib is face down)."""
        who = f"player {self.player}"
        scored = "; ".join(event.description for event in self.events)
        if self.kind == "cut for deal":
            a, b = self.cards
            text = f"player 0 cuts {a}, player 1 cuts {b}: "
            if a.rank == b.rank:
                return text + "equal ranks, cut again"
            return text + f"player {0 if a.rank < b.rank else 1} deals (the lower card)"
        if self.kind == "deal":
            return f"deal {self.deal}: {who} deals six cards each"
        if self.kind == "discard":
            return f"{who} lays away two cards to the crib"
        if self.kind == "starter":
            return f"the starter is {self.cards[0]}" + (f": {scored} to {who}" if scored else "")
        if self.kind == "play":
            return f"{who} plays {self.cards[0]}: {self.count}" + (f", {scored}" if scored else "")
        if self.kind == "go":
            return f"{who} says go"
        if self.kind == "pass":
            return f"{who} has no cards left and passes"
        if self.kind == "reset":
            if scored:
                return f"{scored} to {who}; the count goes back to 0"
            return f"the count is {self.count}: it goes back to 0"
        if self.kind == "end of play":
            return "the play is over" + (f": {scored} to {who}" if scored else "")
        if self.kind == "show":
            return f"{who} counts: {scored}"
        if self.kind == "count":  # says no more than the player did: a short count is for the opponent to spot
            event = self.events[0]
            return f"{who} counts {event.points} for the {'crib' if event.crib else 'hand'}"
        if self.kind == "muggins":
            return f"{who} says muggins: {scored}"
        if self.kind == "next deal":
            return "next deal"
        if self.kind == "game over":
            return f"{who} wins"
        return self.kind

    def __str__(self) -> str:
        return self.description


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
    def kind(self) -> Finish:
        """``Finish.WIN``, ``Finish.SKUNK`` or ``Finish.DOUBLE_SKUNK`` (equal to ``"win"``...)."""
        return Finish.of_games(self.games)

    def __str__(self) -> str:
        won, lost = self.scores[self.winner], self.scores[self.loser]
        games = f"{self.games} game{'s' if self.games > 1 else ''}"
        return f"player {self.winner} wins {won} to {lost}: a {self.kind}, {games}"
