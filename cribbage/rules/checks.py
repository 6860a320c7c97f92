"""The checks every public function makes of what it is given, with the engine's own refusals.

A flag is ``True`` or ``False`` (``'no'`` would read as yes); a whole number is an ``int`` or a numpy
integer, never a bool or a float; text is a ``str`` that can be written down (no lone surrogate, as a
broken paste gives, and no NUL); an iterable is read only as far as it may go. Each refusal is a
:class:`~cribbage.rules.errors.CribbageError` naming the argument, from the catalogue.

>>> flag(True, "crib"), whole(1, "seat", low=0, high=1)
(True, 1)
>>> flag("no", "crib")
Traceback (most recent call last):
...
cribbage.rules.errors.CribbageError: crib must be True or False, not 'no'
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from itertools import islice
from typing import Any, TypeVar

from cribbage.lang.messages import message
from cribbage.rules.counting import whole_number
from cribbage.rules.errors import CribbageError, shown
from cribbage.rules.options import is_odd_text

__all__ = ["NOT_A_LIST", "bounded", "flag", "is_odd_text", "number", "of_kind", "one_of", "plain_text", "whole"]

_T = TypeVar("_T")

#: What is iterable but never a list of items: text, and bytes-likes (whose items are numbers).
NOT_A_LIST = (str, bytes, bytearray, memoryview)


def flag(value: object, name: str) -> bool:
    """``value`` if it is a bool; else the engine's refusal naming ``name``."""
    if value is True or value is False:
        return value
    # numpy's bool_ is a flag too (a widget's checkbox may hand one over).
    if type(value).__name__ == "bool_":
        return bool(value)
    raise CribbageError(message("arg.not_flag", name=name, value=shown(value)))


def whole(value: object, name: str, *, low: int | None = None, high: int | None = None) -> int:
    """``value`` as an int if it is a whole number within ``low``..``high`` (either may be open)."""
    number_ = whole_number(value)
    if number_ is None:
        raise CribbageError(message("arg.not_whole", name=name, value=shown(value)))
    if (low is not None and number_ < low) or (high is not None and number_ > high):
        if high is None:
            raise CribbageError(message("arg.too_small", name=name, low=low, value=shown(value)))
        if low is None:
            raise CribbageError(message("arg.too_large", name=name, high=high, value=shown(value)))
        raise CribbageError(message("arg.out_of_range", name=name, low=low, high=high, value=shown(value)))
    return number_


def number(value: object, name: str, *, low: float | None = None, high: float | None = None) -> float:
    """``value`` as a float if it is a finite real number (not a bool) within ``low``..``high``."""
    if isinstance(value, bool) or (not isinstance(value, (int, float)) and type(value).__module__ != "numpy"):
        raise CribbageError(message("arg.not_number", name=name, value=shown(value)))
    try:
        real = float(value)  # type: ignore[arg-type]
    except (TypeError, ValueError, OverflowError):
        raise CribbageError(message("arg.not_number", name=name, value=shown(value))) from None
    if not math.isfinite(real):
        raise CribbageError(message("arg.not_number", name=name, value=shown(value)))
    if (low is not None and real < low) or (high is not None and real > high):
        raise CribbageError(message("arg.number_range", name=name, low=low, high=high, value=shown(value)))
    return real


def plain_text(value: object, name: str, *, most: int | None = None, empty: bool = True) -> str:
    """``value`` if it is a str that can be written down (and at most ``most`` characters long; not
    blank unless ``empty``)."""
    if not isinstance(value, str):
        raise CribbageError(message("arg.not_text", name=name, value=shown(value)))
    if not empty and not value.strip():
        raise CribbageError(message("arg.empty_text", name=name))
    if is_odd_text(value):
        raise CribbageError(message("arg.odd_text", name=name, value=shown(value)))
    if most is not None and len(value) > most:
        raise CribbageError(message("arg.text_too_long", name=name, most=most, n=len(value)))
    return value


def one_of(value: object, name: str, choices: Iterable[str]) -> str:
    """``value`` if it is one of ``choices`` (text)."""
    options = tuple(choices)
    if not isinstance(value, str) or value not in options:
        raise CribbageError(message("arg.not_one_of", name=name, choices=", ".join(options), value=shown(value)))
    return value


def of_kind(value: object, name: str, kind: type[_T] | tuple[type[Any], ...]) -> _T:
    """``value`` if it is an instance of ``kind``; the refusal names the kind by its class's name."""
    if not isinstance(value, kind):
        kinds = kind if isinstance(kind, tuple) else (kind,)
        raise CribbageError(message("arg.wrong_kind", name=name, kind=" | ".join(k.__name__ for k in kinds),
                                    value=shown(value)))
    return value


def bounded(values: object, name: str, most: int) -> tuple[Any, ...]:
    """The items of an iterable, reading no more than ``most`` + 1 of them: an endless iterable is
    refused, never read until memory runs out. Text is not a list of items here, nor are bytes,
    ``bytearray`` or ``memoryview`` (``memoryview(b"5H")`` would be read as the numbers 53 and 72)."""
    if isinstance(values, NOT_A_LIST):
        raise CribbageError(message("arg.not_list", name=name, value=shown(values)))
    try:
        items = tuple(islice(values, most + 1))  # type: ignore[call-overload]
    except TypeError:
        raise CribbageError(message("arg.not_list", name=name, value=shown(values))) from None
    if len(items) > most:
        raise CribbageError(message("arg.too_many", name=name, most=most))
    return items
