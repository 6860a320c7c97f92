"""What each starter does to a kept hand: the show of four cards over the starters still unseen
(:func:`starter_outcomes`, and :func:`starter_frame` as a pandas table)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from cribbage.lang.messages import message
from cribbage.rules.cards import FULL_DECK, Card, CardLike
from cribbage.rules.cards import cards as _read_cards
from cribbage.rules.checks import flag
from cribbage.rules.errors import InvalidHandError
from cribbage.rules.show_scoring import hand_total
from cribbage.stats import words as _words  # noqa: F401  (its refusals reach the catalogue)
from cribbage.stats.dictionary import described

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["starter_frame", "starter_outcomes"]



def starter_outcomes(hand: str | Iterable[CardLike], *, discards: str | Iterable[CardLike] = (),
                     crib: bool = False) -> dict[Card, int]:
    """For a kept hand of four, the score with each starter it could meet, in deck order.

    The starters are the cards the player cannot see: 48, or 46 when the two ``discards`` are given.

    >>> outcomes = starter_outcomes("5H 5D 6H 7S", discards="KC QD")
    >>> len(outcomes), outcomes[Card.parse("5C")]
    (46, 17)
    """
    crib = flag(crib, "crib")
    held = _read_cards(hand)
    if len(held) != 4:
        raise InvalidHandError(message("stats.kept_four", count=len(held)))
    away = _read_cards(discards)
    both = set(held) & set(away)
    if both:
        raise InvalidHandError(message("stats.discard_kept", card=min(both)))
    seen = set(held) | set(away)
    return {card: hand_total(held, card, crib=crib) for card in FULL_DECK if card not in seen}


def starter_frame(hand: str | Iterable[CardLike], *, discards: str | Iterable[CardLike] = (),
                  crib: bool = False) -> pd.DataFrame:
    """:func:`starter_outcomes` as a pandas table, one row a starter in deck order. Columns: ``starter``
    (the card, as ``5H``), ``points`` (the kept hand's score with it). Its ``attrs`` hold the data
    dictionary (``data_dictionary("starters")``).

    >>> frame = starter_frame("5H 5D 6H 7S", discards="KC QD")
    >>> len(frame), int(frame["points"].max())
    (46, 17)
    """
    import pandas as pd
    outcomes = starter_outcomes(hand, discards=discards, crib=crib)
    return described(pd.DataFrame({"starter": [card.code for card in outcomes], "points": list(outcomes.values())}),
                     "starters")
