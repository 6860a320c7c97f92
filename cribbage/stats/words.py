"""The statistics lab's words: the sentences the engine's statistics and self-play say to a person,
in English, added to the engine's catalogue (:mod:`cribbage.messages`), which reads their Spanish and
Portuguese from cribbage/locale/."""

from __future__ import annotations

from typing import Any

from .errors import CribbageError
from .messages import add_catalogue, message

__all__ = ["refuse"]

WORDS = {
    "stats.whole_number": {"en": "{what} must be a whole number, {least} or more, not {value}"},
    "stats.what.games": {"en": "the number of games"},
    "stats.what.batch": {"en": "the batch size (games per batch)"},
    "stats.what.samples": {"en": "the sample of hands"},
    "stats.what.deals": {"en": "the sample of deals"},
    "stats.two_players": {"en": "self-play takes two players, not {n}"},
    "stats.no_model": {"en": "no crib model {value}: choose one of {choices}"},
    "stats.no_table": {"en": "no published crib table {value}: choose one of {choices}"},
    "stats.bad_rank": {"en": "a rank is 1 (ace) to 13 (king) or A, 2..10, J, Q, K, not {value}"},
    "stats.bad_role": {"en": "a role is 'dealer' or 'pone', not {value}"},
    "stats.bad_score": {"en": "{whose} must be a whole number from 0 to {top}, not {value}"},
    "stats.whose.mine": {"en": "your score"},
    "stats.whose.theirs": {"en": "the opponent's score"},
    "stats.no_deals": {"en": "the deal log holds no complete deal"},
    "stats.too_many_points": {"en": "a stage of a deal scored more points than any deal can"},
}

add_catalogue(WORDS)


def refuse(key: str, **values: Any) -> CribbageError:
    """The error for message ``key`` (raise it)."""
    return CribbageError(message(key, **values))
