"""Every keep of a five-card hand, exactly: what three- and four-handed players choose from.

Each player holds five and lays one away. For each of a hand's five keeps (keep ``k`` lays away the
hand's ``k``-th card in index order): the hand's average over the 47 starters, and the crib's average
for the card laid away over every way the 47 unseen cards complete it (the other crib cards and the
starter, all equally likely: with three players two laid away by the others and one from the deck,
with four the three others' cards; either way three unseen cards and an unseen starter). Fifteens,
pairs and runs depend on ranks alone, so both are summed once for each of the 6,175 multisets of five
ranks; nobs and flushes are added hand by hand from the suits, with numpy.

:func:`five_keeps` works on many hands at once: the statistics lab's table of all 2,598,960
(:mod:`cribbage.stats.keep_five`) and the computer's choice at the table, one hand at a time.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from itertools import combinations_with_replacement
from math import comb

import numpy as np

from cribbage.lang.messages import message
from cribbage.rules import table_words as _words  # noqa: F401  (its refusals reach the catalogue)
from cribbage.rules.cards import FULL_DECK, Card, CardLike, cards
from cribbage.rules.errors import InvalidHandError
from cribbage.rules.ranks import rank_table

__all__ = ["five_keeps", "read_five"]

_UNSEEN = 47                      # the cards a five-card hand leaves
_COMPLETIONS = comb(_UNSEEN, 4)   # the crib's four unseen cards (three and the starter), as a set
_TIE = 1e-9                       # values are exact rationals; two keeps within this are worth the same
_JACK = 10
_POW5 = 13 ** np.arange(4, -1, -1)
_RANKS = np.array([c.rank - 1 for c in FULL_DECK], dtype=np.int64)
_SUITS = np.array([int(c.suit) for c in FULL_DECK], dtype=np.int64)
#: [keep, card]: 1 where keep k (the hand less its card k) holds card i.
_KEEPS_CARD = 1 - np.eye(5, dtype=np.int64)
_KEEP = np.array([[i for i in range(5) if i != k] for k in range(5)], dtype=np.intp)



def read_five(five_cards: str | Iterable[CardLike]) -> tuple[Card, ...]:
    """Five different cards, or the error naming what is wrong (the wrong number, a duplicate)."""
    held = cards(five_cards, distinct=False)
    if len(held) != 5:
        raise InvalidHandError(message("multiplayer.five_cards", n=len(held)))
    cards(held)  # raises on a duplicate, naming it
    return held


@lru_cache(maxsize=1)
def _rank_parts() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Fifteens, pairs and runs for each keep of each multiset of five ranks: the hand's summed over the
    47 starters, the crib's over the C(47, 4) sets of its four unseen cards. Returns (row of each
    five-rank code, hand totals (multisets, 5), crib totals (multisets, 5))."""
    multisets = np.array([m for m in combinations_with_replacement(range(13), 5)
                          if max(m.count(r) for r in set(m)) <= 4], dtype=np.int64)
    avail = 4 - (multisets[:, :, None] == np.arange(13)).sum(axis=1)            # (m, 13) unseen of each rank
    index = np.full(13 ** 5, -1, dtype=np.int32)
    index[multisets @ _POW5] = np.arange(len(multisets))
    flat = rank_table().astype(np.int64)
    rows = flat.reshape(13 ** 4, 13)
    hand = np.empty((len(multisets), 5), dtype=np.int64)
    for k, keep in enumerate(_KEEP):
        code = multisets[:, keep] @ _POW5[1:]
        hand[:, k] = (rows[code] * avail).sum(axis=1)
    # The crib's four unseen cards as rank multisets, and the ways to draw each from what is left.
    quads = np.array(list(combinations_with_replacement(range(13), 4)), dtype=np.int64)  # (1820, 4)
    need = (quads[:, :, None] == np.arange(13)).sum(axis=1)                              # (1820, 13)
    choose = np.array([[comb(a, k) for k in range(5)] for a in range(5)], dtype=np.int64)
    ways = np.ones((len(multisets), len(quads)), dtype=np.int64)
    for r in range(13):
        ways *= choose[avail[:, r][:, None], need[:, r][None, :]]
    # points of the card laid away (rank a) with each set of four: (13, 1820)
    points = flat[np.arange(13)[:, None] * 13 ** 4 + quads @ _POW5[1:]]
    by_rank = ways @ points.T                                                            # (m, 13)
    crib = np.take_along_axis(by_rank, multisets, axis=1)                                # laid away: card k
    return index, hand, crib


def five_keeps(hands: np.ndarray) -> dict[str, np.ndarray]:
    """For five-card hands given as card indices (n, 5): each keep's hand and crib averages (keep k
    lays away the k-th card in index order), the best keep in each role and its value."""
    hands = np.sort(np.asarray(hands, dtype=np.intp), axis=1)
    n = len(hands)
    at = np.arange(n)
    ranks, suits = _RANKS[hands], _SUITS[hands]
    unseen_suit = 13 - (suits[:, :, None] == np.arange(4)).sum(axis=1)              # (n, 4)
    index, hand_totals, crib_totals = _rank_parts()
    rows = index[ranks @ _POW5]
    hand = hand_totals[rows].astype(np.float64)
    # nobs: a kept jack and a starter of its suit
    nobs_by_card = np.where(ranks == _JACK, unseen_suit[at[:, None], suits], 0)     # (n, 5)
    hand += nobs_by_card @ _KEEPS_CARD.T
    # a flush: four kept of one suit, 4 on every starter and 1 more on a starter of that suit
    for k, keep in enumerate(_KEEP):
        kept = suits[:, keep]
        flush = (kept == kept[:, :1]).all(axis=1)
        hand[flush, k] += 4 * _UNSEEN + unseen_suit[at[flush], kept[flush, 0]]
    hand /= _UNSEEN
    crib = crib_totals[rows].astype(np.float64)
    # the crib's flush: all four unseen cards of the suit of the card laid away
    left = np.take_along_axis(unseen_suit, suits, axis=1)                           # (n, 5)
    crib += 5 * left * (left - 1) * (left - 2) * (left - 3) // 24
    crib /= _COMPLETIONS
    # nobs for a jack laid away: a starter (any of the 47) of its suit
    crib += nobs_by_card / _UNSEEN
    # nobs for an unseen jack: a starter of its suit but not it, and the jack among the other three
    jacks_unseen = np.ones((n, 4), dtype=bool)
    jack_cards = ranks == _JACK
    jacks_unseen[np.nonzero(jack_cards)[0], suits[jack_cards]] = False
    crib += ((jacks_unseen * (unseen_suit - 1)).sum(axis=1) * 3 / (_UNSEEN * (_UNSEEN - 1)))[:, None]
    ours, theirs = hand + crib, hand - crib
    best_ours, best_theirs = ours.argmax(axis=1), theirs.argmax(axis=1)
    ours_value, theirs_value = ours[at, best_ours], theirs[at, best_theirs]
    # Several keeps can tie (two fives whose suits do not matter), so "the same keep in both roles"
    # asks whether some keep is best in both, not whether the two argmaxes agree.
    both = ((ours >= ours_value[:, None] - _TIE) & (theirs >= theirs_value[:, None] - _TIE)).any(axis=1)
    return {"hand": hand, "crib": crib, "ours": best_ours, "theirs": best_theirs,
            "ours_value": ours_value, "theirs_value": theirs_value, "both": both}
