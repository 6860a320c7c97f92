"""The computer players of three- and four-handed cribbage (partners for four), and the statistics of a
five-card hand they lay away by.

The game itself is in the rules, beside the two-player game: :class:`~cribbage.rules.ruleset.Rules`
(what a game is played by), :class:`~cribbage.rules.table.TableGame` (the game for two, three or four
seats, which ``cribbage.Game(seed, rules=Rules(players=3))`` makes) and
:class:`~cribbage.rules.seat_view.SeatView` (all a seat may see). A whole game between computer players
is :func:`cribbage.play_game` with those rules (:mod:`cribbage.ai.table_driver`).

- :mod:`.players`: the random, standard and expert players at the table (:func:`table_player`).
- :mod:`.keep`: the exact averages of each card laid away from five (:func:`~.keep.five_keeps`).
- :mod:`.narration`: the table's story told in the engine's words.

The names of the rules, the table's game, its view and its driver are kept here too, so one import
gives all a table needs.
"""

from cribbage.ai.table_driver import TablePlayer, computers_act, play_table_game
from cribbage.multiplayer.players import (
    TABLE_LEVELS,
    ExpertTablePlayer,
    RandomTablePlayer,
    StandardTablePlayer,
    table_player,
)
from cribbage.rules.ruleset import Rules
from cribbage.rules.seat_view import SeatView
from cribbage.rules.table import StackedDeal, TableGame

__all__ = ["TABLE_LEVELS", "ExpertTablePlayer", "RandomTablePlayer", "Rules", "SeatView", "StackedDeal", "StandardTablePlayer", "TableGame",
           "TablePlayer", "computers_act", "play_table_game", "table_player"]
