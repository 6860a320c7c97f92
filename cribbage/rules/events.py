"""The records a game leaves behind: its phases, every point scored, every step taken, the result.

A :class:`~cribbage.rules.game.Game` appends a :class:`ScoreEvent` for every point pegged (so the events add
up to the scores) and a :class:`LogEntry` for every action and automatic step (so a view can replay
the game). All records are small immutable values (named tuples: a game makes a few hundred, and
they are the cheapest to make). Each says what it records as a :class:`~cribbage.lang.messages.Message`
(``.message``, made only when asked; ``str()`` is its English), naming players by role: the dealer,
the pone.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from cribbage.lang.messages import Message, Seat, message
from cribbage.rules.cards import Card
from cribbage.rules.kinds import TextEnum
from cribbage.rules.result import Finish
from cribbage.rules.show_scoring import HandScore, score_hand

__all__ = ["GameResult", "LogEntry", "LogKind", "Phase", "ScoreEvent", "ScoreKind"]


class Phase(TextEnum):
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


class ScoreKind(TextEnum):
    """Why points were pegged: the ``kind`` of a :class:`ScoreEvent`. Each member equals its text
    (``ScoreKind.GO == "go"``), so code that compares with strings keeps working while it moves over."""

    #: The play: the count made 15 (2).
    FIFTEEN = "fifteen"
    #: The play: the count made 31 exactly (2).
    THIRTY_ONE = "thirty-one"
    #: The play: a card of the same rank as the one before (2).
    PAIR = "pair"
    #: The play: three of a rank in a row (6).
    PAIR_ROYAL = "pair royal"
    #: The play: four of a rank in a row (12).
    DOUBLE_PAIR_ROYAL = "double pair royal"
    #: The play: the last cards make a run of three or more, in any order (1 a card).
    RUN = "run"
    #: The play: the last card before no one could play, short of 31 (1).
    GO = "go"
    #: The play: the very last card of the play, short of 31 (1).
    LAST_CARD = "last card"
    #: The cut: the starter is a jack; the dealer pegs 2.
    HIS_HEELS = "his heels"
    #: The show: a hand's count (one event per count, even of 0).
    HAND = "hand"
    #: The show: the crib's count, for the dealer.
    CRIB = "crib"
    #: The show, muggins mode: the points a count missed, taken by the opponent.
    MUGGINS = "muggins"


class LogKind(TextEnum):
    """What a :class:`LogEntry` records: an action of a player or a step the game takes by itself.
    Each member equals its text (``LogKind.DEAL == "deal"``)."""

    #: Step: both players cut for deal; ``cards`` holds the two cut cards, seat 0's first.
    CUT_FOR_DEAL = "cut for deal"
    #: Step: a deal; ``player`` is the dealer, ``cards`` the twelve cards in the order dealt.
    DEAL = "deal"
    #: Action: a player lays away two cards to the crib.
    DISCARD = "discard"
    #: Step: the starter is cut (his heels, if a jack, in ``events``).
    STARTER = "starter"
    #: Action: a card played, with the count after it and the points it pegged.
    PLAY = "play"
    #: Action: a player who cannot play says go.
    GO = "go"
    #: Step: a player with no cards left is passed over.
    PASS = "pass"
    #: Step: the count goes back to 0 after 31 or a go; ``player`` played the series' last card.
    RESET = "reset"
    #: Step: the play is over; ``events`` holds the last card.
    END_OF_PLAY = "end of play"
    #: Step: a hand or crib counted automatically (muggins off).
    SHOW = "show"
    #: Action, muggins mode: a player counts a hand or crib.
    COUNT = "count"
    #: Action, muggins mode: a player takes the points a count missed.
    MUGGINS = "muggins"
    #: Action: on to the next deal.
    NEXT_DEAL = "next deal"
    #: Step: someone reached the target; ``player`` is the winner.
    GAME_OVER = "game over"


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

    seat: int
    points: int
    kind: ScoreKind
    cards: tuple[Card, ...]
    deal: int
    phase: Phase
    starter: Card | None = None
    crib: bool = False
    worth: int | None = None  # None: the same as points
    dealer: int | None = None  # who dealt this deal: messages name players by role

    @property
    def hand_score(self) -> HandScore | None:
        """The itemized show of the hand or crib behind a show or muggins event; None otherwise."""
        if self.starter is None:
            return None
        return score_hand(self.cards, self.starter, crib=self.crib)

    @property
    def who(self) -> Seat:
        """The player, as messages name them: by role when the deal is known."""
        return Seat.of(self.seat, self.dealer)

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
        if self.kind is ScoreKind.RUN:
            return message("score.run", length=len(self.cards), n=points)
        if self.kind is ScoreKind.HAND or self.kind is ScoreKind.CRIB:
            score = self.hand_score
            assert score is not None
            if score.total != points:
                return message(f"event.{self.kind}_short", n=points, total=score.total)
            return message(f"event.{self.kind}", said=score.spoken(), n=points)
        if self.kind is ScoreKind.MUGGINS:
            return message("event.muggins", n=points)
        return message(f"score.{self.kind}", n=points)

    def __str__(self) -> str:
        return str(message("event.by", who=self.who, what=self.message))


class LogEntry(NamedTuple):
    """One action or automatic step, with the points it scored (``events``), for replay.

    Kinds, actions: ``"discard"``, ``"play"``, ``"go"``, ``"count"``, ``"muggins"``, ``"next deal"``.
    Automatic steps: ``"cut for deal"`` (``cards`` = the two cut cards, seat 0's first), ``"deal"``
    (``seat`` = the dealer, ``cards`` = the twelve cards in the order dealt, the pone's first),
    ``"starter"``, ``"pass"`` (a player with no cards is skipped), ``"reset"`` (the count goes back to
    0; ``seat`` played the last card of the series, ``events`` holds the go), ``"end of play"``
    (``events`` holds the last card), ``"show"`` (a hand or crib counted automatically) and
    ``"game over"`` (``seat`` = the winner).
    """

    kind: LogKind
    seat: int | None
    cards: tuple[Card, ...]
    deal: int
    count: int | None = None  # type: ignore[assignment]  # the running count; shadows tuple.count
    events: tuple[ScoreEvent, ...] = ()
    dealer: int | None = None  # who deals this deal (the cut's entries: who the cut makes dealer): entries name roles

    @property
    def who(self) -> Seat:
        """The player, as messages name them: by role once the deal is known."""
        return Seat.of(self.seat if self.seat is not None else 0, self.dealer)

    @property
    def message(self) -> Message:
        """What happened. Discards do not name the cards (the crib is face down)."""
        kind, who = self.kind, self.who
        scored = _scored(self.events)
        if kind is LogKind.CUT_FOR_DEAL:
            a, b = self.cards
            # By the roles the deciding cut gives them (``dealer``); an entry made without it says seats.
            first, second = Seat.of(0, self.dealer), Seat.of(1, self.dealer)
            if a.rank == b.rank:
                return message("log.cut_again", first=first, a=a, second=second, b=b)
            lower = first if a.rank < b.rank else second
            return message("log.cut_deals", first=first, a=a, second=second, b=b, dealer=lower)
        if kind is LogKind.DEAL:
            return message("log.deal", deal=self.deal, seat=who)
        if kind is LogKind.STARTER:
            if scored is None:
                return message("log.starter", card=self.cards[0])
            return message("log.starter_scored", card=self.cards[0], scored=scored, seat=who)
        if kind is LogKind.PLAY:
            if scored is None:
                return message("log.play", seat=who, card=self.cards[0], count=self.count)
            return message("log.play_scored", seat=who, card=self.cards[0], count=self.count, scored=scored)
        if kind is LogKind.RESET:
            if scored is None:
                return message("log.reset", count=self.count)
            return message("log.reset_scored", scored=scored, seat=who)
        if kind is LogKind.END_OF_PLAY:
            if scored is None:
                return message("log.end_of_play")
            return message("log.end_of_play_scored", scored=scored, seat=who)
        if kind is LogKind.SHOW or kind is LogKind.MUGGINS:
            return message(f"log.{kind}", seat=who, scored=scored)
        if kind is LogKind.COUNT:  # says no more than the player did: a short count is for the opponent to spot
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


_SIMPLE = {LogKind.DISCARD: "log.discard", LogKind.GO: "log.go", LogKind.PASS: "log.pass",
           LogKind.NEXT_DEAL: "log.next_deal", LogKind.GAME_OVER: "log.game_over"}


def _scored(events: tuple[ScoreEvent, ...]) -> Message | None:
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
    def kind(self) -> Finish:
        """``Finish.WIN``, ``Finish.SKUNK`` or ``Finish.DOUBLE_SKUNK`` (equal to ``"win"``...)."""
        return Finish.of_games(self.games)

    @property
    def message(self) -> Message:
        """``"player 1 wins 121 to 90: a skunk, 2 games"``; a view names the players with ``names``."""
        won, lost = self.scores[self.winner], self.scores[self.loser]
        return message("result." + self.kind.replace(" ", "_"), winner=Seat(self.winner), won=won, lost=lost,
                       n=self.games)

    def __str__(self) -> str:
        return str(self.message)
