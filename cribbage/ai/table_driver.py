"""A whole game at the table between computer players, each acting through its own seat's view.

What a player at the table is (:class:`TablePlayer`) is said here; the players themselves, which need the
statistics of a five-card hand, are in :mod:`cribbage.multiplayer.players`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Protocol, runtime_checkable

from cribbage.lang.messages import message
from cribbage.rules.cards import Card
from cribbage.rules.checks import bounded
from cribbage.rules.errors import CribbageError, shown
from cribbage.rules.events import Phase
from cribbage.rules.ruleset import LETTERS, Rules
from cribbage.rules.seat_view import SeatView
from cribbage.rules.table import TableGame

__all__ = ["TablePlayer", "computers_act", "play_table_game"]


@runtime_checkable
class TablePlayer(Protocol):
    """A player at the table: what it lays away, and what it plays (None: go)."""

    level: str

    def lay_away(self, view: SeatView) -> tuple[Card, ...]: ...

    def play(self, view: SeatView) -> Card | None: ...


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
    computers = dict(enumerate(seated))
    views = {seat: view(game, seat) for seat in range(rules.players)}
    while game.phase is not Phase.OVER:
        computers_act(game, computers, views)
        if game.phase is Phase.DEAL_OVER:
            game.next_deal()
    return game


def computers_act(game: TableGame, computers: Mapping[int, TablePlayer], views: Mapping[int, SeatView]) -> None:
    """The computer seats (``computers``, each asked through its view in ``views``) lay away and play until
    a seat with no computer is to act, or the deal or the game is over. A person's seat lays away when it
    likes: the computers lay away around it."""
    while game.phase in (Phase.DISCARD, Phase.PLAY):
        if game.phase is Phase.DISCARD:
            waiting = [seat for seat in computers if not game.laid_away(seat)]
            if not waiting:
                return
            game.lay_away(waiting[0], computers[waiting[0]].lay_away(views[waiting[0]]))
            continue
        turn = game.to_act
        if turn is None or turn not in computers:
            return
        card = computers[turn].play(views[turn])
        game.go(turn) if card is None else game.play(turn, card)
