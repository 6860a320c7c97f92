"""The one family of errors the engine raises.

Every error is a :class:`CribbageError`, itself a :class:`ValueError`, so a caller may catch the
broad one or the precise one. Messages name what was wrong, in words a player understands.
"""

from __future__ import annotations


class CribbageError(ValueError):
    """Anything the engine refuses."""


class InvalidCardError(CribbageError):
    """Text that is not a card, such as ``"5X"``."""


class InvalidHandError(CribbageError):
    """Cards that do not make a hand: the wrong number, a duplicate, a starter held in the hand."""


class InvalidPlayError(CribbageError):
    """A series of cards in the play that could not happen, such as a count past 31."""


class IllegalActionError(CribbageError):
    """An action the rules do not allow now: out of turn, a card not held, after the game is over."""
