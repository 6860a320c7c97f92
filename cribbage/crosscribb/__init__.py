"""CrossCribb: cribbage hands built on a 5x5 board, rows against columns.

- :mod:`.board`: squares and lines, :func:`score_line` (the count of one line of five cards) and
  :func:`running_total` (what a line being filled scores so far).
- :mod:`.game`: :class:`CrossCribbGame`, the rounds and the game to 31 for 2, 3 or 4 players.
- :mod:`.records`: its actions, the records of its log, the count of a round, the result of a game,
  the reasons it refuses an action.
- :mod:`.players`: the computer players, from random to one that weighs every square.
- :mod:`.driver`: :class:`CrossCribbDriver`, which lets the computer seats act until a person decides.

Names that would mean something else in :mod:`cribbage` carry the game's name: ``CrossCribbPhase``,
``CrossCribbResult``, ``CrossCribbPlayer``, ``CROSSCRIBB_LEVELS``, ``play_crosscribb_game``,
``crosscribb_game_value``.

Rules: course/07_crosscribb.ipynb (stop 7).

>>> from cribbage.crosscribb import CrossCribbGame, ExpectedValuePlayer, play_round
>>> game = CrossCribbGame(4, seed=7)
>>> game.dealer, game.to_act, str(game.starter)
(2, 3, '6♣')
>>> play_round(game, [ExpectedValuePlayer(seat) for seat in range(4)])
>>> result = game.last_round
>>> result.totals, result.winner, result.points, game.scores
((33, 29), 0, 4, (4, 0))
>>> str(result.columns[2])
'fifteen two, fifteen four, fifteen six, and a run of three is nine'
"""

from cribbage.crosscribb.board import (
    CENTRE,
    COLUMNS,
    LINES,
    ROWS,
    SQUARES,
    Line,
    LineKind,
    LineScore,
    Square,
    SquareLike,
    line_name,
    line_total,
    line_totals,
    running_total,
    score_board,
    score_line,
    square,
)
from cribbage.crosscribb.driver import Advance, CrossCribbDriver, CrossCribbPlayer
from cribbage.crosscribb.game import INDIVIDUAL, CrossCribbGame, deal_piles, play_cycle, round_deck, turn_order
from cribbage.crosscribb.players import (
    CROSSCRIBB_LEVELS,
    AttackingPlayer,
    ExpectedValuePlayer,
    RandomPlayer,
    count_truly,
    play_crosscribb_game,
    play_round,
)
from cribbage.crosscribb.records import (
    COLUMNS_SIDE,
    ROWS_SIDE,
    TARGET,
    AcceptCount,
    Announce,
    Announced,
    ClaimMuggins,
    CountAccepted,
    CrossCribbAction,
    CrossCribbError,
    CrossCribbPhase,
    CrossCribbResult,
    CutForDeal,
    Dealt,
    Discard,
    Discarded,
    GameWon,
    MugginsClaimed,
    NextRound,
    Place,
    Placed,
    Record,
    RecordKind,
    Refusal,
    RoundResult,
    RoundScored,
    StarterTurned,
    Turned,
    crosscribb_finish,
    crosscribb_game_value,
    line_message,
    player_message,
    side_message,
    where_message,
)

__all__ = [
    "CENTRE",
    "COLUMNS",
    "COLUMNS_SIDE",
    "CROSSCRIBB_LEVELS",
    "INDIVIDUAL",
    "LINES",
    "ROWS",
    "ROWS_SIDE",
    "SQUARES",
    "TARGET",
    "AcceptCount",
    "Advance",
    "Announce",
    "Announced",
    "AttackingPlayer",
    "ClaimMuggins",
    "CountAccepted",
    "CrossCribbAction",
    "CrossCribbDriver",
    "CrossCribbError",
    "CrossCribbGame",
    "CrossCribbPhase",
    "CrossCribbPlayer",
    "CrossCribbResult",
    "CutForDeal",
    "Dealt",
    "Discard",
    "Discarded",
    "ExpectedValuePlayer",
    "GameWon",
    "Line",
    "LineKind",
    "LineScore",
    "MugginsClaimed",
    "NextRound",
    "Place",
    "Placed",
    "RandomPlayer",
    "Record",
    "RecordKind",
    "Refusal",
    "RoundResult",
    "RoundScored",
    "Square",
    "SquareLike",
    "StarterTurned",
    "Turned",
    "count_truly",
    "crosscribb_finish",
    "crosscribb_game_value",
    "deal_piles",
    "line_message",
    "line_name",
    "line_total",
    "line_totals",
    "play_crosscribb_game",
    "play_cycle",
    "play_round",
    "player_message",
    "round_deck",
    "running_total",
    "score_board",
    "score_line",
    "side_message",
    "square",
    "turn_order",
    "where_message",
]
