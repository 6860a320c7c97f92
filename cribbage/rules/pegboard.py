"""The pegs: each player's front and back peg on the board, moved as points are scored.

A player's two pegs leapfrog: points move the back peg past the front one, so the front peg marks
the score and the back peg the score before the last points (0, the start, before any). A peg
stops in the game hole: nothing counts past the target. One rule for every board:

- :func:`advance` moves one player's pegs; :class:`~cribbage.rules.game.Game` moves its pegs with it.
- :func:`pegs_after` replays a game's :class:`~cribbage.rules.events.ScoreEvent` records into pegs.
- :class:`Pegboard` is a board on its own, for a view or a lesson to drive: for each change a
  ``verify_…`` that raises :class:`PegError` saying why, a ``can_…`` and the change itself.

>>> board = Pegboard()
>>> board.peg(0, 5); board.peg(0, 7); board.pegs
((12, 5), (0, 0))
>>> advance((118, 110), 6, target=121)
(121, 118)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from cribbage.lang.messages import Seat, add_catalogue, message
from cribbage.rules.errors import CribbageError, shown
from cribbage.rules.kinds import TextEnum
from cribbage.rules.result import FULL_GAME, skunk_lines
from cribbage.rules.show_scoring import MAX_SCORE

__all__ = ["START", "PegError", "PegRule", "Pegboard", "Pegs", "advance", "pegs_after"]

#: One player's (front, back) holes; 0 is the start.
Pegs = tuple[int, int]
#: Both players' pegs before anyone has scored.
START: tuple[Pegs, Pegs] = ((0, 0), (0, 0))


def advance(pegs: Pegs, points: int, target: int = FULL_GAME) -> Pegs:
    """One player's pegs after scoring ``points``: the back peg leapfrogs to the new score, which
    stops at ``target``. No points (or none left to the target) move nothing."""
    front = pegs[0]
    score = min(target, front + points)
    return pegs if score == front else (score, front)


def pegs_after(events: Iterable[Any], *, start_scores: Sequence[int] = (0, 0),
               target: int = FULL_GAME, start_pegs: Sequence[Pegs] | None = None) -> tuple[Pegs, Pegs]:
    """Both players' pegs after ``events`` (anything with ``seat`` and ``points``, such as a
    game's :attr:`~cribbage.rules.game.Game.events`), starting from ``start_pegs`` (a game's
    :attr:`~cribbage.rules.game.Game.start_pegs`), or else from ``start_scores`` with back pegs at 0."""
    pegs = [(start_scores[0], 0), (start_scores[1], 0)] if start_pegs is None else [start_pegs[0], start_pegs[1]]
    for event in events:
        if event.points:
            pegs[event.seat] = advance(pegs[event.seat], event.points, target)
    return pegs[0], pegs[1]


class PegRule(TextEnum):
    """Why a :class:`Pegboard` refused a change. The values name the refusal for a view's catalogue."""

    #: A hole is a whole number from 0 (the start) to the target (the game hole).
    BAD_HOLE = "bad_score"
    #: A back peg is behind its front peg (both may be at the start).
    BACK_AHEAD = "bad_pegs"
    #: Pegs only move forward: a new score below the front peg.
    BACKWARDS = "backwards"
    #: Someone has reached the game hole: the game is over.
    OVER = "over"
    #: Only one player can reach the game hole.
    TWO_WINNERS = "two_winners"
    #: A player is 0 or 1.
    BAD_PLAYER = "bad_player"
    #: Points pegged at once are a whole number from 1 to the highest hand (29).
    BAD_POINTS = "bad_points"


add_catalogue({
    "pegs.bad_score": {"en": "A score on the board is a whole number from 0 to {target}, not {value}."},
    "pegs.bad_pegs": {"en": "The back peg ({back}) cannot be ahead of the front peg ({front})."},
    "pegs.backwards": {"en": "Pegs only move forward: {player:cap} is on {front}, not {value}."},
    "pegs.over": {"en": "The game is over: {player} reached {target}."},
    "pegs.two_winners": {"en": "Only one player can reach {target}."},
    "pegs.bad_player": {"en": "A player is 0 (the first) or 1 (the second), not {value}."},
    "pegs.bad_points": {"en": "Points pegged are a whole number from 1 to {most}, not {value}."},
})


class PegError(CribbageError):
    """A refused peg move: :attr:`rule` says which rule and :attr:`values` the holes and values
    involved (``seat`` is a seat, 0 or 1); :attr:`message` says it in any language, naming the
    player as the view does (``render(err.message, "es", names={0: "Ana"})``)."""

    def __init__(self, rule: PegRule, **values: Any) -> None:
        self.rule = rule
        self.values = values
        worded = {key: Seat(value) if key == "player" else value for key, value in values.items()}
        super().__init__(message(f"pegs.{rule.value}", **worded))


class Pegboard:
    """Two players' pegs on a board to ``target`` (121 or 61), moved only by the rules.

    :meth:`peg` adds points, :meth:`set_scores` takes new totals (a player whose score went up
    leapfrogs), :meth:`set_pegs` puts the pegs in any legal position, :meth:`reset` back to the
    start. Each change has a ``verify_…`` that raises :class:`PegError` and a ``can_…``; a refused
    change leaves the pegs as they were.
    """

    def __init__(self, *, target: int = FULL_GAME) -> None:
        skunk_lines(target)  # refuses a target other than 121 or 61
        self._target = target
        self._pegs: tuple[Pegs, Pegs] = START

    @property
    def target(self) -> int:
        return self._target

    @property
    def pegs(self) -> tuple[Pegs, Pegs]:
        """Per player, (front, back)."""
        return self._pegs

    @property
    def scores(self) -> tuple[int, int]:
        return self._pegs[0][0], self._pegs[1][0]

    @property
    def winner(self) -> int | None:
        """0 or 1 once a player's front peg is in the game hole, else ``None``."""
        for seat in (0, 1):
            if self._pegs[seat][0] >= self._target:
                return seat
        return None

    def _hole(self, value: object) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= self._target:
            raise PegError(PegRule.BAD_HOLE, target=self._target, value=shown(value))
        return value

    def _open(self) -> None:
        won = self.winner
        if won is not None:
            raise PegError(PegRule.OVER, player=won, target=self._target)

    def _one_winner(self, pegs: Sequence[Pegs]) -> None:
        if pegs[0][0] >= self._target and pegs[1][0] >= self._target:
            raise PegError(PegRule.TWO_WINNERS, target=self._target)

    # Any legal position ------------------------------------------------------------------------
    def verify_set_pegs(self, pegs: object) -> tuple[Pegs, Pegs]:
        """The position ``((front, back), (front, back))`` checked, or :class:`PegError`."""
        fa: object
        ba: object
        fb: object
        bb: object
        try:
            (fa, ba), (fb, bb) = pegs  # type: ignore[misc]
        except (TypeError, ValueError):
            raise PegError(PegRule.BAD_HOLE, target=self._target, value=shown(pegs)) from None
        new = []
        for front, back in ((fa, ba), (fb, bb)):
            front, back = self._hole(front), self._hole(back)
            if back > front or (back == front and front > 0):
                raise PegError(PegRule.BACK_AHEAD, front=front, back=back)
            new.append((front, back))
        self._one_winner(new)
        return new[0], new[1]

    def can_set_pegs(self, pegs: object) -> bool:
        return self._can(self.verify_set_pegs, pegs)

    def set_pegs(self, pegs: Sequence[Pegs]) -> None:
        """Put every peg somewhere: ``((front, back), (front, back))``, back never ahead of front."""
        self._pegs = self.verify_set_pegs(pegs)

    # New totals -------------------------------------------------------------------------------
    def verify_set_scores(self, a: object, b: object) -> tuple[Pegs, Pegs]:
        """The pegs after new totals ``a`` and ``b``, or :class:`PegError`."""
        scores = (self._hole(a), self._hole(b))
        self._open()
        pegs = list(self._pegs)
        for seat, score in enumerate(scores):
            front = pegs[seat][0]
            if score < front:
                raise PegError(PegRule.BACKWARDS, player=seat, front=front, value=score)
            pegs[seat] = advance(pegs[seat], score - front, self._target)
        self._one_winner(pegs)
        return pegs[0], pegs[1]

    def can_set_scores(self, a: object, b: object) -> bool:
        return self._can(self.verify_set_scores, a, b)

    def set_scores(self, a: int, b: int) -> None:
        """New totals: a player whose score went up leapfrogs the back peg to the new score."""
        self._pegs = self.verify_set_scores(a, b)

    # Points scored ----------------------------------------------------------------------------
    def verify_peg(self, seat: object, points: object) -> tuple[Pegs, Pegs]:
        """The pegs after ``seat`` scores ``points``, or :class:`PegError`."""
        if isinstance(seat, bool) or not isinstance(seat, int) or seat not in (0, 1):
            raise PegError(PegRule.BAD_PLAYER, value=shown(seat))
        if isinstance(points, bool) or not isinstance(points, int) or not 1 <= points <= MAX_SCORE:
            raise PegError(PegRule.BAD_POINTS, most=MAX_SCORE, value=shown(points))
        self._open()
        pegs = list(self._pegs)
        pegs[seat] = advance(pegs[seat], points, self._target)
        return pegs[0], pegs[1]

    def can_peg(self, seat: object, points: object) -> bool:
        return self._can(self.verify_peg, seat, points)

    def peg(self, seat: int, points: int) -> None:
        """Player 0 or 1 pegs ``points`` (1..29); the score stops at the game hole."""
        self._pegs = self.verify_peg(seat, points)

    def reset(self) -> None:
        """Both players back to the start."""
        self._pegs = START

    @staticmethod
    def _can(verify: Any, *args: object) -> bool:
        try:
            verify(*args)
        except PegError:
            return False
        return True
