"""Computer players for a game at the table, each seeing the game only through its seat's
:class:`~cribbage.rules.seat_view.SeatView`.

============  ===================================================  ==========================================
level         lay away                                             play
============  ===================================================  ==========================================
random        any card(s), at random (seeded)                      any card that fits, at random (seeded)
standard      the best hand on average over the unseen starters    the most points now, else a safe card
expert        the best hand plus its side's crib (or minus an      the points now less what the next player
              opponent's), both exact averages                     can peg with the cards unseen (plus, for a
                                                                   partner, what it can peg for the side)
============  ===================================================  ==========================================

The standard level is the two-player standard level's rules of thumb at a table of any size: its keep
ignores the crib, and its safe card leaves no 5 or 21 to the player on its left (an opponent in three-
and four-handed play alike) and leads low.
"""

from __future__ import annotations

import random
from itertools import combinations
from math import comb

import numpy as np

from cribbage.ai.play_choice import standard_safety
from cribbage.ai.table_driver import TablePlayer
from cribbage.lang.messages import message
from cribbage.multiplayer.keep import five_keeps
from cribbage.rules.cards import FULL_DECK, Card
from cribbage.rules.errors import CribbageError, shown
from cribbage.rules.play_scoring import MAX_COUNT, score_play
from cribbage.rules.seat_view import SeatView
from cribbage.rules.show_scoring import hand_total

__all__ = ["TABLE_LEVELS", "ExpertTablePlayer", "RandomTablePlayer", "StandardTablePlayer", "TablePlayer", "table_player"]


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
            safety = standard_safety(card, view.count, leading=not series, holding=len(view.hand))
            return (score_play((*series, card)).total, safety, card.value)

        return max(fitting, key=key)


class ExpertTablePlayer(StandardTablePlayer):
    """Lays away for the best hand and crib together (exact averages: :func:`~cribbage.multiplayer.keep.five_keeps`),
    the crib added when it is its side's and taken away when it is an opponent's; in the play weighs the
    points a card pegs now against the best reply of the next player to play, over the cards it cannot see."""

    level = "expert"

    def lay_away(self, view: SeatView) -> tuple[Card, ...]:
        if view.rules.lay_away != 1:   # two at the table: the standard keep
            return super().lay_away(view)
        held = sorted(view.hand, key=lambda card: card.index)
        found = five_keeps(np.array([[card.index for card in held]]))
        value = found["hand"][0] + (found["crib"][0] if view.crib_is_ours else -found["crib"][0])
        return (held[int(value.argmax())],)

    def play(self, view: SeatView) -> Card | None:
        fitting = _fitting(view)
        if not fitting:
            return None
        series, count = view.series, view.count
        replier = _next_to_play(view)
        seen = {*view.hand, *view.laid_away, *(card for _, card in view.played)}
        if view.starter is not None:
            seen.add(view.starter)
        unseen = [card for card in FULL_DECK if card not in seen]
        partner = replier is not None and view.side_of(replier) == view.my_side
        need = view.target - view.scores[view.my_side]

        def value(card: Card) -> tuple[float, tuple[int, float, int]]:
            now = score_play((*series, card)).total
            if now >= need:
                return (1000.0, self._key(view, card))  # it takes the side home
            after = count + card.value
            reply = 0.0
            if replier is not None and after < MAX_COUNT:
                reply = _best_reply((*series, card), after, unseen, view.cards_held(replier))
            return (now + (reply if partner else -reply), self._key(view, card))

        return max(fitting, key=value)

    def _key(self, view: SeatView, card: Card) -> tuple[int, float, int]:
        """The standard level's order, to choose among cards worth the same."""
        after = view.count + card.value
        safety = -2.0 if after in (5, 21) else 0.0
        if not view.series:
            safety += 1 if card.value < 5 else (-2 if card.rank == 5 else 0)
        return (0, safety, card.value)


def _next_to_play(view: SeatView) -> int | None:
    """The next seat round the table that still holds cards and has not said go."""
    for step in range(1, view.players):
        seat = (view.seat + step) % view.players
        if view.cards_held(seat) and not view.said_go(seat):
            return seat
    return None


def _best_reply(series: tuple[Card, ...], count: int, unseen: list[Card], held: int) -> float:
    """The expected points of the best card a player holding ``held`` of the ``unseen`` cards can play
    next: each rank that fits, the chance the player holds one, best ranks first (taken as independent)."""
    total = len(unseen)
    if held <= 0 or total == 0:
        return 0.0
    by_rank: dict[int, list[Card]] = {}
    for card in unseen:
        if count + card.value <= MAX_COUNT:
            by_rank.setdefault(card.rank, []).append(card)
    none = comb(total, held)
    options = []
    for cards_of_rank in by_rank.values():
        points = score_play((*series, cards_of_rank[0])).total
        if points:
            holds = 1 - comb(total - len(cards_of_rank), held) / none
            options.append((points, holds))
    expected, missing = 0.0, 1.0
    for points, holds in sorted(options, reverse=True):
        expected += points * holds * missing
        missing *= 1 - holds
    return expected


#: The levels a table game's computer plays at.
TABLE_LEVELS: dict[str, type[RandomTablePlayer] | type[StandardTablePlayer]] = {
    "random": RandomTablePlayer, "standard": StandardTablePlayer, "expert": ExpertTablePlayer}


def table_player(level: str = "standard", *, seed: int | str = 0) -> TablePlayer:
    """A computer player for three or four (or two) at the table, by level: ``"expert"``, ``"standard"`` or
    ``"random"``."""
    try:
        cls = TABLE_LEVELS[level]
    except (KeyError, TypeError):
        raise CribbageError(message("multiplayer.bad_level", value=shown(level), levels=", ".join(TABLE_LEVELS))) from None
    return cls(seed)
