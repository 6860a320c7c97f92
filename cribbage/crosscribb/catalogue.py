"""CrossCribb's words: its refusals and its log, in English (Spanish and Portuguese: cribbage/locale/).

Plain data, added to the engine catalogue (:mod:`cribbage.lang.messages`) when :mod:`cribbage.crosscribb`
is imported. Keys start with ``crosscribb.``; a refusal's key is ``crosscribb.err.`` and its
:class:`~cribbage.crosscribb.Refusal`, a log record's ``crosscribb.log.`` and its
:class:`~cribbage.crosscribb.RecordKind`. Seats are API numbers (0..3) in refusals, which speak to
a programmer, and players numbered from 1 in the log, which speaks to a person. Vocabulary of the
seeds: cuna / cesta, carta inicial / virada, jota / valete.
"""

from __future__ import annotations

Entry = dict[str, str | tuple[str, str]]

WORDS: dict[str, Entry] = {
    "crosscribb.row": {"en": "row {n}"},
    "crosscribb.column": {"en": "column {n}"},
    "crosscribb.crib": {"en": "the crib"},
    "crosscribb.where": {"en": "row {row}, column {column}"},
    "crosscribb.side.0": {"en": "the columns"},
    "crosscribb.side.1": {"en": "the rows"},
    "crosscribb.your_card": {"en": "your card"},
    "crosscribb.both_your_cards": {"en": "both your cards"},
    "crosscribb.player": {"en": "player {n}"},
    "crosscribb.finish.win": {"en": "a win"},
    "crosscribb.finish.skunk": {"en": "a skunk"},
    "crosscribb.finish.double skunk": {"en": "a double skunk"},
}

ERRORS: dict[str, Entry] = {
    "crosscribb.err.players": {"en": "CrossCribb is for 2, 3 or 4 players, not {players}"},
    "crosscribb.err.target": {"en": "the target must be a positive whole number, not {target}"},
    "crosscribb.err.dealer": {"en": "the dealer must be a seat 0..{last}, not {dealer}"},
    "crosscribb.err.not_a_seat": {"en": "there is no seat {seat}: seats are 0..{last}"},
    "crosscribb.err.not_a_side": {"en": "there is no side {side}: side 0 scores the columns, side 1 the rows"},
    "crosscribb.err.game_over": {"en": "the game is over"},
    "crosscribb.err.round_over": {"en": "the round is over: deal the next round first"},
    "crosscribb.err.counting": {"en": "the board is full: the sides are counting their lines"},
    "crosscribb.err.not_your_turn": {"en": "it is seat {to_act}'s turn, not seat {seat}'s"},
    "crosscribb.err.not_a_card": {"en": "{given} is not a card"},
    "crosscribb.err.not_your_card": {"en": "{card} is not your card: you turned up {turned}"},
    "crosscribb.err.forced": {"en": ("you have no squares left to fill and still owe the crib {n} card: lay {card} away",
               "you have no squares left to fill and still owe the crib {n} cards: lay {card} away")},
    "crosscribb.err.square": {"en": "{where} is not a square: give (row, column), each 0..4, or an index 0..24"},
    "crosscribb.err.centre": {"en": "the centre square holds the starter"},
    "crosscribb.err.occupied": {"en": "{where} is taken by {card}"},
    "crosscribb.err.laid_all": {"en": "you have already laid away {laid}: place {card} on the board"},
    "crosscribb.err.still_playing": {"en": "round {round} is still being played"},
    "crosscribb.err.muggins_off": {"en": "muggins is off in this game: the round is counted for you"},
    "crosscribb.err.not_counting": {"en": "nothing is being counted now"},
    "crosscribb.err.not_your_count": {"en": "{side} are counting now, not seat {seat}"},
    "crosscribb.err.answer_first": {"en": "{side} must first claim muggins on the last count or accept it"},
    "crosscribb.err.bad_points": {"en": "a count is a whole number of points, 0 or more, not {points}"},
    "crosscribb.err.over_count": {"en": "{points} is more than {line} holds: count again"},
    "crosscribb.err.nothing_to_answer": {"en": "there is no count to answer: the next count comes first"},
    "crosscribb.err.not_your_answer": {"en": "seat {seat} cannot answer its own side's count"},
    "crosscribb.err.nothing_missed": {"en": "{line} holds {points}, as counted: there is nothing to claim"},
    "crosscribb.err.no_round": {"en": "there is no round {round} (rounds so far: {rounds})"},
    "crosscribb.err.nothing_to_undo": {"en": "there is nothing to undo"},
    "crosscribb.err.not_an_action": {"en": "not an action: {action}"},
    "crosscribb.err.margin": {"en": "a winning margin is a whole number of points, 1 or more, not {margin}"},
}

#: Reading lines and boards (board.py) and letting players play (players.py).
BOARD: dict[str, Entry] = {
    "crosscribb.err.square_index": {"en": "square index must be 0..24, not {where}"},
    "crosscribb.err.line_size": {"en": "a line is five cards, not {n}"},
    "crosscribb.err.line_too_long": {"en": "a line holds at most five cards, not {n}"},
    "crosscribb.err.starter_not_in_line": {"en": "the starter {card} is not in the line: give the starter only for the centre row and column, which hold it"},
    "crosscribb.err.board_shape": {"en": "a board is five rows of five cards"},
    "crosscribb.err.nothing_to_do": {"en": "there is nothing to do: the game is over"},
    "crosscribb.err.one_player_per_seat": {"en": "give one player per seat: {players}, not {given}"},
}

LOG: dict[str, Entry] = {
    "crosscribb.log.cut for deal": {"en": "the cut for deal: {cuts}; {player} deals"},
    "crosscribb.log.cut for deal tie": {"en": "the cut for deal: {cuts}; the lowest cards tie, cut again"},
    "crosscribb.log.dealt": {"en": "round {round}: {player} deals"},
    "crosscribb.log.starter turned": {"en": "the starter {card} goes in the centre"},
    "crosscribb.log.his heels": {"en": "the starter {card} goes in the centre: a jack, his heels, 2 for {side}"},
    "crosscribb.log.turned": {"en": "{player} turns up {card}"},
    "crosscribb.log.placed": {"en": "{player} places {card} on {where}"},
    "crosscribb.log.laid away": {"en": "{player} lays {card} away to the crib"},
    "crosscribb.log.laid away forced": {"en": "{player} has no squares left and lays {card} away to the crib"},
    "crosscribb.log.announced": {"en": "{side} count {line}: {points}"},
    "crosscribb.log.muggins claimed": {"en": "muggins! {side} take {points} missed in {line}"},
    "crosscribb.log.count accepted": {"en": "{side} let the count of {line} stand"},
    "crosscribb.log.round scored": {"en": "round {round}: {high} to {low}, {side} peg {points}"},
    "crosscribb.log.round tied": {"en": "round {round}: a tie at {total}, nobody pegs"},
    "crosscribb.log.game won": {"en": ("{side} win the game {high} to {low}: {finish}, {n} game",
               "{side} win the game {high} to {low}: {finish}, {n} games")},
}

PARTS: tuple[dict[str, Entry], ...] = (WORDS, ERRORS, BOARD, LOG)
