"""The base of the engine's kinds: enums whose members are their text.

A member equals its value (``Finish.WIN == "win"``) and prints as it (``str(Finish.WIN) == "win"``), so
logs, messages and code that still compares with strings read the plain word.
"""

from __future__ import annotations

import enum

__all__ = ["TextEnum"]


class TextEnum(str, enum.Enum):
    """An enum of words: ``str()`` of a member is its value, not ``Class.NAME``."""

    def __str__(self) -> str:
        return str(self.value)
