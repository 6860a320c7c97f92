"""Hands dealt to hold a wanted feature: the cases learners miss, for practice.

:func:`featured_hand` builds four cards and a starter that hold one :data:`FEATURES` (a crib flush,
the crib's four-card-flush trap, a four-card flush in the hand, nobs, his heels, a fifteen of three
or of four cards, a double run). It builds the hand from the feature, then fills the rest from the
deck, so it takes a few draws from the given random generator and never a loop that might run long.
The same generator state gives the same hand. The cards besides the feature are dealt at random, so
a hand may hold more than its feature (a crib flush with nobs too): the feature is what it surely has.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from cribbage.rules.cards import Card, Suit

__all__ = ["FEATURES", "FeaturedHand", "featured_hand"]

#: What a featured hand can hold, by name (the first, the flushes and nobs, are the progress store's kinds).
FEATURES: tuple[str, ...] = ("flush.crib", "crib_flush_trap", "flush.hand", "nobs", "his_heels",
                             "fifteen.3", "fifteen.4", "double_run")

#: One crib in four, as in :func:`widgets.drills.quiz.random_hand`, for the features a hand or a crib can hold.
_CRIB_SHARE = 0.25

_JACK = 11
_RANKS = range(1, 14)


@dataclass(frozen=True)
class FeaturedHand:
    """Four cards, the starter, whether it is a crib, and the feature it was dealt to hold.

    For ``"his_heels"`` the hand is the dealer's (the starter is a jack, which the dealer pegged 2 for
    when it was cut)."""

    hand: tuple[Card, ...]
    starter: Card
    crib: bool
    feature: str


def _value(rank: int) -> int:
    return min(rank, 10)


def _rank_sets(size: int) -> list[tuple[int, ...]]:
    """Every multiset of ``size`` ranks (no rank more than four times) whose values add up to 15."""
    out: list[tuple[int, ...]] = []

    def extend(start: int, chosen: tuple[int, ...]) -> None:
        if len(chosen) == size:
            if sum(map(_value, chosen)) == 15:
                out.append(chosen)
            return
        for rank in range(start, 14):
            if chosen.count(rank) < 4 and sum(map(_value, chosen)) + _value(rank) <= 15:
                extend(rank, (*chosen, rank))

    extend(1, ())
    return out


_FIFTEENS = {3: _rank_sets(3), 4: _rank_sets(4)}


def _card_of_rank(rank: int, used: set[Card], rng: random.Random) -> Card:
    """A card of ``rank`` not yet used, its suit chosen at random (a rank has four suits, a set uses at most four)."""
    card = rng.choice([Card(rank, suit) for suit in Suit if Card(rank, suit) not in used])
    used.add(card)
    return card


def _fill(chosen: list[Card], n: int, rng: random.Random) -> list[Card]:
    """``n`` more cards from the rest of the deck."""
    rest = [Card(rank, suit) for suit in Suit for rank in _RANKS if Card(rank, suit) not in chosen]
    return chosen + rng.sample(rest, n)


def _hand(five: list[Card], rng: random.Random, *, starter: Card | None = None, crib: bool, feature: str) -> FeaturedHand:
    """Five cards as four held and a starter: ``starter`` if given, else one of the five at random
    (a fifteen or a run may use the starter, as it does at the table)."""
    cards = list(five)
    if starter is None:
        rng.shuffle(cards)
        starter = cards.pop()
    else:
        cards.remove(starter)
    return FeaturedHand(tuple(sorted(cards)), starter, crib, feature)


def featured_hand(feature: str, rng: random.Random) -> FeaturedHand:
    """A hand holding ``feature`` (one of :data:`FEATURES`), dealt with ``rng``."""
    if feature not in FEATURES:
        raise ValueError(f"feature must be one of {', '.join(FEATURES)}, not {feature!r}")
    suits = list(Suit)
    if feature in ("flush.crib", "crib_flush_trap", "flush.hand"):
        suit = rng.choice(suits)
        ranks = rng.sample(list(_RANKS), 5)
        held = [Card(rank, suit) for rank in ranks[:4]]
        if feature == "flush.crib":       # the starter of the same suit: five of a suit, a crib's flush
            starter = Card(ranks[4], suit)
        else:                             # the starter of another suit: four in the hand, none in a crib
            starter = Card(ranks[4], rng.choice([s for s in suits if s != suit]))
        return FeaturedHand(tuple(sorted(held)), starter, feature != "flush.hand", feature)
    if feature == "his_heels":
        starter = Card(_JACK, rng.choice(suits))
        return _hand(_fill([starter], 4, rng), rng, starter=starter, crib=False, feature=feature)
    crib = rng.random() < _CRIB_SHARE
    if feature == "nobs":
        suit = rng.choice(suits)
        jack = Card(_JACK, suit)
        starter = Card(rng.choice([r for r in _RANKS if r != _JACK]), suit)
        return _hand(_fill([jack, starter], 3, rng), rng, starter=starter, crib=crib, feature=feature)
    if feature.startswith("fifteen."):
        fifteen = rng.choice(_FIFTEENS[int(feature[-1])])
        used: set[Card] = set()
        chosen = [_card_of_rank(rank, used, rng) for rank in fifteen]
        return _hand(_fill(chosen, 5 - len(chosen), rng), rng, crib=crib, feature=feature)
    # A double run: three ranks in a row, one of them twice.
    low = rng.randint(1, 11)
    ranks = [low, low + 1, low + 2]
    ranks.append(rng.choice(ranks))
    used = set()
    chosen = [_card_of_rank(rank, used, rng) for rank in ranks]
    return _hand(_fill(chosen, 1, rng), rng, crib=crib, feature=feature)
