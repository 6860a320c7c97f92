"""What every game is set up with, read and checked the same way by :class:`~cribbage.rules.game.Game`
and :class:`~cribbage.crosscribb.CrossCribbGame`: the seed its deals follow, the target, and
whether muggins is on.
"""

from __future__ import annotations

import random

from cribbage.lang.messages import message
from cribbage.rules.errors import CribbageError, shown


def chosen_seed(seed: object) -> int | str:
    """The seed a game follows: an int or a str as given, or one drawn at random for None."""
    if seed is None:
        return random.SystemRandom().randrange(2 ** 63)
    if not isinstance(seed, (int, str)) or isinstance(seed, bool):
        raise CribbageError(message("game.bad_seed", value=shown(seed)))
    return seed


def chosen_muggins(muggins: object) -> bool:
    """Muggins on or off: True or False only ('no' or 0 would read as a choice nobody made)."""
    if not isinstance(muggins, bool):
        raise CribbageError(message("game.bad_muggins", value=shown(muggins)))
    return muggins


class GameOptions:
    """The options a game keeps, read only."""

    __slots__ = ()
    _seed: int | str
    _target: int
    _muggins_on: bool

    @property
    def seed(self) -> int | str:
        """The seed everything random follows from (drawn at random when not given, and kept)."""
        return self._seed

    @property
    def target(self) -> int:
        return self._target

    @property
    def muggins(self) -> bool:
        """Whether muggins is on: the players count aloud, and the opponent may take what a count missed."""
        return self._muggins_on
