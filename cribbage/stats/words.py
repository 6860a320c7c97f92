"""The statistics lab's words: the sentences the engine's statistics say to a person,
in English, added to the engine's catalogue (:mod:`cribbage.lang.messages`), which reads their Spanish and
Portuguese from cribbage/locale/."""

from __future__ import annotations

from typing import Any

from cribbage.ai import words as _selfplay_words  # noqa: F401  (the words for a number of games, used here too)
from cribbage.lang.messages import add_catalogue, message
from cribbage.rules.errors import CribbageError

__all__ = ["refuse"]

WORDS = {
    "stats.what.samples": {"en": "the sample of hands"},
    "stats.what.deals": {"en": "the sample of deals"},
    "stats.no_model": {"en": "no crib model {value}: choose one of {choices}"},
    "stats.no_table": {"en": "no published crib table {value}: choose one of {choices}"},
    "stats.bad_rank": {"en": "a rank is 1 (ace) to 13 (king) or A, 2..10, J, Q, K, not {value}"},
    "stats.bad_role": {"en": "a role is 'dealer' or 'pone', not {value}"},
    "stats.bad_five_role": {"en": "a role is 'ours' (the crib is your side's) or 'theirs' (an opponent's), not {value}"},
    "stats.bad_score": {"en": "{whose} must be a whole number from 0 to {top}, not {value}"},
    "stats.whose.mine": {"en": "your score"},
    "stats.whose.theirs": {"en": "the opponent's score"},
    "stats.no_deals": {"en": "the deal log holds no complete deal"},
    "stats.kept_four": {"en": "a kept hand is four cards, not {count}"},
    "stats.discard_kept": {"en": "{card} is both kept and laid away to the crib"},
    "stats.too_many_points": {"en": "a stage of a deal scored more points than any deal can"},
    "stats.too_few": {"en": "a margin of error needs at least 2 values, not {n}"},
    "stats.bad_scores": {"en": "the scores are two whole numbers, yours then the opponent's, not {value}"},
    "stats.not_a_keep": {"en": "{cards} is not four cards kept (or two laid away) from this deal"},
    "stats.bad_quantile": {"en": "a quantile is a share from 0 to 1, not {value}"},
    "stats.bad_counts": {"en": "counts must be how many hands score 0, 1, 2 and so on (numbers, not all 0), not {value}"},
}

add_catalogue(WORDS)


def refuse(key: str, **values: Any) -> CribbageError:
    """The error for message ``key`` (raise it)."""
    return CribbageError(message(key, **values))
