"""Computer players: the :class:`Player` protocol, what every level shares, and the simpler levels.

A player reads a :class:`cribbage.Game` only through its public state, as a person at the table
would: its own cards, the cards played, the starter, the scores. Never the opponent's hand, and the
crib only when it is turned up in the show. The expert is in :mod:`cribbage.ai.expert`;
:func:`cribbage.ai.levels.player` makes any level by name.

============  ===============================================  ==========================================
level         discard                                          play
============  ===============================================  ==========================================
beginner      keeps the four that score most as they are        any card that fits, at random (seeded)
standard      the best hand on average over the starters        the most points now, else a safe card
classic       the best net: hand and crib, exact averages       look-ahead over the unseen cards
expert        see :mod:`cribbage.ai.expert`
============  ===============================================  ==========================================

All count the show correctly in muggins mode except the beginner, who forgets his nobs.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations
from typing import Protocol, runtime_checkable

from cribbage.ai.discard import quick_discard
from cribbage.ai.play_choice import PlayChoice, PlayView, choose_play
from cribbage.ai.seat_view import SeatView
from cribbage.lang.messages import Seat, message
from cribbage.rules.actions import Action, Count, Discard, Go, Muggins, NextDeal, Play
from cribbage.rules.cards import Card
from cribbage.rules.checks import plain_text
from cribbage.rules.errors import CribbageError, IllegalActionError
from cribbage.rules.events import Phase, ScoreKind
from cribbage.rules.options import chosen_seed
from cribbage.rules.show_scoring import hand_total, rank_points

__all__ = ["BeginnerPlayer", "ClassicExpertPlayer", "ComputerPlayer", "Player", "StandardPlayer", "action_for"]


@runtime_checkable
class Player(Protocol):
    """What the game, self-play and the widgets need of a computer player."""

    name: str
    level: str

    def discard(self, game: SeatView, seat: int) -> tuple[Card, Card]:
        """The two cards ``seat`` lays away to the crib."""
        ...

    def play(self, game: SeatView, seat: int) -> Card | None:
        """The card ``seat`` plays now, or ``None`` for go."""
        ...

    def count(self, game: SeatView, seat: int) -> int:
        """What ``seat`` announces for the hand or crib it counts now (muggins mode)."""
        ...


class ComputerPlayer:
    """Shared by every level: the seeded random source and the reading of the game."""

    level = ""

    def __init__(self, *, seed: int | str | None = 0, name: str | None = None) -> None:
        self.rng = random.Random(chosen_seed(seed))
        self.name = (None if name is None else plain_text(name, "name", most=200)) or f"{self.level} computer"

    def __repr__(self) -> str:
        return f"{type(self).__name__}(name={self.name!r})"

    # --- discard ---
    def discard(self, game: SeatView, seat: int) -> tuple[Card, Card]:
        return self.choose_discard(self.dealt_six(game, seat), dealer=game.dealer == seat)

    @staticmethod
    def dealt_six(game: SeatView, seat: int) -> tuple[Card, ...]:
        """The six cards ``seat`` was dealt, refused if it has laid away already."""
        six = tuple(game.hand(seat))
        if len(six) != 6:
            raise CribbageError(message("player.discard_needs_six", seat=Seat.of(seat, game.dealer), n=len(six)))
        return six

    def choose_discard(self, six: Sequence[Card], *, dealer: bool) -> tuple[Card, Card]:
        return quick_discard(six, dealer=dealer)

    # --- the play ---
    def play(self, game: SeatView, seat: int) -> Card | None:
        return self.choose_play(PlayView.from_game(game, seat)).card

    def choose_play(self, view: PlayView) -> PlayChoice:
        return choose_play(view, self.level, rng=self.rng)

    def hint(self, game: SeatView, seat: int) -> PlayChoice:
        """The card this player would play for ``seat``, with its reason (for hints)."""
        return self.choose_play(PlayView.from_game(game, seat))

    # --- the show (muggins mode) ---
    def count(self, game: SeatView, seat: int) -> int:
        hand, crib = _counted(game, seat)
        starter = game.starter
        assert starter is not None, "the show comes after the starter is turned"
        return self.count_hand(hand, starter, crib=crib)

    def count_hand(self, hand: Sequence[Card], starter: Card, *, crib: bool) -> int:
        return hand_total(hand, starter, crib=crib)


class BeginnerPlayer(ComputerPlayer):
    """Legal but weak: keeps what already scores, plays any card that fits, forgets his nobs."""

    level = "beginner"

    def choose_discard(self, six: Sequence[Card], *, dealer: bool) -> tuple[Card, Card]:
        def now(keep: tuple[Card, ...]) -> int:
            flush = 4 if len({c.suit for c in keep}) == 1 else 0
            return _points_held(tuple(sorted(c.rank for c in keep))) + flush

        splits = list(combinations(range(6), 4))
        best = max(now(tuple(six[i] for i in keep)) for keep in splits)
        keep = self.rng.choice([k for k in splits if now(tuple(six[i] for i in k)) == best])
        away = [six[i] for i in range(6) if i not in keep]
        return away[0], away[1]

    def count_hand(self, hand: Sequence[Card], starter: Card, *, crib: bool) -> int:
        nobs = sum(1 for c in hand if c.rank == 11 and c.suit == starter.suit)
        return hand_total(hand, starter, crib=crib) - nobs


class StandardPlayer(ComputerPlayer):
    """Discards for the best hand on average (ignoring the crib); pegs greedily, then safely."""

    level = "standard"

    def choose_discard(self, six: Sequence[Card], *, dealer: bool) -> tuple[Card, Card]:
        return quick_discard(six, dealer=dealer, crib_weight=0.0)


class ClassicExpertPlayer(ComputerPlayer):
    """The first expert, kept as a named level (``"classic"``) to measure the expert against: discards
    for the best net of hand and crib (the uniform crib), pegs by look-ahead over the unseen cards."""

    level = "classic"

    def choose_play(self, view: PlayView) -> PlayChoice:
        return choose_play(view, "expert")


# A keep's four ranks, sorted: 1,820 multisets in all, so every one fits.
@lru_cache(maxsize=2048)
def _points_held(ranks: tuple[int, ...]) -> int:
    return rank_points(ranks)


def _counted(game: SeatView, seat: int) -> tuple[tuple[Card, ...], bool]:
    """The hand or crib ``seat`` must count now in the show: the crib once the dealer's hand is done."""
    counting_crib = seat == game.dealer and any(
        e.seat == seat and e.kind is ScoreKind.HAND and e.deal == game.deal_number for e in game.events)
    if counting_crib:
        crib = game.crib
        assert crib is not None, "the crib is turned up in the show"
        return crib, True
    return tuple(game.kept(seat)), False


def action_for(player: Player, game: SeatView, seat: int) -> Action:
    """The action ``player`` takes for ``seat`` in the game's current phase."""
    phase = game.phase
    if phase is Phase.DISCARD:
        return Discard(seat, tuple(player.discard(game, seat)))  # type: ignore[arg-type]
    if phase is Phase.PLAY:
        card = player.play(game, seat)
        return Go(seat) if card is None else Play(seat, card)
    if phase is Phase.SHOW:
        if game.muggins_claimant == seat:
            return Muggins(seat)
        return Count(seat, player.count(game, seat))
    if phase is Phase.DEAL_OVER:
        return NextDeal()
    result = game.result  # the only phase left: the game is over
    assert result is not None, "a game in no other phase is over"
    raise IllegalActionError(message("game.over", result=result.message))
