"""The CrossCribb board's model: the game, who plays which seat, the replay, and what the learner may
do now. Plain Python (no ipywidgets), so it is tested without a browser; :class:`CrossCribbBoard`
draws it.

The rules are the engine's: every move goes through :class:`cribbage.crosscribb.CrossCribbGame`
(which says why it refuses one) and the computer seats through one
:class:`cribbage.crosscribb.CrossCribbDriver`. The model adds only what a screen needs: which seat
is the learner's, the replay of the round, and refusals that are about the screen (watching the
replay, a computer's turn, an empty seed).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from cribbage import Card
from cribbage.crosscribb import (
    CROSSCRIBB_LEVELS,
    Advance,
    Announced,
    CountAccepted,
    CrossCribbDriver,
    CrossCribbGame,
    CrossCribbPhase,
    Discarded,
    Line,
    MugginsClaimed,
    Placed,
    StarterTurned,
    line_totals,
)

__all__ = ["REAL_ROUND", "BoardRefusal", "CrossCribbBoardModel"]

#: The most a side may need for the board to warn that the round can end the game. The engine's
#: reckoning (:meth:`CrossCribbGame.round_could_end_game`) is exact about what is possible, and at 0 to 0
#: in a game to 31 a round of 31 is possible (a double skunk in one round), so it would warn at the start
#: of every game. Measured: 200 rounds of two players between two expert computers
#: (ExpectedValuePlayer, seeds 0-199) differed by 16 or less in 95 percent of rounds (most 25), so a
#: side that needs more than 16 is one round in twenty or fewer from the end: no warning.
REAL_ROUND = 16

_R = TypeVar("_R")
Frame = tuple[StarterTurned | Placed | Discarded, tuple[Card | None, ...], int]


class BoardRefusal(ValueError):
    """A move the screen refuses (not a rule of the game): ``key`` names the message, ``values`` fill it."""

    def __init__(self, key: str, **values: Any) -> None:
        super().__init__(key)
        self.key = key
        self.values = values


class CrossCribbBoardModel:
    """A game of CrossCribb as one screen plays it.

    ``seat`` is the learner's seat (the computer plays the others at ``level``, one of
    :data:`cribbage.crosscribb.CROSSCRIBB_LEVELS`), or None: everyone plays at this screen in turn.
    ``muggins`` has the sides announce their counts (see :class:`CrossCribbGame`).
    """

    def __init__(self, *, players: int = 2, seat: int | None = 0, level: str = "expected",
                 seed: int | str = 1, target: int = 31, muggins: bool = False) -> None:
        if level not in CROSSCRIBB_LEVELS:
            raise ValueError(f"level must be one of {', '.join(CROSSCRIBB_LEVELS)}, not {level!r}")
        game = CrossCribbGame(players, seed=seed, target=target, muggins=muggins)
        if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players):
            raise ValueError(f"seat must be 0..{players - 1} or None (hot-seat), not {seat!r}")
        self.game = game
        self.seat = seat
        self.level = level
        computers = {s: CROSSCRIBB_LEVELS[level](f"{seed}/seat {s}") for s in range(players)
                     if seat is not None and s != seat}
        self.driver = CrossCribbDriver(game, computers)
        #: The move shown in the replay (0 is the starter alone), or None for the live board.
        self.step: int | None = None
        #: What the computers did after the learner's last move.
        self.last_advance: Advance = self.driver.advance()

    # What the screen shows ---------------------------------------------------------------------------
    @property
    def live(self) -> bool:
        return self.step is None

    def is_my_turn(self) -> bool:
        """Whether a person at this screen is to act now (always in hot-seat while a round is played)."""
        return self.driver.waiting_for is not None

    def frames(self) -> list[Frame]:
        return self.game.replay()

    def shown(self) -> tuple[tuple[Card | None, ...], int, StarterTurned | Placed | Discarded]:
        """The 25 squares on show (live, or the replay's), the crib's size then, and the move just made."""
        frames = self.frames()
        if self.step is None:
            return self.game.squares, self.game.crib_size, frames[-1][0]
        move, board, crib = frames[self.step]
        return board, crib, move

    def line_totals(self) -> dict[Line, int]:
        """What every line on show scores so far."""
        return line_totals(self.shown()[0], self.game.starter)

    def offered_squares(self) -> frozenset[tuple[int, int]]:
        """The squares the person to act may place on now (none while watching the replay)."""
        game = self.game
        if not self.live or not self.is_my_turn() or game.phase is not CrossCribbPhase.PLAY or game.must_discard:
            return frozenset()
        return frozenset(game.open_squares())

    def can_lay_away(self) -> bool:
        seat = self.game.to_act
        return self.live and self.is_my_turn() and seat is not None and self.game.can_discard(seat)

    def reveals(self, move: object) -> bool:
        """Whether a laid-away card may be shown: once the round is counted, or to the seat that laid it."""
        if self.game.phase not in (CrossCribbPhase.PLAY, CrossCribbPhase.COUNT):
            return True
        return isinstance(move, Discarded) and self.seat is not None and move.seat == self.seat

    def ending_sides(self) -> tuple[int, ...]:
        """The sides that could really win the game with the round being played: possible by the
        engine's reckoning, and needing no more than a real round gives (:data:`REAL_ROUND`)."""
        return tuple(side for side in self.game.round_could_end_game() if self.game.points_to_win(side) <= REAL_ROUND)

    # Moves --------------------------------------------------------------------------------------------
    def _person(self) -> int:
        game = self.game
        if self.step is not None:
            raise BoardRefusal("xc.err.replaying")
        if game.phase is CrossCribbPhase.OVER:
            raise BoardRefusal("xc.err.game_over")
        if game.phase is CrossCribbPhase.ROUND_OVER:
            raise BoardRefusal("xc.err.round_over")
        seat = self.driver.waiting_for
        if seat is None:
            raise BoardRefusal("xc.err.not_your_turn", seat=game.to_act)
        return seat

    def _then(self) -> None:
        self.last_advance = self.driver.advance()

    def _move(self, act: Callable[..., _R], *args: object) -> _R:
        # The person's move (the engine refuses a bad one, changing nothing), then the computers'.
        done = act(self._person(), *args)
        self._then()
        return done

    def place(self, where: object) -> Placed:
        """Place the turned card on a square, ``(row, column)`` from 0 or an index 0..24."""
        return self._move(self.game.place, where)

    def lay_away(self) -> Discarded:
        """Lay the turned card away to the crib."""
        return self._move(self.game.discard)

    def announce(self, points: object) -> Announced:
        """Muggins: announce the count of the line (or crib) your side is counting (the engine
        refuses what is not a whole number)."""
        return self._move(self.game.announce, points)

    def claim_muggins(self) -> MugginsClaimed:
        """Muggins: take what the other side's last count missed."""
        return self._move(self.game.claim_muggins)

    def accept_count(self) -> CountAccepted:
        """Muggins: let the other side's last count stand."""
        return self._move(self.game.accept_count)

    def next_round(self) -> None:
        """Deal the next round once the count has been shown."""
        if self.game.is_over:
            raise BoardRefusal("xc.err.game_over")   # with what to do next, which the engine cannot know
        self.game.next_round()
        self.step = None
        self._then()

    # The replay ------------------------------------------------------------------------------------
    def step_back(self) -> None:
        """Show the board one move earlier in this round."""
        now = len(self.frames()) - 1 if self.step is None else self.step
        if now == 0:
            raise BoardRefusal("xc.err.replay_first")
        self.step = now - 1

    def step_forward(self) -> None:
        """Show the board one move later; past the last move the live board comes back."""
        if self.step is None:
            raise BoardRefusal("xc.err.replay_live")
        self.step = None if self.step + 1 >= len(self.frames()) - 1 else self.step + 1

    def replay_start(self) -> None:
        self.step = 0

    def replay_end(self) -> None:
        self.step = None
