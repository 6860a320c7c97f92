"""A whole game at the table between computer players, each acting through its own seat's view."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from cribbage.lang.messages import message
from cribbage.multiplayer.game import TableGame
from cribbage.multiplayer.players import TablePlayer
from cribbage.multiplayer.rules import LETTERS, Rules
from cribbage.multiplayer.view import SeatView
from cribbage.rules.checks import bounded
from cribbage.rules.errors import CribbageError, shown
from cribbage.rules.events import Phase

__all__ = ["play_table_game"]


def play_table_game(players: Sequence[TablePlayer], *, seed: int | str, rules: Rules | None = None,
                    view: Callable[[TableGame, int], SeatView] = SeatView) -> TableGame:
    """Play a whole :class:`TableGame` by ``rules`` (three players unless given), seat ``i`` played by
    ``players[i]``. Each player is asked only through its seat's view (``view``: a test can give one
    that watches what is asked). Returns the finished game."""
    rules = Rules(players=3) if rules is None else rules
    seated = bounded(players, "players", 10)
    if not isinstance(rules, Rules) or len(seated) != rules.players:
        raise CribbageError(message("multiplayer.players_count", players=getattr(rules, "players", "?"), count=len(seated)))
    for place, one in enumerate(seated):
        if not isinstance(one, TablePlayer):
            raise CribbageError(message("multiplayer.not_player", seat=LETTERS[place], value=shown(one)))
    game = TableGame(seed, rules=rules)
    views = [view(game, seat) for seat in range(rules.players)]
    while game.phase is not Phase.OVER:
        if game.phase is Phase.DISCARD:
            seat = game.to_act
            assert seat is not None
            game.lay_away(seat, seated[seat].lay_away(views[seat]))
        elif game.phase is Phase.PLAY:
            seat = game.to_act
            assert seat is not None
            card = seated[seat].play(views[seat])
            game.go(seat) if card is None else game.play(seat, card)
        else:
            game.next_deal()
    return game
