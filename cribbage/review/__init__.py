"""The review of a game: every choice a seat made, judged by what it could know, and what it cost.

``review_game(game, seat)`` replays a classic game's public log and the seat's own cards
(:mod:`cribbage.review.replay`) into a :class:`GameReview` (:mod:`cribbage.review.decisions`): each
discard against the best keep by exact expected points, each card in the play against the expert's,
each count in the show (muggins) against what the cards held; the cost of each in points, the game's
total, the three costliest in words (:mod:`cribbage.review.words`), both scores deal by deal and the
seat's chance to win along the game.

>>> from cribbage import Game
>>> from cribbage.ai.driver import Driver
>>> from cribbage.ai.levels import player
>>> game = Game(5, target=61)
>>> _ = Driver(game, {0: player("standard"), 1: player("expert")}).advance()
>>> review = review_game(game, 0)
>>> review.finished, review.decisions[0].kind.value, review.total_cost >= 0
(True, 'discard', True)

The review sits above the AI and the statistics (it asks the expert, and the calibrated chance to
win) and below the command line; it draws nothing.
"""

from __future__ import annotations

from cribbage.review.decisions import DealLine, Decision, DecisionKind, GameReview
from cribbage.review.replay import ReviewError, review_game

__all__ = ["DealLine", "Decision", "DecisionKind", "GameReview", "ReviewError", "review_game"]
