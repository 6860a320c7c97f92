"""What one seat may see of a game at the table, and nothing more.

A computer player, a hint or a view is handed a :class:`SeatView`, never the game: it answers for its
own seat (its hand, the cards it kept and laid away) and for what the table sees (the starter, the cards
played, the count, who said go, the scores, how many cards each player holds). Asking for another seat's
hand or kept cards, or for the crib, before the show raises the engine's own error, so no player can
read a hand it should not, whatever its code does.
"""

from __future__ import annotations

from cribbage.lang.messages import message
from cribbage.rules.cards import Card
from cribbage.rules.errors import CribbageError, IllegalActionError, shown
from cribbage.rules.events import Phase
from cribbage.rules.ruleset import LETTERS, Rules
from cribbage.rules.table import TableGame

__all__ = ["SeatView"]


class SeatView:
    """Seat ``seat``'s view of ``game`` (read live: it follows the game as it goes on)."""

    __slots__ = ("__game", "seat")

    def __init__(self, game: TableGame, seat: int) -> None:
        if not isinstance(game, TableGame):
            raise CribbageError(message("multiplayer.bad_game", value=shown(game)))
        self.__game = game
        self.seat = game._seat(seat)

    @property
    def rules(self) -> Rules:
        return self.__game.rules

    @property
    def players(self) -> int:
        return self.__game.players

    @property
    def phase(self) -> Phase:
        return self.__game.phase

    @property
    def dealer(self) -> int:
        return self.__game.dealer

    @property
    def my_turn(self) -> bool:
        return self.__game.to_act == self.seat and self.__game.phase in (Phase.PLAY, Phase.DISCARD)

    @property
    def hand(self) -> tuple[Card, ...]:
        """The cards this seat holds now."""
        return self.__game.hand(self.seat)

    @property
    def kept(self) -> tuple[Card, ...]:
        return self.__game.kept(self.seat)

    @property
    def laid_away(self) -> tuple[Card, ...]:
        return self.__game.laid_away(self.seat)

    @property
    def starter(self) -> Card | None:
        return self.__game.starter

    @property
    def count(self) -> int:
        return self.__game.count

    @property
    def series(self) -> tuple[Card, ...]:
        return self.__game.series

    @property
    def played(self) -> tuple[tuple[int, Card], ...]:
        return self.__game.played

    @property
    def scores(self) -> tuple[int, ...]:
        return self.__game.scores

    @property
    def target(self) -> int:
        return self.__game.rules.target

    def side_of(self, seat: int) -> int:
        return self.__game.side_of(seat)

    @property
    def my_side(self) -> int:
        return self.__game.side_of(self.seat)

    @property
    def crib_is_ours(self) -> bool:
        """Whether the crib scores for this seat's side (it deals, or its partner does)."""
        return self.side_of(self.dealer) == self.my_side

    def cards_held(self, seat: int) -> int:
        """How many cards ``seat`` holds (the table sees that, not which)."""
        return len(self.__game.hand(seat))

    def said_go(self, seat: int) -> bool:
        return self.__game.said_go(seat)

    def hand_of(self, seat: int) -> tuple[Card, ...]:
        """Another seat's cards: refused, as at a real table."""
        return self._own(seat, "multiplayer.what.hand", self.__game.hand)

    def kept_of(self, seat: int) -> tuple[Card, ...]:
        """Another seat's kept cards: shown in the show, refused before it."""
        if self.__game.phase in (Phase.SHOW, Phase.DEAL_OVER):
            return self.__game.kept(seat)
        return self._own(seat, "multiplayer.what.kept", self.__game.kept)

    def laid_away_of(self, seat: int) -> tuple[Card, ...]:
        """Another seat's card laid away: face down until the crib is shown."""
        if self.__game.phase in (Phase.SHOW, Phase.DEAL_OVER):
            return self.__game.laid_away(seat)
        return self._own(seat, "multiplayer.what.discard", self.__game.laid_away)

    @property
    def crib(self) -> tuple[Card, ...]:
        """The crib, once it is shown."""
        if self.__game.phase not in (Phase.SHOW, Phase.DEAL_OVER):
            raise IllegalActionError(message("multiplayer.crib_hidden"))
        return self.__game.crib_so_far

    def _own(self, seat: int, what: str, read: object) -> tuple[Card, ...]:
        other = self.__game._seat(seat)
        if other != self.seat:
            raise IllegalActionError(message("multiplayer.not_yours", seat=LETTERS[self.seat], what=message(what), other=LETTERS[other]))
        return read(other)  # type: ignore[operator, no-any-return]  # one of the game's readers above
