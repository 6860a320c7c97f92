"""What happens in a game of CrossCribb, as values: the actions, the records of its log, the count
of a round, the result of a game, and the reasons an action is refused.

Actions (:class:`Place`, :class:`Discard`, :class:`Announce`, :class:`ClaimMuggins`,
:class:`AcceptCount`, :class:`NextRound`) are what players ask for; records are what the game logs,
in order, so that a view can replay a round move by move. Every record has a :attr:`kind`
(:class:`RecordKind`). The log is the full record, hidden cards included: a view shows each seat
only what it may see (the board, the starter, its own turned card) until the round is over.

What a finished game is worth is decided here and only here (:func:`crosscribb_finish`).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import ClassVar

from cribbage.crosscribb import catalogue
from cribbage.crosscribb.board import Line, LineKind, LineScore, Square
from cribbage.crosscribb.board import square as read_square
from cribbage.lang.messages import Message, add_catalogue, message
from cribbage.rules.cards import Card
from cribbage.rules.checks import of_kind, whole
from cribbage.rules.errors import IllegalActionError, shown
from cribbage.rules.kinds import TextEnum
from cribbage.rules.result import Finish
from cribbage.rules.show_scoring import HandScore

for _part in catalogue.PARTS:
    add_catalogue(_part)

__all__ = [
    "CARDS_IN_PLAY",
    "COLUMNS_SIDE",
    "ROWS_SIDE",
    "TARGET",
    "AcceptCount",
    "Announce",
    "Announced",
    "ClaimMuggins",
    "CountAccepted",
    "CrossCribbAction",
    "CrossCribbError",
    "CrossCribbPhase",
    "CrossCribbResult",
    "CutForDeal",
    "Dealt",
    "Discard",
    "Discarded",
    "GameWon",
    "MugginsClaimed",
    "NextRound",
    "Place",
    "Placed",
    "Record",
    "RecordKind",
    "Refusal",
    "RoundResult",
    "RoundScored",
    "StarterTurned",
    "Turned",
    "crosscribb_finish",
    "crosscribb_game_value",
    "line_message",
    "player_message",
    "refuse",
    "side_message",
    "where_message",
]

COLUMNS_SIDE = 0
ROWS_SIDE = 1
TARGET = 31
#: 24 open squares and 4 cards for the crib.
CARDS_IN_PLAY = 28


def line_message(line: Line | None) -> Message:
    """A line ("row 2", "la fila 2") or, for None, the crib, as a message."""
    if line is None:
        return message("crosscribb.crib")
    of_kind(line, "line", Line)
    return message("crosscribb.row" if line.kind is LineKind.ROW else "crosscribb.column", n=line.index + 1)


def side_message(side: int) -> Message:
    """"the columns" (side 0) or "the rows" (side 1)."""
    return message(f"crosscribb.side.{whole(side, 'side', low=0, high=1)}")


def player_message(seat: int) -> Message:
    """A seat as the log names it to a person: "player 1" for seat 0."""
    return message("crosscribb.player", n=whole(seat, "seat", low=0, high=3) + 1)


def where_message(square: Square) -> Message:
    """A square as people number it: "row 1, column 3"."""
    square = read_square(square)
    return message("crosscribb.where", row=square[0] + 1, column=square[1] + 1)


class CrossCribbPhase(TextEnum):
    """Where a game of CrossCribb stands."""

    PLAY = "play"
    """Players turn up and place cards, or lay them away to the crib."""
    COUNT = "count"
    """Muggins on: each side announces its lines (and the dealer's side its crib); the other side
    claims muggins on a short count or accepts it."""
    ROUND_OVER = "round over"
    """The board is full and scored; waits for :meth:`CrossCribbGame.next_round`."""
    OVER = "over"
    """A side has reached the target; nothing more can happen."""


class RecordKind(TextEnum):
    """What a record of the log tells."""

    CUT_FOR_DEAL = "cut for deal"
    DEALT = "dealt"
    STARTER_TURNED = "starter turned"
    TURNED = "turned"
    PLACED = "placed"
    LAID_AWAY = "laid away"
    ANNOUNCED = "announced"
    MUGGINS_CLAIMED = "muggins claimed"
    COUNT_ACCEPTED = "count accepted"
    ROUND_SCORED = "round scored"
    GAME_WON = "game won"


# CrossCribb names its finishes as cribbage does (:class:`cribbage.rules.result.Finish`); only the rule
# differs: it goes by the final margin, and a double skunk is always 3 games.
_GAMES = {Finish.WIN: 1, Finish.SKUNK: 2, Finish.DOUBLE_SKUNK: 3}


def crosscribb_finish(margin: int) -> Finish:
    """A win for a final margin of 15 or less, a skunk for 16 to 30, a double skunk for 31 or more.

    >>> crosscribb_finish(15), crosscribb_finish(16), crosscribb_finish(31)
    (<Finish.WIN: 'win'>, <Finish.SKUNK: 'skunk'>, <Finish.DOUBLE_SKUNK: 'double skunk'>)
    """
    if not isinstance(margin, int) or isinstance(margin, bool) or margin < 1:
        raise refuse(Refusal.MARGIN, margin=margin)
    if margin <= 15:
        return Finish.WIN
    if margin <= 30:
        return Finish.SKUNK
    return Finish.DOUBLE_SKUNK


def crosscribb_game_value(margin: int) -> int:
    """Games won for a final margin: 15 or less 1, 16 to 30 a skunk (2), 31 or more a double skunk (3)."""
    return _GAMES[crosscribb_finish(margin)]


# Refusals -----------------------------------------------------------------------------------------

class Refusal(str, enum.Enum):
    """Why the game refused an action; the comment beside each names the values its message takes."""

    PLAYERS = "players"              # players
    TARGET = "target"                # target
    DEALER = "dealer"                # dealer, last
    NOT_A_SEAT = "not_a_seat"        # seat, last
    NOT_A_SIDE = "not_a_side"        # side
    GAME_OVER = "game_over"
    ROUND_OVER = "round_over"
    COUNTING = "counting"            # the board is full and the sides are counting
    NOT_YOUR_TURN = "not_your_turn"  # seat, to_act
    NOT_A_CARD = "not_a_card"        # given
    NOT_YOUR_CARD = "not_your_card"  # card, turned
    FORCED = "forced"                # card, n (cards owed)
    NOT_A_SQUARE = "square"          # where
    CENTRE = "centre"
    OCCUPIED = "occupied"            # square, card
    LAID_ALL = "laid_all"            # card, laid (your card / both your cards)
    STILL_PLAYING = "still_playing"  # round
    MUGGINS_OFF = "muggins_off"
    NOT_COUNTING = "not_counting"
    NOT_YOUR_COUNT = "not_your_count"  # seat, side
    ANSWER_FIRST = "answer_first"      # side: the last count waits for the other side's answer
    BAD_POINTS = "bad_points"          # points
    OVER_COUNT = "over_count"          # points, line
    NOTHING_TO_ANSWER = "nothing_to_answer"
    NOT_YOUR_ANSWER = "not_your_answer"  # seat, side
    NOTHING_MISSED = "nothing_missed"    # points, line
    NO_ROUND = "no_round"                # round, rounds
    NOTHING_TO_UNDO = "nothing_to_undo"
    NOT_AN_ACTION = "not_an_action"      # action
    MARGIN = "margin"                    # margin


class CrossCribbError(IllegalActionError):
    """An action CrossCribb refuses, built as every :class:`~cribbage.CribbageError` is, from its message
    (:func:`refuse` makes one from a :class:`Refusal` and its values). ``reason`` says which rule.

    ``err.message`` is the message ``crosscribb.err.<reason>`` a view renders in its language, with the
    cards, seats and numbers as it names them; ``str()`` is the English.
    """

    @property
    def reason(self) -> Refusal:
        """The rule that refused, read from the message's key."""
        return Refusal(self.message.key.removeprefix(_REFUSAL_KEY))


_REFUSAL_KEY = "crosscribb.err."


def refuse(reason: Refusal, **values: object) -> CrossCribbError:
    """The error for ``reason`` with its values (raise it)."""
    return CrossCribbError(message(_REFUSAL_KEY + reason.value, **_words(values)))


def _words(values: dict[str, object]) -> dict[str, object]:
    """The values of a refusal as its message names them: lines, sides and squares as words,
    anything a caller typed (a bad square, seat or count) as they typed it."""
    out: dict[str, object] = {}
    for name, value in values.items():
        if name == "line":
            out[name] = line_message(value)  # type: ignore[arg-type]
        elif name == "side" and value in (0, 1):
            out[name] = side_message(value)
        elif name == "square":
            out["where"] = where_message(value)  # type: ignore[arg-type]
        elif isinstance(value, (Card, Message)) or (isinstance(value, int) and not isinstance(value, bool)
                                                    and value.bit_length() <= 64):
            out[name] = value
        else:
            out[name] = shown(value)
    return out


# Actions ------------------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Place:
    """Place the turned card face up on an open square."""

    seat: int
    square: Square


@dataclass(frozen=True, slots=True)
class Discard:
    """Lay the turned card face down in the crib (and turn up the next one)."""

    seat: int


@dataclass(frozen=True, slots=True)
class Announce:
    """Muggins on: announce what the line (or crib) being counted holds."""

    seat: int
    points: int


@dataclass(frozen=True, slots=True)
class ClaimMuggins:
    """Muggins on: take the points the other side's last count missed."""

    seat: int


@dataclass(frozen=True, slots=True)
class AcceptCount:
    """Muggins on: let the other side's last count stand."""

    seat: int


@dataclass(frozen=True, slots=True)
class NextRound:
    """Deal the next round once the last one has been shown."""


CrossCribbAction = Place | Discard | Announce | ClaimMuggins | AcceptCount | NextRound


# Records of the log -------------------------------------------------------------------------------

class _Said:
    """A record of the log: :attr:`message` says what happened (a view renders it in its language),
    ``str()`` is that message in English."""

    __slots__ = ()

    @property
    def message(self) -> Message:
        raise NotImplementedError

    def __str__(self) -> str:
        return str(self.message)

@dataclass(frozen=True, slots=True)
class CutForDeal(_Said):
    """Each seat cut a card; the lowest deals. ``dealer`` is None when the lowest ranks tied."""

    kind: ClassVar[RecordKind] = RecordKind.CUT_FOR_DEAL
    cuts: tuple[Card, ...]
    dealer: int | None

    @property
    def message(self) -> Message:
        if self.dealer is None:
            return message("crosscribb.log.cut for deal tie", cuts=self.cuts)
        return message("crosscribb.log.cut for deal", cuts=self.cuts, player=player_message(self.dealer))


@dataclass(frozen=True, slots=True)
class Dealt(_Said):
    """The face-down piles of a round, each listed in the order its cards will be turned up."""

    kind: ClassVar[RecordKind] = RecordKind.DEALT
    round: int
    dealer: int
    piles: tuple[tuple[Card, ...], ...]

    @property
    def message(self) -> Message:
        return message("crosscribb.log.dealt", round=self.round, player=player_message(self.dealer))


@dataclass(frozen=True, slots=True)
class StarterTurned(_Said):
    """The starter placed in the centre; ``his_heels`` is 2 when it is a jack, else 0."""

    kind: ClassVar[RecordKind] = RecordKind.STARTER_TURNED
    round: int
    starter: Card
    his_heels: int
    dealer: int = -1  # the round's dealer (-1 when unknown)

    @property
    def message(self) -> Message:
        if self.his_heels:
            # The dealer's side: seats alternate sides, and with three players seat 1 is side 1 too.
            return message("crosscribb.log.his heels", card=self.starter, side=side_message(self.dealer % 2))
        return message("crosscribb.log.starter turned", card=self.starter)


@dataclass(frozen=True, slots=True)
class Turned(_Said):
    """A seat turned up the top card of its pile (only that seat sees it)."""

    kind: ClassVar[RecordKind] = RecordKind.TURNED
    round: int
    seat: int
    card: Card

    @property
    def message(self) -> Message:
        return message("crosscribb.log.turned", player=player_message(self.seat), card=self.card)


@dataclass(frozen=True, slots=True)
class Placed(_Said):
    """A seat placed its turned card on a square."""

    kind: ClassVar[RecordKind] = RecordKind.PLACED
    round: int
    seat: int
    card: Card
    square: Square

    @property
    def message(self) -> Message:
        return message("crosscribb.log.placed", player=player_message(self.seat), card=self.card,
                       where=where_message(self.square))


@dataclass(frozen=True, slots=True)
class Discarded(_Said):
    """A seat laid its turned card in the crib; ``forced`` when it had no squares left to fill."""

    kind: ClassVar[RecordKind] = RecordKind.LAID_AWAY
    round: int
    seat: int
    card: Card
    forced: bool

    @property
    def message(self) -> Message:
        key = "crosscribb.log.laid away forced" if self.forced else "crosscribb.log.laid away"
        return message(key, player=player_message(self.seat), card=self.card)


@dataclass(frozen=True, slots=True)
class Announced(_Said):
    """Muggins on: a side announced a line (``line``), or the crib (``line`` None), as ``points``;
    ``holds`` is what it truly holds."""

    kind: ClassVar[RecordKind] = RecordKind.ANNOUNCED
    round: int
    seat: int
    side: int
    line: Line | None
    points: int
    holds: int

    @property
    def missed(self) -> int:
        return self.holds - self.points

    @property
    def message(self) -> Message:
        return message("crosscribb.log.announced", side=side_message(self.side), line=line_message(self.line),
                       points=self.points)


@dataclass(frozen=True, slots=True)
class MugginsClaimed(_Said):
    """Muggins on: ``side`` took the ``points`` the other side's count of ``line`` (None: the crib) missed."""

    kind: ClassVar[RecordKind] = RecordKind.MUGGINS_CLAIMED
    round: int
    seat: int
    side: int
    line: Line | None
    points: int

    @property
    def message(self) -> Message:
        return message("crosscribb.log.muggins claimed", side=side_message(self.side), points=self.points,
                       line=line_message(self.line))


@dataclass(frozen=True, slots=True)
class CountAccepted(_Said):
    """Muggins on: ``side`` let the other side's count of ``line`` (None: the crib) stand."""

    kind: ClassVar[RecordKind] = RecordKind.COUNT_ACCEPTED
    round: int
    seat: int
    side: int
    line: Line | None

    @property
    def message(self) -> Message:
        return message("crosscribb.log.count accepted", side=side_message(self.side), line=line_message(self.line))


@dataclass(frozen=True, slots=True)
class RoundResult:
    """The count of a finished round.

    ``totals[side]`` is the side's five lines, plus, for the dealer's side, the crib and his heels.
    With muggins on, a side's lines and crib count as it announced them, and ``muggins[side]`` are the
    points it took from the other side's short counts, included in its total. The side with the
    higher total (``winner``; None on a tie) pegs ``points``, the difference.
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
    winner: int | None
    points: int
    muggins: tuple[int, int] = (0, 0)
    announced: tuple[int, int] | None = field(default=None)

    def lines(self, side: int) -> tuple[LineScore, ...]:
        """The five lines a side scores: columns for side 0, rows for side 1."""
        return self.columns if side == COLUMNS_SIDE else self.rows

    def lines_total(self, side: int) -> int:
        """A side's five lines as they score, without crib or his heels."""
        return sum(line.total for line in self.lines(side))


@dataclass(frozen=True, slots=True)
class RoundScored(_Said):
    """A round was counted and the winning side pegged the difference."""

    kind: ClassVar[RecordKind] = RecordKind.ROUND_SCORED
    round: int
    result: RoundResult

    @property
    def message(self) -> Message:
        r = self.result
        if r.winner is None:
            return message("crosscribb.log.round tied", round=self.round, total=r.totals[0])
        return message("crosscribb.log.round scored", round=self.round, high=r.totals[r.winner],
                       low=r.totals[1 - r.winner], side=side_message(r.winner), points=r.points)


@dataclass(frozen=True, slots=True)
class CrossCribbResult:
    """How a game of CrossCribb ended: the winning side, the final scores, the margin, the games it is worth."""

    winner: int
    scores: tuple[int, int]
    margin: int
    games: int

    @classmethod
    def of(cls, scores: tuple[int, int]) -> CrossCribbResult:
        """The result of final scores (the higher wins)."""
        winner = 0 if scores[0] > scores[1] else 1
        margin = scores[winner] - scores[1 - winner]
        return cls(winner, scores, margin, crosscribb_game_value(margin))

    @property
    def finish(self) -> Finish:
        """A win, a skunk or a double skunk."""
        return crosscribb_finish(self.margin)

    @property
    def kind(self) -> Finish:
        """The same as :attr:`finish` (compares equal to ``"win"``, ``"skunk"``, ``"double skunk"``)."""
        return self.finish


@dataclass(frozen=True, slots=True)
class GameWon(_Said):
    """A side reached the target."""

    kind: ClassVar[RecordKind] = RecordKind.GAME_WON
    round: int
    result: CrossCribbResult

    @property
    def message(self) -> Message:
        r = self.result
        return message("crosscribb.log.game won", side=side_message(r.winner), high=r.scores[r.winner],
                       low=r.scores[1 - r.winner], finish=message(f"crosscribb.finish.{r.finish.value}"), n=r.games)


Record = (
    CutForDeal | Dealt | StarterTurned | Turned | Placed | Discarded | Announced | MugginsClaimed |
    CountAccepted | RoundScored | GameWon
)
