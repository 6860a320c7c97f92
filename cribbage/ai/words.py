"""The computer's words: self-play's refusals of a bad number of games or players, and the hint's
reasons when the expert's move comes from its read of the opponent or from the score
(:mod:`cribbage.ai.why`), in English, added to the engine's catalogue (:mod:`cribbage.lang.messages`),
which reads their Spanish and Portuguese from cribbage/locale/.

The keys keep the ``stats.`` prefix they had when self-play lived with the statistics: the statistics
lab says the same sentence for its own samples."""

from __future__ import annotations

from cribbage.lang.messages import Plural, add_catalogue

WORDS: dict[str, dict[str, str]] = {
    "stats.whole_number": {"en": "{what} must be a whole number, {least} or more, not {value}"},
    "stats.what.games": {"en": "the number of games"},
    "stats.what.batch": {"en": "the batch size (games per batch)"},
    "stats.two_players": {"en": "self-play takes two players, not {n}"},
    "ai.not_player": {"en": "{name} must be a computer player (one that can discard, play and count), not {value}"},
    # What the opponent has shown this deal ({seen} of the reasons below).
    "ai.why.seen_both": {"en": "they have played {cards} and said go at {count}"},
    "ai.why.seen_played": {"en": "they have played {cards}"},
    "ai.why.seen_go": {"en": "they said go at {count}"},
    "ai.why.seen_none": {"en": "good players keep cards that go together"},
    # The expert's card when reading the opponent changed it ({other}: its card without the read).
    "ai.why.read_hold": {"en": "{act}, not the {other}: {seen}, so they likely hold {rank:words}, which would "
                                "peg them {points} on the {other}"},
    "ai.why.read_lack": {"en": "{act}, not the {other}: {seen}, so they are unlikely to hold {rank:words}, "
                                "which would peg them {points} on the {card}"},
    "ai.why.read": {"en": "{act}, not the {other}: {seen}, and what that says of their hand makes the {card} "
                           "give them less"},
    # The expert's card when the score changed it: a pone whose hand takes them home.
    "ai.why.home": {"en": Plural("{act}, not the {other}: your hand's {n} point takes you home at the show, where you "
                           "count first, so only the dealer's pegging can stop you, and the {card} gives them "
                           "the least to peg",
                           "{act}, not the {other}: your hand's {n} points take you home at the show, where you "
                           "count first, so only the dealer's pegging can stop you, and the {card} gives them "
                           "the least to peg")},
    # The expert's keep when the score changed it (after "The expert ... keeps ...: it").
    "ai.why.keep_score": {"en": "{reason}; so close to the end it gives the better chance of winning: "
                                 "{chance:.1f}% against {other_chance:.1f}% keeping {other}, which scores more on "
                                 "average"},
}

add_catalogue(WORDS)
