"""CrossCribb: cribbage hands built on a 5x5 board, rows against columns.

- :mod:`.board`: squares and lines, :func:`score_line` (the count of one line of five cards) and
  :func:`running_total` (what a line being filled scores so far).
- :mod:`.game`: :class:`CrossCribbGame`, the rounds and the game to 31 for 2, 3 or 4 players.
- :mod:`.records`: its actions, the records of its log, the count of a round, the result of a game.
- :mod:`.players`: the computer players, from random to one that weighs every square.

Rules: RULES.md, "CrossCribb".

>>> from cribbage.crosscribb import CrossCribbGame, ExpectedValuePlayer, play_round
>>> game = CrossCribbGame(4, seed=7)
>>> game.dealer, game.to_act, str(game.starter)
(2, 3, '6♣')
>>> play_round(game, [ExpectedValuePlayer(seat) for seat in range(4)])
>>> result = game.last_round
>>> result.totals, result.winner, result.points, game.scores
((33, 29), 0, 4, [4, 0])
>>> str(result.columns[2])
'fifteen two, fifteen four, fifteen six, and a run of three is nine'
"""

from .board import (CENTRE, COLUMNS, LINES, ROWS, SQUARES, Line, LineScore, Square, SquareLike, line_name,
                    line_total, running_total, score_board, score_line, square)
from .game import INDIVIDUAL, CrossCribbGame, deal_piles, play_cycle, round_deck, turn_order
from .records import (COLUMNS_SIDE, ROWS_SIDE, TARGET, Action, CutForDeal, Dealt, GameResult, GameWon, LaidAway,
                      LayAway, NextRound, Phase, Place, Placed, Record, RoundResult, RoundScored, StarterTurned,
                      Turned, game_value)
from .players import LEVELS, AttackingPlayer, ExpectedValuePlayer, Player, RandomPlayer, play_game, play_round

__all__ = [
    "CENTRE", "COLUMNS", "LINES", "ROWS", "SQUARES", "Line", "LineScore", "Square", "SquareLike", "line_name",
    "line_total", "running_total", "score_board", "score_line", "square",
    "COLUMNS_SIDE", "ROWS_SIDE", "TARGET", "Action", "CrossCribbGame", "CutForDeal", "Dealt", "GameResult",
    "GameWon", "LaidAway", "LayAway", "NextRound", "Phase", "Place", "Placed", "Record", "RoundResult",
    "RoundScored", "StarterTurned", "Turned", "deal_piles", "game_value", "play_cycle", "round_deck",
    "turn_order", "INDIVIDUAL",
    "LEVELS", "AttackingPlayer", "ExpectedValuePlayer", "Player", "RandomPlayer", "play_game", "play_round",
]
