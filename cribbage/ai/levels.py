"""The computer's levels by name, and a whole game between two computer players.

``player("expert")`` is :class:`~cribbage.ai.expert.ExpertPlayer`; ``"classic"`` the first expert,
kept to measure against; ``"beginner"`` and ``"standard"`` the simpler levels of
:mod:`cribbage.ai.players`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cribbage.ai.driver import Driver
from cribbage.ai.expert import ExpertPlayer
from cribbage.ai.play_choice import LEVELS
from cribbage.ai.players import BeginnerPlayer, ClassicExpertPlayer, ComputerPlayer, Player, StandardPlayer
from cribbage.lang.messages import message
from cribbage.rules.errors import CribbageError
from cribbage.rules.game import Game

__all__ = ["LEVELS", "play_game", "player"]

_CLASSES: dict[str, type[ComputerPlayer]] = {
    "beginner": BeginnerPlayer, "standard": StandardPlayer, "expert": ExpertPlayer, "classic": ClassicExpertPlayer}


def player(level: str = "expert", *, seed: int | str | None = 0, name: str | None = None) -> Player:
    """A computer player at ``level``: ``"beginner"``, ``"standard"`` or ``"expert"`` (or ``"classic"``)."""
    try:
        cls = _CLASSES[level]
    except (KeyError, TypeError):
        raise CribbageError(message("level.unknown", value=repr(level)[:40], levels=", ".join(LEVELS))) from None
    return cls(seed=seed, name=name)


def play_game(players: Sequence[Player], *, seed: int | str, **options: Any) -> Game:
    """Play a whole :class:`cribbage.Game` between two computer players (seat 0 is ``players[0]``).

    ``options`` go to ``Game`` (``target``, ``muggins``, ...). Returns the finished game. In muggins
    mode a player claims every count the opponent left short.
    """
    game = Game(seed, **options)
    Driver(game, {0: players[0], 1: players[1]}).advance()
    return game
