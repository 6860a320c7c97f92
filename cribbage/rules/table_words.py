"""The words of three- and four-handed cribbage: its refusals, in English, added to the engine's catalogue
(:mod:`cribbage.lang.messages`), which reads their Spanish and Portuguese from cribbage/locale/."""

from __future__ import annotations

from cribbage.lang.messages import add_catalogue

WORDS = {
    "multiplayer.bad_partners": {"en": "partners={value}: only four players play as partners (two sides of two), and four "
                                 "players always do"},
    "multiplayer.bad_field": {"en": "{field}={value}: with {players} players the rule book deals {expected}"},
    "multiplayer.no_muggins": {"en": "muggins is for two players: with {players} players it is not played here"},
    "multiplayer.bad_rules": {"en": "rules must be a Rules value, not {value}"},
    "multiplayer.bad_game": {"en": "a seat's view is of a game at the table (a TableGame), not {value}"},
    "multiplayer.bad_seat": {"en": "a seat is a whole number from 0 to {top}, not {value}"},
    "multiplayer.bad_dealer": {"en": "the dealer is a seat from 0 to {top}, not {value}"},
    "multiplayer.bad_scores": {"en": "the scores are {sides} whole numbers from 0 to {most}, one a side, not {value}"},
    "multiplayer.not_your_turn": {"en": "it is Player {turn}'s turn, not Player {seat}'s"},
    "multiplayer.not_held": {"en": "Player {seat} does not hold {card}"},
    "multiplayer.past_31": {"en": "{card} would make the count {count}, past 31"},
    "multiplayer.go_playable": {"en": "Player {seat} can play {card} (the count would be {count}): go is only for a player who "
                                "cannot"},
    "multiplayer.when": {"en": "that is not done now: the game is in {phase}"},
    "multiplayer.laid_away": {"en": "Player {seat} has laid away already"},
    "multiplayer.lay_away_one": {"en": "each player lays away {n} card to the crib, not {count}"},
    "multiplayer.over": {"en": "the game is over: side {winner} won"},
    "multiplayer.not_yours": {"en": "Player {seat} cannot see {what} of Player {other}"},
    "multiplayer.what.hand": {"en": "the hand"},
    "multiplayer.what.kept": {"en": "the cards kept"},
    "multiplayer.what.discard": {"en": "the card laid away"},
    "multiplayer.crib_hidden": {"en": "the crib is face down until the show"},
    "multiplayer.stacked": {"en": "stacked deal {number}: {reason}"},
    "multiplayer.stacked_hand": {"en": "Player {seat} needs {n} cards, not {count}"},
    "multiplayer.stacked_crib": {"en": "the crib's card from the deck is one card, given only with three players"},
    "multiplayer.bad_level": {"en": "no computer level {value} for three or four players: choose one of {levels}"},
    "multiplayer.five_cards": {"en": "a hand for three or four players is five cards, not {n}"},
    "multiplayer.not_player": {"en": "Player {seat} is not a player a table can seat (one with lay_away and play): {value}"},
    "multiplayer.players_count": {"en": "the rules seat {players} players, not {count}"},
}

add_catalogue(WORDS)
