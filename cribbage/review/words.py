"""The game review's words: the sentences of a review and its refusals, in English, added to the
engine's catalogue (:mod:`cribbage.lang.messages`), which reads their Spanish and Portuguese from
cribbage/locale/. Figures are floats, rendered by Babel in the reader's language."""

from __future__ import annotations

from cribbage.lang.messages import add_catalogue

__all__ = ["WORDS"]

WORDS = {
    # Refusals. {value} is what was given, as the engine quotes it.
    "review.bad_seat": {"en": "no seat {value} to review: a game has seats 0 and 1"},
    "review.not_a_game": {"en": "{value} is not a game of classic cribbage: only such a game can be reviewed"},
    "review.no_deal": {"en": "the game has dealt no cards: there is nothing to review"},
    "review.no_decision": {"en": "seat {seat} has made no choice in this game yet: there is nothing to review"},
    # The totals, then the costliest choices. {cost}, {discard}, {play}, {count}: points (floats).
    "review.title.over": {"en": "The review of your game:"},
    "review.title.stopped": {"en": "The review of what was played:"},
    "review.summary": {"en": "choices judged: {decisions}; points given up: {cost:.1f} in all "
                             "({discard:.1f} at the discard, {play:.1f} in the play, {count:.1f} in the show)"},
    "review.no_mistakes": {"en": "every choice was the best one: no points given up"},
    "review.costliest": {"en": "the costliest choices, most first:"},
    "review.no_reason": {"en": "no reason found"},
    # A discard. {kept}, {best}: the four kept; {away}, {best_away}: the two laid away; {net} the net
    # expected points, {hand} the hand's, {crib} the crib's (as the discard advice computes them);
    # {reason}: the discard advice's reason for the best keep ("keeps the run 6-7-8-9 and 15s, ...").
    "review.discard.dealer": {"en": "deal {deal}: you kept {kept} and gave your crib {away}, {net:.2f} points "
                                    "expected (hand {hand:.2f} + crib {crib:.2f}); keeping {best} and giving "
                                    "{best_away} was worth {cost:.2f} more ({best_net:.2f}: hand {best_hand:.2f} "
                                    "+ crib {best_crib:.2f}), because it {reason}"},
    "review.discard.pone": {"en": "deal {deal}: you kept {kept} and gave the dealer's crib {away}, {net:.2f} "
                                  "points expected (hand {hand:.2f} − crib {crib:.2f}); keeping {best} and giving "
                                  "{best_away} was worth {cost:.2f} more ({best_net:.2f}: hand {best_hand:.2f} "
                                  "− crib {best_crib:.2f}), because it {reason}"},
    "review.discard.best.dealer": {"en": "deal {deal}: you kept {kept} and gave your crib {away}, the best keep "
                                         "({net:.2f} points expected: hand {hand:.2f} + crib {crib:.2f})"},
    "review.discard.best.pone": {"en": "deal {deal}: you kept {kept} and gave the dealer's crib {away}, the best "
                                       "keep ({net:.2f} points expected: hand {hand:.2f} − crib {crib:.2f})"},
    # A card in the play. {series}: the cards of the count before it; {points}, {best_points}: the points
    # the expert's look-ahead expects of each card (its own, less the opponent's answer, plus ours);
    # {reason}: the expert's hint ("play the 5♥: it makes fifteen for 2").
    "review.play.no_series": {"en": "a new count"},
    "review.play": {"en": "deal {deal}: on {series} you played {card}, {points:+.2f} points expected; {best} "
                          "expected {best_points:+.2f}, {cost:.2f} more (the expert's reason: {reason})"},
    "review.play.as_good": {"en": "deal {deal}: on {series} you played {card}, {points:+.2f} points expected; the "
                                  "expert played {best} ({best_points:+.2f}), no better two moves ahead"},
    "review.play.best": {"en": "deal {deal}: on {series} you played {card}, the expert's card "
                               "({points:+.2f} points expected)"},
    # A count in the show, muggins on. {said}: the points counted; {held}: what the cards held; {reason}:
    # the count said in full ("fifteen two, fifteen four and a pair is six").
    "review.count.hand": {"en": "deal {deal}: you counted {said} for your hand {cards} with the starter {starter}; "
                                "it held {held} ({reason}): {missed} missed"},
    "review.count.crib": {"en": "deal {deal}: you counted {said} for your crib {cards} with the starter {starter}; "
                                "it held {held} ({reason}): {missed} missed"},
    "review.count.best.hand": {"en": "deal {deal}: you counted your hand {cards} with the starter {starter} "
                                     "right: {n}"},
    "review.count.best.crib": {"en": "deal {deal}: you counted your crib {cards} with the starter {starter} "
                                     "right: {n}"},
}

add_catalogue(WORDS)
