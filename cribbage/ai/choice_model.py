"""What a good player plays from each hand, so the expert can read the cards its opponent chose.

A card played says something about the cards not played: a player who leads a 4 from 4 5 10 J would
have led otherwise from 5 5 10 J. The expert reads each card its opponent plays against the
classic look-ahead (:func:`cribbage.ai.keep_pegging.classic_choice`, the first expert's play, on
ranks): every hand the opponent may have held is checked, and a hand from which that look-ahead
would have played another card is marked down to :data:`MISS` of its weight (not to nothing: people
do not all play alike). :func:`marks` gives those weights, one for each of the 1,820 keeps of
:data:`cribbage.ai.hand_model.KEEPS`, and :func:`cribbage.ai.hand_model.expected_hand` applies them.

The cards they know are part of what they chose from: the starter, the cards of the series, their
own hand (not the two they laid away, which the seat cannot see). Checking hundreds of hands at
every card costs too much for the play, so the three most common cards are looked up in tables made
once (:mod:`cribbage.build.choice_tables`, ``python -m cribbage.build choice_tables``, stored in
``data/choice_tables.npz``):

- their **lead** from four cards, for each starter;
- their **answer** to our lead, from four cards, for each starter and lead;
- their **second card** after leading and our answer, from three, for each starter and the two cards.

Other cards (a second card as dealer, a card after a go or a 31, their last two) are not read:
checking those hands as they come gained little for much time (see benchmarks/EXPERT.md).

The same tables give the expert their next card after each of its first two
(:func:`cards_chosen`): its lead, and its answer to their lead, count on it hand by hand.

The one-ply look-ahead of :mod:`cribbage.ai.styles` read keep by keep has tables of the same shape
(``table="one_ply"``: :mod:`cribbage.build.one_ply_tables`, ``data/one_ply_tables.npz``): what each
keep plays when the cards it holds are out of the cards it has not seen, which differs keep to keep.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from itertools import combinations_with_replacement
from pathlib import Path

import numpy as np

from cribbage.ai.hand_model import KEEPS
from cribbage.rules.events import LogEntry, LogKind

__all__ = ["MISS", "ONE_PLY_FILE", "TABLE_FILE", "THREES", "card_chosen", "cards_chosen", "classic_agreement", "keep_row", "marks", "read_points"]

#: How much of its weight a hand keeps when the classic look-ahead would have played another card
#: from it (see the module docstring): not nothing, so opponents who play otherwise are still read
#: (the values measured are in benchmarks/EXPERT.md).
MISS = 0.02
#: Where the tables live (package data).
TABLE_FILE = Path(__file__).resolve().parent / "data" / "choice_tables.npz"
#: Where the one-ply look-ahead's tables, keep by keep, live (package data).
ONE_PLY_FILE = Path(__file__).resolve().parent / "data" / "one_ply_tables.npz"
_FILES = {"lookahead": TABLE_FILE, "one_ply": ONE_PLY_FILE}

#: Every set of three ranks (1..13, sorted): the opponent's hand at their second card.
THREES: tuple[tuple[int, ...], ...] = tuple(combinations_with_replacement(range(1, 14), 3))
_THREE_INDEX = {hand: i for i, hand in enumerate(THREES)}


@lru_cache(maxsize=2)
def _tables(table: str = "lookahead") -> dict[str, np.ndarray]:
    """The lead, answer and second-card tables of ``table`` (``"lookahead"`` or ``"one_ply"``)."""
    with np.load(_FILES[table]) as stored:
        return {name: stored[name] for name in ("lead", "answer", "second")}


@lru_cache(maxsize=14)
def _minus(rank: int) -> np.ndarray:
    """For each keep, the row in :data:`THREES` of the keep less one card of ``rank`` (0 if it holds
    none: those keeps are never asked about)."""
    out = np.zeros(len(KEEPS), dtype=np.int64)
    for i, keep in enumerate(KEEPS):
        if rank in keep:
            rest = list(keep)
            rest.remove(rank)
            out[i] = _THREE_INDEX[tuple(rest)]
    return out


def _column(starter: int, series: tuple[int, ...], ours: int, opened: bool, table: str
            ) -> tuple[np.ndarray, np.ndarray | None] | None:
    """The tables' ranks over the keeps for this card, and for the second card the keeps' places in
    it (:func:`_minus`); ``None`` at a card the tables do not hold. See :func:`cards_chosen`."""
    tables = _tables(table)
    if ours == 4 and not series and not opened:
        return tables["lead"][starter], None
    if ours == 3 and len(series) == 1 and not opened:
        return tables["answer"][starter, series[0]], None
    if ours == 3 and len(series) == 2 and opened:
        return tables["second"][starter, series[0], series[1]], _minus(series[0])
    return None


def cards_chosen(starter: int, series: tuple[int, ...], ours: int, opened: bool,
                 rows: np.ndarray | None = None, table: str = "lookahead") -> np.ndarray | None:
    """The rank the classic look-ahead plays next on ``series`` (0: nothing fits) from each keep of
    :data:`~cribbage.ai.hand_model.KEEPS` the opponent may have kept (or from the keeps ``rows`` only),
    the starter of rank ``starter`` turned and us holding ``ours`` cards, at one of the three cards
    the tables hold: their lead (``series`` empty), their answer to our lead (``series`` our card),
    both with nothing played yet, or their second card after their lead (``opened``) and our answer.
    ``None`` for any other card. A keep that cannot have led the series' first card gets a number
    that means nothing. ``table="one_ply"``: the one-ply look-ahead's card instead, keep by keep."""
    found = _column(starter, series, ours, opened, table)
    if found is None:
        return None
    column, index = found
    if index is not None:
        out: np.ndarray = column[index if rows is None else index[rows]]
        return out
    return column if rows is None else column[rows]


def card_chosen(starter: int, series: tuple[int, ...], ours: int, opened: bool, row: int,
                table: str = "lookahead") -> int | None:
    """:func:`cards_chosen` for the one keep of row ``row``: a plain number, no array (the finished
    deals are read a keep at a time)."""
    found = _column(starter, series, ours, opened, table)
    if found is None:
        return None
    column, index = found
    return int(column[row if index is None else index[row]])


_KEEP_ROW = {keep: i for i, keep in enumerate(KEEPS)}


def keep_row(ranks: Iterable[int]) -> int:
    """The row of :data:`~cribbage.ai.hand_model.KEEPS` that holds these four ranks."""
    return _KEEP_ROW[tuple(sorted(ranks))]


def read_points(entries: Iterable[LogEntry], seat: int
                ) -> tuple[int, list[int], list[tuple[tuple[int, ...], int, int, bool]]] | None:
    """The cards of one finished deal (its public log ``entries``, in order) that the expert reads of
    the opponent of ``seat``: the starter's rank, the four ranks they played, and at each card read
    (their lead, their answer to our lead, their second card after leading) the series it was played
    on, its rank, how many cards we held and whether they had led. ``None`` if the play did not finish."""
    starter = 0
    series: list[int] = []
    theirs: list[int] = []
    ours, we_go = 4, False
    points = []
    for entry in entries:
        kind = entry.kind
        if kind is LogKind.STARTER:
            starter = entry.cards[0].rank
        elif kind is LogKind.RESET:
            series, we_go = [], False
        elif kind is LogKind.GO:
            we_go = we_go or entry.seat == seat
        elif kind is LogKind.PLAY:
            r = entry.cards[0].rank
            if entry.seat == seat:
                ours -= 1
            else:
                opened = len(theirs) == 1 and bool(series) and series[0] == theirs[0]
                if not we_go and ours and (not theirs or opened):
                    points.append((tuple(series), r, ours, opened))
                theirs.append(r)
            series.append(r)
    if len(theirs) != 4 or not starter:
        return None
    return starter, theirs, points


def classic_agreement(entries: Iterable[LogEntry], seat: int) -> tuple[int, int]:
    """How often the opponent of ``seat`` played the classic look-ahead's card, in one finished deal
    (its public log ``entries``, in order): at each card the expert reads (their lead, their answer to
    our lead, their second card after leading), the card the look-ahead plays from the four they turned
    out to hold (every card of a hand is played, so the deal's plays show it) against the card they
    played. Returns (agreed, read); (0, 0) for a deal whose play did not finish."""
    read_out = read_points(entries, seat)
    if read_out is None:
        return 0, 0
    starter, theirs, points = read_out
    row = keep_row(theirs)
    agreed = read = 0
    for played_on, r, held, opened in points:
        choice = card_chosen(starter, played_on, held, opened, row)
        if choice is not None:
            agreed += int(choice == r)
            read += 1
    return agreed, read


# Few calls repeat (none within 1,024 calls in 1,000 self-play games) and each result is an array of
# 1,820 floats (15 kB): a short cache bounds the memory (benchmarks/memory.py).
@lru_cache(maxsize=256)
def marks(starter: int, series: tuple[int, ...], played: int, ours: int, opened: bool,
          miss: float = MISS) -> np.ndarray | None:
    """How much of its weight each keep of :data:`~cribbage.ai.hand_model.KEEPS` keeps, the opponent
    having played ``played`` on ``series`` with us holding ``ours`` cards: 1 where the classic
    look-ahead plays it, ``miss`` where it plays another. ``opened``: they had played the series'
    first card and nothing else; otherwise they had played nothing. ``None`` when this card is not
    read (see the module docstring)."""
    choice = cards_chosen(starter, series, ours, opened)
    if choice is None:
        return None
    out: np.ndarray = np.where(choice == played, 1.0, miss)
    out.flags.writeable = False
    return out
