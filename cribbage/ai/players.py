"""Computer players: the :class:`Player` protocol and three levels, beginner, standard and expert.

A player reads a :class:`cribbage.Game` only through its public state, as a person at the table
would: its own cards, the cards played, the starter, the scores. Never the opponent's hand, and the
crib only when it is turned up in the show. :func:`play_game` plays a whole game between two of them.

============  ===============================================  ==========================================
level         discard                                          play
============  ===============================================  ==========================================
beginner      keeps the four that score most as they are        any card that fits, at random (seeded)
standard      the best hand on average over the starters        the most points now, else a safe card
expert        the best net: hand and crib, exact averages       look-ahead over the unseen cards
============  ===============================================  ==========================================

All count the show correctly in muggins mode except the beginner, who forgets his nobs.
"""

from __future__ import annotations

import random
from functools import lru_cache
from itertools import combinations
from typing import Any, Protocol, Sequence, runtime_checkable

from .actions import Action, Count, Discard, Go, Muggins, NextDeal, Play
from .cards import Card
from .discard import KeepOption, advise_discard, quick_discard
from .errors import CribbageError, IllegalActionError
from .events import Phase, ScoreKind
from .messages import Seat, message
from .game import Game
from .pegging import LEVELS, PlayChoice, PlayView, choose_play
from .scoring import hand_total, rank_points

__all__ = ["Player", "BeginnerPlayer", "StandardPlayer", "ExpertPlayer", "Adviser", "player", "LEVELS",
           "action_for", "play_game"]


@runtime_checkable
class Player(Protocol):
    """What the game, self-play and the widgets need of a computer player."""

    name: str
    level: str

    def discard(self, game: Any, seat: int) -> tuple[Card, Card]:
        """The two cards ``seat`` lays away to the crib."""
        ...

    def play(self, game: Any, seat: int) -> Card | None:
        """The card ``seat`` plays now, or ``None`` for go."""
        ...

    def count(self, game: Any, seat: int) -> int:
        """What ``seat`` announces for the hand or crib it counts now (muggins mode)."""
        ...


class _ComputerPlayer:
    """Shared by the three levels: the seeded random source and the reading of the game."""

    level = ""

    def __init__(self, *, seed: int | str | None = 0, name: str | None = None) -> None:
        self.rng = random.Random(seed)
        self.name = name or f"{self.level} computer"

    def __repr__(self) -> str:
        return f"{type(self).__name__}(name={self.name!r})"

    # --- discard ---
    def discard(self, game: Any, seat: int) -> tuple[Card, Card]:
        return self.choose_discard(self.dealt_six(game, seat), dealer=game.dealer == seat)

    @staticmethod
    def dealt_six(game: Any, seat: int) -> tuple[Card, ...]:
        """The six cards ``seat`` was dealt, refused if it has laid away already."""
        six = tuple(game.hand(seat))
        if len(six) != 6:
            raise CribbageError(message("player.discard_needs_six", seat=Seat.of(seat, game.dealer), n=len(six)))
        return six

    def choose_discard(self, six: Sequence[Card], *, dealer: bool) -> tuple[Card, Card]:
        return quick_discard(six, dealer=dealer)

    # --- the play ---
    def play(self, game: Any, seat: int) -> Card | None:
        return self.choose_play(PlayView.from_game(game, seat)).card

    def choose_play(self, view: PlayView) -> PlayChoice:
        return choose_play(view, self.level, rng=self.rng)

    def hint(self, game: Any, seat: int) -> PlayChoice:
        """The card this player would play for ``seat``, with its reason (for hints)."""
        return self.choose_play(PlayView.from_game(game, seat))

    # --- the show (muggins mode) ---
    def count(self, game: Any, seat: int) -> int:
        hand, crib = _counted(game, seat)
        return self.count_hand(hand, game.starter, crib=crib)

    def count_hand(self, hand: Sequence[Card], starter: Card, *, crib: bool) -> int:
        return hand_total(hand, starter, crib=crib)


class BeginnerPlayer(_ComputerPlayer):
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


class StandardPlayer(_ComputerPlayer):
    """Discards for the best hand on average (ignoring the crib); pegs greedily, then safely."""

    level = "standard"

    def choose_discard(self, six: Sequence[Card], *, dealer: bool) -> tuple[Card, Card]:
        return quick_discard(six, dealer=dealer, crib_weight=0.0)


class ExpertPlayer(_ComputerPlayer):
    """Discards for the best net of hand and crib; pegs by look-ahead over the unseen cards."""

    level = "expert"


class Adviser(_ComputerPlayer):
    """The course's advice as a player: the moves the hints name, with their reasons.

    ``level="expert"`` (the default) advises what the expert computer does: the keep
    :func:`~cribbage.discard.advise_discard` ranks best with the ``"expert"`` crib model (near the
    end, the keep the expert chooses for the score, see :mod:`cribbage.strategy`) and the expert's
    card. So the game table's hint and the computer across the table never disagree.
    ``level="classic"`` advises as the expert did before (the uniform crib, today's pegging): the
    guided hands were written for that line."""

    level = "expert"

    def __init__(self, *, name: str | None = None, level: str = "expert") -> None:
        if level not in ("expert", "classic"):
            raise CribbageError(message("level.unknown", value=repr(level)[:40], levels="expert, classic"))
        super().__init__(seed=0, name=name or "adviser")
        self.level = level

    def discard(self, game: Any, seat: int) -> tuple[Card, Card]:
        best = self.keep(game, seat).discard
        return best[0], best[1]

    def keep(self, game: Any, seat: int) -> KeepOption:
        """The best keep for ``seat``'s six cards, with its reason (the discard hint)."""
        six, dealer = self.dealt_six(game, seat), game.dealer == seat
        if self.level == "classic":
            return advise_discard(six, dealer=dealer).best
        advice = advise_discard(six, dealer=dealer, crib_model="expert")
        away = set(StrongExpertPlayer().discard(game, seat))
        return next(o for o in advice if set(o.discard) == away)

    def play(self, game: Any, seat: int) -> Card | None:
        return self.hint(game, seat).card

    def hint(self, game: Any, seat: int) -> PlayChoice:
        if self.level == "classic":
            return super().hint(game, seat)
        return StrongExpertPlayer().hint(game, seat)

    def choose_play(self, view: PlayView) -> PlayChoice:
        if self.level == "classic":
            return choose_play(view, "expert")
        return StrongExpertPlayer().choose_play(view)


@lru_cache(maxsize=None)
def _points_held(ranks: tuple[int, ...]) -> int:
    return rank_points(ranks)


_CLASSES = {"beginner": BeginnerPlayer, "standard": StandardPlayer, "expert": ExpertPlayer}


def player(level: str = "expert", *, seed: int | str | None = 0, name: str | None = None) -> Player:
    """A computer player at ``level``: ``"beginner"``, ``"standard"`` or ``"expert"``."""
    try:
        cls = _CLASSES[level]
    except (KeyError, TypeError):
        raise CribbageError(message("level.unknown", value=repr(level)[:40], levels=", ".join(LEVELS))) from None
    return cls(seed=seed, name=name)


def _counted(game: Any, seat: int) -> tuple[tuple[Card, ...], bool]:
    """The hand or crib ``seat`` must count now in the show: the crib once the dealer's hand is done."""
    counting_crib = seat == game.dealer and any(
        e.player == seat and e.kind is ScoreKind.HAND and e.deal == game.deal_number for e in game.events)
    if counting_crib:
        return tuple(game.crib), True
    return tuple(game.kept(seat)), False


def action_for(player: Player, game: Any, seat: int) -> Action:
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
    raise IllegalActionError(message("game.over", result=game.result.message))  # the only phase left: over


def play_game(players: Sequence[Player], *, seed: int | str, **options: Any) -> Game:
    """Play a whole :class:`cribbage.Game` between two computer players (seat 0 is ``players[0]``).

    ``options`` go to ``Game`` (``target``, ``muggins``, ...). Returns the finished game. In muggins
    mode a player claims every count the opponent left short.
    """
    from .driver import Driver  # the driver moves players: it imports this module

    game = Game(seed, **options)
    Driver(game, {0: players[0], 1: players[1]}).advance()
    return game


# The expert level is the strong expert of cribbage.strategy (built on ExpertPlayer above); today's
# expert stays as "classic", to measure against.
from .strategy import ClassicExpertPlayer, StrongExpertPlayer  # noqa: E402
_CLASSES.update(expert=StrongExpertPlayer, classic=ClassicExpertPlayer)
