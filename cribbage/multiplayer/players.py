"""Computer players for a game at the table, each seeing the game only through its seat's
:class:`~cribbage.multiplayer.view.SeatView`.

============  ===================================================  ==========================================
level         lay away                                             play
============  ===================================================  ==========================================
random        any card(s), at random (seeded)                      any card that fits, at random (seeded)
standard      the best hand on average over the unseen starters    the most points now, else a safe card
============  ===================================================  ==========================================

The standard level is the two-player standard level's rules of thumb at a table of any size: its keep
ignores the crib, and its safe card leaves no 5 or 21 to the player on its left (an opponent in three-
and four-handed play alike) and leads low.
"""

from __future__ import annotations

import random
from itertools import combinations
from typing import Protocol, runtime_checkable

from cribbage.lang.messages import message
from cribbage.multiplayer.view import SeatView
from cribbage.rules.cards import FULL_DECK, Card
from cribbage.rules.errors import CribbageError, shown
from cribbage.rules.play_scoring import MAX_COUNT, score_play
from cribbage.rules.show_scoring import hand_total

__all__ = ["TABLE_LEVELS", "RandomTablePlayer", "StandardTablePlayer", "TablePlayer", "table_player"]


@runtime_checkable
class TablePlayer(Protocol):
    """A player at the table: what it lays away, and what it plays (None: go)."""

    level: str

    def lay_away(self, view: SeatView) -> tuple[Card, ...]: ...

    def play(self, view: SeatView) -> Card | None: ...


def _fitting(view: SeatView) -> list[Card]:
    return [card for card in view.hand if view.count + card.value <= MAX_COUNT]


class RandomTablePlayer:
    """Lays away and plays at random among the legal choices, following its seed."""

    level = "random"

    def __init__(self, seed: int | str = 0) -> None:
        self._rng = random.Random(f"table/random/{seed}")

    def lay_away(self, view: SeatView) -> tuple[Card, ...]:
        return tuple(self._rng.sample(view.hand, view.rules.lay_away))

    def play(self, view: SeatView) -> Card | None:
        fitting = _fitting(view)
        return self._rng.choice(fitting) if fitting else None


class StandardTablePlayer:
    """Keeps the best hand on average over the starters it cannot see; pegs greedily, then safely."""

    level = "standard"

    def __init__(self, seed: int | str = 0) -> None:
        self.seed = seed  # the standard level chooses by rule: the same cards, the same choice

    def lay_away(self, view: SeatView) -> tuple[Card, ...]:
        held = view.hand
        unseen = [card for card in FULL_DECK if card not in held]
        best, best_total = None, -1
        for away in combinations(held, view.rules.lay_away):
            keep = tuple(card for card in held if card not in away)
            total = sum(hand_total(keep, starter) for starter in unseen)
            if total > best_total:  # the first of equals, in the hand's order
                best, best_total = away, total
        assert best is not None
        return best

    def play(self, view: SeatView) -> Card | None:
        fitting = _fitting(view)
        if not fitting:
            return None
        series = view.series

        def key(card: Card) -> tuple[int, float, int]:
            after = view.count + card.value
            safety = 0.0
            if after in (5, 21):
                safety -= 2
            if not series:
                safety += 1 if card.value < 5 else (-2 if card.rank == 5 else 0)
            elif card.rank == 5 and len(view.hand) > 1:
                safety -= 0.5
            return (score_play((*series, card)).total, safety, card.value)

        return max(fitting, key=key)


#: The levels a table game's computer plays at.
TABLE_LEVELS: dict[str, type[RandomTablePlayer] | type[StandardTablePlayer]] = {
    "random": RandomTablePlayer, "standard": StandardTablePlayer}


def table_player(level: str = "standard", *, seed: int | str = 0) -> TablePlayer:
    """A computer player for three or four (or two) at the table, by level: ``"standard"`` or ``"random"``."""
    try:
        cls = TABLE_LEVELS[level]
    except (KeyError, TypeError):
        raise CribbageError(message("multiplayer.bad_level", value=shown(level), levels=", ".join(TABLE_LEVELS))) from None
    return cls(seed)
