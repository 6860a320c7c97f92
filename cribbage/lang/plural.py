"""A template with a form per plural form of its language, and what a template may be."""

from __future__ import annotations

import functools
import gettext
from collections.abc import Callable
from typing import Any

__all__ = ["Plural", "Template", "plural_index"]


class Plural(str):
    """A template with a form per plural form of its language, chosen by the value ``n``. English
    (the source) has two, one and other; a translation has as many as its ``.po`` catalogue's
    ``Plural-Forms`` header says, and that header's rule chooses. As a ``str`` it is the last form
    (the plural), so code that reads templates as text (coverage tests, tools) still works."""

    one: str
    forms: tuple[str, ...]
    rule: str

    def __new__(cls, one: str, other: str, *more: str, rule: str = "(n != 1)") -> Plural:
        forms = (one, other, *more)
        made = super().__new__(cls, forms[-1])
        made.one, made.forms, made.rule = one, forms, rule
        return made

    def __reduce__(self) -> tuple[Any, ...]:
        return (_plural, (self.forms, self.rule))

    def choose(self, n: object) -> str:
        """The form for ``n``, by the catalogue's rule (English: the singular for exactly one).
        A value that is not a whole number (a share, a missing ``n``) takes the plural."""
        if isinstance(n, int) and not isinstance(n, bool):
            index = plural_index(self.rule, n)
            return self.forms[index] if 0 <= index < len(self.forms) else str(self)
        return self.one if n == 1 else str(self)


@functools.cache
def _rule(rule: str) -> Callable[[int], int]:
    return gettext.c2py(rule)


def plural_index(rule: str, n: int) -> int:
    """Which form of a plural the rule (a C expression of ``n``, as in a catalogue's ``Plural-Forms``)
    chooses for ``n``: ``plural_index("(n != 1)", 1) == 0``."""
    return int(_rule(rule)(n))


def _plural(forms: tuple[str, ...], rule: str) -> Plural:
    return Plural(*forms, rule=rule)


#: A template: one text, or a :class:`Plural`.
Template = str | Plural
