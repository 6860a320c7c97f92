"""The rule for a count said aloud in the show, shared by :class:`~cribbage.rules.game.Game` (with muggins)
and the scoring quiz, so the two can never disagree.

A count is a whole number of points, 0 or more, and never more than the hand (or crib) holds: an
over-count is refused and the player counts again. A short count stands; with muggins the opponent
takes the points it missed.

>>> verify_count(10, 12), muggins_split(10, 12)
(10, (10, 2))
>>> verify_count(14, 12)
Traceback (most recent call last):
...
cribbage.rules.errors.IllegalActionError: 14 is more than this hand holds: count again
"""

from __future__ import annotations

import operator

from cribbage.lang.messages import message
from cribbage.rules.errors import IllegalActionError, shown

__all__ = ["muggins_split", "verify_count", "whole_number"]


def whole_number(value: object) -> int | None:
    """``value`` as an int if it is a whole number (an int or a numpy integer, not a bool), else None."""
    if value.__class__ is int:
        return value
    if isinstance(value, bool):
        return None
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        return None


def verify_count(points: object, total: int, *, crib: bool = False) -> int:
    """``points`` as an int if a player may count that for a hand (or crib) worth ``total``;
    else :class:`~cribbage.rules.errors.IllegalActionError` saying why."""
    whole = whole_number(points)
    if whole is None or whole < 0:
        raise IllegalActionError(message("count.not_whole", value=shown(points)))
    if whole > total:
        raise IllegalActionError(message("count.too_high.crib" if crib else "count.too_high.hand", n=whole))
    return whole


def muggins_split(count: int, total: int, *, muggins: bool = True) -> tuple[int, int]:
    """What a count pegs: (points for the counter, points the opponent takes). Without muggins the
    counter pegs the true count whatever they said."""
    if muggins and count < total:
        return count, total - count
    return total, 0
