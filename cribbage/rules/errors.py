"""The one family of errors the engine raises.

Every error is a :class:`CribbageError`, itself a :class:`ValueError`, so a caller may catch the
broad one or the precise one. Each carries its :class:`~cribbage.lang.messages.Message` as ``err.message``,
so a view says it in the learner's language; ``str(err)`` is the English.

>>> from cribbage.lang.messages import message, render
>>> err = InvalidHandError(message("card.duplicate", card="5♥"))
>>> str(err), render(err.message, "pt")
('duplicate card: 5♥ appears twice', 'carta repetida: 5♥ aparece duas vezes')
"""

from __future__ import annotations

from cribbage.lang.messages import Message

__all__ = ["CribbageError", "IllegalActionError", "InvalidCardError", "InvalidHandError", "InvalidPlayError"]


def shown(value: object) -> str:
    """A value a caller gave, as an error quotes it: its repr, cut short. A number too long to write
    (Python refuses past 4,300 digits) is said by its length; a repr that fails, by its type."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 128:
        return f"<a number of about {int(value.bit_length() * 0.30103) + 1} digits>"
    try:
        text = repr(value)
    except Exception:
        return f"<{type(value).__name__}>"
    return text if len(text) <= 40 else text[:37] + "..."


class CribbageError(ValueError):
    """Anything the engine refuses. Give it a :class:`Message` (a plain string is read as English only)."""

    def __init__(self, message: Message | str) -> None:
        if not isinstance(message, Message):
            message = Message("plain", {"text": str(message)})
        super().__init__(message)
        self.message: Message = message

    def __str__(self) -> str:
        return str(self.message)


class InvalidCardError(CribbageError):
    """Text that is not a card, such as ``"5X"``."""


class InvalidHandError(CribbageError):
    """Cards that do not make a hand: the wrong number, a duplicate, a starter held in the hand."""


class InvalidPlayError(CribbageError):
    """A series of cards in the play that could not happen, such as a count past 31."""


class IllegalActionError(CribbageError):
    """An action the rules do not allow now: out of turn, a card not held, after the game is over."""
