"""Cribbage for three and four players (partners for four), and the rules of any game as one value.

- :mod:`.rules`: :class:`Rules`, what a game is played by: players, partners, the cards dealt and laid
  away, the crib's card from the deck, the target, muggins, the double skunk.
- :mod:`.game`: :class:`TableGame`, the game for two, three or four seats, by ``Rules``.
- :mod:`.view`: :class:`SeatView`, all a seat may see; another seat's cards are refused.
- :mod:`.players`, :mod:`.driver`: computer players at the table and a whole game between them.

The two-player :class:`cribbage.Game` is not changed by any of this: a ``TableGame`` for two plays its
games exactly (the tests check it), and three or four players are new games beside it.
"""

from cribbage.multiplayer.driver import computers_act, play_table_game
from cribbage.multiplayer.game import StackedDeal, TableGame
from cribbage.multiplayer.players import (
    TABLE_LEVELS,
    ExpertTablePlayer,
    RandomTablePlayer,
    StandardTablePlayer,
    TablePlayer,
    table_player,
)
from cribbage.multiplayer.rules import Rules
from cribbage.multiplayer.view import SeatView

__all__ = ["TABLE_LEVELS", "ExpertTablePlayer", "RandomTablePlayer", "Rules", "SeatView", "StackedDeal", "StandardTablePlayer", "TableGame",
           "TablePlayer", "computers_act", "play_table_game", "table_player"]
