"""The computer's words: self-play's refusals of a bad number of games or players, and the hint's
reasons when the expert's move comes from its read of the opponent or from the score, and what it saw
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
    # The expert's card when searching the play to its end changed it ({other}: its card two moves ahead).
    # {value}, {other_value}: what each card nets on average (our points less theirs) to the last card.
    "ai.why.search": {"en": Plural("{act}, not the {other}: played out to the last card against the one hand they "
                                   "can still hold ({hand}), your points less theirs from here come to {value:+.1f} "
                                   "with the {card} and {other_value:+.1f} with the {other}",
                                   "{act}, not the {other}: played out to the last card against each of the {n} "
                                   "hands they may still hold, weighed as the read weighs them (the likeliest, "
                                   "{hand}, {share:.0%}), your points less theirs from here average {value:+.1f} "
                                   "with the {card} and {other_value:+.1f} with the {other}")},
    # The expert's card near home when searching the play for the chance of winning the game changed it
    # ({other}: its card for points). {chance}, {other_chance}: per cent.
    "ai.why.win": {"en": "{act}, not the {other}: this close to the end only winning the game counts, and played "
                         "out to the last card against the hands they most likely hold, the {card} gives you a "
                         "{chance:.1f}% chance of winning, against {other_chance:.1f}% with the {other}"},
    # The expert's card when the score changed it: a pone whose hand takes them home.
    "ai.why.home": {"en": Plural("{act}, not the {other}: your hand's {n} point takes you home at the show, where you "
                           "count first, so only the dealer's pegging can stop you, and the {card} gives them "
                           "the least to peg",
                           "{act}, not the {other}: your hand's {n} points take you home at the show, where you "
                           "count first, so only the dealer's pegging can stop you, and the {card} gives them "
                           "the least to peg")},
    # What the expert saw, after its move in the hint (cribbage.ai.why.explanation): facts of the table.
    "ai.explain.play": {"en": "It sees that {safety}."},
    "ai.explain.play_read": {"en": "It sees that {safety}; {read}."},
    "ai.explain.no_cards": {"en": "they have no cards left to answer it"},
    "ai.explain.thirty_one": {"en": "it makes 31, so the count starts again and they cannot peg on it"},
    "ai.explain.said_go": {"en": "they have said go, so they cannot play on it"},
    "ai.explain.safe": {"en": "no card they could still hold pegs anything on it"},
    "ai.explain.safe_fifteen": {"en": "no card they could still hold makes fifteen on it (the most one could "
                                      "peg on it is {worst})"},
    "ai.explain.worst": {"en": "the most a card they could still hold pegs on it is {worst}"},
    # {share}, {prior}: percentages. The likeliest rank by the expert's read of their hand, against chance;
    # {likeliest} is that sentence, followed by what one of them would peg on the card.
    "ai.explain.likely_only": {"en": "by its read of them, {rank:words} are their likeliest cards ({share:.0%} of "
                                      "their hand, against {prior:.0%} from the unseen cards alone)"},
    "ai.explain.likely": {"en": "{likeliest}, and one would peg them {pegs} on it"},
    "ai.explain.likely_nothing": {"en": "{likeliest}, and one would peg them nothing on it"},
    "ai.explain.keep_own": {"en": "It expects {hand:.1f} points from the hand on average, and {crib:.1f} from your "
                                   "crib."},
    "ai.explain.keep_theirs": {"en": "It expects {hand:.1f} points from the hand on average, and gives {crib:.1f} "
                                      "to their crib."},
    # The expert's keep when the score changed it (after "The expert ... keeps ...: it").
    "ai.why.keep_score": {"en": "{reason}; so close to the end it gives the better chance of winning: "
                                 "{chance:.1f}% against {other_chance:.1f}% keeping {other}, which scores more on "
                                 "average"},
}

add_catalogue(WORDS)
