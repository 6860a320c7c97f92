"""Discard advice: which four cards to keep, and what the two laid away give the crib.

:func:`advise_discard` ranks all 15 ways to keep four of six cards by exact expected values:

- the **hand**: its show over the 46 starters you cannot see, each equally likely;
- the **crib** (your own as dealer, the opponent's as pone): over every starter and every pair the
  opponent could lay away from the 45 cards left, each equally likely (46 x C(45,2) = 45,540 cribs
  for each discard). By default the opponent's discard is taken as uniform: a fair, simple model,
  not a model of how people discard. ``crib_model="expert"`` weights their two cards as a strong
  player lays them away (:mod:`cribbage.ai.crib_model`) and shows the uniform figure beside it;
- the **play** (``crib_model="expert"`` only, and only with a ``peg_weight``: the expert leaves it
  out, benchmarks/EXPERT.md): how the keep pegs, own points minus the opponent's on average
  (:mod:`cribbage.ai.keep_pegging`), times the weight;
- the **net**: hand + crib as dealer, hand - crib as pone, plus the play when it is counted.

Exact enumeration, not sampling. It is fast because fifteens, pairs and runs depend on ranks alone:
the 45,540 cribs of a discard fall into 91 x 13 combinations of ranks (the opponent's two, the
starter), each scored once (a row of :func:`_pair_points`, read from
:func:`cribbage.rules.ranks.rank_table`) and weighted by how many unseen cards make it, the starters
summed first (:func:`_crib_means`); the flush and nobs are counted from the suits in closed form.
About 0.06 ms a deal: :func:`best_discard` is the computer's discard, the same ranking as the advice
(:func:`ranked_splits`), without the reasons.

:func:`quick_discard` is the older fast path, kept for the standard player: the same exact hand EV,
and the crib EV read from :func:`crib_table`, made by the same exact enumeration over the 50 cards
other than the two laid away (it ignores which four you keep, a difference of a few hundredths).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations, combinations_with_replacement
from math import comb
from typing import overload

import numpy as np

from cribbage.ai.crib_model import MODELS as CRIB_MODELS
from cribbage.ai.crib_model import weights_for
from cribbage.ai.keep_pegging import peg_table
from cribbage.lang.messages import Message, Rank, get_language, message, render
from cribbage.lang.translations import format_number
from cribbage.rules.cards import FULL_DECK, Card, CardLike, Suit, cards
from cribbage.rules.checks import flag, number, one_of
from cribbage.rules.errors import InvalidHandError
from cribbage.rules.ranks import RANK_BASE, rank_table
from cribbage.rules.ranks import runs as _runs

__all__ = [
    "CRIB_MODELS",
    "LITTLE_FROM",
    "DiscardAdvice",
    "KeepOption",
    "advise_discard",
    "best_discard",
    "crib_evs",
    "crib_flush_and_nobs",
    "crib_table",
    "describe_discard",
    "first_keep",
    "four_card_points",
    "hand_evs",
    "keep_shows",
    "order_keeps",
    "quick_discard",
    "ranked_splits",
    "read_six",
    "reason_for",
    "split_evs",
]

#: The 15 ways to split six cards: (positions kept, positions laid away), in a fixed order.
SPLITS: tuple[tuple[tuple[int, ...], tuple[int, int]], ...] = tuple(
    (tuple(i for i in range(6) if i not in pair), pair) for pair in combinations(range(6), 2))
_KEEP_IDX = np.array([keep for keep, _ in SPLITS], dtype=np.intp)
_BASE3 = np.array(RANK_BASE[2:], dtype=np.int64)
_DISC_PAIRS = [pair for _, pair in SPLITS]
_JACK = 10  # ranks counted from 0 in the tables


@dataclass(frozen=True, slots=True)
class KeepOption:
    """One way to split six cards: the four kept, the two laid away, what they are worth, and why
    (``message``, a :class:`~cribbage.lang.messages.Message`; ``reason`` is its English)."""

    keep: tuple[Card, ...]
    discard: tuple[Card, ...]
    hand_ev: float
    crib_ev: float
    net: float
    message: Message
    #: The crib EV in the uniform model, when ``crib_ev`` comes from another (``None`` otherwise).
    uniform_crib_ev: float | None = None
    #: What the keep is worth in the play (own points minus the opponent's, weighted as the net
    #: counts it), with the ``"expert"`` model; ``None`` when the net leaves the play out.
    peg_ev: float | None = None

    @property
    def reason(self) -> str:
        """Why this keep, in the current language: ``"keeps the run 6-7-8-9 and 15s, and gives your crib
        a pair of 5s"``."""
        return str(self.message)

    def __str__(self) -> str:
        return render("discard.option", keep=self.keep, away=self.discard, net=self.net)


@dataclass(frozen=True)
class DiscardAdvice(Sequence[KeepOption]):
    """All 15 keeps of one deal, best first. Indexing and iterating give :class:`KeepOption` s."""

    cards: tuple[Card, ...]
    dealer: bool
    options: tuple[KeepOption, ...]
    #: How the opponent's crib cards were modelled: one of :data:`CRIB_MODELS`.
    crib_model: str = "uniform"

    @property
    def best(self) -> KeepOption:
        return self.options[0]

    def rank_of(self, keep: Iterable[CardLike]) -> int:
        """Where a keep stands in the ranking, 1 = best."""
        wanted = set(cards(keep))
        for i, option in enumerate(self.options, 1):
            if set(option.keep) == wanted:
                return i
        raise InvalidHandError(message("discard.not_four", cards=tuple(sorted(wanted))))

    @overload
    def __getitem__(self, index: int) -> KeepOption: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[KeepOption]: ...

    def __getitem__(self, index):  # type: ignore[no-untyped-def]
        return self.options[index]

    def __len__(self) -> int:
        return len(self.options)

    def __iter__(self) -> Iterator[KeepOption]:
        return iter(self.options)

    def __str__(self) -> str:
        """The keeps as a table, in the current language (:func:`cribbage.lang.messages.set_language`)."""
        language = get_language()
        uniform = self.crib_model != "uniform"
        play = any(o.peg_ev is not None for o in self.options)

        def word(key: str) -> str:
            return render(f"discard.col.{key}", language)

        def num(value: float, spec: str) -> str:
            return format_number(value, language, spec)

        columns = ["keep", "away", "hand", "your_crib" if self.dealer else "their_crib"]
        columns += (["uniform"] if uniform else []) + (["play"] if play else []) + ["net"]
        rows = []
        for o in self.options:
            row = [" ".join(str(c) for c in o.keep), " ".join(str(c) for c in o.discard),
                   num(o.hand_ev, ".2f"), num(o.crib_ev, ".2f")]
            row += [num(o.uniform_crib_ev, ".2f") if o.uniform_crib_ev is not None else ""] if uniform else []
            row += [num(o.peg_ev, "+.2f") if o.peg_ev is not None else ""] if play else []
            rows.append([*row, num(o.net, "+.2f"), render(o.message, language)])
        headers = [word(key) for key in columns]
        widths = [max(len(headers[i]), *(len(row[i]) for row in rows)) for i in range(len(columns))]

        def line(cells: Sequence[str], why: str) -> str:
            # the cards to the left, the numbers to the right, two spaces between columns
            parts = [cell.ljust(w) if i < 2 else cell.rjust(w) for i, (cell, w) in enumerate(zip(cells, widths))]
            return "  ".join(parts) + "  " + why

        lines = [line(headers, word("why")), *(line(row[:-1], row[-1]) for row in rows)]
        if uniform:
            lines.insert(0, render("discard.model_play" if play else "discard.model", language, model=self.crib_model))
        return "\n".join(lines)


def read_six(six_cards: str | Iterable[CardLike]) -> tuple[Card, ...]:
    """Six different cards, or the error naming what is wrong (the wrong number, a duplicate)."""
    held = cards(six_cards, distinct=False)
    if len(held) != 6:
        raise InvalidHandError(message("discard.six", n=len(held)))
    cards(held)  # raises on a duplicate, naming it
    return held


_DECK_RANKS = np.array([c.rank - 1 for c in FULL_DECK])
_DECK_SUITS = np.array([int(c.suit) for c in FULL_DECK])


def _arrays(six: Sequence[Card]) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Ranks (0..12) and suits of the six cards, then of the 46 unseen cards."""
    index = np.array([c.index for c in six])
    unseen = np.ones(52, dtype=bool)
    unseen[index] = False
    return _DECK_RANKS[index], _DECK_SUITS[index], _DECK_RANKS[unseen], _DECK_SUITS[unseen]


def hand_evs(six: Sequence[Card]) -> np.ndarray:
    """The exact mean show of each of the 15 keeps (in :data:`SPLITS` order) over the 46 starters.

    Fifteens, pairs and runs: each keep's row of :func:`rank_table` (its points with a starter of
    each rank) times how many unseen cards have that rank. Flush and nobs: counted by suit.
    """
    return _hand_evs([c.rank - 1 for c in six], [int(c.suit) for c in six])


def _hand_evs(ranks: list[int], suits: list[int]) -> np.ndarray:
    avail = [4] * 13
    for r in ranks:
        avail[r] -= 1
    total = _rows_by_keep()[np.array(ranks)[_KEEP_IDX] @ _ROW4] @ np.array(avail)
    # Flush and nobs, rare: counted by hand, card by card.
    unseen_of_suit = [13 - suits.count(s) for s in range(4)]
    for i, r in enumerate(ranks):
        if r == _JACK:  # nobs: a starter of the jack's suit
            total[_SPLITS_KEEPING[i]] += unseen_of_suit[suits[i]]
    for suit in range(4):
        if suits.count(suit) >= 4:
            for j, (keep, _) in enumerate(SPLITS):
                if all(suits[i] == suit for i in keep):
                    total[j] += 4 * 46 + unseen_of_suit[suit]
    evs: np.ndarray = total / 46
    return evs


_ROW4 = np.array([13 ** 3, 13 ** 2, 13, 1], dtype=np.int64)
_SPLITS_KEEPING = [np.array([j for j, (keep, _) in enumerate(SPLITS) if i in keep]) for i in range(6)]


@lru_cache(maxsize=1)
def _rows_by_keep() -> np.ndarray:
    """:func:`rank_table` as (four kept ranks, starter rank): one row of 13 per keep."""
    return rank_table().reshape(13 ** 4, 13)


def keep_shows(six: Sequence[Card]) -> np.ndarray:
    """The show of each of the 15 keeps (rows, :data:`SPLITS` order) with each of the 46 unseen
    starters (columns, in deck order), an int64 array: the distribution :func:`hand_evs` averages,
    for a chance of winning that needs more than the mean (:mod:`cribbage.ai.endgame`)."""
    ranks = [c.rank - 1 for c in six]
    suits = [int(c.suit) for c in six]
    unseen = np.ones(52, dtype=bool)
    unseen[[c.index for c in six]] = False
    sr, ss = _DECK_RANKS[unseen], _DECK_SUITS[unseen]
    # Fifteens, pairs and runs from the rank table; then nobs and flushes, which few keeps have,
    # added to their rows only.
    shows: np.ndarray = _rows_by_keep()[np.array(ranks)[_KEEP_IDX] @ _ROW4][:, sr].astype(np.int64)  # (15, 46)
    for i, r in enumerate(ranks):
        if r == _JACK:  # nobs: the keeps holding this jack, with a starter of its suit
            shows[_SPLITS_KEEPING[i]] += ss == suits[i]
    for suit in range(4):
        if suits.count(suit) >= 4:  # a flush: four kept of one suit, five with a starter of it
            for j, (keep, _) in enumerate(SPLITS):
                if all(suits[i] == suit for i in keep):
                    shows[j] += 4 + (ss == suit)
    return shows


def crib_flush_and_nobs(dr: np.ndarray, ds: np.ndarray, ur: np.ndarray, us: np.ndarray) -> np.ndarray:
    """The flushes and nobs of every crib, total, per discard: ``dr``/``ds``, (k, 2), the ranks
    (0..12) and suits of each discard's two cards laid away; ``ur``/``us`` the unseen cards'. A crib
    is the two laid away and three unseen cards, any of the three the starter."""
    n = len(ur)
    per_suit = np.bincount(us, minlength=4)
    # A crib flush needs all five of one suit: both laid away and the three unseen.
    suited = ds[:, 0] == ds[:, 1]
    m = per_suit[ds[:, 0]]
    flush_sum = np.where(suited, 3 * 5 * m * (m - 1) * (m - 2) // 6, 0)
    pairs_after_starter = comb(n - 1, 2)
    # Nobs, a jack laid away: every opponent's pair, with a starter of its suit.
    nobs = pairs_after_starter * ((dr == _JACK) * per_suit[ds]).sum(axis=1)
    # Nobs, a jack the opponent lays away: starter x, the jack of x's suit among the other n-1,
    # paired with any of the n-2 others. A jack starter never gives nobs (it is not in the crib).
    unseen_jacks = [s for r, s in zip(ur, us) if r == _JACK]
    nobs += sum(int(per_suit[s]) - 1 for s in unseen_jacks) * (n - 2)
    sums: np.ndarray = flush_sum + nobs
    return sums


def crib_evs(six: Sequence[Card], pair_weights: np.ndarray | None = None) -> np.ndarray:
    """The exact mean crib of each of the 15 discards (in :data:`SPLITS` order).

    ``pair_weights``, a (13, 13) array by the ranks (0..12) of the two cards the opponent lays away,
    weights each of their possible pairs (see :mod:`cribbage.ai.crib_model`); ``None`` is the uniform
    model, every pair equally likely. The weights move the fifteens, pairs and runs; the flush and
    nobs, worth a few tenths, stay as in the uniform model.
    """
    r6, s6, ur, us = _arrays(six)
    return _crib_evs(r6, s6, ur, us, pair_weights)


@lru_cache(maxsize=1)
def _crib_combos() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Every (opponent's pair of ranks a <= b, starter rank s) as arrays, and their codes in the
    last three places of a :func:`rank_table` code: 91 x 13 rank combinations stand for the
    46 x C(45, 2) cribs of one discard, each weighted by how many cards make it."""
    a, b = np.triu_indices(13)
    a = np.repeat(a, 13)
    b = np.repeat(b, 13)
    s = np.tile(np.arange(13), 91)
    return a, b, s, a * 13 ** 2 + b * 13 + s


_PAIR_ROW = np.zeros((13, 13), dtype=np.intp)
for _i, (_a, _b) in enumerate(zip(*np.triu_indices(13))):
    _PAIR_ROW[_a, _b] = _PAIR_ROW[_b, _a] = _i
_PAIR_ROWS: list[list[int]] = _PAIR_ROW.tolist()  # plain ints: faster to index one at a time


@lru_cache(maxsize=1)
def _pair_points() -> np.ndarray:
    """Fifteens, pairs and runs of every crib, by the two ranks laid away (row: :data:`_PAIR_ROW`)
    and the opponent's two ranks and the starter's (column: :func:`_crib_combos`): (91, 1183) int8,
    so a deal's 15 discards read 15 rows instead of gathering 15 x 1183 entries of the big table."""
    a, b = np.triu_indices(13)
    out: np.ndarray = rank_table()[(a * RANK_BASE[0] + b * RANK_BASE[1])[:, None] + _crib_combos()[3][None, :]]
    out.flags.writeable = False
    return out


def _crib_evs(r6: np.ndarray, s6: np.ndarray, ur: np.ndarray, us: np.ndarray,
              pair_weights: np.ndarray | None) -> np.ndarray:
    unseen_jacks = us[ur == _JACK].tolist()
    return _crib_means(r6.tolist(), s6.tolist(), np.bincount(ur, minlength=13).tolist(),
                       np.bincount(us, minlength=4).tolist(), unseen_jacks,
                       None if pair_weights is None else _factors(pair_weights))


_A91, _B91 = np.triu_indices(13)  # the opponent's 91 pairs of ranks, a <= b: the rows of _pair_points
_SAME91 = _A91 == _B91


@lru_cache(maxsize=1)
def _pair_grid() -> np.ndarray:
    """:func:`_pair_points` by (two ranks laid away, the starter's rank 0..12, the opponent's pair),
    with a 14th starter: minus the points of the cribs whose starter has the rank of the opponent's
    first card, and of their second. A deal's unseen cards by rank, and a 1 for that 14th, times a
    row of it give each pair of the opponent its points over the starters left (see _crib_means).
    Row 91 gives the number of those starters, n - 2 (n unseen cards), to weigh the pairs with.

    float32: the points and those sums are small whole numbers, exact in float32, and a float
    product is the fastest numpy has."""
    grid = _pair_points().reshape(91, 91, 13).astype(np.int64)
    pairs = np.arange(91)
    out = np.empty((92, 14, 91), dtype=np.float32)
    out[:91, :13, :] = grid.transpose(0, 2, 1)
    out[:91, 13, :] = -(grid[:, pairs, _A91] + grid[:, pairs, _B91])
    out[91, :13, :] = 1
    out[91, 13, :] = -2
    out.flags.writeable = False
    return out


def _crib_means(r6: list[int], s6: list[int], avail: list[int], per_suit: list[int], unseen_jacks: list[int],
                factors: tuple[np.ndarray, np.ndarray] | None) -> np.ndarray:
    """:func:`crib_evs` from the six cards' ranks (0..12) and suits, and the unseen cards: how many
    of each rank and of each suit, and the suits of the unseen jacks. ``factors``: a model's pair
    weights as :func:`_factors` gives them, ``None`` for the uniform model."""
    # Fifteens, pairs and runs depend on ranks alone. Each rank combination (the opponent's pair of
    # ranks p = (a, b), the starter's s) is scored once and weighted by the ways the unseen cards
    # make it: ways(p) x (avail[s] - [s == a] - [s == b]), where ways(p) counts the opponent's pairs.
    # Summed over s that is ways(p) x (points by starter @ avail - the points with s = a or s = b),
    # one product with _pair_grid (its 14th starter), whose row 91 gives the weight of all cribs.
    rows = [_PAIR_ROWS[r6[i]][r6[k]] for i, k in _DISC_PAIRS]
    rows.append(91)
    count = np.array([*avail, 1], dtype=np.float32)
    by_pair = count @ _pair_grid()[rows]  # (16, 91), whole numbers
    # ways(p) = avail[a] x avail[b], or C(avail[a], 2) for a pair: avail[a] (avail[b] x h - g) with
    # h = 1, g = 0 for two ranks and h = 1/2, g = 1/2 for a pair (whole numbers, exact in floats);
    # h and g carry the model's weight of each pair.
    h, g = factors or _UNIFORM_FACTORS
    sums = by_pair @ (count[_A91] * (count[_B91] * h - g))
    n = sum(avail)
    norm = n * comb(n - 1, 2)
    suits = _crib_suit_sums(s6, r6, per_suit, unseen_jacks, n)
    if factors is None:
        uniform: np.ndarray = (sums[:15] + suits) / norm  # whole numbers below 2 ** 53: exact
        return uniform
    # The last sum is the weight of every crib: each pair of the opponent with n - 2 starters.
    weighted: np.ndarray = sums[:15] / sums[15] + [x / norm for x in suits]
    return weighted


_HALF = np.where(_SAME91, 0.5, 1.0)
_UNIFORM_FACTORS = (_HALF, np.where(_SAME91, 0.5, 0.0))


def _factors(pair_weights: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """h and g of :func:`_crib_means` for (13, 13) pair weights (see :func:`crib_evs`)."""
    weights = pair_weights[_A91, _B91]
    return _HALF * weights, _UNIFORM_FACTORS[1] * weights


def _crib_suit_sums(s6: list[int], r6: list[int], per_suit: list[int], unseen_jacks: list[int], n: int) -> list[int]:
    """:func:`crib_flush_and_nobs` for the 15 discards of six cards, total over
    every crib of each (``per_suit``: unseen cards of each suit; ``n``: unseen cards)."""
    pairs_after_starter = comb(n - 1, 2)
    # Nobs, a jack laid away: every opponent's pair, with a starter of its suit.
    nobs = [pairs_after_starter * per_suit[s] if r == _JACK else 0 for r, s in zip(r6, s6)]
    # A crib flush needs all five of one suit: both laid away and three of the unseen, one the starter.
    flush = [15 * comb(per_suit[s], 3) for s in s6]
    # Nobs, a jack the opponent lays away: starter x, the jack of x's suit among the other n - 1,
    # paired with any of the n - 2 others. A jack starter never gives nobs (it is not in the crib).
    theirs = sum(per_suit[s] - 1 for s in unseen_jacks) * (n - 2)
    return [nobs[i] + nobs[k] + (flush[i] if s6[i] == s6[k] else 0) + theirs for i, k in _DISC_PAIRS]


@lru_cache(maxsize=1)
def crib_table() -> np.ndarray:
    """Mean crib for two cards laid away, by ``[rank1-1, rank2-1, suited]`` (a (13, 13, 2) array).

    Made at first use (a few milliseconds) by the exact count of :func:`crib_evs`: the two cards laid
    away (clubs, and clubs or diamonds) plus every starter and opponent's pair from the other 50
    cards. A pair cannot be suited; its two entries are equal.
    """
    out = np.zeros((13, 13, 2))
    by_ranks = _crib_rank_sums_of_pairs()
    for a in range(13):
        for b in range(a, 13):
            for suited in (0, 1):
                if a == b and suited:
                    out[a, b, 1] = out[a, b, 0]
                    continue
                two = (Card(a + 1, Suit.CLUBS), Card(b + 1, Suit.CLUBS if suited else Suit.DIAMONDS))
                rest = [c for c in FULL_DECK if c not in two]
                ur, us = np.array([c.rank - 1 for c in rest]), np.array([int(c.suit) for c in rest])
                total = by_ranks[a, b] + crib_flush_and_nobs(
                    np.array([[a, b]]), np.array([[int(two[0].suit), int(two[1].suit)]]), ur, us)[0]
                out[a, b, suited] = out[b, a, suited] = total / (50 * comb(49, 2))
    out.flags.writeable = False
    return out


def _crib_rank_sums_of_pairs() -> np.ndarray:
    """The fifteens, pairs and runs of every crib, total, for two cards of ranks a and b (0..12)
    laid away and the other 50 cards unseen, for every a <= b: each multiset of three ranks (the
    starter and the opponent's pair) scored once and counted as often as the 50 cards make it, rather
    than each of the 19,600 sets of three cards scored in turn. Whole numbers, so the same sums."""
    threes = np.array(list(combinations_with_replacement(range(13), 3)))  # (455, 3)
    held = np.zeros((len(threes), 13), dtype=np.int64)
    for column in threes.T:
        held[np.arange(len(threes)), column] += 1
    choose = np.array([[comb(u, k) for k in range(4)] for u in range(5)], dtype=np.int64)  # C(u, k)
    codes = threes @ _BASE3
    table = rank_table().astype(np.int64)
    out = np.zeros((13, 13), dtype=np.int64)
    for a in range(13):
        for b in range(a, 13):
            avail = np.full(13, 4)
            avail[a] -= 1
            avail[b] -= 1
            ways = choose[avail, held].prod(axis=1)  # how many sets of three of the 50 have these ranks
            # Each set of three is the starter with the opponent's pair in three ways.
            out[a, b] = 3 * int(ways @ table[a * RANK_BASE[0] + b * RANK_BASE[1] + codes])
    return out


@lru_cache(maxsize=1)
def _crib_lists() -> list[list[list[float]]]:
    lists: list[list[list[float]]] = crib_table().tolist()  # plain floats: faster to index one at a time than numpy
    return lists


def quick_discard(six: Sequence[Card], *, dealer: bool, crib_weight: float = 1.0) -> tuple[Card, Card]:
    """The two cards to lay away, fast (self-play): exact hand EV, crib EV from :func:`crib_table`.

    ``crib_weight=0`` discards for the hand alone.
    """
    ranks = [c.rank - 1 for c in six]
    suits = [int(c.suit) for c in six]
    net = _hand_evs(ranks, suits)
    if crib_weight:
        table = _crib_lists()
        crib = [table[ranks[i]][ranks[j]][suits[i] == suits[j]] for i, j in _DISC_PAIRS]
        net = net + (crib_weight if dealer else -crib_weight) * np.array(crib)
    i, j = SPLITS[int(np.argmax(net))][1]
    return six[i], six[j]


def peg_evs(six: Sequence[Card], *, dealer: bool, weight: float = 1.0) -> np.ndarray:
    """Each of the 15 keeps' expected play points, own minus the opponent's (:mod:`cribbage.ai.keep_pegging`),
    times ``weight``, in :data:`SPLITS` order."""
    codes = np.array([c.rank - 1 for c in six])[_KEEP_IDX] @ _ROW4
    out: np.ndarray = peg_table(dealer=dealer)[codes] * weight
    return out


def ranked_splits(six: Sequence[Card], *, dealer: bool, crib_model: str = "uniform",
                  peg_weight: float | None = None) -> tuple[list[int], np.ndarray, np.ndarray]:
    """The 15 splits of :data:`SPLITS`, best net first, with each split's hand and crib EVs.

    The one ranking behind both :func:`advise_discard` and the expert's discard, so the course's
    advisor and its computer never disagree. Ties: the better hand first (points in hand are surer
    than points in a crib), then the order of :data:`SPLITS`. With the ``"expert"`` model and a
    ``peg_weight`` (``None`` or 0: left out) the net also counts that much of the keep's play (:func:`peg_evs`).
    """
    hand, crib, peg = split_evs(six, dealer=dealer, crib_model=crib_model, peg_weight=peg_weight)
    return order_keeps(hand, crib, dealer, peg), hand, crib


def split_evs(six: Sequence[Card], *, dealer: bool, crib_model: str = "uniform",
              peg_weight: float | None = None) -> tuple[np.ndarray, np.ndarray, np.ndarray | None]:
    """Each of the 15 splits' hand and crib EVs, and its play (``None`` when not counted), as
    :func:`ranked_splits` ranks them (:func:`order_keeps`, or :func:`first_keep` for the best alone)."""
    ranks = [c.rank - 1 for c in six]
    suits = [int(c.suit) for c in six]
    hand = _hand_evs(ranks, suits)
    # The unseen cards are the other 46, counted by rank and by suit, with the suits of their jacks.
    avail = [4] * 13
    for r in ranks:
        avail[r] -= 1
    per_suit = [13] * 4
    for s in suits:
        per_suit[s] -= 1
    jacks = [s for r, s in zip(ranks, suits) if r == _JACK]
    crib = _crib_means(ranks, suits, avail, per_suit, [s for s in range(4) if s not in jacks],
                       _model_factors(crib_model, opponent_deals=not dealer))
    peg = peg_evs(six, dealer=dealer, weight=peg_weight) if crib_model == "expert" and peg_weight else None
    return hand, crib, peg


@lru_cache(maxsize=8)
def _model_factors(crib_model: str, *, opponent_deals: bool) -> tuple[np.ndarray, np.ndarray] | None:
    """:func:`_factors` of a crib model's weights (:func:`cribbage.ai.crib_model.weights_for`), once."""
    weights = weights_for(crib_model, opponent_deals=opponent_deals)
    return None if weights is None else _factors(weights)


def order_keeps(hand: np.ndarray, crib: np.ndarray, dealer: bool, peg: np.ndarray | None = None) -> list[int]:
    """The 15 splits of :data:`SPLITS` (their numbers), best net first, from each one's hand and crib
    EVs (and play, ``peg``): the ranking of :func:`ranked_splits`, ties as it says."""
    net = _nets(hand, crib, dealer, peg)
    # The order of (-round(net, 9), -round(hand, 9), j). Nets more than 2e-9 apart round apart, in
    # the same order: round only within runs of nets closer than that (ties, mostly exact: the same
    # ranks laid away in other suits).
    by_net = sorted(range(15), key=net.__getitem__, reverse=True)
    hand_list: list[float] = []
    out: list[int] = []
    start = 0
    for end in range(1, 16):
        if end == 15 or net[by_net[end - 1]] - net[by_net[end]] > 2e-9:
            run = by_net[start:end]
            if len(run) > 1:
                hand_list = hand_list or hand.tolist()
                if len({net[j] for j in run}) == 1 and len({hand_list[j] for j in run}) == 1:
                    run.sort()  # equal in all but j
                else:
                    run.sort(key=lambda j: (-round(net[j], 9), -round(hand_list[j], 9), j))
            out += run
            start = end
    return out


def _nets(hand: np.ndarray, crib: np.ndarray, dealer: bool, peg: np.ndarray | None) -> list[float]:
    """Each split's net, as plain floats: its hand, plus its crib (dealer) or less it (pone), plus its play."""
    net = hand + crib if dealer else hand - crib
    nets: list[float] = (net if peg is None else net + peg).tolist()
    return nets


def first_keep(hand: np.ndarray, crib: np.ndarray, dealer: bool, peg: np.ndarray | None = None) -> int:
    """``order_keeps(hand, crib, dealer, peg)[0]`` without ordering the other 14 (a computer's discard
    asks for the best alone, twice a deal)."""
    net = _nets(hand, crib, dealer, peg)
    # The first of order_keeps' first run has the most net rounded to 9 places, so it is among the
    # nets within 2e-9 of the best: the rest of the run (a chain of near ties) never comes first.
    best = max(net)
    run = [j for j in range(15) if not best - net[j] > 2e-9]
    if len(run) == 1:
        return run[0]
    hand_list = hand.tolist()
    return min(run, key=lambda j: (-round(net[j], 9), -round(hand_list[j], 9), j))


def best_discard(six: Sequence[Card], *, dealer: bool, crib_model: str = "expert",
                 peg_weight: float | None = None) -> tuple[Card, Card]:
    """The two cards :func:`advise_discard` ranks best, without writing the reasons (self-play)."""
    hand, crib, peg = split_evs(six, dealer=dealer, crib_model=crib_model, peg_weight=peg_weight)
    i, j = SPLITS[first_keep(hand, crib, dealer, peg)][1]
    return six[i], six[j]


def advise_discard(six_cards: str | Iterable[CardLike], *, dealer: bool,
                   crib_model: str = "uniform", peg_weight: float | None = None) -> DiscardAdvice:
    """All 15 keeps of six cards, best net first, with exact hand, crib and net expected values.

    ``crib_model`` (see :data:`CRIB_MODELS`) says how the opponent's two crib cards are taken:
    ``"uniform"`` (the default) or ``"expert"``, the cards a strong player lays away; with a model
    other than uniform each option also carries the uniform figure, ``uniform_crib_ev``. With the
    expert model and a ``peg_weight`` other than 0 (``None``: 0) the net also counts that much of the
    keep's play, ``peg_ev`` (a "play" column in the printed table).

    >>> advice = advise_discard("5H 5D 6H 7S 8C 9D", dealer=True)
    >>> best = advice.best
    >>> len(advice), " ".join(c.code for c in best.keep), round(best.hand_ev, 2), round(best.crib_ev, 2)
    (15, '6H 7S 8C 9D', 10.57, 9.28)
    >>> best.reason
    'keeps the run 6-7-8-9 and 15s, and gives your crib a pair of 5s'
    """
    six = read_six(six_cards)
    dealer = flag(dealer, "dealer")
    if not isinstance(crib_model, str):  # a str that is no model is refused by name (crib_model.unknown)
        one_of(crib_model, "crib_model", CRIB_MODELS)
    if peg_weight is not None:
        peg_weight = number(peg_weight, "peg_weight")
    order, hand, crib = ranked_splits(six, dealer=dealer, crib_model=crib_model, peg_weight=peg_weight)
    uniform = None if crib_model == "uniform" else crib_evs(six)
    peg = peg_evs(six, dealer=dealer, weight=peg_weight) if crib_model == "expert" and peg_weight else None
    sign = 1.0 if dealer else -1.0
    keeps = [tuple(sorted(six[i] for i in keep_idx)) for keep_idx, _ in SPLITS]
    # What the starter adds to each keep on average: the hand's EV less what its four cards hold.
    gains = [float(hand[j]) - four_card_points(keeps[j]) for j in range(15)]
    options = []
    for j in order:
        keep = keeps[j]
        away = tuple(sorted(six[i] for i in SPLITS[j][1]))
        h, c = float(hand[j]), float(crib[j])
        p = None if peg is None else float(peg[j])
        place = 1 + sum(1 for other in crib if other > c + 1e-9)
        reason = reason_for(keep, away, dealer=dealer, crib_place=place, starter_best=gains[j] >= max(gains) - 1e-9)
        options.append(KeepOption(keep, away, h, c, h + sign * c + (p or 0.0), reason,
                                  None if uniform is None else float(uniform[j]), p))
    return DiscardAdvice(six, bool(dealer), tuple(options), crib_model)


# --- reasons ---------------------------------------------------------------------------------------

def _label(rank: int) -> str:
    return {1: "A", 11: "J", 12: "Q", 13: "K"}.get(rank, str(rank))


def _fifteens(values: Sequence[int]) -> int:
    return sum(1 for size in range(2, len(values) + 1) for combo in combinations(values, size)
               if sum(combo) == 15)


def _keep_parts(keep: Sequence[Card]) -> list[Message]:
    """What four kept cards already hold, part by part (empty: nothing yet)."""
    ranks = sorted(c.rank for c in keep)
    counts: dict[int, int] = {}
    for r in ranks:
        counts[r] = counts.get(r, 0) + 1
    parts: list[Message] = []
    in_run: set[int] = set()
    for low, length in _runs(counts):
        run = [r for r in ranks if low <= r < low + length]
        in_run.update(run)
        ways = len(run) - length + 1
        parts.append(message("keep.double_run" if ways == 2 else "keep.run",
                             ranks="-".join(_label(r) for r in run)))
    for rank, n in sorted(counts.items()):
        if n >= 2 and rank not in in_run:
            parts.append(message({2: "keep.pair", 3: "keep.three", 4: "keep.four"}[n], rank=Rank(rank)))
    fifteens = _fifteens([c.value for c in keep])
    if fifteens:
        parts.append(message("keep.fifteens" if fifteens > 1 else "keep.fifteen"))
    if len({c.suit for c in keep}) == 1:
        parts.append(message("keep.flush"))
    if not parts:
        if 5 in counts:
            parts.append(message("keep.five"))
        elif max(ranks) - min(ranks) <= 4 and len(counts) == 4:
            parts.append(message("keep.close"))
    return parts


def four_card_points(keep: Sequence[Card]) -> int:
    """What four kept cards score by themselves, before any starter: fifteens, pairs, runs and a
    four-card flush (nobs needs a starter)."""
    counts: dict[int, int] = {}
    for card in keep:
        counts[card.rank] = counts.get(card.rank, 0) + 1
    pairs = sum(n * (n - 1) for n in counts.values())
    runs = 0
    for low, length in _runs(counts):
        ways = 1
        for rank in range(low, low + length):
            ways *= counts[rank]
        runs += length * ways
    flush = 4 if len({card.suit for card in keep}) == 1 else 0
    return 2 * _fifteens([card.value for card in keep]) + pairs + runs + flush


#: A discard's crib among the 15 of a deal: at this place or lower (1 the most valuable), worth no
#: more than the median crib, "little".
LITTLE_FROM = 8


def describe_discard(discard: Sequence[Card], keep: Sequence[Card], *, dealer: bool,
                     crib_place: int | None = None) -> tuple[str, Message]:
    """What the two laid away do for the crib, for you or against you, and how it joins the keep:
    ``"and"`` (it helps you, or costs nothing) or ``"but"`` (it helps the opponent).

    ``crib_place`` is where their crib stands among the deal's 15 (1: the most valuable): the
    opponent's crib is called "little" only from :data:`LITTLE_FROM` down; without it, never."""
    a, b = sorted(discard)
    fives = [c for c in discard if c.rank == 5]
    ranks = f"{_label(a.rank)}-{_label(b.rank)}"
    makes_five = a.value + b.value == 5
    if dealer:
        if len(fives) == 2 or a.rank == b.rank:
            return "and", message("away.your_pair", rank=Rank(a.rank))
        if fives:
            return "and", message("away.your_five")
        if a.value + b.value == 15:
            return "and", message("away.your_fifteen", ranks=ranks)
        if makes_five:
            return "and", message("away.your_makes_five", ranks=ranks)
        if b.rank - a.rank <= 2:
            return "and", message("away.your_run", ranks=ranks)
        return "and", message("away.your_away", ranks=ranks)
    if fives:
        return "but", message("away.their_five")
    if a.rank == b.rank:
        return "but", message("away.their_pair", rank=Rank(a.rank))
    if a.value + b.value == 15:
        return "but", message("away.their_fifteen", ranks=ranks)
    if makes_five:
        return "but", message("away.their_makes_five", ranks=ranks)
    if b.rank - a.rank <= 2:
        return "but", message("away.their_run", ranks=ranks)
    if any(c.rank == 5 for c in keep):
        return "and", message("away.no_salt")
    if crib_place is None:
        return "but", message("away.their_away", ranks=ranks)
    if crib_place >= LITTLE_FROM:
        return "and", message("away.their_little", ranks=ranks)
    return "but", message("away.their_cards", ranks=ranks)


def reason_for(keep: Sequence[Card], discard: Sequence[Card], *, dealer: bool, crib_place: int | None = None,
               starter_best: bool = False) -> Message:
    """One line for a drill: ``"keeps the double run 4-5-5-6 and gives your crib the 5"``.

    ``crib_place`` (see :func:`describe_discard`) and ``starter_best`` (this keep gains the most
    from the starter of the deal's 15) let it say what only the whole deal shows."""
    parts = _keep_parts(keep)
    first = message("keep.list", parts=parts) if parts else message(
        "keep.what_starter" if starter_best else "keep.nothing_yet")
    conn, second = describe_discard(discard, keep, dealer=dealer, crib_place=crib_place)
    # A comma keeps "keeps 15s and a flush, and gives ..." readable.
    return message(f"reason.{conn}_comma" if len(parts) > 1 else f"reason.{conn}", keep=first, away=second)
