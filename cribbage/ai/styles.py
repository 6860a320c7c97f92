"""How other players choose their card, so the expert can read an opponent who does not play as it does.

:mod:`cribbage.ai.choice_model` reads the opponent's cards against the classic look-ahead. Other
programs and people peg otherwise; two well-known styles are simple enough to check against every
hand the opponent may hold at once, because each ranks the cards that fit the same way whatever else
is in the hand (a rank preference on the series):

- ``"one_ply"``: the points a card pegs now less the points the other player can expect from their
  best reply, their cards drawn from those not seen (the starter and the cards played are seen);
  ties to the higher card, keeping low cards for the go;
- ``"priority"``: a fixed list: a card that scores, by what it scores first (31, fifteen, a pair, a
  run; then the most points, then the higher card), else the lowest card that leaves neither 5 nor
  21 and is not a 5 led, else the lowest card.

``"lookahead"`` is the classic look-ahead of :mod:`cribbage.ai.choice_model` (its tables). The three
are :data:`STYLES`; :func:`cards_chosen` gives the card each keep of :data:`cribbage.ai.hand_model.KEEPS`
would play in a style at the three cards the expert reads (their lead, their answer to our lead,
their second card after leading).

The unseen cards of ``"one_ply"`` are counted from what both players see (the starter, the series):
the cards in the player's own hand and crib are not taken out, which the expert cannot know. Read
``by_keep``, each keep's own cards are taken out for that keep, as a program playing one-ply leaves
its hand out (the crib's two stay unknowable): its choices then differ keep to keep, so they are
looked up in tables built once (:mod:`cribbage.build.one_ply_tables`, read by
:func:`cribbage.ai.choice_model.cards_chosen`); the reply the expert expects over the opponent's
average hand (:func:`order`) stays a rank order.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

import numpy as np

from cribbage.ai import choice_model
from cribbage.ai.hand_model import KEEPS
from cribbage.ai.play_choice import BINOMIALS, RANK_VALUE, next_points
from cribbage.rules.events import LogEntry
from cribbage.rules.play_scoring import MAX_COUNT

__all__ = ["STYLES", "agreements", "best_reply", "cards_chosen", "choice_from", "marks", "order", "preference"]

#: The styles the expert reads an opponent by, the classic look-ahead first.
STYLES = ("lookahead", "one_ply", "priority")

_KEEPS = np.array(KEEPS, dtype=np.int64)  # (1820, 4) ranks
_LAST = 99  # the place of a rank that does not fit (and of the empty slot 0)


# Sized with expert._solve's cache (see there): bounded so a long self-play run stays under 150 MB.
@lru_cache(maxsize=1 << 13)
def _scoring(series: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """The ranks that score played next on ``series``, as (points, rank), the most points first (then
    the higher rank). Kept by series: every starter and hand size reads the same order."""
    points = next_points(series)
    return tuple(sorted([(points[r], r) for r in range(1, 14) if points[r] > 0], reverse=True))


def best_reply(series: tuple[int, ...], unseen: list[int], k: int) -> float:
    """The points the other player can expect from their best card on ``series``, holding ``k``
    cards of the ``unseen`` ranks (exact hypergeometric odds)."""
    total = sum(unseen)
    if k <= 0 or total <= 0:
        return 0.0
    k = min(k, total)
    ck = BINOMIALS[k]
    norm = ck[total]
    left, expected = total, 0.0
    for p, r in _scoring(series):
        n = unseen[r]
        if n:
            expected += p * (ck[left] - ck[left - n])
            left -= n
    return expected / norm


def _scoring_kind(series: tuple[int, ...], count: int, rank: int, points: int) -> int:
    """The priority list's first kind a card scores (0: 31, 1: fifteen, 2: a pair, 3: a run; 4: none)."""
    after = count + RANK_VALUE[rank]
    if after == MAX_COUNT:
        return 0
    if after == 15:
        return 1
    if series and series[-1] == rank:
        return 2
    return 3 if points > 0 else 4


def _unseen_by(starter: int, series: tuple[int, ...]) -> list[int]:
    """The ranks the player to move has not seen (index 1..13) as ``"one_ply"`` counts them: all but
    the starter and the series (their own hand is not taken out; see the module docstring)."""
    unseen = [0] + [4] * 13
    unseen[starter] -= 1
    for x in series:
        unseen[x] -= 1
    return unseen


def _place_key(style: str, series: tuple[int, ...], now: tuple[int, ...], count: int, unseen: list[int] | None,
               ours: int, r: int) -> tuple[float, ...]:
    """:func:`_key` of a rank ``r`` that fits, from what every rank shares: the points ``now`` of each
    rank on ``series``, its ``count`` and, for ``"one_ply"``, :func:`_unseen_by` (left as it was)."""
    if style == "one_ply":
        assert unseen is not None
        reply = 0.0
        if count + RANK_VALUE[r] != MAX_COUNT:
            unseen[r] -= 1  # the card played is theirs: not among ours
            reply = best_reply((*series, r), unseen, ours)
            unseen[r] += 1
        return (-round(now[r] - reply, 9), -RANK_VALUE[r], -r)
    if style == "priority":
        kind = _scoring_kind(series, count, r, now[r])
        if kind < 4:
            return (0, kind, -now[r], -RANK_VALUE[r], r)
        safe = count + RANK_VALUE[r] not in (5, 21) and (bool(series) or r != 5)
        return (1 if safe else 2, 0, 0, RANK_VALUE[r], r)
    raise ValueError(f"no rank preference for the style {style!r}")


def _count(series: tuple[int, ...]) -> int:
    count = 0
    for x in series:  # a loop: a generator costs more than the sum at these lengths
        count += RANK_VALUE[x]
    return count


@lru_cache(maxsize=1 << 13)
def _key(style: str, starter: int, series: tuple[int, ...], ours: int, r: int) -> tuple[float, ...] | None:
    """Where a card of rank ``r`` stands in ``style``'s order on ``series`` (the least is played first);
    ``None`` if it does not fit. See :func:`preference`."""
    now = next_points(series)
    if now[r] < 0:
        return None
    unseen = _unseen_by(starter, series) if style == "one_ply" else None
    return _place_key(style, series, now, _count(series), unseen, ours, r)


@lru_cache(maxsize=1 << 10)  # read only by _chosen, itself cached: seldom asked twice
def preference(style: str, starter: int, series: tuple[int, ...], ours: int) -> np.ndarray:
    """The place of each rank (index 0..13; 0 and ranks that do not fit: last) in ``style``'s order
    on ``series``, the starter of rank ``starter`` turned and the other player holding ``ours`` cards;
    the lowest place is played."""
    places = [_LAST] * 14
    for i, r in enumerate(order(style, starter, series, ours)):
        places[r] = i
    place = np.array(places, dtype=np.int64)
    place.flags.writeable = False
    return place


def choice_from(style: str, starter: int, series: tuple[int, ...], ours: int, hand: Iterable[int]) -> int:
    """The rank ``style`` plays from ``hand`` (ranks) on ``series`` (0: none fits): one hand, no table."""
    if style == "lookahead":
        raise ValueError("the classic look-ahead's choices are read from its tables")
    best, best_key = 0, None
    for r in set(hand):
        key = _key(style, starter, series, ours, r)
        if key is not None and (best_key is None or key < best_key):
            best, best_key = r, key
    return best


@lru_cache(maxsize=1 << 12)
def order(style: str, starter: int, series: tuple[int, ...], ours: int) -> tuple[int, ...]:
    """The ranks that fit on ``series``, ``style``'s first choice first (:func:`preference`): sorted
    by :func:`_key`, what the ranks share made once (13 cached calls of it cost more)."""
    now = next_points(series)
    count = _count(series)
    unseen = _unseen_by(starter, series) if style == "one_ply" else None
    keys = sorted((_place_key(style, series, now, count, unseen, ours, r), r) for r in range(1, 14) if now[r] >= 0)
    return tuple(r for _, r in keys)


_KEEP_COLUMNS = np.ascontiguousarray(_KEEPS.T)  # (4, 1820): the keeps' first cards, their second, ...


@lru_cache(maxsize=14)
def _without(rank: int) -> np.ndarray:
    """:data:`_KEEP_COLUMNS` with one card of ``rank`` taken out of each keep that holds it (its slot 0)."""
    hands = _KEEPS.copy()
    first = (hands == rank) & (np.cumsum(hands == rank, axis=1) == 1)
    hands[first] = 0
    columns = np.ascontiguousarray(hands.T)
    columns.flags.writeable = False
    return columns


def _read_here(series: tuple[int, ...], ours: int, opened: bool) -> bool:
    """Whether the card is one the expert reads: their lead, their answer to our lead, their second
    card after leading (the cards the classic tables hold)."""
    return ((ours == 4 and not series and not opened) or (ours == 3 and len(series) == 1 and not opened)
            or (ours == 3 and len(series) == 2 and opened))


def _table(style: str, by_keep: bool) -> str | None:
    """The tables of :mod:`cribbage.ai.choice_model` that hold ``style``'s choices (``None``: a rank
    order, worked out here)."""
    if style == "lookahead":
        return "lookahead"
    return "one_ply" if by_keep and style == "one_ply" else None


def cards_chosen(style: str, starter: int, series: tuple[int, ...], ours: int, opened: bool,
                 rows: np.ndarray | None = None, *, by_keep: bool = False) -> np.ndarray | None:
    """As :func:`cribbage.ai.choice_model.cards_chosen` (the rank each keep plays next, at their
    lead, their answer to our lead or their second card after leading; ``None`` at any other card),
    in ``style`` (``by_keep``: ``"one_ply"`` with each keep's own cards out of its unseen cards)."""
    table = _table(style, by_keep)
    if table is not None:
        return choice_model.cards_chosen(starter, series, ours, opened, rows, table)
    if not _read_here(series, ours, opened):
        return None
    best = _chosen(style, starter, series, ours, opened)
    return best if rows is None else best[rows]


# Each result is 1,820 ranks (15 kB): 512 answer 63% of the calls, unbounded 72%, and a miss is a few
# array operations.
@lru_cache(maxsize=512)
def _chosen(style: str, starter: int, series: tuple[int, ...], ours: int, opened: bool) -> np.ndarray:
    """:func:`cards_chosen` for every keep, in a rank-preference style."""
    columns = _without(series[0]) if opened else _KEEP_COLUMNS
    place = preference(style, starter, series, ours)
    # Each keep's least place, a column (one card of each keep) at a time: cheaper than an argmin
    # across the short rows. The ranks that fit have places 0, 1, 2, ..., one rank each, so the
    # least place names the rank; a keep with nothing that fits plays its first card's number
    # (as the first of equal places would be).
    placed = place[columns]
    least = np.minimum(np.minimum(placed[0], placed[1]), np.minimum(placed[2], placed[3]))
    fits = place < _LAST
    rank_at = np.zeros(_LAST + 1, dtype=np.int64)
    rank_at[place[fits]] = np.flatnonzero(fits)
    best: np.ndarray = np.where(least < _LAST, rank_at[least], columns[0])
    best.flags.writeable = False
    return best


# 1,820 floats (15 kB) each: 256 answer 48% of the calls, 2,048 answered 52%.
@lru_cache(maxsize=256)
def marks(style: str, starter: int, series: tuple[int, ...], played: int, ours: int, opened: bool,
          miss: float, by_keep: bool = False) -> np.ndarray | None:
    """As :func:`cribbage.ai.choice_model.marks`, in ``style`` (``by_keep``: see :func:`cards_chosen`):
    1 for each keep that plays ``played`` there, ``miss`` for each that plays another; ``None`` where
    the card is not read."""
    if style == "lookahead":
        return choice_model.marks(starter, series, played, ours, opened, miss)
    choice = cards_chosen(style, starter, series, ours, opened, by_keep=by_keep)
    if choice is None:
        return None
    out: np.ndarray = np.where(choice == played, 1.0, miss)
    out.flags.writeable = False
    return out


def agreements(entries: Iterable[LogEntry], seat: int, *, by_keep: bool = False) -> tuple[tuple[int, int], ...]:
    """As :func:`cribbage.ai.choice_model.classic_agreement` (how often the opponent of ``seat`` played
    the style's card in one finished deal, at the cards the expert reads), for each of :data:`STYLES`
    (``by_keep``: ``"one_ply"`` from the hand they turned out to hold, its cards out of its unseen)."""
    points = choice_model.read_points(entries, seat)
    if points is None:
        return ((0, 0),) * len(STYLES)
    starter, theirs, cards = points
    row = choice_model.keep_row(theirs)
    out = []
    for style in STYLES:
        agreed = read = 0
        table = _table(style, by_keep)
        for played_on, r, held, opened in cards:
            if table is not None:
                choice = choice_model.card_chosen(starter, played_on, held, opened, row, table)
                if choice is None:
                    continue
                chosen = choice
            elif not _read_here(played_on, held, opened):
                continue
            else:
                hand = list(theirs)
                if opened:
                    hand.remove(played_on[0])
                chosen = choice_from(style, starter, played_on, held, hand)
            agreed += int(chosen == r)
            read += 1
        out.append((agreed, read))
    return tuple(out)

