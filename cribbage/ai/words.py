"""Self-play's words: its refusals of a bad number of games or players, in English, added to the engine's
catalogue (:mod:`cribbage.lang.messages`), which reads their Spanish and Portuguese from cribbage/locale/.

The keys keep the ``stats.`` prefix they had when self-play lived with the statistics: the statistics
lab says the same sentence for its own samples."""

from __future__ import annotations

from cribbage.lang.messages import add_catalogue

WORDS = {
    "stats.whole_number": {"en": "{what} must be a whole number, {least} or more, not {value}"},
    "stats.what.games": {"en": "the number of games"},
    "stats.what.batch": {"en": "the batch size (games per batch)"},
    "stats.two_players": {"en": "self-play takes two players, not {n}"},
    "ai.not_player": {"en": "{name} must be a computer player (one that can discard, play and count), not {value}"},
}

add_catalogue(WORDS)
