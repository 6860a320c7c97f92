"""What every game is set up with, read and checked the same way by :class:`~cribbage.rules.game.Game`
and :class:`~cribbage.crosscribb.CrossCribbGame`: the seed its deals follow, the target, and
whether muggins is on.
"""

from __future__ import annotations

import random

from cribbage.lang.messages import message
from cribbage.rules.errors import CribbageError, shown

#: The longest seed taken, in characters (or, for a number, about as many digits).
MAX_SEED = 1000


def is_odd_text(text: str) -> bool:
    """Whether ``text`` holds a character no file or database can keep: a lone surrogate or a NUL."""
    if "\x00" in text:
        return True
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def chosen_seed(seed: object) -> int | str:
    """The seed a game follows: an int or a str as given, or one drawn at random for None."""
    if seed is None:
        return random.SystemRandom().randrange(2 ** 63)
    if not isinstance(seed, (int, str)) or isinstance(seed, bool):
        raise CribbageError(message("game.bad_seed", value=shown(seed)))
    # A seed is written into every deal's shuffle ("{seed}/{deal}"): it must be text that can be
    # encoded, and short enough to write (Python will not write an int past 4,300 digits).
    if isinstance(seed, str) and is_odd_text(seed):
        raise CribbageError(message("arg.odd_text", name="seed", value=shown(seed)))
    if len(seed) > MAX_SEED if isinstance(seed, str) else seed.bit_length() > MAX_SEED * 3:
        raise CribbageError(message("game.long_seed", most=MAX_SEED))
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
