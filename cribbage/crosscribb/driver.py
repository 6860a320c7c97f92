"""One driver for a game of CrossCribb: the computer seats act until a person must decide.

Every view and helper that lets the computer play (``play_round``, ``play_crosscribb_game``, the
CrossCribb board) goes through :class:`CrossCribbDriver` instead of a loop of its own:

>>> from cribbage.crosscribb import CrossCribbGame, RandomPlayer
>>> game = CrossCribbGame(2, seed=3)
>>> driver = CrossCribbDriver(game, {1: RandomPlayer(1)})
>>> step = driver.advance()
>>> driver.waiting_for == game.to_act == 0 or game.to_act is None
True
>>> str(step.messages[0]).startswith("player 2")
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Protocol

import numpy as np

from cribbage.crosscribb.game import CrossCribbGame
from cribbage.crosscribb.records import CrossCribbAction, CrossCribbPhase, Record, Refusal, refuse
from cribbage.lang.messages import Message, message
from cribbage.rules.checks import bounded, flag, of_kind
from cribbage.rules.errors import CribbageError, shown

__all__ = ["Advance", "CrossCribbDriver", "CrossCribbPlayer"]


class CrossCribbPlayer(Protocol):
    """Anything that chooses an action for the seat to act: what the driver asks of a computer seat
    (the players of :mod:`cribbage.crosscribb.players` are some)."""

    def choose(self, game: CrossCribbGame) -> CrossCribbAction: ...


def chooser(player: object) -> CrossCribbPlayer:
    """``player`` if it can choose an action (it has ``choose``), else the engine's refusal. A numpy
    value is never one, though it has a ``choose`` (numpy's, which would fail on a game): an array of
    numbers or names, or one of its items, given where players are asked for."""
    if isinstance(player, (np.ndarray, np.generic)) or not callable(getattr(player, "choose", None)):
        raise CribbageError(message("arg.wrong_kind", name="players", kind="CrossCribbPlayer", value=shown(player)))
    return player  # type: ignore[return-value]


@dataclass(frozen=True, slots=True)
class Advance:
    """What :meth:`CrossCribbDriver.advance` did: the records it logged, in order (the automatic
    steps included), and the seat that must now decide (None: the round or the game is over)."""

    records: tuple[Record, ...]
    waiting_for: int | None
    phase: CrossCribbPhase

    @property
    def messages(self) -> tuple[Message, ...]:
        """What happened, as messages a view renders in its language."""
        return tuple(record.message for record in self.records)


class CrossCribbDriver:
    """Lets ``computers`` (seat -> player) act for their seats; every other seat is a person's.

    ``deal=True`` also deals the next round when one is counted, so a game of computers alone is
    played to its end; otherwise the driver stops between rounds, so a view can show the count.
    """

    def __init__(self, game: CrossCribbGame, computers: Mapping[int, CrossCribbPlayer], *,
                 deal: bool = False) -> None:
        of_kind(game, "game", CrossCribbGame)
        of_kind(computers, "computers", Mapping)
        pairs = bounded(computers.items(), "computers", game.players)
        for seat, one in pairs:
            game.side_of(seat)  # refuses a seat the game does not have
            chooser(one)
        self.game = game
        self.computers = dict(pairs)
        self.deal = flag(deal, "deal")

    def _deciding(self) -> tuple[int, ...]:
        # Seats that may make the next decision: the seat to act, or with muggins any seat of the
        # side that counts or answers, so a person partnered with a computer counts for the side.
        game = self.game
        if game.phase is CrossCribbPhase.COUNT:
            answer = game.awaiting_answer
            side = 1 - answer.side if answer is not None else game.counting_side
            assert side is not None
            return game.seats_of(side)
        if game.phase is CrossCribbPhase.PLAY and game.to_act is not None:
            return (game.to_act,)
        return ()

    @property
    def waiting_for(self) -> int | None:
        """The person's seat that must act now, or None (a computer's turn, or no turn at all)."""
        return next((seat for seat in self._deciding() if seat not in self.computers), None)

    def computer_to_act(self) -> int | None:
        """The computer seat that acts next, or None."""
        deciding = self._deciding()
        if deciding and all(seat in self.computers for seat in deciding):
            return self.game.to_act
        return None

    def step(self) -> Record | None:
        """One computer action, if a computer is to act (or, with ``deal``, the next deal); else None."""
        game = self.game
        seat = self.computer_to_act()
        if seat is not None:
            action = self.computers[seat].choose(game)
            acting = getattr(action, "seat", seat)  # NextRound names no seat
            if acting != seat:
                raise refuse(Refusal.NOT_YOUR_TURN, seat=acting, to_act=seat)
            return game.apply(action)
        if self.deal and game.phase is CrossCribbPhase.ROUND_OVER:
            return game.next_round()
        return None

    def advance(self) -> Advance:
        """Let the computers act until a person must decide, the round is counted (``deal`` off) or
        the game is over. Returns what happened."""
        game = self.game
        start = len(game.log)
        while self.step() is not None:
            pass
        return Advance(game.log[start:], self.waiting_for, game.phase)
